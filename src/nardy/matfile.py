"""Jellyfish ``.mat`` match files, as GNU Backgammon and eXtreme Gammon read and
write them (short family only).

The format has no formal definition; this module follows what gnubg writes
(``export.c``, ``ExportMatchMat`` / ``ExportGameJF``) and what gnubg's importer
accepts (``import.c``, ``ImportMatVariation`` / ``ImportGame`` /
``ParseMatMove``)::

    ; [Crawford "On"]

     3 point match

     Game 1
     White : 0                      Black : 0
      1)                             52: 13/8 13/11
      2) 64: 24/18 13/9              31: 8/5 6/5
      3)  Doubles => 2                Takes
      4) 62: 18/12 12/10*            55: bar/20 ...
      ...
                                      Wins 2 points

* Header: optional comment lines (``;`` or ``#``; ``; [Key "Value"]`` tags such
  as ``Site``, ``Event``, ``EventDate``, ``Crawford``), then `` N point match``
  (``0 point match``: a money session, as gnubg writes it).
* Each game: `` Game K``, then the score before the game
  `` Name1 : score1      Name2 : score2``, then numbered lines with two
  columns. The **left column is the first named player, nardy's White; the
  right column is the second, nardy's Black.**
* An entry is a turn, ``dd: moves`` (the roll, then the moves from the mover's
  own point numbering: ``13/8 13/11``, ``bar/22*``, ``6/off``, or gnubg's
  ``25/22*`` and ``6/0``), or a cube action: `` Doubles => 2``, `` Takes``,
  `` Drops`` (`` Beavers => 4`` where the rules allow beavers). Each entry
  takes one column slot, so the columns alternate.
* A roll with no moves (``64:``) is a pass when nothing can be played (or the
  one forced play, as gnubg reads it); with a choice of plays it is a roll the
  player did not play: it must be followed by a resignation. ``???`` after the
  roll (eXtreme Gammon) always means "rolled, not played". ``Cannot Move`` is a
  pass.
* The end: ``Wins N point(s)`` (optionally ``and the match``) in the winner's
  column: on its own line indented 6 spaces (left player) or 34 (right
  player), or as the second entry of a numbered line. After a bear-off or a
  drop it must agree with the game; otherwise it is a resignation by the other
  player, worth ``N`` points.

Writing follows gnubg's layout (right column at column 33, every numbered line
padded to it, ``Wins`` lines on their own), one die per move (``24/18 18/13``,
as gnubg writes them), ``bar``/``off`` for the bar and bearing off, the dice in
the order rolled (the opening roll: the higher die first), and ``Wins ... and
the match`` for the game that ends a match.

The first game of a match (and every game, unless the ruleset option
``next_game_first`` says otherwise) starts with the opening roll: the first
entry is the starting player's play of both opening dice, in that player's
column, so ``52:`` in the right column becomes ``Game(rules, opening=(2, 5))``.

Importing replays every game through the rules: each play is checked, and the
first illegal or unreadable entry is reported as a :class:`nardy.records.RecordError`
with its line number. The score lines are checked against the replayed results.

What the format cannot hold: a game started from a set-up position, the
one-die opening roll of rulesets that re-roll after it (``opening_roll="reroll"``:
the file starts with the starter's own roll), draws, and plays of the long family.

>>> import nardy
>>> from nardy.matfile import export_mat, import_mat
>>> game = nardy.Game(nardy.ruleset("short", cube=True), opening=(2, 5))
>>> _ = game.play("13/8 13/11"); _ = game.roll((6, 4)); _ = game.play("24/18 13/9")
>>> text = export_mat(game, ("Alice", "Bob"))
>>> print(text, end="")  # doctest: +NORMALIZE_WHITESPACE
 0 point match
<BLANKLINE>
 Game 1
 Alice : 0                      Bob : 0
  1)                             52: 13/8 13/11
  2) 64: 24/18 13/9
<BLANKLINE>
>>> again = import_mat(text).game
>>> again.history == game.history and again.position == game.position
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final, Literal

import attrs

from nardy.core import Play, Player
from nardy.errors import NardyError
from nardy.game import CubeEvent, Event, Game, PlayEvent, RollEvent
from nardy.match import Match
from nardy.notation import format_point
from nardy.records import RecordError
from nardy.rules import ruleset
from nardy.rules.base import RuleSet

__all__ = ["MatFile", "export_mat", "import_mat", "read_mat"]

#: gnubg's layout: ``"%3d) %-27s "`` puts the right column at column 33
_LEFT_WIDTH: Final = 27
#: a ``Wins`` line on its own: 6 spaces for the left player, 34 for the right one
_WINS_LEFT: Final = " " * 6
_WINS_RIGHT: Final = " " * 34
#: a lone entry on a numbered line further than this from the ``)`` is in the right column
_RIGHT_GAP: Final = 10
#: a ``Wins`` line on its own starting at or after this column is the right player's
_RIGHT_COLUMN: Final = 20

_COLUMN = {Player.WHITE: "left", Player.BLACK: "right"}


@attrs.frozen(eq=False)
class MatFile:
    """What :func:`read_mat` found: the replayed match, the players' names (left,
    right: White, Black), the header tags (``; [Key "Value"]``) and the other
    header comment lines."""

    match: Match
    names: tuple[str, str]
    tags: Mapping[str, str]
    comments: tuple[str, ...]


# --------------------------------------------------------------------------- export


def _check_short(rules: RuleSet) -> None:
    if rules.family != "short":
        raise RecordError(
            f"the .mat format records backgammon (short family) games, not {rules.name} ({rules.family} family)"
        )


def _step_text(play: Play) -> str:
    """The moves of ``play`` one die at a time, as gnubg writes them (``24/18 18/13``,
    ``bar/22*``, ``6/off``); empty for a pass."""
    return " ".join(
        f"{format_point(s.source)}/{format_point(s.target)}{'*' if s.hit else ''}" for s in play.steps
    )


def _turn_text(dice: Sequence[int], play: Play | None, game: Game) -> str:
    head = f"{dice[0]}{dice[1]}:"
    if play is not None:
        moves = _step_text(play)
        return f"{head} {moves}" if moves else head
    # rolled but not played (a resignation followed, or the record stops here):
    # an empty entry says so only when the player had a choice of plays
    legal = game.rules.legal_plays(game.position, tuple(dice), game.pending.context)
    return head if len(legal) > 1 else f"{head} ???"


def _entries(game: Game, number: int) -> list[tuple[Player, str]]:
    """The column entries of ``game`` in order: (player, text)."""
    events: list[Event] = list(game.history)
    out: list[tuple[Player, str]] = []
    i = 0
    opening = game.opening
    if opening is not None and game.rules.option("opening_roll") == "use_opening_dice":
        starter = Player.WHITE if opening.white > opening.black else Player.BLACK
        dice = (max(opening.white, opening.black), min(opening.white, opening.black))
        if events and isinstance(events[0], PlayEvent):
            out.append((starter, _turn_text(dice, events[0].play, game)))
            i = 1
        else:
            out.append((starter, _turn_text(dice, None, game)))
    while i < len(events):
        event = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(event, RollEvent):
            if isinstance(nxt, PlayEvent) and nxt.player == event.player:
                out.append((event.player, _turn_text(event.dice, nxt.play, game)))
                i += 2
                continue
            out.append((event.player, _turn_text(event.dice, None, game)))
        elif isinstance(event, PlayEvent):
            raise RecordError(
                f"game {number}: {event.player} plays {event.play} without a roll; "
                "the .mat format only has plays of a roll (or of the opening roll)"
            )
        elif isinstance(event, CubeEvent):
            if event.action == "double":
                out.append((event.player, f" Doubles => {event.value}"))
            elif event.action == "beaver":
                out.append((event.player, f" Beavers => {event.value}"))
            elif event.action == "take":
                previous = events[i - 1] if i else None
                implied = (
                    isinstance(previous, CubeEvent)
                    and previous.action == "beaver"
                    and isinstance(nxt, RollEvent)
                    and nxt.player == event.player
                )
                if not implied:  # after a beaver the doubler's next roll says it took (gnubg)
                    out.append((event.player, " Takes"))
            else:
                out.append((event.player, " Drops"))
        # a ResignEvent is written as the winner's "Wins" line
        i += 1
    return out


def _rows(entries: list[tuple[Player, str]]) -> list[str]:
    rows: list[tuple[str | None, str | None]] = []
    left: str | None = None
    right: str | None = None
    for player, text in entries:
        if player == Player.WHITE:
            if left is not None or right is not None:
                rows.append((left, right))
                right = None
            left = text
        else:
            if right is not None:
                rows.append((left, right))
                left = None
            right = text
    if left is not None or right is not None:
        rows.append((left, right))
    lines = []
    for number, (lt, rt) in enumerate(rows, 1):
        # padded as gnubg pads (the line always reaches the right column): gnubg's
        # reader splits a line without two ':' at the first double space after
        # column 15, and some versions misread a shorter line
        line = f"{number:3d}) {(lt or '').ljust(_LEFT_WIDTH)} {rt or ''}"
        if rt is None and not line.endswith("  "):
            line += " "
        lines.append(line)
    return lines


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RecordError(f"a player's name must be a non-empty str, not {name!r}")
    if ":" in name or "\n" in name or "\r" in name or name != name.strip():
        raise RecordError(f"a player's name in a .mat file cannot contain ':', line breaks or outer spaces: {name!r}")
    return name


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def export_mat(
    match: Match | Game,
    names: Sequence[str] = ("White", "Black"),
    *,
    tags: Mapping[str, str] | None = None,
) -> str:
    """The ``.mat`` text of ``match``; a single :class:`~nardy.Game` (finished or
    not) is written as a one-game money session.

    ``names`` are the left and right players: White and Black. ``tags`` adds
    header lines ``; [Key "Value"]`` (``Site``, ``Event``, ``EventDate``, ...);
    a match to N points also gets ``; [Crawford "On"]`` or ``"Off"``.
    A match's last game is left out while nothing has happened in it.
    """
    if isinstance(match, Match):
        games = list(match.games)
        length = match.length
        crawford: bool | None = match.crawford if length > 0 else None
        rules = match.rules
    elif isinstance(match, Game):
        games = [match]
        length = 0
        crawford = None
        rules = match.rules
    else:
        raise RecordError(f"only a Match or a Game can be written as .mat, not {type(match).__name__}")
    _check_short(rules)
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2:
        raise RecordError(f"names must be a pair of str (left/White, right/Black), not {names!r}")
    left_name, right_name = _check_name(names[0]), _check_name(names[1])
    header: dict[str, str] = dict(tags or {})
    if crawford is not None:
        header.setdefault("Crawford", "On" if crawford else "Off")
    lines: list[str] = []
    for key, value in header.items():
        if not re.fullmatch(r"[A-Za-z][\w ]*", str(key)) or any(c in str(value) for c in '"\n\r'):
            raise RecordError(f"cannot write the header tag {key!r}: {value!r}")
        lines.append(f'; [{key} "{value}"]')
    if lines:
        lines.append("")
    lines += [f" {length} point match", ""]
    white = black = 0
    for number, game in enumerate(games, 1):
        if game.start != rules.initial_position():
            raise RecordError(f"game {number} starts from a set-up position, which .mat files cannot record")
        entries = _entries(game, number)
        result = game.result()
        if not entries and result is None and number == len(games) and number > 1:
            break  # the next game of the match, not begun
        score_left = f"{left_name} : {white}"
        gap = "" if len(score_left) < 31 else " "
        lines += [f" Game {number}", f" {score_left:<31}{gap}{right_name} : {black}"]
        lines += _rows(entries)
        if result is not None:
            if result.winner is None:
                raise RecordError(f"game {number} is a draw, which .mat files cannot record")
            if result.winner == Player.WHITE:
                white += result.points
            else:
                black += result.points
            ends = length > 0 and max(white, black) >= length
            indent = _WINS_LEFT if result.winner == Player.WHITE else _WINS_RIGHT
            lines.append(f"{indent}Wins {_points(result.points)}{' and the match' if ends else ''}")
        lines.append("")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading


_Kind = Literal["roll", "double", "beaver", "take", "drop", "wins"]


@attrs.frozen
class _Entry:
    line: int
    player: Player
    kind: _Kind
    dice: tuple[int, int] = (0, 0)
    text: str = ""  # the moves of a roll
    value: int = 0  # the cube offered, or the points won
    and_match: bool = False


@attrs.define
class _GameText:
    line: int  # of the "Game K" line
    number: int
    score_line: int = 0
    names: tuple[str, str] = ("", "")
    score: tuple[int, int] = (0, 0)
    entries: list[_Entry] = attrs.Factory(list)


_MATCH_LINE = re.compile(r"^\s*(-?\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE_LINE = re.compile(r"^\s*(?P<n1>\S.*?)\s*:\s*(?P<s1>\d+)\s+(?P<n2>\S.*?)\s*:\s*(?P<s2>\d+)\s*$")
_ROW = re.compile(r"^\s*(\d+)\)(.*)$")
_TAG = re.compile(r'^\[\s*(?P<key>[A-Za-z][\w ]*?)\s+"(?P<value>[^"]*)"\s*\]$')
_DICE = re.compile(r"^([1-6])([1-6]):(.*)$")
_LOOKS_LIKE_DICE = re.compile(r"^\d*:")
_WORDS: dict[str, _Kind] = {
    "double": "double",
    "doubles": "double",
    "redouble": "double",
    "redoubles": "double",
    "beaver": "beaver",
    "beavers": "beaver",
    "take": "take",
    "takes": "take",
    "drop": "drop",
    "drops": "drop",
    "win": "wins",
    "wins": "wins",
}
_CUBE_VALUE = re.compile(r"^(?:=>\s*)?(\d+)?$")
_WINS = re.compile(r"^(\d+)\s+points?(\s+and\s+the\s+match)?\.?$", re.IGNORECASE)


def _tokens(text: str, offset: int, lineno: int) -> list[tuple[int, _Kind, list[str]]]:
    """Split a line into entries: (column, kind, the words after the keyword or dice)."""
    entries: list[tuple[int, _Kind, list[str]]] = []
    for m in re.finditer(r"\S+", text):
        word = m.group()
        column = offset + m.start()
        dice = _DICE.match(word)
        if dice:
            words = [f"{dice.group(1)}{dice.group(2)}"]
            if dice.group(3):
                words.append(dice.group(3))
            entries.append((column, "roll", words))
        elif word.lower() in _WORDS:
            entries.append((column, _WORDS[word.lower()], []))
        elif _LOOKS_LIKE_DICE.match(word):
            raise RecordError(
                f"line {lineno}: cannot read the roll {word!r}: a roll is two dice 1-6 and a colon, like '52:'"
            )
        elif entries:
            entries[-1][2].append(word)
        else:
            raise RecordError(f"line {lineno}: cannot read {word!r}: expected a roll like '52:', or a cube action")
    return entries


def _entry(lineno: int, player: Player, kind: _Kind, words: list[str]) -> _Entry:
    rest = " ".join(words[1:] if kind == "roll" else words)
    if kind == "roll":
        return _Entry(lineno, player, kind, (int(words[0][0]), int(words[0][1])), rest)
    if kind in ("double", "beaver"):
        m = _CUBE_VALUE.match(rest)
        if not m:
            raise RecordError(f"line {lineno}: cannot read the cube action {kind!r} {rest!r}: expected 'Doubles => 2'")
        return _Entry(lineno, player, kind, value=int(m.group(1) or 0))
    if kind in ("take", "drop"):
        if rest:
            raise RecordError(f"line {lineno}: unexpected {rest!r} after {'Takes' if kind == 'take' else 'Drops'}")
        return _Entry(lineno, player, kind)
    m = _WINS.match(rest)
    if not m:
        raise RecordError(f"line {lineno}: cannot read 'Wins {rest}': expected 'Wins N point(s)'")
    return _Entry(lineno, player, kind, value=int(m.group(1)), and_match=bool(m.group(2)))


def _parse(text: str) -> tuple[int, dict[str, str], list[str], list[_GameText]]:
    """The syntax of a .mat file: length, tags, comments and the games' entries."""
    if not isinstance(text, str):
        raise RecordError(f"a .mat file is text (str), not {type(text).__name__}")
    lines = text.lstrip("\ufeff").splitlines()
    tags: dict[str, str] = {}
    comments: list[str] = []
    length: int | None = None
    games: list[_GameText] = []
    game: _GameText | None = None
    row_number = 0
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            body = stripped[1:].strip()
            if body.lower().startswith("set pos"):
                raise RecordError(f"line {lineno}: set-up positions ('; Set Pos=') are not supported")
            tag = _TAG.match(body)
            if length is None and tag:
                tags[tag.group("key")] = tag.group("value")
            elif length is None and body:
                comments.append(body)
            continue
        if length is None:
            m = _MATCH_LINE.match(line)
            if not m:
                raise RecordError(f"line {lineno}: expected the header ' N point match' (0 for money), got {line!r}")
            length = int(m.group(1))
            if length < 0:
                raise RecordError(f"line {lineno}: the match length cannot be negative ({length})")
            continue
        m = _GAME_LINE.match(line)
        if m:
            number = int(m.group(1))
            if number != len(games) + 1:
                raise RecordError(f"line {lineno}: expected Game {len(games) + 1}, got Game {number}")
            game = _GameText(lineno, number)
            games.append(game)
            row_number = 0
            continue
        if game is None:
            raise RecordError(f"line {lineno}: expected ' Game 1', got {line!r}")
        if not game.score_line:
            m = _SCORE_LINE.match(line)
            if not m:
                raise RecordError(
                    f"line {lineno}: expected the players and the score, like ' Alice : 0    Bob : 0', got {line!r}"
                )
            game.score_line = lineno
            game.names = (m.group("n1"), m.group("n2"))
            game.score = (int(m.group("s1")), int(m.group("s2")))
            continue
        row = _ROW.match(line)
        if row:
            number = int(row.group(1))
            if number != row_number + 1:
                raise RecordError(f"line {lineno}: expected move number {row_number + 1}, got {number})")
            row_number = number
            found = _tokens(row.group(2), row.start(2), lineno)
            if len(found) > 2:
                raise RecordError(f"line {lineno}: more than two entries on one line")
            if len(found) == 2:
                players = [Player.WHITE, Player.BLACK]
            elif found and found[0][0] - row.end(1) - 1 > _RIGHT_GAP:
                players = [Player.BLACK]
            else:
                players = [Player.WHITE]
            for (_, kind, words), player in zip(found, players):
                game.entries.append(_entry(lineno, player, kind, words))
            continue
        found = _tokens(line, 0, lineno)
        if len(found) != 1 or found[0][1] != "wins":
            raise RecordError(f"line {lineno}: cannot read {stripped!r}: expected a numbered line or 'Wins N points'")
        column, kind, words = found[0]
        player = Player.BLACK if column >= _RIGHT_COLUMN else Player.WHITE
        game.entries.append(_entry(lineno, player, kind, words))
    if length is None:
        raise RecordError("not a .mat file: no ' N point match' header")
    if game is not None and not game.score_line:
        raise RecordError(f"line {game.line}: Game {game.number} has no line with the players and the score")
    return length, tags, comments, games


