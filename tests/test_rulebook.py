"""Code, cards and fixtures stay in step, and every card's examples run.

Each rule in all_rules() has a card `rules/<CODE>.md` (frontmatter `code`, `name`,
`severity`; sections What it does / Why is this bad? / Example / Use instead) and fixture
folders with at least one bad and one good case. The card's Example must trigger the rule
and its Use instead must not. Cards whose example cannot be written as text (unreadable
files, symlinks, bytes) say `example: fixtures` and rely on their fixture cases.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from skilllint.checks.registry import all_rules
from skilllint.core.resources import rules_dir
from tests.conftest import FIXTURES, lint

CARDS = rules_dir()
SECTIONS = ("## What it does", "## Why is this bad?", "## Example", "## Use instead")
_FENCE = re.compile(r"^```(\w[\w-]*)([^\n]*)\n(.*?)^```\s*$", re.M | re.S)


def _card(code: str) -> tuple[dict, str]:
    text = (CARDS / f"{code}.md").read_text(encoding="utf-8")
    assert text.startswith("---\n"), f"{code}: card needs YAML frontmatter"
    end = text.index("\n---\n", 4)
    return yaml.safe_load(text[4:end]), text[end + 5 :]


def test_rule_table_is_sorted_and_unique() -> None:
    codes = [rule.code for rule in all_rules()]
    assert codes == sorted(set(codes))
    names = [rule.name for rule in all_rules()]
    assert len(names) == len(set(names))


def test_cards_and_fixtures_match_rules() -> None:
    codes = {rule.code for rule in all_rules()}
    cards = {p.stem for p in CARDS.glob("SL*.md")}
    fixtures = {p.name for p in FIXTURES.glob("SL*") if p.is_dir()}
    assert cards == codes, f"cards without rules: {cards - codes}; rules without cards: {codes - cards}"
    assert fixtures == codes, f"fixtures without rules: {fixtures - codes}; rules without: {codes - fixtures}"


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_has_bad_and_good_fixtures(rule) -> None:
    for kind in ("bad", "good"):
        cases = [p for p in (FIXTURES / rule.code / kind).glob("*") if p.is_dir()]
        assert cases, f"{rule.code} needs at least one {kind} fixture case"


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_card_frontmatter_and_sections(rule) -> None:
    meta, body = _card(rule.code)
    assert meta["code"] == rule.code
    assert meta["name"] == rule.name
    assert meta["severity"] == rule.severity.value
    for section in SECTIONS:
        assert section in body, f"{rule.code}: card lacks `{section}`"


def _section(body: str, title: str) -> str:
    start = body.index(title) + len(title)
    following = body.find("\n## ", start)
    return body[start : following if following >= 0 else len(body)]


def _write_files(section: str, root: Path) -> None:
    """Each fenced block with `path=...` becomes that file under `root`."""
    written = 0
    for match in _FENCE.finditer(section):
        attrs = dict(re.findall(r"(\w+)=(\S+)", match.group(2)))
        if "path" not in attrs:
            continue
        target = root / attrs["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(match.group(3), encoding="utf-8")
        written += 1
    assert written, "section has no fenced block with path=..."


def _codes(root: Path, rule, meta: dict) -> set[str]:
    args = ["--select", rule.code, *meta.get("args", [])]
    return {d["code"] for d in lint(root, *args)}


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_card_example_triggers_and_fix_does_not(rule, tmp_path: Path) -> None:
    meta, body = _card(rule.code)
    if meta.get("example") == "fixtures":
        assert any((FIXTURES / rule.code / "bad").iterdir())
        return
    bad, good = tmp_path / "bad", tmp_path / "good"
    _write_files(_section(body, "## Example"), bad)
    _write_files(_section(body, "## Use instead"), good)
    assert rule.code in _codes(bad, rule, meta), f"{rule.code}: the card's Example does not trigger it"
    assert rule.code not in _codes(good, rule, meta), f"{rule.code}: the card's Use instead triggers it"
