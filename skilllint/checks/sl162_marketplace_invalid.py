"""SL162 marketplace-invalid: a `.claude-plugin/marketplace.json` Claude Code refuses, or whose
plugins it cannot install.

Claude Code's marketplace docs (code.claude.com/docs/en/plugin-marketplaces, Marketplace schema,
validation errors, strict mode): `name`, `owner` (with `owner.name`) and `plugins` are required;
each entry needs `name` and `source`, a relative source starts with `./` (or is a bare name under
`metadata.pluginRoot`) and may not contain `..` ("Path contains .."); two entries with one name
are an error ("Duplicate plugin name"). `strict: false` with a plugin.json that declares
components fails the load; an entry's `version` that differs from its plugin.json's, an empty
`plugins` list and a missing description are what `claude plugin validate` warns about.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

from skilllint.checks._plugins import json_type, top_object
from skilllint.checks.rule import FileContext, FileRule, Finding
from skilllint.core.model import Severity
from skilllint.reading.jsonfile import MARKETPLACE

SOURCE_KINDS = ("github", "url", "git-subdir", "npm", "archive", "command")
COMPONENTS = ("skills", "commands", "agents", "hooks", "mcpServers", "lspServers", "outputStyles", "workflows")


def check(ctx: FileContext) -> Iterator[Finding]:
    file = ctx.file
    data = yield from top_object(file, "marketplace.json", "an object",
                                 'write `{"name": ..., "owner": {"name": ...}, "plugins": [...]}`')
    if data is None:
        return
    for key, example in (("name", '"name": "my-marketplace"'), ("owner", '"owner": {"name": "Your Name"}'),
                         ("plugins", '"plugins": []')):
        if key not in data:
            yield Finding(file.locate(()), f"marketplace.json has no `{key}`: Claude Code refuses it",
                          f"add `{example}`")
    for key, kind in (("name", str), ("owner", dict)):
        if key in data and not isinstance(data[key], kind):
            wanted = "a string" if kind is str else "an object"
            yield Finding(file.locate((key,)), f"`{key}` is {json_type(data[key])}, not {wanted}: Claude Code "
                          "refuses the marketplace", 'write `"name": "my-marketplace"`' if key == "name"
                          else 'write `"owner": {"name": "Your Name"}`')
    owner = data.get("owner")
    if isinstance(owner, dict) and not isinstance(owner.get("name"), str):
        yield Finding(file.locate(("owner",)), "`owner` has no `name`: Claude Code refuses the marketplace",
                      'add `"name": "Your Name"` to `owner`')
    if "description" not in data and not isinstance((data.get("metadata") or {}).get("description"), str):
        yield Finding(file.locate(()), "marketplace.json has no description",
                      'add `"description": "..."`: the marketplace browser shows it', Severity.INFO)
    plugins = data.get("plugins")
    if not isinstance(plugins, list):
        if "plugins" in data:
            yield Finding(file.locate(("plugins",)), f"`plugins` is {json_type(plugins)}, not an array",
                          'write `"plugins": [{"name": ..., "source": "./..."}]`')
        return
    if not plugins:
        yield Finding(file.locate(("plugins",)), "the marketplace lists no plugins", None, Severity.WARNING)
    root = (data.get("metadata") or {}).get("pluginRoot") if isinstance(data.get("metadata"), dict) else None
    seen: dict[str, int] = {}
    for index, entry in enumerate(plugins):
        yield from _entry(ctx, index, entry, root if isinstance(root, str) else None, seen)


def _entry(ctx: FileContext, index: int, entry: Any, root: str | None, seen: dict[str, int]) -> Iterator[Finding]:
    file = ctx.file
    where = ("plugins", index)
    if not isinstance(entry, dict):
        yield Finding(file.locate(where), f"`plugins[{index}]` is {json_type(entry)}, not an object",
                      'write `{"name": ..., "source": "./..."}`')
        return
    name = entry.get("name")
    if not isinstance(name, str):
        yield Finding(file.locate(where), f"`plugins[{index}]` has no `name`", 'add `"name": "my-plugin"`')
    elif name in seen:
        yield Finding(file.locate((*where, "name")), f"plugin name `{name}` is listed twice "
                      f"(first as plugins[{seen[name]}]): Claude Code refuses the marketplace",
                      "rename one, or remove the duplicate entry")
    else:
        seen[name] = index
    if "source" not in entry:
        yield Finding(file.locate(where), f"`plugins[{index}]` has no `source`: Claude Code cannot install it",
                      'add `"source": "./plugins/<name>"` or a `{"source": "github", ...}` object')
        return
    source = entry["source"]
    if isinstance(source, dict):
        kind = source.get("source")
        if kind not in SOURCE_KINDS:
            listed = ", ".join(f"`{k}`" for k in SOURCE_KINDS)
            yield Finding(file.locate((*where, "source")), f"`source.source` is `{kind}`, not a kind of source "
                          f"Claude Code knows", f"write one of {listed}")
        return
    if not isinstance(source, str):
        yield Finding(file.locate((*where, "source")), f"`source` is {json_type(source)}, not a path or an object",
                      'write `"source": "./plugins/<name>"`')
        return
    parts = source.replace("\\", "/").split("/")
    if ".." in parts:
        yield Finding(file.locate((*where, "source")), f"source `{source}` contains `..`: Claude Code refuses it",
                      "keep plugins inside the marketplace's folder")
        return
    if not source.startswith("./") and not (root and "/" not in source):
        yield Finding(file.locate((*where, "source")), f"source `{source}` is not a relative path starting "
                      "with `./`", f"write `./{source.lstrip('./')}`, or set `metadata.pluginRoot`")
        return
    folder = os.path.normpath(os.path.join(os.fspath(file.base), root or ".", source))
    if not file.fs.isdir(folder):
        yield Finding(file.locate((*where, "source")), f"source `{source}` is no folder in the marketplace: "
                      "the plugin cannot be installed", "fix the path, or add the plugin", Severity.WARNING)
        return
    yield from _against_manifest(ctx, where, entry, folder)


def _against_manifest(ctx: FileContext, where: tuple[str | int, ...], entry: dict[str, Any], folder: str
                      ) -> Iterator[Finding]:
    """The entry against the plugin's own plugin.json: strict mode, and the version."""
    file = ctx.file
    manifest_path = os.path.join(folder, ".claude-plugin", "plugin.json")
    if not file.fs.isfile(manifest_path):
        return
    try:
        manifest = json.loads(file.fs.read(manifest_path)[0])
    except (OSError, ValueError):
        return  # SL160 reports a plugin.json that cannot be read
    if not isinstance(manifest, dict):
        return
    if entry.get("strict") is False and any(key in manifest for key in COMPONENTS):
        declared = ", ".join(f"`{key}`" for key in COMPONENTS if key in manifest)
        yield Finding(file.locate((*where, "strict")), f"`strict: false` while the plugin's plugin.json declares "
                      f"{declared}: the plugin fails to load", "declare the components in one place: drop them from "
                      "plugin.json, or drop `strict: false`")
    version, own = entry.get("version"), manifest.get("version")
    if isinstance(version, str) and isinstance(own, str) and version != own:
        yield Finding(file.locate((*where, "version")), f"entry version `{version}` differs from the plugin's "
                      f"plugin.json (`{own}`)", "keep them equal: update the one that is behind", Severity.WARNING)


RULE = FileRule(
    code="SL162",
    name="marketplace-invalid",
    summary="A marketplace.json without name, owner or plugins, or with entries Claude Code cannot install",
    severity=Severity.ERROR,
    check=check,
    documents=(MARKETPLACE,),
)
