"""Game and match records: save to JSON, load back into the identical state.

A record holds the ruleset (name and options), the start, the opening roll,
every roll, play, cube action and resignation. The dice to come stay private:
the dice generator's state is saved only when asked (``rng=True``, for an
exact replay of a seeded game), and unseeded games roll with the operating
system's secure source, which no record can predict.
Loading replays the record through the rules, so every play is checked again;
the first one that is not legal is reported with its place in the record.

Two writers and two readers, for a :class:`~nardy.Game` or a
:class:`~nardy.Match` alike: :func:`to_dict` and :func:`from_dict` for the
JSON-ready record (a dict whose ``"format"`` is ``"nardy-game"`` or
``"nardy-match"``), :func:`to_json` and :func:`from_json` for its JSON text.

>>> import nardy
>>> from nardy import records
>>> game = nardy.Game(nardy.ruleset("long"), seed=3)
>>> _ = game.roll(); _ = game.play(game.legal_plays()[0])
>>> text = records.to_json(game)
>>> again = records.from_json(text)
>>> again.position == game.position and again.history == game.history
True
"""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

from nardy.core import Play, Player, Position, Result, Step
from nardy.errors import NardyError, clip, format_dice, shown
from nardy.formats import from_game_string, state_string
from nardy.game import CubeEvent, Game, PlayEvent, ResignEvent, RollEvent
from nardy.match import Match
from nardy.rules import ruleset
from nardy.rules.base import RuleSet

__all__ = [
    "RecordError",
    "FORMAT_VERSION",
    "to_dict",
    "from_dict",
    "to_json",
    "from_json",
]

FORMAT_VERSION = 1
#: the widest indentation :func:`to_json` writes
_MAX_INDENT = 16


class RecordError(NardyError):
    """A record that cannot be read or replayed; the message says where and why."""


def _colour(player: Player) -> str:
    return "white" if player == Player.WHITE else "black"


def _player(text: object, where: str) -> Player:
    if text == "white":
        return Player.WHITE
    if text == "black":
        return Player.BLACK
    raise RecordError(f"{where}: a player is 'white' or 'black', not {shown(text)}")


def _rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    defaults = {opt.name: opt.default for opt in type(rules).OPTIONS}
    changed = {k: v for k, v in rules.options.items() if defaults.get(k) != v}
    return {"name": rules.name, "options": changed}


def _rules_from_dict(data: Any) -> RuleSet:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise RecordError("rules: expected {'name': ..., 'options': {...}}")
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError(f"rules: options must be an object of name: value, not {shown(options)}")
    try:
        return ruleset(data["name"], **options)
    except NardyError as exc:
        raise RecordError(f"rules: {exc}") from None


def _rng_state(rng: random.Random) -> list[Any] | None:
    """The state of a seeded RNG; ``None`` for the system's entropy source (the
    dice of an unseeded game), which has no state to save."""
    if isinstance(rng, random.SystemRandom):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _load_rng(state: Any) -> random.Random | None:
    """The RNG a saved state describes; ``None`` for no state (the dice stay unpredictable)."""
    if state is None:
        return None
    rng = random.Random()
    try:
        version, internal, gauss = state
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:
        raise RecordError(f"rng: not a saved random state ({exc})") from None
    return rng


def _check_version(data: dict[str, Any]) -> None:
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise RecordError(f"record version {shown(version)} is not supported (expected {FORMAT_VERSION})")


# --------------------------------------------------------------------------- games


