"""Resolution: what a tool reference means on one target (DESIGN "Resolution").

`resolve(reference, target)` is a pure function. It knows no rules and no severities: it says how
a reference such as `Bash(git diff:*)`, `read_file` or `mcp__github__create_issue` resolves on a
runtime, and gathers what a rule needs to explain a failure (the exact name, the same-capability
tool, close names). Steps, in order:

1. exact canonical name; 2. an alias; 3. a deprecated alias or legacy name;
4. the same name but for case or `-`/`_`/camelCase style: `case-folded` (resolves) where the
   runtime ignores case and only case differs, otherwise `case-or-style-mismatch`;
5. a permission pattern `Tool(specifier)`: the tool part goes through 1-4, then the specifier's
   syntax is checked where the runtime accepts permission rules;
6. an MCP reference: in the target's pattern (`mcp`), or in another runtime's pattern or a
   configuration notation such as `server/tool` or `mcp:server:tool` (`mcp-foreign`);
7. otherwise `unknown`, with suggestions: the target's tools of the same capability when the name
   is a tool of other runtimes, then close names by rapidfuzz.

The `agentskills` baseline (`tools: null`) has no table: there a name resolves when some built-in
runtime has it (exactly, as an alias or as a deprecated alias), and `runtime_ids` lists them.

Decisions the documents leave open:
- `Bash(git:* push)` is flagged: Claude Code reads the colon literally when `:*` is not at the
  end, which is almost never what the author meant (skills-spec-notes 3.6, RULES SL205).
- A permission rule whose specifier is exactly `*` is not flagged on tools that take none: the
  docs say `Bash(*)` equals `Bash`, and nothing says `X(*)` breaks elsewhere.
- Case-insensitive runtimes (Copilot, OpenClaw) ignore case only: `readFile` for `read_file`
  is still a style mismatch there.
- An MCP pattern without a literal prefix (`{server}_{tool}`, `{server}__{tool}`) would match
  almost any snake_case name, so a name counts as such an MCP reference only when no built-in
  runtime knows it as a tool; prefixed patterns (`mcp__...`, `server/tool`) are tried first; and
  a single-`_` pattern never makes a reference foreign.
- Claude Code's whole-server forms (`mcp__server`, `mcp__server__*`, `mcp__*`) are accepted for
  the target's own prefixed pattern, not used to call another runtime's notation foreign.
- Removed tools still resolve by their exact name (a rule reports the status), but are never
  offered as suggestions nor as the "exact name" of a case/style variant.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Final, NamedTuple

from skilllint.core import lazyre
from skilllint.core.records import FrozenRecord, Record
from skilllint.runtimes.targets import Target, Tool, builtin_targets
from skilllint.runtimes.toolspec import ToolSpec, parse_tool_entry

__all__ = ["Outcome", "Resolution", "known_capability", "resolve", "tools_of_capability", "vocabulary"]

FUZZY_CUTOFF = 85.0
"""rapidfuzz ratio a name must reach to be suggested (`Bassh` -> `Bash` scores 89, `code` -> `vscode` 80)."""
_FUZZY_MIN_LEN = 3  # `ls` is not a typo of `LSP`
_EDIT_MIN_LEN = 4  # from here one transposition counts as a typo (`Grpe` -> `Grep`)
_FUZZY_LIMIT = 12
MAX_SUGGESTIONS = 3
_FUZZY_MAX_LEN = 128  # longer strings are no tool names; skip the quadratic scorer


class Outcome(StrEnum):
    """How a reference resolved; the first five count as resolved."""

    EXACT = "exact"
    ALIAS = "alias"
    DEPRECATED = "deprecated-alias"
    FOLDED = "case-folded"  # resolved because the runtime ignores case
    MISMATCH = "case-or-style-mismatch"  # same tool but for case or `-`/`_`/camelCase; runtime is exact
    MCP = "mcp"  # in the target's MCP naming
    MCP_FOREIGN = "mcp-foreign"  # another runtime's MCP naming or a configuration notation
    UNKNOWN = "unknown"


_RESOLVED = frozenset({Outcome.EXACT, Outcome.ALIAS, Outcome.DEPRECATED, Outcome.FOLDED, Outcome.MCP})


class Resolution(NamedTuple):
    """What one tool reference means on one target; rules turn it into diagnostics. Immutable
    (a named tuple, cheap to make): each target keeps its results and hands them out again.

    `name` and `specifier` are `reference` taken apart by `toolspec.parse_tool_entry`; `tool` the
    canonical tool when resolved or mismatched; `via` the alias or legacy spelling that led there.
    `runtime_ids` lists built-in runtimes where `name` is a tool, alias or deprecated alias as
    written (on the baseline: those that make it resolve; for an MCP reference: those whose
    notation it uses). `specifier_problem` is set only where the target reads permission rules:
    the parentheses' `ToolSpec.rule_problem`, or what the tool's specifier kind rejects.
    `suggestions` are the target's names, best first, at most three; `hint` is prose for a
    diagnostic's help. `offered_as` is set on a target that renames aliased tools
    (`alias_exposure: rename`) when the reference resolves by a spelling the model is not offered:
    it is the one name the model sees for that tool (`terminalRun` -> `bash`).
    """

    reference: str
    name: str
    outcome: Outcome
    target_id: str
    tool: Tool | None = None
    via: str | None = None
    runtime_ids: tuple[str, ...] = ()
    specifier: str | None = None
    specifier_problem: str | None = None
    suggestions: tuple[str, ...] = ()
    hint: str | None = None
    offered_as: str | None = None

    @property
    def resolved(self) -> bool:
        """True when the target honours the reference (possibly with a warning-worthy detour)."""
        return self.outcome in _RESOLVED


# --------------------------------------------------------------------------------------------
# names: folding and the built-in vocabulary
# --------------------------------------------------------------------------------------------

_KIND_NAME, _KIND_ALIAS, _KIND_DEPRECATED = "name", "alias", "deprecated"
_STYLE_CHARS = lazyre.compile(r"[-_]")


def _fold(name: str) -> str:
    """Case- and style-insensitive key: `readFile`, `read_file`, `read-file`, `READFILE` collide."""
    return _STYLE_CHARS.sub("", name).casefold()


def _spellings(tool: Tool) -> Iterable[tuple[str, str]]:
    """Every name a runtime honours for `tool`, with its kind, canonical name first."""
    yield tool.name, _KIND_NAME
    for alias in tool.aliases:
        yield alias, _KIND_ALIAS
    for alias in tool.deprecated_aliases:
        yield alias, _KIND_DEPRECATED


class _Entry(FrozenRecord):
    __slots__ = ("runtime_id", "tool", "kind")
    runtime_id: Final[str]
    tool: Final[Tool]
    kind: Final[str]

    def __init__(self, runtime_id: str, tool: Tool, kind: str) -> None:
        self.runtime_id = runtime_id
        self.tool = tool
        self.kind = kind


@cache
def _entries() -> Mapping[str, tuple[_Entry, ...]]:
    """Every built-in runtime's spellings -> where they resolve; built once per process."""
    table: dict[str, list[_Entry]] = {}
    for target in _table_targets():
        for tool in target.tools or ():
            for spelling, kind in _spellings(tool):
                table.setdefault(spelling, []).append(_Entry(target.id, tool, kind))
    return MappingProxyType({name: tuple(entries) for name, entries in table.items()})


