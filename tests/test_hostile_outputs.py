"""Hostile names and files meet the output side (issue 29): every report stays valid, and every
baseline that cannot be used is one `skilllint: error:` line naming it, never an internal error.

- `coverage` and `matrix` print a folder name that is not UTF-8 (`caf\\xe9`, which Python reads
  as a lone surrogate) escaped as `check --format json` does, in every format: their JSON wrote
  the surrogate raw and stopped with an internal error (exit 2) on a strict UTF-8 stdout.
- A runtime id from the config holding an escape sequence is escaped in the matrix's text.
- A baseline holding a 5,000-digit integer (past Python's 4,300-digit conversion limit) was an
  internal error; a socket was "No such device or address"; an empty `--baseline ''` was taken
  for no baseline at all. Folders, FIFOs (which must not block), devices, deep nesting, bytes
  that are not UTF-8 and files over the size cap stay errors naming the file.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from contextlib import chdir
from pathlib import Path

import pytest

from skilllint.output.baseline.file import MAX_BYTES, MAX_DIGITS
from tests.conftest import run_cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX file names (raw bytes), FIFOs")

ROOT = Path(__file__).parent.parent
QUICK = 30.0
"""Seconds a subprocess may take: a FIFO opened blocking would hang it past this."""
SKILL = ("---\nname: cafe\ndescription: Call the billing API. Use when the user asks about invoices.\n"
         "allowed-tools: Read Bassh\n---\nRun `Bassh` for the invoices.\n")
BAD_FOLDER = b"caf\xe9"


def _tree(root: Path) -> Path:
    """A repository whose one skill sits in a folder whose name is not UTF-8."""
    (root / ".git").mkdir()
    folder = os.path.join(os.fsencode(root), BAD_FOLDER)
    os.mkdir(folder)
    with open(os.path.join(folder, b"SKILL.md"), "wb") as file:
        file.write(SKILL.encode("utf-8"))
    return root


def _skilllint(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """The CLI in its own process, stdout strictly UTF-8 (as a pipe under a UTF-8 locale is)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8:strict"}
    return subprocess.run([sys.executable, "-m", "skilllint", *args], cwd=cwd, capture_output=True, env=env,
                          timeout=QUICK, check=False, stdin=subprocess.DEVNULL)


# -- coverage and matrix: a folder name that is not UTF-8 ------------------------------------------


@pytest.mark.parametrize(
    ("command", "fmt"),
    [
        (["coverage", "--target", "claude-code"], "json"),
        (["matrix"], "json"),
        (["matrix", "--target", "claude-code"], "json"),
        (["coverage", "--target", "claude-code"], "text"),
        (["coverage", "--target", "claude-code"], "markdown"),
        (["coverage", "--target", "claude-code"], "config"),
        (["matrix"], "text"),
        (["matrix"], "markdown"),
        (["matrix"], "html"),
    ],
)
def test_a_non_utf8_folder_name_is_printed_escaped(tmp_path: Path, command: list[str], fmt: str) -> None:
    result = _skilllint([*command, ".", "--isolated", "--jobs", "1", "--format", fmt], _tree(tmp_path))
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode != 2, stderr
    assert "internal error" not in stderr
    text = result.stdout.decode("utf-8")  # strict: a stray byte or a surrogate fails here
    if fmt == "json":
        document = json.loads(text)
        paths = ([path for row in document["names"] for path in row["examples"]] if command[0] == "coverage"
                 else [row["path"] for row in document["skills"]])
        assert paths == ["caf\\xe9/SKILL.md"], paths  # as `check --format json` spells it


def test_check_json_and_matrix_json_spell_the_path_alike(tmp_path: Path) -> None:
    """One escaping for all: the path a matrix row names is the path `check` reports."""
    root = _tree(tmp_path)
    check = _skilllint(["check", ".", "--isolated", "--jobs", "1", "--format", "json"], root)
    matrix = _skilllint(["matrix", ".", "--isolated", "--jobs", "1", "--format", "json"], root)
    paths = {item["path"] for item in json.loads(check.stdout)}
    assert [row["path"] for row in json.loads(matrix.stdout)["skills"]] == sorted(paths)


def test_a_runtime_id_with_an_escape_sequence_is_escaped(tmp_path: Path) -> None:
    """A config's runtime id reaches the matrix's header and totals: it may not drive the terminal."""
    root = tmp_path
    (root / ".git").mkdir()
    (root / "s").mkdir()
    (root / "s" / "SKILL.md").write_text(SKILL.replace("cafe", "s"), encoding="utf-8")
    (root / ".skilllint.yaml").write_text('runtimes:\n  "ev\\e[31mil":\n    extends: claude-code\n',
                                          encoding="utf-8")
    for fmt in ("text", "markdown", "json"):
        code, out, err = run_cli(["matrix", ".", "--target", "ev\x1b[31mil", "--jobs", "1", "--format", fmt], root)
        assert code == 1, err
        assert "\x1b" not in out, out
        shown = json.loads(out)["runtimes"] if fmt == "json" else out
        assert "ev\\x1b[31mil" in shown, out


# -- baselines -------------------------------------------------------------------------------------


def _baseline_tree(root: Path) -> Path:
    (root / ".git").mkdir()
    (root / "s").mkdir()
    (root / "s" / "SKILL.md").write_text(SKILL.replace("cafe", "s"), encoding="utf-8")
    return root


