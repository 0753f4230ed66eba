"""A Gymnasium environment: one learning agent against an opponent agent.

Design (one clear choice): the agent plays one colour (``agent_player``, White
by default; ``None`` draws it at random each episode) against an ``opponent``,
any nardy agent (:class:`nardy.agents.RandomAgent` by default, seeded from the
environment's RNG). The opponent's plays, all rolls and every pass (no step
can be played) happen inside :meth:`NardyEnv.step`; the agent sees only the
states where it must choose a step. For self-play between two learners use
:mod:`nardy.envs.pettingzoo`.

* **Actions**: ``Discrete(156)`` step actions of :mod:`nardy.encoding`,
  ``source * 6 + (die - 1)``; a play is a sequence of steps, made once its last
  step is chosen. A turn can need several plays (Gulbar's re-roll, a cascade's
  stages, owed steps): they all come to the agent as steps.
* **Observations**: a ``Dict`` with ``"observation"``, the float32 vector of
  :func:`nardy.encoding.observation` (v1, 132 values) from the agent's point of
  view with the play in progress, and ``"action_mask"``, an int8 vector of
  156 (1 = legal now). ``info["action_mask"]`` holds the same mask and
  :meth:`NardyEnv.action_masks` returns it as bools (sb3-contrib's
  ``MaskablePPO`` convention).
* **Rewards**: 0 until the end; then the points the agent won (positive) or
  lost (negative), cube and outcome included (an oin 1, a mars 2, a koks 3,
  Khachapuri one per checker left); 0 for a draw.
* **Illegal actions**: with ``invalid_action="random"`` (default) a uniformly
  random legal step is made instead and ``info["invalid_action"]`` is True;
  with ``"raise"`` :class:`nardy.IllegalPlayError` is raised. An action outside
  the action space (not an int in 0..155) is an :class:`nardy.IllegalPlayError`
  in either mode.
* **Dice**: rolled inside, from the environment's RNG: ``reset(seed=s)``
  replays the same dice (and default opponent) for the same actions.
* Games always end, so there is no truncation. The doubling cube is not used
  (the environment never doubles and always takes).
* **Rendering**: ``render_mode="ansi"``: :meth:`NardyEnv.render` returns the
  text board (``str(position)`` with the play in progress) and a line saying
  who is to play which dice, or the result; ``render_mode="human"``: the same
  text is printed to stdout after every ``reset()`` and ``step()`` (and by
  ``render()``, which then returns ``None``).

Importing this module registers ``nardy/<Name>-v0`` for every ruleset
(``nardy/Short-v0``, ``nardy/Caucasian-v0``, ``nardy/Long-v0``,
``nardy/Gulbar-v0``, ``nardy/Khachapuri-v0``, ``nardy/Fevga-v0``,
``nardy/Nardgammon-v0``, ``nardy/Crazy-v0``, ``nardy/CrazyGulbar-v0``,
``nardy/Giul-v0``):

>>> import gymnasium
>>> import nardy.envs.gym
>>> env = gymnasium.make("nardy/Long-v0")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((132,), True)
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

from typing import Any, Final

import nardy
from nardy import encoding
from nardy.agents import Agent, RandomAgent
from nardy.core import Player
from nardy.envs import (
    PLAYER_NAMES,
    InvalidAction,
    StepGame,
    board_text,
    check_invalid_action,
    check_render_mode,
    check_seed,
    env_name,
    missing_extra,
)
from nardy.errors import NardyError, shown
from nardy.rules.base import RuleSet

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as error:
    raise missing_extra(__name__, "gym", error) from error

__all__ = ["NardyEnv", "register_envs", "ENV_IDS"]

#: the observations, ``{"observation": float32 array, "action_mask": int8 array}``
ObsType = dict[str, Any]


def _env_id(name: str) -> str:
    return f"nardy/{env_name(name)}-v0"


#: ruleset name -> Gymnasium id, for every ruleset
ENV_IDS: Final[dict[str, str]] = {name: _env_id(name) for name in nardy.RULESET_NAMES}


class NardyEnv(gymnasium.Env[ObsType, np.int64]):
    """One ruleset's game, the agent (``agent_player``) against ``opponent``.

    ``rules`` is a ruleset name or a :class:`~nardy.RuleSet`; ``**options`` are
    ruleset options when it is a name. See the module docstring for the spaces,
    rewards and the handling of illegal actions.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        rules: str | RuleSet = "short",
        *,
        opponent: Agent | None = None,
        agent_player: Player | None = Player.WHITE,
        invalid_action: InvalidAction = "random",
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        if isinstance(rules, RuleSet):
            if options:
                raise NardyError("give ruleset options only with a ruleset name")
            self.rules = rules
        else:
            self.rules = nardy.ruleset(rules, **options)
        if agent_player is not None and not isinstance(agent_player, Player):
            raise NardyError(f"agent_player must be a Player or None, not {shown(agent_player)}")
        if opponent is not None and not callable(getattr(opponent, "choose", None)):
            raise NardyError(f"opponent must be an agent (with a choose method) or None, not {shown(opponent)}")
        self.invalid_action: InvalidAction = check_invalid_action(invalid_action)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self._fixed_player = agent_player
        self._fixed_opponent = opponent
        self.opponent: Agent = opponent if opponent is not None else RandomAgent(0)
        self.agent_player: Player = agent_player if agent_player is not None else Player.WHITE
        low, high = encoding.observation_bounds()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.N_ACTIONS,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(encoding.N_ACTIONS)
        self._sg: StepGame | None = None

    # -- the Gymnasium API -----------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        super().reset(seed=check_seed(seed))
        rng = self.np_random
        if self._fixed_player is None:
            self.agent_player = Player(int(rng.integers(2)))
        if self._fixed_opponent is None:
            self.opponent = RandomAgent(seed=int(rng.integers(2**63 - 1)))
        self._sg = StepGame(self.rules, seed=int(rng.integers(2**63 - 1)))
        self._sg.settle(self.opponent.choose, self.agent_player)
        if self.render_mode == "human":
            self.render()
        obs = self._obs()
        return obs, self._info(False, obs["action_mask"])

    def step(self, action: np.int64 | int) -> tuple[ObsType, float, bool, bool, dict[str, Any]]:
        sg = self.sg
        value, invalid = sg.resolve(action, self.invalid_action, self.np_random)
        if sg.step(value):
            sg.settle(self.opponent.choose, self.agent_player)
        terminated = sg.game.is_over()
        reward = sg.reward(self.agent_player) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        obs = self._obs()
        return obs, reward, terminated, False, self._info(invalid, obs["action_mask"])

    def render(self) -> str | None:
        """The board as text with the dice to play: returned in render mode
        ``"ansi"``, printed to stdout in render mode ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode: NardyEnv(render_mode='ansi') or 'human'"
            )
            return None
        text = board_text(self.sg)
        if self.render_mode == "ansi":
            return text
        print(text, end="\n\n", flush=True)
        return None

    # -- extras ----------------------------------------------------------------

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

    def action_masks(self) -> np.ndarray:
        """The legal actions now as bools (for sb3-contrib's ``MaskablePPO``)."""
        return self.sg.mask().astype(bool)

    def _obs(self) -> ObsType:
        sg = self.sg
        return {"observation": sg.observe(self.agent_player), "action_mask": sg.mask()}

    def _info(self, invalid: bool, mask: np.ndarray) -> dict[str, Any]:
        """The step's info: the observation's action mask again (a copy of its own)."""
        sg = self.sg
        info: dict[str, Any] = {
            "action_mask": mask.copy(),
            "player": PLAYER_NAMES[self.agent_player],
            "dice": sg.dice_left(),
            "invalid_action": invalid,
        }
        result = sg.game.result()
        if result is not None:
            info["result"] = result
        return info


def register_envs() -> None:
    """Register ``nardy/<Name>-v0`` for every ruleset (done on import; idempotent)."""
    for name, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=NardyEnv, kwargs={"rules": name})


register_envs()
