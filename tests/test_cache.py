"""The result cache: a hit prints exactly what a computation prints, and anything a skill's
findings depend on (its bytes, metadata.yaml, a referenced file appearing or going, a folder's
listing, a plugin marker above it, the settings) makes it compute anew. Broken, unwritable
and shared caches cost speed, never a finding or a traceback.

Each test counts the skills actually computed (reads of SKILL.md by the engine) to tell a hit
from a miss, and compares the output with a `--no-cache` run of the same tree.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skilllint.checks.project import SkillSummary
from skilllint.checks.suppression import Directive
from skilllint.core.model import Diagnostic, Fix, Severity, Span, TextEdit
from skilllint.core.readfacts import Location
from skilllint.core.records import fields
from skilllint.engine import linter as engine
from skilllint.engine.cache import key as cache_key
from skilllint.engine.cache.codec import Entry, decode, encode
from skilllint.engine.cache.pack import _RECORD, _TRAILER
from skilllint.engine.cache.runrecord import MAGIC as RUN_MAGIC
from skilllint.engine.cache.store import MAX_AGE_DAYS, EntryStore
from skilllint.reading.fsview import FileSystemView
from tests.conftest import run_cli
from tests.test_pack import pack_files, read_pack, stored, temp_files, unblocking, write_pack

ROOT = Path(__file__).resolve().parent.parent
DEMO = """---
name: demo
description: Fills PDF forms. Use when the user sends a PDF form.
allowed-tools: Read Bassh
---
Read [the guide](references/guide.md) and run `scripts/fill.py`.
See [shared notes](../shared/notes.md).
<!-- skilllint-disable-next-line SL320 -->
Say `Bassh` here, and `Bassh` again.
<!-- skilllint-disable-line SL999 -->
"""
TWIN = "---\nname: demo\ndescription: Another skill of the same name. Use when testing.\n---\nBody\n"


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The skill files the engine reads (a miss reads its SKILL.md; a hit does not)."""
    seen: list[str] = []
    real = engine.load_document

    def counting(file: Path, *args: object, **kwargs: object) -> object:
        seen.append(file.parent.name)
        return real(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "load_document", counting)
    return seen


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Two skills: `demo` (SL200, SL300, SL304, an unused suppression, an unknown code) and a
    twin of the same name (SL400, a project rule fed by both summaries)."""
    root = tmp_path / "tree"
    (root / "demo" / "scripts").mkdir(parents=True)
    (root / "demo" / "SKILL.md").write_text(DEMO, encoding="utf-8")
    (root / "demo" / "scripts" / "fill.py").write_text("print()\n", encoding="utf-8")
    (root / "twin").mkdir()
    (root / "twin" / "SKILL.md").write_text(TWIN, encoding="utf-8")
    return root


def cache_dir() -> Path:
    return Path(os.environ["SKILLLINT_CACHE_DIR"])


def entries(root: Path | None = None) -> dict[bytes, bytes]:
    """The per-skill entries (key digest -> bytes) as a run finds them in the packs under
    `ROOT/v2/<fingerprint>/` (not the run records in `ROOT/v1/`: `test_run_record.py`)."""
    return stored(root or cache_dir())


def packs(root: Path | None = None) -> list[Path]:
    return pack_files(root or cache_dir())


def whole(root: Path | None = None) -> bool:
    """Every pack is well-formed and every entry in it decodes."""
    found = [read_pack(path) for path in packs(root)]
    return all(pack is not None and all(decode(data) is not None for data, _ in pack.values()) for pack in found)


def drop_run_records(root: Path | None = None) -> None:
    for path in ((root or cache_dir()) / "v1").glob("?/*"):
        if path.is_file() and is_run_record(path):
            path.unlink()


def is_run_record(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(len(RUN_MAGIC)) == RUN_MAGIC


def check(root: Path, *args: str, fmt: str = "json") -> str:
    if "--config" not in args:
        args = (*args, "--isolated")
    code, out, err = run_cli(["check", ".", "--format", fmt, "--jobs", "1", "--no-color", *args], root)
    assert code in (0, 1), err
    assert err == ""
    return out


def codes(out: str) -> list[str]:
    return sorted(d["code"] for d in json.loads(out))


@pytest.mark.parametrize("fmt", ["json", "full", "concise", "sarif"])
def test_a_hit_prints_what_a_computation_prints(tree: Path, computed: list[str], fmt: str) -> None:
    uncached = check(tree, "--no-cache", fmt=fmt)
    assert computed == ["demo", "twin"]
    cold = check(tree, fmt=fmt)
    warm = check(tree, fmt=fmt)
    assert uncached == cold == warm
    assert computed == ["demo", "twin"] * 2  # the warm run computed nothing
    assert len(entries()) == 2 and len(packs()) == 1 and whole()  # the cold run's pack: the warm one wrote none
    if fmt == "json":
        assert codes(warm) == ["SL116", "SL200", "SL300", "SL304", "SL400", "SL400", "SL900", "SL902"]


def test_editing_skill_md_recomputes_that_skill_only(tree: Path, computed: list[str]) -> None:
    check(tree)
    computed.clear()
    skill = tree / "demo" / "SKILL.md"
    skill.write_text(DEMO.replace("allowed-tools: Read Bassh", "allowed-tools: Read Bash"), encoding="utf-8")
    out = check(tree)
    assert computed == ["demo"]
    assert "SL200" not in codes(out)
    assert out == check(tree, "--no-cache")
    skill.write_text(DEMO, encoding="utf-8")  # back as it was: the first entry is still there
    computed.clear()
    assert "SL200" in codes(check(tree))
    assert computed == []


@pytest.mark.parametrize("recorded", [True, False])
def test_creating_and_deleting_a_referenced_file(tree: Path, computed: list[str], recorded: bool,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Also in a run too big for a run record, whose lookups forget each file's read once asked."""
    if not recorded:
        monkeypatch.setattr(engine, "RECORD_MAX_SKILLS", 0)
    assert "SL300" in codes(check(tree))
    guide = tree / "demo" / "references" / "guide.md"
    guide.parent.mkdir()
    guide.write_text("# Guide\n", encoding="utf-8")
    computed.clear()
    out = check(tree)
    assert computed == ["demo"]
    assert "SL300" not in codes(out)
    assert out == check(tree, "--no-cache")
    computed.clear()
    guide.write_text("# Guide, edited\n", encoding="utf-8")  # SL602-SL609 read a bundled reference's bytes
    assert check(tree) == out
    assert computed == ["demo"]
    assert check(tree, "--no-cache") == out
    guide.unlink()
    computed.clear()
    assert "SL300" in codes(check(tree))
    assert computed == ["demo"]


