"""Config values the run cannot use: each is one config-error line naming file, key and value.

Hand-reproduced failures (overflow, a 1 TiB read, bad globs and regexes, YAML's unquoted
`off`, non-UTF-8 or inline-table pyproject.toml, a folder or FIFO as config, an alias bomb,
2,000 nesting levels, a 3,000-long `extends` chain): none may crash, hang or pass silently.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skilllint.settings import config as config_module
from tests.conftest import run_cli

SKILL = "---\nname: my-skill\ndescription: Does a thing. Use when a thing is needed.\n---\nBody\n"
QUICK = 10.0
"""Seconds any hostile config may take: each of them used to take minutes, gigabytes or forever."""


def _repo(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "skills" / "my-skill").mkdir(parents=True)
    (tmp_path / "skills" / "my-skill" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    return tmp_path


def _check(root: Path, *args: str) -> tuple[int, str, str]:
    started = time.monotonic()
    result = run_cli(["check", ".", "--format", "concise", "--jobs", "1", *args], root)
    assert time.monotonic() - started < QUICK
    return result


def _config_error(root: Path, text: str | bytes, *named: str, name: str = ".skilllint.yaml") -> str:
    """Write the config, run the CLI, and return its one error line after the common checks."""
    path = root / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    code, out, err = _check(root)
    return _assert_one_line(code, out, err, path, *named)


def _assert_one_line(code: int, out: str, err: str, path: Path, *named: str) -> str:
    assert code == 2, err
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert line.startswith(f"skilllint: config error: {path}: "), line
    for needle in named:
        assert needle in line, line
    return line


# -- max-file-size ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1.0e+30", "1099511627776", "0", "268435457"])
def test_max_file_size_out_of_bounds(tmp_path: Path, value: str) -> None:
    shown = "1e+30" if value == "1.0e+30" else value
    _config_error(_repo(tmp_path), f"max-file-size: {value}\n", "key `max-file-size`",
                  "from 1 to 268,435,456 bytes (256 MiB)", f"not {shown}")


def test_max_file_size_at_the_bound_works(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / ".skilllint.yaml").write_text("max-file-size: 268435456\n", encoding="utf-8")
    assert _check(root)[0] == 0


# -- globs ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "glob", "why"),
    [
        ("exclude: ['[z-a]']\n", "exclude", "[z-a]", "bad character range z-a"),
        ("exclude: ['skills/foo[']\n", "exclude", "skills/foo[", "never closed"),
        ("manifests: ['foo[']\n", "manifests", "foo[", "never closed"),
        ("manifests: ['tools/[z-a].json']\n", "manifests", "tools/[z-a].json", "bad character range"),
        ("per-file-ignores: {'[z-a]/**': [SL132]}\n", "per-file-ignores", "[z-a]/**", "bad character range"),
        ("per-file-ignores: {'foo[': [SL132]}\n", "per-file-ignores", "foo[", "never closed"),
        ("exclude: ['*.{md,yaml']\n", "exclude", "*.{md,yaml", "never closed"),
    ],
)
def test_glob_that_cannot_compile(tmp_path: Path, text: str, key: str, glob: str, why: str) -> None:
    _config_error(_repo(tmp_path), text, f"key `{key}`", f"invalid glob `{glob}`", why)


def test_valid_globs_keep_working(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / ".skilllint.yaml").write_text("exclude: ['skills/[!x]y-*', 'skills/{my,your}-skill']\n", encoding="utf-8")
    code, out, _ = _check(root)
    assert code == 0 and "Nothing to check" in out


# -- name_pattern ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("pattern", "why"), [("(", "missing )"), ("[a-", "missing ]"),
                                              ("a{2,1}", "invalid repetition size"),
                                              ("(a)\\1", "invalid escape sequence"),
                                              ("(?=a)b", "invalid perl operator")])
def test_name_pattern_that_re2_refuses(tmp_path: Path, pattern: str, why: str) -> None:
    """`name_pattern` runs on RE2 (linear time), so a pattern it cannot take, a backreference or a
    lookaround included, is refused at load, naming the key."""
    text = f"targets: [app]\nruntimes:\n  app: {{extends: claude-code, name_pattern: '{pattern}'}}\n"
    _config_error(_repo(tmp_path), text, "key `runtimes.app.name_pattern`", "RE2", why)


def test_a_backtracking_name_pattern_runs_in_linear_time(tmp_path: Path) -> None:
    """`^(a+)+$` hung a run on Python's engine; on RE2 a long name is one pass."""
    import time

    root = _repo(tmp_path)
    (root / ".skilllint.yaml").write_text(
        "targets: [app]\nruntimes:\n  app: {extends: claude-code, name_pattern: '^(a+)+$'}\n", encoding="utf-8")
    (root / "tools.json").write_text('{"tools": [{"name": "' + "a" * 5000 + 'b"}]}\n', encoding="utf-8")
    started = time.process_time()
    code, out, _ = _check(root)
    assert code == 1 and "SL207" in out
    assert time.process_time() - started < 5


