"""RULES.md 5.2: the Caucasian worked examples C1-C8, with their Short counterparts.

Every example is checked with X = White and with X = Black (colours swapped), so
orientation bugs show up. The expected plays are the lists of RULES.md 5.2; the
comparison is by resulting position (RULES.md 1.5) and by count.

Caucasian marks make the order of steps matter (RULES.md 1.5, 4.2, example C6):
besides the sets of positions, the stored step order of every Caucasian play is
re-walked here by an independent checker written from RULES.md 2.1, 3 and 4.2.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_notation import Example, check_example, parse_diagram

import nardy
from conftest import examples, random_short_positions
from nardy import Player, Position, Step
from nardy.flow import PlayContext

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])

C1 = "X{8:1, 7:1, 3:2} Xoff=11; O{20:1, 6:14}"
C2 = "X{6:1, 2:1} Xoff=13; O{20:1, 21:1, 22:1, 6:12}"
C3 = "X{4:1, 1:2} Xoff=12; O{23:1, 6:14}"
C4 = "X{10:1, 4:2} Xoff=12; O{17:1, 6:14}"
C5 = "X{9:1, 2:2, 1:12}; O{20:1, 19:2, 6:12}"
C6 = "X{8:1, 6:1, 2:1} Xoff=12; O{21:1, 6:14}"
C7 = "X{20:1, 6:13} Xbar=1; O{4:1, 6:14}"
C8 = "X{7:1, 1:1} Xoff=13; O{20:1, 22:1, 6:13}"

C1_SHORT = [
    "8/5* 7/5", "8/6 7/4", "8/6 6/3", "8/5* 5/3", "8/5* 3/1", "7/5* 5/2", "7/4 4/2", "7/4 3/1",
]
C1_CAUC = [p for p in C1_SHORT if p != "8/5* 5/3"]
C2_SHORT = ["6/5* 5/4* 4/3* 3/2", "6/5* 5/4* 4/3* 2/1", "6/5* 5/4* 2/1 1/off"]
C2_CAUC = C2_SHORT[1:]
C3_PLAYS = ["4/2* 2/off 1/off 1/off"]
C4_HOME = ["10/8* 8/4", "10/6 6/4", "10/6 4/2"]
C4_BOARD = ["10/6 6/4", "10/6 4/2"]
C6_PLAYS = ["8/6 6/4* 6/4 4/2", "8/6 6/4* 6/4 2/off", "8/6 6/4* 2/off 4/2"]
C7_HOME = ["bar/24 24/20", "bar/21* 21/20", "bar/24 20/16", "bar/21* 6/5", "bar/24 6/2"]
C7_BOARD = [p for p in C7_HOME if p != "bar/21* 21/20"]

HOME = {"hide_zone": "home"}
BOARD = {"hide_zone": "board"}

EXAMPLES = [
    # C1 -- hit and hide forbidden, cover allowed
    Example("C1-short", "short", C1, (3, 2), C1_SHORT),
    Example("C1-caucasian", "caucasian", C1, (3, 2), C1_CAUC, illegal=["8/5* 5/3"]),
    Example("C1-caucasian-board", "caucasian", C1, (3, 2), C1_CAUC, options=BOARD, illegal=["8/5* 5/3"]),
    # C2 -- hit, hit, hit, run
    Example("C2-short", "short", C2, (1, 1), C2_SHORT),
    Example("C2-caucasian", "caucasian", C2, (1, 1), C2_CAUC, illegal=["6/5* 5/4* 4/3* 3/2"]),
    Example("C2-caucasian-board", "caucasian", C2, (1, 1), C2_CAUC, options=BOARD,
            illegal=["6/5* 5/4* 4/3* 3/2"]),
    # C3 -- the marked checker may be borne off
    Example("C3-caucasian", "caucasian", C3, (2, 2), C3_PLAYS),
    Example("C3-caucasian-board", "caucasian", C3, (2, 2), C3_PLAYS, options=BOARD),
    Example("C3-short", "short", C3, (2, 2), C3_PLAYS),
    # C4 -- the zone matters
    Example("C4-caucasian-home", "caucasian", C4, (4, 2), C4_HOME, options=HOME),
    Example("C4-caucasian-default", "caucasian", C4, (4, 2), C4_HOME),
    Example("C4-caucasian-board", "caucasian", C4, (4, 2), C4_BOARD, options=BOARD,
            illegal=["10/8* 8/4", "10/8*/4"]),
    Example("C4-short", "short", C4, (4, 2), C4_HOME),
    # C5 -- the restriction reduces the dice used
    Example("C5-short", "short", C5, (4, 3), ["9/5* 5/2"]),
    Example("C5-caucasian", "caucasian", C5, (4, 3), ["9/5*"],
            illegal=["9/5* 5/2", "9/5* 1/off", "9/5* 2/off"]),
    Example("C5-caucasian-board", "caucasian", C5, (4, 3), ["9/5*"], options=BOARD),
    # C6 -- marked and unmarked checkers on one point
    Example("C6-caucasian", "caucasian", C6, (2, 2), C6_PLAYS, illegal=["8/6 6/4* 4/2 2/off"]),
    Example("C6-caucasian-board", "caucasian", C6, (2, 2), C6_PLAYS, options=BOARD,
            illegal=["8/6 6/4* 4/2 2/off"]),
    Example("C6-short", "short", C6, (2, 2), C6_PLAYS),
    # C7 -- a hit while entering from the bar
    Example("C7-short", "short", C7, (4, 1), C7_HOME),
    Example("C7-caucasian-home", "caucasian", C7, (4, 1), C7_HOME),
    Example("C7-caucasian-board", "caucasian", C7, (4, 1), C7_BOARD, options=BOARD,
            illegal=["bar/21* 21/20"]),
    # C8 -- the restriction costs two dice
    Example("C8-short", "short", C8, (2, 2), ["7/5* 5/3* 3/1 1/off"]),
    Example("C8-caucasian", "caucasian", C8, (2, 2), ["7/5* 5/3*"],
            illegal=["7/5* 5/3* 3/1 1/off", "7/5* 5/3* 3/1", "7/5* 5/3* 1/off"]),
    Example("C8-caucasian-board", "caucasian", C8, (2, 2), ["7/5* 5/3*"], options=BOARD),
]

# Short's hit_and_hide option: the restricted values are the Caucasian rule (RULES.md 4.1)
SHORT_RESTRICTED = [
    Example(
        e.id.replace("caucasian", "short-hit_and_hide"),
        "short",
        e.diagram,
        e.dice,
        e.plays,
        options={
            "hit_and_hide": "forbidden_board"
            if e.options.get("hide_zone") == "board"
            else "forbidden_home"
        },
        illegal=e.illegal,
    )
    for e in EXAMPLES
    if e.ruleset == "caucasian"
]


@COLOURS
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_caucasian_example(ex: Example, x: Player) -> None:
    check_example(ex, x)


@COLOURS
@pytest.mark.parametrize("ex", SHORT_RESTRICTED, ids=[e.id for e in SHORT_RESTRICTED])
def test_short_with_hit_and_hide_option_matches_caucasian(ex: Example, x: Player) -> None:
    check_example(ex, x)


# --------------------------------------------------------------------------- order checks


def _mover_board(pos: Position) -> tuple[list[int], list[int]]:
    """(me, op): me[1..24] mover's points, me[25] its bar, me[0] its off;
    op[1..24] opposing checkers on the mover's points, op[25] their bar."""
    mover = pos.turn
    mine = pos.points(mover)
    theirs = pos.points(mover.other)
    me = [pos.off(mover), *mine, pos.bar(mover)]
    op = [0] + [theirs[24 - p] for p in range(1, 25)] + [pos.bar(mover.other)]
    return me, op


