"""The names the formats had before the to_/from_ scheme: each still works for
one release, warns with a DeprecationWarning that names its replacement (at the
caller's line), and gives what the new name gives."""

from __future__ import annotations

import importlib
import re
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import nardy
from nardy import formats, gnubg, matfile, notation, records, xgid
from nardy.flow import PlayContext

SHORT = nardy.ruleset("short")
CUBE = nardy.ruleset("short", cube=True)
START = SHORT.initial_position()
GNUBG_ID = "0HPhATDg2+ABMA:MIHlAEAAAAAA"
XGID = "XGID=abB---D-C---dD---c-e----B-:1:-1:-1:52:3:1:0:7:10"


def finished_match() -> nardy.Match:
    """A 1-point match played to its end with the first legal play each time."""
    match = nardy.Match(CUBE, length=1, seed=3)
    game = match.game
    while not game.is_over():
        if game.pending.phase == "roll":
            game.roll()
        else:
            game.play(game.legal_plays()[0])
    return match


def gulbar_game() -> nardy.Game:
    game = nardy.Game(nardy.ruleset("gulbar"), first=nardy.WHITE, seed=1)
    game.roll((6, 6))
    game.play("24/18(2)")
    return game


MATCH = finished_match()
GAME = gulbar_game()
MAT = matfile.to_mat(MATCH, ("Alice", "Bob"), tags={"Event": "Test"})
DAMAGED_MAT = re.sub(r"Wins \d+ points?", "Wins 100 points", MAT)  # one repair: the replayed result stands


def same(value: Any) -> Any:
    """A comparable form of a result: games and matches by their records
    (which leave out the states of their dice generators)."""
    if isinstance(value, (nardy.Game, nardy.Match)):
        return records.to_dict(value)
    if isinstance(value, matfile.MatFile):
        return (same(value.match), value.names, dict(value.tags), value.comments, value.repairs)
    return value


