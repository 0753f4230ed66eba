"""Write the board pictures of the docs: ``docs/_static/boards/*.svg``.

Run ``python docs/make_boards.py`` after changing :mod:`nardy.svg`; the pictures
are committed, and ``tests/test_svg.py`` checks that they are up to date. Every
picture comes from fixed positions and plays, so the output is deterministic.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import nardy  # noqa: E402
from nardy import BLACK, WHITE, svg  # noqa: E402

OUT = Path(__file__).resolve().parent / "_static" / "boards"


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


BOARDS: dict[str, Callable[[], str]] = {
    "short-start": lambda: svg.board(nardy.ruleset("short").initial_position()),
    "long-start": lambda: svg.board(nardy.ruleset("long").initial_position()),
    "khachapuri-start": lambda: svg.board(nardy.ruleset("khachapuri").initial_position()),
    "short-game": _short_game,
    "short-hit-black": _short_hit,
    "long-game": _long_game,
    "short-bear-off": _bear_off,
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
