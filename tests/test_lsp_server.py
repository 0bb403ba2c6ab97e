"""`skilllint server`, driven as an editor drives it: the real server in a subprocess, JSON-RPC over
its stdin and stdout with Content-Length framing (tests/lspclient.py), no editor.

What an editor relies on: diagnostics of the buffer's text (not the disk's) on open, after a
burst of changes (debounced: one lint for the last version), on save, cleared on close; exact
ranges in UTF-16 code units; hover on a tool name; quick fixes from the findings' fixes; a broken
config as a diagnostic while the server goes on; shutdown and exit.
"""

from __future__ import annotations

import json
import os
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
    return len(text.encode("utf-16-le", "surrogatepass")) // 2  # a lone surrogate: one unit


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
def serving(root: Path, command: list[str] | None = None, encodings: list[str] | None = None, *,
            memory_limit: int | None = None, root_uri: bool = True) -> Iterator[tuple[LspClient, dict[str, Any]]]:
    """A server started in `root` and initialized (offering `encodings` when given; with `root` as
    its rootUri unless `root_uri` is false): the client and the server's capabilities. Killed at
    the end if the test did not close it."""
    client = LspClient(root, command, memory_limit)
    try:
        capabilities = {"general": {"positionEncodings": encodings}} if encodings else {}
        result = client.request("initialize", {"processId": None, "rootUri": root.as_uri() if root_uri else None,
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
    # both errors: `Editt` is declared in the skill's own tool list, so the instruction surely names a tool
    assert by_code["SL200"]["severity"] == 1 and by_code["SL320"]["severity"] == 1
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
    assert problem["message"].startswith("skilllint config error: ")  # naming the config file and the place
    assert ".skilllint.yaml: line 1, column 11: key `targets`: unknown target `no-such-runtime`" in problem["message"]
    assert problem["range"]["start"] == {"line": 0, "character": 0}
    good = (workspace / "emo" / "SKILL.md").as_uri()  # the nearest config of each file: this one's is fine
    _open(server, good, BROKEN)
    assert _codes(server.diagnostics(good)) == ["SL200", "SL320"]
    assert server.close() == 0


FIXABLE = CLEAN.replace("Greets people.", "Greets people 😀\u200b.").replace("Read Edit", "Read edit")


def _apply(text: str, edits: list[dict[str, Any]]) -> str:
    """What an editor does with a WorkspaceEdit's edits (UTF-16 positions), last first."""
    lines = text.split("\n")

    def offset(position: dict[str, int]) -> int:
        line = lines[position["line"]]
        units = 0
        for index, character in enumerate(line):
            if units >= position["character"]:
                return sum(len(before) + 1 for before in lines[: position["line"]]) + index
            units += _utf16(character)
        return sum(len(before) + 1 for before in lines[: position["line"]]) + len(line)

    for edit in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]),
                       reverse=True):
        text = text[: offset(edit["range"]["start"])] + edit["newText"] + text[offset(edit["range"]["end"]):]
    return text


def test_a_findings_fix_is_a_quick_fix_code_action(server: LspClient, workspace: Path) -> None:
    uri = (workspace / "emo" / "SKILL.md").as_uri()
    _open(server, uri, FIXABLE)
    by_code = {d["code"]: d for d in server.diagnostics(uri)["diagnostics"]}
    assert set(by_code) == {"SL604", "SL212"}

    def actions(diagnostic: dict[str, Any]) -> Any:
        return server.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": diagnostic["range"], "context": {"diagnostics": [diagnostic]}})

    [invisible] = actions(by_code["SL604"])
    assert invisible["kind"] == "quickfix" and invisible["isPreferred"] is True
    assert invisible["title"] == "delete the invisible U+200B ZERO WIDTH SPACE (SL604)"
    # after an emoji: the edit's range counts UTF-16 units, as the diagnostic's does
    assert invisible["edit"]["changes"] == {uri: [{"range": _range_of(FIXABLE, "\u200b", 2), "newText": ""}]}
    [case] = actions(by_code["SL212"])
    assert case["edit"]["changes"] == {uri: [{"range": _range_of(FIXABLE, "edit", 3), "newText": "Edit"}]}

    fixed = _apply(FIXABLE, [*invisible["edit"]["changes"][uri], *case["edit"]["changes"][uri]])
    assert fixed == CLEAN.replace("Greets people.", "Greets people 😀.")
    _change(server, uri, fixed, 2)
    assert server.diagnostics(uri)["diagnostics"] == []  # the fixes fixed what they were for
    # the diagnostics of version 1 no longer match the text: their edits would land in the wrong place
    assert actions(by_code["SL212"]) == []
    assert server.close() == 0


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


