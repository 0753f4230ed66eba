"""What the compiled build (mypyc, see :doc:`/compiled`) needs to know about some
classes, without a run-time dependency on ``mypy_extensions``.

``@mypyc_attr(allow_interpreted_subclasses=True)`` marks the classes that users
may subclass (rulesets, constraints, the kernel, the turn-flow policies), and
``@mypyc_attr(native_class=False)`` the classes of compiled modules that stay
ordinary Python classes, with compiled methods (the values of
:mod:`nardy.core`, which subclass ``tuple``): mypyc reads the decorator when it
compiles a module; at run time it does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs, **kwattrs):
        return _keep


def _keep(cls: type) -> type:
    return cls
