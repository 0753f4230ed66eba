"""Rules of one's own with memory per play, written outside the package as a user
writes them (docs/extending.rst, "A rule with memory of its own").

* ``KeepBlots``: a play may not leave the mover with more blots than it started
  with. Its ``begin`` counts the blots at the start and returns a new constraint
  that holds the count; ``end_ok`` compares.
* ``NoHitAndRun``: a checker that hit may not move again this play, written with
  marks (``mark_after`` freezes the hitter).

Each is registered under a name of this module only and checked against an
independent search written from the rule (with the step walker of conftest.py,
written from RULES.md), on the positions of the documentation and on random
positions: every legal play keeps to the rule, and no play that keeps to it is
missing. Step-by-step input, notation and ``explain`` name the rule's ``text``.
The shortcut flags of ``NoHitAndRun`` are checked as the documentation says: the
ruleset with the flags, searched with the shortcuts, against the rule without
them searched without; the same check finds a flag that does not hold.

The test suite runs against the compiled build too, where these classes are
Python subclasses of compiled ones.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nardy
from conftest import any_positions, examples, expand, results_of, step_on_view, view
from nardy import Game, IllegalPlayError, PlayContext, Player, Position, Step
from nardy.rules import ALIASES, REGISTRY, Constraint, SearchState, Short, register
from nardy.rules.constraints import FROZEN
from nardy.rules.kernel import BearOffRule, Kernel

# --------------------------------------------------------------------------- the rules, as a user writes them


def blots(me: Sequence[int]) -> int:
    """How many of the mover's points 1..24 hold a single checker (``me`` as the hooks see it)."""
    return sum(1 for p in range(1, 25) if me[p] == 1)


class KeepBlots(Constraint):
    """A play may not leave the mover with more blots than it started with."""

    text = "a play may not leave the mover with more blots than it started with"

    def __init__(self, at_start: int | None = None) -> None:
        self.at_start = at_start  # the blots at the start of a play (begin counts them)

    def begin(self, state: SearchState) -> KeepBlots:
        return KeepBlots(blots(state.me))

    def end_ok(self, state: SearchState) -> bool:
        assert self.at_start is not None, "the constraint as configured judged a play"
        return blots(state.me) <= self.at_start


class NoHitAndRun(Constraint):
    """A checker that hits may not move again in the same play."""

    text = "a checker that hit may not move again this play"
    freezes = True

    def begin(self, state: SearchState) -> NoHitAndRun | None:
        return self if 1 in state.op[1:25] else None  # blots only disappear during the play

    def mark_after(self, state: SearchState, step: Step, mark: int) -> int:
        return FROZEN if step.hit else mark


class QuickNoHitAndRun(NoHitAndRun):
    """NoHitAndRun with the shortcut flags that hold for it (as for Tavla's rule)."""

    marks_hits_only = True
    sorts_equal_values = True


class Careful(Short):
    """Backgammon in which no play may leave more blots than it found."""

    name = "test_extending_careful"
    title = "Careful backgammon"
    aliases = ()

    def constraints(self) -> tuple[Constraint, ...]:
        return (*super().constraints(), KeepBlots())


class Hitless(Short):
    """Backgammon in which a checker that hits stops there."""

    name = "test_extending_hitless"
    title = "Backgammon without hit and run"
    aliases = ()

    def constraints(self) -> tuple[Constraint, ...]:
        return (*super().constraints(), NoHitAndRun())


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    """Both rulesets registered while this module runs (the registry as it was afterwards)."""
    tables: list[dict[str, Any]] = [REGISTRY, ALIASES, nardy.core._FAMILY_OF_NAME]
    saved = [dict(table) for table in tables]
    register(Careful)
    register(Hitless)
    yield
    for table, old in zip(tables, saved, strict=True):
        table.clear()
        table.update(old)


SHORT = nardy.ruleset("short")


def board(points: dict[int, int]) -> list[int]:
    """24 counts from ``{point: checkers}`` (a side's own numbering)."""
    counts = [0] * 24
    for p, n in points.items():
        counts[p - 1] = n
    return counts


def blots_of(pos: Position, player: Player) -> int:
    """``player``'s blots in ``pos``, read from the position itself."""
    return sum(1 for n in pos.points(player) if n == 1)


