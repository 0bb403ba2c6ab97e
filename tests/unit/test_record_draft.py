"""The run record drafted while the run goes: each file a computed skill read comes as its encoded row
(`runrecord.recorded`, in the worker), is filed by path (`take`), and the record built at the end
(`build`) holds every input, or none when a file was read two ways."""

from __future__ import annotations

import json
from pathlib import Path

from skilllint.engine.cache.hashing import sha256_hex
from skilllint.engine.cache.runrecord import MAGIC, Replay, build, recorded, take
from skilllint.reading.fsview import FileSystemView, RunInputs


def _tree(root: Path, *names: str) -> tuple[Path, list[Path]]:
    """A file every skill reads (`shared.md`), and a skill folder of each name."""
    shared = root / "shared.md"
    shared.write_text("x\n", encoding="utf-8")
    folders = []
    for name in names:
        folder = root / name
        folder.mkdir()
        (folder / "SKILL.md").write_text(f"---\nname: {name}\n---\n", encoding="utf-8")
        folders.append(folder)
    return shared, folders


def _probed(folder: Path, shared: Path, inputs: RunInputs, limit: int = 1000) -> tuple:
    view = FileSystemView(limit)
    view.read(str(folder / "SKILL.md"))
    view.read(str(shared))
    view.exists(str(folder / "metadata.yaml"))
    return (*recorded(view.probes(), view.sigs, limit, inputs), limit)


def _inputs(root: Path) -> RunInputs:
    inputs = RunInputs(1000)
    inputs.scan(str(root))
    for child in sorted(root.iterdir()):
        if child.is_dir():
            inputs.scan(str(child))
    return inputs


def _record(data: list[bytes]) -> dict:
    joined = b"".join(data)
    header, _, payload = joined.partition(b"\n")
    assert header == MAGIC + sha256_hex(payload).encode("ascii")
    return json.loads(payload.partition(b"\n")[0])


def test_a_file_two_skills_read_alike_is_kept_once(tmp_path: Path) -> None:
    shared, (one, two) = _tree(tmp_path, "one", "two")
    inputs = _inputs(tmp_path)
    take(inputs, *_probed(one, shared, inputs))
    take(inputs, *_probed(two, shared, inputs))
    assert inputs.broken is None
    data = build(inputs, [b"out"], "", 0)
    assert data is not None
    record = _record(data)
    assert sorted(row[0] for row in record["files"]) == sorted(
        [str(one / "SKILL.md"), str(two / "SKILL.md"), str(shared)])
    assert record["probes"] == []  # `metadata.yaml there?` is answered by the listings
    replay = Replay({**record, "stdout": "out", "stderr": ""})
    assert replay._files_hold() and replay._dirs_hold()


def test_a_file_that_changed_between_two_readings_keeps_no_record(tmp_path: Path) -> None:
    shared, (one, two) = _tree(tmp_path, "one", "two")
    inputs = _inputs(tmp_path)
    take(inputs, *_probed(one, shared, inputs))
    shared.write_text("changed\n", encoding="utf-8")
    take(inputs, *_probed(two, shared, inputs))
    assert inputs.broken == f"{shared} changed during the run"
    assert build(inputs, [b"out"], "", 0) is None


def test_a_file_read_with_two_limits_keeps_no_record(tmp_path: Path) -> None:
    shared, (one, two) = _tree(tmp_path, "one", "two")
    inputs = _inputs(tmp_path)
    take(inputs, *_probed(one, shared, inputs, limit=1000))
    take(inputs, *_probed(two, shared, inputs, limit=10))
    assert inputs.broken is not None


def test_this_process_reading_a_file_a_worker_read_otherwise_keeps_no_record(tmp_path: Path) -> None:
    shared, (one,) = _tree(tmp_path, "one")
    inputs = _inputs(tmp_path)
    take(inputs, *_probed(one, shared, inputs))
    shared.write_text("changed\n", encoding="utf-8")
    inputs.read(str(shared))  # as the `full` format's source lines would
    assert build(inputs, [b"out"], "", 0) is None


