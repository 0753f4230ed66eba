"""Sphinx configuration for the nardy documentation.

Build (warnings are errors)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest

Set ``NARDY_DOCS_INTERSPHINX=1`` to link to the Python and attrs docs; it needs
network access, which CI does not have, so it is off by default.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parent.parent
# The package is normally installed (pip install -e '.[docs]'); this makes a
# plain checkout work too.
sys.path.insert(0, str(ROOT / "src"))

import nardy  # noqa: E402
import nardy.rules  # noqa: E402

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
nitpicky = os.environ.get("NARDY_DOCS_NITPICKY") == "1"

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
doctest_test_doctest_blocks = ""
doctest_global_setup = """
import nardy
from nardy import WHITE, BLACK, Player
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
    option_spec = {"class": directives.class_option}

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
        return node.children


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-skip-member", _skip_reexported)
    app.connect("env-check-consistency", _check_public_api)
    app.add_directive("nardy-options", RuleSetOptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
