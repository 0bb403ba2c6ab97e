"""`skilllint cache dir` and `skilllint cache clear`: where `check` keeps its results, and emptying it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from skilllint.core.textsafe import escape
from skilllint.engine.cache.location import cache_root
from skilllint.settings.build import load_settings_config


def _root(options: dict[str, Any]) -> Path | None:
    """The folder `check` run here with these options would use (the config is found as it finds it)."""
    cwd = Path.cwd()
    config = load_settings_config(options, cwd)
    return cache_root(cli_dir=options.get("cache_dir"), config_dir=config.get("cache-dir"),
                      config_base=config.base_dir, cwd=cwd)


def show_dir(options: dict[str, Any]) -> int:
    root = _root(options)
    click.echo("no cache folder: no home folder to keep it in; set SKILLLINT_CACHE_DIR" if root is None
               else escape(str(root)))
    return 0


def clear(options: dict[str, Any]) -> int:
    from skilllint.engine.cache.pack import FORMAT_DIR, clear_packs
    from skilllint.engine.cache.store import EntryStore

    root = _root(options)
    if root is None:
        click.echo("no cache folder: nothing to clear")
        return 0
    removed = clear_packs(str(root / FORMAT_DIR)) + EntryStore(root).clear()
    click.echo(f"removed {removed:,} cache entr{'y' if removed == 1 else 'ies'} from {escape(str(root))}")
    return 0
