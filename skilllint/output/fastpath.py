"""The console script: a re-run of an unchanged `check` replays its run record before click is loaded.

A pre-commit re-run of an unchanged skill took six times `python -c pass`, most of it importing click
(and pathlib, OpenSSL's hashlib), none of which a replay needs. So `main` first reads the arguments
itself, for the common simple case only: `check`, paths, and the options that only shape the output
(`--format`, `--target`, `--select`, `--quiet`, `--config`, `--cache-dir`...). From them it builds the
exact options click would hand `check` (defaults included) and so the run record's key, and replays
the record when everything it read still holds: the same bytes on stdout and stderr and the same exit
code as the normal path's replay (`skilllint.output.commands.replay`), which `tests/test_fast_replay.py`
compares.

Anything else goes to the normal command line, untouched (nothing has been printed by then): another
command, an option it does not know, `--help`, `-` or `--`, `--fix`, `--diff`, `--no-cache`,
`--output-file`, `--write-baseline`, `--show-settings`, `--stdin-filename`, a value click might refuse
(a `--format` it does not list, `--jobs 0`, a `--config` that is a folder, an unreadable path), a
cache folder pathlib would spell differently, a stream click would rewrap, no record, or a record whose
inputs changed. That fall-through is always right; this module only has to never replay what the
normal path would not.
"""

from __future__ import annotations

import gc
import io
import os
import stat
import sys
from typing import Any

DEFAULTS: dict[str, Any] = {
    "targets": (), "fmt": "auto", "fail_on": None, "select": (), "extend_select": (), "ignore": (), "jobs": None,
    "config_path": None, "isolated": False, "force_exclude": False, "statistics": False, "quiet": False,
    "color": None, "no_progress": False, "no_cache": False, "cache_dir": None, "fix": False, "diff": False,
    "baseline": None, "write_baseline": None, "output_file": None, "exit_zero": False, "debug": False,
    "show_settings": False, "stdin_filename": None, "inject_fault": None,
}
"""What click hands `check` for each option not given (`skilllint.output.cli.check`; a test keeps them equal)."""
FLAGS = {"--isolated": "isolated", "--force-exclude": "force_exclude", "--statistics": "statistics",
         "-q": "quiet", "--quiet": "quiet", "--no-progress": "no_progress", "--exit-zero": "exit_zero",
         "--debug": "debug"}
"""The flags the fast path reads: each sets its option to True."""
VALUES = {"-t": "targets", "--target": "targets", "--format": "fmt", "--fail-on": "fail_on", "--select": "select",
          "--extend-select": "extend_select", "--ignore": "ignore", "-j": "jobs", "--jobs": "jobs",
          "--config": "config_path", "--cache-dir": "cache_dir", "--baseline": "baseline"}
"""The options with a value the fast path reads. Those in MULTIPLE repeat; of the others the last wins."""
MULTIPLE = frozenset({"targets", "select", "extend_select", "ignore"})
CHOICES = {"fmt": frozenset({"auto", "full", "text", "concise", "json", "sarif", "github"}),
           "fail_on": frozenset({"error", "warning", "info"})}
FILES = frozenset({"config_path", "baseline"})
"""Options click checks as `Path(dir_okay=False)`: an existing folder or unreadable file is its usage error."""
ENVIRONMENT = ("FORCE_COLOR", "NO_COLOR", "GITHUB_ACTIONS", "SKILLLINT_DEBUG", "LANG", "LC_ALL", "LC_CTYPE")
"""`replay.ENVIRONMENT`: the variables (besides PYTHON*) in the key."""
NOT_OUTPUT = frozenset({"jobs", "no_progress"})
"""`replay._NOT_OUTPUT`: options left out of the key."""
EXIT_FINDINGS, EXIT_ERROR = 1, 2


