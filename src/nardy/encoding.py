"""Tensor encodings for learning: TD-Gammon inputs, observations and step actions.

Every encoding is versioned (as pgx does): a function takes ``version=`` and the
module states the current version in a constant. A version's layout never
changes; a change of meaning gets a new version number.

* :func:`tdgammon` (:data:`TDGAMMON_VERSION`): Tesauro's 198 inputs, short family only.
* :func:`observation` (:data:`OBSERVATION_VERSION`): one fixed-size vector for
  every ruleset, seen from one player ("me"), so a single network can be trained
  across rulesets. :data:`OBSERVATION_LAYOUT` names its fields.
* Step actions (:data:`ACTION_VERSION`): a play is made one step at a time, each
  step an int ``source * 6 + (die - 1)`` in ``range(N_ACTIONS)``;
  :func:`legal_action_mask` marks the steps that may come next
  (:meth:`nardy.RuleSet.next_steps`).

numpy is needed for the arrays (``pip install nardy[numpy]``); the action
helpers that return ints and steps work without it.

>>> import nardy
>>> from nardy import encoding
>>> rules = nardy.ruleset("short")
>>> pos = rules.initial_position()
>>> encoding.tdgammon(pos).shape, encoding.observation(pos).shape
((198,), (132,))
>>> mask = encoding.legal_action_mask(rules, pos, (6, 5))
>>> [str(encoding.action_to_step(a, pos)) for a in mask.nonzero()[0]]
['8/3', '8/2', '13/8', '13/7', '24/18']
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from typing import Final

from nardy.core import BAR, CHECKERS, STEPS, Player, Position, Step, check_steps, normalize_name
from nardy.errors import (
    IllegalPlayError,
    InvalidDiceError,
    InvalidPositionError,
    NardyError,
    UnknownRuleSetError,
    shown,
)
from nardy.flow import ROLL_CONTEXT, PlayContext
from nardy.game import Game
from nardy.rules.base import RuleSet

try:  # (the compiled build is type-checked where numpy may be missing: np is then Any)
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - numpy comes with the extras
    np = None  # type: ignore[assignment, unused-ignore]

__all__ = [
    "TDGAMMON_VERSION",
    "TDGAMMON_SIZE",
    "OBSERVATION_VERSION",
    "OBSERVATION_SIZE",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_RULESETS",
    "ACTION_VERSION",
    "N_ACTIONS",
    "tdgammon",
    "observation",
    "observation_bounds",
    "apply_steps",
    "step_to_action",
    "action_to_step",
    "legal_steps",
    "legal_action_mask",
]

#: the current version of :func:`tdgammon`
TDGAMMON_VERSION: Final = 1
#: inputs of :func:`tdgammon`
TDGAMMON_SIZE: Final = 198

#: the current version of :func:`observation`
OBSERVATION_VERSION: Final = 1

#: the current version of the step action space
ACTION_VERSION: Final = 1
#: the size of the step action space, where ``action = source * 6 + (die - 1)``
#: with source 1..24 or 25 (the bar); the actions with source 0 (0..5) are never legal
N_ACTIONS: Final = 26 * 6

#: rulesets of the one-hot ``ruleset`` field of observation v1, in this order
#: (fixed for v1: a ruleset added later gets zeros here, or a new version)
OBSERVATION_RULESETS: Final[tuple[str, ...]] = (
    "short",
    "caucasian",
    "long",
    "gulbar",
    "khachapuri",
    "fevga",
    "nardgammon",
    "crazy",
    "crazy_gulbar",
    "giul",
)


def _layout(fields: Sequence[tuple[str, int]]) -> dict[str, slice]:
    out: dict[str, slice] = {}
    at = 0
    for name, size in fields:
        out[name] = slice(at, at + size)
        at += size
    return out


#: Observation v1, field name -> slice of the vector. "me" is the perspective
#: player (by default the player to act), "opp" its opponent.
#:
#: ==============  ====  ==========================================================
#: field           size  meaning
#: ==============  ====  ==========================================================
#: ``my_points``     24  my checkers on my points 1..24 (index 0 = point 1), raw counts
#: ``opp_points``    24  the opponent's checkers on *my* points 1..24 (mapped with
#:                       :func:`nardy.core.to_other_numbering` of the family)
#: ``my_bar``         1  my checkers on the bar (always 0 in the long family)
#: ``opp_bar``        1  the opponent's checkers on the bar
#: ``my_off``         1  my checkers borne off
#: ``opp_off``        1  the opponent's checkers borne off
#: ``my_color``       2  one-hot: I am White, I am Black
#: ``to_act``         1  1 if I am the player to act
#: ``moved``          2  I have made my first play; the opponent has
#: ``phase``          4  one-hot phase of the game: roll, cube, play, over
#: ``kind``           4  one-hot kind of play (``PlayContext.kind``): roll,
#:                       reroll, owed, stage
#: ``values``        24  the values the player to act must still play:
#:                       ``values[(v - 1) * 4 + k]`` is 1 if at least ``k + 1`` of
#:                       them are ``v`` (a double gives four, Gulbar's owed steps
#:                       one to four); values already used by ``prefix`` are gone
#: ``owed``          24  values of the plays queued after this one (``Pending.owed``),
#:                       the same thermometer code, counts summed per value
#: ``head_used``      1  long family: checkers moved off the head (point 24) in this
#:                       play so far, plus ``PlayContext.head_used``; 0 in the
#:                       short family
#: ``extra_turn``     1  1 during the extra turn of the last-roll rule
#: ``cube``           1  log2 of the cube's value (0 for 1)
#: ``cube_owner``     3  one-hot: centred, mine, the opponent's
#: ``crawford``       1  1 in a Crawford game
#: ``family``         2  one-hot: short, long
#: ``ruleset``       10  one-hot over :data:`OBSERVATION_RULESETS` (zeros if unknown)
#: ==============  ====  ==========================================================
OBSERVATION_LAYOUT: Final[dict[str, slice]] = _layout(
    (
        ("my_points", 24),
        ("opp_points", 24),
        ("my_bar", 1),
        ("opp_bar", 1),
        ("my_off", 1),
        ("opp_off", 1),
        ("my_color", 2),
        ("to_act", 1),
        ("moved", 2),
        ("phase", 4),
        ("kind", 4),
        ("values", 24),
        ("owed", 24),
        ("head_used", 1),
        ("extra_turn", 1),
        ("cube", 1),
        ("cube_owner", 3),
        ("crawford", 1),
        ("family", 2),
        ("ruleset", len(OBSERVATION_RULESETS)),
    )
)
#: length of the observation vector (v1)
OBSERVATION_SIZE: Final = OBSERVATION_LAYOUT["ruleset"].stop

_PHASES: Final = ("roll", "cube", "play", "over")
_KINDS: Final = ("roll", "reroll", "owed", "stage")


def _need_numpy() -> None:
    """Raise a helpful ImportError when numpy (an optional dependency) is missing."""
    if np is None:  # pragma: no cover - numpy comes with the extras
        raise ImportError("nardy.encoding needs numpy for arrays: pip install 'nardy[numpy]'")


def _check_version(what: str, version: object, known: tuple[int, ...]) -> None:
    if type(version) is not int or version not in known:
        versions = ", ".join(map(str, known))
        raise NardyError(f"{what} version {shown(version)} is not known; known versions: {versions}")


def _check_player(name: str, player: object, *, optional: bool = False) -> None:
    if type(player) is not Player and not (optional and player is None):
        none = ", None" if optional else ""
        raise NardyError(f"{name} must be Player.WHITE or Player.BLACK{none}, not {shown(player)}")


def _check_rules(rules: object) -> RuleSet:
    if not isinstance(rules, RuleSet):
        raise NardyError(f"rules must be a nardy RuleSet (see nardy.ruleset), not {shown(rules)}")
    return rules


# --------------------------------------------------------------------------- TD-Gammon


def _tesauro_units(n: int) -> tuple[float, float, float, float]:
    """Tesauro's four units for ``n`` checkers of one side on one point."""
    return (
        1.0 if n >= 1 else 0.0,
        1.0 if n >= 2 else 0.0,
        1.0 if n >= 3 else 0.0,
        (n - 3) / 2 if n > 3 else 0.0,
    )


