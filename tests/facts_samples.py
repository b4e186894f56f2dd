"""Riichi facts to inspect: every reading of a few lines that cover the reading shapes
(open standard, seven pairs, thirteen orphans, a hand with several readings)."""

from collections.abc import Iterator

import mjscore
from mjscore.core.decompose import readings
from mjscore.core.facts import HandFacts, line_facts

LINES = (
    "234m406p22s56s chi:678s ron:4s",
    "1122m3344p5566s7z ron:7z",
    "19m19p19s1234567z ron:1m",
    "111222333m444p5p tsumo:5p",
)


def riichi_facts() -> Iterator[tuple[str, HandFacts]]:
    """(line, facts) for every reading of each sample line."""
    for line in LINES:
        hand = mjscore.parse(line)
        shared = line_facts(hand)
        for reading in readings(
            hand.holding.concealed,
            hand.holding.melds,
            hand.ctx.win_tile,
            hand.ctx.tsumo,
            frozenset(),
        ):
            yield line, HandFacts(hand, reading, {}, shared)
