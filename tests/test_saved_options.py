"""A saved game keeps its ruleset's options: the game string names them in its
first field (``long[first_turn_head=none]``), records list them, and both load
without being told the rules into a game that goes on exactly as the original.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_saved_state import act, follow, same

import nardy
from conftest import examples
from nardy import WHITE, Game, records
from nardy.formats import from_rules_string, from_text, to_rules_string
from nardy.rules import REGISTRY


@st.composite
def rulesets_with_options(draw: st.DrawFn) -> nardy.RuleSet:
    """A registered ruleset with a random selection of its options set to
    random values other than their defaults."""
    cls = REGISTRY[draw(st.sampled_from(sorted(REGISTRY)))]
    options: dict[str, Any] = {}
    for option in cls.OPTIONS:
        others = [
            value for value in option.values if not (value == option.default and type(value) is type(option.default))
        ]
        if others and draw(st.booleans()):
            options[option.name] = draw(st.sampled_from(others))
    try:
        return cls(**options)
    except nardy.OptionError:  # pragma: no cover - options are independent today
        assume(False)
        raise


# --------------------------------------------------------------------------- the ruleset word


def test_the_issue_example_plays_on_with_the_same_rules() -> None:
    rules = nardy.ruleset("long", first_turn_head="none")
    game = Game(rules, first=WHITE)
    game.roll((6, 6))
    text = game.to_string()
    assert text == "long[first_turn_head=none] 24:15 24:15 w 00 roll:6-6 rolls=1-0"
    again = Game.from_string(text)
    assert again.rules == rules
    # first_turn_head="none": no second head checker on the first 6-6, unlike the default
    assert [str(play) for play in again.legal_plays()] == ["24/18"] == [str(p) for p in game.legal_plays()]
    default = Game(nardy.ruleset("long"), first=WHITE)
    default.roll((6, 6))
    assert [str(play) for play in default.legal_plays()] == ["24/18(2)"]


def test_strings_without_options_still_load_with_the_defaults() -> None:
    game = Game.from_string("long 24:15 24:15 w 00 roll:6-6 rolls=1-0")
    assert game.rules == nardy.ruleset("long")
    assert [str(play) for play in game.legal_plays()] == ["24/18(2)"]  # the first 6-6 moves two from the head
    assert Game.from_string("gulbar 24:13,18:2 24:15 b 10 owed:6-6 rolls=1-0 first=w").rules == nardy.ruleset("gulbar")


@settings(max_examples=examples(200), deadline=None)
@given(rules=rulesets_with_options())
def test_ruleset_words_round_trip(rules: nardy.RuleSet) -> None:
    word = to_rules_string(rules)
    assert from_rules_string(word) == rules
    assert word.split() == [word]  # one whitespace-free field
    assert (word == rules.name) == (rules == nardy.ruleset(rules.name))  # only non-defaults are written
    if word != rules.name:
        listed = word[len(rules.name) + 1 : -1].split(",")
        declared = [option.name for option in type(rules).OPTIONS]
        names = [item.split("=")[0] for item in listed]
        assert names == sorted(names, key=declared.index)  # in the order the ruleset declares them


def test_ruleset_word_values_are_written_as_the_command_line_takes_them() -> None:
    rules = nardy.ruleset("khachapuri", owed_head_limit=1, head_limit=3, cube=True, block_rule="none")
    assert to_rules_string(rules) == "khachapuri[cube=true,head_limit=3,block_rule=none,owed_head_limit=1]"
    assert from_rules_string("long[owed_head_limit=none]").option("owed_head_limit") is None
    assert from_rules_string("long[block_rule=none]").option("block_rule") == "none"
    assert from_rules_string("Long-Nardy[cube=true]") == nardy.ruleset("long", cube=True)  # an alias
    assert from_rules_string("long[cube=false]") == nardy.ruleset("long")  # a default, given anyway


@pytest.mark.parametrize(
    "word, error, message",
    [
        ("chess[cube=true]", nardy.UnknownRuleSetError, "unknown ruleset 'chess'"),
        ("long[hide_zone=home]", nardy.OptionError, "long has no option 'hide_zone'"),
        ("long[cube=yes]", nardy.OptionError, "long: option cube='yes' is not allowed; use one of: false, true"),
        ("long[cube_max=2000]", nardy.OptionError, "an int from 2 to 1024"),
        ("long[cube=true,cube=false]", nardy.NotationError, "the option 'cube' is given twice"),
        ("long[cube]", nardy.NotationError, "options look like NAME=VALUE"),
        ("long[]", nardy.NotationError, "options look like NAME=VALUE"),
        ("long[cube=true", nardy.NotationError, "expected a name, optionally with options"),
        ("long[cube=true]x", nardy.NotationError, "expected a name, optionally with options"),
        ("[cube=true]", nardy.NotationError, "expected a name, optionally with options"),
    ],
)
def test_ruleset_words_that_cannot_be_read(word: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        from_rules_string(word)
    assert message in str(info.value)


def test_a_game_string_with_bad_options_names_them() -> None:
    with pytest.raises(nardy.OptionError, match="first_turn_head='sometimes'"):
        Game.from_string("long[first_turn_head=sometimes] 24:15 24:15 w 00 roll")


def test_a_position_string_names_no_options_but_from_text_reads_them() -> None:
    text = "long[first_turn_head=none] 24:15 24:15 w 00"
    with pytest.raises(nardy.InvalidPositionError, match="from_text"):
        nardy.Position.from_string(text)
    rules, pos = from_text(text)
    assert rules == nardy.ruleset("long", first_turn_head="none")
    assert pos == nardy.Position.from_string("long 24:15 24:15 w 00")
    # rules given to from_text take the place of the named ones, of the same family
    assert from_text(text, nardy.ruleset("gulbar"))[0] == nardy.ruleset("gulbar")
    with pytest.raises(nardy.InvalidPositionError, match="family"):
        from_text(text, nardy.ruleset("short"))


def test_records_keep_the_options() -> None:
    rules = nardy.ruleset("long", first_turn_head="none", cube=True)
    game = Game(rules, first=WHITE)
    game.roll((6, 6))
    data = records.to_dict(game)
    assert data["rules"] == {"name": "long", "options": {"first_turn_head": "none", "cube": True}}
    again = records.from_json(records.to_json(game))
    assert isinstance(again, Game) and again.rules == rules
    resumed = Game.from_string(game.to_string())
    assert records.to_dict(resumed)["start"] == game.to_string()


# --------------------------------------------------------------------------- every point of random games


@settings(max_examples=examples(15), deadline=None, suppress_health_check=list(HealthCheck))
@given(rules=rulesets_with_options(), seed=st.integers(0, 10**6))
def test_every_point_of_a_game_with_options_saves_and_restores(rules: nardy.RuleSet, seed: int) -> None:
    """At every point of a random game of a ruleset with random non-default
    options, the game string and the record load without ``rules=`` into the
    same rules and a game that goes on as the original."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    for step in range(100):
        if game.is_over():
            break
        text = game.to_string()
        copy = Game.from_string(text)
        assert copy.rules == rules
        same(game, copy)
        assert copy.to_string() == text
        follow(game.clone(), copy, seed + step)
        again = records.from_json(records.to_json(game, rng=True))
        assert isinstance(again, Game) and again.rules == rules
        same(game, again)
        assert again.history == game.history
        act(game, rng)
