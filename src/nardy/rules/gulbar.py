"""Gulbar (RULES.md 4.4), Khachapuri (4.5), Crazy and Crazy Gulbar (4.7).

These are Long with other doubles and set-up: their rules are option presets.
The doubles turn flow itself (re-rolls, owed steps, the cascade) is in
:mod:`nardy.flow` (:class:`~nardy.flow.GulbarDoubles`, :class:`~nardy.flow.Cascade`).
"""

from __future__ import annotations

from typing import ClassVar

from nardy._mypyc import mypyc_attr
from nardy.rules.long import Long
from nardy.rules.options import Option, with_defaults

__all__ = ["Gulbar", "Khachapuri", "Crazy", "CrazyGulbar"]


@mypyc_attr(allow_interpreted_subclasses=True)
class Gulbar(Long):
    """Gulbar (гюльбар): long nardy with Gulbar's doubles.

    * A double played in full (all four steps) gives a re-roll in the same
      turn; the re-roll may be a double again, with no limit.
    * If only ``k < 4`` steps of a double ``d-d`` can be played, the opponent
      owes the other ``4 - k``: at the start of its next turn, before its own
      roll, it must play them (as many as it can; the head allowance is
      ``owed_head_limit``, 1 by default, and the first-turn exception never
      applies). Owed steps it cannot play are lost.
    * ``transfer_if_none_played=False``: a double of which no step can be
      played passes nothing on. ``transfer_non_doubles=True``: unplayed values
      of non-doubles are owed too (Uzbek gulbar).
    * ``head_limit_scope``: ``"roll"`` gives each roll and re-roll its own head
      allowance, ``"turn"`` one allowance for the whole turn.
    * The first-turn head exception applies to the player's first roll only
      (a first 6-6 plays ``24/18 24/18`` and owes two 6s).
    * Everything else as :class:`~nardy.rules.long.Long`.

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("gyulbar"), first=nardy.WHITE)
    >>> game.roll((6, 6)); str(game.play("24/18 24/18"))
    (6, 6)
    '24/18(2)'
    >>> game.turn, game.dice  # Black first plays the two 6s it owes
    (<Player.BLACK: 1>, (6, 6))
    """

    name = "gulbar"
    title = "Gulbar"
    aliases: ClassVar[tuple[str, ...]] = ("gyulbar", "gioulbar", "gul_bara", "gulbara")
    OPTIONS: ClassVar[tuple[Option, ...]] = with_defaults(Long.OPTIONS, doubles_rule="gulbar")


@mypyc_attr(allow_interpreted_subclasses=True)
class Khachapuri(Gulbar):
    """Khachapuri or Tbilisi nardy (хачапури, тбилисские нарды).

    * Start: 11 checkers on the player's own 6-point and 4 on its head.
    * No head rule: any number of checkers may leave the head per play.
    * Doubles as in Gulbar by default (``doubles_rule="gulbar"``; ``"normal"``
      plays them as in long nardy).
    * Result: the loser pays one unit per checker it has not borne off
      (``long_scoring="checkers_left"``).
    * Block rule and bear-off as in long nardy; the eleven home checkers may
      move inside the home from the start, but bearing off needs all fifteen
      home.

    >>> import nardy
    >>> rules = nardy.ruleset("tbilisi")
    >>> [str(p) for p in rules.legal_plays(rules.initial_position(), (6, 5))]
    ['24/13']
    """

    name = "khachapuri"
    title = "Khachapuri (Tbilisi nardy)"
    aliases: ClassVar[tuple[str, ...]] = ("tbilisi", "tbilisskie", "hachapuri", "khachapury")
    start: ClassVar[dict[int, int]] = {24: 4, 6: 11}
    OPTIONS: ClassVar[tuple[Option, ...]] = with_defaults(
        Long.OPTIONS,
        doubles_rule="gulbar",
        head_limit=None,
        owed_head_limit=None,
        long_scoring="checkers_left",
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class Crazy(Long):
    """Crazy nardy (бешеные нарды): long nardy with a doubles cascade.

    * After playing a double ``d-d`` in full the player plays ``(d+1)-(d+1)``,
      and so on up to 6-6, each stage a separate play of four values with its
      own head allowance (``crazy_head_per_stage``, 1).
    * A double of which no step can be played is not played and the cascade
      does not start; if a stage is only partly playable its remaining steps
      and all later stages are lost (no owed steps).
    * Once all the player's checkers are home the cascade stops (the current
      stage is finished).
    * Bearing off only with the exact number (``bearoff_exact_only``) and, once
      all checkers are home, no moves inside the home
      (``home_moves_after_all_home=False``).

    >>> import nardy
    >>> game = nardy.Game(nardy.ruleset("beshenye"), first=nardy.WHITE)
    >>> game.roll((5, 5)); str(game.play("24/4"))
    (5, 5)
    '24/4'
    >>> game.turn, game.dice  # the cascade: now four 6s
    (<Player.WHITE: 0>, (6, 6, 6, 6))
    """

    name = "crazy"
    title = "Crazy nardy"
    aliases: ClassVar[tuple[str, ...]] = ("beshenye", "beshenye_nardy", "crazy_narde")
    OPTIONS: ClassVar[tuple[Option, ...]] = with_defaults(
        Long.OPTIONS,
        doubles_rule="cascade",
        transfer_if_none_played=False,
        bearoff_exact_only=True,
        home_moves_after_all_home=False,
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class CrazyGulbar(Gulbar):
    """Crazy Gulbar (бешеный гюльбар): Gulbar with the cascade instead of the re-roll.

    * A double ``d-d`` is followed by every higher double up to 6-6, each stage
      a separate play; no re-roll after the cascade.
    * Unplayed steps of a stage and of all later stages are owed by the
      opponent, who plays them stage by stage in increasing value, each stage a
      separate play with its own head allowance, before its own roll.
    * Moving inside the home is allowed until the last checker comes home; from
      then on every step must bear off.
    * Stopping: if the last checker comes home on step 1-3 of a stage, the
      stage is finished and the cascade stops; if it comes home on the fourth
      step, the next stage is still played, then the cascade stops
      (``cascade_stop="fourth_step"``).
    * ``cascade_exempt_rolls``: each player's first N rolls play doubles
      normally (Gul bara as often described: 3).
    """

    name = "crazy_gulbar"
    title = "Crazy Gulbar"
    aliases: ClassVar[tuple[str, ...]] = ("beshenyi_gulbar", "beshenyi_gyulbar", "crazygulbar")
    OPTIONS: ClassVar[tuple[Option, ...]] = with_defaults(
        Long.OPTIONS,
        doubles_rule="cascade",
        cascade_owed=True,
        cascade_stop="fourth_step",
        home_moves_after_all_home=False,
    )