#: docs/extending.rst: White has a blot on 24, four on 13, three on 8, seven on 6;
#: Black stands as at the start of a game
BLOTS_POS = SHORT.position(white=board({24: 1, 13: 4, 8: 3, 6: 7}), black=board({24: 2, 13: 5, 8: 3, 6: 5}))
#: docs/extending.rst: White on 13, 9 and (thirteen) 1; a Black blot on its 15, White's 10
HIT_POS = SHORT.position(white=board({13: 1, 9: 1, 1: 13}), black=board({15: 1, 1: 14}))


def texts(plays: Sequence[nardy.Play]) -> list[str]:
    return [str(play) for play in plays]


@st.composite
def hitting_positions(draw: st.DrawFn) -> Position:
    """Short-family positions where White may hit and run: up to six of its
    checkers on its points 1..15 (one maybe on the bar, the others borne off),
    opposing blots on free points among them, Black's other checkers on White's
    24-point."""
    mine = [0] * 24
    for p in draw(st.lists(st.integers(1, 15), min_size=1, max_size=6), label="White's checkers"):
        mine[p - 1] += 1
    free = [q for q in range(1, 16) if not mine[q - 1]]
    blots = draw(st.lists(st.sampled_from(free), unique=True, max_size=4) if free else st.just([]), label="blots")
    theirs = [0] * 24  # in Black's numbering: White's point q is Black's 25 - q
    for q in blots:
        theirs[24 - q] = 1
    theirs[0] = 15 - len(blots)
    return SHORT.position(white=mine, black=theirs, white_bar=draw(st.integers(0, 1)))


#: the positions of the property tests: from games and built at random (conftest.py), and
#: positions built for hits
POSITIONS = st.one_of(any_positions("short"), hitting_positions())
DICE = st.one_of(st.tuples(st.integers(1, 6), st.integers(1, 6)), st.integers(1, 6).map(lambda d: (d, d)))


# --------------------------------------------------------------------------- an independent search


def reference(
    pos: Position,
    dice: Sequence[int],
    *,
    end_ok: Callable[[tuple[int, ...], tuple[int, ...]], bool] | None = None,
    freeze_hitters: bool = False,
) -> set[tuple[int, ...]]:
    """The resulting boards (mover-relative views, conftest.view) of the legal plays
    of ``dice`` in the short-family ``pos`` under RULES.md 2.2-2.4 and one rule:
    ``end_ok(start view, final view)`` admits a candidate's end, or with
    ``freeze_hitters`` a checker that hits stays where it hit. Every step sequence
    is tried, with conftest's step walker (written from RULES.md)."""
    start = view(pos, pos.turn)
    values = expand(dice)
    candidates: set[tuple[tuple[int, ...], int, int]] = set()  # (final view, length, die of one step)
    seen: set[tuple[object, ...]] = set()

    def search(v: tuple[int, ...], left: tuple[int, ...], depth: int, first: int, frozen: tuple[int, ...]) -> None:
        if (v, left, first, frozen) in seen:
            return
        seen.add((v, left, first, frozen))
        if end_ok is None or end_ok(start, v):
            candidates.add((v, depth, first if depth == 1 else 0))
        for d in sorted(set(left)):
            rest = list(left)
            rest.remove(d)
            for source in range(1, 26):
                if source <= 24 and frozen[source] and v[source - 1] <= frozen[source]:
                    continue  # only frozen checkers there
                out = step_on_view("short", v, source, d)
                if isinstance(out, str):
                    continue
                after, target, hit = out
                now = frozen
                if freeze_hitters and hit:
                    now = tuple(n + (i == target) for i, n in enumerate(frozen))
                search(after, tuple(rest), depth + 1, first if depth else d, now)

    search(start, tuple(values), 0, 0, (0,) * 25)
    best = max(length for _, length, _ in candidates)
    legal = [c for c in candidates if c[1] == best]
    if best == 1 and len(values) == 2 and values[0] != values[1]:
        with_larger = [c for c in legal if c[2] == max(values)]
        legal = with_larger or legal
    return {v for v, _, _ in legal}


def keeps_blots(start: tuple[int, ...], final: tuple[int, ...]) -> bool:
    """KeepBlots on two views (index i: the mover's point i + 1)."""
    return sum(1 for x in final[:24] if x == 1) <= sum(1 for x in start[:24] if x == 1)