def tdgammon(
    source: Game | Position, version: object = TDGAMMON_VERSION, *, perspective: Player = Player.WHITE
) -> np.ndarray:
    """Tesauro's 198 TD-Gammon inputs of a short-family game or position (float32).

    ``source`` is a :class:`~nardy.Game` (its position is encoded, and the side
    to move is the game's player to act, :attr:`nardy.Game.turn`, who differs
    from the position's while a double is answered) or a bare
    :class:`~nardy.Position` (the side to move is ``pos.turn``).

    Layout (v1), with ``A`` = ``perspective`` (White by default: the classic
    encoding) and ``B`` its opponent; the board points are numbered as ``A``
    numbers them, so ``B``'s checkers on board point ``k`` are those on its own
    point ``25 - k``:

    * ``0..95``: ``A``'s checkers on board points 1..24, four units per point,
      ``4 * (k - 1) + j`` for point ``k``: ``n >= 1``, ``n >= 2``, ``n >= 3``,
      ``(n - 3) / 2`` if ``n > 3``;
    * ``96``: ``A``'s bar / 2; ``97``: ``A``'s borne-off checkers / 15;
    * ``98..193``: ``B``'s checkers on board points 1..24, the same four units
      (``98 + 4 * (k - 1) + j``); ``194``: ``B``'s bar / 2; ``195``: ``B``'s off / 15;
    * ``196``: 1 if ``A`` is to move; ``197``: 1 if ``B`` is to move.

    >>> import nardy
    >>> x = tdgammon(nardy.ruleset("short").initial_position())
    >>> x[4 * 5 : 4 * 6].tolist(), x[4 * 23 : 4 * 24].tolist(), x[196:].tolist()
    ([1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 0.0, 0.0], [1.0, 0.0])
    >>> game = nardy.Game(nardy.ruleset("short"), first=nardy.BLACK)
    >>> tdgammon(game)[196:].tolist()
    [0.0, 1.0]
    """
    _check_version("tdgammon", version, (1,))
    _check_player("perspective", perspective)
    if isinstance(source, Game):
        pos = source.position
        mover = source.turn
    elif isinstance(source, Position):
        pos = source
        pos.validate()
        mover = pos.turn
    else:
        raise NardyError(f"tdgammon() needs a Game or a Position, not {shown(source)}")
    if pos.family != "short":
        raise NardyError(
            f"the TD-Gammon encoding is for the short family; use observation() for a {pos.family}-family position"
        )
    _need_numpy()
    a, b = perspective, perspective.other
    out = np.zeros(TDGAMMON_SIZE, dtype=np.float32)
    mine = pos.points(a)
    theirs = pos.points(b)
    units: list[float] = []
    for k in range(24):
        units.extend(_tesauro_units(mine[k]))
    units += [pos.bar(a) / 2, pos.off(a) / CHECKERS]
    for k in range(24):
        units.extend(_tesauro_units(theirs[23 - k]))  # board point k + 1 is B's 24 - k
    units += [pos.bar(b) / 2, pos.off(b) / CHECKERS]
    units += [1.0 if mover == a else 0.0, 1.0 if mover == b else 0.0]
    out[:] = units
    return out


