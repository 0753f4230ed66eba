"""Matches to N points and money sessions: a series of games of one ruleset.

>>> import nardy
>>> from nardy.agents import RandomAgent, play_game
>>> match = nardy.Match(nardy.ruleset("short"), length=3, seed=5)
>>> bots = {nardy.WHITE: RandomAgent(seed=1), nardy.BLACK: RandomAgent(seed=2)}
>>> while not match.is_over():
...     result = play_game(match.game, bots)
...     match.next_game()
>>> max(match.score) >= 3, match.winner in (nardy.WHITE, nardy.BLACK)
(True, True)
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

from nardy.core import Player, Result
from nardy.errors import GameStateError, OptionError, shown
from nardy.game import Game
from nardy.rules.base import RuleSet

__all__ = ["Match", "MAX_POINTS"]

#: the longest match, and the most points a score holds at its start (as many as a
#: ``.mat`` file's nine digits can write)
MAX_POINTS = 999_999_999


class Match:
    """A match to ``length`` points (``length=0``: a money session with no end).

    Each game is a :class:`~nardy.Game`; when it is over, :meth:`next_game`
    adds its points to the winner's score and starts the next one. Who starts
    the next game follows the ruleset option ``next_game_first``: a new opening
    roll (``"opening_roll"``), the players taking turns (``"alternate"``), or
    the previous game's winner (``"winner"``; after a draw, an opening roll).

    With ``crawford=True`` (the default, short family only) the game after a
    player first reaches ``length - 1`` points is played without the cube.
    Dice come from one RNG seeded with ``seed``: the same seed and the same
    choices replay the same match.

    ``score`` starts the match at a score other than 0-0 (a match file that
    begins in the middle of a match). When exactly one player then needs one
    point, the first game is the Crawford game unless ``crawford_game=False``
    says it was played before.

    >>> import nardy
    >>> match = Match(nardy.ruleset("short"), length=7, score=(6, 3))
    >>> match.score, match.is_crawford_game()
    ((6, 3), True)
    """

    def __init__(
        self,
        rules: RuleSet,
        length: int = 0,
        *,
        seed: int | None = None,
        crawford: bool = True,
        score: tuple[int, int] = (0, 0),
        crawford_game: bool | None = None,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise GameStateError(f"a Match needs a RuleSet (see nardy.ruleset), not {shown(rules)}")
        if type(length) is not int or not 0 <= length <= MAX_POINTS:
            raise OptionError(
                f"a match length is an int 0..{MAX_POINTS:,} (0: money session), not {shown(length)}"
            )
        if seed is not None and type(seed) is not int:
            raise GameStateError(f"a seed is an int (or None for dice nobody can predict), not {shown(seed)}")
        _check_flag("crawford", crawford)
        if crawford_game is not None:
            _check_flag("crawford_game", crawford_game)
        self.rules = rules
        self.length = length
        self.crawford = crawford and rules.family == "short" and length > 0
        #: seeds the games of a seeded match; without a seed, every game's dice
        #: come from the operating system's secure source
        self.rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        start = _check_score(score, length)
        #: every game so far, the current one last
        self.games: list[Game] = []
        self._scores: list[tuple[int, int]] = [start]  # score before each game
        # the Crawford game has been played, or is being played
        self._crawford_done = self.crawford and max(start) == length - 1
        needs_one = self.crawford and (start[0] == length - 1) != (start[1] == length - 1)
        first_crawford = needs_one if crawford_game is None else crawford_game and needs_one
        self._start_game(first=None, crawford_game=first_crawford)

    @classmethod
    def from_games(
        cls,
        rules: RuleSet,
        length: int,
        games: list[Game],
        *,
        crawford: bool = True,
        score: tuple[int, int] = (0, 0),
        seed: int | None = None,
    ) -> Match:
        """A match made of ``games`` already played (every one finished but the
        last), starting at ``score``: for records and match files.

        >>> import nardy
        >>> game = nardy.Game(nardy.ruleset("short"), first=nardy.WHITE)
        >>> _ = game.resign()
        >>> Match.from_games(nardy.ruleset("short"), 5, [game]).score
        (0, 3)
        """
        if not isinstance(games, (list, tuple)) or not games or not all(isinstance(g, Game) for g in games):
            raise GameStateError(f"a match is made of a list of one or more Games, not {shown(games)}")
        match = cls(rules, length, seed=seed, crawford=crawford, score=score)
        first_crawford = match.game.crawford  # (what the starting score makes of game 1)
        match.games.clear()
        match._scores = []
        running = match._scores
        before = _check_score(score, length)
        crawford_done = match._crawford_done  # (the starting score may have used it)
        for number, game in enumerate(games, 1):
            if game.rules != rules:
                raise GameStateError(f"game {number} is played by other rules than the match's")
            if number > 1:
                _check_next(match, games[number - 2], game, number, before, crawford_done)
            elif game.crawford != first_crawford:
                said = "must be" if first_crawford else "must not be"
                raise GameStateError(f"game 1 {said} the Crawford game at the score {before[0]}-{before[1]}")
            crawford_done = crawford_done or game.crawford
            match.games.append(game)
            running.append(before)
            if number < len(games):
                if game.result() is None:
                    raise GameStateError(f"game {number} is not finished, but another game follows")
                before = match.score
        match._crawford_done = crawford_done
        return match

    def __repr__(self) -> str:
        """What the match is and where it stands: ruleset, length, score, game.

        >>> import nardy
        >>> Match(nardy.ruleset("short"), length=5, seed=1)
        <nardy.Match short to 5: 0-0, game 1 (black to play 5-1, 0 plays, cube 1)>
        """
        length = f"to {self.length}" if self.length else "for money"
        white, black = self.score
        game = repr(self.game).split(": ", 1)[1].rstrip(">")
        return f"<nardy.Match {self.rules.name} {length}: {white}-{black}, game {len(self.games)} ({game})>"

    # -- state -------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The current game."""
        return self.games[-1]

    @property
    def score(self) -> tuple[int, int]:
        """Points of (White, Black) including the current game if it is over."""
        white, black = self._scores[-1]
        result = self.game.result()
        if result is not None and result.winner is not None:
            if result.winner == Player.WHITE:
                white += result.points
            else:
                black += result.points
        return white, black

    def is_over(self) -> bool:
        """True once a player has reached the match length (never for money play)."""
        return self.length > 0 and max(self.score) >= self.length

    @property
    def winner(self) -> Player | None:
        """The match winner, once the match is over."""
        if not self.is_over():
            return None
        white, black = self.score
        return Player.WHITE if white > black else Player.BLACK

    def is_crawford_game(self) -> bool:
        """Whether the current game is the Crawford game (no doubling)."""
        return self.game.crawford

    @property
    def results(self) -> tuple[Result, ...]:
        """The results of the finished games, in order (like :attr:`scores`).

        ``match.results()``, the method this was, still works for one release,
        with a :class:`DeprecationWarning`.

        >>> import nardy
        >>> match = Match(nardy.ruleset("short"), length=5, seed=1)
        >>> match.results
        ()
        >>> _ = match.game.resign(nardy.WHITE); _ = match.next_game()
        >>> match.results
        (Result(winner=<Player.BLACK: 1>, points=3, kind='koks', ending='resign', cube=1),)
        """
        return _Results(result for game in self.games if (result := game.result()) is not None)

    # -- flow --------------------------------------------------------------

    def next_game(self) -> Game | None:
        """Score the finished current game and start the next one (``None`` once
        the match is over)."""
        game = self.game
        result = game.result()
        if result is None:
            raise GameStateError("the current game is not over yet")
        if self.is_over():
            return None
        score = self.score
        rule = self.rules.option("next_game_first")
        first: Player | None = None
        if rule == "alternate":
            started = game.pending.first_player
            first = started.other if started is not None else None
        elif rule == "winner":
            first = result.winner
        crawford_game = False
        if self.crawford and not self._crawford_done and max(score) == self.length - 1:
            crawford_game = True
            self._crawford_done = True
        self._scores.append(score)
        self._start_game(first, crawford_game)
        return self.game

    def _start_game(self, first: Player | None, crawford_game: bool) -> None:
        seed = None if type(self.rng) is random.SystemRandom else self.rng.getrandbits(64)
        self.games.append(Game(self.rules, seed=seed, first=first, crawford=crawford_game))

    @property
    def scores(self) -> tuple[tuple[int, int], ...]:
        """The score before each game of :attr:`games`, (White, Black)."""
        return tuple(self._scores)


