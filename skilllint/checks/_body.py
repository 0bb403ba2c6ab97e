"""Tool references in the instructions (DESIGN "Resolution", last paragraph).

A backtick span outside fenced code is a tool reference when it names a tool of some known
runtime (the vocabulary) and either the name is distinctive (`read_file`, `WebFetch`, and the
capitalised `Bash`, `Grep`, `Glob`) or its context says it is a tool ("the `fetch` tool", "call
`search`"). A single word is an ordinary word, a shell command or a class name far more often
than a tool: lowercase ones (`fetch`, `grep`, `task`) need "tool"/"call"/"invoke" next to them;
capitalised ones (`Read`, `Agent`) may also follow "use"/"with"/"via". Not references, whatever
the name: permission rules with a specifier (`Bash(git:*)` documents allowed-tools syntax), table
cells (API and runtime comparison tables) unless the column is headed "Tool", a runtime's tool on
a line naming that runtime ("Gemini CLI uses `web_fetch`"), spans an earlier word of their
sentence gives as examples ("e.g.", "such as", "like") or in a sentence that only supposes
("would", "could", "might"), prohibitions ("do not use `Bash`", "never call `Bash`", "instead of
`read_file`", the items of a list led by "Never do:"), and spans followed by "function",
"method", "class"... Names outside the vocabulary are never references: an MCP server's
`create_issue` is not ours to judge. Precision first: a linter that cries wolf gets switched off.

Which runtimes a skill documents, so that their tool names are not instructions for another target,
is `_about.py`'s question: where the skill is kept never decides it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Final

from skilllint.checks._tools import DEFINITION_TOOL_FIELDS, field_entries
from skilllint.core import lazyre
from skilllint.core.model import Span
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord, Record
from skilllint.core.suggest import is_close_to_any
from skilllint.reading.document import Document
from skilllint.runtimes.resolve import Resolution, resolve, vocabulary
from skilllint.runtimes.targets import Target, builtin_targets
from skilllint.runtimes.toolspec import parse_tool_entry

# A tool name in prose, possibly written as a call: `read_file()`. The trailing `()` is call syntax,
# stripped with `removesuffix`, not a permission rule's empty specifier: `toolspec.parse_tool_entry`
# reads `Tool(specifier)` entries, and a span with a specifier is never a reference (module doc).
# Kept inline: this runs on every code span of every body.
_IDENTIFIER = lazyre.compile(r"^[A-Za-z_][A-Za-z0-9_.:/-]*(?:\(\))?$")
_SINGLE_WORD = lazyre.compile(r"^[A-Za-z][a-z]*$")
# capitalised tool names that are no English word: in backticks, the tool
_DISTINCTIVE_WORDS = frozenset({"Bash", "Grep", "Glob"})
# lowercase names of a shell: "run `bash`", "use `powershell` to ..." ask for the shell tool, as "use `Read`"
# asks for Read; other lowercase words (`grep`, `fetch`, `list`) are commands or words more often than tools
_SHELL_WORDS = frozenset({"bash", "powershell"})
_BEFORE_SHELL = lazyre.compile(r"\b(?:use|uses|using|run|runs|running)\s*(?:the\s+)?$", re.I)
_AFTER_TOOL = lazyre.compile(r"^\s*(?:tool|tools)\b", re.I)
_AFTER_LIST_TOOLS = lazyre.compile(r"^\s*(?:,\s*`[^`]+`\s*)*(?:,?\s*(?:and|or)\s*`[^`]+`\s*)?tools?\b", re.I)
_BEFORE_STRONG = lazyre.compile(r"\b(?:tool|tools|call|calls|calling|invoke|invokes|invoking)\s*(?:the\s+)?$", re.I)
_BEFORE_WEAK = lazyre.compile(r"\b(?:use|uses|using|with|via|run|runs)\s*(?:the\s+)?$", re.I)
_AFTER_NOT_TOOL = lazyre.compile(
    r"^\s*(?:functions?|methods?|class(?:es)?|fields?|parameters?|arguments?|propert(?:y|ies)|keys?|options?|"
    r"flags?|types?|objects?|modules?|packages?|variables?|events?|commands?|scripts?|syntax|language|helpers?|"
    r"code|blocks?|snippets?|fences?|one-liners?|binary|executable|interpreter|shebang)\b",
    re.I,
)
# the sentence calls the span something other than a tool ("the helper `read_file()`", "the function `edit`"),
# defines it ("the capability is the built-in `Artifact` tool") or narrates a past call ("The teammate called
# `ExitPlanMode` without the request context"): none tells the model to call it
_BEFORE_NOT_TOOL = lazyre.compile(
    r"\b(?:functions?|methods?|helpers?|class(?:es)?|variables?|fields?|parameters?|arguments?|propert(?:y|ies)|"
    r"keys?|modules?|packages?|files?|events?|endpoints?|routes?|columns?|attributes?)\s*(?:named\s+|called\s+)?$"
    r"|\b(?:is|are|was|were)\s+(?:the\s+|an?\s+)?(?:built-?in\s+|native\s+)?$"
    r"|\b(?:teammate|agent|subagent|model|assistant|it|they|he|she|Claude)\s+(?:called|used|invoked|ran)\s+"
    r"(?:the\s+)?$",
    re.I,
)
# an MCP server's tool, named as such ("the Codex MCP server's `exec_command`", "`exec_command` MCP tool"): the
# server's, not the runtime's, and not ours to judge (renaming it to the runtime's shell would break the skill)
_MCP_BEFORE = lazyre.compile(r"\bMCP\b[^.;:`]{0,40}$")
_MCP_AFTER = lazyre.compile(r"^\s*(?:\(?\s*)?(?:MCP\b|from\s+(?:the\s+)?\S+\s+MCP\b|of\s+(?:the\s+)?\S+\s+MCP\b)")
# a sentence about what the tool cannot do ("`WebFetch` cannot read authenticated pages", "`Read` is limited
# to 2000 lines"): the span is the subject of a statement, not something to call
_AFTER_LIMITS = lazyre.compile(
    r"^\s*(?:tool\s+)?(?:cannot|can't|can\s+not|does\s+not|doesn't|won't|will\s+not|is\s+limited|has\s+(?:a\s+)?limit"
    r"|only\s+(?:works|reads|returns|supports|sees)|fails|truncates|is\s+not\s+able|isn't\s+able|is\s+unable)\b",
    re.I,
)
# words giving what follows as examples, and modal verbs making the whole sentence a supposition
_MARKER = r"(?:\b(?:e\.g\.|eg\.)(?!\w)|\b(?:for example|for instance|such as|like)\b)"
_SPAN_LIST = r"`[^`]*`(?:\s*(?:,|/|\bor\b|\band\b)\s*(?:(?:or|and)\s+)?`[^`]*`)*"
# an example marker and the list of spans it gives, at most three words on ("such as `a`, `b` or `c`", "e.g. a
# tool named `X`"); a span after the list is not an example ("files such as `a.yaml` with `read_file`")
_EXAMPLE_LIST = lazyre.compile(_MARKER + r"[,:]?\s+(?:[^\s`]+\s+){0,3}?" + _SPAN_LIST, re.I)
_EXAMPLE_BEFORE = lazyre.compile(_MARKER + r"[,:]?\s+(?:[^\s`]+\s+){0,3}?(?:`[^`]*`\s*(?:,|/|\bor\b|\band\b)\s*"
                                 r"(?:(?:or|and)\s+)?)*$", re.I)
# ... and conditions on a tool being there ("If access to artifacts is available:", "if you have access to
# `create_file`"): a runtime without the tool skips the instruction
_SUPPOSITION = lazyre.compile(r"\b(?:would(?!\s+(?:like|prefer|rather)\b)|could|might"
                              r"|(?:if|when)(?=[^.!?\n]{0,80}?\b(?:is|are)\s+available\b)|if\s+you\s+have\s+access\s+to)\b",
                              re.I)
# the same condition as the lead-in of a sentence begun on a line above, whose "If" may be cut off the kept context
_AVAILABLE_BEFORE = lazyre.compile(r"\b(?:is|are)\s+available\b|\bhave\s+access\s+to\b", re.I)
# a sentence's end, not an abbreviation's dot ("e.g. `x`")
_SENTENCE_END = lazyre.compile(r"(?<!e\.g)(?<!i\.e)(?<!etc)(?<!\bvs)(?<!\beg)[.!?](?=\s|$)", re.I)
# clause ends inside `before`: a prohibition governs its own clause only ("Don't guess; use `read_file`")
_CLAUSE_END = lazyre.compile(r"[.;!?](?:\s|$)|:\s|\s[—–]\s|\s--\s|,\s+(?:then|and then|but|and)\s")
# a prohibition whose object is the span, possibly after earlier spans of a list ("never use `Bash` or `Edit`")
_NEGATED = lazyre.compile(
    r"(?:\b(?:do\s+not|don't|dont|never|avoid|must\s+not|mustn't|should\s+not|shouldn't|cannot|can't|"
    r"not)\b(?:\s+(?:ever|directly|just|also|again|yet))?"
    r"(?:\s+(?:use|using|call|calling|invoke|invoking|run|running|rely\s+on|fall\s+back\s+to|reach\s+for|touch|"
    r"need|have|has|support|supports|provide|provides|offer|offers|expose|exposes|include|includes))?"
    r"|\b(?:instead\s+of|rather\s+than|in\s+place\s+of|avoid|avoiding)\b(?:\s+(?:using|calling|running))?"
    r"|\bwithout\b(?:\s+(?:using|calling|running))?)"
    r"(?:\s+(?:the|a|an|any|native|built-in|builtin|your|its|their|raw|plain))*\s*"
    r"(?:`[^`]*`(?:\s+tools?)?\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*(?:(?:or|and|nor)\s+)?)*$",
    re.I,
)
_DOUBLE_NEGATIVE = lazyre.compile(r"\b(?:not|never|cannot|can't|won't|doesn't|don't|no)\b", re.I)
# a list's lead-in that forbids what its items say ("**NEVER do:**", "### Don't", "Anti-patterns:")
_NEGATIVE_LEAD = lazyre.compile(
    r"^\W*(?:never|don't|do\s+not|avoid|must\s+not|anti-?patterns?|what\s+not\s+to\s+do|forbidden|prohibited)\b"
    r"[^:]{0,40}:[\s*_]*$"
    r"|^\s*#{1,6}\s+.*\b(?:don'?ts?|do\s+not|never|anti-?patterns?|what\s+not\s+to\s+do|forbidden|prohibited)\b",
    re.I,
)
_LIST_ITEM = lazyre.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+")
_TOOL_HEADER = lazyre.compile(r"^tools?(?:\s+names?)?$", re.I)
# Runtimes named on a line make their own tools on it about them ("Gemini CLI uses `web_fetch`"), not an
# instruction for this target. Display names that are ordinary English words (Continue, Amp, Crush)
# are left out; Copilot Studio is not GitHub Copilot.
_RUNTIME_NAMES = lazyre.compile(
    r"\b(?:Claude Code|Cline|Roo(?: Code)?|Kilo(?: Code)?|Cursor|Windsurf|Codex|Copilot(?! Studio)|Gemini(?: CLI)?|"
    r"OpenCode|OpenClaw|Goose|Kiro|Qwen(?: Code)?|SISU|Sisu)\b"
)
_RUNTIME_IDS = {
    "claude code": "claude-code", "cline": "cline", "roo": "roo-code", "roo code": "roo-code", "kilo": "kilo-code",
    "kilo code": "kilo-code", "cursor": "cursor", "windsurf": "windsurf", "codex": "codex", "copilot": "copilot",
    "gemini": "gemini-cli", "gemini cli": "gemini-cli", "opencode": "opencode", "openclaw": "openclaw",
    "goose": "goose", "kiro": "kiro", "qwen": "qwen-code", "qwen code": "qwen-code", "sisu": "sisu",
}


class BodyReference(FrozenRecord):
    __slots__ = ("text", "location", "resolution")
    text: Final[str]
    location: Final[Location]
    resolution: Final[Resolution]

    def __init__(self, text: str, location: Location, resolution: Resolution) -> None:
        self.text = text
        self.location = location
        self.resolution = resolution


_STRONG_ENDINGS = ("tool", "tools", "call", "calls", "calling", "invoke", "invokes", "invoking", "the")


class BodyMemo(Record):
    """The body's tool references, kept on the document (`Document.derived`)."""

    __slots__ = ("tool_spans", "body_refs")
    # the body's tool-like code spans (_body.candidate_spans) and their resolution by target id
    tool_spans: list[tuple[str, Location]] | None
    body_refs: dict[str, list[BodyReference]]

    def __init__(self) -> None:
        self.tool_spans = None
        self.body_refs = {}


