"""What a generation found, and the public values built from it.

:class:`Found` holds the legal plays of one position and dice as board keys,
each with one legal step order; :func:`plays`, :func:`position_after` and
:func:`positions_after` build the :class:`~nardy.Play` and
:class:`~nardy.Position` values a caller asks for (they are valid by
construction): the plays with :func:`nardy.core.generated_plays`, the positions
from the tuples of their fields.

>>> import nardy
>>> rules = nardy.ruleset("long")
>>> found = rules.search(rules.initial_position(), (6, 5))
>>> [str(play) for play in plays(found, False)]
['24/13']
>>> (key,) = found.plays
>>> position_after(found.pos, key, nardy.BLACK, True).to_string()
'long 24:14,13:1 24:15 b 10'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from nardy.core import WHITE, Play, Player, Position, PositionFields, Step, generated_plays
from nardy.rules.board import (
    COMPILED,
    HIT_SHIFT,
    HITS_MASK,
    KEY_BYTES,
    KEY_STEP,
    KeyInt,
    mover_key,
    points_of,
    read_side,
)

if TYPE_CHECKING:
    from nardy.flow import PlayContext

__all__ = ["Found", "plays", "position_after", "positions_after", "position_after_legal"]

_WHITE: Final = WHITE
_POSITION: Final[type[Position]] = Position
#: builds the positions from the tuples of their fields, without a Python ``__new__``
#: (core.make_position does the same)
_tuple_new: Final = tuple.__new__


class Found:
    """The legal plays of one position and dice: the result of one generation.

    ``plays`` maps each resulting board (its key, :func:`~nardy.rules.board.board_key`)
    to one legal step order; ``best`` is the number of steps every legal play
    uses (``M`` of RULES.md 2.3); ``big_only`` says that the larger-die rule
    (2.4) applied.
    """

    __slots__ = (
        "pos",
        "values",
        "context",
        "head_limit",
        "plays",
        "best",
        "big_only",
        "_memo",
        "_prepared",
        "_nexts",
        "_wholes",
        "_firsts",
        "_two_steps",
        "_tallies",
        "_holding",
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
        prepared: tuple[object, object] | None = None,
    ) -> None:
        self.pos = pos
        self.values = values
        self.context = context
        self.head_limit = head_limit
        self.plays = plays
        self.best = best
        self.big_only = big_only
        self._memo: dict[tuple[int, ...], bool] | None = None
        self._prepared = prepared
        self._nexts: dict[tuple[Step, ...], tuple[Step, ...]] | None = None
        self._wholes: dict[tuple[Step, ...], int] | None = None
        self._firsts: set[Step] | None = None
        self._two_steps: dict[Step, dict[Step | None, KeyInt]] | None = None
        self._tallies: tuple[KeyInt, ...] | None = None
        self._holding: dict[KeyInt, tuple[KeyInt, ...]] | None = None

    def keeps_larger_die(self, die: int) -> bool:
        """Whether a play whose first step uses ``die`` keeps to the larger-die rule
        (RULES.md 2.4; :func:`~nardy.rules.kernel.larger_die_rule` decides whether
        it applied to these plays).

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> found = rules.search(nardy.Position.from_string("short 13:1 24:2,23:2,22:2 w 11"), (6, 5))
        >>> found.best, found.big_only, found.keeps_larger_die(6), found.keeps_larger_die(5)
        (1, True, True, False)
        """
        return not self.big_only or die == self.values[0]

    @property
    def memo(self) -> dict[tuple[int, ...], bool]:
        """The probes' answers about nodes of these plays' search (step-by-step input)."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        return memo

    @property
    def prepared(self) -> tuple[object, object] | None:
        """What the generation worked out for the play (its step rule and its active
        constraints), for the walks of the same play to reuse."""
        return self._prepared

    @prepared.setter
    def prepared(self, value: tuple[object, object] | None) -> None:
        self._prepared = value

    @property
    def firsts(self) -> set[Step] | None:
        """First steps known to begin a legal play (noted by the generation, if asked)."""
        return self._firsts

    @firsts.setter
    def firsts(self, value: set[Step] | None) -> None:
        self._firsts = value

    @property
    def two_steps(self) -> dict[Step, dict[Step | None, KeyInt]] | None:
        """Every legal order of a play of two values, when the generation noted them:
        each first step's second steps (None for a one-step play) and the boards
        they reach."""
        return self._two_steps

    @two_steps.setter
    def two_steps(self, value: dict[Step, dict[Step | None, KeyInt]] | None) -> None:
        self._two_steps = value

    @property
    def tallies(self) -> tuple[KeyInt, ...] | None:
        """The tallies of the legal plays (how many steps each takes from each
        source), when the generation noted them for step-by-step input
        (:class:`~nardy.rules.search.Tally`)."""
        return self._tallies

    @tallies.setter
    def tallies(self, value: tuple[KeyInt, ...] | None) -> None:
        self._tallies = value

    @property
    def holding(self) -> dict[KeyInt, tuple[KeyInt, ...]]:
        """The tallies of the legal plays that hold a prefix's tally, by the prefix's
        (step-by-step input, :class:`~nardy.rules.search.Tally`)."""
        holding = self._holding
        if holding is None:
            holding = self._holding = {}
        return holding

    def noted_whole(self, steps: tuple[Step, ...]) -> KeyInt | None:
        """The board key of ``steps`` played in this order, if :attr:`two_steps`
        notes them as a whole legal play (``None`` otherwise, or when nothing is noted)."""
        two = self._two_steps
        if two is None or not steps or len(steps) != self.best:
            return None
        seconds = two.get(steps[0])
        return seconds.get(steps[1] if len(steps) == 2 else None) if seconds is not None else None

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
        return Found, (self.pos, self.values, self.context, self.head_limit, self.plays, self.best, self.big_only)


