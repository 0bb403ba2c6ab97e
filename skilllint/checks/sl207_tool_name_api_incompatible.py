"""SL207 tool-name-api-incompatible: a tool name or alias the target's model API rejects.

OpenAI and Anthropic accept only `^[a-zA-Z0-9_-]{1,64}$` (Anthropic up to 128): a
dot-namespaced `file.read`, which MCP and Gemini allow, makes the whole request fail on them.
In a manifest, the tool is named so; in a skill's tool list (`allowed-tools`, `metadata.yaml`'s
`tools`, a subagent's `tools`), a name the target lacks and its API rejects is no typo of one
of its tools but a name that no tool of the runtime can have: this rule says so (SL200 does not
repeat it), with the runtime's tool of the same use when there is one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._collisions import manifest_claims, manifests_for
from skilllint.checks._tools import api_rejected, declared_tools, did_you_mean, name_matcher
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule, SkillContext
from skilllint.core.model import Severity
from skilllint.reading.document import DOCUMENT_KINDS
from skilllint.runtimes.targets import Target


def _suggest(name: str) -> str:
    fixed = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "tool"
    if not re.match(r"[A-Za-z_]", fixed):
        fixed = "_" + fixed
    return fixed[:63]


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    target = ctx.target
    matches = name_matcher(target.name_pattern)
    if matches is None:
        return
    for manifest in manifests_for(project, target):
        for claim in manifest_claims(manifest):
            if claim.location is None or matches(claim.text):
                continue
            what = "tool name" if claim.role == "name" else "alias"
            yield Finding(claim.location, _rejected(what, claim.text, target),
                          f"use a name like `{_suggest(claim.text)}`")


def _rejected(what: str, name: str, target: Target) -> str:
    if target.tools is None:
        return f"{what} `{name}` is not portable: OpenAI and Anthropic reject it (`{target.name_pattern}`)"
    return f"{what} `{name}` is rejected by the model API of {target.id} (`{target.name_pattern}`)"


def check_document(ctx: SkillContext) -> Iterator[Finding]:
    """A tool a skill, subagent or command lists under a name the target's model API rejects."""
    target = ctx.target
    for declared in declared_tools(ctx.doc, target):
        if not api_rejected(declared, target):
            continue
        name = declared.entry.text.split("(", 1)[0].strip()
        if target.tools is None:
            message = f"`{name}` can be no tool's name on OpenAI or Anthropic: their APIs reject it " \
                      f"(portable names match `{target.name_pattern}`)"
        else:
            message = f"`{name}` can be no tool of {target.id}: its model API rejects the name " \
                      f"(`{target.name_pattern}`)"
        yield Finding(declared.entry.location, message, did_you_mean(declared.resolution)
                      or f"name the runtime's tool for it, or a name like `{_suggest(name)}`")


RULE = ProjectRule(
    code="SL207",
    name="tool-name-api-incompatible",
    summary="A manifest tool name or alias that the target's model API rejects (`file.read` on OpenAI)",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    documents=DOCUMENT_KINDS,
    document_check=check_document,
)
