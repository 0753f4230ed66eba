"""Fevga (RULES.md 4.6) and Giul (4.7).

Fevga's own rules are three constraints: :class:`Runner` (the first checker
runs alone), :class:`StartingQuarter` (the starting quarter may not be filled)
and :class:`Trap` (no trap in front of all fifteen opposing checkers, and an
existing trap must be opened).
"""

from __future__ import annotations

from typing import ClassVar, Final

from nardy._mypyc import mypyc_attr
from nardy.core import Step
from nardy.rules.kernel import ALL_SOURCES, Constraint, SearchState, StepOrEndConstraint
from nardy.rules.long import LongFamily, scoring_option
from nardy.rules.options import (
    Option,
    bearoff_options,
    cube_options,
    doubles_options,
    last_roll_draw,
    next_game_first,
    opening_roll,
    with_defaults,
    without,
)

__all__ = ["Fevga", "Giul", "Runner", "StartingQuarter", "Trap"]

#: the mover's points 1..11 (beyond the opponent's head), 12..23, 19..24 and 24, as bits
_PASSED: Final = ((1 << 12) - 1) & ~1
_RUNNING: Final = ((1 << 24) - 1) & ~((1 << 12) - 1)
_QUARTER: Final = ((1 << 25) - 1) & ~((1 << 19) - 1)
_HEAD: Final = 1 << 24


@mypyc_attr(allow_interpreted_subclasses=True)
class Runner(Constraint):
    """Fevga's first checker (RULES.md 4.6): until the mover has *passed* (has a
    checker on a point 11 or lower, beyond the opponent's head, or has borne
    one off), only the checker that left the head may move (any on points
    12..23), and while none has left, only a checker from the head. Once
    passed, possibly in the middle of a play, any checker may move and any
    number may leave the head."""

    text = "until the first checker has passed the opponent's head, only it may move"

    def begin(self, state: SearchState) -> bool:
        """Rests once the mover has passed (it stays passed)."""
        return not (state.me[0] or state.occupied & _PASSED)

    def movable(self, state: SearchState) -> int:
        occupied = state.occupied
        if state.me[0] or occupied & _PASSED:
            return ALL_SOURCES  # passed
        if occupied & _RUNNING:
            return _RUNNING
        return _HEAD


def _quarter_full(occupied: int) -> bool:
    return occupied & _QUARTER == _QUARTER


@mypyc_attr(allow_interpreted_subclasses=True)
class StartingQuarter(StepOrEndConstraint):
    """Fevga (RULES.md 4.6): the mover may not hold all six points of its
    starting quarter (19..24) at once, unless it already did. Per step
    (``fevga_check="step"``) or on the final position (``"end"``)."""

    text = "the starting quarter (points 19 to 24) may not be filled"

    def __init__(self, per_step: bool = True) -> None:
        super().__init__(per_step)

    def begin(self, state: SearchState) -> bool:
        """The rule rests in a play that cannot fill the quarter (each step fills
        at most one more point; with the head empty or fewer than six checkers
        in the quarter it can never be full), or, checked on the final position,
        in a play that starts with it full."""
        occupied = state.occupied
        me = state.me
        if not me[24] or sum(me[19:25]) < 6 or (_QUARTER & ~occupied).bit_count() > len(state.values):
            return False  # nothing lands on 24, nothing enters the quarter from below
        if not self.per_step and _quarter_full(occupied):
            return False
        # each empty point of the quarter needs a checker above it at a reachable distance
        values = state.values
        reach = {sum(values[:k]) for k in range(1, len(values) + 1)} | set(values)
        for m in range(19, 24):
            if not me[m] and not any(me[m + k] for k in reach if m + k <= 24):
                return False
        return True

    def step_ok(self, state: SearchState, step: Step, mark: int) -> bool:
        t = step.target
        # only a step onto an empty point of the quarter can fill it
        return t < 19 or state.me[t] != 1 or not _quarter_full(state.occupied)

    def end_ok(self, state: SearchState) -> bool:
        return not _quarter_full(state.occupied)