def has_tool_context(before: str, after: str, *, weak: bool = False) -> bool:
    """"the `X` tool", "`X` and `Y` tools", "call `X`", "invoke the `X`", "tool `X`";
    with `weak`, also "use `X`", "via `X`", "with `X`"."""
    if _AFTER_NOT_TOOL.match(after) or _BEFORE_NOT_TOOL.search(before[-40:]):
        return False
    if _AFTER_TOOL.match(after) or _AFTER_LIST_TOOLS.match(after) or _BEFORE_STRONG.search(before):
        return True
    return weak and bool(_BEFORE_WEAK.search(before))


def prohibited(before: str) -> bool:
    """Whether the span `before` leads to is what a prohibition forbids: "Do not use native `X`", "never call
    `X`", "avoid `X`", "instead of `X`", "use `Y`, not `X`", "without `X`" (but "cannot work without `X`"
    needs it). Only the span's own clause counts: "Don't guess; use `X`" is an instruction."""
    ends = [m.end() for m in _CLAUSE_END.finditer(before)]
    clause = before[ends[-1]:] if ends else before
    found = _NEGATED.search(clause)
    if found is None:
        return False
    if found.group(0).lower().lstrip().startswith("without"):
        return not _DOUBLE_NEGATIVE.search(clause[:found.start()])
    return True


