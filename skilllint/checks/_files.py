"""File references in the instructions: Markdown link targets and path-like code spans.

Links are file references unless they are URLs, anchors, site-absolute paths (`/deploy` is a
command, not a file), footnotes, or project paths (a folder path whose first folder is
neither in the skill nor a usual skill folder: `packages/evals/x.ts` is the repository's).
Code spans are only taken as skill files when they say so: `${CLAUDE_SKILL_DIR}/...`, a
relative path whose first folder exists in the skill, or one under the spec's own folders
(`scripts/`, `references/`, `assets/`), which are the skill's even when the folder is missing.
A command is judged by its first word, or by the script it runs (`python scripts/fill.py`,
`bash scripts/run.sh --fast`, `cat references/api.md`). Not references: paths in a clause that
gives examples ("e.g.", "for example", "would", "→") or asks for the file to be made ("create
`scripts/helper.py`", "save it to `assets/out.png`"), and, for a spec folder the skill does not
have, a path that exists from a folder above the skill (the project's own `scripts/build.sh`).
A path like `src/app.ts` is most likely the user's project, and precision matters more than recall.
`${CLAUDE_PLUGIN_ROOT}/...` is relative to the plugin's root (the nearest folder above the skill
holding `.claude-plugin/plugin.json`): `plugin_references`, judged only inside a plugin.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from typing import Final
from urllib.parse import unquote

from skilllint.core import lazyre
from skilllint.core.model import Span
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.document import Document
from skilllint.reading.markdown import CodeSpan

_SCHEME = lazyre.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_SKILL_DIR_VAR = lazyre.compile(r"^\$\{?(?:CLAUDE_SKILL_DIR|SKILL_DIR)\}?/")
_PLUGIN_ROOT_VAR = lazyre.compile(r"^\$\{?CLAUDE_PLUGIN_ROOT\}?/")
_OTHER_VAR = lazyre.compile(r"^\$|%[A-Z_]+%")
_SKILL_FOLDERS = frozenset({"scripts", "references", "reference", "assets", "templates", "examples", "resources",
                            "docs", "agents", "data"})
_SPEC_FOLDERS = frozenset({"scripts", "references", "assets"})  # the spec's optional folders
# "e.g." ends in a dot: a word boundary after them would need a letter next
_HYPOTHETICAL = lazyre.compile(r"\b(?:e\.g\.|eg\.)(?!\w)|\b(?:example|examples|for instance|such as|would|could|"
                               r"might)\b|→", re.I)
# a clause asking for the file to be made or written out, the span its object: it need not exist yet
_LISTED = r"(?:`[^`]*`\s*(?:,|\band\b|\bor\b)?\s*)*"  # earlier spans of the same list
_CREATES = lazyre.compile(
    r"(?:\b(?:create|creates|creating|add|adds|adding|generate|generates|generating|scaffold|scaffolds|touch|mkdir|"
    r"make|makes)\b(?:\s+(?:a|an|the|new|empty|your|own|one|file|files|folder|script|called|named|at|in|as)\b){0,4}"
    r"|\b(?:save|saves|saving|saved|write|writes|writing|written|output|outputs|export|exports|dump|dumps|put|puts|"
    r"place|places|store|stores|copy|copies|move|moves|rename|renames|redirect|pipe)\b[^`.;:!?]{0,60}?"
    r"\b(?:to|into|as|at|in)(?:\s+(?:a|an|the|new|file|folder))*)\s*" + _LISTED + r"$",
    re.I,
)
_CLAUSE_END = lazyre.compile(r"[.;!?](?:\s|$)|:\s|\s[—–]\s|\s--\s")
# a sentence's end, not an abbreviation's dot ("e.g. `x`")
_SENTENCE_END = lazyre.compile(r"(?<!e\.g)(?<!i\.e)(?<!etc)(?<!\bvs)(?<!\beg)[.!?](?=\s|$)", re.I)
_BLOCK_START = lazyre.compile(r"^\s*(?:[-*+]\s|\d{1,9}[.)]\s|#{1,6}\s|\||>)")  # a list item, heading, table row, quote
_BLOCK_LINE = lazyre.compile(r"^\s*(?:#{1,6}\s|\|)")  # lines no sentence goes on from
_SEPARATOR = lazyre.compile(r"[/\\]")
_SEGMENT = lazyre.compile(r"[\w@.+-]+")
# words before a command's script: interpreters, runners, readers (`uv run python scripts/x.py`)
_RUNNERS = frozenset({
    "python", "python3", "python2", "py", "bash", "sh", "zsh", "source", ".", "node", "deno", "bun", "tsx",
    "ts-node", "npx", "uv", "uvx", "run", "ruby", "perl", "php", "pwsh", "powershell", "rscript", "julia",
    "sudo", "exec", "cat", "head", "tail", "less", "more", "chmod", "+x",
})


class FilesMemo(Record):
    """What the file-reference analyses derive from a document, kept on it (`Document.derived`)."""

    __slots__ = ("file_refs", "plugin_refs", "skill_dir_abs", "skill_folders", "skill_folders_folded", "plugin_root",
                 "plugin_root_known", "authoring_skill", "files_elsewhere", "project_skill", "in_project",
                 "resolved_refs", "folders")
    # the body's file references, relative to the skill and to a plugin root
    file_refs: list[FileReference] | None
    plugin_refs: list[FileReference] | None
    # the skill folder, seen once
    skill_dir_abs: str | None
    skill_folders: frozenset[str] | None
    skill_folders_folded: frozenset[str] | None
    plugin_root: str | None
    plugin_root_known: bool
    # what the skill is: about writing skills, says its files live elsewhere, a project's own
    authoring_skill: bool | None
    files_elsewhere: bool | None
    project_skill: bool | None
    # answers derived from the file system, by path; the probes themselves go through the
    # document's `fs` (skilllint.reading.fsview), which remembers them and records them for the result cache
    in_project: dict[str, bool]
    resolved_refs: dict[str, tuple[str, bool]]
    folders: dict[str, tuple[frozenset[str], dict[str, tuple[str, ...]]]]  # a folder's names, by case-folded name

    def __init__(self) -> None:
        self.file_refs = None
        self.plugin_refs = None
        self.skill_dir_abs = None
        self.skill_folders = None
        self.skill_folders_folded = None
        self.plugin_root = None
        self.plugin_root_known = False
        self.authoring_skill = None
        self.files_elsewhere = None
        self.project_skill = None
        self.in_project = {}
        self.resolved_refs = {}
        self.folders = {}


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


_PLACEHOLDER = lazyre.compile(r"[<>{}*?\[\]|]|\.\.\.|\$")


class FileReference(FrozenRecord):
    __slots__ = ("target", "path", "location", "kind")
    target: Final[str]  # as written
    path: Final[str]  # cleaned: no anchor, query, variable prefix; URL-decoded
    location: Final[Location]
    kind: Final[str]  # "link" or "code"

    def __init__(self, target: str, path: str, location: Location, kind: str) -> None:
        self.target = target
        self.path = path
        self.location = location
        self.kind = kind


def _clean(target: str) -> str:
    path = target.split("#", 1)[0].split("?", 1)[0].strip()
    path = _SKILL_DIR_VAR.sub("", path)
    return unquote(path)


def _is_external(target: str) -> bool:
    return not target or target.startswith(("#", "/", "~", "//")) or bool(_SCHEME.match(target)) \
        or target.startswith("[^")


def file_references(doc: Document) -> list[FileReference]:
    """Every file reference of the body relative to the skill folder, with its position (cached)."""
    cached = doc.derived(FilesMemo).file_refs
    if cached is None:
        _scan(doc)
        cached = doc.derived(FilesMemo).file_refs
        assert cached is not None
    return cached


def plugin_references(doc: Document) -> list[FileReference]:
    """References written `${CLAUDE_PLUGIN_ROOT}/...`, their `path` relative to the plugin root (cached)."""
    cached = doc.derived(FilesMemo).plugin_refs
    if cached is None:
        _scan(doc)
        cached = doc.derived(FilesMemo).plugin_refs
        assert cached is not None
    return cached


def _scan(doc: Document) -> None:
    found: list[FileReference] = []
    plugin: list[FileReference] = []
    if doc.body:
        scan = doc.markdown
        clauses = _Clauses(doc)
        created: set[str] = set()
        for link in scan.links:
            target = link.target.strip()
            location = Location(doc.path, Span(link.line, link.column, link.line, link.end_column))
            rest = _PLUGIN_ROOT_VAR.sub("", target, count=1)
            if rest != target:
                if not _PLACEHOLDER.search(rest) and not _OTHER_VAR.search(rest):
                    plugin.append(FileReference(target, _clean(rest), location, "link"))
                continue
            rest = _SKILL_DIR_VAR.sub("", target, count=1)
            if _is_external(rest) or _OTHER_VAR.search(rest) or _PLACEHOLDER.search(rest):
                continue
            if _project_path(doc, _clean(target)):
                continue
            found.append(FileReference(target, _clean(target), location, "link"))
        for span in scan.code_spans:
            if "/" not in span.text and "\\" not in span.text:
                continue  # most spans are not paths: decide that before anything costs
            token = _path_token(span.text)
            if token is None:
                continue
            text, offset = token
            rest = _PLUGIN_ROOT_VAR.sub("", text, count=1)
            to_plugin = rest != text
            explicit = to_plugin or bool(_SKILL_DIR_VAR.match(text))
            if not to_plugin:
                rest = _SKILL_DIR_VAR.sub("", text, count=1)
            if not looks_like_path(rest) or _PLACEHOLDER.search(rest):
                continue
            first = _SEPARATOR.split(rest.removeprefix("./"), maxsplit=1)[0]
            folded = first.casefold()
            in_skill = folded in _folded_skill_folders(doc)
            spec = folded in _SPEC_FOLDERS
            if not (explicit or in_skill or spec or first == ".."):
                continue
            high = span.end_column - 1 if span.end_line == span.line else None
            if clauses.example(span.line, span.column - 1, high):
                continue
            path = unquote(rest)
            if not explicit:
                if offset == 0 and clauses.creates(span.line, span.column - 1):
                    created.add(path)  # and every other mention of it: the file the skill makes
                    continue
                if _placeholder_name(rest) or (offset == 0 and _belongs_elsewhere(span.before)):
                    continue
                if first != ".." and _authoring(doc):
                    continue  # a skill on writing skills names `scripts/...` as examples
                if not in_skill and _project_skill(doc):
                    continue  # a project's skill may mean the project's own `scripts/`
                if not in_skill and _files_elsewhere(doc):
                    continue  # the skill says its scripts live in another checkout
            location = Location(doc.path, _token_span(doc, span, text, offset))
            (plugin if to_plugin else found).append(FileReference(text, path, location, "code"))
        if created:
            found = [r for r in found if r.kind != "code" or r.path not in created]
    doc.derived(FilesMemo).file_refs = found
    doc.derived(FilesMemo).plugin_refs = plugin


def _path_token(text: str) -> tuple[str, int] | None:
    """The word of a code span that may be a path, and where it starts in the span: the first word, or
    the first after interpreters, runners and options (`python -u scripts/fill.py --out x`)."""
    position, size = 0, len(text)
    while position < size:
        while position < size and text[position] == " ":
            position += 1
        end = text.find(" ", position)
        end = size if end < 0 else end
        word = text[position:end]
        if not word:
            return None
        if end == size or not (word.casefold() in _RUNNERS or word.startswith("-") or (
                "=" in word and "/" not in word.split("=", 1)[0])):
            return word, position
        position = end
    return None


def _token_span(doc: Document, span: CodeSpan, text: str, offset: int) -> Span:
    """The file position of `text`, a word of the span starting `offset` characters into it: exact when the
    span's text is its source (one line, no escapes), else the whole span."""
    if span.end_line == span.line and doc.line_text(span.line)[span.column - 1 : span.end_column - 1] == span.text:
        start = span.column + offset
        return Span(span.line, start, span.line, start + len(text))
    return Span(span.line, span.column, span.end_line, span.end_column)


