"""Nothing is quadratic: hostile but legal SKILL.md shapes lint in time linear in their size.

Each shape is linted at two sizes, `n` and `FACTOR * n`, through the real CLI in-process (a few costs are
timed alone, below). Linear work takes about FACTOR times as long, quadratic work FACTOR squared: the tests
assert the ratio, below twice the factor, never an absolute time, so a slow machine does not make them fail.
Times are CPU time of this process (`time.process_time`), not wall time, so other test workers on a
loaded machine do not fail a linear shape. The smaller size is timed as the best of RUNS runs; the larger
one is run again (up to RETRIES times) only while it fails, so a busy machine does not
either. Sizes keep the larger run well under a second when linear; every shape here took seconds to
hours at 1 MiB before it was fixed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from skilllint.checks._files import actual_spelling
from skilllint.reading.document import Document, load_document
from skilllint.reading.markdown import _Locator, scan
from skilllint.runtimes.toollist import tool_entries
from tests.conftest import run_cli

FACTOR = 4
RUNS = 3
RETRIES = 5
QUICK = 0.02  # seconds: a larger run faster than this cannot hide quadratic work at these sizes

_FM = "---\nname: s\ndescription: A skill.\n---\n"


def _fields(extra: str) -> str:
    """A SKILL.md whose frontmatter ends with `extra` (YAML lines, each ending in a newline)."""
    return f"---\nname: s\ndescription: A skill.\n{extra}---\nbody\n"


@dataclass(frozen=True)
class Shape:
    make: Callable[[int], str]  # the SKILL.md of size n
    n: int
    factor: int = FACTOR  # the larger size is factor * n


SHAPES: dict[str, Shape] = {
    # SL320/SL321: each span's line was searched again for other runtimes and example words
    "tool names on one line": Shape(lambda n: _FM + "Use " + "`read_file` " * n, 1000),
    # SL300/SL304: each skill path's line was cut and searched again
    "skill paths on one line": Shape(lambda n: _FM + "`references/x.md` " * n, 600),
    # a span's context tested every newline within reach again
    "one span per line": Shape(lambda n: _FM + "`x`\n" * n, 5000),
    "spans over two lines": Shape(lambda n: _FM + "a `b\n" * n, 4000),
    # the fence closer search retried inside a long run of backticks
    "long backtick run in a fence": Shape(lambda n: _FM + "```\n" + "`" * n + "x\n", 5000),
    # a link destination: three optional runs of blanks split every way
    "link opener and blanks": Shape(lambda n: _FM + "[a](" + " " * n + "<", 3000),
    # a definition label `[^...]*[^\s...][^...]*` tried at every split
    "long definition label": Shape(lambda n: _FM + "x\n\n[" + "a " * n + "\n[b]: c\n", 3000),
    # allowed-tools: each entry counted the newlines before it and copied the value (long entries, long value)
    "allowed-tools, space-separated": Shape(
        lambda n: _fields("allowed-tools: " + ("Read" + "x" * 100 + " ") * n + "\n"), 1000),
    # ... and each entry written with escapes searched the rest of the value in vain (repeated, and 1 in 10 distinct)
    "allowed-tools, escaped entries": Shape(
        lambda n: _fields('allowed-tools: "' + " ".join(f"\\x6dcp__s__t{i}" if i % 10 == 0 else "\\x52ead"
                                                         for i in range(n)) + '"\n'), 3000),
    # an MCP pattern tried every split of a long name that holds a space
    "allowed-tools, long name with a space": Shape(
        lambda n: _fields("allowed-tools: a" + "_" * n + " x, Read\n"), 2000),
    # each list item and each key walked the frontmatter's keys
    "allowed-tools list before many keys": Shape(
        lambda n: _fields("allowed-tools:\n" + "  - Read\n" * n + "".join(f"k{i}: v\n" for i in range(n))), 800),
    "metadata of numbers": Shape(lambda n: _fields("metadata:\n" + "".join(f"  k{i}: 1\n" for i in range(n))), 800),
    # SL607: each key-shaped match was compared with every one found before it on its line
    "key-shaped tokens on one line": Shape(lambda n: _FM + ("ghp_" + "a" * 36 + " ") * n, 5000),
    "flow lists": Shape(lambda n: _fields("allowed-tools: Read\n" + "".join(f"k{i}: [a]\n" for i in range(n))), 800),
}


def _write(root: Path, text: str) -> Path:
    skill = root / "s"
    (skill / "references").mkdir(parents=True)
    (skill / "references" / "x.md").write_text("x\n", encoding="utf-8")
    (skill / "SKILL.md").write_text(text, encoding="utf-8")
    return root


def _lint_time(root: Path) -> float:
    """One lint of the tree, without the result cache: with it, every run after the first of a size was a
    cache hit, and a ratio of hits passed whatever the lint cost."""
    start = time.process_time()
    code, _, err = run_cli(["check", ".", "--isolated", "--no-cache", "--jobs", "1", "--format", "concise",
                            "-t", "claude-code"],
                           root)
    elapsed = time.process_time() - start
    assert code in (0, 1), err
    return elapsed


def _ratio_ok(measure_small: Callable[[], float], measure_large: Callable[[], float],
              factor: int = FACTOR) -> tuple[bool, float, float]:
    """(passes, small, large): the best times; the larger size is run again only while it fails."""
    small = min(measure_small() for _ in range(RUNS))
    large = float("inf")
    for _ in range(RETRIES):
        large = min(large, measure_large())
        if large < QUICK or large < 2 * factor * small:
            return True, small, large
    return False, small, large


@pytest.mark.parametrize("name", list(SHAPES))
def test_lint_time_is_linear(name: str, tmp_path: Path) -> None:
    shape = SHAPES[name]
    _lint_time(_write(tmp_path / "warm", _FM))  # imports and caches, outside the measures
    small_root = _write(tmp_path / "small", shape.make(shape.n))
    large_root = _write(tmp_path / "large", shape.make(shape.factor * shape.n))
    passes, small, large = _ratio_ok(lambda: _lint_time(small_root), lambda: _lint_time(large_root), shape.factor)
    assert passes, (f"{name}: {small:.3f}s at n={shape.n}, {large:.3f}s at {shape.factor}n: "
                    "grows faster than linearly")


def _timer(function: Callable[[], object], setup: Callable[[], object] | None = None) -> Callable[[], float]:
    """A measure of `function` (after `setup`, not measured)."""
    def run() -> float:
        if setup is not None:
            setup()
        start = time.process_time()
        function()
        return time.process_time() - start
    return run


# Two quadratic costs were C-level (memrchr, memcpy): small until a file nears 1 MiB (then seconds), so that
# through the whole pipeline the linear work around them hides them. They are timed alone.

def test_locator_is_linear() -> None:
    """Columns of many comments, links or autolinks on one long line: the line start was found again for each."""
    def measure(length: int) -> Callable[[], float]:
        def locate_all() -> None:
            locate = _Locator("x" * length, 1)
            for offset in range(0, length, 10):
                locate(offset)
        return _timer(locate_all)

    passes, small, large = _ratio_ok(measure(200_000), measure(FACTOR * 200_000))
    assert passes, f"{small:.4f}s, then {large:.4f}s"


def test_empty_tool_entries_are_linear(tmp_path: Path) -> None:
    """`allowed-tools: Read,,,,...`: each empty entry's position copied the rest of the line."""
    def measure(n: int) -> Callable[[], float]:
        folder = _write(tmp_path / str(n), _fields("allowed-tools: Read" + "," * n + "x" * (100 * n) + "\n")) / "s"
        loaded: list[Document] = []
        return _timer(lambda: tool_entries(loaded[-1], "allowed-tools"),
                      lambda: loaded.append(load_document(folder / "SKILL.md", tmp_path)))

    passes, small, large = _ratio_ok(measure(1250), measure(8 * 1250), 8)
    assert passes, f"{small:.4f}s, then {large:.4f}s"


