"""SL207 tool-name-api-incompatible: a tool name or alias the target's model API rejects.

OpenAI and Anthropic accept only `^[a-zA-Z0-9_-]{1,64}$` (Anthropic up to 128): a
dot-namespaced `file.read`, which MCP and Gemini allow, makes the whole request fail on them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._collisions import manifest_claims, manifests_for
from skilllint.model import Severity
from skilllint.rule import Finding, ProjectContext, ProjectRule


def _suggest(name: str) -> str:
    fixed = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "tool"
    if not re.match(r"[A-Za-z_]", fixed):
        fixed = "_" + fixed
    return fixed[:63]


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    target = ctx.target
    try:
        pattern = re.compile(target.name_pattern)
    except re.error:
        return
    for manifest in manifests_for(project, target):
        for claim in manifest_claims(manifest):
            if claim.location is None or pattern.fullmatch(claim.text):
                continue
            what = "tool name" if claim.role == "name" else "alias"
            if target.tools is None:
                message = f"{what} `{claim.text}` is not portable: OpenAI and Anthropic reject it " \
                          f"(`{target.name_pattern}`)"
            else:
                message = f"{what} `{claim.text}` is rejected by the model API of {target.id} (`{target.name_pattern}`)"
            yield Finding(claim.location, message, f"use a name like `{_suggest(claim.text)}`")


RULE = ProjectRule(
    code="SL207",
    name="tool-name-api-incompatible",
    summary="A manifest tool name or alias that the target's model API rejects (`file.read` on OpenAI)",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
)