@cache
def _folded_entries() -> Mapping[str, tuple[tuple[str, _Entry], ...]]:
    """The vocabulary keyed by folded spelling, for style-insensitive cross-runtime lookups."""
    table: dict[str, list[tuple[str, _Entry]]] = {}
    for spelling, entries in _entries().items():
        for entry in entries:
            table.setdefault(_fold(spelling), []).append((spelling, entry))
    return MappingProxyType({key: tuple(value) for key, value in table.items()})


@cache
def vocabulary() -> Mapping[str, tuple[tuple[str, Tool], ...]]:
    """Every built-in runtime's names, aliases and deprecated aliases -> (runtime id, tool).

    The body checks use it to tell a tool reference from an ordinary code span.
    """
    return MappingProxyType(
        {name: tuple((e.runtime_id, e.tool) for e in entries) for name, entries in _entries().items()}
    )


def _table_targets() -> tuple[Target, ...]:
    """Built-in targets with a tool table, in id order (the `agentskills` baseline has none)."""
    return tuple(t for _, t in sorted(builtin_targets().items()) if t.tools is not None)


def _known_anywhere(name: str) -> bool:
    """Whether some built-in runtime knows `name` as a tool, in any case or style."""
    return name in _entries() or _fold(name) in _folded_entries()


# --------------------------------------------------------------------------------------------
# MCP patterns
# --------------------------------------------------------------------------------------------

_SERVER = r"(?P<server>[A-Za-z0-9][A-Za-z0-9_.-]*?)"
_TOOL = r"(?P<tool>[^\s()/]+)"
_CONFIG_NOTATIONS = (
    lazyre.compile(r"mcp[:./][^\s()]+", re.IGNORECASE),  # mcp:server:tool, mcp/server/tool
    lazyre.compile(r"@?[A-Za-z0-9][A-Za-z0-9_.-]*/[^\s()/]+"),  # server/tool, @server/tool
)


