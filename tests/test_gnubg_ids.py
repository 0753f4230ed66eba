"""gnubg Position ID, Match ID and the combined "PositionID:MatchID" form (nardy.gnubg).

Known examples from gnubg's documentation and STYLE.md, round-trip properties on
random positions and match states, fuzzing of malformed strings (only nardy errors
may come out), and, when the PyPI package ``gnubg`` is importable, a differential
comparison with gnubg's own encoder and decoder.
"""

from __future__ import annotations

import base64

import attrs
import pytest
from gnubg_peer import GnubgPeer
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import NardyError, NotationError, Player, Position
from nardy.gnubg import (
    GameState,
    MatchId,
    from_gnubg_id,
    from_position_id,
    to_gnubg_id,
    to_position_id,
)

RULES = nardy.ruleset("short")
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
START = "4HPwATDgc/ABMA"

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
def match_ids(draw: st.DrawFn, on_roll: Player | None = None) -> MatchId:
    length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 9, 11, 25, 64, 32767]))
    score_st = st.integers(0, length) if length else st.integers(0, 32767)
    dice = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    return MatchId(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.none() | st.sampled_from(Player)),
        player_on_roll=on_roll if on_roll is not None else draw(st.sampled_from(Player)),
        crawford=draw(st.booleans()) if length else False,
        game_state=draw(st.sampled_from(GameState)),
        turn=draw(st.sampled_from(Player)),
        double_offered=draw(st.booleans()),
        resigned=draw(st.integers(0, 3)),
        dice=dice,
        match_length=length,
        score=(draw(score_st), draw(score_st)),
        jacoby=draw(st.booleans()),
    )


def key_to_id(key: int) -> str:
    """An independent Position ID encoder: 80-bit key, LSB first, standard base64 without padding."""
    return base64.b64encode(key.to_bytes(10, "little")).decode()[:14]


def key_of(halves: list[list[int]]) -> int:
    """The key of two 25-slot halves (opponent first), 1s for checkers and a 0 after each slot."""
    key = bit = 0
    for half in halves:
        for n in half:
            key |= ((1 << n) - 1) << bit
            bit += n + 1
    return key


def match_key_to_id(key: int) -> str:
    return base64.b64encode(key.to_bytes(9, "little")).decode()


# --------------------------------------------------------------------------- known examples


@pytest.mark.parametrize("turn", list(Player))
def test_opening_position(turn: Player) -> None:
    start = RULES.initial_position()
    assert to_position_id(start.replace(turn=turn)) == START
    assert from_position_id(START, turn=turn) == start.replace(turn=turn, white_moved=True, black_moved=True)


def test_side_on_roll_is_the_second_half() -> None:
    # STYLE.md: with Match ID MIHlAEAAAAAA the side on roll has 160 pips (the second half).
    pos = from_position_id("0HPhATDg2+ABMA", turn=Player.WHITE)
    assert pos.pips(Player.WHITE) == 160
    assert pos.pips(Player.BLACK) == 162
    on_roll = [0] * 24
    on_roll[5], on_roll[6], on_roll[7], on_roll[12], on_roll[23] = 5, 2, 2, 4, 2
    opponent = [0] * 24
    opponent[4], opponent[5], opponent[7], opponent[8], opponent[12], opponent[23] = 1, 4, 3, 1, 4, 2
    assert pos.white == tuple(on_roll) and pos.black == tuple(opponent)
    assert from_position_id("0HPhATDg2+ABMA", turn=Player.BLACK) == RULES.position(
        white=opponent, black=on_roll, turn=Player.BLACK
    )
    assert to_position_id(pos) == "0HPhATDg2+ABMA"


def test_combined_example() -> None:
    pos, match = from_gnubg_id("0HPhATDg2+ABMA:MIHlAEAAAAAA")
    # gnubg shows this as "gnubg 4, root 0 (match to 7 points)", gnubg (player 0) has rolled 31
    assert match == MatchId(player_on_roll=Player.WHITE, turn=Player.WHITE, dice=(3, 1), match_length=7, score=(4, 0))
    assert pos.turn == Player.WHITE and pos.pips(pos.turn) == 160
    assert to_gnubg_id(pos, match) == "0HPhATDg2+ABMA:MIHlAEAAAAAA"
    assert from_gnubg_id("  0HPhATDg2+ABMA:MIHlAEAAAAAA\n") == (pos, match)


