"""Every public entry point of the game, match and format modules refuses bad
arguments with a nardy error (:class:`nardy.NardyError`, a :class:`ValueError`;
errors.py defines no other base), never an ``AttributeError``, ``TypeError`` or
``ValueError`` from deep inside, and never a message that fails to print.

Each case gives one argument a hostile value (None, bools, ints, huge ints,
floats, text, bytes, lists, dicts, sets, iterators, numpy arrays, plain
objects) and keeps the others sound; the call may succeed (some values are
fine) or raise, but only a nardy error.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import BLACK, WHITE, Game, Match, Step, errors, formats, matfile, records, simulate
from nardy.core import make_position
from nardy.flow import Pending

SHORT = nardy.ruleset("short", cube=True)
RUN = (Step(24, 18, 6), Step(18, 13, 5))
LONG = nardy.ruleset("long")
HUGE = 10**5000


def test_the_hierarchy_asserted_here() -> None:
    """What "a nardy error" means below: errors.py's classes, all NardyErrors,
    which are ValueErrors (and no TypeErrors)."""
    for name in errors.__all__:
        value = getattr(errors, name)
        if isinstance(value, type):
            assert issubclass(value, errors.NardyError) and issubclass(value, ValueError)
            assert not issubclass(value, TypeError)
    for cls in (records.RecordError, nardy.game.GameInUseError):
        assert issubclass(cls, errors.NardyError)


class Opaque:
    """An object nardy knows nothing about."""


class BoolRaises:
    """An object that cannot be tested for truth (nor compared)."""

    def __bool__(self) -> bool:
        raise RuntimeError("__bool__")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__")

    __hash__ = object.__hash__


def _hand_made_context(kind: object, head_used: object = 0) -> nardy.PlayContext:
    """A context with fields its constructor refuses, built around the constructor's check."""
    context = object.__new__(nardy.PlayContext)
    for name, value in (("kind", kind), ("head_used", head_used), ("final", False), ("cascade", False)):
        object.__setattr__(context, name, value)
    return context


def _fresh_iterator() -> object:
    return iter((6, 5))


def _generator() -> object:
    return (die for die in (6, 5))


HOSTILE = st.one_of(
    st.sampled_from(
        [None, True, False, 0, -1, 1, 2, 3, 25, 2**63, HUGE, -HUGE, 0.5, float("nan"), float("inf"), "", " ",
         "x", "short", "long[cube=true]", "24/18", "w", b"x", b"61", bytearray(b"\x06\x01"), [], [6, 5], [[1, 2]], (),
         (6, 5), (HUGE, 1), {}, {"format": "nardy-game"}, {1, 2}, frozenset({3}), Opaque(), object, Step,
         WHITE, BLACK, SHORT, LONG, Pending("roll"), "\x00" * 3, "[" * 50, "9" * 5000,
         # values of nardy's own types, built by hand with fields of the wrong shape
         make_position("short", (1,) * 23, (0,) * 24, 0, 0, nardy.WHITE, True, True),
        make_position("long", None, None, 0, 0, 3, True, True),  # type: ignore[arg-type]
         nardy.Play(None, None), nardy.Play((Step(24, 18, 6),), (6, 5)), [Step(99, 1, 9)],  # type: ignore[arg-type]
         _hand_made_context("owed", None)]
    ),
    st.builds(BoolRaises),
    st.builds(lambda: (_hand_made_context("stage", HUGE),)),
    st.builds(lambda: nardy.Play(RUN, (HUGE, 5))),
    st.builds(_fresh_iterator),
    st.builds(_generator),
    st.builds(lambda: np.array([6, 5])),
    st.builds(lambda: np.zeros((2, 2))),
    st.builds(lambda: np.array([])),
    st.builds(lambda: np.int64(3)),
    st.integers(),
    st.floats(),
    st.text(max_size=40),
    st.lists(st.integers(-2, 30), max_size=6),
    st.dictionaries(st.text(max_size=6), st.integers() | st.none() | st.text(max_size=6), max_size=4),
)


def playing() -> Game:
    """A game whose player to act must play 6-5."""
    game = Game(SHORT, first=WHITE)
    game.roll((6, 5))
    return game


def rolling() -> Game:
    return Game(SHORT, first=WHITE)


def finished() -> Game:
    game = Game(SHORT, first=WHITE)
    game.resign()
    return game


GAME_STRING = "long 24:14,13:1 24:15 b 10 roll:6-5"
MAT = " 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/8 13/11   64: 24/18 13/9\n"
START = SHORT.initial_position()


