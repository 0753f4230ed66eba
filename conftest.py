"""pytest configuration for the whole repository.

The doctests of the optional research modules need their extras: skip
collecting those modules when the extra is not installed.

The nardy under test and its build (``nardy.COMPILED``) are named at the end
of the run. A compiled build is tested as installed: its modules are
extension modules, and collecting ``src/`` would import the source tree over
it, so the doctests are collected from the source only in a pure-Python run;
in a compiled run, tests/test_compiled_build.py runs the compiled modules'
examples against the compiled build (docs/compiled.rst).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import nardy

ROOT = Path(__file__).parent

collect_ignore: list[str] = []
if importlib.util.find_spec("numpy") is None:
    collect_ignore += ["src/nardy/encoding.py", "src/nardy/envs"]
if importlib.util.find_spec("gymnasium") is None:
    collect_ignore.append("src/nardy/envs/gym.py")
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore.append("src/nardy/envs/pettingzoo.py")
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/nardy/envs/openspiel.py")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if nardy.COMPILED and collection_path.is_relative_to(ROOT / "src"):
        return True  # the source tree, not the build under test
    return None


def _build() -> list[str]:
    build = "compiled" if nardy.COMPILED else "pure Python"
    lines = [f"nardy {nardy.__version__} ({build}) from {Path(nardy.__file__).parent}"]
    if nardy.COMPILED:
        lines.append("doctests: not collected from src/ (the compiled build under test runs its own)")
    return lines


def pytest_report_header(config: pytest.Config) -> list[str]:
    return _build()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in _build():
        terminalreporter.write_line(line)
