"""Throughput of the MCR fan engine, with riichi scoring on the same machine as yardstick.

usage: python tests/bench/bench_mcr.py [N] [--repeat K]

Times, each the best of K (default 3) runs on one core:
  a. `mjscore.mcr.score(hand)` on N (default 20000) seeded random MCR hands of every shape
     (tests/mcr_hands.py), hands already built;
  b. the same hands from their text lines: tests/mcr_lines.parse + score;
  c. `mjscore.score(line)` (riichi, the whole pipeline) on N hands of tests/strategies.py;
  d. `mjscore.score(line, rules="mcr")`: the whole pipeline (notation, validation, the fan
     strategy, the record) on the lines of (b);
  e. with --files: `mjscore score --file F --format jsonl --jobs 1` as a process, on a file
     of the N MCR lines (--rules mcr) and on a file of the N riichi lines: the acceptance
     figure (an MCR file within 2x of a riichi file of the same length).
Prints hands/s and µs per hand. Not a pytest test: the numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/

from mcr_hands import random_hand  # noqa: E402
from mcr_lines import parse  # noqa: E402

from mjscore.mcr import score  # noqa: E402


def line_of(h) -> str:
    """The hand line of a generated hand, so that (b) includes reading text."""
    from mjscore.base.tiles import name

    parts = ["".join(name(t) for t in h.concealed)]
    parts += [f"{m.kind}:{''.join(name(t) for t in m.tiles)}" for m in h.melds]
    parts.append(f"{'tsumo' if h.tsumo else 'ron'}:{name(h.win_tile)}")
    parts += [f"seat:{h.seat}", f"round:{h.round}"]
    if h.flowers:
        parts.append(
            "flowers:"
            + "".join(f"{i + 1}f" for i in range(h.flowers % 5))
            + "".join(f"{i + 1}g" for i in range(max(0, h.flowers - 4)))
        )
    for flag, word in (
        ("last_tile", "last-tile"),
        ("rinshan", "rinshan"),
        ("chankan", "chankan"),
        ("haitei", "haitei"),
        ("houtei", "houtei"),
    ):
        if getattr(h, flag):
            parts.append(word)
    return " ".join(p for p in parts if p)


def cli_seconds(lines: list[str], rules: str, repeat: int) -> float:
    """Wall time of `mjscore score --file` on the lines, start-up included, best of `repeat`."""
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    cmd = [
        sys.executable,
        "-m",
        "mjscore",
        "score",
        "--file",
        f.name,
        "--rules",
        rules,
        "--format",
        "jsonl",
        "--jobs",
        "1",
    ]
    try:
        return best_of(
            repeat,
            lambda: subprocess.run(
                cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
            ),
        )
    finally:
        Path(f.name).unlink()


def best_of(k: int, fn) -> float:
    times = []
    for _ in range(k):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def report(label: str, n: int, seconds: float) -> None:
    print(f"{label:<44} {n / seconds:>9.0f} hands/s  {seconds / n * 1e6:>7.1f} µs/hand")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--files", action="store_true", help="also time the CLI on two files")
    args = ap.parse_args()
    rng = random.Random(2026)
    hands = [random_hand(rng) for _ in range(args.n)]
    lines = [line_of(h) for h in hands]
    a = best_of(args.repeat, lambda: [score(h) for h in hands])
    b = best_of(args.repeat, lambda: [score(parse(x)) for x in lines])
    report("a. mjscore.mcr.score(McrHand)", args.n, a)
    report("b. parse line + mjscore.mcr.score", args.n, b)
    try:
        from strategies import sample_hands

        import mjscore

        riichi = [h.line for h in sample_hands(args.n)]
        c = best_of(args.repeat, lambda: [mjscore.score(x) for x in riichi])
        report("c. riichi: mjscore.score(line)", len(riichi), c)
        print(f"MCR (b) / riichi (c): {b / args.n / (c / len(riichi)):.2f}x per hand")
        d = best_of(args.repeat, lambda: [mjscore.score(x, rules="mcr") for x in lines])
        report("d. mcr: mjscore.score(line, rules=mcr)", args.n, d)
        print(f"MCR (d) / riichi (c): {d / args.n / (c / len(riichi)):.2f}x per hand")
        if args.files:
            e_mcr = cli_seconds(lines, "mcr", args.repeat)
            e_riichi = cli_seconds(riichi, "riichi", args.repeat)
            report("e. mjscore score --file (mcr)", args.n, e_mcr)
            report("e. mjscore score --file (riichi)", len(riichi), e_riichi)
            print(
                f"MCR file / riichi file: {e_mcr / args.n / (e_riichi / len(riichi)):.2f}x per hand"
            )
    except Exception as exc:  # the yardstick needs hypothesis; MCR figures stand alone
        print(f"riichi yardstick unavailable: {exc}")


if __name__ == "__main__":
    main()
