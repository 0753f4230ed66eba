"""Jellyfish ``.mat`` match files, as GNU Backgammon and eXtreme Gammon read and
write them (short family only).

:func:`to_mat` writes a :class:`~nardy.Match` (or one :class:`~nardy.Game`)
and :func:`from_mat` reads a file back into a match. :class:`MatFile` keeps
what else a file holds (the players' names, the header tags and comments):
:meth:`MatFile.from_string` reads a file into one and :meth:`MatFile.to_string`
writes it back.

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
  player, worth ``N`` points: what the position is worth when that is ``N``,
  else a single game, gammon or backgammon of ``N`` points at the cube.
* ``Resigns gammon`` (or ``single game``, ``backgammon``) in the loser's
  column before the ``Wins`` line names the kind resigned where the points do
  not: with the Jacoby rule before the cube is turned, or without gammons in
  cube play, every resignation is worth the cube, so ``Wins 1 point`` alone
  reads as what the position is worth. nardy writes it only then; gnubg skips
  entries that start with ``Resign``, and reads the points.

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
with its line number (a message repeats at most 60 characters of the file;
numbers of more than 9 digits are refused). Nothing else escapes the reader.

**Matches that start mid-match.** The first game's score line is where the
match starts (``Alice : 1   Bob : 0`` in a 7-point match: Alice leads 1-0), as
gnubg imports such files; every later score line is checked against the
replayed results. When exactly one player needs one point at the start, the
first game is the Crawford game, as gnubg reads it, unless it doubles: then
the Crawford game was played before the file starts (gnubg keeps the doubles
of such a game, but marks it as the Crawford game). Either way no later game is
the Crawford game. Writing a match that started mid-match writes its starting
score, so the file reads back as the same match.

**Damaged files.** By default the first problem is an error.
``from_mat(text, lenient=True)`` (or ``MatFile.from_string``) imports what can be
imported and issues one :class:`MatRepairWarning` per repair (the message
starts with ``line N:``), also listed in :attr:`MatFile.repairs`. Repairs
only drop or reinterpret what the file says; they never invent a play:

* A line that cannot be read outside the games (before the header, before
  ``Game 1``) is skipped. Game and move numbers out of sequence are read in the
  file's order. A later game with other names keeps Game 1's names.
* An entry that cannot be read (a roll like ``74:``, an unknown word, a
  ``; Set Pos=`` line) or not replayed (an illegal or unreadable play,
  Snowie's ``Illegal play``, a roll whose moves were not written followed by
  more entries, a cube action out of turn or not allowed) **stops its game
  there** (gnubg stops the whole import there): the rest of the game is
  skipped, except its ``Wins`` line, which ends the game as a resignation by
  the other player, as for any game that ends without a bear-off or a drop.
  What was replayed before the damaged entry is kept (a roll whose play is
  lost stays rolled and unplayed).
* ``Wins N`` that disagrees with a bear-off or a drop: the replayed result
  stands. ``Wins N`` that no resignation can be worth at that cube (``Wins 100
  points`` at a 2-cube): read as gnubg does, a single game if ``N`` is at most
  the cube, a gammon if at most twice the cube, otherwise a backgammon. A
  ``Doubles => N`` or ``Beavers => N`` with the wrong value: the cube takes
  its legal value. ``and the match`` before the match is over is ignored.
* A game with no result followed by another game ends as a resignation when
  the next score line says who won it (exactly one player gained points);
  otherwise the import stops there, that game kept unfinished as the match's
  last. A later score line that disagrees with the replayed results: the
  replayed score stands.
* A game that cannot start (no moves, or a first entry that is not an opening
  roll) is dropped, and so are the games after the end of the match (gnubg
  ignores them too).

Still errors, lenient or not: no ``N point match`` header, a negative or
too large match length, a first score line at which the match is already over,
an unsupported ``Variation``, a set-up position before the first game, and a
file in which no game can be read.

What the format cannot hold: a game started from a set-up position, the
one-die opening roll of rulesets that re-roll after it (``opening_roll="reroll"``:
the file starts with the starter's own roll), draws, and plays of the long family.

>>> import nardy
>>> from nardy.matfile import from_mat, to_mat
>>> game = nardy.Game(nardy.ruleset("short", cube=True), opening=(2, 5))
>>> _ = game.play("13/8 13/11"); _ = game.roll((6, 4)); _ = game.play("24/18 13/9")
>>> text = to_mat(game, ("Alice", "Bob"))
>>> print(text, end="")  # doctest: +NORMALIZE_WHITESPACE
 0 point match
<BLANKLINE>
 Game 1
 Alice : 0                      Bob : 0
  1)                             52: 13/8 13/11
  2) 64: 24/18 13/9
<BLANKLINE>
>>> again = from_mat(text).game
>>> again.history == game.history and again.position == game.position
True
"""

from __future__ import annotations

import inspect
import re
import warnings
from collections.abc import Mapping, Sequence
from typing import Final, Literal

import attrs

from nardy.core import Play, Player, Result
from nardy.errors import NardyError, format_dice, shown
from nardy.game import CubeEvent, Event, Game, PlayEvent, ResignEvent, RollEvent
from nardy.match import Match
from nardy.notation import format_point
from nardy.records import RecordError
from nardy.rules import ruleset
from nardy.rules.base import RuleSet

