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
import re
import time
from collections.abc import Callable, Sequence
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
PRUNED = ".pruned"
"""The once-a-day pruning marker of a store's folder (`due_today`), the entry store's and the packs'."""
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

    def drop(self, key: str) -> None:
        """Delete the entry of `key`, if there is one (a run record the run could not replace)."""
        with contextlib.suppress(OSError, ValueError):
            os.unlink(self._path(key))

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

    def put(self, key: str, data: bytes | Sequence[bytes]) -> None:
        """Store an entry (its bytes, or pieces that add up to them) atomically; on any failure stop
        writing for this run."""
        pieces = (data,) if isinstance(data, bytes) else data
        if not self.writable or sum(len(piece) for piece in pieces) > MAX_ENTRY_BYTES:
            return  # (one `get` would refuse)
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
                for piece in pieces:
                    view = memoryview(piece)
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
        if not self.writable or not due_today(self.base, self.now):
            return 0
        return self._delete(entries_before=self.now - MAX_AGE_DAYS * DAY, temps_before=self.now - 3600)

    def clear(self) -> int:
        """Delete every entry (and only what skilllint wrote there); returns how many went. Clear
        the packs first (`pack.clear_packs`): the root goes only when nothing else is in it."""
        removed = self._delete(entries_before=float("inf"), temps_before=float("inf"))
        with contextlib.suppress(OSError, ValueError):
            os.unlink(os.path.join(self.base, PRUNED))
        with contextlib.suppress(OSError, ValueError):
            os.rmdir(self.base)
        with contextlib.suppress(OSError, ValueError):
            if os.listdir(self.root) == [TAG_NAME]:  # a folder skilllint made (it tags only those): gone too
                os.unlink(os.path.join(self.root, TAG_NAME))
                os.rmdir(self.root)
        return removed

    def _delete(self, *, entries_before: float, temps_before: float) -> int:
        return sweep(self.base, _SHARD, _KEY, files_before=lambda _: entries_before, temps_before=temps_before)

def tag_root(root: Path | str) -> None:
    """Create the cache root when missing, with the tag that tells backup tools to skip it
    (only in a folder skilllint made: `clear` removes only tagged roots)."""
    if not os.path.isdir(root):
        os.makedirs(root, exist_ok=True)
        with contextlib.suppress(OSError, ValueError), open(os.path.join(root, TAG_NAME), "wb") as handle:
            handle.write(_TAG)



def sweep(base: str, folder_name: re.Pattern[str], file_name: re.Pattern[str], *,
          files_before: Callable[[list[os.DirEntry[str]]], float], temps_before: float,
          weight: Callable[[str, bool], int] = lambda _path, _temp: 1) -> int:
    """In each folder of `base` named like `folder_name`, delete the files named like `file_name`
    older than `files_before(that folder's listing)` and the temporary files (`.*.tmp`) older than
    `temps_before`, then the folder if it is left empty; nothing of another name is touched.
    Returns the summed `weight(path, is_temporary)` of what went (the entry store counts files,
    the pack store the entries its packs held)."""
    removed = 0
    try:
        folders = [entry.path for entry in os.scandir(base) if folder_name.fullmatch(entry.name) and entry.is_dir()]
    except (OSError, ValueError):
        return 0
    for folder in folders:
        try:
            files = list(os.scandir(folder))
        except (OSError, ValueError):
            continue
        before = files_before(files)
        for entry in files:
            temp = entry.name.startswith(".") and entry.name.endswith(_TEMP_SUFFIX)
            if not (temp or file_name.fullmatch(entry.name)):
                continue  # not ours: leave it
            try:
                if entry.stat(follow_symlinks=False).st_mtime < (temps_before if temp else before):
                    count = weight(entry.path, temp)
                    os.unlink(entry.path)
                    removed += count
            except (OSError, ValueError):
                continue
        with contextlib.suppress(OSError, ValueError):
            os.rmdir(folder)  # only when empty
    return removed


def due_today(base: str, now: float) -> bool:
    """Whether the once-a-day pruning of `base` is due, claimed if so: its marker file is touched
    first, so that runs ending together do not all prune."""
    marker = os.path.join(base, PRUNED)
    try:
        if now - os.stat(marker).st_mtime < DAY:
            return False
    except FileNotFoundError:
        pass
    except (OSError, ValueError):  # ValueError: a NUL in a configured path
        return False
    try:
        with open(marker, "wb"):
            pass
    except (OSError, ValueError):
        return False
    return True