def _mat_file(**changes: object) -> str:
    fields: dict[str, object] = {
        "match": Match(SHORT, 3, seed=1), "names": ("A", "B"), "tags": {}, "comments": (), "repairs": (),
    }
    fields.update(changes)
    return matfile.MatFile(**fields).to_string()  # type: ignore[arg-type]


def _at_most(most: int, call: Callable[[object], object]) -> Callable[[object], object]:
    """``call``, except for an int above ``most``: a sound count of games or workers
    that large would play for hours (or start as many processes)."""

    def bounded(value: object) -> object:
        if type(value) is int and value > most:
            return None
        return call(value)

    return bounded


def _not_callable(call: Callable[[object], object]) -> Callable[[object], object]:
    """``call``, except for a value that can be called: what a callback raises is the caller's own."""

    def checked(value: object) -> object:
        return None if callable(value) else call(value)

    return checked


RECORD = simulate.GameRecord(0, 7, "greedy", "random", "white", "oin", 1, 30, 30)


def _record(field: str) -> Callable[[object], object]:
    """A game record with ``field`` given the hostile value (and summarised)."""

    def make(value: object) -> object:
        fields = {f.name: getattr(RECORD, f.name) for f in attrs.fields(simulate.GameRecord)}
        fields[field] = value
        return simulate.Summary.from_records([simulate.GameRecord(**fields)])  # type: ignore[arg-type]

    return make


def _deprecated(func: Callable[..., object]) -> Callable[..., object]:
    def call(*args: object, **kwargs: object) -> object:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return func(*args, **kwargs)

    return call


