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

**Progress and Ctrl-C.** ``progress(n)`` is called in the calling thread
with the number of games that have just finished: ``0`` once the work has
started, then ``1`` per game (the games of each chunk on a pool or executor
given ``chunk=``), so ``progress=tqdm(total=games).update`` keeps a tqdm bar. Ctrl-C (a
:class:`KeyboardInterrupt`, also one raised by ``progress``) stops the run and
raises :class:`Interrupted`, a :class:`KeyboardInterrupt` that carries the
summary of the games reported finished so far.

**Executors.** With ``workers=1`` and no executor the games are played here,
one after the other. With ``workers > 1`` a
:class:`concurrent.futures.ProcessPoolExecutor` with that many processes is
created (and shut down afterwards); its processes leave Ctrl-C to this one.
Any object with ``submit(fn, *args)`` returning a future (``result()``, and
preferably ``add_done_callback``) can be passed as ``executor=`` instead; it is
left running:

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

Games go to the executor in chunks of consecutive indices, one task per chunk.
On this machine's pools (``workers > 1``, a ``concurrent.futures`` process or
thread pool, :class:`PoolExecutor` over a ``multiprocessing`` pool) a chunk is
one game, and a few tasks per worker are in flight at a time; other executors
(Dask, Ray), where a task costs more, get about eight chunks per worker of at
most 100 games, all submitted at once. ``chunk=`` sets the size.

Tasks carry the ruleset as its class and the options that differ from the
defaults (rebuilt in the worker as ``cls(**options)``), agent names from
:data:`nardy.agents.AGENTS` (or the agent objects themselves), the seed and
the chunk's range; they return a list of :class:`GameRecord`. A class travels
as a reference (its module and name), which a worker process imports: a
ruleset class of your own (registered or not) plays on workers wherever its
module can be imported there (see the research guide, "Rulesets of your own
on worker processes").
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import copy
import inspect
import math
import multiprocessing
import multiprocessing.pool
import numbers
import operator
import os
import pickle
import queue
import secrets
import signal
import sys
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

import attrs

from nardy.agents import AGENTS, Agent, play_game
from nardy.core import Player
from nardy.errors import NardyError, shown
from nardy.game import Game
from nardy.rules import ruleset
from nardy.rules.base import RuleSet

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-not-found, import-untyped, unused-ignore]

__all__ = [
    "simulate",
    "compare",
    "Summary",
    "Comparison",
    "GameRecord",
    "Estimate",
    "Interrupted",
    "PoolExecutor",
    "Executor",
    "RECORD_FIELDS",
    "game_seed",
    "count_turns",
    "play_chunk",
    "wilson_interval",
    "mean_interval",
]

#: the normal quantile for a two-sided 95% interval
Z95 = 1.959963984540054

_SEED_STRIDE = 1_000_003

