"""The chance and search API: rolls and their chances, legal plays over all rolls,
cheap clones, undo, and step-by-step input (next_steps / play_from_steps)."""

from __future__ import annotations

import collections.abc
import copy
import pickle
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import CHANCE_OUTCOMES, ROLLS, Game, Play, Player, Position, Step


def test_rolls_and_chances() -> None:
    assert len(ROLLS) == 21 and len(set(ROLLS)) == 21
    assert all(a >= b for a, b in ROLLS)
    exact = sum(Fraction(1, 36) if a == b else Fraction(1, 18) for a, b in ROLLS)
    assert exact == 1
    assert sum(p for _, p in CHANCE_OUTCOMES) == pytest.approx(1.0)
    for roll, chance in CHANCE_OUTCOMES:
        assert chance == pytest.approx(1 / 36 if roll[0] == roll[1] else 1 / 18)


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_legal_plays_by_roll(name: str) -> None:
    rules = nardy.ruleset(name)
    pos = rules.initial_position()
    by_roll = rules.legal_plays_by_roll(pos)
    assert set(by_roll) == set(ROLLS)
    for roll, plays in by_roll.items():
        assert plays == rules.legal_plays(pos, roll)
        assert plays == rules.legal_plays(pos, roll[::-1])


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 80))
def test_afterstates_are_the_positions_of_the_legal_plays(name: str, seed: int, plies: int) -> None:
    """At a random point of a random game (any play context: a roll, a re-roll,
    owed values, a cascade stage), each afterstate is what applying its play
    gives, a valid position, in the order of legal_plays."""
    rules = nardy.ruleset(name)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    for _ in range(plies):
        if game.is_over():
            break
        if game.pending.phase == "roll":
            game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    if game.is_over():
        return
    if game.pending.phase != "play":
        game.roll()
    pos, dice, context = game.position, game.dice, game.pending.context
    assert dice is not None
    plays = rules.legal_plays(pos, dice, context)
    after = rules.afterstates(pos, dice, context)
    own = context.kind == "roll"
    assert len(after) == len(plays)
    applied = [rules.apply(pos, play, own_roll=own) for play in plays]
    # one at a time (built on demand), then all at once
    assert [after[i] for i in reversed(range(len(after)))] == applied[::-1]
    assert list(after) == applied and after[-1] == applied[-1] and after[1:] == tuple(applied[1:])
    assert after.plays() == plays
    assert [after.play(i) for i in range(len(after))] == list(plays)
    for i, position in enumerate(after):
        position.validate()
        assert position.turn == pos.turn.other and after.index(position) <= i and position in after
        for player in (nardy.WHITE, nardy.BLACK):
            assert sum(position.points(player)) + position.bar(player) + position.off(player) == 15
    if name != "crazy_gulbar":
        assert len(set(after)) == len(after)  # one position per play
    kept = rules.afterstates(pos, dice, context, turn=pos.turn)
    assert all(p.turn == pos.turn for p in kept) and [p.white for p in kept] == [p.white for p in after]
    # pickled and copied (the same in both builds), with plays that still apply
    for copied in (pickle.loads(pickle.dumps(after)), copy.copy(after), copy.deepcopy(after)):
        assert (copied.origin, copied.dice, list(copied), copied.plays()) == (pos, after.dice, applied, plays)
        assert [rules.apply(pos, play, own_roll=own) for play in copied.plays()] == applied


#: the opening position after White's 24/13 (6-5) and after Black's reply 13/11 13/9
#: (4-2), as position strings written by hand
AFTER_OPENING = {
    "short": (
        "short 24:1,13:6,8:3,6:5 24:2,13:5,8:3,6:5 b 10",
        "short 24:1,13:6,8:3,6:5 24:2,13:3,11:1,9:1,8:3,6:5 w 11",
    ),
    "long": ("long 24:14,13:1 24:15 b 10", "long 24:14,13:1 24:14,18:1 w 11"),
}


