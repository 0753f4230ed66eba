"""A turn flow of one's own, written outside the package as a user writes it: a
subclass of :class:`~nardy.flow.TurnFlow` that overrides the hook
:meth:`~nardy.flow.TurnFlow.continuation` with the policy's helpers
(:meth:`~nardy.flow.TurnFlow.next_turn`, :meth:`Pending.replace
<nardy.Pending.replace>`), given to a ruleset by :meth:`RuleSet.make_turn_flow
<nardy.RuleSet.make_turn_flow>` and driven by :class:`~nardy.Game`.

``RollAgain``: a double played in full lets the mover roll again (once per
turn with ``once=True``). The test suite runs against the compiled build too,
where the policy is a Python subclass of a compiled class.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, ClassVar

import pytest

import nardy
from nardy import Game, Play, PlayContext, Player, Position
from nardy.flow import Pending, TurnFlow
from nardy.game import PlayEvent, RollEvent
from nardy.rules import Short


class RollAgain(TurnFlow):
    """A double played in full gives the mover another roll (with ``once``, one a turn)."""

    SETTINGS: ClassVar[tuple[str, ...]] = (*TurnFlow.SETTINGS, "once")

    def __init__(self, *, once: bool = False, **settings: Any) -> None:
        super().__init__(**settings)
        self.once = once

    def continuation(self, pending: object, after: Position, play: Play) -> Pending:
        assert isinstance(pending, Pending) and pending.dice is not None and pending.player is not None
        if pending.dice[0] != pending.dice[1] or len(play.steps) < 4:
            return super().continuation(pending, after, play)
        if not self.once:  # the mover's own roll again
            return self.next_turn(pending, pending.player)
        if pending.context.kind == "reroll":  # a turn's second roll gives no third
            return super().continuation(pending, after, play)
        return pending.replace(phase="roll", dice=None, context=PlayContext("reroll"))


class ShortRollAgain(Short):
    name = "short_roll_again"

    def make_turn_flow(self) -> TurnFlow:
        return RollAgain()


class ShortRollAgainOnce(Short):
    name = "short_roll_again_once"

    def make_turn_flow(self) -> TurnFlow:
        return RollAgain(once=True)


def played_out(rules: nardy.RuleSet, seed: int) -> Game:
    game, rng = Game(rules, seed=seed), random.Random(seed)
    while not game.is_over():
        if game.dice is None:
            game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    return game


def who_rolls_after(game: Game) -> list[tuple[PlayEvent, Player | None]]:
    """Each play of the game with the player of the next roll (None when none follows)."""
    out: list[tuple[PlayEvent, Player | None]] = []
    roller = None
    for event in reversed(game.history):
        if isinstance(event, RollEvent):
            roller = event.player
        elif isinstance(event, PlayEvent):
            out.append((event, roller))
    return out[::-1]


def full_double(event: PlayEvent) -> bool:
    dice = event.play.dice
    return len(dice) == 4 and len(event.play.steps) == 4


@pytest.mark.parametrize("seed", range(6))
def test_a_double_played_in_full_gives_another_roll(seed: int) -> None:
    game = played_out(ShortRollAgain(), seed)
    pairs = who_rolls_after(game)
    assert any(full_double(event) for event, _ in pairs)  # the rule came into play
    for event, roller in pairs:
        if roller is not None:
            assert roller == (event.player if full_double(event) else event.player.other)


def test_the_second_roll_of_a_turn_gives_no_third() -> None:
    doubles_after_doubles = 0  # full doubles played with a turn's second roll
    for seed in range(6):
        pairs = who_rolls_after(played_out(ShortRollAgainOnce(), seed))
        again = False  # the play was made with a turn's second roll
        for event, roller in pairs:
            if roller is None:
                continue
            if full_double(event) and not again:
                assert roller == event.player
                again = True
            else:
                doubles_after_doubles += again and full_double(event)
                assert roller == event.player.other
                again = False
    assert doubles_after_doubles > 0  # the rule came into play


def test_the_policy_is_the_rulesets_and_shows_its_settings() -> None:
    rules = ShortRollAgainOnce()
    assert type(rules.turn_flow) is RollAgain
    assert repr(rules.turn_flow) == "RollAgain(opening_reroll=False, last_roll_draw=False, once=True)"


def test_next_turn_refuses_changes_to_the_fields_it_sets() -> None:
    playing = Pending("play", nardy.WHITE, dice=(6, 5))
    assert RollAgain.next_turn(playing, nardy.BLACK, cube=2) == Pending("roll", nardy.BLACK, cube=2)
    for field in ("phase", "dice", "context", "owed"):
        with pytest.raises(TypeError, match=f"sets {field} itself"):
            RollAgain.next_turn(playing, nardy.BLACK, **{field: None})


def test_a_game_of_ones_own_flow_is_cloned_pickled_and_undone() -> None:
    game = played_out(ShortRollAgain(), 3)
    for twin in (game.clone(), pickle.loads(pickle.dumps(game))):
        assert twin.history == game.history and twin.result() == game.result()
    while game.plies > 0:
        game.undo()
    fresh = Game(ShortRollAgain(), seed=3)
    assert (game.position, game.pending) == (fresh.position, fresh.pending)


class CountedRolls(TurnFlow):
    """TurnFlow with a roll_context of its own: it notes what it is asked."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.asked: list[tuple[object, object]] = []

    def roll_context(self, dice: object, own_rolls: object) -> PlayContext:
        self.asked.append((dice, own_rolls))
        return super().roll_context(dice, own_rolls)


