"""`skilllint.checks.suppression`: directives parsed from a SKILL.md, applied to diagnostics, and
judged by the suppression rules (SL900 unused, SL901 blanket, SL902 unknown code).

Directives come from the text each test writes, through the Markdown scanner as the engine
does it; diagnostics are made by hand at the lines under test, so what is dropped or kept
follows from the directive's range alone.
"""

from __future__ import annotations

import time

import pytest

from skilllint.checks import all_rules
from skilllint.checks.rule import RunShared, SuppressionContext, SuppressionRule
from skilllint.checks.suppression import Directive, SuppressionReport
from skilllint.core.model import Diagnostic, Severity, Span
from skilllint.engine.suppressions import apply, parse_directives
from skilllint.reading.markdown import scan
from skilllint.runtimes.targets import Target

PATH = "s/SKILL.md"
RULES = {rule.code: rule for rule in all_rules()}
SL2 = frozenset(code for code in RULES if code.startswith("SL2"))


def directives(text: str, path: str = PATH) -> list[Directive]:
    """The directives of a SKILL.md `text` whose frontmatter closes on the first `---` after line 1."""
    lines = text.split("\n")
    closing = lines.index("---", 1)  # 0-based: the closing fence is file line closing + 1
    body = "\n".join(lines[closing + 1:])
    comments = scan(body, closing + 2, headings=False).comments
    return parse_directives(path, lines, (2, closing), comments)


def diag(line: int, code: str = "SL200", path: str = PATH) -> Diagnostic:
    return Diagnostic(path, Span(line, 1), code, RULES[code].name if code in RULES else "x", Severity.ERROR, "m")


def kept(text: str, *found: tuple[int, str]) -> list[tuple[int, str]]:
    """(line, code) of the diagnostics `found` that the directives of `text` leave."""
    remaining, _ = apply([diag(line, code) for line, code in found], directives(text), frozenset(RULES))
    return [(d.span.line, d.code) for d in remaining]


def judged(text: str, *found: tuple[int, str],
           selected: frozenset[str] = frozenset(RULES)) -> list[tuple[str, int, str]]:
    """(code, line, message) of what SL900-SL902 say about the directives of `text`."""
    found_directives = directives(text)
    apply([diag(line, code) for line, code in found], found_directives, selected)
    report = SuppressionReport(found_directives, selected)
    out = []
    for code in ("SL900", "SL901", "SL902"):
        rule = RULES[code]
        assert isinstance(rule, SuppressionRule)
        ctx = SuppressionContext(report, Target(id="t"), RunShared({}, frozenset(RULES)))
        out += [(code, f.location.span.line, f.message) for f in rule.check(ctx)]
    return out


HEAD = "---\nname: s\ndescription: x\n---\n"  # the body starts on line 5


# -- parsing: kinds, ranges, selectors ----------------------------------------------------------------


def test_disable_next_line_covers_the_next_line_only() -> None:
    [d] = directives(HEAD + "<!-- skilllint-disable-next-line SL200 -->\nline 6\nline 7\n")
    assert (d.kind, d.line, d.first, d.last, d.codes) == ("disable-next-line", 5, 6, 6, frozenset({"SL200"}))
    assert kept(HEAD + "<!-- skilllint-disable-next-line SL200 -->\nline 6\nline 7\n",
                (5, "SL200"), (6, "SL200"), (7, "SL200"), (6, "SL201")) == [(5, "SL200"), (7, "SL200"), (6, "SL201")]


def test_disable_next_line_after_a_comment_over_several_lines_covers_the_line_after_its_end() -> None:
    [d] = directives(HEAD + "<!-- skilllint-disable-next-line SL200\n  -- why it is fine -->\nline 7\n")
    assert (d.first, d.last, d.codes) == (7, 7, frozenset({"SL200"}))


def test_disable_line_covers_its_own_lines() -> None:
    [d] = directives(HEAD + "line 5\nBash here <!-- skilllint-disable-line SL200 -->\n")
    assert (d.kind, d.first, d.last) == ("disable-line", 6, 6)
    line = "Bash here <!-- skilllint-disable-line SL200 -->"
    assert (d.column, d.end_column) == (line.index("<!--") + 1, len(line) + 1)  # the whole comment


def test_disable_file_covers_every_line() -> None:
    text = HEAD + "a\n<!-- skilllint-disable-file SL200 -->\nb\n"
    [d] = directives(text)
    assert (d.first, d.last) == (1, len(text.split("\n")))
    assert kept(text, (1, "SL200"), (8, "SL200"), (8, "SL201")) == [(8, "SL201")]


