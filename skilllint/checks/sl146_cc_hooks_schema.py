"""SL146 cc-hooks-schema: `hooks` that is not a map of Claude Code hook events to handlers.

A skill's `hooks` takes the settings' hooks format (https://code.claude.com/docs/en/hooks):
a map from an event name, case-sensitive (`PreToolUse`, not `preToolUse`), to a list of
matcher groups `{matcher, hooks: [handler, ...]}`, each handler with a `type` (`command`,
`http`, `mcp_tool`, `prompt`, `agent`) and a `command` handler with its `command`. A hook
under a name Claude Code does not know, or without the shape it reads, never runs: the guard
the author wrote (block `rm -rf`, check a freeze boundary) is silently not there.

The event names and handler types are the Claude Code dialect's schema
(`schemas/frontmatter/claude-code.schema.json`), the one source SL132 and SL141 read too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from skilllint.checks._helpers import kind_of
from skilllint.checks.rule import FileContext, Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.core.readfacts import Location
from skilllint.core.suggest import closest
from skilllint.reading.jsonfile import HOOKS, SETTINGS
from skilllint.reading.schema import dialect_schema


@cache
def hook_vocabulary(dialect: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The dialect's hook event names and handler types, or None when it has no `hooks`."""
    schema = dialect_schema(dialect)
    hooks = schema.get("properties", {}).get("hooks", {})
    events = hooks.get("propertyNames", {}).get("enum")
    handler = schema.get("$defs", {}).get("hookHandler", {})
    types = handler.get("properties", {}).get("type", {}).get("enum")
    if not isinstance(events, list) or not isinstance(types, list):
        return None
    return tuple(events), tuple(types)

Locate = Callable[..., Location]
"""Where a path of the hooks object is written: a document's `locate` or a JSON file's."""


def check(ctx: SkillContext) -> Iterator[Finding]:
    frontmatter = ctx.doc.frontmatter or {}
    if "hooks" not in frontmatter:
        return
    yield from _hooks(ctx.target.dialect, frontmatter["hooks"], ctx.doc.locate)


def check_file(ctx: FileContext) -> Iterator[Finding]:
    """The same `hooks` object in a project's `.claude/settings*.json` and a plugin's
    `hooks/hooks.json`: a hook there with the wrong shape never runs either."""
    file = ctx.file
    data = file.data
    if file.kind == HOOKS and file.root is not None and hook_vocabulary(ctx.target.dialect) is not None:
        # a plugin's hooks file exists for its `hooks`: without them, none of it runs
        if not isinstance(data, dict):
            yield Finding(file.locate(()), f"the hooks file holds {'`null`' if data is None else kind_of(data)}, "
                          "not an object: none of its hooks run",
                          'write an object: `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [...]}]}}`')
            return
        if "hooks" not in data:
            yield Finding(file.locate(()), "the hooks file has no `hooks` object: none of it runs",
                          'put the events under `"hooks"`: `{"hooks": {"PreToolUse": [...]}}`')
            return
    if isinstance(data, dict) and "hooks" in data:
        yield from _hooks(ctx.target.dialect, data["hooks"], file.locate)


def _hooks(dialect: str, hooks: object, locate: Locate) -> Iterator[Finding]:
    vocabulary = hook_vocabulary(dialect)
    if vocabulary is None:
        return  # no hooks in this dialect: an unknown field is SL132's
    events, types = vocabulary
    if hooks is None:
        return  # `hooks:` left empty: nothing configured, nothing broken
    if not isinstance(hooks, dict):
        yield Finding(locate(("hooks",)), f"`hooks` is {kind_of(hooks)}, not a map of hook events",
                      "write `hooks:` then an event such as `PreToolUse:` and its list of matcher groups")
        return
    for event, groups in hooks.items():
        path: tuple[Any, ...] = ("hooks", event)
        if event not in events:
            yield _unknown_event(locate, path, event, events)
            continue
        if not isinstance(groups, list):
            yield Finding(locate(path), f"`hooks.{event}` is {kind_of(groups)}, not a list of matcher groups",
                          "write each group as a list item: `- matcher: \"Bash\"` with its `hooks:` list")
            continue
        for index, group in enumerate(groups):
            yield from _group(locate, (*path, index), event, group, types)


def _unknown_event(locate: Locate, path: tuple[Any, ...], event: object, events: tuple[str, ...]) -> Finding:
    name = str(event)
    same_case = next((e for e in events if e.lower() == name.lower()), None)
    near = same_case or closest(name, list(events), cutoff=80, scorer="ratio")
    why = "hook events are case-sensitive" if same_case else "its hooks never run"
    return Finding(
        locate(path, key=True),
        f"`{name}` is not a hook event Claude Code knows ({why})",
        f"did you mean `{near}`?" if near else "use an event of code.claude.com/docs/en/hooks (`PreToolUse`, "
        "`PostToolUse`, `UserPromptSubmit`, `Stop`, ...)",
    )


def _group(locate: Locate, path: tuple[Any, ...], event: str, group: object,
           types: tuple[str, ...]) -> Iterator[Finding]:
    where = f"hooks.{event}[{path[-1]}]"
    if not isinstance(group, dict):
        yield Finding(locate(path), f"`{where}` is {kind_of(group)}, not a matcher group",
                      "write `matcher:` (tool names, or omit it for all) and `hooks:`, a list of handlers")
        return
    if "matcher" in group and not isinstance(group["matcher"], str):
        yield Finding(locate((*path, "matcher")), f"`{where}.matcher` is {kind_of(group['matcher'])}, not a string",
                      'write tool names as one string: `matcher: "Edit|Write"`')
    handlers = group.get("hooks")
    if not isinstance(handlers, list):
        missing = "hooks" not in group
        yield Finding(
            locate(path) if missing else locate((*path, "hooks")),
            f"`{where}` has no `hooks` list of handlers" if missing
            else f"`{where}.hooks` is {kind_of(handlers)}, not a list of handlers",
            "add `hooks:` with items like `- type: command` and `command: ...`",
        )
        return
    for index, handler in enumerate(handlers):
        yield from _handler(locate, (*path, "hooks", index), f"{where}.hooks[{index}]", handler, types)


def _handler(locate: Locate, path: tuple[Any, ...], where: str, handler: object,
             types: tuple[str, ...]) -> Iterator[Finding]:
    listed = ", ".join(f"`{t}`" for t in types)
    if not isinstance(handler, dict):
        yield Finding(locate(path), f"`{where}` is {kind_of(handler)}, not a handler",
                      f"write a map with `type` ({listed})")
        return
    kind = handler.get("type")
    if kind is None:
        yield Finding(locate(path), f"`{where}` has no `type`", f"add `type:` one of {listed}")
    elif kind not in types:
        near = closest(str(kind), list(types), cutoff=75, scorer="ratio")
        yield Finding(locate((*path, "type")), f"`{where}.type` `{kind}` is not a handler type Claude Code knows",
                      f"did you mean `type: {near}`?" if near else f"write one of {listed}")
    elif kind == "command" and not isinstance(handler.get("command"), str):
        yield Finding(locate(path), f"`{where}` is a `command` handler without a `command` to run",
                      "add `command:` with the shell command to run")


RULE = SkillRule(
    code="SL146",
    name="cc-hooks-schema",
    summary="`hooks` not a map of Claude Code hook events to matcher groups of handlers",
    severity=Severity.ERROR,
    check=check,
    per_target=True,
    files=(SETTINGS, HOOKS),
    file_check=check_file,
)
