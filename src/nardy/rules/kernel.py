"""The search kernel: one search over step sequences answers every question about a play.

RULES.md 2.7 gives the reference algorithm: a depth-first search over the
sequences of single-die steps, every prefix a candidate, then the maximum-dice
rule (2.3), the larger-die rule (2.4) and the preference filter (2.5). This
module implements it once, and the same search is asked four questions:

* **generate**: every legal play, one per resulting position (RULES.md 1.5);
* **walk**: follow given steps in the given order (or in any order) and say
  where they lead, or which rule refuses a step (play input, notation,
  explanations);
* **probe**: which steps may follow a partial play so that it can still be
  completed into a legal play (step-by-step input);
* **count**: the largest number of dice that can be played (the long family's
  formal first-turn exception).

Step legality is written here once: the universal rules of RULES.md 2.1 and 3
(the bar, closed points, hits, bearing off and its options, the head
allowance) inline in :meth:`Kernel.dfs`, and each ruleset's own rules as
:class:`Constraint` objects whose hooks the search calls. When a walk is
refused, the refusal is a code (or the refusing constraint); the text that
names the rule is looked up from it only then (:meth:`Refusal.text`).

The board inside the search is a :class:`SearchState`, seen from the player to
move. A resulting board is identified by an int *key* that the search keeps up
to date step by step (:func:`board_key`); public values
(:class:`~nardy.Step`, :class:`~nardy.Play`, :class:`~nardy.Position`) are
built only for what the caller asked for.

Shortcuts. Generation takes four shortcuts; each gives exactly the same plays,
and ``prune=False`` (:meth:`Kernel.generate`) switches them all off, for tests.
Two make a search cheaper without leaving anything out:

* a mover closed out on the bar (every entry point closed) can only pass: the
  empty play is the answer without a search (:meth:`Kernel._closed_out`). It
  holds whatever the constraints, which only forbid steps; it is not taken
  where an end-of-play rule or a preference could refuse the empty play
  (``Kernel.closed_out_exact``);
* the last two steps of a play are read from the occupied bit set, without
  moving a checker, and each resulting board is recorded by its key alone
  (:meth:`Kernel._last_two`), where only the board decides those steps
  (``SearchState.last_two_by_bits``: no per-step check of unmarked checkers, no
  end-of-play rule, preference or fourth-step split, nothing noted for
  step-by-step input; where a ruleset marks checkers, only while no checker
  carries a mark, and a first step that marks its checker leaves the last step
  to :meth:`Kernel.dfs`).

Two prune the search, and :meth:`Kernel.shortcuts` switches them on only where
that holds (it is the one place that decides):

* equal values (a double, or equal owed values) are played from high sources
  to low only;
* with two different values, a play that starts with the smaller value need not
  continue with another checker when the same result is reached by starting
  with the larger value.

Both assume that the order of steps cannot change which steps are legal. That
is false where a ruleset constrains steps one by one (marks, per-step checks,
Fevga's runner) and where moves inside home become illegal once all checkers
are home (``home_moves_after_all_home=False``: a home move must then come
before the last checker enters). The test-suite compares the pruned search with
the same search unpruned on random positions for every ruleset and option.

Marks that keep the equal-values shortcut (``Constraint.sorts_equal_values``:
Caucasian's hit and hide, the Tavla rule). Such a rule marks a checker by its
own steps alone, never refuses a checker without a mark, and refuses a marked
checker only a step onto a point the mover holds (a frozen checker never moves,
in any order). Take a legal sequence of steps of equal values and two
neighbours in it where the lower source goes first. Swapped, the board and the
marks after the pair are the same, and, as without marks, each step stays
legal, with one exception: the first step emptied its point and the second is a
marked checker landing there, which the swap makes hide. So the search plays
sources from high to low, and also a marked checker onto the point that the
step just before it emptied (:meth:`Kernel.dfs`). It finds every board of the
full search, with the same step order: the full search finds a board first by
its greatest legal sequence of sources; no rise in that sequence (a lower source
before a higher one) can be swapped, as the swap would give a greater one, so
each rise is the exception, which the shortcut plays too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from itertools import repeat
from struct import Struct
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias

from nardy._mypyc import mypyc_attr
from nardy.core import (
    BAR,
    CHECKERS,
    OFF,
    STEPS_BY_DIE,
    WHITE,
    Play,
    Player,
    Position,
    Step,
)

if TYPE_CHECKING:
    from nardy.flow import PlayContext

# nardy.core's values that the search reads on its hot path, bound again here: in
# the compiled build a module's own Final names are C variables, while a name
# imported from a Python module is looked up in this module's dict at every read
_WHITE: Final = WHITE
_PLAY: Final[type[Play]] = Play
_POSITION: Final[type[Position]] = Position
_STEPS: Final[tuple[tuple[tuple[Step, ...], ...], ...]] = STEPS_BY_DIE

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
]

#: marks a checker can carry during a play (see :meth:`Constraint.mark_after`)
UNMARKED: Final = 0
MARKED: Final = 1
FROZEN: Final = 2

#: DESCENDING[top] = (top, top - 1, ..., 1): points from high to low (the tables below)
DESCENDING: Final = tuple(tuple(range(top, 0, -1)) for top in range(25))
#: the points of one byte of an ``occupied`` bit set, from high to low (see _sources);
#: _HIGH covers bits 17..25, the bar's bit (25, giving BAR first) included, so that a set
#: of sources (points and bar, never above bit 25) indexes it by ``bits >> 17`` unmasked
_HIGH: Final = tuple(
    ((BAR,) if m >> 8 else ()) + tuple(p for p in DESCENDING[24][:8] if m >> (p - 17) & 1) for m in range(512)
)
_MIDDLE: Final = tuple(tuple(p for p in DESCENDING[16][:8] if m >> (p - 9) & 1) for m in range(256))
_LOW: Final = tuple(tuple(p for p in DESCENDING[8] if m >> (p - 1) & 1) for m in range(256))
#: _UP_TO[top]: the bits of points 1..top
_UP_TO: Final = tuple((2 << top) - 2 for top in range(25))
#: _HOMING[die][source]: 1 if a step of ``die`` from ``source`` brings a checker from
#: outside home (points 7..24) into it (points 1..6), else 0; 0 from the bar (25), whose
#: entry lands outside home
_HOMING: Final = tuple(tuple(int(7 <= p <= 24 and p - d <= 6) for p in range(26)) for d in range(7))
#: every point and the bar, as a bit set (``Constraint.movable`` allows all)
ALL_SOURCES: Final = (1 << 26) - 2
#: _POINT_BITS[p - 1]: the bit of point p
_POINT_BITS: Final = tuple(1 << p for p in range(1, 25))
#: _BIT_AT[p]: the bit of point p in an ``occupied`` bit set (indexed by the point, unlike
#: _POINT_BITS), 0 for off (0) and the bar (25), which ``occupied`` does not hold
_BIT_AT: Final = (0, *_POINT_BITS, 0)
#: RULES.md 2.1: how many opposing checkers close a point to the mover: two in
#: the short family (a single one is a blot, which is hit), one in the long
#: family (there is no hitting)
SHORT_CLOSED: Final = 2
LONG_CLOSED: Final = 1
#: the bar as a source, in a bit set of sources
_BAR_BIT: Final = 1 << BAR
#: a byte's binary digit, "0" or "1": whether a count is non-zero (SearchState.occupied)
_BINARY_DIGIT: Final = bytes([48] + [49] * 255)


def _sources(occupied: int) -> tuple[int, ...]:
    """The points of the bit set ``occupied`` from high to low: the order in which
    sources are tried. The search relies on that order (a bear-off source ends the
    sources of a value while checkers are outside home).

    >>> _sources(1 << 24 | 1 << 13 | 1 << 6)
    (24, 13, 6)

    (The search writes this out on its hot paths, where a set that may hold the
    bar's bit indexes _HIGH without the mask.)
    """
    return _HIGH[occupied >> 17 & 255] + _MIDDLE[occupied >> 9 & 255] + _LOW[occupied >> 1 & 255]

# --------------------------------------------------------------------------- keys
#
# A board key packs the mover's checker counts (a byte each: off, points
# 1..24, bar), the points where it hit a blot in this play, and Crazy Gulbar's
# fourth-step tag into one int, so that a step changes it by one addition.

#: A board key where the search sums them: an int, typed ``Any`` so that the compiled
#: build adds keys as Python ints. A key never fits a machine word, and mypyc's ``int``
#: would test every sum for one and box it again.
KeyInt: TypeAlias = Any
#: KEY_BIT[i]: one checker on the mover's point i (0: borne off, 25: the bar)
KEY_BIT: Final = tuple(1 << (8 * i) for i in range(26))
_HIT_SHIFT: Final = 8 * 26
#: where a key keeps the count of the bar (its byte 25)
_BAR_SHIFT: Final = 8 * BAR
#: HIT_BIT[t]: a blot hit on the mover's point t in this play
HIT_BIT: Final = tuple(1 << (_HIT_SHIFT + t) for t in range(26))
#: the last checker came home on the fourth step of the play (Crazy Gulbar)
TAG_BIT: Final = 1 << (_HIT_SHIFT + 26)
#: KEY_STEP[die][source][hit]: what a step adds to the key (as STEPS_BY_DIE, and typed as it,
#: but for its ints: see :data:`KeyInt`)
KEY_STEP: Final[tuple[tuple[tuple[KeyInt, ...], ...], ...]] = tuple(
    tuple(
        (
            KEY_BIT[max(p - d, 0)] - KEY_BIT[p],
            KEY_BIT[max(p - d, 0)] - KEY_BIT[p] + HIT_BIT[max(p - d, 0)],
        )
        for p in range(26)
    )
    for d in range(7)
)


def board_key(me: Sequence[int], hits: int = 0) -> int:
    """The key of a mover's board: counts ``me[0..25]`` (off, points, bar) and
    the bit set ``hits`` of points where it hit a blot.

    >>> key = board_key([0] + [0] * 23 + [15, 0])
    >>> key_board(key)[24], key_hits(key)
    (15, frozenset())
    """
    return int.from_bytes(bytes(me), "little") | hits << _HIT_SHIFT


#: a key's bytes: the 26 counts, then the hit bits and the tag (TAG_BIT is the highest bit)
_KEY_BYTES: Final = 30
#: the 24 point counts at the start of a key's bytes (the byte of borne-off checkers skipped)
_points_of: Final = Struct("x24B").unpack_from
#: builds the plays and positions of a search from the tuples of their fields, without
#: a Python ``__new__`` (they are valid by construction; core.make_play and
#: core.make_position do the same)
_tuple_new: Final = tuple.__new__
#: int.from_bytes, bound once (the interpreter looks up and binds a class method at each call)
_from_bytes: Final = int.from_bytes
_BOARD_MASK: Final = (1 << 208) - 1
_HITS_MASK: Final = (1 << 25) - 2


def _mover_key(pos: Position) -> int:
    """The key of the board of the player to move in ``pos``, its counts read from
    the position's fields without a call per side."""
    if pos.turn == _WHITE:
        mine, bar = pos.white, pos.white_bar
    else:
        mine, bar = pos.black, pos.black_bar
    # board_key((off, *mine, bar)) without building the counts: the points' bytes go
    # above the byte of the checkers off, the bar's byte above them
    return _from_bytes(bytes(mine), "little") << 8 | (CHECKERS - sum(mine) - bar) | bar << _BAR_SHIFT


def key_points(key: int) -> tuple[int, ...]:
    """The mover's 24 point counts (point 1 first) of a board key.

    Each count is one byte of the key, so the counts are read in one go.

    >>> key_points(board_key([0, 2] + [0] * 22 + [13, 0]))[:2], key_points(board_key([0] * 24 + [15, 0]))[23]
    ((2, 0), 15)
    """
    return _points_of(key.to_bytes(_KEY_BYTES, "little"))


def _unhit(key: int, theirs: tuple[int, ...], their_bar: int) -> tuple[tuple[int, ...], int]:
    """The opponent's points (its own numbering) and bar after the hits of a board key."""
    points = list(theirs)
    hits = key >> _HIT_SHIFT & _HITS_MASK
    while hits:  # each point hit: mover point t is the opponent's 25 - t
        low = hits & -hits
        points[25 - low.bit_length()] -= 1
        hits ^= low
        their_bar += 1
    return tuple(points), their_bar


def key_board(key: int) -> list[int]:
    """The mover's counts (off, points 1..24, bar) of a board key."""
    return list((key & _BOARD_MASK).to_bytes(26, "little"))


def key_hits(key: int) -> frozenset[int]:
    """The mover's points where the play of this key hit a blot."""
    mask = key >> _HIT_SHIFT
    return frozenset(t for t in range(1, 25) if mask >> t & 1)


# --------------------------------------------------------------------------- the state


class Question:
    """What a walk or a probe asks, and what it found out (its bookkeeping)."""

    __slots__ = (
        "script",
        "any_order",
        "refusal",
        "refused_by",
        "refused_at",
        "refused_step",
        "explain_end",
        "end_refused",
        "end_is_preference",
        "goal",
        "live",
        "reached",
        "goal_best",
        "goal_plays",
        "goal_big",
        "live_keys",
        "known_live",
    )

    def __init__(self, script: tuple[Step, ...] = ()) -> None:
        self.script = script
        self.any_order = False
        self.refusal = 0
        self.refused_by: Constraint | None = None
        self.refused_at = -1
        self.refused_step: Step | None = None
        self.explain_end = False
        self.end_refused: Constraint | None = None
        self.end_is_preference = False
        self.goal: Found | None = None
        self.live: list[Step] = []
        self.reached = False
        self.goal_best = -1
        self.goal_plays: dict[int, tuple[Step, ...]] = {}
        self.goal_big = False
        self.live_keys: dict[Step, int] = {}
        self.known_live: set[Step] | None = None


#: the question of a generation or a count: none (never written to)
_NO_QUESTION: Final = Question()

# search modes
GENERATE: Final = 0
WALK: Final = 1
PROBE: Final = 2
COUNT: Final = 3


class SearchState:
    """The board while the search explores one play, seen from the player to move.

    This is what :class:`Constraint` hooks receive. It is mutable scratch
    state of one search: read it, never keep it.

    * ``me``: the mover's checkers, ``me[p]`` on its point ``p`` (1..24),
      ``me[OFF]`` (0) borne off, ``me[BAR]`` (25) on the bar.
    * ``occupied``: the mover's points that hold a checker, as a bit set (bit
      ``p`` for point ``p``); cheaper to test than ``me`` for many rules.
    * ``closed``: how many opposing checkers close a point to the mover
      (RULES.md 2.1): two in the short family, one in the long family.
    * ``op``: the opponent's checkers on the mover's points, ``op[p]`` for the
      mover's point ``p`` (1..24), ``op[BAR]`` on the opponent's bar.
    * ``marked``, ``frozen``: per point, how many of the mover's checkers there
      carry a mark in this play (see :meth:`Constraint.mark_after`); ``None``
      when the ruleset marks nothing. ``marks``: how many carry one in all.
    * ``start``: the position the play starts from; ``start_me`` and
      ``start_op`` are ``me`` and ``op`` at the start; ``start_far``: how many
      of the mover's checkers were on the bar or outside its home then.
    * ``values``: the dice values of the play (a double: four);
      ``context``: the kind of play (:class:`~nardy.PlayContext`);
      ``head_limit``: how many checkers may leave the head (``None``: any).
    * ``block_mask`` (Long's six-block rule), ``trap_mask`` and
      ``trap_at_start`` (Fevga's trap rule): what those rules work out once per
      play in :meth:`Constraint.begin`.
    """

    __slots__ = (
        "me",
        "op",
        "occupied",
        "closed",
        "marked",
        "frozen",
        "marks",
        "start",
        "_start_counts",
        "start_key",
        "start_far",
        "values",
        "context",
        "head_limit",
        "block_mask",
        "trap_mask",
        "trap_at_start",
        # the search's own bookkeeping
        "n",
        "value_order",
        "mode",
        "equal_prune",
        "two_prune",
        "leaf_plain",
        "leaf_inline",
        "last_two_by_bits",
        "firsts",
        "best",
        "found",
        "path",
        "seen",
        "script_len",
        "q",
        "memo",
        "preferred",
        "require_preferred",
        "split_home",
        "ends",
        "end_check",
        "movers",
        "markers_on",
        "steppers",
        "preferrers",
        "eager_marks",
        "eager_checks",
        "fixed",
    )

    def __init__(
        self,
        pos: Position,
        values: tuple[int, ...],
        context: PlayContext,
        head_limit: int | None,
    ) -> None:
        # the sides, as _mover_sides reads them
        family: str
        mine: tuple[int, ...]
        theirs: tuple[int, ...]
        bar: int
        their_bar: int
        family, mine, theirs, bar, their_bar, turn, _, _ = pos  # its fields, in order: White's first
        if turn is not _WHITE:
            mine, theirs, bar, their_bar = theirs, mine, their_bar, bar
        if _COMPILED:
            start = _start_by_loops(family, mine, theirs, bar, their_bar)
        else:
            start = _start_by_builtins(family, mine, theirs, bar, their_bar)
        self.me, self.op, self.start_far, self.occupied, self.start_key = start
        self._start_counts: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.closed = SHORT_CLOSED if family == "short" else LONG_CLOSED
        self.marked: list[int] | None = None
        self.frozen: list[int] | None = None
        self.marks = 0
        self.start = pos
        self.values = values
        self.context = context
        self.head_limit = head_limit
        self.block_mask = 0
        self.trap_mask = 0
        self.trap_at_start = False
        n = self.n = len(values)
        #: the indexes of ``values`` worth trying at each depth, ``value_order[depth]``
        #: (with equal values only the next one, as any other gives the same steps)
        self.value_order = _EQUAL_ORDER if n and values[0] == values[-1] else _ANY_ORDER[n]
        self.mode = GENERATE
        self.equal_prune = False
        self.two_prune = False
        self.leaf_plain = False
        self.leaf_inline = False
        self.last_two_by_bits = False
        #: the candidates of the greatest length so far (when asked), by their first
        #: step, then their second (``None`` for a one-step candidate), to their key
        self.firsts: dict[Step, dict[Step | None, int]] | None = None
        self.best = -1
        self.found: dict[KeyInt, tuple[Step, ...]] = {}
        self.path: list[Step] = []
        self.seen: set[tuple[int, ...]] | None = None
        self.script_len = 0
        self.q = _NO_QUESTION
        self.memo: dict[tuple[int, ...], bool] | None = None
        self.preferred: set[int] | None = None
        self.require_preferred = False
        self.split_home = False
        # the hooks of the constraints active in this play
        self.ends: tuple[Constraint, ...] = ()
        #: the end-of-play check, the one end constraint's or all of them
        self.end_check: Callable[[SearchState], bool] = _all_ends_ok
        self.movers: tuple[Constraint, ...] = ()
        self.markers_on: tuple[Constraint, ...] = ()
        self.steppers: tuple[Constraint, ...] = ()
        self.preferrers: tuple[Constraint, ...] = ()
        # call mark_after / step_ok for every step, not only for hits and marked checkers
        self.eager_marks = False
        self.eager_checks = False
        #: what stays the same through one search, read by each node at once
        #: (set by ``Kernel._fixed``; its fields are named at ``Fixed``)
        self.fixed: Fixed | None = None

    @property
    def start_me(self) -> tuple[int, ...]:
        """``me`` at the start of the play."""
        return self._counts_at_start()[0]

    @property
    def start_op(self) -> tuple[int, ...]:
        """``op`` at the start of the play."""
        return self._counts_at_start()[1]

    def _counts_at_start(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``start_me`` and ``start_op``, worked out when a rule first reads one."""
        counts = self._start_counts
        if counts is None:
            me, op, _, _, _ = _start_by_builtins(*_mover_sides(self.start))
            counts = self._start_counts = (tuple(me), tuple(op))
        return counts

    @property
    def hits(self) -> frozenset[int]:
        """The mover's points where it hit a blot so far in this play."""
        return frozenset(t for t in range(1, 25) if self.op[t] == 0 and self.start_op[t] == 1)

    @property
    def opp_off(self) -> int:
        """The opponent's checkers borne off."""
        return CHECKERS - sum(self.op[1:26])


#: whether this module runs compiled (mypyc): a search starts with _start_by_loops then
_COMPILED: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))

