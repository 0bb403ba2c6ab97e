"""skilllint's own files: their digest (what the cache keys on), and a cheap test that they are as
they were when a run record was written.

The digest reads every source, runtime table, rule card and schema: about 7 ms, a quarter of
what a run-record replay may take in all. A record therefore also keeps the `signature` of those
files (each one's `os.stat`: mtime, ctime, inode, size, device), taken after the run read them and
kept only when every file is older than the process that read them (less the racy margin): then
nothing was written to them while the run used them, and the same signature later means the same
bytes, as for the linted files (`runrecord.py`). The replay's fast path (`skilllint.output.fastpath`)
stats the files instead of reading them, and computes the digest only when a signature differs.

Imports only `os` and the cache's hashing: the fast path runs before pathlib, click or PyYAML.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from skilllint.engine.cache.hashing import sha256, sha256_hex

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
"""The `skilllint` folder, as `skilllint.core.resources.PACKAGE_DIR` spells it (both resolve their
own file's path), found without pathlib."""


def tops(package: str, rules: str, schemas: str) -> list[str]:
    """The folders the digest covers: the package, and the rules/ and schemas/ shipped outside it
    (a checkout keeps them at the repository's top; a wheel inside the package, in _data/)."""
    return [package, *(folder for folder in (rules, schemas) if not folder.startswith(package + os.sep))]


def default_tops() -> list[str] | None:
    """`tops` of the running package, found as `skilllint.core.resources` finds its data folders;
    None when one is missing (the normal path then reports it)."""
    found = []
    for name in ("rules", "schemas"):
        installed = os.path.join(PACKAGE_DIR, "_data", name)
        checkout = os.path.join(os.path.dirname(PACKAGE_DIR), name)
        if os.path.isdir(installed):
            found.append(installed)
        elif os.path.isdir(checkout):
            found.append(checkout)
        else:
            return None
    return tops(PACKAGE_DIR, found[0], found[1])


def files(folders: Sequence[str]) -> Iterator[tuple[int, str, str]]:
    """Each file the digest covers: (index of its top folder, path relative to it, path), in the
    digest's order. Compiled files are left out: they follow the source."""
    join, relpath = os.path.join, os.path.relpath
    for index, top in enumerate(folders):
        # where `top` is spelled as relpath spells it, a path below it is relative by slicing (relpath
        # cost 40% of a replay's check of the files)
        plain = len(top) + 1 if os.path.isabs(top) and os.path.normpath(top) == top and top != os.sep else 0
        for folder, subfolders, names in os.walk(top):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(names):
                if not name.endswith((".pyc", ".pyo")):
                    if plain:
                        path = f"{folder}{os.sep}{name}"  # join's result: `folder` has no trailing separator
                        yield index, path[plain:], path
                    else:
                        path = join(folder, name)
                        yield index, relpath(path, top), path


def digest(folders: Sequence[str]) -> str:
    """SHA-256 over the files of `folders`, by relative path and content."""
    total = sha256(large=True)
    for _, relative, path in files(folders):
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            data = b"\0unreadable"
        name = relative.encode("utf-8", "surrogateescape")
        total.update(b"%d:%s:%d:" % (len(name), name, len(data)))
        total.update(data)
    return total.hexdigest()


def signature(folders: Sequence[str], older_than: int | None = None) -> str | None:
    """One digest of every covered file's `os.stat` signature (and of the folders and names), or
    None: a file that cannot be stat'ed, or with `older_than` (ns), one whose mtime or ctime is not
    older than that (a write then may have left the signature as it was: it cannot be trusted)."""
    listed = ["\0".join(folders)]
    for index, relative, path in files(folders):
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return None
        mtime, ctime = info.st_mtime_ns, info.st_ctime_ns
        if older_than is not None and not (mtime < older_than and ctime < older_than):
            return None
        listed.append(f"{index}\0{relative}\0{mtime}\0{ctime}\0{info.st_ino}\0{info.st_size}\0{info.st_dev}")
    return sha256_hex("\n".join(listed).encode("utf-8", "surrogateescape"))
