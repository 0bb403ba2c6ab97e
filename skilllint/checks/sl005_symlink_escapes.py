"""SL005 symlink-escapes: A symlink resolves outside the linted root or loops; it is not followed."""

from skilllint.model import Severity
from skilllint.readfacts import Fact
from skilllint.rule import InputRule, report_facts

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
