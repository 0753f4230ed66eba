"""Random games in every ruleset (and a selection of option values) never break a rule.

Each game is played through :class:`nardy.Game` with the game's own seeded dice
and random choices among ``legal_plays()``. Every chosen play is re-walked, step
by step, on the test's OWN copy of the board (kept from the start of the game),
with rules written from RULES.md only:

* each step moves one checker by exactly its die, from a point the mover holds
  (short family: from the bar first), to an open point (short: fewer than two
  opposing checkers, a single one is hit and must be marked ``*``; long: no
  opposing checker), or bears off legitimately (all home; a larger die only from
  the highest point; Crazy: exact points only; no home moves once all home where
  ``home_moves_after_all_home`` is off);
* each die value is used at most once;
* long family head rule: steps from the 24-point per play <= the allowance
  (1; 2 on a player's first own roll under the first-turn exception; owed plays
  ``owed_head_limit``; cascade stages ``crazy_head_per_stage``; per-turn scope);
* Long family six-block rule (``block_rule`` / ``block_check``) on the final
  position (and after every step in ``"step"`` mode);
* Fevga: the runner rule, never all of 19..24 occupied after a play (or a step,
  in ``"step"`` mode) unless it was so before, no trap formed, must-break;
* Caucasian (and Short's ``hit_and_hide``): a checker that hit in the zone never
  ends a later step of the play on a point the mover already holds; Short's
  ``home_hit_and_run="forbidden"``: a checker that hit in the home does not move
  again in the play.

After the play the test's board must equal the library's position (so no
checker is created or lost: 15 per side on points, bar and off), games must end
within a bound, and the final result is re-scored independently.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nardy
from conftest import examples
from nardy import Game, Player

MAX_ACTIONS = 6000

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("short", {}),
    ("short", {"hit_and_hide": "forbidden_board"}),
    ("short", {"home_hit_and_run": "forbidden", "max_result": "mars"}),
    ("short", {"bearoff_overshoot_check": "turn_start", "opening_roll": "reroll"}),
    ("short", {"last_roll_draw": True}),
    ("caucasian", {}),
    ("caucasian", {"hide_zone": "board"}),
    ("long", {}),
    ("long", {"first_turn_head": "fixed", "long_scoring": "koks_home_mars"}),
    ("long", {"first_turn_head": "any_double", "block_check": "step"}),
    ("long", {"block_rule": "in_home", "opening_roll": "use_opening_dice"}),
    ("long", {"first_turn_head": "none", "long_scoring": "koks_start_quarter"}),
    ("long", {"last_roll_draw": True}),
    ("nardgammon", {}),
    ("gulbar", {}),
    ("gulbar", {"head_limit_scope": "turn"}),
    ("gulbar", {"owed_head_limit": None, "transfer_if_none_played": False}),
    ("gulbar", {"transfer_non_doubles": True}),
    ("khachapuri", {}),
    ("khachapuri", {"doubles_rule": "normal", "long_scoring": "oin_mars"}),
    ("fevga", {}),
    ("fevga", {"fevga_check": "end"}),
    ("fevga", {"fevga_trap_forming": "allowed", "fevga_break_priority": "before_max_dice"}),
    ("crazy", {}),
    ("crazy", {"crazy_head_per_stage": 2}),
    ("crazy_gulbar", {}),
    ("crazy_gulbar", {"cascade_exempt_rolls": 3}),
    ("giul", {}),
]

IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in CONFIGS]

HEAD_RULE = {"long", "nardgammon", "gulbar", "crazy", "crazy_gulbar"}  # (khachapuri: head_limit None)
FEVGA = {"fevga", "giul"}
BLOCK_RULE = {"long", "nardgammon", "gulbar", "khachapuri", "crazy", "crazy_gulbar"}


def test_every_ruleset_is_covered() -> None:
    assert {name for name, _ in CONFIGS} == set(nardy.RULESET_NAMES)


# --------------------------------------------------------------------------- own board


@dataclass
class Side:
    pts: list[int]  # index 1..24 = own points (index 0 unused)
    bar: int
    off: int

    def copy(self) -> Side:
        return Side(list(self.pts), self.bar, self.off)

    def far(self) -> int:
        """Checkers not home (bar or points 7..24)."""
        return self.bar + sum(self.pts[7:25])


@dataclass
class Board:
    sides: dict[Player, Side]

    @classmethod
    def of(cls, pos: nardy.Position) -> Board:
        return cls({p: Side([0, *pos.points(p)], pos.bar(p), pos.off(p)) for p in Player})

    def copy(self) -> Board:
        return Board({p: s.copy() for p, s in self.sides.items()})

    def same_as(self, pos: nardy.Position) -> bool:
        return all(
            tuple(self.sides[p].pts[1:]) == pos.points(p) and self.sides[p].bar == pos.bar(p)
            and self.sides[p].off == pos.off(p)
            for p in Player
        )

    def same_as_board(self, other: Board) -> bool:
        return all(
            self.sides[p].pts == other.sides[p].pts
            and self.sides[p].bar == other.sides[p].bar
            and self.sides[p].off == other.sides[p].off
            for p in Player
        )


def other_point(family: str, p: int) -> int:
    """RULES.md 1.2: X's point p in O's numbering."""
    return 25 - p if family == "short" else (p + 12 if p <= 12 else p - 12)


def block_ok(board: Board, mover: Player, rule: str) -> bool:
    """RULES.md 4.3 six-block rule for ``mover``'s checkers in ``board``."""
    if rule == "none":
        return True
    me, op = board.sides[mover], board.sides[mover.other]
    qs = sorted(other_point("long", p) for p in range(1, 25) if me.pts[p])
    runs: list[list[int]] = []
    for q in qs:
        if runs and runs[-1][-1] == q - 1:
            runs[-1].append(q)
        else:
            runs.append([q])
    for run in runs:
        if len(run) < 6:
            continue
        if rule == "forbid":
            return False
        if op.off > 0:
            continue
        if rule == "in_home":
            if not any(op.pts[1:7]):
                return False
        elif not any(op.pts[1 : run[0]]):  # "ahead": O checker on O's 1..q_bot-1
            return False
    return True