def test_a_folder_listing_is_a_dependency(tree: Path, computed: list[str]) -> None:
    """A reference spelled in another case than the file is found by listing folders (SL300's
    help names the right spelling): renaming the folder changes the listing, and the finding."""
    (tree / "demo" / "References").mkdir()
    (tree / "demo" / "References" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    first = check(tree)
    if sys.platform in ("darwin", "win32"):
        pytest.skip("a case-blind file system finds the file in any case")
    assert "the file is `References/guide.md`" in first
    (tree / "demo" / "References").rename(tree / "demo" / "Refs")
    (tree / "demo" / "Refs").rename(tree / "demo" / "REFERENCES")
    computed.clear()
    out = check(tree)
    assert computed == ["demo"]
    assert "the file is `REFERENCES/guide.md`" in out
    assert out == check(tree, "--no-cache")


def test_metadata_yaml_is_a_dependency(tree: Path, computed: list[str]) -> None:
    meta = tree / "twin" / "metadata.yaml"
    check(tree)
    meta.write_text("license: MIT\n", encoding="utf-8")  # appears
    computed.clear()
    clean = check(tree)
    assert computed == ["twin"]
    meta.write_text("license: [MIT\n", encoding="utf-8")  # edited: now broken YAML
    computed.clear()
    out = check(tree)
    assert computed == ["twin"]
    assert "SL101" in codes(out) and "SL101" not in codes(clean)
    assert out == check(tree, "--no-cache")


def test_a_plugin_marker_above_the_skill_is_a_dependency(tree: Path, computed: list[str]) -> None:
    """`../shared/notes.md` leaves the skill (SL304) unless the skill is inside a plugin, which is
    installed whole: a `.claude-plugin/plugin.json` created above it changes the finding."""
    assert "SL304" in codes(check(tree, "--target", "agentskills"))
    (tree / ".claude-plugin").mkdir()
    (tree / ".claude-plugin" / "plugin.json").write_text('{"name": "p"}\n', encoding="utf-8")
    computed.clear()
    out = check(tree, "--target", "agentskills")
    assert "demo" in computed
    assert "SL304" not in codes(out)
    assert out == check(tree, "--target", "agentskills", "--no-cache")


def test_a_target_chosen_by_location_is_part_of_the_key(tmp_path: Path, computed: list[str]) -> None:
    """With no target given, a skill below a plugin root is checked as Claude Code's. Only SL133 runs
    here, which probes nothing above the skill: the plugin appearing must still change its target."""
    skill = tmp_path / "proj" / "skills" / "demo"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: demo\ndescription: A demo. Use when testing.\nargument-hint: x\n---\n",
                                    encoding="utf-8")
    assert "[agentskills] `argument-hint`" in check(tmp_path, "--select", "SL133", fmt="concise")
    (tmp_path / "proj" / ".claude-plugin").mkdir()
    (tmp_path / "proj" / ".claude-plugin" / "plugin.json").write_text('{"name": "p"}\n', encoding="utf-8")
    computed.clear()
    out = check(tmp_path, "--select", "SL133", fmt="concise")
    assert computed == ["demo"]
    assert "argument-hint" not in out and "claude-code: 1 skill, from a plugin" in out


