"""SL500 skill-md-missing: A folder under a `skills/` folder has no SKILL.md."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

HELP = {
    Fact.SKILL_MD_MISSING: 'add a SKILL.md, or move the folder out of the skills folder',
}

RULE = InputRule(
    code="SL500",
    name="skill-md-missing",
    summary="A folder under a `skills/` folder has no SKILL.md",
    severity=Severity.ERROR,
    check=report_facts(Fact.SKILL_MD_MISSING, help_for=HELP),
)
