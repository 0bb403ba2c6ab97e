"""`core/fastjson.py` writes what the standard library writes (indented: byte for byte), with
orjson or without it, and the JSON report rendered in pieces adds up to the whole report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.core import fastjson
from skilllint.core.model import Diagnostic, Fix, Severity, Span, TextEdit
from skilllint.output.formatters import RunInfo, render_pieces
from skilllint.output.formatters import json as json_format

TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)  # lone surrogates too
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70), TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(TEXT, inner, max_size=4)), max_leaves=20)


@pytest.fixture(params=["orjson", "json"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each test runs with orjson and as on a platform without it."""
    if request.param == "json":
        monkeypatch.setattr(fastjson, "_orjson", lambda: None)
    else:
        assert fastjson._orjson() is not None, "orjson is a dependency: it must be installed"
    yield request.param


@settings(max_examples=300, deadline=None)
@given(value=VALUES)
def test_indented_is_json_dumps_byte_for_byte(value: Any) -> None:
    for fast in (fastjson._orjson(), None):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(fastjson, "_orjson", lambda fast=fast: fast)
            assert fastjson.indented(value) == json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(value=VALUES)
def test_compact_round_trips_through_json_loads(value: Any) -> None:
    data = fastjson.compact(value)
    assert b"\n" not in data  # a run record's header line ends at the first newline
    assert json.loads(data) == value


def test_what_orjson_refuses_goes_through_json(backend: str) -> None:
    value = {"surrogate": "\udc80", "big": 2**80}
    assert fastjson.compact(value) == json.dumps(value, separators=(",", ":")).encode("ascii")
    assert json.loads(fastjson.compact(value)) == value
    assert fastjson.indented(value) == json.dumps(value, indent=2, ensure_ascii=False)


def _diagnostics(count: int) -> list[Diagnostic]:
    fix = Fix("write `x`", (TextEdit(0, 1, "x", Span(1, 1, 1, 2)),))
    return [Diagnostic(f"skills/s{i}/SKILL.md", Span(i + 1, 2, None if i % 3 else i + 1, None if i % 3 else 9),
                       "SL200", "unknown-tool", Severity.ERROR if i % 2 else Severity.WARNING, f"message {i} ü \x1b",
                       None if i % 4 else "help\nline", "sisu" if i % 5 else None, fix if i % 7 == 0 else None)
            for i in range(count)]


@pytest.mark.parametrize("count", [0, 1, 3, 4, 7, 10])
def test_the_json_report_in_pieces_is_the_whole_report(count: int, backend: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_format, "CHUNK", 3)
    diagnostics = _diagnostics(count)
    run = RunInfo("0")
    pieces = list(render_pieces("json", diagnostics, run))
    assert len(pieces) == (1 if count == 0 else 2 + -(-count // 3))  # "[", a piece per 3 findings, "]"
    whole = "".join(pieces)
    expected = json.dumps([json_format.as_dict(d) for d in diagnostics], indent=2, ensure_ascii=False) + "\n"
    assert whole == expected == json_format.render(diagnostics, run)
    assert [d["message"] for d in json.loads(whole)] == [json_format.as_dict(d)["message"] for d in diagnostics]


def test_other_formats_come_in_one_piece() -> None:
    diagnostics = _diagnostics(4)
    run = RunInfo("0")
    for fmt in ("full", "concise", "sarif", "github"):
        pieces = list(render_pieces(fmt, diagnostics, run))
        assert len(pieces) == 1 and pieces[0]