__all__ = ["MatFile", "MatRepairWarning", "to_mat", "from_mat"]

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
    """A ``.mat`` file: the match, the players' names (left, right: White,
    Black), the header tags (``; [Key "Value"]``) and the other header comment
    lines, and what a lenient reading repaired. :meth:`from_string` reads a
    file, :meth:`to_string` writes one.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("short", cube=True), opening=(2, 5))
    >>> _ = game.play("13/8 13/11")
    >>> text = to_mat(game, ("Alice", "Bob"), tags={"Site": "Club"})
    >>> mat = MatFile.from_string(text)
    >>> mat.names, dict(mat.tags), mat.match.games[0].history == game.history
    (('Alice', 'Bob'), {'Site': 'Club'}, True)
    >>> mat.to_string() == text
    True
    """

    match: Match
    names: tuple[str, str]
    tags: Mapping[str, str]
    comments: tuple[str, ...]
    #: what a lenient reading repaired, one message per repair (as warned)
    repairs: tuple[str, ...] = ()

    @classmethod
    def from_string(cls, text: str, rules: RuleSet | None = None, *, lenient: bool = False) -> MatFile:
        """Read a ``.mat`` file: the match replayed through ``rules`` (default:
        ``nardy.ruleset("short", cube=True)``), the names, the header tags and comments.

        Raises :class:`nardy.records.RecordError` with the line number of the first
        thing that cannot be read or is not legal. With ``lenient=True`` it imports
        what can be imported instead: each repair (see the module's documentation)
        is issued as a :class:`MatRepairWarning` and listed in
        :attr:`MatFile.repairs`; what cannot be repaired is still an error.

        >>> text = '; [Event "Club night"]\\n 1 point match\\n Game 1\\n A : 0  B : 0\\n  1) 31: 8/5 6/5'
        >>> mat = MatFile.from_string(text)
        >>> mat.tags, mat.names, str(mat.match.game.history[0].play)
        ({'Event': 'Club night'}, ('A', 'B'), '8/5 6/5')
        """
        mat = _read(text, rules, _lenient(lenient))
        _warn(mat.repairs)
        return mat

    def to_string(self) -> str:
        """The ``.mat`` text of the file: :func:`to_mat` of its ``match`` with
        its ``names`` and ``tags``, and its ``comments`` as ``;`` lines after
        the tags. A lenient reading's repairs are not written: the text is that
        of the repaired match.

        >>> mat = MatFile.from_string("; A friendly\\n 0 point match\\n Game 1\\n A : 0  B : 0\\n  1) 31: 8/5 6/5")
        >>> print(mat.to_string(), end="")  # doctest: +NORMALIZE_WHITESPACE
        ; A friendly
        <BLANKLINE>
         0 point match
        <BLANKLINE>
         Game 1
         A : 0                          B : 0
          1) 31: 8/5 6/5
        <BLANKLINE>
        """
        return _write(self.match, self.names, self.tags, self.comments)


class MatRepairWarning(UserWarning):
    """A repair made by a lenient reading (``from_mat(text, lenient=True)``): the
    message starts with the line number and says what was wrong and what was done."""


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
        elif isinstance(event, ResignEvent):
            # the winner's "Wins" line says the points; the kind only where the
            # points would read as another resignation
            word = _resignation_word(game, event, number)
            if word:
                out.append((event.player, f" Resigns {word}"))
        i += 1
    return out


def _resignation_word(game: Game, event: ResignEvent, number: int) -> str:
    """What a game that ended with the resignation ``event`` must say besides
    its ``Wins`` line to be read back as the same result: "" when the points
    say it, else the kind resigned (``gammon``)."""
    result = game.result()
    assert result is not None  # a resignation ends the game
    before = game.clone()
    before.undo()
    winner = event.player.other
    stake, _ = _read_resignation(before, winner, result.points)
    if before.resign(event.player, stake) == result:
        return ""
    if event.stake not in _RESIGNED:
        raise RecordError(
            f"game {number}: {event.player} resigned at stake {event.stake}, which a .mat file cannot hold "
            "(a single game, a gammon or a backgammon)"
        )
    return _RESIGNED[event.stake]


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
        raise RecordError(f"a player's name must be a non-empty str, not {shown(name)}")
    if ":" in name or "\n" in name or "\r" in name or name != name.strip():
        raise RecordError(
            f"a player's name in a .mat file cannot contain ':', line breaks or outer spaces: {shown(name)}"
        )
    return name


