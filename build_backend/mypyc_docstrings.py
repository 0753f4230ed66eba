"""Docstrings for the modules that mypyc compiles (setup.py, ``NARDY_COMPILE=1``).

mypyc writes each function's signature into the C tables it generates (the
method tables, the property tables, the type and module definitions) but not
its docstring, so ``help()`` and ``__doc__`` would show nothing in the
compiled build. :func:`add` puts the docstrings of the source into those
tables, after the signature, exactly as the interpreter running the build
would store them. The build stops if a docstring finds no place, and
tests/test_compiled_build.py checks every docstring of the compiled build
against the pure-Python one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

#: (module, class or "", function or "") -> docstring
Docs = dict[tuple[str, str, str], str]


def collect(sources: Iterable[tuple[str, str]]) -> Docs:
    """The docstrings of ``(module name, source path)`` pairs: each module, its
    functions and classes, and the methods and properties of its classes."""
    docs: Docs = {}
    for module, path in sources:
        with open(path, encoding="utf-8") as file:
            tree = ast.parse(file.read(), path)
        _note(docs, (module, "", ""), tree)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                _note(docs, (module, "", node.name), node)
            elif isinstance(node, ast.ClassDef):
                _note(docs, (module, node.name, ""), node)
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        _note(docs, (module, node.name, item.name), item)
    return docs


def _note(docs: Docs, key: tuple[str, str, str], node: ast.Module | ast.ClassDef | ast.FunctionDef) -> None:
    raw = ast.get_docstring(node, clean=False)
    if raw is not None and key not in docs:  # a property's getter comes before its setter
        code = compile(f"def f():\n    {raw!r}\n", "<docstring>", "exec")
        docs[key] = code.co_consts[0].co_consts[0]  # as this interpreter stores it


def _literal(text: str) -> str:
    """``text`` as C string literals (UTF-8, in pieces that any compiler takes)."""
    from mypyc.codegen.cstring import c_string_initializer

    data = text.encode("utf-8")
    return " ".join(c_string_initializer(data[i : i + 200]) for i in range(0, len(data), 200))


_STRING = r'"(?:[^"\\]|\\.)*"'
_MODULE = re.compile(
    r'(static struct PyModuleDef (\w+)module = \{\s*PyModuleDef_HEAD_INIT,\s*"([\w.]+)",\s*)NULL(, /\* docstring \*/)'
)
_TABLE = re.compile(
    r"static (?:PyMethodDef|PyGetSetDef) (\w+?)(module_methods|_methods|_getseters)\[\] = \{\n(.*?)\n\s*\};", re.S
)
_METHOD = re.compile(rf'(\{{"(\w+)",\s*\(PyCFunction\)\w+,\s*[A-Z_ |]+,\s*PyDoc_STR\()(NULL|{_STRING})\)')
_PROPERTY = re.compile(r'(\{"(\w+)",\s*\(getter\)\w+,)(\s*\(setter\)\w+,\s*|\s*NULL, )NULL(, NULL\})')
_TYPE = re.compile(
    rf"(static PyTypeObject CPyType_(\w+)_template_ = \{{.*?\.tp_doc = PyDoc_STR\()(NULL|{_STRING})(\),)", re.S
)


def add(c_sources: Iterable[str], docs: Docs) -> None:
    """Write ``docs`` into the C files that mypyc generated."""
    placed: set[tuple[str, str, str]] = set()
    for path in c_sources:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        modules = {prefix: name for _, prefix, name, _ in _MODULE.findall(text)}
        if not modules:
            continue

        def owner(prefix: str) -> tuple[str, str]:
            """(module, class) of a C name prefix: ``base`` or ``base___RuleSet``."""
            module, _, cls = prefix.partition("___")
            return modules[module], cls  # noqa: B023 - the functions are used for this file only

        def doc_of(key: tuple[str, str, str], old: str) -> str:
            doc = docs.get(key)
            if doc is None:
                return old
            placed.add(key)
            return _literal(doc) if old == "NULL" else f"{old} {_literal(doc)}"

        def module_doc(m: re.Match[str]) -> str:
            return m[1] + doc_of((m[3], "", ""), "NULL") + m[4]

        def table(m: re.Match[str]) -> str:
            module, cls = owner(m[1]) if m[2] != "module_methods" else (modules[m[1]], "")  # noqa: B023
            if m[2] == "_getseters":
                body = _PROPERTY.sub(lambda p: property_entry(p, module, cls), m[3])
            else:
                body = _METHOD.sub(lambda f: f[1] + doc_of((module, cls, f[2]), f[3]) + ")", m[3])
            return m[0].replace(m[3], body)

        def property_entry(p: re.Match[str], module: str, cls: str) -> str:
            return p[1] + p[3] + doc_of((module, cls, p[2]), "NULL") + p[4]

        def type_doc(m: re.Match[str]) -> str:
            module, cls = owner(m[2])
            # a class without a docstring has none (mypyc's signature alone would make it "")
            return m[1] + doc_of((module, cls, ""), "NULL") + m[4]

        text = _MODULE.sub(module_doc, text)
        text = _TABLE.sub(table, text)
        text = _TYPE.sub(type_doc, text)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    lost = sorted(".".join(filter(None, key)) for key in set(docs) - placed)
    if lost:
        raise SystemExit(f"NARDY_COMPILE=1: no place found in mypyc's C code for the docstrings of {', '.join(lost)}")
