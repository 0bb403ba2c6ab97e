"""SL003 file-too-large: A SKILL.md or manifest is over the size limit (1 MiB by default) and is not parsed."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

HELP = {
    Fact.TOO_LARGE: 'split the file, or raise `max-file-size` in the config',
}

RULE = InputRule(
    code="SL003",
    name="file-too-large",
    summary="A SKILL.md or manifest is over the size limit (1 MiB by default) and is not parsed",
    severity=Severity.ERROR,
    check=report_facts(Fact.TOO_LARGE, help_for=HELP),
    unchecked=True,
)
