"""Lookups of rules by code, name or prefix (the contract itself is `skilllint.checks.rule`).

A rule is a frozen `InputRule`/`SkillRule`/`FileRule`/`ProjectRule`/`SuppressionRule` at the bottom
of its own module in `skilllint/checks/`; `skilllint.checks.all_rules()`
loads every module found there. Wherever a user names rules
(CLI, config, suppressions) a code (`SL200`), a name (`unknown-tool`) or a code prefix
(`SL2`) works.
"""

from __future__ import annotations

from skilllint.checks.rule import AnyRule
from skilllint.core.suggest import closest


class UnknownRuleError(KeyError):
    def __init__(self, selector: str, suggestion: str | None = None) -> None:
        super().__init__(selector)
        self.selector = selector
        self.suggestion = suggestion

    def __str__(self) -> str:
        hint = f" (did you mean `{self.suggestion}`?)" if self.suggestion else ""
        return f"unknown rule `{self.selector}`{hint}"


def all_rules() -> tuple[AnyRule, ...]:
    from skilllint.checks import all_rules as load

    return load()


def by_code() -> dict[str, AnyRule]:
    return {rule.code: rule for rule in all_rules()}


def find_rule(key: str) -> AnyRule:
    """One rule by exact code or name (case-insensitive); raises UnknownRuleError."""
    wanted = key.strip()
    for rule in all_rules():
        if rule.code.lower() == wanted.lower() or rule.name == wanted.lower():
            return rule
    raise UnknownRuleError(key, _suggest(wanted))


def expand_selector(selector: str) -> list[AnyRule]:
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
    choices = [r.code for r in all_rules()] + [r.name for r in all_rules()]
    return closest(wanted, choices, cutoff=70)
