"""Primitive values: players, positions, steps and plays.

Everything here is an immutable, hashable value. Rules live in
:mod:`nardy.rules`; the game object in :mod:`nardy.game` owns mutable history.

Point numbers are always in the numbering of the player they belong to: each
player counts its own path from 24 (where it starts) down to 1 (the last point
before bearing off).
"""

from __future__ import annotations

import enum
import operator
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from importlib.machinery import EXTENSION_SUFFIXES
from itertools import repeat
from operator import itemgetter, mul
from typing import Any, ClassVar, Final, Literal, NamedTuple, SupportsIndex, TypeAlias, cast, overload

import attrs

from nardy._mypyc import mypyc_attr
from nardy.errors import IllegalPlayError, InvalidDiceError, InvalidPositionError, NotationError, shown

__all__ = [
    "Player",
    "WHITE",
    "BLACK",
    "Family",
    "Point",
    "BAR",
    "OFF",
    "CHECKERS",
    "Step",
    "Play",
    "Position",
    "to_other_numbering",
    "Result",
    "ROLLS",
    "CHANCE_OUTCOMES",
    "roll_probability",
]

Point: TypeAlias = int
"""A point number 1..24 in its owner's numbering; 25 is the bar, 0 is off the board."""

Family: TypeAlias = Literal["short", "long"]
"""Board geometry, either ``"short"`` (opposite directions, hitting, a bar) or
``"long"`` (both sides run the same way, a single checker holds a point)."""

#: whether this module is compiled (the compiled build, see :doc:`/compiled`)
COMPILED: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))

BAR: Final = 25
OFF: Final = 0
CHECKERS: Final = 15


