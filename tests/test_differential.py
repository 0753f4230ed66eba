"""Differential tests: nardy's Short ruleset against bgsage's move generator.

bgsage (PyPI ``bgsage``, MPL-2.0, module ``bgbot_cpp``) is an independent backgammon
engine; ``bgbot_cpp.possible_moves(board26, d1, d2)`` returns the distinct boards after
the mover's whole turn. board26 = [opponent bar, points 1..24 (+mover/-opponent, mover's
numbering), mover bar]. It returns ``[]`` or the unchanged board when nothing can move;
nardy returns the single empty play. We compare the SET of resulting positions, written
in POS28, always from the mover's point of view: indexes 0..23 = the mover's points 1..24
(>0 the mover's checkers, <0 the opponent's; the opponent's own point j is the mover's
25-j), 24 = the mover's bar, 25 = the opponent's bar, 26 = the mover's borne-off
checkers, 27 = the opponent's.

The benchmark cases are tests/data/bench_cases.jsonl (see tests/data/README.md).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Player, Position

bgbot_cpp = pytest.importorskip("bgbot_cpp")

RULES = nardy.ruleset("short")
BENCH = Path(__file__).resolve().parent / "data" / "bench_cases.jsonl"
ALL_ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))

# --------------------------------------------------------------------------- conversions


def to_pos28(pos: Position, mover: Player) -> tuple[int, ...]:
    """POS28 of ``pos`` seen by ``mover`` (short family: opponent's own p is mover's 25-p)."""
    mine = pos.points(mover)
    theirs = pos.points(mover.other)
    pts = []
    for k in range(1, 25):
        a, b = mine[k - 1], theirs[25 - k - 1]
        assert not (a and b)
        pts.append(a - b)
    mbar, obar = pos.bar(mover), pos.bar(mover.other)
    return tuple(pts + [mbar, obar, 15 - sum(mine) - mbar, 15 - sum(theirs) - obar])


def from_pos28(p: tuple[int, ...] | list[int], mover: Player) -> Position:
    """The nardy short position with POS28 ``p`` and ``mover`` to play."""
    mine = [max(x, 0) for x in p[:24]]
    theirs = [0] * 24
    for k in range(1, 25):
        if p[k - 1] < 0:
            theirs[25 - k - 1] = -p[k - 1]
    if mover == Player.WHITE:
        return RULES.position(white=mine, black=theirs, white_bar=p[24], black_bar=p[25], turn=mover)
    return RULES.position(white=theirs, black=mine, white_bar=p[25], black_bar=p[24], turn=mover)


def board26(p: tuple[int, ...]) -> list[int]:
    return [p[25], *p[:24], p[24]]


def board26_to_pos28(b: list[int]) -> tuple[int, ...]:
    pts = list(b[1:25])
    mine = sum(x for x in pts if x > 0) + b[25]
    theirs = -sum(x for x in pts if x < 0) + b[0]
    return tuple(pts + [b[25], b[0], 15 - mine, 15 - theirs])


def bgsage_results(p: tuple[int, ...], d1: int, d2: int) -> set[tuple[int, ...]]:
    out = {board26_to_pos28(list(b)) for b in bgbot_cpp.possible_moves(board26(p), d1, d2)}
    return out or {tuple(p)}  # no move possible: the single result is the unchanged board


def nardy_results(pos: Position, dice: tuple[int, int]) -> tuple[set[tuple[int, ...]], tuple[nardy.Play, ...]]:
    plays = RULES.legal_plays(pos, dice)
    res = [to_pos28(RULES.apply(pos, pl), pos.turn) for pl in plays]
    assert len(res) == len(set(res)), f"duplicate resulting positions for {dice} in {pos!r}"
    return set(res), plays


def describe(p, d1, d2, mine, theirs) -> str:
    return (
        f"pos28={list(p)} dice={d1}-{d2}: nardy {len(mine)} results, bgsage {len(theirs)}; "
        f"only nardy: {sorted(mine - theirs)[:3]}; only bgsage: {sorted(theirs - mine)[:3]}"
    )


def check_both_colours(p: tuple[int, ...], d1: int, d2: int) -> None:
    """Compare nardy and bgsage on POS28 ``p``, with White and with Black to move."""
    theirs = bgsage_results(p, d1, d2)
    for mover in (Player.WHITE, Player.BLACK):
        pos = from_pos28(p, mover)
        assert to_pos28(pos, mover) == tuple(p)
        mine, _ = nardy_results(pos, (d1, d2))
        assert mine == theirs, f"{mover} to move: " + describe(p, d1, d2, mine, theirs)
        # dice order must not matter
        if d1 != d2:
            mine2, _ = nardy_results(pos, (d2, d1))
            assert mine2 == mine, f"{mover}: {d1}-{d2} and {d2}-{d1} differ at {list(p)}"


# --------------------------------------------------------------------------- sanity of the helpers


def test_conversion_round_trip_start() -> None:
    start = RULES.initial_position()
    p = to_pos28(start, Player.WHITE)
    assert p[:24] == (-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2)
    assert p[24:] == (0, 0, 0, 0)
    assert to_pos28(start, Player.BLACK) == p  # symmetric start
    back = from_pos28(p, Player.WHITE)
    assert (back.white, back.black, back.white_bar, back.black_bar, back.turn) == (
        start.white, start.black, 0, 0, Player.WHITE
    )
    # a POS28 with bars and borne-off checkers survives the round trip for both colours
    q = (-1, 0, 2, 0, 0, 4, 0, 3, 0, 0, 0, -5, 0, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 0, 1, 1, 5, 0)
    for mover in (Player.WHITE, Player.BLACK):
        pos = from_pos28(q, mover)
        assert pos.turn == mover and pos.bar(mover) == 1 and pos.off(mover) == 5
        assert to_pos28(pos, mover) == q


def test_bgsage_adapter_semantics_on_opening() -> None:
    """The opening 6-5 has 7 distinct results in both engines (and 24/13 is one of them)."""
    p = to_pos28(RULES.initial_position(), Player.WHITE)
    theirs = bgsage_results(p, 6, 5)
    mine, plays = nardy_results(RULES.initial_position(), (6, 5))
    assert len(theirs) == 7
    assert mine == theirs
    assert "24/13" in {str(pl) for pl in plays}


# --------------------------------------------------------------------------- (a) the benchmark cases


def _bench_cases() -> list[dict]:
    with BENCH.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


BENCH_CASES = _bench_cases()


def test_bench_file_is_well_formed() -> None:
    assert len(BENCH_CASES) == 1000
    assert sum(c["dice"][0] == c["dice"][1] for c in BENCH_CASES) == 158
    for c in BENCH_CASES:
        assert set(c) == {"pos", "dice"}
        assert len(c["dice"]) == 2 and all(1 <= d <= 6 for d in c["dice"])
        p = c["pos"]
        assert len(p) == 28
        mine = sum(x for x in p[:24] if x > 0) + p[24] + p[26]
        theirs = -sum(x for x in p[:24] if x < 0) + p[25] + p[27]
        assert mine == theirs == 15


@pytest.mark.parametrize("chunk", range(10))
def test_bench_cases_match_bgsage(chunk: int) -> None:
    """All 1000 benchmark (position, dice) cases, both colours (100 per chunk)."""
    mismatches = []
    for case in BENCH_CASES[chunk * 100 : (chunk + 1) * 100]:
        p = tuple(case["pos"])
        d1, d2 = case["dice"]
        try:
            check_both_colours(p, d1, d2)
        except AssertionError as exc:
            mismatches.append(str(exc))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:3]}"


def test_bench_positions_all_rolls_match_bgsage() -> None:
    """Every 5th benchmark position with all 21 rolls (White to move)."""
    mismatches = []
    for case in BENCH_CASES[::5]:
        p = tuple(case["pos"])
        pos = from_pos28(p, Player.WHITE)
        for d1, d2 in ALL_ROLLS:
            mine, _ = nardy_results(pos, (d1, d2))
            theirs = bgsage_results(p, d1, d2)
            if mine != theirs:
                mismatches.append(describe(p, d1, d2, mine, theirs))
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:3]}"


# --------------------------------------------------------------------------- (b) self-play positions


def _self_play_positions(n_games: int, seed: int) -> list[Position]:
    """Positions (mover to play) from seeded random self-play games of nardy's Short."""
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(n_games):
        pos = RULES.initial_position()
        while True:
            out.append(pos)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = RULES.legal_plays(pos, dice)
            pos = RULES.apply(pos, rng.choice(plays))
            if pos.off(Player.WHITE) == 15 or pos.off(Player.BLACK) == 15:
                break
    return out