#: each entry point with one argument given the hostile value ``h``
CASES: dict[str, Callable[[object], object]] = {
    # nardy.game
    "Game(rules)": lambda h: Game(h),  # type: ignore[arg-type]
    "Game(seed=)": lambda h: Game(SHORT, seed=h),  # type: ignore[arg-type]
    "Game(first=)": lambda h: Game(SHORT, first=h),  # type: ignore[arg-type]
    "Game(opening=)": lambda h: Game(SHORT, opening=h),  # type: ignore[arg-type]
    "Game(position=)": lambda h: Game(SHORT, position=h),  # type: ignore[arg-type]
    "Game(position=) long": lambda h: Game(LONG, position=h),  # type: ignore[arg-type]
    "Game(pending=) long": lambda h: Game(LONG, position=LONG.initial_position(), pending=h),  # type: ignore[arg-type]
    "Game(crawford=)": lambda h: Game(SHORT, crawford=h),  # type: ignore[arg-type]
    "Game(pending=)": lambda h: Game(SHORT, position=START, pending=h),  # type: ignore[arg-type]
    "Game.roll": lambda h: rolling().roll(h),  # type: ignore[arg-type]
    "Game.play": lambda h: playing().play(h),  # type: ignore[arg-type]
    "Game.parse_play": lambda h: playing().parse_play(h),  # type: ignore[arg-type]
    "Game.position_after": lambda h: playing().position_after(h),  # type: ignore[arg-type]
    "Game.next_steps": lambda h: playing().next_steps(h),  # type: ignore[arg-type]
    "Game.resign(player)": lambda h: rolling().resign(h),  # type: ignore[arg-type]
    "Game.resign(stake=)": lambda h: rolling().resign(WHITE, h),  # type: ignore[arg-type]
    "Game.from_string": lambda h: Game.from_string(h),  # type: ignore[arg-type]
    "Game.from_string(seed=)": lambda h: Game.from_string(GAME_STRING, seed=h),  # type: ignore[arg-type]
    "Game.from_string(rules=)": lambda h: Game.from_string(GAME_STRING, rules=h),  # type: ignore[arg-type]
    # nardy.core (Step's reader)
    "Step.from_string": lambda h: Step.from_string(h),  # type: ignore[arg-type]
    # nardy.match
    "Match(rules)": lambda h: Match(h),  # type: ignore[arg-type]
    "Match(length)": lambda h: Match(SHORT, h),  # type: ignore[arg-type]
    "Match(seed=)": lambda h: Match(SHORT, 5, seed=h),  # type: ignore[arg-type]
    "Match(crawford=)": lambda h: Match(SHORT, 5, crawford=h),  # type: ignore[arg-type]
    "Match(score=)": lambda h: Match(SHORT, 5, score=h),  # type: ignore[arg-type]
    "Match(crawford_game=)": lambda h: Match(SHORT, 5, score=(4, 0), crawford_game=h),  # type: ignore[arg-type]
    "Match.from_games(rules)": lambda h: Match.from_games(h, 5, [finished()]),  # type: ignore[arg-type]
    "Match.from_games(length)": lambda h: Match.from_games(SHORT, h, [finished()]),  # type: ignore[arg-type]
    "Match.from_games(games)": lambda h: Match.from_games(SHORT, 5, h),  # type: ignore[arg-type]
    "Match.from_games(crawford=)": lambda h: Match.from_games(SHORT, 5, [finished()], crawford=h),  # type: ignore[arg-type]
    "Match.from_games(score=)": lambda h: Match.from_games(SHORT, 5, [finished()], score=h),  # type: ignore[arg-type]
    "Match.from_games(seed=)": lambda h: Match.from_games(SHORT, 5, [finished()], seed=h),  # type: ignore[arg-type]
    # nardy.formats
    "detect_format": lambda h: formats.detect_format(h),  # type: ignore[arg-type]
    "from_text": lambda h: formats.from_text(h),  # type: ignore[arg-type]
    "from_text(rules)": lambda h: formats.from_text("long 24:15 24:15 w 00", h),  # type: ignore[arg-type]
    "to_rules_string": lambda h: formats.to_rules_string(h),  # type: ignore[arg-type]
    "from_rules_string": lambda h: formats.from_rules_string(h),  # type: ignore[arg-type]
    "to_game_string": lambda h: formats.to_game_string(h),  # type: ignore[arg-type]
    "from_game_string": lambda h: formats.from_game_string(h),  # type: ignore[arg-type]
    "from_game_string(seed=)": lambda h: formats.from_game_string(GAME_STRING, seed=h),  # type: ignore[arg-type]
    "from_game_string(rules=)": lambda h: formats.from_game_string(GAME_STRING, rules=h),  # type: ignore[arg-type]
    "state_string(rules)": lambda h: formats.state_string(h, START, Pending("roll", WHITE)),  # type: ignore[arg-type]
    "state_string(position)": lambda h: formats.state_string(SHORT, h, Pending("roll", WHITE)),  # type: ignore[arg-type]
    "state_string(pending)": lambda h: formats.state_string(SHORT, START, h),  # type: ignore[arg-type]
    "read_position": _deprecated(lambda h: formats.read_position(h)),  # type: ignore[arg-type]
    "game_string": _deprecated(lambda h: formats.game_string(h)),  # type: ignore[arg-type]
    "game_from_string": _deprecated(lambda h: formats.game_from_string(h)),  # type: ignore[arg-type]
    # nardy.records
    "to_dict": lambda h: records.to_dict(h),  # type: ignore[arg-type]
    "to_dict(rng=)": lambda h: records.to_dict(rolling(), rng=h),  # type: ignore[arg-type]
    "from_dict": lambda h: records.from_dict(h),
    "to_json": lambda h: records.to_json(h),  # type: ignore[arg-type]
    "to_json(indent)": lambda h: records.to_json(rolling(), h),  # type: ignore[arg-type]
    "to_json(rng=)": lambda h: records.to_json(rolling(), rng=h),  # type: ignore[arg-type]
    "from_json": lambda h: records.from_json(h),  # type: ignore[arg-type]
    "game_to_dict": _deprecated(lambda h: records.game_to_dict(h)),  # type: ignore[arg-type]
    "match_to_dict": _deprecated(lambda h: records.match_to_dict(h)),  # type: ignore[arg-type]
    "game_from_dict": _deprecated(lambda h: records.game_from_dict(h)),
    "match_from_dict": _deprecated(lambda h: records.match_from_dict(h)),
    "dumps": _deprecated(lambda h: records.dumps(h)),  # type: ignore[arg-type]
    "loads": _deprecated(lambda h: records.loads(h)),  # type: ignore[arg-type]
    # nardy.matfile
    "to_mat": lambda h: matfile.to_mat(h),  # type: ignore[arg-type]
    "to_mat(names)": lambda h: matfile.to_mat(rolling(), h),  # type: ignore[arg-type]
    "to_mat(tags=)": lambda h: matfile.to_mat(rolling(), tags=h),  # type: ignore[arg-type]
    "from_mat": lambda h: matfile.from_mat(h),  # type: ignore[arg-type]
    "from_mat(rules)": lambda h: matfile.from_mat(MAT, h),  # type: ignore[arg-type]
    "from_mat(lenient=)": lambda h: matfile.from_mat(MAT, lenient=h),  # type: ignore[arg-type]
    "MatFile.from_string": lambda h: matfile.MatFile.from_string(h),  # type: ignore[arg-type]
    "MatFile.from_string(rules)": lambda h: matfile.MatFile.from_string(MAT, h),  # type: ignore[arg-type]
    "MatFile.from_string(lenient=)": lambda h: matfile.MatFile.from_string(MAT, lenient=h),  # type: ignore[arg-type]
    "MatFile(match).to_string": lambda h: _mat_file(match=h),
    "MatFile(names).to_string": lambda h: _mat_file(names=h),
    "MatFile(tags).to_string": lambda h: _mat_file(tags=h),
    "MatFile(comments).to_string": lambda h: _mat_file(comments=h),
    "export_mat": _deprecated(lambda h: matfile.export_mat(h)),  # type: ignore[arg-type]
    "import_mat": _deprecated(lambda h: matfile.import_mat(h)),  # type: ignore[arg-type]
    "read_mat": _deprecated(lambda h: matfile.read_mat(h)),  # type: ignore[arg-type]
    # nardy.simulate
    "simulate(rules)": lambda h: simulate.simulate(h, 1),  # type: ignore[arg-type]
    "simulate(games)": _at_most(2, lambda h: simulate.simulate("short", h)),  # type: ignore[arg-type]
    "simulate(white=)": lambda h: simulate.simulate("short", 1, white=h),  # type: ignore[arg-type]
    "simulate(seed=)": lambda h: simulate.simulate("short", 1, seed=h),  # type: ignore[arg-type]
    "simulate(workers=)": _at_most(1, lambda h: simulate.simulate("short", 1, workers=h)),  # type: ignore[arg-type]
    "simulate(chunk=)": lambda h: simulate.simulate("short", 1, chunk=h),  # type: ignore[arg-type]
    "simulate(executor=)": lambda h: simulate.simulate("short", 1, executor=h),  # type: ignore[arg-type]
    "simulate(progress=)": _not_callable(lambda h: simulate.simulate("short", 1, progress=h)),  # type: ignore[arg-type]
    "simulate(keep_games=)": lambda h: simulate.simulate("short", 1, keep_games=h),  # type: ignore[arg-type]
    "compare(a)": lambda h: simulate.compare("short", h, "random", 1),  # type: ignore[arg-type]
    "compare(games)": _at_most(2, lambda h: simulate.compare("short", "greedy", "random", h)),  # type: ignore[arg-type]
    "compare(workers=)": _at_most(1, lambda h: simulate.compare("short", "greedy", "random", 1, workers=h)),  # type: ignore[arg-type]
    "wilson_interval(successes)": lambda h: simulate.wilson_interval(h, 10),  # type: ignore[arg-type]
    "wilson_interval(trials)": lambda h: simulate.wilson_interval(3, h),  # type: ignore[arg-type]
    "wilson_interval(z=)": lambda h: simulate.wilson_interval(3, 10, h),  # type: ignore[arg-type]
    "mean_interval(values)": lambda h: simulate.mean_interval(h),  # type: ignore[arg-type]
    "mean_interval(z=)": lambda h: simulate.mean_interval([1, 2, 4], h),  # type: ignore[arg-type]
    "Estimate.format(spec)": lambda h: simulate.Estimate(0.5, 0.25, 0.75).format(h),  # type: ignore[arg-type]
    "Estimate.format(percent=)": lambda h: simulate.Estimate(0.5, 0.25, 0.75).format(percent=h),  # type: ignore[arg-type]
    "Summary.from_records(records)": lambda h: simulate.Summary.from_records(h),  # type: ignore[arg-type]
    "Summary.from_records(rules=)": lambda h: simulate.Summary.from_records([RECORD], rules=h),  # type: ignore[arg-type]
    "Summary.from_records(seed=)": lambda h: simulate.Summary.from_records([RECORD], seed=h),  # type: ignore[arg-type]
    "Summary.from_records(keep_games=)": lambda h: simulate.Summary.from_records([RECORD], keep_games=h),  # type: ignore[arg-type]
    **{f"GameRecord({f.name})": _record(f.name) for f in attrs.fields(simulate.GameRecord)},
    "game_seed(seed)": lambda h: simulate.game_seed(h, 1),  # type: ignore[arg-type]
    "game_seed(index)": lambda h: simulate.game_seed(1, h),  # type: ignore[arg-type]
    "count_turns": lambda h: simulate.count_turns(h),  # type: ignore[arg-type]
    "play_chunk": lambda h: simulate.play_chunk(h),  # type: ignore[arg-type]
    "PoolExecutor": lambda h: simulate.PoolExecutor(h),
}


