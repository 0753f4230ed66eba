#!/usr/bin/env python3
"""nardy's speed, alone and side by side with the peer backgammon engines.

    python benchmarks/bench.py [--quick] [--out FILE.json] [--figures legal,loop,...]
    python benchmarks/bench.py --python PURE/bin/python --python COMPILED/bin/python

It measures the nardy that each interpreter imports (pure Python or the compiled
build: the report says which; default, the running interpreter) and, for the
short ruleset, puts it next to bgsage, gnubg and gym-backgammon where they
import (a missing peer is skipped, and the report says so). benchmarks/README.md
says what each figure measures.

Figures 1-7 time every engine in its native form; figures 8 and 9 time every
engine through the peer harness' adapters (``legal_canon`` and the generic
random-game loop), the yardstick the speed targets were set against. The
targets are given on both. Figures 10-12 time whole programs built on nardy
(``nardy selfplay``, the Gymnasium environment, an OpenSpiel MCTS game), nardy
alone, and give each build's speed as a multiple of the pure-Python build's.

Every figure runs in a process of its own for each interpreter, nardy and the
peers round-robin in it; a ratio is the median over the rounds of that round's
ratio. Before the figures, ``check`` compares nardy's distinct resulting
positions with bgsage's on every case. Exit status: 1 if nardy disagrees with
bgsage, 2 if a figure could not run.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import functools
import gc
import importlib.machinery
import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from collections.abc import Callable
from importlib import metadata
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import nardy_adapter as NA  # noqa: E402  (puts the peer harness' folder on sys.path)
from kernel import fastest_loop, through_game  # noqa: E402  (nardy's random-game loops)

import nardy  # noqa: E402
import nardy.rules.kernel  # noqa: E402
from nardy import Position  # noqa: E402

A = NA.A  # the peer harness' adapters module (None without it)

#: figure: (title, short name, unit of its rates, what a run's second column counts, what its ratios are)
FIGURES: dict[str, tuple[str, str, str | None, str | None, str]] = {
    "legal": ("Distinct legal plays (short)", "distinct legal plays", "calls/s", "results/call", "speed, nardy ÷"),
    "afterstates": ("Afterstates: every distinct resulting position, built (short)", "afterstates", "calls/s",
                    "results/call", "speed, nardy ÷"),
    "games": ("Random games through nardy.Game (short)", "random games, nardy.Game", "games/s", "turns/game",
              "speed, nardy ÷"),
    "loop": ("Random games through the fastest documented loop (short)", "random games, fastest loop", "games/s",
             "turns/game", "speed, nardy ÷"),
    "steps": ("Step-by-step input, per ruleset", "step input", None, None,
              "time of one play's step input ÷ legal_plays"),
    "rulesets": ("legal_plays per ruleset", "rulesets", "calls/s", "plays/call", "time per call ÷ short's"),
    "growth": ("Cost growth by number of distinct results (short)", "growth", "µs/call", "results/call",
               "time per call"),
    "harness": ("The harness' yardstick: every engine's adapter.legal_canon(native, d1, d2), its distinct "
                "resulting positions as sorted POS28 (short)", "harness legal_canon", "calls/s", "results/call",
                "speed, nardy's adapter"),
    "harness-games": ("The harness' yardstick: random games through every engine's adapter, the generic loop of "
                      "bench_peers.py (short)", "harness random games", "games/s", "turns/game",
                      "speed, nardy's adapter"),
    "selfplay": ("Whole program: `nardy selfplay`, greedy White against random Black, in one process",
                 "nardy selfplay", "games/s", "plies/game", "speed ÷ the pure build's"),
    "gym": ("Whole program: the Gymnasium environment, a random agent choosing among the legal actions",
            "Gymnasium steps", "steps/s", "steps/episode", "speed ÷ the pure build's"),
    "openspiel": ("Whole program: an OpenSpiel game, open_spiel's Python MCTSBot with random rollouts on both "
                  "sides", "OpenSpiel MCTS", "decisions/s", "simulations/decision", "speed ÷ the pure build's"),
}
#: the whole-program figures: nardy alone, the same work in every build, each build against the pure one
PROGRAMS = ("selfplay", "gym", "openspiel")
#: the child processes of each build a whole-program figure's rounds are split into, the builds taking turns
LEGS = 3
MCTS_SIMULATIONS = 20
PEERS = ("bgsage", "gnubg", "gym_backgammon")
DISTRIBUTIONS = {"bgsage": "bgsage", "gnubg": "gnubg", "gym_backgammon": "gym-backgammon"}
BUCKETS = ((1, 1), (2, 5), (6, 20), (21, 100), (101, 400), (401, 10**9))
MAX_TURNS = 10_000

Source = tuple[str, str | None]  # (figure, ratio row); row None: the worst row
#: (target, the build it is for (None: each build), "speed" (must reach the bound) or "time" (must stay
#: within it), bound, its ratio on the harness' yardstick (None: the harness has no such figure), on the
#: native one); a ratio of the other kind is inverted round by round
TARGETS: tuple[tuple[str, str | None, str, float, Source | None, Source], ...] = (
    ("distinct legal plays, speed ≥ 1.0x bgsage's", "compiled", "speed", 1.0,
     ("harness", "legal_plays ÷ bgsage"), ("legal", "bgsage")),
    ("afterstates, speed ≥ 1.0x bgsage's", "compiled", "speed", 1.0,
     ("harness", "afterstates ÷ bgsage"), ("afterstates", "bgsage")),
    ("random games through plays, speed ≥ 1.0x bgsage's", "compiled", "speed", 1.0,
     ("harness-games", "legal_plays ÷ bgsage"), ("games", "bgsage")),
    ("random games through afterstates, speed ≥ 1.0x gnubg's", "compiled", "speed", 1.0,
     ("harness-games", "afterstates ÷ gnubg"), ("loop", "gnubg")),
    ("random games through plays, speed ≥ 0.5x bgsage's", "pure", "speed", 0.5,
     ("harness-games", "legal_plays ÷ bgsage"), ("games", "bgsage")),
    ("random games through afterstates, speed ≥ 0.8x bgsage's", "pure", "speed", 0.8,
     ("harness-games", "afterstates ÷ bgsage"), ("loop", "bgsage")),
    ("every ruleset's legal_plays within 1.5x short's time", None, "time", 1.5, None, ("rulesets", None)),
    ("single-result legal_plays within 2x bgsage's time", "compiled", "time", 2.0,
     ("harness", "1 result, legal_plays ÷ bgsage"), ("growth", "1: legal_plays ÷ bgsage")),
    ("single-result legal_plays within 5x bgsage's time", "pure", "time", 5.0,
     ("harness", "1 result, legal_plays ÷ bgsage"), ("growth", "1: legal_plays ÷ bgsage")),
    ("nardy selfplay, speed ≥ 2.5x the pure build's", "compiled", "speed", 2.5, None, ("selfplay", None)),
    ("Gymnasium steps, random agent, speed ≥ 2x the pure build's", "compiled", "speed", 2.0, None, ("gym", None)),
)
YARDSTICKS = {"harness": "harness (as the issue measured)", "native": "native"}


# --------------------------------------------------------------------------- the peers, in their native form


class Bgsage:
    """bgsage (C++): ``possible_moves`` gives the distinct resulting boards."""

    calls = {
        "legal": "bgbot_cpp.possible_moves(board, d1, d2): the distinct resulting boards",
        "afterstates": "bgbot_cpp.possible_moves (its results are the boards)",
        "game": "possible_moves, a random board of them, flip_board",
        "harness": "possible_moves; each board converted; next_turn flip_board",
    }

    def __init__(self) -> None:
        self.ad = A.BgsageAdapter()
        self.legal = self.afterstates = self.ad._pm

    def native(self, pos28: Any) -> Any:
        return self.ad.set_position({"pos": pos28})

    def game(self, seed: int) -> int:
        moves, flip, rng = self.ad._pm, self.ad._flip, random.Random(seed)
        b = self.native(A.START)
        for turn in range(1, MAX_TURNS):
            boards = moves(b, rng.randint(1, 6), rng.randint(1, 6))  # a pass gives the unchanged board
            b = boards[rng.randrange(len(boards))]
            if b[25] == 0 and max(b[1:25]) <= 0:  # none of the mover's checkers left on the board or bar
                return turn
            b = flip(b)
        return MAX_TURNS


class Gnubg:
    """gnubg (C), its move generator called through ctypes (as the harness does)."""

    calls = {
        "legal": "GenerateMoves via ctypes: the distinct moves, left in gnubg's move list",
        "afterstates": "GenerateMoves, then ApplyMove on a copy of the board for every move",
        "game": "GenerateMoves, ApplyMove of a random move, the sides swapped",
        "harness": "GenerateMoves, ApplyMove on a copy of the board for every move; each board converted; "
                   "next_turn swaps the sides",
    }

    def __init__(self) -> None:
        self.ad = A.GnubgAdapter()
        self.legal, self.afterstates = self.ad.count_moves, self.ad.legal_results

    def native(self, pos28: Any) -> Any:
        return self.ad.set_position({"pos": pos28})

    def game(self, seed: int) -> int:
        ad, rng = self.ad, random.Random(seed)
        generate, apply, found, size = ad._gen, ad._apply, ad.ml, ad.STRIDE_INTS * 4
        b = self.native(A.START)
        for turn in range(1, MAX_TURNS):
            n = generate(ctypes.byref(found), ctypes.addressof(b), rng.randint(1, 6), rng.randint(1, 6), 0)
            if n > 0:
                apply(ctypes.addressof(b), found.amMoves + rng.randrange(n) * size, 0)
                if not any(b[1]):  # b[1]: the mover's points and bar
                    return turn
            b = ad.next_turn(b)
        return MAX_TURNS


class GymBackgammon:
    """gym-backgammon (pure Python): ``get_valid_plays`` gives plays, several of
    which may lead to one board; applying each is the way to tell them apart."""

    calls = {
        "legal": "get_valid_plays, every play applied (execute_play) to keep one per resulting board",
        "afterstates": "the same: the distinct resulting states (save_state)",
        "game": "get_valid_plays, execute_play of a random play, off == 15",
        "harness": "get_valid_plays, every play applied (save_state); each state converted; next_turn a game "
                   "restored from the state",
    }

    def __init__(self) -> None:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")  # gym announces its own deprecation on import
            self.ad = A.GymBackgammonAdapter()
        self.GB = self.ad.GB
        self.legal = self.afterstates = self.distinct

    def native(self, pos28: Any) -> Any:
        return self.ad.set_position({"pos": pos28})

    def roll(self, player: int, d1: int, d2: int) -> tuple[int, int]:
        return (-d1, -d2) if player == self.GB.WHITE else (d1, d2)  # White moves with negative dice

    def distinct(self, native: Any, d1: int, d2: int) -> list[Any]:
        g, player = native
        saved = g.save_state()
        found: dict[tuple[Any, ...], Any] = {}
        for play in g.get_valid_plays(player, self.roll(player, d1, d2)):
            g.restore_state(saved)
            g.execute_play(player, play)
            found.setdefault((*g.board, *g.bar, *g.off), g.save_state())
        g.restore_state(saved)
        return list(found.values())

    def game(self, seed: int) -> int:
        g, player, rng = self.GB.Backgammon(), self.GB.WHITE, random.Random(seed)
        for turn in range(1, MAX_TURNS):
            plays = list(g.get_valid_plays(player, self.roll(player, rng.randint(1, 6), rng.randint(1, 6))))
            if plays:
                g.execute_play(player, plays[rng.randrange(len(plays))])
                if g.off[player] == 15:
                    return turn
            player = g.get_opponent(player)
        return MAX_TURNS


PEER_CLASSES: dict[str, Callable[[], Any]] = {"bgsage": Bgsage, "gnubg": Gnubg, "gym_backgammon": GymBackgammon}


def load_peers(names: list[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The peers of ``names`` that import here; the others with the reason why not."""
    if A is None:
        return {}, {n: f"the peer harness (adapters.py) is not in {NA.PEER_DIR}" for n in names}
    peers: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for n in names:
        try:
            peers[n] = PEER_CLASSES[n]()
        except Exception as e:  # not installed, or broken
            skipped[n] = f"not installed ({type(e).__name__}: {e})"
    return peers, skipped