@pytest.mark.parametrize("name", ["short", "long"])
def test_results_of_a_search_hold_their_fields_in_order(name: str) -> None:
    """The kernel builds the plays and positions it returns from their fields
    (positions from the tuples of their fields, without ``__new__``): each holds
    its class's fields, in the order of the class's constructor, for either side
    to move, one at a time and all at once. A play is a tuple of its fields in
    the pure-Python build and a native class in the compiled one."""
    rules = nardy.ruleset(name)
    pos = rules.initial_position()
    for (dice, text), expected in zip((((6, 5), "24/13"), ((4, 2), "13/11 13/9" if name == "short" else "24/18")),
                                      AFTER_OPENING[name], strict=True):
        plays = rules.legal_plays(pos, dice)
        for play in plays:
            fields = tuple(getattr(play, name) for name in Play.__match_args__)
            assert isinstance(play, tuple) is not nardy.COMPILED
            held = tuple(tuple.__iter__(play)) if isinstance(play, tuple) else play.__reduce__()[1]
            assert held == fields
            assert (play.dice, play.origin, play.ordered) == (rules.expand_dice(dice), pos, False)
            assert type(play.key) is int and play.steps and all(type(step) is Step for step in play.steps)
        after = rules.afterstates(pos, dice)
        index = plays.index(rules.parse_play(pos, text, dice))
        assert after[index] == Position.from_string(expected)  # built alone
        assert list(after)[index] == Position.from_string(expected)  # built together
        assert all(tuple.__len__(p) == len(Position.__match_args__) for p in after)
        assert list(after) == [rules.apply(pos, play) for play in plays]
        pos = after[index]


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_afterstates_by_roll(name: str) -> None:
    rules = nardy.ruleset(name)
    pos = rules.initial_position()
    children = rules.afterstates_by_roll(pos)
    assert list(children) == list(ROLLS)
    for roll, after in children.items():
        assert after.plays() == rules.legal_plays(pos, roll)
        assert after.origin is pos and sorted(after.dice) == sorted(rules.expand_dice(roll))


def test_afterstates_refuse_bad_input_like_legal_plays() -> None:
    rules = nardy.ruleset("short")
    with pytest.raises(nardy.InvalidDiceError):
        rules.afterstates(rules.initial_position(), (7, 1))
    with pytest.raises(nardy.NardyError):
        rules.afterstates("short 24:2 24:2 w 11", (6, 1))  # type: ignore[arg-type]
    with pytest.raises(nardy.InvalidPositionError, match="turn"):
        rules.afterstates(rules.initial_position(), (6, 1), turn="black")  # type: ignore[arg-type]
    after = rules.afterstates(rules.initial_position(), (6, 1))
    with pytest.raises(IndexError):
        after.play(len(after))
    with pytest.raises(IndexError):
        after[len(after)]
    assert repr(after).endswith(f"dice=(6, 1): {len(after)} positions>")


def _snapshot(game: Game) -> tuple[object, ...]:
    return (game.position, game.pending, game.history, game.result(), game.rng.getstate())


def _advance(game: Game, rng: random.Random, plies: int, cube: bool) -> None:
    for _ in range(plies):
        if game.is_over():
            return
        phase = game.pending.phase
        if phase == "cube":
            game.take() if rng.random() < 0.8 else game.drop()
        elif phase == "roll":
            if cube and game.can_double() and rng.random() < 0.1:
                game.double()
            else:
                game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))


@given(
    name=st.sampled_from(nardy.RULESET_NAMES),
    seed=st.integers(0, 10**6),
    before=st.integers(0, 120),
    after=st.integers(1, 60),
)
def test_clone_is_exact_and_independent(name: str, seed: int, before: int, after: int) -> None:
    cube = nardy.ruleset(name).family == "short"
    rules = nardy.ruleset(name, cube=cube)
    game = Game(rules, seed=seed)
    _advance(game, random.Random(seed), before, cube)
    twin = game.clone()
    assert _snapshot(twin) == _snapshot(game)
    frozen = _snapshot(game)
    # playing on in the clone leaves the original alone ...
    _advance(twin, random.Random(seed + 1), after, cube)
    assert _snapshot(game) == frozen
    # ... and the same choices give the same game (the dice RNG was cloned too)
    again = game.clone()
    _advance(again, random.Random(seed + 1), after, cube)
    assert _snapshot(again) == _snapshot(twin)


@given(
    name=st.sampled_from(nardy.RULESET_NAMES),
    seed=st.integers(0, 10**6),
    plies=st.integers(1, 150),
)
def test_undo_restores_every_earlier_state(name: str, seed: int, plies: int) -> None:
    cube = nardy.ruleset(name).family == "short"
    game = Game(nardy.ruleset(name, cube=cube), seed=seed)
    rng = random.Random(seed)
    states = []
    for _ in range(plies):
        if game.is_over():
            break
        states.append((game.position, game.pending, game.history, game.result()))
        _advance(game, rng, 1, cube)
    while states:
        game.undo()
        assert (game.position, game.pending, game.history, game.result()) == states.pop()