def test_disable_runs_to_the_end_without_an_enable() -> None:
    text = HEAD + "a\n<!-- skilllint-disable SL200 -->\nb\nc\n"
    [d] = directives(text)
    assert (d.first, d.last) == (6, len(text.split("\n")))
    assert kept(text, (5, "SL200"), (6, "SL200"), (9, "SL200")) == [(5, "SL200")]


def test_enable_closes_the_range_on_its_line() -> None:
    text = HEAD + "<!-- skilllint-disable SL200 -->\na\n<!-- skilllint-enable SL200 -->\nb\n"
    [d] = directives(text)  # the enable is no directive of its own
    assert (d.first, d.last) == (5, 7)
    assert kept(text, (6, "SL200"), (7, "SL200"), (8, "SL200")) == [(8, "SL200")]


def test_enable_without_codes_closes_every_open_range() -> None:
    text = HEAD + "<!-- skilllint-disable SL200 -->\n<!-- skilllint-disable SL300 -->\n<!-- skilllint-enable -->\nb\n"
    assert [(d.first, d.last) for d in directives(text)] == [(5, 7), (6, 7)]


def test_enable_with_codes_closes_only_the_ranges_it_names() -> None:
    text = HEAD + "<!-- skilllint-disable SL200 -->\n<!-- skilllint-disable SL300 -->\n"
    text += "<!-- skilllint-enable SL3 -->\nb\n"
    last = len(text.split("\n"))
    assert [(d.first, d.last) for d in directives(text)] == [(5, last), (6, 7)]
    assert kept(text, (8, "SL200"), (8, "SL300")) == [(8, "SL300")]


def test_enable_naming_some_codes_of_a_range_ends_those_codes_only() -> None:
    """`disable SL200 SL201` ... `enable SL200`: SL200 counts again after the enable (it stayed
    suppressed to the end of the file), SL201 stays suppressed."""
    text = HEAD + "<!-- skilllint-disable SL200 SL201 -->\na\n<!-- skilllint-enable SL200 -->\nb\n"
    assert kept(text, (6, "SL200"), (6, "SL201"), (8, "SL200"), (8, "SL201")) == [(8, "SL200")]
    assert judged(text, (6, "SL200"), (8, "SL201")) == []  # both codes suppressed something: none unused


def test_enable_naming_codes_after_a_blanket_disable_ends_those_codes_only() -> None:
    """`disable` (every rule) ... `enable SL200`: SL200 counts again, every other rule stays off
    until an `enable` without codes (it once closed the whole blanket range)."""
    text = HEAD + "<!-- skilllint-disable -->\na\n<!-- skilllint-enable SL200 -->\nb\n<!-- skilllint-enable -->\nc\n"
    assert kept(text, (6, "SL200"), (6, "SL300"), (8, "SL200"), (8, "SL300"), (10, "SL300")) == [
        (8, "SL200"), (10, "SL300")]


def test_selectors_are_codes_names_and_prefixes_with_an_optional_reason() -> None:
    [d] = directives(HEAD + "<!-- skilllint-disable-next-line unknown-tool, SL3 SL112 -- generated file -->\nx\n")
    assert d.selectors == ("unknown-tool", "SL3", "SL112")
    assert d.codes == frozenset({"SL200", "SL112"} | {code for code in RULES if code.startswith("SL3")})
    assert d.unknown == ()


def test_a_directive_without_codes_is_blanket() -> None:
    [d] = directives(HEAD + "<!-- skilllint-disable-next-line -->\nx\n")
    assert d.codes is None and d.selectors == ()
    assert kept(HEAD + "<!-- skilllint-disable-next-line -->\nx\n", (6, "SL200"), (6, "SL300")) == []


def test_unknown_selectors_are_kept_with_their_column() -> None:
    text = HEAD + "<!-- skilllint-disable-next-line SL2OO SL300 -->\nx\n"
    [d] = directives(text)
    assert d.unknown == ("SL2OO",) and d.codes == frozenset({"SL300"})
    assert d.selector_columns == {"SL2OO": text.split("\n")[4].index("SL2OO") + 1}


def test_comments_that_are_not_directives_are_ignored() -> None:
    text = HEAD + "<!-- a note -->\n`<!-- skilllint-disable-file -->`\n```\n<!-- skilllint-disable-file -->\n```\n"
    assert directives(text) == []  # prose, a code span, fenced code


def test_frontmatter_comments_cover_their_line_or_the_next() -> None:
    text = "---\nname: Bad  # skilllint-disable-line SL112\n# skilllint-disable-next-line SL132\nfoo: 1\n---\n"
    first, second = directives(text)
    assert (first.kind, first.first, first.last, first.codes) == ("disable-line", 2, 2, frozenset({"SL112"}))
    assert (first.column, first.end_column) == (len("name: Bad  ") + 1, len(text.split("\n")[1]) + 1)
    assert (second.kind, second.first, second.last) == ("disable-next-line", 4, 4)


