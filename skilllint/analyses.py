"""What several rules derive from one document, computed once, the first time one asks.

A typed record instead of a string-keyed dict: each field says what it holds and who
fills it (the analysis functions in `skilllint/checks/_body.py`, `_files.py`, `_tools.py`
and `skilllint/toollist.py`). `None` means not computed yet; per-target analyses are kept
by target id. It lives on the Document, so it dies with it after the skill's checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skilllint.checks._body import BodyReference
    from skilllint.checks._files import FileReference
    from skilllint.checks._tools import DeclaredTool
    from skilllint.readfacts import Location
    from skilllint.schema import SchemaError
    from skilllint.toollist import ToolEntry


@dataclass(slots=True)
class Analyses:
    # frontmatter tool lists (toollist.tool_entries), by key
    tool_entries: dict[str, list[ToolEntry]] = field(default_factory=dict)
    # tool fields resolved on a target (_tools.declared_tools), by target id
    declared: dict[str, list[DeclaredTool]] = field(default_factory=dict)
    # the body's tool-like code spans (_body.candidate_spans) and their resolution by target id
    tool_spans: list[tuple[str, Location]] | None = None
    body_refs: dict[str, list[BodyReference]] = field(default_factory=dict)
    # the runtimes the skill says it is about (_body.skill_runtimes)
    skill_runtimes: frozenset[str] | None = None
    # the body's file references (_files), relative to the skill and to a plugin root
    file_refs: list[FileReference] | None = None
    plugin_refs: list[FileReference] | None = None
    # the skill folder, seen once (_files)
    skill_dir_abs: str | None = None
    skill_folders: frozenset[str] | None = None
    skill_folders_folded: frozenset[str] | None = None
    plugin_root: str | None = None
    plugin_root_known: bool = False
    # what the skill is (_files): about writing skills, says its files live elsewhere, a project's own
    authoring_skill: bool | None = None
    files_elsewhere: bool | None = None
    project_skill: bool | None = None
    # answers derived from the file system, by path (_files); the probes themselves go through the
    # document's `fs` (skilllint.fsview), which remembers them and records them for the result cache
    in_project: dict[str, bool] = field(default_factory=dict)
    resolved_refs: dict[str, tuple[str, bool]] = field(default_factory=dict)
    # JSON-schema errors of the frontmatter (schema.errors_for), by dialect
    schema_errors: dict[str, list[SchemaError]] = field(default_factory=dict)
