"""`skilllint check PATH... --show-settings`: what governs each path, as ruff's `--show-settings`.

For each path: the config file that governs it (found by walking up from it, as `check` finds it), the
targets it is checked against and why (the command line, the config's `targets`, or the folder it is
kept in), the rules that run (and those the selection turned off or that are off by default), the
severities the config sets, the ignores that apply to it, `fail-on` and the result cache. Nothing is
linted; the answer is what `check` would use."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from skilllint.core.textsafe import escape
from skilllint.settings.build import settings_by_config


def show_settings(paths: list[str], options: dict[str, Any]) -> int:
    from skilllint.checks.registry import all_rules
    from skilllint.reading.globs import matches

    cwd = Path.cwd()
    every = all_rules()
    blocks: list[str] = []
    for settings, config, members in settings_by_config(paths, options, cwd):
        for raw in members:
            lines = [escape(raw)]
            if options.get("isolated"):
                where = "none (--isolated)"
            elif config.path is None:
                where = "none found above the path"
            else:
                where = escape(os.path.relpath(config.path, cwd))
            lines.append(f"  config: {where}")
            lines.append(f"  targets: {_targets(raw, settings, options, config.data)}")
            on = {rule.code for rule in settings.rules}
            off_default = [rule.code for rule in every if not rule.enabled and rule.code not in on]
            turned_off = [rule.code for rule in every if rule.enabled and rule.code not in on]
            lines.append(f"  rules on: {len(on)} of {len(every)}")
            if turned_off:
                lines.append(f"  turned off by the selection: {', '.join(turned_off)}")
            if off_default:
                lines.append(f"  off by default (--select to run): {', '.join(off_default)}")
            if settings.severity:
                shown = ", ".join(f"{code} {'off' if level is None else level.value}"
                                  for code, level in sorted(settings.severity.items()))
                lines.append(f"  severity set by the config: {shown}")
            relative = os.path.relpath(cwd / raw, cwd).replace(os.sep, "/")
            ignored = [code for glob, codes in settings.per_file_ignores if matches(relative, (glob,))
                       for code in codes]
            if ignored:
                lines.append(f"  per-file-ignores here: {', '.join(ignored)}")
            if settings.exclude:
                lines.append(f"  exclude: {', '.join(escape(glob) for glob in settings.exclude)}")
            fail_on = options.get("fail_on") or config.get("fail-on", "error")
            lines.append(f"  fail-on: {fail_on}")
            cache = "off (--no-cache)" if settings.cache_dir is None else escape(str(settings.cache_dir))
            lines.append(f"  result cache: {cache}")
            blocks.append("\n".join(lines))
    click.echo("\n\n".join(blocks))
    return 0


def _targets(raw: str, settings: Any, options: dict[str, Any], data: dict[str, Any]) -> str:
    """The targets the path is checked against, and why."""
    if options.get("targets"):
        return f"{', '.join(t.id for t in settings.targets)} (--target)"
    if "targets" in data:
        return f"{', '.join(t.id for t in settings.targets)} (the config's `targets`)"
    location = settings.location_defaults
    if location is None:
        return f"{', '.join(t.id for t in settings.targets)}"
    path = Path(raw).resolve()
    folder = path if path.is_dir() else path.parent
    choice = location.choose(os.fspath(folder))
    return f"{choice.target} ({choice.reason})"
