"""Bad input meets nardy's own checks, in the pure-Python and the compiled build alike.

A module compiled with mypyc checks every argument against its annotation
before the function body runs, and raises :class:`TypeError` for a ``str``
given where an ``int`` is declared; a ``bool`` parameter refuses ``1``. The
public entry points of the compiled modules therefore take what a caller
hands them as it is (``object``, ``Sequence``) and check it themselves, so
that both builds raise the same nardy error with the same message. Every case
here pins that error and message; the suite runs on both builds
(docs/compiled.rst).
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable

import pytest

import nardy
from nardy import (
    Game,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    NardyError,
    NotationError,
    OptionError,
    Play,
    Position,
    Step,
    UnknownRuleSetError,
)
from nardy.flow import PlayContext

SHORT = nardy.ruleset("short")
LONG = nardy.ruleset("long")
START = SHORT.initial_position()
EMPTY = (0,) * 24
OPENING = SHORT.legal_plays(START, (6, 5))[0]  # 24/13
RUN = [Step(24, 18, 6), Step(18, 13, 5)]  # 24/13 step by step


def _roll(dice: object) -> object:
    """Roll ``dice`` in a game whose player to act must roll."""
    game = Game(SHORT, seed=1)
    game.play(game.legal_plays()[0])
    return game.roll(dice)  # type: ignore[arg-type]


def _play(play: object) -> object:
    """Make ``play`` in a game whose player to act must play 6-5."""
    game = Game(SHORT, seed=1)
    game.play(game.legal_plays()[0])
    game.roll((6, 5))
    return game.play(play)  # type: ignore[arg-type]


def _validate(**fields: object) -> None:
    Position(**fields).validate()  # type: ignore[arg-type]


def _hand_play(steps: object, dice: object) -> Play:
    return Play(steps, dice)  # type: ignore[arg-type]


BAD_DICE: dict[str, object] = {
    "None": None,
    "int": 3,
    "str": "61",
    "bytes": b"\x06\x01",
    "bytearray": bytearray(b"\x06\x01"),
    "seven": (7, 1),
    "zero": (0, 1),
    "float": (1.0, 2),
    "bool first": (True, 2),
    "bool second": (2, True),
    "bools": [True, True],
    "one die": (6,),
    "three dice": (6, 1, 1),
    "None die": (None, 1),
    "five values": (1, 2, 3, 4, 5),
}

BAD_POSITIONS: dict[str, object] = {
    "str": START.to_string(),
    "None": None,
    "int": 3,
    "tuple": (START.white, START.black),
    "long family": LONG.initial_position(),
}

BAD_CONTEXTS: dict[str, object] = {"str": "roll", "None": None, "int": 3, "tuple": ("roll",)}

BAD_STEPS: dict[str, object] = {
    "str": "24/18",
    "None": None,
    "int": 5,
    "None step": [None],
    "plain tuple": [(24, 18, 6)],
    "float source": [Step(24.0, 18, 6)],  # type: ignore[arg-type]
    "str source": [Step("24", 18, 6)],  # type: ignore[arg-type]
    "bool die": [Step(24, 18, True)],
    "bool source": [Step(True, 18, 6)],
    "float target": [Step(24, 18.0, 6)],  # type: ignore[arg-type]
    "source 30": [Step(30, 24, 6)],
    "target not source less die": [Step(24, 14, 6)],
}

NOT_SOURCE_LESS_DIE = "not a step: Step(source=24, target=14, die=6, hit=False) (a 6 from 24 reaches 18)"

BAD_FLAGS: dict[str, object] = {"1": 1, "0": 0, "str": "yes", "None": None}

BAD_PLAYS: dict[str, object] = {
    "None": None,
    "notation": "24/13",
    "int": 5,
    "steps": tuple(RUN),
    "str step": _hand_play(("x",), (6, 5)),
    "bool die": _hand_play(tuple(RUN), (True, 5)),
    "dice as str": _hand_play(tuple(RUN), "65"),
    "dice None": _hand_play(tuple(RUN), None),
    "steps None": _hand_play(None, (6, 5)),
}

BAD_TEXT: dict[str, object] = {"None": None, "int": 5, "bytes": b"24/13", "list": ["24/13"], "junk": "24/13x"}

#: RuleSet.position(white=START.white, black=START.black, **changes)
BAD_POSITION_ARGS: dict[str, dict[str, object]] = {
    "white str": {"white": "x"},
    "white int": {"white": 5},
    "white None": {"white": None},
    "white bools": {"white": [True] * 15 + [0] * 9},
    "white 23": {"white": list(START.white)[:-1]},
    "white_bar bool": {"white_bar": True},
    "white_bar float": {"white_bar": 1.5},
    "white_bar str": {"white_bar": "1"},
    "white_bar None": {"white_bar": None},
    "black_bar negative": {"black_bar": -1},
    "turn int": {"turn": 0},
    "turn str": {"turn": "w"},
    "white_moved int": {"white_moved": 1},
    "black_moved str": {"black_moved": "yes"},
}

#: Position("short", EMPTY, EMPTY, **changes).validate()
BAD_FIELDS: dict[str, dict[str, object]] = {
    "family str": {"family": "x"},
    "family None": {"family": None},
    "turn int": {"turn": 0},
    "white list": {"white": [0] * 24},
    "white int": {"white": 5},
    "white None": {"white": None},
    "white bool": {"white": (True,) + EMPTY[1:]},
    "white 23": {"white": EMPTY[:-1]},
    "white_bar bool": {"white_bar": True},
    "white_bar float": {"white_bar": 1.5},
    "white_moved int": {"white_moved": 1},
    "black_moved None": {"black_moved": None},
}

#: nardy.ruleset(name, **options)
BAD_RULESETS: dict[str, tuple[object, dict[str, object]]] = {
    "name None": (None, {}),
    "name int": (5, {}),
    "bool option as int": ("long", {"last_roll_draw": 1}),
    "bool option as str": ("long", {"last_roll_draw": "yes"}),
    "bool option None": ("long", {"bearoff_exact_only": None}),
    "str option as int": ("long", {"doubles_rule": 1}),
    "str option as bool": ("short", {"opening_roll": True}),
    "int option as float": ("short", {"cube_max": 64.0}),
    "int option as bool": ("short", {"cube_max": True}),
}


def _cases() -> dict[str, Callable[[], object]]:
    """Each case by name: a call of a public entry point with one bad argument."""
    cases: dict[str, Callable[[], object]] = {}

    def add(name: str, func: Callable[..., object], *args: object, **kwargs: object) -> None:
        assert name not in cases, name
        cases[name] = functools.partial(func, *args, **kwargs)

    owed = PlayContext("owed")
    for label, dice in BAD_DICE.items():
        add(f"legal_plays dice {label}", SHORT.legal_plays, START, dice)
        add(f"afterstates dice {label}", SHORT.afterstates, START, dice)
        add(f"next_steps dice {label}", SHORT.next_steps, START, dice)
        add(f"play_from_steps dice {label}", SHORT.play_from_steps, START, dice, RUN)
        add(f"parse_play dice {label}", SHORT.parse_play, START, "24/13", dice)
        if label not in ("one die", "three dice"):  # owed values may be 1 to 4
            add(f"owed values {label}", SHORT.legal_plays, START, dice, owed)
        if label != "None":  # None rolls the game's dice
            add(f"Game.roll {label}", _roll, dice)
    for label, pos in BAD_POSITIONS.items():
        add(f"legal_plays position {label}", SHORT.legal_plays, pos, (6, 1))
        add(f"afterstates position {label}", SHORT.afterstates, pos, (6, 1))
        add(f"apply position {label}", SHORT.apply, pos, OPENING)
        add(f"parse_play position {label}", SHORT.parse_play, pos, "24/18", (6, 1))
        add(f"next_steps position {label}", SHORT.next_steps, pos, (6, 1))
        add(f"play_from_steps position {label}", SHORT.play_from_steps, pos, (6, 5), RUN)
        add(f"check_position {label}", SHORT.check_position, pos)
        add(f"winner position {label}", SHORT.winner, pos)
        add(f"deadlocked position {label}", SHORT.deadlocked, pos)
        if pos is not None:  # None is the initial position
            add(f"Game position {label}", Game, SHORT, position=pos)
    for label, context in BAD_CONTEXTS.items():
        add(f"legal_plays context {label}", SHORT.legal_plays, START, (6, 1), context)
        add(f"afterstates context {label}", SHORT.afterstates, START, (6, 1), context)
        add(f"next_steps context {label}", SHORT.next_steps, START, (6, 1), (), context)
        add(f"explain context {label}", SHORT.explain, START, (6, 1), [], context)
    for label, turn in {"str": "x", "int": 0, "bool": True}.items():
        add(f"afterstates turn {label}", SHORT.afterstates, START, (6, 5), turn=turn)
        add(f"apply turn {label}", SHORT.apply, START, OPENING, turn=turn)
    for label, flag in BAD_FLAGS.items():
        add(f"apply own_roll {label}", SHORT.apply, START, OPENING, own_roll=flag)
        add(f"play_from_steps any_order {label}", SHORT.play_from_steps, START, (6, 5), RUN, any_order=flag)
    for label, steps in BAD_STEPS.items():
        add(f"next_steps prefix {label}", SHORT.next_steps, START, (6, 1), steps)
        add(f"play_from_steps {label}", SHORT.play_from_steps, START, (6, 1), steps)
        add(f"explain steps {label}", SHORT.explain, START, (6, 1), steps)
    for label, play in BAD_PLAYS.items():
        add(f"apply play {label}", SHORT.apply, START, play)
        if label != "notation":  # a game reads notation
            add(f"Game.play {label}", _play, play)
    for label, text in BAD_TEXT.items():
        add(f"parse_play text {label}", SHORT.parse_play, START, text, (6, 5))
    for label, changes in BAD_POSITION_ARGS.items():
        add(f"RuleSet.position {label}", SHORT.position, **{"white": START.white, "black": START.black, **changes})
    for label, changes in BAD_FIELDS.items():
        add(f"Position.validate {label}", _validate, **{"family": "short", "white": EMPTY, "black": EMPTY, **changes})
    for label, (name, options) in BAD_RULESETS.items():
        add(f"ruleset {label}", nardy.ruleset, name, **options)
    for label, option in {"int": 5, "None": None, "bytes": b"cube"}.items():
        add(f"option {label}", SHORT.option, option)
        add(f"options[{label}]", SHORT.options.__getitem__, option)
    for label, text in {"None": None, "int": 5}.items():
        add(f"Position.from_string {label}", Position.from_string, text)
    for label, key in {"str": "x", "None": None, "float": 1.0, "negative": -1, "bool": True, "2**70": 2**70}.items():
        add(f"hit_points {label}", SHORT.hit_points, key)
    if importlib.util.find_spec("numpy") is not None:  # the arrays need numpy (nardy[numpy])
        _encoding_cases(add)
    return cases


def _encoding_cases(add: Callable[..., None]) -> None:
    """The cases of nardy.encoding's entry points (compiled too)."""
    from nardy import encoding

    for label, version in {"str": "1", "float": 1.0, "bool": True, "None": None, "2": 2}.items():
        add(f"tdgammon version {label}", encoding.tdgammon, START, version)
        add(f"observation version {label}", encoding.observation, START, version)
        add(f"observation_bounds version {label}", encoding.observation_bounds, version)
        add(f"step_to_action version {label}", encoding.step_to_action, RUN[0], version=version)
        add(f"action_to_step version {label}", encoding.action_to_step, 83, START, version=version)
        add(f"legal_steps version {label}", encoding.legal_steps, SHORT, START, (6, 5), version=version)
        add(f"legal_action_mask version {label}", encoding.legal_action_mask, SHORT, START, (6, 5), version=version)
    for label, action in {"str": "83", "float": 83.0, "bool": True, "None": None, "156": 156}.items():
        add(f"action_to_step action {label}", encoding.action_to_step, action, START)
    float_step = Step(24.0, 18, 6)  # type: ignore[arg-type]
    for label, step in {"plain tuple": (24, 18, 6), "str": "24/18", "None": None, "float": float_step}.items():
        add(f"step_to_action step {label}", encoding.step_to_action, step)
    for label, player in {"int": 0, "str": "white", "None": None}.items():
        add(f"tdgammon perspective {label}", encoding.tdgammon, START, perspective=player)
        if player is not None:  # None is the player to act
            add(f"observation perspective {label}", encoding.observation, START, perspective=player)
    for label, source in {"str": START.to_string(), "None": None, "int": 3}.items():
        add(f"tdgammon source {label}", encoding.tdgammon, source)
        add(f"observation source {label}", encoding.observation, source)
    for label, rules in {"str": "short", "None": None}.items():
        add(f"legal_steps rules {label}", encoding.legal_steps, rules, START, (6, 5))


