"""The long family's shared base, Long nardy (RULES.md 4.3) and Nardgammon (4.7).

:class:`LongFamily` holds what every long-board ruleset shares: the head rule
and its first-turn exception (:class:`HeadRule`), scoring (``long_scoring``)
and the choice of doubles turn flow (``doubles_rule``, see :mod:`nardy.flow`)
with the cascade's fourth-step rule (:class:`FourthStepHome`). The six-block
rule is :class:`SixBlock`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

from nardy._mypyc import mypyc_attr
from nardy.core import BAR, WHITE, Player, Position, Result, Step
from nardy.flow import Cascade, GulbarDoubles, PlayContext, TurnFlow
from nardy.rules.base import Roll, RuleSet
from nardy.rules.kernel import Constraint, SearchState, StepOrEndConstraint
from nardy.rules.options import (
    Option,
    bearoff_options,
    cube_options,
    doubles_options,
    last_roll_draw,
    next_game_first,
    opening_roll,
)

__all__ = [
    "LongFamily",
    "Long",
    "Nardgammon",
    "HeadRule",
    "SixBlock",
    "FourthStepHome",
    "six_block_mask",
    "in_opponent_numbering",
    "has_six_run",
    "OPP_BIT",
    "head_options",
    "scoring_option",
]

#: bit of each of the mover's points 1..24 in the opponent's numbering (RULES.md 1.2)
OPP_BIT: Final = (0, *(1 << (p + 12 if p <= 12 else p - 12) for p in range(1, 25)))
ALL_POINTS: Final = ((1 << 25) - 1) & ~1
_FIXED_DOUBLES: Final = frozenset({6, 4, 3})
#: the points 1..12 as bits
_LOW12: Final = ((1 << 13) - 1) & ~1
#: the points 1..6 (a player's home), as bits
_HOME: Final = ((1 << 7) - 1) & ~1


def has_six_run(mask: int) -> bool:
    """True if ``mask`` has six consecutive bits set.

    >>> has_six_run(0b1111110), has_six_run(0b1110111)
    (True, False)
    """
    m = mask & (mask >> 1)
    m &= m >> 2
    return bool(m & (m >> 2))


def six_block_mask(me: list[int] | tuple[int, ...]) -> int:
    """The mover's occupied points as bits in the opponent's numbering."""
    mask = 0
    for p in range(1, 25):
        if me[p]:
            mask |= OPP_BIT[p]
    return mask


def in_opponent_numbering(occupied: int) -> int:
    """A bit set of the mover's points (bit ``p``) in the opponent's numbering
    (RULES.md 1.2: the long family's ``p <-> p ± 12``).

    >>> in_opponent_numbering(1 << 24) == 1 << 12, in_opponent_numbering(1 << 1) == 1 << 13
    (True, True)
    """
    return ((occupied & _LOW12) << 12) | ((occupied >> 12) & _LOW12)


def head_options(limit: int | None = 1, first_turn: str = "formal") -> tuple[Option, ...]:
    return (
        Option(
            "head_limit",
            (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, None),
            limit,
            "checkers that may leave the head per play (None: no limit)",
        ),
        Option(
            "first_turn_head",
            ("formal", "fixed", "any_double", "none"),
            first_turn,
            "when two checkers may leave the head on a player's first play",
        ),
    )


def scoring_option(default: str = "oin_mars") -> Option:
    return Option(
        "long_scoring",
        ("oin_mars", "koks_start_quarter", "koks_home_mars", "s0_end", "checkers_left"),
        default,
        "how a game is scored",
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class SixBlock(StepOrEndConstraint):
    """The six-block rule of long nardy (RULES.md 4.3, 4.7).

    A *block* is a run of six or more points held by the mover that are
    consecutive along the opponent's route (which runs on from the mover's
    point 1 to its 24, but not from its 13 to its 12). ``block_rule``:

    * ``"ahead"``: a block is legal only with an opposing checker ahead of it
      (on the opponent's points below the block) or one borne off;
    * ``"in_home"``: legal once an opposing checker is in its home or borne off;
    * ``"forbid"``: never legal; ``"none"``: always legal.

    ``per_step=False`` (``block_check="end"``) checks the final position of
    the play, so a block formed and broken within the play is allowed;
    ``per_step=True`` (``"step"``, Nardgammon) checks after every step.
    """

    text = "six consecutive points may not be held with no opposing checker ahead of them"

    def __init__(self, rule: str, per_step: bool = False, illegal: int = 0) -> None:
        self.rule = rule
        #: the opponent's points (as bits, in its numbering) where six consecutive
        #: points of the mover are illegal in this play (begin works it out)
        self.illegal = illegal
        super().__init__(per_step)

    def begin(self, state: SearchState) -> SixBlock | None:
        """The rule for this play, with the points where a block is illegal; None
        when no illegal block can stand at any moment of the play."""
        mask = self.illegal_points(state)
        held = in_opponent_numbering(state.occupied)
        if not self.reachable(held, mask, len(state.values)):
            return None
        # a hand-set start that already holds an illegal block (impossible in real
        # play, RULES.md 4.3): its final position cannot be held to the rule, so the
        # end check is not applied (a per-step check still is)
        if not self.per_step and has_six_run(held & mask):
            return None
        return SixBlock(self.rule, self.per_step, mask)

    def illegal_points(self, state: SearchState) -> int:
        """The opponent's points (as bits) where a six-run of the mover is illegal
        under ``block_rule`` at the start of the play."""
        rule = self.rule
        if rule == "none" or (rule != "forbid" and state.opp_off):
            return 0
        if rule == "forbid":
            return ALL_POINTS
        theirs = in_opponent_numbering(state.closed)  # the points the opponent holds, in its numbering
        if rule == "in_home":
            return 0 if theirs & _HOME else ALL_POINTS
        # ahead: illegal below the opponent's lowest checker (its point `low`)
        low = (theirs & -theirs).bit_length() - 1
        return ((1 << low) - 1) & ~1

    @staticmethod
    def reachable(held: int, mask: int, steps: int) -> bool:
        """Whether ``steps`` steps can complete six consecutive points of ``mask``
        (each step fills at most one more point); ``held``: points held now."""
        if (held & mask).bit_count() + steps < 6:  # too few points held to complete any six
            return False
        starts = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4 & mask >> 5
        free = ~held
        while starts:  # each point that starts six consecutive points of the mask
            low = starts & -starts
            if (free & low * 0b111111).bit_count() <= steps:
                return True
            starts ^= low
        return False

    def end_ok(self, state: SearchState) -> bool:
        """No illegal block on the final board."""
        occupied = state.occupied  # in the opponent's numbering, where blocks are illegal:
        m = (((occupied & _LOW12) << 12) | ((occupied >> 12) & _LOW12)) & self.illegal
        m &= m >> 1  # (has_six_run, inline: this runs at every candidate's end)
        m &= m >> 2
        return not m & (m >> 2)

    def step_ok(self, state: SearchState, step: Step, mark: int) -> bool:
        """No illegal block after this step."""
        return self.end_ok(state)


@mypyc_attr(allow_interpreted_subclasses=True)
class FourthStepHome(Constraint):
    """The cascade's fourth-step rule and play identity (RULES.md 4.7, 4.8;
    ``cascade_stop="fourth_step"``, Crazy Gulbar): when the last checker comes
    home on the fourth step of a stage, the next stage is still played. So in a
    stage the cascade may go on from, two ways to one board that differ in
    whether the last checker came home on the fourth step are different plays:
    the rule tags the one where it did (the turn flow reads the steps to decide).
    """

    text = "the last checker came home on the fourth step"

    def __init__(self, flow: TurnFlow) -> None:
        #: the cascade's turn flow, which says in which plays the rule holds
        self.flow = flow

    def begin(self, state: SearchState) -> FourthStepHome | None:
        """Rests unless the flow splits this play and a step of it can bring the
        last checker home (some checkers outside home, no more than the steps)."""
        if not self.flow.splits_on_home_step(state.context):
            return None
        me = state.me
        far = sum(me[7:BAR + 1])
        return self if 0 < far <= len(state.values) else None

    def tag(self, state: SearchState) -> bool:
        """The fourth step brought the last checker home."""
        played = state.played
        if len(played) != 4 or state.occupied >> 7 or state.me[BAR]:
            return False
        return played[3].source >= 7 and played[3].target <= 6


class HeadRule:
    """The head rule and its first-turn exception (RULES.md 4.3, 4.4, 4.8): how many
    checkers may leave the head (the mover's 24-point) in a play. The search holds
    each play to this allowance (:class:`~nardy.rules.steps.StepRule`: no step
    leaves the head once it is used).

    * ``limit`` (``head_limit``) per play (``None``: no head rule);
    * owed values (Gulbar): ``owed_limit`` (``owed_head_limit``) per owed play,
      whatever the head rule of the player's own rolls;
    * each stage of a doubles cascade, the rolled double included:
      ``per_stage`` (``crazy_head_per_stage``);
    * ``scope="turn"`` (``head_limit_scope``): re-rolls and later stages share the
      allowance of the turn's first roll;
    * a player's first play of the game: the first-turn exception
      (:meth:`first_turn`, ``first_turn_head``).

    >>> rule = HeadRule(limit=1, first_turn="fixed")
    >>> from nardy.flow import PlayContext
    >>> import nardy
    >>> start = nardy.ruleset("long").initial_position()
    >>> rule.allowance(start, (6, 6, 6, 6), PlayContext(), None), rule.allowance(start, (6, 5), PlayContext(), None)
    (2, 1)
    """

    def __init__(
        self,
        limit: int | None = 1,
        first_turn: str = "formal",
        owed_limit: int | None = None,
        scope: str = "roll",
        per_stage: int = 1,
    ) -> None:
        self.limit = limit
        self.first_turn_head = first_turn
        self.owed_limit = owed_limit
        self.scope = scope
        self.per_stage = per_stage

    def allowance(
        self, pos: Position, values: Roll, context: PlayContext, count: Callable[[int | None], int] | None
    ) -> int | None:
        """How many checkers may leave the head in a play of ``values`` in ``pos``
        (``None``: any). ``count(limit)`` is the greatest number of values that can
        be played with that head allowance, which the formal first-turn exception
        compares."""
        kind = context.kind
        if kind == "owed":
            return self.owed_limit
        limit = self.limit
        if limit is None:
            return None
        if context.cascade:
            limit = self.per_stage
        if kind in ("reroll", "stage") and self.scope == "turn":
            return max(limit - context.head_used, 0)
        if kind == "roll" and not (pos.white_moved if pos.turn is WHITE else pos.black_moved):  # (has_moved, no call)
            return self.first_turn(values, limit, count)
        return limit

    def first_turn(self, values: Roll, limit: int, count: Callable[[int | None], int] | None) -> int:
        """The first-turn exception (RULES.md 4.3): on a player's first play a
        head limit of 1 becomes 2 (``first_turn_head``):

        * ``"formal"``: when two head checkers let more of the roll be played
          than one (``U2 > U1``: ``count(2) > count(1)``): from the start that is
          6-6, 4-4 and 3-3;
        * ``"fixed"``: for a first roll of 6-6, 4-4 or 3-3;
        * ``"any_double"``: for every double; ``"none"``: never.
        """
        if limit != 1:
            return limit
        mode = self.first_turn_head
        if mode == "formal":
            assert count is not None
            one = count(1)  # two head checkers play no more of the roll once one plays all of it
            return 2 if one < len(values) and count(2) > one else 1
        if mode == "fixed":
            return 2 if len(values) == 4 and values[0] in _FIXED_DOUBLES else 1
        if mode == "any_double":
            return 2 if len(values) == 4 else 1
        return 1

    def __repr__(self) -> str:
        return (
            f"HeadRule(limit={self.limit!r}, first_turn={self.first_turn_head!r}, owed_limit={self.owed_limit!r}, "
            f"scope={self.scope!r}, per_stage={self.per_stage!r})"
        )


@mypyc_attr(allow_interpreted_subclasses=True)
class LongFamily(RuleSet):
    """Base of the long-board rulesets: same direction, no hitting, a head."""

    family = "long"
    start: ClassVar[dict[int, int]] = {24: 15}

    #: the head rule of the options (configure)
    head_rule: HeadRule = HeadRule(None)

    def configure(self) -> None:
        opts = self.options
        limit: int | None = None
        first_turn = "none"
        if "head_limit" in opts:
            limit = self.option("head_limit")
            first_turn = self.option("first_turn_head")
        if "owed_head_limit" in opts:
            self.head_rule = HeadRule(
                limit,
                first_turn,
                owed_limit=self.option("owed_head_limit"),
                scope=self.option("head_limit_scope"),
                per_stage=self.option("crazy_head_per_stage"),
            )
        else:
            self.head_rule = HeadRule(limit, first_turn)

    def head_allowance(self, pos: Position, values: Roll, context: PlayContext) -> int | None:
        """How many checkers may leave the head in this play: the :class:`HeadRule` of the options."""
        return self.head_rule.allowance(pos, values, context, self.head_counter(pos, values, context))

    def head_counter(self, pos: Position, values: Roll, context: PlayContext) -> Callable[[int | None], int]:
        """``count(limit)``: how many of ``values`` can be played in ``pos`` with that head allowance."""

        def count(limit: int | None) -> int:
            return self.max_steps(pos, values, context, limit)

        return count

    def flow_constraints(self) -> tuple[Constraint, ...]:
        """The cascade's fourth-step rule, when the turn flow has it (:class:`FourthStepHome`)."""
        flow = self.turn_flow
        if type(flow).splits_on_home_step is TurnFlow.splits_on_home_step:
            return ()
        return (FourthStepHome(flow),)

    # -- turn flow ---------------------------------------------------------

    def make_turn_flow(self) -> TurnFlow:
        """``doubles_rule``: normal doubles, Gulbar's re-roll and owed steps, or
        the cascade (:mod:`nardy.flow`)."""
        opening_reroll = self.option("opening_roll") == "reroll"
        draw = bool(self.option("last_roll_draw"))
        rule = self.option("doubles_rule") if "doubles_rule" in self.options else "normal"
        if rule == "gulbar":
            return GulbarDoubles(
                transfer_if_none_played=self.option("transfer_if_none_played"),
                transfer_non_doubles=self.option("transfer_non_doubles"),
                opening_reroll=opening_reroll,
                last_roll_draw=draw,
            )
        if rule == "cascade":
            return Cascade(
                owed=self.option("cascade_owed"),
                transfer_if_none_played=self.option("transfer_if_none_played"),
                stop=self.option("cascade_stop"),
                exempt_rolls=self.option("cascade_exempt_rolls"),
                opening_reroll=opening_reroll,
                last_roll_draw=draw,
            )
        return TurnFlow(opening_reroll=opening_reroll, last_roll_draw=draw)

    # -- result ------------------------------------------------------------

    def score(self, pos: Position, winner: Player) -> Result:
        """Result per ``long_scoring`` (RULES.md 4.3)."""
        self.check_winner(pos, winner)
        loser = winner.other
        mode = self.option("long_scoring")
        off = pos.off(loser)
        pts = pos.points(loser)
        left = 15 - off
        if mode == "checkers_left":
            return Result(winner, left, "checkers_left")
        all_home = sum(pts[:6]) == 15
        in_start = any(pts[18:24])
        if mode == "s0_end":
            if off:
                return Result(winner, left, "checkers_left")
            return Result(winner, 3, "koks") if all_home else Result(winner, 2, "mars")
        if off:
            return Result(winner, 1, "oin")
        if mode == "koks_home_mars" and all_home:
            return Result(winner, 4, "home_mars")
        if mode in ("koks_start_quarter", "koks_home_mars") and in_start:
            return Result(winner, 3, "koks")
        return Result(winner, 2, "mars")

    def stakes(self) -> dict[int, str]:
        """The results of ``long_scoring``: oin and mars, koks and home mars where it
        has them, or the checkers left (1..15; 1..14 in ``"s0_end"``, where a
        loser that bore off none pays a mars or a koks)."""
        mode = self.option("long_scoring")
        if mode == "checkers_left":
            return dict.fromkeys(range(1, 16), "checkers_left")
        if mode == "s0_end":
            return {**dict.fromkeys(range(1, 15), "checkers_left"), 2: "mars", 3: "koks"}
        stakes = {1: "oin", 2: "mars"}
        if mode in ("koks_start_quarter", "koks_home_mars"):
            stakes[3] = "koks"
        if mode == "koks_home_mars":
            stakes[4] = "home_mars"
        return stakes


@mypyc_attr(allow_interpreted_subclasses=True)
class Long(LongFamily):
    """Long nardy (длинные нарды).

    * Start: all 15 checkers on the head (the player's 24-point). Both sides move
      the same way; White's point ``p`` is Black's ``p ± 12``.
    * No hitting: a point holding any opposing checker is closed.
    * Head rule: at most one checker leaves the head per play (``head_limit``).
      On a player's first play the limit is two when that is needed to play more
      of the roll (``first_turn_head="formal"``: from the start that is 6-6, 4-4
      and 3-3); ``"fixed"`` allows two exactly for 6-6, 4-4, 3-3,
      ``"any_double"`` for every double, ``"none"`` never.
    * Six-block rule (:class:`SixBlock`, ``block_rule="ahead"``): six or more
      consecutive points along the opponent's route may be held only if an
      opposing checker is ahead of them (or one has been borne off).
      ``"in_home"`` allows blocks once an opposing checker has reached its
      home, ``"forbid"`` never allows them, ``"none"`` always does.
      ``block_check="end"`` checks the final position of a play (a block formed
      and broken within the play is fine); ``"step"`` checks after every step.
    * Bearing off as in RULES.md 3. Result (``long_scoring``): ``"oin_mars"``
      (oin 1, mars 2 when the loser bore off nothing), ``"koks_start_quarter"``
      (koks 3: none off and a checker still in the loser's starting quarter),
      ``"koks_home_mars"`` (adds home mars 4: none off, all fifteen home),
      ``"s0_end"`` and ``"checkers_left"`` (the loser pays its checkers left).
    * Opening: the winner of the one-die roll rolls again (``opening_roll``).
    * ``doubles_rule`` and its options select Gulbar's or the Crazy doubles
      (see :class:`~nardy.rules.gulbar.Gulbar`); the default is normal doubles.

    >>> import nardy
    >>> rules = nardy.ruleset("long")
    >>> [str(p) for p in rules.legal_plays(rules.initial_position(), (4, 4))]
    ['24/16(2)']
    """

    name = "long"
    title = "Long nardy"
    aliases: ClassVar[tuple[str, ...]] = ("long_nardy", "dlinnye", "dlinnye_nardy", "narde", "nardi")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        opening_roll("reroll"),
        scoring_option(),
        next_game_first("winner"),
        last_roll_draw(),
        *bearoff_options(),
        *cube_options(),
        *head_options(),
        Option(
            "block_rule",
            ("ahead", "in_home", "forbid", "none"),
            "ahead",
            "when six consecutive points may be held",
        ),
        Option(
            "block_check",
            ("end", "step"),
            "end",
            "check the six-block rule on the final position (end) or after every step",
        ),
        *doubles_options(),
    )

    def constraints(self) -> tuple[Constraint, ...]:
        rule = self.option("block_rule")
        if rule == "none":
            return ()
        return (SixBlock(rule, per_step=self.option("block_check") == "step"),)


@mypyc_attr(allow_interpreted_subclasses=True)
class Nardgammon(Long):
    """Nardgammon (нардгаммон): long nardy where a six-block with no opposing
    checker ahead is forbidden at every moment of a play, transient blocks
    included (``block_check="step"``: :class:`SixBlock` per step). All other
    rules and options as :class:`Long`. (The name is also used for long nardy
    with the doubling cube; that is Long with the cube on.)

    >>> import nardy
    >>> nardy.ruleset("nardgammon").option("block_check")
    'step'
    """

    name = "nardgammon"
    title = "Nardgammon"
    aliases: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[tuple[Option, ...]] = tuple(
        Option(o.name, o.values, "step", o.doc) if o.name == "block_check" else o for o in Long.OPTIONS
    )
