"""Output is safe: nothing in a user's files can drive the terminal, forge a line or break
the encoding of any format.

End to end through the CLI on one tree holding every trap: a skill `name` with terminal
escape sequences, a folder name with a newline and a forged diagnostic, a folder name that
is not UTF-8, and a SKILL.md line with an escape sequence that the full format shows. Then
unit tests of `textsafe` and of the caret under escaped source lines.
"""

from __future__ import annotations

import json
import os
import re
import sys
import timeit
from pathlib import Path
from urllib.parse import unquote_to_bytes

import pytest
from click.testing import CliRunner

from skilllint.core.model import Span
from skilllint.core.textsafe import escape, escape_lines, escape_mapped
from skilllint.output.cli import cli
from skilllint.output.formatters.full import excerpt
from tests.test_formatters import ANNOTATION, ANSI, _validate_sarif

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX file names (newline, raw bytes)")

DESCRIPTION = "description: Call the billing API. Use when the user asks about invoices.\n"
EVIL_NAME = "s\x1b]0;PWNED\x07\x1b[2J"
NEWLINE_FOLDER = "ok\nevil.md:1:1: SL000 fake"
BAD_BYTES_FOLDER = b"bad\xffname"
BODY_LINE = "\x1b[2J\x1b]0;PWNED\x07 See [forms](references/missing.md) first."

# the real paths, as every format prints them (escaped)
PATHS = {
    "s1/SKILL.md",
    "ok\\nevil.md:1:1: SL000 fake/SKILL.md",
    "bad\\xffname/SKILL.md",
    "body/SKILL.md",
}
# anything that acts instead of being read; ESC of our own colours is checked separately
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def _skill(folder: Path | bytes, name_line: str, body: str = "Body\n") -> None:
    os.makedirs(folder, exist_ok=True)
    text = f"---\n{name_line}\n{DESCRIPTION}---\n{body}"
    with open(os.path.join(folder, b"SKILL.md" if isinstance(folder, bytes) else "SKILL.md"), "wb") as file:
        file.write(text.encode("utf-8"))


@pytest.fixture
def traps(tmp_path: Path) -> Path:
    """A lint root with every trap; each skill has findings that quote its name or path."""
    _skill(tmp_path / "s1", 'name: "s\\e]0;PWNED\\a\\e[2J"')  # YAML escapes: the value holds ESC and BEL
    _skill(tmp_path / NEWLINE_FOLDER, "name: Bad")
    _skill(bytes(tmp_path) + b"/" + BAD_BYTES_FOLDER, "name: Bad")
    _skill(tmp_path / "body", "name: body", f"# Body\n\n{BODY_LINE}\n")
    return tmp_path


