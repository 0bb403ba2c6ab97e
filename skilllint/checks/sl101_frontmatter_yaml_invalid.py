"""SL101 frontmatter-yaml-invalid: The frontmatter is not valid YAML, is not a mapping, or is an alias bomb.

A runtime that reads frontmatter line by line (`yaml_parser: line`: SISU's parser.ts splits each
line at its first colon and never fails) loads a skill whose frontmatter YAML rejects
(`description: Use it: now`), so a YAML syntax error or tag in a SKILL.md is no finding there.
"""

from skilllint.checks.rule import InputRule, report_facts
from skilllint.core.model import Severity
from skilllint.core.readfacts import Fact, ReadFact
from skilllint.runtimes.targets import Target

HELP = {
    Fact.NOT_A_MAPPING: 'write `key: value` lines, e.g. `name: my-skill`',
    Fact.YAML_TAG: 'remove the tag, or quote the value if it is meant as text',
    Fact.MANIFEST_VALUE: 'write it as a string, in quotes',
    Fact.MANIFEST_ENTRY: 'make it an object with a `name` (and what else the tool needs), or remove it',
    Fact.DUPLICATE_KEY: 'remove one of the two keys',
}

_YAML_ONLY = frozenset({Fact.YAML_SYNTAX, Fact.YAML_TAG})


def _read_line_by_line(fact: ReadFact, target: Target) -> bool:
    """A YAML syntax error or tag in a SKILL.md, on a target that does not parse it as YAML."""
    return (target.yaml_parser == "line" and fact.kind in _YAML_ONLY
            and fact.path.rsplit("/", 1)[-1].lower() == "skill.md")


RULE = InputRule(
    code="SL101",
    name="frontmatter-yaml-invalid",
    summary="The frontmatter is not valid YAML, is not a mapping, or is an alias bomb",
    severity=Severity.ERROR,
    check=report_facts(Fact.YAML_REFUSED, Fact.YAML_SYNTAX, Fact.NOT_A_MAPPING, Fact.YAML_TAG, Fact.JSON_SYNTAX,
                       Fact.MANIFEST_SHAPE, Fact.MANIFEST_VALUE, Fact.MANIFEST_ENTRY, Fact.DUPLICATE_KEY,
                       help_for=HELP,
                       unless=_read_line_by_line),
    per_target=True,
)
