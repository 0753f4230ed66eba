"""Fevga (RULES.md 4.6) and Giul (4.7)."""

from __future__ import annotations

from typing import ClassVar, Final

from nardy.core import Position, Step
from nardy.rules.base import Option, PlayContext, Roll, _Search
from nardy.rules.common import next_game_first, cube_options, bearoff_options, last_roll_draw, opening_roll, with_defaults
from nardy.rules.doubles import doubles_options
from nardy.rules.long import LongFamily, scoring_option

__all__ = ["Fevga", "Giul"]

#: the mover's starting quarter, points 19..24
_QUARTER: Final = range(19, 25)
#: search mode: only candidates that leave the trap open are admissible
_MUST_BREAK: Final = 1

Found = dict[tuple[int, ...], tuple[Step, ...]]


class Fevga(LongFamily):
    """Fevga (февга, Greek "run"): a long-board game with its own head and block rules.

    * Start, direction and blocking as long nardy: 15 on the head, a single
      checker holds a point, no hitting. No first-turn exception.
    * Runner rule: until the player has *passed* (has a checker beyond the
      opponent's head, on a point 11 or lower, or has borne off), only the
      first checker to leave the head may move; once it has passed, possibly in
      the middle of a play, any checker may move and any number may leave the
      head.
    * Six-point blocks are allowed anywhere, with two exceptions:
      the player may not hold all six points of its starting quarter (19..24)
      at once; and it may not build a *trap*, six points held directly in
      front of all fifteen opposing checkers gathered on one point
      (``fevga_trap_forming="forbidden"``). If a trap stands at the start of
      a play, the player must open it when it can (after the maximum-dice
      rule with ``fevga_break_priority="after_max_dice"``, before it with
      ``"before_max_dice"``).
    * ``fevga_check="step"`` applies the quarter and trap checks after every
      step; ``"end"`` only to the final position of the play.
    * Result: oin 1, mars 2.

    >>> import nardy
    >>> rules = nardy.ruleset("fevga")
    >>> [str(p) for p in rules.legal_plays(rules.initial_position(), (6, 6))]
    ['24/18']
    """

    name = "fevga"
    title = "Fevga"
    aliases: ClassVar[tuple[str, ...]] = ("fevga_tavli", "moultezim", "feuga")
    step_rule = "the starting quarter may not be filled and no trap may be built"
    end_rule = step_rule
    source_rule = "until the first checker has passed the opponent's head, only it may move"
    order_free = False
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        opening_roll("reroll"),
        scoring_option(),
        next_game_first("winner"),
        last_roll_draw(),
        *bearoff_options(),
        *cube_options(),
        Option("fevga_check", ("step", "end"), "step", "check the quarter and trap rules per step or at the end"),
        Option(
            "fevga_trap_forming",
            ("forbidden", "allowed"),
            "forbidden",
            "whether a trap may be built (it must be opened either way)",
        ),
        Option(
            "fevga_break_priority",
            ("after_max_dice", "before_max_dice"),
            "after_max_dice",
            "whether opening a trap comes after or before using as many dice as possible",
        ),
        *doubles_options(),
    )

    def configure(self) -> None:
        self._step_check = self.option("fevga_check") == "step"
        self._no_forming = self.option("fevga_trap_forming") == "forbidden"
        self._break_first = self.option("fevga_break_priority") == "before_max_dice"

    # -- runner rule -------------------------------------------------------

    def source_ok(self, s: _Search, point: int) -> bool:
        me = s.me
        if me[0] or any(me[1:12]):  # passed: anything may move
            return True
        if any(me[12:24]):
            return 12 <= point <= 23
        return point == 24

    # -- starting quarter and trap -----------------------------------------

    def prepare(self, s: _Search) -> None:
        """``s.aux``: the mover's points (as bits) that would close a trap, or 0."""
        s.aux = 0
        theirs = s.start.points(s.start.turn.other)
        if s.opp_off:
            return
        for i, n in enumerate(theirs):
            if n == 15 and i + 1 >= 7:
                mask = 0
                for q in range(i + 1 - 6, i + 1):  # the opponent's points s-6..s-1
                    mask |= 1 << (q + 12 if q <= 12 else q - 12)
                s.aux = mask

    @staticmethod
    def _trapped(s: _Search, me: tuple[int, ...] | list[int]) -> bool:
        mask = s.aux
        if not mask:
            return False
        for p in range(1, 25):
            if mask >> p & 1 and not me[p]:
                return False
        return True

    @staticmethod
    def _quarter_full(me: tuple[int, ...] | list[int]) -> bool:
        return bool(me[19] and me[20] and me[21] and me[22] and me[23] and me[24])

    def step_ok(self, s: _Search, source: int, target: int, tagged: bool) -> bool:
        if not self._step_check or not target or s.me[target] != 1:
            return True  # only a step onto an empty point can complete a quarter or trap
        me = s.me
        if 19 <= target and self._quarter_full(me):
            return False
        return not (self._no_forming and s.aux >> target & 1 and self._trapped(s, me))

    def end_ok(self, s: _Search) -> bool:
        me = s.me
        if s.mode == _MUST_BREAK and self._trapped(s, me):
            return False
        if self._step_check:
            return True
        start = s.start_me
        if self._quarter_full(me) and not self._quarter_full(start):
            return False
        return not (
            self._no_forming and self._trapped(s, me) and not self._trapped(s, start)
        )

    def prefer(self, s: _Search, found: Found) -> Found:
        """Must break: if a trap stands at the start, keep the plays that open it, if any."""
        if s.mode == _MUST_BREAK or not self._trapped(s, s.start_me):
            return found
        opened = {k: v for k, v in found.items() if not self._trapped(s, k)}
        return opened or found

    def _generate(self, pos: Position, values: Roll, context: PlayContext) -> tuple[Found, int]:
        if self._break_first:
            found, best = self._search(pos, values, None, _MUST_BREAK)
            if found:
                return found, best
        return self._search(pos, values, None)


class Giul(Fevga):
    """Giul (гюль, "Fevga crazy"): Fevga with the doubles cascade up to 6-6.

    * After a double ``d-d`` played in full the player plays every higher
      double up to 6-6, each stage a separate play.
    * Unplayed steps of a started double (and the later stages) are owed by
      the opponent, stage by stage; a double that cannot be started is not
      played and nothing is owed (``transfer_if_none_played=False``).
    * The cascade stops once all the player's checkers are home; moving
      inside the home is allowed.
    """

    name = "giul"
    title = "Giul (Fevga crazy)"
    aliases: ClassVar[tuple[str, ...]] = ("gul", "gyul", "fevga_crazy")
    OPTIONS: ClassVar[tuple[Option, ...]] = with_defaults(
        Fevga.OPTIONS,
        doubles_rule="cascade",
        cascade_owed=True,
        transfer_if_none_played=False,
    )
