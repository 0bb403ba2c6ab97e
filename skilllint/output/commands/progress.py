"""A progress bar on stderr for the commands that sweep a whole tree (coverage, matrix). Shown only
when stderr is a terminal: pipes and CI logs get nothing."""

from __future__ import annotations

import sys

WIDTH = 30


def progress_bar(done: int, total: int) -> None:
    """`[##########....................] 1,200/5,000 skills`, rewritten in place, erased at the end."""
    filled = WIDTH * done // total if total else WIDTH
    line = f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {done:,}/{total:,} skills"
    sys.stderr.write(line)
    if done >= total:
        sys.stderr.write("\r" + " " * len(line) + "\r")
    sys.stderr.flush()
