"""Perft-style regression: distinct plays per roll from a fixed position (tests/data/*.perft).

A ``.perft`` file holds ``ruleset NAME``, ``position opening`` and one
``ROLL COUNT`` line per roll (``6-5 7``), then ``total N``; ``#`` starts a comment.
On failure the whole per-roll breakdown (expected, got, difference) is printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import nardy
from nardy import Player

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*.perft"))


def read_perft(path: Path) -> tuple[str, str, dict[tuple[int, int], int], int]:
    ruleset = position = ""
    counts: dict[tuple[int, int], int] = {}
    total = -1
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, value = line.split()
        if key == "ruleset":
            ruleset = value
        elif key == "position":
            position = value
        elif key == "total":
            total = int(value)
        else:
            a, b = (int(v) for v in key.split("-"))
            roll = (max(a, b), min(a, b))
            assert roll not in counts, f"{path.name}: {key} listed twice"
            counts[roll] = int(value)
    assert ruleset and position == "opening" and total >= 0, f"{path.name}: incomplete header"
    assert len(counts) == 21, f"{path.name}: {len(counts)} rolls, need all 21"
    assert sum(counts.values()) == total, f"{path.name}: counts add up to {sum(counts.values())}, not {total}"
    return ruleset, position, counts, total


def breakdown(expected: dict[tuple[int, int], int], got: dict[tuple[int, int], int]) -> str:
    rows = ["roll  expected  got  diff"]
    for roll in sorted(expected):
        e, g = expected[roll], got[roll]
        mark = "" if e == g else f"  {g - e:+d}  <--"
        rows.append(f"{roll[0]}-{roll[1]}   {e:8d} {g:4d}{mark}")
    rows.append(f"total {sum(expected.values()):8d} {sum(got.values()):4d}")
    return "\n".join(rows)


@pytest.mark.parametrize("mover", [Player.WHITE, Player.BLACK], ids=["white", "black"])
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft(path: Path, mover: Player) -> None:
    name, _, expected, total = read_perft(path)
    rules = nardy.ruleset(name)
    start = rules.initial_position()
    pos = rules.position(
        white=start.white, black=start.black, turn=mover,
        white_moved=start.white_moved, black_moved=start.black_moved,
    )
    got: dict[tuple[int, int], int] = {}
    duplicates = []
    for roll in expected:
        plays = rules.legal_plays(pos, roll)
        got[roll] = len(plays)
        if len({rules.apply(pos, p) for p in plays}) != len(plays):
            duplicates.append(roll)
    table = breakdown(expected, got)
    print(table)
    assert got == expected and sum(got.values()) == total, f"{path.name} ({mover} to move):\n{table}"
    assert not duplicates, f"{path.name}: plays with the same resulting position for {duplicates}"


def test_perft_files_exist() -> None:
    assert any(p.name == "opening_short.perft" for p in FILES)
