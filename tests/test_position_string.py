"""Position strings: ``Position.to_string`` / ``Position.from_string`` and ``repr``.

Format (core.Position.to_string): ``"<name> <white> <black> <turn> <flags>"``; each side
lists ``point:count`` in its own numbering from the highest point down (``bar:n`` first,
``-`` when nothing is on the board); turn ``w``/``b``; flags one digit per side (White
first), ``1`` once that side has made its first play. Malformed strings raise
``nardy.InvalidPositionError`` with a message that says what is wrong -- never another
exception.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples, random_long_positions, random_short_positions, reached_positions
from nardy import InvalidPositionError, Player, Position

WHITE, BLACK = Player.WHITE, Player.BLACK


def check_roundtrip(pos: Position, name: str | None = None) -> None:
    text = pos.to_string(name)
    assert Position.from_string(text) == pos
    assert text.split()[0] == (name or pos.family)
    # repr is the from_string call and evaluates back to an equal position
    assert repr(pos) == f"Position.from_string({pos.to_string()!r})"
    assert eval(repr(pos), {"Position": Position}) == pos
    namespace: dict = {}
    exec("from nardy import Position", namespace)
    assert eval(repr(pos), namespace) == pos
    # a canonical string: reading and writing it again gives the same text
    assert Position.from_string(text).to_string(name) == text


# --------------------------------------------------------------------------- documented examples


def test_documented_short_initial() -> None:
    pos = nardy.ruleset("short").initial_position()
    assert pos.to_string() == "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00"
    assert repr(pos) == "Position.from_string('short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00')"
    check_roundtrip(pos)


def test_documented_long_example() -> None:
    pos = Position.from_string("long 24:14,19:1 24:15 b 10")
    assert pos.turn == BLACK
    assert pos.points(WHITE)[18] == 1 and pos.points(WHITE)[23] == 14
    assert pos.has_moved(WHITE) and not pos.has_moved(BLACK)
    assert pos.to_string() == "long 24:14,19:1 24:15 b 10"
    check_roundtrip(pos)


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_initial_positions_of_every_ruleset(name: str) -> None:
    rules = nardy.ruleset(name)
    pos = rules.initial_position()
    check_roundtrip(pos)
    check_roundtrip(pos, rules.name)
    assert Position.from_string(pos.to_string(name)).family == rules.family


def test_khachapuri_initial_string() -> None:
    pos = nardy.ruleset("khachapuri").initial_position()
    assert pos.to_string("khachapuri") == "khachapuri 24:4,6:11 24:4,6:11 w 00"


def test_bar_and_off_and_empty_side() -> None:
    rules = nardy.ruleset("short")
    white = [0] * 24
    white[5] = 2
    pos = rules.position(white=white, black=[0] * 24, white_bar=3, black_bar=0, turn=BLACK)
    assert pos.to_string() == "short bar:3,6:2 - b 11"
    assert pos.off(WHITE) == 10 and pos.off(BLACK) == 15
    check_roundtrip(pos)


@pytest.mark.parametrize("alias", ["backgammon", "tavla", "dlinnye", "tbilisi", "kavkazskie"])
def test_aliases_as_the_name_field(alias: str) -> None:
    rules = nardy.ruleset(alias)
    text = rules.initial_position().to_string().replace(rules.family, alias, 1)
    assert Position.from_string(text) == rules.initial_position()


@pytest.mark.parametrize("name", ["long", "gulbar", "fevga"])
def test_a_name_of_another_family_is_refused(name: str) -> None:
    """A short position written under a long-family name would read back as a
    long-family position: to_string refuses the name instead."""
    pos = nardy.ruleset("short").initial_position()
    with pytest.raises(InvalidPositionError, match="long-family ruleset; this is a short-family position"):
        pos.to_string(name)


def test_an_unknown_name_is_refused_when_written() -> None:
    with pytest.raises(InvalidPositionError, match="unknown family or ruleset 'chess'"):
        nardy.ruleset("long").initial_position().to_string("chess")


def test_a_registered_ruleset_name_may_start_a_string() -> None:
    """Names come from the registry (nardy.rules.register), not from core."""

    @nardy.rules.register
    class Sprint(nardy.rules.Long):
        name = "sprint_for_position_strings"
        aliases = ("Sprint Test",)

    try:
        pos = Sprint().initial_position()
        assert Position.from_string(pos.to_string("sprint_for_position_strings")) == pos
        assert Position.from_string(pos.to_string().replace("long", "sprint-test", 1)) == pos
    finally:
        del nardy.rules.REGISTRY["sprint_for_position_strings"]
        for alias in ("sprint_for_position_strings", "sprint_test"):
            del nardy.rules.ALIASES[alias]


def test_from_string_accepts_extra_whitespace() -> None:
    pos = Position.from_string("  short   24:2,13:5,8:3,6:5\t24:2,13:5,8:3,6:5  w 00 ")
    assert pos == nardy.ruleset("short").initial_position()


# --------------------------------------------------------------------------- hypothesis round trips


@settings(max_examples=examples(60))
@given(name=st.sampled_from(nardy.RULESET_NAMES), data=st.data())
def test_roundtrip_positions_reached_by_random_play(name: str, data: st.DataObject) -> None:
    pos = data.draw(reached_positions(name))
    check_roundtrip(pos)
    check_roundtrip(pos, name)


@settings(max_examples=examples(60))
@given(random_short_positions(), st.booleans(), st.booleans())
def test_roundtrip_random_short_positions(pos: Position, wm: bool, bm: bool) -> None:
    pos = nardy.ruleset("short").position(
        white=pos.white, black=pos.black, white_bar=pos.white_bar, black_bar=pos.black_bar,
        turn=pos.turn, white_moved=wm, black_moved=bm,
    )
    check_roundtrip(pos)
    check_roundtrip(pos, "caucasian")


@settings(max_examples=examples(40))
@given(random_long_positions())
def test_roundtrip_random_long_positions(pos: Position) -> None:
    check_roundtrip(pos)
    check_roundtrip(pos, "gulbar")


@settings(max_examples=examples(40))
@given(st.sampled_from(nardy.RULESET_NAMES), st.integers(0, 10_000), st.integers(0, 60))
def test_roundtrip_positions_of_games(name: str, seed: int, plies: int) -> None:
    """Positions inside a Game (Gulbar owed/re-rolls, cascades, first-play flags)."""
    from nardy.agents import RandomAgent

    game = nardy.Game(nardy.ruleset(name), seed=seed)
    agent = RandomAgent(seed=seed)
    for _ in range(plies):
        if game.is_over():
            break
        if game.dice is None:
            game.roll()
        game.play(agent.choose(game))
        check_roundtrip(game.position, name)


# --------------------------------------------------------------------------- malformed strings


MALFORMED = [
    # (text, a fragment the message must contain)
    ("", "5 fields"),
    ("short", "5 fields"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w", "5 fields"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00 extra", "5 fields"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00 1 6", "5 fields"),
    ("short 24:2,13:5,8:3,6:5 x:1 w 00", "x:1"),
    ("short 24:2,13:5,8:3,6:5 24-2 w 00", "24-2"),
    ("short 24:2,13:5,8:3,6:5 24: w 00", "24:"),
    ("short 24:2,13:5,8:3,6:5 :2 w 00", ":2"),
    ("short 24:2,,8:3 24:2 w 00", "''"),
    ("short 24:2,13:5,8:3,6:5 24:-2 w 00", "24:-2"),
    ("short 24:2,13:5,8:3,6:5 24:2.0 w 00", "24:2.0"),
    ("short 25:2,13:5,8:3,6:5 24:2 w 00", "25"),
    ("short 0:1 24:2 w 00", "0"),
    ("short 6:1,6:2 24:2 w 00", "twice"),
    ("long bar:1,24:14 24:15 w 00", "bar"),
    ("long 24:15 bar:1,24:14 w 00", "bar"),
    ("gulbar bar:1 24:15 w 00", "bar"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 x 00", "turn"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 W 00", "turn"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 2x", "flags"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 0", "flags"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 001", "flags"),
    ("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 12", "flags"),
    ("chess 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00", "chess"),
    ("shortt 24:2 24:2 w 00", "shortt"),
    ("short 24:16 24:2 w 00", "16"),
    ("short 24:2,13:5,8:3,6:6 24:2 w 00", "16"),
    ("short bar:10,6:6 24:2 w 00", "16"),
    ("long 24:15 24:15,1:1 w 00", "16"),
    ("short 6:1 19:1 w 00", "both"),  # White's 6 is Black's 19
    ("long 24:1 12:1 w 00", "both"),  # White's 24 is Black's 12
]


@pytest.mark.parametrize(("text", "fragment"), MALFORMED, ids=[t or "empty" for t, _ in MALFORMED])
def test_malformed_strings(text: str, fragment: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        Position.from_string(text)
    message = str(info.value)
    assert fragment in message, message
    assert len(message) > 15


@pytest.mark.parametrize("value", [None, 5, b"short - - w 00", ["short", "-", "-", "w", "00"]])
def test_not_a_string(value: object) -> None:
    with pytest.raises(InvalidPositionError):
        Position.from_string(value)  # type: ignore[arg-type]


def test_errors_are_nardy_errors_and_value_errors() -> None:
    with pytest.raises(nardy.NardyError):
        Position.from_string("short 25:1 - w 00")
    with pytest.raises(ValueError):
        Position.from_string("short 25:1 - w 00")


# --------------------------------------------------------------------------- fuzz


def only_nardy_errors(text: str) -> None:
    try:
        pos = Position.from_string(text)
    except InvalidPositionError as exc:
        assert str(exc)
        return
    # whatever is accepted is a valid position that writes back to an equal one
    pos.validate()
    assert Position.from_string(pos.to_string()) == pos


@settings(max_examples=examples(200))
@given(st.text(max_size=60))
@example("short 6:\u00b2 - w 00")  # a superscript two: str.isdigit() is True, int() fails
@example("short \u00b9:1 - w 00")
def test_fuzz_text(text: str) -> None:
    only_nardy_errors(text)


TOKENS = st.sampled_from(
    ["short", "long", "gulbar", "fevga", "x", "w", "b", "00", "01", "10", "11", "2x", "-", "bar",
     ":", ",", " ", "24", "13", "6", "1", "0", "25", "15", "16", "2", "\u00b2", "\u0663", "\t"]
)


@settings(max_examples=examples(300))
@given(st.lists(TOKENS, max_size=25).map("".join))
def test_fuzz_tokens(text: str) -> None:
    only_nardy_errors(text)


@settings(max_examples=examples(100))
@given(
    st.sampled_from(["short", "long"]),
    st.lists(st.tuples(st.sampled_from(["bar", *map(str, range(0, 27))]), st.integers(0, 20)), max_size=6),
    st.lists(st.tuples(st.sampled_from(["bar", *map(str, range(0, 27))]), st.integers(0, 20)), max_size=6),
    st.sampled_from(["w", "b", "x"]),
    st.sampled_from(["00", "01", "10", "11", "2x", "0"]),
)
def test_fuzz_structured(name: str, white: list, black: list, turn: str, flags: str) -> None:
    def side(items: list) -> str:
        return ",".join(f"{p}:{n}" for p, n in items) or "-"

    only_nardy_errors(f"{name} {side(white)} {side(black)} {turn} {flags}")
