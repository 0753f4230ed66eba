"""RULES.md 5.3: the Long worked examples L1-L12, each checked with X = White and X = Black.

Defaults of 5.3: ``first_turn_head="formal"``, ``block_rule="ahead"``,
``block_check="end"``. Where RULES.md gives an "unrestricted" list, the same
position is also checked with the rule switched off. L1-L5 are first plays
(``x_moved=False``); in L5 the opponent has already moved.
"""

from __future__ import annotations

import pytest
from rules_notation import Example, check_example, parse_diagram

import nardy
from nardy import Player

START = "X{24:15}; O{24:15}"
L5 = "X{24:15}; O{24:14, 4:1}"
L6 = "X{24:10, 20:2, 15:3}; O{24:12, 22:3}"
L7 = "X{24:9, 19:2, 18:1, 17:1, 16:1, 14:1}; O{24:4, 23:1, 22:1, 21:1, 20:1, 11:2, 10:2, 9:2, 8:1}"
L8 = "X{24:5, 18:3, 17:2, 15:2, 14:2, 13:1}; O{24:1, 23:2, 21:1, 20:5, 19:1, 18:1, 16:2, 13:1, 9:1}"
L9 = "X{24:8, 23:1, 22:1, 6:1, 2:2, 1:2}; O{24:5, 20:5, 17:5}"
L10 = "X{24:3, 18:3, 17:2, 16:2, 15:3, 14:2}; O{24:4, 23:2, 22:2, 21:2, 20:2, 19:3}"
L11 = "X{6:1, 3:2} Xoff=12; O{13:1, 8:14}"
L12 = "X{7:1, 5:1, 1:13}; O{24:15}"
NO_HOME_MOVES = {"home_moves_after_all_home": False}

FIRST = {"x_moved": False, "o_moved": False}
SECOND = {"x_moved": False, "o_moved": True}
NO_BLOCK = {"block_rule": "none"}

L7_64 = ["24/18 18/14", "24/18 17/13", "19/13 18/14", "19/13 17/13", "17/13 13/7"]
L7_64_EXTRA = ["24/18 19/15", "19/13 19/15"]
L7_54 = [
    "24/19 18/14", "24/19 17/13", "19/14 19/15", "19/14 18/14",
    "19/15 18/13", "19/14 17/13", "18/13 17/13",
]
L7_54_EXTRA = ["24/19 19/15"]
L8_STEP = ["24/18 17/15", "24/18 15/13"]
L9_PLAYS = [
    "24/21 23/22", "24/21 22/21", "24/23 22/19", "24/21 21/20", "23/20 22/21", "23/20 20/19",
    "23/22 6/3", "23/20 2/1", "22/19 19/18", "22/21 6/3", "22/19 2/1", "6/3 3/2",
]
L9_EXTRA = ["24/23 6/3", "6/3 2/1", "24/21 2/1"]
# block_check="step": the list without 6/3 3/2, with the 24/21 plays in the orders RULES.md requires
L9_STEP = [
    "23/22 24/21", "22/21 24/21", "24/23 22/19", "24/23 23/20", "23/20 22/21", "23/20 20/19",
    "23/22 6/3", "23/20 2/1", "22/19 19/18", "22/21 6/3", "22/19 2/1",
]

