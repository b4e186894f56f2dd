"""Throughput and start-up benchmark of mjscore, with the `mahjong` package as the yardstick.

usage: python tests/bench/bench_score.py [N] [--runs R] [--repeat K] [--keep FILE]

Generates N (default 20000) distinct hands with tests/strategies.py (derandomized, so the
same hands every run), writes them to a temporary hand file and times:

  a. `mjscore score --file F --format jsonl > out` as a subprocess: wall clock, start-up
     included, with the default --jobs (every core for a file this long);
  b. mahjong's HandCalculator.estimate_hand_value on the same hands, scoring calls only
     (the 136-tile conversion is done beforehand), in a fresh process;
  c. `mjscore.score(line)` on the same lines in a fresh process, one core;

each the best of K (default 3) runs;

then start-up: `python -c "import typer, rich"` against a one-hand `mjscore score` in
jsonl and in the default (rich) format, median of R (default 15) runs each. The start-up
target is at most 1.5x the bare `import typer, rich`.
Not a pytest test: numbers depend on the machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from subprocess import CompletedProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for strategies.py

from strategies import sample_hands  # noqa: E402

STARTUP_HAND = ["234m406p22s56s", "chi:678s", "ron:4s="]


def mjscore_command() -> list[str]:
    """The installed console script next to this interpreter, else `python -m mjscore`."""
    here = Path(sys.executable).parent / "mjscore"
    if here.exists():
        return [str(here)]
    found = shutil.which("mjscore")
    return [found] if found else [sys.executable, "-m", "mjscore"]


def pyc_env(cache_dir: str) -> dict[str, str]:
    """Subprocess environment with a bytecode cache, as a pip install has.

    With PYTHONDONTWRITEBYTECODE set (as in some sandboxes) an editable checkout is
    recompiled on every start while site-packages keeps its .pyc files, which would
    charge mjscore ~20 ms that no installed copy pays. A private PYTHONPYCACHEPREFIX
    gives every module, typer and rich included, the same treatment.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache_dir
    return env


def wall(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, CompletedProcess]:
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    return time.perf_counter() - t, p


def to_file(cmd: list[str], out: Path, env: dict[str, str] | None) -> tuple[float, int]:
    """Wall time of `cmd` with its stdout written to `out` (stderr discarded), and its exit."""
    with out.open("w") as sink:
        t = time.perf_counter()
        code = subprocess.run(cmd, stdout=sink, stderr=subprocess.DEVNULL, env=env).returncode
        return time.perf_counter() - t, code


# Timed loops run by a fresh interpreter; each prints its seconds. Imports and loading
# the input are outside the timing: only the scoring calls count.
MAHJONG_LOOP = """
import pickle, sys, time
sys.path.insert(0, {tests!r})
inputs = pickle.loads(open(sys.argv[1], "rb").read())
t = time.perf_counter()
for x in inputs:
    x.estimate()
print(time.perf_counter() - t)
"""
MJSCORE_LOOP = """
import sys, time, mjscore
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
mjscore.score(lines[0])
t = time.perf_counter()
for line in lines:
    mjscore.score(line)
print(time.perf_counter() - t)
"""


def in_fresh_process(loop: str, data: Path) -> float:
    code = loop.format(tests=str(Path(__file__).resolve().parents[1]))
    out = subprocess.run(
        [sys.executable, "-c", code, str(data)], capture_output=True, text=True, check=True
    ).stdout
    return float(out.strip())