class _Clauses:
    """What the words around a span say about the file it names, each line searched once.

    `example`: the line gives examples (`_HYPOTHETICAL`), or the sentence the span continues from the lines
    above does ("Examples: `references/a.md`,\n`references/b.md`"). A single-line span is judged by its line
    without its own text (`examples/a.md` is not an example). Cutting the span out and searching the rest
    took the whole line per span, quadratic on a long line of paths; instead the line's matches are found
    once, and the span's text between the cut's ends (the backticks or stripped spaces, which no example
    word holds) can only hide matches of its own: the rest has one iff the line has a match before the span
    or after it. Whether a line ends inside a sentence that gave examples is found once per line.

    `creates`: the span is the object of a clause that asks for the file to be made (`_CREATES`), searched
    from the span's clause start (the line's clause ends are found once) to the span."""

    __slots__ = ("doc", "starts", "clauses", "open_examples", "first_ends")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.starts: dict[int, list[int]] = {}  # line -> where its example matches start
        self.clauses: dict[int, tuple[list[int], str]] = {}  # line -> (clause ends, line text)
        self.open_examples: dict[int, bool] = {}  # line -> it ends in a sentence that gave examples
        self.first_ends: dict[int, int] = {}  # line -> where its first sentence ends (-1: it starts one)

    def _matches(self, line: int) -> list[int]:
        starts = self.starts.get(line)
        if starts is None:
            starts = self.starts[line] = [m.start() for m in _HYPOTHETICAL.finditer(self.doc.line_text(line))]
        return starts

    def example(self, line: int, low: int, high: int | None) -> bool:
        starts = self._matches(line)
        if starts and (high is None or starts[0] < low or starts[-1] >= high):
            return True
        first_end = self.first_ends.get(line)
        if first_end is None:
            found = _SENTENCE_END.search(self.doc.line_text(line)) if self._continues(line) else None
            first_end = self.first_ends[line] = found.start() if found else (1 << 62 if self._continues(line) else -1)
        return first_end >= low and self._ends_in_examples(line - 1)

    def _continues(self, line: int) -> bool:
        """Whether `line` goes on with the sentence of the line above (same paragraph or list item)."""
        if line - 1 < self.doc.body_line or self.doc.in_fence(line - 1):
            return False
        text, above = self.doc.line_text(line), self.doc.line_text(line - 1)
        return bool(text.strip() and above.strip()) and not _BLOCK_START.match(text) and not _BLOCK_LINE.match(above)

    def _ends_in_examples(self, line: int) -> bool:
        """Whether the sentence open at the end of `line` gave examples (each line worked out once: the
        paragraph is walked up to the first line already known, then down)."""
        known = self.open_examples
        if line in known:
            return known[line]
        pending = [line]
        while self._continues(pending[-1]) and pending[-1] - 1 not in known:
            pending.append(pending[-1] - 1)
        for current in reversed(pending):
            text = self.doc.line_text(current)
            ends = [m.end() for m in _SENTENCE_END.finditer(text)]
            starts = self._matches(current)
            if ends:
                result = bool(starts) and starts[-1] >= ends[-1]
            else:
                result = bool(starts) or (self._continues(current) and known.get(current - 1, False))
            known[current] = result
        return known[line]

    def creates(self, line: int, column: int) -> bool:
        """Whether the clause holding `column` of `line` asks for a file to be made, before that column."""
        known = self.clauses.get(line)
        if known is None:
            text = self.doc.line_text(line)
            known = self.clauses[line] = ([m.end() for m in _CLAUSE_END.finditer(text)], text)
        ends, text = known
        while column > 0 and text[column - 1] in "` ":
            column -= 1  # the span's opening backticks
        i = bisect_left(ends, column + 1) - 1
        start = ends[i] if i >= 0 else 0
        if column - start > 200:
            start = column - 200  # a creating verb is near its object; bounds the search on a long clause
        return bool(_CREATES.search(text, start, column))


