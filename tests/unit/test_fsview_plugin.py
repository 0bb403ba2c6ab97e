"""The plugin-root question of the file-system view: one probe for the whole walk up the tree."""

from __future__ import annotations

import os
from pathlib import Path

from skilllint.reading.fsview import FileSystemView, RunInputs


def _tree(root: Path) -> Path:
    skill = root / "plug" / "skills" / "one"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: one\n---\n", encoding="utf-8")
    return skill


def test_the_nearest_plugin_root_above_is_found_with_one_probe(tmp_path: Path) -> None:
    skill = _tree(tmp_path)
    (tmp_path / "plug" / ".claude-plugin").mkdir()
    (tmp_path / "plug" / ".claude-plugin" / "plugin.json").write_text("{}", encoding="utf-8")
    view = FileSystemView(1000)
    assert view.plugin_root(str(skill.parent)) == str(tmp_path / "plug")
    assert view.probes() == [["plugin", str(skill.parent), str(tmp_path / "plug")]]


def test_no_plugin_root_is_none_and_a_new_manifest_changes_the_answer(tmp_path: Path) -> None:
    skill = _tree(tmp_path)
    view = FileSystemView(1000)
    assert view.plugin_root(str(skill.parent)) is None
    (skill.parent / ".claude-plugin").mkdir()
    (skill.parent / ".claude-plugin" / "plugin.json").write_text("{}", encoding="utf-8")
    assert not FileSystemView(1000).holds(view.probes())  # a cached result that recorded "none" no longer holds
    assert FileSystemView(1000).plugin_root(str(skill.parent)) == str(skill.parent)


def test_a_folder_named_plugin_json_is_no_manifest(tmp_path: Path) -> None:
    skill = _tree(tmp_path)
    (tmp_path / "plug" / ".claude-plugin" / "plugin.json").mkdir(parents=True)
    assert FileSystemView(1000).plugin_root(str(skill.parent)) is None


def test_an_unsaved_manifest_in_the_overlay_counts(tmp_path: Path) -> None:
    skill = _tree(tmp_path)
    manifest = os.path.normpath(str(tmp_path / "plug" / ".claude-plugin" / "plugin.json"))
    view = FileSystemView(1000, overlay={manifest: b"{}"})
    assert view.plugin_root(str(skill.parent)) == str(tmp_path / "plug")


def test_a_run_record_asks_the_question_again(tmp_path: Path) -> None:
    """No folder listing answers it (the walk up leaves the listed tree): the record keeps it, and its
    replay finds a manifest put above the skill since."""
    import json

    from skilllint.engine.cache.runrecord import Replay, build, recorded, take

    skill = _tree(tmp_path)
    inputs = RunInputs(1000)
    for folder in (tmp_path / "plug", tmp_path / "plug" / "skills", skill):
        inputs.scan(str(folder))
    view = FileSystemView(1000)
    view.read(str(skill / "SKILL.md"))
    assert view.plugin_root(str(skill.parent)) is None
    take(inputs, *recorded(view.probes(), view.sigs, 1000, inputs), 1000)
    data = build(inputs, [b"out"], "", 0)
    assert data is not None
    record = json.loads(b"".join(data).partition(b"\n")[2].partition(b"\n")[0])
    assert record["probes"] == [["plugin", str(skill.parent), None]]
    replay = Replay({**record, "stdout": "out", "stderr": ""})
    assert replay._probes_hold()
    (tmp_path / ".claude-plugin").mkdir()  # above every listed folder
    (tmp_path / ".claude-plugin" / "plugin.json").write_text("{}", encoding="utf-8")
    assert not replay._probes_hold()
