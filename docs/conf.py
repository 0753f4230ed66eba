"""Sphinx configuration for the nardy documentation.

Build (warnings are errors)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest

Set ``NARDY_DOCS_INTERSPHINX=1`` to link to the Python and attrs docs; it needs
network access, which CI does not have, so it is off by default.
"""

from __future__ import annotations

import enum
import importlib.util
import inspect
import os
import sys
import warnings
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parent.parent
# The package is normally installed (pip install -e '.[docs]'); this makes a
# plain checkout work too.
sys.path.insert(0, str(ROOT / "src"))

import nardy  # noqa: E402

# -- project -------------------------------------------------------------------

project = "nardy"
author = "The nardy developers"
copyright = "2026, The nardy developers"
release = nardy.__version__
version = ".".join(release.split(".")[:2])

# -- general -------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
default_role = "py:obj"
# NARDY_DOCS_NITPICKY=1 reports every unresolved cross-reference (a check to run
# by hand; links to the standard library need intersphinx as well).
nitpicky = os.environ.get("NARDY_DOCS_NITPICKY") == "1"
nitpick_ignore: list[tuple[str, str]] = []

# -- autodoc -------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = True
# Signatures say nardy.core.Point / nardy.core.Family instead of int / Literal[...]
autodoc_type_aliases = {
    "Point": "nardy.core.Point",
    "Family": "nardy.core.Family",
}

# The research modules import optional extras (numpy, gymnasium, pettingzoo,
# open-spiel). ``pip install -e '.[docs]'`` alone does not install them: autodoc
# then imports those modules against mocks, and the doctests that need them are
# skipped (``:skipif:`` below).
autodoc_mock_imports = [
    name
    for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")
    if importlib.util.find_spec(name) is None
]

# autodoc_preserve_defaults gives documented functions a ``__signature__`` whose
# defaults are source text; in the doctest build Gymnasium's passive env checker
# then reads NardyEnv.reset's ``seed=None`` as the text "None" and warns. The
# real default is None: silence that one message.
warnings.filterwarnings("ignore", message=".*default seed argument in `Env.reset`", category=UserWarning)

napoleon_google_docstring = True
napoleon_numpy_docstring = True
napoleon_use_rtype = False

# -- intersphinx (network only when asked for) ---------------------------------

_INTERSPHINX = {
    "python": ("https://docs.python.org/3", None),
    "attrs": ("https://www.attrs.org/en/stable", None),
}
intersphinx_mapping = _INTERSPHINX if os.environ.get("NARDY_DOCS_INTERSPHINX") == "1" else {}

# -- doctest -------------------------------------------------------------------

# Examples in the docstrings of src/ run under pytest (--doctest-modules, see
# pyproject.toml); the doctest builder runs the ``.. doctest::`` blocks of these
# pages only, so each example is checked once.
# Each page imports what its examples use, as a reader copying them would;
# nothing of nardy's is imported here.
doctest_test_doctest_blocks = ""
doctest_global_setup = """
import importlib.util

# examples that need an optional extra are skipped without it (``:skipif:``)
HAVE_NUMPY = importlib.util.find_spec("numpy") is not None
HAVE_GYM = HAVE_NUMPY and importlib.util.find_spec("gymnasium") is not None
HAVE_PETTINGZOO = HAVE_GYM and importlib.util.find_spec("pettingzoo") is not None
"""

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"nardy {release}"
html_static_path: list[str] = []

# -- helpers -------------------------------------------------------------------

logger = logging.getLogger("nardy.docs")


