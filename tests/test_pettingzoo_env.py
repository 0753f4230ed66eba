"""nardy.envs.pettingzoo: the AEC environment passes PettingZoo's API test and plays whole games."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import nardy  # noqa: E402
from conftest import import_fresh  # noqa: E402
from nardy.encoding import N_ACTIONS, OBSERVATION_LAYOUT  # noqa: E402
from nardy.envs.pettingzoo import NardyAECEnv, env, raw_env  # noqa: E402

ALL = nardy.RULESET_NAMES


@pytest.mark.parametrize("name", ALL)
def test_api_test(name: str) -> None:
    with warnings.catch_warnings():
        # advice PettingZoo also gives its own chess and go: dict observations,
        # agent names without a number ("white"/"black" are what nardy uses)
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="We recommend agents to be named")
        api_test(env(name), num_cycles=500)


@pytest.mark.parametrize("name", ["short", "gulbar", "giul"])
def test_seed_test(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=200)


@pytest.mark.parametrize("name", ALL)
def test_self_play_games(name: str) -> None:
    aec = raw_env(name)
    rng = np.random.default_rng(1)
    for seed in range(2):
        aec.reset(seed=seed)
        totals = {"white": 0.0, "black": 0.0}
        steps = 0
        for agent in aec.agent_iter():
            obs, reward, terminated, truncated, info = aec.last()
            totals[agent] += reward
            if terminated or truncated:
                aec.step(None)
                continue
            assert agent == ("white" if aec.game.turn == nardy.WHITE else "black")
            assert (obs["action_mask"] == info["action_mask"]).all() and obs["action_mask"].sum() >= 1
            other = "black" if agent == "white" else "white"
            assert aec.observe(other)["action_mask"].sum() == 0
            assert aec.observe(other)["observation"][OBSERVATION_LAYOUT["to_act"]][0] == 0.0
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            assert steps < 5000
        result = aec.game.result()
        assert result is not None and aec.agents == []
        if result.winner is None:
            assert totals == {"white": 0.0, "black": 0.0}
        else:
            winner = "white" if result.winner == nardy.WHITE else "black"
            assert totals[winner] == result.points == -sum(v for k, v in totals.items() if k != winner)


def test_spaces_and_invalid_actions() -> None:
    aec = NardyAECEnv("long", invalid_action="raise")
    assert aec.possible_agents == ["white", "black"]
    assert aec.action_space("white").n == N_ACTIONS
    assert aec.observation_space("black")["action_mask"].dtype == np.int8
    aec.reset(seed=0)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(nardy.IllegalPlayError):
        aec.step(illegal)
    lenient = NardyAECEnv("long")
    lenient.reset(seed=0)
    agent = lenient.agent_selection
    lenient.step(illegal)
    assert lenient.infos[agent]["invalid_action"] is True


@pytest.mark.parametrize("agent", [None, "red", "", 0, ["white"]], ids=["None", "red", "empty", "int", "list"])
def test_the_spaces_of_an_agent_that_is_not_playing(agent: object) -> None:
    aec = NardyAECEnv("short")
    for space in (aec.action_space, aec.observation_space):
        with pytest.raises(nardy.NardyError, match=r"^agent must be one of 'white', 'black', not "):
            space(agent)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ALL)
def test_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # PettingZoo's own test: every declared mode, "human" first
    def make(render_mode: str | None = None) -> Any:
        return env(name, render_mode=render_mode)

    render_test(make)
    assert "to play" in capsys.readouterr().out


def test_human_render_prints_what_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    ansi = raw_env("gulbar", render_mode="ansi")
    human = raw_env("gulbar", render_mode="human")
    ansi.reset(seed=7)
    human.reset(seed=7)
    text = ansi.render()
    assert isinstance(text, str)
    dice = "-".join(map(str, ansi.infos["white"]["dice"]))
    assert text == f"{ansi.game.position}\n{ansi.agent_selection} to play {dice}"
    assert capsys.readouterr().out == f"{text}\n\n"  # reset() printed it
    assert human.render() is None
    assert capsys.readouterr().out == f"{text}\n\n"
    rng = np.random.default_rng(7)
    live = 0
    for _agent in ansi.agent_iter():
        obs, _, terminated, truncated, _ = ansi.last()
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        ansi.step(action)
        human.step(action)
        printed = capsys.readouterr().out
        if action is None:
            assert printed == ""  # the agents leaving after the end print nothing
            continue
        live += 1
        text = ansi.render()
        assert isinstance(text, str) and printed == f"{text}\n\n"
    assert live > 2
    assert text.splitlines()[-1].startswith("game over: ")


def test_render_without_a_mode_and_bad_modes() -> None:
    aec = raw_env("short")
    aec.reset(seed=0)
    assert aec.render() is None
    with pytest.raises(nardy.NardyError, match="render_mode must be one of"):
        raw_env("short", render_mode="rgb_array")


def test_render_and_name() -> None:
    aec = NardyAECEnv("fevga", render_mode="ansi")
    aec.reset(seed=2)
    text = aec.render()
    assert isinstance(text, str) and "to play" in text
    assert str(aec) == "nardy_fevga_v0"


@pytest.mark.parametrize("missing", ["pettingzoo", "gymnasium", "numpy"])
def test_import_without_the_extra_names_it(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    pattern = r"nardy\.envs\.pettingzoo needs .*pip install 'nardy\[pettingzoo\]'"
    with pytest.raises(ImportError, match=pattern) as caught:
        import_fresh(monkeypatch, ("nardy.envs", "nardy.envs.pettingzoo"), missing=(missing,))
    assert caught.value.name == missing and missing in str(caught.value)
