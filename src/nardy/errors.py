"""The exceptions nardy raises.

Every error is a :class:`NardyError`, which is a :class:`ValueError`, so callers
that only care about "bad input" can catch ``ValueError``.

>>> import nardy
>>> try:
...     nardy.ruleset("chess")
... except nardy.NardyError as exc:
...     print(type(exc).__name__)
UnknownRuleSetError
"""

from __future__ import annotations

__all__ = [
    "NardyError",
    "UnknownRuleSetError",
    "OptionError",
    "InvalidPositionError",
    "InvalidDiceError",
    "NotationError",
    "IllegalPlayError",
    "GameStateError",
]


class NardyError(ValueError):
    """Base class of every error raised by nardy."""


class UnknownRuleSetError(NardyError):
    """A ruleset name that is neither a registered name nor an alias."""


class OptionError(NardyError):
    """An unknown ruleset option, or a value the option does not accept."""


class InvalidPositionError(NardyError):
    """A position that cannot occur: wrong checker counts, shared points, bad shape."""


class InvalidDiceError(NardyError):
    """Dice values outside 1..6, or a roll of the wrong shape."""


class NotationError(NardyError):
    """Play notation that cannot be read (a syntax error, not an illegal play)."""


class IllegalPlayError(NardyError):
    """A play, or a step of one, that the rules forbid. The message names the rule."""


class GameStateError(NardyError):
    """An action the game cannot take now (playing before rolling, rolling twice, ...)."""
