"""`skilllint server`, driven as an editor drives it: the real server in a subprocess, JSON-RPC over
its stdin and stdout with Content-Length framing (tests/lspclient.py), no editor.

What an editor relies on: diagnostics of the buffer's text (not the disk's) on open, after a
burst of changes (debounced: one lint for the last version), on save, cleared on close; exact
ranges in UTF-16 code units; hover on a tool name; quick fixes from the findings' fixes; a broken
config as a diagnostic while the server goes on; shutdown and exit.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.lspclient import LspClient

BROKEN = textwrap.dedent("""\
    ---
    name: emo
    description: Greets people. Use when someone says hello.
    allowed-tools: Read Editt
    ---

    Say hello.
    😀 Then run the `Editt` tool.
    """)
CLEAN = BROKEN.replace("Editt", "Edit")


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _range_of(text: str, needle: str, line_index: int) -> dict[str, Any]:
    """The LSP range of `needle` on 0-based line `line_index` of `text`, in UTF-16 code units,
    computed here from the text (not from skilllint's columns)."""
    line = text.split("\n")[line_index]
    start = _utf16(line[: line.index(needle)])
    return {"start": {"line": line_index, "character": start},
            "end": {"line": line_index, "character": start + _utf16(needle)}}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()  # the project's root: config lookup stops here
    (tmp_path / ".skilllint.yaml").write_text("targets: [claude-code]\n", encoding="utf-8")
    (tmp_path / "emo").mkdir()
    (tmp_path / "emo" / "SKILL.md").write_text(CLEAN, encoding="utf-8")
    return tmp_path


@contextmanager
def serving(root: Path, command: list[str] | None = None, encodings: list[str] | None = None
            ) -> Iterator[tuple[LspClient, dict[str, Any]]]:
    """A server started in `root` and initialized (offering `encodings` when given): the client and
    the server's capabilities. Killed at the end if the test did not close it."""
    client = LspClient(root, command)
    try:
        capabilities = {"general": {"positionEncodings": encodings}} if encodings else {}
        result = client.request("initialize", {"processId": None, "rootUri": root.as_uri(),
                                               "capabilities": capabilities})
        client.notify("initialized", {})
        yield client, result["capabilities"]
    finally:
        if client.process.poll() is None:
            client.process.kill()
            client.process.wait()


@pytest.fixture
def server(workspace: Path) -> Iterator[LspClient]:
    with serving(workspace) as (client, capabilities):
        assert capabilities["hoverProvider"] is True
        assert capabilities["codeActionProvider"]["codeActionKinds"] == ["quickfix"]
        assert capabilities.get("positionEncoding", "utf-16") == "utf-16"
        yield client


def _open(client: LspClient, uri: str, text: str, language: str = "markdown", version: int = 1) -> None:
    client.notify("textDocument/didOpen",
                  {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}})


def _change(client: LspClient, uri: str, text: str, version: int) -> None:
    client.notify("textDocument/didChange",
                  {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})


def _codes(published: dict[str, Any]) -> list[str]:
    return sorted(d["code"] for d in published["diagnostics"])


def test_diagnostics_follow_the_buffer_through_open_change_save_and_close(server: LspClient, workspace: Path) -> None:
    uri = (workspace / "emo" / "SKILL.md").as_uri()
    _open(server, uri, BROKEN)  # the disk holds the clean text: what is reported is the buffer's
    published = server.diagnostics(uri)
    assert published["version"] == 1
    by_code = {d["code"]: d for d in published["diagnostics"]}
    assert set(by_code) == {"SL200", "SL320"}
    assert by_code["SL200"]["range"] == _range_of(BROKEN, "Editt", 3)
    # an emoji (two UTF-16 code units, one skilllint column) precedes the body's finding
    assert by_code["SL320"]["range"] == _range_of(BROKEN, "Editt", 7)
    assert by_code["SL200"]["severity"] == 1 and by_code["SL320"]["severity"] == 2
    assert by_code["SL200"]["source"] == "skilllint"
    assert "`Editt` is not a tool of claude-code" in by_code["SL200"]["message"]
    assert "help: did you mean `Edit`?" in by_code["SL200"]["message"]

    # a burst of edits is linted once, for its last version
    _change(server, uri, BROKEN.replace("Read Editt", "Read Edit"), 2)
    _change(server, uri, CLEAN.replace("Read Edit", "Read Edi"), 3)
    _change(server, uri, CLEAN, 4)
    published = server.diagnostics(uri)
    assert published["version"] == 4
    assert published["diagnostics"] == []

    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})  # no change: a save alone lints
    published = server.diagnostics(uri)
    assert published["version"] == 4 and published["diagnostics"] == []

    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert server.diagnostics(uri)["diagnostics"] == []
    assert server.close() == 0


