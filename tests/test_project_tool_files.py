"""The files beside skills that name tools (issue 14): `metadata.yaml`'s `tools:`, Gemini CLI's
extension and settings files, and project JSON files that do not parse. End to end, with the
default rule selection, because what is checked here is how rules share a problem."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import lint

SKILL = ("---\nname: code-reviewer\ndescription: Reviews code for bugs. Use when the user asks for a code "
         "review.\n---\n# Code reviewer\n\nRead the diff and report findings.\n")


def _skill_with_metadata(tmp_path: Path, metadata: str) -> Path:
    folder = tmp_path / "code-reviewer"
    folder.mkdir()
    (folder / "SKILL.md").write_text(SKILL, encoding="utf-8")
    (folder / "metadata.yaml").write_text(metadata, encoding="utf-8")
    return tmp_path


def _codes(diagnostics: list[dict], path_part: str = "") -> list[tuple[str, int, int]]:
    return sorted((d["code"], d["line"], d["column"]) for d in diagnostics if path_part in d["path"])


def test_metadata_tools_are_resolved_in_metadata_yaml(tmp_path: Path) -> None:
    found = lint(_skill_with_metadata(tmp_path, "tools:\n  - Read\n  - Bassh\n  - grep\n"), "--target", "claude-code")
    assert _codes(found) == [("SL200", 3, 5), ("SL212", 4, 5)]
    assert all(d["path"] == "code-reviewer/metadata.yaml" for d in found)


def test_dotted_name_is_one_finding_sl207_not_sl200(tmp_path: Path) -> None:
    found = lint(_skill_with_metadata(tmp_path, "tools: [file.read]\n"), "--target", "claude-code")
    assert _codes(found) == [("SL207", 1, 9)]
    # without SL207 on, the name is still reported, as an unknown tool
    alone = lint(tmp_path, "--target", "claude-code", "--select", "SL200")
    assert _codes(alone) == [("SL200", 1, 9)]


def test_dotted_name_is_valid_where_the_api_accepts_dots(tmp_path: Path) -> None:
    found = lint(_skill_with_metadata(tmp_path, "tools: [file.read]\n"), "--target", "gemini-cli")
    assert _codes(found) == [("SL200", 1, 9)]


def test_metadata_tools_grant_nothing(tmp_path: Path) -> None:
    """No runtime reads metadata.yaml, so an unrestricted shell there is no broad grant (SL612),
    and `tools` there is the format's own key, not a subagent field in a skill (SL132)."""
    found = lint(_skill_with_metadata(tmp_path, "tools: [Bash]\n"), "--target", "claude-code", "--select", "ALL")
    assert not [d for d in found if d["code"] in ("SL612", "SL132", "SL200")], found
    in_skill = tmp_path / "code-reviewer" / "SKILL.md"
    in_skill.write_text(SKILL.replace("---\n# Code", "allowed-tools: Bash\n---\n# Code"), encoding="utf-8")
    (tmp_path / "code-reviewer" / "metadata.yaml").unlink()
    found = lint(tmp_path, "--target", "claude-code", "--select", "ALL")
    assert [d["code"] for d in found if d["code"] == "SL612"] == ["SL612"]


def test_project_json_that_does_not_parse_is_reported(tmp_path: Path) -> None:
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text('{"permissions": {"deny": ["Bash",}', encoding="utf-8")
    (tmp_path / ".gemini").mkdir()
    (tmp_path / ".gemini" / "settings.json").write_text('{"tools": ', encoding="utf-8")
    found = lint(tmp_path)
    assert _codes(found) == [("SL101", 1, 11), ("SL101", 1, 34)]
    assert {d["path"] for d in found} == {".claude/settings.json", ".gemini/settings.json"}


def test_gemini_extension_exclusion_and_servers(tmp_path: Path) -> None:
    extension = tmp_path / ".gemini" / "extensions" / "sec"
    (extension / "skills" / "audit").mkdir(parents=True)
    (extension / "gemini-extension.json").write_text(
        '{"name": "sec", "excludeTools": ["run_shell_command", "web_fech"], "mcpServers": {"scanner": {}}}',
        encoding="utf-8")
    (extension / "skills" / "audit" / "SKILL.md").write_text(
        "---\nname: audit\ndescription: Audits code. Use when asked for a security review.\n"
        "allowed-tools: run_shell_command mcp_scanner_scan mcp_github_issue\n---\nRun the scanner.\n",
        encoding="utf-8")
    found = lint(tmp_path, "--target", "gemini-cli")
    assert [(d["code"], d["path"].rsplit("/", 1)[-1]) for d in found] == [
        ("SL200", "gemini-extension.json"), ("SL215", "SKILL.md"), ("SL208", "SKILL.md")]
    # on another target, the skill's findings go; the extension file is still Gemini CLI's
    found = lint(tmp_path, "--target", "claude-code")
    assert [d["code"] for d in found if d["path"].endswith("gemini-extension.json")] == ["SL200"]
    assert not [d for d in found if d["code"] in ("SL215", "SL208")]


def test_suppression_comments_in_metadata_yaml(tmp_path: Path) -> None:
    metadata = ("tools:\n  - Read\n  # skilllint-disable-next-line SL200\n  - Bassh\n"
                "  - Bassh2  # skilllint-disable-line SL200\n  - Write  # skilllint-disable-line SL212\n")
    found = lint(_skill_with_metadata(tmp_path, metadata), "--target", "claude-code")
    assert _codes(found) == [("SL900", 6, 12)]


def test_metadata_yaml_format_keys_are_not_foreign_fields(tmp_path: Path) -> None:
    """version, author, tags... are the packaging format's own keys, and its flow lists are no
    strict parser's business (no runtime reads the file); a misspelt key is still one."""
    metadata = "version: 1.0.0\nauthor: community\ntags: [review]\ndescripton: typo\ntools: [Read]\n"
    found = lint(_skill_with_metadata(tmp_path, metadata), "--select", "ALL")
    assert _codes(found) == [("SL132", 4, 1)]


def test_hidden_text_in_metadata_yaml(tmp_path: Path) -> None:
    """The security rules read the metadata.yaml merged under the frontmatter, at its own lines."""
    metadata = "description: Reviews code.\U000e0049\U000e0067\U000e006e\nversion: 1.0.0\n"
    found = lint(_skill_with_metadata(tmp_path, metadata), "--select", "SL6")
    assert [(d["code"], d["path"], d["line"], d["column"]) for d in found] == [
        ("SL602", "code-reviewer/metadata.yaml", 1, 27)]
