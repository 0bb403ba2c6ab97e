"""Every question a skill's checks ask the file system, asked through one object that remembers
the answers.

A skill's findings depend on more than its SKILL.md: SL300 asks whether `references/x.md`
exists, lists folders to spot a wrong case, walks up to a plugin's `.claude-plugin/plugin.json`;
SL116 asks whether the skill folder holds `.claude-plugin/`; reading asks whether
`metadata.yaml` is there. So the checks never call `os.path` themselves: they ask the
document's `FileSystemView` (`doc.fs`), which answers each question once per document and
keeps the answer. The result cache stores those answers (the *probes*) with the findings and,
before reusing the findings, asks every question again through a fresh view: one different
answer (the missing file now exists, a folder gained an entry, SKILL.md's bytes changed) and
the findings are computed anew.

Each answer is plain JSON data (bool, list), exactly what the caller is given, so what is
stored is what the checks saw. A file's contents are recorded as a digest of the bytes read.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

Answer = Any
"""A probe's answer: bool, list of names, or a read's `["ok", digest, size]` / `["error", errno, text]`."""

_NOT_REGULAR = (
    (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
)


def file_kind(mode: int) -> str | None:
    """What a non-regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _NOT_REGULAR if test(mode)), "not a regular file")


def read_bytes(path: Path | str, max_bytes: int) -> tuple[bytes, int]:
    """At most `max_bytes + 1` bytes of a regular file, and its size.

    Opened without blocking and checked with fstat before any read: a FIFO named SKILL.md
    would otherwise block the run forever, and a device would be read as endless bytes.
    Raises OSError (a non-regular file is EINVAL with the kind as its strerror).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        kind = file_kind(info.st_mode)
        if kind is not None:
            raise OSError(errno.EINVAL, f"{kind}, not a regular file")
        with os.fdopen(fd, "rb", buffering=0, closefd=True) as handle:
            fd = -1
            # never more than the limit: a 50 MB file costs one block; and no bigger buffer than the
            # file needs (asking for limit+1 bytes allocated a MiB for every 2 KB skill)
            return handle.read(min(info.st_size, max_bytes) + 1), info.st_size
    finally:
        if fd >= 0:
            os.close(fd)


def digest(data: bytes) -> str:
    """The digest recorded for a file's bytes (SHA-256: the fastest of hashlib's on CPUs with
    SHA extensions, and collisions are out of reach)."""
    import hashlib  # only when something is hashed: it loads OpenSSL (3 ms)

    return hashlib.sha256(data).hexdigest()


def _listing(path: str) -> list[str]:
    """The names in a folder, sorted (the order the checks see is the order recorded); [] when unreadable."""
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []


def _subfolders(path: str) -> list[str]:
    """The names of the folders (symlinks to folders included) directly in `path`, sorted."""
    try:
        with os.scandir(path) as entries:
            return sorted(entry.name for entry in entries if entry.is_dir())
    except OSError:
        return []


_ASK: dict[str, Callable[[str], Answer]] = {
    "exists": os.path.exists,
    "isfile": os.path.isfile,
    "isdir": os.path.isdir,
    "lexists": os.path.lexists,
    "listdir": _listing,
    "subdirs": _subfolders,
}
"""The questions a view can be asked besides reading, each a function of the file system only."""


class FileSystemView:
    """The file system as one document's checks (or, for a cache lookup, one run's) see it: each
    question asked once, its answer kept in the order asked.

    `max_bytes` is the read limit (the run's `max-file-size`): a read records the digest of the
    bytes returned (at most `max_bytes + 1`) and the file's size, or the error. A view whose
    answers feed no cache (`digests=False`: a run without one) records None for the digest:
    hashing costs the import of hashlib (OpenSSL, milliseconds of a one-skill run) for nothing.
    """

    __slots__ = ("_answers", "digests", "max_bytes")

    def __init__(self, max_bytes: int, *, digests: bool = True) -> None:
        self.max_bytes = max_bytes
        self.digests = digests
        self._answers: dict[tuple[str, str], Answer] = {}

    def exists(self, path: str) -> bool:
        return bool(self.answer("exists", path))

    def isfile(self, path: str) -> bool:
        return bool(self.answer("isfile", path))

    def isdir(self, path: str) -> bool:
        return bool(self.answer("isdir", path))

    def lexists(self, path: str) -> bool:
        return bool(self.answer("lexists", path))

    def listdir(self, path: str) -> list[str]:
        """The folder's names, sorted; [] when it cannot be listed."""
        return list(self.answer("listdir", path))

    def subfolders(self, path: str) -> frozenset[str]:
        """Names of the folders directly in `path` (following symlinks); empty when it cannot be listed."""
        return frozenset(self.answer("subdirs", path))

    def read(self, path: str) -> tuple[bytes, int]:
        """`read_bytes(path, max_bytes)`, with its digest (or its error) recorded. Raises OSError."""
        try:
            data, size = read_bytes(path, self.max_bytes)
        except OSError as error:
            self._answers[("read", path)] = ["error", error.errno, error.strerror]
            raise
        self._answers[("read", path)] = ["ok", digest(data) if self.digests else None, size]
        return data, size

    def note(self, op: str, path: str, answer: Answer) -> None:
        """Record an answer found by a memo shared across documents (the first asking recorded
        nothing for the others): it is as much a dependency of this document as one asked here."""
        self._answers.setdefault((op, path), answer)

    def answer(self, op: str, path: str) -> Answer:
        """The answer to `op` on `path`, asked once. Raises KeyError for an unknown question."""
        key = (op, path)
        if key in self._answers:
            return self._answers[key]
        if op == "read":
            with contextlib.suppress(OSError):  # the error is the answer, recorded by read
                self.read(path)
            return self._answers[key]
        found = self._answers[key] = _ASK[op](path)
        return found

    def probes(self) -> list[list[Answer]]:
        """Every question asked, as `[op, path, answer]`, in the order first asked."""
        return [[op, path, answer] for (op, path), answer in self._answers.items()]

    def holds(self, probes: Iterable[Sequence[Answer]]) -> bool:
        """Whether every recorded probe gets the same answer now. A malformed probe (a corrupt
        record) does not hold. Shared answers make a warm run ask each question once."""
        answers = self._answers
        try:
            for op, path, recorded in probes:
                if type(path) is not str:  # os.path.exists(3) would ask about file descriptor 3
                    return False
                key = (op, path)
                if (answers[key] if key in answers else self.answer(op, path)) != recorded:
                    return False
        except (KeyError, TypeError, ValueError):  # an unknown or unhashable question: corrupt
            return False
        return True
