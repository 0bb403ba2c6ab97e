"""SL100 frontmatter-missing: SKILL.md has no opening or no closing `---` frontmatter fence."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

_FENCES = "start SKILL.md with `---`, the YAML keys (`name`, `description`), then `---`"

HELP = {
    Fact.EMPTY_FILE: _FENCES,
    Fact.NO_OPENING_FENCE: _FENCES,
    Fact.UNCLOSED_FRONTMATTER: 'add a line `---` after the last frontmatter key',
}

RULE = InputRule(
    code="SL100",
    name="frontmatter-missing",
    summary="SKILL.md has no opening or no closing `---` frontmatter fence",
    severity=Severity.ERROR,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
    check=report_facts(Fact.EMPTY_FILE, Fact.NO_OPENING_FENCE, Fact.UNCLOSED_FRONTMATTER, help_for=HELP),
)
