"""File references in the instructions: Markdown link targets and path-like code spans.

Links are file references unless they are URLs, anchors, site-absolute paths (`/deploy` is a
command, not a file), footnotes, or project paths (a folder path whose first folder is
neither in the skill nor a usual skill folder: `packages/evals/x.ts` is the repository's).
Code spans are only taken as skill files when they say so: `${CLAUDE_SKILL_DIR}/...`, or a
relative path whose first folder exists in the skill (`scripts/`, `references/`...); a
command (`scripts/run.sh --fast`) is judged by its first word; and a line that gives
examples ("e.g.", "for example", "would", "→") names files that need not exist. A path
like `src/app.ts` is most likely the user's project, and precision matters more than recall.
`${CLAUDE_PLUGIN_ROOT}` is the plugin's folder, not the skill's: not judged here.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import unquote

from skilllint.document import Document, Location
from skilllint.model import Span

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_SKILL_DIR_VAR = re.compile(r"^\$\{?(?:CLAUDE_SKILL_DIR|SKILL_DIR)\}?/")
_OTHER_VAR = re.compile(r"^\$|%[A-Z_]+%")
_SKILL_FOLDERS = frozenset({"scripts", "references", "reference", "assets", "templates", "examples", "resources",
                            "docs", "agents", "data"})
_HYPOTHETICAL = re.compile(r"\b(?:e\.g\.|eg\.|example|examples|for instance|such as|would|could|might)\b|→",
                           re.I)
_SEPARATOR = re.compile(r"[/\\]")
_SEGMENT = re.compile(r"[\w@.+-]+")


def looks_like_path(text: str) -> bool:
    """`dir/file.ext` (two or more segments of word characters, a 1-8 character extension).

    Split and test segment by segment: one regex for the whole shape backtracks badly on
    near misses, and this runs on every code span that holds a slash."""
    parts = _SEPARATOR.split(text.removeprefix("./"))
    if len(parts) < 2 or not all(_SEGMENT.fullmatch(part) for part in parts):
        return False
    last = parts[-1]
    dot = last.rfind(".")
    extension = last[dot + 1 :]
    return dot > 0 and 1 <= len(extension) <= 8 and extension.isascii() and extension.isalnum()
_PLACEHOLDER = re.compile(r"[<>{}*?\[\]|]|\.\.\.|\$")


@dataclass(frozen=True, slots=True)
class FileReference:
    target: str  # as written
    path: str  # cleaned: no anchor, query, variable prefix; URL-decoded
    location: Location
    kind: str  # "link" or "code"


def _clean(target: str) -> str:
    path = target.split("#", 1)[0].split("?", 1)[0].strip()
    path = _SKILL_DIR_VAR.sub("", path)
    return unquote(path)


def _is_external(target: str) -> bool:
    return not target or target.startswith(("#", "/", "~", "//")) or bool(_SCHEME.match(target)) \
        or target.startswith("[^")


def file_references(doc: Document) -> list[FileReference]:
    """Every file reference of the body, with its position (cached on the document)."""
    cached = doc.cache.get("file_refs")
    if cached is not None:
        return cached
    found: list[FileReference] = []
    if doc.body:
        scan = doc.markdown
        examples = _Examples(doc)
        for link in scan.links:
            target = link.target.strip()
            if _is_external(target) or _OTHER_VAR.search(target) or _PLACEHOLDER.search(
                _SKILL_DIR_VAR.sub("", target)
            ):
                continue
            if _project_path(doc, _clean(target)):
                continue
            location = Location(doc.path, Span(link.line, link.column, link.line, link.end_column))
            found.append(FileReference(target, _clean(target), location, "link"))
        for span in scan.code_spans:
            if "/" not in span.text and "\\" not in span.text:
                continue  # most spans are not paths: decide that before anything costs
            text = span.text.strip().split(" ", 1)[0]
            explicit = bool(_SKILL_DIR_VAR.match(text))
            rest = _SKILL_DIR_VAR.sub("", text)
            if not looks_like_path(rest) or _PLACEHOLDER.search(rest):
                continue
            first = _SEPARATOR.split(rest.removeprefix("./"), maxsplit=1)[0]
            if not explicit and first not in skill_folders(doc) and first != "..":
                continue
            if examples(span.line, span.column - 1, span.end_column - 1 if span.end_line == span.line else None):
                continue
            location = Location(doc.path, Span(span.line, span.column, span.end_line, span.end_column))
            found.append(FileReference(text, unquote(rest), location, "code"))
    doc.cache["file_refs"] = found
    return found


class _Examples:
    """Whether the words around a code span give examples (`_HYPOTHETICAL`), each line searched once.

    A single-line span is judged by its line without its own text (`examples/a.md` is not an example).
    Cutting the span out and searching the rest took the whole line per span, quadratic on a long line of
    paths; instead the line's matches are found once, and the span's text between the cut's ends (the
    backticks or stripped spaces, which no example word holds) can only hide matches of its own: the rest
    has one iff the line has a match before the span or after it."""

    __slots__ = ("doc", "starts")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.starts: dict[int, list[int]] = {}  # line -> where its matches start

    def __call__(self, line: int, low: int, high: int | None) -> bool:
        starts = self.starts.get(line)
        if starts is None:
            starts = self.starts[line] = [m.start() for m in _HYPOTHETICAL.finditer(self.doc.line_text(line))]
        if not starts:
            return False
        return high is None or starts[0] < low or starts[-1] >= high


def skill_folders(doc: Document) -> frozenset[str]:
    """Names of the folders directly in the skill folder (one scandir per skill, cached)."""
    cached = doc.cache.get("skill_folders")
    if cached is None:
        try:
            with os.scandir(doc.skill_dir) as entries:
                cached = frozenset(e.name for e in entries if e.is_dir())
        except OSError:
            cached = frozenset()
        doc.cache["skill_folders"] = cached
    return cached


def _project_path(doc: Document, path: str) -> bool:
    """A folder path starting with a folder the skill does not have and skills do not use."""
    parts = path.replace("\\", "/").removeprefix("./").split("/")
    if len(parts) < 2 or parts[0] in ("", "..", "."):
        return False
    return parts[0] not in _SKILL_FOLDERS and parts[0] not in skill_folders(doc)


def resolve_in_skill(doc: Document, path: str) -> tuple[str, bool]:
    """The referenced path (lexically normalised), and whether it stays inside the skill folder (cached
    per path: a body may name one file thousands of times)."""
    resolved = doc.cache.setdefault("resolved_refs", {})
    if path not in resolved:
        skill_dir = doc.cache.get("skill_dir_abs")
        if skill_dir is None:
            skill_dir = doc.cache["skill_dir_abs"] = os.path.abspath(doc.skill_dir)
        full = os.path.normpath(os.path.join(skill_dir, path.replace("\\", "/")))
        resolved[path] = full, full == skill_dir or full.startswith(skill_dir + os.sep)
    return resolved[path]


def exists(doc: Document, full: str) -> bool:
    """`os.path.exists`, once per path and document: one stat per file, not per reference to it."""
    known = doc.cache.setdefault("exists", {})
    if full not in known:
        known[full] = os.path.exists(full)
    return known[full]
