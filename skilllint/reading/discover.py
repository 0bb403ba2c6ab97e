"""From the paths on the command line to the skill files to lint.

A skill is any folder holding `SKILL.md` (the wrong-case spellings are found too, so
SL501 can report them). The walk never follows a symlink out of the root it started
from, reports loops instead of hanging, skips VCS and dependency folders, and honours
`exclude` and, inside a git work tree, what git ignores (`.gitignore` files and
`.git/info/exclude`). What it cannot read becomes a ReadFact, never an exception.
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from skilllint.core import lazyre
from skilllint.core.model import Span
from skilllint.core.readfacts import Fact, ReadFact
from skilllint.core.records import FrozenRecord, Record
from skilllint.reading.definitions import markdown_role
from skilllint.reading.document import AGENT, COMMAND, relative_posix
from skilllint.reading.fsview import PlainFs, RunInputs
from skilllint.reading.globs import matches
from skilllint.reading.jsonfile import (
    ALL_KINDS,
    GEMINI_FILES,
    GEMINI_FOLDER,
    GEMINI_SETTINGS,
    HOOKS,
    HOOKS_FILE,
    JSON_KINDS,
    MCP,
    MCP_FILE,
    PLUGIN_FOLDER,
    SETTINGS,
    SETTINGS_FILES,
)

SKILL_FILE = "SKILL.md"
SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox",
     ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis", ".idea", ".eggs"}
)
SKILLS_ROOT_NAMES = frozenset({"skills"})
GIT_MARKER = ".git"  # a folder, or in a linked worktree or submodule a file naming the git dir
IGNORE_FILE = ".gitignore"
DEFINITION_FOLDERS = {"agents": AGENT, "commands": COMMAND}
"""Claude Code reads subagents from `agents/` and slash commands from `commands/` (Markdown files,
subfolders included) in `.claude/` and at a plugin's root (code.claude.com/docs/en/sub-agents,
/slash-commands, /plugins-reference)."""
CLAUDE_FOLDER = ".claude"
PLUGIN_MARKER = ".claude-plugin"  # the folder holding plugin.json marks a plugin's root

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec


class SkillInput(FrozenRecord):
    __slots__ = ("file", "wrong_case")
    file: Final[Path]  # the SKILL.md (or its wrong-case spelling)
    wrong_case: Final[bool]

    def __init__(self, file: Path, wrong_case: bool = False) -> None:
        self.file = file
        self.wrong_case = wrong_case


class DefinitionInput(FrozenRecord):
    """A subagent or slash-command file, and whether a plugin ships it."""

    __slots__ = ("file", "kind", "plugin")
    file: Final[Path]
    kind: Final[str]  # a document kind other than a skill (document.DOCUMENT_KINDS)
    plugin: Final[bool]

    def __init__(self, file: Path, kind: str, plugin: bool = False) -> None:
        self.file = file
        self.kind = kind
        self.plugin = plugin


class Discovery(Record):
    __slots__ = ("skills", "manifests", "definitions", "json_files", "problems")
    skills: list[SkillInput]
    manifests: list[Path]
    definitions: list[DefinitionInput]
    json_files: list[DefinitionInput]  # plugin, marketplace, settings and hooks files (kind: jsonfile.ALL_KINDS)
    problems: list[ReadFact]

    def __init__(self, skills: list[SkillInput] | None = None, manifests: list[Path] | None = None,
                 problems: list[ReadFact] | None = None, definitions: list[DefinitionInput] | None = None) -> None:
        self.skills = [] if skills is None else skills
        self.manifests = [] if manifests is None else manifests
        self.definitions = [] if definitions is None else definitions
        self.json_files = []
        self.problems = [] if problems is None else problems


def is_manifest(rel: str, globs: tuple[str, ...]) -> bool:
    """A tool manifest by name: `tools.json`, `x.tools.yaml` (the default `manifests` globs
    `**/tools.{yaml,yml,json}` and `**/*.tools.{yaml,yml,json}`), or the config's own globs."""
    name = rel.rsplit("/", 1)[-1]
    if name.endswith((".json", ".yaml", ".yml")) and (
        name.rsplit(".", 1)[0] == "tools" or name.rsplit(".", 1)[0].endswith(".tools")
    ):
        return True
    return bool(globs) and matches(rel, globs)


