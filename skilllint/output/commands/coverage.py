"""`skilllint coverage`: the names a target is missing across a corpus, and the aliases that
would close the gap (skilllint.portability.coverage), printed in one of its formats.

Exit codes as `check`: 0 every skill resolves fully, 1 some name does not reach the model, 2 usage,
configuration or internal error. The formats that are files to use (`config`, `sisu`) exit 0 when
written: a script that redirects them (`coverage --format config > aliases.yaml && ...`) must
not stop because the report it asked for found something to propose.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from skilllint.engine.linter import map_skills
from skilllint.output.commands.progress import progress_bar
from skilllint.output.formatters.coverage import RENDERERS
from skilllint.portability.coverage import Tally, report
from skilllint.portability.references import SkillMisses
from skilllint.reading.discover import discover
from skilllint.runtimes.targets import Target
from skilllint.settings.build import SettingsError, settings_by_config

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
FILE_FORMATS = frozenset({"config", "sisu"})


def _one_target(targets: list[Target], chosen: bool) -> Target:
    if not chosen or len(targets) != 1:
        raise click.UsageError("coverage needs exactly one target: --target ID (or one in config `targets`)")
    return targets[0]


def _is_sisu(target: Target, available: dict[str, Target]) -> bool:
    """Whether the target is SISU or extends it (the `sisu` format is its `registerTools` map)."""
    seen: set[str] = set()
    current: Target | None = target
    while current is not None and current.id not in seen:
        if current.id == "sisu":
            return True
        seen.add(current.id)
        current = available.get(current.extends) if current.extends else None
    return False


def run_coverage(paths: list[str], options: dict[str, Any]) -> int:
    cwd = Path.cwd()
    try:
        groups = settings_by_config(paths, options, cwd)
    except SettingsError as error:
        raise click.UsageError(str(error)) from None
    fmt = options.get("fmt") or "text"
    tally = Tally()
    target: Target | None = None
    show = sys.stderr.isatty() and not options.get("no_progress")
    for settings, config, members in groups:
        chosen = bool(options.get("targets")) or "targets" in config.data
        target = _one_target(settings.targets, chosen)
        if fmt == "sisu":
            from skilllint.runtimes.targets import build_targets
            from skilllint.settings.build import user_runtimes

            if not _is_sisu(target, build_targets(user_runtimes(config))):
                raise click.UsageError(f"--format sisu is SISU's registerTools map; `{target.id}` is not sisu "
                                       "and does not extend it (use --format config)")
        discovery = discover(members, cwd, settings.exclude, settings.manifest_globs, settings.force_exclude)
        work = SkillMisses(target, cwd, settings.max_bytes)
        for refs in map_skills(discovery.skills, settings, work, work.lost, progress_bar if show else None):
            tally.add(refs)
    assert target is not None
    result = report(tally, target)
    sys.stdout.write(RENDERERS[fmt](result))
    if tally.failed:
        click.echo(f"skilllint: internal error on {tally.failed:,} skill(s): left out of the counts; run "
                   "`skilllint check --debug` on them and report it", err=True)
        return EXIT_ERROR
    if fmt in FILE_FORMATS:
        return EXIT_CLEAN
    return EXIT_FINDINGS if result.names else EXIT_CLEAN
