"""`skilllint check`: settings from the flags (skilllint.settings.build), lint, print, exit code."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterable
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skilllint.core.model import Diagnostic, Severity
from skilllint.engine.location import PORTABLE
from skilllint.output.commands.replay import emit, forget, record_root, store
from skilllint.output.formatters import RunInfo, pick_auto, render_pieces
from skilllint.reading.document import DEFAULT_MAX_BYTES
from skilllint.reading.fsview import Overlay, RunInputs, overlaid_read, read_with_stat
from skilllint.runtimes.targets import DEFAULT_TARGET
from skilllint.settings.build import SettingsError, lint_by_config
from skilllint.version import __version__

if TYPE_CHECKING:
    from skilllint.engine.linter import Linter
    from skilllint.output.commands.fix import FixReport

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


MAX_SOURCE_BYTES = 4 * 1024 * 1024


class SourceLines:
    """Source lines for the `full` format, each file read once and only when shown (and recorded
    in `inputs` when the run keeps a run record: the output quotes them; a file of the run's
    overlay, as standard input, is quoted from there)."""

    def __init__(self, cwd: Path, inputs: RunInputs | None = None, overlay: Overlay | None = None) -> None:
        self.cwd = cwd
        self.inputs = inputs
        self.overlay = overlay
        self.cache: dict[str, list[str] | None] = {}

    def __call__(self, path: str, line: int) -> str | None:
        if path not in self.cache:
            self.cache[path] = self._read(path)
        lines = self.cache[path]
        if lines is None or not 0 < line <= len(lines):
            return None
        return lines[line - 1]

    def _read(self, path: str) -> list[str] | None:
        full = os.fspath(self.cwd / path)
        overlaid = overlaid_read(self.overlay, full, MAX_SOURCE_BYTES)
        if overlaid is not None:
            return _source_lines(*overlaid)
        inputs = self.inputs
        if not (inputs.isfile(full) if inputs is not None else os.path.isfile(full)):
            return None
        try:
            data, info = read_with_stat(full, MAX_SOURCE_BYTES)
        except OSError as error:
            if inputs is not None:
                inputs.note_whole(full, None, None, error)
            return None
        if inputs is not None:
            inputs.note_whole(full, info, data)  # over the limit: a digest of part of it, never matched again
        return _source_lines(data, info.st_size)


def _source_lines(data: bytes, size: int) -> list[str] | None:
    """A file's lines as the findings count them; None for one too large or binary to quote."""
    if size > MAX_SOURCE_BYTES or b"\0" in data:
        return None
    return data.decode("utf-8", errors="replace").lstrip("\ufeff").replace("\r\n", "\n").split("\n")


def stderr_progress(done: int, total: int) -> None:
    """A one-line progress counter on a terminal's stderr (never in pipes)."""
    sys.stderr.write(f"\rskilllint: {done:,}/{total:,} skills")
    if done >= total:
        sys.stderr.write("\r" + " " * 40 + "\r")
    sys.stderr.flush()


def use_color(options: dict[str, Any], terminal: bool | None = None) -> bool:
    """`--color`/`--no-color`, else FORCE_COLOR, else NO_COLOR, else whether the report goes to a
    terminal (`terminal`; default: whether stdout is one).

    Each variable counts when set and not empty, whatever its value (https://force-color.org,
    https://no-color.org). When both are set FORCE_COLOR wins, as in force-color.org's example
    implementation (NO_COLOR turns colour off, then FORCE_COLOR turns it back on): FORCE_COLOR
    is usually set for one job whose log renders colour, NO_COLOR once for everything in a
    profile. The flags beat both: no-color.org asks that command-line arguments override it.
    """
    if options.get("color") is not None:
        return bool(options["color"])
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty() if terminal is None else terminal


def run_check(paths: list[str], options: dict[str, Any], overlay: Overlay | None = None) -> int:
    """Lint, print, and return the exit code. A run that used the result cache stores a run record:
    its output, replayed by the next identical invocation while nothing it read has changed
    (`skilllint.output.commands.replay`). `overlay`: files read from memory (standard input) instead of
    the disk, by absolute path; such a run keeps no run record.

    Once the linting is done, what the run holds is kept out of the cyclic garbage collector's way
    (`gc.freeze`) until the report is printed and the record stored: the collections that formatting
    triggers scanned the run's findings, summaries and recorded inputs again and again (20-30 ms of a
    5,000-skill run). A caller that froze objects itself keeps them frozen."""
    thawed = gc.get_freeze_count() == 0
    later: list[Linter] = []  # the end of each linter's cache work, done once the report is printed
    try:
        code = _run_check(paths, options, overlay, later, freeze=thawed)
    except BaseException:
        for linter in later:
            linter.abandon()
        raise
    finally:
        if thawed:
            gc.unfreeze()
    _end(later)  # (a run that returned early: nothing is printed after it)
    return code


