"""The ``nardy`` command.

``nardy selfplay --rules long --games 200 --seed 1`` plays complete games
between two built-in bots and prints the results; ``nardy show --rules short``
prints a ruleset's start position. Progress bars use ``rich`` when it is
installed (``pip install 'nardy[cli]'``), plain text otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import nardy
from nardy.agents import AGENTS, Agent, play_game
from nardy.core import Player
from nardy.errors import NardyError
from nardy.game import RollEvent

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
    return nardy.ruleset(args.rules, **dict(args.option or []))


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
        transient=False,
    ) as progress:
        task = progress.add_task(label, total=total)
        for i in range(total):
            yield i
            progress.advance(task)


def _agent(name: str, seed: int) -> Agent:
    return AGENTS[name](seed) if name == "random" else AGENTS[name]()  # type: ignore[call-arg]


def cmd_selfplay(args: argparse.Namespace) -> int:
    rules = _rules(args)
    names = {Player.WHITE: args.white, Player.BLACK: args.black}
    wins: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    points: Counter[str] = Counter()
    turns = 0
    plays = 0
    start = time.perf_counter()
    label = f"{rules.name}: {args.white} vs {args.black}"
    for i in _progress(args.games, label, not args.quiet):
        seed = args.seed * 1_000_003 + i
        agents: dict[Player, Agent] = {
            colour: _agent(name, seed * 2 + colour) for colour, name in names.items()
        }
        game = nardy.Game(rules, seed=seed)
        result = play_game(game, agents)
        plays += game.plies
        turns += sum(1 for e in game.history if isinstance(e, RollEvent))
        kinds[result.kind] += 1
        if result.winner is None:
            wins["draw"] += 1
        else:
            wins[str(result.winner)] += 1
            points[str(result.winner)] += result.points
    elapsed = time.perf_counter() - start
    _report(args, rules, wins, kinds, points, turns, plays, elapsed)
    return 0


def _report(
    args: argparse.Namespace,
    rules: nardy.RuleSet,
    wins: Counter[str],
    kinds: Counter[str],
    points: Counter[str],
    turns: int,
    plays: int,
    elapsed: float,
) -> None:
    games = args.games
    lines = [
        f"{rules!r}: {games} games, seed {args.seed}",
        "",
        f"{'side (bot)':<18}{'wins':>8}{'share':>9}{'points':>9}",
    ]
    for colour, bot in (("white", args.white), ("black", args.black)):
        share = wins[colour] / games
        label = f"{colour} ({bot})"
        lines.append(f"{label:<18}{wins[colour]:>8}{share:>9.1%}{points[colour]:>9}")
    if wins["draw"]:
        lines.append(f"{'draws':<18}{wins['draw']:>8}")
    lines.append("")
    lines.append("results: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    lines.append(f"average turns per game: {turns / max(games, 1):.1f}")
    lines.append(
        f"plays per second: {plays / elapsed:,.0f} ({games / elapsed:,.1f} games/s, {elapsed:.1f} s)"
    )
    print("\n".join(lines))


def cmd_match(args: argparse.Namespace) -> int:
    options = dict(args.option or [])
    if not args.no_cube:
        options.setdefault("cube", True)
    rules = nardy.ruleset(args.rules, **options)
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
    print(f"{rules.title} ({rules.name})")
    print(rules.initial_position())
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
        p.add_argument("--rules", default="short", help="ruleset name or alias (see `nardy rules`)")
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

    sh = sub.add_parser("show", help="print the start position of a ruleset")
    rules_args(sh)
    sh.set_defaults(func=cmd_show)

    rl = sub.add_parser("rules", help="list the rulesets and their options")
    rl.set_defaults(func=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
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
