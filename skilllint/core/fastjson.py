"""JSON written and read by orjson when it is installed, else by the standard library: the same
values, and for the indented form the same bytes.

Why: `json.dumps(..., indent=2)` runs json's pure-Python encoder; a report of 100,000 findings
spent seconds there in the main process, after every worker had finished. orjson writes the
same text (two-space indent, `": "` and `,` separators, non-ASCII characters as they are, the
same escapes) ten times faster. It refuses what JSON text in UTF-8 cannot hold (a lone
surrogate, an integer beyond 64 bits): those values go through `json`, as before.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any


@cache
def _orjson() -> Any:
    try:
        import orjson
    except ImportError:  # pragma: no cover - a platform without its wheel
        return None
    return orjson


def orjson_module() -> Any:
    """The orjson module, or None where it is not installed."""
    return _orjson()


def indented(value: Any) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)`, byte for byte."""
    fast = _orjson()
    if fast is not None:
        try:
            return str(fast.dumps(value, option=fast.OPT_INDENT_2).decode("utf-8"))
        except TypeError:  # orjson.JSONEncodeError is a TypeError: a surrogate, a big integer
            pass
    return json.dumps(value, indent=2, ensure_ascii=False)


def compact(value: Any) -> bytes:
    """Compact JSON as bytes: UTF-8 from orjson, or ASCII (every non-ASCII character escaped) from
    json for what orjson refuses; `json.loads` reads both. (Reading stays json's: orjson reads an
    integer beyond 64 bits as a float.)"""
    fast = _orjson()
    if fast is not None:
        try:
            return bytes(fast.dumps(value))
        except TypeError:
            pass
    return json.dumps(value, separators=(",", ":")).encode("ascii")
