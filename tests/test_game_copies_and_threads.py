"""A game's copies are independent, and a game used from two threads at once
refuses the second caller instead of corrupting itself."""

from __future__ import annotations

import copy
import pickle
import random
import threading
import traceback
from collections.abc import Sequence

import pytest

import nardy
from nardy import BLACK, WHITE, Game, records
from nardy.game import GameInUseError

SHORT = nardy.ruleset("short", cube=True)


def played(seed: int, plies: int = 6, rules: nardy.RuleSet = SHORT) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while game.plies < plies and not game.is_over():
        if game.dice is None:
            game.roll()
        else:
            legal = game.legal_plays()
            game.play(legal[rng.randrange(len(legal))])
    return game


def play_on(game: Game, turns: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(turns):
        if game.is_over():
            return
        if game.dice is None:
            game.roll()
        else:
            legal = game.legal_plays()
            game.play(legal[rng.randrange(len(legal))])


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.position, game.pending, game.history, game.plies, game.to_string())


# --------------------------------------------------------------------------- copies


@pytest.mark.parametrize(
    "make_copy",
    [copy.copy, copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g)), Game.clone],
    ids=["copy.copy", "copy.deepcopy", "pickle", "clone"],
)
@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "secure dice"])
def test_a_copy_is_independent_of_the_original(make_copy: object, seeded: bool) -> None:
    game = played(3) if seeded else Game(SHORT)
    before = snapshot(game)
    twin = make_copy(game)  # type: ignore[operator]
    assert snapshot(twin) == before
    play_on(twin, 30, seed=1)  # playing the copy ...
    assert snapshot(game) == before  # ... leaves the original as it was
    again = records.from_json(records.to_json(game))  # and its record still loads
    assert isinstance(again, Game) and again.history == game.history and again.position == game.position
    play_on(game, 10, seed=2)  # and the original plays on: the copy is not touched
    assert twin.history[: len(before[2])] == before[2]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make_copy",
    [copy.copy, copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))],
    ids=["copy.copy", "copy.deepcopy", "pickle"],
)
def test_a_copy_of_a_seeded_game_rolls_the_same_dice_as_the_original(make_copy: object) -> None:
    game = played(5)
    twin = make_copy(game)  # type: ignore[operator]
    assert twin.rng is not game.rng
    play_on(game, 20, seed=9)
    play_on(twin, 20, seed=9)
    assert twin.history == game.history


def test_a_copy_of_an_unseeded_game_draws_its_own_secure_dice() -> None:
    game = Game(SHORT)
    for twin in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert isinstance(twin.rng, random.SystemRandom) and twin.rng is not game.rng


class Noted(Game):
    """A game of a subclass that notes something of its own (its rolls)."""

    def roll(self, dice: Sequence[int] | None = None) -> tuple[int, int]:
        self.rolled = [*getattr(self, "rolled", []), super().roll(dice)]
        return self.rolled[-1]


@pytest.mark.parametrize(
    "make_copy",
    [copy.copy, copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g)), Game.clone],
    ids=["copy.copy", "copy.deepcopy", "pickle", "clone"],
)
def test_a_subclass_and_its_own_attributes_are_copied(make_copy: object) -> None:
    """A Game may be subclassed (in both builds): a copy is of the subclass, with the
    attributes the subclass gave the game, and plays on as the original does."""
    game = Noted(SHORT, seed=5)
    game.note = "mine"  # type: ignore[attr-defined]
    play_on(game, 3, seed=5)
    twin = make_copy(game)  # type: ignore[operator]
    assert type(twin) is Noted
    assert twin.note == "mine" and twin.rolled == game.rolled  # type: ignore[attr-defined]
    assert snapshot(twin) == snapshot(game)
    play_on(game, 4, seed=6)
    play_on(twin, 4, seed=6)
    assert snapshot(twin) == snapshot(game) and twin.rolled == game.rolled and len(game.rolled) > 2
    twin.note = "theirs"  # type: ignore[attr-defined]
    assert game.note == "mine"  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- threads


class _HeldDice(random.Random):
    """Dice that wait, inside the game's roll, until the test lets them go."""

    def __init__(self) -> None:
        super().__init__(0)
        self.inside = threading.Event()
        self.release = threading.Event()

    def randint(self, a: int, b: int) -> int:
        self.inside.set()
        assert self.release.wait(timeout=60)
        return super().randint(a, b)


def _holding(game: Game) -> tuple[threading.Thread, _HeldDice, list[BaseException]]:
    """Another thread inside ``game.roll()`` (held there until released)."""
    dice = _HeldDice()
    game.rng = dice
    errors: list[BaseException] = []

    def roll() -> None:
        try:
            game.roll()
        except BaseException as exc:  # pragma: no cover - reported by the test
            errors.append(exc)

    thread = threading.Thread(target=roll)
    thread.start()
    assert dice.inside.wait(timeout=60)
    return thread, dice, errors


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.roll((6, 5)),
        lambda g: g.double(),
        lambda g: g.resign(),
        lambda g: g.undo(),
        lambda g: g.legal_plays(),
        lambda g: g.can_double(),
        lambda g: g.to_string(),
        lambda g: g.clone(),
        lambda g: copy.copy(g),
        lambda g: copy.deepcopy(g),
        lambda g: pickle.dumps(g),
        lambda g: g.history_with_positions(),
        lambda g: records.to_json(g),
    ],
    ids=["roll", "double", "resign", "undo", "legal_plays", "can_double", "to_string", "clone", "copy",
         "deepcopy", "pickle", "history_with_positions", "record"],
)
def test_a_second_thread_is_refused_while_one_is_inside(call: object) -> None:
    game = played(4, plies=2)
    before = snapshot(game)
    thread, dice, errors = _holding(game)
    try:
        with pytest.raises(GameInUseError, match="in use by another thread"):
            call(game)  # type: ignore[operator]
    finally:
        dice.release.set()
        thread.join(timeout=60)
    assert not errors
    # the first thread's roll went through, and nothing else happened
    assert len(game.history) == len(before[2]) + 1  # type: ignore[arg-type]
    assert game.history[:-1] == before[2]
    again = records.from_json(records.to_json(game))
    assert isinstance(again, Game) and again.pending == game.pending and again.position == game.position


