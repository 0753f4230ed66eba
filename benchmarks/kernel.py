#!/usr/bin/env python3
"""The rules kernel's speed, per ruleset, against an earlier revision of nardy.

    python benchmarks/kernel.py [--baseline REV] [--rounds N] [--cases N]

For every ruleset it measures, over the same (position, dice) cases sampled
from seeded random games:

* ``legal_plays``: calls per second of ``rules.legal_plays(pos, dice)``;
* ``step input``: the cost of entering one legal play step by step
  (``next_steps`` before every step and once after the last, then
  ``play_from_steps``), as a multiple of one ``legal_plays`` call.

With ``--baseline`` (a git revision, e.g. ``503d175``) the same measurement runs
on that revision too, exported to a temporary folder; the two run in separate
processes, alternately, ``--rounds`` times, and the report gives the median
ratio of each figure (current / baseline). Machines are noisy: quote ratios
measured in one run, not absolute rates.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def sample_cases(n: int, names: tuple[str, ...] = ()) -> dict[str, list[tuple[str, list[int]]]]:
    """Seeded (position string, dice) cases of the rulesets ``names`` (default: every
    ruleset), own rolls only."""
    import nardy

    out: dict[str, list[tuple[str, list[int]]]] = {}
    for name in names or nardy.RULESET_NAMES:
        rules = nardy.ruleset(name)
        rng = random.Random(name)
        cases: list[tuple[str, list[int]]] = []
        pos = rules.initial_position()
        while len(cases) < n:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            cases.append((pos.to_string(), dice))
            plays = rules.legal_plays(pos, tuple(dice))
            pos = rules.apply(pos, rng.choice(plays))
            if rules.winner(pos) is not None:
                pos = rules.initial_position()
        out[name] = cases
    return out


def through_game(rules: Any) -> Callable[[int], int]:
    """One random game through nardy.Game (its dice and the choices seeded with ``seed``)."""

    import nardy

    def game(seed: int) -> int:
        g, rng = nardy.Game(rules, seed=seed), random.Random(seed)
        while not g.is_over():
            if g.dice is None:
                g.roll()
            g.play(rng.choice(g.legal_plays()))
        return g.plies

    return game


def fastest_loop(rules: Any) -> Callable[[int], int]:
    """One random game through the loop of docs/research.rst (a pass is the one afterstate)."""
    afterstates, winner, initial = rules.afterstates, rules.winner, rules.initial_position

    def game(seed: int) -> int:
        rng = random.Random(seed)
        pos, turns = initial(), 0
        while winner(pos) is None:
            after = afterstates(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            pos = after[rng.randrange(len(after))]
            turns += 1
        return turns

    return game


def measure(cases: dict[str, list[tuple[str, list[int]]]], repeats: int = 5) -> dict[str, dict[str, float]]:
    """Run in the nardy on ``sys.path``: per ruleset, legal_plays calls/s and the
    time of step-by-step input per play over the time of one legal_plays call.

    Each figure is the best of ``repeats`` passes (shared machines stall at
    random; the fastest pass is the one least disturbed)."""
    import nardy
    from nardy import Position

    results: dict[str, dict[str, float]] = {}
    for name, raw in cases.items():
        rules = nardy.ruleset(name)
        items = [(Position.from_string(text), tuple(dice)) for text, dice in raw]
        for pos, dice in items[:20]:  # warm-up
            rules.legal_plays(pos, dice)
        chosen = [ps[len(ps) // 2].steps for ps in (rules.legal_plays(pos, dice) for pos, dice in items)]
        legal_s = step_s = float("inf")
        for _ in range(repeats):
            # fresh position objects per pass, so no pass reuses another's search
            fresh = [(Position.from_string(p.to_string()), d) for p, d in items]
            t = time.perf_counter()
            for pos, dice in fresh:
                rules.legal_plays(pos, dice)
            legal_s = min(legal_s, time.perf_counter() - t)
            fresh = [(Position.from_string(p.to_string()), d) for p, d in items]
            t = time.perf_counter()
            for (pos, dice), steps in zip(fresh, chosen, strict=True):
                for k in range(len(steps) + 1):
                    rules.next_steps(pos, dice, steps[:k])
                rules.play_from_steps(pos, dice, steps)
            step_s = min(step_s, time.perf_counter() - t)
        results[name] = {
            "legal_plays_per_s": len(items) / legal_s,
            "step_input_over_legal_plays": step_s / legal_s,
        }
    return results


def _child() -> None:
    cases = json.load(sys.stdin)
    json.dump(measure(cases), sys.stdout)


def _run(src: str, cases: Any) -> dict[str, dict[str, float]]:
    env = dict(os.environ, PYTHONPATH=src)
    proc = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--child"],
        input=json.dumps(cases), capture_output=True, text=True, env=env, check=True,
    )
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", help="a git revision to compare with (e.g. 503d175)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each version (default 3)")
    parser.add_argument("--cases", type=int, default=300, help="cases per ruleset (default 300)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child()
        return
    sys.path.insert(0, os.path.join(ROOT, "src"))
    cases = sample_cases(args.cases)
    current = os.path.join(ROOT, "src")
    runs: dict[str, list[dict[str, dict[str, float]]]] = {"current": [], "baseline": []}
    with tempfile.TemporaryDirectory() as tmp:
        base_src = None
        if args.baseline:
            archive = subprocess.run(
                ["git", "-C", ROOT, "archive", args.baseline, "src"], capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            base_src = os.path.join(tmp, "src")
        for _ in range(args.rounds):
            runs["current"].append(_run(current, cases))
            if base_src:
                runs["baseline"].append(_run(base_src, cases))

    def med(version: str, name: str, key: str) -> float:
        return statistics.median(r[name][key] for r in runs[version])

    names = list(cases)
    print(f"{'ruleset':<14}{'legal_plays/s':>15}{'step input / legal_plays':>27}", end="")
    print(f"{'legal_plays vs base':>21}{'base step input':>17}" if args.baseline else "")
    for name in names:
        lp = med("current", name, "legal_plays_per_s")
        si = med("current", name, "step_input_over_legal_plays")
        line = f"{name:<14}{lp:>15,.0f}{si:>27.2f}"
        if args.baseline:
            base_lp = med("baseline", name, "legal_plays_per_s")
            base_si = med("baseline", name, "step_input_over_legal_plays")
            line += f"{lp / base_lp:>20.2f}x{base_si:>17.2f}"
        print(line)


if __name__ == "__main__":
    main()
