"""SL410 tool-name-collision: two tools whose names are equal after normalisation.

`read-file`, `Read_File` and `read.file` are one name to a model and to registries that
normalise (trim, case, `-`/`_`/`.`): one tool shadows the other, or the model calls the
wrong one. Checked within and across the manifests loaded into each target.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from skilllint.checks._collisions import claim_scopes, groups, tool_key
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule
from skilllint.core.model import Severity
from skilllint.core.readfacts import Location


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    seen: set[Location] = set()
    for _, claims in claim_scopes(project):
        names = [c for c in claims if c.role == "name"]
        for group in groups(names, lambda c: tool_key(c.text)):
            if all(c.location is None for c in group):
                continue  # a built-in table's own business
            # what every member's message is made of, counted once per group: thousands of tools of one
            # name were compared each with all the others (8,000 took 30 s)
            spellings = Counter((c.text, c.origin) for c in group)
            same = len({text for text, _ in spellings}) == 1
            builtin = next((c.origin for c in group if c.location is None), None)
            for claim in group:
                if claim.location is None or claim.location in seen:
                    continue
                seen.add(claim.location)
                others = sorted({f"`{text}`" + (f" ({origin})" if origin != claim.origin else "")
                                 for (text, origin), count in spellings.items()
                                 if (text, origin) != (claim.text, claim.origin) or count > 1})
                how = "is defined twice" if same else "collides with " + ", ".join(others)
                if same and builtin is not None:
                    how = f"is already a tool of {builtin}"
                yield Finding(claim.location, f"tool name `{claim.text}` {how}",
                              "rename one of the tools" if same else
                              "names equal up to case, `-`, `_` or `.` are one name to models and registries")


RULE = ProjectRule(
    code="SL410",
    name="tool-name-collision",
    summary="Two tools whose names are equal, or equal after trimming, case and `-`/`_`/`.` folding",
    severity=Severity.ERROR,
    check=check,
)
