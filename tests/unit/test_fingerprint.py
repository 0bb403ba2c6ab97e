"""Fingerprints (skilllint.output.baseline.fingerprint): the same while a finding's problem is, and only then."""

from __future__ import annotations

from skilllint.core.model import Diagnostic, Severity, Span
from skilllint.output.baseline.fingerprint import (
    Fingerprint,
    SourceLine,
    fingerprints,
    offending_text,
    target_key,
    text_hash,
)

LINES = {
    "a/SKILL.md": ["---", "name: demo", "allowed-tools: Read Bassh", "---", "Use `Bassh` and `Bassh`."],
}


def source(lines: dict[str, list[str]]) -> SourceLine:
    def line(path: str, number: int) -> str | None:
        found = lines.get(path)
        return found[number - 1] if found is not None and 0 < number <= len(found) else None

    return line


def finding(line: int, column: int, end: int | None = None, code: str = "SL200", path: str = "a/SKILL.md",
            target: str | None = "sisu", message: str = "m") -> Diagnostic:
    span = Span(line, column, line, end) if end is not None else Span(line, column)
    return Diagnostic(path, span, code, "name", Severity.ERROR, message, None, target)


def test_a_span_on_one_line_is_identified_by_its_text_a_point_by_its_line() -> None:
    line = "allowed-tools: Read Bassh"
    assert offending_text(Span(3, 21, 3, 26), line) == "Bassh"
    assert offending_text(Span(3, 1), line) == "allowed-tools:ReadBassh"
    assert offending_text(Span(3, 1, 5, 2), line) == "allowed-tools:ReadBassh"  # several lines: the first
    assert offending_text(Span(3, 30, 3, 35), line) == "allowed-tools:ReadBassh"  # beyond the line: the line
    assert offending_text(Span(3, 1), None) == ""


def test_whitespace_does_not_count() -> None:
    assert offending_text(Span(1, 1), "  allowed-tools:\tRead  Bassh\r") == offending_text(
        Span(1, 1), "allowed-tools: Read Bassh")


def test_moving_a_finding_down_keeps_its_fingerprint() -> None:
    before = fingerprints([finding(3, 21, 26)], source(LINES))
    moved = {"a/SKILL.md": ["---", "name: demo", "", "# new", "allowed-tools:  Read Bassh", "---"]}
    after = fingerprints([finding(5, 22, 27)], source(moved))
    assert before == after
    assert before[0] == Fingerprint("a/SKILL.md", "SL200", "sisu", text_hash("Bassh"), 0)


def test_changing_the_offending_text_changes_it() -> None:
    before = fingerprints([finding(3, 21, 26)], source(LINES))
    edited = {"a/SKILL.md": ["---", "name: demo", "allowed-tools: Read Bxssh"]}
    assert fingerprints([finding(3, 21, 26)], source(edited)) != before


def test_code_target_and_path_tell_findings_apart() -> None:
    lines = source({**LINES, "b/SKILL.md": LINES["a/SKILL.md"]})
    base = fingerprints([finding(3, 21, 26)], lines)[0]
    for other in (finding(3, 21, 26, code="SL212"), finding(3, 21, 26, target="codex"),
                  finding(3, 21, 26, target=None), finding(3, 21, 26, path="b/SKILL.md")):
        assert fingerprints([other], lines)[0] != base


def test_the_message_is_not_part_of_it() -> None:
    """A message can hold numbers that change with unrelated edits (a body's line count)."""
    lines = source(LINES)
    assert fingerprints([finding(5, 1, message="600 lines")], lines) == fingerprints(
        [finding(5, 1, message="601 lines")], lines)


def test_identical_findings_are_numbered_in_file_order_whatever_the_order_given() -> None:
    first, second = finding(5, 6, 11), finding(5, 18, 23)  # the two `Bassh` of the body
    found = fingerprints([second, first], source(LINES))
    assert [f.occurrence for f in found] == [1, 0]
    assert found[0].text == found[1].text


def test_merged_targets_are_in_a_fixed_order() -> None:
    assert target_key("sisu, codex") == target_key("codex, sisu") == "codex, sisu"
    assert target_key("sisu") == "sisu" and target_key(None) is None
    lines = source(LINES)
    assert fingerprints([finding(3, 21, 26, target="sisu, codex")], lines) == fingerprints(
        [finding(3, 21, 26, target="codex, sisu")], lines)


def test_paths_are_relocated_once_per_file() -> None:
    calls: list[str] = []

    def relocate(path: str) -> str:
        calls.append(path)
        return "../" + path

    found = fingerprints([finding(3, 21, 26), finding(5, 1)], source(LINES), relocate)
    assert [f.path for f in found] == ["../a/SKILL.md", "../a/SKILL.md"] and calls == ["a/SKILL.md"]


def test_a_folder_or_an_unreadable_file_has_no_text_but_still_a_fingerprint() -> None:
    found = fingerprints([finding(1, 1, path="skills/empty/", code="SL500", target=None)], source({}))
    assert found == [Fingerprint("skills/empty/", "SL500", None, text_hash(""), 0)]
