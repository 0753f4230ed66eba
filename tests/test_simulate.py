"""Parallel and distributed self-play (:mod:`nardy.simulate`).

* the same seed gives the same :class:`Summary` (every per-game record) for any
  number of workers, chunk size or executor: serial, process pools (fork and
  spawn), thread pools, ``multiprocessing.Pool`` through :class:`PoolExecutor`,
  futures without callbacks, a Dask ``distributed.Client`` (skipped when not
  installed) and Ray (skipped when not installed);
* game ``i`` is the game :func:`play_game` plays from ``game_seed(seed, i)``;
* the statistics (counts, Wilson intervals, normal intervals) on a hand-made list;
* :func:`compare` alternates colours;
* agent objects of one's own play as built-in names do, on workers too (each
  game gets a fresh copy); what lacks the protocol or does not pickle for
  worker processes is refused with a clear error;
* ``seed=None`` draws a fresh seed and reports it;
* ``nardy selfplay --workers N``.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import multiprocessing
import multiprocessing.pool
import os
import pickle
import secrets
import sys
import threading
import types
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import Game, Play, Player
from nardy.agents import GreedyAgent, RandomAgent, play_game
from nardy.cli import main
from nardy.game import PlayEvent
from nardy.rules import ALIASES, REGISTRY, Constraint, Long, register
from nardy.simulate import (
    RECORD_FIELDS,
    Comparison,
    Estimate,
    GameRecord,
    Interrupted,
    PoolExecutor,
    Summary,
    compare,
    count_turns,
    game_seed,
    mean_interval,
    simulate,
    wilson_interval,
)

GAMES = 12
SEED = 5

#: Python 3.12 warns when os.fork() runs while the process has more than one OS
#: thread, and its Thread.join() returns before a joined thread has left the
#: operating system (3.13 waits for it): so a process pool started right after
#: another one finished may still count that pool's manager thread, already
#: joined, and warn on a fork that is safe. These tests start pools back to back;
#: nothing else runs beside them.
pytestmark = pytest.mark.filterwarnings(
    r"ignore:This process \(pid=\d+\) is multi-threaded, use of fork\(\) may lead to deadlocks:DeprecationWarning"
)


@pytest.fixture(scope="module")
def baseline() -> Summary:
    return simulate("short", GAMES, seed=SEED)


@pytest.fixture(scope="module")
def long_rules() -> nardy.RuleSet:
    return nardy.ruleset("long", block_check="step")


@pytest.fixture(scope="module")
def long_baseline(long_rules: nardy.RuleSet) -> Summary:
    return simulate(long_rules, 6, seed=SEED, white="random", black="greedy")


# --------------------------------------------------------------------------- reproducibility


@pytest.mark.parametrize(
    ("workers", "chunk"),
    [(1, None), (1, 1), (1, 5), (2, None), (2, 1), (2, 5), (4, 3), (4, 100)],
)
def test_same_summary_for_any_workers_and_chunks(
    baseline: Summary, workers: int, chunk: int | None
) -> None:
    summary = simulate("short", GAMES, seed=SEED, workers=workers, chunk=chunk)
    assert summary.per_game == baseline.per_game
    assert summary == baseline


@pytest.mark.parametrize("workers", [2, 4])
def test_ruleset_options_reach_the_workers(
    long_rules: nardy.RuleSet, long_baseline: Summary, workers: int
) -> None:
    assert simulate(
        long_rules, 6, seed=SEED, white="random", black="greedy", workers=workers, chunk=2
    ) == long_baseline


def test_spawned_workers_rebuild_the_ruleset(
    long_rules: nardy.RuleSet, long_baseline: Summary
) -> None:
    # fresh interpreters (another hash seed): only (name, options) travel
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=2, mp_context=ctx) as pool:
        summary = simulate(
            long_rules, 6, seed=SEED, white="random", black="greedy", executor=pool, chunk=1
        )
    assert summary == long_baseline


def test_records_are_play_game_from_the_game_seed(baseline: Summary) -> None:
    rules = nardy.ruleset("short")
    assert baseline.per_game is not None
    for record in baseline.per_game[:4]:
        seed = game_seed(SEED, record.index)
        assert record.seed == seed
        game = nardy.Game(rules, seed=seed)
        result = play_game(
            game, {Player.WHITE: GreedyAgent(), Player.BLACK: RandomAgent(seed=seed * 2 + 1)}
        )
        assert record.winner == (None if result.winner is None else str(result.winner))
        assert (record.kind, record.points, record.plies) == (result.kind, result.points, game.plies)


def test_seed_matters_and_prefix_is_stable(baseline: Summary) -> None:
    assert baseline.per_game is not None
    other = simulate("short", GAMES, seed=SEED + 1)
    assert other.per_game is not None
    assert [g.seed for g in other.per_game] != [g.seed for g in baseline.per_game]
    assert [(g.plies, g.kind) for g in other.per_game] != [
        (g.plies, g.kind) for g in baseline.per_game
    ]
    # game i depends only on (seed, i): a shorter run is a prefix of a longer one
    shorter = simulate("short", 5, seed=SEED, workers=2, chunk=2)
    assert shorter.per_game == baseline.per_game[:5]


def test_keep_games_false(baseline: Summary) -> None:
    summary = simulate("short", GAMES, seed=SEED, keep_games=False)
    assert summary.per_game is None
    assert summary.wins == baseline.wins and summary.mean_plies == baseline.mean_plies


# --------------------------------------------------------------------------- executors


class _PlainFuture:
    """A future with only result() (no add_done_callback): read in order."""

    def __init__(self, value: Any = None, error: BaseException | None = None) -> None:
        self.value, self.error, self.cancelled = value, error, False

    def result(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.value

    def cancel(self) -> bool:
        self.cancelled = True
        return True


class _EagerExecutor:
    def __init__(self, fail_at: int | None = None) -> None:
        self.futures: list[_PlainFuture] = []
        self.fail_at = fail_at

    def submit(self, fn: Any, /, *args: Any) -> _PlainFuture:
        if len(self.futures) == self.fail_at:
            future = _PlainFuture(error=RuntimeError("worker lost"))
        else:
            future = _PlainFuture(fn(*args))
        self.futures.append(future)
        return future


def test_thread_pool_executor(baseline: Summary) -> None:
    with cf.ThreadPoolExecutor(3) as pool:
        assert simulate("short", GAMES, seed=SEED, executor=pool, chunk=2) == baseline


def test_multiprocessing_pool_through_pool_executor(baseline: Summary) -> None:
    with multiprocessing.get_context("fork").Pool(2) as pool:
        summary = simulate("short", GAMES, seed=SEED, executor=PoolExecutor(pool), chunk=3)
    assert summary == baseline


def test_futures_without_callbacks(baseline: Summary) -> None:
    assert simulate("short", GAMES, seed=SEED, executor=_EagerExecutor(), chunk=5) == baseline


def test_a_failed_chunk_raises_and_cancels_the_rest() -> None:
    executor = _EagerExecutor(fail_at=1)
    with pytest.raises(RuntimeError, match="worker lost"):
        simulate("short", 6, seed=SEED, executor=executor, chunk=2)
    # the first chunk was read, the second failed, the third (not read yet) is cancelled
    assert [f.cancelled for f in executor.futures] == [False, False, True]


@pytest.mark.parametrize(
    ("workers", "chunk", "sizes"),
    [(1, None, [1] * 7), (1, 3, [1] * 7), (2, None, [1] * 7), (2, 3, [1, 3, 3])],
)
def test_progress_reports_every_game(workers: int, chunk: int | None, sizes: list[int]) -> None:
    # in this process the games are played one by one (chunk= is for pools);
    # a pool reads one game per task unless chunk= says otherwise
    calls: list[int] = []
    simulate("short", 7, seed=SEED, workers=workers, chunk=chunk, progress=calls.append)
    assert calls[0] == 0 and sorted(calls[1:]) == sizes


def test_dask_distributed(baseline: Summary) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(
        processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None
    ) as client:
        # the Client itself (Dask futures) and its concurrent.futures executor
        assert simulate("short", GAMES, seed=SEED, executor=client, chunk=2) == baseline
        with client.get_executor() as executor:
            assert simulate("short", GAMES, seed=SEED, executor=executor, chunk=5) == baseline
        comparison = compare("short", "greedy", "random", 4, seed=SEED, executor=client, chunk=1)
        assert comparison == compare("short", "greedy", "random", 4, seed=SEED)


def test_ray_pool(baseline: Summary) -> None:  # pragma: no cover - ray is optional
    ray = pytest.importorskip("ray")
    from ray.util.multiprocessing import Pool

    ray.init(num_cpus=2, include_dashboard=False)
    try:
        pool = Pool(2)
        try:
            summary = simulate("short", GAMES, seed=SEED, executor=PoolExecutor(pool), chunk=3)
        finally:
            pool.terminate()
    finally:
        ray.shutdown()
    assert summary == baseline


# --------------------------------------------------------------------------- pickling


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_rulesets_pickle(name: str) -> None:
    rules = nardy.ruleset(name)
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and repr(again) == repr(rules)


def test_summary_and_records_pickle(baseline: Summary) -> None:
    assert pickle.loads(pickle.dumps(baseline)) == baseline


# --------------------------------------------------------------------------- statistics


def _rec(index: int, winner: str | None, kind: str, points: int, plies: int, *,
         white: str = "greedy", black: str = "random") -> GameRecord:
    return GameRecord(index=index, seed=100 + index, white=white, black=black, winner=winner,
                      kind=kind, points=points, plies=plies, turns=plies - 1)


HAND_MADE = [
    _rec(3, "black", "oin", 1, 50),
    _rec(0, "white", "mars", 2, 40),
    _rec(1, "white", "oin", 1, 60),
    _rec(4, None, "draw", 0, 70),
    _rec(2, "white", "koks", 3, 80),
]


def test_summary_of_a_hand_made_list() -> None:
    s = Summary.from_records(HAND_MADE, rules=nardy.ruleset("short"), seed=9)
    assert s.games == 5 and s.seed == 9 and s.rules == "nardy.ruleset('short')"
    assert s.per_game is not None and [g.index for g in s.per_game] == [0, 1, 2, 3, 4]
    assert s.sides == {"white": "greedy", "black": "random"}
    assert s.wins == {"white": 3, "black": 1} and s.draws == 1
    assert s.points == {"white": 6, "black": 1}
    assert s.agent_wins == {"greedy": 3, "random": 1}
    assert s.agent_points == {"greedy": 6, "random": 1}
    assert s.kinds == {"draw": 1, "koks": 1, "mars": 1, "oin": 2}
    assert s.total_plies == 300
    # Wilson, 3 of 5: centre (0.6 + z²/10) / (1 + z²/5)
    z = 1.959963984540054
    centre = (0.6 + z * z / 10) / (1 + z * z / 5)
    half = z * math.sqrt(0.6 * 0.4 / 5 + z * z / 100) / (1 + z * z / 5)
    assert s.win_rate["white"] == pytest.approx(Estimate(0.6, centre - half, centre + half))
    assert s.win_rate["white"].low == pytest.approx(0.2307, abs=1e-4)
    assert s.win_rate["white"].high == pytest.approx(0.8824, abs=1e-4)
    assert s.agent_win_rate["greedy"] == s.win_rate["white"]
    # White's net points: +2 +1 +3 -1 0 -> mean 1, sample sd sqrt(2.5)
    assert s.mean_points.value == pytest.approx(1.0)
    assert s.mean_points.high - 1.0 == pytest.approx(z * math.sqrt(2.5 / 5))
    # plies 40 60 80 50 70 -> mean 60, sd sqrt(250)
    assert s.mean_plies.value == 60.0
    assert s.mean_plies.low == pytest.approx(60 - z * math.sqrt(250 / 5))
    assert s.mean_turns.value == 59.0
    text = str(s)
    for piece in ("white (greedy)", "60.0%", "[23.1%, 88.2%]", "draws", "koks 1", "oin 2",
                  "average turns per game: 59.0", "average plies per game: 60.0"):
        assert piece in text
    assert Summary.from_records(list(reversed(HAND_MADE)), rules=nardy.ruleset("short"), seed=9) == s


def test_summary_with_swapped_colours_has_an_agent_table() -> None:
    records = [
        _rec(0, "white", "oin", 1, 10),
        _rec(1, "black", "mars", 2, 10, white="random", black="greedy"),
        _rec(2, "black", "oin", 1, 10),
    ]
    s = Summary.from_records(records)
    assert s.sides == {"white": "greedy/random", "black": "greedy/random"}
    assert s.agent_wins == {"greedy": 2, "random": 1}
    assert s.agent_points == {"greedy": 3, "random": 1}
    assert "bot" in str(s) and "greedy/random" in str(s)
    with pytest.raises(ValueError):
        Summary.from_records([])


def test_intervals() -> None:
    assert wilson_interval(0, 10).low == 0.0 and wilson_interval(10, 10).high == 1.0
    assert wilson_interval(0, 10).high == pytest.approx(0.2775, abs=1e-4)
    e = wilson_interval(50, 100)
    assert e.value == 0.5 and e.low == pytest.approx(1 - e.high)
    for bad in ((1, 0), (-1, 5), (6, 5)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)
    one = mean_interval([3.0])
    assert one.value == 3.0 and one.low == -math.inf and one.high == math.inf
    assert "n/a" in str(one)
    assert mean_interval([2, 2, 2]) == Estimate(2.0, 2.0, 2.0)
    with pytest.raises(ValueError):
        mean_interval([])


# --------------------------------------------------------------------------- turns


def test_a_turn_of_short_or_long_nardy_is_one_play() -> None:
    """One play per turn, the first turn included (in short nardy the opening roll
    is the first player's roll, so its play is a turn too)."""
    for rules in ("short", "long"):
        summary = simulate(rules, 4, seed=SEED)
        assert summary.per_game is not None
        assert [g.turns for g in summary.per_game] == [g.plies for g in summary.per_game]


def test_a_gulbar_turn_holds_re_rolls_and_owed_values() -> None:
    """A turn is everything one player does before the other player moves: Black's
    owed 6s and its own roll are one turn, White's 2-2 and its re-roll another."""
    game = Game(nardy.ruleset("gulbar"), first=Player.WHITE)
    game.roll((6, 6))
    game.play("24/18(2)")  # two of the four steps: Black owes two 6s
    game.play("24/18")  # Black plays them ...
    game.roll((3, 1))
    game.play("24/20")  # ... and its own roll, in the same turn
    game.roll((2, 2))
    game.play("24/22 18/16 18/14")  # four steps: White rolls again
    game.roll((5, 4))
    game.play("24/15")
    game.roll((5, 3))
    game.play(game.legal_plays()[0])
    assert game.plies == 6
    assert count_turns(game) == 4  # White, Black, White, Black
    assert count_turns(Game(nardy.ruleset("gulbar"), first=Player.WHITE)) == 0


def _turns_of_history(game: Game) -> int:
    """The turns of ``game`` counted from its history's events."""
    movers = [e.player for e in game.history if isinstance(e, PlayEvent)]
    return (1 if movers else 0) + sum(a != b for a, b in pairwise(movers))


def test_turns_are_counted_alike_in_a_copy_a_pickle_and_after_an_undo() -> None:
    """``Game.turns`` counts from the history as the game keeps it (a game loaded from a
    pickle keeps it from the events): the turns of the events, in the game, its copies
    and after each undo."""
    game = Game(nardy.ruleset("gulbar"), seed=SEED)
    play_game(game, {Player.WHITE: GreedyAgent(), Player.BLACK: RandomAgent(seed=SEED)})
    turns = _turns_of_history(game)
    assert turns > 1
    for twin in (game, game.clone(), pickle.loads(pickle.dumps(game))):
        assert count_turns(twin) == twin.turns == turns
        while twin.history:
            twin.undo()
            assert count_turns(twin) == twin.turns == _turns_of_history(twin)


def test_a_run_counts_its_turns_as_its_games_have_them() -> None:
    summary = simulate("gulbar", 6, seed=SEED)
    assert summary.per_game is not None
    for record in summary.per_game:
        game = Game(nardy.ruleset("gulbar"), seed=record.seed)
        agents = {Player.WHITE: GreedyAgent(), Player.BLACK: RandomAgent(seed=record.seed * 2 + 1)}
        play_game(game, agents)
        assert (record.turns, record.plies) == (count_turns(game), game.plies)
        movers = [e.player for e in game.history if isinstance(e, PlayEvent)]
        assert record.turns == 1 + sum(a != b for a, b in pairwise(movers))


# --------------------------------------------------------------------------- compare


def test_compare_alternates_colours() -> None:
    result = compare("short", "greedy", "random", 7, seed=SEED)
    assert isinstance(result, Comparison)
    games = result.summary.per_game
    assert games is not None
    assert [(g.white, g.black) for g in games] == [
        ("greedy", "random") if i % 2 == 0 else ("random", "greedy") for i in range(7)
    ]
    assert result.wins == sum(1 for g in games if g.winning_agent == "greedy")
    assert result.wins + result.losses + result.draws == 7
    assert result.win_rate == wilson_interval(result.wins, 7)
    assert result.mean_points.value == pytest.approx(sum(g.net_for("greedy") for g in games) / 7)
    assert compare("short", "greedy", "random", 7, seed=SEED, workers=2, chunk=2) == result
    assert "greedy wins" in str(result)


def test_greedy_beats_random_by_a_wide_margin() -> None:
    result = compare("short", "greedy", "random", 40, seed=1, workers=2)
    assert result.win_rate.low > 0.75, str(result)


def test_bad_arguments() -> None:
    with pytest.raises(nardy.NardyError, match="unknown agent"):
        simulate("short", 2, white="nobody")
    with pytest.raises(nardy.NardyError, match="two different agents"):
        compare("short", "greedy", "greedy", 2)
    with pytest.raises(nardy.UnknownRuleSetError):
        simulate("no such game", 2)


#: arguments each refused with a nardy error that says what is wrong (before any game)
REFUSED: list[tuple[Callable[[], object], str]] = [
    (lambda: simulate("short", 0), "games must be at least 1, not 0"),
    (lambda: simulate("short", -5), "games must be at least 1, not -5"),
    (lambda: simulate("short", 2.0), "games must be an int, not 2.0"),  # type: ignore[arg-type]
    (lambda: simulate("short", True), "games must be an int, not True"),  # type: ignore[arg-type]
    (lambda: simulate("short", "3"), "games must be an int, not '3'"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, workers=0), "workers must be at least 1, not 0"),
    (lambda: simulate("short", 2, workers=None), "workers must be an int, not None"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, workers=2**70), "workers must be at most 1,024, not 1180591620717411303424"),  # noqa: E501
    (lambda: simulate("short", 2, workers=10**5000), "workers must be at most 1,024, not an int of 5001 digits"),  # noqa: E501
    (lambda: simulate("short", 2, chunk=0), "chunk must be at least 1, not 0"),
    (lambda: simulate("short", 2, chunk=1.5), "chunk must be an int, not 1.5"),  # type: ignore[arg-type]
    (lambda: simulate(42, 2), "rules must be a RuleSet or a ruleset name, not 42"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, seed="x"), "seed must be an int or None, not 'x'"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, seed=True), "seed must be an int or None, not True"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, progress=5), "progress must be a function"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, keep_games="no"), "keep_games must be True or False, not 'no'"),  # type: ignore[arg-type]
    (lambda: simulate("short", 2, executor=object()), "executor must have a submit(fn, *args) method"),  # type: ignore[arg-type]
    (lambda: compare("short", "greedy", "random", 0), "games must be at least 1, not 0"),
    (lambda: compare("short", "greedy", "random", 2, workers=-1), "workers must be at least 1, not -1"),
    (lambda: PoolExecutor(None), "PoolExecutor needs a multiprocessing.Pool-like object with apply_async()"),
    (lambda: wilson_interval(1, 0), "a share needs 1 to 2**63 trials, not 0"),
    (lambda: wilson_interval(1, 10**5000), "a share needs 1 to 2**63 trials, not an int of 5001 digits"),
    (lambda: wilson_interval(-1, 5), "successes must be in 0..5, not -1"),
    (lambda: wilson_interval(6, 5), "successes must be in 0..5, not 6"),
    (lambda: wilson_interval("3", 5), "successes must be an int, not '3'"),  # type: ignore[arg-type]
    (lambda: wilson_interval(3, 5, z=-1), "z must be a positive finite number, not -1.0"),
    (lambda: wilson_interval(3, 5, z=float("nan")), "z must be a positive finite number, not nan"),
    (lambda: mean_interval([]), "a mean needs at least one value"),
    (lambda: mean_interval(None), "values must be a sequence of numbers"),  # type: ignore[arg-type]
    (lambda: mean_interval([1, "2"]), "each value must be a real number, not '2'"),  # type: ignore[list-item]
    (lambda: mean_interval([1, 10**5000]), "each value must be a real number, not an int of 5001 digits"),
    (lambda: Summary.from_records([]), "nothing to summarise: no games"),
    (lambda: Summary.from_records(None), "records must be an iterable of GameRecords, not None"),  # type: ignore[arg-type]
    (lambda: Summary.from_records([{"index": 0}]), "records must be GameRecords, not {'index': 0}"),  # type: ignore[list-item]
    (lambda: Summary.from_records(HAND_MADE, keep_games=None), "keep_games must be True or False, not None"),  # type: ignore[arg-type]
    (lambda: _rec(0, "red", "oin", 1, 10), "a game record's winner is 'white', 'black' or None, not 'red'"),
    (lambda: _rec(-1, "white", "oin", 1, 10), "index must be at least 0, not -1"),
    (
        lambda: GameRecord(0, 1, "a", "b", "white", "oin", 1, plies=3, turns=4),
        "a game record's turns hold a play each: 4 turns need as many plies or more",
    ),
    (lambda: Estimate(0.5, 0.2, 0.8).format("zz"), "cannot format an estimate with the spec 'zz'"),
    (lambda: Estimate(0.5, 0.2, 0.8).format(None), "spec must be a format spec"),  # type: ignore[arg-type]
    (lambda: game_seed("x", 1), "seed must be an int, not 'x'"),  # type: ignore[arg-type]
    (lambda: game_seed(1, -1), "index must be at least 0, not -1"),
]


