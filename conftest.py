"""pytest configuration for the whole repository.

The doctests of the optional research modules need their extras: skip
collecting those modules when the extra is not installed.

The nardy under test and its build (``nardy.COMPILED``) are named at the end
of the run. The doctests are collected from ``src/nardy`` when that is the
nardy under test (a checkout with an editable install). An installed nardy
(a regular install from an unpacked sdist, or the compiled build) is tested as
installed: collecting ``src/`` would import the source tree over it, so
``src/`` is left out, tests/test_installed_package.py runs the examples of
the installed pure-Python modules, and tests/test_compiled_build.py those of
the compiled modules against the compiled build (docs/compiled.rst).

``pytest --full`` (or ``NARDY_FULL_TESTS=1``) is the full run: every property
test with all its examples (tests/conftest.py).
"""

from __future__ import annotations

import importlib.util
import os
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


#: whether the nardy under test is this tree's src/nardy (an editable install)
#: rather than an installed copy
FROM_SOURCE = Path(nardy.__file__).resolve().parent == (ROOT / "src" / "nardy").resolve()


def pytest_addoption(parser: pytest.Parser) -> None:
    env = os.environ.get("NARDY_FULL_TESTS", "").strip().lower()
    parser.addoption(
        "--full",
        action="store_true",
        default=env in ("1", "true", "yes", "on"),
        help="the full run: every property test with all its examples (also NARDY_FULL_TESTS=1)",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if not FROM_SOURCE and collection_path.is_relative_to(ROOT / "src"):
        return True  # the source tree, not the nardy under test
    return None


def _build(config: pytest.Config) -> list[str]:
    build = "compiled" if nardy.COMPILED else "pure Python"
    lines = [f"nardy {nardy.__version__} ({build}) from {Path(nardy.__file__).parent}"]
    if not FROM_SOURCE:
        lines.append("doctests: from the installed package (src/ is not the nardy under test)")
    if config.getoption("full"):
        lines.append("the full run: every property test with all its examples")
    else:
        lines.append("the default run: property tests with a fifth of their examples (--full for all)")
    return lines


def pytest_report_header(config: pytest.Config) -> list[str]:
    return _build(config)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in _build(terminalreporter.config):
        terminalreporter.write_line(line)
