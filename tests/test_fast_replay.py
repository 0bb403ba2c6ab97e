"""The console script's fast path (`skilllint.output.fastpath`): a re-run of an unchanged `check`
replays its run record before click, pathlib or PyYAML is imported, and prints exactly what the normal
path's replay prints, with the same exit code; anything else falls through to the normal command line.

The end-to-end tests run both entries in fresh interpreters on the same tree and cache (the record's
key holds the streams, so both write to pipes) and compare exit codes and bytes; a probe records which
modules each loaded, which tells a replay from a run.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import pytest

from skilllint.engine.cache import key as cache_key
from skilllint.engine.cache import package, runrecord
from skilllint.engine.cache.location import cache_root
from skilllint.output import fastpath
from skilllint.output.cli import check as check_command
from skilllint.output.commands import replay
from tests.conftest import write_pdf_skills

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "skills"
PROBE = """
import os, sys
entry = sys.argv.pop(1)
sys.argv[0] = "skilllint"
try:
    if entry == "fast":
        from skilllint.output.fastpath import main
    else:
        from skilllint.output.cli import main
    main()
finally:
    with open(os.environ["SKILLLINT_TEST_MODULES"], "w", encoding="utf-8") as handle:
        handle.write("\\n".join(sorted(sys.modules)))
"""
NOT_ON_A_HIT = ("click", "yaml", "pathlib", "skilllint.output.cli", "skilllint.checks", "skilllint.runtimes",
                "skilllint.reading.document", "skilllint.settings", "skilllint.output.commands.check")
"""What a replay on the fast path never imports (hashlib neither, once the files are old enough that
their signatures are trusted: `test_a_hit_on_old_files_hashes_nothing`)."""


class Ran:
    """One process: its exit code, its two outputs' bytes, the modules it had loaded at the end."""

    def __init__(self, code: int, out: bytes, err: bytes, modules: set[str]) -> None:
        self.code, self.out, self.err, self.modules = code, out, err, modules

    @property
    def output(self) -> tuple[int, bytes, bytes]:
        return self.code, self.out, self.err

    def ran_check(self) -> bool:
        return "skilllint.output.commands.check" in self.modules


