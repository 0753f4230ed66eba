"""Options shared by several rulesets (RULES.md Appendix B)."""

from __future__ import annotations

from nardy.rules.base import Option

__all__ = [
    "opening_roll",
    "last_roll_draw",
    "next_game_first",
    "bearoff_options",
    "cube_options",
    "with_defaults",
    "without",
]


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
