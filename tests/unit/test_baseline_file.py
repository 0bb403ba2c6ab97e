"""The baseline file (skilllint.output.baseline.file) and matching (skilllint.output.baseline.match)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.output.baseline.file import BaselineError, parse_baseline, render_baseline
from skilllint.output.baseline.fingerprint import Fingerprint
from skilllint.output.baseline.match import match

ONE = Fingerprint("skills/a/SKILL.md", "SL200", "sisu", "0123456789abcdef", 0)
TWO = Fingerprint("skills/a/SKILL.md", "SL200", "sisu", "0123456789abcdef", 1)
OTHER = Fingerprint("skills/b/SKILL.md", "SL112", None, "fedcba9876543210", 0)


def test_a_written_baseline_reads_back_the_same_fingerprints() -> None:
    data = render_baseline([(OTHER, "b"), (TWO, "a2"), (ONE, "a1")])
    assert parse_baseline(data, "b.json") == {ONE, TWO, OTHER}


def test_the_file_is_sorted_one_finding_per_line_and_the_same_for_any_order() -> None:
    data = render_baseline([(OTHER, "b"), (TWO, "a2"), (ONE, "a1")])
    assert data == render_baseline([(ONE, "a1"), (OTHER, "b"), (TWO, "a2")])
    lines = data.decode("utf-8").splitlines()
    entries = [json.loads(line.strip().rstrip(",")) for line in lines if line.startswith("    {")]
    assert [(e["path"], e["occurrence"]) for e in entries] == [("skills/a/SKILL.md", 0), ("skills/a/SKILL.md", 1),
                                                               ("skills/b/SKILL.md", 0)]
    assert "line" not in entries[0]  # a line number would change the file whenever lines move
    assert data.endswith(b"}\n")
    assert json.loads(data)["version"] == 1


def test_an_empty_baseline_is_valid() -> None:
    assert parse_baseline(render_baseline([]), "b.json") == frozenset()


def test_a_path_that_was_not_utf8_round_trips() -> None:
    odd = Fingerprint("skills/bad\udcffname/SKILL.md", "SL200", "sisu", "0" * 16, 0)
    data = render_baseline([(odd, "message with \udcff")])
    data.decode("utf-8")  # valid UTF-8 on disk
    assert parse_baseline(data, "b.json") == {odd}


@pytest.mark.parametrize(("data", "says"), [
    (b"", "not valid JSON: Expecting value at line 1, column 1"),
    (b"\xff\xfe", "byte 0 (0xff) is not UTF-8"),
    (b"[]", "not a skilllint baseline"),
    (b'{"format": "eslint"}', "not a skilllint baseline"),
    (b'{"format": "skilllint-baseline"}', "key `version`: must be a positive integer, not nothing"),
    (b'{"format": "skilllint-baseline", "version": 2, "findings": []}', "version 2 is newer"),
    (b'{"format": "skilllint-baseline", "version": 1}', "key `findings`: must be a list"),
    (b'{"format": "skilllint-baseline", "version": 1, "findings": [3]}', "findings[0]: must be an object, not 3"),
    (b'{"format": "skilllint-baseline", "version": 1, "findings": [{"path": "a", "code": "SL1"}]}',
     "findings[0]: key `hash`: must be a string"),
    (b'{"format": "skilllint-baseline", "version": 1, "findings": [{"path": "a", "code": "SL1", "hash": "h", '
     b'"occurrence": -1}]}', "key `occurrence`: must be an integer of at least 0"),
    (b'{"format": "skilllint-baseline", "version": 1, "findings": [{"path": "a", "code": "SL1", "hash": "h", '
     b'"target": 5}]}', "key `target`: must be a string or null"),
    (b"[" * 100_000, "nested too deeply"),
])
def test_a_broken_file_is_one_error_naming_the_file_and_the_problem(data: bytes, says: str) -> None:
    with pytest.raises(BaselineError) as raised:
        parse_baseline(data, "baseline `b.json`")
    assert str(raised.value).startswith("baseline `b.json`: ")
    assert says in str(raised.value)


def test_unknown_keys_are_ignored() -> None:
    data = (b'{"format": "skilllint-baseline", "version": 1, "later": true, "findings": '
            b'[{"path": "a", "code": "SL1", "hash": "h", "column": 3}]}')
    assert parse_baseline(data, "b.json") == {Fingerprint("a", "SL1", None, "h", 0)}


def test_matching_keeps_new_findings_and_counts_known_and_stale() -> None:
    new = Fingerprint("skills/a/SKILL.md", "SL200", "sisu", "aaaaaaaaaaaaaaaa", 0)
    found = match([ONE, new], frozenset({ONE, TWO, OTHER}), ["."])
    assert (found.kept, found.known, found.stale) == ([1], 1, 2)


def test_only_entries_inside_the_checked_folders_can_be_stale() -> None:
    baseline = frozenset({ONE, OTHER})
    assert match([], baseline, ["skills/a"]).stale == 1
    assert match([], baseline, ["skills"]).stale == 2
    assert match([], baseline, ["skills/ab"]).stale == 0  # a prefix of a name is not a folder
    assert match([], baseline, []).stale == 0  # files named on the command line: nothing is counted


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=20)
_VALID = render_baseline([(ONE, "a1"), (TWO, "a2"), (OTHER, "b")])


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.binary(max_size=200),
    st.tuples(st.integers(0, len(_VALID)), st.integers(0, len(_VALID)), st.binary(max_size=8)).map(
        lambda cut: _VALID[: min(cut[:2])] + cut[2] + _VALID[max(cut[:2]):]),
    st.fixed_dictionaries({"format": st.just("skilllint-baseline"), "version": st.just(1),
                           "findings": st.lists(st.dictionaries(
                               st.sampled_from(["path", "code", "target", "hash", "occurrence"]), _JSON))}).map(
        lambda document: json.dumps(document).encode()),
))
def test_any_bytes_give_fingerprints_or_a_baseline_error(data: bytes) -> None:
    """Mutated baselines, random bytes and entries of every JSON shape: never another exception."""
    try:
        found = parse_baseline(data, "b.json")
    except BaselineError as error:
        assert str(error).startswith("b.json: ")
    else:
        assert all(isinstance(entry, Fingerprint) for entry in found)
