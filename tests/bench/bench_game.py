"""The ledger of a 10,000-round file against scoring the same lines (issue 24).

usage: python tests/bench/bench_game.py [--rounds N] [--repeat K]

The input is every game of tests/data/logs (mjlog and tenhou.net/6) imported, the
games repeated (each copy its own `# game` line) until the file holds N rounds
(default 10,000). Timed, each the best of K (default 3) runs, interleaved:

  a. `mjscore game FILE --format jsonl`: every line scored and the ledger kept;
  b. `mjscore score --file FILE --format jsonl --jobs 1`: the same lines scored alone.

a - b is what following the games costs over scoring their lines. Not a pytest test:
numbers depend on the machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))

from bench_score import mjscore_command, pyc_env, to_file  # noqa: E402

LOGS = HERE.parents[1] / "data" / "logs"


def games(prog: list[str]) -> list[list[str]]:
    """Each record's imported lines, one list a game (its `# game` line first)."""
    files = [p for p in sorted((LOGS / "mjlog").glob("*.mjlog")) if ".gz." not in p.name]
    files += sorted((LOGS / "tenhou6").glob("*.json"))
    out: list[list[str]] = []
    for path in files:
        text = subprocess.run(
            [*prog, "import", "-q", str(path)], capture_output=True, text=True
        ).stdout
        for line in text.splitlines():
            if line.startswith("# game"):
                out.append([])
            if out:
                out[-1].append(line)
    return [g for g in out if len(g) > 1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10_000, help="rounds in the file (10,000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts (3)")
    args = ap.parse_args()
    prog = mjscore_command()
    found = games(prog)
    lines: list[str] = []
    rounds = copy = 0
    while rounds < args.rounds:
        for g in found:
            copy += 1
            lines.append(g[0].replace("# game ", f"# game {copy}-", 1))
            lines += g[1:]  # with their round marks: a double ron is one round
            rounds += len({x.rsplit("#", 1)[-1] for x in g[1:]})
            if rounds >= args.rounds:
                break
    hands = [x for x in lines if not x.startswith("#")]
    with tempfile.TemporaryDirectory() as tmp:
        game_file, hand_file = Path(tmp) / "games.txt", Path(tmp) / "hands.txt"
        game_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        hand_file.write_text("\n".join(hands) + "\n", encoding="utf-8")
        env = pyc_env(str(Path(tmp) / "pyc"))
        out = Path(tmp) / "out.jsonl"
        game_cmd = [*prog, "game", str(game_file), "--format", "jsonl", "-q"]
        score_cmd = [
            *prog,
            "score",
            "--file",
            str(hand_file),
            "--format",
            "jsonl",
            "--jobs",
            "1",
            "-q",
        ]
        for warm in (game_cmd, score_cmd):
            to_file(warm, out, env)
        ledger, scored = [], []
        for _ in range(args.repeat):
            seconds, code = to_file(game_cmd, out, env)
            if code != 0:
                print(f"mjscore game failed: exit {code}")
                return 1
            ledger.append(seconds)
            scored.append(to_file(score_cmd, out, env)[0])
    a, b = min(ledger), min(scored)
    print(
        f"{rounds:,} rounds ({len(hands):,} lines, {copy:,} games), best of {args.repeat}"
        "   seconds   rounds/s"
    )
    print(f"  a. mjscore game FILE --format jsonl          {a:8.3f} {rounds / a:>10,.0f}")
    print(f"  b. mjscore score --file FILE --jobs 1        {b:8.3f} {rounds / b:>10,.0f}")
    print(f"  the ledger's own cost, (a - b) / rounds      {(a - b) / rounds * 1e6:8.1f} us")
    print(f"python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