#: (module, old name, new name, call of the old name, call of the new name)
CASES: list[tuple[str, str, str, Callable[[], Any], Callable[[], Any]]] = [
    # nardy.notation
    (
        "notation",
        "format_play",
        "to_notation",
        lambda: notation.format_play(GAME.history[-1].play),  # type: ignore[union-attr]
        lambda: notation.to_notation(GAME.history[-1].play),  # type: ignore[union-attr]
    ),
    (
        "notation",
        "parse_play",
        "from_notation",
        lambda: notation.parse_play(SHORT, START, "24/18 18/13", (6, 5), PlayContext()),
        lambda: notation.from_notation(SHORT, START, "24/18 18/13", (6, 5), PlayContext()),
    ),
    # nardy.formats
    (
        "formats",
        "read_position",
        "from_text",
        lambda: formats.read_position(GNUBG_ID, nardy.ruleset("caucasian")),
        lambda: formats.from_text(GNUBG_ID, nardy.ruleset("caucasian")),
    ),
    (
        "formats",
        "game_string",
        "to_game_string",
        lambda: formats.game_string(GAME),
        lambda: formats.to_game_string(GAME),
    ),
    (
        "formats",
        "game_from_string",
        "from_game_string",
        lambda: formats.game_from_string(GAME.to_string(), seed=5, rules=nardy.ruleset("gulbar")),
        lambda: formats.from_game_string(GAME.to_string(), seed=5, rules=nardy.ruleset("gulbar")),
    ),
    # nardy.gnubg
    ("gnubg", "position_id", "to_position_id", lambda: gnubg.position_id(START), lambda: gnubg.to_position_id(START)),
    (
        "gnubg",
        "position_from_id",
        "from_position_id",
        lambda: gnubg.position_from_id("4HPwATDgc/ABMA", nardy.BLACK, nardy.ruleset("caucasian")),
        lambda: gnubg.from_position_id("4HPwATDgc/ABMA", nardy.BLACK, nardy.ruleset("caucasian")),
    ),
    (
        "gnubg",
        "gnubg_id",
        "to_gnubg_id",
        lambda: gnubg.gnubg_id(START, gnubg.MatchId(dice=(3, 1))),
        lambda: gnubg.to_gnubg_id(START, gnubg.MatchId(dice=(3, 1))),
    ),
    (
        "gnubg",
        "parse_gnubg_id",
        "from_gnubg_id",
        lambda: gnubg.parse_gnubg_id(GNUBG_ID),
        lambda: gnubg.from_gnubg_id(GNUBG_ID),
    ),
    (
        "gnubg",
        "MatchId.encode",
        "MatchId.to_string",
        lambda: gnubg.MatchId(match_length=7, score=(4, 0)).encode(),
        lambda: gnubg.MatchId(match_length=7, score=(4, 0)).to_string(),
    ),
    (
        "gnubg",
        "MatchId.decode",
        "MatchId.from_string",
        lambda: gnubg.MatchId.decode("QYkqASAAIAAA"),
        lambda: gnubg.MatchId.from_string("QYkqASAAIAAA"),
    ),
    # nardy.xgid
    (
        "xgid",
        "xgid",
        "to_xgid",
        lambda: xgid.xgid(START, cube_value=4, cube_owner=nardy.BLACK, dice=(5, 2), match_length=7, score=(3, 1)),
        lambda: xgid.to_xgid(START, cube_value=4, cube_owner=nardy.BLACK, dice=(5, 2), match_length=7, score=(3, 1)),
    ),
    ("xgid", "parse_xgid", "from_xgid", lambda: xgid.parse_xgid(XGID), lambda: xgid.from_xgid(XGID)),
    (
        "xgid",
        "XgidInfo.encode",
        "XgidInfo.to_string",
        lambda: xgid.from_xgid(XGID).encode(),
        lambda: xgid.from_xgid(XGID).to_string(),
    ),
    # nardy.records
    ("records", "game_to_dict", "to_dict", lambda: records.game_to_dict(GAME), lambda: records.to_dict(GAME)),
    ("records", "match_to_dict", "to_dict", lambda: records.match_to_dict(MATCH), lambda: records.to_dict(MATCH)),
    (
        "records",
        "game_from_dict",
        "from_dict",
        lambda: records.game_from_dict(records.to_dict(GAME)),
        lambda: records.from_dict(records.to_dict(GAME)),
    ),
    (
        "records",
        "match_from_dict",
        "from_dict",
        lambda: records.match_from_dict(records.to_dict(MATCH)),
        lambda: records.from_dict(records.to_dict(MATCH)),
    ),
    ("records", "dumps", "to_json", lambda: records.dumps(MATCH, indent=2), lambda: records.to_json(MATCH, indent=2)),
    (
        "records",
        "loads",
        "from_json",
        lambda: records.loads(records.to_json(GAME)),
        lambda: records.from_json(records.to_json(GAME)),
    ),
    # nardy.matfile
    (
        "matfile",
        "export_mat",
        "to_mat",
        lambda: matfile.export_mat(MATCH, ("Alice", "Bob"), tags={"Event": "Test"}),
        lambda: matfile.to_mat(MATCH, ("Alice", "Bob"), tags={"Event": "Test"}),
    ),
    ("matfile", "import_mat", "from_mat", lambda: matfile.import_mat(MAT, CUBE), lambda: matfile.from_mat(MAT, CUBE)),
    (
        "matfile",
        "read_mat",
        "MatFile.from_string",
        lambda: matfile.read_mat(MAT, CUBE),
        lambda: matfile.MatFile.from_string(MAT, CUBE),
    ),
]


@pytest.mark.parametrize(("module", "old", "new", "call_old", "call_new"), CASES, ids=[c[1] for c in CASES])
def test_old_name_warns_and_gives_the_same_result(
    module: str, old: str, new: str, call_old: Callable[[], Any], call_new: Callable[[], Any]
) -> None:
    message = f"nardy.{module}.{old} is deprecated; use nardy.{module}.{new}"
    with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught:
        got = call_old()
    assert len(caught) == 1
    assert caught[0].filename == __file__  # reported where the old name is called
    assert same(got) == same(call_new())


