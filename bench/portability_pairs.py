"""Paired timings of `coverage` and `matrix` against `check` on the same tree and targets.

    python bench/portability_pairs.py CORPUS [--pairs 7] [--jobs 2] [--target sisu] [--memory]

Each figure is the median of per-pair ratios (the commands alternated, as in `bench/run.py`, whose
helpers this uses): `coverage --target T` / `check --target T --no-cache`, and `matrix` (every
built-in runtime) / `check` with every built-in runtime as `--target`, both `--no-cache` (a cold
check; `matrix` and `coverage` keep no cache). The goal of issue 13 is <= 1.2 for both. With
`--memory`, also the peak summed PSS of one run of each (sampled every 20 ms).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from run import LinterFailed, paired, peak_memory_mb  # noqa: E402 - bench/ is a folder of scripts

from skilllint.output.commands.matrix import default_runtimes  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--target", default="sisu")
    parser.add_argument("--skilllint", default=str(Path(sys.executable).with_name("skilllint")))
    parser.add_argument("--memory", action="store_true", help="also the peak memory of one run of each")
    parser.add_argument("--skip", action="append", default=[], choices=["coverage", "matrix"])
    args = parser.parse_args(argv)
    exe, cwd = args.skilllint, args.corpus.resolve()
    common = [".", "--isolated", "--jobs", str(args.jobs)]
    everyone = [flag for runtime in default_runtimes() for flag in ("--target", runtime)]
    runs = {
        "coverage": (["check", *common, "--no-cache", "--format", "json", "--target", args.target],
                     ["coverage", *common, "--format", "json", "--target", args.target]),
        "matrix": (["check", *common, "--no-cache", "--format", "json", *everyone],
                   ["matrix", *common, "--format", "json"]),
    }
    try:
        for name, (check, other) in runs.items():
            if name in args.skip:
                continue
            result = paired(f"{name} / check", ("check", [exe, *check]), (name, [exe, *other]), args.pairs, cwd)
            print(result.describe(), flush=True)
            if args.memory:
                for label, command in (("check", check), (name, other)):
                    peak, seconds = peak_memory_mb([exe, *command], cwd)
                    print(f"  peak memory {label}: {peak:.0f} MB ({seconds:.1f} s)", flush=True)
    except LinterFailed as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
