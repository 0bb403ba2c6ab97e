"""`skilllint report PATH... [-t ID ...] [-o FILE] [--format html|json]`: one page (or JSON document)
that answers, for a whole tree and every runtime at once, what `matrix` and `coverage` answer one view
at a time: which skills run where, which names each runtime lacks and which aliases close the gap,
which findings fail skills, and how each source fares.

The numbers are theirs: the paths are grouped by config as `check` groups them, each group is linted
with `engine.lint_per_target` (the matrix's cells) and swept once with `misses_of` for every runtime
(coverage's tallies, `report.gather`). The only file written is the report (`-o`, default
`report.html`, or `report.json` with `--format json`; `-` for stdout), atomically as every file the
user names (`outputfile.write_file`).

Exit codes: 0 the report was written (it is a file to read, not a gate: use `check` or `matrix` to
gate), 2 usage, configuration or internal error (the report is still written on an internal error,
with the count of skills it could not read).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from skilllint.output.commands.matrix import runtime_groups
from skilllint.output.commands.outputfile import check_folder, write_file
from skilllint.output.commands.progress import progress_bar

EXIT_CLEAN, EXIT_ERROR = 0, 2


def default_output(fmt: str) -> str:
    """`report.html`, or `report.json` for `--format json`, in the working directory."""
    return "report.json" if fmt == "json" else "report.html"


def run_report(paths: list[str], options: dict[str, Any]) -> int:
    from skilllint.output.report.gather import gather
    from skilllint.output.report.model import as_json, build_report

    cwd = Path.cwd()
    fmt = options.get("fmt") or "html"
    output = options.get("output") or default_output(fmt)
    if output != "-":
        check_folder(output, "report")
    groups = runtime_groups(paths, options, cwd)
    show = sys.stderr.isatty() and not options.get("no_progress")
    gathered = gather(groups, cwd, progress_bar if show else None)
    report = build_report(gathered, paths, cwd)
    if fmt == "json":
        text = json.dumps(as_json(report), indent=2, ensure_ascii=False) + "\n"
    else:
        from skilllint.output.formatters.report_html import render_html

        text = render_html(report)
    if output == "-":
        sys.stdout.write(text)
    else:
        write_file(output, text.encode("utf-8"), "report")
        if show:
            click.echo(f"skilllint: report of {report.skills:,} skills on {len(report.runtimes)} runtimes "
                       f"written to {output}", err=True)
    lost = max(report.faults, report.coverage_failed)
    if lost:
        click.echo(f"skilllint: internal error on {lost:,} file(s) (SL000): the report counts them as failing "
                   "or leaves them out; rerun `skilllint check --debug` on them and report it", err=True)
        return EXIT_ERROR
    return EXIT_CLEAN
