"""Time skilllint (and agnix, when installed) on a corpus of agent skills, in paired runs.

Why this exists: skilllint promises speed a user feels -- a repository of skills lints fast enough
for CI, one skill fast enough for a pre-commit hook, a re-run of an unchanged tree is almost free,
and a very large tree fits in little memory.  Every figure here is a *ratio from paired runs*: the
two commands are run alternately (A B, B A, A B, ...), each pair gives one ratio, and the median
ratio is reported.  Whatever else the machine does slows both sides of a pair alike, so the ratio
holds where absolute times drift.  Commands are run as subprocesses, so interpreter start-up and
imports count.  Nothing here is asserted by the test suite (timings depend on the machine).

Measures (each can be skipped), with issue 30's goals:

1. **one skill re-run / interpreter start** (<= 3.5): ``skilllint check SKILL_DIR --cache-dir D``
   on a ``D`` an earlier run filled (a pre-commit hook's second run) against ``python -c pass`` with
   the interpreter of the skilllint script; the same with ``--no-cache`` (cold) beside it, no goal.
2. **corpus / agnix** (<= 1.0): ``skilllint check CORPUS --jobs J --format json --no-cache`` against
   ``agnix --format json CORPUS`` (when agnix is installed), wall time; CPU time (user + system of
   the linter and its workers, from ``os.wait4``) beside it.
3. **warm / cold** (<= 0.1): the same check with a result cache: cold into an empty cache folder,
   then warm on the folder the cold run filled.
4. **cold with default cache / --no-cache** (<= 1.1): the corpus check writing its cache into a
   fresh, empty folder on every run against the same check with ``--no-cache``: what a first run
   (or a CI job that keeps no cache) pays for storing results.
With ``--real DIR`` the corpora are not generated but made of real skills: the skill folders under DIR
(e.g. a checkout of public skills) copied round after round, each round in its own top folder, until
the count; synthetic skills have a quarter of the findings of real ones, which hid costs.

5. **the large tree** (``--memory-count``, e.g. 61000): the peak memory of one run, as the largest
   resident set of any one process (the kernel's high-water mark, from ``os.wait4``; goal <= 300 MB)
   and as the peak of the summed proportional set size (PSS) of the linter and every process it
   started, sampled (forked workers' shared pages counted once); agnix the same way.  Then
   skilllint / agnix wall on that tree (<= 1.0), ``--memory-pairs`` pairs.
6. **scale series** (``--scale 10000,20000,40000,61000``, opt-in): each linter on the first N skills
   of the large tree (its first top folders, passed as paths), in milliseconds per skill, wall and
   CPU: whether the time per skill grows with the tree.

Usage::

    python bench/run.py [--count N] [--jobs J] [--pairs P] [--keep DIR] [--seed S] [--real DIR]
                        [--memory-count N] [--memory-tree DIR] [--memory-pairs P]
                        [--scale N,N,...] [--scale-pairs P] [--skip MEASURE]
                        [--skilllint CMD] [--agnix CMD | --no-agnix]

Exit status: 0 when the measurements were made (whether or not the goals were met), 2 when a linter
failed (exit status other than 0 or 1) or could not be found.  Unix only (``os.wait4``).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, TypeAlias

# Issue 30's goals.
GOAL_ONE_SKILL_RATIO = 3.5  # a one-skill re-run <= 3.5x a bare interpreter start
GOAL_AGNIX_RATIO = 1.0  # skilllint's wall time <= agnix's, cold, on 5,000 and on 61,000 real skills
GOAL_WARM_RATIO = 0.1  # a warm re-run <= 0.1x the cold run
GOAL_COLD_CACHE_RATIO = 1.1  # a cold run writing the default cache <= 1.1x the same run with --no-cache
GOAL_PEAK_MB = 300.0  # largest process on a 61,000-skill tree


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



@dataclass(frozen=True)
class Run:
    """One run of a command, as ``os.wait4`` reports it: the kernel's own accounting of the process and
    every child it waited for (skilllint's workers), so nothing is sampled or missed."""

    seconds: float  # wall
    cpu: float  # user + system
    max_rss_mb: float  # the largest resident set of any one of those processes
    stdout: str


def run_once(command: list[str], cwd: Path, capture: bool,
             on_start: Callable[[int], None] | None = None) -> Run:
    """Run ``command`` once, its stdout kept when ``capture``; ``on_start`` gets its pid (a sampler).

    Raises LinterFailed on an exit status other than 0 or 1, with the linter's stderr.
    """
    cache = tempfile.mkdtemp(prefix="skilllint-bench-cache-")  # every run starts with an empty result cache
    env = dict(os.environ, DO_NOT_TRACK="1", NO_COLOR="1", SKILLLINT_CACHE_DIR=cache)
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE)
    except OSError as exc:
        shutil.rmtree(cache, ignore_errors=True)
        raise LinterFailed(f"{shlex.join(command)}: cannot run: {exc}") from exc
    with proc:
        if on_start is not None:
            on_start(proc.pid)
        out: list[bytes] = []
        reader = None
        if proc.stdout is not None:  # read both pipes at once: either may fill while the other is read
            stdout = proc.stdout
            reader = threading.Thread(target=lambda: out.append(stdout.read()), daemon=True)
            reader.start()
        err = proc.stderr.read() if proc.stderr is not None else b""
        if reader is not None:
            reader.join()
        _, status, usage = os.wait4(proc.pid, 0)  # not proc.wait(): it drops the resource usage
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # so Popen does not wait again
    shutil.rmtree(cache, ignore_errors=True)
    if proc.returncode not in (0, 1):
        stderr = err.decode("utf-8", "replace").strip()
        raise LinterFailed(f"{shlex.join(command)} exited with status {proc.returncode}\n{stderr or '(no stderr)'}")
    rss_kb = usage.ru_maxrss / (1024 if sys.platform == "darwin" else 1)  # bytes on macOS, kB on Linux
    return Run(elapsed, usage.ru_utime + usage.ru_stime, rss_kb / 1024,
               out[0].decode("utf-8", "replace") if out else "")


