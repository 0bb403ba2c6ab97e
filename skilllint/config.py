"""Configuration: `.skilllint.yaml` or `[tool.skilllint]` in pyproject.toml.

Found by walking up from the working directory (in each folder `.skilllint.yaml` beats
pyproject.toml; a folder holding `.git` is the last one looked at). Validated against
schemas/config.schema.json before use; every error names the key it is about.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from skilllint.registry import UnknownRuleError, expand_selector
from skilllint.resources import load_schema

CONFIG_NAMES = (".skilllint.yaml", ".skilllint.yml")


class ConfigError(ValueError):
    """A config that cannot be used; the message names the file and the key."""


@dataclass
class Config:
    path: Path | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def base_dir(self) -> Path:
        return self.path.parent if self.path else Path.cwd()


def find_config(start: Path) -> Path | None:
    """The nearest config file at or above `start`, stopping at a repository root."""
    for folder in (start, *start.parents):
        for name in CONFIG_NAMES:
            candidate = folder / name
            if candidate.is_file():
                return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_tool_section(pyproject):
            return pyproject
        if (folder / ".git").exists():
            return None
    return None


def _has_tool_section(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text(encoding="utf-8")
    except OSError:
        return False
    return "[tool.skilllint" in text


def load_config(path: Path) -> Config:
    """Read and validate one config file; raises ConfigError."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read config: {error}") from None
    if path.name == "pyproject.toml":
        try:
            data = tomllib.loads(text).get("tool", {}).get("skilllint", {})
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path}: invalid TOML: {error}") from None
    else:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise ConfigError(f"{path}: invalid YAML: {error}") from None
        if data is None:
            data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the config must be a mapping of keys to values")
    validate_config(data, path)
    return Config(path, data)


def validate_config(data: dict[str, Any], path: Path | str) -> None:
    """Schema check, then rule names: both name the offending key."""
    import jsonschema

    schema = load_schema("config.schema.json")
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        error = errors[0]
        key = ".".join(str(p) for p in error.absolute_path) or "(top level)"
        message = error.message
        if error.validator == "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
            where = f"`{key}`" if error.absolute_path else "the top level"
            message = f"unknown key {', '.join(f'`{e}`' for e in extra)} in {where}"
            raise ConfigError(f"{path}: {message}")
        raise ConfigError(f"{path}: key `{key}`: {message}")
    for key in ("select", "extend-select", "ignore"):
        for selector in data.get(key, []):
            _check_selector(selector, key, path)
    for selector in data.get("severity", {}):
        _check_selector(selector, f"severity.{selector}", path)
    for glob, selectors in data.get("per-file-ignores", {}).items():
        for selector in selectors:
            _check_selector(selector, f"per-file-ignores.{glob}", path)


def _check_selector(selector: str, key: str, path: Path | str) -> None:
    try:
        expand_selector(selector)
    except UnknownRuleError as error:
        raise ConfigError(f"{path}: key `{key}`: {error}") from None
