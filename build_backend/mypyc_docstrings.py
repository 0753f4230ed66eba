"""Docstrings for the modules that mypyc compiles (setup.py, ``NARDY_COMPILE=1``).

mypyc writes each function's signature into the C tables it generates (the
method tables, the property tables, the type and module definitions) but not
its docstring, so ``help()`` and ``__doc__`` would show nothing in the
compiled build. :func:`add` puts the docstrings of the source into those
tables, after the signature, exactly as the interpreter running the build
would store them; the fields of a native class (a module's ``_FIELD_DOCS``,
which the pure-Python build gives the fields of its tuples) get theirs in
the property table. The build stops if a docstring finds no place, and
tests/test_compiled_build.py checks every docstring of the compiled build
against the pure-Python one.

A non-native class (``@mypyc_attr(native_class=False)``, an enum, a named
tuple, an attrs class) is built by the compiled module at import time, as
Python builds a class: mypyc gives it a placeholder docstring ("mypyc filler
docstring"), which is replaced by the class's own (or ``None``), and each of
its methods is an object of a small type of its own, whose type docstring is
the method's ``__doc__``: the method's docstring, or none.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

#: (module, class or "", function or "") -> docstring; None for a method of a
#: class that has none (a non-native class's method gets none either)
Docs = dict[tuple[str, str, str], "str | None"]


def collect(sources: Iterable[tuple[str, str]]) -> Docs:
    """The docstrings of ``(module name, source path)`` pairs: each module, its
    functions and classes, and the methods and properties of its classes."""
    docs: Docs = {}
    for module, path in sources:
        with open(path, encoding="utf-8") as file:
            tree = ast.parse(file.read(), path)
        _note(docs, (module, "", ""), tree)
        field_docs = _field_docs(tree)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                _note(docs, (module, "", node.name), node)
            elif isinstance(node, ast.ClassDef):
                _note(docs, (module, node.name, ""), node)
                _CLASS_LINES.update(((path, line), (module, node.name)) for line in _lines(node))
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        _note(docs, (module, node.name, item.name), item, method=True)
                if node.name in field_docs and not node.decorator_list:  # a native class's fields
                    for name, doc in zip(_match_args(node), field_docs[node.name], strict=True):
                        docs[(module, node.name, name)] = doc
    return docs


def _field_docs(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """A module's ``_FIELD_DOCS`` (the docs of the fields of its values, by class name,
    in the order of the class's ``__match_args__``, as in nardy/core.py), or none."""
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "_FIELD_DOCS":
            assert node.value is not None
            docs: dict[str, tuple[str, ...]] = ast.literal_eval(node.value)
            return docs
    return {}


def _match_args(node: ast.ClassDef) -> tuple[str, ...]:
    """The names in a class's ``__match_args__`` (its fields, in order)."""
    for item in node.body:
        if isinstance(item, (ast.Assign, ast.AnnAssign)) and item.value is not None:
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            if any(isinstance(target, ast.Name) and target.id == "__match_args__" for target in targets):
                names: tuple[str, ...] = ast.literal_eval(item.value)
                return names
    raise SystemExit(f"NARDY_COMPILE=1: {node.name} has field docs but no __match_args__")


#: (source path, line) -> (module, class): the lines a class statement starts on
#: (its own, and its first decorator's), which mypyc's code names where it builds
#: a non-native class
_CLASS_LINES: dict[tuple[str, int], tuple[str, str]] = {}


def _lines(node: ast.ClassDef) -> set[int]:
    return {node.lineno, *(decorator.lineno for decorator in node.decorator_list[:1])}


def _note(
    docs: Docs, key: tuple[str, str, str], node: ast.Module | ast.ClassDef | ast.FunctionDef, method: bool = False
) -> None:
    raw = ast.get_docstring(node, clean=False)
    if raw is not None and docs.get(key) is None:  # a property's getter comes before its setter
        code = compile(f"def f():\n    {raw!r}\n", "<docstring>", "exec")
        docs[key] = code.co_consts[0].co_consts[0]  # as this interpreter stores it
    elif method and key not in docs:
        docs[key] = None


def _literal(text: str) -> str:
    """``text`` as C string literals (UTF-8, in pieces that any compiler takes)."""
    from mypyc.codegen.cstring import c_string_initializer

    data = text.encode("utf-8")
    return " ".join(c_string_initializer(data[i : i + 200]) for i in range(0, len(data), 200))