def _game_record(game: Game, rng: bool = False) -> dict[str, Any]:
    """A JSON-ready record of ``game`` (with its dice generator's state if ``rng``)."""
    game = game.clone()  # one consistent state (refused while another thread changes the game)
    events: list[dict[str, Any]] = []
    for event in game.history:
        if isinstance(event, RollEvent):
            events.append({"roll": _colour(event.player), "dice": list(event.dice)})
        elif isinstance(event, PlayEvent):
            play = event.play
            events.append(
                {
                    "play": _colour(event.player),
                    "move": str(play),
                    "dice": list(play.dice),
                    "steps": [[s.source, s.target, s.die, int(s.hit)] for s in play.steps],
                }
            )
        elif isinstance(event, CubeEvent):
            events.append({event.action: _colour(event.player), "value": event.value})
        elif isinstance(event, ResignEvent):
            entry: dict[str, Any] = {"resign": _colour(event.player)}
            if event.stake is not None:
                entry["stake"] = event.stake
            events.append(entry)
    start = game.start
    resumed = game.resumed_from
    if resumed is not None:  # a game resumed in a saved state: the whole state
        first: Player | None = None
        begin: str | None = state_string(game.rules, start, resumed)
    else:
        first = game.pending.first_player if game.opening is None else None
        begin = None if start == game.rules.initial_position() else start.to_string(game.rules.name)
    record: dict[str, Any] = {
        "format": "nardy-game",
        "version": FORMAT_VERSION,
        "rules": _rules_to_dict(game.rules),
        "start": begin,
        "opening": None if game.opening is None else [game.opening.white, game.opening.black],
        "first": None if first is None else _colour(first),
        "crawford": game.crawford,
        "events": events,
    }
    if rng:
        record["rng"] = _rng_state(game.rng)
    result = game.result()
    if result is not None:
        record["result"] = _result_to_dict(result)
    return record


def _result_to_dict(result: Result) -> dict[str, Any]:
    return {
        "winner": None if result.winner is None else _colour(result.winner),
        "points": result.points,
        "kind": result.kind,
        "ending": result.ending,
        "cube": result.cube,
    }


def _read_game(data: dict[str, Any]) -> Game:
    """Rebuild a game from its record, checking every event."""
    _check_version(data)
    rules = _rules_from_dict(data.get("rules"))
    start, resumed = _read_start(data.get("start"), rules)
    opening = data.get("opening")
    first = data.get("first")
    crawford = data.get("crawford", False)
    if type(crawford) is not bool:
        raise RecordError(f"crawford: expected true or false, not {shown(crawford)}")
    if opening is not None and not (
        isinstance(opening, list) and len(opening) == 2 and all(type(d) is int for d in opening)
    ):
        raise RecordError(f"opening: expected [white's die, black's die], not {shown(opening)}")
    if resumed is not None:
        if opening is not None or first is not None:
            raise RecordError("a game resumed from a game string has no opening roll and no first player of its own")
        if crawford and not resumed.crawford:
            raise RecordError("crawford: the record says the Crawford game, but its game string does not (crawford=1)")
        game = resumed
    else:
        game = _new_game(rules, start, opening, first, crawford)
    events = data.get("events")
    if not isinstance(events, list):
        raise RecordError("events: expected a list")
    for index, event in enumerate(events, 1):
        _replay(game, index, event)
    rng = _load_rng(data.get("rng"))
    if rng is not None:
        game.rng = rng
    expected = data.get("result")
    if expected is not None:
        result = game.result()
        got = None if result is None else _result_to_dict(result)
        if got != expected:
            raise RecordError(f"result: the record says {expected}, replaying gives {got}")
    return game


def _read_start(begin: object, rules: RuleSet) -> tuple[Position | None, Game | None]:
    """A record's ``start``: ``None`` (the initial position), a position string (a
    set-up position) or a game string (a game resumed in a saved state)."""
    if begin is None:
        return None, None
    if not isinstance(begin, str) or len(begin) > 2000:  # longer than any game string
        raise RecordError(f"start: expected a position or game string, not {shown(begin)}")
    try:
        if len(begin.split()) > 5:  # a game string: a game resumed in a saved state
            return None, from_game_string(begin, rules=rules)
        return Position.from_string(begin), None
    except NardyError as exc:
        raise RecordError(f"start: {exc}") from None


