"""Which runtimes read which frontmatter fields: shared by SL132 (a key no runtime reads) and
SL133 (a key some runtimes read, but not the target).

A runtime reads the keys its dialect's schema lists (`schemas/frontmatter/<dialect>.schema.json`),
the one source for the runtime's fields, their types and their values.
"""

from __future__ import annotations

from functools import cache

from skilllint.reading.document import Document
from skilllint.reading.schema import dialect_schema, known_fields
from skilllint.runtimes.targets import Target

SPEC_FIELDS = ("name", "description", "license", "compatibility", "metadata", "allowed-tools")
METADATA_YAML_FIELDS = frozenset({"name", "description", "version", "author", "license", "tags", "capabilities",
                                  "constraints", "tools"})
"""The keys of the skill-packaging format that keeps a skill's metadata in a `metadata.yaml` beside
SKILL.md (name, description, version, author, tags, capabilities, constraints, tools). No runtime
reads that file, so these keys there are the format's own, not unknown or foreign fields."""


def format_field(doc: Document, key: str) -> bool:
    """Whether `key` comes from the document's `metadata.yaml` and is one of that format's keys."""
    return key in METADATA_YAML_FIELDS and doc.from_metadata_yaml(key)
"""The Agent Skills spec's own fields: never "unknown" on any target, and never an extension
(a runtime that drops one is not a reason to remove it from a portable skill)."""


@cache
def readers() -> dict[str, tuple[str, ...]]:
    """Each non-spec field some built-in runtime reads, and those runtimes (ids, in id order). A field a
    dialect accepts without acting on it (`x-read: false`, Claude Code's `version`) names no reader."""
    from skilllint.runtimes.targets import builtin_targets

    found: dict[str, list[str]] = {}
    for ident, target in sorted(builtin_targets().items()):
        properties = dialect_schema(target.dialect).get("properties", {})
        for key in known_fields(target.dialect):
            if key not in SPEC_FIELDS and properties[key].get("x-read", True):
                found.setdefault(key, []).append(ident)
    return {key: tuple(owners) for key, owners in found.items()}


def reads(target: Target, key: str) -> bool:
    """Whether the target's dialect knows `key` (the spec's fields count as known everywhere)."""
    return key in SPEC_FIELDS or key in known_fields(target.dialect)


def read_elsewhere(target: Target, key: str) -> tuple[str, ...]:
    """The built-in runtimes other than the target that read `key`, when the target does not."""
    if reads(target, key):
        return ()
    return tuple(owner for owner in readers().get(key, ()) if owner != target.id)
