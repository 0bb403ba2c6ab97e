"""SL001 file-unreadable: A file or folder cannot be read (permission denied, I/O error, broken symlink)."""

from skilllint.model import Severity
from skilllint.registry import Rule, input_problems

RULE = Rule(
    code="SL001",
    name="file-unreadable",
    summary="A file or folder cannot be read (permission denied, I/O error, broken symlink)",
    severity=Severity.ERROR,
    check=input_problems("SL001"),
    scope="input",
)
