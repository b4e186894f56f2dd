"""Speed of the rich report against --format jsonl (issue 10: at most 4x).

usage: python tests/bench/bench_report.py [--repeat K]

The 1,405 Tenhou hands of tests/data/tenhou-houou.jsonl, written to a file by
`mjscore score --file F --jobs 1` in each format; best of K (default 3) wall-clock runs.
Prints the times and their ratio; not a pytest test (numbers depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    data = ROOT / "tests" / "data" / "tenhou-houou.jsonl"
    with tempfile.TemporaryDirectory() as tmp:
        hands = Path(tmp) / "hands.txt"
        lines = [json.loads(x)["line"] for x in data.read_text(encoding="utf-8").splitlines()]
        hands.write_text("\n".join(lines) + "\n", encoding="utf-8")
        best: dict[str, float] = {}
        for _ in range(args.repeat):
            for fmt in ("jsonl", "rich"):
                start = time.perf_counter()
                with open(Path(tmp) / f"out.{fmt}", "w") as out:
                    subprocess.run(
                        [
                            sys.executable,
                            "-m",
                            "mjscore",
                            "score",
                            "--file",
                            str(hands),
                            "--format",
                            fmt,
                            "--jobs",
                            "1",
                        ],
                        stdout=out,
                        stderr=subprocess.DEVNULL,
                        check=False,
                        cwd=ROOT,
                    )
                best[fmt] = min(best.get(fmt, 1e9), time.perf_counter() - start)
    n = len(lines)
    for fmt, t in best.items():
        print(f"{fmt:6} {t:6.2f} s  {n / t:8,.0f} hands/s")
    print(f"rich / jsonl = {best['rich'] / best['jsonl']:.2f} (issue 10: at most 4)")


if __name__ == "__main__":
    main()
