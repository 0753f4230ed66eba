"""Self-play at scale: many games between built-in bots or agents of your own,
serial, on a process pool, or on any executor with a ``submit()`` method
(Dask, Ray), with summary statistics and 95% confidence intervals.

>>> import nardy
>>> from nardy.simulate import simulate, compare
>>> summary = simulate(nardy.ruleset("short"), 6, white="greedy", black="random", seed=3)
>>> summary.games, summary.wins["white"] + summary.wins["black"] + summary.draws
(6, 6)
>>> summary.per_game[0].seed, summary.per_game[0].white, summary.per_game[0].black
(3000009, 'greedy', 'random')
>>> result = compare(nardy.ruleset("short"), "greedy", "random", 4, seed=1)
>>> [(g.white, g.black) for g in result.summary.per_game][:2]
[('greedy', 'random'), ('random', 'greedy')]

**Agents.** ``white``, ``black`` (and ``compare``'s ``a`` and ``b``) are
names of built-in agents (:data:`nardy.agents.AGENTS`) or agent objects of your
own: anything with the :class:`nardy.agents.Agent` protocol, a ``name`` (a
non-empty str, used in the records and the statistics) and ``choose(game)``
returning one of ``game.legal_plays()``, optionally with the cube methods
``wants_double`` and ``accepts_double``. Each game is played by a fresh copy
of the object as given (``copy.deepcopy``), so the object you pass is never
changed and no game sees what an earlier one left in the agent. To play on
worker processes (``workers > 1``, a process pool, Dask, Ray) the object is
sent along with the games, so it must pickle: define its class at module
level and keep no open files, locks or lambdas in it.

>>> from nardy.agents import GreedyAgent
>>> class Cautious(GreedyAgent):  # the greedy bot, but it never doubles
...     name = "cautious"
...     def wants_double(self, game):
...         return False
>>> with_cube = nardy.ruleset("short", cube=True)
>>> summary = simulate(with_cube, 4, white=Cautious(), black="greedy", seed=3)
>>> summary.sides, sum(summary.agent_wins.values()) + summary.draws
({'white': 'cautious', 'black': 'greedy'}, 4)

**Reproducibility.** Game ``i`` of a run with seed ``s`` uses the game seed
``s * 1_000_003 + i`` for its dice (``Game(rules, seed=...)``) and
``game_seed * 2 + colour`` for each built-in agent that takes a ``seed``
(White is colour 0, Black 1); this is the scheme ``nardy selfplay`` has always
used. A game's result depends only on ``(s, i)`` (and on the agent objects as
given), so a run gives the same :class:`Summary` whatever the number of
workers, the chunk size or the order in which chunks finish. Agent objects are
not seeded: one that draws from a random generator of its own starts every
game from the generator's state as given.

``seed=None`` draws a new run seed from the operating system's entropy, so
such a run is **not reproducible** from its arguments: calling it again plays
other games. The seed drawn is reported as :attr:`Summary.seed` (and in each
record's game seed), so the run can be replayed by passing it back.

**Executors.** Games are played in chunks of consecutive indices, one task per
chunk. With ``workers=1`` and no executor the chunks run here, one after the
other; with ``workers > 1`` a :class:`concurrent.futures.ProcessPoolExecutor`
with that many processes is created (and shut down afterwards). Any object
with ``submit(fn, *args)`` returning a future (``result()``, and preferably
``add_done_callback``) can be passed as ``executor=`` instead; it is left
running:

* a :class:`concurrent.futures.ProcessPoolExecutor` or ``ThreadPoolExecutor``
  of your own (e.g. with another ``mp_context``);
* a Dask ``distributed.Client`` (``client.submit`` returns Dask futures), or
  the ``concurrent.futures``-compatible ``client.get_executor()``::

      from distributed import Client
      with Client(n_workers=4) as client:          # or Client("scheduler:8786")
          summary = simulate(nardy.ruleset("long"), 10_000, executor=client)

* Ray: wrap a ``ray.util.multiprocessing.Pool`` (or any
  ``multiprocessing.Pool``-like object with ``apply_async``) in
  :class:`PoolExecutor`: ``simulate(..., executor=PoolExecutor(Pool()))``.

Tasks carry plain data: the ruleset as ``(name, options)`` (rebuilt with
:func:`nardy.ruleset` in the worker), agent names from
:data:`nardy.agents.AGENTS` (or the agent objects themselves), the seed and
the chunk's range; they return a list of :class:`GameRecord`. Only a ruleset
class that is not registered under its name is sent as the object itself.
"""

