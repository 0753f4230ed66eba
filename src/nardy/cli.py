"""The ``nardy`` command.

* ``nardy selfplay --rules long --games 200 --seed 1 [--workers N]`` plays
  complete games between two built-in bots and prints the results;
* ``nardy match --rules short --length 5`` plays a match between bots, with
  the cube, and can save its record;
* ``nardy show [POSITION] [--svg FILE]`` prints a ruleset's start position or
  a position given as a nardy position string, a gnubg ID or an XGID;
* ``nardy rules`` lists the rulesets and their options.

Progress bars use ``rich`` when it is installed (``pip install 'nardy[cli]'``),
plain text otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import nardy
from nardy.agents import AGENTS, Agent, play_game
from nardy.core import Player
from nardy.errors import NardyError

__all__ = ["main"]


def _parse_option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"options look like name=value, not {text!r}")
    name, raw = text.split("=", 1)
    value: object = raw
    if raw in ("True", "true"):
        value = True
    elif raw in ("False", "false"):
        value = False
    elif raw in ("None", "none"):
        value = None
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return name.strip(), value


def _rules(args: argparse.Namespace) -> nardy.RuleSet:
    return nardy.ruleset(args.rules or "short", **dict(args.option or []))


def _progress(total: int, label: str, enabled: bool) -> Iterator[int]:
    """Yield 0..total-1 while showing a progress bar on stderr."""
    if not enabled:
        yield from range(total)
        return
    try:
        from rich.progress import (  # type: ignore[import-not-found, unused-ignore]
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
        )
        from rich.console import Console  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        step = max(total // 20, 1)
        for i in range(total):
            if i % step == 0:
                print(f"\r{label}: {i}/{total}", end="", file=sys.stderr, flush=True)
            yield i
        print(f"\r{label}: {total}/{total}", file=sys.stderr)
        return
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=False,
    ) as progress:
        task = progress.add_task(label, total=total)
        for i in range(total):
            yield i
            progress.advance(task)


def _agent(name: str, seed: int) -> Agent:
    return AGENTS[name](seed) if name == "random" else AGENTS[name]()  # type: ignore[call-arg]


def cmd_selfplay(args: argparse.Namespace) -> int:
    from nardy.simulate import simulate

    rules = _rules(args)
    if args.workers < 1:
        print("nardy: error: --workers must be at least 1", file=sys.stderr)
        return 2
    if args.chunk is not None and args.chunk < 1:
        print("nardy: error: --chunk must be at least 1", file=sys.stderr)
        return 2
    label = f"{rules.name}: {args.white} vs {args.black}"
    bar = _progress(args.games, label, not args.quiet)

    def advance(games: int) -> None:  # 0 once work is submitted, then each finished chunk
        for _ in range(games or 1):
            next(bar, None)

    start = time.perf_counter()
    try:
        summary = simulate(
            rules, args.games, white=args.white, black=args.black, seed=args.seed,
            workers=args.workers, chunk=args.chunk, progress=advance,
        )
    finally:
        close = getattr(bar, "close", None)  # a generator: end its progress display
        if close is not None:
            close()
    elapsed = time.perf_counter() - start
    plays = summary.total_plies
    workers = f", {args.workers} workers" if args.workers > 1 else ""
    print(summary)
    print(
        f"plays per second: {plays / elapsed:,.0f} ({args.games / elapsed:,.1f} games/s, "
        f"{elapsed:.1f} s{workers})"
    )
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    options = dict(args.option or [])
    if not args.no_cube:
        options.setdefault("cube", True)
    rules = nardy.ruleset(args.rules or "short", **options)
    match = nardy.Match(rules, args.length, seed=args.seed)
    names = {Player.WHITE: args.white, Player.BLACK: args.black}
    agents: dict[Player, Agent] = {c: _agent(n, args.seed * 2 + c) for c, n in names.items()}
    print(f"{rules!r}: a {args.length}-point match, White {args.white} vs Black {args.black}")
    while True:
        game = match.game
        result = play_game(game, agents)
        number = len(match.games)
        tag = " (Crawford game)" if game.crawford else ""
        if result.winner is None:
            line = "a draw"
        else:
            how = {"resign": "by resignation", "drop": "double refused"}.get(result.ending, "")
            line = f"{result.winner} wins {result.points} ({result.kind}{', ' + how if how else ''}, cube {result.cube})"
        white, black = match.score
        print(f"game {number}{tag}: {line}; score {white}-{black}")
        if match.next_game() is None:
            break
    winner = match.winner
    assert winner is not None
    print(f"{winner} ({names[winner]}) wins the match {max(match.score)}-{min(match.score)}")
    if args.save:
        from nardy import records

        with open(args.save, "w", encoding="utf-8") as fh:
            fh.write(records.dumps(match, indent=1))
        print(f"record saved to {args.save}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    rules = _rules(args)
    if args.position:
        from nardy.formats import read_position

        rules, pos = read_position(" ".join(args.position), rules if args.rules else None)
    else:
        pos = rules.initial_position()
    print(f"{rules.title} ({rules.name})")
    print(pos)
    print(pos.to_string(rules.name))
    if rules.family == "short":
        from nardy.gnubg import position_id
        from nardy.xgid import xgid

        print(f"gnubg Position ID: {position_id(pos)}")
        print(xgid(pos))
    if args.svg:
        from nardy import svg

        with open(args.svg, "w", encoding="utf-8") as fh:
            fh.write(svg.board(pos))
        print(f"picture saved to {args.svg}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    for name in nardy.RULESET_NAMES:
        rules = nardy.ruleset(name)
        aliases = ", ".join(type(rules).aliases)
        print(f"{name:<12} {rules.title}" + (f"  (also: {aliases})" if aliases else ""))
        for opt in type(rules).OPTIONS:
            values = "/".join(str(v) for v in opt.values)
            print(f"    {opt.name} = {opt.default!r}  [{values}]")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nardy", description="nardy rules engine")
    parser.add_argument("--version", action="version", version=f"nardy {nardy.__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    def rules_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--rules", help="ruleset name or alias (default short; see `nardy rules`)")
        p.add_argument(
            "--option", "-o", action="append", type=_parse_option, metavar="NAME=VALUE",
            help="a ruleset option, e.g. -o block_check=step (repeatable)",
        )

    sp = sub.add_parser("selfplay", help="play games between built-in bots and print the results")
    rules_args(sp)
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--white", choices=sorted(AGENTS), default="greedy", help="White's bot")
    sp.add_argument("--black", choices=sorted(AGENTS), default="random", help="Black's bot")
    sp.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    sp.add_argument(
        "--workers", "-j", type=int, default=1, metavar="N",
        help="play on N processes (default 1: in this process); results do not depend on N",
    )
    sp.add_argument(
        "--chunk", type=int, default=None, metavar="GAMES",
        help="games per task sent to a worker (default: about 8 tasks per worker)",
    )
    sp.set_defaults(func=cmd_selfplay)

    mt = sub.add_parser("match", help="play a match between built-in bots")
    rules_args(mt)
    mt.add_argument("--length", type=int, default=5, help="points to win (default 5)")
    mt.add_argument("--seed", type=int, default=0)
    mt.add_argument("--white", choices=sorted(AGENTS), default="greedy", help="White's bot")
    mt.add_argument("--black", choices=sorted(AGENTS), default="greedy", help="Black's bot")
    mt.add_argument("--no-cube", action="store_true", help="play without the doubling cube")
    mt.add_argument("--save", metavar="FILE", help="write the match record (JSON) to FILE")
    mt.set_defaults(func=cmd_match)

    sh = sub.add_parser(
        "show",
        help="print a position: a ruleset's start, or one given as a nardy position string, "
        "a gnubg ID or an XGID",
    )
    rules_args(sh)
    sh.add_argument(
        "position", nargs="*", help="the position (default: the start position of --rules)"
    )
    sh.add_argument("--svg", metavar="FILE", help="also write the position as an SVG picture to FILE")
    sh.set_defaults(func=cmd_show)

    rl = sub.add_parser("rules", help="list the rulesets and their options")
    rl.set_defaults(func=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nardy`` command with ``argv`` (default: the process arguments); the exit status."""
    parser = build_parser()
    args: Any = parser.parse_args(argv)
    if getattr(args, "games", 1) < 1:
        parser.error("--games must be at least 1")
    if getattr(args, "length", 1) < 1:
        parser.error("--length must be at least 1")
    try:
        return int(args.func(args))
    except NardyError as exc:
        print(f"nardy: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `nardy selfplay ... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
