"""SL005 symlink-escapes: A symlink resolves outside the linted root or loops; it is not followed."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

HELP = {
    Fact.SYMLINK_OUTSIDE: 'copy the file into the skill, or lint the folder it points to',
}

RULE = InputRule(
    code="SL005",
    name="symlink-escapes",
    summary="A symlink resolves outside the linted root or loops; it is not followed",
    severity=Severity.WARNING,
    check=report_facts(Fact.SYMLINK_LOOP, Fact.SYMLINK_OUTSIDE, help_for=HELP),
)
