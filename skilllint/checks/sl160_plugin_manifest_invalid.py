"""SL160 plugin-manifest-invalid: a `.claude-plugin/plugin.json` Claude Code cannot load, or loads
with less than it says.

Claude Code's plugins reference (code.claude.com/docs/en/plugins-reference, Plugin manifest
schema): the manifest is optional, but if present `name` is required ("Unique identifier
(kebab-case, no spaces)"); a field of the wrong type fails the plugin's load ("Plugin <name>
has an invalid manifest file at .claude-plugin/plugin.json. Validation errors: ..."), except
`metadata` and `experimental`, which are ignored with a warning; an unknown top-level key is
ignored at run time and `claude plugin validate` warns about it. The fields and their types
are `schemas/claude-plugin.schema.json`, with that source.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skilllint.checks._plugins import json_type, plugin_fields, top_object, types_of
from skilllint.checks.rule import FileContext, FileRule, Finding
from skilllint.core import lazyre
from skilllint.core.model import Severity
from skilllint.core.suggest import closest
from skilllint.reading.jsonfile import PLUGIN

ENTRY_FIELDS = frozenset({"category", "tags", "strict", "source", "relevance"})
"""Fields of a plugin's marketplace entry, not of its manifest (code.claude.com/docs/en/plugin-marketplaces)."""
KEBAB = lazyre.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def check(ctx: FileContext) -> Iterator[Finding]:
    file = ctx.file
    data = yield from top_object(file, "plugin.json", "an object of fields", 'write `{"name": "my-plugin"}` at least')
    if data is None:
        return
    fields = plugin_fields()
    name = data.get("name")
    if "name" not in data:
        yield Finding(file.locate(()), "plugin.json has no `name`: Claude Code refuses the manifest",
                      f'add `"name": "{_kebab(file.base.name)}"`')
    elif isinstance(name, str) and not KEBAB.fullmatch(name):
        yield Finding(file.locate(("name",)), f"plugin name `{name}` is not kebab-case",
                      f'write `"name": "{_kebab(name)}"` (lowercase letters, digits, hyphens)', Severity.WARNING)
    for key, value in data.items():
        spec = fields.get(key)
        if spec is None:
            near = closest(str(key), list(fields), cutoff=80)
            if key in ENTRY_FIELDS:
                help_text = f"`{key}` belongs to the plugin's entry in marketplace.json; move it there"
            elif near:
                help_text = f"did you mean `{near}`?"
            else:
                help_text = "remove it, or keep data of your own under `metadata`"
            yield Finding(file.locate((key,), key=True), f"`{key}` is not a plugin.json field: Claude Code ignores it",
                          help_text, Severity.WARNING)
            continue
        allowed = types_of(spec)
        if not allowed or json_type(value) in allowed or (json_type(value) == "number" and "integer" in allowed):
            items = spec.get("items", {})
            if isinstance(value, list) and items:
                yield from _items(ctx, key, value, types_of(items))
            continue
        wanted = " or ".join(allowed)
        if spec.get("x-ignored-when-wrong"):
            yield Finding(file.locate((key,)), f"`{key}` is {json_type(value)}, not {wanted}: Claude Code ignores it",
                          f"write `{key}` as {wanted}", Severity.WARNING)
        else:
            yield Finding(file.locate((key,)), f"`{key}` is {json_type(value)}, not {wanted}: the plugin fails to load",
                          f"write `{key}` as {wanted}")


def _items(ctx: FileContext, key: str, values: list[object], allowed: tuple[str, ...]) -> Iterator[Finding]:
    for index, item in enumerate(values):
        if json_type(item) not in allowed:
            wanted = " or ".join(allowed)
            yield Finding(ctx.file.locate((key, index)),
                          f"`{key}[{index}]` is {json_type(item)}, not {wanted}: the plugin fails to load",
                          f"write each entry of `{key}` as {wanted}")


def _kebab(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "my-plugin"


RULE = FileRule(
    code="SL160",
    name="plugin-manifest-invalid",
    summary="A plugin.json that is not JSON, lacks `name`, or has fields of the wrong type or unknown keys",
    severity=Severity.ERROR,
    check=check,
    documents=(PLUGIN,),
)
