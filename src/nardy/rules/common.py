"""Options shared by several rulesets (RULES.md Appendix B)."""

from __future__ import annotations

from nardy.rules.base import Option

__all__ = ["opening_roll", "last_roll_draw", "bearoff_options", "with_defaults"]


def opening_roll(default: str) -> Option:
    return Option(
        "opening_roll",
        ("use_opening_dice", "reroll"),
        default,
        "after the one-die opening roll the winner plays those two dice "
        "(use_opening_dice) or rolls both dice afresh (reroll)",
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


def with_defaults(options: tuple[Option, ...], **defaults: object) -> tuple[Option, ...]:
    """``options`` with some defaults changed (a variant's presets)."""
    unknown = set(defaults) - {o.name for o in options}
    if unknown:  # pragma: no cover - a programming error in a ruleset definition
        raise KeyError(f"no such options: {sorted(unknown)}")
    return tuple(
        Option(o.name, o.values, defaults[o.name], o.doc) if o.name in defaults else o
        for o in options
    )


def without(options: tuple[Option, ...], *names: str) -> tuple[Option, ...]:
    """``options`` without the named ones (rules a variant does not have)."""
    return tuple(o for o in options if o.name not in names)
