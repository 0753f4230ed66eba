"""Train a tiny TD(lambda) agent on nardy's encoders, with numpy only.

A value network in the style of Tesauro's TD-Gammon learns by self-play. It
reads TD-Gammon's 198 inputs (:func:`nardy.encoding.tdgammon`) of a short-nardy
position, seen from one side, and estimates the chance that this side wins.
To move, the agent builds the position each legal play leads to
(``rules.legal_plays`` and ``rules.apply``; ``game.position_after`` gives the
same and also follows a ruleset's turn flow), reads it from its own side and
picks the play it rates best. After every play the network is nudged towards
its estimate of the next position, and at the end of the game towards the
result: TD(lambda) with eligibility traces. The network has one hidden layer
of tanh units (``--hidden 0``: a linear model); both colours share it, since
the encoding is read from the mover's side.

While it trains, the program prints a learning curve: the agent's win rate
against nardy's :class:`~nardy.agents.RandomAgent` at checkpoints, on the same
seeded games each time. At the end it plays a larger seeded match against the
random agent, colours alternating, and prints it as a
:class:`nardy.simulate.Summary` with 95% confidence intervals. The win rate is
reported, not checked: with the defaults (300 games) it is about 99% for seeds
1, 2 and 3. The curve is not monotone: an untrained network already beats the
random agent more often than not (any consistent preference among plays
does), dips while self-play reshapes it, then climbs after 150-250 games.

``--rules long`` (or another long-family ruleset) trains on
:func:`nardy.encoding.observation` instead (every ruleset has it): its 48
checker counts expanded into TD-Gammon's four units each, the rest scaled by
:func:`nardy.encoding.observation_bounds`. Long nardy is harder for such a
small learner (no hitting: every play moves the same number of pips, and what
counts is blocking), so the defaults there are a linear model and 600 games,
and the curve is bumpier.

    python examples/train_tiny_agent.py                     # short: 300 games, about 10 s
    python examples/train_tiny_agent.py --games 1000 --hidden 40
    python examples/train_tiny_agent.py --rules long        # long: 600 games, about 25 s
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import nardy
from nardy import encoding
from nardy.agents import Agent, RandomAgent, play_game
from nardy.game import RollEvent
from nardy.simulate import GameRecord, Summary, game_seed

Features = Callable[[nardy.Position, nardy.Player], np.ndarray]


def make_features(rules: nardy.RuleSet) -> tuple[str, Features]:
    """The encoder for ``rules``, read from the side of a given player ("me").

    Short family: TD-Gammon's 198 inputs. Long family: the observation vector,
    its 48 checker counts (mine and the opponent's on each point) expanded into
    Tesauro's four units per count as TD-Gammon does, the rest scaled to 0..1
    by :func:`nardy.encoding.observation_bounds` (228 inputs).
    """
    if rules.family == "short":

        def tdgammon(pos: nardy.Position, me: nardy.Player) -> np.ndarray:
            return encoding.tdgammon(pos, perspective=me)

        return "tdgammon (198 inputs)", tdgammon
    _, high = encoding.observation_bounds()
    layout = encoding.OBSERVATION_LAYOUT
    counts = slice(layout["my_points"].start, layout["opp_points"].stop)
    rest_scale = 1.0 / high[counts.stop :]

    def observe(pos: nardy.Position, me: nardy.Player) -> np.ndarray:
        x = encoding.observation(pos, perspective=me, rules=rules)
        n = x[counts]
        units = (n >= 1, n >= 2, n >= 3, np.maximum(n - 3.0, 0.0) / 2.0)
        return np.concatenate([*units, x[counts.stop :] * rest_scale]).astype(np.float32)

    return f"observation ({encoding.OBSERVATION_SIZE} values as 228 inputs)", observe


class ValueNet:
    """``V(x) = sigmoid(w2 . tanh(W1 x + b1) + b2)``: the chance that White wins.

    With ``hidden=0`` it is the linear model ``sigmoid(w . x + b)``. The
    parameters live in one list so TD(lambda) can keep one trace per array.
    """

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator) -> None:
        self.hidden = hidden
        if hidden:
            self.params = [
                rng.normal(0.0, 0.1, (hidden, inputs)),  # W1
                np.zeros(hidden),  # b1
                rng.normal(0.0, 0.1, hidden),  # w2
                np.zeros(1),  # b2
            ]
        else:
            self.params = [np.zeros(inputs), np.zeros(1)]

    def values(self, x: np.ndarray) -> np.ndarray:
        """V of each row of ``x`` (a batch of feature vectors)."""
        if self.hidden:
            w1, b1, w2, b2 = self.params
            z = np.tanh(x @ w1.T + b1) @ w2 + b2[0]
        else:
            w, b = self.params
            z = x @ w + b[0]
        out: np.ndarray = 1.0 / (1.0 + np.exp(-z))
        return out

    def value_and_grad(self, x: np.ndarray) -> tuple[float, list[np.ndarray]]:
        """V of one feature vector and its gradient with respect to each parameter array."""
        if self.hidden:
            w1, b1, w2, b2 = self.params
            h = np.tanh(w1 @ x + b1)
            v = 1.0 / (1.0 + np.exp(-(h @ w2 + b2[0])))
            dz = v * (1.0 - v)
            dh = dz * w2 * (1.0 - h * h)
            return float(v), [np.outer(dh, x), dh, dz * h, np.array([dz])]
        w, b = self.params
        v = 1.0 / (1.0 + np.exp(-(x @ w + b[0])))
        dz = v * (1.0 - v)
        return float(v), [dz * x, np.array([dz])]


class TDAgent:
    """Picks the play whose resulting position the network rates best for the mover
    (a nardy agent: ``name`` and ``choose(game)``, so ``play_game`` can use it)."""

    name = "td"

    def __init__(self, net: ValueNet, features: Features) -> None:
        self.net = net
        self.features = features

    def choose(self, game: nardy.Game) -> nardy.Play:
        plays = game.legal_plays()
        if len(plays) == 1:
            return plays[0]
        mover, pos, rules = game.turn, game.position, game.rules
        after = [rules.apply(pos, play) for play in plays]  # fast: the plays come from pos
        values = self.net.values(np.stack([self.features(p, mover) for p in after]))
        for i, p in enumerate(after):  # a play that bears off the last checker wins outright
            if p.off(mover) == nardy.CHECKERS:
                values[i] = 1.0
        return plays[int(np.argmax(values))]


def white_value(
    net: ValueNet, features: Features, pos: nardy.Position, me: nardy.Player
) -> tuple[float, list[np.ndarray]]:
    """The chance that White wins ``pos``, read from ``me``'s side, and its gradient."""
    value, grad = net.value_and_grad(features(pos, me))
    if me == nardy.WHITE:
        return value, grad
    return 1.0 - value, [-g for g in grad]


def train_game(
    net: ValueNet, features: Features, rules: nardy.RuleSet, seed: int, alpha: float, lam: float
) -> None:
    """One game of self-play with TD(lambda) updates after every play."""
    agent = TDAgent(net, features)
    game = nardy.Game(rules, seed=seed)
    value, grad = white_value(net, features, game.position, game.turn.other)
    traces = grad
    while not game.is_over():
        if game.pending.phase == "roll":
            game.roll()
            continue
        mover = game.turn
        game.play(agent.choose(game))
        result = game.result()
        if result is not None:
            target = 0.5 if result.winner is None else float(result.winner == nardy.WHITE)
        else:
            target, grad = white_value(net, features, game.position, mover)
        step = alpha * (target - value)
        for param, trace in zip(net.params, traces, strict=True):
            param += step * trace
        if result is None:
            traces = [lam * trace + g for trace, g in zip(traces, grad, strict=True)]
            value = target


def against_random(
    net: ValueNet, features: Features, rules: nardy.RuleSet, games: int, seed: int
) -> Summary:
    """``games`` seeded games of the agent against RandomAgent, colours alternating
    (the agent is White in the even-numbered games), as nardy.simulate seeds them."""
    records = []
    for index in range(games):
        gseed = game_seed(seed, index)
        td_colour = nardy.WHITE if index % 2 == 0 else nardy.BLACK
        agents: dict[nardy.Player, Agent] = {
            td_colour: TDAgent(net, features),
            td_colour.other: RandomAgent(seed=gseed * 2 + td_colour.other),
        }
        game = nardy.Game(rules, seed=gseed)
        result = play_game(game, agents)
        records.append(
            GameRecord(
                index=index,
                seed=gseed,
                white=agents[nardy.WHITE].name,
                black=agents[nardy.BLACK].name,
                winner=None if result.winner is None else str(result.winner),
                kind=result.kind,
                points=result.points,
                plies=game.plies,
                turns=sum(1 for e in game.history if isinstance(e, RollEvent)),
                ending=result.ending,
                cube=result.cube,
            )
        )
    return Summary.from_records(records, rules=rules, seed=seed)


#: defaults that depend on the family: what learns to beat random quickly with these inputs
DEFAULTS: dict[str, dict[str, int | float]] = {
    "short": {"games": 300, "hidden": 20, "alpha": 0.3},
    "long": {"games": 600, "hidden": 0, "alpha": 0.1},
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", default="short", help="ruleset name or alias (default: short)")
    parser.add_argument("--games", type=int, help="self-play training games (default: 300 short, 600 long)")
    parser.add_argument("--hidden", type=int, help="hidden tanh units, 0: linear (default: 20 short, 0 long)")
    parser.add_argument("--alpha", type=float, help="learning rate (default: 0.3 short, 0.1 long)")
    parser.add_argument("--lam", type=float, default=0.7, help="TD(lambda)'s lambda (default: 0.7)")
    parser.add_argument("--eval-every", type=int, default=50, help="training games between checkpoints")
    parser.add_argument("--curve-games", type=int, default=50, help="games against random per checkpoint")
    parser.add_argument("--eval-games", type=int, default=200, help="games of the final match against random")
    parser.add_argument("--seed", type=int, default=1, help="seed of the weights and all dice (default: 1)")
    args = parser.parse_args(argv)
    rules = nardy.ruleset(args.rules)
    for name, value in DEFAULTS[rules.family].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.games < 0 or args.hidden < 0 or args.eval_every < 1 or args.curve_games < 1 or args.eval_games < 1:
        parser.error("--games must be >= 0 and the evaluation sizes >= 1")

    label, features = make_features(rules)
    inputs = len(features(rules.initial_position(), nardy.WHITE))
    net = ValueNet(inputs, args.hidden, np.random.default_rng(args.seed))
    model = f"{args.hidden} tanh hidden units" if args.hidden else "linear"
    print(f"{rules.title}: TD({args.lam}) self-play, {label}, {model}, alpha {args.alpha}")
    # Training, checkpoint and final games use disjoint seed ranges.
    train_seed, curve_seed, final_seed = args.seed * 10 + 1, args.seed * 10 + 2, args.seed * 10 + 3

    started = time.perf_counter()
    print(f"\nlearning curve: win rate against random over {args.curve_games} seeded games")
    print(f"{'games':>7}{'win rate':>10}{'95% CI':>18}{'seconds':>10}")

    def checkpoint(done: int) -> None:
        summary = against_random(net, features, rules, args.curve_games, curve_seed)
        rate = summary.agent_win_rate["td"]
        ci = f"[{rate.low:.0%}, {rate.high:.0%}]"
        print(f"{done:>7}{rate.value:>10.1%}{ci:>18}{time.perf_counter() - started:>10.1f}", flush=True)

    checkpoint(0)
    for index in range(args.games):
        train_game(net, features, rules, game_seed(train_seed, index), args.alpha, args.lam)
        if (index + 1) % args.eval_every == 0 or index + 1 == args.games:
            checkpoint(index + 1)
    trained = time.perf_counter() - started

    final = against_random(net, features, rules, args.eval_games, final_seed)
    rate = final.agent_win_rate["td"]  # td plays every game: its wins over all games, Wilson interval
    print("\nfinal match: the trained agent (td) against RandomAgent, colours alternating\n")
    print(final)
    print(f"\ntd's win rate against random: {rate.format(percent=True)} over {final.games} games")
    final = time.perf_counter() - started - trained
    print(f"time: {trained:.1f} s training and checkpoints, {final:.1f} s final match")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
