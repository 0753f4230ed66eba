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
    "shown",
    "clip",
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


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters: input
    echoed in a message stays readable (and an int too long for ``repr`` is
    described instead).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    >>> shown(10 ** 5000)
    'an int of 5001 digits'
    """
    try:
        text = repr(value)
    except Exception:  # ints of more than sys.get_int_max_str_digits() digits, a broken __repr__
        if isinstance(value, int):
            return f"an int of {_digits(value)} digits"
        return f"a {type(value).__name__} that cannot be shown"
    if len(text) <= limit:
        return text
    return text[: limit - 4] + "..." + text[-1] if text[-1] in "'\")]}" else text[: limit - 3] + "..."


def _digits(value: int) -> int:
    """How many decimal digits an int has (without converting it to text)."""
    n = abs(value)
    digits = max(1, int(n.bit_length() * 0.30102999566398120))
    power: int = 10**digits
    return digits + (n >= power)


def clip(text: str, limit: int = 120) -> str:
    """A message (not a value) cut to ``limit`` characters.

    >>> clip("a" * 10, 6)
    'aaa...'
    """
    return text if len(text) <= limit else text[: limit - 3] + "..."