class _McpPattern(FrozenRecord):
    """A runtime's MCP naming compiled for matching, with how easily it is mistaken for a plain name."""

    __slots__ = ("runtime_id", "pattern", "full", "server_only", "prefixed", "distinctive")
    runtime_id: Final[str]
    pattern: Final[str]
    full: Final[re.Pattern[str]]
    server_only: Final[re.Pattern[str] | None]
    prefixed: Final[bool]  # a literal prefix or a separator no wire name contains (`mcp__`, `/`, `@`)
    distinctive: Final[bool]  # prefixed, or a separator rare in tool names (`__`, `--`); not a lone `_`

    def __init__(self, runtime_id: str, pattern: str, full: re.Pattern[str], server_only: re.Pattern[str] | None,
                 prefixed: bool, distinctive: bool) -> None:
        self.runtime_id = runtime_id
        self.pattern = pattern
        self.full = full
        self.server_only = server_only
        self.prefixed = prefixed
        self.distinctive = distinctive

    def matches(self, name: str, whole_server: bool = False) -> bool:
        """Match a tool reference; `whole_server` also admits `mcp__server` and `mcp__*` forms."""
        if self.full.fullmatch(name):
            return True
        return bool(whole_server and self.server_only and self.server_only.fullmatch(name))


def _compile_mcp(runtime_id: str, pattern: str) -> _McpPattern:
    """Turn `mcp__{server}__{tool}` into regexes; also accept `mcp__server`, `mcp__server__*`, `mcp__*`."""
    pieces = re.split(r"(\{server\}|\{tool\})", pattern)
    regex = "".join(_SERVER if p == "{server}" else _TOOL if p == "{tool}" else re.escape(p) for p in pieces)
    regex = _never_in_names(pieces) + regex
    prefix = pattern.split("{", 1)[0]
    separators = [p for p in pieces if p and p not in ("{server}", "{tool}")]
    prefixed = bool(prefix) or any(set(sep) & set("/:@ ") for sep in separators)
    distinctive = prefixed or any(len(sep) > 1 for sep in separators)
    server_only = None
    if prefix:
        server_only = re.compile(re.escape(prefix) + r"(?:[A-Za-z0-9][A-Za-z0-9_.-]*|\*)")
    return _McpPattern(runtime_id, pattern, re.compile(regex), server_only, prefixed, distinctive)


def _never_in_names(pieces: list[str]) -> str:
    """A lookahead refusing at once the names the pattern can never match: a server or a tool holds no
    whitespace, parenthesis or slash, so those come only from the pattern's own text. Without it, every
    split of the name into server and tool is tried, each reading the rest: quadratic on a long name
    with a space (`a______...___ x` in a comma-separated list took minutes)."""
    text = "".join(p for p in pieces if p not in ("{server}", "{tool}"))
    banned = ("" if any(char.isspace() for char in text) else r"\s") + "".join(
        re.escape(char) for char in "()/" if char not in text)
    return f"(?=[^{banned}]*\\Z)" if banned else ""


@cache
def _builtin_mcp_patterns() -> tuple[_McpPattern, ...]:
    """Every built-in runtime's MCP naming, for telling foreign notations apart."""
    return tuple(_compile_mcp(t.id, t.mcp_pattern) for t in _table_targets() if t.mcp_pattern)


# --------------------------------------------------------------------------------------------
# per-target index
# --------------------------------------------------------------------------------------------


class _Index(Record):
    """Lookup tables for one target, built once and reused for every reference."""

    __slots__ = ("target", "exact", "folded", "by_capability", "choices", "mcp")
    target: Target
    exact: dict[str, tuple[Tool, str, str]]  # key -> (tool, spelling, kind)
    folded: dict[str, list[tuple[Tool, str, str]]]
    by_capability: dict[str, list[Tool]]
    choices: _Choices
    mcp: _McpPattern | None

    def __init__(self, target: Target, exact: dict[str, tuple[Tool, str, str]] | None = None,
                 folded: dict[str, list[tuple[Tool, str, str]]] | None = None,
                 by_capability: dict[str, list[Tool]] | None = None, choices: _Choices | None = None,
                 mcp: _McpPattern | None = None) -> None:
        self.target = target
        self.exact = {} if exact is None else exact
        self.folded = {} if folded is None else folded
        self.by_capability = {} if by_capability is None else by_capability
        self.choices = _Choices({}) if choices is None else choices
        self.mcp = mcp

    def key(self, name: str) -> str:
        return name if self.target.case_sensitive else name.casefold()


_STATUS_ORDER = {"default": 0, "conditional": 1, "experimental": 2, "legacy": 3, "removed": 4}