def _new_game(rules: RuleSet, start: Position | None, opening: list[int] | None, first: object, crawford: bool) -> Game:
    """The game a record starts: with its opening roll (which must agree with
    ``first``, if given) or with its first player."""
    try:
        if opening is None:
            return Game(rules, first=_player(first, "first"), position=start, crawford=crawford)
        game = Game(rules, opening=(opening[0], opening[1]), position=start, crawford=crawford)
    except RecordError:
        raise
    except NardyError as exc:
        raise RecordError(f"start of the game: {exc}") from None
    starter = game.pending.first_player
    if first is not None and _player(first, "first") != starter:
        raise RecordError(
            f"first: the record says {first} starts, but the opening roll "
            f"{opening[0]}-{opening[1]} (white's die first) gives the start to {starter}"
        )
    return game


def _replay(game: Game, index: int, event: Any) -> None:
    where = f"event {index}"
    if not isinstance(event, dict):
        raise RecordError(f"{where}: expected an object, got {shown(event)}")
    try:
        if "roll" in event:
            player = _player(event["roll"], where)
            _check_turn(game, player, where, "roll")
            game.roll(tuple(event["dice"]))
        elif "play" in event:
            player = _player(event["play"], where)
            _check_turn(game, player, where, "play")
            where = f"{where} ({event['play']} plays {shown(event.get('move', '?'))})"
            if "steps" in event:
                steps = _read_steps(event["steps"], where)
                values = game.legal_plays()[0].dice
                if "dice" in event and tuple(event["dice"]) != values:
                    raise RecordError(
                        f"{where}: the record says dice {shown(event['dice'])}, the game has {format_dice(values)}"
                    )
                written = game.parse_play(str(event["move"])) if "move" in event else None
                played = game.play(Play(steps, values))
                if written is not None and written.key != played.key:
                    raise RecordError(f"{where}: the move text and the steps describe different plays")
            else:
                game.play(str(event["move"]))
        elif "resign" in event:
            game.resign(_player(event["resign"], where), event.get("stake"))
        else:
            for action in ("double", "take", "drop", "beaver"):
                if action in event:
                    player = _player(event[action], where)
                    _check_turn(game, player, where, action)
                    getattr(game, action)()
                    done = game.history[-1]
                    value = event.get("value", done.value)  # type: ignore[union-attr]
                    if value != done.value:  # type: ignore[union-attr]
                        raise RecordError(
                            f"{where}: the record says {action} at {shown(value)}, the cube gives {done.value}"  # type: ignore[union-attr]
                        )
                    break
            else:
                raise RecordError(f"{where}: unknown event {shown(event)}")
    except RecordError:
        raise
    except NardyError as exc:
        raise RecordError(f"{where}: {exc}") from None
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise RecordError(f"{where}: malformed event {shown(event)} ({clip(str(exc))})") from None


def _read_steps(data: Any, where: str) -> tuple[Step, ...]:
    """The steps of a recorded play: lists ``[source, target, die, hit]`` of ints."""
    if not isinstance(data, list) or len(data) > 4:
        raise RecordError(f"{where}: steps are at most four [source, target, die, hit] lists")
    steps = []
    for item in data:
        if (
            not isinstance(item, list)
            or len(item) != 4
            or any(type(v) is not int for v in item[:3])
            or item[3] not in (0, 1, True, False)
            or not 0 <= item[0] <= 25
            or not 0 <= item[1] <= 25
            or not 1 <= item[2] <= 6
        ):
            raise RecordError(f"{where}: a step is [source 1..25, target 0..24, die 1..6, hit 0/1], not {shown(item)}")
        steps.append(Step(item[0], item[1], item[2], bool(item[3])))
    return tuple(steps)


def _check_turn(game: Game, player: Player, where: str, action: str) -> None:
    if game.is_over():
        raise RecordError(f"{where}: {player} cannot {action}: the game is already over")
    if game.turn != player:
        raise RecordError(f"{where}: {player} cannot {action}: it is {game.turn}'s turn")


# --------------------------------------------------------------------------- matches


def _match_record(match: Match, rng: bool = False) -> dict[str, Any]:
    """A JSON-ready record of ``match`` (every game, the score; the RNGs if ``rng``)."""
    record = {
        "format": "nardy-match",
        "version": FORMAT_VERSION,
        "rules": _rules_to_dict(match.rules),
        "length": match.length,
        "crawford": match.crawford,
        **({"score": list(match.scores[0])} if match.scores[0] != (0, 0) else {}),
        "games": [_game_record(game, rng) for game in match.games],
    }
    if rng:
        record["rng"] = _rng_state(match.rng)
    return record