@pytest.mark.parametrize(("call", "message"), REFUSED, ids=[message for _, message in REFUSED])
def test_bad_arguments_are_nardy_errors(call: Callable[[], object], message: str) -> None:
    """Each bad argument is a NardyError (a ValueError) naming it, not Python's
    ValueError or TypeError from inside."""
    with pytest.raises(nardy.NardyError) as info:
        call()
    assert str(info.value).startswith(message)


# --------------------------------------------------------------------------- CLI


def _without_speed(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("plays per second"))


def test_cli_workers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["selfplay", "--rules", "short", "--games", "8", "--seed", "3", "--quiet"]
    assert main([*argv, "--workers", "2", "--chunk", "3"]) == 0
    parallel = capsys.readouterr().out
    assert main(argv) == 0
    serial = capsys.readouterr().out
    assert _without_speed(parallel) == _without_speed(serial)
    assert "2 workers" in parallel and "plays per second" in serial
    for piece in ("nardy.ruleset('short'): 8 games, seed 3", "white (greedy)", "black (random)",
                  "95% CI", "results: ", "average turns per game"):
        assert piece in parallel


def test_cli_progress_and_bad_workers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "5", "--workers", "2", "--chunk", "2"]) == 0
    captured = capsys.readouterr()
    assert "5/5" in captured.err + captured.out  # rich draws on stdout, the fallback on stderr
    assert "5 games" in captured.out
    assert main(["selfplay", "--games", "2", "--workers", "0"]) == 2
    assert "--workers" in capsys.readouterr().err