def test_heading_scan_is_linear() -> None:
    """The closing-hash pattern of headings (the linter does not ask for headings, `scan` does by default)."""
    def measure(n: int) -> Callable[[], float]:
        body = "# a" + " " * n + "#x#\n"
        return _timer(lambda: scan(body))

    passes, small, large = _ratio_ok(measure(3000), measure(FACTOR * 3000))
    assert passes, f"{small:.4f}s, then {large:.4f}s"


def _git_tree(root: Path, gitignore: str, folder: str) -> Path:
    """A git work tree whose `.gitignore` holds `gitignore`, with one skill below `folder`."""
    (root / ".git").mkdir(parents=True)
    (root / ".gitignore").write_text(gitignore, encoding="utf-8")
    _write(root / folder, _FM)
    return root


def test_gitignore_stars_are_linear(tmp_path: Path) -> None:
    """`*a*a*a*a*a*a*a*a*b` against a folder name of a's backtracked exponentially on Python's engine (past
    60 s at 60 characters); pathspec matches on RE2 (google-re2), linear in the name."""
    def measure(length: int) -> Callable[[], float]:
        root = _git_tree(tmp_path / str(length), "*a*a*a*a*a*a*a*a*b\n", "a" * length)
        return lambda: _lint_time(root)

    _lint_time(_write(tmp_path / "warm", _FM))
    passes, small, large = _ratio_ok(measure(50), measure(FACTOR * 50))
    assert passes, f"{small:.3f}s, then {large:.3f}s"