def test_new_names_do_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _, _, _, _, call_new in CASES:
            call_new()


@pytest.mark.parametrize(
    "call",
    [lambda: matfile.import_mat(DAMAGED_MAT, lenient=True), lambda: matfile.read_mat(DAMAGED_MAT, lenient=True)],
    ids=["import_mat", "read_mat"],
)
def test_lenient_mat_readers_still_warn_each_repair(call: Callable[[], Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    kinds = [w.category for w in caught]
    assert kinds.count(DeprecationWarning) == 1 and kinds.count(matfile.MatRepairWarning) == 1
    assert all(w.filename == __file__ for w in caught)  # both reported where the old name is called


def test_old_record_readers_keep_refusing_the_other_kind() -> None:
    with pytest.warns(DeprecationWarning), pytest.raises(records.RecordError, match="'nardy-game'"):
        records.game_from_dict(records.to_dict(MATCH))
    with pytest.warns(DeprecationWarning), pytest.raises(records.RecordError, match="'nardy-match'"):
        records.match_from_dict(records.to_dict(GAME))


def test_position_from_id_keeps_its_keyword() -> None:
    with pytest.warns(DeprecationWarning):
        pos = gnubg.position_from_id(pid="4HPwATDgc/ABMA", turn=nardy.BLACK)
    assert pos == gnubg.from_position_id("4HPwATDgc/ABMA", turn=nardy.BLACK)


OLD_NAMES = {
    "notation": ["format_play", "parse_play"],
    "formats": ["read_position", "game_string", "game_from_string"],
    "gnubg": ["position_id", "gnubg_id", "position_from_id", "parse_gnubg_id"],
    "xgid": ["xgid", "parse_xgid"],
    "records": ["game_to_dict", "match_to_dict", "game_from_dict", "match_from_dict", "dumps", "loads"],
    "matfile": ["export_mat", "import_mat", "read_mat"],
}
NEW_NAMES = {
    "notation": ["to_notation", "from_notation"],
    "formats": ["from_text", "to_game_string", "from_game_string"],
    "gnubg": ["to_position_id", "to_gnubg_id", "from_position_id", "from_gnubg_id"],
    "xgid": ["to_xgid", "from_xgid"],
    "records": ["to_dict", "from_dict", "to_json", "from_json"],
    "matfile": ["to_mat", "from_mat"],
}


@pytest.mark.parametrize("module", sorted(OLD_NAMES))
def test_old_names_are_importable_but_not_in_all(module: str) -> None:
    mod = importlib.import_module(f"nardy.{module}")
    for name in OLD_NAMES[module]:
        assert callable(getattr(mod, name))
        assert name not in mod.__all__
    for name in NEW_NAMES[module]:
        assert name in mod.__all__


def test_match_results_is_a_tuple_and_calling_it_still_works() -> None:
    """``Match.results`` is a property that gives a tuple, as ``Match.scores`` does;
    calling it, as the method it was, warns and gives an iterator over the same."""
    results = MATCH.results
    assert isinstance(results, tuple) and len(results) == len(MATCH.games) == 1
    assert results == (MATCH.game.result(),)
    assert results == MATCH.results and list(results) == list(results)  # not used up when read
    message = "nardy.Match.results() is deprecated; use nardy.Match.results, a tuple (like Match.scores)"
    with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$") as caught:
        called = MATCH.results()  # type: ignore[operator]
    assert len(caught) == 1 and caught[0].filename == __file__
    assert list(called) == list(results)
    import copy
    import pickle

    assert type(pickle.loads(pickle.dumps(results))) is tuple and copy.deepcopy(results) == results
    unfinished = nardy.Match(CUBE, length=3, seed=1)
    assert unfinished.results == () and unfinished.scores == ((0, 0),)
