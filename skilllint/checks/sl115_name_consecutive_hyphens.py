"""SL115 name-consecutive-hyphens: `name` contains `--`, which the spec forbids."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._helpers import skill_name
from skilllint.document import Document
from skilllint.model import Severity
from skilllint.registry import Finding, Rule


def check(doc: Document, target=None, ctx=None) -> Iterator[Finding]:
    name = skill_name(doc)
    if name is not None and "--" in name:
        yield Finding(
            doc.locate(("name",)),
            f"`name` `{name}` contains consecutive hyphens",
            f"use `{re.sub('-{2,}', '-', name)}`",
        )


RULE = Rule(
    code="SL115",
    name="name-consecutive-hyphens",
    summary="`name` contains `--`",
    severity=Severity.ERROR,
    check=check,
)
