"""Differential test: mjscore.mcr against pymahjonggb 1.4.0 (the Botzone fan calculator).

Seeded random valid hands of every winning shape (tests/mcr_hands.py: regular hands open
and closed with kongs, Seven Pairs and Seven Shifted Pairs, Thirteen Orphans, Lesser and
Greater Honors and Knitted Tiles, Knitted Straight with a set and a pair, Nine Gates),
all flags, both winds and flowers, are scored by both; the fan lists (as multisets of
name and points) and the totals must agree on at least 99.9 %. A second, smaller run is
biased to the rare (`rare_hand`): terminal chows with an honour or a wrong five as the
pair, every set holding a five, honour pungs beside low suited pungs, three and four
kongs, knitted straights, lesser and greater honours and knitted tiles, shifted pairs
running into the honours, each won in a rare way (flowers, the last tile of its kind,
robbing a kong, a kong's replacement, the last tile of the wall); it must agree on every
hand. A disagreement passes only when a named entry of KNOWN_DIFFERENCES explains it;
the README's MCR section ("Agreement with pymahjonggb") lists the classes (there are none
at the default options).

Run it alone for a report:  python tests/differential/test_differential_mcr.py [N [SEED]]
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

MahjongGB = pytest.importorskip("MahjongGB")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/

from mcr_hands import random_hand, rare_hand  # noqa: E402
from mcr_lines import gb_args  # noqa: E402

from mjscore.mcr import McrHand, McrInputError, score  # noqa: E402

pytestmark = pytest.mark.slow  # the fast tier: pytest -m "not slow"

N_HANDS = int(os.environ.get("MJSCORE_MCR_DIFF_HANDS", "10000"))
N_RARE = int(os.environ.get("MJSCORE_MCR_DIFF_RARE", "4000"))
SEED = 15
RARE_SEED = 19
MIN_AGREEMENT = 0.999

Verdict = tuple  # ("win", sorted (points, name, count) items, total) or ("error", kind)

# name -> predicate(hand, ours, theirs): a known, documented reason for a difference.
KNOWN_DIFFERENCES: dict[str, Callable[[McrHand, Verdict, Verdict], bool]] = {}


def theirs(hand: McrHand) -> Verdict:
    try:
        res = MahjongGB.MahjongFanCalculator(**gb_args(hand), verbose=True)
    except TypeError as exc:
        return ("error", str(exc))
    fans: Counter = Counter()
    for points, count, _zh, en in res:
        fans[(points, en)] += count
    return ("win", tuple(sorted(fans.items())), sum(p * c for (p, _), c in fans.items()))


def ours(hand: McrHand) -> Verdict:
    try:
        r = score(hand)
    except McrInputError as exc:
        return ("error", type(exc).__name__)
    fans: Counter = Counter()
    for f in r.fans:
        fans[(f.points, f.name)] += f.count
    return ("win", tuple(sorted(fans.items())), r.total)


def compare(
    n: int, seed: int, generate: Callable[[random.Random], McrHand] = random_hand
) -> tuple[int, list, Counter]:
    """(agreements, unexplained differences, explained differences by class)."""
    rng = random.Random(seed)
    agree, unexplained, explained = 0, [], Counter()
    for _ in range(n):
        hand = generate(rng)
        a, b = ours(hand), theirs(hand)
        if a == b:
            agree += 1
            continue
        reason = next((k for k, p in KNOWN_DIFFERENCES.items() if p(hand, a, b)), None)
        if reason:
            explained[reason] += 1
        else:
            unexplained.append((hand, a, b))
    return agree, unexplained, explained


def test_agrees_with_pymahjonggb():
    agree, unexplained, _ = compare(N_HANDS, SEED)
    assert not unexplained, "\n".join(
        f"{h}\n  ours   {a}\n  theirs {b}" for h, a, b in unexplained[:5]
    )
    assert agree / N_HANDS >= MIN_AGREEMENT


def test_agrees_with_pymahjonggb_on_rare_shapes_and_situations():
    agree, unexplained, explained = compare(N_RARE, RARE_SEED, rare_hand)
    assert not unexplained, "\n".join(
        f"{h}\n  ours   {a}\n  theirs {b}" for h, a, b in unexplained[:5]
    )
    assert agree + sum(explained.values()) == N_RARE


def test_rare_hands_reach_the_fans_they_are_built_for():
    rng = random.Random(RARE_SEED)
    seen: Counter = Counter()
    for _ in range(N_RARE // 2):
        verdict = ours(rare_hand(rng))
        seen.update(name for (_, name), _ in verdict[1])
    for name in (
        "Three-Suited Terminal Chows",
        "Pure Terminal Chows",
        "All Five",
        "Knitted Straight",
        "Lesser Honors and Knitted Tiles",
        "Greater Honors and Knitted Tiles",
        "Four Kongs",
        "Three Kongs",
        "Seven Shifted Pairs",
        "Robbing The Kong",
        "Out with Replacement Tile",
        "Last Tile",
        "Last Tile Draw",
        "Last Tile Claim",
        "Flower Tiles",
    ):
        assert seen[name] >= 5, name


def test_generated_hands_are_wins_for_both():
    rng = random.Random(SEED + 1)
    for _ in range(500):
        hand = random_hand(rng)
        assert ours(hand)[0] == theirs(hand)[0] == "win", hand
    for _ in range(500):
        hand = rare_hand(rng)
        assert ours(hand)[0] == theirs(hand)[0] == "win", hand


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else None
    given_seed = int(sys.argv[2]) if len(sys.argv) > 2 else None
    for label, count, seed, generate in (
        ("plain", n or N_HANDS, given_seed or SEED, random_hand),
        ("rare", n or N_RARE, given_seed or RARE_SEED, rare_hand),
    ):
        agree, unexplained, explained = compare(count, seed, generate)
        print(
            f"{label}: {agree}/{count} agree ({agree / count:.4%}); explained: "
            f"{dict(explained) or 'none'}; unexplained: {len(unexplained)}"
        )
        for h, a, b in unexplained[:20]:
            print(h, "\n  ours  ", a, "\n  theirs", b)
