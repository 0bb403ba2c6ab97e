"""SL901 blanket-suppression: a disable comment without codes.

It silences every rule on its lines, including findings nobody has seen yet; name the
codes it is meant for.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SuppressionContext, SuppressionRule
from skilllint.core.model import Severity


def check(ctx: SuppressionContext) -> Iterator[Finding]:
    report = ctx.report
    for directive in report.directives:
        if directive.codes is None and directive.kind != "enable":
            used = ", ".join(f"`{c}`" for c in sorted(directive.used))
            help_text = f"name the codes: `skilllint-{directive.kind} {' '.join(sorted(directive.used))}`" if used \
                else "name the codes it is meant for, e.g. `skilllint-disable-next-line SL200`"
            yield Finding(directive.location, f"`skilllint-{directive.kind}` without codes suppresses every rule",
                          help_text)


RULE = SuppressionRule(
    code="SL901",
    name="blanket-suppression",
    summary="A skilllint-disable comment that names no codes",
    severity=Severity.WARNING,
    check=check,
)
