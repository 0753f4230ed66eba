#!/usr/bin/env python3
"""Where a whole program's time goes, by module: one of bench.py's whole-program
figures (10-12) sampled with py-spy, in the nardy an interpreter imports.

    python benchmarks/profile_programs.py selfplay --rules long
    python benchmarks/profile_programs.py gym --python .venv-compiled/bin/python
    python benchmarks/profile_programs.py openspiel --seconds 20

It runs the figure's passes (the same games, steps or decisions as bench.py,
seeded alike) under ``py-spy record --native`` for ``--seconds`` of process
time and counts the samples taken inside the passes by the part of the program
that was running: nardy's rules and search (``nardy.rules``, compiled or not),
each other nardy module, the garbage collector, numpy, gymnasium, open_spiel
and the standard library. A sample in the interpreter or in a built-in (``sum``,
``tuple``, a dict look-up) counts for the Python function that called it; one in
a compiled function of ``nardy.rules`` counts for ``nardy.rules``. "own" is the
share of samples a part was running itself; "under" the share in which it was
anywhere on the stack (everything it called included), so that "under
nardy.rules" is the search with the Python it calls back (positions and plays
of ``nardy.core``). A sampling profiler adds no cost to the code it watches,
and a sample taken while the process waits for a core counts for whatever was
running, so a busy machine makes the shares noisier, not biased.

Needs py-spy (``pip install py-spy``; it reads the process' memory, so it needs
the right to trace it: root, or ``kernel.yama.ptrace_scope`` 0).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
#: games (selfplay), steps (gym) or decisions (openspiel) per pass
UNITS = {"selfplay": 10, "gym": 20, "openspiel": 3}
FRAME = re.compile(r"^(?P<name>.*) \((?P<file>[^():]+)(?::\d+)?\)$")
#: the frame of bench.py's timed pass: samples outside it (imports, set-up) are left out
PASS = "program_run.<locals>.body"
RULES = "nardy.rules (the search, the rulesets)"
GC = "the garbage collector"


def part(frame: str) -> str | None:
    """The part of the program a frame of py-spy's raw output belongs to; None
    for the interpreter, the C library and built-ins (they count for their caller)."""
    m = FRAME.match(frame)
    if not m:
        return None
    name, file = m["name"], m["file"]
    if name.startswith("gc_collect"):
        return GC
    if file.startswith("__native_") or "__mypyc" in file:  # a function compiled by mypyc: only nardy.rules is
        return RULES
    if file.endswith(".py") or file.startswith("<frozen"):
        path = file.split("/")
        if path[0] == "nardy":
            if path[1] == "rules":
                return RULES
            if path[1] == "envs":
                return "nardy.envs (StepGame)" if path[-1] == "__init__.py" else f"nardy.envs.{path[-1][:-3]}"
            return f"nardy.{path[1][:-3]}"
        if path[0] in ("bench.py", "profile_programs.py"):
            return "the benchmark's loop"
        top = path[0].removesuffix(".py")
        return "the standard library" if top in sys.stdlib_module_names or top.startswith("<frozen") else top
    if ".so" in file and "/" in file:  # an extension module of a package (numpy's, gymnasium's)
        return file.split("/")[0]
    if file.startswith("pyspiel"):
        return "open_spiel"
    return None


def shares(raw: str) -> tuple[int, Counter[str], Counter[str], Counter[str]]:
    """From py-spy's raw output: the samples in the passes, and per part those it
    was running itself (own) and those it was on the stack (under), and per
    function those it was running itself."""
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    functions: Counter[str] = Counter()
    total = 0
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        if not count.isdigit() or not any(f.startswith(PASS) for f in frames):
            continue
        n = int(count)
        total += n
        parts = [part(f) for f in frames]
        k = next((k for k in range(len(frames) - 1, -1, -1) if parts[k]), None)  # the innermost owner
        owner, function = ("other", "other") if k is None else \
            (parts[k] or "other", FRAME.sub(r"\g<name> (\g<file>)", frames[k]))  # without the line number
        own[owner] += n
        functions[function] += n
        for p in set(parts) - {None}:
            under[p] += n  # type: ignore[index]
    return total, own, under, functions


def loop(figure: str, rules: str, seconds: float) -> None:
    """The child: the figure's passes for ``seconds`` of process time, after one to warm up."""
    sys.path.insert(0, HERE)
    import bench

    import nardy

    run = bench.program_runs(figure, 2024, bench.MCTS_SIMULATIONS)[rules]
    run.timed(1)
    start, passes = time.process_time(), 0
    while time.process_time() - start < seconds:
        run.body(run.prepare(UNITS[figure]))
        passes += 1
    build = "compiled" if nardy.COMPILED else "pure Python"
    work = run.work() if run.work else ""
    print(f"{figure} {rules}, nardy {build} from {os.path.dirname(nardy.__file__)}: {passes} passes of "
          f"{work}, {time.process_time() - start:.1f} s of process time", file=sys.stderr)
    print(f"timed: {run.call}", file=sys.stderr)


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--loop":
        loop(sys.argv[2], sys.argv[3], float(sys.argv[4]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("figure", choices=list(UNITS))
    ap.add_argument("--rules", default=None, help="long or short (default: long for selfplay, short otherwise)")
    ap.add_argument("--python", default=sys.executable, help="the interpreter whose nardy to profile")
    ap.add_argument("--seconds", type=float, default=10.0, help="process time to sample (default 10)")
    ap.add_argument("--rate", type=int, default=250, help="samples per second (default 250)")
    ap.add_argument("--top", type=int, default=12, help="functions listed by their own samples (default 12)")
    args = ap.parse_args()
    rules = args.rules or ("long" if args.figure == "selfplay" else "short")
    if rules not in ("long", "short"):
        ap.error("--rules: long or short")
    spy = shutil.which("py-spy") or shutil.which("py-spy", path=os.path.dirname(sys.executable))
    if spy is None:
        sys.exit("needs py-spy: pip install py-spy")
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "raw.txt")
        proc = subprocess.run([spy, "record", "--native", "--rate", str(args.rate), "--format", "raw", "--output",
                               out, "--", args.python, os.path.abspath(__file__), "--loop", args.figure, rules,
                               str(args.seconds)], capture_output=True, text=True)
        if proc.returncode or not os.path.exists(out):
            sys.exit(f"py-spy failed (status {proc.returncode}):\n{proc.stderr.strip()}")
        with open(out) as f:
            total, own, under, functions = shares(f.read())
    print("\n".join(line for line in proc.stderr.splitlines() if not line.startswith("py-spy>")))
    if not total:
        sys.exit("no samples in the passes")
    sys.path.insert(0, HERE)
    from bench import table

    rows = [[p, f"{n / total:.1%}", f"{under[p] / total:.1%}"] for p, n in own.most_common()]
    print(f"{total} samples in the passes, at {args.rate} a second")
    print("\n".join(table(["part of the program", "own", "under"], rows)))
    if args.top > 0:
        rows = [[f, f"{n / total:.1%}"] for f, n in functions.most_common(args.top)]
        print("\n".join(table(["function (with the built-ins it called)", "own"], rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