def run(entry: str, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> Ran:
    modules = cwd.parent / f"modules-{os.getpid()}.txt"
    environment = {**os.environ, **(env or {}), "SKILLLINT_TEST_MODULES": str(modules)}
    done = subprocess.run([sys.executable, "-c", PROBE, entry, *args], cwd=cwd, env=environment,
                          capture_output=True, check=False, timeout=120)
    loaded = set(modules.read_text(encoding="utf-8").splitlines())
    modules.unlink()
    return Ran(done.returncode, done.stdout, done.stderr, loaded)


@functools.cache
def at_start() -> frozenset[str]:
    """The modules the interpreter has before any of ours (an editable install's finder loads pathlib)."""
    done = subprocess.run([sys.executable, "-c", "import sys; print('\\n'.join(sys.modules))"], capture_output=True,
                          text=True, check=True)
    return frozenset(done.stdout.split())


def loaded_any(ran: Ran, names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in ran.modules - at_start()
                  if any(m == name or m.startswith(name + ".") for name in names))


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Two skills with findings, the example skills (one clean, one broken), and a folder without any."""
    root = write_pdf_skills(tmp_path / "tree")
    shutil.copytree(EXAMPLES, root / "examples")
    (root / "docs").mkdir()
    (root / "docs" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    return root


def replayed_alike(root: Path, args: list[str], env: dict[str, str] | None = None) -> Ran:
    """Record a run, replay it the normal way and the fast way: the same code and bytes, and the
    fast one without click, YAML or any rule. Returns the fast run."""
    first = run("cli", args, root, env)
    normal = run("cli", args, root, env)
    assert not normal.ran_check(), "the normal path did not replay"
    assert normal.output == first.output
    fast = run("fast", args, root, env)
    assert fast.output == normal.output
    assert not loaded_any(fast, NOT_ON_A_HIT), loaded_any(fast, NOT_ON_A_HIT)
    return fast


CASES = [
    ["check", "skills"],
    ["check", "skills", "examples", "--format", "full"],
    ["check", ".", "--format=json", "-j", "1"],
    ["check", "skills/demo/SKILL.md", "--format", "sarif", "--no-progress"],
    ["check", "--format", "github", "-tclaude-code", "--target", "sisu"],
    ["check", "skills", "--format", "full", "--color"],
    ["check", "skills", "--no-color", "--format", "concise", "--fail-on", "warning", "--exit-zero"],
    ["check", "skills", "-q", "--select", "SL2", "--extend-select", "SL1", "--ignore", "SL112"],
    ["check", "skills", "--statistics", "--format", "json", "--isolated", "--force-exclude"],
    ["check", "docs"],  # nothing to check: a warning on stderr
    ["check", "examples/Deploy-Helper", "examples/pdf-processing/SKILL.md", "--debug"],
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(case[1:]) for case in CASES])
def test_the_fast_path_replays_what_the_normal_path_replays(tree: Path, tmp_path: Path, args: list[str]) -> None:
    replayed_alike(tree, [*args, "--cache-dir", str(tmp_path / "cache")])


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"FORCE_COLOR": "1"}, {"GITHUB_ACTIONS": "true"}],
                         ids=["NO_COLOR", "FORCE_COLOR", "GITHUB_ACTIONS"])
def test_the_variables_that_change_the_output_are_in_the_key(tree: Path, tmp_path: Path, env: dict[str, str]) -> None:
    args = ["check", "skills", "--cache-dir", str(tmp_path / "cache")]
    if "FORCE_COLOR" in env:
        args.extend(["--format", "full"])
    plain = replayed_alike(tree, args)
    varied = replayed_alike(tree, args, env)
    if "NO_COLOR" not in env:  # colour, or the github format instead of concise
        assert varied.out != plain.out


def test_a_hit_on_old_files_hashes_nothing(tree: Path, tmp_path: Path) -> None:
    """Files and folders older than the record (by the racy margin) are trusted on their signature:
    nothing is read, so OpenSSL is not loaded."""
    time.sleep(runrecord.RACY_NS / 1e9 + 0.2)
    args = ["check", "skills", "--cache-dir", str(tmp_path / "cache")]
    expected = replayed_alike(tree, args).output  # stores skilllint's signature if the record lacked it
    fast = run("fast", args, tree)
    assert fast.output == expected
    assert not loaded_any(fast, ("hashlib", "_hashlib"))


def test_the_cache_folder_from_the_environment(tree: Path, tmp_path: Path) -> None:
    replayed_alike(tree, ["check", "skills"], {"SKILLLINT_CACHE_DIR": str(tmp_path / "env-cache")})
    replayed_alike(tree, ["check", "skills"], {"SKILLLINT_CACHE_DIR": "relative-cache"})
    home = tmp_path / "home"
    replayed_alike(tree, ["check", "skills"], {"SKILLLINT_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": str(home)})
    assert (home / ".cache" / "skilllint").is_dir()


def test_a_changed_skill_is_run_again(tree: Path, tmp_path: Path) -> None:
    args = ["check", "skills", "--format", "json", "--cache-dir", str(tmp_path / "cache")]
    before = replayed_alike(tree, args)
    skill = tree / "skills" / "demo" / "SKILL.md"
    skill.write_text(skill.read_text(encoding="utf-8").replace("Bassh", "Bash"), encoding="utf-8")
    fast = run("fast", args, tree)
    assert fast.ran_check()  # fell through, and ran
    assert fast.output == run("cli", [*args, "--no-cache"], tree).output
    assert fast.out != before.out
    replayed_alike(tree, args)


def test_a_new_skill_and_a_changed_config_are_run_again(tree: Path, tmp_path: Path) -> None:
    args = ["check", ".", "--format", "concise", "--cache-dir", str(tmp_path / "cache")]
    config = tree / ".skilllint.yaml"
    config.write_text("ignore: [SL200]\n", encoding="utf-8")
    replayed_alike(tree, args)
    config.write_text("ignore: [SL200, SL300]\n", encoding="utf-8")
    fast = run("fast", args, tree)
    assert fast.ran_check()
    assert fast.output == run("cli", [*args, "--no-cache"], tree).output
    (tree / "skills" / "third").mkdir()
    (tree / "skills" / "third" / "SKILL.md").write_text("---\nname: third\n---\n", encoding="utf-8")
    fast = run("fast", args, tree)
    assert fast.ran_check()
    assert fast.output == run("cli", [*args, "--no-cache"], tree).output
    replayed_alike(tree, [*args, "--config", ".skilllint.yaml"])


@pytest.mark.parametrize("args", [
    ["check", "missing-folder"],
    ["check", "skills", "--format", "JSON"],
    ["check", "skills", "--jobs", "0"],
    ["check", "skills", "--config", "skills"],
    ["check", "skills", "--fail-on"],
    ["check", "skills", "--no-such-option"],
    ["check", "skills", "--diff"],
    ["check", "skills", "--show-settings"],
    ["--version"],
    ["rules", "--on"],
], ids=lambda args: " ".join(args))
def test_what_the_fast_path_does_not_take_goes_the_normal_way(tree: Path, tmp_path: Path, args: list[str]) -> None:
    args = [*args, "--cache-dir", str(tmp_path / "cache")] if args[0] == "check" else args
    for _ in range(2):  # the second time a record of the first would be replayed, if there were one
        fast = run("fast", args, tree)
        assert fast.output == run("cli", args, tree).output
        assert "click" in fast.modules


def test_a_record_whose_package_signature_is_missing_or_stale_is_checked_by_digest(tree: Path, tmp_path: Path) -> None:
    """The signature is not trusted within 2 s of installing; a replay that finds it missing or
    changed compares the digest instead, and stores the signature for the next replays. A record
    of other files of skilllint (another digest) is not replayed."""
    cache = tmp_path / "cache"
    args = ["check", "skills", "--format", "json", "--cache-dir", str(cache)]
    expected = replayed_alike(tree, args).output
    [path] = [p for p in cache.glob("v1/?/*") if p.read_bytes().startswith(runrecord.MAGIC)]

    def rewrite(package_field: list[Any]) -> None:
        found = runrecord.load(cache, path.name)
        assert found is not None and found.origin is not None
        _, _, raw, output = found.origin
        path.write_bytes(runrecord._sealed({**raw, "package": package_field}, output))

    digest = runrecord.load(cache, path.name).package[0]  # type: ignore[union-attr]
    for signature in (None, "0" * 64):
        rewrite([digest, signature])
        fast = run("fast", args, tree)
        assert fast.output == expected and not fast.ran_check()
        found = runrecord.load(cache, path.name)
        assert found is not None and found.package == [digest, package.signature(package.default_tops() or [])]
    rewrite(["another skilllint", None])
    fast = run("fast", args, tree)
    assert fast.output == expected and fast.ran_check()


def test_the_signature_is_kept_only_for_files_older_than_the_process(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n", encoding="utf-8")
    folders = [str(tmp_path / "pkg")]
    info = os.stat(tmp_path / "pkg" / "a.py")
    assert package.signature(folders, older_than=info.st_ctime_ns) is None
    signed = package.signature(folders, older_than=info.st_ctime_ns + 1)
    assert signed is not None and signed == package.signature(folders)
    (tmp_path / "pkg" / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert package.signature(folders) != signed
    (tmp_path / "pkg" / "b.py").write_text("", encoding="utf-8")
    assert package.signature(folders) != signed


def test_the_package_is_found_and_digested_as_the_result_cache_does() -> None:
    assert package.default_tops() == cache_key.package_tops()
    assert package.digest(package.default_tops() or []) == cache_key.package_digest()


def test_the_defaults_are_those_click_gives_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    params = check_command.make_context("check", []).params
    assert params.pop("paths") == ()
    assert params == fastpath.DEFAULTS
    assert fastpath.ENVIRONMENT == replay.ENVIRONMENT
    assert fastpath.NOT_OUTPUT == replay._NOT_OUTPUT
    known = {opt for param in check_command.params for opt in param.opts + param.secondary_opts}
    assert set(fastpath.FLAGS) | set(fastpath.VALUES) | {"--color", "--no-color"} <= known


ARGVS = [
    [], ["skills"], ["skills", "docs", "-q"], ["-t", "sisu", "-tclaude-code", "--target=codex", "skills"],
    ["--format=json"], ["--format", "sarif", "--format", "full"], ["--format", "JSON"], ["--format", "markdown"],
    ["--fail-on", "info"], ["--fail-on", "fatal"], ["--fail-on"], ["--select", "SL1,SL2", "--select=SL3"],
    ["--extend-select", "x", "--ignore", "SL112", "--ignore", "name-not-lowercase"], ["-j", "2"], ["-j2"],
    ["--jobs=0"], ["--jobs", "-1"], ["--jobs", "two"], ["--jobs", "٣"], ["--color"], ["--no-color", "--color"],
    ["--color", "--no-color"], ["--config", "conf.yaml"], ["--config", "missing.yaml"], ["--config", "skills"],
    ["--config=conf.yaml"], ["--baseline", "conf.yaml"], ["--baseline", "skills"], ["--cache-dir", "c"],
    ["--isolated", "--force-exclude", "--statistics", "--quiet", "--no-progress", "--exit-zero", "--debug"],
    ["--target", "--quiet"], ["-q", "-q"], ["-qj", "2"], ["--quiet=1"], ["--", "skills"], ["-"],
    ["--stdin-filename", "x/SKILL.md"], ["--fix"], ["--diff"], ["--no-cache"], ["-o", "out.txt"],
    ["--output-file=out.txt"], ["--write-baseline", "b.json"], ["--show-settings"], ["--inject-fault", "crash:*"],
    ["--help"], ["-h"], ["--tar", "x"], ["skills", "--format"], ["a\0b"], [""], ["nowhere/SKILL.md"],
]


@pytest.mark.parametrize("argv", ARGVS, ids=[repr(argv) for argv in ARGVS])
def test_the_arguments_are_read_as_click_reads_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    argv: list[str]) -> None:
    """Where the fast path takes arguments, click takes them too and gives the same paths and
    options; where click refuses them, the fast path does not take them."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "skills").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "conf.yaml").write_text("{}\n", encoding="utf-8")
    parsed = fastpath.parse(["check", *argv])
    try:
        params = check_command.make_context("check", list(argv)).params
    except (click.exceptions.Exit, click.ClickException, ValueError):
        assert parsed is None
        return
    if parsed is not None:
        paths = list(params.pop("paths")) or ["."]
        assert parsed == (paths, params)


def test_only_check_is_taken() -> None:
    assert fastpath.parse(["rules"]) is None
    assert fastpath.parse(["--version"]) is None
    assert fastpath.parse([]) is None


@pytest.mark.parametrize("env", [
    {}, {"SKILLLINT_CACHE_DIR": "rel"}, {"SKILLLINT_CACHE_DIR": "/abs/dir"}, {"SKILLLINT_CACHE_DIR": "a//b/./c/"},
    {"XDG_CACHE_HOME": "/xdg"}, {"XDG_CACHE_HOME": "relative"}, {"XDG_CACHE_HOME": "/xdg/"}, {"HOME": "/home/u"},
    {"HOME": "/"}, {"HOME": ""}, {"HOME": "/home//u/"},
], ids=repr)
@pytest.mark.parametrize("cli_dir", [None, "", "cache", "/tmp/c", "./c", "c/", "../c", "//c"])
def test_the_cache_folder_is_the_one_pathlib_spells(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    env: dict[str, str], cli_dir: str | None) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("SKILLLINT_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    found = fastpath.cache_root(cli_dir)
    expected = cache_root(cli_dir=cli_dir, cwd=Path.cwd())
    if found is not None:  # None: the normal path decides
        assert expected is not None and found == os.fspath(expected)


def test_the_key_is_the_normal_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("PYTHONSOMETHING", "x")
    for argv in (["check"], ["check", "a", "b", "-t", "sisu", "--format", "json", "-j", "3", "--no-progress"]):
        parsed = fastpath.parse(argv)
        assert parsed is not None
        paths, options = parsed
        params = check_command.make_context("check", argv[1:]).params
        params.pop("paths")
        assert fastpath.invocation(paths, options, "/c") == replay.invocation(paths, params, Path("/c"))
