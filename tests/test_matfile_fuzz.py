"""The .mat reader on arbitrary input: only nardy's own errors escape it, in
strict and lenient readings, and its messages repeat little of the input."""

from __future__ import annotations

import random
import re
import warnings
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_matfile import HAND_MATCH, HAND_MONEY, assert_same_match, bot_match

import nardy
from nardy.errors import NardyError
from nardy.matfile import MatFile, MatRepairWarning, from_mat, to_mat
from nardy.records import RecordError

#: the longest message an error or a repair may have, whatever the input
LONGEST_MESSAGE = 400
HUGE = "9" * 4301  # one digit more than int() converts
BEAVER = nardy.ruleset("short", cube=True, beaver=True)


def check_read(text: str) -> None:
    """Read ``text`` strictly and leniently. Only NardyError may escape; the
    messages of errors and repairs are short; a file the strict reading takes
    is read the same way leniently, with no repair; what the lenient reading
    makes reads back strictly as the same match."""
    results: list[MatFile | None] = []
    for lenient in (False, True):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                results.append(MatFile.from_string(text, lenient=lenient))
            except NardyError as exc:
                assert len(str(exc)) <= LONGEST_MESSAGE, str(exc)
                results.append(None)
        messages = [str(w.message) for w in caught]
        assert all(w.category is MatRepairWarning for w in caught)
        for message in messages:
            assert re.match(r"^line \d+: ", message), message
            assert len(message) <= LONGEST_MESSAGE, message
        mat = results[-1]
        assert messages == ([] if mat is None else list(mat.repairs))
    strict, lenient_mat = results
    if strict is not None:
        assert lenient_mat is not None and not lenient_mat.repairs
        assert_same_match(strict.match, lenient_mat.match)
    if lenient_mat is not None:
        again = from_mat(to_mat(lenient_mat.match, lenient_mat.names))
        assert_same_match(lenient_mat.match, again)


@given(st.text())
def test_any_text(text: str) -> None:
    check_read(text)


@given(st.text(alphabet=" \t\n:;#()*/=>?-.0123456789GWDTabcdeghilmnoprstvx"))
def test_text_made_of_mat_characters(text: str) -> None:
    check_read(" 7 point match\n Game 1\n" + text)


@given(st.binary())
def test_any_bytes(data: bytes) -> None:
    with pytest.raises(RecordError, match="text"):
        MatFile.from_string(data)  # type: ignore[arg-type]
    check_read(data.decode("latin-1"))
    check_read(data.decode("utf-8", errors="replace"))


@cache
def sound_files() -> tuple[str, ...]:
    """Real-looking files: hand-written ones and matches between bots."""
    return (
        HAND_MATCH,
        HAND_MONEY,
        to_mat(bot_match(7, 0), ("Alice", "Bob")),
        to_mat(bot_match(5, 8, resign_p=0.05), ("Ann", "Ben")),
        to_mat(bot_match(0, 3, double_p=0.2, max_games=3), ("A", "B")),
    )


#: pieces of text that damage a file in the ways real files are damaged
JUNK = [
    HUGE, "Wins 100 points", "Illegal play (x)", "???", ":", " Doubles => 8", " Takes", " Drops", "66:", "99:",
    HUGE + ":", "", "\t", " Game 3", " Game " + HUGE, "0", "-1", "\x00", "é", "bar/off", "25/0*", "Cannot Move",
    "and the match", ")", HUGE + ")", "Alice : 9", f"Alice : {HUGE}   Bob : 0", " point match", f" {HUGE} point match",
    "\u2028", "\r", "; Set Pos=x", "; [Crawford \"Off\"]", "Wins", "Wins " + HUGE + " points", "13/8 " * 30, "x" * 5000,
]
MUTATION = st.tuples(st.integers(0, 6), st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(JUNK))


def mutate(text: str, mutations: list[tuple[int, int, int, str]]) -> str:
    """``text`` damaged: lines deleted, repeated, swapped, cut or overwritten with junk."""
    lines = text.split("\n")
    for op, i, j, junk in mutations:
        i %= len(lines)
        j %= len(lines)
        line = lines[i]
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[j])
        elif op == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            k = j % (len(line) + 1)
            lines[i] = line[:k] + junk + line[k + 1 :]
        elif op == 4:
            k = j % (len(line) + 1)
            lines[i] = line[:k] + line[k + 1 :]
        elif op == 5:
            lines[i] = junk
        else:
            words = line.split(" ")
            words[j % len(words)] = junk
            lines[i] = " ".join(words)
        if not lines:
            lines = [""]
    return "\n".join(lines)


