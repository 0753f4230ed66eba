"""Ruleset options (RULES.md Appendix B): their declarations and the shared ones.

Every ruleset declares the options it accepts in ``OPTIONS``, each an
:class:`Option` with its allowed values and this ruleset's default. Reading an
option a ruleset does not declare is an error (:class:`~nardy.OptionError`),
never a silent default.

>>> import nardy
>>> rules = nardy.ruleset("long", block_check="step")
>>> rules.option("block_check"), rules.options["head_limit"]
('step', 1)
>>> rules.option("hide_zone")
Traceback (most recent call last):
...
nardy.errors.OptionError: long has no option 'hide_zone'; its options are: bearoff_exact_only, ...
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from nardy.errors import OptionError, shown

__all__ = [
    "Option",
    "Options",
    "opening_roll",
    "last_roll_draw",
    "next_game_first",
    "bearoff_options",
    "cube_options",
    "doubles_options",
    "with_defaults",
    "without",
]


@attrs.frozen
class Option:
    """A named ruleset option: its allowed values and its default for one ruleset.

    >>> Option("beaver", (False, True), False).check(True)
    True
    """

    name: str
    values: tuple[object, ...]
    default: object
    doc: str = ""
    #: how to name the allowed values in an error, when listing them all would not help
    hint: str = ""

    def check(self, value: object) -> object:
        """``value`` if the option allows it, else :class:`~nardy.OptionError`."""
        for allowed in self.values:
            if type(value) is type(allowed) and value == allowed:  # the type first: a foreign == may raise
                return allowed
        allowed_values = self.hint or ", ".join(repr(v) for v in self.values)
        raise OptionError(f"option {self.name}={shown(value)} is not allowed; use one of: {allowed_values}")


class Options(Mapping[str, Any]):
    """A ruleset's option values, read-only. Looking up an option the ruleset does
    not declare raises :class:`~nardy.OptionError` (``get`` included)."""

    __slots__ = ("_owner", "_values")

    def __init__(self, owner: str, values: dict[str, Any]) -> None:
        self._owner = owner
        self._values = values

    def __getitem__(self, name: object) -> Any:
        if isinstance(name, str) and name in self._values:
            return self._values[name]
        allowed = ", ".join(sorted(self._values)) or "none"
        raise OptionError(f"{self._owner} has no option {shown(name)}; its options are: {allowed}")

    def get(self, name: object, default: Any = None) -> Any:
        """The value of a declared option (an undeclared one is an error, not ``default``)."""
        return self[name]

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Options):
            return self._values == other._values
        return isinstance(other, Mapping) and dict(self._values) == dict(other)

    def __hash__(self) -> int:
        return hash(tuple(sorted((k, repr(v)) for k, v in self._values.items())))

    def __repr__(self) -> str:
        return repr(self._values)


def opening_roll(default: str) -> Option:
    return Option(
        "opening_roll",
        ("use_opening_dice", "reroll"),
        default,
        "after the one-die opening roll the winner plays those two dice "
        "(use_opening_dice) or rolls both dice afresh (reroll)",
    )


def next_game_first(default: str) -> Option:
    return Option(
        "next_game_first",
        ("opening_roll", "alternate", "winner"),
        default,
        "who starts the next game of a match or session: a new opening roll, "
        "the players in turn, or the previous game's winner",
    )


def last_roll_draw(default: bool = False) -> Option:
    return Option(
        "last_roll_draw",
        (False, True),
        default,
        "if the first player bears off its last checker, the other player gets one more "
        "turn; bearing off everything in it makes the game a draw",
    )


def bearoff_options(
    overshoot: str = "current", exact_only: bool = False, home_moves: bool = True
) -> tuple[Option, ...]:
    """The bear-off options of RULES.md 3.4."""
    return (
        Option(
            "bearoff_overshoot_check",
            ("current", "turn_start"),
            overshoot,
            "turn_start also forbids bearing off with a larger die if a checker stood on "
            "that point or higher at the start of the play",
        ),
        Option(
            "bearoff_exact_only",
            (False, True),
            exact_only,
            "a checker may be borne off only from the point matching the die",
        ),
        Option(
            "home_moves_after_all_home",
            (True, False),
            home_moves,
            "False: once all checkers are home, every step must bear off",
        ),
    )


def cube_options() -> tuple[Option, ...]:
    """The doubling cube ("dave", RULES.md 4.1): off by default in every ruleset."""
    return (
        Option("cube", (False, True), False, "play with the doubling cube"),
        Option(
            "cube_progression",
            ("geometric", "arithmetic"),
            "geometric",
            "a double multiplies the stake by 2 (geometric) or adds 1 (arithmetic: 1, 2, 3, ...)",
        ),
        Option(
            "cube_max",
            tuple(range(2, 1025)),
            64,
            "the highest cube value",
            hint="an int from 2 to 1024",
        ),
        Option(
            "beaver",
            (False, True),
            False,
            "the doubled player may redouble at once, keeping the cube",
        ),
        Option(
            "gammons_with_cube",
            (True, False),
            True,
            "False: with the cube in play, mars and koks count as oin",
        ),
        Option(
            "jacoby",
            (False, True),
            False,
            "mars and koks count as oin unless the cube has been turned",
        ),
        Option(
            "cube_after_first_move",
            (False, True),
            False,
            "no double before the player has made its first play",
        ),
    )


def doubles_options(
    doubles_rule: str = "normal",
    transfer_if_none_played: bool = True,
    owed_head_limit: int | None = 1,
    cascade_owed: bool = False,
    cascade_stop: str = "all_home",
) -> tuple[Option, ...]:
    """The doubles options of a long-family ruleset (RULES.md 4.4-4.8), with its defaults."""
    return (
        Option("doubles_rule", ("normal", "gulbar", "cascade"), doubles_rule, "how doubles are played"),
        Option(
            "transfer_if_none_played",
            (True, False),
            transfer_if_none_played,
            "a roll of which no value can be played is owed whole (True) or lost (False)",
        ),
        Option(
            "transfer_non_doubles",
            (False, True),
            False,
            "unplayed values of a non-double are owed too (Uzbek gulbar)",
        ),
        Option(
            "owed_head_limit",
            (1, None),
            owed_head_limit,
            "head checkers allowed in a play of owed steps",
        ),
        Option(
            "head_limit_scope",
            ("roll", "turn"),
            "roll",
            "the head allowance is per roll (each re-roll/stage anew) or per turn",
        ),
        Option(
            "cascade_owed",
            (False, True),
            cascade_owed,
            "unplayed steps of a cascade stage and the later stages are owed by the opponent",
        ),
        Option(
            "cascade_stop",
            ("all_home", "fourth_step"),
            cascade_stop,
            "the cascade stops once all checkers are home (after finishing the stage); "
            "fourth_step: if the last checker came home on a stage's fourth step, one more stage is played",
        ),
        Option(
            "crazy_head_per_stage",
            (1, 2),
            1,
            "head checkers allowed per cascade stage",
        ),
        Option(
            "cascade_exempt_rolls",
            tuple(range(11)),
            0,
            "each player's first N rolls play doubles normally (Gul bara: 3)",
        ),
    )


def with_defaults(options: tuple[Option, ...], **defaults: object) -> tuple[Option, ...]:
    """``options`` with some defaults changed (a variant's presets)."""
    unknown = set(defaults) - {o.name for o in options}
    if unknown:  # pragma: no cover - a programming error in a ruleset definition
        raise KeyError(f"no such options: {sorted(unknown)}")
    return tuple(
        Option(o.name, o.values, defaults[o.name], o.doc, o.hint) if o.name in defaults else o
        for o in options
    )


def without(options: tuple[Option, ...], *names: str) -> tuple[Option, ...]:
    """``options`` without the named ones (rules a variant does not have)."""
    return tuple(o for o in options if o.name not in names)
