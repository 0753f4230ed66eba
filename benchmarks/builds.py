#!/usr/bin/env python3
"""Two installs of nardy side by side: the compiled build against the pure-Python one.

    python benchmarks/builds.py pure=.venv/bin/python compiled=.venv-compiled/bin/python
    python benchmarks/builds.py main=.venv/bin/python:/tmp/main/src this=.venv/bin/python

Each argument is ``LABEL=PYTHON`` or ``LABEL=PYTHON:PYTHONPATH`` (to measure a
source tree, e.g. another revision exported with ``git archive``). The first
is the reference. Over the same (position, dice) cases, sampled from seeded
random self-play of short and long nardy, each measures

* ``legal_plays``: calls per second of ``rules.legal_plays(pos, dice)``;
* ``afterstates``: calls per second of ``list(rules.afterstates(pos, dice))``;
* ``plays+apply``: ``legal_plays`` and ``rules.apply`` of every play, per case;
* ``games``: complete random games per second through ``nardy.Game``.

The installs run in separate processes, one after the other, ``--rounds``
times (the order alternates); each figure is the best of a few passes in a
process, and the report gives the median over the rounds of each install's
figure and of its ratio to the reference. Machines are noisy: quote the ratios
measured in one run, not absolute rates (docs/compiled.rst).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

from kernel import sample_cases, through_game  # benchmarks/kernel.py: the same seeded cases and game loop

RULESETS = ("short", "long")


def measure(cases: dict[str, list[tuple[str, list[int]]]], passes: int = 5, games: int = 8) -> dict[str, Any]:
    """Run in the nardy this interpreter imports: the figures of the module docstring."""
    import nardy
    from nardy import Position

    compiled = getattr(nardy, "COMPILED", False)  # an older revision has no COMPILED: pure Python
    build = f"nardy {nardy.__version__} from {os.path.dirname(nardy.__file__)}, COMPILED={compiled}"
    result: dict[str, Any] = {"build": build}
    for name, raw in cases.items():
        rules = nardy.ruleset(name)
        items = [(Position.from_string(text), tuple(dice)) for text, dice in raw]
        for pos, dice in items[:50]:  # warm-up
            rules.legal_plays(pos, dice)

        def fresh() -> list[tuple[Position, tuple[int, ...]]]:
            # new position objects per pass: no pass reuses another's search
            return [(Position.from_string(p.to_string()), d) for p, d in items]  # noqa: B023 - used in this pass

        best = {"legal_plays": float("inf"), "afterstates": float("inf"), "plays+apply": float("inf")}
        for _ in range(passes):
            batch = fresh()
            start = time.perf_counter()
            for pos, dice in batch:
                rules.legal_plays(pos, dice)
            best["legal_plays"] = min(best["legal_plays"], time.perf_counter() - start)
            batch = fresh()
            start = time.perf_counter()
            for pos, dice in batch:
                list(rules.afterstates(pos, dice))
            best["afterstates"] = min(best["afterstates"], time.perf_counter() - start)
            batch = fresh()
            start = time.perf_counter()
            for pos, dice in batch:
                for play in rules.legal_plays(pos, dice):
                    rules.apply(pos, play)
            best["plays+apply"] = min(best["plays+apply"], time.perf_counter() - start)
        for what, seconds in best.items():
            result[f"{name} {what} /s"] = len(items) / seconds
        seconds = float("inf")
        play_game = through_game(rules)
        for _ in range(max(1, passes // 2)):
            start = time.perf_counter()
            for seed in range(games):
                play_game(seed)
            seconds = min(seconds, time.perf_counter() - start)
        result[f"{name} games /s"] = games / seconds
    return result


def _run(python: str, path: str, cases: Any) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path:
        env["PYTHONPATH"] = path
    proc = subprocess.run(
        [python, os.path.abspath(__file__), "--child"],
        input=json.dumps(cases), capture_output=True, text=True, env=env,
        cwd=os.path.dirname(os.path.abspath(__file__)),  # not a checkout root: no src/ on the path
    )
    if proc.returncode:
        sys.exit(f"{python} failed:\n{proc.stderr}")
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def parse_installs(specs: list[str]) -> list[tuple[str, str, str]]:
    """``(label, python, pythonpath)`` of each ``LABEL=PYTHON[:PYTHONPATH]``, paths made absolute."""
    installs = []
    for spec in specs:
        label, _, rest = spec.partition("=")
        python, _, path = rest.partition(":")
        if os.sep in python:  # a path, taken from here (the children run elsewhere)
            python = os.path.abspath(python)
        installs.append((label, python, os.path.abspath(path) if path else ""))
    return installs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("installs", nargs="*", metavar="LABEL=PYTHON[:PYTHONPATH]")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each install (default 5)")
    parser.add_argument("--cases", type=int, default=400, help="cases per ruleset (default 400)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        json.dump(measure(json.load(sys.stdin)), sys.stdout)
        return
    if len(args.installs) < 2:
        parser.error("give at least two installs, the reference first")
    installs = parse_installs(args.installs)
    cases = sample_cases(args.cases, RULESETS)
    runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in installs}
    for r in range(args.rounds):
        for label, python, path in installs if r % 2 == 0 else installs[::-1]:
            runs[label].append(_run(python, path, cases))
    reference = installs[0][0]
    others = [label for label, _, _ in installs[1:]]
    for label, _, _ in installs:
        print(f"{label}: {runs[label][0]['build']}")
    figures = [key for key in runs[reference][0] if key.endswith("/s")]
    width = max(map(len, figures)) + 2
    print(f"{'':<{width}}" + "".join(f"{label:>12}" for label, _, _ in installs)
          + "".join(f"{label + ' / ' + reference:>22}" for label in others))
    for key in figures:
        line = f"{key:<{width}}" + "".join(
            f"{statistics.median(run[key] for run in runs[label]):>12,.0f}" for label, _, _ in installs
        )
        for label in others:
            ratio = statistics.median(a[key] / b[key] for a, b in zip(runs[label], runs[reference], strict=True))
            line += f"{ratio:>21.2f}x"
        print(line)


if __name__ == "__main__":
    main()
