"""The package's shape (ARCHITECTURE.md "Layers"): layer packages whose imports run one way, checked by
import-linter's contract in pyproject.toml, and no import cycle anywhere, counting imports inside
functions and under `TYPE_CHECKING` (a cycle is a place where a change in a lower module needs a look
at a higher one, whatever the layers allow)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "skilllint"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every skilllint module `module` imports, wherever the import statement is."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1], *filter(None, [base])])
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module and name.startswith("skilllint"):
                found.add(name)
    return found


def test_no_import_cycle() -> None:
    modules = _modules()
    graph = {module: _imports(module, path, modules) for module, path in modules.items()}
    state: dict[str, int] = {}  # 1: on the path, 2: done
    for start in sorted(graph):
        if state.get(start):
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            following = next(stack[-1], None)
            if following is None:
                state[path.pop()] = 2
                stack.pop()
                continue
            assert state.get(following) != 1, "import cycle: " + " -> ".join([*path[path.index(following):], following])
            if not state.get(following):
                state[following] = 1
                path.append(following)
                stack.append(iter(sorted(graph[following])))


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path) -> None:
    """The test above can fail: two modules importing each other inside functions are a cycle."""
    package = tmp_path / "skilllint"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("def f():\n    from skilllint.b import g\n", encoding="utf-8")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from skilllint import a\n",
                                  encoding="utf-8")
    modules = {"skilllint": package / "__init__.py", "skilllint.a": package / "a.py", "skilllint.b": package / "b.py"}
    assert _imports("skilllint.a", modules["skilllint.a"], modules) == {"skilllint.b"}
    assert _imports("skilllint.b", modules["skilllint.b"], modules) == {"skilllint.a", "skilllint"}


def test_the_layer_contract_holds() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    if not lint_imports.is_file() and shutil.which("lint-imports") is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    command = str(lint_imports) if lint_imports.is_file() else "lint-imports"
    result = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 1 kept, 0 broken." in result.stdout


def test_few_modules_at_the_top() -> None:
    """Everything but the entry points and the version lives in its layer's package."""
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= 12, top


def test_the_engine_imports_the_contract_never_a_rule_module() -> None:
    """Rules are found on disk by the registry; the engine knows the contract (`checks.rule`), the
    registry and the records rules share, never a rule module or a rule's helper."""
    modules = _modules()
    for module, path in modules.items():
        if module.startswith("skilllint.engine"):
            for imported in _imports(module, path, modules):
                leaf = imported.rpartition(".")[2]
                assert not (imported.startswith("skilllint.checks.") and leaf.startswith(("sl", "_"))), \
                    f"{module} imports {imported}"