# --------------------------------------------------------------------------- observation


def apply_steps(
    pos: Position,
    steps: Sequence[Step],
    rules: RuleSet | None = None,
    dice: Sequence[int] | None = None,
    context: PlayContext = ROLL_CONTEXT,
) -> Position:
    """The position after the mover (``pos.turn``) made ``steps``, still its turn.

    For showing a play in progress. With ``rules`` and ``dice`` this is
    :meth:`nardy.RuleSet.position_after_steps`: every step must be legal where
    it is played. Without them the steps are checked by the rules kernel
    against the board rules of the family only (RULES.md 2.1 and 3: open
    points, hits, the bar, bearing off), with the steps' own dice. A step that
    lands on a single opposing checker in the short family hits it.

    >>> import nardy
    >>> pos = nardy.ruleset("short").initial_position()
    >>> after = apply_steps(pos, [nardy.Step(24, 18, 6), nardy.Step(18, 13, 5)])
    >>> after.points(nardy.WHITE)[12], after.turn
    (6, <Player.WHITE: 0>)
    """
    if not isinstance(pos, Position):
        raise InvalidPositionError(f"expected a Position, not {shown(pos)}")
    steps = check_steps(steps)
    if (rules is None) != (dice is None):
        raise NardyError("give rules= and dice= together (the rules of the play), or neither (the board rules)")
    if rules is None or dice is None:
        pos.validate()
        if not steps:
            return pos
        rules, dice, context = _board_rules(pos, steps)
    return _check_rules(rules).position_after_steps(pos, dice, steps, context)


