"""With several targets, a problem is reported once: target-independent findings without a
target, findings that agree across targets as one line naming them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli


def _check(root: Path, *targets: str) -> list[dict]:
    args = [a for t in targets for a in ("-t", t)]
    config = ["--config", ".skilllint.yaml"] if (root / ".skilllint.yaml").is_file() else ["--isolated"]
    code, out, err = run_cli(["check", ".", *config, "--format", "json", *args], root)
    assert code in (0, 1), err
    return json.loads(out)


def _skill(root: Path, text: str) -> None:
    (root / "deploy").mkdir()
    (root / "deploy" / "SKILL.md").write_text(text, encoding="utf-8")


def test_target_independent_finding_once_without_target(tmp_path: Path) -> None:
    _skill(tmp_path, "---\nname: deploy\n---\nBody.\n")  # no description: SL121 on every target
    found = _check(tmp_path, "agentskills", "claude-code", "sisu", "codex")
    assert [(d["code"], d["target"], d["severity"]) for d in found] == [("SL121", None, "error")]


def test_agreeing_findings_are_one_naming_the_targets(tmp_path: Path) -> None:
    (tmp_path / ".skilllint.yaml").write_text("runtimes:\n  my-app:\n    extends: claude-code\n", encoding="utf-8")
    _skill(tmp_path, "---\nname: deploy\ndescription: Deploys.\nallowed-tools: Bassh\n---\nBody.\n")
    found = [d for d in _check(tmp_path, "claude-code", "my-app") if d["code"] == "SL200"]
    assert len(found) == 1
    assert found[0]["target"] == "claude-code, my-app"
    assert found[0]["message"] == "`Bassh` is not a tool of claude-code, my-app"


def test_findings_that_differ_stay_apart(tmp_path: Path) -> None:
    _skill(tmp_path, "---\nname: deploy\ndescription: Deploys.\nallowed-tools: Bassh\n---\nBody.\n")
    found = [d for d in _check(tmp_path, "claude-code", "sisu") if d["code"] == "SL200"]
    assert [d["target"] for d in found] == ["claude-code", "sisu"]
    # sisu ignores allowed-tools, and a name whose job no runtime knows declares no need there: a note
    assert {d["severity"] for d in found} == {"error", "info"}


def test_an_invalid_name_is_one_finding_naming_the_folder(tmp_path: Path) -> None:
    """`acme/skills@summarizer` in `summarizer/` is one problem, the invalid name: SL113 says what to
    write (a valid slug, or the folder's name, which fixes the mismatch too); SL116 stays quiet."""
    (tmp_path / "summarizer").mkdir()
    (tmp_path / "summarizer" / "SKILL.md").write_text(
        "---\nname: acme/skills@summarizer\ndescription: Summarises a text. Use when asked to.\n---\nBody.\n",
        encoding="utf-8")
    found = _check(tmp_path)
    assert [(d["code"], d["help"]) for d in found] == [
        ("SL113", "use `acme-skills-summarizer`, or `summarizer` (the folder's name)")]
    off = ["--ignore", "SL111,SL112,SL113,SL114,SL115"]
    code, out, _ = run_cli(["check", ".", "--isolated", "--format", "json", *off], tmp_path)
    assert [d["code"] for d in json.loads(out)] == ["SL116"]  # with the name rules off, the mismatch is reported
