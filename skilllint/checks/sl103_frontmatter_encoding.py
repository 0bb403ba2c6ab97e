"""SL103 frontmatter-encoding: A UTF-8 byte-order mark or CRLF line endings that strict loaders reject."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL103",
    name="frontmatter-encoding",
    summary="A UTF-8 byte-order mark or CRLF line endings that strict loaders reject",
    severity=Severity.WARNING,
    check=input_problems("SL103"),
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
    scope="input",
)