def compile_bytecode(skilllint: list[str]) -> None:
    """Compile the timed skilllint's modules, as installing a wheel does. An editable install writes
    its .pyc files at first import, unless PYTHONDONTWRITEBYTECODE is set (it is on some machines):
    then every run compiles each module it imports again, about 0.13 s of a run, which no installed
    skilllint pays. `compileall` writes them whatever that variable says."""
    interpreter = script_interpreter(skilllint)
    found = subprocess.run([interpreter, "-c", "import os, skilllint; print(os.path.dirname(skilllint.__file__))"],
                           capture_output=True, text=True, check=False)
    folder = found.stdout.strip()
    if found.returncode != 0 or not folder:
        print("bytecode: skilllint's package not found by its interpreter; not compiled")
        return
    subprocess.run([interpreter, "-m", "compileall", "-q", folder], capture_output=True, check=False)
    print(f"bytecode: compiled {folder} (as a wheel's install does)")


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
    a_runs: list[Run] = field(default_factory=list)
    b_runs: list[Run] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [b.seconds / a.seconds for a, b in zip(self.a_runs, self.b_runs, strict=True) if a.seconds > 0]

    @property
    def cpu_ratios(self) -> list[float]:
        return [b.cpu / a.cpu for a, b in zip(self.a_runs, self.b_runs, strict=True) if a.cpu > 0]

    @property
    def median_ratio(self) -> float:
        return statistics.median(self.ratios)

    @property
    def median_cpu_ratio(self) -> float:
        return statistics.median(self.cpu_ratios) if self.cpu_ratios else float("nan")

    def describe(self, cpu: bool = False) -> str:
        """The ratio of every pair and both sides' medians, so a reader sees the spread; with `cpu`, the
        same for CPU time on a second line (a linter spread over more cores has a lower wall time)."""
        def line(kind: str, ratios: list[float], a: list[float], b: list[float]) -> str:
            pairs = " ".join(f"{r:.3f}" for r in ratios)
            return (f"{kind} median ratio {statistics.median(ratios):.3f} (pairs: {pairs}); medians "
                    f"{self.b_label} {statistics.median(b) * 1000:.0f} ms, {self.a_label} "
                    f"{statistics.median(a) * 1000:.0f} ms")

        text = f"  {self.label}: " + line("wall", self.ratios, [r.seconds for r in self.a_runs],
                                          [r.seconds for r in self.b_runs])
        if cpu and self.cpu_ratios:
            text += "\n    " + line("CPU", self.cpu_ratios, [r.cpu for r in self.a_runs], [r.cpu for r in self.b_runs])
        return text