def _build_index(target: Target) -> _Index:
    """Tables for steps 1-4 and 7: exact keys (casefolded where case is ignored), style-folded
    keys without removed tools, tools by capability (most available first), fuzzy choices."""
    index = _Index(target)
    if target.mcp_pattern:
        index.mcp = _compile_mcp(target.id, target.mcp_pattern)
    if target.tools is None:
        return index
    spellings = [(tool, s, kind) for tool in target.tools for s, kind in _spellings(tool)]
    for rank in (_KIND_NAME, _KIND_ALIAS, _KIND_DEPRECATED):  # a name beats an alias of the same key
        for tool, spelling, kind in spellings:
            if kind == rank:
                index.exact.setdefault(index.key(spelling), (tool, spelling, kind))
                if tool.status != "removed":  # `ls` is not a misspelt `LS` when `LS` is gone
                    index.folded.setdefault(_fold(spelling), []).append((tool, spelling, kind))
    suggest: dict[str, str] = {}
    for tool in sorted(target.tools, key=lambda t: _STATUS_ORDER.get(t.status, 5)):
        if tool.status == "removed":
            continue
        index.by_capability.setdefault(tool.capability, []).append(tool)
        for spelling, kind in _spellings(tool):
            suggest.setdefault(spelling, tool.name if kind == _KIND_DEPRECATED else spelling)
    index.choices = _Choices(suggest)
    return index


class TargetMemo(Record):
    """What resolution derives from a target, kept with it (not in a module-level table keyed by
    `id()`): the index of its spellings, built once, and recent results, since skills name the same
    few dozen tools over and over. `Target.memo` holds it; the runtimes' records know nothing of
    resolution's types, so it is made here on first use."""

    __slots__ = ("index", "results")
    index: _Index | None
    results: dict[str, Resolution]

    def __init__(self) -> None:
        self.index = None
        self.results = {}


def _memo(target: Target) -> TargetMemo:
    memo = target.memo
    if memo.__class__ is TargetMemo:
        return memo  # narrowed by the class test: isinstance() costs more on this path
    made = TargetMemo()
    target.memo = made
    return made


def _index_for(target: Target) -> _Index:
    """The index of `target`, built once and kept with it."""
    memo = _memo(target)
    index = memo.index
    if index is None:
        index = memo.index = _build_index(target)
    return index


# --------------------------------------------------------------------------------------------
# specifier syntax (Claude Code permission rules, skills-spec-notes 3.6)
# --------------------------------------------------------------------------------------------


def _specifier_problem(name: str, specifier: str, kind: str, target_id: str) -> str | None:
    """Why a well-parenthesised specifier is wrong for a tool whose rules take `kind`; None if fine."""
    if kind == "any" or specifier.strip() == "*":
        return None
    if kind == "none":
        return f"`{name}` takes no specifier on {target_id}: write the bare name `{name}`"
    if kind == "command":
        return _command_problem(name, specifier)
    if kind == "domain":
        rest = specifier[len("domain:"):] if specifier.startswith("domain:") else ""
        if not rest.strip():
            return f"`{name}` rules name a domain: write `{name}(domain:example.com)`"
    return None


def _command_problem(name: str, specifier: str) -> str | None:
    """The legacy `:*` prefix form counts only at the very end of a command pattern."""
    position = specifier.find(":*")
    if position < 0 or position == len(specifier) - 2:
        return None
    fixed = specifier.replace(":*", " *")
    return (
        f"`:*` is recognized only at the end of a `{name}` pattern; in `{name}({specifier})` the colon is "
        f"a literal character. Use ` *` as the wildcard, e.g. `{name}({fixed})`"
    )


def _specifier_kind(tools: Iterable[Tool]) -> str:
    """The first specifier kind other than `none` among candidate tools (agentskills), else `none`."""
    return next((t.specifier for t in tools if t.specifier != "none"), "none")


# --------------------------------------------------------------------------------------------
# resolution
# --------------------------------------------------------------------------------------------


_RESULTS_LIMIT = 20_000


def resolve(reference: str, target: Target) -> Resolution:
    """Resolve one tool reference (`Read`, `Bash(git diff:*)`, `mcp__s__t`, ...) on `target`.

    Never raises on any string: broken input is an outcome, not an exception. Results are
    memoised per (reference, target): skills name the same few dozen tools over and over.
    """
    results = _memo(target).results
    hit = results.get(reference)
    if hit is not None:
        return hit
    if len(results) >= _RESULTS_LIMIT:
        results.clear()
    resolution = results[reference] = _resolve_uncached(reference, target)
    return resolution


def _resolve_uncached(reference: str, target: Target) -> Resolution:
    spec = parse_tool_entry(reference)
    base = Resolution(
        reference=reference,
        name=spec.name,
        outcome=Outcome.UNKNOWN,
        target_id=target.id,
        runtime_ids=_runtimes_knowing(spec.name),
        specifier=spec.specifier,
    )
    index = _index_for(target)
    portable = target.tools is None
    resolution = _resolve_portable(base) if portable else _resolve_in_table(base, index)
    return _with_specifier_check(resolution, spec, target)


