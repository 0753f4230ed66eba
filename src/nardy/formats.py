"""Game state strings, and reading a position from any text format nardy speaks.

Every format of nardy has a writer named ``to_<format>`` (or a ``to_string``
method) and a reader named ``from_<format>`` (or a ``from_string``
constructor); this module has two of them:

* :func:`to_game_string` and :func:`from_game_string` (also
  :meth:`nardy.Game.to_string` and :meth:`nardy.Game.from_string`): a game in
  progress as its position string followed by what must happen next,
  ``gulbar 24:13,18:2 24:15 b 10 owed:6-6``;
* :func:`from_text`: the ruleset and position of a text in any of these
  formats, told apart by :func:`detect_format`:

  * nardy's own position string, for every ruleset
    (:meth:`nardy.Position.to_string`): ``long 24:15 24:15 w 00``;
  * a gnubg Position ID, alone or with its Match ID (:mod:`nardy.gnubg`):
    ``4HPwATDgc/ABMA`` or ``4HPwATDgc/ABMA:MAEAAAAAAAAA``;
  * an eXtreme Gammon XGID (:mod:`nardy.xgid`):
    ``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10``.

>>> from nardy.formats import from_text
>>> rules, pos = from_text("4HPwATDgc/ABMA")
>>> rules.name, pos == rules.initial_position().replace(white_moved=True, black_moved=True)
('short', True)
>>> from_text("gulbar 24:14,19:1 24:15 b 10")[0].name
'gulbar'
"""

from __future__ import annotations

import re
import warnings

from nardy.core import Player, Position
from nardy.errors import NardyError, NotationError, shown
from nardy.game import Game
from nardy.rules import ruleset
from nardy.flow import Pending, PlayContext
from nardy.rules.base import RuleSet

__all__ = ["from_text", "detect_format", "to_game_string", "from_game_string", "state_string"]

_GNUBG = re.compile(r"^[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?$")


def detect_format(text: str) -> str:
    """``"xgid"``, ``"gnubg"`` or ``"nardy"``: which format ``text`` is written in.

    >>> detect_format("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"), detect_format("4HPwATDgc/ABMA")
    ('xgid', 'gnubg')
    """
    t = text.strip()
    if t.upper().startswith("XGID="):
        return "xgid"
    if _GNUBG.match(t):
        return "gnubg"
    return "nardy"


