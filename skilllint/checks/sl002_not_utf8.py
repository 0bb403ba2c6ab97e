"""SL002 not-utf8: A SKILL.md or manifest is not valid UTF-8; the byte offset is given."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL002",
    name="not-utf8",
    summary="A SKILL.md or manifest is not valid UTF-8; the byte offset is given",
    severity=Severity.ERROR,
    check=input_problems("SL002"),
    scope="input",
)
