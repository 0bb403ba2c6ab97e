"""A run's findings against a baseline: which are new, how many are known, which entries are stale.

An entry is stale when no finding of the run matches it: the problem was fixed (or its text
edited), so the entry would only hide a future finding that happens to get the same fingerprint.
A run sees only what it was asked to check, so only entries inside its `scopes` (folders, as
paths relative to the baseline's folder; "." is all of it) can be stale: `skilllint check
skills/a` says nothing of the entries of `skills/b`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skilllint.core.records import Record
from skilllint.output.baseline.fingerprint import Fingerprint


class Matched(Record):
    """What a baseline does to a run: the findings still reported, and the counts the summary gives."""

    __slots__ = ("kept", "known", "stale")
    kept: list[int]
    known: int
    stale: int

    def __init__(self, kept: list[int], known: int, stale: int) -> None:
        self.kept = kept  # indexes of the findings not in the baseline, in the order given
        self.known = known
        self.stale = stale


def match(found: Sequence[Fingerprint], baseline: frozenset[Fingerprint], scopes: Iterable[str]) -> Matched:
    """Compare the run's fingerprints (`found`, one per finding) with the baseline's."""
    kept = [index for index, fingerprint in enumerate(found) if fingerprint not in baseline]
    matched = set(found) & baseline
    folders = tuple(scopes)
    stale = sum(1 for entry in baseline - matched if _inside(entry.path, folders))
    return Matched(kept, len(found) - len(kept), stale)


def _inside(path: str, folders: tuple[str, ...]) -> bool:
    return any(folder == "." or path == folder or path.startswith(folder.rstrip("/") + "/") for folder in folders)