def _board_rules(pos: Position, steps: Sequence[Step]) -> tuple[RuleSet, tuple[int, ...], PlayContext]:
    """A ruleset with only the board rules of ``pos``'s family, and the steps' dice."""
    if len(steps) > 4:
        raise IllegalPlayError(f"a play has at most four steps, got {len(steps)}")
    return _family_board_rules(pos.family), tuple(s.die for s in steps), _OWED_CONTEXT


@functools.cache
def _family_board_rules(family: str) -> RuleSet:
    """The ruleset with only the board rules of ``family`` (made once: rulesets are immutable)."""
    from nardy.rules import ruleset

    if family == "short":
        return ruleset("short")
    return ruleset("long", head_limit=None, owed_head_limit=None, block_rule="none")


_OWED_CONTEXT: Final = PlayContext("owed")


def _expand(dice: Sequence[int], kind: str) -> list[int]:
    """The values a roll or a list of owed values gives (largest first)."""
    if type(dice) not in (tuple, list):
        raise InvalidDiceError(f"dice must be a tuple or list of ints 1..6, not {shown(dice)}")
    vals = list(dice)
    if any(type(v) is not int or not 1 <= v <= 6 for v in vals):
        raise InvalidDiceError(f"dice values must be ints 1..6, got {shown(tuple(dice))}")
    if kind in ("roll", "reroll") and len(vals) != 2:
        raise InvalidDiceError(f"a roll is two dice, got {shown(tuple(dice))}")
    if not 1 <= len(vals) <= 4:
        raise InvalidDiceError(f"a play uses 1 to 4 values, got {shown(tuple(dice))}")
    if kind in ("roll", "reroll") and len(vals) == 2 and vals[0] == vals[1]:
        vals *= 2
    return sorted(vals, reverse=True)


def _thermometer(row: bytearray, start: int, values: Sequence[int]) -> None:
    """Set the thermometer code of ``values`` in ``row`` from ``start``: a cell per
    value and count, up to four of a value."""
    seen = [0] * 7
    for v in values:
        k = seen[v]
        if k < 4:
            row[start + (v - 1) * 4 + k] = 1
            seen[v] = k + 1


@functools.lru_cache(maxsize=256)
def _game_values(dice: tuple[int, ...], kind: str) -> tuple[int, ...]:
    """:func:`_expand` of the values a game's state holds (checked already), remembered."""
    return tuple(_expand(dice, kind))


# where each field of observation v1 starts (OBSERVATION_LAYOUT), read once
_AT: Final = {name: field.start for name, field in OBSERVATION_LAYOUT.items()}
_OPP_POINTS: Final = _AT["opp_points"]
_MY_BAR: Final = _AT["my_bar"]
_OPP_BAR: Final = _AT["opp_bar"]
_MY_OFF: Final = _AT["my_off"]
_OPP_OFF: Final = _AT["opp_off"]
_MY_COLOR: Final = _AT["my_color"]
_TO_ACT: Final = _AT["to_act"]
_MOVED: Final = _AT["moved"]
_VALUES: Final = _AT["values"]
_OWED: Final = _AT["owed"]
_HEAD_USED: Final = _AT["head_used"]
_EXTRA_TURN: Final = _AT["extra_turn"]
_CUBE: Final = _AT["cube"]
_CUBE_OWNER: Final = _AT["cube_owner"]
_CRAWFORD: Final = _AT["crawford"]
_FAMILY: Final = _AT["family"]
#: the one-hot cells of each field, by value
_PHASE_AT: Final = {phase: _AT["phase"] + i for i, phase in enumerate(_PHASES)}
_KIND_AT: Final = {kind: _AT["kind"] + i for i, kind in enumerate(_KINDS)}
_RULESET_AT: Final = {name: _AT["ruleset"] + i for i, name in enumerate(OBSERVATION_RULESETS)}
_ZEROS: Final = bytes(OBSERVATION_SIZE)
#: White, bound here: compiled code reads a module's own Final names without a look-up
_WHITE: Final = Player.WHITE


