"""One editor buffer linted as the file it belongs to: the text from the editor, everything
else (kind, config, target, neighbours) from the file's place on disk (`skilllint.embedding.api.check_text`).

Editor-independent: paths and 1-based spans in, skilllint `Diagnostic`s out; `server.py` turns
them into the protocol's.

What comes from the client is not trusted: a path from a URI is refused before any file-system
call when the system could not take it (a NUL, longer than PATH_MAX: `ValueError` and
`OSError` deep in a run, reported as internal errors), a buffer's lone surrogates reach the
rules as the invalid UTF-8 they would be on disk (SL002), and a file the editor has not opened
is read as `check` reads it: a regular file only, never more than the size limit.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from skilllint.core.model import Diagnostic
from skilllint.embedding.api import check, check_text
from skilllint.reading.document import DEFAULT_MAX_BYTES
from skilllint.reading.fsview import read_bytes

GIT_MARKER = ".git"
PATH_MAX = 4096
"""The longest path (in bytes, as the system encodes it) a document may have: Linux's PATH_MAX.
Longer, the system refuses it (ENAMETOOLONG) and walking its folders costs time for nothing."""
NAME_MAX = 255
"""The longest name of one folder or file in that path, in bytes (Linux's, macOS's and Windows')."""


class BadPath(ValueError):
    """A document's path that no file system call should be given; the message says why, for the user."""


def checked_path(path: str) -> str:
    """`path`, absolute, when the system can take it; else raises `BadPath` saying why. Checked
    here, before any lint: a NUL is a `ValueError` from every `os` call and an over-long path an
    `OSError`, both far inside a run, where they would end it as an internal error."""
    if "\0" in path:
        raise BadPath("its path holds a NUL character (%00 in the URI)")
    try:
        encoded = os.fsencode(path)
    except UnicodeError:
        raise BadPath("its path holds a character the file system cannot encode (a lone surrogate)") from None
    if len(encoded) >= PATH_MAX:
        raise BadPath(f"its path is {len(encoded):,} bytes long, over the limit of {PATH_MAX - 1:,} (PATH_MAX)")
    longest = max(len(part) for part in encoded.split(os.fsencode(os.sep)))
    if longest > NAME_MAX:
        raise BadPath(f"a name in its path is {longest:,} bytes long, over the limit of {NAME_MAX} (NAME_MAX)")
    return os.path.abspath(path)


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


def buffer_bytes(text: str) -> bytes:
    """The bytes an editor's text stands for. A lone surrogate (JSON can carry `\\ud800`; no
    UTF-8 file can) becomes the bytes `surrogatepass` gives it, which are not UTF-8: the buffer
    gets SL002 at that character, as the file would, instead of an encoding error ending the run."""
    return text.encode("utf-8", errors="surrogatepass")


def lint_buffer(file: str, text: str, root: Path) -> list[Diagnostic]:
    """The diagnostics of `text` linted as `file` (absolute) that are located in that file (a skill's
    run can report on its `metadata.yaml` too: those belong to that file's own buffer). Raises
    `skilllint.embedding.api.CheckError` when the file's config cannot be used."""
    return _own(check_text(buffer_bytes(text), file, cwd=root), file, root)


def lint_on_disk(file: str, root: Path) -> list[Diagnostic]:
    """The diagnostics of `file` as `check FILE` gives them, for a file the editor has not opened
    and whose text `disk_text` refused: `check` says why (SL001 a FIFO or a device, SL003 too
    large, SL002 not UTF-8...) and reads nothing it should not. None for a file that is not there."""
    if not os.path.lexists(file):
        return []
    return _own(check([file], cwd=root), file, root)


def _own(found: list[Diagnostic], file: str, root: Path) -> list[Diagnostic]:
    return [d for d in found if os.path.abspath(root / d.path) == file]


def max_file_size(file: str, root: Path) -> int:
    """The size limit `check` applies to `file` (its config's `max-file-size`); the default when
    that config cannot be used (the lint says so on its own)."""
    from skilllint.settings.build import settings_by_config

    try:
        return settings_by_config([file], {"no_cache": True, "jobs": 1}, root)[0][0].max_bytes
    except Exception:  # noqa: BLE001 - a broken config is reported by the lint, not here
        return DEFAULT_MAX_BYTES


def disk_text(file: str, root: Path) -> str | None:
    """The text of a file the editor has not opened (a hover or a save before any didOpen), or None
    when `check` would not parse it either: not there or unreadable, not a regular file (opened
    without blocking and checked before reading: a FIFO would hang the server, `/dev/zero` fill
    its memory), over the size limit (at most limit + 1 bytes are read), or not UTF-8."""
    limit = max_file_size(file, root)
    try:
        data, _ = read_bytes(file, limit)
    except OSError:
        return None
    if len(data) > limit:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
