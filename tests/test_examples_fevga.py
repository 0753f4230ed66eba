"""RULES.md 5.6: the Fevga worked examples F1-F10 (X = White and X = Black).

Defaults: ``fevga_check="step"``, trap forming forbidden, break after max dice.
Where RULES.md gives an "unrestricted" list and an option switches the rule off,
that counterpart is checked too (F8 with ``fevga_trap_forming="allowed"``; F10
under Long). The starting-quarter rule (F7) has no switch: its two extra
"unrestricted" plays are checked to be rejected, and ``fevga_check="end"``
must give the same positions.
"""

from __future__ import annotations

import itertools

import pytest
from rules_notation import Example, check_example, parse_diagram, play_steps

import nardy
from nardy import Player

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])

START = "X{24:15}; O{24:15}"
F5 = "X{24:14, 14:1}; O{24:14, 14:1}"
F6 = "X{24:14, 13:1}; O{24:14, 16:1}"
F7 = "X{24:10, 23:1, 22:1, 21:1, 20:1, 2:1}; O{6:3, 5:3, 4:3, 3:3, 2:3}"
F8 = "X{11:1, 10:1, 9:2, 8:1, 7:1, 1:9}; O{24:15}"
F9 = "X{21:1, 20:2, 19:1, 18:1, 17:2, 16:1, 1:7}; O{10:15}"
F10 = "X{24:2, 18:3, 17:2, 16:2, 15:3, 14:2, 5:1}; O{24:4, 23:2, 22:2, 21:2, 20:2, 19:3}"
FIRST = {"x_moved": False, "o_moved": False}

F7_PLAYS = ["23/22 24/19", "22/21 24/19", "21/20 24/19", "20/19 24/19"]
F7_UNRESTRICTED_EXTRA = ["24/23 24/19", "24/19 2/1"]
F8_PLAYS = [
    "11/9 10/9", "11/9 9/8", "11/10 9/7", "11/9 8/7", "11/10 8/6", "11/9 7/6", "11/10 7/5",
    "10/8 9/8", "10/8 8/7", "10/9 8/6", "10/8 7/6", "10/9 7/5", "9/7 9/8", "9/7 8/7",
    "9/8 7/5", "8/6 7/6", "8/6 6/5", "7/5 5/4",
]
F8_TRAP = "9/7 7/6"
F9_KEEP_TRAP = ["20/14 17/12", "20/14 14/9", "17/11 20/15", "17/11 11/6"]

EXAMPLES = [
    Example("F1", "fevga", START, (6, 6), ["24/18"], illegal=["24/18 24/18", "24/18 18/12"], **FIRST),
    Example("F2", "fevga", START, (4, 4), ["24/20 20/16"], illegal=["24/20 24/20 20/16 20/16"], **FIRST),
    Example("F3", "fevga", START, (3, 3), ["24/21 21/18 18/15"],
            illegal=["24/21 24/21 21/18 21/18", "24/21 24/21 21/18 18/15"], **FIRST),
    Example("F4", "fevga", START, (6, 5), ["24/18 18/13"], illegal=["24/18 24/19", "24/18"], **FIRST),
    Example("F5", "fevga", F5, (5, 3), ["14/9 24/21", "14/11 24/19", "14/9 9/6"],
            illegal=["24/21 14/9", "24/19 14/11", "24/19 24/21"]),
    Example("F6", "fevga", F6, (6, 1), ["13/7 24/23", "13/7 7/6"], illegal=["24/23 13/7", "24/18 13/12"]),
    Example("F7", "fevga", F7, (5, 1), F7_PLAYS,
            illegal=[*F7_UNRESTRICTED_EXTRA, "24/19 23/22"]),
    Example("F7-end", "fevga", F7, (5, 1),
            # with end checks the order no longer matters: 24/19 first is fine
            ["24/19 23/22", "24/19 22/21", "24/19 21/20", "24/19 20/19"],
            options={"fevga_check": "end"}, illegal=F7_UNRESTRICTED_EXTRA),
    Example("F8", "fevga", F8, (2, 1), F8_PLAYS, illegal=[F8_TRAP]),
    Example("F8-trap-allowed", "fevga", F8, (2, 1), [*F8_PLAYS, F8_TRAP],
            options={"fevga_trap_forming": "allowed"}),
    Example("F8-end", "fevga", F8, (2, 1), F8_PLAYS, options={"fevga_check": "end"}, illegal=[F8_TRAP]),
    Example("F10", "fevga", F10, (6, 5), ["24/18 24/19", "24/18 18/13"]),
    Example("F10-long", "long", F10, (6, 5), ["24/18"], illegal=["24/18 24/19", "24/18 18/13"]),
    Example("F10-long-unrestricted", "long", F10, (6, 5), ["24/18 18/13"],
            options={"block_rule": "none"}),
    Example("F1-giul", "giul", START, (6, 6), ["24/18"], **FIRST),
]


@COLOURS
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_fevga_example(ex: Example, x: Player) -> None:
    check_example(ex, x)