def _read_match(data: dict[str, Any]) -> Match:
    """Rebuild a match from its record, checking every game."""
    _check_version(data)
    rules = _rules_from_dict(data.get("rules"))
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise RecordError("games: expected a non-empty list")
    length = data.get("length", 0)
    if type(length) is not int:
        raise RecordError(f"length: expected an int (0 for a money session), not {shown(length)}")
    start = data.get("score", [0, 0])
    if not isinstance(start, list) or len(start) != 2 or any(type(v) is not int for v in start):
        raise RecordError(f"score: expected the starting score as two ints, not {shown(start)}")
    played = []
    for number, record in enumerate(games, 1):
        if isinstance(record, dict) and isinstance(record.get("rules"), dict):
            if _rules_from_dict(record["rules"]) != rules:
                raise RecordError(f"game {number}: its rules differ from the match's")
        try:
            if not isinstance(record, dict) or record.get("format") != "nardy-game":
                raise RecordError("not a nardy game record (format must be 'nardy-game')")
            played.append(_read_game(record))
        except RecordError as exc:
            raise RecordError(f"game {number}: {exc}") from None
    try:
        crawford = data.get("crawford", True)
        if type(crawford) is not bool:
            raise RecordError(f"crawford: expected true or false, not {shown(crawford)}")
        match = Match.from_games(rules, length, played, crawford=crawford, score=(start[0], start[1]))
    except NardyError as exc:
        raise RecordError(f"match: {exc}") from None
    rng = _load_rng(data.get("rng"))
    if rng is not None:
        match.rng = rng
    return match


# --------------------------------------------------------------------------- records and JSON text


def to_dict(obj: Game | Match, *, rng: bool = False) -> dict[str, Any]:
    """The JSON-ready record of a game (``"format": "nardy-game"``) or a match
    (``"format": "nardy-match"``: every game and the score).

    A record leaves out the state of the dice generator, so that whoever reads
    it cannot predict the rolls to come: a game server may hand records to its
    players. ``rng=True`` keeps it, for an exact replay of a seeded game or
    match (its next rolls included); an unseeded game's dice come from the
    operating system's secure source and have no state to keep.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("short"), opening=(3, 1))
    >>> _ = game.play("8/5 6/5")
    >>> data = to_dict(game)
    >>> data["format"], data["opening"], data["events"][0]["move"], data["events"][0]["steps"]
    ('nardy-game', [3, 1], '8/5 6/5', [[8, 5, 3, 0], [6, 5, 1, 0]])
    >>> to_dict(nardy.Match(nardy.ruleset("short"), length=3, seed=1))["format"]
    'nardy-match'
    """
    if type(rng) is not bool:
        raise RecordError(f"rng is True or False, not {shown(rng)}")
    if isinstance(obj, Game):
        return _game_record(obj, rng)
    if isinstance(obj, Match):
        return _match_record(obj, rng)
    raise RecordError(f"only a Game or a Match can be saved, not {type(obj).__name__}")


def from_dict(data: Any) -> Game | Match:
    """The game or match a record describes (as its ``"format"`` says), replayed
    through the rules: every event is checked, and the first that cannot be read
    or is not legal is a :class:`RecordError` naming its place.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("short"), opening=(3, 1))
    >>> _ = game.play("8/5 6/5")
    >>> again = from_dict(to_dict(game))
    >>> type(again).__name__, again.history == game.history
    ('Game', True)
    >>> from_dict({"format": "chess"})
    Traceback (most recent call last):
    ...
    nardy.records.RecordError: not a nardy record (format must be 'nardy-game' or 'nardy-match', not 'chess')
    """
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == "nardy-game":
        return _read_game(data)
    if kind == "nardy-match":
        return _read_match(data)
    what = "" if kind is None else f", not {shown(kind)}"
    raise RecordError(f"not a nardy record (format must be 'nardy-game' or 'nardy-match'{what})")