@pytest.mark.parametrize("change", [
    ("--target", "sisu"),
    ("--target", "sisu", "--target", "codex"),
    ("--select", "SL3"),
    ("--ignore", "SL304"),
    ("--select", "SL200,SL300"),
])
def test_other_settings_compute_anew(tree: Path, computed: list[str], change: tuple[str, ...]) -> None:
    check(tree)
    computed.clear()
    out = check(tree, *change)
    assert sorted(computed) == ["demo", "twin"]
    assert out == check(tree, *change, "--no-cache")
    computed.clear()
    assert check(tree, *change) == out
    assert computed == []


@pytest.mark.parametrize("config", [
    "severity: {SL304: warning}\n",
    "max-body-lines: 1\n",
    "targets: [claude-code]\n",
    "runtimes: {mine: {extends: sisu, aliases: {Bassh: terminalRun}}}\ntargets: [mine]\n",
])
def test_a_config_change_computes_anew(tree: Path, computed: list[str], config: str) -> None:
    path = tree / ".skilllint.yaml"
    path.write_text("exclude: []\n", encoding="utf-8")
    check(tree, "--config", ".skilllint.yaml")
    path.write_text(config, encoding="utf-8")
    computed.clear()
    out = check(tree, "--config", ".skilllint.yaml")
    assert sorted(computed) == ["demo", "twin"]
    assert out == check(tree, "--config", ".skilllint.yaml", "--no-cache")


