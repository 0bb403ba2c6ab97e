"""SL902 unknown-code: a suppression comment naming a rule that does not exist.

A typo (`SL2OO`) suppresses nothing and the finding it was meant for stays; configs naming
unknown codes are refused outright (exit 2), comments are reported here.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks.registry import UnknownRuleError, find_rule
from skilllint.checks.rule import Finding, SuppressionContext, SuppressionRule
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location


def _look_alike_digits(selector: str) -> str:
    """`SL2OO` -> `SL200`, `SL13l` -> `SL131`: letters typed for digits in a code."""
    if selector[:2].upper() != "SL":
        return selector
    return "SL" + selector[2:].translate(str.maketrans("OoIl", "0011"))


def check(ctx: SuppressionContext) -> Iterator[Finding]:
    report = ctx.report
    for directive in report.directives:
        for selector in directive.unknown:
            try:
                find_rule(_look_alike_digits(selector))
                help_text = f"did you mean `{_look_alike_digits(selector)}`?"
            except UnknownRuleError as error:
                hint = error.suggestion
                help_text = f"did you mean `{hint}`?" if hint else "`skilllint rules` lists them"
            location = directive.location
            column = directive.selector_columns.get(selector)
            if column:
                location = Location(location.path, Span(location.span.line, column, location.span.line,
                                                        column + len(selector)))
            yield Finding(location, f"`{selector}` is not a skilllint rule code, name or prefix", help_text)


RULE = SuppressionRule(
    code="SL902",
    name="unknown-code",
    summary="A suppression comment names a rule code that does not exist",
    severity=Severity.ERROR,
    check=check,
)
