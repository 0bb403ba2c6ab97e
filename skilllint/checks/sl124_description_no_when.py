"""SL124 description-no-when: a description that says what the skill does but not when to use it.

The model picks a skill from its description alone. The spec (https://agentskills.io/specification,
`description`) asks for "what the skill does and when to use it", and Anthropic's best practices
give `Use when ...` as the second half of a good one. A description without a "when" leaves
the model to guess the occasions, so the skill loads too rarely or too often.

Off by default (a style heuristic, info): it looks for the usual ways of saying when (use
when / for / to, when the user / you / working with, whenever, trigger, should be used, if
the user, ...), or a clause of purpose set off by a comma (", for structure-based drug
design"). Quiet where no "when" is needed: a skill only the user invokes
(`disable-model-invocation: true`, the model never routes on it) and a deprecated skill
("DEPRECATED: use X instead").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._helpers import string_field
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity

_WHEN = lazyre.compile(
    r"\b(?:use (?:it |this(?: skill)? )?(?:when|for|to|if|before|after|whenever|during|while|on|in|with)\b"
    r"|when (?:the|a|an|you|users?|someone|working|asked|needing|creating|building|writing|editing|reviewing|"
    r"dealing|handling|claude)\b|whenever\b|trigger(?:s|ed)?\b|invoke (?:when|for)\b|should be used\b"
    r"|applies when\b|if the user\b|activates? when\b|for use (?:when|with|in)\b)"
    r"|(?:^|[,;.:]\s*)for\s+\w",  # "..., for QSAR and molecular ML": the occasion as a purpose
    re.I,
)
_DEPRECATED = lazyre.compile(r"^\W*(?:deprecated|obsolete|superseded)\b", re.I)


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    text = string_field(doc, "description")
    if not text or not text.strip() or _WHEN.search(text) or _DEPRECATED.match(text):
        return
    if doc.field("disable-model-invocation") is True:
        return  # only the user invokes it: the model never routes on the description
    yield Finding(
        doc.locate(("description",)),
        "`description` says what the skill does but not when to use it; the model chooses skills by their "
        "description alone",
        "add a sentence on when: `Use when the user asks to ...` or `Use when working with ...`",
    )


RULE = SkillRule(
    code="SL124",
    name="description-no-when",
    summary="A description with no clause saying when to use the skill",
    severity=Severity.INFO,
    check=check,
    enabled=False,
)