def observation(
    source: Game | Position,
    version: object = OBSERVATION_VERSION,
    *,
    prefix: Sequence[Step] = (),
    perspective: Player | None = None,
    dice: Sequence[int] | None = None,
    context: PlayContext | None = None,
    rules: RuleSet | str | None = None,
) -> np.ndarray:
    """The fixed-size observation vector (float32) of a game or a position, for every ruleset.

    ``source`` is a :class:`~nardy.Game` (everything is read from it: the
    values to play, the kind of play, owed values, the cube, the ruleset) or a
    bare :class:`~nardy.Position` (then ``dice`` and ``context`` say what is to
    be played, if anything, and ``rules`` names the ruleset for the one-hot).

    ``prefix``: steps the player to act has already chosen in the current play
    (step-by-step input); the board is shown after them, as :func:`apply_steps`
    makes it, and their values are no longer listed. ``perspective``: whose view ("me"); by default the
    player to act. The layout is :data:`OBSERVATION_LAYOUT`.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("long"), first=nardy.BLACK)
    >>> _ = game.roll((3, 3))
    >>> x = observation(game)
    >>> x[OBSERVATION_LAYOUT["my_points"]][23], x[OBSERVATION_LAYOUT["my_color"]].tolist()
    (np.float32(15.0), [0.0, 1.0])
    >>> x[OBSERVATION_LAYOUT["values"]][8:12].tolist()  # four 3s to play
    [1.0, 1.0, 1.0, 1.0]
    """
    _check_version("observation", version, (1,))
    _need_numpy()
    _check_player("perspective", perspective, optional=True)
    prefix = () if type(prefix) is tuple and not prefix else check_steps(prefix)
    game: Game | None = None
    if isinstance(source, Game):
        if dice is not None or context is not None or rules is not None:
            raise NardyError("dice=, context= and rules= are read from the Game: give them only with a Position")
        game, base, turn = source, source.position, _game_turn(source)
    elif isinstance(source, Position):
        base, turn = source, _position_turn(source, dice, context, rules)
    else:
        raise NardyError(f"observation() needs a Game or a Position, not {shown(source)}")
    pos = base
    if prefix:
        if turn.phase != "play":
            raise NardyError("prefix= is a play in progress: there is nothing to play now")
        pos = _after_prefix(game, base, prefix)
    return _prefix_vector(pos, prefix, turn, perspective)


def game_observation(game: Game, board: Position, prefix: tuple[Step, ...], perspective: Player | None) -> np.ndarray:
    """:func:`observation` of ``game`` with the steps ``prefix`` of the play in
    progress, given ``board``, the position after them (for callers that know it:
    :class:`~nardy.envs.StepGame` keeps the board of the steps it was given)."""
    _need_numpy()
    _check_player("perspective", perspective, optional=True)
    return _prefix_vector(board, prefix, _game_turn(game), perspective)


def _prefix_vector(pos: Position, prefix: tuple[Step, ...], turn: _Turn, perspective: Player | None) -> np.ndarray:
    """The observation vector of ``pos``, the board after the steps ``prefix`` of ``turn``:
    their values are no longer to play."""
    for step in prefix:
        if step.die not in turn.values:
            raise IllegalPlayError(f"{step}: no die {step.die} left to play")
        turn.values.remove(step.die)
    return _vector(pos, turn.actor if perspective is None else perspective, prefix, turn)