def _skip_reexported(app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    """Document each public object once, under its public name ``nardy.X``.

    ``docs/api/nardy.rst`` documents everything in ``nardy.__all__``; the
    per-module pages skip those objects so they are not described twice.
    """
    if what == "module" and name in nardy.__all__ and getattr(nardy, name, None) is obj:
        return True
    return None


def _attrs_signature(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, return_annotation: str | None
) -> tuple[str, str | None] | None:
    """Signatures of attrs classes written from their fields.

    attrs generates ``__init__`` from source text that refers to its defaults
    as ``attr_dict['turn'].default``; ``autodoc_preserve_defaults`` would show
    that text. The fields say what a reader wants: ``turn: Player = ...``.
    """
    if what not in ("class", "exception"):
        return None
    if not attrs.has(obj):
        return _value_signature(obj, signature, return_annotation)
    parts: list[str] = []
    keyword_only = False
    for field in attrs.fields(obj):
        if not field.init:
            continue
        if field.kw_only and not keyword_only:
            parts.append("*")
            keyword_only = True
        text = field.alias or field.name
        kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", None)
        if kind:
            text += f": {kind}"
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            factory = field.default.factory
            text += f" = {getattr(factory, '__name__', 'factory')}()"
        elif field.default is attrs.NOTHING:  # (an enum member itself)
            pass
        elif isinstance(field.default, enum.Enum):
            text += f" = {type(field.default).__name__}.{field.default.name}"
        else:
            text += f" = {field.default!r}"
        parts.append(text)
    return f"({', '.join(parts)})", return_annotation


def _value_signature(obj: type, signature: str | None, return_annotation: str | None) -> tuple[str, str | None] | None:
    """The signature of a value class written by hand (:class:`~nardy.Play`,
    :class:`~nardy.Pending`): without the private parameters its own code passes
    (``_checked``), and with each field's type where the constructor takes
    ``object`` (to check the value itself)."""
    if not getattr(obj, "__match_args__", None) or not signature:
        return None
    try:
        params = inspect.signature(obj).parameters.values()
    except (TypeError, ValueError):
        return None
    hints = {}
    for klass in reversed(obj.__mro__):
        hints.update(getattr(klass, "__annotations__", {}))
    parts = []
    for param in params:
        if param.name.startswith("_"):
            continue
        kind = param.annotation if param.annotation not in ("object", object) else hints.get(param.name, "object")
        if isinstance(kind, str) and kind.startswith("Final[") and kind.endswith("]"):
            kind = kind[len("Final[") : -1]  # a field's type, as a parameter's
        text = f"{param.name}: {kind}" if kind is not inspect.Parameter.empty else param.name
        if param.default is not inspect.Parameter.empty:
            default = param.default
            shown = f"{type(default).__name__}.{default.name}" if isinstance(default, enum.Enum) else repr(default)
            text += f" = {shown}"
        parts.append(text)
    return f"({', '.join(parts)})", return_annotation


def _foreign_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Replace a docstring that a nardy method inherits from another package.

    A method without a docstring of its own shows its parent's (autodoc's
    ``autodoc_inherit_docstrings``). For the environments' ``reset``/``step``
    that is Gymnasium's or PettingZoo's text, written for their own docs (and
    not valid for napoleon); a pointer to the parent is shown instead.
    """
    if what not in ("method", "attribute", "property") or not name.startswith("nardy."):
        return
    func = getattr(obj, "fget", obj)
    if getattr(func, "__doc__", None) is not None:
        return
    owner_name, _, attr = name.rpartition(".")
    module_name, _, class_name = owner_name.rpartition(".")
    owner = getattr(sys.modules.get(module_name), class_name, None)
    if not isinstance(owner, type):
        return
    for base in owner.__mro__[1:]:
        if attr in vars(base):
            if not base.__module__.startswith("nardy"):
                lines[:] = [f"Implements ``{base.__module__}.{base.__qualname__}.{attr}``: see its documentation."]
            return


def _resolve_aliases(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a reference to an object under its other name.

    Each public object is documented once: under ``nardy.X`` if the top-level
    package exports it, else in its defining module. Docstrings refer to it
    either way (``nardy.RuleSet``, ``Game.pending`` inside ``nardy.game``,
    ``Caucasian`` inside ``nardy.rules``), so an unresolved ``py`` reference is
    retried under the documented name.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    modname = node.get("py:module")
    candidates = [target] + ([f"{modname}.{target}"] if modname else [])
    domain = env.get_domain("py")
    for candidate in candidates:
        parts = candidate.split(".")
        for i in range(len(parts) - 1, 0, -1):
            module = sys.modules.get(".".join(parts[:i]))
            obj = getattr(module, parts[i], None) if module is not None else None
            if obj is None:
                continue
            names = []
            if parts[i] in nardy.__all__ and getattr(nardy, parts[i], None) is obj:
                names.append(f"nardy.{parts[i]}")
            qualname = getattr(obj, "__qualname__", None)
            if isinstance(getattr(obj, "__module__", None), str) and isinstance(qualname, str):
                names.append(f"{obj.__module__}.{qualname}")
            for name in names:
                new = ".".join([name, *parts[i + 1 :]])
                if new == candidate:
                    continue
                newnode = node.deepcopy()
                newnode["reftarget"] = new
                newnode.attributes.pop("refspecific", None)
                found = domain.resolve_xref(
                    env, node["refdoc"], app.builder, node["reftype"], new, newnode, contnode
                )
                if found is not None:
                    return found
            break
    return None


def _check_public_api(app: Sphinx, env: Any) -> None:
    """Warn (an error under -W) when a name of ``nardy.__all__`` is not documented."""
    py = env.get_domain("py")
    documented = set(py.objects)
    missing = [name for name in nardy.__all__ if f"nardy.{name}" not in documented]
    if missing:
        logger.warning(
            "nardy.__all__ names not documented in docs/api/nardy.rst: %s", ", ".join(missing)
        )


class RuleSetOptions(SphinxDirective):
    """``.. nardy-options:: long``: a table of a ruleset's options and defaults.

    Read from the ruleset class's ``OPTIONS``, so the table cannot drift from
    the code.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        cls = type(nardy.ruleset(name))
        lines = [
            f".. list-table:: Options of ``{cls.name}`` (``nardy.ruleset({cls.name!r}, ...)``)",
            "   :header-rows: 1",
            "   :widths: 22 30 14 34",
            "",
            "   * - option",
            "     - values",
            "     - default",
            "     - meaning",
        ]
        for opt in cls.OPTIONS:
            values = ", ".join(f"``{v!r}``" for v in opt.values)
            lines += [
                f"   * - ``{opt.name}``",
                f"     - {values}",
                f"     - ``{opt.default!r}``",
                f"     - {opt.doc or ''}",
            ]
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source=f"<nardy-options {name}>"), 0, node)
        return list(node.children)


class RuleSetTable(SphinxDirective):
    """``.. nardy-rulesets::``: every registered ruleset with its title and aliases."""

    def run(self) -> list[nodes.Node]:
        lines = [
            ".. list-table:: The registered rulesets (``nardy.RULESET_NAMES``)",
            "   :header-rows: 1",
            "   :widths: 18 30 10 42",
            "",
            "   * - name",
            "     - ruleset",
            "     - family",
            "     - aliases",
        ]
        for name in nardy.RULESET_NAMES:
            cls = type(nardy.ruleset(name))
            aliases = ", ".join(f"``{a}``" for a in cls.aliases) or "—"
            lines += [
                f"   * - ``{name}``",
                f"     - {cls.title}",
                f"     - {cls.family}",
                f"     - {aliases}",
            ]
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="<nardy-rulesets>"), 0, node)
        return list(node.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-skip-member", _skip_reexported)
    app.connect("autodoc-process-docstring", _foreign_docstring)
    app.connect("autodoc-process-signature", _attrs_signature)
    app.connect("env-check-consistency", _check_public_api)
    app.connect("missing-reference", _resolve_aliases)
    app.add_directive("nardy-options", RuleSetOptions)
    app.add_directive("nardy-rulesets", RuleSetTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
