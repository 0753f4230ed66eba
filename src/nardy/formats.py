"""Game state strings, and reading a position from any text format nardy speaks.

Every format of nardy has a writer named ``to_<format>`` (or a ``to_string``
method) and a reader named ``from_<format>`` (or a ``from_string``
constructor); this module has three of them:

* :func:`to_rules_string` and :func:`from_rules_string`: a ruleset as one
  word, its name with the options that differ from its defaults,
  ``long[first_turn_head=none]`` (the first field of a game string);
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

import functools
import re
import warnings

from nardy.core import Player, Position, normalize_name
from nardy.errors import NardyError, NotationError, OptionError, shown
from nardy.flow import ROLL_CONTEXT, Pending, PlayContext
from nardy.game import Game
from nardy.rules import ruleset
from nardy.rules.base import RuleSet
from nardy.rules.options import Option

__all__ = [
    "from_text",
    "detect_format",
    "to_rules_string",
    "from_rules_string",
    "to_game_string",
    "from_game_string",
    "state_string",
]

_GNUBG = re.compile(r"^[A-Za-z0-9+/]{14}(:\S*)?$")  # a Position ID, and a Match ID (checked when read)


def detect_format(text: str) -> str:
    """``"xgid"``, ``"gnubg"`` or ``"nardy"``: which format ``text`` is written in.

    >>> detect_format("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"), detect_format("4HPwATDgc/ABMA")
    ('xgid', 'gnubg')
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is given as text, not {type(text).__name__}")
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
        raise NotationError(f"rules must be a RuleSet (see nardy.ruleset), not {shown(rules)}")
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
    fields = text.split()
    named: RuleSet | None = None
    if rules is not None and fields and normalize_name(fields[0].partition("[")[0]) == normalize_name(rules.name):
        fields[0] = rules.family  # the ruleset given (one of one's own need not be registered)
    elif fields and "[" in fields[0]:  # a ruleset with options: the position names only the ruleset
        named = from_rules_string(fields[0])
        fields[0] = named.name
    pos = Position.from_string(" ".join(fields))
    if rules is None:
        return named or ruleset(fields[0]), pos
    rules.check_position(pos)
    return rules, pos


# --------------------------------------------------------------------------- rulesets as text

#: the longest ruleset word read (every option of a ruleset set takes well under 1,000)
_MAX_RULES_LENGTH = 1000
_RULES_WORD = re.compile(r"([^\[\]\s=,]+)(?:\[([^\[\]\s]*)\])?")


