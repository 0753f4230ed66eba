"""The rules kernel: every question about a play, answered by one search.

A :class:`Kernel` is made once per ruleset from its board family, its bear-off
options and its constraints. Each question starts a search of one play
(:mod:`nardy.rules.search`) on the board at its start
(:mod:`nardy.rules.board`), with the step rule (:mod:`nardy.rules.steps`) and
the constraints active in that play (:mod:`nardy.rules.constraints`):

* :meth:`Kernel.generate`: every legal play, then the larger-die rule
  (RULES.md 2.4) and the preference filter (2.5);
* :meth:`Kernel.walk`: follow given steps, or say which rule refuses one;
* :meth:`Kernel.probe`: the steps that may follow a partial play;
* :meth:`Kernel.count`: how many values can be played (2.3).

:meth:`Kernel.completes` says whether walked steps make a whole legal play.
When a walk is refused, the refusal is a code (or the refusing constraint);
the text that names the rule is looked up from it only then
(:meth:`Refusal.text`).

>>> import nardy
>>> rules = nardy.ruleset("short")
>>> start, context = rules.initial_position(), nardy.PlayContext()
>>> found = rules.kernel.generate(start, (6, 5), context, None)
>>> found.best, len(found.plays), found.big_only
(2, 7, False)
>>> key, played, refusal = rules.kernel.walk(found, [nardy.Step(24, 18, 6), nardy.Step(18, 13, 5)])
>>> key in found.plays, refusal
(True, None)
>>> rules.kernel.walk(found, [nardy.Step(6, 1, 5)])[2].text()
'point 1 is closed (two or more opposing checkers)'
>>> rules.kernel.count(start, (6, 6, 6, 6), context, None)
4
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

from nardy._mypyc import mypyc_attr
from nardy.core import BAR, OFF, Play, Player, Position, Step
from nardy.rules import results
from nardy.rules.board import (
    KeyInt,
    SearchState,
    board_key,
    key_board,
    key_hits,
    key_points,
    mover_key,
    start_state,
)
from nardy.rules.constraints import (
    ALL_SOURCES,
    FROZEN,
    MARKED,
    UNMARKED,
    Active,
    Constraint,
    ConstraintSet,
    StepOrEndConstraint,
)
from nardy.rules.results import Found
from nardy.rules.search import Count, Generation, Probe, Tally, Walk, closed_out
from nardy.rules.steps import STUCK, Refusal, StepRule

if TYPE_CHECKING:
    from nardy.flow import PlayContext

__all__ = [
    "OFF",
    "BAR",
    "UNMARKED",
    "MARKED",
    "FROZEN",
    "ALL_SOURCES",
    "SearchState",
    "Constraint",
    "StepOrEndConstraint",
    "BearOffRule",
    "Kernel",
    "Found",
    "Refusal",
    "board_key",
    "key_board",
    "key_hits",
    "key_points",
    "larger_die_rule",
    "preference_filter",
    "note_first_steps",
]

#: how many step rules a kernel keeps (each a few hundred bytes)
_STEP_RULES_KEPT: Final = 4096

#: a play's start, as a search takes it: its board, step rule, active constraints, the
#: checkers on the bar or outside home, the board's key and the list of steps made
Start = tuple[SearchState, StepRule, Active, int, KeyInt, list[Step]]


class BearOffRule:
    """The bear-off options of RULES.md 3.4, shared by every ruleset.

    * ``exact_only`` (``bearoff_exact_only``): a checker may be borne off only
      from the point matching the die;
    * ``home_moves`` (``home_moves_after_all_home``): ``False``: once all
      checkers are home, every step must bear off;
    * ``overshoot_start`` (``bearoff_overshoot_check="turn_start"``): a die may
      bear off a checker from a lower point only if no checker stood on that
      die's point or higher at the start of the play.
    """

    def __init__(self, exact_only: bool = False, home_moves: bool = True, overshoot_start: bool = False) -> None:
        self.exact_only = exact_only
        self.home_moves = home_moves
        self.overshoot_start = overshoot_start

    def __repr__(self) -> str:
        return (
            f"BearOffRule(exact_only={self.exact_only}, home_moves={self.home_moves}, "
            f"overshoot_start={self.overshoot_start})"
        )


@mypyc_attr(allow_interpreted_subclasses=True)
class Kernel:
    """The search of one ruleset: its board rules, bear-off options and constraints.

    Built once per ruleset; stateless between calls (every call makes its own
    board and search), so one kernel serves many threads.
    """

    def __init__(self, family: str, bearoff: BearOffRule, constraints: Sequence[Constraint]) -> None:
        self.hitting = family == "short"
        self.exact_only = bearoff.exact_only
        self.home_moves = bearoff.home_moves
        self.overshoot_start = bearoff.overshoot_start
        self.rules = ConstraintSet(constraints)
        self.constraints = self.rules.constraints
        every = self.rules.all_active
        #: no rule of this ruleset ever makes the order of the steps matter (plays
        #: are then written in gnubg's order)
        self.order_free = self.home_moves and not (every.movers or every.markers or every.steppers)
        #: a mover closed out on the bar may pass without a search (closed_out): only
        #: the short family has a bar, and no end-of-play rule or preference of this
        #: ruleset could refuse the empty play
        self.closed_out_exact = self.hitting and not (every.enders or every.preferrers)
        #: the step rules made so far, by their closed points and start (step_rule)
        self._step_rules: dict[int, StepRule] = {}

    # -- a play's start -----------------------------------------------------------

    def start(self, pos: Position, values: tuple[int, ...], context: PlayContext, head_limit: int | None) -> Start:
        """The board at the start of a play, its step rule and the constraints that
        judge it (their ``begin`` run)."""
        path: list[Step] = []
        state, far, key, closed = start_state(pos, values, context, head_limit, path)
        rule = self._step_rules.get(closed << 5)  # (the common case: step_rule's, without the call)
        if rule is None or self.overshoot_start:
            rule = self.step_rule(state, closed)
        rules = self.rules
        active = rules.begin(state) if rules.beginners else rules.all_active
        if active.markers:
            state.marked = [0] * 26
            state.frozen = [0] * 26
        return state, rule, active, far, key, path

    def step_rule(self, state: SearchState, closed: int) -> StepRule:
        """The step rule of a play starting on ``state``, with these closed points
        (one object per closed points and start, kept for the plays to come: they
        are read, never changed)."""
        start_top = 0
        if self.overshoot_start:  # the highest point held at the start (the bar: 25)
            start_top = BAR if state.me[BAR] else max(state.occupied.bit_length() - 1, 0)
        made = self._step_rules
        rule = made.get(closed << 5 | start_top)
        if rule is None:
            if len(made) >= _STEP_RULES_KEPT:
                made.clear()
            rule = made[closed << 5 | start_top] = StepRule(
                self.hitting, closed, self.home_moves, self.exact_only, self.overshoot_start, start_top
            )
        return rule

    def restart(self, found: Found) -> Start:
        """The start of ``found``'s play again, for a walk or a probe (what its
        generation worked out about the play is reused)."""
        prepared = found.prepared
        if prepared is None:
            return self.start(found.pos, found.values, found.context, found.head_limit)
        rule, active = prepared
        assert isinstance(rule, StepRule) and isinstance(active, Active)
        path: list[Step] = []
        state, far, key, _ = start_state(found.pos, found.values, found.context, found.head_limit, path)
        if active.markers:
            state.marked = [0] * 26
            state.frozen = [0] * 26
        return state, rule, active, far, key, path

    def active_rules(
        self, pos: Position, values: tuple[int, ...], context: PlayContext, head_limit: int | None
    ) -> Active:
        """The constraints that judge a play of ``values`` in ``pos``, sorted by hook."""
        return self.start(pos, values, context, head_limit)[2]

    # -- the questions ---------------------------------------------------------------

    def generate(
        self,
        pos: Position,
        values: tuple[int, ...],
        context: PlayContext,
        head_limit: int | None,
        prune: bool = True,
        note_firsts: bool = False,
    ) -> Found:
        """Every legal play of ``values`` in ``pos`` (RULES.md 2.2-2.5).

        ``prune=False`` searches without the shortcuts (for tests);
        ``note_firsts`` also notes the first steps of the legal plays (for
        step-by-step input).
        """
        if prune and self.closed_out_exact and closed_out(pos, values):
            found = Found(pos, values, context, head_limit, {mover_key(pos): ()}, 0, False)
            if note_firsts:
                found.firsts = set()
            return found
        state, rule, active, far, key, path = self.start(pos, values, context, head_limit)
        if active.prefer_first:
            # a preference applied before the maximum-dice rule: candidates that keep
            # to it are the only admissible ones, if there are any
            first = Generation(state, rule, active, far, key, path, prune, True, note_firsts)
            first.run()
            if first.found:
                return self.finish(first)
        search = Generation(state, rule, active, far, key, path, prune, False, note_firsts)
        search.run()
        return self.finish(search)

    def count(self, pos: Position, values: tuple[int, ...], context: PlayContext, head_limit: int | None) -> int:
        """The largest number of values that can be played (``M`` of RULES.md 2.3)."""
        search = Count(*self.start(pos, values, context, head_limit))
        search.run()
        return search.best

    def walk(
        self, found: Found, steps: Sequence[Step], *, any_order: bool = False
    ) -> tuple[int | None, tuple[Step, ...], Refusal | None]:
        """Play ``steps`` (in this order, or in any order) from the start of ``found``.

        Returns ``(key, steps as played, None)`` when every step can be played
        (the key of the board reached; the steps carry their hit flags), else
        ``(None, (), refusal)`` for the step refused on the way that got furthest.
        """
        state, rule, active, far, key, path = self.restart(found)
        walk = Walk(state, rule, active, far, key, path, tuple(steps), any_order=any_order)
        if walk.run():
            reached, played = next(iter(walk.found.items()))
            return reached, played, None
        return None, (), self.refusal(walk.refusal, walk.refused_step, walk.refused_by, found, steps)

    @staticmethod
    def refusal(
        code: int, step: Step | None, by: Constraint | None, found: Found, steps: Sequence[Step]
    ) -> Refusal:
        """The refusal a search remembered (the script's last step when it knows none)."""
        return Refusal(code or STUCK, step if step is not None else steps[-1], by, found.head_limit)

    def probe(self, found: Found, prefix: Sequence[Step]) -> tuple[tuple[Step, ...], Refusal | None, bool]:
        """The steps that may follow ``prefix``: those after which the play can
        still be completed into one of ``found``'s legal plays (RULES.md 1.5).

        Returns ``(steps, None, complete)``, where ``complete`` says that
        ``prefix`` is itself a whole legal play (nothing may follow it), or
        ``((), refusal, False)`` when a step of ``prefix`` cannot be played.
        """
        prefix = tuple(prefix)
        two = found.two_steps
        if two is not None:  # the generation noted every legal order
            if not prefix:
                return tuple(two), None, False
            if found.noted_whole(prefix) is not None:
                return (), None, True
            seconds = two.get(prefix[0])
            if seconds is not None and len(prefix) == 1 and found.best == 2:
                return tuple([second for second in seconds if second is not None]), None, False
        known = found.nexts.get(prefix)
        if known is not None:
            return known, None, False
        if prefix in found.wholes:
            return (), None, True
        if len(prefix) >= found.best:
            key, _, refusal = self.walk(found, prefix)
            if refusal is not None:
                return (), refusal, False
            return (), None, key is not None and self.completes(found, prefix, key)
        live, live_keys, refusal = self.live_steps(found, prefix)
        if refusal is not None:
            return (), refusal, False
        found.nexts[prefix] = live
        if len(prefix) + 1 == found.best:
            for step, whole in live_keys.items():
                found.wholes[(*prefix, step)] = whole
        return live, None, False

    def live_steps(
        self, found: Found, prefix: tuple[Step, ...]
    ) -> tuple[tuple[Step, ...], dict[Step, KeyInt], Refusal | None]:
        """The live steps after ``prefix`` (shorter than a legal play), with the boards
        of those that complete one, or the refusal of a step of ``prefix``: from the
        plays' tallies where the generation noted them (:class:`Tally`), else by a
        :class:`Probe`, which also says why a prefix is refused."""
        tallies = found.tallies
        if tallies is not None:
            tally = Tally(*self.restart(found), prefix, found, tallies)
            if tally.run():
                return tuple(tally.live), tally.live_keys, None
        state, rule, active, far, key, path = self.restart(found)
        known_live = found.firsts if not prefix else None
        probe = Probe(state, rule, active, far, key, path, prefix, found, found.memo, known_live)
        probe.run()
        if not probe.reached:
            return (), {}, self.refusal(probe.refusal, probe.refused_step, probe.refused_by, found, prefix)
        return tuple(probe.live), probe.live_keys, None

    def whole(self, found: Found, steps: Sequence[Step]) -> int | None:
        """The board key of ``steps`` if they are a whole legal play, played in
        this order (``None`` otherwise)."""
        steps = tuple(steps)
        key = found.noted_whole(steps)  # every legal order of two values noted
        if key is not None:
            return cast(int, key)
        key = found.wholes.get(steps)
        if key is not None:
            return key
        walked, _, refusal = self.walk(found, steps)
        if refusal is None and walked is not None and self.completes(found, steps, walked):
            found.wholes[steps] = walked
            return walked
        return None

    @staticmethod
    def completes(found: Found, steps: Sequence[Step], key: int) -> bool:
        """Whether ``steps``, walked to board ``key``, are a whole legal play: as many
        steps as every legal play (2.3), one of its boards, and the larger die
        when only one can be played (2.4)."""
        return len(steps) == found.best and key in found.plays and (not steps or found.keeps_larger_die(steps[0].die))

    def play_refusal(self, found: Found, steps: Sequence[Step]) -> str:
        """Why ``steps``, each legal, do not make a legal play: the end-of-play
        rule or preference their final board breaks ("" if none)."""
        state, rule, active, far, key, path = self.restart(found)
        walk = Walk(state, rule, active, far, key, path, tuple(steps), explain_end=True)
        if not walk.run() or walk.end_refused is None:
            return ""
        if walk.end_is_preference:
            return walk.end_refused.prefer_text
        return walk.end_refused.text

    # -- after the search ------------------------------------------------------------

    def finish(self, search: Generation) -> Found:
        """The legal plays of a generation: its candidates of the greatest length
        (2.3), then the larger-die rule (2.4) and the preference filter (2.5)."""
        state = search.state
        plays, big_only = search.found, False
        if search.best == 1:
            plays, big_only = larger_die_rule(plays, search.values, 1)
        noted = search.firsts
        keeps = search.keeps
        if keeps is not None and not search.require_preferred:
            kept = preference_filter(plays, keeps)
            if len(kept) != len(plays):
                noted = None  # some candidates of the greatest length are not legal
            plays = kept
        prepared = (search.rule, search.active)
        found = Found(
            state.start, search.values, state.context, state.head_limit, plays, search.best, big_only, prepared
        )
        tallies = search.tallies
        if tallies is not None:
            # (noted with every candidate of the greatest length: those of the plays kept)
            found.tallies = tuple(tallies.values() if plays is search.found else [tallies[key] for key in plays])
        elif noted is not None:
            if big_only:
                noted = {first: seconds for first, seconds in noted.items() if found.keeps_larger_die(first.die)}
            note_first_steps(found, noted)
        return found

    # -- results ---------------------------------------------------------------------

    @staticmethod
    def plays(found: Found, ordered: bool) -> tuple[Play, ...]:
        """One :class:`~nardy.Play` per legal play of ``found``."""
        return results.plays(found, ordered)

    @staticmethod
    def position_after(pos: Position, key: int, turn: Player, moved: bool) -> Position:
        """The position a board key of ``pos`` describes, with the turn and first-play flag given."""
        return results.position_after(pos, key, turn, moved)

    @staticmethod
    def positions_after(pos: Position, keys: Sequence[int], turn: Player, moved: bool) -> list[Position]:
        """The positions the board keys of ``pos`` describe (one call for all the results)."""
        return results.positions_after(pos, keys, turn, moved)


def larger_die_rule(
    plays: dict[KeyInt, tuple[Step, ...]], values: tuple[int, ...], best: int
) -> tuple[dict[KeyInt, tuple[Step, ...]], bool]:
    """RULES.md 2.4, the larger-die rule: when only one value of a non-double can be
    played (``M = 1``) and the larger one can, plays of the smaller one are not
    legal. Returns the plays kept and whether the rule applied."""
    if best != 1 or len(values) != 2 or values[0] == values[1]:
        return plays, False
    larger = values[0]
    with_larger: dict[KeyInt, tuple[Step, ...]] = {}  # (a loop: a comprehension is a call in the interpreter)
    for key, steps in plays.items():
        if steps[0].die == larger:
            with_larger[key] = steps
    if not with_larger:
        return plays, False  # only the smaller one can be played: it is
    return with_larger, True


def preference_filter(plays: dict[KeyInt, tuple[Step, ...]], keeps: set[KeyInt]) -> dict[KeyInt, tuple[Step, ...]]:
    """RULES.md 2.5, the preference filter: keep the plays that keep to the ruleset's
    preferences (``keeps``), if there are any."""
    kept = {key: steps for key, steps in plays.items() if key in keeps}
    return kept if kept else plays


def note_first_steps(found: Found, noted: dict[Step, dict[Step | None, KeyInt]]) -> None:
    """Note the first steps of ``found``'s legal plays (step-by-step input) from
    ``noted``: each first step's second steps (None: none) and the boards they
    reach. With two different values, searched in both orders, these are every
    legal order: they answer the first questions (``Found.two_steps``)."""
    found.firsts = set(noted)
    values = found.values
    if len(values) == 2 and values[0] != values[1] and 1 <= found.best <= 2:
        found.two_steps = noted  # (equal values are searched in one order only)

