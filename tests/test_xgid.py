"""eXtreme Gammon XGIDs (nardy.xgid).

Known examples (the start position, a hand-checked asymmetric position whose gnubg
Position ID gnubg itself computed), round trips both ways, fuzzing of malformed
strings (only nardy errors may come out), and, when the PyPI package ``gnubg`` is
importable, gnubg's own reading of the XGIDs nardy writes.
"""

from __future__ import annotations

import re

import pytest
from gnubg_peer import GnubgPeer
from hypothesis import assume, given
from hypothesis import strategies as st

import nardy
from nardy import NardyError, NotationError, Player, Position
from nardy.gnubg import MatchId, from_position_id, to_position_id
from nardy.xgid import XgidInfo, from_xgid, to_xgid

RULES = nardy.ruleset("short")
START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"

# The docstring's position: White (bottom) 2 on its 2, 4 on 6, 3 on 8, 4 on 13, 2 on 24;
# Black (top) 1 on the bar, 2 on its 24, 4 on 13, 3 on 8, 5 on 6.
ASYM_BOARD = "abB---D-C---dD---c-e----B-"
ASYM_WHITE = {2: 2, 6: 4, 8: 3, 13: 4, 24: 2}
ASYM_BLACK = {24: 2, 13: 4, 8: 3, 6: 5}
# gnubg 1.1.0a16's Position IDs for that board, read with `set gnubgid XGID=...`
ASYM_PID_BLACK_ON_ROLL = "hufgATDgc/AAWA"
ASYM_PID_WHITE_ON_ROLL = "4HPwAFiG5+ABMA"


def counts(points: dict[int, int]) -> list[int]:
    out = [0] * 24
    for p, n in points.items():
        out[p - 1] = n
    return out


def asym(turn: Player) -> Position:
    return RULES.position(white=counts(ASYM_WHITE), black=counts(ASYM_BLACK), black_bar=1, turn=turn)


# --------------------------------------------------------------------------- strategies


@st.composite
def short_positions(draw: st.DrawFn) -> Position:
    """15 checkers per side over off (0), points (1..24) and bar (25), no shared points."""
    white = [0] * 24
    wbar = 0
    for slot in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15), label="white slots"):
        if slot == 25:
            wbar += 1
        elif slot:
            white[slot - 1] += 1
    free = [0, 25] + [q for q in range(1, 25) if not white[24 - q]]  # Black's q is White's 25 - q
    black = [0] * 24
    bbar = 0
    for slot in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15), label="black slots"):
        if slot == 25:
            bbar += 1
        elif slot:
            black[slot - 1] += 1
    turn = draw(st.sampled_from(Player))
    return RULES.position(white=white, black=black, white_bar=wbar, black_bar=bbar, turn=turn)


@st.composite
def xgid_infos(draw: st.DrawFn, actions: bool = True) -> XgidInfo:
    pos = draw(short_positions())
    length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 11, 25]))
    score_st = st.integers(0, length - 1) if length else st.integers(0, 50)
    kind = draw(st.sampled_from(["none", "dice", "action"] if actions else ["none", "dice"]))
    return XgidInfo(
        position=pos,
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.none() | st.sampled_from(Player)),
        dice=draw(st.tuples(st.integers(1, 6), st.integers(1, 6))) if kind == "dice" else None,
        cube_action=draw(st.sampled_from(["double", "beaver", "raccoon"])) if kind == "action" else None,
        score=(draw(score_st), draw(score_st)),
        crawford_jacoby=draw(st.integers(0, 1 if length else 3)),
        match_length=length,
        max_cube=1 << draw(st.integers(0, 15)),
    )


# --------------------------------------------------------------------------- known examples


def test_start_position() -> None:
    start = RULES.initial_position()
    assert to_xgid(start) == START
    info = from_xgid(START)
    assert info.position == start.replace(white_moved=True, black_moved=True)
    assert info == XgidInfo(position=info.position)
    assert (info.turn, info.cube_value, info.cube_owner, info.dice, info.cube_action) == (
        Player.WHITE, 1, None, None, None
    )
    assert (info.score, info.crawford_jacoby, info.match_length, info.max_cube) == ((0, 0), 0, 0, 1024)
    assert str(info) == info.to_string() == START
    # the same without the prefix, with whitespace around it
    assert from_xgid("  " + START.removeprefix("XGID=") + "\n") == info
    # Black on roll: only the turn field changes
    assert to_xgid(start.replace(turn=Player.BLACK)) == START.replace(":0:0:1:", ":0:0:-1:")


