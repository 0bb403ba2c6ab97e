"""`skilllint report`: its numbers are `matrix`'s and `coverage`'s, its JSON keeps its schema, its page
loads nothing from the network and stays small at 61,000 skills, and it writes only its output file."""

from __future__ import annotations

import json
import re
import shutil
import time
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from skilllint.output.commands.matrix import default_runtimes
from skilllint.output.formatters.report_html import render_html
from skilllint.output.report.model import Report, source_of
from skilllint.portability.matrix import SkillRow
from tests.conftest import run_cli

ROOT = Path(__file__).parent.parent
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))
HOSTILE = "---\nname: x-skill\ndescription: \"</script><img src=x onerror=alert(1)> Use it for tests.\"\n---\n" \
          "Run `</script>` then call `Read`.\n"


def build_corpus(root: Path) -> Path:
    """The matrix tests' tree (the coverage corpus and the README's examples) under two sources, plus a
    skill whose text tries to close the page's script."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "coverage" / "skills", root / "skills" / "coverage")
    shutil.copytree(ROOT / "examples" / "skills", root / "skills" / "examples")
    (root / "skills" / "examples" / "x-skill").mkdir()
    (root / "skills" / "examples" / "x-skill" / "SKILL.md").write_text(HOSTILE, encoding="utf-8")
    (root / ".git").mkdir()
    return root


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_corpus(tmp_path_factory.mktemp("report"))


@pytest.fixture(scope="module")
def document(corpus: Path) -> dict:
    before = sorted(p.relative_to(corpus) for p in corpus.rglob("*"))
    code, out, err = run_cli(["report", "skills", "--isolated", "--jobs", "1", "--format", "json", "-o", "r.json"],
                             corpus)
    assert code == 0, err
    assert out == ""
    written = corpus / "r.json"
    after = sorted(p.relative_to(corpus) for p in corpus.rglob("*"))
    assert sorted({*before, Path("r.json")}) == after  # the output file and nothing else
    data = json.loads(written.read_text(encoding="utf-8"))
    written.unlink()
    jsonschema.validate(data, SCHEMA)
    return data


@pytest.fixture(scope="module")
def matrix(corpus: Path) -> dict:
    code, out, err = run_cli(["matrix", "skills", "--isolated", "--jobs", "1", "--format", "json"], corpus)
    assert code == 1, err
    return json.loads(out)


@pytest.fixture(scope="module")
def page(corpus: Path) -> str:
    code, _, err = run_cli(["report", "skills", "--isolated", "--jobs", "1"], corpus)
    assert code == 0, err
    path = corpus / "report.html"  # the default: report.html in the working directory
    text = path.read_text(encoding="utf-8")
    path.unlink()
    return text


def test_json_keys_are_stable(document: dict) -> None:
    """Programs read these keys: a rename is a schema change, made on purpose (JSON_VERSION)."""
    assert list(document) == ["version", "paths", "skills", "statuses", "runtimes", "failing_codes", "sources",
                              "internal_errors"]
    assert list(document["runtimes"][0]) == [
        "id", "skills", "ok", "warn", "fail", "run", "run_share", "failing_codes", "resolved_skills",
        "resolved_skills_with_aliases", "unlocked_share", "curve", "coverage"]
    assert document["version"] == 1 and document["paths"] == ["skills"] and document["skills"] == 8


def test_every_builtin_runtime_by_default(document: dict) -> None:
    assert [r["id"] for r in document["runtimes"]] == default_runtimes()


def test_totals_agree_with_matrix(document: dict, matrix: dict) -> None:
    for runtime in document["runtimes"]:
        totals = matrix["totals"][runtime["id"]]
        assert (runtime["ok"], runtime["warn"], runtime["fail"]) == (totals["ok"], totals["warn"], totals["fail"])
        assert runtime["run"] == totals["ok"] + totals["warn"]
        assert runtime["skills"] == len(matrix["skills"]) == document["skills"]


@pytest.mark.parametrize("runtime", default_runtimes())
def test_coverage_agrees_with_coverage(corpus: Path, document: dict, runtime: str) -> None:
    """Each runtime's section is `coverage --target T --format json`, name for name and alias for alias."""
    code, out, err = run_cli(["coverage", "skills", "--isolated", "--jobs", "1", "-t", runtime, "--format", "json"],
                             corpus)
    assert code in (0, 1), err
    expected = json.loads(out)
    expected.pop("version")
    found = next(r for r in document["runtimes"] if r["id"] == runtime)
    assert found["coverage"] == expected
    assert found["resolved_skills"] == expected["resolved_skills"]
    assert found["resolved_skills_with_aliases"] == expected["resolved_skills_with_aliases"]
    cumulative = [n["resolved_skills_cumulative"] for n in expected["names"] if n["proposed"]]
    assert found["curve"] == [expected["resolved_skills"], *cumulative]


def test_failing_codes_agree_with_check(corpus: Path, document: dict) -> None:
    """A code counts a skill on a runtime when `check --target T` reports it there as an error."""
    for runtime in ("sisu", "codex"):
        code, out, err = run_cli(["check", "skills", "--isolated", "--jobs", "1", "-t", runtime, "--format", "json",
                                  "--no-cache"], corpus)
        assert code == 1, err
        expected: dict[str, set[str]] = {}
        for d in json.loads(out):
            if d["severity"] == "error":
                expected.setdefault(d["code"], set()).add(d["path"].rsplit("/", 1)[0])
        found = next(r for r in document["runtimes"] if r["id"] == runtime)["failing_codes"]
        assert found == {code: len(skills) for code, skills in expected.items()}
        for entry in document["failing_codes"]:
            assert entry["runtimes"].get(runtime, 0) == found.get(entry["code"], 0)