# What a client sends is not trusted (issue 29): files the editor never opened, URIs, text.

unix_only = pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="FIFOs, /dev/zero, rlimits")


def _hover(client: LspClient, uri: str, line: int = 0, character: int = 0, timeout: float = 10.0) -> dict[str, Any]:
    return client.call("textDocument/hover", {"textDocument": {"uri": uri},
                                              "position": {"line": line, "character": character}}, timeout)


def _peak_rss_kib(pid: int) -> int | None:
    """The process's peak resident memory (Linux's VmHWM); None where /proc does not say."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return None


@unix_only
def test_a_file_never_opened_that_is_no_regular_file_is_not_read(workspace: Path) -> None:
    """Hover and save on a file the editor never opened read it from disk. A SKILL.md that is a
    symlink to /dev/zero was read without end (7.9 GB), a FIFO blocked the server for good: now
    neither is read (open without blocking, fstat, regular files only) and the save reports what
    `check` reports."""
    (workspace / "zero").mkdir()
    zero = workspace / "zero" / "SKILL.md"
    zero.symlink_to("/dev/zero")
    (workspace / "pipe").mkdir()
    pipe = workspace / "pipe" / "SKILL.md"
    os.mkfifo(pipe)
    # 1 GiB of address space: the server needs a fifth of it; one that reads /dev/zero fails fast
    with serving(workspace, memory_limit=1 << 30) as (client, _):
        assert _hover(client, zero.as_uri()) == {"jsonrpc": "2.0", "id": client.next_id, "result": None}
        peak = _peak_rss_kib(client.process.pid)
        assert peak is None or peak < 300 * 1024, f"peak RSS {peak} KiB"
        # at once, not after the timeout
        assert _hover(client, pipe.as_uri()) == {"jsonrpc": "2.0", "id": client.next_id, "result": None}
        client.notify("textDocument/didSave", {"textDocument": {"uri": pipe.as_uri()}})
        [fifo] = client.diagnostics(pipe.as_uri())["diagnostics"]
        assert (fifo["code"], fifo["message"].split("\n")[0]) == ("SL001", "a FIFO (named pipe), not a regular file; "
                                                                              "not read")
        client.notify("textDocument/didSave", {"textDocument": {"uri": zero.as_uri()}})
        assert _codes(client.diagnostics(zero.as_uri())) == ["SL005"]  # a symlink out of the project: not followed
        hovered = _hover(client, (workspace / "emo" / "SKILL.md").as_uri(), 3, len("allowed-tools: R"))
        assert "`Read`: exact" in hovered["result"]["contents"]["value"]  # a regular file is read as before
        assert client.close() == 0


@unix_only
def test_a_file_never_opened_is_read_up_to_the_size_limit_check_uses(workspace: Path) -> None:
    """The limit is the config's `max-file-size`, as for `check`: no more than it is read (a 4 GiB
    file was read whole, here past the server's memory), no hover past it (the file is not parsed),
    and a save reports SL003 with the file's true size."""
    (workspace / ".skilllint.yaml").write_text("targets: [claude-code]\nmax-file-size: 1000\n", encoding="utf-8")
    big = workspace / "emo" / "SKILL.md"
    text = CLEAN + "Padding.\n" * 200
    big.write_text(text, encoding="utf-8")
    (workspace / "huge").mkdir()
    huge = workspace / "huge" / "SKILL.md"
    huge.write_text(CLEAN.replace("emo", "huge"), encoding="utf-8")
    os.truncate(huge, 4 << 30)  # sparse: no disk taken
    with serving(workspace, memory_limit=1 << 30) as (client, _):
        for file, size in [(big, len(text.encode())), (huge, 4 << 30)]:
            assert _hover(client, file.as_uri(), 3, len("allowed-tools: R")) == {
                "jsonrpc": "2.0", "id": client.next_id, "result": None}
            client.notify("textDocument/didSave", {"textDocument": {"uri": file.as_uri()}})
            [too_large] = client.diagnostics(file.as_uri())["diagnostics"]
            assert too_large["code"] == "SL003"
            assert f"file is {size:,} bytes, over the limit of 1,000" in too_large["message"]
        peak = _peak_rss_kib(client.process.pid)
        assert peak is None or peak < 300 * 1024, f"peak RSS {peak} KiB"
        assert client.close() == 0


