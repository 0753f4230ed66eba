# %% [markdown]
# # A small analysis of short and long nardy with `nardy`
#
# This file is a notebook written as a script: VS Code and Jupytext open the
# `# %%` cells as notebook cells, and `python examples/analysis.py` runs them
# all and prints a compact report. It looks at
#
# 1. the long-nardy first-turn exception (RULES.md 4.3): for which first rolls
#    may a player take two checkers from the head, and how often does that
#    happen, for the first and for the second player;
# 2. how many legal plays each roll gives from the opening, short against long;
# 3. a few hundred seeded games between the built-in bots (`nardy.simulate`):
#    how long games last and how they end, with 95% confidence intervals;
# 4. the position with the most legal plays in some of those games, replayed
#    exactly as `simulate` played them, saved as an SVG picture, and the game it
#    came from saved as a JSON record (`nardy.records`).
#
# ```sh
# python examples/analysis.py                        # 100 games per match-up, files in a temp dir
# python examples/analysis.py --games 400 --out-dir analysis-out
# ```

# %%
"""A notebook-style analysis of short and long nardy (cells for VS Code / Jupytext).

Run as a script it prints a compact report: the long-nardy first-turn head
exception by roll and how often it applies, the distribution of legal-play
counts from the opening in short and long nardy, game lengths and outcomes of
seeded random and greedy games with 95% confidence intervals (nardy.simulate),
and it saves an SVG of the position with the most legal plays seen and a JSON
record of the game it came from.

    python examples/analysis.py
    python examples/analysis.py --games 400 --out-dir analysis-out
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import nardy
from nardy import records, svg
from nardy.agents import Agent, RandomAgent, play_game
from nardy.core import ROLLS, roll_probability
from nardy.simulate import GameRecord, Summary, simulate


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games per ruleset and match-up (default: 100)")
    parser.add_argument("--scan", type=int, default=20, help="games replayed to find the busiest position")
    parser.add_argument("--seed", type=int, default=1, help="seed of every simulated game (default: 1)")
    parser.add_argument("--workers", type=int, default=1, help="processes for nardy.simulate (default: 1)")
    parser.add_argument(
        "--out-dir", type=Path, default=None, help="where to save the SVG and JSON (default: a temp dir)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or not 1 <= args.scan <= args.games:
        parser.error("--games must be >= 1 and --scan in 1..--games")
    return args


if __name__ == "__main__" and "ipykernel" not in sys.modules:
    args = parse_args()  # run as a script: read the command line
else:
    args = parse_args([])  # in a notebook: the defaults (edit the list to change them)
out_dir = args.out_dir or Path(tempfile.mkdtemp(prefix="nardy-analysis-"))
out_dir.mkdir(parents=True, exist_ok=True)
started = time.perf_counter()


def roll_name(roll: tuple[int, int]) -> str:
    return f"{roll[0]}-{roll[1]}"


def head_checkers(play: nardy.Play) -> int:
    """How many checkers ``play`` takes from the head (point 24)."""
    return sum(1 for step in play.steps if step.source == 24)


# %% [markdown]
# ## 1. Two checkers from the head on the first turn (long nardy)
#
# The head rule lets one checker leave point 24 per play; on a player's first
# play the limit can be 2. With the default `first_turn_head="formal"` the second
# checker is allowed only when one head checker cannot play the whole roll. For
# the first player that is exactly 6-6, 4-4 and 3-3; for the second player the
# first player's checker can block a 5-5, 6-2, 5-3 or 2-2 as well (RULES.md,
# Appendix A). The other readings of the rule are options.

# %%
print("1. Long nardy: rolls that let a player take two checkers from the head on its first turn")


def two_head_rolls(rules: nardy.RuleSet, pos: nardy.Position) -> list[tuple[int, int]]:
    """The rolls for which some legal play from ``pos`` moves two head checkers."""
    return [
        roll for roll in ROLLS if any(head_checkers(p) >= 2 for p in rules.legal_plays(pos, roll))
    ]


def chance(rolls: list[tuple[int, int]]) -> float:
    return sum(roll_probability(r) for r in rolls)


head_first: dict[str, float] = {}
for option in ("formal", "fixed", "any_double"):
    long_rules = nardy.ruleset("long", first_turn_head=option)
    rolls = two_head_rolls(long_rules, long_rules.initial_position())
    head_first[option] = chance(rolls)
    shown = " ".join(roll_name(r) for r in rolls)
    print(f"   first player,  first_turn_head={option + ':':<12}{shown:<24}{chance(rolls):6.1%} of first rolls")

# The second player, under the default rule: average over the first player's
# roll (by its chance) and over its legal plays (3-3 has two).
long_rules = nardy.ruleset("long")
start = long_rules.initial_position()
head_second = 0.0
extras: dict[str, set[str]] = {}
base = set(two_head_rolls(long_rules, start))
for roll, p_roll in ((r, roll_probability(r)) for r in ROLLS):
    plays = long_rules.legal_plays(start, roll)
    for play in plays:
        reply_rolls = two_head_rolls(long_rules, long_rules.apply(start, play))
        head_second += p_roll / len(plays) * chance(reply_rolls)
        for extra in sorted(set(reply_rolls) - base, reverse=True):
            extras.setdefault(roll_name(extra), set()).add(str(play))
print(f"   second player, first_turn_head=formal:  {head_second:.1%} of first rolls, averaged over the first play")
for extra_roll, first_plays in sorted(extras.items(), reverse=True):
    print(f"     also {extra_roll} when the first player played {', '.join(sorted(first_plays))}")

# %% [markdown]
# ## 2. Legal plays per roll from the opening
#
# Short nardy's opening position gives 447 plays over the 21 rolls, more than
# half of them with four doubles (1-1, 2-2, 3-3, 4-4). In long nardy the head
# rule leaves the first player a single play for nearly every roll, and the
# second player, whose route holds one opposing checker, hardly more. The table
# weights each roll by its chance (a double 1/36, any other roll 1/18).

# %%
BINS = ((1, 1), (2, 5), (6, 10), (11, 20), (21, 50), (51, 10_000))


def distribution(counts: list[tuple[float, int]]) -> tuple[list[float], float, int]:
    """Chance of each bin of BINS, the weighted mean and the maximum of ``(chance, count)`` pairs."""
    shares = [sum(p for p, n in counts if lo <= n <= hi) for lo, hi in BINS]
    return shares, sum(p * n for p, n in counts), max(n for _, n in counts)


short_rules = nardy.ruleset("short")
rows: dict[str, list[tuple[float, int]]] = {
    "short": [
        (roll_probability(r), len(short_rules.legal_plays(short_rules.initial_position(), r)))
        for r in ROLLS
    ],
    "long, first player": [(roll_probability(r), len(long_rules.legal_plays(start, r))) for r in ROLLS],
}
second: list[tuple[float, int]] = []
for roll in ROLLS:
    plays = long_rules.legal_plays(start, roll)
    for play in plays:
        after = long_rules.apply(start, play)
        second += [
            (roll_probability(roll) / len(plays) * roll_probability(r), len(long_rules.legal_plays(after, r)))
            for r in ROLLS
        ]
rows["long, second player"] = second

print("\n2. Legal plays per roll from the opening (chance of each count, rolls weighted by their chance)")
labels = [f"{lo}" if lo == hi else f"{lo}+" if hi >= 10_000 else f"{lo}-{hi}" for lo, hi in BINS]
print(f"   {'':<20}" + "".join(f"{label:>7}" for label in labels) + f"{'mean':>7}{'max':>5}")
opening_mean: dict[str, float] = {}
for label, counts in rows.items():
    shares, mean, most = distribution(counts)
    opening_mean[label] = mean
    print(f"   {label:<20}" + "".join(f"{s:>7.1%}" for s in shares) + f"{mean:>7.1f}{most:>5}")

# %% [markdown]
# ## 3. Seeded games between the built-in bots
#
# `nardy.simulate` plays `--games` games per ruleset and match-up. Game `i` of a
# run seeded with `s` uses the dice seed `s * 1_000_003 + i`, so the numbers are
# the same on every machine and for any number of workers.

# %%
print(f"\n3. {args.games} seeded games per match-up (nardy.simulate, seed {args.seed}); 95% confidence intervals")
MATCHUPS = (("random", "random"), ("greedy", "random"))
summaries: dict[tuple[str, str, str], Summary] = {}
print(f"   {'ruleset':<7} {'White v Black':<17}{'plays per game':<24}{'White wins':<26}outcomes")
for name in ("short", "long"):
    for white, black in MATCHUPS:
        summary = simulate(name, args.games, white=white, black=black, seed=args.seed, workers=args.workers)
        summaries[(name, white, black)] = summary
        length = summary.mean_plies.format(".1f").replace("95% CI ", "")
        wins = summary.win_rate["white"].format(percent=True).replace("95% CI ", "")
        kinds = ", ".join(f"{k} {n / summary.games:.0%}" for k, n in summary.kinds.items())
        print(f"   {name:<7} {white + ' v ' + black:<17}{length:<24}{wins:<26}{kinds}")

# %% [markdown]
# ## 4. The busiest position, as a picture, and its game as a record
#
# The first `--scan` random-against-random games of each ruleset are replayed
# here with the same seeds `simulate` used (dice seed from `game_seed`, each
# RandomAgent seeded `game_seed * 2 + colour`), watching every decision. The
# replay must reach the same results as the simulation. The position with the
# most legal plays is drawn with `nardy.svg` and its game saved with
# `nardy.records`, then read back.

# %%
class Busiest:
    """The position with the most legal plays seen so far, and where it was."""

    def __init__(self) -> None:
        self.plays = 0
        self.position: nardy.Position | None = None
        self.dice: tuple[int, ...] = ()
        self.ply = self.game_index = 0
        self.game: nardy.Game | None = None


class Watcher:
    """Wraps an agent and notes every position where it has more choice than ever before."""

    def __init__(self, agent: Agent, busiest: Busiest, game_index: int) -> None:
        self.agent, self.busiest, self.game_index = agent, busiest, game_index
        self.name = agent.name

    def choose(self, game: nardy.Game) -> nardy.Play:
        n, b = len(game.legal_plays()), self.busiest
        if n > b.plays:
            b.plays, b.position, b.dice, b.ply = n, game.position, game.dice or (), game.plies
            b.game, b.game_index = game, self.game_index
        return self.agent.choose(game)


def replay(name: str, record: GameRecord, busiest: Busiest) -> nardy.Game:
    """Replay one random-v-random game of ``simulate`` from its record's seed."""
    game = nardy.Game(nardy.ruleset(name), seed=record.seed)
    agents: dict[nardy.Player, Agent] = {
        colour: Watcher(RandomAgent(seed=record.seed * 2 + colour), busiest, record.index)
        for colour in nardy.Player
    }
    result = play_game(game, agents)
    winner = None if result.winner is None else str(result.winner)
    assert (winner, result.kind, game.plies) == (record.winner, record.kind, record.plies), "replay differs"
    return game


