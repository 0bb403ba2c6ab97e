"""`skilllint targets`, `targets show ID` and `resolve NAME... --target ID`: the runtime
tables and the resolver, shown as users need them to understand a finding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from skilllint.checks._tools import explain_resolution
from skilllint.runtimes.targets import Target, builtin_targets
from skilllint.settings.build import load_settings_config, resolve_targets


def _all_targets(options: dict[str, Any]) -> dict[str, Target]:
    from skilllint.runtimes.targets import TargetError, build_targets
    from skilllint.settings.build import user_runtimes
    from skilllint.settings.config import ConfigError

    config = load_settings_config(options, Path.cwd())
    try:
        return build_targets(user_runtimes(config))
    except TargetError as error:  # name the file, as `check` does
        if config.path is None:
            raise
        raise ConfigError(f"{config.path}: {error}") from error


def list_targets(options: dict[str, Any]) -> int:
    targets = _all_targets(options)
    rows = []
    for ident in sorted(targets):
        target = targets[ident]
        count = "all" if target.tools is None else str(len(target.tools))
        source = target.source.split(";")[0].strip() if target.source else "(config)"
        if len(source) > 60:
            source = source[:57] + "..."
        observed = (target.observed or "-").split(" ")[0]
        rows.append((ident, count, target.confidence, observed, source))
    widths = [max(len(r[i]) for r in rows + [("id", "tools", "confidence", "observed", "source")])
              for i in range(4)]
    header = ("id", "tools", "confidence", "observed", "source")
    for row in [header, *rows]:
        click.echo("  ".join(c.ljust(widths[i]) if i < 4 else c for i, c in enumerate(row)).rstrip())
    return 0


def show_target(ident: str, options: dict[str, Any]) -> int:
    targets = _all_targets(options)
    if ident not in targets:
        raise click.UsageError(f"unknown target `{ident}`; `skilllint targets` lists them")
    target = targets[ident]
    click.echo(f"{target.id}: {target.display_name}")
    for label, value in (
        ("source", target.source), ("observed", target.observed), ("confidence", target.confidence),
        ("extends", target.extends), ("case-sensitive", str(target.case_sensitive).lower()),
        ("name pattern", target.name_pattern), ("alias exposure", target.alias_exposure),
        ("mcp pattern", target.mcp_pattern), ("frontmatter", target.dialect),
        ("tool fields", ", ".join(f"{k} ({v})" for k, v in target.tool_fields.items())),
    ):
        if value:
            click.echo(f"  {label}: {value}")
    if target.tools is None:
        click.echo("  tools: every known runtime's (the portable baseline)")
    else:
        click.echo(f"  tools ({len(target.tools)}):")
        width = max((len(t.name) for t in target.tools), default=0)
        for tool in sorted(target.tools, key=lambda t: t.name.lower()):
            extra = []
            if tool.status != "default":
                extra.append(tool.status)
            if tool.aliases:
                extra.append("aliases: " + ", ".join(tool.aliases))
            if tool.deprecated_aliases:
                extra.append("deprecated: " + ", ".join(tool.deprecated_aliases))
            tail = f"  [{'; '.join(extra)}]" if extra else ""
            click.echo(f"    {tool.name:<{width}}  {tool.capability}{tail}")
    parent = targets.get(target.extends or "")
    if target.notes and parent is not None and parent.notes == target.notes and target.id not in builtin_targets():
        # a target of the config inherits its runtime's notes, which speak of that runtime ("No aliases are
        # built in"): point to them instead of repeating them as this target's
        click.echo(f"  notes: those of `{parent.id}`, which this target extends (`skilllint targets show "
                   f"{parent.id}`); its own tools and aliases are listed above")
    elif target.notes:
        click.echo(f"  notes: {target.notes.strip()}")
    return 0


def resolve_names(names: tuple[str, ...], options: dict[str, Any]) -> int:
    config = load_settings_config(options, Path.cwd())
    targets = resolve_targets(config, options)
    failed = False
    for target in targets:
        for name in names:
            resolved, lines = explain_resolution(name, target)
            click.echo("\n".join(lines))
            failed = failed or not resolved
    return 1 if failed else 0