SELF_PLAY = _self_play_positions(12, seed=20240611)
SAMPLED = SELF_PLAY[::3]


def test_self_play_sample_covers_the_interesting_cases() -> None:
    """The sample must contain bar positions, bear-offs, passes and short doubles."""
    seen: Counter[str] = Counter()
    for pos in SAMPLED:
        me = pos.turn
        if pos.bar(me):
            seen["bar"] += 1
        if not pos.bar(me) and not any(pos.points(me)[6:]):
            seen["bearoff"] += 1
        for d1, d2 in ALL_ROLLS:
            plays = RULES.legal_plays(pos, (d1, d2))
            n = len(plays[0].steps)
            if d1 == d2 and 0 < n < 4:
                seen["partial double"] += 1
            if n == 0:
                seen["pass"] += 1
            if d1 != d2 and n == 1:
                seen["one die only"] += 1
            if any(s.target == 0 for pl in plays for s in pl.steps):
                seen["bearoff step"] += 1
            if any(s.hit for pl in plays for s in pl.steps):
                seen["hit"] += 1
    for key in ("bar", "bearoff", "partial double", "pass", "one die only", "bearoff step", "hit"):
        assert seen[key] > 0, f"self-play sample has no {key!r} case: {dict(seen)}"


@pytest.mark.parametrize("part", range(4))
def test_self_play_positions_all_rolls_match_bgsage(part: int) -> None:
    """Sampled self-play positions x all 21 rolls, with the true mover and both colours."""
    mismatches = []
    chunk = SAMPLED[part::4]
    for pos in chunk:
        p = to_pos28(pos, pos.turn)
        for d1, d2 in ALL_ROLLS:
            mine, _ = nardy_results(pos, (d1, d2))
            theirs = bgsage_results(p, d1, d2)
            if mine != theirs:
                mismatches.append(f"{pos.turn} to move: " + describe(p, d1, d2, mine, theirs))
            # the same board with the other colour to move
            other = from_pos28(p, pos.turn.other)
            mine_o, _ = nardy_results(other, (d1, d2))
            if mine_o != theirs:
                mismatches.append(f"{pos.turn.other} to move: " + describe(p, d1, d2, mine_o, theirs))
    assert len(chunk) > 20
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:3]}"


