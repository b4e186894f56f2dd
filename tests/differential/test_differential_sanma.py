"""Differential test: the three-player rulesets `sanma` (Tenhou) and `mahjongsoul-sanma`
against the `mahjong` package 2.1.0's three-player mode (`OptionalRules(is_three_player=True)`,
`HandConfig(num_nuki_dora=...)`), on han, fu, value, yakuman count and limit name.

The hands are `tests/strategies.py`'s with `three=True` (seeded, derandomized): no 2m-8m,
no chi, seats and rounds E S W, the markers - and +, Norths set aside (kita) with rinshan on
the draw after one, a ron on a North set aside (`kita-ron`, which mahjong sees as a plain
ron), open and closed. mahjong always applies tsumo loss and pays 200 a honba on ron, as both
rulesets do; `value` is compared before honba and deposits. A difference passes only when a
named entry of KNOWN_DIFFERENCES explains it (none is needed today).

Run it alone for a report:  python tests/differential/test_differential_sanma.py [N [SEED]]
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

pytest.importorskip("mahjong")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for strategies.py
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the four-player differential

from hypothesis import HealthCheck, given, settings  # noqa: E402
from strategies import NO_SANMA, GeneratedHand, hands, sample_hands  # noqa: E402
from test_differential_mahjong import (  # noqa: E402
    KnownDifference,
    Outcome,
    Verdict,
    mjscore_verdict,
    summarize,
)

import mjscore  # noqa: E402

pytestmark = pytest.mark.slow  # the fast tier: pytest -m "not slow"

N_HANDS = int(os.environ.get("MJSCORE_SANMA_HANDS", "1000"))
SEED = None  # derandomized; the script takes a seed to explore other hands
RULESETS = ("sanma", "mahjongsoul-sanma")

# Every difference the generator can reach that is a deliberate rule choice: none so far.
# What the two cannot share is kept out of the generator: kokushi robbing a concealed kan
# (`chankan-ankan`: mahjong's is_chankan does not say which kan), ura without riichi.
KNOWN_DIFFERENCES: tuple[KnownDifference, ...] = ()


def sanma_rules(name: str) -> object:
    """mahjong's OptionalRules, three-player, from the ruleset's resolved options."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    o = mjscore.load_ruleset(name).resolve_options()
    assert o["red_fives"] == 2 and o["tsumo_loss"], "mahjong: 0p 0s red, tsumo loss always"
    return OptionalRules(
        has_open_tanyao=o["open_tanyao"],
        has_aka_dora=True,
        has_double_yakuman=bool(o["double_yakuman"]),
        kazoe_limit=(
            HandConstants.KAZOE_LIMITED if o["kazoe_yakuman"] else HandConstants.KAZOE_SANBAIMAN
        ),
        kiriage=o["kiriage_mangan"],
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
        is_three_player=True,
    )


_LEVELS = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman"}


def mahjong_verdict(hand: GeneratedHand, name: str) -> Verdict:
    """mahjong's verdict at a table of three: the value is the discarder's payment on a
    ron, the dealer's (or one payer's) plus the one other payer's on a tsumo."""
    m = hand.to_mahjong(sanma_rules(name)).estimate()
    if m.error is not None:
        return Verdict(m.error if m.error == "no_yaku" else f"error:{m.error}")
    value = m.cost["main"] + m.cost["additional"]
    units = sum(
        (y.han_open if hand.is_open and y.han_open else y.han_closed) // 13
        for y in m.yaku
        if y.is_yakuman
    )
    level = m.cost["yaku_level"]
    if level == "" and m.han and m.han < 5 and m.fu * 2 ** (2 + m.han) >= 2000:
        level = "mangan"  # mahjong leaves a rounded-up mangan below 5 han unnamed
    if units:
        return Verdict("win", None, None, value, units, "yakuman")
    limit = "kazoe-yakuman" if level == "yakuman" else _LEVELS.get(level)
    return Verdict("win", m.han, m.fu, value, 0, limit)


def compare(hand: GeneratedHand, name: str) -> Outcome:
    ours, _ = mjscore_verdict(hand, name)
    theirs = mahjong_verdict(hand, name)
    why = None
    if ours != theirs:
        why = next((k.name for k in KNOWN_DIFFERENCES if k.applies(hand, ours, theirs)), None)
    return Outcome(hand, ours, theirs, why)


@lru_cache(maxsize=1)
def sample() -> tuple[GeneratedHand, ...]:
    return tuple(sample_hands(N_HANDS, seed=SEED, three=True))


def test_generated_hands_are_three_player_hands() -> None:
    """The generator's contract at three: legal for mahjong and for mjscore alike."""
    hs = sample()
    for h in hs:
        kinds = Counter(k for k, _ in h.hand_tiles + list(h.dora) + list(h.ura))
        kinds[30] += h.kita
        assert max(kinds.values()) <= 4, h.line
        assert not set(kinds) & NO_SANMA, h.line
        assert all(m.kind != "chi" for m in h.melds), h.line
        assert h.seat in "ESW" and h.round in "ESW" and h.discarder in (None, "-", "+")
        assert h.to_mahjong(sanma_rules("sanma")).estimate().error in (None, "no_yaku"), h.line
    assert sum(h.is_open for h in hs) > len(hs) // 5, "too few open hands"
    assert sum(not h.is_open for h in hs) > len(hs) // 4, "too few closed hands"
    assert sum(h.kita > 0 for h in hs) > len(hs) // 5, "too few hands with kita"
    assert any("rinshan" in h.flags and not any(m.is_kan for m in h.melds) for h in hs)
    assert any("kita-ron" in h.flags for h in hs)


@pytest.mark.parametrize("name", RULESETS)
def test_each_ruleset_agrees_with_mahjongs_three_player_mode(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every hand equal, or different by a named rule (none is needed today)."""
    outcomes = [compare(h, name) for h in sample()]
    report = f"[{name}] " + summarize(outcomes)
    with capsys.disabled():
        print("\n" + report)
    assert len(outcomes) >= min(N_HANDS, 1000), f"only {len(outcomes)} hands generated"
    assert not [o for o in outcomes if not o.agrees and not o.explained_by], report
    assert sum(o.ours.outcome == "win" for o in outcomes) > len(outcomes) // 2


@settings(
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(hands(three=True))
def test_each_hand_agrees_or_is_explained(hand: GeneratedHand) -> None:
    """The same check per example, so hypothesis shrinks a disagreement to a small hand."""
    for name in RULESETS:
        o = compare(hand, name)
        assert o.agrees or o.explained_by, (
            f"[{name}] {hand.line}\n  mjscore: {o.ours}\n  mahjong: {o.theirs}"
        )


if __name__ == "__main__":
    if len(sys.argv) > 1:
        N_HANDS = int(sys.argv[1])
    if len(sys.argv) > 2:
        SEED = int(sys.argv[2])
    for ruleset in RULESETS:
        print(f"[{ruleset}] " + summarize([compare(h, ruleset) for h in sample()]))
