"""eXtreme Gammon's XGID position strings, for the backgammon (short) family.

An XGID is ``XGID=`` and ten colon-separated fields::

    XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
         position                   | | | |  | | | | max cube (log2)
                                    | | | |  | | | match length (0 = money)
                                    | | | |  | | Crawford (match) / Jacoby+beaver (money)
                                    | | | |  | top player's score
                                    | | | |  bottom player's score
                                    | | | dice: 00 not rolled, D doubled, B beavered,
                                    | | |       R raccooned, or two dice such as 52
                                    | | player on roll: 1 bottom, -1 top
                                    | cube owner: 1 bottom, 0 centred, -1 top
                                    cube value (log2)

The position field has 26 characters: character 0 is the top player's bar,
1..24 are the points numbered from the bottom player's side (its 1 point
first), 25 is the bottom player's bar. ``-`` is an empty point, ``A``..``O``
are 1..15 bottom checkers and ``a``..``o`` 1..15 top checkers.

Players: nardy maps XG's **bottom player (upper case) to White** and the
**top player (lower case) to Black**. White's point ``p`` is the string's
character ``p``, Black's point ``p`` is character ``25 - p``, the same layout
as nardy's own board picture (White's home at the bottom right). gnubg, which
also reads XGIDs, numbers XG's bottom player as its player 1, the opposite of
:mod:`nardy.gnubg`'s player 0 = White; only the numbering of players differs,
the boards agree.

:func:`to_xgid` writes an XGID (or :meth:`XgidInfo.to_string`, from the
:class:`XgidInfo` that holds every field) and :func:`from_xgid` reads one.

>>> import nardy
>>> to_xgid(nardy.ruleset("short").initial_position())
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
>>> info = from_xgid("XGID=abB---D-C---dD---c-e----B-:1:-1:-1:52:3:1:0:7:10")
>>> info.turn, info.dice, info.cube_value, info.cube_owner, info.score
(<Player.BLACK: 1>, (5, 2), 2, <Player.BLACK: 1>, (3, 1))
>>> pos = info.position
>>> pos.bar(Player.BLACK), pos.points(Player.WHITE)[1], pos.points(Player.BLACK)[12]
(1, 2, 4)

Every reader raises :class:`nardy.NotationError` (a :class:`ValueError`) with a
message that says what is wrong.
"""

from __future__ import annotations

import enum
import re
import warnings
from typing import Final, Literal, get_args

import attrs

from nardy.core import CHECKERS, Player, Position
from nardy.errors import InvalidPositionError, NotationError, shown
from nardy.gnubg import short_rules
from nardy.rules import RuleSet

__all__ = ["CubeAction", "XgidInfo", "to_xgid", "from_xgid"]

CubeAction = Literal["double", "beaver", "raccoon"]
"""A cube action pending in the dice field (``D``, ``B`` or ``R``)."""

_ACTION_CODE: Final[dict[str, str]] = {"double": "D", "beaver": "B", "raccoon": "R"}
_CODE_ACTION: Final[dict[str, CubeAction]] = {"D": "double", "B": "beaver", "R": "raccoon"}
_MAX_CUBE_LOG: Final = 15
_PREFIX: Final = "XGID="
_FIELDS: Final = 10
_INT: Final = re.compile(r"-?[0-9]{1,6}")
#: the largest number a field holds (six digits, as the reader takes them)
_LARGEST: Final = 999_999


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_cube(value: object) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and 1 <= value <= 1 << _MAX_CUBE_LOG
        and not value & (value - 1)
    )


