"""`check --baseline FILE` and `check --write-baseline FILE`: the CLI's part of `skilllint.output.baseline`.

The baseline is read before anything is linted, so a missing or broken file stops the run at
once (exit 2, naming the file and what is wrong) instead of after minutes of linting. Its bytes
are an input of the run (recorded in `RunInputs`): a run record is replayed only while the
baseline is unchanged. A run that writes a baseline keeps no run record at all (see
`commands.replay.record_root`): writing is a deliberate, rare step, and a replay would have to
write the file again.

Paths in the file are relative to the file's folder; the findings' paths are relative to the
working folder; `relocate` maps one to the other, so the same baseline serves `skilllint check`
at the repository's root, `skilllint check ..` from a subfolder, and a CI clone elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skilllint.core.model import Diagnostic
from skilllint.core.records import Record
from skilllint.core.textsafe import escape
from skilllint.engine.faults import INTERNAL_ERROR_CODE
from skilllint.output.baseline.file import MAX_BYTES, BaselineError, parse_baseline, render_baseline
from skilllint.output.baseline.fingerprint import Fingerprint, SourceLine, fingerprints
from skilllint.output.baseline.match import match
from skilllint.output.commands.failure import UsageFailure
from skilllint.output.commands.outputfile import check_folder, write_file
from skilllint.reading.fsview import PlainFs, RunInputs, file_kind, read_with_stat


class Outcome(Record):
    """The findings a baseline leaves to report, and the lines the summary adds about it."""

    __slots__ = ("diagnostics", "notes")
    diagnostics: list[Diagnostic]
    notes: list[str]

    def __init__(self, diagnostics: list[Diagnostic], notes: list[str]) -> None:
        self.diagnostics = diagnostics
        self.notes = notes


class Baseline:
    """The baseline of one run: the file named, how its paths relate to the working folder, and
    (for `--baseline`) the fingerprints it holds."""

    __slots__ = ("given", "writing", "known", "base", "cwd")

    def __init__(self, given: str, writing: bool, known: frozenset[Fingerprint], cwd: Path) -> None:
        self.given = given
        self.writing = writing
        self.known = known
        self.cwd = os.fspath(cwd)
        self.base = os.path.normpath(os.path.dirname(os.path.join(self.cwd, given)))

    @property
    def shown(self) -> str:
        return f"`{escape(self.given)}`"

    def relocate(self, path: str) -> str:
        """A path relative to the working folder as the baseline spells it: relative to its folder,
        POSIX; a folder's keeps its trailing `/`."""
        absolute = os.path.normpath(os.path.join(self.cwd, path))
        try:
            relative = os.path.relpath(absolute, self.base)
        except ValueError:  # another drive on Windows
            relative = absolute
        relative = relative.replace(os.sep, "/") if os.sep != "/" else relative
        return relative + "/" if path.endswith("/") and not relative.endswith("/") else relative

    def apply(self, diagnostics: list[Diagnostic], source_line: SourceLine, paths: Sequence[str], faults: int,
              fs: RunInputs | None) -> Outcome:
        """Write the baseline (`--write-baseline`) or leave out the findings it holds (`--baseline`).
        An internal error (SL000) is never baselined: it is a bug of skilllint, not of the files."""
        faulty = [d for d in diagnostics if d.code == INTERNAL_ERROR_CODE]
        ordinary = [d for d in diagnostics if d.code != INTERNAL_ERROR_CODE]
        found = fingerprints(ordinary, source_line, self.relocate)
        if self.writing:
            return self._write(diagnostics, faulty, ordinary, found, faults)
        matched = match(found, self.known, self._scopes(paths, PlainFs() if fs is None else fs))
        kept = sorted([*faulty, *(ordinary[index] for index in matched.kept)], key=lambda d: d.sort_key)
        notes = []
        if matched.known:
            notes.append(f"{_count(matched.known, 'finding')} in the baseline {self.shown} not shown.")
        if matched.stale:
            verb = "matches" if matched.stale == 1 else "match"
            notes.append(f"{_count(matched.stale, 'baseline entry', 'baseline entries')} no longer {verb} a "
                         f"finding: rerun with --write-baseline {escape(self.given)} to shrink it.")
        return Outcome(kept, notes)

    def _write(self, diagnostics: list[Diagnostic], faulty: list[Diagnostic], ordinary: list[Diagnostic],
               found: list[Fingerprint], faults: int) -> Outcome:
        if faults:
            return Outcome(diagnostics, [f"The baseline {self.shown} was not written: an internal error (SL000) "
                                         "left the findings incomplete."])
        data = render_baseline(zip(found, (escape(d.message) for d in ordinary), strict=True))
        write_file(self.given, data, "baseline")
        return Outcome(faulty, [f"Wrote {_count(len(found), 'finding')} to the baseline {self.shown}."])

    def _scopes(self, paths: Sequence[str], fs: RunInputs) -> list[str]:
        """The folders this run checked whole, relative to the baseline's folder: only there can an
        entry be stale. A file named on the command line (pre-commit passes files) is no scope: which
        files it brought in (its skill's) is the linter's business, and a stale count must never be
        wrong."""
        scopes = []
        for path in paths:
            absolute = os.path.normpath(os.path.join(self.cwd, path))
            if fs.isdir(absolute):
                scopes.append(self.relocate(path).rstrip("/") or ".")
        return scopes


