#!/usr/bin/env python3
"""Instruction counts of nardy's workloads, install against install: how revisions
and builds compare on a machine whose speed wanders.

    python benchmarks/icount.py base=/tmp/base/.venv/bin/python this=.venv/bin/python
    python benchmarks/icount.py pure=.venv/bin/python compiled=.venv-compiled/bin/python
    python benchmarks/icount.py main=.venv/bin/python:/tmp/main/src this=.venv/bin/python

Each argument is ``LABEL=PYTHON`` or ``LABEL=PYTHON:PYTHONPATH``, as for
``builds.py``; the first is the reference. Every workload runs under valgrind's
callgrind (the Debian package ``valgrind``), which counts the instructions the
process executes: the same program and input give the same count, whatever else
the machine is doing, so a change of a few percent shows where wall-clock times
only scatter. Per ruleset:

* ``legal_plays``: one ``rules.legal_plays(pos, dice)`` call, over the cases;
* ``afterstates``: one ``list(rules.afterstates(pos, dice))``, over the cases;
* ``single``: ``legal_plays`` over the cases with exactly one legal play;
* ``games``: one complete random game through ``nardy.Game`` (seeds 0, 1, ...);
* ``loop``: one random game of the afterstates loop (``bench.py``'s fastest
  loop, the same seeds);
* ``gym``: one step of the Gymnasium environment with a random agent that draws
  among the legal actions (``bench.py``'s figure 11; 100 steps a game asked
  for, from the same seed; needs gymnasium);
* ``selfplay``: one game of ``nardy selfplay`` (``simulate`` of one game of
  greedy White against random Black, seeds 0, 1, ...; ``bench.py``'s figure 10).

The cases are sampled once, from seeded random self-play (``kernel.py``), and
given to every install. A workload's count is that of a process that runs it
``--passes`` times less that of one that runs it zero times after the same
set-up (imports, cases, one warm-up pass), divided by the calls or games it
made. The garbage collector is off and the hash seed fixed, so that a count
repeats exactly; times on a real machine also pay the collector. Instructions
are not time (a cache miss costs more than an addition): compare revisions and
builds with these, and quote speeds from ``bench.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from builds import parse_installs  # benchmarks/builds.py: LABEL=PYTHON[:PYTHONPATH]
from kernel import fastest_loop, sample_cases, through_game  # benchmarks/kernel.py: the cases and the loops

WORKLOADS = ("legal_plays", "afterstates", "single", "games", "loop", "gym", "selfplay")
RULESETS = ("short", "long")


def run(workload: str, name: str, raw: list[tuple[str, list[int]]], passes: int, games: int) -> int:
    """In the nardy this interpreter imports: set up, warm up, then run ``workload``
    ``passes`` times; returns the calls or games one pass makes."""
    import gc

    import nardy
    from nardy import Position

    rules = nardy.ruleset(name)
    cases = [(Position.from_string(text), tuple(dice)) for text, dice in raw]
    if workload == "single":
        cases = [(pos, dice) for pos, dice in cases if len(rules.legal_plays(pos, dice)) == 1]

    play: Callable[[int], object] | None = None  # a game (a step of gym) at a time; else calls over the cases
    if workload == "games":
        play = through_game(rules)
    elif workload == "loop":
        play = fastest_loop(rules)
    elif workload == "selfplay":
        play = selfplay_games(rules)
    elif workload == "gym":
        play = gym_steps(name)
        games *= 100  # steps

    def one_pass() -> int:
        if play is not None:
            for seed in range(games):
                play(seed)
            return games
        if workload == "afterstates":
            for pos, dice in cases:
                list(rules.afterstates(pos, dice))
        else:
            for pos, dice in cases:
                rules.legal_plays(pos, dice)
        return len(cases)

    units = one_pass()  # the warm-up, in both runs
    gc.disable()
    for _ in range(passes):
        one_pass()
    return units


def gym_steps(name: str) -> Callable[[int], object]:
    """One step of the Gymnasium environment ``name`` with a random agent at a
    time, a new episode begun when one ends; step 0 seeds the environment and
    its action space, so that every pass makes the same steps (bench.py's gym figure)."""
    import gymnasium

    from nardy.envs.gym import ENV_IDS

    env = gymnasium.make(ENV_IDS[name])
    space = env.action_space
    obs: list[Any] = [None]

    def step(k: int) -> object:
        if k == 0:
            space.seed(0)
            obs[0], _ = env.reset(seed=0)
        obs[0], _, terminated, truncated, _ = env.step(space.sample(mask=obs[0]["action_mask"]))
        if terminated or truncated:
            obs[0], _ = env.reset()
        return None

    return step


def selfplay_games(rules: Any) -> Callable[[int], object]:
    """One game of ``nardy selfplay``: ``simulate`` of one game, greedy White against
    random Black, of seed ``k``, summarised (bench.py's selfplay figure plays many
    games of one seed in one call)."""
    from nardy.simulate import simulate

    return lambda k: str(simulate(rules, 1, white="greedy", black="random", seed=k, workers=1))


def count(
    python: str, path: str, workload: str, name: str, cases_file: str, passes: int, games: int
) -> tuple[int, int]:
    """The instructions of one process running ``workload`` ``passes`` times, and
    the calls or games of a pass."""
    # one BLAS thread: numpy's (which the gym workload imports) would otherwise start
    # a pool whose idle threads run a varying number of instructions
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env.pop("PYTHONPATH", None)
    if path:
        env["PYTHONPATH"] = path
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        python, os.path.abspath(__file__), "--child", workload, name, cases_file, str(passes), str(games),
    ]  # fmt: skip
    proc = subprocess.run(
        command, capture_output=True, text=True, env=env,
        cwd=os.path.dirname(os.path.abspath(__file__)),  # not a checkout root: no src/ on the path
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode or found is None:
        sys.exit(f"{python} failed on {workload} ({name}):\n{proc.stderr[-2000:]}")
    return int(found.group(1)), int(proc.stdout)


def per_unit(python: str, path: str, workload: str, name: str, cases_file: str, passes: int, games: int) -> float:
    """The instructions of one call or game of ``workload``."""
    full, units = count(python, path, workload, name, cases_file, passes, games)
    base, _ = count(python, path, workload, name, cases_file, 0, games)
    return (full - base) / (passes * units)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("installs", nargs="*", metavar="LABEL=PYTHON[:PYTHONPATH]")
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="default: all (see above)")
    parser.add_argument("--rulesets", default=",".join(RULESETS), help="default: short,long")
    parser.add_argument("--cases", type=int, default=300, help="cases per ruleset (default 300)")
    parser.add_argument(
        "--games",
        type=int,
        default=5,
        help="games per pass of games, loop and selfplay, 100 steps each of gym (default 5)",
    )
    parser.add_argument("--passes", type=int, default=2, help="passes counted (default 2)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes at once (default: cores)")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        workload, name, cases_file, passes, games = args.child
        with open(cases_file) as f:
            raw = json.load(f)[name]
        print(run(workload, name, raw, int(passes), int(games)))
        return
    if len(args.installs) < 2:
        parser.error("give at least two installs, the reference first")
    if shutil.which("valgrind") is None:
        sys.exit("icount.py needs valgrind (apt-get install valgrind)")
    workloads = [w for w in args.workloads.split(",") if w]
    rulesets = [r for r in args.rulesets.split(",") if r]
    unknown = sorted(set(workloads) - set(WORKLOADS))
    if unknown:
        parser.error(f"unknown workloads {unknown}: choose from {', '.join(WORKLOADS)}")
    installs = parse_installs(args.installs)
    with tempfile.TemporaryDirectory() as tmp:
        cases_file = os.path.join(tmp, "cases.json")
        with open(cases_file, "w") as f:
            json.dump(sample_cases(args.cases, tuple(rulesets)), f)
        jobs = [(label, python, path, w, r) for w in workloads for r in rulesets for label, python, path in installs]
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            counts = list(
                pool.map(lambda j: per_unit(j[1], j[2], j[3], j[4], cases_file, args.passes, args.games), jobs)
            )
    table = {(label, w, r): n for (label, _, _, w, r), n in zip(jobs, counts, strict=True)}
    reference = installs[0][0]
    others = [label for label, _, _ in installs[1:]]
    print("thousands of instructions per call (per game for games, loop and selfplay, per step for gym)")
    width = max(12, *(len(label) + 2 for label, _, _ in installs))
    ratio_width = max(20, *(len(label) + len(reference) + 5 for label in others))
    print(f"{'':<24}" + "".join(f"{label:>{width}}" for label, _, _ in installs)
          + "".join(f"{label + ' / ' + reference:>{ratio_width}}" for label in others))  # fmt: skip
    for w in workloads:
        for r in rulesets:
            line = f"{w + ' (' + r + ')':<24}"
            line += "".join(f"{table[label, w, r] / 1000:>{width},.1f}" for label, _, _ in installs)
            for label in others:
                line += f"{table[label, w, r] / table[reference, w, r]:>{ratio_width - 1}.3f}x"
            print(line)


if __name__ == "__main__":
    main()