def test_manual_match_id_example() -> None:
    # 2-4 in a 9-point match, player 0 (White, 2 points) holds a 2-cube, player 1 (Black,
    # 4 points) has rolled 52.
    expected = MatchId(
        cube_value=2,
        cube_owner=Player.WHITE,
        player_on_roll=Player.BLACK,
        crawford=False,
        game_state=GameState.PLAYING,
        turn=Player.BLACK,
        double_offered=False,
        resigned=0,
        dice=(5, 2),
        match_length=9,
        score=(2, 4),
        jacoby=True,
    )
    assert MatchId.from_string("QYkqASAAIAAA") == expected
    assert expected.to_string() == "QYkqASAAIAAA" == str(expected)
    assert expected.score[Player.WHITE] == 2 and expected.score[Player.BLACK] == 4
    # gnubg 1.07+ also sets bit 67 (Jacoby not in use), here in match play
    modern = MatchId.from_string("QYkqASAAIAAE")
    assert modern == attrs.evolve(expected, jacoby=False)
    assert modern.to_string() == "QYkqASAAIAAE"


def test_defaults_and_repr() -> None:
    start = RULES.initial_position()
    assert MatchId().to_string() == "MAEAAAAAAAAA"  # what gnubg writes for a money game in progress
    assert to_gnubg_id(start) == "4HPwATDgc/ABMA:MAEAAAAAAAAA"
    black_start = start.replace(turn=Player.BLACK)
    assert to_gnubg_id(black_start) == "4HPwATDgc/ABMA:" + MatchId(
        player_on_roll=Player.BLACK, turn=Player.BLACK
    ).to_string()
    m = MatchId(cube_value=4, cube_owner=Player.BLACK, game_state=GameState.RESIGNED, resigned=2)
    assert repr(m) == (
        "MatchId(cube_value=4, cube_owner=Player.BLACK, game_state=GameState.RESIGNED, resigned=2)"
    )
    assert eval(repr(m), {"MatchId": MatchId, "Player": Player, "GameState": GameState}) == m


def test_position_with_bar_and_borne_off_checkers() -> None:
    white = [0] * 24
    white[5] = 2
    black = [0] * 24
    black[0] = 1
    pos = RULES.position(white=white, black=black, white_bar=1, turn=Player.WHITE)
    # opponent (Black): 1 on its point 1; on roll (White): 2 on its 6, 1 on the bar
    assert to_position_id(pos) == key_to_id(key_of([[1] + [0] * 24, [0] * 5 + [2] + [0] * 18 + [1]]))
    assert from_position_id(to_position_id(pos)) == pos


def test_caucasian_is_short_family_and_long_is_refused() -> None:
    caucasian = nardy.ruleset("caucasian")
    assert from_position_id(START, rules=caucasian).family == "short"
    long_rules = nardy.ruleset("long")
    with pytest.raises(NotationError, match="backgammon .short family. boards only; ruleset 'long'"):
        from_position_id(START, rules=long_rules)
    with pytest.raises(NotationError, match="short family"):
        from_gnubg_id(START + ":MAEAAAAAAAAA", rules=long_rules)
    with pytest.raises(NotationError, match="not a long-family position"):
        to_position_id(long_rules.initial_position())
    with pytest.raises(NotationError, match="not a long-family position"):
        to_gnubg_id(long_rules.initial_position())


def test_match_must_agree_with_the_position() -> None:
    start = RULES.initial_position()
    with pytest.raises(NotationError, match="player on roll .black. must be the position's turn .white."):
        to_gnubg_id(start, MatchId(player_on_roll=Player.BLACK))
    with pytest.raises(NotationError, match="match must be a MatchId"):
        to_gnubg_id(start, "MAEAAAAAAAAA")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- round trips


@given(short_positions())
def test_position_id_round_trip(pos: Position) -> None:
    pid = to_position_id(pos)
    assert len(pid) == 14
    assert from_position_id(pid, turn=pos.turn) == pos
    # independent encoder: opponent's half first, then the side on roll
    halves = [[*pos.points(side), pos.bar(side)] for side in (pos.turn.other, pos.turn)]
    assert pid == key_to_id(key_of(halves))