# --------------------------------------------------------------------------- agent objects


class Alternating:
    """Plays the first and the last legal play in turn: what it chooses depends on
    its own state, which a fresh copy per game resets."""

    name = "alternating"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, game: Game) -> Play:
        plays = game.legal_plays()
        self.calls += 1
        return plays[0] if self.calls % 2 else plays[-1]


class Doubler(GreedyAgent):
    """The greedy bot that doubles whenever it may."""

    name = "doubler"

    def wants_double(self, game: Game) -> bool:
        return True


class Keyed:
    """Chooses the play with the largest ``key(play)``: with a lambda for the key
    it copies (``copy.deepcopy`` keeps functions) but does not pickle."""

    name = "keyed"

    def __init__(self, key: Callable[[Play], str]) -> None:
        self.key = key

    def choose(self, game: Game) -> Play:
        return max(game.legal_plays(), key=self.key)


class Locked(GreedyAgent):
    """A greedy bot holding a lock: it neither copies nor pickles."""

    name = "locked"

    def __init__(self) -> None:
        self.lock = threading.Lock()


class _PicklingExecutor(_EagerExecutor):
    """Sends the task's arguments through pickle, as executors of other processes do."""

    def submit(self, fn: Any, /, *args: Any) -> _PlainFuture:
        return super().submit(fn, *pickle.loads(pickle.dumps(args)))


