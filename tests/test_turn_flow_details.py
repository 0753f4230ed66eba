"""RULES.md 4.8: the turn-flow details of Gulbar, Khachapuri and the cascade family,
each with X = White and X = Black."""

from __future__ import annotations

import copy
import inspect
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_notation import parse_diagram

import nardy
from conftest import examples
from nardy import Game, PlayContext, Player
from nardy import flow as flow_module
from nardy._pending_dict import dict_init
from nardy.flow import ROLL_CONTEXT, Cascade, GulbarDoubles, Pending, TurnFlow

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])

#: X's 3-3 cascade can be played in full, the 4-4 stage not at all (found by search)
STUCK_STAGE = (
    "X{21:1, 20:2, 19:2, 18:1, 17:1, 11:1, 8:3, 3:2, 2:1, 1:1}; "
    "O{24:1, 22:1, 18:1, 17:2, 16:2, 11:1, 4:1, 3:2, 2:2, 1:2}"
)
#: X's head checkers cannot move at all: O holds X's 13..19 (its 1..7)
WALLED = "X{24:15}; O{7:3, 6:2, 5:2, 4:2, 3:2, 2:2, 1:2}"


def setup(rules: nardy.RuleSet, text: str, x: Player, moved: bool = True) -> Game:
    pos = parse_diagram(text).to_position(rules, x, x_moved=moved, o_moved=moved)
    return Game(rules, first=x, position=pos)


def heads(play: nardy.Play) -> int:
    return sum(1 for s in play.steps if s.source == 24)


# --------------------------------------------------------------------------- head allowance


@COLOURS
@pytest.mark.parametrize("per_stage", [1, 2])
def test_the_rolled_double_is_a_stage_with_its_own_head_allowance(x: Player, per_stage: int) -> None:
    """Every stage, the rolled double included, gets crazy_head_per_stage head checkers."""
    rules = nardy.ruleset("crazy", crazy_head_per_stage=per_stage)
    game = setup(rules, "X{24:13, 10:2}; O{1:15}", x)
    game.roll((6, 6))
    assert game.pending.context.cascade
    assert max(heads(p) for p in game.legal_plays()) == per_stage


@COLOURS
def test_the_first_turn_exception_still_applies_to_a_rolled_double(x: Player) -> None:
    rules = nardy.ruleset("crazy")
    game = setup(rules, "X{24:15}; O{24:15}", x, moved=False)
    game.roll((6, 6))
    assert [str(p) for p in game.legal_plays()] == ["24/18(2)"]


@COLOURS
def test_owed_stages_have_owed_head_limit(x: Player) -> None:
    rules = nardy.ruleset("crazy_gulbar")
    game = setup(rules, STUCK_STAGE, x)
    game.roll((3, 3))
    game.play("21/18 20/17(2) 11/8")
    game.play(game.legal_plays()[0])  # the 4-4 stage: nothing can be played
    assert game.pending.context == PlayContext("owed")
    values = rules.expand_dice(game.dice or (), game.pending.context)
    assert rules.head_allowance(game.position, values, game.pending.context) == rules.option("owed_head_limit")


@COLOURS
def test_khachapuri_owed_head_limit_one_is_honoured(x: Player) -> None:
    """Khachapuri has no head rule, but a user who sets owed_head_limit=1 gets
    4.4's allowance for owed steps."""
    limited = nardy.ruleset("khachapuri", owed_head_limit=1)
    free = nardy.ruleset("khachapuri")
    pos = limited.initial_position()
    owed = PlayContext("owed")
    assert max(heads(p) for p in limited.legal_plays(pos, (5, 5), owed)) == 1
    assert max(heads(p) for p in free.legal_plays(pos, (5, 5), owed)) == 2
    assert max(heads(p) for p in limited.legal_plays(pos, (5, 5))) == 4  # its own roll: no head rule


@COLOURS
def test_a_turn_allowance_does_not_count_head_checkers_of_an_owed_play(x: Player) -> None:
    rules = nardy.ruleset("gulbar", head_limit_scope="turn")
    game = setup(rules, "X{24:15}; O{24:15}", x, moved=False)
    game.roll((6, 6))
    game.play("24/18(2)")  # first-turn exception; two 6s owed by O
    game.play("24/18")  # O's owed play moves a head checker
    assert game.turn == x.other and game.pending.context == ROLL_CONTEXT
    game.roll((4, 4))
    assert game.pending.context.head_used == 0


