"""nardy's short ruleset behind the peer-benchmark adapter interface.

The peer harness (``adapters.py`` of the side-by-side benchmark, by default in
``shared/bench`` beside this repository; override with the ``NARDY_PEER_BENCH``
environment variable) drives every library through five methods.  This module implements
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

DEFAULT_PEER_DIR = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "shared", "bench"
)
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


def steps_to_pos28(p: tuple[int, ...], play: Play) -> tuple[int, ...]:
    """POS28 after ``play``, from the mover's view, given the POS28 ``p`` before it."""
    b = list(p)
    for step in play.steps:
        src, dst = step.source, step.target
        b[24 if src == 25 else src - 1] -= 1
        if dst:
            if step.hit:
                b[dst - 1] = 0
                b[25] += 1
            b[dst - 1] += 1
        else:
            b[26] += 1
    return tuple(b)


class NardyAdapter(PeerAdapter):  # type: ignore[misc,valid-type]
    """nardy short ruleset.  native = (nardy.Position, its POS28) with the mover
    to move; a result = (the native it came from, a nardy.Play as returned by
    ``rules.legal_plays``).  ``to_canon`` applies the play's steps to the POS28
    (the cheapest exact conversion); ``next_turn`` uses ``rules.apply``.

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

    def start(self) -> tuple[Position, tuple[int, ...]]:
        return self.set_position({"pos": START})

    def set_position(self, case: dict) -> tuple[Position, tuple[int, ...]]:
        p = tuple(case["pos"])
        return pos28_to_position(self.rules, p, Player.WHITE), p

    def legal_results(self, native: tuple[Position, tuple[int, ...]], d1: int, d2: int) -> list:
        return [(native, play) for play in self._legal(native[0], (d1, d2))]

    def to_canon(self, res: tuple[tuple[Position, tuple[int, ...]], Play]) -> tuple[int, ...]:
        (_, p), play = res
        return steps_to_pos28(p, play)

    def next_turn(self, res: tuple[tuple[Position, tuple[int, ...]], Play]) -> tuple[Position, tuple[int, ...]]:
        (pos, p), play = res
        after = self._apply(pos, play)
        return after, position_to_pos28(after, after.turn)

    def is_won(self, res: tuple[tuple[Position, tuple[int, ...]], Play]) -> bool:
        (_, p), play = res
        return p[26] + sum(1 for s in play.steps if s.target == 0) == 15

    def pass_turn(self, native: tuple[Position, tuple[int, ...]]) -> tuple[Position, tuple[int, ...]]:
        pos = native[0].replace(turn=native[0].turn.other)  # not reached: nardy returns a pass play
        return pos, position_to_pos28(pos, pos.turn)
