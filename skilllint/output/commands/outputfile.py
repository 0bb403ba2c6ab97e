"""Writing a file the user named (`--output-file`, `--write-baseline`): all of it or none of it.

The bytes go to a temporary file beside the target, are flushed to disk, and the temporary file
is renamed over the target (`os.replace`, atomic on POSIX and Windows): a reader (a CI step
uploading the SARIF, git diffing the baseline) never sees half a file, and an interrupted run
leaves the old file as it was. A symlink's target is replaced, not the link. A target that is
no regular file (`/dev/stdout`, `/dev/null`, a named pipe) cannot be replaced: it is written to.

Imported by the replay fast path (a replayed run writes its output file again): it loads no
more than `os`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from skilllint.output.commands.failure import UsageFailure

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def check_folder(path: str, what: str) -> None:
    """Stop before any work when `path` cannot be written because its folder is missing."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        from skilllint.core.textsafe import escape

        raise UsageFailure(f"cannot write the {what} `{escape(path)}`: no folder `{escape(folder)}`")


def write_file(path: str, data: bytes, what: str) -> None:
    """Write `data` to `path` atomically; a failure is a UsageFailure naming `what` and the path."""
    try:
        write_atomically(path, data)
    except (OSError, ValueError) as error:
        from skilllint.core.textsafe import escape

        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise UsageFailure(f"cannot write the {what} `{escape(path)}`: {escape(reason)}") from None


def write_atomically(path: str, data: bytes) -> None:
    """Replace `path` with `data` (see the module's docstring). Raises OSError."""
    target = os.path.realpath(path)
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(target, "wb") as handle:
            handle.write(data)
        return
    folder, name = os.path.split(target)
    temp = os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(temp, _CREATE, 0o666)  # the umask applies, as for any file the user creates
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if info is not None:
            os.chmod(temp, stat.S_IMODE(info.st_mode))  # a replaced file keeps its permissions
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
