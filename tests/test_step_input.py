"""Step-by-step input agrees with legal_plays (RULES.md 1.5).

A partial step list is acceptable iff it is a prefix of some legal order of some
legal play. So for every ruleset, at positions of random games:

* every legal play can be typed step by step in each of its legal orders, and
  nothing else can: the orders reachable through ``next_steps`` end exactly in
  the legal plays, and (for the rulesets an independent walker covers) they are
  exactly the orders of the legal plays' steps that the rules allow;
* the answers do not depend on whether ``legal_plays`` was asked first (the
  search for step input notes its first steps; the other answers by probing).
"""

from __future__ import annotations

import random

import pytest

import nardy
from conftest import block_ok, step_on_view, view
from nardy import Game, Step


def _orders(rules: nardy.RuleSet, pos: nardy.Position, dice: tuple[int, ...],
            context: nardy.PlayContext, prefix: tuple[Step, ...] = ()) -> set[tuple[Step, ...]]:
    """Every complete step sequence that next_steps lets one type."""
    nxt = rules.next_steps(pos, dice, prefix, context)
    if not nxt:
        return {prefix}
    out: set[tuple[Step, ...]] = set()
    for step in nxt:
        out |= _orders(rules, pos, dice, context, (*prefix, step))
    return out


def _moves(order: tuple[Step, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((st.source, st.die) for st in order)


def _independent_orders(
    name: str, pos: nardy.Position, values: tuple[int, ...], results: set[tuple[int, ...]], best: int
) -> set[tuple[tuple[int, int], ...]]:
    """Every order of single-die steps that reaches one of ``results`` (the legal
    plays' boards, RULES.md 1.5) in ``best`` steps, each step allowed by RULES.md
    2.1 and 3 (and, for Nardgammon, by the block rule after every step) on an own
    board. The larger-die rule (2.4) keeps only the larger value when one step is
    played and it can be."""
    family = pos.family
    out: set[tuple[tuple[int, int], ...]] = set()

    def walk(v: tuple[int, ...], rest: tuple[int, ...], seq: tuple[tuple[int, int], ...]) -> None:
        if len(seq) == best:
            if v in results:
                out.add(seq)
            return
        for die in set(rest):
            left = list(rest)
            left.remove(die)
            for src in range(1, 26):
                stepped = step_on_view(family, v, src, die)
                if isinstance(stepped, str):
                    continue
                if name == "nardgammon" and not block_ok(stepped[0]):
                    continue
                walk(stepped[0], tuple(left), (*seq, (src, die)))

    walk(view(pos, pos.turn), values, ())
    if best == 1 and len(values) == 2 and values[0] != values[1]:
        big = {o for o in out if o[0][1] == max(values)}
        out = big or out
    return out


def _positions(name: str, count: int) -> list[Game]:
    """Games of ``name`` stopped with dice to play, from seeded random play."""
    rng = random.Random(name)
    games = []
    game = Game(nardy.ruleset(name), seed=rng.randrange(10**6))
    while len(games) < count:
        if game.is_over():
            game = Game(nardy.ruleset(name), seed=rng.randrange(10**6))
            continue
        if game.dice is None:
            game.roll()
            continue
        if rng.random() < 0.3:
            games.append(game.clone())
        game.play(rng.choice(game.legal_plays()))
    return games


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_step_input_types_exactly_the_legal_plays_in_their_legal_orders(name: str) -> None:
    for game in _positions(name, 20):
        pos, dice, context = game.position, game.dice, game.pending.context
        assert dice is not None
        fresh = nardy.ruleset(name, **dict(game.rules.options))  # step input first
        asked = nardy.ruleset(name, **dict(game.rules.options))  # legal_plays first
        legal = asked.legal_plays(pos, dice, context)
        orders = _orders(fresh, pos, dice, context)
        assert orders == _orders(asked, pos, dice, context)
        reached = {fresh.play_from_steps(pos, dice, order, context) for order in orders}
        assert reached == set(legal)
        if name in ("short", "long", "nardgammon") and context.kind == "roll":
            results = {view(asked.apply(pos, play, turn=pos.turn), pos.turn) for play in legal}
            best = len(legal[0].steps)
            values = asked.expand_dice(dice, context)
            assert {_moves(o) for o in orders} == _independent_orders(name, pos, values, results, best)


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_a_step_that_leads_nowhere_is_never_offered(name: str) -> None:
    for game in _positions(name, 10):
        pos, dice, context = game.position, game.dice, game.pending.context
        assert dice is not None
        rules = game.rules
        values = rules.expand_dice(dice, context)
        offered = set(rules.next_steps(pos, dice, (), context))
        # every step a checker could physically take with one of the values
        for die in set(values):
            for src in range(1, 26):
                step = Step(src, max(src - die, 0), die)
                try:
                    rules.next_steps(pos, dice, (step,), context)
                except nardy.IllegalPlayError:
                    assert all((o.source, o.die) != (src, die) for o in offered)
                else:
                    assert any((o.source, o.die) == (src, die) for o in offered)