@COLOURS
def test_f4_both_routes_are_one_play(x: Player) -> None:
    rules = nardy.ruleset("fevga")
    pos = parse_diagram(START).to_position(rules, x, x_moved=False, o_moved=False)
    a = rules.apply(pos, rules.parse_play(pos, "24/18 18/13", (6, 5)))
    b = rules.apply(pos, rules.parse_play(pos, "24/19 19/13", (6, 5)))
    assert a == b
    assert len(rules.legal_plays(pos, (6, 5))) == 1


# --------------------------------------------------------------------------- F9, must break


def _two_dice_results(x: Player, dice: tuple[int, int]) -> dict[nardy.Position, str]:
    """Every play of both dice in F9, generated without the library (plain long-family
    steps; X has passed, O's 15 checkers stand on X's 22, X cannot bear off)."""
    d = parse_diagram(F9)
    rules = nardy.ruleset("fevga")
    closed = {22}  # O's 10 in X's numbering
    out: dict[nardy.Position, str] = {}
    for first, second in (dice, dice[::-1]):
        for a in range(1, 25):
            if not d.x[a - 1]:
                continue
            t1 = a - first
            if t1 < 1 or t1 in closed:
                continue
            x1 = list(d.x)
            x1[a - 1] -= 1
            x1[t1 - 1] += 1
            for b in range(1, 25):
                if not x1[b - 1]:
                    continue
                t2 = b - second
                if t2 < 1 or t2 in closed:
                    continue
                x2 = list(x1)
                x2[b - 1] -= 1
                x2[t2 - 1] += 1
                after = parse_diagram(
                    "X{" + ", ".join(f"{i + 1}:{n}" for i, n in enumerate(x2) if n) + "}; O{10:15}"
                ).to_position(rules, x, turn=x.other)
                out.setdefault(after, f"{a}/{t1} {b}/{t2}")
    return out


def _keeps_trap(pos: nardy.Position, x: Player) -> bool:
    pts = pos.points(x)
    return all(pts[p - 1] for p in range(16, 22))


@pytest.mark.parametrize(
    "options",
    [{}, {"fevga_trap_forming": "allowed"}, {"fevga_break_priority": "before_max_dice"},
     {"fevga_check": "end"}],
    ids=["default", "trap-allowed", "before_max_dice", "end"],
)
@COLOURS
def test_f9_must_break(x: Player, options: dict[str, str]) -> None:
    rules = nardy.ruleset("fevga", **options)
    pos = parse_diagram(F9).to_position(rules, x)
    plays = rules.legal_plays(pos, (6, 5))
    got = {rules.apply(pos, p) for p in plays}
    assert len(plays) == 33, f"expected 33 plays, got {len(plays)}: {sorted(map(str, plays))}"
    assert len(got) == 33
    everything = _two_dice_results(x, (6, 5))
    kept = {p for p in everything if _keeps_trap(p, x)}
    assert len(kept) == 4
    assert got == set(everything) - kept
    for text in F9_KEEP_TRAP:
        with pytest.raises(nardy.IllegalPlayError):
            rules.parse_play(pos, text, (6, 5))
    # the four plays RULES.md lists are exactly the ones that keep the trap
    unrestricted = nardy.ruleset("fevga", fevga_trap_forming="allowed")
    listed = set()
    for text in F9_KEEP_TRAP:
        d = play_steps(parse_diagram(F9), text, "long")
        listed.add(d.to_position(unrestricted, x, turn=x.other))
    assert listed == kept


@COLOURS
def test_f9_trap_holds_at_start(x: Player) -> None:
    """Sanity for F9's setting: X occupies X's 21..16 (= O's 9..4) in front of O's 15."""
    rules = nardy.ruleset("fevga")
    pos = parse_diagram(F9).to_position(rules, x)
    assert _keeps_trap(pos, x)
    assert pos.points(x.other)[9] == 15


# --------------------------------------------------------------------------- first plays, every roll


@COLOURS
def test_first_play_second_checker_only_after_passing(x: Player) -> None:
    """No first-turn doubles exception in Fevga (RULES.md 4.6): for every roll from the
    start, a second checker leaves the head only after the runner has passed (reached a
    point <= 11), e.g. 5-5 ``24/9 24/19``; before that only the runner moves."""
    rules = nardy.ruleset("fevga")
    pos = parse_diagram(START).to_position(rules, x, x_moved=False, o_moved=False)
    for a, b in itertools.combinations_with_replacement(range(1, 7), 2):
        for play in rules.legal_plays(pos, (a, b)):
            runner = None
            for s in play.steps:
                if runner is None:
                    assert s.source == 24, f"{a}-{b}: {play}"
                    runner = s.target
                elif runner > 11:
                    assert s.source == runner, f"{a}-{b}: {play}: only the runner may move"
                    runner = s.target
                # once passed, anything may move
    # 5-5: the runner passes on its third step, then the fourth 5 is free
    plays = rules.legal_plays(pos, (5, 5))
    got = {rules.apply(pos, p) for p in plays}
    want = {
        rules.apply(pos, rules.parse_play(pos, text, (5, 5)))
        for text in ("24/19 19/14 14/9 9/4", "24/19 19/14 14/9 24/19")
    }
    assert got == want and len(plays) == 2