def _end(later: list[Linter]) -> None:
    """End each linter's cache work (`Linter.end`), once."""
    while later:
        later.pop(0).end()


def _run_check(paths: list[str], options: dict[str, Any], overlay: Overlay | None, later: list[Linter],
               freeze: bool) -> int:
    cwd = Path.cwd()
    show_progress = sys.stderr.isatty() and not options.get("no_progress") and not options.get("quiet")
    inputs = RunInputs(DEFAULT_MAX_BYTES) if not overlay and record_root(options) is not None else None
    report = None
    if options.get("diff") and options.get("write_baseline"):
        raise click.UsageError("--diff writes nothing: it cannot write a baseline (use --fix, or neither)")
    if options.get("statistics") and options.get("fmt") in ("sarif", "github"):
        raise click.UsageError(f"--statistics prints a table, or a JSON array with --format json: "
                               f"--format {options['fmt']} cannot hold it")
    if options.get("output_file"):
        from skilllint.output.commands.outputfile import check_folder

        check_folder(options["output_file"], "output file")
    baseline = None
    if options.get("baseline") is not None or options.get("write_baseline") is not None:  # "" too: refused there
        from skilllint.output.commands.baselines import prepare_baseline

        baseline = prepare_baseline(options, cwd, inputs)  # before linting: a broken baseline stops the run now
    try:
        if options.get("fix") or options.get("diff"):  # skilllint.output.commands.fix, imported only then
            from skilllint.output.commands.fix import lint_and_fix

            settings, config, result, report = lint_and_fix(paths, options, cwd,
                                                            stderr_progress if show_progress else None)
        else:
            settings, config, result = lint_by_config(paths, options, cwd, stderr_progress if show_progress else None,
                                                      inputs, overlay, later)
    except SettingsError as error:
        raise click.UsageError(str(error)) from None
    if freeze:
        gc.freeze()
    if report is not None and options.get("diff"):
        return _diff_only(report, result.faults, options)
    fmt = options.get("fmt") or "auto"
    if fmt == "text":
        fmt = "full"  # coverage's and matrix's name for their human-readable report
    terminal = sys.stdout.isatty() and not options.get("output_file")
    if fmt == "auto":
        fmt = pick_auto(terminal)
    run = RunInfo(
        version=__version__,
        skills=result.skills,
        color=use_color(options, terminal),
        source_line=SourceLines(cwd, inputs, overlay),
        rules={rule.code: rule for rule in settings.rules},
    )
    diagnostics = result.diagnostics
    fail_on = Severity.parse(options.get("fail_on") or config.get("fail-on", "error"))
    assert fail_on is not None
    report_text: Iterable[str] = ()  # the report, rendered piece by piece as it is written
    out: list[str] = []  # what follows it
    err: list[str] = []
    fix_line = report is not None and not options.get("quiet")  # said once: in the summary, else on stderr
    notes: list[str] = []
    if baseline is not None:
        kept = baseline.apply(diagnostics, run.source_line, paths, result.faults, inputs)
        diagnostics, notes = kept.diagnostics, kept.notes
    if options.get("statistics"):
        from skilllint.output.formatters.statistics import render_statistics, render_statistics_json

        out.append((render_statistics_json if fmt == "json" else render_statistics)(diagnostics, run))
    else:
        report_text = render_pieces(fmt, diagnostics, run)
        if fmt in ("full", "concise") and not options.get("quiet"):
            if options.get("write_baseline") and not diagnostics:  # recorded, not clean: the note says how many
                out.append(_checked(result.skills, result.manifests, result.definitions).capitalize() + ".\n")
            else:
                out.append(summary(diagnostics, result.skills, result.manifests, result.definitions, fail_on) + "\n")
            if report is not None:
                out.append(report.line(len(diagnostics), dry=False) + "\n")
                fix_line = False
            out.extend(note + "\n" for note in notes)
            notes = []
            out.append(targets_summary(result.target_use))
    if notes and not options.get("quiet"):  # beside a report that must stay JSON, SARIF or annotations
        err.extend(f"skilllint: {note}\n" for note in notes)
    if report is not None:
        if fix_line:
            err.append(report.line(len(diagnostics), dry=False) + "\n")
        err.extend(line + "\n" for line in report.warnings())
    if not (result.skills or result.manifests or result.definitions or diagnostics or options.get("quiet")):
        err.append(nothing_found_warning(paths) + "\n")
    failing = any(d.severity.rank >= fail_on.rank for d in diagnostics)
    code = EXIT_FINDINGS if failing and not options.get("exit_zero") else EXIT_CLEAN
    if result.faults:
        err.append(_faults_line(result.faults))
        code = EXIT_ERROR
    if report is not None and report.errors:
        code = EXIT_ERROR
    # an internal error or a budget run out is no answer to keep; a run too big to record has none
    keep = inputs is not None and inputs.broken is None and not result.faults
    printed = emit(chain(report_text, out), "".join(err), options.get("output_file"), keep=keep)
    _end(later)  # what the workers' skills read is in the run's inputs from here on
    if inputs is not None and printed is not None:
        store(paths, options, inputs, printed, "".join(err), code)
    elif inputs is not None:
        forget(paths, options)
    return code


