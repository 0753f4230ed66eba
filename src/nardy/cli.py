"""The ``nardy`` command.

* ``nardy selfplay --rules long --games 200 --seed 1 [--workers N]`` plays
  complete games between two built-in bots and prints the results;
* ``nardy match --rules short --length 5`` plays a match between bots, with
  the cube, and can save its record;
* ``nardy show [POSITION] [--svg FILE]`` prints a ruleset's start position or
  a position given as a nardy position string, a gnubg ID or an XGID;
* ``nardy rules [NAME ...]`` lists the rulesets and their options.

Progress goes to stderr: a bar through ``rich`` when it is installed
(``pip install 'nardy[cli]'``) and stderr is a terminal, a line updated in
place on a terminal without ``rich``, and occasional plain lines when stderr
is not a terminal. Ctrl-C stops a command with exit status 130; ``nardy
selfplay`` then prints the summary of the games finished so far.

Errors in the arguments print the command's usage and exit with status 2;
errors in ruleset names, options, positions and output files print one line
``nardy: error: ...`` and also exit with status 2.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import nardy
from nardy.agents import AGENTS, Agent, play_game
from nardy.core import Player
from nardy.errors import NardyError
from nardy.render import board_text
from nardy.rules.base import Option, RuleSet

__all__ = ["main", "build_parser"]

#: the exit status after Ctrl-C (128 + SIGINT), as shells report it
INTERRUPTED = 130
#: the exit status for bad arguments, options, positions and output files
USAGE = 2
#: the most processes ``--workers`` may start
MAX_WORKERS = 1024


class CommandError(Exception):
    """An error the command reports as one line ``nardy: error: ...`` (exit status 2)."""


# --------------------------------------------------------------------------- argument values


def _shorten(text: str, width: int = 40) -> str:
    """``text`` cut to about ``width`` characters for an error message."""
    if len(text) <= width:
        return repr(text)
    return f"{text[: width - 10]!r}... ({len(text):,} characters)"


def _message(exc: BaseException, width: int = 1000) -> str:
    """The one-line message of ``exc``, cut if it quotes a very long input."""
    text = " ".join(str(exc).split())
    return text if len(text) <= width else f"{text[: width - 30]}... ({len(text):,} characters)"


def _digit_limit() -> int:
    """The most digits an int may be read from (0: no limit)."""
    getter: Callable[[], int] | None = getattr(sys, "get_int_max_str_digits", None)
    return getter() if getter is not None else 0


def _too_many_digits(text: str) -> int:
    """The length of the longest run of digits in ``text`` if it is over the limit, else 0."""
    limit = _digit_limit()
    if not limit:
        return 0
    longest = max((len(m) for m in re.findall(r"[0-9]+", text)), default=0)
    return longest if longest > limit else 0


def _read_int(text: str) -> int:
    """An int from ``text``, or :class:`ValueError` with a message fit for the user."""
    t = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", t):
        raise ValueError(f"not an integer: {_shorten(text)}")
    digits = _too_many_digits(t)
    if digits:
        raise ValueError(
            f"an integer of {digits:,} digits is too long (at most {_digit_limit():,} digits)"
        )
    return int(t)


def _int_type(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` reading an int within ``minimum..maximum``."""

    def integer(text: str) -> int:
        try:
            value = _read_int(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, not {value}")
        return value

    return integer


def _parse_option(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` from ``-o``: the name and the value's text."""
    if "=" not in text:
        raise CommandError(f"-o {_shorten(text)}: options look like NAME=VALUE")
    name, raw = (part.strip() for part in text.split("=", 1))
    if not name:
        raise CommandError(f"-o {_shorten(text)}: the option has no name")
    return name, raw


def _option_value(name: str, raw: str, option: Option | None) -> object:
    """The value ``raw`` stands for: a word the option allows as it is
    (``-o block_rule=none``), else ``true``/``false``, ``none`` and integers
    converted, else the text."""
    if option is not None and any(v == raw for v in option.values if isinstance(v, str)):
        return raw
    if raw in ("True", "true"):
        return True
    if raw in ("False", "false"):
        return False
    if raw in ("None", "none"):
        return None
    if re.fullmatch(r"[+-]?[0-9]+", raw):
        try:
            return _read_int(raw)
        except ValueError as exc:
            raise CommandError(f"-o {name}: {exc}") from None
    return raw


def _ruleset_class(name: str) -> type[RuleSet]:
    """The class of the ruleset called ``name`` (or an alias)."""
    if len(name) > 100:  # no ruleset is called that; do not quote all of it back
        known = ", ".join(nardy.RULESET_NAMES)
        raise CommandError(f"unknown ruleset {_shorten(name)}; known rulesets: {known}")
    return type(nardy.ruleset(name))


def _ruleset(name: str | None, options: Iterable[str] = (), /, **defaults: object) -> RuleSet:
    """The ruleset ``name`` (default short) with the ``-o`` options set.

    ``defaults`` are options set unless ``-o`` sets them. Options are passed
    to the ruleset's class as a mapping, so an option that happens to be
    called ``name`` is reported as unknown rather than clashing with an
    argument.
    """
    cls = _ruleset_class(name or "short")
    known = {opt.name: opt for opt in cls.OPTIONS}
    values = {key: value for key, value in defaults.items() if key in known}
    for text in options:
        key, raw = _parse_option(text)
        option = known.get(key)
        value = values[key] = _option_value(key, raw, option)
        if option is not None and not option.hint and not any(
            type(value) is type(allowed) and value == allowed for allowed in option.values
        ):  # told in the words -o takes (true, none), not as Python writes them
            words = ", ".join(_option_word(allowed) for allowed in option.values)
            raise CommandError(f"-o {key}={_shorten(raw)} is not allowed; use one of: {words}")
    return cls(**values)


def _option_word(value: object) -> str:
    """An option's value as ``-o`` takes it: ``true``, ``none``, ``end``, ``16``."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _check_output(path: str, option: str) -> None:
    """Fail now, not after the work, if ``path`` cannot be written.

    An existing file is left as it is; a file that did not exist is not left
    behind.
    """
    if not path:
        raise CommandError(f"{option}: the file name is empty")
    where = f"{option} {_shorten(path, 200)}"
    if os.path.isdir(path):
        raise CommandError(f"{where}: is a directory, not a file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CommandError(f"{where}: the directory {_shorten(folder, 200)} does not exist")
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise CommandError(f"{where}: cannot write it ({exc.strerror or exc})") from None
    if not existed:
        try:
            os.remove(path)
        except OSError:
            pass


def _write(path: str, text: str, option: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise CommandError(
            f"{option} {_shorten(path, 200)}: cannot write it ({exc.strerror or exc})"
        ) from None


# --------------------------------------------------------------------------- progress


class Progress:
    """Progress of ``total`` games on stderr.

    The display starts at the first :meth:`advance`.

    * ``enabled=False``: nothing is shown (the count is still kept);
    * stderr a terminal: a ``rich`` progress bar, or without ``rich`` a line
      rewritten in place with carriage returns (at most ten times a second);
    * stderr not a terminal (a file, a pipe, a CI log): a plain line at each
      tenth of the run and at its end, and at least every :attr:`INTERVAL`
      seconds while games finish.
    """

    #: the longest pause between two plain lines while games finish (seconds)
    INTERVAL = 30.0

    def __init__(self, total: int, label: str, enabled: bool = True) -> None:
        self.total = total
        self.label = label
        self.done = 0
        self._rich: Any = None
        self._task: Any = None
        self._mode = "off"
        self._enabled = enabled
        self._next_line = 0
        self._last_time = time.monotonic()

    def _start(self) -> None:
        """Start the display (at the first :meth:`advance`, once the work has
        started: a process pool is not forked while rich's thread runs)."""
        self._enabled = False
        if not _isatty(sys.stderr):
            self._mode = "lines"
            self._next_line = self._step()
            return
        try:
            from rich.console import Console  # type: ignore[import-not-found, unused-ignore]
            from rich.progress import (  # type: ignore[import-not-found, unused-ignore]
                BarColumn,
                MofNCompleteColumn,
                TimeElapsedColumn,
            )
            from rich.progress import (
                Progress as RichProgress,
            )
        except ImportError:
            self._mode = "tty"
            self._write_tty()
            return
        self._mode = "rich"
        self._rich = RichProgress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._rich.start()
        self._task = self._rich.add_task(self.label, total=self.total, completed=self.done)

    def _step(self) -> int:
        return max(1, math.ceil(self.total / 10))

    def advance(self, games: int) -> None:
        """Count ``games`` more finished games (``0``: the work has started)."""
        self.done = min(self.total, self.done + games)
        if self._enabled:
            self._start()
        if self._mode == "rich":
            self._rich.update(self._task, completed=self.done)
        elif self._mode == "tty" and games:
            now = time.monotonic()
            if self.done == self.total or now - self._last_time >= 0.1:
                self._write_tty()
                self._last_time = now
        elif self._mode == "lines" and games:
            now = time.monotonic()
            if (
                self.done >= self._next_line
                or self.done == self.total
                or now - self._last_time >= self.INTERVAL
            ):
                self._write_line()

    def _write_tty(self) -> None:
        print(f"\r{self.label}: {self.done}/{self.total} games", end="", file=sys.stderr, flush=True)

    def _write_line(self) -> None:
        share = self.done / self.total
        print(f"{self.label}: {self.done}/{self.total} games ({share:.0%})", file=sys.stderr, flush=True)
        self._last_time = time.monotonic()
        step = self._step()
        self._next_line = (self.done // step + 1) * step

    def close(self) -> None:
        """End the display (a terminal line is finished with a newline)."""
        if self._mode == "rich":
            self._rich.stop()
        elif self._mode == "tty":
            print(file=sys.stderr, flush=True)
        self._mode = "off"


def _isatty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False


# --------------------------------------------------------------------------- selfplay


def cmd_selfplay(args: argparse.Namespace) -> int:
    from nardy.simulate import Interrupted, simulate

    rules = _ruleset(args.rules, args.option)
    label = f"{rules.name}: {args.white} vs {args.black}"
    bar = Progress(args.games, label, enabled=not args.quiet)
    start = time.perf_counter()
    try:
        try:
            summary = simulate(
                rules, args.games, white=args.white, black=args.black, seed=args.seed,
                workers=args.workers, chunk=args.chunk, progress=bar.advance,
            )
        finally:
            bar.close()
    except Interrupted as stop:
        if stop.summary is not None:
            _print_summary(stop.summary, time.perf_counter() - start, args.workers)
        print(f"nardy: {stop}", file=sys.stderr)
        return INTERRUPTED
    _print_summary(summary, time.perf_counter() - start, args.workers)
    return 0


def _build() -> str:
    """The version and the build that runs: ``nardy 0.1.0 (compiled)`` or ``(pure Python)``."""
    return f"nardy {nardy.__version__} ({'compiled' if nardy.COMPILED else 'pure Python'})"


def _print_summary(summary: Any, elapsed: float, workers: int) -> None:
    elapsed = max(elapsed, 1e-9)
    on = f", {workers} workers" if workers > 1 else ""
    print(_build())
    print(summary)
    print(
        f"plays per second: {summary.total_plies / elapsed:,.0f} "
        f"({summary.games / elapsed:,.1f} games/s, {elapsed:.1f} s{on})",
        flush=True,
    )


# --------------------------------------------------------------------------- match, show


def _agent(name: str, seed: int) -> Agent:
    return AGENTS[name](seed) if name == "random" else AGENTS[name]()  # type: ignore[call-arg]


def cmd_match(args: argparse.Namespace) -> int:
    rules = _ruleset(args.rules, args.option, **({} if args.no_cube else {"cube": True}))
    if args.no_cube and rules.option("cube"):
        raise CommandError("--no-cube and -o cube=true say different things: give one of them")
    if args.save is not None:
        _check_output(args.save, "--save")
    match = nardy.Match(rules, args.length, seed=args.seed)
    names = {Player.WHITE: args.white, Player.BLACK: args.black}
    agents: dict[Player, Agent] = {c: _agent(n, args.seed * 2 + c) for c, n in names.items()}
    print(f"{rules!r}: a {args.length}-point match, White {args.white} vs Black {args.black}")
    try:
        _play_match(match, agents, names)
    except KeyboardInterrupt:  # the score so far, and the record of the match so far
        white, black = match.score
        print(f"interrupted in game {len(match.games)}; score {white}-{black}")
        _save_match(args.save, match)
        raise
    _save_match(args.save, match)
    return 0


def _play_match(match: nardy.Match, agents: dict[Player, Agent], names: dict[Player, str]) -> None:
    """Play ``match`` to its end, printing each game's result and the score."""
    while True:
        game = match.game
        result = play_game(game, agents)
        number = len(match.games)
        tag = " (Crawford game)" if game.crawford else ""
        if result.winner is None:
            line = "a draw"
        else:
            how = {"resign": "by resignation", "drop": "double refused"}.get(result.ending, "")
            how_text = f", {how}" if how else ""
            line = f"{result.winner} wins {result.points} ({result.kind}{how_text}, cube {result.cube})"
        white, black = match.score
        print(f"game {number}{tag}: {line}; score {white}-{black}")
        if match.next_game() is None:
            break
    winner = match.winner
    assert winner is not None
    print(f"{winner} ({names[winner]}) wins the match {max(match.score)}-{min(match.score)}")


def _save_match(path: str | None, match: nardy.Match) -> None:
    """Write the record of ``match`` to ``path`` (``--save``), if given."""
    if path is None:
        return
    from nardy import records

    _write(path, records.to_json(match, indent=1), "--save")
    print(f"record saved to {path}")


def cmd_show(args: argparse.Namespace) -> int:
    rules = _ruleset(args.rules, args.option)
    if args.svg is not None:
        _check_output(args.svg, "--svg")
    if args.position:
        from nardy.formats import from_text

        text = " ".join(args.position)
        digits = _too_many_digits(text)
        if digits:
            raise CommandError(
                f"the position has a number of {digits:,} digits; no count or ID is that long"
            )
        rules, pos = from_text(text, rules if args.rules else None)
    else:
        pos = rules.initial_position()
    side = Player.BLACK if args.side == "black" else Player.WHITE
    print(f"{rules.title} ({rules.name})")
    print(board_text(pos, side))
    print(pos.to_string(rules.name))
    if rules.family == "short":
        from nardy.gnubg import to_position_id
        from nardy.xgid import to_xgid

        print(f"gnubg Position ID: {to_position_id(pos)}")
        print(to_xgid(pos))
    if args.svg is not None:
        from nardy import svg

        _write(args.svg, svg.board(pos, orientation=side), "--svg")
        print(f"picture saved to {args.svg}")
    return 0


# --------------------------------------------------------------------------- rules


def format_value(value: object) -> str:
    """An option value as it is typed after ``-o NAME=``.

    >>> format_value(True), format_value(None), format_value(64), format_value("end")
    ('true', 'none', '64', 'end')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def format_values(option: Option) -> str:
    """An option's allowed values as a person writes them: runs of three or more
    consecutive integers as ``low..high``; the option's hint when even that
    would be a long list.

    >>> format_values(Option("cube_max", tuple(range(2, 1025)), 64))
    '2..1024'
    >>> format_values(Option("head_limit", (*range(1, 16), None), 1))
    '1..15, none'
    >>> format_values(Option("block_check", ("end", "step"), "end"))
    'end, step'
    """
    parts: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if len(run) >= 3:
            parts.append(f"{run[0]}..{run[-1]}")
        else:
            parts.extend(str(v) for v in run)
        run.clear()

    for value in option.values:
        if type(value) is int:
            if run and value != run[-1] + 1:
                flush()
            run.append(value)
        else:
            flush()
            parts.append(format_value(value))
    flush()
    if len(parts) > 8 and option.hint:
        return option.hint
    return ", ".join(parts)


def _width() -> int:
    """The width to wrap to: the terminal's (``COLUMNS``), kept within 60..100."""
    return max(60, min(100, shutil.get_terminal_size((80, 24)).columns))


def rules_reference(names: Sequence[str] = (), width: int = 80) -> str:
    """The text of ``nardy rules``: each ruleset (all when ``names`` is empty)
    with its aliases and a table of its options (default, allowed values),
    then what each option means, wrapped to ``width`` columns."""
    classes: list[type[RuleSet]] = []
    for name in names or nardy.RULESET_NAMES:
        cls = _ruleset_class(name)
        if cls not in classes:
            classes.append(cls)
    options = [opt for cls in classes for opt in cls.OPTIONS]
    name_w = max([len("option"), *(len(o.name) for o in options)]) + 2
    default_w = max([len("default"), *(len(format_value(o.default)) for o in options)]) + 2
    column = 2 + name_w + default_w
    values_w = width - column
    out = [
        *textwrap.wrap(
            "Rulesets with their options: each option's default and allowed values. "
            "Set options with -o NAME=VALUE in nardy selfplay, match and show; "
            "`nardy rules NAME` shows one ruleset.",
            width,
        ),
    ]
    for cls in classes:
        out.append("")
        out.extend(textwrap.wrap(f"{cls.name}: {cls.title}", width))
        if cls.aliases:
            out.extend(
                textwrap.wrap(
                    "also called: " + ", ".join(cls.aliases), width,
                    initial_indent="  ", subsequent_indent="    ",
                )
            )
        if not cls.OPTIONS:
            out.append("  no options")
            continue
        if values_w >= 20:
            out.append(f"  {'option':<{name_w}}{'default':<{default_w}}allowed values")
        else:  # too narrow for three columns: the values go under each option
            out += [f"  {'option':<{name_w}}default", "      allowed values"]
        for opt in cls.OPTIONS:
            head = f"  {opt.name:<{name_w}}{format_value(opt.default):<{default_w}}"
            values = format_values(opt)
            if values_w >= 20:
                lines = textwrap.wrap(values, values_w, break_on_hyphens=False) or [""]
                out.append((head + lines[0]).rstrip())
                out.extend(" " * column + line for line in lines[1:])
            else:
                out.append(head.rstrip())
                out.extend(textwrap.wrap(values, width, initial_indent=" " * 6, subsequent_indent=" " * 6))
    out += ["", "What the options mean:"]
    docs: dict[str, list[str]] = {}
    for opt in options:
        seen = docs.setdefault(opt.name, [])
        if opt.doc and opt.doc not in seen:
            seen.append(opt.doc)
    for name, texts in docs.items():
        out.append(f"  {name}")
        for doc in texts or ["(no description)"]:
            out.extend(textwrap.wrap(doc, width, initial_indent=" " * 6, subsequent_indent=" " * 6))
    return "\n".join(out)


def cmd_rules(args: argparse.Namespace) -> int:
    print(rules_reference(args.names, _width()))
    return 0


# --------------------------------------------------------------------------- the parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``nardy`` command."""
    parser = argparse.ArgumentParser(
        prog="nardy",
        description="The rules of the nardy (backgammon) family from the command line: "
        "self-play, matches between bots, positions and the rulesets' options.",
        epilog="Run `nardy COMMAND -h` for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=_build())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    bots = sorted(AGENTS)

    def rules_args(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--rules", metavar="NAME",
            help="ruleset name or alias (default: short; see `nardy rules`)",
        )
        p.add_argument(
            "--option", "-o", action="append", default=[], metavar="NAME=VALUE",
            help="set a ruleset option, e.g. -o block_check=step; true, false, none and "
            "integers are converted; repeatable (default: the ruleset's defaults, "
            "see `nardy rules`)",
        )

    sp = sub.add_parser(
        "selfplay",
        help="play games between built-in bots and print the results",
        description="Play complete games between two built-in bots and print the wins "
        "with 95% confidence intervals, the points, the kinds of result, the average "
        "game length and the speed. Every game is seeded from --seed and its number, "
        "so the results do not depend on --workers or --chunk. Ctrl-C stops the run "
        "and prints the summary of the games finished so far (exit status 130).",
    )
    rules_args(sp)
    sp.add_argument(
        "--games", type=_int_type(1), default=100, metavar="N",
        help="number of games (default: %(default)s)",
    )
    sp.add_argument(
        "--seed", type=_int_type(), default=0, metavar="S",
        help="seed of the dice and the bots (default: %(default)s)",
    )
    sp.add_argument(
        "--white", choices=bots, default="greedy", help="White's bot (default: %(default)s)"
    )
    sp.add_argument(
        "--black", choices=bots, default="random", help="Black's bot (default: %(default)s)"
    )
    sp.add_argument(
        "--quiet", "-q", action="store_true",
        help="no progress on stderr (default: progress shown)",
    )
    sp.add_argument(
        "--workers", "-j", type=_int_type(1, MAX_WORKERS), default=1, metavar="N",
        help=f"play on N processes, at most {MAX_WORKERS} (default: %(default)s, in this "
        "process); the results do not depend on N",
    )
    sp.add_argument(
        "--chunk", type=_int_type(1), default=None, metavar="GAMES",
        help="games per task sent to a worker with --workers; progress and Ctrl-C count "
        "whole tasks (default: 1)",
    )
    sp.set_defaults(func=cmd_selfplay, command_parser=sp)

    mt = sub.add_parser(
        "match",
        help="play a match between built-in bots",
        description="Play a match between two built-in bots, with the doubling cube "
        "unless --no-cube, and print each game's result and the score. "
        "Short-family matches use the Crawford rule.",
    )
    rules_args(mt)
    mt.add_argument(
        "--length", type=_int_type(1), default=5, metavar="POINTS",
        help="points to win (default: %(default)s)",
    )
    mt.add_argument(
        "--seed", type=_int_type(), default=0, metavar="S",
        help="seed of the dice and the bots (default: %(default)s)",
    )
    mt.add_argument(
        "--white", choices=bots, default="greedy", help="White's bot (default: %(default)s)"
    )
    mt.add_argument(
        "--black", choices=bots, default="greedy", help="Black's bot (default: %(default)s)"
    )
    mt.add_argument(
        "--no-cube", action="store_true",
        help="play without the doubling cube (default: with the cube)",
    )
    mt.add_argument(
        "--save", metavar="FILE",
        help="write the match record (JSON) to FILE; checked before the match starts "
        "(default: not saved)",
    )
    mt.set_defaults(func=cmd_match, command_parser=mt)

    sh = sub.add_parser(
        "show",
        help="print a position: a ruleset's start, or one given as a nardy position string, "
        "a gnubg ID or an XGID",
        description="Print a position as a text board with its position string and, in "
        "the short family, its gnubg Position ID and XGID. The position is the start of "
        "--rules, or POSITION given as a nardy position string, a gnubg Position ID "
        "(with or without its Match ID) or an XGID.",
    )
    rules_args(sh)
    sh.add_argument(
        "position", nargs="*", metavar="POSITION",
        help="the position (default: the start position of --rules)",
    )
    sh.add_argument(
        "--svg", metavar="FILE",
        help="also write the position as an SVG picture to FILE (default: no picture)",
    )
    sh.add_argument(
        "--side", choices=("white", "black"), default="white",
        help="draw the board from this player's side, in its numbering, its home at the "
        "bottom right (default: %(default)s)",
    )
    sh.set_defaults(func=cmd_show, command_parser=sh)

    rl = sub.add_parser(
        "rules",
        help="list the rulesets and their options",
        description="List the rulesets with their aliases and options: each option's "
        "default and allowed values, then what each option means. Lines are wrapped "
        "to the terminal's width (COLUMNS), between 60 and 100 columns.",
    )
    rl.add_argument(
        "names", nargs="*", metavar="NAME",
        help="rulesets to show, by name or alias (default: all)",
    )
    rl.set_defaults(func=cmd_rules, command_parser=rl)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nardy`` command with ``argv`` (default: the process arguments); the exit status."""
    try:
        parser = build_parser()
        try:
            args, extra = parser.parse_known_args(argv)
            if extra:  # reported with the usage of the command they were given to
                args.command_parser.error(f"unrecognized arguments: {' '.join(extra)}")
        except SystemExit as exc:  # --help, --version, or a usage error (already printed)
            sys.stdout.flush()  # (so that an output that cannot be written is told below)
            return exc.code if isinstance(exc.code, int) else int(exc.code is not None)
        status = int(args.func(args))
        sys.stdout.flush()
        return status
    except (NardyError, CommandError) as exc:
        print(f"nardy: error: {_message(exc)}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        print("nardy: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # e.g. `nardy selfplay ... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:  # the output cannot be written (e.g. a full disk)
        print(f"nardy: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (what is left unwritten goes nowhere)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
