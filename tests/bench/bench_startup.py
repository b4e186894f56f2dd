"""Start-up benchmark: one hand from the shell against a bare `import typer, rich`.

usage: python tests/bench/bench_startup.py [--runs R] [--as-is] [--mjscore PROGRAM]

Times, as subprocesses, the median wall clock of R (default 15) runs of

  1. python -c "import typer, rich"               (the yardstick)
  2. mjscore score <hand> --format jsonl
  3. mjscore score <hand>                          (the default rich report)

interleaved (one run of each in turn), after one warm-up run of each, and prints
the ratios to the yardstick. The target is at most 1.5x. Bytecode caching is on
for every command (a private PYTHONPYCACHEPREFIX, PYTHONDONTWRITEBYTECODE
removed), as a pip install has it, unless --as-is. The installed typer, rich and
pydantic versions are printed too: typer >= 0.29 coerces every non-flag parameter
through pydantic, which no public typer API avoids.
Not a pytest test: numbers depend on the machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_score import STARTUP_HAND as HAND  # noqa: E402
from bench_score import mjscore_command, pyc_env  # noqa: E402

TARGET = 1.5


def wall(cmd: list[str], env: dict[str, str] | None) -> float:
    t = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    secs = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()}")
    return secs


def version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=15, help="runs per command (15)")
    ap.add_argument(
        "--as-is",
        action="store_true",
        help="run in this environment, without a private bytecode cache",
    )
    ap.add_argument(
        "--mjscore",
        metavar="PROGRAM",
        help="the mjscore program to time (default: the console script next "
        "to this interpreter), e.g. another checkout's, to compare",
    )
    args = ap.parse_args()

    cmd = [args.mjscore] if args.mjscore else mjscore_command()
    commands = {
        "python -c 'import typer, rich'": [sys.executable, "-c", "import typer, rich"],
        "mjscore score <hand> --format jsonl": [*cmd, "score", *HAND, "--format", "jsonl"],
        "mjscore score <hand> (rich)": [*cmd, "score", *HAND],
    }
    with tempfile.TemporaryDirectory() as tmp:
        env = None if args.as_is else pyc_env(str(Path(tmp) / "pyc"))
        times: dict[str, list[float]] = {name: [] for name in commands}
        for command in commands.values():  # warm-up: fills the bytecode cache
            wall(command, env)
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(wall(command, env))

    medians = {name: statistics.median(ts) for name, ts in times.items()}
    bare = medians["python -c 'import typer, rich'"]
    print(f"start-up, median of {args.runs} interleaved runs          ms    ratio")
    for name, secs in medians.items():
        ratio = secs / bare
        flag = (
            ""
            if name.startswith("python")
            else ("  ok" if ratio <= TARGET else f"  OVER {TARGET}x")
        )
        print(f"  {name:<44} {secs * 1000:>8.1f} {ratio:>8.2f}{flag}")
    cache = "environment as is" if args.as_is else "private bytecode cache"
    print(f"\ncommand: {' '.join(cmd)}; python {sys.version.split()[0]}; {cache}")
    print(f"typer {version('typer')}, rich {version('rich')}, pydantic {version('pydantic')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
