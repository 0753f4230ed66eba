"""Test helper: the position and play notation of RULES.md, read without the library.

RULES.md writes a position as ``X{24:13, 18:2} Xoff=... Xbar=...; O{...} Obar=...``:
X is the player to move, ``X{...}`` lists X's checkers in X's numbering and
``O{...}`` lists O's checkers in O's *own* numbering. Off counts are 15 minus
what is shown; when RULES.md states ``Xoff=n`` this parser checks it, and when
it does not, the side must have all 15 checkers on the board and bar (a check
on the transcription of the examples). Bracketed remarks (``[X's 4, 16]``) and
backticks are ignored.

:func:`play_steps` moves checkers as written (``24/18 18/13``, ``bar/21*``,
``6/off``, ``pass``) on a :class:`Diagram` without any rules knowledge beyond
the board geometry: it lets the tests build the expected resulting positions
independently of ``nardy``'s own notation parser.

>>> d = parse_diagram("`X{20:1, 8:1}` Xoff=13; `O{21:2, 9:2, 6:11}` [X's 4, 16, 19]")
>>> d.x[19], d.x[7], d.xoff, d.o[20], d.ooff
(1, 1, 13, 2, 0)
>>> after = play_steps(parse_diagram("X{13:1, 6:14}; O{16:1, 13:14}"), "13/9* 9/7", "short")
>>> after == parse_diagram("X{7:1, 6:14}; O{13:14} Obar=1")
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import nardy
from nardy import Player, Position

CHECKERS = 15

_SIDE = re.compile(r"([XO])\{([^}]*)\}")
_COUNT = re.compile(r"\b([XO])(off|bar)\s*=\s*(\d+)")
_BRACKETS = re.compile(r"\[[^\]]*\]")


@dataclass(frozen=True)
class Diagram:
    """A position in RULES.md terms: X's and O's counts, each in its own numbering.

    ``x[i]`` / ``o[i]`` are the checkers on point ``i + 1``.
    """

    x: tuple[int, ...]
    o: tuple[int, ...]
    xbar: int = 0
    obar: int = 0

    @property
    def xoff(self) -> int:
        return CHECKERS - sum(self.x) - self.xbar

    @property
    def ooff(self) -> int:
        return CHECKERS - sum(self.o) - self.obar

    def to_position(
        self,
        rules: nardy.RuleSet,
        x: Player = Player.WHITE,
        *,
        turn: Player | None = None,
        x_moved: bool = True,
        o_moved: bool = True,
    ) -> Position:
        """The library position with X played by colour ``x`` (O by the other colour).

        ``turn`` defaults to ``x`` (X to move); ``x_moved``/``o_moved`` are the
        first-play flags of X and O.
        """
        o = x.other
        sides = {x: (self.x, self.xbar, x_moved), o: (self.o, self.obar, o_moved)}
        w_pts, w_bar, w_moved = sides[Player.WHITE]
        b_pts, b_bar, b_moved = sides[Player.BLACK]
        return rules.position(
            white=list(w_pts),
            black=list(b_pts),
            white_bar=w_bar,
            black_bar=b_bar,
            turn=x if turn is None else turn,
            white_moved=w_moved,
            black_moved=b_moved,
        )


def _counts(body: str, text: str) -> tuple[int, ...]:
    pts = [0] * 24
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"(\d+)\s*:\s*(\d+)", item)
        if not m:
            raise ValueError(f"{text!r}: cannot read {item!r} (expected point:count)")
        point, count = int(m.group(1)), int(m.group(2))
        if not 1 <= point <= 24 or count < 1:
            raise ValueError(f"{text!r}: bad entry {item!r}")
        if pts[point - 1]:
            raise ValueError(f"{text!r}: point {point} listed twice")
        pts[point - 1] = count
    return tuple(pts)


def parse_diagram(text: str) -> Diagram:
    """Read ``X{...} [Xoff=n] [Xbar=n]; O{...} [Ooff=n] [Obar=n]`` (RULES.md 1.3)."""
    clean = _BRACKETS.sub(" ", text.replace("`", " "))
    sides: dict[str, tuple[int, ...]] = {}
    for who, body in _SIDE.findall(clean):
        if who in sides:
            raise ValueError(f"{text!r}: {who}{{...}} given twice")
        sides[who] = _counts(body, text)
    if set(sides) != {"X", "O"}:
        raise ValueError(f"{text!r}: need both X{{...}} and O{{...}}")
    extra: dict[tuple[str, str], int] = {}
    for who, kind, n in _COUNT.findall(clean):
        extra[who, kind] = int(n)
    d = Diagram(sides["X"], sides["O"], extra.get(("X", "bar"), 0), extra.get(("O", "bar"), 0))
    for who, off in (("X", d.xoff), ("O", d.ooff)):
        if off < 0:
            raise ValueError(f"{text!r}: {who} has more than 15 checkers")
        if off != extra.get((who, "off"), 0):
            raise ValueError(
                f"{text!r}: {who} shows {CHECKERS - off} checkers, so {who}off={off}, "
                f"but the text says {who}off={extra.get((who, 'off'), 0)}"
            )
    return d


# ----------------------------------------------------------------- plays, no rules


def _other_point(family: str, p: int) -> int:
    """X's point ``p`` in O's numbering (RULES.md 1.2)."""
    if family == "short":
        return 25 - p
    return p + 12 if p <= 12 else p - 12


def _point(token: str, text: str) -> tuple[int, bool]:
    hit = token.endswith("*")
    core = token.rstrip("*")
    if core == "bar":
        return 25, hit
    if core == "off":
        return 0, hit
    if not core.isdigit() or not 1 <= int(core) <= 24:
        raise ValueError(f"{text!r}: bad point {token!r}")
    return int(core), hit


def play_steps(d: Diagram, text: str, family: str) -> Diagram:
    """X's checkers moved as ``text`` says (RULES.md 1.4); the diagram after the play.

    Understands ``a/b``, ``a/b/c``, ``bar/b``, ``a/off``, ``*`` for a hit, ``(n)``
    repeats and ``pass``. Physically impossible text (no checker at the source,
    a landing on a closed point, a ``*`` without a blot or a hit without ``*``)
    raises ``ValueError``: this is a transcription check, not a rules engine.
    """
    x, o = list(d.x), list(d.o)
    xbar, obar = d.xbar, d.obar
    words = text.split()
    if words == ["pass"]:
        return d
    for word in words:
        m = re.fullmatch(r"([^()]+?)(?:\((\d)\))?", word)
        if not m:
            raise ValueError(f"{text!r}: cannot read {word!r}")
        path = [_point(tok, text) for tok in m.group(1).split("/")]
        for _ in range(int(m.group(2) or 1)):
            src = path[0][0]
            if src == 25:
                if not xbar:
                    raise ValueError(f"{text!r}: X has no checker on the bar")
                xbar -= 1
            else:
                if not x[src - 1]:
                    raise ValueError(f"{text!r}: X has no checker on {src}")
                x[src - 1] -= 1
            for (a, _), (b, hit) in pairwise(path):
                if b >= a:
                    raise ValueError(f"{text!r}: {a}/{b} does not move forward")
                if b == 0:
                    continue
                q = _other_point(family, b) - 1
                blot = family == "short" and o[q] == 1
                if o[q] and not blot:
                    raise ValueError(f"{text!r}: X's {b} is closed")
                if blot != hit:
                    raise ValueError(f"{text!r}: hit mark on {b} does not match the board")
                if blot:
                    o[q] = 0
                    obar += 1
            end = path[-1][0]
            if end:
                x[end - 1] += 1
    return Diagram(tuple(x), tuple(o), xbar, obar)


# ----------------------------------------------------------------- checking examples


@dataclass(frozen=True)
class Example:
    """One worked example: position, roll, options and the complete list of plays.

    ``plays`` is every legal play in RULES.md step notation (``["pass"]`` for a
    pass). ``illegal`` lists plays RULES.md names as not legal in this setting;
    ``parse_play`` must reject each with :class:`nardy.IllegalPlayError`.
    ``x_moved``/``o_moved`` are the first-play flags (long family).
    """

    id: str
    ruleset: str
    diagram: str
    dice: tuple[int, int]
    plays: Sequence[str]
    options: dict[str, Any] = field(default_factory=dict)
    illegal: Sequence[str] = ()
    x_moved: bool = True
    o_moved: bool = True

    def rules(self) -> nardy.RuleSet:
        return nardy.ruleset(self.ruleset, **self.options)

    def start(self, x: Player) -> Position:
        return parse_diagram(self.diagram).to_position(
            self.rules(), x, x_moved=self.x_moved, o_moved=self.o_moved
        )

    def expected_after(self, x: Player) -> list[Position]:
        """The positions after each listed play, built without the library's parser."""
        rules = self.rules()
        d = parse_diagram(self.diagram)
        return [
            play_steps(d, text, rules.family).to_position(
                rules, x, turn=x.other, x_moved=True, o_moved=self.o_moved
            )
            for text in self.plays
        ]