#: what a search starts from: ``me``, ``op``, ``start_far``, ``occupied`` and ``start_key``
#: of :class:`SearchState`
StartCounts = tuple[list[int], list[int], int, int, int]


def _mover_sides(pos: Position) -> tuple[str, tuple[int, ...], tuple[int, ...], int, int]:
    """``pos``'s family, the mover's points, the opponent's points (each in its
    own numbering), the mover's bar and the opponent's bar."""
    family: str
    white: tuple[int, ...]
    black: tuple[int, ...]
    white_bar: int
    black_bar: int
    family, white, black, white_bar, black_bar, turn, _, _ = pos  # its fields, in order
    if turn is _WHITE:
        return family, white, black, white_bar, black_bar
    return family, black, white, black_bar, white_bar


def _start_by_builtins(
    family: str, mine: tuple[int, ...], theirs: tuple[int, ...], bar: int, their_bar: int
) -> StartCounts:
    """What a search starts from (:data:`StartCounts`), given the sides as
    :func:`_mover_sides` reads them, with the loops over the points left to C
    builtins: the interpreter's way.

    :func:`_start_by_loops` gives the same in loops, which compiled code runs
    in half the time of these calls and the interpreter in a quarter more
    (in instructions of a search's start): each build takes its own, and the
    tests of both builds compare the two.
    """
    far = sum(mine[6:]) + bar
    me = [CHECKERS - sum(mine[:6]) - far, *mine, bar]
    if family == "short":
        op = [0, *theirs[::-1], their_bar]
    else:
        op = [0, *theirs[12:], *theirs[:12], 0]
    counts = bytes(me)
    # a point's bit for each non-zero count: the counts as binary digits, point 24 first
    occupied = int(counts[24:0:-1].translate(_BINARY_DIGIT), 2) << 1
    return me, op, far, occupied, _from_bytes(counts, "little")  # the key: board_key(me)


