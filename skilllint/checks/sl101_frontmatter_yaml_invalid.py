"""SL101 frontmatter-yaml-invalid: The frontmatter is not valid YAML, is not a mapping, or is an alias bomb."""

from skilllint.model import Severity
from skilllint.readfacts import Fact
from skilllint.rule import InputRule, report_facts

HELP = {
    Fact.NOT_A_MAPPING: 'write `key: value` lines, e.g. `name: my-skill`',
    Fact.YAML_TAG: 'remove the tag, or quote the value if it is meant as text',
    Fact.MANIFEST_VALUE: 'write it as a string, in quotes',
    Fact.DUPLICATE_KEY: 'remove one of the two keys',
}

RULE = InputRule(
    code="SL101",
    name="frontmatter-yaml-invalid",
    summary="The frontmatter is not valid YAML, is not a mapping, or is an alias bomb",
    severity=Severity.ERROR,
    check=report_facts(Fact.YAML_REFUSED, Fact.YAML_SYNTAX, Fact.NOT_A_MAPPING, Fact.YAML_TAG, Fact.JSON_SYNTAX,
    Fact.MANIFEST_SHAPE, Fact.MANIFEST_VALUE, Fact.DUPLICATE_KEY, help_for=HELP),
)
