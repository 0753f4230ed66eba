"""Steps given from outside, board keys, explanations of legal plays, and rulesets
pickled by their class.

* A :class:`~nardy.Step` is a step there can be only when its target is its
  source less its die (or off, for a bear-off with a die of the distance or
  more) and a checker borne off hits nothing; every entry point that takes
  steps refuses any other with the same error (one check,
  :func:`nardy.core.check_steps`).
* :meth:`nardy.RuleSet.explain` says a legal play is legal.
* :meth:`nardy.RuleSet.hit_points` reads the keys the search made and refuses
  any other int.
* A ruleset pickles as its class with its options, so that a class of one's own,
  registered or not, comes back as itself (on a spawned worker too).
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nardy
from conftest import RULESETS, dice_st, examples, get_rules, reached_positions
from nardy import Game, IllegalPlayError, Play, Step
from nardy.core import check_steps
from nardy.notation import to_notation
from nardy.rules import Long, Short, register

SHORT = nardy.ruleset("short")
START = SHORT.initial_position()


def _sound(source: int, target: int, die: int, hit: bool) -> bool:
    """A step there can be, from the meaning of Step's fields (RULES.md 1.3, 3.4)."""
    if target == 0:  # borne off: the exact distance, or a larger die
        return not hit and die >= source
    return source - die == target


# --------------------------------------------------------------------------- steps


@given(
    st.integers(1, 25), st.integers(0, 24), st.integers(1, 6), st.booleans(),
)
def test_check_steps_takes_exactly_the_steps_there_can_be(source: int, target: int, die: int, hit: bool) -> None:
    step = Step(source, target, die, hit)
    if _sound(source, target, die, hit):
        assert check_steps([step]) == (step,)
    else:
        with pytest.raises(IllegalPlayError, match=r"^not a step: Step\("):
            check_steps([step])


def test_a_target_that_is_not_source_less_die_is_refused_everywhere_alike() -> None:
    bad = Step(24, 14, 6)  # a 6 from 24 reaches 18
    message = "not a step: Step(source=24, target=14, die=6, hit=False) (a 6 from 24 reaches 18)"
    game = Game(SHORT, seed=1)
    game.play(game.legal_plays()[0])
    game.roll((6, 5))
    calls = {
        "next_steps": lambda: SHORT.next_steps(START, (6, 5), [bad]),
        "play_from_steps": lambda: SHORT.play_from_steps(START, (6, 5), [bad, Step(13, 8, 5)]),
        "position_after_steps": lambda: SHORT.position_after_steps(START, (6, 5), [bad]),
        "explain": lambda: SHORT.explain(START, (6, 5), [bad, Step(13, 8, 5)]),
        "apply": lambda: SHORT.apply(START, Play((bad, Step(13, 8, 5)), (6, 5))),
        "Game.play": lambda: game.play(Play((bad, Step(13, 8, 5)), (6, 5))),
        "Game.next_steps": lambda: game.next_steps(prefix=[bad]),
        "to_notation": lambda: to_notation(Play((bad,), (6, 5))),
    }
    for name, call in calls.items():
        with pytest.raises(IllegalPlayError) as info:
            call()
        assert str(info.value) == message, name
    assert game.dice == (6, 5) and game.plies == 1  # nothing was played


def test_a_checker_borne_off_hits_nothing() -> None:
    pos = nardy.Position.from_string("short 5:1 24:2,13:5,8:3,6:5 w 11")
    with pytest.raises(IllegalPlayError, match=r"\(a checker borne off hits nothing\)$"):
        SHORT.next_steps(pos, (6, 5), [Step(5, 0, 6, True)])
    assert SHORT.next_steps(pos, (6, 5), [Step(5, 0, 6)]) == ()  # the same step without the hit: the play


def test_steps_in_a_set_have_no_order() -> None:
    with pytest.raises(IllegalPlayError, match="steps must be a sequence of Step values"):
        SHORT.play_from_steps(START, (6, 5), {Step(24, 18, 6), Step(18, 13, 5)})  # type: ignore[arg-type]


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=examples(40))
@given(data=st.data(), dice=dice_st)
def test_the_steps_of_legal_plays_pass_the_check(name: str, data: st.DataObject, dice: tuple[int, int]) -> None:
    rules = get_rules(name)
    pos = data.draw(reached_positions(name))
    for play in rules.legal_plays(pos, dice):
        assert check_steps(play.steps) == play.steps
        assert all(_sound(*step) for step in play.steps)


# --------------------------------------------------------------------------- explain


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=examples(40))
@given(data=st.data(), dice=dice_st)
def test_explain_says_a_legal_play_is_legal(name: str, data: st.DataObject, dice: tuple[int, int]) -> None:
    rules = get_rules(name)
    pos = data.draw(reached_positions(name))
    high, low = max(dice), min(dice)
    for play in rules.legal_plays(pos, dice):
        text = " ".join(map(str, play.steps)) or "pass"
        assert rules.explain(pos, dice, play.steps) == f"{text}: a legal play of {high}-{low}"
        if len(play.steps) > 1:  # a part of it is not a play: the explanation names a rule
            assert "a legal play" not in rules.explain(pos, dice, play.steps[:-1])


# --------------------------------------------------------------------------- board keys


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=examples(40))
@given(data=st.data(), dice=dice_st)
def test_hit_points_reads_the_keys_of_legal_plays(name: str, data: st.DataObject, dice: tuple[int, int]) -> None:
    rules = get_rules(name)
    pos = data.draw(reached_positions(name))
    for play in rules.legal_plays(pos, dice):
        assert play.key is not None
        assert rules.hit_points(play.key) == {step.target for step in play.steps if step.hit}


