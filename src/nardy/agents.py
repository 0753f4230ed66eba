"""Built-in players: a random one and a simple greedy one.

An agent picks one of ``game.legal_plays()``. They serve self-play, tests and
as baselines for stronger bots.

>>> import nardy
>>> from nardy.agents import GreedyAgent, RandomAgent, play_game
>>> game = nardy.Game(nardy.ruleset("short"), seed=1)
>>> result = play_game(game, {nardy.WHITE: GreedyAgent(), nardy.BLACK: RandomAgent(seed=1)})
>>> result.kind in ("oin", "mars", "koks")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from nardy._ratings import rate, rate_all
from nardy.core import CHANCE_OUTCOMES, CHECKERS, Play, Player, Position, Result
from nardy.errors import GameStateError, InvalidPositionError, NardyError, shown
from nardy.game import Game

__all__ = [
    "Agent",
    "RandomAgent",
    "GreedyAgent",
    "ExpectimaxAgent",
    "AGENTS",
    "play_game",
    "evaluate",
    "race_lead",
]


class Agent(Protocol):
    """Anything with a name that chooses a play for the player to move.

    An agent may also define ``wants_double(game) -> bool`` (asked before its
    roll when it may double) and ``accepts_double(game) -> bool`` (asked when
    doubled); without them it never doubles and always takes.
    """

    name: str

    def choose(self, game: Game) -> Play: ...


def _check_rating(pos: object, player: object) -> None:
    """:class:`~nardy.NardyError` unless ``pos`` is a Position and ``player`` a Player.
    (The position's fields are trusted: a rating runs for every candidate play.)"""
    if not isinstance(pos, Position):
        raise InvalidPositionError(f"expected a Position, not {shown(pos)}")
    if type(player) is not Player:
        raise InvalidPositionError(f"player must be Player.WHITE or Player.BLACK, not {shown(player)}")


def _check_game(game: object) -> Game:
    if not isinstance(game, Game):
        raise NardyError(f"an agent plays a nardy Game, not {shown(game)}")
    return game


def race_lead(pos: Position, player: Player) -> float:
    """How far ``player`` leads the race, as a share of its own pip count."""
    _check_rating(pos, player)
    try:
        mine = pos.pips(player)
        return (pos.pips(player.other) - mine) / max(mine, 1)
    except Exception:
        pos.validate()  # a position built by hand that cannot exist says so
        raise


class RandomAgent:
    """Chooses uniformly among the legal plays (seeded)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and type(seed) is not int:
            raise NardyError(f"seed must be an int or None, not {shown(seed)}")
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Play:
        # the play at a random index of the afterstates: the play rng.choice would
        # pick from legal_plays() (the same draw, the same order), built alone
        after = _check_game(game).afterstates()
        count = len(after)
        return after.play(0 if count == 1 else self.rng.randrange(count))


class GreedyAgent:
    """Chooses the play whose resulting position :func:`evaluate` rates best (the
    first of them in the order of ``game.legal_plays()``), rating the game's
    :meth:`~nardy.Game.afterstates` in one pass."""

    name = "greedy"

    def wants_double(self, game: Game) -> bool:
        """Double when 15% ahead in the race."""
        return race_lead(_check_game(game).position, game.turn) > 0.15

    def accepts_double(self, game: Game) -> bool:
        """Take unless 25% behind in the race."""
        return race_lead(_check_game(game).position, game.turn) > -0.25

    def choose(self, game: Game) -> Play:
        after = _check_game(game).afterstates()
        if len(after) == 1:
            return after.play(0)
        # the afterstates, one per play in the order of legal_plays(): rated as they
        # are (a rating does not read whose turn it is), the first of the best chosen,
        # and only its play built
        values = rate_all(after, game.turn)
        return after.play(values.index(max(values)))


class ExpectimaxAgent(GreedyAgent):
    """One-ply expectimax over the opponent's reply: each candidate play is rated
    by the average, over the opponent's 21 rolls weighted by their chances, of
    :func:`evaluate` after the opponent's best reply (as the opponent would rate
    it). Only the ``candidates`` plays that :func:`evaluate` rates best are
    searched. Slower than :class:`GreedyAgent` by about two orders of magnitude.
    """

    name = "expectimax"

    def __init__(self, candidates: int = 6) -> None:
        if type(candidates) is not int or candidates < 1:
            raise NardyError(f"candidates must be a positive int, not {shown(candidates)}")
        self.candidates = candidates

    def choose(self, game: Game) -> Play:
        plays = _check_game(game).legal_plays()
        if len(plays) == 1:
            return plays[0]
        mover = game.turn
        rules = game.rules
        ratings = rate_all(game.afterstates(), mover)
        ranked = sorted(range(len(plays)), key=ratings.__getitem__, reverse=True)
        best, best_value = plays[ranked[0]], float("-inf")
        for index in ranked[: self.candidates]:
            play = plays[index]
            pos = game.position_after(play)  # whose turn it is next, as the game's turn flow says
            if pos.off(mover) == CHECKERS:
                return play
            if pos.turn == mover:  # the turn goes on (a re-roll, a stage): rate it as it stands
                value = evaluate(pos, mover)
            else:
                value = 0.0
                for roll, chance in CHANCE_OUTCOMES:
                    # the opponent's replies as positions: no Play objects needed
                    replies = rules.afterstates(pos, roll)
                    theirs = rate_all(replies, mover.other)
                    value += chance * rate(replies[theirs.index(max(theirs))], mover)
            if value > best_value:
                best, best_value = play, value
        return best


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "expectimax": ExpectimaxAgent,
}


def evaluate(pos: Position, player: Player) -> float:
    """A hand-made rating of ``pos`` for ``player`` (higher is better).

    Short family: race lead in pips, checkers borne off, points made (more for
    the home board), opposing checkers on the bar, minus exposed blots.
    Long family: race lead, checkers borne off, points held, the longest run of
    held points, checkers brought past the opponent's head, minus checkers left
    on the head.
    """
    _check_rating(pos, player)
    try:
        return rate(pos, player)
    except Exception:
        pos.validate()  # a position built by hand that cannot exist says so
        raise


def play_game(game: Game, agents: dict[Player, Agent], max_plays: int = 100_000) -> Result:
    """Let ``agents`` play ``game`` to the end (rolling from the game's RNG),
    with their cube decisions when the cube is in play; a game longer than
    ``max_plays`` plies is a :class:`~nardy.GameStateError`."""
    _check_game(game)
    if not isinstance(agents, Mapping) or any(
        not callable(getattr(agents.get(player), "choose", None)) for player in Player
    ):
        raise NardyError(f"agents must map each Player to an agent (with a choose method), not {shown(agents)}")
    if type(max_plays) is not int or max_plays < 1:
        raise NardyError(f"max_plays must be a positive int, not {shown(max_plays)}")
    while not game.is_over():
        agent = agents[game.turn]
        phase = game.pending.phase
        if phase == "cube":
            accepts = getattr(agent, "accepts_double", None)
            if accepts is None or accepts(game):
                game.take()
            else:
                game.drop()
            continue
        if phase == "roll":
            wants = getattr(agent, "wants_double", None)
            if wants is not None and game.can_double() and wants(game):
                game.double()
                continue
            game.roll()
        choice = agent.choose(game)
        try:
            game.play(choice)
        except NardyError as exc:  # the agent's mistake: say whose
            who = getattr(agent, "name", None) or type(agent).__name__
            raise type(exc)(f"agent {who} ({game.turn}) chose {shown(choice)}: {exc}") from None
        if game.plies > max_plays:
            raise GameStateError(f"the game did not end in {max_plays} plies")
    result = game.result()
    assert result is not None
    return result
