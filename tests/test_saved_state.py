"""Saved state restores exactly: at every point of random games of every ruleset
(with the options that shape the turn flow), a game string and a record load into
a game that goes on exactly as the original does.

At each point the copy must have the same position, the same turn-flow state and
the same legal plays; then both games take the same actions (the same dice, the
same choices, the same cube decisions) for a while and must stay identical.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import Game, records
from nardy.gnubg import from_position_id, to_position_id
from nardy.xgid import from_xgid, to_xgid

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("short", {"cube": True, "beaver": True}),
    ("short", {"last_roll_draw": True}),
    ("caucasian", {}),
    ("long", {"last_roll_draw": True, "cube": True}),
    ("nardgammon", {}),
    ("gulbar", {}),
    ("gulbar", {"head_limit_scope": "turn", "transfer_non_doubles": True}),
    ("khachapuri", {"owed_head_limit": 1}),
    ("fevga", {}),
    ("crazy", {"crazy_head_per_stage": 2}),
    ("crazy_gulbar", {}),
    ("crazy_gulbar", {"cascade_exempt_rolls": 2, "home_moves_after_all_home": True}),
    ("giul", {}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in CONFIGS]

#: actions the copy and the original take together after each save
FOLLOW = 6


def act(game: Game, rng: random.Random) -> None:
    """One action, chosen by ``rng`` alone (so two identical games act alike)."""
    phase = game.pending.phase
    if phase == "cube":
        choice = rng.random()
        if choice < 0.2:
            game.drop()
        elif choice < 0.3 and game.rules.option("beaver") and not game.pending.beavered:
            try:
                game.beaver()
            except nardy.GameStateError:
                game.take()
        else:
            game.take()
    elif phase == "roll":
        if game.can_double() and rng.random() < 0.1:
            game.double()
        else:
            game.roll((rng.randint(1, 6), rng.randint(1, 6)))
    else:
        legal = game.legal_plays()
        game.play(legal[rng.randrange(len(legal))])


def same(a: Game, b: Game) -> None:
    assert a.position == b.position
    assert a.pending == b.pending
    assert a.result() == b.result()
    if a.pending.phase == "play":
        assert a.legal_plays() == b.legal_plays()


def follow(a: Game, b: Game, seed: int) -> None:
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(FOLLOW):
        if a.is_over():
            break
        act(a, ra)
        act(b, rb)
        same(a, b)


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
@settings(max_examples=examples(2), deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6))
def test_every_point_of_a_game_saves_and_restores_exactly(name: str, options: dict[str, Any], seed: int) -> None:
    rules = nardy.ruleset(name, **options)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    for step in range(400):
        if game.is_over():
            break
        # the game string: the position and the whole turn-flow state
        if game.pending.phase != "over":
            text = game.to_string()
            copy = Game.from_string(text, rules=rules)
            same(game, copy)
            assert copy.to_string() == text
            follow(game.clone(), copy, seed + step)
        # the record: the whole game, replayed and checked (at every third point
        # and every point within a turn's later plays: a record replays the game
        # from its start, so every point would cost the square of a game)
        if step % 3 == 0 or game.pending.context.kind != "roll":
            again = records.from_json(records.to_json(game, rng=True))
            assert isinstance(again, Game)
            same(game, again)
            assert again.history == game.history
            follow(game.clone(), again, seed + step)
        # gnubg's Position ID and eXtreme Gammon's XGID: the board and the side on roll
        if rules.family == "short" and game.pending.phase == "roll":
            pos = game.position
            back = from_position_id(to_position_id(pos), pos.turn, rules=rules)
            assert (back.white, back.black, back.white_bar, back.black_bar, back.turn) == (
                pos.white, pos.black, pos.white_bar, pos.black_bar, pos.turn
            )
            info = from_xgid(to_xgid(pos), rules)
            assert info.position.white == pos.white and info.position.black == pos.black
        act(game, rng)
    # a game resumed from a string saves a record that loads in the same state
    if not game.is_over():
        resumed = Game.from_string(game.to_string(), rules=rules)
        act(resumed, rng)
        loaded = records.from_json(records.to_json(resumed))
        assert isinstance(loaded, Game)
        same(resumed, loaded)