# --------------------------------------------------------------------------- replay


_KINDS = {1: "oin", 2: "mars", 3: "koks"}


class _Replay:
    """Replays one game's entries into a :class:`Game`."""

    def __init__(self, match: Match, text: _GameText, names: tuple[str, str]) -> None:
        self.match = match
        self.rules = match.rules
        self.text = text
        self.names = names
        template = match.game  # the game Match made: its Crawford flag and its first player
        self.crawford = template.crawford
        self.first = template.pending.first_player if template.opening is None else None
        self.game: Game | None = None
        self.unplayed: _Entry | None = None  # a roll with no play: a resignation must follow
        self.beaver = False
        self.won: _Entry | None = None

    def who(self, player: Player) -> str:
        return f"{self.names[player]} ({_COLUMN[player]})"

    def fail(self, entry: _Entry, message: str) -> RecordError:
        return RecordError(f"line {entry.line}: {message}")

    def start(self, entry: _Entry) -> Game:
        try:
            if self.first is not None:
                return Game(self.rules, first=self.first, crawford=self.crawford)
            if self.rules.option("opening_roll") != "use_opening_dice":
                return Game(self.rules, first=entry.player, crawford=self.crawford)
            if entry.kind != "roll":
                raise self.fail(
                    entry, f"Game {self.text.number} must start with the opening roll, like '52: 13/8 13/11'"
                )
            a, b = entry.dice
            if a == b:
                raise self.fail(entry, f"the opening roll cannot be a double ({a}{b})")
            high, low = max(a, b), min(a, b)
            opening = (high, low) if entry.player == Player.WHITE else (low, high)
            return Game(self.rules, opening=opening, crawford=self.crawford)
        except RecordError:
            raise
        except NardyError as exc:
            raise self.fail(entry, str(exc)) from None

    def run(self) -> Game:
        game = self.game
        for entry in self.text.entries:
            try:
                if game is None:
                    game = self.game = self.start(entry)
                    if entry.kind == "roll" and game.opening is not None:
                        self.play(game, entry)  # the opening roll's play
                        continue
                self.apply(game, entry)
            except RecordError:
                raise
            except NardyError as exc:
                raise self.fail(entry, str(exc)) from None
        if game is None:  # a game with no entries at all
            raise RecordError(f"line {self.text.line}: Game {self.text.number} has no moves")
        return game

    def apply(self, game: Game, entry: _Entry) -> None:
        player = entry.player
        if self.won is not None:
            raise self.fail(entry, f"the game already ended at line {self.won.line}")
        if self.unplayed is not None and entry.kind != "wins":
            u = self.unplayed
            raise self.fail(
                entry,
                f"{self.who(u.player)} rolled {u.dice[0]}{u.dice[1]} at line {u.line} but no play is given "
                "(a roll without moves is only a pass, a forced play, or a roll before resigning)",
            )
        if entry.kind == "wins":
            self.wins(game, entry)
            return
        if game.is_over():
            raise self.fail(entry, "the game is already over")
        pending = game.pending
        if entry.kind == "roll":
            if pending.phase == "cube" and self.beaver and game.turn == player:
                game.take()  # after a beaver, the doubler's roll says it took (gnubg)
                self.beaver = False
            self.expect(game, entry, "roll", f"roll {entry.dice[0]}{entry.dice[1]}")
            game.roll(entry.dice)
            self.play(game, entry)
        elif entry.kind == "double":
            self.expect(game, entry, "roll", "double")
            offer = game.double()
            if entry.value and entry.value != offer:
                raise self.fail(entry, f"the file says 'Doubles => {entry.value}', but the cube goes to {offer}")
        elif entry.kind == "beaver":
            self.expect(game, entry, "cube", "beaver")
            offer = game.beaver()
            if entry.value and entry.value != offer:
                raise self.fail(entry, f"the file says 'Beavers => {entry.value}', but the cube goes to {offer}")
            self.beaver = True
        elif entry.kind == "take":
            self.expect(game, entry, "cube", "take")
            game.take()
            self.beaver = False
        else:
            self.expect(game, entry, "cube", "drop")
            game.drop()

    def expect(self, game: Game, entry: _Entry, phase: str, action: str) -> None:
        pending = game.pending
        if game.turn != entry.player:
            raise self.fail(
                entry, f"{self.who(entry.player)} cannot {action}: it is {self.who(game.turn)}'s turn"
            )
        if pending.phase != phase:
            if pending.phase == "cube":
                why = "a double must be answered first (Takes or Drops)"
            elif pending.phase == "roll":
                why = "no double has been offered"
            else:
                why = "the game is over"
            raise self.fail(entry, f"{self.who(entry.player)} cannot {action}: {why}")

    def play(self, game: Game, entry: _Entry) -> None:
        moves = entry.text.strip()
        low = moves.lower()
        roll = f"{entry.dice[0]}{entry.dice[1]}"
        if low.startswith("illegal play"):
            raise self.fail(entry, "Snowie's 'Illegal play' records are not supported")
        if low.strip("?") == "" and low:
            self.unplayed = entry  # rolled, not played (XG writes '???')
            return
        legal = game.legal_plays()
        if low in ("", "cannot move", "can't move", "no move", "pass"):
            if len(legal) == 1:
                game.play(legal[0])  # a pass, or the one forced play
            elif low:
                raise self.fail(
                    entry, f"{self.who(entry.player)} has legal plays with {roll}, but the file says {moves!r}"
                )
            else:
                self.unplayed = entry
            return
        try:
            game.play(moves)
        except NardyError as exc:
            raise self.fail(entry, f"{self.who(entry.player)} cannot play {moves!r} with {roll}: {exc}") from None

    def wins(self, game: Game, entry: _Entry) -> None:
        winner = entry.player
        result = game.result()
        if result is None:  # neither a bear-off nor a drop: the other player resigned
            self.unplayed = None
            result = game.resign(winner.other)
            if result.points != entry.value:
                # resigned for less (or more) than the position is worth: the file's value stands
                game.undo()
                cube = game.cube
                stake = entry.value // cube
                if stake not in _KINDS or stake * cube != entry.value:
                    raise self.fail(
                        entry,
                        f"{self.who(entry.player)} cannot win {_points(entry.value)} by a resignation "
                        f"with the cube at {cube}",
                    )
                result = game.resign(winner.other, stake)
        elif result.winner != winner or result.points != entry.value:
            got = "a draw" if result.winner is None else f"{self.who(result.winner)} wins {_points(result.points)}"
            raise self.fail(
                entry, f"the file says {self.who(winner)} wins {_points(entry.value)}, but replaying gives {got}"
            )
        self.won = entry


