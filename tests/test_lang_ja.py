"""Issue 25: the report and the listings in Japanese (`--lang ja`).

The call line is checked against Tenhou's own result text on every win of the
tenhou.net/6 records in tests/data/logs/tenhou6/ (`30符4飜7700点`, `満貫2000-4000点`,
`2000点∀`), and so are the yaku names with their han (`立直(1飜)`); the choice of
language (flag anywhere, config, locale), the machine formats that never change with
it and the English error messages are checked here too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from mjscore.report.lang import lang_from_locale
from tests.cli_helpers import run

LOGS = Path(__file__).parent / "data" / "logs" / "tenhou6"
HAND = ["234m406p22s56s", "chi:678s", "ron:4s=", "round:E", "seat:S", "dora:1s"]


@pytest.fixture(autouse=True)
def _own_settings(monkeypatch):
    """Each run sets the language and the display settings; they are put back after."""
    from mjscore.report.settings import settings

    for key, value in list(settings.items()):
        monkeypatch.setitem(settings, key, value)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "MJSCORE_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "80")


def _tenhou_wins() -> list[list[str]]:
    """Every win's result text in the records, in file order: the call, then the yaku."""
    wins = []
    for path in sorted(LOGS.glob("*.json")):
        for text in path.read_text("utf-8").splitlines():
            if not text.strip():
                continue
            for deal in json.loads(text)["log"]:
                result = deal[-1]
                if result[0] == "和了":
                    wins += [entry[3:] for entry in result[2::2]]
    return wins


def _imported(capsys) -> list[str]:
    code, out, err = run("import", "-q", *map(str, sorted(LOGS.glob("*.json"))), capsys=capsys)
    assert code == 0, err
    return [
        line
        for line in out.splitlines()  # the wins: not the game lines, not the draws
        if not line.startswith("#") and not line.startswith("draw:")
    ]


def _ja(capsys, *tokens: str) -> str:
    code, out, err = run("--no-tiles", "score", "--lang", "ja", *tokens, capsys=capsys)
    assert code == 0, err
    return out


def _call(report: str) -> str:
    """The total line's first piece: what the Japanese report says aloud."""
    return report.split("─")[-1].split()[0]


def _yaku_rows(report: str) -> list[list[str]]:
    """The cells of each line above the rule, split at two blanks or more."""
    return [re.split(r"\s{2,}", line.strip()) for line in report.split("─")[0].splitlines()]


def test_the_call_line_is_tenhous_own_text_on_every_win_of_the_records(capsys):
    wins = _tenhou_wins()
    lines = _imported(capsys)
    assert len(wins) == len(lines) == 52
    calls = {
        _call(_ja(capsys, *line.split("#")[0].split())): said[0]
        for line, said in zip(lines, wins, strict=True)
    }
    wrong = {ours: theirs for ours, theirs in calls.items() if ours != theirs}
    assert not wrong
    said = " ".join(w[0] for w in wins)  # the records hold every shape of the call
    for shape in ("符", "満貫", "跳満", "-", "∀"):
        assert shape in said


def test_the_yaku_and_their_han_are_tenhous_on_every_win(capsys):
    total = agreed = 0
    for line, said in zip(_imported(capsys), _tenhou_wins(), strict=True):
        rows = _yaku_rows(_ja(capsys, *line.split("#")[0].split()))
        for yaku in said[1:]:
            name, han = re.fullmatch(r"(.*)\((.*)\)", yaku).groups()
            total += 1
            agreed += any(row[:2] == [name, han] for row in rows)
    assert total == 146 and agreed == total


def test_honba_and_deposits_are_not_in_tenhous_number(capsys):
    """E2-1 of the first record: 1 honba and 2 deposits; Tenhou says 2900, the net 5,200."""
    out = _ja(
        capsys,
        "34m11406p",
        "pon:555z=",
        "pon:777s-",
        "ron:2m+",
        "round:E",
        "seat:E",
        "dora:9m",
        "honba:1",
        "sticks:2",
    )
    assert _call(out) == "30符2飜2900点"
    assert "東 +5200" in out and "1本場" in out


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("111m9p pon:777z= pon:666z+ pon:555z- ron:9p=", "役満32000点"),
        ("1112345678999p tsumo:9p riichi seat:E", "役満16000点∀"),
        ("1112223334445z tsumo:5z seat:S", "トリプル役満24000-48000点"),  # Mahjong Soul's word
        ("234m567p22s345s67s tsumo:8s riichi dora:1m,4p,1s", "倍満4000-8000点"),
        ("234m567p22s345s67s tsumo:8s riichi dora:1m,4p,1s ura:1m,4p,4s seat:E", "三倍満12000点∀"),
        (
            "234m567p22s345s67s tsumo:8s riichi dora:1m,4p,1s,1s ura:1m,4p,1s",
            "役満8000-16000点",
        ),  # counted: Tenhou's 役満 too
        (
            "234m567p22s345s67s tsumo:8s riichi dora:1m,4p,1s,1s ura:1m,4p,1s rules:mahjongsoul",
            "数え役満8000-16000点",
        ),  # Mahjong Soul's word
    ],
)
def test_limits_are_named_as_the_platforms_write_them(capsys, line, said):
    assert _call(_ja(capsys, *line.split())) == said


