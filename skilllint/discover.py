"""From the paths on the command line to the skill files to lint.

A skill is any folder holding `SKILL.md` (the wrong-case spellings are found too, so
SL501 can report them). The walk never follows a symlink out of the root it started
from, reports loops instead of hanging, skips VCS and dependency folders, and honours
`exclude`. What it cannot read becomes a ReadProblem, never an exception.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from pathlib import Path

from skilllint.document import ReadProblem, relative_posix
from skilllint.globs import matches
from skilllint.model import Span

SKILL_FILE = "SKILL.md"
SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox",
     ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis", ".idea", ".eggs"}
)
SKILLS_ROOT_NAMES = frozenset({"skills"})


@dataclass(frozen=True, slots=True)
class SkillInput:
    file: Path  # the SKILL.md (or its wrong-case spelling)
    wrong_case: bool = False


@dataclass
class Discovery:
    skills: list[SkillInput] = field(default_factory=list)
    manifests: list[Path] = field(default_factory=list)
    problems: list[ReadProblem] = field(default_factory=list)


def is_manifest(rel: str, globs: tuple[str, ...]) -> bool:
    """A tool manifest by name: `tools.json`, `x.tools.yaml` (the default `manifests` globs
    `**/tools.{yaml,yml,json}` and `**/*.tools.{yaml,yml,json}`), or the config's own globs."""
    name = rel.rsplit("/", 1)[-1]
    if name.endswith((".json", ".yaml", ".yml")) and (
        name.rsplit(".", 1)[0] == "tools" or name.rsplit(".", 1)[0].endswith(".tools")
    ):
        return True
    return bool(globs) and matches(rel, globs)


class PathNotFoundError(FileNotFoundError):
    pass


def _is_within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


class _Walker:
    def __init__(self, cwd: Path, exclude: tuple[str, ...], result: Discovery, manifest_globs: tuple[str, ...]) -> None:
        self.cwd = cwd
        self.exclude = exclude
        self.manifest_globs = manifest_globs
        self.seen_manifests: set[str] = set()
        self.result = result
        self.seen_files: set[str] = set()
        self.skill_dirs: set[str] = set()
        self.skills_roots: list[str] = []

    def rel(self, path: str) -> str:
        return relative_posix(Path(path), self.cwd)

    def problem(self, code: str, path: str, message: str, help_text: str | None = None) -> None:
        self.result.problems.append(ReadProblem(code, self.rel(path), Span(1, 1), message, help_text))

    def add_skill(self, file: str, wrong_case: bool, *, is_link: bool = True) -> None:
        real = os.path.realpath(file) if is_link else os.path.abspath(file)
        if real in self.seen_files:
            return
        self.seen_files.add(real)
        self.skill_dirs.add(os.path.dirname(os.path.abspath(file)))
        self.result.skills.append(SkillInput(Path(os.path.abspath(file)), wrong_case))

    def walk(self, root: str) -> None:
        """Every skill and manifest below `root`. A root the user named although `exclude`
        matches it is walked without the exclusion (its children would all match too)."""
        saved = self.exclude
        if self.exclude and matches(self.rel(root), self.exclude):
            self.exclude = ()
        try:
            self._walk(root)
        finally:
            self.exclude = saved

    def _walk(self, root: str) -> None:
        root_real = os.path.realpath(root)
        stack = [os.path.abspath(root)]
        while stack:
            directory = stack.pop()
            try:
                with os.scandir(directory) as handle:
                    entries = sorted(handle, key=lambda e: e.name)
            except OSError as error:
                self.problem("SL001", directory, f"cannot read folder: {error.strerror or error}")
                continue
            if os.path.basename(directory) in SKILLS_ROOT_NAMES:
                self.skills_roots.append(directory)
            skill_here = [e for e in entries if e.name == SKILL_FILE]
            variants = [e for e in entries if e.name.lower() == "skill.md" and e.name != SKILL_FILE]
            for entry in skill_here + variants:
                self.consider_file(entry, root_real, wrong_case=entry.name != SKILL_FILE,
                                   has_proper=bool(skill_here))
            for entry in entries:
                if entry.name in SKIP_DIRS or entry.name.lower() == "skill.md":
                    continue
                rel = self.rel(entry.path) if self.exclude or self.manifest_globs else entry.name
                if self.exclude and matches(rel, self.exclude):
                    continue
                if entry.is_symlink():
                    self.consider_dir_symlink(entry, directory, root_real)
                    continue
                try:
                    is_dir = entry.is_dir(follow_symlinks=False)
                except OSError:
                    continue
                if is_dir:
                    stack.append(entry.path)
                elif is_manifest(rel, self.manifest_globs):
                    self.add_manifest(entry.path)

    def add_manifest(self, path: str) -> None:
        real = os.path.realpath(path)
        if real not in self.seen_manifests:
            self.seen_manifests.add(real)
            self.result.manifests.append(Path(os.path.abspath(path)))

    def consider_file(self, entry: os.DirEntry, root_real: str, *, wrong_case: bool, has_proper: bool) -> None:
        if self.exclude and matches(self.rel(entry.path), self.exclude):
            return
        is_link = entry.is_symlink()
        if is_link and not self.symlink_ok(entry.path, root_real):
            return
        if wrong_case and has_proper:
            self.result.problems.append(
                ReadProblem(
                    "SL501", self.rel(entry.path), Span(1, 1),
                    f"`{entry.name}` beside `SKILL.md`: runtimes read only `SKILL.md`",
                    f"merge it into SKILL.md or rename it; `{entry.name}` is ignored",
                )
            )
            return
        self.add_skill(entry.path, wrong_case, is_link=is_link)

    @staticmethod
    def link_text(path: str) -> str:
        """What the link says (relative links stay relative: messages must not depend on the checkout)."""
        try:
            return os.readlink(path)
        except OSError:
            return os.path.realpath(path)

    def symlink_ok(self, path: str, root_real: str) -> bool:
        """Report a symlink that escapes the root or loops; True when it may be read."""
        try:
            os.stat(path)
        except OSError as error:
            if error.errno == errno.ELOOP:
                self.problem("SL005", path, "symlink loop; not followed")
            else:
                self.problem("SL001", path, "broken symlink: its target does not exist")
            return False
        target = os.path.realpath(path)
        if not _is_within(target, root_real):
            self.problem(
                "SL005", path, f"symlink points outside the linted root (to `{self.link_text(path)}`); not followed",
                "copy the file into the skill, or lint the folder it points to",
            )
            return False
        return True

    def consider_dir_symlink(self, entry: os.DirEntry, directory: str, root_real: str) -> None:
        """Any other symlink: report loops and escapes; never follow one into a folder."""
        try:
            os.stat(entry.path)
        except OSError as error:
            if error.errno == errno.ELOOP:
                self.problem("SL005", entry.path, "symlink loop; not followed")
            return  # a dangling link to a non-skill file matters only where it is referenced
        target = os.path.realpath(entry.path)
        if not _is_within(target, root_real):
            self.problem(
                "SL005", entry.path,
                f"symlink points outside the linted root (to `{self.link_text(entry.path)}`); not followed",
                "copy the file into the skill, or lint the folder it points to",
            )
        elif os.path.isdir(target) and _is_within(os.path.realpath(directory), target):
            self.problem("SL005", entry.path, f"symlink loop: points back to its ancestor `{self.rel(target)}`")
        # a symlink to a folder inside the root is linted where it really is

    def folders_holding_skills(self) -> set[str]:
        """Every folder with a skill somewhere below it: one set lookup per folder for SL500,
        where testing each folder against every skill was quadratic (minutes on 60,000 skills)."""
        holders: set[str] = set()
        for skill_dir in self.skill_dirs:
            folder = os.path.dirname(skill_dir)
            while folder not in holders and folder != os.path.dirname(folder):
                holders.add(folder)
                folder = os.path.dirname(folder)
        return holders

    def report_missing_skill_files(self) -> None:
        """SL500: a folder under a `skills/` folder with no SKILL.md anywhere below it."""
        holders = self.folders_holding_skills() if self.skills_roots else set()
        for skills_root in self.skills_roots:
            if skills_root in self.skill_dirs:
                continue  # a skill named `skills`, not a container
            try:
                children = sorted(os.scandir(skills_root), key=lambda e: e.name)
            except OSError:
                continue
            for child in children:
                if child.name.startswith((".", "_")) or child.name in SKIP_DIRS:
                    continue
                if child.is_symlink() or not child.is_dir():
                    continue
                if child.path in self.skill_dirs or child.path in holders:
                    continue
                rel = self.rel(child.path)
                if self.exclude and matches(rel, self.exclude):
                    continue
                self.result.problems.append(
                    ReadProblem(
                        "SL500", rel + "/", Span(1, 1),
                        f"folder `{child.name}` under `{os.path.basename(skills_root)}/` has no SKILL.md",
                        "add a SKILL.md, or move the folder out of the skills folder",
                    )
                )


