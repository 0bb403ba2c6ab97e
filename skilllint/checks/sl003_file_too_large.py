"""SL003 file-too-large: A SKILL.md or manifest is over the size limit (1 MiB by default) and is not parsed."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL003",
    name="file-too-large",
    summary="A SKILL.md or manifest is over the size limit (1 MiB by default) and is not parsed",
    severity=Severity.ERROR,
    check=input_problems("SL003"),
    scope="input",
)