class LineFacts(FrozenRecord):
    """What the judgement reads from a span's whole line, searched once per line: a line is unbounded,
    and one holding thousands of spans (a 70 KB line of `read_file` `read_file` ...) took minutes when
    each span searched it again."""

    __slots__ = ("table_row", "runtimes", "examples", "sentence_ends", "supposes")
    table_row: Final[bool]
    runtimes: Final[frozenset[str]]  # ids of the runtimes the line names
    examples: Final[tuple[tuple[int, int], ...]]  # (start, end) of the span lists example markers give
    sentence_ends: Final[tuple[int, ...]]  # where sentences end
    supposes: Final[tuple[int, ...]]  # where modal verbs start

    def __init__(self, table_row: bool, runtimes: frozenset[str], examples: tuple[tuple[int, int], ...],
                 sentence_ends: tuple[int, ...], supposes: tuple[int, ...]) -> None:
        self.table_row = table_row
        self.runtimes = runtimes
        self.examples = examples
        self.sentence_ends = sentence_ends
        self.supposes = supposes


def line_facts(line: str) -> LineFacts:
    runtimes = frozenset(_RUNTIME_IDS[m.group(0).lower()] for m in _RUNTIME_NAMES.finditer(line))
    return LineFacts(line.lstrip().startswith("|"), runtimes,
                     tuple(m.span() for m in _EXAMPLE_LIST.finditer(line)),
                     tuple(m.end() for m in _SENTENCE_END.finditer(line)),
                     tuple(m.start() for m in _SUPPOSITION.finditer(line)))