_T = TypeVar("_T")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (its dice).

    >>> game_seed(3, 9)
    3000018
    """
    _check_int("seed", seed)
    _check_int("index", index, 0)
    return seed * _SEED_STRIDE + index


def _check_int(name: str, value: object, least: int | None = None) -> None:
    """Refuse what is not an int (a bool is none), or one below ``least``."""
    if type(value) is not int:
        raise NardyError(f"{name} must be an int, not {shown(value)}")
    if least is not None and value < least:
        raise NardyError(f"{name} must be at least {least}, not {shown(value)}")


def _check_flag(name: str, value: object) -> None:
    if type(value) is not bool:
        raise NardyError(f"{name} must be True or False, not {shown(value)}")


def _integral(name: str, value: object) -> int:
    """``value`` as an int: an int or another integral number (numpy's too), not a bool."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise NardyError(f"{name} must be an int, not {shown(value)}")
    return operator.index(value)


def _check_real(name: str, value: object) -> float:
    """``value`` as a float, refusing what is not a real number (a bool is none)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise NardyError(f"{name} must be a real number, not {shown(value)}")
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError) as exc:
        raise NardyError(f"{name} must be a real number, not {shown(value)} ({type(exc).__name__})") from None


def _games(count: int) -> str:
    """``count`` games in words: ``1 game``, ``2 games``."""
    return f"{count} game" if count == 1 else f"{count} games"


# --------------------------------------------------------------------------- statistics


@attrs.frozen
class Estimate:
    """A statistic with its 95% confidence interval ``[low, high]``."""

    value: float
    low: float
    high: float

    def format(self, spec: str = ".3g", percent: bool = False) -> str:
        """``value (95% CI low to high)`` with the format ``spec`` of a float (a
        percentage if ``percent``).

        >>> Estimate(0.5, 0.25, 0.75).format(".2f"), Estimate(0.5, 0.25, 0.75).format(percent=True)
        ('0.50 (95% CI 0.25 to 0.75)', '50.0% (95% CI 25.0% to 75.0%)')
        """
        _check_flag("percent", percent)
        if type(spec) is not str:
            raise NardyError(f"spec must be a format spec (a str such as '.3g'), not {shown(spec)}")
        try:
            return self._format(spec, percent)
        except (TypeError, ValueError) as exc:
            raise NardyError(f"cannot format an estimate with the spec {shown(spec)}: {exc}") from None

    def _format(self, spec: str, percent: bool) -> str:
        if percent:
            return f"{self.value:.1%} (95% CI {self.low:.1%} to {self.high:.1%})"
        if math.isinf(self.low) or math.isinf(self.high):
            return f"{self.value:{spec}} (95% CI n/a)"
        return f"{self.value:{spec}} (95% CI {self.low:{spec}} to {self.high:{spec}})"

    def __str__(self) -> str:
        return self.format()


#: the most trials a share is computed of (far within a float's range)
_MOST_TRIALS = 2**63


def wilson_interval(successes: int, trials: int, z: float = Z95) -> Estimate:
    """The share ``successes / trials`` with its Wilson score interval.

    >>> e = wilson_interval(8, 10)
    >>> round(e.value, 3), round(e.low, 3), round(e.high, 3)
    (0.8, 0.49, 0.943)
    """
    trials = _integral("trials", trials)
    successes = _integral("successes", successes)
    z = _check_real("z", z)
    if not 0 < trials <= _MOST_TRIALS:
        raise NardyError(f"a share needs 1 to 2**63 trials, not {shown(trials)}")
    if not 0 <= successes <= trials:
        raise NardyError(f"successes must be in 0..{trials}, not {shown(successes)}")
    if not 0 < z < math.inf:
        raise NardyError(f"z must be a positive finite number, not {shown(z)}")
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high)


def mean_interval(values: Iterable[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with a normal-approximation interval
    (``mean ± z·s/√n``, ``s`` the sample standard deviation); the interval is
    ``(-inf, inf)`` for a single value.

    >>> e = mean_interval([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    """
    if not isinstance(values, Iterable) or isinstance(values, (str, bytes, bytearray, Mapping, Set)):
        raise NardyError(f"values must be a sequence of numbers (a list, tuple or array), not {shown(values)}")
    numbers_ = [_check_real("each value", v) for v in values]
    z = _check_real("z", z)
    n = len(numbers_)
    if n == 0:
        raise NardyError("a mean needs at least one value")
    if not 0 < z < math.inf:
        raise NardyError(f"z must be a positive finite number, not {shown(z)}")
    try:
        mean = math.fsum(numbers_) / n
        if n == 1:
            return Estimate(mean, -math.inf, math.inf)
        var = math.fsum((v - mean) * (v - mean) for v in numbers_) / (n - 1)
    except (OverflowError, ValueError):  # fsum of values beyond a float's range, or of inf and -inf
        raise NardyError("the values are too large to average as floats (or include both inf and -inf)") from None
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


# --------------------------------------------------------------------------- records


@attrs.frozen
class GameRecord:
    """One finished game: who played it, its seed and how it ended.

    ``winner`` is ``"white"``, ``"black"`` or ``None`` (a draw); ``white`` and
    ``black`` are the agents' names; ``points`` is what the loser paid;
    ``plies`` counts the plays made (:attr:`Game.plies <nardy.Game.plies>`) and
    ``turns`` the turns: each run of plays by one player before the other
    player moves is one (:func:`count_turns`; a Gulbar double with its re-rolls,
    or owed values and the player's own roll, make one turn).
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

    def __attrs_post_init__(self) -> None:
        for name in ("index", "points", "plies", "turns"):
            _check_int(name, getattr(self, name), 0)
        _check_int("seed", self.seed)
        _check_int("cube", self.cube, 1)
        for name in ("white", "black", "kind", "ending"):
            if type(getattr(self, name)) is not str:
                raise NardyError(f"a game record's {name} is a str, not {shown(getattr(self, name))}")
        if self.winner is not None and (type(self.winner) is not str or self.winner not in ("white", "black")):
            raise NardyError(f"a game record's winner is 'white', 'black' or None, not {shown(self.winner)}")
        if self.turns > self.plies:
            raise NardyError(
                f"a game record's turns hold a play each: {shown(self.turns)} turns need as many plies or more"
            )

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


def _changed_options(rules: RuleSet) -> dict[str, object]:
    """The options of ``rules`` that differ from its class's defaults, in the class's order."""
    return {
        opt.name: rules.options[opt.name]
        for opt in type(rules).OPTIONS
        if rules.options[opt.name] != opt.default
    }


#: the keys of each row of :meth:`Summary.to_records` (the columns of
#: :meth:`Summary.to_dataframe`), in order
RECORD_FIELDS: tuple[str, ...] = (
    "game",
    "seed",
    "run_seed",
    "ruleset",
    "options",
    "rules",
    "white",
    "black",
    "winner",
    "winning_agent",
    "kind",
    "ending",
    "points",
    "cube",
    "white_net",
    "plies",
    "turns",
)


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
    * ``rules`` is the ruleset as its constructor expression
      (``"nardy.ruleset('long', block_check='step')"``), ``ruleset`` its name
      and ``options`` the options that differ from its defaults (both empty
      when the summary was made from a label rather than a ruleset).
    * ``per_game`` holds every :class:`GameRecord` in game order, or ``None``;
      :meth:`to_records` and :meth:`to_dataframe` give them as a table.

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
    ruleset: str = ""
    options: dict[str, object] = attrs.field(factory=dict)

    @classmethod
    def from_records(
        cls,
        records: Iterable[GameRecord],
        *,
        rules: RuleSet | str = "",
        seed: int | None = None,
        keep_games: bool = True,
    ) -> Summary:
        """Summarise ``records`` (in any order; they are sorted by index).

        ``rules`` is the ruleset played (or only a label for it), ``seed`` the
        run's seed; ``keep_games=False`` keeps no per-game records.
        """
        if not isinstance(records, Iterable) or isinstance(records, (str, bytes)):
            raise NardyError(f"records must be an iterable of GameRecords, not {shown(records)}")
        games = list(records)
        for record in games:
            if not isinstance(record, GameRecord):
                raise NardyError(f"records must be GameRecords, not {shown(record)}")
        if not isinstance(rules, (RuleSet, str)):
            raise NardyError(f"rules must be a RuleSet or a label (a str), not {shown(rules)}")
        if seed is not None:
            _check_int("seed", seed)
        _check_flag("keep_games", keep_games)
        games.sort(key=lambda r: r.index)
        n = len(games)
        if n == 0:
            raise NardyError("nothing to summarise: no games")
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
            ruleset="" if isinstance(rules, str) else rules.name,
            options={} if isinstance(rules, str) else _changed_options(rules),
        )

    def to_records(self) -> list[dict[str, Any]]:
        """The games as the rows of a table: one new dict per game, in game
        order, with the keys of :data:`RECORD_FIELDS`:

        * ``game``: the game's number in the run (:attr:`GameRecord.index`),
          ``seed`` the game's seed and ``run_seed`` the run's (:attr:`seed`);
        * ``ruleset``: the ruleset's name, ``options`` the options that differ
          from its defaults (a dict: ``nardy.ruleset(row["ruleset"],
          **row["options"])`` is the ruleset played) and ``rules`` the same as
          a constructor expression, one string to group or filter by;
        * ``white``, ``black``: the agents' names; ``winner``: ``"white"``,
          ``"black"`` or ``None`` (a draw); ``winning_agent``: the winner's
          agent name (``None`` for a draw);
        * ``kind`` (``"oin"``, ``"mars"``, ...), ``ending`` (``"bear_off"``,
          ``"drop"``, ...), ``points`` (what the loser paid, cube included),
          ``cube`` (the cube's value at the end) and ``white_net`` (White's net
          points: ``points``, ``-points`` or 0);
        * ``plies`` (plays made) and ``turns`` (runs of plays by one player,
          :func:`count_turns`).

        Raises :class:`~nardy.NardyError` for a summary that keeps no
        per-game records (``keep_games=False``).

        >>> summary = simulate("long", 3, seed=2, white="greedy", black="random")
        >>> rows = summary.to_records()
        >>> len(rows), tuple(rows[0]) == RECORD_FIELDS
        (3, True)
        >>> {key: rows[1][key] for key in ("game", "ruleset", "options", "white", "black")}
        {'game': 1, 'ruleset': 'long', 'options': {}, 'white': 'greedy', 'black': 'random'}
        >>> rows[1]["seed"] == game_seed(2, 1), rows[1]["run_seed"]
        (True, 2)
        >>> all(row["white_net"] == (row["points"] if row["winner"] == "white" else -row["points"])
        ...     for row in rows if row["winner"] is not None)
        True
        """
        if self.per_game is None:
            raise NardyError(
                "this summary keeps no per-game records (it was made with keep_games=False), "
                "so it has no rows to give"
            )
        return [self._row(g) for g in self.per_game]

    def _row(self, g: GameRecord) -> dict[str, Any]:
        return {
            "game": g.index,
            "seed": g.seed,
            "run_seed": self.seed,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "rules": self.rules,
            "white": g.white,
            "black": g.black,
            "winner": g.winner,
            "winning_agent": g.winning_agent,
            "kind": g.kind,
            "ending": g.ending,
            "points": g.points,
            "cube": g.cube,
            "white_net": g.white_net,
            "plies": g.plies,
            "turns": g.turns,
        }

    def to_dataframe(self) -> pd.DataFrame:
        """The rows of :meth:`to_records` as a ``pandas.DataFrame``: one row per
        game, the columns of :data:`RECORD_FIELDS` (``options`` holds dicts;
        group by ``rules`` to tell runs with other options apart)::

            frame = simulate("long", 1000, seed=1, workers=4).to_dataframe()
            frame.groupby("winner")["plies"].mean()

        pandas is an optional dependency (``pip install 'nardy[pandas]'``);
        without it this raises an :class:`ImportError` that says so. Raises
        :class:`~nardy.NardyError` for a summary that keeps no per-game
        records (``keep_games=False``).
        """
        try:
            import pandas
        except ImportError as error:
            raise ImportError(
                f"Summary.to_dataframe needs pandas, an optional dependency: "
                f"pip install 'nardy[pandas]' ({error})",
                name="pandas",
            ) from error
        return pandas.DataFrame.from_records(self.to_records(), columns=list(RECORD_FIELDS))

    def __str__(self) -> str:
        head = f"{self.rules or 'nardy'}: {_games(self.games)}" + (
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
            f"{self.a} vs {self.b}, {self.summary.rules}: {_games(self.games)}, colours alternating\n"
            f"{self.a} wins {self.wins}, loses {self.losses}, draws {self.draws}: "
            f"win rate {self.win_rate.format(percent=True)}\n"
            f"{self.a}'s net points per game: {self.mean_points.format('+.2f')}"
        )


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate` or :func:`compare`: a
    :class:`KeyboardInterrupt` that keeps the games finished so far.

    ``summary`` is the :class:`Summary` of the games reported finished
    (through ``progress``) before the interruption, ``None`` if there were
    none; for :func:`compare`, ``comparison`` is the :class:`Comparison` of
    those games (else ``None``); ``games`` is the number of games asked for.
    Catching :class:`KeyboardInterrupt` catches it too.

    >>> def stop_after_three(n, finished=[0]):
    ...     finished[0] += n
    ...     if finished[0] >= 3:
    ...         raise KeyboardInterrupt
    >>> try:
    ...     simulate("short", 100, seed=1, progress=stop_after_three)
    ... except Interrupted as stop:
    ...     print(stop, "|", stop.summary.games, stop.games)
    interrupted: 3 of 100 games finished | 3 100
    """

    def __init__(
        self, summary: Summary | None, games: int, comparison: Comparison | None = None
    ) -> None:
        self.summary = summary
        self.games = games
        self.comparison = comparison
        super().__init__(f"interrupted: {self.finished} of {_games(games)} finished")

    @property
    def finished(self) -> int:
        """The number of games finished (those in :attr:`summary`)."""
        return 0 if self.summary is None else self.summary.games

    def __reduce__(self) -> tuple[Any, ...]:
        return (Interrupted, (self.summary, self.games, self.comparison))


# --------------------------------------------------------------------------- workers


class _Rules(NamedTuple):
    """A ruleset as a task carries it: its class (pickled as a reference, which
    the worker imports) and the options that differ from the class's defaults."""

    cls: type[RuleSet]
    options: tuple[tuple[str, object], ...]


class _Chunk(NamedTuple):
    """One task: games ``start..stop-1`` of a run (plain data, the ruleset's
    class and the agent objects, if any)."""

    rules: _Rules
    white: str | Agent
    black: str | Agent
    seed: int
    start: int
    stop: int
    alternate: bool


_RULES_CACHE: dict[_Rules, RuleSet] = {}


def _rules_spec(rules: RuleSet) -> _Rules:
    return _Rules(type(rules), tuple(_changed_options(rules).items()))


def _build_rules(spec: _Rules) -> RuleSet:
    rules = _RULES_CACHE.get(spec)
    if rules is None:
        rules = _RULES_CACHE[spec] = spec.cls(**dict(spec.options))
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


def _unpicklable(rules: RuleSet, agents: dict[str, str | Agent]) -> list[str]:
    """Why the ruleset's class or the agent objects cannot be sent to another
    process (one message each; empty when they all pickle)."""
    out = []
    try:
        pickle.dumps(type(rules))
    except Exception as exc:  # PicklingError, AttributeError: a class defined in a function
        out.append(
            f"the ruleset class {type(rules).__qualname__} does not pickle "
            f"({type(exc).__name__}: {exc}), so it cannot be sent to worker processes: define "
            "it at module level, or play in this process (workers=1, no executor)"
        )
    for role, agent in agents.items():
        if isinstance(agent, str):
            continue
        try:
            pickle.dumps(agent)
        except Exception as exc:  # PicklingError, TypeError, AttributeError, ... by the object
            out.append(
                f"{role} agent {shown(agent.name)} does not pickle ({type(exc).__name__}: {exc}), "
                "so it cannot be sent to worker processes: define its class at module level and "
                "keep no open files, locks or lambdas in it, or play in this process (workers=1, "
                "no executor)"
            )
    return out


def _in_main(rules: RuleSet, agents: dict[str, str | Agent]) -> list[str]:
    """The classes of the ruleset and the agent objects defined in ``__main__``."""
    classes = [type(rules), *(type(a) for a in agents.values() if not isinstance(a, str))]
    return sorted({c.__qualname__ for c in classes if c.__module__ == "__main__"})


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
    if _takes_seed(cls):
        return cls(seed=seed)  # type: ignore[call-arg]
    return cls()


def _takes_seed(cls: type) -> bool:
    """Whether the agent class ``cls`` takes a ``seed`` (read once: a game makes two agents)."""
    takes = _TAKES_SEED.get(cls)
    if takes is None:
        takes = _TAKES_SEED[cls] = "seed" in inspect.signature(cls).parameters
    return takes


_TAKES_SEED: dict[type, bool] = {}


def _play_one(rules: RuleSet, task: _Chunk, index: int) -> GameRecord:
    """Play game ``index`` of the run ``task`` belongs to."""
    seed = game_seed(task.seed, index)
    white, black = task.white, task.black
    if task.alternate and index % 2:
        white, black = black, white
    agents = {
        Player.WHITE: _make_agent(white, seed * 2 + Player.WHITE),
        Player.BLACK: _make_agent(black, seed * 2 + Player.BLACK),
    }
    game = Game(rules, seed=seed)
    result = play_game(game, agents)
    return GameRecord(
        index=index,
        seed=seed,
        white=_agent_name(white),
        black=_agent_name(black),
        winner=None if result.winner is None else str(result.winner),
        kind=result.kind,
        points=result.points,
        plies=game.plies,
        turns=count_turns(game),
        ending=result.ending,
        cube=result.cube,
    )


def count_turns(game: Game) -> int:
    """The turns of ``game`` so far (:attr:`nardy.Game.turns`): each run of plays
    by one player before the other player moves is one turn.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("gulbar"), first=nardy.WHITE)
    >>> _ = game.roll((6, 6)); _ = game.play("24/18(2)")    # two of four steps: Black owes two 6s
    >>> _ = game.play("24/18"); _ = game.roll((3, 1))         # Black plays the owed 6s, then rolls
    >>> _ = game.play("18/15 24/23")
    >>> game.plies, count_turns(game)
    (3, 2)
    """
    if not isinstance(game, Game):
        raise NardyError(f"count_turns needs a Game, not {shown(game)}")
    return game.turns


def play_chunk(chunk: _Chunk) -> list[GameRecord]:
    """Play the games of one chunk (the task that runs on a worker)."""
    if not isinstance(chunk, _Chunk):
        raise NardyError(f"play_chunk plays a task that simulate() made, not {shown(chunk)}")
    rules = _build_rules(chunk.rules)
    return [_play_one(rules, chunk, index) for index in range(chunk.start, chunk.stop)]


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
        if not callable(getattr(pool, "apply_async", None)):
            raise NardyError(
                f"PoolExecutor needs a multiprocessing.Pool-like object with apply_async(), not {shown(pool)}"
            )
        self.pool = pool

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        future.set_running_or_notify_cancel()
        self.pool.apply_async(
            fn, args, callback=future.set_result, error_callback=future.set_exception
        )
        return future


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is for the parent, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold off SIGINT in this thread (a Ctrl-C is delivered on leaving)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _OwnPool(cf.ProcessPoolExecutor):
    """The process pool of ``workers=N``. Its workers ignore Ctrl-C, which is
    this process's to handle: SIGINT is held off while :meth:`submit` may start
    a worker, until the worker has set it aside."""

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers, initializer=_ignore_sigint)

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> cf.Future[_T]:
        with _sigint_held():
            return super().submit(fn, *args, **kwargs)

    def stop(self) -> None:
        """Drop the queued tasks and stop the workers without waiting for them."""
        self.shutdown(wait=False, cancel_futures=True)
        terminate = getattr(self, "terminate_workers", None)  # Python 3.14
        if callable(terminate):
            terminate()


