"""Throughput of `mjscore waits --file` against `mjscore score --file`, and of mjscore.shanten.

usage: python tests/bench/bench_waits.py [N] [--repeat K] [--jobs J]

Generates N (default 10000) winning hands with tests/strategies.py (derandomized) and
writes three files:

  score.txt  the winning lines, for `mjscore score --file`;
  ready.txt  the same lines without their win token: 13 tiles, every one ready, so
             each wait is scored twice (ron and tsumo): the costly case;
  random.txt N random closed 13-tile hands from a wall: mostly not ready (shanten
             and ukeire only), the common case of a hand in play.

and times `mjscore <command> --file F --format jsonl > out` on each (wall clock, start-up
included, best of K, default --jobs unless --jobs is given). The goal: waits within 5x
of score. Then mjscore.shanten(parsed hand) against mahjong's
Shanten().calculate_shanten(counts) on the random hands, in this process, cold then warm.
Not a pytest test: numbers depend on the machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for strategies.py
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_score import mjscore_command, pyc_env, to_file, wall  # noqa: E402
from strategies import sample_hands  # noqa: E402

WIN = re.compile(r"\s(?:ron|tsumo):\S+")


def random_hands(n: int, seed: int = 1) -> list[str]:
    from mjscore.base import tiles as T

    rng = random.Random(seed)
    wall_tiles = [t for t in range(34) for _ in range(4)]
    return ["".join(T.name(t) for t in sorted(rng.sample(wall_tiles, 13))) for _ in range(n)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", default=None, help="--jobs for both commands (default: theirs)")
    args = ap.parse_args()

    winning = [h.line for h in sample_hands(args.n)]
    files = {
        "score.txt": winning,
        "ready.txt": [WIN.sub("", x) for x in winning],
        "random.txt": random_hands(args.n),
    }
    tmp = tempfile.TemporaryDirectory()
    env = pyc_env(str(Path(tmp.name) / "pyc"))
    cmd = mjscore_command()
    jobs = ["--jobs", args.jobs] if args.jobs else []
    for name, lines in files.items():
        (Path(tmp.name) / name).write_text("".join(x + "\n" for x in lines))
    wall([*cmd, "waits", "123m456p789s1122z", "--format", "jsonl"], env)  # warm the pyc cache

    times = {}
    for command, name in (("score", "score.txt"), ("waits", "ready.txt"), ("waits", "random.txt")):
        out = Path(tmp.name) / "out.jsonl"
        run = [*cmd, command, "--file", str(Path(tmp.name) / name), "--format", "jsonl", *jobs]
        seconds, code = min(to_file(run, out, env) for _ in range(args.repeat))
        records = out.read_text(encoding="utf-8").count("\n")
        times[name] = seconds
        print(
            f"mjscore {command} --file {name:<10} {len(files[name])} lines: {seconds:6.2f} s "
            f"({len(files[name]) / seconds:,.0f} lines/s), exit {code}, {records} records"
        )
    base = times["score.txt"]
    print(
        f"waits / score: ready hands {times['ready.txt'] / base:.2f}x, "
        f"random hands {times['random.txt'] / base:.2f}x (goal: within 5x)"
    )

    from mahjong.shanten import Shanten

    import mjscore
    from mjscore.analysis.ukeire import counts_of

    hands = [mjscore.parse(x, require_win=False) for x in files["random.txt"]]
    counts = [list(counts_of(h.holding.concealed)) for h in hands]
    oracle = Shanten()
    # imports and the ruleset are loaded before timing, as bench_score does for the scorer
    # and as `mahjong` is imported: one hand outside the set (its four suit tables only)
    mjscore.shanten("123m456p789s1122z")
    for label in ("cold (tables built on the way)", "warm"):
        t = time.perf_counter()
        ours = [mjscore.shanten(h) for h in hands]
        ours_s = time.perf_counter() - t
        t = time.perf_counter()
        theirs = [oracle.calculate_shanten(c) for c in counts]
        theirs_s = time.perf_counter() - t
        assert ours == theirs
        print(
            f"{label}: mjscore.shanten(parsed hand) {len(hands) / ours_s:,.0f} hands/s, "
            f"mahjong Shanten.calculate_shanten {len(hands) / theirs_s:,.0f} hands/s: "
            f"ratio {theirs_s / ours_s:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