def _check_next(
    match: Match, last: Game, game: Game, number: int, before: tuple[int, int], crawford_done: bool
) -> None:
    """Raise :class:`GameStateError` unless ``game`` is what :meth:`Match.next_game`
    starts after ``last`` at the score ``before``: no game after the end of the match,
    the Crawford game where the rule puts it, and the first player of
    ``next_game_first`` (when it names one)."""
    at = f"{before[0]}-{before[1]}"
    if match.length and max(before) >= match.length:
        raise GameStateError(f"game {number} follows the end of the match at {at} (a match to {match.length})")
    crawford_game = match.crawford and not crawford_done and max(before) == match.length - 1
    if game.crawford != crawford_game:
        said = "must be" if crawford_game else "must not be"
        raise GameStateError(f"game {number} {said} the Crawford game at the score {at}")
    rule = match.rules.option("next_game_first")
    result = last.result()
    started = last.pending.first_player
    first = (
        started.other if rule == "alternate" and started is not None
        else result.winner if rule == "winner" and result is not None
        else None
    )
    opened = game.pending.first_player
    if first is not None and opened is not None and opened != first:
        raise GameStateError(f"game {number} is begun by {opened}, but next_game_first={rule!r} has {first} begin it")


class _Results(tuple[Result, ...]):
    """The results of a match's games: a tuple that can still be called as the
    method :attr:`Match.results` was (deprecated)."""

    __slots__ = ()

    def __call__(self) -> Iterator[Result]:
        warnings.warn(
            "nardy.Match.results() is deprecated; use nardy.Match.results, a tuple (like Match.scores)",
            DeprecationWarning,
            stacklevel=2,
        )
        return iter(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (tuple(self),)  # a copy or a pickle is a plain tuple


def _check_flag(name: str, value: object) -> None:
    if type(value) is not bool:
        raise OptionError(f"{name} is True or False, not {shown(value)}")


def _check_score(score: object, length: int) -> tuple[int, int]:
    if (
        type(score) is not tuple
        or len(score) != 2
        or any(type(v) is not int or not 0 <= v <= MAX_POINTS for v in score)
    ):
        raise OptionError(f"a score is two ints 0..{MAX_POINTS:,} (White, Black), not {shown(score)}")
    if length and max(score) >= length:
        raise OptionError(f"a match to {length} is over at {score[0]}-{score[1]}")
    return score[0], score[1]
