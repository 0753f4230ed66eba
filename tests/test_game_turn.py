"""The cost of a turn, without a change of result: a play generated for the game's
own state is made without a second check, and every other play (built by hand,
from another state, another roll or an earlier turn) is checked as before; the
agents rate the afterstates and choose what rating each play's position chose;
the observation of a play in progress is the board the steps lead to."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import BLACK, WHITE, Game, IllegalPlayError, Play, Player, Position, Step
from nardy.agents import ExpectimaxAgent, GreedyAgent, RandomAgent, evaluate
from nardy.core import CHANCE_OUTCOMES, CHECKERS, to_other_numbering
from nardy.rules import RULESET_NAMES


def random_point(rules: nardy.RuleSet, rng: random.Random, plies: int) -> Game:
    """A game some random plies in, with values to play (unless it is over)."""
    game = Game(rules, seed=rng.randrange(10**6))
    while not game.is_over() and game.plies < plies:
        if game.dice is None:
            game.roll()
        else:
            legal = game.legal_plays()
            game.play(legal[rng.randrange(len(legal))])
    while not game.is_over() and game.dice is None:
        game.roll()
    return game


def by_hand(play: Play) -> Play:
    """The same steps and dice (written in the same way), built by hand: no origin, no key."""
    return Play(play.steps, play.dice, ordered=play.ordered)


def outcome(game: Game, play: object) -> tuple[str, str]:
    """What ``game.play(play)`` does to a copy of ``game``: the error it raises,
    or the play made and the game string after it."""
    twin = game.clone()
    try:
        made = twin.play(play)  # type: ignore[arg-type]
    except nardy.NardyError as exc:
        return type(exc).__name__, str(exc)
    return repr(made), twin.to_string() + repr(twin.history[-1]) + repr(twin.result())


# --------------------------------------------------------------------------- plays


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(RULESET_NAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_a_generated_play_makes_the_game_its_hand_built_copy_makes(name: str, seed: int, plies: int) -> None:
    """Every legal play, as generated (from legal_plays and from afterstates) and
    built by hand, leads to the same game: the same play recorded, the same state."""
    game = random_point(nardy.ruleset(name), random.Random(seed), plies)
    if game.is_over():
        return
    after = game.afterstates()
    for i, play in enumerate(game.legal_plays()):
        made = outcome(game, play)
        assert made == outcome(game, by_hand(play))
        assert made == outcome(game, after.play(i))
        assert game.clone().play(play) is play  # the game's own object, not a copy


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(RULESET_NAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_a_play_of_another_state_is_checked_like_one_built_by_hand(name: str, seed: int, plies: int) -> None:
    """A play generated for the same position object with another roll, and one
    from an earlier turn, are legal now or refused with the very error their
    hand-built copies get."""
    rng = random.Random(seed)
    rules = nardy.ruleset(name)
    game = random_point(rules, rng, plies)
    if game.is_over():
        return
    pending = game.pending
    assert pending.dice is not None
    other_roll = rng.choice([roll for roll, _ in CHANCE_OUTCOMES if roll != tuple(pending.dice)])
    for play in rules.legal_plays(game.position, other_roll)[:5]:
        assert play.origin is game.position and play.key is not None
        assert outcome(game, play) == outcome(game, by_hand(play))
    earlier = game.legal_plays()
    while not game.is_over() and game.plies < plies + 3:
        if game.dice is None:
            game.roll()
        else:
            game.play(game.legal_plays()[0])
        if game.dice is not None:
            for play in earlier[:5]:
                assert outcome(game, play) == outcome(game, by_hand(play))


def test_a_play_of_another_roll_of_this_position_is_refused_as_before() -> None:
    """White must play 3-1; 24/13, a play of 6-5 generated from the game's own
    position object, is refused as the dice say, as the same play built by hand is."""
    game = Game(nardy.ruleset("short"), first=WHITE)
    game.roll((3, 1))
    run = nardy.ruleset("short").parse_play(game.position, "24/13", (6, 5))
    assert run.origin is game.position
    for play in (run, by_hand(run)):
        with pytest.raises(IllegalPlayError, match=r"made with 6-5, but the dice to play are 3-1"):
            game.play(play)
    assert game.plies == 0 and game.dice == (3, 1)


def test_a_play_of_another_roll_with_the_same_steps_is_refused_as_before() -> None:
    """Black has two checkers on the bar and only its 5-point (White's 20) open:
    with 6-5 and with 5-3 the one play is bar/20, the same step to the same board.
    Made with 6-5, it is not the play of the 5-3 Black must play."""
    pos = Position.from_string("short 20:1,16:1,11:1,6:3,3:4,1:5 bar:2,20:1,18:3,7:2,6:3,3:2,1:2 b 11")
    rules = nardy.ruleset("short")
    (with_six,) = rules.legal_plays(pos, (6, 5))
    game = Game(rules, position=pos, pending=nardy.Pending("play", BLACK, (5, 3), rolls=(9, 9)))
    (own,) = game.legal_plays()
    assert [str(s) for s in own.steps] == ["bar/20"] and with_six.steps == own.steps
    assert game.position is pos and with_six.origin is pos and with_six.key == own.key
    for play in (with_six, by_hand(with_six)):
        with pytest.raises(IllegalPlayError, match=r"made with 6-5, but the dice to play are 5-3"):
            game.play(play)
    assert game.play(own) is own


def test_a_play_of_the_turn_undone_is_legal_again() -> None:
    """Undo brings back the very position and values: a play handed out before is
    one of the plays again."""
    game = Game(nardy.ruleset("long"), first=WHITE)
    game.roll((6, 5))
    first = game.legal_plays()[0]
    game.play(first)
    game.undo()
    assert game.play(first) is first
    assert game.plies == 1


def test_a_play_of_the_same_position_in_a_later_turn_is_checked_again() -> None:
    """Gulbar: after a double the player plays again from the position its play led
    to; a play generated there for the first values is no play of the owed ones."""
    game = Game(nardy.ruleset("gulbar"), first=WHITE)
    game.roll((6, 6))
    game.play("24/18(2)")  # two of four steps: two 6s still owed
    owed = game.legal_plays()
    assert game.pending.context.kind == "owed"
    stale = nardy.ruleset("gulbar").legal_plays(game.position, (6, 6))[0]
    assert outcome(game, stale) == outcome(game, by_hand(stale))
    assert outcome(game, owed[0])[0] == repr(owed[0])


# --------------------------------------------------------------------------- agents


def reference_evaluate(pos: Position, player: Player) -> float:
    """The rating :func:`nardy.agents.evaluate` documents, computed the long way."""
    other = player.other
    mine, theirs = pos.points(player), pos.points(other)
    value = float(pos.pips(other) - pos.pips(player)) + 6.0 * (pos.off(player) - pos.off(other))
    if pos.family == "short":
        value += 8.0 * pos.bar(other)
        far = max((to_other_numbering("short", i + 1) for i, n in enumerate(theirs) if n), default=0)
        if pos.bar(other):
            far = 25
        for i, n in enumerate(mine):
            point = i + 1
            if n >= 2:
                value += 3.0 if point <= 6 else 2.0 if point <= 11 else 1.0
            elif n == 1 and point < far:
                value -= 4.0 + (2.0 if point <= 6 else 0.0)
        return value
    run = longest = 0
    for n in mine:
        run = run + 1 if n else 0
        longest = max(longest, run)
    held = sum(1 for n in mine if n)
    at_home = 1 if pos.off(player) < CHECKERS else 0
    return value + 2.0 * held + 3.0 * min(longest, 6) + 0.5 * sum(mine[:12]) - 1.5 * max(mine[23] - 1, 0) * at_home


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(RULESET_NAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_the_greedy_agent_chooses_the_first_play_whose_position_rates_best(name: str, seed: int, plies: int) -> None:
    game = random_point(nardy.ruleset(name), random.Random(seed), plies)
    if game.is_over():
        return
    mover = game.turn
    plays = game.legal_plays()
    ratings = [reference_evaluate(game.position_after(play), mover) for play in plays]
    for play in plays:  # the rating of every position the game can reach
        after = game.position_after(play)
        for player in (WHITE, BLACK):
            assert evaluate(after, player) == reference_evaluate(after, player)
    chosen = GreedyAgent().choose(game)
    assert chosen == plays[ratings.index(max(ratings))]  # its steps and dice


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(RULESET_NAMES),
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 80),
    agent_seed=st.integers(0, 2**32),
)
def test_the_random_agent_chooses_what_its_generator_chooses_among_the_legal_plays(
    name: str, seed: int, plies: int, agent_seed: int
) -> None:
    """``RandomAgent(s)`` picks ``random.Random(s).choice(game.legal_plays())``, drawing
    nothing when there is one play: play after play, so a seed replays the same games."""
    game = random_point(nardy.ruleset(name), random.Random(seed), plies)
    agent, reference = RandomAgent(seed=agent_seed), random.Random(agent_seed)
    for _ in range(8):  # plays of both players
        if game.is_over():
            break
        if game.dice is None:
            game.roll()
            continue
        plays = game.legal_plays()
        expected = plays[0] if len(plays) == 1 else reference.choice(plays)
        chosen = agent.choose(game)
        assert chosen == expected  # its steps and dice
        assert game.position_after(chosen) == game.position_after(expected)
        game.play(chosen)


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(RULESET_NAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_both_ways_to_a_rating_are_the_documented_rating(name: str, seed: int, plies: int) -> None:
    """The rating summed with the interpreter's built-ins (the pure build's way) and in
    loops over the points (the compiled build's) is the documented one, for both
    players, at the position and every position a play reaches from it."""
    from nardy._ratings import rate_by_builtins, rate_by_loops

    game = random_point(nardy.ruleset(name), random.Random(seed), plies)
    reached = [game.position] + ([] if game.is_over() else [game.position_after(p) for p in game.legal_plays()])
    for pos in reached:
        for player in (WHITE, BLACK):
            sides = (pos.points(player), pos.points(player.other), pos.bar(player), pos.bar(player.other))
            want = reference_evaluate(pos, player)
            assert rate_by_builtins(*sides, pos.family == "short") == want
            assert rate_by_loops(*sides, pos.family == "short") == want


@pytest.mark.parametrize("name", ["short", "long", "gulbar"])
def test_the_expectimax_agent_chooses_as_its_search_over_the_game_positions(name: str) -> None:
    """The candidates are the plays whose game positions rate best, each searched
    over the opponent's replies from the game's own position after it."""
    rng = random.Random(name)
    agent = ExpectimaxAgent(candidates=3)
    for _ in range(3):
        game = random_point(nardy.ruleset(name), rng, rng.randrange(30))
        if game.is_over() or len(game.legal_plays()) == 1:
            continue
        mover, plays = game.turn, game.legal_plays()
        after = [game.position_after(play) for play in plays]
        ranked = sorted(range(len(plays)), key=lambda i: reference_evaluate(after[i], mover), reverse=True)
        best, best_value = ranked[0], float("-inf")
        for i in ranked[:3]:
            pos = after[i]
            if pos.off(mover) == CHECKERS:
                best = i
                break
            if pos.turn == mover:
                value = reference_evaluate(pos, mover)
            else:
                value = 0.0
                for roll, chance in CHANCE_OUTCOMES:
                    replies = game.rules.afterstates(pos, roll)
                    worst = max(replies, key=lambda q: reference_evaluate(q, mover.other))
                    value += chance * reference_evaluate(worst, mover)
            if value > best_value:
                best, best_value = i, value
        assert agent.choose(game) is plays[best]


# --------------------------------------------------------------------------- observation


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(RULESET_NAMES), seed=st.integers(0, 10**6), plies=st.integers(0, 60))
def test_the_observation_of_a_play_in_progress_shows_the_board_of_its_steps(name: str, seed: int, plies: int) -> None:
    """At every prefix of a random legal play the observed board is the board rules'
    board after the steps (apply_steps), from either side."""
    np = pytest.importorskip("numpy")
    from nardy import encoding

    rng = random.Random(seed)
    game = random_point(nardy.ruleset(name), rng, plies)
    if game.is_over():
        return
    prefix: list[Step] = []
    while True:
        board = encoding.apply_steps(game.position, prefix)
        for me in (WHITE, BLACK):
            x = encoding.observation(game, prefix=prefix, perspective=me)
            # the board alone, from a position, is what the game's observation shows
            alone = encoding.observation(board, perspective=me)
            layout = encoding.OBSERVATION_LAYOUT
            for field in ("my_points", "opp_points", "my_bar", "opp_bar", "my_off", "opp_off"):
                assert np.array_equal(x[layout[field]], alone[layout[field]]), field
        nxt = game.next_steps(prefix)
        if not nxt:
            break
        prefix.append(rng.choice(nxt))


def test_the_observation_of_steps_the_game_refuses_shows_the_board_rules_board() -> None:
    """Long nardy after the first turn: two checkers off the head break the head
    rule, which the board rules leave out; the observation shows them moved."""
    np = pytest.importorskip("numpy")
    from nardy import encoding

    game = Game.from_string("long 24:14,13:1 24:14,19:1 w 11 roll:5-4")
    two = [Step(24, 19, 5), Step(24, 20, 4)]
    with pytest.raises(IllegalPlayError):
        game.rules.position_after_steps(game.position, (5, 4), two, game.pending.context)
    x = encoding.observation(game, prefix=two)
    mine = x[encoding.OBSERVATION_LAYOUT["my_points"]]
    assert mine[23] == 12 and mine[18] == 1 and mine[19] == 1
    assert np.array_equal(mine, np.array(encoding.apply_steps(game.position, two).points(WHITE), dtype=np.float32))


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_a_seeded_game_rolls_the_dice_of_random_randint(seed: int) -> None:
    """A seed gives the dice ``random.Random(seed).randint(1, 6)`` draws: the opening
    roll (ties drawn again), then two dice a roll, so seeded games replay as they
    always have."""
    draws = random.Random(seed)
    opening = (draws.randint(1, 6), draws.randint(1, 6))
    while opening[0] == opening[1]:
        opening = (draws.randint(1, 6), draws.randint(1, 6))
    game = nardy.Game(nardy.ruleset("long"), seed=seed)  # the long family rolls afresh after the opening
    assert game.opening is not None and (game.opening.white, game.opening.black) == opening
    for _ in range(20):
        assert game.roll() == (draws.randint(1, 6), draws.randint(1, 6))
        game.play(game.legal_plays()[0])


@settings(max_examples=examples(50), deadline=None)
@given(seed=st.integers(0, 2**64), draws=st.integers(1, 400))
def test_the_game_draws_dice_as_randint_draws_them(seed: int, draws: int) -> None:
    """The game's dice from a random.Random are its randint(1, 6) draws, two a roll,
    however many rolls (the draws that randint makes again included)."""
    from nardy.game import _roll_dice

    mine, theirs = random.Random(seed), random.Random(seed)
    for _ in range(draws):
        assert _roll_dice(mine) == (theirs.randint(1, 6), theirs.randint(1, 6))
    assert mine.getstate() == theirs.getstate()


def test_a_generator_of_its_own_rolls_with_its_own_randint() -> None:
    """A game given another generator (here a subclass of random.Random) rolls with
    that generator's own randint."""

    class Threes(random.Random):
        def randint(self, a: int, b: int) -> int:
            return 3

    game = nardy.Game(nardy.ruleset("short"), first=nardy.WHITE)
    game.rng = Threes(1)
    assert game.roll() == (3, 3)