def skill_folders(doc: Document) -> frozenset[str]:
    """Names of the folders directly in the skill folder (one scandir per skill, cached)."""
    cached = doc.derived(FilesMemo).skill_folders
    if cached is None:
        cached = doc.derived(FilesMemo).skill_folders = doc.fs.subfolders(os.fspath(doc.skill_dir))
    return cached


def _folded_skill_folders(doc: Document) -> frozenset[str]:
    cached = doc.derived(FilesMemo).skill_folders_folded
    if cached is None:
        cached = doc.derived(FilesMemo).skill_folders_folded = frozenset(name.casefold() for name in skill_folders(doc))
    return cached


def _project_path(doc: Document, path: str) -> bool:
    """A folder path starting with a folder the skill does not have and skills do not use."""
    parts = path.replace("\\", "/").removeprefix("./").split("/")
    if len(parts) < 2 or parts[0] in ("", "..", "."):
        return False
    first = parts[0].casefold()
    return first not in _SKILL_FOLDERS and first not in _folded_skill_folders(doc)


_PLACEHOLDER_STEM = lazyre.compile(r"(?:your|my)[_-]\w+|(?:script|file)[_-]?name|name|filename|foo|bar|xxx", re.I)
# name or description of a skill about writing skills: "Create new skills", "when the user wants to "write a skill""
_AUTHORING = lazyre.compile(
    r"\b(?:create|creates|creating|write|writes|writing|build|builds|building|author|authoring|scaffold\w*)\s+"
    r"(?:a|an|new|effective|custom|agent|your\s+own)\s+(?:(?:new|effective|custom|agent)\s+)?skills?\b"
    r"|\bcreat(?:e|es|ing)\s+skills\b|\bSKILL\.md\b|^(?:skill-creator|writing-skills|skill-development)$",
    re.I,
)


