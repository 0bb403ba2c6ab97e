"""SL401 confusable-name: skill or tool names that differ but look the same.

`pdf-analyzer` and `pdf-аnalyzer` (Cyrillic `а`), `PDF-Tools` and `pdf-tools`, a name with a
zero-width space: people and models cannot tell them apart, and some runtimes fold them
(Claude Code compares synced skill names ignoring case, invisible characters, fullwidth
forms and dash variants). Names are compared by the Unicode TR39 skeleton over the
confusables data, after NFKC, case folding and removal of invisible characters. Skills are
compared per target, within what that runtime loads together (`_collisions.load_scope`, as SL400).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import TypeVar

from skilllint.checks._collisions import load_scope, manifest_claims, skill_location, tool_key
from skilllint.checks.rule import Finding, ProjectContext, ProjectRule
from skilllint.core.confusables import confusable_reason, mixed_scripts, name_keys
from skilllint.core.model import Severity
from skilllint.core.readfacts import Location

P = TypeVar("P")


def shown(name: str) -> str:
    """The name with invisible and format characters spelled out (`pdf\\u200b-tools`)."""
    return "".join(c if c.isprintable() and unicodedata.category(c) not in ("Cf", "Zs") or c == " "
                   else f"\\u{ord(c):04x}" for c in name)


def _pairs(items: list[tuple[str, str, P]]) -> Iterator[tuple[tuple[str, str, P], tuple[str, str, P]]]:
    """Items (scope, name, payload) whose names differ but share a confusable key. One item
    has nothing to be confused with: the confusables table (12 ms to load) is not read."""
    if len(items) < 2:
        return
    buckets: dict[tuple[str, str], list[tuple[str, str, P]]] = {}
    for item in items:
        for key in set(name_keys(item[1])):
            buckets.setdefault((item[0], key), []).append(item)
    seen: set[tuple[int, int]] = set()
    for members in buckets.values():
        # pairs of different names only: each member against the first holder of every other name in the
        # bucket (thousands of copies of one name were compared with each other, for nothing)
        first: dict[str, tuple[str, str, P]] = {}
        for item in members:
            first.setdefault(item[1], item)
        if len(first) < 2:
            continue
        for a in members:
            for name, b in first.items():
                if name != a[1] and (id(a), id(b)) not in seen:
                    seen.add((id(a), id(b)))
                    yield a, b


def check(ctx: ProjectContext) -> Iterator[Finding]:
    project = ctx.project
    target = ctx.target
    skills = [(scope, s.effective_name, s) for s in project.skills if (scope := load_scope(s, target)) is not None]
    reported: set[tuple[str | Location, str]] = set()
    for (_, name, skill), (_, other, other_skill) in _pairs(skills):
        if skill.targets and target.id not in skill.targets:
            continue  # checked on other targets only: theirs to report
        reason = confusable_reason(name, other)
        if reason is None or (skill.path, other) in reported:
            continue
        reported.add((skill.path, other))
        scripts = mixed_scripts(name)
        mixed = f"; `{name}` mixes {' and '.join(sorted(scripts))}" if len(scripts) > 1 else ""
        yield Finding(
            skill_location(skill),
            f"skill name `{shown(name)}` is confusable with `{shown(other)}` ({other_skill.path}): {reason}{mixed}",
            "rename one of the skills so the names differ visibly",
        )
    claims = [(m.path, c.text, c) for m in project.manifests for c in manifest_claims(m)]
    for (_, name, claim), (_, other, _) in _pairs(claims):
        if tool_key(name) == tool_key(other):
            continue  # case and -/_/. differences are SL410's
        reason = confusable_reason(name, other)
        if reason is None or claim.location is None or (claim.location, other) in reported:
            continue
        reported.add((claim.location, other))
        yield Finding(claim.location, f"tool name `{shown(name)}` is confusable with `{shown(other)}`: {reason}",
                      "rename one of the tools so the names differ visibly")


RULE = ProjectRule(
    code="SL401",
    name="confusable-name",
    summary="Skill or tool names that differ only by case, Unicode form, invisible characters or look-alikes",
    severity=Severity.WARNING,
    check=check,
    per_target=True,
)
