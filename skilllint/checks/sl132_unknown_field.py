"""SL132 unknown-field: a frontmatter key that no known runtime reads.

skills-ref and the Claude API reject unknown keys (error); Claude Code accepts its own
extensions and keeps others (warning); OpenCode ignores them (info). The target's runtime
file sets the severity. The nearest known key is suggested (`allowed_tools`).

A key that some runtime's dialect defines (`argument-hint`, `tags`) is not unknown: it is an
extension the target does not read, which is SL133's finding, so one key never gets both.

Fix: the key is renamed when exactly one known key is close to it (`allowed_tools`,
`descripton`), that key is not already written, and no other unknown key would take it too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from skilllint.checks._fields import SPEC_FIELDS, format_field, readers
from skilllint.checks._fixes import Budget, literal_start, own_node, text_edit, verified
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Fix, Severity
from skilllint.core.suggest import close_matches, closest
from skilllint.reading.document import AGENT, SKILL, Document
from skilllint.reading.schema import known_fields
from skilllint.runtimes.targets import Target

__all__ = ["RULE", "SPEC_FIELDS"]


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if not doc.frontmatter or target is None:
        return
    if doc.kind == AGENT:
        yield from _skill_fields_in_agent(doc)
        return
    known = known_fields(target.dialect)
    read_by = readers()
    # read by the target, by the spec, or by another runtime (SL133); a key of metadata.yaml's own
    # format (its tools: resolved by the SL2xx rules)
    unknown = [key for key in doc.frontmatter if key not in known and key not in SPEC_FIELDS and key not in read_by
               and not format_field(doc, key)]
    renames = _renames(doc, unknown, known)
    for key in unknown:
        location = doc.locate((key,), key=True)
        yield Finding(location, f"unknown frontmatter field `{key}` for {target.id}", _help(key, known, target),
                      fix=renames.get(key))


MEANT = {"tools": "`tools` is a subagent field: a skill lists its tools in `allowed-tools`"}
"""Keys of another file kind written in a skill, and what the author meant."""
AGENT_MEANT = {"allowed-tools": "`tools`"}
"""A skill's keys written in a subagent (`.claude/agents/*.md`), and the subagent's key for the same: a
subagent reads `tools` (code.claude.com/docs/en/sub-agents), so `allowed-tools` there grants nothing and
the agent gets every tool. Only these keys are judged on subagents: their other fields are SL150-SL155's."""


def _skill_fields_in_agent(doc: Document) -> Iterator[Finding]:
    for key, meant in AGENT_MEANT.items():
        if key in (doc.frontmatter or {}):
            yield Finding(doc.locate((key,), key=True),
                          f"`{key}` is a skill's field: a subagent does not read it, and its tools are not limited",
                          f"list the subagent's tools in {meant} (`tools: Bash, Read`): without it the subagent "
                          "gets every tool")


FIX_CUTOFF = 75
"""How like a known key an unknown one must be for the fix to rename it (as the help's suggestion)."""


def _renames(doc: Document, unknown: list[str], known: tuple[str, ...]) -> dict[str, Fix]:
    """The keys to rename, each to the one known key close to it, unless that key is written
    already or another unknown key would be renamed to it too."""
    written = doc.frontmatter or {}
    meant = {key: _only_match(key, _candidates(known)) for key in unknown}
    taken = [match for match in meant.values() if match is not None]
    fixes: dict[str, Fix] = {}
    budget = Budget(doc)
    for key, match in meant.items():
        if match is None or match in written or taken.count(match) > 1 or key in MEANT:
            continue
        fix = budget(_rename, doc, key, match)
        if fix is not None:
            fixes[key] = fix
    return fixes


def _only_match(key: str, candidates: tuple[str, ...]) -> str | None:
    """The one known key this one was meant to be: the same but for case and `_`/`-`, else the
    only key close enough; None when none or several are."""
    normalised = key.lower().replace("_", "-")
    same = [k for k in candidates if k.replace("_", "-") == normalised]
    if same:
        return same[0] if len(same) == 1 else None
    close = close_matches(key, candidates, cutoff=FIX_CUTOFF)
    return close[0] if len(close) == 1 else None


def _rename(doc: Document, key: str, new: str) -> Fix | None:
    """Write `new` over the key, keeping its quotes, its place and its value."""
    node = own_node(doc, (key,), key=True)
    start = None if node is None else literal_start(doc, node)
    if start is None:
        return None

    def expect(data: dict[str, Any]) -> dict[str, Any] | None:
        if key not in data or new in data:
            return None
        return {new if k == key else k: v for k, v in data.items()}

    return verified(doc, f"rename `{key}` to `{new}`", [text_edit(doc, start, start + len(key), new)], expect)


def _candidates(known: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*known, *SPEC_FIELDS, *readers())))


def _help(key: str, known: tuple[str, ...], target: Target) -> str:
    if key in MEANT:
        return MEANT[key]
    normalised = key.lower().replace("_", "-")
    candidates = _candidates(known)
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
    fixable=True,
    documents=(SKILL, AGENT),
)
