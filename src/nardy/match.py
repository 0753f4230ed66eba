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
from collections.abc import Iterator

from nardy.core import Player, Result
from nardy.errors import GameStateError, OptionError
from nardy.game import Game
from nardy.rules.base import RuleSet

__all__ = ["Match"]


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
    """

    def __init__(
        self,
        rules: RuleSet,
        length: int = 0,
        *,
        seed: int | None = None,
        crawford: bool = True,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise GameStateError(f"a Match needs a RuleSet (see nardy.ruleset), not {rules!r}")
        if type(length) is not int or length < 0:
            raise OptionError(f"a match length is an int >= 0 (0: money session), not {length!r}")
        self.rules = rules
        self.length = length
        self.crawford = bool(crawford) and rules.family == "short" and length > 0
        self.rng = random.Random(seed)
        #: every game so far, the current one last
        self.games: list[Game] = []
        self._scores: list[tuple[int, int]] = []  # score before each game
        self._crawford_done = False
        self._start_game(first=None, crawford_game=False)

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

    def results(self) -> Iterator[Result]:
        """The results of the finished games, in order."""
        for game in self.games:
            result = game.result()
            if result is not None:
                yield result

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
        self._start_game(first, crawford_game, score)
        return self.game

    def _start_game(
        self, first: Player | None, crawford_game: bool, score: tuple[int, int] = (0, 0)
    ) -> None:
        if not self._scores:
            self._scores.append(score)
        seed = self.rng.getrandbits(64)
        self.games.append(Game(self.rules, seed=seed, first=first, crawford=crawford_game))
