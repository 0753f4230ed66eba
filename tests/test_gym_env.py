"""nardy.envs.gym: the Gymnasium environment passes Gymnasium's checker and plays whole games."""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import nardy  # noqa: E402
from conftest import import_fresh  # noqa: E402
from nardy import BLACK, WHITE  # noqa: E402
from nardy.agents import GreedyAgent  # noqa: E402
from nardy.encoding import N_ACTIONS, OBSERVATION_LAYOUT, OBSERVATION_SIZE  # noqa: E402
from nardy.envs.gym import ENV_IDS, NardyEnv, register_envs  # noqa: E402

ALL = nardy.RULESET_NAMES


def test_every_ruleset_is_registered() -> None:
    assert set(ENV_IDS) == set(ALL)
    assert ENV_IDS["short"] == "nardy/Short-v0" and ENV_IDS["crazy_gulbar"] == "nardy/CrazyGulbar-v0"
    register_envs()  # idempotent
    for env_id in ENV_IDS.values():
        assert env_id in gymnasium.registry


@pytest.mark.parametrize("name", ALL)
def test_check_env(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make(ENV_IDS[name])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker reports soft failures as warnings
        check_env(env.unwrapped)
    env.close()
    # the checker made the environment in every declared render mode: "human" printed
    assert "to play" in capsys.readouterr().out


@pytest.mark.parametrize("name", ALL)
def test_check_env_in_each_render_mode(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    for mode in NardyEnv.metadata["render_modes"]:
        env = gymnasium.make(ENV_IDS[name], render_mode=mode)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)
        env.close()
    assert "to play" in capsys.readouterr().out


def play_episode(env: NardyEnv, seed: int) -> tuple[float, int, list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    seen = [obs["observation"]]
    steps = 0
    total = 0.0
    while True:
        assert env.observation_space.contains(obs)
        assert (obs["action_mask"] == info["action_mask"]).all()
        assert obs["action_mask"].sum() >= 1
        assert obs["observation"][OBSERVATION_LAYOUT["to_act"]][0] == 1.0
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        seen.append(obs["observation"])
        assert not truncated and not info["invalid_action"]
        total += reward
        steps += 1
        if terminated:
            break
        assert reward == 0.0
        assert steps < 5000
    assert env.observation_space.contains(obs)
    assert obs["action_mask"].sum() == 0
    result = info["result"]
    if result.winner is None:
        assert total == 0.0
    else:
        assert total == (result.points if result.winner == env.agent_player else -result.points)
    return total, steps, seen


@pytest.mark.parametrize("name", ALL)
def test_random_episodes_end_with_signed_points(name: str) -> None:
    env = NardyEnv(name)
    for seed in range(2):
        play_episode(env, seed)


def test_same_seed_same_episode_other_seed_other_dice() -> None:
    env = NardyEnv("short")
    r1, n1, seen1 = play_episode(env, 5)
    r2, n2, seen2 = play_episode(env, 5)
    assert (r1, n1) == (r2, n2)
    assert all((a == b).all() for a, b in zip(seen1, seen2, strict=True))
    _, n3, seen3 = play_episode(env, 6)
    assert n3 != n1 or any((a != b).any() for a, b in zip(seen1, seen3, strict=False))


def test_spaces() -> None:
    env = gymnasium.make("nardy/Long-v0")
    assert env.action_space == gymnasium.spaces.Discrete(N_ACTIONS)
    obs_space = env.observation_space
    assert obs_space["observation"].shape == (OBSERVATION_SIZE,)
    assert obs_space["observation"].dtype == np.float32
    assert obs_space["action_mask"].dtype == np.int8


def test_invalid_actions_random_or_raise() -> None:
    env = NardyEnv("long")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, _, _, _, info = env.step(illegal)
    assert info["invalid_action"] is True
    strict = NardyEnv("long", invalid_action="raise")
    obs, _ = strict.reset(seed=0)
    with pytest.raises(nardy.IllegalPlayError, match="not a legal step"):
        strict.step(illegal)
    with pytest.raises(nardy.NardyError):
        NardyEnv("long", invalid_action="ignore")  # type: ignore[arg-type]


@pytest.mark.parametrize("invalid_action", ["random", "raise"])
def test_an_action_outside_the_space_is_refused_in_either_mode(invalid_action: str) -> None:
    """An int outside Discrete(156) is no action at all: refused, never replaced
    by a random legal step, and the episode goes on untouched."""
    env = NardyEnv("short", invalid_action=invalid_action)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=3)
    before = env.game.to_string()
    for outside in (-1, N_ACTIONS, 10**9, np.int64(-5)):
        assert not env.action_space.contains(outside)
        with pytest.raises(nardy.IllegalPlayError, match=rf"^an action is an int in 0..{N_ACTIONS - 1}, not "):
            env.step(outside)
        assert env.game.to_string() == before


def test_agent_colour_opponent_and_render() -> None:
    env = NardyEnv("short", agent_player=BLACK, opponent=GreedyAgent(), render_mode="ansi")
    obs, info = env.reset(seed=3)
    assert info["player"] == "black" and env.game.turn == BLACK
    assert obs["observation"][OBSERVATION_LAYOUT["my_color"]].tolist() == [0.0, 1.0]
    text = env.render()
    assert isinstance(text, str) and "black to play" in text
    colours = set()
    env = NardyEnv("short", agent_player=None)
    for seed in range(8):
        env.reset(seed=seed)
        colours.add(env.agent_player)
    assert colours == {WHITE, BLACK}
    assert env.action_masks().dtype == bool


def test_human_render_prints_what_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    ansi = NardyEnv("short", render_mode="ansi")
    human = NardyEnv("short", render_mode="human")
    obs, info = ansi.reset(seed=4)
    human.reset(seed=4)
    frames = [ansi.render()]
    # the text board and who plays which dice
    dice = "-".join(map(str, info["dice"]))
    assert frames[0] == f"{ansi.game.position}\nwhite to play {dice}"
    assert capsys.readouterr().out == f"{frames[0]}\n\n"  # reset() printed it
    assert human.render() is None
    assert capsys.readouterr().out == f"{frames[0]}\n\n"
    rng = np.random.default_rng(4)
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, _, _ = ansi.step(action)
        human.step(action)
        text = ansi.render()
        assert isinstance(text, str)
        assert capsys.readouterr().out == f"{text}\n\n"  # one board per step
        frames.append(text)
    assert len(frames) > 2
    last = frames[-1]
    assert isinstance(last, str) and last.splitlines()[-1].startswith("game over: ")
    assert str(ansi.game.position) in last


def test_render_without_a_mode_warns_and_bad_modes_are_refused() -> None:
    env = NardyEnv("short")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    with pytest.raises(nardy.NardyError, match="render_mode must be one of"):
        NardyEnv("short", render_mode="rgb_array")


def test_options_and_errors() -> None:
    env = gymnasium.make("nardy/Long-v0", first_turn_head="fixed")
    assert env.unwrapped.rules == nardy.ruleset("long", first_turn_head="fixed")
    with pytest.raises(nardy.NardyError, match="reset"):
        NardyEnv("short").step(0)
    with pytest.raises(nardy.NardyError):
        NardyEnv(nardy.ruleset("short"), cube=True)


@pytest.mark.parametrize("missing", ["gymnasium", "numpy"])
def test_import_without_the_extra_names_it(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    with pytest.raises(ImportError, match=r"nardy\.envs\.gym needs .*pip install 'nardy\[gym\]'") as caught:
        import_fresh(monkeypatch, ("nardy.envs", "nardy.envs.gym"), missing=(missing,))
    assert caught.value.name == missing and missing in str(caught.value)