def test_a_gitignore_line_git_skips_is_skipped(tmp_path: Path) -> None:
    """`[z-a]` is a range git skips; pathspec refused to compile it, which ended the run (exit 2)."""
    root = _git_tree(tmp_path, "[z-a]\nbuild/\n", "skills")
    code, out, err = run_cli(["check", ".", "--isolated", "--no-cache", "--format", "concise"], root)
    assert code == 0 and err == "" and "All clean: 1 skill checked." in out


def test_tools_of_one_name_are_linear(tmp_path: Path) -> None:
    """A manifest of thousands of tools of one name: SL410 compared each with all the others for its message
    and SL401 paired every copy with every other (8,000 took 30 s)."""
    def measure(n: int) -> Callable[[], float]:
        root = tmp_path / str(n)
        root.mkdir()
        tools = ",".join('{"name": "%s", "inputSchema": {"type": "object"}}' % ("t" if i % 2 else "T")
                         for i in range(n))
        (root / "app.tools.json").write_text('{"tools": [' + tools + "]}\n", encoding="utf-8")
        return lambda: _lint_time(root)

    _lint_time(_write(tmp_path / "warm", _FM))
    passes, small, large = _ratio_ok(measure(500), measure(FACTOR * 500))
    assert passes, f"{small:.3f}s, then {large:.3f}s"


def test_references_into_a_big_folder_are_linear(tmp_path: Path) -> None:
    """References in the wrong case into a folder of many files: each looked through the whole listing for
    its spelling (7,000 references into 20,000 files took past the file's budget). Timed alone: through the
    whole pipeline the linear work around it hides the quadratic term until thousands of files."""
    def measure(n: int) -> Callable[[], float]:
        root = _write(tmp_path / str(n), _FM)
        folder = root / "s" / "references"
        for i in range(n):
            (folder / f"f{i}.md").write_text("x\n", encoding="utf-8")
        loaded: list[Document] = []

        def spell_all() -> None:
            for i in range(n):
                actual_spelling(loaded[-1], str(root / "s"), str(folder / f"F{i}.md"))

        return _timer(spell_all, lambda: loaded.append(load_document(root / "s" / "SKILL.md", root)))

    passes, small, large = _ratio_ok(measure(1000), measure(FACTOR * 1000))
    assert passes, f"{small:.4f}s, then {large:.4f}s"


def test_deny_rules_against_grants_are_linear(tmp_path: Path) -> None:
    """`.claude/settings.json` with thousands of deny rules, a skill granting thousands of tools: each grant was
    compared with every rule (25,000 rules against 2,000 grants: past the file's budget, SL000)."""
    def measure(n: int) -> Callable[[], float]:
        grants = " ".join(f"Bash(tool{i}:*)" for i in range(n))
        root = _write(tmp_path / str(n), _fields(f"allowed-tools: {grants}\n"))
        (root / ".claude").mkdir()
        deny = ",".join(f'"Bash(cmd{i}:*)", "mcp__s{i}", "Tool{i}"' for i in range(n))
        (root / ".claude" / "settings.json").write_text('{"permissions": {"deny": [' + deny + "]}}\n",
                                                        encoding="utf-8")
        return lambda: _lint_time(root)

    _lint_time(_write(tmp_path / "warm", _FM))
    passes, small, large = _ratio_ok(measure(300), measure(FACTOR * 300))
    assert passes, f"{small:.3f}s, then {large:.3f}s"