class _Turn:
    """What an observation shows beside the board: who acts, what is to be done,
    the values left to play and owed, the cube and the ruleset.

    A plain class: the compiled build makes it a native one, built and read
    without a call into Python (a named tuple is made by its Python ``__new__``)."""

    __slots__ = (
        "actor", "phase", "ctx", "values", "owed", "extra_turn", "crawford", "cube", "cube_owner", "ruleset_name",
    )

    def __init__(
        self,
        actor: Player,
        phase: str,
        ctx: PlayContext,
        values: list[int],
        owed: tuple[tuple[int, ...], ...] = (),
        extra_turn: bool = False,
        crawford: bool = False,
        cube: int = 1,
        cube_owner: Player | None = None,
        ruleset_name: str | None = None,
    ) -> None:
        self.actor = actor
        self.phase = phase
        self.ctx = ctx
        self.values = values
        self.owed = owed
        self.extra_turn = extra_turn
        self.crawford = crawford
        self.cube = cube
        self.cube_owner = cube_owner
        self.ruleset_name = ruleset_name


def _game_turn(game: Game) -> _Turn:
    """The turn of a game, read from its pending state."""
    pending = game.pending
    phase, ctx = pending.phase, pending.context
    values = list(_game_values(pending.dice, ctx.kind)) if phase == "play" and pending.dice else []
    return _Turn(
        game.turn, phase, ctx, values, pending.owed, pending.extra_turn, pending.crawford, pending.cube,
        pending.cube_owner, game.rules.name,
    )


def _position_turn(pos: Position, dice: Sequence[int] | None, context: object, rules: object) -> _Turn:
    """The turn of a bare position: ``dice`` to play (if any) in ``context``, of ``rules``."""
    pos.validate()
    ctx = _check_context(context)
    values = _expand(dice, ctx.kind) if dice is not None else []
    if pos.off(Player.WHITE) == CHECKERS or pos.off(Player.BLACK) == CHECKERS:
        phase = "over"
    else:
        phase = "play" if dice is not None else "roll"
    return _Turn(pos.turn, phase, ctx, values, ruleset_name=_ruleset_name(rules) if rules is not None else None)


def _after_prefix(game: Game | None, base: Position, prefix: tuple[Step, ...]) -> Position:
    """The board after the steps ``prefix`` of the play in progress: as the game's
    own rules walk them (the search of the game's state, already made for the
    steps' input), or, for steps they refuse, as :func:`apply_steps` walks them
    with the board rules of the family alone (which may accept them, or say why not)."""
    if game is not None:
        pending = game.pending
        if pending.dice is not None:
            try:
                return game.rules.position_after_steps(base, pending.dice, prefix, pending.context)
            except NardyError:
                pass
    return apply_steps(base, prefix)