def _runtimes_knowing(name: str) -> tuple[str, ...]:
    """Built-in runtimes where `name` is a tool name, alias or deprecated alias (exact case)."""
    return _ids(e.runtime_id for e in _entries().get(name, ()))


def _resolve_in_table(base: Resolution, index: _Index) -> Resolution:
    found = _lookup(base, index)
    if found is not None:
        return _renamed(found, index.target)
    mcp = _resolve_mcp(base, index)
    if mcp is not None:
        return mcp
    return _unknown_in_table(base, index)


def _renamed(found: Resolution, target: Target) -> Resolution:
    """On a target that renames (`alias_exposure: rename`, SISU's `registerTools(tools, {aliases:
    {canonical: apiName}})`), an aliased tool is offered to the model under its first alias only:
    any other spelling still resolves (the runtime maps calls back), but the model never sees it."""
    tool = found.tool
    if target.alias_exposure != "rename" or tool is None or not tool.aliases or not found.resolved:
        return found
    exposed = tool.aliases[0]
    spelling = found.via or tool.name
    return found if spelling == exposed else found._replace(offered_as=exposed)


def _lookup(base: Resolution, index: _Index) -> Resolution | None:
    """Steps 1-4 for a table target: name, alias, deprecated alias, then case/style variants."""
    name = base.name
    if not name:
        return None
    hit = index.exact.get(index.key(name))
    if hit is not None:
        return _exact_hit(base, *hit)
    candidates = index.folded.get(_fold(name))
    if candidates:
        return _variant_hit(base, candidates, index.target)
    return None


def _exact_hit(base: Resolution, tool: Tool, spelling: str, kind: str) -> Resolution:
    """A name, alias or deprecated alias (matched case-insensitively where the runtime does)."""
    tid = base.target_id
    if kind == _KIND_NAME and spelling == base.name:
        return base._replace(outcome=Outcome.EXACT, tool=tool)
    if kind == _KIND_NAME:
        hint = f"{tid} matches tool names case-insensitively; its name for this tool is `{tool.name}`"
        return base._replace(outcome=Outcome.FOLDED, tool=tool, suggestions=(tool.name,), hint=hint)
    if kind == _KIND_ALIAS:
        hint = f"`{spelling}` is an alias of {tid}'s `{tool.name}`"
        return base._replace(outcome=Outcome.ALIAS, tool=tool, via=spelling, suggestions=(tool.name,),
                       hint=hint)
    hint = f"`{spelling}` is a deprecated name of {tid}'s `{tool.name}`: write `{tool.name}`"
    return base._replace(outcome=Outcome.DEPRECATED, tool=tool, via=spelling, suggestions=(tool.name,),
                   hint=hint)


def _variant_hit(base: Resolution, candidates: list[tuple[Tool, str, str]], target: Target) -> Resolution:
    """Same name but for case or style, in a runtime that does not ignore that difference."""
    name = base.name
    tool, spelling, kind = candidates[0]
    exact = [t.name if k == _KIND_DEPRECATED else s for t, s, k in candidates]
    if target.case_sensitive:
        how = "case" if name.casefold() == spelling.casefold() else "case or style"
        hint = f"{target.id} matches tool names exactly: `{name}` differs from `{spelling}` in {how}"
    else:
        hint = f"{target.id} ignores case but not style: `{name}` differs from `{spelling}` in style"
    if kind == _KIND_DEPRECATED:
        hint += f", a deprecated name of `{tool.name}`"
    return base._replace(outcome=Outcome.MISMATCH, tool=tool, via=None if kind == _KIND_NAME else spelling,
                   suggestions=tuple(dict.fromkeys(exact))[:MAX_SUGGESTIONS], hint=hint)


def _resolve_mcp(base: Resolution, index: _Index) -> Resolution | None:
    """Step 6: the target's MCP pattern, another runtime's, or a configuration notation.

    Prefixed patterns (`mcp__...`, `server/tool`) are tried before bare ones (`{server}__{tool}`),
    so `mcp__github__create_issue` is Claude Code's notation on Cline, not a Cline server `mcp`.
    """
    name = base.name
    if not name:
        return None
    own = index.mcp
    foreign = [p for p in _builtin_mcp_patterns() if p.runtime_id != index.target.id and p.distinctive]
    for prefixed in (True, False):
        if not prefixed and _known_anywhere(name):
            break  # a bare pattern must not swallow a tool name some runtime has
        if own is not None and own.prefixed is prefixed and own.matches(name, whole_server=True):
            sharing = _ids(p.runtime_id for p in _builtin_mcp_patterns() if p.pattern == own.pattern)
            return base._replace(outcome=Outcome.MCP, runtime_ids=sharing)
        owners = _ids(p.runtime_id for p in foreign if p.prefixed is prefixed and p.matches(name))
        if owners:
            return _foreign(base, index, owners)
    if any(n.fullmatch(name) for n in _CONFIG_NOTATIONS):
        return _foreign(base, index, ())
    return None


