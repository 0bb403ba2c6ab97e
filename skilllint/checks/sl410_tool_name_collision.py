"""SL410 tool-name-collision: two tools whose names are equal after normalisation.

`read-file`, `Read_File` and `read.file` are one name to a model and to registries that
normalise (trim, case, `-`/`_`/`.`): one tool shadows the other, or the model calls the
wrong one. Checked within and across the manifests loaded into each target.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._collisions import groups, manifest_claims, manifests_for, tool_key
from skilllint.model import Severity
from skilllint.project import Project
from skilllint.registry import Finding, Rule


def check(project: Project, target=None, ctx=None) -> Iterator[Finding]:
    seen: set = set()
    for target_ in project.targets:
        for group in _collisions(project, target_):
            for claim in group:
                if claim.location in seen:
                    continue
                seen.add(claim.location)
                others = sorted({f"`{c.text}`" + (f" ({c.origin})" if c.origin != claim.origin else "")
                                 for c in group if c is not claim})
                same = all(c.text == claim.text for c in group)
                how = "is defined twice" if same else "collides with " + ", ".join(others)
                yield Finding(claim.location, f"tool name `{claim.text}` {how}",
                              "rename one of the tools" if same else
                              "names equal up to case, `-`, `_` or `.` are one name to models and registries")


def _collisions(project: Project, target):
    names = [c for m in manifests_for(project, target) for c in manifest_claims(m) if c.role == "name"]
    return groups(names, lambda c: tool_key(c.text))


RULE = Rule(
    code="SL410",
    name="tool-name-collision",
    summary="Two tools whose names are equal, or equal after trimming, case and `-`/`_`/`.` folding",
    severity=Severity.ERROR,
    check=check,
    scope="project",
)
