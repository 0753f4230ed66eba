"""What a game offers for the play to make: its afterstates, the steps that may
come next, one step read from text, and the positions before each event."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import BAR, OFF, WHITE, Game, Step
from nardy.rules import RULESET_NAMES


def random_point(rng: random.Random, rules_name: str, plies: int) -> Game:
    """A game of ``rules_name`` some plies in, with values to play."""
    game = Game(nardy.ruleset(rules_name), seed=rng.randrange(10**6))
    while not game.is_over() and game.plies < plies:
        if game.dice is None:
            game.roll()
        else:
            legal = game.legal_plays()
            game.play(legal[rng.randrange(len(legal))])
    while not game.is_over() and game.dice is None:
        game.roll()
    return game


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(RULESET_NAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 40))
def test_afterstates_and_next_steps_are_the_rules_answers_for_the_pending_play(
    name: str, seed: int, plies: int
) -> None:
    game = random_point(random.Random(seed), name, plies)
    if game.is_over():
        return
    pending = game.pending
    assert pending.dice is not None
    after = game.afterstates()
    from_rules = game.rules.afterstates(game.position, pending.dice, pending.context)
    assert list(after) == list(from_rules)
    assert after.plays() == game.legal_plays()
    assert game.afterstates() is after  # kept until the game changes
    assert game.next_steps() == game.rules.next_steps(game.position, pending.dice, (), pending.context)
    # playing an afterstate's play: the game's own position after it (the turn as the flow says)
    i = random.Random(seed).randrange(len(after))
    expected = game.position_after(after.play(i))
    assert expected.white == after[i].white and expected.black == after[i].black
    game.play(after.play(i))
    assert game.position == expected
    if game.pending.phase == "play":
        assert game.afterstates() is not after


def test_afterstates_and_next_steps_need_values_to_play() -> None:
    game = Game(nardy.ruleset("short"), first=WHITE)
    with pytest.raises(nardy.GameStateError, match="white must roll first"):
        game.afterstates()
    with pytest.raises(nardy.GameStateError, match="white must roll first"):
        game.next_steps()
    game.roll((6, 5))
    with pytest.raises(nardy.IllegalPlayError, match="6/off"):
        game.next_steps([Step.from_string("6/off")])  # not all checkers are home


def test_a_step_by_step_play_through_the_game() -> None:
    game = Game(nardy.ruleset("short"), first=WHITE)
    game.roll((6, 5))
    steps: list[Step] = []
    for text in ("24/18", "18/13"):
        step = Step.from_string(text)
        assert step in game.next_steps(steps)
        steps.append(step)
    assert game.next_steps(steps) == ()  # a whole play
    assert str(game.play(nardy.Play(tuple(steps), (6, 5)))) == "24/13"


# --------------------------------------------------------------------------- Step.from_string


@given(
    source=st.integers(1, 25),
    die=st.integers(1, 6),
    hit=st.booleans(),
)
def test_step_text_round_trips(source: int, die: int, hit: bool) -> None:
    target = source - die
    if target < 0 or (target == OFF and hit):
        return
    step = Step(source, target, die, hit)
    assert Step.from_string(str(step)) == step
    assert str(Step.from_string(str(step))) == str(step)


@pytest.mark.parametrize(
    "text, step",
    [
        ("24/18", Step(24, 18, 6)),
        ("bar/22*", Step(BAR, 22, 3, True)),
        ("Bar/22", Step(BAR, 22, 3)),
        ("25/22", Step(BAR, 22, 3)),
        ("5/off", Step(5, OFF, 5)),
        ("5/Off", Step(5, OFF, 5)),
        ("5/0", Step(5, OFF, 5)),
        ("13-9*", Step(13, 9, 4, True)),
        (" 8/2 ", Step(8, 2, 6)),
    ],
)
def test_step_text_as_people_type_it(text: str, step: Step) -> None:
    assert Step.from_string(text) == step


@pytest.mark.parametrize(
    "text, message",
    [
        ("24/13", "not one step: a step moves one checker 1 to 6 points (24/13 is 11)"),
        ("18/24", "(18/24 is -6)"),
        ("6/6", "(6/6 is 0)"),
        ("24/18/13", "cannot read the step"),
        ("24", "cannot read the step"),
        ("off/5", "cannot read the step"),
        ("5/bar", "cannot read the step"),
        ("26/22", "cannot read the step"),
        ("x/y", "cannot read the step"),
        ("", "cannot read the step"),
        ("3/off*", "a checker borne off hits nothing"),
        ("١٣/٩", "cannot read the step"),  # other scripts' digits
    ],
)
def test_text_that_is_not_a_step(text: str, message: str) -> None:
    with pytest.raises(nardy.NotationError) as info:
        Step.from_string(text)
    assert message in str(info.value)


def test_a_bear_off_with_a_larger_die_is_built_by_hand() -> None:
    """``3/off`` reads as the exact die; the rules name the step a larger die makes."""
    pos = nardy.Position.from_string("short 3:1 24:15 w 11")
    rules = nardy.ruleset("short")
    assert rules.next_steps(pos, (5, 4)) == (Step(3, OFF, 5),)
    assert Step.from_string("3/off") == Step(3, OFF, 3) != Step(3, OFF, 5)


# --------------------------------------------------------------------------- plays built by hand


RUN = (Step(24, 18, 6), Step(18, 13, 5))


@pytest.mark.parametrize("rolled", [(6, 5), (5, 6)])
@pytest.mark.parametrize("made", [(6, 5), (5, 6), [5, 6]])
def test_a_play_built_by_hand_takes_its_dice_in_any_order(rolled: tuple[int, int], made: object) -> None:
    """A roll has no order: a play made with 5-6 is the play of a 6-5 and of a 5-6."""
    game = Game(nardy.ruleset("short"), first=WHITE)
    game.roll(rolled)
    legal = game.parse_play("24/13")
    by_hand = nardy.Play(RUN, made)  # type: ignore[arg-type]
    assert game.position_after(by_hand) == game.position_after(legal)
    assert game.play(by_hand) == legal and legal.dice == (6, 5)


@pytest.mark.parametrize("made", [(3, 3), (3, 3, 3, 3)])
def test_a_double_is_its_two_dice_or_its_four_values(made: tuple[int, ...]) -> None:
    game = Game(nardy.ruleset("short"), first=WHITE)
    game.roll((3, 3))
    steps = (Step(24, 21, 3), Step(24, 21, 3), Step(13, 10, 3), Step(13, 10, 3))
    assert game.play(nardy.Play(steps, made)) == game.history[-1].play  # type: ignore[union-attr]
    assert game.history[-1].play.dice == (3, 3, 3, 3)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("made", "shown"),
    [((6, 4), "6-4"), ((6, 5, 5), "6-5-5"), ((6, 6), "6-6"), ((True, 5), "(True, 5)"), ((6.0, 5), "(6.0, 5)")],
)
def test_a_play_of_other_dice_is_refused_naming_both(made: tuple[object, ...], shown: str) -> None:
    game = Game(nardy.ruleset("short"), first=WHITE)
    game.roll((5, 6))
    message = f"^24/13: made with {re.escape(shown)}, but the dice to play are 6-5$"
    with pytest.raises(nardy.IllegalPlayError, match=message):
        game.play(nardy.Play(RUN, made))  # type: ignore[arg-type]


def test_owed_values_are_no_roll_of_two_dice() -> None:
    """Two owed 6s are two values, not the roll 6-6 with its four."""
    game = Game(nardy.ruleset("gulbar"), first=WHITE)
    game.roll((6, 6))
    game.play("24/18(2)")  # Black owes two 6s
    assert game.dice == (6, 6)
    with pytest.raises(nardy.IllegalPlayError, match="made with 6-6-6-6, but the dice to play are 6-6$"):
        game.play(nardy.Play((Step(24, 18, 6),), (6, 6, 6, 6)))
    assert str(game.play(nardy.Play((Step(24, 18, 6),), (6, 6)))) == "24/18"
