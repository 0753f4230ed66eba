"""SVG pictures of positions and games.

:func:`board` draws a :class:`~nardy.Position` as a standalone SVG document:
a wooden frame, 24 points in two halves with the bar between them, checkers
stacked from the edge, the borne-off trays on the right, point numbers, the
dice and a marker for the side to move. :func:`game` draws a
:class:`~nardy.Game`'s current position with its last play and the dice to
play. Both return a string; only the standard library is used.

The layout is the one of :mod:`nardy.render`, from the side of the
``orientation`` player and in its numbering: its points 13..24 along the top
from left to right, 12..1 along the bottom from left to right, so its home is
the bottom right quarter and its tray the bottom one. In the short family the
opponent's home is the top right quarter; in the long family it is the top
left one and the two heads sit in opposite corners.

The elements carry classes and data attributes, so programs (and tests) can
read a picture back. Every checker is a ``checker white`` or ``checker black``
element inside a ``stack`` group; ``data-point`` is the point in **White's**
numbering whatever the orientation (or ``bar``/``off``); the group's
``data-count`` is the number of checkers there, also when a stack taller than
five is drawn as five checkers with its count on the top one.

>>> import nardy
>>> from nardy import svg
>>> picture = svg.board(nardy.ruleset("short").initial_position(), dice=(6, 5))
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> picture.count('class="checker white"'), picture.count('class="pip"')
(15, 11)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from nardy.core import BAR, OFF, Family, Play, Player, Position, check_steps, to_other_numbering
from nardy.errors import IllegalPlayError, InvalidDiceError, InvalidPositionError, NardyError, shown

if TYPE_CHECKING:
    from nardy.game import Game

__all__ = ["board", "game"]

SVG_NS: Final = "http://www.w3.org/2000/svg"

# -- geometry, in the units of the viewBox -------------------------------------

_POINT_W: Final = 40.0  # width of a point
_R: Final = 18.0  # checker radius
_PITCH: Final = 36.0  # distance between the centres of stacked checkers
_ROWS: Final = 5  # checkers drawn in a stack before it shows its count
_TRI_H: Final = 172.0  # height of a point's triangle
_ROW_H: Final = _ROWS * _PITCH  # room for a stack
_GAP: Final = 64.0  # between the tips of opposite points
_INNER_H: Final = 2 * _ROW_H + _GAP
_HALF_W: Final = 6 * _POINT_W
_BAR_W: Final = 48.0
_SIDE: Final = 14.0  # frame at the sides
_BAND: Final = 26.0  # frame above and below (holds the point numbers)
_TRAY_W: Final = 46.0
_TRAY_H: Final = _ROW_H
_SLAB_H: Final = 10.0  # a borne-off checker seen from the side
_SLAB_PITCH: Final = 11.5
_DIE: Final = 34.0
_LARGEST: Final = 100_000  # the widest picture, in pixels

_LEFT_X: Final = _SIDE
_BAR_X: Final = _LEFT_X + _HALF_W
_RIGHT_X: Final = _BAR_X + _BAR_W
_TRAY_X: Final = _RIGHT_X + _HALF_W + _SIDE
_WIDTH: Final = _TRAY_X + _TRAY_W + _SIDE
_TOP: Final = _BAND
_BOTTOM: Final = _BAND + _INNER_H
_MID: Final = _BAND + _INNER_H / 2
_HEIGHT: Final = _BOTTOM + _BAND

# -- colours -------------------------------------------------------------------

_FRAME: Final = "#5a3820"
_FRAME_EDGE: Final = "#3a2413"
_SURFACE: Final = "#e9d6ae"
_POINT_COLOURS: Final = ("#a4422e", "#33554a")
_TRAY: Final = "#3b2515"
_TEXT: Final = "#f2e6cc"
_GOLD: Final = "#ffc83d"
_HIGHLIGHT: Final = "#fff1a8"
_ARROW: Final = "#e8710a"
_HIT: Final = "#d7261e"
_FILL: Final = {Player.WHITE: "#fbf8f1", Player.BLACK: "#2b2724"}
_EDGE: Final = {Player.WHITE: "#5b5249", Player.BLACK: "#0c0a09"}
_RING: Final = {Player.WHITE: "#d9d2c5", Player.BLACK: "#4a433e"}
_INK: Final = {Player.WHITE: "#2b2724", Player.BLACK: "#fbf8f1"}

# where a pip sits on a die face: column and row 0..2 (at a quarter, half, three quarters)
_PIPS: Final = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}

_STYLE: Final = (
    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;text-anchor:middle}"
    ".coord{font-size:13px;font-weight:bold}"
    ".count{font-size:16px;font-weight:bold}"
    ".off-count{font-size:15px;font-weight:bold}"
)


def _num(x: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _sub(parent: ET.Element, tag: str, attrib: dict[str, str | float | int]) -> ET.Element:
    """Append a ``tag`` element with ``attrib`` (numbers written compactly)."""
    return ET.SubElement(
        parent,
        tag,
        {k: (_num(v) if isinstance(v, float) else str(v)) for k, v in attrib.items()},
    )


def _points_attr(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)


class _Layout:
    """Where things go for one family and one orientation."""

    def __init__(self, family: Family, viewer: Player) -> None:
        self.family = family
        self.viewer = viewer

    def view(self, point: int) -> int:
        """White's ``point`` in the viewer's numbering (and back: the map is an involution)."""
        if self.viewer == Player.WHITE:
            return point
        return to_other_numbering(self.family, point)

    def own(self, player: Player, point: int) -> int:
        """``player``'s ``point`` (its own numbering) in White's numbering."""
        if player == Player.WHITE:
            return point
        return to_other_numbering(self.family, point)

    def column(self, point: int) -> tuple[float, bool]:
        """Left edge and whether it is in the top row, for White's ``point``."""
        v = self.view(point)
        top = v >= 13
        c = v - 13 if top else 12 - v
        x = _LEFT_X + c * _POINT_W if c < 6 else _RIGHT_X + (c - 6) * _POINT_W
        return x, top

    def slot(self, point: int, k: float) -> tuple[float, float]:
        """Centre of the ``k``-th checker (0 = at the edge) on White's ``point``."""
        x, top = self.column(point)
        dy = _R + k * _PITCH
        return x + _POINT_W / 2, (_TOP + dy if top else _BOTTOM - dy)

    def triangle(self, point: int) -> str:
        """The ``points`` attribute of White's ``point``'s triangle."""
        x, top = self.column(point)
        base = _TOP if top else _BOTTOM
        tip = _TOP + _TRI_H if top else _BOTTOM - _TRI_H
        return _points_attr(((x + 1, base), (x + _POINT_W - 1, base), (x + _POINT_W / 2, tip)))

    def at_bottom(self, player: Player) -> bool:
        """Whether ``player`` sits at the bottom (the viewer) rather than at the top."""
        return player == self.viewer

    def bar_slot(self, player: Player, k: int) -> tuple[float, float]:
        """Centre of ``player``'s ``k``-th checker on the bar (stacked from the middle out)."""
        dy = _R + 8 + k * _PITCH
        return _BAR_X + _BAR_W / 2, (_MID + dy if self.at_bottom(player) else _MID - dy)

    def tray(self, player: Player) -> tuple[float, float]:
        """Top left corner of ``player``'s tray."""
        return _TRAY_X, (_BOTTOM - _TRAY_H if self.at_bottom(player) else _TOP)

    def slab_y(self, player: Player, k: float) -> float:
        """Top of ``player``'s ``k``-th borne-off checker (stacked from the tray's outer end)."""
        _, ty = self.tray(player)
        dy = 4 + k * _SLAB_PITCH
        return ty + _TRAY_H - dy - _SLAB_H if self.at_bottom(player) else ty + dy


