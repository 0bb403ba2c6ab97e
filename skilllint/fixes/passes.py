"""The passes of `check --fix` and `--diff`: lint, apply the fixes that do not overlap, lint the
result, and again, until no fix is left (at most `MAX_PASSES`).

Nothing is written here: the files' new contents are held in memory and linted through the run's
overlay (`Settings.overlay`, read instead of the disk), so `--diff` shows exactly what `--fix`
writes, and the findings `--fix` prints are those of the fixed files. A file's fixes are only
ever applied to the bytes the lint that proposed them read: the first time a file has fixes,
its bytes are read and linted again from the overlay before any is applied.

Why passes: fixes of one file that overlap (a duplicate entry removed, and the same entry
renamed) cannot be applied together, and one fix can reveal another (`allowed_tools` renamed,
its list form is then SL131's). After each pass the file is linted again and the rules decide
afresh. The edits of one pass were each checked alone (`checks._fixes.verified`); together they
must still leave a frontmatter that parses, or only the pass's first fix of that file is applied.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from skilllint.core.model import Diagnostic, Fix
from skilllint.core.records import Record
from skilllint.engine.runsettings import Result, Settings
from skilllint.fixes.edits import apply, choose
from skilllint.fixes.files import read_text
from skilllint.reading.document import load_document
from skilllint.settings.build import lint_by_config
from skilllint.settings.config import Config

MAX_PASSES = 10
"""Passes that apply fixes, at most: a fix that kept proposing another would otherwise never end."""


class Held(Record):
    """A file being fixed: where it is, its text on disk when first read, and its text now."""

    __slots__ = ("path", "file", "data", "original", "text", "fixed")
    path: str  # as diagnostics name it: POSIX, relative to the working folder
    file: str  # absolute, normalised: the overlay's key
    data: bytes  # as read from disk
    original: str
    text: str
    fixed: int  # findings fixed in it so far

    def __init__(self, path: str, file: str, data: bytes, original: str) -> None:
        self.path = path
        self.file = file
        self.data = data
        self.original = original
        self.text = original
        self.fixed = 0


class Outcome(Record):
    """What the passes did: the final lint (of the fixed texts), the files held, and whether the
    passes stopped at `MAX_PASSES` with fixes left."""

    __slots__ = ("settings", "config", "result", "held", "exhausted")
    settings: Settings
    config: Config
    result: Result
    held: dict[str, Held]  # by the path diagnostics name
    exhausted: bool

    def __init__(self, settings: Settings, config: Config, result: Result, held: dict[str, Held],
                 exhausted: bool) -> None:
        self.settings = settings
        self.config = config
        self.result = result
        self.held = held
        self.exhausted = exhausted

    def changed(self) -> list[Held]:
        """The files whose text the fixes changed, in path order."""
        return [self.held[path] for path in sorted(self.held) if self.held[path].text != self.held[path].original]

    @property
    def fixed(self) -> int:
        return sum(held.fixed for held in self.changed())


def fix_passes(paths: list[str], options: Mapping[str, Any], cwd: Path,
               progress: Callable[[int, int], None] | None = None) -> Outcome:
    """Lint `paths` as `check` does, then apply fixes pass by pass, holding the new texts."""
    settings, config, result = lint_by_config(paths, options, cwd, progress)
    held: dict[str, Held] = {}
    unreadable: set[str] = set()
    passes = 0
    while True:
        pending = _fixes_by_path(result.diagnostics, unreadable)
        unread = [path for path in pending if path not in held]
        for path in unread:
            file = os.path.normpath(os.path.join(cwd, path))
            found = read_text(file)
            if found is None:
                unreadable.add(path)
            else:
                held[path] = Held(path, file, *found)
        if not unread and (not pending or passes == MAX_PASSES):
            return Outcome(settings, config, result, held, exhausted=bool(pending))
        if not unread:
            passes += 1
            for path, fixes in pending.items():
                _apply_pass(held[path], fixes, settings)
        overlay = {item.file: item.text.encode("utf-8") for item in held.values()}
        settings, config, result = lint_by_config(paths, options, cwd, None, overlay=overlay)


def _fixes_by_path(diagnostics: list[Diagnostic], skip: set[str]) -> dict[str, list[Diagnostic]]:
    found: dict[str, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        if diagnostic.fix is not None and diagnostic.path not in skip:
            found.setdefault(diagnostic.path, []).append(diagnostic)
    return found


def _apply_pass(item: Held, diagnostics: list[Diagnostic], settings: Settings) -> None:
    """Apply the fixes of one pass to a held file: those that do not overlap, or, when together they
    would leave a frontmatter that no longer parses, the first alone."""
    chosen, _ = choose(d.fix for d in diagnostics if d.fix is not None)
    text = apply(item.text, chosen)
    if len(chosen) > 1 and not _parses(item, text, settings):
        chosen = chosen[:1]
        text = apply(item.text, chosen)
    taken: set[Fix] = set(chosen)
    item.fixed += sum(1 for d in diagnostics if d.fix in taken)
    item.text = text


def _parses(item: Held, text: str, settings: Settings) -> bool:
    """Whether the file with `text` still has a frontmatter that reading can use."""
    path = Path(item.file)
    doc = load_document(path, settings.cwd, max_bytes=settings.max_bytes, digests=False,
                        overlay={item.file: text.encode("utf-8")})
    return doc.frontmatter is not None
