"""Time skilllint (and agnix, when installed) on a synthetic corpus of agent skills.

Why this exists: skilllint has two speed promises -- a whole repository of skills must lint fast
enough for CI (goal: >= 4000 skills/s with ``--jobs 2`` on 5000 skills), and one skill must lint fast
enough for a pre-commit hook (goal: <= 200 ms wall time, start-up included).  Both are measured
here as a user feels them: the ``skilllint`` console script is run as a subprocess, so interpreter
start-up and imports count.  Figures are medians of the runs made in this one invocation; nothing
is compared with earlier runs, and nothing here is asserted by the test suite (timings depend on
the machine).

Usage::

    python bench/run.py [--count N] [--jobs J] [--runs R] [--keep DIR] [--seed S]
                        [--skilllint CMD] [--agnix CMD | --no-agnix]

Exit status: 0 when the measurements were made (whether or not the goals were met), 2 when a linter
failed (exit status other than 0 or 1) or could not be found.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

GOAL_SKILLS_PER_SECOND = 4000.0
GOAL_ONE_SKILL_MS = 200.0
ONE_SKILL_RUNS = 5


class LinterFailed(Exception):
    """A linter exited with a status other than 0 (clean) or 1 (findings): the timing is meaningless."""


@dataclass
class Timing:
    """Wall times of repeated runs of one command, and what its one untimed run reported."""

    label: str
    command: list[str]
    seconds: list[float] = field(default_factory=list)
    findings: str = "n/a"

    @property
    def median(self) -> float:
        """Median wall time in seconds: robust to one slow run (page cache, a busy neighbour)."""
        return statistics.median(self.seconds)

    def runs_text(self) -> str:
        """All run times, so a reader can see the spread behind the median."""
        return " ".join(f"{s:.3f}" for s in self.seconds)


def load_generator() -> ModuleType:
    """Import bench/generate.py by path: bench/ is not a package, and must not need to be one."""
    path = Path(__file__).with_name("generate.py")
    spec = importlib.util.spec_from_file_location("skilllint_bench_generate", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


def find_tool(name: str, override: str | None) -> list[str] | None:
    """The command to run a tool: the override, else the script beside this Python, else PATH.

    The script beside ``sys.executable`` comes first so that ``.venv/bin/python bench/run.py`` times
    the venv's own skilllint even when the venv is not activated.
    """
    if override:
        return shlex.split(override)
    beside = Path(sys.executable).parent / name
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which(name)
    return [found] if found else None


def scratch_root() -> str | None:
    """Where to put a temporary corpus: /dev/shm when it is a roomy tmpfs, else the default.

    Writing 17,000 files is several times slower on some virtual disks than in memory; reading them
    back is not (they are in the page cache either way), so this only shortens the set-up.
    """
    shm = Path("/dev/shm")
    try:
        if shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 2 * 1024**3:
            return str(shm)
    except OSError:
        pass
    return None


def background_cpu(seconds: float = 0.5) -> float | None:
    """Share of all CPUs busy while this script sleeps (Linux only), or None where unknown.

    Why: on a shared machine another job (a test suite, a build) can halve the figures; printing
    this beside them tells a reader whether a run is to be trusted.
    """

    def sample() -> tuple[int, int]:
        with open("/proc/stat") as fh:
            fields = [int(x) for x in fh.readline().split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return idle, sum(fields)

    try:
        idle1, total1 = sample()
        time.sleep(seconds)
        idle2, total2 = sample()
    except (OSError, ValueError, IndexError):
        return None
    total = total2 - total1
    return None if total <= 0 else max(0.0, 1.0 - (idle2 - idle1) / total)


def describe_background(when: str) -> None:
    """Print the background CPU use, with a warning when it is high enough to skew the timings."""
    busy = background_cpu()
    if busy is None:
        return
    warning = " -- other processes are busy: figures will be low and noisy" if busy > 0.15 else ""
    print(f"background CPU use {when}: {busy:.0%}{warning}")


def count_skills(corpus: Path) -> tuple[int, int, int]:
    """(SKILL.md files, all files, bytes) under ``corpus``: printed so a reused corpus is described."""
    skills = files = size = 0
    for root, _dirs, names in os.walk(corpus):
        for name in names:
            files += 1
            size += os.path.getsize(os.path.join(root, name))
            if name == "SKILL.md":
                skills += 1
    return skills, files, size


def pick_one_skill(corpus: Path) -> Path:
    """The skill folder whose SKILL.md is closest to the median size: a typical pre-commit target."""
    sized = sorted((p.stat().st_size, str(p)) for p in corpus.rglob("SKILL.md"))
    if not sized:
        raise SystemExit(f"no SKILL.md under {corpus}")
    median = sized[len(sized) // 2][0]
    best = min(sized, key=lambda item: (abs(item[0] - median), item[1]))
    return Path(best[1]).parent


def count_findings(text: str) -> str:
    """Best-effort count of findings in a linter's JSON output, to show it really read the files.

    skilllint's JSON schema may change while it is being written, so this looks for the usual
    shapes (a list, or a list under a well-known key, possibly one level down per file) rather than
    one exact schema.
    """
    try:
        data: Any = json.loads(text)
    except ValueError:
        return "output is not JSON"
    keys = ("findings", "diagnostics", "results", "problems", "issues", "messages", "violations")
    if isinstance(data, list):
        if data and all(isinstance(d, dict) and any(isinstance(d.get(k), list) for k in keys) for d in data):
            return str(sum(len(next(d[k] for k in keys if isinstance(d.get(k), list))) for d in data))
        return str(len(data))
    if isinstance(data, dict):
        for key in keys:
            if isinstance(data.get(key), list):
                return str(len(data[key]))
        return "unknown JSON shape (keys: " + ", ".join(sorted(map(str, data)))[:80] + ")"
    return "unknown JSON shape"


def run_once(command: list[str], cwd: Path, capture: bool) -> tuple[float, str]:
    """Run ``command`` once; return its wall time and (if ``capture``) its stdout.

    Raises LinterFailed on an exit status other than 0 or 1, with the linter's stderr.
    """
    cache = tempfile.mkdtemp(prefix="skilllint-bench-cache-")  # every run starts with an empty result cache
    env = dict(os.environ, DO_NOT_TRACK="1", NO_COLOR="1", SKILLLINT_CACHE_DIR=cache)
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=False,
        )
    except OSError as exc:
        raise LinterFailed(f"{shlex.join(command)}: cannot run: {exc}") from exc
    elapsed = time.perf_counter() - start
    shutil.rmtree(cache, ignore_errors=True)
    if proc.returncode not in (0, 1):
        stderr = proc.stderr.decode("utf-8", "replace").strip()
        raise LinterFailed(f"{shlex.join(command)} exited with status {proc.returncode}\n{stderr or '(no stderr)'}")
    return elapsed, proc.stdout.decode("utf-8", "replace") if capture else ""


def measure(label: str, command: list[str], runs: int, cwd: Path, parse_json: bool) -> Timing:
    """One untimed warm-up run (fills caches, checks the exit status, counts findings), then ``runs``."""
    timing = Timing(label, command)
    _, out = run_once(command, cwd, capture=parse_json)
    if parse_json:
        timing.findings = count_findings(out)
    for _ in range(runs):
        seconds, _ = run_once(command, cwd, capture=False)
        timing.seconds.append(seconds)
    return timing


def script_interpreter(command: list[str]) -> str:
    """The Python that runs a console script (its shebang), else this one: for the start-up floor."""
    try:
        with open(command[0], "rb") as fh:
            first = fh.readline().decode("utf-8", "replace")
    except OSError:
        return sys.executable
    if first.startswith("#!"):
        interp = first[2:].strip().split(" ")[0]
        if "python" in Path(interp).name and Path(interp).is_file():
            return interp
    return sys.executable


def startup_floor(interp: str, cwd: Path) -> list[tuple[str, float]]:
    """Median wall times of a bare interpreter and of importing skilllint's CLI module.

    Why: the one-skill goal is mostly start-up; these two numbers tell how much of it the
    interpreter costs (nothing skilllint can do about) and how much its imports cost.
    """
    out: list[tuple[str, float]] = []
    probes = (("  python start-up alone", "pass"), ("  python + import skilllint.cli", "import skilllint.cli"))
    for label, code in probes:
        times = []
        for _ in range(ONE_SKILL_RUNS + 1):
            start = time.perf_counter()
            proc = subprocess.run([interp, "-c", code], cwd=cwd, capture_output=True, check=False)
            times.append(time.perf_counter() - start)
            if proc.returncode != 0:
                return out
        out.append((label, statistics.median(times[1:])))
    return out


def fmt_goal(ok: bool) -> str:
    """A word a reader can scan for."""
    return "met" if ok else "MISSED"


def print_table(
    count: int,
    corpus: Timing | None,
    one: Timing | None,
    ag_corpus: Timing | None,
    ag_one: Timing | None,
    jobs: int,
    floor: list[tuple[str, float]],
) -> None:
    """Print the results table: skilllint, its goal, agnix and the ratio side by side."""
    rows: list[tuple[str, str, str, str, str]] = [
        ("measure", "skilllint", "goal", "agnix", "skilllint vs agnix"),
    ]
    any_corpus = corpus or ag_corpus
    if any_corpus:
        sl_sps = count / corpus.median if corpus else None
        ag_sps = count / ag_corpus.median if ag_corpus else None
        rows.append(
            (
                f"{count} skills, wall time (median of {len(any_corpus.seconds)})",
                f"{corpus.median:.3f} s" if corpus else "n/a",
                "",
                f"{ag_corpus.median:.3f} s" if ag_corpus else "n/a",
                "",
            )
        )
        ratio = f"{sl_sps / ag_sps:.2f}x the speed" if sl_sps and ag_sps else "n/a"
        rows.append(
            (
                f"  skills per second (--jobs {jobs})",
                f"{sl_sps:,.0f}" if sl_sps else "n/a",
                f">= {GOAL_SKILLS_PER_SECOND:,.0f}"
                + (f" {fmt_goal(sl_sps >= GOAL_SKILLS_PER_SECOND)}" if sl_sps else ""),
                f"{ag_sps:,.0f}" if ag_sps else "n/a",
                ratio,
            )
        )
    if one or ag_one:
        sl_ms = one.median * 1000 if one else None
        ag_ms = ag_one.median * 1000 if ag_one else None
        rows.append(
            (
                f"one skill, wall time (median of {ONE_SKILL_RUNS})",
                f"{sl_ms:.0f} ms" if sl_ms is not None else "n/a",
                f"<= {GOAL_ONE_SKILL_MS:.0f} ms"
                + (f" {fmt_goal(sl_ms <= GOAL_ONE_SKILL_MS)}" if sl_ms is not None else ""),
                f"{ag_ms:.0f} ms" if ag_ms is not None else "n/a",
                f"{sl_ms / ag_ms:.2f}x the time" if sl_ms is not None and ag_ms else "n/a",
            )
        )
    for label, seconds in floor:
        rows.append((label, f"{seconds * 1000:.0f} ms", "", "", ""))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: list[str] | None = None) -> int:
    """Command line: make or reuse the corpus, time the linters, print the table."""
    parser = argparse.ArgumentParser(description="Benchmark skilllint (and agnix) on a synthetic skills corpus.")
    parser.add_argument("--count", type=int, default=5000, help="skills to generate (default 5000)")
    parser.add_argument("--jobs", type=int, default=2, help="skilllint --jobs for the corpus run (default 2)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of the corpus check (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="generate the corpus into DIR and keep it; reuse DIR if it already has skills",
    )
    parser.add_argument(
        "--skilllint",
        metavar="CMD",
        help="command to run skilllint (default: the script beside this Python, else PATH)",
    )
    parser.add_argument("--agnix", metavar="CMD", help="command to run agnix (default: beside this Python, else PATH)")
    parser.add_argument("--no-agnix", action="store_true", help="do not time agnix even if it is installed")
    args = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)  # progress lines and stderr stay in order in a log
    if args.count < 1 or args.runs < 1 or args.jobs < 1:
        parser.error("--count, --runs and --jobs must be at least 1")

    skilllint = find_tool("skilllint", args.skilllint)
    agnix = None if args.no_agnix else find_tool("agnix", args.agnix)

    temp: tempfile.TemporaryDirectory[str] | None = None
    broken_note = ""
    if args.keep and args.keep.is_dir() and any(args.keep.rglob("SKILL.md")):
        corpus = args.keep.resolve()
        print(f"reusing corpus {corpus}")
    else:
        if args.keep:
            corpus = args.keep.resolve()
        else:
            temp = tempfile.TemporaryDirectory(prefix="skilllint-bench-", dir=scratch_root())
            corpus = Path(temp.name) / "corpus"
        corpus.mkdir(parents=True, exist_ok=True)
        gen = load_generator()
        start = time.perf_counter()
        stats = gen.generate(corpus, args.count, args.seed)
        print(stats.summary(corpus, args.seed, time.perf_counter() - start))
        broken_note = f"; the corpus has {sum(stats.broken.values())} deliberately broken skills"

    try:
        return bench(args, corpus, skilllint, agnix, broken_note)
    finally:
        if temp is not None:
            temp.cleanup()


def bench(
    args: argparse.Namespace, corpus: Path, skilllint: list[str] | None, agnix: list[str] | None, broken_note: str
) -> int:
    """Run the measurements on ``corpus`` and print them; returns the exit status."""
    skills, files, size = count_skills(corpus)
    one_skill = pick_one_skill(corpus)
    cpus = os.cpu_count() or 1
    print(f"corpus: {skills} skills, {files} files, {size / 1e6:.1f} MB in {corpus}")
    print(f"one skill: {one_skill.relative_to(corpus)} ({(one_skill / 'SKILL.md').stat().st_size} bytes)")
    print(f"machine: {cpus} CPUs, {platform.system()} {platform.machine()}, Python {platform.python_version()}")
    describe_background("before")
    cwd = corpus  # neither linter should pick up a config file of the repository this runs from
    status = 0
    sl_corpus = sl_one = ag_corpus = ag_one = None

    if skilllint is None:
        print("skilllint: not found beside this Python nor on PATH (install it: pip install -e .)", file=sys.stderr)
        status = 2
    else:
        corpus_cmd = [*skilllint, "check", str(corpus), "--jobs", str(args.jobs), "--format", "json"]
        one_cmd = [*skilllint, "check", str(one_skill)]
        print(f"skilllint: {shlex.join(corpus_cmd)}")
        try:
            sl_corpus = measure("skilllint corpus", corpus_cmd, args.runs, cwd, parse_json=True)
            print(f"  runs: {sl_corpus.runs_text()} s; findings: {sl_corpus.findings}{broken_note}")
            sl_one = measure("skilllint one", one_cmd, ONE_SKILL_RUNS, cwd, parse_json=False)
            print(f"  one skill: {shlex.join(one_cmd)}\n  runs: {sl_one.runs_text()} s")
        except LinterFailed as exc:
            print(f"skilllint failed: {exc}", file=sys.stderr)
            return 2

    if agnix is not None:
        # agnix refuses trees of more than 10,000 files by default, and this one has more; a bound
        # above the real count (rather than 0, "no limit") keeps it from warning on stderr.
        ag_cmd = [*agnix, "--format", "json", "--max-files", str(max(10_000, 2 * files)), str(corpus)]
        ag_one_cmd = [*agnix, str(one_skill)]
        print(f"agnix: {shlex.join(ag_cmd)}")
        try:
            ag_corpus = measure("agnix corpus", ag_cmd, args.runs, cwd, parse_json=True)
            print(f"  runs: {ag_corpus.runs_text()} s; findings: {ag_corpus.findings}")
            ag_one = measure("agnix one", ag_one_cmd, ONE_SKILL_RUNS, cwd, parse_json=False)
            print(f"  one skill: {shlex.join(ag_one_cmd)}\n  runs: {ag_one.runs_text()} s")
        except LinterFailed as exc:
            print(f"agnix failed (its figures are left out): {exc}", file=sys.stderr)
            ag_corpus = ag_one = None
    elif not args.no_agnix:
        print("agnix: not installed (pip install agnix) -- no comparison")

    describe_background("after")
    floor = startup_floor(script_interpreter(skilllint), cwd) if skilllint else []
    print()
    print_table(skills, sl_corpus, sl_one, ag_corpus, ag_one, args.jobs, floor)
    print("\nfigures are medians of the runs above, made just now on this machine; they are never asserted.")
    return status


if __name__ == "__main__":
    sys.exit(main())
