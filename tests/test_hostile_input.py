"""One bad file never stops, hangs or fools the run.

Each hostile input below once crashed the run (exit 2, every other finding lost),
segfaulted it or hung it. Now each gets a finding at its position, every other skill is
still linted, and the exit code is 1 (findings), never 2.
"""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from skilllint.engine.linter import lint_paths
from skilllint.engine.pool import run_pool
from skilllint.settings.build import build_settings
from tests.conftest import run_cli

SIBLING = "---\nname: Other-Skill\ndescription: A sibling skill that must still be linted.\n---\nBody.\n"


def _skill(root: Path, name: str, text: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    return folder


def _frontmatter(name: str, extra: str) -> str:
    return f"---\nname: {name}\ndescription: A skill with one odd value.\n{extra}\n---\nBody.\n"


def _check(root: Path, *args: str) -> tuple[int, list[dict], str]:
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "json", *args], root)
    return code, json.loads(out) if out.strip() else [], err


def _assert_contained(code: int, diagnostics: list[dict], err: str) -> None:
    assert code in (0, 1), err
    assert not [d for d in diagnostics if d["code"] == "SL000"], diagnostics
    assert "Traceback" not in err and "internal error" not in err
    assert any(d["code"] == "SL112" and d["path"] == "other-skill/SKILL.md" for d in diagnostics), "run did not go on"


# -- YAML values that cannot be built -------------------------------------------------------

@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("count: !!int x", "`!!int x` is not an integer"),
        ("ratio: !!float k", "`!!float k` is not a number"),
        ("flag: !!bool", "`!!bool` is not a boolean"),
        ("when: !!timestamp", "`!!timestamp` is not a date"),
        ("when: !!timestamp 2024-02-30", "`!!timestamp 2024-02-30` is not a date"),
        ("thing: !custom 1", "unknown tag `!custom`: YAML loaders reject it"),
        ("thing: !!python/object:os.system x", "unknown tag `!!python/object:os.system`: YAML loaders reject it"),
    ],
)
def test_value_that_does_not_fit_its_explicit_tag_is_sl101_at_its_position(
    tmp_path: Path, value: str, message: str
) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    _skill(tmp_path, "odd-skill", _frontmatter("odd-skill", value))
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    found = [d for d in diagnostics if d["code"] == "SL101" and d["path"] == "odd-skill/SKILL.md"]
    assert [d["message"] for d in found] == [message]
    column = value.index(": ") + 3
    assert (found[0]["line"], found[0]["column"]) == (4, column)
    # the same tag is not reported a second time by SL102 at the same place
    assert not [d for d in diagnostics if d["code"] == "SL102" and d["line"] == 4]


@pytest.mark.parametrize("value", ["updated: 2024-02-30", "updated: 2024-13-45", "n: " + "1" * 5000])
def test_implicitly_typed_value_that_cannot_be_built_is_not_a_crash(tmp_path: Path, value: str) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    _skill(tmp_path, "odd-skill", _frontmatter("odd-skill", value))
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    assert not [d for d in diagnostics if d["code"] == "SL101"]


def test_invalid_date_under_metadata_is_sl127_with_help_to_quote(tmp_path: Path) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    _skill(tmp_path, "odd-skill", _frontmatter("odd-skill", "metadata:\n  updated: 2024-02-30"))
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["code"] == "SL127"]
    assert d["message"] == "`metadata.updated` is a date, not a string"
    assert d["help"] == 'quote the value: updated: "2024-02-30"'
    assert (d["line"], d["column"]) == (5, 12)


def test_bad_values_in_metadata_yaml(tmp_path: Path) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    folder = _skill(tmp_path, "odd-skill", _frontmatter("odd-skill", "license: MIT"))
    (folder / "metadata.yaml").write_text("count: !!int x\nupdated: 2024-13-45\n", encoding="utf-8")
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["code"] == "SL101"]
    assert (d["path"], d["line"], d["column"]) == ("odd-skill/metadata.yaml", 1, 8)


