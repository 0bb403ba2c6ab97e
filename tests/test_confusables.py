"""Tests for skilllint.core.confusables (rule SL401 confusable-name)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from skilllint.core import confusables
from skilllint.core.confusables import (
    confusable_reason,
    describe_char,
    mixed_scripts,
    name_keys,
    normalize_name,
    skeleton,
)

ROOT = Path(__file__).resolve().parent.parent


# --- data --------------------------------------------------------------------------------------


def test_data_file_is_shipped_with_header_and_licence():
    data = confusables.DATA_FILE
    assert data.is_file()
    assert data.stat().st_size < 300_000
    header = confusables.data_version()
    assert "confusables.txt" in header and "Version:" in header and "Date:" in header
    licence = (data.parent / "LICENSE-unicode.txt").read_text(encoding="utf-8")
    assert "UNICODE LICENSE V3" in licence and "Unicode-3.0" in licence


def test_table_has_the_well_known_mappings():
    table = confusables._prototypes()
    assert len(table) > 6000
    assert table[0x0430] == "a"  # CYRILLIC SMALL LETTER A
    assert table[0x0440] == "p"  # CYRILLIC SMALL LETTER ER
    assert table[0x03BF] == "o"  # GREEK SMALL LETTER OMICRON
    assert table[0x2010] == "-"  # HYPHEN
    assert table[ord("m")] == "rn"  # the data maps m to rn, not the other way round
    assert ord("r") not in table and ord("_") not in table and ord("-") not in table


def test_ascii_table_is_the_full_tables_ascii_part():
    """An ASCII name is mapped with the file's first lines only: they must be all its ASCII mappings,
    which holds because the file is sorted by source code point."""
    full = confusables._prototypes()
    lines = confusables.DATA_FILE.read_text(encoding="utf-8").splitlines()
    sources = [int(line.split("\t", 1)[0], 16) for line in lines if not line.startswith("#")]
    assert sources == sorted(sources)
    assert confusables._ascii_prototypes() == {code: proto for code, proto in full.items() if code < 0x80}
    assert confusables._ascii_prototypes()[ord("m")] == "rn"


def test_loading_is_fast_and_lazy():
    code = (
        "import sys, time\n"
        "import skilllint.core.confusables as c\n"
        "assert c._prototypes.cache_info().currsize == 0\n"
        "t = time.perf_counter(); c._prototypes(); print(time.perf_counter() - t)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    elapsed = float(result.stdout.strip())
    # The budget is 20 ms (about 5 ms here); leave room for slow, busy CI machines.
    assert elapsed < 0.2, elapsed
    assert confusables._prototypes() is confusables._prototypes()


# --- skeleton ----------------------------------------------------------------------------------


def test_skeleton_follows_uts39():
    assert skeleton("pdf-аnalyzer") == "pdf-analyzer"
    assert skeleton("раураl") == "paypal"
    assert skeleton("m") == skeleton("rn") == "rn"
    assert skeleton("") == ""
    # NFD before and after the mapping.
    assert skeleton("é") == "e\u0301"
    # skeleton is case-sensitive, like UTS #39.
    assert skeleton("A") == "A" and skeleton("I") == "l"


def test_normalize_name():
    assert normalize_name("PDF–Tооls\u200b") == "pdf-tools"  # en dash, Cyrillic o, ZWSP
    assert normalize_name("ｐｄｆ") == "pdf"
    assert normalize_name("read_file") != normalize_name("read-file")
    for invisible in ("\u200b", "\u200c", "\u200d", "\u00ad", "\ufe0f", "\u2060", "\u2063", "\ufeff", "\U000e0041"):
        assert normalize_name(f"pdf{invisible}-tools") == "pdf-tools", hex(ord(invisible))
    for dash in ("\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe58", "\ufe63", "\uff0d"):
        assert normalize_name(f"pdf{dash}tools") == "pdf-tools", hex(ord(dash))


def test_name_keys_case_sensitive_key_catches_capital_i():
    a, b = name_keys("pdf-tooIs"), name_keys("pdf-tools")
    assert a[0] != b[0]  # I folds to i first
    assert a[1] == b[1]  # ... but looks like l


# --- confusable_reason -------------------------------------------------------------------------


def test_cyrillic_a_names_the_code_point():
    reason = confusable_reason("pdf-аnalyzer", "pdf-analyzer")
    assert reason is not None
    assert reason == "look alike: `а` (U+0430 CYRILLIC SMALL LETTER A) vs `a`"
    assert "U+0430" in confusable_reason("pdf-analyzer", "pdf-аnalyzer")


def test_fullwidth_is_nfkc():
    assert confusable_reason("ｐｄｆ-tools", "pdf-tools") == "differ only in Unicode normalisation (NFKC)"
    assert confusable_reason("ＰＤＦ-tools", "pdf-tools") == "differ only in case and Unicode normalisation (NFKC)"
    assert confusable_reason("café", "cafe\u0301") == "differ only in Unicode normalisation (NFKC)"


def test_case():
    assert confusable_reason("PDF-Tools", "pdf-tools") == "differ only in case"


def test_invisible_characters():
    assert confusable_reason("pdf\u200b-tools", "pdf-tools") == "differ only by invisible characters"
    assert confusable_reason("pdf-tools\u200d", "pdf-tools") == "differ only by invisible characters"


def test_dashes():
    assert confusable_reason("pdf\u2013tools", "pdf-tools") == "differ only in dash characters"
    assert confusable_reason("pdf\uff0dtools", "pdf-tools") == "differ only in dash characters"
    assert confusable_reason("PDF\u2212Tools", "pdf-tools") == "differ only in case and dash characters"


def test_rn_and_m_per_the_data():
    assert confusable_reason("rn-tool", "m-tool") == "look alike: `rn` vs `m`"
    assert confusable_reason("arm", "arrn") == "look alike: `m` vs `rn`"


def test_other_lookalikes():
    assert confusable_reason("pdf-tooIs", "pdf-tools") == "look alike: `I` vs `l`"
    reason = confusable_reason("ΡDF-tools", "PDF-tools")
    assert reason == "look alike: `Ρ` (U+03A1 GREEK CAPITAL LETTER RHO) vs `P`"
    assert "U+0440 CYRILLIC SMALL LETTER ER" in confusable_reason("раураl", "paypal")
    # A Lisu capital-looking letter against a lowercase name: case folding after the skeleton.
    assert "U+A4D0" in confusable_reason("ꓐot", "bot")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("pdf-tools", "pdf-tools"),
        ("pdf-аnalyzer", "pdf-аnalyzer"),
        ("pdf-tools", "csv-tools"),
        ("pdf-analyzer", "pdf-analyser"),
        ("read_file", "read-file"),
        ("read_file", "read\u2013file"),
        ("", "x"),
    ],
)
def test_not_confusable(a, b):
    assert confusable_reason(a, b) is None


def test_describe_char():
    assert describe_char("a") == "`a`"
    assert describe_char("rn") == "`rn`"
    assert describe_char("а") == "`а` (U+0430 CYRILLIC SMALL LETTER A)"
    assert describe_char("\u200b") == "` ` (U+200B ZERO WIDTH SPACE)"


# --- mixed_scripts -----------------------------------------------------------------------------


def test_mixed_scripts():
    assert mixed_scripts("pdf-аnalyzer") == {"Latin", "Cyrillic"}
    assert mixed_scripts("pdf-analyzer") == {"Latin"}
    assert mixed_scripts("ｐｄｆ") == {"Latin"}
    assert mixed_scripts("αβγ-abc") == {"Greek", "Latin"}
    assert mixed_scripts("日本-tools") == {"Han", "Latin"}
    assert mixed_scripts("123-_") == set()


# --- scripts/update_confusables.py -------------------------------------------------------------

SAMPLE = """\ufeff# confusables.txt
# Date: 2099-01-01, 00:00:00 GMT
# Version: 99.0.0
#
0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A\t#