from __future__ import annotations

import concurrent.futures as cf
import copy
import inspect
import math
import multiprocessing.pool
import pickle
import queue
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol

import attrs

from nardy.agents import AGENTS, Agent, play_game
from nardy.core import Player
from nardy.errors import NardyError, shown
from nardy.game import Game, RollEvent
from nardy.rules import REGISTRY, ruleset
from nardy.rules.base import RuleSet

__all__ = [
    "simulate",
    "compare",
    "Summary",
    "Comparison",
    "GameRecord",
    "Estimate",
    "PoolExecutor",
    "Executor",
    "game_seed",
    "play_chunk",
    "wilson_interval",
    "mean_interval",
]

#: the normal quantile for a two-sided 95% interval
Z95 = 1.959963984540054

_SEED_STRIDE = 1_000_003


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (its dice)."""
    return seed * _SEED_STRIDE + index


# --------------------------------------------------------------------------- statistics


@attrs.frozen
class Estimate:
    """A statistic with its 95% confidence interval ``[low, high]``."""

    value: float
    low: float
    high: float

    def format(self, spec: str = ".3g", percent: bool = False) -> str:
        """``value (95% CI low-high)`` with ``spec`` (a percentage if ``percent``)."""
        if percent:
            return f"{self.value:.1%} (95% CI {self.low:.1%} to {self.high:.1%})"
        if math.isinf(self.low) or math.isinf(self.high):
            return f"{self.value:{spec}} (95% CI n/a)"
        return f"{self.value:{spec}} (95% CI {self.low:{spec}} to {self.high:{spec}})"

    def __str__(self) -> str:
        return self.format()


def wilson_interval(successes: int, trials: int, z: float = Z95) -> Estimate:
    """The share ``successes / trials`` with its Wilson score interval.

    >>> e = wilson_interval(8, 10)
    >>> round(e.value, 3), round(e.low, 3), round(e.high, 3)
    (0.8, 0.49, 0.943)
    """
    if trials <= 0:
        raise ValueError("a share needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with a normal-approximation interval
    (``mean ± z·s/√n``, ``s`` the sample standard deviation); the interval is
    ``(-inf, inf)`` for a single value.

    >>> e = mean_interval([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    """
    n = len(values)
    if n == 0:
        raise ValueError("a mean needs at least one value")
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


# --------------------------------------------------------------------------- records


@attrs.frozen
class GameRecord:
    """One finished game: who played it, its seed and how it ended.

    ``winner`` is ``"white"``, ``"black"`` or ``None`` (a draw); ``white`` and
    ``black`` are the agents' names; ``points`` is what the loser paid;
    ``plies`` counts the plays made (:attr:`Game.plies <nardy.Game.plies>`) and
    ``turns`` the rolls after the opening roll (a Gulbar re-roll is one too).
    """

    index: int
    seed: int
    white: str
    black: str
    winner: str | None
    kind: str
    points: int
    plies: int
    turns: int
    ending: str = "bear_off"
    cube: int = 1

    @property
    def winning_agent(self) -> str | None:
        """The winner's agent name (``None`` for a draw)."""
        if self.winner is None:
            return None
        return self.white if self.winner == "white" else self.black

    @property
    def white_net(self) -> int:
        """White's net points (``points`` if White won, ``-points`` if Black did)."""
        if self.winner is None:
            return 0
        return self.points if self.winner == "white" else -self.points

    def net_for(self, agent: str) -> int:
        """``agent``'s net points in this game (0 if it did not play or drew)."""
        if self.winner is None:
            return 0
        return self.points if self.winning_agent == agent else -self.points


