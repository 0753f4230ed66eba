"""Shared helpers for the nardy test-suite.

* the size of the run: by default the property tests try a fifth of their
  hypothesis examples (profile ``quick``, and :func:`examples` for the tests
  that name their own number), so that ``pytest`` takes about two minutes; the
  full run (``pytest --full`` or ``NARDY_FULL_TESTS=1``) tries them all
  (profile ``full``). The hypothesis tests are marked ``property``: after the
  default run, ``pytest --full -m property`` adds what the full run adds
  (``.ci/run`` does so). ``HYPOTHESIS_PROFILE`` chooses another profile
  (``thorough``: 500 examples, not derandomized);
* a mover-relative board view that works for both families (the POS28 layout of
  /work/shared/bench/adapters.py, generalised to the long family's p <-> p±12 map);
* an independent step walker and an independent brute-force reference generator,
  written from RULES.md sections 1-3, 4.1 and 4.3 only (no library internals);
* hypothesis strategies for positions: reached by seeded random play from the start,
  and built at random (15 checkers per side, no shared points).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import nardy
from nardy import Player, Position

#: the default run tries this share of the examples of the full run
QUICK_SHARE = 5

settings.register_profile(
    "full",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=True,
)
settings.register_profile("quick", settings.get_profile("full"), max_examples=60 // QUICK_SHARE)
settings.register_profile("ci", settings.get_profile("full"))  # the full profile's earlier name
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


_FULL = False


def pytest_configure(config: pytest.Config) -> None:
    global _FULL
    _FULL = bool(config.getoption("full"))  # --full or NARDY_FULL_TESTS=1 (conftest.py)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("full" if _FULL else "quick"))
    config.addinivalue_line(
        "markers", "property: a hypothesis test (marked by conftest.py); --full -m property runs what --full changes"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the hypothesis tests ``property``: the only tests whose work the full
    run changes, so ``pytest --full -m property`` after ``pytest`` adds what the
    full run adds (as .ci/run does)."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.property)


def examples(full: int) -> int:
    """The ``max_examples`` of a property test that names its own: ``full`` in
    the full run, a fifth of it (at least one) in the default run."""
    return full if _FULL else max(1, full // QUICK_SHARE)

RULESETS = ("short", "long", "nardgammon")
ALL_ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))  # the 21 distinct rolls


@functools.cache
def get_rules(name: str) -> nardy.RuleSet:
    return nardy.ruleset(name)


# --------------------------------------------------------------------------- geometry


def other_point(family: str, p: int) -> int:
    """RULES.md 1.2: X's point p in O's numbering (an involution)."""
    if family == "short":
        return 25 - p
    return ((p + 11) % 24) + 1


def view(pos: Position, mover: Player) -> tuple[int, ...]:
    """Mover-relative 28-tuple (POS28 layout).

    idx 0..23: mover's points 1..24 (+mover, -opponent); 24: mover bar; 25: opponent bar;
    26: mover off; 27: opponent off. Off counts are computed here from the board, so the
    tuple does not rely on Position.off().
    """
    fam = pos.family
    mine = pos.points(mover)
    theirs = pos.points(mover.other)
    pts = []
    for k in range(1, 25):
        a = mine[k - 1]
        b = theirs[other_point(fam, k) - 1]
        assert not (a and b), f"point {k} shared in {pos!r}"
        pts.append(a - b)
    mbar, obar = pos.bar(mover), pos.bar(mover.other)
    moff = 15 - sum(mine) - mbar
    ooff = 15 - sum(theirs) - obar
    return tuple(pts + [mbar, obar, moff, ooff])


def position_from_view(rules: nardy.RuleSet, v: Sequence[int], mover: Player, **kw: object) -> Position:
    """The nardy position whose mover-relative view is ``v`` (mover = ``mover``)."""
    fam = rules.family
    mine = [0] * 24
    theirs = [0] * 24
    for k in range(1, 25):
        x = v[k - 1]
        if x > 0:
            mine[k - 1] = x
        elif x < 0:
            theirs[other_point(fam, k) - 1] = -x
    if mover == Player.WHITE:
        return rules.position(white=mine, black=theirs, white_bar=v[24], black_bar=v[25], turn=mover, **kw)
    return rules.position(white=theirs, black=mine, white_bar=v[25], black_bar=v[24], turn=mover, **kw)


def expand(dice: Sequence[int]) -> list[int]:
    """The values a roll gives (a double: four); an already expanded tuple is kept."""
    if len(dice) == 2 and dice[0] == dice[1]:
        return [dice[0]] * 4
    return list(dice)


# --------------------------------------------------------------------------- independent rules


def step_on_view(
    family: str, v: Sequence[int], src: int, die: int
) -> tuple[tuple[int, ...], int, bool] | str:
    """One step of the mover (RULES.md 2.1, 3.1, 3.2, 4.1, 4.3 without head/block rules).

    Returns ``(new_view, target, hit)`` (target 0 = borne off) or the reason it is illegal.
    """
    b = list(v)
    if family == "long" and src == 25:
        return "no bar in the long family"
    if b[24] > 0 and src != 25:
        return "a checker on the bar must enter first"
    if src == 25:
        if b[24] <= 0:
            return "no checker on the bar"
        t = 25 - die
    else:
        if not 1 <= src <= 24 or b[src - 1] <= 0:
            return f"no mover checker on {src}"
        t = src - die
    hit = False
    if t >= 1:
        opp = -b[t - 1] if b[t - 1] < 0 else 0
        if family == "long" and opp >= 1:
            return f"point {t} holds an opposing checker (long: closed)"
        if family == "short" and opp >= 2:
            return f"point {t} is closed ({opp} opposing checkers)"
        if opp == 1:
            hit = True
    else:
        if b[24] > 0 or any(b[q - 1] > 0 for q in range(7, 25)):
            return "bear-off with checkers outside home"
        if t < 0 and any(b[q - 1] > 0 for q in range(src + 1, 7)):
            return f"overshoot bear-off from {src} with a checker higher up"
        t = 0
    # apply
    if src == 25:
        b[24] -= 1
    else:
        b[src - 1] -= 1
    if t == 0:
        b[26] += 1
    else:
        if hit:
            b[t - 1] = 0
            b[25] += 1
        b[t - 1] += 1
    return tuple(b), t, hit


def block_ok(v: Sequence[int]) -> bool:
    """Long six-block rule, mode "ahead" (RULES.md 4.3), for the mover of view ``v``."""
    if v[27] > 0:  # an opposing checker borne off counts as ahead
        return True
    occupied_q = sorted(other_point("long", p) for p in range(1, 25) if v[p - 1] > 0)
    opp_q = {other_point("long", p) for p in range(1, 25) if v[p - 1] < 0}
    runs: list[list[int]] = []
    for q in occupied_q:
        if runs and runs[-1][-1] == q - 1:
            runs[-1].append(q)
        else:
            runs.append([q])
    for run in runs:
        if len(run) >= 6:
            q_bot = run[0]
            if not any(q < q_bot for q in opp_q):
                return False
    return True


def walk_play(rules: nardy.RuleSet, pos: Position, play: nardy.Play) -> tuple[int, ...]:
    """Replay ``play.steps`` on an own copy of the board, checking every step independently.

    Returns the final mover-relative view; raises AssertionError naming the broken rule.
    """
    fam = rules.family
    mover = pos.turn
    v = view(pos, mover)
    remaining = expand(play.dice)
    head = 0
    for i, st_ in enumerate(play.steps):
        where = f"step {i + 1} ({st_}) of {play} with {play.dice} in {pos!r}"
        assert st_.die in remaining, f"{where}: die {st_.die} not available ({remaining})"
        remaining.remove(st_.die)
        out = step_on_view(fam, v, st_.source, st_.die)
        assert not isinstance(out, str), f"{where}: {out}"
        v, t, hit = out
        assert st_.target == t, f"{where}: target should be {t}"
        assert st_.hit == hit, f"{where}: hit flag should be {hit}"
        head += st_.source == 24
        if rules.name == "nardgammon":
            assert block_ok(v), f"{where}: transient six-block without an opposing checker ahead"
    if fam == "long":
        allowed = 1 if pos.has_moved(mover) else 2
        assert head <= allowed, f"{play} with {play.dice}: {head} checkers left the head in {pos!r}"
        assert block_ok(v), f"{play} with {play.dice}: final six-block without a checker ahead in {pos!r}"
    return v


def _reference_search(
    rules: nardy.RuleSet, start: tuple[int, ...], values: list[int], head_limit: int | None
) -> tuple[int, set[tuple[int, ...]]]:
    fam = rules.family
    step_block = rules.name == "nardgammon"
    end_block = fam == "long" and not step_block
    cands: set[tuple[tuple[int, ...], int, int]] = set()  # (final view, length, die of a 1-step play)
    seen: set[tuple] = set()

    def dfs(v: tuple[int, ...], remaining: tuple[int, ...], depth: int, head: int, first: int) -> None:
        key = (v, remaining, head, first)
        if key in seen:
            return
        seen.add(key)
        if not end_block or block_ok(v):
            cands.add((v, depth, first if depth == 1 else 0))
        if v[26] == 15:
            return
        for d in sorted(set(remaining)):
            rest = list(remaining)
            rest.remove(d)
            for src in range(1, 26):
                if src == 24 and head_limit is not None and head >= head_limit:
                    continue
                out = step_on_view(fam, v, src, d)
                if isinstance(out, str):
                    continue
                nv = out[0]
                if step_block and not block_ok(nv):
                    continue
                dfs(nv, tuple(rest), depth + 1, head + (src == 24), first if depth else d)

    dfs(start, tuple(values), 0, 0, 0)
    best = max(c[1] for c in cands)
    legal = [c for c in cands if c[1] == best]
    if best == 1 and len(values) == 2 and values[0] != values[1]:
        big = max(values)
        with_big = [c for c in legal if c[2] == big]
        if with_big:
            legal = with_big
    return best, {c[0] for c in legal}


def reference_results(rules: nardy.RuleSet, pos: Position, dice: Sequence[int]) -> set[tuple[int, ...]]:
    """Brute-force set of resulting mover-relative views (RULES.md 2.2-2.7, defaults only)."""
    start = view(pos, pos.turn)
    values = expand(dice)
    if rules.family == "short":
        return _reference_search(rules, start, values, None)[1]
    if pos.has_moved(pos.turn):
        return _reference_search(rules, start, values, 1)[1]
    m1, r1 = _reference_search(rules, start, values, 1)
    m2, r2 = _reference_search(rules, start, values, 2)
    return r2 if m2 > m1 else r1


# --------------------------------------------------------------------------- positions


@functools.cache
def trajectory(name: str, seed: int, max_plies: int = 400) -> tuple[Position, ...]:
    """Non-terminal positions (mover to play) of one seeded random game of ``name``."""
    rules = get_rules(name)
    rng = random.Random(seed)
    pos = rules.initial_position()
    out = [pos]
    for _ in range(max_plies):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = rules.legal_plays(pos, dice)
        nxt = rules.apply(pos, rng.choice(plays))
        if nxt.off(Player.WHITE) == 15 or nxt.off(Player.BLACK) == 15:
            break
        pos = nxt
        out.append(pos)
    return tuple(out)


@st.composite
def reached_positions(draw: st.DrawFn, name: str) -> Position:
    """A position reached by seeded random play from the start (always valid)."""
    seed = draw(st.integers(0, 59), label="game seed")
    traj = trajectory(name, seed)
    idx = draw(st.integers(0, len(traj) - 1), label="ply")
    return traj[idx]


_HOME_OFF = list(range(0, 7))  # 0 = off, 1..6 = home


@st.composite
def random_short_positions(draw: st.DrawFn) -> Position:
    """Random valid short-family position: 15 checkers per side over points/bar/off."""
    rules = get_rules("short")
    # slot 0 = off, 1..24 = points, 25 = bar
    pool_white = draw(
        st.sampled_from(["anywhere", "home", "home+bar"]), label="white pool"
    )
    pools = {
        "anywhere": list(range(26)),
        "home": _HOME_OFF,
        "home+bar": _HOME_OFF + [25],
    }
    w = draw(st.lists(st.sampled_from(pools[pool_white]), min_size=15, max_size=15))
    white = [0] * 24
    wbar = 0
    for s in w:
        if s == 25:
            wbar += 1
        elif s:
            white[s - 1] += 1
    # Black may not use points White holds: White p = Black 25 - p
    free_black = [0, 25] + [q for q in range(1, 25) if not white[25 - q - 1]]
    pool_black = draw(st.sampled_from(["anywhere", "home"]), label="black pool")
    if pool_black == "home":
        choices = [q for q in free_black if q <= 6 or q == 25]
    else:
        choices = free_black
    bl = draw(st.lists(st.sampled_from(choices), min_size=15, max_size=15))
    black = [0] * 24
    bbar = 0
    for s in bl:
        if s == 25:
            bbar += 1
        elif s:
            black[s - 1] += 1
    turn = draw(st.sampled_from([Player.WHITE, Player.BLACK]))
    return rules.position(white=white, black=black, white_bar=wbar, black_bar=bbar, turn=turn)


@st.composite
def random_long_positions(draw: st.DrawFn, name: str = "long") -> Position:
    """Random valid long-family position with no illegal six-block for either side."""
    rules = get_rules(name)
    w = draw(st.lists(st.integers(0, 24), min_size=15, max_size=15))
    white = [0] * 24
    for s in w:
        if s:
            white[s - 1] += 1
    free_black = [0] + [q for q in range(1, 25) if not white[other_point("long", q) - 1]]
    bl = draw(st.lists(st.sampled_from(free_black), min_size=15, max_size=15))
    black = [0] * 24
    for s in bl:
        if s:
            black[s - 1] += 1
    turn = draw(st.sampled_from([Player.WHITE, Player.BLACK]))
    wm = draw(st.booleans())
    bm = draw(st.booleans())
    pos = rules.position(white=white, black=black, turn=turn, white_moved=wm, black_moved=bm)
    from hypothesis import assume

    assume(block_ok(view(pos, Player.WHITE)) and block_ok(view(pos, Player.BLACK)))
    return pos


@st.composite
def near_block_long_positions(draw: st.DrawFn, name: str = "long") -> Position:
    """Long-family positions where the mover holds five of six consecutive points along the
    opponent's route, with spare checkers behind the gap: many rolls could complete a
    six-block, so the block rule (and, in Nardgammon, transient blocks) are exercised."""
    from hypothesis import assume

    rules = get_rules(name)
    v = [0] * 28
    q_bot = draw(st.integers(1, 19), label="block bottom (opponent numbering)")
    run = [other_point("long", q) for q in range(q_bot, q_bot + 6)]  # mover numbering
    gap = draw(st.sampled_from(run), label="gap")
    left = 15
    for p in run:
        if p != gap:
            n = draw(st.integers(1, 2))
            v[p - 1] = n
            left -= n
    behind = [p for p in range(gap + 1, min(gap + 12, 24) + 1) if p not in run]
    n_behind = draw(st.integers(1, min(4, left))) if behind else 0
    for _ in range(n_behind):
        p = draw(st.sampled_from(behind))
        v[p - 1] += 1
    left -= n_behind
    # the rest of the mover's checkers: anywhere except the gap, or borne off
    for _ in range(left):
        p = draw(st.integers(0, 24))
        if p == 0 or p == gap:
            v[26] += 1
        else:
            v[p - 1] += 1
    # opponent: behind the run (opponent points above it), sometimes one checker ahead
    q_top = q_bot + 5
    free_behind = [q for q in range(q_top + 1, 25) if v[other_point("long", q) - 1] == 0]
    free_ahead = [q for q in range(1, q_bot) if v[other_point("long", q) - 1] == 0]
    ahead = draw(st.integers(0, 2)) if free_ahead else 0
    placed = 0
    for _ in range(ahead):
        q = draw(st.sampled_from(free_ahead))
        v[other_point("long", q) - 1] -= 1
        placed += 1
    assume(free_behind or placed == 15)
    for _ in range(15 - placed):
        q = draw(st.sampled_from(free_behind))
        v[other_point("long", q) - 1] -= 1
    assume(block_ok(v))
    opp = [-x if x < 0 else 0 for x in v[:24]]
    flipped = [0] * 28
    for p in range(1, 25):
        q = other_point("long", p)
        flipped[q - 1] = opp[p - 1] - (v[p - 1] if v[p - 1] > 0 else 0)
    flipped[27] = v[26]
    assume(block_ok(flipped))
    mover = draw(st.sampled_from([Player.WHITE, Player.BLACK]))
    moved = draw(st.booleans())
    kw = {"white_moved": True, "black_moved": True}
    kw["white_moved" if mover == Player.WHITE else "black_moved"] = moved
    return position_from_view(rules, v, mover, **kw)


def any_positions(name: str) -> st.SearchStrategy[Position]:
    if get_rules(name).family == "short":
        return st.one_of(reached_positions(name), random_short_positions())
    return st.one_of(reached_positions(name), random_long_positions(name), near_block_long_positions(name))


dice_st = st.tuples(st.integers(1, 6), st.integers(1, 6))


def results_of(rules: nardy.RuleSet, pos: Position, plays: Iterable[nardy.Play]) -> list[tuple[int, ...]]:
    """Mover-relative views of every play's resulting position."""
    return [view(rules.apply(pos, p), pos.turn) for p in plays]