def _run(cwd: Path, *args: str) -> tuple[int, bytes, bytes]:
    """The CLI's exit code and raw stdout and stderr bytes (no decoding that could hide a bad byte)."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout_bytes, result.stderr_bytes


def _check(cwd: Path, fmt: str, *extra: str) -> str:
    code, out, err = _run(cwd, "check", ".", "--isolated", "--jobs", "1", "--quiet", "--format", fmt, *extra)
    assert code == 1, err.decode("utf-8", "replace")
    return _assert_safe(out)


def _assert_safe(out: bytes, color: bool = False) -> str:
    """The output decodes as UTF-8 and holds no control but newline (our own colours aside)."""
    text = out.decode("utf-8")  # strict: a lone surrogate or a stray byte fails here
    plain = ANSI.sub("", text) if color else text
    found = UNSAFE.search(plain)
    assert found is None, f"{found.group()!r} in output: {plain[max(0, found.start() - 40) : found.end() + 40]!r}"
    assert "\x1b" not in plain and "\t" not in plain
    return text


# End to end, every format


@pytest.mark.parametrize("color", [False, True], ids=["plain", "color"])
def test_full_is_safe(traps: Path, color: bool) -> None:
    code, out, _ = _run(traps, "check", ".", "--isolated", "--jobs", "1", "--quiet", "--format", "full",
                        "--color" if color else "--no-color")
    assert code == 1
    text = _assert_safe(out, color=color)
    if color:
        assert ANSI.search(text), "colour is on"
        text = ANSI.sub("", text)
        assert text == _check(traps, "full", "--no-color"), "every ESC is one of our colours"
    assert "`s\\x1b]0;PWNED\\x07\\x1b[2J`" in text
    heads = [line for line in text.splitlines() if re.match(r"\S.*:\d+:\d+: (error|warning|info)\[SL\d+\]", line)]
    assert heads and all(any(line.startswith(path + ":") for path in PATHS) for line in heads), heads
    assert not any(line.startswith("evil.md") for line in text.splitlines()), "no forged line"
    # the body line is shown escaped, with the caret under the span
    lines = text.splitlines()
    shown = next(i for i, line in enumerate(lines) if "references/missing.md" in line and " | " in line)
    source, caret = lines[shown], lines[shown + 1]
    assert "\\x1b[2J\\x1b]0;PWNED\\x07 See [forms]" in source
    assert caret.index("^") == source.index("references/missing.md")


def test_concise_is_safe_and_has_no_forged_line(traps: Path) -> None:
    text = _check(traps, "concise")
    diagnostic = re.compile(r":\d+:\d+: SL\d{3} ")
    for line in text.splitlines():
        if line.startswith("    help: ") or line.startswith("          "):
            continue
        path = next((p for p in PATHS if line.startswith(p + ":")), None)
        assert path is not None and diagnostic.match(line, len(path)), f"forged or broken line: {line!r}"
    assert "`s\\x1b]0;PWNED\\x07\\x1b[2J`" in text
    assert {line.split(":")[0] for line in text.splitlines() if line.startswith("bad")} == {"bad\\xffname/SKILL.md"}


def test_json_is_valid_utf8_and_escaped(traps: Path) -> None:
    items = json.loads(_check(traps, "json"))
    assert {item["path"] for item in items} == PATHS
    for item in items:
        for key in ("path", "message", "name", "target"):
            assert not UNSAFE.search(item[key] or "") and "\n" not in (item[key] or ""), item
        assert not UNSAFE.search(item["help"] or ""), item
    assert any("`s\\x1b]0;PWNED\\x07\\x1b[2J`" in item["message"] for item in items)


def test_sarif_is_valid_and_uris_name_the_real_files(traps: Path) -> None:
    log = json.loads(_check(traps, "sarif"))
    _validate_sarif(log)  # the official schema, and every uri a valid URI reference
    results = log["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert "bad%FFname/SKILL.md" in uris
    assert "ok%0Aevil.md%3A1%3A1%3A%20SL000%20fake/SKILL.md" in uris
    for uri in uris:  # the original bytes, so a viewer opens the real file
        assert (traps / os.fsdecode(unquote_to_bytes(uri))).is_file(), uri
    for result in results:
        assert not UNSAFE.search(result["message"]["text"]), result


def test_github_annotations_stay_one_command_each(traps: Path) -> None:
    text = _check(traps, "github")
    lines = text.splitlines()
    assert lines
    for line in lines:
        assert ANNOTATION.fullmatch(line), line
    files = {re.match(r"::\w+ file=([^,]+),", line).group(1) for line in lines}
    assert files == {path.replace(":", "%3A") for path in PATHS}


def test_statistics_is_safe(traps: Path) -> None:
    _check(traps, "concise", "--statistics")


# Error messages of the CLI


def test_missing_path_error_is_escaped(tmp_path: Path) -> None:
    code, out, err = _run(tmp_path, "check", "--isolated", "miss\x1b[2J\ning")
    assert code == 2 and out == b""
    text = _assert_safe(err)
    assert text == "skilllint: error: path does not exist: miss\\x1b[2J\\ning\n"


def test_config_error_is_escaped_and_indented(tmp_path: Path) -> None:
    folder = tmp_path / "c\x1b[2J\nfg"
    folder.mkdir()
    (folder / "cfg.yaml").write_text("targets: [nope\n", encoding="utf-8")
    code, _, err = _run(tmp_path, "check", "--config", str(folder.relative_to(tmp_path) / "cfg.yaml"), ".")
    assert code == 2
    lines = _assert_safe(err).splitlines()
    assert lines[0].startswith("skilllint: config error: c\\x1b[2J")
    assert all(line.startswith("  ") for line in lines[1:]), lines


# textsafe


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[2J", "\\x1b[2J"),  # C0: ESC
        ("a\x00b\x07", "a\\x00b\\x07"),
        ("\n\t\r", "\\n\\t\\r"),  # the named ones
        ("\x7f", "\\x7f"),  # DEL
        ("\x85\x9b31m", "\\x85\\x9b31m"),  # C1: NEL, CSI
        ("bad\udcffname", "bad\\xffname"),  # a surrogate-escaped byte: the byte itself
        ("\udc80", "\\x80"),
        ("\ud800x\udfff", "\\ud800x\\udfff"),  # other lone surrogates
        ("a\u2028b\u2029", "a\\u2028b\\u2029"),  # line and paragraph separators
        ("\u202ereversed\u202c", "\\u202ereversed\\u202c"),  # bidi override and pop
        ("\u202a\u202b\u202d\u2066\u2067\u2068\u2069", "\\u202a\\u202b\\u202d\\u2066\\u2067\\u2068\\u2069"),
        ("\u200e\u200f\u061c", "\\u200e\\u200f\\u061c"),  # bidi marks
    ],
)
def test_escape_each_class(raw: str, shown: str) -> None:
    assert escape(raw) == shown
    assert not UNSAFE.search(escape(raw)) and "\n" not in escape(raw)
    escape(raw).encode("utf-8")


def test_escape_keeps_printable_text() -> None:
    text = "naïve 日本語 – emoji 🙂, NBSP\u00a0, ZWJ\u200d, backslash \\n stays"
    assert escape(text) is text


def test_fast_path_returns_the_same_object() -> None:
    text = "".join(["skills/pdf-processing/", "SKILL.md"])
    assert escape(text) is text and escape_lines(text) is text
    assert escape_mapped(text) == (text, None)
    assert escape("") == ""


def test_fast_path_costs_about_nothing() -> None:
    """Clean text costs one regex search: far under a microsecond, not a rebuilt string."""
    text = "unknown tool `Bassh` for Claude Code"
    runs = 20000
    seconds = min(timeit.repeat(lambda: escape(text), number=runs, repeat=5)) / runs
    assert seconds < 5e-6, f"{seconds * 1e9:.0f} ns per clean call"


def test_escape_lines_keeps_newlines_only() -> None:
    assert escape_lines("first\nsecond\x1b[2J\r\n\t") == "first\nsecond\\x1b[2J\\r\n\\t"
    assert escape_lines("a\u2028b") == "a\\u2028b"


def test_escape_mapped_offsets() -> None:
    shown, offsets = escape_mapped("ab\x1bc\udcff")
    assert shown == "ab\\x1bc\\xff"
    assert offsets == [0, 1, 2, 6, 7, 11]
    assert shown[offsets[3] : offsets[4]] == "c"


# the caret under an escaped source line


@pytest.mark.parametrize(
    ("line", "span", "marked"),
    [
        ("name: Bad", Span(2, 7, 2, 10), "Bad"),
        ("\x1b[2J Read `x`", Span(7, 12, 7, 13), "x"),  # escapes before the span move the caret
        ("a\x1bb", Span(1, 2, 1, 3), "\\x1b"),  # an escaped character in the span widens it
        ("\ttab", Span(1, 2, 1, 5), "tab"),  # a tab is one space, so columns stay columns
        ("x" * 129 + "ABC" + "y" * 300, Span(1, 130, 1, 133), "ABC"),  # windowed long line
        ("\x1b" * 100 + "ABC" + "y" * 300, Span(1, 101, 1, 104), "ABC"),  # escapes push the span far right
        ("ab", Span(1, 3), ""),  # a point at the end of the line
    ],
)
def test_caret_under_the_span(line: str, span: Span, marked: str) -> None:
    shown, start, width = excerpt(line, span)
    assert not UNSAFE.search(shown)
    assert shown[start : start + width] == marked or (marked == "" and start == len(shown) and width == 1)
    assert len(shown) <= 201
