"""Issue 12's rule gaps, one test per point: chankan copies, indicator counts, Kansai Boo's
round winds and boo-result scores, Tenhou's composite pao, WEB TILE, European options."""

from __future__ import annotations

import pytest

import mjscore
from mjscore.boo_result import BooResultError, boo_result


def kind(line: str, rules: str = "riichi", **options) -> str | None:
    """The error kind of a line, or None when it scores."""
    r = mjscore.score(line, rules=rules, options=options or None)
    return None if r.ok else r.to_dict()["error"]["kind"]


# -- chankan: the robbed pon holds the other three copies --------------------------------

@pytest.mark.parametrize("line", [
    "1122m3344p5566s7z ron:7z riichi chankan",  # the winner holds one (the line)
    "119m19p19s1234567z ron:7z chankan",  # 13-sided kokushi holds the robbed tile
    "234m567p23s99s pon:111s= ron:1s chankan",  # a meld shows it
    "123456m789p3477s ron:2s riichi chankan dora:2s",  # a dora indicator shows it
    "123456m789p3477s ron:2s riichi chankan dora:1m ura:2s",  # an ura indicator shows it
])
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
