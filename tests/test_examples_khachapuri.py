"""RULES.md 5.5: the Khachapuri worked examples K1-K8 (X = White and X = Black).

Start: ``X{24:4, 6:11}``, ``O{24:4, 6:11}``. K1-K5 and K7 are the mover's first
play (no effect in Khachapuri, which has no head rule, but the flags are set as
in a real game). K6 is scoring (``long_scoring="checkers_left"``).
"""

from __future__ import annotations

import pytest
from rules_notation import Example, check_example, parse_diagram

import nardy
from nardy import Game, Player

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])

START = "X{24:4, 6:11}; O{24:4, 6:11}"
K8 = "X{8:1, 6:14}; O{24:4, 6:11}"
FIRST = {"x_moved": False, "o_moved": False}

K3_PLAYS = [
    "24/22 24/22 24/22 24/22", "24/22 24/22 24/22 22/20", "24/22 24/22 24/22 6/4",
    "24/22 24/22 22/20 22/20", "24/22 24/22 22/20 6/4", "24/22 24/22 6/4 6/4",
    "24/22 24/22 6/4 4/2", "24/22 22/20 6/4 6/4", "24/22 22/20 6/4 4/2", "24/22 6/4 6/4 6/4",
    "24/22 6/4 6/4 4/2", "6/4 6/4 6/4 6/4", "6/4 6/4 6/4 4/2", "6/4 6/4 4/2 4/2",
]
K5_PLAYS = [
    "24/20 24/20 24/20 24/20", "24/20 24/20 24/20 20/16", "24/20 24/20 24/20 6/2",
    "24/20 24/20 20/16 20/16", "24/20 24/20 20/16 6/2", "24/20 24/20 6/2 6/2",
    "24/20 20/16 6/2 6/2", "24/20 6/2 6/2 6/2", "6/2 6/2 6/2 6/2",
]

EXAMPLES = [
    Example("K1", "khachapuri", START, (6, 5), ["24/19 19/13"],
            illegal=["24/18", "6/1 6/off", "6/1", "24/19 6/off"], **FIRST),
    Example("K2", "khachapuri", START, (3, 1),
            ["24/21 24/23", "24/21 21/20", "24/21 6/5", "24/23 6/3", "6/3 6/5", "6/3 3/2"], **FIRST),
    Example("K3", "khachapuri", START, (2, 2), K3_PLAYS, **FIRST),
    Example("K4", "khachapuri", START, (6, 6), ["pass"], illegal=["24/18", "6/off"], **FIRST),
    Example("K5", "khachapuri", START, (4, 4), K5_PLAYS, illegal=["24/20 20/16 16/12"], **FIRST),
    Example("K7", "khachapuri", START, (6, 4), ["24/20 20/14"],
            illegal=["24/18", "6/2", "24/20 6/off"], **FIRST),
    Example("K8", "khachapuri", K8, (6, 2), ["8/2 6/4", "8/2 2/off"]),
    # the Tbilisi alias is the same ruleset
    Example("K2-tbilisi", "tbilisi", START, (3, 1),
            ["24/21 24/23", "24/21 21/20", "24/21 6/5", "24/23 6/3", "6/3 6/5", "6/3 3/2"], **FIRST),
    # doubles_rule="normal" does not change the plays of one roll
    Example("K3-normal-doubles", "khachapuri", START, (2, 2), K3_PLAYS,
            options={"doubles_rule": "normal"}, **FIRST),
]


@COLOURS
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_khachapuri_example(ex: Example, x: Player) -> None:
    check_example(ex, x)


@COLOURS
def test_k8_other_order_is_the_same_play(x: Player) -> None:
    """K8: ``8/6 6/off`` is the second play again (same resulting position)."""
    rules = nardy.ruleset("khachapuri")
    pos = parse_diagram(K8).to_position(rules, x)
    a = rules.apply(pos, rules.parse_play(pos, "8/6 6/off", (6, 2)))
    b = rules.apply(pos, rules.parse_play(pos, "8/2 2/off", (6, 2)))
    assert a == b