Side: TypeAlias = tuple[str, list[str] | Callable[[], Run]]
"""One side of a pair: (label, command), or (label, callable making one run) for runs that need a
set-up of their own (an empty cache folder) outside the timed part."""


def paired(label: str, a: Side, b: Side, pairs: int, cwd: Path, warmup: bool = True) -> Paired:
    """Run `a` and `b` alternately `pairs` times (A B, then B A, ...), after one untimed run of each
    (unless not `warmup`: the files were just read by another run)."""
    result = Paired(label, a[0], b[0])

    def once(side: list[str] | Callable[[], Run]) -> Run:
        return side() if callable(side) else run_once(side, cwd, capture=False)

    if warmup:
        once(a[1])
        once(b[1])
    for index in range(pairs):
        if index % 2 == 0:
            result.a_runs.append(once(a[1]))
            result.b_runs.append(once(b[1]))
        else:
            result.b_runs.append(once(b[1]))
            result.a_runs.append(once(a[1]))
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



@dataclass(frozen=True)
class Peak:
    """Peak memory of one run: the sampled summed PSS of the whole process tree, and the run itself
    (whose ``max_rss_mb`` is the largest single process, issue 30's figure)."""

    pss_mb: float
    run: Run


def peak_memory(command: list[str], cwd: Path) -> Peak:
    """One run, its process tree's summed PSS sampled every 20 ms."""
    peak = 0
    stop = threading.Event()
    samplers: list[threading.Thread] = []

    def start(pid: int) -> None:
        def sample() -> None:
            nonlocal peak
            while not stop.is_set():
                peak = max(peak, _tree_pss_kb(pid))
                stop.wait(0.02)

        samplers.append(threading.Thread(target=sample, daemon=True))
        samplers[-1].start()

    try:
        run = run_once(command, cwd, capture=False, on_start=start)
    finally:
        stop.set()
        for sampler in samplers:
            sampler.join()
    return Peak(peak / 1024, run)


def supports(skilllint: list[str], option: str) -> bool:
    """Whether this skilllint's `check` has `option` (the cache options came later)."""
    proc = subprocess.run([*skilllint, "check", "--help"], capture_output=True, text=True, check=False)
    return option in proc.stdout


def holds_skills(directory: Path) -> bool:
    """Whether `directory` already holds skills: a corpus kept from an earlier run, reused as it is."""
    return directory.is_dir() and any(directory.rglob("SKILL.md"))


def _corpus_folder(directory: Path | None, prefix: str
                   ) -> tuple[Path, tempfile.TemporaryDirectory[str] | None, bool]:
    """Where a corpus goes: (folder, temporary directory to delete or None, whether `directory` already
    holds skills and is reused as it is)."""
    if directory and holds_skills(directory):
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