def _checker(
    parent: ET.Element, player: Player, x: float, y: float, where: str, label: str | None = None
) -> None:
    colour = str(player)
    _sub(
        parent,
        "circle",
        {
            "class": f"checker {colour}",
            "data-point": where,
            "cx": x,
            "cy": y,
            "r": _R - 0.75,
            "fill": _FILL[player],
            "stroke": _EDGE[player],
            "stroke-width": 1.5,
        },
    )
    _sub(
        parent,
        "circle",
        {"cx": x, "cy": y, "r": _R * 0.62, "fill": "none", "stroke": _RING[player], "stroke-width": 1.5},
    )
    if label is not None:
        text = _sub(parent, "text", {"class": "count", "x": x, "y": y + 5.5, "fill": _INK[player]})
        text.text = label


def _stack(parent: ET.Element, player: Player, where: str, count: int) -> ET.Element:
    return _sub(parent, "g", {"class": f"stack {player}", "data-point": where, "data-count": count})


def _die(parent: ET.Element, value: int, x: float, y: float, width: float, player: Player) -> None:
    group = _sub(parent, "g", {"class": "die", "data-value": value})
    _sub(
        group,
        "rect",
        {
            "x": x,
            "y": y,
            "width": width,
            "height": width,
            "rx": width * 0.18,
            "fill": _FILL[player],
            "stroke": _EDGE[player],
            "stroke-width": 1.5,
        },
    )
    quarter = width / 4
    for i, j in _PIPS[value]:
        _sub(
            group,
            "circle",
            {
                "class": "pip",
                "cx": x + quarter * (i + 1),
                "cy": y + quarter * (j + 1),
                "r": width * 0.1,
                "fill": _INK[player],
            },
        )