def _local(executor: Executor) -> bool:
    """Whether ``executor`` is a pool of this machine (cheap tasks)."""
    if isinstance(executor, (cf.ProcessPoolExecutor, cf.ThreadPoolExecutor)):
        return True
    return isinstance(executor, PoolExecutor) and isinstance(executor.pool, multiprocessing.pool.Pool)


def _sent_to_other_processes(workers: int, executor: Executor | None) -> bool:
    """Whether the tasks certainly travel to other processes (so they must pickle)."""
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


class _InFlight:
    """The tasks submitted and not yet read, handed back as they finish (in
    order of submission for futures without ``add_done_callback``)."""

    def __init__(self) -> None:
        self._finished: queue.SimpleQueue[tuple[Any, _Chunk]] = queue.SimpleQueue()
        self._in_order: deque[tuple[Any, _Chunk]] = deque()
        self.futures: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self.futures)

    def submit(self, executor: Executor, task: _Chunk) -> None:
        future = executor.submit(play_chunk, task)
        self.futures[id(future)] = future
        if callable(getattr(future, "add_done_callback", None)):
            future.add_done_callback(lambda f: self._finished.put((f, task)))
        else:
            self._in_order.append((future, task))

    def next(self) -> tuple[list[GameRecord], _Chunk]:
        """The records of the next task to finish (waiting for it), and the task."""
        future, task = self._in_order.popleft() if self._in_order else self._finished.get()
        del self.futures[id(future)]
        return future.result(), task

    def cancel(self) -> None:
        for future in self.futures.values():
            cancel = getattr(future, "cancel", None)
            if callable(cancel):
                cancel()


