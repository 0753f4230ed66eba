"""pytest configuration for the whole repository.

The doctests of the optional research modules need their extras: skip
collecting those modules when the extra is not installed.
"""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("numpy") is None:
    collect_ignore += ["src/nardy/encoding.py", "src/nardy/envs"]
if importlib.util.find_spec("gymnasium") is None:
    collect_ignore.append("src/nardy/envs/gym.py")
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore.append("src/nardy/envs/pettingzoo.py")
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/nardy/envs/openspiel.py")