# -- depth ------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "nested",
    [
        "x:\n" + "- " * 25_000 + "x",  # block sequences: segfaulted libyaml's composer
        "x: " + "[" * 25_000 + "]" * 25_000,
        "x: " + "{a: " * 5_000 + "1" + "}" * 5_000,
        "x:\n" + "".join(" " * (2 * i) + f"k{i}:\n" for i in range(200)) + " " * 400 + "v",
    ],
    ids=["block-sequences", "flow-sequences", "flow-mappings", "block-mappings"],
)
def test_deep_nesting_is_refused_before_composing(tmp_path: Path, nested: str) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    _skill(tmp_path, "deep-skill", _frontmatter("deep-skill", nested))
    code, diagnostics, err = _check(tmp_path, "--jobs", "1")
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["code"] == "SL101"]
    assert d["message"] == "YAML nests more than 64 levels deep; not parsed"
    assert d["line"] >= 4


def test_deep_json_manifest_is_sl101_not_a_recursion_error(tmp_path: Path) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    (tmp_path / "tools.json").write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["path"] == "tools.json"]
    assert (d["code"], d["message"]) == ("SL101", "JSON nests more than 64 levels deep; not parsed")


def test_large_honest_manifest_is_not_an_alias_bomb(tmp_path: Path) -> None:
    """A real MCP tools/list: 120 tools with 20 parameters each (about 400 KB, 30,000 nodes)."""
    schema = {"type": "object", "properties": {f"p{j}": {"type": "string", "description": "y" * 80} for j in range(20)}}
    tools = [{"name": f"tool_{i}", "description": "x" * 50, "inputSchema": schema} for i in range(120)]
    (tmp_path / "server.tools.json").write_text(json.dumps({"tools": tools}, indent=2), encoding="utf-8")
    _skill(tmp_path, "other-skill", SIBLING)
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    assert not [d for d in diagnostics if d["path"] == "server.tools.json"]


def test_manifest_duplicate_keys_and_non_string_names_are_reported(tmp_path: Path) -> None:
    (tmp_path / "tools.json").write_text(
        '{"tools": [{"name": "a", "name": "b"}, {"name": 12}, {"name": "c", "aliases": [1, "d"]}]}', encoding="utf-8"
    )
    (tmp_path / "app.tools.yaml").write_text("tools:\n- name: x\n  capability: !!int q\n", encoding="utf-8")
    _skill(tmp_path, "other-skill", SIBLING)
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    found = {(d["path"], d["column"], d["message"]) for d in diagnostics if d["code"] == "SL101"}
    assert found == {
        ("tools.json", 26, "duplicate key `name`: parsers keep only the last value"),
        ("tools.json", 49, "tool `name` is a number, not a string; skipped"),
        ("tools.json", 80, "`aliases` entry is a number, not a string; skipped"),
        ("app.tools.yaml", 15, "`!!int q` is not an integer"),
    }


# -- files that are not files -------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("where", ["SKILL.md", "link", "metadata.yaml", "tools.json"])
def test_fifo_is_reported_never_read(tmp_path: Path, where: str) -> None:
    """A FIFO blocks the reader forever: opened non-blocking and refused by its kind."""
    _skill(tmp_path, "other-skill", SIBLING)
    folder = tmp_path / "odd-skill"
    folder.mkdir()
    if where == "SKILL.md":
        os.mkfifo(folder / "SKILL.md")
    elif where == "link":
        os.mkfifo(folder / "pipe")
        os.symlink("pipe", folder / "SKILL.md")
    else:
        (folder / "SKILL.md").write_text(_frontmatter("odd-skill", "license: MIT"), encoding="utf-8")
        os.mkfifo(folder / where)
    started = time.monotonic()
    code, diagnostics, err = _check(tmp_path, "--jobs", "1")
    assert time.monotonic() - started < 10
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["code"] == "SL001"]
    assert d["message"] == "a FIFO (named pipe), not a regular file; not read"


def test_metadata_yaml_that_is_a_folder_is_reported(tmp_path: Path) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    folder = _skill(tmp_path, "odd-skill", _frontmatter("odd-skill", "license: MIT"))
    (folder / "metadata.yaml").mkdir()
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["code"] == "SL001"]
    assert (d["path"], d["message"]) == ("odd-skill/metadata.yaml", "a folder, not a regular file; not read")


