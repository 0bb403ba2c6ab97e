"""A cache entry as bytes and back: the probes, the diagnostics and the summary of one skill.

JSON, for three reasons. It is safe to read from a folder others can write to (unpickling
runs code; `marshal` is documented as unsafe on erroneous data and changes between Python
versions); it is written and parsed in C (written by orjson, `core/fastjson.py`), so a cold
run of 5,000 skills spends a few tens of milliseconds on it; and it round-trips every value an entry
holds exactly (an entry with a lone surrogate is written by `json`, as a `\\udcxx` escape).
Every value is checked for its type on the way back.

The bytes start with a header line naming the format and the SHA-256 of the JSON that
follows: a truncated, half-written or bit-flipped entry fails the check and is a miss, never
a wrong finding or a traceback.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from sys import intern
from typing import Any

from skilllint.checks.project import SkillSummary
from skilllint.checks.suppression import Directive
from skilllint.core.fastjson import compact
from skilllint.core.model import Diagnostic, Fix, Severity, Span, TextEdit
from skilllint.core.readfacts import Location

MAGIC = b"skilllint-cache 1 "


class _Corrupt(ValueError):
    """A value of the wrong type or shape in an entry."""


@dataclass(frozen=True, slots=True)
class Entry:
    probes: list[list[Any]]  # [op, path, answer], as FileSystemView.probes() gives them
    diagnostics: list[Diagnostic]
    summary: SkillSummary


def encode(entry: Entry) -> bytes:
    payload = compact({"probes": entry.probes, "diagnostics": [_diagnostic(d) for d in entry.diagnostics],
                       "summary": _summary(entry.summary)})
    return MAGIC + hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload


def decode(data: bytes) -> Entry | None:
    """The entry, or None when the bytes are not one (truncated, corrupt, another format)."""
    header, newline, payload = data.partition(b"\n")
    if not newline or not header.startswith(MAGIC) or header[len(MAGIC):] != \
            hashlib.sha256(payload).hexdigest().encode("ascii"):
        return None
    try:
        raw = json.loads(payload)
        probes = raw["probes"]
        if not isinstance(probes, list) or not all(isinstance(p, list) and len(p) == 3 for p in probes):
            raise _Corrupt("probes")
        return Entry(probes, [_to_diagnostic(d) for d in _list(raw["diagnostics"])], _to_summary(raw["summary"]))
    except (ValueError, KeyError, TypeError, IndexError, RecursionError):  # _Corrupt, JSONDecodeError: ValueErrors
        return None


def _span(span: Span) -> list[int | None]:
    return [span.line, span.column, span.end_line, span.end_column]


def _location(location: Location) -> list[Any]:
    return [location.path, *_span(location.span)]


def _diagnostic(d: Diagnostic) -> list[Any]:
    return [d.path, *_span(d.span), d.code, d.name, _VALUES[d.severity], d.message, d.help, d.target, _fix(d.fix)]


def _fix(fix: Fix | None) -> list[Any] | None:
    if fix is None:
        return None
    return [fix.title, fix.portable, [[e.start, e.end, e.text, *_span(e.span)] for e in fix.edits]]


def _to_fix(value: Any) -> Fix | None:
    if value is None:
        return None
    title, portable, edits = _list(value, 3)
    if type(portable) is not bool:
        raise _Corrupt("fix")
    return Fix(_str(title), tuple(_to_edit(edit) for edit in _list(edits)), portable)


def _to_edit(value: Any) -> TextEdit:
    raw = _list(value, 7)
    return TextEdit(_int(raw[0]), _int(raw[1]), _str(raw[2]), _to_span(raw[3:]))


def _directive(d: Directive) -> list[Any]:
    return [d.path, d.line, d.column, d.end_column, d.kind, list(d.selectors),
            None if d.codes is None else sorted(d.codes), list(d.unknown), d.first, d.last, d.selector_columns,
            d.ended]


def _summary(s: SkillSummary) -> list[Any]:
    return [s.path, s.dir_name, s.name, None if s.name_location is None else _location(s.name_location),
            [_directive(d) for d in s.directives], list(s.targets), s.target_reason]


def _list(value: Any, size: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (size is not None and len(value) != size):
        raise _Corrupt("list")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise _Corrupt("str")
    return value


def _opt_str(value: Any) -> str | None:
    return None if value is None else _str(value)


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Corrupt("int")
    return value


def _opt_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _to_span(raw: list[Any]) -> Span:
    return Span(_int(raw[0]), _int(raw[1]), _opt_int(raw[2]), _opt_int(raw[3]))


_OPTIONAL_INT = (int, type(None))
_OPTIONAL_STR = (str, type(None))
_SEVERITIES = {severity.value: severity for severity in Severity}
_VALUES = {severity: severity.value for severity in Severity}  # an enum's `.value` is a descriptor call


def _to_diagnostic(value: Any) -> Diagnostic:
    """The hot path of a warm run (thousands per run): the types checked inline, not call by call.
    `type(x) is int` also refuses a bool."""
    path, line, column, end_line, end_column, code, name, severity, message, help_text, target, fix = \
        _list(value, 12)
    if not (type(path) is str and type(line) is int and type(column) is int and type(end_line) in _OPTIONAL_INT
            and type(end_column) in _OPTIONAL_INT and type(code) is str and type(name) is str
            and type(message) is str and type(help_text) in _OPTIONAL_STR and type(target) in _OPTIONAL_STR):
        raise _Corrupt("diagnostic")
    # texts interned, as a worker's are when they reach the main process (`model._received`): a warm run
    # of 61,000 skills decoded 110,000 findings into strings of their own, a few thousand of them distinct
    return Diagnostic(intern(path), Span(line, column, end_line, end_column), intern(code), intern(name),
                      _SEVERITIES[severity], intern(message), None if help_text is None else intern(help_text),
                      None if target is None else intern(target), _to_fix(fix))


def _to_directive(value: Any) -> Directive:
    raw = _list(value, 12)
    codes = raw[6]
    columns, ended = raw[10], raw[11]
    if not isinstance(columns, dict) or not isinstance(ended, dict):
        raise _Corrupt("selector columns")
    return Directive(
        _str(raw[0]), _int(raw[1]), _int(raw[2]), _int(raw[3]), _str(raw[4]),
        tuple(_str(s) for s in _list(raw[5])),
        None if codes is None else frozenset(_str(c) for c in _list(codes)),
        tuple(_str(s) for s in _list(raw[7])), _int(raw[8]), _int(raw[9]),
        selector_columns={_str(k): _int(v) for k, v in columns.items()},
        ended={_str(k): _int(v) for k, v in ended.items()},
    )


def _to_summary(value: Any) -> SkillSummary:
    raw = _list(value, 7)
    where = raw[3]
    location = None if where is None else Location(_str(_list(where, 5)[0]), _to_span(where[1:]))
    return SkillSummary(_str(raw[0]), _str(raw[1]), _opt_str(raw[2]), location,
                        tuple(_to_directive(d) for d in _list(raw[4])), tuple(_str(t) for t in _list(raw[5])),
                        _str(raw[6]))
