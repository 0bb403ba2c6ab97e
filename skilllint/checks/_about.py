"""Which runtimes a skill documents: the one place that decides when a runtime's tool names in the
instructions are that runtime's documentation rather than instructions for the target.

"Will this skill work on runtime X?" is the user's question, and the answer may not depend on where
the skill is kept: a Claude Code plugin's skill that says "call `AskUserQuestion`" fails on SISU
whatever folder it sits in, and the user who names `--target sisu` wants to know (the folder may only
choose the *default* target, `skilllint.engine.location`). A skill is exempt for R's tool names only when its
`description` is about R as a subject, so its R names describe R:

- `possessive`: "Gemini CLI's capabilities", "extends Codex's capabilities";
- `machinery`: R followed by a noun of R's own machinery: "Claude Code hooks", "Claude Code plugin
  skills", "the Cline SDK", "Codex skills", "Claude Code usage", "the Sisu TypeScript framework",
  "Gemini CLI extensions". Work *on* R's product is not documentation of R's tools: "translating Roo
  Code extension strings", "the Roo Code evals system", "releasing the Cline desktop app" and "testing
  Gemini CLI behavior" are tasks whose instructions tell R's model what to call, and fail elsewhere;
- `verb`: a verb of documenting or configuring with R as its object: "Explains how Claude Code ...",
  "configure Gemini CLI", "a guide to OpenCode".

A passing mention is not enough: "works with Claude", "uses Gemini 3 Pro for review", "Codex research",
"Power BI's AI/Copilot features" (bare "Copilot" is Microsoft's assistant as often as GitHub's: only
"GitHub Copilot", "Copilot CLI", "Copilot Chat" and "Copilot coding agent" name the runtime; bare
"Gemini" is the model family, only "Gemini CLI" the runtime). Display names that are English words
(Continue, Amp, Crush) never count. `subject_reasons` returns each match with its reason, for tests and
for `skilllint explain`-style debugging.
"""

from __future__ import annotations

from typing import Final

from skilllint.core import lazyre
from skilllint.core.records import Record
from skilllint.reading.document import Document
from skilllint.runtimes.resolve import vocabulary

# Runtime display names as the runtimes write them; each maps to a built-in runtime id.
_RUNTIME = (r"(?P<runtime>Claude\s+Code|Cline|Roo\s+Code|Kilo\s+Code|Cursor|Windsurf|(?:OpenAI\s+)?Codex(?:\s+CLI)?|"
            r"GitHub\s+Copilot|Copilot\s+(?:CLI|Chat|coding\s+agent)|Gemini\s+CLI|OpenCode|OpenClaw|Goose|Kiro|"
            r"Qwen\s+Code|SISU|Sisu)")
RUNTIME_IDS: Final = {
    "claude code": "claude-code", "cline": "cline", "roo code": "roo-code", "kilo code": "kilo-code",
    "cursor": "cursor", "windsurf": "windsurf", "codex": "codex", "openai codex": "codex", "codex cli": "codex",
    "openai codex cli": "codex", "github copilot": "copilot", "copilot cli": "copilot", "copilot chat": "copilot",
    "copilot coding agent": "copilot", "gemini cli": "gemini-cli", "opencode": "opencode", "openclaw": "openclaw",
    "goose": "goose", "kiro": "kiro", "qwen code": "qwen-code", "sisu": "sisu",
}
# Nouns of a runtime's own machinery: R followed by one of them (up to two words between: "the Sisu
# TypeScript framework", "Claude Code plugin skills") makes R the subject.
_MACHINERY = (r"(?:hooks?|tools?|tool\s+calls?|settings|config(?:uration)?s?|plugins?|skills?|sub-?agents?|agents?|"
              r"(?:slash\s+)?commands?|sessions?|features?|capabilit(?:y|ies)|extensions|permissions?|CLI|SDK|APIs?|"
              r"usage|internals|setup|automations?|modes?|docs|documentation|framework|transcripts?|marketplace|"
              r"rules)")
_PATTERNS: Final = (
    ("possessive", lazyre.compile(rf"\b{_RUNTIME}(?:'s|’s)\s")),
    ("machinery", lazyre.compile(rf"\b{_RUNTIME}(?:\s+[\w.-]+){{0,2}}?\s+{_MACHINERY}\b")),
    ("verb", lazyre.compile(
        r"\b(?:explains?|explaining|documents?|documenting|describes?|describing|configures?|configuring|"
        r"customi[sz]es?|customi[sz]ing|sets?\s+up|setting\s+up|extends?|extending|teaches|migrat(?:es?|ing)\s+"
        r"(?:to|from)|guide\s+(?:to|for)|reference\s+(?:to|for)|how\s+to\s+use|about)\s+(?:the\s+)?(?:how\s+)?"
        rf"{_RUNTIME}\b")),
)
_DESCRIPTION_CHARS = 4000  # a description's head; longer ones are cut where runtimes cut them anyway


class AboutMemo(Record):
    """What `skill_runtimes` derives from a document, kept on it (`Document.derived`)."""

    __slots__ = ("skill_runtimes",)
    # the runtimes the skill's description documents (_about.skill_runtimes)
    skill_runtimes: frozenset[str] | None

    def __init__(self) -> None:
        self.skill_runtimes = None


def subject_reasons(description: str) -> list[tuple[str, str]]:
    """Each (runtime id, reason) that makes `description` about a runtime, in pattern order."""
    text = description[:_DESCRIPTION_CHARS]
    found: list[tuple[str, str]] = []
    for reason, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            runtime = RUNTIME_IDS[" ".join(match.group("runtime").lower().split())]
            found.append((runtime, reason))
    return found


def skill_runtimes(doc: Document) -> frozenset[str]:
    """The runtimes the skill's description is about (cached per document)."""
    cached = doc.derived(AboutMemo).skill_runtimes
    if cached is None:
        description = doc.field("description")
        found = subject_reasons(description) if isinstance(description, str) else []
        cached = doc.derived(AboutMemo).skill_runtimes = frozenset(runtime for runtime, _ in found)
    return cached


def runtime_documented(doc: Document, name: str) -> bool:
    """Whether `name` is a tool of a runtime the skill documents (`skill_runtimes`): then the name is
    that runtime's, described, and not an instruction for another target."""
    runtimes = skill_runtimes(doc)
    return bool(runtimes) and any(runtime in runtimes for runtime, _ in vocabulary().get(name, ()))
