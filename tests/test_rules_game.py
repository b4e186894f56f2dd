"""Issue 25: `mjscore rules` lists each ruleset's game parameters (those `mjscore game`
plays by: start and return points, uma, oka, noten payments, the length, the end) in a
section of their own, in English and Japanese, and in the JSON listing."""

from __future__ import annotations

import json

import pytest
from rich.cells import cell_len

from mjscore.engine.catalog import load_ruleset
from mjscore.ledger import game
from mjscore.rulesets import ruleset_names
from mjscore.rulesets.params import GAME_PARAMS, PARAM_FIELDS, game_params
from tests.cli_helpers import run


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch):
    from mjscore.report.settings import settings

    for key, value in list(settings.items()):
        monkeypatch.setitem(settings, key, value)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "MJSCORE_CONFIG", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)


def _rules(capsys, *args: str) -> str:
    code, out, err = run("rules", *args, capsys=capsys)
    assert code == 0, err
    return out


def test_the_game_params_are_params_and_japanese_names_each():
    from mjscore.report.words_ja import GAME_PARAM_HELP

    assert set(GAME_PARAMS) <= set(PARAM_FIELDS)
    assert set(GAME_PARAM_HELP) == set(GAME_PARAMS)


def test_a_ruleset_has_them_when_it_declares_any():
    having = {n for n in ruleset_names() if game_params(load_ruleset(n).params)}
    assert "arushal" not in having  # a hand scorer's table: no game of its own
    assert {
        "riichi",
        "tenhou",
        "sanma",
        "mahjongsoul",
        "wrc",
        "ema",
        "mleague",
        "kansai-boo",
        "european",
        "mcr",
    } <= having


@pytest.mark.parametrize("width", [40, 60, 80, 120])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_section_keeps_every_name_and_number_whole(capsys, monkeypatch, width, lang):
    monkeypatch.setenv("COLUMNS", str(width))
    for name in ("riichi", "sanma", "kansai-boo", "european"):
        out = _rules(capsys, name, "--lang", lang, "--full")  # a preset's every value
        for line in out.splitlines():
            assert cell_len(line) <= width, (name, line)
        words = out.split()
        params = load_ruleset(name).params
        for key in GAME_PARAMS:
            assert key in words, (name, key)
        start = f"{params.start_points:,}" if lang == "en" else str(params.start_points)
        assert start in words
        assert ("対局の設定（mjscore" in out) == (lang == "ja")


def test_the_values_are_the_ones_the_ledger_plays_by(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    out = _rules(capsys, "sanma", "--full")
    row = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line[:1].strip()}
    assert row["start_points"][0] == "35,000" and row["return_points"][0] == "40,000"
    assert row["uma"][:3] == ["+20", "0", "-20"]
    assert row["oka"][:2] == ["on", "(+15)"]  # (40,000 - 35,000) x 3 / 1,000
    tied = game(["draw:exhaustive round:E"], rules="sanma")  # all on 35,000: first
    assert tied.oka[0] == 15 and tied.uma == (20, 0, -20)  # takes the oka and the uma
    assert row["noten_total"][0] == "2,000"
    ja = _rules(capsys, "sanma", "--lang", "ja", "--full")
    assert "35000" in ja.split() and "ウマ：順位ごとの点（1位から4位。空：なし）" in ja


def test_a_ruleset_without_them_has_no_section(capsys):
    assert "parameter" not in _rules(capsys, "arushal")
    assert "対局の設定" not in _rules(capsys, "arushal", "--lang", "ja")


def test_the_json_listing_has_them(capsys):
    data = {r["name"]: r for r in json.loads(_rules(capsys, "--format", "json"))}
    assert data["arushal"]["game"] == {}
    riichi = data["riichi"]["game"]
    assert list(riichi) == list(GAME_PARAMS)
    assert riichi["uma"] == [20, 10, -10, -20] and riichi["oka"] is True
    assert riichi["start_points"] == 25000 and riichi["game_length"] == "south"
    assert data["mahjongsoul-sanma"]["game"]["uma"] == [15, 0, -15]
    code, ja, _ = run("--lang", "ja", "rules", "--format", "json", capsys=capsys)
    assert json.loads(ja) == list(data.values())  # JSON never changes with the language