def to_json(obj: Game | Match, indent: int | None = None, *, rng: bool = False) -> str:
    """The JSON text of a game or match record (:func:`to_dict`; ``rng`` keeps
    the dice generator's state for an exact replay of a seeded game).

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("long"), first=nardy.WHITE, seed=1)
    >>> to_json(game)[:40]
    '{"format": "nardy-game", "version": 1, "'
    >>> again = from_json(to_json(game, rng=True))
    >>> again.roll() == game.roll()
    True
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= _MAX_INDENT):
        raise RecordError(f"indent is None or an int 0..{_MAX_INDENT} (spaces per level), not {shown(indent)}")
    return json.dumps(to_dict(obj, rng=rng), indent=indent)


def from_json(text: str) -> Game | Match:
    """Read a game or match record (JSON text) back, replaying and checking it
    (:func:`from_dict`).

    >>> import nardy
    >>> match = nardy.Match(nardy.ruleset("short", cube=True), length=5, seed=2)
    >>> again = from_json(to_json(match))
    >>> type(again).__name__, again.length, again.game.position == match.game.position
    ('Match', 5, True)
    >>> from_json("{")
    Traceback (most recent call last):
    ...
    nardy.records.RecordError: not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"not JSON: {clip(str(exc))}") from None
    except RecursionError:
        raise RecordError("not a nardy record: nested too deeply") from None
    except ValueError as exc:  # an int of more digits than Python reads
        raise RecordError(f"not a nardy record: {clip(str(exc))}") from None
    try:
        return from_dict(data)
    except RecursionError:  # pragma: no cover - records are shallow; from_dict never recurses
        raise RecordError("not a nardy record: nested too deeply") from None


# --------------------------------------------------------------------------- deprecated names


def game_to_dict(game: Game) -> dict[str, Any]:
    """Deprecated: use :func:`to_dict` (kept for one release)."""
    warnings.warn(
        "nardy.records.game_to_dict is deprecated; use nardy.records.to_dict", DeprecationWarning, stacklevel=2
    )
    return to_dict(game)


def match_to_dict(match: Match) -> dict[str, Any]:
    """Deprecated: use :func:`to_dict` (kept for one release)."""
    warnings.warn(
        "nardy.records.match_to_dict is deprecated; use nardy.records.to_dict", DeprecationWarning, stacklevel=2
    )
    return to_dict(match)


def game_from_dict(data: Any) -> Game:
    """Deprecated: use :func:`from_dict` (kept for one release); refuses a match record."""
    warnings.warn(
        "nardy.records.game_from_dict is deprecated; use nardy.records.from_dict", DeprecationWarning, stacklevel=2
    )
    if not isinstance(data, dict) or data.get("format") != "nardy-game":
        raise RecordError("not a nardy game record (format must be 'nardy-game')")
    game = from_dict(data)
    assert isinstance(game, Game)
    return game


def match_from_dict(data: Any) -> Match:
    """Deprecated: use :func:`from_dict` (kept for one release); refuses a game record."""
    warnings.warn(
        "nardy.records.match_from_dict is deprecated; use nardy.records.from_dict", DeprecationWarning, stacklevel=2
    )
    if not isinstance(data, dict) or data.get("format") != "nardy-match":
        raise RecordError("not a nardy match record (format must be 'nardy-match')")
    match = from_dict(data)
    assert isinstance(match, Match)
    return match


def dumps(obj: Game | Match, indent: int | None = None) -> str:
    """Deprecated: use :func:`to_json` (kept for one release)."""
    warnings.warn("nardy.records.dumps is deprecated; use nardy.records.to_json", DeprecationWarning, stacklevel=2)
    return to_json(obj, indent)


def loads(text: str) -> Game | Match:
    """Deprecated: use :func:`from_json` (kept for one release)."""
    warnings.warn("nardy.records.loads is deprecated; use nardy.records.from_json", DeprecationWarning, stacklevel=2)
    return from_json(text)
