"""Turn flow through the Game API.

* RULES.md 5.7 / 4.7: the Crazy-variant illustrations (Crazy Gulbar cascade stages
  and owed stages, Crazy's unplayable double and all-home stop, Crazy Gulbar's
  fourth-step rule, Giul's unstartable double);
* ``last_roll_draw`` (4.1, 4.3) for Short and Long;
* ``opening_roll`` (4.1, 4.3): ``use_opening_dice`` and ``reroll``;
* seeded games are reproducible, and ``undo`` restores the state exactly.

Every scenario runs with X = White and X = Black.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from rules_notation import parse_diagram

import nardy
from nardy import Game, Player

COLOURS = pytest.mark.parametrize("x", [Player.WHITE, Player.BLACK], ids=["X=white", "X=black"])


def setup(rules: nardy.RuleSet, text: str, x: Player, moved: bool = True) -> Game:
    """A game from the RULES.md diagram ``text``, X = ``x`` to roll first."""
    pos = parse_diagram(text).to_position(rules, x, x_moved=moved, o_moved=moved)
    return Game(rules, first=x, position=pos)


def assert_next(
    game: Game, player: Player | None, phase: str, kind: str | None = None, dice: tuple[int, ...] | None = None
) -> None:
    p = game.pending
    assert game.pending.phase == phase, f"expected phase {phase}, pending is {p}"
    if player is not None:
        assert game.turn == player, f"expected {player} to act, pending is {p}"
    if kind is not None:
        assert p.context.kind == kind, f"expected context {kind}, pending is {p}"
    if phase == "roll":
        assert game.dice is None
    if dice is not None:
        assert game.dice is not None and tuple(game.dice) == dice, f"dice {game.dice}, expected {dice}"


def assert_plays(game: Game, texts: Sequence[str]) -> None:
    rules = game.rules
    pos = game.position
    legal = game.legal_plays()
    got = {rules.apply(pos, p) for p in legal}
    want = {rules.apply(pos, game.parse_play(t)) for t in texts}
    assert got == want, f"expected {list(texts)}, library gives {sorted(str(p) for p in legal)}"
    assert len(legal) == len(texts)


def heads(play: nardy.Play) -> int:
    return sum(1 for s in play.steps if s.source == 24)


# =========================================================================== 5.7 Crazy variants


@COLOURS
def test_crazy_gulbar_four_four_cascade_stages(x: Player) -> None:
    """4-4 rolled: play 1 = four 4s, play 2 = four 5s, play 3 = four 6s, then the
    opponent rolls (no re-roll after the cascade)."""
    rules = nardy.ruleset("crazy_gulbar")
    game = Game(rules, first=x)
    game.roll((4, 4))
    assert_next(game, x, "play", "roll", (4, 4))
    assert_plays(game, ["24/20 24/20 20/16 20/16"])  # first-turn exception, as L2
    game.play("24/20 24/20 20/16 20/16")
    assert_next(game, x, "play", "stage", (5, 5, 5, 5))
    # each stage has its own head allowance (one), although the 4s used two
    assert max(heads(p) for p in game.legal_plays()) == 1
    game.play("24/19 19/14 14/9 9/4")
    assert_next(game, x, "play", "stage", (6, 6, 6, 6))
    assert max(heads(p) for p in game.legal_plays()) == 1
    assert all(len(p.steps) == 4 for p in game.legal_plays())
    game.play("24/18 16/10 16/10 10/4")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()
    want = parse_diagram("X{24:11, 18:1, 10:1, 4:2}; O{24:15}").to_position(
        rules, x, turn=x.other, x_moved=True, o_moved=False
    )
    assert game.position == want


@COLOURS
def test_crazy_gulbar_partial_stage_owed_stage_by_stage(x: Player) -> None:
    """4-4 of which only two 4s can be played (16/12 closed, one head checker): the
    opponent owes two 4s, then four 5s, then four 6s -- three separate plays, each
    with its own head allowance -- and only then rolls."""
    o = x.other
    rules = nardy.ruleset("crazy_gulbar")
    game = setup(rules, "X{24:15}; O{24:15}", x)
    game.roll((4, 4))
    assert_plays(game, ["24/20 20/16"])
    game.play("24/20 20/16")
    assert_next(game, o, "play", "owed", (4, 4))
    assert tuple(map(tuple, game.pending.owed)) == ((5, 5, 5, 5), (6, 6, 6, 6))
    assert_plays(game, ["24/20 20/16"])  # O's 16/12 is X's head; one head checker
    game.play("24/20 20/16")
    assert_next(game, o, "play", "owed", (5, 5, 5, 5))
    assert tuple(map(tuple, game.pending.owed)) == ((6, 6, 6, 6),)
    plays = game.legal_plays()
    assert max(heads(p) for p in plays) == 1  # a fresh head allowance
    assert any(heads(p) == 1 for p in plays)
    game.play("16/11 11/6 6/1 24/19")
    assert_next(game, o, "play", "owed", (6, 6, 6, 6))
    assert game.pending.owed == ()
    assert max(heads(p) for p in game.legal_plays()) == 1
    game.play(game.legal_plays()[0])
    assert_next(game, o, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
def test_crazy_unplayable_double_nothing_happens(x: Player) -> None:
    """Crazy, 5-5 with no 5 playable: nothing is played, no 6-6 stage, nothing owed."""
    rules = nardy.ruleset("crazy")
    game = setup(rules, "X{24:15}; O{24:14, 7:1}", x)  # O on X's 19
    game.roll((5, 5))
    assert_plays(game, ["pass"])
    game.play("pass")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
def test_crazy_partial_stage_is_lost(x: Player) -> None:
    """Crazy has no owed steps: a partly playable stage ends the cascade."""
    rules = nardy.ruleset("crazy")
    game = setup(rules, "X{24:15}; O{24:15}", x)
    game.roll((4, 4))
    assert_plays(game, ["24/20 20/16"])
    game.play("24/20 20/16")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
def test_crazy_gulbar_unplayable_double_is_owed_with_later_stages(x: Player) -> None:
    """Crazy Gulbar (transfer_if_none_played=True): the unstarted 5-5 and the 6-6 stage
    are owed by O."""
    o = x.other
    rules = nardy.ruleset("crazy_gulbar")
    game = setup(rules, "X{24:15}; O{24:14, 7:1}", x)
    game.roll((5, 5))
    assert_plays(game, ["pass"])
    game.play("pass")
    assert_next(game, o, "play", "owed", (5, 5, 5, 5))
    assert tuple(map(tuple, game.pending.owed)) == ((6, 6, 6, 6),)


@COLOURS
def test_crazy_all_home_stops_the_cascade(x: Player) -> None:
    """Crazy: the last checker comes home on step 1 of 4-4; the stage is finished
    (bear-offs only, exact points) and the cascade stops."""
    rules = nardy.ruleset("crazy")
    game = setup(rules, "X{10:1, 4:14}; O{1:15}", x)
    game.roll((4, 4))
    assert_plays(game, ["10/6 4/off 4/off 4/off"])
    game.play("10/6 4/off 4/off 4/off")
    assert_next(game, x.other, "roll", "roll")


@COLOURS
def test_crazy_not_all_home_continues_the_cascade(x: Player) -> None:
    """Contrast: a checker still outside home after a full 4-4 stage -> 5-5 stage."""
    rules = nardy.ruleset("crazy")
    game = setup(rules, "X{24:1, 4:14}; O{1:15}", x)
    game.roll((4, 4))
    assert_plays(game, ["24/20 20/16 16/12 12/8"])
    game.play("24/8")
    assert_next(game, x, "play", "stage", (5, 5, 5, 5))
    # 8/3 brings it home; then only exact bear-offs (from 5: none) -> one step, rest lost
    assert_plays(game, ["8/3"])
    game.play("8/3")
    assert_next(game, x.other, "roll", "roll")


@COLOURS
def test_crazy_gulbar_fourth_step_rule(x: Player) -> None:
    """[S0]'s example: the last checker comes home on the fourth step of 2-2; the 3-3
    stage is still played (home moves now forbidden: four checkers borne off from
    point 3), and 4-4 is not."""
    rules = nardy.ruleset("crazy_gulbar")
    game = setup(rules, "X{14:1, 3:14}; O{1:15}", x)
    game.roll((2, 2))
    game.play("14/12 12/10 10/8 8/6")
    assert_next(game, x, "play", "stage", (3, 3, 3, 3))
    assert_plays(game, ["3/off 3/off 3/off 3/off"])
    with pytest.raises(nardy.IllegalPlayError):
        game.parse_play("6/3 3/off 3/off 3/off")  # moving inside home is forbidden now
    game.play("3/off 3/off 3/off 3/off")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()
    want = parse_diagram("X{6:1, 3:10} Xoff=4; O{1:15}").to_position(rules, x, turn=x.other)
    assert game.position == want


@COLOURS
def test_crazy_gulbar_home_on_an_early_step_stops_after_the_stage(x: Player) -> None:
    """Contrast: the last checker comes home on step 1 of 2-2: the stage is finished
    (bear-offs only) and the cascade stops; no 3-3."""
    rules = nardy.ruleset("crazy_gulbar")
    game = setup(rules, "X{8:1, 2:14}; O{1:15}", x)
    game.roll((2, 2))
    assert_plays(game, ["8/6 2/off 2/off 2/off"])
    game.play("8/6 2/off 2/off 2/off")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
def test_crazy_home_on_fourth_step_still_stops(x: Player) -> None:
    """Crazy (not Crazy Gulbar) has no fourth-step rule: after 14/6 with 2-2 it stops."""
    rules = nardy.ruleset("crazy")
    game = setup(rules, "X{14:1, 3:14}; O{1:15}", x)
    game.roll((2, 2))
    game.play("14/12 12/10 10/8 8/6")
    assert_next(game, x.other, "roll", "roll")


@COLOURS
def test_giul_unstartable_double_owes_nothing(x: Player) -> None:
    rules = nardy.ruleset("giul")
    game = setup(rules, "X{24:15}; O{24:14, 7:1}", x)  # O on X's 19
    game.roll((5, 5))
    assert_plays(game, ["pass"])
    game.play("pass")
    assert_next(game, x.other, "roll", "roll")
    assert game.pending.owed == ()


@COLOURS
def test_giul_started_double_owes_the_rest(x: Player) -> None:
    """Giul: a started double's unplayed steps and the later stages are owed."""
    o = x.other
    rules = nardy.ruleset("giul")
    game = setup(rules, "X{24:15}; O{24:14, 2:1}", x)  # O's runner on X's 14
    game.roll((5, 5))
    assert_plays(game, ["24/19"])  # 19/14 closed; runner rule: nothing else moves
    game.play("24/19")
    assert_next(game, o, "play", "owed", (5, 5, 5))
    assert tuple(map(tuple, game.pending.owed)) == ((6, 6, 6, 6),)


