"""Write the board pictures of the docs: ``docs/_static/boards/*.svg``.

Run ``python docs/make_boards.py`` after changing :mod:`nardy.svg` or this
file; the pictures are committed, and ``tests/test_svg.py`` checks that they
are up to date. Every picture comes from fixed positions, dice and plays (no
RNG), so the output is deterministic.

Most pictures of the ruleset pages show a worked example of RULES.md section 5
*before* the play: the position, the dice to play, and a play drawn as arrows
on it. A legal play is drawn in the renderer's orange; a play the rule forbids
is redrawn in red with dashed arrows (:func:`_forbidden`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import nardy  # noqa: E402
from nardy import BLACK, WHITE, Play, Position, Step, svg  # noqa: E402

OUT = Path(__file__).resolve().parent / "_static" / "boards"

# the renderer's colours that _forbidden() replaces
_ARROW = "#e8710a"
_HIGHLIGHT = "#fff1a8"
_GOLD = "#ffc83d"
# and what it puts instead
_RED = "#c8102e"
_PINK = "#f7b2b7"


def _forbidden(picture: str) -> str:
    """Redraw the arrows and highlights of a picture's play in red, dashed.

    Only the arrows and their marker use the arrow colour, so a plain
    replacement is exact; the highlight colours are replaced inside the
    highlight elements only (the gold also marks the side to move).
    """
    picture = picture.replace(_ARROW, _RED)
    picture = picture.replace('class="arrow"', 'class="arrow forbidden" stroke-dasharray="11 7"')

    def recolour(match: re.Match[str]) -> str:
        return match.group(0).replace(_HIGHLIGHT, _PINK).replace(_GOLD, _RED)

    return re.sub(r'<(?:polygon|rect) class="highlight[^>]*>', recolour, picture)


def _situation(
    rules: str,
    position: str,
    dice: tuple[int, ...],
    play: str | tuple[Step, ...] | None = None,
    **options: object,
) -> str:
    """``position`` with ``dice`` to play and, if given, ``play`` drawn on it.

    ``play`` is notation (it must be legal: it is parsed by the ruleset) or,
    for a play the rules forbid, its steps, which are drawn in red.
    """
    rs = nardy.ruleset(rules, **options)
    pos = Position.from_string(position)
    rs.check_position(pos)
    if play is None:
        return svg.board(pos, dice=dice)
    if isinstance(play, str):
        legal = rs.parse_play(pos, play, dice)
        return svg.board(pos, last_play=legal, mover=pos.turn, dice=dice)
    return _forbidden(svg.board(pos, last_play=Play(play, dice), mover=pos.turn, dice=dice))


# -- pictures of the svg page ----------------------------------------------------


def _short_game() -> str:
    """White opens 31 (8/5 6/5), Black has rolled 64."""
    game = nardy.Game(nardy.ruleset("short"), first=WHITE)
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.roll((6, 4))
    return svg.game(game)


def _short_hit() -> str:
    """White enters from the bar with a hit, seen from Black's side; Black to play 42."""
    rules = nardy.ruleset("short")
    pos = nardy.Position.from_string("short bar:1,13:5,8:3,6:5,2:1 24:2,13:5,8:3,6:4,5:1 w 11")
    play = rules.parse_play(pos, "bar/20* 13/9", (5, 4))
    return svg.board(rules.apply(pos, play), last_play=play, dice=(4, 2), orientation=BLACK)


def _long_game() -> str:
    """Long nardy: White 63 (24/15), Black 52 (24/17), White to play 44."""
    game = nardy.Game(nardy.ruleset("long"), first=WHITE)
    game.roll((6, 3))
    game.play("24/15")
    game.roll((5, 2))
    game.play("24/17")
    game.roll((4, 4))
    return svg.game(game)


def _bear_off() -> str:
    """Bearing off in short nardy, both trays in use."""
    pos = nardy.Position.from_string("short 6:4,5:3,4:2,2:1 6:3,5:4,3:2,1:2 w 11")
    return svg.board(pos, dice=(6, 2))


# -- the doubles turn flows ------------------------------------------------------


def _gulbar_owed() -> str:
    """RULES.md G1: White's first 5-5 (24/4) gives a re-roll, 6-6 plays only 24/18:
    Black owes the other three 6s and plays them before its own first roll."""
    game = nardy.Game(nardy.ruleset("gulbar"), first=WHITE)
    game.roll((5, 5))
    game.play("24/4")
    game.roll((6, 6))
    game.play("24/18")
    return svg.game(game)


def _crazy_cascade() -> str:
    """Crazy nardy: after 5-5 (24/4) White goes on to play four 6s."""
    game = nardy.Game(nardy.ruleset("crazy"), first=WHITE)
    game.roll((5, 5))
    game.play("24/4")
    return svg.game(game)