class _Matcher:
    """The patterns of one `.gitignore` that can match one kind of path (files, or folders).

    Most patterns are a bare name (`build`, `*.log`, `!keep.log`): whether they match depends
    on the entry's name alone, so their answer is kept per name (a 60,000-skill tree repeats
    `SKILL.md`, `scripts`, `references`). Patterns with a `/` are anchored to the folder of
    their `.gitignore` and are matched against the whole relative path. Where both kinds
    match, the later pattern wins, as in git.
    """

    def __init__(self, patterns: list[tuple[int, str]]) -> None:
        named = [(index, line) for index, line in patterns if "/" not in line.lstrip("!")]
        anchored = [(index, line) for index, line in patterns if "/" in line.lstrip("!")]
        self.names, self.name_index = _spec(named)
        self.paths, self.path_index = _spec(anchored)
        self.memo: dict[str, tuple[bool, int] | None] = {}

    def decide(self, name: str, rel: str) -> bool | None:
        """True: ignored; False: re-included (`!`); None: no pattern matches."""
        hit = self.memo.get(name, _UNKNOWN)
        if hit is _UNKNOWN:
            hit = _last_match(self.names, self.name_index, name)
            self.memo[name] = hit
        anchored = self.anchored(rel)
        if anchored is not None and (hit is None or anchored[1] > hit[1]):
            hit = anchored
        return hit[0] if hit is not None else None

    def anchored(self, rel: str) -> tuple[bool, int] | None:
        """The anchored pattern that decides `rel` itself. pathspec also matches a path below
        a folder a pattern matches (`**/tmp` matches `a/tmp/SKILL.md`); when the same pattern
        decides the parent folder, the walk has already judged that folder and let it in (a
        later `!` pattern re-included it), so the pattern says nothing about `rel`."""
        if self.paths is None:
            return None
        hit = _last_match(self.paths, self.path_index, rel)
        if hit is not None and "/" in rel and _last_match(self.paths, self.path_index, rel.rsplit("/", 1)[0]) == hit:
            return None
        return hit


_UNKNOWN: Any = object()


def _last_match(spec: GitIgnoreSpec | _LiteralSpec | None, indexes: list[int], path: str) -> tuple[bool, int] | None:
    """(ignored, the pattern's line index) of the pattern that decides `path`, if any."""
    if spec is None:
        return None
    result = spec.check_file(path)
    return None if result.include is None or result.index is None else (result.include, indexes[result.index])


class _Decision:
    """What `check_file` answers: ignored (True) or re-included (False), and by which line."""

    __slots__ = ("include", "index")

    def __init__(self, include: bool | None, index: int | None) -> None:
        self.include = include
        self.index = index


_SEGMENT = r"[A-Za-z0-9_.-]*[A-Za-z0-9_-][A-Za-z0-9_.-]*"  # a plain file name, not `.` or `..`
_LITERAL_NAME = lazyre.compile(rf"!?(\*?)({_SEGMENT})")
_LITERAL_PATH = lazyre.compile(rf"!?/?({_SEGMENT}(?:/{_SEGMENT})*)")


class _LiteralSpec:
    """The common `.gitignore` lines, matched without pathspec (whose import costs ~10 ms of a
    one-skill run): a name (`build`, `.venv`), a suffix (`*.pyc`, `*.egg-info`), and a path from
    the folder of the `.gitignore` (`/dist`, `bench/out`). Answers as pathspec's `check_file`
    does (see `check_file`); `tests/unit/test_gitignore_literal.py` compares the two. Any
    other line goes to pathspec."""

    __slots__ = ("rules",)

    def __init__(self, rules: list[tuple[str, str, bool]]) -> None:
        self.rules = rules  # (kind: name/suffix/path, text, ignores) in file order

    @classmethod
    def parse(cls, lines: list[str]) -> _LiteralSpec | None:
        rules = []
        for line in lines:
            ignores = not line.startswith("!")
            if "/" not in line and (name := _LITERAL_NAME.fullmatch(line)):
                rules.append(("suffix" if name.group(1) else "name", name.group(2), ignores))
            elif "/" in line and "*" not in line and (path := _LITERAL_PATH.fullmatch(line)):
                rules.append(("path", path.group(1), ignores))
            else:
                return None
        return cls(rules)

    def check_file(self, path: str) -> _Decision:
        """pathspec's rule (GitIgnoreSpec, patterns read last to first): the last line that
        matches the path itself decides; failing that, the last line that matches a folder
        above it."""
        parts = path.split("/")
        last, folders = parts[-1], parts[:-1]
        by_folder: _Decision | None = None
        for index in range(len(self.rules) - 1, -1, -1):
            kind, text, ignores = self.rules[index]
            if kind == "name":
                itself, above = last == text, text in folders
            elif kind == "suffix":
                itself, above = last.endswith(text), any(part.endswith(text) for part in folders)
            else:
                itself, above = path == text, path.startswith(text + "/")
            if itself:
                return _Decision(ignores, index)
            if above and by_folder is None:
                by_folder = _Decision(ignores, index)
        return by_folder or _Decision(None, None)


