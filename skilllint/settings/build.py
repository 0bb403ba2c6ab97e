"""CLI options and config files in, the engine's `Settings` out.

The CLI parses arguments and prints; everything between (which config governs which path,
which rules are on, the targets and the runtimes a config defines, the rules' options,
severity overrides) is decided here, once per config. Mistakes in what the user asked for
are `SettingsError`s (exit 2 with the message); a config that cannot be used is a
`ConfigError` naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from skilllint.checks.registry import UnknownRuleError, all_rules, expand_selector
from skilllint.checks.rule import AnyRule, OptionError, Policy
from skilllint.core.model import Severity
from skilllint.core.suggest import closest
from skilllint.engine.cache.location import cache_root
from skilllint.engine.linter import Linter, lint_paths
from skilllint.engine.location import LocationDefaults
from skilllint.engine.runsettings import Result, Settings
from skilllint.reading.fsview import PlainFs, RunInputs
from skilllint.reading.manifests import Manifest
from skilllint.runtimes.targets import DEFAULT_TARGET, Target, TargetError, build_targets, user_parent
from skilllint.settings.config import Config, ConfigError, discover_config, load_config


class SettingsError(ValueError):
    """A flag or config value that names nothing (an unknown rule or target, a bad spec)."""


def load_settings_config(options: Mapping[str, Any], cwd: Path, inputs: RunInputs | None = None) -> Config:
    if options.get("isolated"):
        return Config()
    if options.get("config_path"):
        return load_config(Path(options["config_path"]), inputs)
    return discover_config(cwd, inputs) or Config()


def select_rules(config: Config, options: Mapping[str, Any]) -> list[AnyRule]:
    """Default set, narrowed by select, widened by extend-select, minus ignore (CLI wins)."""

    def expand(values: list[str], where: str) -> set[str]:
        codes: set[str] = set()
        for value in values:
            try:
                codes.update(rule.code for rule in expand_selector(value))
            except UnknownRuleError as error:
                raise SettingsError(f"{where}: {error}") from None
        return codes

    cli_select = _csv(options.get("select"))
    select = cli_select or config.get("select")
    if select:  # the rules whose finding says a file went unchecked stay, or the file would pass as clean
        chosen = expand(select, "--select") | {rule.code for rule in all_rules() if rule.unchecked}
    else:
        chosen = {rule.code for rule in all_rules() if rule.enabled}
    chosen |= expand(config.get("extend-select", []), "extend-select")
    chosen |= expand(_csv(options.get("extend_select")), "--extend-select")
    chosen -= expand(config.get("ignore", []), "ignore")
    chosen -= expand(_csv(options.get("ignore")), "--ignore")
    return [rule for rule in all_rules() if rule.code in chosen]


def _csv(values: Any) -> list[str]:
    return [part.strip() for value in values or () for part in value.split(",") if part.strip()]


def resolve_targets(
    config: Config, options: Mapping[str, Any], available: dict[str, Target] | None = None
) -> list[Target]:
    """The targets named by `--target` or config `targets` (else the portable default), among
    `available` (built from the config when not given)."""
    from_config = not options.get("targets") and "targets" in config.data
    ids = list(options.get("targets") or ()) or list(config.get("targets", [DEFAULT_TARGET]))
    if available is None:
        available = build_targets(user_runtimes(config))
    chosen = []
    for ident in dict.fromkeys(ids):
        if ident not in available:
            best = closest(ident, list(available), cutoff=60)
            hint = f" (did you mean `{best}`?)" if best else ""
            message = f"unknown target `{ident}`{hint}; `skilllint targets` lists them"
            if from_config and config.path is not None:  # the config's value: say which file and where
                raise ConfigError(f"{config.where('targets', ids.index(ident))} key `targets`: {message}")
            raise SettingsError(message)
        chosen.append(available[ident])
    return chosen


def user_runtimes(config: Config, cwd: Path | None = None) -> dict[str, dict[str, Any]]:
    """The config's `runtimes`, with the tools of their `tools_from` manifests loaded."""
    return _user_runtimes(config, cwd or config.base_dir)[0]


