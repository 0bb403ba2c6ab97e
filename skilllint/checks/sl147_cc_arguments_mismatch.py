"""SL147 cc-arguments-mismatch: body placeholders that disagree with `arguments`.

Claude Code substitutes a skill's arguments into its body (https://code.claude.com/docs/en/skills,
"Pass arguments to skills"): `$ARGUMENTS` (all of them), `$ARGUMENTS[N]` and `$N` (one, from 0),
and `$name` for each name the `arguments` field declares. Three ways this goes quietly wrong:

- a declared argument the body never uses: the value the user types reaches the model only
  inside `$ARGUMENTS`, under no name (warning);
- a `$name` in the instructions that `arguments` does not declare, in a skill that declares
  named arguments: it stays the literal text `$name`, and the model reads a placeholder where
  the author meant a value (warning);
- `$ARGUMENTS` used with neither `argument-hint` nor `arguments`: the slash-command menu shows
  no hint of what to type (info; the catalog's "`$ARGUMENTS[N]` used but no `argument-hint`").

What stays quiet, preferring silence to noise: `$word` in fenced code (a shell variable) and in
inline code unless it is one edit from a declared name; `$0`/`$1` (prices in prose, shell
parameters in code); upper-case `$NAMES` (environment variables); `$ARGUMENTS` in code blocks
and headings, or in a body that explains `argument-hint` (a skill about writing commands).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.core.suggest import closest

DIALECT = "claude-code"
_ALL_ARGUMENTS = lazyre.compile(r"\$ARGUMENTS\b")
_LOWER_PLACEHOLDER = lazyre.compile(r"(?<![\w$\\])\$([a-z][a-z0-9_]*)(?![\w\[(])")


def declared_arguments(value: object) -> list[str]:
    """The names `arguments` declares: a space-separated string or a YAML list."""
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list):
        return [item.strip() for item in value if isinstance(item, str) and item.strip()]
    return []


def _uses(body: str, name: str) -> bool:
    """Whether Claude Code would substitute `$name` somewhere in `body` (not `$names`, `$name[0]`)."""
    return re.search(rf"\${re.escape(name)}(?![\w\[])", body) is not None


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter or {}
    if ctx.target.dialect != DIALECT or not frontmatter:
        return
    names = declared_arguments(frontmatter.get("arguments"))
    if names:
        yield from _unused(ctx, names)
        yield from _undeclared(ctx, names)
    elif "argument-hint" not in frontmatter and "arguments" not in frontmatter:
        yield from _no_hint(ctx)


def _unused(ctx: SkillContext, names: list[str]) -> Iterator[Finding]:
    doc = ctx.doc
    start = 0
    for name in names:
        location, start = doc.locate_within(("arguments",), name, start)
        if _uses(doc.body, name):
            continue
        yield Finding(
            location,
            f"argument `{name}` is declared, but the body never uses `${name}`: the value reaches the model "
            "only inside `$ARGUMENTS`, under no name",
            f"write `${name}` where the instructions need the value, or remove `{name}` from `arguments`",
        )


def _undeclared(ctx: SkillContext, names: list[str]) -> Iterator[Finding]:
    doc = ctx.doc
    code_spans: dict[int, list[tuple[int, int]]] = {}
    for span in doc.markdown.code_spans:
        if span.line == span.end_line:
            code_spans.setdefault(span.line, []).append((span.column, span.end_column))
    reported: set[str] = set()
    for index, text in enumerate(doc.body.split("\n")):
        line = doc.body_line + index
        if "$" not in text or doc.in_fence(line):
            continue
        for match in _LOWER_PLACEHOLDER.finditer(text):
            word = match.group(1)
            if word in names or word in reported:
                continue
            column = match.start() + 1
            in_code = any(low <= column < high for low, high in code_spans.get(line, ()))
            near = closest(word, names, cutoff=75, scorer="ratio")
            if in_code and near is None:
                continue  # `git checkout $branch`: a shell variable as likely as a placeholder
            reported.add(word)
            listed = ", ".join(f"`${n}`" for n in names)
            yield Finding(
                Location(doc.path, Span.on_line(line, column, len(word) + 1)),
                f"`${word}` is not a declared argument, so Claude Code leaves it as the text `${word}` "
                f"(`arguments` declares {listed})",
                f"did you mean `${near}`?" if near else f"add `{word}` to `arguments`, or write the value in words",
            )


_UNUSED = lazyre.compile(r"`?\s*\(?\s*(?:unused|ignored|not used|none expected|no arguments)\b", re.I)


def _no_hint(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    if "argument-hint" in doc.body:
        return  # the body explains the field: a skill about writing commands, not one taking arguments
    for index, text in enumerate(doc.body.split("\n")):
        match = _ALL_ARGUMENTS.search(text)
        line = doc.body_line + index
        if match is None or doc.in_fence(line) or text.lstrip().startswith("#"):
            continue  # in a code block or a heading it is more often the syntax explained than used
        if _UNUSED.match(text, match.end()):
            continue  # "Arguments passed: `$ARGUMENTS` (unused ...)": the skill takes none, nothing to hint
        length = text.find("]", match.end()) + 1 - match.start() if text[match.end():match.end() + 1] == "[" \
            else len(match.group(0))
        yield Finding(
            Location(doc.path, Span.on_line(line, match.start() + 1, max(length, len(match.group(0))))),
            "the body uses `$ARGUMENTS`, but there is no `argument-hint`: the slash-command menu shows nothing "
            "about what to type after the command",
            "add `argument-hint:` with the expected arguments, e.g. `argument-hint: \"[issue-number] [branch]\"` "
            "(quoted: unquoted, YAML reads a list)",
            severity=Severity.INFO,
        )
        return  # one per skill: the hint is missing once


RULE = SkillRule(
    code="SL147",
    name="cc-arguments-mismatch",
    summary="Body placeholders that disagree with `arguments`, or `$ARGUMENTS` without `argument-hint`",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
