"""`check --fix` on every SKILL.md of the shared corpus of real skills: it changes nothing outside
the frontmatter, a second `--fix` changes nothing, and every fixed file still parses with the same
keys (but those SL132 renamed).

The corpus is not part of the repository: it is found at `$SKILLLINT_CORPUS`, else beside the
repository (`../shared/corpus`), and the tests are skipped without it. Its SKILL.md files are
copied to a temporary folder (only they: the fixes never read anything else); nothing is written
in the corpus itself. Each test lints in-process, in a few seconds.

The corpus as it is offers few fixes (its skills are mostly clean), so each test runs twice: on
the copy as it is, and on a *seeded* copy where each file gets one problem a fix repairs (a
misspelt key, a list form, a duplicate or deprecated tool, an invisible character), written
into real frontmatter of every style (block scalars, quotes, CRLF, comments).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from skilllint.reading.document import load_document
from tests.conftest import run_cli

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("SKILLLINT_CORPUS") or REPO.parent / "shared" / "corpus")
CLOSING = re.compile(rb"^---[ \t]*\r?$", re.M)
RENAME = re.compile(r"unknown frontmatter field `(?P<key>[^`]+)`")

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS} (set SKILLLINT_CORPUS)")


def _corpus() -> dict[str, bytes]:
    """Every SKILL.md of the corpus, by relative path: their bytes."""
    return {source.relative_to(CORPUS).as_posix(): source.read_bytes() for source in sorted(CORPUS.rglob("SKILL.md"))
            if source.is_file() and not source.is_symlink()}


def _write(files: dict[str, bytes], root: Path) -> dict[str, bytes]:
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return files


def _split(data: bytes) -> tuple[bytes, bytes] | None:
    """(frontmatter with its fences, the rest) as skilllint splits a file, None without frontmatter."""
    start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    first = data.find(b"\n", start)
    if first < 0 or data[start:first].rstrip(b"\r").rstrip() != b"---":
        return None
    closing = CLOSING.search(data, first + 1)
    if closing is None:
        return None
    return data[: closing.end()], data[closing.end() :]


SEEDS = (
    (re.compile(rb"^description:", re.M), b"descripton:"),
    (re.compile(rb"^allowed-tools:", re.M), b"allowed_tools:"),
    (re.compile(rb"^(description: *[>|]?[-+]?\s*(?:\r?\n +)?['\"]?\w+)", re.M), rb"\1" + "\u200b".encode()),
    (re.compile(rb"^(name:)", re.M), b"allowed-tools: Read Task bash Read\n\\1"),
    (re.compile(rb"^(name:)", re.M), b"allowed-tools:\n  - Read\n  - Grep\n  - Read\n\\1"),
)
"""One edit per file, in turn: a misspelt key (SL132), an underscore key (SL132, then SL131 when it
held a list), an invisible character after the description's first word (SL604), and tool lists
with a deprecated name, a wrong case and a duplicate (SL201, SL212, SL213) or in list form (SL131)."""


EVERY = 3
"""One file in EVERY is seeded, in a copy of its own: about thirty cases of each seed, and a run that
stays a few seconds (the files as they are have their own run)."""


def _seed(files: dict[str, bytes]) -> dict[str, bytes]:
    """The seeded copy of one file in EVERY (those with a frontmatter to seed)."""
    seeded = {}
    for index, (path, data) in enumerate(files.items()):
        split = _split(data)
        seed = index // EVERY % len(SEEDS)
        if index % EVERY or split is None or b"allowed-tools" in split[0] and seed >= 3:
            continue
        pattern, replacement = SEEDS[seed]
        front, rest = split
        newline = b"\r\n" if b"\r\n" in front else b"\n"
        seeded[path] = pattern.sub(replacement.replace(b"\n", newline), front, count=1) + rest
    return seeded


def _check(root: Path, target: str) -> tuple[int, str, str]:
    return run_cli(["check", ".", "--isolated", "--target", target, "--format", "json", "--jobs", "1"], root)


def _keys(root: Path, path: str) -> list[str] | None:
    doc = load_document(root / path, root, digests=False)
    return None if doc.frontmatter is None else list(doc.frontmatter)


@pytest.mark.parametrize("seeded", [False, True], ids=["as-is", "seeded"])
@pytest.mark.parametrize("target", ["agentskills", "claude-code"])
def test_fix_on_the_corpus(tmp_path: Path, target: str, seeded: bool) -> None:
    files = _write(_seed(_corpus()) if seeded else _corpus(), tmp_path)
    keys = {path: _keys(tmp_path, path) for path in files}
    _, out, _ = _check(tmp_path, target)
    before = json.loads(out)
    renames = {(d["path"], RENAME.match(d["message"])["key"]): d["fix"]["edits"][0]["text"]  # type: ignore[index]
               for d in before if d["code"] == "SL132" and d["fix"]}
    fixable = [d for d in before if d["fix"]]

    code, out, err = run_cli(["check", ".", "--isolated", "--target", target, "--fix", "--format", "json",
                              "--jobs", "2"], tmp_path)
    assert code in (0, 1), err
    after = {path: (tmp_path / path).read_bytes() for path in files}
    changed = [path for path in files if after[path] != files[path]]
    assert bool(changed) == bool(fixable)
    if seeded:
        assert len(changed) > len(files) * 2 // 3, "the seeds give most of their files something to fix"
    for path in changed:
        old, new = _split(files[path]), _split(after[path])
        assert old is not None and new is not None, path
        assert new[1] == old[1], f"{path}: --fix changed the body"
        fences = old[0].splitlines()[0], old[0].splitlines()[-1]
        assert (new[0].splitlines()[0], new[0].splitlines()[-1]) == fences, f"{path}: --fix moved a fence"
        expected = [renames.get((path, key), key) for key in keys[path] or []]
        assert _keys(tmp_path, path) == expected, f"{path}: the keys changed"
    assert not [d for d in json.loads(out) if d["fix"]], "a second run finds something more to fix"

    code, out, err = run_cli(["check", ".", "--isolated", "--target", target, "--fix", "--diff"], tmp_path)
    assert (code, out) == (0, ""), "a second --fix would change something"
    assert {path: (tmp_path / path).read_bytes() for path in files} == after