@mypyc_attr(allow_interpreted_subclasses=True)
class Trap(Constraint):
    """Fevga's trap rule (RULES.md 4.6). A *trap* stands when all fifteen
    opposing checkers are on one point ``s`` (``s >= 7``, none borne off) and
    the mover holds the six points in front of it (the opponent's
    ``s-6..s-1``).

    * No forming (``forming_forbidden``): the play may not build a trap, per
      step (``per_step``) or judged on the final position.
    * Per play, ``begin`` gives a Trap that keeps the points that close a trap
      (``points``) and whether one stands at the start (``at_start``).
    * Must break: if a trap stands at the start of the play, the plays that
      open it are preferred (RULES.md 2.5), after the maximum-dice rule, or
      before it with ``break_first`` (``fevga_break_priority="before_max_dice"``).
    """

    text = "no trap may be built in front of all fifteen opposing checkers"
    prefer_text = "a trap standing at the start of the play must be opened when possible"

    def __init__(
        self,
        forming_forbidden: bool = True,
        per_step: bool = True,
        break_first: bool = False,
        points: int = 0,
        at_start: bool = False,
    ) -> None:
        self.forming_forbidden = forming_forbidden
        self.per_step = per_step
        #: the mover's points that close a trap in this play, as bits (0: none can stand)
        self.points = points
        #: whether a trap stands at the start of this play
        self.at_start = at_start
        self.prefer_before_max_dice = break_first

    def uses(self, hook: str) -> bool:
        if hook == "step_ok":
            return self.forming_forbidden and self.per_step
        if hook == "end_ok":
            return self.forming_forbidden and not self.per_step
        return True

    def begin(self, state: SearchState) -> Trap | None:
        """The rule for this play, with the points that would close a trap in front
        of all fifteen opposing checkers and whether one stands at the start; None
        when no trap stands and none can be closed in this play."""
        if state.opp_off or 15 not in state.op:  # (none borne off: all fifteen on one point?)
            return None
        theirs = state.start.points(state.start.turn.other)
        s = theirs.index(15) + 1  # all fifteen on the opponent's point s
        if s < 7:
            return None
        points = 0
        for q in range(s - 6, s):  # the opponent's points s-6..s-1
            points |= 1 << (q + 12 if q <= 12 else q - 12)
        at_start = state.occupied & points == points
        if not at_start and (points & ~state.occupied).bit_count() > len(state.values):
            return None
        return Trap(self.forming_forbidden, self.per_step, self.prefer_before_max_dice, points, at_start)

    def trapped(self, state: SearchState) -> bool:
        """Whether a trap stands on the board now."""
        points = self.points
        return points != 0 and state.occupied & points == points

    def step_ok(self, state: SearchState, step: Step, mark: int) -> bool:
        t = step.target
        # only a step onto an empty point of the trap can close it
        return not (t and self.points >> t & 1 and state.me[t] == 1 and self.trapped(state))

    def end_ok(self, state: SearchState) -> bool:
        return not self.trapped(state) or self.at_start

    def prefers(self, state: SearchState) -> bool:
        return not self.at_start or not self.trapped(state)


@mypyc_attr(allow_interpreted_subclasses=True)
class Fevga(LongFamily):
    """Fevga (февга, Greek "run"): a long-board game with its own head and block rules.

    * Start, direction and blocking as long nardy: 15 on the head, a single
      checker holds a point, no hitting. No head limit and no first-turn
      exception.
    * Runner rule (:class:`Runner`): until the player has *passed* (has a
      checker beyond the opponent's head, on a point 11 or lower, or has borne
      off), only the first checker to leave the head may move; once it has
      passed, possibly in the middle of a play, any checker may move and any
      number may leave the head.
    * Six-point blocks are allowed anywhere, with two exceptions: the player
      may not hold all six points of its starting quarter (19..24) at once
      (:class:`StartingQuarter`); and it may not build a *trap*, six points
      held directly in front of all fifteen opposing checkers gathered on one
      point (``fevga_trap_forming="forbidden"``, :class:`Trap`). If a trap
      stands at the start of a play, the player must open it when it can
      (after the maximum-dice rule with ``fevga_break_priority="after_max_dice"``,
      before it with ``"before_max_dice"``).
    * ``fevga_check="step"`` applies the quarter and trap checks after every
      step; ``"end"`` only to the final position of the play.
    * Result: oin 1, mars 2.

    >>> import nardy
    >>> rules = nardy.ruleset("fevga")
    >>> [str(p) for p in rules.legal_plays(rules.initial_position(), (6, 6))]
    ['24/18']
    """

    name = "fevga"
    title = "Fevga"
    aliases: ClassVar[tuple[str, ...]] = ("fevga_tavli", "moultezim", "feuga")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        opening_roll("reroll"),
        scoring_option(),
        next_game_first("winner"),
        last_roll_draw(),
        *bearoff_options(),
        *cube_options(),
        Option("fevga_check", ("step", "end"), "step", "check the quarter and trap rules per step or at the end"),
        Option(
            "fevga_trap_forming",
            ("forbidden", "allowed"),
            "forbidden",
            "whether a trap may be built (it must be opened either way)",
        ),
        Option(
            "fevga_break_priority",
            ("after_max_dice", "before_max_dice"),
            "after_max_dice",
            "whether opening a trap comes after or before using as many dice as possible",
        ),
        # Fevga has no head limit (the runner rule replaces it): no head options
        *without(doubles_options(), "owed_head_limit", "head_limit_scope", "crazy_head_per_stage"),
    )

    def constraints(self) -> tuple[Constraint, ...]:
        per_step = self.option("fevga_check") == "step"
        return (
            Runner(),
            StartingQuarter(per_step),
            Trap(
                forming_forbidden=self.option("fevga_trap_forming") == "forbidden",
                per_step=per_step,
                break_first=self.option("fevga_break_priority") == "before_max_dice",
            ),
        )


@mypyc_attr(allow_interpreted_subclasses=True)
class Giul(Fevga):
    """Giul (гюль, "Fevga crazy"): Fevga with the doubles cascade up to 6-6.

    * After a double ``d-d`` played in full the player plays every higher
      double up to 6-6, each stage a separate play.
    * Unplayed steps of a started double (and the later stages) are owed by
      the opponent, stage by stage; a double that cannot be started is not
      played and nothing is owed (``transfer_if_none_played=False``).
    * The cascade stops once all the player's checkers are home; moving
      inside the home is allowed.
    """

    name = "giul"
    title = "Giul (Fevga crazy)"
    aliases: ClassVar[tuple[str, ...]] = ("gul", "gyul", "fevga_crazy")
    OPTIONS: ClassVar[tuple[Option, ...]] = with_defaults(
        Fevga.OPTIONS,
        doubles_rule="cascade",
        cascade_owed=True,
        transfer_if_none_played=False,
    )