_STRING = r'"(?:[^"\\]|\\.)*"'
_MODULE = re.compile(
    r'(static struct PyModuleDef (\w*)module = \{\s*PyModuleDef_HEAD_INIT,\s*"([\w.]+)",\s*)NULL(, /\* docstring \*/)'
)
_TABLE = re.compile(
    r"static (?:PyMethodDef|PyGetSetDef) (\w*?)(module_methods|_methods|_getseters)\[\] = \{\n(.*?)\n\s*\};", re.S
)
_METHOD = re.compile(rf'(\{{"(\w+)",\s*\(PyCFunction\)\w+,\s*[A-Z_ |]+,\s*PyDoc_STR\()(NULL|{_STRING})\)')
_PROPERTY = re.compile(r'(\{"(\w+)",\s*\(getter\)\w+,)(\s*\(setter\)\w+,\s*|\s*NULL, )NULL(, NULL\})')
_TYPE = re.compile(
    rf"(static PyTypeObject CPyType_(\w+)_template_ = \{{.*?\.tp_doc = )PyDoc_STR\((NULL|{_STRING})\)(,)", re.S
)
#: where the code of a compiled module builds a non-native class: its placeholder
#: docstring, put into the class's namespace (the traceback names the class's line)
_FILLER = re.compile(
    r"(\w+) = CPyStatics\[\d+\]; /\* 'mypyc filler docstring' \*/\n"
    r"(?=(?:.*\n){1,8}?\s*CPy_AddTraceback\(\"([^\"]+)\", \"<module>\", (\d+),)"
)


def _exported(name: str) -> str:
    """A name as mypyc writes it into C (its ``exported_name``)."""
    return name.replace("___", "___3_").replace(".", "___")


def add(c_sources: Iterable[str], docs: Docs) -> None:
    """Write ``docs`` into the C files that mypyc generated."""
    placed: set[tuple[str, str, str]] = set()
    for path in c_sources:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        modules = {prefix: name for _, prefix, name, _ in _MODULE.findall(text)}
        if not modules:
            continue
        # the type of each method of a non-native class: <method>_<class>_obj, after the
        # module's C prefix when the group has several modules
        methods = {
            _exported(f"{prefix}.{meth}_{cls}_obj" if prefix else f"{meth}_{cls}_obj"): (module, cls, meth)
            for prefix, module in modules.items()
            for (mod, cls, meth) in docs
            if mod == module and cls and meth
        }

        def owner(prefix: str) -> tuple[str, str]:
            """(module, class) of a C name prefix: ``base`` or ``base___RuleSet``, or
            ``RuleSet`` in a group of one module."""
            module, _, cls = prefix.partition("___")
            if module in modules:  # noqa: B023 - the functions are used for this file only
                return modules[module], cls  # noqa: B023
            return modules.get("", ""), prefix  # noqa: B023

        def doc_of(key: tuple[str, str, str], old: str) -> str:
            doc = docs.get(key)
            if doc is None:
                return old
            placed.add(key)
            return _literal(doc) if old == "NULL" else f"{old} {_literal(doc)}"

        def method_type_doc(key: tuple[str, str, str]) -> str:
            doc = docs[key]
            if doc is None:
                return "NULL"
            placed.add(key)
            return f"PyDoc_STR({_literal(doc)})"

        def filler(m: re.Match[str]) -> str:
            where = _CLASS_LINES.get((m[2], int(m[3])))
            if where is None:
                return m[0]
            key = (*where, "")
            doc = docs.get(key)
            if doc is None:
                return f"{m[1]} = Py_None;\n"  # a class without a docstring has none
            placed.add(key)
            # a new reference, kept for good: the class keeps it as its docstring
            return f"{m[1]} = PyUnicode_FromString({_literal(doc)});\n"

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
            if m[2] in methods:  # noqa: B023
                return m[1] + method_type_doc(methods[m[2]]) + m[4]  # noqa: B023
            module, cls = owner(m[2])
            # a class without a docstring has none (mypyc's signature alone would make it "")
            return m[1] + "PyDoc_STR(" + doc_of((module, cls, ""), "NULL") + ")" + m[4]

        text = _MODULE.sub(module_doc, text)
        text = _TABLE.sub(table, text)
        text = _TYPE.sub(type_doc, text)
        text = _FILLER.sub(filler, text)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    lost = sorted(".".join(filter(None, key)) for key, doc in docs.items() if doc is not None and key not in placed)
    if lost:
        raise SystemExit(f"NARDY_COMPILE=1: no place found in mypyc's C code for the docstrings of {', '.join(lost)}")
