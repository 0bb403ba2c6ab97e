"""`skilllint coverage` output: text, Markdown, JSON, a `.skilllint.yaml` with the aliases, and
SISU's `registerTools` aliases object.

Names come from skills, paths from the file system and target ids from a config, so every one
printed is escaped (`textsafe.escape`, as `check`'s formats do) in text, Markdown, JSON and the
comments of the file forms. The JSON is then valid UTF-8 whatever the tree holds: a folder name
that was not UTF-8 reaches us as lone surrogates (`os.fsdecode`), which `ensure_ascii=False`
passed through to a stdout that could not encode them. The values of the file forms (config,
SISU) are the exact names, for a program to use: JSON's own `\\uXXXX` escapes (which YAML and
TypeScript read back as the same characters) where a name holds one that UTF-8 cannot carry."""

from __future__ import annotations

import json
from collections.abc import Callable

from skilllint.core.textsafe import escape
from skilllint.portability.coverage import CoverageReport, NameRow, one_name_per_tool

FORMATS = ("text", "markdown", "json", "config", "sisu")
JSON_VERSION = 1


def share(count: int, total: int) -> str:
    """`12 of 40 skills (30.0%)`."""
    percent = 100.0 * count / total if total else 100.0
    return f"{count:,} of {total:,} skill{'s' if total != 1 else ''} ({percent:.1f}%)"


def _skills(count: int) -> str:
    """`1 skill`, `40 skills`."""
    return f"{count:,} skill{'s' if count != 1 else ''}"


def _gain(before: int, after: int, total: int) -> str:
    return f"+{100.0 * (after - before) / total:.1f}%" if total else "+0.0%"


def _exposure_lines(report: CoverageReport) -> list[str]:
    """What the target's alias_exposure does to the proposals, and what `api` would change."""
    target, exposure = escape(report.target.id), report.exposure
    api = share(report.resolved_with_aliases_api, report.skills)
    if exposure == "resolve-only":
        return [f"{target} maps aliases only after the model call (alias_exposure: resolve-only): they fix the "
                "frontmatter lists, not the instructions the model reads.",
                f"With alias_exposure: api (an app that offers aliases to the model), the same aliases make {api} "
                "resolve fully."]
    if exposure == "rename":
        lines = [f"{target} renames (alias_exposure: rename): an aliased tool is offered to the model under one "
                 "name only, so one name per tool is proposed: the one that makes the most skills resolve fully "
                 "(a name only in a field the runtime ignores casts no vote)."]
        for rename in report.renames:
            if rename.skills_naming_tool:
                count, tool, name = rename.skills_naming_tool, escape(rename.tool), escape(rename.name)
                lines.append(f"Offering `{tool}` as `{name}`: {count:,} skill{'s' if count != 1 else ''} "
                             f"that say{'s' if count == 1 else ''} `{tool}` in the instructions stop"
                             f"{'s' if count == 1 else ''} resolving.")
        lines.append(f"With alias_exposure: api (every name offered beside the tool's own, for an app that "
                     f"offers both; {len(report.aliases_api):,} aliases), {api} resolve fully.")
        return lines
    if exposure == "prompt":
        return [f"{target} lists aliases in the system prompt (alias_exposure: prompt): counted as resolving."]
    return []


def render_text(report: CoverageReport) -> str:
    target = report.target.id
    lines = [f"Coverage on {escape(target)}: {_skills(report.skills)}, {len(report.names):,} tool "
             f"name{'s' if len(report.names) != 1 else ''} that do not reach the model there.",
             f"Resolve fully today: {share(report.resolved_skills, report.skills)}."]
    if report.failed:
        lines.append(f"Not analysed: {report.failed:,} skills skilllint could not read (SL000 in `check`).")
    if report.names:
        width = max(len(escape(row.name)) for row in report.names)
        width = min(max(width, 4), 40)
        lines += ["", f"{'fails':>6}  {'skills':>6}  {'name':<{width}}  {'where':<16}  {'capability':<15}  "
                  "proposed alias"]
        before = report.resolved_skills
        for row in report.names:
            lines.append(f"{row.failing:>6,}  {row.skills:>6,}  {escape(row.name):<{width}}  "
                         f"{','.join(row.where):<16}  {escape(row.capability or '-'):<15}  "
                         f"{_proposal_text(row, report, before)}")
            if row.cumulative is not None:
                before = row.cumulative
    if not report.names:
        return "\n".join(lines) + "\n"
    lines.append("")
    count = len(report.aliases)
    lines.append(f"With the {count:,} proposed alias{'es' if count != 1 else ''}: "
                 f"{share(report.resolved_with_aliases, report.skills)} resolve fully.")
    lines += _exposure_lines(report)
    return "\n".join(lines) + "\n"


def _proposal_text(row: NameRow, report: CoverageReport, before: int) -> str:
    if row.proposed and row.cumulative is not None:
        return (f"{escape(row.name)} -> {escape(row.alias_to or '')}  {_gain(before, row.cumulative, report.skills)} "
                f"(cumulative {100.0 * row.cumulative / report.skills:.1f}%)")
    return escape(row.note) if row.note else "-"


def _md(text: str) -> str:
    return escape(text).replace("|", "\\|")


