"""`mjscore stats` (issue 34): an archive's figures, each checked against counts made by hand.

The expected figures of the real records below were counted by hand from each record's
own events (mjlog AGARI/RYUUKYOKU/REACH/N tags and D-G discards, tenhou.net/6 results and
take/discard lists, Mahjong Soul RecordHule/RecordChiPengGang/is_liqi, mjai hora/reach/
chi/pon), never from mjscore's output; the comments say how. The crafted games (mjai
events written here, tests/records_builder.py) each hold one definition: a deal-in while in
riichi, a riichi declared on the tile that deals in, a closed kan, a pao, a double ron at a
table of three, a game cut short.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from records_builder import mjai_log
from test_records_majsoul import PAO, discard, ev, start

from mjscore.stats import Summary, Trend

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "tests" / "data" / "logs"
MJLOG = LOGS / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw_2.mjlog"
TENHOU6 = LOGS / "tenhou6" / "2010112714gm-00a9-0000-d497e395.json"
MAJSOUL = LOGS / "majsoul" / "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2.json"
MJAI = LOGS / "mjai" / "riichienv-126_204_0.mjai.jsonl"
SANMA = LOGS / "mjai" / "riichienv-mjsoul_3p_double_ron_excerpt.jsonl"


def mj(*args: str, stdin: bytes | None = None, columns: int = 80) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("MJSCORE_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "mjscore", *args],
        input=stdin,
        env=env,
        cwd=ROOT,
        capture_output=True,
        timeout=600,
    )


def records(*args: str, stdin: bytes | None = None) -> list[dict]:
    done = mj("stats", "-F", "jsonl", "-q", *args, stdin=stdin)
    assert done.returncode == 0, done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def players(*args: str, stdin: bytes | None = None) -> dict[str, dict]:
    return {r["player"]: r for r in records(*args, stdin=stdin) if r["type"] == "player"}


def held(found: dict, expected: dict) -> None:
    """Every figure `expected` names, as counted by hand."""
    for name, figures in expected.items():
        got = {k: found[name][k] for k in figures}
        assert got == figures, name


# -- real records, one of each format, counted by hand ----------------------------------------

# Tenhou 2010091009gm-00a9 (the game of examples/game.txt): eight rounds E1-0 E2-0 E2-1 E3-0
# E4-0 E4-1 S1-2 S2-0, then P2 below zero ends it (owari 260 -14.0, 322 12.0, -242 -74.0,
# 660 76.0). AGARI: E1-0 P3 ron P2 5,200; E2-0 P1 tsumo 7,800 (riichi); E2-1 P2 tsumo 2,000;
# E3-0 P1 ron P3 1,000; S1-2 P3 ron P2 3,900; S2-0 a double ron on P2's added kan: P3
# 32,000 (daisangen) and P0 7,700 (riichi, chankan: 4 han). E4-0 draw, P3 ready; E4-1 draw,
# P1 (riichi) and P2 ready. N tags: P0 pons in E2-1 and S1-2; P1 pon E3-0, pon and chi
# S2-0; P2 calls in E1-0 E2-1 E4-1 S1-2 S2-0; P3 in E1-0 E2-0 E2-1 E4-0 S1-2 S2-0.
# Discards (D-G tags) before each win: P0 10; P1 8 and 10; P2 13; P3 12, 11, 12.
MJLOG_FIGURES = {
    "ワイルド": dict(
        games=1,
        ended=1,
        rounds=8,
        placements=[0, 0, 1, 0],
        result=-14.0,
        wins=1,
        tsumo=0,
        dama=0,
        win_value=7700,
        han=4,
        han_wins=1,
        yakuman=0,
        turns=10,
        turn_wins=1,
        deal_ins=0,
        deal_in_value=0,
        riichi=1,
        calls=2,
        play_rounds=8,
        draws=2,
        exhaustive=2,
        ready=0,
    ),
    "ミラクルおじさん": dict(
        placements=[0, 1, 0, 0],
        result=12.0,
        wins=2,
        tsumo=1,
        dama=0,
        win_value=8800,
        han=5,
        han_wins=2,
        turns=18,
        turn_wins=2,
        deal_ins=0,
        riichi=2,
        calls=2,
        draws=2,
        ready=1,
    ),
    "ASAPIN": dict(
        placements=[0, 0, 0, 1],
        result=-74.0,
        wins=1,
        tsumo=1,
        dama=0,
        win_value=2000,
        han=2,
        turns=13,
        deal_ins=3,
        deal_in_value=5200 + 3900 + 32000 + 7700,
        riichi=0,
        calls=5,
        draws=2,
        ready=1,
    ),
    "＼(＾o＾)／★": dict(
        placements=[1, 0, 0, 0],
        result=76.0,
        wins=3,
        tsumo=0,
        dama=0,
        win_value=5200 + 3900 + 32000,
        han=6,
        han_wins=2,
        yakuman=1,
        turns=35,
        turn_wins=3,
        deal_ins=1,
        deal_in_value=1000,
        riichi=0,
        calls=6,
        draws=2,
        ready=1,
    ),
}

# tenhou.net/6 2010112714gm-00a9, thirteen rounds: A tsumo 1-0 (2,000-3,900, 15 discards);
# B ron 0-1 off D (1,600), tsumo 2-1 (8,000), tsumo 5-2 (12,000); C ron 2-0 and 3-0 off B
# (12,000, 3,900), ron 5-3 off A (2,000), tsumo 6-0 (12,000). Riichi discards (r..) that
# stood: A in 0-1 1-0 3-0, B in 0-1 2-1 4-1 5-2 6-1, C in 2-0 6-0. Take lists with calls
# (c p m): A in 0-0 2-1 6-1 7-0; B in 0-0 1-0 2-0 3-0 7-0; C in 1-0 3-0 5-3. Draws: 0-0
# (A ready), 4-0 nine terminals, 4-1 (B, D ready), 7-0 (A, B ready).
TENHOU6_FIGURES = {
    "Aさん": dict(
        rounds=13,
        wins=1,
        tsumo=1,
        turns=15,
        win_value=7900,
        han=4,
        deal_ins=1,
        deal_in_value=2000,
        riichi=3,
        calls=4,
        draws=4,
        exhaustive=3,
        ready=2,
        placements=[0, 0, 1, 0],
    ),
    "Bさん": dict(
        wins=3,
        tsumo=2,
        turns=33,
        win_value=21600,
        han=11,
        deal_ins=2,
        deal_in_value=15900,
        riichi=5,
        calls=5,
        ready=2,
        placements=[0, 1, 0, 0],
    ),
    "Cさん": dict(
        wins=4,
        tsumo=1,
        turns=30,
        win_value=29900,
        han=14,
        deal_ins=0,
        riichi=2,
        calls=3,
        ready=0,
        placements=[1, 0, 0, 0],
        result=48.0,
    ),
}

# Mahjong Soul 250918 (mode_id 12): eleven rounds, S2-0 an abortive draw (九種九牌). Hules:
# Benoit tsumo E1 (3,900 all, 5 discards); dg1 ron E1-1, S1, S2-2 off Benoit (1,000,
# 5,200, 2,000); 闵行七小对 ron E2, E3 off Benoit; 空ーsora ron E4 off Benoit (8,000, closed,
# no riichi), S2-1 off dg1 (7,700, riichi), tsumo S3 (2,700, closed), ron S4 off Benoit
# (2,600, closed). Benoit's riichi in S1 and dg1's in S2-1 are declared on the tile that
# deals in: no stick, not a riichi. RecordChiPengGang: Benoit E1-1 E4; sora E1 E1-1 S1
# S2-2; dg1 E1-1 S2-2 S3; 闵行 E2 S1 S2-1 S2-2 S4 (its E4 angang is no call).
MAJSOUL_FIGURES = {
    "Benoit": dict(
        rounds=11,
        wins=1,
        tsumo=1,
        turns=5,
        deal_ins=7,
        deal_in_value=26000,
        riichi=1,
        calls=2,
        draws=1,
        exhaustive=0,
        placements=[0, 0, 0, 1],
        result=-29.9,
    ),
    "空ーsora": dict(
        wins=4,
        tsumo=1,
        dama=3,
        turns=47,
        win_value=21000,
        han=12,
        deal_ins=0,
        riichi=1,
        calls=4,
        placements=[1, 0, 0, 0],
        result=33.4,
    ),
    "dg1": dict(
        wins=3,
        tsumo=0,
        dama=0,
        turns=22,
        win_value=8200,
        deal_ins=1,
        deal_in_value=7700,
        riichi=1,
        calls=3,
        placements=[0, 0, 1, 0],
        result=-9.1,
    ),
    "闵行七小对": dict(wins=2, turns=22, riichi=3, calls=5, placements=[0, 1, 0, 0]),
}

# mjai (RiichiEnv's AI game): twelve rounds; draws E4-1 (0, 1, 2 ready), S2-0 (1, 3 ready),
# S3-0 (0, 1, 3 ready). Player 0: ron S2-1 off 3 (2,000, 15 discards), deals in S4-1 on
# its own riichi discard (8,000: no reach_accepted, so no riichi), reach_accepted in E3-1
# E4-1 S3-0. Player 1: reach_accepted E1; calls in E3-0 E3-2 E4-1 S1-2 S2-0 S3-0 S4-1 (the
# E4-1 ankan aside); deals in E4-0 (1,500). Player 2: ron E2 off 3, tsumo E3-0 E3-1, ron
# S4-1 off 0 (13, 19, 10, 11 discards); riichi E2 E3-1; calls E3-0 E4-1 S4-1.
MJAI_FIGURES = {
    "0": dict(
        rounds=12,
        wins=1,
        tsumo=0,
        turns=15,
        deal_ins=1,
        deal_in_value=8000,
        riichi=3,
        calls=4,
        draws=3,
        exhaustive=3,
        ready=2,
        placements=[0, 0, 0, 1],
    ),
    "1": dict(wins=0, deal_ins=1, deal_in_value=1500, riichi=1, calls=7, ready=3),
    "2": dict(
        wins=4,
        tsumo=2,
        turns=53,
        deal_ins=0,
        riichi=2,
        calls=3,
        ready=1,
        placements=[0, 1, 0, 0],
    ),
}


@pytest.mark.parametrize(
    "path, expected",
    [
        (MJLOG, MJLOG_FIGURES),
        (TENHOU6, TENHOU6_FIGURES),
        (MAJSOUL, MAJSOUL_FIGURES),
        (MJAI, MJAI_FIGURES),
    ],
    ids=["mjlog", "tenhou6", "majsoul", "mjai"],
)
def test_each_figure_is_the_count_by_hand(path, expected):
    held(players(str(path)), expected)


def test_the_rates_are_the_counts_over_their_definitions():
    p = players(str(MJLOG))["ミラクルおじさん"]
    assert p["win_rate"] == round(2 / 8, 4) and p["tsumo_rate"] == 0.5
    assert p["riichi_rate"] == 0.25 and p["call_rate"] == 0.25
    assert p["average_win"] == 4400.0 and p["average_han"] == 2.5 and p["average_turn"] == 9.0
    assert p["exhaustive_rate"] == 0.25 and p["ready_rate"] == 0.5
    assert p["average_placement"] == 2.0 and p["average_result"] == 12.0
    q = players(str(MJLOG))["ASAPIN"]
    assert q["deal_in_rate"] == round(3 / 8, 4) and q["average_deal_in"] == round(48800 / 3, 1)


def test_the_yaku_counts_are_checks_per_win_yaku():
    """Over every record of tests/data: each yaku's count is the number of wins whose
    yaku `check` lists (its per-win jsonl), and so are the han and fu."""
    done = subprocess.run(
        [sys.executable, "-m", "mjscore", "check", "-F", "jsonl", "-q", str(LOGS)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    from collections import Counter

    yaku: Counter[str] = Counter()
    han: Counter[int] = Counter()
    wins = differ = 0
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if "mjscore" not in record:
            continue
        wins += 1
        differ += not record["agree"]
        ours = record["mjscore"]
        if ours["ok"]:
            yaku.update(set(ours["yaku"]))
            if ours["han"] is not None and not ours["yakuman"]:
                han[ours["han"]] += 1
    found = records(str(LOGS))
    assert {r["key"]: r["count"] for r in found if r["type"] == "yaku"} == dict(yaku)
    assert {r["han"]: r["count"] for r in found if r["type"] == "han"} == dict(han)
    (summary,) = [r for r in found if r["type"] == "summary"]
    assert summary["wins"] == wins and summary["differ"] + summary["rules"] == differ


# -- crafted games: one definition each ---------------------------------------------------------

DEALER = ["2m", "3m", "4m", "3m", "4m", "5m", "4p", "5p", "6p", "6s", "7s", "8s", "5p"]
SOUTH = ["1m", "1m", "9m", "9m", "1p", "1p", "9p", "9s", "9s", "N", "N", "W", "C"]
WEST = ["2s", "2s", "3s", "3s", "7m", "7m", "8m", "8m", "1s", "1s", "F", "F", "W"]
NORTH = ["E", "E", "E", "E", "2p", "3p", "7p", "8p", "S", "S", "P", "P", "C"]

# Three rounds of a game that stops there (cut short). E1-0: South declares riichi (its
# stick stands), North makes a closed kan of East, then South deals the dealer's 5p: a
# closed hand without riichi (dama), tanyao 40 fu, 2,000 (+ the stick). E1-1: West declares
# riichi on 5p and the dealer takes it: no stick, no riichi; 2,000 + 300. E1-2: South's
# riichi stands, the wall runs out (68 more draws), South alone ready.
CRAFTED = [
    {"type": "start_game", "names": ["Ann", "Bob", "Cy", "Dee"]},
    start([DEALER, SOUTH, WEST, NORTH]),
    ev("tsumo", 0, "9s"),
    discard(0, "9s", True),
    ev("tsumo", 1, "N"),
    ev("reach", 1),
    discard(1, "C"),
    ev("reach_accepted", 1),
    ev("tsumo", 2, "W"),
    discard(2, "W", True),
    ev("tsumo", 3, "S"),
    ev("ankan", 3, consumed=["E", "E", "E", "E"]),
    ev("dora", dora_marker="9p"),
    ev("tsumo", 3, "6m"),
    discard(3, "6m", True),
    ev("tsumo", 0, "9m"),
    discard(0, "9m", True),
    ev("tsumo", 1, "5p"),
    discard(1, "5p", True),
    ev("hora", 0, "5p", target=1, deltas=[3000, -2000, 0, 0]),
    ev("end_kyoku"),
    start([DEALER, SOUTH, WEST[:-1] + ["5p"], NORTH], honba=1, scores=[28000, 22000, 25000, 25000]),
    ev("tsumo", 0, "9s"),
    discard(0, "9s", True),
    ev("tsumo", 1, "N"),
    discard(1, "N", True),
    ev("tsumo", 2, "W"),
    ev("reach", 2),
    discard(2, "5p"),
    ev("hora", 0, "5p", target=2, deltas=[2300, 0, -2300, 0]),
    ev("end_kyoku"),
    start([DEALER, SOUTH, WEST, NORTH], honba=2, scores=[30300, 22000, 22700, 25000]),
    ev("tsumo", 0, "9s"),
    discard(0, "9s", True),
    ev("tsumo", 1, "N"),
    ev("reach", 1),
    discard(1, "C"),
    ev("reach_accepted", 1),
    *[e for i in range(68) for e in (ev("tsumo", (i + 2) % 4, "9s"), discard((i + 2) % 4, "9s"))],
    ev("ryukyoku", deltas=[-1000, 3000, -1000, -1000]),
    ev("end_kyoku"),
]


def test_riichi_deal_ins_a_closed_kan_and_a_game_cut_short():
    found = players("-", stdin=mjai_log(CRAFTED))
    held(
        found,
        {
            # two wins, both closed without riichi; 2 and 1 discards before them
            "Ann": dict(wins=2, dama=2, turns=3, turn_wins=2, win_value=4000, riichi=0),
            # in riichi when it dealt in (E1-0), and in riichi at the draw (E1-2), ready
            "Bob": dict(riichi=2, deal_ins=1, deal_in_value=2000, draws=1, ready=1),
            # declared riichi on the tile it dealt in with: a deal-in, not a riichi
            "Cy": dict(riichi=0, deal_ins=1, deal_in_value=2000),
            # a closed kan is no call
            "Dee": dict(calls=0, play_rounds=3),
        },
    )
    for p in found.values():  # cut short: rounds count, placements and result do not
        assert (p["games"], p["ended"], p["rounds"]) == (1, 0, 3)
        assert p["placements"] == [0, 0, 0, 0] and p["result"] == 0.0


def test_a_pao_charges_the_discarder_half_and_the_liable_player_no_deal_in():
    """tests/test_records_majsoul.py's pao: the dealer's daisangen (48,000) off South,
    North fed the third dragon: South pays 24,000 and dealt in, North pays 24,000 and
    did not."""
    found = players("-", stdin=mjai_log(PAO))
    held(
        found,
        {
            "E": dict(wins=1, yakuman=1, win_value=48000, calls=1, han_wins=0),
            "S": dict(deal_ins=1, deal_in_value=24000),
            "N": dict(deal_ins=0, deal_in_value=0),
        },
    )


def test_a_double_ron_at_a_table_of_three():
    """The real three-player round: A and B both ron C's North set aside: two wins, one
    deal-in round for C worth both hands; placements have three places."""
    found = players(str(SANMA))
    held(
        found,
        {
            "A": dict(wins=1, win_value=12000, placements=[0, 0, 0]),
            "B": dict(wins=1, win_value=16000),
            "C": dict(deal_ins=1, deal_in_value=28000, wins=0),
        },
    )


# -- lines, hands, filters, jobs -------------------------------------------------------------------


def test_import_lines_give_the_figures_the_lines_hold():
    """The game as `import` writes it: the same figures, but for the calls and turns of
    players who did not win, which lines do not hold (no round counts there)."""
    lines = mj("import", str(MJLOG)).stdout
    from_lines = players("-", stdin=lines)
    from_record = players(str(MJLOG))
    for name, p in from_record.items():
        q = from_lines[name]
        assert q["play_rounds"] == 0 and q["calls"] == 0 and q["turn_wins"] == 0
        for key in ("games", "rounds", "wins", "tsumo", "dama", "deal_ins", "riichi", "ready"):
            assert q[key] == p[key], (name, key)
        assert q["placements"] == p["placements"] and q["result"] == p["result"]
        assert q["call_rate"] is None and q["average_turn"] is None


def test_a_hand_file_gives_the_hands_and_no_player(tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text(
        "# three hands counted by hand\n"
        "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s\n"  # tanyao, dora 2, red 1
        "123m456p789s1122z ron:2z+ round:E seat:S riichi\n"  # riichi, seat wind (South)
        "123m456p789s1122z ron:3z+ round:E seat:S\n",  # no yaku: not scored
        encoding="utf-8",
    )
    found = records(str(hands))
    assert not [r for r in found if r["type"] == "player"]
    yaku = {r["key"]: r["count"] for r in found if r["type"] == "yaku"}
    assert yaku == {"tanyao": 1, "dora": 1, "aka_dora": 1, "riichi": 1, "seat_wind": 1}
    assert {r["han"]: r["count"] for r in found if r["type"] == "han"} == {4: 1, 2: 1}
    (summary,) = [r for r in found if r["type"] == "summary"]
    assert (summary["wins"], summary["scored"], summary["not_scored"]) == (3, 2, 1)


def test_the_filters():
    both = [str(MJLOG), str(SANMA)]
    assert set(players(*both, "--seats", "3")) == {"A", "B", "C"}
    assert "A" not in players(*both, "--seats", "4")
    assert set(players(*both, "--player", "ASAPIN", "--player", "B")) == {"ASAPIN", "B"}
    assert set(players(*both, "--rules", "sanma")) == {"A", "B", "C"}
    assert set(players(*both, "--rules", "tenhou")) == {"A", "B", "C", *MJLOG_FIGURES}
    assert set(players(*both, "--rules", "tenhou", "--seats", "4")) == set(MJLOG_FIGURES)
    assert set(players(*both, "--room", "houou")) == set(MJLOG_FIGURES)
    assert set(players(*both, "--room", "鳳凰")) == set(MJLOG_FIGURES)
    left = mj("stats", str(MJLOG), "--length", "east")
    assert left.returncode == 1 and b"no game passes the filters (1 left out)" in left.stderr
    assert mj("stats", str(MJLOG), "--room", "nowhere").returncode == 2
    assert mj("stats", str(MJLOG), "--seats", "5").returncode == 2


def test_the_player_filter_counts_that_players_hands_only():
    found = records(str(MJLOG), "--player", "ASAPIN")
    (summary,) = [r for r in found if r["type"] == "summary"]
    assert summary["wins"] == 1 and {r["key"] for r in found if r["type"] == "yaku"} == {
        "tanyao",
        "aka_dora",
    }


@pytest.mark.parametrize(
    "fmt", ["jsonl", *(pytest.param(f, marks=pytest.mark.slow) for f in ("json", "tsv", "rich"))]
)
def test_the_same_output_with_one_process_and_two(fmt):
    one = mj("stats", "-F", fmt, "-q", "--jobs", "1", str(LOGS))
    two = mj("stats", "-F", fmt, "-q", "--jobs", "2", str(LOGS))
    assert one.returncode == two.returncode
    assert one.stdout == two.stdout and one.stdout


def test_a_file_that_cannot_be_read_is_its_own_problem(tmp_path):
    broken = tmp_path / "broken.mjlog"
    broken.write_bytes(b'<mjloggm ver="2.3"><GO type="169"/><INIT seed=')
    done = mj("stats", "-F", "jsonl", str(broken), str(MJLOG))
    assert done.returncode == 1 and b"broken.mjlog" in done.stderr
    found = [json.loads(line) for line in done.stdout.splitlines()]
    assert {r["player"] for r in found if r["type"] == "player"} == set(MJLOG_FIGURES)


# -- bounded memory -------------------------------------------------------------------------------


def test_the_result_trend_stays_small_and_ends_at_the_last_game():
    trend = Trend()
    total = 0.0
    for i in range(100_000):
        result = (i % 7) - 3.5
        trend.add(result)
        total = round(total + result, 1)
    assert len(trend.points) <= Trend.CAP
    assert trend.series()[-1] == (100_000, total)
    steps = {b[0] - a[0] for a, b in zip(trend.points, trend.points[1:], strict=False)}
    assert steps == {trend.step}


def test_a_merged_trend_is_one_trend_of_every_game():
    one, first, second = Trend(), Trend(), Trend()
    for i in range(300):
        (first if i < 170 else second).add(float(i % 5))
        one.add(float(i % 5))
    first.merge(second)
    assert first.count == one.count and first.total == one.total
    assert first.series()[-1] == one.series()[-1]


def test_a_summary_keeps_counts_not_games():
    """Counting the same record again and again: the summary holds the same players and
    rows, each count grows (no game is kept)."""
    from mjscore.records import read_hands
    from mjscore.stats import Filters, count_records

    summary = Summary()
    for _ in range(20):
        count_records(read_hands(MJLOG, games=True), Filters(), summary)
    assert set(summary.players) == set(MJLOG_FIGURES)
    assert summary.players["ASAPIN"].games == 20 and summary.hands.wins == 140
    assert len(summary.players["ASAPIN"].trend.points) == 20


# -- the report for people ---------------------------------------------------------------------


@pytest.mark.parametrize("width", (40, 60, 80, 120))
def test_the_report_at_every_width(width):
    """Three players of the Tenhou records (fastmaj's 77 games, 53 of いばらぎ) and one of
    a three-player round: every line within the width, every name and number whole (the
    names as the records write them, each player's counts as the machine records give
    them), the charts drawn; a snapshot."""
    from mjscore.report.chart import cells
    from tests.test_report import check_snapshot

    args = [str(LOGS / "fastmaj"), str(MJLOG), str(SANMA)]
    for name in ("いばらぎ", "ASAPIN", "C"):
        args += ["--player", name]
    done = mj("stats", "-q", *args, columns=width)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    check_snapshot(f"stats-en-{width}.txt", out)
    assert max(cells(line) for line in out.splitlines()) <= width
    words = out.split()
    for name, p in players(*args).items():
        assert name in words
        for key in ("wins", "deal_ins", "riichi", "calls", "draws"):
            assert str(p[key]) in words
    for said in ("result after each game", "└", "game 53", "average placement", "Chankan"):
        assert said in out, said
    assert "█" in out  # the placement bars


def test_no_chart_leaves_the_charts_out():
    out = mj("stats", "-q", "--no-chart", str(MJLOG)).stdout.decode()
    assert "result after each game" not in out and "└" not in out and "█" in out


def test_every_record_holds_to_the_schema_and_the_tsv_to_its_header():
    import jsonschema

    from mjscore.report.stats.tsv import HEADER
    from mjscore.schemas import stats_schema

    schema = stats_schema()
    found = records(str(MJLOG), str(SANMA), str(MAJSOUL))
    assert {r["type"] for r in found} == {"player", "yaku", "han", "fu", "limit", "summary"}
    for record in found:
        jsonschema.validate(record, schema)
    array = json.loads(mj("stats", "-F", "json", "-q", str(MJLOG), str(SANMA), str(MAJSOUL)).stdout)
    assert array == found
    rows = mj("stats", "-F", "tsv", "-q", str(MJLOG)).stdout.decode().splitlines()
    assert rows[0].split("\t") == list(HEADER)
    assert {len(row.split("\t")) for row in rows} == {len(HEADER)}


def test_the_problems_said_are_bounded(tmp_path):
    """Fifteen hundred games, each stopped by a ron that names no discarder: a thousand
    problems said, the rest counted; every game is one not followed."""
    games = tmp_path / "broken.txt"
    bad = "123m456p789s1122z ron:2z round:E seat:S riichi\n"
    games.write_text("".join(f"# game g{i}\n{bad}" for i in range(1500)), encoding="utf-8")
    done = mj("stats", "-F", "jsonl", "-q", str(games))
    said = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(said) == 1001
    assert said[-1] == "mjscore: ... and 500 more problems in that input"
    (summary,) = [json.loads(line) for line in done.stdout.splitlines()][-1:]
    assert summary["broken"] == 1500 and summary["wins"] == 1500


def test_a_progress_bar_on_a_terminal_stderr_only():
    """Seventy-seven files: on a terminal stderr a bar says it is reading; off one, not a
    byte of it (stdout is the same either way)."""
    import pty

    primary, secondary = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    args = [sys.executable, "-m", "mjscore", "stats", "-F", "jsonl", "-q", str(LOGS / "fastmaj")]
    with_bar = subprocess.run(args, stdout=subprocess.PIPE, stderr=secondary, env=env, cwd=ROOT)
    os.close(secondary)
    shown = b""
    try:
        while chunk := os.read(primary, 65536):
            shown += chunk
    except OSError:  # the terminal's other end is closed: all of it is read
        pass
    os.close(primary)
    plain = subprocess.run(args, capture_output=True, env=env, cwd=ROOT)
    assert b"reading" in shown and plain.stderr == b""
    assert with_bar.stdout == plain.stdout
