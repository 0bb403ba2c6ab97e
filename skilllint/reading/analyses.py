"""What several rules derive from one document, computed once, the first time one asks.

A typed record instead of a string-keyed dict: each field says what it holds and who
fills it (the analysis functions in `skilllint/checks/_body.py`, `_files.py`, `_tools.py`
and `skilllint/runtimes/toollist.py`). `None` means not computed yet; per-target analyses are kept
by target id. It lives on the Document, so it dies with it after the skill's checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skilllint.core.records import Record

if TYPE_CHECKING:
    from skilllint.checks._body import BodyReference
    from skilllint.checks._bundled import BundledText
    from skilllint.checks._files import FileReference
    from skilllint.checks._tools import DeclaredTool
    from skilllint.core.readfacts import Location
    from skilllint.reading.schema import SchemaError
    from skilllint.runtimes.toollist import ToolEntry


class Analyses(Record):
    __slots__ = ("tool_entries", "declared", "tool_spans", "body_refs", "skill_runtimes", "file_refs", "plugin_refs",
                 "skill_dir_abs", "skill_folders", "skill_folders_folded", "plugin_root", "plugin_root_known",
                 "authoring_skill", "files_elsewhere", "project_skill", "in_project", "resolved_refs", "schema_errors",
                 "bundled")
    # frontmatter tool lists (toollist.tool_entries), by key
    tool_entries: dict[str, list[ToolEntry]]
    # tool fields resolved on a target (_tools.declared_tools), by target id
    declared: dict[str, list[DeclaredTool]]
    # the body's tool-like code spans (_body.candidate_spans) and their resolution by target id
    tool_spans: list[tuple[str, Location]] | None
    body_refs: dict[str, list[BodyReference]]
    # the runtimes the skill says it is about (_body.skill_runtimes)
    skill_runtimes: frozenset[str] | None
    # the body's file references (_files), relative to the skill and to a plugin root
    file_refs: list[FileReference] | None
    plugin_refs: list[FileReference] | None
    # the skill folder, seen once (_files)
    skill_dir_abs: str | None
    skill_folders: frozenset[str] | None
    skill_folders_folded: frozenset[str] | None
    plugin_root: str | None
    plugin_root_known: bool
    # what the skill is (_files): about writing skills, says its files live elsewhere, a project's own
    authoring_skill: bool | None
    files_elsewhere: bool | None
    project_skill: bool | None
    # answers derived from the file system, by path (_files); the probes themselves go through the
    # document's `fs` (skilllint.reading.fsview), which remembers them and records them for the result cache
    in_project: dict[str, bool]
    resolved_refs: dict[str, tuple[str, bool]]
    # JSON-schema errors of the frontmatter (schema.errors_for), by dialect
    schema_errors: dict[str, list[SchemaError]]
    # the text files in the skill's references/ and scripts/ (_bundled.bundled_texts)
    bundled: list[BundledText] | None

    def __init__(self) -> None:
        self.tool_entries = {}
        self.declared = {}
        self.tool_spans = None
        self.body_refs = {}
        self.skill_runtimes = None
        self.file_refs = None
        self.plugin_refs = None
        self.skill_dir_abs = None
        self.skill_folders = None
        self.skill_folders_folded = None
        self.plugin_root = None
        self.plugin_root_known = False
        self.authoring_skill = None
        self.files_elsewhere = None
        self.project_skill = None
        self.in_project = {}
        self.resolved_refs = {}
        self.schema_errors = {}
        self.bundled = None