# --------------------------------------------------------------------------- stages that cannot be played


@COLOURS
def test_crazy_a_later_stage_with_no_playable_step_ends_the_cascade(x: Player) -> None:
    game = setup(nardy.ruleset("crazy"), STUCK_STAGE, x)
    game.roll((3, 3))
    game.play("21/18 20/17(2) 11/8")
    assert game.dice == (4, 4, 4, 4) and game.legal_plays()[0].is_pass
    game.play(game.legal_plays()[0])
    assert game.pending.phase == "roll" and game.turn == x.other and game.pending.owed == ()


@COLOURS
@pytest.mark.parametrize("name", ["giul", "crazy_gulbar"])
def test_a_later_stage_with_no_playable_step_is_owed_with_the_later_ones(x: Player, name: str) -> None:
    game = setup(nardy.ruleset(name), STUCK_STAGE, x)
    game.roll((3, 3))
    game.play("21/18 20/17(2) 11/8")
    game.play(game.legal_plays()[0])
    assert game.turn == x.other and game.pending.context.kind == "owed"
    assert game.dice == (4, 4, 4, 4) and game.pending.owed == ((5, 5, 5, 5), (6, 6, 6, 6))


@COLOURS
def test_nothing_is_owed_past_a_stop(x: Player) -> None:
    """The last checker comes home on the first step of 2-2 and no bear-off is
    possible: the stage's three steps are owed, no later stage."""
    game = setup(nardy.ruleset("crazy_gulbar"), "X{8:1, 3:14}; O{13:1, 1:14}", x)
    game.roll((2, 2))
    assert [str(p) for p in game.legal_plays()] == ["8/6"]
    game.play("8/6")
    assert game.turn == x.other and game.dice == (2, 2, 2) and game.pending.owed == ()


# --------------------------------------------------------------------------- the fourth-step rule


@COLOURS
def test_plays_differ_by_whether_the_last_checker_came_home_on_the_fourth_step(x: Player) -> None:
    """Same board, different stop outcome: two plays, and the player chooses."""
    rules = nardy.ruleset("crazy_gulbar", home_moves_after_all_home=True)
    game = setup(rules, "X{7:1, 5:1} Xoff=13; O{1:15}", x)
    game.roll((1, 1))
    legal = game.legal_plays()
    texts = sorted(str(p) for p in legal)
    assert "5/2 7/6" in texts and "7/6 5/2" in texts
    assert len({rules.apply(game.position, p) for p in legal}) == len(legal) - 1
    late = game.clone()
    late.play("5/2 7/6")  # home on the fourth step: one more stage, then stop
    assert late.turn == x and late.dice == (2, 2, 2, 2) and late.pending.context.final
    early = game.clone()
    early.play("7/6 5/2")  # home on the first step: the cascade stops now
    assert early.turn == x.other and early.pending.phase == "roll"


# --------------------------------------------------------------------------- exempt rolls and transfers


@COLOURS
def test_an_exempt_double_is_played_as_in_long(x: Player) -> None:
    rules = nardy.ruleset("crazy_gulbar", cascade_exempt_rolls=1)
    game = setup(rules, "X{24:13, 10:2}; O{1:15}", x)
    game.roll((2, 2))
    assert not game.pending.context.cascade
    game.play(game.legal_plays()[0])
    assert game.turn == x.other and game.pending.phase == "roll" and game.pending.owed == ()
    game.roll((1, 2))
    game.play(game.legal_plays()[0])
    game.roll((2, 2))  # X's second roll: the cascade applies
    assert game.pending.context.cascade


@COLOURS
@pytest.mark.parametrize("transfer", [True, False])
def test_transfer_if_none_played_governs_non_doubles_too(x: Player, transfer: bool) -> None:
    rules = nardy.ruleset("gulbar", transfer_non_doubles=True, transfer_if_none_played=transfer)
    game = setup(rules, WALLED, x)
    game.roll((6, 5))
    assert game.legal_plays()[0].is_pass
    game.play(game.legal_plays()[0])
    if transfer:
        assert game.pending.context.kind == "owed" and game.dice == (6, 5)
    else:
        assert game.pending.phase == "roll" and game.turn == x.other


