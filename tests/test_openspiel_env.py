"""nardy.envs.openspiel: every ruleset's OpenSpiel game passes OpenSpiel's own
random-simulation checker, has sound chance nodes, clones independently, and
runs OpenSpiel's algorithms."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import nardy  # noqa: E402
from conftest import import_fresh  # noqa: E402
from nardy import encoding  # noqa: E402
from nardy.envs import openspiel  # noqa: E402
from nardy.envs.openspiel import GAME_NAMES, OPENINGS, PASS  # noqa: E402

ALL = nardy.RULESET_NAMES
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def load(name: str) -> Any:
    return pyspiel.load_game(GAME_NAMES[name])


def sample_chance(state: Any, rng: random.Random) -> int:
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choices(actions, probs)[0])


def play_random(state: Any, rng: random.Random, max_decisions: int | None = None) -> tuple[Any, int]:
    """Play uniformly random legal actions (chance by its probabilities); check
    each decision node on the way. Returns the state and the decisions made."""
    decisions = 0
    while not state.is_terminal():
        if max_decisions is not None and decisions >= max_decisions:
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        assert legal, "a decision node needs a legal action"
        assert PASS not in legal or legal == [PASS], "the pass is legal only alone"
        labels = [state.action_to_string(state.current_player(), a) for a in legal]
        assert len(set(labels)) == len(labels), labels
        state.apply_action(rng.choice(legal))
        decisions += 1
    return state, decisions


def test_every_ruleset_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert set(GAME_NAMES) == set(ALL)
    assert all(GAME_NAMES[name] in names for name in ALL)
    openspiel.register_games()  # idempotent
    assert GAME_NAMES["short"] == openspiel.game_name("backgammon") == "python_nardy_short"
    assert openspiel.load_game("tbilisi").rules == nardy.ruleset("khachapuri")


@pytest.mark.parametrize(
    ("name", "points"), [("short", 3), ("caucasian", 3), ("long", 2), ("fevga", 2), ("khachapuri", 15)]
)
def test_game_type_and_info(name: str, points: int) -> None:
    game = load(name)
    gt = game.get_type()
    assert gt.short_name == f"python_nardy_{name}"
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 2
    assert game.num_distinct_actions() == encoding.N_ACTIONS + 1 == PASS + 1
    assert game.max_chance_outcomes() == 30
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-points, points, 0.0)
    assert game.observation_tensor_shape() == [encoding.OBSERVATION_SIZE]


@pytest.mark.parametrize("name", ALL)
def test_random_sim_test(name: str) -> None:
    """OpenSpiel's own checker: clone, legal-action masks, sorted actions,
    chance outcomes, observation tensors and strings, returns within bounds."""
    pyspiel.random_sim_test(load(name), num_sims=2, serialize=False, verbose=False)


def test_random_sim_test_with_serialization() -> None:
    pyspiel.random_sim_test(load("short"), num_sims=1, serialize=True, verbose=False)


def test_chance_outcomes_sum_to_one() -> None:
    state = load("long").new_initial_state()
    assert state.current_player() == CHANCE
    opening = state.chance_outcomes()
    assert [a for a, _ in opening] == list(range(30))
    assert all(p == pytest.approx(1 / 30) for _, p in opening)
    assert sum(p for _, p in opening) == pytest.approx(1.0)
    assert len(OPENINGS) == len(set(OPENINGS)) == 30 and all(w != b for w, b in OPENINGS)
    state.apply_action(OPENINGS.index((6, 1)))  # White starts and, in long, rolls
    assert state.current_player() == CHANCE
    rolls = state.chance_outcomes()
    assert len(rolls) == 21
    for action, prob in rolls:
        a, b = nardy.ROLLS[action]
        assert prob == pytest.approx(1 / 36 if a == b else 1 / 18)
    assert sum(p for _, p in rolls) == pytest.approx(1.0)
    assert state.action_to_string(CHANCE, 1) == "roll 6-5"


def test_short_plays_the_opening_dice() -> None:
    state = load("short").new_initial_state()
    assert state.action_to_string(CHANCE, OPENINGS.index((3, 5))) == "opening 3-5 (black starts)"
    state.apply_action(OPENINGS.index((3, 5)))  # Black's 5 wins: it plays 5-3 at once
    assert state.current_player() == 1
    labels = {state.action_to_string(1, a) for a in state.legal_actions()}
    assert {"8/3", "6/3", "13/8"} <= labels
    state.apply_action(encoding.step_to_action(nardy.Step(8, 3, 5)))
    assert state.prefix == (nardy.Step(8, 3, 5),)
    assert state.current_player() == 1  # the same player's second step
    state.apply_action(encoding.step_to_action(nardy.Step(6, 3, 3)))
    assert state.current_player() == CHANCE  # White rolls
    assert str(state.nardy_game.history[-1].play) == "8/3 6/3"


def test_gulbar_reroll_is_a_chance_node_of_the_same_player() -> None:
    state = load("gulbar").new_initial_state()
    state.apply_action(OPENINGS.index((5, 2)))
    state.apply_action(nardy.ROLLS.index((1, 1)))
    for source in (24, 23, 22, 21):  # 24/20: the double played in full
        assert state.legal_actions() == [source * 6]
        state.apply_action(source * 6)
    game = state.nardy_game
    assert state.current_player() == CHANCE
    assert game.turn == nardy.WHITE and game.pending.context.kind == "reroll"
    assert "white to re-roll" in str(state)


def test_gulbar_owed_steps_are_a_decision_without_chance() -> None:
    state = load("gulbar").new_initial_state()
    state.apply_action(OPENINGS.index((5, 2)))
    state.apply_action(nardy.ROLLS.index((6, 6)))
    for _ in range(2):  # the first 6-6: 24/18(2), two 6s owed
        state.apply_action(24 * 6 + 5)
    assert state.current_player() == 1  # Black plays the owed 6s, no roll first
    assert state.nardy_game.pending.context.kind == "owed"
    assert "black to play 6-6 (owed)" in str(state)


def test_crazy_cascade_stage_is_a_decision_without_chance() -> None:
    state = load("crazy").new_initial_state()
    state.apply_action(OPENINGS.index((4, 1)))
    state.apply_action(nardy.ROLLS.index((5, 5)))
    for source in (24, 19, 14, 9):  # 24/4
        state.apply_action(source * 6 + 4)
    assert state.current_player() == 0
    assert state.nardy_game.pending.context.kind == "stage"
    assert "white to play 6-6-6-6 (stage)" in str(state)


@pytest.mark.parametrize("name", ALL)
def test_random_games_reach_zero_sum_terminals(name: str) -> None:
    game = load(name)
    top = game.max_utility()
    rng = random.Random(7)
    for _ in range(2):
        state, decisions = play_random(game.new_initial_state(), rng)
        assert state.is_terminal() and state.current_player() == TERMINAL
        assert decisions <= game.max_game_length()
        returns = state.returns()
        assert sum(returns) == 0
        result = state.nardy_game.result()
        assert result is not None and result.points <= top
        if result.winner is not None:
            assert returns[int(result.winner)] == result.points > 0
        assert state.legal_actions() == []


def test_pass_is_the_only_action_when_nothing_moves() -> None:
    game = load("long")
    rng = random.Random(3)
    found = 0
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if legal == [PASS]:
                player = state.current_player()
                assert state.action_to_string(player, PASS) == "pass"
                assert state.nardy_game.legal_plays()[0].is_pass
                assert "nothing can move" in str(state)
                plies = state.nardy_game.plies
                state.apply_action(PASS)
                assert state.nardy_game.plies == plies + 1
                found += 1
                continue
            state.apply_action(rng.choice(legal))
        if found:
            break
    assert found


def test_clone_is_independent() -> None:
    game = load("short")
    rng = random.Random(11)
    state, _ = play_random(game.new_initial_state(), rng, max_decisions=25)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    state.apply_action(state.legal_actions()[0])  # maybe mid-play: a prefix
    before = (str(state), state.history(), state.legal_actions(), state.prefix)
    twin = state.clone()
    assert (str(twin), twin.history(), twin.legal_actions(), twin.prefix) == before
    assert twin.nardy_game is not state.nardy_game
    assert twin.observation_tensor(0) == state.observation_tensor(0)
    play_random(twin, rng)
    assert twin.is_terminal()
    assert (str(state), state.history(), state.legal_actions(), state.prefix) == before
    assert not state.is_terminal()
    # a clone of the opening chance node too
    fresh = game.new_initial_state()
    copy = fresh.clone()
    copy.apply_action(0)
    assert fresh.is_chance_node() and fresh.history() == [] and copy.history() == [0]


def test_observation_is_the_nardy_observation() -> None:
    game = load("long")
    rng = random.Random(5)
    state, _ = play_random(game.new_initial_state(), rng, max_decisions=9)
    observer = make_observation(game)
    assert set(observer.dict) == set(encoding.OBSERVATION_LAYOUT)
    for player in (0, 1):
        expected = encoding.observation(
            state.nardy_game, prefix=state.prefix, perspective=nardy.Player(player)
        )
        np.testing.assert_array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
        observer.set_from(state, player)
        np.testing.assert_array_equal(observer.tensor, expected)
        assert state.observation_string(player) == str(state)
    # before the opening roll too
    start = game.new_initial_state()
    assert len(start.observation_tensor(1)) == encoding.OBSERVATION_SIZE
    assert "opening roll" in str(start)


def test_mcts_bot_plays_short() -> None:
    game = load("short")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while moves < 3 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 3


def test_evaluate_bots_with_random_bots() -> None:
    game = load("khachapuri")
    bots = [pyspiel.make_uniform_random_bot(player, 100 + player) for player in (0, 1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sum(returns) == 0 and max(abs(r) for r in returns) <= 15


@pytest.mark.parametrize("missing", ["pyspiel", "numpy"])
def test_import_without_the_extra_names_it(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    pattern = r"nardy\.envs\.openspiel needs .*pip install 'nardy\[openspiel\]'"
    with pytest.raises(ImportError, match=pattern) as caught:
        import_fresh(monkeypatch, ("nardy.envs", "nardy.envs.openspiel"), missing=(missing,))
    assert caught.value.name == missing and missing in str(caught.value)
