"""What the engine asks of the cache: is this skill's result stored and still true? Keep this one.

One `ResultCache` per run and config. Lookups happen in the main process, before any worker
starts, so a warm run forks none; a miss carries its key to whoever computes it (the main
process or a pool worker), which encodes the result with the probes its document recorded and
appends it to its own pack (`pack.py`): a pool worker after its last skill (`engine.deferred`).
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
from skilllint.engine.cache.pack import PackStore
from skilllint.engine.cache.store import EntryStore
from skilllint.engine.faults import INTERNAL_ERROR_CODE
from skilllint.reading.fsview import Answer, FileSystemView

if TYPE_CHECKING:
    from skilllint.engine.runsettings import Settings
    from skilllint.reading.discover import SkillInput
    from skilllint.runtimes.targets import Target


Stored = tuple[str, bytes]
"""An entry to store: its key and its bytes."""


@dataclass(frozen=True, slots=True)
class Miss:
    """A skill to compute, and what its entry will be stored under: `key`, made from `read` (the
    read of the skill file), or, when the cache held nothing to look up (`key` None), made where
    the skill is computed, from that read and the targets found there: a cold run does not read
    and hash every skill in the main process before its workers start."""

    key: str | None
    file: str
    read: Answer | None


class ResultCache:
    """Per-skill results under one cache folder, for one run's settings."""

    def __init__(self, root: Path, settings: Settings, config_digest: str) -> None:
        self.root = root
        self.run = run_fingerprint(settings, config_digest)
        self.store = PackStore(root, self.run)
        # the file system as this run finds it: each question asked once, whichever entries ask it
        self.view = FileSystemView(settings.max_bytes)
        self.hits = 0
        self.misses = 0

    def cold(self, skill: SkillInput) -> Miss | None:
        """The Miss to compute when the cache holds nothing for this run's settings, else None
        (look it up)."""
        if not self.store.empty():
            return None
        self.misses += 1
        return Miss(None, os.fspath(skill.file), None)

    def lookup(self, skill: SkillInput, targets: Sequence[Target], reason: str, remember: bool = True
               ) -> tuple[list[Diagnostic], SkillSummary] | Miss:
        """The stored result when every probe it recorded still holds, else the Miss to compute.
        `remember`: keep what the files read answered (a run record needs it); without, a warm run
        of 61,000 skills held the digest and signature of every file each skill read."""
        file = os.fspath(skill.file)
        read = self.view.answer("read", file)
        key = skill_key(self.run, file, skill.wrong_case, [target.id for target in targets], reason, read)
        data = self.store.get(key)
        entry = decode(data) if data is not None else None
        holds = entry is not None and self.view.holds(entry.probes)
        if not remember:
            self.view.forget_reads([file, *(p[1] for p in entry.probes if p[0] == "read")] if entry else [file])
        if entry is not None and holds:
            self.hits += 1
            return entry.diagnostics, entry.summary
        self.misses += 1
        return Miss(key, file, read)

    def entry(self, miss: Miss, diagnostics: list[Diagnostic], summary: SkillSummary, probes: list[list[Answer]],
              wrong_case: bool) -> Stored | None:
        """A computed result as the entry to store (where it was computed: a worker encodes its
        own), or None: skilllint failed on it (SL000: a bug or a budget run out is no answer to
        keep) or the file's bytes changed between the lookup and the reading. `probes`: what the
        skill's checks asked the file system (`FileSystemView.probes`)."""
        if any(d.code == INTERNAL_ERROR_CODE for d in diagnostics):
            return None
        key = miss.key
        if key is None:
            read = next((answer for op, path, answer in probes if op == "read" and path == miss.file), None)
            if read is None:
                return None
            key = skill_key(self.run, miss.file, wrong_case, summary.targets, summary.target_reason, read)
        elif ["read", miss.file, miss.read] not in probes:
            return None
        try:
            return key, encode(Entry(probes, diagnostics, summary))
        except (TypeError, ValueError):  # a value JSON cannot hold: recompute it next time
            return None

    def add(self, stored: Stored) -> None:
        """Keep an entry computed in this run (in this process or a worker's)."""
        self.store.add(*stored)

    def finish(self, others: bool = False) -> None:
        """At the end of the run: its pack in place, packs merged and pruned when due, and the run
        records (`store.py`, one per invocation) pruned once a day by a run that computed something.
        `others`: the run's pool workers put packs of their own in place (`engine.deferred`)."""
        self.store.finish(others)
        if self.misses:
            EntryStore(self.root).prune()

    def before_fork(self) -> None:
        """Before worker processes are forked: nothing of the run's pack left in a buffer."""
        self.store.flush()

    def abandon(self) -> None:
        """The run stopped (an exception, Ctrl-C): no pack from it, no temporary file left."""
        self.store.abandon()
