"""`skilllint check`: resolve settings from defaults, config and flags; lint; print; exit code."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from skilllint import __version__
from skilllint.config import Config, ConfigError, discover_config, load_config
from skilllint.engine import Result, Settings, lint_paths, stderr_progress
from skilllint.formatters import RunInfo, pick_auto, render
from skilllint.location import PORTABLE, LocationDefaults
from skilllint.model import Severity
from skilllint.registry import Rule, UnknownRuleError, all_rules, expand_selector
from skilllint.targets import DEFAULT_TARGET, Target, TargetError, build_targets, user_parent

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def load_settings_config(options: dict[str, Any], cwd: Path) -> Config:
    if options.get("isolated"):
        return Config()
    if options.get("config_path"):
        return load_config(Path(options["config_path"]))
    return discover_config(cwd) or Config()


def select_rules(config: Config, options: dict[str, Any]) -> list[Rule]:
    """Default set, narrowed by select, widened by extend-select, minus ignore (CLI wins)."""

    def expand(values: list[str], where: str) -> set[str]:
        codes: set[str] = set()
        for value in values:
            try:
                codes.update(rule.code for rule in expand_selector(value))
            except UnknownRuleError as error:
                raise click.UsageError(f"{where}: {error}") from None
        return codes

    cli_select = _csv(options.get("select"))
    select = cli_select or config.get("select")
    chosen = expand(select, "--select") if select else {r.code for r in all_rules() if r.enabled}
    chosen |= expand(config.get("extend-select", []), "extend-select")
    chosen |= expand(_csv(options.get("extend_select")), "--extend-select")
    chosen -= expand(config.get("ignore", []), "ignore")
    chosen -= expand(_csv(options.get("ignore")), "--ignore")
    return [rule for rule in all_rules() if rule.code in chosen]


def _csv(values: Any) -> list[str]:
    return [part.strip() for value in values or () for part in value.split(",") if part.strip()]


def resolve_targets(
    config: Config, options: dict[str, Any], available: dict[str, Target] | None = None
) -> list[Target]:
    """The targets named by `--target` or config `targets` (else the portable default), among
    `available` (built from the config when not given)."""
    ids = list(options.get("targets") or ()) or list(config.get("targets", [DEFAULT_TARGET]))
    if available is None:
        available = build_targets(user_runtimes(config))
    chosen = []
    for ident in dict.fromkeys(ids):
        if ident not in available:
            from rapidfuzz import process

            best = process.extractOne(ident, list(available), score_cutoff=60)
            hint = f" (did you mean `{best[0]}`?)" if best else ""
            raise click.UsageError(
                f"unknown target `{ident}`{hint}; `skilllint targets` lists them"
            )
        chosen.append(available[ident])
    return chosen


def user_runtimes(config: Config) -> dict[str, dict[str, Any]]:
    """The config's `runtimes`, with the tools of their `tools_from` manifests loaded.

    Manifest paths are relative to the config file. A manifest that cannot be read or has
    no tools is a config error: the target would silently lack the app's tools.
    """
    from skilllint.manifests import load_manifest, manifest_tools_as_runtime

    result: dict[str, dict[str, Any]] = {}
    for ident, spec in config.get("runtimes", {}).items():
        spec = {**spec, "extends": user_parent(ident, spec)}
        loaded: list[dict[str, Any]] = []
        for relative in spec.pop("tools_from", []):
            path = (config.base_dir / relative).resolve()
            if not path.is_file():
                what = "not a regular file" if path.exists() else "no such file"
                raise ConfigError(f"{config.path}: key `runtimes.{ident}.tools_from`: {what} `{relative}`")
            manifest = load_manifest(path, config.base_dir)
            if manifest.problems:
                problem = manifest.problems[0]
                raise ConfigError(
                    f"{config.path}: key `runtimes.{ident}.tools_from`: {problem.path}:{problem.span.line}:"
                    f"{problem.span.column}: {problem.message}"
                )
            loaded.extend(manifest_tools_as_runtime(manifest))
        if loaded or "tools" in spec:
            spec["tools"] = [*spec.get("tools", []), *loaded]
        result[ident] = spec
    return result


def severity_overrides(config: Config) -> dict[str, Severity | None]:
    overrides: dict[str, Severity | None] = {}
    for selector, level in config.get("severity", {}).items():
        for rule in expand_selector(selector):
            overrides[rule.code] = Severity.parse(level)
    return overrides


def build_settings(options: dict[str, Any], cwd: Path, config: Config | None = None) -> tuple[Settings, Config]:
    """Settings from the config and the flags.

    A config that loaded can still fail here (an alias to a tool its runtime lacks, a
    manifest that breaks the loader): that is a ConfigError naming the file, with the
    exception type when nobody foresaw it, never a bare internal error.
    """
    if config is None:
        config = load_settings_config(options, cwd)
    try:
        return _settings(config, options, cwd), config
    except (ConfigError, click.ClickException):
        raise
    except Exception as error:  # noqa: BLE001 - wrapped, not hidden: the type and message are kept
        if config.path is None:
            raise
        what = "" if isinstance(error, TargetError) else f"cannot use config: {type(error).__name__}: "
        raise ConfigError(f"{config.path}: {what}{error}") from error


def _settings(config: Config, options: dict[str, Any], cwd: Path) -> Settings:
    rules = select_rules(config, options)
    available = build_targets(user_runtimes(config))  # once: user runtimes may load `tools_from` manifests
    targets = resolve_targets(config, options, available)
    auto = not options.get("targets") and "targets" not in config.data
    per_file = [(glob, tuple(_codes(sel))) for glob, sel in config.get("per-file-ignores", {}).items()]
    return Settings(
        targets=targets,
        rules=rules,
        severity=severity_overrides(config),
        per_file_ignores=per_file,
        exclude=tuple(config.get("exclude", [])),
        manifest_globs=tuple(config.get("manifests", [])),
        target_manifests={
            ident: [(config.base_dir / rel).resolve() for rel in spec.get("tools_from", [])]
            for ident, spec in config.get("runtimes", {}).items()
            if ident in {t.id for t in targets}
        },
        max_bytes=int(config.get("max-file-size", 1024 * 1024)),
        options={k: config.get(k) for k in ("max-body-lines", "max-body-tokens") if config.get(k)},
        jobs=options.get("jobs") or os.cpu_count() or 1,
        force_exclude=bool(options.get("force_exclude")),
        cwd=cwd,
        location_defaults=LocationDefaults(available.values()) if auto else None,
    )


def _codes(selectors: list[str]) -> list[str]:
    return [rule.code for selector in selectors for rule in expand_selector(selector)]


class SourceLines:
    """Source lines for the `full` format, each file read once and only when shown."""

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.cache: dict[str, list[str] | None] = {}

    def __call__(self, path: str, line: int) -> str | None:
        if path not in self.cache:
            self.cache[path] = self._read(path)
        lines = self.cache[path]
        if lines is None or not 0 < line <= len(lines):
            return None
        return lines[line - 1]

    def _read(self, path: str) -> list[str] | None:
        full = self.cwd / path
        try:
            if not full.is_file() or full.stat().st_size > 4 * 1024 * 1024:
                return None
            data = full.read_bytes()
        except OSError:
            return None
        if b"\0" in data:
            return None
        return data.decode("utf-8", errors="replace").lstrip("\ufeff").replace("\r\n", "\n").split("\n")


def use_color(options: dict[str, Any]) -> bool:
    """`--color`/`--no-color`, else FORCE_COLOR, else NO_COLOR, else whether stdout is a terminal.

    Each variable counts when set and not empty, whatever its value (https://force-color.org,
    https://no-color.org). When both are set FORCE_COLOR wins, as in force-color.org's example
    implementation (NO_COLOR turns colour off, then FORCE_COLOR turns it back on): FORCE_COLOR
    is usually set for one job whose log renders colour, NO_COLOR once for everything in a
    profile. The flags beat both: no-color.org asks that command-line arguments override it.
    """
    if options.get("color") is not None:
        return bool(options["color"])
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def run_check(paths: list[str], options: dict[str, Any]) -> int:
    cwd = Path.cwd()
    show_progress = sys.stderr.isatty() and not options.get("no_progress") and not options.get("quiet")
    settings, config, result = lint_by_config(paths, options, cwd, stderr_progress if show_progress else None)
    fmt = options.get("fmt") or "auto"
    if fmt == "auto":
        fmt = pick_auto(sys.stdout.isatty())
    run = RunInfo(
        version=__version__,
        skills=result.skills,
        color=use_color(options),
        source_line=SourceLines(cwd),
        rules={rule.code: rule for rule in settings.rules},
    )
    diagnostics = result.diagnostics
    if options.get("statistics"):
        from skilllint.formatters.statistics import render_statistics, render_statistics_json

        sys.stdout.write((render_statistics_json if fmt == "json" else render_statistics)(diagnostics, run))
    else:
        sys.stdout.write(render(fmt, diagnostics, run))
        if fmt in ("full", "concise") and not options.get("quiet"):
            sys.stdout.write(summary(diagnostics, result.skills, result.manifests) + "\n")
            sys.stdout.write(targets_summary(result.target_use))
    if not result.skills and not result.manifests and not options.get("quiet"):
        click.echo(nothing_found_warning(paths), err=True)
    fail_on = Severity.parse(options.get("fail_on") or config.get("fail-on", "error"))
    assert fail_on is not None
    failing = any(d.severity.rank >= fail_on.rank for d in diagnostics)
    if result.faults:
        files = "file" if result.faults == 1 else "files"
        click.echo(f"skilllint: internal error on {result.faults:,} {files} (SL000): their findings may be "
                   "incomplete; rerun with --debug and report it", err=True)
        return EXIT_ERROR
    return EXIT_FINDINGS if failing else EXIT_CLEAN


def lint_by_config(
    paths: list[str], options: dict[str, Any], cwd: Path, progress: Any = None
) -> tuple[Settings, Config, Result]:
    """Lint each path with the config nearest to it (ruff's model: a config in `sub/` governs
    `skilllint check sub/x`, whatever the working folder), unless `--config` or `--isolated`
    names one for all. Paths sharing a config are linted together; the results are merged.
    The settings and config returned are the first group's (for `fail-on` and rule tables)."""
    groups: dict[Path | None, tuple[Config | None, list[str]]] = {}
    if options.get("isolated") or options.get("config_path"):
        groups[None] = (None, paths)
    else:
        for raw in paths:
            found = _nearest_config(cwd / raw, groups)
            groups.setdefault(found.path, (found, []))[1].append(raw)
    runs = []
    for config, members in groups.values():
        settings, config = build_settings(options, cwd, config)
        settings.debug = bool(options.get("debug"))
        settings.inject_fault = _fault_spec(options.get("inject_fault"))
        runs.append((settings, config, lint_paths(members, settings, progress)))
    settings, config, result = runs[0]
    for _, _, other in runs[1:]:
        result = _combine(result, other)
    return settings, config, result


def _nearest_config(path: Path, loaded: dict[Path | None, tuple[Config | None, list[str]]]) -> Config:
    """The config nearest above `path` (read once: a pyproject.toml is parsed to decide and
    to load); a config file that an earlier path already loaded is reused."""
    start = path if path.is_dir() else path.parent
    try:
        config = discover_config(start.resolve()) or Config()
    except OSError:
        config = Config()
    earlier = loaded.get(config.path)
    return earlier[0] if earlier is not None and earlier[0] is not None else config


def _combine(one: Result, other: Result) -> Result:
    use = dict(one.target_use)
    for key, count in other.target_use.items():
        use[key] = use.get(key, 0) + count
    diagnostics = sorted([*one.diagnostics, *other.diagnostics], key=lambda d: d.sort_key)
    return Result(diagnostics, one.skills + other.skills, one.manifests + other.manifests, use,
                  one.faults + other.faults)


def _fault_spec(value: str | None) -> tuple[str, str] | None:
    """`--inject-fault KIND:GLOB` (hidden, for tests): which failure to simulate, where."""
    if not value:
        return None
    kind, _, glob = value.partition(":")
    if kind not in ("raise", "crash", "hang") or not glob:
        raise click.UsageError("--inject-fault takes KIND:GLOB with KIND raise, crash or hang")
    return kind, glob


def targets_summary(use: dict[tuple[str, str], int]) -> str:
    """Which target each skill was checked against when none was chosen, and why:
    `claude-code: 12 skills, from .claude/skills`. Empty when targets were chosen."""
    if not use or set(use) == {(DEFAULT_TARGET, PORTABLE.reason)}:
        return ""  # everything on the portable default: nothing to explain
    lines = [f"  {target}: {count:,} skill{'s' if count != 1 else ''}, {why}"
             for (target, why), count in sorted(use.items(), key=lambda item: (-item[1], item[0]))]
    return "Targets chosen by location (--target overrides):\n" + "\n".join(lines) + "\n"


def nothing_found_warning(paths: list[str]) -> str:
    """Said on stderr when the paths hold no skill and no manifest: a mistyped path in CI
    must not pass as "All clean". The exit code stays 0, as ruff's does for a folder without
    Python files, so a pre-commit hook on a repository without skills does not fail."""
    from skilllint.textsafe import escape

    where = ", ".join(f"`{escape(path)}`" for path in paths)
    return f"skilllint: warning: no SKILL.md or tool manifest found under {where}"


def summary(diagnostics: list, skills: int, manifests: int = 0) -> str:
    """The closing line of `full` and `concise`: what was checked and what was found."""
    if not diagnostics and not skills and not manifests:
        return "Nothing to check: no SKILL.md or tool manifest found."
    counts = {s: 0 for s in Severity}
    for d in diagnostics:
        counts[d.severity] += 1
    checked = _checked(skills, manifests)
    if not diagnostics:
        return f"All clean: {checked}."
    parts = [f"{counts[s]:,} {s.value}{'s' if counts[s] != 1 else ''}" for s in Severity if counts[s]]
    files = len({d.path for d in diagnostics})
    return f"Found {', '.join(parts)} in {files:,} file{'s' if files != 1 else ''} ({checked})."


def _checked(skills: int, manifests: int) -> str:
    """`3 skills checked`, `1 skill and 2 manifests checked`, `1 manifest checked`."""
    parts = [_count(skills, "skill")] if skills or not manifests else []
    if manifests:
        parts.append(_count(manifests, "manifest"))
    return " and ".join(parts) + " checked"


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'s' if number != 1 else ''}"
