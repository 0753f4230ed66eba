"""Jellyfish .mat match files: export, import, round trips, gnubg's own files."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import attrs
import pytest

import nardy
from nardy import Player
from nardy.agents import RandomAgent
from nardy.game import CubeEvent, PlayEvent, ResignEvent, RollEvent
from nardy.matfile import MatFile, MatRepairWarning, from_mat, to_mat
from nardy.records import RecordError
from nardy.rules.short import Short

DATA = Path(__file__).parent / "data"
CUBE = nardy.ruleset("short", cube=True)
W, B = Player.WHITE, Player.BLACK


# --------------------------------------------------------------------------- helpers


def bot_match(
    length: int,
    seed: int,
    rules: nardy.RuleSet = CUBE,
    *,
    double_p: float = 0.08,
    take_p: float = 0.7,
    resign_p: float = 0.01,
    beaver_p: float = 0.0,
    max_games: int | None = None,
    stop_after_plies: int | None = None,
) -> nardy.Match:
    """A match between two random bots with a random cube policy (double
    sometimes, take or drop, beaver, resign now and then)."""
    match = nardy.Match(rules, length, seed=seed)
    rng = random.Random(seed)
    bots = {W: RandomAgent(seed), B: RandomAgent(seed + 1)}
    games = 0
    while True:
        game = match.game
        while not game.is_over():
            if stop_after_plies is not None and len(game.history) >= stop_after_plies:
                return match
            if game.pending.phase == "cube":
                if beaver_p and rng.random() < beaver_p and not game.pending.beavered:
                    try:
                        game.beaver()
                        continue
                    except nardy.NardyError:
                        pass
                game.take() if rng.random() < take_p else game.drop()
                continue
            if rng.random() < resign_p:
                game.resign(rng.choice([W, B]))
                break
            if game.dice is None:
                if game.can_double() and rng.random() < double_p:
                    game.double()
                    continue
                game.roll()
                if rng.random() < resign_p:
                    game.resign()  # rolled, then resigned without playing
                    break
            game.play(bots[game.turn].choose(game))
        games += 1
        if match.is_over() or (max_games is not None and games >= max_games):
            return match
        match.next_game()


def assert_same_match(a: nardy.Match, b: nardy.Match) -> None:
    assert (a.length, a.crawford, len(a.games)) == (b.length, b.crawford, len(b.games))
    for ga, gb in zip(a.games, b.games, strict=True):
        assert ga.opening == gb.opening
        assert ga.crawford == gb.crawford
        assert ga.history == gb.history
        assert ga.position == gb.position
        assert ga.pending == gb.pending
        assert ga.result() == gb.result()
    assert a.score == b.score
    assert a.is_over() == b.is_over()


def raises_at(text: str, line: int, *fragments: str, rules: nardy.RuleSet | None = None) -> RecordError:
    with pytest.raises(RecordError) as info:
        from_mat(text, rules)
    message = str(info.value)
    assert message.startswith(f"line {line}:"), message
    for fragment in fragments:
        assert fragment in message, message
    return info.value


# Hand-written in gnubg's layout: a drop, a bar entry with a hit, a dance
# (``66:`` with nothing), a take, a single game resigned in a position worth more.
HAND_MATCH = """\
; [Site "Hand-written example"]
; [Player 1 "Alice"]
; [Player 2 "Bob"]

 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 31: 8/5 6/5                 64: 24/18 18/14
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 Alice : 1                      Bob : 0
  1)                             52: 13/8 13/11
  2) 64: 24/18 18/14*            66:
  3) 31: 14/13 6/3               43: bar/22* 24/20
  4) 55: bar/20 13/8 13/8 8/3*   62: bar/23 13/7
  5)  Doubles => 2                Takes
  6) 42: 8/4 6/4
      Wins 2 points and the match
"""

# Hand-written in eXtreme Gammon's style: no leading spaces on the headers,
# wider columns, "Cannot Move", "???" (rolled, then resigned), a combined move.
HAND_MONEY = """\
; [Site "eXtreme Gammon"]
; [Match ID "12345"]
; [EventDate "2024.05.01"]
; [Variation "Backgammon"]
; [Jacoby "Off"]

0 point match

Game 1
Ann : 0                               Ben : 0
  1)                                  52: 13/8 13/11
  2) 64: 24/18 18/14*                 66: Cannot Move
  3) 21: 13/11 6/5                    33: ???
      Wins 1 point

Game 2
Ann : 1                               Ben : 0
  1) 65: 24/13                         Doubles => 2
  2)  Takes                           31: 8/5 6/5
                                      Wins 4 points
