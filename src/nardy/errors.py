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
    "format_dice",
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
    """A ruleset name that is neither a registered name nor an alias (or, given to
    :func:`nardy.rules.register`, a class that is not a ruleset or has no name)."""


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
    echoed in a message stays readable. It never raises: a value that cannot be
    shown (an int too long for ``repr``, an object whose ``repr`` fails) is
    described instead.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    >>> shown(10 ** 5000)
    'an int of 5001 digits'
    >>> class Broken:
    ...     def __repr__(self):
    ...         raise RuntimeError("no")
    >>> shown(Broken())
    'a Broken that cannot be shown'
    """
    limit = _limit(limit, 60)
    try:
        text = repr(value)
        if type(text) is not str:  # a __repr__ that returns no str (repr() refuses most)
            raise TypeError
    except Exception:  # noqa: BLE001 - whatever the value's repr raises, the message is made
        return _unshown(value)
    if len(text) <= limit:
        return text
    return text[: limit - 4] + "..." + text[-1] if text[-1] in "'\")]}" else text[: limit - 3] + "..."


def _limit(limit: object, default: int) -> int:
    """``limit`` if it is a usable length (an int of at least 5), else ``default``."""
    return limit if type(limit) is int and limit >= 5 else default


def _unshown(value: object) -> str:
    """What a message says of a value whose ``repr`` fails."""
    kind = type(value)
    try:
        if issubclass(kind, int):  # more than sys.get_int_max_str_digits() digits
            return f"an int of {_digits(int.__abs__(value))} digits"  # type: ignore[arg-type]
        name = kind.__name__
    except Exception:  # noqa: BLE001 - a class that hides its name
        name = ""
    return f"a {name if type(name) is str and name.isidentifier() else 'value'} that cannot be shown"


def _digits(n: int) -> int:
    """How many decimal digits a non-negative int has (without converting it to text)."""
    digits = max(1, int(n.bit_length() * 0.30102999566398120))
    power: int = 10**digits
    return digits + (n >= power)


def clip(text: str, limit: int = 120) -> str:
    """A message (not a value) cut to ``limit`` characters; anything but a str
    is shown as :func:`shown` shows it.

    >>> clip("a" * 10, 6)
    'aaa...'
    """
    limit = _limit(limit, 120)
    if type(text) is not str:
        return shown(text, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def format_dice(dice: object) -> str:
    """Dice as messages write them: the values joined by hyphens, the larger
    first. Anything that is not dice (bad input echoed in a message) is
    written as :func:`shown` writes it.

    >>> format_dice((5, 6)), format_dice([4, 4, 4])
    ('6-5', '4-4-4')
    >>> format_dice((0, 7))
    '(0, 7)'
    """
    if isinstance(dice, (tuple, list)) and 1 <= len(dice) <= 4 and all(type(d) is int and 1 <= d <= 6 for d in dice):
        return "-".join(str(d) for d in sorted(dice, reverse=True))
    return shown(dice)