def _in_example(facts: LineFacts, column: int, before: str) -> bool:
    """Whether the span at `column` (0-based) is in a list of spans an example marker gives (on its line or,
    when the sentence began on a line above, in `before`), or in a sentence that only supposes (a modal verb
    anywhere in it)."""
    lists = facts.examples
    if lists:
        i = bisect_left(lists, (column, -1)) - 1  # the last list starting before the span
        if i >= 0 and column < lists[i][1]:
            return True
    ends = facts.sentence_ends
    i = bisect_left(ends, column + 1)
    start = ends[i - 1] if i else 0
    stop = ends[i] if i < len(ends) else 1 << 62
    if _any_in(facts.supposes, start, stop):
        return True
    if i == 0:  # the sentence may have begun on a line above
        found = [m.end() for m in _SENTENCE_END.finditer(before)]
        tail = before[found[-1]:] if found else before
        return bool(_EXAMPLE_BEFORE.search(tail.rstrip("`")) or _SUPPOSITION.search(tail)
                    or _AVAILABLE_BEFORE.search(tail))
    return False


def _any_in(positions: tuple[int, ...], low: int, high: int) -> bool:
    i = bisect_left(positions, low)
    return i < len(positions) and positions[i] < high


def is_tool_reference(text: str, before: str, after: str, line: str = "", column: int | None = None) -> bool:
    """Whether a backtick span is an instruction to use a known runtime's tool (see module doc). `column`
    is where the span's text starts on `line` (0-based; found on the line when not given)."""
    if column is None:
        found = line.find(f"`{text}`")
        column = found + 1 if found >= 0 else len(line)
    return _judge(text, before, after, lambda: line_facts(line), column)


