"""The packs of per-skill results (`skilllint.engine.cache.pack`), used directly: what a run
writes, what later runs read, merging, pruning, damage and failures to write.

The helpers at the top read packs with `struct` alone (the layout of the module's docstring), so
that a test can check what is on disk without trusting the code under test; `test_cache.py`
uses them too.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skilllint.engine.cache import pack
from skilllint.engine.cache.pack import (
    _RECORD,
    _TRAILER,
    _TRAILER_MAGIC,
    DAY,
    FORMAT_DIR,
    HEADER,
    MAX_AGE_DAYS,
    MAX_PACKS,
    PackStore,
    clear_packs,
)

FP = "ab" * 32
OTHER = "cd" * 32
Entries = dict[bytes, tuple[bytes, int]]
"""A pack as read here: key digest -> (entry bytes, day)."""


# reading packs without the code under test


def pack_files(base: Path) -> list[Path]:
    """The packs under `base` (a cache root or one fingerprint folder), regular files only (a
    FIFO or a folder named like a pack is not one), by folder, oldest first."""
    found = base.glob(f"{FORMAT_DIR}/*/*.pack") if (base / FORMAT_DIR).is_dir() else base.glob("*.pack")
    return sorted((path for path in found if path.is_file()), key=lambda path: (path.parent.name, path.name))


def read_pack(path: Path) -> Entries | None:
    """A pack's entries, or None when the file is not a whole, well-formed pack."""
    data = path.read_bytes()
    if len(data) < len(HEADER) + _TRAILER.size or not data.startswith(HEADER):
        return None
    index_at, count, magic = _TRAILER.unpack(data[-_TRAILER.size:])
    if magic != _TRAILER_MAGIC or index_at + count * _RECORD.size != len(data) - _TRAILER.size:
        return None
    found: Entries = {}
    for digest, offset, length, day in _RECORD.iter_unpack(data[index_at:index_at + count * _RECORD.size]):
        if offset < len(HEADER) or offset + length > index_at:
            return None
        found[digest] = (data[offset:offset + length], day)
    return found


def stored(base: Path) -> dict[bytes, bytes]:
    """Every entry under `base` as a reader finds it (a newer pack's entry of a key wins)."""
    found: dict[bytes, bytes] = {}
    for path in pack_files(base):
        for digest, (data, _) in (read_pack(path) or {}).items():
            found[digest] = data
    return found


