"""SL004 binary-file: A text artefact holds NUL bytes (a binary file)."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL004",
    name="binary-file",
    summary="A text artefact holds NUL bytes (a binary file)",
    severity=Severity.ERROR,
    check=input_problems("SL004"),
    scope="input",
)
