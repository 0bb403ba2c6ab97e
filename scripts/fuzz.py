#!/usr/bin/env python3
"""Mutation fuzzer: one bad file must never stop, hang or fool a skilllint run.

Usage:
    python scripts/fuzz.py N [--seed S] [--corpus DIR] [--out [DIR]]

Makes N inputs from the real skills of a corpus folder (default `../shared/corpus` beside the
repository): a SKILL.md (sometimes with its folder's other files), a tool manifest or a
config built from small templates, each mutated (byte flips, insertions, deletions,
truncation, splicing, duplicated regions, hostile YAML and Markdown constructs, odd
encodings) and now and then a special file (a FIFO, a folder or a symlink loop named like
the file). Each input is written into a fresh temporary tree and linted in-process through
the public engine API (`build_settings` + `lint_paths`), which is fast enough to try
hundreds of inputs a second on one core.

A FAULT is an exception escaping `lint_paths` (or the config loading, other than a config
error), an `SL000` diagnostic (skilllint failed on a file), a crash of the process, or an
input that takes more than 1 s. Inputs run in a forked worker process, one at a time, so a
segfault or a hang kills only the worker: the input it was running is the culprit (it is
re-run alone in a fresh worker to confirm), and `faulthandler` in the worker says where it
was. Faults are deduplicated by (exception type, innermost skilllint frame `file:line`);
each new one is minimised by delta debugging (drop other files, then chunks of lines, halve
repeated runs, then chunks of bytes, while it still faults the same way; a slow input is
stopped at 1 s while triaging) and printed as a Python bytes expression with its kind and
traceback. `--out` also saves them (to a new temporary folder when no DIR is
given). Exit code 1 when any fault was found. The same seed gives the same inputs.
"""

from __future__ import annotations

import argparse
import faulthandler
import functools
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run as `python scripts/fuzz.py` without installing
    sys.path.insert(0, str(REPO))

import yaml  # noqa: E402

import skilllint  # noqa: E402

DEFAULT_CORPUS = REPO.parent / "shared" / "corpus"
SKILLLINT_DIR = Path(skilllint.__file__).resolve().parent
TARGETS = ("agentskills", "claude-code", "sisu", "codex")
SLOW_S = 1.0
"""An input slower than this is a fault: a user's run must not stall on one file."""
HANG_S = 3.0
"""The worker is killed when one input runs this long (a FIFO read blocks forever)."""
SLOW = f"Slow(>{SLOW_S:g}s)"
"""The error of every too-slow input, killed or not: the frame it was in at SLOW_S tells causes apart."""
MEMORY_LIMIT = 2 << 30
"""Address-space cap of the worker, so an expansion bomb is a MemoryError, not a swapping machine."""
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
TMP_ROOT = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
"""Trees are made and removed hundreds of times a second: on tmpfs that costs little, on a disk much."""
MINIMISE_TESTS, MINIMISE_SECONDS = 800, 45.0
PROGRESS_EVERY = 2000
BATCH = 200


# ---------------------------------------------------------------------------------------------
# Inputs


@dataclass
class FuzzInput:
    """A small file tree to lint; `main` is the file under test (the one that gets minimised)."""

    kind: str  # skill, manifest or config
    main: str
    files: dict[str, bytes] = field(default_factory=dict)
    specials: dict[str, str] = field(default_factory=dict)  # path -> fifo, dir, loop, zero

    def size(self) -> int:
        return sum(len(data) for data in self.files.values())


class Corpus:
    """The SKILL.md files of the corpus and, on demand, the other small text files beside them."""

    TEXT_SUFFIXES = (".md", ".yaml", ".yml", ".json", ".txt", ".toml")

    def __init__(self, root: Path) -> None:
        self.root = root
        self.skills = sorted(p for p in root.rglob("SKILL.md") if p.is_file())
        if not self.skills:
            raise SystemExit(f"fuzz: no SKILL.md under {root}")

    @functools.lru_cache(maxsize=1024)  # noqa: B019 - one Corpus per run, kept alive anyway
    def siblings(self, skill: Path) -> tuple[Path, ...]:
        """Small text files of the skill's folder (up to 6), which checks of file references look at."""
        found = []
        for path in sorted(skill.parent.rglob("*")):
            if path != skill and path.is_file() and path.suffix in self.TEXT_SUFFIXES and path.stat().st_size < 65536:
                found.append(path)
        return tuple(found[:6])

    def read(self, path: Path) -> bytes:
        return path.read_bytes()