"""


# --------------------------------------------------------------------------- export layout


def test_export_layout_matches_gnubg_columns() -> None:
    game = nardy.Game(CUBE, opening=(2, 5))
    game.play("13/8 13/11")
    game.roll((6, 4))
    game.play("24/18 18/14*")
    game.roll((6, 6))
    game.play("pass")
    game.double()
    game.drop()
    text = to_mat(game, ("Alice", "Bob"))
    lines = text.split("\n")
    assert lines[:4] == [" 0 point match", "", " Game 1", " Alice : 0" + " " * 22 + "Bob : 0"]
    # gnubg: "%3d) %-27s " puts the right column at column 33; the opener's
    # play (Black, right) sits alone on row 1
    assert lines[4] == "  1)" + " " * 29 + "52: 13/8 13/11"
    assert lines[5] == "  2) 64: 24/18 18/14*" + " " * 12 + "66:"
    assert lines[6].startswith("  3)  Doubles => 2") and lines[6].index("Drops") == 34
    assert lines[7] == " " * 6 + "Wins 1 point"  # White (left) doubled, Black dropped
    assert text.endswith("Wins 1 point\n\n")


def test_export_writes_bar_off_hits_and_cube_actions() -> None:
    texts = []
    for seed in range(4):
        match = bot_match(7, seed, double_p=0.03)
        text = to_mat(match, ("Alice", "Bob"))
        assert text.startswith('; [Crawford "On"]\n\n 7 point match\n\n Game 1\n')
        assert text.count(" Game ") == len(match.games)
        assert "and the match" in text.splitlines()[-2]
        texts.append(text)
    text = "\n".join(texts)
    assert re.search(r"\d\d: bar/\d+", text)
    assert re.search(r"\d/off\b", text)
    assert re.search(r"\d/\d+\*", text)
    assert " Doubles => 2" in text and " Takes" in text and " Drops" in text
    # every numbered line reaches the right column, as gnubg writes it
    for line in text.splitlines():
        if re.match(r"^\s*\d+\)", line):
            assert len(line) >= 33 and line[4] == " "


def test_export_single_game_and_tags() -> None:
    game = nardy.Game(CUBE, opening=(6, 1))
    game.play("13/7 8/7")
    text = to_mat(game, ("A B", "C"), tags={"Site": "Home", "EventDate": "2024.01.02"})
    assert text.splitlines()[:4] == ['; [Site "Home"]', '; [EventDate "2024.01.02"]', "", " 0 point match"]
    parsed = MatFile.from_string(text)
    assert parsed.names == ("A B", "C")
    assert parsed.tags == {"Site": "Home", "EventDate": "2024.01.02"}
    assert parsed.match.length == 0 and len(parsed.match.games) == 1


@pytest.mark.parametrize("names", [("", "B"), ("A:1", "B"), ("A", "B\nC"), (" A", "B"), ("A",)])
def test_export_rejects_bad_names(names: tuple[str, str]) -> None:
    with pytest.raises(RecordError):
        to_mat(nardy.Game(CUBE, opening=(2, 1)), names)


def test_export_rejects_what_the_format_cannot_hold() -> None:
    with pytest.raises(RecordError, match="short family"):
        to_mat(nardy.Game(nardy.ruleset("long"), seed=1))
    moved = nardy.Game(CUBE, opening=(3, 1))
    moved.play("8/5 6/5")
    with pytest.raises(RecordError, match="set-up position"):
        to_mat(nardy.Game(CUBE, opening=(2, 1), position=moved.position))
    with pytest.raises(RecordError):
        to_mat("not a match")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_bot_matches(seed: int) -> None:
    match = bot_match(7, seed)
    assert match.is_over()
    text = to_mat(match, ("Alice", "Bob"))
    again = from_mat(text)
    assert_same_match(match, again)
    assert again.winner == match.winner
    assert to_mat(again, ("Alice", "Bob")) == text


def test_round_trip_covers_every_kind_of_entry() -> None:
    seen: set[str] = set()
    for seed in range(12):
        match = bot_match(7, seed)
        for game in match.games:
            for event in game.history:
                if isinstance(event, CubeEvent):
                    seen.add(event.action)
                elif isinstance(event, ResignEvent):
                    seen.add("resign")
                elif isinstance(event, PlayEvent) and not event.play.steps:
                    seen.add("pass")
            result = game.result()
            assert result is not None
            seen.add(result.ending)
            if game.crawford:
                seen.add("crawford")
    assert {"double", "take", "drop", "resign", "pass", "bear_off", "crawford"} <= seen


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_round_trip_money_session_with_beavers(seed: int) -> None:
    rules = nardy.ruleset("short", cube=True, beaver=True)
    match = bot_match(0, seed, rules, double_p=0.15, beaver_p=0.5, max_games=4)
    text = to_mat(match, ("Ann", "Ben"))
    assert text.startswith(" 0 point match\n")
    assert_same_match(match, from_mat(text, rules))


def test_beaver_then_take_is_implied_by_the_roll() -> None:
    rules = nardy.ruleset("short", cube=True, beaver=True)
    game = nardy.Game(rules, opening=(3, 1))
    game.play("8/5 6/5")
    game.double()  # Black doubles
    game.beaver()  # White beavers
    game.take()  # Black takes ...
    game.roll((6, 4))  # ... and rolls
    game.play("24/14")
    text = to_mat(game)
    assert " Doubles => 2" in text and " Beavers => 4" in text and "Takes" not in text
    again = from_mat(text, rules).game
    assert again.history == game.history and again.cube == 4


@pytest.mark.parametrize("stop", [1, 2, 7, 20, 41])
def test_round_trip_unfinished_match(stop: int) -> None:
    match = bot_match(5, 1, stop_after_plies=stop, max_games=3, resign_p=0.0)
    game = match.game
    if game.dice is None and not game.is_over() and game.pending.phase == "roll":
        game.roll((4, 2))  # end on a roll not yet played
    again = from_mat(to_mat(match))
    assert_same_match(match, again)
    assert again.game.dice == match.game.dice


def test_round_trip_fresh_next_game() -> None:
    match = bot_match(7, 4, max_games=1)
    match.next_game()  # opening rolled, nothing played
    assert_same_match(match, from_mat(to_mat(match)))


def test_round_trip_other_next_game_rules() -> None:
    for rule in ("alternate", "winner"):
        rules = nardy.ruleset("short", cube=True, next_game_first=rule)
        match = bot_match(5, 9, rules, resign_p=0.0)
        assert any(g.opening is None for g in match.games[1:])
        assert_same_match(match, from_mat(to_mat(match), rules))


def test_crawford_tag_round_trip() -> None:
    match = nardy.Match(CUBE, 5, seed=0, crawford=False)
    again = from_mat(to_mat(match.games[0]))  # a single game: money
    assert again.length == 0
    text = to_mat(bot_match(3, 6))
    assert MatFile.from_string(text.replace('"On"', '"Off"')).match.crawford is False
    assert MatFile.from_string(text).match.crawford is True


# --------------------------------------------------------------------------- hand-written files


def test_import_hand_written_match() -> None:
    parsed = MatFile.from_string(HAND_MATCH)
    assert isinstance(parsed, MatFile)
    match = parsed.match
    assert parsed.names == ("Alice", "Bob")
    assert parsed.tags["Site"] == "Hand-written example" and parsed.tags["Player 2"] == "Bob"
    assert match.length == 3 and match.crawford
    assert match.score == (3, 0) and match.is_over() and match.winner == W
    first, second = match.games
    assert first.opening is not None and (first.opening.white, first.opening.black) == (3, 1)
    assert first.result() == nardy.Result(W, 1, "drop", "drop", 1)
    assert second.opening is not None and (second.opening.white, second.opening.black) == (2, 5)
    events = second.history
    assert isinstance(events[0], PlayEvent) and events[0].player == B
    assert sorted(str(events[0].play).split()) == ["13/11", "13/8"]
    hit = events[2]
    assert isinstance(hit, PlayEvent) and str(hit.play) == "24/14*"
    dance = events[4]
    assert isinstance(dance, PlayEvent) and dance.player == B and not dance.play.steps
    entry = events[8]
    assert isinstance(entry, PlayEvent) and str(entry.play) == "bar/22* 24/20"
    assert [e.action for e in events if isinstance(e, CubeEvent)] == ["double", "take"]
    # Black resigned a single game at cube 2 although the position was worth more
    assert events[-1] == ResignEvent(B, 1)
    assert second.result() == nardy.Result(W, 2, "oin", "resign", 2)


def test_import_hand_written_xg_money_session() -> None:
    parsed = MatFile.from_string(HAND_MONEY)
    match = parsed.match
    assert match.length == 0 and parsed.names == ("Ann", "Ben")
    assert parsed.tags["Match ID"] == "12345"
    assert match.score == (1, 4) and not match.is_over()
    first, second = match.games
    cannot = first.history[4]
    assert isinstance(cannot, PlayEvent) and cannot.player == B and not cannot.play.steps
    # "33: ???": Black rolled and resigned without playing
    assert first.history[-2:] == (RollEvent(B, (3, 3)), ResignEvent(B, 1))
    assert first.result() == nardy.Result(W, 1, "oin", "resign", 1)
    assert str(second.history[0].play) == "24/13"  # type: ignore[union-attr]
    assert second.history[1] == CubeEvent(B, "double", 2)
    assert second.result() == nardy.Result(B, 4, "mars", "resign", 2)


@pytest.mark.parametrize("text", [HAND_MATCH, HAND_MONEY], ids=["match", "money"])
def test_mat_file_writes_back_what_it_read(text: str) -> None:
    mat = MatFile.from_string("; a comment line\n;\n# and another\n" + text)
    assert mat.comments == ("a comment line", "and another")
    written = mat.to_string()
    assert written.startswith("".join(f'; [{key} "{value}"]\n' for key, value in mat.tags.items()))
    assert "; a comment line\n; and another\n" in written
    again = MatFile.from_string(written)
    crawford = {"Crawford": "On"} if mat.match.length else {}  # what to_mat adds for a match
    assert (again.names, dict(again.tags), again.comments) == (mat.names, {**mat.tags, **crawford}, mat.comments)
    assert_same_match(again.match, mat.match)
    assert again.to_string() == written
    # without the comments it is what to_mat writes
    assert attrs.evolve(mat, comments=()).to_string() == to_mat(mat.match, mat.names, tags=mat.tags)


@pytest.mark.parametrize("comment", ["", "two\nlines", '[Site "x"]', "Set Pos=xxx", 7])
def test_mat_file_refuses_comments_it_cannot_write(comment: object) -> None:
    mat = MatFile.from_string(HAND_MATCH)
    with pytest.raises(RecordError, match="cannot write the header comment"):
        attrs.evolve(mat, comments=(comment,)).to_string()


def test_import_same_file_in_gnubg_point_numbers() -> None:
    gnubg_style = HAND_MATCH.replace("bar/", "25/")
    assert_same_match(from_mat(HAND_MATCH), from_mat(gnubg_style))


# --------------------------------------------------------------------------- gnubg itself


def _gnubg_available() -> bool:
    """The PyPI ``gnubg`` package (test-only; it runs in a subprocess)."""
    try:
        return importlib.util.find_spec("gnubg") is not None
    except (ImportError, ValueError):
        return False


_GNUBG_SCRIPT = """
import json, sys
import gnubg
out = []
for src, dst in zip(sys.argv[1::2], sys.argv[2::2]):
    gnubg.command("import mat " + src)
    out.append(gnubg.match())
    gnubg.command("export match mat " + dst)
