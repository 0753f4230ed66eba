"""Layers keep to their own private names.

A module may read or write ``obj._name`` (or import ``_name``) only when
``_name`` is defined in that very module: no module reaches into another's
private state. Names with two leading and trailing underscores are public.
"""

from __future__ import annotations

import ast
import pathlib
from types import ModuleType

import pytest

import nardy

SRC = pathlib.Path(nardy.__file__).parent
MODULES = sorted(p for p in SRC.rglob("*.py"))


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _defined(tree: ast.AST) -> set[str]:
    """Every private name a module defines: functions, classes, assignments,
    attributes it assigns (``self._x = ...``), slots and attrs fields."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _private(node.value):
            names.add(node.value)  # __slots__ entries, attrs aliases
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {n for n in names if _private(n)}


#: underscore names that third-party base classes ask subclasses to use
#: (PettingZoo's AECEnv: the documented way to write an environment)
FRAMEWORK = {"_accumulate_rewards", "_was_dead_step", "_cumulative_rewards", "_skip_agent_selection"}


def _violations(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    own = _defined(tree) | FRAMEWORK
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
            out.append(f"{path.relative_to(SRC)}:{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if _private(alias.name):
                    out.append(f"{path.relative_to(SRC)}:{node.lineno}: import {alias.name}")
    return out


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(SRC)) for p in MODULES])
def test_no_module_reads_another_modules_private_names(path: pathlib.Path) -> None:
    assert _violations(path) == []


def test_the_check_finds_a_reach_into_another_module(tmp_path: pathlib.Path) -> None:
    bad = SRC / "_layering_probe_.py"
    try:
        bad.write_text("from nardy.game import Game\n\ndef f(g: Game) -> object:\n    return g._pending\n")
        assert _violations(bad) == ["_layering_probe_.py:4: ._pending"]
    finally:
        bad.unlink()


def _nardy_imports(path: pathlib.Path) -> dict[str, bool]:
    """The nardy modules ``path`` imports, each mapped to whether it is imported
    inside a function (at call time) rather than at the top of the module;
    imports only for type checkers are left out."""
    tree = ast.parse(path.read_text(), str(path))
    found: dict[str, bool] = {}

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child, in_function)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "nardy":
            for alias in node.names:
                submodule = SRC.parent / node.module.replace(".", "/") / f"{alias.name}.py"
                name = f"{node.module}.{alias.name}" if submodule.exists() else node.module
                found[name] = found.get(name, True) and in_function
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "nardy":
                    found[alias.name] = found.get(alias.name, True) and in_function
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return found


def test_the_values_depend_on_no_rules_notation_formats_or_game() -> None:
    """core.py is the bottom layer: it imports only nardy.errors (and nardy._mypyc,
    the compiled build's class markers, which import nothing; and nardy._tuple_play,
    the pure build's Play, which imports only core), and the drawing modules at call
    time for a picture (``str(position)``, ``_repr_svg_``)."""
    imports = _nardy_imports(SRC / "core.py")
    drawing = {"nardy.render", "nardy.svg"}
    assert {name for name, lazy in imports.items() if not lazy} == {"nardy.errors", "nardy._mypyc", "nardy._tuple_play"}
    assert _nardy_imports(SRC / "_mypyc.py") == {}
    assert set(_nardy_imports(SRC / "_tuple_play.py")) == {"nardy.core"}
    assert {name for name, lazy in imports.items() if lazy} <= drawing


def test_the_import_check_sees_imports_inside_functions(tmp_path: pathlib.Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from nardy.errors import shown\n\ndef f() -> None:\n    from nardy.rules import ruleset\n")
    assert _nardy_imports(probe) == {"nardy.errors": False, "nardy.rules": True}


#: The longest function the rules package may hold (its complexity is held to
#: 15 by ruff in CI): a reader sees each part of the search, and each rule, whole
RULES_FUNCTION_LINES = 60


def _long_functions(path: pathlib.Path, limit: int) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno} {node.name} is {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > limit
    ]


@pytest.mark.parametrize("path", sorted((SRC / "rules").glob("*.py")), ids=lambda p: p.name)
def test_no_function_in_the_rules_is_longer_than_60_lines(path: pathlib.Path) -> None:
    assert _long_functions(path, RULES_FUNCTION_LINES) == []


def test_the_length_check_finds_a_long_function(tmp_path: pathlib.Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(RULES_FUNCTION_LINES))
    module = tmp_path / "long.py"
    module.write_text(f"def f() -> None:\n{body}\n", encoding="utf-8")
    assert _long_functions(module, RULES_FUNCTION_LINES) == [f"long.py:1 f is {RULES_FUNCTION_LINES + 1} lines"]


def test_the_package_shows_its_public_names_and_its_modules_only() -> None:
    """``dir(nardy)`` holds ``__all__``, the submodules and private names: nothing
    a module's own imports leave behind (``from __future__ import annotations``
    would leave ``annotations``)."""
    stray = [
        name
        for name in dir(nardy)
        if not name.startswith("_") and name not in nardy.__all__ and not isinstance(getattr(nardy, name), ModuleType)
    ]
    assert stray == []