def from_text(text: str, rules: RuleSet | None = None) -> tuple[RuleSet, Position]:
    """The ruleset and position a text describes, in any format nardy reads.

    gnubg IDs and XGIDs describe backgammon boards: they are read with
    ``rules`` (default: short nardy). A nardy position string names its own
    ruleset, which ``rules`` (if given) must match in family.

    >>> import nardy
    >>> rules, pos = from_text("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", nardy.ruleset("caucasian"))
    >>> rules.name, pos.pips(nardy.WHITE)
    ('caucasian', 167)
    >>> from_text("long 24:15 24:15 w 00", nardy.ruleset("short"))
    Traceback (most recent call last):
    ...
    nardy.errors.InvalidPositionError: a long-family position cannot be used with short (short family)
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is given as text, not {type(text).__name__}")
    if rules is not None and not isinstance(rules, RuleSet):
        raise NotationError(f"rules must be a RuleSet (see nardy.ruleset), not {shown(repr(rules))}")
    kind = detect_format(text)
    if kind == "xgid":
        from nardy.xgid import from_xgid

        info = from_xgid(text, rules)
        return rules or ruleset("short"), info.position
    if kind == "gnubg":
        from nardy.gnubg import from_gnubg_id, from_position_id

        t = text.strip()
        if ":" in t:
            return rules or ruleset("short"), from_gnubg_id(t, rules)[0]
        return rules or ruleset("short"), from_position_id(t, rules=rules)
    pos = Position.from_string(text.strip())
    if rules is None:
        return ruleset(text.split()[0]), pos
    rules.check_position(pos)
    return rules, pos


# --------------------------------------------------------------------------- game state strings

_KINDS = ("roll", "reroll", "owed", "stage")
#: the longest game string read (a real one is well under 200 characters)
_MAX_LENGTH = 400


def _values(text: str, where: str) -> tuple[int, ...]:
    parts = text.split("-")
    if not 1 <= len(parts) <= 4 or not all(len(p) == 1 and p in "123456" for p in parts):
        raise NotationError(f"{where}: {shown(text)} is not a list of 1 to 4 values 1..6 like 6-5")
    return tuple(int(p) for p in parts)


def _side(player: Player) -> str:
    return "w" if player == Player.WHITE else "b"


def state_string(rules: RuleSet, position: Position, pending: Pending) -> str:
    """The game string of a position and a turn-flow state (see :func:`to_game_string`)."""
    if pending.phase == "over":
        return f"{position.to_string(rules.name)} over"
    fields: list[str] = []
    context = pending.context
    if pending.phase == "cube":
        fields.append(f"double:{pending.offer}")
    elif pending.phase == "play":
        assert pending.dice is not None
        nxt = f"{context.kind}:" + "-".join(map(str, pending.dice))
        fields.append(nxt + "".join("+" + "-".join(map(str, owed)) for owed in pending.owed))
    else:
        fields.append("reroll" if context.kind == "reroll" else "roll")
    if context.head_used:
        fields.append(f"heads={context.head_used}")
    if context.cascade:
        fields.append("cascade=1")
    if context.final:
        fields.append("final=1")
    if pending.rolls != (0, 0):
        fields.append(f"rolls={pending.rolls[0]}-{pending.rolls[1]}")
    roller = position.turn
    if pending.first_player is not None and pending.first_player != roller:
        fields.append(f"first={_side(pending.first_player)}")
    if pending.extra_turn:
        fields.append("extra=1")
    if pending.cube != 1:
        fields.append(f"cube={pending.cube}")
    if pending.cube_owner is not None:
        fields.append(f"owner={_side(pending.cube_owner)}")
    if pending.beavered:
        fields.append("beaver=1")
    if pending.crawford:
        fields.append("crawford=1")
    return f"{position.to_string(rules.name)} {' '.join(fields)}"


def to_game_string(game: Game) -> str:
    """The position string of ``game`` with its whole turn-flow state appended:
    what must happen next, then the state a turn carries (only where it is not
    the default), so that :func:`from_game_string` rebuilds a game that goes on
    exactly as this one does.

    What happens next: ``roll`` or ``reroll`` (the player on roll must roll),
    ``KIND:VALUES`` (it must play those values: ``roll:6-5``, ``reroll:3-3``,
    ``owed:6-6-6``, ``stage:5-5-5-5``; further owed plays follow after
    ``+``), ``double:OFFER`` (the other player must answer a double), or
    ``over``. Then ``heads=N`` (head checkers the turn has used),
    ``cascade=1`` and ``final=1`` (a cascade stage, its last), ``rolls=W-B``
    (own rolls so far), ``first=w|b`` (who started, when not the player on
    roll), ``extra=1`` (the last-roll draw's extra turn), ``cube=V``,
    ``owner=w|b``, ``beaver=1`` and ``crawford=1``.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("gulbar"), first=nardy.WHITE)
    >>> _ = game.roll((6, 6)); _ = game.play("24/18(2)")
    >>> to_game_string(game)
    'gulbar 24:13,18:2 24:15 b 10 owed:6-6 rolls=1-0 first=w'
    >>> from_game_string(to_game_string(game)).legal_plays() == game.legal_plays()
    True
    """
    return state_string(game.rules, game.position, game.pending)


def _field(fields: dict[str, str], name: str, where: str, limit: int = 9999) -> int:
    text = fields.pop(name, "0")
    if not text.isascii() or not text.isdigit() or len(text) > 5 or int(text) > limit:
        raise NotationError(f"{where}: {name}={shown(text)} is not a count 0..{limit}")
    return int(text)


def _player_field(fields: dict[str, str], name: str, where: str) -> Player | None:
    text = fields.pop(name, None)
    if text is None:
        return None
    if text not in ("w", "b"):
        raise NotationError(f"{where}: {name}={shown(text)} is not w or b")
    return Player.WHITE if text == "w" else Player.BLACK


def from_game_string(text: str, *, seed: int | None = None, rules: RuleSet | None = None) -> Game:
    """A game in the state :func:`to_game_string` describes (with no history before it).

    ``rules`` (with options) overrides the ruleset named in the string, which
    must then be of the same family. ``seed`` seeds the dice of the rolls to
    come. A state the ruleset cannot reach (owed values in short nardy, a cube
    without the cube) is a :class:`~nardy.NotationError`.

    >>> import nardy
    >>> game = from_game_string("gulbar 24:13,18:2 24:15 b 10 owed:6-6", rules=nardy.ruleset("gulbar"))
    >>> game.turn, game.dice, [str(p) for p in game.legal_plays()]
    (<Player.BLACK: 1>, (6, 6), ['24/18'])
    >>> from_game_string("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 11 owed:6-6")
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: short cannot be in this state: this ruleset plays one play per turn: no owed play, nothing owed
    """
    if not isinstance(text, str):
        raise NotationError(f"a game string is text, not {type(text).__name__}")
    if len(text) > _MAX_LENGTH:
        raise NotationError(f"a game string has at most {_MAX_LENGTH} characters, got {len(text)}")
    parts = text.split()
    if len(parts) < 6:
        raise NotationError(
            f"a game string has a position string and what happens next (6 fields or more), got {shown(text)}"
        )
    head, nxt, extras = " ".join(parts[:5]), parts[5], parts[6:]
    named, pos = from_text(head, rules)
    where = "game string"
    fields: dict[str, str] = {}
    for item in extras:
        name, sep, value = item.partition("=")
        if not sep or name in fields:
            raise NotationError(f"{where}: cannot read {shown(item)}; expected name=value, each once")
        fields[name] = value
    heads = _field(fields, "heads", where, 15)
    cascade = bool(_field(fields, "cascade", where, 1))
    final = bool(_field(fields, "final", where, 1))
    rolls_text = fields.pop("rolls", "0-0")
    white_rolls, sep, black_rolls = rolls_text.partition("-")
    if not sep:
        raise NotationError(f"{where}: rolls={shown(rolls_text)} is not W-B, like 3-2")
    rolls = (_field({"r": white_rolls}, "r", where), _field({"r": black_rolls}, "r", where))
    first = _player_field(fields, "first", where)
    if first is None:
        first = pos.turn
    extra = bool(_field(fields, "extra", where, 1))
    cube = _field(fields, "cube", where, 1024) if "cube" in fields else 1
    owner = _player_field(fields, "owner", where)
    beavered = bool(_field(fields, "beaver", where, 1))
    crawford = bool(_field(fields, "crawford", where, 1))
    if fields:
        raise NotationError(f"{where}: unknown field {shown(sorted(fields)[0])}")
    state = Pending(
        "roll", pos.turn, first_player=first, rolls=rolls, extra_turn=extra,
        cube=cube, cube_owner=owner, crawford=crawford,
    )
    if nxt == "over":
        raise NotationError("cannot rebuild a finished game from its string; read the position instead")
    if nxt in ("roll", "reroll"):
        state = state.replace(context=PlayContext(nxt, heads, final, cascade))  # type: ignore[arg-type]
    elif nxt.startswith("double:"):
        offer = _field({"double": nxt[7:]}, "double", where, 2048)
        # the doubled player answers; after a beaver, the doubler (on roll) does
        answers = pos.turn if beavered else pos.turn.other
        state = state.replace(phase="cube", player=answers, offer=offer, beavered=beavered)
    else:
        kind, sep, rest = nxt.partition(":")
        if not sep or kind not in _KINDS:
            raise NotationError(f"cannot read {shown(nxt)}: expected roll, reroll, double:N, over or KIND:VALUES")
        chunks = rest.split("+")
        if len(chunks) > 6:
            raise NotationError(f"{where}: at most six plays can be owed, got {len(chunks)}")
        dice = _values(chunks[0], nxt)
        owed = tuple(_values(chunk, nxt) for chunk in chunks[1:])
        context = PlayContext(kind, heads, final, cascade)  # type: ignore[arg-type]
        state = state.replace(phase="play", dice=dice, context=context, owed=owed)
    try:
        game = Game(named, position=pos, seed=seed, pending=state)
        if state.phase == "play":
            game.legal_plays()  # check that the values fit the position now
    except NardyError as exc:
        raise NotationError(str(exc)) from None
    return game


# --------------------------------------------------------------------------- deprecated names


def read_position(text: str, rules: RuleSet | None = None) -> tuple[RuleSet, Position]:
    """Deprecated: use :func:`from_text` (kept for one release)."""
    warnings.warn(
        "nardy.formats.read_position is deprecated; use nardy.formats.from_text", DeprecationWarning, stacklevel=2
    )
    return from_text(text, rules)


def game_string(game: Game) -> str:
    """Deprecated: use :func:`to_game_string` or :meth:`nardy.Game.to_string` (kept for one release)."""
    warnings.warn(
        "nardy.formats.game_string is deprecated; use nardy.formats.to_game_string", DeprecationWarning, stacklevel=2
    )
    return to_game_string(game)


def game_from_string(text: str, *, seed: int | None = None, rules: RuleSet | None = None) -> Game:
    """Deprecated: use :func:`from_game_string` or :meth:`nardy.Game.from_string` (kept for one release)."""
    warnings.warn(
        "nardy.formats.game_from_string is deprecated; use nardy.formats.from_game_string",
        DeprecationWarning,
        stacklevel=2,
    )
    return from_game_string(text, seed=seed, rules=rules)
