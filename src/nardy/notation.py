"""Play notation in the style gnubg prints (RULES.md 1.4, STYLE.md).

The writer is :func:`to_notation` (what ``str(play)`` gives) and the reader is
:func:`from_notation`, which :meth:`nardy.RuleSet.parse_play` and
:meth:`nardy.Game.play` call with the position and the dice to play.

Writing joins the steps of one checker into one move, keeping an
intermediate point only where it hit (``13/7*/5``), writes ``bar`` and ``off``,
lists moves from the highest source down and groups repeats (``8/5(2)``).

Reading accepts that form and every looser one a player types: single steps in
any legal order (``24/18 18/13``), chains (``24/18/13``), ``25``/``0`` or
``Bar``/``Off``, ``-`` instead of ``/``, commas, ``(n)`` repeats and ``pass``.

>>> import nardy
>>> rules = nardy.ruleset("short")
>>> pos = rules.initial_position()
>>> [str(p) for p in rules.legal_plays(pos, (3, 1))][:2]
['24/23 24/21', '24/20']
>>> str(rules.parse_play(pos, "24-21, 21-20", (3, 1)))
'24/20'
>>> to_notation(rules.parse_play(pos, "8/5 6/5", (3, 1)))
'8/5 6/5'
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from nardy.core import BAR, OFF, STEPS, Play, Position, Step, check_steps, format_point, make_play, play_text
from nardy.errors import IllegalPlayError, NotationError, clip, format_dice, shown
from nardy.rules.base import RuleSet
from nardy.rules.steps import NO_CHECKER

if TYPE_CHECKING:
    from nardy.flow import PlayContext

__all__ = ["to_notation", "from_notation", "format_point", "parse_moves"]


def to_notation(play: Play) -> str:
    """The gnubg-style text of a play; ``pass`` for the empty play. ``str(play)``
    gives the same text (:func:`nardy.core.play_text` writes it).

    >>> from nardy.core import Step
    >>> to_notation(Play((Step(13, 7, 6, True), Step(7, 5, 2)), (6, 2)))
    '13/7*/5'
    >>> to_notation(Play((Step(8, 5, 3), Step(8, 5, 3), Step(6, 5, 1), Step(6, 5, 1)), (3, 3)))
    '8/5(2) 6/5(2)'
    """
    if not isinstance(play, Play):
        raise IllegalPlayError(f"expected a Play, got {shown(play)}")
    return play_text(check_steps(play.steps), play.ordered is True)


_TOKEN = re.compile(r"^(?P<path>[0-9a-z*]+(?:/[0-9a-z*]+)+)(?:\((?P<count>[1-4])\))?$")


def _read_point(text: str, token: str) -> tuple[int, bool]:
    hit = text.endswith("*")
    core = text.rstrip("*")
    if text.count("*") > 1 or "*" in core:
        raise NotationError(f"{shown(token)}: '*' may only follow a point")
    if core in ("bar", "b"):
        return BAR, hit
    if core in ("off", "o"):
        return OFF, hit
    if not core.isdigit():
        raise NotationError(f"{shown(token)}: {shown(core)} is not a point (use 1..24, bar, off)")
    value = int(core) if len(core) <= 3 else 999
    if not 0 <= value <= 25:
        raise NotationError(f"{shown(token)}: point {clip(core, 12)} is outside 0..25")
    return value, hit


def parse_moves(text: object) -> list[list[tuple[int, bool]]]:
    """Split notation into moves: each a list of ``(point, hit)`` from source to target.

    >>> parse_moves("bar/22* 13-7*/5 6/off(2)")
    [[(25, False), (22, True)], [(13, False), (7, True), (5, False)], [(6, False), (0, False)], [(6, False), (0, False)]]
    >>> parse_moves("pass")
    []
    """  # noqa: E501 - doctest output
    if not isinstance(text, str):
        raise NotationError(f"play notation must be a str, not {shown(text)}")
    cleaned = text.strip().lower().replace("-", "/").replace(",", " ")
    if cleaned in ("", "pass", "(pass)", "no move", "none"):
        return []
    moves: list[list[tuple[int, bool]]] = []
    for token in cleaned.split():
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"cannot read {shown(token)}: expected moves like 24/18, bar/22*, 6/off, 8/5(2)")
        points = [_read_point(part, token) for part in m.group("path").split("/")]
        if points[0][1]:
            raise NotationError(f"{shown(token)}: a move cannot hit on its starting point")
        for (a, _), (b, _) in pairwise(points):
            if b >= a:
                raise NotationError(f"{shown(token)}: checkers move from higher points to lower ones")
        if any(p == BAR for p, _ in points[1:]) or any(p == OFF for p, _ in points[:-1]):
            raise NotationError(f"{shown(token)}: bar can only start a move and off only end one")
        moves.extend([points] * int(m.group("count") or 1))
    return moves


def from_notation(
    rules: RuleSet, pos: Position, text: object, dice: Sequence[int], context: PlayContext
) -> Play:
    """Find the legal play that ``text`` describes; :meth:`nardy.RuleSet.parse_play`
    is the usual way to call it.

    The text is split into single-die steps in every way the dice allow (a
    combined move such as ``24/13`` may be ``24/18/13`` or ``24/19/13``); each
    reading is walked by the rules kernel, in the written order where the
    order of steps matters and in any legal order elsewhere. A reading that
    walks to one of the legal plays, hitting where the text says ``*`` and
    nowhere it leaves out an intermediate point, is the play meant.

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> play = from_notation(rules, rules.initial_position(), "24/18 18/13", (6, 5), nardy.PlayContext())
    >>> to_notation(play), play == rules.parse_play(rules.initial_position(), "24/13", (6, 5))
    ('24/13', True)
    """
    if not isinstance(rules, RuleSet):
        raise NotationError(f"rules must be a RuleSet (see nardy.ruleset), not {shown(rules)}")
    moves = parse_moves(text)
    assert isinstance(text, str)  # parse_moves refuses anything else
    found = rules.search(pos, dice, context)
    values = found.values
    if not text.strip() and found.best:
        raise IllegalPlayError(
            f"the play text is empty, but the dice {format_dice(dice)} must be played"
            " (write pass only when no checker can move)"
        )
    kernel = rules.kernel
    ordered = rules.ordered(found)
    any_order = not ordered
    readings = _readings(moves, values)
    written = text.strip()
    mismatch = ""
    for steps, hits, quiet in readings:
        key, _, refusal = kernel.walk(found, steps)
        if refusal is not None and any_order and refusal.code != NO_CHECKER:
            # the moves as written can be made on the board, but not in this
            # order: where order does not matter, any legal order will do
            key, _, refusal = kernel.walk(found, steps, any_order=True)
        if refusal is not None or key is None or not kernel.completes(found, steps, key):
            continue
        hit = rules.hit_points(key)
        if not hits <= hit:
            mismatch = mismatch or f"{clip(written)}: no blot to hit on {min(hits - hit)}"
            continue
        if hit & (quiet - hits):
            point = min(hit & (quiet - hits))
            mismatch = mismatch or f"{clip(written)}: that move hits on {point}; write the hit ({point}*)"
            continue
        return make_play(found.plays[key], values, found.pos, key, ordered)
    if mismatch:
        raise IllegalPlayError(mismatch)
    # illegal: explain with the most literal reading of the text
    literal = _literal(moves, values)
    if literal is None:
        if not readings:
            raise IllegalPlayError(f"{clip(written)}: the moves do not fit the dice {format_dice(dice)}")
        literal = readings[0][0]
    raise IllegalPlayError(rules.explain(pos, values, literal, context))


#: a reading of the text, with its steps, the points the text marks as hit, and the
#: intermediate points it leaves out (where a hit would have been written)
Reading = tuple[list[Step], frozenset[int], frozenset[int]]

#: at most this many readings of one text are tried
_MAX_READINGS = 512


def _readings(moves: list[list[tuple[int, bool]]], values: tuple[int, ...]) -> list[Reading]:
    """Every way to play the written moves as single-die steps with ``values``."""
    out: list[Reading] = []
    segments = [
        (a, b, hit) for move in moves for (a, _), (b, hit) in pairwise(move)
    ]

    def walk(i: int, remaining: list[int], steps: list[Step], quiet: frozenset[int]) -> None:
        if len(out) >= _MAX_READINGS:
            return
        if i == len(segments):
            hits = frozenset(b for _, b, h in segments if h and b != OFF)
            out.append((list(steps), hits, quiet))
            return
        a, b, _ = segments[i]
        for split in _splits(a, b, remaining):
            rest = list(remaining)
            for st in split:
                rest.remove(st.die)
            walk(i + 1, rest, steps + split, quiet | frozenset(st.target for st in split[:-1]))

    walk(0, list(values), [], frozenset())
    return out


def _splits(a: int, b: int, remaining: list[int]) -> list[list[Step]]:
    """The ways to move one checker from ``a`` to ``b`` (0: off) with single dice,
    the shortest first (an unwritten intermediate point is landed on)."""
    dist = a - b
    out: list[list[Step]] = []
    dice = sorted(set(remaining), reverse=True)
    for d in dice:
        if d == dist or (b == OFF and d > dist):
            out.append([STEPS[a][d][False]])
    for d in dice:
        if d < dist and a - d > 0:
            rest = list(remaining)
            rest.remove(d)
            out.extend([STEPS[a][d][False], *more] for more in _splits(a - d, b, rest))
    return out


def _literal(moves: list[list[tuple[int, bool]]], values: tuple[int, ...]) -> list[Step] | None:
    """The text read as one step per written segment, for explaining an illegal
    play in the player's own terms; ``None`` when a segment is longer than a die."""
    steps: list[Step] = []
    remaining = list(values)
    for move in moves:
        for (a, _), (b, hit) in pairwise(move):
            dist = a - b
            if b == OFF:
                # a bear-off: with the die it would use, or as the die it lacks
                options = sorted(v for v in remaining if v >= dist)
                d = dist if dist in options else (options[0] if options else min(dist, 6))
            elif dist in remaining:
                d = dist
            else:
                return None
            if not 1 <= a <= BAR or not 1 <= d <= 6:
                return None
            if d in remaining:
                remaining.remove(d)
            steps.append(STEPS[a][d][hit])
    return steps


# --------------------------------------------------------------------------- deprecated names


def format_play(play: Play) -> str:
    """Deprecated: use :func:`to_notation` (kept for one release)."""
    warnings.warn(
        "nardy.notation.format_play is deprecated; use nardy.notation.to_notation", DeprecationWarning, stacklevel=2
    )
    return to_notation(play)


def parse_play(
    rules: RuleSet, pos: Position, text: object, dice: Sequence[int], context: PlayContext
) -> Play:
    """Deprecated: use :func:`from_notation`, or :meth:`nardy.RuleSet.parse_play`
    (kept for one release)."""
    warnings.warn(
        "nardy.notation.parse_play is deprecated; use nardy.notation.from_notation", DeprecationWarning, stacklevel=2
    )
    return from_notation(rules, pos, text, dice, context)
