"""Rulesets and their registry.

>>> from nardy.rules import ruleset, RULESET_NAMES
>>> "long" in RULESET_NAMES
True
>>> ruleset("dlinnye").name
'long'
"""

from __future__ import annotations

from nardy.core import normalize_name, register_family_name
from nardy.errors import UnknownRuleSetError, shown
from nardy.flow import Pending, PlayContext
from nardy.rules.base import Afterstates, RuleSet
from nardy.rules.fevga import Fevga, Giul
from nardy.rules.gulbar import Crazy, CrazyGulbar, Gulbar, Khachapuri
from nardy.rules.kernel import Constraint, SearchState
from nardy.rules.long import Long, LongFamily, Nardgammon
from nardy.rules.options import Option
from nardy.rules.short import Caucasian, Short

__all__ = [
    "RuleSet",
    "Afterstates",
    "Option",
    "Constraint",
    "SearchState",
    "PlayContext",
    "Pending",
    "Short",
    "Caucasian",
    "LongFamily",
    "Long",
    "Nardgammon",
    "Gulbar",
    "Khachapuri",
    "Fevga",
    "Crazy",
    "CrazyGulbar",
    "Giul",
    "REGISTRY",
    "ALIASES",
    "RULESET_NAMES",
    "ruleset",
    "register",
]

REGISTRY: dict[str, type[RuleSet]] = {}
ALIASES: dict[str, str] = {}


def register(cls: type[RuleSet]) -> type[RuleSet]:
    """Add a ruleset class to the registry under its ``name`` and the ``aliases``
    it declares itself (a subclass that declares none keeps its parent's aliases
    for the parent); usable as a class decorator, see :doc:`/extending`.

    >>> register(Short())
    Traceback (most recent call last):
    ...
    nardy.errors.UnknownRuleSetError: register takes a RuleSet subclass, not nardy.ruleset('short')
    """
    if not isinstance(cls, type) or not issubclass(cls, RuleSet):
        raise UnknownRuleSetError(f"register takes a RuleSet subclass, not {shown(cls)}")
    given: object = cls.name
    if type(given) is not str or not normalize_name(given):
        raise UnknownRuleSetError(f"a registered ruleset needs a name (a non-empty str), not {shown(given)}")
    # the aliases the class declares itself: a subclass does not take over its parent's
    own_aliases: tuple[str, ...] = vars(cls).get("aliases", ())
    if type(own_aliases) is not tuple or not all(type(a) is str and normalize_name(a) for a in own_aliases):
        raise UnknownRuleSetError(f"a ruleset's aliases are a tuple of names, not {shown(own_aliases)}")
    REGISTRY[cls.name] = cls
    for name in (cls.name, *own_aliases):
        ALIASES[normalize_name(name)] = cls.name
        register_family_name(name, cls.family)  # position strings may start with it
    return cls


for _cls in (Short, Caucasian, Long, Gulbar, Khachapuri, Fevga, Nardgammon, Crazy, CrazyGulbar, Giul):
    register(_cls)

RULESET_NAMES: tuple[str, ...] = tuple(REGISTRY)


def ruleset(name: str, /, **options: object) -> RuleSet:
    """The ruleset called ``name`` (or one of its aliases), with ``options`` set.

    Option names and values are those of RULES.md Appendix B.

    >>> ruleset("long", block_check="step", first_turn_head="fixed")
    nardy.ruleset('long', first_turn_head='fixed', block_check='step')
    >>> ruleset("long", block_check="sometimes")
    Traceback (most recent call last):
    ...
    nardy.errors.OptionError: option block_check='sometimes' is not allowed; use one of: 'end', 'step'
    """
    if not isinstance(name, str):
        raise UnknownRuleSetError(f"a ruleset name is a str, not {shown(name)}")
    key = ALIASES.get(normalize_name(name))
    if key is None:
        known = ", ".join(RULESET_NAMES)
        raise UnknownRuleSetError(f"unknown ruleset {shown(name, 40)}; known rulesets: {known}")
    return REGISTRY[key](**options)
