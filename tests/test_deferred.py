"""A pool run leaves its cache work for later (`engine.deferred`): each worker encodes its entries and
the run record's rows after its last skill, while the main process runs the project rules and prints
the report. Whatever happens to the workers then, the output is the `--no-cache` output, the cache
holds only whole packs, and a record exists only when it holds every input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skilllint.engine import deferred
from skilllint.engine import linter as engine
from skilllint.engine.cache import runrecord
from skilllint.engine.pool import Pool
from skilllint.reading.fsview import FileSystemView, RunInputs
from tests.conftest import run_cli
from tests.test_cache import DEMO, drop_run_records, entries, is_run_record, packs, whole

COUNT = engine.PARALLEL_THRESHOLD + 6


@pytest.fixture
def pool_tree(tmp_path: Path) -> Path:
    """Enough skills for a pool, each with a guide of its own."""
    root = tmp_path / "pool"
    for index in range(COUNT):
        folder = root / f"s{index:03d}"
        (folder / "references").mkdir(parents=True)
        (folder / "references" / "guide.md").write_text("# Guide\n", encoding="utf-8")
        (folder / "SKILL.md").write_text(DEMO.replace("name: demo", f"name: s{index:03d}"), encoding="utf-8")
    return root


def _check(root: Path, *args: str) -> tuple[int, str, str]:
    return run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", "2", *args], root)


def _records() -> list[Path]:
    folder = Path(os.environ["SKILLLINT_CACHE_DIR"]) / "v1"
    return [path for path in folder.glob("?/*") if path.is_file() and is_run_record(path)]


def _temps() -> list[Path]:
    return list((Path(os.environ["SKILLLINT_CACHE_DIR"]) / "v2").glob("*/*.tmp"))


def _record_files(path: Path) -> list[str]:
    payload = path.read_bytes().partition(b"\n")[2]
    return [row[0] for row in json.loads(payload.partition(b"\n")[0])["files"]]


def test_each_worker_writes_its_own_pack_and_the_record_holds_every_file_once(pool_tree: Path) -> None:
    expected = _check(pool_tree, "--no-cache")
    assert _check(pool_tree) == expected
    assert len(entries()) == COUNT and whole() and _temps() == []
    assert len(packs()) == 2  # one per worker, none from the main process
    (record,) = _records()
    files = _record_files(record)
    assert len(files) == len(set(files))
    assert {str(pool_tree / f"s{index:03d}" / name) for index in range(COUNT)
            for name in ("SKILL.md", "references/guide.md")} == set(files)
    assert _check(pool_tree) == expected  # replayed
    drop_run_records()
    assert _check(pool_tree) == expected  # every skill from the workers' packs


def test_a_worker_over_its_limit_does_the_rest_at_once(pool_tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deferred, "LIMIT", 3)
    expected = _check(pool_tree, "--no-cache")
    assert _check(pool_tree) == expected
    assert len(entries()) == COUNT and whole() and len(_records()) == 1
    drop_run_records()
    assert _check(pool_tree) == expected


def test_a_file_changed_under_the_run_keeps_no_record(pool_tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A skill file changed after its worker read it and before the `full` format quotes it (while the
    workers finish): its two signatures differ, so no record; the entries stay (each is true of the
    bytes its skill read)."""
    skill = pool_tree / "s000" / "SKILL.md"
    real = engine._finish

    def changing(*args: object, **kwargs: object) -> object:
        skill.write_text(skill.read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "_finish", changing)
    code, _, err = run_cli(["check", ".", "--isolated", "--format", "full", "--jobs", "2"], pool_tree)
    assert code == 1 and err == ""
    assert _records() == []
    assert len(entries()) == COUNT and whole() and _temps() == []