def _start_score(match: Match) -> tuple[int, int]:
    """The score before a match's first game (not 0-0 for a match read from a
    file that starts mid-match)."""
    white, black = match.score
    for result in match.results:
        if result.winner == Player.WHITE:
            white -= result.points
        elif result.winner == Player.BLACK:
            black -= result.points
    return white, black


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def to_mat(
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

    >>> import nardy
    >>> match = nardy.Match(nardy.ruleset("short", cube=True), length=1, seed=3)
    >>> _ = match.game.play(match.game.legal_plays()[0])
    >>> print(to_mat(match, ("Alice", "Bob")), end="")  # doctest: +NORMALIZE_WHITESPACE
    ; [Crawford "On"]
    <BLANKLINE>
     1 point match
    <BLANKLINE>
     Game 1
     Alice : 0                      Bob : 0
      1) 62: 24/18 24/22
    <BLANKLINE>
    """
    return _write(match, names, tags, ())


def _write(
    match: Match | Game,
    names: Sequence[str],
    tags: Mapping[str, str] | None,
    comments: Sequence[str],
) -> str:
    if isinstance(match, Match):
        games = [game.clone() for game in match.games]  # each in one consistent state
        length = match.length
        crawford: bool | None = match.crawford if length > 0 else None
        rules = match.rules
        white, black = _start_score(match)
    elif isinstance(match, Game):
        games = [match.clone()]
        length = 0
        crawford = None
        rules = match.rules
        white = black = 0
    else:
        raise RecordError(f"only a Match or a Game can be written as .mat, not {type(match).__name__}")
    _check_short(rules)
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2:
        raise RecordError(f"names must be a pair of str (left/White, right/Black), not {shown(names)}")
    left_name, right_name = _check_name(names[0]), _check_name(names[1])
    lines = _header_lines(tags, comments, crawford)
    lines += [f" {length} point match", ""]
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
            white, black = _score_after(result, number, white, black)
            ends = length > 0 and max(white, black) >= length
            indent = _WINS_LEFT if result.winner == Player.WHITE else _WINS_RIGHT
            lines.append(f"{indent}Wins {_points(result.points)}{' and the match' if ends else ''}")
        lines.append("")
    return "\n".join(lines) + "\n"


def _header_lines(tags: Mapping[str, str] | None, comments: Sequence[str], crawford: bool | None) -> list[str]:
    """The lines before the match header: the tags (``Crawford`` added for a match
    that has not got it) and the comments, each checked to be writable."""
    if tags is not None and not isinstance(tags, Mapping):
        raise RecordError(f"tags must be a mapping of str to str (key: value), not {shown(tags)}")
    header: dict[str, str] = dict(tags or {})
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in header.items()):
        raise RecordError(f"tags must be a mapping of str to str (key: value), not {shown(tags)}")
    if isinstance(comments, str) or not isinstance(comments, Sequence):
        raise RecordError(f"comments must be a sequence of str, not {shown(comments)}")
    if crawford is not None:
        header.setdefault("Crawford", "On" if crawford else "Off")
    lines: list[str] = []
    for key, value in header.items():
        if not re.fullmatch(r"[A-Za-z][\w ]*", str(key)) or any(c in str(value) for c in '"\n\r'):
            raise RecordError(f"cannot write the header tag {shown(key)}: {shown(value)}")
        lines.append(f'; [{key} "{value}"]')
    for comment in comments:
        if not _writable_comment(comment):
            raise RecordError(f"cannot write the header comment {shown(comment)}")
        lines.append(f"; {comment.strip()}")
    if lines:
        lines.append("")
    return lines


def _writable_comment(comment: object) -> bool:
    """Whether ``comment`` can be a comment line that reads back as itself (one line
    of text that is no tag and no set-up position)."""
    return (
        isinstance(comment, str)
        and bool(comment.strip())
        and not any(c in comment for c in "\n\r")
        and not _TAG.match(comment.strip())
        and not comment.strip().lower().startswith("set pos")
    )


def _score_after(result: Result, number: int, white: int, black: int) -> tuple[int, int]:
    """The score after game ``number`` that ended with ``result`` (a draw cannot be written)."""
    if result.winner is None:
        raise RecordError(f"game {number} is a draw, which .mat files cannot record")
    if result.winner == Player.WHITE:
        return white + result.points, black
    return white, black + result.points


# --------------------------------------------------------------------------- reading


_Kind = Literal["roll", "double", "beaver", "take", "drop", "resign", "wins", "bad"]


@attrs.frozen
class _Entry:
    line: int
    player: Player
    kind: _Kind
    dice: tuple[int, int] = (0, 0)
    text: str = ""  # the moves of a roll; for "bad", why the entry cannot be read
    value: int = 0  # the cube offered, the points won, or the stake resigned
    and_match: bool = False


@attrs.define
class _GameText:
    line: int  # of the "Game K" line
    number: int
    score_line: int = 0  # 0: none
    names: tuple[str, str] | None = None
    score: tuple[int, int] | None = None
    entries: list[_Entry] = attrs.Factory(list)
    looked: bool = False  # the line after "Game K" was read, as the score line or not


class _Notes:
    """The problems a reading finds: raised at once (strict reading), or repaired
    and noted (lenient reading)."""

    def __init__(self, lenient: bool) -> None:
        self.lenient = lenient
        self.repairs: list[tuple[int, str]] = []

    def problem(self, line: int, message: str, repair: str) -> None:
        if not self.lenient:
            raise RecordError(f"line {line}: {message}")
        self.repairs.append((line, f"line {line}: {message}; {repair}"))

    def messages(self) -> tuple[str, ...]:
        return tuple(text for _, text in sorted(self.repairs, key=lambda note: note[0]))


_MATCH_LINE = re.compile(r"^\s*(-?[0-9]+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*game\s+([0-9]+)\s*$", re.IGNORECASE)
_ROW = re.compile(r"^\s*([0-9]+)\)(.*)$")
_TAG = re.compile(r'^\[\s*(?P<key>[A-Za-z]\w*(?: \w+)*)\s+"(?P<value>[^"]*)"\s*\]$')
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
    "resign": "resign",
    "resigns": "resign",
    "win": "wins",
    "wins": "wins",
}
_CUBE_VALUE = re.compile(r"^(?:=>\s*)?([0-9]+)?$")
_WINS = re.compile(r"^([0-9]+)\s+points?(\s+and\s+the\s+match)?\.?$", re.IGNORECASE)


#: the most characters of the file an error message repeats
_ECHO: Final = 60
#: numbers in a .mat file have at most this many digits (leading zeros aside)
_MAX_DIGITS: Final = 9
#: the longest moves text of one roll (gnubg's column is 27 characters wide)
_MAX_MOVES: Final = 60


def _clip(text: str, limit: int = _ECHO) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quote(text: str) -> str:
    """``repr(text)``, cut to a readable length (escapes count)."""
    shown = repr(text)
    if len(shown) <= _ECHO + 2:
        return shown
    cut = text[:_ECHO]
    while len(repr(cut + "…")) > _ECHO + 2:
        cut = cut[:-1]
    return repr(cut + "…")


def _int(digits: str) -> int | None:
    """The value of a string of ASCII digits, or None when it has too many digits
    to be a number of a .mat file (``int()`` itself refuses 4,300 digits)."""
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= _MAX_DIGITS else None


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _score_line(line: str) -> tuple[tuple[str, str], tuple[int, int]] | str:
    """The names and scores of a line `` Name1 : 3     Name2 : 0``, or why it is not one."""
    parts = line.split(":")
    if len(parts) == 3:
        name1 = parts[0].strip()
        middle = parts[1].split(None, 1)
        second = parts[2].strip()
        if name1 and len(middle) == 2 and _digits(middle[0]) and _digits(second) and middle[1].strip():
            s1, s2 = _int(middle[0]), _int(second)
            if s1 is None or s2 is None:
                too_big = middle[0] if s1 is None else second
                return f"the score {_clip(too_big, 20)} is too large"
            return (name1, middle[1].strip()), (s1, s2)
    return f"expected the players and the score, like ' Alice : 0    Bob : 0', got {_quote(line)}"


def _tokens(text: str, offset: int) -> tuple[list[tuple[int, _Kind, list[str]]], str | None]:
    """Split a line into entries: (column, kind, the words after the keyword or
    dice), and what stopped the reading when a word cannot be read."""
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
            return entries, f"cannot read the roll {_quote(word)}: a roll is two dice 1-6 and a colon, like '52:'"
        elif entries:
            entries[-1][2].append(word)
        else:
            return entries, f"cannot read {_quote(word)}: expected a roll like '52:', or a cube action"
    return entries, None


def _entry(lineno: int, player: Player, kind: _Kind, words: list[str]) -> _Entry:
    """One entry; a "bad" one saying why when its words cannot be read."""
    rest = " ".join(words[1:] if kind == "roll" else words)
    if kind == "roll":
        if len(rest) > _MAX_MOVES and not rest.lower().startswith("illegal play"):
            return _Entry(lineno, player, "bad", text=f"cannot read {_quote(rest)}: too long for the moves of one roll")
        return _Entry(lineno, player, kind, (int(words[0][0]), int(words[0][1])), rest[:_MAX_MOVES])
    if kind in ("double", "beaver"):
        m = _CUBE_VALUE.match(rest)
        value = _int(m.group(1) or "0") if m else None
        if value is None:
            return _Entry(
                lineno, player, "bad",
                text=f"cannot read the cube action {shown(kind)} {_quote(rest)}: expected 'Doubles => 2'",
            )
        return _Entry(lineno, player, kind, value=value)
    if kind in ("take", "drop"):
        if rest:
            said = "Takes" if kind == "take" else "Drops"
            return _Entry(lineno, player, "bad", text=f"unexpected {_quote(rest)} after {said}")
        return _Entry(lineno, player, kind)
    if kind == "resign":
        stake = _STAKES.get(" ".join(rest.lower().split()))
        if stake is None:
            return _Entry(
                lineno, player, "bad",
                text=f"cannot read 'Resigns {_clip(rest, 30)}': expected Resigns single game, gammon or backgammon",
            )
        return _Entry(lineno, player, kind, value=stake)
    m = _WINS.match(rest)
    value = _int(m.group(1)) if m else None
    if m is None or value is None:
        why = "expected 'Wins N point(s)'" if m is None else "the number is too large"
        return _Entry(lineno, player, "bad", text=f"cannot read {_quote('Wins ' + rest)}: {why}")
    return _Entry(lineno, player, kind, value=value, and_match=bool(m.group(2)))


def _parse(text: str, notes: _Notes) -> tuple[int, dict[str, str], list[str], list[_GameText]]:
    """The syntax of a .mat file: length, tags, comments and the games' entries.

    An entry that cannot be read is an error; in a lenient reading it becomes a
    "bad" entry, where the replay of its game stops."""
    if not isinstance(text, str):
        raise RecordError(f"a .mat file is text (str), not {type(text).__name__}")
    parser = _Parser(notes)
    for lineno, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        parser.read(lineno, raw.rstrip())
    return parser.finish()


class _Parser:
    """The syntax of a .mat file read line by line: the header, the tags and
    comments before it, then each game's score line and entries."""

    def __init__(self, notes: _Notes) -> None:
        self.notes = notes
        self.tags: dict[str, str] = {}
        self.comments: list[str] = []
        self.length: int | None = None
        self.games: list[_GameText] = []
        self.game: _GameText | None = None
        self.row_number = 0

    def finish(self) -> tuple[int, dict[str, str], list[str], list[_GameText]]:
        if self.length is None:
            raise RecordError("not a .mat file: no ' N point match' header")
        if self.game is not None:
            self.close(self.game)
        return self.length, self.tags, self.comments, self.games

    # -- lines ---------------------------------------------------------------

    def read(self, lineno: int, line: str) -> None:
        """Read one line (without its trailing spaces)."""
        stripped = line.strip()
        if not stripped:
            return
        if stripped[0] in ";#":
            self.comment(lineno, stripped[1:].strip())
            return
        if self.length is None:
            self.header(lineno, line)
            return
        game_line = _GAME_LINE.match(line)
        if game_line:
            self.start_game(lineno, game_line)
        elif self.game is None:
            self.notes.problem(lineno, f"expected ' Game 1', got {_quote(line)}", "the line is skipped")
        else:
            self.game_line(self.game, lineno, line, stripped)

    def comment(self, lineno: int, body: str) -> None:
        """A line after ``;`` or ``#``: a tag or a comment before the header."""
        if body.lower().startswith("set pos"):
            message = "set-up positions ('; Set Pos=') are not supported"
            if self.game is None:
                raise RecordError(f"line {lineno}: {message}")
            self.damage(self.game, lineno, Player.WHITE, message)
            return
        tag = _TAG.match(body)
        if self.length is None and tag:
            self.tags[tag.group("key")] = tag.group("value")
        elif self.length is None and body:
            self.comments.append(body)

    def header(self, lineno: int, line: str) -> None:
        """The line `` N point match``, or a line skipped while it is looked for."""
        m = _MATCH_LINE.match(line)
        if not m:
            self.notes.problem(
                lineno,
                f"expected the header ' N point match' (0 for money), got {_quote(line)}",
                "the line is skipped",
            )
            return
        digits = m.group(1)
        value = _int(digits.lstrip("-"))
        if value is None:
            raise RecordError(f"line {lineno}: the match length {_clip(digits, 20)} is too large")
        if digits.startswith("-") and value:
            raise RecordError(f"line {lineno}: the match length cannot be negative ({_clip(digits, 20)})")
        self.length = value

    def start_game(self, lineno: int, game_line: re.Match[str]) -> None:
        """A line `` Game N``."""
        if self.game is not None:
            self.close(self.game)
        number = len(self.games) + 1
        if _int(game_line.group(1)) != number:
            self.notes.problem(
                lineno, f"expected Game {number}, got Game {_clip(game_line.group(1), 20)}", f"read as Game {number}"
            )
        self.game = _GameText(lineno, number)
        self.games.append(self.game)
        self.row_number = 0

    def game_line(self, game: _GameText, lineno: int, line: str, stripped: str) -> None:
        """A line of a game: its score line, a numbered row, or a ``Wins`` line."""
        row = _ROW.match(line)
        if not game.looked and self.score_line(game, lineno, line, row is not None):
            return
        if row:
            self.row(game, lineno, row)
        else:
            self.last_line(game, lineno, line, stripped)

    def score_line(self, game: _GameText, lineno: int, line: str, is_row: bool) -> bool:
        """The first line of a game after `` Game N``, where its score line belongs:
        whether the line is done with (the score line, or a line skipped)."""
        game.looked = True
        found_score = _score_line(line)
        if not isinstance(found_score, str):
            game.score_line = lineno
            game.names, game.score = found_score
            return True
        skipped = "" if is_row else "the line is skipped and "
        self.notes.problem(lineno, found_score, f"{skipped}Game {game.number} is read without a score line")
        return not is_row

    def row(self, game: _GameText, lineno: int, row: re.Match[str]) -> None:
        """A numbered line: White's entry, Black's, or both."""
        self.row_number += 1
        if _int(row.group(1)) != self.row_number:
            self.notes.problem(
                lineno,
                f"expected move number {self.row_number}, got {_clip(row.group(1), 20)})",
                "the lines are read in the file's order",
            )
        found, bad = _tokens(row.group(2), row.start(2))
        if len(found) > 2:
            found, bad = found[:2], "more than two entries on one line"
        players = _row_players(found, row)
        entries = zip(found, players, strict=False)
        readable = all(self.add(game, _entry(lineno, p, kind, words)) for (_, kind, words), p in entries)
        if readable and bad is not None:
            self.damage(game, lineno, players[-1] if found else Player.WHITE, bad)

    def last_line(self, game: _GameText, lineno: int, line: str, stripped: str) -> None:
        """A line that is not numbered: only ``Wins N points`` may be one."""
        found, bad = _tokens(line, 0)
        if bad is None and (len(found) != 1 or found[0][1] != "wins"):
            bad = f"cannot read {_quote(stripped)}: expected a numbered line or 'Wins N points'"
        if bad is not None:
            self.damage(game, lineno, Player.WHITE, bad)
            return
        column, kind, words = found[0]
        player = Player.BLACK if column >= _RIGHT_COLUMN else Player.WHITE
        self.add(game, _entry(lineno, player, kind, words))

    # -- entries -------------------------------------------------------------

    def damage(self, game: _GameText, lineno: int, player: Player, message: str) -> None:
        """An entry that cannot be read: an error, or in a lenient reading a "bad" entry."""
        if not self.notes.lenient:
            raise RecordError(f"line {lineno}: {message}")
        game.entries.append(_Entry(lineno, player, "bad", text=message))

    def add(self, game: _GameText, entry: _Entry) -> bool:
        """Add ``entry`` to ``game``; whether it could be read."""
        if entry.kind == "bad":
            self.damage(game, entry.line, entry.player, entry.text)
            return False
        game.entries.append(entry)
        return True

    def close(self, game: _GameText) -> None:
        """The end of a game: one without a score line says so."""
        if not game.looked:
            game.looked = True
            self.notes.problem(
                game.line,
                f"Game {game.number} has no line with the players and the score",
                "the game is read without one",
            )


