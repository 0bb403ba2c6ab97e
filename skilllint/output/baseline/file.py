"""The baseline file: a versioned JSON document, written so that it diffs well in git.

    {
      "format": "skilllint-baseline",
      "version": 1,
      "findings": [
        {"path": "skills/deploy/SKILL.md", "code": "SL200", "target": "sisu", "hash": "5f1c...", ...},
        ...
      ]
    }

One finding per line, sorted by path, code, target, hash and occurrence, and no line numbers:
rewriting the baseline after an edit changes only the lines of the findings that came or went.
`message` is for the reader of the file (what was accepted) and is never matched. Unknown keys
are ignored, so a later version can add some; a version above `VERSION` is refused, since its
entries might mean something else.

Parsing never raises anything but `BaselineError`, whose message says what is wrong and where
(the entry's index, the key), for any bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from skilllint.output.baseline.fingerprint import Fingerprint

FORMAT_NAME = "skilllint-baseline"
VERSION = 1
MAX_BYTES = 256 * 1024 * 1024
"""A baseline of a million findings is some 200 MB; past this the file is refused rather than read."""
MAX_DIGITS = 100
"""Longest integer read. The file's integers are a version and occurrences; Python refuses to convert
one past 4,300 digits with a ValueError (which ended a run as an internal error), and where that
limit is lifted (PYTHONINTMAXSTRDIGITS=0) converting takes time quadratic in the digits."""


class _LongNumber(Exception):
    """Raised from inside `json.loads` by `_integer`: the digits of an integer too long to read."""

    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _integer(text: str) -> int:
    """json's `parse_int`: an integer of at most MAX_DIGITS digits, else `_LongNumber`."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise _LongNumber(digits)
    return int(text)


class BaselineError(ValueError):
    """A baseline file that cannot be used; the message names the file and what is wrong."""


def parse_baseline(data: bytes, where: str) -> frozenset[Fingerprint]:
    """The fingerprints a baseline file holds. `where` names the file in messages."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BaselineError(f"{where}: byte {error.start} (0x{data[error.start]:02x}) is not UTF-8") from None
    try:
        document = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise BaselineError(f"{where}: not valid JSON: {error.msg} at line {error.lineno}, "
                            f"column {error.colno}") from None
    except _LongNumber as error:
        raise BaselineError(f"{where}: not a valid baseline: an integer of {error.digits:,} digits (at most "
                            f"{MAX_DIGITS} are read)") from None
    except RecursionError:
        raise BaselineError(f"{where}: not a skilllint baseline: nested too deeply") from None
    except ValueError as error:  # whatever else the json module refuses: a message, never an internal error
        raise BaselineError(f"{where}: not valid JSON: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise BaselineError(f'{where}: not a skilllint baseline (an object with "format": "{FORMAT_NAME}"); '
                            "write one with --write-baseline")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise BaselineError(f"{where}: key `version`: must be a positive integer, not {_shown(version)}")
    if version > VERSION:
        raise BaselineError(f"{where}: baseline version {version} is newer than this skilllint reads "
                            f"({VERSION}); upgrade skilllint, or rewrite the file with --write-baseline")
    findings = document.get("findings")
    if not isinstance(findings, list):
        raise BaselineError(f"{where}: key `findings`: must be a list, not {_shown(findings)}")
    return frozenset(_entry(entry, f"{where}: findings[{index}]") for index, entry in enumerate(findings))


def _entry(entry: Any, where: str) -> Fingerprint:
    if not isinstance(entry, dict):
        raise BaselineError(f"{where}: must be an object, not {_shown(entry)}")
    for key in ("path", "code", "hash"):
        if not isinstance(entry.get(key), str):
            raise BaselineError(f"{where}: key `{key}`: must be a string, not {_shown(entry.get(key))}")
    target = entry.get("target")
    if target is not None and not isinstance(target, str):
        raise BaselineError(f"{where}: key `target`: must be a string or null, not {_shown(target)}")
    occurrence = entry.get("occurrence", 0)
    if type(occurrence) is not int or occurrence < 0:
        raise BaselineError(f"{where}: key `occurrence`: must be an integer of at least 0, not {_shown(occurrence)}")
    return Fingerprint(entry["path"], entry["code"], target, entry["hash"], occurrence)


def _shown(value: Any) -> str:
    """A value for a message: JSON's spelling, cut short."""
    text = "nothing" if value is None else json.dumps(value)
    return text if len(text) <= 60 else text[:59] + "…"


def render_baseline(findings: Iterable[tuple[Fingerprint, str]]) -> bytes:
    """The file's bytes for these fingerprints, each with its finding's message.

    Lone surrogates (a file name that was not UTF-8, as Python reads it) cannot be encoded as
    UTF-8; they are written as JSON's `\\udcff` escapes, which read back as the same surrogates,
    so the path still names the file."""
    lines = [f'    {json.dumps(_as_object(fingerprint, message), ensure_ascii=False)}'
             for fingerprint, message in sorted(findings, key=lambda pair: pair[0].sort_key)]
    body = "[\n" + ",\n".join(lines) + "\n  ]" if lines else "[]"
    text = f'{{\n  "format": "{FORMAT_NAME}",\n  "version": {VERSION},\n  "findings": {body}\n}}\n'
    return text.encode("utf-8", "backslashreplace")


def _as_object(fingerprint: Fingerprint, message: str) -> dict[str, Any]:
    return {"path": fingerprint.path, "code": fingerprint.code, "target": fingerprint.target,
            "hash": fingerprint.text, "occurrence": fingerprint.occurrence, "message": message}
