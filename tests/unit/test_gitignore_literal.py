"""The common `.gitignore` lines are matched without pathspec (start-up): the answers must be
pathspec's, line by line and for whole files of such lines (the last matching line wins)."""

from __future__ import annotations

import random

import pytest
from pathspec import GitIgnoreSpec

from skilllint.reading.discover import _LiteralSpec, _spec

LITERAL_LINES = [
    "build", ".venv", "__pycache__", "node_modules", "*.pyc", "*.egg-info", "*.log", "*.md", "SKILL.md",
    "/dist", "/build", "bench/out", "/a/b", "docs/build", "!keep.log", "!/dist", "!build", "x-y_z.1",
    "*.tar.gz", ".env", "!*.md",
]
OTHER_LINES = ["*", "**/tmp", "a*b", "[ab]c", "?x", "dir/*.md", "foo ", "a\\#b", ".", "..", "/", "x/**"]
PARTS = ["build", "dist", "a", "b", "out", "bench", "docs", ".venv", "keep.log", "x.log", "SKILL.md", "r.md",
         "pkg.egg-info", "__pycache__", "m.pyc", ".pyc", "x-y_z.1", "t.tar.gz", ".env", "node_modules", "c"]


def _paths(count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["/".join(rnd.choice(PARTS) for _ in range(rnd.randint(1, 4))) for _ in range(count)]


def _pathspec_answer(lines: list[str], path: str) -> tuple[bool | None, int | None]:
    result = GitIgnoreSpec.from_lines(lines).check_file(path)
    return (result.include, result.index) if result.include is not None else (None, None)


@pytest.mark.parametrize("line", LITERAL_LINES)
def test_each_literal_line_matches_as_pathspec_does(line: str) -> None:
    spec = _LiteralSpec.parse([line])
    assert spec is not None, line
    for path in _paths(400, hash(line) % 1000):
        answer = spec.check_file(path)
        assert (answer.include, answer.index) == _pathspec_answer([line], path), (line, path)


def test_files_of_literal_lines_decide_by_the_last_match() -> None:
    rnd = random.Random(7)
    for _ in range(200):
        lines = rnd.sample(LITERAL_LINES, rnd.randint(2, 6))
        spec = _LiteralSpec.parse(lines)
        assert spec is not None
        for path in _paths(50, rnd.randint(0, 10_000)):
            answer = spec.check_file(path)
            assert (answer.include, answer.index) == _pathspec_answer(lines, path), (lines, path)


@pytest.mark.parametrize("line", OTHER_LINES)
def test_any_other_line_goes_to_pathspec(line: str) -> None:
    assert _LiteralSpec.parse([line]) is None
    assert _LiteralSpec.parse(["build", line]) is None
    spec, _ = _spec([(0, "build"), (1, line)])
    assert not isinstance(spec, _LiteralSpec)


def test_literal_lines_alone_use_no_pathspec() -> None:
    spec, indexes = _spec(list(enumerate(["build", "*.pyc", "/dist"], start=3)))
    assert isinstance(spec, _LiteralSpec) and indexes == [3, 4, 5]