EXAMPLES = [
    Example("L1", "long", START, (6, 6), ["24/18 24/18"], illegal=["24/18 18/12", "24/18"], **FIRST),
    Example("L2", "long", START, (4, 4), ["24/20 24/20 20/16 20/16"],
            illegal=["24/20 24/20 20/16", "24/20 20/16 24/20 24/20"], **FIRST),
    Example("L3", "long", START, (3, 3),
            ["24/21 24/21 21/18 21/18", "24/21 24/21 21/18 18/15"],
            illegal=["24/21 21/18 18/15"], **FIRST),
    Example("L4", "long", START, (5, 5), ["24/19 19/14 14/9 9/4"],
            illegal=["24/19 24/19 19/14 19/14", "24/14 24/14"], **FIRST),
    Example("L5-formal", "long", L5, (6, 2), ["24/18 24/22"], illegal=["24/18"], **SECOND),
    Example("L5-fixed", "long", L5, (6, 2), ["24/18"],
            options={"first_turn_head": "fixed"}, illegal=["24/18 24/22", "24/22"], **SECOND),
    Example("L5-any_double", "long", L5, (6, 2), ["24/18"],
            options={"first_turn_head": "any_double"}, illegal=["24/18 24/22"], **SECOND),
    Example("L6", "long", L6, (5, 5),
            ["24/19 20/15 20/15 19/14", "24/19 20/15 19/14 14/9", "24/19 19/14 14/9 9/4"],
            illegal=["20/15 20/15", "24/19 24/19 20/15 20/15"]),
    Example("L7-6-4", "long", L7, (6, 4), L7_64, illegal=L7_64_EXTRA),
    Example("L7-6-4-unrestricted", "long", L7, (6, 4), L7_64 + L7_64_EXTRA, options=NO_BLOCK),
    Example("L7-6-4-in_home", "long", L7, (6, 4), L7_64, options={"block_rule": "in_home"},
            illegal=L7_64_EXTRA),
    Example("L7-5-4", "long", L7, (5, 4), L7_54, illegal=L7_54_EXTRA),
    Example("L7-5-4-unrestricted", "long", L7, (5, 4), L7_54 + L7_54_EXTRA, options=NO_BLOCK),
    Example("L7-5-4-in_home", "long", L7, (5, 4), L7_54, options={"block_rule": "in_home"},
            illegal=L7_54_EXTRA),
    Example("L8-end", "long", L8, (6, 2), [*L8_STEP, "18/16 16/10"]),
    Example("L8-step", "long", L8, (6, 2), L8_STEP, options={"block_check": "step"},
            illegal=["18/16 16/10", "18/10"]),
    Example("L8-nardgammon", "nardgammon", L8, (6, 2), L8_STEP, illegal=["18/16 16/10"]),
    Example("L9", "long", L9, (3, 1), L9_PLAYS, illegal=L9_EXTRA),
    Example("L9-unrestricted", "long", L9, (3, 1), L9_PLAYS + L9_EXTRA, options=NO_BLOCK),
    Example("L9-step", "long", L9, (3, 1), L9_STEP, options={"block_check": "step"},
            illegal=["6/3 3/2", *L9_EXTRA]),
    Example("L10", "long", L10, (6, 5), ["24/18"], illegal=["24/18 18/13", "18/13", "24/19"]),
    Example("L10-unrestricted", "long", L10, (6, 5), ["24/18 18/13"], options=NO_BLOCK),
    Example("L11a", "long", L11, (5, 3), ["6/3 3/off"], illegal=["3/off"]),
    Example("L11b", "long", L11, (5, 5), ["pass"], illegal=["3/off"]),
    Example("L11c", "long", L11, (6, 2), ["6/4 4/off"], illegal=["6/off 3/1"]),
    Example("L12", "long", L12, (6, 3), ["7/1 5/2", "7/4 5/off"]),
    # once all are home every step must bear off: the home move 5/2 must come first
    Example(
        "L12-no-home-moves", "long", L12, (6, 3), ["5/2 7/1", "7/4 5/off"],
        options=NO_HOME_MOVES, illegal=["7/1 5/2", "5/off 7/4"],
    ),
    Example(
        "L12-no-home-moves-exact", "long", L12, (6, 3), ["5/2 7/1"],
        options={**NO_HOME_MOVES, "bearoff_exact_only": True}, illegal=["7/4 5/off", "7/1 5/2"],
    ),
    # the Crazy family's defaults are those two options
    Example("L12-crazy", "crazy", L12, (6, 3), ["5/2 7/1"], illegal=["7/1 5/2", "7/4 5/off"]),
    Example("L12-crazy-gulbar", "crazy_gulbar", L12, (6, 3), ["5/2 7/1", "7/4 5/off"], illegal=["7/1 5/2"]),
]

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])


@COLOURS
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_long_example(ex: Example, x: Player) -> None:
    check_example(ex, x)


# Resulting positions written out by hand from the RULES.md text (no notation parsing at all).
HAND = [
    # id, start, options, first play?, dice, play, position after the play
    ("L1", START, {}, True, (6, 6), "24/18 24/18", "X{24:13, 18:2}; O{24:15}"),
    ("L3", START, {}, True, (3, 3), "24/21 24/21 21/18 18/15", "X{24:13, 21:1, 15:1}; O{24:15}"),
    ("L4", START, {}, True, (5, 5), "24/19 19/14 14/9 9/4", "X{24:14, 4:1}; O{24:15}"),
    ("L6", L6, {}, False, (5, 5), "24/19 19/14 14/9 9/4", "X{24:9, 20:2, 15:3, 4:1}; O{24:12, 22:3}"),
    ("L8-end", L8, {}, False, (6, 2), "18/16 16/10",
     "X{24:5, 18:2, 17:2, 15:2, 14:2, 13:1, 10:1}; "
     "O{24:1, 23:2, 21:1, 20:5, 19:1, 18:1, 16:2, 13:1, 9:1}"),
    ("L9", L9, {}, False, (3, 1), "6/3 3/2", "X{24:8, 23:1, 22:1, 2:3, 1:2}; O{24:5, 20:5, 17:5}"),
    ("L10", L10, {}, False, (6, 5), "24/18",
     "X{24:2, 18:4, 17:2, 16:2, 15:3, 14:2}; O{24:4, 23:2, 22:2, 21:2, 20:2, 19:3}"),
    ("L11c", L11, {}, False, (6, 2), "6/4 4/off", "X{3:2} Xoff=13; O{13:1, 8:14}"),
    ("L11b-pass", L11, {}, False, (5, 5), "pass", L11),
]


