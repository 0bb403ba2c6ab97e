"""Cache entries on disk: one small file per key, in 16 shard folders, written atomically.

The run records (`runrecord.py`: one per invocation, read before anything heavy is imported)
live here; the per-skill results live in packs (`pack.py`), one file per run rather than one
per skill.

Layout: `ROOT/v1/a/abcd...` (the key's first hex digit names the shard: a folder per entry
prefix keeps listings short for big trees, and only 16 of them, because creating a folder costs
as much as several entries do; a change of the entry format bumps `v1`).
`ROOT/CACHEDIR.TAG` tells backup tools to skip the folder.

- Writes go to a temporary file in the entry's own folder (created with O_EXCL under a name no
  other process picks) and are moved into place with `os.replace`: a reader sees the old entry
  or the new one, never part of one, and two runs writing one entry at once both succeed.
- Any failure to read is a miss. The first failure to write (a read-only or full disk, a
  folder we may not create) turns writing off for the rest of the run, silently: the run goes
  on without the cache rather than failing or slowing down.
- Size: an entry that is used has its time refreshed (at most once a day); once a day, a run
  that wrote deletes the entries nobody used for `MAX_AGE_DAYS` and the temporary files a
  killed run left. `skilllint cache clear` deletes every entry.
"""

from __future__ import annotations

import contextlib
import os
import time
from typing import TYPE_CHECKING

from skilllint.core import lazyre
from skilllint.reading.fsview import read_bytes

if TYPE_CHECKING:
    from pathlib import Path  # only named: a run-record replay opens its entry before pathlib is loaded

FORMAT_DIR = "v1"
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""An entry is a few kilobytes; a bigger file in its place is not ours, and is not read."""
DAY = 24 * 60 * 60
MAX_AGE_DAYS = 14
_KEY = lazyre.compile(r"[0-9a-f]{64}")
_SHARD = lazyre.compile(r"[0-9a-f]")
_TEMP_SUFFIX = ".tmp"
_PRUNED = ".pruned"
TAG_NAME = "CACHEDIR.TAG"
_TAG = (b"Signature: 8a477f597d28d172789f06886806bc55\n"
        b"# This file is a cache directory tag created by skilllint.\n"
        b"# For information about cache directory tags see https://bford.info/cachedir/\n")


class EntryStore:
    """The entries under one cache root, for one run (or one `cache clear`)."""

    def __init__(self, root: Path | str) -> None:
        self.root = root
        self.base = os.path.join(root, FORMAT_DIR)
        self.writable = True
        self.now = time.time()

    def _path(self, key: str) -> str:
        return os.path.join(self.base, key[:1], key)

    def get(self, key: str) -> bytes | None:
        """The entry's bytes, or None (no entry, one that cannot be read, or no regular file: a
        FIFO put in its place must not block the run)."""
        path = self._path(key)
        try:
            data, size = read_bytes(path, MAX_ENTRY_BYTES)
            modified = os.stat(path).st_mtime
        except (OSError, ValueError):
            return None
        if size > MAX_ENTRY_BYTES:
            return None
        if self.writable and self.now - modified > DAY:  # in use: keep it from being pruned
            with contextlib.suppress(OSError, ValueError):
                os.utime(path)
        return data

    def put(self, key: str, data: bytes) -> None:
        """Store an entry atomically; on any failure stop writing for this run."""
        if not self.writable:
            return
        folder = os.path.join(self.base, key[:1])
        temp = os.path.join(folder, f".{key[:16]}.{os.getpid()}.{os.urandom(6).hex()}{_TEMP_SUFFIX}")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        try:
            try:
                fd = os.open(temp, flags, 0o666)
            except FileNotFoundError:
                self._make_folders(folder)
                fd = os.open(temp, flags, 0o666)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            os.replace(temp, self._path(key))
        except (OSError, ValueError):
            self.writable = False
            with contextlib.suppress(OSError, ValueError):
                os.unlink(temp)

    def _make_folders(self, folder: str) -> None:
        tag_root(self.root)
        os.makedirs(folder, exist_ok=True)

    def prune(self) -> int:
        """Once a day (the first run of the day that stored something calls it): delete entries
        unused for MAX_AGE_DAYS and temporary files over an hour old. Returns how many went."""
        if not self.writable:
            return 0
        marker = os.path.join(self.base, _PRUNED)
        try:
            if self.now - os.stat(marker).st_mtime < DAY:
                return 0
        except FileNotFoundError:
            pass
        except (OSError, ValueError):  # ValueError: a NUL in a configured path
            return 0
        try:
            with open(marker, "wb"):
                pass  # first, so that runs ending together do not all prune
        except (OSError, ValueError):
            return 0
        return self._delete(entries_before=self.now - MAX_AGE_DAYS * DAY, temps_before=self.now - 3600)

    def clear(self) -> int:
        """Delete every entry (and only what skilllint wrote there); returns how many went. Clear
        the packs first (`pack.clear_packs`): the root goes only when nothing else is in it."""
        removed = self._delete(entries_before=float("inf"), temps_before=float("inf"))
        with contextlib.suppress(OSError, ValueError):
            os.unlink(os.path.join(self.base, _PRUNED))
        with contextlib.suppress(OSError, ValueError):
            os.rmdir(self.base)
        with contextlib.suppress(OSError, ValueError):
            if os.listdir(self.root) == [TAG_NAME]:  # a folder skilllint made (it tags only those): gone too
                os.unlink(os.path.join(self.root, TAG_NAME))
                os.rmdir(self.root)
        return removed

    def _delete(self, *, entries_before: float, temps_before: float) -> int:
        removed = 0
        try:
            shards = [entry.path for entry in os.scandir(self.base) if _SHARD.fullmatch(entry.name) and entry.is_dir()]
        except (OSError, ValueError):
            return 0
        for shard in shards:
            try:
                files = list(os.scandir(shard))
            except (OSError, ValueError):
                continue
            for entry in files:
                temp = entry.name.startswith(".") and entry.name.endswith(_TEMP_SUFFIX)
                if not (temp or _KEY.fullmatch(entry.name)):
                    continue  # not ours: leave it
                try:
                    if entry.stat(follow_symlinks=False).st_mtime < (temps_before if temp else entries_before):
                        os.unlink(entry.path)
                        removed += 1
                except (OSError, ValueError):
                    continue
            with contextlib.suppress(OSError, ValueError):
                os.rmdir(shard)  # only when empty
        return removed


def tag_root(root: Path | str) -> None:
    """Create the cache root when missing, with the tag that tells backup tools to skip it
    (only in a folder skilllint made: `clear` removes only tagged roots)."""
    if not os.path.isdir(root):
        os.makedirs(root, exist_ok=True)
        with contextlib.suppress(OSError, ValueError), open(os.path.join(root, TAG_NAME), "wb") as handle:
            handle.write(_TAG)