@pytest.mark.parametrize(
    ("turn", "field", "pid"),
    [(Player.BLACK, "-1", ASYM_PID_BLACK_ON_ROLL), (Player.WHITE, "1", ASYM_PID_WHITE_ON_ROLL)],
)
def test_asymmetric_position_orientation(turn: Player, field: str, pid: str) -> None:
    text = f"XGID={ASYM_BOARD}:1:-1:{field}:52:3:1:0:7:10"
    info = from_xgid(text)
    pos = asym(turn)
    assert info.position == pos
    assert info == XgidInfo(
        position=pos, cube_value=2, cube_owner=Player.BLACK, dice=(5, 2), score=(3, 1), match_length=7
    )
    assert info.score[Player.WHITE] == 3 and info.score[Player.BLACK] == 1
    assert info.to_string() == text
    # the same board through gnubg's Position ID (computed by gnubg from this XGID)
    assert to_position_id(info.position) == pid
    assert from_position_id(pid, turn=turn) == pos


def test_letters_bars_and_points() -> None:
    white = [0] * 24
    white[0] = 15  # White's 1 point: character 1
    black = [0] * 24
    black[0] = 3  # Black's 1 point is White's 24: character 24
    pos = RULES.position(white=white, black=black, black_bar=12, turn=Player.BLACK)
    assert to_xgid(pos).split(":")[0] == "XGID=l" + "O" + "-" * 22 + "c" + "-"
    pos2 = RULES.position(white=[0] * 24, black=[0] * 24, white_bar=15, black_bar=15)
    assert to_xgid(pos2).split(":")[0] == "XGID=o" + "-" * 24 + "O"
    assert from_xgid(to_xgid(pos2)).position == pos2


def test_fields() -> None:
    start = RULES.initial_position()
    assert to_xgid(start, cube_value=8, cube_owner=Player.WHITE) == START.replace(":0:0:1:", ":3:1:1:")
    assert to_xgid(start, cube_value=8, cube_owner=Player.BLACK) == START.replace(":0:0:1:", ":3:-1:1:")
    for action, code in (("double", "D"), ("beaver", "B"), ("raccoon", "R")):
        text = to_xgid(start, cube_action=action)  # type: ignore[arg-type]
        assert text == START.replace(":00:", f":{code}:")
        assert from_xgid(text).cube_action == action
    assert to_xgid(start, dice=(1, 6)).split(":")[4] == "61"  # the larger die first
    money = from_xgid(START.replace(":0:0:0:0:10", ":0:0:3:0:8"))
    assert (money.jacoby, money.beaver, money.crawford, money.max_cube) == (True, True, False, 256)
    assert from_xgid(START.replace(":0:0:0:0:10", ":0:0:2:0:10")).jacoby is False
    match = from_xgid(START.replace(":0:0:0:0:10", ":4:0:1:5:10"))
    assert (match.crawford, match.jacoby, match.beaver, match.score) == (True, False, False, (4, 0))


def test_long_family_refused() -> None:
    long_rules = nardy.ruleset("long")
    with pytest.raises(NotationError, match="backgammon .short family. boards only; ruleset 'long'"):
        from_xgid(START, rules=long_rules)
    with pytest.raises(NotationError, match="not a long-family position"):
        to_xgid(long_rules.initial_position())
    assert from_xgid(START, rules=nardy.ruleset("caucasian")).position.family == "short"


def test_dice_are_written_the_larger_first_and_read_in_either_order() -> None:
    """gnubg writes the larger die first (its Match ID does, and its XGID reader keeps
    the larger first); nardy writes XGIDs so too and reads either order."""
    start = RULES.initial_position()
    assert XgidInfo(start, dice=(2, 5)).dice == (5, 2) == XgidInfo(start, dice=(5, 2)).dice
    assert XgidInfo(start, dice=(2, 5)) == XgidInfo(start, dice=(5, 2))
    assert XgidInfo(start, dice=(2, 5)).to_string() == START.replace(":00:", ":52:")
    for written in ("25", "52"):
        info = from_xgid(START.replace(":00:", f":{written}:"))
        assert info.dice == (5, 2)
        assert info.to_string() == START.replace(":00:", ":52:")
    assert from_xgid(START.replace(":00:", ":44:")).dice == (4, 4)


# --------------------------------------------------------------------------- round trips


@given(xgid_infos())
def test_round_trip(info: XgidInfo) -> None:
    text = info.to_string()
    assert from_xgid(text) == info
    assert from_xgid(text).to_string() == text


