"""GNU Backgammon's Position ID and Match ID, for the backgammon (short) family.

A **Position ID** is 14 characters of base64 holding an 80-bit key: for each
side in turn, for each of its points 1..24 and then its bar, as many 1 bits as
it has checkers there followed by a 0 bit, packed least significant bit first.
gnubg writes the board from the point of view of the player on roll and, as its
code and every real ID do (the manual says the opposite), puts the **opponent's
half first** and the **player on roll's half second**. The ID does not say
which colour is on roll: :func:`from_position_id` takes it as ``turn``.

A **Match ID** is 12 characters of base64 holding the 66-bit match key of
gnubg's manual (cube, cube owner, player on roll, Crawford flag, game state,
turn, double offered, resignation, dice, match length, both scores), plus the
bit gnubg 1.07 and later add for the Jacoby rule; see :class:`MatchId`.

Players: gnubg numbers the sides 0 and 1; nardy maps **gnubg player 0 to
White and player 1 to Black** (so ``score[Player.WHITE]`` is gnubg's first
score). gnubg itself shows player 1 at the bottom, and reads an XGID's bottom
player as its player 1, so a Match ID made here from an XGID's players and one
gnubg makes from the same XGID number the players the other way round; the
Position ID is the same either way.

Each form has a writer and a reader:

========================  =============================  ===============================
form                      write                          read
========================  =============================  ===============================
Position ID               :func:`to_position_id`         :func:`from_position_id`
Match ID                  :meth:`MatchId.to_string`      :meth:`MatchId.from_string`
``PositionID:MatchID``    :func:`to_gnubg_id`            :func:`from_gnubg_id`
========================  =============================  ===============================

>>> import nardy
>>> start = nardy.ruleset("short").initial_position()
>>> to_position_id(start)
'4HPwATDgc/ABMA'
>>> to_gnubg_id(start)
'4HPwATDgc/ABMA:MAEAAAAAAAAA'
>>> pos, match = from_gnubg_id("0HPhATDg2+ABMA:MIHlAEAAAAAA")
>>> match.player_on_roll, pos.turn, pos.pips(pos.turn), match.dice
(<Player.WHITE: 0>, <Player.WHITE: 0>, 160, (3, 1))

Every reader raises :class:`nardy.NotationError` (a :class:`ValueError`) with a
message that says what is wrong.
"""

from __future__ import annotations

import enum
import warnings
from typing import Final

import attrs

from nardy.core import CHECKERS, CheckedEnumType, Player, Position
from nardy.errors import InvalidPositionError, NardyError, NotationError, shown
from nardy.rules import RuleSet, ruleset

__all__ = [
    "GameState",
    "MatchId",
    "to_position_id",
    "from_position_id",
    "to_gnubg_id",
    "from_gnubg_id",
    "POSITION_ID_LENGTH",
    "MATCH_ID_LENGTH",
]

POSITION_ID_LENGTH: Final = 14
MATCH_ID_LENGTH: Final = 12

_ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_INDEX: Final = {c: i for i, c in enumerate(_ALPHABET)}
_KEY_BITS: Final = 80  # a Position ID's key: 10 bytes
_MATCH_BITS: Final = 72  # a Match ID's key: 9 bytes, 67 of them used
_MAX_15: Final = (1 << 15) - 1  # match length and scores are 15-bit fields
_MAX_CUBE_LOG: Final = 15  # the cube is a 4-bit log2


# --------------------------------------------------------------------------- helpers


def short_rules(rules: RuleSet | None, what: str) -> RuleSet:
    """The ruleset to build positions with: short by default, never the long family."""
    if rules is None:
        return ruleset("short")
    if not isinstance(rules, RuleSet):
        raise NotationError(f"rules must be a nardy RuleSet, not {shown(rules)}")
    if rules.family != "short":
        raise NotationError(
            f"{what} describes backgammon (short family) boards only; "
            f"ruleset {rules.name!r} is of the {rules.family} family"
        )
    return rules


def _check_short(pos: Position, what: str) -> None:
    if not isinstance(pos, Position):
        raise NotationError(f"{what} needs a nardy Position, not {shown(pos)}")
    try:
        pos.validate()
    except InvalidPositionError as exc:
        raise NotationError(f"{what} needs a valid position: {exc}") from None
    if pos.family != "short":
        raise NotationError(
            f"{what} describes backgammon (short family) boards only, not a {pos.family}-family position"
        )


