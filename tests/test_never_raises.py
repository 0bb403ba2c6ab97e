"""Property: no skill file, however broken, makes the engine raise or report nonsense.

One property over two sources of input: SKILL.md files generated from a grammar of traps
(tests/strategies.py: YAML that cannot be built, deep nesting, impossible dates, invisible
and control characters, unclosed fences and comments, odd line endings, a BOM) and the
repository's own skill files (fixtures and examples) mutated by cutting, flipping bytes,
splicing hostile fragments in, and changing line endings and encodings. Each example may
add a metadata.yaml and a sibling skill of the same name. Every rule runs (`ALL`), on
several targets or on the ones each skill's location picks, in-process through
`lint_paths`, and then through every output format.

Whatever the input:
- no exception escapes the engine or a formatter, and no SL000 (skilllint failed on a
  file), so the exit code is 0 or 1;
- every diagnostic names a rule that exists (code and name), a file that was linted,
  and a position inside that file: line >= 1 and no later than its last line, column
  >= 1, an end not before the start.

The suite runs a fixed, derandomized sample. For more, locally:
    SKILLLINT_FUZZ_EXAMPLES=5000 python -m pytest tests/test_never_raises.py
which also draws random examples and shrinks a failure to its smallest input.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from skilllint.checks import all_rules
from skilllint.core.model import Severity
from skilllint.engine.linter import lint_paths
from skilllint.engine.runsettings import Result, Settings
from skilllint.output.commands.check import SourceLines
from skilllint.output.formatters import FORMATS, RunInfo, render
from skilllint.settings.build import build_settings
from tests.strategies import corpus_skills, frontmatter, skill_files

LOCAL_EXAMPLES = os.environ.get("SKILLLINT_FUZZ_EXAMPLES")
PROPERTY = settings(
    max_examples=int(LOCAL_EXAMPLES or 150),
    deadline=None,  # time is bounded by the file budget, which would report SL000: the property sees it
    derandomize=not LOCAL_EXAMPLES,
    database=None,
    phases=tuple(Phase) if LOCAL_EXAMPLES else (Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)
TARGETS = ["agentskills", "claude-code", "sisu", "codex", "copilot"]
RULES = {rule.code: rule for rule in all_rules()}
SIBLING = b"---\nname: my-skill\ndescription: Uses `Bash` and `read_file`. Use when needed.\n---\nSee [x](x.md).\n"


@pytest.fixture(scope="module")
def workspace() -> Iterator[tuple[Path, dict[str, Settings]]]:
    """One folder reused by every example, and the settings built once for it: the given
    targets, or (no target chosen) each skill's from where it lives."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        variants = {
            "targets": build_settings({"isolated": True, "jobs": 1, "select": ("ALL",), "targets": TARGETS}, root)[0],
            "by-location": build_settings({"isolated": True, "jobs": 1, "select": ("ALL",)}, root)[0],
        }
        yield root, variants


def _write_tree(root: Path, files: dict[str, bytes]) -> None:
    for child in root.iterdir():
        shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)


def _assert_sane(result: Result, files: dict[str, bytes]) -> None:
    assert result.faults == 0
    for d in result.diagnostics:
        assert d.code != "SL000", d.message
        rule = RULES.get(d.code)
        assert rule is not None and d.name == rule.name, d
        assert isinstance(d.severity, Severity) and d.message.strip(), d
        assert d.path in files, d
        last_line = files[d.path].count(b"\n") + 1
        span = d.span
        assert 1 <= span.line <= last_line and span.column >= 1, d
        if span.end_line is not None:
            assert span.end_column is not None and span.end_column >= 1, d
            assert (span.line, span.column) <= (span.end_line, span.end_column), d
            assert span.end_line <= last_line, d


def _assert_renders(result: Result, root: Path) -> None:
    run = RunInfo(version="0", skills=result.skills, color=True, source_line=SourceLines(root), rules=RULES)
    for fmt in FORMATS:
        out = render(fmt, result.diagnostics, run)
        if fmt == "json":
            assert len(json.loads(out)) == len(result.diagnostics)


@PROPERTY
@given(
    skill=st.one_of(skill_files(), corpus_skills()),
    metadata=st.none() | frontmatter().map(lambda text: text.encode("utf-8", "surrogatepass")),
    sibling=st.booleans(),
    variant=st.sampled_from(["targets", "by-location"]),
    folder=st.sampled_from(["my-skill", ".claude/skills/my-skill", ".agents/skills/My Skill"]),
)
def test_no_skill_file_breaks_the_engine(workspace: tuple[Path, dict[str, Settings]], skill: bytes,
                                         metadata: bytes | None, sibling: bool, variant: str, folder: str) -> None:
    root, variants = workspace
    files = {f"{folder}/SKILL.md": skill}
    if metadata is not None:
        files[f"{folder}/metadata.yaml"] = metadata
    if sibling:
        files["other/my-skill/SKILL.md"] = SIBLING
    _write_tree(root, files)
    result = lint_paths(["."], variants[variant])
    assert result.skills == 1 + sibling
    _assert_sane(result, files)
    _assert_renders(result, root)


AGENT_FILES = [".claude/agents/x.md", ".github/agents/x.agent.md", ".github/prompts/x.prompt.md",
               ".opencode/agent/x.md"]
KINDS = dict(zip(AGENT_FILES, ["agent", "copilot-agent", "copilot-prompt", "opencode-agent"], strict=True))
AGENT_EXTRAS = {".vscode/mcp.json": b'{"servers": {"github-mcp": {}}}', ".opencode/tools/database.ts": b"x"}


@settings(PROPERTY, max_examples=int(LOCAL_EXAMPLES or 60))
@given(text=st.one_of(skill_files(), corpus_skills()), place=st.sampled_from(AGENT_FILES), extras=st.booleans(),
       variant=st.sampled_from(["targets", "by-location"]))
def test_no_agent_file_breaks_the_engine(workspace: tuple[Path, dict[str, Settings]], text: bytes, place: str,
                                         extras: bool, variant: str) -> None:
    """The same traps, read as a subagent, a Copilot agent or prompt file, or an OpenCode agent."""
    root, variants = workspace
    files = {place: text, **(AGENT_EXTRAS if extras else {})}
    _write_tree(root, files)
    result = lint_paths(["."], variants[variant])
    assert result.definitions == {KINDS[place]: 1}
    _assert_sane(result, files)
    _assert_renders(result, root)