_POSSESSIVE = lazyre.compile(r"(?:(\S+)\s+)?(\S+?)(?:'s|\u2019s)\s*$|\bits\s*$", re.I)
_S = ("s", "S", "\u017f")
"""What `s` matches under `re.I` (U+017F is the long s), so a text that does not end in one (before
the spaces its `\\s*` takes, which are `str.isspace`'s) cannot match `_POSSESSIVE`."""


def _belongs_elsewhere(before: str) -> bool:
    """"`other-skill`'s `references/x.md`", "its `references/x.md`": another thing's file, not this skill's
    ("this skill's `references/x.md`" is)."""
    tail = before[-40:]
    if not tail.rstrip().endswith(_S):  # what every match ends in (the pattern backtracks over all 40)
        return False
    found = _POSSESSIVE.search(tail)
    if found is None:
        return False
    owner, previous = (found.group(2) or "").lower(), (found.group(1) or "").lower()
    return not (owner == "skill" and previous in ("this", "the", "our", "your"))


def _placeholder_name(path: str) -> bool:
    """`scripts/script_name.py`, `scripts/your_script.py`: a name standing for any."""
    stem = _SEPARATOR.split(path)[-1].rsplit(".", 1)[0]
    return bool(_PLACEHOLDER_STEM.fullmatch(stem))


