"""Read one SKILL.md into a Document: bytes once, decoded, frontmatter split and parsed.

Reading judges nothing: what goes wrong while reading (unreadable, binary, not UTF-8, too
large, no frontmatter, bad YAML...) is recorded as a `ReadFact` with its kind and
position, and the input rules (SL0xx, SL10x) judge them. Every later check asks the
document where a key or item is (`locate`), so findings land on the offending line.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping
from functools import cached_property
from itertools import accumulate
from pathlib import Path
from typing import Any, TypeVar, cast

import yaml
from yaml.nodes import Node

from skilllint.core import lazyre
from skilllint.core.model import Span
from skilllint.core.readfacts import Fact, Location, ReadFact
from skilllint.core.records import Record
from skilllint.reading.fsview import FileSystemView, read_bytes
from skilllint.reading.yamlnodes import KeyIndex, Nonportable, YamlRefused, find_node, parse_yaml
from skilllint.reading.yamlspans import line_and_column, mark_span, node_span, region_span, span_at

D = TypeVar("D")
JSON_BOM_ADVICE = ("remove the BOM: JSON.parse, which the Node runtimes read their JSON files with, rejects a "
                   "file that starts with one")
"""A BOM in a JSON file: the frontmatter advice the rule gives by default would not fit."""

DEFAULT_MAX_BYTES = 1024 * 1024
_CLOSING = lazyre.compile(r"^---[ \t]*$", re.M)  # skills-ref, quick_validate, Codex: `---` only
_KEY_WITH_COLON = lazyre.compile(r"^\s*(?:- )?(?P<key>[\w-]+):\s+[^'\"|>&*!\[{\s][^#]*?(?P<colon>:)(?:\s|$)")




class Source(Record):
    """One YAML source of the frontmatter: SKILL.md's own block or metadata.yaml beside it."""

    __slots__ = ("path", "root", "line_offset", "text")
    path: str
    root: Any
    line_offset: int  # 0-based line in the file of the YAML text's first line
    text: str

    def __init__(self, path: str, root: Any, line_offset: int, text: str = "") -> None:
        self.path = path
        self.root = root
        self.line_offset = line_offset
        self.text = text


SKILL = "skill"
AGENT = "agent"
COMMAND = "command"
COPILOT_AGENT = "copilot-agent"
COPILOT_PROMPT = "copilot-prompt"
OPENCODE_AGENT = "opencode-agent"
DOCUMENT_KINDS = (SKILL, AGENT, COMMAND, COPILOT_AGENT, COPILOT_PROMPT, OPENCODE_AGENT)
"""What a Markdown-with-frontmatter file is: a skill's SKILL.md, a Claude Code subagent
(`.claude/agents/*.md`, a plugin's `agents/*.md`) or slash command (`commands/*.md`), a GitHub
Copilot custom agent (`.github/agents/*.md`) or prompt file (`.github/prompts/*.prompt.md`), or an
OpenCode agent (`.opencode/agent/**/*.md`; where each is found: `skilllint.reading.definitions`). All
share reading; rules declare which of them they judge."""
KIND_RUNTIME = {AGENT: "claude-code", COMMAND: "claude-code", COPILOT_AGENT: "copilot", COPILOT_PROMPT: "copilot",
                OPENCODE_AGENT: "opencode"}
"""The runtime whose format each kind other than a skill is: it is checked on that runtime."""