def test_a_lone_surrogate_in_the_text_is_sl002_not_an_internal_error(server: LspClient, workspace: Path) -> None:
    """JSON can carry `\\ud800`, UTF-8 cannot: the buffer is linted as the bytes it would be, not UTF-8."""
    uri = (workspace / "emo" / "SKILL.md").as_uri()
    text = CLEAN.replace("Greets people.", "Greets \ud800 people.")
    _open(server, uri, text)
    [found] = server.diagnostics(uri)["diagnostics"]
    assert found["code"] == "SL002" and found["message"].startswith("invalid UTF-8 at byte offset")
    assert found["range"] == _range_of(text, "\ud800", 2)
    # not parsed: no tool there, and no error
    assert _hover(server, uri, 3, len("allowed-tools: R")) == {"jsonrpc": "2.0", "id": server.next_id, "result": None}
    assert server.close() == 0


@pytest.mark.parametrize("root_uri", [True, False])
def test_a_uri_the_system_cannot_take_is_refused_not_linted(workspace: Path, root_uri: bool) -> None:
    """A NUL (`%00`) or a path past PATH_MAX ended in SL000 (ValueError, ENAMETOOLONG; without a
    workspace folder the long path was walked up for `.git`): now a warning says why, and a
    request on it is InvalidParams."""
    folder = (workspace / "emo").as_uri()
    with serving(workspace, root_uri=root_uri) as (client, _):
        for uri, why in [(folder + "/SKILL%00.md", "its path holds a NUL character"),
                         (folder + "/" + "a" * 100_000 + "/SKILL.md", "its path is 100,"),
                         ("file:///" + "a/" * 50_000 + "SKILL.md", "its path is 100,"),
                         (folder + "/" + "a" * 300 + ".md", "a name in its path is 303 bytes long")]:
            _open(client, uri, CLEAN)
            [refused] = client.diagnostics(uri, timeout=10)["diagnostics"]
            assert refused["message"].startswith("skilllint: not linted: " + why), refused
            assert refused["severity"] == 2 and "code" not in refused
            error = _hover(client, uri)["error"]
            assert error["code"] == -32602 and why in error["message"]
        assert not [m for m in client.seen if m.get("method") == "window/showMessage"]
        good = (workspace / "emo" / "SKILL.md").as_uri()
        _open(client, good, BROKEN)
        assert _codes(client.diagnostics(good)) == ["SL200", "SL320"]
        assert client.close() == 0


def test_a_change_to_a_document_never_opened_is_ignored(server: LspClient, workspace: Path) -> None:
    """pygls answered "Error in server: KeyError": the change is logged and dropped, nothing linted."""
    uri = (workspace / "emo" / "SKILL.md").as_uri()
    _change(server, uri, BROKEN, 2)
    logged = server.wait_for(lambda m: m.get("method") == "window/logMessage")
    assert logged["params"]["message"] == f"skilllint: didChange for a document that is not open, ignored: {uri}"
    _open(server, uri, BROKEN)  # the server goes on: the document opened is linted from its text
    published = server.diagnostics(uri)
    assert published["version"] == 1 and _codes(published) == ["SL200", "SL320"]
    assert not [m for m in server.seen if m.get("method") in ("window/showMessage", "textDocument/publishDiagnostics")]
    assert server.close() == 0
