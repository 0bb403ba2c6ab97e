"""Where the cache lives: `--cache-dir`, else $SKILLLINT_CACHE_DIR, else config `cache-dir`,
else $XDG_CACHE_HOME/skilllint, else ~/.cache/skilllint; `--no-cache` turns it off.

Never inside the linted tree unless the user puts it there: a cache that lands in the project
dirties `git status` and is walked by the next run. The environment variable beats the config
(as RUFF_CACHE_DIR beats ruff's `cache-dir`), so a CI job or a test suite can move every run's
cache without editing configs.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "SKILLLINT_CACHE_DIR"


def cache_root(*, no_cache: bool = False, cli_dir: str | None = None, config_dir: str | None = None,
               config_base: Path | None = None, cwd: Path | None = None) -> Path | None:
    """The cache folder a run uses, or None for no cache. `cli_dir` is relative to `cwd`,
    `config_dir` to the folder of the config that names it (`config_base`)."""
    if no_cache:
        return None
    here = cwd or Path.cwd()
    if cli_dir:
        return here / cli_dir
    if os.environ.get(ENV_VAR):
        return here / os.environ[ENV_VAR]
    if config_dir:
        return (config_base or here) / config_dir
    return default_root()


def default_root() -> Path | None:
    """$XDG_CACHE_HOME/skilllint (an absolute XDG_CACHE_HOME only, as the XDG spec says), else
    ~/.cache/skilllint; None when there is no home folder to put it in."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "skilllint"
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):  # no HOME and no passwd entry
        return None
    if not home.is_absolute():  # HOME="" would put the cache in the working folder
        return None
    return home / ".cache" / "skilllint"