def test_hover_shows_how_a_tool_name_resolves_on_the_files_targets(server: LspClient, workspace: Path) -> None:
    uri = (workspace / "emo" / "SKILL.md").as_uri()
    _open(server, uri, BROKEN)
    server.diagnostics(uri)

    def hover(line: int, needle: str, offset: int = 1) -> Any:
        character = _range_of(BROKEN, needle, line)["start"]["character"] + offset
        return server.request("textDocument/hover",
                              {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})

    in_body = hover(7, "Editt")  # after the emoji: the position is in UTF-16 units
    assert in_body["contents"]["kind"] == "markdown"
    assert "claude-code: `Editt`: unknown [FAIL]" in in_body["contents"]["value"]
    assert "`Edit`" in in_body["contents"]["value"]
    in_field = hover(3, "Read")
    assert "claude-code: `Read`: exact -> `Read` [ok]" in in_field["contents"]["value"]
    assert hover(6, "hello") is None  # prose
    assert hover(1, "emo") is None  # a field that names no tool
    assert server.close() == 0


def test_subagents_and_settings_files_get_their_diagnostics(server: LspClient, workspace: Path) -> None:
    agents = workspace / ".claude" / "agents"
    agents.mkdir(parents=True)
    agent = agents / "reviewer.md"  # not on disk: a new file, linted before it is saved
    agent_text = "---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Editt\n---\nReview.\n"
    _open(server, agent.as_uri(), agent_text)
    published = server.diagnostics(agent.as_uri())
    assert [(d["code"], d["range"]) for d in published["diagnostics"]] == [("SL200", _range_of(agent_text, "Editt",
                                                                                                 3))]

    settings = workspace / ".claude" / "settings.json"
    settings_text = '{\n  "permissions": {\n    "deny": ["Editt(rm:*)"]\n  }\n}\n'
    _open(server, settings.as_uri(), settings_text, language="json")
    published = server.diagnostics(settings.as_uri())
    assert "SL200" in _codes(published)
    assert all(d["range"]["start"]["line"] == 2 for d in published["diagnostics"])

    # a save re-lints every open file: a settings file can change what another file's findings are
    server.notify("textDocument/didSave", {"textDocument": {"uri": settings.as_uri()}})
    assert server.diagnostics(settings.as_uri())["version"] == 1
    assert server.diagnostics(agent.as_uri())["version"] == 1

    notes = workspace / "notes.md"  # no file skilllint lints: nothing to say, and no error
    _open(server, notes.as_uri(), "# Notes\n\n`Editt`\n")
    assert server.diagnostics(notes.as_uri())["diagnostics"] == []
    assert server.close() == 0


def test_a_broken_config_is_a_diagnostic_and_the_server_goes_on(server: LspClient, workspace: Path) -> None:
    other = workspace / "other"
    (other / "hi").mkdir(parents=True)
    (other / ".skilllint.yaml").write_text("targets: [no-such-runtime]\n", encoding="utf-8")
    uri = (other / "hi" / "SKILL.md").as_uri()
    _open(server, uri, CLEAN.replace("emo", "hi"))
    published = server.diagnostics(uri)
    [problem] = published["diagnostics"]
    assert problem["message"].startswith("skilllint config error: unknown target `no-such-runtime`")
    assert problem["range"]["start"] == {"line": 0, "character": 0}
    good = (workspace / "emo" / "SKILL.md").as_uri()  # the nearest config of each file: this one's is fine
    _open(server, good, BROKEN)
    assert _codes(server.diagnostics(good)) == ["SL200", "SL320"]
    assert server.close() == 0


