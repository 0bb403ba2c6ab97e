"""Gitignore-flavoured glob matching for `exclude` and `per-file-ignores`.

`fnmatch` lets `*` cross `/`, and `PurePath.full_match` needs Python 3.13, so patterns are
compiled here: `**` spans folders, `*`, `?` and `[...]` stay within one, and a pattern without
`/` matches a name at any depth. The config validates every glob with `compile_glob` too, so a
glob that passed validation is one that matching can use.

Several wildcards in a row of a pattern (`*a*b*c`) let a backtracking regex try every way of
splitting a name between them: 8 of them took 6 s on a 41-character name. Where the text
between two wildcards has a fixed length and the wildcard after it can absorb whatever an
earlier match of it skips, its leftmost match is as good as any, so that part is compiled as
an atomic group (`(?>[^/]*?a)`, as `fnmatch` does) and matching stays about linear.
"""

from __future__ import annotations

import re
import warnings
from functools import cache

from skilllint.core import lazyre

_CLASS_SPECIALS = str.maketrans({c: "\\" + c for c in "\\[&~|"})
"""Characters that are plain inside a glob's `[...]` but special (or reserved) in a regex set."""

_STAR_RUN = lazyre.compile(r"\*{3,}")
MAX_WILDCARDS = 8

# Token kinds: a character that is never `/` (a literal, `?`, `[...]`), a literal `/`, an
# alternation (`{a,bc}`, of any length), and the three wildcards.
_CHAR, _SLASH, _ALT = "char", "slash", "alt"
_STAR, _DSTAR, _DSLASH = "star", "dstar", "dslash"  # `*`, `**`, `**/`
_WILDCARDS = {_STAR: "[^/]*", _DSTAR: ".*", _DSLASH: "(?:.*/)?"}
_LAZY = {_STAR: "[^/]*?", _DSTAR: ".*?", _DSLASH: "(?:.*?/)??"}


class GlobError(ValueError):
    """A glob that cannot be compiled: the message says what is wrong with it."""


@cache
def compile_glob(pattern: str) -> re.Pattern[str]:
    """The regex of one glob; raises GlobError (an unclosed `[` or `{`, a bad range like `[z-a]`)."""
    pattern = pattern.strip().replace("\\", "/")
    anchored = "/" in pattern.rstrip("/")
    pattern = _STAR_RUN.sub("**", pattern.strip("/"))
    while pattern.startswith("./"):  # `./build` is `build` at the top, as `/build` is
        pattern = pattern[2:]
    if pattern.count("*") - pattern.count("**") > MAX_WILDCARDS:
        raise GlobError(f"more than {MAX_WILDCARDS} `*` wildcards: matching it could take very long")
    body = _emit(_tokens(pattern))
    prefix = "" if anchored else "(?:.*/)?"
    return re.compile(f"^{prefix}{body}(?:/.*)?$")


def _tokens(pattern: str) -> list[tuple[str, str]]:
    """(kind, regex) of each part of the glob, adjacent wildcards merged into one."""
    out: list[tuple[str, str]] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**/", index):
            _wildcard(out, _DSLASH)
            index += 3
            continue
        if pattern.startswith("**", index):
            _wildcard(out, _DSTAR)
            index += 2
            continue
        if char == "*":
            _wildcard(out, _STAR)
        elif char == "?":
            out.append((_CHAR, "[^/]"))
        elif char == "[":
            end = pattern.find("]", index + 1)
            if end < 0:
                raise GlobError("`[` is never closed with `]`")
            out.append((_CHAR, _char_class(pattern[index + 1 : end])))
            index = end
        elif char == "{":
            end = pattern.find("}", index)
            if end < 0:
                raise GlobError("`{` is never closed with `}`")
            options = pattern[index + 1 : end].split(",")
            out.append((_ALT, "(?:" + "|".join(re.escape(o) for o in options) + ")"))
            index = end
        else:
            out.append((_SLASH if char == "/" else _CHAR, re.escape(char)))
        index += 1
    return out


def _wildcard(out: list[tuple[str, str]], kind: str) -> None:
    """Append a wildcard, merged with a `**/` right before it (`**/**/` is `**/`, `**/**` is
    `**`): adjacent wildcards make the regex try every split between them. Runs of `*` are
    already one `**`, so no other wildcard can come right after a wildcard."""
    merged = _MERGED.get((out[-1][0], kind)) if out else None
    if merged is not None:
        out[-1] = (merged, _WILDCARDS[merged])
    else:
        out.append((kind, _WILDCARDS[kind]))


_MERGED = {(_DSLASH, _DSLASH): _DSLASH, (_DSLASH, _DSTAR): _DSTAR}


def _emit(tokens: list[tuple[str, str]]) -> str:
    """The regex of the tokens: the text after a wildcard as an atomic group where that is safe."""
    parts: list[str] = []
    index = 0
    while index < len(tokens):
        kind, regex = tokens[index]
        if kind not in _WILDCARDS:
            parts.append(regex)
            index += 1
            continue
        after = index + 1
        while after < len(tokens) and tokens[after][0] not in _WILDCARDS:
            after += 1
        chunk = tokens[index + 1 : after]
        following = tokens[after][0] if after < len(tokens) else None
        text = "".join(r for _, r in chunk)
        if following is not None and chunk and _leftmost_is_enough(kind, [k for k, _ in chunk], following):
            parts.append(f"(?>{_LAZY[kind]}{text})")
        else:
            parts.append(regex + text)
        index = after
    return "".join(parts)


def _leftmost_is_enough(before: str, chunk: list[str], after: str) -> bool:
    """Whether the leftmost match of a fixed-length `chunk` between two wildcards is as good as
    any later one: the wildcard after it must be able to take what the later match skips."""
    if _ALT in chunk:
        return False  # options of different lengths: an earlier match may end later
    if after == _DSTAR:
        return True
    if after == _STAR:
        return before == _STAR and _SLASH not in chunk  # what is skipped holds no `/`
    return chunk[-1] == _SLASH  # `**/`: what is skipped ends with `/`


def _char_class(content: str) -> str:
    """The regex set of a glob's `[content]`: `!` negates, `a-z` is a range that must go up; as
    in git, it never matches `/`."""
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
    return "(?!/)" + regex


def matches(path: str, patterns: tuple[str, ...] | list[str]) -> bool:
    """True when the POSIX `path` (or one of its parent folders) matches a pattern."""
    if path.startswith("./") and len(path) > 2:
        path = path[2:]  # "./a" is "a"; "./" itself is the folder ".", which a pattern "." names
    return any(compile_glob(p).match(path) for p in patterns)
