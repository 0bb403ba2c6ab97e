"""SL100 frontmatter-missing: SKILL.md has no opening or no closing `---` frontmatter fence."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL100",
    name="frontmatter-missing",
    summary="SKILL.md has no opening or no closing `---` frontmatter fence",
    severity=Severity.ERROR,
    check=input_problems("SL100"),
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
    scope="input",
)
