"""End-to-end speed on real hands: the CLI against the `mahjong` package's bare scoring calls.

usage: python tests/bench/bench_tenhou.py [--repeat K] [--lines N] [--file F] [--mjscore PROGRAM]

The hands are the 1,405 real Tenhou wins of tests/data/tenhou-houou.jsonl, repeated to N
lines with --lines (issue 32 asks for 100,000). Timed, each the best of K (default 3)
runs, interleaved in one run so that every row sees the same machine:

  a. `mjscore score --file F --format jsonl --jobs 1 > out`: one core, wall clock, the
     whole process (start-up, reading, scoring, writing every record), through the
     native core when it is built (docs/native.md);
  b. mahjong's HandCalculator.estimate_hand_value on the same hands, the scoring calls only
     (the 136-tile arrays, Meld objects and HandConfig built beforehand), in a fresh process;
  p. the command of (a) with MJSCORE_NATIVE=0: the Python path;
  c. the command of (a) on a file of the first hand alone: mjscore's start-up;
  d. `python -c pass` with the same interpreter: the floor of any Python program;
  n. the native core alone, per line: the lines in chunks of 100 (as a file run sends them),
     their records made, in a fresh process, the setting sent beforehand;
  r. riichienv's public API per hand (HandEvaluator(...).calc, the 136-tile inputs built
     beforehand), when riichienv is installed (a test-only tool: pip install riichienv).

The ratio b/a in hands per second is issue 32's acceptance (>= 3 on the 1,405 wins, >= 6
on 100,000 lines; issue 8's was >= 1). Not a pytest test: numbers depend on the machine,
so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[1]))  # tests/, for strategies.py
sys.path.insert(0, str(HERE.parent))

from bench_score import mjscore_command, pyc_env, to_file  # noqa: E402
from strategies import mahjong_input_of_line  # noqa: E402

DATA = HERE.parents[1] / "data" / "tenhou-houou.jsonl"

# b: the scoring calls only. estimate_hand_value changes its HandConfig, so each call gets
# a fresh input: the wins are unpickled anew for every round of the file (not timed).
MAHJONG_LOOP = """
import pickle, sys, time
sys.path.insert(0, {tests!r})
data = open(sys.argv[1], "rb").read()
lines = int(sys.argv[2])
total = 0.0
done = 0
while done < lines:
    inputs = pickle.loads(data)[: lines - done]
    t = time.perf_counter()
    for x in inputs:
        x.estimate()
    total += time.perf_counter() - t
    done += len(inputs)
print(total)
"""

# n: the native core's time per line, as a file run calls it
NATIVE_LOOP = """
import sys, time
from mjscore.cli import native
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
chunks = [list(enumerate(lines[i : i + 100], i + 1)) for i in range(0, len(lines), 100)]
run = native.run_for("riichi", None, "jsonl", "score")
run.send_setting(None, [])
t = time.perf_counter()
for chunk in chunks:
    run.core.score(chunk, "jsonl", sys.argv[1])
print((time.perf_counter() - t) / len(lines))
"""

# r: riichienv's public API on the same hands (inputs converted beforehand)
RIICHIENV_LOOP = """
import pickle, sys, time
sys.path.insert(0, {tests!r})
from riichienv import _riichienv as R
from mahjong.meld import Meld as M
W = [R.Wind.East, R.Wind.South, R.Wind.West, R.Wind.North]
KIND = {{M.CHI: R.MeldType.Chi, M.PON: R.MeldType.Pon, M.SHOUMINKAN: R.MeldType.Kakan}}
inputs = []
for x in pickle.loads(open(sys.argv[1], "rb").read()):
    melds, held = [], []
    for m in x.melds:
        kind = KIND.get(m.type) or (R.MeldType.Daiminkan if m.opened else R.MeldType.Ankan)
        melds.append(R.Meld(kind, list(m.tiles), m.opened))
        held += m.tiles
    c = x.config
    cond = R.Conditions(
        tsumo=c.is_tsumo, riichi=c.is_riichi, double_riichi=c.is_daburu_riichi,
        ippatsu=c.is_ippatsu, haitei=c.is_haitei, houtei=c.is_houtei, rinshan=c.is_rinshan,
        chankan=c.is_chankan, tsumo_first_turn=c.is_tenhou or c.is_chiihou,
        player_wind=W[c.player_wind - 27], round_wind=W[c.round_wind - 27],
        riichi_sticks=c.kyoutaku_number, honba=c.tsumi_number,
    )
    standing = sorted(t for t in x.tiles if t not in held)
    inputs.append((standing, melds, x.win_tile, x.dora_indicators, x.ura_dora_indicators, cond))
t = time.perf_counter()
for standing, melds, win, dora, ura, cond in inputs:
    R.HandEvaluator(standing, melds).calc(win, dora, ura, cond)
