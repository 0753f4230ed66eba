"""RULES.md 5.1: the Short worked examples S1-S11, each checked with X = White and X = Black.

Every example compares the complete set of resulting positions: the listed plays
read with ``parse_play`` and, separately, moved by hand from the RULES.md text
(tests/rules_notation.py), against ``legal_plays``.
"""

from __future__ import annotations

import pytest
from rules_notation import Example, check_example, parse_diagram

import nardy
from nardy import Player

OPENING = "X{24:2, 13:5, 8:3, 6:5}; O{24:2, 13:5, 8:3, 6:5}"
S2 = "X{20:1, 8:1} Xoff=13; O{21:2, 9:2, 6:11}"
S3 = "X{10:1} Xoff=14; O{24:2, 6:13}"
S4 = "X{13:2, 6:12} Xbar=1; O{13:12, 6:2, 4:1}"
S5 = "X{13:2, 6:11} Xbar=2; O{13:13, 5:2}"
S6 = "X{13:1, 6:14}; O{16:1, 13:14}"
S7 = "X{6:1, 4:1, 1:1} Xoff=12; O{6:13, 5:2}"
S8 = "X{6:2, 4:1} Xoff=12; O{6:13, 5:2}"
S9 = "X{5:1, 2:2} Xoff=12; O{6:13, 5:2}"
S10 = "X{6:1, 1:1} Xoff=13; O{23:2, 6:11, 5:2}"
S11 = "X{7:1, 3:1} Xoff=13; O{24:2, 13:5, 8:3, 6:5}"

EXAMPLES = [
    Example(
        "S1", "short", OPENING, (6, 5),
        ["24/18 18/13", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "13/7 7/2", "8/2 8/3"],
        illegal=["24/18 24/19", "24/18 19/13"],
    ),
    Example("S2", "short", S2, (6, 4), ["20/14 14/10"], illegal=["8/2", "20/16 8/2"]),
    Example("S3", "short", S3, (6, 3), ["10/4"], illegal=["10/7"]),
    Example(
        "S4", "short", S4, (6, 4), ["bar/21* 21/15", "bar/21* 13/7"],
        illegal=["bar/19 19/15*", "13/7 13/9"],
    ),
    Example("S5", "short", S5, (5, 2), ["bar/23"], illegal=["bar/23 23/18", "bar/23 13/8"]),
    Example(
        "S6", "short", S6, (4, 2),
        ["13/11 11/7", "13/9* 9/7", "13/9* 6/4", "13/11 6/2", "6/4 6/2"],
    ),
    Example("S7", "short", S7, (5, 3), ["6/1 4/1", "6/3 4/off"]),
    Example(
        "S7-turn_start", "short", S7, (5, 3), ["6/1 4/1"],
        options={"bearoff_overshoot_check": "turn_start"},
        illegal=["6/3 4/off"],
    ),
    Example("S7-current-explicit", "short", S7, (5, 3), ["6/1 4/1", "6/3 4/off"],
            options={"bearoff_overshoot_check": "current"}),
    Example("S8", "short", S8, (6, 4), ["6/off 6/2", "6/off 4/off"]),
    Example("S9", "short", S9, (4, 4), ["5/1 2/off 2/off 1/off"]),
    Example("S10a", "short", S10, (4, 3), ["6/3 3/off"], illegal=["6/3", "1/off 6/3"]),
    Example("S10b", "short", S10, (4, 4), ["pass"], illegal=["1/off"]),
    Example("S11", "short", S11, (6, 4), ["7/3 3/off"], illegal=["7/3", "3/off"]),
    # turn_start counts every point at or above the die, not only the home points
    Example(
        "S11-turn_start", "short", S11, (6, 4), ["7/3"],
        options={"bearoff_overshoot_check": "turn_start"},
        illegal=["7/3 3/off", "7/off", "3/off"],
    ),
]

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])


@COLOURS
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_short_example(ex: Example, x: Player) -> None:
    check_example(ex, x)