def _authoring(doc: Document) -> bool:
    """Whether the skill is about writing skills (its `name` or `description` says so; cached)."""
    cached = doc.derived(FilesMemo).authoring_skill
    if cached is None:
        texts = [doc.field(key) for key in ("name", "description")]
        cached = doc.derived(FilesMemo).authoring_skill = any(
            isinstance(text, str) and _AUTHORING.search(text[:2000]) for text in texts)
    return cached


_ELSEWHERE = lazyre.compile(
    r"\b(?:live|lives|are|is|ship|ships)\s+in\s+(?:a|the|your)\s+(?:local\s+)?(?:clone|checkout)\s+of\b", re.I)


def _files_elsewhere(doc: Document) -> bool:
    """Whether the body says the skill's files live in another checkout ("the scripts live in a local clone
    of https://github.com/..."): a spec folder the skill lacks is that checkout's, not a broken path."""
    cached = doc.derived(FilesMemo).files_elsewhere
    if cached is None:
        cached = doc.derived(FilesMemo).files_elsewhere = bool(_ELSEWHERE.search(doc.body))
    return cached


def _project_skill(doc: Document) -> bool:
    """Whether the skill is in a project's skills folder (`.claude/skills/`, `.agents/skills/`...)."""
    cached = doc.derived(FilesMemo).project_skill
    if cached is None:
        parts = _skill_dir(doc).split(os.sep)
        cached = doc.derived(FilesMemo).project_skill = any(
            parts[i] == "skills" and parts[i - 1].startswith(".") for i in range(1, len(parts)))
    return cached


def project_root(doc: Document) -> str | None:
    """The project a project skill belongs to (the folder holding its `.claude/skills/`, `.roo/skills/`...),
    or None for a skill kept anywhere else."""
    parts = _skill_dir(doc).split(os.sep)
    for index in range(len(parts) - 1, 0, -1):
        if parts[index] == "skills" and parts[index - 1].startswith("."):
            return os.sep.join(parts[: index - 1]) or os.sep
    return None