def _foreign(base: Resolution, index: _Index, owners: tuple[str, ...]) -> Resolution:
    """An MCP reference the target does not read: say whose notation it is and show the target's."""
    own = index.mcp
    where = f"the MCP notation of {_list_ids(owners)}" if owners else "an MCP configuration notation"
    tid = index.target.id
    if own is None:
        mine, example = f"{tid} has no known MCP tool naming", None
    else:
        mine, example = f"{tid} names MCP tools `{own.pattern}`", _mcp_example(own.pattern, base.name)
    hint = f"`{base.name}` is written in {where}; {mine}"
    return base._replace(outcome=Outcome.MCP_FOREIGN, runtime_ids=owners,
                   suggestions=(example,) if example else (), hint=hint)


_MCP_PREFIXES = ("mcp__", "mcp--", "mcp_", "mcp:", "mcp/", "mcp.", "@")
_MCP_SEPARATORS = ("__", "--", "/", ":", "_")


def _mcp_example(pattern: str, name: str) -> str | None:
    """Rewrite a foreign MCP reference in the target's pattern, when its parts can be told apart."""
    rest = next((name[len(p):] for p in _MCP_PREFIXES if name.startswith(p)), name)
    for separator in _MCP_SEPARATORS:
        server, found, tool = rest.partition(separator)
        if found and server and tool:
            return pattern.replace("{server}", server).replace("{tool}", tool)
    return None


def _unknown_in_table(base: Resolution, index: _Index) -> Resolution:
    """Step 7: same-capability tools of the target first, then close names, and a hint."""
    by_capability, hint = _capability_help(base.name, index)
    fuzzy = _fuzzy(base.name, index.choices)
    if not by_capability and not fuzzy and hint is None:
        by_capability, hint = _typo_of_elsewhere(base.name, index)
    suggestions = tuple(dict.fromkeys((*by_capability, *fuzzy)))[:MAX_SUGGESTIONS]
    return base._replace(suggestions=suggestions, hint=hint)


def _typo_of_elsewhere(name: str, index: _Index) -> tuple[tuple[str, ...], str | None]:
    """`Bassh` on a target without `Bash`: close to no name of the target, but one edit from
    another runtime's tool. Name that tool, and the target's tools of its capability."""
    close = [s for s in _fuzzy(name, _portable_choices()) if s not in index.choices.suggest]
    if not close:
        return (), None
    tools, hint = _capability_help(close[0], index)
    if hint is None:
        return (), None
    return tools, f"`{name}` looks like `{close[0]}`: {hint}"


def known_capability(name: str, exclude: str = "") -> str | None:
    """The capability other runtimes (not `exclude`) give the tool `name`, if any but `other`."""
    hits = [e for e in _entries().get(name, ()) if e.runtime_id != exclude]
    if not hits:
        hits = [e for _, e in _folded_entries().get(_fold(name), ()) if e.runtime_id != exclude]
    counts = Counter(e.tool.capability for e in hits if e.tool.capability != "other")
    return counts.most_common(1)[0][0] if counts else None


def tools_of_capability(target: Target, capability: str) -> tuple[Tool, ...]:
    """The target's tools of `capability` that are not removed, the most available first (the
    order suggestions use): the first is the one a name of that capability should alias to."""
    return tuple(_index_for(target).by_capability.get(capability, ()))


def _capability_help(name: str, index: _Index) -> tuple[tuple[str, ...], str | None]:
    """If other runtimes know `name`, name the target's tools with the same capability."""
    target = index.target
    hits = [e for e in _entries().get(name, ()) if e.runtime_id != target.id]
    if not hits:
        folded = _folded_entries().get(_fold(name), ())
        hits = [e for _, e in folded if e.runtime_id != target.id]
    counts = Counter(e.tool.capability for e in hits if e.tool.capability != "other")
    if not counts:
        return (), None
    capability = counts.most_common(1)[0][0]
    owners = _ids(e.runtime_id for e in hits if e.tool.capability == capability)
    every = index.by_capability.get(capability, ())
    tools = tuple(t.name for t in every if t.status in _USUAL)[:MAX_SUGGESTIONS]
    known = f"`{name}` is {_article(capability)} {capability} tool of {_list_ids(owners)}"
    if not tools:
        flagged = [t.name for t in every if t.status == "experimental"]
        if flagged:  # recommend what a default install has: a tool behind a flag is named as such
            return (), f"{known}; {target.id} has one only behind a flag ({_list_names(tuple(flagged))}, experimental)"
        return (), f"{known}; {target.id} has no {capability} tool"
    noun = "tool is" if len(tools) == 1 else "tools are"
    return tools, f"{known}; {target.id}'s {capability} {noun} {_list_names(tools)}"


