"""A pool worker's share of the cache's work, done after its last skill while the main process goes on.

A computed skill leaves two things to keep besides its findings: its result-cache entry (encoded,
with the probes its checks asked) and, when the run keeps a record, each file it read as the
record's row. Encoded as each skill was done, they cost a cold run with the default cache 6% of its
time on two cores: the workers are the bottleneck while they lint, and the main process then took
every entry and row off them. Once they are done, though, one core waits while the main process
alone runs the project rules and suppressions and prints the report (a third of a second for 5,520
skills).

So each worker keeps what the work needs (the document's file-system view, the findings and the
summary: `Linter.lint_skill` with `later`) for up to `LIMIT` skills, and does the work when the main
process asks (`finish`, through `pool.Pool.finish`), at a lower priority: it writes its entries into
a pack of its own (`pack.PackStore.own_writer`) and answers with the rows, which the main process
files once it has printed the report (`Linter.end`, `runrecord.take_rows`). A worker that is lost on
the way loses its entries (a miss next time: its half-written pack is deleted) and the run its
record (its rows are unknown).
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from skilllint.checks.project import SkillSummary
from skilllint.core.model import Diagnostic
from skilllint.reading.fsview import Answer, FileSystemView

if TYPE_CHECKING:
    from skilllint.engine.cache.results import Miss, ResultCache, Stored
    from skilllint.engine.cache.runrecord import Row

LIMIT = 4096
"""Skills a worker keeps for later at most (each about 4 KB of objects): beyond it, a skill's work is
done at once. On two cores, the 5,520 skills of the benchmark keep about 2,760 each; a run of 61,000
skills keeps about 16 MB more per worker."""

NICE = 10
"""How much lower a finishing worker's priority is: the main process's own part is what the run waits
for, and on a machine with as many workers as cores the workers would otherwise take a share of its
core (a worker ends once it has answered)."""

Item = tuple["Miss | None", list[Diagnostic], SkillSummary, FileSystemView, bool]
"""What a computed skill leaves for later: its cache miss, findings, summary, document's file-system
view and whether its file is misspelt (`Linter.kept`)."""

Probed = tuple[list[list[Answer]], "dict[str, Row]", int]
"""What one skill's document asked the file system, as its run record keeps it (`runrecord.recorded`):
the probes no folder listing answers, each file read (its row by path), its read limit."""


class Keeper(Protocol):
    """What the work needs of the run's linter (`engine.linter.Linter`)."""

    cache: ResultCache | None

    def kept(self, miss: Miss | None, diagnostics: list[Diagnostic], summary: SkillSummary, fs: FileSystemView,
             wrong_case: bool) -> tuple[Probed | None, Stored | None]: ...


@dataclass(frozen=True, slots=True)
class Finished:
    """A worker's answer to `finish`: whether it put a pack in place, and what its skills read, as the
    run record keeps it (`broken` says why there is none: a file read two ways): the probes no listing
    answers, the paths of the files read, and their rows encoded (`runrecord.encode_rows`: sent as
    objects, they took the main process 9 ms to unpickle per 10,000 files, their paths 0.5)."""

    wrote: bool
    broken: str | None
    kept: list[list[Answer]]
    paths: list[str]
    blob: bytes
    limit: int | None


class Deferred:
    """One worker's skills left for later (made in the main process, copied into each forked worker)."""

    __slots__ = ("linter", "pending", "kept", "rows", "broken", "limit", "own")

    def __init__(self, linter: Keeper) -> None:
        self.linter = linter
        self.pending: deque[Item] = deque()
        self.kept: list[list[Answer]] = []
        self.rows: dict[str, Row] = {}  # each file a skill read: its row of the record, by path
        self.broken: str | None = None
        self.limit: int | None = None
        self.own = False  # whether this process's pack writer is its own yet (a worker inherits the main's)

    def add(self, item: Item) -> None:
        """Keep a computed skill's work for later, or, once `LIMIT` are kept, do it now: while its
        objects are still in the CPU's caches (done 4,096 skills later, each cost twice as much: a
        cold run of 61,000 skills took 4.6% more CPU)."""
        if len(self.pending) < LIMIT:
            self.pending.append(item)
        else:
            self._do(item)

    def _do(self, item: Item) -> None:
        miss, diagnostics, summary, fs, wrong_case = item
        probed, stored = self.linter.kept(miss, diagnostics, summary, fs, wrong_case)
        cache = self.linter.cache
        if stored is not None and cache is not None:
            if not self.own:
                cache.store.own_writer()
                self.own = True
            cache.add(stored)
        if probed is None or self.broken is not None:
            return
        kept, rows, self.limit = probed
        self.kept.extend(kept)
        filed = self.rows
        for path, row in rows.items():
            if filed.setdefault(path, row) != row:
                self.broken = f"{path} changed during the run"
                self.kept, self.rows = [], {}
                return

    def finish(self) -> Finished:
        """Do what is left, put this worker's pack in place, and answer. Never raises: a failure is
        no pack and no record."""
        cache = self.linter.cache
        with contextlib.suppress(OSError, AttributeError):  # (no os.nice on Windows)
            os.nice(NICE)
        try:
            while self.pending:
                self._do(self.pending.popleft())
            wrote = bool(self.own and cache is not None and cache.store.seal())
            blob = b""
            if self.rows and self.broken is None:
                from skilllint.engine.cache.runrecord import encode_rows

                blob = encode_rows(self.rows)
        except Exception as error:  # noqa: BLE001 - a bug here must cost the cache, not the run
            if cache is not None:
                cache.abandon()
            return Finished(False, f"a worker could not finish its share: {error!r}", [], [], b"", None)
        return Finished(wrote, self.broken, self.kept, list(self.rows), blob, self.limit)