def quarter_full(side: Side) -> bool:
    return all(side.pts[p] for p in range(19, 25))


def trapped(board: Board, mover: Player) -> bool:
    """RULES.md 4.6 ``T``: all 15 O checkers on one O point s >= 7, X on O's s-1..s-6."""
    me, op = board.sides[mover], board.sides[mover.other]
    if op.off:
        return False
    for s in range(7, 25):
        if op.pts[s] == 15:
            return all(me.pts[other_point("long", q)] for q in range(s - 6, s))
    return False


def passed(side: Side) -> bool:
    return side.off > 0 or any(side.pts[1:12])


# --------------------------------------------------------------------------- the walker


@dataclass
class Tags:
    """Caucasian marks / Tavla freezes, per point (several assignments may be possible)."""

    marked: list[int] = field(default_factory=lambda: [0] * 25)
    frozen: list[int] = field(default_factory=lambda: [0] * 25)

    def copy(self) -> Tags:
        return Tags(list(self.marked), list(self.frozen))


class Violation(AssertionError):
    pass


@dataclass
class Ctx:
    rules: nardy.RuleSet
    opts: dict[str, Any]
    name: str
    family: str


def head_allowance(
    ctx: Ctx, kind: str, dice: tuple[int, ...], first_roll: bool, used_in_turn: int, cascade_roll: bool = False
) -> int | None:
    """RULES.md 4.3, 4.4 and 4.8: every stage of a cascade, the rolled double
    included, has ``crazy_head_per_stage``; the first-turn exception still
    applies to the rolled double when it allows more."""
    opts = ctx.opts
    if ctx.name not in HEAD_RULE:
        return None
    limit = opts.get("head_limit", 1)
    if limit is None:
        return None
    if kind == "owed":
        return opts.get("owed_head_limit", limit)
    if kind == "stage" or cascade_roll:
        limit = opts.get("crazy_head_per_stage", 1)
    if kind in ("reroll", "stage") and opts.get("head_limit_scope") == "turn":
        return max(limit - used_in_turn, 0)
    if kind == "roll" and first_roll and limit == 1:
        mode = opts.get("first_turn_head", "formal")
        double = len(dice) == 2 and dice[0] == dice[1]
        if mode == "formal":
            return 2
        if mode == "fixed" and double and dice[0] in (3, 4, 6):
            return 2
        if mode == "any_double" and double:
            return 2
    return limit