@mypyc_attr(native_class=False)
class CheckedEnumType(enum.EnumMeta):
    """The class of nardy's int enums (:class:`Player`, :class:`nardy.gnubg.GameState`):
    ``Cls(value)`` takes a member, or an int (``operator.index``) that is a member's
    value, and refuses anything else with the class's ``_refused(value)`` error,
    a nardy error that shows the value as :func:`~nardy.errors.shown` does
    (before the enum machinery writes its own message, which cannot show a huge
    int, and before it compares the value with each member)."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API (Enum("Name", names)), as enum has it
            return super().__call__(value, *args, **kwargs)
        if type(value) is cls:
            return value
        try:
            index = operator.index(cast(Any, value))
        except Exception:  # noqa: BLE001 - whatever __index__ raises, it is no member
            index = None
        members: Any = cls.__members__
        if index is None or index not in [member.value for member in members.values()]:
            raise cls._refused(value)  # type: ignore[attr-defined]  # each class defines it
        return super().__call__(index)


class Player(enum.IntEnum, metaclass=CheckedEnumType):
    """One of the two sides.

    >>> Player.WHITE.other
    <Player.BLACK: 1>
    >>> ~Player.BLACK
    <Player.WHITE: 0>
    """

    WHITE = 0
    BLACK = 1

    # a plain attribute of each member, set below once (cheaper to read than a property);
    # quoted, so that a compiled build does not look the class up while making it
    #: the opponent
    other: "Player"  # noqa: UP037

    def __invert__(self) -> Player:
        return self.other

    def __setattr__(self: Any, name: Any, value: object) -> None:
        # self untyped: the enum sets its members' attributes while the class is
        # being made, before a compiled build could check an argument against it
        if name == "other" and "other" in vars(self):
            raise AttributeError("a player's opponent cannot be changed")
        object.__setattr__(self, name, value)  # what super() is here (no base has its own)

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def _refused(cls, value: object) -> InvalidPositionError:
        """What ``Player(value)`` of anything but 0 or 1 raises (a ValueError, as an
        enum's own refusal is).

        >>> Player(1), Player(2)
        Traceback (most recent call last):
        ...
        nardy.errors.InvalidPositionError: player must be Player.WHITE or Player.BLACK, not 2
        """
        return _not_a_player(value)


WHITE: Final = Player.WHITE
BLACK: Final = Player.BLACK
Player.WHITE.other = Player.BLACK
Player.BLACK.other = Player.WHITE

#: A position's fields, in order, as compiled code reads them at once:
#: ``fields: PositionFields = pos``, then unpacked. A :class:`~nardy.Position` is a
#: tuple of its fields, but compiled code does not know it (the class is of another
#: compilation group) and would unpack it through an iterator, or read each field by
#: name; as a tuple of this fixed length it is checked once and read item by item (the
#: interpreter unpacks it as before).
PositionFields: TypeAlias = tuple[str, tuple[int, ...], tuple[int, ...], int, int, Player, bool, bool]


def _not_a_player(value: object) -> InvalidPositionError:
    return InvalidPositionError(f"player must be Player.WHITE or Player.BLACK, not {shown(value)}")


def to_other_numbering(family: object, point: object) -> int:
    """Map a point number 1..24 of one player to the other player's numbering.

    The map is its own inverse (RULES.md 1.2).

    >>> to_other_numbering("short", 24), to_other_numbering("short", 6)
    (1, 19)
    >>> to_other_numbering("long", 24), to_other_numbering("long", 1)
    (12, 13)
    """
    if type(point) is not int or not 1 <= point <= 24:
        raise InvalidPositionError(f"point {shown(point)} is not in 1..24")
    if type(family) is str and family == "short":
        return 25 - point
    if type(family) is str and family == "long":
        return point + 12 if point <= 12 else point - 12
    raise InvalidPositionError(f"unknown family {shown(family)}: use 'short' or 'long'")


class Step(NamedTuple):
    """One checker moved by one die value.

    ``source`` is 1..24 or 25 (the bar); ``target`` is 1..24 or 0 (borne off);
    ``die`` is the value used (a bear-off may use a die larger than the distance);
    ``hit`` tells whether an opposing blot was sent to the bar.

    >>> s = Step(13, 9, 4, True)
    >>> str(s), s.source, s.hit
    ('13/9*', 13, True)
    """

    source: int
    target: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        source, target, _, hit = cast(Any, self)  # a step built by hand may hold anything: read untyped
        try:
            src = "bar" if source == BAR else str(source)
            dst = "off" if target == OFF else str(target)
            return f"{src}/{dst}{'*' if hit else ''}"
        except Exception:  # noqa: BLE001 - a step built by hand of what no step holds
            return shown(tuple(self))

    @classmethod
    def from_string(cls, text: object) -> Step:
        """Read one step as ``str(step)`` writes it: ``a/b``, ``bar/b``, ``a/off``,
        with ``*`` after a hit (``13/9*``); ``25`` and ``0`` (or ``Bar`` and
        ``Off``, in any case) also stand for the bar and off, and ``-`` for ``/``.
        The die is the distance moved, 1..6: a bear-off with a larger die
        (``3/off`` with a 5) is ``Step(3, 0, 5)``. Whether the step is legal is
        for the rules to say (:meth:`nardy.RuleSet.next_steps`); text that is
        not a step is a :class:`~nardy.NotationError`.

        >>> Step.from_string("24/18")
        Step(source=24, target=18, die=6, hit=False)
        >>> Step.from_string("bar/22*"), Step.from_string("5/off")
        (Step(source=25, target=22, die=3, hit=True), Step(source=5, target=0, die=5, hit=False))
        >>> str(Step.from_string("13/9*"))
        '13/9*'
        >>> Step.from_string("24/13")
        Traceback (most recent call last):
        ...
        nardy.errors.NotationError: '24/13' is not one step: a step moves one checker 1 to 6 points (24/13 is 11)
        """
        if not isinstance(text, str):
            raise NotationError(f"a step is text like '24/18', not {shown(text)}")
        body = text.strip()
        hit = body.endswith("*")
        move = body[:-1] if hit else body
        source_text, sep, target_text = move.partition("/" if "/" in move else "-")
        source = _step_point(source_text, BAR, "bar")
        target = _step_point(target_text, OFF, "off")
        if not sep or source is None or target is None or source == OFF or target == BAR:
            raise NotationError(
                f"cannot read the step {shown(text)}: expected a/b with points 1..24, bar or off, "
                "like 24/18, bar/22* or 5/off"
            )
        if not 1 <= source - target <= 6:
            raise NotationError(
                f"{shown(text)} is not one step: a step moves one checker 1 to 6 points "
                f"({source_text}/{target_text} is {source - target})"
            )
        if hit and target == OFF:
            raise NotationError(f"{shown(text)}: a checker borne off hits nothing")
        return cls(source, target, source - target, hit)


def check_steps(steps: object) -> tuple[Step, ...]:
    """``steps`` as a tuple of sound :class:`Step` values, or
    :class:`~nardy.IllegalPlayError`: each an int source 1..25, target 0..24 and
    die 1..6 and a bool ``hit``, in an ordered collection (a set has no order),
    and each a step there can be: its target is the source less the die, or off
    (0) for a bear-off with a die of the distance or more, and a checker borne
    off hits nothing. It checks the values only, not the rules. Every entry
    point that takes steps checks them here.

    >>> check_steps([Step(24, 18, 6)])
    (Step(source=24, target=18, die=6, hit=False),)
    >>> check_steps([Step(24, 18, 0)])
    Traceback (most recent call last):
    ...
    nardy.errors.IllegalPlayError: not a step: Step(source=24, target=18, die=0, hit=False) (source 1..25, target 0..24, die 1..6)
    >>> check_steps([Step(24, 14, 6)])
    Traceback (most recent call last):
    ...
    nardy.errors.IllegalPlayError: not a step: Step(source=24, target=14, die=6, hit=False) (a 6 from 24 reaches 18)
    """  # noqa: E501 - doctest output
    if isinstance(steps, (str, bytes, bytearray, Set, Mapping)):
        raise IllegalPlayError(f"steps must be a sequence of Step values, not {shown(steps)}")
    try:
        out: tuple[Any, ...] = tuple(cast(Iterable[Any], steps))
    except TypeError:
        raise IllegalPlayError(f"steps must be a sequence of Step values, not {shown(steps)}") from None
    for step in out:
        if not isinstance(step, Step):
            raise IllegalPlayError(f"not a step: {shown(step)}")
        source, target, die, hit = cast(Any, step)  # read untyped until checked (see docs/compiled.rst)
        if type(source) is not int or type(target) is not int or type(die) is not int or type(hit) is not bool:
            raise IllegalPlayError(f"not a step: {shown(step)}")
        if not (1 <= source <= BAR and OFF <= target < BAR and 1 <= die <= 6):
            raise IllegalPlayError(f"not a step: {shown(step)} (source 1..25, target 0..24, die 1..6)")
        reached = max(source - die, OFF)
        if target != reached:
            where = "off" if reached == OFF else str(reached)
            raise IllegalPlayError(f"not a step: {shown(step)} (a {die} from {source} reaches {where})")
        if hit and target == OFF:
            raise IllegalPlayError(f"not a step: {shown(step)} (a checker borne off hits nothing)")
    return out


@mypyc_attr(native_class=False)
class FieldTuple(tuple[Any, ...]):
    """The base of the values that are tuples of their fields (:class:`Position`,
    and :class:`Play` in the pure-Python build, see :mod:`nardy._tuple_play`):
    equal when their class and fields are (never to a plain tuple), pickled and
    copied as their class and fields (a play through :func:`make_play`), and
    without an order (``<`` compares no two of them)."""

    __slots__ = ()

    def __eq__(self, other: object) -> Any:  # NotImplemented, or what the fields' comparison gives
        if other.__class__ is self.__class__:
            return _tuple_eq(self, other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> Any:  # NotImplemented, or what the fields' comparison gives
        if other.__class__ is self.__class__:
            return not _tuple_eq(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = tuple.__hash__

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple(_tuple_iter(self))

    def __lt__(self, other: object) -> Any:  # NotImplemented: no order
        return NotImplemented

    def __le__(self, other: object) -> Any:  # NotImplemented: no order
        return NotImplemented

    def __gt__(self, other: object) -> Any:  # NotImplemented: no order
        return NotImplemented

    def __ge__(self, other: object) -> Any:  # NotImplemented: no order
        return NotImplemented


def _step_table() -> tuple[tuple[tuple[Step, Step], ...], ...]:
    """STEPS[source][die][hit]: every Step there can be, built once."""
    table = []
    for src in range(26):
        per_die = []
        for die in range(7):
            dst = max(src - die, 0)
            per_die.append((Step(src, dst, die, False), Step(src, dst, die, True)))
        table.append(tuple(per_die))
    return tuple(table)


STEPS: Final = _step_table()
#: STEPS_BY_DIE[die][source][hit]: the same Steps, indexed for the generator's loop (typed
#: with variable-length tuples, so that a compiled build indexes the pairs in place
#: instead of unpacking each into a struct and packing it again)
STEPS_BY_DIE: Final[tuple[tuple[tuple[Step, ...], ...], ...]] = tuple(
    tuple(STEPS[src][die] for src in range(26)) for die in range(7)
)


#: what :func:`make_play` passes to ``Play`` to set the search's fields (``origin``
#: and ``key``), which a play built by hand cannot claim
_GENERATED: Final = object()


def check_play_fields(origin: object, key: object, ordered: object, generated: object) -> None:
    """Refuse the search's fields (``origin``, ``key``) in a play built by hand,
    fields of another type in a generated one (unpickled, or made by
    :func:`make_play`), and an ``ordered`` that is no bool in either."""
    if generated is not _GENERATED:
        if origin is not None or key is not None:
            raise IllegalPlayError(
                "a play built by hand has steps and dice only: its origin and key are the search's"
                " (RuleSet.apply finds the play's key)"
            )
    elif (origin is not None and not isinstance(origin, Position)) or (key is not None and type(key) is not int):
        raise IllegalPlayError(
            f"a generated play's origin is a Position (or None) and its key an int (or None),"
            f" not {shown(origin)} and {shown(key)}"
        )
    if type(ordered) is not bool:
        raise IllegalPlayError(f"a play's ordered is True or False, not {shown(ordered)}")


class Play:
    """A legal play: the steps made with one roll (or with owed values).

    Two plays of the same position are the same play when they lead to the same
    resulting position (RULES.md 1.5); :meth:`nardy.RuleSet.legal_plays` returns
    one :class:`Play` per resulting position, with ``steps`` in one legal order.
    ``dice`` are the values the play was made with (the whole roll, including
    values that could not be used). Plays are equal when their steps and dice
    are; ``origin``, ``key`` and ``ordered`` are not part of equality.

    A play is a sequence of its steps (``len``, iteration, indexing, ``in``,
    :meth:`index`, :meth:`count`); it is immutable and hashable, and has no
    order. How it is stored is the build's own: a native class in the compiled
    build (see :doc:`/compiled`), a tuple of its fields in the pure-Python one,
    the cheapest object each build makes (a search returns many).

    ``Play(steps, dice)`` builds a play by hand, which :meth:`nardy.RuleSet.apply`
    checks like any other; ``origin`` and ``key`` are the search's own (they
    let ``apply`` skip a second search), so a play built by hand cannot claim them.
    Play is not meant to be subclassed (the compiled build refuses it).

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> play = rules.parse_play(rules.initial_position(), "13/11 6/5", (2, 1))
    >>> str(play), play.dice, len(play), [str(step) for step in play]
    ('13/11 6/5', (2, 1), 2, ['13/11', '6/5'])
    """

    # This class is the compiled build's layout. In the pure-Python build it is only
    # the base of the tuple layout (nardy._tuple_play), which takes its name at the
    # bottom of this module and whose __new__ makes its plays: that build never runs
    # this __init__, and never could (its assignments go through __setattr__; compiled,
    # __init__ writes the native fields directly).
    __slots__ = ()
    __match_args__: ClassVar = ("steps", "dice", "origin", "key", "ordered")

    # the fields (their docs are in _FIELD_DOCS, below). A play built by hand may hold any
    # steps and dice (RuleSet.apply checks them), so they are typed Sequence, which a
    # compiled build stores unchecked, and the methods read the steps untyped where they
    # look inside them; origin, key and ordered are checked before they are set
    steps: Sequence[Step]
    dice: Sequence[int]
    origin: Position | None
    key: int | None
    ordered: bool

    def __init__(
        self,
        steps: Sequence[Step],
        dice: Sequence[int],
        origin: Any = None,
        key: Any = None,
        ordered: object = False,
        _generated: object = None,
    ) -> None:
        # the compiled build's constructor (the pure build's tuple is made by its __new__)
        check_play_fields(origin, key, ordered, _generated)
        self.steps = steps
        self.dice = dice
        self.origin = origin
        self.key = key
        self.ordered = ordered is True  # a bool, checked above (narrowed for the compiler)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Play is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Play is immutable: cannot delete {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied with the search's fields, as make_play builds it in either build
        return make_play, (self.steps, self.dice, self.origin, self.key, self.ordered)

    def __eq__(self, other: object) -> Any:  # NotImplemented, or what the fields' comparison gives
        if other.__class__ is self.__class__:
            theirs: Any = other
            return self.steps == theirs.steps and self.dice == theirs.dice
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> Any:  # NotImplemented, or what the fields' comparison gives
        if other.__class__ is self.__class__:
            theirs: Any = other
            return self.steps != theirs.steps or self.dice != theirs.dice
        return True if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash((self.steps, self.dice))

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __reversed__(self) -> Iterator[Step]:
        steps: Any = self.steps
        return reversed(steps)  # type: ignore[no-any-return]

    @overload
    def __getitem__(self, index: SupportsIndex) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Step | Sequence[Step]:
        steps: Any = self.steps
        return steps[index]  # type: ignore[no-any-return]

    def __contains__(self, step: object) -> bool:
        return isinstance(step, Step) and step in self.steps  # no foreign __eq__ is asked

    def index(self, step: Any, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize) -> int:
        """The index of ``step`` among the steps (:class:`ValueError` if it is not one)."""
        if not isinstance(step, Step):
            raise ValueError(f"{shown(step)} is not a step of the play")
        steps: Any = self.steps
        return steps.index(step, start, stop)  # type: ignore[no-any-return]

    def count(self, step: Any) -> int:
        """How many of the steps are ``step``."""
        steps: Any = self.steps
        return steps.count(step) if isinstance(step, Step) else 0

    def __bool__(self) -> bool:
        return True

    @property
    def is_pass(self) -> bool:
        """True for the empty play (nothing could be moved)."""
        return not self.steps

    @property
    def hits(self) -> int:
        """Number of opposing checkers this play sends to the bar."""
        steps: Any = self.steps
        return sum(1 for s in steps if s.hit)

    def __str__(self) -> str:
        try:
            return play_text(self.steps, self.ordered)
        except Exception:  # noqa: BLE001 - a play built by hand of what is no step: shown, not read
            return shown(self.steps)

    def __repr__(self) -> str:
        return f"<Play {str(self)!r} dice={shown(self.dice)}>"


Sequence.register(Play)  # a sequence of its steps: isinstance, and sequence patterns in ``match``


@mypyc_attr(native_class=False)
class Position(FieldTuple):
    """A board position: both sides' checkers, the bars, and whose turn it is.

    ``white[i]`` is the number of White checkers on White's own point ``i + 1``,
    ``black[i]`` likewise in Black's own numbering. Borne-off checkers are the
    ones not on the board or the bar. ``white_moved``/``black_moved`` say whether
    that player has made its first play of the game (the long family's
    first-turn exception depends on it).

    Build positions with :meth:`nardy.RuleSet.position` or
    :meth:`nardy.RuleSet.initial_position`, which also check them against the
    ruleset. The constructor validates what it is given (:meth:`validate`), so
    every position can exist. Like :class:`Step`, a position is a tuple of its
    fields (in the order of the constructor's arguments), which makes it cheap
    to hash; it has no order, and equals no plain tuple.

    >>> import nardy
    >>> pos = nardy.ruleset("long").initial_position()
    >>> pos.turn, pos.points(Player.WHITE)[23], pos.off(Player.BLACK)
    (<Player.WHITE: 0>, 15, 0)
    >>> Position("short", (1,) * 24, (0,) * 24)
    Traceback (most recent call last):
    ...
    nardy.errors.InvalidPositionError: white has 24 checkers on the board and bar; at most 15
    """

    __slots__ = ()
    __match_args__ = ("family", "white", "black", "white_bar", "black_bar", "turn", "white_moved", "black_moved")

    # the fields, items of the tuple (the attributes are set below the class); a
    # position is checked when it is made (validate), so the methods read them typed
    family: Family
    white: tuple[int, ...]
    black: tuple[int, ...]
    white_bar: int
    black_bar: int
    turn: Player
    white_moved: bool
    black_moved: bool

    def __new__(
        cls,
        family: object,
        white: Sequence[int],
        black: Sequence[int],
        white_bar: object = 0,
        black_bar: object = 0,
        turn: object = Player.WHITE,
        white_moved: object = True,
        black_moved: object = True,
    ) -> Position:
        pos: Position = _tuple_new(cls, (family, white, black, white_bar, black_bar, turn, white_moved, black_moved))
        pos.validate()
        return pos

    def points(self, player: object) -> tuple[int, ...]:
        """The 24 checker counts of ``player``, in its own numbering (index 0 = point 1)."""
        if player is WHITE:
            return self.white
        if player is BLACK:
            return self.black
        raise _not_a_player(player)

    def bar(self, player: object) -> int:
        """Checkers of ``player`` on the bar (always 0 in the long family)."""
        if player is WHITE:
            return self.white_bar
        if player is BLACK:
            return self.black_bar
        raise _not_a_player(player)

    def off(self, player: object) -> int:
        """Checkers of ``player`` borne off."""
        if player is WHITE:
            return CHECKERS - sum(self.white) - self.white_bar
        if player is BLACK:
            return CHECKERS - sum(self.black) - self.black_bar
        raise _not_a_player(player)

    def has_moved(self, player: object) -> bool:
        """Whether ``player`` has made its first play of the game."""
        if player is WHITE:
            return self.white_moved
        if player is BLACK:
            return self.black_moved
        raise _not_a_player(player)

    def pips(self, player: object) -> int:
        """Pip count of ``player``: the total distance its checkers still have to run.

        >>> import nardy
        >>> nardy.ruleset("short").initial_position().pips(Player.BLACK)
        167
        """
        pts = self.points(player)
        return sum((i + 1) * n for i, n in enumerate(pts)) + 25 * self.bar(player)

    def owner(self, player: object, point: object) -> tuple[Player | None, int]:
        """Who holds ``point`` (in ``player``'s numbering) and how many checkers are there.

        >>> import nardy
        >>> start = nardy.ruleset("short").initial_position()
        >>> start.owner(Player.WHITE, 6), start.owner(Player.WHITE, 1), start.owner(Player.WHITE, 2)
        ((<Player.WHITE: 0>, 5), (<Player.BLACK: 1>, 2), (None, 0))
        """
        if type(point) is not int or not 1 <= point <= 24:
            raise InvalidPositionError(f"point {shown(point)} is not in 1..24 (the bar and off are no points)")
        mine = self.points(player)[point - 1]
        side = cast(Player, player)  # points() took it
        if mine:
            return side, mine
        theirs = self.points(side.other)[to_other_numbering(self.family, point) - 1]
        return (side.other, theirs) if theirs else (None, 0)

    def replace(self, **changes: Any) -> Position:
        """A copy with some fields changed, validated like a new position."""
        return Position(**{**dict(zip(Position.__match_args__, self, strict=True)), **changes})

    def validate(self) -> None:
        """Raise :class:`~nardy.InvalidPositionError` unless the position can exist
        (the constructor asks it; a position the search builds is valid by construction)."""
        # the fields as they were given, read untyped until they are checked
        family, white, black, white_bar, black_bar, turn, white_moved, black_moved = cast(Any, self)
        if type(family) is not str or family not in ("short", "long"):
            raise InvalidPositionError(f"unknown family {shown(family)}: use 'short' or 'long'")
        if not isinstance(turn, Player):
            raise InvalidPositionError(f"turn must be a Player, not {shown(turn)}")
        _check_side(family, Player.WHITE, white, white_bar)
        _check_side(family, Player.BLACK, black, black_bar)
        for name, flag in (("white_moved", white_moved), ("black_moved", black_moved)):
            if not isinstance(flag, bool):
                raise InvalidPositionError(f"{name} must be a bool, not {shown(flag)}")
        # Black's counts lined up with White's points (to_other_numbering); then say which point
        lined_up = black[::-1] if family == "short" else black[12:] + black[:12]
        if any(map(mul, white, lined_up)):  # counts are non-negative: a product is 0 unless both hold
            for i, n in enumerate(white):
                if n:
                    other = to_other_numbering(family, i + 1)
                    if black[other - 1]:
                        raise InvalidPositionError(
                            f"White's point {i + 1} (Black's {other}) holds checkers of both sides"
                        )

    def __str__(self) -> str:
        from nardy.render import board_text

        return board_text(self)

    def to_string(self, name: object = None) -> str:
        """The compact position string: ``"<name> <white> <black> <turn> <flags>"``.

        ``name`` is the family (default) or a ruleset name of that family; each side lists
        ``point:count`` in its own numbering from the highest point down
        (``bar:n`` first, ``-`` for nothing on the board); ``turn`` is ``w`` or
        ``b``; ``flags`` has one digit per side, White first: ``1`` once that
        side has made its first play. :meth:`from_string` reads it back.

        >>> import nardy
        >>> nardy.ruleset("short").initial_position().to_string()
        'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00'
        """
        if name is not None and family_of_name(name) != self.family:
            raise InvalidPositionError(
                f"{shown(name)} names a {family_of_name(name)}-family ruleset; this is a {self.family}-family position"
            )
        flags = f"{int(self.white_moved)}{int(self.black_moved)}"
        turn = "w" if self.turn == WHITE else "b"
        white = _side_text(self.white, self.white_bar)
        black = _side_text(self.black, self.black_bar)
        return f"{name or self.family} {white} {black} {turn} {flags}"

    @classmethod
    def from_string(cls, text: object) -> Position:
        """Read a position string (see :meth:`to_string`); the first field may be
        a family or any ruleset name or alias. Extra fields (a game's pending
        dice, see :func:`nardy.formats.game_string`) are not allowed here.

        >>> pos = Position.from_string("long 24:14,19:1 24:15 b 10")
        >>> pos.turn, pos.points(Player.WHITE)[18], pos.has_moved(Player.BLACK)
        (<Player.BLACK: 1>, 1, False)
        """
        fields = text.split() if isinstance(text, str) else []
        if len(fields) != 5:
            raise InvalidPositionError(
                f"a position string has 5 fields (name, white, black, turn, flags), got {shown(text)}"
            )
        name, white, black, turn, flags = fields
        if "[" in name:
            raise InvalidPositionError(
                f"a position string names a ruleset without options, not {shown(name)}; "
                "read a game string with nardy.Game.from_string or nardy.formats.from_text"
            )
        family = family_of_name(name)
        sides = [_read_side(white, "white", family), _read_side(black, "black", family)]
        if turn not in ("w", "b"):
            raise InvalidPositionError(f"turn must be 'w' or 'b', not {shown(turn)}")
        if len(flags) != 2 or any(c not in "01" for c in flags):
            raise InvalidPositionError(f"flags must be two digits 0/1 (White, Black), not {shown(flags)}")
        pos = make_position(
            family,
            sides[0][0],
            sides[1][0],
            sides[0][1],
            sides[1][1],
            Player.WHITE if turn == "w" else Player.BLACK,
            flags[0] == "1",
            flags[1] == "1",
        )
        pos.validate()
        return pos

    def __repr__(self) -> str:
        return f"Position.from_string({self.to_string()!r})"

    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter (see :mod:`nardy.svg`)."""
        from nardy import svg

        return svg.board(self)


def _side_text(pts: tuple[int, ...], bar: int) -> str:
    """One side of a position string: ``bar:n`` first, then ``point:count`` from the highest point down."""
    items = [f"bar:{bar}"] if bar else []
    items += [f"{i + 1}:{n}" for i in range(23, -1, -1) if (n := pts[i])]
    return ",".join(items) or "-"


#: builds a Position (and, in the pure-Python build, a Play) from the tuple of its fields,
#: without a Python ``__new__``
_tuple_new: Final = tuple.__new__
_tuple_eq: Final = tuple.__eq__
_tuple_iter: Final = tuple.__iter__

#: the type of a NamedTuple's field attributes (``Step.source``): a read-only
#: attribute for one item of the tuple, with a docstring
_FIELD_TYPE: Final[Any] = type(vars(Step)["source"])


def _field(index: int, doc: str) -> Any:
    """The read-only attribute for item ``index`` of a tuple-based value."""
    if _FIELD_TYPE is property:  # pragma: no cover - a Python whose namedtuple fields are properties
        return property(itemgetter(index), doc=doc)
    return _FIELD_TYPE(index, doc)


#: the docs of the fields of Play and Position, by class name
_FIELD_DOCS: Final[dict[str, tuple[str, ...]]] = {
    "Play": (
        "the steps, in one legal order",
        "the values the play was made with (the whole roll)",
        "the position the play was generated from (``None`` for a play built by hand)",
        "the search's identity of the resulting board, an int that packs the mover's checkers"
        " after the play and the points it hit (:func:`nardy.rules.kernel.board_key`). Equal"
        " keys from one origin are one play; it lets :meth:`nardy.RuleSet.apply` skip a second search",
        "True when the ruleset's legality depends on the order of the steps, so that ``str()``"
        " keeps the stored (legal) order instead of sorting moves",
    ),
    "Position": (
        "``\"short\"`` or ``\"long\"``",
        "White's checkers on its points 1..24 (index 0 = point 1)",
        "Black's checkers on its points 1..24 (index 0 = point 1)",
        "White's checkers on the bar",
        "Black's checkers on the bar",
        "the player to move",
        "whether White has made its first play of the game",
        "whether Black has made its first play of the game",
    ),
}


def set_fields(cls: type[Any]) -> None:
    """Give a tuple-based value class its fields' read-only attributes, with their docs."""
    for index, (name, doc) in enumerate(zip(cls.__match_args__, _FIELD_DOCS[cls.__name__], strict=True)):
        setattr(cls, name, _field(index, doc))


set_fields(Position)


def normalize_name(name: object) -> str:
    """A ruleset name or alias as the registry keeps it: lower case, ``_`` for
    ``-`` and spaces (``"Crazy Gulbar"`` is ``"crazy_gulbar"``).

    >>> normalize_name(" Long-Nardy ")
    'long_nardy'
    """
    text: Any = name  # a str; anything else fails as str's methods would
    return text.strip().lower().replace("-", "_").replace(" ", "_")  # type: ignore[no-any-return]


#: the family of every name a position string may start with: the two families, and
#: each ruleset name and alias that :func:`nardy.rules.register` gives it (normalised)
_FAMILY_OF_NAME: Final[dict[str, Family]] = {"short": "short", "long": "long"}


def register_family_name(name: str, family: object) -> None:
    """Let position strings start with ``name`` for a position of ``family``
    (:func:`nardy.rules.register` calls it for each ruleset name and alias)."""
    if family not in ("short", "long"):
        raise InvalidPositionError(f"unknown family {shown(family)}: use 'short' or 'long'")
    _FAMILY_OF_NAME[normalize_name(name)] = family


def family_of_name(name: object) -> Family:
    """The family of a position string's first field: a family, or a ruleset
    name or alias.

    >>> family_of_name("short"), family_of_name("tbilisi")
    ('short', 'long')
    """
    family = _FAMILY_OF_NAME.get(normalize_name(name)) if isinstance(name, str) else None
    if family is None:
        raise InvalidPositionError(f"unknown family or ruleset {shown(name)} in a position string")
    return family



def _step_point(text: str, edge: int, word: str) -> int | None:
    """A point of a step's text: 1..24, ``word`` (bar or off, any case) or its
    number ``edge`` (25 or 0); None when it is neither."""
    if text.lower() == word:
        return edge
    if text.isascii() and text.isdigit() and len(text) <= 2:
        point = int(text)
        if 1 <= point <= 24 or point == edge:
            return point
    return None


def _read_side(text: str, who: str, family: Family) -> tuple[tuple[int, ...], int]:
    pts = [0] * 24
    bar = 0
    if text == "-":
        return tuple(pts), 0
    for item in text.split(","):
        point, sep, count = item.partition(":")
        # ASCII digits only (str.isdigit alone also takes other scripts' digits)
        if not (sep and count.isdigit() and count.isascii()) or not (
            point == "bar" or point.isdigit() and point.isascii()
        ):
            raise InvalidPositionError(f"{who}: cannot read {shown(item)}; expected point:count or bar:count")
        if len(count) > 2 or len(point) > 3:
            raise InvalidPositionError(f"{who}: {shown(item)}: a count is at most 15, a point at most 24")
        n = int(count)
        if point == "bar":
            if family == "long":
                raise InvalidPositionError(f"{who}: the long family has no bar")
            bar += n
            continue
        p = int(point)
        if not 1 <= p <= 24:
            raise InvalidPositionError(f"{who}: point {point} is not in 1..24")
        if pts[p - 1]:
            raise InvalidPositionError(f"{who}: point {point} is listed twice")
        pts[p - 1] = n
    return tuple(pts), bar


def _check_side(family: str, player: Player, pts: object, bar: object) -> None:
    """One side of a position checked (:meth:`Position.validate`): 24 point counts and
    a bar count, ints of at most 15 checkers together, no bar in the long family."""
    if not isinstance(pts, tuple) or len(pts) != 24:
        got = len(pts) if isinstance(pts, tuple) else shown(pts)
        raise InvalidPositionError(f"{player} needs 24 point counts, got {got}")
    for i, n in enumerate(pts):
        if type(n) is not int or n < 0:
            raise InvalidPositionError(f"{player} point {i + 1}: count must be a non-negative int, got {shown(n)}")
    if type(bar) is not int or bar < 0:
        raise InvalidPositionError(f"{player} bar must be a non-negative int, got {shown(bar)}")
    if bar and family == "long":
        raise InvalidPositionError(f"{player} has {shown(bar)} on the bar: the long family has no bar")
    total = sum(pts) + bar
    if total > CHECKERS:
        raise InvalidPositionError(f"{player} has {shown(total)} checkers on the board and bar; at most {CHECKERS}")


def make_position(
    family: object,
    white: object,
    black: object,
    white_bar: object,
    black_bar: object,
    turn: object,
    white_moved: object,
    black_moved: object,
) -> Position:
    """Build a Position without validation, for code that built a valid board
    itself (the search's results are valid by construction). Nothing is
    checked, in either build: the arguments are untyped (``object``), so that
    a compiled build does not check them either."""
    return _tuple_new(Position, (family, white, black, white_bar, black_bar, turn, white_moved, black_moved))


@attrs.frozen
class Result:
    """How a finished game ended.

    ``winner`` is ``None`` for a draw (the last-roll rule). ``points`` is what
    the loser pays: the stake of the outcome times the cube. ``kind`` names the
    outcome: ``"oin"``, ``"mars"``, ``"koks"``, ``"home_mars"``,
    ``"checkers_left"``, ``"drop"`` (a double refused) or ``"draw"``.
    ``ending`` says how the game ended: ``"bear_off"``, ``"resign"``,
    ``"drop"`` or ``"draw"``; ``cube`` is the cube's value at the end.

    >>> Result(Player.WHITE, 2, "mars")
    Result(winner=<Player.WHITE: 0>, points=2, kind='mars', ending='bear_off', cube=1)
    """

    winner: Player | None
    points: int
    kind: str
    ending: str = "bear_off"
    cube: int = 1


def make_play(
    steps: object,
    dice: object,
    origin: object,
    key: object,
    ordered: object,
) -> Play:
    """Build a generated Play in one call (unlike ``Play(...)``, with the search's
    fields), checking only the types of ``origin``, ``key`` and ``ordered``."""
    return Play(cast(Any, steps), cast(Any, dice), origin, key, ordered, _GENERATED)


def generated_plays(
    plays: dict[int, tuple[Step, ...]], dice: tuple[int, ...], origin: Position, ordered: bool
) -> tuple[Play, ...]:
    """One generated :class:`Play` per item of ``plays`` (a search's board keys and
    their steps), made with ``dice`` from ``origin``: :func:`make_play` for many plays
    in one call, each in its build's layout."""
    if COMPILED:  # the compiled build: the constructor of a native class, a C call here
        if len(plays) == 1:  # a forced play or a pass, the commonest count: without a list
            for key, steps in plays.items():
                return (Play(steps, dice, origin, key, ordered, _GENERATED),)
        return tuple([Play(steps, dice, origin, key, ordered, _GENERATED) for key, steps in plays.items()])
    # the pure-Python build: each play built from the tuple of its fields, without __new__
    cls: Any = Play  # (the tuple layout, nardy._tuple_play)
    count = len(plays)
    if count == 1:  # a forced play or a pass, the commonest count: its one play, without a list
        for key, steps in plays.items():
            return (_tuple_new(cls, (steps, dice, origin, key, ordered)),)
    if count < 6:  # a few: starting the iterators below would cost more
        return tuple([_tuple_new(cls, (steps, dice, origin, key, ordered)) for key, steps in plays.items()])
    # many: map and zip run the loop in C (zip builds each play's tuple of fields)
    fields = zip(plays.values(), repeat(dice), repeat(origin), plays, repeat(ordered))
    return tuple(map(_tuple_new, repeat(cls), fields))


# --------------------------------------------------------------------------- play text


def format_point(point: object) -> str:
    """``bar`` for 25, ``off`` for 0, the number otherwise.

    >>> format_point(25), format_point(0), format_point(13)
    ('bar', 'off', '13')
    """
    if type(point) is not int or not OFF <= point <= BAR:
        raise InvalidPositionError(f"a point is an int 0..25 (0 off, 25 the bar), not {shown(point)}")
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def _chains(steps: Sequence[Any], ordered: object) -> list[list[Any]]:
    """Group steps into the paths of single checkers, in the order given.

    With ``ordered`` (a ruleset where the order of steps matters) only steps
    that follow each other are joined, so the text keeps the legal order.
    """
    chains: list[list[Any]] = []  # the steps untyped: play_text also shows steps built by hand
    for step in steps:
        candidates = chains[-1:] if ordered else chains
        for chain in candidates:
            last = chain[-1]
            if last.target == step.source and last.target != OFF:
                chain.append(step)
                break
        else:
            chains.append([step])
    return chains


def play_text(steps: Sequence[Step], ordered: object = False) -> str:
    """The gnubg-style text of a play's steps (``str(play)``, RULES.md 1.4);
    ``pass`` for none.

    The steps of one checker join into one move that keeps an intermediate
    point only where it hit (``13/7*/5``); moves are listed from the highest
    source down, unless ``ordered`` (the order of the steps carries meaning)
    keeps them as given; repeats are grouped (``8/5(2)``).

    >>> play_text((Step(13, 7, 6, True), Step(7, 5, 2)))
    '13/7*/5'
    >>> play_text((Step(8, 5, 3), Step(8, 5, 3), Step(6, 5, 1), Step(6, 5, 1)))
    '8/5(2) 6/5(2)'
    """
    if not steps:
        return "pass"
    # each move: (source, target, path text without a final hit, final hit)
    moves: list[tuple[Any, Any, str, Any]] = []
    for chain in _chains(steps, ordered):
        parts = [format_point(chain[0].source)]
        for step in chain[:-1]:
            if step.hit:
                parts.append(f"{step.target}*")
        last = chain[-1]
        parts.append(format_point(last.target))
        moves.append((chain[0].source, last.target, "/".join(parts), last.hit))
    if not ordered:  # gnubg order; a ruleset where order matters keeps the legal one
        moves.sort(key=lambda m: (-m[0], -m[1]))
    out: list[str] = []
    i = 0
    while i < len(moves):  # repeats are grouped, a hit by any of them shown once: 13/7*(2)
        j = i
        while j < len(moves) and moves[j][2] == moves[i][2]:
            j += 1
        text = moves[i][2] + ("*" if any(m[3] for m in moves[i:j]) else "")
        out.append(text if j - i == 1 else f"{text}({j - i})")
        i = j
    return " ".join(out)


#: the 21 distinct rolls, larger die first: doubles 1/36 each, the others 1/18
ROLLS: Final[tuple[tuple[int, int], ...]] = tuple(
    (a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)
)


def roll_probability(roll: object) -> float:
    """The chance of ``roll`` (either order): 1/36 for a double, 1/18 otherwise.

    >>> roll_probability((6, 6)), roll_probability((2, 5)) == 1 / 18
    (0.027777777777777776, True)
    >>> round(sum(roll_probability(r) for r in ROLLS), 12)
    1.0
    """
    dice: Any = roll
    if not (
        type(dice) in (tuple, list)
        and len(dice) == 2
        and all(type(die) is int and 1 <= die <= 6 for die in dice)
    ):
        raise InvalidDiceError(f"a roll is two ints 1..6, not {shown(roll)}")
    a, b = dice
    return 1 / 36 if a == b else 1 / 18


#: (roll, probability) for each of the 21 distinct rolls: a chance node's outcomes
CHANCE_OUTCOMES: Final = tuple((roll, roll_probability(roll)) for roll in ROLLS)


if not COMPILED:  # the pure-Python build: a play is a tuple of its fields (see nardy._tuple_play)
    from nardy._tuple_play import tuple_play  # noqa: E402

    Play = tuple_play(Play)  # type: ignore[misc]
