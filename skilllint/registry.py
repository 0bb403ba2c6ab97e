"""The rule type and lookups by code, name or prefix.

A rule is a frozen `Rule` at the bottom of its own module in `skilllint/checks/`; the
explicit tuple `skilllint.checks.ALL_RULES` lists them. Wherever a user names rules
(CLI, config, suppressions) a code (`SL200`), a name (`unknown-tool`) or a code prefix
(`SL2`) works.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from skilllint.document import Location
from skilllint.model import Severity

SCOPES = ("input", "skill", "project", "suppression")


@dataclass(frozen=True, slots=True)
class Finding:
    """What a check yields; the engine adds code, name, severity and target."""

    location: Location
    message: str
    help: str | None = None
    severity: Severity | None = None  # only when one case of a rule differs (SL102 duplicates)


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    name: str
    summary: str
    severity: Severity
    check: Callable[..., Iterable[Finding]] | None
    scope: str = "skill"
    per_target: bool = False  # runs once per target; its severity may depend on the runtime
    enabled: bool = True  # off-by-default rules need --select / --extend-select
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def family(self) -> str:
        return self.code[:3]


class UnknownRuleError(KeyError):
    def __init__(self, selector: str, suggestion: str | None = None) -> None:
        super().__init__(selector)
        self.selector = selector
        self.suggestion = suggestion

    def __str__(self) -> str:
        hint = f" (did you mean `{self.suggestion}`?)" if self.suggestion else ""
        return f"unknown rule `{self.selector}`{hint}"


def all_rules() -> tuple[Rule, ...]:
    from skilllint.checks import ALL_RULES

    return ALL_RULES


def by_code() -> dict[str, Rule]:
    return {rule.code: rule for rule in all_rules()}


def find_rule(key: str) -> Rule:
    """One rule by exact code or name (case-insensitive); raises UnknownRuleError."""
    wanted = key.strip()
    for rule in all_rules():
        if rule.code.lower() == wanted.lower() or rule.name == wanted.lower():
            return rule
    raise UnknownRuleError(key, _suggest(wanted))


def expand_selector(selector: str) -> list[Rule]:
    """Rules matched by a code, a name, a code prefix (`SL2`, `SL20`) or `ALL`."""
    wanted = selector.strip()
    upper = wanted.upper()
    if upper == "ALL":
        return list(all_rules())
    rules = [r for r in all_rules() if r.code == upper or r.name == wanted.lower()]
    if rules:
        return rules
    if upper.startswith("SL") and upper[2:].isdigit() and len(upper) < 5:
        rules = [r for r in all_rules() if r.code.startswith(upper)]
        if rules:
            return rules
    raise UnknownRuleError(selector, _suggest(wanted))


def is_known_selector(selector: str) -> bool:
    try:
        expand_selector(selector)
    except UnknownRuleError:
        return False
    return True


def _suggest(wanted: str) -> str | None:
    from rapidfuzz import process

    choices = [r.code for r in all_rules()] + [r.name for r in all_rules()]
    match = process.extractOne(wanted, choices, score_cutoff=70)
    return match[0] if match else None


def input_problems(code: str) -> Callable[..., Iterator[Finding]]:
    """The check of an input rule: report the reading problems recorded under its code."""

    def check(doc: Any, _target: Any = None, _ctx: Any = None) -> Iterator[Finding]:
        for problem in doc.problems:
            if problem.code == code:
                severity = Severity(problem.severity) if problem.severity else None
                yield Finding(Location(problem.path, problem.span), problem.message, problem.help, severity)

    check.__doc__ = f"Report reading problems recorded as {code}."
    return check