@given(short_positions())
def test_position_id_is_the_same_for_the_swapped_board(pos: Position) -> None:
    """The ID depends only on the board seen from the side on roll, not on its colour."""
    mirrored = RULES.position(
        white=pos.black, black=pos.white, white_bar=pos.black_bar, black_bar=pos.white_bar, turn=pos.turn.other
    )
    assert to_position_id(mirrored) == to_position_id(pos)


@given(match_ids())
def test_match_id_round_trip(m: MatchId) -> None:
    text = m.to_string()
    assert len(text) == 12
    assert MatchId.from_string(text) == m
    assert MatchId.from_string(text).to_string() == text


@given(st.data())
def test_gnubg_id_round_trip(data: st.DataObject) -> None:
    pos = data.draw(short_positions())
    m = data.draw(match_ids(on_roll=pos.turn))
    text = to_gnubg_id(pos, m)
    assert from_gnubg_id(text) == (pos, m)


@given(st.text(alphabet=B64, min_size=14, max_size=14))
def test_every_accepted_position_id_is_canonical(text: str) -> None:
    try:
        pos = from_position_id(text)
    except NotationError:
        return
    assert to_position_id(pos) == text


@given(st.text(alphabet=B64, min_size=12, max_size=12))
def test_every_accepted_match_id_is_canonical(text: str) -> None:
    try:
        m = MatchId.from_string(text)
    except NotationError:
        return
    key = int.from_bytes(base64.b64decode(text), "little")
    die1, die2 = (key >> 15) & 7, (key >> 18) & 7
    if die1 < die2:  # read in either order, written with the larger die first (as gnubg does)
        key ^= (die1 ^ die2) << 15 | (die1 ^ die2) << 18
    assert m.to_string() == match_key_to_id(key)


# --------------------------------------------------------------------------- malformed input


def _one_side_on(point: int, n: int) -> list[int]:
    half = [0] * 25
    half[point - 1] = n
    return half