def _counts(items: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(items).items()))


def _label(names: Iterable[str]) -> str:
    return "/".join(sorted(set(names)))


@attrs.frozen(hash=False)
class Summary:
    """Statistics of a run of games; build it with :meth:`from_records`.

    * ``wins``, ``points`` and ``win_rate`` are per side (``"white"``,
      ``"black"``); ``agent_wins``, ``agent_points`` and ``agent_win_rate``
      per agent name (an agent playing both sides counts both). ``points`` is
      the total a side won; rates count draws as not won; rates have Wilson
      intervals.
    * ``kinds`` counts the results' kinds (``oin``, ``mars``, ``koks``, ...).
    * ``mean_points`` is White's net points per game (won minus lost),
      ``mean_plies`` and ``mean_turns`` the game lengths in plies and turns
      (:class:`GameRecord`), each with a normal-approximation interval.
    * ``sides`` names the agents that played each side (``"greedy"``, or
      ``"greedy/random"`` when the colours were swapped).
    * ``per_game`` holds every :class:`GameRecord` in game order, or ``None``.

    Summaries compare equal when every statistic (and ``per_game``) does.
    """

    games: int
    rules: str
    seed: int | None
    sides: dict[str, str]
    wins: dict[str, int]
    draws: int
    points: dict[str, int]
    win_rate: dict[str, Estimate]
    agent_wins: dict[str, int]
    agent_points: dict[str, int]
    agent_win_rate: dict[str, Estimate]
    kinds: dict[str, int]
    endings: dict[str, int]
    mean_points: Estimate
    mean_plies: Estimate
    mean_turns: Estimate
    total_plies: int
    per_game: tuple[GameRecord, ...] | None = None

    @classmethod
    def from_records(
        cls,
        records: Iterable[GameRecord],
        *,
        rules: RuleSet | str = "",
        seed: int | None = None,
        keep_games: bool = True,
    ) -> Summary:
        """Summarise ``records`` (in any order; they are sorted by index)."""
        games = sorted(records, key=lambda r: r.index)
        n = len(games)
        if n == 0:
            raise ValueError("nothing to summarise: no games")
        sides = {"white": _label(g.white for g in games), "black": _label(g.black for g in games)}
        wins = {side: sum(1 for g in games if g.winner == side) for side in ("white", "black")}
        points = {
            side: sum(g.points for g in games if g.winner == side) for side in ("white", "black")
        }
        agents = sorted({g.white for g in games} | {g.black for g in games})
        played = {a: sum(1 for g in games if a in (g.white, g.black)) for a in agents}
        agent_wins = {a: sum(1 for g in games if g.winning_agent == a) for a in agents}
        agent_points = {
            a: sum(g.points for g in games if g.winning_agent == a) for a in agents
        }
        return cls(
            games=n,
            rules=rules if isinstance(rules, str) else repr(rules),
            seed=seed,
            sides=sides,
            wins=wins,
            draws=sum(1 for g in games if g.winner is None),
            points=points,
            win_rate={side: wilson_interval(w, n) for side, w in wins.items()},
            agent_wins=agent_wins,
            agent_points=agent_points,
            agent_win_rate={a: wilson_interval(agent_wins[a], played[a]) for a in agents},
            kinds=_counts(g.kind for g in games),
            endings=_counts(g.ending for g in games),
            mean_points=mean_interval([g.white_net for g in games]),
            mean_plies=mean_interval([g.plies for g in games]),
            mean_turns=mean_interval([g.turns for g in games]),
            total_plies=sum(g.plies for g in games),
            per_game=tuple(games) if keep_games else None,
        )

    def __str__(self) -> str:
        head = f"{self.rules or 'nardy'}: {self.games} games" + (
            f", seed {self.seed}" if self.seed is not None else ""
        )
        mixed = any("/" in label for label in self.sides.values())
        rows: list[tuple[str, int, Estimate, int]] = [
            (f"{side} ({self.sides[side]})", self.wins[side], self.win_rate[side], self.points[side])
            for side in ("white", "black")
        ]
        width = max(18, *(len(r[0]) + 2 for r in rows))
        if mixed:
            width = max(width, *(len(a) + 2 for a in self.agent_wins))

        def table(title: str, rows: list[tuple[str, int, Estimate, int]]) -> list[str]:
            out = [f"{title:<{width}}{'wins':>8}{'share':>9}{'95% CI':>18}{'points':>9}"]
            for label, wins, rate, points in rows:
                ci = f"[{rate.low:.1%}, {rate.high:.1%}]"
                out.append(f"{label:<{width}}{wins:>8}{rate.value:>9.1%}{ci:>18}{points:>9}")
            return out

        lines = [head, "", *table("side (bot)", rows)]
        if self.draws:
            lines.append(f"{'draws':<{width}}{self.draws:>8}{self.draws / self.games:>9.1%}")
        if mixed:
            lines.append("")
            lines += table(
                "bot",
                [
                    (a, self.agent_wins[a], self.agent_win_rate[a], self.agent_points[a])
                    for a in self.agent_wins
                ],
            )
        lines.append("")
        lines.append("results: " + ", ".join(f"{k} {n}" for k, n in self.kinds.items()))
        lines.append(f"average turns per game: {self.mean_turns.format('.1f')}")
        lines.append(f"average plies per game: {self.mean_plies.format('.1f')}")
        lines.append(f"White's net points per game: {self.mean_points.format('+.2f')}")
        return "\n".join(lines)