# --------------------------------------------------------------------------- the harness' loop


def random_game(ad: Any, rng: random.Random, max_turns: int = 20_000) -> int:
    """One random game through a harness adapter: the generic loop of the
    harness' ``bench_peers.random_game``, as it stands there (that module needs
    a ``collect`` module the harness does not ship, so it cannot be imported)."""
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while d1 == d2:  # opening roll is never a double
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    nat = ad.start()
    for turn in range(max_turns):
        res = ad.legal_results(nat, d1, d2)
        if res:
            r = rng.choice(res)
            if ad.is_won(r):
                return turn + 1
            nat = ad.next_turn(r)
        else:  # no legal move: pass
            nat = ad.pass_turn(nat)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return max_turns


def seeded_game(ad: Any, seed: int) -> int:
    return random_game(ad, random.Random(seed))


# --------------------------------------------------------------------------- timing


class Run:
    """One engine's work in a figure: ``body(prepare(scale))`` does a pass and
    returns how many units (calls, games) it did; ``prepare`` is not timed.
    ``per_unit()`` tells the results per call or the turns per game."""

    def __init__(self, name: str, call: str, prepare: Callable[[int], Any], body: Callable[[Any], int],
                 per_unit: Callable[[], float], engine: str | None = None,
                 work: Callable[[], str] | None = None) -> None:
        self.name, self.call, self.prepare, self.body, self.per_unit = name, call, prepare, body, per_unit
        self.engine = engine or name  # the name the call is listed under
        self.work = work  # what the last pass did, to compare between builds
        self.scale = 1

    def timed(self, scale: int) -> tuple[int, float]:
        """One pass: (units, CPU seconds of this process: time spent waiting for
        a core on a busy machine does not count)."""
        arg = self.prepare(scale)
        gc.collect()  # every engine starts its pass with the same clean heap; the collector stays on
        t = time.process_time()
        units = self.body(arg)
        return units, time.process_time() - t