BAD_POSITION_IDS = [
    ("", "has 14 characters, got 0"),
    ("4HPwATDgc/ABM", "has 14 characters, got 13"),
    ("4HPwATDgc/ABMAA", "has 14 characters, got 15"),
    ("4HPwATDgc/AB!A", r"character 13 \('!'\) is not base64"),
    ("4HPwATDgc/AB A", "is not base64"),
    ("4HPwATDgc-ABMA", "is not base64"),
    ("4HPwATDgc/ABMé", "is not base64"),
    ("4HPwATDgc/ABMB", "last character must be one of A, Q, g, w"),
    ("/////////////w", "more than 15 checkers"),
    ("//////////////", "last character must be one of"),
    (key_to_id(key_of([_one_side_on(6, 16), [0] * 25])), "the opponent of the player on roll has more than 15"),
    (key_to_id(key_of([[0] * 25, _one_side_on(25, 16)])), "the player on roll has more than 15"),
    # 50 empty slots, then a stray 1 bit
    (key_to_id(1 << 50), "bits are set after the last bar"),
    # opponent on its own point 1 = the mover's 24, where the mover also stands
    (
        key_to_id(key_of([_one_side_on(1, 1), _one_side_on(24, 1)])),
        "not a valid position: .*holds checkers of both sides",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_POSITION_IDS)
def test_bad_position_ids(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        from_position_id(text)


def _mkey(**fields: int) -> int:
    offsets = {
        "cube": 0, "owner": 4, "move": 6, "crawford": 7, "state": 8, "turn": 11, "doubled": 12,
        "resigned": 13, "die1": 15, "die2": 18, "length": 21, "score0": 36, "score1": 51, "nojacoby": 66,
    }
    base = {"owner": 3, "state": 1}
    base.update(fields)
    return sum(v << offsets[k] for k, v in base.items())


BAD_MATCH_IDS = [
    ("", "has 12 characters, got 0"),
    ("QYkqASAAIAA", "has 12 characters, got 11"),
    ("QYkqASAAIAAAA", "has 12 characters, got 13"),
    ("QYkqASAA*AAA", r"character 9 \('\*'\) is not base64"),
    (match_key_to_id(_mkey(owner=2)), "cube owner bits are 10"),
    (match_key_to_id(_mkey(state=5)), "game state 5 is not one of"),
    (match_key_to_id(_mkey(state=7)), "game state 7"),
    (match_key_to_id(_mkey(die1=7, die2=1)), "a die shows 1..6"),
    (match_key_to_id(_mkey(die1=3)), "either both dice are rolled or neither"),
    (match_key_to_id(_mkey(die2=3)), "either both dice are rolled or neither"),
    (match_key_to_id(_mkey(crawford=1)), "no Crawford game in money play"),
    (match_key_to_id(_mkey(length=5, score0=6)), "white's score 6 is more than the match length 5"),
    (match_key_to_id(_mkey(length=5, score1=9)), "black's score 9 is more than the match length 5"),
    (match_key_to_id(1 << 67 | _mkey()), "bits 68-72 are unused"),
    ("////////////", "bits 68-72 are unused"),
]


@pytest.mark.parametrize(("text", "message"), BAD_MATCH_IDS)
def test_bad_match_ids(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        MatchId.from_string(text)


BAD_GNUBG_IDS = [
    (START, "is 'PositionID:MatchID'"),
    (START + ":MAEAAAAAAAAA:MAEAAAAAAAAA", "is 'PositionID:MatchID'"),
    ("MAEAAAAAAAAA:" + START, "Match ID has 12 characters, got 14"),
    (START + ":", "Match ID has 12 characters, got 0"),
    (START + " MAEAAAAAAAAA", "is 'PositionID:MatchID'"),
    ("4HPwATDgc/ABMB:MAEAAAAAAAAA", "last character"),
]


@pytest.mark.parametrize(("text", "message"), BAD_GNUBG_IDS)
def test_bad_gnubg_ids(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        from_gnubg_id(text)


@pytest.mark.parametrize("value", [None, 14, b"4HPwATDgc/ABMA", ["4HPwATDgc/ABMA"]])
def test_non_strings(value: object) -> None:
    with pytest.raises(NotationError, match="is a str"):
        from_position_id(value)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="is a str"):
        MatchId.from_string(value)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="is a str"):
        from_gnubg_id(value)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    with pytest.raises(NotationError, match="turn must be"):
        from_position_id(START, turn=0)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="rules must be a nardy RuleSet"):
        from_position_id(START, rules="short")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="needs a nardy Position"):
        to_position_id("4HPwATDgc/ABMA")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cube_value": 3}, "cube_value must be a power of two"),
        ({"cube_value": 0}, "cube_value must be a power of two"),
        ({"cube_value": 1 << 16}, "cube_value must be a power of two from 1 to 32768"),
        ({"cube_value": True}, "cube_value"),
        ({"cube_owner": 0}, "cube_owner must be a Player or None"),
        ({"player_on_roll": None}, "player_on_roll must be"),
        ({"turn": 1}, "turn must be"),
        ({"crawford": 1, "match_length": 5}, "crawford must be a bool"),
        ({"game_state": 1}, "game_state must be a GameState"),
        ({"resigned": 4}, "resigned must be 0"),
        ({"dice": (0, 3)}, "dice must be None or a tuple of two values 1..6"),
        ({"dice": (7, 3)}, "dice must be"),
        ({"dice": [3, 1]}, "dice must be"),
        ({"match_length": -1}, "match_length must be 0"),
        ({"match_length": 1 << 15}, "match_length must be 0 .money. to 32767"),
        ({"score": (1,)}, "score must be a tuple of two ints"),
        ({"score": (0, 1 << 15)}, "black's score 32768 is not in 0..32767"),
        ({"score": (-1, 0)}, "white's score -1"),
        ({"match_length": 3, "score": (4, 0)}, "more than the match length 3"),
        ({"crawford": True}, "no Crawford game in money play"),
        ({"jacoby": None}, "jacoby must be a bool"),
    ],
)
def test_bad_match_id_values(fields: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        MatchId(**fields)  # type: ignore[arg-type]


@given(st.text(max_size=40))
def test_fuzz_text_gives_only_nardy_errors(text: str) -> None:
    for parse in (from_position_id, MatchId.from_string, from_gnubg_id):
        try:
            parse(text)
        except NardyError as exc:
            assert isinstance(exc, ValueError) and str(exc)


@given(
    st.text(alphabet=B64, min_size=14, max_size=14),
    st.text(alphabet=B64, min_size=12, max_size=12),
)
def test_fuzz_base64_gives_only_nardy_errors(pid: str, mid: str) -> None:
    try:
        pos, match = from_gnubg_id(f"{pid}:{mid}")
    except NotationError as exc:
        assert str(exc)
    else:
        assert to_gnubg_id(pos, match) == f"{pid}:{mid}"


# --------------------------------------------------------------------------- against gnubg


def _board(pos: Position) -> tuple[list[int], list[int]]:
    """gnubg's board: (opponent, player on roll), each points 1..24 in its own numbering, then the bar."""
    return tuple([*pos.points(side), pos.bar(side)] for side in (pos.turn.other, pos.turn))  # type: ignore[return-value]


@given(short_positions())
def test_position_id_against_gnubg(pos: Position) -> None:
    gnubg = pytest.importorskip("gnubg")
    pid = to_position_id(pos)
    assert gnubg.positionid(_board(pos)) == pid
    opp, mover = gnubg.positionfromid(pid)
    assert (list(opp), list(mover)) == _board(pos)


@given(match_ids())
def test_match_id_against_gnubg(m: MatchId) -> None:
    gnubg = pytest.importorskip("gnubg")
    # gnubg's cubeinfo takes match lengths up to 64 (MAXSCORE) and scores below the
    # length, and keeps no score in money play. In match play it looks the cube up in
    # a table of gammon prices with 7 cube levels (MAXCUBELEVEL): a cube above 64
    # reads past that table, which can crash the process.
    length = min(m.match_length, 64)
    score = (min(m.score[0], length - 1), min(m.score[1], length - 1)) if length else (0, 0)
    cube = min(m.cube_value, 64) if length else m.cube_value
    m = attrs.evolve(m, match_length=length, score=score, cube_value=cube)
    owner = -1 if m.cube_owner is None else int(m.cube_owner)
    ci = gnubg.cubeinfo(
        m.cube_value, owner, int(m.player_on_roll), m.match_length, m.score, int(m.crawford), 0
    )
    ci["jacoby"] = int(m.jacoby)
    dice = (0, 0) if m.dice is None else m.dice
    pi = gnubg.posinfo(int(m.turn), m.resigned, int(m.double_offered), int(m.game_state), dice)
    # gnubg writes the larger die first
    expected = attrs.evolve(m, dice=None if m.dice is None else (max(m.dice), min(m.dice)))
    assert gnubg.matchid(ci, pi) == expected.to_string()


def test_combined_id_read_by_gnubg(gnubg_peer: GnubgPeer) -> None:
    pos, match = from_gnubg_id("0HPhATDg2+ABMA:MIHlAEAAAAAA")
    read = gnubg_peer.read(to_gnubg_id(pos, match), "gnubgid", "show score", "show dice")
    assert read["gnubgid"] == "0HPhATDg2+ABMA:MIHlAEAAAAAE"  # gnubg adds its Jacoby bit in match play
    score = read["show score"]  # player 0 is "gnubg", player 1 is named after the user
    assert "gnubg 4, " in score and " 0 (match to 7 points)" in score
    assert "gnubg has rolled 3 and 1" in read["show dice"]


@pytest.mark.parametrize(("text", "told"), [
    ("4HPwATDgc/ABMA:ZZZZ", "a gnubg Match ID has 12 characters, got 4: 'ZZZZ'"),
    ("4HPwATDgc/ABMA:", "a gnubg Match ID has 12 characters, got 0: ''"),
])
def test_a_bad_match_id_after_a_position_id_is_read_as_a_gnubg_id(text: str, told: str) -> None:
    """from_text (and ``nardy show``) tell what is wrong with the Match ID, instead of
    reading the text as a nardy position string of too few fields."""
    from nardy.formats import detect_format, from_text

    assert detect_format(text) == "gnubg"
    with pytest.raises(NotationError) as info:
        from_text(text)
    assert str(info.value) == told