def moves_no_hitter(pos: Position, steps: Sequence[Step]) -> bool:
    """Whether ``steps``, played in this order, never move a checker that hit
    (hits found by conftest's step walker, not read from the steps)."""
    v = view(pos, pos.turn)
    frozen = [0] * 26
    for step in steps:
        if step.source <= 24 and frozen[step.source] and v[step.source - 1] <= frozen[step.source]:
            return False
        out = step_on_view("short", v, step.source, step.die)
        assert not isinstance(out, str), out
        v, target, hit = out
        if hit:
            frozen[target] += 1
    return True


def test_the_reference_finds_the_plays_of_short_without_a_rule() -> None:
    """The independent search agrees with the library where no rule is added."""
    for pos in (BLOTS_POS, HIT_POS, SHORT.initial_position()):
        for dice in ((5, 3), (3, 2), (6, 6), (6, 5)):
            assert set(results_of(SHORT, pos, SHORT.legal_plays(pos, dice))) == reference(pos, dice)


# --------------------------------------------------------------------------- the registered rulesets


def test_the_rulesets_are_registered_under_their_own_names() -> None:
    careful, hitless = nardy.ruleset("test_extending_careful"), nardy.ruleset("test_extending_hitless")
    assert type(careful) is Careful and type(hitless) is Hitless
    assert nardy.ruleset("backgammon") == SHORT  # the parent's aliases stay the parent's
    assert pickle.loads(pickle.dumps(careful)) == careful  # rebuilt from its class
    assert [type(c) for c in hitless.constraints()] == [NoHitAndRun]


# --------------------------------------------------------------------------- KeepBlots


def test_keep_blots_removes_the_plays_that_leave_more_blots() -> None:
    """docs/extending.rst: White starts with one blot (24). Running it (24/21 13/8,
    24/16) keeps one, 8/3 6/3 makes a point; each of the six other plays of short
    nardy leaves more blots (13/5 one on 5, 13/10 13/8 one on 10, ...)."""
    careful = nardy.ruleset("test_extending_careful")
    everything = SHORT.legal_plays(BLOTS_POS, (5, 3))
    kept = careful.legal_plays(BLOTS_POS, (5, 3))
    assert texts(kept) == ["24/21 13/8", "8/3 6/3", "24/16"]
    assert len(everything) == 9
    assert set(texts(kept)) == {
        str(play) for play in everything if blots_of(SHORT.apply(BLOTS_POS, play), Player.WHITE) <= 1
    }


def test_keep_blots_counts_for_the_maximum_dice_rule() -> None:
    """From the start, every 6-5 that uses both dice leaves a blot, and so does each
    single 6 (24/18, 13/7, 8/2); of the 5s only 13/8 leaves none (24/19, 8/3 and 6/1
    each leave one): fewer dice are used (RULES.md 2.3), the smaller one (2.4)."""
    careful = nardy.ruleset("test_extending_careful")
    assert texts(careful.legal_plays(careful.initial_position(), (6, 5))) == ["13/8"]
    assert len(SHORT.legal_plays(SHORT.initial_position(), (6, 5))) == 7


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(pos=POSITIONS, dice=DICE)
def test_every_play_keeps_its_blots_and_none_is_missing(pos: Position, dice: tuple[int, int]) -> None:
    careful = nardy.ruleset("test_extending_careful")
    plays = careful.legal_plays(pos, dice)
    mover = pos.turn
    for play in plays:
        assert blots_of(careful.apply(pos, play), mover) <= blots_of(pos, mover), play
    results = results_of(careful, pos, plays)
    assert len(set(results)) == len(results)
    assert set(results) == reference(pos, dice, end_ok=keeps_blots)


def test_the_check_fails_where_the_rule_is_ignored() -> None:
    """Short nardy's plays (the rule left out) break the properties above."""
    assert set(results_of(SHORT, BLOTS_POS, SHORT.legal_plays(BLOTS_POS, (5, 3)))) != reference(
        BLOTS_POS, (5, 3), end_ok=keeps_blots
    )
    assert set(results_of(SHORT, HIT_POS, SHORT.legal_plays(HIT_POS, (3, 2)))) != reference(
        HIT_POS, (3, 2), freeze_hitters=True
    )
    assert not all(moves_no_hitter(HIT_POS, play.steps) for play in SHORT.legal_plays(HIT_POS, (3, 2)))


