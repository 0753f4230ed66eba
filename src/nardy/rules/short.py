"""Short nardy (backgammon): RULES.md 4.1."""

from __future__ import annotations

from typing import ClassVar

from nardy.core import Player, Position, Result
from nardy.rules.base import FROZEN, MARKED, Option, RuleSet, _Search
from nardy.rules.common import next_game_first, cube_options, bearoff_options, last_roll_draw, opening_roll, without

__all__ = ["Short", "Caucasian"]

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
    ``home_moves_after_all_home``, ``hit_and_hide`` (``"allowed"``, or
    Caucasian's rule with ``"forbidden_home"``/``"forbidden_board"``: see
    :class:`Caucasian`) and ``home_hit_and_run`` (``"forbidden"``: the Tavla
    rule that a checker hitting in the mover's home may not move on in that
    play).

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

    def configure(self) -> None:
        zone = self._options.get("hide_zone")
        if zone is None:
            zone = {"allowed": None, "forbidden_home": "home", "forbidden_board": "board"}[
                self.option("hit_and_hide")
            ]
        #: highest point where a hit marks the hitter (None: no marks)
        self._zone = None if zone is None else 6 if zone == "home" else 24
        self._freeze = self.option("home_hit_and_run") == "forbidden"
        if self._zone is not None or self._freeze:
            self.uses_tags = True
            self.order_free = False
        if self._zone is None:
            self._step_hook = None

    def tag_after(self, source: int, target: int, hit: bool, tagged: bool) -> int:
        """Marks: a hitter in the zone is marked (Caucasian); a hitter in the home
        is frozen under ``home_hit_and_run="forbidden"``; marks last the play."""
        if hit and self._freeze and target <= 6:
            return FROZEN
        if self._zone is not None and (tagged or (hit and target <= self._zone)):
            return MARKED
        return 0

    step_rule = "a checker that hit may not hide on a point the mover already holds (hit and hide)"

    def step_ok(self, s: _Search, source: int, target: int, tagged: bool) -> bool:
        """Caucasian: a marked checker may not end a step on a point the mover holds."""
        return not tagged or target == 0 or s.me[target] == 1

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


class Caucasian(Short):
    """Caucasian nardy (кавказские нарды): short nardy where, in your own home,
    you may not hit and hide.

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
