"""SL501 skill-md-filename-case: `skill.md`, `Skill.md` or `SKILL.MD` instead of `SKILL.md`.

Every runtime looks for exactly `SKILL.md`; on a case-sensitive file system a skill
saved under another spelling is silently not a skill.
"""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact

RULE = InputRule(
    code="SL501",
    name="skill-md-filename-case",
    summary="The skill file is spelled `skill.md`, `Skill.md` or `SKILL.MD` instead of `SKILL.md`",
    severity=Severity.ERROR,
    check=report_facts(Fact.SKILL_MD_CASE, Fact.SKILL_MD_CASE_BESIDE),
)
