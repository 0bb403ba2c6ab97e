"""quickschema may only skip jsonschema, never change a verdict: whenever it says a config
conforms, jsonschema agrees; and it does say so for ordinary configs (or it saves nothing)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.core.resources import load_schema
from skilllint.reading.quickschema import surely_valid

SCHEMA = load_schema("config.schema.json")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
KEYS = sorted(SCHEMA["properties"]) + ["unknown", "tools_from", "extends", "aliases", "name", "capability"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3000), st.floats(allow_nan=False, width=16),
                    st.sampled_from(["", "error", "off", "warning", "SL200", "claude-code", "*.md", "x", "api"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)), max_leaves=20)
configs = st.dictionaries(st.sampled_from(KEYS), values, max_size=6)

ORDINARY: list[dict[str, Any]] = [
    {},
    {"targets": ["claude-code", "sisu"], "select": ["SL2"], "ignore": ["SL700"], "fail-on": "warning"},
    {"exclude": ["tests/fixtures", "bench/out"], "max-body-lines": 400, "severity": {"SL132": "off"}},
    {"per-file-ignores": {"legacy/**": ["SL200"]}, "manifests": ["tools/*.json"]},
]


@settings(max_examples=400, deadline=None)
@given(configs)
def test_a_sure_yes_is_a_yes_of_jsonschema(config: dict[str, Any]) -> None:
    if surely_valid(config, SCHEMA):
        assert VALIDATOR.is_valid(config), json.dumps(config, default=str)


def test_ordinary_configs_need_no_jsonschema() -> None:
    for config in ORDINARY:
        assert VALIDATOR.is_valid(config)
        assert surely_valid(config, SCHEMA), config


def test_a_violation_or_an_unknown_keyword_is_never_a_sure_yes() -> None:
    assert not surely_valid({"max-body-lines": 0}, SCHEMA)
    assert not surely_valid({"max-body-lines": True}, SCHEMA)
    assert not surely_valid({"no-such-key": 1}, SCHEMA)
    assert not surely_valid({"x": 1}, {"type": "object", "patternProperties": {"^x$": {"type": "string"}}})
    assert not surely_valid("x", {"format": "email"})