def test_an_mcp_pattern_without_tool_is_refused(tmp_path: Path) -> None:
    text = "targets: [app]\nruntimes:\n  app: {extends: claude-code, mcp_pattern: '['}\n"
    _config_error(_repo(tmp_path), text, "key `runtimes.app.mcp_pattern`", "is no MCP naming", "{tool}")


# -- YAML 1.1 booleans where a string is expected --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "word", "reading"),
    [
        ("severity: {SL701: off}\n", "severity.SL701", "off", "false"),
        ("severity:\n  SL701: Off\n", "severity.SL701", "Off", "false"),
        ("targets: [yes]\n", "targets.0", "yes", "true"),
        ("fail-on: no\n", "fail-on", "no", "false"),
        ("severity: {on: error}\n", "severity.on", "on", "true"),
        ("runtimes: {app: {tool_fields: {allowed-tools: on}}}\n", "runtimes.app.tool_fields.allowed-tools", "on",
         "true"),
    ],
)
def test_unquoted_yaml_boolean_says_to_quote_it(tmp_path: Path, text: str, key: str, word: str, reading: str) -> None:
    _config_error(_repo(tmp_path), text, f"key `{key}`",
                  f"`{word}` unquoted is read as {reading} in YAML: write '{word}' in quotes")


def test_quoted_off_works(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / ".skilllint.yaml").write_text("severity: {SL701: 'off'}\n", encoding="utf-8")
    assert _check(root)[0] == 0


# -- pyproject.toml -------------------------------------------------------------------------------


def test_pyproject_with_a_non_utf8_byte_and_a_section(tmp_path: Path) -> None:
    text = b'[project]\nname = "caf\xe9"\n\n[tool.skilllint]\nignore = ["SL132"]\n'
    _config_error(_repo(tmp_path), text, "line 2, column 12", "0xe9", "not UTF-8", name="pyproject.toml")


def test_pyproject_with_a_non_utf8_byte_and_no_section_is_not_ours(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "pyproject.toml").write_bytes(b'[project]\nname = "caf\xe9"\n')
    assert _check(root)[0] == 0