@given(short_positions())
def test_position_round_trip_and_position_id(pos: Position) -> None:
    back = from_xgid(to_xgid(pos)).position
    assert back == pos
    assert to_position_id(back) == to_position_id(pos)
    # an independent reading of the position string: upper case = White's point i,
    # lower case = Black's point 25 - i, character 0 Black's bar, 25 White's bar
    board = to_xgid(pos).split(":")[0].removeprefix("XGID=")
    for i, ch in enumerate(board):
        n = 0 if ch == "-" else ord(ch.lower()) - ord("a") + 1
        if i == 0:
            assert (n, ch.islower() or n == 0) == (pos.black_bar, True)
        elif i == 25:
            assert (n, ch.isupper() or n == 0) == (pos.white_bar, True)
        elif ch.isupper():
            assert pos.white[i - 1] == n
        else:
            assert pos.black[24 - i] == n and pos.white[i - 1] == 0


# --------------------------------------------------------------------------- malformed input


def _with(index: int, value: str) -> str:
    fields = START.split(":")
    fields[index] = value
    return ":".join(fields)


BAD_XGIDS = [
    ("", "10 colon-separated fields .* got 1"),
    ("XGID=", "got 1"),
    (START + ":0", "got 11"),
    (START.rsplit(":", 1)[0], "got 9"),
    ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "26 characters .* got 25"),
    ("XGID=-b----E-C---eE---c-e----B--:0:0:1:00:0:0:0:0:10", "got 27"),
    ("XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10", r"'\*' at the bottom player's bar is not '-', A-O"),
    ("XGID=-b----E-C---eE---c-e-0--B-:0:0:1:00:0:0:0:0:10", "'0' at point 21 is not"),
    ("XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "'P' at point 24 is not '-', A-O"),
    ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "character 25 is the bottom player's bar"),
    ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "character 0 is the top player's bar"),
    ("XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10", "white has 16 checkers"),
    ("XGID=bb----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "black has 17 checkers"),
    ("XGID=-bA---E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "white has 16 checkers"),
    (_with(1, "x"), "cube value .log2. field 'x' is not a whole number"),
    (_with(1, "16"), "cube value .log2. field '16' is out of range 0..15"),
    (_with(1, "-1"), "out of range"),
    (_with(1, ""), "not a whole number"),
    (_with(1, " 1"), "not a whole number"),
    (_with(1, "1_0"), "not a whole number"),
    (_with(1, "9" * 5000), "not a whole number"),
    (_with(2, "2"), "cube owner .* field '2' is out of range -1..1"),
    (_with(3, "0"), "turn field '0' must be 1 .bottom player. or -1"),
    (_with(3, "+1"), "turn field"),
    (_with(4, "0"), "dice field '0' must be 00"),
    (_with(4, "07"), "dice field '07'"),
    (_with(4, "61x"), "dice field"),
    (_with(4, "d"), "dice field 'd'"),
    (_with(5, "-1"), "bottom player's score field '-1' is out of range"),
    (_with(7, "4"), "Crawford/Jacoby field '4' is out of range 0..3"),
    (_with(8, "-3"), "match length field"),
    (_with(9, "16"), "max cube .log2. field '16' is out of range 0..15"),
    (START.replace(":0:0:0:0:10", ":5:0:0:5:10"), "white's score 5 must be below the match length 5"),
    (START.replace(":0:0:0:0:10", ":0:7:0:5:10"), "black's score 7 must be below"),
    (START.replace(":0:0:0:0:10", ":0:0:2:5:10"), "crawford_jacoby must be 0 or 1 .Crawford game. in a match"),
    ("xgid=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "26 characters"),
]


@pytest.mark.parametrize(("text", "message"), BAD_XGIDS)
def test_bad_xgids(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        from_xgid(text)


@pytest.mark.parametrize("value", [None, 7, START.encode()])
def test_non_strings(value: object) -> None:
    with pytest.raises(NotationError, match="an XGID is a str"):
        from_xgid(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"position": "start"}, "position must be a nardy Position"),
        ({"cube_value": 3}, "cube_value must be a power of two"),
        ({"cube_value": 1 << 16}, "from 1 to 32768"),
        ({"max_cube": 0}, "max_cube must be a power of two"),
        ({"cube_owner": 1}, "cube_owner must be a Player or None"),
        ({"dice": (0, 1)}, "dice must be None or a tuple"),
        ({"dice": (3, 1, 2)}, "dice must be"),
        ({"cube_action": "redouble"}, "cube_action must be None or one of 'double', 'beaver', 'raccoon'"),
        ({"dice": (3, 1), "cube_action": "double"}, "share the dice field"),
        ({"match_length": -1}, "match_length must be an int 0 .money. to 999999"),
        ({"match_length": 10**6}, "match_length must be an int 0 .money. to 999999"),
        ({"score": (0, -1)}, "score must be a tuple of two ints 0..999999"),
        ({"score": (10**6, 0)}, "score must be a tuple of two ints 0..999999"),
        ({"score": (10**5000, 0)}, "score must be a tuple of two ints 0..999999"),
        ({"score": [0, 0]}, "score must be a tuple"),
        ({"crawford_jacoby": 4}, "crawford_jacoby must be 0..3"),
        ({"crawford_jacoby": True}, "crawford_jacoby must be"),
    ],
)
def test_bad_values(fields: dict[str, object], message: str) -> None:
    kwargs: dict[str, object] = {"position": RULES.initial_position(), **fields}
    with pytest.raises(NotationError, match=message):
        XgidInfo(**kwargs)  # type: ignore[arg-type]


