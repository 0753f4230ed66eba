"""Pickles written by one build load in the other (docs/compiled.rst).

The compiled build compiles the modules that define the values (``nardy.core``,
``nardy.flow``), so a pickle must not depend on how a class was built: it names
the same module-level classes and functions, with the same state, in both
builds. Here the values are pickled in this process and loaded in another one
that runs the pure-Python source of this checkout (``src/`` on ``PYTHONPATH``),
and the other way round. In the pure-Python run both sides are the same build,
and the test checks the round trip alone; against an installed compiled build
it crosses builds.
"""

from __future__ import annotations

import os
import pickle
import pickletools
import subprocess
import sys
from pathlib import Path

import pytest

import nardy
from nardy import PlayContext, Step
from nardy.core import Player, Result
from nardy.flow import Pending

SRC = Path(__file__).resolve().parent.parent / "src"

#: builds the values to pickle, run in this process and in the other one
MAKE = """
import nardy
from nardy import PlayContext, Step
from nardy.core import Play, Player, Result
from nardy.flow import Pending

def values():
    rules = nardy.ruleset("long")
    start = rules.initial_position()
    plays = rules.legal_plays(start, (6, 5))
    game = nardy.Game(nardy.ruleset("gulbar"), seed=7)
    while game.plies < 12 and not game.is_over():
        if game.pending.phase == "roll":
            game.roll()
        else:
            game.play(game.legal_plays()[-1])
    derived = game.pending  # made by the turn flow, without the constructor's check
    return {
        "position": start,
        "position after": rules.apply(start, plays[-1]),
        "generated play": plays[-1],
        "play by hand": Play((Step(24, 18, 6), Step(24, 19, 5)), (6, 5)),
        "step": Step(13, 9, 4, True),
        "player": Player.BLACK,
        "context": PlayContext("stage", 2, final=True, cascade=True),
        "pending": Pending("roll", Player.WHITE, first_player=Player.WHITE, rolls=(3, 2), cube=2),
        "derived pending": derived,
        "owed pending": Pending("play", Player.BLACK, dice=(6, 6), context=PlayContext("owed"), owed=((6, 6),)),
        "result": Result(Player.WHITE, 2, "mars"),
        "game": game,
    }

def shown(value):
    # what a value is, in words both builds write alike
    if isinstance(value, nardy.Game):
        return (value.to_string(), [repr(event) for event in value.history], repr(value.pending))
    if isinstance(value, Play):
        return (repr(value), value.steps, value.dice, value.key, value.ordered,
                None if value.origin is None else value.origin.to_string())
    return repr(value)
"""

#: the other process: pickles from stdin (hex, one a line) loaded and shown, then its own pickles
OTHER = (
    MAKE
    + """
import pickle, sys
assert not nardy.COMPILED and nardy.__file__.startswith(sys.argv[1]), nardy.__file__
lines = sys.stdin.read().split()
for line in lines:
    print(repr(shown(pickle.loads(bytes.fromhex(line)))))
for name, value in values().items():
    print(pickle.dumps(value, protocol=int(sys.argv[2])).hex())
"""
)

namespace: dict[str, object] = {}
exec(MAKE, namespace)  # noqa: S102 - the same source runs in the other process
VALUES = namespace["values"]
SHOWN = namespace["shown"]


def _globals(data: bytes) -> set[str]:
    """The module-level names a pickle refers to (``module name``)."""
    names: set[str] = set()
    strings: list[str] = []
    for opcode, arg, _ in pickletools.genops(data):
        if isinstance(arg, str):
            strings.append(arg)
        if opcode.name == "GLOBAL":
            names.add(str(arg))
        elif opcode.name == "STACK_GLOBAL":
            names.add(" ".join(strings[-2:]))
    return names


@pytest.mark.parametrize("protocol", [2, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL])
def test_pickles_name_the_public_modules_only(protocol: int) -> None:
    for name, value in VALUES().items():  # type: ignore[operator]
        referred = {ref for ref in _globals(pickle.dumps(value, protocol=protocol)) if ref.startswith("nardy")}
        modules = {ref.split()[0] for ref in referred}
        assert modules <= {"nardy.core", "nardy.flow", "nardy.game", "nardy.rules"} | {
            m for m in modules if m.startswith("nardy.rules.")
        }, name
        for ref in referred:  # each one is what the module holds under that name
            module, _, attr = ref.partition(" ")
            assert getattr(sys.modules[module], attr.split(".")[0]) is not None, (name, ref)


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_pickles_load_in_the_pure_python_build_and_back(protocol: int) -> None:
    values = VALUES()  # type: ignore[operator]
    ours = "\n".join(pickle.dumps(value, protocol=protocol).hex() for value in values.values())
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    run = subprocess.run(
        [sys.executable, "-c", OTHER, str(SRC), str(protocol)],
        input=ours,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.split("\n")
    n = len(values)
    # ours, loaded there, is what it is here
    assert lines[:n] == [repr(SHOWN(value)) for value in values.values()]  # type: ignore[operator]
    # theirs, loaded here, equals ours and is what theirs is
    for (name, value), line in zip(values.items(), lines[n : 2 * n], strict=True):
        loaded = pickle.loads(bytes.fromhex(line))
        assert type(loaded) is type(value), name
        assert SHOWN(loaded) == SHOWN(value), name  # type: ignore[operator]
        if not isinstance(value, nardy.Game):
            assert loaded == value and hash(loaded) == hash(value), name
    assert isinstance(values["derived pending"], Pending) and isinstance(values["owed pending"], Pending)
    assert isinstance(values["result"], Result) and isinstance(values["player"], Player)
    assert isinstance(values["step"], Step) and isinstance(values["context"], PlayContext)
