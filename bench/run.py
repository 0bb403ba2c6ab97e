"""Time skilllint (and agnix, when installed) on a synthetic corpus of agent skills, in paired runs.

Why this exists: skilllint promises speed a user feels -- a repository of skills lints fast enough
for CI, one skill fast enough for a pre-commit hook, a re-run of an unchanged tree is almost free,
and a very large tree fits in little memory.  Every figure here is a *ratio from paired runs*: the
two commands are run alternately (A B, B A, A B, ...), each pair gives one ratio, and the median
ratio is reported.  Whatever else the machine does slows both sides of a pair alike, so the ratio
holds where absolute times drift.  Commands are run as subprocesses, so interpreter start-up and
imports count.  Nothing here is asserted by the test suite (timings depend on the machine).

Measures (each can be skipped):

1. **one skill / interpreter start**: ``skilllint check SKILL_DIR`` against ``python -c pass`` with
   the interpreter of the skilllint script.
2. **corpus / agnix**: ``skilllint check CORPUS --jobs J --no-cache`` against
   ``agnix --format json CORPUS`` (when agnix is installed).
3. **warm / cold**: the same check with a result cache: cold into an empty cache folder, then warm
   on the folder the cold run filled.
With ``--real DIR`` the corpus is not generated but made of real skills: the skill folders under DIR
(e.g. a checkout of public skills) copied round after round, each round in its own top folder, until
``--count`` skills; synthetic skills have a quarter of the findings of real ones, which hid costs.

4. **peak memory** on a large generated tree (``--memory-count``, e.g. 61000): the peak over the
   run of the summed proportional set size (PSS) of the linter and every process it started, so
   forked workers' shared pages are counted once.  agnix the same way when installed.

Usage::

    python bench/run.py [--count N] [--jobs J] [--pairs P] [--keep DIR] [--seed S] [--real DIR]
                        [--memory-count N] [--memory-tree DIR]
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
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

GOAL_ONE_SKILL_RATIO = 3.0  # one skill <= 3x a bare interpreter start
GOAL_AGNIX_RATIO = 0.6  # skilllint's time <= 0.6x agnix's on the corpus
GOAL_WARM_RATIO = 0.1  # a warm re-run <= 0.1x the cold run
GOAL_PEAK_MB = 300.0  # on a 61,000-skill tree


class LinterFailed(Exception):
    """A linter exited with a status other than 0 (clean) or 1 (findings): the timing is meaningless."""


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


@dataclass
class Paired:
    """Alternating runs of two commands: `a` is the reference, the ratio is b / a per pair."""

    label: str
    a_label: str
    b_label: str
    a_seconds: list[float] = field(default_factory=list)
    b_seconds: list[float] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [b / a for a, b in zip(self.a_seconds, self.b_seconds, strict=True) if a > 0]

    @property
    def median_ratio(self) -> float:
        return statistics.median(self.ratios)

    def describe(self) -> str:
        """The ratio of every pair and both sides' medians, so a reader sees the spread."""
        ratios = " ".join(f"{r:.3f}" for r in self.ratios)
        return (f"  {self.label}: median ratio {self.median_ratio:.3f} (pairs: {ratios}); "
                f"medians {self.b_label} {statistics.median(self.b_seconds) * 1000:.0f} ms, "
                f"{self.a_label} {statistics.median(self.a_seconds) * 1000:.0f} ms")


def paired(label: str, a: tuple[str, Any], b: tuple[str, Any], pairs: int, cwd: Path) -> Paired:
    """Run `a` and `b` alternately `pairs` times (A B, then B A, ...), after one untimed run of
    each. Each side is (label, command) or (label, callable returning seconds) for runs that
    need a set-up of their own (an empty cache folder) outside the timed part."""
    result = Paired(label, a[0], b[0])

    def once(side: Any) -> float:
        return side() if callable(side) else run_once(side, cwd, capture=False)[0]

    once(a[1])
    once(b[1])
    for index in range(pairs):
        if index % 2 == 0:
            result.a_seconds.append(once(a[1]))
            result.b_seconds.append(once(b[1]))
        else:
            result.b_seconds.append(once(b[1]))
            result.a_seconds.append(once(a[1]))
    return result