def in_project(doc: Document, path: str) -> bool:
    """Whether `path` exists relative to a folder above the skill, up to the repository's root (the folder
    holding `.git`) or the file system's: the project's own file (cached per path)."""
    known = doc.derived(FilesMemo).in_project
    if path not in known:
        folder = os.path.dirname(_skill_dir(doc))
        relative = path.replace("\\", "/").removeprefix("./")
        while True:
            if doc.fs.exists(os.path.join(folder, relative)):
                known[path] = True
                break
            parent = os.path.dirname(folder)
            if parent == folder or doc.fs.exists(os.path.join(folder, ".git")):
                known[path] = False
                break
            folder = parent
    return known[path]


def _skill_dir(doc: Document) -> str:
    skill_dir = doc.derived(FilesMemo).skill_dir_abs
    if skill_dir is None:
        skill_dir = doc.derived(FilesMemo).skill_dir_abs = os.path.abspath(doc.skill_dir)
    return skill_dir


def resolve_in_skill(doc: Document, path: str) -> tuple[str, bool]:
    """The referenced path (lexically normalised), and whether it stays inside the skill folder (cached
    per path: a body may name one file thousands of times)."""
    resolved = doc.derived(FilesMemo).resolved_refs
    if path not in resolved:
        skill_dir = _skill_dir(doc)
        full = os.path.normpath(os.path.join(skill_dir, path.replace("\\", "/")))
        resolved[path] = full, full == skill_dir or full.startswith(skill_dir + os.sep)
    return resolved[path]


def plugin_root(doc: Document) -> str | None:
    """The nearest folder above the skill holding `.claude-plugin/plugin.json`, or None (cached)."""
    memo = doc.derived(FilesMemo)
    if not memo.plugin_root_known:
        memo.plugin_root, memo.plugin_root_known = doc.fs.plugin_root(os.path.dirname(_skill_dir(doc))), True
    return memo.plugin_root


def exists(doc: Document, full: str) -> bool:
    """`os.path.exists`, once per path and document (the document's file-system view remembers):
    one stat per file, not per reference to it."""
    return doc.fs.exists(full)


def _folder_index(doc: Document, folder: str) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """A folder's names, as a set and by their case-folded spelling, made once per folder and document:
    each reference looked through the whole listing, and 7,000 references into a folder of 20,000 files
    took past the file's time budget."""
    memo = doc.derived(FilesMemo).folders
    found = memo.get(folder)
    if found is None:
        names = doc.fs.listdir(folder)
        folded: dict[str, list[str]] = {}
        for name in names:
            folded.setdefault(name.casefold(), []).append(name)
        found = memo[folder] = (frozenset(names), {key: tuple(value) for key, value in folded.items()})
    return found


def actual_spelling(doc: Document, root: str, full: str) -> str | None:
    """`full` (inside `root`) as the folders spell it, when it exists but for case; None when it does not
    exist in any case, or when the case is right. One listing per folder and document (the view remembers)."""
    relative = os.path.relpath(full, root)
    if relative.startswith(".."):
        return None
    folder, spelled, changed = root, [], False
    for part in relative.split(os.sep):
        if part in (".", ""):
            continue
        names, folded = _folder_index(doc, folder)
        if part in names:
            match = part
        else:
            matches = folded.get(part.casefold(), ())
            if len(matches) != 1:
                return None
            match, changed = matches[0], True
        spelled.append(match)
        folder = os.path.join(folder, match)
    return "/".join(spelled) if changed else None


def missing(doc: Document, reference: FileReference) -> bool:
    """Whether a reference of the instructions (backslashes read as slashes) names no file: not in the
    skill folder, not relative to the plugin's root (a link or a code span may be written from there:
    `skills/pdf/references/forms.md` in a plugin's skill), and, for a code span, not the project's file
    (its `scripts/build.sh`). SL302 stays quiet about a backslash path that is missing: this rule's
    finding says both."""
    path = reference.path.replace("\\", "/")
    full, inside = resolve_in_skill(doc, path)
    if not inside or exists(doc, full):
        return False
    root = plugin_root(doc)
    if root is not None and exists(doc, os.path.normpath(os.path.join(root, path))):
        return False
    return not (reference.kind == "code" and in_project(doc, path))
