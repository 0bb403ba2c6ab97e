"""Time the result cache as a user meets it: cold and warm runs of one `skilllint check`, in pairs.

Why pairs: the development host is shared and its speed drifts by 1.5x within minutes, so a cold
figure from one minute and a warm one from the next mean little. Each pair runs the command with
a fresh, empty cache folder (cold: nothing to reuse, every result stored) and at once again with
the same folder (warm: an unchanged tree); the ratio warm/cold is taken per pair and the median
of the ratios is reported, with the median times. Every warm output must be byte-identical to
its cold one and to a `--no-cache` run (checked; exit 2 if not).

Usage::

    python bench/cache_pairs.py [--pairs N] [--cwd DIR] [--skilllint CMD] -- check corpus --format json

The skilllint beside this Python is used unless --skilllint names another command.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(command: list[str], cwd: Path, cache: str) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds (user + system, the process and its workers) and stdout."""
    env = dict(os.environ, SKILLLINT_CACHE_DIR=cache, NO_COLOR="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        sys.exit(f"{shlex.join(command)} exited with {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed, cpu, proc.stdout


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--cwd", type=Path, default=Path.cwd())
    parser.add_argument("--skilllint", default=str(Path(sys.executable).with_name("skilllint")))
    parser.add_argument("args", nargs="+", help="the skilllint arguments, after --")
    options = parser.parse_args(argv)
    command = [*shlex.split(options.skilllint), *options.args]
    print(f"command: {shlex.join(command)} (in {options.cwd})")
    with tempfile.TemporaryDirectory(prefix="skilllint-pairs-") as scratch:
        _, _, expected = run([*command, "--no-cache"], options.cwd, os.path.join(scratch, "unused"))
        colds, warms, ratios, cpu_ratios = [], [], [], []
        for number in range(1, options.pairs + 1):
            cache = os.path.join(scratch, f"cache-{number}")
            cold, cold_cpu, cold_out = run(command, options.cwd, cache)
            warm, warm_cpu, warm_out = run(command, options.cwd, cache)
            shutil.rmtree(cache, ignore_errors=True)
            if not cold_out == warm_out == expected:
                print(f"pair {number}: output differs between --no-cache, cold and warm", file=sys.stderr)
                return 2
            colds.append(cold)
            warms.append(warm)
            ratios.append(warm / cold)
            cpu_ratios.append(warm_cpu / cold_cpu)
            print(f"pair {number:2d}: cold {cold:.3f} s  warm {warm:.3f} s  ratio {warm / cold:.3f}  "
                  f"(CPU {cold_cpu:.3f} s / {warm_cpu:.3f} s, ratio {warm_cpu / cold_cpu:.3f})", flush=True)
    print(f"median: cold {statistics.median(colds):.3f} s, warm {statistics.median(warms):.3f} s, "
          f"ratio {statistics.median(ratios):.3f} (range {min(ratios):.3f}-{max(ratios):.3f}); "
          f"CPU-time ratio {statistics.median(cpu_ratios):.3f}; outputs identical to --no-cache")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
