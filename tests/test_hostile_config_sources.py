"""Every config source refuses the same hostile file the same way (issue 29).

A `.skilllint.yaml` that is a folder, a FIFO, a link to /dev/zero, a dangling link, a socket,
UTF-16 or over the size cap is a config error naming the file; the same `pyproject.toml` was
passed over in silence, so the run went on with other settings than the user wrote. Both now go
through one reader (`config._read_regular`, `config._decode`) and print the same reason. A FIFO
never blocks the walk (each case with one runs in its own process, under a timeout).

What stays fine: a pyproject.toml that is another project's (no `[tool.skilllint]`), valid or
not, Latin-1 or UTF-16.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from contextlib import chdir
from pathlib import Path

import pytest

from skilllint.settings.config import MAX_CONFIG_BYTES
from tests.conftest import run_cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX FIFOs, sockets and /dev/zero")

ROOT = Path(__file__).parent.parent
SKILL = "---\nname: my-skill\ndescription: Does a thing. Use when a thing is needed.\n---\nBody\n"
QUICK = 30.0
"""Seconds a run may take: one that opened a FIFO blocking would hang past it."""
SOURCES = (".skilllint.yaml", "pyproject.toml")
SETTINGS = {".skilllint.yaml": "ignore: [SL132]\n", "pyproject.toml": '[tool.skilllint]\nignore = ["SL132"]\n'}


def _repo(root: Path) -> Path:
    (root / ".git").mkdir(parents=True)
    (root / "skills" / "my-skill").mkdir(parents=True)
    (root / "skills" / "my-skill" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    return root


def _run(root: Path) -> tuple[int, str, str]:
    """`check` in its own process: a FIFO read blocking would block it, not the test run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "skilllint", "check", ".", "--format", "concise", "--jobs", "1"],
                            cwd=root, capture_output=True, text=True, env=env, timeout=QUICK, check=False,
                            stdin=subprocess.DEVNULL)
    return result.returncode, result.stdout, result.stderr


def _reason(code: int, out: str, err: str, path: Path) -> str:
    """The config error's one line, after the path; the run stopped before linting."""
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err and "internal error" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    prefix = f"skilllint: config error: {path}: "
    assert lines[0].startswith(prefix), lines[0]
    return lines[0][len(prefix):]



def _folder(path: Path, _text: str) -> None:
    path.mkdir()


def _fifo(path: Path, _text: str) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path, _text: str) -> None:
    path.symlink_to("/dev/zero")


def _dangling(path: Path, _text: str) -> None:
    path.symlink_to("nowhere")


def _utf16(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-16"))  # with a byte-order mark


def _utf16_without_bom(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-16-le"))


def _too_large(path: Path, text: str) -> None:
    path.write_text(text + "# padding\n" * (MAX_CONFIG_BYTES // 10 + 1), encoding="utf-8")


MAKERS: dict[str, tuple[Callable[[Path, str], None], str]] = {
    "folder": (_folder, "is a folder, not a file"),
    "fifo": (_fifo, "is a FIFO (named pipe), not a regular file"),
    "dev-zero": (_dev_zero, "is a character device, not a regular file"),
    "dangling-link": (_dangling, "cannot read config: No such file or directory"),
    "utf16": (_utf16, "byte 0xff is not UTF-8 (the file looks UTF-16); save the file as UTF-8"),
    "utf16-without-bom": (_utf16_without_bom, "a NUL byte (the file looks UTF-16); save the file as UTF-8"),
    "too-large": (_too_large, f"larger than {MAX_CONFIG_BYTES:,} bytes"),
}


@pytest.mark.parametrize("kind", list(MAKERS))
def test_every_source_refuses_a_hostile_file_alike(tmp_path: Path, kind: str) -> None:
    make, expected = MAKERS[kind]
    reasons = {}
    for name in SOURCES:
        root = _repo(tmp_path / name)
        make(root / name, SETTINGS[name])
        reasons[name] = _reason(*_run(root), root / name)
        assert expected in reasons[name], reasons[name]
    assert reasons[".skilllint.yaml"] == reasons["pyproject.toml"]


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets here")
@pytest.mark.parametrize("name", SOURCES)
def test_a_socket_config_is_refused(tmp_path: Path, name: str) -> None:
    root = _repo(tmp_path)
    with socket.socket(socket.AF_UNIX) as server, chdir(root):
        server.bind(name)  # relative: a socket's path must be short
        reason = _reason(*_run(root), root / name)
    assert reason == "is a socket, not a regular file"


def test_a_pyproject_folder_below_the_working_folder_is_found(tmp_path: Path) -> None:
    """Found by the walk up from the path linted, as `.skilllint.yaml` is (in-process: no FIFO)."""
    root = _repo(tmp_path)
    (root / "skills" / "pyproject.toml").mkdir()
    code, out, err = run_cli(["check", "skills/my-skill", "--format", "concise", "--jobs", "1"], root)
    assert _reason(code, out, err, root / "skills" / "pyproject.toml") == "is a folder, not a file"


def test_a_pyproject_with_a_nul_byte_and_a_section(tmp_path: Path) -> None:
    """A NUL in a UTF-8 file that sets skilllint up: no TOML parser reads it, so it is an error."""
    root = _repo(tmp_path)
    (root / "pyproject.toml").write_bytes(b'[tool.skilllint]\nignore = ["SL132"]\n# \x00\n')
    reason = _reason(*run_cli(["check", ".", "--format", "concise", "--jobs", "1"], root), root / "pyproject.toml")
    assert reason == "line 3, column 3: a NUL byte; save the file as UTF-8"


# -- another project's pyproject.toml is still not ours ----------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b'[project]\nname = "x"\nversion = "1.0"\n',
        b'[project]\nname = "caf\xe9"\n',
        b"[project\nname = broken\n",
        '[project]\nname = "x"\n'.encode("utf-16"),
        '[project]\nname = "x"\n'.encode("utf-16-le"),
        '[project]\nname = "x"\n'.encode("utf-32"),
    ],
    ids=["valid", "latin1", "bad-toml", "utf16", "utf16-without-bom", "utf32"],
)
def test_a_pyproject_that_does_not_configure_skilllint_is_left_alone(tmp_path: Path, data: bytes) -> None:
    root = _repo(tmp_path)
    (root / "pyproject.toml").write_bytes(data)
    code, out, err = run_cli(["check", ".", "--format", "concise", "--jobs", "1"], root)
    assert code == 0, (out, err)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_wide_pyproject_that_configures_skilllint_says_to_save_it_as_utf8(tmp_path: Path, encoding: str) -> None:
    root = _repo(tmp_path)
    (root / "pyproject.toml").write_bytes('[project]\nname = "x"\n\n[tool.skilllint]\nignore = []\n'.encode(encoding))
    reason = _reason(*run_cli(["check", ".", "--format", "concise", "--jobs", "1"], root), root / "pyproject.toml")
    assert f"(the file looks {encoding[:6].upper()}); save the file as UTF-8" in reason, reason


def test_a_valid_pyproject_section_still_configures(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "skills" / "my-skill" / "SKILL.md").write_text(SKILL.replace("my-skill\n", "My-Skill\n", 1))
    (root / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.skilllint]\nselect = ["SL112"]\n',
                                         encoding="utf-8")
    code, out, _ = run_cli(["check", ".", "--format", "concise", "--jobs", "1"], root)
    assert code == 1 and "SL112" in out and "SL132" not in out
