"""What reading a file can find wrong, recorded as neutral facts (DESIGN "Pipeline").

Reading (document, discover, manifests) judges nothing: it records what it saw, where,
in words (`detail`), and, when the text itself suggests the fix (a key glued onto the
line before, a quote opened in a value), that advice. The input rules in
`skilllint/checks/` pick the facts of their kinds and own the code, the severity and
the help, so a fact never names a rule.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from skilllint.core.model import Severity, Span
from skilllint.core.records import FrozenRecord


class Location(FrozenRecord):
    __slots__ = ("path", "span")
    path: Final[str]
    span: Final[Span]

    def __init__(self, path: str, span: Span) -> None:
        self.path = path
        self.span = span


class Fact(StrEnum):
    UNREADABLE = "unreadable"  # permission, I/O error, not a regular file, unreadable folder
    BROKEN_SYMLINK = "broken-symlink"
    TOO_LARGE = "too-large"
    UTF16 = "utf16"
    NUL_BYTE = "nul-byte"
    UNDECODABLE = "undecodable"
    BOM = "bom"
    CRLF = "crlf"
    SYMLINK_LOOP = "symlink-loop"
    SYMLINK_OUTSIDE = "symlink-outside"
    EMPTY_FILE = "empty-file"
    NO_OPENING_FENCE = "no-opening-fence"
    UNCLOSED_FRONTMATTER = "unclosed-frontmatter"
    YAML_REFUSED = "yaml-refused"  # alias bomb, nesting too deep
    YAML_SYNTAX = "yaml-syntax"
    NOT_A_MAPPING = "not-a-mapping"
    YAML_TAG = "yaml-tag"  # an explicit tag whose value cannot be built
    JSON_SYNTAX = "json-syntax"
    DUPLICATE_KEY = "duplicate-key"  # in a manifest (in frontmatter, a nonportable construct)
    MANIFEST_SHAPE = "manifest-shape"  # parses, but holds no `tools` list of objects
    MANIFEST_VALUE = "manifest-value"  # a tool name or alias that is not a string
    MANIFEST_ENTRY = "manifest-entry"  # an entry of the tool list that is no tool: not an object, or no name
    SKILL_MD_MISSING = "skill-md-missing"
    SKILL_MD_CASE = "skill-md-case"  # the skill file itself is `skill.md`
    SKILL_MD_CASE_BESIDE = "skill-md-case-beside"  # `skill.md` next to a `SKILL.md`


class ReadFact(FrozenRecord):
    """Something reading found wrong with a file: what (`kind`), where, and in words."""

    __slots__ = ("kind", "path", "span", "detail", "advice", "severity")
    kind: Final[Fact]
    path: Final[str]
    span: Final[Span]
    detail: Final[str]
    advice: Final[str | None]  # what the text itself suggests writing, when reading can tell
    severity: Final[Severity | None]  # only when one case of a kind weighs differently

    def __init__(self, kind: Fact, path: str, span: Span, detail: str, advice: str | None = None,
                 severity: Severity | None = None) -> None:
        self.kind = kind
        self.path = path
        self.span = span
        self.detail = detail
        self.advice = advice
        self.severity = severity
