"""A PettingZoo AEC environment: two agents, ``"white"`` and ``"black"``.

The agent selected is always the player to act, and it keeps the turn for
every step of its play and for every play of its turn (Gulbar's re-roll, a
cascade's stages, owed steps), so the same agent is often selected several
times in a row. Rolls and passes (no step can be played) happen inside
:meth:`NardyAECEnv.step`.

* **Actions**: ``Discrete(156)`` step actions of :mod:`nardy.encoding`,
  ``source * 6 + (die - 1)``; a play is made once its last step is chosen.
* **Observations** (:meth:`~NardyAECEnv.observe`): a ``Dict`` with
  ``"observation"``, the float32 vector of :func:`nardy.encoding.observation`
  (v1, 132 values) from the observing agent's point of view, and
  ``"action_mask"``, an int8 vector of 156 (all zeros for the agent not to act
  and after the end). ``infos[agent]["action_mask"]`` holds the same mask.
* **Rewards**: 0 until the end; then the winner gets the points of the
  result (cube and outcome included) and the loser their negative; a draw
  gives 0 to both. Both agents then terminate (no truncation: games end).
* **Illegal actions**: ``invalid_action="random"`` (default) plays a random
  legal step instead and sets ``infos[agent]["invalid_action"]``;
  ``"raise"`` raises :class:`nardy.IllegalPlayError`. An action outside the
  action space (not an int in 0..155) raises it in either mode.
* **Dice**: rolled inside from the environment's RNG, seeded by ``reset(seed=...)``.
* **Rendering**: ``render_mode="ansi"``: :meth:`NardyAECEnv.render` returns
  the text board (``str(position)`` with the play in progress) and a line
  saying who is to play which dice, or the result; ``render_mode="human"``:
  the same text is printed to stdout after ``reset()`` and every step of a
  live agent (and by ``render()``, which then returns ``None``).

>>> from nardy.envs.pettingzoo import env
>>> aec = env(rules="long")
>>> aec.reset(seed=42)
>>> obs, reward, terminated, truncated, info = aec.last()
>>> aec.agent_selection in ("white", "black"), obs["observation"].shape
(True, (132,))
>>> aec.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

from typing import Any, Final

import nardy
from nardy import encoding
from nardy.core import Player
from nardy.envs import (
    PLAYER_NAMES,
    InvalidAction,
    StepGame,
    board_text,
    check_invalid_action,
    check_render_mode,
    check_seed,
    missing_extra,
)
from nardy.errors import NardyError, shown
from nardy.rules.base import RuleSet

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise missing_extra(__name__, "pettingzoo", error) from error

__all__ = ["NardyAECEnv", "env", "raw_env"]

_PLAYERS: Final = {"white": Player.WHITE, "black": Player.BLACK}


class NardyAECEnv(AECEnv):
    """One ruleset's game for two agents, ``"white"`` and ``"black"``.

    ``rules`` is a ruleset name or a :class:`~nardy.RuleSet`; ``**options`` are
    ruleset options when it is a name.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "nardy_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: str | RuleSet = "short",
        *,
        invalid_action: InvalidAction = "random",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        if isinstance(rules, RuleSet):
            if options:
                raise NardyError("give ruleset options only with a ruleset name")
            self.rules = rules
        else:
            self.rules = nardy.ruleset(rules, **options)
        self.invalid_action: InvalidAction = check_invalid_action(invalid_action)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.metadata = {**self.metadata, "name": f"nardy_{self.rules.name}_v0"}
        self.possible_agents: list[str] = list(PLAYER_NAMES)
        self.agents: list[str] = []
        low, high = encoding.observation_bounds()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (encoding.N_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(encoding.N_ACTIONS) for agent in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self._sg: StepGame | None = None
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = PLAYER_NAMES[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent`` if it is one of :attr:`possible_agents`, else a :class:`~nardy.NardyError`."""
        if type(agent) is not str or agent not in self.possible_agents:
            raise NardyError(f"agent must be one of {', '.join(map(repr, self.possible_agents))}, not {shown(agent)}")
        return agent

    @property
    def sg(self) -> StepGame:
        """The :class:`~nardy.envs.StepGame` of the current episode."""
        if self._sg is None:
            raise NardyError("call reset() first")
        return self._sg

    @property
    def game(self) -> nardy.Game:
        """The :class:`~nardy.Game` of the current episode (read it, do not change it)."""
        return self.sg.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if check_seed(seed) is not None:
            self._rng, _ = seeding.np_random(seed)
        self._sg = StepGame(self.rules, seed=int(self._rng.integers(2**63 - 1)))
        self._sg.settle()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.agent_selection = PLAYER_NAMES[self.game.turn]
        self._set_infos(False)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        sg = self.sg
        player = _player(agent)
        mask = sg.mask() if player == self.game.turn and not self.game.is_over() else _no_mask()
        return {"observation": sg.observe(player), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        sg = self.sg
        value, invalid = sg.resolve(action, self.invalid_action, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if sg.step(value):
            sg.settle()
        game = self.game
        if game.is_over():
            for a in self.agents:
                self.rewards[a] = sg.reward(_PLAYERS[a])
                self.terminations[a] = True
            # the other agent observes the end first, then this one
            self.agent_selection = PLAYER_NAMES[_PLAYERS[agent].other]
        else:
            self.agent_selection = PLAYER_NAMES[game.turn]
        self._set_infos(invalid, agent)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _set_infos(self, invalid: bool, actor: str | None = None) -> None:
        sg = self.sg
        result = self.game.result()
        infos: dict[str, dict[str, Any]] = {}
        for agent in self.agents:
            acting = PLAYER_NAMES[self.game.turn] == agent and not self.game.is_over()
            info: dict[str, Any] = {
                "action_mask": sg.mask() if acting else _no_mask(),
                "dice": sg.dice_left(),
                "invalid_action": invalid and agent == actor,
            }
            if result is not None:
                info["result"] = result
            infos[agent] = info
        self.infos = infos

    def render(self) -> str | None:
        """The board as text with the dice to play: returned in render mode
        ``"ansi"``, printed to stdout in render mode ``"human"``."""
        if self.render_mode is None:
            return None
        text = board_text(self.sg)
        if self.render_mode == "ansi":
            return text
        print(text, end="\n\n", flush=True)
        return None

    def close(self) -> None:
        """Nothing to release."""


def _player(agent: object) -> Player:
    """The player of an agent's name."""
    if type(agent) is not str or agent not in _PLAYERS:
        raise NardyError(f"an agent is 'white' or 'black', not {shown(agent)}")
    return _PLAYERS[agent]


def _no_mask() -> np.ndarray:
    return np.zeros(encoding.N_ACTIONS, dtype=np.int8)


def raw_env(rules: str | RuleSet = "short", **kwargs: Any) -> NardyAECEnv:
    """The environment without wrappers."""
    return NardyAECEnv(rules, **kwargs)


def env(rules: str | RuleSet = "short", **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic environments are
    (``OrderEnforcingWrapper``: no step before reset, no attribute access
    before reset). Keyword arguments go to :class:`NardyAECEnv`."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, **kwargs))