# =========================================================================== last_roll_draw


def _assert_extra_turn(game: Game, first: Player) -> None:
    """After the first player's last checker: the other side rolls and plays from its
    own side of the board (the position's turn is the other side's)."""
    assert not game.is_over()
    assert game.result() is None
    assert_next(game, first.other, "roll")
    assert game.position.turn == first.other, (
        f"extra turn of {first.other}, but the position is to move for {game.position.turn}"
    )


def _last_roll_game(name: str, first: Player, second_checkers: int, draw: bool = True) -> Game:
    rules = nardy.ruleset(name, last_roll_draw=draw)
    x_text = "X{1:1} Xoff=14"
    o_text = f"O{{1:{second_checkers}}}" + (f" Ooff={15 - second_checkers}" if second_checkers < 15 else "")
    pos = parse_diagram(f"{x_text}; {o_text}").to_position(rules, first)
    return Game(rules, first=first, position=pos)


@COLOURS
@pytest.mark.parametrize("name", ["short", "long"])
def test_last_roll_extra_turn_then_draw(name: str, x: Player) -> None:
    game = _last_roll_game(name, x, 1)
    game.roll((2, 1))
    game.play("1/off")
    _assert_extra_turn(game, x)
    game.roll((2, 1))
    game.play("1/off")
    assert game.is_over()
    assert game.result() == nardy.Result(None, 0, "draw", "draw")