def only_nardy_errors(call: Callable[[object], object], value: object) -> None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", matfile.MatRepairWarning)
            call(value)
    except nardy.NardyError as exc:
        message = str(exc)  # the message itself prints
        assert 0 < len(message) <= 2000, message[:200]


@pytest.mark.parametrize("name", list(CASES))
@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(value=HOSTILE)
def test_hostile_arguments_raise_only_nardy_errors(name: str, value: object) -> None:
    only_nardy_errors(CASES[name], value)


REFUSED: list[tuple[str, Callable[[], object]]] = [
    ("Match(seed=)", lambda: "x"),
    ("Match(length)", lambda: HUGE),
    ("Match(crawford=)", lambda: "no"),
    ("Match(crawford_game=)", lambda: "no"),
    ("Game(crawford=)", lambda: "no"),
    ("Game.roll", lambda: {1, 2}),
    ("Game.roll", _generator),
    ("Game.roll", lambda: np.array([6, 5])),
    ("to_game_string", Opaque),
    ("state_string(pending)", lambda: Pending("play", WHITE, dice=None)),
    ("state_string(pending)", lambda: Pending("roll", WHITE, rolls=(HUGE, 0))),
    ("to_json(indent)", lambda: HUGE),
    ("to_json(indent)", lambda: [1]),
    ("from_mat(lenient=)", lambda: "no"),
    ("MatFile(tags).to_string", lambda: {"Site": HUGE}),
    ("MatFile(comments).to_string", lambda: 5),
    ("Match.from_games(games)", lambda: np.array([1, 2])),
    # calls that once let another exception escape
    ("from_text(rules)", lambda: HUGE),
    ("detect_format", lambda: None),
    ("detect_format", lambda: b"x"),
    ("state_string(rules)", lambda: None),
    ("state_string(position)", lambda: None),
    ("state_string(pending)", lambda: None),
    ("to_game_string", lambda: None),
    ("Game.play", lambda: nardy.Play(RUN, (HUGE, 5))),
    ("Game.position_after", lambda: nardy.Play(RUN, (HUGE, 5))),
    ("Game.play", lambda: nardy.Play(RUN, (BoolRaises(), BoolRaises()))),
    ("Game.play", lambda: nardy.Play((Step(24, 18, BoolRaises()), RUN[1]), (6, 5))),  # type: ignore[arg-type]
    ("Game.play", lambda: nardy.Play(RUN, (6.0, 5))),  # type: ignore[arg-type]
    ("to_dict(rng=)", lambda: np.array([1, 2])),
    ("to_json(indent)", lambda: ()),
    ("to_json(indent)", lambda: -HUGE),
    ("to_json(rng=)", BoolRaises),
    ("Match(seed=)", lambda: ()),
    ("from_mat(lenient=)", lambda: np.array([1, 2])),
    ("MatFile.from_string(lenient=)", lambda: np.array([1, 2])),
    ("from_mat(rules)", lambda: (_hand_made_context("stage", HUGE),)),
    ("simulate(games)", lambda: 0),
    ("simulate(workers=)", lambda: 0),
    ("simulate(rules)", lambda: 42),
    ("simulate(progress=)", lambda: 5),
    ("wilson_interval(trials)", lambda: 0),
    ("mean_interval(values)", lambda: []),
    ("Summary.from_records(records)", lambda: []),
]