def prepare_baseline(options: dict[str, Any], cwd: Path, inputs: RunInputs | None) -> Baseline | None:
    """The run's baseline, from `--baseline` (read now) or `--write-baseline` (checked now: its folder
    exists); None without either."""
    reading, writing = options.get("baseline"), options.get("write_baseline")
    for flag, given in (("--baseline", reading), ("--write-baseline", writing)):
        if given == "":  # else taken for no flag at all: the run would go on without the baseline asked for
            raise UsageFailure(f"{flag} needs a file name, not an empty one")
    if reading and writing:
        raise UsageFailure("--baseline and --write-baseline do not go together: --write-baseline FILE records "
                           "every current finding, whatever a baseline held before")
    output = options.get("output_file")
    named = reading or writing
    if output and named and os.path.realpath(os.path.join(cwd, output)) == os.path.realpath(os.path.join(cwd, named)):
        raise UsageFailure(f"--output-file `{escape(output)}` is the baseline: the report would replace it")
    if writing:
        check_folder(writing, "baseline")
        return Baseline(writing, True, frozenset(), cwd)
    if reading:
        return Baseline(reading, False, read_baseline(reading, cwd, inputs), cwd)
    return None


def read_baseline(given: str, cwd: Path, inputs: RunInputs | None) -> frozenset[Fingerprint]:
    """The fingerprints of a baseline file, its bytes recorded in `inputs`; a UsageFailure naming the
    file when it is missing, unreadable, too large or not a baseline."""
    path = os.path.join(cwd, given)
    shown = f"baseline `{escape(given)}`"
    try:
        data, info = read_with_stat(path, MAX_BYTES)
    except FileNotFoundError:
        raise UsageFailure(f"{shown} does not exist; write it with --write-baseline {escape(given)}") from None
    except (OSError, ValueError) as error:
        reason = _kind(path) or (error.strerror if isinstance(error, OSError) and error.strerror else str(error))
        raise UsageFailure(f"cannot read the {shown}: {escape(reason)}") from None
    if info.st_size > MAX_BYTES:
        raise UsageFailure(f"{shown} is larger than {MAX_BYTES:,} bytes; not read")
    if inputs is not None:
        inputs.note_whole(path, info, data)
    try:
        return parse_baseline(data, shown)
    except BaselineError as error:
        raise UsageFailure(escape(str(error))) from None


def _kind(path: str) -> str | None:
    """What a file that could not be opened is, when it is no regular file (`a socket, not a regular
    file`): opening a socket fails with ENXIO, whose words, "No such device or address", say nothing
    of the file being the wrong kind."""
    try:
        kind = file_kind(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None
    if kind is None or kind.startswith("not "):
        return kind
    return f"{kind}, not a regular file"


def _count(number: int, noun: str, plural: str | None = None) -> str:
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