def test_this_process_reading_the_same_bytes_is_one_row(tmp_path: Path) -> None:
    shared, (one,) = _tree(tmp_path, "one")
    inputs = _inputs(tmp_path)
    take(inputs, *_probed(one, shared, inputs))
    inputs.read(str(shared))
    data = build(inputs, [b"out"], "", 0)
    assert data is not None
    assert [row[0] for row in _record(data)["files"]].count(str(shared)) == 1


def test_a_folder_listed_after_the_draft_began_is_recorded_and_the_rows_kept(tmp_path: Path) -> None:
    shared, (one,) = _tree(tmp_path, "one")
    (tmp_path / "late").mkdir()
    inputs = RunInputs(1000)
    inputs.scan(str(tmp_path))
    inputs.scan(str(one))
    take(inputs, *_probed(one, shared, inputs))
    inputs.scan(str(tmp_path / "late"))  # after the first computed skill came back
    data = build(inputs, [b"out"], "", 0)
    assert data is not None
    record = _record(data)
    assert sorted(row[0] for row in record["dirs"]) == sorted([str(tmp_path), str(one), str(tmp_path / "late")])
    assert sorted(row[0] for row in record["files"]) == sorted([str(one / "SKILL.md"), str(shared)])


def test_a_file_a_worker_read_then_read_whole_here_after_a_change_keeps_no_record(tmp_path: Path) -> None:
    """As a config, or the `full` format's source lines, read here: the signatures must agree."""
    shared, (one,) = _tree(tmp_path, "one")
    inputs = _inputs(tmp_path)
    take(inputs, *_probed(one, shared, inputs))
    shared.write_text("changed, longer\n", encoding="utf-8")
    inputs.read_whole(str(shared))
    assert inputs.broken == f"{shared} changed during the run"


def test_a_file_read_whole_here_then_read_by_a_worker_after_a_change_keeps_no_record(tmp_path: Path) -> None:
    shared, (one,) = _tree(tmp_path, "one")
    inputs = _inputs(tmp_path)
    inputs.read_whole(str(shared))
    shared.write_text("changed, longer\n", encoding="utf-8")
    take(inputs, *_probed(one, shared, inputs))
    assert inputs.broken == f"{shared} changed during the run"


def test_a_record_that_cannot_be_built_deletes_the_stale_one(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from skilllint.engine.cache import runrecord
    from skilllint.engine.cache.store import EntryStore
    from skilllint.output.commands import replay

    root = tmp_path / "cache"
    options = {"cache_dir": str(root)}
    inputs = RunInputs(1000)
    inputs.cache_dirs.add(str(root))
    key = runrecord.run_key(replay.invocation(["."], options, root))
    EntryStore(root).put(key, b"an old record")
    assert EntryStore(root).get(key) == b"an old record"
    monkeypatch.setattr(runrecord, "build", lambda *args: None)  # a file read two ways, found at the end
    replay.store(["."], options, inputs, [b"out"], "", 0)
    assert EntryStore(root).get(key) is None


def test_a_walk_no_record_will_come_of_lists_without_a_stat(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Past `MAX_RECORDED_FOLDERS` (or any other reason to give up) the walk's folders are listed
    as without a record: no signature taken, nothing kept."""
    import os

    (tmp_path / "b").mkdir()
    (tmp_path / "a.md").write_text("x\n", encoding="utf-8")
    inputs = RunInputs(1000)
    asked: list[str] = []
    real = os.stat
    monkeypatch.setattr(os, "stat", lambda path, *args, **kwargs: asked.append(path) or real(path, *args, **kwargs))
    assert [entry.name for entry in inputs.scan(str(tmp_path))] == ["a.md", "b"] and asked == [str(tmp_path)]
    inputs.give_up("more folders than a record keeps")
    assert [entry.name for entry in inputs.scan(str(tmp_path / "b"))] == [] and asked == [str(tmp_path)]
    assert inputs.scans == {}