def _spec(patterns: list[tuple[int, str]]) -> tuple[GitIgnoreSpec | _LiteralSpec | None, list[int]]:
    """The compiled patterns and the line index of each. A line pathspec cannot compile (a
    trailing backslash, a reversed range `[z-a]`) matches nothing, as in git, instead of failing the
    whole file. Matching runs on RE2 (pathspec picks its re2 backend when google-re2 is installed, a
    dependency for this): `*a*a*a*a*a*a*a*a*b` against a long name is linear, not exponential."""
    if not patterns:
        return None, []
    literal = _LiteralSpec.parse([line for _, line in patterns])
    if literal is not None:
        return literal, [index for index, _ in patterns]
    compiled, indexes = [], []
    for index, line in patterns:
        try:
            from pathspec import GitIgnoreSpec  # imported only inside a git work tree (start-up)

            found = GitIgnoreSpec.from_lines([line]).patterns
        except (ValueError, re.error):  # `[z-a]`: a range git itself skips; the line matches nothing
            continue
        if len(found) == 1 and found[0].include is not None:
            compiled.append(found[0])
            indexes.append(index)
    if not compiled:
        return None, []
    from pathspec import GitIgnoreSpec

    return GitIgnoreSpec(compiled), indexes


class _IgnoreRules(FrozenRecord):
    """One folder's `.gitignore` (at a repository's root, after `.git/info/exclude`, so that
    the `.gitignore` wins where they disagree, as in git), compiled for files and for folders.

    The walk asks about an entry only after deciding its folder is not ignored, so a pattern
    matters only where it matches the entry itself. For files, folder-only patterns (`dist/`)
    are left out: they could match only a folder above. Folders are asked about by name
    without the trailing `/`, with the `/` of folder-only patterns dropped: asked about
    `path/`, pathspec reads `*` then `!*/` (the usual allow-list) as ignored and `X/**` as
    ignoring `X` itself, where git ignores neither and walks in.
    """

    __slots__ = ("prefix", "files", "folders")
    prefix: Final[str]  # the folder with a trailing separator: patterns match paths relative to it
    files: Final[_Matcher]
    folders: Final[_Matcher]

    def __init__(self, prefix: str, files: _Matcher, folders: _Matcher) -> None:
        self.prefix = prefix
        self.files = files
        self.folders = folders

    def decide(self, path: str, is_dir: bool) -> bool | None:
        rel = path[len(self.prefix) :]
        if os.sep != "/":
            rel = rel.replace(os.sep, "/")
        return (self.folders if is_dir else self.files).decide(rel.rsplit("/", 1)[-1], rel)


IgnoreChain = tuple[_IgnoreRules, ...] | None  # deepest folder first; None: outside any git work tree


def _compile(folder: str, lines: list[str]) -> _IgnoreRules | None:
    """One folder's rules; None when no line is a pattern."""
    patterns = [(index, line) for index, line in enumerate(lines) if line.strip() and not line.startswith("#")]
    if not patterns:
        return None
    for_files = [(index, line) for index, line in patterns if not _folder_only(line)]
    for_folders = [(index, line.rstrip(" ").rstrip("/") if _folder_only(line) else line) for index, line in patterns]
    prefix = folder if folder.endswith(os.sep) else folder + os.sep
    return _IgnoreRules(prefix, _Matcher(for_files), _Matcher([p for p in for_folders if p[1].strip("!")]))


def _folder_only(line: str) -> bool:
    """`dist/`: a pattern that matches folders only."""
    stripped = line.rstrip(" ")
    return stripped.endswith("/") and not stripped.endswith("\\/")


