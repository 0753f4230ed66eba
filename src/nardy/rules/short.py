"""Short nardy (backgammon): RULES.md 4.1."""

from __future__ import annotations

from typing import ClassVar

from nardy.core import Player, Position, Result
from nardy.rules.base import Option, RuleSet
from nardy.rules.common import bearoff_options, last_roll_draw, opening_roll

__all__ = ["Short"]

_RESULTS = {"oin": 1, "mars": 2, "koks": 3}


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
    ``home_moves_after_all_home``.

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
        last_roll_draw(),
        *bearoff_options(),
    )

    def score(self, pos: Position, winner: Player) -> Result:
        loser = winner.other
        if pos.off(loser):
            kind = "oin"
        elif pos.bar(loser) or any(pos.points(loser)[18:24]):
            kind = "koks"
        else:
            kind = "mars"
        cap = self.option("max_result")
        if _RESULTS[kind] > _RESULTS[cap]:
            kind = cap
        return Result(winner, _RESULTS[kind], kind)