def caucasian_order_ok(pos: Position, dice: Sequence[int], steps: Sequence[Step], zone_top: int) -> bool:
    """Can ``steps`` be played in exactly this order under RULES.md 2.1, 3.2 and 4.2?

    ``zone_top`` is 6 (hide_zone="home") or 24 ("board"; bar entry included).
    Which of the checkers on a point (marked or not) makes a step is not written,
    so every choice is tried.
    """
    me0, op0 = _mover_board(pos)
    values = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)

    def rec(me: list[int], op: list[int], marked: list[int], remaining: list[int], i: int) -> bool:
        if i == len(steps):
            return True
        s = steps[i]
        if s.die not in remaining:
            return False
        p, d = s.source, s.die
        if me[25] and p != 25:
            return False
        if me[p] <= 0:
            return False
        t = 25 - d if p == 25 else p - d
        if s.target != max(t, 0):
            return False
        hit = False
        if t >= 1:
            if op[t] >= 2:
                return False
            hit = op[t] == 1
        else:
            if me[25] or any(me[q] for q in range(7, 25)):
                return False
            if t < 0 and any(me[q] for q in range(p + 1, 7)):
                return False
        if hit != s.hit:
            return False
        kinds = []
        if p != 25 and marked[p] > 0:
            kinds.append(True)
        if me[p] - (marked[p] if p != 25 else 0) > 0:
            kinds.append(False)
        rest = list(remaining)
        rest.remove(d)
        for is_marked in kinds:
            if is_marked and t >= 1 and me[t] > 0:
                continue  # a marked checker may not hide on a point X holds
            me2, op2, mk2 = list(me), list(op), list(marked)
            me2[p] -= 1
            if is_marked:
                mk2[p] -= 1
            if t >= 1:
                me2[t] += 1
                if hit:
                    op2[t] = 0
                    op2[25] += 1
                if is_marked or (hit and t <= zone_top):
                    mk2[t] += 1
            else:
                me2[0] += 1
            if rec(me2, op2, mk2, rest, i + 1):
                return True
        return False

    return rec(me0, op0, [0] * 26, values, 0)