@pytest.mark.parametrize("key", [2**70, 1, 2**300, 10**5000], ids=["2**70", "1", "2**300", "10**5000"])
def test_hit_points_refuses_an_int_that_is_no_board_key(key: int) -> None:
    # a board key holds one byte per count of 15 checkers: 2**70 is 64 checkers on a point,
    # 1 is one checker, 2**300 is beyond the key's bits
    with pytest.raises(IllegalPlayError, match=r"^not a board key: .* \(a board key is a Play.key of the search\)$"):
        SHORT.hit_points(key)


# --------------------------------------------------------------------------- pickling by class


class Renamed(Long):
    """A ruleset of one's own that is not registered."""

    name = "test_steps_keys_renamed"


class Unnamed(Short):
    """A subclass that keeps its parent's name: only its class tells it apart."""


@register
class Registered(Long):
    name = "test_steps_keys_registered"
    aliases = ()


@pytest.mark.parametrize(
    "rules",
    [Renamed(), Unnamed(), Registered(block_check="step"), nardy.ruleset("long", block_check="step")],
    ids=["unregistered", "parent's name", "registered", "built-in"],
)
def test_a_ruleset_pickles_as_its_class_with_its_options(rules: nardy.RuleSet) -> None:
    again = pickle.loads(pickle.dumps(rules))
    assert type(again) is type(rules) and again == rules and again.options == rules.options
    assert hash(again) == hash(rules)


def _ruleset_class_and_game(game: Game) -> tuple[str, str]:
    return type(game.rules).__qualname__, game.to_string()


def test_a_game_of_an_unregistered_ruleset_reaches_a_spawned_worker() -> None:
    game = Game(Renamed(), seed=1)
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        assert pool.submit(_ruleset_class_and_game, game).result() == ("Renamed", game.to_string())


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (None, "register takes a RuleSet subclass, not None"),
        (SHORT, "register takes a RuleSet subclass, not nardy.ruleset('short')"),
        (int, "register takes a RuleSet subclass, not <class 'int'>"),
        (type("NoName", (Long,), {"name": ""}), "a registered ruleset needs a name (a non-empty str), not ''"),
        (type("OneAlias", (Long,), {"name": "test_steps_keys_one", "aliases": "abc"}),
         "a ruleset's aliases are a tuple of names, not 'abc'"),
    ],
    ids=["None", "instance", "int", "no name", "aliases str"],
)
def test_register_refuses_what_is_no_ruleset_class(cls: object, message: str) -> None:
    before = dict(nardy.rules.REGISTRY), dict(nardy.rules.ALIASES)
    with pytest.raises(nardy.UnknownRuleSetError) as info:
        register(cls)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert (nardy.rules.REGISTRY, nardy.rules.ALIASES) == before


def test_the_game_string_of_an_unregistered_ruleset_reads_back_with_its_rules() -> None:
    game = Game(Renamed(block_check="step"), seed=1)
    text = game.to_string()
    assert text.startswith("test_steps_keys_renamed[block_check=step] 24:15 24:15 ")
    again = Game.from_string(text, rules=Renamed(block_check="step"))
    assert type(again.rules) is Renamed and again.to_string() == text
    with pytest.raises(nardy.UnknownRuleSetError, match="^unknown ruleset 'test_steps_keys_renamed'"):
        Game.from_string(text)  # the registry does not know it: refused, not read as another ruleset


@pytest.mark.parametrize(
    ("value", "shown"),
    [(2, "2"), (-1, "-1"), (10**5000, "an int of 5001 digits"), (None, "None"), ("white", "'white'"), (1.0, "1.0"),
     ((1, 2), "(1, 2)")],
    ids=["2", "-1", "10**5000", "None", "str", "float", "tuple"],
)
def test_player_of_anything_but_0_or_1_is_a_nardy_error(value: object, shown: str) -> None:
    with pytest.raises(nardy.InvalidPositionError) as info:
        nardy.Player(value)
    assert str(info.value) == f"player must be Player.WHITE or Player.BLACK, not {shown}"
    assert isinstance(info.value, ValueError)  # as an enum's own refusal is
    assert (nardy.Player(0), nardy.Player(1)) == (nardy.WHITE, nardy.BLACK)


@pytest.mark.parametrize(
    ("field", "value"),
    [("found", None), ("found", "found"), ("turn", 0), ("own_roll", 1), ("ordered", None)],
    ids=["found None", "found str", "turn int", "own_roll int", "ordered None"],
)
def test_afterstates_are_not_built_by_hand(field: str, value: object) -> None:
    args = {"found": SHORT.search(START, (6, 5)), "turn": nardy.BLACK, "own_roll": True, "ordered": False}
    assert list(nardy.Afterstates(**args)) == list(SHORT.afterstates(START, (6, 5)))  # as the search makes it
    with pytest.raises(IllegalPlayError, match=r"^Afterstates are made by RuleSet.afterstates"):
        nardy.Afterstates(**{**args, field: value})


def test_player_of_a_numpy_value() -> None:
    np = pytest.importorskip("numpy")
    assert nardy.Player(np.int64(1)) is nardy.BLACK  # an int by operator.index
    with pytest.raises(nardy.InvalidPositionError, match=r"not array\(\[0\., 0\., 0\.\]\)$"):
        nardy.Player(np.zeros(3))  # not compared with each member (which raises on an array)


@pytest.mark.parametrize(
    "value", [5, -1, 10**5000, None, "PLAYING", 1.0], ids=["5", "-1", "10**5000", "None", "str", "float"]
)
def test_a_gnubg_game_state_is_0_to_4(value: object) -> None:
    from nardy.gnubg import GameState

    with pytest.raises(nardy.NotationError, match=r"^a gnubg game state is 0\.\.4, not "):
        GameState(value)
    assert [GameState(n) for n in range(5)] == list(GameState)
