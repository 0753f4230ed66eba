"""Game state strings: the position string plus what must happen next."""

from __future__ import annotations

import random

import pytest

import nardy
from nardy.formats import from_game_string, to_game_string


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_round_trip_through_random_games(name: str) -> None:
    rules = nardy.ruleset(name)
    rng = random.Random(name)
    game = nardy.Game(rules, seed=7)
    kinds = set()
    for _ in range(400):
        if game.is_over():
            game = nardy.Game(rules, seed=rng.randrange(10**6))
        text = to_game_string(game)
        again = from_game_string(text)
        assert again.position == game.position
        assert again.turn == game.turn
        assert again.dice == game.dice
        assert again.pending.context.kind == game.pending.context.kind
        assert again.pending.owed == game.pending.owed
        assert to_game_string(again) == text
        assert game.to_string() == text and nardy.Game.from_string(text).to_string() == text
        if game.dice is not None:
            kinds.add(game.pending.context.kind)
            assert again.legal_plays() == game.legal_plays()
            game.play(rng.choice(game.legal_plays()))
        else:
            game.roll()
    assert "roll" in kinds


def test_owed_values_and_queue() -> None:
    game = nardy.Game.from_string("crazy_gulbar 24:15 24:13,18:2 w 11 owed:5-5+6-6-6-6")
    assert game.dice == (5, 5) and game.pending.owed == ((6, 6, 6, 6),)
    game.play(game.legal_plays()[0])
    assert game.pending.context.kind == "owed" and game.dice == (6, 6, 6, 6)


@pytest.mark.parametrize(
    "text",
    [
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00",  # no sixth field
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00 fly",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00 roll:6-5-4",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00 owed:7-7",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00 over",
        "chess 24:2 24:2 w 00 roll",
    ],
)
def test_malformed_game_strings(text: str) -> None:
    with pytest.raises(nardy.NardyError):
        from_game_string(text)
    with pytest.raises(nardy.NardyError):
        nardy.Game.from_string(text)


def test_a_pending_double_round_trips() -> None:
    game = nardy.Game(nardy.ruleset("short", cube=True), first=nardy.WHITE)
    game.double()
    text = game.to_string()
    assert text.endswith("double:2")
    again = nardy.Game.from_string(text, rules=game.rules)
    assert again.pending == game.pending and again.turn == nardy.BLACK
    again.take()
    assert again.cube == 2 and again.cube_owner == nardy.BLACK and again.to_string().endswith("cube=2 owner=b")


def test_game_from_string_takes_seed_and_rules() -> None:
    text = "long 24:15 24:15 w 00 roll"
    a = nardy.Game.from_string(text, seed=11)
    b = from_game_string(text, seed=11)
    assert a.roll() == b.roll()
    strict = nardy.Game.from_string(text, rules=nardy.ruleset("long", block_check="step"))
    assert strict.rules == nardy.ruleset("long", block_check="step")
    with pytest.raises(nardy.NardyError):
        nardy.Game.from_string(text, rules=nardy.ruleset("short"))