def test_agent_objects_play_as_their_names(baseline: Summary) -> None:
    assert simulate("short", GAMES, seed=SEED, white=GreedyAgent(), black="random") == baseline
    assert simulate("short", GAMES, seed=SEED, white=GreedyAgent(), workers=2, chunk=5) == baseline
    result = compare("short", GreedyAgent(), "random", 7, seed=SEED)
    assert result == compare("short", "greedy", "random", 7, seed=SEED)
    assert result.a == "greedy" and result.b == "random"


def test_each_game_gets_a_fresh_copy_of_an_agent_object() -> None:
    rules = nardy.ruleset("short")
    agent = Alternating()
    summary = simulate(rules, 6, seed=SEED, white=agent, black="random")
    assert agent.calls == 0  # the object given is left as it was
    assert summary.sides == {"white": "alternating", "black": "random"}
    assert summary.per_game is not None
    for record in summary.per_game:
        game = nardy.Game(rules, seed=record.seed)
        result = play_game(
            game, {Player.WHITE: Alternating(), Player.BLACK: RandomAgent(seed=record.seed * 2 + 1)}
        )
        assert (record.kind, record.points, record.plies) == (result.kind, result.points, game.plies)
    # so the chunks and the workers do not matter
    assert simulate(rules, 6, seed=SEED, white=agent, black="random", chunk=1) == summary
    assert simulate(rules, 6, seed=SEED, white=agent, black="random", workers=2, chunk=2) == summary
    assert simulate(rules, 6, seed=SEED, white=agent, black="random", executor=_PicklingExecutor()) == summary


