"""The search kernel's shortcuts never change an answer (RULES.md 2.7: "implementations
may prune, but must return exactly the same set").

* For every ruleset and every option value of RULES.md Appendix B, the pruned
  search and the same search with every shortcut off give the same plays on
  random positions, dice and kinds of play.
* The property catches the class of bug it guards against: a shortcut that
  assumes the order of steps never matters, switched on where
  ``home_moves_after_all_home=False`` makes it matter (RULES.md L12), is found;
  so is a last step read from bits (``Generation.last_two``) that misreads which
  points are closed.
* A mover closed out on the bar passes without a search, with the plays of the
  full search.
* The bear-off rules and their options (RULES.md 3.2, 3.4) agree with an
  independent brute-force enumerator written from RULES.md alone, on random
  end-game positions (it finds the ``turn_start`` bug of RULES.md S11).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, find, given, settings
from hypothesis import strategies as st

import nardy
from conftest import any_positions, dice_st, examples, get_rules, reached_positions
from nardy import Player, Position
from nardy.flow import PlayContext
from nardy.rules.kernel import Kernel
from nardy.rules.search import Generation, closed_out, plan_of, values_plan
from nardy.rules.steps import StepRule

# --------------------------------------------------------------------------- option settings


def _values(option: nardy.Option) -> list[object]:
    """The values of an option to try (all of them, but a few of a long int range)."""
    values = list(option.values)
    if len(values) > 12:
        ints = [v for v in values if isinstance(v, int)]
        values = sorted({ints[0], ints[1], ints[len(ints) // 2], ints[-1]}) + [v for v in values if v is None]
    return values


def settings_of(name: str) -> list[dict[str, object]]:
    """The defaults, then every other value of every option, one at a time."""
    cls = nardy.rules.REGISTRY[name]
    out: list[dict[str, object]] = [{}]
    for option in cls.OPTIONS:
        for value in _values(option):
            if value != option.default:
                out.append({option.name: value})
    return out


CONFIGS = [(name, opts) for name in nardy.RULESET_NAMES for opts in settings_of(name)]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in CONFIGS]


# --------------------------------------------------------------------------- positions


@st.composite
def endgame_positions(draw: st.DrawFn, name: str) -> Position:
    """Positions near or in the bear-off: at most three of the mover's checkers
    outside home (on its points 7..12), the rest home or borne off; the
    opponent's anywhere free; both families."""
    rules = get_rules(name)
    family = rules.family
    mine = [0] * 24
    # few checkers are where bear-off rules decide most (RULES.md S7-S11, L11, L12)
    on_board = draw(st.one_of(st.integers(1, 4), st.integers(1, 15)), label="checkers on the board")
    outside = draw(st.integers(0, min(2, on_board)), label="checkers outside home")
    spots = draw(st.lists(st.integers(7, 12), min_size=outside, max_size=outside))
    home = on_board - outside
    spots += draw(st.lists(st.integers(1, 6), min_size=home, max_size=home))
    for p in spots:
        if p:
            mine[p - 1] += 1

    def other(p: int) -> int:
        return 25 - p if family == "short" else (p + 12 if p <= 12 else p - 12)

    free = [0] + [q for q in range(1, 25) if not mine[other(q) - 1]]
    theirs = [0] * 24
    for q in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        if q:
            theirs[q - 1] += 1
    mover = draw(st.sampled_from([Player.WHITE, Player.BLACK]))
    white, black = (mine, theirs) if mover == Player.WHITE else (theirs, mine)
    try:
        return rules.position(white=white, black=black, turn=mover)
    except nardy.InvalidPositionError:
        assume(False)
        raise


def positions(name: str) -> st.SearchStrategy[Position]:
    return st.one_of(any_positions(name if name in ("short", "long", "nardgammon") else _family(name)),
                     endgame_positions(name))


def _family(name: str) -> str:
    return "short" if nardy.ruleset(name).family == "short" else "long"