def render_markdown(report: CoverageReport) -> str:
    target = _md(report.target.id)
    lines = [f"## Tool coverage on `{target}`", "",
             f"{_skills(report.skills)}; resolve fully today: {share(report.resolved_skills, report.skills)}; "
             f"with the proposed aliases: {share(report.resolved_with_aliases, report.skills)}.", ""]
    lines += [f"> {_md(line)}" for line in (_exposure_lines(report) if report.names else [])]
    if report.names:
        lines += ["", "| fails | skills | name | where | capability | proposed alias | resolve fully (cumulative) |",
                  "| ---: | ---: | --- | --- | --- | --- | ---: |"]
        for row in report.names:
            proposal = (f"`{_md(row.name)}` -> `{_md(row.alias_to or '')}`" if row.proposed
                        else _md(row.note) or "-")
            cumulative = (f"{100.0 * row.cumulative / report.skills:.1f}%"
                          if row.cumulative is not None and report.skills else "")
            lines.append(f"| {row.failing:,} | {row.skills:,} | `{_md(row.name)}` | {', '.join(row.where)} | "
                         f"{_md(row.capability or '-')} | {proposal} | {cumulative} |")
    return "\n".join(lines) + "\n"


def _escaped(text: str | None) -> str | None:
    return None if text is None else escape(text)


def render_json(report: CoverageReport) -> str:
    """The report as JSON, every string from the tree or a config escaped as `check --format json`
    escapes them (its paths, names and targets): printable, one line, valid UTF-8."""
    document = {
        "version": JSON_VERSION,
        "target": escape(report.target.id),
        "alias_exposure": report.exposure,
        "skills": report.skills,
        "failed_skills": report.failed,
        "resolved_skills": report.resolved_skills,
        "names": [
            {"name": escape(row.name), "skills": row.skills, "skills_failing": row.failing,
             "where": list(row.where), "capability": _escaped(row.capability),
             "alias_to": _escaped(row.alias_to), "proposed": row.proposed, "note": _escaped(row.note or None),
             "resolved_skills_cumulative": row.cumulative, "examples": [escape(path) for path in row.examples]}
            for row in report.names
        ],
        "aliases": _escaped_map(report.aliases),
        "aliases_api": _escaped_map(report.aliases_api),
        "resolved_skills_with_aliases": report.resolved_with_aliases,
        "resolved_skills_with_aliases_api": report.resolved_with_aliases_api,
        "renames": [{"tool": escape(r.tool), "name": escape(r.name), "skills_naming_tool": r.skills_naming_tool,
                     "existing": r.existing} for r in report.renames],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _escaped_map(mapping: dict[str, str]) -> dict[str, str]:
    return {escape(name): escape(tool) for name, tool in mapping.items()}


def _exact(value: object, indent: int | None = None) -> str:
    """A value as JSON holding the exact names, for a file a program reads: readable UTF-8 when it
    can be, JSON's `\\uXXXX` escapes (read back as the same characters) where UTF-8 cannot carry a
    character (a lone surrogate)."""
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, indent=indent)
    return text


def aliased_target_id(report: CoverageReport) -> str:
    return f"{report.target.id}-aliased"


def render_config(report: CoverageReport) -> str:
    """A `.skilllint.yaml` defining `<T>-aliased`: T plus the proposed aliases, with T's own alias
    mechanism (`alias_exposure` inherited): on SISU, which renames, one name per tool, the very map
    `--format sisu` prints, so `check` with this file validates what SISU would be given. Keys and values
    are JSON strings, which YAML reads as they are, so a name such as `on` or `null` stays a string."""
    ident = aliased_target_id(report)
    target = escape(report.target.id)  # in a comment: a newline there would end it
    lines = [f"# skilllint coverage --target {target} --format config: {_skills(report.skills)},",
             f"# {share(report.resolved_skills, report.skills)} resolve fully on {target}; with these "
             f"aliases ({report.exposure}, as {target} takes them), "
             f"{share(report.resolved_with_aliases, report.skills)}.",
             f"# Use: skilllint check --config THIS_FILE --target {escape(ident)}",
             f"targets: [{json.dumps(ident)}]",
             "runtimes:",
             f"  {json.dumps(ident)}:",
             f"    extends: {json.dumps(report.target.id)}"]
    if report.aliases:
        lines.append("    aliases:")
        lines += [f"      {json.dumps(name)}: {json.dumps(tool)}" for name, tool in report.aliases.items()]
    else:
        lines.append("    aliases: {}")
    return "\n".join(lines) + "\n"


def render_sisu(report: CoverageReport) -> str:
    """The object SISU's `registerTools(tools, { aliases })` takes: canonical tool -> the one name the
    model sees. A JSON object (valid TypeScript) after `//` comments saying what it costs."""
    mapping = one_name_per_tool(report)
    lines = [f"// registerTools(tools, {{ aliases }}) for {escape(report.target.id)}: each tool is offered to the "
             "model under this name instead of its own.",
             f"// From skilllint coverage over {_skills(report.skills)}: "
             f"{share(report.resolved_skills, report.skills)} resolve fully today; "
             f"{share(report.resolved_with_aliases, report.skills)} with these names."]
    for tool, name in mapping.items():
        count = report.canonical.get(tool, 0)
        if count:
            lines.append(f"// {count:,} skill{'s' if count != 1 else ''} naming `{escape(tool)}` in the instructions "
                         f"would stop resolving once it is offered as `{escape(name)}`.")
    lines.append(_exact(mapping, indent=2))
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[CoverageReport], str]] = {
    "text": render_text, "markdown": render_markdown, "json": render_json, "config": render_config,
    "sisu": render_sisu,
}
