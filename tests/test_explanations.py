"""Every rule that refuses a step or a play names itself (RULES.md 2-4).

Each row walks steps the rules refuse, through both entry points that explain
(``play_from_steps`` for steps, ``parse_play`` for notation), and checks the
message names the rule: the kernel refuses, and only then is the text looked up.
"""

from __future__ import annotations

import pytest
from rules_notation import parse_diagram

import nardy
from nardy import Player, Step
from nardy.rules.fevga import Runner, StartingQuarter, Trap
from nardy.rules.long import SixBlock
from nardy.rules.short import HitAndHide, NoHomeHitAndRun

OPENING = "X{24:2, 13:5, 8:3, 6:5}; O{24:2, 13:5, 8:3, 6:5}"
LONG_START = "X{24:15}; O{24:15}"
S4 = "X{13:2, 6:12} Xbar=1; O{13:12, 6:2, 4:1}"
S10 = "X{6:1, 1:1} Xoff=13; O{23:2, 6:11, 5:2}"
S11 = "X{7:1, 3:1} Xoff=13; O{24:2, 13:5, 8:3, 6:5}"
S2 = "X{20:1, 8:1} Xoff=13; O{21:2, 9:2, 6:11}"
S3 = "X{10:1} Xoff=14; O{24:2, 6:13}"
L12 = "X{7:1, 5:1, 1:13}; O{24:15}"
C1 = "X{8:1, 7:1, 3:2} Xoff=11; O{20:1, 6:14}"
L7 = "X{24:9, 19:2, 18:1, 17:1, 16:1, 14:1}; O{24:4, 23:1, 22:1, 21:1, 20:1, 11:2, 10:2, 9:2, 8:1}"
L8 = "X{24:5, 18:3, 17:2, 15:2, 14:2, 13:1}; O{24:1, 23:2, 21:1, 20:5, 19:1, 18:1, 16:2, 13:1, 9:1}"
F5 = "X{24:14, 14:1}; O{24:14, 14:1}"
F7 = "X{24:10, 23:1, 22:1, 21:1, 20:1, 2:1}; O{6:3, 5:3, 4:3, 3:3, 2:3}"
F8 = "X{11:1, 10:1, 9:2, 8:1, 7:1, 1:9}; O{24:15}"
F9 = "X{21:1, 20:2, 19:1, 18:1, 17:2, 16:1, 1:7}; O{10:15}"


def s(text: str) -> list[Step]:
    """Steps written ``source/target:die`` (the die is needed for bear-offs)."""
    out = []
    for token in text.split():
        move, _, die = token.partition(":")
        a, b = move.split("/")
        src = 25 if a == "bar" else int(a)
        dst = 0 if b == "off" else int(b)
        out.append(Step(src, dst, int(die) if die else src - dst if src != 25 else 25 - dst))
    return out


# id, ruleset, options, position, first play?, dice, steps, notation (or None), the rule's words
ROWS = [
    ("no die", "short", {}, OPENING, (6, 5), "24/20:4", None, "no die 4 left"),
    ("bar first", "short", {}, S4, (6, 4), "13/7", "13/7", "bar must enter first"),
    ("no checker", "short", {}, OPENING, (6, 5), "23/17", "23/17", "no checker of the mover on 23"),
    ("closed point", "short", {}, OPENING, (6, 5), "24/18 6/1", "24/18 6/1", "point 1 is closed"),
    ("held point", "long", {}, LONG_START, (6, 6), "24/18 18/12", "24/18/12", "point 12 is held by the opponent"),
    ("head", "long", {}, LONG_START, (6, 5), "24/18 24/19", "24/18 24/19", "head may release only 1 checker"),
    ("not all home", "short", {}, OPENING, (6, 5), "6/off:6", "6/off", "only when all the mover's checkers are home"),
    ("higher checker", "short", {}, S10, (4, 3), "1/off:4 6/3", "1/off 6/3",
     "a 4 may bear off from 1 only when no checker stands higher"),
    ("turn start", "short", {"bearoff_overshoot_check": "turn_start"}, S11, (6, 4), "7/3 3/off:6", "7/3 3/off",
     "only if no checker stood on 6 or higher at the start"),
    ("exact only", "long", {"bearoff_exact_only": True}, "X{3:1, 1:14}; O{24:15}", (5, 4), "3/off:5", "3/off",
     "only with the exact number"),
    ("home moves", "crazy", {}, L12, (6, 3), "7/1 5/2", "7/1 5/2", "every step must bear off"),
    ("maximum dice", "short", {}, S2, (6, 4), "8/2", "8/2", "as many dice as possible"),
    ("larger die", "short", {}, S3, (6, 3), "10/7", "10/7", "the larger one must be"),
    ("hit and hide", "caucasian", {}, C1, (3, 2), "8/5 5/3", "8/5* 5/3", HitAndHide.text),
    ("hit and run", "short", {"home_hit_and_run": "forbidden"}, C1, (3, 2), "8/5 5/3", "8/5*/3", NoHomeHitAndRun.text),
    ("six-block, end", "long", {}, L7, (6, 4), "24/18 19/15", "24/18 19/15", SixBlock.text),
    ("six-block, step", "nardgammon", {}, L8, (6, 2), "18/16 16/10", "18/16 16/10", SixBlock.text),
    ("runner", "fevga", {}, F5, (5, 3), "24/19 14/11", "24/19 14/11", Runner.text),
    ("starting quarter", "fevga", {}, F7, (5, 1), "24/23 24/19", "24/23 24/19", StartingQuarter.text),
    ("no trap", "fevga", {}, F8, (2, 1), "9/7 7/6", "9/7 7/6", Trap.text),
    ("must break", "fevga", {}, F9, (6, 5), "20/14 17/12", "20/14 17/12", Trap.prefer_text),
]


@pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])
@pytest.mark.parametrize(
    "name, options, start, dice, steps, notation, words", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_the_refusal_names_the_rule(
    name: str, options: dict[str, object], start: str, dice: tuple[int, int], steps: str,
    notation: str | None, words: str, x: Player,
) -> None:
    rules = nardy.ruleset(name, **options)
    pos = parse_diagram(start).to_position(rules, x)
    with pytest.raises(nardy.IllegalPlayError) as info:
        rules.play_from_steps(pos, dice, s(steps))
    assert words in str(info.value)
    if notation is not None:
        with pytest.raises(nardy.IllegalPlayError) as info:
            rules.parse_play(pos, notation, dice)
        assert words in str(info.value)


def test_a_refused_prefix_is_refused_by_next_steps_too() -> None:
    rules = nardy.ruleset("caucasian")
    pos = parse_diagram(C1).to_position(rules, Player.WHITE)
    with pytest.raises(nardy.IllegalPlayError, match="hit and hide"):
        rules.next_steps(pos, (3, 2), s("8/5 5/3"))
    # a prefix of legal steps that no legal play begins with says why
    short = nardy.ruleset("short")
    with pytest.raises(nardy.IllegalPlayError, match="as many dice"):
        short.next_steps(parse_diagram(S2).to_position(short, Player.WHITE), (6, 4), s("8/2"))
