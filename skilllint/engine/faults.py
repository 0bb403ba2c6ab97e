"""When skilllint itself fails on a file: a finding on that file, never a lost run.

A bug in one rule, a pathological file that takes too long, a worker process that dies:
each becomes an SL000 diagnostic on the file it happened in, the run goes on with every
other file and rule, and the exit code is 2 at the end so CI notices. This module holds
the per-file time budget and the shape of those diagnostics.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from skilllint.core.model import Diagnostic, Severity, Span

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType

    # what `signal.signal` takes and returns: a function, SIG_DFL or SIG_IGN, or None (not set from Python)
    _Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None

FILE_BUDGET_SECONDS = 30.0
"""Soft limit per file, in CPU seconds of the process checking it: the checks stop and the file gets
SL000. Every check is linear, so an honest file under the size limit takes milliseconds (a 1 MB line of
88,000 tool names, seconds); this only catches our own bugs. CPU time, not wall time, so a loaded
machine or another `--jobs` cannot change the output: a file over budget is over it everywhere."""
WALL_FACTOR = 10.0
"""The same budget in wall-clock time, times this: a backstop for a check that waits without using
the CPU (a read that blocks), which the CPU timer never sees."""
HARD_LIMIT_SECONDS = 300.0
"""Per file, for the process pool: a worker still busy after this (wall time) is killed (a hang in C
code, where the soft budget's signals cannot interrupt)."""

INTERNAL_ERROR_CODE = "SL000"
INTERNAL_ERROR_NAME = "internal-error"
_REPORT = "its other findings may be missing; rerun with --debug and report it"


class BudgetExceeded(BaseException):  # noqa: N818 - not an error of the input, so not *Error
    """Raised inside the checks when a file's time budget runs out. A BaseException, so a
    rule's own `except Exception` cannot swallow it."""


class FileBudget:
    """A per-file time limit: BudgetExceeded is raised in this thread once a file's checks have used
    `seconds` of CPU (or ten times that of wall time, for a check that waits). The signal handlers are
    installed once (`install`, restored by `uninstall`), so each file costs four `setitimer` calls. A
    no-op where signals cannot be used (not the main thread, no setitimer), as when skilllint runs
    inside another program.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.usable = False
        self.previous: _Handler = None
        self.previous_cpu: _Handler = None

    def install(self) -> FileBudget:
        self.usable = (self.seconds > 0 and hasattr(signal, "setitimer") and hasattr(signal, "SIGPROF")
                       and threading.current_thread() is threading.main_thread())
        if self.usable:
            self.previous = signal.signal(signal.SIGALRM, _expire)
            self.previous_cpu = signal.signal(signal.SIGPROF, _expire)
        return self

    def uninstall(self) -> None:
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGALRM, self.previous)
            signal.signal(signal.SIGPROF, self.previous_cpu)
            self.usable = False

    def __enter__(self) -> FileBudget:
        return self.install()

    def __exit__(self, *_exc: object) -> None:
        self.uninstall()

    @contextmanager
    def file(self) -> Iterator[None]:
        """Time one file's checks."""
        if not self.usable:
            yield
            return
        signal.setitimer(signal.ITIMER_PROF, self.seconds)  # CPU time of the process: the budget
        signal.setitimer(signal.ITIMER_REAL, self.seconds * WALL_FACTOR)  # wall time: the backstop
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)


def _expire(_signum: int, _frame: FrameType | None) -> None:
    raise BudgetExceeded


@contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """One budget for one block (installs and restores the handler around it)."""
    with FileBudget(seconds) as budget, budget.file():
        yield


def fault(path: str, where: str, error: BaseException | None = None, *, reason: str = "",
          debug: bool = False, budget: float = FILE_BUDGET_SECONDS) -> Diagnostic:
    """The SL000 diagnostic for a failure `where` (a rule code, `reading`...) on `path`."""
    if isinstance(error, BudgetExceeded):
        detail = f"stopped after {budget:g} s in {where}"
    elif error is not None:
        detail = f"failed in {where}: {type(error).__name__}: {_first_line(str(error))}"
        if debug:
            import traceback  # only with --debug: it costs milliseconds of every start

            sys.stderr.write(f"skilllint: {path}: {where}:\n")
            traceback.print_exception(error, file=sys.stderr)
    else:
        detail = f"failed in {where}: {reason}"
    return Diagnostic(
        path, Span(1, 1), INTERNAL_ERROR_CODE, INTERNAL_ERROR_NAME, Severity.ERROR,
        f"skilllint {detail}; {_REPORT}",
    )


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().split("\n", 1)[0]
    return line if len(line) <= limit else line[: limit - 1] + "…"