def walk(
    ctx: Ctx,
    board: Board,
    mover: Player,
    play: nardy.Play,
    values: list[int],
    head_limit: int | None,
) -> Board:
    """Re-walk ``play`` on ``board`` (a copy is returned); raise Violation on a broken rule."""
    fam = ctx.family
    opts = ctx.opts
    zone: int | None = None
    if ctx.name == "caucasian":
        zone = 6 if opts["hide_zone"] == "home" else 24
    elif fam == "short":
        zone = {"allowed": None, "forbidden_home": 6, "forbidden_board": 24}[opts["hit_and_hide"]]
    freeze = fam == "short" and opts.get("home_hit_and_run") == "forbidden"
    exact_only = opts.get("bearoff_exact_only", False)
    home_moves = opts.get("home_moves_after_all_home", True)
    overshoot_start = opts.get("bearoff_overshoot_check") == "turn_start"
    fevga = ctx.name in FEVGA
    fevga_step = fevga and opts.get("fevga_check") == "step"
    no_forming = fevga and opts.get("fevga_trap_forming") == "forbidden"
    block_rule = opts.get("block_rule", "none") if ctx.name in BLOCK_RULE else "none"
    block_step = opts.get("block_check") == "step"

    start = board.copy()
    start_me = start.sides[mover]
    remaining = list(values)
    heads = 0
    states: list[tuple[Board, Tags]] = [(start.copy(), Tags())]
    for i, step in enumerate(play.steps):
        where = f"step {i + 1} ({step}, die {step.die}) of {play!r} by {mover}"
        if step.die not in remaining:
            raise Violation(f"{where}: die not available, remaining {remaining}")
        remaining.remove(step.die)
        if step.source == 24 and fam == "long":
            heads += 1
            if head_limit is not None and heads > head_limit:
                raise Violation(f"{where}: {heads} checkers from the head, allowance {head_limit}")
        new_states: list[tuple[Board, Tags]] = []
        reasons: list[str] = []
        for b, tags in states:
            me, op = b.sides[mover], b.sides[mover.other]
            p, d = step.source, step.die
            if p == 25:
                if fam != "short" or me.bar <= 0:
                    reasons.append("no checker on the bar")
                    continue
                t = 25 - d
            else:
                if fam == "short" and me.bar > 0:
                    reasons.append("a checker on the bar must enter first")
                    continue
                if not 1 <= p <= 24 or me.pts[p] <= 0:
                    reasons.append(f"no checker on {p}")
                    continue
                t = p - d
            if step.target != max(t, 0):
                reasons.append(f"target should be {max(t, 0)}")
                continue
            if fevga and not passed(me):
                runner_zone = any(me.pts[12:24])
                if runner_zone and not 12 <= p <= 23:
                    reasons.append("Fevga runner rule: only the runner may move")
                    continue
                if not runner_zone and p != 24:
                    reasons.append("Fevga runner rule: only a head checker may move")
                    continue
            all_home = me.far() == 0
            hit = False
            if t >= 1:
                q = other_point(fam, t)
                n = op.pts[q]
                if fam == "long" and n:
                    reasons.append(f"lands on {t}, held by the opponent")
                    continue
                if fam == "short" and n >= 2:
                    reasons.append(f"lands on {t}, closed by {n}")
                    continue
                hit = n == 1
                if not home_moves and all_home:
                    reasons.append("all home: every step must bear off")
                    continue
            else:
                if not all_home:
                    reasons.append("bears off with checkers outside home")
                    continue
                if t < 0:
                    if exact_only:
                        reasons.append("bear-off with a larger die (exact only)")
                        continue
                    if any(me.pts[q] for q in range(p + 1, 7)):
                        reasons.append("bear-off with a larger die from below a higher checker")
                        continue
                    if overshoot_start and any(start_me.pts[q] for q in range(d, 7)):
                        reasons.append("overshoot bear-off while a checker stood on >= d at the start")
                        continue
            if hit != step.hit:
                reasons.append(f"hit flag should be {hit}")
                continue
            # which kind of checker moves (marked / frozen / plain)
            kinds = []
            if p != 25:
                if tags.marked[p]:
                    kinds.append("marked")
                if me.pts[p] - tags.marked[p] - tags.frozen[p] > 0:
                    kinds.append("plain")
                if not kinds:
                    reasons.append(f"only frozen checkers (hit in home) on {p}")
                    continue
            else:
                kinds.append("plain")
            for kind in kinds:
                if kind == "marked" and t >= 1 and me.pts[t] > 0:
                    reasons.append(f"marked checker hides on {t} (hit and hide)")
                    continue
                nb, nt = b.copy(), tags.copy()
                nme, nop = nb.sides[mover], nb.sides[mover.other]
                if p == 25:
                    nme.bar -= 1
                else:
                    nme.pts[p] -= 1
                    if kind == "marked":
                        nt.marked[p] -= 1
                if t >= 1:
                    nme.pts[t] += 1
                    if hit:
                        nop.pts[other_point(fam, t)] -= 1
                        nop.bar += 1
                    if freeze and hit and t <= 6:
                        nt.frozen[t] += 1
                    elif zone is not None and (kind == "marked" or (hit and t <= zone)):
                        nt.marked[t] += 1
                else:
                    nme.off += 1
                if fevga_step and t >= 19 and quarter_full(nme) and not quarter_full(me):
                    reasons.append("Fevga: fills the starting quarter")
                    continue
                if fevga_step and no_forming and trapped(nb, mover) and not trapped(b, mover):
                    reasons.append("Fevga: forms a trap")
                    continue
                if block_step and not block_ok(nb, mover, block_rule):
                    reasons.append("six-block without an opposing checker ahead (step check)")
                    continue
                new_states.append((nb, nt))
        if not new_states:
            raise Violation(f"{where}: {'; '.join(dict.fromkeys(reasons))}")
        states = new_states
    final = states[0][0]
    # marks only decide legality: every surviving assignment ends on the same board
    assert all(s[0].same_as_board(final) for s in states[1:])
    me_final = final.sides[mover]
    if fevga and quarter_full(me_final) and not quarter_full(start_me):
        raise Violation(f"{play!r}: Fevga, all of 19..24 occupied after the play, not at its start")
    if fevga and no_forming and trapped(final, mover) and not trapped(start, mover):
        raise Violation(f"{play!r}: Fevga, a trap was formed")
    if block_rule != "none" and not block_ok(final, mover, block_rule):
        raise Violation(f"{play!r}: six-block without an opposing checker ahead ({block_rule})")
    return final