def board(
    pos: Position,
    *,
    size: int | None = 480,
    orientation: Player = Player.WHITE,
    last_play: Play | None = None,
    mover: Player | None = None,
    dice: tuple[int, ...] | None = None,
    coordinates: bool = True,
) -> str:
    """Draw ``pos`` as an SVG document.

    * ``size``: the picture's width in pixels (the height follows), or
      ``None`` to leave it to the viewer (the picture scales).
    * ``orientation``: the player whose side the board is seen from; point
      numbers are in its numbering and its home is the bottom right quarter.
    * ``last_play``: a play to mark: its points are highlighted and each step
      is an arrow; checkers it hit are ringed on the bar. The steps are in the
      mover's numbering; the mover is ``mover`` if given, else the turn of the
      position the play was generated from, else the opponent of the side to
      move in ``pos``.
    * ``dice``: values to draw as dice faces, in the side to move's colour
      and in the half of the board to its right.
    * ``coordinates``: whether to write the point numbers on the frame.

    >>> import nardy
    >>> rules = nardy.ruleset("long")
    >>> start = rules.initial_position()
    >>> play = rules.parse_play(start, "24/18/15", (6, 3))
    >>> picture = board(rules.apply(start, play), last_play=play, orientation=nardy.BLACK)
    >>> 'class="highlight source" data-point="24"' in picture
    True

    Every argument is checked first: a position that cannot exist, a play
    that is no :class:`~nardy.Play` of sound steps or an option of the wrong
    type raises a :class:`~nardy.NardyError` that says which.
    """
    if not isinstance(pos, Position):
        raise InvalidPositionError(f"expected a Position, not {shown(pos)}")
    pos.validate()
    _check_options(size, orientation, coordinates)
    if mover is not None and type(mover) is not Player:
        raise NardyError(f"mover must be Player.WHITE, Player.BLACK or None, not {shown(mover)}")
    if last_play is not None:
        if not isinstance(last_play, Play):
            raise IllegalPlayError(f"last_play must be a Play or None, not {shown(last_play)}")
        check_steps(last_play.steps)
    if dice is not None and not (
        type(dice) in (tuple, list) and len(dice) <= 4 and all(type(d) is int and 1 <= d <= 6 for d in dice)
    ):
        raise InvalidDiceError(f"dice must be None or up to four ints 1..6, not {shown(dice)}")
    lay = _Layout(pos.family, orientation)
    root = _document(pos, lay, size)
    _draw_board(root, lay)
    who = mover  # whose play last_play is
    if who is None:
        origin = last_play.origin if last_play is not None else None
        who = origin.turn if isinstance(origin, Position) and type(origin.turn) is Player else pos.turn.other
    steps = [
        (
            "bar" if step.source == BAR else str(lay.own(who, step.source)),
            "off" if step.target == OFF else str(lay.own(who, step.target)),
        )
        for step in (last_play.steps if last_play is not None else ())
    ]
    _draw_highlights(root, lay, who, steps)
    _draw_checkers(root, lay, pos)
    if last_play is not None:
        _draw_arrows(root, lay, pos, who, steps, sum(1 for step in last_play.steps if step.hit))
    if dice:
        _draw_dice(root, lay, pos.turn, dice)
    _draw_turn(root, lay, pos.turn)
    if coordinates:
        _draw_coordinates(root, lay)
    return ET.tostring(root, encoding="unicode")