def describe(plays: Sequence[nardy.Play]) -> str:
    """The plays as sorted text, for failure messages."""
    return ", ".join(sorted(str(p) for p in plays)) or "(none)"


def check_example(ex: Example, x: Player) -> None:
    """Assert that the library's legal plays are exactly the example's list."""
    rules = ex.rules()
    pos = ex.start(x)
    legal = rules.legal_plays(pos, ex.dice)
    got = {rules.apply(pos, p): str(p) for p in legal}
    shown = describe(legal)

    # 1. via the library's notation parser
    expected: dict[Position, str] = {}
    for text in ex.plays:
        play = rules.parse_play(pos, text, ex.dice)
        after = rules.apply(pos, play)
        assert after not in expected, (
            f"{ex.id}: {text!r} and {expected.get(after)!r} reach the same position"
        )
        expected[after] = text
    missing = [t for p, t in expected.items() if p not in got]
    extra = [t for p, t in got.items() if p not in expected]
    assert not missing and not extra, (
        f"{ex.id} ({x} to move, dice {ex.dice}): expected {len(ex.plays)} plays "
        f"[{', '.join(ex.plays)}], library gives {len(legal)} [{shown}]; "
        f"missing {missing}, unexpected {extra}"
    )
    assert len(legal) == len(ex.plays), (
        f"{ex.id}: {len(legal)} plays returned for {len(set(got))} positions: "
        "duplicate resulting positions"
    )

    # 2. independently of the parser: move the checkers as RULES.md writes them
    independent = ex.expected_after(x)
    assert set(independent) == set(got), (
        f"{ex.id} ({x} to move): positions built from the RULES.md text differ "
        f"from the legal plays [{shown}]"
    )

    # 3. a pass is the empty play, alone
    if list(ex.plays) == ["pass"]:
        assert len(legal) == 1 and legal[0].is_pass, f"{ex.id}: expected only a pass, got [{shown}]"
    else:
        assert not any(p.is_pass for p in legal), f"{ex.id}: unexpected pass in [{shown}]"

    # 4. plays RULES.md names as illegal here
    for text in ex.illegal:
        try:
            play = rules.parse_play(pos, text, ex.dice)
        except nardy.IllegalPlayError:
            continue
        raise AssertionError(f"{ex.id} ({x} to move): {text!r} should be illegal, parsed as {play}")


def two_head_rolls(rules: nardy.RuleSet, pos: Position) -> set[str]:
    """The rolls (``"6-6"``) for which some legal play moves two or more head checkers."""
    out = set()
    for a in range(1, 7):
        for b in range(1, a + 1):
            plays = rules.legal_plays(pos, (a, b))
            if any(sum(1 for s in p.steps if s.source == 24) >= 2 for p in plays):
                out.add(f"{a}-{b}")
    return out


ALL_ROLLS: tuple[str, ...] = tuple(f"{a}-{b}" for a in range(1, 7) for b in range(1, a + 1))
