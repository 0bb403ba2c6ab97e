"""A finding's fingerprint: the same while its problem is, whatever else in the file changes.

A fingerprint is the rule's code, the target(s), the file's path (relative to the baseline
file's folder, so a baseline works from any working folder and in any clone), a hash of the
offending text and the occurrence of those four among the file's findings. The line number is
not part of it: inserting lines above a finding, or adding and fixing other findings, leaves
it as it was; editing the offending text makes it another finding.

The offending text is what the finding's span covers when the span lies on one line and
covers something, else the text of the span's first line (a point, a span over several
lines, a finding on line 1 of a file). Whitespace is left out of it, as in GitHub's
`primaryLocationLineHash` (see the package's docstring): re-indenting YAML or converting
line endings is no change of the problem. A finding on a folder or on a file whose text
cannot be shown (binary, too large, gone) has no text; its code, target and path identify it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from skilllint.core.model import Diagnostic, Span
from skilllint.core.records import FrozenRecord

HASH_CHARS = 16
"""Hex digits kept of the text's SHA-256: 64 bits, among a file's findings of one rule and target."""

SourceLine = Callable[[str, int], "str | None"]
"""The text of line N (1-based) of a finding's file, None when it cannot be shown (`RunInfo.source_line`)."""


class Fingerprint(FrozenRecord):
    """What a baseline records of one finding, and what a later finding must equal to be known."""

    __slots__ = ("path", "code", "target", "text", "occurrence")
    path: Final[str]
    code: Final[str]
    target: Final[str | None]
    text: Final[str]
    occurrence: Final[int]

    def __init__(self, path: str, code: str, target: str | None, text: str, occurrence: int = 0) -> None:
        self.path = path
        self.code = code
        self.target = target
        self.text = text
        self.occurrence = occurrence

    @property
    def sort_key(self) -> tuple[str, str, str, str, int]:
        return (self.path, self.code, self.target or "", self.text, self.occurrence)


def offending_text(span: Span, line: str | None) -> str:
    """The text a finding is about, without whitespace ("" when its line cannot be shown)."""
    if line is None:
        return ""
    if span.end_line == span.line and span.end_column is not None and span.end_column > span.column:
        covered = _squeezed(line[span.column - 1 : span.end_column - 1])
        if covered:
            return covered
    return _squeezed(line)


def _squeezed(text: str) -> str:
    return "".join(text.split())


def text_hash(text: str) -> str:
    """A short, stable digest of the offending text (the text itself could be long, or a secret)."""
    import hashlib  # only when fingerprinting: it loads OpenSSL

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:HASH_CHARS]


def target_key(target: str | None) -> str | None:
    """The targets of a finding in a fixed order: a finding merged across targets names them in
    the order they were given (`sisu, codex`), which must not matter."""
    if target is None or ", " not in target:
        return target
    return ", ".join(sorted(target.split(", ")))


def fingerprints(diagnostics: Sequence[Diagnostic], source_line: SourceLine,
                 relocate: Callable[[str], str] = lambda path: path) -> list[Fingerprint]:
    """The fingerprint of each diagnostic, in the order given. `relocate` maps a diagnostic's path
    (relative to the working folder) to the baseline's (relative to the baseline file's folder).

    Occurrences count in the order of the findings in their file (path, line, column, code,
    target, message), whatever order they are given in: of two identical findings, the one
    further down is the second."""
    found: list[Fingerprint | None] = [None] * len(diagnostics)
    seen: dict[tuple[str, str, str | None, str], int] = {}
    moved: dict[str, str] = {}
    for index in sorted(range(len(diagnostics)), key=lambda i: diagnostics[i].sort_key):
        d = diagnostics[index]
        path = moved.get(d.path)
        if path is None:
            path = moved[d.path] = relocate(d.path)
        key = (path, d.code, target_key(d.target), text_hash(offending_text(d.span, source_line(d.path, d.span.line))))
        occurrence = seen.get(key, 0)
        seen[key] = occurrence + 1
        found[index] = Fingerprint(*key, occurrence)
    return [fingerprint for fingerprint in found if fingerprint is not None]