def _row_players(found: list[tuple[int, _Kind, list[str]]], row: re.Match[str]) -> list[Player]:
    """Whose entries a numbered line holds: both players', or one entry, Black's when
    it stands in the right column."""
    if len(found) == 2:
        return [Player.WHITE, Player.BLACK]
    if found and found[0][0] - row.end(1) - 1 > _RIGHT_GAP:
        return [Player.BLACK]
    return [Player.WHITE]


# --------------------------------------------------------------------------- replay


_KINDS = {1: "oin", 2: "mars", 3: "koks"}
_RESIGNED = {1: "single game", 2: "gammon", 3: "backgammon"}
_STAKES = {word: stake for stake, word in _RESIGNED.items()}


def _read_resignation(game: Game, winner: Player, value: int) -> tuple[int | None, tuple[str, str] | None]:
    """How a ``Wins`` line of ``value`` points ends ``game`` (not over) as a
    resignation by the other player: the stake resigned (``None``: what the
    position is worth, when that is ``value``), and when no resignation is
    worth ``value`` at this cube, what is wrong and how it is read. The game
    is left as it was."""
    loser = winner.other
    worth = game.resign(loser).points
    game.undo()
    if worth == value:
        return None, None
    cube = game.cube
    stake = value // cube
    stakes = [level for level in game.rules.stakes() if level in _KINDS]  # the levels a file and the rules have
    if stake in stakes and stake * cube == value:
        return stake, None
    # no resignation is worth that: read it as gnubg does, up to the ruleset's highest level
    stake = min(1 if value <= cube else 2 if value <= 2 * cube else 3, max(stakes))
    read = game.resign(loser, stake).points
    game.undo()
    problem = f"cannot win {_points(value)} by a resignation with the cube at {cube}"
    repair = f"read as a resignation of a {_RESIGNED[stake]} ({_points(read)})"
    return (None if worth == read else stake), (problem, repair)


