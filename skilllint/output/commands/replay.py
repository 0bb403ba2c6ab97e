"""`check`'s fast path: print a stored run's output again while nothing it read has changed.

Imported by the CLI before anything else of `check`: a replay loads no config, rule, runtime or
formatter. `skilllint.engine.cache.runrecord` says what a record holds and why replaying it is safe; this
module says what of the invocation goes into its key, and prints.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skilllint.engine.cache.location import cache_root

if TYPE_CHECKING:
    from skilllint.reading.fsview import RunInputs

ENVIRONMENT = ("FORCE_COLOR", "NO_COLOR", "GITHUB_ACTIONS", "SKILLLINT_DEBUG", "LANG", "LC_ALL", "LC_CTYPE")
"""The environment variables a run's output can depend on (besides PYTHON*, all taken)."""
CACHE_LOCATION = ("SKILLLINT_CACHE_DIR", "XDG_CACHE_HOME", "HOME")
"""Variables that only say where the cache is: the key holds the folder they decide, not them (a
benchmark that points each run's SKILLLINT_CACHE_DIR elsewhere but passes --cache-dir still replays)."""
_NOT_OUTPUT = frozenset({"jobs", "no_progress"})
"""Options that change how a run goes, never what it prints (output is the same for any --jobs)."""


def record_root(options: dict[str, Any]) -> Path | None:
    """Where a run's record is kept: the cache folder as decided before any config is read. A
    record is written only by a run whose configs leave the cache there (so one is found again
    without reading a config), and never for --no-cache, a run that injects faults, one that writes
    a baseline (a replay would have to write the file again; writing one is rare), nor one that fixes
    (--fix writes files; --diff prints what it read outside the record)."""
    if options.get("no_cache") or options.get("inject_fault") or options.get("write_baseline") \
            or options.get("fix") or options.get("diff"):
        return None
    return cache_root(cli_dir=options.get("cache_dir"), cwd=Path.cwd())


def invocation(paths: list[str], options: dict[str, Any], root: Path) -> dict[str, Any]:
    """Everything about this invocation that decides what it prints, but the file system; `root`
    is the cache folder (the record is there: it decides nothing else)."""
    environ = os.environ
    streams = []
    for stream in (sys.stdout, sys.stderr):
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):  # a closed or odd stream
            tty = None
        streams.append([tty, getattr(stream, "encoding", None), getattr(stream, "errors", None)])
    return {
        "cwd": os.getcwd(),
        "cache": os.fspath(root),
        "paths": list(paths),
        "options": sorted((name, value) for name, value in options.items() if name not in _NOT_OUTPUT),
        "environment": sorted((name, environ[name]) for name in environ
                              if name in ENVIRONMENT or name.startswith("PYTHON")),
        "streams": streams,
    }


def replay(paths: list[str], options: dict[str, Any]) -> int | None:
    """Print the stored output of this same invocation and return its exit code, when every input
    the run recorded is unchanged; else None (nothing printed: the run goes the normal way)."""
    root = record_root(options)
    if root is None:
        return None
    from skilllint.engine.cache.runrecord import load, run_key

    try:
        found = load(root, run_key(invocation(paths, options, root)))
    except (OSError, ValueError):
        return None
    if found is None or not found.holds():
        return None
    emit(found.stdout, found.stderr, options.get("output_file"))
    return found.code


def emit(stdout: str | Iterable[str], stderr: str, output_file: str | None = None, keep: bool = False
         ) -> list[bytes] | None:
    """Write a run's output: the same calls whether it was just computed or is replayed. With
    `--output-file`, the report replaces that file (atomically, even when empty) instead of going
    to stdout: a replay writes it again, byte for byte. `stdout` may come in pieces, written as
    they come (a report of 100,000 findings is never one string); with `keep`, the bytes written
    come back, in pieces, for the run's record."""
    pieces = (stdout,) if isinstance(stdout, str) else stdout
    kept: list[bytes] | None = [] if keep else None
    if output_file:
        from skilllint.output.commands.outputfile import write_file

        text = "".join(pieces)
        if kept is not None:
            kept.append(text.encode("utf-8", "surrogatepass"))
        write_file(output_file, text.encode("utf-8", "backslashreplace"), "output file")
    else:
        wrote = False
        for piece in pieces:
            if kept is not None:
                kept.append(piece.encode("utf-8", "surrogatepass"))
            if piece:
                sys.stdout.write(piece)
                wrote = True
        if wrote:
            sys.stdout.flush()
    if stderr:
        click.echo(stderr, err=True, nl=False)
    return kept


def forget(paths: list[str], options: dict[str, Any]) -> None:
    """Delete the record of this invocation: a run that reached the normal path found it stale (or
    none), and keeps no new one (too big a tree, an internal error, a file changed during the run);
    left in place, every later run would read it in vain."""
    root = record_root(options)
    if root is None:
        return
    from skilllint.engine.cache.runrecord import run_key
    from skilllint.engine.cache.store import EntryStore

    EntryStore(root).drop(run_key(invocation(paths, options, root)))


def store(paths: list[str], options: dict[str, Any], inputs: RunInputs, stdout: list[bytes], stderr: str,
          code: int) -> None:
    """Keep the record of a run that just printed `stdout` (the pieces `emit` kept) and `stderr`, when it
    can be replayed."""
    root = record_root(options)
    if root is None or inputs.cache_dirs != {os.fspath(root)}:
        return  # a config moved the cache: a replay would not find the record without reading the config
    from skilllint.engine.cache.runrecord import build, run_key
    from skilllint.engine.cache.store import EntryStore

    collecting = gc.isenabled()
    gc.disable()  # building it makes a list per input, and no cycle: collections would only rescan them
    try:
        data = build(inputs, stdout, stderr, code)
    finally:
        if collecting:
            gc.enable()
    key = run_key(invocation(paths, options, root))
    if data is not None:
        EntryStore(root).put(key, data)
    else:  # (a file read two ways, found only now): left in place, every later run would read it in vain
        EntryStore(root).drop(key)