@COLOURS
def test_without_cascade_owed_nothing_of_a_cascade_is_owed(x: Player) -> None:
    rules = nardy.ruleset("crazy", transfer_if_none_played=True)
    game = setup(rules, WALLED, x)
    game.roll((5, 5))
    game.play(game.legal_plays()[0])
    assert game.pending.phase == "roll" and game.turn == x.other and game.pending.owed == ()


@COLOURS
def test_owed_non_double_values_follow_the_larger_die_rule(x: Player) -> None:
    """Owed values {a, b} of a non-double are played under 2.3 and 2.4."""
    rules = nardy.ruleset("gulbar")
    # either value can be played, not both (X's 1 is held): the larger one is
    pos = parse_diagram("X{10:1} Xoff=14; O{24:14, 13:1}").to_position(rules, x)
    assert [str(p) for p in rules.legal_plays(pos, (6, 3), PlayContext("owed"))] == ["10/4"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"dice": (7, 0)}, "dice are a tuple of 1 to 4 values 1..6, not (7, 0)"),
        ({"dice": None}, "a state of phase 'play' has dice to play"),
        ({"phase": []}, "phase is 'roll', 'cube', 'play' or 'over', not []"),
        ({"player": 0}, "player is a Player or None, not 0"),
        ({"cube_owner": "white"}, "cube_owner is a Player or None, not 'white'"),
        ({"owed": ((6, 6, 6, 6, 6),)}, "owed is a tuple of tuples of 1 to 4 values 1..6"),
        ({"context": "roll"}, "context is a PlayContext, not 'roll'"),
        ({"rolls": (10**12, 0)}, "rolls are two counts 0..9999 (White, Black)"),
        ({"rolls": [1, 0]}, "rolls are two counts 0..9999 (White, Black), not [1, 0]"),
        ({"cube": "2"}, "the cube and the offer are ints, not '2' and 0"),
        ({"offer": 2.0}, "the cube and the offer are ints, not 1 and 2.0"),
        ({"extra_turn": 1}, "extra_turn is True or False, not 1"),
        ({"beavered": None}, "beavered is True or False, not None"),
        ({"crawford": "no"}, "crawford is True or False, not 'no'"),
    ],
)
def test_a_state_of_fields_of_the_wrong_type_is_refused_when_made(fields: dict[str, object], message: str) -> None:
    """The same GameStateError in both builds, naming the field, when a state is made
    and when a copy is made with new values (a compiled build would otherwise refuse
    the field with a TypeError of its own, or keep it)."""
    good = {"phase": "play", "player": Player.WHITE, "dice": (6, 5)}
    with pytest.raises(nardy.GameStateError, match=f"^pending: {re.escape(message)}"):
        Pending(**{**good, **fields})
    state = Pending(**good)
    with pytest.raises(nardy.GameStateError, match=f"^pending: {re.escape(message)}"):
        state.replace(**fields)
    assert state == Pending(**good)  # (unchanged)


def test_a_state_is_an_immutable_value() -> None:
    """Fields cannot be set or deleted; equal fields make equal states, with equal
    hashes; a copy or a pickle is an equal state; an unknown field is refused."""
    state = Pending("play", Player.WHITE, dice=(6, 5), rolls=(1, 0), cube=2, cube_owner=Player.BLACK)
    with pytest.raises(AttributeError):
        state.phase = "roll"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.dice
    assert state.phase == "play" and state.dice == (6, 5)
    twin = Pending("play", Player.WHITE, (6, 5), rolls=(1, 0), cube=2, cube_owner=Player.BLACK)
    assert state == twin and hash(state) == hash(twin) and not state != twin
    assert state != state.replace(cube=4) and state != ("play", Player.WHITE)
    for copied in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(copied) is Pending and copied == state
    assert Pending("roll") == Pending(
        "roll", None, None, ROLL_CONTEXT, (), None, False, (0, 0), 1, None, 0, False, False
    )  # the defaults
    with pytest.raises(TypeError, match="Pending has no field 'dicee'"):
        state.replace(dicee=(6, 6))
    with pytest.raises(nardy.GameStateError, match="takes a state of phase 'roll', not 'play'"):
        nardy.ruleset("short").turn_flow.after_roll(state, (6, 5))