CASES = _cases()

SHORT_OPTIONS = ", ".join(sorted(SHORT.options))

#: the error and message of each case, the same in both builds
EXPECTED: dict[str, tuple[type[nardy.NardyError], str]] = {
    "legal_plays dice None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "afterstates dice None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "next_steps dice None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "play_from_steps dice None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "parse_play dice None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "owed values None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "legal_plays dice int": (InvalidDiceError, "dice must be a sequence of ints 1..6, not 3"),
    "afterstates dice int": (InvalidDiceError, "dice must be a sequence of ints 1..6, not 3"),
    "next_steps dice int": (InvalidDiceError, "dice must be a sequence of ints 1..6, not 3"),
    "play_from_steps dice int": (InvalidDiceError, "dice must be a sequence of ints 1..6, not 3"),
    "parse_play dice int": (InvalidDiceError, "dice must be a sequence of ints 1..6, not 3"),
    "owed values int": (InvalidDiceError, "dice must be a sequence of ints 1..6, not 3"),
    "Game.roll int": (InvalidDiceError, "dice must be two ints 1..6 in a tuple or list, not 3"),
    "legal_plays dice str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '61'"),
    "afterstates dice str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '61'"),
    "next_steps dice str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '61'"),
    "play_from_steps dice str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '61'"),
    "parse_play dice str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '61'"),
    "owed values str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '61'"),
    "Game.roll str": (InvalidDiceError, "dice must be two ints 1..6 in a tuple or list, not '61'"),
    "legal_plays dice bytes": (InvalidDiceError, "dice must be a sequence of ints 1..6, not b'\\x06\\x01'"),
    "afterstates dice bytes": (InvalidDiceError, "dice must be a sequence of ints 1..6, not b'\\x06\\x01'"),
    "next_steps dice bytes": (InvalidDiceError, "dice must be a sequence of ints 1..6, not b'\\x06\\x01'"),
    "play_from_steps dice bytes": (InvalidDiceError, "dice must be a sequence of ints 1..6, not b'\\x06\\x01'"),
    "parse_play dice bytes": (InvalidDiceError, "dice must be a sequence of ints 1..6, not b'\\x06\\x01'"),
    "owed values bytes": (InvalidDiceError, "dice must be a sequence of ints 1..6, not b'\\x06\\x01'"),
    "legal_plays dice seven": (InvalidDiceError, "dice values must be ints 1..6, got (7, 1)"),
    "afterstates dice seven": (InvalidDiceError, "dice values must be ints 1..6, got (7, 1)"),
    "next_steps dice seven": (InvalidDiceError, "dice values must be ints 1..6, got (7, 1)"),
    "play_from_steps dice seven": (InvalidDiceError, "dice values must be ints 1..6, got (7, 1)"),
    "parse_play dice seven": (InvalidDiceError, "dice values must be ints 1..6, got (7, 1)"),
    "owed values seven": (InvalidDiceError, "dice values must be ints 1..6, got (7, 1)"),
    "Game.roll bytes": (InvalidDiceError, "dice must be two ints 1..6 in a tuple or list, not b'\\x06\\x01'"),
    "legal_plays dice bytearray": (
        InvalidDiceError, "dice must be a sequence of ints 1..6, not bytearray(b'\\x06\\x01')"
    ),
    "afterstates dice bytearray": (
        InvalidDiceError, "dice must be a sequence of ints 1..6, not bytearray(b'\\x06\\x01')"
    ),
    "next_steps dice bytearray": (
        InvalidDiceError, "dice must be a sequence of ints 1..6, not bytearray(b'\\x06\\x01')"
    ),
    "play_from_steps dice bytearray": (
        InvalidDiceError, "dice must be a sequence of ints 1..6, not bytearray(b'\\x06\\x01')"
    ),
    "parse_play dice bytearray": (
        InvalidDiceError, "dice must be a sequence of ints 1..6, not bytearray(b'\\x06\\x01')"
    ),
    "owed values bytearray": (InvalidDiceError, "dice must be a sequence of ints 1..6, not bytearray(b'\\x06\\x01')"),
    "Game.roll bytearray": (
        InvalidDiceError, "dice must be two ints 1..6 in a tuple or list, not bytearray(b'\\x06\\x01')"
    ),
    "Game.roll seven": (InvalidDiceError, "dice must be two ints 1..6, not (7, 1)"),
    "legal_plays dice zero": (InvalidDiceError, "dice values must be ints 1..6, got (0, 1)"),
    "afterstates dice zero": (InvalidDiceError, "dice values must be ints 1..6, got (0, 1)"),
    "next_steps dice zero": (InvalidDiceError, "dice values must be ints 1..6, got (0, 1)"),
    "play_from_steps dice zero": (InvalidDiceError, "dice values must be ints 1..6, got (0, 1)"),
    "parse_play dice zero": (InvalidDiceError, "dice values must be ints 1..6, got (0, 1)"),
    "owed values zero": (InvalidDiceError, "dice values must be ints 1..6, got (0, 1)"),
    "Game.roll zero": (InvalidDiceError, "dice must be two ints 1..6, not (0, 1)"),
    "legal_plays dice float": (InvalidDiceError, "dice values must be ints 1..6, got (1.0, 2)"),
    "afterstates dice float": (InvalidDiceError, "dice values must be ints 1..6, got (1.0, 2)"),
    "next_steps dice float": (InvalidDiceError, "dice values must be ints 1..6, got (1.0, 2)"),
    "play_from_steps dice float": (InvalidDiceError, "dice values must be ints 1..6, got (1.0, 2)"),
    "parse_play dice float": (InvalidDiceError, "dice values must be ints 1..6, got (1.0, 2)"),
    "owed values float": (InvalidDiceError, "dice values must be ints 1..6, got (1.0, 2)"),
    "Game.roll float": (InvalidDiceError, "dice must be two ints 1..6, not (1.0, 2)"),
    "legal_plays dice bool first": (InvalidDiceError, "dice values must be ints 1..6, got (True, 2)"),
    "afterstates dice bool first": (InvalidDiceError, "dice values must be ints 1..6, got (True, 2)"),
    "next_steps dice bool first": (InvalidDiceError, "dice values must be ints 1..6, got (True, 2)"),
    "play_from_steps dice bool first": (InvalidDiceError, "dice values must be ints 1..6, got (True, 2)"),
    "parse_play dice bool first": (InvalidDiceError, "dice values must be ints 1..6, got (True, 2)"),
    "owed values bool first": (InvalidDiceError, "dice values must be ints 1..6, got (True, 2)"),
    "Game.roll bool first": (InvalidDiceError, "dice must be two ints 1..6, not (True, 2)"),
    "legal_plays dice bool second": (InvalidDiceError, "dice values must be ints 1..6, got (2, True)"),
    "afterstates dice bool second": (InvalidDiceError, "dice values must be ints 1..6, got (2, True)"),
    "next_steps dice bool second": (InvalidDiceError, "dice values must be ints 1..6, got (2, True)"),
    "play_from_steps dice bool second": (InvalidDiceError, "dice values must be ints 1..6, got (2, True)"),
    "parse_play dice bool second": (InvalidDiceError, "dice values must be ints 1..6, got (2, True)"),
    "owed values bool second": (InvalidDiceError, "dice values must be ints 1..6, got (2, True)"),
    "Game.roll bool second": (InvalidDiceError, "dice must be two ints 1..6, not (2, True)"),
    "legal_plays dice bools": (InvalidDiceError, "dice values must be ints 1..6, got (True, True)"),
    "afterstates dice bools": (InvalidDiceError, "dice values must be ints 1..6, got (True, True)"),
    "next_steps dice bools": (InvalidDiceError, "dice values must be ints 1..6, got (True, True)"),
    "play_from_steps dice bools": (InvalidDiceError, "dice values must be ints 1..6, got (True, True)"),
    "parse_play dice bools": (InvalidDiceError, "dice values must be ints 1..6, got (True, True)"),
    "owed values bools": (InvalidDiceError, "dice values must be ints 1..6, got (True, True)"),
    "Game.roll bools": (InvalidDiceError, "dice must be two ints 1..6, not [True, True]"),
    "legal_plays dice one die": (InvalidDiceError, "a roll is two dice, got (6,)"),
    "afterstates dice one die": (InvalidDiceError, "a roll is two dice, got (6,)"),
    "next_steps dice one die": (InvalidDiceError, "a roll is two dice, got (6,)"),
    "play_from_steps dice one die": (InvalidDiceError, "a roll is two dice, got (6,)"),
    "parse_play dice one die": (InvalidDiceError, "a roll is two dice, got (6,)"),
    "Game.roll one die": (InvalidDiceError, "dice must be two ints 1..6, not (6,)"),
    "legal_plays dice three dice": (InvalidDiceError, "a roll is two dice, got (6, 1, 1)"),
    "afterstates dice three dice": (InvalidDiceError, "a roll is two dice, got (6, 1, 1)"),
    "next_steps dice three dice": (InvalidDiceError, "a roll is two dice, got (6, 1, 1)"),
    "play_from_steps dice three dice": (InvalidDiceError, "a roll is two dice, got (6, 1, 1)"),
    "parse_play dice three dice": (InvalidDiceError, "a roll is two dice, got (6, 1, 1)"),
    "Game.roll three dice": (InvalidDiceError, "dice must be two ints 1..6, not (6, 1, 1)"),
    "legal_plays dice None die": (InvalidDiceError, "dice values must be ints 1..6, got (None, 1)"),
    "afterstates dice None die": (InvalidDiceError, "dice values must be ints 1..6, got (None, 1)"),
    "next_steps dice None die": (InvalidDiceError, "dice values must be ints 1..6, got (None, 1)"),
    "play_from_steps dice None die": (InvalidDiceError, "dice values must be ints 1..6, got (None, 1)"),
    "parse_play dice None die": (InvalidDiceError, "dice values must be ints 1..6, got (None, 1)"),
    "owed values None die": (InvalidDiceError, "dice values must be ints 1..6, got (None, 1)"),
    "Game.roll None die": (InvalidDiceError, "dice must be two ints 1..6, not (None, 1)"),
    "legal_plays dice five values": (InvalidDiceError, "a play uses 1 to 4 values, got (1, 2, 3, 4, 5)"),
    "afterstates dice five values": (InvalidDiceError, "a play uses 1 to 4 values, got (1, 2, 3, 4, 5)"),
    "next_steps dice five values": (InvalidDiceError, "a play uses 1 to 4 values, got (1, 2, 3, 4, 5)"),
    "play_from_steps dice five values": (InvalidDiceError, "a play uses 1 to 4 values, got (1, 2, 3, 4, 5)"),
    "parse_play dice five values": (InvalidDiceError, "a play uses 1 to 4 values, got (1, 2, 3, 4, 5)"),
    "owed values five values": (InvalidDiceError, "a play uses 1 to 4 values, got (1, 2, 3, 4, 5)"),
    "Game.roll five values": (InvalidDiceError, "dice must be two ints 1..6, not (1, 2, 3, 4, 5)"),
    "legal_plays position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "afterstates position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "apply position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "parse_play position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "next_steps position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "play_from_steps position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "check_position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "Game position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "legal_plays position None": (InvalidPositionError, "expected a Position, not None"),
    "afterstates position None": (InvalidPositionError, "expected a Position, not None"),
    "apply position None": (InvalidPositionError, "expected a Position, not None"),
    "parse_play position None": (InvalidPositionError, "expected a Position, not None"),
    "next_steps position None": (InvalidPositionError, "expected a Position, not None"),
    "play_from_steps position None": (InvalidPositionError, "expected a Position, not None"),
    "check_position None": (InvalidPositionError, "expected a Position, not None"),
    "legal_plays position int": (InvalidPositionError, "expected a Position, not 3"),
    "afterstates position int": (InvalidPositionError, "expected a Position, not 3"),
    "apply position int": (InvalidPositionError, "expected a Position, not 3"),
    "parse_play position int": (InvalidPositionError, "expected a Position, not 3"),
    "next_steps position int": (InvalidPositionError, "expected a Position, not 3"),
    "play_from_steps position int": (InvalidPositionError, "expected a Position, not 3"),
    "check_position int": (InvalidPositionError, "expected a Position, not 3"),
    "Game position int": (InvalidPositionError, "expected a Position, not 3"),
    "legal_plays position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "afterstates position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "apply position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "parse_play position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "next_steps position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "play_from_steps position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "check_position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "Game position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "legal_plays position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "afterstates position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "apply position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "parse_play position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "next_steps position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "play_from_steps position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "check_position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "Game position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "legal_plays context str": (InvalidDiceError, "context must be a PlayContext, not 'roll'"),
    "afterstates context str": (InvalidDiceError, "context must be a PlayContext, not 'roll'"),
    "next_steps context str": (InvalidDiceError, "context must be a PlayContext, not 'roll'"),
    "explain context str": (InvalidDiceError, "context must be a PlayContext, not 'roll'"),
    "legal_plays context None": (InvalidDiceError, "context must be a PlayContext, not None"),
    "afterstates context None": (InvalidDiceError, "context must be a PlayContext, not None"),
    "next_steps context None": (InvalidDiceError, "context must be a PlayContext, not None"),
    "explain context None": (InvalidDiceError, "context must be a PlayContext, not None"),
    "legal_plays context int": (InvalidDiceError, "context must be a PlayContext, not 3"),
    "afterstates context int": (InvalidDiceError, "context must be a PlayContext, not 3"),
    "next_steps context int": (InvalidDiceError, "context must be a PlayContext, not 3"),
    "explain context int": (InvalidDiceError, "context must be a PlayContext, not 3"),
    "legal_plays context tuple": (InvalidDiceError, "context must be a PlayContext, not ('roll',)"),
    "afterstates context tuple": (InvalidDiceError, "context must be a PlayContext, not ('roll',)"),
    "next_steps context tuple": (InvalidDiceError, "context must be a PlayContext, not ('roll',)"),
    "explain context tuple": (InvalidDiceError, "context must be a PlayContext, not ('roll',)"),
    "afterstates turn str": (InvalidPositionError, "turn must be a Player, not 'x'"),
    "apply turn str": (InvalidPositionError, "turn must be a Player, not 'x'"),
    "afterstates turn int": (InvalidPositionError, "turn must be a Player, not 0"),
    "apply turn int": (InvalidPositionError, "turn must be a Player, not 0"),
    "afterstates turn bool": (InvalidPositionError, "turn must be a Player, not True"),
    "apply turn bool": (InvalidPositionError, "turn must be a Player, not True"),
    "apply own_roll 1": (IllegalPlayError, "own_roll must be a bool, not 1"),
    "play_from_steps any_order 1": (IllegalPlayError, "any_order must be a bool, not 1"),
    "apply own_roll 0": (IllegalPlayError, "own_roll must be a bool, not 0"),
    "play_from_steps any_order 0": (IllegalPlayError, "any_order must be a bool, not 0"),
    "apply own_roll str": (IllegalPlayError, "own_roll must be a bool, not 'yes'"),
    "play_from_steps any_order str": (IllegalPlayError, "any_order must be a bool, not 'yes'"),
    "apply own_roll None": (IllegalPlayError, "own_roll must be a bool, not None"),
    "play_from_steps any_order None": (IllegalPlayError, "any_order must be a bool, not None"),
    "next_steps prefix str": (IllegalPlayError, "steps must be a sequence of Step values, not '24/18'"),
    "play_from_steps str": (IllegalPlayError, "steps must be a sequence of Step values, not '24/18'"),
    "explain steps str": (IllegalPlayError, "steps must be a sequence of Step values, not '24/18'"),
    "next_steps prefix None": (IllegalPlayError, "steps must be a sequence of Step values, not None"),
    "play_from_steps None": (IllegalPlayError, "steps must be a sequence of Step values, not None"),
    "explain steps None": (IllegalPlayError, "steps must be a sequence of Step values, not None"),
    "next_steps prefix int": (IllegalPlayError, "steps must be a sequence of Step values, not 5"),
    "play_from_steps int": (IllegalPlayError, "steps must be a sequence of Step values, not 5"),
    "explain steps int": (IllegalPlayError, "steps must be a sequence of Step values, not 5"),
    "next_steps prefix None step": (IllegalPlayError, "not a step: None"),
    "play_from_steps None step": (IllegalPlayError, "not a step: None"),
    "explain steps None step": (IllegalPlayError, "not a step: None"),
    "next_steps prefix plain tuple": (IllegalPlayError, "not a step: (24, 18, 6)"),
    "play_from_steps plain tuple": (IllegalPlayError, "not a step: (24, 18, 6)"),
    "explain steps plain tuple": (IllegalPlayError, "not a step: (24, 18, 6)"),
    "next_steps prefix float source": (
        IllegalPlayError,
        "not a step: Step(source=24.0, target=18, die=6, hit=False)",
    ),
    "play_from_steps float source": (
        IllegalPlayError,
        "not a step: Step(source=24.0, target=18, die=6, hit=False)",
    ),
    "explain steps float source": (IllegalPlayError, "not a step: Step(source=24.0, target=18, die=6, hit=False)"),
    "next_steps prefix str source": (
        IllegalPlayError,
        "not a step: Step(source='24', target=18, die=6, hit=False)",
    ),
    "play_from_steps str source": (IllegalPlayError, "not a step: Step(source='24', target=18, die=6, hit=False)"),
    "explain steps str source": (IllegalPlayError, "not a step: Step(source='24', target=18, die=6, hit=False)"),
    "next_steps prefix bool die": (
        IllegalPlayError,
        "not a step: Step(source=24, target=18, die=True, hit=False)",
    ),
    "play_from_steps bool die": (IllegalPlayError, "not a step: Step(source=24, target=18, die=True, hit=False)"),
    "explain steps bool die": (IllegalPlayError, "not a step: Step(source=24, target=18, die=True, hit=False)"),
    "next_steps prefix bool source": (
        IllegalPlayError,
        "not a step: Step(source=True, target=18, die=6, hit=False)",
    ),
    "play_from_steps bool source": (
        IllegalPlayError,
        "not a step: Step(source=True, target=18, die=6, hit=False)",
    ),
    "explain steps bool source": (IllegalPlayError, "not a step: Step(source=True, target=18, die=6, hit=False)"),
    "next_steps prefix float target": (
        IllegalPlayError,
        "not a step: Step(source=24, target=18.0, die=6, hit=False)",
    ),
    "play_from_steps float target": (
        IllegalPlayError,
        "not a step: Step(source=24, target=18.0, die=6, hit=False)",
    ),
    "explain steps float target": (IllegalPlayError, "not a step: Step(source=24, target=18.0, die=6, hit=False)"),
    "next_steps prefix source 30": (
        IllegalPlayError,
        "not a step: Step(source=30, target=24, die=6, hit=False) (source 1..25, target 0..24, die 1..6)",
    ),
    "play_from_steps source 30": (
        IllegalPlayError,
        "not a step: Step(source=30, target=24, die=6, hit=False) (source 1..25, target 0..24, die 1..6)",
    ),
    "explain steps source 30": (
        IllegalPlayError,
        "not a step: Step(source=30, target=24, die=6, hit=False) (source 1..25, target 0..24, die 1..6)",
    ),
    "next_steps prefix target not source less die": (IllegalPlayError, NOT_SOURCE_LESS_DIE),
    "play_from_steps target not source less die": (IllegalPlayError, NOT_SOURCE_LESS_DIE),
    "explain steps target not source less die": (IllegalPlayError, NOT_SOURCE_LESS_DIE),
    "apply play None": (IllegalPlayError, "expected a Play, got None"),
    "Game.play None": (IllegalPlayError, "expected a Play or notation, got None"),
    "apply play notation": (IllegalPlayError, "expected a Play, got '24/13'"),
    "apply play int": (IllegalPlayError, "expected a Play, got 5"),
    "Game.play int": (IllegalPlayError, "expected a Play or notation, got 5"),
    "apply play steps": (
        IllegalPlayError,
        "expected a Play, got (Step(source=24, target=18, die=6, hit=False), Step(sour...)",
    ),
    "Game.play steps": (
        IllegalPlayError,
        "expected a Play or notation, got (Step(source=24, target=18, die=6, hit=False), Step(sour...)",
    ),
    "apply play str step": (IllegalPlayError, "not a step: 'x'"),
    "Game.play str step": (IllegalPlayError, "not a step: 'x'"),
    "apply play bool die": (InvalidDiceError, "dice values must be ints 1..6, got (True, 5)"),
    "Game.play bool die": (IllegalPlayError, "24/13: made with (True, 5), but the dice to play are 6-5"),
    "apply play dice as str": (InvalidDiceError, "dice must be a sequence of ints 1..6, not '65'"),
    "Game.play dice as str": (IllegalPlayError, "24/13: made with '65', but the dice to play are 6-5"),
    "apply play dice None": (InvalidDiceError, "dice must be a sequence of ints 1..6, not None"),
    "Game.play dice None": (IllegalPlayError, "24/13: made with None, but the dice to play are 6-5"),
    "apply play steps None": (IllegalPlayError, "steps must be a sequence of Step values, not None"),
    "Game.play steps None": (IllegalPlayError, "steps must be a sequence of Step values, not None"),
    "parse_play text None": (NotationError, "play notation must be a str, not None"),
    "parse_play text int": (NotationError, "play notation must be a str, not 5"),
    "parse_play text bytes": (NotationError, "play notation must be a str, not b'24/13'"),
    "parse_play text list": (NotationError, "play notation must be a str, not ['24/13']"),
    "parse_play text junk": (NotationError, "'24/13x': '13x' is not a point (use 1..24, bar, off)"),
    "RuleSet.position white str": (InvalidPositionError, "white and black must be sequences of 24 ints"),
    "RuleSet.position white int": (InvalidPositionError, "white and black must be sequences of 24 ints"),
    "RuleSet.position white None": (InvalidPositionError, "white and black must be sequences of 24 ints"),
    "RuleSet.position white bools": (
        InvalidPositionError,
        "white point 1: count must be a non-negative int, got True",
    ),
    "RuleSet.position white 23": (InvalidPositionError, "white needs 24 point counts, got 23"),
    "RuleSet.position white_bar bool": (InvalidPositionError, "white bar must be a non-negative int, got True"),
    "RuleSet.position white_bar float": (InvalidPositionError, "white bar must be a non-negative int, got 1.5"),
    "RuleSet.position white_bar str": (InvalidPositionError, "white bar must be a non-negative int, got '1'"),
    "RuleSet.position white_bar None": (InvalidPositionError, "white bar must be a non-negative int, got None"),
    "RuleSet.position black_bar negative": (InvalidPositionError, "black bar must be a non-negative int, got -1"),
    "RuleSet.position turn int": (InvalidPositionError, "turn must be Player.WHITE or Player.BLACK, not 0"),
    "RuleSet.position turn str": (InvalidPositionError, "turn must be Player.WHITE or Player.BLACK, not 'w'"),
    "RuleSet.position white_moved int": (InvalidPositionError, "white_moved must be a bool, not 1"),
    "RuleSet.position black_moved str": (InvalidPositionError, "black_moved must be a bool, not 'yes'"),
    "Position.validate family str": (InvalidPositionError, "unknown family 'x': use 'short' or 'long'"),
    "Position.validate family None": (InvalidPositionError, "unknown family None: use 'short' or 'long'"),
    "Position.validate turn int": (InvalidPositionError, "turn must be a Player, not 0"),
    "Position.validate white list": (
        InvalidPositionError,
        "white needs 24 point counts, got [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0...]",
    ),
    "Position.validate white int": (InvalidPositionError, "white needs 24 point counts, got 5"),
    "Position.validate white None": (InvalidPositionError, "white needs 24 point counts, got None"),
    "Position.validate white bool": (
        InvalidPositionError,
        "white point 1: count must be a non-negative int, got True",
    ),
    "Position.validate white 23": (InvalidPositionError, "white needs 24 point counts, got 23"),
    "Position.validate white_bar bool": (InvalidPositionError, "white bar must be a non-negative int, got True"),
    "Position.validate white_bar float": (InvalidPositionError, "white bar must be a non-negative int, got 1.5"),
    "Position.validate white_moved int": (InvalidPositionError, "white_moved must be a bool, not 1"),
    "Position.validate black_moved None": (InvalidPositionError, "black_moved must be a bool, not None"),
    "ruleset name None": (UnknownRuleSetError, "a ruleset name is a str, not None"),
    "ruleset name int": (UnknownRuleSetError, "a ruleset name is a str, not 5"),
    "ruleset bool option as int": (OptionError, "option last_roll_draw=1 is not allowed; use one of: False, True"),
    "ruleset bool option as str": (
        OptionError,
        "option last_roll_draw='yes' is not allowed; use one of: False, True",
    ),
    "ruleset bool option None": (
        OptionError,
        "option bearoff_exact_only=None is not allowed; use one of: False, True",
    ),
    "ruleset str option as int": (
        OptionError,
        "option doubles_rule=1 is not allowed; use one of: 'normal', 'gulbar', 'cascade'",
    ),
    "ruleset str option as bool": (
        OptionError,
        "option opening_roll=True is not allowed; use one of: 'use_opening_dice', 'reroll'",
    ),
    "ruleset int option as float": (
        OptionError,
        "option cube_max=64.0 is not allowed; use one of: an int from 2 to 1024",
    ),
    "ruleset int option as bool": (
        OptionError,
        "option cube_max=True is not allowed; use one of: an int from 2 to 1024",
    ),
    "option int": (OptionError, f"short has no option 5; its options are: {SHORT_OPTIONS}"),
    "options[int]": (OptionError, f"short has no option 5; its options are: {SHORT_OPTIONS}"),
    "option None": (OptionError, f"short has no option None; its options are: {SHORT_OPTIONS}"),
    "options[None]": (OptionError, f"short has no option None; its options are: {SHORT_OPTIONS}"),
    "option bytes": (OptionError, f"short has no option b'cube'; its options are: {SHORT_OPTIONS}"),
    "options[bytes]": (OptionError, f"short has no option b'cube'; its options are: {SHORT_OPTIONS}"),
    "Position.from_string None": (
        InvalidPositionError,
        "a position string has 5 fields (name, white, black, turn, flags), got None",
    ),
    "Position.from_string int": (
        InvalidPositionError,
        "a position string has 5 fields (name, white, black, turn, flags), got 5",
    ),
    "winner position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "deadlocked position str": (
        InvalidPositionError,
        "expected a Position, not 'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'",
    ),
    "winner position None": (InvalidPositionError, "expected a Position, not None"),
    "deadlocked position None": (InvalidPositionError, "expected a Position, not None"),
    "winner position int": (InvalidPositionError, "expected a Position, not 3"),
    "deadlocked position int": (InvalidPositionError, "expected a Position, not 3"),
    "winner position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "deadlocked position tuple": (
        InvalidPositionError,
        "expected a Position, not ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, ...)",
    ),
    "winner position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "deadlocked position long family": (
        InvalidPositionError,
        "a long-family position cannot be used with short (short family)",
    ),
    "hit_points str": (IllegalPlayError, "a board key is a non-negative int, not 'x'"),
    "hit_points None": (IllegalPlayError, "a board key is a non-negative int, not None"),
    "hit_points float": (IllegalPlayError, "a board key is a non-negative int, not 1.0"),
    "hit_points negative": (IllegalPlayError, "a board key is a non-negative int, not -1"),
    "hit_points bool": (IllegalPlayError, "a board key is a non-negative int, not True"),
    "hit_points 2**70": (
        IllegalPlayError,
        "not a board key: 1180591620717411303424 (a board key is a Play.key of the search)",
    ),
}