def _faults_line(faults: int) -> str:
    files = "file" if faults == 1 else "files"
    return (f"skilllint: internal error on {faults:,} {files} (SL000): their findings may be incomplete; "
            "rerun with --debug and report it\n")


def _diff_only(report: FixReport, faults: int, options: dict[str, Any]) -> int:
    """`check --diff`: the diff on stdout (or `--output-file`), how many findings it fixes on stderr;
    exit 1 when there is something to fix (as ruff's `--diff`; 0 with `--exit-zero`), 0 when not, 2
    after an internal error."""
    err = [] if options.get("quiet") else [report.line(0, dry=True) + "\n"]
    err.extend(line + "\n" for line in report.warnings())
    if faults:
        err.append(_faults_line(faults))
    emit(report.diff, "".join(err), options.get("output_file"))
    if faults:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.fixed and not options.get("exit_zero") else EXIT_CLEAN


def targets_summary(use: dict[tuple[str, str], int]) -> str:
    """Which target each skill was checked against when none was chosen, and why:
    `claude-code: 12 skills, from .claude/skills`. Empty when targets were chosen."""
    if not use or set(use) == {(DEFAULT_TARGET, PORTABLE.reason)}:
        return ""  # everything on the portable default: nothing to explain
    lines = [f"  {target}: {count:,} skill{'s' if count != 1 else ''}, {why}"
             for (target, why), count in sorted(use.items(), key=lambda item: (-item[1], item[0]))]
    return "Targets chosen by location (--target overrides):\n" + "\n".join(lines) + "\n"


def nothing_found_warning(paths: list[str]) -> str:
    """Said on stderr when the paths hold no skill and no manifest: a mistyped path in CI
    must not pass as "All clean". The exit code stays 0, as ruff's does for a folder without
    Python files, so a pre-commit hook on a repository without skills does not fail."""
    from skilllint.core.textsafe import escape

    where = ", ".join(f"`{escape(path)}`" for path in paths)
    return f"skilllint: warning: no SKILL.md or tool manifest found under {where}"


def summary(diagnostics: list[Diagnostic], skills: int, manifests: int = 0,
            definitions: dict[str, int] | None = None, fail_on: Severity = Severity.ERROR) -> str:
    """The closing line of `full` and `concise`: what was checked and what was found, and which of the
    findings do not fail the run (`; 2 warnings below --fail-on error`): a gate that passes with findings
    says so, so nobody reads exit 0 as "clean"."""
    definitions = definitions or {}
    if not diagnostics and not skills and not manifests and not definitions:
        return "Nothing to check: no SKILL.md or tool manifest found."
    counts = {s: 0 for s in Severity}
    for d in diagnostics:
        counts[d.severity] += 1
    checked = _checked(skills, manifests, definitions)
    if not diagnostics:
        return f"All clean: {checked}."
    parts = [f"{counts[s]:,} {s.value}{'s' if counts[s] != 1 else ''}" for s in Severity if counts[s]]
    files = len({d.path for d in diagnostics})
    below = [f"{counts[s]:,} {s.value}{'s' if counts[s] != 1 else ''}" for s in Severity
             if counts[s] and s.rank < fail_on.rank]
    tail = f"; {', '.join(below)} below --fail-on {fail_on.value}" if below else ""
    return f"Found {', '.join(parts)} in {files:,} file{'s' if files != 1 else ''} ({checked}){tail}."


_OTHER_FILES = (("agent", "subagent"), ("command", "command"), ("plugin", "plugin manifest"),
                ("marketplace", "marketplace"), ("settings", "settings file"), ("hooks", "hooks file"),
                ("mcp", "MCP config"),
                ("gemini-extension", "Gemini extension"), ("gemini-settings", "Gemini settings file"),
                ("copilot-agent", "Copilot agent"), ("copilot-prompt", "Copilot prompt file"),
                ("opencode-agent", "OpenCode agent"))


def _checked(skills: int, manifests: int, others: dict[str, int] | None = None) -> str:
    """`3 skills checked`, `1 skill and 2 manifests checked`, `1 manifest checked`,
    `2 skills, 3 subagents and 1 command checked`."""
    others = others or {}
    parts = [_count(others[kind], noun) for kind, noun in _OTHER_FILES if others.get(kind)]
    if skills or not (manifests or parts):
        parts.insert(0, _count(skills, "skill"))
    if manifests:
        parts.append(_count(manifests, "manifest"))
    return (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]) + " checked"


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'s' if number != 1 else ''}"
