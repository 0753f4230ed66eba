"""The hand-made rating of a position that the built-in agents play by
(:func:`nardy.agents.evaluate`, which checks what it is given), for one position
or for all the results of a play, on positions the engine made.

A rating runs for every candidate play of every turn of a self-play game, so it
is written twice, as the search's start is (:mod:`nardy.rules.board`): with the
interpreter's ``bytes`` and ``map`` built-ins, which the pure build runs
fastest, and in loops over the points, which the compiled build runs fastest.
Every term is a whole or half number far below 2**53, so both sums are exact
and equal in any order; the tests check the two against each other.

>>> import nardy
>>> rules = nardy.ruleset("short")
>>> rate(rules.initial_position(), nardy.WHITE)
7.0
>>> rate_all(rules.afterstates(rules.initial_position(), (6, 5)), nardy.WHITE)[:2]
[17.0, 13.0]
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from nardy.core import CHECKERS, WHITE, Player, Position

__all__ = ["rate", "rate_all", "rate_by_builtins", "rate_by_loops"]

#: whether this module runs compiled (mypyc): ratings are summed in loops then
COMPILED: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))

#: the pips of a checker on each point 1..24
_PIPS: Final = tuple(range(1, 25))
#: a point's checker count (a byte) as 0 (empty), 1 (a blot) or 2 (made)
_KIND_OF_POINT: Final = bytes([0, 1] + [2] * 254)


def rate(pos: Position, player: Player) -> float:
    """The rating :func:`nardy.agents.evaluate` describes, of ``pos`` (made by the
    engine, so not checked) for ``player``."""
    if player is WHITE:
        mine, theirs, my_bar, their_bar = pos.white, pos.black, pos.white_bar, pos.black_bar
    else:
        mine, theirs, my_bar, their_bar = pos.black, pos.white, pos.black_bar, pos.white_bar
    if COMPILED:
        return rate_by_loops(mine, theirs, my_bar, their_bar, pos.family == "short")
    return rate_by_builtins(mine, theirs, my_bar, their_bar, pos.family == "short")


def rate_all(positions: Iterable[Position], player: Player) -> list[float]:
    """:func:`rate` of each of ``positions`` (made by the engine) for ``player``."""
    return [rate(pos, player) for pos in positions]


def rate_by_builtins(
    mine: Sequence[int], theirs: Sequence[int], my_bar: int, their_bar: int, short: bool
) -> float:
    """The rating of a board for the side with ``mine`` (each side's 24 counts in
    its own numbering), counted with ``bytes`` and ``map``: the pure build's way."""
    my_off = CHECKERS - sum(mine) - my_bar
    pips = sum(map(operator.mul, _PIPS, theirs)) + 25 * their_bar - sum(map(operator.mul, _PIPS, mine)) - 25 * my_bar
    value = float(pips) + 6.0 * (my_off - (CHECKERS - sum(theirs) - their_bar))
    if short:
        # where the opponent's checkers can hit from: points behind our blots (the
        # opponent's farthest checker, on its point p, is on our point 25 - p)
        nearest = 24 - len(bytes(theirs).lstrip(b"\0"))  # the index of their first point held (24: none)
        far = 25 if their_bar else 24 - nearest
        kinds = bytes(mine).translate(_KIND_OF_POINT)
        made = 3.0 * kinds[:6].count(2) + 2.0 * kinds[6:11].count(2) + kinds[11:].count(2)
        exposed = kinds[: far - 1] if far > 1 else b""  # blots on the points 1..far-1
        return value + 8.0 * their_bar + made - 6.0 * exposed[:6].count(1) - 4.0 * exposed[6:].count(1)
    longest = max(map(len, bytes(mine).split(b"\0")))  # the longest run of points held
    held = 24 - mine.count(0)
    past = sum(mine[:12])
    return value + 2.0 * held + 3.0 * min(longest, 6) + 0.5 * past - 1.5 * max(mine[23] - 1, 0) * (
        1 if my_off < CHECKERS else 0
    )


def rate_by_loops(
    mine: tuple[int, ...], theirs: tuple[int, ...], my_bar: int, their_bar: int, short: bool
) -> float:
    """:func:`rate_by_builtins` in loops over the points: the compiled build's way."""
    my_pips = their_pips = on_board = their_on_board = 0
    for i in range(24):
        m, t = mine[i], theirs[i]
        my_pips += (i + 1) * m
        their_pips += (i + 1) * t
        on_board += m
        their_on_board += t
    my_off = CHECKERS - on_board - my_bar
    their_off = CHECKERS - their_on_board - their_bar
    value = float(their_pips + 25 * their_bar - my_pips - 25 * my_bar) + 6.0 * (my_off - their_off)
    if short:
        return value + 8.0 * their_bar + _points_by_loops(mine, theirs, their_bar)
    return value + _holding_by_loops(mine, my_off)


def _points_by_loops(mine: tuple[int, ...], theirs: tuple[int, ...], their_bar: int) -> float:
    """The short family's terms: points made (3 at home, 2 on points 7..11, else 1)
    less blots the opponent can reach (6 at home, else 4)."""
    far = 25  # the opponent's farthest checker, on our point far (25: on the bar or none)
    if not their_bar:
        far = 0
        for i in range(24):
            if theirs[i]:
                far = 24 - i
                break
    total = 0.0
    for i in range(24):
        m = mine[i]
        if m >= 2:
            total += 3.0 if i < 6 else 2.0 if i < 11 else 1.0
        elif m == 1 and i + 1 < far:
            total -= 6.0 if i < 6 else 4.0
    return total


def _holding_by_loops(mine: tuple[int, ...], my_off: int) -> float:
    """The long family's terms: points held, the longest run of them (up to six),
    checkers past the opponent's head, less checkers left on the head."""
    held = longest = run = past = 0
    for i in range(24):
        m = mine[i]
        if m:
            held += 1
            run += 1
            if run > longest:
                longest = run
        else:
            run = 0
        if i < 12:
            past += m
    head = mine[23] - 1 if mine[23] > 1 and my_off < CHECKERS else 0
    return 2.0 * held + 3.0 * (longest if longest < 6 else 6) + 0.5 * past - 1.5 * head
