"""Print the number of legal plays for each roll from the start position.

For short nardy (backgammon) the counts are a fixture every engine agrees on:
447 plays over the 21 rolls. For long nardy, most rolls have a single legal
play, because only one checker may leave the head.

    python examples/opening_table.py
    python examples/opening_table.py short khachapuri fevga
"""

from __future__ import annotations

import sys

import nardy

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # 11, 21, 22, 31, ... 66


def table(name: str) -> None:
    rules = nardy.ruleset(name)
    start = rules.initial_position()
    counts = {roll: len(rules.legal_plays(start, roll)) for roll in ROLLS}
    print(f"{rules.title} ({rules.name}): {sum(counts.values())} plays over {len(ROLLS)} rolls")
    for high in range(6, 0, -1):
        row = [f"{high}{low}:{counts[(high, low)]:>3}" for low in range(high, 0, -1)]
        print("  " + "  ".join(row))
    print()


def main(argv: list[str]) -> int:
    for name in argv or ["short", "long"]:
        table(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
