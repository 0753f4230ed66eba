"""Play notation in the style gnubg prints (RULES.md 1.4, STYLE.md).

Formatting joins the steps of one checker into one move, keeping an
intermediate point only where it hit (``13/7*/5``), writes ``bar`` and ``off``,
lists moves from the highest source down and groups repeats (``8/5(2)``).

Parsing accepts that form and every looser one a player types: single steps in
any legal order (``24/18 18/13``), chains (``24/18/13``), ``25``/``0`` or
``Bar``/``Off``, ``-`` instead of ``/``, commas, ``(n)`` repeats and ``pass``.

>>> import nardy
>>> rules = nardy.ruleset("short")
>>> pos = rules.initial_position()
>>> [str(p) for p in rules.legal_plays(pos, (3, 1))][:2]
['24/23 24/21', '24/20']
>>> str(rules.parse_play(pos, "24-21, 21-20", (3, 1)))
'24/20'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nardy.core import BAR, OFF, STEPS, Play, Position, Step
from nardy.errors import IllegalPlayError, NotationError

if TYPE_CHECKING:
    from nardy.rules.base import PlayContext, RuleSet

__all__ = ["format_play", "format_point", "parse_play", "parse_moves"]


def format_point(point: int) -> str:
    """``bar`` for 25, ``off`` for 0, the number otherwise."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def _chains(steps: Sequence[Step], ordered: bool = False) -> list[list[Step]]:
    """Group steps into the paths of single checkers, in the order given.

    With ``ordered`` (a ruleset where the order of steps matters) only steps
    that follow each other are joined, so the text keeps the legal order.
    """
    chains: list[list[Step]] = []
    for step in steps:
        candidates = chains[-1:] if ordered else chains
        for chain in candidates:
            last = chain[-1]
            if last.target == step.source and last.target != OFF:
                chain.append(step)
                break
        else:
            chains.append([step])
    return chains


def format_play(play: Play) -> str:
    """The gnubg-style text of a play; ``pass`` for the empty play.

    >>> from nardy.core import Step
    >>> format_play(Play((Step(13, 7, 6, True), Step(7, 5, 2)), (6, 2)))
    '13/7*/5'
    >>> format_play(Play((Step(8, 5, 3), Step(8, 5, 3), Step(6, 5, 1), Step(6, 5, 1)), (3, 3)))
    '8/5(2) 6/5(2)'
    """
    if not play.steps:
        return "pass"
    # each move: (source, target, path text without a final hit, final hit)
    moves: list[tuple[int, int, str, bool]] = []
    for chain in _chains(play.steps, play._ordered):
        parts = [format_point(chain[0].source)]
        for step in chain[:-1]:
            if step.hit:
                parts.append(f"{step.target}*")
        last = chain[-1]
        parts.append(format_point(last.target))
        moves.append((chain[0].source, last.target, "/".join(parts), last.hit))
    if not play._ordered:  # gnubg order; a ruleset where order matters keeps the legal one
        moves.sort(key=lambda m: (-m[0], -m[1]))
    out: list[str] = []
    i = 0
    while i < len(moves):  # repeats are grouped, a hit by any of them shown once: 13/7*(2)
        j = i
        while j < len(moves) and moves[j][2] == moves[i][2]:
            j += 1
        text = moves[i][2] + ("*" if any(m[3] for m in moves[i:j]) else "")
        out.append(text if j - i == 1 else f"{text}({j - i})")
        i = j
    return " ".join(out)


_TOKEN = re.compile(r"^(?P<path>[0-9a-z*]+(?:/[0-9a-z*]+)+)(?:\((?P<count>[1-4])\))?$")


def _read_point(text: str, token: str) -> tuple[int, bool]:
    hit = text.endswith("*")
    core = text.rstrip("*")
    if text.count("*") > 1 or "*" in core:
        raise NotationError(f"{token!r}: '*' may only follow a point")
    if core in ("bar", "b"):
        return BAR, hit
    if core in ("off", "o"):
        return OFF, hit
    if not core.isdigit():
        raise NotationError(f"{token!r}: {core!r} is not a point (use 1..24, bar, off)")
    value = int(core)
    if not 0 <= value <= 25:
        raise NotationError(f"{token!r}: point {value} is outside 0..25")
    return value, hit


def parse_moves(text: str) -> list[list[tuple[int, bool]]]:
    """Split notation into moves: each a list of ``(point, hit)`` from source to target.

    >>> parse_moves("bar/22* 13-7*/5 6/off(2)")
    [[(25, False), (22, True)], [(13, False), (7, True), (5, False)], [(6, False), (0, False)], [(6, False), (0, False)]]
    >>> parse_moves("pass")
    []
    """
    if not isinstance(text, str):
        raise NotationError(f"play notation must be a str, not {text!r}")
    cleaned = text.strip().lower().replace("-", "/").replace(",", " ")
    if cleaned in ("", "pass", "(pass)", "no move", "none"):
        return []
    moves: list[list[tuple[int, bool]]] = []
    for token in cleaned.split():
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"cannot read {token!r}: expected moves like 24/18, bar/22*, 6/off, 8/5(2)")
        points = [_read_point(part, token) for part in m.group("path").split("/")]
        if points[0][1]:
            raise NotationError(f"{token!r}: a move cannot hit on its starting point")
        for (a, _), (b, _) in zip(points, points[1:]):
            if b >= a:
                raise NotationError(f"{token!r}: checkers move from higher points to lower ones")
        if any(p == BAR for p, _ in points[1:]) or any(p == OFF for p, _ in points[:-1]):
            raise NotationError(f"{token!r}: bar can only start a move and off only end one")
        moves.extend([points] * int(m.group("count") or 1))
    return moves


