"""`mjscore import` / `check` / `game` on mjai logs (records/mjai.py).

The logs are in tests/data/logs/mjai/ (README there): a real Tenhou round and a real
three-player Mahjong Soul round converted by RiichiEnv (their `hora` carry the yaku,
han, fu and points), RiichiEnv's own games (`deltas` only: RiichiEnv's engine is the
oracle of the nets; tests/tools/make_mjai_logs.py made the `generated-*` ones) and
gimite/mjai's two test logs, seen from one seat. The small logs written here by hand
(tests/records_builder.py) carry verdicts computed from the rules.
"""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest
from records_builder import majsoul_record, mjai_log
from test_records_majsoul import CHANKAN, PAO, discard, ev, start

from mjscore.cli.records import check_command
from mjscore.engine.catalog import load_ruleset
from mjscore.records import Problem, Win, detect_format, read_hands
from mjscore.records.check import check_win
from mjscore.records.draws import Drawn, GameStart, RoundScores
from mjscore.records.mjai import EVENT_TYPES, YAKU_NAMES

ROOT = Path(__file__).resolve().parent.parent
MJAI = ROOT / "tests" / "data" / "logs" / "mjai"
RIICHIENV = MJAI / "riichienv-126_204_0.mjai.jsonl"
TENHOU = MJAI / "riichienv-tenhou_4p_ranked_excerpt.jsonl"
SANMA = MJAI / "riichienv-mjsoul_3p_double_ron_excerpt.jsonl"
GEN4 = MJAI / "generated-4p-tenhou-seed100.jsonl"
GEN3 = MJAI / "generated-3p-mjsoul-seed200.jsonl.gz"
GIMITE = [MJAI / "gimite-kuikae.mjson", MJAI / "gimite-kuikae_only.mjson"]
# wins, and the rules to read them by (RiichiEnv's games: its tenhou and mjsoul presets)
LOGS = {
    RIICHIENV: (9, None),
    TENHOU: (1, None),
    SANMA: (2, "mahjongsoul"),
    GEN4: (26, None),
    GEN3: (15, "mahjongsoul"),
}


def items(source, **kw):
    return list(read_hands(source, games=True, **kw))


def wins(source, **kw) -> list[Win]:
    return [i for i in items(source, **kw) if isinstance(i, Win)]


@pytest.mark.parametrize("path", sorted(LOGS), ids=lambda p: p.name[:24])
def test_check_agrees_on_every_win_and_every_round(path):
    count, rules = LOGS[path]
    out = io.StringIO()
    chosen = (rules, {}) if rules else None
    code = check_command([str(path)], out=out, err=io.StringIO(), ruleset=chosen)
    lines = out.getvalue().splitlines()
    assert lines[0] == f"agree {count}/{count}", out.getvalue()
    games, rounds = lines[1].split(":", 1)[1].split(",")[0].split()[-1].split("/"), None
    assert games[0] == games[1]
    del rounds
    assert code == 0


def test_the_full_dialect_is_compared_in_full():
    """gimite's / Tenhou's hora: yakus, fan, fu and hora_points are all compared."""
    (win,) = wins(TENHOU)
    rec = win.record
    assert (rec.han, rec.fu, rec.value) == (4, 30, 7700)
    assert rec.yaku_keys and dict(rec.yaku) == {"hatsu": 1, "honitsu": 2, "aka_dora": 1}
    doc = TENHOU.read_bytes().replace(b'"fan":4', b'"fan":5')
    (changed,) = wins(doc)
    assert check_win(changed).differences == ("han",)
    doc = TENHOU.read_bytes().replace("混一色".encode(), "清一色".encode())
    (changed,) = wins(doc)
    assert check_win(changed).differences == ("yaku",)


def test_the_deltas_dialect_is_compared_as_nets():
    found = wins(RIICHIENV)
    assert all(w.record.value is None and w.record.han is None for w in found)
    doc = RIICHIENV.read_bytes().replace(b"[-4000,-2000,-2000,10000]", b"[-4000,-2000,-3000,11000]")
    changed = wins(doc)
    assert [check_win(w).differences for w in changed if not check_win(w).agree] == [("net",)]