@COLOURS
@pytest.mark.parametrize(
    "start, options, first, dice, text, after", [h[1:] for h in HAND], ids=[h[0] for h in HAND]
)
def test_long_result_by_hand(
    start: str,
    options: dict[str, str],
    first: bool,
    dice: tuple[int, int],
    text: str,
    after: str,
    x: Player,
) -> None:
    rules = nardy.ruleset("long", **options)
    moved = not first
    pos = parse_diagram(start).to_position(rules, x, x_moved=moved, o_moved=moved)
    want = parse_diagram(after).to_position(rules, x, turn=x.other, x_moved=True, o_moved=moved)
    results = {rules.apply(pos, p) for p in rules.legal_plays(pos, dice)}
    assert want in results
    assert rules.apply(pos, rules.parse_play(pos, text, dice)) == want


# L9, block_check="step": "24/21 ... plays then need the order 24/23 23/20, 23/22 24/21, 22/21 24/21".
# parse_play checks a written single-step order where order matters; with block_check="end" any
# order of a legal play is accepted.
L9_ORDERS = [
    # written text, legal with block_check="step", legal with block_check="end"
    ("24/21 23/22", False, True),
    ("23/22 24/21", True, True),
    ("24/21 22/21", False, True),
    ("22/21 24/21", True, True),
    ("24/21 21/20", False, True),
    ("24/23 23/20", True, True),
    ("6/3 3/2", False, True),
    ("3/2 6/3", False, False),
]


@COLOURS
@pytest.mark.parametrize("block_check", ["step", "end"])
@pytest.mark.parametrize("text, step_ok, end_ok", L9_ORDERS, ids=[o[0] for o in L9_ORDERS])
def test_l9_written_order(
    text: str, step_ok: bool, end_ok: bool, block_check: str, x: Player
) -> None:
    rules = nardy.ruleset("long", block_check=block_check)
    pos = parse_diagram(L9).to_position(rules, x)
    ok = step_ok if block_check == "step" else end_ok
    if ok:
        play = rules.parse_play(pos, text, (3, 1))
        assert play in rules.legal_plays(pos, (3, 1))
    else:
        with pytest.raises(nardy.IllegalPlayError):
            rules.parse_play(pos, text, (3, 1))


@COLOURS
def test_l9_step_orders_reach_the_same_positions_as_end(x: Player) -> None:
    """The reordered step-mode plays are the end-mode plays minus 6/3 3/2 (same positions)."""
    end = nardy.ruleset("long")
    step = nardy.ruleset("long", block_check="step")
    pos_end = parse_diagram(L9).to_position(end, x)
    pos_step = parse_diagram(L9).to_position(step, x)
    a = {end.apply(pos_end, p) for p in end.legal_plays(pos_end, (3, 1))}
    b = {step.apply(pos_step, p) for p in step.legal_plays(pos_step, (3, 1))}
    transient = end.apply(pos_end, end.parse_play(pos_end, "6/3 3/2", (3, 1)))
    assert b == a - {transient}
    assert len(a) == 12 and len(b) == 11


@COLOURS
def test_l11c_order_is_forced(x: Player) -> None:
    """L11c: the legal play's stored order is 6/4 4/off, not 6/off first."""
    rules = nardy.ruleset("long")
    pos = parse_diagram(L11).to_position(rules, x)
    (play,) = rules.legal_plays(pos, (6, 2))
    assert [(s.source, s.target, s.die) for s in play.steps] == [(6, 4, 2), (4, 0, 6)]


@pytest.mark.parametrize("block_check", ["end", "step"])
def test_a_block_completed_by_exactly_as_many_steps_as_it_lacks(block_check: str) -> None:
    """RULES.md 4.3, block_rule="ahead": White holds four of the six points 20..15
    (Black's 8..3, all below Black's only checkers, on its head) and 2-1 fills the two
    it lacks, 20/19 20/18: that play is not legal, while the plays that leave a gap are."""
    rules = nardy.ruleset("long", block_check=block_check)
    free = nardy.ruleset("long", block_rule="none", block_check=block_check)
    pos = nardy.Position.from_string("long 20:3,17:4,16:4,15:4 24:15 w 11")
    reached = {rules.apply(pos, play) for play in rules.legal_plays(pos, (2, 1))}
    assert free.apply(pos, free.parse_play(pos, "20/19 20/18", (2, 1))) not in reached
    assert free.apply(pos, free.parse_play(pos, "20/18 17/16", (2, 1))) in reached
    with pytest.raises(nardy.IllegalPlayError, match="six consecutive points"):
        rules.parse_play(pos, "20/19 20/18", (2, 1))
