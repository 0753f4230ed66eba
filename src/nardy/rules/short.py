"""Short nardy (backgammon, RULES.md 4.1) and Caucasian nardy (4.2).

The rules of the short family that the kernel does not already know live here
as constraints: Caucasian's hit-and-hide rule (:class:`HitAndHide`) and the
Tavla rule against hitting and running on in one's home
(:class:`NoHomeHitAndRun`).
"""

from __future__ import annotations

from typing import ClassVar, Final

from nardy._mypyc import mypyc_attr
from nardy.core import Player, Position, Result, Step
from nardy.rules.base import RuleSet
from nardy.rules.kernel import BAR, FROZEN, MARKED, Constraint, SearchState
from nardy.rules.options import (
    Option,
    bearoff_options,
    cube_options,
    last_roll_draw,
    next_game_first,
    opening_roll,
    without,
)

__all__ = ["Short", "Caucasian", "HitAndHide", "NoHomeHitAndRun"]

_RESULTS: Final = {"oin": 1, "mars": 2, "koks": 3}


def _may_hit_in(state: SearchState, top: int) -> bool:
    """Whether the mover may hit an opposing blot on its points 1..``top`` in this
    play: a blot stands there (blots only disappear during the mover's play) and
    one of the mover's checkers, or the bar, stands a sum of some of the play's
    values above it (the points in between are not looked at: this may say yes
    where no hit can be made, never no where one can)."""
    op = state.op
    blots = 0
    for t in range(1, top + 1):
        if op[t] == 1:
            blots |= 1 << t
    if not blots:
        return False
    sources = state.occupied | (1 << BAR if state.me[BAR] else 0)
    values = state.values
    for r in _sums(values):
        if sources >> r & blots:
            return True
    return False


def _sums(values: tuple[int, ...]) -> tuple[int, ...]:
    """The sums of one or more of ``values``: how far one checker may go with them."""
    first = values[0]
    if len(values) == 2 and values[1] != first:
        return (first, values[1], first + values[1])
    if values[-1] == first:  # equal values
        return tuple(first * k for k in range(1, len(values) + 1))
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    sums.discard(0)
    return tuple(sums)


@mypyc_attr(allow_interpreted_subclasses=True)
class HitAndHide(Constraint):
    """Caucasian nardy: in the zone, a checker that hit may not hide (RULES.md 4.2).

    A checker whose step hits a blot on a point of the zone (the mover's
    points ``1..zone_top``: 6 for ``hide_zone="home"``, 24 for ``"board"``,
    where a bar entry counts too) is marked until the end of the play. A
    step of a marked checker may not end on a point that already holds one
    of the mover's checkers. It may move on to an empty point, hit again
    (it stays marked), be covered by another checker, or be borne off.
    """

    text = "a checker that hit may not hide on a point the mover already holds (hit and hide)"
    marks_hits_only = True
    checks_marked_only = True
    sorts_equal_values = True

    def __init__(self, zone_top: int) -> None:
        self.zone_top = zone_top

    def begin(self, state: SearchState) -> bool:
        """Rests in a play that cannot hit a blot in the zone (no hit, no mark)."""
        return _may_hit_in(state, self.zone_top)

    def mark_after(self, state: SearchState, step: Step, mark: int) -> int:
        """A hit in the zone marks the hitter; a marked checker stays marked."""
        if mark == MARKED or (step.hit and step.target <= self.zone_top):
            return MARKED
        return mark

    def step_ok(self, state: SearchState, step: Step, mark: int) -> bool:
        """A marked checker may not end a step where the mover already stood."""
        return mark != MARKED or step.target == 0 or state.me[step.target] == 1


@mypyc_attr(allow_interpreted_subclasses=True)
class NoHomeHitAndRun(Constraint):
    """Tavla's rule (``home_hit_and_run="forbidden"``, RULES.md 4.1): a checker
    that hits on one of the mover's points 1..6 may not move again in that play."""

    text = "a checker that hit in its home may not move on in the same play (no hit and run)"
    freezes = True
    marks_hits_only = True
    sorts_equal_values = True

    def begin(self, state: SearchState) -> bool:
        """Rests in a play that cannot hit a blot in the mover's home."""
        return _may_hit_in(state, 6)

    def mark_after(self, state: SearchState, step: Step, mark: int) -> int:
        return FROZEN if step.hit and step.target <= 6 else mark


