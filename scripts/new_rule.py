"""Start a new rule: its module, its card and its two fixture folders, nothing else.

    python scripts/new_rule.py SL123 description-vague [--kind skill] [--severity warning]
                               [--summary "..."] [--per-target] [--root DIR]

The rule set is the modules found in skilllint/checks/, so these four places are all a rule
touches (ARCHITECTURE.md "Adding a rule"). The files written are a start, not a rule: the
check yields nothing, the card's example and the fixtures' expected output are to be
written, and the rulebook and fixture tests fail until they are. Existing files are never
overwritten. Take the code and name from the catalog (RULES.md); codes are never reused.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

KINDS = {
    "input": ("InputRule", "InputContext", "the facts recorded while reading (ctx.facts)"),
    "skill": ("SkillRule", "SkillContext", "one skill on one target (ctx.doc, ctx.target)"),
    "file": ("FileRule", "FileContext", "one plugin or marketplace file (ctx.file, ctx.target)"),
    "project": ("ProjectRule", "ProjectContext", "the whole tree (ctx.project)"),
    "suppression": ("SuppressionRule", "SuppressionContext", "what the suppression comments did (ctx.report)"),
}
_CODE = re.compile(r"^SL\d{3}$")
_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def module_text(code: str, name: str, kind: str, severity: str, summary: str, per_target: bool) -> str:
    rule_class, context, subject = KINDS[kind]
    target_line = "    per_target=True,\n" if per_target else ""
    return f'''"""{code} {name}: {summary}.

Why it matters, with the source that says so (a runtime's docs or loader, the spec).
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.core.model import Severity
from skilllint.checks.rule import Finding, {context}, {rule_class}


def check(ctx: {context}) -> Iterator[Finding]:
    """Judge {subject}; yield a Finding(location, message, help) per problem."""
    yield from ()


RULE = {rule_class}(
    code="{code}",
    name="{name}",
    summary="{summary}",
    severity=Severity.{severity.upper()},
    check=check,
{target_line})
'''


def card_text(code: str, name: str, severity: str, summary: str) -> str:
    return f"""---
code: {code}
name: {name}
severity: {severity}
since: unreleased
---
# {code} {name}

## What it does
{summary}.

## Why is this bad?
What goes wrong at run time, with the public source that documents it.

## Example
```markdown path=my-skill/SKILL.md
---
name: my-skill
description: What the skill does and when to use it.
---
An example that triggers {code}.
```

## Use instead
```markdown path=my-skill/SKILL.md
---
name: my-skill
description: What the skill does and when to use it.
---
The same skill, written so that {code} is quiet.
```

## Runtimes
All: the same finding for every target.
"""


SKILL = """---
name: example
description: Replace with a case that {what} {code}.
---
Replace with the case.
"""


def plan(root: Path, code: str, name: str, kind: str, severity: str, summary: str,
         per_target: bool) -> dict[Path, str]:
    module = root / "skilllint" / "checks" / f"{code.lower()}_{name.replace('-', '_')}.py"
    fixtures = root / "tests" / "fixtures" / code
    return {
        module: module_text(code, name, kind, severity, summary, per_target),
        root / "rules" / f"{code}.md": card_text(code, name, severity, summary),
        fixtures / "bad" / "example" / "example" / "SKILL.md": SKILL.format(what="triggers", code=code),
        fixtures / "bad" / "example" / "expected.txt": "",
        fixtures / "good" / "example" / "example" / "SKILL.md": SKILL.format(what="does not trigger", code=code),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("code", help="the rule's code from the catalog, e.g. SL123")
    parser.add_argument("name", help="the rule's name from the catalog, e.g. description-vague")
    parser.add_argument("--kind", choices=sorted(KINDS), default="skill")
    parser.add_argument("--severity", choices=("error", "warning", "info"), default="warning")
    parser.add_argument("--summary", default=None, help="one sentence, no final period")
    parser.add_argument("--per-target", action="store_true", help="the verdict depends on the target")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args(argv)
    code = args.code.upper()
    if not _CODE.match(code):
        parser.error(f"a code is SL and three digits, not `{args.code}`")
    if not _NAME.match(args.name):
        parser.error(f"a name is lowercase words joined by hyphens, not `{args.name}`")
    taken = sorted((args.root / "skilllint" / "checks").glob(f"{code.lower()}_*.py"))
    if taken:
        parser.error(f"{code} exists already: {taken[0].name}")
    summary = (args.summary or args.name.replace("-", " ").capitalize()).rstrip(".")
    files = plan(args.root, code, args.name, args.kind, args.severity, summary, args.per_target)
    existing = [path for path in files if path.exists()]
    if existing:
        parser.error(f"will not overwrite {existing[0]}")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(args.root)}")
    print(f"next: write the check, the card's Example/Use instead, the fixture cases; then "
          f"SKILLLINT_UPDATE_EXPECTED=1 pytest tests/test_fixtures.py -k {code} and review the expected.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