def _check_options(size: object, orientation: object, coordinates: object) -> None:
    """:class:`~nardy.NardyError` unless the drawing options have their types."""
    if size is not None and (type(size) is not int or not 0 < size <= _LARGEST):
        raise NardyError(f"size must be None or an int of pixels 1..{_LARGEST}, not {shown(size)}")
    if type(orientation) is not Player:
        raise NardyError(f"orientation must be Player.WHITE or Player.BLACK, not {shown(orientation)}")
    if type(coordinates) is not bool:
        raise NardyError(f"coordinates must be a bool, not {shown(coordinates)}")


def _document(pos: Position, lay: _Layout, size: int | None) -> ET.Element:
    """The ``<svg>`` element with its description and definitions."""
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "viewBox": f"0 0 {_num(_WIDTH)} {_num(_HEIGHT)}",
            "class": "nardy-board",
            "data-family": pos.family,
            "data-orientation": str(lay.viewer),
            "data-turn": str(pos.turn),
        },
    )
    if size is not None:
        root.set("width", str(size))
        root.set("height", str(round(size * _HEIGHT / _WIDTH)))
    ET.SubElement(root, "desc").text = pos.to_string()
    defs = ET.SubElement(root, "defs")
    ET.SubElement(defs, "style").text = _STYLE
    marker = _sub(
        defs,
        "marker",
        {
            "id": "arrowhead",
            "viewBox": "0 0 10 10",
            "refX": 5,
            "refY": 5,
            "markerWidth": 3.2,
            "markerHeight": 3.2,
            "orient": "auto",
        },
    )
    _sub(marker, "path", {"d": "M0,0 L10,5 L0,10 z", "fill": _ARROW})
    return root


def _draw_board(root: ET.Element, lay: _Layout) -> None:
    """The frame, the two halves with their points, the bar (or divider) and the trays."""
    _sub(
        root,
        "rect",
        {
            "class": "frame",
            "x": 0.0,
            "y": 0.0,
            "width": _WIDTH,
            "height": _HEIGHT,
            "rx": 8.0,
            "fill": _FRAME,
            "stroke": _FRAME_EDGE,
            "stroke-width": 2.0,
        },
    )
    for x in (_LEFT_X, _RIGHT_X):
        _sub(
            root,
            "rect",
            {
                "class": "half",
                "x": x,
                "y": _TOP,
                "width": _HALF_W,
                "height": _INNER_H,
                "fill": _SURFACE,
                "stroke": _FRAME_EDGE,
                "stroke-width": 1.5,
            },
        )
    _sub(
        root,
        "rect",
        {
            "class": "bar" if lay.family == "short" else "divider",
            "x": _BAR_X + 4,
            "y": _TOP,
            "width": _BAR_W - 8,
            "height": _INNER_H,
            "fill": _FRAME_EDGE,
            "fill-opacity": 0.35,
        },
    )
    for player in (lay.viewer, lay.viewer.other):
        tx, ty = lay.tray(player)
        _sub(
            root,
            "rect",
            {
                "class": f"tray {player}",
                "x": tx,
                "y": ty,
                "width": _TRAY_W,
                "height": _TRAY_H,
                "rx": 3.0,
                "fill": _TRAY,
                "stroke": _FRAME_EDGE,
                "stroke-width": 1.5,
            },
        )
    for point in range(1, 25):
        x, top = lay.column(point)
        v = lay.view(point)
        c = v - 13 if top else 12 - v  # column 0..11 from the left: colours alternate, opposite points differ
        _sub(
            root,
            "polygon",
            {
                "class": "point",
                "data-point": point,
                "points": lay.triangle(point),
                "fill": _POINT_COLOURS[(c + (0 if top else 1)) % 2],
            },
        )


def _draw_highlights(root: ET.Element, lay: _Layout, who: Player, steps: list[tuple[str, str]]) -> None:
    """Mark the sources and targets of ``who``'s steps (White's numbers, ``bar``, ``off``)."""
    roles: dict[str, set[str]] = {}
    for src, dst in steps:
        roles.setdefault(src, set()).add("source")
        roles.setdefault(dst, set()).add("target")
    for where, kinds in roles.items():
        attrib: dict[str, str | float | int] = {
            "class": "highlight " + " ".join(sorted(kinds)),
            "data-point": where,
            "fill": _HIGHLIGHT,
            "fill-opacity": 0.6 if "target" in kinds else 0.4,
            "stroke": _GOLD,
            "stroke-width": 2.5,
        }
        if where == "bar":
            x, y = lay.bar_slot(who, 0)
            attrib.update(x=x - _R - 2, y=y - _R - 2, width=2 * _R + 4, height=2 * _R + 4, rx=_R + 2)
            _sub(root, "rect", attrib)
        elif where == "off":
            tx, ty = lay.tray(who)
            attrib.update(x=tx, y=ty, width=_TRAY_W, height=_TRAY_H, rx=3.0)
            attrib["fill-opacity"] = 0.25
            _sub(root, "rect", attrib)
        else:
            attrib["points"] = lay.triangle(int(where))
            _sub(root, "polygon", attrib)


