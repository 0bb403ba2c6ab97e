"""Regular expressions a user writes (a target's `name_pattern` in the config), run in linear time.

Python's `re` backtracks: `^(a+)+$` against a long name takes exponential time, and a config is
input like any other. Such patterns are compiled with RE2 (google-re2), whose matching is linear in
the text; a pattern RE2 cannot take (a backreference, a lookaround) is refused when the config is
read, with the key named, instead of running on a backtracking engine. RE2 is quiet about the
patterns it refuses (`log_errors` off): the config error says it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any


class PatternError(ValueError):
    """A pattern RE2 cannot compile: the message says why."""


@cache
def compile_linear(pattern: str) -> Callable[[str], bool]:
    """`pattern` as a full-match test on a string, in time linear in the string; PatternError when RE2
    cannot take it."""
    import re2  # type: ignore[import-untyped]  # google-re2 ships no type stubs

    options = re2.Options()
    options.log_errors = False
    try:
        compiled: Any = re2.compile(pattern, options=options)
    except re2.error as error:
        detail = error.args[0] if error.args else error
        raise PatternError(detail.decode("utf-8", "replace") if isinstance(detail, bytes) else str(detail)) from None

    def full_match(text: str) -> bool:
        return compiled.fullmatch(text) is not None

    return full_match