def counts(text: str) -> list[int]:
    """``--scale``'s value: skill counts, comma-separated, in increasing order."""
    try:
        values = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of counts: {text!r}") from exc
    if not values or values[0] < 1:
        raise argparse.ArgumentTypeError(f"counts must be at least 1: {text!r}")
    return values


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
                        help="make the timing corpus and the large tree of the real skills under DIR, copied "
                        "round after round")
    parser.add_argument("--memory-count", type=int, default=0, metavar="N",
                        help="also measure peak memory and skilllint / agnix on a large tree of N skills (e.g. 61000)")
    parser.add_argument("--memory-tree", type=Path, metavar="DIR",
                        help="where to make (or reuse) the large tree (default: a temporary folder)")
    parser.add_argument("--memory-pairs", type=int, default=1, metavar="P",
                        help="pairs of skilllint / agnix on the large tree (default 1; 0: none)")
    parser.add_argument("--scale", type=counts, default=[], metavar="N,N,...",
                        help="time per skill on the first N skills of the large tree, for each N "
                        "(e.g. 10000,20000,40000,61000)")
    parser.add_argument("--scale-pairs", type=int, default=1, metavar="P", help="runs per count and linter (default 1)")
    parser.add_argument("--skip", action="append", default=[],
                        choices=("one", "agnix", "cache", "cold-cache", "memory"),
                        help="leave a measure out (repeatable); agnix: the corpus pair (--no-agnix: every agnix run)")
    parser.add_argument("--skilllint", metavar="CMD", help="command to run skilllint (default: beside this Python)")
    parser.add_argument("--agnix", metavar="CMD", help="command to run agnix (default: beside this Python, else PATH)")
    parser.add_argument("--no-agnix", action="store_true", help="do not run agnix even if it is installed")
    args = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    if args.count < 1 or args.pairs < 1 or args.jobs < 1 or args.scale_pairs < 1:
        parser.error("--count, --pairs, --jobs and --scale-pairs must be at least 1")
    if args.memory_pairs < 0 or args.memory_count < 0:
        parser.error("--memory-count and --memory-pairs must be at least 0")
    skilllint = find_tool("skilllint", args.skilllint)
    if skilllint is None:
        print("skilllint: not found beside this Python nor on PATH (pip install -e .)", file=sys.stderr)
        return 2
    agnix = None if args.no_agnix else find_tool("agnix", args.agnix)
    compile_bytecode(skilllint)
    temps: list[tempfile.TemporaryDirectory[str]] = []
    try:
        kind = kind_of(args, args.keep)
        corpus, temp = (replicate(args.real, args.keep, args.count) if args.real else
                        make_corpus(args.keep, args.count, args.seed))
        temps += [temp] if temp else []
        return bench(args, corpus, kind, skilllint, agnix, temps)
    except LinterFailed as exc:
        print(f"a linter failed: {exc}", file=sys.stderr)
        return 2
    finally:
        for temp in temps:
            temp.cleanup()


@dataclass(frozen=True)
class Linters:
    """The commands measured, and how skilllint is told to keep no cache (older ones have no option)."""

    skilllint: list[str]
    agnix: list[str] | None
    no_cache: list[str]
    jobs: int

    def check(self, paths: Sequence[str | Path], *extra: str) -> list[str]:
        """skilllint's corpus run: `check PATHS --jobs J --format json`, then `extra` (default: no cache)."""
        return [*self.skilllint, "check", *map(str, paths), "--jobs", str(self.jobs), "--format", "json",
                *(extra or self.no_cache)]

    def agnix_check(self, paths: Sequence[str | Path], files: int) -> list[str]:
        """agnix's run, allowed twice the tree's files (it refuses more than 10,000 by default)."""
        assert self.agnix is not None
        return [*self.agnix, "--format", "json", "--max-files", str(max(10_000, 2 * files)), *map(str, paths)]


def kind_of(args: argparse.Namespace, directory: Path | None) -> str:
    """'real ' or 'synthetic ' for a corpus about to be made, '' for a kept one reused as it is."""
    if directory and holds_skills(directory):
        return ""
    return "real " if args.real else "synthetic "


