"""SL000 internal-error: skilllint itself failed on this file (a bug, or a file past its time budget).

The engine reports it (skilllint/engine/faults.py), not a check: a rule that raises, reading that
raises, a worker process that dies and a file that exhausts its time budget each become
SL000 on the file they happened in. The run goes on with every other file and rule, and
exits 2 at the end so CI notices. This module gives the code its place in the catalog.
"""

from collections.abc import Iterable

from skilllint.checks.rule import Finding, InputContext, InputRule
from skilllint.core.model import Severity


def check(ctx: InputContext) -> Iterable[Finding]:
    """Nothing to judge in the facts: the engine reports its own failures under this code."""
    return ()

RULE = InputRule(
    code="SL000",
    name="internal-error",
    summary="skilllint itself failed on this file: its other findings may be missing; the run exits 2",
    severity=Severity.ERROR,
    check=check,
    unchecked=True,
)
