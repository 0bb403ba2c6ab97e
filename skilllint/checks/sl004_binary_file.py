"""SL004 binary-file: A text artefact holds NUL bytes (a binary file)."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

HELP = {
    Fact.UTF16: 'save it as UTF-8',
    Fact.NUL_BYTE: 'a SKILL.md or manifest must be UTF-8 text',
}

RULE = InputRule(
    code="SL004",
    name="binary-file",
    summary="A text artefact holds NUL bytes (a binary file)",
    severity=Severity.ERROR,
    check=report_facts(Fact.UTF16, Fact.NUL_BYTE, help_for=HELP),
    unchecked=True,
)