def _judge(text: str, before: str, after: str, facts: Callable[[], LineFacts], column: int,
           tool_cell: Callable[[], bool] | None = None, declared: frozenset[str] = frozenset()) -> bool:
    """`is_tool_reference`, with the line's facts asked for only when the span's own text and context leave
    the question open (most spans are decided first). `declared`: names the skill lists as its tools, known
    to be tools whatever runtime has them."""
    name = text.removesuffix("()")
    runtimes = vocabulary().get(name)
    if runtimes is None and name not in declared:
        # "the `Bassh` tool": a typo of a known tool, when the context says it is a tool
        return has_tool_context(before, after) and _near_a_tool(name) and not prohibited(before)
    if _AFTER_NOT_TOOL.match(after) or _BEFORE_NOT_TOOL.search(before[-40:]) or prohibited(before):
        return False
    if _AFTER_LIMITS.match(after) or "MCP" in before[-60:] and _MCP_BEFORE.search(before[-60:]) \
            or "MCP" in after[:40] and _MCP_AFTER.match(after[:40]):
        return False
    line = facts()
    if line.table_row and not has_tool_context(before, after) and not (tool_cell is not None and tool_cell()):
        return False  # a table cell: reference material (API tables, runtime comparisons)
    if runtimes and line.runtimes and any(runtime in line.runtimes for runtime, _ in runtimes):
        return False  # the line is about that runtime's tool
    if _in_example(line, column, before):
        return False
    if _SINGLE_WORD.match(name) and name not in _DISTINCTIVE_WORDS:
        if name in _SHELL_WORDS and _BEFORE_SHELL.search(before[-40:]) and not _AFTER_NOT_TOOL.match(after):
            return True
        return has_tool_context(before, after, weak=name[0].isupper()) or bool(tool_cell is not None and tool_cell())
    return True


@lru_cache(maxsize=4096)
def _near_a_tool(name: str) -> bool:
    if len(name) < 4 or _SINGLE_WORD.match(name) and name.islower():
        return False
    return is_close_to_any(name, _names_of_length_near(len(name)), cutoff=88)


@lru_cache(maxsize=256)
def _names_of_length_near(length: int) -> list[str]:
    """The vocabulary's names that can score 88 against a name of `length`: `fuzz.ratio` is at most
    200 * min(lengths) / (sum of lengths), so the others need no scoring (a body of 40,000 distinct
    near-names took a second, each scored against every name)."""
    return [name for name in vocabulary() if 25 * min(length, len(name)) >= 11 * (length + len(name))]


@lru_cache(maxsize=1)
def _vocabulary_sets() -> tuple[frozenset[str], frozenset[str]]:
    """The vocabulary's names and their two-letter lowercase prefixes, as plain sets."""
    names = frozenset(vocabulary())
    return names, frozenset(name[:2].lower() for name in names)


