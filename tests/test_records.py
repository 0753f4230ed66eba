"""Game and match records (nardy.records): round trips and malformed records.

A record is replayed through the rules on loading, so the loaded game must be identical
to the saved one (start, opening, history, position, pending state, cube, result and the
dice RNG), and a record that is not valid must raise ``records.RecordError`` with a
message that says where and why -- never another exception.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import Game, Match, Player, records
from nardy.agents import RandomAgent
from nardy.records import RecordError

WHITE, BLACK = Player.WHITE, Player.BLACK


# --------------------------------------------------------------------------- helpers


def pts(layout: dict[int, int]) -> list[int]:
    out = [0] * 24
    for p, n in layout.items():
        out[p - 1] = n
    return out


def assert_same_game(a: Game, b: Game) -> None:
    assert a.rules == b.rules
    assert a.start == b.start
    assert a.opening == b.opening
    assert a.crawford == b.crawford
    assert a.history == b.history
    assert [str(e.play) for e in a.history if hasattr(e, "play")] == [
        str(e.play) for e in b.history if hasattr(e, "play")
    ]
    assert a.position == b.position
    assert a.pending == b.pending
    assert a.turn == b.turn and a.dice == b.dice
    assert (a.cube, a.cube_owner) == (b.cube, b.cube_owner)
    assert a.result() == b.result()
    assert a.is_over() == b.is_over()
    if isinstance(a.rng, random.SystemRandom):  # an unseeded game: unpredictable dice, saved or not
        assert isinstance(b.rng, random.SystemRandom)
    else:
        assert a.rng.getstate() == b.rng.getstate()
    if a.pending.phase == "play":
        assert a.legal_plays() == b.legal_plays()


def roundtrip(game: Game) -> Game:
    """Save and load ``game`` (with its dice generator, for an exact replay);
    check the copy; check both roll the same dice next."""
    text = records.to_json(game, rng=True)
    json.loads(text)  # valid JSON
    again = records.from_json(text)
    assert isinstance(again, Game)
    assert_same_game(game, again)
    assert records.to_json(again, rng=True) == text
    assert records.to_dict(again) == records.to_dict(game)
    assert "rng" not in records.to_dict(game)  # the dice stay private by default
    rebuilt = records.from_dict(records.to_dict(game, rng=True))
    assert isinstance(rebuilt, Game)
    assert_same_game(game, rebuilt)
    # RNG: the loaded game's next roll is the original's next roll
    if game.pending.phase == "roll" and not isinstance(game.rng, random.SystemRandom):
        a = records.from_json(text)
        assert isinstance(a, Game)
        assert a.roll() == game.roll() == again.roll()
        game.undo()
    return again


def advance(game: Game, events: int | None, agent: RandomAgent, rng: random.Random | None = None) -> None:
    """Make up to ``events`` more events (None: to the end) with the game's own dice."""
    done = 0
    while not game.is_over() and (events is None or done < events):
        phase = game.pending.phase
        if phase == "roll":
            if rng is not None and game.can_double() and rng.random() < 0.15:
                game.double()
            else:
                game.roll()
        elif phase == "cube":
            assert rng is not None
            r = rng.random()
            if r < 0.1:
                game.drop()
            elif r < 0.3 and game.rules.option("beaver") and not game.pending.beavered:
                game.beaver()
            else:
                game.take()
        else:
            game.play(agent.choose(game))
        done += 1


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
@pytest.mark.parametrize("stop", [0, 1, 2, 9, 40, None])
def test_roundtrip_every_ruleset(name: str, stop: int | None) -> None:
    game = Game(nardy.ruleset(name), seed=31)
    advance(game, stop, RandomAgent(seed=5))
    again = roundtrip(game)
    if stop is None:
        assert again.is_over() and again.result() is not None


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_roundtrip_non_default_options_and_first(name: str) -> None:
    opts: dict[str, Any] = {"cube": True, "last_roll_draw": True, "cube_progression": "arithmetic"}
    rules = nardy.ruleset(name, **opts)
    game = Game(rules, first=BLACK, seed=4)
    assert game.opening is None
    advance(game, 25, RandomAgent(seed=6), random.Random(3))
    again = roundtrip(game)
    assert again.pending.first_player == BLACK
    assert records.to_dict(again)["rules"]["options"] == opts


