"""Hypothesis strategies for hostile skill files, shared by the property tests.

`skill_files()` builds SKILL.md bytes from a grammar of YAML traps (tags that cannot be
built, impossible dates, huge numbers, invisible characters, unterminated quotes, broken
flow collections, aliases, deep nesting) and Markdown bodies with broken structure.
`corpus_skills()` takes the repository's own skill files (fixtures and examples) and
mutates them: truncated, bytes flipped, hostile fragments spliced in, line endings and
encodings changed. tests/test_never_raises.py lints both through the engine;
tests/test_fuzz_property.py reuses the scalars for manifests and configs.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import strategies as st

# --- YAML values: the traps of a frontmatter -----------------------------------------------

TAGS = st.sampled_from([
    "!!int x", "!!float k", "!!timestamp 2024-02-30", "!!timestamp x", "!!bool maybe", "!!bool", "!!binary @@@",
    "!!python/object:os.system x", "!!set {a, b}", "!!omap [a]", "!!null x", "!!str [a]", "!foo bar", "!<tag:x> y",
])
DATES = st.builds(
    lambda y, m, d, t: f"{y:04d}-{m:02d}-{d:02d}{t}",
    st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32),
    st.sampled_from(["", "T25:61:61", " 12:00:00", "T00:00:00+99:99", "t21:59:43.10-05:00"]),
)
HUGE_NUMBERS = st.builds(
    lambda prefix, digits: prefix + digits, st.sampled_from(["", "-", "0x", "0o", "0b", "1e", "0."]),
    st.integers(4200, 6000).map(lambda n: "1" * n),
)
INVISIBLE = st.text(
    st.sampled_from(["\u200b", "\u200d", "\u2060", "\ufeff", "\u202e", "\u2066", "\u2069", "\x07", "\x1b",
                     "\x7f", "\x85", "\t", "\x00", "\ud800", *(chr(c) for c in range(0xE0000, 0xE0080, 9))]),
    min_size=1, max_size=6,
)
WORDS = st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=24)
UNTERMINATED = st.builds(lambda quote, text: quote + text, st.sampled_from(['"', "'", '"\\x', '"\\u12']), WORDS)
FLOW = st.sampled_from([
    "[a, {b: c}]", "{a: [1, 2}", "[", "{", "[a, b", "{a: 1, a: 2}", "[[[]]]", "{? a}", "[*a]", "{<<: *a}",
])
ALIASES = st.sampled_from(["&a x", "*a", "*undefined", "&a [*a]", "&a {b: *a}", "&a", "*"])
DEEP = st.builds(
    lambda unit, depth: unit * depth + "x", st.sampled_from(["[", "{a: ", "- ", "? ", "[a, "]), st.integers(60, 72)
)
TOOL_NAMES = st.sampled_from([
    "Bash", "bash", "Read", "Bash(git:*)", "Bash(", "mcp__github__create_issue", "exec", "Task", "Bаsh",
    "read_file", "WebFetch(domain:", "*", "", "Edit Write", "Read, Grep",
])
SCALARS = st.one_of(TAGS, DATES, HUGE_NUMBERS, INVISIBLE, WORDS, UNTERMINATED, FLOW, ALIASES, DEEP, TOOL_NAMES,
                    st.builds(lambda a, b: a + b, WORDS, INVISIBLE))

KEYS = st.one_of(
    st.sampled_from(["name", "description", "allowed-tools", "license", "compatibility", "metadata", "tools",
                     "disallowed-tools", "model", "version", "argument-hint", "when_to_use", "hooks"]),
    st.sampled_from(["1", "null", "~", "true", "2024-01-01", "[a]", "{a: 1}", "? [a, b]\n", "<<", '"a\\x"', "a b"]),
    WORDS.filter(lambda w: ":" not in w and "#" not in w),
)


@st.composite
def values(draw: st.DrawFn) -> str:
    """A value after `key:`: a scalar, a block list or mapping, or a block scalar."""
    shape = draw(st.sampled_from(["scalar", "scalar", "list", "map", "block"]))
    if shape == "scalar":
        return draw(SCALARS)
    items = draw(st.lists(SCALARS, min_size=1, max_size=4))
    if shape == "list":
        return "".join(f"\n  - {item}" for item in items)
    if shape == "map":
        return "".join(f"\n  {draw(KEYS)}: {item}" for item in items)
    return draw(st.sampled_from(["|", ">-", "|2", "|+"])) + "".join(f"\n  {item}" for item in items)


@st.composite
def frontmatter(draw: st.DrawFn) -> str:
    """Lines of `key: value`; keys repeat (duplicates), and the line endings may be odd."""
    lines = [f"{draw(KEYS)}: {draw(values())}" for _ in range(draw(st.integers(0, 8)))]
    if draw(st.booleans()):
        lines.insert(0, "name: my-skill")
    text = "\n".join(lines)
    ending = draw(st.sampled_from(["\n", "\n", "\r\n", "\r", "\n\t"]))
    return text.replace("\n", ending)


# --- Markdown bodies -------------------------------------------------------------------------

LONG_LINES = st.builds(
    lambda unit, count: unit * count,
    st.sampled_from(["a", "a ", "`", "[", "](", "*", "_", "<!--", "\\", "| ", "Bash ", "[a](", "\u200b"]),
    st.integers(1000, 20000),
)
BLOCKS = st.one_of(
    WORDS,
    st.builds(lambda lang, code, closed: f"```{lang}\n{code}\n" + ("```" if closed else ""),
              st.sampled_from(["", "bash", "yaml", "````"]), WORDS, st.booleans()),
    st.sampled_from(["[a](", "[a](missing.md)", "[a](../../../x)", "[a][nope]", "![i](x.png", "[a](<>)",
                     "[a](scripts/run.py#L9)", "[a](file:///etc/passwd)", "[a](%zz)", "<https://", "[^1]"]),
    TOOL_NAMES.map(lambda name: f"Use the `{name}` tool."),
    st.sampled_from(["<!--", "-->", "<!-- skilllint-disable SL2 -->", "<!-- skilllint-disable-next-line -->",
                     "<!-- skilllint-enable", "<!-- skilllint-disable-file unknown-tool -- why -->", "`", "``"]),
    LONG_LINES,
    INVISIBLE,
)


@st.composite
def skill_files(draw: st.DrawFn) -> bytes:
    body = "\n".join(draw(st.lists(BLOCKS, max_size=8)))
    head = draw(st.sampled_from(["---\n", "---\n", "\ufeff---\n", "--- \n", ""]))
    closing = draw(st.sampled_from(["\n---\n", "\n---\n", "\n...\n", "\n"]))
    return (head + draw(frontmatter()) + closing + body + "\n").encode("utf-8", "surrogatepass")


# --- The repository's own skills, mutated ------------------------------------------------------

REPO = Path(__file__).resolve().parent.parent
CORPUS_GLOBS = ("tests/fixtures/SL*/*/*/**/[Ss][Kk][Ii][Ll][Ll].md", "tests/fixtures/SL*/*/*/**/metadata.yaml",
                "examples/skills/*/SKILL.md")


@cache
def corpus() -> tuple[bytes, ...]:
    """Every skill file (and metadata.yaml) the repository holds, once each, in path order."""
    files = sorted({path for pattern in CORPUS_GLOBS for path in REPO.glob(pattern) if path.is_file()})
    return tuple(dict.fromkeys(path.read_bytes() for path in files))


FRAGMENTS = st.one_of(
    SCALARS.map(lambda text: text.encode("utf-8", "surrogatepass")),
    BLOCKS.filter(lambda text: len(text) < 2000).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"\n---\n", b"---\n", b"\r", b"\r\n", b"\x00", b"\xff", b"\xc3", b"\xe2\x80\xa8", b"\xc2\x85",
                     b"\t", b": ", b"- ", b"  ", b"#", b"\\", b'"', b"'", b"[", b"{", b"&a ", b"*a", b"!!", b"|\n"]),
    st.binary(max_size=8),
)


@st.composite
def _mutate(draw: st.DrawFn, data: bytes) -> bytes:
    """One edit of `data` at a drawn place: cut there, drop or flip a byte, splice in a fragment,
    repeat a line, change the line endings or the encoding."""
    at = draw(st.integers(0, len(data)))
    edit = draw(st.sampled_from(["cut", "drop", "flip", "splice", "splice", "repeat", "endings", "encoding"]))
    if edit == "cut":
        return data[:at]
    if edit == "drop":
        return data[:at] + data[at + 1:]
    if edit == "flip" and at < len(data):
        return data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
    if edit == "repeat":
        start = data.rfind(b"\n", 0, at) + 1
        stop = data.find(b"\n", at)
        line = data[start:] if stop < 0 else data[start:stop + 1]
        return data[:start] + line * draw(st.integers(2, 50)) + data[start:]
    if edit == "endings":
        return data.replace(b"\n", draw(st.sampled_from([b"\r\n", b"\r", b"\n\n", b" \n", b"\xe2\x80\xa8"])))
    if edit == "encoding":
        text = data.decode("utf-8", "replace")
        return draw(st.sampled_from([
            lambda: b"\xef\xbb\xbf" + data, lambda: text.encode("utf-16"), lambda: text.encode("utf-16-be"),
            lambda: text.encode("latin-1", "replace"), lambda: text.encode("utf-32"),
        ]))()
    return data[:at] + draw(FRAGMENTS) + data[at:]


@st.composite
def corpus_skills(draw: st.DrawFn) -> bytes:
    """A skill file of the repository with up to four edits (none: the file as it is)."""
    data = draw(st.sampled_from(corpus()))
    for _ in range(draw(st.integers(0, 4))):
        data = draw(_mutate(data))
    return data
