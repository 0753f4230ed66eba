"""Options are typed and declared: reading one a ruleset does not declare is an
error, never a silent default (RULES.md Appendix B)."""

from __future__ import annotations

import pytest

import nardy


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_every_declared_option_reads_back(name: str) -> None:
    rules = nardy.ruleset(name)
    for option in type(rules).OPTIONS:
        assert rules.option(option.name) == option.default
        assert rules.options[option.name] == option.default
        assert option.name in rules.options
    assert dict(rules.options) == {o.name: o.default for o in type(rules).OPTIONS}


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
def test_an_undeclared_option_is_an_error(name: str) -> None:
    rules = nardy.ruleset(name)
    with pytest.raises(nardy.OptionError, match="has no option 'head_limt'"):
        rules.option("head_limt")
    with pytest.raises(nardy.OptionError):
        rules.options["head_limt"]
    with pytest.raises(nardy.OptionError):  # get() gives no default for a misspelt name
        rules.options.get("head_limt", 1)
    assert "head_limt" not in rules.options
    with pytest.raises(nardy.OptionError, match="its options are"):
        nardy.ruleset(name, head_limt=1)


def test_options_belong_to_their_ruleset() -> None:
    assert "hide_zone" in nardy.ruleset("caucasian").options
    assert "hide_zone" not in nardy.ruleset("short").options
    with pytest.raises(nardy.OptionError):
        nardy.ruleset("long").option("hide_zone")
    # Fevga has no head limit (its runner rule replaces it), so no head options
    fevga = nardy.ruleset("fevga").options
    assert "head_limit" not in fevga and "owed_head_limit" not in fevga


def test_options_are_read_only() -> None:
    options = nardy.ruleset("short").options
    with pytest.raises(TypeError):
        options["cube"] = True  # type: ignore[index]
    assert options == nardy.ruleset("short").options


def test_the_turn_flow_methods_of_rulesets_are_deprecated_aliases() -> None:
    rules = nardy.ruleset("gulbar")
    with pytest.warns(DeprecationWarning, match="turn_flow.opening"):
        pending = rules.opening(nardy.WHITE, (6, 5))
    assert pending == rules.turn_flow.opening(nardy.WHITE, (6, 5))
    with pytest.warns(DeprecationWarning, match="TurnFlow.next_turn"):
        assert rules.next_turn(pending, nardy.BLACK).player == nardy.BLACK
    game = nardy.Game(rules, first=nardy.WHITE)
    game.roll((6, 5))
    play = game.legal_plays()[0]
    after = rules.apply(game.position, play)
    with pytest.warns(DeprecationWarning, match="turn_flow.after_play"):
        assert rules.after_play(game.pending, after, play) == rules.turn_flow.after_play(game.pending, after, play)