class _Lines:
    """What a document's lines say, each line worked out once however many spans it holds: `line_facts`,
    whether a list item's lead-in forbids it, and the header cell above a table cell."""

    __slots__ = ("doc", "known", "lead_in", "table_top", "cells")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.known: dict[int, LineFacts] = {}
        self.lead_in: dict[int, bool] = {}  # list line -> its list's lead-in forbids what the items say
        self.table_top: dict[int, int] = {}  # table row -> the table's first line
        self.cells: dict[int, tuple[list[tuple[int, int]], list[int]]] = {}  # row -> its cells, their starts

    def __call__(self, line: int) -> LineFacts:
        found = self.known.get(line)
        if found is None:
            found = self.known[line] = line_facts(self.doc.line_text(line))
        return found

    def forbidden_item(self, line: int, column: int) -> bool:
        """Whether the span at `column` (0-based) of `line` is in the first clause of a list item whose list is
        led by a prohibition ("**NEVER do:**" then "- Use `Write` on CHANGELOG.md")."""
        text = self.doc.line_text(line)
        marker = _LIST_ITEM.match(text)
        if marker is None or _CLAUSE_END.search(text, marker.end(), column):
            return False
        return self._negative_lead_in(line)

    def _negative_lead_in(self, line: int) -> bool:
        """Walk up over the list's items, their continuation lines and blank lines to its lead-in (each line
        worked out once: the lines walked over get the answer too)."""
        walked: list[int] = []
        answer = False
        current = line
        while current >= self.doc.body_line:
            if current in self.lead_in:
                answer = self.lead_in[current]
                break
            text = self.doc.line_text(current)
            if self.doc.in_fence(current) or not text.strip() or _LIST_ITEM.match(text) or (
                    text[:1] in (" ", "\t") and current != line):
                walked.append(current)
                current -= 1
                continue
            answer = bool(_NEGATIVE_LEAD.search(text))
            break
        for seen in walked:
            self.lead_in[seen] = answer
        return answer

    def tool_cell(self, line: int, column: int, text: str) -> bool:
        """Whether the span (`text` at `column`, 0-based) is the whole cell of a table column headed
        "Tool" ("| Tool | Purpose |" ... "| `read_file` | reads a file |")."""
        row = self.doc.line_text(line)
        cells, starts = self._cells(line)
        index = bisect_left(starts, column + 1) - 1
        if index < 0 or column >= cells[index][1]:
            return False
        start, end = cells[index]
        if row[start:end].strip() not in (f"`{text}`", f"``{text}``"):
            return False
        top = self._table_top(line)
        if top == line:
            return False
        header = self.doc.line_text(top)
        header_cells = self._cells(top)[0]
        if index >= len(header_cells):
            return False
        title = header[header_cells[index][0]:header_cells[index][1]].strip().strip("*_`").strip()
        return bool(_TOOL_HEADER.match(title))

    def _cells(self, line: int) -> tuple[list[tuple[int, int]], list[int]]:
        found = self.cells.get(line)
        if found is None:
            cells = _cells(self.doc.line_text(line))
            found = self.cells[line] = cells, [start for start, _ in cells]
        return found

    def _table_top(self, line: int) -> int:
        walked: list[int] = []
        current = line
        while True:
            if current in self.table_top:
                top = self.table_top[current]
                break
            walked.append(current)
            above = current - 1
            if above < self.doc.body_line or not self.doc.line_text(above).lstrip().startswith("|"):
                top = current
                break
            current = above
        for seen in walked:
            self.table_top[seen] = top
        return top


def _cells(row: str) -> list[tuple[int, int]]:
    """The (start, end) of each cell of a table row, splitting at pipes outside code spans and not escaped."""
    cells: list[tuple[int, int]] = []
    position = row.find("|")
    if position < 0:
        return cells
    start, ticks, size = position + 1, 0, len(row)
    position += 1
    while position < size:
        char = row[position]
        if char == "\\":
            position += 2
            continue
        if char == "`":
            run = position
            while position < size and row[position] == "`":
                position += 1
            width = position - run
            ticks = 0 if ticks == width else (width if ticks == 0 else ticks)
            continue
        if char == "|" and not ticks:
            cells.append((start, position))
            start = position + 1
        position += 1
    if row[start:].strip():
        cells.append((start, size))
    return cells