@pytest.mark.skipif(os.geteuid() != 0 if hasattr(os, "geteuid") else True, reason="mknod needs root")
def test_character_device_is_not_read(tmp_path: Path) -> None:
    _skill(tmp_path, "other-skill", SIBLING)
    (tmp_path / "odd-skill").mkdir()
    try:
        os.mknod(tmp_path / "odd-skill" / "SKILL.md", stat.S_IFCHR | 0o600, os.makedev(1, 5))  # like /dev/zero
    except OSError:
        pytest.skip("mknod not permitted here")
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    [d] = [d for d in diagnostics if d["code"] == "SL001"]
    assert d["message"] == "a character device, not a regular file; not read"


# -- faults stay in their file ---------------------------------------------------------------------

def _many(root: Path, count: int = 70) -> None:
    """Enough skills for the process pool (it is used from 64 skills up)."""
    _skill(root, "other-skill", SIBLING)
    for index in range(count):
        _skill(root, f"s{index:03}", f"---\nname: s{index:03}\ndescription: d\nallowed-tools: Bassh\n---\nBody.\n")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_rule_that_raises_costs_one_file_and_exit_2(tmp_path: Path, jobs: str) -> None:
    _many(tmp_path)
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "concise", "--jobs", jobs,
                              "--inject-fault", "raise:s007/SKILL.md"], tmp_path)
    assert code == 2
    lines = out.splitlines()
    assert [line for line in lines if " SL000 " in line] == [
        "s007/SKILL.md:1:1: SL000 error skilllint failed in --inject-fault: RuntimeError: injected fault; its other "
        "findings may be missing; rerun with --debug and report it"
    ]
    assert sum(" SL200 " in line for line in lines) == 69  # every other skill still linted
    assert "other-skill/SKILL.md:2:7: SL112" in out
    assert err.strip() == ("skilllint: internal error on 1 file (SL000): their findings may be incomplete; "
                           "rerun with --debug and report it")


def test_debug_prints_the_traceback(tmp_path: Path) -> None:
    _many(tmp_path, 1)
    code, _, err = run_cli(["check", ".", "--isolated", "--jobs", "1", "--debug",
                            "--inject-fault", "raise:s000/SKILL.md"], tmp_path)
    assert code == 2
    assert "Traceback" in err and "RuntimeError: injected fault" in err


def test_a_worker_that_dies_is_replaced_and_its_file_reported(tmp_path: Path) -> None:
    _many(tmp_path)
    started = time.monotonic()
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "concise", "--jobs", "2",
                              "--inject-fault", "crash:s03*/SKILL.md"], tmp_path)
    assert time.monotonic() - started < 30
    assert code == 2
    lost = sorted(line.split(":", 1)[0] for line in out.splitlines() if " SL000 " in line)
    assert lost == [f"s03{i}/SKILL.md" for i in range(10)]
    assert "the worker process died (SIGSEGV)" in out
    assert sum(" SL200 " in line for line in out.splitlines()) == 60


def test_a_file_over_its_time_budget_becomes_a_finding(tmp_path: Path) -> None:
    _many(tmp_path, 3)
    settings, _ = build_settings({"isolated": True, "jobs": 1}, tmp_path)
    settings.file_budget = 0.3
    settings.inject_fault = ("hang", "s001/SKILL.md")
    started = time.monotonic()
    result = lint_paths(["."], settings)
    assert time.monotonic() - started < 5
    assert result.faults == 1
    [d] = [d for d in result.diagnostics if d.code == "SL000"]
    assert (d.path, d.message) == (
        "s001/SKILL.md",
        "skilllint stopped after 0.3 s in --inject-fault; its other findings may be missing; rerun with --debug "
        "and report it",
    )
    assert {d.path for d in result.diagnostics if d.code == "SL200"} == {"s000/SKILL.md", "s002/SKILL.md"}


def _block_forever(item: int) -> int:
    if item == 3:
        read_end, _write_end = os.pipe()
        os.read(read_end, 1)  # blocks in C: no signal handler can interrupt it
    return item * 10


