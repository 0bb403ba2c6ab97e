"""Grouping helpers for the collision rules (SL400, SL401, SL406, SL410, SL411)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, TypeVar

from skilllint.checks.project import Project, SkillSummary
from skilllint.core import lazyre
from skilllint.core.readfacts import Location
from skilllint.core.records import FrozenRecord
from skilllint.reading.manifests import Manifest, ManifestName
from skilllint.runtimes.targets import Target

T = TypeVar("T")
_STYLE = lazyre.compile(r"[-_.]")


SHARED_SKILL_FOLDERS = frozenset({".claude", ".agents", ".github", ".opencode"})


def groups(items: Iterable[T], key: Callable[[T], str | None]) -> list[list[T]]:
    """Items sharing a key, groups of two or more, in first-seen order."""
    buckets: dict[str, list[T]] = {}
    for item in items:
        k = key(item)
        if k is not None:
            buckets.setdefault(k, []).append(item)
    return [group for group in buckets.values() if len(group) > 1]


def namespace(summary: SkillSummary) -> str:
    """The set of skills a runtime loads together, as a key.

    Runtimes load every skill under one skills folder (`.claude/skills/`, `.agents/skills/`,
    `<plugin>/skills/`, recursively for Codex), so skills collide within the nearest ancestor
    folder named `skills`; different plugins are namespaced (`plugin:skill`) and translated or
    mirrored copies under other `skills/` folders are not loaded together. Skills under no
    `skills/` folder share the project's namespace.
    """
    parts = summary.path.split("/")[:-2]  # the folders above the skill's own folder
    for index in range(len(parts) - 1, -1, -1):
        if parts[index].lower() in ("skills", ".skills"):
            if index > 0 and parts[index - 1] in SHARED_SKILL_FOLDERS:
                # .claude/skills, .agents/skills, .github/skills, .opencode/skills of one project:
                # Copilot and OpenCode load several of them together. Other runtimes' own folders
                # (.codex, .kilocode, .gemini, .roo...) hold per-runtime copies, loaded alone.
                return "/".join(parts[: index - 1]) + "/.*/skills"
            return "/".join(parts[: index + 1])
    return ""


def runtime_folder(summary: SkillSummary) -> tuple[str, str] | None:
    """(project, `.claude/skills`) for a skill under `<project>/.claude/skills/`, else None."""
    parts = summary.path.split("/")[:-2]
    for index in range(len(parts) - 1, 0, -1):
        if parts[index] == "skills" and parts[index - 1].startswith("."):
            return "/".join(parts[: index - 1]), f"{parts[index - 1]}/skills"
    return None


def load_scope(summary: SkillSummary, target: Target) -> str | None:
    """The set of skills `target` loads together with this one, as a key, or None when the target
    does not load it (a runtime's project folder it does not read, or a depth it does not scan).

    A runtime reads its own project folders (`project_skill_dirs`: Claude Code `.claude/skills`,
    Codex `.agents/skills`, Copilot both and `.github/skills`) as one set; a plugin's or a plain
    `skills/` folder is loaded by whoever installs it (`namespace`). A target that documents no
    folders (the portable `agentskills`) judges as `namespace` does: the project folders many
    runtimes load together are one set."""
    depth = depth_below_skills(summary) or 1
    if target.skill_depth is not None and depth > target.skill_depth:
        return None
    folder = runtime_folder(summary)
    if folder is None or not target.project_skill_dirs:
        return namespace(summary)
    project, skills_folder = folder
    if skills_folder not in target.project_skill_dirs:
        return None
    return f"{project}/{target.id}:skills"


def depth_below_skills(summary: SkillSummary) -> int | None:
    """How many folders below its nearest skills folder a skill sits (`skills/pdf/SKILL.md`: 1,
    `skills/docs/pdf/SKILL.md`: 2), or None under no skills folder."""
    parts = summary.path.split("/")[:-1]  # the folders down to the skill's own
    for index in range(len(parts) - 1, -1, -1):
        if parts[index].lower() in ("skills", ".skills"):
            return len(parts) - 1 - index
    return None


def skill_location(summary: SkillSummary) -> Location:
    from skilllint.core.model import Span

    return summary.name_location or Location(summary.path, Span(1, 1))


def tool_key(name: str) -> str:
    """SL410's normalisation: trim, case, and `-`/`_`/`.` ignored."""
    return _STYLE.sub("", name.strip().casefold())


def as_target_compares(name: str, target: Target) -> str:
    return name if target.case_sensitive else name.casefold()


class Claim(FrozenRecord):
    """One name a tool answers to, where it was written (None for built-in tools)."""

    __slots__ = ("text", "role", "tool", "location", "origin")
    text: Final[str]
    role: Final[str]  # name, alias, deprecated-alias
    tool: Final[str]
    location: Final[Location | None]
    origin: Final[str]  # manifest path, or the runtime id for built-in tools

    def __init__(self, text: str, role: str, tool: str, location: Location | None, origin: str) -> None:
        self.text = text
        self.role = role
        self.tool = tool
        self.location = location
        self.origin = origin


def manifest_claims(manifest: Manifest) -> list[Claim]:
    claims = []
    for tool in manifest.tools:
        for written in tool.all_names():
            claims.append(_claim(written, tool.name.text, manifest.path))
    return claims


def _claim(written: ManifestName, tool: str, origin: str) -> Claim:
    return Claim(written.text, written.role, tool, written.location, origin)


def builtin_claims(target: Target) -> list[Claim]:
    """The names a target's own tools answer to (no location: they are not in a file)."""
    if target.tools is None:
        return []
    claims = []
    for tool in target.tools:
        claims.append(Claim(tool.name, "name", tool.name, None, target.id))
        claims.extend(Claim(a, "alias", tool.name, None, target.id) for a in tool.aliases)
        claims.extend(Claim(a, "deprecated-alias", tool.name, None, target.id) for a in tool.deprecated_aliases)
    return claims


def claim_scopes(project: Project) -> list[tuple[Target | None, list[Claim]]]:
    """The sets of names that live together: each linted manifest on its own, and for each
    target loading manifests (`tools_from`), those manifests with the target's other tools."""
    scopes: list[tuple[Target | None, list[Claim]]] = []
    loaded = {m.path for ms in project.target_manifests.values() for m in ms}
    for manifest in project.manifests:
        if manifest.path not in loaded:
            scopes.append((None, manifest_claims(manifest)))
    for target in project.targets:
        manifests = project.target_manifests.get(target.id, [])
        if not manifests:
            continue
        claims = [c for m in manifests for c in manifest_claims(m)]
        from_files = {c.tool for c in claims if c.role == "name"}
        # tools_from tools replace same-named built-in ones; the rest live beside them
        claims += [c for c in builtin_claims(target) if c.tool not in from_files]
        scopes.append((target, claims))
    return scopes


def manifests_for(project: Project, target: Target) -> list[Manifest]:
    """The linted manifests plus the target's own `tools_from` manifests, each once."""
    seen: dict[str, Manifest] = {m.path: m for m in project.manifests}
    for manifest in project.target_manifests.get(target.id, []):
        seen.setdefault(manifest.path, manifest)
    return list(seen.values())
