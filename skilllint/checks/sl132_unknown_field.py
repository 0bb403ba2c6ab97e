"""SL132 unknown-field: a frontmatter key the target's dialect does not know.

skills-ref and the Claude API reject unknown keys (error); Claude Code accepts its own
extensions and keeps others (warning); OpenCode ignores them (info). The target's runtime
file sets the severity. The nearest known key is suggested (`allowed_tools`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from skilllint.model import Severity
from skilllint.readfacts import Location
from skilllint.rule import Finding, SkillContext, SkillRule
from skilllint.schema import known_fields
from skilllint.suggest import closest
from skilllint.targets import Target

SPEC_FIELDS = ("name", "description", "license", "compatibility", "metadata", "allowed-tools")
"""The Agent Skills spec's own fields: never "unknown" on any target (a runtime that drops one
is not a reason to remove it from a portable skill)."""


@cache
def readers() -> dict[str, tuple[str, ...]]:
    """Each non-spec field some runtime documents, and the runtimes whose dialect defines it."""
    from skilllint.targets import builtin_targets

    found: dict[str, list[str]] = {}
    dialects = sorted({t.dialect for t in builtin_targets().values() if t.dialect != "agentskills"})
    for dialect in dialects:
        for key in known_fields(dialect):
            if key not in SPEC_FIELDS:
                found.setdefault(key, []).append(dialect)
    return {key: tuple(owners) for key, owners in found.items()}


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    target = ctx.target
    if not doc.frontmatter or target is None:
        return
    known = known_fields(target.dialect)
    read_by = readers()
    for key in doc.frontmatter:
        if key in known or key in SPEC_FIELDS:
            continue
        owners = [owner for owner in read_by.get(key, ()) if owner != target.id]
        location = doc.locate((key,), key=True)
        if owners:
            yield _read_elsewhere(location, key, owners, target)
            continue
        yield Finding(location, f"unknown frontmatter field `{key}` for {target.id}", _help(key, known, target))


def _read_elsewhere(location: Location, key: str, owners: list[str], target: Target) -> Finding:
    """A field another runtime reads: never advise moving it (that would switch it off there)."""
    names = ", ".join(owners)
    if target.tools is None:  # the portable default: the author may just not have said where it runs
        return Finding(
            location,
            f"`{key}` is not a field of the Agent Skills spec; {names} {'reads' if len(owners) == 1 else 'read'} it",
            f"run with `--target {owners[0]}` if this skill is for {owners[0]}; other runtimes ignore it or reject it",
            Severity.WARNING,
        )
    return Finding(
        location,
        f"{target.id} does not read `{key}` (a field of {names})",
        f"keep it if the skill is also for {names}; {target.id} ignores it or rejects it",
    )


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
    summary="A frontmatter key the target runtime's dialect does not define",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    runtime_severity=lambda target: target.unknown_fields,  # the runtime file's `frontmatter.unknown_fields`
)
