"""The long family's shared base, Long nardy (RULES.md 4.3) and Nardgammon (4.7).

:class:`LongFamily` holds what every long-board ruleset shares: the head rule
and its first-turn exception, scoring (``long_scoring``) and the doubles turn
flow (``doubles_rule``: normal, Gulbar's re-roll and owed steps, the Crazy
cascade; see :mod:`nardy.rules.doubles`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from nardy.core import Play, Player, Position, Result
from nardy.rules.base import Option, Pending, PlayContext, Roll, RuleSet, _Search
from nardy.rules.common import next_game_first, cube_options, bearoff_options, last_roll_draw, opening_roll
from nardy.rules.doubles import after_long_play, doubles_options

__all__ = ["LongFamily", "Long", "Nardgammon", "six_block_mask", "has_six_run", "OPP_BIT"]

#: bit of each of the mover's points 1..24 in the opponent's numbering (RULES.md 1.2)
OPP_BIT: Final = (0, *(1 << (p + 12 if p <= 12 else p - 12) for p in range(1, 25)))
ALL_POINTS: Final = ((1 << 25) - 1) & ~1
_FIXED_DOUBLES: Final = frozenset({6, 4, 3})


def has_six_run(mask: int) -> bool:
    """True if ``mask`` has six consecutive bits set.

    >>> has_six_run(0b1111110), has_six_run(0b1110111)
    (True, False)
    """
    m = mask & (mask >> 1)
    m &= m >> 2
    return bool(m & (m >> 2))


def six_block_mask(me: list[int]) -> int:
    """The mover's occupied points as bits in the opponent's numbering."""
    mask = 0
    for p in range(1, 25):
        if me[p]:
            mask |= OPP_BIT[p]
    return mask


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


class LongFamily(RuleSet):
    """Base of the long-board rulesets: same direction, no hitting, a head."""

    family = "long"
    start: ClassVar[dict[int, int]] = {24: 15}

    # -- head rule ---------------------------------------------------------

    def head_limit_for(
        self, pos: Position, values: Roll, context: PlayContext
    ) -> int | None | tuple[int, int]:
        """Head allowance: ``head_limit`` per play, owed plays ``owed_head_limit``,
        cascade stages ``crazy_head_per_stage``; with ``head_limit_scope="turn"``
        the allowance covers the whole turn; the first-turn exception on a
        player's first own roll (``first_turn_head``)."""
        opts: dict[str, Any] = self._options
        limit: int | None = opts.get("head_limit")
        if limit is None:
            return None
        kind = context.kind
        if kind == "owed":
            owed: int | None = opts.get("owed_head_limit", limit)
            return owed
        if kind == "stage":
            limit = opts.get("crazy_head_per_stage", limit)
            assert limit is not None
        if kind in ("reroll", "stage") and opts.get("head_limit_scope") == "turn":
            return max(limit - context.head_used, 0)
        if limit != 1 or kind != "roll" or pos.has_moved(pos.turn):
            return limit
        mode = opts.get("first_turn_head", "none")
        if mode == "formal":
            return (1, 2)
        if mode == "fixed":
            return 2 if len(values) == 4 and values[0] in _FIXED_DOUBLES else 1
        if mode == "any_double":
            return 2 if len(values) == 4 else 1
        return 1

    # -- turn flow ---------------------------------------------------------

    def after_play(self, pending: Pending, pos: Position, play: Play) -> Pending:
        return after_long_play(self, pending, pos, play)

    # -- result ------------------------------------------------------------

    def score(self, pos: Position, winner: Player) -> Result:
        """Result per ``long_scoring`` (RULES.md 4.3)."""
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
    * Six-block rule (``block_rule="ahead"``): six or more consecutive points
      along the opponent's route may be held only if an opposing checker is
      ahead of them (or one has been borne off). ``"in_home"`` allows blocks
      once an opposing checker has reached its home, ``"forbid"`` never allows
      them, ``"none"`` always does. ``block_check="end"`` checks the final
      position of a play (a block formed and broken within the play is fine);
      ``"step"`` checks after every step.
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
    end_rule = "six consecutive points may not be held with no opposing checker ahead of them"
    step_rule = end_rule
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

    def configure(self) -> None:
        self._block_rule = self.option("block_rule")
        self._block_step = self.option("block_check") == "step"
        if self._block_step:
            self.order_free = False
        else:
            self._step_hook = None

    # -- six-block rule ----------------------------------------------------

    def prepare(self, s: _Search) -> None:
        """``s.aux``: the opponent's points (as bits) where a six-run is illegal."""
        rule = self._block_rule
        theirs = s.start.points(s.start.turn.other)
        if rule == "none":
            s.aux = 0
        elif rule == "forbid":
            s.aux = ALL_POINTS
        elif s.opp_off:
            s.aux = 0
        elif rule == "in_home":
            s.aux = 0 if any(theirs[:6]) else ALL_POINTS
        else:  # ahead: illegal below the opponent's lowest checker
            low = next((i + 1 for i, n in enumerate(theirs) if n), 25)
            s.aux = ((1 << low) - 1) & ~1

    def _blocks_ok(self, s: _Search) -> bool:
        return not s.aux or not has_six_run(six_block_mask(s.me) & s.aux)

    def end_ok(self, s: _Search) -> bool:
        return not s.aux or self._block_step or self._blocks_ok(s)

    def step_ok(self, s: _Search, source: int, target: int, tagged: bool) -> bool:
        return not self._block_step or self._blocks_ok(s)


class Nardgammon(Long):
    """Nardgammon (нардгаммон): long nardy where a six-block with no opposing
    checker ahead is forbidden at every moment of a play, transient blocks
    included (``block_check="step"``). All other rules and options as
    :class:`Long`. (The name is also used for long nardy with the doubling
    cube; that is Long with the cube on.)

    >>> import nardy
    >>> nardy.ruleset("nardgammon").option("block_check")
    'step'
    """

    name = "nardgammon"
    title = "Nardgammon"
    aliases: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[tuple[Option, ...]] = tuple(
        Option(o.name, o.values, "step", o.doc) if o.name == "block_check" else o
        for o in Long.OPTIONS
    )

