"""SL304 reference-escapes-root: a reference that leaves the skill folder (`../shared/x.md`).

A skill is installed, zipped and uploaded as its folder alone; anything outside it is not there at
run time. A project's own skill (in `.claude/skills/`, `.roo/skills/`...) runs in place, so a file
of that project that exists is there, and is not reported. One finding per file outside the skill,
at its first reference, saying how many more references to the same file there are: one fix (copy
the file in) settles them all.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from skilllint.checks._files import FileReference, exists, file_references, plugin_root, project_root, resolve_in_skill
from skilllint.checks._helpers import plural
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    escaping: dict[str, list[FileReference]] = {}  # resolved file -> its references, in order of appearance
    ordered = sorted(file_references(doc), key=lambda r: (r.location.span.line, r.location.span.column))
    plugin = plugin_root(doc)
    project = project_root(doc)
    for reference in ordered:  # links and code spans come separately: the first one is the first written
        full, inside = resolve_in_skill(doc, reference.path)
        if inside or (plugin is not None and (full == plugin or full.startswith(plugin + os.sep))):
            continue  # a plugin is installed whole: a sibling skill's file is there too
        if project is not None and full.startswith(project + os.sep) and exists(doc, full):
            continue  # a project's own skill (`.roo/skills/x`) runs in place: the project's file is there
        escaping.setdefault(full, []).append(reference)
    for full, references in escaping.items():
        first, more = references[0], len(references) - 1
        again = f" (and {plural(more, 'more reference')} to it)" if more else ""
        yield Finding(first.location, f"`{first.path}` points outside the skill folder{again}", _help(full))


def _help(full: str) -> str:
    folder, base = os.path.split(full)
    if base == "SKILL.md" and os.path.basename(folder):
        # another skill: it is installed (or not) on its own, and loaded by its name
        name = os.path.basename(folder)
        return f"name the skill instead of its file (\"use the `{name}` skill\"): skills are loaded by name"
    return "copy the file into the skill (e.g. `references/`) and link to the copy, or fix the path"


RULE = SkillRule(
    code="SL304",
    name="reference-escapes-root",
    summary="A file reference in the instructions resolves outside the skill folder",
    severity=Severity.ERROR,
    check=check,
)
