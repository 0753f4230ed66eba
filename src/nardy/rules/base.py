"""The ruleset base class and the one move generator every ruleset shares.

A :class:`RuleSet` is a stateless, immutable object: it answers questions about
positions (which plays are legal, what a play leads to, who won and how much)
and never stores a game. Variants subclass it and change behaviour through a few
named hooks:

============================  ====================================================
hook / metadata               what it decides
============================  ====================================================
``family`` (ClassVar)         geometry: ``"short"`` (hitting, bar, opposite
                              directions) or ``"long"`` (same direction, a single
                              checker holds a point)
``start`` (ClassVar)          the checkers each side starts with
``OPTIONS`` (ClassVar)        the options the ruleset accepts, with its defaults
``head_limit_for()``          how many checkers may leave the head in this play
``source_ok()``               per-step: may this point move now (Fevga's runner)
``step_ok()``                 per-step: is the position after this step allowed
``tag_after()``               per-step: does the moved checker carry a mark
                              (Caucasian hit-and-hide)
``end_ok()``                  end of play: is the final position allowed (Long's
                              six-block rule)
``prefer()``                  preference filter after the maximum-dice rule
``score()``                   the result when a side has borne off everything
``after_play()``              turn flow: what must happen next
============================  ====================================================

Inside the generator a position is two lists of ints seen from the player to
move ("mover"): ``me`` (index 0 = borne off, 1..24 = the mover's points, 25 = the
mover's bar, 26 = bit set of points where an opposing blot was hit) and ``op``
(index 1..24 = opposing checkers on the mover's points, 25 = their bar). Public
objects are built once per emitted play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any, ClassVar, Final, Literal

import attrs

from nardy.core import (
    _OTHER,
    BAR,
    CHECKERS,
    ROLLS,
    STEPS,
    STEPS_BY_DIE,
    Family,
    Play,
    Player,
    Position,
    Result,
    Step,
    _make_play,
    _make_position,
)
from nardy.errors import IllegalPlayError, InvalidDiceError, InvalidPositionError, OptionError

__all__ = ["Option", "RuleSet", "PlayContext", "Roll", "Phase", "Pending"]

Roll = tuple[int, ...]

#: DESCENDING[top] = (top, top - 1, ..., 1): the generator's source order
DESCENDING: Final = tuple(tuple(range(top, 0, -1)) for top in range(25))

#: marks a checker can carry during a play (see RuleSet.tag_after)
MARKED: Final = 1
FROZEN: Final = 2


# --------------------------------------------------------------------------- options


@attrs.frozen
class Option:
    """A named ruleset option: its allowed values and its default for one ruleset."""

    name: str
    values: tuple[object, ...]
    default: object
    doc: str = ""
    #: how to name the allowed values in an error, when listing them all would not help
    hint: str = ""

    def check(self, value: object) -> object:
        for allowed in self.values:
            if value == allowed and type(value) is type(allowed):
                return allowed
        shown = self.hint or ", ".join(repr(v) for v in self.values)
        raise OptionError(f"option {self.name}={value!r} is not allowed; use one of: {shown}")


# --------------------------------------------------------------------------- turn flow


Phase = Literal["roll", "cube", "play", "over"]


@attrs.frozen
class PlayContext:
    """What kind of play is being generated, beyond the position and the dice.

    ``kind`` is ``"roll"`` for a play of the player's own roll, ``"reroll"`` for a
    re-roll within the same turn, ``"owed"`` for values owed by the opponent
    (Gulbar), ``"stage"`` for a later stage of a doubles cascade (Crazy).
    ``head_used`` counts head checkers already moved earlier in the same turn
    (used when the head allowance covers a whole turn).
    """

    kind: Literal["roll", "reroll", "owed", "stage"] = "roll"
    head_used: int = 0
    #: a doubles cascade stops after this stage (Crazy Gulbar's fourth-step rule)
    final: bool = False


ROLL_CONTEXT: Final = PlayContext()


@attrs.frozen(slots=False)
class Pending:
    """What the game needs next: the turn-flow state beside the position.

    * ``phase="roll"``: ``player`` must roll; before its own roll (not a
      re-roll) it may double, if the cube is in play and it may use it.
    * ``phase="cube"``: ``player`` must answer a double of ``offer``: take,
      drop, or (with ``beaver``) beaver.
    * ``phase="play"``: ``player`` must play ``dice`` (a roll, a re-roll, owed
      values or a cascade stage, as ``context`` says).
    * ``phase="over"``: the game has ended.

    ``owed`` queues further plays of owed values that ``player`` must make
    after this one, before its own roll (a Crazy Gulbar cascade owes one play
    per stage). The opening roll happens when a :class:`~nardy.Game` is made.
    """

    phase: Phase
    player: Player | None = None
    dice: Roll | None = None
    context: PlayContext = ROLL_CONTEXT
    owed: tuple[Roll, ...] = ()
    first_player: Player | None = None
    extra_turn: bool = False
    #: own rolls made so far by (White, Black)
    rolls: tuple[int, int] = (0, 0)
    #: the doubling cube: its value and owner (None: in the middle)
    cube: int = 1
    cube_owner: Player | None = None
    #: in phase "cube": the value the cube will have if the double is taken
    offer: int = 0
    #: in phase "cube": the double was beavered (the doubled player redoubled)
    beavered: bool = False
    #: no doubling in this game (the Crawford game of a match)
    crawford: bool = False

    def replace(self, **changes: Any) -> Pending:
        """A copy with some fields changed (a cheap ``attrs.evolve`` for the game loop).

        >>> Pending("roll", Player.WHITE).replace(phase="play", dice=(6, 5)).dice
        (6, 5)
        """
        unknown = changes.keys() - _PENDING_FIELDS
        if unknown:
            raise TypeError(f"Pending has no field {sorted(unknown)[0]!r}")
        new = _new_object(Pending)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


_PENDING_FIELDS: Final = frozenset(a.name for a in attrs.fields(Pending))
_new_object: Final = object.__new__


# --------------------------------------------------------------------------- search state


class _Search:
    """Mutable scratch state of one call to the generator (never shared between calls)."""

    __slots__ = (
        "me",
        "op",
        "values",
        "n",
        "head_limit",
        "start",
        "start_me",
        "opp_off",
        "aux",
        "mode",
        "end",
        "best",
        "found",
        "path",
        "seen",
        "tags",
        "equal",
        "order_free",
    )

    def __init__(self, me: list[int], op: list[int], values: Roll, start: Position) -> None:
        self.me = me
        self.op = op
        self.values = values
        self.n = len(values)
        self.head_limit: int | None = None
        self.start = start
        self.start_me: tuple[int, ...] = tuple(me)
        self.opp_off = 0
        self.aux = 0  # a per-call value a ruleset's hooks may precompute
        self.mode = 0  # a per-call switch a ruleset may pass to its own hooks
        self.end: Callable[[_Search], bool] | None = None
        self.best = -1
        self.found: dict[tuple[int, ...], tuple[Step, ...]] = {}
        self.path: list[Step] = []
        self.seen: set[tuple[int, ...]] | None = None
        self.tags: list[int] | None = None
        self.equal = len(set(values)) <= 1
        self.order_free = True


# --------------------------------------------------------------------------- ruleset


def _rebuild(name: str, options: dict[str, object]) -> RuleSet:
    from nardy.rules import ruleset

    return ruleset(name, **options)


class RuleSet:
    """Base class of every ruleset: the shared generator and the hooks it calls.

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

    def __init__(self, **options: object) -> None:
        known = {opt.name: opt for opt in self.OPTIONS}
        values: dict[str, object] = {}
        for key, value in options.items():
            if key not in known:
                allowed = ", ".join(sorted(known)) or "none"
                raise OptionError(
                    f"{self.name} has no option {key!r}; its options are: {allowed}"
                )
            values[key] = known[key].check(value)
        self._options: dict[str, object] = {
            opt.name: values.get(opt.name, opt.default) for opt in self.OPTIONS
        }
        self._hash = hash((self.name, tuple(sorted((k, repr(v)) for k, v in self._options.items()))))
        self._hits = self.family == "short"
        self._exact_only = bool(self._options.get("bearoff_exact_only", False))
        self._home_moves = bool(self._options.get("home_moves_after_all_home", True))
        self._overshoot_start = self._options.get("bearoff_overshoot_check") == "turn_start"
        self.order_free = type(self).order_free
        # hooks the generator must call: those a subclass overrides (configure() may drop some)
        cls = type(self)
        self._end_hook = None if cls.end_ok is RuleSet.end_ok else self.end_ok
        self._source_hook = None if cls.source_ok is RuleSet.source_ok else self.source_ok
        self._step_hook = None if cls.step_ok is RuleSet.step_ok else self.step_ok
        self.configure()

    def configure(self) -> None:
        """Resolve options into the flags the hooks use (called once by ``__init__``)."""

    # -- identity --------------------------------------------------------------

    @property
    def options(self) -> Mapping[str, object]:
        """Every option of this ruleset with its value (defaults included)."""
        return dict(self._options)

    def option(self, name: str) -> Any:
        """The value of one option."""
        try:
            return self._options[name]
        except KeyError:
            raise OptionError(f"{self.name} has no option {name!r}") from None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, RuleSet) and self.name == other.name and self._options == other._options
        )

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt through the registry, so the hash is recomputed in the new process
        return (_rebuild, (self.name, self._options))

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
        return _make_position(self.family, t, t, 0, 0, Player.WHITE, False, False)

    def position(
        self,
        white: Sequence[int],
        black: Sequence[int],
        white_bar: int = 0,
        black_bar: int = 0,
        turn: Player = Player.WHITE,
        white_moved: bool = True,
        black_moved: bool = True,
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
            raise InvalidPositionError(f"turn must be Player.WHITE or Player.BLACK, not {turn!r}")
        for name, flag in (("white_moved", white_moved), ("black_moved", black_moved)):
            if not isinstance(flag, bool):
                raise InvalidPositionError(f"{name} must be a bool, not {flag!r}")
        pos = _make_position(
            self.family, wt, bt, white_bar, black_bar, turn, white_moved, black_moved
        )
        pos.validate()
        self.check_position(pos)
        return pos

    def check_position(self, pos: Position) -> None:
        """Raise :class:`~nardy.InvalidPositionError` if ``pos`` cannot occur in this ruleset."""
        if pos.family != self.family:
            raise InvalidPositionError(
                f"a {pos.family}-family position cannot be used with {self.name} ({self.family} family)"
            )

    # -- the generator ---------------------------------------------------------

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
        values = self.expand_dice(dice, context)
        if pos.family != self.family:
            self.check_position(pos)
        found, _ = self._generate(pos, values, context)
        return self._plays(pos, values, found)

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

    def expand_dice(self, dice: Sequence[int], context: PlayContext = ROLL_CONTEXT) -> Roll:
        """The values to play for ``dice``: a double gives four, largest first."""
        try:
            vals = tuple(dice)
        except TypeError:
            raise InvalidDiceError(f"dice must be a sequence of ints, not {dice!r}") from None
        for v in vals:
            if type(v) is not int or not 1 <= v <= 6:
                raise InvalidDiceError(f"dice values must be ints 1..6, got {vals!r}")
        if context.kind in ("roll", "reroll"):
            if len(vals) != 2:
                raise InvalidDiceError(f"a roll is two dice, got {vals!r}")
            if vals[0] == vals[1]:
                return (vals[0],) * 4
        elif not 1 <= len(vals) <= 4:
            raise InvalidDiceError(f"a play uses 1 to 4 values, got {vals!r}")
        return tuple(sorted(vals, reverse=True))

    def _generate(
        self, pos: Position, values: Roll, context: PlayContext
    ) -> tuple[dict[tuple[int, ...], tuple[Step, ...]], int]:
        """Run the search with the head allowance of this play; return (plays, M)."""
        limit = self.head_limit_for(pos, values, context)
        if isinstance(limit, tuple):  # a first-turn choice between two allowances
            low, high = limit
            found_low, best_low = self._search(pos, values, low)
            found_high, best_high = self._search(pos, values, high)
            return (found_high, best_high) if best_high > best_low else (found_low, best_low)
        return self._search(pos, values, limit)

    def _search(
        self, pos: Position, values: Roll, head_limit: int | None, mode: int = 0
    ) -> tuple[dict[tuple[int, ...], tuple[Step, ...]], int]:
        me, op = self._internal(pos)
        s = _Search(me, op, values, pos)
        s.head_limit = head_limit
        s.mode = mode
        s.opp_off = pos.off(pos.turn.other)
        s.order_free = self.order_free
        if self.uses_tags:
            s.tags = [0] * 52
        if s.equal and not s.order_free:
            s.seen = set()
        self.prepare(s)
        s.end = self._end_hook
        if s.end is not None and not mode and not s.end(s):
            # a hand-set start that already breaks an end-of-play rule (RULES.md 4.3:
            # impossible in real play): the rule cannot be kept, so it is not applied
            s.end = None
        far = me[BAR] + sum(me[7:25])
        self._dfs(s, 0, 0, BAR, far, 0, 0)
        found = s.found
        best = s.best
        n = s.n
        # 2.4 larger-die rule: one value used, two different values rolled
        if best == 1 and n == 2 and values[0] != values[1]:
            big = values[0]
            with_big = {k: v for k, v in found.items() if v[0].die == big}
            if with_big:
                found = with_big
        if found:
            found = self.prefer(s, found)
        return found, best

    def _dfs(
        self, s: _Search, depth: int, used: int, maxsrc: int, far: int, head: int, skip: int
    ) -> None:
        """Depth-first search over step sequences (RULES.md 2.7).

        ``used``: bit set of the value indexes played; ``maxsrc``: highest source
        allowed (equal values in an order-free ruleset are played from high
        points to low, which reaches every result once); ``far``: checkers on the
        bar or outside home; ``head``: steps from the head so far; ``skip``: see
        below.
        """
        me = s.me
        # every prefix is a candidate (2.2); only the longest admissible ones survive (2.3)
        end_hook = s.end
        if depth >= s.best and (end_hook is None or end_hook(s)):
            key = tuple(me)
            if depth > s.best:
                s.best = depth
                s.found = {key: tuple(s.path)}
            elif key not in s.found:
                s.found[key] = tuple(s.path)
        n = s.n
        if depth == n or me[0] == CHECKERS:
            return
        if s.seen is not None:
            memo = (*me, depth, head, *(s.tags or ()))
            if memo in s.seen:
                return
            s.seen.add(memo)
        op = s.op
        values = s.values
        hits = self._hits
        home_moves = self._home_moves
        tags = s.tags
        limit = s.head_limit
        source_hook = self._source_hook
        step_hook = self._step_hook
        path = s.path
        ordered_values = s.equal and s.order_free
        if me[BAR]:
            srcs: list[int] = [BAR]
        else:
            top = maxsrc if ordered_values and maxsrc < 24 else 24
            srcs = list(compress(DESCENDING[top], me[top:0:-1]))
        last = depth + 1 == n
        headed = limit is not None and head >= limit  # no more checkers may leave the head
        prune = depth == 0 and n == 2 and not ordered_values and s.order_free
        plain = (False,)
        tried = 0
        for i in range(n):
            if used >> i & 1:
                continue
            d = values[i]
            if tried >> d & 1:
                continue
            tried |= 1 << d
            steps_d = STEPS_BY_DIE[d]
            for p in srcs:
                if p == 24 and headed:
                    continue
                t = p - d
                hit = False
                if t >= 1:
                    if skip and p != skip:
                        # two different values in an order-free ruleset: this
                        # result was reached with the other value first
                        continue
                    o = op[t]
                    if o:
                        if not hits or o > 1:
                            continue
                        hit = True
                    if not far and not home_moves:
                        continue
                else:
                    # bear-off (3.2)
                    if far:
                        continue
                    if t < 0:
                        if self._exact_only:
                            continue
                        # only from the highest occupied point (all of ours are home, so
                        # points above 6 are empty and p + 5 >= 6 covers the rest)
                        if me[p + 1] or me[p + 2] or me[p + 3] or me[p + 4] or me[p + 5]:
                            continue
                        if self._overshoot_start and any(s.start_me[q] for q in range(d, 7)):
                            continue
                    t = 0
                if source_hook is not None and not source_hook(s, p):
                    continue
                nfar = far - 1 if p >= 7 and t <= 6 else far
                # pruning for the second value of a non-double tried first: at the
                # next depth only a continuation of this checker or a bear-off is new
                nskip = t if prune and i and p != BAR and nfar == far else 0
                kinds = plain if tags is None else self._tag_kinds(me, tags, p)
                for tagged in kinds:  # Caucasian: a marked and an unmarked checker differ
                    me[p] -= 1
                    if t:
                        me[t] += 1
                        if hit:
                            op[t] = 0
                            me[26] |= 1 << t
                    else:
                        me[0] += 1
                    ntag = 0
                    if tags is not None:
                        ntag = self.tag_after(p, t, hit, tagged)
                        if tagged:
                            tags[p] -= 1
                        if ntag and t:
                            tags[t if ntag == MARKED else t + 26] += 1
                    if step_hook is not None and not step_hook(s, p, t, tagged):
                        pass
                    elif last:
                        # a leaf: record it here rather than in a call (the same
                        # bookkeeping as at the top of this method)
                        if n >= s.best and (end_hook is None or end_hook(s)):
                            key = tuple(me)
                            if n == s.best:
                                if key not in s.found:
                                    s.found[key] = (*path, steps_d[p][hit])
                            else:
                                s.best = n
                                s.found = {key: (*path, steps_d[p][hit])}
                    else:
                        path.append(steps_d[p][hit])
                        self._dfs(s, depth + 1, used | 1 << i, p, nfar, head + (p == 24), nskip)
                        path.pop()
                    # undo
                    if tags is not None:
                        if tagged:
                            tags[p] += 1
                        if ntag and t:
                            tags[t if ntag == MARKED else t + 26] -= 1
                    me[p] += 1
                    if t:
                        me[t] -= 1
                        if hit:
                            op[t] = 1
                            me[26] ^= 1 << t
                    else:
                        me[0] -= 1

    @staticmethod
    def _tag_kinds(me: list[int], tags: list[int], p: int) -> tuple[bool, ...]:
        """Which kinds of checker can move from ``p``: unmarked (False), marked (True).

        ``tags[p]`` counts marked checkers on ``p``, ``tags[26 + p]`` frozen ones.
        """
        if p > 24:
            return (False,)
        marked = tags[p]
        unmarked = me[p] - marked - tags[26 + p]
        if not marked:
            return (False,) if unmarked > 0 else ()
        return (False, True) if unmarked > 0 else (True,)

    def _internal(self, pos: Position) -> tuple[list[int], list[int]]:
        """The mover-relative int lists (``me``, ``op``) of ``pos``."""
        mover = pos.turn
        mine = pos.points(mover)
        theirs = pos.points(mover.other)
        bar = pos.bar(mover)
        me = [CHECKERS - sum(mine) - bar, *mine, bar, 0]
        if self.family == "short":
            op = [0, *theirs[::-1], pos.bar(mover.other)]
        else:
            op = [0, *theirs[12:], *theirs[:12], 0]
        return me, op

    def _plays(
        self, pos: Position, values: Roll, found: dict[tuple[int, ...], tuple[Step, ...]]
    ) -> tuple[Play, ...]:
        if not found:  # pragma: no cover - the empty play is always admissible
            raise InvalidPositionError(f"no play is admissible from {pos!r}, not even a pass")
        ordered = not self.order_free
        return tuple([_make_play(steps, values, pos, key, ordered) for key, steps in found.items()])

    def _after(self, pos: Position, key: tuple[int, ...], turn: Player, moved: bool) -> Position:
        """The position a generator key describes, with the turn and first-play flag given."""
        white_to_move = pos.turn == Player.WHITE
        mine = key[1:25]
        if white_to_move:
            theirs, obar = pos.black, pos.black_bar
        else:
            theirs, obar = pos.white, pos.white_bar
        hitmask = key[26]
        if hitmask:
            lst = list(theirs)
            for t in range(1, 25):
                if hitmask >> t & 1:
                    lst[24 - t] -= 1  # mover point t is the opponent's 25 - t
                    obar += 1
            theirs = tuple(lst)
        if white_to_move:
            return _make_position(
                self.family, mine, theirs, key[25], obar, turn, pos.white_moved or moved, pos.black_moved
            )
        return _make_position(
            self.family, theirs, mine, obar, key[25], turn, pos.white_moved, pos.black_moved or moved
        )

    def apply(self, pos: Position, play: Play) -> Position:
        """The position after ``play``; the turn passes to the opponent.

        ``play`` must be legal in ``pos`` (normally one of :meth:`legal_plays`);
        otherwise :class:`~nardy.IllegalPlayError` says which rule it breaks.

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> pos = rules.initial_position()
        >>> after = rules.apply(pos, rules.parse_play(pos, "8/5 6/5", (3, 1)))
        >>> after.turn, after.points(Player.WHITE)[4]
        (<Player.BLACK: 1>, 2)
        """
        if type(play) is Play and play._origin is pos and play._key is not None:
            key = play._key  # generated from this very position: no second search
        else:
            key = self._key_of(pos, play, ROLL_CONTEXT)
        return self._after(pos, key, _OTHER[pos.turn], True)

    def _key_of(self, pos: Position, play: Play, context: PlayContext) -> tuple[int, ...]:
        """The generator key of ``play`` in ``pos``, checking that it is legal.

        A play is identified by the position it leads to (RULES.md 1.5): its
        steps may be any legal order of a legal play.
        """
        if not isinstance(play, Play):
            raise IllegalPlayError(f"expected a Play, got {play!r}")
        if play._key is not None and (play._origin is pos or play._origin == pos):
            return play._key
        dice = play.dice
        if context.kind in ("roll", "reroll") and len(dice) == 4 and len(set(dice)) == 1:
            dice = dice[:2]
        for candidate in self.legal_plays(pos, dice, context):
            if candidate.steps == play.steps:
                assert candidate._key is not None
                return candidate._key
        key = self.play_from_steps(pos, dice, play.steps, context)._key  # another legal order
        assert key is not None
        return key

    # -- explaining illegal plays ---------------------------------------------

    def explain(
        self, pos: Position, values: Roll, steps: Sequence[Step], context: PlayContext = ROLL_CONTEXT
    ) -> str:
        """Say why ``steps`` is not a legal play of ``values`` in ``pos``: the rule it breaks."""
        text = " ".join(str(s) for s in steps) or "pass"
        reason, s, head = self._walk(pos, values, steps, context)
        if reason:
            if len(steps) == 1:
                reason = reason.rsplit(" (", 1)[0]
            return f"{text}: {reason}"
        limit = self.head_limit_for(pos, values, context)
        _, best = self._generate(pos, values, context)
        if len(steps) < best:
            return f"{text}: the play must use as many dice as possible ({best} here)"
        if len(steps) == 1 and best == 1 and len(values) == 2 and values[0] != values[1]:
            return f"{text}: when only one die can be played, the larger one must be"
        if isinstance(limit, tuple) and head > limit[0]:
            return f"{text}: the head may release only one checker on this first play"
        if not self.end_ok(s):
            return f"{text}: {self.end_rule}"
        return f"{text}: not a legal play with {'-'.join(map(str, values[:2]))}"

    def _walk(
        self,
        pos: Position,
        values: Roll,
        steps: Sequence[Step],
        context: PlayContext,
        head_limit: int | None | tuple[int, int] = -1,
    ) -> tuple[str, _Search, int]:
        """Play ``steps`` in order: (the first broken rule or "", the state, head checkers used).

        Without ``head_limit`` the larger first-turn allowance is used.
        """
        me, op = self._internal(pos)
        limit = self.head_limit_for(pos, values, context) if head_limit == -1 else head_limit
        s = _Search(me, op, values, pos)
        s.head_limit = limit[1] if isinstance(limit, tuple) else limit
        s.opp_off = pos.off(pos.turn.other)
        if self.uses_tags:
            s.tags = [0] * 52
        self.prepare(s)
        return self._walk_from(s, list(steps), list(values), 0)

    def _walk_from(
        self, s: _Search, steps: list[Step], remaining: list[int], head: int
    ) -> tuple[str, _Search, int]:
        if not steps:
            return "", s, head
        step = steps[0]
        kinds: tuple[bool, ...] = (False,)
        if s.tags is not None and step.source <= 24:
            kinds = self._tag_kinds(s.me, s.tags, step.source) or (False,)
        first = ""
        for tagged in kinds:
            saved = (list(s.me), list(s.op), list(s.tags) if s.tags is not None else None)
            reason = self._step_reason(s, step, remaining, head, tagged)
            if reason:
                reason = f"{reason} ({step})"
            else:
                rest = list(remaining)
                rest.remove(step.die)
                reason, _, used = self._walk_from(s, steps[1:], rest, head + (step.source == 24))
                if not reason:
                    return "", s, used
            first = first or reason
            s.me[:], s.op[:] = saved[0], saved[1]
            if saved[2] is not None and s.tags is not None:
                s.tags[:] = saved[2]
        return first, s, head

    #: what end_ok() enforces, for error messages
    end_rule: ClassVar[str] = "the final position breaks the rules"

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
        ``prefix`` is a whole legal play.

        >>> import nardy
        >>> rules = nardy.ruleset("long")
        >>> [str(s) for s in rules.next_steps(rules.initial_position(), (6, 5))]
        ['24/18', '24/19']
        >>> [str(s) for s in rules.next_steps(rules.initial_position(), (6, 5), [nardy.Step(24, 18, 6)])]
        ['18/13']
        """
        values = self.expand_dice(dice, context)
        found, best = self._generate(pos, values, context)
        limit = self._effective_head_limit(pos, values, context)
        reason, s, head = self._walk(pos, values, prefix, context, limit)
        if reason:
            raise IllegalPlayError(f"{' '.join(map(str, prefix))}: {reason}")
        if len(prefix) >= best:
            return ()
        remaining = list(values)
        for step in prefix:
            remaining.remove(step.die)
        big_only = (
            best == 1
            and len(values) == 2
            and values[0] != values[1]
            and any(v[0].die == values[0] for v in found.values())
        )
        keys = set(found)
        out: list[Step] = []
        for step in self._candidate_steps(s, remaining):
            if big_only and step.die != values[0]:
                continue
            hit = self._completes(s, step, remaining, head, len(prefix) + 1, best, keys, set())
            if hit is not None:
                out.append(STEPS[step.source][step.die][hit])
        return tuple(out)

    def _effective_head_limit(self, pos: Position, values: Roll, context: PlayContext) -> int | None:
        limit = self.head_limit_for(pos, values, context)
        if not isinstance(limit, tuple):
            return limit
        low, high = limit
        return high if self._search(pos, values, high)[1] > self._search(pos, values, low)[1] else low

    def _candidate_steps(self, s: _Search, remaining: list[int]) -> list[Step]:
        me = s.me
        sources = [BAR] if me[BAR] else [p for p in range(24, 0, -1) if me[p]]
        return [STEPS[p][d][False] for d in sorted(set(remaining), reverse=True) for p in sources]

    def _completes(
        self,
        s: _Search,
        step: Step,
        remaining: list[int],
        head: int,
        depth: int,
        best: int,
        keys: set[tuple[int, ...]],
        dead: set[tuple[object, ...]],
    ) -> bool | None:
        """Whether ``step`` can be played now and then completed into a legal play.

        Returns whether the step hits (``None``: it cannot). The state is restored.
        """
        kinds: tuple[bool, ...] = (False,)
        if s.tags is not None and step.source <= 24:
            kinds = self._tag_kinds(s.me, s.tags, step.source) or (False,)
        rest = list(remaining)
        rest.remove(step.die)
        for tagged in kinds:
            saved = (list(s.me), list(s.op), list(s.tags) if s.tags is not None else None)
            hits_before = s.me[26]
            ok = not self._step_reason(s, step, remaining, head, tagged)
            hit = s.me[26] != hits_before
            if ok:
                nhead = head + (step.source == 24)
                if depth == best:
                    ok = tuple(s.me) in keys
                else:
                    memo = (*s.me, *(s.tags or ()), nhead, *sorted(rest))
                    if memo in dead:
                        ok = False
                    else:
                        ok = any(
                            self._completes(s, nxt, rest, nhead, depth + 1, best, keys, dead) is not None
                            for nxt in self._candidate_steps(s, rest)
                        )
                        if not ok:
                            dead.add(memo)
            s.me[:], s.op[:] = saved[0], saved[1]
            if saved[2] is not None and s.tags is not None:
                s.tags[:] = saved[2]
            if ok:
                return hit
        return None

    def play_from_steps(
        self,
        pos: Position,
        dice: Sequence[int],
        steps: Sequence[Step],
        context: PlayContext = ROLL_CONTEXT,
    ) -> Play:
        """The legal play that the ordered ``steps`` make, checking that this very
        order is legal (for step-by-step input and records).

        >>> import nardy
        >>> rules = nardy.ruleset("short")
        >>> str(rules.play_from_steps(rules.initial_position(), (6, 5), [nardy.Step(24, 18, 6), nardy.Step(18, 13, 5)]))
        '24/13'
        """
        values = self.expand_dice(dice, context)
        legal = self.legal_plays(pos, dice, context)
        limit = self._effective_head_limit(pos, values, context)
        reason, s, _ = self._walk(pos, values, steps, context, limit)
        if not reason:
            key = tuple(s.me)
            for play in legal:
                if play._key == key and len(play.steps) == len(steps):
                    return play
        raise IllegalPlayError(self.explain(pos, values, steps, context))

    def _step_reason(
        self, s: _Search, step: Step, remaining: list[int], head: int, tagged: bool = False
    ) -> str:
        """Apply one step to the search state, or return the rule it breaks."""
        me, op = s.me, s.op
        p, d = step.source, step.die
        if d not in remaining:
            return f"no die {d} left to play"
        if not 1 <= p <= BAR or (p == BAR and self.family == "long"):
            return "no such point"
        if me[BAR] and p != BAR:
            return "a checker on the bar must enter first"
        if not me[p]:
            return "no checker of the mover there"
        if p == 24 and s.head_limit is not None and head >= s.head_limit:
            n = s.head_limit
            return f"the head may release only {n} checker{'s' if n != 1 else ''} per play"
        far = me[BAR] + sum(me[7:25])
        t = p - d
        hit = False
        if t >= 1:
            if op[t]:
                if not self._hits:
                    return f"point {t} is held by the opponent"
                if op[t] > 1:
                    return f"point {t} is closed (two or more opposing checkers)"
                hit = True
            if not far and not self._home_moves:
                return "once all checkers are home every step must bear off"
        else:
            if far:
                return "a checker may be borne off only when all the mover's checkers are home"
            if t < 0:
                if self._exact_only:
                    return "a checker may be borne off only with the exact number"
                if any(me[q] for q in range(p + 1, 7)):
                    return f"a {d} may bear off from {p} only when no checker stands higher"
                if self._overshoot_start and any(s.start_me[q] for q in range(d, 7)):
                    return f"a {d} may bear off from {p} only if no checker stood on {d} or higher at the start"
            t = 0
        if not self.source_ok(s, p):
            return self.source_rule
        me[p] -= 1
        if t:
            me[t] += 1
            if hit:
                op[t] = 0
                me[26] |= 1 << t
        else:
            me[0] += 1
        if s.tags is not None:
            kinds = self._tag_kinds([*me[:p], me[p] + 1, *me[p + 1:]], s.tags, p)
            if not kinds:
                return self.source_rule
            if tagged not in kinds:
                tagged = kinds[0]
            ntag = self.tag_after(p, t, hit, tagged)
            if tagged:
                s.tags[p] -= 1
            if ntag and t:
                s.tags[t if ntag == MARKED else t + 26] += 1
        if not self.step_ok(s, p, t, tagged):
            return self.step_rule
        return ""

    #: what source_ok() and step_ok() enforce, for error messages
    source_rule: ClassVar[str] = "this checker may not move now"
    step_rule: ClassVar[str] = "the position after this step breaks the rules"

    # -- hooks -----------------------------------------------------------------

    #: True when no per-step hook depends on the order of steps; the generator
    #: then plays equal values from high points to low only (a pure speed-up).
    #: ``configure()`` may turn it off for an instance.
    order_free: bool = True
    #: True when tag_after() marks checkers (the generator then tracks marks)
    uses_tags: bool = False

    def head_limit_for(
        self, pos: Position, values: Roll, context: PlayContext
    ) -> int | None | tuple[int, int]:
        """How many checkers may leave the head (point 24) in this play.

        ``None`` means no limit; a pair ``(low, high)`` asks the generator to use
        ``high`` only if it lets more dice be played than ``low`` (the long
        family's formal first-turn exception).
        """
        return None

    def prepare(self, s: _Search) -> None:
        """Precompute per-call data for the hooks (stored in ``s.aux``)."""

    def source_ok(self, s: _Search, point: int) -> bool:
        """Per-step: may a checker on ``point`` move now? (Before the step.)"""
        return True

    def step_ok(self, s: _Search, source: int, target: int, tagged: bool) -> bool:
        """Per-step: is the position after this step allowed? (``s.me`` is after it.)"""
        return True

    def tag_after(self, source: int, target: int, hit: bool, tagged: bool) -> int:
        """Per-step: the mark the moved checker carries after this step.

        ``0`` none, ``MARKED`` (Caucasian: may not hide), ``FROZEN`` (may not move
        again in this play).
        """
        return 0

    def end_ok(self, s: _Search) -> bool:
        """End of play: is the final position ``s.me`` admissible (2.2)?"""
        return True

    def prefer(
        self, s: _Search, found: dict[tuple[int, ...], tuple[Step, ...]]
    ) -> dict[tuple[int, ...], tuple[Step, ...]]:
        """Preference filter applied after the maximum-dice and larger-die rules (2.5)."""
        return found

    # -- notation --------------------------------------------------------------

    def parse_play(
        self,
        pos: Position,
        text: str,
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
        from nardy.notation import parse_play

        return parse_play(self, pos, text, dice, context)

    # -- results and turn flow -------------------------------------------------

    def winner(self, pos: Position) -> Player | None:
        """The side that has borne off all its checkers, if any."""
        for player in (Player.WHITE, Player.BLACK):
            if pos.off(player) == CHECKERS:
                return player
        return None

    def score(self, pos: Position, winner: Player) -> Result:
        """The result when ``winner`` has borne off everything in ``pos``."""
        raise NotImplementedError

    def after_play(
        self, pending: Pending, pos: Position, play: Play
    ) -> Pending:
        """Turn flow: what must happen after ``pending.player`` made ``play``.

        ``pos`` is the position after the play. The default is one play per
        turn: the opponent rolls next.
        """
        assert pending.player is not None
        return self.next_turn(pending, pending.player.other)

    @staticmethod
    def next_turn(pending: Pending, player: Player, **changes: Any) -> Pending:
        """``pending`` carried over to a new state where ``player`` must roll."""
        return pending.replace(
            phase="roll", player=player, dice=None, context=ROLL_CONTEXT, owed=(), **changes
        )

    def opening(self, first: Player, dice: Roll) -> Pending:
        """The pending state after the opening roll ``dice`` (winner's die first)."""
        if self.option("opening_roll") == "use_opening_dice":
            rolls = (1, 0) if first == Player.WHITE else (0, 1)
            return Pending("play", first, dice, first_player=first, rolls=rolls)
        return Pending("roll", first, first_player=first)