def test_the_seat_and_round_winds_are_named_with_their_wind(capsys):
    out = _ja(capsys, *["111z234m567p789s2p", "tsumo:2p", "round:S", "seat:E"])
    assert ["自風 東", "1飜"] in [row[:2] for row in _yaku_rows(out)]
    out = _ja(capsys, *["111z234m567p789s2p", "tsumo:2p", "round:S", "seat:E", "rules:mahjongsoul"])
    assert ["役牌:自風牌", "1飜"] in [row[:2] for row in _yaku_rows(out)]


def test_each_ruleset_keeps_its_own_names(capsys):
    arushal = _ja(capsys, *["555z234m567p789s2p", "ron:2p", "rules:arushal"])
    assert "翻牌 白" in arushal and "アルシァル麻雀" in arushal
    mcr = _ja(
        capsys,
        "34s",
        "55z",
        "chi:123m",
        "chi:567p",
        "pon:888s",
        "ron:2s-",
        "seat:S",
        "round:E",
        "rules:mcr",
    )
    assert "番" in mcr and "Fully Concealed" not in mcr


def test_lang_goes_before_or_after_the_command(capsys):
    for args in (
        ["--lang", "ja", "score", *HAND],
        ["score", *HAND, "--lang", "ja"],
        ["score", *HAND, "--lang=ja"],
    ):
        code, out, err = run("--no-tiles", *args, capsys=capsys)
        assert code == 0, err
        assert "30符4飜7700点" in out


def test_a_bad_lang_is_a_usage_error_in_english(capsys):
    code, out, err = run("score", *HAND, "--lang", "fr", capsys=capsys)
    assert code == 2 and "--lang takes en or ja, not 'fr'" in err


