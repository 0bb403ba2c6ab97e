"""The run record and the options that read or write files besides the linted tree: a replay honours
`--output-file` (it writes the file again), `--exit-zero` and `--baseline` (whose bytes are an input:
a changed baseline is never replayed stale), and a run that writes a baseline keeps no record.

As in test_run_record.py, a replay is told from a run by whether `run_check` was called, and trees
are made "old" so that recorded signatures are trusted on their own (the case a missing input
would get wrong)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli, write_pdf_skills
from tests.test_run_record import age, records


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return write_pdf_skills(tmp_path / "tree")


def check(root: Path, cache: Path, *args: str, fmt: str = "json") -> tuple[int, str, str]:
    return run_cli(["check", ".", "--format", fmt, "--jobs", "1", "--no-color", "--cache-dir", str(cache), *args],
                   root)


def uncached(root: Path, *args: str, fmt: str = "json") -> tuple[int, str, str]:
    return run_cli(["check", ".", "--format", fmt, "--jobs", "1", "--no-color", "--no-cache", *args], root)


def test_a_replay_writes_the_output_file_again(tree: Path, cache: Path, tmp_path: Path, runs: list[list[str]]
                                               ) -> None:
    (tmp_path / "out").mkdir()
    report = tmp_path / "out" / "report.sarif"
    age(tree)
    first = check(tree, cache, "-o", str(report), fmt="sarif")
    written = report.read_bytes()
    assert first[1] == "" and json.loads(written) and len(runs) == 1
    report.unlink()
    assert check(tree, cache, "-o", str(report), fmt="sarif") == first
    assert len(runs) == 1  # replayed
    assert report.read_bytes() == written  # and written again, byte for byte
    assert check(tree, cache, fmt="sarif")[1].encode() == written  # to stdout: another invocation, same report


def test_an_output_file_inside_the_tree_is_never_stale(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    """Writing the report changes the folder it is in: when that folder is part of the tree, the
    next run is a full one (slower, never wrong)."""
    age(tree)
    for _ in range(3):
        code, out, _ = check(tree, cache, "-o", "report.json")
        assert (code, out) == (1, "")
        assert (tree / "report.json").read_text("utf-8") == uncached(tree)[1]


def test_a_changed_baseline_is_never_replayed_stale(tree: Path, cache: Path, tmp_path: Path,
                                                    runs: list[list[str]]) -> None:
    """The baseline is outside the tree and edited in place (its folder unchanged): only the record of
    its bytes tells the replay that the findings it hides have changed."""
    (tmp_path / "ci").mkdir()
    baseline = tmp_path / "ci" / "baseline.json"
    assert uncached(tree, "--write-baseline", str(baseline))[0] == 0
    age(tree)
    age(tmp_path / "ci")
    assert check(tree, cache, "--baseline", str(baseline)) == (0, "[]\n", "skilllint: 6 findings in the baseline "
                                                                          f"`{baseline}` not shown.\n")
    assert check(tree, cache, "--baseline", str(baseline))[0] == 0 and len(runs) == 1  # replayed
    document = json.loads(baseline.read_text("utf-8"))
    document["findings"] = [entry for entry in document["findings"] if entry["code"] != "SL200"]
    baseline.write_text(json.dumps(document), encoding="utf-8")
    found = check(tree, cache, "--baseline", str(baseline))
    assert len(runs) == 2 and found == uncached(tree, "--baseline", str(baseline))
    assert found[0] == 1 and {d["code"] for d in json.loads(found[1])} == {"SL200"}


def test_a_deleted_baseline_is_an_error_not_a_replay(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    uncached(tree, "--write-baseline", "b.json")
    age(tree)
    check(tree, cache, "--baseline", "b.json")
    (tree / "b.json").unlink()
    code, out, err = check(tree, cache, "--baseline", "b.json")
    assert code == 2 and out == "" and "does not exist" in err


def test_a_run_that_writes_a_baseline_keeps_no_record_and_always_writes(tree: Path, cache: Path,
                                                                         runs: list[list[str]]) -> None:
    age(tree)
    first = check(tree, cache, "--write-baseline", "b.json")
    written = (tree / "b.json").read_bytes()
    (tree / "b.json").unlink()
    assert check(tree, cache, "--write-baseline", "b.json") == first
    assert len(runs) == 2  # ran again: nothing replayed
    assert (tree / "b.json").read_bytes() == written
    assert records(cache) == []


def test_exit_zero_is_part_of_the_invocation(tree: Path, cache: Path, runs: list[list[str]]) -> None:
    age(tree)
    assert check(tree, cache, "--exit-zero")[0] == 0
    assert check(tree, cache)[0] == 1
    assert check(tree, cache, "--exit-zero")[0] == 0
    assert check(tree, cache)[0] == 1
    assert len(runs) == 2  # each replayed its own exit code
