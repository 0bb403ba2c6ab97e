"""Output formats. Each is a pure function `render(diagnostics, run) -> str`; a format that can
be long (JSON) also has `render_chunks(diagnostics, run)`, the same text in pieces, so that a
report of 100,000 findings is written as it is rendered rather than held as one string.

`auto` (the default) picks `github` under GitHub Actions, `full` on a terminal and
`concise` in pipes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from skilllint.core.model import Diagnostic
from skilllint.core.records import Record

if TYPE_CHECKING:
    from skilllint.checks.rule import AnyRule


class RunInfo(Record):
    """What formatters may know about the run besides the diagnostics."""

    __slots__ = ("version", "skills", "color", "source_line", "rules")
    version: str
    skills: int
    color: bool
    source_line: Callable[[str, int], str | None]
    rules: dict[str, AnyRule]  # code -> Rule, for SARIF's rule table

    def __init__(self, version: str, skills: int = 0, color: bool = False,
                 source_line: Callable[[str, int], str | None] = lambda _path, _line: None,
                 rules: dict[str, AnyRule] | None = None) -> None:
        self.version = version
        self.skills = skills
        self.color = color
        self.source_line = source_line
        self.rules = {} if rules is None else rules


Renderer = Callable[[list[Diagnostic], RunInfo], str]
"""A format's `render` function."""


def _render(name: str) -> Renderer:
    from importlib import import_module

    render: Renderer = import_module(f"skilllint.output.formatters.{name}").render
    return render


FORMATS = ("full", "concise", "json", "sarif", "github")


def pick_auto(stdout_is_tty: bool) -> str:
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    return "full" if stdout_is_tty else "concise"


def render(fmt: str, diagnostics: list[Diagnostic], run: RunInfo) -> str:
    return _render(fmt)(diagnostics, run)


def render_pieces(fmt: str, diagnostics: list[Diagnostic], run: RunInfo) -> Iterable[str]:
    """`render`'s text, in pieces when the format can render it so (lazily: as they are written)."""
    from importlib import import_module

    module = import_module(f"skilllint.output.formatters.{fmt}")
    chunks: Callable[[list[Diagnostic], RunInfo], Iterable[str]] | None = getattr(module, "render_chunks", None)
    return chunks(diagnostics, run) if chunks is not None else (module.render(diagnostics, run),)
