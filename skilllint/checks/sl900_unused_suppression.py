"""SL900 unused-suppression: a disable comment that suppressed nothing.

Stale suppressions hide the next real finding on that line and tell readers a problem
exists where none does. Only codes whose rules ran this time are judged.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.rule import Finding, SuppressionContext, SuppressionRule
from skilllint.core.model import Severity


def check(ctx: SuppressionContext) -> Iterator[Finding]:
    report = ctx.report
    for directive in report.directives:
        if directive.kind == "enable":
            continue
        if directive.codes is None:
            if not directive.used:
                yield Finding(directive.location, f"`skilllint-{directive.kind}` without codes suppressed nothing",
                              "remove the comment")
            continue
        unused = sorted(c for c in directive.codes & report.selected if c not in directive.used)
        judged = directive.codes & report.selected
        if not judged or not unused:
            continue
        if len(unused) == len(judged):
            names = ", ".join(f"`{s}`" for s in directive.selectors if s not in directive.unknown)
            yield Finding(directive.location, f"suppression of {names} suppressed nothing", "remove the comment")
        else:
            names = ", ".join(f"`{c}`" for c in unused)
            yield Finding(directive.location, f"suppression of {names} suppressed nothing",
                          "remove those codes from the comment")


RULE = SuppressionRule(
    code="SL900",
    name="unused-suppression",
    summary="A skilllint-disable comment that suppressed nothing",
    severity=Severity.WARNING,
    check=check,
)