print("@@JSON@@" + json.dumps(out, default=str))
"""


def _gnubg_view(game: nardy.Game) -> list[tuple[object, ...]]:
    """nardy's game as gnubg's match() lists it (X = left = White)."""
    side = {W: "X", B: "O"}
    view: list[tuple[object, ...]] = []
    events = list(game.history)
    first = events[0] if events else None
    if game.opening is not None and isinstance(first, PlayEvent):
        events.pop(0)
        dice = sorted((game.opening.white, game.opening.black), reverse=True)
        view.append(("move", side[first.player], tuple(dice), sorted((s.source, s.target) for s in first.play.steps)))
    for i, event in enumerate(events):
        if isinstance(event, RollEvent):
            nxt = events[i + 1] if i + 1 < len(events) else None
            if isinstance(nxt, PlayEvent):
                steps = sorted((s.source, s.target) for s in nxt.play.steps)
                view.append(("move", side[event.player], event.dice, steps))
            else:
                view.append(("set", side[event.player], event.dice))
        elif isinstance(event, CubeEvent):
            view.append((event.action, side[event.player]))
        elif isinstance(event, ResignEvent):
            view.append(("resign", side[event.player]))
    return view


def _from_gnubg(actions: list[dict[str, Any]]) -> list[tuple[object, ...]]:
    view: list[tuple[object, ...]] = []
    for a in actions:
        if a["action"] == "move":
            view.append(("move", a["player"], tuple(a["dice"]), sorted(tuple(m) for m in a["move"])))
        elif a["action"] == "set":
            view.append(("set", a["player"], tuple(a["dice"])))
        else:
            view.append((a["action"], a["player"]))
    return view


# --------------------------------------------------------------------------- the kind of a resignation

JACOBY = nardy.ruleset("short", cube=True, jacoby=True)


def _resigned(rules: nardy.RuleSet, loser: Player, stake: int | None) -> nardy.Game:
    """A game in which ``loser`` resigns at ``stake`` after two plays (the
    position is worth a backgammon: nobody has borne off or come home)."""
    game = nardy.Game(rules, opening=(5, 2))
    game.play("13/8 13/11")
    game.roll((6, 4))
    game.play("24/18 13/9")
    game.resign(loser, stake)
    return game


def test_a_resignation_the_points_cannot_tell_keeps_its_kind() -> None:
    """With the Jacoby rule at a centred cube every resignation is worth one point:
    ``Wins 1 point`` alone read back a gammon as what the position is worth (a
    backgammon). The file now names the kind the points do not tell."""
    game = _resigned(JACOBY, B, 2)
    assert game.result() == nardy.Result(W, 1, "mars", "resign", 1)
    text = to_mat(game)
    assert " Resigns gammon" in text and "Wins 1 point" in text
    again = from_mat(text, JACOBY).games[0]
    assert again.result() == game.result() and again.history == game.history
    assert to_mat(again) == text
    # the resignation that the position is worth needs no word: the file is gnubg's own
    natural = _resigned(JACOBY, B, None)
    assert natural.result() == nardy.Result(W, 1, "koks", "resign", 1)
    assert "Resigns" not in to_mat(natural)
    assert from_mat(to_mat(natural), JACOBY).games[0].result() == natural.result()


@pytest.mark.parametrize(
    "rules",
    [JACOBY, nardy.ruleset("short", cube=True, gammons_with_cube=False), CUBE],
    ids=["jacoby", "no gammons", "cube"],
)
@pytest.mark.parametrize("stake", [None, 1, 2, 3])
@pytest.mark.parametrize("loser", [W, B])
def test_every_resignation_reads_back_as_it_was(rules: nardy.RuleSet, stake: int | None, loser: Player) -> None:
    game = _resigned(rules, loser, stake)
    text = to_mat(game)
    again = from_mat(text, rules).games[0]
    assert again.result() == game.result()
    # the same events; a resignation of what the position is worth may come back
    # with or without its stake (the same result either way)
    assert again.history[:-1] == game.history[:-1] and again.history[-1].player == loser
    # a word only where the points do not say it: the position is worth a backgammon
    # (3 points at a 1-cube), and with the Jacoby rule or without gammons every
    # resignation is worth 1 point, read as that backgammon unless the file says otherwise
    assert ("Resigns" in text) == (rules != CUBE and stake in (1, 2))


def test_random_resignations_round_trip_with_jacoby() -> None:
    """Resignations of every kind at random points of random games with the Jacoby
    rule (the two of 400 round trips that came back as another kind, and more)."""
    for seed in range(60):
        rng = random.Random(seed)
        game = nardy.Game(JACOBY, seed=seed)
        bot = RandomAgent(seed)
        while not game.is_over() and len(game.history) < rng.randrange(1, 60):
            if game.pending.phase == "cube":
                game.take()
            elif game.dice is None:
                game.double() if game.can_double() and rng.random() < 0.05 else game.roll()
            else:
                game.play(bot.choose(game))
        if game.is_over():
            continue
        if game.pending.phase == "cube":
            game.take()
        game.resign(rng.choice([W, B]), rng.choice([None, 1, 2, 3]))
        again = from_mat(to_mat(game), JACOBY).games[0]
        assert again.result() == game.result(), seed


def test_a_resignation_word_that_cannot_be_read() -> None:
    text = to_mat(_resigned(JACOBY, B, 2)).replace("Resigns gammon", "Resigns a lot")
    raises_at(text, 6, "cannot read 'Resigns a lot': expected Resigns single game, gammon or backgammon", rules=JACOBY)


class _FourStakes(Short):
    """Short nardy with a fourth result, of four points (a ruleset of one's own)."""

    name = "four_stakes"

    def stakes(self) -> dict[int, str]:
        return {**super().stakes(), 4: "home_mars"}


def test_a_stake_a_mat_file_cannot_hold_is_refused_where_the_points_do_not_say_it() -> None:
    with pytest.raises(RecordError, match="resigned at stake 4, which a .mat file cannot hold"):
        to_mat(_resigned(_FourStakes(cube=True), B, 4))


@pytest.mark.skipif(not _gnubg_available(), reason="the gnubg package is not installed")
def test_gnubg_reads_a_file_that_names_the_kind_resigned(tmp_path: Path) -> None:
    """gnubg skips the ``Resigns`` entry and reads the same moves and points."""
    game = _resigned(JACOBY, B, 2)
    src = tmp_path / "resigned.mat"
    src.write_text(to_mat(game, ("Alice", "Bob")))
    done = subprocess.run(
        [sys.executable, "-c", _GNUBG_SCRIPT, str(src), str(tmp_path / "gnubg.mat")],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    if done.returncode != 0 or "@@JSON@@" not in done.stdout:
        pytest.skip(f"gnubg could not run here: {done.stderr[-500:]}")
    [match] = json.loads(done.stdout.split("@@JSON@@", 1)[1])
    [record] = match["games"]
    assert _from_gnubg(record["game"]) == _gnubg_view(game)
    assert record["info"]["winner"] == "X" and record["info"]["points-won"] == 1 and record["info"]["resigned"]


@pytest.mark.skipif(not _gnubg_available(), reason="the gnubg package is not installed")
def test_cross_check_with_gnubg(tmp_path: Path) -> None:
    matches = [bot_match(7, seed) for seed in (3, 10)] + [bot_match(9, 21, double_p=0.15)]
    args: list[str] = []
    for i, match in enumerate(matches):
        src = tmp_path / f"nardy{i}.mat"
        src.write_text(to_mat(match, ("Alice", "Bob")))
        args += [str(src), str(tmp_path / f"gnubg{i}.mat")]
    done = subprocess.run(
        [sys.executable, "-c", _GNUBG_SCRIPT, *args],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    if done.returncode != 0 or "@@JSON@@" not in done.stdout:
        pytest.skip(f"gnubg could not run here: {done.stderr[-500:]}")
    views = json.loads(done.stdout.split("@@JSON@@", 1)[1])
    for i, (match, view) in enumerate(zip(matches, views, strict=True)):
        assert view["match-info"]["match-length"] == match.length
        assert [view["match-info"]["X"]["name"], view["match-info"]["O"]["name"]] == ["Alice", "Bob"]
        assert len(view["games"]) == len(match.games)
        for game, gv in zip(match.games, view["games"], strict=True):
            result = game.result()
            assert result is not None and result.winner is not None
            info = gv["info"]
            assert (info["winner"], info["points-won"]) == ("X" if result.winner == W else "O", result.points)
            assert info["resigned"] == (result.ending == "resign")
            assert _gnubg_view(game) == _from_gnubg(gv["game"])
        # and what gnubg writes back reads as the very same match
        assert_same_match(match, from_mat((tmp_path / f"gnubg{i}.mat").read_text()))


# --------------------------------------------------------------------------- malformed files


def test_bad_header() -> None:
    raises_at("hello\n 3 point match\n", 1, "point match")
    raises_at("\n; comment\n 3 points match\n Game 1\n", 3, "point match")
    raises_at(" -1 point match\n", 1, "negative")
    with pytest.raises(RecordError, match="no ' N point match' header"):
        from_mat("; only comments\n\n")
    with pytest.raises(RecordError, match="no games"):
        from_mat(" 3 point match\n\n")
    raises_at(' 3 point match\n\n nonsense\n', 3, "Game 1")
    with pytest.raises(RecordError, match="variation"):
        from_mat('; [Variation "NackGammon"]\n 1 point match\n Game 1\n A : 0  B : 0\n')


def test_bad_game_and_score_lines() -> None:
    raises_at(" 3 point match\n Game 2\n A : 0   B : 0\n", 2, "expected Game 1")
    raises_at(" 3 point match\n Game 1\n A - 0   B - 0\n", 3, "players and the score")
    text = HAND_MATCH.replace(" Alice : 1                      Bob : 0", " Alice : 0                      Bob : 1")
    raises_at(text, 14, "score line says 0-1", "1-0")
    text = HAND_MATCH.replace(" Alice : 1                      Bob : 0", " Alice : 1                      Rob : 0")
    raises_at(text, 14, "'Rob'")
    with pytest.raises(RecordError, match="no line with the players"):
        from_mat(" 3 point match\n Game 1\n")


def test_unknown_lines() -> None:
    raises_at(HAND_MATCH.replace("  2)  Doubles => 2", "  2)  Redoubles?? => 2"), 10, "Redoubles??")
    raises_at(HAND_MATCH.replace("      Wins 1 point", "      Loses 1 point"), 11, "Loses")
    raises_at(HAND_MATCH.replace("      Wins 1 point", "      Wins a point"), 11, "Wins N point")
    raises_at(HAND_MATCH.replace("  2)  Doubles", "  3)  Doubles"), 10, "expected move number 2")
    raises_at(HAND_MATCH.replace("                Drops", "                Drops Drops Drops"), 10, "more than two")
    raises_at(HAND_MATCH.replace("                Drops", "                Drops now"), 10, "'now'")
    raises_at(HAND_MATCH.replace(" Game 1\n", " Game 1\n; Set Pos=xxx\n"), 8, "Set Pos")


def test_wrong_dice_format() -> None:
    raises_at(HAND_MATCH.replace("64: 24/18 18/14\n", "74: 24/18 18/14\n"), 9, "'74:'", "two dice")
    raises_at(HAND_MATCH.replace("31: 8/5 6/5", "3: 8/5 6/5"), 9, "'3:'")
    raises_at(HAND_MATCH.replace("31: 8/5 6/5", "31 8/5 6/5"), 9, "'31'")
    raises_at(HAND_MATCH.replace("31: 8/5 6/5", "33: 8/5 6/5"), 9, "opening roll cannot be a double")
    raises_at(HAND_MATCH.replace("64: 24/18 18/14*", "63: 24/18 18/14*"), 16, "cannot play '24/18 18/14*' with 6-3")


def test_illegal_move_is_reported_with_its_line() -> None:
    raises_at(
        HAND_MATCH.replace("bar/22* 24/20", "24/20 24/21"),
        17, "Bob (right) cannot play '24/20 24/21' with 4-3", "on the bar must enter first",
    )
    raises_at(HAND_MATCH.replace("bar/20 13/8 13/8 8/3*", "13/8 13/8 13/8 13/8"), 18, "Alice (left)", "with 5-5")
    # a legal but different play: the first entry that no longer fits is reported
    raises_at(HAND_MATCH.replace("bar/22* 24/20", "bar/21 24/21"), 18, "bar/20", "no checker of the mover on bar")
    raises_at(HAND_MATCH.replace("55: bar/20 13/8 13/8 8/3*", "55: 13/8 13/8 13/3 8/3"), 18, "do not fit the dice 5-5")
    raises_at(HAND_MATCH.replace("8/4 6/4", "8/4 6/4 13/9"), 20, "8/4 6/4 13/9")
    raises_at(HAND_MATCH.replace("8/4 6/4", "8/4 6/x"), 20, "6/x")


def test_entries_in_the_wrong_column_or_order() -> None:
    # the columns of a line swapped: White's dance, then Black plays 64
    row = "  2) 64: 24/18 18/14*            66:"
    swapped = HAND_MATCH.replace(row, "  2) 66:                         64: 24/18 18/14*")
    raises_at(swapped, 16, "Alice (left) rolled 6-6 at line 16 but no play is given")
    shifted = HAND_MATCH.replace(
        "  1) 31: 8/5 6/5                 64: 24/18 18/14",
        "  1) 31: 8/5 6/5\n  2) 64: 24/18 18/14",
    ).replace("  2)  Doubles", "  3)  Doubles")
    raises_at(shifted, 10, "Alice (left) cannot roll 6-4: it is Bob (right)'s turn")
    take = "  5)  Doubles => 2                Takes"
    raises_at(HAND_MATCH.replace(take, "  5)  Takes"), 19, "cannot take", "no double")
    raises_at(HAND_MATCH.replace(take, take.replace("2", "4")), 19, "cube goes to 2")
    drop = "  2)  Doubles => 2                Drops"
    raises_at(HAND_MATCH.replace(drop, drop.replace("Drops", "51: 8/3")), 10, "answered first")
    raises_at(HAND_MATCH.replace("  1) 31: 8/5 6/5 ", "  1)  Doubles => 2 "), 9, "must start with the opening roll")


def test_results_must_agree() -> None:
    raises_at(HAND_MATCH.replace("      Wins 1 point", "      Wins 2 points"), 11, "wins 2 points", "replaying gives")
    raises_at(HAND_MATCH.replace("      Wins 1 point", " " * 34 + "Wins 1 point"), 11, "Bob (right) wins 1 point")
    raises_at(HAND_MATCH.replace("Wins 2 points and the match", "Wins 5 points"), 21, "cannot win 5 points")
    text = HAND_MATCH.replace("      Wins 1 point\n", "      Wins 1 point and the match\n")
    raises_at(text, 11, "match is not over")
    after = HAND_MATCH.replace("      Wins 1 point\n", "      Wins 1 point\n  3) 52: 13/8 13/11\n")
    raises_at(after, 12, "already ended at line 11")


def test_unfinished_game_and_extra_games() -> None:
    text = HAND_MATCH.replace("  2)  Doubles => 2                Drops\n      Wins 1 point\n", "")
    with pytest.raises(RecordError, match=r"^line 11: Game 1 is not finished, but Game 2 follows"):
        from_mat(text)
    extra = HAND_MATCH + "\n Game 3\n Alice : 3                      Bob : 0\n  1) 31: 8/5 6/5\n"
    raises_at(extra, 23, "already over")
    game1 = HAND_MATCH.split(" Alice : 0                      Bob : 0\n")[1].split("\n\n")[0]
    empty = HAND_MATCH.replace(game1 + "\n", "")
    raises_at(empty, 7, "Game 1 has no moves")


def test_roll_without_a_play_must_end_the_game() -> None:
    text = HAND_MATCH.replace("  3) 31: 14/13 6/3 ", "  3) 31:           ")
    raises_at(text, 17, "rolled 3-1 at line 17 but no play is given")
    row = "  2) 64: 24/18 18/14*            66:"
    text = HAND_MATCH.replace(row, row + " Cannot Move")
    assert from_mat(text).score == (3, 0)
    text = HAND_MATCH.replace("42: 8/4 6/4", "42: Cannot Move")
    raises_at(text, 20, "has legal plays with 4-2")


def test_crawford_game_has_no_cube() -> None:
    crawford = """\
 3 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 64: 24/18 18/14
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 A : 1                          B : 0
  1) 31: 8/5 6/5                 64: 24/18 18/14
  2)  Doubles => 2                Drops
      Wins 2 points

 Game 3
 A : 2                          B : 0
  1) 31: 8/5 6/5                 64: 24/18 18/14
  2)  Doubles => 2                Drops
      Wins 1 point and the match
"""
    raises_at(crawford, 13, "wins 2 points")
    fixed = crawford.replace("Wins 2 points", "Wins 1 point")
    raises_at(fixed, 18, "Crawford")
    match = from_mat('; [Crawford "Off"]\n' + fixed)
    assert not match.crawford and match.score == (3, 0)


def test_rules_must_be_short_family() -> None:
    with pytest.raises(RecordError, match="short family"):
        from_mat(HAND_MATCH, nardy.ruleset("long"))
    with pytest.raises(RecordError, match="RuleSet"):
        from_mat(HAND_MATCH, "short")  # type: ignore[arg-type]
    raises_at(HAND_MATCH, 10, "without the cube", rules=nardy.ruleset("short"))
    with pytest.raises(RecordError):
        from_mat(b" 1 point match")  # type: ignore[arg-type]


def test_record_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        from_mat("garbage")


# --------------------------------------------------------------------------- matches that start mid-match

# one-row games: a double dropped (needs the cube), a single resigned by either side
DROPPED = ("  1) 31: 8/5 6/5                 64: 24/18 18/14\n  2)  Doubles => 2                Drops\n"
           "      Wins 1 point\n", W, 1)
LEFT_WINS = ("  1) 31: 8/5 6/5                 64: 24/18 18/14\n      Wins 1 point\n", W, 1)
RIGHT_WINS = ("  1) 31: 8/5 6/5                 64: 24/18 18/14\n" + " " * 34 + "Wins 1 point\n", B, 1)


def mid_match_text(length: int, start: tuple[int, int], *games: tuple[str, Player, int], header: str = "") -> str:
    """A .mat file whose first game starts at ``start``; the score lines follow the results."""
    lines = [header + f" {length} point match", ""]
    score = list(start)
    for number, (body, winner, points) in enumerate(games, 1):
        left = f"Alice : {score[0]}"
        lines += [f" Game {number}", f" {left:<31}Bob : {score[1]}", body.rstrip("\n"), ""]
        score[winner] += points
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("length", "start", "games", "crawford_games", "score"),
    [
        # the tracker's example: Alice leads 1-0 in a 7-point match
        (7, (1, 0), [DROPPED, RIGHT_WINS], [False, False], (2, 1)),
        (7, (0, 5), [DROPPED, DROPPED], [False, False], (2, 5)),
        # Alice's single takes her to 6 points: the Crawford game is next, then doubling again
        (7, (5, 3), [LEFT_WINS, RIGHT_WINS, DROPPED], [False, True, False], (7, 4)),
        (7, (2, 5), [RIGHT_WINS, LEFT_WINS, RIGHT_WINS], [False, True, False], (3, 7)),
        # one player needs one point: gnubg reads the first game as the Crawford game
        (7, (6, 3), [RIGHT_WINS, DROPPED], [True, False], (7, 4)),
        (7, (3, 6), [LEFT_WINS, RIGHT_WINS], [True, False], (4, 7)),
        # ... unless it doubles: then the Crawford game was before the file starts
        (7, (6, 3), [DROPPED], [False], (7, 3)),
        # both need one point: double match point, no Crawford game
        (7, (6, 6), [DROPPED], [False], (7, 6)),
        # a money session that starts at 3-2
        (0, (3, 2), [DROPPED, RIGHT_WINS], [False, False], (4, 3)),
    ],
)
def test_match_that_starts_mid_match(
    length: int,
    start: tuple[int, int],
    games: list[tuple[str, Player, int]],
    crawford_games: list[bool],
    score: tuple[int, int],
) -> None:
    text = mid_match_text(length, start, *games)
    match = from_mat(text)
    assert match.length == length
    assert [game.crawford for game in match.games] == crawford_games
    assert match.score == score
    assert match.is_over() == (length > 0 and max(score) >= length)
    # a later Crawford game has no cube: the same file with a double there is refused
    for number, crawford in enumerate(crawford_games, 1):
        if crawford and number > 1:
            doubled = mid_match_text(length, start, *games[: number - 1], DROPPED)
            with pytest.raises(RecordError, match="Crawford"):
                from_mat(doubled)
    # written back with its starting score, it reads back as the same match
    again_text = to_mat(match, ("Alice", "Bob"))
    assert f" Game 1\n {'Alice : ' + str(start[0]):<31}Bob : {start[1]}\n" in again_text
    again = from_mat(again_text)
    assert_same_match(match, again)
    assert to_mat(again, ("Alice", "Bob")) == again_text


def test_mid_match_without_the_crawford_rule() -> None:
    text = mid_match_text(7, (6, 3), DROPPED, header='; [Crawford "Off"]\n')
    match = from_mat(text)
    assert not match.crawford and not match.games[0].crawford and match.score == (7, 3)
    assert_same_match(match, from_mat(to_mat(match)))


def test_mid_match_later_score_lines_are_still_checked() -> None:
    text = mid_match_text(7, (1, 0), DROPPED, RIGHT_WINS)
    wrong = text.replace(" Alice : 2                      Bob : 0", " Alice : 1                      Bob : 0")
    assert wrong != text
    raises_at(wrong, 10, "the score line says 1-0, but the games before give 2-0")
    # the first score line is where the match starts, but it cannot be past its end
    raises_at(mid_match_text(7, (7, 0), DROPPED), 4, "score line says 7-0", "to 7 points")
    raises_at(mid_match_text(7, (2, 9), DROPPED), 4, "score line says 2-9")


def _suffix(text: str, skip: int) -> str:
    """The file of a match without its first ``skip`` games (the games renumbered)."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if re.fullmatch(r" Game \d+", line)]
    out = lines[: starts[0]]
    for line in lines[starts[skip]:]:
        number = re.fullmatch(r" Game (\d+)", line)
        out.append(f" Game {int(number.group(1)) - skip}" if number else line)
    return "\n".join(out)


# (seed, double probability) of 9-point bot matches whose later games start at
# 8-away scores: the Crawford game, and post-Crawford games with and without a double
MID_MATCH_SEEDS = [(26, 0.0), (44, 0.0), (53, 0.3)]


def _mid_match_cases() -> list[tuple[nardy.Match, int, str]]:
    cases = []
    for seed, double_p in MID_MATCH_SEEDS:
        match = bot_match(9, seed, double_p=double_p)
        text = to_mat(match, ("Alice", "Bob"))
        cases += [(match, skip, _suffix(text, skip)) for skip in range(1, len(match.games))]
    return cases


def start_score(match: nardy.Match) -> tuple[int, int]:
    """The score before the match's first game."""
    score = list(match.score)
    for result in match.results:
        assert result.winner is not None
        score[result.winner] -= result.points
    return score[0], score[1]


def test_the_rest_of_a_match_reads_as_the_same_games() -> None:
    kinds = set()
    for match, skip, text in _mid_match_cases():
        again = from_mat(text)
        games = match.games[skip:]
        assert [g.history for g in again.games] == [g.history for g in games]
        assert again.score == match.score and again.winner == match.winner
        first = games[0]
        needs_one = [points == match.length - 1 for points in start_score(again)]
        doubled = any(isinstance(e, CubeEvent) for e in first.history)
        if needs_one[0] != needs_one[1] and not first.crawford and not doubled:
            # nothing in the file says that the Crawford game is over: read as gnubg does
            assert again.games[0].crawford
            kinds.add("post-Crawford, no cube")
        else:
            assert [g.crawford for g in again.games] == [g.crawford for g in games]
            if first.crawford:
                kinds.add("Crawford")
            elif needs_one[0] != needs_one[1]:
                kinds.add("post-Crawford, doubled")
        assert to_mat(again, ("Alice", "Bob")) == text
    assert kinds == {"Crawford", "post-Crawford, no cube", "post-Crawford, doubled"}


@pytest.mark.skipif(not _gnubg_available(), reason="the gnubg package is not installed")
def test_mid_match_files_cross_check_with_gnubg(tmp_path: Path) -> None:
    cases = _mid_match_cases()
    args: list[str] = []
    for i, (_, _, text) in enumerate(cases):
        src = tmp_path / f"mid{i}.mat"
        src.write_text(text)
        args += [str(src), str(tmp_path / f"gnubg{i}.mat")]
    done = subprocess.run(
        [sys.executable, "-c", _GNUBG_SCRIPT, *args],
        capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
    )
    if done.returncode != 0 or "@@JSON@@" not in done.stdout:
        pytest.skip(f"gnubg could not run here: {done.stderr[-500:]}")
    views = json.loads(done.stdout.split("@@JSON@@", 1)[1])
    differ = 0
    for (_, _, text), view in zip(cases, views, strict=True):
        match = from_mat(text)
        assert len(view["games"]) == len(match.games)
        score = list(start_score(match))
        for game, gv in zip(match.games, view["games"], strict=True):
            info = gv["info"]
            assert (info["score-X"], info["score-O"]) == tuple(score)
            doubled = any(isinstance(e, CubeEvent) for e in game.history)
            if info.get("crawford", False) != game.crawford:
                # gnubg marks the first game at 8-away as the Crawford game even
                # when it doubles; nardy reads that game as post-Crawford
                assert game is match.games[0] and doubled and not game.crawford
                differ += 1
            result = game.result()
            assert result is not None and result.winner is not None
            score[result.winner] += result.points
    assert differ >= 1


# --------------------------------------------------------------------------- damaged files, lenient reading


def line_no(text: str, fragment: str) -> int:
    """The number of the first line of ``text`` that holds ``fragment``."""
    for number, line in enumerate(text.splitlines(), 1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in the text")


def read_leniently(text: str, rules: nardy.RuleSet | None = None) -> tuple[MatFile, list[str]]:
    """The lenient reading of ``text`` and the messages of its warnings, each
    checked: a MatRepairWarning pointing at the caller, starting with its line."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mat = MatFile.from_string(text, rules, lenient=True)
    messages = [str(w.message) for w in caught]
    for w in caught:
        assert w.category is MatRepairWarning
        assert w.filename == __file__  # reported where MatFile.from_string was called
        assert re.match(r"^line \d+: ", str(w.message))
    assert list(mat.repairs) == messages
    # what a lenient reading makes is a legal match: written out, the strict reader takes it back
    assert_same_match(mat.match, from_mat(to_mat(mat.match, mat.names), rules))
    return mat, messages


def damaged(old: str, new: str, text: str = HAND_MATCH) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# (name, damaged file, the line, what the error says, what the repair says)
DAMAGE = [
    (
        "wins more than the drop gives",
        damaged("      Wins 1 point\n", "      Wins 100 points\n"),
        11, "the file says Alice (left) wins 100 points, but replaying gives Alice (left) wins 1 point",
        "the replayed result stands",
    ),
    (
        "wins more than any resignation",
        damaged("Wins 2 points and the match", "Wins 100 points and the match"),
        21, "Alice (left) cannot win 100 points by a resignation with the cube at 2",
        "read as a resignation of a backgammon (6 points)",
    ),
    (
        "a roll whose moves were not written",
        damaged("  3) 31: 14/13 6/3 ", "  3) 31:           "),
        17, "Alice (left) rolled 3-1 at line 17 but no play is given",
        "the rest of Game 2 is skipped; its 'Wins' line (line 21) ends it",
    ),
    (
        "Snowie's illegal play",
        damaged("55: bar/20 13/8 13/8 8/3*", "55: Illegal play (Snowie)"),
        18, "Snowie's 'Illegal play' records are not supported",
        "the rest of Game 2 is skipped; its 'Wins' line (line 21) ends it",
    ),
    (
        "an illegal play",
        damaged("bar/22* 24/20", "24/20 24/21"),
        17, "Bob (right) cannot play '24/20 24/21' with 4-3",
        "the rest of Game 2 is skipped; its 'Wins' line (line 21) ends it",
    ),
    (
        "an unreadable roll",
        damaged("  2) 64: 24/18 18/14*", "  2) 6x: 24/18 18/14*"),
        16, "cannot read '6x:'",
        "the rest of Game 2 is skipped; its 'Wins' line (line 21) ends it",
    ),
    (
        "a line that is not a move",
        damaged("Takes\n  6) 42", "Takes\n  coffee break\n  6) 42"),
        20, "cannot read 'coffee': expected a roll like '52:', or a cube action",
        "the rest of Game 2 is skipped; its 'Wins' line (line 22) ends it",
    ),
    (
        "a cube action out of turn",
        damaged("  5)  Doubles => 2                Takes", "  5)  Takes"),
        19, "Alice (left) cannot take: no double has been offered",
        "the rest of Game 2 is skipped; its 'Wins' line (line 21) ends it",
    ),
    (
        "the wrong cube value",
        damaged("  5)  Doubles => 2", "  5)  Doubles => 4"),
        19, "the file says 'Doubles => 4', but the cube goes to 2",
        "the cube goes to 2",
    ),
    (
        "a game without a result",
        damaged("  2)  Doubles => 2                Drops\n      Wins 1 point\n", ""),
        11, "Game 1 is not finished, but Game 2 follows",
        "its score line gives Alice (left) 1 point: Game 1 ends with a resignation by Bob (right)",
    ),
    (
        "a game numbered out of sequence",
        damaged(" Game 2\n", " Game 5\n"),
        13, "expected Game 2, got Game 5",
        "read as Game 2",
    ),
    (
        "a move numbered out of sequence",
        damaged("  3) 31: 14/13", "  7) 31: 14/13"),
        17, "expected move number 3, got 7)",
        "the lines are read in the file's order",
    ),
    (
        "a wrong score line",
        damaged(" Alice : 1                      Bob : 0", " Alice : 0                      Bob : 1"),
        14, "the score line says 0-1, but the games before give 1-0",
        "the score 1-0 stands",
    ),
    (
        "other names",
        damaged(" Alice : 1                      Bob : 0", " Alice : 1                      Rob : 0"),
        14, "the players are 'Alice' and 'Rob', but Game 1 has 'Alice' and 'Bob'",
        "the names of Game 1 are kept",
    ),
    (
        "'and the match' too early",
        damaged("      Wins 1 point\n", "      Wins 1 point and the match\n"),
        11, "'and the match', but the match is not over",
        "the words are ignored",
    ),
    (
        "a move after the end",
        damaged("      Wins 1 point\n", "      Wins 1 point\n  3) 52: 13/8 13/11\n"),
        12, "the game already ended at line 11",
        "the rest of Game 1 is skipped",
    ),
    (
        "a game after the end of the match",
        HAND_MATCH + "\n Game 3\n Alice : 3                      Bob : 0\n  1) 31: 8/5 6/5\n",
        23, "the match is already over (3-0)",
        "Game 3 and the games after it are dropped",
    ),
    (
        "a game that cannot start",
        damaged("  1)                             52: 13/8 13/11", "  1)                             52 13/8 13/11"),
        15, "cannot read '52'",
        "Game 2 is dropped",
    ),
    (
        "a line before the header",
        "hello\n" + HAND_MATCH,
        1, "expected the header ' N point match'",
        "the line is skipped",
    ),
    (
        "a missing score line",
        damaged(" Alice : 1                      Bob : 0\n", ""),
        14, "expected the players and the score",
        "Game 2 is read without a score line",
    ),
]


@pytest.mark.parametrize(("text", "line", "error", "repair"), [d[1:] for d in DAMAGE], ids=[d[0] for d in DAMAGE])
def test_damaged_file_strict_and_lenient(text: str, line: int, error: str, repair: str) -> None:
    raises_at(text, line, error)
    mat, messages = read_leniently(text)
    assert messages, "a lenient reading of a damaged file warns"
    assert messages[0] == f"line {line}: {str(raises_at(text, line))[len(f'line {line}: '):]}; {repair}"
    assert messages[0].endswith(repair) and error in messages[0]


def test_lenient_reading_of_a_sound_file_changes_nothing() -> None:
    for text in (HAND_MATCH, HAND_MONEY, to_mat(bot_match(7, 3)), to_mat(bot_match(5, 8, resign_p=0.05))):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no warning at all
            mat = MatFile.from_string(text, lenient=True)
        assert mat.repairs == ()
        assert_same_match(mat.match, from_mat(text))


def test_lenient_results_of_damaged_files() -> None:
    # an impossible 'Wins' after a drop: the drop's point
    mat, _ = read_leniently(damaged("      Wins 1 point\n", "      Wins 100 points\n"))
    assert mat.match.games[0].result() == nardy.Result(W, 1, "drop", "drop", 1)
    assert mat.match.score == (3, 0) and mat.match.winner == W
    # an impossible resignation at a 2-cube: a backgammon, as gnubg reads it
    mat, _ = read_leniently(damaged("Wins 2 points and the match", "Wins 5 points"))
    assert mat.match.games[1].result() == nardy.Result(W, 6, "koks", "resign", 2)
    mat, _ = read_leniently(damaged("Wins 2 points and the match", "Wins 0 points"))
    assert mat.match.games[1].result() == nardy.Result(W, 2, "oin", "resign", 2)
    # a roll without its moves: the game stops at the roll, the 'Wins' line
    # (2 points at a 1-cube: a gammon) ends it
    mat, messages = read_leniently(damaged("  3) 31: 14/13 6/3 ", "  3) 31:           "))
    second = mat.match.games[1]
    assert second.history[-2:] == (RollEvent(W, (3, 1)), ResignEvent(B, 2))
    assert second.result() == nardy.Result(W, 2, "mars", "resign", 1)
    assert len(messages) == 1 and mat.match.score == (3, 0)
    # an illegal play: everything before it is kept, the roll stays unplayed
    mat, _ = read_leniently(damaged("bar/22* 24/20", "24/20 24/21"))
    second = mat.match.games[1]
    assert second.history[-2:] == (RollEvent(B, (4, 3)), ResignEvent(B, 2))
    assert sum(isinstance(e, PlayEvent) for e in second.history) == 4  # the dance included
    # a game without its result: the next score line says Alice won a point
    mat, _ = read_leniently(damaged("  2)  Doubles => 2                Drops\n      Wins 1 point\n", ""))
    assert mat.match.games[0].result() == nardy.Result(W, 1, "oin", "resign", 1)
    assert mat.match.score == (3, 0)
    # ... or does not say it: the import stops at that game
    text = damaged("  2)  Doubles => 2                Drops\n      Wins 1 point\n", "").replace(
        " Alice : 1                      Bob : 0", " Alice : 0                      Bob : 0"
    )
    raises_at(text, 11, "Game 1 is not finished, but Game 2 follows")
    mat, messages = read_leniently(text)
    assert len(mat.match.games) == 1 and mat.match.game.result() is None
    assert messages == [
        "line 11: Game 1 is not finished, but Game 2 follows; the match stops there: "
        "Game 1 is kept unfinished and the rest of the file is dropped"
    ]
    # a game after the end of the match, a game that cannot start: dropped
    mat, _ = read_leniently(HAND_MATCH + "\n Game 3\n Alice : 3                      Bob : 0\n  1) 31: 8/5 6/5\n")
    assert len(mat.match.games) == 2 and mat.match.score == (3, 0)
    mat, messages = read_leniently(damaged("52: 13/8 13/11", "52 13/8 13/11"))
    assert len(mat.match.games) == 1 and mat.match.score == (1, 0) and not mat.match.is_over()


def test_lenient_reading_reports_every_repair_in_line_order() -> None:
    text = damaged(" Game 2\n", " Game 7\n")
    text = damaged("      Wins 1 point\n", "      Wins 9 points\n", text)
    text = damaged("  3) 31: 14/13", "  9) 31: 14/13", text)
    text = damaged("bar/22* 24/20", "bar/22* 24/22", text)
    text = damaged("Wins 2 points and the match", "Wins 7 points and the match", text)
    _, messages = read_leniently(text)
    assert [m.split(":")[0] for m in messages] == ["line 11", "line 13", "line 17", "line 17", "line 21"]
    assert "wins 9 points, but replaying gives Alice (left) wins 1 point" in messages[0]
    assert "read as Game 2" in messages[1]
    assert "expected move number 3, got 9)" in messages[2] and "cannot play 'bar/22* 24/22'" in messages[3]
    assert "cannot win 7 points by a resignation with the cube at 1" in messages[4]
    assert messages[4].endswith("read as a resignation of a backgammon (3 points)")


def test_what_a_lenient_reading_cannot_repair() -> None:
    for text, fragment in [
        ("; only comments\n", "no ' N point match' header"),
        (" -3 point match\n Game 1\n", "negative"),
        (" 3 point match\n\n", "no games"),
        (mid_match_text(7, (7, 0), DROPPED), "would be over already"),
        ('; [Variation "NackGammon"]\n' + HAND_MATCH, "variation"),
        (" 3 point match\n; Set Pos=xxx\n Game 1\n", "Set Pos"),
        (damaged("  1) 31: 8/5 6/5 ", "  1) 33: 8/5 6/5 ", HAND_MATCH.split(" Game 2")[0]), "no game of the file"),
    ]:
        with pytest.raises(RecordError, match=re.escape(fragment)):
            MatFile.from_string(text, lenient=True)


def test_from_mat_warns_too() -> None:
    text = damaged("      Wins 1 point\n", "      Wins 100 points\n")
    with pytest.warns(MatRepairWarning, match=r"^line 11: .* the replayed result stands$") as record:
        match = from_mat(text, lenient=True)
    assert record[0].filename == __file__
    assert match.score == (3, 0)