class Document(Record):
    """A skill's SKILL.md (or a subagent or command file), read and split. `frontmatter is
    None` means it could not be used."""

    __slots__ = ("path", "file", "skill_dir", "cwd", "kind", "plugin", "text", "frontmatter", "frontmatter_text",
                 "frontmatter_line", "body", "body_line", "problems", "nonportable", "sources", "key_source",
                 "had_crlf", "_derived", "_within", "_line_starts", "key_index", "fs",
                 "__dict__")  # __dict__: for the cached properties
    path: str  # POSIX, relative to the working directory
    file: Path
    skill_dir: Path
    cwd: Path | None  # the run's working folder, which `path` is relative to (to name other files alike)
    kind: str  # one of DOCUMENT_KINDS
    plugin: bool  # a subagent or command shipped in a Claude Code plugin (its own field rules)
    text: str | None
    frontmatter: dict[str, Any] | None
    frontmatter_text: str
    frontmatter_line: int  # 1-based line of the frontmatter's first line
    body: str
    body_line: int
    problems: list[ReadFact]
    nonportable: list[tuple[str, Nonportable]]
    sources: list[Source]
    key_source: dict[str, int]
    had_crlf: bool
    _derived: dict[type[Any], Any]  # what later layers derive from the document, by record class (`derived`)
    _within: dict[tuple[Any, ...], tuple[Node | None, Location]]
    _line_starts: dict[int, list[int]]  # per source
    key_index: KeyIndex  # each frontmatter mapping's keys, indexed once
    # the file system as this skill's reading and checks saw it: every probe goes through it, so a
    # cached result can be checked against the same questions (skilllint.reading.fsview)
    fs: FileSystemView

    def __init__(self, path: str, file: Path, skill_dir: Path, fs: FileSystemView | None = None, *,
                 kind: str = SKILL, plugin: bool = False) -> None:
        self.path = path
        self.file = file
        self.skill_dir = skill_dir
        self.cwd = None
        self.kind = kind
        self.plugin = plugin
        self.text = None
        self.frontmatter = None
        self.frontmatter_text = ""
        self.frontmatter_line = 2
        self.body = ""
        self.body_line = 1
        self.problems = []
        self.nonportable = []
        self.sources = []
        self.key_source = {}
        self.had_crlf = False
        self._derived = {}
        self._within = {}
        self._line_starts = {}
        self.key_index = {}
        self.fs = FileSystemView(DEFAULT_MAX_BYTES) if fs is None else fs

    def derived(self, kind: type[D]) -> D:
        """What a later layer derives from this document, computed once: one record per class, made
        (with no arguments) the first time it is asked for, and dropped with the document. The class
        lives in the layer that fills it (the rules' `checks/_analyses.Analyses`, the tool lists'
        `runtimes/toollist.ToolLists`, the schema errors' `SchemaErrors`), so reading knows none of
        their types and imports nothing above it; a typed record, not a string-keyed memo."""
        found = self._derived.get(kind)
        if found is None:
            found = self._derived[kind] = kind()
        return cast(D, found)

    @property
    def dir_name(self) -> str:
        return self.skill_dir.name

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n") if self.text is not None else []

    @cached_property
    def markdown(self) -> Any:
        """The body's Markdown structure (code spans, fences, links, comments), scanned once."""
        from skilllint.reading.markdown import scan

        return scan(self.body, self.body_line, headings=False)

    def in_fence(self, line: int) -> bool:
        """True when file line `line` is inside fenced or indented code of the body."""
        return line >= self.body_line and self.markdown.in_fence(line)

    def line_text(self, line: int) -> str:
        lines = self.lines
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def field(self, key: str, default: Any = None) -> Any:
        fm = self.frontmatter
        return fm.get(key, default) if fm else default

    def from_metadata_yaml(self, key: str) -> bool:
        """Whether frontmatter key `key` comes from the `metadata.yaml` beside SKILL.md (the
        skill-packaging format whose `tools:` lists the skill's tools), not from SKILL.md."""
        return self.key_source.get(key, 0) != 0

    def locate(self, path: tuple[Any, ...] = (), *, key: bool = False) -> Location:
        """Where the value (or, with `key`, the key) at `path` is written."""
        if not path or not self.sources:
            return Location(self.path, Span(1, 1) if not self.sources else self._frontmatter_span())
        source = self.sources[self.key_source.get(str(path[0]), 0)]
        node = find_node(source.root, path, want_key=key, index=self.key_index)
        if node is None:
            return Location(source.path, span_at(0, 0, source.line_offset))
        return Location(source.path, node_span(node, source.line_offset, self._line_text_of(source)))

    def locate_within(self, path: tuple[Any, ...], needle: str, start: int = 0,
                      end: int | None = None) -> tuple[Location, int]:
        """Where `needle` is written inside the scalar at `path`, searching from `start` (up to
        `end`, offsets in the scalar's source text, when the caller bounds the search).

        Returns the location and the offset to continue from, so several tokens of one
        space- or comma-separated string each get their own column. Each call costs the
        search only (the scalar is not copied, its line is found in a table built once per
        source): a field of 60,000 tokens calls it 60,000 times.
        """
        if not self.sources:
            return self.locate(path), start
        index = self.key_source.get(str(path[0]), 0)
        source = self.sources[index]
        within = self._within  # path -> (its node, where the whole value is), found once:
        if path not in within:  # each walks the mapping's keys, and a field may have 100,000 tokens
            within[path] = find_node(source.root, path, index=self.key_index), self.locate(path)
        node, whole = within[path]
        if node is None or not source.text:
            return whole, start
        low, high = node.start_mark.index, node.end_mark.index
        absolute = source.text.find(needle, low + start, high if end is None else min(high, low + end))
        if absolute < 0:
            return whole, start
        starts = self._line_starts
        table = starts.get(index)
        if table is None:
            table = starts[index] = line_starts(source.text)
        line0 = bisect_right(table, absolute) - 1
        span = span_at(line0, absolute - table[line0], source.line_offset, 0 if "\n" in needle else len(needle))
        return Location(source.path, span), absolute - low + len(needle)

    def locate_offset(self, path: tuple[Any, ...], offset: int) -> Location:
        """Where character `offset` of the one-line scalar at `path` is (quotes skipped)."""
        return at_offset(self.offset_origin(path), offset)

    def offset_origin(self, path: tuple[Any, ...]) -> tuple[Location, int | None]:
        """The scalar at `path`: where it is, and the column of its first character (after an
        opening quote) when it is written on one line of SKILL.md, else None (offsets into it are
        then placed at the whole value). Kept by a caller placing many offsets (`at_offset`)."""
        location = self.locate(path)
        span = location.span
        if span.end_line != span.line or location.path != self.path:
            return location, None
        quoted = self.line_text(span.line)[span.column - 1 : span.column] in ("'", '"')
        return location, span.column + quoted

    def locate_key(self, name: str) -> Location:
        return self.locate((name,), key=True)

    def _frontmatter_span(self) -> Span:
        return Span(1, 1, 1, 4)

    def _line_text_of(self, source: Source) -> Callable[[int], str]:
        """The text of a file line of `source`, for cutting a block value to its first line. Only
        SKILL.md's own lines are kept; a metadata.yaml line reads as empty, so a block value there
        spans no characters (`node_span` gives its start and the same end)."""
        return self.line_text if source.path == self.path else _no_text


