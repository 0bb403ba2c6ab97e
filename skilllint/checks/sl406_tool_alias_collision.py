"""SL406 tool-alias-collision: an alias claimed by two tools, or equal to another tool's name.

A registry resolves an alias to one tool: the other claimant silently loses (or, like
SISU's registry, throws at start-up). Each manifest is checked on its own; manifests loaded
into one target (`tools_from`) are checked together with the target's own tools, compared as
that target compares names.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import Claim, as_target_compares, claim_scopes, groups
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule
from skilllint.core.model import Severity
from skilllint.core.readfacts import Location
from skilllint.runtimes.targets import Target


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    reported: set[tuple[Location, str]] = set()
    for scope_target, claims in claim_scopes(project):
        def key(claim: Claim, scope_target: Target | None = scope_target) -> str:
            return as_target_compares(claim.text, scope_target) if scope_target else claim.text

        for group in groups(claims, key):
            if len({c.tool for c in group}) < 2 or all(c.role == "name" for c in group):
                continue  # one tool, or only tool names (SL410's)
            names = {c.tool for c in group if c.role == "name"}
            for claim in group:
                if claim.location is None or claim.role == "name" or (claim.location, claim.text) in reported:
                    continue
                reported.add((claim.location, claim.text))
                rivals = sorted({c.tool for c in group if c.tool != claim.tool} - names)
                if names - {claim.tool}:
                    message = f"alias `{claim.text}` of `{claim.tool}` is the name of another tool"
                else:
                    message = f"alias `{claim.text}` of `{claim.tool}` is also claimed by " + ", ".join(
                        f"`{r}`" for r in rivals)
                elsewhere = sorted({c.origin for c in group if c.origin != claim.origin})
                where = f" (in {', '.join(elsewhere)})" if elsewhere else ""
                yield Finding(claim.location, message + where, "give each alias to one tool only")


RULE = ProjectRule(
    code="SL406",
    name="tool-alias-collision",
    summary="An alias claimed by two tools, or equal to another tool's name, in a manifest or target",
    severity=Severity.ERROR,
    check=check,
)
