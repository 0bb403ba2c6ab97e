"""SL144 cc-fork-without-task: `context: fork` with a body that gives the subagent no task.

With `context: fork` the skill's body becomes the prompt of a subagent that starts with no
conversation. Claude Code's skills docs (https://code.claude.com/docs/en/skills, "Run skills in
a subagent") warn that it "only makes sense for skills with explicit instructions": guidelines
without a task ("use these API conventions") give the subagent nothing to act on, and it
returns without meaningful output.

A heuristic, so it prefers silence: a body counts as having a task when it has a numbered or
checklist step, a heading that names steps (Steps, Workflow, Process, Instructions, Task,
Procedure, Usage), `$ARGUMENTS`, a shell code block to run, or a line that opens with an
imperative verb of doing (Run, Create, Read, Find, Fix, Generate, ...). Conventions ("Use",
"Prefer", "Avoid", "Always", "Never") are not tasks. Only a body with none of these is
reported, and a body mostly in another language than English is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity

DIALECT = "claude-code"
_STEP = lazyre.compile(r"^\s{0,3}(?:\d{1,3}[.)]|[-*+]\s+\[[ xX]\])\s")
_STEP_HEADING = lazyre.compile(
    r"^\s{0,3}#{1,6}\s+.*\b(?:steps?|workflow|process|instructions?|tasks?|procedure|usage|how to)\b", re.I)
_DOING = lazyre.compile(
    r"^\s{0,3}(?:[-*+]\s+)?(?:\*\*)?(?:run|create|read|write|find|fix|generate|analy[sz]e|review|check|add|update|"
    r"build|test|deploy|search|call|collect|gather|summari[sz]e|draft|compare|list|open|fetch|extract|report|"
    r"investigate|identify|inspect|execute|scan|audit|produce|return|implement|refactor|migrate|convert|"
    r"validate|verify|ask|determine|start|make|edit|delete|remove|install|configure|set up|prepare|"
    r"evaluate|explore|look|locate|examine|trace|compute|calculate|count|measure|download|upload|send|post|"
    r"research|document|plan|outline|translate|format|parse|load|save|export|import|query|invoke|launch)\b",
    re.I,
)
_ARGUMENTS = lazyre.compile(r"\$ARGUMENTS\b|\$\d\b")
_SHELL_FENCE = lazyre.compile(r"^\s{0,3}(?:`{3,}|~{3,})\s*(?:bash|sh|shell|zsh|console|powershell|pwsh)\b", re.I | re.M)
_LETTER = lazyre.compile(r"[^\W\d_]")


def has_task(body: str) -> bool:
    """Whether the body gives an agent something to do (see the module's docstring)."""
    if _ARGUMENTS.search(body) or _SHELL_FENCE.search(body):
        return True
    letters = _LETTER.findall(body[:4000])
    if letters and sum(not letter.isascii() for letter in letters) > len(letters) / 5:
        return True  # the verbs above are English: another language's body is not judged
    return any(_STEP.match(line) or _STEP_HEADING.match(line) or _DOING.match(line) for line in body.split("\n"))


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter or {}
    if ctx.target.dialect != DIALECT or frontmatter.get("context") != "fork" or has_task(doc.body):
        return
    yield Finding(
        doc.locate(("context",)),
        "`context: fork` runs the body as a subagent's whole prompt, but the body gives it no task (no steps, "
        "no instruction to do something): the subagent reads the guidelines and returns without meaningful output",
        "write the task as steps (\"1. Find ... 2. Summarize ...\"), or remove `context: fork` so the "
        "guidelines load into the conversation that has the task",
    )


RULE = SkillRule(
    code="SL144",
    name="cc-fork-without-task",
    summary="`context: fork` with a body that gives the subagent no task",
    severity=Severity.INFO,
    check=check,
    per_target=True,
)