def _start_by_loops(
    family: str, mine: tuple[int, ...], theirs: tuple[int, ...], bar: int, their_bar: int
) -> StartCounts:
    """:func:`_start_by_builtins` in loops over the points: the compiled build's way."""
    me = [0, *mine, bar]
    far = bar
    home = 0
    occupied = 0
    for i, c in enumerate(mine):
        if c:
            occupied |= 2 << i  # point i + 1
            if i < 6:
                home += c
            else:
                far += c
    me[OFF] = CHECKERS - home - far
    op = [0] * 26
    if family == "short":
        op[BAR] = their_bar
        for i, c in enumerate(theirs):
            if c:
                op[24 - i] = c  # the opponent's point i + 1 is the mover's 24 - i
    else:
        for i, c in enumerate(theirs):
            if c:
                op[i - 11 if i >= 12 else i + 13] = c  # the point across the board
    return me, op, far, occupied, int.from_bytes(bytes(me), "little")


#: SearchState.fixed, in this order (Kernel._fixed builds it, Kernel.dfs unpacks it)
Fixed = tuple[
    list[int],  # op
    tuple[int, ...],  # values
    list[Step],  # path
    int,  # n
    int,  # mode
    bool,  # hitting
    bool,  # home_moves
    bool,  # marking
    tuple["Constraint", ...],  # steppers
    bool,  # eager_marks
    bool,  # eager_checks
    int | None,  # head_limit
    bool,  # two_prune
    bool,  # split_home
    dict[Step, dict[Step | None, int]] | None,  # firsts
    bool,  # equal_prune
    bool,  # leaf_plain
    bool,  # leaf_inline
    tuple["Constraint", ...],  # movers
    tuple["Constraint", ...],  # ends
]

_EQUAL_ORDER: Final = ((0,), (1,), (2,), (3,), ())
_ANY_ORDER: Final = tuple((tuple(range(n)),) * (n + 1) for n in range(5))

#: what Kernel._last_two reads for a first step of value d and a last step of value e:
#: _VALUE_TABLES[d][e] = (_STEPS[d], KEY_STEP[d], _HOMING[d], _STEPS[e], KEY_STEP[e], the bits
#: of points 1..e, all other bits, the bits of points 1..e-1)
ValueTables = tuple[
    tuple[tuple[Step, ...], ...],
    tuple[tuple[KeyInt, ...], ...],
    tuple[int, ...],
    tuple[tuple[Step, ...], ...],
    tuple[tuple[KeyInt, ...], ...],
    int,
    int,
    int,
]
_VALUE_TABLES: Final[tuple[tuple[ValueTables, ...], ...]] = tuple(
    tuple(
        (_STEPS[d], KEY_STEP[d], _HOMING[d], _STEPS[e], KEY_STEP[e], _UP_TO[e], ~_UP_TO[e], _UP_TO[max(e - 1, 0)])
        for e in range(7)
    )
    for d in range(7)
)


_PLAIN: Final[tuple[int, ...]] = (UNMARKED,)
_BOTH: Final[tuple[int, ...]] = (UNMARKED, MARKED)
_MARKED_ONLY: Final[tuple[int, ...]] = (MARKED,)