class _Stop(Exception):
    """An entry the replay cannot take (internal: it never leaves this module)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(line, message)
        self.line = line
        self.message = message


def _cannot_start(text: _GameText, rules: RuleSet, opens: bool) -> tuple[int, str] | None:
    """Why ``text`` cannot start a game (its line, the reason), if it cannot.
    ``opens``: the game starts with an opening roll (not a given first player)."""
    if not text.entries:
        return text.line, f"Game {text.number} has no moves"
    if not opens or rules.option("opening_roll") != "use_opening_dice":
        return None
    entry = text.entries[0]
    if entry.kind == "bad":
        return entry.line, entry.text
    if entry.kind != "roll":
        return entry.line, f"Game {text.number} must start with the opening roll, like '52: 13/8 13/11'"
    a, b = entry.dice
    if a == b:
        return entry.line, f"the opening roll cannot be a double ({a}{b})"
    return None


def _crawford_first(length: int, crawford: bool, score: tuple[int, int], text: _GameText) -> bool:
    """Whether a match's first game, at ``score``, is the Crawford game. As gnubg
    reads .mat files: when exactly one player needs one point. Unless the game
    doubles: then the Crawford game was played before the file starts."""
    if not crawford or (score[0] == length - 1) == (score[1] == length - 1):
        return False
    return not any(entry.kind in ("double", "beaver") for entry in text.entries)


def _start_match(rules: RuleSet, length: int, crawford: bool, score: tuple[int, int]) -> Match:
    """A match whose first game starts at ``score``."""
    return Match(rules, length, seed=0, crawford=crawford, score=score)


def _winner_by_score(before: tuple[int, int], after: tuple[int, int]) -> tuple[Player, int] | None:
    """Who won the game between two score lines, and how many points, when
    exactly one player gained points."""
    white, black = after[0] - before[0], after[1] - before[1]
    if white > 0 and black == 0:
        return Player.WHITE, white
    if black > 0 and white == 0:
        return Player.BLACK, black
    return None


class _Replay:
    """Replays one game's entries into a :class:`Game`."""

    def __init__(
        self,
        rules: RuleSet,
        text: _GameText,
        names: tuple[str, str],
        notes: _Notes,
        *,
        crawford: bool,
        first: Player | None,
    ) -> None:
        self.rules = rules
        self.text = text
        self.names = names
        self.notes = notes
        self.crawford = crawford
        self.first = first  # the player who starts, when the game has no opening roll
        self.unplayed: _Entry | None = None  # a roll with no play: a resignation must follow
        self.beaver = False
        self.won: _Entry | None = None
        self.cut = False  # a lenient reading skips the rest of the game (but its "Wins" line)

    def who(self, player: Player) -> str:
        return f"{_clip(self.names[player], 30)} ({_COLUMN[player]})"

    def fail(self, entry: _Entry, message: str) -> _Stop:
        return _Stop(entry.line, message)

    def start(self, entry: _Entry) -> Game:
        """The game, started by its first entry (which :func:`_cannot_start` accepted)."""
        try:
            if self.first is not None:
                return Game(self.rules, first=self.first, crawford=self.crawford)
            if self.rules.option("opening_roll") != "use_opening_dice":
                return Game(self.rules, first=entry.player, crawford=self.crawford)
            a, b = entry.dice
            high, low = max(a, b), min(a, b)
            opening = (high, low) if entry.player == Player.WHITE else (low, high)
            return Game(self.rules, opening=opening, crawford=self.crawford)
        except NardyError as exc:
            raise RecordError(f"line {entry.line}: {exc}") from None

    def run(self) -> Game:
        entries = self.text.entries
        game = self.start(entries[0])
        for index, entry in enumerate(entries):
            if self.cut and (entry.kind != "wins" or self.won is not None):
                continue
            try:
                if index == 0 and game.opening is not None:
                    self.play(game, entry)  # the opening roll's play
                else:
                    self.apply(game, entry)
            except _Stop as stop:
                self.damaged(game, stop.line, stop.message, entries[index + 1 :])
            except RecordError:
                raise
            except NardyError as exc:
                self.damaged(game, entry.line, str(exc), entries[index + 1 :])
        return game

    def damaged(self, game: Game, line: int, message: str, after: list[_Entry]) -> None:
        """An entry the replay cannot take: an error, or (lenient) the game stops there."""
        if not self.notes.lenient:
            raise RecordError(f"line {line}: {message}") from None
        rest = f"the rest of Game {self.text.number} is skipped"
        wins = next((entry for entry in after if entry.kind == "wins"), None)
        if wins is not None and self.won is None and not game.is_over():
            rest += f"; its 'Wins' line (line {wins.line}) ends it"
        self.notes.problem(line, message, rest)
        self.cut = True

    def apply(self, game: Game, entry: _Entry) -> None:
        player = entry.player
        if self.won is not None:
            raise self.fail(entry, f"the game already ended at line {self.won.line}")
        if entry.kind == "bad":
            raise self.fail(entry, entry.text)
        if self.unplayed is not None and entry.kind not in ("resign", "wins"):
            u = self.unplayed
            raise self.fail(
                entry,
                f"{self.who(u.player)} rolled {format_dice(u.dice)} at line {u.line} but no play is given "
                "(a roll without moves is only a pass, a forced play, or a roll before resigning)",
            )
        if entry.kind == "wins":
            self.wins(game, entry)
            return
        if game.is_over():
            raise self.fail(entry, "the game is already over")
        if entry.kind == "resign":  # the kind resigned, where the points alone do not say it
            self.unplayed = None
            game.resign(player, entry.value)
            return
        pending = game.pending
        if entry.kind == "roll":
            if pending.phase == "cube" and self.beaver and game.turn == player:
                game.take()  # after a beaver, the doubler's roll says it took (gnubg)
                self.beaver = False
            self.expect(game, entry, "roll", f"roll {format_dice(entry.dice)}")
            game.roll(entry.dice)
            self.play(game, entry)
        elif entry.kind == "double":
            self.expect(game, entry, "roll", "double")
            offer = game.double()
            if entry.value and entry.value != offer:
                self.notes.problem(
                    entry.line,
                    f"the file says 'Doubles => {entry.value}', but the cube goes to {offer}",
                    f"the cube goes to {offer}",
                )
        elif entry.kind == "beaver":
            self.expect(game, entry, "cube", "beaver")
            offer = game.beaver()
            if entry.value and entry.value != offer:
                self.notes.problem(
                    entry.line,
                    f"the file says 'Beavers => {entry.value}', but the cube goes to {offer}",
                    f"the cube goes to {offer}",
                )
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
        roll = format_dice(entry.dice)
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
                    entry, f"{self.who(entry.player)} has legal plays with {roll}, but the file says {_quote(moves)}"
                )
            else:
                self.unplayed = entry
            return
        try:
            game.play(moves)
        except NardyError as exc:
            raise self.fail(entry, f"{self.who(entry.player)} cannot play {_quote(moves)} with {roll}: {exc}") from None

    def wins(self, game: Game, entry: _Entry) -> None:
        winner = entry.player
        result = game.result()
        if result is None:  # neither a bear-off nor a drop: the other player resigned
            self.unplayed = None
            self.resign(game, winner, entry.value, entry.line)
        elif result.winner != winner or result.points != entry.value:
            got = "a draw" if result.winner is None else f"{self.who(result.winner)} wins {_points(result.points)}"
            self.notes.problem(
                entry.line,
                f"the file says {self.who(winner)} wins {_points(entry.value)}, but replaying gives {got}",
                "the replayed result stands",
            )
        self.won = entry

    def resign(self, game: Game, winner: Player, value: int, line: int) -> None:
        """End ``game`` with a resignation that gives ``winner`` ``value`` points:
        what the position is worth when that is ``value``, else a resignation
        of that many points (the file's value stands)."""
        stake, problem = _read_resignation(game, winner, value)
        if problem is not None:
            self.notes.problem(line, f"{self.who(winner)} {problem[0]}", problem[1])
        game.resign(winner.other, stake)


