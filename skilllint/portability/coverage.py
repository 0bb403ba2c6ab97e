"""Coverage: which names a runtime is missing across a corpus, which aliases close the gap, and
how many skills each alias makes resolve.

A skill "resolves fully" on a target when every tool reference it makes (the target's tool fields,
`allowed-tools`, the instructions) reaches the model there (`references.misses_of`). The proposed
alias of a name is the target's tool of the capability other runtimes give the name (its tool
table is the only source of names: nothing here invents one). Aliases are applied in the order of
the ranking (most skills first) and each step reports the skills resolving fully so far, as the
target's `alias_exposure` makes it:

- `api`: the model is offered the alias, so it fixes the frontmatter and the instructions;
- `resolve-only`: the alias is mapped after the model call, so it fixes the frontmatter lists only;
  the instructions still name a tool the model is not offered;
- `rename` (SISU): the tool is offered under the alias *instead of* its name, so one name per tool
  (the most used) is proposed, and instructions that name the canonical tool stop resolving.

Each report also gives the figure with `api` exposure, which is what the `config` output sets.
The tally keeps counts and, per skill, only the set of what it misses (skills with the same set
share one counter entry), so memory grows with the distinct gaps, not with the tree.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from skilllint.checks._tools import name_matcher, stand_in
from skilllint.portability.references import Gap, SkillReferences, Where
from skilllint.runtimes.resolve import Outcome, known_capability, resolve
from skilllint.runtimes.targets import Target

EXAMPLES = 3
"""Paths kept per name, the first in path order, to show where a name is used."""

Key = tuple[str, str]
"""What a skill misses, as the tally keeps it: (`fm`|`body`|`hidden`|`renamed`, name), or
(`canon`, tool) for a tool the instructions name by its canonical name (renaming it hides it), or
(`unreadable`, "") for a skill that fails to load (no alias makes it resolve)."""


def _keys(refs: SkillReferences) -> frozenset[Key]:
    """What keeps the skill from resolving fully: its misses but the soft ones (`check` warns of those: a
    field the target does not grant by, a name that only looks like a tool), so `coverage` and `matrix`
    agree on which skills fail."""
    keys: set[Key] = set()
    if refs.failed or refs.unreadable:
        keys.add(("unreadable", ""))  # a skill that fails to load resolves nothing, whatever aliases are added
    for miss in refs.misses:
        if miss.soft:
            continue
        if miss.gap is Gap.UNRESOLVED:
            keys.add(("fm" if miss.where is Where.FRONTMATTER else "body", miss.name))
        else:
            keys.add(("hidden" if miss.gap is Gap.HIDDEN_ALIAS else "renamed", miss.name))
    keys.update(("canon", tool) for tool in refs.canonical)
    return frozenset(keys)


@dataclass
class _NameTally:
    skills: int = 0
    read: int = 0  # skills it fails: named where the model or the runtime reads it (not only as a soft miss)
    where: set[str] = field(default_factory=set)
    gaps: set[Gap] = field(default_factory=set)
    examples: list[str] = field(default_factory=list)

    def add(self, path: str) -> None:
        self.skills += 1
        if len(self.examples) < EXAMPLES or path < self.examples[-1]:
            self.examples = sorted([*self.examples, path])[:EXAMPLES]


@dataclass
class Tally:
    """Running totals of a coverage run, fed one skill at a time in any order."""

    skills: int = 0
    failed: int = 0
    signatures: Counter[frozenset[Key]] = field(default_factory=Counter)
    names: dict[str, _NameTally] = field(default_factory=dict)
    canonical: Counter[str] = field(default_factory=Counter)  # tool -> skills naming it in the instructions

    def add(self, refs: SkillReferences) -> None:
        self.skills += 1
        if refs.failed:
            self.failed += 1
        self.signatures[_keys(refs)] += 1
        seen: dict[str, set[Where]] = {}
        read: set[str] = set()
        for miss in refs.misses:
            seen.setdefault(miss.name, set()).add(miss.where)
            if not miss.soft:
                read.add(miss.name)
        for name, wheres in seen.items():
            tally = self.names.setdefault(name, _NameTally())
            tally.add(refs.path)
            tally.read += name in read
            tally.where.update(str(w) for w in wheres)
            tally.gaps.update(m.gap for m in refs.misses if m.name == name)
        self.canonical.update(refs.canonical)


@dataclass(frozen=True, slots=True)
class NameRow:
    """One name the target does not resolve, with its proposed alias. `alias_to` is the target's
    tool the name means (same capability, or the tool it already aliases or misspells); `proposed`
    says whether the report proposes that alias (and `note` why not, or what it takes);
    `cumulative` the skills resolving fully once this and every earlier proposal are applied."""

    name: str
    skills: int
    where: tuple[str, ...]
    capability: str | None
    alias_to: str | None
    proposed: bool
    note: str
    examples: tuple[str, ...]
    cumulative: int | None = None
    failing: int = 0  # skills it fails: named where the model or the runtime reads it, and `check` errs


@dataclass(frozen=True, slots=True)
class Rename:
    """For a runtime whose aliases rename (SISU): the tool, the one name it would be offered as, and
    the skills whose instructions name the tool by its canonical name, which would stop resolving."""

    tool: str
    name: str
    skills_naming_tool: int
    existing: bool  # the target already offers the tool under this name


@dataclass(frozen=True)
class CoverageReport:
    target: Target
    skills: int
    failed: int
    resolved_skills: int
    names: tuple[NameRow, ...]
    aliases: dict[str, str]  # proposed alias -> the target's tool, in ranking order (one per tool under rename)
    aliases_api: dict[str, str]  # every name with a tool to alias to: what an `api` target takes (the config)
    resolved_with_aliases: int  # with the target's own alias_exposure
    resolved_with_aliases_api: int  # with alias_exposure: api (what the `config` output sets)
    renames: tuple[Rename, ...]  # one name per tool, the most used (SISU's `registerTools` map)
    canonical: dict[str, int]  # the target's tool -> skills whose instructions name it by that name

    @property
    def exposure(self) -> str:
        return self.target.alias_exposure


def _ranked(tally: Tally) -> list[tuple[str, _NameTally]]:
    """Names that fail the most skills first (named where the model or the runtime reads them), then the
    most used: a name only in a field the target ignores comes last, whatever its count."""
    return sorted(tally.names.items(), key=lambda item: (-item[1].read, -item[1].skills, item[0]))


def _meaning(name: str, gaps: set[Gap], target: Target) -> tuple[str | None, str | None, str]:
    """(capability, the target's tool the name means, a note) for one missed name."""
    if target.tools is None:
        capability = known_capability(name)
        return capability, None, f"{target.id} has no tool table of its own to alias into"
    resolution = resolve(name, target)
    tool = resolution.tool
    if gaps == {Gap.RENAMED} and tool is not None:
        return tool.capability, None, f"{target.id} offers `{tool.name}` to the model as `{resolution.offered_as}`"
    if tool is not None and resolution.outcome in (Outcome.ALIAS, Outcome.MISMATCH, Outcome.DEPRECATED):
        what = ("an alias" if resolution.outcome is Outcome.ALIAS else
                "a deprecated name" if resolution.outcome is Outcome.DEPRECATED else "a case or style variant")
        return tool.capability, tool.name, f"{what} of `{tool.name}` on {target.id}"
    capability = known_capability(name, target.id)
    if capability is None:
        return None, None, "no runtime gives it a capability: an application's own tool, or a typo"
    tool, why = stand_in(target, capability)  # the alias `check`'s help proposes, the same
    return capability, None if tool is None else tool.name, why


def _one_name_each(ranked: list[tuple[str, _NameTally]], meanings: dict[str, tuple[str | None, str | None, str]],
                   taken: dict[str, str], tally: Tally, exposure: str) -> dict[str, str]:
    """Under `rename`, the one name each tool is offered as: of the names meaning it that fail skills
    (named where the model or the runtime reads it; a field the target ignores casts no vote), the one
    whose alias makes the most skills resolve fully, given the tools chosen before it (tools taken in
    the order of their most read name); ties to the more read, the more used, then by name. Tools the
    target already renames keep their name."""
    candidates: dict[str, list[str]] = {}
    for name, named in ranked:
        tool = meanings[name][1]
        if tool is not None and tool not in taken and named.read:
            candidates.setdefault(tool, []).append(name)
    chosen: dict[str, str] = {}
    aliases: set[str] = set()
    renamed: set[str] = set()
    for tool in sorted(candidates, key=lambda t: (-max(tally.names[n].read for n in candidates[t]), t)):
        def rank(name: str, tool: str = tool) -> tuple[int, int, int, str]:
            named = tally.names[name]
            return -_count(tally, aliases | {name}, renamed | {tool}, exposure), -named.read, -named.skills, name

        best = min(candidates[tool], key=rank)
        chosen[tool] = best
        aliases.add(best)
        renamed.add(tool)
    return dict(sorted(chosen.items()))


def _resolves(signature: frozenset[Key], aliases: set[str], renamed: set[str], exposure: str) -> bool:
    """Whether a skill missing `signature` resolves fully with `aliases` added under `exposure`;
    `renamed` are the tools a `rename` exposure then offers under an alias only."""
    for kind, name in signature:
        if kind == "fm":
            ok = name in aliases
        elif kind == "body":
            ok = name in aliases and exposure != "resolve-only"
        elif kind in ("hidden", "renamed"):
            ok = exposure == "api"
        elif kind == "unreadable":
            ok = False
        else:  # canon: named by its canonical name, fine unless the tool is renamed now
            ok = not (exposure == "rename" and name in renamed)
        if not ok:
            return False
    return True


def _count(tally: Tally, aliases: set[str], renamed: set[str], exposure: str) -> int:
    return sum(n for signature, n in tally.signatures.items() if _resolves(signature, aliases, renamed, exposure))


def report(tally: Tally, target: Target) -> CoverageReport:
    """Rank the names, propose aliases, and count the skills each step makes resolve."""
    renaming = target.alias_exposure == "rename"
    taken = {t.name: t.aliases[0] for t in target.tools or () if t.aliases}  # tools already offered as an alias
    pattern = name_matcher(target.name_pattern) if target.name_pattern else None
    rows: list[NameRow] = []
    aliases: dict[str, str] = {}
    renamed: set[str] = set()
    exposure = target.alias_exposure
    ranked = _ranked(tally)
    meanings = {name: _meaning(name, named.gaps, target) for name, named in ranked}
    for name, (_, tool, _) in meanings.items():
        if tool is not None and pattern is not None and not pattern(name):
            meanings[name] = (meanings[name][0], None,
                              f"{target.id}'s model API rejects the name (`{target.name_pattern}`)")
    chosen = _one_name_each(ranked, meanings, taken, tally, exposure) if renaming else {}
    aliases_api = {name: tool for name, (_, tool, _) in meanings.items() if tool is not None}
    for name, named in ranked:
        capability, tool, note = meanings[name]
        proposed = tool is not None
        if tool is not None and renaming and chosen.get(tool) != name:
            if tool in taken:
                note = f"one name per tool: {target.id} offers `{tool}` as `{taken[tool]}`"
            elif tool in chosen:
                note = f"one name per tool: `{tool}` goes to `{chosen[tool]}`, which makes more skills resolve"
            else:
                note = f"fails no skill on {target.id} (only in fields it does not grant by): no alias needed"
            proposed = False
        elif tool is not None and not named.read:
            note = f"fails no skill on {target.id} (only in fields it does not grant by): no alias needed"
            proposed = False
        cumulative = None
        if proposed:
            assert tool is not None
            aliases[name] = tool
            if renaming:
                renamed.add(tool)
            cumulative = _count(tally, set(aliases), renamed, exposure)
        rows.append(NameRow(name, named.skills, tuple(sorted(named.where)), capability, tool, proposed, note,
                            tuple(named.examples), cumulative, named.read))
    renames = tuple(Rename(tool, name, tally.canonical[tool], True) for tool, name in taken.items())
    renames += tuple(Rename(tool, name, tally.canonical[tool], False) for tool, name in chosen.items())
    return CoverageReport(
        target=target,
        skills=tally.skills,
        failed=tally.failed,
        resolved_skills=_count(tally, set(), set(), exposure),
        names=tuple(rows),
        aliases=aliases,
        aliases_api=aliases_api,
        resolved_with_aliases=_count(tally, set(aliases), renamed, exposure),
        resolved_with_aliases_api=_count(tally, set(aliases_api), set(), "api"),
        renames=tuple(sorted(renames, key=lambda r: r.tool)),
        canonical=dict(sorted(tally.canonical.items())),
    )


def one_name_per_tool(report: CoverageReport) -> dict[str, str]:
    """The `registerTools(tools, {aliases})` map: canonical tool -> the one name the model sees. On a
    target that already renames this is `report.renames`; on others, the most used proposal per tool."""
    if report.renames:
        return {r.tool: r.name for r in report.renames}
    chosen: dict[str, str] = {}
    for name, tool in report.aliases.items():
        chosen.setdefault(tool, name)
    return dict(sorted(chosen.items()))