def test_agent_objects_travel_to_spawned_workers() -> None:
    serial = compare("long", Alternating(), "greedy", 4, seed=SEED)
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=2, mp_context=ctx) as pool:
        assert compare("long", Alternating(), "greedy", 4, seed=SEED, executor=pool, chunk=1) == serial


def test_agent_objects_keep_their_cube_decisions() -> None:
    summary = simulate(nardy.ruleset("short", cube=True), 4, seed=SEED, white=Doubler(), black="random")
    assert summary.per_game is not None
    # RandomAgent has no cube methods, so it takes: the cube was turned in every game
    assert all(record.cube >= 2 for record in summary.per_game)
    assert summary.sides["white"] == "doubler"


def test_an_agent_that_does_not_pickle_plays_here_but_not_on_workers() -> None:
    agent = Keyed(lambda play: str(play))
    with pytest.raises((pickle.PicklingError, AttributeError)):  # "Can't pickle local object"
        pickle.dumps(agent)
    serial = simulate("short", 4, seed=SEED, white=agent, black="random")
    assert serial.sides["white"] == "keyed"
    with cf.ThreadPoolExecutor(2) as threads:  # threads need no pickling
        assert simulate("short", 4, seed=SEED, white=agent, black="random", executor=threads) == serial
    with multiprocessing.pool.ThreadPool(2) as pool:
        summary = simulate("short", 4, seed=SEED, white=agent, executor=PoolExecutor(pool))
        assert summary == serial
    with pytest.raises(nardy.NardyError, match=r"white agent 'keyed' does not pickle .*workers=1"):
        simulate("short", 4, seed=SEED, white=agent, workers=2)
    with pytest.raises(nardy.NardyError, match="b agent 'keyed' does not pickle"):
        compare("short", "greedy", agent, 4, workers=2)
    with cf.ProcessPoolExecutor(max_workers=1) as pool:
        with pytest.raises(nardy.NardyError, match="does not pickle"):
            simulate("short", 4, white="random", black=agent, executor=pool)
    # an executor nardy does not know: its own error, with a note that names the agent
    with pytest.raises(Exception) as caught:
        simulate("short", 4, white=agent, executor=_PicklingExecutor())
    assert not isinstance(caught.value, nardy.NardyError)
    assert any("white agent 'keyed' does not pickle" in note for note in caught.value.__notes__)