def _draw_checkers(root: ET.Element, lay: _Layout, pos: Position) -> None:
    """Every checker: on the points, on the bar, in the trays; and the off counts."""
    for player in (Player.WHITE, Player.BLACK):
        for i, n in enumerate(pos.points(player)):
            if n:
                point = lay.own(player, i + 1)
                group = _stack(root, player, str(point), n)
                for k in range(min(n, _ROWS)):
                    label = str(n) if n > _ROWS and k == _ROWS - 1 else None
                    _checker(group, player, *lay.slot(point, k), str(point), label)
        n = pos.bar(player)
        if n:
            group = _stack(root, player, "bar", n)
            for k in range(min(n, _ROWS)):
                label = str(n) if n > _ROWS and k == _ROWS - 1 else None
                _checker(group, player, *lay.bar_slot(player, k), "bar", label)
        off = pos.off(player)
        tx, _ = lay.tray(player)
        if off:
            group = _stack(root, player, "off", off)
            for k in range(off):
                _sub(
                    group,
                    "rect",
                    {
                        "class": f"checker {player}",
                        "data-point": "off",
                        "x": tx + 4,
                        "y": lay.slab_y(player, k),
                        "width": _TRAY_W - 8,
                        "height": _SLAB_H,
                        "rx": 2.5,
                        "fill": _FILL[player],
                        "stroke": _EDGE[player],
                        "stroke-width": 1.0,
                    },
                )
        # the off count on the frame next to the tray
        y = _BOTTOM + _BAND / 2 + 5 if lay.at_bottom(player) else _BAND / 2 + 5
        text = _sub(
            root,
            "text",
            {"class": "off-count", "data-player": str(player), "x": tx + _TRAY_W / 2, "y": y, "fill": _GOLD},
        )
        text.text = str(off)


def _draw_arrows(
    root: ET.Element, lay: _Layout, pos: Position, who: Player, steps: list[tuple[str, str]], hits: int
) -> None:
    """An arrow per step of ``who``'s play, and a ring around each checker it hit."""
    for src, dst in steps:
        start = _anchor(lay, pos, who, src, after=False)
        end = _anchor(lay, pos, who, dst, after=True)
        _arrow(root, start, end, {"class": "arrow", "data-from": src, "data-to": dst})
    for k in range(min(hits, pos.bar(who.other), _ROWS)):
        x, y = lay.bar_slot(who.other, k)
        _sub(
            root,
            "circle",
            {
                "class": "hit",
                "data-point": "bar",
                "cx": x,
                "cy": y,
                "r": _R + 2.5,
                "fill": "none",
                "stroke": _HIT,
                "stroke-width": 3.0,
                "stroke-dasharray": "5 3",
            },
        )


def _draw_dice(root: ET.Element, lay: _Layout, player: Player, dice: tuple[int, ...]) -> None:
    """``player``'s dice in the half of the board to its right (the bottom player's
    right half, the top player's left half)."""
    gap = 8.0
    width = min(_DIE, (_HALF_W - 16 - (len(dice) - 1) * gap) / len(dice))
    total = len(dice) * width + (len(dice) - 1) * gap
    x0 = (_RIGHT_X if lay.at_bottom(player) else _LEFT_X) + (_HALF_W - total) / 2
    for i, value in enumerate(dice):
        _die(root, value, x0 + i * (width + gap), _MID - width / 2, width, player)