@given(st.integers(0, 4), st.lists(MUTATION, min_size=1, max_size=5))
def test_damaged_real_looking_files(which: int, mutations: list[tuple[int, int, int, str]]) -> None:
    check_read(mutate(sound_files()[which], mutations))


def test_mutations_exercise_the_lenient_reading() -> None:
    """The damage above is mostly repairable: most damaged files that the strict
    reading refuses are read leniently."""
    rng = random.Random(0)
    refused = repaired = 0
    for _ in range(200):
        mutations = [
            (rng.randrange(7), rng.randrange(10**6), rng.randrange(10**6), rng.choice(JUNK))
            for _ in range(rng.randint(1, 3))
        ]
        text = mutate(sound_files()[rng.randrange(5)], mutations)
        try:
            from_mat(text)
        except RecordError:
            refused += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MatRepairWarning)
                try:
                    from_mat(text, lenient=True)
                    repaired += 1
                except RecordError:
                    pass
    assert refused > 100 and repaired > refused * 3 // 4


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (f" {HUGE} point match\n", "the match length 9999999999999999999… is too large"),
        (f" -{HUGE} point match\n", "is too large"),
        (f" 3 point match\n Game {HUGE}\n", "expected Game 1, got Game 9999999999999999999…"),
        (f" 3 point match\n Game 1\n A : {HUGE}   B : 0\n", "the score 9999999999999999999… is too large"),
        (f" 3 point match\n Game 1\n A : 0   B : {HUGE}\n", "the score 9999999999999999999… is too large"),
        (f" 3 point match\n Game 1\n A : 0   B : 0\n {HUGE}) 31: 8/5 6/5\n", "got 9999999999999999999…)"),
        (f" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5   Doubles => {HUGE}\n", "'Doubles => 2'"),
        (f" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n      Wins {HUGE} points\n", "too large"),
        (f" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: {HUGE}/5 6/5\n", "too long for the moves"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 9999/5 6/5\n", "point 9999 is outside"),
        (f" 3 point match\n Game 1\n A : 0   B : 0\n  1) {HUGE}: 8/5 6/5\n", "cannot read the roll '999"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 99: 8/5 6/5\n", "cannot read the roll '99:'"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) ٣١: 8/5 6/5\n", "cannot read the roll '٣١:'"),
        (" ٣ point match\n", "expected the header"),
        (f" 3 point match\n Game 1\n {'A' * 10000} : 0   B : 0\n  1) 31: 8/4 6/5\n", "AAAAAAA… (left) cannot play"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n" + "x" * 10000, "'xxxxxxxxxx"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n" + "\x00" * 1000, r"'\x00\x00"),
    ],
)
def test_long_numbers_and_long_lines(text: str, fragment: str) -> None:
    for lenient in (False, True):
        messages = []
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                MatFile.from_string(text, lenient=lenient)
            except RecordError as exc:
                messages.append(str(exc))
        messages += [str(w.message) for w in caught]
        if not lenient:
            assert len(messages) == 1 and fragment in messages[0], messages
        for message in messages:
            assert len(message) <= 200, message
            # a message repeats at most 60 characters of the file in a row
            assert not re.search(r"[9Ax]{61}|(\\x00){16}", message), message


def test_a_huge_file_of_junk_is_read_in_one_pass() -> None:
    """Long lines full of separators and spaces, on which a backtracking pattern
    would take quadratic time: each is read once."""
    lines = [
        "; [a" + " " * 200_000 + "x",
        "; [a" + " b" * 100_000 + "x",
        " 3 point match",
        " Game 1",
        "a:1 " * 50_000 + "x",
        " " * 200_000 + "1",
        "  1) 31: " + "8/5 " * 50_000,
    ]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(RecordError, match=r"no game of the file can be read \(Game 1, line 6: cannot read '1'"):
            MatFile.from_string("\n".join(lines), lenient=True)
    assert not caught  # a reading that fails repairs nothing
    with pytest.raises(RecordError, match=r"^line 5: expected the players and the score, like .*, got 'a:1 a:1"):
        MatFile.from_string("\n".join(lines))


@given(st.integers(0, 4), st.lists(MUTATION, min_size=1, max_size=3), st.booleans())
def test_damaged_files_with_beavers(which: int, mutations: list[tuple[int, int, int, str]], lenient: bool) -> None:
    text = mutate(to_mat(bot_match(0, 2 + which, BEAVER, double_p=0.2, beaver_p=0.5, max_games=2)), mutations)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MatRepairWarning)
        try:
            MatFile.from_string(text, BEAVER, lenient=lenient)
        except RecordError as exc:
            assert len(str(exc)) <= LONGEST_MESSAGE