def describe(result: nardy.Result | None) -> str:
    if result is None or result.winner is None:
        return "no winner"
    return f"{result.winner} wins, {result.kind}, {result.points} point{'s' if result.points > 1 else ''}"


print(f"\n4. The position with the most legal plays in the first {args.scan} random v random games")
for name in ("short", "long"):
    summary = summaries[(name, "random", "random")]
    assert summary.per_game is not None
    busiest = Busiest()
    for record in summary.per_game[: args.scan]:
        replay(name, record, busiest)  # raises if it does not end as simulate's game did
    assert busiest.position is not None and busiest.game is not None
    picture = out_dir / f"busiest_{name}.svg"
    picture.write_text(svg.board(busiest.position, dice=busiest.dice), encoding="utf-8")
    record_path = out_dir / f"game_{name}.json"
    record_path.write_text(records.to_json(busiest.game, indent=1), encoding="utf-8")
    again = records.from_json(record_path.read_text(encoding="utf-8"))
    assert isinstance(again, nardy.Game) and again.history == busiest.game.history
    print(
        f"   {name}: {busiest.plays} legal plays for {busiest.position.turn} with "
        f"{roll_name((busiest.dice[0], busiest.dice[1]))} (game {busiest.game_index}, after {busiest.ply} plays); "
        f"replays matched simulate"
    )
    print(f"      picture: {picture} ({picture.stat().st_size:,} bytes)")
    print(
        f"      record:  {record_path} ({len(busiest.game.history)} events, "
        f"{describe(busiest.game.result())}), read back identical"
    )

# %% [markdown]
# ## Report

# %%
short_rr = summaries[("short", "random", "random")]
long_rr = summaries[("long", "random", "random")]
greedy_short = summaries[("short", "greedy", "random")].win_rate["white"]
greedy_long = summaries[("long", "greedy", "random")].win_rate["white"]
print("\nReport")
print(
    f"   head twice on the first turn (long, formal): first player {head_first['formal']:.1%}, "
    f"second player {head_second:.1%}; with any_double {head_first['any_double']:.1%}"
)
print(
    f"   plays per opening roll (mean): short {opening_mean['short']:.1f}, long first player "
    f"{opening_mean['long, first player']:.2f}, long second player {opening_mean['long, second player']:.2f}"
)
print(
    f"   random games last {short_rr.mean_plies.value:.0f} plays (short) and {long_rr.mean_plies.value:.0f} (long); "
    f"greedy beats random as White {greedy_short.value:.0%} (short), {greedy_long.value:.0%} (long)"
)
print(f"   files in {out_dir}: {', '.join(sorted(p.name for p in out_dir.iterdir()))}")
print(f"   time: {time.perf_counter() - started:.1f} s")