@attrs.frozen(hash=False)
class Comparison:
    """Agent ``a`` against agent ``b`` over ``games`` games with the colours
    alternating (``a`` is White in the even-numbered games).

    ``win_rate`` is ``a``'s share of all games (draws count as not won) with
    its Wilson interval; ``mean_points`` is ``a``'s net points per game with a
    normal-approximation interval; ``summary`` has everything else.
    """

    a: str
    b: str
    games: int
    wins: int
    losses: int
    draws: int
    win_rate: Estimate
    mean_points: Estimate
    summary: Summary

    def __str__(self) -> str:
        return (
            f"{self.a} vs {self.b}, {self.summary.rules}: {self.games} games, colours alternating\n"
            f"{self.a} wins {self.wins}, loses {self.losses}, draws {self.draws}: "
            f"win rate {self.win_rate.format(percent=True)}\n"
            f"{self.a}'s net points per game: {self.mean_points.format('+.2f')}"
        )


# --------------------------------------------------------------------------- workers


class _Chunk(NamedTuple):
    """One task: games ``start..stop-1`` of a run (plain data and the agent
    objects, if any)."""

    rules: tuple[str, tuple[tuple[str, object], ...]] | RuleSet
    white: str | Agent
    black: str | Agent
    seed: int
    start: int
    stop: int
    alternate: bool


_RULES_CACHE: dict[tuple[str, tuple[tuple[str, object], ...]], RuleSet] = {}


def _rules_spec(rules: RuleSet) -> tuple[str, tuple[tuple[str, object], ...]] | RuleSet:
    """``(name, options that differ from the defaults)``, or ``rules`` itself
    when its class is not the one registered under its name."""
    if REGISTRY.get(rules.name) is not type(rules):
        return rules
    defaults = {opt.name: opt.default for opt in type(rules).OPTIONS}
    changed = tuple((k, v) for k, v in rules.options.items() if defaults.get(k) != v)
    return rules.name, changed


def _build_rules(spec: tuple[str, tuple[tuple[str, object], ...]] | RuleSet) -> RuleSet:
    if isinstance(spec, RuleSet):
        return spec
    rules = _RULES_CACHE.get(spec)
    if rules is None:
        rules = _RULES_CACHE[spec] = ruleset(spec[0], **dict(spec[1]))
    return rules


def _agent_name(agent: str | Agent) -> str:
    """The name under which ``agent`` (a built-in's name or an agent object) is
    recorded: the name itself, or the object's ``name``."""
    return agent if isinstance(agent, str) else agent.name


