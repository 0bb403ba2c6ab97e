"""The rule contract and the layering it promises (ARCHITECTURE.md "Invariants").

Each test here can fail on a real regression: a rule code written into the engine, a
string-keyed memo on the document, a module-level cache, an option a card or the config
schema does not know, a reading module that picks a rule's code.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from skilllint.checks.registry import all_rules
from skilllint.checks.rule import (
    FileRule,
    InputRule,
    Kind,
    Option,
    OptionError,
    ProjectRule,
    SkillRule,
    SuppressionRule,
)
from skilllint.settings.build import rule_options
from skilllint.settings.config import Config, ConfigError
from tests.conftest import run_cli

PACKAGE = Path(__file__).resolve().parent.parent / "skilllint"
ROOT = PACKAGE.parent
CODE = re.compile(r"SL\d{3}")


def _sources(*names: str) -> list[tuple[str, str]]:
    return [(name, (PACKAGE / name).read_text(encoding="utf-8")) for name in names]


def test_each_rule_is_one_of_the_typed_kinds() -> None:
    kinds = {InputRule: Kind.INPUT, SkillRule: Kind.SKILL, FileRule: Kind.FILE, ProjectRule: Kind.PROJECT,
             SuppressionRule: Kind.SUPPRESSION}
    for rule in all_rules():
        assert type(rule) in kinds, rule.code
        assert rule.kind is kinds[type(rule)]
        assert callable(rule.check)


@pytest.mark.parametrize("name", ["engine/linter.py", "settings/build.py", "engine/pool.py", "reading/document.py",
                                  "reading/discover.py", "reading/manifests.py", "reading/jsonfile.py",
                                  "core/readfacts.py", "reading/yamlnodes.py", "reading/yamlspans.py",
                                  "runtimes/toolspec.py", "checks/project.py"])
def test_no_rule_code_outside_the_rules(name: str) -> None:
    """The engine knows rule kinds, reading records facts: neither names a rule. (Docstrings may
    mention one as an example; code may not.)"""
    tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            assert not CODE.search(node.value), f"{name}:{node.lineno}: {node.value!r}"


def test_no_string_keyed_memo_on_documents() -> None:
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bdoc\.cache\b|self\.cache\.setdefault\(\"", text), path


def test_no_module_level_mutable_state() -> None:
    """No module keeps a dict, list or set it fills at run time, and none rebinds a global:
    memos live on the objects they describe (a Document's analyses, a Target) or in
    functools caches of pure functions."""
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            assert not isinstance(node, ast.Global), f"{path.name}:{node.lineno}: global statement"
        for node in tree.body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            literal = isinstance(value, ast.Dict | ast.List | ast.Set)
            empty_literal = literal and not getattr(value, "keys", getattr(value, "elts", []))
            empty_call = (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and not value.args
                          and value.func.id in ("dict", "list", "set", "defaultdict", "OrderedDict"))
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            assert not (empty_literal or empty_call), f"{where}: module-level container filled at run time"


def _options() -> list[tuple[str, Option[int] | Option[str] | Option[bool]]]:
    return [(rule.code, option) for rule in all_rules() for option in rule.options]


def test_option_names_are_unique_across_rules() -> None:
    names = [option.name for _, option in _options()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("code", "option"), _options(), ids=lambda value: getattr(value, "name", value))
def test_each_option_is_in_the_config_schema_and_the_card(code: str, option: Option[int]) -> None:
    schema = json.loads((ROOT / "schemas" / "config.schema.json").read_text(encoding="utf-8"))
    spec = schema["properties"][option.name]
    assert spec["type"] == {int: "integer", str: "string", bool: "boolean"}[option.kind]
    if option.minimum is not None:
        assert spec["minimum"] == option.minimum
    card = (ROOT / "rules" / f"{code}.md").read_text(encoding="utf-8")
    options_section = card.split("## Options", 1)[1]
    assert f"`{option.name}` (default `{option.default}`)" in options_section


def test_an_option_is_validated_by_its_declaration() -> None:
    option = Option("max-things", int, 5, "how many", minimum=1)
    assert option.validate(3) == 3
    for bad in (0, "3", True, 2.5):
        with pytest.raises(OptionError):
            option.validate(bad)


def test_rule_options_come_from_config_and_name_the_key(tmp_path: Path) -> None:
    path = tmp_path / ".skilllint.yaml"
    assert rule_options(Config(path, {"max-body-lines": 40})) == {"max-body-lines": 40}
    assert rule_options(Config(path, {})) == {}
    with pytest.raises(ConfigError, match=r"`max-body-tokens` \(SL701\)"):
        rule_options(Config(path, {"max-body-tokens": 0}))


def _long_skill(root: Path) -> None:
    skill = root / "long"
    skill.mkdir()
    body = "\n".join("word " * 60 for _ in range(600))  # 600 lines, ~36,000 characters
    (skill / "SKILL.md").write_text(f"---\nname: long\ndescription: A long skill.\n---\n{body}\n", encoding="utf-8")


@pytest.mark.parametrize(("select", "codes"), [("SL700,SL701", ["SL700"]), ("SL701", ["SL701"]), ("SL700", ["SL700"])])
def test_a_body_over_both_limits_gets_one_size_finding(tmp_path: Path, select: str, codes: list[str]) -> None:
    _long_skill(tmp_path)
    _, out, _ = run_cli(["check", ".", "--isolated", "--select", select, "--format", "concise", "--quiet"], tmp_path)
    found = re.findall(r" (SL70[01]) ", out)
    assert found == codes
    assert "lines and about" in out  # the one finding gives both numbers


def test_rules_lists_every_rule_marking_those_off_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skilllint.checks import registry

    def check(ctx: object) -> tuple[()]:
        return ()

    quiet = SkillRule(code="SL999", name="quiet-rule", summary="Off unless selected", severity=registry.all_rules()[0]
                      .severity, check=check, enabled=False)
    monkeypatch.setattr(registry, "all_rules", lambda: (*all_rules(), quiet))
    _, everything, _ = run_cli(["rules"], tmp_path)  # every rule, as the README says
    _, listed, _ = run_cli(["rules", "--on"], tmp_path)
    assert "SL999" not in listed
    assert "SL999  quiet-rule" in everything and "(off)" in everything
    assert "SL200" in listed and "SL200" in everything
    assert run_cli(["rules", "--all"], tmp_path)[1] == everything


def test_the_scaffold_writes_a_module_a_card_and_two_fixture_folders(tmp_path: Path) -> None:
    import importlib.util

    script = ROOT / "scripts" / "new_rule.py"
    spec = importlib.util.spec_from_file_location("new_rule", script)
    assert spec is not None and spec.loader is not None
    new_rule = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(new_rule)
    assert new_rule.main(["SL123", "description-vague", "--root", str(tmp_path), "--per-target",
                          "--summary", "The description says too little"]) == 0
    module = tmp_path / "skilllint" / "checks" / "sl123_description_vague.py"
    namespace: dict[str, object] = {}
    exec(compile(module.read_text(encoding="utf-8"), str(module), "exec"), namespace)  # noqa: S102 - our own output
    rule = namespace["RULE"]
    assert isinstance(rule, SkillRule) and rule.code == "SL123" and rule.name == "description-vague" and rule.per_target
    card = (tmp_path / "rules" / "SL123.md").read_text(encoding="utf-8")
    assert card.startswith("---\ncode: SL123\nname: description-vague\nseverity: warning\n")
    for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
        assert section in card
    assert (tmp_path / "tests" / "fixtures" / "SL123" / "bad" / "example" / "example" / "SKILL.md").is_file()
    assert (tmp_path / "tests" / "fixtures" / "SL123" / "good" / "example" / "example" / "SKILL.md").is_file()
    with pytest.raises(SystemExit):  # never overwrites
        new_rule.main(["SL123", "description-vague", "--root", str(tmp_path)])
    with pytest.raises(SystemExit):  # a code that is taken in the real package
        new_rule.main(["SL200", "something-else", "--root", str(ROOT)])


def test_no_file_keeps_merge_conflict_markers() -> None:
    """A merge resolved in haste once left ``<<<<<<< HEAD`` in ARCHITECTURE.md; never again."""
    marker = re.compile(r"^(<{7} |>{7} |={7}$)", re.MULTILINE)
    kept = []
    for path in [ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "pyproject.toml",
                 *ROOT.glob("skilllint/**/*.py"), *ROOT.glob("skilllint/**/*.yaml"),
                 *ROOT.glob("rules/*.md"), *ROOT.glob("schemas/*.json"), *ROOT.glob("tests/**/*.py"),
                 *ROOT.glob("scripts/*.py"), *ROOT.glob("bench/*.py")]:
        if marker.search(path.read_text(encoding="utf-8", errors="replace")):
            kept.append(str(path.relative_to(ROOT)))
    assert kept == []
