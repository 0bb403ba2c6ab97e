"""SL103 frontmatter-encoding: A UTF-8 byte-order mark or CRLF line endings that strict loaders reject."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

HELP = {
    Fact.BOM: 'remove the BOM: skills-ref and other strict loaders then see no frontmatter',
    Fact.CRLF: "use LF line endings: strict loaders (quick_validate.py) fail on `---\\r\\n`",
}

RULE = InputRule(
    code="SL103",
    name="frontmatter-encoding",
    summary="A UTF-8 byte-order mark or CRLF line endings that strict loaders reject",
    severity=Severity.WARNING,
    per_target=True,  # runtimes differ (severities in skilllint/runtimes/*.yaml)
    check=report_facts(Fact.BOM, Fact.CRLF, help_for=HELP),
)
