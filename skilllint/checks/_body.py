"""Tool references in the instructions (DESIGN "Resolution", last paragraph).

A backtick span outside fenced code is a tool reference when it names a tool of some known
runtime (the vocabulary) and either the name is distinctive (`read_file`, `WebFetch`) or its
context says it is a tool ("the `fetch` tool", "call `search`"). A single word is an
ordinary word, a shell command or a class name far more often than a tool: lowercase ones
(`fetch`, `grep`, `task`) need "tool"/"call"/"invoke" next to them; capitalised ones
(`Read`, `Agent`) may also follow "use"/"with"/"via". Not references, whatever the name:
permission rules with a specifier (`Bash(git:*)` documents allowed-tools syntax), table
cells (API and runtime comparison tables), lines naming another runtime ("Gemini CLI uses
`web_fetch`"), lines giving examples ("e.g.", "such as", "might"), and spans followed by
"function", "method", "class"... Names outside the vocabulary are never references: an MCP
server's `create_issue` is not ours to judge. Precision first: a linter that cries wolf
gets switched off.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

from skilllint.document import Document, Location
from skilllint.model import Span
from skilllint.resolve import Resolution, resolve, vocabulary
from skilllint.targets import Target

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_.:/-]*(?:\(\))?$")
_SINGLE_WORD = re.compile(r"^[A-Za-z][a-z]*$")
_AFTER_TOOL = re.compile(r"^\s*(?:tool|tools)\b", re.I)
_AFTER_LIST_TOOLS = re.compile(r"^\s*(?:,\s*`[^`]+`\s*)*(?:,?\s*(?:and|or)\s*`[^`]+`\s*)?tools?\b", re.I)
_BEFORE_STRONG = re.compile(r"\b(?:tool|tools|call|calls|calling|invoke|invokes|invoking)\s*(?:the\s+)?$", re.I)
_BEFORE_WEAK = re.compile(r"\b(?:use|uses|using|with|via|run|runs)\s*(?:the\s+)?$", re.I)
_AFTER_NOT_TOOL = re.compile(
    r"^\s*(?:functions?|methods?|class(?:es)?|fields?|parameters?|arguments?|propert(?:y|ies)|keys?|options?|"
    r"flags?|types?|objects?|modules?|packages?|variables?|events?|commands?)\b",
    re.I,
)
_HYPOTHETICAL = re.compile(r"\b(?:e\.g\.|eg\.|for example|for instance|such as|like|would|could|might)\b", re.I)
# Other runtimes named on the line make the line about them ("Gemini CLI uses `web_fetch`"), not an
# instruction for this target. Display names that are ordinary English words (Continue, Amp,
# Crush) are left out.
_RUNTIME_NAMES = re.compile(
    r"\b(?:Claude Code|Cline|Roo(?: Code)?|Kilo(?: Code)?|Cursor|Windsurf|Codex|Copilot|Gemini(?: CLI)?|"
    r"OpenCode|OpenClaw|Goose|Kiro|Qwen(?: Code)?|SISU|Sisu)\b"
)


@dataclass(frozen=True, slots=True)
class BodyReference:
    text: str
    location: Location
    resolution: Resolution


_STRONG_ENDINGS = ("tool", "tools", "call", "calls", "calling", "invoke", "invokes", "invoking", "the")


def has_tool_context(before: str, after: str, *, weak: bool = False) -> bool:
    """"the `X` tool", "`X` and `Y` tools", "call `X`", "invoke the `X`", "tool `X`";
    with `weak`, also "use `X`", "via `X`", "with `X`"."""
    if _AFTER_NOT_TOOL.match(after):
        return False
    if _AFTER_TOOL.match(after) or _AFTER_LIST_TOOLS.match(after) or _BEFORE_STRONG.search(before):
        return True
    return weak and bool(_BEFORE_WEAK.search(before))


def is_tool_reference(text: str, before: str, after: str, line: str = "") -> bool:
    """Whether a backtick span is an instruction to use a known runtime's tool (see module doc)."""
    return _judge(text, before, after, lambda: line_facts(line))


def line_facts(line: str) -> tuple[bool, bool]:
    """(a table row, about another runtime or an example): what the judgement reads from a span's whole line.

    Searched once per line, not once per span: a line is unbounded, and one holding thousands of spans
    (a 70 KB line of `read_file` `read_file` ...) took minutes when each span searched it again."""
    return line.lstrip().startswith("|"), bool(_RUNTIME_NAMES.search(line) or _HYPOTHETICAL.search(line))


def _judge(text: str, before: str, after: str, facts: Callable[[], tuple[bool, bool]]) -> bool:
    """`is_tool_reference`, with the line's facts asked for only when the span's own text and context leave
    the question open (most spans are decided first)."""
    name = text.removesuffix("()")
    if name not in vocabulary():
        # "the `Bassh` tool": a typo of a known tool, when the context says it is a tool
        return has_tool_context(before, after) and _near_a_tool(name)
    if _AFTER_NOT_TOOL.match(after):
        return False
    table_row, elsewhere = facts()
    if table_row and not has_tool_context(before, after):
        return False  # a table cell: reference material (API tables, runtime comparisons)
    if elsewhere:
        return False
    if _SINGLE_WORD.match(name):
        return has_tool_context(before, after, weak=name[0].isupper())
    return True


@lru_cache(maxsize=4096)
def _near_a_tool(name: str) -> bool:
    if len(name) < 4 or _SINGLE_WORD.match(name) and name.islower():
        return False
    from rapidfuzz import fuzz, process

    candidates = _names_of_length_near(len(name))
    return bool(candidates) and process.extractOne(name, candidates, scorer=fuzz.ratio, score_cutoff=88) is not None


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


class _FactsByLine:
    """`line_facts` of a document's lines, each line searched once however many spans it holds."""

    __slots__ = ("doc", "known")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.known: dict[int, tuple[bool, bool]] = {}

    def __call__(self, line: int) -> tuple[bool, bool]:
        found = self.known.get(line)
        if found is None:
            found = self.known[line] = line_facts(self.doc.line_text(line))
        return found


def candidate_spans(doc: Document) -> list[tuple[str, Location]]:
    """Code spans of the body that are tool references, with their positions (cached)."""
    cached = doc.cache.get("tool_spans")
    if cached is None:
        cached = []
        if doc.body and "`" in doc.body:
            known, prefixes = _vocabulary_sets()
            identifier = _IDENTIFIER.match
            facts_of = _FactsByLine(doc)
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
                if _judge(text, span.before, span.after, partial(facts_of, span.line)):
                    location = Location(doc.path, Span(span.line, span.column, span.end_line, span.end_column))
                    cached.append((text, location))
        doc.cache["tool_spans"] = cached
    return cached


def body_references(doc: Document, target: Target) -> list[BodyReference]:
    """The body's tool references, resolved on `target` (cached per target)."""
    cache = doc.cache.setdefault("body_refs", {})
    key = (target.id, id(target))
    if key not in cache:
        cache[key] = [BodyReference(text, loc, resolve(text, target)) for text, loc in candidate_spans(doc)]
    return cache[key]
