"""Bad input gets a nardy error, always (never a crash from deep inside).

Every parser and loader is fed random text, random JSON and damaged real
inputs: only ``NardyError`` may escape, and a message that echoes the input
cuts it to a readable length. (The .mat reader has its own fuzz tests in
test_matfile_fuzz.py.)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import Game, Position, records
from nardy.formats import from_game_string, from_text
from nardy.gnubg import from_gnubg_id, from_position_id
from nardy.xgid import from_xgid

#: the longest message an error may have (input echoed in it is cut)
LONGEST = 400

HUGE = "9" * 5000
WEIRD_TEXT = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="0123456789:,/-+= bwxoffbarpass*()", max_size=80),
    st.just(HUGE),
    st.just("short 24:" + HUGE + " - w 11"),
    st.just("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 11 owed:" + "+".join(["6-6"] * 5000)),
    st.just("24/" + HUGE),
    st.just(HUGE + "/1"),
)


def only_nardy_errors(call: Callable[[], object]) -> None:
    try:
        call()
    except nardy.NardyError as exc:
        assert len(str(exc)) <= LONGEST, str(exc)[:200]


SHORT = nardy.ruleset("short")
LONG = nardy.ruleset("long")
CAUCASIAN = nardy.ruleset("caucasian")
RULES = [SHORT, LONG, CAUCASIAN, nardy.ruleset("crazy_gulbar")]


@settings(max_examples=examples(300), suppress_health_check=list(HealthCheck))
@given(text=WEIRD_TEXT, which=st.integers(0, 3))
def test_text_parsers(text: str, which: int) -> None:
    rules = RULES[which]
    only_nardy_errors(lambda: Position.from_string(text))
    only_nardy_errors(lambda: from_text(text))
    only_nardy_errors(lambda: from_text(text, rules))
    only_nardy_errors(lambda: from_game_string(text))
    only_nardy_errors(lambda: Game.from_string(text, rules=rules))
    only_nardy_errors(lambda: from_position_id(text))
    only_nardy_errors(lambda: from_gnubg_id(text))
    only_nardy_errors(lambda: from_xgid(text))
    pos = rules.initial_position()
    only_nardy_errors(lambda: rules.parse_play(pos, text, (6, 5)))
    only_nardy_errors(lambda: rules.parse_play(pos, text, (3, 3)))
    only_nardy_errors(lambda: nardy.ruleset(text))


def test_a_ruleset_given_as_a_name_is_a_clear_error() -> None:
    with pytest.raises(nardy.NardyError, match="RuleSet"):
        from_text("short 24:2 24:2 w 11", "short")  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match="empty"):
        SHORT.parse_play(SHORT.initial_position(), "", (6, 5))


# --------------------------------------------------------------------------- records

JSON = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=12)
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=20,
)


def _real_record() -> dict[str, Any]:
    game = Game(nardy.ruleset("short", cube=True), seed=4)
    rng = random.Random(4)
    for _ in range(12):
        if game.pending.phase == "roll" and game.can_double() and rng.random() < 0.3:
            game.double()
            game.take()
        elif game.pending.phase == "roll":
            game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    return records.to_dict(game, rng=True)


REAL = _real_record()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


PATHS = [p for p in _paths(REAL) if p]


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


@settings(max_examples=examples(300), suppress_health_check=list(HealthCheck))
@given(data=JSON)
def test_random_json_records(data: Any) -> None:
    only_nardy_errors(lambda: records.from_dict(data))
    only_nardy_errors(lambda: records.from_json(json.dumps(data)))


@settings(max_examples=examples(400), suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(PATHS),
    value=st.one_of(
        JSON,
        st.just(float("inf")),
        st.just(-100),
        st.just(10**5000),
        st.just("name"),
        st.just({"name": "x"}),
    ),
)
def test_damaged_real_records(path: tuple[Any, ...], value: Any) -> None:
    damaged = _replace(REAL, path, value)
    only_nardy_errors(lambda: records.from_dict(damaged))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,  # nested too deeply for Python's JSON reader
        '{"format": "nardy-game", "version": ' + "9" * 5000 + "}",  # an int of too many digits
        '{"format": "nardy-game", "version": 1, "rules": {"name": "short", "options": {"name": "x"}}}',
        "Infinity",
    ],
    ids=["deep", "huge-int", "option-called-name", "infinity"],
)
def test_hostile_json(text: str) -> None:
    with pytest.raises(records.RecordError):
        records.from_json(text)


def test_a_step_of_infinity_or_far_away_points_is_a_record_error() -> None:
    first_play = next(i for i, event in enumerate(REAL["events"]) if event.get("steps"))
    for bad in ([float("inf"), 5, 3, 0], [-100, -103, 3, 0], [13.0, 7, 6, 0], [13, 7, 6, 2]):
        damaged = _replace(REAL, ("events", first_play, "steps", 0), bad)
        with pytest.raises(records.RecordError, match="step"):
            records.from_dict(damaged)


def test_a_recorded_cube_value_is_checked() -> None:
    game = Game(nardy.ruleset("short", cube=True), first=nardy.WHITE, seed=1)
    game.double()
    game.take()
    data = records.to_dict(game)
    data["events"][0]["value"] = 64
    with pytest.raises(records.RecordError, match="64"):
        records.from_dict(data)
    data["events"][0]["value"] = 2
    data["events"][1]["value"] = 8
    with pytest.raises(records.RecordError, match="8"):
        records.from_dict(data)