def _read_lines(fs: RunInputs, path: str) -> list[str]:
    """The lines of a file, none when it cannot be read (git skips such a file too). Read as
    bytes (recorded) and decoded as a text-mode read would: splitlines takes \\r\\n and \\r alike."""
    try:
        return fs.read_whole(path).decode("utf-8", "surrogateescape").splitlines()
    except (OSError, ValueError):
        return []


def _info_exclude(fs: RunInputs, repo_root: str) -> str:
    """The repository's `info/exclude`. In a linked worktree or a submodule `.git` is a file
    `gitdir: PATH`; a worktree's git dir names the shared one in `commondir`, which holds `info/`."""
    marker = os.path.join(repo_root, GIT_MARKER)
    if fs.isdir(marker):
        return os.path.join(marker, "info", "exclude")
    first = (_read_lines(fs, marker) or [""])[0]
    if not first.startswith("gitdir:"):
        return os.path.join(marker, "info", "exclude")  # not a gitdir file: a path that does not exist
    git_dir = os.path.join(repo_root, first[len("gitdir:") :].strip())
    common = (_read_lines(fs, os.path.join(git_dir, "commondir")) or [""])[0].strip()
    return os.path.join(git_dir, common, "info", "exclude")


class _GitIgnores:
    """What git ignores in the work trees being walked, each `.gitignore` compiled once.

    Git's precedence holds: a deeper `.gitignore` beats a higher one, which beats
    `.git/info/exclude`; within a file the last matching pattern wins. The walk never enters
    an ignored folder, so, as in git, nothing below it can be re-included. A folder holding
    `.git` starts a new work tree: the rules of the repository around it stop there. Outside a
    work tree nothing is ignored. The user's global `core.excludesFile` is not read: it says
    what one person keeps out of commits, not what the repository's skills are.
    """

    def __init__(self, fs: RunInputs) -> None:
        self.fs = fs
        self.chains: dict[str, IgnoreChain] = {}  # folders above the walked roots, and the roots
        self.rules: dict[str, _IgnoreRules | None] = {}  # compiled per folder

    def below(self, folder: str, names: set[str], above: IgnoreChain) -> IgnoreChain:
        """The rules for the entries of a walked `folder` whose entries are `names`, from the
        rules of its parent: no stat call, and no compiling where there is no `.gitignore`."""
        if GIT_MARKER in names:
            return self._with_own(folder, True, IGNORE_FILE in names, ())
        if above is None or IGNORE_FILE not in names:
            return above
        return self._with_own(folder, False, True, above)

    def chain_of(self, folder: str) -> IgnoreChain:
        """The rules for the entries of `folder`, looking up to its repository's root on disk."""
        if folder in self.chains:
            return self.chains[folder]
        is_root = self.fs.lexists(os.path.join(folder, GIT_MARKER))
        parent = os.path.dirname(folder)
        above = () if is_root else None if parent == folder else self.chain_of(parent)
        chain = None if above is None else self._with_own(
            folder, is_root, self.fs.isfile(os.path.join(folder, IGNORE_FILE)), above)
        self.chains[folder] = chain
        return chain

    def fresh(self, folder: str) -> IgnoreChain:
        """The rules of `folder` and below only: for a folder named on the command line that
        the rules above it ignore (linted all the same, like one that `exclude` matches)."""
        is_root = self.fs.lexists(os.path.join(folder, GIT_MARKER))
        chain = self._with_own(folder, is_root, self.fs.isfile(os.path.join(folder, IGNORE_FILE)), ())
        self.chains[folder] = chain
        return chain

    def _with_own(self, folder: str, is_repo_root: bool, has_ignore_file: bool,
                  above: tuple[_IgnoreRules, ...]) -> tuple[_IgnoreRules, ...]:
        if folder not in self.rules:
            lines = _read_lines(self.fs, _info_exclude(self.fs, folder)) if is_repo_root else []
            if has_ignore_file:
                lines += _read_lines(self.fs, os.path.join(folder, IGNORE_FILE))
            self.rules[folder] = _compile(folder, lines)
        own = self.rules[folder]
        return (own, *above) if own is not None else above

    @staticmethod
    def ignored(chain: IgnoreChain, path: str, is_dir: bool) -> bool:
        """Whether git ignores `path`, an entry of the folder whose chain this is."""
        for rules in chain or ():
            decision = rules.decide(path, is_dir)
            if decision is not None:
                return decision
        return False

    def named_path_ignored(self, path: str, is_dir: bool) -> bool:
        """Whether git ignores a path named on the command line, or a folder above it."""
        folder = os.path.dirname(path)
        while folder != path and (chain := self.chain_of(folder)) is not None:
            if self.ignored(chain, path, is_dir):
                return True
            path, folder, is_dir = folder, os.path.dirname(folder), True
        return False

