"""The examples in the docstrings of an installed nardy.

In a checkout with an editable install, the nardy under test is ``src/nardy``
and pytest collects its doctests (``--doctest-modules``). An installed nardy —
a regular ``pip install`` of an unpacked sdist, or the compiled build — is
tested as installed: conftest.py leaves ``src/`` out (collecting it would
import the source tree over the installed package), and here every
pure-Python module of the installed package runs its examples, as pytest
would run them. tests/test_compiled_build.py runs the compiled modules'.

In a run from the source tree there is nothing to do here: the tests are
skipped.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import nardy

ROOT = Path(__file__).resolve().parent.parent
FROM_SOURCE = Path(nardy.__file__).resolve().parent == ROOT / "src" / "nardy"

pytestmark = pytest.mark.skipif(FROM_SOURCE, reason="the nardy under test is src/nardy: pytest collects its doctests")

#: the packages a module's examples need (its extra), as conftest.py skips them
EXTRAS = {
    "nardy.encoding": ("numpy",),
    "nardy.envs": ("numpy",),
    "nardy.envs.gym": ("numpy", "gymnasium"),
    "nardy.envs.pettingzoo": ("numpy", "pettingzoo"),
    "nardy.envs.openspiel": ("numpy", "pyspiel"),
}


def _pure_modules() -> list[str]:
    """The installed package's modules that are Python source (not compiled)."""
    names = ["nardy"]
    for info in pkgutil.walk_packages(nardy.__path__, "nardy."):
        spec = importlib.util.find_spec(info.name)
        if spec is not None and (spec.origin or "").endswith(".py"):
            names.append(info.name)
    return names


MODULES = [] if FROM_SOURCE else _pure_modules()


def test_every_module_is_found() -> None:
    expected = {"nardy", "nardy.formats", "nardy.rules.options", "nardy.envs"}
    if not nardy.COMPILED:  # the compiled build's are extension modules (tests/test_compiled_build.py)
        expected |= {"nardy.core", "nardy.flow", "nardy.game", "nardy.rules.base", "nardy.rules.kernel"}
    assert expected <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests_of_the_installed_module(name: str) -> None:
    missing = [extra for extra in EXTRAS.get(name, ()) if importlib.util.find_spec(extra) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    module = importlib.import_module(name)
    assert Path(module.__file__ or "").resolve().is_relative_to(Path(nardy.__file__).resolve().parent)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)  # pytest's default flags
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        if test.examples:
            runner.run(test, out=report.append)
    failed, _ = runner.summarize(verbose=False)
    assert failed == 0, "".join(report)
