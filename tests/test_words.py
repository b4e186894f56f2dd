"""What scoring says comes as keys and values (core.phrases); the words are one table per
language: English (core.phrases, which the records carry) and Japanese (report/words_ja.py).

Every fu, payment, liability, note, reading and item key renders in both languages, every
key of the records is in the JSON Schema and in docs/output.md, and the Japanese report
renders the key, never reading the English back.
"""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest
from cli_helpers import run

import mjscore
from mjscore.core import phrases as EN
from mjscore.core.phrases import Phrase, phrase
from mjscore.report import words_ja as JA
from mjscore.schemas import record_schema

ROOT = Path(__file__).resolve().parent.parent

# One set of values per key: what scoring passes with it.
_LIABLE = {
    "seat": "E",
    "fed": "third_dragon",
    "meld": "pon:555z-",
    "source": "left",
    "yaku": "daisangen",
    "discarder": "N",
    "han": 4,
}
SAMPLES: dict[str, dict[str, dict]] = {
    "fu": {
        "base": {},
        "closed_ron": {},
        "tsumo": {},
        "wait_kanchan": {},
        "wait_penchan": {},
        "wait_tanki": {},
        "pair_dragon": {"tile": "5z"},
        "pair_double_wind": {"tile": "1z"},
        "pair_seat_wind": {"tile": "2z"},
        "pair_round_wind": {"tile": "1z"},
        "open_triplet": {"tiles": "555z"},
        "concealed_triplet": {"tiles": "999m"},
        "open_kan": {"tiles": "1111p"},
        "concealed_kan": {"tiles": "5555s"},
        "rounded": {},
        "open_hand_raised": {},
        "seven_pairs": {},
        "pinfu_tsumo": {},
        "yaku": {"yaku": "chinitsu", "name": "Chinitsu", "japanese": "清一色"},
    },
    "payment": {
        "ron": {},
        "tsumo": {},
        "liability": {},
        "liability_half": {},
        "honba": {"count": 2},
        "deposits": {"count": 1},
        "dora": {"count": 3},
        "closed_bonus": {},
        "mahjong": {"factor": 1},
        "mahjong_east": {"factor": 2},
        "settlement": {"high": "S", "high_score": 30, "low": "W", "low_score": 20, "factor": 1},
        "settlement_east": {
            "high": "E",
            "high_score": 40,
            "low": "N",
            "low_score": 10,
            "factor": 2,
        },
        "refund": {"seat": "W"},
        "fan_ron": {"base": 8, "fan": 12},
        "fan_base": {"base": 8, "fan": 12},
        "fan_tsumo": {"base": 8, "fan": 12},
        "noten": {},
        "nagashi": {},
    },
    "liability": {
        "dealt_in": _LIABLE,
        "tsumo_whole": _LIABLE,
        "tsumo_yakuman_only": _LIABLE,
        "ron_half": _LIABLE,
        "ron_half_whole_hand": {**_LIABLE, "discarder": None},
        "ron_half_yakuman_only": {**_LIABLE, "fed": "yakuhai_han", "yaku": "counted_mangan"},
    },
    "note": {
        "ura_without_riichi": {},
        "renhou_off": {},
        "renhou_less": {"value": "mangan"},
        "first_draw_once": {"flag": "tenhou"},
        "unknown_discarder": {},
        "liable_source_missing": {"yaku": "daisangen", "meld": "pon:555z"},
        "counted_mangan_source_missing": {"meld": "pon:777z"},
        "dora_not_paid": {"count": 2},
        "yakuman_ends_game": {"result": "maru-a", "name": "マルＡ", "each": 10},
        "drawn_round": {
            "kind": "exhaustive",
            "abortive": False,
            "ready": ("E", "S"),
            "nagashi": (),
            "paid": True,
        },
        "breach_unused": {},
        "main_appelante_lost": {"seat": "W"},
        "main_appelante_on_draw": {},
        "not_in_full": {"seat": "N", "tiles": 13},
        "special_scored": {"name": "Les Treize Lanternes Merveilleuses", "value": 1000},
        "special_over_ordinary": {"name": "Le Serpent Vert", "value": 500, "ordinary": 320},
        "also_matched": {"hands": (("Le Serpent Vert", 500),)},
        "ordinary_over_special": {"score": 640, "hands": (("Le Serpent Vert", 500),)},
        "draw_not_settled": {"players": 3},
        "simple_settlement": {},
        "no_holding": {"seats": ("W", "N")},
    },
    "reading": {
        "sets": {"sets": "234m 456p (678s) 22s", "wait": "ryanmen"},
        "thirteen_orphans": {"wait": "thirteen-sided"},
        "unrelated": {"pair": "11m"},
        "nagashi": {},
        "fan_sets": {"sets": "123m 456p 789s 111z 22z"},
        "fan_shape": {"sets": "147m258p369s 12z", "shape": "knitted_straight"},
    },
    "item": {
        "exposed_pung": {"tiles": "555z"},
        "concealed_pung": {"tiles": "222m"},
        "exposed_kong": {"tiles": "1111p"},
        "concealed_kong": {"tiles": "9999s"},
        "pair": {"tiles": "11z", "roles": ("seat", "round")},
        "flowers": {"tiles": "1f5f", "names": ("Plum", "Spring")},
        "flowers_doubled": {"tiles": "1f5f", "names": ("Plum", "Spring"), "times": 2},
    },
    "game_end": {
        "below_zero": {},
        "sudden_death_last": {},
        "sudden_death_goal": {"goal": 30000},
        "agari_yame": {},
        "last_round": {},
        "stopped_by_error": {},
        "no_round": {},
        "record_stops": {"round": "S3", "honba": 1},
    },
}
KANA = "[\u3040-\u30ff]"
CASES = [(kind, key) for kind, table in SAMPLES.items() for key in table]


