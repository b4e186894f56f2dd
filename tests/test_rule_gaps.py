"""Issue 12's rule gaps, one test per point: chankan copies, indicator counts, Kansai Boo's
round winds and boo-result scores, Tenhou's composite pao, WEB TILE, European options."""

from __future__ import annotations

import pytest

import mjscore
from mjscore.scoring.boo_game import BooResultError, boo_result


def kind(line: str, rules: str = "riichi", **options) -> str | None:
    """The error kind of a line, or None when it scores."""
    r = mjscore.score(line, rules=rules, options=options or None)
    return None if r.ok else r.to_dict()["error"]["kind"]


# -- chankan: the robbed pon holds the other three copies --------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "1122m3344p5566s7z ron:7z riichi chankan",  # the winner holds one (the line)
        "119m19p19s1234567z ron:7z chankan",  # 13-sided kokushi holds the robbed tile
        "234m567p23s99s pon:111s= ron:1s chankan",  # a meld shows it
        "123456m789p3477s ron:2s riichi chankan dora:2s",  # a dora indicator shows it
        "123456m789p3477s ron:2s riichi chankan dora:1m ura:2s",  # an ura indicator shows it
    ],
)
def test_chankan_on_a_copy_in_sight_is_an_impossible_hand(line):
    assert kind(line) == "invalid_hand"


def test_chankan_on_an_unseen_tile_still_scores():
    assert kind("123456m789p3477s ron:2s riichi chankan") is None
    assert kind("119m19p19s123456z ron:7z chankan") is None  # single-wait kokushi


def test_european_chankan_copies_too():
    line = "234m567p345s789s1p ron:1p chankan seat:S round:E breach:W"
    assert kind(line, "european") == "invalid_hand"


# -- indicators ------------------------------------------------------------------------


def test_at_most_five_dora_indicators():
    base = "123456m789p3477s ron:2s riichi"
    assert kind(base + " dora:1m,1m,1m,9p,9p") is None
    assert kind(base + " dora:1m,1m,1m,9p,9p,9p") == "context"


def test_no_more_ura_than_dora_indicators():
    base = "123456m789p3477s ron:2s riichi"
    assert kind(base + " dora:1m,2m ura:3m,4m") is None
    assert kind(base + " dora:1m ura:3m,4m") == "context"
    assert kind(base + " ura:3m,4m,5m,6m,7m,8m") == "context"


# -- Kansai Boo ------------------------------------------------------------------------


@pytest.mark.parametrize("wind, ok", [("E", True), ("S", True), ("W", False), ("N", False)])
def test_kansai_boo_is_an_east_south_game(wind, ok):
    line = f"123m567p345s67s99s ron:8s= round:{wind}"
    assert kind(line, "kansai-boo") == (None if ok else "context")
    assert kind(line, "riichi") is None  # Tenhou has West rounds (sudden death)


def test_boo_result_scores_are_multiples_of_ten():
    assert boo_result([2010, 1990, 2000, 2000]).top == "E"
    with pytest.raises(BooResultError, match="multiple of 10"):
        boo_result([2015, 1985, 2000, 2000])


# -- liability (pao) -------------------------------------------------------------------


def pays(line: str, rules: str = "riichi") -> list[tuple[str, int, str]]:
    r = mjscore.score(line, rules=rules)
    assert r.ok, r.error
    return sorted((p.payer, p.amount, p.label or p.reason) for p in r.payments)


def test_tenhou_composite_pao_on_tsumo_the_liable_player_pays_everything():
    line = "111z2z pon:555z+ pon:777z= pon:666z= tsumo:2z seat:N honba:1"
    assert pays(line) == [("S", 300, "honba ×1"), ("S", 64000, "liability")]


def test_composite_pao_on_ron_splits_the_whole_hand_or_only_the_liable_yakuman():
    """Tenhou (pao_share=whole) halves the whole 64,000; Mahjong Soul (liable_only)
    halves the daisangen and the discarder pays the tsuuiisou too."""
    line = "111z2z pon:555z+ pon:777z= pon:666z= ron:2z- seat:N"
    assert pays(line) == [("S", 32000, "liability (half)"), ("W", 32000, "ron")]
    assert pays(line, "mahjongsoul") == [("S", 16000, "liability (half)"), ("W", 48000, "ron")]


DAISANGEN_RON = "067m1p pon:555z+ pon:777z= pon:666z= ron:1p- seat:N honba:1"


def test_pao_honba_on_ron_tenhou_liable_webtile_discarder():
    assert ("S", 300, "honba ×1") in pays(DAISANGEN_RON, "riichi")
    assert ("W", 300, "honba ×1") in pays(DAISANGEN_RON, "webtile")  # shiragiku.md §5


