"""The pure-Python build's constructors of :class:`~nardy.Pending`.

The compiled build makes :class:`nardy.flow.Pending` a native class, whose
``__init__`` writes the fields in place, and whose ``__setattr__`` refuses any
other assignment. In the interpreter those assignments would go through that
``__setattr__`` too, so without the compiled build :mod:`nardy.flow` puts
:func:`dict_init` in the class's ``__init__``: it checks the fields the same
way and sets them in the instance's ``__dict__``; and the states the turn flow
derives from another (``nardy.flow._copy``) are :func:`dict_copy`'s copies of
its ``__dict__``, made without a call of the class. This module is never compiled.
"""

from __future__ import annotations

from typing import Any, Final

from nardy.core import Player
from nardy.errors import GameStateError
from nardy.flow import ROLL_CONTEXT, TRUSTED_FIELDS, Pending, Phase, PlayContext, Roll, state_fields_problem

_new_object: Final = object.__new__
#: sets a state's ``__dict__`` through the class's own descriptor for it (a compiled
#: build's states have none: its Pending never calls this module's functions)
_set_dict: Final[Any] = getattr(vars(Pending).get("__dict__"), "__set__", None)


def dict_init(
    self: Pending,
    phase: object,
    player: object = None,
    dice: object = None,
    context: object = ROLL_CONTEXT,
    owed: object = (),
    first_player: object = None,
    extra_turn: object = False,
    rolls: object = (0, 0),
    cube: object = 1,
    cube_owner: object = None,
    offer: object = 0,
    beavered: object = False,
    crawford: object = False,
    _checked: object = None,
) -> None:
    if _checked is not TRUSTED_FIELDS:
        problem = state_fields_problem(
            phase, player, dice, context, owed, first_player, extra_turn, rolls, cube, cube_owner, offer,
            beavered, crawford,
        )
        if problem:
            raise GameStateError(f"pending: {problem}")
    _set_dict(self, {
        "phase": phase, "player": player, "dice": dice, "context": context, "owed": owed,
        "first_player": first_player, "extra_turn": extra_turn, "rolls": rolls, "cube": cube,
        "cube_owner": cube_owner, "offer": offer, "beavered": beavered, "crawford": crawford,
    })


dict_init.__qualname__ = "Pending.__init__"


def dict_copy(
    state: Pending,
    phase: Phase,
    player: Player | None,
    dice: Roll | None,
    context: PlayContext,
    owed: tuple[Roll, ...],
    extra_turn: bool,
    rolls: tuple[int, int],
) -> Pending:
    """``nardy.flow._copy``: ``state`` with the fields a turn changes, checked by the caller."""
    fields = state.__dict__.copy()
    fields["phase"] = phase
    fields["player"] = player
    fields["dice"] = dice
    fields["context"] = context
    fields["owed"] = owed
    fields["rolls"] = rolls
    fields["extra_turn"] = extra_turn
    new = _new_object(Pending)
    _set_dict(new, fields)
    return new