def _refused(code: int, out: str, err: str, *needles: str) -> str:
    """One `skilllint: error:` line naming the baseline, exit 2, nothing linted, no internal error."""
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err and "internal error" not in err and "SL000" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("skilllint: error: "), err
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def _with_baseline(root: Path, name: str, *extra: str) -> tuple[int, str, str]:
    return run_cli(["check", ".", "--isolated", "--no-cache", "--jobs", "1", "--format", "concise",
                    "--baseline", name, *extra], root)


HEAD = '{"format": "skilllint-baseline", "version": 1, '
LONG = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "skilllint-baseline", "version": ' + LONG + ', "findings": []}',
        HEAD + '"findings": [{"path": "s/SKILL.md", "code": "SL200", "hash": "x", "occurrence": ' + LONG + "}]}",
        HEAD + '"later": -' + LONG + ', "findings": []}',
        HEAD + '"findings": [], "deep": [[[' + "1" * (MAX_DIGITS + 1) + "]]]}",
    ],
    ids=["version", "occurrence", "negative-unknown-key", "just-past-the-limit"],
)
def test_a_baseline_with_a_huge_integer_is_not_valid(tmp_path: Path, text: str) -> None:
    root = _baseline_tree(tmp_path)
    (root / "base.json").write_text(text, encoding="utf-8")
    _refused(*_with_baseline(root, "base.json"), "`base.json`", "not a valid baseline", "digits")


def test_a_baseline_integer_of_max_digits_is_read(tmp_path: Path) -> None:
    root = _baseline_tree(tmp_path)
    (root / "base.json").write_text(HEAD + '"later": -' + "9" * MAX_DIGITS + ', "findings": []}', encoding="utf-8")
    code, _, err = _with_baseline(root, "base.json")
    assert code == 1, err


def test_a_huge_integer_is_refused_even_without_pythons_limit(tmp_path: Path) -> None:
    """PYTHONINTMAXSTRDIGITS=0 lifts the 4,300-digit limit: converting 2 million digits takes some
    15 s of CPU (quadratic: 800,000 took 2.4 s), and the baseline is refused at once all the same."""
    root = _baseline_tree(tmp_path)
    (root / "base.json").write_text('{"format": "skilllint-baseline", "version": ' + "9" * 2_000_000
                                    + ', "findings": []}', encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONINTMAXSTRDIGITS": "0"}
    result = subprocess.run([sys.executable, "-m", "skilllint", "check", ".", "--isolated", "--no-cache",
                             "--baseline", "base.json"], cwd=root, capture_output=True, text=True, env=env,
                            timeout=QUICK, check=False, stdin=subprocess.DEVNULL)
    _refused(result.returncode, result.stdout, result.stderr, "not a valid baseline", "2,000,000 digits")


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (HEAD.encode() + b'"findings": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
        (b'{"format": "skilllint-baseline\xff"}', "not UTF-8"),
        ("\ufeff".encode("utf-16") + HEAD.encode("utf-16"), "not UTF-8"),
        (b"", "not valid JSON"),
        (HEAD.encode() + b'"version": 1e999, "findings": []}', "version"),
    ],
    ids=["deep-arrays", "deep-findings", "not-utf8", "utf16", "empty", "infinite-version"],
)
def test_a_broken_baseline_is_one_error_line(tmp_path: Path, data: bytes, needle: str) -> None:
    root = _baseline_tree(tmp_path)
    (root / "base.json").write_bytes(data)
    _refused(*_with_baseline(root, "base.json"), "`base.json`", needle)


def test_a_baseline_over_the_size_cap_is_not_read(tmp_path: Path) -> None:
    root = _baseline_tree(tmp_path)
    with open(root / "base.json", "wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: no disk space used
    _refused(*_with_baseline(root, "base.json"), "`base.json`", f"larger than {MAX_BYTES:,} bytes")


def test_a_baseline_that_is_a_folder(tmp_path: Path) -> None:
    root = _baseline_tree(tmp_path)
    (root / "base.json").mkdir()
    code, out, err = _with_baseline(root, "base.json")
    assert code == 2 and out == "" and "base.json" in err and "directory" in err, err
    assert "Traceback" not in err and "internal error" not in err


def test_a_baseline_linked_to_dev_zero(tmp_path: Path) -> None:
    root = _baseline_tree(tmp_path)
    (root / "base.json").symlink_to("/dev/zero")
    _refused(*_with_baseline(root, "base.json"), "`base.json`", "character device, not a regular file")



@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets here")
def test_a_baseline_that_is_a_socket_says_so(tmp_path: Path) -> None:
    root = _baseline_tree(tmp_path)
    with socket.socket(socket.AF_UNIX) as server, chdir(root):
        server.bind("base.json")
        _refused(*_with_baseline(root, "base.json"), "`base.json`", "a socket, not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_baseline_that_is_a_fifo_does_not_block(tmp_path: Path) -> None:
    root = _baseline_tree(tmp_path)
    os.mkfifo(root / "base.json")
    result = _skilllint(["check", ".", "--isolated", "--no-cache", "--baseline", "base.json"], root)
    _refused(result.returncode, result.stdout.decode(), result.stderr.decode(), "`base.json`", "FIFO")


@pytest.mark.parametrize("flag", ["--baseline", "--write-baseline"])
def test_an_empty_baseline_name_is_refused(tmp_path: Path, flag: str) -> None:
    """`--baseline ''` (an unset shell variable) ran as if no baseline was asked for."""
    root = _baseline_tree(tmp_path)
    code, out, err = run_cli(["check", ".", "--isolated", "--no-cache", "--format", "concise", flag, ""], root)
    _refused(code, out, err, flag, "file name")
