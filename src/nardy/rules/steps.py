"""The step rule: when one step of the mover is legal, in every ruleset (RULES.md 2.1 and 3).

:class:`StepRule` states the universal rules of one step: the source (the bar
first), the target (open, or a blot that is hit), the head allowance, and
bearing off with its options (RULES.md 3.4). A ruleset's own rules come on top
of it as constraints (:mod:`nardy.rules.constraints`).

It says it twice, in one small class: :meth:`StepRule.refusal` reads the rule
for one step the way a player checks it and names the rule a step breaks;
:meth:`StepRule.sources` gives every legal source of a value at once, as a bit
set, which is what the search asks for. The tests check the two against each
other on every board pattern :meth:`~StepRule.sources` reads.

>>> rule = StepRule(True, 1 << 20, True, False, False, 24)  # backgammon, point 20 closed
>>> me = [0] * 26
>>> me[24], me[13], me[6] = 2, 5, 8                           # the mover's checkers on 24, 13 and 6
>>> occupied, far = 1 << 24 | 1 << 13 | 1 << 6, 7
>>> [p for p in (24, 13, 6) if rule.sources(occupied, 0, far, 4, False) >> p & 1]  # a 4: point 20 is closed
[13, 6]
>>> refusal_text(rule.refusal(me, occupied, 24, 4, far, False), Step(24, 20, 4))
'point 20 is closed (two or more opposing checkers)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from nardy.core import BAR, Step

if TYPE_CHECKING:
    from nardy.rules.constraints import Constraint

__all__ = ["StepRule", "Refusal", "refusal_text"]

#: the head (RULES.md 1.1): the mover's point 24, in the long family where the head rule holds
HEAD_POINT: Final = 24
BAR_BIT: Final = 1 << BAR
NOT_HEAD: Final = ~(1 << HEAD_POINT)
#: ABOVE[d]: the bits of the points above d (d + 1 .. 25): their steps of d land on a point
ABOVE: Final = tuple(((1 << 26) - 1) & ~((2 << d) - 1) for d in range(7))
#: the dice values 1..6 as bits
_ALL_VALUES: Final = 0b1111110
#: RULES.md 2.1: how many opposing checkers close a point to the mover: two in the
#: short family (a single one is a blot, which is hit), one in the long family
SHORT_CLOSED: Final = 2
LONG_CLOSED: Final = 1

# why a step is refused: a code, turned into the rule's text only when asked (refusal_text)
NO_DIE: Final = 1
NO_POINT: Final = 2
BAR_FIRST: Final = 3
NO_CHECKER: Final = 4
HEAD: Final = 5
HELD: Final = 6
CLOSED: Final = 7
HOME_MOVES: Final = 8
NOT_HOME: Final = 9
EXACT: Final = 10
HIGHER: Final = 11
TURN_START: Final = 12
CONSTRAINT: Final = 13
STUCK: Final = 14
#: the codes about the source itself, which come before any constraint's say (walks)
SOURCE_CODES: Final = frozenset({NO_POINT, BAR_FIRST, NO_CHECKER})
#: the codes of a refused bear-off: every lower source of the same value is refused too
#: (the sources are tried from high to low, so the search stops at the first)
BEAR_OFF_CODES: Final = frozenset({NOT_HOME, EXACT, HIGHER, TURN_START})


class StepRule:
    """RULES.md 2.1 and 3 for one play: when one step of the mover is legal.

    Made once per play: ``closed`` holds the points closed to the mover (two or
    more opposing checkers in the short family, one in the long family), which
    no step of the mover changes (a hit only takes a blot); ``start_top`` is the
    highest point (25: the bar) the mover held at the start, which the option
    ``bearoff_overshoot_check="turn_start"`` reads. ``exact_only``,
    ``home_moves`` and ``overshoot_start`` are the bear-off options of 3.4.
    """

    __slots__ = (
        "hitting",
        "closed",
        "home_moves",
        "exact_only",
        "overshoot_start",
        "start_top",
        "overshoot",
        "open_moves",
    )

    def __init__(
        self, hitting: bool, closed: int, home_moves: bool, exact_only: bool, overshoot_start: bool, start_top: int
    ) -> None:
        self.hitting = hitting
        self.closed = closed
        self.home_moves = home_moves
        self.exact_only = exact_only
        self.overshoot_start = overshoot_start
        self.start_top = start_top
        #: the values that may bear off a checker from below them (3.2.3 and 3.4), as bits
        if exact_only:
            self.overshoot = 0
        elif overshoot_start:
            self.overshoot = _ALL_VALUES & ~((2 << start_top) - 1) if start_top < 7 else 0
        else:
            self.overshoot = _ALL_VALUES
        #: open_moves[d]: the sources (points and bar) whose step of value d lands on an
        #: open point. While a checker is outside home and none on the bar, the legal
        #: sources of d are the occupied ones of these, less the head once it is used
        #: (the search reads them so; the tests check it against sources())
        self.open_moves = tuple([ABOVE[d] & ~(closed << d) for d in range(7)])  # (a list: faster compiled)

    def refusal(self, me: Sequence[int], occupied: int, p: int, d: int, far: int, headed: bool) -> int:
        """Why a step of value ``d`` from ``p`` is illegal on this board, as the
        rule's code (0: it is legal), checked in this order:

        1. the source (2.1.1): a point 1..24, or the bar in the short family;
           while a checker is on the bar, only the bar; a checker of the mover there;
        2. the head allowance: ``headed`` when no more checkers may leave the head;
        3. the target ``p - d`` (2.1.2): open, and with
           ``home_moves_after_all_home=False`` not inside home once all are home;
        4. a bear-off (3): every checker home (3.1); a value above the point only
           from the highest checker (3.2.3), never with ``bearoff_exact_only``, and
           with ``bearoff_overshoot_check="turn_start"`` only if no checker stood
           on that value or higher at the start of the play (3.4).

        ``me``: the mover's counts (off, points 1..24, bar); ``occupied``: its
        points as a bit set; ``far``: its checkers on the bar or outside home.
        """
        if not 1 <= p <= BAR or (p == BAR and not self.hitting):
            return NO_POINT
        if me[BAR] and p != BAR:
            return BAR_FIRST
        if not me[p]:
            return NO_CHECKER
        if headed and p == HEAD_POINT:
            return HEAD
        t = p - d
        if t >= 1:
            if self.closed >> t & 1:
                return CLOSED if self.hitting else HELD
            if not far and not self.home_moves:
                return HOME_MOVES
            return 0
        if far:
            return NOT_HOME
        if t == 0:
            return 0
        if self.exact_only:
            return EXACT
        if occupied >> (p + 1):
            return HIGHER
        if self.overshoot_start and self.start_top >= d:
            return TURN_START
        return 0

    def sources(self, occupied: int, bar: int, far: int, d: int, headed: bool) -> int:
        """Every point from which a step of value ``d`` is legal, as a bit set (bit
        ``p``; bit 25 for the bar): :meth:`refusal` for all sources at once.

        A source above ``d`` moves to ``p - d``; one at ``d`` or below bears off.
        ``occupied``: the mover's points with a checker; ``bar``: its checkers on
        the bar; ``far``: on the bar or outside home; ``headed``: no more may
        leave the head.
        """
        if bar:  # only the bar, entering on 25 - d if that point is open
            return 0 if self.closed >> (BAR - d) & 1 else BAR_BIT
        if headed:
            occupied &= NOT_HEAD
        moves = occupied & ~(self.closed << d) & ABOVE[d]  # onto an open point
        if far:
            return moves  # no bear-off while a checker is outside home
        if not self.home_moves:
            moves = 0
        if occupied >> d:  # a checker on d or higher: a bear-off only from d itself
            return moves | (occupied & 1 << d)
        if occupied and self.overshoot >> d & 1:  # from the highest checker, below d
            return moves | 1 << (occupied.bit_length() - 1)
        return moves


def refusal_text(code: int, step: Step, head_limit: int | None = None, constraint: Constraint | None = None) -> str:
    """The rule a refusal code stands for, as a player would quote it.

    >>> refusal_text(HIGHER, Step(3, 0, 5))
    'a 5 may bear off from 3 only when no checker stands higher'
    """
    p, d, t = step.source, step.die, max(step.source - step.die, 0)
    if code == HEAD:
        n = head_limit
        return f"the head may release only {n} checker{'s' if n != 1 else ''} per play"
    if code == CONSTRAINT and constraint is not None:
        return constraint.text
    texts = {
        NO_DIE: f"no die {d} left to play",
        NO_POINT: "no such point",
        BAR_FIRST: "a checker on the bar must enter first",
        NO_CHECKER: f"no checker of the mover on {'bar' if p == BAR else p}",
        HELD: f"point {t} is held by the opponent",
        CLOSED: f"point {t} is closed (two or more opposing checkers)",
        HOME_MOVES: "once all checkers are home every step must bear off",
        NOT_HOME: "a checker may be borne off only when all the mover's checkers are home",
        EXACT: "a checker may be borne off only with the exact number",
        HIGHER: f"a {d} may bear off from {p} only when no checker stands higher",
        TURN_START: f"a {d} may bear off from {p} only if no checker stood on {d} or higher at the start",
    }
    return texts.get(code, "this step cannot be played here")


class Refusal:
    """Why a walked step was refused: the rule it breaks, as a code or a constraint."""

    __slots__ = ("code", "step", "constraint", "head_limit")

    def __init__(self, code: int, step: Step, constraint: Constraint | None, head_limit: int | None) -> None:
        self.code = code
        self.step = step
        self.constraint = constraint
        self.head_limit = head_limit

    def text(self) -> str:
        """The rule, as a player would quote it."""
        return refusal_text(self.code, self.step, self.head_limit, self.constraint)