def calls_run(name: str, call: str, fn: Callable[..., Any], items: list[tuple[Any, ...]],
              engine: str | None = None) -> Run:
    """``fn(*item)`` for every item; a pass goes through the items ``scale`` times."""

    def body(items: list[tuple[Any, ...]]) -> int:
        for it in items:
            fn(*it)
        return len(items)

    sizes = [r if isinstance(r, int) else len(r) for r in (fn(*it) for it in items)]
    return Run(name, call, lambda scale: items * scale, body, lambda: statistics.mean(sizes), engine)


def games_run(name: str, call: str, game: Callable[[int], int], seed: int) -> Run:
    """``scale`` games, seeded ``seed``, ``seed + 1``, ...: the same games in every round."""
    turns: list[int] = []

    def body(seeds: range) -> int:
        for s in seeds:
            turns.append(game(s))
        return len(seeds)

    return Run(name, call, lambda scale: range(seed, seed + scale), body, lambda: statistics.mean(turns))


def round_robin(runs: list[Run], rounds: int, pass_s: float,
                scales: dict[str, int] | None = None) -> dict[str, dict[str, Any]]:
    """Warm every run up and size its pass to about ``pass_s`` seconds (or to
    ``scales[run.name]``, a size found before), then time ``rounds`` rounds, each
    run once per round (the run that starts rotates)."""
    for run in runs:
        run.timed(1)  # warm-up
        run.scale = scales[run.name] if scales and run.name in scales else \
            max(1, round(pass_s / max(run.timed(1)[1], 1e-6)))
    rates: dict[str, list[float]] = {run.name: [] for run in runs}
    for k in range(rounds):
        j = k % len(runs)
        for run in runs[j:] + runs[:j]:
            units, seconds = run.timed(run.scale)
            rates[run.name].append(units / seconds)
    return {run.name: {"engine": run.engine, "call": run.call, "scale": run.scale, "rates": rates[run.name],
                       "median": statistics.median(rates[run.name]), "per_unit": run.per_unit(),
                       **({"work": run.work()} if run.work else {})} for run in runs}


def ratio(runs: dict[str, dict[str, Any]], a: str, b: str, by_time: bool = False) -> dict[str, Any]:
    """Median over the rounds of rate(a) / rate(b) (the speed of ``a`` as a multiple
    of ``b``'s), or with ``by_time`` of time(a) / time(b)."""
    per = [(y / x if by_time else x / y) for x, y in zip(runs[a]["rates"], runs[b]["rates"], strict=True)]
    return {"per_round": per, "median": statistics.median(per)}


# --------------------------------------------------------------------------- cases, shared by every build


