"""A game in progress: position, turn flow, dice, history and undo.

The :class:`Game` owns the mutable history; everything it hands out
(positions, plays, the pending state) is an immutable value. What the game
needs next is always explicit in :attr:`Game.pending`: a roll (or a double),
an answer to a double, values to play (a roll, a re-roll, owed values, a
cascade stage), or the end.

>>> import nardy
>>> game = nardy.Game(nardy.ruleset("short"), first=nardy.Player.WHITE)
>>> game.dice is None, game.turn
(True, <Player.WHITE: 0>)
>>> game.roll((3, 1))
(3, 1)
>>> game.play("8/5 6/5")
<Play '8/5 6/5' dice=(3, 1)>
>>> game.turn, game.dice
(<Player.BLACK: 1>, None)
>>> game.undo()
PlayEvent(player=<Player.WHITE: 0>, play=<Play '8/5 6/5' dice=(3, 1)>)
>>> game.dice
(3, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from threading import get_ident
from typing import Any, Final, Literal

import attrs

from nardy._mypyc import mypyc_attr
from nardy.core import CHECKERS, Play, Player, Position, Result, Step, check_steps, make_position
from nardy.errors import GameStateError, IllegalPlayError, InvalidDiceError, format_dice, shown
from nardy.flow import Pending, Roll, after_own_play, after_own_roll
from nardy.rules.base import Afterstates, RuleSet
from nardy.rules.results import Found

__all__ = [
    "Game",
    "GameInUseError",
    "Event",
    "OpeningEvent",
    "RollEvent",
    "PlayEvent",
    "CubeEvent",
    "ResignEvent",
]


class GameInUseError(GameStateError):
    """A :class:`Game` was called while another thread was inside one of its
    methods. A game is not shared between threads: give each thread its own
    (:meth:`Game.clone`)."""


@attrs.frozen
class OpeningEvent:
    """The opening roll: one die each; the higher die moves first."""

    white: int
    black: int


@attrs.frozen
class RollEvent:
    """``player`` rolled ``dice``."""

    player: Player
    dice: tuple[int, int]


@attrs.frozen
class PlayEvent:
    """``player`` made ``play``."""

    player: Player
    play: Play


@attrs.frozen
class CubeEvent:
    """``player`` doubled, took, dropped or beavered; ``value`` is the cube offered."""

    player: Player
    action: Literal["double", "take", "drop", "beaver"]
    value: int


@attrs.frozen
class ResignEvent:
    """``player`` resigned (``stake``: the stake it offered, if not the position's value)."""

    player: Player
    stake: int | None = None


Event = OpeningEvent | RollEvent | PlayEvent | CubeEvent | ResignEvent


#: an event of a game's history as it is noted: the position and state before it, and
#: the event's class and fields (the event itself is made when the history is first read)
_Entry = tuple[Position, Pending, Callable[..., Event], tuple[Any, ...]]

#: threading.get_ident, bound once (a module's own Final name is a C variable when compiled)
_get_ident: Final = get_ident


class _Guard:
    """A game's thread guard (``with game._guard:`` around each method that changes
    the game, or reads more of it than one value): it lets in the thread inside
    the game, as often as that thread calls in, and refuses any other with
    :class:`GameInUseError` at once, without waiting.

    It is a list of the threads calling in: each call appends its thread (which
    threads do one at a time) and goes on only if the first thread listed is its
    own, the thread inside the game; it takes its entry out when it leaves or is
    refused. The thread that leaves is the one inside, so its entry is the first
    (other threads only add theirs after it, and take them out again)."""

    def __init__(self) -> None:
        #: the threads' idents, kept as the objects get_ident() gives (the compiled
        #: build would make an int of each and a new object of it again)
        self.callers: list[object] = []

    def __enter__(self) -> None:
        callers = self.callers
        me: object = _get_ident()
        callers.append(me)
        if callers[0] != me:  # another thread is inside
            callers.remove(me)
            raise GameInUseError(
                "the game is in use by another thread "
                "(a Game is not shared between threads; give each thread its own, see Game.clone)"
            )

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        del self.callers[0]


def _stakes_text(stakes: dict[int, str]) -> str:
    """The stakes of :meth:`RuleSet.stakes`, runs of one kind as ranges: ``1 oin, 2 mars``."""
    runs: list[list[int]] = []
    for points in sorted(stakes):
        if runs and runs[-1][-1] == points - 1 and stakes[runs[-1][0]] == stakes[points]:
            runs[-1].append(points)
        else:
            runs.append([points])
    return ", ".join(
        f"{run[0]}{'' if len(run) == 1 else f'..{run[-1]}'} ({stakes[run[0]].replace('_', ' ')})" for run in runs
    )


def _set_turn(pos: Position, turn: Player) -> Position:
    if pos.turn == turn:
        return pos
    return make_position(
        pos.family, pos.white, pos.black, pos.white_bar, pos.black_bar, turn,
        pos.white_moved, pos.black_moved,
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """One game of a ruleset, from the opening roll to the result.

    * ``Game(rules, seed=7)``: an opening roll (one die each, ties re-rolled)
      decides who starts; with ``opening_roll="use_opening_dice"`` the winner
      plays those two dice, otherwise it rolls afresh.
    * ``Game(rules, first=Player.WHITE)``: no opening roll; White rolls first.
    * ``Game(rules, opening=(5, 3))``: the opening roll given explicitly
      (White's die, Black's die).
    * ``position=`` starts from a set-up position instead of the initial one.
    * ``crawford=True`` marks a match's Crawford game: no doubling.
    * ``pending=`` (with ``position=``) resumes a game in a saved turn-flow
      state (see :mod:`nardy.formats` for game strings).

    Dice come from a :class:`random.Random` seeded with ``seed`` (so a seed
    replays the same game for the same choices), or explicitly via
    :meth:`roll`. Without a seed they come from the operating system's secure
    source (:class:`random.SystemRandom`): no sequence of rolls seen predicts
    the next, and neither records nor game strings hold the dice to come
    (see :doc:`/formats`).

    **Copies.** :meth:`clone` (and :func:`copy.copy`, :func:`copy.deepcopy`,
    :mod:`pickle`) make an independent game: its own history, and a dice
    generator in the same state (an unseeded game's copy draws its own secure
    dice). Playing one never changes the other.

    **Threads.** A game belongs to one thread at a time; the rulesets it uses
    are thread-safe. A call made while another thread is inside one of the
    game's methods (a roll, a play, a cube action, undo, the legal plays, a
    copy, its string) is refused with :class:`GameInUseError` instead of
    corrupting the game; give each thread its own game (:meth:`clone`).

    >>> import copy, nardy
    >>> game = Game(nardy.ruleset("short"), opening=(3, 1))
    >>> twin = copy.copy(game)
    >>> _ = twin.play("8/5 6/5")
    >>> game.plies, twin.plies
    (0, 1)
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        seed: object = None,
        first: Player | None = None,
        opening: object = None,
        position: Position | None = None,
        crawford: object = False,
        pending: object = None,
    ) -> None:
        # seed (an int or None), opening (two ints), crawford (a bool) and pending (a
        # Pending) are typed object: checked here, in both builds (see docs/compiled.rst)
        self._guard = _Guard()
        if not isinstance(rules, RuleSet):
            raise GameStateError(f"a Game needs a RuleSet (see nardy.ruleset), not {shown(rules)}")
        given: Any = seed  # checked before it is read as an int
        if given is not None and type(given) is not int:
            raise GameStateError(f"a seed is an int (or None for dice nobody can predict), not {shown(seed)}")
        if not isinstance(crawford, bool):
            raise GameStateError(f"crawford is True or False, not {shown(crawford)}")
        self.rules = rules
        self._flow = rules.turn_flow
        #: where the dice come from, a :class:`random.Random` seeded with ``seed`` or, without a seed,
        #: the system's secure source (:class:`random.SystemRandom`), which no record or observer predicts
        self.rng: random.Random = random.Random(given) if given is not None else random.SystemRandom()
        position = self._start_position(position)
        #: the position the game started from
        self.start = position
        #: whether this is a match's Crawford game (no doubling)
        self.crawford = crawford
        self._history: list[_Entry] = []
        self._made: list[Event] = []  # the events of the first entries of _history, made
        self._events: tuple[Event, ...] | None = ()  # the history, kept until it changes
        self._plies = 0
        self._legal: tuple[Play, ...] | None = None
        self._after: Afterstates | None = None
        self._searched: tuple[Found, bool] | None = None  # the search of the values to play now
        self._result: Result | None = None
        #: the opening roll that decided who starts (None when ``first=`` was given)
        self.opening: OpeningEvent | None = None
        #: the turn-flow state the game was resumed in (``pending=``), else ``None``
        self.resumed_from: Pending | None = None
        self._pending = self._first_state(first, opening, pending, crawford)
        assert self._pending.player is not None
        # the position's turn is the player on roll (the doubler, while a double is answered)
        on_roll = self._pending.player
        if self._pending.phase == "cube" and not self._pending.beavered:
            on_roll = on_roll.other
        self._position = _set_turn(position, on_roll)
        if self._pending.phase == "over":
            self._check_over()

    def _start_position(self, position: Position | None) -> Position:
        """The position to start from: the initial one, or ``position`` checked to be
        one of this ruleset in which the game can end."""
        rules = self.rules
        if position is None:
            return rules.initial_position()
        rules.check_position(position)
        position.validate()
        if rules.winner(position) is None and rules.deadlocked(position):
            raise GameStateError("neither side can ever move in this position, so the game could never end")
        return position

    def _first_state(self, first: Player | None, opening: object, pending: object, crawford: bool) -> Pending:
        """The turn-flow state the game starts in: resumed from ``pending``, with
        ``first`` to roll, or after the opening roll; marked for a Crawford game."""
        if (first is not None) + (opening is not None) + (pending is not None) > 1:
            raise GameStateError("give at most one of first=, opening= and pending=")
        if pending is not None:
            state = self.resumed_from = self._resume(pending)
        elif first is not None:
            if not isinstance(first, Player):
                raise GameStateError(f"first must be a Player, not {shown(first)}")
            state = Pending("roll", first, first_player=first)  # no opening roll
        else:
            state = self._opening_roll(opening)
        return state.replace(crawford=True) if crawford else state

    def _opening_roll(self, opening: object) -> Pending:
        """The state after the opening roll ``opening`` (White's die, Black's die), or
        one rolled (ties again) when it is ``None``; kept in :attr:`opening`."""
        if opening is None:
            while True:
                w, b = _roll_dice(self.rng)
                if w != b:
                    break
            opening = (w, b)
        w, b = _check_dice(opening)
        if w == b:
            raise InvalidDiceError(f"the opening roll cannot be a tie, got {opening}")
        self.opening = OpeningEvent(w, b)
        starter = Player.WHITE if w > b else Player.BLACK
        return self._flow.opening(starter, (max(w, b), min(w, b)))

    def _resume(self, pending: object) -> Pending:
        """Check a state to resume in: one this ruleset's turn flow and options can reach."""
        if not isinstance(pending, Pending):
            raise GameStateError(f"pending must be a Pending, not {shown(pending)}")
        if pending.phase == "over":
            raise GameStateError("cannot resume a finished game; start from its position instead")
        if not isinstance(pending.player, Player):
            raise GameStateError("a game resumes with a player to act")
        reason = self._flow.unreachable(pending)
        if not reason:
            reason = self._cube_unreachable(pending)
        if reason:
            raise GameStateError(f"{self.rules.name} cannot be in this state: {reason}")
        return pending

    def _cube_unreachable(self, pending: Pending) -> str:
        rules = self.rules
        if not rules.option("cube"):
            if pending.cube != 1 or pending.cube_owner is not None or pending.phase == "cube":
                return "the cube is not in play (option cube=False)"
            return ""
        values = [1]
        while values[-1] < rules.option("cube_max"):
            values.append(self._next_cube(values[-1]))
        if pending.cube not in values[: len(values) - (values[-1] > rules.option("cube_max"))]:
            return f"the cube cannot be at {pending.cube}"
        if pending.cube_owner is not None and not isinstance(pending.cube_owner, Player):
            return "the cube's owner is a Player or None (the middle)"
        if pending.phase == "cube":
            if pending.offer != self._next_cube(pending.cube) and not (
                pending.beavered and rules.option("beaver")
            ):
                return f"a double from {pending.cube} offers {self._next_cube(pending.cube)}"
        elif pending.offer or pending.beavered:
            return "no double is being answered"
        return ""

    # -- state -------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position; its ``turn`` is the player on roll (while a double
        is being answered, :attr:`turn` is the player who answers)."""
        return self._position

    @property
    def pending(self) -> Pending:
        """What the game needs next (see :class:`nardy.Pending`)."""
        return self._pending

    @property
    def turn(self) -> Player:
        """The player to act (to roll, double, answer a double, or play)."""
        return self._pending.player if self._pending.player is not None else self._position.turn

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The values the player to move must play now; ``None`` when it must roll,
        while a double is answered, and after the end."""
        return self._pending.dice if self._pending.phase == "play" else None

    @property
    def history(self) -> tuple[Event, ...]:
        """Every roll, play, cube action and resignation so far, oldest first (the
        opening roll is :attr:`opening`)."""
        events = self._events
        if events is None:
            events = self._history_events()
        return events

    def _history_events(self) -> tuple[Event, ...]:
        with self._guard:
            events = self._events = tuple(self._made_events())
            return events

    def _made_events(self) -> list[Event]:
        """The events of the history, each made once, when first read."""
        made = self._made
        for _, _, make, fields in self._history[len(made) :]:
            made.append(make(*fields))
        return made

    def history_with_positions(self) -> tuple[tuple[Position, Event], ...]:
        """Each event of :attr:`history` with the position it was taken in, oldest
        first: the position before each roll, play, cube action and resignation
        (its ``turn`` is the player on roll, as :attr:`position` has it). What a
        learner records as (position, play) pairs.

        >>> import nardy
        >>> game = Game(nardy.ruleset("short"), opening=(3, 1))
        >>> _ = game.play("8/5 6/5"); _ = game.roll((6, 4)); _ = game.play("24/14")
        >>> for before, event in game.history_with_positions():
        ...     if isinstance(event, PlayEvent):
        ...         print(before.turn, event.play, before.pips(before.turn))
        white 8/5 6/5 167
        black 24/14 167
        """
        with self._guard:
            return tuple(zip((entry[0] for entry in self._history), self._made_events(), strict=True))

    @property
    def plies(self) -> int:
        """Number of plays (plies) made so far. A pass, owed values and a cascade
        stage are plays too, so a turn may hold more than one."""
        return self._plies

    @property
    def turns(self) -> int:
        """Number of turns so far: each run of plays by one player before the other
        player moves is one turn, whatever it holds (one play in most rulesets; in
        Gulbar a double, its re-rolls and owed values; in Crazy a cascade's stages).
        A turn that is only a pass counts too; rolls, cube actions and resignations
        are not plays.

        >>> import nardy
        >>> game = Game(nardy.ruleset("gulbar"), first=nardy.WHITE)
        >>> _ = game.roll((6, 6)); _ = game.play("24/18(2)")    # two of four steps: Black owes two 6s
        >>> _ = game.play("24/18"); _ = game.roll((3, 1))         # Black plays the owed 6s, then rolls
        >>> _ = game.play("18/15 24/23")
        >>> game.plies, game.turns
        (3, 2)
        """
        with self._guard:
            turns = 0
            mover: Player | None = None
            for _, pending, make, _ in self._history:  # each play with the state it was made in
                if make is PlayEvent and pending.player is not mover:
                    turns += 1
                    mover = pending.player
            return turns

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._pending.phase == "over"

    def result(self) -> Result | None:
        """The result of a finished game (winner, points, kind), else ``None``."""
        return self._result

    # -- actions -----------------------------------------------------------

    def roll(self, dice: Sequence[int] | None = None) -> tuple[int, int]:
        """Roll for the player to act: ``dice`` explicitly, or from the game's RNG."""
        with self._guard:
            pending = self._pending
            if pending.phase != "roll":
                raise GameStateError(self._not_now("roll"))
            if dice is None:
                rolled = _roll_dice(self.rng)
            else:
                rolled = _check_dice(dice)
            player = pending.player
            assert player is not None
            self._push(RollEvent, (player, rolled))
            self._pending = after_own_roll(self._flow, pending, rolled)
            return rolled

    def legal_plays(self) -> tuple[Play, ...]:
        """The legal plays of the values to play now (never empty)."""
        with self._guard:
            dice = self._dice_to_play()
            legal = self._legal
            if legal is None:
                legal = self._legal = self.rules.legal_plays(self._position, dice, self._pending.context)
            return legal

    def afterstates(self) -> Afterstates:
        """The positions the legal plays of the values to play now lead to: the
        :class:`~nardy.Afterstates` that :meth:`RuleSet.afterstates
        <nardy.RuleSet.afterstates>` gives for the game's position, dice and
        play context, one position per play of :meth:`legal_plays`, in its
        order. Each is the position after the play with the turn passed to the
        opponent, as :meth:`RuleSet.apply <nardy.RuleSet.apply>` gives it; where
        the turn flow keeps the turn (a re-roll, owed values, a cascade stage),
        :meth:`position_after` is the game's own next position. ``after.play(i)``
        is the play that leads to ``after[i]``, ready for :meth:`play`.

        >>> import nardy
        >>> game = Game(nardy.ruleset("short"), opening=(6, 5))
        >>> after = game.afterstates()
        >>> len(after), after[0].turn
        (7, <Player.BLACK: 1>)
        >>> best = min(range(len(after)), key=lambda i: after[i].pips(nardy.WHITE))
        >>> game.play(after.play(best))
        <Play '24/13' dice=(6, 5)>
        """
        with self._guard:
            dice = self._dice_to_play()
            after = self._after
            if after is None:
                after = self._after = self.rules.afterstates(self._position, dice, self._pending.context)
            return after

    def next_steps(self, prefix: Sequence[Step] = ()) -> tuple[Step, ...]:
        """The steps that may follow ``prefix`` in a play of the values to play now
        (:meth:`RuleSet.next_steps <nardy.RuleSet.next_steps>` for the game's
        position, dice and play context): empty once ``prefix`` is a whole legal
        play; a prefix no legal play begins with is an
        :class:`~nardy.IllegalPlayError` naming the rule it breaks.

        >>> import nardy
        >>> game = Game(nardy.ruleset("long"), first=nardy.WHITE)
        >>> _ = game.roll((6, 5))
        >>> [str(step) for step in game.next_steps()]
        ['24/18', '24/19']
        >>> [str(step) for step in game.next_steps([nardy.Step.from_string("24/18")])]
        ['18/13']
        """
        with self._guard:
            dice = self._dice_to_play()
            return self.rules.next_steps(self._position, dice, prefix, self._pending.context)

    def parse_play(self, text: object) -> Play:
        """The legal play that ``text`` describes, for the values to play now."""
        with self._guard:
            return self._parse_play(text)

    def _parse_play(self, text: object) -> Play:
        return self.rules.parse_play(self._position, text, self._dice_to_play(), self._pending.context)

    def position_after(self, play: Play) -> Position:
        """The position ``play`` would lead to (the game is not changed)."""
        with self._guard:
            return self._next(self._find(play))[0]

    def play(self, play: Play | str) -> Play:
        """Make ``play`` (a :class:`Play` from :meth:`legal_plays`, or notation).

        A play the game's own search made for the values to play now (one of
        :meth:`legal_plays`, ``afterstates().play(i)``, the play
        :meth:`RuleSet.play_from_steps <nardy.RuleSet.play_from_steps>` makes of
        the steps chosen for them) is made without being checked again. Any other
        play (built by hand, or generated for another position, another roll or
        an earlier turn) is checked as the rules say: it is made when it is a
        legal play now, in any legal order of its steps, and refused with the rule
        it breaks otherwise.

        >>> import nardy
        >>> game = nardy.Game(nardy.ruleset("short"), first=nardy.WHITE)
        >>> _ = game.roll((3, 1))
        >>> game.play(nardy.ruleset("short").parse_play(game.position, "24/13", (6, 5)))
        Traceback (most recent call last):
        ...
        nardy.errors.IllegalPlayError: 24/13: made with 6-5, but the dice to play are 3-1
        >>> made = game.legal_plays()[0]
        >>> game.play(made) is made
        True
        """
        with self._guard:
            legal = self._find(play)
            after, pending = self._next(legal)
            player = self._pending.player
            assert player is not None
            self._push(PlayEvent, (player, legal))
            self._position = after
            self._pending = pending
            if pending.phase == "over":
                self._check_over()
            return legal

    # -- the doubling cube and resignation ------------------------------------

    @property
    def cube(self) -> int:
        """The cube's value (1 until the first double is taken)."""
        return self._pending.cube

    @property
    def cube_owner(self) -> Player | None:
        """Who owns the cube (may redouble); ``None`` while it is in the middle."""
        return self._pending.cube_owner

    def _next_cube(self, value: int) -> int:
        return value + 1 if self.rules.option("cube_progression") == "arithmetic" else value * 2

    def _no_double(self) -> str:
        """Why the player to act may not double now ("" if it may)."""
        p = self._pending
        rules = self.rules
        if not rules.option("cube"):
            return f"{rules.name} is played without the cube here (option cube=False)"
        if p.phase != "roll":
            return self._not_now("double").split(": ", 1)[1]
        if p.context.kind != "roll":
            return "no double between re-rolls or before owed steps: only before a turn's own roll"
        if p.crawford:
            return "no doubling in the Crawford game"
        assert p.player is not None
        if p.cube_owner not in (None, p.player):
            return f"{p.cube_owner} owns the cube: only it may redouble"
        if self._next_cube(p.cube) > rules.option("cube_max"):
            return f"the cube is at its maximum ({rules.option('cube_max')})"
        if rules.option("cube_after_first_move") and not self._position.has_moved(p.player):
            return "no double before the player's first play (cube_after_first_move)"
        return ""

    def can_double(self) -> bool:
        """Whether the player to act may double now."""
        with self._guard:
            return not self._no_double()

    def double(self) -> int:
        """Double (before rolling); the opponent must then :meth:`take`, :meth:`drop`
        or :meth:`beaver`. Returns the value offered.

        >>> import nardy
        >>> game = nardy.Game(nardy.ruleset("short", cube=True), first=nardy.WHITE)
        >>> game.double(), game.turn, game.pending.phase
        (2, <Player.BLACK: 1>, 'cube')
        >>> game.take(); game.cube, game.cube_owner, game.turn
        (2, <Player.BLACK: 1>, <Player.WHITE: 0>)
        """
        with self._guard:
            reason = self._no_double()
            if reason:
                raise GameStateError(f"cannot double: {reason}")
            p = self._pending
            assert p.player is not None
            offer = self._next_cube(p.cube)
            self._push(CubeEvent, (p.player, "double", offer))
            self._pending = p.replace(phase="cube", player=p.player.other, offer=offer, beavered=False)
            return offer

    def _answer(self, action: str) -> Pending:
        p = self._pending
        if p.phase == "over":
            raise GameStateError(self._not_now(action))
        if p.phase != "cube":
            raise GameStateError(f"cannot {action}: no double has been offered")
        return p

    def take(self) -> None:
        """Accept the double: the stake is raised and the taker owns the cube."""
        with self._guard:
            p = self._answer("take")
            assert p.player is not None
            roller = p.player if p.beavered else p.player.other
            self._push(CubeEvent, (p.player, "take", p.offer))
            self._pending = p.replace(
                phase="roll", player=roller, cube=p.offer, cube_owner=roller.other, offer=0, beavered=False
            )

    def drop(self) -> Result:
        """Refuse the double: the game ends and the refuser pays the current stake."""
        with self._guard:
            p = self._answer("drop")
            assert p.player is not None
            self._push(CubeEvent, (p.player, "drop", p.offer))
            self._pending = p.replace(phase="over", player=None)
            self._result = Result(p.player.other, p.cube, "drop", "drop", p.cube)
            return self._result

    def beaver(self) -> int:
        """Beaver (option ``beaver``): take and at once redouble, keeping the cube.
        The original doubler must then take or drop. Returns the new offer."""
        with self._guard:
            p = self._answer("beaver")
            assert p.player is not None
            if not self.rules.option("beaver"):
                raise GameStateError("cannot beaver: the option beaver is off")
            if p.beavered:
                raise GameStateError("cannot beaver a beaver")
            offer = self._next_cube(p.offer)
            if offer > self.rules.option("cube_max"):
                raise GameStateError(
                    f"cannot beaver: the cube would pass its maximum ({self.rules.option('cube_max')})"
                )
            self._push(CubeEvent, (p.player, "beaver", offer))
            self._pending = p.replace(
                player=p.player.other, cube=p.offer, cube_owner=p.player, offer=offer, beavered=True
            )
            return offer

    def resign(self, player: Player | None = None, stake: object = None) -> Result:
        """``player`` (default: the one to act) gives up. It pays what its position
        would cost if the opponent had just borne off its last checker, times the cube
        (RULES.md 4.1). ``stake`` records a resignation at another level agreed by the
        players, as backgammon files do (1 oin/single, 2 mars/gammon, 3 koks/backgammon):
        one of the results the ruleset's scoring has (:meth:`RuleSet.stakes
        <nardy.RuleSet.stakes>`), each with its kind.

        >>> import nardy
        >>> game = nardy.Game(nardy.ruleset("short"), first=nardy.WHITE)
        >>> game.resign()
        Result(winner=<Player.BLACK: 1>, points=3, kind='koks', ending='resign', cube=1)
        """
        with self._guard:
            if self._pending.phase == "over":
                raise GameStateError("cannot resign: the game is over")
            loser = self.turn if player is None else player
            if not isinstance(loser, Player):
                raise GameStateError(f"resign needs a Player, not {shown(player)}")
            winner = loser.other
            pos = self._position
            empty = (0,) * 24
            if winner == Player.WHITE:
                final = make_position(pos.family, empty, pos.black, 0, pos.black_bar, pos.turn, True, True)
            else:
                final = make_position(pos.family, pos.white, empty, pos.white_bar, 0, pos.turn, True, True)
            stakes = self.rules.stakes()
            if stake is not None and (type(stake) is not int or stake not in stakes):
                raise GameStateError(
                    f"a resignation stake in {self.rules.name} is one of {_stakes_text(stakes)}, not {shown(stake)}"
                )
            self._push(ResignEvent, (loser, stake))
            self._pending = self._pending.replace(phase="over", player=None)
            outcome = self.rules.score(final, winner)
            if stake is not None:
                outcome = Result(winner, stake, stakes[stake])
            self._result = self._with_cube(outcome, "resign")
            return self._result

    def _with_cube(self, result: Result, ending: str) -> Result:
        """Apply the cube and the cube's scoring options to a game's outcome."""
        rules = self.rules
        cube = self._pending.cube
        points = result.points
        if result.kind in ("mars", "koks", "home_mars") and rules.option("cube"):
            if not rules.option("gammons_with_cube") or (rules.option("jacoby") and cube == 1):
                points = 1
        return Result(result.winner, points * cube, result.kind, ending, cube)

    def __repr__(self) -> str:
        """What the game is and where it stands: ruleset, phase, turn, dice, cube.

        >>> import nardy
        >>> game = nardy.Game(nardy.ruleset("short"), first=nardy.WHITE)
        >>> _ = game.roll((6, 5))
        >>> game
        <nardy.Game short: white to play 6-5, 0 plays, cube 1>
        """
        p = self._pending
        if p.phase == "over":
            result = self._result
            if result is None or result.winner is None:
                state = "over, a draw"
            else:
                state = f"over, {result.winner} won {result.points} ({result.kind})"
        elif p.phase == "cube":
            state = f"{p.player} to answer a double to {p.offer}"
        elif p.phase == "roll":
            state = f"{p.player} to {'roll again' if p.context.kind == 'reroll' else 'roll'}"
        else:
            dice = format_dice(p.dice) if p.dice else ""
            kind = {"owed": "owed ", "stage": "cascade stage "}.get(p.context.kind, "")
            state = f"{p.player} to play {kind}{dice}"
        crawford = ", Crawford game" if p.crawford else ""
        return f"<nardy.Game {self.rules.name}: {state}, {self._plies} plays, cube {p.cube}{crawford}>"

    def _repr_svg_(self) -> str:
        """The board with the last play and the dice, for Jupyter (see :mod:`nardy.svg`)."""
        from nardy import svg

        return svg.game(self)

    def __getstate__(self) -> dict[str, object]:
        """The game's state for :mod:`pickle` and :func:`copy.deepcopy`: without its
        thread guard and caches, and without secure dice (which have no state)."""
        with self._guard:
            state = _subclass_attributes(self)
            state.update((name, getattr(self, name)) for name in _SHARED)
            state.update(dict.fromkeys(_CACHES))
            # the history as events, each with the position and state before it
            state["_history"] = [
                (event, position, pending)
                for (position, pending, _, _), event in zip(self._history, self._made_events(), strict=True)
            ]
            if type(self.rng) is random.SystemRandom:
                state["rng"] = None  # secure dice have no state: a copy draws its own
            return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name in _CACHES:
            setattr(self, name, None)  # (a pickle of an earlier version may not hold them all)
        for name, value in state.items():
            if name != "_history":
                setattr(self, name, value)
        self._guard = _Guard()
        self._flow = self.rules.turn_flow
        history = state["_history"]
        self._made = [event for event, _, _ in history]
        self._history = [(position, pending, type(event), ()) for event, position, pending in history]
        if state.get("rng") is None:
            self.rng = random.SystemRandom()

    def clone(self) -> Game:
        """An independent copy (for search): same rules, state, history and dice RNG
        state, so that the copy rolls the same dice until the games' choices
        differ (an unseeded game's copy draws its own secure dice). Cheap:
        positions, plays and events are shared immutable values.
        ``copy.copy(game)`` is ``game.clone()``.

        >>> import nardy
        >>> game = Game(nardy.ruleset("gulbar"), seed=4)
        >>> twin = game.clone()
        >>> game.roll() == twin.roll()
        True
        """
        with self._guard:
            twin = type(self).__new__(type(self))
            for name, value in _subclass_attributes(self).items():
                setattr(twin, name, value)
            for name in _SHARED:
                setattr(twin, name, getattr(self, name))
            twin._guard = _Guard()
            twin._flow = self._flow
            twin._history = list(self._history)
            twin._made = list(self._made)
            if type(self.rng) is random.SystemRandom:
                twin.rng = random.SystemRandom()  # dice nobody can predict, for either game
            else:  # the same state (not seeded first: seeding from the system costs more than the copy)
                twin.rng = random.Random.__new__(random.Random)
                twin.rng.setstate(self.rng.getstate())
            return twin

    def __copy__(self) -> Game:
        return self.clone()

    def undo(self) -> Event:
        """Take back the last roll or play and return it."""
        with self._guard:
            if not self._history:
                raise GameStateError("nothing to undo")
            history, made = self._history, self._made
            self._position, self._pending, make, fields = history.pop()
            event = made.pop() if len(made) > len(history) else make(*fields)
            self._legal = None
            self._after = None
            self._searched = None
            self._result = None
            self._events = None
            if make is PlayEvent:
                self._plies -= 1
            return event

    # -- internals ---------------------------------------------------------

    def _dice_to_play(self) -> Roll:
        """The values to play now, or a :class:`GameStateError` when there are none."""
        dice = self._pending.dice
        if self._pending.phase != "play" or dice is None:
            raise GameStateError(self._not_now("play"))
        return dice

    def _not_now(self, what: str) -> str:
        phase = self._pending.phase
        if phase == "over":
            return f"cannot {what}: the game is over"
        if phase == "roll":
            return f"cannot {what}: {self.turn} must roll first"
        if phase == "cube":
            p = self._pending
            answers = "take, drop or beaver" if self.rules.option("beaver") and not p.beavered else "take or drop"
            return f"cannot {what}: {self.turn} must answer the double to {p.offer} first ({answers})"
        return f"cannot {what}: {self.turn} must play {format_dice(self.dice)} first"

    def _push(self, make: Callable[..., Event], fields: tuple[Any, ...]) -> None:
        """Note an event (of class ``make``, with ``fields``) before the game state changes."""
        self._history.append((self._position, self._pending, make, fields))
        self._legal = None
        self._after = None
        self._searched = None
        self._events = None
        if make is PlayEvent:
            self._plies += 1

    def _find(self, play: Play | str) -> Play:
        if self._pending.phase != "play":
            raise GameStateError(self._not_now("play"))
        fields: Any = play  # a play built by hand may hold anything: read untyped (see docs/compiled.rst)
        if type(play) is Play:
            legal = self._legal
            if legal is not None and len(legal) <= _SCANNED:
                for candidate in legal:  # one of a few plays of legal_plays(): found by identity
                    if candidate is play:
                        return play
            if fields.origin is self._position and fields.key is not None:
                # generated by a search of this very position (a play of afterstates(), of
                # step input, of many legal plays): one of the plays now when it is one of
                # this state's search, as that search made it, and then nothing is checked again
                found, ordered = self._search()
                steps = found.plays.get(fields.key)
                if steps is not None and fields.steps == steps and fields.dice == found.values:
                    if fields.ordered == ordered:
                        return play
        if isinstance(play, str):
            return self._parse_play(play)
        if not isinstance(play, Play):
            raise IllegalPlayError(f"expected a Play or notation, got {shown(play)}")
        legal = self._legal
        if legal is None:
            legal = self.legal_plays()
        return self._legal_play_of(play, legal)

    def _search(self) -> tuple[Found, bool]:
        """The search of the values to play now (the ruleset's, usually remembered from
        the legal plays or the afterstates just asked for), and whether its plays are ordered."""
        searched = self._searched
        if searched is None:
            found = self.rules.search(self._position, self._dice_to_play(), self._pending.context)
            searched = self._searched = (found, self.rules.ordered(found))
        return searched

    def _legal_play_of(self, play: Play, legal: tuple[Play, ...]) -> Play:
        """The legal play that ``play``, built by hand or for another position, is:
        its steps checked as values, its dice the dice to play in any order."""
        pending = self._pending
        assert pending.dice is not None
        fields: Any = play  # a play built by hand may hold anything: read untyped (see docs/compiled.rst)
        steps = check_steps(fields.steps)
        if not _same_dice(fields.dice, legal[0].dice, pending.context.kind in ("roll", "reroll")):
            raise IllegalPlayError(
                f"{play}: made with {format_dice(fields.dice)}, but the dice to play are {format_dice(legal[0].dice)}"
            )
        for candidate in legal:
            if candidate.steps == steps:
                return candidate
        # the same play in another legal order, or an illegal one (explained)
        return self.rules.play_from_steps(self._position, pending.dice, steps, pending.context)

    def _next(self, play: Play) -> tuple[Position, Pending]:
        pending = self._pending
        mover = pending.player
        assert mover is not None
        # the turn usually passes to the opponent: the turn flow says when it does not
        after = self.rules.apply(self._position, play, own_roll=pending.context.kind == "roll")
        nxt = after_own_play(self._flow, pending, after, play)
        return _set_turn(after, mover if nxt.player is None else nxt.player), nxt

    def _check_over(self) -> None:
        """The result of the game that has just ended."""
        pos = self._position
        first = self._pending.first_player
        white_done = pos.off(Player.WHITE) == CHECKERS
        black_done = pos.off(Player.BLACK) == CHECKERS
        if white_done and black_done:
            self._result = Result(None, 0, "draw", "draw", self._pending.cube)
            return
        if white_done or black_done:
            winner = Player.WHITE if white_done else Player.BLACK
        else:  # pragma: no cover - only finished positions end a game
            assert first is not None
            winner = first
        self._result = self._with_cube(self.rules.score(pos, winner), "bear_off")

    def to_string(self) -> str:
        """The game state string: the position string, its first field the ruleset
        with the options that differ from its defaults, with what must happen
        next appended (:func:`nardy.formats.to_game_string`).
        :meth:`from_string` rebuilds a game that goes on exactly as this one.

        >>> import nardy
        >>> game = nardy.Game(nardy.ruleset("long"), first=nardy.WHITE)
        >>> game.to_string()
        'long 24:15 24:15 w 00 roll'
        >>> _ = game.roll((6, 5))
        >>> game.to_string()
        'long 24:15 24:15 w 00 roll:6-5 rolls=1-0'
        >>> nardy.Game(nardy.ruleset("long", cube=True), first=nardy.WHITE).to_string()
        'long[cube=true] 24:15 24:15 w 00 roll'
        """
        with self._guard:
            from nardy.formats import state_string

            return state_string(self.rules, self._position, self._pending)

    @classmethod
    def from_string(cls, text: object, *, seed: object = None, rules: RuleSet | None = None) -> Game:
        """A game in the state a game state string describes, with no history
        before it (:func:`nardy.formats.from_game_string`).

        >>> game = Game.from_string("long 24:14,13:1 24:15 b 10 roll:6-5")
        >>> game.turn, game.dice, game.history
        (<Player.BLACK: 1>, (6, 5), ())
        >>> game.to_string()
        'long 24:14,13:1 24:15 b 10 roll:6-5'
        """
        from nardy.formats import from_game_string

        given: Any = text, seed  # checked there
        return from_game_string(given[0], seed=given[1], rules=rules)


#: the attributes of a game that its copies share (besides these, a game has its thread
#: guard, its ruleset's turn flow, and its history, which copies and pickles hold apart)
_SHARED: Final = (
    "rules", "rng", "start", "crawford", "opening", "resumed_from",
    "_position", "_pending", "_plies", "_result", "_legal", "_after", "_searched", "_events",
)  # fmt: skip
#: those that are caches, which a pickle holds empty
_CACHES: Final = ("_legal", "_after", "_searched", "_events")
_OWN: Final = frozenset((*_SHARED, "_guard", "_flow", "_history", "_made"))


def _subclass_attributes(game: Game) -> dict[str, object]:
    """The attributes a subclass of :class:`Game` gave ``game`` besides a game's own,
    for its copies and pickles."""
    own = getattr(game, "__dict__", None)
    return {} if own is None else {name: value for name, value in own.items() if name not in _OWN}


#: up to how many legal plays a play is looked for by identity among them, which costs
#: less than asking the search (beyond, a look-up in the search costs less)
_SCANNED: Final = 24


def _same_dice(made: object, to_play: Sequence[int], roll: bool) -> bool:
    """Whether the dice ``made`` of a play built by hand are the dice ``to_play``, in
    any order (a tuple or a list of ints); for a ``roll``, a double's two dice stand
    for its four values as well."""
    if not isinstance(made, (tuple, list)) or not all(type(v) is int for v in made):
        return False
    if sorted(made) == sorted(to_play):
        return True
    return roll and len(made) == 2 and made[0] == made[1] and tuple(made) * 2 == tuple(to_play)


#: ``random.Random`` and its ``getrandbits``, bound once (compiled code would look the
#: module's attribute and the generator's bound method up at every roll)
_RANDOM: Final = random.Random
_GETRANDBITS: Final = random.Random.getrandbits


def _roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two dice from ``rng``: ``(rng.randint(1, 6), rng.randint(1, 6))``. A
    ``random.Random`` draws a die as its ``randint`` does (``getrandbits(3)``
    until it is below 6), without the Python frames of ``randint``, so the dice
    of a seed stay the same; another generator's own ``randint`` is asked."""
    if type(rng) is not _RANDOM:
        return rng.randint(1, 6), rng.randint(1, 6)
    first = _GETRANDBITS(rng, 3)
    while first >= 6:
        first = _GETRANDBITS(rng, 3)
    second = _GETRANDBITS(rng, 3)
    while second >= 6:
        second = _GETRANDBITS(rng, 3)
    return first + 1, second + 1


def _check_dice(dice: object) -> tuple[int, int]:
    """Two dice as a tuple: a tuple or list (an ordered sequence, not a set, an
    iterator or text) of two ints 1..6."""
    if type(dice) is tuple and len(dice) == 2:  # the commonest form, read without the checks below
        a, b = dice
        if type(a) is int and type(b) is int and 1 <= a <= 6 and 1 <= b <= 6:
            return a, b
    if not isinstance(dice, Sequence) or isinstance(dice, (str, bytes, bytearray, memoryview)):
        raise InvalidDiceError(f"dice must be two ints 1..6 in a tuple or list, not {shown(dice)}")
    if len(dice) != 2 or any(type(v) is not int or not 1 <= v <= 6 for v in dice):
        raise InvalidDiceError(f"dice must be two ints 1..6, not {shown(dice)}")
    return dice[0], dice[1]