def test_pool_kills_a_hung_worker_and_gives_up_only_its_item() -> None:
    """The batch holding item 3 overruns and is split; item 2 is done again, item 3 given up.
    Each wait is the limit plus the pool's fixed second of slack: small limits keep it short."""
    started = time.monotonic()
    results = [r for _, batch in run_pool(list(range(8)), _block_forever, lambda item, why: (item, why),
                                          jobs=2, batch_size=2, item_seconds=0.1) for r in batch]
    assert time.monotonic() - started < 15
    assert sorted(r for r in results if isinstance(r, int)) == [0, 10, 20, 40, 50, 60, 70]
    assert [r for r in results if isinstance(r, tuple)] == [(3, "took longer than 0.1 s")]


# -- a mixed tree: the run finishes, the output is the same for any --jobs ------------------------

def _mixed_tree(root: Path) -> None:
    _many(root, 66)
    _skill(root, "date-skill", _frontmatter("date-skill", "metadata:\n  updated: 2024-02-30"))
    _skill(root, "tag-skill", _frontmatter("tag-skill", "count: !!int x"))
    _skill(root, "deep-skill", _frontmatter("deep-skill", "x:\n" + "- " * 25_000 + "x"))
    _skill(root, "broken-yaml", "---\nname: broken-yaml\ndescription: [unclosed\n---\n")
    _skill(root, "no-frontmatter", "# Just a body\n")
    (root / "binary").mkdir()
    (root / "binary" / "SKILL.md").write_bytes(b"---\nname: binary\n\x00\x01")
    (root / "latin1").mkdir()
    (root / "latin1" / "SKILL.md").write_bytes(b"---\nname: latin1\ndescription: caf\xe9\n---\n")
    if hasattr(os, "mkfifo"):
        (root / "fifo-skill").mkdir()
        os.mkfifo(root / "fifo-skill" / "SKILL.md")
    (root / "tools.json").write_text("[" * 10_000, encoding="utf-8")
    _slow_shapes(root)


def _slow_shapes(root: Path) -> None:
    """What once grew faster than its input, or ended a run: each at a size the old code took seconds on."""
    (root / ".git").mkdir()  # a work tree: `.gitignore` is read
    (root / ".gitignore").write_text("[z-a]\n*a*a*a*a*a*a*a*a*b\n", encoding="utf-8")
    _skill(root, "a" * 60, _frontmatter("a" * 60, ""))
    tools = ",".join('{"name": "%s", "inputSchema": {"type": "object"}}' % ("t" if i % 2 else "T") for i in range(2000))
    (root / "app.tools.json").write_text('{"tools": [' + tools + "]}", encoding="utf-8")
    refs = _skill(root, "refs", _frontmatter("refs", "") + "".join(f"See `references/F{i}.md`.\n" for i in range(2000)))
    (refs / "references").mkdir()
    for i in range(2000):
        (refs / "references" / f"f{i}.md").write_text("x\n", encoding="utf-8")
    grants = " ".join(f"Bash(tool{i}:*)" for i in range(1000))
    _skill(root, "grants", _frontmatter("grants", f"allowed-tools: {grants}"))
    (root / ".claude").mkdir()
    deny = ",".join(f'"Bash(cmd{i}:*)"' for i in range(5000))
    (root / ".claude" / "settings.json").write_text('{"permissions": {"deny": [' + deny + "]}}", encoding="utf-8")
    _skill(root, "spans", _frontmatter("spans", "") + "Use " + "`Read` " * 20_000 + "\n")
    (root / ".mcp.json").write_text('["github"]', encoding="utf-8")
    (root / ".gemini").mkdir()
    (root / ".gemini" / "settings.json").write_text("[1]", encoding="utf-8")