def write_pack(path: Path, entries: dict[bytes, bytes], day: int | None = None) -> None:
    """A well-formed pack of these entries (key digest -> bytes)."""
    day = int(time.time() // DAY) if day is None else day
    body, records, offset = b"", b"", len(HEADER)
    for digest, data in entries.items():
        body += data
        records += _RECORD.pack(digest, offset, len(data), day)
        offset += len(data)
    path.write_bytes(HEADER + body + records + _TRAILER.pack(offset, len(entries), _TRAILER_MAGIC))


def temp_files(base: Path) -> list[Path]:
    return sorted(base.rglob(".*.tmp"))


@contextlib.contextmanager
def unblocking(fifo: Path) -> Iterator[list[int]]:
    """While the block runs, let any reader stuck opening `fifo` go on (a writer opens it and closes
    it at once: the reader sees an empty file). Yields a list holding how many times one was stuck,
    so that a test of a FIFO named like a pack fails instead of hanging the suite."""
    stuck = [0]
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(0.02):
            try:
                if not stat.S_ISFIFO(os.lstat(fifo).st_mode):
                    continue
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # succeeds only while a reader has it open
            except OSError:
                continue
            os.close(fd)
            stuck[0] += 1

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield stuck
    finally:
        stop.set()
        thread.join()


# a store of the module, run as a run uses it


def key(number: int) -> str:
    return f"{number:064x}"


def digest(number: int) -> bytes:
    return bytes.fromhex(key(number))


def folder(root: Path, fingerprint: str = FP) -> Path:
    return root / FORMAT_DIR / fingerprint[:32]


def run(root: Path, adds: dict[int, bytes], gets: tuple[int, ...] = (), fingerprint: str = FP) -> PackStore:
    """One run: look `gets` up, add `adds`, finish."""
    store = PackStore(root, fingerprint)
    for number in gets:
        store.get(key(number))
    for number, data in adds.items():
        store.add(key(number), data)
    store.finish()
    return store


def read(root: Path, number: int, fingerprint: str = FP) -> bytes | None:
    """What a new run finds under one key."""
    store = PackStore(root, fingerprint)
    try:
        return store.get(key(number))
    finally:
        store.finish()


def snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and folder under `root`, with its inode, size and mtime."""
    found: dict[str, tuple[int, int, int]] = {}
    for path in [root, *root.rglob("*")]:
        info = path.lstat()
        found[str(path)] = (info.st_ino, info.st_size, info.st_mtime_ns)
    return found


def set_age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


class Clock:
    """`time` for the module, `offset` seconds away from now."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def time(self) -> float:
        return time.time() + self.offset

    def time_ns(self) -> int:
        return time.time_ns() + int(self.offset * 1_000_000_000)


# round trips


def test_entries_round_trip(tmp_path: Path) -> None:
    root = tmp_path / "c"
    assert PackStore(root, FP).empty()
    run(root, {1: b"one", 2: b"two" * 1000, 3: b""})
    [path] = pack_files(root)
    assert path.parent == folder(root)
    assert read_pack(path) == {digest(1): (b"one", int(time.time() // DAY)),
                               digest(2): (b"two" * 1000, int(time.time() // DAY)),
                               digest(3): (b"", int(time.time() // DAY))}
    store = PackStore(root, FP)
    assert not store.empty()
    assert (store.get(key(1)), store.get(key(2)), store.get(key(3)), store.get(key(4))) == \
        (b"one", b"two" * 1000, b"", None)
    store.finish()
    assert PackStore(root, OTHER).empty() and PackStore(root, OTHER).get(key(1)) is None  # per fingerprint
    assert (root / "CACHEDIR.TAG").is_file()
    assert temp_files(root) == []


def test_a_newer_pack_wins(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {1: b"first", 2: b"kept"})
    run(root, {1: b"second"})
    assert len(pack_files(root)) == 2
    assert read(root, 1) == b"second" and read(root, 2) == b"kept"


def test_a_run_that_only_reads_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {1: b"one"})
    before = snapshot(root)
    run(root, {}, gets=(1, 2))
    store = PackStore(root, FP)
    assert store.get(key(1)) == b"one"
    store.finish()
    assert snapshot(root) == before
    empty = tmp_path / "never"
    run(empty, {}, gets=(1,))  # a cold run that computed nothing to keep (SL000 only, say)
    assert not empty.exists()


# compaction


def test_more_than_max_packs_are_merged(tmp_path: Path) -> None:
    root = tmp_path / "c"
    for number in range(MAX_PACKS):
        run(root, {number: f"entry {number}".encode()})
    assert len(pack_files(root)) == MAX_PACKS  # not yet
    run(root, {MAX_PACKS: f"entry {MAX_PACKS}".encode()})
    assert len(pack_files(root)) < MAX_PACKS + 1
    for number in range(MAX_PACKS + 1):
        assert read(root, number) == f"entry {number}".encode()
    assert temp_files(root) == []
    assert all(read_pack(path) is not None for path in pack_files(root))


def test_a_merge_leaves_out_a_pack_larger_than_the_rest(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {0: b"x" * 100_000})
    [large] = pack_files(root)
    inode = large.stat().st_ino
    for number in range(1, MAX_PACKS + 1):
        run(root, {number: f"entry {number}".encode()})
    packs = pack_files(root)
    assert len(packs) == 2 and large in packs
    assert large.stat().st_ino == inode  # not copied into the merge
    assert read(root, 0) == b"x" * 100_000
    for number in range(1, MAX_PACKS + 1):
        assert read(root, number) == f"entry {number}".encode()


def test_a_merge_leaving_the_largest_out_keeps_the_newest_entry_of_a_key(tmp_path: Path) -> None:
    """BUG (pack.py, PackStore._merge): a key rewritten into the largest pack (its older entry
    failed its probes and was computed anew) comes back older after a merge that leaves the
    largest out: the merged pack is the newest, so its copy of the OLD entry wins over the
    largest pack's newer one ("a newer entry of one key wins" no longer holds). This test fails
    until the merge skips an entry whose key a newer, left-out pack holds."""
    root = tmp_path / "c"
    run(root, {1: b"old"})
    run(root, {1: b"new", 0: b"x" * 100_000})  # the largest pack, with the newer entry of key 1
    for number in range(2, MAX_PACKS + 1):
        run(root, {number: b"small"})
    assert len(pack_files(root)) == 2  # merged, the largest left out
    assert read(root, 1) == b"new"


def test_a_full_merge_drops_stale_entries_this_run_did_not_use(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "c"
    run(root, {3: b"recent"})  # a run today: its entry is young, used or not
    with monkeypatch.context() as patch:
        patch.setattr(pack, "time", Clock(-(MAX_AGE_DAYS + 1) * DAY))
        run(root, {1: b"stale", 2: b"used"})  # a run MAX_AGE_DAYS + 1 days ago (its pack is named then)
    assert len(pack_files(root)) == 2
    store = run(root, {4: b"written"}, gets=(2,))  # the oldest pack is over MAX_AGE_DAYS old: merge all
    assert store.writable
    [merged] = pack_files(root)
    entries = read_pack(merged)
    assert entries is not None
    assert {d: data for d, (data, _) in entries.items()} == \
        {digest(2): b"used", digest(3): b"recent", digest(4): b"written"}
    assert entries[digest(2)][1] == int(time.time() // DAY)  # used today: kept another MAX_AGE_DAYS
    assert read(root, 1) is None and read(root, 2) == b"used"


def test_a_full_merge_is_due_by_the_oldest_pack_name(tmp_path: Path) -> None:
    """A pack's creation time is its name's: a pack named MAX_AGE_DAYS + 1 days ago is merged."""
    root = tmp_path / "c"
    old = folder(root) / f"{time.time_ns() - (MAX_AGE_DAYS + 1) * DAY * 1_000_000_000:020d}-1-{'0' * 12}.pack"
    old.parent.mkdir(parents=True)
    stale_day = int(time.time() // DAY) - MAX_AGE_DAYS - 1
    write_pack(old, {digest(1): b"stale", digest(2): b"young"}, day=stale_day)
    write_pack(old.with_name(old.name.replace("-1-", "-2-")), {digest(2): b"young"})  # same age, young entry
    run(root, {3: b"new"})
    [merged] = pack_files(root)
    assert stored(root) == {digest(2): b"young", digest(3): b"new"}
    assert not old.exists() and merged.name > old.name


# pruning


def test_pruning_deletes_unused_fingerprints_and_old_temp_files_once_a_day(tmp_path: Path) -> None:
    root = tmp_path / "c"
    marker = root / FORMAT_DIR / ".pruned"
    unused, gone, mixed, writer, later = "a1" * 32, "b2" * 32, "c3" * 32, "d4" * 32, "e5" * 32
    run(root, {1: b"a"}, fingerprint=unused)
    assert marker.is_file()  # the first writing run of the day pruned
    run(root, {1: b"b"}, fingerprint=gone)
    run(root, {1: b"c"}, fingerprint=mixed)
    run(root, {2: b"d"}, fingerprint=mixed)
    for path in [*pack_files(folder(root, unused)), *pack_files(folder(root, gone))]:
        set_age(path, (MAX_AGE_DAYS + 1) * DAY)
    old_of_mixed, young_of_mixed = pack_files(folder(root, mixed))
    set_age(old_of_mixed, (MAX_AGE_DAYS + 1) * DAY)
    stale_temp = folder(root, mixed) / f".{os.getpid()}-000000000000.tmp"
    stale_temp.write_bytes(b"left by a killed run")
    set_age(stale_temp, 2 * 3600)
    fresh_temp = folder(root, mixed) / ".1-111111111111.tmp"
    fresh_temp.write_bytes(b"being written")
    foreign = folder(root, unused) / "notes.txt"
    foreign.write_text("mine\n", encoding="utf-8")

    run(root, {1: b"w"}, fingerprint=writer)  # the marker is from today: no pruning
    assert len(pack_files(folder(root, gone))) == 1 and stale_temp.exists()

    set_age(marker, DAY + 60)
    run(root, {}, gets=(1,), fingerprint=writer)  # a run that wrote nothing does not prune
    assert len(pack_files(folder(root, gone))) == 1 and stale_temp.exists()

    run(root, {2: b"w"}, fingerprint=writer)  # prunes
    assert not folder(root, gone).exists()
    assert pack_files(folder(root, unused)) == [] and foreign.exists()  # only what skilllint wrote
    assert pack_files(folder(root, mixed)) == [old_of_mixed, young_of_mixed]  # in use: kept whole
    assert not stale_temp.exists() and fresh_temp.exists()
    assert read(root, 1, mixed) == b"c" and read(root, 1, writer) == b"w"
    assert time.time() - marker.stat().st_mtime < 60

    run(root, {1: b"f"}, fingerprint=later)
    for path in pack_files(folder(root, later)):
        set_age(path, (MAX_AGE_DAYS + 1) * DAY)
    run(root, {3: b"w"}, fingerprint=writer)
    assert pack_files(folder(root, later)) != []  # not twice a day


def test_prune_counts_the_entries_it_deleted(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {1: b"a", 2: b"b", 3: b"c"}, fingerprint=OTHER)
    for path in pack_files(folder(root, OTHER)):
        set_age(path, (MAX_AGE_DAYS + 1) * DAY)
    (root / FORMAT_DIR / ".pruned").unlink()
    assert PackStore(root, FP).prune() == 3
    assert PackStore(root, FP).prune() == 0  # not twice a day


def test_clear_packs_counts_entries_and_leaves_other_files(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {1: b"a", 2: b"b"})
    run(root, {3: b"c"}, fingerprint=OTHER)
    foreign = folder(root) / "notes.txt"
    foreign.write_text("mine\n", encoding="utf-8")
    assert clear_packs(str(root / FORMAT_DIR)) == 3
    assert pack_files(root) == [] and foreign.exists() and not folder(root, OTHER).exists()
    assert not (root / FORMAT_DIR / ".pruned").exists()


# damage


DAMAGES = ["magic", "index-past-entries", "truncated", "header", "garbage", "empty", "folder", "fifo"]


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "magic":
        path.write_bytes(data[:-1] + b"X")
    elif how == "index-past-entries":
        index_at, _, _ = _TRAILER.unpack(data[-_TRAILER.size:])
        digest_, offset, _, day = _RECORD.unpack_from(data, index_at)
        record = _RECORD.pack(digest_, offset, index_at - offset + 8, day)  # runs into the index, within the file
        path.write_bytes(data[:index_at] + record + data[index_at + _RECORD.size:])
    elif how == "truncated":
        path.write_bytes(data[: len(data) - 5])
    elif how == "header":
        path.write_bytes(b"skilllint-pack 9\n" + data[len(HEADER):])
    elif how == "garbage":
        path.write_bytes(os.urandom(len(data)))
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "folder":
        path.unlink()
        path.mkdir()
    else:
        path.unlink()
        os.mkfifo(path)


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_pack_is_skipped(tmp_path: Path, how: str) -> None:
    """BUG (pack.py, `_open` and `_entry_count`), case "fifo": a FIFO named like a pack is opened
    with a blocking `open()`, which waits forever for a writer: the run (and `cache clear`) hangs.
    `unblocking` lets it go on so that the test fails on `stuck == [0]` instead of hanging."""
    if how == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    root = tmp_path / "c"
    run(root, {1: b"one", 2: b"two"})
    [path] = pack_files(root)
    damage(path, how)
    with unblocking(path) as stuck:
        store = PackStore(root, FP)
        assert store.get(key(1)) is None  # the damaged entry, or the whole pack, is a miss
        if how != "index-past-entries":
            assert store.empty() and store.get(key(2)) is None
        store.add(key(3), b"three")
        store.finish()  # never raises
        assert read(root, 3) == b"three"
        run(root, {1: b"again"})
        assert read(root, 1) == b"again"
        assert clear_packs(str(root / FORMAT_DIR)) >= 2
    assert stuck == [0]  # nothing waited on a FIFO


def test_a_pack_with_an_index_past_its_entries_serves_no_wrong_bytes(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {1: b"one", 2: b"two"})
    [path] = pack_files(root)
    damage(path, "index-past-entries")
    store = PackStore(root, FP)
    assert store.get(key(1)) is None
    assert store.get(key(2)) in (None, b"two")  # the pack skipped, or only its bad record
    store.finish()


# freshness


def test_a_used_pack_is_kept_fresh_once_a_day(tmp_path: Path) -> None:
    root = tmp_path / "c"
    run(root, {1: b"used"})
    run(root, {2: b"unused"})
    used, unused = pack_files(root)
    for path in (used, unused):
        set_age(path, 2 * DAY)
    store = PackStore(root, FP)
    assert store.get(key(1)) == b"used"
    store.finish()
    assert time.time() - used.stat().st_mtime < 60
    assert time.time() - unused.stat().st_mtime > DAY  # not used: left as it was
    set_age(used, 3600)
    before = used.stat().st_mtime_ns
    read(root, 1)
    assert used.stat().st_mtime_ns == before  # at most once a day


# failures to write


@pytest.mark.parametrize("where", ["root-is-a-file", "folder-is-a-file"])
def test_a_store_that_cannot_create_its_pack_stops_writing(tmp_path: Path, where: str) -> None:
    if where == "root-is-a-file":
        root = tmp_path / "a-file"
        root.write_bytes(b"not a folder\n")
    else:
        root = tmp_path / "c"
        folder(root).parent.mkdir(parents=True)
        folder(root).write_bytes(b"not a folder\n")
    store = PackStore(root, FP)
    store.add(key(1), b"one")  # no exception
    assert not store.writable
    store.add(key(2), b"two")
    store.finish()
    assert (root if where == "root-is-a-file" else folder(root)).read_bytes() == b"not a folder\n"
    assert temp_files(tmp_path) == []


def test_a_store_whose_pack_cannot_be_put_in_place_leaves_no_temp_file(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "c"
    run(root, {1: b"one"})

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    store = PackStore(root, FP)
    assert store.get(key(1)) == b"one"  # still read
    store.add(key(2), b"two")
    assert temp_files(root) != []  # being written
    real = os.replace
    monkeypatch.setattr(os, "replace", refuse)
    store.finish()  # no exception
    monkeypatch.setattr(os, "replace", real)
    assert not store.writable
    assert temp_files(root) == [] and len(pack_files(root)) == 1
    assert read(root, 2) is None and read(root, 1) == b"one"


def test_a_failure_while_writing_an_entry_stops_writing(tmp_path: Path) -> None:
    root = tmp_path / "c"
    store = PackStore(root, FP)
    store.add(key(1), b"one")
    writer = store._writer
    assert writer is not None
    writer.handle.close()  # the next write fails (ValueError: a closed file)
    store.add(key(2), b"two")
    assert not store.writable
    store.finish()
    assert temp_files(root) == [] and pack_files(root) == []


# an entry in use is written again before a merge could drop it


def test_an_entry_used_a_week_after_it_was_written_is_written_again(tmp_path: Path) -> None:
    base = folder(tmp_path)
    base.mkdir(parents=True)
    today = int(time.time() // DAY)
    write_pack(base / f"{time.time_ns() - 1:020d}-1-aaaaaaaaaaaa.pack", {digest(1): b"one", digest(2): b"two"},
               day=today - pack.REFRESH_DAYS - 1)
    before = pack_files(tmp_path)
    assert read(tmp_path, 1) == b"one"  # used: written again, today
    after = pack_files(tmp_path)
    assert len(after) == len(before) + 1
    newest = read_pack(after[-1])
    assert newest == {digest(1): (b"one", today)}  # the unused entry is not copied
    before = pack_files(tmp_path)
    assert read(tmp_path, 1) == b"one"  # fresh now: a run that only reads writes nothing
    assert pack_files(tmp_path) == before


def test_a_full_merge_keeps_an_entry_a_reading_run_refreshed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs whose entries all hit write nothing, but the refresh keeps what they use from being
    dropped by the next full merge, run by a run that used none of it."""
    base = folder(tmp_path)
    base.mkdir(parents=True)
    today = int(time.time() // DAY)
    old = time.time_ns() - (pack.MAX_AGE_DAYS + 1) * DAY * 1_000_000_000
    write_pack(base / f"{old:020d}-1-aaaaaaaaaaaa.pack", {digest(1): b"used", digest(2): b"stale"},
               day=today - pack.MAX_AGE_DAYS - 1)
    assert read(tmp_path, 1) == b"used"  # refreshed into a pack of today
    run(tmp_path, {3: b"new"})  # writes, and the oldest pack is past MAX_AGE_DAYS: a full merge
    assert stored(tmp_path) == {digest(1): b"used", digest(3): b"new"}