def plays(found: Found, ordered: bool) -> tuple[Play, ...]:
    """One :class:`~nardy.Play` per legal play of ``found``
    (:func:`~nardy.core.generated_plays`)."""
    return generated_plays(found.plays, found.values, found.pos, ordered)


def _unhit(hits: int, theirs: tuple[int, ...], their_bar: int) -> tuple[tuple[int, ...], int]:
    """The opponent's points (its own numbering) and bar after the hits of a board key
    (``hits``, the bit set of the mover's points where it hit)."""
    points = list(theirs)
    while hits:  # each point hit: mover point t is the opponent's 25 - t
        low = hits & -hits
        points[25 - low.bit_length()] -= 1
        hits ^= low
        their_bar += 1
    return tuple(points), their_bar


def position_after(pos: Position, key: int, turn: Player, moved: bool) -> Position:
    """The position a board key of ``pos`` describes, with the turn and first-play flag
    given (built from its fields, as :func:`positions_after` builds them)."""
    if COMPILED:
        mine, bar, hits = read_side(key)
    else:  # (read_side, the interpreter's way)
        raw = key.to_bytes(KEY_BYTES, "little")
        mine, bar, hits = points_of(raw), raw[25], key >> HIT_SHIFT & HITS_MASK
    fields: PositionFields = pos  # (see PositionFields)
    family, white, black, white_bar, black_bar, mover, white_moved, black_moved = fields
    mover_is_white = mover is _WHITE
    if mover_is_white:
        other, other_bar = black, black_bar
    else:
        other, other_bar = white, white_bar
    if hits:
        other, other_bar = _unhit(hits, other, other_bar)
    if mover_is_white:
        return _tuple_new(_POSITION, (family, mine, other, bar, other_bar, turn, white_moved or moved, black_moved))
    return _tuple_new(_POSITION, (family, other, mine, other_bar, bar, turn, white_moved, black_moved or moved))


def position_after_legal(pos: Position, steps: Iterable[Step]) -> Position:
    """The position after ``steps`` from ``pos``, still the mover's turn, for steps
    that a search of ``pos`` gave, in an order it found legal (the steps a
    caller chose from :meth:`~nardy.RuleSet.next_steps`): each changes the board
    key by one addition, as in the search, so nothing is searched again.
    :meth:`~nardy.RuleSet.position_after_steps` gives the same for any steps,
    checking each.

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> pos = rules.initial_position()
    >>> steps = rules.legal_plays(pos, (6, 5))[0].steps
    >>> position_after_legal(pos, steps) == rules.position_after_steps(pos, (6, 5), steps)
    True
    """
    key = mover_key(pos)
    for step in steps:
        key += KEY_STEP[step.die][step.source][step.hit]
    return position_after(pos, key, pos.turn, False)


def positions_after(pos: Position, keys: Sequence[int], turn: Player, moved: bool) -> list[Position]:
    """The positions the board keys of ``pos`` describe, with the turn and
    first-play flag given (one call for all the results of a search).

    They are valid by construction and built from the tuple of their fields,
    as :func:`~nardy.core.make_position` builds them, without a call per
    position.
    """
    fields: PositionFields = pos  # (see PositionFields)
    family, white, black, white_bar, black_bar, mover, white_moved, black_moved = fields
    mover_is_white = mover is _WHITE
    if mover_is_white:
        theirs, obar = black, black_bar
        white_moved = white_moved or moved
    else:
        theirs, obar = white, white_bar
        black_moved = black_moved or moved
    # the opponent's side after each set of hits (many results share one)
    unhit: dict[int, tuple[tuple[int, ...], int]] = {0: (theirs, obar)}
    out: list[Position] = []
    for key in keys:
        if COMPILED:
            mine, bar, hits = read_side(key)
        else:  # (read_side, the interpreter's way)
            raw = key.to_bytes(KEY_BYTES, "little")
            mine, bar, hits = points_of(raw), raw[25], key >> HIT_SHIFT & HITS_MASK
        if hits:
            after_hits = unhit.get(hits)
            if after_hits is None:
                after_hits = unhit[hits] = _unhit(hits, theirs, obar)
            other, other_bar = after_hits
        else:
            other, other_bar = theirs, obar
        if mover_is_white:
            position = _tuple_new(_POSITION, (family, mine, other, bar, other_bar, turn, white_moved, black_moved))
        else:
            position = _tuple_new(_POSITION, (family, other, mine, other_bar, bar, turn, white_moved, black_moved))
        out.append(position)
    return out
