"""nardy's short ruleset in the POS28 encoding of the peer benchmark harness.

The harness (``adapters.py`` of the side-by-side benchmark, by default in
``shared/bench`` beside this repository; set ``NARDY_PEER_BENCH`` to use another
folder) describes a backgammon position as POS28: a 28-tuple from the mover's
view; 0..23 = the mover's points 1..24 (>0 mover, <0 opponent; the opponent's own
point j is the mover's 25-j), 24 = mover's bar, 25 = opponent's bar, 26 = mover's
borne off, 27 = opponent's borne off.

This module converts between POS28 and nardy positions, and gives nardy the
harness' adapter interface twice, as a user would write it: through
``rules.legal_plays`` (``NardyAdapter``) and through ``rules.afterstates``
(``NardyAfterstatesAdapter``), so that its own script runs nardy too::

    PYTHONPATH=benchmarks python shared/bench/bench_peers.py --extra nardy_adapter:NardyAdapter
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from operator import sub
from typing import Any

import nardy
from nardy import Play, Player, Position

WHITE = Player.WHITE

PEER_DIR = os.environ.get(
    "NARDY_PEER_BENCH",
    os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "shared", "bench"),
)

A: Any = None  # the harness' adapters module, when its folder is there
if os.path.isdir(PEER_DIR):
    if PEER_DIR not in sys.path:
        sys.path.insert(0, PEER_DIR)
    with contextlib.suppress(ImportError):
        A = importlib.import_module("adapters")


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
    _, white, black, white_bar, black_bar, _, _, _ = pos  # a Position is the tuple of its fields
    # mover point k (index k-1) is the opponent's point 25-k (index 24-k); a point
    # holds checkers of one side only, so mine - theirs is the signed count
    if mover is WHITE:
        return (*map(sub, white, black[::-1]), white_bar, black_bar, 15 - sum(white) - white_bar,
                15 - sum(black) - black_bar)
    return (*map(sub, black, white[::-1]), black_bar, white_bar, 15 - sum(black) - black_bar,
            15 - sum(white) - white_bar)


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


class NardyAdapter(A.PeerAdapter if A else object):  # type: ignore[misc]
    """nardy's short ruleset behind the harness' adapter interface (needs the
    harness). native = (a Position with the mover to move, its POS28 if known:
    the one the harness gave, ``None`` after a turn); a result = a Play of
    ``rules.legal_plays``, which knows the position it was generated from
    (``play.origin``). POS28 is built only for ``to_canon``, once for the plays
    of one position asked one after the other. nardy never returns an empty
    list: when nothing can move, the only play is the empty play, whose result
    is the unchanged position (the harness' "pass")."""

    name = "nardy"
    arbitrary_positions = True

    def __init__(self, ruleset: str = "short") -> None:
        self.rules = nardy.ruleset(ruleset)
        if self.rules.family != "short":
            raise ValueError("POS28 describes a short-family (backgammon) board")
        # the position whose plays were last asked for or converted, and its POS28 if known
        self._origin: Position | None = None
        self._origin_pos28: tuple[int, ...] | None = None

    def set_position(self, case: dict[str, Any]) -> tuple[Position, tuple[int, ...] | None]:
        p = tuple(case["pos"])
        return pos28_to_position(self.rules, p), p

    def legal_results(self, native: tuple[Position, tuple[int, ...] | None], d1: int, d2: int) -> tuple[Play, ...]:
        pos, self._origin_pos28 = native
        self._origin = pos
        return self.rules.legal_plays(pos, (d1, d2))

    def to_canon(self, res: Play) -> tuple[int, ...]:
        origin = res.origin
        assert origin is not None  # (a play of legal_plays knows its origin)
        before = self._origin_pos28
        if origin is not self._origin or before is None:  # the POS28 before the play, once per position
            before = position_to_pos28(origin, origin.turn)
            self._origin, self._origin_pos28 = origin, before
        return steps_to_pos28(before, res) if res.steps else before  # (a pass: the board as it was)

    def next_turn(self, res: Play) -> tuple[Position, tuple[int, ...] | None]:
        origin = res.origin
        assert origin is not None
        return self.rules.apply(origin, res), None

    def is_won(self, res: Play) -> bool:
        origin = res.origin
        assert origin is not None
        off = origin.off(origin.turn)  # the mover's checkers off before the play
        return off + len(res.steps) >= 15 and off + sum(1 for s in res.steps if s.target == 0) == 15

    def pass_turn(self, native: Any) -> Any:
        raise RuntimeError("nardy never gives an empty list of results: a pass is the empty play")


class NardyAfterstatesAdapter(NardyAdapter):
    """The same through ``rules.afterstates``: native = a Position with the
    mover to move; a result = one of its afterstates, a Position with the turn
    already passed to the opponent, so that ``next_turn`` has nothing to do
    (nardy's positions carry the turn: that is its "flip")."""

    name = "nardy_afterstates"

    def set_position(self, case: dict[str, Any]) -> Position:
        return pos28_to_position(self.rules, case["pos"])

    def legal_results(self, native: Position, d1: int, d2: int) -> Any:  # type: ignore[override]
        return self.rules.afterstates(native, (d1, d2))  # a sequence, each position built when read

    def to_canon(self, res: Position) -> tuple[int, ...]:  # type: ignore[override]
        return position_to_pos28(res, res.turn.other)

    def next_turn(self, res: Position) -> Position:  # type: ignore[override]
        return res

    def is_won(self, res: Position) -> bool:  # type: ignore[override]
        return res.off(res.turn.other) == 15
