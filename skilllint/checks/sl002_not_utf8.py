"""SL002 not-utf8: A SKILL.md or manifest is not valid UTF-8; the byte offset is given."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

HELP = {
    Fact.UNDECODABLE: 'save the file as UTF-8',
}

RULE = InputRule(
    code="SL002",
    name="not-utf8",
    summary="A SKILL.md or manifest is not valid UTF-8; the byte offset is given",
    severity=Severity.ERROR,
    check=report_facts(Fact.UNDECODABLE, help_for=HELP),
    unchecked=True,
)
