"""RULES.md 5.4: the Gulbar examples G1-G8, played through the Game API.

Each example is run with X = White and X = Black. At every stage the test checks
what the game asks for next (``game.turn``, ``game.dice``,
``game.pending.phase`` and ``game.pending.context.kind``), the set of legal
plays (as resulting positions, plus the count), and, where RULES.md writes a
position out, that the game's position is that position (built independently
from the RULES.md diagram).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from rules_notation import parse_diagram

import nardy
from nardy import Game, PlayContext, Player

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])


def assert_plays(game: Game, texts: Sequence[str]) -> None:
    """The legal plays now are exactly ``texts`` (compared by resulting position)."""
    rules = game.rules
    pos = game.position
    legal = game.legal_plays()
    got = {rules.apply(pos, p): str(p) for p in legal}
    want = {}
    for text in texts:
        after = rules.apply(pos, game.parse_play(text))
        assert after not in want, f"{text!r} and {want[after]!r} are the same play"
        want[after] = text
    assert set(got) == set(want), (
        f"{game.turn} with {game.dice} ({game.pending.context.kind}): expected {list(texts)}, "
        f"library gives {sorted(got.values())}"
    )
    assert len(legal) == len(texts), f"duplicate positions among {sorted(got.values())}"


def assert_next(
    game: Game, player: Player, phase: str, kind: str, dice: tuple[int, ...] | None = None
) -> None:
    p = game.pending
    assert (game.turn, p.phase, p.context.kind) == (player, phase, kind), (
        f"expected {player} to {phase} ({kind}), pending is {p}"
    )
    if phase == "roll":
        assert game.dice is None
    if dice is not None:
        assert game.dice is not None and tuple(game.dice) == dice, f"dice {game.dice}, expected {dice}"


def diagram(rules: nardy.RuleSet, text: str, x: Player, x_moved: bool, o_moved: bool) -> nardy.Position:
    """The RULES.md diagram ``text`` with X played by colour ``x`` and X to act."""
    return parse_diagram(text).to_position(rules, x, turn=x, x_moved=x_moved, o_moved=o_moved)


START = "X{24:15}; O{24:15}"


# --------------------------------------------------------------------------- G1


@COLOURS
def test_g1_reroll_owed_steps_owed_head_limit(x: Player) -> None:
    o = x.other
    rules = nardy.ruleset("gulbar")
    game = Game(rules, first=x)
    assert game.position == diagram(rules, START, x, False, False)
    assert_next(game, x, "roll", "roll")
    game.roll((5, 5))
    assert_next(game, x, "play", "roll", (5, 5))
    assert_plays(game, ["24/19 19/14 14/9 9/4"])
    game.play("24/19 19/14 14/9 9/4")
    # all four played: X rolls again, in the same turn
    assert_next(game, x, "roll", "reroll")
    assert game.position == diagram(rules, "X{24:14, 4:1}; O{24:15}", x, True, False)
    game.roll((6, 6))
    assert_next(game, x, "play", "reroll", (6, 6))
    # not a first roll any more: one head checker; 18/12 closed; 4-point cannot bear off
    assert_plays(game, ["24/18"])
    game.play("24/18")
    # three 6s owed by O, played before O's own roll
    assert_next(game, o, "play", "owed", (6, 6, 6))
    assert game.position == diagram(rules, "X{24:15}; O{24:13, 18:1, 4:1}", o, False, True)
    assert_plays(game, ["24/18"])
    game.play("24/18")
    # two 6s are lost: nothing passes back, no re-roll; O now rolls its own first roll
    assert_next(game, o, "roll", "roll")
    assert game.pending.owed == ()
    assert game.position == diagram(rules, "X{24:14, 18:1}; O{24:13, 18:1, 4:1}", o, False, True)
    game.roll((6, 6))
    # the first-turn exception is still available: 24/18 alone cannot be followed
    # (18/12 is X's head), so two head checkers are allowed
    assert_plays(game, ["24/18 24/18"])
    game.play("24/18 24/18")
    assert_next(game, x, "play", "owed", (6, 6))


@COLOURS
def test_g1_owed_play_directly(x: Player) -> None:
    """The owed play of G1 through RuleSet.legal_plays with PlayContext("owed")."""
    rules = nardy.ruleset("gulbar")
    pos = parse_diagram("X{24:15}; O{24:13, 18:1, 4:1}").to_position(rules, x, x_moved=False)
    plays = rules.legal_plays(pos, (6, 6, 6), PlayContext("owed"))
    assert [str(p) for p in plays] == ["24/18"]
    with pytest.raises(nardy.IllegalPlayError):
        rules.parse_play(pos, "24/18 24/18", (6, 6, 6), PlayContext("owed"))


# --------------------------------------------------------------------------- G2


@COLOURS
@pytest.mark.parametrize("owed_head_limit, owed_play", [(1, "24/18"), (None, "24/18 24/18")])
def test_g2_first_roll_six_six(x: Player, owed_head_limit: int | None, owed_play: str) -> None:
    o = x.other
    rules = nardy.ruleset("gulbar", owed_head_limit=owed_head_limit)
    game = Game(rules, first=x)
    game.roll((6, 6))
    assert_plays(game, ["24/18 24/18"])
    game.play("24/18 24/18")
    assert_next(game, o, "play", "owed", (6, 6))
    assert game.position == diagram(rules, "X{24:15}; O{24:13, 18:2}", o, False, True)
    assert_plays(game, [owed_play])
    game.play(owed_play)
    assert_next(game, o, "roll", "roll")
    assert game.pending.owed == ()


# --------------------------------------------------------------------------- G3


@COLOURS
def test_g3_reroll_after_first_roll_three_three(x: Player) -> None:
    rules = nardy.ruleset("gulbar")
    game = Game(rules, first=x)
    game.roll((3, 3))
    assert_plays(game, ["24/21 24/21 21/18 21/18", "24/21 24/21 21/18 18/15"])
    game.play("24/21 24/21 21/18 21/18")
    assert_next(game, x, "roll", "reroll")
    assert game.position == diagram(rules, "X{24:13, 18:2}; O{24:15}", x, True, False)
    game.roll((6, 5))
    assert_plays(game, ["24/18 18/13", "18/13 13/7"])
    with pytest.raises(nardy.IllegalPlayError):
        game.parse_play("24/19 24/18")
    game.play("18/13 13/7")
    assert_next(game, x.other, "roll", "roll")


# --------------------------------------------------------------------------- G4

G4 = "X{24:10, 20:2, 15:3}; O{24:12, 22:3}"
L6_PLAYS = ["24/19 20/15 20/15 19/14", "24/19 20/15 19/14 14/9", "24/19 19/14 14/9 9/4"]


@COLOURS
@pytest.mark.parametrize("scope, count, with_head", [("roll", 45, 21), ("turn", 24, 0)])
def test_g4_head_allowance_per_roll_or_turn(x: Player, scope: str, count: int, with_head: int) -> None:
    rules = nardy.ruleset("gulbar", head_limit_scope=scope)
    game = Game(rules, first=x, position=diagram(rules, G4, x, True, True))
    game.roll((5, 5))
    assert_plays(game, L6_PLAYS)
    game.play("24/19 19/14 14/9 9/4")
    assert_next(game, x, "roll", "reroll")
    assert game.position == diagram(rules, "X{24:9, 20:2, 15:3, 4:1}; O{24:12, 22:3}", x, True, True)
    game.roll((2, 2))
    plays = game.legal_plays()
    assert len(plays) == count
    assert len({rules.apply(game.position, p) for p in plays}) == count
    assert sum(1 for p in plays if any(s.source == 24 for s in p.steps)) == with_head
    assert all(sum(1 for s in p.steps if s.source == 24) <= 1 for p in plays)


# --------------------------------------------------------------------------- G5


@COLOURS
@pytest.mark.parametrize("transfer", [True, False])
def test_g5_double_that_cannot_be_started(x: Player, transfer: bool) -> None:
    o = x.other
    rules = nardy.ruleset("khachapuri", transfer_if_none_played=transfer)
    game = Game(rules, first=x)
    game.roll((6, 6))
    assert_plays(game, ["pass"])
    game.play("pass")
    if transfer:
        assert_next(game, o, "play", "owed", (6, 6, 6, 6))
        assert_plays(game, ["pass"])  # the mirror image: O cannot play them either
        game.play("pass")
    assert_next(game, o, "roll", "roll")
    assert game.pending.owed == ()


L11 = "X{6:1, 3:2} Xoff=12; O{13:1, 8:14}"


@COLOURS
@pytest.mark.parametrize("transfer", [True, False])
def test_g5_gulbar_unstartable_double(x: Player, transfer: bool) -> None:
    """L11b in Gulbar: 5-5 is a pass; owed whole (True) or lost (False)."""
    o = x.other
    rules = nardy.ruleset("gulbar", transfer_if_none_played=transfer)
    game = Game(rules, first=x, position=diagram(rules, L11, x, True, True))
    game.roll((5, 5))
    assert_plays(game, ["pass"])
    game.play("pass")
    if transfer:
        assert_next(game, o, "play", "owed", (5, 5, 5, 5))
    else:
        assert_next(game, o, "roll", "roll")


# --------------------------------------------------------------------------- G6

L10 = "X{24:3, 18:3, 17:2, 16:2, 15:3, 14:2}; O{24:4, 23:2, 22:2, 21:2, 20:2, 19:3}"
# L5's position after both sides have moved: with one head checker 24/19/16 and
# 24/21/16 are closed, so 5-3 plays only 24/19 (larger die) and the 3 is unplayed.
L5 = "X{24:15}; O{24:14, 4:1}"


@COLOURS
def test_g6_non_double_nothing_owed(x: Player) -> None:
    """G6 with L10's 6-5: the 5 is lost, nothing is owed (transfer_non_doubles=False)."""
    rules = nardy.ruleset("gulbar")
    game = Game(rules, first=x, position=diagram(rules, L10, x, True, True))
    game.roll((6, 5))
    assert_plays(game, ["24/18"])
    game.play("24/18")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
