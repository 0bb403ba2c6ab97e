"""What the subagent and command rules (SL150-SL155) share: the file's own name for messages.

Claude Code's subagent format: code.claude.com/docs/en/sub-agents (Supported frontmatter fields;
Subagent files Claude Code skips); commands: code.claude.com/docs/en/slash-commands.
"""

from __future__ import annotations

import re

from skilllint.document import Document

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """`Code Reviewer:v2` -> `code-reviewer-v2`: the name Claude Code's rule allows."""
    return _NOT_SLUG.sub("-", text.lower()).strip("-") or "my-agent"


def file_stem(doc: Document) -> str:
    return doc.file.stem