class PathNotFoundError(FileNotFoundError):
    pass


def _is_within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


class _Walker:
    def __init__(self, cwd: Path, exclude: tuple[str, ...], result: Discovery, manifest_globs: tuple[str, ...],
                 fs: RunInputs) -> None:
        self.fs = fs
        self.cwd = cwd
        self.exclude = exclude
        self.manifest_globs = manifest_globs
        self.seen_manifests: set[str] = set()
        self.seen_definitions: set[str] = set()
        self.roles: dict[str, tuple[str, bool] | None] = {}
        self.result = result
        self.seen_files: set[str] = set()
        self.skill_dirs: set[str] = set()
        self.skills_roots: list[tuple[str, IgnoreChain]] = []  # with the ignore rules of their entries
        self.gitignores = _GitIgnores(fs)

    def rel(self, path: str) -> str:
        return relative_posix(Path(path), self.cwd)

    def problem(self, kind: Fact, path: str, detail: str, advice: str | None = None, *, folder: bool = False) -> None:
        """Record a fact about `path` (a folder's relative path ends in `/`)."""
        rel = self.rel(path).rstrip("/") + "/" if folder else self.rel(path)
        self.result.problems.append(ReadFact(kind, rel, Span(1, 1), detail, advice))

    def add_skill(self, file: str, wrong_case: bool, *, is_link: bool = True) -> None:
        real = self.fs.realpath(file) if is_link else os.path.abspath(file)
        if real in self.seen_files:
            return
        self.seen_files.add(real)
        self.skill_dirs.add(os.path.dirname(os.path.abspath(file)))
        self.result.skills.append(SkillInput(Path(os.path.abspath(file)), wrong_case))

    def walk(self, root: str) -> None:
        """Every skill and manifest below `root`. A root the user named although `exclude`
        matches it is walked without the exclusion (its children would all match too); one
        that git ignores is walked with only the `.gitignore` files at and below it."""
        saved = self.exclude
        if self.exclude and matches(self.rel(root), self.exclude):
            self.exclude = ()
        start = os.path.abspath(root)
        if self.gitignores.named_path_ignored(start, is_dir=True):
            self.gitignores.fresh(start)
        try:
            self._walk(root)
        finally:
            self.exclude = saved

    def _walk(self, root: str) -> None:
        root_real = self.fs.realpath(root)
        stack: list[tuple[str, IgnoreChain]] = [(os.path.abspath(root), None)]
        first = True
        while stack:
            directory, above = stack.pop()
            try:
                entries = self.fs.scan(directory)
            except OSError as error:
                self.problem(Fact.UNREADABLE, directory, f"cannot read folder: {error.strerror or error}")
                continue
            if first:
                chain, first = self.gitignores.chain_of(directory), False
            else:
                chain = self.gitignores.below(directory, {e.name for e in entries}, above)
            if os.path.basename(directory) in SKILLS_ROOT_NAMES:
                self.skills_roots.append((directory, chain))
            skill_here = [e for e in entries if e.name == SKILL_FILE]
            variants = [e for e in entries if e.name.lower() == "skill.md" and e.name != SKILL_FILE]
            for entry in skill_here + variants:
                if not (chain and self.gitignores.ignored(chain, entry.path, is_dir=False)):
                    self.consider_file(entry, root_real, wrong_case=entry.name != SKILL_FILE,
                                       has_proper=bool(skill_here))
            stack.extend((folder, chain) for folder in self._walk_entries(directory, entries, chain, root_real))

    def _walk_entries(self, directory: str, entries: list[os.DirEntry[str]], chain: IgnoreChain,
                      root_real: str) -> list[str]:
        """Add the manifests among a folder's entries; the subfolders to walk."""
        folders = []
        for entry in entries:
            if entry.name in SKIP_DIRS or entry.name.lower() == "skill.md":
                continue
            rel = self.rel(entry.path) if self.exclude or self.manifest_globs else entry.name
            if self.exclude and matches(rel, self.exclude):
                continue
            if entry.is_symlink():
                if not (chain and self.gitignores.ignored(chain, entry.path, is_dir=False)):
                    self.consider_dir_symlink(entry, directory, root_real)
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            role = None if is_dir else self.file_role(directory, entry.name, rel)
            if not is_dir and role is None and not is_manifest(rel, self.manifest_globs):
                continue
            if chain and self.gitignores.ignored(chain, entry.path, is_dir):
                continue
            if is_dir:
                folders.append(entry.path)
            elif role is not None:
                self.add_definition(entry.path, role)
            else:
                self.add_manifest(entry.path)
        return folders

    def definition_role(self, directory: str) -> tuple[str, bool] | None:
        """(kind, in a plugin) when Markdown files in `directory` are subagents or commands:
        it is, or is inside, an `agents/` or `commands/` folder of `.claude/` or of a plugin's
        root. Asked once per folder (the answer of a parent is reused)."""
        if directory in self.roles:
            return self.roles[directory]
        parent = os.path.dirname(directory)
        kind = DEFINITION_FOLDERS.get(os.path.basename(directory))
        role: tuple[str, bool] | None = None
        if kind is not None and os.path.basename(parent) == CLAUDE_FOLDER:
            role = (kind, False)
        elif kind is not None and self.fs.isdir(os.path.join(parent, PLUGIN_MARKER)):
            role = (kind, True)
        elif parent != directory:
            role = self.definition_role(parent)
        self.roles[directory] = role
        return role

    def file_role(self, directory: str, name: str, rel: str) -> tuple[str, bool] | None:
        """What a runtime makes of a file there, other than a skill or a manifest: a subagent,
        a command, a plugin, marketplace, settings or hooks file of Claude Code, another runtime's
        agent or prompt file (`definitions.markdown_role`); None for anything else."""
        if name.endswith(".md"):
            return self.markdown_role(directory, name)
        if name.endswith(".json") and not is_manifest(rel, self.manifest_globs):
            return self.json_role(directory, name)
        return None

    def markdown_role(self, directory: str, name: str) -> tuple[str, bool] | None:
        """(kind, in a plugin) of a Markdown file: another runtime's agent or prompt file by its
        documented place, else a Claude Code subagent or command by its folder."""
        other = markdown_role(directory, name)
        return (other, False) if other is not None else self.definition_role(directory)

    def json_role(self, directory: str, name: str) -> tuple[str, bool] | None:
        """(kind, in a plugin) of a JSON file a runtime reads there: a plugin's or marketplace's
        manifest in `.claude-plugin/`, a project's settings in `.claude/`, a plugin's `hooks/hooks.json`
        (Claude Code); an extension's `gemini-extension.json`, a project's `.gemini/settings.json`."""
        folder = os.path.basename(directory)
        if name in JSON_KINDS and folder == PLUGIN_FOLDER:
            return JSON_KINDS[name], True
        if name in SETTINGS_FILES and folder == CLAUDE_FOLDER:
            return SETTINGS, False
        if name in GEMINI_FILES:
            return GEMINI_FILES[name], False
        if name == "settings.json" and folder == GEMINI_FOLDER:
            return GEMINI_SETTINGS, False
        if name == MCP_FILE:
            return MCP, self.fs.isdir(os.path.join(directory, PLUGIN_FOLDER))
        if name == HOOKS_FILE and folder == "hooks" and self.fs.isdir(os.path.join(os.path.dirname(directory),
                                                                                   PLUGIN_FOLDER)):
            return HOOKS, True
        return None

    def add_definition(self, path: str, role: tuple[str, bool]) -> None:
        """A subagent or command file, or (by its kind) a plugin's JSON file."""
        real = self.fs.realpath(path)
        if real not in self.seen_definitions:
            self.seen_definitions.add(real)
            found = DefinitionInput(Path(os.path.abspath(path)), *role)
            (self.result.json_files if role[0] in ALL_KINDS else self.result.definitions).append(found)

    def add_manifest(self, path: str) -> None:
        real = self.fs.realpath(path)
        if real not in self.seen_manifests:
            self.seen_manifests.add(real)
            self.result.manifests.append(Path(os.path.abspath(path)))

    def consider_file(self, entry: os.DirEntry[str], root_real: str, *, wrong_case: bool, has_proper: bool) -> None:
        if self.exclude and matches(self.rel(entry.path), self.exclude):
            return
        is_link = entry.is_symlink()
        if is_link and not self.symlink_ok(entry.path, root_real):
            return
        if wrong_case and has_proper:
            self.beside_skill_file(entry.path)
            return
        self.add_skill(entry.path, wrong_case, is_link=is_link)

    def beside_skill_file(self, path: str) -> None:
        """`skill.md` in a folder that has a `SKILL.md`: runtimes read only the latter."""
        name = os.path.basename(path)
        self.problem(Fact.SKILL_MD_CASE_BESIDE, path, f"`{name}` beside `SKILL.md`: runtimes read only `SKILL.md`",
                     f"merge it into SKILL.md or rename it; `{name}` is ignored")

    def link_text(self, path: str) -> str:
        """What the link says (relative links stay relative: messages must not depend on the checkout)."""
        text = self.fs.readlink(path)
        return self.fs.realpath(path) if text is None else text

    def symlink_ok(self, path: str, root_real: str) -> bool:
        """Report a symlink that escapes the root or loops; True when it may be read."""
        failed = self.fs.stat_error(path)
        if failed:
            if failed == errno.ELOOP:
                self.problem(Fact.SYMLINK_LOOP, path, "symlink loop; not followed")
            else:
                self.problem(Fact.BROKEN_SYMLINK, path, "broken symlink: its target does not exist")
            return False
        target = self.fs.realpath(path)
        if not _is_within(target, root_real):
            self.problem(
                Fact.SYMLINK_OUTSIDE, path,
                f"symlink points outside the linted root (to `{self.link_text(path)}`); not followed",
            )
            return False
        return True

    def consider_dir_symlink(self, entry: os.DirEntry[str], directory: str, root_real: str) -> None:
        """Any other symlink: report loops and escapes; never follow one into a folder."""
        failed = self.fs.stat_error(entry.path)
        if failed:
            if failed == errno.ELOOP:
                self.problem(Fact.SYMLINK_LOOP, entry.path, "symlink loop; not followed")
            return  # a dangling link to a non-skill file matters only where it is referenced
        target = self.fs.realpath(entry.path)
        if not _is_within(target, root_real):
            self.problem(
                Fact.SYMLINK_OUTSIDE, entry.path,
                f"symlink points outside the linted root (to `{self.link_text(entry.path)}`); not followed",
            )
        elif self.fs.isdir(target) and _is_within(self.fs.realpath(directory), target):
            self.problem(Fact.SYMLINK_LOOP, entry.path,
                         f"symlink loop: points back to its ancestor `{self.rel(target)}`")
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

    def named_folder_without_skill(self, path: str) -> None:
        """A folder named on the command line below which nothing was found. When it has the shape of
        a skill (a `scripts/`, `references/` or `assets/` folder of the spec), it is a skill folder whose
        SKILL.md is missing, as skills-ref says of it: a fact. Any other folder (`docs/`) simply holds
        nothing to check: the command line says so on stderr and exits 0, as ruff does for a folder
        without Python files, so a hook over such a path does not fail."""
        if not any(self.fs.isdir(os.path.join(path, folder)) for folder in SKILL_SUBFOLDERS):
            return
        name = os.path.basename(os.path.abspath(path))
        self.problem(Fact.SKILL_MD_MISSING, path, f"no SKILL.md found in skill folder `{name}`",
                     "a skill is a folder with a file named SKILL.md: add one, or name the folder that holds it",
                     folder=True)

    def report_missing_skill_files(self) -> None:
        """SL500: a folder under a `skills/` folder with no SKILL.md anywhere below it."""
        holders = self.folders_holding_skills() if self.skills_roots else set()
        for skills_root, chain in self.skills_roots:
            if skills_root in self.skill_dirs:
                continue  # a skill named `skills`, not a container
            try:
                children = self.fs.scan(skills_root)
            except OSError:
                continue
            for child in children:
                if child.name.startswith((".", "_")) or child.name in SKIP_DIRS:
                    continue
                if child.is_symlink() or not child.is_dir():
                    continue
                if child.path in self.skill_dirs or child.path in holders:
                    continue
                if chain and self.gitignores.ignored(chain, child.path, is_dir=True):
                    continue
                rel = self.rel(child.path)
                if self.exclude and matches(rel, self.exclude):
                    continue
                self.problem(Fact.SKILL_MD_MISSING, child.path,
                             f"folder `{child.name}` under `{os.path.basename(skills_root)}/` has no SKILL.md",
                             folder=True)


