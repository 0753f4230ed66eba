"""Build script. pyproject.toml holds the package metadata; this file only adds
the optional compiled modules.

With ``NARDY_COMPILE=1`` in the environment, the modules listed in
``COMPILED`` are compiled to C extensions with mypyc (which comes with mypy;
the build backend in ``build_backend/`` asks for it only then), keeping their
docstrings (``build_backend/mypyc_docstrings.py``). Without it the wheel is
pure Python. See docs/compiled.rst.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

#: the modules compiled with NARDY_COMPILE=1 (paths under src/), in groups that
#: are compiled separately: the values (nardy.core), the turn flow and the game
#: (nardy.flow, nardy.game),
#: the agents' ratings (nardy._ratings), and the search and the rulesets. Compiled
#: code checks an argument typed with a class of its own group before the body
#: runs (a TypeError of mypyc's own); a class of another group is a Python class
#: to it. So the values callers build and pass in
#: (positions, plays) are a group of their own, whose public entry points take
#: what callers pass untyped and check it themselves, and the rules engine
#: takes them as it takes any Python object, checking them itself too.
GROUPS = {
    "nardy_core": [
        "nardy/core.py",
    ],
    "nardy_flow": [
        "nardy/flow.py",
        "nardy/game.py",
    ],
    "nardy_play": [
        "nardy/_ratings.py",
        "nardy/encoding.py",
    ],
    "nardy": [
        "nardy/rules/base.py",
        "nardy/rules/board.py",
        "nardy/rules/steps.py",
        "nardy/rules/constraints.py",
        "nardy/rules/search.py",
        "nardy/rules/results.py",
        "nardy/rules/kernel.py",
        "nardy/rules/short.py",
        "nardy/rules/long.py",
        "nardy/rules/gulbar.py",
        "nardy/rules/fevga.py",
    ],
}
COMPILED = [path for paths in GROUPS.values() for path in paths]


def compile_requested() -> bool:
    """Whether ``NARDY_COMPILE`` asks for the compiled build (as the build backend reads it)."""
    return os.environ.get("NARDY_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def ext_modules() -> list[object]:
    if not compile_requested() or sys.argv[1:2] in (["egg_info"], ["dist_info"]):
        return []  # the pure build, or only the metadata, which the extensions do not change
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit(
            "NARDY_COMPILE=1 builds with mypyc, which comes with mypy: install mypy"
            " (or build with build isolation, which installs it)"
        ) from None
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_backend"))
    import mypyc_docstrings

    extensions: list[object] = []
    for group, sources in GROUPS.items():
        paths = [os.path.join("src", path) for path in sources]
        built = mypycify(paths, opt_level="3", group_name=group)
        modules = [path[: -len(".py")].replace("/", ".") for path in sources]
        docs = mypyc_docstrings.collect(zip(modules, paths, strict=True))
        mypyc_docstrings.add({src for ext in built for src in ext.sources if src.endswith(".c")}, docs)
        extensions += built
    return extensions


setup(ext_modules=ext_modules())
