"""The project a document belongs to, as Claude Code finds it: the nearest folder above the
document that holds a given file (`.claude/settings.json`, `.mcp.json`), looking no higher than
the repository root. Asked through `doc.fs`, so a cached result follows the files (SL208, SL215)."""

from __future__ import annotations

import json
import os
from typing import Any

from skilllint.reading.document import Document, relative_posix

MAX_UP = 12  # folders above the document to look in


def nearest_files(doc: Document, *relatives: str) -> list[str]:
    """The files among `relatives` (paths below a folder) of the nearest folder above the document
    that holds any of them; [] when none does up to the repository root (the folder with `.git`)."""
    folder = doc.skill_dir
    for _ in range(MAX_UP):
        found = [path for relative in relatives if doc.fs.isfile(path := os.fspath(folder / relative))]
        if found or doc.fs.exists(os.fspath(folder / ".git")) or folder.parent == folder:
            return found
        folder = folder.parent
    return []


def shown_path(doc: Document, path: str) -> str:
    """A project file's path as findings name it: relative to the working folder when it is known."""
    return relative_posix(path, doc.cwd) if doc.cwd is not None else path


def read_json(doc: Document, path: str) -> Any:
    """The parsed JSON of a project file, or None when it cannot be read or is not JSON (the
    file's own findings say so)."""
    try:
        return json.loads(doc.fs.read(path)[0])
    except (OSError, ValueError):
        return None