def _remote_chunk(games: int, workers: int) -> int:
    return max(1, min(100, math.ceil(games / (8 * max(workers, 4)))))


#: the most worker processes ``workers=`` starts
_MAX_WORKERS = 1024


def _check_sizes(games: int, workers: int, chunk: int | None) -> None:
    _check_int("games", games, 1)
    _check_int("workers", workers, 1)
    if workers > _MAX_WORKERS:
        raise NardyError(f"workers must be at most {_MAX_WORKERS:,}, not {shown(workers)}")
    if chunk is not None:
        _check_int("chunk", chunk, 1)


def _check_calls(executor: object, progress: object, keep_games: object) -> None:
    """Refuse an executor without ``submit()``, a progress that cannot be called
    and a ``keep_games`` that is no bool."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise NardyError(
            f"executor must have a submit(fn, *args) method that returns a future, not {shown(executor)} "
            "(a multiprocessing.Pool goes in a PoolExecutor)"
        )
    if progress is not None and not callable(progress):
        raise NardyError(f"progress must be a function called with the games finished, not {shown(progress)}")
    _check_flag("keep_games", keep_games)


def _run_seed(seed: int | None) -> int:
    """The run's seed: ``seed`` itself, or a new one from fresh entropy for ``None``."""
    if seed is None:
        return secrets.randbits(63)
    if type(seed) is not int:
        raise NardyError(f"seed must be an int or None, not {shown(seed)}")
    return seed