def _tree_pss_kb(root: int) -> int:
    """Summed PSS (else RSS) in kB of `root` and its descendants, from /proc (Linux)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read().rsplit(b")", 1)[1].split()
            children.setdefault(int(stat[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, ()))
        total += _pss_kb(pid)
    return total


def _pss_kb(pid: int) -> int:
    for path, key in ((f"/proc/{pid}/smaps_rollup", b"Pss:"), (f"/proc/{pid}/status", b"VmRSS:")):
        try:
            with open(path, "rb") as handle:
                for line in handle:
                    if line.startswith(key):
                        return int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return 0


def peak_memory_mb(command: list[str], cwd: Path) -> tuple[float, float]:
    """(peak summed PSS in MB, wall seconds) of one run, sampled every 20 ms."""
    env = dict(os.environ, DO_NOT_TRACK="1", NO_COLOR="1")
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _tree_pss_kb(proc.pid))
            stop.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, stderr = proc.communicate()
    stop.set()
    sampler.join()
    if proc.returncode not in (0, 1):
        raise LinterFailed(f"{shlex.join(command)} exited with status {proc.returncode}\n"
                           f"{stderr.decode('utf-8', 'replace').strip()}")
    return peak / 1024, time.perf_counter() - start


def supports(skilllint: list[str], option: str) -> bool:
    """Whether this skilllint's `check` has `option` (the cache options came later)."""
    proc = subprocess.run([*skilllint, "check", "--help"], capture_output=True, text=True, check=False)
    return option in proc.stdout


def _corpus_folder(directory: Path | None, prefix: str
                   ) -> tuple[Path, tempfile.TemporaryDirectory[str] | None, bool]:
    """Where a corpus goes: (folder, temporary directory to delete or None, whether `directory` already
    holds skills and is reused as it is)."""
    if directory and directory.is_dir() and any(directory.rglob("SKILL.md")):
        print(f"reusing corpus {directory.resolve()}")
        return directory.resolve(), None, True
    if directory:
        return directory.resolve(), None, False
    temp = tempfile.TemporaryDirectory(prefix=prefix, dir=scratch_root())
    return Path(temp.name) / "corpus", temp, False


def make_corpus(directory: Path | None, count: int, seed: int) -> tuple[Path, tempfile.TemporaryDirectory[str] | None]:
    """A generated corpus of `count` skills: `directory` reused when it already holds skills,
    else generated into it (kept), else into a temporary folder (deleted at the end)."""
    corpus, temp, reused = _corpus_folder(directory, "skilllint-bench-")
    if reused:
        return corpus, None
    corpus.mkdir(parents=True, exist_ok=True)
    gen = load_generator()
    start = time.perf_counter()
    stats = gen.generate(corpus, count, seed)
    print(stats.summary(corpus, seed, time.perf_counter() - start))
    return corpus, temp


def replicate(source: Path, directory: Path | None, count: int) -> tuple[Path, tempfile.TemporaryDirectory[str] | None]:
    """A corpus of `count` real skills: the skill folders under `source` (each with its bundled files),
    copied as `round-<k>/<their path>` until there are `count`. Reused like `make_corpus`'s."""
    corpus, temp, reused = _corpus_folder(directory, "skilllint-bench-real-")
    if reused:
        return corpus, None
    skills = sorted({path.parent for path in source.resolve().rglob("SKILL.md") if path.is_file()})
    skills = [folder for folder in skills if not any(parent in skills for parent in folder.parents)]
    if not skills:
        raise SystemExit(f"--real {source}: no SKILL.md below it")
    start, made, rounds = time.perf_counter(), 0, 0
    while made < count:
        for folder in skills[:count - made]:
            shutil.copytree(folder, corpus / f"round-{rounds}" / folder.relative_to(source.resolve()), symlinks=True)
        made += min(len(skills), count - made)
        rounds += 1
    print(f"real corpus: {made} skills ({len(skills)} distinct from {source}, {rounds} rounds) in "
          f"{time.perf_counter() - start:.1f} s")
    return corpus, temp