def _no_text(line: int) -> str:
    return ""


def at_offset(origin: tuple[Location, int | None], offset: int) -> Location:
    """Where character `offset` of a scalar is, from its `Document.offset_origin`."""
    location, column = origin
    if column is None:
        return location
    return Location(location.path, Span(location.span.line, column + offset))


def line_starts(text: str) -> list[int]:
    """The offset of each line's first character in `text`: with `bisect`, an offset's line in O(log n)
    instead of counting the newlines before it (which made locating many tokens quadratic)."""
    starts = [0]
    starts.extend(accumulate(len(line) + 1 for line in text.split("\n")[:-1]))
    return starts


def relative_posix(path: Path | str, cwd: Path | str) -> str:
    """POSIX path relative to the working directory (`../x` when outside it).

    String slicing for the common case: this runs for every file a run reports on."""
    text, base = os.fspath(path), os.fspath(cwd)
    prefix = base.rstrip(os.sep) + os.sep
    if text.startswith(prefix):
        relative = text[len(prefix) :]
    elif text == base:
        relative = "."
    else:
        try:
            relative = os.path.relpath(text, base)
        except ValueError:  # another drive on Windows
            relative = text
    return relative.replace(os.sep, "/") if os.sep != "/" else relative


def read_text(path: Path, rel: str, max_bytes: int, problems: list[ReadFact],
              fs: FileSystemView | None = None) -> str | None:
    """Bytes to text, recording why not (unreadable, too large, binary, undecodable) and a BOM.
    Read through `fs` (whose limit is `max_bytes`) when given, so the bytes' digest is recorded."""
    try:
        data, size = fs.read(os.fspath(path), max_bytes) if fs is not None else read_bytes(path, max_bytes)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        message = f"{reason}; not read" if reason.endswith("not a regular file") else f"cannot read file: {reason}"
        problems.append(ReadFact(Fact.UNREADABLE, rel, Span(1, 1), message))
        return None
    if len(data) > max_bytes:
        problems.append(
            ReadFact(Fact.TOO_LARGE, rel, Span(1, 1),
                     f"file is {size:,} bytes, over the limit of {max_bytes:,}; not parsed")
        )
        return None
    nul = data.find(b"\0")
    if nul >= 0:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            problems.append(ReadFact(Fact.UTF16, rel, Span(1, 1), "file is UTF-16 encoded (byte-order mark); "
                                     "not parsed"))
            return None
        line, column = _byte_position(data, nul)
        problems.append(
            ReadFact(Fact.NUL_BYTE, rel, Span(line, column), f"binary file: NUL byte at offset {nul}; not parsed")
        )
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        problems.append(
            ReadFact(
                Fact.UNDECODABLE, rel, Span(line, column),
                f"invalid UTF-8 at byte offset {error.start} (byte 0x{data[error.start]:02x}); not parsed",
            )
        )
        return None
    if text.startswith("\ufeff"):
        problems.append(
            ReadFact(Fact.BOM, rel, Span(1, 1), "file starts with a UTF-8 byte-order mark",
                     JSON_BOM_ADVICE if rel.endswith(".json") else None)
        )
        text = text[1:]
    return text


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def load_document(file: Path, cwd: Path, *, max_bytes: int = DEFAULT_MAX_BYTES, digests: bool = True,
                  kind: str = SKILL, plugin: bool = False, overlay: Mapping[str, bytes] | None = None) -> Document:
    """Read and split one SKILL.md (or, by `kind`, a subagent or command file). Never raises for
    bad input: problems are recorded. `digests`: whether its file-system view records what it
    read as digests (for the result cache). A subagent or command needs no frontmatter (Claude
    Code treats an agent file without one as documentation, and a command's is optional), so
    only a skill records its absence, and only a skill merges a `metadata.yaml`. `overlay`: contents
    to read instead of some files' bytes on disk (`FileSystemView`)."""
    skill_dir = file.parent
    rel = relative_posix(file, cwd)
    doc = Document(path=rel, file=file, skill_dir=skill_dir,
                   fs=FileSystemView(max_bytes, digests=digests, overlay=overlay), kind=kind, plugin=plugin)
    doc.cwd = cwd
    if kind == SKILL and file.name != "SKILL.md":
        doc.problems.append(ReadFact(Fact.SKILL_MD_CASE, rel, Span(1, 1),
                                     f"skill file is named `{file.name}`; runtimes only load `SKILL.md`",
                                     f"rename it: git mv {file.name} SKILL.md"))
    text = read_text(file, rel, max_bytes, doc.problems, doc.fs)
    if text is None:
        return doc
    if "\r" in text:
        first_cr = text.find("\r\n")
        if first_cr >= 0:
            doc.had_crlf = True
            line = text.count("\n", 0, first_cr) + 1
            column = first_cr - (text.rfind("\n", 0, first_cr) + 1) + 1
            doc.problems.append(
                ReadFact(Fact.CRLF, rel, Span(line, column), "file uses CRLF line endings")
            )
            text = text.replace("\r\n", "\n")
    doc.text = text
    _split(doc, text)
    if doc.frontmatter is not None and kind == SKILL:
        _merge_metadata_yaml(doc, cwd, max_bytes)
    return doc


