"""`skilllint matrix`: skills x runtimes, each cell what `check --target T` says of the skill
(skilllint.portability.matrix), in text, Markdown, JSON or one HTML page.

Without `--target`, every built-in runtime. The paths are grouped by config as `check` groups
them, and each group is linted with its settings but for the targets, so a cell and `check` agree.
Exit codes: 0 no cell fails, 1 some cell fails, 2 usage, configuration or internal error.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from skilllint.engine.linter import PerTargetResult, lint_per_target
from skilllint.engine.runsettings import Settings
from skilllint.output.commands.progress import progress_bar
from skilllint.output.formatters.matrix import STREAMS
from skilllint.portability.matrix import CellParts, build_matrix
from skilllint.runtimes.targets import DEFAULT_TARGET, builtin_targets
from skilllint.settings.build import SettingsError, settings_by_config

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def default_runtimes() -> list[str]:
    """Every built-in runtime, the portable baseline first."""
    return [DEFAULT_TARGET, *sorted(ident for ident in builtin_targets() if ident != DEFAULT_TARGET)]


def runtime_groups(paths: list[str], options: dict[str, Any], cwd: Path
                   ) -> list[tuple[Settings, Any, list[str]]]:
    """The paths grouped by config as `check` groups them, each for the `--target`s given or every
    built-in runtime (`matrix` and `report`). A config error is a usage error."""
    options = {**options, "targets": list(options.get("targets") or ()) or default_runtimes()}
    try:
        return settings_by_config(paths, options, cwd)
    except SettingsError as error:
        raise click.UsageError(str(error)) from None


def combine(one: PerTargetResult, other: PerTargetResult) -> PerTargetResult:
    """Two config groups' results as one run's."""
    return PerTargetResult(sorted([*one.skills, *other.skills], key=lambda s: s.path),
                           {r: [*found, *other.diagnostics.get(r, [])] for r, found in one.diagnostics.items()},
                           one.faults + other.faults)


def run_matrix(paths: list[str], options: dict[str, Any]) -> int:
    cwd = Path.cwd()
    groups = runtime_groups(paths, options, cwd)
    show = sys.stderr.isatty() and not options.get("no_progress")
    fmt = options.get("fmt") or "text"
    parts = CellParts(reasons=fmt == "html")  # what settled skills leave: memory bounded by the tree's files
    result: PerTargetResult | None = None
    for settings, _, members in groups:
        found = lint_per_target(members, settings, progress_bar if show else None, parts.add)
        result = found if result is None else combine(result, found)
    assert result is not None
    matrix = build_matrix(result, parts=parts)
    for piece in STREAMS[fmt](matrix):
        sys.stdout.write(piece)
    if result.faults:
        click.echo(f"skilllint: internal error on {result.faults:,} file(s) (SL000): their cells may be "
                   "incomplete; rerun `skilllint check --debug` on them and report it", err=True)
        return EXIT_ERROR
    return EXIT_FINDINGS if matrix.failing else EXIT_CLEAN