@mypyc_attr(allow_interpreted_subclasses=True)
class Constraint:
    """One rule of a ruleset that constrains steps or plays: the extension point.

    A ruleset lists its constraints (:meth:`nardy.RuleSet.constraints`); the
    search calls each hook a constraint overrides, and no other. Every hook
    receives the :class:`SearchState`. Override only what the rule needs:

    ===================  ==============================================================
    hook                 called
    ===================  ==============================================================
    ``begin``            once per play, before the search (precompute from the start)
    ``movable``          before each step: the points that may move now (a bit set;
                         bit ``p`` for point ``p``, bit 25 for the bar)
    ``mark_after``       after each step: the mark the moved checker carries
    ``step_ok``          after each step: may the play go through this position?
    ``end_ok``           at the end of a candidate: is the final position admissible
                         (RULES.md 2.2)? It may read only the final and start boards.
    ``prefers``          at the end of a candidate: a preference filter (2.5)
    ===================  ==============================================================

    ``text`` states the rule; it is the message when the rule refuses a step or
    a play, so write it as the rule a player would quote.
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
    #: the equal-values shortcut stays exact with this rule (module docstring):
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

    def begin(self, state: SearchState) -> bool:
        """Precompute what the rule needs from the start of the play. Return
        False when the rule cannot refuse anything in this play: the search
        then leaves it out (a speed-up, never a change of result)."""
        return True

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


def _calls(constraint: Constraint, hook: str) -> bool:
    """Whether the search must call ``hook`` of ``constraint``."""
    return getattr(type(constraint), hook) is not getattr(Constraint, hook) and constraint.uses(hook)


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


# --------------------------------------------------------------------------- refusals

#: why the search refused a walked step: a code, turned into text by Refusal.text
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
        code, step = self.code, self.step
        p, d, t = step.source, step.die, max(step.source - step.die, 0)
        if code == NO_DIE:
            return f"no die {d} left to play"
        if code == NO_POINT:
            return "no such point"
        if code == BAR_FIRST:
            return "a checker on the bar must enter first"
        if code == NO_CHECKER:
            return f"no checker of the mover on {'bar' if p == BAR else p}"
        if code == HEAD:
            n = self.head_limit
            return f"the head may release only {n} checker{'s' if n != 1 else ''} per play"
        if code == HELD:
            return f"point {t} is held by the opponent"
        if code == CLOSED:
            return f"point {t} is closed (two or more opposing checkers)"
        if code == HOME_MOVES:
            return "once all checkers are home every step must bear off"
        if code == NOT_HOME:
            return "a checker may be borne off only when all the mover's checkers are home"
        if code == EXACT:
            return "a checker may be borne off only with the exact number"
        if code == HIGHER:
            return f"a {d} may bear off from {p} only when no checker stands higher"
        if code == TURN_START:
            return f"a {d} may bear off from {p} only if no checker stood on {d} or higher at the start"
        if code == CONSTRAINT and self.constraint is not None:
            return self.constraint.text
        return "this step cannot be played here"


class Found:
    """The legal plays of one position and dice: the result of one generation.

    ``plays`` maps each resulting board (its key, :func:`board_key`) to one
    legal step order; ``best`` is the number of steps every legal play uses
    (``M`` of RULES.md 2.3); ``big_only`` says that the larger-die rule (2.4)
    applied.
    """

    __slots__ = (
        "pos",
        "values",
        "context",
        "head_limit",
        "plays",
        "best",
        "big_only",
        "split_home",
        "memo",
        "prepared",
        "_nexts",
        "_wholes",
        "firsts",
    )

    def __init__(
        self,
        pos: Position,
        values: tuple[int, ...],
        context: PlayContext,
        head_limit: int | None,
        plays: dict[KeyInt, tuple[Step, ...]],
        best: int,
        big_only: bool,
        split_home: bool,
    ) -> None:
        self.pos = pos
        self.values = values
        self.context = context
        self.head_limit = head_limit
        self.plays = plays
        self.best = best
        self.big_only = big_only
        self.split_home = split_home
        #: the probe's memo, shared by the step-by-step questions about these plays
        self.memo: dict[tuple[int, ...], bool] | None = None
        #: what the constraints' ``begin`` worked out for this play (reused by walks)
        self.prepared: SearchState | None = None
        # the answers already given (made when step-by-step input first asks)
        self._nexts: dict[tuple[Step, ...], tuple[Step, ...]] | None = None
        self._wholes: dict[tuple[Step, ...], int] | None = None
        #: first steps known to begin a legal play (noted during generation, if asked)
        self.firsts: set[Step] | None = None

    @property
    def nexts(self) -> dict[tuple[Step, ...], tuple[Step, ...]]:
        """Answers already given (step-by-step input): the steps that may follow a prefix."""
        nexts = self._nexts
        if nexts is None:
            nexts = self._nexts = {}
        return nexts

    @property
    def wholes(self) -> dict[tuple[Step, ...], int]:
        """The board keys of whole legal plays met on the way, by their steps."""
        wholes = self._wholes
        if wholes is None:
            wholes = self._wholes = {}
        return wholes

    def __reduce__(self) -> tuple[type[Found], tuple[object, ...]]:
        """Pickled and copied as the plays it found (the caches start empty again)."""
        return Found, (
            self.pos, self.values, self.context, self.head_limit, self.plays, self.best, self.big_only, self.split_home
        )


# --------------------------------------------------------------------------- the kernel


@mypyc_attr(allow_interpreted_subclasses=True)
class Kernel:
    """The search of one ruleset: its board rules, bear-off options and constraints.

    Built once per ruleset; stateless between calls (every call makes its own
    :class:`SearchState`), so one kernel serves many threads.
    """

    def __init__(self, family: str, bearoff: BearOffRule, constraints: Sequence[Constraint]) -> None:
        self.hitting = family == "short"
        self.exact_only = bearoff.exact_only
        self.home_moves = bearoff.home_moves
        self.overshoot_start = bearoff.overshoot_start
        cs = tuple(constraints)
        self.constraints = cs
        self.beginners = tuple(c for c in cs if _calls(c, "begin"))
        self.movers = tuple(c for c in cs if _calls(c, "movable"))
        self.markers = tuple(c for c in cs if _calls(c, "mark_after"))
        self.steppers = tuple(c for c in cs if _calls(c, "step_ok"))
        self.enders = tuple(c for c in cs if _calls(c, "end_ok"))
        self.preferrers = tuple(c for c in cs if _calls(c, "prefers"))
        per_step = bool(self.movers or self.markers or self.steppers)
        #: no rule of this ruleset ever depends on the order of the steps (plays
        #: are then written in gnubg's order; shortcuts() decides per play)
        self.order_free = self.home_moves and not per_step
        #: whether a mover closed out on the bar (_closed_out) may pass without a
        #: search: only the short family has a bar, constraints only forbid steps,
        #: and no end-of-play rule or preference of this ruleset could refuse
        #: the empty play
        self.closed_out_exact = self.hitting and not self.enders and not self.preferrers
        #: the active hooks for each set of resting constraints (see state())
        self._hooks: dict[int, tuple[tuple[Constraint, ...], ...]] = {}

    # -- entry points ---------------------------------------------------------

    def state(
        self, pos: Position, values: tuple[int, ...], context: PlayContext, head_limit: int | None
    ) -> SearchState:
        """A fresh search state at the start of a play, with the constraints' ``begin``
        run and the hooks of the constraints active in this play selected."""
        s = SearchState(pos, values, context, head_limit)
        if not self.constraints:
            return s
        idle = 0  # bit i: the i-th constraint with a begin() rests in this play
        bit = 1
        for c in self.beginners:
            if not c.begin(s):
                idle |= bit
            bit <<= 1
        hooks = self._hooks.get(idle)
        if hooks is None:
            hooks = self._hooks[idle] = self._active_hooks(idle)
        s.movers, s.markers_on, s.steppers, s.ends, s.preferrers = hooks
        if s.markers_on:
            s.marked = [0] * 26
            s.frozen = [0] * 26
        if len(s.ends) == 1:
            s.end_check = s.ends[0].end_ok
        # hooks that only concern hits and marked checkers are spared the rest
        s.eager_marks = not all(c.marks_hits_only for c in s.markers_on)
        s.eager_checks = not all(c.checks_marked_only for c in s.steppers)
        return s

    def _active_hooks(self, idle: int) -> tuple[tuple[Constraint, ...], ...]:
        """The hooks to call when the beginners in bit set ``idle`` rest."""
        resting = [c for i, c in enumerate(self.beginners) if idle >> i & 1]
        return tuple(
            tuple(c for c in hooks if c not in resting)
            for hooks in (self.movers, self.markers, self.steppers, self.enders, self.preferrers)
        )

    def shortcuts(self, s: SearchState, prune: bool) -> None:
        """Switch on the shortcuts that are exact for this search (module docstring).

        They are exact when no rule can make the order of the steps matter in
        this play: no constraint that moves, marks or checks step by step is
        active (one that rests in this play, its ``begin`` said so, does not
        count); the two-values shortcut also with rules that bear only on the
        steps of a checker after its hit (Caucasian marks), and the equal-values
        shortcut also with rules that keep it exact (``Constraint.sorts_equal_values``:
        Caucasian marks, the Tavla rule). With ``home_moves_after_all_home=False`` the order matters only
        if the last checker can come home during the play: not when all are
        home already, nor when more checkers are outside home than there are
        steps. The same holds when plays are told apart by whether the last
        checker came home on the fourth step (``split_home``).
        """
        n = s.n
        values = s.values
        equal = n > 1 and values[0] == values[-1]
        exact = not (s.movers or s.markers_on or s.steppers)
        # a rule that marks only hitters and checks only marked checkers bears on a
        # checker's steps after its hit: with two values that is its own next
        # step, which the two-values shortcut always tries
        pairs = exact or (
            not s.movers
            and all(c.marks_hits_only for c in s.markers_on)
            and all(c.checks_marked_only for c in s.steppers)
        )
        # equal values from high sources to low, and a marked checker onto the point
        # the step before it left (module docstring)
        sorted_ok = exact or (
            not s.movers
            and all(c.sorts_equal_values for c in s.markers_on)
            and all(c.sorts_equal_values for c in s.steppers)
        )
        if (pairs or sorted_ok) and (not self.home_moves or s.split_home):
            far = s.start_far
            home_fixed = far == 0 or far > n  # no step of this play can bring the last checker home
            pairs = pairs and home_fixed
            sorted_ok = sorted_ok and home_fixed
        s.equal_prune = prune and sorted_ok and equal
        s.two_prune = prune and pairs and n == 2 and not equal
        if equal and not s.equal_prune:
            s.seen = set()  # equal values in any order: each state once

    def generate(
        self,
        pos: Position,
        values: tuple[int, ...],
        context: PlayContext,
        head_limit: int | None,
        split_home: bool = False,
        prune: bool = True,
        note_firsts: bool = False,
    ) -> Found:
        """Every legal play of ``values`` in ``pos`` (RULES.md 2.2-2.5).

        ``split_home`` keeps apart plays that differ only in whether the last
        checker came home on the fourth step (Crazy Gulbar, RULES.md 4.8);
        ``prune=False`` searches without the shortcuts (for tests).
        """
        if (
            prune
            and self.closed_out_exact
            and not note_firsts
            and (pos.white_bar if pos.turn == _WHITE else pos.black_bar)  # on the bar: worth a look
            and self._closed_out(pos, values)
        ):
            # no step at all: the only play is the empty one, with no search (step-by-step
            # input, note_firsts, takes the search, which also notes what it needs)
            return Found(pos, values, context, head_limit, {_mover_key(pos): ()}, 0, False, split_home)
        if self.preferrers and any(c.prefer_before_max_dice for c in self.preferrers):
            # a preference applied before the maximum-dice rule: candidates that
            # satisfy it are the only admissible ones, if there are any
            s = self._run(pos, values, context, head_limit, split_home, prune, True, note_firsts)
            if s.found:
                return self._finish(s, split_home)
        s = self._run(pos, values, context, head_limit, split_home, prune, False, note_firsts)
        return self._finish(s, split_home)

    def count(self, pos: Position, values: tuple[int, ...], context: PlayContext, head_limit: int | None) -> int:
        """The largest number of values that can be played (``M`` of RULES.md 2.3)."""
        s = self.state(pos, values, context, head_limit)
        s.mode = COUNT
        self.shortcuts(s, False)
        self._start(s)
        return s.best

    def walk(
        self, found: Found, steps: Sequence[Step], *, any_order: bool = False
    ) -> tuple[int | None, tuple[Step, ...], Refusal | None]:
        """Play ``steps`` (in this order, or in any order) from the start of ``found``.

        Returns ``(key, steps as played, None)`` when every step can be played
        (the key of the board reached; the steps carry their hit flags), else
        ``(None, (), refusal)`` for the step refused on the way that got furthest.
        """
        s = self._scripted(found, steps, WALK)
        s.q.any_order = any_order
        if self._start(s):
            key, path = next(iter(s.found.items()))
            return key, path, None
        step = s.q.refused_step if s.q.refused_step is not None else steps[-1]
        return None, (), Refusal(s.q.refusal or STUCK, step, s.q.refused_by, found.head_limit)

    def probe(
        self, found: Found, prefix: Sequence[Step]
    ) -> tuple[tuple[Step, ...], Refusal | None, bool]:
        """The steps that may follow ``prefix``: those after which the play can
        still be completed into one of ``found``'s legal plays (RULES.md 1.5).

        Returns ``(steps, None, complete)``, where ``complete`` says that
        ``prefix`` is itself a whole legal play (nothing may follow it), or
        ``((), refusal, False)`` when a step of ``prefix`` cannot be played.
        """
        prefix = tuple(prefix)
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
        s = self._scripted(found, prefix, PROBE)
        if not prefix:
            s.q.known_live = found.firsts
        s.q.goal = found
        s.q.goal_best = found.best
        s.q.goal_plays = found.plays
        s.q.goal_big = found.big_only
        if found.memo is None:
            found.memo = {}
        s.memo = found.memo
        self._start(s)
        if not s.q.reached:
            step = s.q.refused_step if s.q.refused_step is not None else prefix[-1]
            return (), Refusal(s.q.refusal or STUCK, step, s.q.refused_by, found.head_limit), False
        live = tuple(s.q.live)
        found.nexts[prefix] = live
        if len(prefix) + 1 == found.best:
            for step, key in s.q.live_keys.items():
                found.wholes[(*prefix, step)] = key
        return live, None, False

    def whole(self, found: Found, steps: Sequence[Step]) -> int | None:
        """The board key of ``steps`` if they are a whole legal play, played in
        this order (``None`` otherwise)."""
        steps = tuple(steps)
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
        """Whether ``steps``, walked to board ``key``, are a whole legal play
        (the larger-die rule included)."""
        if len(steps) != found.best or key not in found.plays:
            return False
        return not (found.big_only and len(steps) == 1 and steps[0].die != found.values[0])

    def play_refusal(self, found: Found, steps: Sequence[Step]) -> str:
        """Why ``steps``, each legal, do not make a legal play: the end-of-play
        rule or preference their final board breaks ("" if none)."""
        s = self._scripted(found, steps, WALK)
        s.q.explain_end = True
        if not self._start(s) or s.q.end_refused is None:
            return ""
        if s.q.end_is_preference:
            return s.q.end_refused.prefer_text
        return s.q.end_refused.text

    # -- results -----------------------------------------------------------------

    @staticmethod
    def plays(found: Found, ordered: bool) -> tuple[Play, ...]:
        """One :class:`~nardy.Play` per legal play of ``found``, each built from the
        tuple of its fields, as :func:`~nardy.core.make_play` builds it, without a
        call per play."""
        plays = found.plays
        pos, values = found.pos, found.values
        count = len(plays)
        if count == 1:  # a forced play or a pass, the commonest count: its one play, without a list
            for key, steps in plays.items():
                return (_tuple_new(_PLAY, (steps, values, pos, key, ordered)),)
        if count < 6:  # a few: starting the iterators below would cost more
            return tuple([_tuple_new(_PLAY, (steps, values, pos, key, ordered)) for key, steps in plays.items()])
        # many: map and zip run the loop in C (zip builds each play's tuple of fields)
        fields = zip(plays.values(), repeat(values), repeat(pos), plays, repeat(ordered))
        return tuple(map(_tuple_new, repeat(_PLAY), fields))

    @staticmethod
    def position_after(pos: Position, key: int, turn: Player, moved: bool) -> Position:
        """The position a board key of ``pos`` describes, with the turn and first-play flag
        given (built from its fields, as :meth:`positions_after` builds them)."""
        raw = key.to_bytes(_KEY_BYTES, "little")
        mine = _points_of(raw)  # key_points(key)
        bar = raw[25]  # the bar's count
        mover_is_white = pos.turn == _WHITE
        if mover_is_white:
            other, other_bar = pos.black, pos.black_bar
        else:
            other, other_bar = pos.white, pos.white_bar
        if key >> _HIT_SHIFT & _HITS_MASK:
            other, other_bar = _unhit(key, other, other_bar)
        if mover_is_white:
            return _tuple_new(
                _POSITION, (pos.family, mine, other, bar, other_bar, turn, pos.white_moved or moved, pos.black_moved)
            )
        return _tuple_new(
            _POSITION, (pos.family, other, mine, other_bar, bar, turn, pos.white_moved, pos.black_moved or moved)
        )

    @staticmethod
    def positions_after(pos: Position, keys: Sequence[int], turn: Player, moved: bool) -> list[Position]:
        """The positions the board keys of ``pos`` describe, with the turn and
        first-play flag given (one call for all the results of a search).

        They are valid by construction and built from the tuple of their fields,
        as :func:`~nardy.core.make_position` builds them, without a call per
        position.
        """
        family = pos.family
        mover_is_white = pos.turn == _WHITE
        if mover_is_white:
            theirs, obar = pos.black, pos.black_bar
            white_moved, black_moved = pos.white_moved or moved, pos.black_moved
        else:
            theirs, obar = pos.white, pos.white_bar
            white_moved, black_moved = pos.white_moved, pos.black_moved or moved
        # the opponent's side after each set of hits (many results share one)
        unhit: dict[int, tuple[tuple[int, ...], int]] = {0: (theirs, obar)}
        out: list[Position] = []
        for key in keys:
            raw = key.to_bytes(_KEY_BYTES, "little")
            mine = _points_of(raw)  # key_points(key)
            bar = raw[25]  # the bar's count
            hits = key >> _HIT_SHIFT  # the hit points (and Crazy Gulbar's tag)
            if hits:
                hits &= _HITS_MASK
                after_hits = unhit.get(hits)
                if after_hits is None:
                    after_hits = unhit[hits] = _unhit(key, theirs, obar)
                other, other_bar = after_hits
            else:
                other, other_bar = theirs, obar
            if mover_is_white:
                position = _tuple_new(_POSITION, (family, mine, other, bar, other_bar, turn, white_moved, black_moved))
            else:
                position = _tuple_new(_POSITION, (family, other, mine, other_bar, bar, turn, white_moved, black_moved))
            out.append(position)
        return out

    # -- internals --------------------------------------------------------------

    def _scripted(self, found: Found, steps: Sequence[Step], mode: int) -> SearchState:
        prepared = found.prepared
        if prepared is None or not self.constraints:
            s = self.state(found.pos, found.values, found.context, found.head_limit)
        else:  # what begin() worked out for this play: no need to run it again
            s = SearchState(found.pos, found.values, found.context, found.head_limit)
            s.movers, s.markers_on, s.steppers = prepared.movers, prepared.markers_on, prepared.steppers
            s.ends, s.preferrers, s.end_check = prepared.ends, prepared.preferrers, prepared.end_check
            s.eager_marks, s.eager_checks = prepared.eager_marks, prepared.eager_checks
            s.block_mask, s.trap_mask, s.trap_at_start = prepared.block_mask, prepared.trap_mask, prepared.trap_at_start
            if s.markers_on:
                s.marked = [0] * 26
                s.frozen = [0] * 26
        s.mode = mode
        s.split_home = found.split_home
        s.q = Question(tuple(steps))
        s.script_len = len(steps)
        return s

    def _run(
        self,
        pos: Position,
        values: tuple[int, ...],
        context: PlayContext,
        head_limit: int | None,
        split_home: bool,
        prune: bool,
        require_preferred: bool,
        note_firsts: bool,
    ) -> SearchState:
        if self.constraints:
            s = self.state(pos, values, context, head_limit)
        else:  # nothing to begin (state())
            s = SearchState(pos, values, context, head_limit)
        s.split_home = split_home
        self.shortcuts(s, prune)
        if note_firsts:
            # every first step is followed by every second one, so that the first
            # steps of the legal plays are all noted (the two-values shortcut
            # would leave some to a probe)
            s.firsts = {}
            s.two_prune = False
        s.require_preferred = require_preferred
        if s.preferrers:
            s.preferred = set()
        # leaves that need neither the board after them nor extra bookkeeping
        s.leaf_plain = not (s.preferrers or s.ends or split_home or s.steppers and s.eager_checks)
        s.leaf_inline = s.preferred is None and not split_home
        # (with marks, only where no checker carries one: see _last_two)
        s.last_two_by_bits = last_two = prune and s.leaf_plain and s.firsts is None
        if last_two and s.n == 2:  # a play of two steps: they are the last two
            self._last_two(s, 0, 0, BAR, s.start_far, 0, s.start_key)
            if s.best < 0:  # no step at all: the empty play is the one candidate (2.2)
                s.best = 0
                s.found = {s.start_key: ()}
        else:
            self._start(s)
        return s

    def _start(self, s: SearchState) -> bool:
        """Search from the start of the play (every search but :meth:`_run`'s plays
        of two steps, which start with :meth:`_last_two`)."""
        return self.dfs(s, 0, 0, BAR, s.start_far, 0, 0, s.start_key)

    def _fixed(self, s: SearchState) -> Fixed:
        """What stays the same through the search of ``s``, as :meth:`dfs` unpacks it
        (built by the first node that needs it)."""
        s.fixed = fixed = (
            s.op,
            s.values,
            s.path,
            s.n,
            s.mode,
            self.hitting,
            self.home_moves,
            s.marked is not None,
            s.steppers,
            s.eager_marks,
            s.eager_checks,
            s.head_limit,
            s.two_prune,
            s.split_home,
            s.firsts,
            s.equal_prune,
            s.leaf_plain,
            s.leaf_inline,
            s.movers,
            s.ends,
        )
        return fixed

    def _finish(self, s: SearchState, split_home: bool) -> Found:
        found = s.found
        best = s.best
        values = s.values
        big_only = False
        # 2.4 larger-die rule: one value used, two different values rolled
        if best == 1 and s.n == 2 and values[0] != values[1]:
            big = values[0]
            with_big: dict[KeyInt, tuple[Step, ...]] = {}  # (a loop: a comprehension is a call in the interpreter)
            for k, v in found.items():
                if v[0].die == big:
                    with_big[k] = v
            if with_big:
                found = with_big
                big_only = True
        noted = s.firsts
        if big_only and noted is not None:
            noted = {f: v for f, v in noted.items() if f.die == values[0]}
        # 2.5 preference filter (after the maximum-dice rule)
        preferred = s.preferred
        if preferred is not None and not s.require_preferred:
            kept = {k: v for k, v in found.items() if k in preferred}
            if kept:
                if len(kept) != len(found):
                    noted = None  # some candidates of the greatest length are not legal
                found = kept
        result = Found(s.start, values, s.context, s.head_limit, found, best, big_only, split_home)
        result.prepared = s
        if noted is not None:
            result.firsts = set(noted)
            if s.n == 2 and 1 <= best <= 2:
                # two values, searched in both orders: these are all the legal orders
                result.nexts[()] = tuple(noted)
                for first, seconds in noted.items():
                    if best == 1:
                        result.wholes[(first,)] = seconds[None]
                        continue
                    result.nexts[(first,)] = tuple(y for y in seconds if y is not None)
                    for second, key in seconds.items():
                        if second is not None:
                            result.wholes[(first, second)] = key
        return result

    def _ends_ok(self, s: SearchState) -> bool:
        for c in s.ends:
            if not c.end_ok(s):
                return False
        return True

    def _prefers(self, s: SearchState) -> bool:
        for c in s.preferrers:
            if not c.prefers(s):
                return False
        return True

    def _leaf(self, s: SearchState, depth: int, key: KeyInt, tail: Step | None) -> bool:
        """A candidate of ``depth`` steps ends on board ``key`` (``s`` is that board);
        record it or check it against the question asked. True: stop searching."""
        mode = s.mode
        if mode == GENERATE:
            if depth >= s.best and (not s.ends or self._ends_ok(s)):
                self._record(s, depth, key, tail)
            return False
        if mode == COUNT:
            if depth > s.best and (not s.ends or self._ends_ok(s)):
                s.best = depth
            return s.best == s.n
        if mode == WALK:
            if depth != s.script_len:
                return False
            s.found = {key: (*s.path, tail) if tail is not None else tuple(s.path)}
            if s.q.explain_end:  # which play-level rule the board breaks, if any
                for c in s.ends:
                    if not c.end_ok(s):
                        s.q.end_refused = c
                        return True
                for c in s.preferrers:
                    if not c.prefers(s):
                        s.q.end_refused = c
                        s.q.end_is_preference = True
                        return True
            return True
        # PROBE: a legal play of the goal reached?
        if depth == s.script_len:
            s.q.reached = True  # the whole prefix could be played
        goal = s.q.goal
        assert goal is not None
        return depth == goal.best and key in goal.plays

    def _record(self, s: SearchState, depth: int, key: KeyInt, tail: Step | None) -> None:
        """Record an admissible candidate of ``depth`` >= ``s.best`` steps (RULES.md 2.2, 2.3)."""
        preferred = s.preferred
        ok = True
        if preferred is not None:
            ok = self._prefers(s)
            if s.require_preferred and not ok:
                return
        firsts = s.firsts
        if depth > s.best:
            s.best = depth
            s.found = {key: (*s.path, tail) if tail is not None else tuple(s.path)}
            if preferred is not None:
                preferred.clear()
            if firsts is not None:
                firsts.clear()
        elif key not in s.found:
            s.found[key] = (*s.path, tail) if tail is not None else tuple(s.path)
        if firsts is not None and depth:
            _note(firsts, s.path, tail, key)
        if preferred is not None and ok:
            preferred.add(key)

    def dfs(
        self, s: SearchState, depth: int, used: int, maxsrc: int, far: int, head: int, skip: int, key: KeyInt
    ) -> bool:
        """Depth-first search over step sequences (RULES.md 2.7). True: stop searching.

        ``used``: bit set of the value indexes played; ``maxsrc``: highest source
        allowed (the equal-values shortcut); ``far``: checkers on the bar or
        outside home; ``head``: steps from the head so far; ``skip``: the
        two-values shortcut's only non-bear-off source at this depth (0: none);
        ``key``: the board's key (:func:`board_key`).
        """
        me = s.me
        fixed = s.fixed
        if fixed is None:
            fixed = self._fixed(s)
        (
            op,
            values,
            path,
            n,
            mode,
            hitting,
            home_moves,
            marking,
            steppers,
            eager_marks,
            eager_checks,
            head_limit,
            two_prune,
            split_home,
            firsts,
            equal_prune,
            leaf_plain,
            leaf_inline,
            movers,
            ends,
        ) = fixed
        # every prefix is a candidate (2.2); in a walk or probe, only past the script
        if mode == GENERATE:
            if depth >= s.best and (not ends or s.end_check(s)):
                if leaf_inline:
                    if depth > s.best:
                        s.best = depth
                        s.found = {key: tuple(path)}
                        if firsts is not None:
                            firsts.clear()
                    elif key not in s.found:
                        s.found[key] = tuple(path)
                    if firsts is not None and depth:
                        _note(firsts, path, None, key)
                else:
                    self._record(s, depth, key, None)
            if depth == n or me[OFF] == CHECKERS:
                return False
            if s.seen is not None:
                seen_key = _node_key(s, key, head, depth)
                if seen_key in s.seen:
                    return False
                s.seen.add(seen_key)
            if me[BAR]:
                srcs: tuple[int, ...] = (BAR,)
            elif skip and far:
                srcs = (skip,)  # the two-values shortcut: no bear-off, so only that checker goes on
            else:
                bits = s.occupied
                if equal_prune and maxsrc < 24:
                    bits &= _UP_TO[maxsrc]
                    if s.marks and not me[maxsrc]:
                        # the step before left its point empty: a marked (not frozen)
                        # checker may follow onto it from above (module docstring)
                        above = maxsrc + values[0]
                        marked_now = s.marked
                        if above <= 24 and marked_now is not None and marked_now[above]:
                            bits |= _BIT_AT[above]
                # _sources(bits), written out on the hot path
                srcs = _HIGH[bits >> 17] + _MIDDLE[bits >> 9 & 255] + _LOW[bits >> 1 & 255]
            pairs: set[tuple[int, int]] | None = None
            why = probe_leaf = False
            noted: dict[Step, int] | None = None
            memo_key: tuple[int, ...] = ()
            last = depth + 1 == n
            plain_leaf = last and leaf_plain
            inline_leaf = last and leaf_inline
        elif mode == PROBE and depth > s.script_len:
            # past the prefix: can this board still become one of the legal plays?
            goal_best = s.q.goal_best
            if depth >= goal_best:
                return depth == goal_best and key in s.q.goal_plays
            memo = s.memo
            assert memo is not None
            memo_key = _node_key(s, key, used, depth)
            known_answer = memo.get(memo_key)
            if known_answer is not None:
                return known_answer
            srcs = (BAR,) if me[BAR] else _sources(s.occupied)
            pairs = None
            why = False
            last = depth + 1 == n
            plain_leaf = inline_leaf = False
            probe_leaf = depth + 1 == goal_best and not steppers
            noted = {} if probe_leaf and depth == s.script_len + 1 else None
        else:
            pairs, srcs, memo_key, noted, known = self._prologue(s, depth, used, head, key)
            if known >= 0:
                return known == 1
            why = depth < s.script_len  # a walked step: remember why it is refused
            last = depth + 1 == n
            plain_leaf = inline_leaf = False
            probe_leaf = mode == PROBE and depth + 1 == s.q.goal_best and not steppers
            if probe_leaf and depth == s.script_len + 1:
                noted = {}  # a probe notes all the last steps after a step it may be asked about
        if movers:
            allowed = ALL_SOURCES
            for c in movers:
                allowed &= c.movable(s)
            if allowed != ALL_SOURCES:
                if why:
                    for p in srcs:
                        if not allowed >> p & 1:
                            self._refuse(s, depth, CONSTRAINT, self._script_step(s, p), self._mover_refusing(s, p))
                srcs = tuple([p for p in srcs if allowed >> p & 1])
        headed = head_limit is not None and head >= head_limit  # no more may leave the head
        if headed and not why:  # nothing to explain: leave the head out of the sources
            if srcs and srcs[0] == 24:
                srcs = srcs[1:]
            headed = False
        pair_prune = two_prune and depth == 0  # the two-values shortcut starts at the root
        to_last_two = s.last_two_by_bits and depth + 3 == n  # the next step starts the last two
        # a probe already knows some of the steps it is asked about to be live
        known_live = s.q.known_live if mode == PROBE and depth == s.script_len else None
        occ = s.occupied
        stop = False
        new_mark = UNMARKED
        tried = 0
        for i in s.value_order[depth]:
            if used >> i & 1:
                continue
            d = values[i]
            if tried >> d & 1:
                continue
            tried |= 1 << d
            steps_d = _STEPS[d]
            keys_d = KEY_STEP[d]
            for p in srcs if pairs is None else [q for q in srcs if (q, d) in pairs]:
                if headed and p == 24:
                    if why:
                        self._refuse(s, depth, HEAD, steps_d[p][False])
                    continue
                t = p - d
                hit = False
                if t >= 1:
                    if skip and p != skip:
                        # two different values: this result is reached with the other value first
                        # (with checkers outside home the sources are only ``skip`` already)
                        continue
                    if op[t]:
                        if op[t] >= s.closed:
                            if why:
                                self._refuse(s, depth, CLOSED if hitting else HELD, steps_d[p][False])
                            continue
                        hit = True  # a blot
                    if not far and not home_moves:
                        if why:
                            self._refuse(s, depth, HOME_MOVES, steps_d[p][False])
                        continue
                else:
                    # bear-off (RULES.md 3)
                    if far:
                        if why:
                            self._refuse(s, depth, NOT_HOME, steps_d[p][False])
                            continue
                        # the sources come from high to low (_sources): every one after
                        # this would bear off too, which is refused while checkers are out
                        break
                    if t < 0:
                        code = self._overshoot_refusal(s, s.occupied, p, d)
                        if code:
                            if why:
                                self._refuse(s, depth, code, steps_d[p][False])
                                continue
                            break  # a later source overshoots too, and is refused as well (below this one)
                    t = 0
                step = steps_d[p][hit]
                nkey = key + keys_d[p][hit]
                if plain_leaf and (
                    not marking or p > 24 or me[p] > s.frozen[p] + (s.marked[p] if steppers else 0)  # type: ignore[index]
                ):
                    # a leaf that needs no board (marks bear on later steps only, and
                    # a checker with no mark can take it): record its key without moving
                    if n >= s.best:
                        if n > s.best:
                            s.best = n
                            s.found = {nkey: (*path, step)}
                            if firsts is not None:
                                firsts.clear()
                        elif nkey not in s.found:
                            s.found[nkey] = (*path, step)
                        if firsts is not None:
                            _note(firsts, path, step, nkey)
                    continue
                if known_live is not None and step in known_live:
                    if step not in s.q.live:
                        s.q.live.append(step)
                    continue
                nfar = far - 1 if p >= 7 and t <= 6 else far
                if split_home and depth == 3 and far and not nfar:
                    nkey += TAG_BIT  # the last checker came home on the fourth step
                if probe_leaf:
                    # the step ends a play of the goal's length: is it one of its plays?
                    if nkey in s.q.goal_plays and (depth or not s.q.goal_big or d == values[0]):
                        if depth == s.script_len:
                            if step not in s.q.live:
                                s.q.live.append(step)
                                s.q.live_keys[step] = nkey
                        elif noted is not None:
                            if step not in noted:
                                noted[step] = nkey
                        else:
                            self._remember(s, memo_key, True)
                            return True
                    continue
                kinds = _PLAIN
                if marking and p <= 24:
                    marked = s.marked
                    frozen = s.frozen
                    assert marked is not None and frozen is not None
                    unmarked = me[p] - marked[p] - frozen[p]
                    if marked[p]:
                        kinds = _BOTH if unmarked > 0 else _MARKED_ONLY
                    elif unmarked <= 0:
                        if why:
                            self._refuse(s, depth, CONSTRAINT, step, self._freezer())
                        continue
                nocc = occ
                if p <= 24 and me[p] == 1:
                    nocc ^= 1 << p
                if t:
                    nocc |= 1 << t
                for mark in kinds:
                    # apply (``x[i] = x[i] - 1``, not ``-=``: mypyc compiles the augmented
                    # form on a list item to generic number calls)
                    me[p] = me[p] - 1
                    if t:
                        me[t] = me[t] + 1
                        if hit:
                            op[t] = 0
                            op[BAR] = op[BAR] + 1
                    else:
                        me[OFF] = me[OFF] + 1
                    s.occupied = nocc
                    if marking:
                        new_mark = self._mark(s, p, t, step, mark) if hit or mark or eager_marks else mark
                    ok = True
                    if steppers and (mark or eager_checks):
                        for c in steppers:
                            if not c.step_ok(s, step, mark):
                                ok = False
                                if why:
                                    self._refuse(s, depth, CONSTRAINT, step, c)
                                break
                    if not ok:
                        pass
                    elif inline_leaf:
                        if n >= s.best and (not ends or s.end_check(s)):
                            if n > s.best:
                                s.best = n
                                s.found = {nkey: (*path, step)}
                                if firsts is not None:
                                    firsts.clear()
                            elif nkey not in s.found:
                                s.found[nkey] = (*path, step)
                            if firsts is not None:
                                _note(firsts, path, step, nkey)
                    elif last and mode == GENERATE:
                        self._leaf(s, n, nkey, step)
                    else:
                        # the two-values shortcut: after the smaller value from p,
                        # only a continuation of this checker or a bear-off is new
                        nskip = t if pair_prune and i and p != BAR and nfar == far else 0
                        path.append(step)
                        if to_last_two and not s.marks:
                            self._last_two(s, depth + 1, used | 1 << i, p, nfar, head + (p == 24), nkey)
                        else:
                            stop = self.dfs(s, depth + 1, used | 1 << i, p, nfar, head + (p == 24), nskip, nkey)
                        path.pop()
                        if stop and mode == PROBE and depth == s.script_len:
                            if step not in s.q.live:
                                s.q.live.append(step)
                            stop = False
                    # undo
                    if marking and (mark or new_mark):
                        self._unmark(s, p, t, mark, new_mark)
                    me[p] = me[p] + 1
                    if t:
                        me[t] = me[t] - 1
                        if hit:
                            op[t] = 1
                            op[BAR] = op[BAR] - 1
                    else:
                        me[OFF] = me[OFF] - 1
                    s.occupied = occ
                    if stop:
                        if memo_key:
                            self._remember(s, memo_key, True)
                        return True
        if noted is not None:
            goal = s.q.goal
            assert goal is not None
            asked = (*s.q.script, *path[s.script_len :])
            goal.nexts[asked] = tuple(noted)
            for step, nkey in noted.items():
                goal.wholes[(*asked, step)] = nkey
            self._remember(s, memo_key, bool(noted))
            return bool(noted)
        if memo_key:
            self._remember(s, memo_key, False)
        return False

    @staticmethod
    def _closed_out(pos: Position, values: tuple[int, ...]) -> bool:
        """Whether the entry point of every value is closed (RULES.md 2.1) to a mover
        with a checker on the bar (callers check the bar): then no step can be made.
        A short-family rule: callers check ``Kernel.closed_out_exact``."""
        theirs = pos.black if pos.turn == _WHITE else pos.white
        for d in values:
            if theirs[d - 1] < SHORT_CLOSED:  # the mover enters on 25 - d, the opponent's own point d
                return False
        return True

    def _overshoot_refusal(self, s: SearchState, occupied: int, p: int, d: int) -> int:
        """Why a bear-off from point ``p`` with a value ``d > p`` is refused (the
        refusal code; RULES.md 3.2 and the options of 3.4), 0 when it is not;
        every checker is home, on the points of the bit set ``occupied``."""
        if self.exact_only:
            return EXACT
        if occupied >> (p + 1):  # only from the highest occupied point
            return HIGHER
        if self.overshoot_start and _stood_at_or_above(s.start_me, d):
            return TURN_START
        return 0

    def _last_two(self, s: SearchState, depth: int, used: int, maxsrc: int, far: int, head: int, key: KeyInt) -> bool:
        """:meth:`dfs` at the last two steps of a play (``depth = n - 2``) in a search
        that generates, where only the board decides those steps
        (``SearchState.last_two_by_bits``, see the module docstring): called
        instead of :meth:`dfs` by :meth:`_run` and by :meth:`dfs` itself.

        Each first step is checked as :meth:`dfs` checks a step, but not made: the
        board after it is described by the occupied bit set and a few counts, and
        the last step is read from those bits, each of its boards recorded from its
        key alone. Always returns False (a generating search never stops early).
        The two-values shortcut's ``skip`` is 0 here: it is set for the last step of
        a two-value play, which this method makes itself. In a ruleset that marks
        checkers it is called only where no checker carries a mark, and a first
        step that may mark its checker is made, with its mark, and leaves the last
        step to :meth:`dfs` (:meth:`_marking_step`). At the start of a play
        (``depth = 0``) it does not record the empty play: :meth:`_run` does,
        if no step could be made.
        """
        me = s.me
        path = s.path
        n = s.n
        if depth and depth >= s.best:  # the prefix itself is a candidate (2.2; the empty play: _run)
            if depth > s.best:
                s.best = depth
                s.found = {key: tuple(path)}
            elif key not in s.found:
                s.found[key] = tuple(path)
        off = me[OFF]
        if off == CHECKERS:
            return False
        seen = s.seen
        if seen is not None:
            seen_key = (key, head, depth)
            if seen_key in seen:
                return False
            seen.add(seen_key)
        occ = s.occupied
        bar = me[BAR]
        equal_prune = s.equal_prune
        if bar:
            bits = _BAR_BIT
        elif equal_prune and maxsrc < 24:
            bits = occ & _UP_TO[maxsrc]
        else:
            bits = occ
        movers = s.movers
        for c in movers:
            bits &= c.movable(s)
        head_limit = s.head_limit
        if head_limit is not None and head >= head_limit:
            bits &= ~_POINT_BITS[23]  # no more may leave the head
        srcs = _HIGH[bits >> 17] + _MIDDLE[bits >> 9 & 255] + _LOW[bits >> 1 & 255]  # (the bar's bit too)
        op = s.op
        values = s.values
        closed = s.closed
        home_moves = self.home_moves
        bit_at = _BIT_AT
        # the two-values shortcut: after the smaller value from p, only a continuation
        # of this checker or a bear-off is new (it starts at the root of a two-value play)
        two_prune = s.two_prune and depth == 0
        pair = depth == 0  # a play of two steps: each is built as a pair
        marking = s.marked is not None  # (no checker carries a mark yet: callers see to it)
        equal = values[0] == values[-1]
        # the plays of all n values: they replace the shorter candidates (s.found) at the
        # end, once there are any (or they are s.found already)
        full: dict[KeyInt, tuple[Step, ...]] = s.found if s.best == n else {}
        tried = 0
        for i in s.value_order[depth]:
            if used >> i & 1:
                continue
            d = values[i]
            if tried >> d & 1:
                continue
            tried |= 1 << d
            # the value left for the last step
            if equal:
                e = d
            elif n == 2:
                e = values[1 - i]
            else:
                e = values[(((1 << n) - 1) & ~(used | 1 << i)).bit_length() - 1]
            steps_d, keys_d, homing_d, steps_e, keys_e, up_e, above_e, below_e = _VALUE_TABLES[d][e]
            for p in srcs:
                # the first step, checked as dfs checks it
                t = p - d
                if t >= 1:
                    hit = op[t]
                    if hit >= closed:
                        continue
                    if not far and not home_moves:
                        continue
                else:
                    if far:
                        break  # the sources come from high to low: every later one bears off too
                    if t < 0 and self._overshoot_refusal(s, occ, p, d):
                        break  # a later source overshoots too, and is refused as well (below this one)
                    t = hit = 0
                step = steps_d[p][hit]
                nkey = key + keys_d[p][hit]
                # the board after the first step
                nfar = far - homing_d[p]
                nskip = t if two_prune and i and p != BAR and nfar == far else 0
                if marking and (hit or s.eager_marks):
                    # the step may mark its checker for the rest of the play: if it does,
                    # dfs takes the last step on the board after it (with its marks), and
                    # records its plays in s.found, where the ones found so far go first
                    if full and s.best < n:
                        s.best = n
                        s.found = full
                    if self._marking_step(
                        s, depth + 1, used | 1 << i, p, t, hit, step, nfar, head + (p == 24), nskip, nkey
                    ):
                        if s.best == n:
                            full = s.found
                        continue
                if not full and depth + 1 >= s.best:  # the play of this step alone is a candidate
                    candidate = (step,) if pair else (*path, step)
                    if depth + 1 > s.best:
                        s.best = depth + 1
                        s.found = {nkey: candidate}
                    elif nkey not in s.found:
                        s.found[nkey] = candidate
                if not t and off + 1 == CHECKERS:
                    continue  # the last checker is off
                if nskip and nfar and not movers:
                    # the two-values shortcut with a checker outside home: the one last
                    # step is this checker's own, on from t with e (no bear-off follows,
                    # and t is below the head)
                    if t > e:
                        o = op[t - e]
                        if o < closed:
                            full.setdefault(nkey + keys_e[t][o], (step, steps_e[t][o]))
                    continue
                nocc = (occ ^ bit_at[p] if me[p] == 1 else occ) | bit_at[t]
                # the last step: its sources as dfs would find them after the first
                if bar and bar > (p == BAR):  # (``bar and``: the commonest case, no bar, tested first)
                    last = _BAR_BIT
                elif nskip and nfar:
                    last = 1 << nskip  # the two-values shortcut: only that checker goes on (movers allowing)
                elif equal_prune and p < 24:
                    last = nocc & _UP_TO[p]
                else:
                    last = nocc
                if movers:
                    last &= self._movable_after(s, p, t, hit)
                if head_limit is not None and head + (p == 24) >= head_limit:
                    last &= ~_POINT_BITS[23]
                # steps that land on a point: from above e (with the two-values
                # shortcut, only from ``nskip``)
                moves = last & above_e
                if nskip:
                    moves &= 1 << nskip
                if nfar:
                    if not moves:
                        continue
                    offs = 0
                else:
                    if not home_moves:
                        moves = 0
                    # bear-offs (RULES.md 3): every checker home, from e or below
                    offs = last & up_e
                    over = offs & below_e
                    if over:  # from below e: only the highest occupied point can, and only if
                        offs ^= over  # _overshoot_refusal allows it
                        top = over.bit_length() - 1
                        if not self._overshoot_refusal(s, nocc, top, e):
                            offs |= 1 << top
                    if not (moves or offs):
                        continue
                if moves:
                    if nskip:
                        lasts: tuple[int, ...] = (nskip,)  # the one source left (moves is its bit)
                    else:
                        lasts = _HIGH[moves >> 17] + _MIDDLE[moves >> 9 & 255] + _LOW[moves >> 1 & 255]
                    if hit:
                        op[t] = 0  # the blot hit by the first step is gone (until the loop ends)
                    prefix = () if pair else (*path, step)
                    # for each: the opposing checkers on the target; not closed: 1 is a blot,
                    # hit (only the short family gets here with one); one hash per result: a
                    # result already found keeps its steps
                    for q in lasts:
                        o = op[q - e]
                        if o >= closed:
                            continue
                        second = steps_e[q][o]
                        full.setdefault(nkey + keys_e[q][o], (step, second) if pair else prefix + (second,))
                    if hit:
                        op[t] = 1
                if offs:
                    for q in _LOW[offs >> 1 & 255]:
                        second = steps_e[q][0]
                        full.setdefault(nkey + keys_e[q][0], (step, second) if pair else (*path, step, second))
        if full and s.best < n:  # the first plays of all n values
            s.best = n
            s.found = full
        return False

    def _marking_step(
        self, s: SearchState, depth: int, used: int, p: int, t: int, hit: int, step: Step,
        far: int, head: int, skip: int, key: KeyInt,
    ) -> bool:
        """The first of the last two steps, from ``p`` to ``t``, when it may mark its
        checker (:meth:`_last_two`): made, and if its checker carries a mark after
        it, :meth:`dfs` plays the last step (``depth``, ``used``, ``far``, ``head``,
        ``skip`` and ``key`` are those after the step, as dfs passes them to a
        child). False when the step marks nothing (it is taken back, and the last
        step is read from the bits as after any other)."""
        occ = s.occupied
        _make(s, p, t, hit)
        mark = self._mark(s, p, t, step, UNMARKED)
        if mark:
            s.path.append(step)
            self.dfs(s, depth, used, p, far, head, skip, key)
            s.path.pop()
            self._unmark(s, p, t, UNMARKED, mark)
        _unmake(s, p, t, hit, occ)
        return mark != UNMARKED

    @staticmethod
    def _movable_after(s: SearchState, p: int, t: int, hit: int) -> int:
        """The sources the movers allow after the step from ``p`` to ``t`` (made
        for them to see, then taken back)."""
        occ = s.occupied
        _make(s, p, t, hit)
        allowed = ALL_SOURCES
        for c in s.movers:
            allowed &= c.movable(s)
        _unmake(s, p, t, hit, occ)
        return allowed

    def _prologue(
        self, s: SearchState, depth: int, used: int, head: int, key: KeyInt
    ) -> tuple[set[tuple[int, int]] | None, tuple[int, ...], tuple[int, ...], dict[Step, int] | None, int]:
        """A node of a walk, probe or count: check it as a candidate, look it up
        in the probe's memo, and narrow the sources to the script's steps.

        Returns ``(pairs, sources, memo_key, None, known)``; ``known`` is 1 or 0
        when the node's answer is already known (True or False), -1 otherwise.
        """
        me = s.me
        script_len = s.script_len
        if s.mode == PROBE:
            if depth == script_len:
                s.q.reached = True  # the whole prefix could be played
            if depth >= s.q.goal_best:  # a legal play of the goal reached, or past it
                return None, (), (), None, int(depth == s.q.goal_best and key in s.q.goal_plays)
        elif depth >= script_len and self._leaf(s, depth, key, None):
            return None, (), (), None, 1
        scripted = depth < script_len
        if depth == s.n or me[OFF] == CHECKERS:
            if scripted:
                self._refuse(s, depth, NO_DIE if depth == s.n else NO_CHECKER, s.q.script[depth])
            return None, (), (), None, 0
        memo = s.memo
        memo_key: tuple[int, ...] = ()
        if memo is not None and depth > script_len:
            memo_key = _node_key(s, key, used, depth)
            known = memo.get(memo_key)
            if known is not None:
                return None, (), (), None, int(known)
        elif s.seen is not None:
            seen_key = _node_key(s, key, head, depth)
            if seen_key in s.seen:
                return None, (), (), None, 0
            s.seen.add(seen_key)
        srcs: tuple[int, ...] = (BAR,) if me[BAR] else _sources(s.occupied)
        # a walk or probe plays the script's steps first: only those are tried
        pairs: set[tuple[int, int]] | None = None
        if scripted:
            if s.q.any_order:
                pairs = {(st.source, st.die) for st in self._unplayed(s.q.script, s.path)}
            else:
                want = s.q.script[depth]
                if not self._scripted_ok(s, depth, want, used, srcs):
                    return None, (), (), None, 0
                pairs = {(want.source, want.die)}
            wanted = {q for q, _ in pairs}
            srcs = tuple([p for p in srcs if p in wanted])
        elif s.mode == PROBE and depth == 0 and s.q.goal_big:
            pairs = {(p, s.values[0]) for p in srcs}  # 2.4: only the larger value can start a play
        return pairs, srcs, memo_key, None, -1

    @staticmethod
    def _remember(s: SearchState, memo_key: tuple[int, ...], answer: bool) -> None:
        """Keep a probe's answer for a node (nothing outside a probe)."""
        if memo_key:
            memo = s.memo
            assert memo is not None
            memo[memo_key] = answer

    @staticmethod
    def _mark(s: SearchState, p: int, t: int, step: Step, mark: int) -> int:
        """The moved checker's mark after ``step`` (marks follow checkers)."""
        marked, frozen = s.marked, s.frozen
        assert marked is not None and frozen is not None
        new_mark = mark
        for c in s.markers_on:
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

    @staticmethod
    def _unmark(s: SearchState, p: int, t: int, mark: int, new_mark: int) -> None:
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

    def _scripted_ok(self, s: SearchState, depth: int, want: Step, used: int, srcs: tuple[int, ...]) -> bool:
        """Whether the walked step ``want`` can even be tried here (its die, point, checker)."""
        n = s.n
        p = want.source
        me = s.me
        if want.target == 0 and 1 <= p <= 24 and me[p] and (me[BAR] or any(me[7:25])):
            return self._refuse(s, depth, NOT_HOME, want)  # the real reason of a bear-off
        if not any(s.values[i] == want.die for i in range(n) if not used >> i & 1):
            return self._refuse(s, depth, NO_DIE, want)
        if not 1 <= p <= BAR or (p == BAR and not self.hitting):
            return self._refuse(s, depth, NO_POINT, want)
        if p not in srcs:
            if me[BAR] and p != BAR:
                return self._refuse(s, depth, BAR_FIRST, want)
            return self._refuse(s, depth, NO_CHECKER, want)
        return True

    def _refuse(self, s: SearchState, depth: int, code: int, step: Step, by: Constraint | None = None) -> bool:
        """Remember why a walked step was refused (the deepest refusal wins). False."""
        if depth >= s.q.refused_at:
            s.q.refused_at = depth
            s.q.refusal = code
            s.q.refused_step = step
            s.q.refused_by = by
        return False

    @staticmethod
    def _script_step(s: SearchState, point: int) -> Step:
        for st in s.q.script:
            if st.source == point:
                return st
        return s.q.script[0]

    def _mover_refusing(self, s: SearchState, point: int) -> Constraint | None:
        for c in s.movers:
            if not c.movable(s) >> point & 1:
                return c
        return None

    def _freezer(self) -> Constraint | None:
        for c in self.markers:
            if c.freezes:
                return c
        return None

    @staticmethod
    def _unplayed(script: tuple[Step, ...], path: list[Step]) -> list[Step]:
        """The script's steps not yet in ``path`` (a multiset difference by source and die)."""
        rest = list(script)
        for st in path:
            for j, want in enumerate(rest):
                if want.source == st.source and want.die == st.die:
                    del rest[j]
                    break
        return rest


