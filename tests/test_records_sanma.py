"""`mjscore import` / `check` on the real three-player records of tests/data/logs/sanma/.

How the records write three-player play is in that folder's README.md: mjlog marks
the game with `<GO type>` bit 0x10 and sets a North aside as an `N` call with m bit
0x20; tenhou.net/6 leaves the fourth seat empty and writes a kita as `f44`. Each win's
verdict (the net of every seat, han, fu, limit) is the record's own.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.base.tiles import tile_of as tile_of_text
from mjscore.cli.records import check_command
from mjscore.records import Problem, Win, read_hands
from mjscore.records.check import check_win, describe
from mjscore.records.mjlog import decode_meld, tile_of
from mjscore.records.model import marker
from mjscore.records.replay import Replay

ROOT = Path(__file__).resolve().parent.parent
SANMA = ROOT / "tests" / "data" / "logs" / "sanma"
TANIGUCHI = SANMA / "MitsuhiroTaniguchi__2014091101gm-00b9-0000-5ca6b487.mjlog"
DNOVIKOFF = SANMA / "dnovikoff__sanma2.mjlog"
HOUOU_2024 = SANMA / "SoliDeoGloria000__2024010120gm-00b9-0000-e324b88a.json"
HOUOU_2025 = SANMA / "SoliDeoGloria000__2024123123gm-00b9-0000-09c44fd1.json"
NUKIDORA = SANMA / "hidacow__double_nukidora.json"
KOKUSHI13 = SANMA / "hidacow__kokushi13_withnuki.json"
PEINUKI = SANMA / "hidacow__kokushi_peinuki.json"
CHANKAN = SANMA / "hidacow__chankan.json"

# (wins that agree, wins) per record; the one win of PEINUKI that does not agree is a
# record whose point changes disagree with its own final scores (the test below)
AGREEMENT = {
    TANIGUCHI: (8, 8),
    DNOVIKOFF: (5, 5),
    HOUOU_2024: (8, 8),
    HOUOU_2025: (10, 10),
    NUKIDORA: (8, 8),
    KOKUSHI13: (6, 6),
    PEINUKI: (3, 4),
    CHANKAN: (3, 3),
}
# the game's ledger against the record's scores (rounds agreeing / compared) and its end;
# the peinuki record's E3-0 changes leave out the stick its final scores count (below)
GAMES = {
    TANIGUCHI: (11, 11, "1/1"),
    DNOVIKOFF: (6, 6, "1/1"),
    HOUOU_2024: (8, 8, "1/1"),
    HOUOU_2025: (10, 10, "1/1"),
    NUKIDORA: (12, 12, "1/1"),
    KOKUSHI13: (6, 6, "0/0"),
    PEINUKI: (3, 4, "1/1"),
    CHANKAN: (3, 3, "1/1"),
}


def wins(path: Path) -> list[Win]:
    found = list(read_hands(path))
    assert not [p for p in found if isinstance(p, Problem) and p.kind == "error"], found
    return [w for w in found if isinstance(w, Win)]


def win(path: Path, round_: str) -> Win:
    (found,) = [w for w in wins(path) if f"{w.source.round}-{w.source.honba}" == round_]
    return found


def test_the_records_are_there() -> None:
    assert sorted(p.name for p in SANMA.iterdir() if p.suffix != ".md") == sorted(
        p.name for p in AGREEMENT
    )


@pytest.mark.parametrize("path", list(AGREEMENT), ids=lambda p: p.name[:40])
def test_check_agrees_per_record(path: Path) -> None:
    agree, total = AGREEMENT[path]
    found = wins(path)
    assert len(found) == total
    assert sum(check_win(w).agree for w in found) == agree
    out = io.StringIO()
    code = check_command([str(path)], out=out, err=io.StringIO())
    *_, wins_line, games_line = out.getvalue().splitlines()
    assert wins_line == f"agree {agree}/{total}"
    rounds, compared, owari = GAMES[path]
    whole = int(rounds == compared and owari != "0/1")
    assert games_line == (
        f"games {whole}/1: rounds {rounds}/{compared}, owari {owari}, 0 stop before their end"
    )
    assert code == (0 if agree == total and whole else 1)


def test_every_line_is_written_for_three_seats() -> None:
    odd = win(PEINUKI, "E3-0")  # its changes leave out the stick (the test below)
    for path in AGREEMENT:
        soul = path.name.startswith(("hidacow__koku", "hidacow__chankan"))
        platform = "mahjongsoul-sanma" if soul else "sanma"
        for w in wins(path):
            assert w.line.endswith(f" rules:{platform}"), w.line
            assert re.search(r"seat:[ESW]\b", w.line) and "seat:N" not in w.line
            assert "=" not in w.line.replace("opt:", "")  # nobody sits across
            assert set(w.record.net) == {"E", "S", "W"}
            sticks = re.search(r"sticks:(\d+)", w.line)
            table = 1000 * int(sticks.group(1)) if sticks else 0
            assert sum(w.record.net.values()) == table or w == odd


def test_the_peinuki_kita_ron_record_disagrees_with_its_own_final_scores() -> None:
    # Seat 0 declared riichi (r35), later set a North aside and seat 2 robbed it with
    # kokushi (国士無双 48,000). The round's point changes give seat 2 48,000 and leave the
    # riichi stick on the table, but the game's final scores give it to seat 2: 45,000 at
    # the start of the round + 48,000 + 1,000 = 94,000, as mjscore's line (sticks:1) says.
    w = win(PEINUKI, "E3-0")
    assert "ron:4z+" in w.line and "kita-ron" in w.line and "sticks:1" in w.line
    game = json.loads(PEINUKI.read_text(encoding="utf-8"))
    start, final = game["log"][3][1], game["sc"][0::2]
    dealer = game["log"][3][0][0] % 4  # E is seat 2 in E3
    checked = check_win(w)
    assert checked.differences == ("net",)
    ours = checked.result.net
    assert start[dealer] + ours["E"] == final[dealer] == 94000
    assert w.record.net["E"] == 48000 and ours["E"] == 49000
    # the disagreement names the three seats only
    assert "net E+48000 S-48000 W+0  value" in describe(checked) and "N+" not in describe(checked)


# -- kita (北抜き) ---------------------------------------------------------------------------


def test_kita_from_mjlog_counts_as_dora() -> None:
    # N m=30752 = tile 120 (a North) << 8 | 0x20: a kita, no source
    assert decode_meld(30752, 1) == ("kita", [120], 120, 1)
    # Taniguchi E1-0: the dealer set two Norths aside in the round and wins with Dora 2
    # (yaku id 52); the 1s indicator points to 2s and the hand holds none: both are kita
    w = win(TANIGUCHI, "E1-0")
    kitas = w.line.split("kita:")[1].split()[0]
    text = TANIGUCHI.read_text()
    first_round = text[text.index("<INIT") : text.index("<INIT", text.index("<INIT") + 1)]
    dealer_kita = re.findall(r'<N who="0" m="(\d+)"', first_round)
    assert int(kitas) == sum(int(m) & 0x20 != 0 for m in dealer_kita) == 2
    assert dict(w.record.yaku)["Dora"] == 2 and "2s" not in w.line.split()[0]
    r = check_win(w).result
    assert check_win(w).agree and {y.key for y in r.yaku} >= {"kita"}


def test_kita_from_tenhou6_f44_and_mahjong_soul_lists_it_apart() -> None:
    # Mahjong Soul lists 抜きドラ apart from ドラ; the line's kita:2 scores the same two han
    w = win(PEINUKI, "E2-1")
    assert "kita:2" in w.line and dict(w.record.yaku)["抜きドラ"] == 2
    assert check_win(w).agree
    game = json.loads(PEINUKI.read_text(encoding="utf-8"))
    seat1 = game["log"][2][6 + 3 * 1]  # S of E2-1 is seat 1 (E is the dealer, seat 1)
    assert seat1.count("f44") == 2


def test_rinshan_on_the_draw_after_a_kita() -> None:
    w = win(HOUOU_2024, "E3-0")  # the record: 嶺上開花 (1飜), with one North set aside
    assert "kita:1" in w.line and " rinshan" in w.line and check_win(w).agree


# -- payments -------------------------------------------------------------------------------


def test_tsumo_loss_a_non_dealer_mangan_pays_4000_and_2000() -> None:
    # dnovikoff E1-0: S tsumo mangan (riichi tsumo dora 2 ura 1): the dealer 4,000, W 2,000,
    # nobody pays North's share; S takes the riichi stick too
    w = win(DNOVIKOFF, "E1-0")
    assert w.record.net == {"E": -4000, "S": 7000, "W": -2000}
    r = mjscore.score(w.line)
    assert r.net == w.record.net and r.value == w.record.value == 6000


def test_honba_200_a_counter_on_ron_and_100_from_each_payer_on_tsumo() -> None:
    ron = win(HOUOU_2024, "E1-1")  # dealer haneman ron 18,000 + 1 honba
    assert "honba:1" in ron.line and ron.record.net == {"E": 18200, "S": 0, "W": -18200}
    tsumo = win(DNOVIKOFF, "E2-2")  # dealer haneman tsumo 6,000 all + 2 honba
    assert "honba:2" in tsumo.line
    assert tsumo.record.net == {"E": 13400, "S": -6200, "W": -6200}  # and 1 stick
    ron3 = win(TANIGUCHI, "S3-2")  # 2,600 + 2 honba (400) + 3 sticks
    assert ron3.record.net == {"E": 0, "S": 6000, "W": -3000}
    for w in (ron, tsumo, ron3):
        assert mjscore.score(w.line).net == w.record.net


def test_a_13_sided_kokushi_is_a_double_yakuman_on_mahjong_soul() -> None:
    w = win(KOKUSHI13, "E3-2")
    assert w.record.value == 64000 and check_win(w).agree


# -- seats, markers and the wall ------------------------------------------------------------


def test_markers_from_four_seat_offsets_round_three_seats() -> None:
    # mjlog and tenhou.net/6 count the source offset over four seats (seat 3 empty):
    # seat 2 calling seat 0's tile writes offset 2, and seat 0 is seat 2's right
    assert decode_meld(15402, 2)[3] == 0 and marker(2, 0, 3) == "+"
    assert marker(0, 2, 3) == "-" and marker(1, 0, 3) == "-" and marker(0, 1, 3) == "+"
    assert "pon:222p+" in win(DNOVIKOFF, "E2-0").line  # N who=0 m=... from seat 1


def _replay() -> Replay:
    hands = [list(range(36 * p, 36 * p + 13)) for p in range(3)] + [[]]
    return Replay(0, 0, 0, hands, [135], tile_of(True), seats=3)


def test_the_live_wall_has_55_tiles_for_haitei() -> None:
    for draws, haitei in ((54, False), (55, True)):
        replay = _replay()
        for n in range(draws):
            seat = n % 3
            replay.draw(seat, 13 + n)
            if n < draws - 1:
                replay.discard(seat, 13 + n)
        hand = replay.win((draws - 1) % 3, (draws - 1) % 3, [])
        assert ("haitei" in hand.ctx.flags) is haitei
        assert hand.ctx.seat_wind == "ESW"[(draws - 1) % 3]


def test_a_chi_or_a_fourth_seat_in_a_three_player_game_is_a_record_error() -> None:
    text = DNOVIKOFF.read_text()
    chi = text.replace('<N who="0" m="37993" />', '<N who="0" m="37991" />', 1)
    assert any(
        isinstance(p, Problem) and p.kind == "error" and "chi" in p.message
        for p in read_hands(chi.encode(), name="chi.mjlog")
    )
    west = text.replace("<T82/>", "<W82/>", 1)
    assert any(
        isinstance(p, Problem) and p.kind == "error" and "seat 3" in p.message
        for p in read_hands(west.encode(), name="w.mjlog")
    )


# -- the command line -----------------------------------------------------------------------


def test_import_then_score_gives_the_records_nets() -> None:
    files = [str(p) for p in AGREEMENT]
    imported = subprocess.run(
        [sys.executable, "-m", "mjscore", "import", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert imported.returncode == 0, imported.stderr
    scored = subprocess.run(
        [sys.executable, "-m", "mjscore", "score", "--file", "-", "--format", "jsonl"],
        input=imported.stdout,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    answers = [json.loads(line) for line in scored.stdout.splitlines() if line.startswith("{")]
    nets = [a["net"] for a in answers if a.get("winner")]  # the wins, not the drawn rounds
    records = [w for p in AGREEMENT for w in wins(p)]
    assert len(nets) == len(records) == 52
    same = [
        {k: v for k, v in n.items() if v or k != "N"} == w.record.net
        for n, w in zip(nets, records, strict=True)
    ]
    assert same.count(False) == 1 and not same[records.index(win(PEINUKI, "E3-0"))]


def test_a_three_player_game_known_by_its_empty_fourth_seat() -> None:
    # tensoul writes a sanma room as "3金の間..." (no 三) and pads the names to four: the
    # empty fourth seat of the rounds says three players, the room says Mahjong Soul
    game = json.loads(KOKUSHI13.read_text(encoding="utf-8"))
    game["rule"]["disp"] = game["title"][0] = "3金の間南喰赤"
    game["name"] = ["a", "b", "c", ""]
    found = [
        w
        for w in read_hands(json.dumps(game, ensure_ascii=False).encode(), name="x.json")
        if isinstance(w, Win)
    ]
    assert len(found) == 6 and all(w.line.endswith(" rules:mahjongsoul-sanma") for w in found)
    assert all(check_win(w).agree for w in found)


def test_a_ron_on_a_north_being_set_aside_keeps_the_robbers_ippatsu() -> None:
    # seat 1 declares riichi on its first discard; seat 0's next turn sets a North (tile
    # id 121) aside and seat 1 wins on it: kita-ron (no chankan), ippatsu kept as a chankan
    # keeps it
    replay = _replay()
    replay.draw(0, 13)
    replay.discard(0, 13)
    replay.draw(1, 49)
    replay.declare_riichi(1)
    replay.discard(1, 49)
    replay.accept_riichi(1)
    replay.draw(2, 85)
    replay.discard(2, 85)
    replay.draw(0, 121)
    replay.set_kita(0, 121)
    ctx = replay.win(1, 0, []).ctx
    assert ctx.flags == {"double-riichi", "ippatsu", "kita-ron"}  # its first discard
    assert (ctx.win_tile, ctx.discarder, ctx.seat_wind) == (tile_of_text("4z"), "-", "S")
    # the kita broke every other ippatsu, as a call does: seat 0 set it aside, not seat 1
    assert replay.ippatsu == [False] * 4 and replay.kita[0] == 1