def _split(doc: Document, text: str) -> None:
    if not text.strip():
        if doc.kind == SKILL:
            doc.problems.append(
                ReadFact(Fact.EMPTY_FILE, doc.path, Span(1, 1), "file is empty: no frontmatter")
            )
        return
    first_newline = text.find("\n")
    first_line = text if first_newline < 0 else text[:first_newline]
    if first_line.rstrip() != "---":
        doc.body, doc.body_line = text, 1
        if doc.kind != SKILL:
            return
        doc.problems.append(
            ReadFact(
                Fact.NO_OPENING_FENCE, doc.path, Span.on_line(1, 1, len(first_line)),
                "no frontmatter: the first line is not `---`",
            )
        )
        return
    closing = _CLOSING.search(text, first_newline + 1) if first_newline >= 0 else None
    if closing is None:
        doc.problems.append(
            ReadFact(
                Fact.UNCLOSED_FRONTMATTER, doc.path, Span(1, 1, 1, 4),
                "frontmatter opened on line 1 is never closed with `---`",
            )
        )
        return
    fm_text = text[first_newline + 1 : closing.start()]
    closing_line = text.count("\n", 0, closing.start()) + 1
    doc.frontmatter_text = fm_text
    doc.frontmatter_line = 2
    body_start = closing.end() + 1
    doc.body = text[body_start:] if body_start <= len(text) else ""
    doc.body_line = closing_line + 1
    _parse_frontmatter(doc, fm_text, doc.path, line_offset=1)


