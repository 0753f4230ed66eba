"""Bad input raises nardy errors whose messages say what is wrong; inputs are never mutated."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import nardy
from nardy import Game, Play, Player, Step

SHORT = nardy.ruleset("short")
LONG = nardy.ruleset("long")

START_SHORT = list(SHORT.initial_position().white)  # 2 on 24, 5 on 13, 3 on 8, 5 on 6


def raises(exc: type[Exception], func: Callable[[], object], *words: str) -> str:
    """Call ``func``; it must raise ``exc`` (a NardyError) whose message contains every word
    (case-insensitive). Returns the message."""
    with pytest.raises(exc) as info:
        func()
    assert isinstance(info.value, nardy.NardyError)
    assert isinstance(info.value, ValueError)
    msg = str(info.value)
    for w in words:
        assert w.lower() in msg.lower(), f"{w!r} not in message {msg!r}"
    return msg


def pts(spec: dict[int, int]) -> list[int]:
    out = [0] * 24
    for p, n in spec.items():
        out[p - 1] = n
    return out


def short_pos(white: dict[int, int], black: dict[int, int], **kw: object) -> nardy.Position:
    return SHORT.position(white=pts(white), black=pts(black), **kw)


def long_pos(white: dict[int, int], black: dict[int, int], **kw: object) -> nardy.Position:
    return LONG.position(white=pts(white), black=pts(black), **kw)


# --------------------------------------------------------------------------- error hierarchy


def test_error_hierarchy() -> None:
    for cls in (
        nardy.InvalidPositionError,
        nardy.InvalidDiceError,
        nardy.NotationError,
        nardy.IllegalPlayError,
        nardy.OptionError,
        nardy.UnknownRuleSetError,
        nardy.GameStateError,
    ):
        assert issubclass(cls, nardy.NardyError)
    assert issubclass(nardy.NardyError, ValueError)


# --------------------------------------------------------------------------- malformed positions


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"white": [0] * 23}, ("24", "23")),  # too short
        ({"white": START_SHORT + [0]}, ("24", "25")),  # too long
        ({"black": [0] * 10}, ("black", "24")),
        ({"white": [-1] + START_SHORT[1:]}, ("white", "point 1", "-1")),
        ({"white": pts({6: 16})}, ("white", "16", "15")),  # more than 15
        ({"white": pts({6: 14}), "white_bar": 2}, ("white", "16", "15")),  # board + bar > 15
        ({"white_bar": -1}, ("bar", "-1")),
        ({"black_bar": 1.5}, ("bar", "1.5")),
        ({"white": [1.0] + [0] * 23}, ("white", "point 1", "1.0")),
        ({"white": ["1"] + [0] * 23}, ("white", "point 1", "'1'")),
        ({"white": [None] * 24}, ("white", "point 1", "None")),
        ({"white": "x" * 24}, ("24 ints",)),
        ({"white": None}, ("24 ints",)),
        ({"white": 15}, ("24 ints",)),
        ({"turn": 0}, ("turn", "0")),
        ({"turn": "white"}, ("turn", "'white'")),
        ({"turn": None}, ("turn", "None")),
        ({"white_moved": 1}, ("white_moved", "bool")),
    ],
)
def test_malformed_short_positions(kwargs: dict, words: tuple[str, ...]) -> None:
    args = {"white": START_SHORT, "black": START_SHORT, **kwargs}
    raises(nardy.InvalidPositionError, lambda: SHORT.position(**args), *words)


def test_both_sides_on_one_point_short() -> None:
    # White's point 1 is Black's point 24, where Black has its back checkers
    white = pts({1: 1, 6: 14})
    msg = raises(
        nardy.InvalidPositionError, lambda: SHORT.position(white=white, black=START_SHORT), "both"
    )
    assert "1" in msg and "24" in msg


def test_both_sides_on_one_point_long() -> None:
    # White's head (24) is Black's 12
    raises(
        nardy.InvalidPositionError,
        lambda: LONG.position(white=pts({24: 15}), black=pts({12: 1, 24: 14})),
        "both",
        "24",
        "12",
    )


@pytest.mark.parametrize("rules", [SHORT, LONG], ids=["short", "long"])
def test_one_checker_of_each_side_is_refused_exactly_on_a_shared_point(rules: nardy.RuleSet) -> None:
    """Every pair of points: White's k and Black's j are one point exactly when
    to_other_numbering maps k to j (RULES.md 1.2), and only then is it refused."""
    for k in range(1, 25):
        for j in range(1, 25):
            white, black = pts({k: 1, 7 if k != 7 else 8: 14}), pts({j: 1})
            shared = nardy.core.to_other_numbering(rules.family, k) == j
            other = nardy.core.to_other_numbering(rules.family, 7 if k != 7 else 8)
            if other == j:
                continue  # White's fourteen are there too
            if shared:
                raises(nardy.InvalidPositionError, lambda: rules.position(white=white, black=black),  # noqa: B023 - called here
                       f"White's point {k} (Black's {j})")
            else:
                assert rules.position(white=white, black=black).points(Player.BLACK)[j - 1] == 1


def test_bar_in_long_family() -> None:
    raises(
        nardy.InvalidPositionError,
        lambda: LONG.position(white=pts({24: 14}), black=pts({24: 15}), white_bar=1),
        "bar",
        "long",
    )
    raises(
        nardy.InvalidPositionError,
        lambda: LONG.position(white=pts({24: 15}), black=pts({24: 14}), black_bar=1),
        "bar",
        "long",
    )


def test_position_of_the_wrong_family() -> None:
    raises(
        nardy.InvalidPositionError,
        lambda: SHORT.legal_plays(LONG.initial_position(), (6, 5)),
        "long",
        "short",
    )


# --------------------------------------------------------------------------- bad dice


@pytest.mark.parametrize(
    "dice,words",
    [
        ((0, 3), ("1..6", "0")),
        ((7, 1), ("1..6", "7")),
        ((3, -2), ("1..6",)),
        ((1, 2, 3), ("two dice",)),
        ((3,), ("two dice",)),
        ((), ("two dice",)),
        (("3", "4"), ("1..6", "'3'")),
        ("34", ("1..6",)),
        ((3.0, 4), ("1..6", "3.0")),
        ((True, 2), ("1..6",)),
        (None, ("dice", "None")),
        (34, ("dice", "34")),
    ],
)
def test_bad_dice_for_legal_plays(dice: object, words: tuple[str, ...]) -> None:
    raises(nardy.InvalidDiceError, lambda: SHORT.legal_plays(SHORT.initial_position(), dice), *words)


@pytest.mark.parametrize("dice", [(0, 3), (7, 3), (3, 3, 3), "33", (3,), ("3", "3"), (2.0, 3)])
def test_bad_dice_for_game_roll(dice: object) -> None:
    game = Game(SHORT, first=Player.WHITE)
    raises(nardy.InvalidDiceError, lambda: game.roll(dice), "dice")
    # nothing happened: the game still waits for a roll
    assert game.dice is None
    assert game.roll((3, 1)) == (3, 1)


def test_bad_dice_for_parse_play() -> None:
    raises(nardy.InvalidDiceError, lambda: SHORT.parse_play(SHORT.initial_position(), "24/18", (6, 9)), "1..6")


# --------------------------------------------------------------------------- rulesets and options


def test_unknown_ruleset_lists_the_known_ones() -> None:
    msg = raises(nardy.UnknownRuleSetError, lambda: nardy.ruleset("chess"), "chess")
    for name in ("short", "long", "nardgammon"):
        assert name in msg


def test_ruleset_name_must_be_a_string() -> None:
    raises(nardy.UnknownRuleSetError, lambda: nardy.ruleset(5), "5")  # type: ignore[arg-type]


def test_aliases_resolve() -> None:
    assert nardy.ruleset("backgammon") == SHORT
    assert nardy.ruleset("Long-Nardy") == LONG


def test_unknown_option_lists_the_options() -> None:
    msg = raises(nardy.OptionError, lambda: nardy.ruleset("short", foo=1), "foo", "short")
    assert "max_result" in msg and "opening_roll" in msg
    # an option of another ruleset is unknown here
    msg = raises(nardy.OptionError, lambda: nardy.ruleset("short", head_limit=1), "head_limit")
    assert "max_result" in msg


@pytest.mark.parametrize(
    "name,option,value,allowed",
    [
        ("short", "max_result", "gammon", ("'koks'", "'mars'", "'oin'")),
        ("long", "block_rule", "sometimes", ("'ahead'", "'in_home'", "'forbid'", "'none'")),
        ("nardgammon", "block_check", 1, ("'end'", "'step'")),
        ("long", "head_limit", 0, ("1", "15", "None")),
        ("long", "head_limit", True, ("1", "None")),  # a bool is not the int 1
        ("long", "first_turn_head", "FORMAL", ("'formal'", "'fixed'", "'any_double'", "'none'")),
        ("short", "last_roll_draw", 1, ("False", "True")),
    ],
)
def test_bad_option_value_lists_the_allowed_values(
    name: str, option: str, value: object, allowed: tuple[str, ...]
) -> None:
    raises(nardy.OptionError, lambda: nardy.ruleset(name, **{option: value}), option, repr(value), *allowed)


def test_option_lookup_of_unknown_name() -> None:
    raises(nardy.OptionError, lambda: SHORT.option("head_limit"), "head_limit")


# --------------------------------------------------------------------------- malformed notation


@pytest.mark.parametrize(
    "text,words",
    [
        ("24-", ("24",)),
        ("x/y", ("'x'", "not a point")),
        ("24/25", ("24/25", "higher", "lower")),
        ("13/9*/*", ("13/9*/*", "not a point")),
        ("24//18", ("24//18",)),
        ("18/24", ("18/24", "higher", "lower")),
        ("24/18(5)", ("24/18(5)",)),
        ("*24/18", ("*24/18", "*")),
        ("24/18 13/", ("13/",)),
        ("off/3", ("off/3",)),
        ("6/26", ("26",)),
    ],
)
def test_malformed_notation(text: str, words: tuple[str, ...]) -> None:
    raises(nardy.NotationError, lambda: SHORT.parse_play(SHORT.initial_position(), text, (6, 5)), *words)


def test_notation_must_be_a_string() -> None:
    raises(nardy.NotationError, lambda: SHORT.parse_play(SHORT.initial_position(), 5, (6, 5)), "str")  # type: ignore[arg-type]


def test_notation_that_does_not_fit_the_dice() -> None:
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.parse_play(SHORT.initial_position(), "24/18 18/13 13/8", (6, 5)),
        "dice",
        "6-5",
    )
    # two sixes with a 6-5 (long): the text itself does not fit the roll
    raises(
        nardy.IllegalPlayError,
        lambda: LONG.parse_play(LONG.initial_position(), "24/18 24/18", (6, 5)),
        "dice",
    )


# --------------------------------------------------------------------------- illegal plays name the rule


def test_landing_on_a_closed_point_short() -> None:
    # White's 19 is Black's 6 (five Black checkers)
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.parse_play(SHORT.initial_position(), "24/19 13/11", (5, 2)),
        "24/19",
        "19",
        "closed",
    )


def test_landing_on_an_occupied_point_long() -> None:
    # Black's single checker on its 20 stands on White's 8: closed for White in long nardy
    pos = long_pos({24: 14, 13: 1}, {24: 14, 20: 1})
    raises(nardy.IllegalPlayError, lambda: LONG.parse_play(pos, "13/8 24/23", (5, 1)), "13/8", "8", "opponent")


def test_hitting_a_point_that_has_no_blot() -> None:
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.parse_play(SHORT.initial_position(), "8/5* 6/5", (3, 1)),
        "blot",
    )


def test_must_enter_from_the_bar_first() -> None:
    pos = short_pos({24: 2, 13: 4, 8: 3, 6: 5}, {24: 1, 13: 5, 8: 3, 6: 5}, white_bar=1)
    raises(nardy.IllegalPlayError, lambda: SHORT.parse_play(pos, "13/8 13/10", (5, 3)), "bar", "enter")
    # the legal plays all start by entering
    for play in SHORT.legal_plays(pos, (5, 3)):
        assert play.steps[0].source == nardy.BAR


def test_bearing_off_with_checkers_outside_home() -> None:
    pos = short_pos({8: 1, 6: 5, 5: 5, 4: 4}, {24: 2, 13: 5})
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.parse_play(pos, "6/off 5/off", (6, 5)),
        "borne off",
        "home",
    )


def test_overshoot_bear_off_with_a_checker_higher_up() -> None:
    pos = short_pos({6: 1, 2: 2}, {24: 15})
    raises(nardy.IllegalPlayError, lambda: SHORT.parse_play(pos, "2/off 2/off", (5, 4)), "higher")


def test_not_using_both_dice_when_possible() -> None:
    msg = raises(
        nardy.IllegalPlayError,
        lambda: SHORT.parse_play(SHORT.initial_position(), "24/18", (6, 5)),
        "as many dice as possible",
    )
    assert "2" in msg
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.parse_play(SHORT.initial_position(), "pass", (6, 5)),
        "as many dice as possible",
    )


def test_larger_die_rule() -> None:
    # White: one checker on 24, the rest on 1 (so nothing can bear off); White's 13 is closed.
    # Either 24/18 or 24/19 can be played, never both: the 6 must be played.
    pos = short_pos({24: 1, 1: 14}, {12: 2, 2: 13})
    assert [str(p) for p in SHORT.legal_plays(pos, (6, 5))] == ["24/18"]
    raises(nardy.IllegalPlayError, lambda: SHORT.parse_play(pos, "24/19", (6, 5)), "larger")


def test_head_rule_long() -> None:
    # not the first play: only one checker may leave the head
    pos = long_pos({24: 14, 18: 1}, {24: 14, 20: 1})
    raises(nardy.IllegalPlayError, lambda: LONG.parse_play(pos, "24/18 24/19", (6, 5)), "head")
    raises(nardy.IllegalPlayError, lambda: LONG.parse_play(pos, "24/18(2) 18/12(2)", (6, 6)), "head")
    # first play: two head checkers only when needed (6-5 is not such a case)
    raises(
        nardy.IllegalPlayError,
        lambda: LONG.parse_play(LONG.initial_position(), "24/18 24/19", (6, 5)),
        "head",
    )
    # ... while 6-6 on the first play takes two from the head
    play = LONG.parse_play(LONG.initial_position(), "24/18(2)", (6, 6))
    assert sum(1 for s in play.steps if s.source == 24) == 2


def test_six_block_rule_long() -> None:
    # White holds 20..16 (Black's 8..4); a checker from the head reaching 15 would make
    # six in a row along Black's route (Black's 8..3) with every Black checker behind it.
    pos = long_pos({24: 10, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}, {24: 15})
    legal = {str(p) for p in LONG.legal_plays(pos, (5, 4))}
    assert "24/15" not in legal and "24/20 19/14" in legal
    raises(nardy.IllegalPlayError, lambda: LONG.parse_play(pos, "24/15", (5, 4)), "six", "ahead")


def test_transient_six_block_nardgammon() -> None:
    # In Nardgammon a block may not exist even for a moment: 20/14 then 14/13 is a transient
    # six-block (Black's 2..7); Long allows it, Nardgammon does not.
    ng = nardy.ruleset("nardgammon")
    spec_w = pts({24: 9, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1})
    spec_b = pts({24: 15})
    pos_l = LONG.position(white=spec_w, black=spec_b)
    pos_n = ng.position(white=spec_w, black=spec_b)
    assert "20/13" in {str(p) for p in LONG.legal_plays(pos_l, (6, 1))}
    assert "20/13" not in {str(p) for p in ng.legal_plays(pos_n, (6, 1))}
    raises(nardy.IllegalPlayError, lambda: ng.parse_play(pos_n, "20/14 14/13", (6, 1)), "six")


def test_illegal_play_via_game_leaves_the_game_unchanged() -> None:
    game = Game(SHORT, first=Player.WHITE)
    game.roll((5, 2))
    pos = game.position
    raises(nardy.IllegalPlayError, lambda: game.play("24/19 13/11"), "closed")
    raises(nardy.IllegalPlayError, lambda: game.play("24/18"), "dice")
    # a Play made for other dice
    other = SHORT.legal_plays(SHORT.initial_position(), (6, 5))[0]
    raises(nardy.IllegalPlayError, lambda: game.play(other), "6-5", "5-2")
    raises(nardy.IllegalPlayError, lambda: game.play(42), "42")  # type: ignore[arg-type]
    assert game.position == pos and game.dice == (5, 2) and game.turn == Player.WHITE
    assert game.play("13/8 13/11")


def test_apply_rejects_a_play_from_another_position() -> None:
    play = SHORT.parse_play(SHORT.initial_position(), "24/13", (6, 5))
    # Black to move, with no checker on its 24-point: White's 24/13 makes no sense here
    other = short_pos({24: 2, 13: 5, 8: 3, 6: 5}, {13: 5, 8: 5, 6: 5}, turn=Player.BLACK)
    raises(nardy.IllegalPlayError, lambda: SHORT.apply(other, play), "24")


def test_apply_rejects_something_that_is_not_a_play() -> None:
    """base.RuleSet._key_of has an explicit "expected a Play" check; it must be reached
    (not an AttributeError on ``play._key``)."""
    start = SHORT.initial_position()
    raises(nardy.IllegalPlayError, lambda: SHORT.apply(start, "24/13"), "Play")  # type: ignore[arg-type]
    raises(nardy.IllegalPlayError, lambda: SHORT.apply(start, None), "Play")  # type: ignore[arg-type]


def test_apply_accepts_the_same_play_written_in_another_legal_order() -> None:
    """RULES.md 1.5: a play is identified by its resulting position; 13/8 then 24/18 is a
    legal order of the legal play 24/18 13/8, so apply() must not call it illegal."""
    start = SHORT.initial_position()
    expected = SHORT.apply(start, SHORT.parse_play(start, "24/18 13/8", (6, 5)))
    reordered = Play((Step(13, 8, 5), Step(24, 18, 6)), (6, 5))
    assert SHORT.apply(start, reordered) == expected


def test_apply_accepts_the_dice_in_either_order() -> None:
    start = SHORT.initial_position()
    expected = SHORT.apply(start, SHORT.parse_play(start, "24/18 13/8", (6, 5)))
    play = Play((Step(24, 18, 6), Step(13, 8, 5)), (5, 6))
    assert SHORT.apply(start, play) == expected


def test_apply_names_the_rule_for_a_hand_built_illegal_play() -> None:
    start = SHORT.initial_position()
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.apply(start, Play((Step(24, 19, 5), Step(13, 7, 6)), (6, 5))),
        "closed",
    )
    raises(
        nardy.IllegalPlayError,
        lambda: SHORT.apply(start, Play((Step(24, 18, 6),), (6, 5))),
        "as many dice",
    )


# --------------------------------------------------------------------------- game-state misuse


def test_play_before_roll() -> None:
    game = Game(SHORT, first=Player.WHITE)
    raises(nardy.GameStateError, lambda: game.play("13/8 13/10"), "roll")
    raises(nardy.GameStateError, lambda: game.legal_plays(), "roll")
    raises(nardy.GameStateError, lambda: game.parse_play("13/8"), "roll")


def test_play_before_roll_long_reroll_opening() -> None:
    # long: the opening winner rolls afresh, so after the opening roll the game wants a roll
    game = Game(LONG, seed=3)
    assert game.dice is None
    raises(nardy.GameStateError, lambda: game.play("24/18 24/19"), "roll")


def test_roll_twice() -> None:
    game = Game(SHORT, first=Player.WHITE)
    game.roll((5, 3))
    raises(nardy.GameStateError, lambda: game.roll(), "play")
    raises(nardy.GameStateError, lambda: game.roll((6, 6)), "play")
    assert game.dice == (5, 3)


def test_undo_on_empty_history() -> None:
    game = Game(SHORT, first=Player.WHITE)
    raises(nardy.GameStateError, lambda: game.undo(), "undo")
    game.roll((3, 1))
    game.undo()
    raises(nardy.GameStateError, lambda: game.undo(), "undo")


def test_game_needs_a_ruleset_and_valid_opening() -> None:
    raises(nardy.GameStateError, lambda: Game("short"), "RuleSet")  # type: ignore[arg-type]
    raises(nardy.InvalidDiceError, lambda: Game(SHORT, opening=(4, 4)), "tie")
    raises(nardy.GameStateError, lambda: Game(SHORT, first=Player.WHITE, opening=(4, 3)), "first", "opening")
    raises(nardy.GameStateError, lambda: Game(SHORT, first=0), "first")  # type: ignore[arg-type]
    raises(nardy.InvalidPositionError, lambda: Game(SHORT, position=LONG.initial_position()), "long")


def test_actions_after_the_game_is_over() -> None:
    # White bears off its last checker with any roll
    pos = short_pos({1: 1}, {20: 15})  # Black's 20 is White's 5: koks
    game = Game(SHORT, first=Player.WHITE, position=pos)
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    assert game.is_over()
    raises(nardy.GameStateError, lambda: game.roll(), "over")
    raises(nardy.GameStateError, lambda: game.legal_plays(), "over")
    res = game.result()
    assert res is not None and res.winner == Player.WHITE and res.kind == "koks"


# --------------------------------------------------------------------------- inputs are never mutated


def test_position_copies_its_input_lists() -> None:
    white = list(START_SHORT)
    black = list(START_SHORT)
    pos = SHORT.position(white=white, black=black)
    snapshot = (pos.white, pos.black, hash(pos))
    white[5] = 0
    white[0] = 7
    black.clear()
    assert (pos.white, pos.black, hash(pos)) == snapshot
    assert pos.points(Player.WHITE)[5] == 5 and pos.points(Player.WHITE)[0] == 0
    assert pos.off(Player.BLACK) == 0
    # and position() did not touch the caller's lists
    w2, b2 = list(START_SHORT), list(START_SHORT)
    SHORT.position(white=w2, black=b2, white_bar=0)
    assert w2 == START_SHORT and b2 == START_SHORT


def test_position_is_immutable() -> None:
    pos = SHORT.initial_position()
    with pytest.raises(AttributeError):
        pos.turn = Player.BLACK  # type: ignore[misc]
    with pytest.raises(TypeError):
        pos.white[0] = 3  # type: ignore[index]


def test_rejected_inputs_are_not_mutated() -> None:
    white = pts({6: 16})
    black = list(START_SHORT)
    with pytest.raises(nardy.InvalidPositionError):
        SHORT.position(white=white, black=black)
    assert white == pts({6: 16}) and black == START_SHORT


@pytest.mark.parametrize("rules", [SHORT, LONG, nardy.ruleset("nardgammon")], ids=lambda r: r.name)
def test_legal_plays_and_parse_do_not_mutate(rules: nardy.RuleSet) -> None:
    pos = rules.initial_position()
    fields = (pos.white, pos.black, pos.white_bar, pos.black_bar, pos.turn, pos.white_moved, pos.black_moved)
    dice = [6, 6]
    plays = rules.legal_plays(pos, dice)
    for p in plays:
        rules.apply(pos, p)
        rules.parse_play(pos, str(p), dice)
    with pytest.raises(nardy.NardyError):
        rules.parse_play(pos, "24/12 24/12 24/12", dice)
    assert dice == [6, 6]
    assert (pos.white, pos.black, pos.white_bar, pos.black_bar, pos.turn, pos.white_moved, pos.black_moved) == fields
    assert pos == rules.initial_position()


def test_game_does_not_mutate_a_given_position() -> None:
    pos = short_pos({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, turn=Player.BLACK)
    snapshot = repr(pos)
    game = Game(SHORT, first=Player.WHITE, position=pos)
    game.roll((6, 5))
    game.play(game.legal_plays()[0])
    assert repr(pos) == snapshot and pos.turn == Player.BLACK


def test_messages_mention_the_offending_value() -> None:
    msg = raises(nardy.InvalidPositionError, lambda: SHORT.position(white=pts({3: 20}), black=START_SHORT))
    assert re.search(r"\b20\b", msg) and re.search(r"\b15\b", msg)
