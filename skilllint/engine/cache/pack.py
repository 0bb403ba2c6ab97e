"""Per-skill results kept in packs: one file per process that computed something, not one per skill.

Why: creating a file costs 0.1-0.7 ms on a virtual disk, and a cold run of 5,000 skills spent
1.6 s of its 7 s creating one entry file each (1.4x a `--no-cache` run). Ruff keeps one cache
file per package for the same reason; skilllint keeps one folder per run fingerprint (the
settings, skilllint and Python a skill's findings depend on) and a few packs in it.

Layout: `ROOT/v2/<fingerprint[:32]>/<creation time_ns>-<pid>-<random>.pack`.

- **Immutable packs.** A run (each pool worker of it, `engine.deferred`) streams the entries it
  computed into a temporary file in the folder and renames it into place at the end: a reader sees
  whole packs only, and two runs writing at once each write their own. Nothing ever rewrites a
  pack in place.
- **A pack**: a header line, the entries' bytes one after another, then the index
  (`count` records of key, offset, length and the day the entry was last written or used),
  then a fixed-size trailer (index offset, count, magic). The index comes last so that a run
  writes each entry as it arrives and never holds them all in memory.
- **Reading**: every pack of the folder, oldest first, so a newer entry of one key wins. Only
  the indexes are read up front; an entry's bytes are read when it is used. A damaged pack
  (bad trailer, an index pointing outside its entries) is skipped; a damaged entry fails the
  codec's digest: a miss either way, never a wrong finding.
- **Compaction**: once there are more than `MAX_PACKS`, a run merges them into one (leaving out
  the largest when it outweighs all the rest, so a long series of one-skill runs does not copy
  a big pack each time), and every `MAX_AGE_DAYS` it merges all of them. A merge keeps an
  entry when this run used or wrote it, or when it was written within `MAX_AGE_DAYS` (an entry
  used a week after it was written is written again by the run that used it, so in use means
  written within a week);
  stale entries (a file's old content) go there. The merged packs are deleted once the new one
  is in place; a run still reading one of them just misses.
- **Pruning**: once a day, the first run that wrote deletes the folders of fingerprints no run
  used for `MAX_AGE_DAYS` (another skilllint version, a config long changed) and temporary
  files a killed run left. A pack a run used has its time refreshed at most once a day.
- Any failure to read is a miss; the first failure to write turns writing off for the run.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import struct
import time
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from skilllint.core import lazyre
from skilllint.engine.cache.store import PRUNED, due_today, sweep, tag_root

if TYPE_CHECKING:
    from pathlib import Path

FORMAT_DIR = "v2"
HEADER = b"skilllint-pack 2\n"
_TRAILER = struct.Struct("<QI8s")
_TRAILER_MAGIC = b"SLPACK02"
_RECORD = struct.Struct("<32sQII")  # key digest, offset, length, day
MAX_PACKS = 8
MAX_AGE_DAYS = 14
REFRESH_DAYS = MAX_AGE_DAYS // 2
"""An entry used this many days after it was last written is written again into the run's pack: an
entry's day is the only record of its use (runs whose entries all hit write nothing else), and a
merge drops what is older than MAX_AGE_DAYS."""
DAY = 24 * 60 * 60
MAX_ENTRY_BYTES = 64 * 1024 * 1024
_SUFFIX = ".pack"
_TEMP_SUFFIX = ".tmp"
_PACK_NAME = lazyre.compile(r"[0-9]{20}-[0-9]+-[0-9a-f]{12}\.pack")
_FOLDER_NAME = lazyre.compile(r"[0-9a-f]{32}")


@dataclass(slots=True)
class _Pack:
    """One pack as read: its open file and its index."""

    path: str
    handle: IO[bytes]
    size: int
    created: int  # time_ns from its name
    index: dict[bytes, tuple[int, int, int]] = field(default_factory=dict)  # key -> offset, length, day


@dataclass(slots=True)
class _Writer:
    """The run's own pack while it is being written."""

    temp: str
    handle: IO[bytes]
    offset: int
    index: list[tuple[bytes, int, int, int]] = field(default_factory=list)


