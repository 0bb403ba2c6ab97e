"""Regular expressions compiled the first time they are used, not when their module is imported.

A one-skill run (a pre-commit hook) imports every rule module, and their 160 module-level
patterns took about a fifth of its time to compile, though a typical skill touches fewer than
one in six of them (the rest wait for JSON files, settings, secrets, shell lines...). A pattern
written `lazyre.compile(...)` costs nothing until a method of it is called; then it compiles once
and its bound methods are kept on the object, so every later call is a plain attribute lookup,
as cheap as on a compiled pattern.

It stands in for a `re.Pattern` wherever a pattern's methods and `pattern` are used. It is not one
(`isinstance`, `re.sub(obj, ...)`): a site that needs the real object calls `compiled()`.
"""

from __future__ import annotations

import re
from typing import Any, AnyStr, cast

_FORWARDED = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner",
              "flags", "groups", "groupindex")
"""What a first use copies from the compiled pattern onto the stand-in (everything but `pattern`,
which the stand-in holds from the start so that building one pattern from others compiles none)."""


class LazyPattern:
    """A pattern and its flags, compiled on first use (see the module's docstring)."""

    def __init__(self, pattern: str | bytes, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags

    def compiled(self) -> re.Pattern[Any]:
        """The compiled pattern (compiled now if it was not yet: `re` caches it either way)."""
        return re.compile(self.pattern, self._flags)

    def __getattr__(self, name: str) -> Any:
        """Only reached while the pattern is not compiled (afterwards the names are instance
        attributes): compile, keep the bound methods, answer."""
        if name.startswith("__") or name not in _FORWARDED:
            raise AttributeError(name)
        compiled = self.compiled()
        for forwarded in _FORWARDED:
            self.__dict__[forwarded] = getattr(compiled, forwarded)
        return self.__dict__[name]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what makes it (a rule's pattern can travel to a pool worker), never as
        the bound methods a first use left on it."""
        return (LazyPattern, (self.pattern, self._flags))

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r}, {self._flags})"


def compile(pattern: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:  # noqa: A001 - mirrors re.compile
    """`re.compile`, deferred to the first use (typed as the pattern it stands in for)."""
    return cast("re.Pattern[AnyStr]", LazyPattern(pattern, int(flags)))
