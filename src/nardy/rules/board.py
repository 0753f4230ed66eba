"""The board inside the search: the mover's view of one play, and board keys.

:class:`SearchState` is what a rule's hooks see while the search explores a
play (:mod:`nardy.rules.constraints`). A resulting board is identified by an
int *key* (:func:`board_key`) that the search keeps up to date step by step,
so that the public values (:class:`~nardy.Play`, :class:`~nardy.Position`)
are built only for the results a caller asks for (``nardy.rules.results``).

Points are the mover's: 1..24, ``OFF`` (0) for borne off, ``BAR`` (25).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from struct import Struct
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from nardy.core import BAR, CHECKERS, OFF, WHITE, Position, PositionFields, Step
from nardy.rules.steps import LONG_CLOSED, SHORT_CLOSED

if TYPE_CHECKING:
    from nardy.flow import PlayContext

__all__ = [
    "SearchState",
    "board_key",
    "key_board",
    "key_hits",
    "key_points",
    "KeyInt",
    "KEY_STEP",
    "HIT_BIT",
    "TAG_BIT",
]

_WHITE: Final = WHITE

# --------------------------------------------------------------------------- keys
#
# A board key packs the mover's checker counts (a byte each: off, points 1..24,
# bar), the points where it hit a blot in this play, and a rule's tag
# (Crazy Gulbar's fourth step, RULES.md 4.8) into one int, so that a step
# changes it by one addition.

#: A board key where the search sums them: an int, typed ``Any`` so that the compiled
#: build adds keys as Python ints. A key never fits a machine word, and mypyc's ``int``
#: would test every sum for one and box it again.
KeyInt: TypeAlias = Any
#: KEY_BIT[i]: one checker on the mover's point i (0: borne off, 25: the bar)
KEY_BIT: Final = tuple(1 << (8 * i) for i in range(26))
HIT_SHIFT: Final = 8 * 26
#: where a key keeps the count of the bar (its byte 25)
_BAR_SHIFT: Final = 8 * BAR
#: HIT_BIT[t]: a blot hit on the mover's point t in this play
HIT_BIT: Final = tuple(1 << (HIT_SHIFT + t) for t in range(26))
#: a rule told this result apart from the same board reached otherwise (Constraint.tag)
TAG_BIT: Final = 1 << (HIT_SHIFT + 26)
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
#: a key's bytes: the 26 counts, then the hit bits and the tag (TAG_BIT is the highest bit)
KEY_BYTES: Final = 30
#: the 24 point counts at the start of a key's bytes (the byte of borne-off checkers skipped)
points_of: Final = Struct("x24B").unpack_from
_BOARD_MASK: Final = (1 << 208) - 1
HITS_MASK: Final = (1 << 25) - 2
#: int.from_bytes, bound once (the interpreter looks up and binds a class method at each call)
from_bytes: Final = int.from_bytes
#: _COUNT_BYTE[n]: the byte of a count of n checkers
_COUNT_BYTE: Final = tuple(bytes((n,)) for n in range(CHECKERS + 1))


def board_key(me: Sequence[int], hits: int = 0) -> int:
    """The key of a mover's board: counts ``me[0..25]`` (off, points, bar) and
    the bit set ``hits`` of points where it hit a blot.

    >>> key = board_key([0] + [0] * 23 + [15, 0])
    >>> key_board(key)[24], key_hits(key)
    (15, frozenset())
    """
    return int.from_bytes(bytes(me), "little") | hits << HIT_SHIFT


def key_points(key: int) -> tuple[int, ...]:
    """The mover's 24 point counts (point 1 first) of a board key.

    Each count is one byte of the key, so the counts are read in one go.

    >>> key_points(board_key([0, 2] + [0] * 22 + [13, 0]))[:2], key_points(board_key([0] * 24 + [15, 0]))[23]
    ((2, 0), 15)
    """
    return points_of(key.to_bytes(KEY_BYTES, "little"))


def read_side(key: int) -> tuple[tuple[int, ...], int, int]:
    """The mover's side of a board key: its 24 point counts (:func:`key_points`),
    its bar, and the bit set of points where it hit a blot (``key >> HIT_SHIFT &
    HITS_MASK``), each read from the key's bytes one by one.

    This is the compiled build's way: mypyc builds the tuple display in place and
    reads the bytes as machine ints, where ``points_of`` costs about twice as much
    and a shift of the key's int is a call as dear as the hits' four bytes read
    ten times. The interpreter, which pays for every item read, takes ``points_of``
    and the shift.

    >>> key = board_key([0, 2] + [0] * 22 + [13, 0], hits=1 << 5)
    >>> read_side(key) == (key_points(key), 0, key >> HIT_SHIFT & HITS_MASK)
    True
    """
    raw = key.to_bytes(KEY_BYTES, "little")
    mine = (
        raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8],
        raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15], raw[16],
        raw[17], raw[18], raw[19], raw[20], raw[21], raw[22], raw[23], raw[24],
    )  # fmt: skip
    return mine, raw[25], (raw[26] | raw[27] << 8 | raw[28] << 16 | raw[29] << 24) & HITS_MASK


def key_board(key: int) -> list[int]:
    """The mover's counts (off, points 1..24, bar) of a board key."""
    return list((key & _BOARD_MASK).to_bytes(26, "little"))