@pytest.mark.parametrize("transfer_non_doubles", [False, True])
def test_g6_transfer_non_doubles(x: Player, transfer_non_doubles: bool) -> None:
    o = x.other
    rules = nardy.ruleset("gulbar", transfer_non_doubles=transfer_non_doubles)
    game = Game(rules, first=x, position=diagram(rules, L5, x, True, True))
    game.roll((5, 3))
    assert_plays(game, ["24/19"])
    game.play("24/19")
    if transfer_non_doubles:
        # the unplayed 3 is owed by O (Uzbek gulbar): from O's side X'{24:14, 4:1},
        # O'{24:14, 19:1}; O's 24/21 and 4/1 are both open
        assert_next(game, o, "play", "owed", (3,))
        assert_plays(game, ["24/21", "4/1"])
        game.play("4/1")
    assert_next(game, o, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
def test_g6_l10_with_transfer_non_doubles(x: Player) -> None:
    """G6's own example (L10's 6-5) with ``transfer_non_doubles=True``: O owes the 5.

    Seen from O, L10 is a position where O already holds six consecutive points
    (O's 24..19 = X's 12..7) with no X checker ahead: RULES.md 4.3 calls such a
    hand-set start invalid and says it MAY be rejected. So the library may either
    reject the set-up (InvalidPositionError, from rules.position or Game) or go on;
    what it may not do is accept the game and then fail inside with a non-nardy
    error when O must play its owed 5 (no one-step play can break O's block, so no
    candidate is admissible by 2.2).
    """
    o = x.other
    rules = nardy.ruleset("gulbar", transfer_non_doubles=True)
    try:
        game = Game(rules, first=x, position=diagram(rules, L10, x, True, True))
    except nardy.InvalidPositionError:
        return  # rejected up front: allowed
    game.roll((6, 5))
    game.play("24/18")
    assert_next(game, o, "play", "owed", (5,))
    plays = game.legal_plays()
    try:
        game.play(plays[0])
    except nardy.NardyError:
        return  # a clean refusal is acceptable too
    assert_next(game, o, "roll", "roll")


@COLOURS
def test_g6_fully_played_non_double_owes_nothing(x: Player) -> None:
    rules = nardy.ruleset("gulbar", transfer_non_doubles=True)
    game = Game(rules, first=x)
    game.roll((6, 5))
    assert_plays(game, ["24/13"])
    game.play("24/13")
    assert_next(game, x.other, "roll", "roll")


# --------------------------------------------------------------------------- G7

G7_OWED = "X{5:1, 3:1} Xoff=13; O{24:10, 13:5}"
# P (the side that plays a partial 5-5) in its own numbering: its 22/17 and 20/15 are
# closed by Q's two checkers (Q's 5 and 3), so only 12/7/2 can be played.
G7_SETUP = "X{22:13, 20:1, 12:1}; O{5:1, 3:1} Ooff=13"


@COLOURS
def test_g7_owed_play_ends_the_game_directly(x: Player) -> None:
    rules = nardy.ruleset("gulbar")
    pos = parse_diagram(G7_OWED).to_position(rules, x)
    plays = rules.legal_plays(pos, (5, 5), PlayContext("owed"))
    assert len(plays) == 1
    after = rules.apply(pos, rules.parse_play(pos, "5/off 3/off", (5, 5), PlayContext("owed")))
    assert after.off(x) == 15
    # apply() uses ROLL_CONTEXT; the owed play compared by its position
    assert rules.legal_plays(pos, (5, 5), PlayContext("owed"))[0] == rules.parse_play(
        pos, "5/off 3/off", (5, 5), PlayContext("owed")
    )


@COLOURS
def test_g7_owed_play_ends_the_game(x: Player) -> None:
    """P plays two steps of 5-5; Q (= X of G7) owes {5, 5}, bears off its last two
    checkers with them and wins before rolling."""
    p, q = x.other, x
    rules = nardy.ruleset("gulbar")
    start = diagram(rules, G7_SETUP, p, True, True)
    game = Game(rules, first=p, position=start)
    game.roll((5, 5))
    assert_plays(game, ["12/7 7/2"])
    game.play("12/7 7/2")
    assert_next(game, q, "play", "owed", (5, 5))
    assert game.position == diagram(
        rules, "X{5:1, 3:1} Xoff=13; O{22:13, 20:1, 2:1}", q, True, True
    )
    assert_plays(game, ["5/off 3/off"])
    game.play("5/off 3/off")
    assert game.is_over()
    assert game.pending.phase == "over"
    assert game.result() == nardy.Result(q, 2, "mars")  # P bore off none
    with pytest.raises(nardy.GameStateError):
        game.roll((1, 2))


# --------------------------------------------------------------------------- G8


@COLOURS
def test_g8_reroll_chain_ending_with_owed_steps(x: Player) -> None:
    o = x.other
    rules = nardy.ruleset("gulbar")
    game = Game(rules, first=x)
    game.roll((2, 2))
    assert_plays(game, ["24/22 22/20 20/18 18/16"])
    game.play("24/22 22/20 20/18 18/16")
    assert_next(game, x, "roll", "reroll")
    assert game.position == diagram(rules, "X{24:14, 16:1}; O{24:15}", x, True, False)
    game.roll((4, 4))
    assert_plays(game, ["24/20 20/16"])
    game.play("24/20 20/16")
    assert_next(game, o, "play", "owed", (4, 4))
    assert game.position == diagram(rules, "X{24:15}; O{24:13, 16:2}", o, False, True)
    assert_plays(game, ["24/20 20/16"])
    game.play("24/20 20/16")
    assert_next(game, o, "roll", "roll")
    # O's first own roll: the first-turn exception is available (compare with the
    # same position after O has moved)
    assert not game.position.has_moved(o)
    game.roll((6, 6))
    heads = {sum(1 for s in p.steps if s.source == 24) for p in game.legal_plays()}
    moved = game.position.replace(white_moved=True, black_moved=True)
    heads_moved = {sum(1 for s in p.steps if s.source == 24) for p in rules.legal_plays(moved, (6, 6))}
    assert heads == {2}
    assert heads_moved == {1}