@mypyc_attr(allow_interpreted_subclasses=True)
class Short(RuleSet):
    """Short nardy, which is standard backgammon (короткие нарды).

    * Start: 2 checkers on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6.
    * The sides move in opposite directions; White's point ``p`` is Black's ``25 - p``.
    * A single opposing checker (a blot) is hit and goes to the bar, also at an
      intermediate landing point; two or more close a point.
    * A checker on the bar must enter (on the mover's point ``25 - die``) before
      anything else moves; values that cannot enter are lost.
    * Both dice must be used if possible; if only one can be, the larger one.
    * Bearing off once all checkers are home (RULES.md 3).
    * Result: oin 1 (the loser bore off a checker), mars 2 (it bore off none),
      koks 3 (none off and a checker on the bar or in the winner's home).

    Options: ``opening_roll`` (``"use_opening_dice"``/``"reroll"``),
    ``max_result`` (``"oin"``, ``"mars"``, ``"koks"``: the highest result
    counted), ``last_roll_draw``, ``bearoff_overshoot_check``
    (``"current"``/``"turn_start"``), ``bearoff_exact_only``,
    ``home_moves_after_all_home``, ``hit_and_hide`` (``"allowed"``, or
    Caucasian's rule with ``"forbidden_home"``/``"forbidden_board"``: see
    :class:`HitAndHide`) and ``home_hit_and_run`` (``"forbidden"``: the Tavla
    rule, :class:`NoHomeHitAndRun`).

    >>> import nardy
    >>> nardy.ruleset("backgammon") == nardy.ruleset("short")
    True
    """

    name = "short"
    title = "Short nardy (backgammon)"
    family = "short"
    aliases: ClassVar[tuple[str, ...]] = ("backgammon", "bg", "korotkie", "korotkie_nardy", "tavla")
    start: ClassVar[dict[int, int]] = {24: 2, 13: 5, 8: 3, 6: 5}
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        opening_roll("use_opening_dice"),
        Option(
            "max_result",
            ("koks", "mars", "oin"),
            "koks",
            "the highest result a game can have: koks (3), mars (2) or oin (1)",
        ),
        next_game_first("opening_roll"),
        last_roll_draw(),
        *bearoff_options(),
        *cube_options(),
        Option(
            "hit_and_hide",
            ("allowed", "forbidden_home", "forbidden_board"),
            "allowed",
            "Caucasian rule: a checker that hit (in the home / anywhere) may not end a "
            "later step of the play on a point the mover holds",
        ),
        Option(
            "home_hit_and_run",
            ("allowed", "forbidden"),
            "allowed",
            "Tavla rule: a checker that hits on the mover's points 1..6 may not move on",
        ),
    )

    #: the zone of the hit-and-hide rule, "home" or "board" (None without the rule)
    hide_zone: str | None

    def configure(self) -> None:
        self.hide_zone = {"allowed": None, "forbidden_home": "home", "forbidden_board": "board"}[
            self.option("hit_and_hide")
        ]
        self.max_result: str = self.option("max_result")

    def constraints(self) -> tuple[Constraint, ...]:
        rules: list[Constraint] = []
        if self.hide_zone is not None:
            rules.append(HitAndHide(6 if self.hide_zone == "home" else 24))
        if self.option("home_hit_and_run") == "forbidden":
            rules.append(NoHomeHitAndRun())
        return tuple(rules)

    def score(self, pos: Position, winner: Player) -> Result:
        """oin, mars or koks (RULES.md 4.1), capped by ``max_result``."""
        self.check_winner(pos, winner)
        loser = winner.other
        if pos.off(loser):
            kind = "oin"
        elif pos.bar(loser) or any(pos.points(loser)[18:24]):
            kind = "koks"
        else:
            kind = "mars"
        if _RESULTS[kind] > _RESULTS[self.max_result]:
            kind = self.max_result
        return Result(winner, _RESULTS[kind], kind)

    def stakes(self) -> dict[int, str]:
        """oin, mars and koks, up to ``max_result``."""
        top = _RESULTS[self.max_result]
        return {points: kind for kind, points in _RESULTS.items() if points <= top}


@mypyc_attr(allow_interpreted_subclasses=True)
class Caucasian(Short):
    """Caucasian nardy (кавказские нарды): short nardy where, in your own home,
    you may not hit and hide (:class:`HitAndHide`).

    * A checker that hits an opposing blot on a point of the zone (``hide_zone``:
      ``"home"``, the mover's points 1..6, by default; ``"board"``: anywhere,
      entry from the bar included) is *marked* until the end of the play.
    * A marked checker may not end a step on a point that already holds one of
      the mover's checkers. It may move on to an empty point, hit again (it
      stays marked), be covered by another checker, or be borne off.
    * The restriction counts for the maximum-dice rule: if the only way to use
      both dice is to hide the hitter, fewer dice are used.
    * Everything else, options included, is :class:`Short`.

    >>> import nardy
    >>> rules = nardy.ruleset("kavkazskie")
    >>> rules.name, rules.option("hide_zone")
    ('caucasian', 'home')
    """

    name = "caucasian"
    title = "Caucasian nardy"
    aliases: ClassVar[tuple[str, ...]] = ("kavkazskie", "kavkazskie_nardy", "caucasus")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        *without(Short.OPTIONS, "hit_and_hide"),
        Option("hide_zone", ("home", "board"), "home", "where a hit marks the hitter"),
    )

    def configure(self) -> None:
        self.hide_zone = self.option("hide_zone")
        self.max_result = self.option("max_result")