def test_sources_are_top_level_folders(document: dict) -> None:
    sources = {s["source"]: s["skills"] for s in document["sources"]}
    assert sources == {"coverage": 5, "examples": 3}
    for source in document["sources"]:
        for counts in source["runtimes"].values():
            assert sum(counts.values()) == source["skills"]


def test_source_of() -> None:
    assert source_of("corpus/anthropics__skills/skills/pdf/SKILL.md", ["corpus"]) == "anthropics__skills"
    assert source_of("skills/pdf/SKILL.md", ["skills"]) == "skills"  # the skill is the top level: the PATH
    assert source_of("a/b/c/d/SKILL.md", ["a/b", "a"]) == "c"  # the longest PATH claims it
    assert source_of("top/x/SKILL.md", ["."]) == "top"


def test_targets_pick_the_runtimes(corpus: Path) -> None:
    code, out, err = run_cli(["report", "skills", "--isolated", "-t", "sisu", "-t", "codex", "--format", "json",
                              "-o", "-"], corpus)
    assert code == 0, err
    assert [r["id"] for r in json.loads(out)["runtimes"]] == ["sisu", "codex"]


def test_a_missing_output_folder_is_a_usage_error(corpus: Path) -> None:
    code, _, err = run_cli(["report", "skills", "--isolated", "-o", "nowhere/r.html"], corpus)
    assert code == 2 and "no folder" in err


def _loaded_urls(text: str) -> list[str]:
    """What a browser would fetch: src/href/action/poster attributes, CSS url() and @import."""
    found = re.findall(r"""(?:src|href|action|poster|data)\s*=\s*["']?([^"'\s>]+)""", text, re.I)
    found += re.findall(r"url\(\s*['\"]?([^)'\"]+)", text, re.I) + re.findall(r"@import\s+['\"]?([^'\";]+)", text)
    return found


def test_page_is_self_contained(page: str) -> None:
    assert not re.search(r"https?://", page)
    assert all(url.startswith("#") for url in _loaded_urls(page.split('id="report-data">')[0])), \
        _loaded_urls(page)
    assert "default-src 'none'" in page  # and the browser refuses any fetch the page might try
    assert page.count("<svg") >= 2  # the runtime chart and at least one alias curve


def test_page_summary_needs_no_script(page: str, document: dict) -> None:
    """The aggregates are in the HTML itself: readable with JavaScript off and when printed."""
    body = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    sisu = next(r for r in document["runtimes"] if r["id"] == "sisu")
    assert f"sisu: {sisu['run']:,} of {document['skills']:,} skills run as written" in body
    assert 'id="runtimes"' in body and 'id="codes"' in body and 'id="sources"' in body
    assert body.count('<td class="p">') == document["skills"]  # the first page of the per-skill table
    assert "@media print" in page


def test_page_escapes_what_skills_say(page: str) -> None:
    island = page.split('id="report-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in island
    assert "<img src=x" not in page and "onerror=alert" not in page.replace("onerror=alert(1)&gt;", "")
    json.loads(island)


def test_page_at_61000_skills_stays_under_20_mb(page: str, corpus: Path) -> None:
    """The per-skill table of a registry's size: rows share folders and runs of cells, so the page stays
    well under 20 MB and renders in seconds."""
    code, out, err = run_cli(["report", "skills", "--isolated", "--jobs", "1", "--format", "json", "-o", "-"], corpus)
    assert code == 0, err
    report = scaled_report(corpus, 61_000)
    start = time.perf_counter()
    text = render_html(report)
    seconds = time.perf_counter() - start
    size = len(text.encode("utf-8"))
    assert size < 20 * 1024 * 1024, size
    assert seconds < 10, seconds
    assert text.count('<td class="p">') == 100  # one page in the HTML; the script draws the others


def scaled_report(corpus: Path, count: int) -> Report:
    """The fixture tree's report, its rows repeated under `count // 500` sources of 500 skills each, every
    path distinct (as a mirror of many repositories would be)."""
    from skilllint.output.report.gather import gather
    from skilllint.output.report.model import build_report
    from skilllint.settings.build import settings_by_config

    old = Path.cwd()
    import os

    os.chdir(corpus)
    try:
        options = {"isolated": True, "jobs": 1, "targets": default_runtimes()}
        groups = settings_by_config(["skills"], options, corpus)
        base = build_report(gather(groups, corpus, None), ["skills"], corpus)
    finally:
        os.chdir(old)
    rows: list[SkillRow] = []
    sources: list[str] = []
    errors = []
    for index in range(count):
        row = base.rows[index % len(base.rows)]
        repo = f"owner{index // 500}__repo"
        rows.append(SkillRow(f"mirror/{repo}/skills/{row.name}-{index}/SKILL.md", f"{row.name}-{index}", row.cells))
        sources.append(repo)
        errors.append(base.row_errors[index % len(base.rows)])
    return replace(base, rows=tuple(rows), row_sources=tuple(sources), row_errors=tuple(errors))