def verdict(value: float, goal: float, unit: str = "") -> str:
    return f"goal <= {goal:g}{unit}: " + ("met" if value <= goal else "MISSED")


def main(argv: list[str] | None = None) -> int:
    """Command line: make or reuse the corpora, run the paired measurements, print them."""
    parser = argparse.ArgumentParser(description="Benchmark skilllint (and agnix) in paired runs.")
    parser.add_argument("--count", type=int, default=5000, help="skills in the timing corpus (default 5000)")
    parser.add_argument("--jobs", type=int, default=2, help="skilllint --jobs for corpus runs (default 2)")
    parser.add_argument("--pairs", type=int, default=5, help="pairs per measure (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="generate the timing corpus into DIR and keep it; "
                        "reuse DIR if it already has skills")
    parser.add_argument("--real", type=Path, metavar="DIR",
                        help="make the timing corpus of the real skills under DIR, copied to --count skills")
    parser.add_argument("--memory-count", type=int, default=0, metavar="N",
                        help="also measure peak memory on a generated tree of N skills (e.g. 61000)")
    parser.add_argument("--memory-tree", type=Path, metavar="DIR",
                        help="where to generate (or reuse) the memory tree (default: a temporary folder)")
    parser.add_argument("--skip", action="append", default=[], choices=("one", "agnix", "cache", "memory"),
                        help="leave a measure out (repeatable)")
    parser.add_argument("--skilllint", metavar="CMD", help="command to run skilllint (default: beside this Python)")
    parser.add_argument("--agnix", metavar="CMD", help="command to run agnix (default: beside this Python, else PATH)")
    parser.add_argument("--no-agnix", action="store_true", help="do not run agnix even if it is installed")
    args = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    if args.count < 1 or args.pairs < 1 or args.jobs < 1:
        parser.error("--count, --pairs and --jobs must be at least 1")
    skilllint = find_tool("skilllint", args.skilllint)
    if skilllint is None:
        print("skilllint: not found beside this Python nor on PATH (pip install -e .)", file=sys.stderr)
        return 2
    agnix = None if args.no_agnix else find_tool("agnix", args.agnix)
    temps: list[tempfile.TemporaryDirectory[str]] = []
    try:
        corpus, temp = (replicate(args.real, args.keep, args.count) if args.real else
                        make_corpus(args.keep, args.count, args.seed))
        temps += [temp] if temp else []
        return bench(args, corpus, skilllint, agnix, temps)
    except LinterFailed as exc:
        print(f"a linter failed: {exc}", file=sys.stderr)
        return 2
    finally:
        for temp in temps:
            temp.cleanup()


