"""The compiled build (``NARDY_COMPILE=1``, docs/compiled.rst) against its own source.

pytest collects the doctests from the source files, in the pure-Python run;
the modules of a compiled build are extension modules, which doctest cannot
search. Here each compiled module's source (installed next to it) is loaded
as a separate, pure-Python module, and

* every docstring of the compiled module (the module's, its functions',
  classes', methods', properties' and fields') must equal the source's (a special
  method without one is a type slot, with the interpreter's own);
* the source's doctests run against the compiled module's globals, so their
  examples exercise the compiled code.

In the pure-Python build there is nothing to compare: the tests are skipped.
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
import pkgutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import nardy

pytestmark = pytest.mark.skipif(not nardy.COMPILED, reason="pure-Python build: the doctests run from the source")


def _compiled_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(nardy.__path__, "nardy."):
        spec = importlib.util.find_spec(info.name)
        if spec is not None and (spec.origin or "").endswith(tuple(EXTENSION_SUFFIXES)):
            names.append(info.name)
    return names


#: the compiled modules of the build under test (none in the pure-Python build)
COMPILED = _compiled_modules() if nardy.COMPILED else []


def test_the_compiled_build_compiles_the_values_the_game_the_ratings_the_encodings_and_the_rules_engine() -> None:
    assert set(COMPILED) == {
        "nardy.core",
        "nardy.flow",
        "nardy.game",
        "nardy._ratings",
        "nardy.encoding",
        "nardy.rules.base",
        "nardy.rules.board",
        "nardy.rules.steps",
        "nardy.rules.constraints",
        "nardy.rules.search",
        "nardy.rules.results",
        "nardy.rules.kernel",
        "nardy.rules.short",
        "nardy.rules.long",
        "nardy.rules.gulbar",
        "nardy.rules.fevga",
    }


def _source(name: str) -> tuple[ModuleType, ModuleType, ast.Module]:
    """The compiled module, the same module run from its source, and the source's syntax tree."""
    compiled = sys.modules.get(name) or importlib.import_module(name)
    path = Path(compiled.__file__ or "").with_name(name.rpartition(".")[2] + ".py")
    spec = importlib.util.spec_from_file_location(f"_source_of_{name.replace('.', '_')}", path)
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    return compiled, source, ast.parse(path.read_text(encoding="utf-8"))


def _documented(compiled: ModuleType, source: ModuleType, tree: ast.Module) -> list[tuple[str, object, object]]:
    """(name, compiled object, source object) for the module and everything it defines at the top
    level: functions, classes, and the methods, properties and fields of the classes (a native
    class's fields are attributes of the compiled build, items of a tuple in the source's)."""
    pairs: list[tuple[str, object, object]] = [(compiled.__name__, compiled, source)]
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            pairs.append((node.name, getattr(compiled, node.name), getattr(source, node.name)))
        if isinstance(node, ast.ClassDef):
            ours, theirs = getattr(compiled, node.name), getattr(source, node.name)
            for item in node.body:
                if not isinstance(item, ast.FunctionDef) or item.name not in vars(theirs):
                    continue
                if _special(item.name) and ast.get_docstring(item) is None:
                    continue  # a type slot, with the interpreter's own docstring ("Return len(self).")
                if _special(item.name) and type(vars(ours).get(item.name)).__name__ == "wrapper_descriptor":
                    continue  # a type slot of a compiled class (Game.__repr__): the interpreter's docstring
                member = vars(theirs)[item.name]
                if isinstance(member, property):  # the descriptor carries the docstring
                    pairs.append((f"{node.name}.{item.name}", vars(ours)[item.name], member))
                else:
                    pairs.append((f"{node.name}.{item.name}", getattr(ours, item.name), getattr(theirs, item.name)))
            for field in getattr(theirs, "__match_args__", ()):  # a value's fields: their descriptors' docs
                if getattr(vars(theirs).get(field), "__doc__", None):
                    pairs.append((f"{node.name}.{field}", vars(ours)[field], vars(theirs)[field]))
    return pairs


def _special(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


@pytest.mark.parametrize("name", COMPILED)
def test_docstrings_are_the_sources(name: str) -> None:
    compiled, source, tree = _source(name)
    pairs = _documented(compiled, source, tree)
    differ = [what for what, ours, theirs in pairs if ours.__doc__ != theirs.__doc__]
    assert differ == []
    assert sum(1 for _, _, theirs in pairs if theirs.__doc__) >= 3


@pytest.mark.parametrize("name", COMPILED)
def test_doctests_run_against_the_compiled_module(name: str) -> None:
    compiled, source, _ = _source(name)
    tests = [test for test in doctest.DocTestFinder().find(source, name) if test.examples]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)  # pytest's default flags
    report: list[str] = []
    for test in tests:
        test.globs = dict(vars(compiled))
        runner.run(test, out=report.append)
    failed, attempted = runner.summarize(verbose=False)
    assert failed == 0, "".join(report)
    assert attempted > 0