SKILL_SUBFOLDERS = ("scripts", "references", "assets")
"""The optional folders of a skill in the spec: a folder holding one has a skill's shape."""


def discover(
    paths: list[str],
    cwd: Path,
    exclude: tuple[str, ...] = (),
    manifest_globs: tuple[str, ...] = (),
    force_exclude: bool = False,
    fs: RunInputs | None = None,
) -> Discovery:
    """Skills and manifests under `paths` (folders or files); PathNotFoundError for a missing path.

    Paths named explicitly are linted even when `exclude` matches them or git ignores them,
    unless `force_exclude` (what pre-commit hooks want: they pass every changed file). Every
    question asked of the file system goes through `fs`, which records it when the run keeps a
    run record (`RunInputs`).
    """
    fs = PlainFs() if fs is None else fs
    result = Discovery()
    walker = _Walker(cwd, exclude, result, manifest_globs, fs)
    named_folders: list[str] = []
    for raw in paths:
        path = os.path.join(cwd, raw) if not os.path.isabs(raw) else raw
        if not fs.lexists(path):
            raise PathNotFoundError(raw)
        if force_exclude and _force_excluded(walker, path, exclude):
            continue
        if fs.isdir(path):
            walker.walk(path)
            if fs.realpath(path) != fs.realpath(os.fspath(cwd)):
                named_folders.append(path)
            continue
        name = os.path.basename(path)
        if name.lower() == "skill.md":
            folder = os.path.dirname(os.path.abspath(path))
            if fs.islink(path) and not walker.symlink_ok(path, fs.realpath(folder)):
                continue
            if name != SKILL_FILE and SKILL_FILE in fs.listdir(folder):  # a file named exactly SKILL.md
                walker.beside_skill_file(path)  # as the walk of its folder says: pre-commit names both
                continue
            walker.add_skill(path, wrong_case=name != SKILL_FILE)
            continue
        if is_manifest(walker.rel(path), manifest_globs):
            walker.add_manifest(path)
            continue
        folder = os.path.dirname(os.path.abspath(path))
        role = walker.markdown_role(folder, name) if name.endswith(".md") else walker.json_role(folder, name)
        if role is not None:
            walker.add_definition(path, role)
            continue
        fs.realpath(path)  # recorded: what resolve() answers (but a loop)
        owner = _owning_skill(fs, Path(path).resolve().parent, cwd)
        if owner is not None:
            walker.add_skill(str(owner), wrong_case=False)
        elif path.endswith((".json", ".yaml", ".yml")):
            walker.add_manifest(path)  # named on the command line: the user says it is a manifest
    walker.report_missing_skill_files()
    for folder in named_folders:
        if not _holds_anything(folder, result, walker):
            walker.named_folder_without_skill(folder)
    result.skills.sort(key=lambda s: str(s.file))
    result.manifests.sort()
    result.definitions.sort(key=lambda d: str(d.file))
    result.json_files.sort(key=lambda d: str(d.file))
    # paths that overlap (`.` and `skills`) walk a folder twice: its facts are recorded once
    result.problems = sorted(set(result.problems), key=lambda p: (p.path, p.span, p.kind, p.detail))
    return result