def test_initial_position_and_defaults() -> None:
    rules = nardy.ruleset("khachapuri")
    want = parse_diagram(START).to_position(rules, Player.WHITE, x_moved=False, o_moved=False)
    assert rules.initial_position() == want
    assert rules.option("head_limit") is None
    assert rules.option("doubles_rule") == "gulbar"
    assert rules.option("long_scoring") == "checkers_left"
    assert rules.option("opening_roll") == "reroll"


# --------------------------------------------------------------------------- K6 scoring


def _finished(rules: nardy.RuleSet, winner: Player, loser_off: int) -> nardy.Position:
    """Winner has borne off all 15; the loser has borne off ``loser_off``,
    the rest on its own 1- and 2-points."""
    left = 15 - loser_off
    loser_pts = [0] * 24
    loser_pts[0] = left // 2
    loser_pts[1] = left - left // 2
    empty = [0] * 24
    if winner == Player.WHITE:
        return rules.position(white=empty, black=loser_pts, turn=Player.BLACK)
    return rules.position(white=loser_pts, black=empty, turn=Player.WHITE)


@pytest.mark.parametrize("winner", [Player.WHITE, Player.BLACK], ids=["white", "black"])
@pytest.mark.parametrize("loser_off, points", [(6, 9), (0, 15), (14, 1)])
def test_k6_checkers_left(winner: Player, loser_off: int, points: int) -> None:
    rules = nardy.ruleset("khachapuri")
    pos = _finished(rules, winner, loser_off)
    assert pos.off(winner) == 15 and pos.off(winner.other) == loser_off
    result = rules.score(pos, winner)
    assert result == nardy.Result(winner, points, "checkers_left")


@pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])
def test_k6_through_the_game(x: Player) -> None:
    """X bears off its 15th checker while O has borne off 6: O pays 9."""
    rules = nardy.ruleset("khachapuri")
    pos = parse_diagram("X{1:1} Xoff=14; O{1:5, 2:4} Ooff=6").to_position(rules, x)
    game = Game(rules, first=x, position=pos)
    game.roll((2, 1))
    game.play("1/off")
    assert game.is_over()
    assert game.result() == nardy.Result(x, 9, "checkers_left")


# --------------------------------------------------------------------------- doubles flow


@COLOURS
def test_k3_full_double_gives_a_reroll(x: Player) -> None:
    """K3: all four steps played -> (Gulbar doubles) X rolls again."""
    game = Game(nardy.ruleset("khachapuri"), first=x)
    game.roll((2, 2))
    assert len(game.legal_plays()) == 14
    game.play("6/4 6/4 6/4 6/4")
    assert game.turn == x
    assert game.pending.phase == "roll"
    assert game.pending.context.kind == "reroll"
    assert game.dice is None


@COLOURS
def test_k3_normal_doubles_pass_the_turn(x: Player) -> None:
    game = Game(nardy.ruleset("khachapuri", doubles_rule="normal"), first=x)
    game.roll((2, 2))
    game.play("6/4 6/4 6/4 6/4")
    assert game.turn == x.other
    assert game.pending.phase == "roll"
    assert game.pending.context.kind == "roll"


@COLOURS
def test_k4_pass_then_owed_sixes_also_pass(x: Player) -> None:
    """K4 + G5: 6-6 from the start is a pass; four 6s owed by O, who cannot play them."""
    game = Game(nardy.ruleset("khachapuri"), first=x)
    game.roll((6, 6))
    (play,) = game.legal_plays()
    assert play.is_pass
    game.play(play)
    assert game.turn == x.other
    assert game.pending.phase == "play"
    assert game.pending.context.kind == "owed"
    assert tuple(game.dice) == (6, 6, 6, 6)
    (owed,) = game.legal_plays()
    assert owed.is_pass
    game.play(owed)
    assert game.turn == x.other
    assert game.pending.phase == "roll"
    assert game.pending.context.kind == "roll"
    assert game.pending.owed == ()
