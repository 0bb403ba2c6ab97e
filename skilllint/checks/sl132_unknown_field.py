"""SL132 unknown-field: a frontmatter key the target's dialect does not know.

skills-ref and the Claude API reject unknown keys (error); Claude Code accepts its own
extensions and keeps others (warning); OpenCode ignores them (info). The target's runtime
file sets the severity. The nearest known key is suggested (`allowed_tools`).
"""

from __future__ import annotations

from collections.abc import Iterator

from rapidfuzz import fuzz, process

from skilllint.checks._helpers import locate
from skilllint.document import Document
from skilllint.model import Severity
from skilllint.registry import Finding, Rule
from skilllint.schema import known_fields


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    if not doc.frontmatter or target is None:
        return
    known = known_fields(target.dialect)
    where = target.id
    for key in doc.frontmatter:
        if key in known:
            continue
        normalised = key.lower().replace("_", "-")
        match = next((k for k in known if k.replace("_", "-") == normalised), None)
        if match is None:
            best = process.extractOne(key, known, scorer=fuzz.ratio, score_cutoff=75)
            match = best[0] if best else None
        help_text = f"did you mean `{match}`?" if match else _help(target.dialect)
        location = locate(doc, (key,), key=True)
        yield Finding(location, f"unknown frontmatter field `{key}` for {where}", help_text)


def _help(dialect: str) -> str:
    if dialect == "agentskills":
        return "the spec allows name, description, license, compatibility, metadata and allowed-tools; " \
               "put other data under `metadata`"
    return "remove it, or put it under `metadata`"


RULE = Rule(
    code="SL132",
    name="unknown-field",
    summary="A frontmatter key the target runtime's dialect does not define",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