def read_mat(text: str, rules: RuleSet | None = None) -> MatFile:
    """Read a ``.mat`` file: the match replayed through ``rules`` (default:
    ``nardy.ruleset("short", cube=True)``), the names, the header tags and comments.

    Raises :class:`nardy.records.RecordError` with the line number of the first
    thing that cannot be read or is not legal.
    """
    if rules is None:
        rules = ruleset("short", cube=True)
    elif not isinstance(rules, RuleSet):
        raise RecordError(f"rules must be a nardy RuleSet, not {rules!r}")
    _check_short(rules)
    length, tags, comments, games = _parse(text)
    variation = tags.get("Variation")
    if variation is not None and variation.strip().lower() not in ("backgammon", "standard"):
        raise RecordError(f"the variation {variation!r} is not supported (only standard backgammon)")
    crawford = tags.get("Crawford", "On").strip().lower() not in ("off", "no", "false", "0")
    if not games:
        raise RecordError("the file has no games (no ' Game 1' line)")
    names = games[0].names
    match = Match(rules, length, seed=0, crawford=crawford)
    for index, text_game in enumerate(games):
        last = index == len(games) - 1
        where = f"line {text_game.score_line}"
        if text_game.names != names:
            raise RecordError(
                f"{where}: the players are {text_game.names[0]!r} and {text_game.names[1]!r}, "
                f"but Game 1 has {names[0]!r} and {names[1]!r}"
            )
        if index:
            previous = match.game
            if previous.result() is None:
                raise RecordError(
                    f"line {text_game.line}: Game {text_game.number - 1} is not finished, "
                    f"but Game {text_game.number} follows"
                )
            if match.is_over():
                white, black = match.score
                raise RecordError(f"line {text_game.line}: the match is already over ({white}-{black})")
        expected = match.score
        if text_game.score != expected:
            raise RecordError(
                f"{where}: the score line says {text_game.score[0]}-{text_game.score[1]}, "
                f"but the games before give {expected[0]}-{expected[1]}"
            )
        if not text_game.entries and last and index:
            break  # an empty last game: the match stops after the previous one
        if index:
            match.next_game()
        game = _Replay(match, text_game, names).run()
        match.games[-1] = game
        ends = [e for e in text_game.entries if e.kind == "wins" and e.and_match]
        if ends and not match.is_over():
            raise RecordError(f"line {ends[0].line}: 'and the match', but the match is not over")
    return MatFile(match, names, dict(tags), tuple(comments))


def import_mat(text: str, rules: RuleSet | None = None) -> Match:
    """The match in a ``.mat`` file, every game replayed through ``rules``
    (default: ``nardy.ruleset("short", cube=True)``); see :func:`read_mat`.

    The left column becomes White, the right column Black.
    """
    return read_mat(text, rules).match
