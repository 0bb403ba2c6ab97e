"""SL406 tool-alias-collision: an alias claimed by two tools, or equal to another tool's name.

A registry resolves an alias to one tool: the other claimant silently loses (or, like
SISU's registry, throws at start-up). Compared as the target compares names, across the
manifests loaded into one target and the target's own tools.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import Claim, as_target_compares, groups, manifest_claims, manifests_for
from skilllint.model import Severity
from skilllint.project import Project
from skilllint.registry import Finding, Rule


def _builtin_claims(target) -> list[Claim]:
    if target.tools is None:
        return []
    claims = []
    for tool in target.tools:
        claims.append(Claim(tool.name, "name", tool.name, None, target.id))
        claims.extend(Claim(a, "alias", tool.name, None, target.id) for a in tool.aliases)
        claims.extend(Claim(a, "deprecated-alias", tool.name, None, target.id) for a in tool.deprecated_aliases)
    return claims


def check(project: Project, target=None, ctx=None) -> Iterator[Finding]:
    manifests = manifests_for(project, target)
    if not manifests:
        return
    own = project.target_manifests.get(target.id, [])
    claims = [c for m in manifests for c in manifest_claims(m)]
    if own:  # manifests loaded into this target also meet its built-in tools
        loaded = {m.path for m in own}
        claims += [c for c in _builtin_claims(target) if c.tool not in {x.tool for x in claims if x.origin in loaded}]
    reported: set[tuple] = set()
    for group in groups(claims, lambda c: as_target_compares(c.text, target)):
        tools = {c.tool for c in group}
        if len(tools) < 2 or all(c.role == "name" for c in group):
            continue  # one tool, or names only (SL410's)
        for claim in group:
            if claim.location is None or claim.role == "name" and not any(c.role != "name" for c in group):
                continue
            rivals = sorted({c.tool for c in group if c.tool != claim.tool})
            key = (claim.location, claim.text)
            if key in reported:
                continue
            reported.add(key)
            rival = ", ".join(f"`{r}`" for r in rivals)
            if claim.role == "name":
                message = f"tool name `{claim.text}` is also claimed as an alias by {rival}"
            else:
                message = f"alias `{claim.text}` of `{claim.tool}` is also claimed by {rival}"
            elsewhere = sorted({c.origin for c in group if c.origin != claim.origin})
            where = f" (in {', '.join(elsewhere)})" if elsewhere else ""
            yield Finding(claim.location, message + where, "give each alias to one tool only")


RULE = Rule(
    code="SL406",
    name="tool-alias-collision",
    summary="An alias claimed by two tools, or equal to another tool's name, in a manifest or target",
    severity=Severity.ERROR,
    check=check,
    scope="project",
    per_target=True,
)