def _read(text: str, rules: RuleSet | None, lenient: bool) -> MatFile:
    if rules is None:
        rules = ruleset("short", cube=True)
    elif not isinstance(rules, RuleSet):
        raise RecordError(f"rules must be a nardy RuleSet, not {shown(rules)}")
    _check_short(rules)
    notes = _Notes(lenient)
    length, tags, comments, games = _parse(text, notes)
    crawford = _crawford_tag(tags)
    if not games:
        raise RecordError("the file has no games (no ' Game 1' line)")
    names = next((game.names for game in games if game.names is not None), ("White", "Black"))
    opens_next = rules.option("next_game_first") == "opening_roll"
    match: Match | None = None  # made with the first game that can be read
    dropped: list[str] = []
    for index, text_game in enumerate(games):
        number = text_game.number
        last = index == len(games) - 1
        _check_names(text_game, names, notes)
        if match is not None and _stops_before(match, text_game, last, notes):
            break
        cannot = _cannot_start(text_game, rules, match is None or opens_next)
        if cannot is not None:
            notes.problem(cannot[0], cannot[1], f"Game {number} is dropped")
            dropped.append(f"Game {number}, line {cannot[0]}: {cannot[1]}")
            continue
        if match is None:
            match = _first_match(rules, length, crawford, text_game)
        else:
            match.next_game()
        template = match.game  # the game Match made: its Crawford flag and its first player
        replay = _Replay(
            rules,
            text_game,
            names,
            notes,
            crawford=(
                _crawford_first(length, match.crawford, match.score, text_game)
                if len(match.games) == 1
                else template.crawford
            ),
            first=template.pending.first_player if template.opening is None else None,
        )
        game = replay.run()
        match.games[-1] = game
        if game.result() is None and not last and not _resigned_by_score(match, replay, game, games[index + 1]):
            break
        ends = [entry for entry in text_game.entries if entry.kind == "wins" and entry.and_match]
        if ends and not match.is_over():
            notes.problem(ends[0].line, "'and the match', but the match is not over", "the words are ignored")
    if match is None:
        raise RecordError(f"no game of the file can be read ({dropped[0]})")
    return MatFile(match, names, dict(tags), tuple(comments), notes.messages())