def discover(
    paths: list[str],
    cwd: Path,
    exclude: tuple[str, ...] = (),
    manifest_globs: tuple[str, ...] = (),
    force_exclude: bool = False,
) -> Discovery:
    """Skills and manifests under `paths` (folders or files); PathNotFoundError for a missing path.

    Paths named explicitly are linted even when `exclude` matches them, unless
    `force_exclude` (what pre-commit hooks want: they pass every changed file).
    """
    result = Discovery()
    walker = _Walker(cwd, exclude, result, manifest_globs)
    for raw in paths:
        path = os.path.join(cwd, raw) if not os.path.isabs(raw) else raw
        if not os.path.lexists(path):
            raise PathNotFoundError(raw)
        if force_exclude and exclude and matches(walker.rel(path), exclude):
            continue
        if os.path.isdir(path):
            walker.walk(path)
            continue
        name = os.path.basename(path)
        if name.lower() == "skill.md":
            root_real = os.path.realpath(os.path.dirname(os.path.abspath(path)))
            if os.path.islink(path) and not walker.symlink_ok(path, root_real):
                continue
            walker.add_skill(path, wrong_case=name != SKILL_FILE)
            continue
        if is_manifest(walker.rel(path), manifest_globs):
            walker.add_manifest(path)
            continue
        owner = _owning_skill(Path(path).resolve().parent, cwd)
        if owner is not None:
            walker.add_skill(str(owner), wrong_case=False)
        elif path.endswith((".json", ".yaml", ".yml")):
            walker.add_manifest(path)  # named on the command line: the user says it is a manifest
    walker.report_missing_skill_files()
    result.skills.sort(key=lambda s: str(s.file))
    result.manifests.sort()
    return result


def _owning_skill(start: Path, cwd: Path) -> Path | None:
    """The SKILL.md of the nearest folder at or above `start` (a file inside a skill)."""
    for folder in (start, *start.parents):
        candidate = folder / SKILL_FILE
        if candidate.is_file():
            return candidate
        if folder == cwd or folder == folder.parent:
            return None
    return None