@pytest.mark.parametrize("name", ["short", "long", "khachapuri", "fevga"])
@pytest.mark.parametrize("opening", [(5, 3), (1, 6)])
def test_roundtrip_explicit_opening(name: str, opening: tuple[int, int]) -> None:
    game = Game(nardy.ruleset(name), opening=opening, seed=8)
    again = roundtrip(game)
    assert again.opening is not None and (again.opening.white, again.opening.black) == opening
    advance(game, 12, RandomAgent(seed=1))
    roundtrip(game)


def test_roundtrip_set_up_start_positions() -> None:
    short = nardy.ruleset("short")
    pos = short.position(
        white=pts({6: 3, 5: 2, 1: 1}), black=pts({23: 1, 12: 3}), black_bar=1, turn=BLACK, white_moved=True
    )
    game = Game(short, position=pos, first=BLACK, seed=2)
    data = records.to_dict(game)
    assert data["start"] is not None and nardy.Position.from_string(data["start"]) == game.start
    roundtrip(game)
    advance(game, None, RandomAgent(seed=2))
    roundtrip(game)

    long = nardy.ruleset("long", long_scoring="koks_home_mars")
    pos = long.position(white=pts({24: 10, 13: 5}), black=pts({24: 14, 20: 1}), white_moved=False, black_moved=True)
    game = Game(long, position=pos, opening=(2, 4), seed=3)
    again = roundtrip(game)
    assert again.start == pos and not again.start.white_moved
    advance(game, None, RandomAgent(seed=2))
    roundtrip(game)


def test_roundtrip_gulbar_owed_steps() -> None:
    game = Game(nardy.ruleset("gulbar"), first=WHITE, seed=1)
    game.roll((6, 6))
    game.play("24/18 24/18")
    assert game.pending.context.kind == "owed" and game.turn == BLACK
    again = roundtrip(game)
    assert again.pending.context.kind == "owed" and again.dice == (6, 6)
    game.play(game.legal_plays()[0])
    again.play(again.legal_plays()[0])
    assert_same_game(game, again)
    roundtrip(game)


def test_roundtrip_gulbar_reroll() -> None:
    game = Game(nardy.ruleset("gulbar"), first=WHITE, seed=2)
    game.roll((1, 1))
    game.play(game.legal_plays()[0])
    assert game.pending.context.kind == "reroll"
    again = roundtrip(game)
    assert again.pending.context == game.pending.context


@pytest.mark.parametrize("name", ["crazy", "crazy_gulbar", "giul"])
def test_roundtrip_cascade_stages(name: str) -> None:
    game = Game(nardy.ruleset(name), first=WHITE, seed=3)
    game.roll((5, 5))
    game.play(game.legal_plays()[0])
    assert game.turn == WHITE and game.pending.context.kind == "stage", game.pending
    again = roundtrip(game)
    assert again.pending.context.kind == "stage" and again.dice == game.dice
    while game.pending.phase == "play":
        game.play(game.legal_plays()[-1])
        roundtrip(game)


def test_roundtrip_crazy_gulbar_owed_stages() -> None:
    rules = nardy.ruleset("crazy_gulbar")
    found = False
    for seed in range(200):
        game = Game(rules, seed=seed)
        advance(game, 60, RandomAgent(seed=seed))
        while not game.is_over():
            if game.pending.context.kind == "owed" and game.pending.owed:
                found = True
                break
            advance(game, 1, RandomAgent(seed=seed))
        if found:
            break
    assert found, "no queued owed stages reached"
    again = roundtrip(game)
    assert again.pending.owed == game.pending.owed


