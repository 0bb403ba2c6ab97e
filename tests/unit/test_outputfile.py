"""Writing a file the user named (skilllint.output.commands.outputfile): all of it or none of it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skilllint.output.commands.failure import UsageFailure
from skilllint.output.commands.outputfile import write_atomically, write_file


def test_a_new_file_gets_the_bytes_and_the_umask(tmp_path: Path) -> None:
    target = tmp_path / "new.json"
    old = os.umask(0o027)
    try:
        write_atomically(str(target), b"data")
    finally:
        os.umask(old)
    assert target.read_bytes() == b"data"
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    target = tmp_path / "report.json"
    target.write_bytes(b"old")

    def broken(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        write_atomically(str(target), b"new")
    assert target.read_bytes() == b"old"
    assert [path.name for path in tmp_path.iterdir()] == ["report.json"]


def test_a_failure_is_one_usage_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(UsageFailure) as raised:
        write_file(str(tmp_path / "file" / "report.json"), b"x", "output file")
    assert raised.value.exit_code == 2
    message = raised.value.format_message()
    assert message.startswith("cannot write the output file `") and "Not a directory" in message
