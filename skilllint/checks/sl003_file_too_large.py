"""SL003 file-too-large: A SKILL.md or manifest is over the size limit (1 MiB by default) and is not parsed."""

from skilllint.model import Severity
from skilllint.readfacts import Fact
from skilllint.rule import InputRule, report_facts

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