@COLOURS
@pytest.mark.parametrize("name", ["short", "long"])
def test_last_roll_extra_turn_then_first_player_wins(name: str, x: Player) -> None:
    """The other side cannot finish in its extra turn: the first player wins, classified
    on the position after the extra turn (two borne off: oin, not mars)."""
    game = _last_roll_game(name, x, 15)
    game.roll((2, 1))
    game.play("1/off")
    _assert_extra_turn(game, x)
    game.roll((2, 1))
    game.play("1/off 1/off")
    assert game.is_over()
    assert game.result() == nardy.Result(x, 1, "oin")


@COLOURS
@pytest.mark.parametrize("name", ["short", "long"])
def test_last_roll_extra_turn_double_still_unfinished(name: str, x: Player) -> None:
    game = _last_roll_game(name, x, 15)
    game.roll((2, 1))
    game.play("1/off")
    _assert_extra_turn(game, x)
    game.roll((1, 1))
    game.play("1/off 1/off 1/off 1/off")
    assert game.is_over()
    assert game.result() == nardy.Result(x, 1, "oin")


@COLOURS
@pytest.mark.parametrize("name", ["short", "long"])
def test_without_last_roll_draw_the_game_ends_at_once(name: str, x: Player) -> None:
    game = _last_roll_game(name, x, 15, draw=False)
    game.roll((2, 1))
    game.play("1/off")
    assert game.is_over()
    assert game.result() == nardy.Result(x, 2, "mars")