def test_mixed_hostile_tree_finishes_with_the_same_output_for_any_jobs(tmp_path: Path) -> None:
    _mixed_tree(tmp_path)
    outputs = []
    for jobs in ("1", "2"):
        started = time.monotonic()
        code, out, err = run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", jobs], tmp_path)
        assert time.monotonic() - started < 20
        assert code == 1, err
        outputs.append(out)
    assert outputs[0] == outputs[1]
    diagnostics = json.loads(outputs[0])
    assert not [d for d in diagnostics if d["code"] == "SL000"]
    by_path = {d["path"]: d["code"] for d in diagnostics}
    for path, code in {
        "date-skill/SKILL.md": "SL127", "tag-skill/SKILL.md": "SL101", "deep-skill/SKILL.md": "SL101",
        "broken-yaml/SKILL.md": "SL101", "no-frontmatter/SKILL.md": "SL100", "binary/SKILL.md": "SL004",
        "latin1/SKILL.md": "SL002", "tools.json": "SL101", "app.tools.json": "SL410", "refs/SKILL.md": "SL300",
        ".mcp.json": "SL208", ".gemini/settings.json": "SL205",
    }.items():
        assert any(d["path"] == path and d["code"] == code for d in diagnostics), (path, code, by_path.get(path))
    assert sum(d["code"] == "SL200" for d in diagnostics) == 66


def test_mixed_hostile_tree_on_claude_code_is_the_same_for_any_jobs(tmp_path: Path) -> None:
    """The target that reads the project's settings (SL215 against 5,000 deny rules) and its MCP config."""
    _mixed_tree(tmp_path)
    outputs = [run_cli(["check", ".", "--isolated", "--format", "json", "--jobs", jobs, "-t", "claude-code"], tmp_path)
               for jobs in ("1", "2")]
    assert outputs[0] == outputs[1]
    diagnostics = json.loads(outputs[0][1])
    assert not [d for d in diagnostics if d["code"] == "SL000"]
    assert any(d["path"] == ".mcp.json" and d["code"] == "SL208" for d in diagnostics)


def test_values_yaml_converts_get_help_to_quote_them(tmp_path: Path) -> None:
    """`yes` is a boolean and `1.10` the number 1.1 in YAML: where a string is expected, the
    help quotes exactly what was written."""
    _skill(tmp_path, "other-skill", SIBLING)
    _skill(tmp_path, "yes", "---\nname: yes\ndescription: 1.10\ncompatibility: 2024-01-01\n"
                            "allowed-tools: 2024-02-30\nmetadata:\n  version: 1.10\n---\nBody.\n")
    code, diagnostics, err = _check(tmp_path)
    _assert_contained(code, diagnostics, err)
    helps = {d["code"]: d["help"] for d in diagnostics if d["path"] == "yes/SKILL.md"}
    assert helps == {
        "SL110": 'quote it: name: "yes"',
        "SL121": 'quote it: description: "1.10"',
        "SL126": 'quote it: compatibility: "2024-01-01"',
        "SL130": 'quote it: allowed-tools: "2024-02-30"',
        "SL127": 'quote the value: version: "1.10"',
    }


def test_a_selection_keeps_the_findings_of_files_left_unchecked(tmp_path: Path) -> None:
    """`--select SL6` (the README's security pass) still reports a file skilllint could not read
    (SL004) and one it failed on (SL000): leaving them out printed "All clean" for files never checked.
    `--ignore` by code still turns them off, and SL000 still counts in the exit code then."""
    _many(tmp_path, 1)
    (tmp_path / "binary").mkdir()
    (tmp_path / "binary" / "SKILL.md").write_bytes(b"---\nname: binary\n\0\0\0")
    args = ["check", ".", "--isolated", "--format", "concise", "--jobs", "1", "--select", "SL6",
            "--inject-fault", "raise:s000/SKILL.md"]
    code, out, _ = run_cli(args, tmp_path)
    assert code == 2
    assert [line.split(": ", 2)[1].split()[0] for line in out.splitlines() if ": SL" in line] == ["SL004", "SL000"]

    code, out, _ = run_cli([*args, "--ignore", "SL000,SL004"], tmp_path)
    assert code == 2 and " SL0" not in out

    code, out, _ = run_cli([*args[:-2]], tmp_path)  # no fault: the binary file alone
    assert code == 1 and "binary/SKILL.md:" in out and " SL004 " in out