class PackStore:
    """The packs of one run fingerprint under one cache root, for one run."""

    def __init__(self, root: Path | str, fingerprint: str) -> None:
        self.root = root
        self.base = os.path.join(root, FORMAT_DIR)
        self.folder = os.path.join(self.base, fingerprint[:32])
        self.now = time.time()
        self.today = int(self.now // DAY)
        self.writable = True
        self._packs: list[_Pack] | None = None
        self._where: dict[bytes, _Pack] = {}
        self._used: set[bytes] = set()
        self._writer: _Writer | None = None

    # reading

    def empty(self) -> bool:
        """Whether no pack holds anything for this fingerprint (a cold run: nothing to look up)."""
        self._load()
        return not self._where

    def get(self, key: str) -> bytes | None:
        """The entry's bytes, or None (no entry, or one that cannot be read)."""
        packs = self._load()
        if not packs:
            return None
        digest = _digest(key)
        pack = self._where.get(digest)
        if pack is None:
            return None
        offset, length, day = pack.index[digest]
        try:
            pack.handle.seek(offset)
            data = pack.handle.read(length)
        except (OSError, ValueError):
            return None
        if len(data) != length:
            return None
        self._used.add(digest)
        if day < self.today - REFRESH_DAYS:
            self._append(digest, data)  # written again, today: a run that only reads writes nothing else
        return data

    def _load(self) -> list[_Pack]:
        if self._packs is not None:
            return self._packs
        self._packs = []
        try:
            names = sorted(name for name in os.listdir(self.folder) if _PACK_NAME.fullmatch(name))
        except (OSError, ValueError):
            return self._packs
        for name in names:
            pack = _open(os.path.join(self.folder, name))
            if pack is not None:
                self._packs.append(pack)
                for digest in pack.index:
                    self._where[digest] = pack
        return self._packs

    # writing

    def add(self, key: str, data: bytes) -> None:
        """Append an entry to the run's pack (opened at the first one)."""
        self._append(_digest(key), data)

    def _append(self, digest: bytes, data: bytes) -> None:
        if not self.writable or len(data) > MAX_ENTRY_BYTES:
            return
        try:
            writer = self._writer or self._start()
            writer.handle.write(data)
        except (OSError, ValueError):
            self._give_up()
            return
        writer.index.append((digest, writer.offset, len(data), self.today))
        writer.offset += len(data)

    def _start(self) -> _Writer:
        try:
            handle, temp = self._temp()
        except FileNotFoundError:
            self._make_folders()
            handle, temp = self._temp()
        handle.write(HEADER)
        self._writer = _Writer(temp, handle, len(HEADER))
        return self._writer

    def _temp(self) -> tuple[IO[bytes], str]:
        temp = os.path.join(self.folder, f".{os.getpid()}-{os.urandom(6).hex()}{_TEMP_SUFFIX}")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        return os.fdopen(os.open(temp, flags, 0o666), "wb", buffering=1 << 20), temp

    def _make_folders(self) -> None:
        tag_root(self.root)
        os.makedirs(self.folder, exist_ok=True)

    def flush(self) -> None:
        """Write out what the run's pack buffers: a forked worker inherits the buffer, and must find
        nothing in it that a copy could ever write twice."""
        if self._writer is not None:
            try:
                self._writer.handle.flush()
            except (OSError, ValueError):
                self._give_up()

    def abandon(self) -> None:
        """Close everything without putting a pack in place (the run did not finish)."""
        self._give_up()
        for pack in self._packs or []:
            with contextlib.suppress(OSError, ValueError):
                pack.handle.close()

    def _give_up(self) -> None:
        """Stop writing for this run, leaving nothing half-written behind."""
        self.writable = False
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(OSError, ValueError):
                writer.handle.close()
            with contextlib.suppress(OSError, ValueError):
                os.unlink(writer.temp)

    def own_writer(self) -> None:
        """In a forked worker, before its first entry: forget the writer inherited from the main
        process (whose buffer was written out before the fork: `flush`), so that this process's
        entries go to a pack of its own (`seal`)."""
        self._writer = None

    def drop_temps(self, pids: list[int]) -> None:
        """Delete what these processes were writing (pool workers that were lost: their packs were
        never put in place)."""
        prefixes = tuple(f".{pid}-" for pid in pids)
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if prefixes and name.startswith(prefixes) and name.endswith(_TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(self.folder, name))

    def seal(self) -> bool:
        """Put this process's pack in place, if it wrote one (a worker's: the main process merges and
        prunes, `finish`)."""
        return self._seal() is not None

    def finish(self, others: bool = False) -> None:
        """At the end of the run: put its pack in place, merge packs when due, refresh the time of
        the packs it used (at most once a day), prune once a day. A run that only read writes no
        pack. `others`: the run's workers put packs of their own in place."""
        wrote = self._seal() is not None or others
        packs = self._packs or []
        if self.writable and wrote:
            with contextlib.suppress(OSError, ValueError):
                self._compact()
        self._touch_used(packs)
        for pack in packs:
            with contextlib.suppress(OSError, ValueError):
                pack.handle.close()
        if wrote:
            self.prune()

    def _seal(self) -> str | None:
        writer, self._writer = self._writer, None
        if writer is None:
            return None
        try:
            with writer.handle:
                for record in writer.index:
                    writer.handle.write(_RECORD.pack(*record))
                writer.handle.write(_TRAILER.pack(writer.offset, len(writer.index), _TRAILER_MAGIC))
            final = os.path.join(self.folder, _pack_name())
            os.replace(writer.temp, final)
        except (OSError, ValueError):
            self._writer = writer
            self._give_up()
            return None
        return final

    def _compact(self) -> None:
        names = sorted(name for name in os.listdir(self.folder) if _PACK_NAME.fullmatch(name))
        packs = [pack for pack in (_open(os.path.join(self.folder, name)) for name in names) if pack is not None]
        oldest = min((pack.created for pack in packs), default=time.time_ns())
        full = (time.time_ns() - oldest) > MAX_AGE_DAYS * DAY * 1_000_000_000
        if not full and len(packs) <= MAX_PACKS:
            return
        merge = packs
        if not full:
            largest = max(packs, key=lambda pack: pack.size)
            if largest.size > sum(pack.size for pack in packs) - largest.size:
                merge = [pack for pack in packs if pack is not largest]
        try:
            self._merge(merge, [pack for pack in packs if pack not in merge])
        except (OSError, ValueError):
            self._give_up()
        finally:
            for pack in packs:
                with contextlib.suppress(OSError, ValueError):
                    pack.handle.close()

    def _merge(self, packs: list[_Pack], left_out: list[_Pack]) -> None:
        """One pack of the live entries of `packs` (the newest of each key), then the old ones go.
        An entry a newer pack left out of the merge also holds is dropped: the merged pack is the
        newest, and must not bring back an older entry of that key."""
        newest: dict[bytes, tuple[_Pack, int, int, int]] = {}
        for pack in packs:  # oldest first: a later pack's entry replaces an earlier one
            for digest, (offset, length, day) in pack.index.items():
                newest[digest] = (pack, offset, length, day)
        horizon = self.today - MAX_AGE_DAYS
        writer = self._start()
        for digest, (pack, offset, length, day) in newest.items():
            used = digest in self._used
            if (not used and day < horizon) or any(
                    other.created > pack.created and digest in other.index for other in left_out):
                continue
            pack.handle.seek(offset)
            data = pack.handle.read(length)
            if len(data) != length:
                continue
            writer.handle.write(data)
            writer.index.append((digest, writer.offset, length, self.today if used else day))
            writer.offset += length
        if self._seal() is None:
            return
        for pack in packs:
            with contextlib.suppress(OSError, ValueError):
                os.unlink(pack.path)

    def _touch_used(self, packs: list[_Pack]) -> None:
        """Keep the packs in use from being pruned: their time refreshed, at most once a day."""
        if not self.writable or not self._used:
            return
        for pack in {id(p): p for p in (self._where[d] for d in self._used if d in self._where)}.values():
            with contextlib.suppress(OSError, ValueError):
                if self.now - os.stat(pack.path).st_mtime > DAY:
                    os.utime(pack.path)

    # upkeep

    def prune(self) -> int:
        """Once a day: delete the fingerprint folders no run used for MAX_AGE_DAYS, and temporary
        files over an hour old. Returns how many entries went."""
        if not due_today(self.base, self.now):
            return 0
        return delete_packs(self.base, packs_before=self.now - MAX_AGE_DAYS * DAY, temps_before=self.now - 3600)


def delete_packs(base: str, *, packs_before: float, temps_before: float) -> int:
    """Delete the packs (and temporary files) older than the given times under `base`, and each
    fingerprint folder left empty; only files of skilllint's own names. A folder with a pack newer
    than `packs_before` is in use and keeps its packs (merges drop its stale entries). Returns how
    many entries went (the packs' entries; temporary files count none)."""
    return sweep(base, _FOLDER_NAME, _PACK_NAME, temps_before=temps_before,
                 files_before=lambda files: float("-inf") if _any_recent(files, packs_before) else packs_before,
                 weight=lambda path, temp: 0 if temp else _entry_count(path))


def clear_packs(base: str) -> int:
    """Delete every pack under `base` (and the folders, when nothing else is in them)."""
    removed = delete_packs(base, packs_before=float("inf"), temps_before=float("inf"))
    with contextlib.suppress(OSError, ValueError):
        os.unlink(os.path.join(base, PRUNED))
    with contextlib.suppress(OSError, ValueError):
        os.rmdir(base)
    return removed


def _entry_count(path: str) -> int:
    """How many entries a pack holds, by its trailer (1 for a file that is not a whole pack)."""
    try:
        with _open_regular(path) as handle:
            handle.seek(-_TRAILER.size, os.SEEK_END)
            _, count, magic = _TRAILER.unpack(handle.read(_TRAILER.size))
    except (OSError, ValueError, struct.error):
        return 1
    return int(count) if magic == _TRAILER_MAGIC else 1


def _any_recent(files: list[os.DirEntry[str]], before: float) -> bool:
    for entry in files:
        if _PACK_NAME.fullmatch(entry.name):
            with contextlib.suppress(OSError, ValueError):
                if entry.stat(follow_symlinks=False).st_mtime >= before:
                    return True
    return False


def _open(path: str) -> _Pack | None:
    """A pack's index, or None when the file is not a whole pack of this format."""
    try:
        handle = _open_regular(path)
    except (OSError, ValueError):
        return None
    try:
        size = os.fstat(handle.fileno()).st_size
        if size < len(HEADER) + _TRAILER.size:
            raise ValueError("short")
        if handle.read(len(HEADER)) != HEADER:
            raise ValueError("header")
        handle.seek(size - _TRAILER.size)
        index_at, count, magic = _TRAILER.unpack(handle.read(_TRAILER.size))
        if magic != _TRAILER_MAGIC or index_at < len(HEADER) or index_at + count * _RECORD.size != size - _TRAILER.size:
            raise ValueError("trailer")
        handle.seek(index_at)
        raw = handle.read(count * _RECORD.size)
        if len(raw) != count * _RECORD.size:
            raise ValueError("index")
        pack = _Pack(path, handle, size, int(os.path.basename(path).partition("-")[0]))
        for digest, offset, length, day in _RECORD.iter_unpack(raw):
            if offset >= len(HEADER) and offset + length <= index_at:
                pack.index[digest] = (offset, length, day)
        return pack
    except (OSError, ValueError, struct.error):
        handle.close()
        return None


def _open_regular(path: str) -> IO[bytes]:
    """The file open for reading, refused (OSError) unless it is a regular file: a FIFO or a device
    put where a pack should be must not block the run (opened without blocking, then looked at)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        if flags & getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _digest(key: str) -> bytes:
    try:
        return bytes.fromhex(key)[:32].ljust(32, b"\0")
    except ValueError:
        return key.encode("utf-8", "surrogatepass")[:32].ljust(32, b"\0")


def _pack_name() -> str:
    return f"{time.time_ns():020d}-{os.getpid()}-{os.urandom(6).hex()}{_SUFFIX}"

