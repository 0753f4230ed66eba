"""nardy.encoding: TD-Gammon inputs, the observation vector, step actions and masks."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import textwrap

import pytest

np = pytest.importorskip("numpy")

import nardy  # noqa: E402
from nardy import BLACK, WHITE, Step, encoding  # noqa: E402
from nardy.agents import RandomAgent  # noqa: E402
from nardy.encoding import (  # noqa: E402
    N_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    TDGAMMON_SIZE,
    action_to_step,
    apply_steps,
    legal_action_mask,
    legal_steps,
    observation,
    step_to_action,
    tdgammon,
)
from nardy.envs import StepGame  # noqa: E402

L = OBSERVATION_LAYOUT
ALL = nardy.RULESET_NAMES


def field(x: np.ndarray, name: str) -> list[float]:
    return [float(v) for v in x[L[name]]]


def unit(x: np.ndarray, name: str) -> float:
    return float(x[L[name].start])


def random_positions(name: str, games: int = 3, seed: int = 0) -> list[tuple[nardy.Game, int]]:
    """Game states (a clone at each play) reached by random play, with an index."""
    out = []
    rules = nardy.ruleset(name)
    for g in range(games):
        game = nardy.Game(rules, seed=seed + g)
        agent = RandomAgent(seed + g)
        n = 0
        while not game.is_over() and n < 60:
            if game.pending.phase == "roll":
                game.roll()
                continue
            out.append((game.clone(), n))
            game.play(agent.choose(game))
            n += 1
    return out


# --------------------------------------------------------------------------- sizes and versions


def test_layout_is_contiguous_and_documented_size() -> None:
    at = 0
    for name, sl in OBSERVATION_LAYOUT.items():
        assert sl.start == at, name
        at = sl.stop
    assert at == OBSERVATION_SIZE == 132
    assert N_ACTIONS == 156 and TDGAMMON_SIZE == 198
    assert encoding.OBSERVATION_VERSION == encoding.TDGAMMON_VERSION == encoding.ACTION_VERSION == 1
    assert encoding.OBSERVATION_RULESETS == nardy.RULESET_NAMES


@pytest.mark.parametrize("name", ALL)
def test_observation_same_size_for_every_ruleset(name: str) -> None:
    rules = nardy.ruleset(name)
    game = nardy.Game(rules, seed=1)
    low, high = encoding.observation_bounds()
    for x in (observation(game), observation(rules.initial_position()), observation(game.position, dice=(3, 1))):
        assert x.shape == (OBSERVATION_SIZE,) and x.dtype == np.float32
        assert (x >= low).all() and (x <= high).all()
    x = observation(game)
    assert field(x, "ruleset")[encoding.OBSERVATION_RULESETS.index(name)] == 1.0
    assert sum(field(x, "ruleset")) == 1.0
    assert field(x, "family") == ([1.0, 0.0] if rules.family == "short" else [0.0, 1.0])


def test_unknown_versions_are_refused() -> None:
    pos = nardy.ruleset("short").initial_position()
    with pytest.raises(ValueError, match="version 2"):
        observation(pos, version=2)
    with pytest.raises(ValueError, match="version 0"):
        tdgammon(pos, version=0)
    with pytest.raises(ValueError):
        encoding.observation_bounds(version=3)
    with pytest.raises(ValueError, match="action version 2"):
        step_to_action(Step(13, 7, 6), version=2)


# --------------------------------------------------------------------------- TD-Gammon


def tesauro(n: int) -> list[float]:
    return [float(n >= 1), float(n >= 2), float(n >= 3), (n - 3) / 2 if n > 3 else 0.0]


def test_tdgammon_start_position() -> None:
    x = tdgammon(nardy.ruleset("short").initial_position())
    assert x.shape == (198,) and x.dtype == np.float32
    # White's points 24:2, 13:5, 8:3, 6:5 at 4 * (point - 1)
    assert x[4 * 23 : 4 * 24].tolist() == [1, 1, 0, 0]
    assert x[4 * 12 : 4 * 13].tolist() == [1, 1, 1, 1]
    assert x[4 * 7 : 4 * 8].tolist() == [1, 1, 1, 0]
    assert x[4 * 5 : 4 * 6].tolist() == [1, 1, 1, 1]
    # Black's 24 is board point 1, its 6 is board point 19, its 13 board point 12
    assert x[98 : 98 + 4].tolist() == [1, 1, 0, 0]
    assert x[98 + 4 * 18 : 98 + 4 * 19].tolist() == [1, 1, 1, 1]
    assert x[98 + 4 * 11 : 98 + 4 * 12].tolist() == [1, 1, 1, 1]
    assert x[98 + 4 * 16 : 98 + 4 * 17].tolist() == [1, 1, 1, 0]  # Black's 8 = board 17
    assert x[[96, 97, 194, 195]].tolist() == [0, 0, 0, 0]
    assert x[196:].tolist() == [1, 0]
    assert float(x.sum()) == pytest.approx(13 + 13 + 1)


def test_tdgammon_bar_off_and_big_stacks() -> None:
    rules = nardy.ruleset("short")
    white = [0] * 24
    white[0] = 9  # nine on White's 1-point: (9 - 3) / 2 = 3
    black = [0] * 24
    pos = rules.position(white, black, white_bar=2, black_bar=1, turn=BLACK)
    x = tdgammon(pos)
    assert x[0:4].tolist() == [1, 1, 1, 3.0]
    assert x[96] == pytest.approx(1.0)  # bar / 2
    assert x[97] == pytest.approx(4 / 15)  # 15 - 9 - 2 off
    assert x[194] == pytest.approx(0.5)
    assert x[195] == pytest.approx(14 / 15)
    assert x[196:].tolist() == [0, 1]
    assert float(x[:96].sum()) == pytest.approx(6.0)
    assert float(x[98:194].sum()) == 0.0


@pytest.mark.parametrize("name", ["short", "caucasian"])
def test_tdgammon_black_perspective_mirrors(name: str) -> None:
    for game, _ in random_positions(name, games=2):
        pos = game.position
        w = tdgammon(pos)
        b = tdgammon(pos, perspective=BLACK)
        for side_w, side_b, player in ((0, 98, WHITE), (98, 0, BLACK)):
            pts = pos.points(player)
            for k in range(1, 25):
                # White's view: board point k holds White's k and Black's 25 - k
                own_k = k if player == WHITE else 25 - k
                assert w[side_w + 4 * (k - 1) : side_w + 4 * k].tolist() == pytest.approx(tesauro(pts[own_k - 1]))
                own_kb = 25 - k if player == WHITE else k
                assert b[side_b + 4 * (k - 1) : side_b + 4 * k].tolist() == pytest.approx(tesauro(pts[own_kb - 1]))
        assert w[196:].tolist() == b[196:][::-1].tolist()


def test_tdgammon_refuses_long_family() -> None:
    with pytest.raises(nardy.NardyError, match="short family"):
        tdgammon(nardy.ruleset("long").initial_position())
    with pytest.raises(nardy.NardyError, match="short family"):
        tdgammon(nardy.Game(nardy.ruleset("gulbar"), seed=1))


@pytest.mark.parametrize("name", ["short", "caucasian"])
def test_tdgammon_of_a_game_is_that_of_its_position(name: str) -> None:
    # as observation() does, a Game is read for its position and player to act
    states = random_positions(name, games=2)
    assert states
    for game, _ in states:
        assert game.turn == game.position.turn
        for perspective in (WHITE, BLACK):
            expected = tdgammon(game.position, perspective=perspective)
            assert (tdgammon(game, perspective=perspective) == expected).all()


def test_tdgammon_of_a_game_answering_a_double() -> None:
    game = nardy.Game(nardy.ruleset("short", cube=True), first=WHITE)
    game.double()
    assert game.turn == BLACK and game.position.turn == WHITE
    x = tdgammon(game)  # Black, answering, is the player to act
    assert x[196:].tolist() == [0.0, 1.0]
    assert (x[:196] == tdgammon(game.position)[:196]).all()
    assert tdgammon(game, perspective=BLACK)[196:].tolist() == [1.0, 0.0]


def test_tdgammon_refuses_other_sources() -> None:
    with pytest.raises(nardy.NardyError, match="needs a Game or a Position"):
        tdgammon("short")  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match="needs a Game or a Position"):
        tdgammon(nardy.ruleset("short"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- observation contents


def test_observation_short_start_with_a_roll() -> None:
    game = nardy.Game(nardy.ruleset("short"), first=BLACK)
    game.roll((6, 5))
    x = observation(game)
    mine = field(x, "my_points")
    assert mine[23] == 2 and mine[12] == 5 and mine[7] == 3 and mine[5] == 5 and sum(mine) == 15
    opp = field(x, "opp_points")  # White's 24 is Black's 1, White's 6 is Black's 19, ...
    assert opp[0] == 2 and opp[18] == 5 and opp[16] == 3 and opp[11] == 5 and sum(opp) == 15
    assert field(x, "my_color") == [0, 1] and unit(x, "to_act") == 1
    assert field(x, "moved") == [0, 0]
    assert field(x, "phase") == [0, 0, 1, 0] and field(x, "kind") == [1, 0, 0, 0]
    values = field(x, "values")
    assert values[(6 - 1) * 4] == 1 and values[(5 - 1) * 4] == 1 and sum(values) == 2
    assert sum(field(x, "owed")) == 0
    assert unit(x, "cube") == 0 and field(x, "cube_owner") == [1, 0, 0] and unit(x, "crawford") == 0
    assert unit(x, "head_used") == 0 and unit(x, "extra_turn") == 0
    # the same seen by White, who does not act
    y = observation(game, perspective=WHITE)
    assert field(y, "my_color") == [1, 0] and unit(y, "to_act") == 0
    assert field(y, "values") == values


def test_observation_long_start_maps_the_opponent_by_twelve() -> None:
    game = nardy.Game(nardy.ruleset("long"), first=WHITE)
    game.roll((3, 3))
    x = observation(game)
    assert field(x, "my_points")[23] == 15
    opp = field(x, "opp_points")
    assert opp[11] == 15 and sum(opp) == 15  # Black's head, its 24, is White's 12
    assert field(x, "values")[8:12] == [1, 1, 1, 1]  # a double: four 3s
    assert field(x, "family") == [0, 1]
    # a play in progress: the board after the prefix, the value used is gone, one head checker used
    y = observation(game, prefix=[Step(24, 21, 3)])
    assert field(y, "my_points")[23] == 14 and field(y, "my_points")[20] == 1
    assert field(y, "values")[8:12] == [1, 1, 1, 0]
    assert unit(y, "head_used") == 1
    # the same position and dice given without the game
    z = observation(game.position, dice=(3, 3), prefix=[Step(24, 21, 3)], rules="long")
    assert z.tolist() == y.tolist()


def test_observation_of_a_position_with_bar_and_off() -> None:
    rules = nardy.ruleset("short")
    white = [0] * 24
    white[0] = 9
    black = [0] * 24
    black[5] = 3  # Black's 6 = White's 19
    pos = rules.position(white, black, white_bar=2, black_bar=1, turn=WHITE)
    x = observation(pos)
    assert unit(x, "my_bar") == 2 and unit(x, "opp_bar") == 1
    assert unit(x, "my_off") == 4 and unit(x, "opp_off") == 11
    assert field(x, "opp_points")[18] == 3
    assert field(x, "phase") == [1, 0, 0, 0] and sum(field(x, "values")) == 0
    assert sum(field(x, "ruleset")) == 0  # no ruleset given with a bare position
    y = observation(pos, perspective=BLACK, rules=rules)
    assert unit(y, "my_bar") == 1 and unit(y, "opp_bar") == 2 and unit(y, "to_act") == 0
    assert field(y, "opp_points")[24 - 1] == 9  # White's 1-point is Black's 24
    over = rules.position([0] * 24, black, black_bar=1)
    assert field(observation(over), "phase") == [0, 0, 0, 1]


def test_observation_owed_values_and_kind() -> None:
    game = nardy.Game(nardy.ruleset("gulbar"), first=WHITE)
    game.roll((6, 6))
    game.play("24/18 24/18")
    x = observation(game)  # Black owes the two 6s White could not play
    assert field(x, "kind") == [0, 0, 1, 0]
    assert field(x, "values")[20:24] == [1, 1, 0, 0]
    # a cascade with a queue of owed stages (found by seeded random play)
    game = nardy.Game(nardy.ruleset("crazy_gulbar"), seed=0)
    agent = RandomAgent(0)
    while not game.pending.owed:
        if game.pending.phase == "roll":
            game.roll()
        else:
            game.play(agent.choose(game))
    x = observation(game)
    owed = field(x, "owed")
    for v in range(1, 7):
        n = sum(play.count(v) for play in game.pending.owed)
        assert owed[(v - 1) * 4 : v * 4] == [1.0] * min(n, 4) + [0.0] * (4 - min(n, 4))
    assert sum(owed) > 0


def test_observation_cube_fields() -> None:
    game = nardy.Game(nardy.ruleset("short", cube=True), first=WHITE)
    game.double()
    x = observation(game)  # Black answers the double
    assert field(x, "phase") == [0, 1, 0, 0] and field(x, "my_color") == [0, 1] and unit(x, "to_act") == 1
    game.take()
    x = observation(game)  # White to roll; Black owns a 2-cube
    assert unit(x, "cube") == pytest.approx(math.log2(2)) and field(x, "cube_owner") == [0, 0, 1]
    assert field(observation(game, perspective=BLACK), "cube_owner") == [0, 1, 0]


def test_observation_cube_of_an_arithmetic_progression_and_head_checkers() -> None:
    # a cube of 3 (1, 2, 3, ...) is no whole power of two: its cell holds log2(3)
    game = nardy.Game(nardy.ruleset("short", cube=True, cube_progression="arithmetic"), first=WHITE)
    game.double()
    game.take()
    game.roll((6, 5))
    game.play(game.legal_plays()[0])
    game.double()
    game.take()
    assert game.cube == 3
    for persp in (WHITE, BLACK):
        assert unit(observation(game, perspective=persp), "cube") == pytest.approx(math.log2(3))
    # the long family's head count: the context's, plus the play's steps from the head so far
    rules = nardy.ruleset("long", head_limit=None)
    pos = rules.initial_position()
    context = nardy.flow.PlayContext("owed", head_used=2)
    x = observation(pos, dice=(3, 3), context=context, prefix=[Step(24, 21, 3), Step(24, 21, 3)], rules=rules)
    assert unit(x, "head_used") == 4 and unit(x, "cube") == 0


def test_observation_errors() -> None:
    game = nardy.Game(nardy.ruleset("short"), first=WHITE)
    with pytest.raises(nardy.NardyError, match="prefix"):
        observation(game, prefix=[Step(24, 18, 6)])  # nothing to play before the roll
    with pytest.raises(nardy.NardyError, match="Position"):
        observation(game, dice=(1, 2))
    with pytest.raises(nardy.NardyError):
        observation("short")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- actions


def test_step_action_round_trip_and_errors() -> None:
    pos = nardy.ruleset("short").initial_position()
    assert step_to_action(Step(13, 7, 6)) == 13 * 6 + 5
    assert action_to_step(13 * 6 + 5, pos) == Step(13, 7, 6)
    assert action_to_step(25 * 6 + 2, pos) == Step(25, 22, 3)
    assert action_to_step(2 * 6 + 5, pos) == Step(2, 0, 6)  # a bear-off with a larger die
    for bad in (-1, N_ACTIONS, 3):  # out of range, source 0
        with pytest.raises(nardy.IllegalPlayError):
            action_to_step(bad, pos)
    with pytest.raises(nardy.IllegalPlayError, match="no bar"):
        action_to_step(25 * 6, nardy.ruleset("long").initial_position())
    with pytest.raises(nardy.IllegalPlayError):
        step_to_action(Step(0, 0, 1))


def test_action_to_step_sees_hits_after_the_prefix() -> None:
    rules = nardy.ruleset("short")
    white = [0] * 24
    white[12] = 2  # two on White's 13
    black = [0] * 24
    black[24 - 8] = 1  # a Black blot on White's 8 (Black's 17)
    pos = rules.position(white, black, turn=WHITE)
    assert action_to_step(13 * 6 + 4, pos) == Step(13, 8, 5, True)
    # after 13/8* the blot is on the bar: a second 13/8 hits nothing
    assert action_to_step(13 * 6 + 4, pos, [Step(13, 8, 5, True)]) == Step(13, 8, 5, False)
    after = apply_steps(pos, [Step(13, 8, 5, True)])
    assert after.bar(BLACK) == 1 and after.points(WHITE)[7] == 1 and after.turn == WHITE


@pytest.mark.parametrize("name", ALL)
def test_masks_equal_next_steps_along_random_plays(name: str) -> None:
    """At every prefix of random step sequences the mask is exactly next_steps,
    action_to_step decodes each legal action to the very Step next_steps gives,
    and apply_steps of a whole play is the position the play leads to."""
    rules = nardy.ruleset(name)
    rng = random.Random(name)
    checked = 0
    for game, _ in random_positions(name, games=2):
        pos, dice, ctx = game.position, game.dice, game.pending.context
        assert dice is not None
        prefix: list[Step] = []
        while True:
            nxt = rules.next_steps(pos, dice, prefix, ctx)
            mask = legal_action_mask(rules, pos, dice, prefix, ctx)
            assert mask.dtype == bool and mask.shape == (N_ACTIONS,)
            assert set(np.flatnonzero(mask).tolist()) == {step_to_action(s) for s in nxt}
            assert len(nxt) == int(mask.sum())  # one action per step
            for action, step in legal_steps(rules, pos, dice, prefix, ctx).items():
                assert action_to_step(action, pos, prefix) == step
            checked += 1
            if not nxt:
                break
            prefix.append(rng.choice(nxt))
        play = rules.play_from_steps(pos, dice, prefix, ctx)
        after = game.position_after(play)
        board = apply_steps(pos, prefix)
        for player in (WHITE, BLACK):
            assert board.points(player) == after.points(player)
            assert board.bar(player) == after.bar(player)
    assert checked > 50


@pytest.mark.parametrize("name", ALL)
def test_random_step_actions_complete_games(name: str) -> None:
    rules = nardy.ruleset(name)
    for seed in range(3):
        sg = StepGame(rules, seed=seed)
        rng = random.Random(seed)
        sg.settle()
        steps = 0
        while not sg.game.is_over():
            assert sg.legal, "a step is expected whenever the game goes on"
            x = sg.observe()
            assert unit(x, "to_act") == 1 and sum(field(x, "values")) >= 1
            if sg.step(rng.choice(sorted(sg.legal))):
                sg.settle()
            steps += 1
            assert steps < 5000
        result = sg.game.result()
        assert result is not None
        assert sg.reward(WHITE) == -sg.reward(BLACK)
        if result.winner is not None:
            assert sg.reward(result.winner) == result.points > 0
        x = sg.observe(WHITE)
        assert field(x, "phase") == [0, 0, 0, 1] and sg.mask().sum() == 0


@pytest.mark.parametrize("name", ALL)
def test_the_step_game_observes_its_play_in_progress_as_observation_does(name: str) -> None:
    """StepGame.observe keeps the board of the steps it was given (no search); it shows
    what encoding.observation shows for the game and the steps, from either side,
    and again after the steps are changed by hand or taken back."""
    rules = nardy.ruleset(name)
    for seed in range(2):
        sg = StepGame(rules, seed=seed)
        rng = random.Random(seed)
        sg.settle()
        while not sg.game.is_over():
            for me in (None, WHITE, BLACK):
                expected = observation(sg.game, prefix=sg.prefix, perspective=me)
                assert np.array_equal(sg.observe(me), expected)
            if sg.prefix and rng.random() < 0.2:  # a step taken back by hand: searched again
                sg.prefix.pop()
                assert np.array_equal(sg.observe(), observation(sg.game, prefix=sg.prefix))
                sg.legal = legal_steps(rules, sg.game.position, sg.game.dice, sg.prefix, sg.game.pending.context)
            if sg.step(rng.choice(sorted(sg.legal))):
                sg.settle()
    with pytest.raises(nardy.NardyError, match="perspective must be"):
        sg.observe("white")  # type: ignore[arg-type]


def test_step_game_refuses_illegal_actions() -> None:
    sg = StepGame(nardy.ruleset("long"), seed=3)
    sg.settle()
    with pytest.raises(nardy.IllegalPlayError, match="not a legal step"):
        sg.step(0)
    rng = np.random.default_rng(0)
    action, invalid = sg.resolve(0, "random", rng)
    assert invalid and action in sg.legal
    assert sg.resolve(next(iter(sg.legal)), "random", rng)[1] is False
    assert sg.resolve(0, "raise", rng) == (0, False)


# --------------------------------------------------------------------------- without numpy


def _run_without_numpy(script: str) -> None:
    """Run ``script`` in a new interpreter where ``import numpy`` fails, importing
    the nardy under test (an extension module is not imported twice in one process,
    so the compiled build's encoding is tried there as the pure one is)."""
    code = "import sys\nsys.modules['numpy'] = None  # 'import numpy' now fails\n" + textwrap.dedent(script)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr


def test_without_numpy_the_arrays_name_the_extra() -> None:
    _run_without_numpy(
        """
        import pytest
        import nardy
        from nardy import Step, encoding as enc

        assert enc.np is None
        rules = nardy.ruleset("short")
        pos = rules.initial_position()
        game = nardy.Game(rules, seed=1)
        calls = [
            lambda: enc.tdgammon(pos),
            lambda: enc.tdgammon(game),
            lambda: enc.observation(pos),
            lambda: enc.observation(game),
            lambda: enc.observation_bounds(),
            lambda: enc.legal_action_mask(rules, pos, (6, 5)),
        ]
        for call in calls:
            with pytest.raises(ImportError, match=r"pip install 'nardy\\[numpy\\]'"):
                call()
        # the action helpers work on ints and steps alone
        assert enc.legal_steps(rules, pos, (6, 5)) == {
            s.source * 6 + s.die - 1: s for s in rules.next_steps(pos, (6, 5))
        }
        assert enc.step_to_action(Step(13, 7, 6)) == 83
        assert enc.action_to_step(83, pos) == Step(13, 7, 6)
        assert enc.apply_steps(pos, [Step(13, 7, 6)]) == rules.position_after_steps(pos, (6, 6), [Step(13, 7, 6)])
        """
    )


def test_without_numpy_a_step_game_plays_but_has_no_arrays() -> None:
    _run_without_numpy(
        """
        import pytest
        import nardy
        from nardy import envs

        sg = envs.StepGame(nardy.ruleset("long"), seed=3)
        sg.settle()
        assert sg.step(148) is False and sg.step(115) is True  # 24/19, 19/17 (see nardy.envs)
        sg.settle()
        assert sg.legal
        with pytest.raises(ImportError, match=r"pip install 'nardy\\[numpy\\]'"):
            sg.mask()
        with pytest.raises(ImportError, match=r"pip install 'nardy\\[numpy\\]'"):
            sg.observe()
        """
    )