def _holds_anything(folder: str, result: Discovery, walker: _Walker) -> bool:
    """Whether a skill, a manifest or a fact was found below `folder` (by any named path)."""
    below = os.path.abspath(folder) + os.sep
    rel = walker.rel(folder).rstrip("/") + "/"
    return (any(str(s.file).startswith(below) for s in result.skills)
            or any(str(m).startswith(below) for m in result.manifests)
            or any(str(d.file).startswith(below) for d in [*result.definitions, *result.json_files])
            or any(p.path.startswith(rel) for p in result.problems))


def _force_excluded(walker: _Walker, path: str, exclude: tuple[str, ...]) -> bool:
    """`--force-exclude`: a named path that `exclude` matches or git ignores is skipped."""
    if exclude and matches(walker.rel(path), exclude):
        return True
    return walker.gitignores.named_path_ignored(os.path.abspath(path), walker.fs.isdir(path))


def _owning_skill(fs: RunInputs, start: Path, cwd: Path) -> Path | None:
    """The SKILL.md of the nearest folder at or above `start` (a file inside a skill)."""
    for folder in (start, *start.parents):
        candidate = folder / SKILL_FILE
        if fs.isfile(os.fspath(candidate)):
            return candidate
        if folder == cwd or folder == folder.parent:
            return None
    return None
