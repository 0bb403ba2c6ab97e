"""Property: one bad tool manifest or config never stops, hangs or fools the run.

Hypothesis builds tool manifests (the four shapes, odd names, deep schemas) and configs
(every key with odd values) and runs the real CLI on each, since a config is read by the
CLI. Whatever the input: no exception, no `internal error`, no `SL000` ("skilllint failed
on this file"), exit code 0 or 1 (2 only for a config the user must fix, said in one line),
and each example within 2 s. Hostile skill files are the engine's property, in
tests/test_never_raises.py. `scripts/fuzz.py` explores the same space far faster and
minimises what it finds; these tests keep the property in the suite.

The suite runs a small, derandomized sample (stable in CI). For more, locally:
    SKILLLINT_FUZZ_EXAMPLES=2000 python -m pytest tests/test_fuzz_property.py
which also draws random examples and shrinks failures.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.conftest import run_cli
from tests.strategies import SCALARS, TOOL_NAMES, WORDS

LOCAL_EXAMPLES = os.environ.get("SKILLLINT_FUZZ_EXAMPLES")
FUZZ = settings(
    max_examples=int(LOCAL_EXAMPLES or 100),
    deadline=timedelta(seconds=2),
    derandomize=not LOCAL_EXAMPLES,
    database=None,
    # Shrinking a failure costs minutes of CLI runs: worth it only when someone is looking.
    phases=tuple(Phase) if LOCAL_EXAMPLES else (Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)
TARGETS = ("-t", "agentskills", "-t", "claude-code", "-t", "sisu", "-t", "codex")

# --- Manifests and configs -------------------------------------------------------------------

MANIFEST_NAMES = st.one_of(TOOL_NAMES, WORDS, st.integers(), st.none(), st.lists(WORDS, max_size=2),
                           st.dictionaries(WORDS, WORDS, max_size=2))


def _nest(depth: int) -> dict:
    schema: dict = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"p": schema}}
    return schema


@st.composite
def manifests(draw: st.DrawFn) -> tuple[str, bytes]:
    """A tool list in one of the four shapes, as JSON or YAML, with odd names and deep schemas."""
    shape = draw(st.sampled_from(["skilllint", "openai", "anthropic", "mcp"]))
    tools = []
    for _ in range(draw(st.integers(0, 4))):
        name, schema = draw(MANIFEST_NAMES), _nest(draw(st.sampled_from([1, 63, 66, 70])))
        tool = {
            "skilllint": {"name": name, "aliases": draw(st.lists(MANIFEST_NAMES, max_size=3))},
            "openai": {"type": "function", "function": {"name": name, "parameters": schema}},
            "anthropic": {"name": name, "input_schema": schema},
            "mcp": {"name": name, "inputSchema": schema},
        }[shape]
        tools.append(tool)
    data = {"result": {"tools": tools}} if shape == "mcp" and draw(st.booleans()) else {"tools": tools}
    if draw(st.booleans()):
        text = json.dumps(data, ensure_ascii=False)
        if draw(st.booleans()):  # a duplicate key: JSON allows it, the last one wins
            text = text.replace('"name": ', '"name": 1, "name": ', 1)
        return "tools.json", text.encode("utf-8", "surrogatepass")
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    if draw(st.booleans()):
        text += f"extra: {draw(SCALARS)}\n"
    return "app.tools.yaml", text.encode("utf-8", "surrogatepass")


ODD = st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from([2**63, 10**30, -1, 0]), WORDS,
                st.lists(WORDS, max_size=3), st.dictionaries(WORDS, WORDS, max_size=2))
CONFIG_KEYS = {
    "targets": st.one_of(st.lists(st.sampled_from(["agentskills", "codex", "mine", "nope", ""]), max_size=3), ODD),
    "select": st.one_of(st.lists(st.sampled_from(["SL", "SL1", "SL999", "unknown-tool", "", "*"])), ODD),
    "ignore": st.one_of(st.lists(st.sampled_from(["SL2", "sl2", "SL"])), ODD),
    "severity": st.one_of(st.dictionaries(st.sampled_from(["SL200", "SL", "x"]),
                                          st.sampled_from(["off", "error", "bogus"])), ODD),
    "exclude": st.one_of(st.lists(st.sampled_from(["[", "**", "{", "a/***", "\\"])), ODD),
    "per-file-ignores": st.one_of(st.dictionaries(st.sampled_from(["[", "**", "{a,b}"]), st.just(["SL1"])), ODD),
    "max-file-size": ODD, "max-body-lines": ODD, "max-body-tokens": ODD, "fail-on": ODD,
    "manifests": st.one_of(st.lists(st.sampled_from(["**/*.json", "[", "**"])), ODD),
    "runtimes": st.one_of(
        st.fixed_dictionaries({"mine": st.fixed_dictionaries({}, optional={
            "extends": st.sampled_from(["claude-code", "mine", "nope"]),
            "name_pattern": st.sampled_from(["(a+)+$", "[", "", "^[a-z]+$"]),
            "mcp_pattern": st.sampled_from(["(", "^mcp__"]),
            "aliases": st.dictionaries(TOOL_NAMES, TOOL_NAMES, max_size=3),
            "tools": st.lists(st.fixed_dictionaries({"name": TOOL_NAMES}), max_size=3),
            "tools_from": st.lists(st.sampled_from(["tools.json", "missing.json", ".", ""]), max_size=2),
        })}),
        ODD,
    ),
}


def _toml(value: object) -> str:
    """A TOML value (inline tables for mappings); None, which TOML lacks, becomes an empty string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps("" if value is None else str(value))