def test_webtile_pao_on_tsumo_the_liable_player_pays_everything_and_the_honba():
    line = DAISANGEN_RON.replace("ron:1p-", "tsumo:1p")
    assert pays(line, "webtile") == [("S", 300, "honba ×1"), ("S", 32000, "liability")]


# -- WEB TILE --------------------------------------------------------------------------

UNRELATED = "147m258p369s1234z tsumo:1z"


@pytest.mark.parametrize(
    "words, value", [("seat:E tenhou", 12000), ("chiihou", 8000), ("first-turn", 8000)]
)
def test_shiisan_puutaa_on_any_first_draw(words, value):
    r = mjscore.score(f"{UNRELATED} {words}", rules="webtile")
    assert r.ok and [y.key for y in r.yaku] == ["shiisan_puutaa"] and r.value == value
    assert not r.notes


def test_shiisan_puutaa_with_both_words_says_which_counted():
    r = mjscore.score(f"{UNRELATED} seat:E tenhou first-turn", rules="webtile")
    assert r.value == 12000 and [y.key for y in r.yaku] == ["shiisan_puutaa"]
    assert any("first-turn" in n and "tenhou" in n and "十三不搭" in n for n in r.notes)


def test_shiisan_puutaa_is_not_a_ron():
    assert kind("147m258p369s1234z ron:1z- chiihou", "webtile") == "no_yaku"


def test_renhou_off_note_only_under_renhou_off():
    line = "112233m567m79m99m ron:8m= renhou dora:7m,8m"
    for option in ("baiman", "mangan"):
        r = mjscore.score(line, rules="webtile", options={"renhou": option})
        assert r.value == 24000
        assert not any("renhou=off" in n for n in r.notes), r.notes
    off = mjscore.score("123456m789p3477s ron:2s- renhou", rules="riichi")
    assert any("renhou=off" in n for n in off.notes)


# -- European options ------------------------------------------------------------------

EURO = "234m567p345s789s1p ron:1p seat:S round:E breach:W"
FLOWERS = ("1f", "2f", "3f", "4f", "1g", "2g", "3g", "4g")


def euro_score(line: str, **options) -> int:
    """The winner's score (points x 2^doubles, capped)."""
    r = mjscore.score(line, rules="european", options={k: str(v) for k, v in options.items()})
    assert r.ok, r.error
    return r.score.score


@pytest.mark.slow
@pytest.mark.parametrize("bouquet", [1, 2, 3, 4])
def test_adding_a_flower_never_lowers_the_score(bouquet):
    for mask in range(256):
        held = [f for i, f in enumerate(FLOWERS) if mask >> i & 1]
        base = euro_score(
            f"{EURO} flowers:{''.join(held)}" if held else EURO,
            bouquet_doubles=bouquet,
            limit=10**6,
        )
        for extra in FLOWERS:
            if extra not in held:
                more = "".join(sorted([*held, extra], key=FLOWERS.index))
                assert (
                    euro_score(f"{EURO} flowers:{more}", bouquet_doubles=bouquet, limit=10**6)
                    >= base
                ), (held, extra)


def test_bouquet_1_to_3_adds_to_own_flowers_and_4_replaces_them():
    line = f"{EURO} flowers:1f2f3f4f2g"  # own flower and season (S: 2f 2g) and one bouquet
    assert euro_score(line, bouquet_doubles=4, limit=10**6) == 50 * 2**4
    for n in (1, 2, 3):
        assert euro_score(line, bouquet_doubles=n, limit=10**6) == 50 * 2 ** (2 + n)


def test_chicken_only_with_no_points_besides_mah_jong(ruleset_dir):
    path = ruleset_dir / "european.toml"
    text = path.read_text().replace(
        '[params.rows.four_chows]\nname = "Four chows and a pair"\npoints = 10\n', ""
    )
    path.write_text(text)
    assert euro_score(EURO, bonus_chicken_10="on") == 30  # 20 + 10: nothing else scores
    tsumo = EURO.replace("ron:1p", "tsumo:1p")
    r = mjscore.score(tsumo, rules="european", options={"bonus_chicken_10": "on"})
    assert r.score.points == 22  # self-drawn 2: no chicken


def test_chicken_never_on_a_four_chow_hand():
    assert euro_score(EURO, bonus_chicken_10="on") == euro_score(EURO) == 30


REFUND = (
    "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S / E: pon:777z 222p "
    "/ S: pon:222z 999s flowers:2f / N: 444m"
)


def test_winner_refund_only_in_the_advanced_settlement():
    advanced = mjscore.score(REFUND, rules="european", options={"winner_refund": "on"})
    assert any("refund" in p.reason for p in advanced.payments)
    simple = mjscore.score(
        REFUND, rules="european", options={"winner_refund": "on", "advanced_settlement": "off"}
    )
    assert all(p.payee == "W" for p in simple.payments)
