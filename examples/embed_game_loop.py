"""Embed nardy's legal-play generator in a game loop.

A "human" plays White: it reads its dice and types its plays in gnubg
notation. A seeded random bot plays Black. By default White's dice and typing
come from a script, so the program runs to the end on its own; a typed line
that is unreadable or illegal is answered with the reason, and the human tries
again. Once the script runs out, White plays the first legal play. The board
is printed after every play.

    python examples/embed_game_loop.py                  # short nardy, scripted
    python examples/embed_game_loop.py --rules long
    python examples/embed_game_loop.py --interactive    # roll for White and type its plays
"""

from __future__ import annotations

import argparse
import random

import nardy

# White's turns: the dice it rolled and what it types, attempt by attempt.
SCRIPTS: dict[str, list[tuple[tuple[int, int], list[str]]]] = {
    "short": [
        ((3, 1), ["8/5 6/5"]),
        ((6, 4), ["pass", "24/14"]),  # passing is illegal when the dice can be played
        ((5, 2), ["13/8 13/11x", "13/8 13/11"]),  # a typo, then the intended play
        ((6, 6), ["13/7(2) 8/2(2)"]),
        ((4, 2), ["8/4 6/4"]),
    ],
    "long": [
        ((6, 6), ["24/18(3)", "24/18(2)"]),  # the head may release only two on a first 6-6
        ((5, 3), ["24/16"]),
        ((4, 1), ["18/14 18/17"]),
        ((2, 2), ["24/22 22/20 20/18 18/16"]),
        ((6, 5), ["24/19 14/8"]),
    ],
}


class ScriptedHuman:
    """White's dice and input from a script; the first legal play once it runs out."""

    def __init__(self, script: list[tuple[tuple[int, int], list[str]]]) -> None:
        self.turns = list(script)
        self.attempts: list[str] = []

    def roll(self, game: nardy.Game) -> tuple[int, int]:
        if self.turns:
            dice, self.attempts = self.turns.pop(0)
            return game.roll(dice)
        self.attempts = []
        return game.roll()

    def type(self, game: nardy.Game) -> str:
        if self.attempts:
            text = self.attempts.pop(0)
        else:
            text = min(str(play) for play in game.legal_plays())
        print(f"  White types: {text}")
        return text


class KeyboardHuman:
    """White's input from the keyboard; an empty line lists the legal plays."""

    def roll(self, game: nardy.Game) -> tuple[int, int]:
        input("White, press Enter to roll ")
        return game.roll()

    def type(self, game: nardy.Game) -> str:
        while True:
            text = input(f"White, play {game.dice}: ").strip()
            if text:
                return text
            print("  legal:", ", ".join(sorted(str(play) for play in game.legal_plays())))


def human_play(game: nardy.Game, human: ScriptedHuman | KeyboardHuman) -> nardy.Play:
    """Ask until the input is a legal play."""
    while True:
        text = human.type(game)
        try:
            return game.play(text)
        except nardy.NardyError as exc:  # a NotationError or an IllegalPlayError
            print(f"  rejected: {exc}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", default="short", help="ruleset name or alias (default: short)")
    parser.add_argument("--plays", type=int, default=10, help="stop after this many plays; 0: play to the end")
    parser.add_argument("--seed", type=int, default=5, help="seed of Black's dice and choices")
    parser.add_argument("--interactive", action="store_true", help="type White's plays yourself")
    args = parser.parse_args(argv)

    rules = nardy.ruleset(args.rules)
    game = nardy.Game(rules, seed=args.seed, first=nardy.WHITE)  # White starts, no opening roll
    bot = random.Random(args.seed)
    human: ScriptedHuman | KeyboardHuman
    human = KeyboardHuman() if args.interactive else ScriptedHuman(SCRIPTS.get(rules.name, []))
    print(f"{rules.title}: White (you) against a random bot\n")
    print(game.position)

    while not game.is_over() and (args.plays == 0 or game.plies < args.plays):
        player = game.turn
        if game.pending.phase == "roll":
            dice = human.roll(game) if player == nardy.WHITE else game.roll()
            print(f"\n{player} rolls {dice[0]}-{dice[1]}")
            continue
        if player == nardy.WHITE:
            play = human_play(game, human)
        else:
            choices = sorted(game.legal_plays(), key=str)
            play = game.play(bot.choice(choices))
        print(f"{player} plays {play}")
        print(game.position)

    result = game.result()
    if result is None:
        print(f"\nStopped after {game.plies} plays.")
    elif result.winner is None:
        print("\nA draw.")
    else:
        print(f"\n{result.winner} wins: {result.kind}, {result.points} point(s).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
