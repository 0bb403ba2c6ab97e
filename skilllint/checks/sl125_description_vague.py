"""SL125 description-vague: a description too short or too generic to route on.

The model picks a skill from its description among many others. The spec's own poor example
(https://agentskills.io/specification, `description`: "Helps with PDFs.") and Anthropic's best
practices ("Avoid vague descriptions" such as "Helps with documents", "Processes data", "Does
stuff with files") say why: a description that names no task or material matches everything
and nothing.

Off by default (a heuristic, info). Reported: a description under 40 characters, or one that
opens with the catalog's generic verbs (`Helps with`, `Does stuff`, `Processes data`,
`Handles`) and stays under 80 characters (a longer one names its material after them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity

SHORTEST = 40
GENERIC_LONGEST = 80
_GENERIC = lazyre.compile(r"^\W*(?:helps? (?:with|you)|does stuff|processes data|handles|deals with)\b", re.I)


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    text = string_field(doc, "description")
    if text is None or not text.strip():
        return  # missing or empty is SL121's
    said = " ".join(text.split())
    if len(said) >= SHORTEST and not (_GENERIC.match(said) and len(said) < GENERIC_LONGEST):
        return
    why = f"{len(said)} characters" if len(said) < SHORTEST else "generic words"
    yield Finding(
        doc.locate(("description",)),
        f"`description` is too vague to choose the skill by ({why}: \"{said}\"); the model sees it among "
        "every other skill's",
        "name the task, the material and the occasion: `Extract tables from PDF invoices into CSV. "
        "Use when the user has PDF invoices to reconcile.`",
    )


RULE = SkillRule(
    code="SL125",
    name="description-vague",
    summary="A description too short or too generic to route on",
    severity=Severity.INFO,
    check=check,
    enabled=False,
)
