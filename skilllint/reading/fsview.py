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
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

Answer = Any
"""A probe's answer: bool, list of names, or a read's `["ok", digest, size]` / `["error", errno, text]`."""

Sig = tuple[int, int, int, int, int]
"""What `os.stat` says of a file or folder that changes with its content: st_mtime_ns, st_ctime_ns,
st_ino, st_size, st_dev (a folder's mtime changes when an entry is added, removed or renamed; the
ctime with any write, chmod or utime, and cannot be set back)."""


def signature(info: os.stat_result) -> Sig:
    return (info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_size, info.st_dev)

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
    data, info = read_with_stat(path, max_bytes)
    return data, info.st_size


def read_with_stat(path: Path | str, max_bytes: int) -> tuple[bytes, os.stat_result]:
    """`read_bytes`, with the fstat taken before the bytes were read (a run record trusts the
    bytes while the file's signature is unchanged, so the signature must not be newer than them)."""
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
            return handle.read(min(info.st_size, max_bytes) + 1), info
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


def _stat_error(path: str) -> int:
    """0 when `os.stat` (following links) succeeds, else its errno (ELOOP: a symlink loop)."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno or -1
    except ValueError:  # a NUL in the path
        return -1
    return 0


PLUGIN_MANIFEST = os.path.join(".claude-plugin", "plugin.json")
"""Where a Claude Code plugin's manifest is, from the plugin's root folder."""


def plugin_root(path: str, isfile: Callable[[str], bool] = os.path.isfile) -> str | None:
    """The nearest folder at or above `path` holding `.claude-plugin/plugin.json` (a plugin's root), or None."""
    folder = path
    while True:
        if isfile(os.path.join(folder, PLUGIN_MANIFEST)):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _readlink(path: str) -> str | None:
    try:
        return os.readlink(path)
    except (OSError, ValueError):
        return None


_ASK: dict[str, Callable[[str], Answer]] = {
    "exists": os.path.exists,
    "isfile": os.path.isfile,
    "isdir": os.path.isdir,
    "lexists": os.path.lexists,
    "islink": os.path.islink,
    "listdir": _listing,
    "subdirs": _subfolders,
    "realpath": os.path.realpath,
    "stat": _stat_error,
    "readlink": _readlink,
    "plugin": plugin_root,
}
"""The questions a view can be asked besides reading, each a function of the file system only."""

Overlay = Mapping[str, bytes]
"""Contents read instead of some files' bytes on disk, by normalised absolute path: what `check
--diff` would write, standard input (`check -`), an editor's unsaved buffer."""
_AS_A_FILE: Mapping[str, Answer] = MappingProxyType(
    {"exists": True, "isfile": True, "lexists": True, "isdir": False, "listdir": (), "subdirs": (), "stat": 0})
"""What a file of the overlay answers, whatever is on disk there (its links are the disk's)."""


def overlaid_answer(overlay: Overlay, op: str, path: str) -> Answer:
    """`op` on `path` when some files' contents come from an overlay: such a file exists and is a
    regular file whatever the disk says (an editor's new file is linted before it is saved), and
    its folder lists it."""
    key = os.path.normpath(path)
    if key in overlay and op in _AS_A_FILE:
        return _AS_A_FILE[op]
    if op == "plugin":  # a manifest not saved yet counts
        return plugin_root(path, lambda manifest: bool(overlaid_answer(overlay, "isfile", manifest)))
    found = _ASK[op](path)
    if op == "listdir":
        own = [name for name in (os.path.basename(file) for file in overlay if os.path.dirname(file) == key)
               if name not in found]
        found = sorted([*found, *own]) if own else found
    return found


def overlaid_read(overlay: Overlay | None, path: str, limit: int) -> tuple[bytes, int] | None:
    """What `read_bytes(path, limit)` gives for a file of the overlay (None for one that is not)."""
    content = overlay.get(os.path.normpath(path)) if overlay else None
    return None if content is None else (content[: limit + 1], len(content))


class FileSystemView:
    """The file system as one document's checks (or, for a cache lookup, one run's) see it: each
    question asked once, its answer kept in the order asked.

    `max_bytes` is the read limit (the run's `max-file-size`): a read records the digest of the
    bytes returned (at most `max_bytes + 1`) and the file's size, or the error. A view whose
    answers feed no cache (`digests=False`: a run without one) records None for the digest:
    hashing costs the import of hashlib (OpenSSL, milliseconds of a one-skill run) for nothing.
    """

    __slots__ = ("_answers", "digests", "max_bytes", "overlay", "sigs")

    def __init__(self, max_bytes: int, *, digests: bool = True, overlay: Mapping[str, bytes] | None = None) -> None:
        self.max_bytes = max_bytes
        self.digests = digests
        self._answers: dict[tuple[str, str], Answer] = {}
        self.sigs: dict[str, Sig] = {}  # each file read: its signature, taken before its bytes were read
        # contents read instead of the file's bytes on disk, by normalised path: what `check --diff`
        # would write, linted before anything is written
        self.overlay = overlay

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

    def realpath(self, path: str) -> str:
        return str(self.answer("realpath", path))

    def islink(self, path: str) -> bool:
        return bool(self.answer("islink", path))

    def stat_error(self, path: str) -> int:
        """0 when the path can be stat'ed (following symlinks), else the errno."""
        return int(self.answer("stat", path))

    def plugin_root(self, path: str) -> str | None:
        """The nearest folder at or above `path` holding `.claude-plugin/plugin.json`, or None: one
        question for the whole walk up (asked a folder at a time, it made 7 of a skill's 16 probes,
        each stored in its cache entry)."""
        found = self.answer("plugin", path)
        return None if found is None else str(found)

    def readlink(self, path: str) -> str | None:
        found = self.answer("readlink", path)
        return None if found is None else str(found)

    def read(self, path: str, limit: int | None = None) -> tuple[bytes, int]:
        """`read_bytes(path, max_bytes)` (or `limit`: the caller's own, equal to it for a skill's
        view), with its digest (or its error) recorded. Raises OSError."""
        overlaid = overlaid_read(self.overlay, path, self.max_bytes if limit is None else limit)
        if overlaid is not None:  # no signature: nothing on disk vouches for these bytes
            self._answers[("read", path)] = ["ok", digest(overlaid[0]) if self.digests else None, overlaid[1]]
            return overlaid
        try:
            data, info = read_with_stat(path, self.max_bytes if limit is None else limit)
        except OSError as error:
            self._answers[("read", path)] = ["error", error.errno, error.strerror]
            raise
        size = info.st_size
        self._answers[("read", path)] = ["ok", digest(data) if self.digests else None, size]
        self.sigs[path] = signature(info)
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
        found = self._answers[key] = overlaid_answer(self.overlay, op, path) if self.overlay else _ASK[op](path)
        return found

    def forget_reads(self, paths: Iterable[object]) -> None:
        """Drop what reading these files answered (digest, size, signature): a caller that asks about
        each file once and keeps no record of it needs them no more."""
        for path in paths:
            if type(path) is str:
                self._answers.pop(("read", path), None)
                self.sigs.pop(path, None)

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


ENTRY_KINDS = "dflo"
"""A folder entry's kind in a recorded listing: folder, regular file, symlink, other (FIFO, socket, device)."""


def entry_kind(entry: os.DirEntry[str]) -> str:
    """The kind of a folder entry, from the listing itself (no stat where the file system gives d_type)."""
    try:
        if entry.is_symlink():
            return "l"
        if entry.is_dir(follow_symlinks=False):
            return "d"
        return "f" if entry.is_file(follow_symlinks=False) else "o"
    except OSError:
        return "o"


def listing_digest(kinds: dict[str, str] | None) -> str:
    """The digest of a folder's listing: every name with its kind, in name order ("" when unreadable)."""
    import hashlib

    if kinds is None:
        return ""
    text = "\0".join(kind + name for name, kind in sorted(kinds.items()))
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def sorted_entries(path: str) -> list[os.DirEntry[str]]:
    """A folder's entries (`os.scandir`), by name: the order the walk and its record see. Raises OSError."""
    with os.scandir(path) as handle:
        return sorted(handle, key=lambda entry: entry.name)


def scan_kinds(path: str) -> dict[str, str] | None:
    """Each entry of a folder with its kind; None when it cannot be listed."""
    try:
        with os.scandir(path) as handle:
            return {entry.name: entry_kind(entry) for entry in handle}
    except (OSError, ValueError):
        return None


def access(info: os.stat_result) -> tuple[int, int, int]:
    """What decides who may list a folder and reach its entries: its mode and owners."""
    return info.st_mode, info.st_uid, info.st_gid


MAX_RECORDED_FOLDERS = 60_000
"""A walk that lists more folders than this keeps no run record (about 20,000 skills; see
`engine.linter.RECORD_MAX_SKILLS`): each folder's listing held for it cost a kilobyte, and its
replay would stat them all."""

Scan = tuple[Sig, tuple[int, int, int], "dict[str, str] | None"]
"""A folder the walk listed: its signature and `access`, taken before listing it, and each entry's
kind (None: it could not be listed)."""


class RunInputs(FileSystemView):
    """Everything one `check` run learnt from the file system, for its run record
    (`skilllint.engine.cache.runrecord`): the probes of every layer (config files found and read, the
    discovery walk, `.gitignore` files, manifests, each skill's own probes), each folder the walk
    listed with its signature and its entries' kinds, and each file read with its signature. (The
    files a pool worker's skill read come as the record's rows, kept in `draft`, their signatures
    here: `runrecord.take`.)

    The answers must be the ones the run used: a folder's signature is taken before it is listed and
    a file's before its bytes are read, so a change during the run shows as a newer signature next
    time. Two different answers to one question (the tree changed under the run), or a reader that
    could not say what it read, make `broken` say why, and no record is written.
    """

    __slots__ = ("scans", "whole", "limits", "broken", "cache_dirs", "draft")

    def __init__(self, max_bytes: int) -> None:
        super().__init__(max_bytes)
        self.scans: dict[str, Scan] = {}
        self.whole: dict[str, Answer] = {}  # files read whole (configs, .gitignore): ["ok", digest, size] / error
        self.limits: dict[str, int] = {}  # files read through `read`: the limit they were read with
        self.broken: str | None = None
        self.cache_dirs: set[str | None] = set()  # the cache folder of each config's part of the run
        self.draft: object | None = None  # the record as encoded so far (`runrecord.Draft`: opaque here)

    def give_up(self, reason: str) -> None:
        """No record will be written (`reason` says why): what was gathered for one goes."""
        if self.broken is None:
            self.broken = reason
            for gathered in (self.scans, self.whole, self.limits, self.sigs, self._answers):
                gathered.clear()
            self.draft = None

    def scan(self, path: str) -> list[os.DirEntry[str]]:
        """The entries of a folder, sorted by name (`os.scandir`), recorded with the folder's
        signature. Raises OSError (recorded as the probe `stat`, `isdir` answering for it). Once no
        record will be written (`broken`: a walk of more than `MAX_RECORDED_FOLDERS`), it lists as
        `PlainFs` does, without the `stat`: 80,000 of them for nothing took a 61,000-skill walk 0.2 s."""
        if self.broken is not None:
            return sorted_entries(path)
        try:
            before = os.stat(path)
        except OSError:
            self.answer("stat", path)  # its errno: gone, or a loop
            raise
        try:
            entries = sorted_entries(path)
        except OSError:
            self._record_scan(path, (signature(before), access(before), None))  # unreadable until its mode changes
            raise
        self._record_scan(path, (signature(before), access(before),
                                 {entry.name: entry_kind(entry) for entry in entries}))
        return entries

    def _record_scan(self, path: str, recorded: Scan) -> None:
        if self.broken is not None:
            return  # no record will be written: keep nothing for it
        if len(self.scans) >= MAX_RECORDED_FOLDERS:
            self.give_up(f"more than {MAX_RECORDED_FOLDERS:,} folders: more than a run record is kept for")
            return
        if self.scans.setdefault(path, recorded) != recorded:
            self.give_up(f"{path} changed during the run")

    def read(self, path: str, limit: int | None = None) -> tuple[bytes, int]:
        limit = self.max_bytes if limit is None else limit
        view = FileSystemView(limit, overlay=self.overlay)  # then merged: a second read must find what the first did
        try:
            return view.read(path)
        finally:
            self.merge(view.probes(), view.sigs, limit)

    def read_whole(self, path: str) -> bytes:
        """All the bytes of a regular file (a `.gitignore`, git's `info/exclude`), recorded. Raises OSError."""
        try:
            data, info = read_with_stat(path, 1 << 62)
        except OSError as error:
            self.note_whole(path, None, None, error)
            raise
        self.note_whole(path, info, data)
        return data

    def note_whole(self, path: str, info: os.stat_result | None, data: bytes | None,
                   error: OSError | None = None) -> None:
        """Record a file another reader read whole (a config): its signature taken before the read,
        and the digest of every byte the reader used; or the error it met."""
        if data is None or info is None:
            answer: Answer = ["error", error.errno if error is not None else None]
        else:
            answer = ["ok", digest(data), len(data)]
            self._note_sig(path, signature(info))
        if self.whole.setdefault(path, answer) != answer:
            self.give_up(f"{path} changed during the run")

    def _note_sig(self, path: str, sig: Sig) -> None:
        if self.sigs.setdefault(path, sig) != sig:
            self.give_up(f"{path} changed during the run")

    def merge(self, probes: Iterable[Sequence[Answer]], sigs: dict[str, Sig], limit: int) -> None:
        """Add what one view asked, read with `limit` (a skill computed here, a cache lookup, a
        definition; a pool worker's skill comes through `runrecord.take`)."""
        if self.broken is not None:
            return
        answers, limits, mine = self._answers, self.limits, self.sigs
        for op, path, answer in probes:
            if answers.setdefault((op, path), answer) != answer:
                self.give_up(f"{path} changed during the run")
            if op == "read" and limits.setdefault(path, limit) != limit:
                self.give_up(f"{path} read with two limits")
        for path, sig in sigs.items():
            if mine.setdefault(path, sig) != sig:
                self.give_up(f"{path} changed during the run")

    def answers(self) -> dict[tuple[str, str], Answer]:
        return self._answers


class PlainFs(RunInputs):
    """The same questions, asked of the file system directly and recorded nowhere: a run without a run
    record (with `overlay`, the files there answer from it)."""

    __slots__ = ()

    def __init__(self, overlay: Overlay | None = None) -> None:
        super().__init__(0)
        self.overlay = overlay

    def answer(self, op: str, path: str) -> Answer:
        return overlaid_answer(self.overlay, op, path) if self.overlay else _ASK[op](path)

    def scan(self, path: str) -> list[os.DirEntry[str]]:
        return sorted_entries(path)

    def read_whole(self, path: str) -> bytes:
        overlaid = overlaid_read(self.overlay, path, 1 << 62)
        return overlaid[0] if overlaid is not None else read_with_stat(path, 1 << 62)[0]

    def read(self, path: str, limit: int | None = None) -> tuple[bytes, int]:
        limit = self.max_bytes if limit is None else limit
        return overlaid_read(self.overlay, path, limit) or read_bytes(path, limit)
