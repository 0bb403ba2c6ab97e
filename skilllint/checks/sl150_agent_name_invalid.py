"""SL150 agent-name-invalid: a subagent without a name Claude Code can use.

Claude Code's subagent docs (code.claude.com/docs/en/sub-agents): `name` is "Unique identifier
using lowercase letters and hyphens"; a file without `name` is treated as documentation, and
one whose name starts with `-` or contains `:` is skipped, silently. Either way the subagent
the author wrote never exists. A plugin's agents still load under their file name, so a
plugin agent without `name` is fine; a file without any frontmatter is documentation by intent.
"""

from __future__ import annotations

from collections.abc import Iterator

from skilllint.checks._agents import file_stem, slug
from skilllint.checks._helpers import source_text
from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity, Span
from skilllint.core.readfacts import Location
from skilllint.reading.document import AGENT

NAME = lazyre.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    frontmatter = doc.frontmatter
    if frontmatter is None:
        return  # no frontmatter (documentation) or none that parses (SL101)
    if "name" not in frontmatter:
        if not doc.plugin:
            yield Finding(Location(doc.path, Span(1, 1, 1, 4)),
                          "subagent has frontmatter but no `name`: Claude Code treats the file as documentation "
                          "and never loads it", f"add `name: {slug(file_stem(doc))}`", Severity.WARNING)
        return
    name = frontmatter["name"]
    location = doc.locate(("name",))
    if not isinstance(name, str) or not name.strip():
        written = source_text(doc, ("name",)) or ""
        yield Finding(location, f"`name: {written}` is no name: Claude Code skips the subagent",
                      f"write `name: {slug(file_stem(doc))}`")
    elif ":" in name or name.startswith("-"):
        why = "contains `:`" if ":" in name else "starts with `-`"
        yield Finding(location, f"subagent name `{name}` {why}: Claude Code skips the file, silently",
                      f"write `name: {slug(name)}`")
    elif not NAME.fullmatch(name):
        yield Finding(location, f"subagent name `{name}` is not lowercase letters, digits and hyphens",
                      f"write `name: {slug(name)}` (Claude Code's rule for a subagent's identifier)", Severity.WARNING)


RULE = SkillRule(
    code="SL150",
    name="agent-name-invalid",
    summary="A subagent without a usable `name` (missing, starting with `-`, containing `:`)",
    severity=Severity.ERROR,
    check=check,
    documents=(AGENT,),
)