def _check_agent(agent: object, role: str) -> None:
    """Refuse what is neither a built-in agent's name nor an agent object."""
    if isinstance(agent, str):
        if agent not in AGENTS:
            raise NardyError(f"unknown agent {shown(agent)} for {role}; agents: {', '.join(sorted(AGENTS))}")
        return
    if isinstance(agent, type):
        raise NardyError(
            f"{role} is the class {agent.__name__}: pass an agent object ({agent.__name__}(...)) "
            "or the name of a built-in agent"
        )
    name = getattr(agent, "name", None)
    lacks = []
    if not isinstance(name, str) or not name:
        lacks.append("a name (a non-empty str)")
    if not callable(getattr(agent, "choose", None)):
        lacks.append("a choose(game) method")
    if lacks:
        raise NardyError(
            f"{role}={shown(agent)} is not an agent: it lacks {' and '.join(lacks)}. An agent is the "
            f"name of a built-in agent ({', '.join(sorted(AGENTS))}) or an object with the "
            "nardy.agents.Agent protocol: a name and choose(game) returning one of game.legal_plays()"
        )


def _unpicklable(agents: dict[str, str | Agent]) -> list[tuple[str, Agent, Exception]]:
    """The agent objects that do not pickle: ``(role, agent, why)``."""
    out = []
    for role, agent in agents.items():
        if isinstance(agent, str):
            continue
        try:
            pickle.dumps(agent)
        except Exception as exc:  # PicklingError, TypeError, AttributeError, ... by the object
            out.append((role, agent, exc))
    return out


def _unpicklable_message(role: str, agent: Agent, error: Exception) -> str:
    return (
        f"{role} agent {shown(agent.name)} does not pickle ({type(error).__name__}: {error}), so it "
        "cannot be sent to worker processes: define its class at module level and keep no open "
        "files, locks or lambdas in it, or play in this process (workers=1, no executor)"
    )


def _sent_to_other_processes(workers: int, executor: Executor | None) -> bool:
    """Whether the tasks certainly travel to other processes (so agents must pickle)."""
    if executor is None:
        return workers > 1
    if isinstance(executor, cf.ProcessPoolExecutor):
        return True
    if isinstance(executor, PoolExecutor):
        return not isinstance(executor.pool, multiprocessing.pool.ThreadPool)
    return False


def _threads(executor: Executor) -> bool:
    """Whether ``executor`` certainly runs the tasks in this process."""
    if isinstance(executor, cf.ThreadPoolExecutor):
        return True
    return isinstance(executor, PoolExecutor) and isinstance(executor.pool, multiprocessing.pool.ThreadPool)


def _make_agent(agent: str | Agent, seed: int) -> Agent:
    if not isinstance(agent, str):
        try:
            twin: Agent = copy.deepcopy(agent)
        except Exception as exc:
            raise NardyError(
                f"agent {shown(agent.name)} cannot be copied ({type(exc).__name__}: {exc}): "
                "each game is played by a fresh copy (copy.deepcopy) of an agent object"
            ) from exc
        return twin
    cls = AGENTS[agent]
    if "seed" in inspect.signature(cls).parameters:
        return cls(seed=seed)  # type: ignore[call-arg]
    return cls()


def play_chunk(chunk: _Chunk) -> list[GameRecord]:
    """Play the games of one chunk (the task that runs on a worker)."""
    rules = _build_rules(chunk.rules)
    records = []
    for index in range(chunk.start, chunk.stop):
        seed = game_seed(chunk.seed, index)
        white, black = chunk.white, chunk.black
        if chunk.alternate and index % 2:
            white, black = black, white
        agents = {
            Player.WHITE: _make_agent(white, seed * 2 + Player.WHITE),
            Player.BLACK: _make_agent(black, seed * 2 + Player.BLACK),
        }
        game = Game(rules, seed=seed)
        result = play_game(game, agents)
        records.append(
            GameRecord(
                index=index,
                seed=seed,
                white=_agent_name(white),
                black=_agent_name(black),
                winner=None if result.winner is None else str(result.winner),
                kind=result.kind,
                points=result.points,
                plies=game.plies,
                turns=sum(1 for e in game.history if isinstance(e, RollEvent)),
                ending=result.ending,
                cube=result.cube,
            )
        )
    return records