def _user_runtimes(config: Config, cwd: Path, inputs: RunInputs | None = None
                   ) -> tuple[dict[str, dict[str, Any]], dict[str, list[Manifest]]]:
    """The config's `runtimes`, with the tools of their `tools_from` manifests loaded, and
    those manifests (read once: the project rules check them too, paths relative to `cwd`).

    Manifest paths are relative to the config file. A manifest that cannot be read or has
    no tools is a config error: the target would silently lack the app's tools.
    """
    from skilllint.reading.document import DEFAULT_MAX_BYTES, relative_posix
    from skilllint.reading.manifests import load_manifest, manifest_tools_as_runtime

    fs = PlainFs() if inputs is None else inputs
    result: dict[str, dict[str, Any]] = {}
    manifests: dict[str, list[Manifest]] = {}
    for ident, spec in config.get("runtimes", {}).items():
        spec = {**spec, "extends": user_parent(ident, spec)}
        loaded: list[dict[str, Any]] = []
        for relative in spec.pop("tools_from", []):
            fs.realpath(os.fspath(config.base_dir / relative))  # recorded: what resolve() answers (but a loop)
            path = (config.base_dir / relative).resolve()
            if not fs.isfile(os.fspath(path)):
                what = "not a regular file" if path.exists() else "no such file"
                raise ConfigError(f"{config.path}: key `runtimes.{ident}.tools_from`: {what} `{relative}`")
            manifest = load_manifest(path, cwd, int(config.get("max-file-size", DEFAULT_MAX_BYTES)), inputs)
            if manifest.problems:
                problem = manifest.problems[0]
                raise ConfigError(
                    f"{config.path}: key `runtimes.{ident}.tools_from`: {relative_posix(path, config.base_dir)}:"
                    f"{problem.span.line}:{problem.span.column}: {problem.detail}"
                )
            loaded.extend(manifest_tools_as_runtime(manifest))
            manifests.setdefault(ident, []).append(manifest)
        if loaded or "tools" in spec:
            spec["tools"] = [*spec.get("tools", []), *loaded]
        result[ident] = spec
    return result, manifests


def severity_overrides(config: Config) -> dict[str, Severity | None]:
    overrides: dict[str, Severity | None] = {}
    for selector, level in config.get("severity", {}).items():
        for rule in expand_selector(selector):
            overrides[rule.code] = Severity.parse(level)
    return overrides


def build_settings(options: Mapping[str, Any], cwd: Path, config: Config | None = None,
                   inputs: RunInputs | None = None) -> tuple[Settings, Config]:
    """Settings from the config and the flags.

    A config that loaded can still fail here (an alias to a tool its runtime lacks, a
    manifest that breaks the loader): that is a ConfigError naming the file, with the
    exception type when nobody foresaw it, never a bare internal error.
    """
    if config is None:
        config = load_settings_config(options, cwd, inputs)
    try:
        return _settings(config, options, cwd, inputs), config
    except (ConfigError, SettingsError):
        raise
    except Exception as error:  # noqa: BLE001 - wrapped, not hidden: the type and message are kept
        if config.path is None:
            raise
        what = "" if isinstance(error, TargetError) else f"cannot use config: {type(error).__name__}: "
        raise ConfigError(f"{config.path}: {what}{error}") from error


def _settings(config: Config, options: Mapping[str, Any], cwd: Path, inputs: RunInputs | None) -> Settings:
    rules = select_rules(config, options)
    runtimes, manifests = _user_runtimes(config, cwd, inputs)  # once: user runtimes may load `tools_from` manifests
    available = build_targets(runtimes)
    targets = resolve_targets(config, options, available)
    auto = not options.get("targets") and "targets" not in config.data
    per_file = [(glob, tuple(_codes(sel))) for glob, sel in config.get("per-file-ignores", {}).items()]
    cache_dir = cache_root(no_cache=bool(options.get("no_cache")), cli_dir=options.get("cache_dir"),
                           config_dir=config.get("cache-dir"), config_base=config.base_dir, cwd=cwd)
    location = LocationDefaults(available.values(), inputs) if auto else None
    return Settings(
        targets=targets,
        rules=rules,
        severity=severity_overrides(config),
        per_file_ignores=per_file,
        exclude=tuple(config.get("exclude", [])),
        manifest_globs=tuple(config.get("manifests", [])),
        target_manifests={ident: loaded for ident, loaded in manifests.items() if ident in {t.id for t in targets}},
        max_bytes=int(config.get("max-file-size", 1024 * 1024)),
        options=rule_options(config),
        jobs=options.get("jobs") or os.cpu_count() or 1,
        force_exclude=bool(options.get("force_exclude")),
        cwd=cwd,
        location_defaults=location,
        cache_dir=cache_dir,
        config_digest=config_digest(config.path, config.data) if cache_dir is not None else "",
        inputs=inputs if cache_dir is not None else None,
        policies=_policies(config, available.values()),
        groups={name: tuple(members) for name, members in config.get("groups", {}).items()},
    )