def _parse_frontmatter(doc: Document, fm_text: str, path: str, line_offset: int) -> None:
    try:
        parsed = parse_yaml(fm_text)
    except YamlRefused as error:
        doc.problems.append(
            ReadFact(Fact.YAML_REFUSED, path, mark_span(error, line_offset), str(error))
        )
        return
    except yaml.MarkedYAMLError as error:
        doc.problems.append(_yaml_error_problem(error, fm_text, path, line_offset))
        return
    except yaml.YAMLError as error:  # pragma: no cover - libyaml always gives marks
        doc.problems.append(ReadFact(Fact.YAML_SYNTAX, path, span_at(0, 0, line_offset), f"invalid YAML: {error}"))
        return
    data = parsed.data
    if data is None:
        data = {}
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a scalar ({type(data).__name__})"
        doc.problems.append(
            ReadFact(Fact.NOT_A_MAPPING, path, span_at(0, 0, line_offset),
                     f"frontmatter is {kind}, not a mapping of keys to values")
        )
        return
    for fault in parsed.faults:
        doc.problems.append(ReadFact(Fact.YAML_TAG, path, region_span(fault, line_offset), fault.message))
    doc.frontmatter = {str(k) if not isinstance(k, str) else k: v for k, v in data.items()}
    doc.sources.append(Source(path, parsed.root, line_offset, fm_text))
    reported = {(fault.line, fault.column) for fault in parsed.faults}  # SL101 said it; SL102 need not
    doc.nonportable.extend(
        (path, item) for item in parsed.nonportable if item.feature != "tag" or (item.line, item.column) not in reported
    )


