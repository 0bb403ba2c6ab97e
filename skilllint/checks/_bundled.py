"""The text files a skill bundles for the model to read or run (`references/`, `scripts/`), read
once per skill for the rules that look at every character of what the model sees (SL602-SL609).

Read through `doc.fs`, so a cached result is dropped when one of them changes; at most
`MAX_FILES` files, `MAX_DEPTH` folders deep, of the text kinds below, each up to the run's file
size limit; a file that is not UTF-8 text (binary, another encoding) is skipped: it is no
instruction a model reads as text.
"""

from __future__ import annotations

import os
import posixpath
from typing import Final

from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.document import SKILL, Document

FOLDERS = ("references", "scripts")
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".rst", ".py", ".sh", ".bash", ".zsh", ".fish", ".js", ".mjs",
                           ".cjs", ".ts", ".ps1", ".psm1", ".rb", ".pl", ".php", ".json", ".yaml", ".yml", ".toml",
                           ".ini", ".cfg", ".html", ".xml", ".sql", ".bat", ".cmd"})
MARKDOWN = frozenset({".md", ".markdown", ".txt", ".rst", ".html"})
MAX_FILES = 200
MAX_DEPTH = 3


class BundledText(FrozenRecord):
    """A bundled text file: its path (as findings name it), its lines, and whether every line is
    code (a script) or only its fenced blocks are (a Markdown reference)."""

    __slots__ = ("path", "text", "all_code")
    path: Final[str]
    text: Final[str]  # searched whole first: most files hold nothing a rule looks for
    all_code: Final[bool]

    def __init__(self, path: str, text: str, all_code: bool) -> None:
        self.path = path
        self.text = text
        self.all_code = all_code

    def lines(self) -> list[str]:
        """The file's lines, split when a rule found something to locate (most files: never)."""
        return self.text.split("\n")

    def code_lines(self) -> list[tuple[int, str]]:
        """(1-based line, text) of the lines that are code: all of a script's, a document's fenced ones."""
        lines = self.lines()
        if self.all_code:
            return list(enumerate(lines, 1))
        found, fence = [], ""
        for number, line in enumerate(lines, 1):
            stripped = line.lstrip()
            marker = stripped[:3]
            if marker in ("```", "~~~"):
                fence = "" if fence and stripped.startswith(fence) else (fence or marker)
                continue
            if fence:
                found.append((number, line))
        return found


class BundledMemo(Record):
    """The bundled text files, read once per document (`Document.derived`)."""

    __slots__ = ("bundled",)
    # the text files in the skill's references/ and scripts/ (_bundled.bundled_texts)
    bundled: list[BundledText] | None

    def __init__(self) -> None:
        self.bundled = None


def bundled_texts(doc: Document) -> list[BundledText]:
    """The skill's bundled text files, in path order (none for a subagent or command)."""
    cached = doc.derived(BundledMemo).bundled
    if cached is not None:
        return cached
    found: list[BundledText] = []
    if doc.kind == SKILL:
        base = os.fspath(doc.skill_dir)
        shown = posixpath.dirname(doc.path)
        subfolders = doc.fs.subfolders(base)
        for folder in FOLDERS:
            if folder in subfolders:
                _walk(doc, base, folder, shown, found, 0)
    doc.derived(BundledMemo).bundled = found
    return found


def _walk(doc: Document, base: str, relative: str, shown: str, found: list[BundledText], depth: int) -> None:
    folder = os.path.join(base, relative)
    subfolders = doc.fs.subfolders(folder)
    for name in doc.fs.listdir(folder):
        if len(found) >= MAX_FILES:
            return
        inner = f"{relative}/{name}"
        if name in subfolders:
            if depth + 1 < MAX_DEPTH:
                _walk(doc, base, inner, shown, found, depth + 1)
            continue
        suffix = os.path.splitext(name)[1].lower()
        if suffix not in TEXT_SUFFIXES:
            continue
        try:
            data, _ = doc.fs.read(os.path.join(base, inner))
        except OSError:
            continue
        if len(data) > doc.fs.max_bytes or b"\0" in data:
            continue
        if b"\r" in data:  # asked of the bytes (memchr): a replace in the decoded text cost ~1 ns a byte, CR or not
            data = data.replace(b"\r\n", b"\n")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        path = posixpath.join(shown, inner) if shown else inner
        found.append(BundledText(path, text, suffix not in MARKDOWN))
