"""JSON Schema validation of frontmatter, with errors mapped back to positions.

Validators are compiled once per schema file; each document caches its errors per dialect
so the several rules that read them (SL126, SL127, SL132) validate only once.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Final

from skilllint.core.records import FrozenRecord, Record
from skilllint.core.resources import load_schema

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

    from skilllint.reading.document import Document


class SchemaError(FrozenRecord):
    __slots__ = ("path", "keyword", "message", "value")
    path: Final[tuple[str | int, ...]]  # where in the frontmatter (keys and indexes)
    keyword: Final[str]  # the failing JSON Schema keyword: type, maxLength, additionalProperties...
    message: Final[str]
    value: Final[Any]

    def __init__(self, path: tuple[str | int, ...], keyword: str, message: str, value: Any) -> None:
        self.path = path
        self.keyword = keyword
        self.message = message
        self.value = value


@cache
def validator_for(relative: str) -> Validator:
    """A compiled validator for a schema shipped in schemas/ (cached for the process)."""
    import jsonschema

    schema = load_schema(relative)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, format_checker=None)


@cache
def dialect_schema(dialect: str) -> dict[str, Any]:
    return load_schema(f"frontmatter/{dialect}.schema.json")


def known_fields(dialect: str) -> tuple[str, ...]:
    return tuple(dialect_schema(dialect).get("properties", {}))


def validate(data: dict[str, Any], dialect: str) -> list[SchemaError]:
    """All schema errors of `data` under the dialect, leaves first (best_match order)."""
    validator = validator_for(f"frontmatter/{dialect}.schema.json")
    return [_schema_error(error) for error in validator.iter_errors(data)]


def _schema_error(error: ValidationError) -> SchemaError:
    """`error` as a SchemaError. A validator's errors always name their keyword (only an error built
    by hand may leave it unset), so the check narrows the type and never fails."""
    keyword = error.validator
    assert isinstance(keyword, str)
    return SchemaError(tuple(error.absolute_path), keyword, error.message, error.instance)


class SchemaErrors(Record):
    """A document's schema errors, by dialect, kept on it (`Document.derived`)."""

    __slots__ = ("by_dialect",)
    by_dialect: dict[str, list[SchemaError]]

    def __init__(self) -> None:
        self.by_dialect = {}


def errors_for(doc: Document, dialect: str) -> list[SchemaError]:
    """Schema errors of a document's frontmatter, computed once per dialect (jsonschema is
    imported then: rules consult the schema only for a value they already know is wrong)."""
    known = doc.derived(SchemaErrors).by_dialect
    if dialect not in known:
        known[dialect] = validate(doc.frontmatter, dialect) if doc.frontmatter is not None else []
    return known[dialect]