def _yaml_error_problem(error: yaml.MarkedYAMLError, fm_text: str, path: str, line_offset: int) -> ReadFact:
    """A YAML syntax error: the parser's problem and where the construct it was
    parsing began (`while parsing a flow sequence that starts at line 3, column 14: ...`),
    located at the problem, with what to write for the common causes.

    When the problem is the end of the text (an unclosed quote or bracket), the problem mark
    is past the frontmatter, on the closing `---`: the finding points at the quote or bracket
    left open instead, where the fix goes.
    """
    lines = fm_text.split("\n")
    mark = error.problem_mark or error.context_mark
    at_end = error.problem_mark is not None and not fm_text[error.problem_mark.index:].strip()
    if error.context_mark is not None and (at_end or "end of stream" in (error.problem or "")):
        mark = error.context_mark
    line0 = mark.line if mark else 0
    column0 = mark.column if mark else 0
    help_text = _yaml_error_help(error, lines, line_offset)
    colon = _colon_in_value(lines, line0)
    if colon is not None:
        (line0, column0), help_text = colon
    return ReadFact(
        Fact.YAML_SYNTAX, path, span_at(line0, column0, line_offset),
        f"invalid YAML: {_yaml_error_reason(error, lines, line_offset)}", help_text,
    )


def _yaml_error_reason(error: yaml.MarkedYAMLError, lines: list[str], line_offset: int) -> str:
    """`CONTEXT that starts at line L, column C: PROBLEM` in the file's own line numbers."""
    problem = error.problem or "not valid YAML"
    mark = error.problem_mark
    character = _char_at(lines, mark)
    if problem == "found character that cannot start any token" and character:
        problem = f"found character {_shown(character)} that cannot start any token"
    context, start = error.context, error.context_mark
    if not context:
        return problem
    if start is None or (mark is not None and (start.line, start.column) == (mark.line, mark.column)):
        return f"{context}, {problem}"
    return f"{context} that starts at {line_and_column(start, line_offset)}: {problem}"


def _colon_in_value(lines: list[str], line0: int) -> tuple[tuple[int, int], str] | None:
    """A `: ` inside a plain value (`description: Use when: ...`), at or just above `line0`
    (libyaml often reports the line after the culprit): where its colon is, and the help."""
    for candidate in (line0, line0 - 1):
        match = _KEY_WITH_COLON.match(lines[candidate]) if 0 <= candidate < len(lines) else None
        if match:
            key = match.group("key")
            line, colon = lines[candidate], match.start("colon")
            glued = _WORD_BEFORE.search(line, 0, colon)
            before = line[glued.start(1) - 1] if glued is not None and glued.start(1) > 0 else " "
            # a key glued to prose by punctuation (`...時使用。license:`), not the `n` of a written `\n`
            stuck = not before.isspace() and not before.isalnum() and before != "\\"
            if glued and (glued.group(1) in _FIELDS or stuck) and glued.group(1) != key:
                field = glued.group(1)
                help_text = (f"`{field}:` is written on the same line as `{key}`: start it on a line of its own "
                             "(quoting would swallow it into the value)")
                return (candidate, glued.start(1)), help_text
            value = line[match.end("key") + 1 :].strip()
            if '"' in value:
                help_text = f"the value of `{key}` contains `: `; write it as a folded block: `{key}: >-` " \
                            "and the text indented on the next line"
            else:
                help_text = f"the value of `{key}` contains `: `; quote the whole value: {key}: \"...\""
            return (candidate, colon), help_text
    return None


_WORD_BEFORE = lazyre.compile(r"([A-Za-z][\w-]*)$")
_FIELDS = frozenset({
    "name", "description", "license", "compatibility", "metadata", "allowed-tools", "version", "author",
    "tags", "argument-hint", "when_to_use", "model", "context", "agent", "user-invocable",
    "disable-model-invocation", "disallowed-tools", "hooks", "paths", "shell", "effort", "requires",
})
"""Frontmatter keys some runtime reads: one of them right before a `: ` in a value is a key that
lost its line break (`...時使用。license: MIT`), not prose."""