def _value_text(value: object) -> str:
    """An option value as a ruleset word writes it: ``true``/``false``, ``none``,
    an int in decimal, a word as it is (as ``nardy -o NAME=VALUE`` takes them)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _option_value(option: Option, text: str, ruleset_name: str) -> object:
    """The allowed value of ``option`` that ``text`` writes, or an :class:`~nardy.OptionError`."""
    found = [value for value in option.values if _value_text(value) == text]
    if len(found) == 1:
        return found[0]
    allowed = option.hint or ", ".join(_value_text(v) for v in option.values)
    raise OptionError(f"{ruleset_name}: option {option.name}={shown(text)} is not allowed; use one of: {allowed}")


def to_rules_string(rules: RuleSet) -> str:
    """``rules`` as one word: its name, with the options that differ from its
    defaults in brackets, in the order the ruleset declares them
    (``long[first_turn_head=none,cube=true]``). Values are written as
    ``nardy -o NAME=VALUE`` takes them: ``true``/``false``, ``none``, numbers
    and words as they are. :func:`from_rules_string` reads it back.

    >>> import nardy
    >>> to_rules_string(nardy.ruleset("long")), to_rules_string(nardy.ruleset("long", first_turn_head="none"))
    ('long', 'long[first_turn_head=none]')
    >>> to_rules_string(nardy.ruleset("khachapuri", head_limit=2, owed_head_limit=1, cube=True))
    'khachapuri[cube=true,head_limit=2,owed_head_limit=1]'
    """
    if not isinstance(rules, RuleSet):
        raise NotationError(f"expected a RuleSet (see nardy.ruleset), not {shown(rules)}")
    return _rules_word(rules)


@functools.lru_cache(maxsize=64)
def _rules_word(rules: RuleSet) -> str:
    """The word of :func:`to_rules_string`, kept for the rulesets last written
    (a ruleset is immutable, and every game string starts with one)."""
    changed = []
    for option in type(rules).OPTIONS:
        value = rules.options[option.name]
        if value == option.default and type(value) is type(option.default):
            continue
        text = _value_text(value)
        if not text or re.search(r"[\s\[\]=,]", text) or _option_value(option, text, rules.name) != value:
            raise NotationError(
                f"{rules.name}: option {option.name}={shown(value)} cannot be written in a ruleset word"
            )
        changed.append(f"{option.name}={text}")
    return f"{rules.name}[{','.join(changed)}]" if changed else rules.name


def from_rules_string(text: str) -> RuleSet:
    """The ruleset a word of :func:`to_rules_string` names: a ruleset name or
    alias, optionally with ``[NAME=VALUE,...]`` options (any order, each
    once). An unknown ruleset is an :class:`~nardy.UnknownRuleSetError`, an
    unknown option or value an :class:`~nardy.OptionError`, anything else
    that cannot be read a :class:`~nardy.NotationError`.

    >>> from_rules_string("long[first_turn_head=none]")
    nardy.ruleset('long', first_turn_head='none')
    >>> from_rules_string("short[cube=yes]")
    Traceback (most recent call last):
    ...
    nardy.errors.OptionError: short: option cube='yes' is not allowed; use one of: false, true
    """
    if not isinstance(text, str):
        raise NotationError(f"a ruleset word is text, not {type(text).__name__}")
    if len(text) > _MAX_RULES_LENGTH:
        raise NotationError(f"a ruleset word has at most {_MAX_RULES_LENGTH} characters, got {len(text)}")
    match = _RULES_WORD.fullmatch(text)
    if match is None:
        raise NotationError(
            f"cannot read the ruleset {shown(text)}: expected a name, optionally with options, like long[cube=true]"
        )
    name, listed = match.group(1), match.group(2)
    cls = type(ruleset(name))
    if listed is None:
        return cls()
    declared = {option.name: option for option in cls.OPTIONS}
    options: dict[str, object] = {}
    for item in listed.split(","):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise NotationError(f"{cls.name}: cannot read the option {shown(item)}; options look like NAME=VALUE")
        if key in options:
            raise NotationError(f"{cls.name}: the option {shown(key)} is given twice")
        if key not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise OptionError(f"{cls.name} has no option {shown(key)}; its options are: {known}")
        options[key] = _option_value(declared[key], value, cls.name)
    return cls(**options)


# --------------------------------------------------------------------------- game state strings

_KINDS = ("roll", "reroll", "owed", "stage")
#: the longest game string read: a ruleset word and the rest (without options a real
#: one is well under 200 characters; every option of a ruleset adds some 650)
_MAX_LENGTH = 1400


def _values(text: str, where: str) -> tuple[int, ...]:
    parts = text.split("-")
    if not 1 <= len(parts) <= 4 or not all(len(p) == 1 and p in "123456" for p in parts):
        raise NotationError(f"{where}: {shown(text)} is not a list of 1 to 4 values 1..6 like 6-5")
    return tuple(int(p) for p in parts)


def _side(player: Player) -> str:
    return "w" if player == Player.WHITE else "b"


def state_string(rules: RuleSet, position: Position, pending: Pending) -> str:
    """The game string of a position and a turn-flow state (see :func:`to_game_string`),
    checked to be a state a game of ``rules`` can be in (as :class:`~nardy.Game`
    checks ``pending=``), with the position's ``turn`` the player on roll.

    >>> import nardy
    >>> from nardy.flow import Pending
    >>> rules = nardy.ruleset("long", first_turn_head="none")
    >>> state_string(rules, rules.initial_position(), Pending("play", nardy.WHITE, (6, 6), rolls=(1, 0)))
    'long[first_turn_head=none] 24:15 24:15 w 00 roll:6-6 rolls=1-0'
    >>> state_string(rules, rules.initial_position(), Pending("play", nardy.BLACK, (6, 6)))
    Traceback (most recent call last):
    ...
    nardy.errors.NotationError: the position's turn (white) must be the player on roll (black)
    """
    if not isinstance(rules, RuleSet):
        raise NotationError(f"expected a RuleSet (see nardy.ruleset), not {shown(rules)}")
    if not isinstance(pending, Pending):
        raise NotationError(f"expected a Pending (a game's turn-flow state), not {shown(pending)}")
    rules.check_position(position)
    if pending.phase == "over":
        position.validate()
    else:
        game = Game(rules, position=position, pending=pending)  # every check a resumed game makes
        if game.position.turn != position.turn:
            raise NotationError(
                f"the position's turn ({position.turn}) must be the player on roll ({game.position.turn})"
            )
    return _state_text(rules, position, pending)


def _state_text(rules: RuleSet, position: Position, pending: Pending) -> str:
    """The game string of a state known to be sound."""
    # the family heads the position (a ruleset of ones own need not be registered), the ruleset the string
    head = to_rules_string(rules) + position.to_string()[len(position.family) :]
    if pending.phase == "over":
        return f"{head} over"
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
    return f"{head} {' '.join(fields)}"


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

    The first field is the ruleset with its options (:func:`to_rules_string`),
    so the string alone rebuilds a game of the same rules:

    >>> game = nardy.Game(nardy.ruleset("long", first_turn_head="none"), first=nardy.WHITE)
    >>> _ = game.roll((6, 6))
    >>> to_game_string(game)
    'long[first_turn_head=none] 24:15 24:15 w 00 roll:6-6 rolls=1-0'
    >>> [str(play) for play in from_game_string(to_game_string(game)).legal_plays()]
    ['24/18']
    """
    if not isinstance(game, Game):
        raise NotationError(f"expected a Game, not {shown(game)}")
    return game.to_string()


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
    """  # noqa: E501 - doctest output
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
    carried = _carried_state(extras, pos)
    if nxt == "over":
        raise NotationError("cannot rebuild a finished game from its string; read the position instead")
    state = _next_state(nxt, carried)
    try:
        game = Game(named, position=pos, seed=seed, pending=state, crawford=state.crawford)
        if state.phase == "play":
            game.legal_plays()  # check that the values fit the position now
    except NardyError as exc:
        raise NotationError(str(exc)) from None
    return game


def _carried_state(extras: list[str], pos: Position) -> Pending:
    """The state a turn carries, from the fields after what happens next
    (``heads=2 rolls=3-2 ...``): the player on roll to roll, with the context the
    fields give (kind ``roll``, replaced by what happens next)."""
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
    extra = bool(_field(fields, "extra", where, 1))
    cube = _field(fields, "cube", where, 1024) if "cube" in fields else 1
    owner = _player_field(fields, "owner", where)
    beavered = bool(_field(fields, "beaver", where, 1))
    crawford = bool(_field(fields, "crawford", where, 1))
    if fields:
        raise NotationError(f"{where}: unknown field {shown(sorted(fields)[0])}")
    return Pending(
        "roll", pos.turn, context=PlayContext("roll", heads, final, cascade),
        first_player=pos.turn if first is None else first, rolls=rolls,
        extra_turn=extra, cube=cube, cube_owner=owner, beavered=beavered, crawford=crawford,
    )


def _next_state(nxt: str, state: Pending) -> Pending:
    """``state`` (the player on roll to roll) with what happens next: ``roll``,
    ``reroll``, ``double:N`` or ``KIND:VALUES`` (a ``beaver=1`` read into ``state``
    belongs to a double only)."""
    context = state.context
    beavered = state.beavered
    state = state.replace(beavered=False)
    on_roll = state.player
    assert on_roll is not None
    if nxt in ("roll", "reroll"):
        return state.replace(context=PlayContext(nxt, context.head_used, context.final, context.cascade))  # type: ignore[arg-type]
    if nxt.startswith("double:"):
        offer = _field({"double": nxt[7:]}, "double", "game string", 2048)
        # the doubled player answers; after a beaver, the doubler (on roll) does
        answers = on_roll if beavered else on_roll.other
        return state.replace(phase="cube", player=answers, context=ROLL_CONTEXT, offer=offer, beavered=beavered)
    kind, sep, rest = nxt.partition(":")
    if not sep or kind not in _KINDS:
        raise NotationError(f"cannot read {shown(nxt)}: expected roll, reroll, double:N, over or KIND:VALUES")
    chunks = rest.split("+")
    if len(chunks) > 6:
        raise NotationError(f"game string: at most six plays can be owed, got {len(chunks)}")
    dice = _values(chunks[0], nxt)
    owed = tuple(_values(chunk, nxt) for chunk in chunks[1:])
    play_context = PlayContext(kind, context.head_used, context.final, context.cascade)  # type: ignore[arg-type]
    return state.replace(phase="play", dice=dice, context=play_context, owed=owed)


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
