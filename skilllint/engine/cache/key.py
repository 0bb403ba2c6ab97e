"""What a cached result is keyed by: everything about the run that can change a skill's
findings, and the skill itself.

The run's part (`run_fingerprint`, computed once per run and config):
- skilllint's version and a SHA-256 of every file of the package and of its rules/ and schemas/
  (an edited rule, runtime YAML, schema or data table invalidates, installed or not);
- the Python (version, platform) and the distributions installed beside it (their dist-info
  names carry their versions: a new PyYAML or rapidfuzz may word a message differently);
- from the settings: the working folder (paths in findings are relative to it), the rules on,
  severity overrides, rule options, the size limit and time budget, each target's whole
  definition (user runtimes, their aliases and `tools_from` tools included) and whether the
  targets were chosen by location; and the config's content.

The skill's part (`skill_key`): its file's absolute path and spelling, the targets it was
checked against and why, and the recorded read of its bytes (digest and size, or the error).
What its checks asked the file system beyond that is not in the key but in the entry, checked
before use (`skilllint.reading.fsview`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skilllint.core import fastjson
from skilllint.core.resources import PACKAGE_DIR, rules_dir, schemas_dir
from skilllint.engine.cache import package
from skilllint.engine.cache.hashing import hash_value as _hash
from skilllint.engine.cache.hashing import sha256_hex
from skilllint.version import __version__

if TYPE_CHECKING:
    from skilllint.engine.runsettings import Settings

FORMAT = 2
"""Bumped when what an entry holds, or how the key is made, changes."""
IMPORTED_NS = time.time_ns()
"""When this module was loaded: before any `package_digest()` of this process read the files."""


def package_tops() -> list[str]:
    """The folders `package_digest` covers (`package.tops`)."""
    return package.tops(str(PACKAGE_DIR), str(rules_dir()), str(schemas_dir()))


@cache
def package_digest() -> str:
    """SHA-256 over the package's own files (sources, runtime tables, data) and the shipped rules/
    and schemas/, by relative path and content (`package.digest`). Compiled files are left out: they
    follow the source. About 7 ms for the 400-odd files of an installed wheel."""
    return package.digest(package_tops())


@cache
def environment() -> tuple[Any, ...]:
    """The Python and the distributions installed for it (dist-info and egg-info names, which carry
    versions), found by listing the folders on sys.path: a quarter of a millisecond."""
    installed: list[str] = []
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        installed.extend(name for name in names if name.endswith((".dist-info", ".egg-info")))
    import yaml  # loaded already by the time a run starts: the reading layer parses with it

    return (sys.version, sys.platform, sys.implementation.cache_tag, sorted(installed),
            yaml.__version__, bool(getattr(yaml, "__with_libyaml__", False)))


def run_fingerprint(settings: Settings, config_digest: str) -> str:
    """Everything about a run (settings, skilllint, Python) that a skill's findings may depend on."""
    by_location = settings.location_defaults
    return _hash({
        "format": FORMAT,
        "version": __version__,
        "package": package_digest(),
        "environment": environment(),
        "cwd": os.fspath(settings.cwd),
        "rules": [rule.code for rule in settings.rules],
        "severity": sorted((code, None if level is None else level.value) for code, level in settings.severity.items()),
        "options": sorted((name, repr(value)) for name, value in settings.options.items()),
        "max_bytes": settings.max_bytes,
        "budget": settings.file_budget,
        "targets": [repr(target) for target in settings.targets],
        "by_location": None if by_location is None else [repr(by_location.targets[ident])
                                                         for ident in sorted(by_location.targets)],
        "config": config_digest,
    })


def config_digest(path: Path | None, data: Mapping[str, Any]) -> str:
    """The config as the run read it (its file's path and its parsed content)."""
    return _hash([None if path is None else os.fspath(path), data])


def skill_key(run: str, file: str, wrong_case: bool, targets: Sequence[str], reason: str, read: Any) -> str:
    """The key of one skill's entry: the run's fingerprint, the skill, and its bytes as read."""
    # orjson's compact JSON of plain strings, numbers, booleans and lists is exact and stable (a sixth of
    # the time of their repr, one key per skill); what it refuses (a lone surrogate, an integer beyond
    # 64 bits) is hashed as its repr, which no JSON array can equal (it starts with a parenthesis)
    parts = (run, file, wrong_case, tuple(targets), reason, read)
    fast = fastjson.orjson_module()
    if fast is not None:
        try:
            return sha256_hex(fast.dumps(parts))
        except TypeError:
            pass
    return sha256_hex(repr(parts).encode("utf-8", "surrogatepass"))
