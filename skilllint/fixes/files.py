"""The file side of fixing: read a file's characters, write new ones atomically, show the change.

A file is written only by `check --fix`, and only as a whole: the new bytes go to a temporary
file in the same folder, which then replaces the file (`os.replace`), so a reader (an editor,
another skilllint) sees the old file or the new one, never half of it, and a crash leaves the
old one. The file keeps its permissions; a symbolic link stays a link (its target is written).
"""

from __future__ import annotations

import contextlib
import difflib
import os
import stat
import tempfile

from skilllint.core.textsafe import escape


def read_text(path: str) -> tuple[bytes, str] | None:
    """A file's bytes and their UTF-8 characters, or None when it cannot be read as UTF-8 (reading
    reported that; no fix was offered on such a file)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        return data, data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write_atomic(path: str, data: bytes) -> None:
    """Replace the file at `path` (through a symbolic link, its target) with `data`: a temporary
    file in the same folder, flushed to disk, then renamed over it. Raises OSError."""
    real = os.path.realpath(path)
    folder, name = os.path.split(real)
    mode = stat.S_IMODE(os.stat(real).st_mode)
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".skilllint-fix", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def unified_diff(path: str, before: str, after: str) -> str:
    """The change as `diff -u` shows it, with `a/` and `b/` before the path (as git's, so `git apply`
    or `patch -p1` take it). A last line without a line break is marked as diff marks it. A character
    that could act on a terminal (an escape sequence, a bidi control) is spelled out (`textsafe`), as
    in every output: the line then shows what is there, and no longer applies as a patch."""
    lines = difflib.unified_diff(_lines(before), _lines(after), f"a/{path}", f"b/{path}")
    return "".join(_safe(line) for line in lines)


def _safe(line: str) -> str:
    """A diff line printable on a terminal: its text escaped, its own line break (LF or CRLF) kept."""
    body = line.removesuffix("\n")
    ending = "\n" if len(body) < len(line) else "\n\\ No newline at end of file\n"
    cr = "\r" if body.endswith("\r") else ""
    return escape(body.removesuffix("\r")) + cr + ending


def _lines(text: str) -> list[str]:
    """The lines of `text`, each with its line break, cut at LF only (as git and skilllint count lines;
    `str.splitlines` would also cut at a form feed or a U+2028 inside a line)."""
    pieces = text.split("\n")
    lines = [piece + "\n" for piece in pieces[:-1]]
    return lines + [pieces[-1]] if pieces[-1] else lines