print((time.perf_counter() - t) / len(inputs))
"""


def fresh(loop: str, *argv: str) -> float:
    code = loop.format(tests=str(HERE.parents[1]))
    out = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, check=True
    ).stdout
    return float(out.strip())


def has_riichienv() -> bool:
    done = subprocess.run([sys.executable, "-c", "import riichienv"], capture_output=True)
    return done.returncode == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts (3)")
    ap.add_argument("--file", type=Path, default=DATA, help="JSON Lines with a 'line' key")
    ap.add_argument(
        "--lines", type=int, help="the hands repeated to this many lines (default: each once)"
    )
    ap.add_argument(
        "--mjscore",
        metavar="PROGRAM",
        help="the mjscore program to time (default: the console script next to this "
        "interpreter), e.g. that of a `pip install .` venv, without an editable install's "
        "import hook",
    )
    args = ap.parse_args()
    wins = [json.loads(row)["line"] for row in args.file.read_text("utf-8").splitlines()]
    n = args.lines or len(wins)
    lines = [wins[i % len(wins)] for i in range(n)]
    prog = [args.mjscore] if args.mjscore else mjscore_command()
    python = str(Path(prog[0]).parent / "python") if args.mjscore else sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        hand_file = Path(tmp) / "hands.txt"
        hand_file.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        inputs = Path(tmp) / "mahjong.pickle"
        inputs.write_bytes(pickle.dumps([mahjong_input_of_line(line) for line in wins]))
        env = pyc_env(str(Path(tmp) / "pyc"))
        off = {**env, "MJSCORE_NATIVE": "0"}
        cmd = [*prog, "score", "--file", str(hand_file), "--format", "jsonl", "--jobs", "1"]
        out = Path(tmp) / "out.jsonl"
        one = Path(tmp) / "one.txt"
        one.write_text(lines[0] + "\n", encoding="utf-8")
        one_cmd = [*prog, "score", "--file", str(one), "--format", "jsonl", "--jobs", "1"]
        bare = [python, "-c", "pass"]
        for warm, warm_env in ((cmd, env), (cmd, off), (one_cmd, env), (bare, env)):
            to_file(warm, out, warm_env)  # fill the bytecode cache once
        riichienv = has_riichienv()
        rows: dict[str, list[float]] = {k: [] for k in "abpcdnr"}
        for _ in range(args.repeat):  # interleaved: every row sees the same machine
            seconds, code = to_file(cmd, out, env)
            if code not in (0, 1) or len(out.read_text("utf-8").splitlines()) != n:
                print(f"mjscore failed: exit {code}")
                return 1
            rows["a"].append(seconds)
            rows["b"].append(fresh(MAHJONG_LOOP, str(inputs), str(n)))
            rows["p"].append(to_file(cmd, out, off)[0])
            rows["c"].append(to_file(one_cmd, out, env)[0])
            rows["d"].append(to_file(bare, out, env)[0])
            rows["n"].append(fresh(NATIVE_LOOP, str(hand_file)))
            if riichienv:
                rows["r"].append(fresh(RIICHIENV_LOOP, str(inputs)))
    best = {k: min(v) if v else None for k, v in rows.items()}
    a, b, p, c, d = (best[k] or 0.0 for k in "abpcd")
    print(
        f"{n:,} lines of {len(wins):,} real Tenhou wins, best of {args.repeat}     seconds  hands/s"
    )
    print(f"  a. mjscore score --file --format jsonl --jobs 1  {a:8.3f} {n / a:>9,.0f}")
    print(f"  b. mahjong estimate_hand_value (calls only)      {b:8.3f} {n / b:>9,.0f}")
    print(f"  ratio b/a (hands/s)                              {b / a:8.2f}x")
    print(f"  p. the same with MJSCORE_NATIVE=0 (Python path)  {p:8.3f}  ({b / p:.2f}x)")
    print(f"  c. mjscore on one hand (start-up)                {c:8.3f}")
    print(f"  d. python -c pass (the interpreter's own start)  {d:8.3f}")
    print(f"  per line after start-up, (a - c) / (n - 1)       {(a - c) / (n - 1) * 1e6:8.1f} us")
    print(f"  n. the native core alone, per line               {(best['n'] or 0) * 1e6:8.1f} us")
    print(f"  mahjong per hand, b / n                          {b / n * 1e6:8.1f} us")
    if best["r"] is not None:
        print(f"  r. riichienv's public API, per hand              {best['r'] * 1e6:8.1f} us")
    else:
        print("  r. riichienv: not installed (pip install riichienv)")
    print(f"  best b/a reachable at no cost per line, b/c      {b / c:8.2f}x")
    print(
        f"command: {' '.join(prog)}; python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d')}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