def _int_run(rng: random.Random) -> bytes:
    digits = rng.choice((4301, 5000, 5000, 20000))
    prefix = rng.choice((b"", b"-", b"+", b"0x", b"0o", b"0b", b"1e", b"0.", b"1:"))
    unit = {b"0x": b"f", b"0o": b"7", b"0b": b"1", b"1:": b"59:"}.get(prefix, b"9")
    return prefix + unit * (digits // len(unit))


def _deep(rng: random.Random) -> bytes:
    """Nesting a bit past the 64 levels skilllint allows, or rarely deep enough to overflow C stacks."""
    unit = rng.choice((b"- ", b"[", b"{", b"? ", b"{a: ", b"[a, ", b"- - ", b"? - ", b"> ", b"* ", b"1. "))
    depth = rng.randrange(100_000, 200_000) if rng.random() < 0.03 else rng.choice((63, 64, 65, 66, 70, 128, 1000))
    return unit * depth + b"x"


def _indented(rng: random.Random) -> bytes:
    depth = rng.choice((64, 65, 70, 200))
    return b"".join(b" " * i + b"k%d:\n" % i for i in range(depth)) + b" " * depth + b"x\n"


def _alias_bomb(rng: random.Random) -> bytes:
    levels, width = rng.randrange(3, 12), rng.randrange(2, 10)
    lines = [b"b0: &b0 [" + b", ".join([b"lol"] * width) + b"]"]
    for level in range(1, levels):
        lines.append(b"b%d: &b%d [" % (level, level) + b", ".join([b"*b%d" % (level - 1)] * width) + b"]")
    return b"\n".join(lines) + b"\n"


def _long_line(rng: random.Random) -> bytes:
    unit = rng.choice(LONG_UNITS)
    return unit * max(1, int(10 ** rng.uniform(3, 5.3)) // len(unit))


def _unicode_run(rng: random.Random, low: int, high: int) -> bytes:
    return "".join(chr(rng.randrange(low, high)) for _ in range(rng.randrange(1, 40))).encode("utf-8", "surrogatepass")


LONG_UNITS = (
    b"a", b"a ", b"`", b"``", b"[", b"](", b"[a](", b"*", b"_", b"<", b"<!--", b"\\", b"|", b"-", b"#", b"!", b"~",
    b" ", b"\t", b"\xe2\x80\x8b", b"Bash ", b"mcp__", b":", b"(", b")", b"${", b"{{", b"&", b"&#", b"http://a/",
    b"a.", b"'", b'"', b"- ", b"Read, ", b"\xf3\xa0\x80\x81",
)

TAGS = (
    b"!!int x", b"!!int 0x", b"!!int", b"!!float k", b"!!float", b"!!timestamp 2024-02-30", b"!!timestamp x",
    b"!!timestamp", b"!!bool maybe", b"!!bool", b"!!binary @@@", b"!!binary", b"!!binary =", b"!!null x",
    b"!!python/object:os.system x", b"!!python/name:os.system", b"!!python/tuple [1]", b"!!set {a, b}",
    b"!!set [a]", b"!!omap [a]", b"!!omap {a: 1}", b"!!pairs x", b"!!str", b"!!map [a]", b"!!seq {a: 1}",
    b"!!merge x", b"!!value x", b"!!yaml x", b"!foo bar", b"!foo", b"!<tag:x> y", b"!<!> z", b"!e!foo x",
    b"!!str [a]", b"!!int [1]", b"!!float {a: 1}",
)
DATES = (
    b"2024-02-30", b"2024-13-01", b"2024-00-00", b"0000-01-01", b"2023-02-29", b"9999-12-31T25:61:61",
    b"2024-02-30 12:00:00", b"2024-01-01T00:00:00+99:99", b"2001-12-14t21:59:43.10-05:00", b"2024-1-1",
    b"1-01-01", b"2024-02-31T00:00:00Z",
)
CONTROLS = (
    b"\x00", b"\x01", b"\x07", b"\x08", b"\x0b", b"\x0c", b"\x1b[31m", b"\x7f", b"\xc2\x85", b"\xe2\x80\xa8",
    b"\xe2\x80\xa9", b"\t", b"\r", b"\r\n", b"\n\r", b"\xc2\x80", b"\xc2\x9f",
)
BIDI_ZERO_WIDTH = tuple(
    chr(c).encode() for c in (0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E,
                              0x200F, 0x061C, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0x00AD, 0x034F)
)
INVALID_UTF8 = (
    b"\xff", b"\xfe", b"\x80", b"\xc3\x28", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82",
    b"\xf0\x9f", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff",
)
MARKDOWN = (
    b"```", b"```python\n", b"~~~", b"    code\n", b"`", b"``", b"[x](", b"[x][", b"[x]: ", b"<!--", b"-->",
    b"<!-- skilllint-disable SL", b"<!-- skilllint-disable -->", b"<!-- skilllint-disable-next-line -->",
    b"<!-- skilllint-enable SL2 -->", b"<!-- skilllint-disable-file SL999 -- why -->",
    b"<!-- skilllint-disable-line unknown-tool", b"<details>", b'<a href="', b"![img](", b"[a](../../../../x)",
    b"[a](file:///etc/passwd)", b"[a](#)", b"[a](<>)", b"[a](http://[::1)", b"[a](%zz)", b"[a](scripts/x.py#L1)",
    b"[a](/abs/path)", b"[a](C:\\x)", b"[a](~/x)", b"](", b"`Bash(`", b"`mcp__a__b`", b"`Read`", b"`bash`",
    b"Bash(git:*", b"* * *", b"|a|b|\n|-|\n", b"\\", b"&#x0;", b"&#99999999;", b"&amp", b"<https://",
    b"[^1]", b"# \n", b"#" * 7 + b" h\n", b"\n---\n", b"\n...\n", b"- [ ] ", b"> > > ", b"<script>",
    b"`use the Bash tool`", b"call the `Task` tool", b"@file.md", b"${CLAUDE_PLUGIN_ROOT}/x",
)
FRONTMATTER = (
    b"name: ", b"description: |\n", b"description: >-\n", b"allowed-tools: [Bash(, Read]",
    b"allowed-tools: Bash(git:*) Read(", b"allowed-tools:\n  - ", b"allowed-tools: {a: 1}", b"tools: [1, 2]",
    b"metadata: {a: {b: [c", b"metadata: [", b"---", b"...", b"--- !foo", b"%YAML 1.1\n", b"%TAG ! tag:x,2000:\n",
    b"name: a\nname: b", b"1: x", b"? [a, b]\n: c", b"null: x", b"~: x", b"true: x", b"2024-01-01: x", b"[a]: b",
    b"{a: 1}: b", b"? |\n  x\n: y", b"<<: *a", b"<<: [*a, 1]", b"<<: 1", b"<<: {a: 1}", b"a: &a x\nb: *a",
    b"*undefined", b"&a [*a]", b"&a", b'"abc', b"'abc", b'"\\x', b'"\\u12"', b'"\\U0010FFFF"', b'"\\ud800"',
    b'"\\U00110000"', b"# skilllint-disable-next-line", b"x: v # skilllint-disable-line SL999",
    b"compatibility: ", b"license: ", b"version: ", b"model: ", b"disable-model-invocation: ",
    b"user-invocable: ", b"context: ", b"hooks: ", b"argument-hint: ", b"when_to_use: ", b"disallowed-tools: ",
)


def _tag_chars(rng: random.Random) -> bytes:
    return _unicode_run(rng, 0xE0000, 0xE0080)


def _controls(rng: random.Random) -> bytes:
    return b"".join(rng.choice(CONTROLS) for _ in range(rng.randrange(1, 6)))


HOSTILE: tuple[Callable[[random.Random], bytes], ...] = (
    lambda rng: rng.choice(TAGS),
    lambda rng: rng.choice(DATES),
    lambda rng: rng.choice(FRONTMATTER),
    lambda rng: rng.choice(FRONTMATTER) + rng.choice(TAGS + DATES),
    lambda rng: rng.choice(MARKDOWN),
    lambda rng: rng.choice(BIDI_ZERO_WIDTH) * rng.randrange(1, 4),
    lambda rng: rng.choice(INVALID_UTF8),
    _int_run,
    _deep,
    _indented,
    _alias_bomb,
    _long_line,
    _tag_chars,
    _controls,
    lambda rng: _unicode_run(rng, 0x80, 0x3000),
    lambda rng: _unicode_run(rng, 0xD800, 0xE000),  # lone surrogates, as invalid UTF-8
)


def hostile(rng: random.Random) -> bytes:
    return rng.choice(HOSTILE)(rng)


# ---------------------------------------------------------------------------------------------
# Mutators: bytes -> bytes, each given the rng and a donor for splicing


def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def _region(rng: random.Random, data: bytes) -> tuple[int, int]:
    start = _pos(rng, data)
    return start, min(len(data), start + int(2 ** rng.uniform(0, 12)))


def m_flip(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    if not data:
        return data
    buf = bytearray(data)
    for _ in range(rng.randrange(1, 9)):
        buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
    return bytes(buf)


def m_insert_bytes(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    at = _pos(rng, data)
    return data[:at] + rng.randbytes(rng.randrange(1, 16)) + data[at:]


def m_delete(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    start, end = _region(rng, data)
    return data[:start] + data[end:]


def m_truncate(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    return data[: _pos(rng, data)]


def m_splice(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    return data[: _pos(rng, data)] + donor[_pos(rng, donor) :]


def m_duplicate(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    start, end = _region(rng, data)
    times = rng.choice((2, 2, 3, 10, 100, 1000))
    chunk = data[start:end] * times
    return data[:end] + chunk[: 900_000] + data[end:]


def m_hostile_anywhere(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    at = _pos(rng, data)
    return data[:at] + hostile(rng) + data[at:]


def _frontmatter_lines(data: bytes) -> list[int]:
    """Offsets of the line starts inside the frontmatter (after the opening `---`), if any."""
    if not data.startswith(b"---"):
        return []
    first = data.find(b"\n")
    end = data.find(b"\n---", first)
    end = len(data) if end < 0 or first < 0 else end + 1
    starts, at = [], first + 1
    while 0 < at <= end:
        starts.append(at)
        nxt = data.find(b"\n", at, end)
        at = nxt + 1 if nxt >= 0 else -1
    return starts


def m_hostile_frontmatter_line(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    starts = _frontmatter_lines(data) or [0]
    at = rng.choice(starts)
    line = rng.choice((b"", b"x: ", b"name: ", b"description: ", b"allowed-tools: ", b"metadata:\n  ", b"- "))
    return data[:at] + line + hostile(rng) + b"\n" + data[at:]


def m_hostile_value(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    """Replace the value of a frontmatter key: where validators look hardest."""
    starts = _frontmatter_lines(data)
    if not starts:
        return m_hostile_anywhere(rng, data, donor)
    at = rng.choice(starts)
    end = data.find(b"\n", at)
    end = len(data) if end < 0 else end
    colon = data.find(b":", at, end)
    cut = colon + 1 if colon >= 0 else at
    return data[:cut] + b" " + hostile(rng) + data[end:]


def m_line_endings(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    return data.replace(b"\n", rng.choice((b"\r\n", b"\r", b"\n\r", b"\r\r\n", b"\x85", b"\n\n")))


def m_reencode(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    text = data.decode("utf-8", "replace")
    return text.encode(rng.choice(("utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252", "utf-8-sig")), "replace")


def m_bom(rng: random.Random, data: bytes, donor: bytes) -> bytes:
    return rng.choice((b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b" ", b"\n")) + data


MUTATORS: tuple[tuple[Callable[[random.Random, bytes, bytes], bytes], float], ...] = (
    (m_flip, 1.0), (m_insert_bytes, 1.0), (m_delete, 1.0), (m_truncate, 0.5), (m_splice, 0.7),
    (m_duplicate, 0.6), (m_hostile_anywhere, 2.0), (m_hostile_frontmatter_line, 3.0), (m_hostile_value, 2.5),
    (m_line_endings, 0.4), (m_reencode, 0.15), (m_bom, 0.3),
)


def mutate(rng: random.Random, data: bytes, donor: bytes, rounds: int | None = None) -> bytes:
    functions, weights = zip(*MUTATORS, strict=True)
    for _ in range(rounds or min(5, 1 + int(rng.expovariate(1.0)))):
        data = rng.choices(functions, weights)[0](rng, data, donor)
    return data[:1_100_000]


# ---------------------------------------------------------------------------------------------
# Templates for manifests and configs

TOOL_NAMES: tuple[Any, ...] = (
    "Bash", "bash", "Read", "read_file", "Edit", "mcp__github__create_issue", "exec", "Task", "", " ", "a" * 300,
    "Read(", "Bаsh", "Bash\u200b", "BASH", "shell", "web-search", "x/y", "1", 1, None, True, 3.5, [], {}, ["Bash"],
    {"name": "x"}, "\u202eevil", "\U000e0041", "名前", "a:b", "*", "${x}",
)


def _tool(rng: random.Random, shape: str) -> dict[str, Any]:
    name = rng.choice(TOOL_NAMES)
    schema: Any = {"type": "object", "properties": {"q": {"type": "string"}}}
    if rng.random() < 0.2:
        for _ in range(rng.choice((10, 65, 70))):
            schema = {"type": "object", "properties": {"p": schema}}
    if shape == "openai-chat":
        return {"type": "function", "function": {"name": name, "description": "d", "parameters": schema}}
    if shape == "openai-responses":
        return {"type": "function", "name": name, "parameters": schema}
    if shape == "anthropic":
        return {"name": name, "description": "d", "input_schema": schema}
    if shape == "mcp":
        return {"name": name, "inputSchema": schema}
    tool: dict[str, Any] = {"name": name}
    if rng.random() < 0.6:
        tool["aliases"] = [rng.choice(TOOL_NAMES) for _ in range(rng.randrange(0, 4))]
    if rng.random() < 0.3:
        tool["deprecated_aliases"] = rng.choice(([rng.choice(TOOL_NAMES)], "Bash", None, {}))
    if rng.random() < 0.4:
        tool["capability"] = rng.choice(("shell", "read", "other", 5, None, ["x"]))
    if rng.random() < 0.3:
        tool["status"] = rng.choice(("default", "removed", "legacy", "bogus", 1))
    return tool


def manifest_text(rng: random.Random) -> tuple[str, bytes]:
    """A small manifest in one of the accepted shapes, under a name discovery picks up."""
    shape = rng.choice(("skilllint", "openai-chat", "openai-responses", "anthropic", "mcp", "mcp-rpc", "bare"))
    tools = [_tool(rng, "mcp" if shape == "mcp-rpc" else shape) for _ in range(rng.randrange(0, 6))]
    data: Any = {"tools": tools}
    if shape == "mcp-rpc":
        data = {"jsonrpc": "2.0", "id": 1, "result": {"tools": tools}}
    elif shape == "bare":
        data = tools
    name = rng.choice(("tools.json", "tools.yaml", "tools.yml", "app.tools.json", "app.tools.yaml"))
    if name.endswith(".json"):
        text = json.dumps(data, indent=rng.choice((None, 2)), ensure_ascii=rng.random() < 0.5)
        if rng.random() < 0.2 and '"name"' in text:  # JSON lets a key repeat; the last one wins
            text = text.replace('"name": ', '"name": "dup", "name": ', 1)
    else:
        text = yaml.dump(data, Dumper=DUMPER, allow_unicode=True, default_flow_style=rng.random() < 0.2,
                         sort_keys=False)
    return name, text.encode("utf-8", "surrogatepass")


CONFIG_VALUES: dict[str, tuple[Any, ...]] = {
    "targets": ([], ["agentskills"], ["nope"], ["claude-code", "claude-code"], [""], [1], "codex", ["mine"],
                ["mine", "sisu"], ["other"]),
    "select": (["SL"], ["SL9"], ["unknown-tool"], ["SL000"], [""], ["*"], ["SL1", "SL2"], "SL1"),
    "extend-select": (["SL"], ["SL999"], []),
    "ignore": (["SL1"], ["sl1"], ["SL"], [None]),
    "severity": ({"SL200": "off"}, {"SL": "error"}, {"unknown-tool": "info"}, {"SL9": "bogus"}, {"": "off"}),
    "per-file-ignores": ({"**": ["SL1"]}, {"[": ["SL1"]}, {"{a,b}/**": ["SL2"]}, {"**/**/***": []}, {"\\": ["SL"]}),
    "exclude": (["["], ["**"], ["!x"], ["a/**/b/***"], ["\x00"], ["*" * 200], [""], ["{"]),
    "fail-on": ("info", "warning", "nope"),
    "max-file-size": (1, 0, -1, 10**30, 2**63, 2**31, 7, 100),
    "max-body-lines": (1, 10**20, 0), "max-body-tokens": (1, 10**20, 2),
    "manifests": (["**/*.json"], ["**"], ["["], ["*.tools.yaml"]),
    "tools": (["tools.json"], ["missing.json"], ["."], [""]),
}
RUNTIME_VALUES: dict[str, tuple[Any, ...]] = {
    "extends": ("claude-code", "mine", "other", "nope", "", "agentskills"),
    "aliases": ({"x": "Bash"}, {"Bash": "Bash"}, {"a": "b", "b": "a"}, {"": ""}, {"x": "nope"}),
    "tools": ([{"name": "Foo"}], [{"name": "Bash"}, {"name": "bash"}], [], [{"name": "x", "aliases": ["x"]}]),
    "name_pattern": ("(a+)+$", "[", "", "^[a-z]+$", "(?P<x>", "\\"),
    "mcp_pattern": ("(", None, "^mcp__.*$", ""),
    "tools_from": (["tools.json"], ["missing.json"], ["."], ["../"], [""]),
    "case_sensitive": (False, True), "alias_exposure": ("api", "prompt", "resolve-only"),
    "tool_fields": ({"tools": "grant"}, {"allowed-tools": "restrict", "x": "informational"}, {"": "grant"}),
    "severity": ({"SL200": "off"}, {"SL2": "error"}), "permission_rules": (True, False),
}


def config_data(rng: random.Random) -> dict[str, Any]:
    data = {key: rng.choice(values) for key, values in CONFIG_VALUES.items() if rng.random() < 0.3}
    if rng.random() < 0.5:
        runtimes = {}
        for ident in rng.sample(("mine", "other", "agentskills", "claude-code"), rng.randrange(1, 3)):
            runtimes[ident] = {k: rng.choice(v) for k, v in RUNTIME_VALUES.items() if rng.random() < 0.3}
        data["runtimes"] = runtimes
    return data


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    return json.dumps(str(value))


def config_text(rng: random.Random) -> tuple[str, bytes]:
    data = config_data(rng)
    if rng.random() < 0.3:
        body = "".join(f"{json.dumps(key)} = {_toml_value(value)}\n" for key, value in data.items())
        return "pyproject.toml", ("[project]\nname = 'x'\n\n[tool.skilllint]\n" + body).encode("utf-8", "surrogatepass")
    text = yaml.dump(data, Dumper=DUMPER, allow_unicode=True, sort_keys=False) if data else ""
    return rng.choice((".skilllint.yaml", ".skilllint.yml")), text.encode("utf-8", "surrogatepass")


# ---------------------------------------------------------------------------------------------
# Making one input from (seed, index)

HOSTILE_DIR_NAMES = (
    "a\nb", " ", "-x", "x" * 255, "\u202eevil", "ü-skill", os.fsdecode(b"\xff\xfe"), "a b", ".hidden", "SKILL.md",
    "skills", "Skill-Name", "a\tb", "\u200bzw", "con", "node_modules",
)
SMALL_SKILL = b"---\nname: helper\ndescription: Uses `Bash` and `Read` to help.\nallowed-tools: Bash Read\n---\nBody.\n"


def _skill_folder(rng: random.Random, skill: Path) -> str:
    return rng.choice(HOSTILE_DIR_NAMES) if rng.random() < 0.03 else skill.parent.name


def _skill_input(rng: random.Random, corpus: Corpus) -> FuzzInput:
    skill = rng.choice(corpus.skills)
    folder = _skill_folder(rng, skill)
    donor = corpus.read(rng.choice(corpus.skills))
    main = f"{folder}/SKILL.md"
    inp = FuzzInput("skill", main, {main: mutate(rng, corpus.read(skill), donor)})
    if rng.random() < 0.25:
        for path in corpus.siblings(skill):
            inp.files[f"{folder}/{path.relative_to(skill.parent).as_posix()}"] = corpus.read(path)
    if rng.random() < 0.05:
        inp.files[f"{folder}/metadata.yaml"] = mutate(rng, b"name: meta\nversion: 1\nx: y\n", donor)
    if rng.random() < 0.05:  # a second skill, so project checks (name collisions) have two to compare
        inp.files["twin/SKILL.md"] = inp.files[main] if rng.random() < 0.5 else corpus.read(rng.choice(corpus.skills))
    return inp


def _manifest_input(rng: random.Random, corpus: Corpus) -> FuzzInput:
    name, text = manifest_text(rng)
    main = rng.choice((name, f"app/{name}"))
    inp = FuzzInput("manifest", main, {main: mutate(rng, text, corpus.read(rng.choice(corpus.skills)))})
    if rng.random() < 0.3:
        inp.files["helper/SKILL.md"] = SMALL_SKILL
    return inp


def _config_input(rng: random.Random, corpus: Corpus) -> FuzzInput:
    name, text = config_text(rng)
    if rng.random() < 0.6:
        text = mutate(rng, text, text, rounds=rng.choice((1, 1, 2)))
    inp = FuzzInput("config", name, {name: text, "helper/SKILL.md": SMALL_SKILL})
    if rng.random() < 0.5:
        tools_name, tools = manifest_text(rng)
        inp.files["tools.json"] = tools if tools_name.endswith(".json") else b'{"tools": [{"name": "Foo"}]}'
    return inp


def _special_input(rng: random.Random, corpus: Corpus) -> FuzzInput:
    """A file that is not a regular file: a FIFO must not hang the run, a loop must not spin."""
    where = rng.choice(("s/SKILL.md", "s/SKILL.md", "s/metadata.yaml", "tools.json", "s/loop"))
    special = rng.choice(("fifo", "dir", "loop", "zero")) if where != "s/loop" else "loop"
    kind = "manifest" if where == "tools.json" else "skill"
    inp = FuzzInput(kind, where, specials={where: special})
    if where != "s/SKILL.md":
        inp.files["s/SKILL.md"] = corpus.read(rng.choice(corpus.skills))
    return inp


def make_input(corpus: Corpus, seed: int, index: int) -> FuzzInput:
    """Input number `index` of the run with `seed`: the same pair always gives the same input."""
    rng = random.Random(f"{seed}:{index}")
    roll = rng.random()
    if roll < 0.0015:
        return _special_input(rng, corpus)
    if roll < 0.10:
        return _manifest_input(rng, corpus)
    if roll < 0.16:
        return _config_input(rng, corpus)
    return _skill_input(rng, corpus)


def materialise(inp: FuzzInput, tree: Path) -> None:
    for rel, data in inp.files.items():
        path = tree / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for rel, special in inp.specials.items():
        path = tree / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if special == "fifo":
            os.mkfifo(path)
        elif special == "dir":
            path.mkdir()
            (path / "SKILL.md").write_bytes(SMALL_SKILL)
        elif special == "zero":
            os.symlink("/dev/zero", path)
        elif path.name == "loop":
            os.symlink(".", path)
        else:  # a symlink loop: the file points at a link that points back at it
            os.symlink(path.name + ".2", path)
            os.symlink(path.name, path.with_name(path.name + ".2"))


# ---------------------------------------------------------------------------------------------
# Running one input (in the worker process)


@dataclass
class Fault:
    error: str  # exception type, `SL000 <type>`, Crash(SIGSEGV) or Slow(>1s)
    frame: str  # innermost skilllint frame, `skilllint/x.py:123`, or `?`
    detail: str  # traceback or message

    @property
    def key(self) -> tuple[str, str]:
        return self.error, self.frame


@dataclass
class Outcome:
    seconds: float
    fault: Fault | None = None


def _frame_name(filename: str, line: int | None) -> str | None:
    try:
        rel = Path(filename).resolve().relative_to(SKILLLINT_DIR)
    except ValueError:
        return None
    return f"skilllint/{rel.as_posix()}:{line}"


def innermost_frame(error: BaseException) -> str:
    """The deepest skilllint frame of the exception (following `raise ... from` to the cause)."""
    while error.__cause__ is not None:
        error = error.__cause__
    frames = traceback.extract_tb(error.__traceback__)
    for frame in reversed(frames):
        name = _frame_name(frame.filename, frame.lineno)
        if name:
            return name
    return "?"


_DUMP_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


def dump_frame(text: str) -> str:
    """The innermost skilllint frame of a faulthandler dump (it lists the most recent call first)."""
    for match in _DUMP_FRAME.finditer(text):
        name = _frame_name(match["file"], int(match["line"]))
        if name:
            return name
    return "?"


class Linter:
    """Lints inputs in-process; settings for skills and manifests are built once."""

    def __init__(self, workdir: Path) -> None:
        from skilllint.output.commands.check import build_settings

        self.workdir = workdir
        self.build_settings = build_settings
        # no result cache: every input is linted for real, and nothing lands in the user's cache folder
        self.settings, _ = build_settings({"isolated": True, "jobs": 1, "targets": TARGETS, "no_cache": True}, workdir)

    def settings_for(self, inp: FuzzInput, tree: Path) -> Any | None:
        """The settings to lint `tree` with; None when its config is rejected as a config error."""
        import click

        from skilllint.runtimes.targets import TargetError
        from skilllint.settings.config import ConfigError

        if inp.kind != "config":
            return self.settings
        try:
            settings, _ = self.build_settings({"config_path": str(tree / inp.main), "jobs": 1, "no_cache": True}, tree)
        except (ConfigError, TargetError, click.ClickException):
            return None
        return settings

    def run(self, inp: FuzzInput, tree: Path) -> Fault | None:
        from skilllint.engine.linter import lint_paths

        try:
            settings = self.settings_for(inp, tree)
            if settings is None:
                return None
            result = lint_paths([str(tree)], settings)
        except Exception as error:  # noqa: BLE001 - any exception is the finding
            return Fault(type(error).__name__, innermost_frame(error), traceback.format_exc())
        failed = [d for d in result.diagnostics if d.code == "SL000"]
        if failed:
            message = failed[0].message
            match = re.search(r"\b([A-Z]\w*(?:Error|Exception|Exit|Interrupt))\b", message)
            where = re.search(r"skilllint/[\w/]+\.py:\d+", message)
            return Fault(f"SL000 {match[1] if match else ''}".strip(), where[0] if where else "?", message)
        return None


def _reset(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)


class WorkerSide:
    """The worker's end: runs inputs one by one, with a stack dump when one passes SLOW_S.

    The dump comes from faulthandler on SIGALRM (a C-level handler, so it fires even inside
    libyaml or a blocking open of a FIFO) and from faulthandler's crash handler on SIGSEGV.
    """

    def __init__(self, conn: Connection, dump_path: str, corpus: Corpus, seed: int, workdir: str) -> None:
        self.conn, self.corpus, self.seed = conn, corpus, seed
        self.workdir = Path(workdir)
        self.dump = os.open(dump_path, os.O_RDWR | os.O_CREAT)
        self.abort = False
        signal.signal(signal.SIGALRM, self._alarm)  # first, so faulthandler chains to it
        faulthandler.enable(file=self.dump, all_threads=False)
        faulthandler.register(signal.SIGALRM, file=self.dump, all_threads=False, chain=True)
        self.linter = Linter(self.workdir)
        self.count = 0

    def _alarm(self, signum: int, frame: Any) -> None:
        if self.abort:
            raise TooSlow

    def serve(self) -> None:
        """Tasks: ("range", start, stop) of generated inputs, or ("input", FuzzInput); None stops."""
        while (task := self.conn.recv()) is not None:
            if task[0] == "range":
                for index in range(task[1], task[2]):
                    self.conn.send(self.run(make_input(self.corpus, self.seed, index)))
            else:
                self.conn.send(self.run(task[1]))

    def run(self, inp: FuzzInput) -> Outcome:
        self.count += 1
        tree = self.workdir / f"w{os.getpid()}-{self.count}"
        tree.mkdir()
        materialise(inp, tree)
        _reset(self.dump)
        self.abort = True  # only while linting: a late alarm must not hit the worker's own code
        start = time.perf_counter()
        stopped = "?"
        try:
            signal.setitimer(signal.ITIMER_REAL, SLOW_S)
            fault = self.linter.run(inp, tree)
        except TooSlow as error:
            fault, stopped = None, innermost_frame(error)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.abort = False
        seconds = time.perf_counter() - start
        shutil.rmtree(tree, ignore_errors=True)
        if fault is None and seconds > SLOW_S:
            fault = self.slow_fault(seconds, stopped)
        return Outcome(seconds, fault)

    def slow_fault(self, seconds: float, stopped: str) -> Fault:
        """Where a slow input was: the frame TooSlow was raised in (the whole stack), else the
        dump's innermost skilllint frame (a dump stops at 100 frames: deep recursion hides it)."""
        os.lseek(self.dump, 0, os.SEEK_SET)
        dump = os.read(self.dump, 1 << 16).decode("utf-8", "replace")
        detail = f"stopped after {seconds:.2f} s; where it was at {SLOW_S:g} s:\n{dump}"
        return Fault(SLOW, stopped if stopped != "?" else dump_frame(dump), detail)


class TooSlow(BaseException):
    """Raised by SIGALRM: an input past SLOW_S is a fault already and need not run to the end
    (a FIFO would block forever). A BaseException, so no `except Exception` in skilllint
    swallows it. Code stuck in C never sees it: the parent kills the worker at HANG_S."""


def worker_main(conn: Connection, dump_path: str, corpus: Corpus, seed: int, workdir: str) -> None:
    """The forked worker: capped memory, Ctrl-C left to the parent, then serve tasks."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    WorkerSide(conn, dump_path, corpus, seed, workdir).serve()


class Worker:
    """The parent's end of a forked worker: a crash or hang of an input kills the worker, never
    the fuzzer. The worker answers each input as it finishes, so the one it was running when it
    died or stalled is known."""

    def __init__(self, corpus: Corpus, seed: int, workdir: Path) -> None:
        self.corpus, self.seed, self.workdir = corpus, seed, workdir
        self.dump_path = str(workdir / "faulthandler.txt")
        self.process: Any = None
        self.conn: Connection | None = None

    def _start(self) -> Connection:
        context = multiprocessing.get_context("fork")
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=worker_main, args=(child, self.dump_path, self.corpus, self.seed, str(self.workdir)), daemon=True
        )
        self.process.start()
        child.close()
        return self.conn

    def _dump(self) -> str:
        try:
            return Path(self.dump_path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def _discard(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        if self.conn is not None:
            self.conn.close()
        self.process = self.conn = None

    def _receive(self, conn: Connection) -> Outcome:
        """The next answer; a crash or a stall becomes the fault of the input being run."""
        start = time.perf_counter()
        try:
            if conn.poll(HANG_S):
                return conn.recv()
        except EOFError:
            self.process.join()
            code = self.process.exitcode or 0
            name = signal.Signals(-code).name if code < 0 else f"exit {code}"
            dump = self._dump()
            self._discard()
            return Outcome(time.perf_counter() - start, Fault(f"Crash({name})", dump_frame(dump), dump))
        dump = self._dump()
        self._discard()
        detail = f"still running after {HANG_S:g} s: killed; where it was at {SLOW_S:g} s:\n{dump}"
        return Outcome(time.perf_counter() - start, Fault(SLOW, dump_frame(dump), detail))

    def run_range(self, start: int, stop: int) -> list[Outcome]:
        """Outcomes of the generated inputs start..stop-1, restarting the worker after a death."""
        outcomes: list[Outcome] = []
        while start + len(outcomes) < stop:
            conn = self.conn or self._start()
            conn.send(("range", start + len(outcomes), stop))
            while start + len(outcomes) < stop and self.conn is not None:
                outcomes.append(self._receive(conn))
        return outcomes

    def run(self, inp: FuzzInput) -> Outcome:
        conn = self.conn or self._start()
        conn.send(("input", inp))
        return self._receive(conn)

    def close(self) -> None:
        if self.conn is not None and self.process is not None and self.process.is_alive():
            try:
                self.conn.send(None)
                self.process.join(2)
            except OSError:
                pass
        self._discard()


# ---------------------------------------------------------------------------------------------
# Minimising and reporting


RUN = re.compile(rb"(.{1,64}?)\1{3,}", re.S)
"""A unit of up to 64 bytes repeated at least 4 times: deep nesting, long lines, duplicated regions."""


def runs(data: bytes, least: int) -> list[re.Match[bytes]]:
    return [match for match in RUN.finditer(data) if len(match[0]) >= least]


class Minimiser:
    """Delta debugging within a test and time budget: smaller inputs that fault the same way.

    Cheap whole-file simplifications and halving of repeated runs come before removing chunks
    of lines and then of bytes, since a fault that needs depth or length (nesting, long
    lines, huge numbers) survives no line removal but shrinks fast by halving.
    """

    def __init__(self, worker: Worker, fault: Fault) -> None:
        self.worker, self.key, self.last = worker, fault.key, fault
        self.tests = 0
        self.deadline = time.perf_counter() + MINIMISE_SECONDS

    def exhausted(self) -> bool:
        return self.tests >= MINIMISE_TESTS or time.perf_counter() > self.deadline

    def faults(self, inp: FuzzInput) -> bool:
        self.tests += 1
        fault = self.worker.run(inp).fault
        if fault is not None and (fault.key == self.key or fault.error == self.key[0] == SLOW):
            self.last = fault  # the traceback of the smallest input so far
            return True
        return False

    def with_file(self, inp: FuzzInput, rel: str, data: bytes) -> FuzzInput:
        return FuzzInput(inp.kind, inp.main, {**inp.files, rel: data}, dict(inp.specials))

    def minimise(self, inp: FuzzInput) -> FuzzInput:
        inp = self.drop_files(inp)
        if inp.main in inp.files:
            inp = self.shrink_file(inp, inp.main, by_bytes=True)
        for rel in sorted(inp.files):
            if rel != inp.main and not self.exhausted():
                inp = self.shrink_file(inp, rel, by_bytes=False)
        return inp

    def drop_files(self, inp: FuzzInput) -> FuzzInput:
        for rel in sorted(set(inp.files) | set(inp.specials)):
            if rel != inp.main and not self.exhausted():
                smaller = FuzzInput(inp.kind, inp.main, dict(inp.files), dict(inp.specials))
                smaller.files.pop(rel, None)
                smaller.specials.pop(rel, None)
                if self.faults(smaller):
                    inp = smaller
        return inp

    def shrink_file(self, inp: FuzzInput, rel: str, *, by_bytes: bool) -> FuzzInput:
        data = inp.files[rel]
        for transform in (_dedent, _squeeze_blanks):
            candidate = transform(data)
            if candidate != data and not self.exhausted() and self.faults(self.with_file(inp, rel, candidate)):
                data = candidate
        data = b"".join(self.reduce(data.splitlines(keepends=True), inp, rel, smallest=max(1, data.count(b"\n") // 32)))
        data = self.halve_runs(inp, rel, data)
        data = b"".join(self.reduce(data.splitlines(keepends=True), inp, rel))
        if by_bytes:
            data = self.halve_runs(inp, rel, data)
            data = b"".join(self.reduce([data[i : i + 1] for i in range(len(data))], inp, rel))
        return self.with_file(inp, rel, data)

    def halve_runs(self, inp: FuzzInput, rel: str, data: bytes) -> bytes:
        """Halve the longest repeated runs while the input still faults."""
        shrunk = True
        while shrunk and not self.exhausted():
            shrunk = False
            for match in sorted(runs(data, 16), key=lambda m: -len(m[0]))[:8]:
                candidate = self.shorter_run(inp, rel, data, match)
                if candidate is not None:
                    data, shrunk = candidate, True
                    break
        return data

    def shorter_run(self, inp: FuzzInput, rel: str, data: bytes, match: re.Match[bytes]) -> bytes | None:
        """`data` with the run cut to a half, three quarters or seven eighths, whichever still faults."""
        count = len(match[0]) // len(match[1])
        for keep in (count // 2, count * 3 // 4, count * 7 // 8):
            if self.exhausted():
                return None
            candidate = data[: match.start()] + match[1] * keep + data[match.end() :]
            if self.faults(self.with_file(inp, rel, candidate)):
                return candidate
        return None

    def reduce(self, units: list[bytes], inp: FuzzInput, rel: str, smallest: int = 1) -> list[bytes]:
        """Remove chunks of `units`, halving the chunk size down to `smallest`, keeping each
        removal that still faults. A coarse pass (large `smallest`) first drops most of a big
        file in few tests, before the halving of runs, which needs the file small to be quick."""
        chunk = max(1, len(units) // 2)
        while not self.exhausted():
            index = 0
            while index < len(units) and not self.exhausted():
                candidate = units[:index] + units[index + chunk :]
                if self.faults(self.with_file(inp, rel, b"".join(candidate))):
                    units = candidate
                else:
                    index += chunk
            if chunk <= smallest:
                break
            chunk //= 2
        return units


def _dedent(data: bytes) -> bytes:
    return re.sub(rb"(?m)^[ \t]+", b"", data)


def _squeeze_blanks(data: bytes) -> bytes:
    return re.sub(rb"[ \t]{2,}", b" ", re.sub(rb"\n{2,}", b"\n", data))


def compact_literal(data: bytes) -> str:
    """`data` as a Python expression of bytes literals, long runs written as `b'x' * N`."""
    parts: list[str] = []
    at = 0
    for match in runs(data, 32):
        if match.start() > at:
            parts.append(repr(data[at : match.start()]))
        parts.append(f"{match[1]!r} * {len(match[0]) // len(match[1])}")
        at = match.end()
    if at < len(data) or not parts:
        parts.append(repr(data[at:]))
    return " + ".join(parts)


def describe(number: int, fault: Fault, inp: FuzzInput, original: int, index: int | None) -> str:
    source = f"input #{index}" if index is not None else "input"
    lines = [
        f"FAULT {number}: {fault.error} at {fault.frame}  (kind: {inp.kind}, {source}, "
        f"minimised {original:,} -> {inp.size():,} bytes)",
    ]
    for rel, special in sorted(inp.specials.items()):
        lines.append(f"  {rel!r}: special file ({special})")
    for rel, data in sorted(inp.files.items(), key=lambda item: item[0] != inp.main):
        literal = compact_literal(data)
        if len(literal) > 4000:
            literal = literal[:4000] + f" ... ({len(literal):,} characters; see --out)"
        lines.append(f"  {rel!r}{' (main)' if rel == inp.main else ''}: {literal}")
    lines.append("  " + fault.detail.strip().replace("\n", "\n  "))
    return "\n".join(lines)


def save(out: Path, number: int, fault: Fault, inp: FuzzInput, report: str) -> None:
    slug = re.sub(r"[^\w.-]+", "_", f"{fault.error}-{fault.frame}")[:80]
    folder = out / f"{number:02d}-{slug}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.txt").write_text(report + "\n", encoding="utf-8")
    materialise(inp, folder / "tree")


# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Stats:
    tried: int = 0
    faulty: int = 0
    slowest: tuple[float, int] = (0.0, -1)  # of all inputs
    slowest_clean: tuple[float, int] = (0.0, -1)  # of the inputs without a fault
    found: dict[tuple[str, str], int] = field(default_factory=dict)  # key -> first input
    hits: dict[tuple[str, str], int] = field(default_factory=dict)  # key -> faulty inputs
    triage_seconds: float = 0.0


class Fuzzer:
    def __init__(self, corpus: Corpus, seed: int, workdir: Path, out: Path | None) -> None:
        self.corpus, self.seed, self.out = corpus, seed, out
        self.worker = Worker(corpus, seed, workdir)
        self.stats = Stats()

    def confirm(self, fault: Fault, inp: FuzzInput) -> Fault | None:
        """Slow inputs and crashes are re-run alone in a fresh worker: load or earlier inputs may explain them."""
        if fault.error != SLOW and not fault.error.startswith("Crash"):
            return fault
        again = self.worker.run(inp).fault
        if again is None:
            return None if fault.error == SLOW else fault
        return again

    def record(self, index: int, fault: Fault) -> None:
        self.stats.faulty += 1
        self.stats.hits[fault.key] = self.stats.hits.get(fault.key, 0) + 1
        if fault.key in self.stats.found:
            return
        start = time.perf_counter()
        try:
            self.triage(index, fault)
        finally:
            self.stats.triage_seconds += time.perf_counter() - start

    def triage(self, index: int, fault: Fault) -> None:
        """Confirm a new fault, minimise it, print it and save it."""
        inp = make_input(self.corpus, self.seed, index)
        confirmed = self.confirm(fault, inp)
        if confirmed is None:
            self.stats.faulty -= 1
            self.stats.hits[fault.key] -= 1
            return
        if confirmed.key in self.stats.found:
            return
        fault = confirmed
        number = len(self.stats.found) + 1
        self.stats.found[fault.key] = index
        self.stats.hits.setdefault(fault.key, 1)  # confirming may have moved a slow input's frame
        original = inp.size()
        minimiser = Minimiser(self.worker, fault)
        small = minimiser.minimise(inp)
        fault = Fault(fault.error, fault.frame, minimiser.last.detail)  # a slow input's frame may move
        report = describe(number, fault, small, original, index)
        print(report + "\n", flush=True)
        if self.out is not None:
            save(self.out, number, fault, small, report)

    def run(self, count: int) -> int:
        """Batches of inputs in the worker; faults are triaged (same worker) between batches."""
        start = time.perf_counter()
        for first in range(0, count, BATCH):
            outcomes = self.worker.run_range(first, min(count, first + BATCH))
            for index, outcome in enumerate(outcomes, first):
                self.stats.tried += 1
                if outcome.seconds > self.stats.slowest[0]:
                    self.stats.slowest = (outcome.seconds, index)
                if outcome.fault is None and outcome.seconds > self.stats.slowest_clean[0]:
                    self.stats.slowest_clean = (outcome.seconds, index)
                if outcome.fault is not None:
                    self.record(index, outcome.fault)
                if (index + 1) % PROGRESS_EVERY == 0:
                    self.progress(start)
        self.worker.close()
        self.summary(start)
        return 1 if self.stats.found else 0

    def rates(self, start: float) -> str:
        """Inputs per second overall and without the time spent confirming and minimising faults."""
        elapsed = time.perf_counter() - start
        fuzzing = max(1e-9, elapsed - self.stats.triage_seconds)
        return f"{self.stats.tried / elapsed:,.0f}/s overall, {self.stats.tried / fuzzing:,.0f}/s without triage"

    def progress(self, start: float) -> None:
        print(f"fuzz: {self.stats.tried:,} inputs, {self.rates(start)}, {len(self.stats.found)} unique faults "
              f"({self.stats.faulty} faulty inputs)", file=sys.stderr, flush=True)

    def summary(self, start: float) -> None:
        elapsed = time.perf_counter() - start
        print(f"inputs tried:  {self.stats.tried:,} (seed {self.seed})")
        print(f"faults:        {len(self.stats.found)} unique, {self.stats.faulty} faulty inputs")
        for key, first in self.stats.found.items():
            print(f"  {key[0]} at {key[1]}: {self.stats.hits.get(key, 0)} inputs, first #{first}")
        for label, (seconds, index) in (("slowest input:", self.stats.slowest),
                                        ("slowest clean:", self.stats.slowest_clean)):
            if index >= 0:
                inp = make_input(self.corpus, self.seed, index)
                stopped = " (a fault: stopped)" if seconds > SLOW_S else ""
                print(f"{label} #{index} ({inp.kind}, {inp.main!r}, {inp.size():,} bytes) {seconds:.3f} s{stopped}")
        print(f"total time:    {elapsed:.1f} s ({self.rates(start)}; triage {self.stats.triage_seconds:.1f} s)")
        if self.out is not None:
            print(f"saved to:      {self.out}")


def warm_up(workdir: Path) -> None:
    """Load rules, runtimes and data once in the parent, so every forked worker starts warm."""
    tree = workdir / "warm-up"
    inp = FuzzInput("skill", "s/SKILL.md", {"s/SKILL.md": SMALL_SKILL})
    materialise(inp, tree)
    Linter(workdir).run(inp, tree)
    shutil.rmtree(tree)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, metavar="N", help="how many inputs to try")
    parser.add_argument("--seed", type=int, default=0, help="the same seed gives the same inputs (default 0)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                        help=f"skills to mutate (default {DEFAULT_CORPUS})")
    parser.add_argument("--out", nargs="?", const="", default=None, metavar="DIR",
                        help="save minimised faults here (a new temporary folder when DIR is left out)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ["SKILLLINT_DEBUG"] = "1"  # let the original exception through, not an InternalError wrapper
    corpus = Corpus(args.corpus.resolve())
    out = None
    if args.out is not None:
        out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="skilllint-faults-"))
        out.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="skilllint-fuzz-", dir=TMP_ROOT))
    try:
        warm_up(workdir)
        return Fuzzer(corpus, args.seed, workdir, out).run(args.count)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
