"""What the agent and command rules (SL150-SL155) share: the file's own name for messages, and
how messages name the runtime and the kind of file.

Claude Code's subagent format: code.claude.com/docs/en/sub-agents (Supported frontmatter fields;
Subagent files Claude Code skips); commands: code.claude.com/docs/en/slash-commands. GitHub
Copilot's custom agents and OpenCode's agents: `checks/_copilot.py`, `checks/_opencode.py`.
"""

from __future__ import annotations

from skilllint.core import lazyre
from skilllint.reading.document import AGENT, COMMAND, COPILOT_AGENT, COPILOT_PROMPT, OPENCODE_AGENT, Document

_NOT_SLUG = lazyre.compile(r"[^a-z0-9]+")
WHO = {AGENT: ("Claude Code", "subagent"), COMMAND: ("Claude Code", "command"),
       COPILOT_AGENT: ("GitHub Copilot", "custom agent"), COPILOT_PROMPT: ("GitHub Copilot", "prompt file"),
       OPENCODE_AGENT: ("OpenCode", "agent")}
"""Per document kind: the runtime that reads it and what it calls the file."""


def slug(text: str) -> str:
    """`Code Reviewer:v2` -> `code-reviewer-v2`: the name Claude Code's rule allows."""
    return _NOT_SLUG.sub("-", text.lower()).strip("-") or "my-agent"


def file_stem(doc: Document) -> str:
    return doc.file.stem


def who(doc: Document) -> tuple[str, str]:
    """(runtime, noun) for messages about `doc`: ("Claude Code", "subagent")."""
    return WHO.get(doc.kind, ("Claude Code", "subagent"))
