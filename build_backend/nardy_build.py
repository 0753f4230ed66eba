"""The build backend: setuptools, asking for mypy only for a compiled build.

``NARDY_COMPILE=1`` makes ``setup.py`` compile some modules with mypyc, which
ships with mypy; this wrapper adds mypy to the build requirements then and only
then, so that the default (pure Python) build needs nothing but setuptools.
Everything else is setuptools' own backend. See docs/compiled.rst.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the backend's hooks, unchanged)

#: what a compiled build needs besides setuptools: mypyc, in a version whose
#: generated C code build_backend/mypyc_docstrings.py knows (tried with 2.4),
#: and attrs, for mypy to read the attrs classes
COMPILE_REQUIRES = ["mypy>=2.4,<3", "attrs>=23.1"]


def compile_requested() -> bool:
    """Whether ``NARDY_COMPILE`` asks for the compiled build (``setup.py`` reads it the same way)."""
    return os.environ.get("NARDY_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


# setuptools' own hooks run setup.py to collect its ``setup_requires``, which
# nardy does not use; a compiled build's setup.py needs mypyc before it can run.


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    if compile_requested():
        return list(COMPILE_REQUIRES)
    return _setuptools.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None) -> list[str]:
    if compile_requested():
        # the extension modules would land in src/, next to the sources they
        # would then hide: edits would no longer take effect
        raise SystemExit("NARDY_COMPILE=1 builds a wheel: install it with `pip install .`, not `pip install -e .`")
    return _setuptools.get_requires_for_build_editable(config_settings)