def _b64_decode(text: str, length: int, what: str) -> int:
    """The bits of a gnubg base64 string as an int (bit 0 = first bit of the key)."""
    if not isinstance(text, str):
        raise NotationError(f"a {what} is a str of {length} characters, not {shown(text)}")
    if len(text) != length:
        raise NotationError(f"a {what} has {length} characters, got {len(text)}: {shown(text)}")
    value = 0
    for i, ch in enumerate(text):
        digit = _INDEX.get(ch)
        if digit is None:
            raise NotationError(
                f"{what} {shown(text)}: character {i + 1} ({shown(ch)}) is not base64 (A-Z, a-z, 0-9, +, /)"
            )
        value = (value << 6) | digit
    nbits = 6 * length
    nbytes = nbits // 8
    spare = nbits - 8 * nbytes  # a Position ID's last character carries 2 bits and 4 zeros
    if value & ((1 << spare) - 1):
        raise NotationError(
            f"{what} {shown(text)}: the last character must be one of "
            f"{', '.join(_ALPHABET[i << spare] for i in range(1 << (6 - spare)))}"
        )
    return int.from_bytes((value >> spare).to_bytes(nbytes, "big"), "little")


def _b64_encode(key: int, nbytes: int) -> str:
    """gnubg's base64 of ``key`` packed least significant bit first into ``nbytes`` bytes."""
    data = key.to_bytes(nbytes, "little")
    value = int.from_bytes(data, "big")
    nbits = 8 * nbytes
    nchars = -(-nbits // 6)
    value <<= 6 * nchars - nbits
    return "".join(_ALPHABET[(value >> (6 * (nchars - 1 - i))) & 63] for i in range(nchars))


# --------------------------------------------------------------------------- Position ID


def to_position_id(pos: Position) -> str:
    """The gnubg Position ID of ``pos``, seen from the player on roll (``pos.turn``).

    The ID does not record whose turn it is, nor the first-play flags.

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> to_position_id(rules.initial_position())
    '4HPwATDgc/ABMA'
    >>> white = [0] * 24; white[5] = 2
    >>> black = [0] * 24; black[0] = 1
    >>> to_position_id(rules.position(white=white, black=black, white_bar=1))
    'AQAAgAEAEAAAAA'
    """
    _check_short(pos, "a gnubg Position ID")
    key = 0
    bit = 0
    for side in (pos.turn.other, pos.turn):
        for n in (*pos.points(side), pos.bar(side)):
            key |= ((1 << n) - 1) << bit
            bit += n + 1
    return _b64_encode(key, _KEY_BITS // 8)


def _board_from_key(key: int, text: str) -> tuple[list[int], list[int]]:
    """The two 25-slot halves (opponent, player on roll) the key describes."""
    halves: list[list[int]] = []
    bit = 0
    for side in ("the opponent of the player on roll", "the player on roll"):
        slots: list[int] = []
        total = 0
        for _ in range(25):
            n = 0
            while bit < _KEY_BITS and key >> bit & 1:
                n += 1
                bit += 1
            total += n
            if total > CHECKERS:
                raise NotationError(
                    f"gnubg Position ID {shown(text)}: {side} has more than {CHECKERS} checkers"
                )
            if bit >= _KEY_BITS:
                raise NotationError(
                    f"gnubg Position ID {shown(text)}: the key ends before the 50 points and bars "
                    "are all described (too many checkers)"
                )
            bit += 1  # the 0 that ends the slot
            slots.append(n)
        halves.append(slots)
    if key >> bit:
        raise NotationError(
            f"gnubg Position ID {shown(text)}: bits are set after the last bar (the key must end in zeros)"
        )
    return halves[0], halves[1]


def from_position_id(
    text: str,
    turn: Player = Player.WHITE,
    rules: RuleSet | None = None,
) -> Position:
    """The position a gnubg Position ID describes, with ``turn`` the player on roll.

    ``rules`` (default: the short ruleset) builds and validates the position; a
    long-family ruleset is refused. Both first-play flags are ``True``.

    >>> pos = from_position_id("4HPwATDgc/ABMA", turn=Player.BLACK)
    >>> pos.turn, pos.pips(Player.WHITE), pos.pips(Player.BLACK)
    (<Player.BLACK: 1>, 167, 167)
    >>> from_position_id("4HPwATDgc/ABM")
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: a gnubg Position ID has 14 characters, got 13: '4HPwATDgc/ABM'
    """
    rs = short_rules(rules, "a gnubg Position ID")
    if not isinstance(turn, Player):
        raise NotationError(f"turn must be Player.WHITE or Player.BLACK, not {shown(turn)}")
    key = _b64_decode(text, POSITION_ID_LENGTH, "gnubg Position ID")
    opp, mover = _board_from_key(key, text)
    sides = {turn: mover, turn.other: opp}
    white, black = sides[Player.WHITE], sides[Player.BLACK]
    try:
        return rs.position(
            white=white[:24],
            black=black[:24],
            white_bar=white[24],
            black_bar=black[24],
            turn=turn,
        )
    except InvalidPositionError as exc:
        raise NotationError(f"gnubg Position ID {shown(text)} is not a valid position: {exc}") from None


# --------------------------------------------------------------------------- Match ID


class GameState(enum.IntEnum, metaclass=CheckedEnumType):
    """The game state field of a gnubg Match ID (bits 9-11).

    >>> GameState(1), GameState(5)
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: a gnubg game state is 0..4, not 5
    """

    NONE = 0
    """No game started."""
    PLAYING = 1
    """A game is being played."""
    OVER = 2
    """The game is over."""
    RESIGNED = 3
    """The game was resigned."""
    DROPPED = 4
    """The game ended by a dropped cube."""

    @classmethod
    def _refused(cls, value: object) -> NotationError:
        return NotationError(f"a gnubg game state is 0..4, not {shown(value)}")


# (bit offset, width) of each field of the match key, as gnubg's matchid.c packs it
_CUBE: Final = (0, 4)
_OWNER: Final = (4, 2)
_ON_ROLL: Final = (6, 1)
_CRAWFORD: Final = (7, 1)
_STATE: Final = (8, 3)
_TURN: Final = (11, 1)
_DOUBLED: Final = (12, 1)
_RESIGNED: Final = (13, 2)
_DIE1: Final = (15, 3)
_DIE2: Final = (18, 3)
_LENGTH: Final = (21, 15)
_SCORE0: Final = (36, 15)
_SCORE1: Final = (51, 15)
_NO_JACOBY: Final = (66, 1)
_CENTRED: Final = 3


def _get(key: int, field: tuple[int, int]) -> int:
    return key >> field[0] & ((1 << field[1]) - 1)


def _put(field: tuple[int, int], value: int) -> int:
    return value << field[0]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _value_repr(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _changed_fields(obj: attrs.AttrsInstance) -> str:
    """``name=value`` for each attrs field that differs from its default, enums as constants."""
    out = []
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        if field.default is attrs.NOTHING or value != field.default:
            out.append(f"{field.name}={_value_repr(value)}")
    return ", ".join(out)


def _match_id_error(message: str) -> NotationError:
    return NotationError(f"Match ID: {message}")


@attrs.frozen
class MatchId:
    """The match state a gnubg Match ID holds.

    gnubg player 0 is :data:`Player.WHITE`, player 1 is :data:`Player.BLACK`;
    ``score`` is indexed by :class:`Player`. Fields, in the key's order:

    * ``cube_value``: 1, 2, 4, ... 32768 (stored as its log2);
    * ``cube_owner``: the player who owns the cube, ``None`` when centred;
    * ``player_on_roll``: the player on roll, or who has rolled ``dice``
      (gnubg's *fMove*; the Position ID is written from this player's side);
    * ``crawford``: this is the Crawford game (never in money play);
    * ``game_state``: a :class:`GameState`;
    * ``turn``: the player who must act now (the opponent of
      ``player_on_roll`` while a double or a resignation is offered);
    * ``double_offered``: a double is being offered;
    * ``resigned``: resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon;
    * ``dice``: the rolled dice, ``None`` when not rolled; given in either
      order, kept and written with the larger first, as gnubg writes them
      (``MatchId(dice=(1, 3)).dice == (3, 1)``);
    * ``match_length``: 0 for money play (gnubg itself reads lengths up to 64);
    * ``score``: both scores, 0..32767, at most ``match_length`` in a match;
    * ``jacoby``: whether the Jacoby rule is in use. gnubg 1.07 and later
      store it inverted in a 67th bit, which they also set in match play where
      the rule has no effect; IDs without that bit (older gnubg, the manual)
      read as ``True``.

    The manual's example: 2-4 in a 9-point match, gnubg player 0 (White, with
    2 points) owns a 2-cube, player 1 (Black, 4 points) has rolled 52:

    >>> m = MatchId.from_string("QYkqASAAIAAA")
    >>> m.match_length, m.score[Player.WHITE], m.score[Player.BLACK]
    (9, 2, 4)
    >>> m.cube_value, m.cube_owner, m.player_on_roll, m.turn, m.dice
    (2, <Player.WHITE: 0>, <Player.BLACK: 1>, <Player.BLACK: 1>, (5, 2))
    >>> m.to_string()
    'QYkqASAAIAAA'
    >>> m
    MatchId(cube_value=2, cube_owner=Player.WHITE, player_on_roll=Player.BLACK, turn=Player.BLACK, dice=(5, 2), match_length=9, score=(2, 4))
    >>> MatchId().to_string()
    'MAEAAAAAAAAA'
    >>> MatchId(crawford=True)
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: Match ID: there is no Crawford game in money play (match_length=0)
    """  # noqa: E501 - doctest output

    cube_value: int = 1
    cube_owner: Player | None = None
    player_on_roll: Player = Player.WHITE
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: Player = Player.WHITE
    double_offered: bool = False
    resigned: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __attrs_post_init__(self) -> None:
        self._check_state()
        self._check_dice_and_score()

    def _check_state(self) -> None:
        """The cube, the players, the flags, the game state and the resignation checked."""
        bad = _match_id_error
        cube = self.cube_value
        if not _is_int(cube) or cube < 1 or cube & (cube - 1) or cube > 1 << _MAX_CUBE_LOG:
            raise bad(f"cube_value must be a power of two from 1 to {1 << _MAX_CUBE_LOG}, not {shown(cube)}")
        if self.cube_owner is not None and not isinstance(self.cube_owner, Player):
            raise bad(f"cube_owner must be a Player or None (centred), not {shown(self.cube_owner)}")
        for name in ("player_on_roll", "turn"):
            if not isinstance(getattr(self, name), Player):
                raise bad(f"{name} must be Player.WHITE or Player.BLACK, not {shown(getattr(self, name))}")
        for name in ("crawford", "double_offered", "jacoby"):
            if not isinstance(getattr(self, name), bool):
                raise bad(f"{name} must be a bool, not {shown(getattr(self, name))}")
        if not isinstance(self.game_state, GameState):
            raise bad(f"game_state must be a GameState, not {shown(self.game_state)}")
        if not _is_int(self.resigned) or not 0 <= self.resigned <= 3:
            raise bad(
                f"resigned must be 0 (none), 1 (single), 2 (gammon) or 3 (backgammon), not {shown(self.resigned)}"
            )

    def _check_dice_and_score(self) -> None:
        """The dice (put the larger first), the match length and the score checked."""
        bad = _match_id_error
        dice = self.dice
        if dice is not None and not (
            isinstance(dice, tuple) and len(dice) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in dice)
        ):
            raise bad(f"dice must be None or a tuple of two values 1..6, not {shown(dice)}")
        if dice is not None and dice[0] < dice[1]:
            object.__setattr__(self, "dice", (dice[1], dice[0]))  # the larger first, as gnubg writes it
        length = self.match_length
        if not _is_int(length) or not 0 <= length <= _MAX_15:
            raise bad(f"match_length must be 0 (money) to {_MAX_15}, not {shown(length)}")
        score = self.score
        if not (isinstance(score, tuple) and len(score) == 2 and all(_is_int(s) for s in score)):
            raise bad(f"score must be a tuple of two ints (White's, Black's), not {shown(score)}")
        for player in Player:
            s = score[player]
            if not 0 <= s <= _MAX_15:
                raise bad(f"{player}'s score {shown(s)} is not in 0..{_MAX_15}")
            if length and s > length:
                raise bad(f"{player}'s score {s} is more than the match length {length}")
        if self.crawford and not length:
            raise bad("there is no Crawford game in money play (match_length=0)")

    def __repr__(self) -> str:
        return f"MatchId({_changed_fields(self)})"

    def to_string(self) -> str:
        """The 12-character Match ID (also ``str(match_id)``).

        >>> MatchId(dice=(3, 1), match_length=7, score=(4, 0)).to_string()
        'MIHlAEAAAAAA'
        """
        owner = _CENTRED if self.cube_owner is None else int(self.cube_owner)
        d1, d2 = self.dice if self.dice is not None else (0, 0)
        key = (
            _put(_CUBE, self.cube_value.bit_length() - 1)
            | _put(_OWNER, owner)
            | _put(_ON_ROLL, int(self.player_on_roll))
            | _put(_CRAWFORD, int(self.crawford))
            | _put(_STATE, int(self.game_state))
            | _put(_TURN, int(self.turn))
            | _put(_DOUBLED, int(self.double_offered))
            | _put(_RESIGNED, self.resigned)
            | _put(_DIE1, d1)
            | _put(_DIE2, d2)
            | _put(_LENGTH, self.match_length)
            | _put(_SCORE0, self.score[0])
            | _put(_SCORE1, self.score[1])
            | _put(_NO_JACOBY, int(not self.jacoby))
        )
        return _b64_encode(key, _MATCH_BITS // 8)

    def __str__(self) -> str:
        return self.to_string()

    @classmethod
    def from_string(cls, text: str) -> MatchId:
        """Read a 12-character Match ID.

        >>> MatchId.from_string("MIHlAEAAAAAA").dice
        (3, 1)
        >>> MatchId.from_string("QYkqASAAIAA")
        Traceback (most recent call last):
        ...
        nardy.errors.NotationError: a gnubg Match ID has 12 characters, got 11: 'QYkqASAAIAA'
        """
        key = _b64_decode(text, MATCH_ID_LENGTH, "gnubg Match ID")

        def bad(msg: str) -> NotationError:
            return NotationError(f"gnubg Match ID {shown(text)}: {msg}")

        if key >> (_NO_JACOBY[0] + 1):
            raise bad("bits 68-72 are unused and must be zero")
        owner = _get(key, _OWNER)
        if owner == 2:
            raise bad("cube owner bits are 10, which is not 00 (player 0), 01 (player 1) or 11 (centred)")
        state = _get(key, _STATE)
        if state > max(GameState):
            raise bad(f"game state {state} is not one of 0 (none) to 4 (dropped cube)")
        d1, d2 = _get(key, _DIE1), _get(key, _DIE2)
        if d1 > 6 or d2 > 6:
            raise bad(f"dice {d1} and {d2}: a die shows 1..6 (or both 0 when not rolled)")
        if (d1 == 0) != (d2 == 0):
            raise bad(f"dice {d1} and {d2}: either both dice are rolled or neither")
        try:
            return cls(
                cube_value=1 << _get(key, _CUBE),
                cube_owner=None if owner == _CENTRED else Player(owner),
                player_on_roll=Player(_get(key, _ON_ROLL)),
                crawford=bool(_get(key, _CRAWFORD)),
                game_state=GameState(state),
                turn=Player(_get(key, _TURN)),
                double_offered=bool(_get(key, _DOUBLED)),
                resigned=_get(key, _RESIGNED),
                dice=(d1, d2) if d1 else None,
                match_length=_get(key, _LENGTH),
                score=(_get(key, _SCORE0), _get(key, _SCORE1)),
                jacoby=not _get(key, _NO_JACOBY),
            )
        except NardyError as exc:
            raise bad(str(exc).removeprefix("Match ID: ")) from None

    def encode(self) -> str:
        """Deprecated: use :meth:`to_string` (kept for one release)."""
        warnings.warn(
            "nardy.gnubg.MatchId.encode is deprecated; use nardy.gnubg.MatchId.to_string",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.to_string()

    @classmethod
    def decode(cls, text: str) -> MatchId:
        """Deprecated: use :meth:`from_string` (kept for one release)."""
        warnings.warn(
            "nardy.gnubg.MatchId.decode is deprecated; use nardy.gnubg.MatchId.from_string",
            DeprecationWarning,
            stacklevel=2,
        )
        return cls.from_string(text)


# --------------------------------------------------------------------------- combined form


def to_gnubg_id(pos: Position, match: MatchId | None = None) -> str:
    """The ``PositionID:MatchID`` form gnubg prints (its "GNUbg ID").

    Without ``match``, a money game in progress with a centred 1-cube and no
    dice, ``pos.turn`` on roll. A given ``match`` must have ``pos.turn`` as its
    ``player_on_roll``, since the Position ID is written from that side.

    >>> import nardy
    >>> start = nardy.ruleset("short").initial_position()
    >>> to_gnubg_id(start, MatchId(dice=(3, 1)))
    '4HPwATDgc/ABMA:MIEFAAAAAAAA'
    >>> to_gnubg_id(start, MatchId(player_on_roll=Player.BLACK))
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: the Match ID's player on roll (black) must be the position's turn (white)
    """
    _check_short(pos, "a gnubg ID")
    if match is None:
        match = MatchId(player_on_roll=pos.turn, turn=pos.turn)
    elif not isinstance(match, MatchId):
        raise NotationError(f"match must be a MatchId or None, not {shown(match)}")
    elif match.player_on_roll != pos.turn:
        raise NotationError(
            f"the Match ID's player on roll ({match.player_on_roll}) must be the position's turn ({pos.turn})"
        )
    return f"{to_position_id(pos)}:{match.to_string()}"


def from_gnubg_id(text: str, rules: RuleSet | None = None) -> tuple[Position, MatchId]:
    """Read gnubg's ``PositionID:MatchID``; the Match ID says who is on roll.

    Surrounding whitespace is ignored.

    >>> pos, match = from_gnubg_id("4HPwATDgc/ABMA:QYkqASAAIAAA")
    >>> pos.turn, match.score
    (<Player.BLACK: 1>, (2, 4))
    >>> from_gnubg_id("4HPwATDgc/ABMA")
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: a gnubg ID is 'PositionID:MatchID' (14 + 1 + 12 characters), got '4HPwATDgc/ABMA'
    """
    rs = short_rules(rules, "a gnubg ID")
    if not isinstance(text, str):
        raise NotationError(f"a gnubg ID is a str, not {shown(text)}")
    parts = text.strip().split(":")
    if len(parts) != 2:
        raise NotationError(
            f"a gnubg ID is 'PositionID:MatchID' ({POSITION_ID_LENGTH} + 1 + {MATCH_ID_LENGTH} characters), "
            f"got {shown(text)}"
        )
    match = MatchId.from_string(parts[1])
    return from_position_id(parts[0], turn=match.player_on_roll, rules=rs), match


# --------------------------------------------------------------------------- deprecated names


def position_id(pos: Position) -> str:
    """Deprecated: use :func:`to_position_id` (kept for one release)."""
    warnings.warn(
        "nardy.gnubg.position_id is deprecated; use nardy.gnubg.to_position_id", DeprecationWarning, stacklevel=2
    )
    return to_position_id(pos)


def position_from_id(
    pid: str,
    turn: Player = Player.WHITE,
    rules: RuleSet | None = None,
) -> Position:
    """Deprecated: use :func:`from_position_id` (kept for one release)."""
    warnings.warn(
        "nardy.gnubg.position_from_id is deprecated; use nardy.gnubg.from_position_id",
        DeprecationWarning,
        stacklevel=2,
    )
    return from_position_id(pid, turn, rules)


def gnubg_id(pos: Position, match: MatchId | None = None) -> str:
    """Deprecated: use :func:`to_gnubg_id` (kept for one release)."""
    warnings.warn("nardy.gnubg.gnubg_id is deprecated; use nardy.gnubg.to_gnubg_id", DeprecationWarning, stacklevel=2)
    return to_gnubg_id(pos, match)


def parse_gnubg_id(text: str, rules: RuleSet | None = None) -> tuple[Position, MatchId]:
    """Deprecated: use :func:`from_gnubg_id` (kept for one release)."""
    warnings.warn(
        "nardy.gnubg.parse_gnubg_id is deprecated; use nardy.gnubg.from_gnubg_id", DeprecationWarning, stacklevel=2
    )
    return from_gnubg_id(text, rules)
