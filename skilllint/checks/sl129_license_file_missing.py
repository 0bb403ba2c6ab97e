"""SL129 license-file-missing: `license` names a file that is not in the skill folder.

The spec (https://agentskills.io/specification, `license`): "the name of a license or the name
of a bundled license file", as in `license: Proprietary. LICENSE.txt has complete terms`. A
skill is copied and installed as its folder; a license file the field names but the folder
lacks is a licence nobody receiving the skill can read.

What counts as a file name, preferring silence to noise: a relative path with a text
extension (`LICENSE.txt`, `legal/terms.md`), or `LICENSE`/`COPYING` (optionally `-MIT`...)
written as the whole value or after "see"/"in"/"file". Not URLs, and not the words of a
licence's name ("MIT license", "CeCILL FREE SOFTWARE LICENSE AGREEMENT").
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

from skilllint.checks.rule import Finding, SkillContext, SkillRule
from skilllint.core import lazyre
from skilllint.core.model import Severity

_URL = lazyre.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_TOKEN = lazyre.compile(r"[\w][\w./-]*[\w]|\w")
_WITH_EXTENSION = lazyre.compile(r"^(?:[\w.-]+/)*[\w-][\w.-]*\.(?:txt|md|markdown|rst)$", re.IGNORECASE)
_BARE = lazyre.compile(r"^(?:LICEN[CS]E|COPYING)(?:-[\w.]+)?$")
_POINTING = lazyre.compile(r"\b(?:see|in|file)\b", re.IGNORECASE)


def named_files(value: str) -> list[str]:
    """The file names `value` points at, in order of appearance."""
    text = _URL.sub(" ", value)
    whole = value.strip()
    pointing = _POINTING.search(text) is not None
    names = []
    for token in _TOKEN.findall(text):
        if _WITH_EXTENSION.match(token) or (_BARE.match(token) and (token == whole or pointing)):
            names.append(token)
    return names


def check(ctx: SkillContext) -> Iterator[Finding]:
    doc = ctx.doc
    value = doc.frontmatter.get("license") if doc.frontmatter else None
    if not isinstance(value, str):
        return
    folder = str(doc.skill_dir)
    start = 0
    for name in named_files(value):
        location, start = doc.locate_within(("license",), name, start)
        relative = posixpath.normpath(name)
        if relative.startswith("../") or doc.fs.exists(posixpath.join(folder, relative)):
            continue  # outside the folder is another question; the file is there
        parent, _, base = relative.rpartition("/")
        siblings = doc.fs.listdir(posixpath.join(folder, parent) if parent else folder)
        other_case = next((n for n in siblings if n.lower() == base.lower()), None)
        if other_case:
            written = posixpath.join(parent, other_case) if parent else other_case
            help_text = (f"the folder has `{other_case}`: write `{written}` "
                         "(file names are case-sensitive on Linux and in archives)")
        else:
            help_text = f"add `{relative}` to the skill folder, or name the licence itself (`license: MIT`)"
        yield Finding(
            location,
            f"`license` names `{name}`, which is not in the skill folder: "
            "whoever installs the skill gets no licence text",
            help_text,
        )


RULE = SkillRule(
    code="SL129",
    name="license-file-missing",
    summary="`license` names a file that is not in the skill folder",
    severity=Severity.WARNING,
    check=check,
)
