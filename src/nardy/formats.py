"""Reading a position from any of the text formats nardy speaks.

* nardy's own position string, for every ruleset
  (:meth:`nardy.Position.to_string`): ``long 24:15 24:15 w 00``;
* a gnubg Position ID, alone or with its Match ID (:mod:`nardy.gnubg`):
  ``4HPwATDgc/ABMA`` or ``4HPwATDgc/ABMA:MAEAAAAAAAAA``;
* an eXtreme Gammon XGID (:mod:`nardy.xgid`):
  ``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10``.

>>> from nardy.formats import read_position
>>> rules, pos = read_position("4HPwATDgc/ABMA")
>>> rules.name, pos == rules.initial_position().replace(white_moved=True, black_moved=True)
('short', True)
>>> read_position("gulbar 24:14,19:1 24:15 b 10")[0].name
'gulbar'
"""

from __future__ import annotations

import re

from nardy.core import Position
from nardy.errors import NotationError
from nardy.rules import ruleset
from nardy.rules.base import RuleSet

__all__ = ["read_position", "detect_format"]

_GNUBG = re.compile(r"^[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?$")


def detect_format(text: str) -> str:
    """``"xgid"``, ``"gnubg"`` or ``"nardy"``: which format ``text`` is written in."""
    t = text.strip()
    if t.upper().startswith("XGID="):
        return "xgid"
    if _GNUBG.match(t):
        return "gnubg"
    return "nardy"


def read_position(text: str, rules: RuleSet | None = None) -> tuple[RuleSet, Position]:
    """The ruleset and position a text describes, in any format nardy reads.

    gnubg IDs and XGIDs describe backgammon boards: they are read with
    ``rules`` (default: short nardy). A nardy position string names its own
    ruleset, which ``rules`` (if given) must match in family.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is given as text, not {text!r}")
    kind = detect_format(text)
    if kind == "xgid":
        from nardy.xgid import parse_xgid

        info = parse_xgid(text, rules)
        return rules or ruleset("short"), info.position
    if kind == "gnubg":
        from nardy.gnubg import parse_gnubg_id, position_from_id

        t = text.strip()
        if ":" in t:
            return rules or ruleset("short"), parse_gnubg_id(t, rules)[0]
        return rules or ruleset("short"), position_from_id(t, rules=rules)
    pos = Position.from_string(text.strip())
    if rules is None:
        return ruleset(text.split()[0]), pos
    rules.check_position(pos)
    return rules, pos
