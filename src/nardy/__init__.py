"""nardy: a typed rules engine for the nardy (backgammon) family.

The core (positions, the move generator, rulesets, games and matches) is
importable from here; formats and tools are sibling modules that import it:
:mod:`nardy.notation`, :mod:`nardy.records`, :mod:`nardy.formats`,
:mod:`nardy.gnubg`, :mod:`nardy.xgid`, :mod:`nardy.matfile`, :mod:`nardy.render`,
:mod:`nardy.svg`, :mod:`nardy.agents`, :mod:`nardy.simulate`, and with the
``numpy`` extra :mod:`nardy.encoding` and the environments in :mod:`nardy.envs`.

>>> import nardy
>>> rules = nardy.ruleset("short")
>>> pos = rules.initial_position()
>>> [str(p) for p in rules.legal_plays(pos, (6, 5))][:3]
['24/13', '24/18 13/8', '24/18 8/3']
"""

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from nardy.core import (
    BAR,
    BLACK,
    CHANCE_OUTCOMES,
    CHECKERS,
    OFF,
    ROLLS,
    WHITE,
    Play,
    Player,
    Position,
    Result,
    Step,
    roll_probability,
)
from nardy.errors import (
    GameStateError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    NardyError,
    NotationError,
    OptionError,
    UnknownRuleSetError,
)
from nardy.game import Game
from nardy.match import Match
from nardy.rules import RULESET_NAMES, Afterstates, Pending, PlayContext, RuleSet, ruleset
from nardy.rules import kernel as _kernel

__version__ = "0.1.0"

#: True when the rules engine runs compiled with mypyc (installed with
#: ``NARDY_COMPILE=1``, see :doc:`/compiled`), False in the pure-Python build
COMPILED: bool = _kernel.__file__.endswith(tuple(_EXTENSION_SUFFIXES))

__all__ = [
    "Afterstates",
    "BAR",
    "BLACK",
    "CHANCE_OUTCOMES",
    "CHECKERS",
    "COMPILED",
    "OFF",
    "WHITE",
    "Game",
    "GameStateError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidPositionError",
    "Match",
    "NardyError",
    "NotationError",
    "OptionError",
    "Pending",
    "Play",
    "PlayContext",
    "Player",
    "Position",
    "ROLLS",
    "RULESET_NAMES",
    "Result",
    "RuleSet",
    "Step",
    "UnknownRuleSetError",
    "roll_probability",
    "ruleset",
]
