"""Shanten speed: mjscore's shanten_core against `mahjong`'s Shanten().calculate_shanten.

usage: python tests/bench/bench_shanten.py [N] [--repeat K] [--seed S] [--mixed]

Draws N (default 20000) hands from a shuffled wall with a fixed seed: 13 concealed
tiles, or with --mixed 13-3k and 14-3k tiles for k = 0-4 melds (mahjong infers the
melds from the count; mjscore is told). Both sides get their input ready-made (a list
for mahjong, a tuple for mjscore), so only the shanten calls are timed, in this process.

mjscore builds its per-suit tables lazily, so three figures are printed for it:
  cold    the first pass, every table built on the way (a fresh process);
  unseen  a second set of N other hands, with the tables the first set left;
  best    the best of K (default 3) passes over the first set, as for mahjong.
Times are CPU time of this process (time.process_time), steadier than wall clock on a
shared machine. Not a pytest test: numbers depend on the machine, so they are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong.shanten import Shanten

from mjscore.analysis.shanten import shanten, shanten_number

WALL = [t for t in range(34) for _ in range(4)]


def make_hands(n: int, rng: random.Random, mixed: bool) -> list[tuple[tuple[int, ...], int]]:
    """(counts, melds) for n hands drawn from a full wall."""
    out = []
    for _ in range(n):
        melds = rng.randrange(5) if mixed else 0
        size = 13 - 3 * melds + (rng.randrange(2) if mixed else 0)
        counts = [0] * 34
        for t in rng.sample(WALL, size):
            counts[t] += 1
        out.append((tuple(counts), melds))
    return out


def one_pass(call: Callable[..., Any], args: Sequence[tuple]) -> float:
    """CPU seconds of this process: other work on a busy machine does not count."""
    start = time.process_time()
    for a in args:
        call(*a)
    return time.process_time() - start


def best_of(repeat: int, *runs: tuple[Callable[..., Any], Sequence[tuple]]) -> list[float]:
    """Best time of each run, the runs interleaved so that a busy machine slows all alike."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for i, (call, args) in enumerate(runs):
            best[i] = min(best[i], one_pass(call, args))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--mixed", action="store_true", help="hands with 0-4 melds, 13 and 14")
    a = parser.parse_args()
    rng = random.Random(a.seed)
    hands, unseen = make_hands(a.n, rng, a.mixed), make_hands(a.n, rng, a.mixed)
    ours = [(c, m) for c, m in hands]
    theirs = [(list(c),) for c, _ in hands]

    cold = one_pass(shanten_number, ours)  # first: the tables are empty
    fresh = one_pass(shanten_number, unseen)
    oracle, best, full = best_of(
        a.repeat, (Shanten.calculate_shanten, theirs), (shanten_number, ours), (shanten, ours)
    )

    kind = "mixed 13-3k/14-3k" if a.mixed else "13-tile closed"
    print(f"{a.n} {kind} hands, seed {a.seed}, best of {a.repeat}")
    print(f"  mahjong Shanten.calculate_shanten  {a.n / oracle:>10,.0f} hands/s")
    rows = (
        ("mjscore shanten_number, cold", cold),
        ("mjscore shanten_number, unseen", fresh),
        ("mjscore shanten_number, best", best),
        ("mjscore shanten (per shape), best", full),
    )
    for label, seconds in rows:
        print(f"  {label:<34} {a.n / seconds:>10,.0f} hands/s  ratio {oracle / seconds:.2f}")


if __name__ == "__main__":
    main()