def test_three_players_a_kita_and_a_double_ron():
    """The real three-player round: two rons on a North set aside (kita-ron), three
    seats, each win's own deltas."""
    first, second = wins(SANMA, rules="mahjongsoul")
    assert "kita-ron" in first.line and "rules:mahjongsoul-sanma" in first.line
    assert first.record.net == {"E": 12000, "S": 0, "W": -12000}
    assert second.record.net == {"E": 0, "S": 16000, "W": -16000}
    assert check_win(first).agree and check_win(second).agree


def test_nukidora_reads_as_kita():
    doc = SANMA.read_bytes().replace(
        b'{"type":"kita","actor":2}', b'{"type":"nukidora","actor":2,"pai":"N"}'
    )
    assert [w.line for w in wins(doc)] == [w.line for w in wins(SANMA)]


def test_a_three_player_log_under_tenhou_is_read_by_sanma():
    (first, second) = wins(SANMA)
    assert "rules:sanma" in first.line


def test_the_hand_written_pao_and_chankan():
    (pao,) = wins(mjai_log(PAO))
    assert pao.record.net == {"E": 48000, "S": -24000, "W": 0, "N": -24000}
    assert check_win(pao).agree
    (chankan,) = wins(mjai_log(CHANKAN))
    assert " chankan" in chankan.line and check_win(chankan).agree


