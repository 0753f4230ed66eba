"""Property-based tests (hypothesis) for Short, Long and Nardgammon.

Positions come from seeded random play from the start (always reachable) and from
random valid set-ups. Rule checks are made INDEPENDENTLY of the library's generator:
conftest.walk_play replays each play's steps on an own copy of the board, and
conftest.reference_results is a brute-force enumerator written from RULES.md.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from conftest import (
    ALL_ROLLS,
    RULESETS,
    any_positions,
    dice_st,
    examples,
    expand,
    get_rules,
    reached_positions,
    reference_results,
    results_of,
    view,
    walk_play,
)
from nardy import Game, Player, Position


def _fields(pos: Position) -> tuple:
    return (
        pos.family,
        pos.white,
        pos.black,
        pos.white_bar,
        pos.black_bar,
        pos.turn,
        pos.white_moved,
        pos.black_moved,
    )


def _on_board(pos: Position, player: Player) -> int:
    return sum(pos.points(player)) + pos.bar(player)


# --------------------------------------------------------------------------- generator properties


@pytest.mark.parametrize("name", RULESETS)
@given(data=st.data())
def test_play_structure_and_independent_walk(name: str, data: st.DataObject) -> None:
    """Dice, step counts, closed points, conservation: every play checked step by step."""
    rules = get_rules(name)
    pos = data.draw(any_positions(name), label="pos")
    dice = data.draw(dice_st, label="dice")
    values = expand(dice)
    plays = rules.legal_plays(pos, dice)
    assert plays, "legal_plays must never be empty"
    lengths = {len(p.steps) for p in plays}
    assert len(lengths) == 1, f"plays of different lengths {lengths} for {dice} in {pos!r}"
    (n,) = lengths
    assert n <= len(values)
    if n == 0:
        assert len(plays) == 1 and plays[0].is_pass and str(plays[0]) == "pass"
    mover = pos.turn
    for play in plays:
        # Play.dice holds the values of the roll (a double: four), whether used or not
        assert sorted(play.dice) == sorted(values), f"{play}: dice {play.dice} for roll {dice}"
        used = Counter(s.die for s in play.steps)
        avail = Counter(values)
        assert not used - avail, f"{play} uses {used} but the roll gives {avail}"
        # replay on an own board: no closed landing point, hits/bear-offs as the rules say
        final = walk_play(rules, pos, play)
        after = rules.apply(pos, play)
        assert view(after, mover) == final, f"{play}: apply() disagrees with the walked steps"
        # conservation: the opponent keeps all its checkers (board + bar), the mover loses
        # exactly its bear-off steps from board + bar, and off counts never go negative
        borne = sum(1 for s in play.steps if s.target == 0)
        assert _on_board(after, mover.other) == _on_board(pos, mover.other)
        assert _on_board(after, mover) == _on_board(pos, mover) - borne
        for side in (Player.WHITE, Player.BLACK):
            assert 0 <= after.off(side) <= 15
            assert sum(after.points(side)) + after.bar(side) + after.off(side) == 15
        hits = sum(1 for s in play.steps if s.hit)
        assert after.bar(mover.other) == pos.bar(mover.other) + hits
        assert after.turn == mover.other
        if rules.family == "long":
            assert not hits and after.white_bar == after.black_bar == 0


@pytest.mark.parametrize("name", RULESETS)
@given(data=st.data())
def test_results_are_valid_positions(name: str, data: st.DataObject) -> None:
    """rules.position() with the same fields accepts every resulting position."""
    rules = get_rules(name)
    pos = data.draw(any_positions(name), label="pos")
    dice = data.draw(dice_st, label="dice")
    for play in rules.legal_plays(pos, dice):
        after = rules.apply(pos, play)
        rebuilt = rules.position(
            white=list(after.white),
            black=list(after.black),
            white_bar=after.white_bar,
            black_bar=after.black_bar,
            turn=after.turn,
            white_moved=after.white_moved,
            black_moved=after.black_moved,
        )
        assert rebuilt == after
        assert after.has_moved(pos.turn), "the mover has now made a play"
        assert after.has_moved(pos.turn.other) == pos.has_moved(pos.turn.other)


@pytest.mark.parametrize("name", RULESETS)
@given(data=st.data())
def test_parse_play_round_trip(name: str, data: st.DataObject) -> None:
    """str(play) parses back to the same play (same resulting position)."""
    rules = get_rules(name)
    pos = data.draw(any_positions(name), label="pos")
    dice = data.draw(dice_st, label="dice")
    plays = rules.legal_plays(pos, dice)
    # a spread-out sample of at most ~12 plays keeps this fast on doubles
    for play in plays[:: max(1, len(plays) // 12)]:
        text = str(play)
        parsed = rules.parse_play(pos, text, dice)
        assert rules.apply(pos, parsed) == rules.apply(pos, play), f"{text!r} parsed as {parsed}"
        # the explicit single-step order is accepted too
        steps_text = " ".join(str(s) for s in play.steps) or "pass"
        parsed2 = rules.parse_play(pos, steps_text, dice)
        assert rules.apply(pos, parsed2) == rules.apply(pos, play), f"{steps_text!r} parsed as {parsed2}"


def test_parse_play_round_trip_hit_after_plain_step_regression() -> None:
    """Found by test_parse_play_round_trip: with 1-1, Black (to move) has five on its 6 and a
    White blot on Black's 5. The legal play stored as 6/5* 6/5 5/4 24/23 is printed
    '24/23 6/5 6/5*/4'; reading that back moves the plain 6/5 first (which already hits),
    so the '*' of 6/5*/4 finds no blot and parse_play raises IllegalPlayError."""
    rules = get_rules("short")
    white = [0] * 24
    for p, n in {4: 1, 6: 5, 8: 2, 13: 5, 16: 1, 20: 1}.items():
        white[p - 1] = n
    black = [0] * 24
    for p, n in {6: 5, 8: 3, 13: 5, 24: 2}.items():
        black[p - 1] = n
    pos = rules.position(white=white, black=black, turn=Player.BLACK, black_moved=False)
    failures = []
    for play in rules.legal_plays(pos, (1, 1)):
        try:
            parsed = rules.parse_play(pos, str(play), (1, 1))
        except nardy.NardyError as exc:
            failures.append(f"{str(play)!r}: {exc}")
            continue
        assert rules.apply(pos, parsed) == rules.apply(pos, play)
    assert not failures, failures


@pytest.mark.parametrize("name", RULESETS)
@given(data=st.data())
def test_no_mutation_and_distinct_results(name: str, data: st.DataObject) -> None:
    rules = get_rules(name)
    pos = data.draw(any_positions(name), label="pos")
    d1, d2 = data.draw(dice_st, label="dice")
    before = _fields(pos)
    h = hash(pos)
    dice_list = [d1, d2]
    plays = rules.legal_plays(pos, dice_list)
    assert dice_list == [d1, d2], "legal_plays changed the dice list"
    assert _fields(pos) == before and hash(pos) == h, "legal_plays changed its input position"
    results = [rules.apply(pos, p) for p in plays]
    assert _fields(pos) == before, "apply changed its input position"
    assert len(set(results)) == len(results), "two plays lead to the same position"
    # a second call gives the same plays (no hidden state)
    again = rules.legal_plays(pos, (d1, d2))
    assert {rules.apply(pos, p) for p in again} == set(results)
    # dice order does not matter
    swapped = rules.legal_plays(pos, (d2, d1))
    assert {rules.apply(pos, p) for p in swapped} == set(results)


@pytest.mark.parametrize("name", RULESETS)
@given(data=st.data())
def test_matches_independent_reference_generator(name: str, data: st.DataObject) -> None:
    """Same set of resulting positions as a brute-force enumerator written from RULES.md
    (maximum-dice rule, larger-die rule, bear-off, head rule with the formal first-turn
    exception, six-block rule at the end of the play or after every step)."""
    rules = get_rules(name)
    pos = data.draw(any_positions(name), label="pos")
    dice = data.draw(dice_st, label="dice")
    mine = results_of(rules, pos, rules.legal_plays(pos, dice))
    ref = reference_results(rules, pos, dice)
    assert set(mine) == ref, (
        f"{name} {dice} in {pos!r}: library only {sorted(set(mine) - ref)[:2]}, "
        f"reference only {sorted(ref - set(mine))[:2]}"
    )


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=examples(20))
@given(pos=st.data())
def test_all_rolls_on_reached_positions(name: str, pos: st.DataObject) -> None:
    """All 21 rolls on one reached position: same invariants as above, plus the reference."""
    rules = get_rules(name)
    p = pos.draw(reached_positions(name), label="pos")
    for dice in ALL_ROLLS:
        plays = rules.legal_plays(p, dice)
        assert len({len(x.steps) for x in plays}) == 1
        for play in plays:
            walk_play(rules, p, play)
        assert set(results_of(rules, p, plays)) == reference_results(rules, p, dice), (name, dice, p)


def test_first_turn_long_openings() -> None:
    """RULES.md 4.3 formal first-turn exception: from the start, two head checkers exactly for
    6-6, 4-4 and 3-3 (for the first player)."""
    rules = get_rules("long")
    start = rules.initial_position()
    for dice in ALL_ROLLS:
        plays = rules.legal_plays(start, dice)
        heads = {sum(1 for s in p.steps if s.source == 24) for p in plays}
        expected = 2 if dice in ((6, 6), (4, 4), (3, 3)) else 1
        assert heads == {expected}, f"{dice}: head checkers used {heads}"


# --------------------------------------------------------------------------- games


EXPECTED_KINDS = {"short": {"oin", "mars", "koks"}, "long": {"oin", "mars"}, "nardgammon": {"oin", "mars"}}
POINTS = {"oin": 1, "mars": 2, "koks": 3}


@pytest.mark.parametrize("name", RULESETS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_with_a_result(name: str, seed: int) -> None:
    rules = get_rules(name)
    game = Game(rules, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(2000):
        if game.is_over():
            break
        assert game.result() is None
        if game.dice is None:
            game.roll()
        plays = game.legal_plays()
        game.play(rng.choice(plays))
    assert game.is_over(), "random game did not finish in 2000 actions"
    res = game.result()
    assert res is not None and res.kind in EXPECTED_KINDS[name]
    assert res.points == POINTS[res.kind]
    pos = game.position
    assert res.winner is not None and pos.off(res.winner) == 15
    loser = res.winner.other
    assert pos.off(loser) < 15
    if res.kind == "oin":
        assert pos.off(loser) > 0
    else:
        assert pos.off(loser) == 0
    if name == "short":
        in_winner_home = pos.bar(loser) > 0 or any(pos.points(loser)[18:24])
        assert (res.kind == "koks") == (pos.off(loser) == 0 and in_winner_home)
    with pytest.raises(nardy.GameStateError):
        game.roll()


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=examples(30))
@given(seed=st.integers(0, 2**32 - 1), undo_every=st.integers(1, 7))
def test_undo_restores_position_and_dice(name: str, seed: int, undo_every: int) -> None:
    rules = get_rules(name)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not game.is_over() and actions < 400:
        actions += 1
        pos_before, dice_before, turn_before = game.position, game.dice, game.turn
        if game.dice is None:
            rolled = game.roll()
            if actions % undo_every == 0:
                game.undo()
                assert game.position == pos_before and game.dice is None
                assert game.turn == turn_before
                assert game.roll(rolled) == rolled
            continue
        legal_before = {rules.apply(pos_before, p) for p in game.legal_plays()}
        play = rng.choice(game.legal_plays())
        game.play(play)
        if actions % undo_every == 0:
            game.undo()
            assert _fields(game.position) == _fields(pos_before)
            assert game.dice == dice_before and game.turn == turn_before
            assert not game.is_over() and game.result() is None
            assert {rules.apply(pos_before, p) for p in game.legal_plays()} == legal_before
            game.play(play)
    # unwind everything back to the start
    while True:
        try:
            game.undo()
        except nardy.GameStateError:
            break
    start = rules.initial_position()
    assert (game.position.white, game.position.black) == (start.white, start.black)
    assert game.position.white_bar == game.position.black_bar == 0
