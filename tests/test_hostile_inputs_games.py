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

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nardy
from nardy.core import make_position
from nardy import BLACK, WHITE, Game, Match, Step, errors, formats, matfile, records
from nardy.flow import Pending

SHORT = nardy.ruleset("short", cube=True)
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


def _fresh_iterator() -> object:
    return iter((6, 5))


def _generator() -> object:
    return (die for die in (6, 5))


HOSTILE = st.one_of(
    st.sampled_from(
        [None, True, False, 0, -1, 1, 2, 3, 25, 2**63, HUGE, -HUGE, 0.5, float("nan"), float("inf"), "", " ",
         "x", "short", "long[cube=true]", "24/18", "w", b"61", bytearray(b"\x06\x01"), [], [6, 5], [[1, 2]], (),
         (6, 5), (HUGE, 1), {}, {"format": "nardy-game"}, {1, 2}, frozenset({3}), Opaque(), object, Step,
         WHITE, BLACK, SHORT, LONG, Pending("roll"), "\x00" * 3, "[" * 50, "9" * 5000,
         # values of nardy's own types, built by hand with fields of the wrong shape
         make_position("short", (1,) * 23, (0,) * 24, 0, 0, nardy.WHITE, True, True),
        make_position("long", None, None, 0, 0, 3, True, True),  # type: ignore[arg-type]
         nardy.Play(None, None), nardy.Play((Step(24, 18, 6),), (6, 5)), [Step(99, 1, 9)],  # type: ignore[arg-type]
         Pending("play", WHITE, dice=(9,)), Pending([], WHITE), Pending("roll", WHITE, rolls=(HUGE, 0)),  # type: ignore[arg-type]
         Pending("roll", WHITE, context=nardy.PlayContext("owed", None)),  # type: ignore[arg-type]
         Pending("cube", WHITE, cube="2", offer=HUGE)]  # type: ignore[arg-type]
    ),
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
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
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
