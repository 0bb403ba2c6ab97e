"""Gitignore-flavoured glob matching for `exclude` and `per-file-ignores`.

`fnmatch` lets `*` cross `/`, and `PurePath.full_match` needs Python 3.13, so patterns are
compiled here: `**` spans folders, `*` and `?` stay within one, and a pattern without `/`
matches a name at any depth. The config validates every glob with `compile_glob` too, so a
glob that passed validation is one that matching can use.
"""

from __future__ import annotations

import re
import warnings
from functools import cache

_CLASS_SPECIALS = str.maketrans({c: "\\" + c for c in "\\[&~|"})
"""Characters that are plain inside a glob's `[...]` but special (or reserved) in a regex set."""


class GlobError(ValueError):
    """A glob that cannot be compiled: the message says what is wrong with it."""


@cache
def compile_glob(pattern: str) -> re.Pattern[str]:
    """The regex of one glob; raises GlobError (an unclosed `[` or `{`, a bad range like `[z-a]`)."""
    pattern = pattern.strip().replace("\\", "/")
    anchored = "/" in pattern.rstrip("/")
    pattern = _STAR_RUN.sub("**", pattern.strip("/"))
    if pattern.count("*") - pattern.count("**") > MAX_WILDCARDS:
        raise GlobError(f"more than {MAX_WILDCARDS} `*` wildcards: matching it could take very long")
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
            continue
        if pattern.startswith("**", index):
            _star(out, ".*")
            index += 2
            continue
        if char == "*":
            _star(out, "[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", index + 1)
            if end < 0:
                raise GlobError("`[` is never closed with `]`")
            out.append(_char_class(pattern[index + 1 : end]))
            index = end
        elif char == "{":
            end = pattern.find("}", index)
            if end < 0:
                raise GlobError("`{` is never closed with `}`")
            options = pattern[index + 1 : end].split(",")
            out.append("(?:" + "|".join(re.escape(o) for o in options) + ")")
            index = end
        else:
            out.append(re.escape(char))
        index += 1
    body = "".join(out)
    prefix = "" if anchored else "(?:.*/)?"
    return re.compile(f"^{prefix}{body}(?:/.*)?$")


_STAR_RUN = re.compile(r"\*{3,}")
MAX_WILDCARDS = 8


def _star(out: list[str], token: str) -> None:
    """Append a wildcard, merged with a wildcard right before it: adjacent `.*` / `[^/]*` make
    the regex backtrack polynomially (`**********20` took seconds on a short path)."""
    if out and out[-1] in (".*", "[^/]*"):
        if token == ".*":
            out[-1] = ".*"
        return
    out.append(token)


def _char_class(content: str) -> str:
    """The regex set of a glob's `[content]`: `!` negates, `a-z` is a range that must go up."""
    body = content.translate(_CLASS_SPECIALS)
    if body.startswith("!"):
        body = "^" + body[1:]
    if body in ("", "^"):
        raise GlobError(f"`[{content}]` is an empty set")
    regex = f"[{body}]"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # Python warns about `--` sets it may read differently later
            re.compile(regex)
    except (re.error, FutureWarning) as error:
        raise GlobError(f"{getattr(error, 'msg', error)} in `[{content}]`") from None
    return regex


def matches(path: str, patterns: tuple[str, ...] | list[str]) -> bool:
    """True when the POSIX `path` (or one of its parent folders) matches a pattern."""
    path = path.removeprefix("./")
    return any(compile_glob(p).match(path) for p in patterns)