def median_wall(cmd: list[str], runs: int, env: dict[str, str] | None = None) -> float:
    wall(cmd, env)  # warm the page cache and the bytecode cache once
    return statistics.median(wall(cmd, env)[0] for _ in range(runs))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "n",
        nargs="?",
        type=int,
        default=20000,
        help="hands to score (20000: a large file, where start-up no longer counts)",
    )
    ap.add_argument("--runs", type=int, default=15, help="start-up runs per command (15)")
    ap.add_argument(
        "--repeat", type=int, default=3, help="throughput runs of each kind; the best counts (3)"
    )
    ap.add_argument("--keep", type=Path, help="also write the hand file here")
    ap.add_argument(
        "--as-is",
        action="store_true",
        help="run subprocesses in this environment, without a bytecode cache",
    )
    args = ap.parse_args()

    t = time.perf_counter()
    hands = sample_hands(args.n)
    gen_s = time.perf_counter() - t
    lines = [h.line for h in hands]
    n = len(lines)
    n_open = sum(h.is_open for h in hands)
    print(f"generated {n} distinct hands ({n_open} open) in {gen_s:.1f} s", flush=True)
    cmd = mjscore_command()

    tmp = tempfile.TemporaryDirectory()
    env = None if args.as_is else pyc_env(str(Path(tmp.name) / "pyc"))
    hand_file = Path(tmp.name) / "hands.txt"
    hand_file.write_text("".join(line + "\n" for line in lines))
    if args.keep:
        args.keep.write_text(hand_file.read_text())
    # a. the CLI on the whole file (after one warm-up run that fills the bytecode cache)
    # Its records go to a file, as a user's `> out.jsonl` does, so that this process
    # does not spend the machine's cores reading them. Every throughput figure is the
    # best of --repeat runs, mahjong's too.
    out_file = Path(tmp.name) / "out.jsonl"
    file_cmd = [*cmd, "score", "--file", str(hand_file), "--format", "jsonl"]
    wall([*cmd, "score", *STARTUP_HAND, "--format", "jsonl"], env)
    cli_s, code = min(to_file(file_cmd, out_file, env) for _ in range(args.repeat))
    records = out_file.read_text(encoding="utf-8").splitlines()
    if code not in (0, 1) or len(records) != n:
        print(f"mjscore CLI failed: exit {code}, {len(records)}/{n} records")
        return 1

    # b. mahjong, scoring calls only, and c. mjscore in-process: each run in a fresh
    # process like the CLI's, so that no run starts with caches warmed by the last
    inputs_file = Path(tmp.name) / "mahjong.pickle"
    inputs_file.write_bytes(pickle.dumps([h.to_mahjong() for h in hands]))
    mahjong_s = min(in_fresh_process(MAHJONG_LOOP, inputs_file) for _ in range(args.repeat))
    lib_s = min(in_fresh_process(MJSCORE_LOOP, hand_file) for _ in range(args.repeat))

    # start-up
    bare = median_wall([sys.executable, "-c", "import typer, rich"], args.runs, env)
    one_jsonl = median_wall([*cmd, "score", *STARTUP_HAND, "--format", "jsonl"], args.runs, env)
    one_rich = median_wall([*cmd, "score", *STARTUP_HAND], args.runs, env)
    tmp.cleanup()

    rows = [
        ("a. mjscore CLI, --file, jsonl (subprocess)", n / cli_s, cli_s),
        ("b. mahjong estimate_hand_value (in-process)", n / mahjong_s, mahjong_s),
        ("c. mjscore.score (in-process)", n / lib_s, lib_s),
    ]
    print(f"\nthroughput, {n} hands                          hands/s    seconds")
    for name, rate, secs in rows:
        print(f"  {name:<45} {rate:>9,.0f} {secs:>9.3f}")
    print(f"  mjscore in-process / mahjong             {(n / lib_s) / (n / mahjong_s):>9.2f}x")
    print(f"  mjscore CLI (with start-up) / mahjong    {(n / cli_s) / (n / mahjong_s):>9.2f}x")
    print(f"\nstart-up, median of {args.runs} runs                          ms    ratio")
    print(f"  python -c 'import typer, rich'                 {bare * 1000:>8.1f}     1.00")
    for name, secs in (
        ("mjscore score <hand> --format jsonl", one_jsonl),
        ("mjscore score <hand> (rich)", one_rich),
    ):
        ratio = secs / bare
        flag = "ok" if ratio <= 1.5 else "OVER 1.5x"
        print(f"  {name:<44} {secs * 1000:>8.1f} {ratio:>8.2f}  {flag}")
    cache = "environment as is" if args.as_is else "private bytecode cache"
    print(f"\ncommand: {' '.join(cmd)}; python {sys.version.split()[0]}; {cache}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