def _crawford_tag(tags: dict[str, str]) -> bool:
    """Whether the file's match has a Crawford game (its tag ``Crawford``, on unless
    said otherwise); a variation other than backgammon is refused."""
    variation = tags.get("Variation")
    if variation is not None and variation.strip().lower() not in ("backgammon", "standard"):
        raise RecordError(f"the variation {_quote(variation)} is not supported (only standard backgammon)")
    return tags.get("Crawford", "On").strip().lower() not in ("off", "no", "false", "0")


def _check_names(text_game: _GameText, names: tuple[str, str], notes: _Notes) -> None:
    """A game's score line that names other players than Game 1's is a problem."""
    if text_game.names is not None and text_game.names != names:
        notes.problem(
            text_game.score_line,
            f"the players are {_quote(text_game.names[0])} and {_quote(text_game.names[1])}, "
            f"but Game 1 has {_quote(names[0])} and {_quote(names[1])}",
            "the names of Game 1 are kept",
        )


def _stops_before(match: Match, text_game: _GameText, last: bool, notes: _Notes) -> bool:
    """Whether the match stops before ``text_game`` (it is over, or the game is an
    empty last one); a score line that disagrees with the games before is a problem."""
    if match.is_over():
        white, black = match.score
        notes.problem(
            text_game.line,
            f"the match is already over ({white}-{black})",
            f"Game {text_game.number} and the games after it are dropped",
        )
        return True
    expected = match.score
    if text_game.score is not None and text_game.score != expected:
        notes.problem(
            text_game.score_line,
            f"the score line says {text_game.score[0]}-{text_game.score[1]}, "
            f"but the games before give {expected[0]}-{expected[1]}",
            f"the score {expected[0]}-{expected[1]} stands",
        )
    return not text_game.entries and last  # an empty last game: the match stops after the previous one


