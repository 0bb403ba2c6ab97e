"""SL001 file-unreadable: A file or folder cannot be read (permission denied, I/O error, broken symlink)."""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

RULE = InputRule(
    code="SL001",
    name="file-unreadable",
    summary="A file or folder cannot be read (permission denied, I/O error, broken symlink)",
    severity=Severity.ERROR,
    check=report_facts(Fact.UNREADABLE, Fact.BROKEN_SYMLINK),
    unchecked=True,
)