def import_fresh(monkeypatch: pytest.MonkeyPatch, modules: tuple[str, ...], missing: tuple[str, ...]) -> Any:
    """Import new copies of ``modules`` (in order; the last is returned) as if the
    packages ``missing`` were not installed. The test's end puts everything back."""
    for name in missing:
        monkeypatch.setitem(sys.modules, name, None)  # "import name" now fails
    for name in modules:
        parent, _, child = name.rpartition(".")
        if hasattr(sys.modules[parent], child):  # importing rebinds the parent's attribute
            monkeypatch.setattr(sys.modules[parent], child, getattr(sys.modules[parent], child))
    for name in modules:
        if name in sys.modules:
            monkeypatch.delitem(sys.modules, name)
    for name in modules[:-1]:
        importlib.import_module(name)
    return importlib.import_module(modules[-1])


@pytest.fixture(scope="session")
def gnubg_peer() -> Iterator[Any]:
    """gnubg's ID reader in a process of its own (tests/gnubg_peer.py); the test is
    skipped without the ``gnubg`` package."""
    if importlib.util.find_spec("gnubg") is None:
        pytest.skip("gnubg (from PyPI) is not installed")
    from gnubg_peer import GnubgPeer

    peer = GnubgPeer()
    yield peer
    peer.close()