@st.composite
def configs(draw: st.DrawFn) -> tuple[str, bytes]:
    data = draw(st.fixed_dictionaries({}, optional=CONFIG_KEYS))
    if draw(st.booleans()):
        text = yaml.safe_dump(data, allow_unicode=True)
        if draw(st.booleans()):
            text += f"{draw(st.sampled_from(['max-file-size', 'targets', 'select']))}: {draw(SCALARS)}\n"
        return ".skilllint.yaml", text.encode("utf-8", "surrogatepass")
    lines = "".join(f"{json.dumps(key)} = {_toml(value)}\n" for key, value in data.items() if value is not None)
    return "pyproject.toml", f"[tool.skilllint]\n{lines}".encode("utf-8", "surrogatepass")


# --- Running ---------------------------------------------------------------------------------

HELPER = "---\nname: helper\ndescription: Uses `Bash` to help. Use when needed.\n---\nBody.\n"
TOOLS = '{"tools": [{"name": "Foo", "aliases": ["foo"]}]}'


def _check(root: Path, *args: str) -> tuple[int, str, str]:
    return run_cli(["check", ".", "--jobs", "1", "--no-progress", *args], root)


def _assert_healthy(code: int, out: str, err: str, fmt: str, *, config: bool = False) -> None:
    assert "Traceback" not in err and "internal error" not in err, err
    assert code in ((0, 1, 2) if config else (0, 1)), f"exit {code}: {err}"
    if fmt == "json" and code != 2:
        assert not [d for d in json.loads(out) if d["code"] == "SL000"], out
    else:
        assert "SL000" not in out, out


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """Load rules, runtimes and data before the first timed example."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "helper").mkdir()
        (Path(folder) / "helper" / "SKILL.md").write_text(HELPER, encoding="utf-8")
        _check(Path(folder), "--isolated", *TARGETS)


FORMATS = st.sampled_from(["json", "json", "full", "concise", "sarif", "github"])


@FUZZ
@given(manifest=manifests(), fmt=FORMATS)
def test_no_manifest_breaks_the_run(manifest: tuple[str, bytes], fmt: str) -> None:
    name, data = manifest
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / name).write_bytes(data)
        (root / "helper").mkdir()
        (root / "helper" / "SKILL.md").write_text(HELPER, encoding="utf-8")
        code, out, err = _check(root, "--isolated", "--format", fmt, *TARGETS)
    _assert_healthy(code, out, err, fmt)


@FUZZ
@given(config=configs())
def test_no_config_breaks_the_run(config: tuple[str, bytes]) -> None:
    """A config may be refused (exit 2, one line), but never with a traceback or an internal error."""
    name, data = config
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / name).write_bytes(data)
        (root / "tools.json").write_text(TOOLS, encoding="utf-8")
        (root / "helper").mkdir()
        (root / "helper" / "SKILL.md").write_text(HELPER, encoding="utf-8")
        code, out, err = _check(root, "--config", name, "--format", "json")
    _assert_healthy(code, out, err, "json", config=True)