def test_keep_blots_is_named_by_notation_explain_and_step_by_step_input() -> None:
    careful = nardy.ruleset("test_extending_careful")
    steps = [Step(13, 8, 5), Step(13, 10, 3)]  # a second blot, on 10
    said = f"13/8 13/10: {KeepBlots.text}"
    assert careful.explain(BLOTS_POS, (5, 3), steps) == said
    assert SHORT.explain(BLOTS_POS, (5, 3), steps) != said
    for attempt in (
        lambda: careful.parse_play(BLOTS_POS, "13/8 13/10", (5, 3)),
        lambda: careful.play_from_steps(BLOTS_POS, (5, 3), steps),
        lambda: careful.next_steps(BLOTS_POS, (5, 3), steps),
    ):
        with pytest.raises(IllegalPlayError) as refused:
            attempt()
        assert str(refused.value) == said
    # after 13/8 the only 3 that leaves no second blot runs the one on 24
    # (13/10 leaves one on 10, 8/5 on 5, 6/3 on 3)
    assert texts(careful.next_steps(BLOTS_POS, (5, 3), [Step(13, 8, 5)])) == ["24/21"]
    assert str(careful.play_from_steps(BLOTS_POS, (5, 3), [Step(13, 8, 5), Step(24, 21, 3)])) == "24/21 13/8"


# --------------------------------------------------------------------------- NoHitAndRun


def test_no_hit_and_run_freezes_the_hitter_only() -> None:
    """docs/extending.rst: with 3-2, short nardy may hit on 10 and run on to 8
    (13/10*/8); the rule forbids that, and keeps the hit with the other checker
    moving (13/10* 9/7), 9/6 13/11, 9/4 and 13/8 by way of 11 (no hit)."""
    hitless = nardy.ruleset("test_extending_hitless")
    assert texts(SHORT.legal_plays(HIT_POS, (3, 2))) == ["13/10*/8", "13/10* 9/7", "13/11 9/6", "9/4", "13/8"]
    assert texts(hitless.legal_plays(HIT_POS, (3, 2))) == ["13/10* 9/7", "9/6 13/11", "9/4", "13/8"]


def test_a_frozen_checker_leaves_its_point_to_the_others() -> None:
    """Marks follow checkers, not points. White has two checkers on 14 (the other
    thirteen on its 1-point cannot move), Black a blot on White's 11, and White
    rolls 3-3: whichever checker reaches 11 first hits and stops there, and the
    other must pass through 11, leaving it while the hitter stays. The one play
    is 14/11* 14/5; short nardy also lets the hitter run on (14/11*/2, and
    14/11*/8 14/8, where no checker stays on 11)."""
    hitless = nardy.ruleset("test_extending_hitless")
    pos = SHORT.position(white=board({14: 2, 1: 13}), black=board({14: 1, 1: 14}))  # Black's 14: White's 11
    assert texts(hitless.legal_plays(pos, (3, 3))) == ["14/11* 14/5"]
    assert texts(SHORT.legal_plays(pos, (3, 3))) == ["14/11*/8 14/8", "14/11 14/11*/5", "14/11*/2"]
    assert set(results_of(hitless, pos, hitless.legal_plays(pos, (3, 3)))) == reference(
        pos, (3, 3), freeze_hitters=True
    )


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(pos=POSITIONS, dice=DICE)
def test_no_play_moves_a_hitter_and_none_is_missing(pos: Position, dice: tuple[int, int]) -> None:
    hitless = nardy.ruleset("test_extending_hitless")
    plays = hitless.legal_plays(pos, dice)
    for play in plays:
        assert moves_no_hitter(pos, play.steps), play  # the steps as stored: a legal order
    results = results_of(hitless, pos, plays)
    assert len(set(results)) == len(results)
    assert set(results) == reference(pos, dice, freeze_hitters=True)


def test_no_hit_and_run_is_named_by_notation_explain_and_step_by_step_input() -> None:
    hitless = nardy.ruleset("test_extending_hitless")
    hit = Step(13, 10, 3, True)
    run_on = [hit, Step(10, 8, 2)]
    said = f"13/10* 10/8: {NoHitAndRun.text} (10/8)"
    assert hitless.explain(HIT_POS, (3, 2), run_on) == said
    for attempt in (
        lambda: hitless.parse_play(HIT_POS, "13/10*/8", (3, 2)),
        lambda: hitless.play_from_steps(HIT_POS, (3, 2), run_on),
        lambda: hitless.next_steps(HIT_POS, (3, 2), run_on),
        lambda: hitless.position_after_steps(HIT_POS, (3, 2), run_on),
    ):
        with pytest.raises(IllegalPlayError) as refused:
            attempt()
        assert str(refused.value) == said
    # after the hit only the other checker may move (short nardy: the hitter too)
    assert texts(hitless.next_steps(HIT_POS, (3, 2), [hit])) == ["9/7"]
    assert texts(SHORT.next_steps(HIT_POS, (3, 2), [hit])) == ["10/8", "9/7"]