def key_hits(key: int) -> frozenset[int]:
    """The mover's points where the play of this key hit a blot."""
    mask = key >> HIT_SHIFT
    return frozenset(t for t in range(1, 25) if mask >> t & 1)


def mover_key(pos: Position) -> int:
    """The key of the board of the player to move in ``pos``, its counts read from
    the position's fields without a call per side."""
    fields: PositionFields = pos  # (see PositionFields)
    _, white, black, white_bar, black_bar, turn, _, _ = fields
    mine, bar = (white, white_bar) if turn is _WHITE else (black, black_bar)
    if COMPILED:  # board_key((off, *mine, bar)), off counted in a loop (compiled, sum() is a call)
        off = CHECKERS - bar
        for count in mine:
            off -= count
        return from_bytes(_COUNT_BYTE[off] + bytes(mine) + _COUNT_BYTE[bar], "little")  # (no list of counts)
    # board_key((off, *mine, bar)) without building the counts: the points' bytes go
    # above the byte of the checkers off, the bar's byte above them
    return from_bytes(bytes(mine), "little") << 8 | (CHECKERS - sum(mine) - bar) | bar << _BAR_SHIFT


# --------------------------------------------------------------------------- the state


class SearchState:
    """The board while the search explores one play, seen from the player to move.

    This is what the hooks of a :class:`~nardy.rules.constraints.Constraint`
    receive. It is the search's scratch board: read it, never change or keep it.

    * ``me``: the mover's checkers, ``me[p]`` on its point ``p`` (1..24),
      ``me[OFF]`` (0) borne off, ``me[BAR]`` (25) on the bar.
    * ``op``: the opponent's checkers on the mover's points, ``op[p]`` for the
      mover's point ``p`` (1..24), ``op[BAR]`` on the opponent's bar.
    * ``occupied``: the mover's points that hold a checker, as a bit set (bit
      ``p`` for point ``p``); cheaper to test than ``me`` for many rules.
    * ``closed``: the mover's points it may not land on, as a bit set: those the
      opponent holds (the long family), or holds with two or more checkers (the
      short). The opponent's checkers do not move in a play, so they stay closed.
    * ``marked``, ``frozen``: per point, how many of the mover's checkers there
      carry a mark in this play (see ``Constraint.mark_after``); ``None`` when
      no rule of this play marks checkers. ``marks``: how many carry one in all.
    * ``played``: the steps of the play so far, in order.
    * ``start``: the position the play starts from; ``start_me`` and
      ``start_op`` are ``me`` and ``op`` at the start.
    * ``values``: the dice values of the play (a double: four);
      ``context``: the kind of play (:class:`~nardy.PlayContext`);
      ``head_limit``: how many checkers may leave the head (``None``: any).
    * ``hits``: the points where the mover hit a blot so far in this play;
      ``opp_off``: the opponent's checkers borne off.

    A rule that works something out once per play keeps it itself: its
    ``begin`` returns a constraint for this play that holds it
    (:doc:`/extending`).
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
        "values",
        "context",
        "head_limit",
        "_path",
        "_start_counts",
    )

    def __init__(
        self,
        pos: Position,
        values: tuple[int, ...],
        context: PlayContext,
        head_limit: int | None,
        me: list[int],
        op: list[int],
        occupied: int,
        closed: int,
        path: list[Step],
    ) -> None:
        self.me = me
        self.op = op
        self.occupied = occupied
        self.closed = closed
        self.marked: list[int] | None = None
        self.frozen: list[int] | None = None
        self.marks = 0
        self.start = pos
        self.values = values
        self.context = context
        self.head_limit = head_limit
        self._path = path  # the search's steps so far (it appends and takes them back)
        self._start_counts: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def played(self) -> tuple[Step, ...]:
        """The steps of the play so far, in order."""
        return tuple(self._path)

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
            me, op, _, _, _, _ = start_by_builtins(*mover_sides(self.start))
            counts = self._start_counts = (tuple(me), tuple(op))
        return counts

    @property
    def hits(self) -> frozenset[int]:
        """The mover's points where it hit a blot so far in this play."""
        return frozenset(t for t in range(1, 25) if self.op[t] == 0 and self.start_op[t] == 1)

    @property
    def opp_off(self) -> int:
        """The opponent's checkers borne off."""
        off = CHECKERS
        for count in self.op:  # (a loop: the compiled build looks sum() up and calls it)
            off -= count
        return off