def _draw_turn(root: ET.Element, lay: _Layout, player: Player) -> None:
    """Between the trays: a checker of the side to move, pointing at its tray."""
    cx = _TRAY_X + _TRAY_W / 2
    sign = 1.0 if lay.at_bottom(player) else -1.0
    turn = _sub(root, "g", {"class": "turn", "data-player": str(player)})
    _sub(
        turn,
        "polygon",
        {
            "points": _points_attr(((cx - 9, _MID + sign * 9), (cx + 9, _MID + sign * 9), (cx, _MID + sign * 22))),
            "fill": _GOLD,
        },
    )
    _sub(
        turn,
        "circle",
        {"cx": cx, "cy": _MID - sign * 4, "r": 11.0, "fill": _FILL[player], "stroke": _GOLD, "stroke-width": 2.0},
    )


def _draw_coordinates(root: ET.Element, lay: _Layout) -> None:
    """Each point's number, in the viewer's numbering, on the frame beside it."""
    for point in range(1, 25):
        x, top = lay.column(point)
        y = _BAND / 2 + 4.5 if top else _BOTTOM + _BAND / 2 + 4.5
        text = _sub(root, "text", {"class": "coord", "x": x + _POINT_W / 2, "y": y, "fill": _TEXT})
        text.text = str(lay.view(point))


def _arrow(
    parent: ET.Element,
    start: tuple[float, float],
    end: tuple[float, float],
    attrib: dict[str, str | float | int],
) -> None:
    """A curved arrow from ``start`` to ``end``, bulging towards the middle of the
    board when both ends are in the same half (so it does not run over the stacks)."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    if length < 1:
        return
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    if (y1 - _MID) * (y2 - _MID) > 0:  # same half: bend towards the middle
        bend = min(0.35 * abs(dx), _ROW_H * 0.6)
        cy += bend if y1 < _MID else -bend
    # stop short of the end so the head does not hide the checker it points at
    ex, ey = x2 - cx, y2 - cy
    elen = (ex * ex + ey * ey) ** 0.5 or 1.0
    shorten = min(_R * 0.9, length / 3)
    x2, y2 = x2 - ex / elen * shorten, y2 - ey / elen * shorten
    attrib = dict(attrib)
    attrib.update(
        {
            "d": f"M{_num(x1)},{_num(y1)} Q{_num(cx)},{_num(cy)} {_num(x2)},{_num(y2)}",
            "fill": "none",
            "stroke": _ARROW,
            "stroke-width": 5.0,
            "stroke-opacity": 0.9,
            "stroke-linecap": "round",
            "marker-end": "url(#arrowhead)",
        }
    )
    _sub(parent, "path", attrib)


def _anchor(lay: _Layout, pos: Position, who: Player, where: str, *, after: bool) -> tuple[float, float]:
    """Where an arrow of ``who``'s play starts (``after=False``: the free place above
    the stack it left) or ends (``after=True``: the top checker where it landed)."""
    if where == "bar":
        return lay.bar_slot(who, 0)
    if where == "off":
        return _TRAY_X + _TRAY_W / 2, lay.slab_y(who, max(pos.off(who) - 1, 0)) + _SLAB_H / 2
    point = int(where)
    n = pos.points(who)[lay.own(who, point) - 1]
    if after:
        return lay.slot(point, min(max(n - 1, 0), _ROWS - 1))
    return lay.slot(point, n if n < _ROWS else _ROWS - 0.5)  # a tall stack: at its top checker's rim


def game(
    g: Game,
    *,
    size: int | None = 480,
    orientation: Player = Player.WHITE,
    coordinates: bool = True,
) -> str:
    """Draw ``g``'s current position with its last play marked and the dice to play.

    >>> import nardy
    >>> g = nardy.Game(nardy.ruleset("short"), first=nardy.WHITE)
    >>> g.roll((3, 1)); g.play("8/5 6/5"); g.roll((6, 4))
    (3, 1)
    <Play '8/5 6/5' dice=(3, 1)>
    (6, 4)
    >>> picture = game(g)
    >>> picture.count('class="die"'), picture.count('class="arrow"')
    (2, 2)
    """
    from nardy.game import Game, PlayEvent

    if not isinstance(g, Game):
        raise NardyError(f"svg.game() draws a Game, not {shown(g)}")
    _check_options(size, orientation, coordinates)
    last_play: Play | None = None
    mover: Player | None = None
    for event in reversed(g.history):
        if isinstance(event, PlayEvent):  # the last play
            last_play, mover = event.play, event.player
            break
    return board(
        g.position,
        size=size,
        orientation=orientation,
        last_play=last_play,
        mover=mover,
        dice=g.dice,
        coordinates=coordinates,
    )