@pytest.mark.parametrize(
    ("policy", "arguments"),
    [
        (TurnFlow, {"opening_reroll": 1}),
        (TurnFlow, {"last_roll_draw": "yes"}),
        (GulbarDoubles, {"transfer_non_doubles": None}),
        (Cascade, {"owed": 0}),
        (Cascade, {"stop": "never"}),
        (Cascade, {"stop": ["all_home"]}),
        (Cascade, {"exempt_rolls": -1}),
        (Cascade, {"exempt_rolls": True}),
    ],
)
def test_a_policy_refuses_a_flag_of_the_wrong_kind(policy: type[TurnFlow], arguments: dict[str, object]) -> None:
    """The same OptionError in both builds (a compiled constructor would otherwise
    raise its own TypeError, and the pure one keep the value)."""
    (name,) = arguments
    with pytest.raises(nardy.OptionError, match=f"{policy.__name__}: {name} is"):
        policy(**arguments)


_FIELD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 10_000), st.sampled_from([10**30, 2.0, "2", "roll", "play", []]),
    st.sampled_from(
        [Player.WHITE, Player.BLACK, ROLL_CONTEXT, PlayContext("owed"), PlayContext("stage", 3, cascade=True)]
    ),
    st.tuples(st.integers(0, 7), st.integers(0, 7)),
    st.lists(st.integers(0, 7), max_size=5).map(tuple),
    st.lists(st.lists(st.integers(1, 6), min_size=1, max_size=5).map(tuple), max_size=3).map(tuple),
)


@given(st.dictionaries(st.sampled_from(Pending.__match_args__), _FIELD_VALUES, max_size=5))
@settings(max_examples=examples(400))
def test_a_state_is_made_or_refused_with_a_game_state_error(fields: dict[str, object]) -> None:
    """Any fields: the constructor makes a state (which reads its fields back, and whose
    repr, pickle and replace() give it again) or raises GameStateError, in both builds
    (never the compiled build's TypeError of a field it would store)."""
    fields = {"phase": "roll", **fields}
    try:
        state = Pending(**fields)
    except nardy.GameStateError as error:
        assert str(error).startswith("pending: ")
        return
    for name, value in fields.items():
        assert getattr(state, name) == value and type(getattr(state, name)) is type(value)
    assert eval(repr(state), {"Pending": Pending, "Player": Player, "PlayContext": PlayContext}) == state
    assert pickle.loads(pickle.dumps(state)) == state == state.replace() == state.replace(**fields)
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)


def test_the_fields_are_listed_alike_in_both_builds_constructors() -> None:
    """Pending's fields, their order and defaults: the same in the match arguments, the
    pure build's constructor and a state made with only its phase."""
    names = [name for name, _ in flow_module._PENDING_DEFAULTS]
    assert list(Pending.__match_args__) == names
    params = list(inspect.signature(dict_init).parameters.values())[1:]
    assert [p.name for p in params] == [*names, "_checked"]
    for param, (_, default) in zip(params[1:], flow_module._PENDING_DEFAULTS[1:], strict=False):
        assert param.default == default, param.name
    fresh = Pending("over")
    assert [getattr(fresh, name) for name in names[1:]] == [d for _, d in flow_module._PENDING_DEFAULTS[1:]]


def test_the_count_of_own_rolls_stops_at_its_largest_value() -> None:
    """A game resumed with the largest counts of own rolls goes on rolling, and every
    state it reaches can be pickled and written as a game string."""
    rules = nardy.ruleset("short")
    game = Game(rules, pending=Pending("roll", Player.WHITE, first_player=Player.WHITE, rolls=(9999, 9999)))
    game.roll((6, 5))
    assert game.pending.rolls == (9999, 9999)
    assert pickle.loads(pickle.dumps(game)).pending == game.pending
    assert Game.from_string(game.to_string(), rules=rules).pending == game.pending
