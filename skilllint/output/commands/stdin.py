"""`skilllint check - --stdin-filename PATH`: lint standard input as if it were the file PATH.

An editor or a pipeline has the text, not a saved file. Everything but the file's own bytes
comes from PATH's place on disk: what kind of file it is (a skill's SKILL.md, a subagent, a
command, a plugin or settings file, a tool manifest: by its name and folder, as when PATH is
named on the command line), the config nearest to it, the target its folder implies, the
files around it that rules consult. PATH need not exist (a new file not yet saved).

`-` without `--stdin-filename` is a usage error (exit 2): what a text is depends on its name
(`SKILL.md`, `.claude/agents/x.md`, `settings.json`...), and a guessed name would bring
findings about the guess (a skill whose name does not match its folder). `--stdin-filename`
with no path reads standard input too, as ruff does. `--fix` and `--diff` are usage errors
with it: they would edit the file on disk, which is not the text that was linted.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from skilllint.output.commands.check import run_check

STDIN = "-"


def run_stdin(paths: list[str], options: dict[str, Any]) -> int:
    """Check the arguments, read standard input whole, lint it as `--stdin-filename`."""
    name = options.get("stdin_filename")
    if any(path != STDIN for path in paths) or paths.count(STDIN) > 1:
        raise click.UsageError("`-` (standard input) is the only path of a run that reads standard input")
    if name is None:
        raise click.UsageError("`-` reads standard input: name the file it stands for with --stdin-filename PATH "
                               "(its name and folder decide what it is and which config applies)")
    if not name or os.path.isdir(name):
        raise click.UsageError(f"--stdin-filename names a folder, not a file: {name!r}")
    if options.get("fix") or options.get("diff"):  # they would edit the file on disk, not the text
        raise click.UsageError("--fix and --diff do not apply to standard input")
    data = sys.stdin.buffer.read()
    return run_check([name], {**options, "no_cache": True}, overlay={os.path.abspath(name): data})