def test_roundtrip_cube_actions() -> None:
    rules = nardy.ruleset("short", cube=True, beaver=True)
    game = Game(rules, first=WHITE, seed=9)
    game.double()
    roundtrip(game)  # pending: Black must answer
    game.beaver()
    again = roundtrip(game)
    assert again.pending.beavered and again.pending.offer == 4 and again.turn == WHITE
    game.take()
    again = roundtrip(game)
    assert (again.cube, again.cube_owner) == (4, BLACK)
    advance(game, 4, RandomAgent(seed=1))
    roundtrip(game)


def test_roundtrip_drop() -> None:
    game = Game(nardy.ruleset("long", cube=True), first=BLACK, seed=9)
    game.double()
    game.drop()
    again = roundtrip(game)
    assert again.result() == nardy.Result(BLACK, 1, "drop", "drop", 1)


@pytest.mark.parametrize("name", ["short", "caucasian", "long", "gulbar", "khachapuri", "fevga"])
def test_roundtrip_random_cube_games(name: str) -> None:
    rules = nardy.ruleset(name, cube=True, beaver=True)
    for seed in range(3):
        game = Game(rules, seed=seed)
        advance(game, None, RandomAgent(seed=seed), random.Random(seed))
        roundtrip(game)


@pytest.mark.parametrize("name", ["short", "long", "khachapuri"])
def test_roundtrip_resignation(name: str) -> None:
    game = Game(nardy.ruleset(name, cube=True), seed=12)
    advance(game, 10, RandomAgent(seed=3))
    game.resign(BLACK)
    again = roundtrip(game)
    assert again.result() is not None and again.result().ending == "resign"
    game = Game(nardy.ruleset(name), seed=13)
    game.resign()
    roundtrip(game)


def test_an_unseeded_game_saves_no_rng_and_loads_with_unpredictable_dice() -> None:
    game = Game(nardy.ruleset("long"), first=WHITE)
    game.roll((6, 5))
    data = records.to_dict(game, rng=True)
    assert data["rng"] is None
    again = records.from_dict(data)
    assert isinstance(again, Game) and isinstance(again.rng, random.SystemRandom)
    assert again.history == game.history
    seeded = records.from_dict(records.to_dict(Game(nardy.ruleset("long"), first=WHITE, seed=4), rng=True))
    assert type(seeded.rng) is random.Random


def test_a_record_keeps_the_dice_private_unless_asked() -> None:
    """Who receives a record cannot predict the rolls to come: the generator's
    state is left out unless ``rng=True`` asks for an exact replay."""
    game = Game(nardy.ruleset("short"), seed=12, first=WHITE)
    game.roll()
    private = records.from_json(records.to_json(game))
    assert isinstance(private, Game) and isinstance(private.rng, random.SystemRandom)
    assert "rng" not in json.loads(records.to_json(game))
    exact = records.from_json(records.to_json(game, rng=True))
    assert isinstance(exact, Game) and exact.rng.getstate() == game.rng.getstate()
    match = Match(nardy.ruleset("short"), length=3, seed=5)
    assert "rng" not in records.to_dict(match)
    assert all("rng" not in g for g in records.to_dict(match)["games"])


def test_roundtrip_crawford_flag() -> None:
    game = Game(nardy.ruleset("short", cube=True), first=WHITE, crawford=True)
    again = roundtrip(game)
    assert again.crawford and not again.can_double()


def test_roundtrip_last_roll_draw() -> None:
    rules = nardy.ruleset("short", last_roll_draw=True)
    pos = rules.position(white=pts({2: 1}), black=pts({1: 2}))
    game = Game(rules, first=WHITE, position=pos)
    game.roll((6, 5))
    game.play("2/off")
    again = roundtrip(game)
    assert again.pending.extra_turn
    game.roll((6, 5))
    game.play("1/off 1/off")
    again = roundtrip(game)
    assert again.result() == nardy.Result(None, 0, "draw", "draw", 1)


