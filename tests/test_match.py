"""Matches and money sessions (RULES.md 4.1 "Next game in a series", 4.3 "Next game").

* a match to N points ends when a player reaches N; the score adds each game's points;
* ``next_game_first``: ``"alternate"``, ``"winner"``, ``"opening_roll"``;
* the Crawford rule (short family only): the game after a player first reaches N - 1 is
  played without the cube; later games allow doubling again;
* a money session (length 0) never ends;
* whole matches played by bots, saved and loaded again, replay identically.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import nardy
from nardy import Game, GameStateError, Match, Player, Result, records
from nardy.agents import GreedyAgent, RandomAgent

WHITE, BLACK = Player.WHITE, Player.BLACK


def win(match: Match, winner: Player) -> Result:
    """End the current game: the loser resigns (with max_result="oin": 1 x cube)."""
    result = match.game.resign(winner.other)
    assert result.winner == winner
    return result


def short_rules(**opts: object) -> nardy.RuleSet:
    return nardy.ruleset("short", cube=True, max_result="oin", **opts)


# --------------------------------------------------------------------------- length and score


def test_match_ends_when_a_player_reaches_the_length() -> None:
    match = Match(short_rules(), length=3, seed=1)
    assert match.score == (0, 0) and not match.is_over() and match.winner is None
    win(match, WHITE)
    assert match.score == (1, 0) and not match.is_over()
    assert match.next_game() is match.game and len(match.games) == 2
    win(match, BLACK)
    assert match.score == (1, 1)
    match.next_game()
    win(match, WHITE)
    assert match.score == (2, 1)
    match.next_game()
    win(match, WHITE)
    assert match.score == (3, 1)
    assert match.is_over() and match.winner == WHITE
    assert match.next_game() is None
    assert len(match.games) == 4
    assert [r.winner for r in match.results] == [WHITE, BLACK, WHITE, WHITE]


def test_score_adds_cube_points_and_can_overshoot() -> None:
    rules = nardy.ruleset("short", cube=True)  # resigning from the start is a koks (3)
    match = Match(rules, length=4, seed=2)
    game = match.game
    if game.pending.phase == "play":  # the opening dice are played at once
        game.play(game.legal_plays()[0])
    game.double()
    game.take()
    result = game.resign(game.pending.player)
    assert result.cube == 2 and result.kind in ("mars", "koks")
    assert result.points == 2 * {"mars": 2, "koks": 3}[result.kind]
    assert max(match.score) == result.points > 4 and min(match.score) == 0
    assert match.is_over() and match.winner == result.winner


def test_next_game_needs_a_finished_game() -> None:
    match = Match(short_rules(), length=3, seed=3)
    with pytest.raises(GameStateError):
        match.next_game()


def test_a_drop_scores_the_cube() -> None:
    match = Match(short_rules(), length=5, seed=4)
    game = match.game
    doubler = game.turn
    if game.pending.phase == "play":  # the opening dice are played at once
        game.play(game.legal_plays()[0])
        doubler = game.turn
    game.double()
    game.drop()
    assert match.score == ((1, 0) if doubler == WHITE else (0, 1))


@pytest.mark.parametrize("length", [1, 2, 7])
def test_match_lengths(length: int) -> None:
    match = Match(short_rules(), length=length, seed=length)
    rng = random.Random(length)
    games = 0
    while not match.is_over():
        win(match, rng.choice([WHITE, BLACK]))
        games += 1
        match.next_game()
        assert games < 2 * length
    assert max(match.score) == length
    assert sum(match.score) == games
    assert match.winner == (WHITE if match.score[0] == length else BLACK)


def test_bad_lengths() -> None:
    for bad in (-1, 1.5, "3", None):
        with pytest.raises(nardy.OptionError):
            Match(short_rules(), length=bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- who starts


def test_alternate_starters() -> None:
    match = Match(short_rules(next_game_first="alternate"), length=0, seed=5)
    starters = []
    for i in range(6):
        starters.append(match.game.pending.first_player)
        if i:
            assert match.game.opening is None  # no opening roll after the first game
        win(match, (WHITE, BLACK, BLACK, WHITE, WHITE, WHITE)[i])
        match.next_game()
    assert all(a != b for a, b in pairwise(starters)), starters


def test_winner_starts() -> None:
    match = Match(short_rules(next_game_first="winner"), length=0, seed=6)
    winners = [BLACK, BLACK, WHITE, BLACK, WHITE]
    for w in winners:
        win(match, w)
        match.next_game()
        assert match.game.pending.first_player == w
        assert match.game.turn == w and match.game.opening is None


@pytest.mark.parametrize("name", ["long", "gulbar", "khachapuri", "fevga"])
def test_winner_starts_is_the_long_family_default(name: str) -> None:
    rules = nardy.ruleset(name)
    assert rules.option("next_game_first") == "winner"
    match = Match(rules, length=0, seed=7)
    for w in (BLACK, WHITE, WHITE):
        win(match, w)
        match.next_game()
        assert match.game.pending.first_player == w


def test_opening_roll_decides() -> None:
    rules = short_rules()
    assert rules.option("next_game_first") == "opening_roll"
    match = Match(rules, length=0, seed=8)
    starters = set()
    for i in range(12):
        game = match.game
        assert game.opening is not None, i
        first = WHITE if game.opening.white > game.opening.black else BLACK
        assert game.pending.first_player == first
        starters.add(first)
        win(match, WHITE)  # the winner does not matter
        match.next_game()
    assert starters == {WHITE, BLACK}


# --------------------------------------------------------------------------- Crawford


def test_crawford_game_in_the_short_family() -> None:
    match = Match(short_rules(), length=3, seed=9)
    assert match.crawford
    assert not match.is_crawford_game()
    win(match, WHITE)
    match.next_game()
    assert not match.is_crawford_game()
    win(match, WHITE)  # 2-0: White reaches N-1
    match.next_game()
    assert match.is_crawford_game() and match.game.crawford
    game = match.game
    if game.pending.phase == "play":
        game.play(game.legal_plays()[0])
    assert not game.can_double()
    with pytest.raises(GameStateError, match="Crawford"):
        game.double()
    win(match, BLACK)  # 2-1
    match.next_game()
    assert not match.is_crawford_game()
    game = match.game
    if game.pending.phase == "play":
        game.play(game.legal_plays()[0])
    assert game.can_double()
    win(match, BLACK)  # 2-2: Black reaches N-1 later: no second Crawford game
    match.next_game()
    assert not match.is_crawford_game()
    assert [g.crawford for g in match.games] == [False, False, True, False, False]


def test_crawford_after_a_jump_to_n_minus_1() -> None:
    rules = nardy.ruleset("short", cube=True)  # a resignation from the start is 3
    match = Match(rules, length=4, seed=10)
    match.game.resign(BLACK)  # White 3 = N-1 in one game
    assert match.score == (3, 0)
    match.next_game()
    assert match.is_crawford_game()


def test_crawford_can_be_switched_off() -> None:
    match = Match(short_rules(), length=2, seed=11, crawford=False)
    assert not match.crawford
    win(match, WHITE)
    match.next_game()
    assert not match.is_crawford_game()


@pytest.mark.parametrize("name", ["long", "gulbar", "khachapuri", "fevga"])
def test_no_crawford_in_the_long_family(name: str) -> None:
    rules = nardy.ruleset(name, cube=True)
    match = Match(rules, length=3, seed=12)
    assert not match.crawford
    # mars from the start in oin_mars games: resign gives 2 = N-1; khachapuri gives 15
    match.game.resign(BLACK)
    if match.is_over():
        assert name == "khachapuri"
        return
    assert match.score == (2, 0)
    match.next_game()
    assert not match.is_crawford_game()
    game = match.game
    assert game.turn == WHITE  # winner starts
    assert game.can_double()


def test_no_crawford_in_money_play() -> None:
    match = Match(short_rules(), length=0, seed=13)
    assert not match.crawford
    for _ in range(4):
        win(match, WHITE)
        match.next_game()
        assert not match.is_crawford_game()


# --------------------------------------------------------------------------- money


def test_money_session_never_ends() -> None:
    match = Match(short_rules(), length=0, seed=14)
    total = [0, 0]
    for i in range(25):
        w = WHITE if i % 3 else BLACK
        result = win(match, w)
        total[w] += result.points
        assert not match.is_over() and match.winner is None
        assert match.next_game() is not None
    assert match.score == tuple(total)
    assert len(match.games) == 26


def test_money_session_by_bots() -> None:
    match = Match(nardy.ruleset("khachapuri"), length=0, seed=15)
    bots = {WHITE: RandomAgent(seed=1), BLACK: RandomAgent(seed=2)}
    for _ in range(3):
        play_out(match.game, bots, random.Random(0))
        assert not match.is_over()
        match.next_game()
    assert sum(match.score) == sum(r.points for r in match.results)


# --------------------------------------------------------------------------- bots and replay


def play_out(game: Game, bots: dict, rng: random.Random) -> Result:
    """Play ``game`` to its end; with the cube on, double now and then and answer at random."""
    for _ in range(20000):
        if game.is_over():
            break
        phase = game.pending.phase
        if phase == "roll":
            if game.can_double() and rng.random() < 0.08:
                game.double()
            else:
                game.roll()
        elif phase == "cube":
            if rng.random() < 0.25:
                game.drop()
            else:
                game.take()
        else:
            game.play(bots[game.turn].choose(game))
    result = game.result()
    assert result is not None
    return result


def match_rules(name: str) -> nardy.RuleSet:
    if nardy.ruleset(name).family == "short":
        return nardy.ruleset(name, cube=True)
    return nardy.ruleset(name)


def assert_same_game(a: Game, b: Game) -> None:
    assert a.rules == b.rules
    assert a.start == b.start
    assert a.opening == b.opening
    assert a.crawford == b.crawford
    assert a.history == b.history
    assert a.position == b.position
    assert a.pending == b.pending
    assert a.result() == b.result()
    assert (a.cube, a.cube_owner) == (b.cube, b.cube_owner)
    assert a.rng.getstate() == b.rng.getstate()


def replay_positions(game: Game) -> list[nardy.Position]:
    """Every position of a game, by undoing a copy (loaded from its record) to the start."""
    copy = records.from_json(records.to_json(game, rng=True))
    assert isinstance(copy, Game)
    out = [copy.position]
    while copy.history:
        copy.undo()
        out.append(copy.position)
    return out


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_bot_match_replays_identically(name: str) -> None:
    rules = match_rules(name)
    length = 3
    match = Match(rules, length=length, seed=100)
    bots = {WHITE: GreedyAgent(), BLACK: RandomAgent(seed=7)}
    rng = random.Random(1)
    score = [0, 0]
    while True:
        result = play_out(match.game, bots, rng)
        if result.winner is not None:
            score[result.winner] += result.points
        assert match.score == tuple(score)
        if match.next_game() is None:
            break
        assert len(match.games) < 40
    assert match.is_over() and max(match.score) >= length
    assert match.winner == (WHITE if score[0] > score[1] else BLACK)

    text = records.to_json(match, rng=True)
    again = records.from_json(text)
    assert isinstance(again, Match)
    assert again.rules == match.rules and again.length == match.length and again.crawford == match.crawford
    assert len(again.games) == len(match.games)
    for a, b in zip(match.games, again.games, strict=True):
        assert_same_game(a, b)
        assert replay_positions(a) == replay_positions(b)
    assert again.results == match.results
    assert again.score == match.score
    assert again.is_over() and again.winner == match.winner
    assert [again.games[i].crawford for i in range(len(again.games))] == [g.crawford for g in match.games]
    assert again.rng.getstate() == match.rng.getstate()
    # the record of the loaded match is the same text
    assert records.to_json(again, rng=True) == text


@pytest.mark.parametrize("name", ["short", "long"])
def test_unfinished_match_replays_and_continues_identically(name: str) -> None:
    rules = match_rules(name)
    match = Match(rules, length=0, seed=21)
    bots = {WHITE: RandomAgent(seed=3), BLACK: RandomAgent(seed=4)}
    rng = random.Random(2)
    play_out(match.game, bots, rng)
    match.next_game()
    game = match.game
    for _ in range(6):  # part of the second game
        if game.pending.phase == "roll":
            game.roll()
        elif game.pending.phase == "play":
            game.play(game.legal_plays()[0])
    again = records.from_json(records.to_json(match, rng=True))
    assert isinstance(again, Match)
    assert len(again.games) == 2
    for a, b in zip(match.games, again.games, strict=True):
        assert_same_game(a, b)
    assert again.score == match.score
    # both continue with the same dice
    while not game.is_over():
        if game.pending.phase == "roll":
            assert game.roll() == again.game.roll()
        else:
            play = game.legal_plays()[-1]
            game.play(play)
            again.game.play(play)
    assert again.game.result() == game.result()
    match.next_game()
    again.next_game()
    assert_same_game(match.game, again.game)
