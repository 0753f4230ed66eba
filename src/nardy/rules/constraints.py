"""Constraints: a ruleset's own rules on steps and plays, and the hooks the search calls.

A ruleset lists its constraints (:meth:`nardy.RuleSet.constraints`); each is one
rule of RULES.md, written as the few hooks it needs (:class:`Constraint`). The
universal rules of a step are the search's own (:mod:`nardy.rules.steps`).

Per play, ``ConstraintSet`` asks each constraint whether it has anything
to say (``begin``) and sorts the ones that do by the hooks they use
(``Active``), so that the search calls only those. A constraint that
works something out for the play keeps it itself: its ``begin`` returns a
constraint for this play that holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from nardy._mypyc import mypyc_attr
from nardy.core import Step
from nardy.errors import NardyError, shown
from nardy.rules.board import SearchState

__all__ = [
    "Constraint",
    "StepOrEndConstraint",
    "UNMARKED",
    "MARKED",
    "FROZEN",
    "ALL_SOURCES",
]

#: a checker carries no mark (see :meth:`Constraint.mark_after`)
UNMARKED: Final = 0
#: a rule judges the checker's later steps in this play (``step_ok`` gets the mark)
MARKED: Final = 1
#: the checker may not move again in this play
FROZEN: Final = 2
#: every point and the bar, as a bit set (``Constraint.movable`` allows all)
ALL_SOURCES: Final = (1 << 26) - 2

#: the hooks a constraint may override, in the order of ConstraintSet's sorting
HOOKS: Final = ("movable", "mark_after", "step_ok", "end_ok", "prefers", "tag")


@mypyc_attr(allow_interpreted_subclasses=True)
class Constraint:
    """One rule of a ruleset that constrains steps or plays: the extension point.

    A ruleset lists its constraints (:meth:`nardy.RuleSet.constraints`); the
    search calls each hook a constraint overrides, and no other. Every hook
    receives the :class:`~nardy.rules.board.SearchState`. Override only what
    the rule needs:

    ===================  ==============================================================
    hook                 called
    ===================  ==============================================================
    ``begin``            once per play, before the search: the constraint that judges
                         this play (``self``, or one that keeps what it worked out
                         from the start), or ``None`` when it cannot refuse anything
    ``movable``          before each step: the points that may move now (a bit set;
                         bit ``p`` for point ``p``, bit 25 for the bar)
    ``mark_after``       after each step: the mark the moved checker carries
    ``step_ok``          after each step: may the play go through this position?
    ``end_ok``           at the end of a candidate: is the final position admissible
                         (RULES.md 2.2)? It may read only the final and start boards.
    ``prefers``          at the end of a candidate: a preference filter (2.5)
    ``tag``              at the end of a candidate: tell its result apart from the
                         same board reached otherwise (Crazy Gulbar's fourth step)
    ===================  ==============================================================

    ``text`` states the rule; it is the message when the rule refuses a step or
    a play, so write it as the rule a player would quote.

    The search takes shortcuts that assume the order of the steps does not
    matter; it switches them off in a play where a constraint that moves,
    marks, checks steps or tags results is active, unless the constraint's
    flags below say the shortcut stays exact. The flags are off by default,
    which is always right; a rule that sets one is held to it by the tests
    that compare the search with its shortcuts to the search without them.
    """

    text: ClassVar[str] = "the rules of this ruleset forbid it"
    #: the preference filter, as a rule a player would quote
    prefer_text: ClassVar[str] = "a play that keeps to the preference must be chosen when there is one"
    #: the rule freezes checkers (``mark_after`` gives ``FROZEN``); its text then
    #: explains why a frozen checker may not move
    freezes: ClassVar[bool] = False
    #: ``mark_after`` changes nothing for a step that hits nothing by a checker that
    #: carries no mark (the search then calls it only for the others)
    marks_hits_only: ClassVar[bool] = False
    #: ``step_ok`` allows every step of a checker that carries no mark (the search
    #: then calls it only for marked checkers)
    checks_marked_only: ClassVar[bool] = False
    #: the equal-values shortcut stays exact with this rule (nardy.rules.search):
    #: ``mark_after`` reads only the step and the checker's mark (never the
    #: board), and ``step_ok`` allows every step of a checker without a mark and
    #: refuses a marked checker's step only when the mover already holds its
    #: landing point (Caucasian's hit and hide; the Tavla rule, which freezes)
    sorts_equal_values: ClassVar[bool] = False
    #: the preference filter is applied before the maximum-dice rule (RULES.md 4.6
    #: ``fevga_break_priority="before_max_dice"``) instead of after it
    prefer_before_max_dice: bool = False

    def uses(self, hook: str) -> bool:
        """Whether this instance needs ``hook`` called (only hooks its class
        overrides are called at all). A rule checked per step or at the end,
        as an option says, overrides both and uses one (see
        :class:`StepOrEndConstraint`)."""
        return True

    def begin(self, state: SearchState) -> object:
        """The constraint that judges this play, worked out from its start:
        ``self`` (the default), a new constraint of the same kind that keeps
        what this one worked out for the play, or ``None`` when the rule cannot
        refuse anything in this play (the search then leaves it out: a
        speed-up, never a change of result). ``True`` and ``False`` are read as
        ``self`` and ``None``; anything else is a :class:`~nardy.NardyError`
        (typed ``object`` so that both builds say so)."""
        return self

    def movable(self, state: SearchState) -> int:
        """The points whose checkers may move now, as a bit set (all by default)."""
        return ALL_SOURCES

    def mark_after(self, state: SearchState, step: Step, mark: int) -> int:
        """The mark the checker moved by ``step`` carries after it (``mark``: before).

        ``UNMARKED``, ``MARKED`` (a rule constrains its later steps) or
        ``FROZEN`` (it may not move again in this play). Marks last until the
        end of the play.
        """
        return mark

    def step_ok(self, state: SearchState, step: Step, mark: int) -> bool:
        """Whether the play may pass through the position after ``step``
        (``state`` is after it; ``mark``: the moved checker's mark before it)."""
        return True

    def end_ok(self, state: SearchState) -> bool:
        """Whether a candidate may end in ``state`` (an end-of-play constraint)."""
        return True

    def prefers(self, state: SearchState) -> bool:
        """A preference filter (RULES.md 2.5): among the legal plays, keep those
        ending where this is True, if any does."""
        return True

    def tag(self, state: SearchState) -> bool:
        """Whether the candidate ending in ``state`` is a different play from one
        that reaches the same board without this (RULES.md 4.8: whether the last
        checker came home on the fourth step)."""
        return False

    def __repr__(self) -> str:
        # the class and the attributes the instance was given, the preference order
        # only when it is not the default: SixBlock(rule='ahead', per_step=False).
        # A compiled class keeps its attributes in slots that it names, in the order
        # of their classes (the subclass's first), as __init__ sets them here; a
        # subclass written in Python keeps its own in a __dict__
        given = dict(vars(self)) if hasattr(self, "__dict__") else {}
        for k in getattr(type(self), "__mypyc_attrs__", ()):
            if k != "__dict__":
                given.setdefault(k, getattr(self, k))
        fields = ", ".join(
            f"{k}={v!r}" for k, v in given.items() if not (k == "prefer_before_max_dice" and v is False)
        )
        return f"{type(self).__name__}({fields})"


@mypyc_attr(allow_interpreted_subclasses=True)
class StepOrEndConstraint(Constraint):
    """A rule that an option checks either after every step or once on the
    final position: a subclass overrides both ``step_ok`` and ``end_ok``, and
    ``per_step`` says which one the search calls.

    >>> class NoPointTwo(StepOrEndConstraint):
    ...     text = "point 2 may not be held"
    ...     def step_ok(self, state, step, mark):
    ...         return not state.me[2]
    ...     def end_ok(self, state):
    ...         return not state.me[2]
    >>> NoPointTwo(per_step=False).uses("step_ok"), NoPointTwo(per_step=False).uses("end_ok")
    (False, True)
    """

    def __init__(self, per_step: bool) -> None:
        #: checked after every step (True) or on the final position (False)
        self.per_step = per_step

    def uses(self, hook: str) -> bool:
        if hook == "step_ok":
            return self.per_step
        if hook == "end_ok":
            return not self.per_step
        return True


def calls(constraint: Constraint, hook: str) -> bool:
    """Whether the search must call ``hook`` of ``constraint``: its class overrides
    it and the instance uses it."""
    return getattr(type(constraint), hook) is not getattr(Constraint, hook) and constraint.uses(hook)


def _overrides_begin(constraint: Constraint) -> bool:
    return getattr(type(constraint), "begin") is not getattr(Constraint, "begin")


class Active:
    """The constraints that judge one play, sorted by the hooks the search calls,
    and what they allow the search (its shortcuts, the calls it may skip)."""

    __slots__ = (
        "movers",
        "markers",
        "steppers",
        "enders",
        "preferrers",
        "taggers",
        "eager_marks",
        "eager_checks",
        "prefer_first",
        "order_free",
        "pairs_exact",
        "sorted_exact",
        "board_only",
    )

    def __init__(self, hooks: Sequence[tuple[Constraint, ...]]) -> None:
        self.movers, self.markers, self.steppers, self.enders, self.preferrers, self.taggers = hooks
        movers, markers, steppers = self.movers, self.markers, self.steppers
        #: call mark_after / step_ok for every step, not only for hits and marked checkers
        self.eager_marks = not all(c.marks_hits_only for c in markers)
        self.eager_checks = not all(c.checks_marked_only for c in steppers)
        #: a preference applied before the maximum-dice rule (RULES.md 4.6)
        self.prefer_first = any(c.prefer_before_max_dice for c in self.preferrers)
        #: no active rule makes the order of the steps matter
        self.order_free = not (movers or markers or steppers or self.taggers)
        #: the two-values shortcut stays exact: rules that mark only hitters and check
        #: only marked checkers bear on a checker's steps after its hit, which with two
        #: values is its own next step, which the shortcut always tries
        self.pairs_exact = self.order_free or (
            not movers
            and not self.taggers
            and all(c.marks_hits_only for c in markers)
            and all(c.checks_marked_only for c in steppers)
        )
        #: no rule reads the board at the end of a candidate or after every step: the
        #: last steps may be read from bits (the search's last-two shortcut)
        self.board_only = not (self.enders or self.preferrers or self.taggers or (steppers and self.eager_checks))
        #: the equal-values shortcut stays exact (Constraint.sorts_equal_values)
        self.sorted_exact = self.order_free or (
            not movers
            and not self.taggers
            and all(c.sorts_equal_values for c in markers)
            and all(c.sorts_equal_values for c in steppers)
        )


class ConstraintSet:
    """A ruleset's constraints, sorted once by the hooks they use; per play,
    :meth:`begin` gives the ``Active`` ones."""

    def __init__(self, constraints: Sequence[Constraint]) -> None:
        cs = tuple(constraints)
        self.constraints = cs
        #: HOOKS[h]'s constraints, by their index in ``constraints``
        self.using = tuple(tuple(i for i, c in enumerate(cs) if calls(c, hook)) for hook in HOOKS)
        #: the indexes of the constraints with a begin() of their own
        self.beginners = tuple(i for i, c in enumerate(cs) if _overrides_begin(c))
        self.marks = bool(self.using[1])
        self.none_active = Active(((),) * len(HOOKS))
        self.all_active = self.active(cs)
        #: Active by the bit set of resting beginners, when every other begin() kept its
        #: constraint as it is
        self._by_idle: dict[int, Active] = {}

    def active(self, judges: Sequence[Constraint | None]) -> Active:
        """The Active of ``judges`` (a judge per constraint; None where it rests)."""
        return Active([tuple(j for i in hook if (j := judges[i]) is not None) for hook in self.using])

    def begin(self, state: SearchState) -> Active:
        """Run every begin() at the start of a play: the constraints that judge it."""
        if not self.beginners:
            return self.all_active
        cs = self.constraints
        judges: list[Constraint | None] = list(cs)
        idle = 0
        kept = True  # every judge is its constraint as configured
        for i in self.beginners:
            judge = cs[i].begin(state)
            if judge is True or judge is cs[i]:
                continue
            if judge is False or judge is None:
                judges[i] = None
                idle |= 1 << i
            elif isinstance(judge, Constraint):
                judges[i] = judge
                kept = False
            else:
                raise NardyError(
                    f"{type(cs[i]).__name__}.begin() must return a Constraint, True, False or None, not {shown(judge)}"
                )
        if not kept:
            return self.active(judges)
        active = self._by_idle.get(idle)
        if active is None:
            active = self._by_idle[idle] = self.active(judges)
        return active