FOUR_WINDS = [
    start(
        [
            ["E", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p"],
            ["E", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "4p", "5p", "6p"],
            ["E", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "7p", "8p", "9p"],
            ["E", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1p", "2p", "3p"],
        ]
    ),
    ev("tsumo", 0, "S"),
    discard(0, "E"),
    ev("tsumo", 1, "S"),
    discard(1, "E"),
    ev("tsumo", 2, "S"),
    discard(2, "E"),
    ev("tsumo", 3, "W"),
    discard(3, "E"),
    ev("ryukyoku", deltas=[0, 0, 0, 0]),
    ev("end_kyoku"),
]


def test_an_abortive_draw_without_a_reason_is_found_from_the_table():
    """Mortal writes a draw's deltas only: four East discards on the first go-around are
    four winds (四風連打)."""
    (drawn,) = [i for i in items(mjai_log(FOUR_WINDS)) if isinstance(i, Drawn)]
    assert drawn.kind == "four-winds" and drawn.line.startswith("draw:four-winds round:E")
    named = [dict(e) for e in FOUR_WINDS]
    named[-2] = ev("ryukyoku", deltas=[0, 0, 0, 0], reason="kyushukyuhai")
    (drawn,) = [i for i in items(mjai_log(named)) if isinstance(i, Drawn)]
    assert drawn.kind == "nine-terminals"


def test_every_event_kind_is_read():
    """The logs here hold every kind of event mjai has (`none` and `nukidora` added)."""
    seen = set()
    for path in (RIICHIENV, TENHOU, SANMA, GEN4, GEN3, *GIMITE):
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        seen |= {json.loads(line)["type"] for line in raw.splitlines() if line.strip()}
    assert EVENT_TYPES - seen == {"none", "nukidora"}
    doc = SANMA.read_bytes().replace(
        b'{"type":"kita","actor":2}', b'{"type":"nukidora","actor":2,"pai":"N"}'
    )
    doc = b'{"type":"none"}\n' + doc
    assert [w.line for w in wins(doc)] == [w.line for w in wins(SANMA)]


def test_several_games_in_one_log_and_gzip():
    found = items(GEN4)
    assert [i.game for i in found if isinstance(i, GameStart)] == [
        "generated-4p-tenhou-seed100",
        "generated-4p-tenhou-seed100#2",
        "generated-4p-tenhou-seed100#3",
    ]
    assert len(wins(GEN3, rules="mahjongsoul")) == 15


def test_the_rules_and_options_are_written_into_every_line():
    (win,) = wins(TENHOU, rules="mleague")
    assert "rules:mleague" in win.line
    red = [i for i in items(TENHOU, options={"red_fives": "0"}) if isinstance(i, Problem)]
    assert "refused" in red[0].message  # the log's 5sr under red_fives=0: the round's problem
    found = items(TENHOU, rules="tenhou", options={"kiriage_mangan": "on"})
    (win,) = [i for i in found if isinstance(i, Win)]
    assert win.line.endswith("rules:tenhou opt:kiriage_mangan=on")


def test_a_player_view_log_reads_without_a_win():
    """gimite's logs hide the other hands (`?`): the round replays, no line is made."""
    for path in GIMITE:
        found = items(path)
        assert not [i for i in found if isinstance(i, Win)]
        assert not [i for i in found if isinstance(i, Problem) and i.kind == "error"]


def test_the_round_scores_are_the_next_rounds_start():
    found = items(RIICHIENV)
    scores = [i for i in found if isinstance(i, RoundScores)]
    assert len(scores) == 12
    for a, b in zip(scores, scores[1:], strict=False):
        assert a.after == b.start


# -- names -------------------------------------------------------------------------------------


def test_every_yaku_name_is_a_yaku_of_mjscore():
    keys = set(load_ruleset("mahjongsoul").yaku) | {"dora", "ura_dora", "aka_dora", "kita"}
    assert set(YAKU_NAMES.values()) - keys == {"dragons"}  # gimite's sangenpai, all three


def test_mjai_tiles_are_read_as_mjai_writes_them():
    (win,) = wins(TENHOU)
    assert "0s" not in win.line  # 5sr was discarded
    found = wins(SANMA)
    assert all("4z" in w.line for w in found)  # N


# -- which format, and the wrong kind ----------------------------------------------------------


def test_the_format_comes_from_the_content():
    assert detect_format(RIICHIENV.read_bytes()) == "mjai"
    assert detect_format(gzip.decompress(GEN3.read_bytes())) == "mjai"
    assert detect_format(GIMITE[0].read_bytes()) == "mjai"
    assert detect_format(b'{"title": ["a"], "log": []}') == "tenhou6"


def test_a_broken_line_is_that_lines_problem_and_the_next_round_reads():
    lines = TENHOU.read_bytes().splitlines(keepends=True)
    lines[5] = b"{not json\n"
    found = items(b"".join(lines), name="broken.jsonl")
    errors = [i for i in found if isinstance(i, Problem) and i.kind == "error"]
    assert errors[0].where == "line 6" and "not JSON" in errors[0].message
    assert not [i for i in found if isinstance(i, Win)]  # that round is passed over


def test_a_line_that_is_no_mjai_event():
    found = items(b'{"type":"start_game"}\n{"type":"fly"}\n', name="x.jsonl")
    (problem,) = [i for i in found if isinstance(i, Problem)]
    assert problem.where == "line 2" and "unknown event type" in problem.message


def test_the_same_round_as_a_majsoul_record_reads_to_the_same_line():
    (a,) = wins(mjai_log(PAO))
    (b,) = wins(majsoul_record(PAO))
    assert a.line.replace("rules:tenhou", "") == b.line.replace("rules:mahjongsoul", "")


def test_rules_and_options_of_the_command_line_are_checked():
    from mjscore.cli.records import record_rules
    from mjscore.cli.runner import UsageProblem

    assert record_rules(None, None) == (None, {})
    assert record_rules("MahjongSoul", ["kiriage_mangan=on"]) == (
        "mahjongsoul",
        {"kiriage_mangan": "on"},
    )
    for rules, opts, words in [
        ("nope", None, "unknown ruleset"),
        (None, ["nope=1"], "ruleset tenhou has no option 'nope'"),
        (None, ["kiriage_mangan"], "NAME=VALUE"),
    ]:
        with pytest.raises(UsageProblem, match=words):
            record_rules(rules, opts)