def _value_repr(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _xgid_error(message: str) -> NotationError:
    return NotationError(f"XGID: {message}")


@attrs.frozen(repr=False)
class XgidInfo:
    """Everything an XGID says: the position and the match and cube state.

    * ``position``: the board; its ``turn`` is the player on roll (XG's turn
      field). Parsed positions have both first-play flags ``True``.
    * ``cube_value``: 1, 2, 4, ... 32768 (stored as its log2);
    * ``cube_owner``: the player who owns the cube, ``None`` when centred;
    * ``dice``: the dice the player on roll has rolled, the larger first as
      gnubg writes and reads them (given or read in either order:
      ``XgidInfo(pos, dice=(1, 3)).dice == (3, 1)``), ``None`` when not rolled;
    * ``cube_action``: ``"double"`` (``D``: the player on roll has doubled),
      ``"beaver"`` (``B``) or ``"raccoon"`` (``R``), ``None`` otherwise; it
      takes the dice field's place, so it excludes ``dice``;
    * ``score``: indexed by :class:`Player` (White = bottom, Black = top);
      in a match each score is below ``match_length``;
    * ``crawford_jacoby``: in a match 1 for the Crawford game, else 0; in money
      play 1 (Jacoby rule) + 2 (beavers allowed), 0..3 (see :attr:`crawford`,
      :attr:`jacoby`, :attr:`beaver`);
    * ``match_length``: 0 for money play;
    * ``max_cube``: the largest cube value allowed (stored as its log2; XG
      writes 10, a 1024-cube).

    >>> import nardy
    >>> start = nardy.ruleset("short").initial_position()
    >>> info = XgidInfo(start, dice=(3, 1), match_length=5, score=(2, 0))
    >>> info.crawford, info.turn
    (False, <Player.WHITE: 0>)
    >>> info.to_string()
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:2:0:0:5:10'
    >>> XgidInfo(start, dice=(3, 1), cube_action="double")
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: XGID: dice and cube_action share the dice field: give one of them
    """

    position: Position
    cube_value: int = 1
    cube_owner: Player | None = None
    dice: tuple[int, int] | None = None
    cube_action: CubeAction | None = None
    score: tuple[int, int] = (0, 0)
    crawford_jacoby: int = 0
    match_length: int = 0
    max_cube: int = 1 << 10

    def __attrs_post_init__(self) -> None:
        self._check_board_and_cube()
        self._check_match()

    def _check_board_and_cube(self) -> None:
        """The position, the cube, the dice (put the larger first) and the cube action checked."""
        bad = _xgid_error
        pos = self.position
        if not isinstance(pos, Position):
            raise bad(f"position must be a nardy Position, not {shown(pos)}")
        try:
            pos.validate()
        except InvalidPositionError as exc:
            raise bad(f"the position cannot exist: {exc}") from None
        if pos.family != "short":
            raise bad(f"XGIDs describe backgammon (short family) boards only, not a {pos.family}-family position")
        for name in ("cube_value", "max_cube"):
            if not _is_cube(getattr(self, name)):
                raise bad(
                    f"{name} must be a power of two from 1 to {1 << _MAX_CUBE_LOG}, not {shown(getattr(self, name))}"
                )
        if self.cube_owner is not None and not isinstance(self.cube_owner, Player):
            raise bad(f"cube_owner must be a Player or None (centred), not {shown(self.cube_owner)}")
        dice = self.dice
        if dice is not None and not (
            isinstance(dice, tuple) and len(dice) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in dice)
        ):
            raise bad(f"dice must be None or a tuple of two values 1..6, not {shown(dice)}")
        if dice is not None and dice[0] < dice[1]:
            object.__setattr__(self, "dice", (dice[1], dice[0]))  # the larger first, as gnubg writes it
        if self.cube_action is not None and (type(self.cube_action) is not str or self.cube_action not in _ACTION_CODE):
            raise bad(f"cube_action must be None or one of {', '.join(map(repr, get_args(CubeAction)))}, "
                      f"not {shown(self.cube_action)}")
        if dice is not None and self.cube_action is not None:
            raise bad("dice and cube_action share the dice field: give one of them")

    def _check_match(self) -> None:
        """The match length, the score and the Crawford/Jacoby field checked."""
        bad = _xgid_error
        length = self.match_length
        if not _is_int(length) or not 0 <= length <= _LARGEST:
            raise bad(f"match_length must be an int 0 (money) to {_LARGEST}, not {shown(length)}")
        score = self.score
        if not (isinstance(score, tuple) and len(score) == 2 and all(_is_int(s) and 0 <= s <= _LARGEST for s in score)):
            raise bad(f"score must be a tuple of two ints 0..{_LARGEST} (White's, Black's), not {shown(score)}")
        if length:
            for player in Player:
                if score[player] >= length:
                    raise bad(f"{player}'s score {shown(score[player])} must be below the match length {length}")
        cj = self.crawford_jacoby
        allowed = (0, 1) if length else (0, 1, 2, 3)
        if not _is_int(cj) or cj not in allowed:
            what = "0 or 1 (Crawford game) in a match" if length else "0..3 (1 Jacoby + 2 beaver) in money play"
            raise bad(f"crawford_jacoby must be {what}, not {shown(cj)}")

    @property
    def turn(self) -> Player:
        """The player on roll (the position's turn)."""
        return self.position.turn

    @property
    def crawford(self) -> bool:
        """This is the Crawford game of a match."""
        return bool(self.match_length) and self.crawford_jacoby == 1

    @property
    def jacoby(self) -> bool:
        """The Jacoby rule is in use (money play)."""
        return not self.match_length and bool(self.crawford_jacoby & 1)

    @property
    def beaver(self) -> bool:
        """Beavers are allowed (money play)."""
        return not self.match_length and bool(self.crawford_jacoby & 2)

    def to_string(self) -> str:
        """The XGID string, with its ``XGID=`` prefix (also ``str(info)``).

        >>> import nardy
        >>> XgidInfo(nardy.ruleset("short").initial_position(), cube_value=2).to_string()
        'XGID=-b----E-C---eE---c-e----B-:1:0:1:00:0:0:0:0:10'
        """
        pos = self.position
        white, black = pos.points(Player.WHITE), pos.points(Player.BLACK)
        chars = [_letter(pos.black_bar, "a")]
        for p in range(1, 25):
            if white[p - 1]:
                chars.append(_letter(white[p - 1], "A"))
            else:
                chars.append(_letter(black[24 - p], "a"))
        chars.append(_letter(pos.white_bar, "A"))
        owner = 0 if self.cube_owner is None else _SIGN[self.cube_owner]
        if self.cube_action is not None:
            dice = _ACTION_CODE[self.cube_action]
        elif self.dice is not None:
            dice = f"{self.dice[0]}{self.dice[1]}"
        else:
            dice = "00"
        fields = (
            "".join(chars),
            self.cube_value.bit_length() - 1,
            owner,
            _SIGN[pos.turn],
            dice,
            self.score[Player.WHITE],
            self.score[Player.BLACK],
            self.crawford_jacoby,
            self.match_length,
            self.max_cube.bit_length() - 1,
        )
        return _PREFIX + ":".join(map(str, fields))

    def __str__(self) -> str:
        return self.to_string()

    def encode(self) -> str:
        """Deprecated: use :meth:`to_string` (kept for one release)."""
        warnings.warn(
            "nardy.xgid.XgidInfo.encode is deprecated; use nardy.xgid.XgidInfo.to_string",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.to_string()

    def __repr__(self) -> str:
        out = []
        for field in attrs.fields(XgidInfo):
            value = getattr(self, field.name)
            if field.default is attrs.NOTHING or value != field.default:
                out.append(f"{field.name}={_value_repr(value)}")
        return f"XgidInfo({', '.join(out)})"


_SIGN: Final = {Player.WHITE: 1, Player.BLACK: -1}


def _letter(n: int, base: str) -> str:
    return chr(ord(base) + n - 1) if n else "-"


def to_xgid(
    pos: Position,
    *,
    cube_value: int = 1,
    cube_owner: Player | None = None,
    dice: tuple[int, int] | None = None,
    cube_action: CubeAction | None = None,
    score: tuple[int, int] = (0, 0),
    crawford_jacoby: int = 0,
    match_length: int = 0,
    max_cube: int = 1 << 10,
) -> str:
    """The XGID of ``pos`` (``pos.turn`` on roll) with the given cube and match state.

    The keywords are the fields of :class:`XgidInfo`.

    >>> import nardy
    >>> rules = nardy.ruleset("short")
    >>> white = [0] * 24; white[5] = 2
    >>> black = [0] * 24; black[0] = 1
    >>> pos = rules.position(white=white, black=black, white_bar=1, turn=Player.BLACK)
    >>> to_xgid(pos, cube_value=4, cube_owner=Player.WHITE, dice=(6, 6))
    'XGID=------B-----------------aA:2:1:-1:66:0:0:0:0:10'
    """
    return XgidInfo(
        position=pos,
        cube_value=cube_value,
        cube_owner=cube_owner,
        dice=dice,
        cube_action=cube_action,
        score=score,
        crawford_jacoby=crawford_jacoby,
        match_length=match_length,
        max_cube=max_cube,
    ).to_string()


def _count(ch: str, upper: bool) -> int:
    base = "A" if upper else "a"
    return ord(ch) - ord(base) + 1


def from_xgid(text: str, rules: RuleSet | None = None) -> XgidInfo:
    """Read an XGID (the ``XGID=`` prefix and surrounding whitespace are optional).

    ``rules`` (default: the short ruleset) builds and validates the position; a
    long-family ruleset is refused.

    >>> info = from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    >>> info.turn, info.dice, info.cube_value, info.cube_owner, info.max_cube
    (<Player.WHITE: 0>, None, 1, None, 1024)
    >>> from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0")
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: an XGID has 10 colon-separated fields (the position and 9 numbers), got 9
    """
    rs = short_rules(rules, "an XGID")
    if not isinstance(text, str):
        raise NotationError(f"an XGID is a str, not {shown(text)}")
    body = text.strip()
    if body.startswith(_PREFIX):
        body = body[len(_PREFIX):]
    fields = body.split(":")
    if len(fields) != _FIELDS:
        raise NotationError(
            f"an XGID has {_FIELDS} colon-separated fields (the position and 9 numbers), got {len(fields)}"
        )
    board, cube_f, owner_f, turn_f, dice_f, s1_f, s2_f, cj_f, length_f, max_f = fields

    def number(value: str, name: str, lo: int, hi: int | None = None) -> int:
        if not _INT.fullmatch(value):
            raise NotationError(f"XGID {name} field {shown(value)} is not a whole number")
        n = int(value)
        if n < lo or (hi is not None and n > hi):
            top = "" if hi is None else f"..{hi}"
            raise NotationError(f"XGID {name} field {shown(value)} is out of range {lo}{top}")
        return n

    cube = number(cube_f, "cube value (log2)", 0, _MAX_CUBE_LOG)
    owner = number(owner_f, "cube owner (1 bottom, 0 centred, -1 top)", -1, 1)
    if turn_f not in ("1", "-1"):
        raise NotationError(f"XGID turn field {shown(turn_f)} must be 1 (bottom player) or -1 (top player)")
    turn = Player.WHITE if turn_f == "1" else Player.BLACK
    dice: tuple[int, int] | None = None
    action: CubeAction | None = None
    if dice_f in _CODE_ACTION:
        action = _CODE_ACTION[dice_f]
    elif dice_f != "00":
        if not re.fullmatch(r"[1-6][1-6]", dice_f):
            raise NotationError(
                f"XGID dice field {shown(dice_f)} must be 00 (not rolled), D, B, R or two dice 1-6 such as 52"
            )
        dice = (int(dice_f[0]), int(dice_f[1]))
    s1 = number(s1_f, "bottom player's score", 0)
    s2 = number(s2_f, "top player's score", 0)
    cj = number(cj_f, "Crawford/Jacoby", 0, 3)
    length = number(length_f, "match length", 0)
    max_cube = number(max_f, "max cube (log2)", 0, _MAX_CUBE_LOG)

    position = _parse_board(board, turn, rs)
    return XgidInfo(
        position=position,
        cube_value=1 << cube,
        cube_owner=None if owner == 0 else (Player.WHITE if owner == 1 else Player.BLACK),
        dice=dice,
        cube_action=action,
        score=(s1, s2),
        crawford_jacoby=cj,
        match_length=length,
        max_cube=1 << max_cube,
    )


def _parse_board(board: str, turn: Player, rules: RuleSet) -> Position:
    if len(board) != 26:
        raise NotationError(
            f"an XGID position has 26 characters (2 bars and 24 points), got {len(board)}: {shown(board)}"
        )
    white = [0] * 24
    black = [0] * 24
    white_bar = black_bar = 0
    last_upper = chr(ord("A") + CHECKERS - 1)
    last_lower = last_upper.lower()
    for i, ch in enumerate(board):
        if ch == "-":
            continue
        where = (
            "the top player's bar" if i == 0 else "the bottom player's bar" if i == 25 else f"point {i}"
        )
        if "A" <= ch <= last_upper:
            if i == 0:
                raise NotationError(
                    f"XGID position {shown(board)}: character 0 is the top player's bar, so it is '-' or a lower-case "
                    f"letter, not {shown(ch)}"
                )
            n = _count(ch, upper=True)
            if i == 25:
                white_bar = n
            else:
                white[i - 1] = n
        elif "a" <= ch <= last_lower:
            if i == 25:
                raise NotationError(
                    f"XGID position {shown(board)}: character 25 is the bottom player's bar, so it is '-' or an "
                    f"upper-case letter, not {shown(ch)}"
                )
            n = _count(ch, upper=False)
            if i == 0:
                black_bar = n
            else:
                black[24 - i] = n
        else:
            raise NotationError(
                f"XGID position {shown(board)}: {shown(ch)} at {where} is not '-', A-{last_upper} (bottom player) "
                f"or a-{last_lower} (top player)"
            )
    try:
        return rules.position(white=white, black=black, white_bar=white_bar, black_bar=black_bar, turn=turn)
    except InvalidPositionError as exc:
        raise NotationError(f"XGID position {shown(board)} (bottom = white, top = black) is not valid: {exc}") from None


# --------------------------------------------------------------------------- deprecated names


def xgid(
    pos: Position,
    *,
    cube_value: int = 1,
    cube_owner: Player | None = None,
    dice: tuple[int, int] | None = None,
    cube_action: CubeAction | None = None,
    score: tuple[int, int] = (0, 0),
    crawford_jacoby: int = 0,
    match_length: int = 0,
    max_cube: int = 1 << 10,
) -> str:
    """Deprecated: use :func:`to_xgid` (kept for one release)."""
    warnings.warn("nardy.xgid.xgid is deprecated; use nardy.xgid.to_xgid", DeprecationWarning, stacklevel=2)
    return to_xgid(
        pos,
        cube_value=cube_value,
        cube_owner=cube_owner,
        dice=dice,
        cube_action=cube_action,
        score=score,
        crawford_jacoby=crawford_jacoby,
        match_length=match_length,
        max_cube=max_cube,
    )


def parse_xgid(text: str, rules: RuleSet | None = None) -> XgidInfo:
    """Deprecated: use :func:`from_xgid` (kept for one release)."""
    warnings.warn("nardy.xgid.parse_xgid is deprecated; use nardy.xgid.from_xgid", DeprecationWarning, stacklevel=2)
    return from_xgid(text, rules)