def bench(args: argparse.Namespace, corpus: Path, kind: str, skilllint: list[str], agnix: list[str] | None,
          temps: list[tempfile.TemporaryDirectory[str]]) -> int:
    """Run the measures and print one line per figure, then the summary against issue 30's goals."""
    skills, files, size = count_skills(corpus)
    print(f"corpus: {skills} {kind}skills, {files} files, {size / 1e6:.1f} MB in {corpus}")
    print(f"machine: {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}, "
          f"Python {platform.python_version()}; {args.pairs} pairs per measure")
    describe_background("before")
    cwd = corpus  # no linter picks up a config file of the repository this runs from
    has_cache_dir = supports(skilllint, "--cache-dir")
    linters = Linters(skilllint, agnix, ["--no-cache"] if supports(skilllint, "--no-cache") else [], args.jobs)
    corpus_cmd = linters.check([corpus])
    print(f"skilllint: {shlex.join(corpus_cmd)} -> {count_findings(run_once(corpus_cmd, cwd, True).stdout)} findings")
    summary: list[str] = []
    if "one" not in args.skip:
        summary += measure_one_skill(linters, pick_one_skill(corpus), has_cache_dir, args.pairs, cwd, temps)
    if linters.agnix is not None and "agnix" not in args.skip:
        ag_cmd = linters.agnix_check([corpus], files)
        print(f"agnix: {shlex.join(ag_cmd)} -> {count_findings(run_once(ag_cmd, cwd, True).stdout)} findings")
        versus = paired(f"{skills} skills cold, skilllint / agnix", ("agnix", ag_cmd), ("skilllint", corpus_cmd),
                        args.pairs, cwd)
        print(versus.describe(cpu=True))
        summary.append(f"{skills} skills cold, skilllint / agnix wall: {versus.median_ratio:.2f} "
                       f"({verdict(versus.median_ratio, GOAL_AGNIX_RATIO)}); CPU {versus.median_cpu_ratio:.2f}")
    elif "agnix" not in args.skip and not args.no_agnix:
        print("agnix: not installed (pip install agnix) -- no comparison")
    if not has_cache_dir and not {"cache", "cold-cache"} <= set(args.skip):
        print("cache: this skilllint has no --cache-dir -- no warm/cold or cold-cache figure")
    elif has_cache_dir:
        if "cache" not in args.skip:
            summary += measure_warm_cold(linters, corpus, args.pairs, cwd, temps)
        if "cold-cache" not in args.skip and linters.no_cache:
            summary += measure_cold_cache(linters, corpus, args.pairs, cwd)
    if args.memory_count or args.scale:
        summary += measure_large(args, linters)
    describe_background("after")
    print("\nsummary (median ratios of paired runs; never asserted):")
    for line in summary:
        print(f"  {line}")
    return 0


def measure_one_skill(linters: Linters, one_skill: Path, has_cache_dir: bool, pairs: int, cwd: Path,
                      temps: list[tempfile.TemporaryDirectory[str]]) -> list[str]:
    """One skill against an empty interpreter: re-run (the goal: a pre-commit hook's second run, which
    replays the cached result) and cold (every import and rule paid, no goal)."""
    start: Side = ("python -c pass", [script_interpreter(linters.skilllint), "-c", "pass"])
    summary = []
    if has_cache_dir:
        scratch = tempfile.TemporaryDirectory(prefix="skilllint-bench-rerun-")
        temps.append(scratch)
        # paired()'s untimed first run fills the cache, so every timed run is a re-run
        rerun_cmd = [*linters.skilllint, "check", str(one_skill), "--cache-dir", str(Path(scratch.name) / "cache")]
        rerun = paired("one skill re-run / python -c pass", start, ("one skill re-run", rerun_cmd), pairs, cwd)
        print(rerun.describe())
        summary.append(f"one skill re-run / interpreter start: {rerun.median_ratio:.2f} "
                       f"({verdict(rerun.median_ratio, GOAL_ONE_SKILL_RATIO)})")
    cold = paired("one skill cold / python -c pass", start,
                  ("one skill cold", [*linters.skilllint, "check", str(one_skill), *linters.no_cache]), pairs, cwd)
    print(cold.describe())
    summary.append(f"one skill cold ({shlex.join(linters.no_cache) or 'default cache'}) / interpreter start: "
                   f"{cold.median_ratio:.2f} (no goal)")
    return summary


def measure_warm_cold(linters: Linters, corpus: Path, pairs: int, cwd: Path,
                      temps: list[tempfile.TemporaryDirectory[str]]) -> list[str]:
    """The corpus check with a result cache: cold into an empty folder, warm on the folder it filled."""
    scratch = tempfile.TemporaryDirectory(prefix="skilllint-bench-cache-")
    temps.append(scratch)
    cache = Path(scratch.name) / "cache"
    base = linters.check([corpus], "--cache-dir", str(cache))

    def cold() -> Run:
        shutil.rmtree(cache, ignore_errors=True)  # outside the timed part
        return run_once(base, cwd, capture=False)

    def warm() -> Run:
        if not cache.exists():
            run_once(base, cwd, capture=False)
        return run_once(base, cwd, capture=False)

    cached = paired("warm / cold (result cache)", ("cold", cold), ("warm", warm), pairs, cwd)
    print(cached.describe())
    return [f"warm / cold: {cached.median_ratio:.3f} ({verdict(cached.median_ratio, GOAL_WARM_RATIO)})"]