def parse_play(
    rules: RuleSet, pos: Position, text: str, dice: Sequence[int], context: PlayContext
) -> Play:
    """Find the legal play that ``text`` describes (see :meth:`nardy.RuleSet.parse_play`)."""
    moves = parse_moves(text)
    values = rules.expand_dice(dice, context)
    legal = rules.legal_plays(pos, dice, context)
    by_key = {p._key: p for p in legal}
    me, op = rules._internal(pos)
    # 1. move the checkers as written and look the resulting position up
    key = _simulate(rules, me, op, moves, text)
    if key in by_key:
        play = by_key[key]
        steps = _as_single_steps(moves, values)
        if (
            steps is not None
            and not rules.order_free
            and len(steps) == len(play.steps)
            and moves != parse_moves(format_play(play))
        ):
            # single steps written out in an order, in a ruleset where order
            # matters (Caucasian marks, per-step checks): that order must be legal
            if not _walk_ok(rules, pos, values, steps, context):
                raise IllegalPlayError(rules.explain(pos, values, steps, context))
        return play
    # 2. illegal: explain with the most literal reading of the text
    steps = _as_single_steps(moves, values) or _decompose(moves, values)
    if steps is None:
        written = text.strip()
        raise IllegalPlayError(f"{written}: the moves do not fit the dice {'-'.join(map(str, dice))}")
    raise IllegalPlayError(rules.explain(pos, values, steps, context))


def _simulate(
    rules: RuleSet, me: list[int], op: list[int], moves: list[list[tuple[int, bool]]], text: str
) -> tuple[int, ...]:
    """Move checkers along the written paths, in order; the generator key of the result."""
    me = list(me)
    op = list(op)
    written = text.strip()
    for move in moves:
        src = move[0][0]
        if me[src] <= 0:
            raise IllegalPlayError(f"{written}: no checker of the mover on {format_point(src)}")
        me[src] -= 1
        for point, hit in move[1:]:
            if point == OFF or not rules._hits:
                continue
            if op[point] == 1:  # landing on a blot hits it (a passing checker only if marked *)
                if hit or point == move[-1][0]:
                    op[point] = 0
                    me[26] |= 1 << point
            elif hit and not me[26] >> point & 1:
                raise IllegalPlayError(f"{written}: no blot to hit on {point}")
        dst = move[-1][0]
        if dst == OFF:
            me[0] += 1
        else:
            me[dst] += 1
    return tuple(me)


def _as_single_steps(
    moves: list[list[tuple[int, bool]]], values: tuple[int, ...]
) -> list[Step] | None:
    """The moves as single-die steps when every segment is exactly one die value."""
    steps: list[Step] = []
    remaining = list(values)
    for move in moves:
        for (a, _), (b, hit) in zip(move, move[1:]):
            dist = a - b
            if b == OFF:
                # a bear-off may use any die at least as large
                options = sorted((v for v in remaining if v >= dist), key=lambda v: v)
                if not options:
                    return None
                d = dist if dist in options else options[0]
            elif dist in remaining:
                d = dist
            else:
                return None
            remaining.remove(d)
            steps.append(STEPS[a][d][hit])
    return steps


def _decompose(
    moves: list[list[tuple[int, bool]]], values: tuple[int, ...]
) -> list[Step] | None:
    """Split combined moves (``24/13``) into single steps with the dice, if possible."""
    remaining = list(values)
    steps: list[Step] = []
    for move in moves:
        for (a, _), (b, hit) in zip(move, move[1:]):
            seg = _split(a, b, hit, remaining)
            if seg is None:
                return None
            steps.extend(seg)
    return steps


def _split(a: int, b: int, hit: bool, remaining: list[int]) -> list[Step] | None:
    dist = a - b
    for d in sorted(set(remaining), reverse=True):
        if d == dist or (b == OFF and d > dist and len(remaining) == 1):
            remaining.remove(d)
            return [STEPS[a][d][hit]]
        if d < dist:
            remaining.remove(d)
            rest = _split(a - d, b, hit, remaining)
            if rest is not None:
                return [STEPS[a][d][False], *rest]
            remaining.append(d)
    return None


def _walk_ok(
    rules: RuleSet, pos: Position, values: tuple[int, ...], steps: list[Step], context: PlayContext
) -> bool:
    """True when ``steps`` can be played in exactly this order."""
    return not rules._walk(pos, values, steps, context)[0]
