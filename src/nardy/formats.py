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

from nardy.core import Position
from nardy.errors import NotationError
from nardy.game import Game
from nardy.rules import ruleset
from nardy.flow import Pending, PlayContext
from nardy.rules.base import RuleSet

__all__ = ["from_text", "detect_format", "to_game_string", "from_game_string"]

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
        raise NotationError(f"a position is given as text, not {text!r}")
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


def _values(text: str, where: str) -> tuple[int, ...]:
    parts = text.split("-")
    if not all(p.isascii() and p.isdigit() and 1 <= int(p) <= 6 for p in parts) or not 1 <= len(parts) <= 4:
        raise NotationError(f"{where}: {text!r} is not a list of 1 to 4 values 1..6 like 6-5")
    return tuple(int(p) for p in parts)


def to_game_string(game: Game) -> str:
    """The position string of ``game`` with what must happen next appended:
    ``roll`` or ``reroll`` (the player to move must roll), ``KIND:VALUES`` (it
    must play those values: ``roll:6-5``, ``reroll:3-3``, ``owed:6-6-6``,
    ``stage:5-5-5-5``; further owed plays follow after ``+``), or ``over``.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("gulbar"), first=nardy.WHITE)
    >>> _ = game.roll((6, 6)); _ = game.play("24/18(2)")
    >>> to_game_string(game)
    'gulbar 24:13,18:2 24:15 b 10 owed:6-6'
    >>> from_game_string(to_game_string(game)).legal_plays() == game.legal_plays()
    True
    """
    pending = game.pending
    pos = game.position
    if pending.phase == "over":
        tail = "over"
    elif pending.phase == "play":
        assert pending.dice is not None
        tail = f"{pending.context.kind}:" + "-".join(map(str, pending.dice))
        tail += "".join("+" + "-".join(map(str, owed)) for owed in pending.owed)
    elif pending.phase == "cube":
        raise NotationError("a game waiting for an answer to a double has no position string; take or drop first")
    else:
        tail = "reroll" if pending.context.kind == "reroll" else "roll"
    return f"{pos.to_string(game.rules.name)} {tail}"


def from_game_string(text: str, *, seed: int | None = None, rules: RuleSet | None = None) -> Game:
    """A game in the state :func:`to_game_string` describes (with no history before it).

    ``rules`` (with options) overrides the ruleset named in the string, which
    must then be of the same family. ``seed`` seeds the dice of the rolls to come.

    >>> import nardy
    >>> game = from_game_string("gulbar 24:13,18:2 24:15 b 10 owed:6-6", rules=nardy.ruleset("gulbar"))
    >>> game.turn, game.dice, [str(p) for p in game.legal_plays()]
    (<Player.BLACK: 1>, (6, 6), ['24/18'])
    >>> from_game_string("gulbar 24:13,18:2 24:15 b 10 over")
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: cannot rebuild a finished game from its string; read the position instead
    """
    if not isinstance(text, str) or len(text.split()) != 6:
        raise NotationError(f"a game string has 6 fields (a position string and what happens next), got {text!r}")
    head, tail = text.rsplit(None, 1)
    named, pos = from_text(head, rules)
    start = Pending("roll", pos.turn, first_player=pos.turn)
    if tail in ("roll", "reroll"):
        context = PlayContext(tail)  # type: ignore[arg-type]
        return Game(named, position=pos, seed=seed, pending=start.replace(context=context))
    if tail == "over":
        raise NotationError("cannot rebuild a finished game from its string; read the position instead")
    else:
        kind, sep, rest = tail.partition(":")
        if not sep or kind not in _KINDS:
            raise NotationError(f"cannot read {tail!r}: expected roll, reroll, over or KIND:VALUES")
        chunks = rest.split("+")
        dice = _values(chunks[0], tail)
        owed = tuple(_values(chunk, tail) for chunk in chunks[1:])
        if kind in ("roll", "reroll") and len(dice) != 2:
            raise NotationError(f"{tail!r}: a roll is two dice")
        context = PlayContext(kind)  # type: ignore[arg-type]
        game = Game(
            named, position=pos, seed=seed,
            pending=start.replace(phase="play", dice=dice, context=context, owed=owed),
        )
        game.legal_plays()  # check that the values fit the position now
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
