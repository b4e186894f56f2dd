"""Differential test: mjscore's `riichi` ruleset against the `mahjong` package (PyPI, 2.x).

Both follow Tenhou's rules, so on the same complete hand they must give the same verdict
(win, no yaku), han, fu, value (all payers together, before honba and deposits), yakuman
count and limit name. The hands come from `tests/strategies.py` (seeded, derandomized).
A difference passes only when a named entry of KNOWN_DIFFERENCES explains it (a rule
choice, with the reason); the raw agreement must still be at least 99.9 %.

Run it alone for a full report:  python tests/differential/test_differential_mahjong.py [N [SEED]]
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import pytest

pytest.importorskip("mahjong")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for strategies.py

from hypothesis import HealthCheck, given, settings  # noqa: E402
from strategies import GeneratedHand, Tile, hands, parse_tiles, sample_hands  # noqa: E402

import mjscore  # noqa: E402

pytestmark = pytest.mark.slow  # the fast tier: pytest -m "not slow"

N_HANDS = int(os.environ.get("MJSCORE_DIFF_HANDS", "2000"))
SEED = None  # derandomized; the script takes a seed to explore other hands
MIN_AGREEMENT = 0.999


@dataclass(frozen=True)
class Verdict:
    """What both scorers are compared on; han/fu are None for a yakuman (mjscore's reading)."""

    outcome: str  # "win", "no_yaku", or "error:<kind>"
    han: int | None = None
    fu: int | None = None
    value: int = 0
    yakuman: int = 0
    limit: str | None = None

    def __str__(self) -> str:
        if self.outcome != "win":
            return self.outcome
        return (
            f"win han={self.han} fu={self.fu} value={self.value} "
            f"yakuman={self.yakuman} limit={self.limit}"
        )


def mjscore_verdict(
    hand: GeneratedHand, rules: str = "riichi", options: dict[str, object] | None = None
) -> tuple[Verdict, object]:
    r = mjscore.score(hand.line, rules=rules, options=options)
    if not r.ok:
        return Verdict(r.error.kind if r.error.kind == "no_yaku" else f"error:{r.error.kind}"), r
    if r.yakuman:
        return Verdict("win", None, None, r.value, r.yakuman, r.limit), r
    return Verdict("win", r.han, r.fu, r.value, 0, r.limit), r


_LEVELS = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman"}


def mahjong_verdict(hand: GeneratedHand, rules: object = None) -> tuple[Verdict, object]:
    m = hand.to_mahjong(rules).estimate()
    if m.error is not None:
        return Verdict(m.error if m.error == "no_yaku" else f"error:{m.error}"), m
    # value: the discarder's payment on ron; dealer's + two others' on tsumo (4 players)
    value = m.cost["main"] + 2 * m.cost["additional"]
    units = sum(
        (y.han_open if hand.is_open and y.han_open else y.han_closed) // 13
        for y in m.yaku
        if y.is_yakuman
    )
    level = m.cost["yaku_level"]
    if (
        level in ("", "kiriage mangan")
        and m.han
        and m.han < 5
        and (level or m.fu * 2 ** (2 + m.han) >= 2000)
    ):
        # with kiriage on, mahjong 2.1.0 names a rounded 4-30 "kiriage mangan" and leaves
        # any other hand of 2,000 base below 5 han unnamed (scores.py: the `elif`)
        level = "mangan"
    if units:
        return Verdict("win", None, None, value, units, "yakuman"), m
    # mahjong names a counted yakuman plain "yakuman"; without a yakuman yaku it is kazoe
    limit = "kazoe-yakuman" if level == "yakuman" else _LEVELS.get(level)
    return Verdict("win", m.han, m.fu, value, 0, limit), m


@dataclass(frozen=True)
class KnownDifference:
    """A rule choice on which the two scorers differ on purpose; `applies` must be narrow."""

    name: str
    reason: str
    applies: Callable[[GeneratedHand, Verdict, Verdict], bool]


# Every difference the generator can reach that is a deliberate rule choice, each with a
# predicate that names the exact situation. None is needed today: on the hands the
# generator makes, mjscore and mahjong 2.1.0 (configured as Tenhou) agree except for the
# yakuman tie-break in REGRESSIONS below, a core bug since fixed. Inputs whose
# meaning the two scorers' interfaces cannot share are kept out of the generator instead:
#   - kokushi robbing a concealed kan: the `chankan` flag does not say which kan was
#     robbed, and mahjong's is_chankan cannot either;
#   - ura indicators without riichi (mjscore reads and ignores them, mahjong ignores them),
#     `renhou` (off in Tenhou; mahjong would score it) and `open-riichi` (not a flag of the
#     riichi ruleset) are never written.
KNOWN_DIFFERENCES: tuple[KnownDifference, ...] = ()


@dataclass(frozen=True)
class Outcome:
    hand: GeneratedHand
    ours: Verdict
    theirs: Verdict
    explained_by: str | None

    @property
    def agrees(self) -> bool:
        return self.ours == self.theirs


def compare(hand: GeneratedHand) -> Outcome:
    ours, _ = mjscore_verdict(hand)
    theirs, _ = mahjong_verdict(hand)
    why = None
    if ours != theirs:
        why = next((k.name for k in KNOWN_DIFFERENCES if k.applies(hand, ours, theirs)), None)
    return Outcome(hand, ours, theirs, why)


@lru_cache(maxsize=1)
def sample() -> tuple[GeneratedHand, ...]:
    """The N distinct hands every test here uses (generated once per session)."""
    return tuple(sample_hands(N_HANDS, seed=SEED))


def summarize(outcomes: list[Outcome]) -> str:
    n = len(outcomes)
    agree = sum(o.agrees for o in outcomes)
    explained = Counter(o.explained_by for o in outcomes if not o.agrees and o.explained_by)
    unexplained = [o for o in outcomes if not o.agrees and not o.explained_by]
    verdicts = Counter(o.ours.outcome for o in outcomes)
    limits = Counter(o.ours.limit for o in outcomes if o.ours.outcome == "win")
    n_open = sum(o.hand.is_open for o in outcomes)
    shapes = Counter(o.hand.shape for o in outcomes)

    def counts(c: Counter) -> str:
        return ", ".join(f"{k or 'none'} {v}" for k, v in c.most_common())

    lines = [
        f"mjscore vs mahjong {_mahjong_version()}: {n} hands ({n_open} open, {n - n_open} "
        f"closed; {counts(shapes)})",
        f"  verdicts: {counts(verdicts)}",
        f"  limits: {counts(limits)}",
        f"  agreement {agree}/{n} = {100 * agree / n:.2f}%; explained differences "
        f"{sum(explained.values())} {dict(explained)}; unexplained {len(unexplained)}",
    ]
    for o in unexplained[:20]:
        lines.append(f"  DIFF {o.hand.line}\n       mjscore: {o.ours}\n       mahjong: {o.theirs}")
    return "\n".join(lines)


def _mahjong_version() -> str:
    from importlib.metadata import version

    return version("mahjong")


# ------------------------------------------------------------------------------ tests


def test_generated_hands_are_complete_and_legal() -> None:
    """The generator's own contract, checked with mahjong alone (no mjscore needed)."""
    for h in sample():
        kinds = Counter(k for k, _ in h.hand_tiles + list(h.dora) + list(h.ura))
        assert max(kinds.values()) <= 4, h.line
        reds = Counter(k for k, red in h.hand_tiles + list(h.dora) + list(h.ura) if red)
        assert max(reds.values(), default=0) <= 1, h.line
        assert len(h.concealed) + sum(3 for _ in h.melds) == 13, h.line
        if any(f in h.flags for f in ("riichi", "double-riichi", "ippatsu")):
            assert not h.is_open, h.line
        if "rinshan" in h.flags:
            assert h.tsumo and any(m.is_kan for m in h.melds), h.line
        if "chankan" in h.flags:
            assert not h.tsumo and kinds[h.win[0]] == 1, h.line
        m = h.to_mahjong().estimate()
        assert m.error in (None, "no_yaku"), f"{h.line}: mahjong says {m.error}"
    hs = sample()
    assert sum(h.is_open for h in hs) > len(hs) // 4, "too few open hands"
    assert sum(not h.is_open for h in hs) > len(hs) // 4, "too few closed hands"


def test_mjscore_agrees_with_mahjong(capsys: pytest.CaptureFixture[str]) -> None:
    """>= 99.9 % exact agreement on N distinct hands; every difference has a named reason."""
    outcomes = [compare(h) for h in sample()]
    report = summarize(outcomes)
    with capsys.disabled():
        print("\n" + report)
    n = len(outcomes)
    assert n >= min(N_HANDS, 2000), f"only {n} hands generated"
    unexplained = [o for o in outcomes if not o.agrees and not o.explained_by]
    assert not unexplained, report
    assert sum(o.agrees for o in outcomes) / n >= MIN_AGREEMENT, report


@settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(hands())
def test_each_hand_agrees_or_is_explained(hand: GeneratedHand) -> None:
    """The same check per example, so hypothesis shrinks a disagreement to a small hand."""
    o = compare(hand)
    assert o.agrees or o.explained_by, f"{hand.line}\n  mjscore: {o.ours}\n  mahjong: {o.theirs}"


# Disagreements that larger runs (python tests/differential/test_differential_mahjong.py
# 20000 SEED, 100,000 hands over five seeds) found, kept as exact hands. All three were one
# core bug, since fixed: at a tie of one yakuman between a real yakuman reading
# (suuankou) and a counted 13+ han reading, mjscore reported the kazoe; Tenhou, and
# mahjong after it, report the real yakuman.
TIE = "suuankou against a counted yakuman of equal value: the real yakuman is reported"
REGRESSIONS = [
    pytest.param(
        GeneratedHand(
            "standard",
            "regression",
            parse_tiles("2444055666777m"),
            (),
            parse_tiles("2m")[0],
            True,
            None,
            "E",
            "E",
            dora=parse_tiles("5m"),
        ),
        id="tsumo-567m-x3-13-han",
    ),  # tsumo tanyao iipeikou chinitsu dora 3 red 1
    pytest.param(
        GeneratedHand(
            "standard",
            "regression",
            parse_tiles("1777888999s333z"),
            (),
            parse_tiles("1s")[0],
            False,
            "=",
            "S",
            "E",
            dora=parse_tiles("2z"),
            ura=parse_tiles("2z"),
            flags=("double-riichi",),
        ),
        id="ron-789s-x3-14-han",
    ),  # double riichi honitsu iipeikou chanta dora 3 ura 3
    pytest.param(
        GeneratedHand(
            "standard",
            "regression",
            parse_tiles("4445556667m444z"),
            (),
            parse_tiles("7m")[0],
            True,
            None,
            "E",
            "E",
            dora=parse_tiles("3z"),
            ura=parse_tiles("3z"),
            flags=("riichi", "haitei"),
            sticks=2,
        ),
        id="tsumo-456m-x3-13-han",
    ),  # riichi tsumo haitei iipeikou honitsu dora 3 ura 3
]


@pytest.mark.parametrize("hand", REGRESSIONS)
def test_found_disagreements_stay_fixed(hand: GeneratedHand) -> None:
    """Suuankou against a counted yakuman of equal value: the real yakuman is reported."""
    o = compare(hand)
    assert o.agrees, f"{hand.line}\n  mjscore: {o.ours}\n  mahjong: {o.theirs}"
    assert o.ours.limit == "yakuman", TIE


# ------------------------------------------------------------------------------ presets
# Each rule preset against mahjong with OptionalRules set from the preset's own options.
# Two preset rules cannot be said to mahjong 2.1.0 (it always gives a double-wind pair
# 4 fu and always adds yakuman up): a hand on which mjscore differs only because of one
# of them is a named rule difference, checked by scoring it again with the option set
# to mahjong's value, which must then agree.

PRESETS = ("tenhou", "mahjongsoul", "mleague", "wrc", "ema")
PRESET_HANDS = int(os.environ.get("MJSCORE_PRESET_HANDS", "300"))
INEXPRESSIBLE = (
    ("double_wind_pair_fu", 4, "double-wind pair 2 fu"),
    ("yakuman_stacking", True, "yakuman do not stack"),
)
ALL_DOUBLES = frozenset(("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"))


def preset_rules(name: str) -> object:
    """mahjong's OptionalRules from a preset's resolved options."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    from mjscore.engine.catalog import load_ruleset

    o = load_ruleset(name).resolve_options()
    assert o["double_yakuman"] in (frozenset(), ALL_DOUBLES), "mahjong: all four or none"
    assert o["red_fives"] in (0, 3), "mahjong: one red five per suit or none"
    return OptionalRules(
        has_open_tanyao=o["open_tanyao"],
        has_aka_dora=o["red_fives"] == 3,
        has_double_yakuman=bool(o["double_yakuman"]),
        kazoe_limit=(
            HandConstants.KAZOE_LIMITED if o["kazoe_yakuman"] else HandConstants.KAZOE_SANBAIMAN
        ),
        kiriage=o["kiriage_mangan"],
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )


def _plain(t: Tile) -> Tile:
    return (t[0], False)


def without_reds(hand: GeneratedHand) -> GeneratedHand:
    """The same hand with every red five written plain (a preset without red fives)."""
    return replace(
        hand,
        concealed=tuple(map(_plain, hand.concealed)),
        melds=tuple(replace(m, tiles=tuple(map(_plain, m.tiles))) for m in hand.melds),
        win=_plain(hand.win),
        dora=tuple(map(_plain, hand.dora)),
        ura=tuple(map(_plain, hand.ura)),
    )


def compare_preset(hand: GeneratedHand, name: str) -> Outcome:
    from mjscore.engine.catalog import load_ruleset

    options = load_ruleset(name).resolve_options()
    if options["red_fives"] == 0:
        hand = without_reds(hand)
    ours, _ = mjscore_verdict(hand, name)
    theirs, _ = mahjong_verdict(hand, preset_rules(name))
    why = None
    if ours != theirs:
        for option, theirs_value, label in INEXPRESSIBLE:
            if (
                options[option] != theirs_value
                and mjscore_verdict(hand, name, {option: theirs_value})[0] == theirs
            ):
                why = label
                break
    return Outcome(hand, ours, theirs, why)


@pytest.mark.parametrize("name", PRESETS)
def test_preset_agrees_with_mahjong(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A few hundred hands per preset: equal, or different by a named preset rule only."""
    outcomes = [compare_preset(h, name) for h in sample()[:PRESET_HANDS]]
    report = f"[{name}] " + summarize(outcomes)
    with capsys.disabled():
        print("\n" + report)
    assert not [o for o in outcomes if not o.agrees and not o.explained_by], report


# hands of larger runs (MJSCORE_PRESET_HANDS=2000) where a preset rule mahjong cannot
# express is the whole difference, kept so the named explanations stay exercised
INEXPRESSIBLE_HANDS = [
    pytest.param(
        "mleague",
        "double-wind pair 2 fu",
        GeneratedHand(
            "standard",
            "regression",
            parse_tiles("11z77m555p111666s"),
            (),
            parse_tiles("7m")[0],
            False,
            "+",
            "E",
            "E",
            dora=parse_tiles("1m"),
        ),
        id="mleague-11z-pair",
    ),  # 77m555p111666s11z ron:7m+ : 50 fu, not 40
    pytest.param(
        "ema",
        "yakuman do not stack",
        GeneratedHand(
            "standard",
            "regression",
            parse_tiles("2223344888s666z"),
            (),
            parse_tiles("2s")[0],
            True,
            None,
            "E",
            "S",
            dora=parse_tiles("6p"),
            flags=("tenhou",),
        ),
        id="ema-tenhou-ryuuiisou",
    ),  # tenhou + ryuuiisou: one yakuman in EMA
]


@pytest.mark.parametrize(("name", "rule", "hand"), INEXPRESSIBLE_HANDS)
def test_inexpressible_rules_are_the_named_difference(
    name: str, rule: str, hand: GeneratedHand
) -> None:
    o = compare_preset(hand, name)
    assert not o.agrees and o.explained_by == rule, f"{hand.line}\n  {o.ours}\n  {o.theirs}"


if __name__ == "__main__":
    if len(sys.argv) > 1:
        N_HANDS = int(sys.argv[1])
    if len(sys.argv) > 2:
        SEED = int(sys.argv[2])
    print(summarize([compare(h) for h in sample()]))