006D ;\t0072 006E ;\tMA\t# ( m → rn ) LATIN SMALL LETTER M → LATIN SMALL LETTER R, LATIN SMALL LETTER N\t#
"""


def _load_update_script():
    spec = importlib.util.spec_from_file_location("update_confusables", ROOT / "scripts" / "update_confusables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_update_script_regenerates_the_data_file(tmp_path, monkeypatch):
    script = _load_update_script()
    source = tmp_path / "confusables.txt"
    source.write_text(SAMPLE, encoding="utf-8")
    output = tmp_path / "out.tsv"
    assert script.main([str(source), "--output", str(output)]) == 0
    text = output.read_text(encoding="utf-8")
    assert "Version: 99.0.0" in text.splitlines()[0] and "2099-01-01" in text.splitlines()[0]
    assert "0430\t0061\n" in text and "006D\t0072 006E\n" in text
    monkeypatch.setattr(confusables, "DATA_FILE", output)
    assert confusables._prototypes.__wrapped__() == {0x430: "a", 0x6D: "rn"}


def test_update_script_rejects_garbage(tmp_path):
    script = _load_update_script()
    source = tmp_path / "confusables.txt"
    source.write_text("hello ; world\n", encoding="utf-8")
    with pytest.raises(ValueError):
        script.main([str(source), "--output", str(tmp_path / "out.tsv")])