def test_both_languages_have_the_same_kinds_and_keys():
    assert EN.ENGLISH.keys() == JA.JAPANESE.keys() == SAMPLES.keys()
    for kind in EN.ENGLISH:
        assert set(EN.ENGLISH[kind]) == set(JA.JAPANESE[kind]) == set(SAMPLES[kind]), kind


@pytest.mark.parametrize(("kind", "key"), CASES, ids=[f"{k}:{key}" for k, key in CASES])
def test_every_key_renders_in_both_languages(kind, key):
    values = SAMPLES[kind][key]
    english = phrase(kind, key, **values)
    japanese = JA.in_japanese(english)
    for text in (english, japanese):
        assert text and "{" not in text and "}" not in text, text
    quoted = any(re.search(KANA, str(v)) for v in values.values())  # マルＡ, a name
    assert quoted or not re.search(KANA, english), english
    # the Japanese is Japanese: a word of kana or kanji (a reading of sets: its tiles)
    assert re.search(KANA + "|[\u4e00-\u9fff]", japanese) or key == "fan_sets", japanese
    for name in ("tile", "tiles", "meld", "pair", "sets"):
        if isinstance(values.get(name), str):
            assert values[name] in english and values[name] in japanese


def test_a_phrase_is_its_english_text_and_keeps_its_key():
    p = phrase("fu", "open_triplet", tiles="555z")
    assert p == "open triplet 555z" and isinstance(p, str)
    assert (p.kind, p.key, dict(p.values)) == ("fu", "open_triplet", {"tiles": "555z"})
    back = pickle.loads(pickle.dumps(p))  # the parallel run sends results between processes
    assert (back, type(back), back.key, dict(back.values)) == (p, Phrase, p.key, {"tiles": "555z"})
    assert JA.in_japanese("plain text a ruleset file wrote") == "plain text a ruleset file wrote"


