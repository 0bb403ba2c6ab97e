"""SL161 plugin-path-invalid: a component path in plugin.json Claude Code cannot use.

Claude Code's plugins reference (code.claude.com/docs/en/plugins-reference, Path behavior
rules): component paths "must be relative to the plugin root and start with `./`" (`skills`
also takes `"."`); a `../` path breaks once the plugin is installed, because plugins are copied
into a cache; an absolute path points into the author's machine. A path that does not exist
loads nothing ("No commands found in plugin ... custom directory"). Which fields are paths is
the `x-path` mark in `schemas/claude-plugin.schema.json`; `hooks`, `mcpServers` and `lspServers`
may also hold their configuration inline (an object), which is not a path.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from skilllint.checks._plugins import plugin_fields
from skilllint.checks.rule import FileContext, FileRule, Finding
from skilllint.core.model import Severity
from skilllint.reading.jsonfile import PLUGIN


def check(ctx: FileContext) -> Iterator[Finding]:
    file = ctx.file
    if not isinstance(file.data, dict):
        return
    for key, spec in plugin_fields().items():
        if "x-path" not in spec or key not in file.data:
            continue
        value = file.data[key]
        paths = [(value, (key,))] if isinstance(value, str) else (
            [(item, (key, index)) for index, item in enumerate(value) if isinstance(item, str)]
            if isinstance(value, list) else [])
        for path, where in paths:
            yield from _judge(ctx, key, path, where)


def _judge(ctx: FileContext, key: str, path: str, where: tuple[str | int, ...]) -> Iterator[Finding]:
    file = ctx.file
    location = file.locate(where)
    if os.path.isabs(path) or path.startswith("~") or (len(path) > 1 and path[1] == ":"):
        yield Finding(location, f"`{key}` path `{path}` is absolute: it points into this machine, not the plugin",
                      f"write it relative to the plugin root: `./{os.path.basename(path.rstrip('/'))}`")
        return
    parts = path.replace("\\", "/").split("/")
    if ".." in parts:
        yield Finding(location, f"`{key}` path `{path}` leaves the plugin root: it breaks once the plugin is "
                      "installed (plugins are copied into a cache)",
                      "move what it names into the plugin, or link it there")
        return
    if not path.startswith("./") and not (key == "skills" and path == "."):
        yield Finding(location, f"`{key}` path `{path}` does not start with `./`: Claude Code requires paths "
                      "relative to the plugin root", f"write `./{path.lstrip('./')}`" if path.strip("./") else
                      "write `./`")
        return
    target = os.path.normpath(os.path.join(os.fspath(file.base), path))
    if not file.fs.exists(target):
        yield Finding(location, f"`{key}` path `{path}` does not exist in the plugin: it loads nothing",
                      "fix the path, or add what it names", Severity.WARNING)


RULE = FileRule(
    code="SL161",
    name="plugin-path-invalid",
    summary="A plugin.json component path that is absolute, leaves the plugin, lacks `./`, or does not exist",
    severity=Severity.ERROR,
    check=check,
    documents=(PLUGIN,),
)
