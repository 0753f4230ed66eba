"""nardy's short ruleset behind the peer-benchmark adapter interface.

The peer harness (``adapters.py`` of the side-by-side benchmark, by default in
``/work/shared/bench``; override with the ``NARDY_PEER_BENCH`` environment
variable) drives every library through five methods.  This module implements
them for ``nardy.ruleset("short")`` so nardy runs through the very same generic
loops as bgsage, gnubg, gym-backgammon and OpenSpiel.

POS28 (see adapters.py): a 28-tuple from the mover's view; 0..23 = the mover's
points 1..24 (>0 mover, <0 opponent; the opponent's own point j is the mover's
25-j), 24 = mover's bar, 25 = opponent's bar, 26 = mover's off, 27 = opponent's off.

Usable on its own too:  ``bench_peers.py --extra nardy_adapter:NardyAdapter``
(with this folder on ``PYTHONPATH``).
"""

from __future__ import annotations

import os
import sys
from operator import sub as _sub
from typing import Any

import nardy
from nardy import Play, Player, Position

DEFAULT_PEER_DIR = "/work/shared/bench"
PEER_DIR = os.environ.get("NARDY_PEER_BENCH", DEFAULT_PEER_DIR)

try:  # the peer harness' adapters module, imported from its own folder
    if PEER_DIR not in sys.path and os.path.isdir(PEER_DIR):
        sys.path.insert(0, PEER_DIR)
    import adapters as A  # type: ignore[import-not-found]

    PeerAdapter = A.PeerAdapter
    START: tuple[int, ...] = tuple(A.START)
    HAVE_PEERS = True
except ImportError:  # nardy-only runs still work without the peer folder
    A = None
    HAVE_PEERS = False

    class PeerAdapter:  # type: ignore[no-redef]
        """Minimal stand-in for adapters.PeerAdapter (same semantics)."""

        name = "base"
        arbitrary_positions = True

        def start(self) -> Any:
            return self.set_position({"pos": START})  # type: ignore[attr-defined]

        def pass_turn(self, native: Any) -> Any:
            return self.next_turn(native)  # type: ignore[attr-defined]

        def legal_canon(self, native: Any, d1: int, d2: int, pos: Any = None) -> list:
            res = self.legal_results(native, d1, d2)  # type: ignore[attr-defined]
            out = sorted({self.to_canon(r) for r in res})  # type: ignore[attr-defined]
            if not out and pos is not None:
                out = [tuple(pos)]
            return out

    def _start() -> tuple[int, ...]:
        p = [0] * 28
        for pt, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
            p[pt - 1] += n
            p[(25 - pt) - 1] -= n
        return tuple(p)

    START = _start()


def pos28_to_position(rules: nardy.RuleSet, p: Any, turn: Player = Player.WHITE) -> Position:
    """A validated nardy Position with ``turn`` to move, built from POS28 ``p``.

    The mover's points are ``turn``'s own points; an opposing checker on the
    mover's point k stands on the opponent's own point 25-k.
    """
    mine = [0] * 24
    theirs = [0] * 24
    for k in range(24):
        v = p[k]
        if v > 0:
            mine[k] = v
        elif v < 0:
            theirs[23 - k] = -v  # mover point k+1 = opponent point 24-k (index 23-k)
    if turn == Player.WHITE:
        return rules.position(mine, theirs, p[24], p[25], turn=turn)
    return rules.position(theirs, mine, p[25], p[24], turn=turn)


def position_to_pos28(pos: Position, mover: Player) -> tuple[int, ...]:
    """POS28 of a short-family ``pos`` seen by ``mover`` (whoever's turn it is)."""
    if mover == Player.WHITE:
        mine, theirs, mbar, obar = pos.white, pos.black, pos.white_bar, pos.black_bar
    else:
        mine, theirs, mbar, obar = pos.black, pos.white, pos.black_bar, pos.white_bar
    # mover point k (index k-1) is the opponent's point 25-k (index 24-k); a point
    # holds checkers of one side only, so mine - theirs is the signed count
    return (
        *map(_sub, mine, theirs[::-1]),
        mbar,
        obar,
        15 - sum(mine) - mbar,
        15 - sum(theirs) - obar,
    )


class NardyAdapter(PeerAdapter):  # type: ignore[misc,valid-type]
    """nardy short ruleset.  native = nardy.Position (the mover is ``pos.turn``);
    a result = a nardy.Play as returned by ``rules.legal_plays`` (it carries the
    position it was generated from, so ``rules.apply`` needs no second search).

    nardy never returns an empty list: when nothing can move, the only play is
    the empty play, whose result is the unchanged position (POS28 "pass")."""

    name = "nardy"
    arbitrary_positions = True

    def __init__(self, ruleset: str = "short") -> None:
        self.rules = nardy.ruleset(ruleset)
        if self.rules.family != "short":
            raise ValueError("POS28 describes a short-family (backgammon) board")
        self._legal = self.rules.legal_plays
        self._apply = self.rules.apply
        self._last: Play | None = None  # one-entry cache: is_won(r) then next_turn(r)
        self._last_after: Position | None = None

    def start(self) -> Position:
        return self.set_position({"pos": START})

    def set_position(self, case: dict) -> Position:
        return pos28_to_position(self.rules, case["pos"], Player.WHITE)

    def legal_results(self, native: Position, d1: int, d2: int) -> tuple[Play, ...]:
        return self._legal(native, (d1, d2))

    def to_canon(self, play: Play) -> tuple[int, ...]:
        # rules.apply passes the turn: convert from the mover's view (the origin's turn)
        origin = play._origin
        return position_to_pos28(self._apply(origin, play), origin.turn)

    def _after(self, play: Play) -> Position:
        if play is not self._last:
            self._last_after = self._apply(play._origin, play)
            self._last = play
        return self._last_after  # type: ignore[return-value]

    def next_turn(self, play: Play) -> Position:
        return self._after(play)

    def is_won(self, play: Play) -> bool:
        return self._after(play).off(play._origin.turn) == 15

    def pass_turn(self, native: Position) -> Position:  # not reached: nardy returns a pass play
        return native.replace(turn=native.turn.other)