def _check_rules(rules: RuleSet | str) -> RuleSet:
    if isinstance(rules, str):
        rules = ruleset(rules)
    if not isinstance(rules, RuleSet):
        raise NardyError(f"rules must be a RuleSet or a ruleset name, not {shown(rules)}")
    return rules


def _check_travel(rules: RuleSet, agents: dict[str, str | Agent], workers: int, executor: Executor | None) -> None:
    """Refuse, before any game, what cannot reach the worker processes."""
    if not _sent_to_other_processes(workers, executor):
        return
    problems = _unpicklable(rules, agents)
    if problems:
        raise NardyError(problems[0])
    if executor is None and _spawned() and not _main_importable():
        names = _in_main(rules, agents)
        if names:
            raise NardyError(_main_message(names, repr(multiprocessing.get_start_method())))


def _spawned() -> bool:
    """Whether a new process pool starts its workers without copying this process."""
    return multiprocessing.get_start_method() != "fork"


def _main_importable() -> bool:
    """Whether a worker started afresh can import ``__main__`` (a script file)."""
    main = sys.modules.get("__main__")
    return isinstance(getattr(main, "__file__", None), str)


def _main_message(names: list[str], how: str = "'spawn' or 'forkserver'") -> str:
    return (
        f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} defined in __main__, which worker "
        f"processes started by {how} cannot import here (a notebook, python -c or an interactive "
        "session): define the class in a module of its own and import it, or play in this "
        "process (workers=1, no executor)"
    )