def test_the_schema_and_the_docs_list_every_key():
    defs = record_schema()["$defs"]
    docs = (ROOT / "docs" / "output.md").read_text(encoding="utf-8")
    for kind in ("fu", "payment", "liability", "note"):
        assert sorted(defs[f"{kind}_key"]["enum"]) == sorted(EN.ENGLISH[kind]), kind
        missing = [key for key in EN.ENGLISH[kind] if f"`{key}`" not in docs]
        assert not missing, f"docs/output.md does not name the {kind} keys {missing}"


def test_the_japanese_words_read_no_english_back():
    """No regular expression in the Japanese words: they render keys."""
    tree = ast.parse((ROOT / "mjscore/report/words_ja.py").read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "re" not in imported


# -- the records: a key beside every piece of English -----------------------------------------


def _record(line: str, rules: str = "riichi") -> dict:
    rec = mjscore.score(line, rules=rules).to_dict()
    assert rec["ok"], rec["error"]
    return rec


def test_a_record_carries_the_key_of_every_fu_item_payment_and_note():
    rec = _record("234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s ura:2s honba:1")
    assert [(i["key"], i["reason"], i["fu"]) for i in rec["fu_items"]] == [
        ("base", "base", 20),
        ("open_hand_raised", "open hand of 20 fu raised", 10),
    ]
    assert [(p["reason"], p["key"], p["label"]) for p in rec["payments"]] == [
        ("ron", "ron", "ron"),
        ("honba", "honba", "honba ×1"),
    ]
    assert rec["note_keys"] == ["ura_without_riichi", "unknown_discarder"]
    assert len(rec["notes"]) == 2


def test_a_liability_record_carries_its_key():
    # E (left of S) fed the third dragon, N dealt in: half each (docs/rules/riichi.md, pao)
    rec = _record("111m9p pon:777z= pon:666z+ pon:555z- ron:9p= round:E seat:S")
    assert rec["liability"]["key"] == "ron_half"
    assert [(p["key"], p["amount"]) for p in rec["payments"]] == [
        ("liability_half", 16000),
        ("ron", 16000),
    ]


def test_european_payments_and_player_notes_carry_keys():
    rec = _record(
        "111z234s55z66z kan:8888p ron:6z round:S breach:S seat:E rules:european", "european"
    )
    assert {p["key"] for p in rec["payments"]} <= {"mahjong", "mahjong_east"}
    for player in rec["players"].values():
        assert len(player["note_keys"]) == len(player["notes"])


# -- the Japanese report renders the keys -----------------------------------------------------


def _report_ja(line: str, capsys) -> str:
    code, out, err = run("--lang", "ja", "--no-tiles", "score", *line.split(), capsys=capsys)
    assert code == 0, err
    return out


def test_the_japanese_report_of_a_drawn_round_is_japanese(capsys):
    """Tenhou's words: 流局 (an exhaustive draw) with who was ready (聴牌), and the noten
    payment ノーテン罰符; E ready alone takes 1,000 from each of the three (3,000 in all)."""
    out = _report_ja("draw:exhaustive tenpai:E round:E", capsys)
    assert "流局；聴牌 東" in out
    assert out.count("ノーテン罰符") == 3
    assert "drawn round" not in out and "noten" not in out


def test_the_japanese_report_says_the_liability_from_its_key(capsys):
    out = _report_ja("111m9p pon:777z= pon:666z+ pon:555z- ron:9p= round:E seat:S", capsys)
    flat = "".join(out.split())
    assert (
        "東が3つ目の三元牌を鳴かせた（pon:555z-、上家から）：東が大三元の半分、北が残りの半分を払う"
        in flat
    )
    assert "包（半分）" in out


def test_the_record_keeps_the_english_words():
    """The key is added beside the words; the words themselves are as they were."""
    rec = _record("111m9p pon:777z= pon:666z+ pon:555z- ron:9p= round:E seat:S")
    assert rec["liability"]["rule"] == (
        "E fed the third dragon (pon:555z- from E, left): E pays half of the daisangen, "
        "N pays the other half"
    )
