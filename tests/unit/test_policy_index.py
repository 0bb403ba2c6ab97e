"""RuleIndex finds the same first covering rule as `matches` tried in order (SL215's deny rules, Gemini
exclusions and config policies), on every target whose names differ, for names as written, resolved,
with specifiers, MCP prefixes, groups and unknown tools."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skilllint.checks._policies import RuleIndex, matches
from skilllint.checks._tools import declared_tools
from skilllint.reading.document import load_document
from skilllint.runtimes.targets import builtin_targets

GRANTS = ["Bash", "Bash(git:*)", "Bash(npm test)", "bash", "Read", "read_file", "Write", "terminalRun",
          "mcp__github__create_issue", "mcp__github", "mcp__git__x", "mcp__a___b", "Frobnicate", "Frobnicate(x)",
          "WebFetch(domain:example.com)", "Grep", "Task"]
RULES = GRANTS + ["Bash(*)", "Bash()", " Read ", "mcp__github__*", "mcp__*", "mcp__", "mcp__git", "mcp__a_",
                  "group:shell", "group:web", "group:mine", "group:read", "Frobnicate(y)", "Nothing", "bash(git:*)"]
OWN = {"mine": ("Write", "mcp__github")}


@pytest.mark.parametrize("target_id", ["claude-code", "sisu", "codex", "agentskills", "gemini-cli"])
def test_the_index_agrees_with_matches_in_order(target_id: str, tmp_path: Path) -> None:
    target = builtin_targets()[target_id]
    skill = tmp_path / "s"
    skill.mkdir()
    tools = "\n".join(f"  - {name!r}" for name in GRANTS)
    (skill / "SKILL.md").write_text(f"---\nname: s\ndescription: A skill.\nallowed-tools:\n{tools}\n---\nbody\n",
                                    encoding="utf-8")
    declared = declared_tools(load_document(skill / "SKILL.md", tmp_path), target)
    assert len(declared) == len(GRANTS)
    pick = random.Random(29)
    for _ in range(300):
        rules = pick.sample(RULES, pick.randint(0, 12))
        index = RuleIndex(rules, target, OWN)
        for tool in declared:
            expected = next((i for i, rule in enumerate(rules) if matches(rule, tool, target, OWN)), None)
            assert index.first(tool) == expected, (rules, tool.entry.text)