@pytest.mark.parametrize("name, value", REFUSED, ids=[f"{name}-{i}" for i, (name, _) in enumerate(REFUSED)])
def test_values_once_taken_silently_are_refused(name: str, value: Callable[[], object]) -> None:
    """Values that nardy used to accept (or crash on): each is now refused."""
    with pytest.raises(nardy.NardyError) as info:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", matfile.MatRepairWarning)
            CASES[name](value())
    assert len(str(info.value)) < 300


def test_a_huge_match_length_is_refused_before_it_reaches_a_file() -> None:
    with pytest.raises(nardy.OptionError, match="an int of 5001 digits"):
        Match(SHORT, HUGE)
    biggest = Match(SHORT, nardy.match.MAX_POINTS)
    assert matfile.from_mat(matfile.to_mat(biggest)).length == nardy.match.MAX_POINTS


def test_no_argument_methods_in_every_phase_raise_only_nardy_errors() -> None:
    """Every method of a Game without arguments, in each phase, at most refuses."""
    cube = rolling()
    cube.double()
    for game in (rolling(), playing(), cube, finished()):
        for method in ("roll", "legal_plays", "afterstates", "next_steps", "double", "take", "drop", "beaver",
                       "resign", "undo", "can_double", "clone", "to_string", "history_with_positions", "result"):
            twin = game.clone()
            try:
                getattr(twin, method)()
            except nardy.NardyError as exc:
                assert str(exc)
