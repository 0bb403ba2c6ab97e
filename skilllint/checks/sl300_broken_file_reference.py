"""SL300 broken-file-reference: a link or skill path in the instructions to a missing file.

The model is told to read `references/forms.md` or run `scripts/fill.py`; if the file is not
in the skill it fails, or worse, improvises. Paths are relative to the skill folder (in a plugin,
a path that exists relative to the plugin's root is found too); `${CLAUDE_PLUGIN_ROOT}/...` to the
plugin's root. A path written with backslashes is read with slashes: a missing file is reported
here (SL302 then stays quiet), one that is there is SL302's. A path that exists but for case
(`References/forms.md`) works on macOS and Windows only: the help names the right spelling.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

from skilllint.checks._files import (
    actual_spelling,
    exists,
    file_references,
    missing,
    plugin_references,
    plugin_root,
    resolve_in_skill,
)
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core.model import Severity
from skilllint.reading.document import Document


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    root = os.path.abspath(doc.skill_dir)
    for reference in file_references(doc):
        slashed = reference.path.replace("\\", "/")  # a backslash path to a file that is there is SL302's alone
        full, inside = resolve_in_skill(doc, slashed)
        if not inside:
            continue  # SL304's
        what = "link target" if reference.kind == "link" else "file"
        spelled = _wrong_case(doc, root, full)
        if spelled is not None:
            yield Finding(reference.location, f"{what} `{reference.path}` does not exist in the skill folder",
                          f"the file is `{spelled}`: case matters on Linux")
        elif missing(doc, reference):
            help_text = "fix the path (relative to the folder holding SKILL.md) or add the file"
            if slashed != reference.path:
                help_text = (f"`{slashed}` is not there either: fix the path (relative to the folder holding "
                             "SKILL.md, with forward slashes) or add the file")
            yield Finding(reference.location, f"{what} `{reference.path}` does not exist in the skill folder",
                          help_text)
    references = plugin_references(doc)
    if not references:
        return
    plugin = plugin_root(doc)
    if plugin is None:
        return  # not in a plugin: nothing to resolve against
    for reference in references:
        if "\\" in reference.path:
            continue
        full = os.path.normpath(os.path.join(plugin, reference.path))
        if not (full == plugin or full.startswith(plugin + os.sep)):
            continue
        what = "link target" if reference.kind == "link" else "file"
        written = f"${{CLAUDE_PLUGIN_ROOT}}/{reference.path}"
        spelled = _wrong_case(doc, plugin, full)
        if spelled is not None:
            yield Finding(reference.location, f"{what} `{written}` does not exist in the plugin folder",
                          f"the file is `${{CLAUDE_PLUGIN_ROOT}}/{spelled}`: case matters on Linux")
        elif not exists(doc, full):
            yield Finding(reference.location, f"{what} `{written}` does not exist in the plugin folder",
                          "fix the path (relative to the plugin's root, the folder holding "
                          "`.claude-plugin/plugin.json`) or add the file")


_CASE_BLIND = sys.platform in ("darwin", "win32")  # file systems that find `References/x.md` anyway


def _wrong_case(doc: Document, root: str, full: str) -> str | None:
    """The right spelling of a path that exists only in another case. Where the file system is
    case-sensitive, a path that exists is spelled right, so folders are listed only for
    missing paths (listing them for every reference cost a fifth of a run)."""
    if not _CASE_BLIND and exists(doc, full):
        return None
    return actual_spelling(doc, root, full)


RULE = SkillRule(
    code="SL300",
    name="broken-file-reference",
    summary="A Markdown link or skill path in the instructions points to a file that does not exist",
    severity=Severity.ERROR,
    check=check,
)
