"""The search: one depth-first search over step sequences answers every question about a play.

RULES.md 2.7 gives the reference algorithm: a depth-first search over the
sequences of single-die steps, every prefix a candidate, then the maximum-dice
rule (2.3), the larger-die rule (2.4) and the preference filter (2.5).
``Search`` is that search's machinery: it tries the steps the step rule
allows (:class:`~nardy.rules.steps.StepRule`), makes each on the board
(:class:`~nardy.rules.board.SearchState`) with the marks and checks of the
active constraints (:mod:`nardy.rules.constraints`), and takes it back. Four
small classes ask it four questions:

* :class:`Generation`: every legal play, one per resulting position (RULES.md 1.5);
* :class:`Walk`: follow given steps, in the given order or in any order, and
  say where they lead or which rule refuses a step (play input, notation,
  explanations);
* :class:`Probe`: which steps may follow a partial play so that it can still
  be completed into a legal play (step-by-step input); :class:`Tally` answers
  the same question for equal values without a search, where it is exact;
* :class:`Count`: the largest number of dice that can be played (the long
  family's formal first-turn exception).

Shortcuts. A generation takes four shortcuts. Each gives exactly the same plays
with the same step orders, each is a method of :class:`Generation` named for
it with the argument for its exactness beside it, and ``prune=False`` switches
them all off (the tests compare the two searches on random positions of every
ruleset and option):

* the closed-out pass (:func:`closed_out`): no search at all;
* equal values (:meth:`Generation.equal_values_mask`): sources from high to low;
* two values (:meth:`Generation.two_values_mask`): no second checker after the smaller value;
* the last two steps by bits (:meth:`Generation.last_two`, :meth:`Generation.firsts_of_two`).

Step-by-step input takes one more, :class:`Tally`, whose generation notes each
play's *tally* (:data:`TALLY`) only when ``prune`` is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nardy.core import BAR, CHECKERS, OFF, STEPS_BY_DIE, Position, Step
from nardy.rules.board import KEY_STEP, TAG_BIT, KeyInt, SearchState, make, mover_sides, unmake
from nardy.rules.constraints import ALL_SOURCES, FROZEN, MARKED, UNMARKED, Active, Constraint
from nardy.rules.steps import (
    BAR_BIT,
    CONSTRAINT,
    NO_CHECKER,
    NO_DIE,
    NOT_HEAD,
    NOT_HOME,
    SHORT_CLOSED,
    SOURCE_CODES,
    StepRule,
)

if TYPE_CHECKING:
    from nardy.rules.results import Found

__all__ = ["Search", "Generation", "Count", "Walk", "Probe", "Tally", "closed_out", "source_points"]

_STEPS: Final[tuple[tuple[tuple[Step, ...], ...], ...]] = STEPS_BY_DIE

#: the points of one byte of a bit set of sources, from high to low (source_points):
#: _HIGH covers bits 17..25, the bar's bit included, so a set of sources (never above
#: bit 25) indexes it by ``bits >> 17`` unmasked
_DESCENDING: Final = tuple(tuple(range(top, 0, -1)) for top in range(25))
_HIGH: Final = tuple(
    ((BAR,) if m >> 8 else ()) + tuple(p for p in _DESCENDING[24][:8] if m >> (p - 17) & 1) for m in range(512)
)
_MIDDLE: Final = tuple(tuple(p for p in _DESCENDING[16][:8] if m >> (p - 9) & 1) for m in range(256))
_LOW: Final = tuple(tuple(p for p in _DESCENDING[8] if m >> (p - 1) & 1) for m in range(256))
#: every point 1..24, as a bit set
ALL_POINTS: Final = (1 << 25) - 2
#: UP_TO[top]: the bits of points 1..top
UP_TO: Final = tuple((2 << top) - 2 for top in range(26))
#: BIT_AT[p]: the bit of point p in ``SearchState.occupied``; 0 for off (0) and the bar (25)
BIT_AT: Final = (0, *(1 << p for p in range(1, 25)), 0)
#: HOMING[die][source]: 1 if a step of ``die`` from ``source`` brings a checker from outside
#: home (points 7..24) into it; 0 from the bar, whose entry lands outside home
HOMING: Final = tuple(tuple(int(7 <= p <= 24 and p - d <= 6) for p in range(26)) for d in range(7))
_HEAD_BIT: Final = 1 << 24
#: TARGET[die][source]: the point a step of ``die`` from ``source`` lands on (0: off)
TARGET: Final = tuple(tuple(p - d if p > d else 0 for p in range(26)) for d in range(7))
#: TALLY[p]: a step from source ``p`` in a play's *tally*, the count of its steps from
#: each source (Tally): four bits a source, enough for the four steps of a double.
#: Typed as keys are (:data:`~nardy.rules.board.KeyInt`): a tally needs 104 bits
TALLY: Final[tuple[KeyInt, ...]] = tuple(1 << (4 * p) for p in range(26))
#: the top bit of each source's four: ``(tally | TALLY_GUARD) - part`` keeps a source's
#: top bit set exactly where the tally counts at least as many steps from it as ``part``
TALLY_GUARD: Final[KeyInt] = sum(8 << (4 * p) for p in range(26))

#: the value indexes worth trying at each depth: with equal values only the next one
#: (any other gives the same steps), with different values every one
_EQUAL_ORDER: Final = ((0,), (1,), (2,), (3,), ())
_ANY_ORDER: Final = tuple((tuple(range(n)),) * (n + 1) for n in range(5))

#: the marks a checker can move with, by what its point holds (Search.kinds)
_PLAIN: Final[tuple[int, ...]] = (UNMARKED,)
_BOTH: Final[tuple[int, ...]] = (UNMARKED, MARKED)
_MARKED_ONLY: Final[tuple[int, ...]] = (MARKED,)
_NONE: Final[tuple[int, ...]] = ()

#: what Search.visit says of a node
STOP: Final = 1  # the question is answered: stop the whole search
LEAF: Final = 0  # nothing to try from here
EXPAND: Final = -1  # try the steps that follow


#: last_pairs' answers, by the values, the value indexes tried and those used
_LAST_PAIRS: Final[dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[tuple[int, int, int], ...]]] = {}


def last_pairs(values: tuple[int, ...], order: tuple[int, ...], used: int) -> tuple[tuple[int, int, int], ...]:
    """The values of the last two steps of a play: ``(i, d, e)`` for the first,
    ``d = values[i]`` of the indexes ``order`` not ``used`` (each value once), and
    ``e``, the one value left after it.

    >>> last_pairs((6, 5), (0, 1), 0)
    ((0, 6, 5), (1, 5, 6))
    >>> last_pairs((3, 3, 3, 3), (2,), 0b11)
    ((2, 3, 3),)
    """
    known = _LAST_PAIRS.get((values, order, used))
    if known is not None:
        return known
    pairs = []
    tried = set()
    for i in order:
        if used >> i & 1 or values[i] in tried:
            continue
        tried.add(values[i])
        rest = used | 1 << i
        left = [j for j in range(len(values)) if not rest >> j & 1]
        pairs.append((i, values[i], values[left[-1]]))
    answer = _LAST_PAIRS[(values, order, used)] = tuple(pairs)
    return answer


#: the values of the last two steps, each ``(i, d, e)`` (see last_pairs)
LastPairs = tuple[tuple[int, int, int], ...]

#: What a search needs to know of its values (see values_plan)
ValuesPlan = tuple[int, tuple[tuple[int, ...], ...], bool, tuple[tuple[int, int, int], ...] | None]


def plan_of(values: tuple[int, ...]) -> ValuesPlan:
    """:func:`values_plan`, worked out."""
    n = len(values)
    equal = n > 1 and values[0] == values[-1]
    order = _EQUAL_ORDER if n and values[0] == values[-1] else _ANY_ORDER[n]
    pairs = last_pairs(values, order[n - 2], (1 << (n - 2)) - 1) if n == 2 or equal else None
    return n, order, equal, pairs


#: values_plan's answers for two values, at ``6 * a + b - 7`` for ``(a, b)``, and for
#: four equal values ``d``, at ``d - 1``: read by index, where a dict would hash the
#: values at every search (a roll's values are always one of these)
_TWO_PLANS: Final = tuple(plan_of((a, b)) for a in range(1, 7) for b in range(1, 7))
_FOUR_PLANS: Final = tuple(plan_of((d,) * 4) for d in range(1, 7))
#: values_plan's other answers, by the values
_PLANS: Final[dict[tuple[int, ...], ValuesPlan]] = {}


def values_plan(values: tuple[int, ...]) -> ValuesPlan:
    """What a search of ``values`` needs to know of them: how many there are, the
    value indexes worth trying at each depth (with equal values only the next one,
    as any other gives the same steps), whether they are equal (more than one),
    and the values of the last two steps where they do not depend on the values
    played before (two values; equal values, played in their order), else None.

    >>> values_plan((6, 5))
    (2, ((0, 1), (0, 1), (0, 1)), False, ((0, 6, 5), (1, 5, 6)))
    """
    n = len(values)
    if n == 2:
        a, b = values[0], values[1]
        if 0 < a < 7 and 0 < b < 7:
            return _TWO_PLANS[6 * a + b - 7]
    elif n == 4:
        d = values[0]
        if 0 < d < 7 and values[1] == d and values[2] == d and values[3] == d:
            return _FOUR_PLANS[d - 1]
    plan = _PLANS.get(values)
    if plan is None:
        plan = _PLANS[values] = plan_of(values)
    return plan


def source_points(bits: int) -> tuple[int, ...]:
    """The points of a bit set of sources, from high to low: the order in which
    the search tries them.

    >>> source_points(1 << 25 | 1 << 24 | 1 << 13 | 1 << 6)
    (25, 24, 13, 6)
    """
    if bits < 512:  # home points only (commonly): one table, no tuple made
        return _LOW[bits >> 1]
    if bits < 1 << 17:
        return _MIDDLE[bits >> 9] + _LOW[bits >> 1 & 255]
    return _HIGH[bits >> 17] + _MIDDLE[bits >> 9 & 255] + _LOW[bits >> 1 & 255]


def tally(steps: tuple[Step, ...]) -> KeyInt:
    """The tally of ``steps``: how many of them start from each source (:data:`TALLY`).

    >>> tally((Step(13, 7, 6), Step(13, 7, 6), Step(8, 2, 6))) == 2 * TALLY[13] + TALLY[8]
    True
    """
    counts: KeyInt = 0
    for step in steps:
        counts += TALLY[step.source]
    return counts


def closed_out(pos: Position, values: tuple[int, ...]) -> bool:
    """Shortcut: the closed-out pass. A short-family mover with a checker on the
    bar whose entry point of every value is closed (RULES.md 2.1) can make no
    step at all: its only play is the empty one, without a search.

    Exact wherever no end-of-play rule or preference could refuse the empty
    play (constraints only forbid steps); callers check that.
    """
    _, _, theirs, bar, _ = mover_sides(pos)
    if not bar:  # (most positions: the mover is not on the bar)
        return False
    for d in values:
        if theirs[d - 1] < SHORT_CLOSED:  # the mover enters on 25 - d, the opponent's own point d
            return False
    return True


class Search:
    """The machinery of a search over the steps of one play (RULES.md 2.7).

    A node of the search is the board after some steps, given by ``depth`` (the
    steps made), ``used`` (the bit set of the value indexes played), ``far``
    (the mover's checkers on the bar or outside home), ``head`` (steps from the
    head), ``key`` (the board's key) and the highest source so far, ``maxsrc``
    (for :meth:`Generation.equal_values_mask`). :meth:`node` asks the
    question's :meth:`visit`, then tries each step that may follow (:meth:`play`).
    """

    def __init__(
        self, state: SearchState, rule: StepRule, active: Active, far: int, key: KeyInt, path: list[Step]
    ) -> None:
        self.state = state
        self.rule = rule
        self.active = active
        self.values = values = state.values
        #: how many values, the value indexes to try at each depth, whether they are
        #: equal, and the values of the last two steps where fixed (values_plan)
        self.n, self.order, self.equal, self.pairs = values_plan(values)
        self.head_limit = state.head_limit
        self.start_far = far
        self.start_key = key
        #: the steps made so far (the state's ``played``)
        self.path = path
        self.marking = bool(active.markers)
        self.best = -1
        #: the legal plays found so far: each board key with one step order
        self.found: dict[KeyInt, tuple[Step, ...]] = {}

    # -- the questions ---------------------------------------------------------

    def visit(self, depth: int, used: int, head: int, key: KeyInt) -> int:
        """What the question makes of this node: STOP, LEAF or EXPAND."""
        raise NotImplementedError

    def sources(self, depth: int, i: int, d: int, maxsrc: int, far: int, headed: bool) -> int:
        """The sources of value ``values[i]`` = ``d`` to try at this node, as a bit set."""
        raise NotImplementedError

    def after(self, depth: int, used: int, p: int, far: int, head: int, key: KeyInt, step: Step) -> bool:
        """Go on from the board after ``step`` (made and allowed). True: stop."""
        path = self.path
        path.append(step)
        stop = self.node(depth + 1, used, p, far, head + (p == 24), key)
        path.pop()
        return stop

    def refuse(self, depth: int, code: int, step: Step, by: Constraint | None = None) -> None:
        """A step of the question's script is refused (walks and probes say why)."""

    # -- the machinery -----------------------------------------------------------

    def run(self) -> bool:
        """Search from the start of the play."""
        return self.node(0, 0, BAR, self.start_far, 0, self.start_key)

    def node(self, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> bool:
        """One node: what the question makes of it, then every step that may follow
        (values in their order, sources from high to low). True: stop the search."""
        verdict = self.visit(depth, used, head, key)
        if verdict != EXPAND:
            return verdict == STOP
        return self.expand(depth, used, maxsrc, far, head, key)

    def expand(self, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> bool:
        """Try every step from this node. True: stop the search."""
        limit = self.head_limit
        headed = limit is not None and head >= limit
        values = self.values
        tried = 0
        for i in self.order[depth]:
            d = values[i]
            if used >> i & 1 or tried >> d & 1:
                continue
            tried |= 1 << d
            bits = self.sources(depth, i, d, maxsrc, far, headed)
            nused = used | 1 << i
            for p in source_points(bits):
                if self.play(depth, nused, d, p, far, head, key):
                    return True
        return False

    def movable(self) -> int:
        """The sources the active movers allow on the board now (all without movers)."""
        allowed = ALL_SOURCES
        for c in self.active.movers:
            allowed &= c.movable(self.state)
        return allowed

    def play(self, depth: int, used: int, d: int, p: int, far: int, head: int, key: KeyInt) -> bool:
        """Make the step of value ``d`` from ``p`` (legal by the step rule) with each
        mark its checker may carry, check it against the active constraints, go on
        from the board after it (:meth:`after`) and take it back. True: stop."""
        s = self.state
        t = p - d if p > d else 0
        hit = s.op[t] if t else 0  # a blot: closed points are no targets
        step = _STEPS[d][p][hit]
        nkey = key + KEY_STEP[d][p][hit]
        nfar = far - HOMING[d][p]
        kinds = self.kinds(depth, p, step) if self.marking else _PLAIN
        steppers = self.active.steppers
        occupied = s.occupied
        for mark in kinds:
            make(s, p, t, hit)
            new_mark = self.mark(p, t, step, mark) if self.marking else mark
            stop = (not steppers or self.allowed(depth, step, mark)) and self.after(
                depth, used, p, nfar, head, nkey, step
            )
            if new_mark or mark:
                self.unmark(p, t, mark, new_mark)
            unmake(s, p, t, hit, occupied)
            if stop:
                return True
        return False

    def allowed(self, depth: int, step: Step, mark: int) -> bool:
        """Whether the active step checks allow the step just made."""
        active = self.active
        if not active.steppers or not (mark or active.eager_checks):
            return True
        for c in active.steppers:
            if not c.step_ok(self.state, step, mark):
                self.refuse(depth, CONSTRAINT, step, c)
                return False
        return True

    def kinds(self, depth: int, p: int, step: Step) -> tuple[int, ...]:
        """The marks a checker moving from ``p`` may carry: with and without a mark
        where the point holds both, none where every checker there is frozen."""
        if p > 24:
            return _PLAIN
        s = self.state
        marked, frozen = s.marked, s.frozen
        assert marked is not None and frozen is not None
        unmarked = s.me[p] - marked[p] - frozen[p]
        if marked[p]:
            return _BOTH if unmarked > 0 else _MARKED_ONLY
        if unmarked <= 0:
            self.refuse(depth, CONSTRAINT, step, self.freezer())
            return _NONE
        return _PLAIN

    def freezer(self) -> Constraint | None:
        for c in self.active.markers:
            if c.freezes:
                return c
        return None

    def mark(self, p: int, t: int, step: Step, mark: int) -> int:
        """The moved checker's mark after ``step`` (marks follow checkers), kept on the board."""
        s = self.state
        active = self.active
        if not (step.hit or mark or active.eager_marks):
            return mark
        marked, frozen = s.marked, s.frozen
        assert marked is not None and frozen is not None
        new_mark = mark
        for c in active.markers:
            new_mark = c.mark_after(s, step, new_mark)
        if mark == MARKED:
            marked[p] -= 1
            s.marks -= 1
        if t:
            if new_mark == MARKED:
                marked[t] += 1
                s.marks += 1
            elif new_mark == FROZEN:
                frozen[t] += 1
                s.marks += 1
        return new_mark

    def unmark(self, p: int, t: int, mark: int, new_mark: int) -> None:
        """Take back :meth:`mark`."""
        s = self.state
        marked, frozen = s.marked, s.frozen
        assert marked is not None and frozen is not None
        if mark == MARKED:
            marked[p] += 1
            s.marks += 1
        if t:
            if new_mark == MARKED:
                marked[t] -= 1
                s.marks -= 1
            elif new_mark == FROZEN:
                frozen[t] -= 1
                s.marks -= 1

    def legal_sources(self, d: int, far: int, headed: bool) -> int:
        """The sources of value ``d`` that the step rule and the active movers allow now."""
        s = self.state
        bits = self.rule.sources(s.occupied, s.me[BAR], far, d, headed)
        if self.active.movers:
            bits &= self.movable()
        return bits

    def node_key(self, key: KeyInt, done: int, depth: int) -> tuple[int, ...]:
        """A node of the search, to meet it once: its board, what is done (head steps
        or values used), its depth and, while a checker carries one, the marks."""
        s = self.state
        if s.marks:
            assert s.marked is not None and s.frozen is not None
            return (key, done, depth, *s.marked, *s.frozen)
        return (key, done, depth)

    def visited(self, seen: set[tuple[int, ...]], key: KeyInt, done: int, depth: int) -> bool:
        """Whether this node (:meth:`node_key`) is in ``seen``, the nodes the search
        has met; it is noted there if not."""
        node = self.node_key(key, done, depth)
        if node in seen:
            return True
        seen.add(node)
        return False

    def result_key(self, key: KeyInt) -> KeyInt:
        """The key of the result a candidate ends on: its board's, with the tag of a
        rule that tells it apart (Constraint.tag)."""
        for c in self.active.taggers:
            if c.tag(self.state):
                return key + TAG_BIT
        return key

    def ends_ok(self) -> bool:
        """Whether every active end-of-play rule admits the board now (RULES.md 2.2)."""
        for c in self.active.enders:
            if not c.end_ok(self.state):
                return False
        return True

    def preferred(self) -> bool:
        """Whether the board now keeps to every active preference (RULES.md 2.5)."""
        for c in self.active.preferrers:
            if not c.prefers(self.state):
                return False
        return True


# --------------------------------------------------------------------------- generation


class Generation(Search):
    """Every legal play (RULES.md 2.2-2.5): the candidates of the greatest length,
    one per resulting board, each with the first legal step order found.

    ``prune`` switches the shortcuts on where they are exact; ``require_preferred``
    admits only candidates that keep to the preferences (a preference applied
    before the maximum-dice rule); ``note_firsts`` notes the first two steps of
    every candidate of the greatest length (step-by-step input).
    """

    def __init__(
        self,
        state: SearchState,
        rule: StepRule,
        active: Active,
        far: int,
        key: KeyInt,
        path: list[Step],
        prune: bool = True,
        require_preferred: bool = False,
        note_firsts: bool = False,
    ) -> None:
        super().__init__(state, rule, active, far, key, path)
        n = self.n
        equal = self.equal
        # the shortcuts that assume the order of the steps cannot change which steps are
        # legal: see equal_values_mask and two_values_mask for where that holds
        pairs, ordered = active.pairs_exact, active.sorted_exact
        if not rule.home_moves and not (far == 0 or far > n):
            # moves inside home become illegal once all are home: a home move must come
            # before the last checker enters, unless no step of this play can bring it
            pairs = ordered = False
        self.equal_prune = prune and ordered and equal
        self.two_prune = prune and pairs and n == 2 and not equal and not note_firsts
        #: each node met once where equal values are searched in any order
        self.seen: set[tuple[int, ...]] | None = set() if equal and not self.equal_prune else None
        #: the last two steps from bits, where only the board decides them
        self.by_bits = prune and active.board_only
        if self.by_bits:  # the root's candidate, the empty play: no rule can refuse it here
            self.best = 0  # (run() records it if no step is found)
        self.require_preferred = require_preferred
        #: the boards that keep to the preferences, among the candidates of the greatest length
        self.keeps: set[KeyInt] | None = set() if active.preferrers else None
        #: for step-by-step input: the candidates of the greatest length by their
        #: tally (where Tally is exact: equal values searched in order, no rule that
        #: marks, checks steps or tags), else by their first step, then their second
        #: (None for a one-step candidate), to their key (note_firsts)
        self.tallies: dict[KeyInt, KeyInt] | None = None
        self.firsts: dict[Step, dict[Step | None, KeyInt]] | None = None
        if note_firsts and self.equal_prune and active.order_free:
            self.tallies = {key: 0} if self.by_bits else {}
        elif note_firsts:
            self.firsts = {}
        #: candidates are noted for step-by-step input (tallies or firsts)
        self.noting = note_firsts

    # -- recording ---------------------------------------------------------------

    def longest(self, depth: int) -> bool:
        """The maximum-dice rule (RULES.md 2.3), as candidates come: whether a
        candidate of ``depth`` steps is one of the longest so far (a longer one than
        any before drops those)."""
        if depth <= self.best:
            return depth == self.best
        self.best = depth
        self.found.clear()
        if self.keeps is not None:
            self.keeps.clear()
        if self.firsts is not None:
            self.firsts.clear()
        if self.tallies is not None:
            self.tallies.clear()
        return True

    def record(self, depth: int, key: KeyInt, steps: tuple[Step, ...]) -> None:
        """Record a candidate of ``depth`` steps, ending on board ``key``, if it is one
        of the longest: one step order per board, the first found."""
        if depth == self.best or self.longest(depth):
            self.found.setdefault(key, steps)
            if self.noting:
                self.note(key, steps)

    def noted(self, prefix: tuple[Step, ...], step: Step) -> dict[Step | None, KeyInt] | None:
        """Where the last steps after ``prefix`` and ``step`` are noted (``firsts``):
        the second steps of a play of two, by the first; None for longer plays,
        whose first steps only are noted (here)."""
        firsts = self.firsts
        assert firsts is not None
        first = prefix[0] if prefix else step
        seconds = firsts.get(first)
        if seconds is None:
            seconds = firsts[first] = {}
        return None if prefix else seconds

    def note(self, key: KeyInt, steps: tuple[Step, ...]) -> None:
        """Note a candidate of the greatest length for step-by-step input: its tally
        (``tallies``), or its first two steps (``firsts``)."""
        tallies, firsts = self.tallies, self.firsts
        if tallies is not None:
            if key not in tallies:
                tallies[key] = tally(steps)
            return
        if firsts is None or not steps:
            return
        seconds = firsts.get(steps[0])
        if seconds is None:
            seconds = firsts[steps[0]] = {}
        seconds[steps[1] if len(steps) > 1 else None] = key

    def note_lasts(self, prefix: tuple[Step, ...], step: Step, p: int, key: KeyInt, e: int, lasts: int) -> None:
        """Note the candidates :meth:`firsts_of_two` records after ``prefix`` and
        ``step`` (from ``p``, reaching board ``key``), the last of value ``e``
        from each source of ``lasts``, as :meth:`note` notes a candidate."""
        op, tallies = self.state.op, self.tallies
        seconds = self.noted(prefix, step) if self.firsts is not None else None
        counted = tally(prefix) + TALLY[p] if tallies is not None else 0
        steps_e, keys_e, targets_e = _STEPS[e], KEY_STEP[e], TARGET[e]
        for q in source_points(lasts):
            o = op[targets_e[q]]  # a blot there is hit
            whole = key + keys_e[q][o]
            if seconds is not None:
                seconds[steps_e[q][o]] = whole
            elif tallies is not None:
                tallies[whole] = counted + TALLY[q]

    def candidate(self, depth: int, key: KeyInt) -> None:
        """A candidate of ``depth`` steps, as long as the longest so far, ends on the
        board now (RULES.md 2.2): admissible if every end rule admits it; recorded
        with its preference and its rules' tag."""
        if self.active.enders and not self.ends_ok():
            return
        if self.active.taggers:
            key = self.result_key(key)
        keeps = self.keeps
        if keeps is None:
            self.record(depth, key, tuple(self.path))
            return
        kept = self.preferred()
        if self.require_preferred and not kept:
            return
        self.record(depth, key, tuple(self.path))
        if kept:
            keeps.add(key)

    # -- the search ----------------------------------------------------------------

    def run(self) -> bool:
        if self.by_bits and self.n == 2:  # a play of two steps: they are the last two
            self.last_two(0, 0, BAR, self.start_far, 0, self.start_key)
        else:
            self.node(0, 0, BAR, self.start_far, 0, self.start_key)
        if self.by_bits and self.best == 0:  # no step: the root's candidate is the play
            self.found[self.start_key] = ()
        return False

    def node(self, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> bool:
        """A node of the generation: a candidate, and the steps that may follow unless
        every value is played, every checker is off or the node was met before. (The
        generation never stops early; its own questions are answered here, not in a
        :meth:`visit`.)"""
        if self.by_bits and depth + 2 == self.n and not self.state.marks:
            self.last_two(depth, used, maxsrc, far, head, key)
            return False
        if depth >= self.best:  # every prefix is a candidate (2.2), the shorter ones lose (2.3)
            self.candidate(depth, key)
        if depth == self.n or self.state.me[OFF] == CHECKERS:
            return False
        seen = self.seen
        if seen is not None and self.visited(seen, key, head, depth):
            return False
        return self.expand(depth, used, maxsrc, far, head, key)

    def sources(self, depth: int, i: int, d: int, maxsrc: int, far: int, headed: bool) -> int:
        bits = self.legal_sources(d, far, headed)
        if self.equal_prune and maxsrc < 24:
            bits &= self.equal_values_mask(maxsrc)
        if self.two_prune and depth == 1:
            bits &= self.two_values_mask(self.path[0])
        return bits

    def after(self, depth: int, used: int, p: int, far: int, head: int, key: KeyInt, step: Step) -> bool:
        path = self.path
        path.append(step)
        if self.by_bits and depth + 3 == self.n and not self.state.marks:
            self.last_two(depth + 1, used, p, far, head + (p == 24), key)  # (node's, without the call)
        else:
            self.node(depth + 1, used, p, far, head + (p == 24), key)
        path.pop()
        return False

    # -- shortcut: equal values ----------------------------------------------------

    def equal_values_mask(self, maxsrc: int) -> int:
        """Shortcut: with equal values (a double, equal owed values), play sources from
        high to low only: the sources allowed after a step from ``maxsrc``.

        Exact where the order of the steps cannot change which are legal
        (``Active.sorted_exact``; with ``home_moves_after_all_home=False`` only
        where no step can bring the last checker home): the steps of any legal
        sequence, sorted from high sources to low, are legal in that order and
        reach the same board. Marks that keep it (``Constraint.sorts_equal_values``:
        Caucasian's hit and hide, the Tavla rule) mark a checker by its own
        steps alone, never refuse one without a mark, and refuse a marked
        checker only a step onto a point the mover holds. Swapping two
        neighbours of a legal sequence where the lower source goes first keeps
        the board, the marks and each step's legality, with one exception: the
        first step emptied its point and the second is a marked checker landing
        there, which the swap makes hide. So sources go from high to low, and a
        marked checker may also come onto the point the step before it left.
        The full search finds a board first by its greatest legal sequence of
        sources; no rise in it can be swapped (the swap would give a greater
        one), so each rise is that exception, which this shortcut plays too.
        """
        mask = UP_TO[maxsrc]
        s = self.state
        if s.marks and not s.me[maxsrc]:
            above = maxsrc + self.values[0]
            marked = s.marked
            if above <= 24 and marked is not None and marked[above]:
                mask |= BIT_AT[above]  # a marked checker onto the point the step before left
        return mask

    # -- shortcut: two values ------------------------------------------------------

    def two_values_mask(self, first: Step) -> int:
        """Shortcut: two different values (``two_prune``). After the smaller value
        first (not from the bar, the checker not brought home), the next step is
        the same checker's, from the point it reached, or a bear-off: the sources
        this leaves after ``first`` (every source where the shortcut does not apply).

        Another checker's larger step after it reaches a board that the search
        finds, in the same or a legal order, by playing the larger value first
        (which it tries first). Exact where the order of the steps cannot change
        which are legal (``Active.pairs_exact``; also with rules that mark only
        hitters and check only marked checkers, which bear on a checker's own
        next step, always tried here).
        """
        die, p = first.die, first.source
        if die == self.values[1] and p != BAR and not HOMING[die][p]:
            return 1 << first.target | UP_TO[self.values[0]]
        return ALL_SOURCES

    # -- shortcut: the last two steps by bits -------------------------------------

    def last_two(self, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> None:
        """Shortcut: the last two steps of a play read from bits, where only the board
        decides them (``by_bits``: no end rule, preference, tag or check of every
        step, and no checker carrying a mark).

        The first of the two steps is not made: the board after it is described
        by the bit set of occupied points and a few counts, and the last step's
        sources come from the same step rule on those bits; each resulting board
        is recorded from its key alone (:meth:`firsts_of_two`). A first step that
        marks its checker is made, and the search goes on from it. Exact: the
        same candidates as the search that makes every step, found in the same
        order.
        """
        if depth and depth >= self.best:  # the node's own candidate (no rule to ask: by_bits)
            self.record(depth, key, tuple(self.path))
        s = self.state
        if s.me[OFF] == CHECKERS:
            return
        seen = self.seen
        if seen is not None and self.visited(seen, key, head, depth):  # (no marks here: by_bits)
            return
        pairs = self.pairs
        if pairs is None:
            pairs = last_pairs(self.values, self.order[depth], used)
        self.firsts_of_two(depth, used, pairs, maxsrc, far, head, key)

    def firsts_of_two(
        self, depth: int, used: int, pairs: LastPairs, maxsrc: int, far: int, head: int, key: KeyInt
    ) -> None:
        """The first of the last two steps, for each ``(i, d, e)`` of ``pairs``: of value
        ``d`` from each source the rules allow, each with its last steps of value ``e``."""
        s = self.state
        op, me, occupied, bar = s.op, s.me, s.occupied, s.me[BAR]
        limit = self.head_limit
        headed = limit is not None and head >= limit
        head_full = limit is not None and head + 1 >= limit  # after a step from the head
        rule, marking, movers, equal_prune = self.rule, self.marking, bool(self.active.movers), self.equal_prune
        # the first step's sources that the movers and the equal-values shortcut leave
        allowed = self.movable() if movers else ALL_SOURCES
        if equal_prune and maxsrc < 24:
            allowed &= UP_TO[maxsrc]  # (equal_values_mask)
        prefix = tuple(self.path) if depth else ()
        heads = NOT_HEAD if headed else ALL_SOURCES  # the sources the head allowance leaves
        opens = rule.open_moves  # with a checker outside home and none on the bar: its occupied points
        for i, d, e in pairs:
            bits = rule.sources(occupied, bar, far, d, headed) if bar or not far else occupied & opens[d] & heads
            bits &= allowed
            pair = self.two_prune and i == 1  # the two-values shortcut starts with the smaller value
            reach = opens[e] & heads  # (the last step's, as the first's)
            reach_full = opens[e] & (NOT_HEAD if head_full else ALL_SOURCES)
            steps_d, keys_d, homing_d, targets_d = _STEPS[d], KEY_STEP[d], HOMING[d], TARGET[d]
            steps_e, keys_e, targets_e = _STEPS[e], KEY_STEP[e], TARGET[e]
            for p in source_points(bits):
                t = targets_d[p]
                hit = op[t]  # a blot (op[0] is 0)
                step = steps_d[p][hit]
                nkey = key + keys_d[p][hit]
                nfar = far - homing_d[p]
                if marking and self.marks_first(depth, used | 1 << i, p, t, hit, step, nfar, head, nkey):
                    continue
                if depth + 1 >= self.best:
                    self.record(depth + 1, nkey, prefix + (step,))
                nocc = (occupied ^ BIT_AT[p] if me[p] == 1 else occupied) | BIT_AT[t]  # the board after it
                nbar = bar - (p == BAR)  # the last step's sources: StepRule.open_moves, unless on the bar
                lasts = nocc & (reach_full if p == 24 else reach) if nfar and not nbar else rule.sources(
                    nocc, nbar, nfar, e, head_full if p == 24 else headed
                )
                if movers:
                    lasts &= self.movable_after(p, t, hit)
                if equal_prune and p < 24:
                    lasts &= UP_TO[p]  # the equal-values shortcut (equal_values_mask)
                if pair and t and nfar == far and p != BAR:
                    lasts &= 1 << t | UP_TO[e]  # the two-values shortcut (two_values_mask)
                if not lasts or (depth + 2 != self.best and not self.longest(depth + 2)):
                    continue
                found = self.found  # each last step's candidate, recorded as record() records it
                if hit:
                    op[t] = 0  # the blot the first step hit is gone (until its last steps are read)
                for q in source_points(lasts):
                    o = op[targets_e[q]]  # a blot there is hit
                    last = steps_e[q][o]
                    found.setdefault(nkey + keys_e[q][o], prefix + (step, last) if depth else (step, last))
                if self.noting:
                    self.note_lasts(prefix, step, p, nkey, e, lasts)
                if hit:
                    op[t] = 1

    def marks_first(
        self, depth: int, used: int, p: int, t: int, hit: int, step: Step, far: int, head: int, key: KeyInt
    ) -> bool:
        """A first of the last two steps that may mark its checker (it hits, or the
        rules mark every step): made, and if it marks, the search goes on from the
        board after it (True); else taken back (False)."""
        if not (hit or self.active.eager_marks):
            return False
        s = self.state
        occupied = s.occupied
        make(s, p, t, hit)
        mark = self.mark(p, t, step, UNMARKED)
        if mark:
            self.path.append(step)
            self.node(depth + 1, used, p, far, head + (p == 24), key)
            self.path.pop()
            self.unmark(p, t, UNMARKED, mark)
        unmake(s, p, t, hit, occupied)
        return mark != UNMARKED

    def movable_after(self, p: int, t: int, hit: int) -> int:
        """The sources the movers allow after the step from ``p`` to ``t`` (made for
        them to see, then taken back)."""
        s = self.state
        occupied = s.occupied
        make(s, p, t, hit)
        allowed = self.movable()
        unmake(s, p, t, hit, occupied)
        return allowed

# --------------------------------------------------------------------------- count


class Count(Search):
    """The largest number of values that can be played: ``M`` of RULES.md 2.3
    (the long family's formal first-turn exception compares two). Stops as soon
    as every value is played."""

    def __init__(
        self, state: SearchState, rule: StepRule, active: Active, far: int, key: KeyInt, path: list[Step]
    ) -> None:
        super().__init__(state, rule, active, far, key, path)
        self.seen: set[tuple[int, ...]] | None = set() if self.equal else None

    def visit(self, depth: int, used: int, head: int, key: KeyInt) -> int:
        if depth > self.best and self.ends_ok():
            self.best = depth
            if depth == self.n:
                return STOP
        if depth == self.n or self.state.me[OFF] == CHECKERS:
            return LEAF
        seen = self.seen
        if seen is not None and self.visited(seen, key, head, depth):
            return LEAF
        return EXPAND

    def sources(self, depth: int, i: int, d: int, maxsrc: int, far: int, headed: bool) -> int:
        return self.legal_sources(d, far, headed)


# --------------------------------------------------------------------------- scripts


class Scripted(Search):
    """A search that plays given steps first (walks and probes), and remembers why
    a step of the script is refused: the refusal on the way that got furthest
    (the deepest; the last one tried there)."""

    def __init__(
        self,
        state: SearchState,
        rule: StepRule,
        active: Active,
        far: int,
        key: KeyInt,
        path: list[Step],
        script: tuple[Step, ...],
    ) -> None:
        super().__init__(state, rule, active, far, key, path)
        self.script = script
        self.script_len = len(script)
        self.any_order = False
        self.refusal = 0
        self.refused_by: Constraint | None = None
        self.refused_at = -1
        self.refused_step: Step | None = None

    def refuse(self, depth: int, code: int, step: Step, by: Constraint | None = None) -> None:
        if depth < self.script_len and depth >= self.refused_at:
            self.refused_at = depth
            self.refusal = code
            self.refused_step = step
            self.refused_by = by

    def expand_script(self, depth: int, used: int, far: int, head: int, key: KeyInt) -> bool:
        """Try the script's steps at ``depth`` (in order: the one at ``depth``; in any
        order: every one not yet played), each one the rules refuse remembered with
        the rule: first the movers', then, value by value, the step rule's."""
        s = self.state
        wanted = self.unplayed() if self.any_order else [self.script[depth]]
        pairs = {(st.source, st.die) for st in wanted}
        points = {st.source for st in wanted}
        srcs = [p for p in source_points(BAR_BIT if s.me[BAR] else s.occupied) if p in points]
        if self.active.movers:
            allowed = self.movable()
            for p in srcs:
                if not allowed >> p & 1:
                    self.refuse(depth, CONSTRAINT, self.script_step(p), self.refusing_mover(p))
            srcs = [p for p in srcs if allowed >> p & 1]
        limit = self.head_limit
        headed = limit is not None and head >= limit
        values = self.values
        tried = 0
        for i in self.order[depth]:
            d = values[i]
            if used >> i & 1 or tried >> d & 1:
                continue
            tried |= 1 << d
            for p in srcs:
                if (p, d) not in pairs:
                    continue
                code = self.rule.refusal(s.me, s.occupied, p, d, far, headed)
                if code:
                    self.refuse(depth, code, _STEPS[d][p][False])
                elif self.play(depth, used | 1 << i, d, p, far, head, key):
                    return True
        return False

    def start_ok(self, depth: int, used: int) -> bool:
        """Whether the script's step at ``depth`` (played in order) can even be tried
        here: its die, its point, a checker of the mover there."""
        want = self.script[depth]
        s = self.state
        me = s.me
        p = want.source
        if want.target == 0 and 1 <= p <= 24 and me[p] and (me[BAR] or any(me[7:25])):
            self.refuse(depth, NOT_HOME, want)  # the real reason of a bear-off
            return False
        if not any(self.values[i] == want.die for i in range(self.n) if not used >> i & 1):
            self.refuse(depth, NO_DIE, want)
            return False
        code = self.rule.refusal(me, s.occupied, p, want.die, 1, False)
        if code in SOURCE_CODES:
            self.refuse(depth, code, want)
            return False
        return True

    def unplayed(self) -> list[Step]:
        """The script's steps not yet in ``path`` (a multiset difference by source and die)."""
        rest = list(self.script)
        for st in self.path:
            for j, want in enumerate(rest):
                if want.source == st.source and want.die == st.die:
                    del rest[j]
                    break
        return rest

    def script_step(self, point: int) -> Step:
        """The script's first step from ``point`` (the step a mover refuses)."""
        for st in self.script:
            if st.source == point:
                return st
        return self.script[0]

    def refusing_mover(self, point: int) -> Constraint | None:
        """The active mover that keeps ``point`` from moving now."""
        for c in self.active.movers:
            if not c.movable(self.state) >> point & 1:
                return c
        return None

    def at_end(self, depth: int) -> bool:
        """Nothing can follow: every value played or every checker off (a step of the
        script left is refused)."""
        if depth == self.n or self.state.me[OFF] == CHECKERS:
            if depth < self.script_len:
                self.refuse(depth, NO_DIE if depth == self.n else NO_CHECKER, self.script[depth])
            return True
        return False


class Walk(Scripted):
    """Play the script's steps (in this order, or in any order) from the start:
    the board they reach, or the rule that refuses a step. With ``explain_end``,
    also which end-of-play rule or preference the board reached breaks."""

    def __init__(
        self,
        state: SearchState,
        rule: StepRule,
        active: Active,
        far: int,
        key: KeyInt,
        path: list[Step],
        script: tuple[Step, ...],
        *,
        any_order: bool = False,
        explain_end: bool = False,
    ) -> None:
        super().__init__(state, rule, active, far, key, path, script)
        self.any_order = any_order
        self.explain_end = explain_end
        self.end_refused: Constraint | None = None
        self.end_is_preference = False

    def visit(self, depth: int, used: int, head: int, key: KeyInt) -> int:
        if depth == self.script_len:
            self.found = {self.result_key(key): tuple(self.path)}
            if self.explain_end:
                self.explain()
            return STOP
        if self.at_end(depth):
            return LEAF
        if not self.any_order and not self.start_ok(depth, used):
            return LEAF
        return EXPAND

    def explain(self) -> None:
        """Which end-of-play rule or preference the board reached breaks, if any."""
        state = self.state
        for c in self.active.enders:
            if not c.end_ok(state):
                self.end_refused = c
                return
        for c in self.active.preferrers:
            if not c.prefers(state):
                self.end_refused = c
                self.end_is_preference = True
                return

    def expand(self, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> bool:
        return self.expand_script(depth, used, far, head, key)


class Probe(Scripted):
    """The steps that may follow the script (a prefix of a play) so that it can still
    be completed into one of ``goal``'s legal plays (RULES.md 1.5): the *live* steps.

    After the prefix, the search looks for any completion: the board of one of
    the goal's plays after as many steps as they have (a single step keeping to
    the larger-die rule). The end-of-play rules and preferences need no check
    there: they read only the final board, which the goal's play shares.
    Answers of nodes past the prefix go to ``memo``, which every probe of the
    goal shares. When a live step leaves one step to play, the steps that may
    follow it are noted in the goal (``Found.nexts``), for the next question.
    """

    def __init__(
        self,
        state: SearchState,
        rule: StepRule,
        active: Active,
        far: int,
        key: KeyInt,
        path: list[Step],
        script: tuple[Step, ...],
        goal: Found,
        memo: dict[tuple[int, ...], bool],
        known_live: set[Step] | None,
    ) -> None:
        super().__init__(state, rule, active, far, key, path, script)
        self.goal = goal
        self.goal_best = goal.best
        self.goal_plays = goal.plays
        self.memo = memo
        #: first steps already known to begin a legal play (noted by the generation)
        self.known_live = known_live
        #: the prefix could be played
        self.reached = False
        #: the live steps, in the order tried, and the keys of those that complete a play
        self.live: list[Step] = []
        self.live_keys: dict[Step, KeyInt] = {}
        #: the last steps that complete a play after the live step being looked at (noted)
        self.lasts: dict[Step, KeyInt] | None = None
        #: the key of the board after the last step decides whether it completes a play:
        #: no rule checks the step itself, marks it or tags the result
        self.by_key = not (active.steppers or active.taggers or self.marking)

    def visit(self, depth: int, used: int, head: int, key: KeyInt) -> int:
        if depth == self.script_len:
            self.reached = True
        if depth >= self.goal_best:  # a legal play of the goal reached, or past it
            return STOP if depth == self.goal_best and self.result_key(key) in self.goal_plays else LEAF
        if depth > self.script_len:
            known = self.memo.get(self.node_key(key, used, depth))
            if known is not None:
                return STOP if known else LEAF
        if self.at_end(depth):
            return LEAF
        if depth < self.script_len and not self.start_ok(depth, used):
            return LEAF
        return EXPAND

    def node(self, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> bool:
        verdict = self.visit(depth, used, head, key)
        if verdict != EXPAND:
            return verdict == STOP
        if depth < self.script_len:
            return self.expand_script(depth, used, far, head, key)
        # (not where marks are kept: the same steps may leave their checkers marked
        # in more than one way, each with its own last steps)
        noting = depth == self.script_len + 1 and depth + 1 == self.goal_best
        noting = noting and not (self.active.taggers or self.marking)
        if noting:
            self.lasts = {}
        if depth + 1 == self.goal_best and self.by_key:
            found = self.last_steps(depth, used, far, head, key)
        else:
            found = self.expand(depth, used, maxsrc, far, head, key)
        lasts = self.lasts
        if noting and lasts is not None:
            self.lasts = None
            self.note(lasts)
            found = bool(lasts)
        if depth > self.script_len:
            self.memo[self.node_key(key, used, depth)] = found
        return found

    def last_steps(self, depth: int, used: int, far: int, head: int, key: KeyInt) -> bool:
        """The last step of a play of the goal's length, read from the board's key
        without being made (``by_key``): whether one completes one of the goal's
        plays. A step asked about is live if it does; after one, each is noted."""
        op = self.state.op
        goal_plays, values = self.goal_plays, self.values
        limit = self.head_limit
        headed = limit is not None and head >= limit
        live = depth == self.script_len
        lasts = self.lasts
        found = False
        tried = 0
        for i in self.order[depth]:
            d = values[i]
            if used >> i & 1 or tried >> d & 1:
                continue
            tried |= 1 << d
            bits = self.sources(depth, i, d, 0, far, headed)
            for p in source_points(bits):
                hit = op[p - d] if p > d else 0
                nkey = key + KEY_STEP[d][p][hit]
                if nkey not in goal_plays:
                    continue
                step = _STEPS[d][p][hit]
                if live:
                    if step not in self.live:
                        self.live.append(step)
                        self.live_keys[step] = nkey
                elif lasts is None:
                    return True
                else:
                    lasts.setdefault(step, nkey)
                    found = True
        return found

    def note(self, lasts: dict[Step, KeyInt]) -> None:
        """The steps that may follow the prefix and the live step just made, and the
        plays they complete, noted in the goal for the questions to come."""
        goal = self.goal
        asked = (*self.script, *self.path[self.script_len :])
        goal.nexts[asked] = tuple(lasts)
        for step, key in lasts.items():
            goal.wholes[(*asked, step)] = key

    def sources(self, depth: int, i: int, d: int, maxsrc: int, far: int, headed: bool) -> int:
        if depth == 0 and not self.goal.keeps_larger_die(d):
            return 0  # 2.4: only the larger value can start a play
        return self.legal_sources(d, far, headed)

    def play(self, depth: int, used: int, d: int, p: int, far: int, head: int, key: KeyInt) -> bool:
        if depth != self.script_len:
            return super().play(depth, used, d, p, far, head, key)
        # a step it is asked about: live if a play can follow (the search goes on either way)
        s = self.state
        t = p - d if p > d else 0
        step = _STEPS[d][p][s.op[t] if t else 0]
        if step in self.live:
            return False
        known = self.known_live
        if (known is not None and step in known) or super().play(depth, used, d, p, far, head, key):
            self.live.append(step)
        return False

    def after(self, depth: int, used: int, p: int, far: int, head: int, key: KeyInt, step: Step) -> bool:
        if depth + 1 != self.goal_best or self.active.taggers:
            return super().after(depth, used, p, far, head, key, step)
        # the step ends a play of the goal's length: is it one of its plays?
        if key not in self.goal_plays or (depth == 0 and not self.goal.keeps_larger_die(step.die)):
            return False
        if depth == self.script_len:
            self.live_keys[step] = key
        elif self.lasts is not None:
            self.lasts.setdefault(step, key)
            return False  # every last step is noted
        return True


class Tally(Search):
    """Shortcut: the live steps of equal values read from the legal plays' tallies
    (step-by-step input), without a search after the prefix.

    The generation notes each legal play's *tally*, how many of its steps start
    from each source (:func:`tally`), where this is exact: equal values searched
    from high sources to low, no rule that marks checkers, checks steps, allows
    sources or tags results (``Active.order_free``), and no home move that the
    last checker's entry could forbid (``Generation.equal_prune``). There a step
    after the prefix is live exactly when the step rule allows it on the board
    after the prefix and some legal play's tally holds the tally of the prefix
    and the step; the last step of a play is live when it ends on a legal play's
    board.

    Exact, for two reasons. With one value ``d``, a play's board fixes its tally:
    from the bar down, the steps from ``p`` are those from ``p + d`` less what
    ``p`` gained; so every legal order of a legal play has its tally. And if the
    prefix and the step are played and a legal play's tally holds theirs, the
    rest of that tally played from high sources to low is legal after them, and
    ends on that play's board: a checker stands on each source when its turn
    comes (the play's count there is not negative, and whatever arrives comes
    from a higher source, played before); every target is as open as at the
    start (a hit only takes a blot); the bar enters first; every checker
    outside home comes in, from a higher source, before a bear-off; no checker
    stands above an overshooting bear-off once the higher sources are played;
    and the head releases no more checkers than the play does. The end-of-play
    rules and preferences read only the board, the legal play's own.
    """

    def __init__(
        self,
        state: SearchState,
        rule: StepRule,
        active: Active,
        far: int,
        key: KeyInt,
        path: list[Step],
        script: tuple[Step, ...],
        goal: Found,
        tallies: tuple[KeyInt, ...],
    ) -> None:
        super().__init__(state, rule, active, far, key, path)
        self.script = script
        self.goal = goal
        self.tallies = tallies
        #: the prefix could be played
        self.reached = False
        #: the live steps, in the order a probe tries them, and the keys of those that
        #: complete a play
        self.live: list[Step] = []
        self.live_keys: dict[Step, KeyInt] = {}

    def run(self) -> bool:
        """Play the prefix by the step rule, then read the live steps after it. False:
        a step of the prefix cannot be played (a :class:`Probe` says why)."""
        s = self.state
        d, n = self.values[0], self.n
        far, key, head, limit = self.start_far, self.start_key, 0, self.head_limit
        path = self.path
        for want in self.script:
            p = want.source
            if want.die != d or len(path) == n or s.me[OFF] == CHECKERS or not 1 <= p <= BAR:
                return False
            if not self.legal_sources(d, far, limit is not None and head >= limit) >> p & 1:
                return False
            t = TARGET[d][p]
            hit = s.op[t]  # (op[0] is 0)
            make(s, p, t, hit)  # (the state is this question's own: nothing is taken back)
            path.append(_STEPS[d][p][hit])
            key += KEY_STEP[d][p][hit]
            far -= HOMING[d][p]
            head += p == 24
        self.reached = True
        self.live_steps(len(path), far, head, key)
        return True

    def live_steps(self, depth: int, far: int, head: int, key: KeyInt) -> None:
        """The live steps after the prefix, played to this node."""
        d = self.values[0]
        limit = self.head_limit
        bits = self.legal_sources(d, far, limit is not None and head >= limit)
        op = self.state.op
        last = depth + 1 == self.goal.best
        plays = self.goal.plays
        rest = 0 if last else self.rest_of_plays()
        for p in source_points(bits):
            hit = op[TARGET[d][p]]
            step = _STEPS[d][p][hit]
            if last:
                whole = key + KEY_STEP[d][p][hit]
                if whole not in plays:
                    continue
                self.live_keys[step] = whole
            elif not rest >> (4 * p) & 7:
                continue
            self.live.append(step)

    def rest_of_plays(self) -> KeyInt:
        """What the legal plays that hold the prefix's tally have left to play: a
        source's count is not 0 where one of them still has a step from it. Those
        plays' tallies are kept for the questions after the prefix, which look
        only among them (``Found.holding``)."""
        path = self.path
        holding = self.goal.holding
        if not path:  # every play holds the empty prefix
            rest: KeyInt = 0
            for counts in self.tallies:
                rest |= counts
            return rest
        done = tally(tuple(path))
        among = holding.get(done - TALLY[path[-1].source])  # the plays that hold the prefix less its last step
        guard = TALLY_GUARD
        kept = []
        rest = 0
        for counts in self.tallies if among is None else among:
            left = (counts | guard) - done
            if left & guard == guard:
                rest |= left
                kept.append(counts)
        holding[done] = tuple(kept)
        return rest
