"""The built-in runtime files: valid, complete, and free of name clashes.

The list of runtimes is hard-coded from the reference notes (reference/runtimes/*.yaml): the tests
must not read the reference folder, which CI does not have.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from skilllint.core.resources import RUNTIMES_DIR, schemas_dir
from skilllint.runtimes.targets import DEFAULT_TARGET, builtin_targets

REFERENCE_RUNTIMES = (
    "amp", "claude-code", "cline", "codex", "continue", "copilot", "crush", "cursor", "gemini-cli",
    "goose", "kilo-code", "kiro", "openclaw", "opencode", "qwen-code", "roo-code", "sisu", "windsurf",
)
LOW_CONFIDENCE = ("amp", "cursor", "kiro", "windsurf")
RUNTIME_FILES = sorted(RUNTIMES_DIR.glob("*.yaml"))


@cache
def _load(path: Path) -> dict[str, Any]:
    """A runtime file's data, parsed once for all the tests that read it (none changes it)."""
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _key(name: str, case_sensitive: bool) -> str:
    return name if case_sensitive else name.casefold()


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((schemas_dir() / "runtime.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_reference_runtime_and_the_baseline_have_a_file() -> None:
    stems = {path.stem for path in RUNTIME_FILES}
    assert set(REFERENCE_RUNTIMES) | {DEFAULT_TARGET} <= stems


@pytest.mark.parametrize("path", RUNTIME_FILES, ids=lambda p: p.stem)
def test_file_validates_against_schema(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    errors = sorted(validator.iter_errors(_load(path)), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


@pytest.mark.parametrize("path", RUNTIME_FILES, ids=lambda p: p.stem)
def test_id_is_file_stem_and_header_cites_public_sources_only(path: Path) -> None:
    raw = _load(path)
    assert raw["id"] == path.stem
    text = path.read_text(encoding="utf-8")
    assert "public sources named in `source`" in text.split("\nid:")[0]
    assert "/work/" not in text and "../shared" not in text and "reference/runtimes" not in text


@pytest.mark.parametrize("path", RUNTIME_FILES, ids=lambda p: p.stem)
def test_names_unique_and_aliases_unambiguous(path: Path) -> None:
    """SL406/SL410 on our own tables: every spelling points to exactly one tool."""
    raw = _load(path)
    tools = raw["tools"] or []
    cs = raw["case_sensitive"]
    names = Counter(_key(t["name"], cs) for t in tools)
    assert not [n for n, c in names.items() if c > 1], "duplicate tool names"
    claimed: dict[str, str] = {}
    for tool in tools:
        for alias in [*tool["aliases"], *tool["deprecated_aliases"]]:
            key = _key(alias, cs)
            assert key not in names, f"alias `{alias}` of `{tool['name']}` equals a tool name"
            assert claimed.setdefault(key, tool["name"]) == tool["name"], (
                f"alias `{alias}` is claimed by `{claimed[key]}` and `{tool['name']}`"
            )


@pytest.mark.parametrize("path", RUNTIME_FILES, ids=lambda p: p.stem)
def test_name_pattern_compiles_and_mcp_pattern_has_placeholders(path: Path) -> None:
    raw = _load(path)
    re.compile(raw["name_pattern"])
    if raw["mcp_pattern"] is not None:
        assert "{server}" in raw["mcp_pattern"] and "{tool}" in raw["mcp_pattern"]


def test_low_confidence_runtimes() -> None:
    for ident in LOW_CONFIDENCE:
        assert _load(RUNTIMES_DIR / f"{ident}.yaml")["confidence"] == "low"


def test_all_files_build_into_targets() -> None:
    targets = builtin_targets()
    assert set(REFERENCE_RUNTIMES) | {DEFAULT_TARGET} <= set(targets)
    assert targets[DEFAULT_TARGET].tools is None
    assert all(targets[ident].tools for ident in REFERENCE_RUNTIMES)


def test_baseline_facts() -> None:
    t = builtin_targets()[DEFAULT_TARGET]
    assert (t.dialect, t.unknown_fields) == ("agentskills", "error")
    assert dict(t.tool_fields) == {"allowed-tools": "grant"}


def test_claude_code_facts() -> None:
    t = builtin_targets()["claude-code"]
    tools = {tool.name: tool for tool in t.tools or ()}
    assert dict(t.severity) == {"SL100": "warning", "SL110": "info", "SL112": "warning", "SL113": "warning",
                                "SL116": "info", "SL117": "info", "SL121": "warning", "SL122": "info", "SL131": "off"}
    assert (t.dialect, t.unknown_fields, t.permission_rules) == ("claude-code", "warning", True)
    assert t.mcp_pattern == "mcp__{server}__{tool}"
    assert tools["Agent"].deprecated_aliases == ("Task",)
    assert set(tools["Read"].deprecated_aliases) == {"NotebookRead", "View"}
    for legacy, canonical in (("MultiEdit", "Edit"), ("KillShell", "TaskStop"), ("SlashCommand", "Skill"),
                              ("BashOutput", "TaskOutput")):
        assert legacy in tools[canonical].deprecated_aliases
    assert (tools["LS"].status, tools["LS"].capability) == ("removed", "list-dir")
    assert {tools[n].status for n in ("TodoWrite", "Glob", "Grep")} == {"conditional"}
    expected = {"Bash": "command", "Monitor": "command", "PowerShell": "command", "Read": "path",
                "Grep": "path", "Glob": "path", "LSP": "path", "Edit": "path", "Write": "path",
                "NotebookEdit": "path", "WebFetch": "domain", "Skill": "skill", "Agent": "agent",
                "Workflow": "any"}  # Anthropic's claude-security plugin grants Workflow(name)
    assert {n: tool.specifier for n, tool in tools.items() if tool.specifier != "none"} == expected


def test_sisu_facts() -> None:
    t = builtin_targets()["sisu"]
    assert dict(t.tool_fields) == {"allowed-tools": "ignored", "requires": "informational"}
    assert t.dialect == "sisu" and t.alias_exposure == "rename"  # registerTools renames (issue 13)
    assert not any(tool.aliases for tool in t.tools or ())  # apps opt in to aliases
    assert "`bash`" in t.notes and "`read_file`" in t.notes and "`cd`" in t.notes


def test_case_insensitive_runtimes() -> None:
    targets = builtin_targets()
    assert not targets["copilot"].case_sensitive
    assert not targets["openclaw"].case_sensitive
    assert targets["opencode"].unknown_fields == "info"


def test_sisu_dialect_schema_exists() -> None:
    schema = json.loads((schemas_dir() / "frontmatter" / "sisu.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"name": "x", "description": "y", "requires": ["read_file"], "extra": 1})
    assert not validator.is_valid({"name": "x", "description": "y", "requires": "read_file"})


def test_compiled_runtimes_match_the_yaml_files() -> None:
    """`_builtin.json` is what skilllint loads; regenerate it with scripts/build_runtimes.py."""
    import json

    from skilllint.runtimes.targets import COMPILED_RUNTIMES, parse_runtime_files

    compiled = json.loads(COMPILED_RUNTIMES.read_text(encoding="utf-8"))
    assert compiled == json.loads(json.dumps(parse_runtime_files())), "run: python scripts/build_runtimes.py"