def selfplay(rules: nardy.RuleSet, n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` (position, roll) cases drawn from seeded uniform-random games
    (``legal_plays`` and ``apply``), the mover's own rolls."""
    rng = random.Random(f"{rules.name}/{seed}")
    pool: list[tuple[Position, tuple[int, int]]] = []
    pos, plies = rules.initial_position(), 0
    while len(pool) < 4 * n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        pool.append((pos, dice))
        pos = rules.apply(pos, rng.choice(rules.legal_plays(pos, dice)))
        plies += 1
        if rules.winner(pos) is not None or plies > 5000:
            pos, plies = rules.initial_position(), 0
    return rng.sample(pool, n)


def bucket_name(i: int) -> str:
    lo, hi = BUCKETS[i]
    return str(lo) if lo == hi else f">{lo - 1}" if hi >= 10**9 else f"{lo}-{hi}"


def growth_cases(S: dict[str, Any]) -> list[list[tuple[Position, tuple[int, int]]]]:
    """Per bucket of result counts, up to ``bucket_cases`` (position, roll) cases
    from seeded random short games: every position with a random roll and with
    a small double (the rolls with the most results), and with the other two
    small doubles when that one gives over 100 results."""
    rules = nardy.ruleset("short")
    rng = random.Random(f"growth/{S['seed']}")
    found: list[list[tuple[Position, tuple[int, int]]]] = [[] for _ in BUCKETS]

    def add(pos: Position, dice: tuple[int, int]) -> int:
        n = len(rules.legal_plays(pos, dice))
        found[next(i for i, (lo, hi) in enumerate(BUCKETS) if lo <= n <= hi)].append((pos, dice))
        return n

    for _ in range(S["growth_games"]):
        pos = rules.initial_position()
        while rules.winner(pos) is None:
            small = rng.randint(1, 3)
            add(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            if add(pos, (small, small)) > 100:
                for d in sorted({1, 2, 3} - {small}):
                    add(pos, (d, d))
            pos = rules.apply(pos, rng.choice(rules.legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))))
    k = S["bucket_cases"]
    return [rng.sample(b, k) if len(b) > k else b for b in found]


def make_cases(S: dict[str, Any]) -> dict[str, Any]:
    """Every case the figures use, as text, made once for every build."""
    path = S["cases_file"]
    out: dict[str, Any] = {}
    if os.path.exists(path):
        with open(path) as f:
            raw = [json.loads(line) for line in f if line.strip()]
        out["short"] = [{"pos": c["pos"], "dice": c["dice"]} for c in raw[: S["cases"]]]
        out["short_source"] = f"{len(out['short'])} cases of {os.path.basename(path)}"
    else:
        out["short"] = [{"pos": NA.position_to_pos28(p, p.turn), "dice": d}
                        for p, d in selfplay(nardy.ruleset("short"), S["cases"], S["seed"])]
        out["short_source"] = f"{S['cases']} cases from seeded random games ({path} not found)"
    if {"steps", "rulesets"} & set(S["figures"]):
        out["rulesets"] = {name: [(p.to_string(), d) for p, d in selfplay(nardy.ruleset(name), S["ruleset_cases"],
                                                                          S["seed"])] for name in S["rulesets"]}
    if {"growth", "harness"} & set(S["figures"]) or S["check"]:
        out["growth"] = [[(p.to_string(), d) for p, d in b] for b in growth_cases(S)]
    return out


def positions(raw: list[Any]) -> list[tuple[Position, tuple[int, ...]]]:
    return [(Position.from_string(text), tuple(dice)) for text, dice in raw]


# --------------------------------------------------------------------------- the figures (each in a child process)


def fig_check(S: dict[str, Any], cases: dict[str, Any]) -> dict[str, Any]:
    """Every engine's distinct resulting positions, as sorted POS28, against
    bgsage's: nardy's must agree on every case; the other peers are shown for
    information."""
    peers, _ = load_peers(S["peers"])
    every = cases["short"] + [{"pos": NA.position_to_pos28(p, p.turn), "dice": d}
                              for b in cases.get("growth", []) for p, d in positions(b)]
    out: dict[str, Any] = {"source": f"{len(every)} cases: {cases['short_source']} and the growth figure's",
                           "engines": {}}
    if "bgsage" not in peers:
        return out
    rules = nardy.ruleset("short")

    def canon(after: Any, pos: Position) -> list[tuple[int, ...]] | None:
        """Sorted POS28 of ``after`` from the mover's view; None if one of them keeps the turn."""
        if any(p.turn != pos.turn.other for p in after):
            return None
        return sorted(NA.position_to_pos28(p, pos.turn) for p in after)  # a duplicate shows up too

    harness = {"nardy adapter, legal_plays (legal_canon)": NA.NardyAdapter(),
               "nardy adapter, afterstates (legal_canon)": NA.NardyAfterstatesAdapter(),
               **{n: p.ad for n, p in peers.items()}}
    bg = harness.pop("bgsage")
    for c in every:
        dice = tuple(c["dice"])
        truth = bg.legal_canon(bg.set_position(c), *dice, pos=c["pos"])
        pos = NA.pos28_to_position(rules, c["pos"])
        found = {"nardy legal_plays": canon([rules.apply(pos, p) for p in rules.legal_plays(pos, dice)], pos),
                 "nardy afterstates": canon(rules.afterstates(pos, dice), pos)}
        found.update((name, ad.legal_canon(ad.set_position(c), *dice, pos=c["pos"])) for name, ad in harness.items())
        for name, got in found.items():
            e = out["engines"].setdefault(name, {"checked": 0, "disagreements": 0, "examples": []})
            e["checked"] += 1
            if got != truth:
                e["disagreements"] += 1
                if len(e["examples"]) < 2:
                    e["examples"].append({"pos": c["pos"], "dice": c["dice"],
                                          "missing": len(set(truth) - set(got or ())),
                                          "extra": len(set(got or ()) - set(truth))})
    return out


def fig_versus(S: dict[str, Any], cases: dict[str, Any], figure: str) -> dict[str, Any]:
    """nardy against each peer: calls on the short cases (legal, afterstates) or
    random games (games, loop)."""
    rules = nardy.ruleset("short")
    peers, _ = load_peers(S["peers"])
    games = figure in ("games", "loop")
    items = [(NA.pos28_to_position(rules, c["pos"]), tuple(c["dice"])) for c in cases["short"]]
    after = rules.afterstates
    if figure == "legal":
        runs = [calls_run("nardy", "rules.legal_plays(pos, dice)", rules.legal_plays, items)]
    elif figure == "afterstates":
        runs = [calls_run("nardy", "list(rules.afterstates(pos, dice))", lambda p, d: list(after(p, d)), items)]
    elif figure == "games":
        runs = [games_run("nardy", "nardy.Game: roll, play(rng.choice(game.legal_plays())) until is_over()",
                          through_game(rules), S["seed"])]
    else:
        runs = [games_run("nardy", "after = rules.afterstates(pos, dice); pos = after[rng.randrange(len(after))] "
                          "until rules.winner(pos)", fastest_loop(rules), S["seed"])]
    for name, peer in peers.items():
        if games:
            runs.append(games_run(name, peer.calls["game"], peer.game, S["seed"]))
        else:
            natives = [(peer.native(c["pos"]), *c["dice"]) for c in cases["short"]]
            runs.append(calls_run(name, peer.calls[figure], getattr(peer, figure), natives))
    res = round_robin(runs, S["rounds"], S["game_pass_s"] if games else S["pass_s"])
    return {"source": "random games to the end, uniform choice among each engine's legal moves" if games
            else cases["short_source"], "runs": res, "ratios": {name: ratio(res, "nardy", name) for name in peers}}


def fig_steps(S: dict[str, Any], cases: dict[str, Any]) -> dict[str, Any]:
    runs: list[Run] = []
    for name, raw in cases["rulesets"].items():
        rules = nardy.ruleset(name)
        items = positions(raw)
        chosen = [(pos, dice, (ps := rules.legal_plays(pos, dice))[len(ps) // 2].steps) for pos, dice in items]

        def enter(pos: Position, dice: tuple[int, ...], steps: tuple[Any, ...], rules: Any = rules) -> Any:
            for k in range(len(steps) + 1):
                rules.next_steps(pos, dice, steps[:k])
            return rules.play_from_steps(pos, dice, steps)

        runs.append(calls_run(f"{name}: legal_plays", "rules.legal_plays(pos, dice)", rules.legal_plays, items,
                              "legal_plays"))
        runs.append(calls_run(f"{name}: step input", "the middle legal play entered step by step: next_steps before "
                              "every step and after the last, then play_from_steps", enter, chosen, "step input"))
    res = round_robin(runs, S["rounds"], S["pass_s"])
    return {"source": f"{S['ruleset_cases']} cases per ruleset from seeded random games", "runs": res,
            "ratios": {name: ratio(res, f"{name}: step input", f"{name}: legal_plays", by_time=True)
                       for name in cases["rulesets"]}}


def fig_rulesets(S: dict[str, Any], cases: dict[str, Any]) -> dict[str, Any]:
    runs = [calls_run(name, "rules.legal_plays(pos, dice)", nardy.ruleset(name).legal_plays, positions(raw),
                      "legal_plays")
            for name, raw in cases["rulesets"].items()]
    res = round_robin(runs, S["rounds"], S["pass_s"])
    ref = "short" if "short" in res else runs[0].name
    return {"source": f"{S['ruleset_cases']} cases per ruleset from seeded random games", "runs": res,
            "ratios": {name: ratio(res, name, ref, by_time=True) for name in res}}


def fig_growth(S: dict[str, Any], cases: dict[str, Any]) -> dict[str, Any]:
    rules = nardy.ruleset("short")
    peers, _ = load_peers(S["peers"])
    runs: list[Run] = []
    after = rules.afterstates
    for i, raw in enumerate(cases["growth"]):
        if not raw:
            continue
        b, items = bucket_name(i), positions(raw)
        runs.append(calls_run(f"{b}: legal_plays", "nardy rules.legal_plays(pos, dice)", rules.legal_plays, items,
                              "legal_plays"))
        runs.append(calls_run(f"{b}: afterstates", "nardy list(rules.afterstates(pos, dice))",
                              lambda p, d: list(after(p, d)), items, "afterstates"))
        for name, peer in peers.items():
            natives = [(peer.native(NA.position_to_pos28(p, p.turn)), *d) for p, d in items]
            runs.append(calls_run(f"{b}: {name}", peer.calls["legal"], peer.legal, natives, name))
    res = round_robin(runs, S["rounds"], S["pass_s"])
    ratios = {f"{b}: legal_plays ÷ {peer}": ratio(res, f"{b}: legal_plays", f"{b}: {peer}", by_time=True)
              for b in (bucket_name(i) for i in range(len(BUCKETS))) for peer in peers if f"{b}: {peer}" in res}
    notes = []  # the cost of each result beyond the first, from the single-result calls
    for engine in ["legal_plays", "afterstates", *peers]:
        one, slopes = res.get(f"1: {engine}"), []
        for name, r in res.items():
            results = res[f"{name.split(':')[0]}: legal_plays"]["per_unit"]  # the same cases for every engine
            if one and r["engine"] == engine and results > 1:
                slopes.append(f"{results:.0f} results {(1e6 / r['median'] - 1e6 / one['median']) / (results - 1):.2f}")
        if slopes:
            notes.append(f"{engine}: µs per result beyond the first, at " + ", ".join(slopes))
    return {"source": f"up to {S['bucket_cases']} cases per bucket from {S['growth_games']} seeded random games",
            "runs": res, "ratios": ratios, "notes": notes}


def harness_adapters(S: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Every engine's harness adapter: nardy's two (through legal_plays, through
    afterstates) and each peer's, with what its ``legal_results`` does."""
    peers, _ = load_peers(S["peers"])
    ads = {"nardy legal_plays": NA.NardyAdapter(), "nardy afterstates": NA.NardyAfterstatesAdapter(),
           **{name: peer.ad for name, peer in peers.items()}}
    calls = {"nardy legal_plays": "rules.legal_plays; each play's steps applied to the POS28 of its origin; "
                                  "next_turn rules.apply",
             "nardy afterstates": "rules.afterstates; each position converted; next_turn the position itself "
                                  "(it has the opponent to move)",
             **{name: peer.calls["harness"] for name, peer in peers.items()}}
    return ads, calls


def fig_harness(S: dict[str, Any], cases: dict[str, Any]) -> dict[str, Any]:
    """The yardstick the speed targets were set against: ``legal_canon`` through
    every engine's harness adapter, on the short cases and on the growth figure's
    single-result cases."""
    if A is None:
        return {"source": "", "runs": {}, "ratios": {}, "notes": [f"not run: no peer harness in {NA.PEER_DIR}"]}
    ads, calls = harness_adapters(S)
    single = [{"pos": NA.position_to_pos28(p, p.turn), "dice": d} for p, d in positions(cases["growth"][0])]
    runs = []
    for label, items in (("", cases["short"]), ("1 result, ", single)):
        for name, ad in ads.items():
            natives = [(ad.set_position(c), *c["dice"], c["pos"]) for c in items]
            runs.append(calls_run(label + name, calls[name], ad.legal_canon, natives, name))
    res = round_robin(runs, S["rounds"], S["pass_s"])
    ratios = {f"{label}{way} ÷ {peer}": ratio(res, f"{label}nardy {way}", label + peer) for label in ("", "1 result, ")
              for way in ("legal_plays", "afterstates") for peer in ads if not peer.startswith("nardy")}
    return {"source": f"{cases['short_source']}; and {len(single)} single-result cases of the growth figure "
            "(rows '1 result')", "runs": res, "ratios": ratios}


def fig_harness_games(S: dict[str, Any], cases: dict[str, Any]) -> dict[str, Any]:
    if A is None:
        return {"source": "", "runs": {}, "ratios": {}, "notes": [f"not run: no peer harness in {NA.PEER_DIR}"]}
    ads, calls = harness_adapters(S)
    runs = [games_run(name, calls[name], functools.partial(seeded_game, ad), S["seed"]) for name, ad in ads.items()]
    res = round_robin(runs, S["rounds"], S["game_pass_s"])
    return {"source": "random games to the end: legal_results, rng.choice, is_won, next_turn", "runs": res,
            "ratios": {f"{way} ÷ {peer}": ratio(res, f"nardy {way}", peer) for way in ("legal_plays", "afterstates")
                       for peer in ads if not peer.startswith("nardy")}}


# --------------------------------------------------------------------------- whole programs (nardy alone)


def program_run(name: str, call: str, unit: int, do: Callable[[int], tuple[float, str]]) -> Run:
    """A whole program's pass: ``do(scale * unit)`` does that many games, steps or
    decisions, the same ones in every round and in every build, and returns its
    figure per unit and a line saying what it did (compared between the builds)."""
    last: dict[str, Any] = {}

    def body(n: int) -> int:
        last["per_unit"], last["work"] = do(n)
        return n

    return Run(name, call, lambda scale: scale * unit, body, lambda: last["per_unit"], work=lambda: last["work"])


def selfplay_run(name: str, seed: int) -> Run:
    """What ``nardy selfplay --rules NAME --seed SEED --workers 1 --quiet`` does,
    in this process: ``simulate`` of greedy White against random Black (games
    0, 1, ... of the seed), and the summary as text."""
    from nardy.simulate import simulate

    rules = nardy.ruleset(name)

    def play(games: int) -> tuple[float, str]:
        summary = simulate(rules, games, white="greedy", black="random", seed=seed, workers=1)
        str(summary)  # the command prints it
        return (summary.total_plies / games,
                f"{games} games, {summary.total_plies} plies, White won {summary.wins['white']}")

    return program_run(name, f"simulate(nardy.ruleset({name!r}), games, white='greedy', black='random', "
                       f"seed={seed}, workers=1), str(summary): `nardy selfplay --rules {name} --seed {seed}`",
                       1, play)


def gym_run(name: str, seed: int) -> Run:
    """Steps of the registered Gymnasium environment with a random agent that
    draws among the legal actions, as examples/gym_random_rollouts.py does
    (ImportError without gymnasium)."""
    import gymnasium

    from nardy.envs.gym import ENV_IDS

    env = gymnasium.make(ENV_IDS[name])
    space = env.action_space

    def steps(n: int) -> tuple[float, str]:
        space.seed(seed)
        obs, _ = env.reset(seed=seed)
        episodes, ended_at, total, check = 0, 0, 0.0, 0
        for k in range(1, n + 1):
            action = space.sample(mask=obs["action_mask"])
            obs, reward, terminated, truncated, _ = env.step(action)
            check = (check * 157 + int(action)) % 1_000_000_007
            if terminated or truncated:
                episodes, ended_at, total = episodes + 1, k, total + float(reward)
                obs, _ = env.reset()
        return (ended_at / episodes if episodes else float(n),
                f"{n} steps, {episodes} episodes ended, return {total:+.0f}, actions' checksum {check}")

    return program_run(name, f"gymnasium.make({ENV_IDS[name]!r}); env.step(env.action_space.sample("
                       f"mask=obs['action_mask'])), env.reset() when an episode ends; the env and the action "
                       f"space seeded {seed} at the start of a pass", 100, steps)


def openspiel_run(name: str, seed: int, sims: int) -> Run:
    """Decisions of nardy's registered pyspiel game between open_spiel's Python
    MCTS bots, the chance nodes sampled (ImportError without open_spiel)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from nardy.envs.openspiel import GAME_NAMES, load_game

    game = load_game(name)

    def decide(n: int) -> tuple[float, str]:
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims, random_state=rng,
                           evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng))
        state, done, check = game.new_initial_state(), 0, 0
        while done < n:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                state.apply_action(action)
                done, check = done + 1, (check * 157 + action) % 1_000_000_007
        return sims, f"{n} decisions, actions' checksum {check}"

    return program_run(name, f"pyspiel.load_game({GAME_NAMES[name]!r}); both players mcts.MCTSBot(game, "
                       f"uct_c=2.0, max_simulations={sims}, evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1)),"
                       f" the chance nodes sampled; one numpy RandomState({seed}) for all, made at the start of "
                       "a pass", 1, decide)


def program_runs(figure: str, seed: int, sims: int) -> dict[str, Run]:
    """A whole-program figure's runs, by ruleset (ImportError without its package)."""
    if figure == "selfplay":
        return {name: selfplay_run(name, seed) for name in ("long", "short")}
    if figure == "gym":
        return {name: gym_run(name, seed) for name in ("short", "long")}
    return {name: openspiel_run(name, seed, sims) for name in ("short", "long")}


PROGRAM_SOURCES = {
    "selfplay": "games of `nardy selfplay --seed {seed}` (games 0, 1, ... of that seed)",
    "gym": "nardy/Short-v0 and nardy/Long-v0 (the agent White, the environment's RandomAgent Black); the agent's "
           "steps",
    "openspiel": "the first decisions (steps and passes, both players) of games from the start, {sims} simulations "
                 "a decision; a game that ends is followed by a new one",
}


def fig_program(S: dict[str, Any], figure: str) -> dict[str, Any]:
    try:
        runs = program_runs(figure, S["seed"], S["mcts_simulations"])
    except ImportError as e:  # gymnasium or open_spiel is not installed
        return {"source": "", "runs": {}, "ratios": {}, "notes": [f"not run: {e} (pip install 'nardy[{figure}]')"]}
    res = round_robin(list(runs.values()), S["rounds"], S["program_pass_s"], S.get("scales"))
    source = PROGRAM_SOURCES[figure].format(seed=S["seed"], sims=S["mcts_simulations"])
    return {"source": source, "runs": res, "ratios": {}}  # the ratios between the builds: made by the parent


def build_info(S: dict[str, Any]) -> dict[str, Any]:
    """Which nardy this interpreter imports, and which peers."""
    compiled = getattr(nardy, "COMPILED", None)
    if compiled is None:  # a nardy without nardy.COMPILED: compiled if its kernel is an extension module
        compiled = nardy.rules.kernel.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    src = os.path.dirname(os.path.abspath(nardy.__file__))
    rev = None
    with contextlib.suppress(Exception):
        git = ["git", "-C", src]
        rev = subprocess.run(git + ["rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             check=True).stdout.strip()
        if subprocess.run(git + ["status", "--porcelain", "--", "."], capture_output=True, text=True,
                          check=True).stdout.strip():
            rev += " with local changes"
    peers, skipped = load_peers(S["peers"])
    t, s = time.perf_counter(), 0
    for i in range(2_000_000):  # a pure-Python yardstick, to compare machines
        s += i
    return {
        "build": "compiled" if compiled else "pure", "nardy": nardy.__version__, "path": src, "revision": rev,
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}", "executable": sys.executable,
        "platform": platform.platform(), "cpus": os.cpu_count(),
        "yardstick_M_per_s": 2 / (time.perf_counter() - t),
        "peers": {p: metadata.version(DISTRIBUTIONS[p]) for p in peers}, "peers_skipped": skipped,
    }


FIGURE_RUNNERS: dict[str, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    "check": fig_check,
    "legal": lambda S, c: fig_versus(S, c, "legal"),
    "afterstates": lambda S, c: fig_versus(S, c, "afterstates"),
    "games": lambda S, c: fig_versus(S, c, "games"),
    "loop": lambda S, c: fig_versus(S, c, "loop"),
    "steps": fig_steps,
    "rulesets": fig_rulesets,
    "growth": fig_growth,
    "harness": fig_harness,
    "harness-games": fig_harness_games,
    "selfplay": lambda S, c: fig_program(S, "selfplay"),
    "gym": lambda S, c: fig_program(S, "gym"),
    "openspiel": lambda S, c: fig_program(S, "openspiel"),
}


def child(name: str, folder: str, out: str, rounds: str | None = None) -> None:
    with open(os.path.join(folder, "settings.json")) as f:
        S = json.load(f)
    if rounds is not None:
        S["rounds"] = int(rounds)
    with contextlib.suppress(FileNotFoundError), open(scales_file(folder, name)) as f:
        S["scales"] = json.load(f)  # the sizes of the passes, found by the first process of a whole-program figure
    try:
        if name == "info":
            result = build_info(S)
        else:
            with open(os.path.join(folder, "cases.json")) as f:
                result = FIGURE_RUNNERS[name](S, json.load(f))
    except Exception:
        result = {"error": traceback.format_exc()}
    with open(out, "w") as f:
        json.dump(result, f)


def scales_file(folder: str, name: str) -> str:
    return os.path.join(folder, f"{name}.scales.json")


def run_child(python: str, name: str, folder: str, rounds: int | None = None) -> dict[str, Any]:
    """Run one figure (or ``info``) in a process of its own under ``python``
    (``rounds`` of it, if given, instead of the settings')."""
    out = os.path.join(folder, "result.json")
    with contextlib.suppress(FileNotFoundError):
        os.remove(out)
    proc = subprocess.run([python, os.path.abspath(__file__), "--child", name, folder, out]
                          + ([str(rounds)] if rounds is not None else []), capture_output=True, text=True)
    if not os.path.exists(out):
        return {"error": f"{python} exited with status {proc.returncode}\n{proc.stderr.strip()[-3000:]}"}
    with open(out) as f:
        return json.load(f)  # type: ignore[no-any-return]


def run_program(figure: str, builds: dict[str, dict[str, Any]], folder: str, S: dict[str, Any]) -> dict[str, Any]:
    """A whole-program figure in every build. The builds take turns: the rounds
    are split into ``S["legs"]`` processes of each build, the order alternating, so
    that round k of every build is timed at about the same time; the first
    process sizes the passes and every other one does the same passes (the same
    games, steps, decisions). Then each build's speed as a multiple of the first
    pure build's, round by round."""
    with contextlib.suppress(FileNotFoundError):
        os.remove(scales_file(folder, figure))
    legs = min(S["legs"], S["rounds"]) if len(builds) > 1 else 1
    got: dict[str, list[dict[str, Any]]] = {b: [] for b in builds}
    for k in range(legs):
        rounds = S["rounds"] // legs + (k < S["rounds"] % legs)
        for b in list(builds) if k % 2 == 0 else list(builds)[::-1]:
            r = run_child(builds[b]["executable"], figure, folder, rounds)
            got[b].append(r)
            if r.get("runs") and not os.path.exists(scales_file(folder, figure)):
                with open(scales_file(folder, figure), "w") as f:
                    json.dump({name: run["scale"] for name, run in r["runs"].items()}, f)
    results = {b: joined(parts) for b, parts in got.items()}
    ref = next((b for b in builds if builds[b]["build"] == "pure" and "error" not in results[b]), None)
    for b, r in results.items():
        if ref is None or b == ref or not r.get("runs"):
            continue
        base = results[ref]["runs"]
        r["ratios"] = {name: ratio({"b": run, "ref": base[name]}, "b", "ref")
                       for name, run in r["runs"].items() if name in base}
        differ = [name for name, run in r["runs"].items() if name in base and run.get("work") != base[name].get("work")]
        r.setdefault("notes", []).append(
            f"÷ {ref}; the same work as {ref} in every run" if not differ else
            f"÷ {ref}; NOT the same work as {ref} in {', '.join(differ)}: "
            + "; ".join(f"{name}: {r['runs'][name].get('work')} against {base[name].get('work')}" for name in differ))
    return results


def joined(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One build's processes of a whole-program figure as one result: the rounds
    of each run in order (an error or a figure not run: as the first says)."""
    first = parts[0]
    bad = next((p for p in parts if "error" in p), None)
    if bad or not first.get("runs"):
        return bad or first
    runs = {name: dict(run, rates=[x for p in parts for x in p["runs"][name]["rates"]])
            for name, run in first["runs"].items()}
    for run in runs.values():
        run["median"] = statistics.median(run["rates"])
    works = {name: {p["runs"][name].get("work") for p in parts} for name in runs}
    for name, seen in works.items():
        if len(seen) > 1:  # every process of a build must do the same passes
            runs[name]["work"] = " / ".join(sorted(map(str, seen)))
    return dict(first, runs=runs)


# --------------------------------------------------------------------------- report


def table(head: list[str], rows: list[list[str]], left: int = 1) -> list[str]:
    """A plain-text table: the first ``left`` columns left-aligned, the others right-aligned."""
    w = [max(len(c) for c in col) for col in zip(head, *rows, strict=True)]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w[i]) if i < left else c.rjust(w[i]) for i, c in enumerate(row)).rstrip()

    return ["  " + fmt(head), "  " + "  ".join("-" * n for n in w)] + ["  " + fmt(r) for r in rows]


def rate_text(run: dict[str, Any] | None, unit: str) -> str:
    if run is None:
        return "-"
    v = 1e6 / run["median"] if unit == "µs/call" else run["median"]
    return f"{v:,.0f}" if v >= 100 else f"{v:,.1f}" if v >= 10 else f"{v:,.2f}"


def ratio_text(r: dict[str, Any] | None, spread: bool = True) -> str:
    if r is None:
        return "-"
    per = r["per_round"]
    return f"{r['median']:.2f}x" + (f" ({min(per):.2f}-{max(per):.2f})" if spread else "")


def ordered(results: dict[str, dict[str, Any]], key: str) -> list[str]:
    """The keys of ``key`` across the builds' results, in first-seen order."""
    return list(dict.fromkeys(k for r in results.values() for k in r.get(key, {})))


def report(figure: str, results: dict[str, dict[str, Any]], seconds: float) -> list[str]:
    """A figure's rates and ratios, one column per build."""
    ok = {b: r for b, r in results.items() if "error" not in r}
    if figure == "check":
        return report_check(ok) + failures(results)
    title, _, unit, per_unit, ratio_head = FIGURES[figure]
    source = next((r["source"] for r in ok.values()), "")
    out = [f"{list(FIGURES).index(figure) + 1}. {title}: {source} ({seconds:.0f} s)"]
    if unit and (names := ordered(ok, "runs")):
        rows = []
        for name in names:
            per = next(r["runs"][name]["per_unit"] for r in ok.values() if name in r["runs"])
            rows.append([name, f"{per:.1f}"] + [rate_text(r["runs"].get(name), unit) for r in ok.values()])
        out += table(["", per_unit or ""] + [f"{b} {unit}" for b in ok], rows)
    with_ratios = [b for b, r in ok.items() if r.get("ratios")]  # a whole-program figure: not the pure build
    rows = [[name] + [ratio_text(ok[b]["ratios"].get(name)) for b in with_ratios] for name in ordered(ok, "ratios")]
    if rows:
        out += table([ratio_head] + with_ratios, rows)
        out.append("  (median over the rounds, lowest-highest round)")
    calls = {run["engine"]: run["call"] for r in ok.values() for run in r["runs"].values()}
    out += ["  timed:"] + [f"    {engine}: {call}" for engine, call in calls.items()] if calls else []
    for b, r in ok.items():
        out += [f"  {b + ': ' if len(ok) > 1 else ''}{note}" for note in r.get("notes", [])]
    return out + failures(results)


def failures(results: dict[str, dict[str, Any]]) -> list[str]:
    return [f"  {b}: FAILED\n    " + r["error"].strip().replace("\n", "\n    ") for b, r in results.items()
            if "error" in r]


def report_check(ok: dict[str, dict[str, Any]]) -> list[str]:
    out = [f"Check: distinct resulting positions against bgsage's, {next(iter(ok.values()))['source']}"
           if ok else "Check"]
    for b, r in ok.items():
        prefix = f"{b}: " if len(ok) > 1 else ""
        if not r["engines"]:
            out.append(f"  {prefix}not checked: bgsage is not among the peers measured")
        for name, e in r["engines"].items():
            info = "" if name.startswith("nardy") else " (for information)"
            out.append(f"  {prefix}{name}: {e['disagreements']} disagreements in {e['checked']} cases{info}")
            out += [f"    e.g. {x['pos']} dice {x['dice']}: {x['missing']} missing, {x['extra']} extra"
                    for x in e["examples"]]
    return out


def nardy_disagreements(results: dict[str, dict[str, Any]]) -> int:
    return sum(e["disagreements"] for r in results.values() if "error" not in r
               for name, e in r["engines"].items() if name.startswith("nardy"))


def measured(results: dict[str, dict[str, dict[str, Any]]], build: str, source: Source | None,
             speed: bool, bound: float) -> dict[str, Any] | None:
    """A target's ratio in one build from ``source`` (None when the yardstick has no such figure)."""
    if source is None:
        return None
    figure, row = source
    ratios = results.get(figure, {}).get(build, {}).get("ratios", {})
    figure_speed = FIGURES[figure][4].startswith("speed")
    if row is None and ratios:  # the worst row
        row = (min if figure_speed else max)(ratios, key=lambda k: ratios[k]["median"])
    got = ratios.get(row) if row else None
    per = [] if got is None else [x if figure_speed == speed else 1 / x for x in got["per_round"]]
    v = statistics.median(per) if per else None
    return {"figure": figure, "row": row, "worst": source[1] is None, "measured": v,
            "met": None if v is None else (v >= bound if speed else v <= bound),
            # how many rounds met it on their own: how far the verdict is from the threshold
            "rounds": len(per), "rounds_met": sum(x >= bound if speed else x <= bound for x in per)}


def targets(results: dict[str, dict[str, dict[str, Any]]], builds: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each target whose figures ran, for each build it is for, with the ratio
    measured on each yardstick and whether it is met."""
    out = []
    for what, kind, sense, bound, harness, native in TARGETS:
        if not any(source and source[0] in results for source in (harness, native)):
            continue
        chosen = [b for b, info in builds.items() if not kind or info["build"] == kind]
        for b in chosen or [f"({kind}: none measured)"]:
            out.append({"target": what, "build": b, "bound": bound, "kind": sense,
                        **{name: measured(results, b, source, sense == "speed", bound)
                           for name, source in (("harness", harness), ("native", native))}})
    return out


def target_text(m: dict[str, Any] | None) -> str:
    if m is None:
        return "n/a"
    if m["measured"] is None:
        return "not measured"
    worst = f" ({m['row'].split(':')[0]})" if m.get("worst") else ""
    # three digits, so that a median just below a threshold does not print as the threshold
    return f"{m['measured']:.3g}x ({m['rounds_met']}/{m['rounds']}) {'met' if m['met'] else 'NOT MET'}{worst}"


def summary(results: dict[str, dict[str, dict[str, Any]]], builds: dict[str, dict[str, Any]],
            goals: list[dict[str, Any]]) -> list[str]:
    rows = [[f"{FIGURES[f][1]}: {p if '÷' in p else '÷ ' + p}"]
            + [ratio_text(results[f].get(b, {}).get("ratios", {}).get(p), spread=False) for b in builds]
            for f in ("legal", "afterstates", "games", "loop", "harness", "harness-games") if f in results
            for p in ordered(results[f], "ratios")]
    out = []
    if rows:
        out += ["Summary: nardy's speed as a multiple of each peer's (median over the rounds)"]
        out += table([""] + list(builds), rows) + [""]
    others = [b for b in builds if any(results[f].get(b, {}).get("ratios") for f in PROGRAMS if f in results)]
    rows = [[f"{FIGURES[f][1]}: {name}"] + [ratio_text(results[f][b].get("ratios", {}).get(name)) for b in others]
            for f in PROGRAMS if f in results for name in ordered(results[f], "ratios")]
    if rows:
        ref = next(b for b in builds if builds[b]["build"] == "pure")
        out += [f"Whole programs: each build's speed as a multiple of the {ref} build's (median over the rounds, "
                "lowest-highest round)"]
        out += table([""] + others, rows) + [""]
    if not goals:
        return out[:-1]
    out += ["Targets, on both yardsticks: the harness' (every engine through its adapter, as the issue that set "
            "the targets measured) and the native one (every engine in its native form, figures 1-7; whole "
            "programs, figures 10-12, against the pure build)"]
    out += table(["target", "build", *YARDSTICKS.values()],
                 [[g["target"], g["build"], target_text(g["harness"]), target_text(g["native"])] for g in goals],
                 left=2)
    out += ["  the median over the rounds, and (k/n): k of the n rounds met the target on their own;"]
    if any(g["native"] and g["native"]["worst"] and g["native"]["measured"] for g in goals):
        out += ["  (name): the row of the figure that is furthest from the target;"]
    if any(g["target"].startswith("random games") for g in goals):
        out += ["  random games through afterstates: the fastest loop (native), the afterstates adapter (harness);",
                "  through plays: nardy.Game (native), the legal_plays adapter (harness)"]
    return out


# --------------------------------------------------------------------------- main


def settings(args: argparse.Namespace) -> dict[str, Any]:
    q = args.quick
    figures = list(FIGURES) if not args.figures else [f.strip() for f in args.figures.split(",") if f.strip()]
    peers = [p for p in args.peers.split(",") if p]
    for f in figures:
        if f not in FIGURES:
            raise SystemExit(f"unknown figure {f!r}; the figures are: {', '.join(FIGURES)}")
    for p in peers:
        if p not in PEERS:
            raise SystemExit(f"unknown peer {p!r}; the peers are: {', '.join(PEERS)}")
    pass_s = args.pass_seconds or (0.1 if q else 0.3)
    return {
        "quick": q, "figures": figures, "check": not args.no_check, "peers": peers,
        "rulesets": [n for n in args.rulesets.split(",") if n],
        "cases": args.cases or (200 if q else 1000), "cases_file": args.cases_file, "seed": args.seed,
        "rounds": args.rounds or (3 if q else 9), "pass_s": pass_s, "game_pass_s": 4 * pass_s,
        "ruleset_cases": 60 if q else 300, "growth_games": 8 if q else 50, "bucket_cases": 30 if q else 150,
        "program_pass_s": 4 * pass_s, "legs": LEGS, "mcts_simulations": MCTS_SIMULATIONS,
    }


def main() -> int:
    if len(sys.argv) in (5, 6) and sys.argv[1] == "--child":
        child(*sys.argv[2:])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="figures: " + "; ".join(f"{k}: {v[0]}" for k, v in FIGURES.items()))
    ap.add_argument("--quick", action="store_true", help="a smoke run (a few minutes)")
    ap.add_argument("--out", help="write the settings, the builds and every round of every figure to this JSON file")
    ap.add_argument("--python", action="append",
                    help="an interpreter whose nardy to measure (repeatable; default: this one)")
    ap.add_argument("--figures", help=f"comma list (default all: {','.join(FIGURES)})")
    ap.add_argument("--no-check", action="store_true", help="skip the check against bgsage")
    ap.add_argument("--peers", default=",".join(PEERS), help="comma list ('' for none; default: all)")
    ap.add_argument("--rulesets", default=",".join(nardy.RULESET_NAMES),
                    help="comma list for figures steps and rulesets (default: every ruleset)")
    ap.add_argument("--rounds", type=int, help="timed rounds per figure (default 9; quick 3)")
    ap.add_argument("--cases", type=int, help="short cases from the case file (default 1000; quick 200)")
    ap.add_argument("--pass-seconds", type=float,
                    help="length of an engine's pass in a round (default 0.3; quick 0.1); games and whole programs "
                         "take 4 times this")
    ap.add_argument("--cases-file", default=os.path.join(NA.PEER_DIR, "bench_cases.jsonl"))
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    S = settings(args)
    start = time.perf_counter()
    load_start = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "settings.json"), "w") as f:
            json.dump(S, f)
        builds: dict[str, dict[str, Any]] = {}
        for py in args.python or [sys.executable]:
            info = run_child(py, "info", folder)
            if "error" in info:
                print(f"{py}: cannot measure it\n  " + info["error"].replace("\n", "\n  "))
                continue
            label = info["build"] if info["build"] not in builds else f"{info['build']} {len(builds) + 1}"
            builds[label] = info
            print(f"{label}: nardy {info['nardy']} from {info['path']}"
                  + (f" (git {info['revision']})" if info["revision"] else "")
                  + f", {info['python']} ({info['executable']}); pure-Python loop "
                    f"{info['yardstick_M_per_s']:.1f} M iter/s")
            print("  peers: " + (", ".join(f"{p} {v}" for p, v in info["peers"].items()) or "none"))
            for p, why in info["peers_skipped"].items():
                print(f"  {p} skipped: {why}")
        if not builds:
            return 2
        first = next(iter(builds.values()))
        print(f"{first['platform']}, {first['cpus']} CPUs, load average {load_start[0]:.2f}; "
              f"{'quick' if S['quick'] else 'full'} run: {S['rounds']} rounds per figure", flush=True)
        with open(os.path.join(folder, "cases.json"), "w") as f:
            json.dump(make_cases(S), f)
        results: dict[str, dict[str, dict[str, Any]]] = {}
        for figure in (["check"] if S["check"] else []) + S["figures"]:
            t = time.perf_counter()
            results[figure] = run_program(figure, builds, folder, S) if figure in PROGRAMS else \
                {b: run_child(info["executable"], figure, folder) for b, info in builds.items()}
            print("\n" + "\n".join(report(figure, results[figure], time.perf_counter() - t)), flush=True)
    goals = targets(results, builds)
    elapsed = time.perf_counter() - start
    print("\n" + "\n".join(summary(results, builds, goals)))
    print(f"\nbuilds: {', '.join(builds)}; the run took {elapsed:.0f} s; load average {load_start[0]:.2f} at the "
          f"start, {os.getloadavg()[0]:.2f} at the end")
    bad = nardy_disagreements(results.get("check", {}))
    failed = [f for f, rs in results.items() if any("error" in r for r in rs.values())]
    if bad:
        print(f"nardy DISAGREES with bgsage on {bad} cases (see the check)")
    if failed:
        print(f"failed: {', '.join(failed)}")
    if args.out:
        meta = {"settings": S, "builds": builds, "elapsed_s": elapsed, "loadavg_at_start": load_start,
                "loadavg_at_end": os.getloadavg(), "date": time.strftime("%Y-%m-%d %H:%M")}
        with open(args.out, "w") as f:
            json.dump({"meta": meta, "results": results, "targets": goals}, f, indent=1)
        print(f"wrote {args.out}")
    return 1 if bad else 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
