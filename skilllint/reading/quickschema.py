"""A fast yes for a document that plainly conforms to one of our JSON Schemas.

Importing jsonschema costs about 100 ms (it loads every draft's metaschema), more than the
rest of a one-skill run. Nearly every config is valid, so the config loader first asks this
checker, which knows the few keywords our schemas use and imports nothing. It answers True
only when it is sure the document conforms; on anything else (a violation, or a keyword it
does not know) it answers False and the caller runs jsonschema for the real verdict and its
message. So it can only skip work, never change a result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_ANNOTATIONS = frozenset({"description", "title", "$schema", "$id", "$comment", "default", "examples", "$defs"})
_MAX_DEPTH = 64


def surely_valid(instance: Any, schema: Mapping[str, Any]) -> bool:
    """True when `instance` conforms to `schema` (a draft 2020-12 schema whose `$ref`s point
    into its own `$defs`); False when it does not, or when this checker cannot tell."""
    try:
        return _conforms(instance, schema, schema, 0)
    except (KeyError, TypeError, ValueError, RecursionError):
        return False


def _conforms(value: Any, schema: Any, root: Mapping[str, Any], depth: int) -> bool:
    if schema is True:
        return True
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH:
        return False
    for keyword, expected in schema.items():
        if keyword in _ANNOTATIONS:
            continue
        check = _KEYWORDS.get(keyword)
        if check is None or not check(value, expected, schema, root, depth):
            return False
    return True


def _ref(value: Any, ref: str, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    if not ref.startswith("#/$defs/"):
        return False
    return _conforms(value, root["$defs"][ref.removeprefix("#/$defs/")], root, depth + 1)


def _type(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    names = expected if isinstance(expected, list) else [expected]
    return any(_TYPES[name](value) for name in names)


def _properties(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    if not isinstance(value, dict):
        return True
    return all(_conforms(value[key], sub, root, depth + 1) for key, sub in expected.items() if key in value)


def _additional(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    if not isinstance(value, dict):
        return True
    if "patternProperties" in schema:
        return False
    declared = schema.get("properties", {})
    extra = [key for key in value if key not in declared]
    if expected is False:
        return not extra
    return all(isinstance(key, str) and _conforms(value[key], expected, root, depth + 1) for key in extra)


def _items(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    return not isinstance(value, list) or all(_conforms(item, expected, root, depth + 1) for item in value)


def _enum(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    # JSON equality: True is not 1, 1 equals 1.0
    return any(type(value) is type(option) or (_TYPES["number"](value) and _TYPES["number"](option))
               for option in expected if option == value)


def _required(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    return not isinstance(value, dict) or all(key in value for key in expected)


def _min_length(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    return not isinstance(value, str) or len(value) >= expected


def _min_items(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    return not isinstance(value, list) or len(value) >= expected


def _minimum(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    return not _TYPES["number"](value) or value >= expected


def _maximum(value: Any, expected: Any, schema: Mapping[str, Any], root: Mapping[str, Any], depth: int) -> bool:
    return not _TYPES["number"](value) or value <= expected


_KEYWORDS = {
    "$ref": _ref,
    "type": _type,
    "properties": _properties,
    "additionalProperties": _additional,
    "items": _items,
    "enum": _enum,
    "required": _required,
    "minLength": _min_length,
    "minItems": _min_items,
    "minimum": _minimum,
    "maximum": _maximum,
}
