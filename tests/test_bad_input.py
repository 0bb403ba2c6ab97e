"""Bad input is normal input: each case gives a located diagnostic and the run goes on.

Every test lints a tree holding the bad skill next to a skill with a known finding
(`SL112` on `Other-Skill`), so it also proves the run continued past the bad one.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.conftest import lint, run_cli

SIBLING = "---\nname: Other-Skill\ndescription: A sibling skill that must still be linted.\n---\nBody.\n"


def _tree(tmp_path: Path, content: bytes | str, name: str = "bad-skill") -> Path:
    (tmp_path / "other-skill").mkdir()
    (tmp_path / "other-skill" / "SKILL.md").write_text(SIBLING, encoding="utf-8")
    folder = tmp_path / name
    folder.mkdir()
    data = content.encode("utf-8") if isinstance(content, str) else content
    (folder / "SKILL.md").write_bytes(data)
    return tmp_path


def _find(diagnostics: list[dict], code: str, path_part: str = "bad-skill") -> dict:
    found = [d for d in diagnostics if d["code"] == code and path_part in d["path"]]
    assert found, f"no {code} for {path_part}: {diagnostics}"
    assert any(d["code"] == "SL112" and "other-skill" in d["path"] for d in diagnostics), "run did not go on"
    return found[0]


def test_empty_file(tmp_path: Path) -> None:
    d = _find(lint(_tree(tmp_path, b"")), "SL100")
    assert (d["line"], d["column"]) == (1, 1)


def test_binary_file(tmp_path: Path) -> None:
    d = _find(lint(_tree(tmp_path, b"---\nname: x\n\x00\x01\x02binary")), "SL004")
    assert d["line"] == 3
    assert "offset 12" in d["message"]


def test_invalid_utf8_gives_byte_offset(tmp_path: Path) -> None:
    data = b"---\nname: bad-skill\ndescription: caf\xe9 latte\n---\n"
    d = _find(lint(_tree(tmp_path, data)), "SL002")
    assert "byte offset 36" in d["message"]
    assert (d["line"], d["column"]) == (3, 17)


def test_utf8_bom_is_reported_and_stripped(tmp_path: Path) -> None:
    text = "\ufeff---\nname: bad-skill\ndescription: Has a BOM.\n---\nBody\n"
    diagnostics = lint(_tree(tmp_path, text))
    d = _find(diagnostics, "SL103")
    assert "byte-order mark" in d["message"]
    assert not [x for x in diagnostics if x["code"] == "SL100" and "bad-skill" in x["path"]]


def test_crlf_line_endings_keep_positions(tmp_path: Path) -> None:
    text = "---\r\nname: Bad-Skill\r\ndescription: CRLF.\r\n---\r\nBody\r\n"
    diagnostics = lint(_tree(tmp_path, text))
    assert _find(diagnostics, "SL103")["line"] == 1
    upper = [d for d in diagnostics if d["code"] == "SL112" and "bad-skill" in d["path"]][0]
    assert (upper["line"], upper["column"], upper["end_column"]) == (2, 7, 16)


def test_unclosed_frontmatter(tmp_path: Path) -> None:
    d = _find(lint(_tree(tmp_path, "---\nname: bad-skill\ndescription: never closed\n# Body\n")), "SL100")
    assert "never closed" in d["message"]


@pytest.mark.parametrize(("yaml_text", "word"), [("- a\n- b\n", "a list"), ("just a string\n", "a scalar")])
def test_yaml_that_is_not_a_mapping(tmp_path: Path, yaml_text: str, word: str) -> None:
    d = _find(lint(_tree(tmp_path, f"---\n{yaml_text}---\nBody\n")), "SL101")
    assert word in d["message"]
    assert d["line"] == 2


def test_alias_bomb_is_refused_not_expanded(tmp_path: Path) -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 10):
        refs = ",".join([f"*a{level - 1}"] * 10)
        lines.append(f"a{level}: &a{level} [{refs}]")
    text = "---\n" + "\n".join(lines) + "\n---\nBody\n"
    d = _find(lint(_tree(tmp_path, text)), "SL101")
    assert "alias bomb" in d["message"]


def test_deep_nesting(tmp_path: Path) -> None:
    text = "---\nname: bad-skill\nx: " + "[" * 200 + "]" * 200 + "\n---\n"
    d = _find(lint(_tree(tmp_path, text)), "SL101")
    assert "levels deep" in d["message"]
    assert d["line"] == 3


def test_deep_block_nesting(tmp_path: Path) -> None:
    body = "".join("  " * i + "k:\n" for i in range(200))
    d = _find(lint(_tree(tmp_path, "---\n" + body + "---\n")), "SL101")
    assert "levels deep" in d["message"]


def test_very_deep_flow_nesting_does_not_crash_libyaml(tmp_path: Path) -> None:
    text = "---\nx: " + "[" * 300_000 + "]" * 300_000 + "\n---\n"
    diagnostics = lint(_tree(tmp_path, text), "--config", str(_config(tmp_path, "max-file-size: 2000000")))
    _find(diagnostics, "SL101")


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cfg.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_fifty_megabyte_file_is_not_read(tmp_path: Path) -> None:
    root = _tree(tmp_path, b"")
    with open(root / "bad-skill" / "SKILL.md", "wb") as handle:
        handle.write(b"---\nname: bad-skill\n---\n")
        handle.truncate(50 * 1024 * 1024)
    d = _find(lint(root), "SL003")
    assert "52,428,800 bytes" in d["message"]


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks")
def test_symlink_loop(tmp_path: Path) -> None:
    root = _tree(tmp_path, SIBLING.replace("Other-Skill", "bad-skill"))
    os.symlink(".", root / "bad-skill" / "loop")
    os.symlink("self", root / "bad-skill" / "self")
    diagnostics = lint(root)
    loops = [d for d in diagnostics if d["code"] == "SL005"]
    assert {d["path"] for d in loops} == {"bad-skill/loop", "bad-skill/self"}
    _find(diagnostics, "SL005")


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks")
def test_symlink_pointing_outside_the_root(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "SKILL.md").write_text("---\nname: outside\ndescription: x\n---\n", encoding="utf-8")
    root = tmp_path / "root"
    root.mkdir()
    _tree(root, SIBLING.replace("Other-Skill", "bad-skill"))
    os.symlink(outside, root / "bad-skill" / "linked")
    (root / "linked-skill").mkdir()
    os.symlink(outside / "SKILL.md", root / "linked-skill" / "SKILL.md")
    diagnostics = lint(root)
    escaping = {d["path"] for d in diagnostics if d["code"] == "SL005"}
    assert escaping == {"bad-skill/linked", "linked-skill/SKILL.md"}
    assert not [d for d in diagnostics if "outside" in d["path"]]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads everything")
def test_unreadable_file(tmp_path: Path) -> None:
    root = _tree(tmp_path, SIBLING)
    target = root / "bad-skill" / "SKILL.md"
    target.chmod(0)
    try:
        d = _find(lint(root), "SL001")
        assert "Permission denied" in d["message"]
    finally:
        target.chmod(0o644)


def test_unreadable_file_via_failing_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root can read anything, so simulate EACCES at the one place files are opened."""
    root = _tree(tmp_path, SIBLING)
    real_open = os.open
    blocked = str(root / "bad-skill" / "SKILL.md")

    def fake_open(file, *args, **kwargs):
        if str(file) == blocked:
            raise PermissionError(13, "Permission denied", blocked)
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)
    d = _find(lint(root), "SL001")
    assert "Permission denied" in d["message"]


def test_no_traceback_on_any_case(tmp_path: Path) -> None:
    root = _tree(tmp_path, b"\xff\xfe\x00garbage")
    code, out, err = run_cli(["check", ".", "--isolated", "--format", "concise"], root)
    assert code == 1
    assert "Traceback" not in out + err