def _first_match(rules: RuleSet, length: int, crawford: bool, text_game: _GameText) -> Match:
    """The match that the first game that can be read starts, at its score line's score."""
    start = text_game.score or (0, 0)
    if length and max(start) >= length:
        raise RecordError(
            f"line {text_game.score_line}: the score line says {start[0]}-{start[1]}, "
            f"but the match is to {_points(length)}: it would be over already"
        )
    return _start_match(rules, length, crawford, start)


def _resigned_by_score(match: Match, replay: _Replay, game: Game, following: _GameText) -> bool:
    """``game`` is not finished but ``following`` comes after it: whether the next
    game's score line tells a resignation that ends it (then it is ended so), or
    else the match stops there."""
    unfinished = f"Game {replay.text.number} is not finished, but Game {following.number} follows"
    found = None if following.score is None else _winner_by_score(match.score, following.score)
    if found is None:
        replay.notes.problem(
            following.line,
            unfinished,
            f"the match stops there: Game {replay.text.number} is kept unfinished and the rest of the file is dropped",
        )
        return False
    winner, points = found
    replay.notes.problem(
        following.line,
        unfinished,
        f"its score line gives {replay.who(winner)} {_points(points)}: "
        f"Game {replay.text.number} ends with a resignation by {replay.who(winner.other)}",
    )
    replay.resign(game, winner, points, following.score_line)
    return True


def _warn(repairs: tuple[str, ...]) -> None:
    """Issue each repair as a :class:`MatRepairWarning` at the line that called
    into this module (through any number of this module's functions)."""
    level = 1
    frame = inspect.currentframe()
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
        level += 1
    for message in repairs:
        warnings.warn(MatRepairWarning(message), stacklevel=level)


def from_mat(text: str, rules: RuleSet | None = None, *, lenient: bool = False) -> Match:
    """The match in a ``.mat`` file, every game replayed through ``rules``
    (default: ``nardy.ruleset("short", cube=True)``); see
    :meth:`MatFile.from_string` for the names, tags and comments too.

    The left column becomes White, the right column Black. Raises
    :class:`nardy.records.RecordError` with the line number of the first thing
    that cannot be read or is not legal; with ``lenient=True`` each repair is a
    :class:`MatRepairWarning` instead (see the module's documentation).

    >>> text = " 3 point match\\n Game 1\\n Alice : 0   Bob : 0\\n  1) 52: 13/8 13/11   64: 24/18 13/9"
    >>> match = from_mat(text)
    >>> match.length, match.game.turn, [str(event.play) for event in match.game.history[::2]]
    (3, <Player.WHITE: 0>, ['13/11 13/8', '24/18 13/9'])
    """
    mat = _read(text, rules, _lenient(lenient))
    _warn(mat.repairs)
    return mat.match


def _lenient(value: object) -> bool:
    if type(value) is not bool:
        raise RecordError(f"lenient is True or False, not {shown(value)}")
    return value


# --------------------------------------------------------------------------- deprecated names


def export_mat(
    match: Match | Game,
    names: Sequence[str] = ("White", "Black"),
    *,
    tags: Mapping[str, str] | None = None,
) -> str:
    """Deprecated: use :func:`to_mat` (kept for one release)."""
    warnings.warn("nardy.matfile.export_mat is deprecated; use nardy.matfile.to_mat", DeprecationWarning, stacklevel=2)
    return to_mat(match, names, tags=tags)


def import_mat(text: str, rules: RuleSet | None = None, *, lenient: bool = False) -> Match:
    """Deprecated: use :func:`from_mat` (kept for one release)."""
    warnings.warn(
        "nardy.matfile.import_mat is deprecated; use nardy.matfile.from_mat", DeprecationWarning, stacklevel=2
    )
    return from_mat(text, rules, lenient=lenient)


def read_mat(text: str, rules: RuleSet | None = None, *, lenient: bool = False) -> MatFile:
    """Deprecated: use :meth:`MatFile.from_string` (kept for one release)."""
    warnings.warn(
        "nardy.matfile.read_mat is deprecated; use nardy.matfile.MatFile.from_string", DeprecationWarning, stacklevel=2
    )
    return MatFile.from_string(text, rules, lenient=lenient)
