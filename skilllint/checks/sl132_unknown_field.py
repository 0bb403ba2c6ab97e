"""SL132 unknown-field: a frontmatter key that no known runtime reads.

skills-ref and the Claude API reject unknown keys (error); Claude Code accepts its own
extensions and keeps others (warning); OpenCode ignores them (info). The target's runtime
file sets the severity. The nearest known key is suggested (`allowed_tools`).

A key that some runtime's dialect defines (`argument-hint`, `tags`) is not unknown: it is an
extension the target does not read, which is SL133's finding, so one key never gets both.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._fields import SPEC_FIELDS, format_field, readers
from skilllint.model import Severity
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.schema import known_fields
from skilllint.suggest import closest
from skilllint.targets import Target

__all__ = ["RULE", "SPEC_FIELDS"]


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if not doc.frontmatter or target is None:
        return
    known = known_fields(target.dialect)
    read_by = readers()
    for key in doc.frontmatter:
        if key in known or key in SPEC_FIELDS or key in read_by:
            continue  # read by the target, by the spec, or by another runtime (SL133)
        if format_field(doc, key):
            continue  # a key of metadata.yaml's own format (its tools: resolved by the SL2xx rules)

        location = doc.locate((key,), key=True)
        yield Finding(location, f"unknown frontmatter field `{key}` for {target.id}", _help(key, known, target))


MEANT = {"tools": "`tools` is a subagent field: a skill lists its tools in `allowed-tools`"}
"""Keys of another file kind written in a skill, and what the author meant."""


def _help(key: str, known: tuple[str, ...], target: Target) -> str:
    if key in MEANT:
        return MEANT[key]
    normalised = key.lower().replace("_", "-")
    candidates = tuple(dict.fromkeys((*known, *SPEC_FIELDS, *readers())))
    match = next((k for k in candidates if k.replace("_", "-") == normalised), None)
    if match is None:
        match = closest(key, candidates, cutoff=75, scorer="ratio")
    if match:
        return f"did you mean `{match}`?"
    if target.dialect == "agentskills":
        return "the spec allows name, description, license, compatibility, metadata and allowed-tools; " \
               "put other data under `metadata`"
    return "remove it, or put it under `metadata`"


RULE = SkillRule(
    code="SL132",
    name="unknown-field",
    summary="A frontmatter key that no known runtime reads (a typo, a key of another file kind, data for `metadata`)",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    runtime_severity=lambda target: target.unknown_fields,  # the runtime file's `frontmatter.unknown_fields`
)
