"""RULES.md 4.3 first-turn exception and Appendix A (second player, ``first_turn_head="formal"``).

"Two head checkers allowed" for a roll means: some legal play of that roll moves
two or more checkers from point 24. Every test runs with the first player as
White and as Black.
"""

from __future__ import annotations

import pytest
from rules_notation import ALL_ROLLS, two_head_rolls

import nardy
from nardy import Player

BASE = {"6-6", "4-4", "3-3"}

# Appendix A: first player's roll, its play(s) (all of its legal plays), additions to BASE.
APPENDIX_A = [
    ("6-6", "24/18 24/18", set()),
    ("6-5", "24/13", set()),
    ("6-4", "24/14", set()),
    ("6-3", "24/15", set()),
    ("6-1", "24/17", set()),
    ("6-2", "24/16", {"5-5"}),
    ("5-5", "24/4", {"6-2", "5-3", "2-2"}),
    ("5-4", "24/15", set()),
    ("5-2", "24/17", set()),
    ("5-1", "24/18", set()),
    ("5-3", "24/16", {"5-5"}),
    ("4-4", "24/16 24/16", {"5-5"}),
    ("4-3", "24/17", set()),
    ("4-2", "24/18", set()),
    ("4-1", "24/19", set()),
    ("3-3", "24/18 24/18", set()),
    ("3-3", "24/21 24/15", {"5-5"}),
    ("3-2", "24/19", set()),
    ("3-1", "24/20", set()),
    ("2-2", "24/16", {"5-5"}),
    ("2-1", "24/21", {"5-5"}),
    ("1-1", "24/20", set()),
]
ROW_IDS = [f"{roll}:{play.replace(' ', '+')}" for roll, play, _ in APPENDIX_A]

COLOURS = pytest.mark.parametrize("first", [Player.WHITE, Player.BLACK], ids=["first=white", "first=black"])


def dice(roll: str) -> tuple[int, int]:
    a, b = roll.split("-")
    return int(a), int(b)


def opening(rules: nardy.RuleSet, first: Player, *, moved: bool = False) -> nardy.Position:
    """All 15 on each head, ``first`` to move; nobody has moved unless ``moved``."""
    head = [0] * 23 + [15]
    return rules.position(
        white=head, black=head, turn=first, white_moved=moved, black_moved=moved
    )


def test_appendix_a_covers_every_first_roll() -> None:
    assert sorted({roll for roll, _, _ in APPENDIX_A}) == sorted(ALL_ROLLS)
    assert len(APPENDIX_A) == 22  # 3-3 has two plays


@COLOURS
@pytest.mark.parametrize("roll", sorted({r for r, _, _ in APPENDIX_A}))
def test_first_players_plays_are_the_table_plays(roll: str, first: Player) -> None:
    """The table's "its play" column lists every legal first play (3-3 has two)."""
    rules = nardy.ruleset("long")
    pos = opening(rules, first)
    listed = [play for r, play, _ in APPENDIX_A if r == roll]
    legal = rules.legal_plays(pos, dice(roll))
    expected = {rules.apply(pos, rules.parse_play(pos, t, dice(roll))) for t in listed}
    got = {rules.apply(pos, p) for p in legal}
    assert got == expected, f"{roll}: table {listed}, library {[str(p) for p in legal]}"
    assert len(legal) == len(listed)


@COLOURS
@pytest.mark.parametrize("roll, play, additions", APPENDIX_A, ids=ROW_IDS)
def test_appendix_a_second_player(roll: str, play: str, additions: set[str], first: Player) -> None:
    rules = nardy.ruleset("long")
    pos = opening(rules, first)
    after = rules.apply(pos, rules.parse_play(pos, play, dice(roll)))
    second = first.other
    assert after.turn == second
    assert after.has_moved(first) and not after.has_moved(second)
    want = BASE | additions
    got = two_head_rolls(rules, after)
    assert got == want, (
        f"after {roll} {play}: second player's two-head rolls {sorted(got)}, table says "
        f"{sorted(want)}; missing {sorted(want - got)}, unexpected {sorted(got - want)}"
    )


# The opening position, by first_turn_head: the rolls allowing two head checkers on the first play.
OPENING_MODES = [
    ("formal", BASE),
    ("fixed", BASE),
    ("any_double", {"1-1", "2-2", "3-3", "4-4", "5-5", "6-6"}),
    ("none", set()),
]


@COLOURS
@pytest.mark.parametrize("mode, want", OPENING_MODES, ids=[m for m, _ in OPENING_MODES])
def test_opening_first_play_by_mode(mode: str, want: set[str], first: Player) -> None:
    rules = nardy.ruleset("long", first_turn_head=mode)
    assert two_head_rolls(rules, opening(rules, first)) == want


@COLOURS
@pytest.mark.parametrize("mode", [m for m, _ in OPENING_MODES])
def test_no_exception_once_moved(mode: str, first: Player) -> None:
    """With the mover's moved flag set, the head limit is 1 for every roll in every mode."""
    rules = nardy.ruleset("long", first_turn_head=mode)
    pos = opening(rules, first, moved=True)
    assert two_head_rolls(rules, pos) == set()
    # only the mover's own flag matters
    head = [0] * 23 + [15]
    own_moved = rules.position(
        white=head, black=head, turn=first,
        white_moved=first == Player.WHITE, black_moved=first == Player.BLACK,
    )
    assert two_head_rolls(rules, own_moved) == set()


@COLOURS
@pytest.mark.parametrize("mode, moved", [("none", False), ("formal", True)], ids=["none", "moved"])
def test_opening_6_6_without_exception_plays_one_checker(mode: str, moved: bool, first: Player) -> None:
    """L1 without the exception: 6-6 plays only 24/18 (18/12 is closed; the rest is lost)."""
    rules = nardy.ruleset("long", first_turn_head=mode)
    pos = opening(rules, first, moved=moved)
    (play,) = rules.legal_plays(pos, (6, 6))
    assert [(s.source, s.target) for s in play.steps] == [(24, 18)]


@COLOURS
@pytest.mark.parametrize("roll, play, additions", APPENDIX_A, ids=ROW_IDS)
@pytest.mark.parametrize(
    "mode, allowed",
    [("fixed", BASE), ("any_double", {"1-1", "2-2", "3-3", "4-4", "5-5", "6-6"}), ("none", set())],
    ids=["fixed", "any_double", "none"],
)
def test_second_player_other_modes_stay_within_their_rolls(
    roll: str, play: str, additions: set[str], mode: str, allowed: set[str], first: Player
) -> None:
    """4.3: "fixed" allows two only for 6-6/4-4/3-3, "any_double" only for doubles, "none" never."""
    formal = nardy.ruleset("long")
    pos = opening(formal, first)
    after = formal.apply(pos, formal.parse_play(pos, play, dice(roll)))
    rules = nardy.ruleset("long", first_turn_head=mode)
    assert two_head_rolls(rules, after) <= allowed


@COLOURS
def test_second_player_head_limit_option_disables_exception(first: Player) -> None:
    """The exception only raises a head limit of 1: with head_limit=None every roll may use more."""
    rules = nardy.ruleset("long", head_limit=None, first_turn_head="none")
    pos = opening(rules, first, moved=True)
    assert "6-5" in two_head_rolls(rules, pos)