@COLOURS
@pytest.mark.parametrize("name", ["short", "long"])
def test_last_roll_no_extra_turn_when_second_player_finishes(name: str, x: Player) -> None:
    """The second player bears off its last checker first: no extra turn."""
    rules = nardy.ruleset(name, last_roll_draw=True)
    # X (first to roll) has two checkers on its 6-point; O has one on its 1-point
    pos = parse_diagram("X{6:2} Xoff=13; O{1:1} Ooff=14").to_position(rules, x)
    game = Game(rules, first=x, position=pos)
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    assert_next(game, x.other, "roll")
    game.roll((2, 1))
    game.play("1/off")
    assert game.is_over()
    assert game.result() == nardy.Result(x.other, 1, "oin")


@pytest.mark.parametrize("name", ["short", "long"])
def test_last_roll_first_player_from_the_opening_roll(name: str) -> None:
    """The first player is the opening roll's winner (Black here)."""
    rules = nardy.ruleset(name, last_roll_draw=True, opening_roll="reroll")
    pos = parse_diagram("X{1:1} Xoff=14; O{1:1} Ooff=14").to_position(rules, Player.BLACK)
    game = Game(rules, opening=(2, 5), position=pos)
    assert_next(game, Player.BLACK, "roll")
    game.roll((2, 1))
    game.play("1/off")
    _assert_extra_turn(game, Player.BLACK)  # White gets one more turn
    game.roll((3, 1))
    game.play("1/off")
    assert game.result() == nardy.Result(None, 0, "draw", "draw")


# =========================================================================== opening roll