def _yaml_error_help(error: yaml.MarkedYAMLError, lines: list[str], line_offset: int) -> str | None:
    """What to write for the common causes of a YAML syntax error, None for the others."""
    context, problem = error.context or "", error.problem or ""
    start, mark = error.context_mark, error.problem_mark
    opened = _char_at(lines, start)
    where = f"line {mark_span(start, line_offset).line}" if start is not None else "above"
    if "quoted scalar" in context and "end of stream" in problem and opened in ("\"", "'"):
        inside = '\\"' if opened == '"' else "''"
        return (f"close the quote opened on {where} with `{opened}` (write `{inside}` for a quote inside "
                "the value), or remove the opening one")
    if "flow sequence" in context or "flow mapping" in context:
        closer = "]" if "sequence" in context else "}"
        return (f"close the `{opened}` opened on {where} with `{closer}` and separate its items with `, `; "
                "if the brackets are text, quote the whole value")
    if "tab" in problem or _char_at(lines, mark) == "\t":
        return "indent with spaces: YAML does not allow tabs in indentation"
    key, value = _key_value(lines, mark)
    if "expected key" in problem and value[:1] in ("\"", "'", "[", "{"):
        return (f"a value that starts with `{value[0]}` ends where it closes, so the text after it is not YAML; "
                f"quote the whole value: {key}: {_requoted(value)}")
    if problem.endswith("cannot start any token") and value[:1] in ("@", "`", "%") and key:
        return (f"a plain YAML value cannot start with {_shown(value[0])}; "
                f"quote the whole value: {key}: {_requoted(value)}")
    return None


def _shown(character: str) -> str:
    """A character as the parser's messages quote it: '@', '\\t'."""
    return "'\\t'" if character == "\t" else f"'{character}'"


def _char_at(lines: list[str], mark: Any) -> str:
    """The character at a parser mark, '' past the end."""
    if mark is None or not 0 <= mark.line < len(lines):
        return ""
    line: str = lines[mark.line]
    return line[mark.column : mark.column + 1]


def _key_value(lines: list[str], mark: Any) -> tuple[str, str]:
    """The key and the value of the `key: value` line holding a parser mark, ('', '') if none."""
    if mark is None or not 0 <= mark.line < len(lines):
        return "", ""
    match = re.match(r"\s*(?:- )?(?P<key>[^:#\s][^:#]*):\s+(?P<value>\S.*?)\s*$", lines[mark.line])
    return (match.group("key"), match.group("value")) if match else ("", "")


def _requoted(value: str) -> str:
    """`value` as a double-quoted YAML string, cut when long: what the help tells to write."""
    shown = value if len(value) <= 40 else value[:37] + "..."
    return '"' + shown.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _merge_metadata_yaml(doc: Document, cwd: Path, max_bytes: int) -> None:
    """A `metadata.yaml` beside SKILL.md merges under the frontmatter (its keys lose)."""
    meta = doc.skill_dir / "metadata.yaml"
    if not doc.fs.lexists(os.fspath(meta)):
        return
    rel = relative_posix(meta, cwd)
    problems: list[ReadFact] = []
    text = read_text(meta, rel, max_bytes, problems, doc.fs)
    if text is None:
        doc.problems.extend(problems)
        return
    text = text.replace("\r\n", "\n")
    extra = Document(path=rel, file=meta, skill_dir=doc.skill_dir)
    _parse_frontmatter(extra, text, rel, line_offset=0)
    doc.problems.extend(extra.problems)
    if extra.frontmatter is None:
        return
    if not extra.frontmatter:
        return
    doc.sources.append(extra.sources[0])
    index = len(doc.sources) - 1
    assert doc.frontmatter is not None
    for key, value in extra.frontmatter.items():
        if key not in doc.frontmatter:
            doc.frontmatter[key] = value
            doc.key_source[key] = index
    # no runtime's strict parser reads metadata.yaml: only what is wrong in any YAML (a duplicate key) counts
    doc.nonportable.extend((path, item) for path, item in extra.nonportable if item.feature == "duplicate-key")
