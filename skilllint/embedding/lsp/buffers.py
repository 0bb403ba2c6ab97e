"""One editor buffer linted as the file it belongs to: the text from the editor, everything
else (kind, config, target, neighbours) from the file's place on disk (`skilllint.embedding.api.check_text`).

Editor-independent: paths and 1-based spans in, skilllint `Diagnostic`s out; `server.py` turns
them into the protocol's.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from skilllint.core.model import Diagnostic
from skilllint.embedding.api import check_text

GIT_MARKER = ".git"


def project_root(file: str, folders: Iterable[str]) -> Path:
    """The folder a buffer is linted from: the deepest workspace folder holding it, else the nearest
    folder above it holding `.git`, else its own folder. Paths in messages are relative to it, and a
    file inside a skill (a `references/` page) finds its SKILL.md up to it, as from a shell there."""
    inside = [folder for folder in folders if _within(file, folder)]
    if inside:
        return Path(max(inside, key=len))
    start = Path(file).parent
    for folder in (start, *start.parents):
        if (folder / GIT_MARKER).exists():
            return folder
    return start


def _within(file: str, folder: str) -> bool:
    return file.startswith(folder.rstrip(os.sep) + os.sep)


def lint_buffer(file: str, text: str, root: Path) -> list[Diagnostic]:
    """The diagnostics of `text` linted as `file` (absolute) that are located in that file (a skill's
    run can report on its `metadata.yaml` too: those belong to that file's own buffer). Raises
    `skilllint.embedding.api.CheckError` when the file's config cannot be used."""
    return [d for d in check_text(text, file, cwd=root) if os.path.abspath(root / d.path) == file]