_USUAL = frozenset({"default", "conditional"})
"""Statuses a usual install offers; an experimental tool (behind a flag) is not recommended."""


class _Choices:
    """Spellings offered as "did you mean", processed for rapidfuzz on the first name that
    does not resolve (a clean run never imports rapidfuzz: start-up)."""

    __slots__ = ("suggest", "_processed", "windows")

    def __init__(self, suggest: Mapping[str, str]) -> None:
        self.suggest = dict(suggest)  # spelling -> what to suggest (a deprecated alias -> its tool)
        self._processed: dict[str, list[str]] | None = None
        self.windows: dict[int, list[str]] = {}

    @property
    def processed(self) -> dict[str, list[str]]:
        """Processed spelling -> the spellings it stands for (`Bash` and `bash` process alike)."""
        if self._processed is None:
            from rapidfuzz import utils

            processed: dict[str, list[str]] = {}
            for spelling in self.suggest:
                processed.setdefault(utils.default_process(spelling), []).append(spelling)
            self._processed = processed
        return self._processed

    def near_length(self, length: int) -> list[str]:
        """The keys whose length lets them reach the cutoff against a query of `length`:
        ratio = 2*matches/(a+b) >= 0.85 needs b within [0.739a, 1.353a], and one edit within
        a +-1. A name compared with every spelling of every runtime cost 50 us; a skill listing
        60,000 unknown names took seconds."""
        keys = self.windows.get(length)
        if keys is None:
            low = min(math.ceil(length * FUZZY_CUTOFF / (200 - FUZZY_CUTOFF)), length - 1)
            high = max(math.floor(length * (200 - FUZZY_CUTOFF) / FUZZY_CUTOFF), length + 1)
            keys = [key for key in self.processed if low <= len(key) <= high]
            self.windows[length] = keys
        return keys


def _fuzzy(name: str, choices: _Choices) -> tuple[str, ...]:
    """Close spellings, best first: rapidfuzz ratio >= FUZZY_CUTOFF, or one edit away.

    Plain ratio, not WRatio: WRatio's partial matching scores any name that contains a tool name
    at 90 (`Stop Task` -> `Task`, `my_tool` -> `custom_tool`), which is noise. A transposition
    (`Grpe` -> `Grep`) scores only 75, hence the edit rule; on four letters it admits only a
    transposition, since one substitution there makes unrelated words alike (`exit` -> `Edit`).
    """
    if not name or len(name) > _FUZZY_MAX_LEN or not choices.suggest:
        return ()
    from rapidfuzz import fuzz, process, utils
    from rapidfuzz.distance import OSA

    query = utils.default_process(name)
    if len(query) < _FUZZY_MIN_LEN:
        return ()
    keys, spellings = choices.near_length(len(query)), choices.processed
    scores: dict[str, float] = {}
    for processed, score, _ in process.extract(query, keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF,
                                               limit=_FUZZY_LIMIT):
        scores[processed] = score
    for processed, _, _ in process.extract(query, keys, scorer=OSA.distance, score_cutoff=1, limit=_FUZZY_LIMIT):
        if _one_edit_is_close(query, processed):
            scores.setdefault(processed, fuzz.ratio(query, processed))
    ranked = sorted((-score, spelling) for processed, score in scores.items() for spelling in spellings[processed])
    return tuple(dict.fromkeys(choices.suggest[spelling] for _, spelling in ranked))


_VOWELS = frozenset("aeiou")


def _one_edit_is_close(query: str, other: str) -> bool:
    """One OSA edit is a likely typo from five characters on; from four, a transposition or a vowel
    written for another (`reed` -> `read`), the slips of a word said right and spelt wrong, while a
    consonant for another makes unrelated words alike (`exit` -> `edit`)."""
    if min(len(query), len(other)) >= _EDIT_MIN_LEN + 1:
        return True
    if len(query) != len(other) or len(query) < _EDIT_MIN_LEN:
        return False
    if sorted(query) == sorted(other):
        return True
    differ = [(a, b) for a, b in zip(query, other, strict=True) if a != b]
    return len(differ) == 1 and differ[0][0] in _VOWELS and differ[0][1] in _VOWELS


# --------------------------------------------------------------------------------------------
# the agentskills baseline: a name resolves when some runtime has it
# --------------------------------------------------------------------------------------------


@cache
def _portable_choices() -> _Choices:
    """Every non-removed spelling of every runtime, for fuzzy suggestions on the baseline."""
    entries = sorted(_entries().items())
    return _Choices({s: s for s, found in entries if any(e.tool.status != "removed" for e in found)})