#: the cases of nardy.encoding (the versions' message names the encoding: a step's is "action")
ENCODING_EXPECTED: dict[str, tuple[type[nardy.NardyError], str]] = {
    f"{entry} version {label}": (NardyError, f"{kind} version {shown} is not known; known versions: 1")
    for label, shown in {"str": "'1'", "float": "1.0", "bool": "True", "None": "None", "2": "2"}.items()
    for entry, kind in {
        "tdgammon": "tdgammon",
        "observation": "observation",
        "observation_bounds": "observation",
        "step_to_action": "action",
        "action_to_step": "action",
        "legal_steps": "action",
        "legal_action_mask": "action",
    }.items()
} | {
    "action_to_step action str": (IllegalPlayError, "an action is an int in 0..155, not '83'"),
    "action_to_step action float": (IllegalPlayError, "an action is an int in 0..155, not 83.0"),
    "action_to_step action bool": (IllegalPlayError, "an action is an int in 0..155, not True"),
    "action_to_step action None": (IllegalPlayError, "an action is an int in 0..155, not None"),
    "action_to_step action 156": (IllegalPlayError, "action 156 is outside the step action space 0..155"),
    "step_to_action step plain tuple": (IllegalPlayError, "expected a Step, got (24, 18, 6)"),
    "step_to_action step str": (IllegalPlayError, "expected a Step, got '24/18'"),
    "step_to_action step None": (IllegalPlayError, "expected a Step, got None"),
    "step_to_action step float": (IllegalPlayError, "not a step: Step(source=24.0, target=18, die=6, hit=False)"),
    "tdgammon perspective int": (NardyError, "perspective must be Player.WHITE or Player.BLACK, not 0"),
    "observation perspective int": (NardyError, "perspective must be Player.WHITE or Player.BLACK, None, not 0"),
    "tdgammon perspective str": (NardyError, "perspective must be Player.WHITE or Player.BLACK, not 'white'"),
    "observation perspective str": (
        NardyError,
        "perspective must be Player.WHITE or Player.BLACK, None, not 'white'",
    ),
    "tdgammon perspective None": (NardyError, "perspective must be Player.WHITE or Player.BLACK, not None"),
    "tdgammon source str": (NardyError, f"tdgammon() needs a Game or a Position, not {START.to_string()!r}"),
    "observation source str": (NardyError, f"observation() needs a Game or a Position, not {START.to_string()!r}"),
    "tdgammon source None": (NardyError, "tdgammon() needs a Game or a Position, not None"),
    "observation source None": (NardyError, "observation() needs a Game or a Position, not None"),
    "tdgammon source int": (NardyError, "tdgammon() needs a Game or a Position, not 3"),
    "observation source int": (NardyError, "observation() needs a Game or a Position, not 3"),
    "legal_steps rules str": (NardyError, "rules must be a nardy RuleSet (see nardy.ruleset), not 'short'"),
    "legal_steps rules None": (NardyError, "rules must be a nardy RuleSet (see nardy.ruleset), not None"),
}
if importlib.util.find_spec("numpy") is not None:
    EXPECTED |= ENCODING_EXPECTED


def test_every_case_has_its_expected_error() -> None:
    assert set(CASES) == set(EXPECTED)


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_raises_the_same_nardy_error_in_both_builds(name: str) -> None:
    error, message = EXPECTED[name]
    with pytest.raises(nardy.NardyError) as info:
        CASES[name]()
    assert (type(info.value), str(info.value)) == (error, message)


def test_the_build_is_named() -> None:
    assert isinstance(nardy.COMPILED, bool)
    assert "COMPILED" in nardy.__all__
    # the compiled build compiles the rules engine; nardy.core stays Python in both
    assert nardy.COMPILED == (not nardy.rules.kernel.__file__.endswith(".py"))