# --------------------------------------------------------------------------- executors


class Executor(Protocol):
    """What :func:`simulate` needs of an executor: ``submit(fn, *args)``
    returning a future with ``result()`` (``concurrent.futures`` executors,
    ``distributed.Client``, :class:`PoolExecutor`)."""

    def submit(self, fn: Any, /, *args: Any) -> Any: ...


class PoolExecutor:
    """A ``submit()`` interface over a ``multiprocessing.Pool``-like object
    (``apply_async(fn, args, callback=..., error_callback=...)``), such as
    :class:`multiprocessing.pool.Pool` or ``ray.util.multiprocessing.Pool``.
    The pool is not closed by :func:`simulate`."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        future.set_running_or_notify_cancel()
        self.pool.apply_async(
            fn, args, callback=future.set_result, error_callback=future.set_exception
        )
        return future


def _as_completed(futures: Sequence[Any]) -> Iterator[int]:
    """Yield the indices of ``futures`` as they finish (in order if they cannot say)."""
    if all(isinstance(f, cf.Future) for f in futures):
        index = {f: i for i, f in enumerate(futures)}
        for f in cf.as_completed(futures):
            yield index[f]
    elif all(callable(getattr(f, "add_done_callback", None)) for f in futures):
        done: queue.SimpleQueue[int] = queue.SimpleQueue()
        for i, f in enumerate(futures):
            f.add_done_callback(lambda _f, i=i: done.put(i))
        for _ in futures:
            yield done.get()
    else:
        yield from range(len(futures))


def _default_chunk(games: int, workers: int) -> int:
    if workers <= 1:
        return max(1, min(100, math.ceil(games / 100)))
    return max(1, min(100, math.ceil(games / (8 * workers))))


def _run_seed(seed: int | None) -> int:
    """The run's seed: ``seed`` itself, or a new one from fresh entropy for ``None``."""
    if seed is None:
        return secrets.randbits(63)
    if not isinstance(seed, int):
        raise NardyError(f"seed must be an int or None, not {shown(seed)}")
    return seed


def _run(
    rules: RuleSet | str,
    games: int,
    agents: dict[str, str | Agent],
    seed: int,
    workers: int,
    executor: Executor | None,
    chunk: int | None,
    alternate: bool,
    progress: Callable[[int], object] | None,
) -> tuple[RuleSet, list[GameRecord]]:
    """Play the games; ``agents`` maps the roles (``"white"`` and ``"black"``,
    or compare's ``"a"`` and ``"b"``) to agents, the first playing White (in the
    even-numbered games if ``alternate``)."""
    if isinstance(rules, str):
        rules = ruleset(rules)
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet or a ruleset name, not {shown(rules)}")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    for role, agent in agents.items():
        _check_agent(agent, role)
    if _sent_to_other_processes(workers, executor):
        for role, agent, error in _unpicklable(agents):
            raise NardyError(_unpicklable_message(role, agent, error)) from error
    if chunk is None:
        chunk = _default_chunk(games, workers if executor is None else max(workers, 4))
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    spec = _rules_spec(rules)
    white, black = agents.values()
    chunks = [
        _Chunk(spec, white, black, seed, start, min(start + chunk, games), alternate)
        for start in range(0, games, chunk)
    ]
    records: list[GameRecord] = []
    if executor is None and workers == 1:
        if progress is not None:
            progress(0)
        for task in chunks:
            records.extend(play_chunk(task))
            if progress is not None:
                progress(task.stop - task.start)
        return rules, records
    own = None
    if executor is None:
        executor = own = cf.ProcessPoolExecutor(max_workers=workers)
    futures: list[Any] = []
    try:
        for task in chunks:
            futures.append(executor.submit(play_chunk, task))
        if progress is not None:
            progress(0)
        for i in _as_completed(futures):
            records.extend(futures[i].result())
            if progress is not None:
                progress(chunks[i].stop - chunks[i].start)
    except BaseException as exc:
        for future in futures:
            cancel = getattr(future, "cancel", None)
            if callable(cancel):
                cancel()
        if own is not None:
            own.shutdown(wait=False, cancel_futures=True)
            own = None
        if isinstance(exc, Exception) and not _threads(executor):  # it may have failed to send an agent
            for role, agent, error in _unpicklable(agents):
                exc.add_note(
                    f"note: {_unpicklable_message(role, agent, error)} (executors that run "
                    "games in other processes need agents that pickle)"
                )
        raise
    finally:
        if own is not None:
            own.shutdown()
    return rules, records