def _orders(rules: nardy.RuleSet, game: Game, prefix: list[Step]) -> list[tuple[Step, ...]]:
    assert game.dice is not None
    nxt = rules.next_steps(game.position, game.dice, prefix, game.pending.context)
    if not nxt:
        return [tuple(prefix)]
    out: list[tuple[Step, ...]] = []
    for step in nxt:
        out += _orders(rules, game, [*prefix, step])
    return out


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_step_by_step_input_reaches_exactly_the_legal_plays(name: str) -> None:
    rules = nardy.ruleset(name)
    rng = random.Random(name)
    game = Game(rules, seed=3)
    checked = 0
    while checked < 25:
        if game.is_over():
            game = Game(rules, seed=rng.randrange(10**6))
        if game.dice is None:
            game.roll()
            continue
        legal = game.legal_plays()
        orders = _orders(rules, game, [])
        reached = {
            rules.play_from_steps(game.position, game.dice, list(o), game.pending.context)
            for o in orders
        }
        assert reached == set(legal)
        # every stored order is one of the step-by-step orders
        assert {p.steps for p in legal} <= set(orders)
        checked += 1
        game.play(rng.choice(legal))


def test_next_steps_rejects_an_illegal_prefix() -> None:
    rules = nardy.ruleset("long")
    with pytest.raises(nardy.IllegalPlayError):
        rules.next_steps(rules.initial_position(), (6, 5), [Step(13, 7, 6)])


def test_unseeded_games_copy_and_pickle_with_dice_of_their_own() -> None:
    import copy
    import pickle

    game = Game(nardy.ruleset("short"))  # no seed: the operating system's secure dice
    assert isinstance(game.rng, random.SystemRandom)
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), game.clone()):
        assert twin.position == game.position and twin.pending == game.pending
        assert isinstance(twin.rng, random.SystemRandom)
    seeded = Game(nardy.ruleset("short"), seed=4)
    again = pickle.loads(pickle.dumps(seeded))
    assert [again.rng.random() for _ in range(3)] == [seeded.rng.random() for _ in range(3)]


# --------------------------------------------------------------------------- the values


@pytest.mark.parametrize("name", ["short", "long"])
def test_plays_and_positions_are_values(name: str) -> None:
    """Plays and positions pickle and copy with every field, compare and hash as
    values, equal no plain tuple (a position is a tuple of its fields underneath,
    and so is a play in the pure-Python build) and have no order; a play is an
    immutable sequence of its steps."""
    rules = nardy.ruleset(name)
    pos = rules.initial_position()
    play = max(rules.legal_plays(pos, (4, 2)), key=len)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        for value in (play, pos):
            back = pickle.loads(pickle.dumps(value, protocol))
            assert back == value and hash(back) == hash(value) and type(back) is type(value)
        back_play = pickle.loads(pickle.dumps(play, protocol))
        assert (back_play.origin, back_play.key, back_play.ordered) == (play.origin, play.key, play.ordered)
    assert copy.copy(play) == play and copy.deepcopy(pos) == pos and copy.deepcopy(play).origin == pos
    by_hand = Play(play.steps, play.dice)  # a play built by hand equals the generated one
    assert by_hand == play and hash(by_hand) == hash(play) and not by_hand != play
    fields = tuple(getattr(play, field) for field in Play.__match_args__)
    assert play != fields and fields != play and play != tuple(play) and pos != tuple(pos) and tuple(pos) != pos
    assert Position(**dict(zip(Position.__match_args__, pos, strict=True))) == pos
    for a, b in ((play, play), (pos, pos)):
        with pytest.raises(TypeError):
            a < b  # type: ignore[operator]  # noqa: B015
    # a play is a sequence of its steps
    steps = play.steps
    assert (len(play), list(play), play[0], play[-1:]) == (len(steps), list(steps), steps[0], steps[-1:])
    assert steps[-1] in play and play.index(steps[-1]) == steps.index(steps[-1]) and play.count(steps[0]) >= 1
    assert isinstance(play, collections.abc.Sequence) and list(reversed(play)) == list(reversed(steps))
    match play:
        case [first, *rest]:
            assert (first, *rest) == tuple(steps)
        case _:
            pytest.fail("a play is no sequence to match")
    for bad in (lambda: play + play, lambda: play * 2, lambda: 2 * play):
        with pytest.raises(TypeError):
            bad()
    for field in Play.__match_args__:
        with pytest.raises(AttributeError, match=f"^a Play is immutable: cannot set {field}$"):
            setattr(play, field, getattr(play, field))
        with pytest.raises(AttributeError, match=f"^a Play is immutable: cannot delete {field}$"):
            delattr(play, field)
    assert not hasattr(play, "__dict__")


def test_a_players_opponent_is_fixed() -> None:
    assert (Player.WHITE.other, Player.BLACK.other, ~Player.WHITE) == (Player.BLACK, Player.WHITE, Player.BLACK)
    with pytest.raises(AttributeError):
        Player.WHITE.other = Player.WHITE
    assert pickle.loads(pickle.dumps(Player.BLACK)).other is Player.WHITE