def _steps(text: str) -> list[Step]:
    out = []
    for word in text.split():
        a, b = word.split("/")
        hit = b.endswith("*")
        b = b.rstrip("*")
        src = 25 if a == "bar" else int(a)
        dst = 0 if b == "off" else int(b)
        out.append(Step(src, dst, src - dst if dst else 0, hit))
    return out


def _with_dice(steps: list[Step], die: int) -> list[Step]:
    return [Step(s.source, s.target, die, s.hit) for s in steps]


@COLOURS
def test_c6_stored_orders_are_legal(x: Player) -> None:
    rules = nardy.ruleset("caucasian")
    pos = parse_diagram(C6).to_position(rules, x)
    plays = rules.legal_plays(pos, (2, 2))
    assert len(plays) == 3
    for play in plays:
        assert caucasian_order_ok(pos, (2, 2), play.steps, 6), (
            f"stored order {[str(s) for s in play.steps]} of {play} is not a legal order"
        )


@COLOURS
def test_c6_illegal_order_rejected_legal_order_accepted(x: Player) -> None:
    rules = nardy.ruleset("caucasian")
    pos = parse_diagram(C6).to_position(rules, x)
    bad = "8/6 6/4* 4/2 2/off"
    good = "8/6 6/4* 2/off 4/2"
    # the independent checker agrees with RULES.md about both orders
    assert not caucasian_order_ok(pos, (2, 2), _with_dice(_steps(bad), 2), 6)
    assert caucasian_order_ok(pos, (2, 2), _with_dice(_steps(good), 2), 6)
    with pytest.raises(nardy.IllegalPlayError):
        rules.parse_play(pos, bad, (2, 2))
    play = rules.parse_play(pos, good, (2, 2))
    assert play in rules.legal_plays(pos, (2, 2))
    after = rules.apply(pos, play)
    want = parse_diagram("X{6:1, 2:1} Xoff=13; O{6:14} Obar=1").to_position(rules, x, turn=x.other)
    assert after == want


@COLOURS
def test_c6_short_accepts_both_orders(x: Player) -> None:
    rules = nardy.ruleset("short")
    pos = parse_diagram(C6).to_position(rules, x)
    a = rules.apply(pos, rules.parse_play(pos, "8/6 6/4* 4/2 2/off", (2, 2)))
    b = rules.apply(pos, rules.parse_play(pos, "8/6 6/4* 2/off 4/2", (2, 2)))
    assert a == b


CAUC_CASES = [e for e in EXAMPLES if e.ruleset == "caucasian"]


@COLOURS
@pytest.mark.parametrize("ex", CAUC_CASES, ids=[e.id for e in CAUC_CASES])
def test_every_stored_caucasian_order_is_legal(ex: Example, x: Player) -> None:
    rules = ex.rules()
    pos = ex.start(x)
    zone_top = 24 if rules.option("hide_zone") == "board" else 6
    for play in rules.legal_plays(pos, ex.dice):
        assert caucasian_order_ok(pos, ex.dice, play.steps, zone_top), (
            f"{ex.id}: stored order {[str(s) for s in play.steps]} of {play} is not legal"
        )


@COLOURS
def test_c1_hit_and_hide_rejected_with_reason(x: Player) -> None:
    rules = nardy.ruleset("caucasian")
    pos = parse_diagram(C1).to_position(rules, x)
    with pytest.raises(nardy.IllegalPlayError):
        rules.parse_play(pos, "8/5* 5/3", (3, 2))
    # the same position reached via a different order is still hiding
    with pytest.raises(nardy.IllegalPlayError):
        rules.parse_play(pos, "8/5*/3", (3, 2))


def test_caucasian_aliases_and_defaults() -> None:
    rules = nardy.ruleset("kavkazskie")
    assert rules == nardy.ruleset("caucasian")
    assert rules.option("hide_zone") == "home"
    assert rules.option("opening_roll") == "use_opening_dice"
    assert rules.initial_position() == nardy.ruleset("short").initial_position()


# The hit-and-hide rule rests (is not checked) in a play that cannot hit a blot in the
# zone; whether a play can is decided from the distances alone (HitAndHide.begin). If
# it rested where a hit in the zone is possible, a hitter could hide: the legal plays
# of short nardy hitting in the zone show that it must not.
@pytest.mark.parametrize("zone, top", [("home", 6), ("board", 24)])
@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(pos=random_short_positions(), dice=st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_the_rule_rests_only_where_no_hit_in_the_zone_is_possible(
    zone: str, top: int, pos: Position, dice: tuple[int, int]
) -> None:
    caucasian = nardy.ruleset("caucasian", hide_zone=zone)
    values = caucasian.expand_dice(dice)
    if caucasian.kernel.active_rules(pos, values, PlayContext(), None).markers:  # the rule is checked in this play
        return
    short = nardy.ruleset("short")
    for play in short.legal_plays(pos, dice):
        assert not any(step.hit and step.target <= top for step in play.steps), (str(play), pos)
    assert caucasian.legal_plays(pos, dice) == short.legal_plays(pos, dice)
