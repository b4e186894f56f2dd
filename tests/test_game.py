"""`mjscore game` and `mjscore.game`: a whole game's ledger (issue 24).

The expected figures are worked out by hand in each test (Tenhou's rules: noten
payments of 3,000 shared, 1,000 a riichi stick, 300 a honba on ron, the dealer
repeats on a win or when ready at a draw), or come from a real record's `sc`/`owari`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mjscore
from mjscore.core.drawn import parse_drawn
from mjscore.ledger import header_line, read_header
from mjscore.report.game import cells
from tests.cli_helpers import run

LOGS = Path(__file__).parent / "data" / "logs"
GAME = LOGS / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw_2.mjlog"
RECORDS = sorted(p for p in (LOGS / "mjlog").glob("*.mjlog") if ".gz." not in p.name) + sorted(
    (LOGS / "tenhou6").glob("*.json")
)


def _changes(*lines: str, **settings):
    g = mjscore.game(list(lines), settings=settings or None)
    assert g.ok, g.problems
    return g


# -- drawn rounds ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "changes"),
    [
        ("none", (0, 0, 0, 0)),  # nobody ready: nobody pays
        ("E", (3000, -1000, -1000, -1000)),  # one ready: 1,000 from each noten
        ("E,S", (1500, 1500, -1500, -1500)),  # two: each noten pays 1,500, split
        ("E,S,W", (1000, 1000, 1000, -3000)),  # three: the noten player pays 3,000
        ("E,S,W,N", (0, 0, 0, 0)),  # all ready: nobody pays
    ],
)
def test_noten_payments_by_the_number_of_ready_players(tenpai, changes):
    g = _changes(f"draw:exhaustive tenpai:{tenpai} round:E")
    assert g.rounds[0].changes == changes
    assert g.rounds[0].scores == tuple(25000 + c for c in changes)


def test_score_reads_a_drawn_round_line_and_reports_its_payments(capsys):
    code, out, _ = run(
        "score", "-F", "jsonl", "draw:exhaustive", "tenpai:S", "round:E", capsys=capsys
    )
    rec = json.loads(out)
    assert code == 0 and rec["ok"] and rec["winner"] is None
    assert rec["net"] == {"E": -1000, "S": 3000, "W": -1000, "N": -1000}
    assert {p["reason"] for p in rec["payments"]} == {"noten"}
    assert "drawn round: exhaustive draw" in rec["notes"][0]


def test_a_bad_drawn_round_line_names_the_token_and_column(capsys):
    code, out, err = run("score", "draw:boom", "round:E", capsys=capsys)
    assert code == 1 and "column 1" in out + err and "'draw:boom'" in out + err
    with pytest.raises(mjscore.base.errors.NotationError, match="nagashi:SEAT"):
        parse_drawn("draw:nagashi round:E")


def test_nagashi_mangan_pays_a_mangan_tsumo_in_place_of_noten_payments():
    # a non-dealer's nagashi: 4,000 from the dealer, 2,000 from each other; W ready too
    g = _changes("draw:nagashi tenpai:W nagashi:S round:E")
    assert g.rounds[0].changes == (-4000, 8000, -2000, -2000)
    assert g.rounds[0].result == "nagashi"


def test_deposits_carry_over_two_draws_and_the_dealer_repeats_on_a_ready_draw():
    g = _changes(
        # E1-0: East ready and riichi: 3,000 in, 1,000 on the table; East deals again
        "draw:exhaustive tenpai:E round:E sticks:1 riichi-by:E",
        # E1-1: South riichi and alone ready: East is noten, the deal passes (honba 2)
        "draw:exhaustive tenpai:S round:E honba:1 sticks:2 riichi-by:S",
        # E2-2: West wins by ron off South (its left): East the round wind, 40 fu 1 han
        # 1,300 + 600 honba + the 2,000 on the table
        "123m456p789s1122z ron:1z- round:E seat:W honba:2 sticks:2",
    )
    assert [(r.round, r.honba, r.sticks) for r in g.rounds] == [
        ("E1", 0, 1),
        ("E1", 1, 2),
        ("E2", 2, 0),
    ]
    assert g.rounds[0].changes == (3000 - 1000, -1000, -1000, -1000)
    assert g.rounds[1].changes == (-1000, 3000 - 1000, -1000, -1000)
    # E2: player 1 deals, so West is player 3 and South (the discarder) player 2
    ron = g.rounds[2]
    assert ron.winners == (3,) and ron.losers == (2,)
    assert ron.changes == (0, 0, -1900, 3900)
    assert ron.scores == (
        25000 + 2000 - 1000,
        25000 - 1000 + 2000,
        25000 - 2000 - 1900,
        25000 - 2000 + 3900,
    )


def test_a_line_that_does_not_fit_the_table_is_an_error_naming_it():
    g = mjscore.game(
        [
            "draw:exhaustive tenpai:E round:E sticks:1 riichi-by:E",
            "draw:exhaustive tenpai:E round:E honba:1 sticks:0",
        ]
    )  # the stick is written, and forgotten: a written token is held to the table
    assert not g.ok
    assert "line 2" in str(g.problems[0]) and "sticks:0 but the table holds 1" in str(g.problems[0])


def test_leftover_deposits_go_to_first_and_ties_break_by_seat_order():
    # the record's last draw leaves 1,000 on the table and two players on 30,300:
    # seat 2 (nearer the first dealer) places first and takes the stick (owari 313)
    g = mjscore.game(_imported(LOGS / "mjlog" / "encdec-nowinner-multi-top.mjlog"))
    assert g.leftover == 1000
    assert g.final == (16300, 22100, 31300, 30300)
    assert g.placement == (4, 3, 1, 2)
    assert g.result == (-34.0, -18.0, 42.0, 10.0)


def test_uma_with_every_player_tied():
    # all on 25,000: seat order places them; Tenhou: (25-30) + uma, first takes the rest
    g = _changes("draw:exhaustive tenpai:none round:E")
    assert g.placement == (1, 2, 3, 4)
    assert g.result == (35.0, 5.0, -15.0, -25.0)
    # WRC shares the uma of tied places: everyone 0
    wrc = mjscore.game(["draw:exhaustive round:E"], rules="wrc")
    assert wrc.result == (0.0, 0.0, 0.0, 0.0)


def test_a_game_ends_below_zero_and_a_later_line_is_an_error():
    win = "123m456p789s1122z ron:1z- round:E seat:S"  # 40 fu 1 han: 1,300 from East
    g = mjscore.game([win, "draw:exhaustive round:E"], settings={"start_points": 500})
    assert g.rounds[0].scores == (-800, 1800, 500, 500)
    assert g.ended and g.end == "a player below zero"
    assert "the game has ended" in str(g.problems[0])


def test_a_record_that_stops_mid_game_is_reported_as_such():
    g = _changes("draw:exhaustive round:E")
    assert not g.ended and "stops after E1-0" in g.end


def test_club_uma_and_points_from_the_command_line(capsys):
    lines = "draw:exhaustive tenpai:E round:E\n"
    code, out, _ = run(
        "game",
        "-F",
        "jsonl",
        "--uma",
        "5-10",
        "--start",
        "30000",
        "--return",
        "30000",
        "-",
        capsys=capsys,
        stdin=lines,
    )
    end = json.loads(out.splitlines()[-1])
    # 33,000 first: +3 + 10; 29,000 x3: -1 + 5, -1 - 5, -1 - 10 (Tenhou's rounding)
    assert code == 0 and end["final"] == [33000, 29000, 29000, 29000]
    assert end["result"] == [13.0, 4.0, -6.0, -11.0]
    code, _, err = run("game", "--uma", "1-2", "-", capsys=capsys, stdin=lines)
    assert code == 2 and "--uma takes" in err


# -- real records ---------------------------------------------------------------------------


def _imported(path: Path) -> list[str]:
    import io

    from mjscore.cli.records import import_command

    out = io.StringIO()
    import_command([str(path)], out=out, err=io.StringIO())
    return out.getvalue().splitlines()


def test_the_issue_example_reproduces_the_record_through_import_and_game(capsys):
    code, out, _ = run(
        "game", "-F", "jsonl", "-", capsys=capsys, stdin="\n".join(_imported(GAME)) + "\n"
    )
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert {
        k: records[0][k]
        for k in ("type", "round", "honba", "sticks", "result", "changes", "scores")
    } == {
        "type": "round",
        "round": "E1",
        "honba": 0,
        "sticks": 0,
        "result": "win",
        "changes": [0, 0, -5200, 5200],
        "scores": [25000, 25000, 19800, 30200],
    }
    end = records[-1]
    assert end["type"] == "game" and end["game"] == "2010091009gm-00a9-0000-83af2648"
    assert end["players"][2] == "ASAPIN"
    assert end["final"] == [26000, 32200, -24200, 66000]
    assert end["placement"] == [3, 2, 4, 1]
    assert end["result"] == [-14.0, 12.0, -74.0, 76.0]


def test_check_reproduces_every_round_and_owari_of_every_record(capsys):
    code, out, _ = run("check", "-q", "-F", "jsonl", *map(str, RECORDS), capsys=capsys)
    summary = json.loads(out.splitlines()[-1])["summary"]["games"]
    games = [json.loads(x)["game"] for x in out.splitlines() if x.startswith('{"game"')]
    assert [g for g in games if g["differences"]] == []
    assert summary["rounds"] == summary["rounds_agree"] >= 470
    assert summary["owari"] == summary["owari_agree"] >= 20
    assert code == 0


def test_score_reads_every_line_import_writes(capsys):
    lines = [x for p in RECORDS for x in _imported(p) if not x.startswith("#")]
    code, out, _ = run(
        "score", "-F", "jsonl", "-f", "-", capsys=capsys, stdin="\n".join(lines) + "\n"
    )
    recs = [json.loads(x) for x in out.splitlines()]
    assert len(recs) == len(lines)
    assert [r["input"] for r in recs if not r["ok"]] == []
    assert sum(r["input"].startswith("draw:") for r in recs) > 50


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_the_report_keeps_every_line_within_the_width(capsys, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, _ = run("game", "-", capsys=capsys, stdin="\n".join(_imported(GAME)) + "\n")
    assert code == 0
    assert max(cells(line) for line in out.splitlines()) <= width
    for number in ("-24,200", "66,000", "+76.0", "-39,700"):
        assert number in out
    assert "＼(＾o＾)／★" in out


@pytest.mark.parametrize("fmt", ["json", "tsv"])
def test_json_and_tsv(capsys, fmt):
    code, out, _ = run(
        "game", "-F", fmt, "-", capsys=capsys, stdin="\n".join(_imported(GAME)) + "\n"
    )
    assert code == 0
    if fmt == "json":
        recs = json.loads(out)
        assert recs[-1]["result"] == [-14.0, 12.0, -74.0, 76.0]
    else:
        rows = [r.split("\t") for r in out.splitlines()]
        assert rows[0][:3] == ["type", "game", "round"]
        assert rows[-1][7] == "26000,32200,-24200,66000"


def test_the_game_line_round_trips_names_with_blanks_and_commas():
    line = header_line("g 1", ["A B", "C,D", "100%", "#x"], length="east")
    assert line.startswith("# game g%201 players:")
    h = read_header(line)
    assert h.game == "g 1" and h.players == ("A B", "C,D", "100%", "#x")
    assert h.length == "east"


def test_riichi_by_names_other_players_and_fits_the_sticks(capsys):
    code, out, err = run(
        "score", "123m456p789s1122z", "ron:1z-", "seat:S", "sticks:1", "riichi-by:S", capsys=capsys
    )
    assert code == 1 and "the winner's own seat S" in out + err
    code, out, err = run(
        "score", "123m456p789s1122z", "ron:1z-", "seat:S", "riichi-by:W", capsys=capsys
    )
    assert code == 1 and "sticks: says 0" in out + err


def test_every_game_record_fits_the_shipped_schema(capsys):
    import jsonschema

    from mjscore.schemas import game_schema

    code, out, _ = run(
        "game", "-F", "jsonl", "-", capsys=capsys, stdin="\n".join(_imported(GAME)) + "\n"
    )
    validator = jsonschema.Draft202012Validator(game_schema())
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(records) == 9
    for rec in records:
        validator.validate(rec)


def test_kansai_boo_ends_with_its_own_result():
    # 640 from East (1 han 40 fu at Boo's table): East sinks below 2,000, South is top:
    # マルＣ, East pays 3 to the top player, who pays the table fee 3 (boo-result's)
    g = mjscore.game(["123m456p789s1122z ron:1z- round:E seat:S"], rules="kansai-boo")
    assert g.start == (2000,) * 4 and g.final == (1360, 2640, 2000, 2000)
    assert g.result == (-3.0, 0.0, 0.0, 0.0)


def test_three_players_follow_the_rulesets_seats():
    # Tenhou's sanma (35,000 start, 40,000 returned, uma +20/0/-20, oka 15): noten payments
    # are 2,000 at three (the records' draws: one ready takes 1,000 from each of the others)
    g = mjscore.game(
        ["draw:exhaustive tenpai:E round:E", "draw:exhaustive tenpai:S,W round:E honba:1"],
        rules="sanma",
    )
    assert [r.changes for r in g.rounds] == [(2000, -1000, -1000), (-2000, 1000, 1000)]
    assert g.players == ("E", "S", "W") and g.final == (35000,) * 3
    # all tied on 35,000: (35 - 40) + uma, first also takes the oka 15
    assert g.result == (30.0, -5.0, -25.0)
    bad = mjscore.game(["draw:exhaustive tenpai:N round:E"], rules="sanma")
    assert "seat N is not at a table of 3" in str(bad.problems[0])


def test_chinese_official_keeps_a_running_total_and_passes_the_deal():
    # 8 + fan from the discarder, 8 from each other: the deal passes after every hand
    line = "123m456p789s1122z ron:1z- round:E seat:S"
    scored = mjscore.score(line, rules="mcr")
    g = mjscore.game([line, line.replace("seat:S", "seat:W")], rules="mcr")
    assert g.ok and [r.dealer for r in g.rounds] == [0, 1]
    assert g.rounds[0].changes == tuple(scored.net[s] for s in "ESWN")
    assert g.result == tuple(float(x) for x in g.final)  # no uma: the total itself
    assert sum(g.final) == 0


def test_european_keeps_the_deal_on_a_draw_and_totals_the_payments():
    # a European draw line (the bare `draw`) pays nothing here and East deals again;
    # a win by South then passes the deal (East did not win)
    win = "123m456p789s1122z ron:1z- round:E seat:S rules:european"
    g = mjscore.game(
        ["13m777m55s pon:111p- draw seat:E rules:european", win, win], rules="european"
    )
    assert g.ok, g.problems
    assert [(r.round, r.result, r.dealer) for r in g.rounds] == [
        ("E1", "draw", 0),
        ("E1", "win", 0),
        ("E2", "win", 1),
    ]
    assert g.rounds[0].changes == (0, 0, 0, 0)
    assert g.result == tuple(float(x) for x in g.final) and sum(g.final) == 0


def test_the_library_takes_parsed_hands_and_drawn_rounds():
    # South wins E1 off East (1,300): the deal passes, South (player 1) deals E2 and is
    # alone ready at its draw: 3,000 in
    g = mjscore.game(
        [
            mjscore.parse("123m456p789s1122z ron:1z- round:E seat:S"),
            parse_drawn("draw:exhaustive tenpai:E round:E"),
        ]
    )
    assert [r.changes for r in g.rounds] == [(-1300, 1300, 0, 0), (-1000, 3000, -1000, -1000)]
    assert [r.dealer for r in g.rounds] == [0, 1]
    assert g.to_dict()["final"] == [22700, 29300, 24000, 24000]


def test_a_stick_left_on_the_table_at_the_end_goes_to_first():
    # 500 each: East riichi and alone ready: 500 + 3,000 - 1,000 = 2,500, the others
    # 500 - 1,000 = -500: below zero, the game ends with East's stick on the table,
    # which first place (East) takes: 3,500
    g = mjscore.game(
        ["draw:exhaustive tenpai:E round:E sticks:1 riichi-by:E"], settings={"start_points": 500}
    )
    assert g.rounds[0].scores == (2500, -500, -500, -500) and g.rounds[0].sticks == 1
    assert g.ended and g.leftover == 1000
    assert g.final == (3500, -500, -500, -500) and sum(g.final) == 4 * 500
    none = mjscore.game(
        ["draw:exhaustive tenpai:E round:E sticks:1 riichi-by:E"],
        settings={"start_points": 500, "leftover_deposits": "none"},
    )
    assert none.final == (2500, -500, -500, -500)


def test_games_of_the_same_name_in_two_files_are_checked_apart(capsys, tmp_path):
    # the mjlog record and its tenhou.net/6 conversion both name their game first-example:
    # read from one folder, each file's game is held against its own record's end
    for name in ("mjlog/first-example.mjlog", "tenhou6/first-example.json"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes((LOGS / name).read_bytes())
    code, out, err = run("check", "-q", str(tmp_path), capsys=capsys)
    assert code == 0, out + err
    assert out.splitlines()[-1].startswith("games 2/2:")


def test_a_bad_line_is_reported_where_editors_jump(capsys, tmp_path):
    # FILE:LINE:COL: as score's file runs write it; the game is named after the place
    games = tmp_path / "night.txt"
    games.write_text("# game g1\ndraw:exhaustive tenpai:X round:E\n", encoding="utf-8")
    code, _, err = run("game", str(games), "--format", "jsonl", capsys=capsys)
    assert code == 1
    assert f"{games}:2:17: game g1: 'tenpai:X' needs seat winds" in err
    code, _, err = run(
        "game",
        "-",
        "--format",
        "jsonl",
        capsys=capsys,
        stdin="123m456p789s1122z ron:1z- round:E seat:S\nbogus\n",
    )
    assert code == 1 and "-:2:1: not scored: " in err


def test_no_escape_sequence_from_the_input_reaches_the_terminal(capsys):
    # a name, a game name and a bad token carrying ESC: shown as \x1b in the report
    code, out, err = run(
        "game",
        "-",
        capsys=capsys,
        stdin="# game \x1b[31mx players:\x1b%5B2Ja,b,c,d\n\x1b[31mred 123\n",
    )
    assert code == 1
    assert "\x1b" not in out and "\x1b" not in err
    assert "\\x1b[31mx" in out and "\\x1b[2Ja" in out


def test_a_records_player_name_with_escape_sequences_is_written_encoded(capsys, tmp_path):
    record = (LOGS / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw_2.mjlog").read_text(
        encoding="utf-8"
    )
    head, _, rest = record.partition('<UN n0="')
    evil = tmp_path / "evil.mjlog"
    evil.write_text(head + '<UN n0="%1B%5B2JEvil' + rest[rest.index('"') :], encoding="utf-8")
    code, out, _ = run("import", str(evil), capsys=capsys)
    assert code == 0 and "\x1b" not in out
    assert out.splitlines()[0].startswith("# game evil players:%1B[2JEvil,")
    assert read_header(out.splitlines()[0]).players[0] == "\x1b[2JEvil"  # read back whole


def test_every_drawn_round_import_writes_reads_back_to_the_same_line(capsys):
    code, out, _ = run("import", str(LOGS / "mjlog"), capsys=capsys)
    assert code == 0
    draws = [line.partition("  #")[0] for line in out.splitlines() if line.startswith("draw:")]
    assert len(draws) > 50
    assert all(str(parse_drawn(line)) == line for line in draws)
