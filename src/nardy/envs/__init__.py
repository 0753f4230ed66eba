"""Reinforcement-learning environments over nardy games.

* :mod:`nardy.envs.gym`: :class:`~nardy.envs.gym.NardyEnv`, a single-agent
  Gymnasium environment (the agent against an opponent agent), registered as
  ``nardy/Short-v0``, ``nardy/Long-v0``, ... (``pip install 'nardy[gym]'``).
* :mod:`nardy.envs.pettingzoo`: a two-agent PettingZoo AEC environment,
  agents ``"white"`` and ``"black"`` (``pip install 'nardy[pettingzoo]'``).
* :mod:`nardy.envs.openspiel`: every ruleset as an OpenSpiel game
  (``pip install 'nardy[openspiel]'``).

Importing one of them without its extra raises an :class:`ImportError` that
names the extra to install.

They share :class:`StepGame`, defined here without any framework: a
:class:`~nardy.Game` played one step action at a time (see
:mod:`nardy.encoding` for the actions and the observation). The dice are
rolled inside, from the game's seeded RNG; when no step can be played the pass
is made automatically; a play is made once its last step is chosen. This
module imports without numpy; :meth:`StepGame.mask` and
:meth:`StepGame.observe` need it.

>>> import nardy
>>> from nardy.envs import StepGame
>>> sg = StepGame(nardy.ruleset("long"), seed=3)
>>> sg.settle()  # the opening roll: Black plays 5-2
>>> sg.game.turn, sg.game.dice, {a: str(s) for a, s in sorted(sg.legal.items())}
(<Player.BLACK: 1>, (5, 2), {145: '24/22', 148: '24/19'})
>>> sg.step(148), sg.dice_left(), {a: str(s) for a, s in sg.legal.items()}
(False, (2,), {115: '19/17'})
>>> sg.step(115), sg.game.turn  # the play 24/17 is made; White must roll
(True, <Player.WHITE: 0>)
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Callable
from typing import Final, Literal

import nardy
from nardy import encoding
from nardy.core import Play, Player, Position, Step
from nardy.errors import GameStateError, IllegalPlayError, NardyError, format_dice, shown
from nardy.game import Game
from nardy.rules.base import RuleSet
from nardy.rules.results import position_after_legal

try:
    import numpy as np
except ImportError:  # the step game plays without numpy; its arrays need it
    np = None  # type: ignore[assignment]

__all__ = ["StepGame", "InvalidAction", "ENV_VERSION", "env_name", "board_text", "PLAYER_NAMES"]

#: the version of the environments' dynamics and spaces (the ``-v0`` of the ids)
ENV_VERSION: Final = 0

#: agent names of the players, White first
PLAYER_NAMES: Final = ("white", "black")

InvalidAction = Literal["random", "raise"]
"""What an environment does with an action that is not legal now:
``"random"`` plays a uniformly random legal step instead (from the
environment's RNG) and sets ``info["invalid_action"]``; ``"raise"`` raises
:class:`~nardy.IllegalPlayError`."""


def missing_extra(module: str, extra: str, error: ImportError) -> ImportError:
    """The error to raise when ``module`` cannot import a package of the ``extra``."""
    return ImportError(
        f"{module} needs the optional packages of the {extra!r} extra: "
        f"pip install 'nardy[{extra}]' ({error})",
        name=error.name,
    )


def _integer(action: object) -> int:
    """``action`` as an int of the action space (numpy's integers too, bools not),
    or IllegalPlayError: an action outside the space is no action, legal or not."""
    if not isinstance(action, bool) and not (np is not None and isinstance(action, np.bool_)):
        try:
            value = operator.index(action)  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001 - no int, whatever its __index__ raises
            pass
        else:
            if 0 <= value < encoding.N_ACTIONS:
                return value
    raise IllegalPlayError(f"an action is an int in 0..{encoding.N_ACTIONS - 1}, not {shown(action)}")


def check_invalid_action(invalid_action: object) -> InvalidAction:
    """``invalid_action`` if it is ``"random"`` or ``"raise"``, else :class:`~nardy.NardyError`."""
    if type(invalid_action) is str and invalid_action in ("random", "raise"):
        return "random" if invalid_action == "random" else "raise"
    raise NardyError(f"invalid_action must be 'random' or 'raise', not {shown(invalid_action)}")


def check_render_mode(render_mode: object, modes: list[str]) -> str | None:
    """``render_mode`` if it is ``None`` or one of ``modes``, else :class:`~nardy.NardyError`."""
    if render_mode is None or type(render_mode) is str and render_mode in modes:
        return render_mode
    raise NardyError(f"render_mode must be one of {modes} or None, not {shown(render_mode)}")


def check_seed(seed: object) -> int | None:
    """``seed`` if it is ``None`` or an int 0 or above (what NumPy seeds with), else :class:`~nardy.NardyError`."""
    if seed is None or type(seed) is int and seed >= 0:
        return seed
    raise NardyError(f"seed must be None or an int 0 or above, not {shown(seed)}")


def env_name(rules: str) -> str:
    """The CamelCase name of a ruleset in environment ids.

    >>> env_name("short"), env_name("crazy_gulbar")
    ('Short', 'CrazyGulbar')
    """
    return "".join(part.capitalize() for part in nardy.ruleset(rules).name.split("_"))


class StepGame:
    """A :class:`~nardy.Game` driven by step actions (``nardy.encoding``).

    ``prefix`` holds the steps chosen so far in the current play and ``legal``
    maps the actions that may come next to their steps; both belong to the
    player to act (``game.turn``).
    """

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        self.game = Game(rules, seed=seed)
        #: the steps chosen so far in the current play
        self.prefix: list[Step] = []
        #: the actions that may come next, with their steps
        self.legal: dict[int, Step] = {}
        #: plays made automatically because nothing could be moved
        self.passes = 0
        #: the board after the steps chosen by step(): the position they start from, the
        #: steps and the board (what observe() shows, without a search)
        self._board: tuple[Position, tuple[Step, ...], Position] | None = None

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    def clone(self) -> StepGame:
        """An independent copy (the game cloned with :meth:`nardy.Game.clone`)."""
        twin = copy.copy(self)
        twin.game = self.game.clone()
        twin.prefix = list(self.prefix)
        twin.legal = dict(self.legal)
        return twin

    def settle(
        self,
        opponent: Callable[[Game], Play] | None = None,
        agent: Player | None = None,
    ) -> None:
        """Roll, pass and take doubles until a step is needed or the game is over.

        With ``opponent``, every play of the player that is not ``agent`` is
        made by ``opponent(game)`` too; without it, a step is needed from
        whichever player is to act.
        """
        if opponent is not None and not callable(opponent):
            raise NardyError(f"opponent must be a function of the game that returns a play, not {shown(opponent)}")
        if agent is not None and type(agent) is not Player:
            raise NardyError(f"agent must be Player.WHITE, Player.BLACK or None, not {shown(agent)}")
        game = self.game
        self.prefix = []
        self.legal = {}
        while not game.is_over():
            phase = game.pending.phase
            if phase == "roll":
                game.roll()
                continue
            if phase == "cube":  # pragma: no cover - nobody doubles in the environments
                game.take()
                continue
            if opponent is not None and game.turn != agent:
                game.play(opponent(game))
                continue
            legal = self._next_steps()
            if legal:
                self.legal = legal
                return
            game.play(game.legal_plays()[0])  # nothing can be moved: the pass
            self.passes += 1

    def _next_steps(self) -> dict[int, Step]:
        game = self.game
        assert game.dice is not None
        return encoding.legal_steps(
            game.rules, game.position, game.dice, self.prefix, game.pending.context
        )

    def step(self, action: int) -> bool:
        """Make the step ``action`` for the player to act; True if it completed the
        play (which has then been made: call :meth:`settle` next).

        Raises :class:`~nardy.IllegalPlayError` if ``action`` is not in :attr:`legal`.
        """
        value = _integer(action)
        if self.game.is_over():
            raise GameStateError("the game is over: reset the environment")
        if not self.legal:
            raise GameStateError("no step is expected now: call settle() first")
        chosen = self.legal.get(value)
        if chosen is None:
            legal = ", ".join(f"{a} ({s})" for a, s in sorted(self.legal.items()))
            raise IllegalPlayError(f"action {shown(value)} is not a legal step now; legal: {legal}")
        self.prefix.append(chosen)
        nxt = self._next_steps()
        if nxt:
            self.legal = nxt
            start = self.game.position
            self._board = start, tuple(self.prefix), position_after_legal(start, self.prefix)
            return False
        game = self.game
        assert game.dice is not None
        play = game.rules.play_from_steps(game.position, game.dice, self.prefix, game.pending.context)
        game.play(play)
        self.prefix = []
        self.legal = {}
        return True

    def resolve(self, action: object, invalid: InvalidAction, rng: np.random.Generator) -> tuple[int, bool]:
        """``(action, was_invalid)``: ``action`` itself if legal now; otherwise, with
        ``invalid="random"``, a uniformly random legal action drawn from ``rng``.
        With ``invalid="raise"`` an illegal action is returned as is (:meth:`step` raises)."""
        value = _integer(action)
        if check_invalid_action(invalid) == "raise" or value in self.legal or not self.legal:
            return value, False
        actions = sorted(self.legal)
        return actions[int(rng.integers(len(actions)))], True

    def mask(self) -> np.ndarray:
        """The legal actions now as an int8 array of 0/1 (all zeros when the game is over)."""
        if np is None:
            raise ImportError("StepGame.mask() needs numpy: pip install 'nardy[numpy]'", name="numpy")
        out = bytearray(encoding.N_ACTIONS)  # (cheaper than numpy's zeros and a fancy index)
        for action in self.legal:
            out[action] = 1
        return np.frombuffer(out, dtype=np.int8)

    def observe(self, perspective: Player | None = None) -> np.ndarray:
        """:func:`nardy.encoding.observation` of the game with the play in progress."""
        board = self._board
        if board is not None and self.prefix:
            start, steps, after = board
            # the board of the steps step() was given, if they are still the game's play in progress
            if start is self.game.position and steps == tuple(self.prefix):
                return encoding.game_observation(self.game, after, steps, perspective)
        return encoding.observation(self.game, prefix=self.prefix, perspective=perspective)

    def reward(self, player: Player) -> float:
        """``player``'s result: the points won (positive) or lost (negative), 0 before the end or for a draw."""
        if type(player) is not Player:
            raise NardyError(f"player must be Player.WHITE or Player.BLACK, not {shown(player)}")
        result = self.game.result()
        if result is None or result.winner is None:
            return 0.0
        return float(result.points if result.winner == player else -result.points)

    def dice_left(self) -> tuple[int, ...]:
        """The values the player to act must still play in the current play."""
        game = self.game
        if game.dice is None:
            return ()
        values = list(game.rules.expand_dice(game.dice, game.pending.context))
        for step in self.prefix:
            values.remove(step.die)
        return tuple(values)


def board_text(sg: StepGame) -> str:
    """The board of a step game with the play in progress, and what is to be played
    (or the result): what the environments render.

    >>> import nardy
    >>> sg = StepGame(nardy.ruleset("long"), seed=3)
    >>> sg.settle()
    >>> sg.step(148)
    False
    >>> board_text(sg).splitlines()[-1]
    'black to play 2 (played so far: 24/19)'
    """
    if not isinstance(sg, StepGame):
        raise NardyError(f"board_text() draws a StepGame, not {shown(sg)}")
    game = sg.game
    pos = encoding.apply_steps(game.position, sg.prefix) if sg.prefix else game.position
    lines = [str(pos)]
    if game.is_over():
        lines.append(f"game over: {game.result()}")
    else:
        done = " ".join(map(str, sg.prefix))
        lines.append(
            f"{PLAYER_NAMES[game.turn]} to play {format_dice(sg.dice_left())}"
            + (f" (played so far: {done})" if done else "")
        )
    return "\n".join(lines)