_WITH_A_FIXING_RULE = """
import sys
import skilllint.checks
from skilllint.model import Fix, Severity, Span, TextEdit
from skilllint.readfacts import Location
from skilllint.rule import Finding, SkillRule

def check(ctx):
    doc = ctx.doc
    for number, line in enumerate(doc.lines, 1):
        column = line.find("Editt")
        if column >= 0:
            offset = sum(len(text) + 1 for text in doc.lines[: number - 1]) + column
            span = Location(doc.path, Span(number, column + 1, number, column + 6))
            edit = TextEdit(offset, offset + 5, "Edit", span.span)
            yield Finding(span, "`Editt` is a typo", fix=Fix("replace `Editt` with `Edit`", (edit,)))

RULE = SkillRule(code="SL999", name="test-typo", summary="A made-up rule with a fix", severity=Severity.WARNING,
                 check=check, fixable=True)
loaded = skilllint.checks.all_rules()
skilllint.checks.all_rules = lambda: (*loaded, RULE)
from skilllint.cli import main
sys.argv = ["skilllint", "server"]
main()
"""


def test_a_findings_fix_is_a_quick_fix_code_action(workspace: Path) -> None:
    """Until the rules declare their fixes, a made-up rule (added by the script that starts the
    server) proposes one; the server turns it into a WorkspaceEdit of the document's version."""
    with serving(workspace, [sys.executable, "-c", _WITH_A_FIXING_RULE]) as (client, _):
        uri = (workspace / "emo" / "SKILL.md").as_uri()
        _open(client, uri, BROKEN)
        published = client.diagnostics(uri)
        typos = [d for d in published["diagnostics"] if d["code"] == "SL999"]
        assert len(typos) == 2
        body = next(d for d in typos if d["range"]["start"]["line"] == 7)
        actions = client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": body["range"], "context": {"diagnostics": [body]}})
        [action] = actions
        assert action["kind"] == "quickfix" and action["title"] == "replace `Editt` with `Edit` (SL999)"
        assert action["edit"]["changes"] == {uri: [{"range": _range_of(BROKEN, "Editt", 7), "newText": "Edit"}]}
        # diagnostics of an older version: their edits would land in the wrong place, so none is offered
        _change(client, uri, "\n" + BROKEN, 2)
        client.diagnostics(uri)
        assert client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": body["range"], "context": {"diagnostics": [body]}}) == []
        assert client.close() == 0


def test_the_framing_carries_non_ascii_bodies(server: LspClient, workspace: Path) -> None:
    """Content-Length counts bytes: a message with an emoji is read whole, and its reply too."""
    uri = (workspace / "emo" / "SKILL.md").as_uri()
    _open(server, uri, BROKEN.replace("Say hello.", "Say hello 👋 " * 50))
    published = server.diagnostics(uri)
    assert json.dumps(published)  # parsed whole
    assert _codes(published) == ["SL200", "SL320"]
    assert server.close() == 0


def test_a_client_that_counts_utf8_bytes_gets_byte_offsets(workspace: Path) -> None:
    with serving(workspace, encodings=["utf-8"]) as (client, capabilities):
        assert capabilities["positionEncoding"] == "utf-8"
        uri = (workspace / "emo" / "SKILL.md").as_uri()
        _open(client, uri, BROKEN)
        [body] = [d for d in client.diagnostics(uri)["diagnostics"] if d["code"] == "SL320"]
        line = BROKEN.split("\n")[7]
        start = len(line[: line.index("Editt")].encode("utf-8"))  # the emoji is 4 bytes
        assert body["range"] == {"start": {"line": 7, "character": start},
                                 "end": {"line": 7, "character": start + len("Editt")}}
        hovered = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                        "position": {"line": 7, "character": start + 2}})
        assert "`Editt`: unknown" in hovered["contents"]["value"]
        assert client.close() == 0