# Resulting positions written out by hand from the RULES.md text (no notation parsing at all).
HAND = [
    # id, start, options, dice, play, position after the play (X still listed as X)
    ("S1-24/13", OPENING, {}, (6, 5), "24/18 18/13", "X{24:1, 13:6, 8:3, 6:5}; O{24:2, 13:5, 8:3, 6:5}"),
    ("S1-13/2", OPENING, {}, (6, 5), "13/7 7/2", "X{24:2, 13:4, 8:3, 6:5, 2:1}; O{24:2, 13:5, 8:3, 6:5}"),
    ("S2", S2, {}, (6, 4), "20/14 14/10", "X{10:1, 8:1} Xoff=13; O{21:2, 9:2, 6:11}"),
    ("S4-hit-run", S4, {}, (6, 4), "bar/21* 21/15", "X{15:1, 13:2, 6:12}; O{13:12, 6:2} Obar=1"),
    ("S4-hit-13/7", S4, {}, (6, 4), "bar/21* 13/7", "X{21:1, 13:1, 7:1, 6:12}; O{13:12, 6:2} Obar=1"),
    ("S5", S5, {}, (5, 2), "bar/23", "X{23:1, 13:2, 6:11} Xbar=1; O{13:13, 5:2}"),
    ("S6-hit", S6, {}, (4, 2), "13/9* 9/7", "X{7:1, 6:14}; O{13:14} Obar=1"),
    ("S6-no-hit", S6, {}, (4, 2), "13/11 11/7", "X{7:1, 6:14}; O{16:1, 13:14}"),
    ("S7", S7, {}, (5, 3), "6/3 4/off", "X{3:1, 1:1} Xoff=13; O{6:13, 5:2}"),
    ("S9", S9, {}, (4, 4), "5/1 2/off 2/off 1/off", "X{} Xoff=15; O{6:13, 5:2}"),
    ("S10a", S10, {}, (4, 3), "6/3 3/off", "X{1:1} Xoff=14; O{23:2, 6:11, 5:2}"),
]


@COLOURS
@pytest.mark.parametrize(
    "start, options, dice, text, after", [h[1:] for h in HAND], ids=[h[0] for h in HAND]
)
def test_short_result_by_hand(
    start: str, options: dict[str, str], dice: tuple[int, int], text: str, after: str, x: Player
) -> None:
    rules = nardy.ruleset("short", **options)
    pos = parse_diagram(start).to_position(rules, x)
    want = parse_diagram(after).to_position(rules, x, turn=x.other)
    results = {rules.apply(pos, p) for p in rules.legal_plays(pos, dice)}
    assert want in results
    assert rules.apply(pos, rules.parse_play(pos, text, dice)) == want


@COLOURS
def test_s1_orders_and_chains_are_one_play(x: Player) -> None:
    """RULES.md 1.5 / S1: 13/8 8/2, 13/7 7/2, 8/2 13/8 (and 13/2) are one play."""
    rules = nardy.ruleset("short")
    pos = parse_diagram(OPENING).to_position(rules, x)
    results = {rules.apply(pos, rules.parse_play(pos, t, (6, 5))) for t in
               ("13/8 8/2", "13/7 7/2", "8/2 13/8", "13/2")}
    assert len(results) == 1
    assert sum(1 for p in rules.legal_plays(pos, (6, 5)) if rules.apply(pos, p) in results) == 1


@COLOURS
def test_s6_hit_on_the_way_is_a_different_play(x: Player) -> None:
    """RULES.md 1.5 / S6: 13/9*/7 and 13/11/7 end on the same point but are two plays."""
    rules = nardy.ruleset("short")
    pos = parse_diagram(S6).to_position(rules, x)
    hit = rules.parse_play(pos, "13/9* 9/7", (4, 2))
    quiet = rules.parse_play(pos, "13/11 11/7", (4, 2))
    assert hit.hits == 1 and quiet.hits == 0
    a, b = rules.apply(pos, hit), rules.apply(pos, quiet)
    assert a != b
    assert a.bar(x.other) == 1 and b.bar(x.other) == 0