def simulate(
    rules: RuleSet | str,
    games: int,
    *,
    white: str | Agent = "greedy",
    black: str | Agent = "random",
    seed: int | None = 0,
    workers: int = 1,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: Callable[[int], object] | None = None,
    keep_games: bool = True,
) -> Summary:
    """Play ``games`` complete games of ``rules`` between ``white`` and
    ``black`` and summarise them.

    Each agent is the name of a built-in agent (a key of
    :data:`nardy.agents.AGENTS`) or an agent object of your own (the
    :class:`nardy.agents.Agent` protocol; each game gets a fresh copy, and it
    must pickle to play on worker processes: see the module docstring). An
    object is recorded under its ``name``.

    Game ``i`` is seeded from ``(seed, i)`` (see the module docstring), so the
    result is the same for any ``workers``, ``executor`` and ``chunk``.
    ``seed=None`` draws a run seed from fresh entropy: such a run is not
    reproducible from its arguments, but the seed drawn is reported as
    :attr:`Summary.seed`. ``workers > 1`` plays on a new process pool of that
    size; ``executor`` (anything with ``submit()``, e.g. a
    ``distributed.Client``) is used instead when given. ``chunk`` is the number
    of games per task (by default about eight tasks per worker, at most 100
    games each). ``progress(n)`` is called here with ``0`` once the work is
    submitted, then with the number of games of each chunk as it completes.
    ``keep_games=False`` drops the per-game records from the summary.

    Raises :class:`~nardy.NardyError` for an unknown agent name, an object
    without the agent protocol, or (when the games go to worker processes) an
    agent object that does not pickle.
    """
    run_seed = _run_seed(seed)
    rules, records = _run(
        rules, games, {"white": white, "black": black}, run_seed, workers, executor, chunk, False, progress
    )
    return Summary.from_records(records, rules=rules, seed=run_seed, keep_games=keep_games)


def compare(
    rules: RuleSet | str,
    a: str | Agent,
    b: str | Agent,
    games: int,
    *,
    seed: int | None = 0,
    workers: int = 1,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: Callable[[int], object] | None = None,
    keep_games: bool = True,
) -> Comparison:
    """Play agent ``a`` against agent ``b``: ``a`` is White in the even-numbered
    games and Black in the odd ones (same agents, seeding, workers and
    executors as :func:`simulate`). Reports ``a``'s win rate and net points per
    game. The two agents are told apart by name, so two agent objects need
    different names."""
    for role, agent in (("a", a), ("b", b)):
        _check_agent(agent, role)
    name_a, name_b = _agent_name(a), _agent_name(b)
    if name_a == name_b:
        if isinstance(a, str) and isinstance(b, str):
            raise NardyError(f"compare needs two different agents, not {shown(a)} twice; use simulate()")
        raise NardyError(
            f"compare tells the agents apart by name, and both are named {shown(name_a)}: "
            "give one of them another name"
        )
    run_seed = _run_seed(seed)
    rules, records = _run(rules, games, {"a": a, "b": b}, run_seed, workers, executor, chunk, True, progress)
    summary = Summary.from_records(records, rules=rules, seed=run_seed, keep_games=keep_games)
    games_in_order = sorted(records, key=lambda r: r.index)
    wins = summary.agent_wins[name_a]
    return Comparison(
        a=name_a,
        b=name_b,
        games=summary.games,
        wins=wins,
        losses=summary.agent_wins[name_b],
        draws=summary.draws,
        win_rate=wilson_interval(wins, summary.games),
        mean_points=mean_interval([g.net_for(name_a) for g in games_in_order]),
        summary=summary,
    )