class ShortCountedRolls(Short):
    name = "short_counted_rolls"

    def make_turn_flow(self) -> TurnFlow:
        return CountedRolls()


class ShortBadRollContext(Short):
    name = "short_bad_roll_context"

    def make_turn_flow(self) -> TurnFlow:
        class BadRollContext(TurnFlow):
            def roll_context(self, dice: object, own_rolls: object) -> PlayContext:
                return "roll"  # type: ignore[return-value]

        return BadRollContext()


def test_a_roll_context_of_ones_own_is_asked_for_every_own_roll() -> None:
    """A policy that overrides roll_context is asked at each own roll after the
    opening, with the roll and the player's count of own rolls; what it gives is checked."""
    rules = ShortCountedRolls()
    game = played_out(rules, 2)
    flow = rules.turn_flow
    assert isinstance(flow, CountedRolls)
    rolls = [event for event in game.history if isinstance(event, RollEvent)]
    counts = {Player.WHITE: 0, Player.BLACK: 0}
    assert game.opening is not None
    counts[Player.WHITE if game.opening.white > game.opening.black else Player.BLACK] = 1  # the opening roll
    expected = []
    for event in rolls:
        counts[event.player] += 1
        expected.append((event.dice, counts[event.player]))
    assert flow.asked == expected and len(expected) > 10
    bad = Game(ShortBadRollContext(), seed=1)
    if bad.dice is not None:
        bad.play(bad.legal_plays()[0])
    with pytest.raises(nardy.NardyError, match="roll_context"):
        bad.roll()


class Watched(TurnFlow):
    """TurnFlow whose after_roll and after_play note each call and leave the rest to TurnFlow."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.calls: list[str] = []

    def after_roll(self, pending: object, dice: object) -> Pending:
        self.calls.append("after_roll")
        return super().after_roll(pending, dice)

    def after_play(self, pending: object, after: Position, play: Play) -> Pending:
        self.calls.append("after_play")
        return super().after_play(pending, after, play)


class ShortWatched(Short):
    name = "short_watched"

    def make_turn_flow(self) -> TurnFlow:
        return Watched()


def test_a_policy_that_overrides_after_roll_and_after_play_is_asked_by_the_game() -> None:
    """The game calls a policy's own after_roll and after_play for every roll and play
    (it skips their argument checks only when the policy keeps TurnFlow's)."""
    rules = ShortWatched()
    game = played_out(rules, 4)
    flow = rules.turn_flow
    assert isinstance(flow, Watched)
    rolls = sum(isinstance(event, RollEvent) for event in game.history)
    plays = sum(isinstance(event, PlayEvent) for event in game.history)
    assert flow.calls.count("after_roll") == rolls and flow.calls.count("after_play") == plays > 10
    plain = played_out(nardy.ruleset("short"), 4)
    assert plain.history == game.history  # the same game as TurnFlow's own
