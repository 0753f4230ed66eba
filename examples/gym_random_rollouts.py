"""Masked random rollouts in nardy's Gymnasium and PettingZoo environments.

Part 1 makes the registered Gymnasium environment (``gymnasium.make("nardy/Short-v0")``,
one id per ruleset, registered by ``import nardy.envs.gym``) and plays a few
episodes with a masked random policy: each step it draws one of the legal step
actions, read from the observation's ``"action_mask"``
(``env.action_space.sample(mask=...)``). The opponent is the environment's
seeded :class:`~nardy.agents.RandomAgent`; the reward comes at the end (the
points won or lost: 1 for an oin, 2 for a mars, 3 for a koks).

Part 2 runs the standard PettingZoo AEC loop (``env.agent_iter()`` and
``env.last()``) over the two-agent environment of :mod:`nardy.envs.pettingzoo`,
both agents masked random, and prints each agent's return.

Everything is seeded (``reset(seed=...)`` and the action spaces), so the
output is the same on every run.

    python examples/gym_random_rollouts.py
    python examples/gym_random_rollouts.py --rules long --episodes 5
    python examples/gym_random_rollouts.py --render       # the last board of each Gymnasium episode

Needs ``pip install 'nardy[gym,pettingzoo]'``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import numpy as np

import nardy


def gym_rollouts(rules: str, episodes: int, seed: int, render: bool) -> list[float]:
    """Part 1: masked random episodes in the Gymnasium environment; returns the returns."""
    import gymnasium

    from nardy.envs.gym import ENV_IDS, NardyEnv  # importing it registers the ids

    env_id = ENV_IDS[nardy.ruleset(rules).name]
    env = gymnasium.make(env_id, render_mode="ansi")
    env.action_space.seed(seed)
    nardy_env = env.unwrapped  # under gymnasium's wrappers: the NardyEnv, with .game
    assert isinstance(nardy_env, NardyEnv)
    print(f"Gymnasium: gymnasium.make({env_id!r}), masked random policy against the env's RandomAgent")
    obs_space = nardy_env.observation_space
    assert isinstance(obs_space, gymnasium.spaces.Dict)
    spaces = obs_space.spaces
    shown = ", ".join(f"{key!r}: {space.shape} {space.dtype}" for key, space in spaces.items())
    print(f"  observations {{{shown}}}, actions {env.action_space}")
    returns = []
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        total, steps, terminated, truncated = 0.0, 0, False, False
        while not (terminated or truncated):
            mask = obs["action_mask"]  # int8, 1 = a legal step action now
            action = env.action_space.sample(mask=mask)
            assert mask[action], "a masked sample is always legal"
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            steps += 1
        result = info["result"]
        game = nardy_env.game
        returns.append(total)
        print(
            f"  episode {episode}: agent plays {info['player']:<5}  return {total:+.0f}  "
            f"({result.kind}, {steps} agent steps, {game.plies} plays in the game)"
        )
        if render:
            print(env.render())
    env.close()
    print(f"  mean return over {episodes} episodes: {np.mean(returns):+.2f}")
    return returns


def aec_rollouts(rules: str, episodes: int, seed: int) -> list[dict[str, float]]:
    """Part 2: the PettingZoo AEC loop, both agents masked random; returns each episode's returns."""
    from nardy.envs.pettingzoo import env as make_env

    aec = make_env(rules=rules)
    print("\nPettingZoo: nardy.envs.pettingzoo.env(), both agents masked random")
    for agent in aec.possible_agents:
        aec.action_space(agent).seed(seed + (agent == "black"))
    all_returns = []
    for episode in range(episodes):
        aec.reset(seed=seed + episode)
        returns = dict.fromkeys(aec.possible_agents, 0.0)
        turns: Counter[str] = Counter()
        for agent in aec.agent_iter():
            obs, reward, terminated, truncated, info = aec.last()
            returns[agent] += float(reward)
            if terminated or truncated:
                action = None  # a finished agent must step with None
            else:
                action = aec.action_space(agent).sample(mask=obs["action_mask"])
                turns[agent] += 1
            aec.step(action)
        result = info["result"]
        all_returns.append(returns)
        shown = "  ".join(f"{a} {r:+.0f}" for a, r in returns.items())
        print(
            f"  episode {episode}: {shown}  ({result.winner} wins, {result.kind}; "
            f"steps: white {turns['white']}, black {turns['black']})"
        )
    aec.close()
    return all_returns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", default="short", help="ruleset name or alias (default: short)")
    parser.add_argument("--episodes", type=int, default=3, help="episodes per environment (default: 3)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first episode (default: 0)")
    parser.add_argument("--render", action="store_true", help="print the final board of each Gymnasium episode")
    args = parser.parse_args(argv)
    if args.episodes < 1:
        parser.error("--episodes must be at least 1")

    started = time.perf_counter()
    try:
        gym_rollouts(args.rules, args.episodes, args.seed, args.render)
    except ImportError as exc:
        print(f"Gymnasium part skipped: {exc} (pip install 'nardy[gym]')", file=sys.stderr)
        return 1
    try:
        aec_rollouts(args.rules, args.episodes, args.seed)
    except ImportError as exc:
        print(f"PettingZoo part skipped: {exc} (pip install 'nardy[pettingzoo]')", file=sys.stderr)
        return 1
    print(f"\ntime: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
