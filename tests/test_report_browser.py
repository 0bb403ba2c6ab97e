"""The report page in a real browser: headless Chromium opens it, the script runs without a console
message, the charts and the per-skill table render, the search and filters pick the rows, and a page of
61,000 skills opens within seconds.

Chromium is driven through its own command line (`--dump-dom` prints the DOM once the page has loaded
and its script has run; `--enable-logging=stderr` prints every console message as `CONSOLE`), so no
browser-driving library is needed. The page reads its filters from the URL's fragment (`#q=...&rt=...
&st=...`), which is how a filter is set here without clicking. `.ci/run` installs Chromium when it is
missing; a machine without one skips these tests, saying so.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from skilllint.output.formatters.report_html import render_html
from tests.conftest import run_cli
from tests.test_report import build_corpus, scaled_report

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
BROWSER = next((found for found in map(shutil.which, BROWSERS) if found), None)
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium on PATH (.ci/run installs Debian's `chromium`)")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0")
"""As root, without a sandbox; with no background connection (the machine's network is closed, and a
page must not need one)."""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = build_corpus(tmp_path_factory.mktemp("report-browser"))
    code, _, err = run_cli(["report", "skills", "--isolated", "--jobs", "1", "-o", "report.html"], root)
    assert code == 0, err
    code, out, err = run_cli(["report", "skills", "--isolated", "--jobs", "1", "--format", "json", "-o", "-"], root)
    assert code == 0, err
    (root / "report.json").write_text(out, encoding="utf-8")
    return root


def open_page(page: Path, fragment: str, profile: Path) -> tuple[str, float]:
    """The DOM after load (script run), and the seconds it took; fails on any console message."""
    assert BROWSER is not None
    start = time.perf_counter()
    done = subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                           f"{page.resolve().as_uri()}{fragment}"],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    assert console == [], console
    dom = done.stdout
    assert 'data-ready="1"' in dom, "the page's script did not finish"
    assert not re.search(r'<html[^>]*data-errors', dom)
    return dom, seconds


def _rows(dom: str) -> list[str]:
    body = dom.split('<table id="skills">', 1)[1].split("</tbody>", 1)[0]
    return re.findall(r'<td class="p">([^<]*)<small>', body)


def _info(dom: str) -> str:
    found = re.search(r'<span id="info">([^<]*)</span>', dom)
    assert found
    return found.group(1)


def test_page_renders(corpus: Path, tmp_path: Path) -> None:
    dom, _ = open_page(corpus / "report.html", "", tmp_path / "profile")
    data = json.loads((corpus / "report.json").read_text(encoding="utf-8"))
    assert dom.count("<svg") >= 2 and "<rect" in dom and "<polyline" in dom
    assert len(_rows(dom)) == data["skills"]
    assert _info(dom).startswith(f"{data['skills']} of {data['skills']} skills")


def test_search_filters_rows(corpus: Path, tmp_path: Path) -> None:
    dom, _ = open_page(corpus / "report.html", "#q=deploy", tmp_path / "profile")
    rows = _rows(dom)
    assert rows and all("deploy" in name.lower() for name in rows)
    assert _info(dom).startswith(f"{len(rows)} of ")


def test_runtime_and_status_filter_rows(corpus: Path, tmp_path: Path) -> None:
    data = json.loads((corpus / "report.json").read_text(encoding="utf-8"))
    sisu = next(r for r in data["runtimes"] if r["id"] == "sisu")
    dom, _ = open_page(corpus / "report.html", "#rt=sisu&st=f", tmp_path / "profile")
    assert len(_rows(dom)) == sisu["fail"]
    dom, _ = open_page(corpus / "report.html", "#rt=sisu&st=o", tmp_path / "profile2")
    assert len(_rows(dom)) == sisu["ok"]


def test_61000_skills_open_within_seconds(corpus: Path, tmp_path: Path) -> None:
    page = tmp_path / "big.html"
    page.write_text(render_html(scaled_report(corpus, 61_000)), encoding="utf-8")
    dom, seconds = open_page(page, "#q=notes&st=f", tmp_path / "profile")
    assert seconds < 20, seconds  # about 2 s here, the browser's start included
    assert re.match(r"[\d,]+ of 61,000 skills; page 1 of", _info(dom))
    assert 0 < len(_rows(dom)) <= 100
