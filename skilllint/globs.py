"""Gitignore-flavoured glob matching for `exclude` and `per-file-ignores`.

`fnmatch` lets `*` cross `/`, and `PurePath.full_match` needs Python 3.13, so patterns are
compiled here: `**` spans folders, `*` and `?` stay within one, and a pattern without `/`
matches a name at any depth.
"""

from __future__ import annotations

import re
from functools import cache


@cache
def compile_glob(pattern: str) -> re.Pattern[str]:
    pattern = pattern.strip().replace("\\", "/")
    anchored = "/" in pattern.rstrip("/")
    pattern = pattern.strip("/")
    out = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
            continue
        if pattern.startswith("**", index):
            out.append(".*")
            index += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", index)
            if end < 0:
                out.append(re.escape(char))
            else:
                out.append("[" + pattern[index + 1 : end].replace("!", "^", 1) + "]")
                index = end
        elif char == "{":
            end = pattern.find("}", index)
            if end < 0:
                out.append(re.escape(char))
            else:
                options = pattern[index + 1 : end].split(",")
                out.append("(?:" + "|".join(re.escape(o) for o in options) + ")")
                index = end
        else:
            out.append(re.escape(char))
        index += 1
    body = "".join(out)
    prefix = "" if anchored else "(?:.*/)?"
    return re.compile(f"^{prefix}{body}(?:/.*)?$")


def matches(path: str, patterns: tuple[str, ...] | list[str]) -> bool:
    """True when the POSIX `path` (or one of its parent folders) matches a pattern."""
    path = path.removeprefix("./")
    return any(compile_glob(p).match(path) for p in patterns)