def test_pyproject_inline_table_is_found(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    _config_error(root, '[tool]\nskilllint = {ignore = ["SL999"]}\n', "key `ignore`", "SL999", name="pyproject.toml")


def test_pyproject_inline_table_is_used(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "skills" / "my-skill" / "SKILL.md").write_text(SKILL.replace("my-skill\n", "My-Skill\n", 1))
    (root / "pyproject.toml").write_text('[tool]\nskilllint = {select = ["SL112"]}\n', encoding="utf-8")
    code, out, _ = _check(root)
    assert code == 1 and "SL112" in out and "SL132" not in out


def test_pyproject_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _repo(tmp_path)
    (root / "pyproject.toml").write_text('[tool.skilllint]\nignore = ["SL132"]\n', encoding="utf-8")
    reads: list[Path] = []
    real = config_module._read_regular

    def counting(path: Path, fs: object) -> bytes:
        reads.append(path)
        return real(path, fs)  # type: ignore[arg-type]

    monkeypatch.setattr(config_module, "_read_regular", counting)
    assert _check(root)[0] == 0
    assert reads == [root / "pyproject.toml"]


@pytest.mark.parametrize(
    "value",
    ["[" * 2000 + "]" * 2000, "{a = " * 2000 + "1" + "}" * 2000, "[" * 300 + "]" * 300],
    ids=["arrays", "inline-tables", "arrays-300"],
)
def test_pyproject_nested_2000_levels(tmp_path: Path, value: str) -> None:
    _config_error(_repo(tmp_path), f"[tool.skilllint]\ntargets = {value}\n", "nest", "64 levels",
                  name="pyproject.toml")


# -- files that are not regular files -------------------------------------------------------------


def test_config_that_is_a_folder(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / ".skilllint.yaml").mkdir()
    code, out, err = _check(root)
    _assert_one_line(code, out, err, root / ".skilllint.yaml", "is a folder, not a file")


def _cli_subprocess(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The CLI in its own process: a FIFO that blocks would block it, not the test run."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    return subprocess.run([sys.executable, "-m", "skilllint", "check", ".", "--format", "concise", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=QUICK, env=env, stdin=subprocess.DEVNULL)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_config_that_is_a_fifo_is_found_and_refused(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    os.mkfifo(root / ".skilllint.yaml")
    result = _cli_subprocess([], root)
    _assert_one_line(result.returncode, result.stdout, result.stderr, root / ".skilllint.yaml",
                     "is a FIFO (named pipe), not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_config_option_naming_a_fifo_does_not_block(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    os.mkfifo(root / "pipe.yaml")
    result = _cli_subprocess(["--config", "pipe.yaml"], root)
    _assert_one_line(result.returncode, result.stdout, result.stderr, Path("pipe.yaml"), "is a FIFO")


def test_config_too_large(tmp_path: Path) -> None:
    text = "# padding\n" * (config_module.MAX_CONFIG_BYTES // 10 + 1)
    _config_error(_repo(tmp_path), text, "larger than 4,194,304 bytes")


# -- YAML bombs and depth -------------------------------------------------------------------------


def test_alias_bomb(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x,x,x,x,x,x,x,x,x]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    lines.append("targets: *a9")
    # at the anchor whose aliases pass the limit: `a4` (7,381 nodes in a3, 66,430 in a4)
    _config_error(_repo(tmp_path), "\n".join(lines) + "\n", "line 5, column 5", "alias bomb")


@pytest.mark.parametrize(
    "text",
    [
        "targets: " + "[" * 2000 + "]" * 2000 + "\n",
        "targets: " + "{a: " * 2000 + "x" + "}" * 2000 + "\n",
        "targets:\n" + "".join(" " * level + f"k{level}:\n" for level in range(1, 2000)) + " " * 2000 + "x\n",
    ],
    ids=["flow-lists", "flow-mappings", "block"],
)
def test_yaml_nested_2000_levels(tmp_path: Path, text: str) -> None:
    _config_error(_repo(tmp_path), text, "line ", "column ", "more than 64 levels deep")


def test_invalid_yaml_is_one_line_with_its_position(tmp_path: Path) -> None:
    _config_error(_repo(tmp_path), "targets: [\n", "invalid YAML", "line 2, column 1")


# -- extends --------------------------------------------------------------------------------------


def test_extends_chain_of_3000(tmp_path: Path) -> None:
    lines = ["targets: [r0]", "runtimes:"]
    lines += [f"  r{i}: {{extends: r{i + 1}}}" for i in range(3000)]
    lines.append("  r3000: {extends: claude-code}")
    _config_error(_repo(tmp_path), "\n".join(lines) + "\n", "key `runtimes.r0.extends`",
                  "runtime `r0` extends a chain of more than 64 runtimes")


def test_extends_chain_of_3000_listed_root_first(tmp_path: Path) -> None:
    lines = ["targets: [r0]", "runtimes:", "  r3000: {extends: claude-code}"]
    lines += [f"  r{i}: {{extends: r{i + 1}}}" for i in reversed(range(3000))]
    _config_error(_repo(tmp_path), "\n".join(lines) + "\n", "extends a chain of more than 64 runtimes")


def test_extends_chain_of_60_works(tmp_path: Path) -> None:
    lines = ["targets: [r0]", "runtimes:"]
    lines += [f"  r{i}: {{extends: r{i + 1}}}" for i in range(60)]
    lines.append("  r60: {extends: claude-code}")
    root = _repo(tmp_path)
    (root / ".skilllint.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _check(root)[0] == 0


@pytest.mark.parametrize(
    ("runtimes", "named"),
    [
        ("  a: {extends: b}\n  b: {extends: c}\n  c: {extends: a}\n", "cycle: a -> b -> c -> a"),
        ("  a: {extends: nope}\n", "runtime `a` extends unknown runtime `nope`"),
        ("  agentskills: {extends: a}\n  a: {display_name: A}\n", "cycle"),
    ],
)
def test_extends_cycle_and_unknown_parent_name_the_key(tmp_path: Path, runtimes: str, named: str) -> None:
    _config_error(_repo(tmp_path), "runtimes:\n" + runtimes, "key `runtimes.", ".extends`", named)


# -- anything else --------------------------------------------------------------------------------


def test_unexpected_error_while_loading_names_the_file_and_the_type(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> None:
        raise ValueError("unexpected")

    monkeypatch.setattr(config_module, "_parse_yaml", broken)
    _config_error(_repo(tmp_path), "exclude: [x]\n", "cannot load config: ValueError")


def test_invalid_date_in_config_is_an_unknown_key_not_a_crash(tmp_path: Path) -> None:
    _config_error(_repo(tmp_path), "exclude: [x]\nwhen: 2020-13-45\n", "unknown key `when`")


def test_unexpected_error_while_validating_names_the_file_and_the_type(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(data: dict, path: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(config_module, "_check_globs", broken)
    _config_error(_repo(tmp_path), "exclude: [x]\n", "cannot load config: RuntimeError: boom")


def test_tools_from_manifest_problem_names_both_files(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "tools.json").write_text("{not json", encoding="utf-8")
    text = "targets: [app]\nruntimes:\n  app: {extends: claude-code, tools_from: [tools.json]}\n"
    _config_error(root, text, "key `runtimes.app.tools_from`", "tools.json")


def test_alias_to_a_missing_tool_names_the_file(tmp_path: Path) -> None:
    text = "targets: [app]\nruntimes:\n  app: {extends: sisu, aliases: {x: notATool}}\n"
    _config_error(_repo(tmp_path), text, "`notATool`")


def test_newline_in_a_key_stays_on_one_line(tmp_path: Path) -> None:
    _config_error(_repo(tmp_path), 'per-file-ignores: {"a\\nb[": [SL132]}\n', "key `per-file-ignores`", "a\\nb[")


def test_a_run_of_stars_in_a_glob_matches_quickly(tmp_path: Path) -> None:
    """Adjacent wildcards made the regex backtrack for seconds (found by scripts/fuzz.py)."""
    from skilllint.reading.globs import matches

    started = time.monotonic()
    assert not matches("a/b/c" * 20 + "x", ("******************************20****",))
    assert matches("docs/x20y/SKILL.md", ("***20***",))
    assert time.monotonic() - started < 0.5


def test_a_glob_with_too_many_wildcards_is_a_config_error(tmp_path: Path) -> None:
    _config_error(_repo(tmp_path), "exclude: ['*a*b*c*d*e*f*g*h*i*']\n", "exclude", "wildcards")


def test_top_level_tools_is_an_error_that_says_where_tools_go(tmp_path: Path) -> None:
    """A top-level `tools` list used to be accepted and ignored: the app's tools never reached a target."""
    (tmp_path / ".skilllint.yaml").write_text("tools: [tools.json]\n", encoding="utf-8")
    code, out, err = run_cli(["check", "."], tmp_path)
    assert code == 2 and out == ""
    assert "unknown key `tools`" in err and "tools_from" in err and "--target my-app" in err


# -- duplicate keys -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "where", "key"), [
    ("ignore: [SL200]\nignore: []\n", "line 2, column 1", "ignore"),
    ("severity:\n  SL132: info\n  SL132: 'off'\n", "line 3, column 3", "SL132"),
])
def test_a_key_given_twice_is_a_config_error_at_the_second(tmp_path: Path, text: str, where: str, key: str) -> None:
    """YAML keeps the last of two equal keys, so the first (`ignore: [SL200]`) was dropped unseen; TOML
    refuses the same config, and a skill's frontmatter reports it (SL102)."""
    _config_error(_repo(tmp_path), text, f"{where}: key `{key}` is given twice")


def test_equal_keys_in_different_mappings_are_fine(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    policy = "    paths: [a]\n    deny: [group:web]\n"
    (root / ".skilllint.yaml").write_text(f"policies:\n  chat:\n{policy}  web:\n{policy}", encoding="utf-8")
    code, _, err = _check(root)
    assert code in (0, 1), err