def _node_key(s: SearchState, key: int, done: int, depth: int) -> tuple[int, ...]:
    """A node of the search, to meet it once: its board, what is done (head steps
    or values used), its depth and, while a checker carries one, the marks."""
    if s.marks:
        assert s.marked is not None and s.frozen is not None
        return (key, done, depth, *s.marked, *s.frozen)
    return (key, done, depth)


def _make(s: SearchState, p: int, t: int, hit: int) -> None:
    """Move a checker of ``s`` from ``p`` to ``t`` (0: off), hitting a blot there if
    ``hit`` (:meth:`Kernel.dfs` does the same inline)."""
    me, op = s.me, s.op
    me[p] = me[p] - 1
    me[t] = me[t] + 1
    if hit:
        op[t] = 0
        op[BAR] = op[BAR] + 1
    if p <= 24 and me[p] == 0:
        s.occupied ^= 1 << p
    if t:
        s.occupied |= 1 << t


def _unmake(s: SearchState, p: int, t: int, hit: int, occupied: int) -> None:
    """Take back :func:`_make`; ``occupied``: the bit set before it."""
    me, op = s.me, s.op
    if hit:
        op[t] = 1
        op[BAR] = op[BAR] - 1
    me[t] = me[t] - 1
    me[p] = me[p] + 1
    s.occupied = occupied


def _note(noted: dict[Step, dict[Step | None, int]], path: list[Step], tail: Step | None, key: int) -> None:
    """Note a candidate of the greatest length by its first two steps."""
    if path:
        first = path[0]
        second = path[1] if len(path) > 1 else tail
    else:
        assert tail is not None
        first, second = tail, None
    seconds = noted.get(first)
    if seconds is None:
        seconds = noted[first] = {}
    seconds[second] = key


def _all_ends_ok(s: SearchState) -> bool:
    """Every active end-of-play constraint admits the board of ``s``."""
    for c in s.ends:
        if not c.end_ok(s):
            return False
    return True


def _stood_at_or_above(start_me: tuple[int, ...], d: int) -> bool:
    """RULES.md 3.4 ``turn_start``: a checker stood on point ``d`` or higher at the start."""
    for q in range(d, 26):
        if start_me[q]:
            return True
    return False