def test_a_frontmatter_disable_line_on_its_own_line_covers_the_next() -> None:
    [d] = directives("---\n# skilllint-disable-line SL132\nfoo: 1\n---\n")
    assert (d.first, d.last) == (3, 3)


def test_directives_outside_the_frontmatter_lines_are_not_yaml_comments() -> None:
    assert directives("---\nname: s\n---\n# skilllint-disable-next-line SL200\n") == []


# -- applying -------------------------------------------------------------------------------------------------


def test_input_problems_cannot_be_suppressed() -> None:
    text = HEAD + "<!-- skilllint-disable-file -->\n<!-- skilllint-disable-file SL0 SL101 -->\n"
    assert kept(text, (1, "SL002"), (1, "SL004"), (2, "SL101"), (2, "SL200")) == [(1, "SL002"), (1, "SL004")]


def test_directives_apply_to_their_own_file_only() -> None:
    found = directives(HEAD + "<!-- skilllint-disable-file SL200 -->\n")
    remaining, _ = apply([diag(1, path="other/SKILL.md"), diag(1)], found, frozenset(RULES))
    assert [d.path for d in remaining] == ["other/SKILL.md"]


def test_apply_records_which_codes_each_directive_used() -> None:
    text = HEAD + "<!-- skilllint-disable-next-line SL200 SL300 -->\nx\n<!-- skilllint-disable-file -->\n"
    first, blanket = directives(text)
    apply([diag(6, "SL200"), diag(7, "SL112")], [first, blanket], frozenset(RULES))
    assert first.used == {"SL200"} and blanket.used == {"SL200", "SL112"}  # both covered line 6


def test_many_one_line_directives_apply_in_linear_time() -> None:
    """Indexed by line: comparing every pair took 20 s for 17,000 comments, a few ms now."""
    body = "".join("x <!-- skilllint-disable-line SL200 -->\n" for _ in range(5000))
    found = directives(HEAD + body)
    started = time.monotonic()
    remaining, _ = apply([diag(line) for line in range(5, 5005)] * 2, found, frozenset(RULES))
    assert time.monotonic() - started < 2  # all pairs: 50 million comparisons, far more
    assert remaining == [] and all(d.used == {"SL200"} for d in found)


# -- what the suppression rules say ----------------------------------------------------------------------------


def test_unused_suppression_is_sl900() -> None:
    text = HEAD + "<!-- skilllint-disable-next-line SL200 SL300 -->\nx\n"
    assert judged(text) == [("SL900", 5, "suppression of `SL200`, `SL300` suppressed nothing")]
    assert judged(text, (6, "SL200")) == [("SL900", 5, "suppression of `SL300` suppressed nothing")]
    assert judged(text, (6, "SL200"), (6, "SL300")) == []


def test_codes_of_rules_that_did_not_run_are_not_judged() -> None:
    text = HEAD + "<!-- skilllint-disable-next-line SL200 SL300 -->\nx\n"
    assert judged(text, (6, "SL200"), selected=frozenset({"SL200", "SL900"})) == []


def test_blanket_suppression_is_sl901_and_sl900_when_it_suppressed_nothing() -> None:
    text = HEAD + "<!-- skilllint-disable-next-line -->\nx\n"
    assert judged(text) == [
        ("SL900", 5, "`skilllint-disable-next-line` without codes suppressed nothing"),
        ("SL901", 5, "`skilllint-disable-next-line` without codes suppresses every rule"),
    ]
    assert judged(text, (6, "SL200")) == [
        ("SL901", 5, "`skilllint-disable-next-line` without codes suppresses every rule"),
    ]


@pytest.mark.parametrize(("selector", "hint"), [("SL2OO", "did you mean `SL200`?"), ("unknwn-tool", "did you mean")])
def test_unknown_code_is_sl902_at_the_selector(selector: str, hint: str) -> None:
    text = HEAD + f"<!-- skilllint-disable-next-line {selector} -->\nx\n"
    rule = RULES["SL902"]
    assert isinstance(rule, SuppressionRule)
    found = directives(text)
    ctx = SuppressionContext(SuppressionReport(found, frozenset(RULES)), Target(id="t"), RunShared({}, frozenset()))
    [finding] = rule.check(ctx)
    column = text.split("\n")[4].index(selector) + 1
    assert finding.location.span == Span(5, column, 5, column + len(selector))
    assert finding.message == f"`{selector}` is not a skilllint rule code, name or prefix"
    assert finding.help is not None and finding.help.startswith(hint)
    # a directive naming nothing known is no unused suppression: SL902 says all there is to say
    assert judged(text) == [("SL902", 5, finding.message)]
