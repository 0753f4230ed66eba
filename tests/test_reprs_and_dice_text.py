"""What a user reads first: dice in messages, reprs, Match IDs' dice.

* Messages write dice one way, ``6-5`` with the larger first, whatever order
  they were rolled or given in (:func:`nardy.errors.format_dice`); what is not
  dice is shown as :func:`~nardy.errors.shown` shows it, cut to length.
* ``repr(game.pending)`` is a constructor expression that names only what
  differs from the defaults, and evaluates back to the same value.
* ``Afterstates`` counts "1 position", "2 positions".
* A Match ID writes the larger die first, as gnubg does, whatever the order
  given; either order reads.
"""

from __future__ import annotations

import base64
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import Game, Player, records
from nardy.errors import format_dice, shown
from nardy.flow import Pending, PlayContext
from nardy.gnubg import MatchId

# --------------------------------------------------------------------------- dice in messages


@given(st.lists(st.integers(1, 6), min_size=1, max_size=4))
def test_dice_are_written_larger_first_joined_by_hyphens(dice: list[int]) -> None:
    text = format_dice(tuple(dice))
    assert [int(v) for v in text.split("-")] == sorted(dice, reverse=True)
    assert format_dice(dice) == text  # a list reads as the same dice


@pytest.mark.parametrize(
    "value",
    [(), (0, 3), (7, 1), (True, 5), (2.0, 3), "65", None, (1, 2, 3, 4, 5), (10**5000, 1), ["x" * 500]],
)
def test_what_is_not_dice_is_shown_as_given(value: object) -> None:
    assert format_dice(value) == shown(value)
    assert len(format_dice(value)) <= 60


def test_a_game_names_the_dice_to_play_larger_first() -> None:
    game = Game(nardy.ruleset("short"), first=Player.WHITE)
    game.roll((5, 6))
    with pytest.raises(nardy.GameStateError, match="white must play 6-5 first"):
        game.roll()
    other = nardy.ruleset("short").legal_plays(game.position, (3, 1))[0]
    with pytest.raises(nardy.IllegalPlayError, match="made with 3-1, but the dice to play are 6-5"):
        game.play(other)


@pytest.mark.parametrize("dice", [(5, 6), (6, 5)])
def test_notation_names_the_dice_larger_first(dice: tuple[int, int]) -> None:
    rules = nardy.ruleset("short")
    start = rules.initial_position()
    with pytest.raises(nardy.IllegalPlayError, match="the dice 6-5 must be played"):
        rules.parse_play(start, "", dice)
    with pytest.raises(nardy.IllegalPlayError, match="do not fit the dice 6-5"):
        rules.parse_play(start, "24/10", dice)


@pytest.mark.parametrize("other", ["other dice", "a long list", "a long str"])
def test_a_record_with_other_dice_is_refused_with_both_written(other: str) -> None:
    game = Game(nardy.ruleset("short"), seed=3)
    rng = random.Random(3)
    for _ in range(6):
        if game.dice is None:
            game.roll()
        game.play(rng.choice(game.legal_plays()))
    data = json.loads(records.to_json(game))
    play = next(e for e in data["events"] if "play" in e and "steps" in e)
    dice = {
        "other dice": [d % 6 + 1 for d in play["dice"]],
        "a long list": [[7] * 300, 2],
        "a long str": ["9" * 5000, 1],
    }[other]
    game_dice = format_dice(play["dice"])
    play["dice"] = dice
    with pytest.raises(nardy.NardyError) as info:
        records.from_dict(data)
    message = str(info.value)
    assert len(message) <= 400
    # the record's own value as shown (cut to length), the game's as dice are written
    assert f"the record says dice {shown(dice)}, the game has {game_dice}" in message


# --------------------------------------------------------------------------- Pending's repr

NAMES = {"Pending": Pending, "Player": Player, "PlayContext": PlayContext}


def test_pending_repr_names_only_what_differs_from_the_defaults() -> None:
    assert repr(Pending("over")) == "Pending('over')"
    assert repr(Pending("roll", Player.BLACK)) == "Pending('roll', Player.BLACK)"
    assert repr(Pending("cube", Player.WHITE, cube=2)) == "Pending('cube', Player.WHITE, cube=2)"
    assert repr(Pending("roll", context=PlayContext("stage", cascade=True))) == (
        "Pending('roll', context=PlayContext('stage', cascade=True))"
    )
    assert repr(PlayContext()) == "PlayContext()"


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_pending_repr_evaluates_back_all_through_a_game(name: str) -> None:
    rules = nardy.ruleset(name, cube=True)
    game = Game(rules, seed=7)
    rng = random.Random(7)
    seen = set()
    while not game.is_over():
        pending = game.pending
        text = repr(pending)
        assert eval(text, NAMES) == pending
        fresh = Pending("over")  # every other field at its default
        defaults = [name for name in Pending.__match_args__[1:] if getattr(pending, name) == getattr(fresh, name)]
        assert not [name for name in defaults if f"{name}=" in text]  # defaults left out
        seen.add(pending.phase)
        if pending.phase == "cube":
            game.take()
        elif pending.phase == "roll":
            if game.can_double() and rng.random() < 0.05:
                game.double()
            else:
                game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    assert eval(repr(game.pending), NAMES) == game.pending
    assert {"roll", "play"} <= seen


# --------------------------------------------------------------------------- Afterstates


def test_afterstates_count_one_position_in_the_singular() -> None:
    long = nardy.ruleset("long")
    # one checker leaves the head on the first turn (RULES.md 4.3): 6-5 has one play
    one = long.afterstates(long.initial_position(), (6, 5))
    assert len(one) == 1 and repr(one).endswith(": 1 position>")
    short = nardy.ruleset("short")
    many = short.afterstates(short.initial_position(), (6, 5))
    assert len(many) > 1 and repr(many).endswith(f": {len(many)} positions>")


# --------------------------------------------------------------------------- Match IDs


@given(st.integers(1, 6), st.integers(1, 6))
def test_a_match_id_writes_the_larger_die_first(a: int, b: int) -> None:
    forward, backward = MatchId(dice=(a, b)), MatchId(dice=(b, a))
    assert forward == backward and forward.dice == (max(a, b), min(a, b))
    text = forward.to_string()
    assert backward.to_string() == text
    key = int.from_bytes(base64.b64decode(text), "little")
    assert ((key >> 15) & 7, (key >> 18) & 7) == (max(a, b), min(a, b))  # gnubg's die fields


def test_a_match_id_with_the_smaller_die_first_reads() -> None:
    key = int.from_bytes(base64.b64decode(MatchId(dice=(3, 1)).to_string()), "little")
    swapped = key & ~(0b111111 << 15) | 1 << 15 | 3 << 18  # die 1 = 1, die 2 = 3
    text = base64.b64encode(swapped.to_bytes(9, "little")).decode()
    assert MatchId.from_string(text).dice == (3, 1)