# --------------------------------------------------------------------------- scoring


def expected_result(ctx: Ctx, board: Board, winner: Player) -> tuple[int, str]:
    loser = board.sides[winner.other]
    if ctx.family == "short":
        levels = {"oin": 1, "mars": 2, "koks": 3}
        if loser.off:
            kind = "oin"
        elif loser.bar or any(loser.pts[19:25]):
            kind = "koks"
        else:
            kind = "mars"
        cap = ctx.opts["max_result"]
        if levels[kind] > levels[cap]:
            kind = cap
        return levels[kind], kind
    mode = ctx.opts["long_scoring"]
    if mode == "checkers_left":
        return 15 - loser.off, "checkers_left"
    if loser.off:
        return 1, "oin"
    if mode == "koks_home_mars" and sum(loser.pts[1:7]) == 15:
        return 4, "home_mars"
    if mode in ("koks_start_quarter", "koks_home_mars") and any(loser.pts[19:25]):
        return 3, "koks"
    return 2, "mars"


# --------------------------------------------------------------------------- the game loop


def longest_run(pos: nardy.Position, mover: Player) -> int:
    """Longest run of the mover's points, consecutive along the opponent's route."""
    fam = pos.family
    occupied = {other_point(fam, p) for p, n in enumerate(pos.points(mover), 1) if n}
    best = run = 0
    for q in range(1, 25):
        run = run + 1 if q in occupied else 0
        best = max(best, run)
    return best


