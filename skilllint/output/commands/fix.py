"""`check --fix` and `check --diff`: run the fix passes (`skilllint.fixes.passes`), then write the
fixed files (`--fix`) or print what would change (`--diff`), and say how many findings were fixed.

`--diff` wins over `--fix`: it never writes. Without either, `check` writes nothing at all.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from skilllint.core.records import Record
from skilllint.core.textsafe import escape
from skilllint.engine.runsettings import Result, Settings
from skilllint.fixes.files import read_text, unified_diff, write_atomic
from skilllint.fixes.passes import MAX_PASSES, Held, fix_passes
from skilllint.settings.build import lint_by_config
from skilllint.settings.config import Config


class FixReport(Record):
    """What the CLI prints about fixing: the diff (`--diff`), a closing line, problems writing."""

    __slots__ = ("fixed", "files", "diff", "errors", "exhausted")
    fixed: int  # findings fixed (or, with --diff, that would be)
    files: int  # files changed (or that would be)
    diff: str
    errors: list[str]  # one line each, for stderr
    exhausted: bool  # stopped after MAX_PASSES with fixes left

    def __init__(self, fixed: int, files: int, diff: str, errors: list[str], exhausted: bool) -> None:
        self.fixed = fixed
        self.files = files
        self.diff = diff
        self.errors = errors
        self.exhausted = exhausted

    def line(self, remaining: int, dry: bool) -> str:
        """`Fixed 3 findings in 2 files (1 remaining).`, or with --diff `Would fix ...`."""
        findings = f"{self.fixed:,} finding{'s' if self.fixed != 1 else ''}"
        files = f"{self.files:,} file{'s' if self.files != 1 else ''}"
        if dry:
            return f"Would fix {findings} in {files}." if self.fixed else "No fixes available."
        if not self.fixed:
            return f"No fixes applied ({remaining:,} remaining)."
        return f"Fixed {findings} in {files} ({remaining:,} remaining)."

    def warnings(self) -> list[str]:
        """What stderr says besides the closing line."""
        lines = list(self.errors)
        if self.exhausted:
            lines.append(f"skilllint: warning: fixes still proposed after {MAX_PASSES} passes; stopped there "
                         "(please report it)")
        return lines


def lint_and_fix(paths: list[str], options: dict[str, Any], cwd: Path,
                 progress: Callable[[int, int], None] | None) -> tuple[Settings, Config, Result, FixReport]:
    """The fix passes; with `--fix` (and not `--diff`) the changed files are written. Returns what
    `check` prints from: the findings left in the fixed files, and the report."""
    outcome = fix_passes(paths, options, cwd, progress)
    changed = outcome.changed()
    dry = bool(options.get("diff"))
    if dry:
        diff = "".join(unified_diff(escape(item.path), item.original, item.text) for item in changed)
        return outcome.settings, outcome.config, outcome.result, FixReport(
            sum(item.fixed for item in changed), len(changed), diff, [], outcome.exhausted)
    written: list[Held] = []
    errors: list[str] = []
    for item in changed:
        error = _write(item)
        if error is None:
            written.append(item)
        else:
            errors.append(error)
    result = outcome.result
    settings, config = outcome.settings, outcome.config
    if errors:  # the findings of a file left as it was are those on disk: lint it again, as written
        settings, config, result = lint_by_config(paths, options, cwd, None)
    return settings, config, result, FixReport(sum(item.fixed for item in written), len(written), "", errors,
                                               outcome.exhausted)


def _write(item: Held) -> str | None:
    """Write a fixed file unless it changed since it was read; else the line that says why not."""
    now = read_text(item.file)
    shown = escape(item.path)
    if now is None or now[0] != item.data:
        return f"skilllint: error: {shown} changed while it was being fixed; not written"
    try:
        write_atomic(item.file, item.text.encode("utf-8"))
    except OSError as error:
        return f"skilllint: error: cannot write {shown}: {error.strerror or error}"
    return None
