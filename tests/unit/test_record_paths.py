"""The run record's path tests take shortcuts for the usual absolute POSIX path; they must answer
as `os.path` does for every path, the odd ones (`//x`, `/a/./b`, `/.claude-plugin`) included."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.engine.cache import runrecord

PIECES = ["/", "//", "a", ".", "..", ".claude-plugin", "x.y", "b/", "..a", ".a", "a."]


@pytest.mark.skipif(os.sep != "/", reason="the shortcuts are POSIX's")
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=7))
def test_normal_is_os_path_s_answer(pieces: list[str]) -> None:
    path = "".join(pieces)
    assert runrecord._normal(path) == (os.path.isabs(path) and os.path.normpath(path) == path), path


@pytest.mark.skipif(os.sep != "/", reason="the shortcuts are POSIX's")
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=7), st.sampled_from(["f", "d", "l", "o"]))
def test_implied_splits_as_os_path_does(pieces: list[str], kind: str) -> None:
    """A listing of the path's folder answers `exists` of it exactly when os.path.split finds that folder."""
    path = "".join(pieces)
    if not runrecord._normal(path) or path == "/":
        return
    parent, name = os.path.split(path)
    scans = {parent: ((0, 0, 0, 0, 0), (0, 0, 0), {name: kind})}
    expected = kind != "l"  # a symlink's answer is not the listing's
    assert runrecord.implied("exists", path, True, scans) is expected, path  # type: ignore[arg-type]


@pytest.mark.skipif(os.sep != "/", reason="the shortcuts are POSIX's")
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=7), st.sampled_from(["f", "d", "l", "o"]),
       st.sampled_from(["exists", "lexists", "isfile", "isdir", "listdir", "subdirs"]), st.booleans())
def test_only_a_path_spelt_as_the_walk_spells_folders_is_implied(pieces: list[str], kind: str, op: str,
                                                                answer: bool) -> None:
    """The walk's folders are normalised absolute paths; a question about a path spelt otherwise
    (`/a/./b`, `/a/b/`) is never taken as answered by their listings, whichever shortcut is taken."""
    path = "".join(pieces)
    folder = os.path.normpath(os.path.join("/", path))  # a relative path: as if it were one below /
    parent = os.path.dirname(folder)
    first = folder.strip("/").split("/")[0]
    scans = {"/": ((0, 0, 0, 0, 0), (0, 0, 0), {first: kind}),
             parent: ((0, 0, 0, 0, 0), (0, 0, 0), {os.path.basename(folder): kind}),
             folder: ((0, 0, 0, 0, 0), (0, 0, 0), {})}
    given_answer: object = [] if op in ("listdir", "subdirs") else answer
    if runrecord.implied(op, path, given_answer, scans):  # type: ignore[arg-type]
        assert runrecord._normal(path), path


def test_a_relative_path_is_never_answered_by_the_root_s_listing() -> None:
    scans = {"/": ((0, 0, 0, 0, 0), (0, 0, 0), {"etc": "d"})}
    assert not runrecord.implied("exists", "x", False, scans)  # type: ignore[arg-type]
    assert not runrecord.implied("isdir", "etc", True, scans)  # type: ignore[arg-type]
