"""The ruleset base class: options, positions, and the questions the kernel answers.

A :class:`RuleSet` is a stateless, immutable object: it answers questions about
positions (which plays are legal, what a play leads to, who won and how much)
and never stores a game. Every question about a play goes to one search, the
ruleset's :class:`~nardy.rules.kernel.Kernel`. Variants subclass a ruleset and
change it through a few named hooks:

=========================  ==========================================================
hook / metadata            what it decides
=========================  ==========================================================
``family`` (ClassVar)      geometry: ``"short"`` (hitting, bar, opposite directions)
                           or ``"long"`` (same direction, a single checker holds a
                           point)
``start`` (ClassVar)       the checkers each side starts with
``OPTIONS`` (ClassVar)     the options the ruleset accepts, with its defaults
``configure()``            read the options into typed attributes (once)
``constraints()``          the ruleset's own rules on steps and plays, each a
                           :class:`~nardy.rules.kernel.Constraint`
``head_allowance()``       how many checkers may leave the head in this play
``bearoff_rule()``         the bear-off options of RULES.md 3.4
``make_turn_flow()``       what follows each play (:mod:`nardy.flow`)
``score()``                the result when a side has borne off everything
=========================  ==========================================================

:doc:`/extending` builds a variant in a few lines.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, SupportsIndex, cast, overload

from nardy._mypyc import mypyc_attr
from nardy.core import (
    BLACK,
    CHECKERS,
    ROLLS,
    STEPS,
    WHITE,
    Family,
    Play,
    Player,
    Position,
    PositionFields,
    Result,
    Step,
    check_steps,
    make_play,
    make_position,
)
from nardy.errors import IllegalPlayError, InvalidDiceError, InvalidPositionError, OptionError, format_dice, shown
from nardy.flow import ROLL_CONTEXT, Pending, PlayContext, TurnFlow
from nardy.rules.kernel import BearOffRule, Constraint, Found, Kernel, key_hits
from nardy.rules.options import Option, Options
from nardy.rules.results import plays, position_after, positions_after

__all__ = ["Afterstates", "Option", "RuleSet", "PlayContext", "Pending", "Roll"]

Roll = tuple[int, ...]

# values read on every call, bound again here: in the compiled build a module's own
# Final names are C variables, while a name imported from a Python module is looked
# up in this module's dict at every read
_ROLL_CONTEXT: Final = ROLL_CONTEXT
_POSITION: Final[type[Position]] = Position
_PLAY: Final[type[Play]] = Play
#: the values a roll of two dice plays, at ``6 * a + b - 7`` for the roll ``(a, b)``: a
#: double gives four, largest first
_ROLL_VALUES: Final[tuple[Roll, ...]] = tuple(
    (a,) * 4 if a == b else (max(a, b), min(a, b)) for a in range(1, 7) for b in range(1, 7)
)


class Afterstates:
    """The positions one roll can lead to: one per legal play, in the order of
    :meth:`RuleSet.legal_plays`, each built when first asked for and the plays
    only on demand.

    What a bot that evaluates positions needs: pick the best position, then
    play it with :meth:`play`. It is a read-only sequence of
    :class:`~nardy.Position` values (``len``, indexing, iteration, ``in``,
    :meth:`index`), each the position after its play with the turn passed on,
    as :meth:`RuleSet.apply` gives it. Iterating builds every position in one
    go; indexing builds only the one asked for (a random rollout picks one
    position per roll and pays for one). Distinct plays lead to distinct
    positions, except in Crazy Gulbar, where two plays to one board that
    differ in whether the last checker came home on the fourth step are both
    kept (RULES.md 4.8).

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> after = rules.afterstates(rules.initial_position(), (6, 5))
    >>> len(after), after[0].turn, after[0].points(nardy.WHITE)[12]  # 24/13: six on 13
    (7, <Player.BLACK: 1>, 6)
    >>> best = max(range(len(after)), key=lambda i: -after[i].pips(nardy.WHITE))
    >>> after.play(best)
    <Play '24/13' dice=(6, 5)>
    >>> after.plays() == rules.legal_plays(rules.initial_position(), (6, 5))
    True
    """

    __slots__ = ("origin", "dice", "_found", "_keys", "_turn", "_own_roll", "_ordered", "_all", "_some")

    def __init__(self, found: object, turn: object, own_roll: object, ordered: object) -> None:
        # read untyped, so that both builds refuse the same way what no search made
        if type(found) is not Found or type(turn) is not Player or type(own_roll) is not bool or type(
            ordered
        ) is not bool:
            raise IllegalPlayError("Afterstates are made by RuleSet.afterstates (or Game.afterstates), not by hand")
        #: the position the plays start from
        self.origin: Position = found.pos
        #: the values played (a double as four)
        self.dice: Roll = found.values
        self._found = found
        self._keys = tuple(found.plays)
        self._turn = turn
        self._own_roll = own_roll
        self._ordered = ordered
        self._all: tuple[Position, ...] | None = None
        self._some: dict[int, Position] | None = None

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every resulting position, as a tuple (built once)."""
        every = self._all
        if every is None:
            every = self._all = tuple(
                positions_after(self.origin, self._keys, self._turn, self._own_roll)
            )
        return every

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> Position: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Position, ...]: ...

    def __getitem__(self, index: int | slice) -> Position | tuple[Position, ...]:
        every = self._all
        if every is not None or type(index) is not int:
            return self.positions[index]  # a slice gives a tuple, as a tuple's does
        some = self._some
        if some is None:
            some = self._some = {}
        position = some.get(index)
        if position is None:
            keys: Any = self._keys  # indexed as an object: a tuple's IndexError in both builds (2**70 too)
            key = keys[index]
            position = some[index] = position_after(self.origin, key, self._turn, self._own_roll)
        return position

    def __iter__(self) -> Iterator[Position]:
        return iter(self.positions)

    def __contains__(self, position: object) -> bool:
        return type(position) is _POSITION and position in self.positions  # no foreign == is asked

    def index(self, position: Position) -> int:
        """The index of ``position`` (:class:`ValueError` if no play leads to it)."""
        if type(position) is not _POSITION:
            raise ValueError(f"{shown(position)} is not a position of the afterstates")
        return self.positions.index(position)

    def play(self, index: SupportsIndex) -> Play:
        """The legal play that leads to ``self[index]`` (an int index, as a tuple takes it)."""
        if isinstance(index, slice):
            raise TypeError(f"Afterstates.play() takes an int index, not {shown(index)}; slice plays() instead")
        key = self._keys[index]
        found = self._found
        return make_play(found.plays[key], found.values, found.pos, key, self._ordered)

    def plays(self) -> tuple[Play, ...]:
        """Every play, in the order of the positions (what :meth:`RuleSet.legal_plays` returns)."""
        return plays(self._found, self._ordered)

    def __repr__(self) -> str:
        count = len(self._keys)
        return f"<Afterstates of {self.origin!r} dice={self.dice}: {count} position{'' if count == 1 else 's'}>"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied with its plays (the positions are built again when read),
        the same way in both builds."""
        return Afterstates, (self._found, self._turn, self._own_roll, self._ordered)


Sequence.register(Afterstates)


def _rebuild(name: str, options: dict[str, object]) -> RuleSet:
    """A ruleset pickled by name (the way of earlier versions), from the registry."""
    from nardy.rules import ruleset

    return ruleset(name, **options)


def _rebuild_class(cls: type[RuleSet], options: dict[str, object]) -> RuleSet:
    """A ruleset pickled by its class: ``cls(**options)``."""
    return cls(**options)


@mypyc_attr(allow_interpreted_subclasses=True)
class RuleSet:
    """Base class of every ruleset: options, positions and the questions about plays.

    Create rulesets with :func:`nardy.ruleset`. They are immutable and
    thread-safe; equal names and options make equal rulesets.

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> rules.name, rules.family
    ('short', 'short')
    >>> len(rules.legal_plays(rules.initial_position(), (6, 5)))
    7
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    family: ClassVar[Family] = "short"
    aliases: ClassVar[tuple[str, ...]] = ()
    #: checkers per point at the start, in each player's own numbering
    start: ClassVar[Mapping[int, int]] = {}
    #: the options this ruleset accepts, each with this ruleset's default
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, /, **options: object) -> None:
        known = {opt.name: opt for opt in self.OPTIONS}
        values: dict[str, object] = {}
        for key, value in options.items():
            if key not in known:
                allowed = ", ".join(sorted(known)) or "none"
                raise OptionError(f"{self.name} has no option {shown(key)}; its options are: {allowed}")
            values[key] = known[key].check(value)
        self._options = Options(self.name, {opt.name: values.get(opt.name, opt.default) for opt in self.OPTIONS})
        self._hash = hash((self.name, hash(self._options)))
        self.configure()
        self._flow = self.make_turn_flow()
        #: the search that answers every question about a play
        self.kernel = Kernel(self.family, self.bearoff_rule(), (*self.constraints(), *self.flow_constraints()))
        self._splits = type(self._flow).splits_on_home_step is not TurnFlow.splits_on_home_step
        self._heads = type(self).head_allowance is not RuleSet.head_allowance  # a head rule to ask
        self._last: Found | None = None

    # -- hooks ---------------------------------------------------------------

    def configure(self) -> None:
        """Read the options into typed attributes (called once by ``__init__``,
        before :meth:`constraints`, :meth:`bearoff_rule` and :meth:`make_turn_flow`)."""

    def constraints(self) -> tuple[Constraint, ...]:
        """This ruleset's own rules on steps and plays, as the options select them.

        The universal rules (RULES.md 2 and 3) are the kernel's; these come on top.
        """
        return ()

    def flow_constraints(self) -> tuple[Constraint, ...]:
        """The rules that come with the turn flow's doubles (the cascade's
        fourth-step rule of the long family), searched with :meth:`constraints`."""
        return ()

    def head_allowance(self, pos: Position, values: Roll, context: PlayContext) -> int | None:
        """How many checkers may leave the head (point 24) in this play (``None``: any)."""
        return None

    def bearoff_rule(self) -> BearOffRule:
        """The bear-off options of RULES.md 3.4 in force."""
        opts = self._options
        return BearOffRule(
            exact_only=bool(opts["bearoff_exact_only"]) if "bearoff_exact_only" in opts else False,
            home_moves=bool(opts["home_moves_after_all_home"]) if "home_moves_after_all_home" in opts else True,
            overshoot_start=(
                opts["bearoff_overshoot_check"] == "turn_start" if "bearoff_overshoot_check" in opts else False
            ),
        )

    def make_turn_flow(self) -> TurnFlow:
        """The turn-flow policy: one play per turn, with this ruleset's opening."""
        opts = self._options
        return TurnFlow(
            opening_reroll="opening_roll" in opts and opts["opening_roll"] == "reroll",
            last_roll_draw="last_roll_draw" in opts and bool(opts["last_roll_draw"]),
        )

    def score(self, pos: Position, winner: Player) -> Result:
        """The result when ``winner`` has borne off everything in ``pos``
        (an override starts with :meth:`check_winner`)."""
        raise NotImplementedError

    def stakes(self) -> dict[int, str]:
        """The results a game of this ruleset can be won by, before the cube: the
        points and the kind of each, as :meth:`score` gives them. These are the
        stakes :meth:`Game.resign <nardy.Game.resign>` takes. A ruleset whose
        :meth:`score` gives other results says so here too.

        >>> import nardy
        >>> nardy.ruleset("short", max_result="mars").stakes()
        {1: 'oin', 2: 'mars'}
        >>> nardy.ruleset("long").stakes()
        {1: 'oin', 2: 'mars'}
        """
        return {1: "oin", 2: "mars", 3: "koks"}

    def check_winner(self, pos: object, winner: object) -> None:
        """Raise :class:`~nardy.InvalidPositionError` unless ``pos`` is a valid
        position of this ruleset in which ``winner`` has borne off all its checkers.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> rules.check_winner(rules.initial_position(), nardy.WHITE)
        Traceback (most recent call last):
        ...
        nardy.errors.InvalidPositionError: white has not borne off all its checkers: there is no result to score
        """
        position = cast(Position, pos)
        self.check_position(position)
        position.validate()
        if type(winner) is not Player:
            raise InvalidPositionError(f"winner must be Player.WHITE or Player.BLACK, not {shown(winner)}")
        if position.off(winner) != CHECKERS:
            raise InvalidPositionError(f"{winner} has not borne off all its checkers: there is no result to score")

    # -- the turn flow before nardy.flow (deprecated) ----------------------------

    def opening(self, first: Player, dice: Sequence[int]) -> Pending:
        """Deprecated: ``rules.turn_flow.opening(first, dice)``."""
        _deprecated("RuleSet.opening", "RuleSet.turn_flow.opening")
        if type(first) is not Player:
            raise InvalidPositionError(f"first must be Player.WHITE or Player.BLACK, not {shown(first)}")
        values = self.expand_dice(dice)  # two dice 1..6, the larger (the winner's) first
        return self._flow.opening(first, values[:2] if len(values) == 2 else values[:1] * 2)

    def after_play(self, pending: Pending, pos: Position, play: Play) -> Pending:
        """Deprecated: ``rules.turn_flow.after_play(pending, pos, play)``."""
        _deprecated("RuleSet.after_play", "RuleSet.turn_flow.after_play")
        if not isinstance(pending, Pending) or getattr(pending, "phase") != "play":
            raise IllegalPlayError(f"expected the Pending state of a play, not {shown(pending)}")
        self.check_position(pos)
        if not isinstance(play, Play):
            raise IllegalPlayError(f"expected a Play, got {shown(play)}")
        return self._flow.after_play(pending, pos, play)

    @staticmethod
    def next_turn(pending: Pending, player: Player, **changes: Any) -> Pending:
        """Deprecated: ``nardy.flow.TurnFlow.next_turn(pending, player)``."""
        _deprecated("RuleSet.next_turn", "nardy.flow.TurnFlow.next_turn")
        return TurnFlow.next_turn(pending, player, **changes)

    # -- identity --------------------------------------------------------------

    @property
    def options(self) -> Options:
        """Every option of this ruleset with its value (defaults included), read-only."""
        return self._options

    def option(self, name: object) -> Any:
        """The value of one option; an option this ruleset does not declare is an error."""
        return self._options[name]

    @property
    def turn_flow(self) -> TurnFlow:
        """What follows each play, the doubles rule and the opening (:mod:`nardy.flow`)."""
        return self._flow

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and self.name == other.name and self._options == other._options

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its class (a reference: module and name), registered or not, with the
        # options that differ from the defaults; rebuilt as cls(**options), so the hash is
        # recomputed in the new process
        changed = {opt.name: self._options[opt.name] for opt in self.OPTIONS if self._options[opt.name] != opt.default}
        return (_rebuild_class, (type(self), changed))

    def __repr__(self) -> str:
        changed = [
            f", {opt.name}={self._options[opt.name]!r}"
            for opt in self.OPTIONS
            if self._options[opt.name] != opt.default
        ]
        return f"nardy.ruleset({self.name!r}{''.join(changed)})"

    # -- positions -------------------------------------------------------------

    def initial_position(self) -> Position:
        """The start position: White to move, neither side has made its first play."""
        pts = [0] * 24
        for point, count in self.start.items():
            pts[point - 1] = count
        t = tuple(pts)
        return make_position(self.family, t, t, 0, 0, Player.WHITE, False, False)

    def position(
        self,
        white: Sequence[int],
        black: Sequence[int],
        white_bar: object = 0,
        black_bar: object = 0,
        turn: object = Player.WHITE,
        white_moved: object = True,
        black_moved: object = True,
    ) -> Position:
        """Build and validate a position of this ruleset's family.

        ``white[i]`` is the number of White checkers on White's point ``i + 1``,
        ``black[i]`` the same in Black's own numbering; checkers not on the board
        or the bar are borne off.

        >>> import nardy
        >>> rules = nardy.ruleset("long")
        >>> black = [0] * 24; black[23] = 15
        >>> pos = rules.position(white=[0] * 23 + [15], black=black, turn=Player.BLACK)
        >>> pos.turn, pos.off(Player.WHITE)
        (<Player.BLACK: 1>, 0)
        >>> rules.position(white=[1] * 24, black=black)
        Traceback (most recent call last):
        ...
        nardy.errors.InvalidPositionError: white has 24 checkers on the board and bar; at most 15
        """
        if isinstance(white, (str, bytes)) or isinstance(black, (str, bytes)):
            raise InvalidPositionError("white and black must be sequences of 24 ints")
        try:
            wt, bt = tuple(white), tuple(black)
        except TypeError:
            raise InvalidPositionError("white and black must be sequences of 24 ints") from None
        if not isinstance(turn, Player):
            raise InvalidPositionError(f"turn must be Player.WHITE or Player.BLACK, not {shown(turn)}")
        pos = make_position(
            self.family,
            wt,
            bt,
            _bar_count(Player.WHITE, white_bar),
            _bar_count(Player.BLACK, black_bar),
            turn,
            _flag("white_moved", white_moved),
            _flag("black_moved", black_moved),
        )
        pos.validate()
        self.check_position(pos)
        return pos

    def check_position(self, pos: Position) -> None:
        """Raise :class:`~nardy.InvalidPositionError` if ``pos`` cannot occur in this ruleset."""
        if not isinstance(pos, Position):
            raise InvalidPositionError(f"expected a Position, not {shown(pos)}")
        if pos.family != self.family:
            raise InvalidPositionError(
                f"a {pos.family}-family position cannot be used with {self.name} ({self.family} family)"
            )

    # -- dice --------------------------------------------------------------------

    def expand_dice(self, dice: Sequence[int], context: PlayContext = ROLL_CONTEXT) -> Roll:
        """The values to play for ``dice``: a double gives four, largest first.

        >>> import nardy
        >>> nardy.ruleset("short").expand_dice((3, 3))
        (3, 3, 3, 3)
        """
        given: object = dice  # checked as it is (mypyc would convert what is typed int)
        if (
            type(given) is tuple
            and len(given) == 2
            and (
                context is _ROLL_CONTEXT
                or type(context) is PlayContext and _check_context(context) and context.kind in ("roll", "reroll")
            )
        ):
            a, b = given  # the common case, checked quickly
            if type(a) is int and type(b) is int and 0 < a < 7 and 0 < b < 7:
                return _ROLL_VALUES[6 * a + b - 7]
        if isinstance(given, (str, bytes, bytearray, memoryview)):  # text and bytes are not dice
            raise InvalidDiceError(f"dice must be a sequence of ints 1..6, not {shown(given)}")
        try:
            vals: tuple[Any, ...] = tuple(dice)  # checked below
        except TypeError:
            raise InvalidDiceError(f"dice must be a sequence of ints 1..6, not {shown(dice)}") from None
        if len(vals) > 4:
            raise InvalidDiceError(f"a play uses 1 to 4 values, got {shown(vals)}")
        for v in vals:
            if type(v) is not int or not 1 <= v <= 6:
                raise InvalidDiceError(f"dice values must be ints 1..6, got {shown(vals)}")
        if not isinstance(context, PlayContext):
            raise InvalidDiceError(f"context must be a PlayContext, not {shown(context)}")
        _check_context(context)
        if context.kind in ("roll", "reroll"):
            if len(vals) != 2:
                raise InvalidDiceError(f"a roll is two dice, got {shown(vals)}")
            if vals[0] == vals[1]:
                return (vals[0],) * 4
        elif not 1 <= len(vals) <= 4:
            raise InvalidDiceError(f"a play uses 1 to 4 values, got {shown(vals)}")
        return tuple(sorted(vals, reverse=True))

    # -- the search --------------------------------------------------------------

    def search(
        self, pos: Position, dice: Sequence[int], context: PlayContext = ROLL_CONTEXT, *, for_steps: object = False
    ) -> Found:
        """Run the kernel's search for ``dice`` in ``pos``: the legal plays as
        boards and one step order each (:class:`~nardy.rules.kernel.Found`).

        The last search is remembered, so asking several questions about one
        position object and roll (the plays, then the steps one by one)
        searches once. ``for_steps`` also notes which first steps begin a legal
        play, for step-by-step input.
        """
        if for_steps is not False and for_steps is not True:  # read untyped, so that both builds say this
            raise IllegalPlayError(f"for_steps must be a bool, not {shown(for_steps)}")
        values = self.expand_dice(dice, context)
        if type(pos) is not _POSITION or pos.family != self.family:
            self.check_position(pos)
        last = self._last
        if (
            last is not None
            and last.pos is pos
            and last.values == values
            and (last.context is context or last.context == context)
        ):
            return last
        limit = self.head_allowance(pos, values, context) if self._heads else None
        found = self.kernel.generate(pos, values, context, limit, True, for_steps is True)
        self._last = found
        return found

    def ordered(self, found: object) -> bool:
        """Whether the order of a play's steps carries meaning here (a rule
        depends on it, or plays are told apart by it), so that notation keeps it.
        ``found`` is a :meth:`search` result."""
        if type(found) is not Found:
            raise IllegalPlayError(f"expected the result of RuleSet.search, not {shown(found)}")
        return not self.kernel.order_free or (self._splits and self._flow.splits_on_home_step(found.context))

    def max_steps(self, pos: Position, values: object, context: PlayContext, head_limit: object) -> int:
        """How many of ``values`` can be played with ``head_limit`` head checkers
        (``M`` of RULES.md 2.3; the long family's first-turn exception compares two).
        ``values`` are the values to play, a double as four (:meth:`expand_dice`)."""
        given: Any = values  # checked as they are (mypyc would convert what is typed int)
        if not (type(given) is tuple and 1 <= len(given) <= 4 and all(type(v) is int and 1 <= v <= 6 for v in given)):
            raise InvalidDiceError(f"values must be a tuple of 1 to 4 ints 1..6, not {shown(given)}")
        if not isinstance(context, PlayContext):
            raise InvalidDiceError(f"context must be a PlayContext, not {shown(context)}")
        if head_limit is not None and (type(head_limit) is not int or head_limit < 0):
            raise IllegalPlayError(f"head_limit must be None or a non-negative int, not {shown(head_limit)}")
        if type(pos) is not _POSITION or pos.family != self.family:
            self.check_position(pos)
        return self.kernel.count(pos, given, context, head_limit)

    def legal_plays(
        self, pos: Position, dice: Sequence[int], context: PlayContext = ROLL_CONTEXT
    ) -> tuple[Play, ...]:
        """Every legal play of ``pos.turn`` with ``dice``: one per resulting position.

        ``dice`` is a roll of two dice (a double is played four times) or, with a
        non-default ``context``, a list of values such as Gulbar's owed steps.
        Never empty: when nothing can move, the only play is the empty play.

        >>> import nardy
        >>> rules = nardy.ruleset("long")
        >>> [str(p) for p in rules.legal_plays(rules.initial_position(), (6, 6))]
        ['24/18(2)']
        """
        found = self.search(pos, dice, context)
        return plays(found, self.ordered(found))

    def afterstates(
        self,
        pos: Position,
        dice: Sequence[int],
        context: PlayContext = ROLL_CONTEXT,
        *,
        turn: Player | None = None,
    ) -> Afterstates:
        """The positions the legal plays of ``dice`` lead to, one per play, with
        the plays themselves built only on demand (:class:`Afterstates`).

        Each position is ``apply(pos, play)``: the turn passes to the opponent
        (or to ``turn``), and a play of the player's own roll counts as its
        first play of the game; a re-roll, owed values or a cascade stage do
        not (``context``).

        >>> import nardy
        >>> rules = nardy.ruleset("long")
        >>> after = rules.afterstates(rules.initial_position(), (6, 6))
        >>> [p.to_string() for p in after], str(after.play(0))
        (['long 24:13,18:2 24:15 b 10'], '24/18(2)')
        """
        found = self.search(pos, dice, context)
        if turn is None:
            turn = pos.turn.other
        elif type(turn) is not Player:
            raise InvalidPositionError(f"turn must be a Player, not {shown(turn)}")
        return Afterstates(found, turn, context.kind == "roll", self.ordered(found))

    def legal_plays_by_roll(
        self, pos: Position, context: PlayContext = ROLL_CONTEXT
    ) -> dict[tuple[int, int], tuple[Play, ...]]:
        """The legal plays of ``pos`` for each of the 21 distinct rolls
        (:data:`nardy.ROLLS`), for search over chance.

        >>> import nardy
        >>> by_roll = nardy.ruleset("short").legal_plays_by_roll(nardy.ruleset("short").initial_position())
        >>> len(by_roll), sum(len(p) for p in by_roll.values())
        (21, 447)
        """
        return {roll: self.legal_plays(pos, roll, context) for roll in ROLLS}

    def afterstates_by_roll(
        self, pos: Position, context: PlayContext = ROLL_CONTEXT
    ) -> dict[tuple[int, int], Afterstates]:
        """The :meth:`afterstates` of ``pos`` for each of the 21 distinct rolls
        (:data:`nardy.ROLLS`): a chance node's children, for expectimax and
        rollouts (weights: :data:`nardy.CHANCE_OUTCOMES`).

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> children = rules.afterstates_by_roll(rules.initial_position())
        >>> len(children), sum(len(a) for a in children.values())
        (21, 447)
        """
        return {roll: self.afterstates(pos, roll, context) for roll in ROLLS}

    # -- step-by-step input ----------------------------------------------------

    def next_steps(
        self,
        pos: Position,
        dice: Sequence[int],
        prefix: Sequence[Step] = (),
        context: PlayContext = ROLL_CONTEXT,
    ) -> tuple[Step, ...]:
        """The steps that may follow ``prefix``: those that keep it the beginning
        of some legal order of some legal play (RULES.md 1.5). Empty once
        ``prefix`` is a whole legal play; a prefix that no legal play begins with
        is an :class:`~nardy.IllegalPlayError` naming the rule it breaks.

        >>> import nardy
        >>> rules = nardy.ruleset("long")
        >>> [str(s) for s in rules.next_steps(rules.initial_position(), (6, 5))]
        ['24/18', '24/19']
        >>> [str(s) for s in rules.next_steps(rules.initial_position(), (6, 5), [nardy.Step(24, 18, 6)])]
        ['18/13']
        """
        found = self.search(pos, dice, context, for_steps=True)
        steps = _steps(prefix)
        nxt, refusal, complete = self.kernel.probe(found, steps)
        if refusal is not None:
            raise IllegalPlayError(_with_step(steps, refusal.text(), refusal.step))
        if not nxt and not complete:
            raise IllegalPlayError(self._explain_found(found, steps))
        return nxt

    def play_from_steps(
        self,
        pos: Position,
        dice: Sequence[int],
        steps: Sequence[Step],
        context: PlayContext = ROLL_CONTEXT,
        *,
        any_order: object = False,
    ) -> Play:
        """The legal play that ``steps`` make, played in this very order (for
        step-by-step input and records), or with ``any_order`` in whichever
        order is legal.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> str(rules.play_from_steps(rules.initial_position(), (6, 5), [nardy.Step(24, 18, 6), nardy.Step(18, 13, 5)]))
        '24/13'
        """
        found = self.search(pos, dice, context)
        walked = _steps(steps)
        if any_order is not False and any_order is not True:
            raise IllegalPlayError(f"any_order must be a bool, not {shown(any_order)}")
        if any_order:
            key, _, refusal = self.kernel.walk(found, walked, any_order=True)
            if refusal is not None or key is None or not self.kernel.completes(found, walked, key):
                key = None
        else:
            key = self.kernel.whole(found, walked)
        if key is not None:
            return make_play(found.plays[key], found.values, found.pos, key, self.ordered(found))
        raise IllegalPlayError(self._explain_found(found, walked, any_order=any_order is True))

    def position_after_steps(
        self,
        pos: Position,
        dice: Sequence[int],
        steps: Sequence[Step],
        context: PlayContext = ROLL_CONTEXT,
    ) -> Position:
        """The board after the first ``steps`` of a play, still the mover's turn
        (to show a play in progress). Each step must be legal where it is played.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> after = rules.position_after_steps(rules.initial_position(), (6, 5), [nardy.Step(24, 18, 6)])
        >>> after.points(nardy.WHITE)[17], after.turn
        (1, <Player.WHITE: 0>)
        """
        found = self.search(pos, dice, context)
        walked = _steps(steps)
        key, _, refusal = self.kernel.walk(found, walked)
        if refusal is not None or key is None:
            assert refusal is not None
            raise IllegalPlayError(_with_step(walked, refusal.text(), refusal.step))
        return position_after(pos, key, pos.turn, False)

    # -- explaining illegal plays ---------------------------------------------

    def explain(
        self, pos: Position, values: Sequence[int], steps: Sequence[Step], context: PlayContext = ROLL_CONTEXT
    ) -> str:
        """Say why ``steps`` is not a legal play of ``values`` in ``pos``: the rule it
        breaks; a legal play, in this order, is said to be legal.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> pos = rules.initial_position()
        >>> rules.explain(pos, (6, 5), [nardy.Step(24, 18, 6), nardy.Step(18, 13, 5)])
        '24/18 18/13: a legal play of 6-5'
        >>> rules.explain(pos, (6, 5), [nardy.Step(24, 18, 6)])
        '24/18: the play must use as many dice as possible (2 here)'
        """
        given: Any = values  # read untyped, so that a compiled build does not convert it
        dice: Sequence[int] = given
        if (
            type(given) in (tuple, list)
            and len(given) == 4
            and all(type(v) is int for v in given)
            and given.count(given[0]) == 4
            and type(context) is PlayContext
            and _check_context(context)
            and context.kind in ("roll", "reroll")
        ):
            dice = given[:2]  # a double's four values: its roll
        found = self.search(pos, dice, context)
        walked = _steps(steps)
        if self.kernel.whole(found, walked) is not None:
            return f"{' '.join(map(str, walked)) or 'pass'}: a legal play of {format_dice(found.values[:2])}"
        return self._explain_found(found, walked)

    def _explain_found(self, found: Found, steps: tuple[Step, ...], *, any_order: bool = False) -> str:
        text = " ".join(str(s) for s in steps) or "pass"
        key, _, refusal = self.kernel.walk(found, steps, any_order=any_order)
        if refusal is not None:
            reason = refusal.text()
            if len(steps) > 1:
                reason = f"{reason} ({refusal.step})"
            return f"{text}: {reason}"
        values = found.values
        if len(steps) < found.best:
            return f"{text}: the play must use as many dice as possible ({found.best} here)"
        if len(steps) == 1 and not found.keeps_larger_die(steps[0].die):
            return f"{text}: when only one die can be played, the larger one must be"
        assert key is not None
        reason = self.kernel.play_refusal(found, steps)
        if reason:
            return f"{text}: {reason}"
        return f"{text}: not a legal play with {format_dice(values[:2])}"

    # -- notation --------------------------------------------------------------

    def parse_play(
        self,
        pos: Position,
        text: object,
        dice: Sequence[int],
        context: PlayContext = ROLL_CONTEXT,
    ) -> Play:
        """Read a play in gnubg-style notation and return the legal :class:`Play` it means.

        Accepts ``24/18 13/11``, ``24/13``, ``24/18/13``, ``bar/21*``, ``6/off``,
        ``8/5(2)``, ``25``/``0`` for bar/off, ``-`` as a separator and ``pass``.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> pos = rules.initial_position()
        >>> str(rules.parse_play(pos, "24/18 18/13", (6, 5)))
        '24/13'
        >>> rules.parse_play(pos, "24/18 6/1", (6, 5))
        Traceback (most recent call last):
        ...
        nardy.errors.IllegalPlayError: 24/18 6/1: point 1 is closed (two or more opposing checkers) (6/1)
        """
        from nardy.notation import from_notation

        return from_notation(self, pos, text, dice, context)

    # -- applying plays ----------------------------------------------------------

    def apply(
        self, pos: Position, play: object, *, turn: Player | None = None, own_roll: object = True
    ) -> Position:
        """The position after ``play``; the turn passes to the opponent (or to ``turn``).

        ``play`` must be legal in ``pos`` (normally one of :meth:`legal_plays`);
        otherwise :class:`~nardy.IllegalPlayError` says which rule it breaks.
        ``own_roll=False`` for a play that is not the player's own roll (a
        re-roll, owed values, a cascade stage): it does not count as the
        player's first play of the game.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> pos = rules.initial_position()
        >>> after = rules.apply(pos, rules.parse_play(pos, "8/5 6/5", (3, 1)))
        >>> after.turn, after.points(Player.WHITE)[4]
        (<Player.BLACK: 1>, 2)
        """
        if type(play) is _PLAY and play.origin is pos and play.key is not None:
            key = play.key  # generated from this very position: no second search
        else:
            key = self.key_of(pos, play, ROLL_CONTEXT)
        if own_roll is not True and own_roll is not False:
            raise IllegalPlayError(f"own_roll must be a bool, not {shown(own_roll)}")
        if turn is None:
            turn = pos.turn.other
        elif type(turn) is not Player:
            raise InvalidPositionError(f"turn must be a Player, not {shown(turn)}")
        return position_after(pos, key, turn, own_roll is True)

    def key_of(self, pos: Position, play: object, context: PlayContext) -> int:
        """The search key of ``play`` in ``pos`` (its resulting board), checking that
        it is legal. A play is identified by the position it leads to (RULES.md
        1.5): its steps may be any legal order of a legal play."""
        if not isinstance(play, Play):
            raise IllegalPlayError(f"expected a Play, got {shown(play)}")
        origin = play.origin  # compared only as a Position (a foreign == may raise or lie)
        if play.key is not None and (
            origin is pos or type(origin) is _POSITION and type(pos) is _POSITION and origin == pos
        ):
            return play.key
        # a Play built by hand: its dice and steps as given (read untyped, so that
        # a compiled build does not convert them), checked by the search
        dice: Any = getattr(play, "dice")  # Any: a narrowed tuple type would be converted too
        given: Sequence[Step] = getattr(play, "steps")
        if (
            type(dice) is tuple
            and len(dice) == 4
            and all(type(v) is int for v in dice)  # before count(): a foreign == may raise
            and dice.count(dice[0]) == 4
            and context.kind in ("roll", "reroll")
        ):
            dice = dice[:2]  # a double's four values: its roll
        found = self.search(pos, dice, context)
        for key, steps in found.plays.items():
            if steps == given:
                return cast(int, key)  # (typed Any in the search: kernel.KeyInt)
        other = self.play_from_steps(pos, dice, given, context).key  # another legal order
        assert other is not None
        return other

    # -- results ---------------------------------------------------------------

    def winner(self, pos: Position) -> Player | None:
        """The side that has borne off all its checkers, if any."""
        if type(pos) is not _POSITION or pos.family != self.family:
            self.check_position(pos)
        fields: PositionFields = pos  # (see PositionFields)
        _, white, black, white_bar, black_bar, _, _, _ = fields
        if not white_bar and not any(white):
            return WHITE
        if not black_bar and not any(black):
            return BLACK
        return None

    def deadlocked(self, pos: Position) -> bool:
        """Whether neither side can move with any roll, so that ``pos`` never
        changes (a set-up position a game could never leave).

        >>> import nardy
        >>> nardy.ruleset("short").deadlocked(nardy.ruleset("short").initial_position())
        False
        """
        if type(pos) is not _POSITION:
            self.check_position(pos)
        for player in (Player.WHITE, Player.BLACK):
            turned = pos if pos.turn == player else make_position(
                pos.family, pos.white, pos.black, pos.white_bar, pos.black_bar, player,
                pos.white_moved, pos.black_moved,
            )
            for roll in ROLLS:
                if self.search(turned, roll).best > 0:
                    return False
        return True

    def hit_points(self, key: object) -> frozenset[int]:
        """The mover's points where the play with this board key (``Play.key``) hit a blot.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> pos = nardy.Position.from_string("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:4,22:1 w 00")
        >>> sorted(rules.hit_points(rules.parse_play(pos, "6/3* 6/5", (3, 1)).key))
        [3]
        """
        if type(key) is not int or key < 0:  # read untyped, so that both builds say this
            raise IllegalPlayError(f"a board key is a non-negative int, not {shown(key)}")
        if key.bit_length() > _KEY_BITS or sum(key.to_bytes(_KEY_BITS // 8 + 1, "little")[:26]) != CHECKERS:
            raise IllegalPlayError(f"not a board key: {shown(key)} (a board key is a Play.key of the search)")
        return key_hits(key)


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated; use {new}", DeprecationWarning, stacklevel=3)


def _steps(steps: Sequence[Step]) -> tuple[Step, ...]:
    """``steps`` as a tuple of :class:`~nardy.Step` values, or a clear error
    (:func:`nardy.core.check_steps`, the one check of steps given from outside)."""
    given: Any = steps  # read untyped (mypyc would convert Steps before they are checked)
    if type(given) is tuple or type(given) is list:
        canonical = _KERNEL_STEPS
        for st in given:
            if type(st) is not Step or canonical.get(st) is not st:
                break
        else:  # the search's own Step values (the very objects): already sound
            return tuple(given)
    return check_steps(given)


#: a board key has at most this many bits: 26 counts of a byte, the hit bits and the tag
#: (nardy.rules.board)
_KEY_BITS: Final = 8 * 26 + 27


#: every Step value the search hands out, to tell those very objects apart cheaply
_KERNEL_STEPS: Final = {
    st: st for by_src in STEPS for by_die in by_src for st in by_die
    if st.source and st.die and not (st.hit and st.target == 0)  # as check_steps: only steps there can be
}


#: the kinds of play (``PlayContext.kind``)
_KINDS: Final = ("roll", "reroll", "owed", "stage")


def _check_context(context: PlayContext) -> bool:
    """True, or :class:`~nardy.InvalidDiceError` for a context with fields it cannot have
    (its fields read untyped, so that a compiled build does not convert them)."""
    kind = getattr(context, "kind")
    heads = getattr(context, "head_used")
    if type(kind) is not str or kind not in _KINDS:
        raise InvalidDiceError(f"a context's kind is one of {', '.join(map(repr, _KINDS))}, not {shown(kind)}")
    if type(heads) is not int or heads < 0:
        raise InvalidDiceError(f"a context's head_used is a non-negative int, not {shown(heads)}")
    if type(getattr(context, "final")) is not bool or type(getattr(context, "cascade")) is not bool:
        raise InvalidDiceError(f"a context's final and cascade are bools, not {shown(context)}")
    return True


def _bar_count(player: Player, count: object) -> int:
    """``count`` checked to be an int, for the checkers of ``player`` on the bar."""
    if type(count) is not int:
        raise InvalidPositionError(f"{player} bar must be a non-negative int, got {shown(count)}")
    return count


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidPositionError(f"{name} must be a bool, not {shown(value)}")
    return value


def _with_step(steps: tuple[Step, ...], reason: str, step: Step) -> str:
    text = " ".join(map(str, steps)) or "pass"
    return f"{text}: {reason} ({step})"
