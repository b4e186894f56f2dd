"""The Shiragiku rulesets as data: options and defaults, the yaku lists, and the point table.

The hands themselves are in tests/cases/arushal.cases and kansai-boo.cases.
"""

from __future__ import annotations

import pytest

import mjscore
from mjscore.core.result import SEATS
from mjscore.scoring.payments import WinSide, hand_payments
from mjscore.scoring.points import base_points


def _defaults(name: str) -> dict:
    rs = mjscore.load_ruleset(name)
    return {k: spec.default for k, spec in rs.options.items()}


def test_arushal_options_and_defaults():
    assert _defaults("arushal") == {
        "tsumo_pinfu": False,
        "chiitoitsu": False,
        "isshoku_sanjun": False,
        "sanshoku": False,
        "chiitoitsu_allows_situational_yaku": False,
        "renhou_label_for_first_draw_tsumo": False,
    }


def test_kansai_boo_options_and_defaults():
    assert _defaults("kansai-boo") == {
        "red_fives": 2,
        "open_dora_needs_yaku": False,
        "closed_bonus": False,
        "chanta": False,
        "sanshoku": False,
        "isshoku_sanjun": False,
        "yakuman_result": "normal",
        "renhou_label_for_first_draw_tsumo": False,
    }
    rs = mjscore.load_ruleset("kansai-boo")
    assert rs.options["red_fives"].choices == (1, 2, 4)
    assert rs.options["yakuman_result"].choices == ("normal", "maru-a", "double-maru-a")


# §2.2 and §3.2 "Not in ..." lists, as riichi keys
NOT_IN_ARUSHAL = [
    "riichi",
    "ippatsu",
    "double_riichi",
    "iipeikou",
    "ryanpeikou",
    "sankantsu",
    "junchan",
    "houtei",
    "renhou",
    "ryuuiisou",
    "suukantsu",
]
NOT_IN_BOO = [
    "ippatsu",
    "double_riichi",
    "iipeikou",
    "ryanpeikou",
    "sankantsu",
    "junchan",
    "houtei",
    "renhou",
    "ryuuiisou",
    "suukantsu",
]


@pytest.mark.parametrize("name, absent", [("arushal", NOT_IN_ARUSHAL), ("kansai-boo", NOT_IN_BOO)])
def test_yaku_the_rulesets_do_not_have(name, absent):
    rs = mjscore.load_ruleset(name)
    assert [k for k in absent if k in rs.yaku] == []


def test_arushal_has_no_open_reduction():
    """Every yaku that an open hand can have is worth the same open or closed."""
    rs = mjscore.load_ruleset("arushal")
    for spec in rs.yaku.values():
        if spec.han_open is not None and not spec.yakuman:
            assert spec.han_open == spec.han, spec.key


@pytest.mark.parametrize(
    "name, han",
    [
        (
            "arushal",
            {
                "double_wind": 2,
                "chinitsu": 3,
                "ittsu": 1,
                "toitoi": 1,
                "honitsu": 1,
                "shousangen": 1,
                "honroutou": 1,
                "chiitoitsu": 0,
            },
        ),
        (
            "kansai-boo",
            {
                "double_wind": 2,
                "chinitsu": 4,
                "ittsu": 2,
                "toitoi": 2,
                "honitsu": 2,
                "sanankou": 2,
                "shousangen": 4,
                "honroutou": 4,
                "chiitoitsu": 2,
                "riichi": 1,
                "akahai": 1,
            },
        ),
    ],
)
def test_han_values(name, han):
    rs = mjscore.load_ruleset(name)
    assert {k: rs.yaku[k].han for k in han} == han


def test_only_arushal_chinitsu_carries_fu():
    assert mjscore.load_ruleset("arushal").yaku["chinitsu"].fu == 10
    assert mjscore.load_ruleset("kansai-boo").yaku["chinitsu"].fu == 0


# The published point table (§1.6, [WEB W4]): non-dealer totals by fu and h.
PUBLISHED = {
    20: (None, 160, 320, 640, 1280),
    30: (120, 240, 480, 960, 1920),
    40: (160, 320, 640, 1280, 2000),
    50: (200, 400, 800, 1600, 2000),
    60: (240, 480, 960, 1920, 2000),
    70: (280, 560, 1120, 2000),
    80: (320, 640, 1280, 2000),
    90: (360, 720, 1440, 2000),
}


def _pays(name: str, han: int, fu: int, winner: str, tsumo: bool) -> dict[str, int]:
    rs = mjscore.load_ruleset(name)
    params, options = rs.params, rs.resolve_options()
    base, _ = base_points(han, fu, 0, options, params)
    side = WinSide(winner, tsumo, None if tsumo else next(s for s in SEATS if s != winner), 0, 0)
    out = dict.fromkeys(SEATS, 0)
    for p in hand_payments(base, side, params):
        out[p.payer] += p.amount
    return out


