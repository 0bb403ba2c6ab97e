"""SHA-256 for the cache's keys and headers, without importing hashlib where the data is small.

`hashlib` loads OpenSSL, about 4 ms: more than a whole run-record replay may spend besides the
interpreter's start. CPython also builds its own SHA-256 in (`_sha2`, `_sha256` before 3.12), which
gives the same digests, costs nothing to import, and is slower per byte (about 3 ms a megabyte against
OpenSSL's 1) and per call (1.1 us for a key against 0.5): so data under `BUILTIN_LIMIT` is hashed by it
until something has loaded hashlib (a run that hashes files has), anything bigger by OpenSSL.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from typing import Any, Protocol

BUILTIN_LIMIT = 1 << 20
"""Up to this many bytes the built-in hash is cheaper than importing OpenSSL's."""


class _Hash(Protocol):
    def update(self, data: bytes, /) -> None: ...

    def hexdigest(self) -> str: ...


@cache
def _builtin() -> Any:
    """CPython's own SHA-256 constructor, or None where the interpreter has none. Found once: a failed
    import searches every folder of `sys.path` again (on 3.11, `_sha2` fails each time: 0.1 ms a key,
    50 ms a run of 431 skills)."""
    for name in ("_sha2", "_sha256"):
        try:
            module = __import__(name)
        except ImportError:
            continue
        return getattr(module, "sha256", None)
    return None


def sha256(data: bytes = b"", *, large: bool = False) -> _Hash:
    """A SHA-256 object holding `data`. `large`: more data will follow (use OpenSSL's)."""
    if not large and len(data) <= BUILTIN_LIMIT and "hashlib" not in sys.modules:  # (once loaded, OpenSSL's is faster)
        builtin = _builtin()
        if builtin is not None:
            made: _Hash = builtin(data)
            return made
    import hashlib  # only for large data, or an interpreter without its own SHA-256

    return hashlib.sha256(data)


def sha256_hex(data: bytes) -> str:
    return sha256(data).hexdigest()


@cache
def _key_encoder() -> json.JSONEncoder:
    """One encoder for every key: `json.dumps` with options builds a new one per call (a quarter of
    the time of hashing a skill's key)."""
    return json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=repr)


def hash_value(value: Any) -> str:
    """The SHA-256 of a JSON value (keys sorted, anything JSON has no type for by its repr): the
    keys of the cache's entries and run records."""
    try:
        text = _key_encoder().encode(value)
    except (TypeError, ValueError):  # keys of mixed types cannot be sorted: their repr is as faithful
        text = json.dumps(repr(value))
    return sha256_hex(text.encode("ascii"))
