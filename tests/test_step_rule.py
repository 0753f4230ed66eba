"""The step rule (RULES.md 2.1 and 3) in its two forms agrees with itself.

``StepRule.refusal`` reads the rule for one step as a player checks it;
``StepRule.sources`` gives every legal source of a value at once as a bit set,
and ``StepRule.open_moves`` is the table the search reads for the common case
(a checker outside home, none on the bar). The search asks only the bit-set
forms, so these tests are what ties every legal play to the rule as written.

For one source ``p`` and value ``d`` the bit-set forms read only: whether ``p``
holds a checker, whether one is on the bar, whether one is outside home,
whether the target ``p - d`` is closed, whether the head is used up, whether a
checker stands above ``p`` (and on or above ``d``), the bear-off options and,
for ``turn_start``, the highest point held at the start. The exhaustive test
builds a board for every combination of those and compares the two forms for
every source and value; the hypothesis test does the same on whole random boards.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from nardy.core import BAR
from nardy.rules.steps import NOT_HEAD, StepRule

OPTIONS = list(itertools.product([True, False], [False, True], [False, True]))  # home_moves, exact, turn_start


def _board(points: dict[int, int], bar: int) -> tuple[list[int], int, int]:
    """``me``, ``occupied`` and the checkers on the bar or outside home of a board
    with ``points`` (point: count) and ``bar`` checkers on the bar."""
    me = [0] * 26
    for p, c in points.items():
        me[p] = c
    me[BAR] = bar
    occupied = sum(1 << p for p in range(1, 25) if me[p])
    far = bar + sum(me[7:25])
    me[0] = 15 - sum(me[1:26])
    return me, occupied, far


def _agree(rule: StepRule, me: list[int], occupied: int, far: int, headed: bool) -> None:
    for d in range(1, 7):
        bits = rule.sources(occupied, me[BAR], far, d, headed)
        for p in range(1, 26):
            legal = rule.refusal(me, occupied, p, d, far, headed) == 0
            assert bool(bits >> p & 1) == legal, (p, d, me, far, headed, rule.closed)
        assert bits >> 26 == 0 and not bits & 1
        if far and not me[BAR]:  # the search's table for the common case
            assert bits == occupied & rule.open_moves[d] & (NOT_HEAD if headed else ~0), (d, me, headed)


@pytest.mark.parametrize("hitting", [True, False], ids=["short", "long"])
@pytest.mark.parametrize("home_moves, exact, turn_start", OPTIONS)
def test_sources_are_the_steps_refusal_allows_on_every_local_pattern(
    hitting: bool, home_moves: bool, exact: bool, turn_start: bool
) -> None:
    """Every combination of what a source's bit reads, for every source and value."""
    for p, d in itertools.product(range(1, 26), range(1, 7)):
        if p == BAR and not hitting:
            continue
        t = p - d
        for held, on_bar, outside, closed_target, head_used, above, start_high in itertools.product(
            [True, False], repeat=7
        ):
            points: dict[int, int] = {}
            if held and p <= 24:
                points[p] = 1
            bar = int(on_bar or (held and p == BAR))
            if outside:
                points[24 if p != 24 else 23] = points.get(24 if p != 24 else 23, 0) + 1
            if above and p < 24:
                q = min(p + 1 + (p % 3), 24)
                points[q] = points.get(q, 0) + 1
            if not hitting and bar:
                continue
            closed = (1 << t) if closed_target and 1 <= t <= 24 else 0
            me, occupied, far = _board(points, bar)
            if turn_start:
                top = BAR if start_high else max(occupied.bit_length() - 1, 0)
            else:
                top = 0
            rule = StepRule(hitting, closed, home_moves, exact, turn_start, top)
            _agree(rule, me, occupied, far, head_used)


@st.composite
def boards(draw: st.DrawFn) -> tuple[StepRule, list[int], int, int, bool]:
    hitting = draw(st.booleans())
    counts = draw(st.lists(st.integers(0, 3), min_size=24, max_size=24))
    bar = draw(st.integers(0, 2)) if hitting else 0
    points = {p + 1: c for p, c in enumerate(counts) if c}
    total = sum(points.values()) + bar
    if total > 15:
        points = dict(itertools.islice(points.items(), 0, 5))
        bar = min(bar, 15 - sum(points.values()))
    me, occupied, far = _board(points, bar)
    closed = draw(st.integers(0, (1 << 25) - 2)) & ~occupied & ~1
    home_moves, exact, turn_start = draw(st.sampled_from(OPTIONS))
    top = draw(st.integers(0, 25)) if turn_start else 0
    rule = StepRule(hitting, closed, home_moves, exact, turn_start, top)
    return rule, me, occupied, far, draw(st.booleans())


@settings(max_examples=examples(1500))
@given(board=boards())
def test_sources_are_the_steps_refusal_allows_on_random_boards(
    board: tuple[StepRule, list[int], int, int, bool],
) -> None:
    rule, me, occupied, far, headed = board
    _agree(rule, me, occupied, far, headed)