def start_state(
    pos: Position, values: tuple[int, ...], context: PlayContext, head_limit: int | None, path: list[Step]
) -> tuple[SearchState, int, KeyInt, int]:
    """The board at the start of a play of ``values`` in ``pos``, with the count
    of the mover's checkers on the bar or outside home, the board's key and the
    points closed to the mover (a bit set). ``path`` is the list where the
    search keeps the steps it makes."""
    fields: PositionFields = pos  # (see PositionFields)
    family, white, black, white_bar, black_bar, turn, _, _ = fields  # (mover_sides)
    if turn is _WHITE:
        mine, theirs, bar, their_bar = white, black, white_bar, black_bar
    else:
        mine, theirs, bar, their_bar = black, white, black_bar, white_bar
    if COMPILED:
        me, op, far, occupied, key, closed = start_by_loops(family, mine, theirs, bar, their_bar)
    else:
        me, op, far, occupied, key, closed = start_by_builtins(family, mine, theirs, bar, their_bar)
    return SearchState(pos, values, context, head_limit, me, op, occupied, closed, path), far, key, closed


def make(s: SearchState, p: int, t: int, hit: int) -> None:
    """Move a checker of ``s`` from ``p`` to ``t`` (0: off), hitting the blot there if ``hit``."""
    me = s.me
    me[p] = me[p] - 1  # (``x[i] = x[i] - 1``: mypyc compiles ``-=`` on a list item to generic calls)
    me[t] = me[t] + 1
    if hit:
        op = s.op
        op[t] = 0
        op[BAR] = op[BAR] + 1
    if p <= 24 and me[p] == 0:
        s.occupied ^= 1 << p
    if t:
        s.occupied |= 1 << t


def unmake(s: SearchState, p: int, t: int, hit: int, occupied: int) -> None:
    """Take back :func:`make`; ``occupied``: the bit set before it."""
    me = s.me
    if hit:
        op = s.op
        op[t] = 1
        op[BAR] = op[BAR] - 1
    me[t] = me[t] - 1
    me[p] = me[p] + 1
    s.occupied = occupied


#: whether this module runs compiled (mypyc): a search starts with start_by_loops then
COMPILED: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))

#: what a search starts from: ``me``, ``op``, the checkers on the bar or outside home,
#: ``occupied``, the board key and the points closed to the mover (as bits)
StartCounts = tuple[list[int], list[int], int, int, int, int]
#: AT_LEAST[k]: a byte's binary digit, "0" or "1": whether a count is at least k
_AT_LEAST: Final = tuple(bytes([48] * k + [49] * (256 - k)) for k in range(3))


def mover_sides(pos: Position) -> tuple[str, tuple[int, ...], tuple[int, ...], int, int]:
    """``pos``'s family, the mover's points, the opponent's points (each in its
    own numbering), the mover's bar and the opponent's bar."""
    fields: PositionFields = pos  # (see PositionFields)
    family, white, black, white_bar, black_bar, turn, _, _ = fields
    if turn is _WHITE:
        return family, white, black, white_bar, black_bar
    return family, black, white, black_bar, white_bar


def start_by_builtins(
    family: str, mine: tuple[int, ...], theirs: tuple[int, ...], bar: int, their_bar: int
) -> StartCounts:
    """What a search starts from (:data:`StartCounts`), given the sides as
    :func:`mover_sides` reads them, with the loops over the points left to C
    builtins: the interpreter's way.

    :func:`start_by_loops` gives the same in loops, which compiled code runs in
    half the time of these calls and the interpreter in a quarter more: each
    build takes its own, and the tests of both builds compare the two.
    """
    far = sum(mine[6:]) + bar
    me = [CHECKERS - sum(mine[:6]) - far, *mine, bar]
    if family == "short":
        op = [0, *theirs[::-1], their_bar]
        closing = _AT_LEAST[SHORT_CLOSED]
    else:
        op = [0, *theirs[12:], *theirs[:12], 0]
        closing = _AT_LEAST[LONG_CLOSED]
    # a point's bit for each count that is non-zero (or closes it): the counts as
    # binary digits, point 24 first
    counts = bytes(me)
    occupied = int(counts[24:0:-1].translate(_AT_LEAST[1]), 2) << 1
    closed = int(bytes(op)[24:0:-1].translate(closing), 2) << 1
    return me, op, far, occupied, from_bytes(counts, "little"), closed  # the key: board_key(me)


def start_by_loops(
    family: str, mine: tuple[int, ...], theirs: tuple[int, ...], bar: int, their_bar: int
) -> StartCounts:
    """:func:`start_by_builtins` in loops over the points: the compiled build's way."""
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
    closed = 0
    if family == "short":
        op[BAR] = their_bar
        for i, c in enumerate(theirs):
            if c:
                op[24 - i] = c  # the opponent's point i + 1 is the mover's 24 - i
                if c >= SHORT_CLOSED:
                    closed |= 1 << (24 - i)
    else:
        for i, c in enumerate(theirs):
            if c:
                t = i - 11 if i >= 12 else i + 13  # the point across the board
                op[t] = c
                closed |= 1 << t
    return me, op, far, occupied, from_bytes(bytes(me), "little"), closed
