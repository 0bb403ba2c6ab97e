"""JSON files are read as JSON (RFC 8259): `NaN`, `Infinity` and `-Infinity`, which Python's parser takes
and JSON.parse (what the runtimes read these files with) rejects, are a syntax error at the constant."""

from __future__ import annotations

import pytest

from skilllint.core.model import Span
from skilllint.reading.manifests import Unusable, parse_structured


@pytest.mark.parametrize(("text", "span", "constant"), [
    ('{"name": NaN}', Span(1, 10, 1, 13), "NaN"),
    ('{"a": "NaN \\" Infinity",\n "b": [1, -Infinity]}', Span(2, 11, 2, 20), "-Infinity"),
    ('[\n  "x",\n  Infinity\n]', Span(3, 3, 3, 11), "Infinity"),
])
def test_a_constant_is_invalid_json_at_its_position(text: str, span: Span, constant: str) -> None:
    with pytest.raises(Unusable) as raised:
        parse_structured(text, "f.json", json_syntax=True)
    problem = raised.value.problem
    assert problem.span == span
    assert problem.detail.startswith(f"invalid JSON: `{constant}` is no JSON value")


def test_the_constants_in_strings_and_in_yaml_are_values() -> None:
    assert parse_structured('{"a": "NaN Infinity"}', "f.json", json_syntax=True).data == {"a": "NaN Infinity"}
    assert parse_structured("a: NaN\n", "f.yaml", json_syntax=False).data == {"a": "NaN"}