def test_the_refusal_is_a_game_state_error_and_the_game_is_free_again_after() -> None:
    game = played(4, plies=2)
    thread, dice, _ = _holding(game)
    try:
        with pytest.raises(nardy.GameStateError):
            game.play("24/18")
    finally:
        dice.release.set()
        thread.join(timeout=60)
    game.play(game.legal_plays()[0])  # the guard is released: the game plays on
    assert issubclass(GameInUseError, nardy.GameStateError)


def test_one_thread_may_call_in_from_inside_a_method() -> None:
    """The guard is the thread's: a method may call further methods (and the dice
    generator may look at the game) without refusing itself."""
    game = Game(SHORT, first=WHITE)

    class Peeking(random.Random):
        def randint(self, a: int, b: int) -> int:
            assert game.pending.phase == "roll" and game.to_string()  # the same thread, inside roll()
            return super().randint(a, b)

    game.rng = Peeking(1)
    game.roll()
    assert game.dice is not None


def test_games_of_their_own_play_in_threads_without_refusals() -> None:
    """Each thread with its own game (clones of one): no refusals, the same games
    as played one after the other."""
    start = played(8, plies=1)
    clones = [start.clone() for _ in range(4)]
    done: list[BaseException] = []

    def run(game: Game, seed: int) -> None:
        try:
            play_on(game, 200, seed)
        except BaseException as exc:  # pragma: no cover - reported below
            done.append(exc)

    threads = [threading.Thread(target=run, args=(game, i)) for i, game in enumerate(clones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not done
    for i, game in enumerate(clones):
        alone = start.clone()
        play_on(alone, 200, i)
        assert game.history == alone.history


def test_positions_in_history_are_the_ones_before_each_event() -> None:
    game = played(11, plies=8)
    pairs = game.history_with_positions()
    assert [event for _, event in pairs] == list(game.history)
    replay = Game(SHORT, opening=(game.opening.white, game.opening.black)) if game.opening else None
    assert replay is not None
    for position, event in pairs:
        assert position == replay.position
        if isinstance(event, nardy.game.RollEvent):
            replay.roll(event.dice)
        elif isinstance(event, nardy.game.PlayEvent):
            assert event.play.origin == position  # the play was generated from it
            replay.play(event.play)
        else:  # pragma: no cover - no cube actions in these games
            raise AssertionError(event)
    assert replay.position == game.position and BLACK in (game.turn, game.turn.other)


@pytest.mark.parametrize("seed", range(4))
def test_the_history_is_the_same_however_and_whenever_it_is_read(seed: int) -> None:
    """Events are noted as the game goes and made when the history is read: reading it
    at any point, undoing, copying or pickling gives the events a game that read its
    history after every action gives."""
    rng = random.Random(seed)
    rules = nardy.ruleset("short", cube=True)
    watched, lazy = Game(rules, seed=seed), Game(rules, seed=seed)
    seen: list[tuple[nardy.game.Event, ...]] = [()]  # the watched game's history after each action
    for _ in range(60):
        if watched.is_over():
            break
        action = rng.random()
        for game in (watched, lazy):
            if action < 0.15 and game.history:
                assert game.undo() == seen[-1][-1]  # the last event before the undo
            elif game.can_double() and action < 0.25:
                game.double()
            elif game.pending.phase == "cube":
                game.take()
            elif game.dice is None:
                game.roll()
            else:
                game.play(game.legal_plays()[int(action * 1000) % len(game.legal_plays())])
        seen.append(watched.history)
        if action > 0.9:  # the lazy game read now and then, copied and pickled
            assert lazy.history == watched.history
            assert lazy.clone().history == watched.history
            assert pickle.loads(pickle.dumps(lazy)).history == watched.history
    assert lazy.history == watched.history and lazy.plies == watched.plies
    assert [event for _, event in lazy.history_with_positions()] == list(lazy.history)
    # an event read before an undo is the one the undo returns
    if lazy.history:
        last = lazy.history[-1]
        assert lazy.undo() is last


def test_an_error_inside_a_call_from_inside_the_game_is_reported_as_it_is() -> None:
    """A ruleset may call the game back (the thread inside may call further methods):
    an error there reaches the caller alone, with the frame of the call it came from."""

    class Peek(nardy.rules.Short):
        def legal_plays(
            self, pos: nardy.Position, dice: Sequence[int], context: nardy.PlayContext = nardy.flow.ROLL_CONTEXT
        ) -> tuple[nardy.Play, ...]:
            assert game.history  # a call from inside the game, allowed
            game.roll((3, 1))  # refused: the dice are still to play
            raise AssertionError("unreachable")  # pragma: no cover

    game = Game(Peek(), first=WHITE)
    game.roll((3, 1))
    with pytest.raises(nardy.GameStateError, match="must play 3-1 first") as raised:
        game.legal_plays()
    assert raised.value.__context__ is None and raised.value.__cause__ is None
    assert ", in roll\n" in "".join(traceback.format_tb(raised.value.__traceback__))
    written: list[str] = []  # and the game is free again, for another thread too
    other = threading.Thread(target=lambda: written.append(game.to_string()))
    other.start()
    other.join(timeout=60)
    assert written and written[0] == game.to_string()