def choose(
    rules: nardy.RuleSet, pos: nardy.Position, legal: tuple[nardy.Play, ...], rng: random.Random, style: str
) -> nardy.Play:
    """A random legal play; ``"blocky"`` prefers plays that build long runs of points
    (so that the six-block, trap and quarter rules get exercised)."""
    if style == "blocky" and rng.random() < 0.7:
        scored = [(longest_run(rules.apply(pos, p), pos.turn), i) for i, p in enumerate(legal)]
        top = max(sc for sc, _ in scored)
        return legal[rng.choice([i for sc, i in scored if sc == top])]
    return legal[rng.randrange(len(legal))]


def run_game(name: str, options: dict[str, Any], seed: int, style: str = "random") -> None:
    rules = nardy.ruleset(name, **options)
    ctx = Ctx(rules, dict(rules.options), name, rules.family)
    game = Game(rules, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    board = Board.of(game.position)
    for p in Player:
        assert sum(board.sides[p].pts) + board.sides[p].bar + board.sides[p].off == 15
    first_done = {Player.WHITE: False, Player.BLACK: False}  # made a play of an own first roll
    own_rolls = {Player.WHITE: 0, Player.BLACK: 0}  # own rolls played so far (exempt cascades)
    turn_owner: Player | None = None
    heads_in_turn = 0
    for _ in range(MAX_ACTIONS):
        if game.is_over():
            break
        pending = game.pending
        mover = game.turn
        assert pending.player == mover
        if pending.phase == "roll":
            game.roll()
            continue
        assert pending.phase == "play"
        pos = game.position
        assert pos.turn == mover, (
            f"{mover} must play {game.dice} ({pending.context.kind}), "
            f"but the position is to move for {pos.turn}: {pos!r}"
        )
        assert board.same_as(pos), f"board drifted from the library's position {pos!r}"
        kind = pending.context.kind
        dice = tuple(game.dice or ())
        if kind in ("roll", "reroll") and len(dice) == 2 and dice[0] == dice[1]:
            values = [dice[0]] * 4
        else:
            values = list(dice)
        if turn_owner != mover or kind in ("roll", "owed"):
            heads_in_turn = 0
            turn_owner = mover
        legal = game.legal_plays()
        # every legal play: same length (2.3); larger die (2.4); distinct positions (1.5)
        lengths = {len(p.steps) for p in legal}
        assert len(lengths) == 1, f"plays of different lengths: {legal}"
        assert len({rules.apply(pos, p) for p in legal}) == len(legal)
        if lengths == {1} and len(values) == 2 and values[0] != values[1]:
            big = max(values)
            if any(p.steps[0].die == big for p in legal):
                assert all(p.steps[0].die == big for p in legal), f"larger-die rule: {legal}"
        first_roll = kind == "roll" and not first_done[mover]
        if kind == "roll":
            own_rolls[mover] += 1
        cascade_roll = (
            kind == "roll"
            and dice[0] == dice[1]
            and rules.option("doubles_rule") == "cascade"
            and own_rolls[mover] > rules.option("cascade_exempt_rolls")
        ) if "doubles_rule" in rules.options else False
        limit = head_allowance(ctx, kind, dice, first_roll, heads_in_turn, cascade_roll)
        play = choose(rules, pos, legal, rng, style)
        after_board = walk(ctx, board, mover, play, values, limit)
        if name in FEVGA and trapped(board, mover) and trapped(after_board, mover):
            # must break: no other legal play may open the trap
            for other in legal:
                other_board = walk(ctx, board, mover, other, values, limit)
                assert trapped(other_board, mover), (
                    f"must break: {play!r} keeps the trap although {other!r} opens it"
                )
        heads_in_turn += sum(1 for s in play.steps if s.source == 24)
        if kind == "roll":
            first_done[mover] = True
        game.play(play)
        board = after_board
        assert board.same_as(game.position), (
            f"after {play!r} by {mover}: library position {game.position!r} differs from the walked board"
        )
        for p in Player:
            s = board.sides[p]
            assert sum(s.pts) + s.bar + s.off == 15
            assert game.position.off(p) == s.off
    assert game.is_over(), f"{name} {options} seed {seed}: no end after {MAX_ACTIONS} actions"
    result = game.result()
    assert result is not None
    final = Board.of(game.position)
    done = [p for p in Player if final.sides[p].off == 15]
    assert done, "the game ended although nobody has borne off 15"
    if len(done) == 2:
        assert options.get("last_roll_draw"), "both sides finished without last_roll_draw"
        assert result == nardy.Result(None, 0, "draw", "draw")
        return
    (winner,) = done
    points, kind = expected_result(ctx, final, winner)
    assert result == nardy.Result(winner, points, kind)


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
@settings(max_examples=examples(6), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    style=st.sampled_from(["random", "blocky"]),
)
def test_random_games_keep_the_rules(name: str, options: dict[str, Any], seed: int, style: str) -> None:
    run_game(name, options, seed, style)


# --------------------------------------------------------------------------- walker self-checks


def test_walker_rejects_a_closed_point() -> None:
    """The independent walker is not vacuous: an illegal step list is caught."""
    rules = nardy.ruleset("short")
    ctx = Ctx(rules, dict(rules.options), "short", "short")
    pos = rules.initial_position()
    bogus = nardy.Play((nardy.Step(24, 19, 5, False), nardy.Step(24, 18, 6, False)), (6, 5))
    with pytest.raises(Violation):
        walk(ctx, Board.of(pos), Player.WHITE, bogus, [6, 5], None)


def test_walker_rejects_two_head_checkers() -> None:
    rules = nardy.ruleset("long")
    ctx = Ctx(rules, dict(rules.options), "long", "long")
    pos = rules.initial_position()
    bogus = nardy.Play((nardy.Step(24, 19, 5, False), nardy.Step(24, 21, 3, False)), (5, 3))
    with pytest.raises(Violation):
        walk(ctx, Board.of(pos), Player.WHITE, bogus, [5, 3], 1)


def test_walker_rejects_caucasian_hit_and_hide() -> None:
    rules = nardy.ruleset("caucasian")
    ctx = Ctx(rules, dict(rules.options), "caucasian", "short")
    white = [0] * 24
    white[7], white[6], white[2] = 1, 1, 2  # X{8:1, 7:1, 3:2}
    black = [0] * 24
    black[19], black[5] = 1, 14  # O{20:1, 6:14}: blot on X's 5
    pos = rules.position(white=white, black=black)
    bogus = nardy.Play((nardy.Step(8, 5, 3, True), nardy.Step(5, 3, 2, False)), (3, 2))
    with pytest.raises(Violation):
        walk(ctx, Board.of(pos), Player.WHITE, bogus, [3, 2], None)
    fine = nardy.Play((nardy.Step(8, 5, 3, True), nardy.Step(7, 5, 2, False)), (3, 2))
    walk(ctx, Board.of(pos), Player.WHITE, fine, [3, 2], None)


def test_walker_rejects_an_illegal_six_block() -> None:
    rules = nardy.ruleset("long")
    ctx = Ctx(rules, dict(rules.options), "long", "long")
    white = [0] * 24
    for p, n in {24: 3, 18: 3, 17: 2, 16: 2, 15: 3, 14: 2}.items():
        white[p - 1] = n
    black = [0] * 24
    for p, n in {24: 4, 23: 2, 22: 2, 21: 2, 20: 2, 19: 3}.items():
        black[p - 1] = n
    pos = rules.position(white=white, black=black)
    bogus = nardy.Play((nardy.Step(24, 18, 6, False), nardy.Step(18, 13, 5, False)), (6, 5))
    with pytest.raises(Violation):
        walk(ctx, Board.of(pos), Player.WHITE, bogus, [6, 5], 1)