def main() -> None:
    """`skilllint`: the replay when it applies, else the command line."""
    code = fast_replay(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from skilllint.output.cli import main as cli_main

    cli_main()


def fast_replay(argv: list[str]) -> int | None:
    """Replay the record of `skilllint ARGV` and return its exit code; None (nothing printed) when
    the normal command line must decide."""
    if os.sep != "/" or os.altsep is not None or any(name.endswith("_COMPLETE") for name in os.environ):
        return None  # Windows (click rewrites arguments and console streams), or shell completion
    collecting = gc.isenabled()
    gc.disable()  # a record is one JSON text of many small lists: no cycles to collect while it is read
    try:
        parsed = parse(argv)
        if parsed is None:
            return None
        paths, options = parsed
        root = cache_root(options["cache_dir"])
        if root is None:
            return None
        from skilllint.engine.cache.runrecord import load, run_key

        found = load(root, run_key(invocation(paths, options, root)))
        if found is None or not writable_as_the_normal_path(found.stdout, found.stderr) \
                or not found.holds(by_signature=True):
            return None
    except Exception:  # noqa: BLE001 - whatever went wrong, the normal path meets it again and reports it
        return None
    finally:
        if collecting:
            gc.enable()
    return emit(found.stdout, found.stderr, found.code, debug=options["debug"])


def parse(argv: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """The paths and the options click would give `check` for ARGV, or None if ARGV is anything but
    `check` with the options above, or click might refuse it."""
    if not argv or argv[0] != "check":
        return None
    options = dict(DEFAULTS)
    repeated: dict[str, list[str]] = {name: [] for name in MULTIPLE}
    paths: list[str] = []
    rest = argv[1:]
    index = 0
    while index < len(rest):
        arg = rest[index]
        index += 1
        if not arg.startswith("-"):
            if not arg or not _readable(arg, folder_ok=True):
                return None
            paths.append(arg)
            continue
        if arg in FLAGS:
            options[FLAGS[arg]] = True
            continue
        if arg in ("--color", "--no-color"):
            options["color"] = arg == "--color"
            continue
        name, value = arg, None
        if arg.startswith("--") and "=" in arg:
            name, _, value = arg.partition("=")
        elif arg[:2] in ("-t", "-j") and len(arg) > 2:
            name, value = arg[:2], arg[2:]
        dest = VALUES.get(name)
        if dest is None:
            return None
        if value is None:
            if index >= len(rest):
                return None
            value = rest[index]
            index += 1
        if value.startswith("-") or (dest in CHOICES and value not in CHOICES[dest]):
            return None
        if dest in MULTIPLE:
            repeated[dest].append(value)
        elif dest == "jobs":
            if not (value.isascii() and value.isdigit() and int(value) >= 1):
                return None
            options[dest] = int(value)
        elif dest in FILES and not _readable(value, folder_ok=False):
            return None
        else:
            options[dest] = value
    for name, values in repeated.items():
        options[name] = tuple(values)
    return paths or ["."], options


def _readable(path: str, *, folder_ok: bool) -> bool:
    """Whether click's `Path` type takes `path`: a missing one it takes; an existing one must be
    readable (its default), and no folder where `dir_okay=False`. A NUL (ValueError) is click's to
    report."""
    if "\0" in path:
        return False
    try:
        info = os.stat(path)
    except OSError:
        return True
    if not folder_ok and stat.S_ISDIR(info.st_mode):
        return False
    return os.access(path, os.R_OK)


def cache_root(cli_dir: str | None) -> str | None:
    """`os.fspath(location.cache_root(cli_dir=..., cwd=Path.cwd()))` without pathlib, or None: no
    cache, or a path pathlib would spell otherwise than its parts joined (`//`, `.`, a trailing `/`)."""
    here = os.getcwd()
    if cli_dir:
        return _joined(here, cli_dir)
    variable = os.environ.get("SKILLLINT_CACHE_DIR")
    if variable:
        return _joined(here, variable)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return _joined(xdg, "skilllint")
    home = os.path.expanduser("~")
    return _joined(home, ".cache", "skilllint")


def _joined(*parts: str) -> str | None:
    """What `str(Path(*parts))` is when that is the parts joined as they are (absolute, no empty or
    `.` component, no trailing separator); else None."""
    path = ""
    for part in parts:
        path = part if part.startswith("/") else f"{path}/{part}"
    if not path.startswith("/") or "//" in path or "/./" in path or path.endswith(("/", "/.")) or "\0" in path:
        return None
    return path


def invocation(paths: list[str], options: dict[str, Any], root: str) -> dict[str, Any]:
    """`replay.invocation`: what of this invocation goes into the record's key."""
    environ = os.environ
    streams = []
    for stream in (sys.stdout, sys.stderr):
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = None
        streams.append([tty, getattr(stream, "encoding", None), getattr(stream, "errors", None)])
    return {
        "cwd": os.getcwd(),
        "cache": root,
        "paths": list(paths),
        "options": sorted((name, value) for name, value in options.items() if name not in NOT_OUTPUT),
        "environment": sorted((name, environ[name]) for name in environ
                              if name in ENVIRONMENT or name.startswith("PYTHON")),
        "streams": streams,
    }


def writable_as_the_normal_path(stdout: str, stderr: str) -> bool:
    """Whether writing the output to sys.stdout and sys.stderr as it is gives what the normal path
    gives: it writes stdout itself, and stderr with `click.echo(stderr, err=True)`, which rewraps a
    stream with an ASCII encoding or no errors handler, and strips escape sequences when stderr is no
    terminal. Text a stream cannot encode is an error the normal path reports. Else it writes it."""
    if stdout and not _encodes(sys.stdout, stdout):
        return False
    if not stderr:
        return True
    stream = sys.stderr
    if not _encodes(stream, stderr) or not stream.errors:
        return False
    import codecs

    try:
        if codecs.lookup(stream.encoding).name == "ascii":
            return False
    except LookupError:
        return False
    return "\x1b" not in stderr or stream.isatty()


def _encodes(stream: Any, text: str) -> bool:
    """Whether `stream` is a plain text stream that takes `text` without an encoding error."""
    if not isinstance(stream, io.TextIOWrapper):
        return False
    if text.isascii() and stream.encoding.lower().replace("_", "-") in ("utf-8", "utf8"):
        return True
    try:
        text.encode(stream.encoding, stream.errors or "strict")
    except (LookupError, ValueError):  # UnicodeEncodeError is a ValueError
        return False
    return True


def emit(stdout: str, stderr: str, code: int, *, debug: bool) -> int:
    """Write the record's output as `replay.emit` does, with the exit codes `cli._guard` gives when
    writing fails (the reader of a pipe went away: 1; anything else: 2 with one line)."""
    try:
        if stdout:
            sys.stdout.write(stdout)
            sys.stdout.flush()
        if stderr:
            sys.stderr.write(stderr)
            sys.stderr.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS
    except KeyboardInterrupt:
        import click

        click.echo("skilllint: interrupted", err=True)
        return EXIT_ERROR
    except Exception as error:  # noqa: BLE001 - as the normal path: one line, exit 2
        from skilllint.output import cli

        cli._report(error, debug)
        return EXIT_ERROR
    return code