def test_an_agent_that_cannot_be_copied_is_refused() -> None:
    with pytest.raises(nardy.NardyError, match="'locked' cannot be copied"):
        simulate("short", 2, white=Locked())


class _Nameless:
    def choose(self, game: Game) -> Play:
        return game.legal_plays()[0]


class _Chooseless:
    name = "idle"


def test_objects_without_the_agent_protocol_are_refused() -> None:
    lacks = r"white=.* is not an agent: it lacks a name \(a non-empty str\) and a choose"
    with pytest.raises(nardy.NardyError, match=lacks):
        simulate("short", 2, white=object())  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match=r"black=.* is not an agent: it lacks a name"):
        simulate("short", 2, black=_Nameless())  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match=r"a=.* is not an agent: it lacks a choose\(game\) method"):
        compare("short", _Chooseless(), "random", 2)  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match=r"the class GreedyAgent: pass an agent object"):
        simulate("short", 2, white=GreedyAgent)  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match="unknown agent 'nobody' for black"):
        simulate("short", 2, black="nobody")


def test_compare_tells_agents_apart_by_name() -> None:
    with pytest.raises(nardy.NardyError, match="both are named 'alternating'"):
        compare("short", Alternating(), Alternating(), 2)
    with pytest.raises(nardy.NardyError, match="both are named 'greedy'"):
        compare("short", GreedyAgent(), "greedy", 2)
    with pytest.raises(nardy.NardyError, match="two different agents"):
        compare("short", "random", "random", 2)


# --------------------------------------------------------------------------- seed=None


def test_seed_none_draws_a_seed_and_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []

    def randbits(k: int) -> int:
        drawn.append(k)
        return 987_654_321

    monkeypatch.setattr(secrets, "randbits", randbits)  # where nardy.simulate draws from
    summary = simulate("short", 5, seed=None)
    assert drawn == [63]
    assert summary.seed == 987_654_321 and "seed 987654321" in str(summary)
    assert summary == simulate("short", 5, seed=987_654_321)  # the reported seed replays it
    result = compare("short", "greedy", "random", 4, seed=None)
    assert result.summary.seed == 987_654_321
    assert result == compare("short", "greedy", "random", 4, seed=987_654_321)


def test_seed_none_plays_other_games_each_time() -> None:
    first = simulate("short", 3, seed=None, white="random")
    second = simulate("short", 3, seed=None, white="random", workers=2)
    assert isinstance(first.seed, int) and isinstance(second.seed, int) and first.seed != second.seed
    assert first.per_game is not None and second.per_game is not None
    assert [g.seed for g in first.per_game] == [game_seed(first.seed, i) for i in range(3)]
    assert [g.seed for g in second.per_game] == [game_seed(second.seed, i) for i in range(3)]


def test_a_seed_that_is_not_an_int_is_refused() -> None:
    with pytest.raises(nardy.NardyError, match="seed must be an int or None"):
        simulate("short", 2, seed="7")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- tables


LONG_STEP = nardy.ruleset("long", block_check="step")


def test_records_are_the_rows_of_a_table() -> None:
    s = Summary.from_records(HAND_MADE, rules=LONG_STEP, seed=9)
    rows = s.to_records()
    assert [tuple(row) for row in rows] == [RECORD_FIELDS] * 5  # every key, in order
    assert [row["game"] for row in rows] == [0, 1, 2, 3, 4]
    first, draw = rows[0], rows[4]
    assert first == {
        "game": 0, "seed": 100, "run_seed": 9,
        "ruleset": "long", "options": {"block_check": "step"},
        "rules": "nardy.ruleset('long', block_check='step')",
        "white": "greedy", "black": "random", "winner": "white", "winning_agent": "greedy",
        "kind": "mars", "ending": "bear_off", "points": 2, "cube": 1, "white_net": 2,
        "plies": 40, "turns": 39,
    }
    assert rows[3]["winner"] == "black" and rows[3]["winning_agent"] == "random"
    assert rows[3]["white_net"] == -1
    assert (draw["winner"], draw["winning_agent"], draw["white_net"]) == (None, None, 0)
    # the ruleset and options columns rebuild the ruleset played
    assert nardy.ruleset(first["ruleset"], **first["options"]) == LONG_STEP
    # new dicts each time: changing a row changes nothing else
    first["options"]["block_check"] = "end"
    assert s.to_records()[0]["options"] == {"block_check": "step"} == s.options
    assert rows[1]["options"] == {"block_check": "step"}


def test_records_of_a_run_follow_its_games() -> None:
    summary = simulate(LONG_STEP, 4, seed=SEED, white="random", black="greedy", workers=2)
    assert summary.per_game is not None
    rows = summary.to_records()
    for row, game in zip(rows, summary.per_game, strict=True):
        assert (row["game"], row["seed"], row["white"], row["winner"], row["points"], row["plies"]) == (
            game.index, game.seed, game.white, game.winner, game.points, game.plies
        )
        assert row["seed"] == game_seed(SEED, row["game"]) and row["run_seed"] == SEED
        assert (row["ruleset"], row["options"]) == ("long", {"block_check": "step"})
    assert summary.ruleset == "long"