@st.composite
def plays_to_make(draw: st.DrawFn, rules: nardy.RuleSet) -> tuple[tuple[int, ...], PlayContext]:
    """Dice and the kind of play: a roll, owed values, or a cascade stage."""
    kinds = ["roll"]
    if rules.family == "long":
        kinds += ["owed", "stage", "cascade-roll"]
    kind = draw(st.sampled_from(kinds))
    if kind == "roll":
        return draw(st.tuples(st.integers(1, 6), st.integers(1, 6))), PlayContext()
    if kind == "cascade-roll":
        d = draw(st.integers(1, 6))
        return (d, d), PlayContext("roll", cascade=True)
    if kind == "stage":
        d = draw(st.integers(1, 6))
        return (d,) * 4, PlayContext("stage", draw(st.integers(0, 2)), final=draw(st.booleans()), cascade=True)
    values = draw(st.one_of(
        st.integers(1, 6).flatmap(lambda d: st.integers(1, 4).map(lambda k: (d,) * k)),
        st.tuples(st.integers(1, 6), st.integers(1, 6)),
    ))
    return values, PlayContext("owed")


def _searched(kernel: Kernel, rules: nardy.RuleSet, pos: Position, dice: tuple[int, ...],
              context: PlayContext, **kw: Any) -> tuple[int, bool, dict[int, int]]:
    values = rules.expand_dice(dice, context)
    limit = rules.head_allowance(pos, values, context)
    found = kernel.generate(pos, values, context, limit, **kw)
    return found.best, found.big_only, {key: len(steps) for key, steps in found.plays.items()}


