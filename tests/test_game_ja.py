"""Issue 25: `mjscore game --lang ja`, the ledger in the words of Tenhou's and Mahjong
Soul's score screens (東1局 0本場, ロン (放銃 P3), 流局 (聴牌 P1 P3), 途中流局 九種九牌,
供託 1本, 順位 1位, 持ち点, 素点 / ウマ / オカ, 結果).

The games are real records through `mjscore import`: a four-player Tenhou game and a
three-player one; the draw words are checked against the tenhou.net/6 names the record
reader maps (records/draws.py), and the result's parts against the record's owari.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjscore.ledger import games as ledger_games
from mjscore.report.game import cells
from tests.cli_helpers import run

LOGS = Path(__file__).parent / "data" / "logs"
GAME = LOGS / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw_2.mjlog"
SANMA = LOGS / "sanma" / "dnovikoff__sanma2.mjlog"
WIDTHS = (40, 60, 80, 120)


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch):
    """Each run sets the language; the settings are put back after."""
    from mjscore.report.settings import settings

    for key, value in list(settings.items()):
        monkeypatch.setitem(settings, key, value)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "MJSCORE_CONFIG", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "80")


def _imported(capsys, path: Path) -> str:
    code, out, err = run("import", "-q", str(path), capsys=capsys)
    assert code == 0, err
    return out


def _both(capsys) -> str:
    return _imported(capsys, GAME) + _imported(capsys, SANMA)


def _game(capsys, *args: str, stdin: str) -> str:
    code, out, err = run(*args, capsys=capsys, stdin=stdin)
    assert code == 0, err
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_the_japanese_ledger_keeps_every_number_and_name_whole(capsys, monkeypatch, width):
    from tests.test_report import check_snapshot

    lines = _both(capsys)
    monkeypatch.setenv("COLUMNS", str(width))
    out = _game(capsys, "game", "-", "--lang", "ja", stdin=lines)
    check_snapshot(f"game-ja-{width}.txt", out)
    for line in out.splitlines():
        assert cells(line) <= width, line
    tokens = set(re.findall(r"[+-]?[0-9]+(?:\.[0-9])?", out))
    games = list(ledger_games(lines.splitlines()))
    assert len(games) == 2 and [len(g.players) for g in games] == [4, 3]
    for g in games:
        for name in g.players:
            assert name in out
        for r in g.rounds:  # every change and running total, without thousands commas
            for n in r.changes:
                assert (f"{n:+}" if n else "0") in tokens, (width, r)
            for n in r.scores:
                assert str(n) in tokens, (width, r)
        for n, x in zip(g.final, g.result, strict=True):
            assert str(n) in tokens and f"{x:+.1f}" in tokens
    assert "," not in out.replace("、", "")  # no English thousands comma
    for said in (
        "東1局 0本場",
        "南2局 0本場",
        "P1 ロン 30符4飜 7700 (放銃 P3)",
        "P4 ロン (放銃 P3) 40符3飜 5200",
        "積み棒 +600",
        "不聴罰符 +3000",
        "点数の推移",
        "P2 ツモ",
        "流局 (聴牌 P2 P3)",
        "供託 1本",
        "開始 35000点",
        "1位",
        "持ち点",
        "素点",
        "ウマ",
        "オカ",
        "結果",
        "終了: 飛び",
    ):  # a long round's words wrap at 40 and 60 columns: read as one text
        assert said in " ".join(out.split()), (width, said)


def test_the_result_parts_add_up_as_tenhou_counts_them(capsys, monkeypatch):
    """Tenhou's owari of the game: P3 on -24,200 is -24 thousand, 30 returned: 素点 -54,
    uma -20: -74.0; the first takes the oka 20 (5,000 from each of four)."""
    monkeypatch.setenv("COLUMNS", "120")
    out = _game(capsys, "--lang", "ja", "game", "-", stdin=_imported(capsys, GAME))
    rows = {
        line.split()[0]: line.split() for line in out.splitlines() if re.match(r"[1-4]位 ", line)
    }
    # each player by number and name (＼(＾o＾)／★ is P4)
    assert rows["1位"] == ["1位", "P4", "＼(＾o＾)／★", "66000", "+36.0", "+20.0", "+20.0", "+76.0"]
    assert rows["4位"] == ["4位", "P3", "ASAPIN", "-24200", "-54.0", "-20.0", "-74.0"]
    for row in rows.values():  # 素点 + ウマ (+ オカ) = 結果
        parts = [float(x) for x in row[4:-1]]
        assert round(sum(parts), 1) == float(row[-1])


def test_every_kind_of_draw_is_named_as_tenhou_names_it(capsys):
    from mjscore.records.draws import TENHOU6_DRAWS
    from mjscore.report.words_ja import DRAW_KINDS

    ours = {kind: word for kind, word in DRAW_KINDS.items()}
    theirs = {kind: word for word, kind in TENHOU6_DRAWS.items() if kind != "exhaustive"}
    assert {k: v for k, v in ours.items() if k != "exhaustive"} == theirs
    assert ours["exhaustive"] == "流局" and TENHOU6_DRAWS["流局"] == "exhaustive"
    lines = [
        "draw:nine-terminals round:E",
        "draw:four-riichi round:E honba:1 sticks:4 riichi-by:E,S,W,N",
        "draw:triple-ron round:E honba:2 sticks:4",
        "draw:four-kans round:E honba:3 sticks:4",
        "draw:four-winds round:E honba:4 sticks:4",
        "draw:nagashi nagashi:E tenpai:E,S round:E honba:5 sticks:4",
        "draw:exhaustive tenpai:none round:E honba:6 sticks:4",
        "draw:exhaustive tenpai:E,S,W,N round:E honba:7 sticks:4",
    ]
    out = _game(capsys, "--lang", "ja", "game", "-", stdin="\n".join(lines) + "\n")
    for said in (
        "東1局 0本場  途中流局 九種九牌",
        "途中流局 四家立直 · 立直 P1 P2 P3 P4 · 供託 4本",
        "途中流局 三家和了",
        "途中流局 四槓散了",
        "途中流局 四風連打",
        "流し満貫 P1 (聴牌 P1 P2)",
        "流局 (全員不聴)",
        "流局 (全員聴牌)",
        "東2局 7本場",
    ):  # nobody ready: the deal passes, the honba stay
        assert said in out, said
    assert "記録は東2局 7本場まで" in out  # where the record stops


def test_a_table_without_honba_heads_its_rounds_without_them(capsys):
    line = "123m456p789s1122z ron:1z- round:E seat:S"
    out = _game(
        capsys,
        "--lang",
        "ja",
        "game",
        "--rules",
        "mcr",
        "-",
        stdin=f"{line}\n{line.replace('seat:S', 'seat:W')}\n",
    )
    assert "東1局  P2 ロン (放銃 P1)" in out and "本場" not in out


@pytest.mark.parametrize(
    "args",
    [("--lang", "ja", "game", "-"), ("game", "-", "--lang", "ja"), ("game", "--lang=ja", "-")],
)
def test_lang_goes_before_or_after_the_command(capsys, args):
    assert "東1局 0本場" in _game(capsys, *args, stdin=_imported(capsys, SANMA))


def test_the_locale_and_the_config_choose_japanese_and_the_flag_wins(capsys, monkeypatch, tmp_path):
    lines = _imported(capsys, SANMA)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert "東1局" in _game(capsys, "game", "-", stdin=lines)
    assert "E1-0" in _game(capsys, "game", "-", "--lang", "en", stdin=lines)
    monkeypatch.delenv("LANG")
    config = tmp_path / "c.toml"
    config.write_text('lang = "ja"\n', "utf-8")
    monkeypatch.setenv("MJSCORE_CONFIG", str(config))
    assert "東1局" in _game(capsys, "game", "-", stdin=lines)
    assert "E1-0" in _game(capsys, "--lang", "en", "game", "-", stdin=lines)


@pytest.mark.parametrize("fmt", ["json", "jsonl", "tsv"])
def test_machine_formats_never_change_with_the_language(capsys, fmt):
    lines = _both(capsys)
    outputs = [
        run("game", "-", "-F", fmt, "--lang", lang, capsys=capsys, stdin=lines)
        for lang in ("en", "ja")
    ]
    assert outputs[0] == outputs[1] and outputs[0][0] == 0


def test_error_messages_stay_english(capsys):
    code, out, err = run(
        "--lang", "ja", "game", "-", capsys=capsys, stdin="draw:exhaustive round:S\n"
    )
    assert code == 1 and "round:S but the game stands at E1-0" in err
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", err)
    assert "error: line 1: column" in out  # the report's error line: English too
    code, _, err = run("--lang", "ja", "game", "-", "--uma", "x", capsys=capsys, stdin="")
    assert code == 2 and "--uma takes" in err


def test_the_english_report_is_unchanged(capsys):
    lines = _imported(capsys, GAME)
    out = _game(capsys, "game", "-", stdin=lines)
    assert out == _game(capsys, "--lang", "en", "game", "-", stdin=lines)
    assert "66,000" in out and "本場" not in out and "素点" not in out


def test_the_docs_example_is_the_report_itself():
    readme = (Path(__file__).parent.parent / "docs" / "games.md").read_text("utf-8")
    snapshot = (Path(__file__).parent / "snapshots" / "game-ja-120.txt").read_text("utf-8")
    block = readme.split("(`tests/snapshots/game-ja-*.txt`):")[1].split("```")[1]
    shown = [line for line in block.splitlines() if line.strip()]
    assert len(shown) >= 5 and all(line in snapshot.splitlines() for line in shown)