def test_a_changed_skilllint_computes_anew(tree: Path, computed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited rule, runtime table or schema changes the package digest, and with it every key."""
    check(tree)
    monkeypatch.setattr(cache_key, "package_digest", lambda: "an edited package")
    computed.clear()
    check(tree)
    assert sorted(computed) == ["demo", "twin"]


def test_the_package_digest_covers_runtime_yaml_and_schemas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package, rules, schemas = (tmp_path / name for name in ("pkg", "rules", "schemas"))
    for folder in (package / "runtimes", package / "__pycache__", rules, schemas):
        folder.mkdir(parents=True)
    (package / "runtimes" / "sisu.yaml").write_text("id: sisu\n", encoding="utf-8")
    (package / "__pycache__" / "x.pyc").write_bytes(b"compiled")
    (schemas / "config.schema.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(cache_key, "PACKAGE_DIR", package)
    monkeypatch.setattr(cache_key, "rules_dir", lambda: rules)
    monkeypatch.setattr(cache_key, "schemas_dir", lambda: schemas)

    def digest() -> str:
        cache_key.package_digest.cache_clear()
        return cache_key.package_digest()

    try:
        first = digest()
        (package / "__pycache__" / "x.pyc").write_bytes(b"recompiled")
        assert digest() == first  # compiled files follow the source
        (package / "runtimes" / "sisu.yaml").write_text("id: sisu\nnotes: edited\n", encoding="utf-8")
        second = digest()
        assert second != first
        (schemas / "config.schema.json").write_text('{"type": "object"}', encoding="utf-8")
        assert digest() != second
    finally:
        cache_key.package_digest.cache_clear()


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "other-json", "fifo", "folder"])
def test_a_corrupt_entry_is_ignored(tree: Path, computed: list[str], damage: str) -> None:
    """A damaged pack (or a damaged entry in a whole one) is a miss: both skills computed anew,
    the output unchanged, no traceback, and a new pack holds both entries whole.

    BUG (pack.py, `_open`), case "fifo": a FIFO named like a pack is opened with a blocking
    `open()` and the run waits for a writer forever. `unblocking` lets it go on, so that this
    test fails on `stuck == [0]` instead of hanging the suite."""
    if damage == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    out = check(tree)
    drop_run_records()  # else the run's record replays the output without looking at an entry
    [path] = packs()
    data = path.read_bytes()
    keys = read_pack(path)
    assert keys is not None and len(keys) == 2
    if damage in ("fifo", "folder"):  # not a file: must neither block nor fail the run
        path.unlink()
        if damage == "fifo":
            os.mkfifo(path)
        else:
            path.mkdir()
    elif damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip":  # a byte inside each entry's bytes: the pack is whole, its entries are not
        index_at, count, _ = _TRAILER.unpack(data[-_TRAILER.size:])
        flipped = bytearray(data)
        for _, offset, length, _ in _RECORD.iter_unpack(data[index_at:index_at + count * _RECORD.size]):
            flipped[offset + length // 2] ^= 1
        path.write_bytes(bytes(flipped))
    elif damage == "garbage":
        path.write_bytes(os.urandom(300))
    elif damage == "empty":
        path.write_bytes(b"")
    else:  # a well-formed pack, each entry well-formed with its checksum right, its content wrong in type
        payload = b'{"probes":[],"diagnostics":[["x",1]],"summary":[]}'
        write_pack(path, dict.fromkeys(keys, encode_header(payload)))
        assert read_pack(path) is not None
    with unblocking(path) as stuck:
        computed.clear()
        assert check(tree) == out
        assert sorted(computed) == ["demo", "twin"]
        fresh = [pack for pack in (read_pack(p) for p in packs()) if pack is not None and pack.keys() == keys.keys()]
        assert any(all(decode(data) is not None for data, _ in pack.values()) for pack in fresh)  # stored whole
        drop_run_records()
        computed.clear()
        assert check(tree) == out
        assert computed == []  # the new pack's entries win over the damaged ones
    assert stuck == [0]  # nothing waited on a FIFO


def encode_header(payload: bytes) -> bytes:
    return b"skilllint-cache 1 " + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def test_no_cache_neither_writes_nor_reads(tree: Path, computed: list[str]) -> None:
    check(tree, "--no-cache")
    assert not cache_dir().exists() or not any(cache_dir().iterdir())
    check(tree)
    computed.clear()
    check(tree, "--no-cache")
    assert sorted(computed) == ["demo", "twin"]


def test_cache_dir_option_and_config_key(tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = tmp_path / "chosen"
    check(tree, "--cache-dir", str(chosen))
    assert len(entries(chosen)) == 2
    tag = (chosen / "CACHEDIR.TAG").read_text(encoding="utf-8")
    assert tag.startswith("Signature: 8a477f597d28d172789f06886806bc55")
    monkeypatch.delenv("SKILLLINT_CACHE_DIR")
    (tree / ".skilllint.yaml").write_text("cache-dir: ../configured\nexclude: []\n", encoding="utf-8")
    check(tree, "--config", ".skilllint.yaml")
    assert len(entries(tmp_path / "configured")) == 2  # relative to the config's folder
    monkeypatch.setenv("SKILLLINT_CACHE_DIR", str(tmp_path / "from-env"))
    check(tree, "--config", ".skilllint.yaml")
    assert len(entries(tmp_path / "from-env")) == 2  # the variable beats the config


def test_an_unwritable_cache_dir_is_no_cache(tree: Path, tmp_path: Path, computed: list[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    out = check(tree, "--no-cache")
    assert check(tree, "--cache-dir", str(blocker / "cache")) == out  # no traceback, nothing on stderr
    assert check(tree, "--cache-dir", str(blocker / "cache")) == out
    assert not (blocker / "cache").exists()


def test_a_cache_dir_no_file_system_accepts_is_no_cache(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKILLLINT_CACHE_DIR")
    (tree / ".skilllint.yaml").write_text('cache-dir: "a\\0b"\n', encoding="utf-8")  # a NUL in the path
    out = check(tree, "--no-cache")
    assert check(tree, "--config", ".skilllint.yaml") == out  # no internal error: no cache
    code, said, err = run_cli(["cache", "clear", "--config", ".skilllint.yaml"], tree)
    assert code == 0 and err == ""


def test_a_cache_that_refuses_writes_is_still_read(tree: Path, computed: list[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    check(tree)
    twin = tree / "twin" / "SKILL.md"
    twin.write_text(TWIN.replace("Body", "Edited body"), encoding="utf-8")
    expected = check(tree, "--no-cache")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    before = {path: path.stat().st_ino for path in packs()}
    monkeypatch.setattr(os, "replace", refuse)  # storing the edited skill fails
    computed.clear()
    assert check(tree) == expected
    assert computed == ["twin"]  # demo still came from the cache
    assert {path: path.stat().st_ino for path in packs()} == before  # no pack put in place
    assert temp_files(cache_dir()) == []  # the temporary files went too (the pack's and the run record's)


def test_sl000_is_never_cached(tree: Path, computed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.load_document

    def broken(file: Path, *args: object, **kwargs: object) -> object:
        if file.parent.name == "twin":
            raise RuntimeError("a bug")
        return real(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "load_document", broken)
    code, out, _ = run_cli(["check", ".", "--format", "json", "--jobs", "1", "--isolated"], tree)
    assert code == 2 and "SL000" in out
    assert len(entries()) == 1  # demo's only
    monkeypatch.setattr(engine, "load_document", real)
    code, out, _ = run_cli(["check", ".", "--format", "json", "--jobs", "1", "--isolated"], tree)
    assert code == 1 and "SL000" not in out


def test_concurrent_runs_share_a_cache(tmp_path: Path, computed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes lint one tree into one empty cache at once (each writing every entry), then
    a third run reads it: every output is the uncached one, and every entry is whole."""
    root = tmp_path / "many"
    for index in range(40):
        folder = root / f"skill-{index:02d}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(DEMO.replace("name: demo", f"name: skill-{index:02d}"), encoding="utf-8")
    shared = tmp_path / "shared-cache"
    args = ["check", ".", "--isolated", "--format", "json", "--jobs", "1"]
    expected = run_cli([*args, "--no-cache"], root)[1]
    env = {**os.environ, "SKILLLINT_CACHE_DIR": str(shared), "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-m", "skilllint", *args], cwd=root, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert (run.returncode, out, err) == (1, expected, "")
    assert len(entries(shared)) == 40 and 1 <= len(packs(shared)) <= 2  # each run wrote its own pack
    assert whole(shared) and all(decode(data) is not None for data in entries(shared).values())
    assert temp_files(shared) == []  # no temporary file left behind
    drop_run_records(shared)  # the third run must find its results in the packs
    before = {path: path.stat().st_ino for path in packs(shared)}
    monkeypatch.setenv("SKILLLINT_CACHE_DIR", str(shared))
    computed.clear()
    assert run_cli(args, root)[1] == expected
    assert computed == []  # all 40 from what the two processes stored
    assert {path: path.stat().st_ino for path in packs(shared)} == before


def test_a_pool_run_stores_what_its_workers_computed(tmp_path: Path) -> None:
    root = tmp_path / "pool"
    for index in range(engine.PARALLEL_THRESHOLD + 6):
        folder = root / f"s{index:03d}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(DEMO.replace("name: demo", f"name: s{index:03d}"), encoding="utf-8")
    _, cold, _ = run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", "2"], root)
    assert len(entries()) == engine.PARALLEL_THRESHOLD + 6 and whole()
    written = {path: path.stat().st_ino for path in packs()}
    drop_run_records()  # else the warm run replays its record without a lookup
    _, warm, _ = run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", "2"], root)
    assert warm == cold
    assert {path: path.stat().st_ino for path in packs()} == written  # all hits: no new pack
    assert warm == run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", "2", "--no-cache"], root)[1]


def test_cache_commands(tree: Path, tmp_path: Path) -> None:
    check(tree)
    assert len(entries()) == 2 and len(packs()) == 1
    assert [p for p in (cache_dir() / "v1").glob("?/*") if is_run_record(p)] != []
    [folder] = [path for path in (cache_dir() / "v2").iterdir() if path.is_dir()]  # the run's fingerprint
    foreign = [cache_dir() / "v1" / "notes.txt", cache_dir() / "v2" / "notes.txt", folder / "notes.txt"]
    for path in foreign:
        path.write_text("mine\n", encoding="utf-8")
    code, out, _ = run_cli(["cache", "dir"], tree)
    assert (code, out.strip()) == (0, str(cache_dir()))
    code, out, _ = run_cli(["cache", "clear"], tree)
    assert code == 0 and "removed 3 cache entries" in out  # the two skills' (one pack) and the run's record
    assert packs() == [] and all(path.exists() for path in foreign)  # only what skilllint wrote
    assert not list((cache_dir() / "v1").glob("?/*"))
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    code, out, _ = run_cli(["cache", "clear"], tree)
    assert code == 0 and "removed 0 cache entries" in out


def test_the_store_prunes_old_entries_once_a_day(tmp_path: Path) -> None:
    store = EntryStore(tmp_path / "c")
    old, fresh = "a" * 64, "b" * 64
    store.put(old, b"old")
    store.put(fresh, b"fresh")
    long_ago = time.time() - (MAX_AGE_DAYS + 1) * 86400
    os.utime(store._path(old), (long_ago, long_ago))
    temp = Path(store._path(fresh)).parent / ".left-by-a-killed-run.tmp"
    temp.write_bytes(b"x")
    os.utime(temp, (long_ago, long_ago))
    assert store.prune() == 2
    assert store.get(old) is None and store.get(fresh) == b"fresh" and not temp.exists()
    store.put(old, b"again")
    assert store.prune() == 0  # not twice a day


def test_clear_removes_a_cache_folder_only_when_skilllint_made_it(tmp_path: Path) -> None:
    made = EntryStore(tmp_path / "made")
    made.put("d" * 64, b"data")
    assert (tmp_path / "made" / "CACHEDIR.TAG").is_file()
    assert made.clear() == 1 and not (tmp_path / "made").exists()
    (tmp_path / "yours").mkdir()
    yours = EntryStore(tmp_path / "yours")
    yours.put("d" * 64, b"data")
    assert yours.clear() == 1 and (tmp_path / "yours").is_dir() and not any((tmp_path / "yours").iterdir())


def test_a_used_entry_is_kept_fresh(tmp_path: Path) -> None:
    store = EntryStore(tmp_path / "c")
    store.put("c" * 64, b"data")
    week_ago = time.time() - 7 * 86400
    os.utime(store._path("c" * 64), (week_ago, week_ago))
    assert EntryStore(tmp_path / "c").get("c" * 64) == b"data"
    assert os.stat(store._path("c" * 64)).st_mtime > time.time() - 60


def test_the_codec_round_trips_every_field() -> None:
    directive = Directive("a/SKILL.md", 8, 1, 45, "disable-next-line", ("SL320", "unknown-x"), frozenset({"SL320"}),
                          ("unknown-x",), 9, 9, selector_columns={"unknown-x": 36}, ended={"SL320": 9})
    summary = SkillSummary("a/SKILL.md", "a", "demo", Location("a/SKILL.md", Span(2, 7, 2, 11)), (directive,),
                           ("sisu", "codex"), "from .claude/skills")
    diagnostics = [Diagnostic("a/SKILL.md", Span(4, 21, 4, 26), "SL200", "unknown-tool", Severity.ERROR,
                              "`Bassh` \udcff is not a tool", "did you mean `Bash`?", "sisu",
                              Fix("replace `Bassh` with `Bash`", (TextEdit(30, 35, "Bash", Span(4, 21, 4, 26)),))),
                   Diagnostic("a/metadata.yaml", Span(1, 1), "SL101", "frontmatter-yaml-invalid", Severity.WARNING,
                              "bad", None, None)]
    probes = [["read", "/x/a/SKILL.md", ["ok", "ab" * 32, 10]], ["exists", "/x/a/r.md", False],
              ["listdir", "/x/a", ["SKILL.md", "r"]]]
    entry = decode(encode(Entry(probes, diagnostics, summary)))
    assert entry == Entry(probes, diagnostics, summary)
    # a field added to one of these classes must be added to the codec too
    assert list(fields(Directive)) == ["path", "line", "column", "end_column", "kind", "selectors",
                                                    "codes", "unknown", "first", "last", "used", "selector_columns",
                                                    "ended"]
    assert list(fields(SkillSummary)) == ["path", "dir_name", "name", "name_location", "directives",
                                                       "targets", "target_reason"]
    assert list(fields(Diagnostic)) == ["path", "span", "code", "name", "severity", "message", "help",
                                                     "target", "fix"]
    assert list(fields(Fix)) == ["title", "edits", "portable"]
    assert list(fields(TextEdit)) == ["start", "end", "text", "span"]


def test_a_view_replays_its_probes(tmp_path: Path) -> None:
    (tmp_path / "SKILL.md").write_text("text", encoding="utf-8")
    view = FileSystemView(1024)
    view.read(str(tmp_path / "SKILL.md"))
    assert not view.exists(str(tmp_path / "missing.md"))
    assert view.subfolders(str(tmp_path)) == frozenset()
    probes = json.loads(json.dumps(view.probes()))
    assert FileSystemView(1024).holds(probes)
    (tmp_path / "missing.md").write_text("now here", encoding="utf-8")
    assert not FileSystemView(1024).holds(probes)
    (tmp_path / "missing.md").unlink()
    (tmp_path / "SKILL.md").write_text("texT", encoding="utf-8")  # same size, other bytes
    assert not FileSystemView(1024).holds(probes)
    assert not FileSystemView(1024).holds([["rm -rf", "/", True]])  # an unknown question does not hold
    assert not FileSystemView(1024).holds([["exists"]])


_OS_PROBES = {"exists", "isfile", "isdir", "lexists", "islink", "listdir", "scandir", "stat", "lstat", "walk",
              "open", "access", "readlink", "realpath", "getsize", "getmtime"}
_PATH_PROBES = {"exists", "is_file", "is_dir", "is_symlink", "iterdir", "read_text", "read_bytes", "stat", "lstat",
                "rglob", "readlink", "samefile"}
# modules a skill's reading and checks run; what they ask the file system must be recorded
_SKILL_SIDE = ["reading/document.py", "reading/markdown.py", "reading/yamlnodes.py", "runtimes/toollist.py",
               "runtimes/resolve.py", "reading/schema.py",
               *(f"checks/{path.name}" for path in (ROOT / "skilllint" / "checks").glob("*.py"))]
_ALLOWED = {
    ("checks/__init__.py", "listdir"),  # the package's own rule modules
}


@pytest.mark.parametrize("name", sorted(_SKILL_SIDE))
def test_skill_checks_ask_the_file_system_only_through_the_view(name: str) -> None:
    """A probe that bypasses `doc.fs` is not recorded, so a cached result could not notice its
    answer change: the stale-finding bug this cache must not have."""
    tree = ast.parse((ROOT / "skilllint" / name).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func, called = node.func, ""
        if isinstance(func, ast.Name) and func.id == "open":
            called = "open"
        elif isinstance(func, ast.Attribute):
            receiver = ast.unparse(func.value)
            if receiver in ("os", "os.path") and func.attr in _OS_PROBES:
                called = func.attr
            elif not receiver.endswith(".fs") and func.attr in _PATH_PROBES:
                called = func.attr  # a pathlib.Path's (or anything's) own probe
        if called:
            assert (name, called) in _ALLOWED, f"{name}:{node.lineno}: `{called}` outside doc.fs"


def test_an_interrupted_run_leaves_no_pack_and_no_temporary_file(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after the skills were computed (their entries streamed to the run's temporary pack):
    the temporary file goes, no half pack is put in place, and the next run computes afresh."""
    real = engine._finish

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(engine, "_finish", interrupted)
    code, _, _ = run_cli(["check", ".", "--format", "json", "--jobs", "1", "--isolated"], tree)
    assert code != 0
    assert not list(cache_dir().rglob("*.tmp")) and not list(cache_dir().rglob("*.pack"))
    monkeypatch.setattr(engine, "_finish", real)
    assert check(tree) == check(tree, "--no-cache")
