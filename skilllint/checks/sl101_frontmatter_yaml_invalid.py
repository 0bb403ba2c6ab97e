"""SL101 frontmatter-yaml-invalid: The frontmatter is not valid YAML, is not a mapping, or is an alias bomb."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL101",
    name="frontmatter-yaml-invalid",
    summary="The frontmatter is not valid YAML, is not a mapping, or is an alias bomb",
    severity=Severity.ERROR,
    check=input_problems("SL101"),
    scope="input",
)
