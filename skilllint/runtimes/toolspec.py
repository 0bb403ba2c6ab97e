"""One reading of a tool entry: `Read`, `Bash(git:*)`, `mcp__server__tool`, `Bash(git status:*)`.

`parse_tool_entry` is the only place that looks at the parentheses of a tool entry or reference.
`toollist` (the entries of a frontmatter tool field, judged by SL130) and `resolve` (what a
reference means on a runtime, its `specifier_problem` judged by SL205 and shown by
`skilllint resolve`) both read its result. It knows nothing of runtimes: whether `Bash` takes a
specifier, or whether `mcp__s__t` is an MCP name, is `resolve`'s business.

One scan gives the facts (where the first `(` is, the `)` closing it, the first `)` with nothing
open), and two judgements are made of them, because the two callers ask different questions:

- `problem`, for an entry of a tool list: is it written as exactly `Tool` or `Tool(specifier)`?
  Any `)` with nothing open, anywhere, is wrong, and the specifier runs to the last character.
- `rule_problem`, for a reference read as a permission rule: the tool is what comes before the
  first `(`, the specifier what that `(` encloses, and the first thing wrong on that reading is
  said. A `)` before the first `(` belongs to the name (`a)b(c)` is tool `a)b`).

They differ on a few shapes no valid entry has: `a)b(c)` and `(x)` are `problem`s but no
`rule_problem`; `Bash(a)(b)` is a `rule_problem` (text after the closing parenthesis) but no
`problem`. The wording differs too (SL130 prefixes the field, SL205 stands alone). Both are kept
as they were when the two parsers were merged, so every message is unchanged.
"""

from __future__ import annotations

from typing import NamedTuple

from skilllint.core import lazyre

__all__ = ["ToolSpec", "parse_tool_entry"]

_PARENS = lazyre.compile(r"[()]")


class ToolSpec(NamedTuple):
    """A tool entry taken apart. Offsets index `raw`; None where there is no such parenthesis.

    `name` is the tool part (stripped) and `specifier` the text inside the first parentheses,
    as written (None without a `(`); for an entry with a `problem` they are a best reading, which
    `resolve` still uses to name the tool. `problem` and `rule_problem` are explained in the
    module docstring.
    """

    raw: str  # the entry as written, stripped of surrounding whitespace
    name: str
    specifier: str | None
    problem: str | None  # as an entry of a tool list (SL130)
    rule_problem: str | None  # as a permission rule (resolve's `specifier_problem`, SL205)
    open_at: int | None  # the first `(`
    close_at: int | None  # the `)` closing the first `(`


def parse_tool_entry(text: str) -> ToolSpec:
    """Take one tool entry or reference apart. Never raises; linear in `len(text)`.

    Only the parentheses are visited (a regex finds them), so a field of 60,000 entries, or one
    entry of a megabyte, costs one C-level search each.
    """
    raw = text.strip()
    if "(" not in raw and ")" not in raw:  # the usual case: a bare name
        return ToolSpec(raw, raw, None, None if raw else "empty entry", None, None, None)
    depth = 0
    base = 0  # the depth just before the first `(`: its `)` brings the depth back to it
    open_at: int | None = None
    close_at: int | None = None
    stray_at: int | None = None  # the first `)` with nothing open
    for match in _PARENS.finditer(raw):
        at = match.start()
        if raw[at] == "(":
            if open_at is None:
                open_at, base = at, depth
            depth += 1
            continue
        depth -= 1
        if depth < 0 and stray_at is None:
            stray_at = at
        if open_at is not None and close_at is None and depth == base:
            close_at = at
    problem = _entry_problem(raw, open_at, stray_at, depth)
    if open_at is None:  # only `)`: the name is what comes before the first one
        assert stray_at is not None
        return ToolSpec(raw, raw[:stray_at].strip(), None, problem, f"unbalanced parentheses in `{raw}`", None, None)
    name = raw[:open_at].strip()
    specifier = raw[open_at + 1 : close_at] if close_at is not None else raw[open_at + 1 :]
    return ToolSpec(raw, name, specifier, problem, _rule_problem(raw, name, specifier, close_at), open_at, close_at)


def _rule_problem(raw: str, name: str, specifier: str, close_at: int | None) -> str | None:
    """What is wrong with `raw`, which has a `(`, read as a permission rule, or None."""
    if close_at is None:
        return f"unbalanced parentheses in `{raw}`: a `(` is never closed"
    if close_at != len(raw) - 1:
        return f"unexpected text after the closing parenthesis in `{raw}`"
    if not specifier.strip():
        return f"`{name}()` has an empty specifier: write `{name}` alone to allow every use"
    return None


def _entry_problem(raw: str, open_at: int | None, stray_at: int | None, depth: int) -> str | None:
    """What is wrong with `raw` as an entry of a tool list (which holds parentheses), or None."""
    if stray_at is not None:
        return f"`{raw}` closes a parenthesis it never opened"
    if depth > 0:
        return f"`{raw}` opens a parenthesis it never closes"
    if open_at == 0:
        return f"`{raw}` has a specifier but no tool name"
    if open_at is not None:
        if not raw.endswith(")"):
            return f"`{raw}` has text after the closing parenthesis"
        if not raw[open_at + 1 : -1].strip():
            return f"`{raw}` has an empty specifier: write `{raw[:open_at]}` to allow all uses"
    return None