def measure_cold_cache(linters: Linters, corpus: Path, pairs: int, cwd: Path) -> list[str]:
    """What writing the default cache costs a first run: the corpus check storing its results into a
    cache folder that does not exist yet (a new one per run) against the same check with --no-cache.

    The folder is made in the system's temporary folder ($TMPDIR, else /tmp), not in /dev/shm: the
    default cache is on disk, and creating its files there is the cost."""
    def fresh_cache() -> Run:
        parent = tempfile.mkdtemp(prefix="skilllint-bench-default-cache-")
        try:
            return run_once(linters.check([corpus], "--cache-dir", os.path.join(parent, "skilllint")), cwd, False)
        finally:
            shutil.rmtree(parent, ignore_errors=True)  # outside the timed part

    costs = paired("cold with default cache / --no-cache", ("--no-cache", linters.check([corpus])),
                   ("default cache, cold", fresh_cache), pairs, cwd)
    print(costs.describe(cpu=True))
    return [f"cold with default cache / --no-cache: {costs.median_ratio:.2f} "
            f"({verdict(costs.median_ratio, GOAL_COLD_CACHE_RATIO)})"]


def natural(name: str) -> list[Any]:
    """Sort key: `round-2` before `round-10`."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


@dataclass(frozen=True)
class Subset:
    """The first top folders of a tree that hold at least a wanted number of skills: a smaller tree
    without copying one (both linters take several paths and lint only those)."""

    skills: int
    files: int
    folders: list[str]  # relative to the tree, which is the linters' working directory


def top_folders(tree: Path) -> list[tuple[str, int, int]]:
    """(name, skills, files) of each top folder of `tree`, in natural order (`round-0`, `round-1`, ...)."""
    return [(top.name, *count_skills(top)[:2]) for top in sorted(tree.iterdir(), key=lambda p: natural(p.name))
            if top.is_dir()]


def first_skills(tops: list[tuple[str, int, int]], wanted: Sequence[int]) -> list[Subset]:
    """For each count, the fewest first top folders (of `top_folders`) holding at least that many
    skills, or all of them when the tree has fewer."""
    subsets = []
    for count in wanted:
        skills = files = 0
        folders = []
        for name, top_skills, top_files in tops:
            if skills >= count:
                break
            folders.append(name)
            skills += top_skills
            files += top_files
        if skills < count:
            print(f"  the tree holds only {skills} skills: {count} is out of reach")
        subsets.append(Subset(skills, files, folders))
    return subsets


def measure_large(args: argparse.Namespace, linters: Linters) -> list[str]:
    """The large tree (max of --memory-count and --scale, skills replicated from --real or generated):
    peak memory, skilllint / agnix on it, and the scale series on its first N skills."""
    wanted = max([args.memory_count, *args.scale])
    kind = kind_of(args, args.memory_tree)
    tree, temp = (replicate(args.real, args.memory_tree, wanted) if args.real else
                  make_corpus(args.memory_tree, wanted, args.seed))
    try:
        tree_skills, tree_files, tree_size = count_skills(tree)
        print(f"large tree: {tree_skills} {kind}skills, {tree_files} files, {tree_size / 1e6:.0f} MB in {tree}")
        summary: list[str] = []
        read = bool(kind)  # whether the tree's files were just written or read (so in the page cache)
        tops = top_folders(tree)
        if args.memory_count:
            subset = first_skills(tops, [args.memory_count])[0]
            whole = subset.skills >= tree_skills
            paths = [tree] if whole else subset.folders
            skills, files = (tree_skills, tree_files) if whole else (subset.skills, subset.files)
            if "memory" not in args.skip:
                summary.append(measure_peak(linters, paths, skills, files, tree))
                read = True
            if linters.agnix is not None and args.memory_pairs:
                versus = paired(f"{skills} skills cold, skilllint / agnix",
                                ("agnix", linters.agnix_check(paths, files)), ("skilllint", linters.check(paths)),
                                args.memory_pairs, tree, warmup=not read)
                read = True
                print(versus.describe(cpu=True))
                summary.append(f"{skills} skills cold, skilllint / agnix wall: {versus.median_ratio:.2f} "
                               f"({verdict(versus.median_ratio, GOAL_AGNIX_RATIO)}); CPU {versus.median_cpu_ratio:.2f}")
        if args.scale:
            summary += scale_series(linters, tree, first_skills(tops, args.scale), args.scale_pairs, warm=read)
        return summary
    finally:
        if temp is not None:
            temp.cleanup()


def measure_peak(linters: Linters, paths: Sequence[str | Path], skills: int, files: int, tree: Path) -> str:
    """One run of each linter on the large tree: its largest process and its summed PSS."""
    peak = peak_memory(linters.check(paths), tree)
    print(f"  peak memory, {skills} skills: skilllint largest process {peak.run.max_rss_mb:.0f} MB, "
          f"summed PSS {peak.pss_mb:.0f} MB, in {peak.run.seconds:.1f} s (CPU {peak.run.cpu:.1f} s)")
    line = (f"peak memory on {skills} skills: largest process {peak.run.max_rss_mb:.0f} MB "
            f"({verdict(peak.run.max_rss_mb, GOAL_PEAK_MB, ' MB')}), summed PSS {peak.pss_mb:.0f} MB")
    if linters.agnix is not None:
        ag = peak_memory(linters.agnix_check(paths, files), tree)
        print(f"  peak memory, {skills} skills: agnix largest process {ag.run.max_rss_mb:.0f} MB, "
              f"summed PSS {ag.pss_mb:.0f} MB, in {ag.run.seconds:.1f} s (CPU {ag.run.cpu:.1f} s)")
        line += f"; agnix {ag.run.max_rss_mb:.0f} MB, summed PSS {ag.pss_mb:.0f} MB"
    return line


def scale_series(linters: Linters, tree: Path, subsets: list[Subset], runs: int, warm: bool) -> list[str]:
    """Milliseconds per skill, wall and CPU, of each linter on each subset, the linters alternated as in
    paired runs: a time per skill that grows with the tree is a cost that is not linear in it.  Unless
    `warm` (the tree was just written or read), one untimed run of each on the largest subset first."""
    subsets = [s for index, s in enumerate(subsets) if s.folders not in [t.folders for t in subsets[:index]]]
    per_skill: dict[str, list[str]] = {"skilllint": [], "agnix": []}
    if not warm:
        largest = subsets[-1]
        run_once(linters.check(largest.folders), tree, capture=False)
        if linters.agnix is not None:
            run_once(linters.agnix_check(largest.folders, largest.files), tree, capture=False)
    print(f"  scale series: ms per skill, wall / CPU, median of {runs} run(s) each")
    for subset in subsets:
        sides: list[tuple[str, list[str]]] = [("skilllint", linters.check(subset.folders))]
        if linters.agnix is not None:
            sides.append(("agnix", linters.agnix_check(subset.folders, subset.files)))
        timed: dict[str, list[Run]] = {label: [] for label, _ in sides}
        for number in range(runs):
            for label, command in sides if number % 2 == 0 else sides[::-1]:
                timed[label].append(run_once(command, tree, capture=False))
        row = []
        for label, done in timed.items():
            wall = statistics.median(r.seconds for r in done) * 1000 / subset.skills
            cpu = statistics.median(r.cpu for r in done) * 1000 / subset.skills
            row.append(f"{label} {wall:.2f} / {cpu:.2f}")
            per_skill[label].append(f"{wall:.2f}")
        if len(timed) == 2:
            ratios = [s.seconds / a.seconds for s, a in zip(timed["skilllint"], timed["agnix"], strict=True)]
            row.append(f"skilllint / agnix wall {statistics.median(ratios):.2f}")
        print(f"    {subset.skills:>7} skills ({len(subset.folders)} folders): " + "; ".join(row))
    sizes = ", ".join(str(s.skills) for s in subsets)
    return [f"ms per skill (wall) on {sizes} skills: "
            + "; ".join(f"{label} {', '.join(values)}" for label, values in per_skill.items() if values)]


if __name__ == "__main__":
    sys.exit(main())