class _Run(NamedTuple):
    """What :func:`_play` needs: the checked arguments of a call."""

    rules: RuleSet
    spec: _Rules
    games: int
    agents: dict[str, str | Agent]
    seed: int
    alternate: bool


def _task(run: _Run, start: int, stop: int) -> _Chunk:
    white, black = run.agents.values()
    return _Chunk(run.spec, white, black, run.seed, start, stop, run.alternate)


def _play_here(run: _Run, records: list[GameRecord], progress: Callable[[int], object]) -> None:
    """Play the games here, one after the other."""
    task = _task(run, 0, run.games)
    progress(0)
    for index in range(run.games):
        records.append(_play_one(run.rules, task, index))
        progress(1)


def _play_on(
    executor: Executor,
    run: _Run,
    chunk: int,
    window: int,
    records: list[GameRecord],
    progress: Callable[[int], object],
) -> None:
    """Play the games on ``executor``, at most ``window`` tasks at a time."""
    starts = iter(range(0, run.games, chunk))
    inflight = _InFlight()
    try:
        for start in starts:
            inflight.submit(executor, _task(run, start, min(start + chunk, run.games)))
            if len(inflight) >= window:
                break
        progress(0)
        while inflight:
            done, task = inflight.next()
            records.extend(done)
            more = next(starts, None)
            if more is not None:
                inflight.submit(executor, _task(run, more, min(more + chunk, run.games)))
            progress(task.stop - task.start)
    except BaseException as exc:
        inflight.cancel()
        _explain(exc, run, executor)
        raise


