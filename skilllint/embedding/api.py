"""The Python API, for tools that embed skilllint: the same engine, rules and configs as
`skilllint check`, with the diagnostics returned instead of printed.

    import skilllint

    for d in skilllint.check(["skills"], targets=["claude-code"]):
        print(f"{d.path}:{d.span.line}:{d.span.column}: {d.code} {d.severity} {d.message}")

    # an editor's buffer, linted as the file it will be saved as (config, folder and
    # neighbours taken from that path on disk)
    skilllint.check_text(text, "skills/deploy/SKILL.md")

What the command line exits 2 for (a config that cannot be used, an unknown target or rule, a
path that does not exist) raises `CheckError`; a bad file never raises, it is a diagnostic. The
API prints nothing and writes nothing (no result cache); `import skilllint` loads this module
only when one of these names is first used.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from skilllint.core.model import Diagnostic
from skilllint.engine.linter import lint_paths
from skilllint.reading.discover import PathNotFoundError
from skilllint.reading.fsview import Overlay
from skilllint.runtimes.targets import TargetError
from skilllint.settings.build import SettingsError, build_settings, lint_by_config
from skilllint.settings.config import Config, ConfigError, validate_config

PathLike = str | os.PathLike[str]
ConfigArg = PathLike | Mapping[str, Any] | None
"""`None`: each path's nearest config file, as the command line finds it; a path: that file (as
`--config`); a mapping: the settings themselves, as a `.skilllint.yaml` would hold them and
validated the same way (`{}`: no config at all, as `--isolated`)."""


class CheckError(Exception):
    """What `skilllint check` exits 2 for: a config that cannot be used, an unknown target or rule,
    a path that does not exist. The message is the one the command line prints."""


def check(paths: PathLike | Iterable[PathLike], *, targets: str | Iterable[str] | None = None,
          config: ConfigArg = None, select: str | Iterable[str] | None = None,
          ignore: str | Iterable[str] | None = None, cwd: PathLike | None = None, jobs: int = 1) -> list[Diagnostic]:
    """Lint skill folders, SKILL.md files, subagents, commands, plugin and settings files and tool
    manifests, as `skilllint check PATH...` does, and return the diagnostics in the order it prints
    them (path, line, column, code).

    `targets`: runtime ids (default: config `targets`, else each skill's by its folder);
    `select`, `ignore`: rule codes, names or prefixes, as the flags take them; `cwd`: the folder
    relative paths (given and returned) start from (default: the working folder); `jobs`: worker
    processes (more than one forks, which a program with threads may not want)."""
    wanted = [os.fspath(paths)] if isinstance(paths, str | os.PathLike) else [os.fspath(p) for p in paths]
    return _lint(wanted, _options(targets, select, ignore, jobs), config, Path(cwd or Path.cwd()), None)


def check_text(text: str | bytes, path: PathLike, *, targets: str | Iterable[str] | None = None,
               config: ConfigArg = None, select: str | Iterable[str] | None = None,
               ignore: str | Iterable[str] | None = None, cwd: PathLike | None = None) -> list[Diagnostic]:
    """Lint `text` as if it were the content of the file `path` (which need not exist): what kind
    of file it is, its config, its target and the files around it come from `path` on disk, as
    `skilllint check - --stdin-filename PATH` does. Returns the diagnostics of that run, which
    can include other files it reads (a skill's `metadata.yaml`); a path that is no file
    skilllint lints (nor inside a skill) gives none."""
    base = Path(cwd or Path.cwd())
    file = os.path.abspath(base / os.fspath(path))
    data = text.encode("utf-8", errors="surrogateescape") if isinstance(text, str) else bytes(text)
    return _lint([file], _options(targets, select, ignore, 1), config, base, {file: data})


def _options(targets: str | Iterable[str] | None, select: str | Iterable[str] | None,
             ignore: str | Iterable[str] | None, jobs: int) -> dict[str, Any]:
    """The command line's options for these arguments, without the result cache (the API writes nothing)."""
    return {"targets": _strings(targets), "select": _strings(select), "ignore": _strings(ignore),
            "jobs": max(1, jobs), "no_cache": True}


def _strings(value: str | Iterable[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _lint(paths: list[str], options: dict[str, Any], config: ConfigArg, cwd: Path, overlay: Overlay | None
          ) -> list[Diagnostic]:
    if not paths:
        return []
    try:
        if isinstance(config, Mapping):
            data = dict(config)
            validate_config(data, "config")
            settings, _ = build_settings(options, cwd, Config(None, data))
            settings.overlay = overlay or {}
            return lint_paths(paths, settings).diagnostics
        if config is not None:
            options["config_path"] = os.fspath(cwd / os.fspath(config))
        return lint_by_config(paths, options, cwd, overlay=overlay)[2].diagnostics
    except PathNotFoundError as error:
        raise CheckError(f"path does not exist: {error.args[0]}") from error
    except (ConfigError, SettingsError, TargetError) as error:
        raise CheckError(str(error)) from error
