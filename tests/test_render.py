"""The text board, drawn from either player's side.

Drawn from a player's side, the board is in that player's numbering with its
home at the bottom right, so the player reads the points it types. Swapping
the colours of a position and drawing it from the other side must give the
same picture with the marks and names swapped.
"""

from __future__ import annotations

import random

import pytest

import nardy
from nardy import BLACK, WHITE, Game, Position
from nardy.render import board_text

NAMES = ["short", "long", "fevga"]


def swapped(pos: Position) -> Position:
    """The same board with the colours exchanged (each side keeps its numbering)."""
    return pos.replace(
        white=pos.black,
        black=pos.white,
        white_bar=pos.black_bar,
        black_bar=pos.white_bar,
        turn=pos.turn.other,
        white_moved=pos.black_moved,
        black_moved=pos.white_moved,
    )


def recoloured(text: str) -> str:
    table = str.maketrans({"W": "B", "B": "W"})
    lines = text.splitlines()
    status = lines[-1].replace("White", "\0").replace("Black", "White").replace("\0", "Black")
    # the status line names each side with its mark: swap them back after the names
    status = status.replace("(W)", "(\0)").replace("(B)", "(W)").replace("(\0)", "(B)")
    return "\n".join([*(line.translate(table) for line in lines[:-1]), status])


def random_positions(name: str, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    rules = nardy.ruleset(name)
    while len(out) < count:
        game = Game(rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 60)):
            if game.is_over:
                break
            game.roll()
            if game.pending.phase == "play":
                game.play(rng.choice(game.legal_plays()))
        out.append(game.position)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_black_side_is_white_side_with_colours_swapped(name: str) -> None:
    for pos in random_positions(name, 20, seed=len(name)):
        assert board_text(swapped(pos), BLACK) == recoloured(board_text(pos, WHITE))


def test_black_reads_its_own_numbering() -> None:
    rules = nardy.ruleset("short")
    pos = Position.from_string("short 6:1 1:2 w 11")  # Black's blots on its own 1 point
    text = board_text(pos, BLACK).splitlines()
    assert text[0].split() == [str(p) for p in range(13, 25)]
    assert text[-2].split() == [str(p) for p in range(12, 0, -1)]
    # Black's own 1 point is the bottom right; White's 6 point is Black's 19 (top row)
    bottom = text[-4]
    assert bottom.rstrip().endswith("B |"), bottom
    top = text[2]
    assert "W" in top[top.index("|", 20) :], top
    assert text[-1].startswith("Black (B) pips 2")
    assert rules.parse_play(pos.replace(turn=BLACK), "1/off(2)", (1, 1)).steps
