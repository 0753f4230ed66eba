"""The ``nardy`` command: the rules reference, Ctrl-C, output files, arguments
and progress output.

Most tests call :func:`nardy.cli.main` in this process; a real SIGINT and a
real terminal are tried in subprocesses.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import nardy
from nardy import cli
from nardy.agents import play_game
from nardy.rules.base import Option
from nardy.simulate import simulate

HUGE = "1" * 5000  # over Python's 4,300-digit limit for reading an int

#: a process pool started right after another may warn on Python 3.12 (see test_simulate.py)
pytestmark = pytest.mark.filterwarnings(
    r"ignore:This process \(pid=\d+\) is multi-threaded, use of fork\(\) may lead to deadlocks:DeprecationWarning"
)
#: the build line that heads a summary and answers --version
BUILD = f"nardy {nardy.__version__} ({'compiled' if nardy.COMPILED else 'pure Python'})"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)``: the exit status it returns (it never raises SystemExit), stdout and stderr."""
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, err: str, start: str = "nardy: error: ") -> None:
    assert status == 2, err
    assert err.startswith(start), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err and "Error:" not in err, err
    assert len(err) < 600, f"{len(err)} characters: {err[:200]}..."


# --------------------------------------------------------------------------- nardy rules


def blocks(text: str) -> dict[str, list[str]]:
    """The lines of each ruleset's block in ``nardy rules`` output, by ruleset name."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        m = re.match(r"(\w+): ", line)
        if m and m.group(1) in nardy.RULESET_NAMES:
            current = out[m.group(1)] = []
        elif not line or line == "What the options mean:":
            current = None
        elif current is not None:
            current.append(line)
    return out


def test_rules_is_a_short_wrapped_reference(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run(capsys, "rules")
    assert status == 0 and err == ""
    assert len(out.encode()) < 30_000
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "2..1024" in out and "1023" not in out
    assert "1..15, none" in out  # head_limit
    assert "0..10" in out  # cascade_exempt_rolls
    # every option is explained once, in the glossary at the end
    glossary = out.split("What the options mean:\n", 1)[1]
    names = {opt.name for n in nardy.RULESET_NAMES for opt in type(nardy.ruleset(n)).OPTIONS}
    explained = re.findall(r"^  (\w+)$", glossary, re.M)
    assert sorted(explained) == sorted(names)


def test_rules_lists_every_ruleset_with_its_options_and_defaults(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    _, out, _ = run(capsys, "rules")
    found = blocks(out)
    assert list(found) == list(nardy.RULESET_NAMES)
    for name in nardy.RULESET_NAMES:
        cls = type(nardy.ruleset(name))
        lines = found[name]
        if cls.aliases:
            assert ", ".join(cls.aliases) in " ".join(lines)
        rows = {line.split()[0]: line.split() for line in lines if re.match(r"  \w", line)}
        for opt in cls.OPTIONS:
            assert opt.name in rows, f"{name}: {opt.name} missing"
            assert rows[opt.name][1] == cli.format_value(opt.default), f"{name}: {opt.name}"


def test_rules_width_follows_the_terminal_within_limits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    _, narrow, _ = run(capsys, "rules")
    assert max(len(line) for line in narrow.splitlines()) <= 60
    monkeypatch.setenv("COLUMNS", "500")
    _, wide, _ = run(capsys, "rules")
    assert max(len(line) for line in wide.splitlines()) <= 100
    assert len(wide.splitlines()) < len(narrow.splitlines())


def test_rules_of_one_ruleset_by_alias(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "narde")
    assert status == 0
    assert list(blocks(out)) == ["long"]
    assert "block_rule" in out and "hit_and_hide" not in out
    status, _, err = run(capsys, "rules", "chess")
    assert_one_line_error(status, err)
    assert "unknown ruleset 'chess'" in err


def test_values_are_written_as_a_person_would() -> None:
    assert cli.format_values(Option("x", (1, 2, 4, 8, 16), 1)) == "1, 2, 4, 8, 16"
    assert cli.format_values(Option("x", (0, 1, 2, 5, 6, 7, 9), 0)) == "0..2, 5..7, 9"
    assert cli.format_values(Option("x", (False, True), False)) == "false, true"
    many = tuple(2**k for k in range(12))
    assert cli.format_values(Option("x", many, 1, hint="a power of two")) == "a power of two"
    assert cli.format_values(Option("x", many, 1)) == ", ".join(str(v) for v in many)


# --------------------------------------------------------------------------- Ctrl-C


def stop_after(monkeypatch: pytest.MonkeyPatch, games: int) -> None:
    """Make the progress display raise KeyboardInterrupt once ``games`` games finished."""
    original = cli.Progress.advance

    def advance(self: cli.Progress, n: int) -> None:
        original(self, n)
        if self.done >= games:
            raise KeyboardInterrupt

    monkeypatch.setattr(cli.Progress, "advance", advance)


def test_ctrl_c_prints_the_games_finished_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stop_after(monkeypatch, 3)
    status, out, err = run(capsys, "selfplay", "--games", "50", "--seed", "4", "-q")
    assert status == 130
    assert err == "nardy: interrupted: 3 of 50 games finished\n"
    # the summary is that of games 0..2, exactly as a run of three games gives it
    expected = str(simulate(nardy.ruleset("short"), 3, seed=4))
    assert out.startswith(f"{BUILD}\n{expected}\n")
    assert out.splitlines()[-1].startswith("plays per second: ")


@pytest.mark.parametrize(("chunk", "games"), [([], 3), (["--chunk", "5"], 5)])
def test_ctrl_c_with_workers_keeps_the_finished_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, chunk: list[str], games: int
) -> None:
    # a pool reports one game at a time (or one chunk of --chunk games)
    stop_after(monkeypatch, 3)
    status, out, err = run(
        capsys, "selfplay", "--games", "400", "--seed", "4", "-q", "--workers", "2", *chunk
    )
    assert status == 130
    assert err == f"nardy: interrupted: {games} of 400 games finished\n"
    assert out.startswith(f"{BUILD}\nnardy.ruleset('short'): {games} games, seed 4\n")
    assert "2 workers" in out.splitlines()[-1]


def test_ctrl_c_counts_every_game_of_a_long_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stop_after(monkeypatch, 1)
    status, _, err = run(capsys, "selfplay", "--games", "100000", "-q")
    assert status == 130
    assert err == "nardy: interrupted: 1 of 100000 games finished\n"


def test_ctrl_c_before_any_game_finished(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stop_after(monkeypatch, 0)
    status, out, err = run(capsys, "selfplay", "--games", "10", "-q")
    assert (status, out) == (130, "")
    assert err == "nardy: interrupted: 0 of 10 games finished\n"


def test_ctrl_c_during_a_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "play_game", interrupted)
    record = tmp_path / "match.json"
    status, out, err = run(capsys, "match", "--save", str(record))
    assert (status, err) == (130, "nardy: interrupted\n")
    assert out.splitlines()[-2:] == ["interrupted in game 1; score 0-0", f"record saved to {record}"]
    from nardy import records

    saved = records.from_json(record.read_text())
    assert isinstance(saved, nardy.Match) and saved.score == (0, 0) and len(saved.games) == 1


def test_a_match_interrupted_after_some_games_saves_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    played = []

    def two_then_interrupted(game: nardy.Game, agents: object) -> object:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(game)
        return play_game(game, agents)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "play_game", two_then_interrupted)
    record = tmp_path / "match.json"
    status, out, _ = run(capsys, "match", "--length", "25", "--seed", "2", "--save", str(record))
    assert status == 130
    from nardy import records

    saved = records.from_json(record.read_text())
    assert isinstance(saved, nardy.Match) and len(saved.games) == 3
    assert [game.result() for game in saved.games[:2]] == [game.result() for game in played]
    assert f"interrupted in game 3; score {saved.score[0]}-{saved.score[1]}" in out


def test_contradicting_cube_options_and_empty_file_names_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "match", "--no-cube", "-o", "cube=true")
    assert (status, err) == (2, "nardy: error: --no-cube and -o cube=true say different things: give one of them\n")
    for argv in (["match", "--save", ""], ["show", "--svg", ""]):
        status, _, err = run(capsys, *argv)
        assert (status, err) == (2, f"nardy: error: {argv[1]}: the file name is empty\n")


# The driver runs the command and, once STOP_AFTER games have finished, sends
# SIGINT to its whole process group, as Ctrl-C in a terminal does.
DRIVER = textwrap.dedent(
    """
    import os, signal, sys
    import nardy.cli as cli

    # Ctrl-C as in a terminal, also when the tests were started with SIGINT ignored
    # (a background job of a shell without job control)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    original = cli.Progress.advance

    def advance(self, games):
        original(self, games)
        if self.done >= int(os.environ["STOP_AFTER"]):
            os.killpg(os.getpgrp(), signal.SIGINT)

    cli.Progress.advance = advance
    sys.exit(cli.main(sys.argv[1:]))
    """
)


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")
@pytest.mark.parametrize("extra", [[], ["--workers", "2", "--chunk", "3"]], ids=["serial", "workers"])
def test_sigint_to_the_process_group(extra: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", DRIVER, "selfplay", "--games", "1000", "--seed", "2", *extra],
        capture_output=True,
        text=True,
        start_new_session=True,  # its own process group: the signal reaches only it and its workers
        env={**os.environ, "STOP_AFTER": "5"},
        timeout=300,
    )
    assert proc.returncode == 130, proc.stderr
    # one line: no traceback from this process or from a worker
    m = re.fullmatch(r"nardy: interrupted: (\d+) of 1000 games finished\n", proc.stderr)
    assert m, proc.stderr
    games = int(m.group(1))
    assert 5 <= games < 1000
    assert proc.stdout.startswith(f"{BUILD}\nnardy.ruleset('short'): {games} games, seed 2\n")
    assert "plays per second: " in proc.stdout


# --------------------------------------------------------------------------- output files


@pytest.mark.parametrize("command", [["match", "--length", "1", "--save"], ["show", "--svg"]])
def test_output_in_a_missing_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "missing" / "out.file"
    status, out, err = run(capsys, *command, str(path))
    assert_one_line_error(status, err)
    assert f"{command[-1]} '{path}': the directory '{path.parent}' does not exist" in err
    assert out == ""  # checked before anything was played or shown


@pytest.mark.parametrize("command", [["match", "--length", "1", "--save"], ["show", "--svg"]])
def test_output_that_is_a_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    status, out, err = run(capsys, *command, str(tmp_path))
    assert_one_line_error(status, err)
    assert "is a directory" in err
    assert out == ""


def test_output_without_permission_is_refused_before_the_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "locked.json"

    def refuse(path: str, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(cli, "open", refuse, raising=False)
    status, out, err = run(capsys, "match", "--save", str(target))
    assert_one_line_error(status, err)
    assert err == f"nardy: error: --save '{target}': cannot write it (Permission denied)\n"
    assert out == ""


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="file permissions do not bind root"
)
def test_output_in_a_read_only_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        status, out, err = run(capsys, "match", "--length", "1", "--save", str(locked / "m.json"))
    finally:
        locked.chmod(0o700)
    assert_one_line_error(status, err)
    assert "cannot write it (Permission denied)" in err
    assert out == ""


def test_the_check_leaves_files_as_they_were(tmp_path: Path) -> None:
    existing = tmp_path / "old.json"
    existing.write_text("keep me", encoding="utf-8")
    cli._check_output(str(existing), "--save")
    assert existing.read_text(encoding="utf-8") == "keep me"
    new = tmp_path / "new.json"
    cli._check_output(str(new), "--save")
    assert not new.exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_failed_write_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", "--svg", "/dev/full")
    assert_one_line_error(status, err)
    assert "cannot write it (No space left on device)" in err


def test_outputs_are_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record, picture = tmp_path / "m.json", tmp_path / "p.svg"
    status, out, _ = run(capsys, "match", "--length", "1", "--seed", "3", "--save", str(record))
    assert status == 0 and f"record saved to {record}" in out
    assert json.loads(record.read_text(encoding="utf-8"))["format"] == "nardy-match"
    status, out, _ = run(capsys, "show", "--rules", "long", "--svg", str(picture))
    assert status == 0 and f"picture saved to {picture}" in out
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_show_draws_the_board_from_either_side(capsys: pytest.CaptureFixture[str]) -> None:
    from nardy.render import board_text

    text = "long 24:14,1:1 24:15 b 10"
    pos = nardy.Position.from_string(text)
    for side, player in (("white", nardy.WHITE), ("black", nardy.BLACK)):
        status, out, _ = run(capsys, "show", "--side", side, text)
        assert status == 0 and board_text(pos, player) in out and text in out
    status, _, err = run(capsys, "show", "--side", "red")
    assert status == 2 and "usage: nardy show" in err


# --------------------------------------------------------------------------- arguments


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    [action] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_every_command_has_a_description_and_every_option_its_default() -> None:
    commands = subparsers()
    assert set(commands) == {"selfplay", "match", "show", "rules"}
    for name, parser in commands.items():
        assert parser.description and len(parser.description) > 40, name
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.dest}: no help"
            assert "default" in action.help, f"{name} {action.dest}: no default in {action.help!r}"
        text = parser.format_help()
        assert "%(" not in text and "%%" not in text, name  # every %(default)s expands
        assert "".join(parser.description.split()) in "".join(text.split()), name


@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--games", "0"],
        ["selfplay", "--games", "many"],
        ["selfplay", "--workers", "0"],
        ["selfplay", "--workers", "100000"],
        ["selfplay", "--chunk", "0"],
        ["selfplay", "--white", "nobody"],
        ["selfplay", "--seed", "1.5"],
        ["match", "--length", "0"],
        ["match", "--length", "-3"],
        ["rules", "--bogus"],
    ],
)
def test_a_bad_value_prints_the_commands_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    command = argv[0]
    assert err.startswith(f"usage: nardy {command} "), err
    assert f"\nnardy {command}: error: " in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "option, message",
    [
        ("name=x", "short has no option 'name'"),
        ("rules=1", "short has no option 'rules'"),
        ("cube", "-o 'cube': options look like NAME=VALUE"),
        ("=true", "the option has no name"),
        ("cube=maybe", "-o cube='maybe' is not allowed; use one of: false, true"),
        ("max_result=kok", "-o max_result='kok' is not allowed; use one of: koks, mars, oin"),
        ("cube_max=5000", "option cube_max=5000 is not allowed"),
        ("cube_max=²", "option cube_max='²' is not allowed"),
        (f"cube_max={HUGE}", "-o cube_max: an integer of 5,000 digits is too long"),
    ],
)
@pytest.mark.parametrize("command", ["show", "selfplay", "match"])
def test_a_bad_option_is_one_line(
    capsys: pytest.CaptureFixture[str], command: str, option: str, message: str
) -> None:
    status, out, err = run(capsys, command, "-o", option)
    assert_one_line_error(status, err)
    assert message in err
    assert out == ""


def test_option_words_that_look_like_constants(capsys: pytest.CaptureFixture[str]) -> None:
    """``none`` is the word where the option has it, and None where it takes None."""
    argv = ["match", "--rules", "long", "--no-cube", "--length", "1"]
    status, out, _ = run(capsys, *argv, "-o", "block_rule=none", "-o", "head_limit=none")
    assert status == 0
    assert out.startswith("nardy.ruleset('long', head_limit=None, block_rule='none'): ")


@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--games", HUGE],
        ["selfplay", "--seed", HUGE],
        ["selfplay", "--workers", HUGE],
        ["selfplay", "--chunk", HUGE],
        ["match", "--length", HUGE],
        ["match", "--seed", "-" + HUGE],
        ["show", "-o", f"cube_max={HUGE}"],
        ["show", f"short 24:{HUGE} 24:15 w 00"],
        ["show", HUGE],
        ["show", "--svg", HUGE],
        ["rules", HUGE],
    ],
)
def test_huge_integers_are_reported_not_raised(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert "Exceeds the limit" not in err and "Traceback" not in err
    assert err.splitlines()[-1].startswith(("nardy: error: ", f"nardy {argv[0]}: error: "))
    assert all(len(line) < 300 for line in err.splitlines()), err[:400]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--version")
    assert (status, out) == (0, f"{BUILD}\n")
    assert BUILD.startswith(f"nardy {nardy.__version__} (")


# --------------------------------------------------------------------------- progress


def test_progress_without_a_terminal_is_occasional_plain_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "selfplay", "--games", "20", "--seed", "1")
    assert status == 0 and out.startswith(f"{BUILD}\nnardy.ruleset('short'): 20 games")
    assert "\r" not in err and "\x1b" not in err
    lines = err.splitlines()
    assert lines == [f"short: greedy vs random: {n}/20 games ({n * 5}%)" for n in range(2, 21, 2)]
    # a run that is not a multiple of ten still ends with its last line
    _, _, err = run(capsys, "selfplay", "--games", "15", "--seed", "1")
    assert [line.split(": ")[-1] for line in err.splitlines()] == [
        f"{n}/15 games ({n / 15:.0%})" for n in (2, 4, 6, 8, 10, 12, 14, 15)
    ]


def test_quiet_shows_no_progress(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "selfplay", "--games", "5", "-q")
    assert (status, err) == (0, "")


class FakeTerminal:
    """A stderr that says it is a terminal."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_without_rich_updates_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setitem(sys.modules, "rich", None)  # as if rich were not installed
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    monkeypatch.setitem(sys.modules, "rich.console", None)
    assert cli.main(["selfplay", "--games", "4", "--seed", "1"]) == 0
    capsys.readouterr()
    # one line redrawn in place: it starts at 0 and ends at 4/4 with the only newline
    assert terminal.text.startswith("\rshort: greedy vs random: 0/4 games")
    assert terminal.text.endswith("\rshort: greedy vs random: 4/4 games\n")
    assert terminal.text.count("\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_progress_on_a_real_terminal_is_updated_in_place() -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "80"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "nardy.cli", "selfplay", "--games", "6", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    shown = b""
    while True:  # read until the child closes the terminal (EIO on Linux, b"" elsewhere)
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        shown += data
    os.close(master)
    assert proc.stdout is not None
    out = proc.stdout.read().decode()
    assert proc.wait(timeout=300) == 0
    assert out.startswith(f"{BUILD}\nnardy.ruleset('short'): 6 games")
    assert b"\r" in shown  # redrawn in place, not one line per update
    assert b"6/6" in shown


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["show", "--rules", "long"], ["rules", "short"], ["selfplay", "--games", "2", "-q"]])
def test_an_output_that_cannot_be_written_is_one_line_of_error(argv: list[str]) -> None:
    """A full disk (here /dev/full) is told in one line and exit status 1, no traceback."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "nardy.cli", *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=300
        )
    assert proc.returncode == 1
    assert proc.stderr == "nardy: error: cannot write the output: No space left on device\n"
