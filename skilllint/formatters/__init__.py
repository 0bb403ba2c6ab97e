"""Output formats. Each is a pure function `render(diagnostics, run) -> str`.

`auto` (the default) picks `github` under GitHub Actions, `full` on a terminal and
`concise` in pipes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from skilllint.model import Diagnostic


@dataclass
class RunInfo:
    """What formatters may know about the run besides the diagnostics."""

    version: str
    skills: int = 0
    color: bool = False
    source_line: Callable[[str, int], str | None] = lambda _path, _line: None
    rules: dict = field(default_factory=dict)  # code -> Rule, for SARIF's rule table


def _render(name: str) -> Callable[[list[Diagnostic], RunInfo], str]:
    from importlib import import_module

    return import_module(f"skilllint.formatters.{name}").render


FORMATS = ("full", "concise", "json", "sarif", "github")


def pick_auto(stdout_is_tty: bool) -> str:
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    return "full" if stdout_is_tty else "concise"


def render(fmt: str, diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return _render(fmt)(diagnostics, run)