@given(st.text(max_size=80))
def test_fuzz_text_gives_only_nardy_errors(text: str) -> None:
    try:
        from_xgid(text)
    except NardyError as exc:
        assert isinstance(exc, ValueError) and str(exc)


FIELD_TEXT = st.text(alphabet="-0123456789DBR", max_size=4)


@given(
    st.text(alphabet="-abcdefghijklmnopABCDEFGHIJKLMNOP", min_size=26, max_size=26),
    st.lists(FIELD_TEXT | st.sampled_from(["0", "1", "-1", "00", "52", "D", "10"]), min_size=9, max_size=9),
)
def test_fuzz_near_xgids(board: str, fields: list[str]) -> None:
    text = "XGID=" + ":".join([board, *fields])
    try:
        info = from_xgid(text)
    except NotationError as exc:
        assert str(exc)
    else:
        # whatever is accepted reads back the same (up to leading zeros in numbers)
        assert from_xgid(info.to_string()) == info
        canonical = [str(int(f)) if re.fullmatch(r"-?[0-9]+", f) and i != 3 else f for i, f in enumerate(fields)]
        if canonical == fields:
            assert info.to_string() == text


# --------------------------------------------------------------------------- against gnubg


@given(xgid_infos(actions=False))
def test_gnubg_reads_our_xgids(gnubg_peer: GnubgPeer, info: XgidInfo) -> None:
    """gnubg's own XGID reader agrees on the board, and on the fields once its numbering
    of the players (XG's bottom player = gnubg player 1) is taken into account."""
    assume(info.cube_value <= 4096)  # gnubg's largest cube (MAX_CUBE)
    assume(not (info.match_length == 1 and info.crawford_jacoby))  # no Crawford game to 1 point in gnubg
    if info.match_length and info.crawford_jacoby:
        # gnubg only keeps a Crawford flag that fits the score, and disables the cube in it
        length = info.match_length
        info = XgidInfo(
            position=info.position,
            dice=info.dice,
            score=(length - 1, info.score[1]),
            crawford_jacoby=1,
            match_length=length,
        )
    pid, mid = gnubg_peer.read(info.to_string(), "gnubgid")["gnubgid"].split(":")
    assert pid == to_position_id(info.position)
    m = MatchId.from_string(mid)
    flip = {Player.WHITE: Player.BLACK, Player.BLACK: Player.WHITE}  # gnubg player 1 = XG bottom = White
    assert m.player_on_roll == flip[info.turn]
    assert m.cube_value == info.cube_value
    assert m.cube_owner == (None if info.cube_owner is None else flip[info.cube_owner])
    assert m.dice == info.dice  # the larger first in both
    assert m.match_length == info.match_length
    if info.match_length:
        assert m.score == (info.score[Player.BLACK], info.score[Player.WHITE])
    assert m.crawford == info.crawford
    assert m.jacoby == info.jacoby


def test_gnubg_reads_the_asymmetric_example(gnubg_peer: GnubgPeer) -> None:
    pid, mid = gnubg_peer.read(f"XGID={ASYM_BOARD}:1:-1:-1:52:3:1:0:7:10", "gnubgid")["gnubgid"].split(":")
    assert pid == ASYM_PID_BLACK_ON_ROLL
    # gnubg player 0 is XG's top player (Black here), who owns the cube and is on roll
    assert MatchId.from_string(mid) == MatchId(
        cube_value=2,
        cube_owner=Player.WHITE,
        player_on_roll=Player.WHITE,
        turn=Player.WHITE,
        dice=(5, 2),
        match_length=7,
        score=(1, 3),
        jacoby=False,
    )


def test_gnubg_keeps_the_larger_die_first_as_nardy_does(gnubg_peer: GnubgPeer) -> None:
    """gnubg's XGID reader puts the larger die first whatever the order written (its
    own state, not only its Match ID, which always writes the larger first)."""
    for written in ("25", "52"):
        text = START.replace(":00:", f":{written}:")
        assert tuple(gnubg_peer.read(text, "dice")["dice"]) == from_xgid(text).dice == (5, 2)