# --------------------------------------------------------------------------- the property


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
@settings(max_examples=examples(30), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_shortcuts_give_the_same_plays_as_the_full_search(
    name: str, options: dict[str, object], data: st.DataObject
) -> None:
    rules = nardy.ruleset(name, **options)
    pos = data.draw(positions(name), label="position")
    pos = rules.check_position(pos) or pos
    dice, context = data.draw(plays_to_make(rules), label="dice, kind of play")
    full = _searched(rules.kernel, rules, pos, dice, context, prune=False)
    assert _searched(rules.kernel, rules, pos, dice, context) == full
    # the search that also notes the first steps for step-by-step input
    assert _searched(rules.kernel, rules, pos, dice, context, note_firsts=True) == full


@st.composite
def hitting_positions(draw: st.DrawFn) -> Position:
    """A short-family position where doubles hit and marks matter: a few of the
    mover's checkers on its points 1..12 (one maybe on the bar), opposing blots on
    free points among them, the other opposing checkers on the mover's 24-point."""
    mine = [0] * 24
    for p in draw(st.lists(st.integers(1, 12), min_size=1, max_size=6), label="mover's checkers"):
        mine[p - 1] += 1
    free = [q for q in range(1, 13) if not mine[q - 1]]
    blots = draw(st.lists(st.sampled_from(free), unique=True, max_size=len(free)) if free else st.just([]),
                 label="blots")
    theirs = [0] * 24  # in their own numbering: the mover's point q is their 25 - q
    for q in blots:
        theirs[24 - q] = 1
    theirs[0] = 15 - len(blots)
    return nardy.ruleset("short").position(white=mine, black=theirs, white_bar=draw(st.integers(0, 1)),
                                           turn=Player.WHITE)


def _case_id(name: str, options: dict[str, object]) -> str:
    """A test id: the ruleset's name and its options."""
    return name + "".join(f"-{k}={v}" for k, v in options.items())


MARKING = [("caucasian", {}), ("caucasian", {"hide_zone": "board"}), ("short", {"hit_and_hide": "forbidden_home"}),
           ("short", {"home_hit_and_run": "forbidden"})]


@pytest.mark.parametrize("name, options", MARKING, ids=[_case_id(n, o) for n, o in MARKING])
@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_marks_keep_the_equal_values_shortcut_and_its_step_orders(
    name: str, options: dict[str, object], data: st.DataObject
) -> None:
    """A double where checkers may hit and be marked, searched from high sources to
    low and with marked checkers onto the point the step before left (the kernel's
    module docstring): the same plays as the full search, each in the same order."""
    rules = nardy.ruleset(name, **options)
    pos = data.draw(st.one_of(hitting_positions(), positions(name)), label="position")
    pos = rules.check_position(pos) or pos
    d = data.draw(st.integers(1, 6), label="double")
    values = (d,) * 4
    pruned = rules.kernel.generate(pos, values, PlayContext(), None)
    full = rules.kernel.generate(pos, values, PlayContext(), None, prune=False)
    assert pruned.plays == full.plays


def test_every_option_value_is_covered() -> None:
    for name in nardy.RULESET_NAMES:
        cls = nardy.rules.REGISTRY[name]
        tried = {(k, repr(v)) for n, opts in CONFIGS if n == name for k, v in opts.items()}
        for option in cls.OPTIONS:
            for value in _values(option):
                if value != option.default:
                    assert (option.name, repr(value)) in tried


def _searched_with(rules: nardy.RuleSet, prepare: Any) -> Any:
    """A search of ``rules`` whose generation is made with a step rule ``told`` and
    searches with a step rule ``used``: ``prepare(state, rule)`` gives both from the
    play's board and its own rule."""

    def search(pos: Position, dice: tuple[int, ...], context: PlayContext) -> tuple[int, bool, dict[int, int]]:
        values = rules.expand_dice(dice, context)
        limit = rules.head_allowance(pos, values, context)
        state, rule, active, far, key, path = rules.kernel.start(pos, values, context, limit)
        told, used = prepare(state, rule)
        search = Generation(state, told, active, far, key, path, True)
        search.rule = used
        search.run()
        found = rules.kernel.finish(search)
        return found.best, found.big_only, {key: len(steps) for key, steps in found.plays.items()}

    return search


def _copy(rule: StepRule, home_moves: bool, closed: int) -> StepRule:
    return StepRule(rule.hitting, closed, home_moves, rule.exact_only, rule.overshoot_start, rule.start_top)


def _lying(rules: nardy.RuleSet) -> Any:
    """Shortcuts taken whatever ``home_moves_after_all_home`` says: the assumption that
    made 503d175 lose RULES.md L12's ``5/2 7/1``. The generation is told that moves
    inside home stay legal (which switches the shortcuts on), then searches with the
    real rule."""
    return _searched_with(rules, lambda state, rule: (_copy(rule, True, rule.closed), rule))


def _property_finds(broken: Any, rules: nardy.RuleSet, where: st.SearchStrategy[Position]) -> None:
    """The property (the full search against the search ``broken``) finds a position
    of ``where`` and a roll on which they differ."""

    def differs(example: tuple[Position, tuple[int, int]]) -> bool:
        pos, dice = example
        return broken(pos, dice, PlayContext()) != _searched(rules.kernel, rules, pos, dice, PlayContext(), prune=False)

    found = find(
        st.tuples(where, st.tuples(st.integers(1, 6), st.integers(1, 6))),
        differs,
        settings=settings(max_examples=3000, database=None, derandomize=True),
    )
    assert differs(found)


@pytest.mark.parametrize("name", ["crazy", "crazy_gulbar"])
def test_the_property_finds_a_shortcut_that_ignores_home_moves(name: str) -> None:
    rules = nardy.ruleset(name)
    _property_finds(_lying(rules), rules, endgame_positions(name))


def _wrong_points(rules: nardy.RuleSet) -> Any:
    """A search whose last steps read from bits (``StepRule.open_moves``, which only
    ``Generation.last_two`` reads) take the other family's closed points: it may not
    hit a blot in the short family, and lands on a single opposing checker in the long
    family. ``sources``, which every other question asks, stays right."""

    def prepare(state: Any, rule: StepRule) -> tuple[StepRule, StepRule]:
        other = sum(1 << t for t in range(1, 25) if state.op[t] >= (1 if rule.hitting else 2))
        misread = _copy(rule, rule.home_moves, rule.closed)
        misread.open_moves = _copy(rule, rule.home_moves, other).open_moves
        return misread, misread

    return _searched_with(rules, prepare)


@pytest.mark.parametrize("name", ["short", "long"])
def test_the_property_finds_a_last_step_that_misreads_closed_points(name: str) -> None:
    rules = nardy.ruleset(name)
    _property_finds(_wrong_points(rules), rules, any_positions(name))


@st.composite
def closed_out_positions(draw: st.DrawFn) -> tuple[Position, tuple[int, int]]:
    """Short-family positions with the mover on the bar and the entry points of
    both dice closed, or all but one of them (which the search must find)."""
    d1, d2 = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    entries = {d1, d2}
    theirs = [0] * 24  # the opponent's own points: the mover enters on 25 - d, its point d
    for d in sorted(entries):
        theirs[d - 1] = 2
    if draw(st.booleans(), label="one entry open"):
        theirs[draw(st.sampled_from(sorted(entries))) - 1] = draw(st.integers(0, 1))
    left = 15 - sum(theirs)
    for q in draw(st.lists(st.integers(1, 24), min_size=left, max_size=left)):
        theirs[q - 1] += 1
    free = [q for q in range(1, 25) if not theirs[25 - q - 1]]
    bar = draw(st.integers(1, 3))
    mine = [0] * 24
    for q in draw(st.lists(st.sampled_from(free), min_size=15 - bar, max_size=15 - bar)):
        mine[q - 1] += 1
    mover = draw(st.sampled_from([Player.WHITE, Player.BLACK]))
    white, black, wbar = (mine, theirs, bar) if mover == Player.WHITE else (theirs, mine, 0)
    bbar = 0 if mover == Player.WHITE else bar
    try:
        pos = nardy.ruleset("short").position(white=white, black=black, white_bar=wbar, black_bar=bbar, turn=mover)
    except nardy.InvalidPositionError:
        assume(False)
        raise
    return pos, (d1, d2)


@pytest.mark.parametrize("name", ["short", "caucasian"])
@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(case=closed_out_positions())
def test_a_closed_out_mover_passes_without_a_search(name: str, case: tuple[Position, tuple[int, int]]) -> None:
    rules = nardy.ruleset(name)
    pos, dice = case
    full = _searched(rules.kernel, rules, pos, dice, PlayContext(), prune=False)
    assert _searched(rules.kernel, rules, pos, dice, PlayContext()) == full
    if closed_out(pos, rules.expand_dice(dice)):
        assert full[0] == 0  # nothing can move: the empty play only
        (play,) = rules.legal_plays(pos, dice)
        assert play.steps == () and rules.apply(pos, play).points(pos.turn) == pos.points(pos.turn)
    # the shortcut is the bar's: the same board with the bar's checkers borne off is no closed-out pass
    off_bar = pos.replace(white_bar=0, black_bar=0)
    assert not closed_out(off_bar, rules.expand_dice(dice))


def test_the_plans_read_by_index_are_the_plans_worked_out() -> None:
    """values_plan reads the plans of two values and of four equal ones from tables:
    each is the plan worked out, for every tuple of values (a roll's, owed values',
    the odd ones a kernel may be given)."""
    for n in range(1, 5):
        for values in itertools.product(range(8), repeat=n):
            assert values_plan(values) == plan_of(values), values
    for a, b in itertools.product(range(1, 7), repeat=2):
        values = nardy.ruleset("short").expand_dice((a, b))
        assert values == ((a,) * 4 if a == b else (max(a, b), min(a, b)))


def test_marks_with_home_moves_after_all_home_false_keep_the_order_they_need() -> None:
    """``home_moves_after_all_home=False`` with checkers far from home, where marks
    make the order of steps matter: the hitter on 4 may move on to 3 only after both
    checkers there left (RULES.md 4.2), an order that the equal-values shortcut
    plays as its exception (a marked checker onto the point the step before left)."""
    rules = nardy.ruleset("caucasian", home_moves_after_all_home=False)
    white, black = [0] * 24, [0] * 24
    white[4], white[2], white[12] = 1, 2, 12  # X 5:1 3:2 13:12
    black[20], black[0] = 1, 14  # a blot on X's 4
    pos = rules.position(white=white, black=black)
    assert _searched(rules.kernel, rules, pos, (1, 1), PlayContext()) == _searched(
        rules.kernel, rules, pos, (1, 1), PlayContext(), prune=False
    )
    assert "5/4* 3/2(2) 4/3" in [str(play) for play in rules.legal_plays(pos, (1, 1))]


#: rulesets whose marks make the order of steps matter, with the option that decides from
#: the board whether the shortcuts hold
MARKS_AND_HOME_MOVES = [
    ("caucasian", {"home_moves_after_all_home": False}),
    ("caucasian", {"home_moves_after_all_home": False, "hide_zone": "board"}),
    ("short", {"home_moves_after_all_home": False, "home_hit_and_run": "forbidden"}),
]


@pytest.mark.parametrize(
    "name, options", MARKS_AND_HOME_MOVES, ids=[_case_id(n, o) for n, o in MARKS_AND_HOME_MOVES]
)
@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_shortcuts_with_marks_and_home_moves_give_the_same_plays(
    name: str, options: dict[str, object], data: st.DataObject
) -> None:
    """The property above, with more examples where marks and ``home_moves_after_all_home``
    meet (the two together once lost a play, see the test before)."""
    rules = nardy.ruleset(name, **options)
    pos = data.draw(positions(name), label="position")
    dice = data.draw(st.tuples(st.integers(1, 6), st.integers(1, 6)), label="dice")
    full = _searched(rules.kernel, rules, pos, dice, PlayContext(), prune=False)
    assert _searched(rules.kernel, rules, pos, dice, PlayContext()) == full


# --------------------------------------------------------------------------- bear-off, independently


def _reference(family: str, me: tuple[int, ...], op: tuple[int, ...], values: tuple[int, ...],
               exact_only: bool, home_moves: bool, turn_start: bool) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every legal result (RULES.md 2.1-2.4, 3), by brute force over step sequences.

    ``me``: the mover's counts (index 0 off, 1..24, 25 bar); ``op``: the
    opponent's checkers on the mover's points (index 1..24, 25 its bar)."""
    start = me
    cands: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}  # result -> (length, first die)

    def steps(me: tuple[int, ...], op: tuple[int, ...], d: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        out = []
        sources = [25] if me[25] else [p for p in range(1, 25) if me[p]]
        outside = me[25] + sum(me[7:25])
        for p in sources:
            t = p - d if p != 25 else 25 - d
            m, o = list(me), list(op)
            if t >= 1:
                if o[t] and (family == "long" or o[t] >= 2):
                    continue
                if not home_moves and outside == 0:
                    continue  # once all are home, every step must bear off
                if o[t] == 1:
                    o[t] = 0
                    o[25] += 1
                m[p] -= 1
                m[t] += 1
            else:
                if outside:
                    continue
                if t < 0:
                    if exact_only:
                        continue
                    if any(me[q] for q in range(p + 1, 25)):
                        continue
                    if turn_start and any(start[q] for q in range(d, 26)):
                        continue
                m[p] -= 1
                m[0] += 1
            out.append((tuple(m), tuple(o)))
        return out

    def dfs(me: tuple[int, ...], op: tuple[int, ...], rest: tuple[int, ...], length: int, first: int) -> None:
        key = (me, op)
        if key not in cands or cands[key][0] < length:
            cands[key] = (length, first)
        if me[0] == 15:
            return
        for d in set(rest):
            left = list(rest)
            left.remove(d)
            for nme, nop in steps(me, op, d):
                dfs(nme, nop, tuple(left), length + 1, first or d)

    dfs(me, op, values, 0, 0)
    best = max(length for length, _ in cands.values())
    legal = {k for k, (length, _) in cands.items() if length == best}
    if best == 1 and len(values) == 2 and values[0] != values[1]:
        big = {k for k in legal if cands[k][1] == max(values)}
        legal = big or legal
    return legal


def _mover_view(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    mover = pos.turn
    mine, theirs = pos.points(mover), pos.points(mover.other)
    me = (pos.off(mover), *mine, pos.bar(mover))
    if pos.family == "short":
        op = (0, *theirs[::-1], pos.bar(mover.other))
    else:
        op = (0, *theirs[12:], *theirs[:12], 0)
    return me, op


BEAROFF_SETTINGS = [
    dict(zip(("bearoff_exact_only", "home_moves_after_all_home", "bearoff_overshoot_check"), combo, strict=True))
    for combo in itertools.product((False, True), (True, False), ("current", "turn_start"))
]


@pytest.mark.parametrize("family", ["short", "long"])
@pytest.mark.parametrize("options", BEAROFF_SETTINGS, ids=lambda o: "-".join(f"{v}" for v in o.values()))
@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_bearing_off_agrees_with_an_independent_enumerator(
    family: str, options: dict[str, object], data: st.DataObject
) -> None:
    extra = {} if family == "short" else {"head_limit": None, "block_rule": "none"}
    rules = nardy.ruleset(family, **options, **extra)
    pos = data.draw(endgame_positions(family), label="position")
    dice = data.draw(st.tuples(st.integers(1, 6), st.integers(1, 6)), label="dice")
    values = rules.expand_dice(dice)
    me, op = _mover_view(pos)
    want = _reference(
        family, me, op, values,
        bool(options["bearoff_exact_only"]),
        bool(options["home_moves_after_all_home"]),
        options["bearoff_overshoot_check"] == "turn_start",
    )
    got = {_mover_view(rules.apply(pos, play, turn=pos.turn)) for play in rules.legal_plays(pos, dice)}
    assert got == want


# --------------------------------------------------------------------------- board keys


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.integers(0, 15), min_size=26, max_size=26),
    st.sets(st.integers(1, 24)),
    st.booleans(),
)
def test_a_board_key_reads_back_with_its_hits_and_tag(counts: list[int], hits: set[int], tagged: bool) -> None:
    """Every field of a board key reads back whatever the bits above the counts
    hold: the highest points, the bar, each hit bit and Crazy Gulbar's tag."""
    from nardy.rules.board import HIT_BIT, TAG_BIT, board_key, key_board, key_hits, key_points

    key = board_key(counts)
    for t in hits:
        key |= HIT_BIT[t]
    if tagged:
        key |= TAG_BIT
    assert key_points(key) == tuple(counts[1:25])
    assert key_board(key) == counts
    assert key_hits(key) == frozenset(hits)
    rules = nardy.ruleset("short")
    pos = rules.initial_position()
    after = Kernel.position_after(pos, key, Player.BLACK, True)
    assert (after.white, after.white_bar) == (tuple(counts[1:25]), counts[25])
    assert Kernel.positions_after(pos, [key], Player.BLACK, True)[0].white == after.white


# --------------------------------------------------------------------------- constraints


@pytest.mark.parametrize(
    ("name", "options", "shown"),
    [
        ("short", {}, "()"),
        ("short", {"home_hit_and_run": "forbidden", "hit_and_hide": "forbidden_board"},
         "(HitAndHide(zone_top=24), NoHomeHitAndRun())"),
        ("caucasian", {}, "(HitAndHide(zone_top=6),)"),
        ("long", {}, "(SixBlock(rule='ahead', illegal=0, per_step=False),)"),
        ("long", {"block_rule": "in_home", "block_check": "step"},
         "(SixBlock(rule='in_home', illegal=0, per_step=True),)"),
        ("nardgammon", {}, "(SixBlock(rule='ahead', illegal=0, per_step=True),)"),
        ("fevga", {}, "(Runner(), StartingQuarter(per_step=True), "
         "Trap(forming_forbidden=True, per_step=True, points=0, at_start=False))"),
        ("fevga", {"fevga_check": "end", "fevga_break_priority": "before_max_dice"},
         "(Runner(), StartingQuarter(per_step=False), "
         "Trap(forming_forbidden=True, per_step=False, points=0, at_start=False, prefer_before_max_dice=True))"),
    ],
)
def test_a_constraint_shows_what_it_was_given(name: str, options: dict[str, str], shown: str) -> None:
    """The repr of a ruleset's constraints, the same in both builds (the compiled
    classes keep their attributes in slots, not in a __dict__)."""
    assert repr(nardy.ruleset(name, **options).constraints()) == shown


def test_a_constraint_written_in_python_shows_its_own_attributes() -> None:
    from nardy.rules.kernel import Constraint
    from nardy.rules.long import SixBlock

    class Tall(Constraint):
        def __init__(self, height: int) -> None:
            self.height = height

    class Strict(SixBlock):
        def __init__(self) -> None:
            super().__init__("forbid", per_step=True)
            self.note = "x"

    assert repr(Tall(5)) == "Tall(height=5)"
    assert repr(Strict()).startswith("Strict(") and all(
        part in repr(Strict()) for part in ("rule='forbid'", "per_step=True", "note='x'")
    )


def test_a_rule_checked_per_step_or_at_the_end_uses_one_hook() -> None:
    from nardy.rules.constraints import calls as _calls
    from nardy.rules.fevga import StartingQuarter
    from nardy.rules.kernel import StepOrEndConstraint
    from nardy.rules.long import SixBlock

    for per_step in (True, False):
        for rule in (SixBlock("ahead", per_step), StartingQuarter(per_step)):
            assert isinstance(rule, StepOrEndConstraint)
            assert (_calls(rule, "step_ok"), _calls(rule, "end_ok")) == (per_step, not per_step)
            assert _calls(rule, "begin")


# --------------------------------------------------------------------------- a search's start


@pytest.mark.parametrize("name", ["short", "long"])
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_both_ways_to_a_search_start_agree_with_the_position(name: str, data: st.DataObject) -> None:
    """A search starts from the same counts, bits and key whichever way its build
    takes (the interpreter's builtins or the compiled build's loops), and they are
    the position's own (off and bar counts included)."""
    from nardy.rules.board import board_key, mover_key, mover_sides, start_by_builtins, start_by_loops, start_state
    from nardy.rules.kernel import BAR, OFF

    pos = data.draw(any_positions(name))
    sides = mover_sides(pos)
    assert start_by_loops(*sides) == start_by_builtins(*sides)
    me, op, far, occupied, key, closed = start_by_builtins(*sides)
    want_me, want_op = _mover_view(pos)
    assert (tuple(me), tuple(op)) == (want_me, want_op)
    assert me[OFF] == pos.off(pos.turn) and me[BAR] == pos.bar(pos.turn)
    assert far == me[BAR] + sum(me[7:25])
    assert occupied == sum(1 << p for p in range(1, 25) if me[p])
    assert key == board_key(me) == mover_key(pos)
    state, _, _, state_closed = start_state(pos, (1, 2), PlayContext(), None, [])
    assert state.opp_off == pos.off(pos.turn.other) and state.closed == state_closed == closed
    at_least = 2 if name == "short" else 1
    assert closed == sum(1 << t for t in range(1, 25) if op[t] >= at_least)


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data(), dice=dice_st)
def test_both_ways_to_read_a_key_agree_with_the_positions_after(
    name: str, data: st.DataObject, dice: tuple[int, int]
) -> None:
    """A board key's side reads the same whichever way its build takes (the
    interpreter's unpack and shift, the compiled build's bytes one by one), and
    the positions built from the keys are those that applying the plays gives."""
    from nardy.rules.board import HIT_SHIFT, HITS_MASK, key_board, key_points, read_side
    from nardy.rules.results import position_after, positions_after

    rules = get_rules(name)
    pos = data.draw(reached_positions(name))
    plays = rules.legal_plays(pos, dice)
    keys = [play.key for play in plays]
    for play, key in zip(plays, keys, strict=True):
        assert key is not None
        mine, bar, hits = read_side(key)
        assert (mine, bar, hits) == (key_points(key), key_board(key)[25], key >> HIT_SHIFT & HITS_MASK)
        assert hits == sum(1 << step.target for step in play.steps if step.hit)
    after = [rules.apply(pos, play) for play in plays]
    assert positions_after(pos, keys, pos.turn.other, True) == after
    assert [position_after(pos, key, pos.turn.other, True) for key in keys] == after


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_board_after_legal_steps_is_the_board_their_walk_reaches(name: str, data: st.DataObject) -> None:
    """position_after_legal (a key sum, no search) gives, for every prefix of every
    legal play in its legal order, the position position_after_steps walks to (which
    checks each step); the whole play gives the play's result, the turn not passed."""
    from nardy.rules.results import position_after_legal

    rules = get_rules(name)
    pos = data.draw(any_positions(name))
    dice = data.draw(dice_st)
    for play in rules.legal_plays(pos, dice):
        for k in range(len(play.steps) + 1):
            prefix = play.steps[:k]
            after = position_after_legal(pos, prefix)
            assert after == rules.position_after_steps(pos, dice, prefix)
            assert after.turn == pos.turn
        whole = rules.apply(pos, play)
        for player in Player:
            assert after.points(player) == whole.points(player) and after.bar(player) == whole.bar(player)