def _resolve_portable(base: Resolution) -> Resolution:
    """Steps 1-7 on the baseline: some runtime's name, a style variant of one, MCP, or unknown."""
    name = base.name
    entries = _entries().get(name, ()) if name else ()
    if entries:
        return _portable_hit(base, entries)
    folded = _folded_entries().get(_fold(name), ()) if name else ()
    if folded:
        spellings = tuple(dict.fromkeys(s for s, _ in folded))
        owners = _list_ids(_ids(e.runtime_id for _, e in folded))
        hint = f"no runtime spells it `{name}`; {owners} write {_list_names(spellings[:MAX_SUGGESTIONS])}"
        return base._replace(outcome=Outcome.MISMATCH, tool=folded[0][1].tool,
                       suggestions=spellings[:MAX_SUGGESTIONS], hint=hint)
    mcp = _portable_mcp(base)
    if mcp is not None:
        return mcp
    return base._replace(suggestions=_fuzzy(name, _portable_choices())[:MAX_SUGGESTIONS])


_PORTABLE_KINDS = (
    (_KIND_NAME, Outcome.EXACT), (_KIND_ALIAS, Outcome.ALIAS), (_KIND_DEPRECATED, Outcome.DEPRECATED),
)


def _portable_hit(base: Resolution, entries: tuple[_Entry, ...]) -> Resolution:
    """Resolve by the best kind any runtime offers: a name beats an alias beats a deprecated alias."""
    kind, outcome = next((k, o) for k, o in _PORTABLE_KINDS if any(e.kind == k for e in entries))
    chosen = [e for e in entries if e.kind == kind]
    runtime_ids = _ids(e.runtime_id for e in chosen)
    tool = chosen[0].tool
    via = None if outcome is Outcome.EXACT else base.name
    hint = None
    if outcome is not Outcome.EXACT:
        what = "an alias" if outcome is Outcome.ALIAS else "a deprecated name"
        hint = f"`{base.name}` is only {what} of `{tool.name}` in {_list_ids(runtime_ids)}"
    return base._replace(outcome=outcome, tool=tool, via=via, runtime_ids=runtime_ids,
                   suggestions=() if outcome is Outcome.EXACT else (tool.name,), hint=hint)


def _portable_mcp(base: Resolution) -> Resolution | None:
    """An MCP reference resolves on the baseline in any runtime's distinctive notation."""
    name = base.name
    owners = _ids(p.runtime_id for p in _builtin_mcp_patterns() if p.distinctive and p.matches(name, True))
    if owners:
        hint = f"an MCP reference in the notation of {_list_ids(owners)} only"
        return base._replace(outcome=Outcome.MCP, runtime_ids=owners, hint=hint)
    if any(n.fullmatch(name) for n in _CONFIG_NOTATIONS):
        hint = f"`{name}` is an MCP configuration notation that no runtime uses as a tool name"
        return base._replace(outcome=Outcome.MCP_FOREIGN, hint=hint)
    return None


# --------------------------------------------------------------------------------------------
# specifier check, shared by both kinds of target
# --------------------------------------------------------------------------------------------


def _with_specifier_check(resolution: Resolution, spec: ToolSpec, target: Target) -> Resolution:
    """Step 5: judge `Tool(specifier)` where the runtime reads permission rules: first its
    parentheses (`spec.rule_problem`), then the specifier against the tool's kind."""
    if spec.specifier is None and spec.rule_problem is None:
        return resolution
    if not target.permission_rules:
        return resolution
    problem = spec.rule_problem
    if problem is None and resolution.outcome is Outcome.MCP:
        problem = f"MCP tool references take no specifier on {target.id}: write `{spec.name}`"
    elif problem is None and resolution.tool is not None and resolution.outcome is not Outcome.UNKNOWN:
        problem = _specifier_problem(spec.name, spec.specifier or "", _kind_for(resolution, target),
                                     target.id)
    return resolution._replace(specifier_problem=problem) if problem else resolution


def _kind_for(resolution: Resolution, target: Target) -> str:
    """The specifier kind of the resolved tool; on the baseline, of any runtime's same-named tool."""
    tools = [resolution.tool] if resolution.tool is not None else []
    if target.tools is not None:
        return _specifier_kind(tools)
    return _specifier_kind([*tools, *(e.tool for e in _entries().get(resolution.name, ()))])


# --------------------------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------------------------


def _ids(ids: Iterable[str]) -> tuple[str, ...]:
    """Runtime ids without repeats, in first-seen order."""
    return tuple(dict.fromkeys(ids))


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" or word in ("lsp", "mcp") else "a"


def _list_ids(ids: tuple[str, ...], limit: int = 3) -> str:
    """`cline, roo-code and 4 more` style enumeration for hints."""
    shown = ", ".join(ids[:limit])
    rest = len(ids) - limit
    return f"{shown} and {rest} more" if rest > 0 else shown


def _list_names(names: Iterable[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)
