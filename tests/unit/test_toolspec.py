"""`skilllint.runtimes.toolspec`: the one reading of a `Tool(specifier)` entry.

Every form is taken apart in a table, with both judgements' messages written out: they are the
messages SL130 (`problem`) and `resolve` (`rule_problem`, SL205 and `skilllint resolve`) gave
before the two parsers were merged, and must not change. `test_agrees_with_the_readers_it_replaced`
compares every generated string with the two character-by-character readers it replaced
(`_entry_reader` and `_rule_reader`, below, verbatim but for names).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.runtimes.toolspec import ToolSpec, parse_tool_entry


@dataclass(frozen=True)
class Case:
    text: str
    name: str
    specifier: str | None
    problem: str | None
    rule_problem: str | None
    open_at: int | None = None
    close_at: int | None = None


CASES = [
    # bare names
    Case("Read", "Read", None, None, None),
    Case("read_file", "read_file", None, None, None),
    Case("mcp__github__create_issue", "mcp__github__create_issue", None, None, None),
    Case("mcp__github", "mcp__github", None, None, None),
    Case("mcp__*", "mcp__*", None, None, None),
    Case("mcp__github__*", "mcp__github__*", None, None, None),
    Case("server/tool", "server/tool", None, None, None),
    Case("mcp:server:tool", "mcp:server:tool", None, None, None),
    Case("*", "*", None, None, None),
    # with a specifier
    Case("Bash(git:*)", "Bash", "git:*", None, None, 4, 10),
    Case("Bash(git status:*)", "Bash", "git status:*", None, None, 4, 17),
    Case("Bash(git add *)", "Bash", "git add *", None, None, 4, 14),
    Case("Bash(git:* push)", "Bash", "git:* push", None, None, 4, 15),  # the colon: resolve's kind check
    Case("Bash(*)", "Bash", "*", None, None, 4, 6),
    Case("Read(./src/**)", "Read", "./src/**", None, None, 4, 13),
    Case("WebFetch(domain:x.com)", "WebFetch", "domain:x.com", None, None, 8, 21),
    Case("mcp__s__t(x)", "mcp__s__t", "x", None, None, 9, 11),
    Case("Bash (git)", "Bash", "git", None, None, 5, 9),
    # nested parentheses
    Case("Bash(echo (a) b)", "Bash", "echo (a) b", None, None, 4, 15),
    Case("Bash(f((x)))", "Bash", "f((x))", None, None, 4, 11),
    # text after the first closing parenthesis: a list entry may end there, a rule may not
    Case("Bash(a)(b)", "Bash", "a", None, "unexpected text after the closing parenthesis in `Bash(a)(b)`", 4, 6),
    Case("Bash(a)x", "Bash", "a", "`Bash(a)x` has text after the closing parenthesis",
         "unexpected text after the closing parenthesis in `Bash(a)x`", 4, 6),
    # unbalanced
    Case("Bash(git diff", "Bash", "git diff", "`Bash(git diff` opens a parenthesis it never closes",
         "unbalanced parentheses in `Bash(git diff`: a `(` is never closed", 4),
    Case("Bash((a)", "Bash", "(a)", "`Bash((a)` opens a parenthesis it never closes",
         "unbalanced parentheses in `Bash((a)`: a `(` is never closed", 4),
    Case("Bash(npm run (x)", "Bash", "npm run (x)", "`Bash(npm run (x)` opens a parenthesis it never closes",
         "unbalanced parentheses in `Bash(npm run (x)`: a `(` is never closed", 4),
    Case("(", "", "", "`(` opens a parenthesis it never closes",
         "unbalanced parentheses in `(`: a `(` is never closed", 0),
    Case("Read)", "Read", None, "`Read)` closes a parenthesis it never opened", "unbalanced parentheses in `Read)`"),
    Case(")", "", None, "`)` closes a parenthesis it never opened", "unbalanced parentheses in `)`"),
    Case("Bash(a))", "Bash", "a", "`Bash(a))` closes a parenthesis it never opened",
         "unexpected text after the closing parenthesis in `Bash(a))`", 4, 6),
    # a `)` before the first `(`: part of the name for a rule, an error in a list
    Case("a)b(c)", "a)b", "c", "`a)b(c)` closes a parenthesis it never opened", None, 3, 5),
    Case("a)b(", "a)b", "", "`a)b(` closes a parenthesis it never opened",
         "unbalanced parentheses in `a)b(`: a `(` is never closed", 3),
    # empty
    Case("", "", None, "empty entry", None),
    Case("Bash()", "Bash", "", "`Bash()` has an empty specifier: write `Bash` to allow all uses",
         "`Bash()` has an empty specifier: write `Bash` alone to allow every use", 4, 5),
    Case("Bash( )", "Bash", " ", "`Bash( )` has an empty specifier: write `Bash` to allow all uses",
         "`Bash()` has an empty specifier: write `Bash` alone to allow every use", 4, 6),
    Case("Bash ( )", "Bash", " ", "`Bash ( )` has an empty specifier: write `Bash ` to allow all uses",
         "`Bash()` has an empty specifier: write `Bash` alone to allow every use", 5, 7),
    Case("read_file()", "read_file", "", "`read_file()` has an empty specifier: write `read_file` to allow all uses",
         "`read_file()` has an empty specifier: write `read_file` alone to allow every use", 9, 10),
    Case("()", "", "", "`()` has a specifier but no tool name",
         "`()` has an empty specifier: write `` alone to allow every use", 0, 1),
    Case("(x)", "", "x", "`(x)` has a specifier but no tool name", None, 0, 2),
    # whitespace around the entry is not part of it
    Case("  Read  ", "Read", None, None, None),
    Case("\tBash(git:*)\n", "Bash", "git:*", None, None, 4, 10),
    Case(" \u00a0Bash( git )\u3000", "Bash", " git ", None, None, 4, 10),
    Case("   ", "", None, "empty entry", None),
    Case(" ( ) ", "", " ", "`( )` has a specifier but no tool name",
         "`()` has an empty specifier: write `` alone to allow every use", 0, 2),
]


@pytest.mark.parametrize("case", CASES, ids=[repr(case.text) for case in CASES])
def test_every_form(case: Case) -> None:
    spec = parse_tool_entry(case.text)
    assert spec == ToolSpec(case.text.strip(), case.name, case.specifier, case.problem, case.rule_problem,
                            case.open_at, case.close_at)


def test_offsets_point_at_the_parentheses_of_raw() -> None:
    spec = parse_tool_entry("  Bash(git (x) y)  ")
    assert spec.open_at is not None and spec.close_at is not None
    assert spec.raw[spec.open_at] == "(" and spec.raw[spec.close_at] == ")"
    assert spec.raw[spec.open_at + 1 : spec.close_at] == spec.specifier == "git (x) y"


def test_a_spec_is_frozen() -> None:
    spec = parse_tool_entry("Read")
    with pytest.raises(AttributeError):
        spec.name = "Write"  # type: ignore[misc]


def test_is_linear_in_the_parentheses() -> None:
    """One entry of a megabyte of parentheses is one pass, not a search per parenthesis."""
    start = time.perf_counter()
    for text in ("Bash" + "(" * 500_000 + ")" * 500_000, "Bash(" + ")(" * 500_000, ")" * 1_000_000):
        parse_tool_entry(text)
    assert time.perf_counter() - start < 5


# -- the two readers the parser replaced, kept here as the reference -------------------------------


def _entry_reader(entry: str) -> str | None:
    """`toollist.syntax_problem`, which SL130 used: `entry` is stripped."""
    if not entry:
        return "empty entry"
    depth = 0
    for char in entry:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return f"`{entry}` closes a parenthesis it never opened"
    if depth > 0:
        return f"`{entry}` opens a parenthesis it never closes"
    open_at = entry.find("(")
    if open_at == 0:
        return f"`{entry}` has a specifier but no tool name"
    if open_at > 0:
        if not entry.endswith(")"):
            return f"`{entry}` has text after the closing parenthesis"
        if not entry[open_at + 1 : -1].strip():
            return f"`{entry}` has an empty specifier: write `{entry[:open_at]}` to allow all uses"
    return None


def _rule_reader(reference: str) -> tuple[str, str | None, str | None]:
    """`resolve._split`: (name, specifier, problem)."""
    text = reference.strip()
    start = text.find("(")
    if start < 0:
        if ")" in text:
            return text.split(")", 1)[0].strip(), None, f"unbalanced parentheses in `{text}`"
        return text, None, None
    name, rest = text[:start].strip(), text[start:]
    close = None
    depth = 0
    for position, char in enumerate(rest):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                close = position
                break
    if close is None:
        return name, rest[1:], f"unbalanced parentheses in `{text}`: a `(` is never closed"
    specifier = rest[1:close]
    if close != len(rest) - 1:
        return name, specifier, f"unexpected text after the closing parenthesis in `{text}`"
    if not specifier.strip():
        return name, specifier, f"`{name}()` has an empty specifier: write `{name}` alone to allow every use"
    return name, specifier, None


_ENTRY_TEXT = st.text(alphabet=st.sampled_from(list("Bash()():*  \t\u00a0mcp_/,")), max_size=24)


@settings(max_examples=3000, deadline=None)
@given(_ENTRY_TEXT)
def test_agrees_with_the_readers_it_replaced(text: str) -> None:
    spec = parse_tool_entry(text)
    assert spec.raw == text.strip()
    assert spec.problem == _entry_reader(text.strip())
    assert (spec.name, spec.specifier, spec.rule_problem) == _rule_reader(text)


def test_agrees_on_every_short_string() -> None:
    """Exhaustively, over the characters that matter, up to six of them."""
    from itertools import product

    for length in range(7):
        for chars in product("a( ) ", repeat=length):
            text = "".join(chars)
            spec = parse_tool_entry(text)
            assert spec.problem == _entry_reader(text.strip()), text
            assert (spec.name, spec.specifier, spec.rule_problem) == _rule_reader(text), text


# -- both callers read entries through it ----------------------------------------------------------


@pytest.mark.parametrize("text", ["Bash(a)(b)", "Bash()", "Read)", "Bash(git diff", "a)b(", "Bash(a)x"])
def test_resolve_reports_the_rule_problem(text: str) -> None:
    from skilllint.runtimes.resolve import resolve
    from skilllint.runtimes.targets import builtin_targets

    spec = parse_tool_entry(text)
    resolution = resolve(text, builtin_targets()["claude-code"])
    assert (resolution.name, resolution.specifier) == (spec.name, spec.specifier)
    assert resolution.specifier_problem == spec.rule_problem is not None


def test_tool_entries_report_the_entry_problem(tmp_path: Path) -> None:
    from skilllint.reading.document import load_document
    from skilllint.runtimes.toollist import tool_entries

    texts = ["Read", "Bash()", "(x)", "a)b(c)", "Bash(a)x", "Bash(git:*)"]
    listed = "".join(f"  - '{text}'\n" for text in texts)
    (tmp_path / "s").mkdir()
    skill = tmp_path / "s" / "SKILL.md"
    skill.write_text(f"---\nname: s\ndescription: d\nallowed-tools:\n{listed}---\n", encoding="utf-8")
    entries = tool_entries(load_document(skill, tmp_path), "allowed-tools")
    assert [(entry.text, entry.problem) for entry in entries] == [
        (text, parse_tool_entry(text).problem) for text in texts]
    assert [entry.problem is None for entry in entries] == [True, False, False, False, False, True]