# --------------------------------------------------------------------------- step-by-step input by tallies


@st.composite
def equal_values_to_play(draw: st.DrawFn, rules: nardy.RuleSet) -> tuple[tuple[int, ...], PlayContext]:
    """Equal values and the kind of play: a double, equal owed values, a cascade stage."""
    d = draw(st.integers(1, 6))
    kinds = ["roll"] + (["owed", "stage", "cascade-roll"] if rules.family == "long" else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "owed":
        return (d,) * draw(st.integers(2, 4)), PlayContext("owed")
    if kind == "stage":
        return (d,) * 4, PlayContext("stage", draw(st.integers(0, 2)), final=draw(st.booleans()), cascade=True)
    return (d, d), PlayContext("roll", cascade=kind == "cascade-roll")


def _answer(kernel: Kernel, found: Any, prefix: tuple[nardy.Step, ...]) -> tuple[object, ...]:
    steps, refusal, complete = kernel.probe(found, prefix)
    return steps, refusal.text() if refusal is not None else None, complete


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
@settings(max_examples=examples(12), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_tallies_give_the_live_steps_a_probe_finds(name: str, options: dict[str, object], data: st.DataObject) -> None:
    """Step-by-step input read from the legal plays' tallies (``search.Tally``, equal
    values where the order of the steps cannot matter) answers every prefix as a
    probe of the full search does: the same live steps in the same order, the same
    whole plays, the same refusal of a step that cannot follow."""
    rules = nardy.ruleset(name, **options)
    pos = data.draw(positions(name), label="position")
    pos = rules.check_position(pos) or pos
    dice, context = data.draw(equal_values_to_play(rules), label="values, kind of play")
    values = rules.expand_dice(dice, context)
    limit = rules.head_allowance(pos, values, context)
    fast = rules.kernel.generate(pos, values, context, limit, True, True)
    full = rules.kernel.generate(pos, values, context, limit, False, True)
    assert full.tallies is None
    prefix: tuple[nardy.Step, ...] = ()
    while True:
        answer = _answer(rules.kernel, full, prefix)
        assert _answer(rules.kernel, fast, prefix) == answer
        live = answer[0]
        assert isinstance(live, tuple)
        d = values[0]
        other = data.draw(st.integers(1, 25), label="a step that may not follow")
        wrong = nardy.Step(other, max(other - d, 0), d)
        if wrong not in live:  # refused, or a prefix that leads nowhere
            assert _answer(rules.kernel, fast, (*prefix, wrong)) == _answer(rules.kernel, full, (*prefix, wrong))
        if not live:
            break
        prefix = (*prefix, data.draw(st.sampled_from(live), label="a live step"))


def test_tallies_answer_step_input_where_the_order_of_equal_values_cannot_matter() -> None:
    """The tallies are noted for doubles of the plain rules, and not where a rule
    marks checkers (Caucasian's hit and hide)."""
    short = nardy.ruleset("short")
    assert short.search(short.initial_position(), (3, 3), for_steps=True).tallies is not None
    assert short.search(short.initial_position(), (3, 1), for_steps=True).tallies is None
    caucasian = nardy.ruleset("caucasian")
    white, black = [0] * 24, [0] * 24
    white[23], white[11] = 13, 2
    black[18], black[23] = 1, 14  # a blot in white's home, on its point 6, a 6 away from its 12
    pos = caucasian.position(white=white, black=black, turn=Player.WHITE)
    assert caucasian.kernel.start(pos, (6,) * 4, PlayContext(), None)[2].markers
    assert caucasian.search(pos, (6, 6), for_steps=True).tallies is None