# --------------------------------------------------------------------------- (c) hand-picked edge cases


def _pos28(points: dict[int, int], mbar: int = 0, obar: int = 0) -> tuple[int, ...]:
    pts = [0] * 24
    for k, n in points.items():
        pts[k - 1] = n
    mine = sum(x for x in pts if x > 0) + mbar
    theirs = -sum(x for x in pts if x < 0) + obar
    return tuple(pts + [mbar, obar, 15 - mine, 15 - theirs])


EDGE = [
    # closed board, mover on the bar: nothing enters, pass
    (_pos28({19: -2, 20: -2, 21: -2, 22: -2, 23: -2, 24: -2, 1: 13, 2: -3}, mbar=2), (6, 5)),
    # two on the bar, only one entry point open
    (_pos28({19: -2, 20: -2, 21: -2, 22: -2, 23: -2, 5: 13, 2: -3}, mbar=2), (1, 1)),
    # bear-off with overshoot
    (_pos28({1: 2, 4: 1, 6: 1, 24: -15}), (5, 3)),
    (_pos28({1: 2, 2: 3, 3: 1, 20: -15}), (6, 6)),
    # last checker comes home with one die, bears off with the other
    (_pos28({7: 1, 3: 14, 24: -15}), (2, 4)),
    # only the smaller die playable
    (_pos28({8: 1, 1: 14, 2: -2, 24: -13}), (6, 5)),
    # larger die rule: either die alone, not both
    (_pos28({24: 1, 1: 14, 18: -2, 13: -2, 12: -2, 3: -9}), (6, 5)),
    # hit at the intermediate landing of a combined move
    (_pos28({13: 2, 9: -1, 6: 13, 1: -14}), (4, 2)),
]


@pytest.mark.parametrize("p,dice", EDGE)
def test_edge_cases_match_bgsage(p: tuple[int, ...], dice: tuple[int, int]) -> None:
    check_both_colours(p, *dice)


# --------------------------------------------------------------------------- (d) hypothesis positions


@st.composite
def random_pos28(draw: st.DrawFn) -> tuple[int, ...]:
    """A random legal POS28 (15 checkers each, no shared points), often with bars/bear-offs."""
    mine_pool = draw(st.sampled_from([list(range(26)), list(range(7)), [*range(7), 25]]))
    slots = draw(st.lists(st.sampled_from(mine_pool), min_size=15, max_size=15))
    pts = [0] * 24
    mbar = moff = 0
    for s in slots:
        if s == 25:
            mbar += 1
        elif s == 0:
            moff += 1
        else:
            pts[s - 1] += 1
    free = [0, 25] + [k for k in range(1, 25) if pts[k - 1] == 0]
    opp_pool = draw(st.sampled_from(["anywhere", "their home"]))
    if opp_pool == "their home":  # opponent's home = mover's 19..24
        free = [k for k in free if k == 0 or k == 25 or k >= 19]
    oslots = draw(st.lists(st.sampled_from(free), min_size=15, max_size=15))
    obar = ooff = 0
    for s in oslots:
        if s == 25:
            obar += 1
        elif s == 0:
            ooff += 1
        else:
            pts[s - 1] -= 1
    return tuple(pts + [mbar, obar, moff, ooff])


@given(p=random_pos28(), d1=st.integers(1, 6), d2=st.integers(1, 6))
def test_random_positions_match_bgsage(p: tuple[int, ...], d1: int, d2: int) -> None:
    if p[26] == 15:  # mover already finished: not a position anyone moves from
        return
    check_both_colours(p, d1, d2)
