"""What the engine asks of the cache: is this skill's result stored and still true? Keep this one.

One `ResultCache` per run and config. Lookups happen in the main process, before any worker
starts, so a warm run forks none; a miss carries its key to whoever computes it (the main
process or a pool worker), which stores the result with the probes its document recorded.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skilllint.checks.project import SkillSummary
from skilllint.core.model import Diagnostic
from skilllint.engine.cache.codec import Entry, decode, encode
from skilllint.engine.cache.key import run_fingerprint, skill_key
from skilllint.engine.cache.store import EntryStore
from skilllint.engine.faults import INTERNAL_ERROR_CODE
from skilllint.reading.fsview import Answer, FileSystemView

if TYPE_CHECKING:
    from skilllint.engine.runsettings import Settings
    from skilllint.reading.discover import SkillInput
    from skilllint.runtimes.targets import Target


@dataclass(frozen=True, slots=True)
class Miss:
    """A skill to compute, and what its entry will be stored under."""

    key: str
    file: str
    read: Answer  # the read of the skill file the key was made from


class ResultCache:
    """Per-skill results under one cache folder, for one run's settings."""

    def __init__(self, root: Path, settings: Settings, config_digest: str) -> None:
        self.store = EntryStore(root)
        self.run = run_fingerprint(settings, config_digest)
        # the file system as this run finds it: each question asked once, whichever entries ask it
        self.view = FileSystemView(settings.max_bytes)
        self.hits = 0
        self.misses = 0

    def lookup(self, skill: SkillInput, targets: Sequence[Target], reason: str
               ) -> tuple[list[Diagnostic], SkillSummary] | Miss:
        """The stored result when every probe it recorded still holds, else the Miss to compute."""
        file = os.fspath(skill.file)
        read = self.view.answer("read", file)
        key = skill_key(self.run, file, skill.wrong_case, [target.id for target in targets], reason, read)
        data = self.store.get(key)
        if data is not None:
            entry = decode(data)
            if entry is not None and self.view.holds(entry.probes):
                self.hits += 1
                return entry.diagnostics, entry.summary
        self.misses += 1
        return Miss(key, file, read)

    def save(self, miss: Miss, diagnostics: list[Diagnostic], summary: SkillSummary, fs: FileSystemView) -> None:
        """Store a computed result, unless skilllint failed on it (SL000: a bug or a budget run out
        is no answer to keep) or the file's bytes changed between the lookup and the reading."""
        if any(d.code == INTERNAL_ERROR_CODE for d in diagnostics):
            return
        probes = fs.probes()
        if ["read", miss.file, miss.read] not in probes:
            return
        try:
            data = encode(Entry(probes, diagnostics, summary))
        except (TypeError, ValueError):  # a value JSON cannot hold: recompute it next time
            return
        self.store.put(miss.key, data)

    def finish(self) -> None:
        """At the end of a run that stored results (here or in its workers): prune old entries,
        at most once a day. A run that only read writes nothing."""
        if self.misses:
            self.store.prune()