@pytest.mark.parametrize("name", ["short", "caucasian", "long", "gulbar", "fevga"])
@pytest.mark.parametrize("opening, starter", [((5, 3), Player.WHITE), ((3, 5), Player.BLACK)])
def test_use_opening_dice(name: str, opening: tuple[int, int], starter: Player) -> None:
    rules = nardy.ruleset(name, opening_roll="use_opening_dice")
    game = Game(rules, opening=opening)
    assert_next(game, starter, "play", "roll", (5, 3))
    assert game.opening is not None and (game.opening.white, game.opening.black) == opening
    start = rules.initial_position()
    want = {rules.apply(start.replace(turn=starter), p) for p in rules.legal_plays(start.replace(turn=starter), (5, 3))}
    got = {rules.apply(game.position, p) for p in game.legal_plays()}
    assert got == want
    game.play(game.legal_plays()[0])
    assert_next(game, starter.other, "roll", "roll")


@pytest.mark.parametrize("name", ["short", "caucasian", "long", "gulbar", "khachapuri", "fevga"])
@pytest.mark.parametrize("opening, starter", [((6, 1), Player.WHITE), ((2, 4), Player.BLACK)])
def test_reroll_opening(name: str, opening: tuple[int, int], starter: Player) -> None:
    rules = nardy.ruleset(name, opening_roll="reroll")
    game = Game(rules, opening=opening)
    assert_next(game, starter, "roll", "roll")
    with pytest.raises(nardy.GameStateError):
        game.legal_plays()
    game.roll((6, 6))  # the winner's own roll may be a double
    assert_next(game, starter, "play", "roll", (6, 6))


def test_opening_defaults() -> None:
    for name in ("short", "caucasian"):
        assert nardy.ruleset(name).option("opening_roll") == "use_opening_dice"
    for name in ("long", "gulbar", "khachapuri", "fevga"):
        assert nardy.ruleset(name).option("opening_roll") == "reroll"


@pytest.mark.parametrize("name", ["short", "long"])
def test_opening_roll_cannot_be_a_tie(name: str) -> None:
    with pytest.raises(nardy.InvalidDiceError):
        Game(nardy.ruleset(name), opening=(4, 4))


@pytest.mark.parametrize("name", ["short", "long"])
def test_seeded_opening_never_a_double(name: str) -> None:
    rules = nardy.ruleset(name, opening_roll="use_opening_dice")
    for seed in range(40):
        game = Game(rules, seed=seed)
        assert game.opening is not None
        w, b = game.opening.white, game.opening.black
        assert w != b
        starter = Player.WHITE if w > b else Player.BLACK
        assert_next(game, starter, "play", "roll", (max(w, b), min(w, b)))


@pytest.mark.parametrize("name", ["long", "short"])
def test_seeded_reroll_opening(name: str) -> None:
    rules = nardy.ruleset(name, opening_roll="reroll")
    for seed in range(20):
        game = Game(rules, seed=seed)
        assert game.opening is not None
        w, b = game.opening.white, game.opening.black
        assert_next(game, Player.WHITE if w > b else Player.BLACK, "roll", "roll")


# =========================================================================== seeds and undo


def _snapshot(game: Game) -> tuple[object, ...]:
    legal = tuple(game.legal_plays()) if game.pending.phase == "play" else None
    return (
        game.position,
        game.pending,
        game.turn,
        game.dice,
        game.history,
        game.plies,
        game.is_over(),
        game.result(),
        legal,
    )


def _play_out(game: Game, choice_seed: int, max_actions: int = 4000) -> list[object]:
    """Play the game to its end with dice from the game's RNG and seeded choices."""
    rng = random.Random(choice_seed)
    trace: list[object] = []
    for _ in range(max_actions):
        if game.is_over():
            break
        if game.pending.phase == "roll":
            trace.append(game.roll())
        else:
            plays = game.legal_plays()
            play = plays[rng.randrange(len(plays))]
            trace.append(str(game.play(play)))
    assert game.is_over()
    return trace


SEEDED = ["short", "caucasian", "long", "gulbar", "khachapuri", "fevga", "crazy", "crazy_gulbar", "giul"]