@pytest.mark.parametrize(
    "fu, h",
    [(fu, h) for fu, row in PUBLISHED.items() for h, cell in enumerate(row) if cell is not None],
)
def test_the_published_table_cell_by_cell(fu, h):
    want = PUBLISHED[fu][h]
    ron = _pays("arushal", h, fu, "S", tsumo=False)
    assert sum(ron.values()) == want
    # dealer x 1.5; a non-dealer tsumo: the dealer a half, the others a quarter each
    assert sum(_pays("arushal", h, fu, "E", tsumo=False).values()) == want * 3 // 2
    tsumo = _pays("arushal", h, fu, "S", tsumo=True)
    assert (tsumo["E"], tsumo["W"], tsumo["N"]) == (want // 2, want // 4, want // 4)
    assert set(_pays("arushal", h, fu, "E", tsumo=True).values()) == {0, want // 2}


@pytest.mark.parametrize("fu", range(20, 180, 10))
@pytest.mark.parametrize("h", range(0, 7))
def test_base_is_fu_times_two_to_the_han_capped_at_500(fu, h):
    """§1.4 as a formula, for every cell of the generated table (and beyond it)."""
    rs = mjscore.load_ruleset("arushal")
    params, options = rs.params, rs.resolve_options()
    base, limit = base_points(h, fu, 0, options, params)
    assert base == min(500, fu * 2**h)
    assert limit == ("mangan" if fu * 2**h >= 500 else None)


def test_boo_seven_pairs_rows():
    """The chiitoitsu row of the table: 25 fu at h 3 and 4 (Boo only)."""
    rs = mjscore.load_ruleset("kansai-boo")
    params, options = rs.params, rs.resolve_options()
    assert [base_points(h, 25, 0, options, params)[0] * 4 for h in (3, 4, 5)] == [800, 1600, 2000]


@pytest.mark.parametrize("name", ["arushal", "kansai-boo"])
def test_every_yakuman_is_one_mangan(name):
    rs = mjscore.load_ruleset(name)
    params, options = rs.params, rs.resolve_options()
    assert base_points(0, 0, 1, options, params) == (500, "mangan")
    assert base_points(0, 0, 3, options, params) == (500, "mangan")


def test_the_boo_value_is_the_hand_before_extras():
    """OUTPUT.md: `value` is the hand's own value; the extras are payment lines in `net`."""
    r = mjscore.score(
        "123m567p345s67s99s ron:8s= dora:7s honba:1 rules:kansai-boo",
        options={"closed_bonus": "on"},
    ).to_dict()
    assert r["value"] == 480
    assert [(p["amount"], p["reason"], p.get("count"), p["label"]) for p in r["payments"]] == [
        (480, "ron", None, "ron"),
        (300, "honba", 1, "honba ×1"),
        (300, "dora", 1, "dora ×1"),
        (300, "bonus", None, "closed hand bonus"),
    ]
    assert r["net"] == {"E": 0, "S": 1380, "W": 0, "N": -1380}


def test_boo_lists_the_field_han_and_counts_it_in_han():
    r = mjscore.score("567p345s67s99s pon:111m= ron:8s= rules:kansai-boo")
    assert [(y.key, y.japanese, y.han) for y in r.yaku] == [("field_han", "場の一翻", 1)]
    assert r.han == 1


def test_the_liability_sentence_says_who_and_why():
    r = mjscore.score("234m9p pon:222z- pon:555z= pon:666z+ ron:9p= round:S rules:arushal")
    assert r.liability is not None and r.liability.seat == "W"
    rule = r.liability.rule
    assert "W fed" in rule and "4 han" in rule and "pon:666z+" in rule
    assert "N pays the other half" in rule


@pytest.mark.parametrize(
    "token, words",
    [
        ("riichi", "'riichi' is not a flag of ruleset arushal"),
        ("dora:7s", "has no dora"),
        ("honba:1", "no honba"),
    ],
)
def test_arushal_names_what_it_does_not_have(token, words):
    r = mjscore.score(f"123m567p345s67s99s ron:8s= {token} rules:arushal")
    assert not r.ok and r.error.kind == "context" and words in r.error.message


def test_a_red_five_under_arushal_is_a_context_error():
    r = mjscore.score("123m067p345s67s99s ron:8s= rules:arushal")
    assert not r.ok and r.error.kind == "context" and "no red fives" in r.error.message


def test_seven_pairs_under_arushal_names_the_option():
    r = mjscore.score("1133m2288p4466s7z ron:7z= rules:arushal")
    assert r.error.kind == "not_a_win" and "chiitoitsu=on" in r.error.message