def test_records_of_a_summary_made_from_a_label_or_without_games() -> None:
    labelled = Summary.from_records(HAND_MADE, rules="my experiment")
    assert (labelled.ruleset, labelled.options) == ("", {})
    assert {(row["rules"], row["ruleset"]) for row in labelled.to_records()} == {("my experiment", "")}
    bare = Summary.from_records(HAND_MADE, keep_games=False)
    with pytest.raises(nardy.NardyError, match="keep_games=False"):
        bare.to_records()
    with pytest.raises(nardy.NardyError, match="keep_games=False"):
        bare.to_dataframe()


def test_dataframe() -> None:
    pd = pytest.importorskip("pandas")
    s = Summary.from_records(HAND_MADE, rules=LONG_STEP, seed=9)
    frame = s.to_dataframe()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == list(RECORD_FIELDS) and len(frame) == 5
    assert frame["points"].tolist() == [2, 1, 3, 1, 0]
    assert frame["plies"].sum() == s.total_plies
    assert frame["white_net"].mean() == pytest.approx(s.mean_points.value)
    assert frame.groupby("winning_agent")["points"].sum().to_dict() == s.agent_points
    assert frame["options"][0] == {"block_check": "step"}


def test_dataframe_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` raises ImportError
    with pytest.raises(ImportError, match=r"needs pandas.*pip install 'nardy\[pandas\]'") as caught:
        Summary.from_records(HAND_MADE).to_dataframe()
    assert caught.value.name == "pandas"


# --------------------------------------------------------------------------- Ctrl-C


class StopAfter:
    """A progress callback that raises KeyboardInterrupt (as Ctrl-C does) once
    ``games`` games have been reported finished; it keeps what it was told."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.calls: list[int] = []

    def __call__(self, n: int) -> None:
        self.calls.append(n)
        if sum(self.calls) >= self.games:
            raise KeyboardInterrupt


def test_ctrl_c_here_keeps_the_games_played() -> None:
    stop = StopAfter(4)
    with pytest.raises(Interrupted) as caught:
        simulate("short", 50, seed=SEED, progress=stop)
    assert isinstance(caught.value, KeyboardInterrupt)
    assert caught.value.games == 50 and caught.value.finished == 4
    assert str(caught.value) == "interrupted: 4 of 50 games finished"
    # the games played one by one here: exactly games 0..3 of the run
    assert caught.value.summary == simulate("short", 4, seed=SEED)
    assert caught.value.comparison is None


@pytest.mark.parametrize("chunk", [None, 2])
def test_ctrl_c_on_a_pool_keeps_the_games_reported(chunk: int | None) -> None:
    stop = StopAfter(3)
    with pytest.raises(Interrupted) as caught:
        simulate("short", 200, seed=SEED, workers=2, chunk=chunk, progress=stop)
    summary = caught.value.summary
    assert summary is not None and summary.per_game is not None
    # exactly the games reported finished: three games, or two chunks of two
    assert summary.games == sum(stop.calls) == (3 if chunk is None else 4)
    # whichever finished first, each is the game of that index in a full run
    full = simulate("short", max(g.index for g in summary.per_game) + 1, seed=SEED)
    assert full.per_game is not None
    assert all(full.per_game[g.index] == g for g in summary.per_game)
    assert summary == Summary.from_records(summary.per_game, rules=nardy.ruleset("short"), seed=SEED)


def test_ctrl_c_before_any_game_finished() -> None:
    with pytest.raises(Interrupted) as caught:
        simulate("short", 10, seed=SEED, progress=StopAfter(0))
    assert caught.value.summary is None and caught.value.finished == 0
    assert str(caught.value) == "interrupted: 0 of 10 games finished"


def test_ctrl_c_during_compare() -> None:
    with pytest.raises(Interrupted) as caught:
        compare("short", "greedy", "random", 30, seed=SEED, progress=StopAfter(5))
    assert caught.value.comparison == compare("short", "greedy", "random", 5, seed=SEED)
    assert caught.value.summary == caught.value.comparison.summary


def test_interrupted_pickles() -> None:
    with pytest.raises(Interrupted) as caught:
        simulate("short", 10, seed=SEED, progress=StopAfter(2))
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.summary, again.games, str(again)) == (caught.value.summary, 10, str(caught.value))


class _InterruptingFuture(_PlainFuture):
    def result(self) -> Any:
        raise KeyboardInterrupt


class _InterruptingExecutor(_EagerExecutor):
    """Plays every task, but Ctrl-C comes while the third one is read."""

    def submit(self, fn: Any, /, *args: Any) -> _PlainFuture:
        if len(self.futures) == 2:
            self.futures.append(_InterruptingFuture())
            return self.futures[-1]
        return super().submit(fn, *args)


def test_ctrl_c_while_waiting_for_an_executor() -> None:
    executor = _InterruptingExecutor()
    with pytest.raises(Interrupted) as caught:
        simulate("short", 10, seed=SEED, executor=executor, chunk=2)
    # the two chunks read before it: games 0..3; the ones not read are cancelled
    assert caught.value.summary == simulate("short", 4, seed=SEED)
    assert [f.cancelled for f in executor.futures] == [False, False, False, True, True]


class _CountingThreads(cf.ThreadPoolExecutor):
    def __init__(self) -> None:
        super().__init__(2)
        self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


def test_a_pool_gets_a_few_tasks_at_a_time() -> None:
    # so Ctrl-C leaves no long queue behind, and a long run holds no future per game
    window = 4 * max(1, os.cpu_count() or 1)
    games = window + 50
    with _CountingThreads() as pool:
        with pytest.raises(Interrupted):
            simulate("short", games, seed=SEED, executor=pool, progress=StopAfter(1))
        assert pool.submitted <= window + 1 < games


@settings(max_examples=examples(12))
@given(
    chunk=st.integers(1, 12),
    where=st.sampled_from(["here", "threads", "eager", "pickling"]),
)
def test_same_games_whatever_the_chunks(baseline: Summary, chunk: int, where: str) -> None:
    if where == "here":
        assert simulate("short", GAMES, seed=SEED, chunk=chunk) == baseline
    elif where == "threads":
        with cf.ThreadPoolExecutor(3) as pool:
            assert simulate("short", GAMES, seed=SEED, executor=pool, chunk=chunk) == baseline
    else:
        executor = _EagerExecutor() if where == "eager" else _PicklingExecutor()
        assert simulate("short", GAMES, seed=SEED, executor=executor, chunk=chunk) == baseline


# --------------------------------------------------------------------------- rulesets of one's own


class AtMostThree(Constraint):
    """At most three of the mover's checkers on a point after a step."""

    text = "a point may hold at most three of the mover's checkers"

    def step_ok(self, state: Any, step: Any, mark: Any) -> bool:
        return bool(step.target == 0 or state.me[step.target] <= 3)


class LowTowers(Long):
    """Long nardy with points of at most three checkers (registered by a test)."""

    name = "low_towers_for_workers"
    title = "Low towers"

    def constraints(self) -> tuple[Constraint, ...]:
        return (*super().constraints(), AtMostThree())


class Unregistered(LowTowers):
    """The same rules under a name the registry never hears of."""

    name = "unregistered_for_workers"


class Shadow(LowTowers):
    """The same rules, never registered, under the built-in name ``long``."""

    name = "long"


@pytest.fixture
def registered_low_towers() -> Iterator[None]:
    """``nardy.rules.register(LowTowers)`` in this process only: workers started
    afresh import this module but never run the registration."""
    tables: list[dict[str, Any]] = [REGISTRY, ALIASES, nardy.core._FAMILY_OF_NAME]
    saved = [dict(table) for table in tables]
    register(LowTowers)
    yield
    for table, old in zip(tables, saved, strict=True):
        table.clear()
        table.update(old)


@pytest.mark.usefixtures("registered_low_towers")
@pytest.mark.parametrize("method", ["fork", "spawn"])
@pytest.mark.parametrize("cls", [LowTowers, Unregistered, Shadow])
def test_rulesets_of_ones_own_reach_the_workers(method: str, cls: type[nardy.RuleSet]) -> None:
    rules = cls(block_check="step")
    serial = simulate(rules, 4, seed=SEED, white="greedy", black="random")
    # its own rules, not long nardy's (which a lookup of the name would give)
    assert [(g.plies, g.kind) for g in serial.per_game or ()] != [
        (g.plies, g.kind) for g in simulate(nardy.ruleset("long", block_check="step"), 4, seed=SEED).per_game or ()
    ]
    ctx = multiprocessing.get_context(method)
    with cf.ProcessPoolExecutor(max_workers=2, mp_context=ctx) as pool:
        assert simulate(rules, 4, seed=SEED, white="greedy", black="random", executor=pool) == serial


def test_a_ruleset_class_defined_in_a_function_plays_here_only() -> None:
    class Local(LowTowers):
        name = "local_for_workers"

    serial = simulate(Local(), 3, seed=SEED)
    with cf.ThreadPoolExecutor(2) as threads:
        assert simulate(Local(), 3, seed=SEED, executor=threads) == serial
    with pytest.raises(nardy.NardyError, match=r"ruleset class .*Local does not pickle .*module level"):
        simulate(Local(), 3, seed=SEED, workers=2)


def test_a_ruleset_class_in_an_unimportable_main_is_refused_for_a_fresh_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # as in a notebook or python -c with the spawn start method (the default on
    # macOS and Windows): the class pickles here, but a fresh worker cannot find it
    class InMain(LowTowers):
        name = "in_main_for_workers"

    InMain.__module__, InMain.__qualname__ = "__main__", "InMain"
    main = types.ModuleType("__main__")  # no __file__ to import it from
    main.InMain = InMain  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: "spawn")
    pickle.dumps(InMain)
    with pytest.raises(
        nardy.NardyError, match=r"^InMain is defined in __main__, which worker processes started by 'spawn'"
    ):
        simulate(InMain(), 3, seed=SEED, workers=2)
    assert simulate(InMain(), 3, seed=SEED).games == 3  # here it plays


class _BrokenPool(_EagerExecutor):
    def submit(self, fn: Any, /, *args: Any) -> _PlainFuture:
        self.futures.append(_PlainFuture(error=cf.process.BrokenProcessPool("a worker died")))
        return self.futures[-1]


def test_a_broken_pool_names_the_classes_from_main(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Alternating, "__module__", "__main__")
    monkeypatch.setitem(sys.modules["__main__"].__dict__, "Alternating", Alternating)
    with pytest.raises(cf.process.BrokenProcessPool) as caught:
        simulate("short", 4, white=Alternating(), executor=_BrokenPool())
    assert any("Alternating is defined in __main__" in note for note in caught.value.__notes__)


def test_a_summary_counts_its_games_in_words() -> None:
    """``1 game``, ``2 games``: the head line of a summary and of a comparison."""
    rules = nardy.ruleset("short")
    assert str(simulate(rules, 1, seed=1)).splitlines()[0] == "nardy.ruleset('short'): 1 game, seed 1"
    assert str(simulate(rules, 2, seed=1)).splitlines()[0] == "nardy.ruleset('short'): 2 games, seed 1"
    assert ": 1 game, colours alternating" in str(compare(rules, "greedy", "random", 1, seed=1))


class _Mistaken:
    """An agent that answers a play no game has."""

    name = "mistaken"

    def choose(self, game: Game) -> str:
        return "not a play"


def test_an_agents_bad_choice_is_told_with_the_agent_and_the_choice() -> None:
    with pytest.raises(nardy.NotationError) as info:
        simulate(nardy.ruleset("short"), 1, white=_Mistaken(), black="random", seed=1)
    assert str(info.value).startswith("agent mistaken (white) chose 'not a play': cannot read 'not'")