def _explain(exc: BaseException, run: _Run, executor: Executor) -> None:
    """Add notes to an executor's error about what may not have reached its workers."""
    if not isinstance(exc, Exception) or _threads(executor):
        return
    for problem in _unpicklable(run.rules, run.agents):
        exc.add_note(f"note: {problem} (executors that run games in other processes need "
                     "rulesets and agents that pickle)")
    names = _in_main(run.rules, run.agents)
    if isinstance(exc, cf.process.BrokenProcessPool) and names:
        exc.add_note(
            "note: worker processes started by 'spawn' or 'forkserver' import the classes of the "
            f"ruleset and of agent objects by module and name; {', '.join(names)} "
            f"{'is' if len(names) == 1 else 'are'} defined in __main__, which they find only at the "
            "top level of a script file (not in a notebook, python -c, or under "
            "if __name__ == '__main__')"
        )


def _play(
    run: _Run,
    workers: int,
    executor: Executor | None,
    chunk: int | None,
    records: list[GameRecord],
    progress: Callable[[int], object],
) -> None:
    """Play the games of ``run`` here, on a pool of ``workers`` processes or on
    ``executor``, appending their records to ``records`` as they finish."""
    if executor is None and workers == 1:
        _play_here(run, records, progress)
    elif executor is None:
        pool = _OwnPool(workers)
        try:
            _play_on(pool, run, chunk or 1, 4 * workers, records, progress)
        except BaseException:
            pool.stop()
            raise
        pool.shutdown()
    elif _local(executor):
        window = 4 * max(workers, os.cpu_count() or 1)
        _play_on(executor, run, chunk or 1, window, records, progress)
    else:
        chunk = chunk or _remote_chunk(run.games, workers)
        _play_on(executor, run, chunk, math.ceil(run.games / chunk), records, progress)