@pytest.mark.parametrize("name", SEEDED)
def test_seeded_games_are_reproducible(name: str) -> None:
    rules = nardy.ruleset(name)
    a, b = Game(rules, seed=12345), Game(rules, seed=12345)
    ta, tb = _play_out(a, 7), _play_out(b, 7)
    assert ta == tb
    assert a.history == b.history
    assert a.opening == b.opening
    assert a.position == b.position
    assert a.result() == b.result()
    c = Game(rules, seed=54321)
    tc = _play_out(c, 7)
    assert tc != ta  # another seed, another game


UNDO_CASES = [
    ("short", {}),
    ("caucasian", {}),
    ("long", {"last_roll_draw": True}),
    ("gulbar", {}),
    ("gulbar", {"transfer_non_doubles": True, "head_limit_scope": "turn"}),
    ("khachapuri", {}),
    ("crazy_gulbar", {}),
    ("giul", {}),
    ("short", {"last_roll_draw": True}),
]


@pytest.mark.parametrize("name, options", UNDO_CASES, ids=[f"{n}-{len(o)}" for n, o in UNDO_CASES])
def test_undo_restores_state_exactly(name: str, options: dict[str, object]) -> None:
    """Before every action take a snapshot; act; undo; the snapshot must be restored
    exactly (position, pending state, dice, history, legal plays, result); then redo."""
    rules = nardy.ruleset(name, **options)
    game = Game(rules, seed=99)
    rng = random.Random(3)
    for _ in range(3000):
        if game.is_over():
            break
        before = _snapshot(game)
        if game.pending.phase == "roll":
            dice = game.roll()
            event = game.undo()
            assert isinstance(event, nardy.game.RollEvent) and event.dice == dice
            assert _snapshot(game) == before
            game.roll(dice)
        else:
            plays = game.legal_plays()
            play = plays[rng.randrange(len(plays))]
            made = game.play(play)
            after = _snapshot(game)
            event = game.undo()
            assert isinstance(event, nardy.game.PlayEvent) and event.play == made
            assert _snapshot(game) == before
            game.play(play)
            assert _snapshot(game) == after
    assert game.is_over()
    result = game.result()
    assert result is not None
    game.undo()
    assert not game.is_over() and game.result() is None
    assert game.pending.phase == "play"


def test_undo_with_empty_history_raises() -> None:
    game = Game(nardy.ruleset("short"), opening=(6, 2))
    with pytest.raises(nardy.GameStateError):
        game.undo()
    game.play(game.legal_plays()[0])
    game.undo()
    with pytest.raises(nardy.GameStateError):
        game.undo()
    assert_next(game, Player.WHITE, "play", "roll", (6, 2))


@COLOURS
def test_undo_through_gulbar_owed_play(x: Player) -> None:
    """Undo across the owed-steps boundary of G2 restores the owed state."""
    game = Game(nardy.ruleset("gulbar"), first=x)
    game.roll((6, 6))
    game.play("24/18 24/18")
    owed_state = _snapshot(game)
    game.play("24/18")
    assert_next(game, x.other, "roll", "roll")
    game.undo()
    assert _snapshot(game) == owed_state
    assert_next(game, x.other, "play", "owed", (6, 6))
    game.undo()
    game.undo()
    assert_next(game, x, "roll", "roll")
    assert game.position == nardy.ruleset("gulbar").initial_position().replace(turn=x)


def test_pending_replace_changes_only_the_fields_named_and_refuses_unknown_names() -> None:
    from nardy.flow import Pending

    before = Pending("roll", Player.WHITE, cube=2, rolls=(3, 4))
    after = before.replace(phase="play", dice=(6, 5))
    assert (after.phase, after.dice, after.player, after.cube, after.rolls) == ("play", (6, 5), Player.WHITE, 2, (3, 4))
    assert (before.phase, before.dice) == ("roll", None)  # the original is unchanged
    assert after == Pending("play", Player.WHITE, (6, 5), cube=2, rolls=(3, 4))
    with pytest.raises(TypeError, match="Pending has no field 'dices'"):
        before.replace(phase="play", dices=(6, 5))
