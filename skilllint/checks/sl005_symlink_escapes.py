"""SL005 symlink-escapes: A symlink resolves outside the linted root or loops; it is not followed."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL005",
    name="symlink-escapes",
    summary="A symlink resolves outside the linted root or loops; it is not followed",
    severity=Severity.WARNING,
    check=input_problems("SL005"),
    scope="input",
)