def _vector(pos: Position, me: Player, prefix: tuple[Step, ...], turn: _Turn) -> np.ndarray:
    """The observation vector of ``pos`` seen by ``me`` after the steps ``prefix`` of
    ``turn`` (the layout of :data:`OBSERVATION_LAYOUT`).

    Every cell but ``cube`` and ``head_used`` is a whole number 0..15, so the row is
    written as bytes and converted to float32 in one call (a list of 132 floats costs
    numpy five times as much to read); those two are written into the array."""
    actor, phase, ctx, values, owed = turn.actor, turn.phase, turn.ctx, turn.values, turn.owed
    family = pos.family
    # each side's fields read from the position's own (Position.points, bar, has_moved)
    if me is _WHITE:
        mine, theirs, my_bar, opp_bar = pos.white, pos.black, pos.white_bar, pos.black_bar
        my_moved, opp_moved, color = pos.white_moved, pos.black_moved, _MY_COLOR
    else:
        mine, theirs, my_bar, opp_bar = pos.black, pos.white, pos.black_bar, pos.white_bar
        my_moved, opp_moved, color = pos.black_moved, pos.white_moved, _MY_COLOR + 1
    row = bytearray(_ZEROS)
    row[:24] = mine
    row[_OPP_POINTS : _OPP_POINTS + 24] = theirs[::-1] if family == "short" else theirs[12:] + theirs[:12]
    row[_MY_BAR] = my_bar
    row[_OPP_BAR] = opp_bar
    row[_MY_OFF] = CHECKERS - sum(mine) - my_bar
    row[_OPP_OFF] = CHECKERS - sum(theirs) - opp_bar
    row[color] = 1
    row[_TO_ACT] = 1 if me == actor and phase != "over" else 0
    row[_MOVED] = 1 if my_moved else 0
    row[_MOVED + 1] = 1 if opp_moved else 0
    row[_PHASE_AT[phase]] = 1
    row[_KIND_AT[ctx.kind]] = 1
    _thermometer(row, _VALUES, values)
    if owed:
        _thermometer(row, _OWED, [v for play in owed for v in play])
    row[_EXTRA_TURN] = 1 if turn.extra_turn else 0
    cube_owner = turn.cube_owner
    row[_CUBE_OWNER + (0 if cube_owner is None else 1 if cube_owner == me else 2)] = 1
    row[_CRAWFORD] = 1 if turn.crawford else 0
    row[_FAMILY + (0 if family == "short" else 1)] = 1
    ruleset_name = turn.ruleset_name
    at = _RULESET_AT.get(ruleset_name) if ruleset_name is not None else None
    if at is not None:
        row[at] = 1
    out = np.frombuffer(row, dtype=np.uint8).astype(np.float32)
    if family == "long":
        out[_HEAD_USED] = ctx.head_used + sum(1 for s in prefix if s.source == 24)
    cube = turn.cube
    if cube != 1:
        out[_CUBE] = math.log2(cube)  # (a whole number unless the cube goes 1, 2, 3, ...)
    return out


def _check_context(context: object) -> PlayContext:
    """``context`` (the context of a player's own roll for ``None``), if it is a sound PlayContext."""
    if context is None:
        return ROLL_CONTEXT
    if not isinstance(context, PlayContext):
        raise InvalidDiceError(f"context must be a PlayContext or None, not {shown(context)}")
    kind: object = context.kind
    heads: object = context.head_used
    if type(kind) is not str or kind not in _KINDS or type(heads) is not int or heads < 0:
        raise InvalidDiceError(f"context must be a PlayContext of a kind of play, not {shown(context)}")
    return context


def _ruleset_name(rules: object) -> str:
    """The registered name of a ruleset, given as a RuleSet or as a name or alias."""
    from nardy.rules import ALIASES

    if isinstance(rules, RuleSet):
        return rules.name
    name = ALIASES.get(normalize_name(rules)) if isinstance(rules, str) else None
    if name is None:
        raise UnknownRuleSetError(f"rules must be a RuleSet, a ruleset name or None, not {shown(rules)}")
    return name