def _no_progress(games: int) -> None:
    pass


def _start(
    rules: RuleSet | str,
    games: int,
    agents: dict[str, str | Agent],
    seed: int | None,
    workers: int,
    executor: Executor | None,
    chunk: int | None,
    alternate: bool,
    progress: object,
    keep_games: object,
) -> _Run:
    """Check the arguments of a call (before any game is played)."""
    rules = _check_rules(rules)
    _check_sizes(games, workers, chunk)
    _check_calls(executor, progress, keep_games)
    for role, agent in agents.items():
        _check_agent(agent, role)
    _check_travel(rules, agents, workers, executor)
    return _Run(rules, _rules_spec(rules), games, agents, _run_seed(seed), alternate)


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
    of games per task sent to a pool or an executor (by default one on this
    machine's pools; see the module docstring).

    ``progress(n)`` is called in this thread with the number of games just
    finished: ``0`` when the work starts, then ``1`` per game (the games of a
    chunk on a pool given ``chunk=``), e.g. ``progress=tqdm(total=games).update``.
    ``keep_games=False`` drops the per-game records from the summary.

    Ctrl-C, or a :class:`KeyboardInterrupt` raised by ``progress``, stops the
    run and raises :class:`Interrupted` with the summary of the games
    finished so far. Raises :class:`~nardy.NardyError` before any game for
    an argument it cannot take: ``games``, ``workers`` or ``chunk`` that is no
    int of at least 1, a seed that is no int, an unknown ruleset or agent
    name, an object without the agent protocol, an executor without
    ``submit()``, a ``progress`` that cannot be called, or (when the games go
    to worker processes) a ruleset class or an agent object that does not
    pickle.

    >>> simulate("short", 0)
    Traceback (most recent call last):
    ...
    nardy.errors.NardyError: games must be at least 1, not 0
    """
    run = _start(
        rules, games, {"white": white, "black": black}, seed, workers, executor, chunk, False, progress, keep_games
    )
    records: list[GameRecord] = []
    try:
        _play(run, workers, executor, chunk, records, progress or _no_progress)
    except KeyboardInterrupt:
        raise Interrupted(_summary(run, records, keep_games), games) from None
    summary = _summary(run, records, keep_games)
    assert summary is not None
    return summary


def _summary(run: _Run, records: list[GameRecord], keep_games: bool) -> Summary | None:
    if not records:
        return None
    return Summary.from_records(records, rules=run.rules, seed=run.seed, keep_games=keep_games)


def _comparison(a: str, b: str, summary: Summary, records: list[GameRecord]) -> Comparison:
    games_in_order = sorted(records, key=lambda r: r.index)
    wins = summary.agent_wins[a]
    return Comparison(
        a=a,
        b=b,
        games=summary.games,
        wins=wins,
        losses=summary.agent_wins[b],
        draws=summary.draws,
        win_rate=wilson_interval(wins, summary.games),
        mean_points=mean_interval([g.net_for(a) for g in games_in_order]),
        summary=summary,
    )


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
    games and Black in the odd ones (same agents, seeding, workers, executors,
    progress and Ctrl-C as :func:`simulate`). Reports ``a``'s win rate and net
    points per game. The two agents are told apart by name, so two agent
    objects need different names."""
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
    run = _start(rules, games, {"a": a, "b": b}, seed, workers, executor, chunk, True, progress, keep_games)
    records: list[GameRecord] = []
    try:
        _play(run, workers, executor, chunk, records, progress or _no_progress)
    except KeyboardInterrupt:
        partial = _summary(run, records, keep_games)
        result = None if partial is None else _comparison(name_a, name_b, partial, records)
        raise Interrupted(partial, games, result) from None
    summary = _summary(run, records, keep_games)
    assert summary is not None
    return _comparison(name_a, name_b, summary, records)