def test_the_locale_picks_japanese_and_the_flag_wins(capsys, monkeypatch):
    assert lang_from_locale({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert lang_from_locale({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}) == "en"
    assert lang_from_locale({"LC_MESSAGES": "ja", "LANG": "en_US"}) == "ja"
    assert lang_from_locale({}) == "en" and lang_from_locale({"LANG": "fr_FR"}) == "en"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, _ = run("--no-tiles", "score", *HAND, capsys=capsys)
    assert "30符4飜7700点" in out
    code, out, _ = run("--no-tiles", "score", *HAND, "--lang", "en", capsys=capsys)
    assert "ron 7,700" in out and "飜" not in out


def test_the_config_file_names_the_language(capsys, tmp_path, monkeypatch):
    config = tmp_path / "club.toml"
    config.write_text('lang = "ja"\n', "utf-8")
    code, out, _ = run("--no-tiles", "score", *HAND, "--config", str(config), capsys=capsys)
    assert "30符4飜7700点" in out
    code, out, _ = run(
        "--no-tiles", "score", *HAND, "--config", str(config), "--lang", "en", capsys=capsys
    )
    assert "ron 7,700" in out
    config.write_text('lang = "de"\n', "utf-8")
    code, _, err = run("score", *HAND, "--config", str(config), capsys=capsys)
    assert code == 2 and "lang must be one of en, ja, not 'de'" in err
    monkeypatch.setenv("MJSCORE_CONFIG", str(config.with_name("ja.toml")))
    config.with_name("ja.toml").write_text('lang = "ja"\n', "utf-8")
    code, out, _ = run("--no-tiles", "score", *HAND, capsys=capsys)
    assert code == 0 and "30符4飜7700点" in out


@pytest.mark.parametrize("fmt", ["json", "jsonl", "tsv"])
def test_machine_formats_never_change_with_the_language(capsys, fmt):
    lines = "\n".join(_imported(capsys)[:8]) + "\nnot a hand\n"
    outputs = []
    for lang in ("en", "ja"):
        code, out, err = run(
            "score", "--file", "-", "-F", fmt, "--lang", lang, "-q", capsys=capsys, stdin=lines
        )
        outputs.append((code, out, err))
    assert outputs[0] == outputs[1]


def test_error_messages_stay_english(capsys):
    code, out, err = run("score", "234m406p22s", "pon:55p", "ron:4s", "--lang", "ja", capsys=capsys)
    assert code == 1 and "is not a pon" in err
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", err)


def test_long_japanese_sentences_wrap_between_characters(capsys, monkeypatch):
    """A note in Japanese has no blanks to break at: it breaks between characters, never
    inside a tile group or a number."""
    monkeypatch.setenv("COLUMNS", "40")
    out = _ja(capsys, *["234m406p22s56s", "chi:678s", "ron:4s"])
    for line in out.splitlines():
        assert cell_len(line) <= 40, line
    flat = "".join(out.split("注")[-1].split())
    assert flat.startswith("放銃者が書かれていない（ron:<牌>に-=+を付ける）")


# -- snapshots: every ruleset's Japanese report at 40, 60, 80 and 120 columns ----------------

JA_HANDS = [
    # riichi: Tenhou's first record's E1 (deposit), a tsumo with honba, liability, a note
    "78m11z pon:333z- pon:222z- chi:345m ron:6m+ round:E seat:S dora:6m sticks:1",
    "234m24p11144z chi:123m tsumo:3p round:E seat:S dora:2p honba:2",
    "111m9p pon:777z= pon:666z+ pon:555z- ron:9p- honba:1",
    "234m406p22s56s chi:678s ron:4s ura:1m",
    "12335p44455789s tsumo:4p round:E seat:W dora:3s ura:7z sticks:1 riichi rules:tenhou",
    "111z234m567p789s2p tsumo:2p round:S seat:E rules:mahjongsoul",
    "1112345678999p tsumo:9p riichi ippatsu round:S seat:W dora:3p rules:mleague",
    "22m345678p33345s ron:2m= riichi dora:1s rules:wrc",
    "234m567p22s345s67s tsumo:8s riichi dora:1m,4p,1s rules:ema",
    "123m456p789s1234z tsumo:5z nagashi dora:4z riichi rules:webtile",
    "123m456p77p789s13s tsumo:2s rules:webtile",
    "234m9p pon:555z- pon:666z- pon:777z+ ron:9p= rules:arushal",
    "123m567p345s67s99s ron:8s= seat:E rules:arushal",
    "123m567p345s67s99s ron:8s= dora:7s rules:kansai-boo opt:closed_bonus=on",
    "13m777m55s pon:111p pon:333z ron:2m- seat:W round:E breach:S rules:european "
    "/ E: pon:777z 222p / S: pon:222z 999s flowers:1f2g / N: 444m",
    "34s 55z chi:123m chi:567p pon:888s ron:2s- seat:S round:E flowers:1f2g rules:mcr",
    "147m258p369s 1234z tsumo:7z seat:S round:E rules:mcr",
    # three players: kita counted again for a North indicator, tsumo loss; a ron from the left
    "111m999m234p567s9s tsumo:9s seat:S round:E dora:3z kita:2 riichi ura:9p rules:sanma",
    "123p456s777z1p pon:999s+ ron:1p- seat:W kita:1 rules:mahjongsoul-sanma",
]
JA_WIDTHS = (40, 60, 80, 120)


def _ja_report(capsys, monkeypatch, width: int) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run(
        "--no-tiles",
        "--lang",
        "ja",
        "score",
        "--file",
        "-",
        "-q",
        capsys=capsys,
        stdin="\n".join(JA_HANDS) + "\n",
    )
    assert code == 0, err
    return out


@pytest.mark.parametrize("width", JA_WIDTHS)
def test_the_japanese_report_of_every_ruleset_keeps_every_number_whole(capsys, monkeypatch, width):
    import mjscore
    from tests.test_report import check_snapshot

    out = _ja_report(capsys, monkeypatch, width)
    check_snapshot(f"report-ja-{width}.txt", out)
    assert "…" not in out
    for line in out.splitlines():
        assert cell_len(line) <= width, line
    tokens = set(re.findall(r"[+-]?\d+", out))
    rules = {
        line.split("rules:")[1].split()[0] if "rules:" in line else "riichi" for line in JA_HANDS
    }
    assert rules == set(mjscore.ruleset_names())  # every ruleset has its hand here
    for line in JA_HANDS:
        result = mjscore.score(line)  # the report's own numbers: those of the record
        assert result.ok, (line, result.error)
        amounts = [p.amount for p in result.payments] + [result.value]
        for n in amounts:
            assert str(n) in tokens, (width, line, n)
        for n in result.net.values():
            assert (f"{n:+}" if n else "0") in tokens, (width, line, n)


DRAW_LINES = [
    "draw:exhaustive round:E tenpai:E,S honba:1",
    "draw:nagashi nagashi:W tenpai:W,N round:S honba:2",
]


def _first_seat_cell(line: str) -> int:
    """The cell where the line's first seat (東 南 西 北) or 放銃者 begins."""
    at = min(i for i, ch in enumerate(line) if ch in "東南西北放")
    return cell_len(line[:at])


@pytest.mark.parametrize("width", JA_WIDTHS)
def test_the_net_row_lines_up_with_the_payments(capsys, monkeypatch, width):
    """Issue 36: 収支's seats begin in the cell where 支払い's payers do (支払い is six cells
    wide, 収支 four), at every width, as `net` lines up with `payments` in English."""
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run(
        "--no-tiles",
        "--lang",
        "ja",
        "score",
        "--file",
        "-",
        "-q",
        capsys=capsys,
        stdin="\n".join(JA_HANDS + DRAW_LINES) + "\n",
    )
    assert code == 0, err
    lines = out.splitlines()
    pairs = 0
    for k, line in enumerate(lines):
        if line.startswith("収支"):
            paid = [x for x in lines[:k] if x.startswith("支払い")][-1]
            if paid.strip() == "支払い":  # too narrow: the payments under their label
                continue
            assert _first_seat_cell(line) == _first_seat_cell(paid), (paid, line)
            pairs += 1
    assert pairs >= 10


def test_the_japanese_report_says_no_english_word_of_its_own(capsys, monkeypatch):
    """What the report writes itself is Japanese: the English left is the input's own (mpsz,
    the option names of a note) and the European special hands' French and German names."""
    out = _ja_report(capsys, monkeypatch, 80)
    for word in (
        "yaku",
        "han",
        "payments",
        "net",
        "liability",
        "note",
        "reading",
        "from",
        "ron",
        "tsumo",
        "pon",
        "chi",
        "indicator",
        "honba",
        "deposits",
        "round",
        "seat",
        "points",
        "doubles",
        "players",
        "settlement",
        "fan",
    ):
        assert not re.search(rf"(?<![\w:.]){word}(?![\w:=.])", out), word


# -- the listings in Japanese: every width, every key and number whole ------------------------


@pytest.mark.parametrize("width", JA_WIDTHS)
def test_the_japanese_listings_fit_with_every_key_whole(capsys, monkeypatch, width):
    from mjscore.engine.catalog import load_ruleset
    from mjscore.rulesets import ruleset_names

    monkeypatch.setenv("COLUMNS", str(width))

    def listing(*args: str) -> str:
        code, out, err = run("--lang", "ja", *args, capsys=capsys)
        assert code == 0, err
        for line in out.splitlines():
            assert cell_len(line) <= width, (args, line)
        assert "…" not in out
        return out

    words = set(listing("rules").split())
    for name in ruleset_names():
        ruleset = load_ruleset(name)
        for option in ruleset.options:
            assert option in words, (width, option)
        text = listing("yaku", "--rules", name)
        if ruleset.scoring == "han_fu":
            assert set(ruleset.yaku) <= set(text.split()), (width, name)
            assert "飜" in text
        table = listing("table", "--rules", name)
        assert ("符" in table) == (ruleset.scoring == "han_fu")
    table = listing("table")
    assert "1000" in table and "300-500" in table and "8000-16000" in table
    assert "1300∀" in listing("table", "--dealer")
    code, notation, _ = run("--lang", "ja", "notation", capsys=capsys)  # a fixed text, as
    assert code == 0 and "記法" in notation  # the English one: not fitted to the width
    waits = listing("--no-tiles", "waits", "234m406p22s56s", "chi:678s")
    for said in ("30符2飜2000点", "30符2飜500-1000点", "断幺九", "赤ドラ"):
        assert said in waits


def test_the_english_listings_are_unchanged_by_the_choice(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for args in (["rules"], ["yaku"], ["table"], ["notation"]):
        code, default, _ = run(*args, capsys=capsys)
        code, english, _ = run("--lang", "en", *args, capsys=capsys)
        assert default == english and "飜" not in english and "符" not in english, args


@pytest.mark.parametrize("dealer", [False, True])
def test_the_japanese_three_player_table_says_who_pays_a_tsumo(capsys, dealer):
    # as the English table: at three, two pay a tsumo and nobody pays North's share (ツモ損)
    args = ["table", "--rules", "sanma", "--lang", "ja"] + (["--dealer"] if dealer else [])
    code, out, err = run(*args, capsys=capsys)
    assert code == 0, err
    flat = "".join(out.split())
    assert ("子の二人がNずつ払う" if dealer else "もう一人の子がa、親がbを払う") in flat
    assert "ツモ損" in flat and "子の三人" not in flat


# -- a drawn-round line's report (issue 36) ---------------------------------------------------

# Each kind of draw and what the report says first, in English and as Tenhou's result screen
# says it (tenhou.net/6's result words: 流局, 流し満貫, 九種九牌, 四家立直, 三家和了,
# 四槓散了, 四風連打; 途中流局 for an abortive draw).
DRAWS = [
    ("draw:exhaustive round:E tenpai:E,S", "exhaustive draw", "流局"),
    ("draw:exhaustive round:E tenpai:none", "exhaustive draw", "流局"),
    ("draw:nagashi nagashi:W tenpai:W,N round:S", "nagashi mangan: W", "流し満貫 西"),
    (
        "draw:nine-terminals round:E",
        "abortive draw: nine terminals (九種九牌)",
        "途中流局 九種九牌",
    ),
    (
        "draw:four-riichi round:E sticks:4 riichi-by:E,S,W,N",
        "abortive draw: four riichi (四家立直)",
        "途中流局 四家立直",
    ),
    ("draw:triple-ron round:E", "abortive draw: triple ron (三家和了)", "途中流局 三家和了"),
    ("draw:four-kans round:E", "abortive draw: four kans (四槓散了)", "途中流局 四槓散了"),
    ("draw:four-winds round:E", "abortive draw: four winds (四風連打)", "途中流局 四風連打"),
]


@pytest.mark.parametrize("width", JA_WIDTHS)
@pytest.mark.parametrize("line, english, japanese", DRAWS, ids=[d[0].split()[0] for d in DRAWS])
def test_a_drawn_round_line_says_first_which_draw_it_was(
    capsys, monkeypatch, line, english, japanese, width
):
    monkeypatch.setenv("COLUMNS", str(width))
    for lang, headline in (("en", english), ("ja", japanese)):
        code, out, err = run("--lang", lang, "score", *line.split(), capsys=capsys)
        assert code == 0, err
        assert out.splitlines()[1] == headline, (lang, out)


def test_a_drawn_round_s_payments_and_note_are_japanese(capsys):
    """The noten payments are ノーテン罰符 and the note says 流局 and 聴牌 (Tenhou's words),
    with no English word of the report's own."""
    out = _ja(capsys, *["draw:exhaustive", "round:E", "tenpai:E", "honba:1"])
    assert out.splitlines()[1] == "流局"
    # 3,000 noten payments: S, W and N pay 1,000 each to E, the one ready (Tenhou's rule)
    assert re.findall(r"[南西北] → 東  1000  ノーテン罰符", out) and out.count("ノーテン罰符") == 3
    assert "注 流局；聴牌 東" in out
    assert not re.search(r"noten|draw|ready|nobody|payments|net|note", out)


# -- kinsoku: what never begins a line (issue 36) ---------------------------------------------

NO_LINE_START = "、。，．）」』】：；！？"


@pytest.mark.parametrize("width", [40, 50, 60, 80])
@pytest.mark.parametrize(
    "command",
    [
        ["rules"],
        ["rules", "kansai-boo"],
        ["yaku"],
        ["waits", "123m456p789s1122z"],
        ["waits", "1m234p567s789s", "pon:111m"],
        ["score", *HAND],
    ],
    ids=lambda c: " ".join(c[:2]),
)
def test_no_japanese_line_begins_with_a_comma_a_stop_or_a_closing_bracket(
    capsys, monkeypatch, command, width
):
    """JIS X 4051's line-start rule (行頭禁則): a line never begins with 、 。 or a closing
    bracket; the text wraps before the character that comes ahead of it instead."""
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run("--no-tiles", "--lang", "ja", *command, capsys=capsys)
    assert code == 0, err
    for line in out.splitlines():
        assert not line.strip() or line.lstrip()[0] not in NO_LINE_START, (width, line)
        assert cell_len(line) <= width, (width, line)


def test_wrapping_moves_the_word_before_a_comma_to_the_next_line():
    from rich.text import Text

    from mjscore.report.layout import wrap_words

    # 10 cells: 聴牌だが和 (10) would leave 、 to start the next line; 和了 goes with it
    lines = [t.plain for t in wrap_words(Text("聴牌だが和了、点にならない"), 10)]
    assert all(not line.startswith("、") for line in lines) and "".join(lines) == (
        "聴牌だが和了、点にならない"
    )
    assert all(cell_len(line) <= 10 for line in lines)