def candidate_spans(doc: Document) -> list[tuple[str, Location]]:
    """Code spans of the body that are tool references, with their positions (cached)."""
    cached = doc.derived(BodyMemo).tool_spans
    if cached is None:
        cached = []
        if doc.body and "`" in doc.body:
            vocabulary_names, prefixes = _vocabulary_sets()
            declared = declared_names(doc)
            known = vocabulary_names | declared if declared else vocabulary_names
            identifier = _IDENTIFIER.match
            lines = _Lines(doc)
            for span in doc.markdown.code_spans:
                text = span.text
                # the common case is decided from the span's text alone, inline (this loop sees
                # every code span of every body): a known name, or a possible misspelling of one
                # (`Bassh`) whose context and closeness are judged afterwards
                if not (text in known or (text[-2:] == "()" and text[:-2] in known) or (
                        3 < len(text) < 65 and text[:2].lower() in prefixes and identifier(text))):
                    continue
                text = text.strip()
                if len(text) > 200 or not _IDENTIFIER.match(text):
                    continue
                if text.removesuffix("()") not in known:  # a possible misspelling: context first
                    after = span.after
                    if "tool" not in after[:8].lower() and not span.before.rstrip().lower().endswith(
                            _STRONG_ENDINGS):
                        continue
                column = span.column - 1
                cell = partial(lines.tool_cell, span.line, column, span.text)
                if _judge(text, span.before, span.after, partial(lines, span.line), column, cell, declared) \
                        and not lines.forbidden_item(span.line, column):
                    location = Location(doc.path, Span(span.line, span.column, span.end_line, span.end_column))
                    cached.append((text, location))
        doc.derived(BodyMemo).tool_spans = cached
    return cached


def declared_names(doc: Document) -> frozenset[str]:
    """The tool names the document lists in the fields any runtime reads as tool lists (`allowed-tools`,
    SISU's `requires`, a subagent's `tools`...), without specifiers: a name the skill itself calls a tool is
    surely one, wherever it comes from (an application's `deployStaging`)."""
    names: set[str] = set()
    if doc.frontmatter:
        for field in _declaring_fields(doc.kind):
            if field in doc.frontmatter:
                for entry, _ in field_entries(doc, field):
                    if entry.problem is None and entry.text:
                        name = parse_tool_entry(entry.text).name
                        if name and _IDENTIFIER.match(name):
                            names.add(name)
    return frozenset(names)


@lru_cache(maxsize=16)
def _declaring_fields(kind: str) -> tuple[str, ...]:
    """The fields of a document of `kind` that some built-in runtime reads as a tool list."""
    if kind in DEFINITION_TOOL_FIELDS:
        return DEFINITION_TOOL_FIELDS[kind]
    fields = {"allowed-tools"}
    for target in builtin_targets().values():
        fields.update(target.tool_fields)
    return tuple(sorted(fields))


def body_references(doc: Document, target: Target) -> list[BodyReference]:
    """The body's tool references, resolved on `target` (cached per target)."""
    cache = doc.derived(BodyMemo).body_refs
    key = target.id
    if key not in cache:
        cache[key] = [BodyReference(text, loc, resolve(text, target)) for text, loc in candidate_spans(doc)]
    return cache[key]


def surely_a_tool(doc: Document, name: str) -> bool:
    """Whether `name` is a tool whatever the sentence around it: a tool or alias of a known runtime, or a
    name the skill lists as one of its tools. Otherwise only its shape and context suggested a tool
    (`Bassh`): SL320 says so as a warning, and coverage does not count it as failing the skill."""
    return name in vocabulary() or name in declared_names(doc)


def asked_for(doc: Document, target: Target, name: str) -> bool:
    """Whether the instructions name `name` as a tool (a body reference resolving to that name)."""
    return any(reference.resolution.name == name for reference in body_references(doc, target))
