"""The pure-Python build's layout of :class:`~nardy.Play`: a tuple of its fields.

The compiled build makes :class:`nardy.core.Play` a native class, which it
builds and frees in about a third of the instructions a tuple costs there. The
interpreter, on the other hand, makes a tuple subclass faster than any class
with attributes (about 210 ns a play, against 480 ns for a class with slots and
more for one that refuses ``setattr``), and a search returns many plays. So
without the compiled build :mod:`nardy.core` puts :func:`tuple_play` of its
class in its place: the fields are the tuple's items, every method is Play's
own. This module is never compiled.
"""

from __future__ import annotations

from typing import Any, Final

from nardy.core import FieldTuple, check_play_fields, set_fields

_tuple_new: Final = tuple.__new__


def tuple_play(base: type[Any]) -> type[Any]:
    """A subclass of the Play class ``base`` whose instances are tuples of the fields
    (built by ``__new__``, or by ``tuple.__new__`` from the fields for the search's plays)."""

    class Play(base, FieldTuple):  # type: ignore[misc]  # a tuple underneath, a sequence of steps above
        __doc__ = base.__doc__
        __slots__ = ()

        def __new__(
            cls,
            steps: object,
            dice: object,
            origin: object = None,
            key: object = None,
            ordered: object = False,
            _generated: object = None,
        ) -> Any:
            check_play_fields(origin, key, ordered, _generated)
            return _tuple_new(cls, (steps, dice, origin, key, ordered))

        def __init__(self, *fields: object, **named: object) -> None:
            """The fields are the tuple's, made by ``__new__``. (The base's ``__init__``,
            the compiled build's constructor, would set them as attributes, which the
            base's ``__setattr__`` refuses.)"""

        def __add__(self, other: object) -> Any:  # a play is no tuple of steps to add to
            return NotImplemented

        def __mul__(self, other: object) -> Any:
            return NotImplemented

        def __rmul__(self, other: object) -> Any:
            return NotImplemented

    # the public class, as pickles and messages name it
    Play.__module__, Play.__qualname__ = base.__module__, base.__qualname__
    for method in (Play.__new__, Play.__init__, Play.__add__, Play.__mul__, Play.__rmul__):
        method.__qualname__ = f"{base.__qualname__}.{method.__name__}"
    set_fields(Play)
    return Play