def observation_bounds(version: object = OBSERVATION_VERSION) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` arrays of :func:`observation`, for a ``gymnasium.spaces.Box``.

    Counts (points, bars, off, ``head_used``) lie in 0..15, ``cube`` in 0..10
    (log2 of the largest ``cube_max``, 1024), everything else in 0..1.
    """
    _check_version("observation", version, (1,))
    _need_numpy()
    low = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    L = OBSERVATION_LAYOUT
    for name in ("my_points", "opp_points", "my_bar", "opp_bar", "my_off", "opp_off", "head_used"):
        high[L[name]] = CHECKERS
    high[L["cube"]] = 10.0
    return low, high


# --------------------------------------------------------------------------- step actions


def step_to_action(step: object, *, version: object = ACTION_VERSION) -> int:
    """The action number of ``step``: ``source * 6 + (die - 1)``.

    >>> import nardy
    >>> step_to_action(nardy.Step(13, 7, 6)), step_to_action(nardy.Step(25, 22, 3, True))
    (83, 152)
    """
    _check_version("action", version, (1,))
    if not isinstance(step, Step):
        raise IllegalPlayError(f"expected a Step, got {shown(step)}")
    (step,) = check_steps((step,))
    return step.source * 6 + step.die - 1


def action_to_step(
    action: object, pos: Position, prefix: Sequence[Step] = (), *, version: object = ACTION_VERSION
) -> Step:
    """The :class:`~nardy.Step` that ``action`` means for the mover of ``pos``,
    after the steps ``prefix`` of the same play.

    The target is ``source - die`` (0, borne off, if that is below 1) and the
    step hits when it lands on a single opposing checker (short family). The
    step is not checked against the rules: see :func:`legal_steps`.

    >>> import nardy
    >>> pos = nardy.ruleset("short").initial_position()
    >>> action_to_step(83, pos)
    Step(source=13, target=7, die=6, hit=False)
    """
    _check_version("action", version, (1,))
    number = _action_number(action)
    if not isinstance(pos, Position):
        raise InvalidPositionError(f"expected a Position, not {shown(pos)}")
    pos.validate()
    prefix = check_steps(prefix)
    src, die = divmod(number, 6)
    die += 1
    if src == 0:
        raise IllegalPlayError(f"action {number}: source 0 (off the board) is never a step")
    if src == BAR and pos.family == "long":
        raise IllegalPlayError(f"action {number}: the long family has no bar")
    step = STEPS[src][die][False]
    if pos.family == "short" and src > die:
        # whether it hits is the kernel's call: walk the prefix and the step
        try:
            played = tuple(prefix) + (step,)
            rules, dice, context = _board_rules(pos, played)
            key, walked, refusal = rules.kernel.walk(rules.search(pos, dice, context), played, any_order=False)
        except NardyError:
            return step
        if refusal is None and walked:
            return walked[-1]
    return step


def _action_number(action: object) -> int:
    """``action`` as an int of the step action space (numpy's integers too, bools not)."""
    number: int | None = None
    if not isinstance(action, bool) and not (np is not None and isinstance(action, np.bool_)):
        try:
            number = operator.index(action)  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001 - no int, whatever its __index__ raises
            number = None
    if number is None:
        raise IllegalPlayError(f"an action is an int in 0..{N_ACTIONS - 1}, not {shown(action)}")
    if not 0 <= number < N_ACTIONS:
        raise IllegalPlayError(f"action {shown(number)} is outside the step action space 0..{N_ACTIONS - 1}")
    return number


def legal_steps(
    rules: RuleSet,
    pos: Position,
    dice: Sequence[int],
    prefix: Sequence[Step] = (),
    context: PlayContext = ROLL_CONTEXT,
    *,
    version: object = ACTION_VERSION,
) -> dict[int, Step]:
    """The steps that may follow ``prefix`` (:meth:`nardy.RuleSet.next_steps`), by action number.

    Empty when ``prefix`` is already a whole legal play, or at the start of a
    play when nothing can be moved (the play is then the pass).

    >>> import nardy
    >>> rules = nardy.ruleset("long")
    >>> legal_steps(rules, rules.initial_position(), (6, 5))
    {149: Step(source=24, target=18, die=6, hit=False), 148: Step(source=24, target=19, die=5, hit=False)}
    """
    _check_version("action", version, (1,))
    # the ruleset's own steps are sound: their numbers need no check
    return {s.source * 6 + s.die - 1: s for s in _check_rules(rules).next_steps(pos, dice, prefix, context)}


def legal_action_mask(
    rules: RuleSet,
    pos: Position,
    dice: Sequence[int],
    prefix: Sequence[Step] = (),
    context: PlayContext = ROLL_CONTEXT,
    *,
    version: object = ACTION_VERSION,
) -> np.ndarray:
    """A boolean array of :data:`N_ACTIONS`: True for the actions of :func:`legal_steps`.

    >>> import nardy
    >>> rules = nardy.ruleset("long")
    >>> legal_action_mask(rules, rules.initial_position(), (6, 5)).nonzero()[0].tolist()
    [148, 149]
    """
    _need_numpy()
    steps = legal_steps(rules, pos, dice, prefix, context, version=version)
    mask = np.zeros(N_ACTIONS, dtype=bool)
    for action in steps:
        mask[action] = True
    return mask
