"""Every output format on one fixed list of diagnostics, SARIF against the official schema,
GitHub annotations, and colour on and off.

The expected outputs live in tests/fixtures/_formatters/expected.<format>; run with
SKILLLINT_UPDATE_EXPECTED=1 to rewrite them (then read the diff).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest

from skilllint.checks.rule import SkillContext, SkillRule
from skilllint.core.model import Diagnostic, Fix, Severity, Span, TextEdit
from skilllint.output.formatters import FORMATS, RunInfo, render
from skilllint.output.formatters.github import escape_data, escape_property
from skilllint.version import __version__
from tests.conftest import FIXTURES, run_cli


def _rule(code: str, name: str, summary: str, severity: Severity) -> SkillRule:
    def check(ctx: SkillContext) -> tuple[()]:
        return ()

    return SkillRule(code=code, name=name, summary=summary, severity=severity, check=check)

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = FIXTURES / "_formatters"
SARIF_SCHEMA = ROOT / "schemas" / "sarif-schema-2.1.0.json"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

SOURCES = {
    "skills/pdf-processing/SKILL.md": [
        "---",
        "name: PDF-Processing",
        "description: Extract text from PDFs. Use when the user mentions PDFs.",
        "allowed-tools: Bassh Read",
        "tags: [pdf, text]",
        "---",
        "Use the `Bassh` tool.",
    ],
    "skills/my skill,ü/SKILL.md": ["---", "name: my-skill", "description: >", "  Folded text", "---"],
}

DIAGNOSTICS = [
    # error, one-line span with an end, a target, a help with % : , and a newline
    Diagnostic(
        "skills/pdf-processing/SKILL.md", Span(4, 16, 4, 21), "SL200", "unknown-tool", Severity.ERROR,
        "unknown tool `Bassh` for Claude Code", "did you mean `Bash`? 100% sure: use Bash, not Bassh\nsee the card",
        "claude-code",
    ),
    # error, span with an end, no target
    Diagnostic(
        "skills/pdf-processing/SKILL.md", Span(2, 7, 2, 21), "SL112", "name-not-lowercase", Severity.ERROR,
        "`name` `PDF-Processing` has uppercase letters", "use `pdf-processing`",
        fix=Fix("write `pdf-processing`", (TextEdit(10, 24, "pdf-processing", Span(2, 7, 2, 21)),)),
    ),
    # warning, a point (no end), no help
    Diagnostic(
        "skills/pdf-processing/SKILL.md", Span(5, 7), "SL102", "frontmatter-nonportable-yaml", Severity.WARNING,
        "flow sequence `[pdf, text]`; strict parsers, 50% of them, reject it",
    ),
    # info (a severity override), a span over several lines, a path with a space, a comma and non-ASCII
    Diagnostic(
        "skills/my skill,ü/SKILL.md", Span(3, 14, 4, 14), "SL131", "allowed-tools-nonportable-form", Severity.INFO,
        "folded `description:` block", "write it on one line, or keep it: it is valid YAML",
    ),
    # a finding on a folder (path ends in /) and a rule missing from run.rules
    Diagnostic(
        "skills/csv-cleanup/", Span(1, 1), "SL500", "skill-md-missing", Severity.ERROR,
        "folder `csv-cleanup` under `skills/` has no SKILL.md", "add a SKILL.md, or move the folder",
    ),
]

RULES = {
    rule.code: rule
    for rule in (
        _rule("SL200", "unknown-tool", "A tool that the target neither has nor aliases", Severity.ERROR),
        _rule("SL112", "name-not-lowercase", "`name` contains uppercase letters", Severity.ERROR),
        _rule("SL102", "frontmatter-nonportable-yaml", "Frontmatter uses flow collections", Severity.WARNING),
        _rule("SL131", "allowed-tools-nonportable-form", "A list or a comma string", Severity.WARNING),
        _rule("SL999", "never-fires", "A rule that does not fire", Severity.ERROR),
    )
}


def _rule(code: str, name: str, summary: str, severity: Severity) -> SkillRule:
    def check(ctx: SkillContext) -> tuple[()]:
        return ()

    return SkillRule(code=code, name=name, summary=summary, severity=severity, check=check)


def _run(color: bool = False) -> RunInfo:
    def source_line(path: str, line: int) -> str | None:
        lines = SOURCES.get(path)
        return lines[line - 1] if lines and 0 < line <= len(lines) else None

    return RunInfo(version="0.0.0-test", skills=2, color=color, source_line=source_line, rules=RULES)


def _check_expected(name: str, actual: str) -> None:
    path = EXPECTED / name
    if os.environ.get("SKILLLINT_UPDATE_EXPECTED"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="\n")
    assert path.is_file(), f"{path} is missing; run with SKILLLINT_UPDATE_EXPECTED=1 to create it"
    assert actual == path.read_text(encoding="utf-8"), f"{name} differs; SKILLLINT_UPDATE_EXPECTED=1 rewrites it"


@pytest.mark.parametrize("fmt", FORMATS)
def test_format_matches_expected(fmt: str) -> None:
    output = render(fmt, DIAGNOSTICS, _run())
    assert not ANSI.search(output)
    _check_expected(f"expected.{fmt}", output)


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_diagnostics(fmt: str) -> None:
    output = render(fmt, [], _run())
    if fmt == "json":
        assert json.loads(output) == []
    elif fmt == "sarif":
        log = json.loads(output)
        _validate_sarif(log)
        assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []
    else:
        assert output == ""


def test_full_in_colour_is_the_plain_output_painted() -> None:
    painted = render("full", DIAGNOSTICS, _run(color=True))
    assert "\x1b[" in painted
    assert ANSI.sub("", painted) == render("full", DIAGNOSTICS, _run())


# SARIF


def _sarif_validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    # Every $ref of the schema is local (#/definitions/...); a registry with no retrieval
    # means an unexpected remote reference fails instead of fetching from the network.
    from referencing import Registry

    def no_network(uri: str):
        raise AssertionError(f"the SARIF schema tried to load {uri}")

    return cls(schema, registry=Registry(retrieve=no_network))


def _validate_sarif(log: dict) -> None:
    errors = sorted(_sarif_validator().iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:10])
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    assert ids == sorted(set(ids)), "one descriptor per rule, sorted by code"
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        uri = location["uri"]
        # a URI reference: no spaces or other characters that need percent-encoding
        assert re.fullmatch(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+", uri), uri
        assert not urlsplit(uri).scheme and location["uriBaseId"] == "%SRCROOT%"
    assert {r["ruleId"] for r in run["results"]} == set(ids), "exactly the rules that fired"


def test_sarif_of_the_fixed_list_is_valid_and_complete() -> None:
    log = json.loads(render("sarif", DIAGNOSTICS, _run()))
    _validate_sarif(log)
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "skilllint" and driver["version"] == "0.0.0-test"
    assert "informationUri" not in driver  # no public home page to point at
    assert "SL999" not in {r["id"] for r in driver["rules"]}
    rule = next(r for r in driver["rules"] if r["id"] == "SL200")
    card = (ROOT / "rules" / "SL200.md").read_text(encoding="utf-8")
    assert {key: rule[key] for key in ("id", "name", "shortDescription", "defaultConfiguration")} == {
        "id": "SL200",
        "name": "unknown-tool",
        "shortDescription": {"text": RULES["SL200"].summary},
        "defaultConfiguration": {"level": "error"},
    }
    # the card as help: code scanning shows it beside the alert
    assert rule["fullDescription"]["text"].startswith("Resolves every entry of `allowed-tools`")
    assert rule["help"]["text"] == rule["fullDescription"]["text"]
    assert rule["help"]["markdown"].startswith("# SL200 unknown-tool") and rule["help"]["markdown"] in card
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels == {"SL200": "error", "SL112": "error", "SL102": "warning", "SL131": "note", "SL500": "error"}
    by_code = {r["ruleId"]: r for r in run["results"]}
    first = by_code["SL200"]
    assert first["message"]["text"] == f"{DIAGNOSTICS[0].message}\nhelp: {DIAGNOSTICS[0].help}"
    assert first["properties"] == {"target": "claude-code"}
    location = first["locations"][0]["physicalLocation"]
    assert location["region"] == {"startLine": 4, "startColumn": 16, "endLine": 4, "endColumn": 21}
    assert by_code["SL102"]["locations"][0]["physicalLocation"]["region"] == {"startLine": 5, "startColumn": 7}
    assert "properties" not in by_code["SL102"]
    odd = by_code["SL131"]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert unquote(odd) == "skills/my skill,ü/SKILL.md"
    assert "region" not in by_code["SL500"]["locations"][0]["physicalLocation"]


def test_sarif_over_all_bad_fixtures_is_valid() -> None:
    cases = sorted(str(p.relative_to(FIXTURES)) for p in FIXTURES.glob("SL*/bad/*") if p.is_dir())
    code, out, err = run_cli(
        ["check", *cases, "--isolated", "--select", "ALL", "--format", "sarif", "--jobs", "1"], FIXTURES
    )
    assert code == 1, err
    log = json.loads(out)
    _validate_sarif(log)
    run = log["runs"][0]
    codes = {r["ruleId"] for r in run["results"]}
    assert len(codes) >= 10, codes
    driver = run["tool"]["driver"]
    assert driver["version"] == __version__
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and "helpUri" not in rule
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    # the same findings as the json format, in the same order
    _, plain, _ = run_cli(["check", *cases, "--isolated", "--select", "ALL", "--format", "json", "--jobs", "1"],
                          FIXTURES)
    items = json.loads(plain)
    assert [r["ruleId"] for r in run["results"]] == [item["code"] for item in items]
    for result, item in zip(run["results"], items, strict=True):
        assert unquote(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) == item["path"]
        assert result.get("properties", {}).get("target") == item["target"]


# GitHub annotations

ANNOTATION = re.compile(
    r"::(error|warning|notice) file=[^,:\n]+,line=\d+(,col=\d+)?(,endLine=\d+)?(,endColumn=\d+)?,title=[^:,\n]+::[^\n]+"
)


def test_github_escaping() -> None:
    assert escape_data("100%\r\nnext: a, b") == "100%25%0D%0Anext: a, b"
    assert escape_property("a: b, 100%\n") == "a%3A b%2C 100%25%0A"


def test_github_annotations_over_all_bad_fixtures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")  # `auto` picks github under GitHub Actions
    cases = sorted(str(p.relative_to(FIXTURES)) for p in FIXTURES.glob("SL*/bad/*") if p.is_dir())
    code, out, err = run_cli(["check", *cases, "--isolated", "--select", "ALL", "--jobs", "1"], FIXTURES)
    assert code == 1, err
    lines = out.splitlines()
    assert lines
    for line in lines:
        assert ANNOTATION.fullmatch(line), line
    _, plain, _ = run_cli(["check", *cases, "--isolated", "--select", "ALL", "--format", "json", "--jobs", "1"],
                          FIXTURES)
    assert len(lines) == len(json.loads(plain))


# Colour

BROKEN = "---\nname: Bad-Name\ndescription: Something useful. Use when needed.\n---\nBody\n"


@pytest.fixture
def broken_skill(tmp_path: Path) -> Path:
    (tmp_path / "bad-name").mkdir()
    (tmp_path / "bad-name" / "SKILL.md").write_text(BROKEN, encoding="utf-8")
    return tmp_path


def test_color_flag_forces_ansi_in_a_pipe(broken_skill: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # an explicit --color wins over NO_COLOR
    code, out, _ = run_cli(["check", "--isolated", "--format", "full", "--color"], broken_skill)
    assert code == 1 and ANSI.search(out)
    assert "Bad-Name" in ANSI.sub("", out)


@pytest.mark.parametrize("fmt", ["full", "concise"])
def test_no_colour_in_a_pipe(broken_skill: Path, monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)  # it would turn colour on in a pipe
    code, out, _ = run_cli(["check", "--isolated", "--format", fmt], broken_skill)
    assert code == 1 and "SL112" in out and "\x1b" not in out
    code, out, _ = run_cli(["check", "--isolated", "--format", fmt, "--no-color"], broken_skill)
    assert code == 1 and "\x1b" not in out


def _run_on_a_terminal(cwd: Path, args: list[str], env: dict[str, str]) -> str:
    """Run the real CLI with stdout on a pseudo-terminal; return what it printed."""
    pty = pytest.importorskip("pty")
    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "skilllint", *args], cwd=cwd, env=env,
            stdin=subprocess.DEVNULL, stdout=terminal, stderr=subprocess.PIPE,
        )
        os.close(terminal)
        chunks = []
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
    finally:
        os.close(controller)
    return b"".join(chunks).decode("utf-8", errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_terminal_gets_colour_unless_no_color(broken_skill: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "GITHUB_ACTIONS", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    args = ["check", "--isolated", "--no-progress"]
    shown = _run_on_a_terminal(broken_skill, args, env)
    assert "SL112" in shown and ANSI.search(shown), shown  # auto: full, in colour
    shown = _run_on_a_terminal(broken_skill, args, {**env, "NO_COLOR": "1"})
    assert "SL112" in shown and not ANSI.search(shown), shown


def test_sarif_marks_the_security_rules_for_code_scanning(tmp_path: Path) -> None:
    """SL6xx rule descriptors carry `security-severity` and the `security` tag, so GitHub code scanning
    ranks them as security alerts; other rules carry neither."""
    skill = tmp_path / "setup"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: setup\ndescription: Set up. Use on a new machine.\n---\n\n"
                                    "```bash\ncurl -LsSf https://astral.sh/uv/install.sh | sh\n```\n", encoding="utf-8")
    _, out, _ = run_cli(["check", ".", "--isolated", "--format", "sarif", "--no-cache", "--select", "SL609,SL700"],
                        tmp_path)
    rules = {rule["id"]: rule for rule in json.loads(out)["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["SL609"]["properties"] == {"security-severity": "5.0", "tags": ["security"]}


def test_format_text_is_full(tmp_path: Path) -> None:
    """`coverage` and `matrix` call their human-readable report `text`; `check --format text` is `full`."""
    (tmp_path / "deploy").mkdir()
    text = "---\nname: Deploy\ndescription: Deploys. Use when asked.\n---\nBody\n"
    (tmp_path / "deploy" / "SKILL.md").write_text(text, encoding="utf-8")
    outputs = [run_cli(["check", ".", "--isolated", "--no-cache", "--no-color", "--format", fmt], tmp_path)[1]
               for fmt in ("text", "full")]
    assert outputs[0] == outputs[1] and "error[SL112]" in outputs[0]


def test_the_caret_counts_terminal_cells() -> None:
    """A wide character (CJK, emoji) takes two cells: the caret under `Bassh` after `読む ` starts at cell 20
    of `allowed-tools: 読む Bassh`, though `Bassh` is its 19th character; the caret under `読む` is four wide."""
    from skilllint.output.formatters.full import _source_block

    line = "allowed-tools: 読む Bassh"
    for column, end, caret in ((19, 24, " " * 20 + "^" * 5), (16, 18, " " * 15 + "^" * 4)):
        diagnostic = Diagnostic("s/SKILL.md", Span(4, column, 4, end), "SL200", "unknown-tool", Severity.ERROR, "m")
        assert _source_block(diagnostic, line, False)[2] == "  | " + caret