def test_rng_state_is_restored_mid_game() -> None:
    game = Game(nardy.ruleset("long"), seed=77)
    advance(game, 15, RandomAgent(seed=1))
    while game.pending.phase != "roll":
        advance(game, 1, RandomAgent(seed=1))
    again = records.from_json(records.to_json(game, rng=True))
    assert isinstance(again, Game)
    for _ in range(10):
        assert again.roll() == game.roll()
        play = game.legal_plays()[0]
        game.play(play)
        again.play(play)
        while game.pending.phase == "play":
            game.play(game.legal_plays()[0])
            again.play(again.legal_plays()[0])
        if game.is_over():
            break


def test_dumps_refuses_other_objects() -> None:
    with pytest.raises(RecordError):
        records.to_json(nardy.ruleset("short"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- malformed records


def short_game_record() -> dict[str, Any]:
    game = Game(nardy.ruleset("short", cube=True), first=WHITE, seed=5)
    game.roll((3, 1))
    game.play("8/5 6/5")  # event 2
    game.roll((6, 5))
    game.play("24/13")  # event 4: Black
    game.double()  # event 5: White
    game.take()  # event 6
    game.roll((4, 2))
    game.play("8/4 6/4")  # event 8
    return records.to_dict(game, rng=True)


def finished_record() -> dict[str, Any]:
    game = Game(nardy.ruleset("long"), seed=2)
    advance(game, None, RandomAgent(seed=4))
    return records.to_dict(game, rng=True)


def load_error(data: Any) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        records.from_json(text)
    message = str(info.value)
    assert message
    return message


@pytest.mark.parametrize("text", ["", "{", "nardy", "[1, 2", "{'format': 'nardy-game'}"])
def test_not_json(text: str) -> None:
    assert "JSON" in load_error(text)


@pytest.mark.parametrize("text", ["[]", "5", "null", '"text"', "{}", '{"format": "chess"}'])
def test_not_a_record(text: str) -> None:
    assert "format" in load_error(text) or "record" in load_error(text)


def test_wrong_format_and_version() -> None:
    data = short_game_record()
    data["format"] = "nardy-gam"
    assert "format" in load_error(data)
    data = short_game_record()
    del data["format"]
    assert "format" in load_error(data)
    for version in (2, 0, "1", None):
        data = short_game_record()
        data["version"] = version
        assert "version" in load_error(data)
    data = short_game_record()
    del data["version"]
    assert "version" in load_error(data)


def test_unknown_ruleset_and_options() -> None:
    data = short_game_record()
    data["rules"]["name"] = "chess"
    message = load_error(data)
    assert "rules" in message and "chess" in message
    data = short_game_record()
    data["rules"]["options"]["castling"] = True
    message = load_error(data)
    assert "castling" in message
    data = short_game_record()
    data["rules"]["options"]["cube_max"] = 5000
    assert "cube_max" in load_error(data)
    data = short_game_record()
    data["rules"] = "short"
    assert "rules" in load_error(data)


@pytest.mark.parametrize(
    "options",
    [["cube"], "cube", 5, {"": True}, [1, 2]],
    ids=["list", "string", "int", "empty_key", "list_of_ints"],
)
def test_malformed_options_raise_record_error(options: Any) -> None:
    """``rules.options`` must be an object of option names; anything else is a RecordError
    (not a TypeError/ValueError from dict())."""
    data = short_game_record()
    data["rules"]["options"] = options
    assert "rules" in load_error(data) or "option" in load_error(data)


def test_illegal_play_steps_edited_in_names_the_event() -> None:
    data = short_game_record()
    assert data["events"][1]["move"] == "8/5 6/5"
    data["events"][1]["steps"] = [[8, 5, 3, 0]]  # uses only one die of 3-1
    message = load_error(data)
    assert "event 2" in message and "as many dice" in message

    data = short_game_record()
    data["events"][7]["steps"] = [[8, 4, 4, 0], [6, 3, 3, 0]]  # a 3 with 4-2
    message = load_error(data)
    assert "event 8" in message

    data = short_game_record()
    data["events"][3]["steps"] = [[13, 7, 6, 0], [24, 19, 5, 0]]  # Black: 6-5, 24/19 is White's 6
    message = load_error(data)
    assert "event 4" in message and "closed" in message


def test_illegal_move_text_edited_in_names_the_event() -> None:
    """Without steps, the move text is parsed and checked."""
    data = short_game_record()
    del data["events"][1]["steps"]
    data["events"][1]["move"] = "13/7"  # no 6 rolled
    message = load_error(data)
    assert "event 2" in message
    data["events"][1]["move"] = "8/5 6/5"
    assert isinstance(records.from_json(json.dumps(data)), Game)


def test_move_text_disagreeing_with_steps_is_rejected() -> None:
    """A hand edit of the readable move text (the steps left alone) makes the record
    inconsistent; it must not load silently as the other play."""
    data = short_game_record()
    data["events"][1]["move"] = "13/7"  # illegal with 3-1; the steps still say 8/5 6/5
    message = load_error(data)
    assert "event 2" in message
    data = short_game_record()
    data["events"][1]["move"] = "24/20"  # legal with 3-1, but not the play the steps make
    message = load_error(data)
    assert "event 2" in message


def test_tampered_dice_name_the_event_that_breaks() -> None:
    data = short_game_record()
    data["events"][0]["dice"] = [6, 6]  # the play "8/5 6/5" no longer fits
    assert "event 2" in load_error(data)
    data = short_game_record()
    data["events"][0]["dice"] = [7, 1]
    message = load_error(data)
    assert "event 1" in message and "dice" in message


def test_event_out_of_turn() -> None:
    data = short_game_record()
    data["events"][0]["roll"] = "black"
    message = load_error(data)
    assert "event 1" in message and "turn" in message
    data = short_game_record()
    data["events"][5]["take"] = "white"  # White doubled; Black must answer
    message = load_error(data)
    assert "event 6" in message and "turn" in message
    data = short_game_record()
    data["events"][2]["roll"] = "grey"
    assert "event 3" in load_error(data)


def test_events_out_of_order() -> None:
    data = short_game_record()
    data["events"][0], data["events"][1] = data["events"][1], data["events"][0]
    assert "event 1" in load_error(data)
    data = short_game_record()
    data["events"].insert(4, {"double": "black", "value": 2})  # Black may not double now
    assert "event 5" in load_error(data)


def test_unknown_and_malformed_events() -> None:
    for bad, where in (
        ({"castle": "white"}, "event 1"),
        ("roll", "event 1"),
        ({"roll": "white"}, "event 1"),
        ({"roll": "white", "dice": 31}, "event 1"),
        ({"roll": "white", "dice": [3]}, "event 1"),
    ):
        data = short_game_record()
        data["events"][0] = bad
        assert where in load_error(data)
    data = short_game_record()
    data["events"][1]["steps"] = [[8, 5]]
    assert "event 2" in load_error(data)
    data = short_game_record()
    data["events"] = {"0": 1}
    assert "events" in load_error(data)


def test_events_after_the_end() -> None:
    data = finished_record()
    n = len(data["events"])
    data["events"].append({"roll": "white", "dice": [1, 2]})
    message = load_error(data)
    assert f"event {n + 1}" in message and "over" in message
    data = finished_record()
    data["events"].append({"resign": "black"})
    assert f"event {n + 1}" in load_error(data)


def test_tampered_result() -> None:
    data = finished_record()
    assert data["result"] is not None
    for key, value in (("points", data["result"]["points"] + 1), ("kind", "koks"), ("ending", "resign"), ("cube", 2)):
        bad = copy.deepcopy(data)
        bad["result"][key] = value
        assert "result" in load_error(bad)
    bad = copy.deepcopy(data)
    bad["result"]["winner"] = "black" if data["result"]["winner"] == "white" else "white"
    assert "result" in load_error(bad)
    bad = copy.deepcopy(data)
    bad["events"] = bad["events"][:-1]  # now unfinished, but the record claims a result
    assert "result" in load_error(bad)
    unfinished = short_game_record()
    unfinished["result"] = {"winner": "white", "points": 1, "kind": "oin", "ending": "bear_off", "cube": 1}
    assert "result" in load_error(unfinished)


def test_bad_start_and_opening() -> None:
    data = short_game_record()
    data["start"] = "short 24:16 - w 00"
    assert "start" in load_error(data)
    data = short_game_record()
    data["start"] = "long 24:15 24:15 w 00"  # a long-family position for short rules
    assert "start" in load_error(data)
    data = short_game_record()
    data["first"] = None
    data["opening"] = [4, 4]
    assert "opening" in load_error(data) or "start of the game" in load_error(data)
    data = short_game_record()
    data["first"] = "nobody"
    assert "first" in load_error(data)


def test_a_first_player_that_contradicts_the_opening_roll_is_refused() -> None:
    """``first`` used to be ignored when ``opening`` was given; a record that says
    both must agree (the higher die starts)."""
    game = Game(nardy.ruleset("short"), opening=(3, 1))  # White's 3 beats Black's 1
    game.play("8/5 6/5")
    data = records.to_dict(game)
    assert data["first"] is None
    data["first"] = "white"  # agrees: accepted
    again = records.from_dict(data)
    assert isinstance(again, Game) and again.history == game.history
    data["first"] = "black"
    message = load_error(data)
    assert message == (
        "first: the record says black starts, but the opening roll 3-1 (white's die first) gives the start to white"
    )


def test_a_resumed_game_has_no_opening_or_first_player_of_its_own() -> None:
    resumed = Game.from_string("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 11 roll crawford=1")
    assert resumed.crawford  # the game string's Crawford game is the game's
    data = records.to_dict(resumed)
    assert data["crawford"] is True and data["opening"] is None and data["first"] is None
    loaded = records.from_dict(data)
    assert isinstance(loaded, Game) and loaded.crawford and loaded.pending == resumed.pending
    data["opening"] = [3, 1]
    assert load_error(data) == "a game resumed from a game string has no opening roll and no first player of its own"
    data = records.to_dict(Game.from_string("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 11 roll"))
    data["crawford"] = True
    assert load_error(data) == "crawford: the record says the Crawford game, but its game string does not (crawford=1)"


def test_the_crawford_flag_is_a_bool() -> None:
    data = short_game_record()
    data["crawford"] = "no"  # was read as True
    assert load_error(data) == "crawford: expected true or false, not 'no'"
    match = records.to_dict(Match(nardy.ruleset("short"), 3, seed=1))
    match["crawford"] = 1
    assert load_error(match) == "match: crawford: expected true or false, not 1"


def test_bad_rng() -> None:
    for rng in ("seed", [3, [1, 2, 3], None], 5, [3]):
        data = short_game_record()
        data["rng"] = rng
        assert "rng" in load_error(data)


@pytest.mark.parametrize("value", [-1, 2**64], ids=["negative", "too_large"])
def test_rng_state_values_out_of_range(value: int) -> None:
    """An RNG state word outside 0..2**32-1 is a RecordError (random.setstate raises
    OverflowError for it)."""
    data = short_game_record()
    data["rng"][1][0] = value
    assert "rng" in load_error(data)


# --------------------------------------------------------------------------- matches


def match_record(length: int = 3) -> dict[str, Any]:
    match = Match(nardy.ruleset("short", cube=True, max_result="oin"), length=length, seed=3)
    for w in (WHITE, BLACK, WHITE):
        match.game.resign(w.other)
        if match.next_game() is None:
            break
    return records.to_dict(match, rng=True)


def test_match_roundtrip_unfinished_game() -> None:
    data = match_record(length=5)
    again = records.from_json(json.dumps(data))
    assert isinstance(again, Match)
    assert again.score == (2, 1) and len(again.games) == 4 and not again.is_over()
    assert records.to_dict(again, rng=True) == data


def test_match_with_a_game_in_other_rules() -> None:
    data = match_record()
    data["games"][1]["rules"]["options"]["max_result"] = "koks"
    message = load_error(data)
    assert "game 2" in message


def test_match_with_an_unfinished_game_before_the_last() -> None:
    data = match_record(length=5)
    data["games"][0]["events"] = []
    data["games"][0].pop("result", None)
    message = load_error(data)
    assert "game 1" in message and "not finished" in message


def test_match_errors_name_the_game() -> None:
    data = match_record(length=5)
    data["games"][2]["events"][0] = {"resign": "purple"}
    message = load_error(data)
    assert "game 3" in message and "event 1" in message
    data = match_record()
    data["games"] = []
    assert "games" in load_error(data)
    data = match_record()
    data["format"] = "nardy-matches"
    load_error(data)


def _resigned_match(rules: nardy.RuleSet) -> dict[str, Any]:
    """A match to 3 ended by resignations: 2-0, then the Crawford game 2-1, then 3-1."""
    match = Match(rules, length=3, seed=4)
    for loser, stake in ((BLACK, 2), (WHITE, 1), (BLACK, 1)):
        match.game.resign(loser, stake)
        match.next_game()
    assert match.is_over() and match.score == (3, 1)
    return records.to_dict(match)


def _edited(data: dict[str, Any], edit: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    edit(data)
    return data


MATCH_CONTRADICTIONS: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "a game after the end": (
        lambda d: d["games"].append(copy.deepcopy(d["games"][0])),
        "game 4 follows the end of the match at 3-1 (a match to 3)",
    ),
    "a shorter length": (lambda d: d.update(length=2), "game 2 follows the end of the match at 2-0 (a match to 2)"),
    "no Crawford game": (
        lambda d: d["games"][1].update(crawford=False),
        "game 2 must be the Crawford game at the score 2-0",
    ),
    "a Crawford game without the rule": (
        lambda d: d.update(crawford=False),
        "game 2 must not be the Crawford game at the score 2-0",
    ),
    "a second Crawford game": (
        lambda d: d["games"][2].update(crawford=True),
        "game 3 must not be the Crawford game at the score 2-1",
    ),
}


@pytest.mark.parametrize("case", list(MATCH_CONTRADICTIONS))
def test_a_match_record_that_contradicts_itself_is_refused(case: str) -> None:
    """formats.rst: a record that contradicts itself is refused, here with the rule
    of the match it breaks (every game before the end, the Crawford game where the
    score puts it)."""
    data = _resigned_match(nardy.ruleset("short"))
    assert records.from_dict(copy.deepcopy(data)).score == (3, 1)
    edit, message = MATCH_CONTRADICTIONS[case]
    assert load_error(_edited(data, edit)) == f"match: {message}"


def test_a_match_record_keeps_the_first_player_of_next_game_first() -> None:
    """In long nardy the winner of a game begins the next (next_game_first="winner");
    a record that has the loser begin it is refused."""
    data = _resigned_match(nardy.ruleset("long"))
    assert data["games"][1]["first"] == "white"
    wrong = _edited(data, lambda d: d["games"][1].update(first="black"))
    assert load_error(wrong) == "match: game 2 is begun by black, but next_game_first='winner' has white begin it"


@pytest.mark.parametrize("length", ["three", None, [3], -2], ids=["text", "null", "list", "negative"])
def test_match_bad_length(length: Any) -> None:
    data = match_record()
    data["length"] = length
    assert "length" in load_error(data) or "match" in load_error(data)


# --------------------------------------------------------------------------- fuzz


def _fuzz_bases() -> list[str]:
    out = [json.dumps(short_game_record())]
    game = Game(nardy.ruleset("gulbar", cube=True), first=WHITE, seed=1)
    game.roll((6, 6))
    game.play("24/18 24/18")
    game.play(game.legal_plays()[0])
    game.double()
    game.take()
    advance(game, 12, RandomAgent(seed=2))
    out.append(records.to_json(game))
    game = Game(nardy.ruleset("khachapuri"), seed=5)
    advance(game, None, RandomAgent(seed=5))
    out.append(records.to_json(game))
    out.append(json.dumps(match_record()))
    return out


FUZZ_BASES = _fuzz_bases()

json_leaves = (
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | st.sampled_from(["white", "black", "short", "long", "pass", "24/18", "nardy-game", "nardy-match"])
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(["name", "options", "roll", "dice", "play", "steps", "move", "double", "resign", "x"]),
        inner,
        max_size=3,
    ),
    max_leaves=8,
)


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(FUZZ_BASES), label="base")
    if draw(st.booleans(), label="text-level"):
        # character-level edits of the JSON text
        chars = list(text)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(chars) - 1))
            chars[i] = draw(st.sampled_from(list('0123456789[]{},":-x ')))
        return "".join(chars)
    data = json.loads(text)
    for _ in range(draw(st.integers(1, 3), label="edits")):
        node: Any = data
        parent: Any = None
        key: Any = None
        # descend into a random child a random number of levels
        while isinstance(node, (dict, list)) and node and (parent is None or draw(st.booleans())):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            parent, key = node, draw(st.sampled_from(keys))
            node = node[key]
        if parent is None:
            continue
        action = draw(st.sampled_from(["replace", "delete", "insert"]))
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, draw(json_values))
        else:
            parent[draw(st.text(max_size=4))] = draw(json_values)
    return json.dumps(data)