def _policies(config: Config, targets: Iterable[Target]) -> tuple[Policy, ...]:
    """The config's `policies`, each group they name checked: a typo in `group:wbe` would
    otherwise deny (or allow) nothing, silently."""
    from skilllint.checks._policies import GROUP, known_group

    capabilities = frozenset(tool.capability for target in targets for tool in target.tools or ())
    own = config.get("groups", {})
    found = []
    for name, spec in config.get("policies", {}).items():
        for entry in [*spec.get("allow", ()), *spec.get("deny", ())]:
            if entry.startswith(GROUP) and not known_group(entry[len(GROUP):], capabilities, own):
                raise ConfigError(f"{config.path}: policy `{name}`: unknown group `{entry}` (built in: group:shell, "
                                  "group:read, group:write, group:web, group:mcp and each capability; or define it "
                                  "under `groups:`)")
        allow = spec.get("allow")
        found.append(Policy(name, tuple(spec["paths"]), tuple(allow) if allow is not None else None,
                            tuple(spec.get("deny", ()))))
    return tuple(found)


def config_digest(path: Path | None, data: Mapping[str, Any]) -> str:
    """The config's content, for the result cache's key (hashed only when there is a cache)."""
    from skilllint.engine.cache.key import config_digest as digest

    return digest(path, data)


def _codes(selectors: list[str]) -> list[str]:
    return [rule.code for selector in selectors for rule in expand_selector(selector)]


def lint_by_config(
    paths: list[str], options: Mapping[str, Any], cwd: Path, progress: Callable[[int, int], None] | None = None,
    inputs: RunInputs | None = None, overlay: Mapping[str, bytes] | None = None,
    later: list[Linter] | None = None,
) -> tuple[Settings, Config, Result]:
    """Lint each path with the config nearest to it (ruff's model: a config in `sub/` governs
    `skilllint check sub/x`, whatever the working folder), unless `--config` or `--isolated`
    names one for all. Paths sharing a config are linted together; the results are merged.
    The settings and config returned are the first group's (for `fail-on` and rule tables).
    With `inputs`, every layer records there what it asked the file system (for a run record).
    With `overlay`, those files are read from it instead of the disk (`check --fix` and `--diff`).
    `later`: where each group leaves its linter, to end its cache work later (`lint_paths`)."""
    groups = settings_by_config(paths, options, cwd, inputs)
    for settings, _, _ in groups:
        settings.overlay = overlay or {}
    runs = [(settings, config, lint_paths(members, settings, progress, later)) for settings, config, members in groups]
    settings, config, result = runs[0]
    for _, _, other in runs[1:]:
        result = _combine(result, other)
    return settings, config, result


def settings_by_config(paths: list[str], options: Mapping[str, Any], cwd: Path, inputs: RunInputs | None = None
                       ) -> list[tuple[Settings, Config, list[str]]]:
    """The paths grouped by the config that governs them (see `lint_by_config`), each group with
    its settings: what `check` runs, and what the commands that must agree with it (`coverage`,
    `matrix`) run too."""
    groups: dict[Path | None, tuple[Config | None, list[str]]] = {}
    if options.get("isolated") or options.get("config_path"):
        groups[None] = (None, paths)
    else:
        for raw in paths:
            found = _nearest_config(cwd / raw, groups, PlainFs() if inputs is None else inputs)
            groups.setdefault(found.path, (found, []))[1].append(raw)
    found_settings = []
    for config, members in groups.values():
        settings, config = build_settings(options, cwd, config, inputs)
        settings.debug = bool(options.get("debug"))
        settings.inject_fault = _fault_spec(options.get("inject_fault"))
        if inputs is not None:
            inputs.cache_dirs.add(None if settings.cache_dir is None else os.fspath(settings.cache_dir))
            if settings.inject_fault is not None:
                inputs.give_up("--inject-fault")
        found_settings.append((settings, config, members))
    return found_settings


def _nearest_config(path: Path, loaded: dict[Path | None, tuple[Config | None, list[str]]], fs: RunInputs
                    ) -> Config:
    """The config nearest above `path` (read once: a pyproject.toml is parsed to decide and
    to load); a config file that an earlier path already loaded is reused."""
    start = path if fs.isdir(os.fspath(path)) else path.parent
    try:
        fs.realpath(os.fspath(start))  # recorded: what resolve() answers (but a loop)
        config = discover_config(start.resolve(), fs) or Config()
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
        raise SettingsError("--inject-fault takes KIND:GLOB with KIND raise, crash or hang")
    return kind, glob




def rule_options(config: Config) -> dict[str, object]:
    """The options the rules declare, as the config sets them (top-level keys named as the
    option), validated by the rule's own declaration."""
    found: dict[str, object] = {}
    for rule in all_rules():
        for option in rule.options:
            value = config.get(option.name)
            if value is None:
                continue
            try:
                found[option.name] = option.validate(value)
            except OptionError as error:
                raise ConfigError(f"{config.path}: key `{option.name}` ({rule.code}): {error}") from None
    return found
