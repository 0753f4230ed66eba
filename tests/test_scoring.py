"""Scoring: every outcome kind of every ruleset family and scoring option.

RULES.md 4.1 (oin / mars / koks, ``max_result``, the cube and its scoring options,
resignation, the last-roll draw), 4.3 (``long_scoring``), 4.5 (Khachapuri's
checkers-left stake, example K6), 4.6 (Fevga: oin and mars only).

Each table row is checked twice: through ``rules.score`` on a finished position,
and through a :class:`nardy.Game` that ends with the winner bearing off its last
checker, for either colour as the winner.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import nardy
from nardy import Game, Player, Result

WHITE, BLACK = Player.WHITE, Player.BLACK
BOTH = pytest.mark.parametrize("winner", [WHITE, BLACK], ids=["white_wins", "black_wins"])


# --------------------------------------------------------------------------- helpers


def pts(layout: Mapping[int, int]) -> list[int]:
    """24 point counts from ``{point: count}`` (the owner's own numbering)."""
    out = [0] * 24
    for point, count in layout.items():
        out[point - 1] = count
    return out


def other_point(family: str, p: int) -> int:
    """RULES.md 1.2: a point of one side in the other side's numbering."""
    return 25 - p if family == "short" else ((p + 11) % 24) + 1


def finished(rules: nardy.RuleSet, winner: Player, loser: Mapping[int, int], bar: int = 0) -> nardy.Position:
    """``winner`` has borne off all 15; the loser has ``loser`` (own numbering) and ``bar``."""
    empty, lose = pts({}), pts(loser)
    if winner == WHITE:
        return rules.position(white=empty, black=lose, black_bar=bar, turn=BLACK)
    return rules.position(white=lose, black=empty, white_bar=bar, turn=WHITE)


def winner_point(rules: nardy.RuleSet, loser: Mapping[int, int]) -> int:
    """A point of the winner's home (6 or 5 first: exact with a 6-5 roll) that the loser does
    not hold."""
    for p in (6, 5, 4, 3, 2, 1):
        if not loser.get(other_point(rules.family, p)):
            return p
    raise AssertionError("no free point for the winner's last checker")


def last_checker_game(
    rules: nardy.RuleSet,
    winner: Player,
    loser: Mapping[int, int],
    bar: int = 0,
    **game_kw: object,
) -> tuple[Game, int]:
    """A game where ``winner`` (to roll) has one checker left on a home point."""
    p = winner_point(rules, loser)
    mine, lose = pts({p: 1}), pts(loser)
    if winner == WHITE:
        pos = rules.position(white=mine, black=lose, black_bar=bar, turn=WHITE)
    else:
        pos = rules.position(white=lose, black=mine, white_bar=bar, turn=BLACK)
    return Game(rules, first=winner, position=pos, **game_kw), p


def bear_off_last(game: Game, point: int) -> Result:
    game.roll((6, 5))
    game.play(f"{point}/off")
    assert game.is_over(), game.pending
    result = game.result()
    assert result is not None
    return result


# --------------------------------------------------------------------------- tables

# Short family: loser layouts (loser's own numbering) and loser's bar.
SHORT_LAYOUTS: dict[str, tuple[dict[int, int], int]] = {
    "one_off": ({6: 5, 5: 5, 4: 4}, 0),  # 14 left, 1 borne off
    "ten_off": ({6: 5}, 0),
    "off_and_bar": ({6: 5}, 1),  # koks needs none off: still oin
    "off_and_in_winners_home": ({20: 1, 6: 4}, 0),
    "none_off": ({6: 10, 12: 5}, 0),
    "none_off_on_18": ({18: 1, 6: 14}, 0),  # 18 is not the winner's home
    "koks_bar": ({6: 14}, 1),
    "koks_bar_all": ({}, 15),
    "koks_19": ({19: 1, 6: 14}, 0),  # the winner's 6-point
    "koks_24": ({24: 2, 6: 13}, 0),  # the winner's 1-point
}

SHORT_KIND = {
    "one_off": "oin",
    "ten_off": "oin",
    "off_and_bar": "oin",
    "off_and_in_winners_home": "oin",
    "none_off": "mars",
    "none_off_on_18": "mars",
    "koks_bar": "koks",
    "koks_bar_all": "koks",
    "koks_19": "koks",
    "koks_24": "koks",
}
VALUE = {"oin": 1, "mars": 2, "koks": 3}


def capped(kind: str, cap: str) -> str:
    return cap if VALUE[kind] > VALUE[cap] else kind


SHORT_CASES = [
    pytest.param(name, cap, layout, capped(SHORT_KIND[layout], cap), id=f"{name}-{cap}-{layout}")
    for name in ("short", "caucasian")
    for cap in ("koks", "mars", "oin")
    for layout in SHORT_LAYOUTS
]


@pytest.mark.parametrize(("name", "cap", "layout", "kind"), SHORT_CASES)
@BOTH
def test_short_family_score(name: str, cap: str, layout: str, kind: str, winner: Player) -> None:
    rules = nardy.ruleset(name, max_result=cap)
    loser, bar = SHORT_LAYOUTS[layout]
    result = rules.score(finished(rules, winner, loser, bar), winner)
    assert result == Result(winner, VALUE[kind], kind, "bear_off", 1)


@pytest.mark.parametrize(("name", "cap", "layout", "kind"), SHORT_CASES)
@BOTH
def test_short_family_game_ends_by_bear_off(name: str, cap: str, layout: str, kind: str, winner: Player) -> None:
    rules = nardy.ruleset(name, max_result=cap)
    loser, bar = SHORT_LAYOUTS[layout]
    game, p = last_checker_game(rules, winner, loser, bar)
    assert game.result() is None
    assert bear_off_last(game, p) == Result(winner, VALUE[kind], kind, "bear_off", 1)
    assert game.pending.phase == "over" and game.pending.player is None


def test_short_default_max_result_is_koks() -> None:
    assert nardy.ruleset("short").option("max_result") == "koks"
    assert nardy.ruleset("caucasian").option("max_result") == "koks"


# Long family: loser layouts (loser's own numbering; no bar).
LONG_LAYOUTS: dict[str, dict[int, int]] = {
    "one_off_head": {24: 14},  # 1 off, 14 on the head
    "six_off": {6: 9},  # RULES K6: 6 borne off -> 9 left
    "fourteen_off_head": {24: 1},  # off > 0 beats the start quarter
    "all_home": {6: 5, 5: 5, 4: 5},  # none off, all 15 home
    "all_home_on_1": {1: 15},
    "start_quarter_head": {24: 1, 6: 14},
    "start_quarter_19": {19: 2, 6: 13},
    "all_on_head": {24: 15},
    "outside_12": {12: 1, 6: 14},  # none off, not home, not in 19..24
    "outside_18": {18: 1, 6: 14},  # 18 is just below the start quarter
}

#: per long_scoring mode: layout -> (kind, points)
LONG_EXPECTED: dict[str, dict[str, tuple[str, int]]] = {
    "oin_mars": {
        "one_off_head": ("oin", 1),
        "six_off": ("oin", 1),
        "fourteen_off_head": ("oin", 1),
        "all_home": ("mars", 2),
        "all_home_on_1": ("mars", 2),
        "start_quarter_head": ("mars", 2),
        "start_quarter_19": ("mars", 2),
        "all_on_head": ("mars", 2),
        "outside_12": ("mars", 2),
        "outside_18": ("mars", 2),
    },
    "koks_start_quarter": {
        "one_off_head": ("oin", 1),
        "six_off": ("oin", 1),
        "fourteen_off_head": ("oin", 1),
        "all_home": ("mars", 2),
        "all_home_on_1": ("mars", 2),
        "start_quarter_head": ("koks", 3),
        "start_quarter_19": ("koks", 3),
        "all_on_head": ("koks", 3),
        "outside_12": ("mars", 2),
        "outside_18": ("mars", 2),
    },
    "koks_home_mars": {
        "one_off_head": ("oin", 1),
        "six_off": ("oin", 1),
        "fourteen_off_head": ("oin", 1),
        "all_home": ("home_mars", 4),
        "all_home_on_1": ("home_mars", 4),
        "start_quarter_head": ("koks", 3),
        "start_quarter_19": ("koks", 3),
        "all_on_head": ("koks", 3),
        "outside_12": ("mars", 2),
        "outside_18": ("mars", 2),
    },
    "s0_end": {
        "one_off_head": ("checkers_left", 14),
        "six_off": ("checkers_left", 9),
        "fourteen_off_head": ("checkers_left", 1),
        "all_home": ("koks", 3),
        "all_home_on_1": ("koks", 3),
        "start_quarter_head": ("mars", 2),
        "start_quarter_19": ("mars", 2),
        "all_on_head": ("mars", 2),
        "outside_12": ("mars", 2),
        "outside_18": ("mars", 2),
    },
    "checkers_left": {
        "one_off_head": ("checkers_left", 14),
        "six_off": ("checkers_left", 9),
        "fourteen_off_head": ("checkers_left", 1),
        "all_home": ("checkers_left", 15),
        "all_home_on_1": ("checkers_left", 15),
        "start_quarter_head": ("checkers_left", 15),
        "start_quarter_19": ("checkers_left", 15),
        "all_on_head": ("checkers_left", 15),
        "outside_12": ("checkers_left", 15),
        "outside_18": ("checkers_left", 15),
    },
}

#: each long-family ruleset with its default long_scoring (Appendix B)
LONG_DEFAULTS = {
    "long": "oin_mars",
    "nardgammon": "oin_mars",
    "gulbar": "oin_mars",
    "khachapuri": "checkers_left",
    "fevga": "oin_mars",
    "crazy": "oin_mars",
    "crazy_gulbar": "oin_mars",
    "giul": "oin_mars",
}

LONG_CASES = [
    pytest.param("long", {"long_scoring": mode}, layout, *LONG_EXPECTED[mode][layout], id=f"long-{mode}-{layout}")
    for mode in LONG_EXPECTED
    for layout in LONG_LAYOUTS
] + [
    pytest.param(name, {}, layout, *LONG_EXPECTED[mode][layout], id=f"{name}-default-{layout}")
    for name, mode in LONG_DEFAULTS.items()
    if name != "long"
    for layout in LONG_LAYOUTS
] + [
    pytest.param("khachapuri", {"long_scoring": "oin_mars"}, layout, *LONG_EXPECTED["oin_mars"][layout],
                 id=f"khachapuri-oin_mars-{layout}")
    for layout in ("six_off", "all_home", "start_quarter_head")
] + [
    pytest.param("gulbar", {"long_scoring": "koks_home_mars"}, layout, *LONG_EXPECTED["koks_home_mars"][layout],
                 id=f"gulbar-koks_home_mars-{layout}")
    for layout in ("six_off", "all_home", "start_quarter_head", "outside_12")
]


@pytest.mark.parametrize(("name", "opts", "layout", "kind", "points"), LONG_CASES)
@BOTH
def test_long_family_score(name: str, opts: dict, layout: str, kind: str, points: int, winner: Player) -> None:
    rules = nardy.ruleset(name, **opts)
    result = rules.score(finished(rules, winner, LONG_LAYOUTS[layout]), winner)
    assert result == Result(winner, points, kind, "bear_off", 1)


@pytest.mark.parametrize(("name", "opts", "layout", "kind", "points"), LONG_CASES)
@BOTH
def test_long_family_game_ends_by_bear_off(
    name: str, opts: dict, layout: str, kind: str, points: int, winner: Player
) -> None:
    rules = nardy.ruleset(name, **opts)
    game, p = last_checker_game(rules, winner, LONG_LAYOUTS[layout])
    assert bear_off_last(game, p) == Result(winner, points, kind, "bear_off", 1)


def _scored_results() -> dict[nardy.RuleSet, set[tuple[int, str]]]:
    """The (points, kind) every row of the tables above scores, by ruleset."""
    scored: dict[nardy.RuleSet, set[tuple[int, str]]] = {}
    for name in ("short", "caucasian"):
        for cap in ("koks", "mars", "oin"):
            rules = nardy.ruleset(name, max_result=cap)
            for loser, bar in SHORT_LAYOUTS.values():
                result = rules.score(finished(rules, WHITE, loser, bar), WHITE)
                scored.setdefault(rules, set()).add((result.points, result.kind))
    for case in LONG_CASES:
        name, opts, layout, _, _ = case.values
        rules = nardy.ruleset(name, **opts)
        result = rules.score(finished(rules, WHITE, LONG_LAYOUTS[layout]), WHITE)
        scored.setdefault(rules, set()).add((result.points, result.kind))
    return scored


SCORED = _scored_results()


@pytest.mark.parametrize("rules", list(SCORED), ids=repr)
def test_the_stakes_are_the_results_the_scoring_gives(rules: nardy.RuleSet) -> None:
    """RuleSet.stakes() lists every result of the table rows and no kind they lack
    (checkers left: every count 1..15 a loser may hold, and 1..14 where a loser that
    bore off none pays a mars or a koks)."""
    stakes = rules.stakes()
    assert SCORED[rules] <= set(stakes.items())
    assert set(stakes.values()) == {kind for _, kind in SCORED[rules]}


@pytest.mark.parametrize("rules", list(SCORED), ids=repr)
def test_a_resignation_takes_the_stakes_of_the_ruleset_only(rules: nardy.RuleSet) -> None:
    """Game.resign(stake=...) gives each stake with its kind, and refuses any other
    with the stakes the ruleset has (a koks in long nardy, a home mars in short)."""
    stakes = rules.stakes()
    for stake, kind in stakes.items():
        game = Game(rules, first=WHITE)
        assert game.resign(WHITE, stake) == Result(BLACK, stake, kind, "resign", 1)
    for wrong in (0, max(stakes) + 1, 16, -1, 2.0, "2", True, 1.5):
        game = Game(rules, first=WHITE)
        with pytest.raises(nardy.GameStateError, match=rf"^a resignation stake in {rules.name} is one of 1"):
            game.resign(WHITE, wrong)
        assert not game.is_over() and not game.history


@pytest.mark.parametrize(("name", "mode"), LONG_DEFAULTS.items())
def test_long_scoring_defaults(name: str, mode: str) -> None:
    assert nardy.ruleset(name).option("long_scoring") == mode


def test_khachapuri_k6() -> None:
    """RULES K6: X bears off its 15th checker while O has borne off 6: O pays 9; none off: 15."""
    rules = nardy.ruleset("khachapuri")
    for loser, stake in (({6: 9}, 9), ({6: 11, 24: 4}, 15), ({6: 11, 5: 4}, 15)):
        assert rules.score(finished(rules, WHITE, loser), WHITE) == Result(WHITE, stake, "checkers_left")
        game, p = last_checker_game(rules, BLACK, loser)
        assert bear_off_last(game, p) == Result(BLACK, stake, "checkers_left")


@pytest.mark.parametrize("name", ["fevga", "giul"])
def test_fevga_has_only_oin_and_mars(name: str) -> None:
    """RULES 4.6: oin 1, mars 2, no triple: never koks, never home mars."""
    rules = nardy.ruleset(name)
    kinds = {rules.score(finished(rules, WHITE, layout), WHITE).kind for layout in LONG_LAYOUTS.values()}
    assert kinds == {"oin", "mars"}
    for layout in LONG_LAYOUTS.values():
        assert rules.score(finished(rules, WHITE, layout), WHITE).points in (1, 2)


# --------------------------------------------------------------------------- the cube


CUBE_CASES = [
    # (ruleset, loser layout, loser bar, base kind, base points)
    pytest.param("short", {6: 5}, 0, "oin", 1, id="short-oin"),
    pytest.param("short", {6: 10, 12: 5}, 0, "mars", 2, id="short-mars"),
    pytest.param("short", {6: 14}, 1, "koks", 3, id="short-koks-bar"),
    pytest.param("short", {19: 1, 6: 14}, 0, "koks", 3, id="short-koks-home"),
    pytest.param("caucasian", {6: 14}, 1, "koks", 3, id="caucasian-koks"),
    pytest.param("long", {24: 14}, 0, "oin", 1, id="long-oin"),
    pytest.param("long", {24: 1, 6: 14}, 0, "mars", 2, id="long-mars"),
    pytest.param("gulbar", {24: 15}, 0, "mars", 2, id="gulbar-mars"),
    pytest.param("khachapuri", {6: 9}, 0, "checkers_left", 9, id="khachapuri-9"),
    pytest.param("khachapuri", {6: 11, 24: 4}, 0, "checkers_left", 15, id="khachapuri-15"),
    pytest.param("fevga", {24: 15}, 0, "mars", 2, id="fevga-mars"),
    pytest.param("fevga", {6: 9}, 0, "oin", 1, id="fevga-oin"),
]
LONG_CUBE_EXTRA = [
    pytest.param({"long_scoring": "koks_start_quarter"}, {24: 1, 6: 14}, "koks", 3, id="koks"),
    pytest.param({"long_scoring": "koks_home_mars"}, {6: 15}, "home_mars", 4, id="home_mars"),
    pytest.param({"long_scoring": "s0_end"}, {6: 15}, "koks", 3, id="s0_end-koks"),
    pytest.param({"long_scoring": "s0_end"}, {6: 9}, "checkers_left", 9, id="s0_end-left"),
    pytest.param({"long_scoring": "checkers_left"}, {6: 11, 24: 4}, "checkers_left", 15, id="checkers_left"),
]


def turn_cube(game: Game, how: str) -> int:
    """Before the winner's roll: leave the cube (``none``), double/take, or double/beaver/take."""
    winner = game.turn
    if how == "none":
        return 1
    offer = game.double()
    assert game.turn == winner.other and game.pending.phase == "cube"
    if how == "take":
        game.take()
    else:
        assert how == "beaver"
        offer = game.beaver()
        assert game.turn == winner  # the original doubler answers the beaver
        game.take()
    assert game.turn == winner and game.pending.phase == "roll"
    assert game.cube == offer
    return offer


def expected_points(rules: nardy.RuleSet, kind: str, base: int, cube: int) -> int:
    """RULES 4.1: the stake times the cube; gammons_with_cube=False and jacoby (cube still 1)
    make mars/koks count as oin while the cube is on."""
    if rules.option("cube") and kind in ("mars", "koks", "home_mars"):
        if not rules.option("gammons_with_cube") or (rules.option("jacoby") and cube == 1):
            base = 1
    return base * cube


CUBE_SETTINGS = [
    pytest.param({"cube": True}, "none", 1, id="cube_on-centered"),
    pytest.param({"cube": True}, "take", 2, id="cube2"),
    pytest.param({"cube": True, "beaver": True}, "beaver", 4, id="cube4-beaver"),
    pytest.param({"cube": True, "beaver": True, "cube_progression": "arithmetic"}, "beaver", 3, id="cube3-arith"),
    pytest.param({"cube": True, "gammons_with_cube": False}, "none", 1, id="no_gammons-cube1"),
    pytest.param({"cube": True, "gammons_with_cube": False}, "take", 2, id="no_gammons-cube2"),
    pytest.param({"cube": True, "jacoby": True}, "none", 1, id="jacoby-cube1"),
    pytest.param({"cube": True, "jacoby": True}, "take", 2, id="jacoby-cube2"),
    pytest.param({"cube": True, "jacoby": True, "beaver": True}, "beaver", 4, id="jacoby-cube4"),
]


@pytest.mark.parametrize(("opts", "how", "cube"), CUBE_SETTINGS)
@pytest.mark.parametrize(("name", "loser", "bar", "kind", "base"), CUBE_CASES)
@BOTH
def test_cube_multiplies_bear_off_result(
    name: str, loser: dict, bar: int, kind: str, base: int, opts: dict, how: str, cube: int, winner: Player
) -> None:
    rules = nardy.ruleset(name, **opts)
    assert rules.score(finished(rules, winner, loser, bar), winner) == Result(winner, base, kind)
    game, p = last_checker_game(rules, winner, loser, bar)
    assert turn_cube(game, how) == cube
    result = bear_off_last(game, p)
    assert result == Result(winner, expected_points(rules, kind, base, cube), kind, "bear_off", cube)


@pytest.mark.parametrize(("opts", "how", "cube"), CUBE_SETTINGS)
@pytest.mark.parametrize(("scoring", "loser", "kind", "base"), LONG_CUBE_EXTRA)
def test_cube_with_long_scoring_modes(
    scoring: dict, loser: dict, kind: str, base: int, opts: dict, how: str, cube: int
) -> None:
    rules = nardy.ruleset("long", **scoring, **opts)
    game, p = last_checker_game(rules, WHITE, loser)
    turn_cube(game, how)
    assert bear_off_last(game, p) == Result(WHITE, expected_points(rules, kind, base, cube), kind, "bear_off", cube)


def test_cube_explicit_values() -> None:
    """A few of the products spelled out (independent of expected_points)."""
    koks = ({6: 14}, 1)
    cases = [
        ({"cube": True}, "take", 6),
        ({"cube": True, "beaver": True}, "beaver", 12),
        ({"cube": True, "gammons_with_cube": False}, "none", 1),
        ({"cube": True, "gammons_with_cube": False}, "take", 2),
        ({"cube": True, "jacoby": True}, "none", 1),
        ({"cube": True, "jacoby": True}, "take", 6),
        ({"cube": True, "max_result": "mars"}, "take", 4),
        ({"cube": True, "max_result": "oin", "beaver": True}, "beaver", 4),
        ({"cube": False}, "none", 3),
        ({"cube": False, "gammons_with_cube": False}, "none", 3),  # the cube is not in use
    ]
    for opts, how, points in cases:
        rules = nardy.ruleset("short", **opts)
        game, p = last_checker_game(rules, WHITE, *koks)
        turn_cube(game, how)
        result = bear_off_last(game, p)
        assert result.points == points, (opts, how, result)
        if "max_result" not in opts:
            assert result.kind == "koks", (opts, result)


def test_checkers_left_is_not_reduced_by_gammon_options() -> None:
    rules = nardy.ruleset("khachapuri", cube=True, gammons_with_cube=False, jacoby=True)
    game, p = last_checker_game(rules, WHITE, {6: 11, 24: 4})
    turn_cube(game, "take")
    assert bear_off_last(game, p) == Result(WHITE, 30, "checkers_left", "bear_off", 2)


# --------------------------------------------------------------------------- drop


@pytest.mark.parametrize("name", ["short", "long", "khachapuri", "fevga"])
def test_drop_pays_the_cube_before_the_offer(name: str) -> None:
    rules = nardy.ruleset(name, cube=True, beaver=True)
    game = Game(rules, first=WHITE)
    game.double()
    result = game.drop()
    assert result == Result(WHITE, 1, "drop", "drop", 1) == game.result()
    assert game.is_over()
    # after a take and a redouble, the drop costs 2
    game = Game(rules, first=WHITE)
    game.double()
    game.take()
    game.roll((3, 1))
    game.play(game.legal_plays()[0])
    while game.pending.phase != "roll" or game.turn != BLACK:  # Gulbar-style owed/rerolls
        if game.pending.phase == "roll":
            game.roll((2, 1))
        game.play(game.legal_plays()[0])
    assert game.double() == 4
    assert game.drop() == Result(BLACK, 2, "drop", "drop", 2)


def test_drop_after_beaver() -> None:
    rules = nardy.ruleset("short", cube=True, beaver=True)
    game = Game(rules, first=WHITE)
    game.double()
    game.beaver()
    # the original doubler refuses the beaver: it pays the doubled stake (2)
    assert game.drop() == Result(BLACK, 2, "drop", "drop", 2)


# --------------------------------------------------------------------------- resignation


def resign_game(
    rules: nardy.RuleSet,
    resigner: Player,
    mine: Mapping[int, int],
    bar: int,
    theirs: Mapping[int, int],
    first: Player | None = None,
) -> Game:
    """A game where ``resigner`` has ``mine`` (+ ``bar``) and its opponent ``theirs``;
    ``first`` (default: the resigner) is to roll."""
    lay, other = pts(mine), pts(theirs)
    first = resigner if first is None else first
    if resigner == WHITE:
        pos = rules.position(white=lay, black=other, white_bar=bar, turn=first)
    else:
        pos = rules.position(white=other, black=lay, black_bar=bar, turn=first)
    return Game(rules, first=first, position=pos)


#: the short family's start, as a layout
SHORT_START = {24: 2, 13: 5, 8: 3, 6: 5}

RESIGN_CASES = [
    # ruleset, options, resigner layout, bar, opponent layout, kind, points
    pytest.param("short", {}, SHORT_START, 0, SHORT_START, "koks", 3, id="short-start-koks"),
    pytest.param("short", {"max_result": "mars"}, SHORT_START, 0, {6: 15}, "mars", 2, id="short-cap-mars"),
    pytest.param("short", {"max_result": "oin"}, {24: 2, 13: 5, 8: 3, 6: 5}, 0, {6: 15}, "oin", 1, id="short-cap-oin"),
    pytest.param("short", {}, {13: 5, 8: 5, 6: 5}, 0, {6: 15}, "mars", 2, id="short-mars"),
    pytest.param("short", {}, {6: 14}, 1, {6: 15}, "koks", 3, id="short-bar-koks"),
    pytest.param("short", {}, {6: 13}, 1, {6: 15}, "oin", 1, id="short-off-oin"),
    pytest.param("caucasian", {}, {20: 1, 6: 14}, 0, {6: 15}, "koks", 3, id="caucasian-koks"),
    pytest.param("long", {}, {24: 15}, 0, {24: 15}, "mars", 2, id="long-start-mars"),
    pytest.param("long", {}, {6: 14}, 0, {24: 15}, "oin", 1, id="long-oin"),
    pytest.param("long", {"long_scoring": "koks_start_quarter"}, {24: 15}, 0, {24: 15}, "koks", 3, id="long-koks"),
    pytest.param("long", {"long_scoring": "koks_home_mars"}, {6: 15}, 0, {24: 15}, "home_mars", 4, id="long-home-mars"),
    pytest.param("long", {"long_scoring": "s0_end"}, {6: 10}, 0, {24: 15}, "checkers_left", 10, id="long-s0-left"),
    pytest.param("khachapuri", {}, {24: 4, 6: 11}, 0, {24: 4, 6: 11}, "checkers_left", 15, id="khachapuri-start"),
    pytest.param("khachapuri", {}, {6: 9}, 0, {24: 4, 6: 11}, "checkers_left", 9, id="khachapuri-9"),
    pytest.param("fevga", {}, {24: 15}, 0, {24: 15}, "mars", 2, id="fevga-start-mars"),
]


@pytest.mark.parametrize(("name", "opts", "mine", "bar", "theirs", "kind", "points"), RESIGN_CASES)
@BOTH
def test_resignation_valued_by_the_position(
    name: str, opts: dict, mine: dict, bar: int, theirs: dict, kind: str, points: int, winner: Player
) -> None:
    rules = nardy.ruleset(name, **opts)
    resigner = winner.other
    game = resign_game(rules, resigner, mine, bar, theirs)
    result = game.resign()
    assert result == Result(winner, points, kind, "resign", 1) == game.result()
    assert game.is_over()
    # resigning for the other side explicitly, while the winner is to act
    game = resign_game(rules, resigner, mine, bar, theirs, first=winner)
    assert game.turn == winner
    assert game.resign(resigner) == Result(winner, points, kind, "resign", 1)
    # and while the resigner has rolled but not played
    game = resign_game(rules, resigner, mine, bar, theirs)
    game.roll((2, 1))
    assert game.resign() == Result(winner, points, kind, "resign", 1)


@pytest.mark.parametrize(
    ("opts", "how", "points"),
    [
        ({"cube": True}, "take", 6),
        ({"cube": True, "beaver": True}, "beaver", 12),
        ({"cube": True, "gammons_with_cube": False}, "take", 2),
        ({"cube": True, "jacoby": True}, "none", 1),
        ({"cube": True, "jacoby": True}, "take", 6),
    ],
)
def test_resignation_times_the_cube(opts: dict, how: str, points: int) -> None:
    rules = nardy.ruleset("short", **opts)
    game = resign_game(rules, BLACK, {6: 14}, 1, {6: 15}, first=WHITE)  # Black would lose a koks
    cube = turn_cube(game, how)
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    result = game.resign()  # Black, to roll
    assert result == Result(WHITE, points, "koks", "resign", cube)


def test_resignation_while_a_double_is_pending_uses_the_current_cube() -> None:
    rules = nardy.ruleset("short", cube=True)
    game = resign_game(rules, BLACK, {6: 14}, 1, {6: 15}, first=WHITE)
    game.double()
    assert game.turn == BLACK
    assert game.resign() == Result(WHITE, 3, "koks", "resign", 1)


def test_resignation_follows_the_position_as_it_changes() -> None:
    """The value is that of the position at the moment of resigning."""
    rules = nardy.ruleset("short")
    white = {1: 1, 2: 14}
    black = {6: 15}
    pos = rules.position(white=pts(white), black=pts(black), turn=BLACK)
    # Black, none off: a mars now
    game = Game(rules, first=BLACK, position=pos)
    assert game.resign() == Result(WHITE, 2, "mars", "resign", 1)
    # once Black bears off a checker it would only lose an oin
    game = Game(rules, first=BLACK, position=pos)
    game.roll((6, 5))
    game.play("6/off 6/1")
    game.roll((1, 1))
    game.play(game.legal_plays()[0])
    assert game.resign(BLACK) == Result(WHITE, 1, "oin", "resign", 1)


def test_resign_after_the_end_is_refused() -> None:
    rules = nardy.ruleset("short")
    game, p = last_checker_game(rules, WHITE, {6: 5})
    bear_off_last(game, p)
    with pytest.raises(nardy.GameStateError):
        game.resign()


# --------------------------------------------------------------------------- last-roll draw


def draw_game(
    rules: nardy.RuleSet, first: Player, first_layout: Mapping[int, int], other_layout: Mapping[int, int]
) -> Game:
    a, b = pts(first_layout), pts(other_layout)
    if first == WHITE:
        pos = rules.position(white=a, black=b, turn=WHITE)
    else:
        pos = rules.position(white=b, black=a, turn=BLACK)
    return Game(rules, first=first, position=pos)


LRD_RULESETS = ["short", "caucasian", "long", "gulbar", "khachapuri", "fevga"]


@pytest.mark.parametrize("name", LRD_RULESETS)
@pytest.mark.parametrize("first", [WHITE, BLACK])
def test_last_roll_draw_is_a_draw(name: str, first: Player) -> None:
    rules = nardy.ruleset(name, last_roll_draw=True)
    game = draw_game(rules, first, {2: 1}, {1: 2})
    game.roll((6, 5))
    game.play("2/off")
    assert not game.is_over() and game.result() is None
    assert game.pending.phase == "roll" and game.turn == first.other and game.pending.extra_turn
    game.roll((6, 5))
    game.play("1/off 1/off")
    assert game.is_over()
    assert game.result() == Result(None, 0, "draw", "draw", 1)


@pytest.mark.parametrize("name", LRD_RULESETS)
def test_last_roll_draw_classified_after_the_extra_turn(name: str) -> None:
    """The first player wins, classified on the position after the extra turn: the second
    player had none off (a mars before the extra turn) and bears off two in it: oin."""
    rules = nardy.ruleset(name, last_roll_draw=True)
    other = {3: 5, 2: 5, 1: 5} if rules.family == "short" else {6: 5, 5: 5, 4: 5}
    game = draw_game(rules, WHITE, {2: 1}, other)
    game.roll((6, 5))
    game.play("2/off")
    assert rules.score(game.position, WHITE).kind != "oin"  # mars/koks/... before the extra turn
    game.roll((6, 5))
    game.play("3/off 3/off" if rules.family == "short" else "6/off 5/off")
    assert game.position.off(BLACK) == 2
    expected = Result(WHITE, 13, "checkers_left") if name == "khachapuri" else Result(WHITE, 1, "oin")
    assert game.result() == expected


def test_last_roll_draw_extra_turn_can_keep_the_mars() -> None:
    rules = nardy.ruleset("short", last_roll_draw=True)
    game = draw_game(rules, WHITE, {2: 1}, {12: 15})  # Black far from home
    game.roll((6, 5))
    game.play("2/off")
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    assert game.result() == Result(WHITE, 2, "mars", "bear_off", 1)


def test_last_roll_draw_gulbar_extra_turn_includes_rerolls() -> None:
    """In Gulbar the extra turn is a whole turn: a fully played double re-rolls."""
    rules = nardy.ruleset("gulbar", last_roll_draw=True)
    game = draw_game(rules, WHITE, {2: 1}, {1: 6})
    game.roll((6, 5))
    game.play("2/off")
    game.roll((1, 1))
    game.play(game.legal_plays()[0])
    assert not game.is_over() and game.turn == BLACK
    game.roll((1, 1))
    game.play(game.legal_plays()[0])
    assert game.result() == Result(None, 0, "draw", "draw", 1)


def test_last_roll_draw_second_player_finishing_gets_no_extra_turn() -> None:
    rules = nardy.ruleset("short", last_roll_draw=True)
    game = draw_game(rules, WHITE, {6: 3}, {1: 1})
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    game.roll((6, 5))
    game.play("1/off")
    assert game.is_over()
    assert game.result() == Result(BLACK, 1, "oin", "bear_off", 1)


def test_no_extra_turn_without_the_option() -> None:
    rules = nardy.ruleset("short")
    game = draw_game(rules, WHITE, {2: 1}, {1: 2})
    game.roll((6, 5))
    game.play("2/off")
    assert game.is_over()
    assert game.result() == Result(WHITE, 1, "oin")


def test_last_roll_draw_with_the_cube_keeps_the_cube_value() -> None:
    rules = nardy.ruleset("short", last_roll_draw=True, cube=True)
    game = draw_game(rules, WHITE, {2: 1}, {1: 2})
    turn_cube(game, "take")
    game.roll((6, 5))
    game.play("2/off")
    game.roll((6, 5))
    game.play("1/off 1/off")
    assert game.result() == Result(None, 0, "draw", "draw", 2)
    # and a won extra turn is multiplied
    game = draw_game(rules, WHITE, {2: 1}, {3: 5, 2: 5, 1: 5})
    turn_cube(game, "take")
    game.roll((6, 5))
    game.play("2/off")
    game.roll((6, 5))
    game.play("3/off 3/off")
    assert game.result() == Result(WHITE, 2, "oin", "bear_off", 2)
