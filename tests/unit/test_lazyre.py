"""Patterns compiled on first use (`skilllint.core.lazyre`): they must behave as `re.compile`'s, cost
nothing until used, and (since a typo in one no longer fails at import) every one in the package
must compile."""

from __future__ import annotations

import ast
import importlib
import pickle
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import skilllint
from skilllint.core import lazyre
from skilllint.core.lazyre import LazyPattern

PACKAGE = Path(skilllint.__file__).parent


def test_not_compiled_until_used() -> None:
    broken = lazyre.compile(r"(unclosed")
    assert broken.pattern == "(unclosed"
    with pytest.raises(re.error):
        broken.search("text")


def test_answers_as_the_compiled_pattern() -> None:
    lazy = lazyre.compile(r"(?P<word>b\w+)", re.I)
    real = re.compile(r"(?P<word>b\w+)", re.I)
    text = "a Big bad wolf"
    found = lazy.search(text)
    assert found is not None and found.group("word") == "Big"
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.sub("x", text) == real.sub("x", text)
    assert lazy.match(text) is None and lazy.fullmatch("bad") is not None
    assert lazy.findall(text) == real.findall(text) and lazy.split(text) == real.split(text)
    assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (real.flags, real.groups, dict(real.groupindex))


def test_bytes_patterns() -> None:
    lazy = lazyre.compile(rb"gh[pousr]_")
    assert lazy.search(b"token ghp_x") is not None and lazy.search(b"none") is None


def test_pattern_is_read_without_compiling() -> None:
    """Patterns built from others (`"|".join(p.pattern ...)`) must not compile the parts."""
    lazy = lazyre.compile(r"abc")
    assert lazy.pattern == "abc"
    assert "search" not in vars(lazy)
    lazy.search("abc")
    assert "search" in vars(lazy)  # later calls are an attribute lookup, not __getattr__


def test_unknown_attributes_are_errors() -> None:
    lazy = lazyre.compile(r"abc")
    with pytest.raises(AttributeError):
        lazy.no_such_method  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError):
        lazy.__deepcopy__  # type: ignore[attr-defined]  # noqa: B018
    assert "search" not in vars(lazy)


def test_pickles_as_its_pattern_before_and_after_use() -> None:
    lazy = lazyre.compile(r"a+b", re.I)
    assert pickle.loads(pickle.dumps(lazy)).search("xAAb") is not None
    lazy.search("ab")
    copy = pickle.loads(pickle.dumps(lazy))
    assert isinstance(copy, LazyPattern) and "search" not in vars(copy)
    assert copy.search("xAAb") is not None


def _patterns(value: Any, depth: int = 0) -> Iterator[LazyPattern]:
    if isinstance(value, LazyPattern):
        yield value
    elif depth < 3 and isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _patterns(item, depth + 1)
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from _patterns(item, depth + 1)


def test_every_pattern_of_the_package_compiles() -> None:
    found = []
    for module in pkgutil.walk_packages([str(PACKAGE)], "skilllint."):
        if module.name.endswith("__main__"):
            continue
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            found.extend(_patterns(value))
    assert len(found) > 150  # the walk reaches the patterns (there were 162 when this was written)
    for pattern in found:
        assert isinstance(pattern.compiled(), re.Pattern), pattern


def test_no_pattern_is_compiled_at_import() -> None:
    """A module-level `re.compile` is paid by every run, a one-skill pre-commit hook included:
    the package compiles its module-level patterns with `lazyre.compile`."""
    eager = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                            ast.Lambda))]
        inside = {id(node) for function in functions for node in ast.walk(function)}
        eager += [f"{path.relative_to(PACKAGE)}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and id(node) not in inside and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "compile" and isinstance(node.func.value, ast.Name)
                  and node.func.value.id == "re"]
    assert eager == []