def bench(args: argparse.Namespace, corpus: Path, skilllint: list[str], agnix: list[str] | None,
          temps: list[tempfile.TemporaryDirectory[str]]) -> int:
    """Run the measures and print one line per figure."""
    skills, files, size = count_skills(corpus)
    one_skill = pick_one_skill(corpus)
    print(f"corpus: {skills} skills, {files} files, {size / 1e6:.1f} MB in {corpus}")
    print(f"machine: {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}, "
          f"Python {platform.python_version()}; {args.pairs} pairs per measure")
    describe_background("before")
    cwd = corpus  # no linter picks up a config file of the repository this runs from
    no_cache = ["--no-cache"] if supports(skilllint, "--no-cache") else []
    corpus_cmd = [*skilllint, "check", str(corpus), "--jobs", str(args.jobs), "--format", "json", *no_cache]
    _, out = run_once(corpus_cmd, cwd, capture=True)
    print(f"skilllint: {shlex.join(corpus_cmd)} -> {count_findings(out)} findings")
    summary: list[str] = []

    if "one" not in args.skip:
        interp = script_interpreter(skilllint)
        one = paired("one skill / python -c pass", ("python -c pass", [interp, "-c", "pass"]),
                     ("one skill", [*skilllint, "check", str(one_skill), *no_cache]), args.pairs, cwd)
        print(one.describe())
        summary.append(f"one skill / interpreter start: {one.median_ratio:.2f} "
                       f"({verdict(one.median_ratio, GOAL_ONE_SKILL_RATIO)})")

    if "agnix" not in args.skip and agnix is not None:
        ag_cmd = [*agnix, "--format", "json", "--max-files", str(max(10_000, 2 * files)), str(corpus)]
        _, out = run_once(ag_cmd, cwd, capture=True)
        print(f"agnix: {shlex.join(ag_cmd)} -> {count_findings(out)} findings")
        versus = paired(f"{skills} skills, skilllint / agnix", ("agnix", ag_cmd), ("skilllint", corpus_cmd),
                        args.pairs, cwd)
        print(versus.describe())
        summary.append(f"{skills} skills, skilllint / agnix: {versus.median_ratio:.2f} "
                       f"({verdict(versus.median_ratio, GOAL_AGNIX_RATIO)})")
    elif "agnix" not in args.skip:
        print("agnix: not installed (pip install agnix) -- no comparison")

    if "cache" not in args.skip and supports(skilllint, "--cache-dir"):
        scratch = tempfile.TemporaryDirectory(prefix="skilllint-bench-cache-")
        temps.append(scratch)
        cache = Path(scratch.name) / "cache"
        base = [*skilllint, "check", str(corpus), "--jobs", str(args.jobs), "--format", "json", "--cache-dir",
                str(cache)]

        def cold() -> float:
            shutil.rmtree(cache, ignore_errors=True)  # outside the timed part
            return run_once(base, cwd, capture=False)[0]

        def warm() -> float:
            if not cache.exists():
                run_once(base, cwd, capture=False)
            return run_once(base, cwd, capture=False)[0]

        cached = paired("warm / cold (result cache)", ("cold", cold), ("warm", warm), args.pairs, cwd)
        print(cached.describe())
        summary.append(f"warm / cold: {cached.median_ratio:.3f} ({verdict(cached.median_ratio, GOAL_WARM_RATIO)})")
    elif "cache" not in args.skip:
        print("cache: this skilllint has no --cache-dir -- no warm/cold figure")

    if "memory" not in args.skip and args.memory_count:
        tree, temp = make_corpus(args.memory_tree, args.memory_count, args.seed)
        temps += [temp] if temp else []
        tree_skills, tree_files, _ = count_skills(tree)
        mem_cmd = [*skilllint, "check", str(tree), "--jobs", str(args.jobs), "--format", "json", *no_cache]
        peak, seconds = peak_memory_mb(mem_cmd, tree)
        print(f"  peak memory, {tree_skills} skills: skilllint {peak:.0f} MB in {seconds:.1f} s")
        line = f"peak memory on {tree_skills} skills: {peak:.0f} MB ({verdict(peak, GOAL_PEAK_MB, ' MB')})"
        if agnix is not None and "agnix" not in args.skip:
            ag_peak, ag_seconds = peak_memory_mb(
                [*agnix, "--format", "json", "--max-files", str(2 * tree_files), str(tree)], tree)
            print(f"  peak memory, {tree_skills} skills: agnix {ag_peak:.0f} MB in {ag_seconds:.1f} s")
            line += f"; agnix {ag_peak:.0f} MB"
        summary.append(line)

    describe_background("after")
    print("\nsummary (median ratios of paired runs; never asserted):")
    for line in summary:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