def _orders(rules: nardy.RuleSet, pos: Position, dice: tuple[int, int], prefix: list[Step]) -> list[tuple[Step, ...]]:
    """Every step order that step-by-step input accepts, to its end."""
    following = rules.next_steps(pos, dice, prefix)
    if not following:
        return [tuple(prefix)]
    return [order for step in following for order in _orders(rules, pos, dice, [*prefix, step])]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(pos=POSITIONS, dice=DICE)
def test_step_by_step_input_keeps_to_the_rules(pos: Position, dice: tuple[int, int]) -> None:
    """Every order of steps that next_steps accepts to its end makes a legal play,
    and every legal play is reached, in its stored order too; no order moves a
    checker that hit."""
    for name in ("test_extending_careful", "test_extending_hitless"):
        rules = nardy.ruleset(name)
        legal = rules.legal_plays(pos, dice)
        orders = _orders(rules, pos, dice, [])
        assert {rules.play_from_steps(pos, dice, list(order)) for order in orders} == set(legal)
        assert {play.steps for play in legal} <= set(orders)
        if name == "test_extending_hitless":
            assert all(moves_no_hitter(pos, order) for order in orders)


# --------------------------------------------------------------------------- the shortcut flags


def _plays(kernel: Kernel, pos: Position, dice: tuple[int, int], prune: bool) -> dict[Any, tuple[Step, ...]]:
    values = SHORT.expand_dice(dice)
    return kernel.generate(pos, values, PlayContext(), None, prune=prune).plays


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(pos=POSITIONS, dice=DICE)
def test_the_flags_of_no_hit_and_run_hold(pos: Position, dice: tuple[int, int]) -> None:
    """docs/extending.rst, "Checking a shortcut flag": with its flags, searched with
    the shortcuts, the rule finds the plays it finds without them, searched without,
    each in the same order of steps."""
    flagged = Kernel("short", BearOffRule(), [QuickNoHitAndRun()])
    plain = Kernel("short", BearOffRule(), [NoHitAndRun()])
    assert _plays(flagged, pos, dice, True) == _plays(plain, pos, dice, False)


class OnceOnly(Constraint):
    """A checker may move only once per play."""

    text = "a checker may move only once per play"
    freezes = True

    def mark_after(self, state: SearchState, step: Step, mark: int) -> int:
        return FROZEN


class WronglyFlaggedOnceOnly(OnceOnly):
    marks_hits_only = True  # does not hold: every step freezes its checker


def test_the_check_finds_a_flag_that_does_not_hold() -> None:
    """The check of the flags compares with the rule without them: a rule that says
    its marks come from hits only, when every step marks, is found (the search calls
    its mark_after for hits only, so 24/18/13 is let through)."""
    flagged = Kernel("short", BearOffRule(), [WronglyFlaggedOnceOnly()])
    plain = Kernel("short", BearOffRule(), [OnceOnly()])
    start = SHORT.initial_position()
    wrong = _plays(flagged, start, (6, 5), True)
    right = _plays(plain, start, (6, 5), False)
    run = next(play.key for play in SHORT.legal_plays(start, (6, 5)) if str(play) == "24/13")
    # only 24/13 needs one checker to move twice (13/2 is also 13/8 8/2, by two)
    assert run in wrong and run not in right
    assert wrong.keys() - right.keys() == {run}


# --------------------------------------------------------------------------- a game


@pytest.mark.parametrize("name", ["test_extending_careful", "test_extending_hitless"])
def test_a_game_of_a_ruleset_of_ones_own_keeps_to_its_rule(name: str) -> None:
    rules = nardy.ruleset(name)
    game = Game(rules, seed=11)
    rng = random.Random(11)
    played = 0
    while not game.is_over() and played < 60:
        if game.pending.phase == "roll":
            game.roll()
            continue
        pos = game.position
        play = game.play(rng.choice(game.legal_plays()))
        if name == "test_extending_careful":
            assert blots_of(game.position, pos.turn) <= blots_of(pos, pos.turn), play
        else:
            assert moves_no_hitter(pos, play.steps), play
        played += 1
    assert played == 60 or game.is_over()
    assert game.clone().position == game.position