def load_or_record_error(text: str) -> None:
    try:
        loaded = records.from_json(text)
    except RecordError as exc:
        assert str(exc)
        return
    assert isinstance(loaded, (Game, Match))
    # whatever loads is a consistent record: saving it again loads to the same state
    again = records.from_json(records.to_json(loaded))
    if isinstance(loaded, Game):
        assert isinstance(again, Game)
        assert again.history == loaded.history and again.position == loaded.position
        assert again.result() == loaded.result()


@settings(max_examples=examples(150))
@given(mutated_records())
def test_fuzz_mutated_records_load_or_raise_record_error(text: str) -> None:
    load_or_record_error(text)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d["rules"].__setitem__("options", [["cube", True]]),
        lambda d: d["rules"].__setitem__("options", "cube"),
        lambda d: d["rng"][1].__setitem__(3, -1),
        lambda d: d["rng"].__setitem__(1, [2**33] * 625),
        lambda d: d["events"][0].__setitem__("dice", {"a": 1}),
        lambda d: d["events"][1].__setitem__("steps", [[None, 1, 2, 3]]),
        lambda d: d.__setitem__("crawford", {"x": 1}),
        lambda d: d.__setitem__("start", ["short"]),
        lambda d: d.__setitem__("opening", {"white": 3}),
    ],
    ids=[
        "options-list",
        "options-str",
        "rng-negative",
        "rng-overflow",
        "dice-object",
        "steps-null",
        "crawford-object",
        "start-list",
        "opening-object",
    ],
)
def test_targeted_mutations_load_or_raise_record_error(mutate: Callable[[dict], None]) -> None:
    data = short_game_record()
    mutate(data)
    load_or_record_error(json.dumps(data))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.__setitem__("length", "x"),
        lambda d: d.__setitem__("length", None),
        lambda d: d.__setitem__("length", {}),
        lambda d: d["rules"].__setitem__("options", [1]),
        lambda d: d.__setitem__("games", [5]),
        lambda d: d["games"].append({"format": "nardy-game"}),
    ],
    ids=["length-text", "length-null", "length-object", "options-list", "game-int", "game-empty"],
)
def test_targeted_match_mutations_load_or_raise_record_error(mutate: Callable[[dict], None]) -> None:
    data = match_record()
    mutate(data)
    load_or_record_error(json.dumps(data))
