"""Peak memory and time of `mjscore score --file F` on a long file (issue 13).

usage: python tests/bench/bench_memory.py [N] [--keep FILE]

Writes N (default 200,000) lines, examples/hands.txt over and over, to a temporary file and
runs `mjscore score --file F` with --format jsonl --jobs 1, --format jsonl --jobs 2 and
--format json (--jobs 2), output to /dev/null. For each run it prints the wall clock, the
peak RSS of the largest single process (getrusage of the children: the main process or a
worker) and the peak of the whole process tree (main and workers together, /proc sampled
every 20 ms). Then the time of one line of 10,000 digits and of a 1 MB line (an error
each). Not a pytest test: numbers depend on the machine, so they are printed, never
asserted; the target is under 250 MB for every run.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = [("jsonl", "1"), ("jsonl", "2"), ("json", "2")]


def tree_rss_kb(pid: int) -> int:
    """The resident memory of a process's descendants (not its own), from /proc (Linux)."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        if p == pid:  # the helper itself: only what it runs counts
            try:
                for task in os.listdir(f"/proc/{p}/task"):
                    with open(f"/proc/{p}/task/{task}/children") as f:
                        todo += [int(c) for c in f.read().split()]
            except (OSError, ValueError):
                pass
            continue
        try:
            with open(f"/proc/{p}/status") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except (OSError, ValueError):
            continue
    return total


def measure(args: list[str]) -> tuple[float, int, int, int]:
    """(seconds, exit status, peak single-process RSS KB, peak tree RSS KB) of one run,
    from a fresh helper process so that getrusage sees this run's children only."""
    helper = (
        "import resource, subprocess, sys\n"
        "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", helper, *args], stdout=subprocess.PIPE, text=True
    )
    peak = 0

    def sample() -> None:
        nonlocal peak
        while proc.poll() is None:
            peak = max(peak, tree_rss_kb(proc.pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    out, _ = proc.communicate()
    sampler.join()
    seconds = time.perf_counter() - start
    status, maxrss = map(int, out.split())
    return seconds, status, maxrss, peak


def long_line_seconds(text: str) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text + "\n")
    try:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mjscore", "score", "--file", f.name, "-F", "jsonl"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        return time.perf_counter() - start
    finally:
        os.unlink(f.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=200_000)
    parser.add_argument("--keep", metavar="FILE", help="write the hand file here and keep it")
    ns = parser.parse_args()
    hands = [
        line
        for line in (ROOT / "examples" / "hands.txt").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    path = ns.keep or tempfile.mkstemp(suffix=".txt")[1]
    with open(path, "w", encoding="utf-8") as f:
        for line in itertools.islice(itertools.cycle(hands), ns.n):
            f.write(line + "\n")
    print(
        f"{ns.n:,} lines, {os.path.getsize(path) / 1e6:.1f} MB; python {sys.version.split()[0]}"
        f", {len(os.sched_getaffinity(0))} cores"
    )
    print(f"{'run':<28} {'seconds':>8} {'exit':>5} {'max process MB':>15} {'tree MB':>8}")
    for fmt, jobs in RUNS:
        args = [
            sys.executable,
            "-m",
            "mjscore",
            "score",
            "--file",
            path,
            "--format",
            fmt,
            "--jobs",
            jobs,
        ]
        seconds, status, maxrss, tree = measure(args)
        print(
            f"{'--format ' + fmt + ' --jobs ' + jobs:<28} {seconds:8.1f} {status:5d} "
            f"{maxrss / 1024:15.0f} {tree / 1024:8.0f}"
        )
    if not ns.keep:
        os.unlink(path)
    for label, text in (("10,000 digits", "1" * 10_000), ("1 MB line of digits", "1" * 2**20)):
        print(f"{label}: {long_line_seconds(text):.2f} s (start-up included)")


if __name__ == "__main__":
    main()