def test_a_worker_lost_while_finishing_costs_its_entries_and_the_record(pool_tree: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _check(pool_tree, "--no-cache")
    real = deferred.Deferred.finish
    marker = str(tmp_path / "died")
    monkeypatch.setattr(deferred, "LIMIT", 3)  # each worker has a pack half-written when it finishes

    def dying(self: deferred.Deferred) -> deferred.Finished:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return real(self)
        os._exit(3)  # the first worker asked

    monkeypatch.setattr(deferred.Deferred, "finish", dying)
    assert _check(pool_tree) == expected
    assert _records() == [] and _temps() == [] and whole()
    assert len(packs()) == 1 and 0 < len(entries()) < COUNT  # the other worker's


def test_a_lost_worker_fails_collect_and_a_finisher_answers() -> None:
    with Pool(list(range(6)), _double, _lost, jobs=2, batch_size=2, item_seconds=5.0, finisher=_answer) as pool:
        done = sorted(result for _, batch in pool for result in batch)
        pool.finish()
        answers = pool.collect(5.0)
    assert done == [0, 2, 4, 6, 8, 10]
    assert answers is not None and len(answers) == 2
    assert all(isinstance(answer, int) and answer != os.getpid() for answer in answers)  # each worker's own
    with Pool(list(range(6)), _double, _lost, jobs=2, batch_size=2, item_seconds=5.0, finisher=_die) as pool:
        list(pool)
        pool.finish()
        assert pool.collect(5.0) is None
        assert len(pool.lost) == 2


def _double(item: int) -> int:
    return item * 2


def _lost(item: int, reason: str) -> int:
    return -1


def _answer() -> int:
    return os.getpid()


def _die() -> int:
    os._exit(4)


# -- the main process's side: a worker's rows taken as a whole ------------------------------------------

def _worker_rows(inputs: RunInputs, *files: Path) -> tuple[list[str], bytes]:
    view = FileSystemView(1000)
    for file in files:
        view.read(str(file))
    _, rows = runrecord.recorded(view.probes(), view.sigs, 1000, inputs)
    return list(rows), runrecord.encode_rows(rows)


def _inputs(root: Path) -> RunInputs:
    inputs = RunInputs(1000)
    inputs.scan(str(root))
    return inputs


def test_two_workers_reading_a_file_alike_give_one_row(tmp_path: Path) -> None:
    one, shared, two = (tmp_path / name for name in ("one.md", "shared.md", "two.md"))
    for file in (one, shared, two):
        file.write_text("x\n", encoding="utf-8")
    inputs = _inputs(tmp_path)
    runrecord.take_rows(inputs, [], *_worker_rows(inputs, one, shared), 1000)
    runrecord.take_rows(inputs, [], *_worker_rows(inputs, shared, two), 1000)
    data = runrecord.build(inputs, [b"out"], "", 0)
    assert data is not None
    record = json.loads(b"".join(data).partition(b"\n")[2].partition(b"\n")[0])
    assert sorted(row[0] for row in record["files"]) == sorted(str(file) for file in (one, shared, two))


def test_two_workers_reading_a_file_otherwise_keep_no_record(tmp_path: Path) -> None:
    shared = tmp_path / "shared.md"
    shared.write_text("x\n", encoding="utf-8")
    inputs = _inputs(tmp_path)
    runrecord.take_rows(inputs, [], *_worker_rows(inputs, shared), 1000)
    shared.write_text("changed\n", encoding="utf-8")
    runrecord.take_rows(inputs, [], *_worker_rows(inputs, shared), 1000)
    assert inputs.broken is not None
    assert runrecord.build(inputs, [b"out"], "", 0) is None


def test_a_file_read_whole_here_before_a_worker_read_it_changed_keeps_no_record(tmp_path: Path) -> None:
    """As the `full` format's source lines, read while the workers finish: the signatures must agree."""
    shared = tmp_path / "shared.md"
    shared.write_text("x\n", encoding="utf-8")
    inputs = _inputs(tmp_path)
    paths, blob = _worker_rows(inputs, shared)
    shared.write_text("changed, longer\n", encoding="utf-8")
    inputs.read_whole(str(shared))
    runrecord.take_rows(inputs, [], paths, blob, 1000)
    assert inputs.broken is not None


def test_this_process_reading_what_a_worker_read_alike_is_one_row(tmp_path: Path) -> None:
    shared = tmp_path / "shared.md"
    shared.write_text("x\n", encoding="utf-8")
    inputs = _inputs(tmp_path)
    runrecord.take_rows(inputs, [], *_worker_rows(inputs, shared), 1000)
    inputs.read(str(shared))
    data = runrecord.build(inputs, [b"out"], "", 0)
    assert data is not None
    record = json.loads(b"".join(data).partition(b"\n")[2].partition(b"\n")[0])
    assert [row[0] for row in record["files"]] == [str(shared)]
    shared.write_text("changed\n", encoding="utf-8")
    inputs.forget_reads([str(shared)])
    inputs.read(str(shared))  # now other bytes than the worker's
    assert runrecord.build(inputs, [b"out"], "", 0) is None
