"""SL500 skill-md-missing: A folder under a `skills/` folder has no SKILL.md."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL500",
    name="skill-md-missing",
    summary="A folder under a `skills/` folder has no SKILL.md",
    severity=Severity.ERROR,
    check=input_problems("SL500"),
    scope="input",
)
