"""SARIF 2.1.0, valid against the official OASIS schema (tests check it), for GitHub code
scanning and other SARIF viewers.

One run. `tool.driver.rules` lists the rules that fired, sorted by code, and each result
points at its rule with `ruleId` and `ruleIndex`. Paths are POSIX and relative to the
working directory, so artifact locations are percent-encoded relative URIs under the
`%SRCROOT%` base (an absolute path becomes a `file://` URI without a base). Columns count
Unicode code points and ends are exclusive, both as in skilllint's own model, so the run
says `columnKind: unicodeCodePoints`. A diagnostic on a folder (its path ends in `/`) has
no region. The help goes on a second line of `message.text` (`help: ...`), kept plain text
so every viewer shows it; the target, when the finding is per runtime, is in
`properties.target`. No `informationUri` or `helpUri`: skilllint has no public home page
or rule pages to link to (`skilllint explain CODE` prints a rule's card).

Text from the user's files (message, help, target, name) is escaped (`textsafe`), so the log
is valid UTF-8 JSON whatever the files hold. A URI is built from the path's original bytes
(a byte that was not UTF-8 reaches us as a lone surrogate) and percent-encoded, so it is a
valid URI reference that still names the real file: `bad%FFname/SKILL.md`.
"""

from __future__ import annotations

from functools import cache
from typing import Any
from urllib.parse import quote

from skilllint.core.fastjson import indented
from skilllint.core.model import Diagnostic, Severity
from skilllint.core.textsafe import escape, escape_lines, escape_text
from skilllint.output.formatters import RunInfo

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SRCROOT = "%SRCROOT%"

LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def path_bytes(path: str) -> bytes:
    """The path's bytes as on disk: surrogate-escaped bytes back to themselves.

    A surrogate that no byte explains (it cannot come from a POSIX file system) is kept
    as its UTF-8-style bytes, so encoding never fails.
    """
    try:
        return path.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return path.encode("utf-8", "surrogatepass")


def artifact_location(path: str) -> dict[str, Any]:
    """A relative path as a percent-encoded URI under %SRCROOT%; an absolute one as file://."""
    if path.startswith("/"):
        return {"uri": "file://" + quote(path_bytes(path), safe="/")}
    if len(path) > 2 and path[1] == ":" and path[0].isalpha():  # a Windows drive path, just in case
        return {"uri": "file:///" + quote(path_bytes(path.replace("\\", "/")), safe="/:")}
    return {"uri": quote(path_bytes(path), safe="/"), "uriBaseId": SRCROOT}


def region(d: Diagnostic) -> dict[str, int]:
    span = d.span
    result = {"startLine": max(1, span.line), "startColumn": max(1, span.column)}
    if span.end_line is not None:
        result["endLine"] = max(result["startLine"], span.end_line)
    if span.end_column is not None:
        end_line = result.get("endLine", result["startLine"])
        if end_line > result["startLine"] or span.end_column >= result["startColumn"]:
            result["endColumn"] = max(1, span.end_column)
    return result


SECURITY_FAMILY = "SL6"
SECURITY_SEVERITY = {Severity.ERROR: "8.0", Severity.WARNING: "5.0", Severity.INFO: "2.0"}
"""GitHub's bands: 7.0-8.9 high, 4.0-6.9 medium, 0.1-3.9 low
(docs.github.com/en/code-security/code-scanning, SARIF support: `security-severity`)."""


def rule_descriptor(code: str, d: Diagnostic, run: RunInfo) -> dict[str, Any]:
    rule = run.rules.get(code)
    name = rule.name if rule is not None else d.name
    descriptor: dict[str, Any] = {"id": code, "name": escape(name)}
    summary = getattr(rule, "summary", None)
    if summary:
        descriptor["shortDescription"] = {"text": summary}
    card = _card(code)
    if card is not None:
        what, markdown = card
        descriptor["fullDescription"] = {"text": what}
        descriptor["help"] = {"text": what, "markdown": markdown}
    severity = rule.severity if rule is not None else d.severity
    descriptor["defaultConfiguration"] = {"level": LEVELS[Severity(severity)]}
    if code.startswith(SECURITY_FAMILY):
        # GitHub code scanning ranks security alerts by this score (0-10) and files them under "security"
        descriptor["properties"] = {"security-severity": SECURITY_SEVERITY[Severity(severity)], "tags": ["security"]}
    return descriptor


@cache
def _card(code: str) -> tuple[str, str] | None:
    """A rule's card (`rules/<CODE>.md`, shipped with the package) as SARIF help: its "What it does"
    as text, the whole card without its frontmatter as Markdown. Code scanning shows it beside an alert."""
    from skilllint.core.resources import card_path

    try:
        text = card_path(code).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        text = text[end + 5:] if end >= 0 else text
    body = text.strip()
    start = body.find("## What it does")
    if start < 0:
        return None
    section = body[start + len("## What it does"):]
    following = section.find("\n## ")
    what = " ".join((section[:following] if following >= 0 else section).split())
    return what, body


def message_text(d: Diagnostic) -> str:
    message = escape_text(d.message)
    return f"{message}\nhelp: {escape_lines(d.help)}" if d.help else message


def result(d: Diagnostic, index: int) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": artifact_location(d.path)}
    if not d.path.endswith("/"):
        physical["region"] = region(d)
    item: dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": index,
        "level": LEVELS[d.severity],
        "message": {"text": message_text(d)},
        "locations": [{"physicalLocation": physical}],
    }
    if d.target:
        item["properties"] = {"target": escape(d.target)}
    fix = fixes(d)
    if fix:
        item["fixes"] = fix
    return item


def fixes(d: Diagnostic) -> list[dict[str, Any]]:
    """The finding's fix as SARIF's `fixes` (2.1.0 section 3.55): one artifact change, its edits as
    replacements of regions. None when a text would need escaping (it must stay what is written)."""
    fix = d.fix
    if fix is None or d.path.endswith("/") or any(escape(edit.text) != edit.text for edit in fix.edits):
        return []
    replacements = []
    for edit in fix.edits:
        span = edit.span
        deleted = {"startLine": span.line, "startColumn": span.column,
                   "endLine": span.end_line or span.line, "endColumn": span.end_column or span.column}
        replacements.append({"deletedRegion": deleted, "insertedContent": {"text": edit.text}})
    change = {"artifactLocation": artifact_location(d.path), "replacements": replacements}
    return [{"description": {"text": escape(fix.title)}, "artifactChanges": [change]}]


def build(diagnostics: list[Diagnostic], run: RunInfo) -> dict[str, Any]:
    first: dict[str, Diagnostic] = {}
    for d in diagnostics:
        first.setdefault(d.code, d)
    codes = sorted(first)
    index = {code: i for i, code in enumerate(codes)}
    driver = {
        "name": "skilllint",
        "version": run.version,
        "semanticVersion": run.version,
        "rules": [rule_descriptor(code, first[code], run) for code in codes],
    }
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "columnKind": "unicodeCodePoints",
                "results": [result(d, index[d.code]) for d in diagnostics],
            }
        ],
    }


def render(diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return indented(build(diagnostics, run)) + "\n"
