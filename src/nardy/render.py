"""Text pictures of positions.

The board is drawn from White's side in White's numbering (or from Black's in
Black's, see :func:`board_text`): White's points 13..24 along the top from left
to right, 12..1 along the bottom from left to right, so White's home (1..6) is
the bottom right quarter. ``W`` marks White
checkers and ``B`` Black ones; a stack taller than five shows its count in
its fifth cell. In the short family Black's point ``p`` is White's ``25 - p``;
in the long family it is White's ``p ± 12``, so the two heads sit in
opposite corners.

>>> import nardy
>>> print(nardy.ruleset("short").initial_position())  # doctest: +NORMALIZE_WHITESPACE
 13 14 15 16 17 18      19 20 21 22 23 24
+------------------+---+------------------+
| W           B    |   | B              W |
| W           B    |   | B              W |
| W           B    |   | B                |
| W                |   | B                |
| W                |   | B                |
|                  |   |                  |
| B                |   | W                |
| B                |   | W                |
| B           W    |   | W                |
| B           W    |   | W              B |
| B           W    |   | W              B |
+------------------+---+------------------+
 12 11 10  9  8  7       6  5  4  3  2  1
White (W) to move, pips 167, off 0 | Black (B) pips 167, off 0
"""

from __future__ import annotations

from nardy.core import Player, Position, to_other_numbering
from nardy.errors import InvalidPositionError, NardyError, shown

__all__ = ["board_text"]

_ROWS = 5


def _cell(count: int, mark: str, row: int) -> str:
    """Row ``row`` (0 = at the edge) of a stack of ``count`` checkers."""
    if count > _ROWS and row == _ROWS - 1:
        return f"{count:>2}"
    return f" {mark}" if count > row else "  "


def board_text(pos: Position, perspective: Player = Player.WHITE) -> str:
    """A text picture of ``pos`` (what ``str(position)`` shows), drawn from the
    side of ``perspective``: in that player's numbering, its home at the bottom
    right, so that it reads the points it types.

    >>> import nardy
    >>> pos = nardy.ruleset("long").initial_position()
    >>> print(board_text(pos, nardy.BLACK).splitlines()[-1])
    Black (B) pips 360, off 0 | White (W) to move, pips 360, off 0

    A position that cannot exist is not drawn: :meth:`~nardy.Position.validate` says why.
    """
    if not isinstance(pos, Position):
        raise InvalidPositionError(f"expected a Position, not {shown(pos)}")
    if type(perspective) is not Player:
        raise NardyError(f"perspective must be Player.WHITE or Player.BLACK, not {shown(perspective)}")
    pos.validate()
    me = perspective
    marks = {Player.WHITE: "W", Player.BLACK: "B"}
    # the board in the perspective player's numbering: (count, mark) per point
    board: dict[int, tuple[int, str]] = {}
    for i, n in enumerate(pos.points(me)):
        if n:
            board[i + 1] = (n, marks[me])
    for i, n in enumerate(pos.points(me.other)):
        if n:
            board[to_other_numbering(pos.family, i + 1)] = (n, marks[me.other])

    def half(points: list[int], rows: range, bar: tuple[int, str] | None) -> list[str]:
        lines = []
        for row in rows:
            left = "".join(_cell(*board.get(p, (0, " ")), row) + " " for p in points[:6])
            right = "".join(_cell(*board.get(p, (0, " ")), row) + " " for p in points[6:])
            mid = "   "
            if bar is not None and bar[0]:
                mid = _cell(bar[0], bar[1], row) + " "
            lines.append(f"|{left}|{mid}|{right}|")
        return lines

    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    short = pos.family == "short"
    bar_top = (pos.bar(me.other), marks[me.other]) if short else None
    bar_bottom = (pos.bar(me), marks[me]) if short else None
    border = "+------------------+---+------------------+"
    lines = [" " + " ".join(f"{p:>2}" for p in top[:6]) + "      " + " ".join(f"{p:>2}" for p in top[6:])]
    lines.append(border)
    lines += half(top, range(_ROWS), bar_top)
    lines.append("|                  |   |                  |")
    lines += half(bottom, range(_ROWS - 1, -1, -1), bar_bottom)
    lines.append(border)
    lines.append(" " + " ".join(f"{p:>2}" for p in bottom[:6]) + "      " + " ".join(f"{p:>2}" for p in bottom[6:]))

    def side(player: Player) -> str:
        mark = "W" if player == Player.WHITE else "B"
        bar = f", bar {pos.bar(player)}" if pos.bar(player) else ""
        return f"{player.name.title()} ({mark})"  + f" pips {pos.pips(player)}, off {pos.off(player)}{bar}"

    def line(player: Player) -> str:
        text = side(player)
        return text.replace(")", ") to move,", 1) if player == pos.turn else text

    lines.append(f"{line(me)} | {line(me.other)}")
    return "\n".join(line.rstrip() if i == 0 else line for i, line in enumerate(lines))
