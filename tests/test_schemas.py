"""The shipped JSON Schemas are valid schemas, and the config schema accepts the README's example."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from skilllint.core.resources import schemas_dir

SCHEMAS = sorted(p for p in schemas_dir().rglob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema).check_schema(schema)


def test_readme_config_example_is_valid() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Configuration.*?```yaml\n(.*?)```", readme, re.S)
    assert block, "README has a yaml config example"
    data = yaml.safe_load(block.group(1))
    schema = json.loads((schemas_dir() / "config.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)


@pytest.mark.parametrize("dialect", ["agentskills", "claude-code"])
def test_frontmatter_schema_accepts_a_good_skill(dialect: str) -> None:
    schema = json.loads((schemas_dir() / "frontmatter" / f"{dialect}.schema.json").read_text(encoding="utf-8"))
    good = {"name": "pdf-processing", "description": "Extract text from PDFs. Use when working with PDFs.",
            "license": "MIT", "allowed-tools": "Read Bash(python3:*)", "metadata": {"version": "1.0"}}
    jsonschema.Draft202012Validator(schema).validate(good)