def _crazy_gulbar_owed() -> str:
    """Crazy Gulbar: Black's 4-4 stops after three steps (24/20/16 20/16); White owes
    the fourth 4, then the 5-5 and 6-6 stages."""
    game = nardy.Game(nardy.ruleset("crazy_gulbar"), first=BLACK)
    game.roll((3, 1))
    game.play("24/20")
    game.roll((4, 1))
    game.play("24/19")
    game.roll((4, 4))
    game.play("24/16 20/16")
    return svg.game(game)


def _giul_owed() -> str:
    """Giul: White's first 3-3 moves only the runner, three steps (24/15): Black owes
    the fourth 3 and the 4-4, 5-5 and 6-6 stages."""
    game = nardy.Game(nardy.ruleset("giul"), first=WHITE)
    game.roll((3, 3))
    game.play("24/15")
    return svg.game(game)


BOARDS: dict[str, Callable[[], str]] = {
    # start positions
    "short-start": lambda: svg.board(nardy.ruleset("short").initial_position()),
    "long-start": lambda: svg.board(nardy.ruleset("long").initial_position()),
    "khachapuri-start": lambda: svg.board(nardy.ruleset("khachapuri").initial_position()),
    # the svg page
    "short-game": _short_game,
    "short-hit-black": _short_hit,
    "long-game": _long_game,
    "short-bear-off": _bear_off,
    # short nardy: S4 bar entry with a hit, S6 a hit on an intermediate point
    "short-s4-bar-entry": lambda: _situation(
        "short", "short bar:1,13:2,6:12 13:12,6:2,4:1 w 11", (6, 4), "bar/21*/15"
    ),
    "short-s6-intermediate-hit": lambda: _situation(
        "short", "short 13:1,6:14 16:1,13:14 w 11", (4, 2), "13/9*/7"
    ),
    # Caucasian: C1 hit and hide (forbidden) and hit and cover; C6 the order of steps
    "caucasian-c1-hide": lambda: _situation(
        "caucasian", "caucasian 8:1,7:1,3:2 20:1,6:14 w 11", (3, 2), (Step(8, 5, 3, True), Step(5, 3, 2))
    ),
    "caucasian-c1-cover": lambda: _situation(
        "caucasian", "caucasian 8:1,7:1,3:2 20:1,6:14 w 11", (3, 2), "8/5* 7/5"
    ),
    "caucasian-c6-order": lambda: _situation(
        "caucasian",
        "caucasian 8:1,6:1,2:1 21:1,6:14 w 11",
        (2, 2),
        (Step(8, 6, 2), Step(6, 4, 2, True), Step(4, 2, 2)),
    ),
    # long nardy: L1 the first 6-6, L7 the six-block rule
    "long-l1-first-66": lambda: _situation("long", "long 24:15 24:15 w 00", (6, 6), "24/18 24/18"),
    "long-l7-six-block": lambda: _situation(
        "long",
        "long 24:9,19:2,18:1,17:1,16:1,14:1 24:4,23:1,22:1,21:1,20:1,11:2,10:2,9:2,8:1 w 11",
        (6, 4),
        (Step(24, 18, 6), Step(19, 15, 4)),
    ),
    # Nardgammon: L8 a block formed and broken within the play
    "nardgammon-l8-transient": lambda: _situation(
        "nardgammon",
        "long 24:5,18:3,17:2,15:2,14:2,13:1 24:1,23:2,21:1,20:5,19:1,18:1,16:2,13:1,9:1 w 11",
        (6, 2),
        (Step(18, 16, 2), Step(16, 10, 6)),
    ),
    # Gulbar: G1 owed steps
    "gulbar-g1-owed": _gulbar_owed,
    # Khachapuri: K2 two checkers leave the head
    "khachapuri-k2-head": lambda: _situation(
        "khachapuri", "khachapuri 24:4,6:11 24:4,6:11 w 00", (3, 1), "24/23 24/21"
    ),
    # Fevga: F5 the runner, F7 the starting quarter, F9 the trap
    "fevga-f5-runner": lambda: _situation(
        "fevga", "fevga 24:14,14:1 24:14,14:1 w 11", (5, 3), "14/11 24/19"
    ),
    "fevga-f7-quarter": lambda: _situation(
        "fevga",
        "fevga 24:10,23:1,22:1,21:1,20:1,2:1 6:3,5:3,4:3,3:3,2:3 w 11",
        (5, 1),
        (Step(24, 23, 1), Step(24, 19, 5)),
    ),
    "fevga-f9-trap": lambda: _situation(
        "fevga",
        "fevga 21:1,20:2,19:1,18:1,17:2,16:1,1:7 10:15 w 11",
        (6, 5),
        (Step(20, 14, 6), Step(17, 12, 5)),
    ),
    # the cascade variants
    "crazy-cascade": _crazy_cascade,
    "crazy-gulbar-owed": _crazy_gulbar_owed,
    "giul-owed": _giul_owed,
}


def pictures() -> dict[str, str]:
    """File name -> SVG text of every docs picture."""
    return {f"{name}.svg": make() + "\n" for name, make in BOARDS.items()}


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, text in pictures().items():
        (out / name).write_text(text, encoding="utf-8")
        print(f"wrote {out / name}")


if __name__ == "__main__":
    main()
