"""Every rule: each module here named `slNNN_<name>.py` ends in `RULE = <Kind>Rule(...)`.

The set is the modules on disk, in code order: a new rule is its module, its card
(`rules/SLNNN.md`) and its fixtures, and nothing else to touch. The rulebook test checks
that the modules, the cards, the fixtures and the config schema agree. Helpers shared by
several rules live in modules starting with `_`.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from skilllint.core import lazyre

if TYPE_CHECKING:
    from skilllint.checks.rule import AnyRule

_RULE_MODULE = lazyre.compile(r"^(sl\d{3}_[a-z0-9_]+)\.py$")


@cache
def rule_modules() -> tuple[str, ...]:
    """The rule modules' names, in code order (a listing of this package, read once)."""
    here = os.path.dirname(__file__)
    return tuple(sorted(m.group(1) for m in map(_RULE_MODULE.match, os.listdir(here)) if m))


@cache
def all_rules() -> tuple[AnyRule, ...]:
    """Every rule, imported once, in code order."""
    return tuple(import_module(f"{__name__}.{name}").RULE for name in rule_modules())
