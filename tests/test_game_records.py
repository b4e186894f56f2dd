"""Every real record's game reproduced by `import | game` and `check` (issue 30).

The records are real (tests/data/logs, with their sources in the READMEs there) or,
where no public record shows a case, a small tenhou.net/6 round written by hand here
(a four-riichi draw, a call that only the later actions place, a converted all-ready
draw), with what it must give worked out beside it.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

import mjscore
from mjscore.cli.records import import_command
from mjscore.ledger import read_mark, round_mark
from tests.cli_helpers import run

LOGS = Path(__file__).parent / "data" / "logs"


def _import(source: str | bytes | Path, name: str = "hand.json") -> tuple[list[str], str]:
    """The lines `import` writes for a record (a path, or a record's text) and its stderr."""
    path = source
    if isinstance(source, (str, bytes)):
        from tempfile import mkdtemp

        path = Path(mkdtemp()) / name
        path.write_bytes(source.encode() if isinstance(source, str) else source)
    out, err = io.StringIO(), io.StringIO()
    import_command([str(path)], out=out, err=err)
    return out.getvalue().splitlines(), err.getvalue()


def _check(capsys, *paths: str) -> tuple[int, dict, list[dict]]:
    code, out, _ = run("check", "-q", "-F", "jsonl", *paths, capsys=capsys)
    records = [json.loads(x) for x in out.splitlines()]
    return code, records[-1]["summary"], [r["game"] for r in records if "game" in r]


# -- every game of the test data -------------------------------------------------------------


def test_every_record_agrees_round_by_round_and_at_the_end(capsys):
    # fastmaj's 77 games of 2009-2021 (the 5-10 uma of 2009, the all-last dealer ready
    # at a draw before and after June 2010) and every other record of the test data
    paths = [str(LOGS / d) for d in ("fastmaj", "mjlog", "tenhou6", "sanma")]
    code, summary, games = _check(capsys, *paths)
    differing = {g["game"]: g["differences"] for g in games if g["differences"]}
    # the one difference, named in logs/sanma/README.md: the converter leaves the riichi
    # stick out of the winner's change in that round; the next round and the end agree
    assert list(differing) == ["hidacow__kokushi_peinuki"]
    assert differing["hidacow__kokushi_peinuki"] == [
        "E3-0: record [15400, 44600, 45000] -> [-33600, 44600, 93000], "
        "ledger [15400, 44600, 45000] -> [-33600, 44600, 94000]"
    ]
    g = summary["games"]
    assert g["total"] >= 77 + 91 + 8
    assert g["owari"] == g["owari_agree"] >= 77 + 23
    assert g["rounds_agree"] == g["rounds"] - 1 > 1150


def test_the_uma_and_the_all_last_rule_come_from_the_log_id():
    head = _import(LOGS / "fastmaj" / "2009071823gm-0041-0000-ff3a2214&tw=0.mjlog")[0][0]
    assert head.endswith("rules:tenhou length:east uma:10,5,-5,-10 tenpai-yame:off")
    # 2009's 鳳凰 room already had 10-20; a game of June 2010 on: today's rules
    head = _import(LOGS / "fastmaj" / "2009082713gm-00e1-0000-8820f355&tw=3.mjlog")[0][0]
    assert "uma:" not in head and head.endswith("tenpai-yame:off")
    head = _import(LOGS / "fastmaj" / "2010060800gm-0061-0000-6d767860&tw=1.mjlog")[0][0]
    assert "uma:" not in head and "tenpai-yame" not in head


def test_a_dealer_ready_and_first_in_all_last_of_2009_plays_on(capsys):
    # fastmaj 2009082713gm-00e1 E4-0: the dealer (player 3) ready with 30,700 and first;
    # the record goes on to E4-1, where player 0 wins and the game ends (owari 236 ...)
    lines, _ = _import(LOGS / "fastmaj" / "2009082713gm-00e1-0000-8820f355&tw=3.mjlog")
    g = mjscore.game(lines)
    assert [(r.round, r.honba) for r in g.rounds][-2:] == [("E4", 0), ("E4", 1)]
    assert g.rounds[-2].tenpai == (1, 2, 3) and g.rounds[-2].scores[3] == 30700
    assert g.ended and g.final == (23600, 24000, 21700, 30700)
    assert g.result == (-16.0, 4.0, -28.0, 40.0)


def test_results_with_tenths_are_written_exact():
    # double-ron.mjlog's owari with the tenths a record of 2023 on gives: 33,400 second
    # (3.4 + 10), 36,000 first (6 + 20 + 20 oka), 32,000 third (2 - 10), -1,400 last
    # (-31.4 - 20); Tenhou's rounding to the thousand would give 13 and -51
    text = (LOGS / "mjlog" / "double-ron.mjlog").read_text(encoding="utf-8")
    old = 'owari="334,13.0,360,46.0,320,-8.0,-14,-51.0"'
    assert old in text
    tenths = text.replace(old, 'owari="334,13.4,360,46.0,320,-8.0,-14,-51.4"')
    lines, _ = _import(tenths, "2023010100gm-00a9-0000-00000000.mjlog")
    assert "rounding:exact" in lines[0]
    assert mjscore.game(lines).result == (13.4, 46.0, -8.0, -51.4)
    assert "rounding" not in _import(text, "double-ron.mjlog")[0][0]


def test_a_three_player_game_the_record_ends_is_ended(capsys):
    # hidacow's chankan record (Mahjong Soul, 三銀の間): the all-last dealer (E3) wins and
    # is first: the game ends, as the record's final sc says
    lines, _ = _import(LOGS / "sanma" / "hidacow__chankan.json")
    g = mjscore.game(lines)
    assert g.ended and g.end == "the dealer stops in all-last as first"
    assert g.final == (20200, 25800, 59000) and g.result == (-29.8, -9.2, 39.0)


# -- the readers ----------------------------------------------------------------------------

HANDS = [
    [11, 12, 13, 14, 15, 16, 17, 17, 18, 19, 21, 22, 23],
    [31, 32, 33, 34, 35, 36, 37, 38, 39, 42, 42, 43, 43],
    [17, 17, 41, 41, 24, 25, 26, 27, 28, 29, 44, 44, 45],
    [41, 12, 13, 14, 15, 16, 18, 19, 21, 22, 23, 24, 25],
]


def _round(head, rows, result, scores=(25000, 25000, 25000, 25000)):
    """A tenhou.net/6 round: [round, honba, sticks], scores, dora, ura, then each seat's
    hand, draws and discards, then the result."""
    out = [list(head), list(scores), [46], []]
    for hand, (draws, discards) in zip(HANDS, rows, strict=True):
        out += [hand, draws, discards]
    return out + [result]


def _record(*rounds, title="") -> str:
    return json.dumps(
        {
            "title": [title, ""],
            "name": ["A", "B", "C", "D"],
            "rule": {"disp": "鳳南喰赤", "aka": 1},
            "log": list(rounds),
        },
        ensure_ascii=False,
    )


def test_the_fourth_riichi_stick_of_a_four_riichi_draw_is_on_the_table():
    # each seat draws 47 and declares riichi on it (r60); the fourth riichi discard ends
    # the round: four sticks, the next round starts with them
    rows = [([47], ["r60"])] * 4
    lines, err = _import(_record(_round((0, 0, 0), rows, ["四家立直"])))
    assert err == ""
    assert lines[1].startswith("draw:four-riichi round:E sticks:4 riichi-by:E,S,W,N ")
    g = mjscore.game(lines)
    assert g.ok and g.rounds[0].changes == (-1000,) * 4 and g.rounds[0].sticks == 4


def test_a_call_of_the_second_of_two_identical_discards_is_placed_by_looking_ahead():
    # seat 2 discards 7p (17); seat 3 discards East (41); seat 2 pons it and discards its
    # second 7p, which seat 0 pons (17p1717: from across). At the first 7p seat 0's next
    # entry is that pon already: bound there, the replay cannot go on (seat 2 would have
    # to draw its own pon), so the pon is bound to the second 7p
    rows = [
        ([47, "17p1717"], [60, 11]),
        ([47, 38], [60, 60]),
        ([47, "4141p41", 46], [17, 17, 60]),
        ([47, 46], [41, 60]),
    ]
    lines, err = _import(_record(_round((0, 0, 0), rows, ["全員不聴"])))
    assert err == ""
    assert lines[1].startswith("draw:exhaustive round:E tenpai:none ")


def test_a_converted_all_ready_draw_is_read_from_the_next_rounds_start():
    # tensoul writes 流局 with no changes for all ready and for all noten alike; the next
    # round says which: the same round with honba + 1 (the dealer stayed) is all ready
    rows = [([47], [60])] * 4
    draw = ["流局", [0, 0, 0, 0]]
    stayed = _record(_round((0, 0, 0), rows, draw), _round((0, 1, 0), rows, draw))
    lines, _ = _import(stayed)
    assert lines[1].startswith("draw:exhaustive round:E tenpai:E,S,W,N ")
    passed = _record(_round((0, 0, 0), rows, draw), _round((1, 1, 0), rows, draw))
    lines, _ = _import(passed)
    assert lines[1].startswith("draw:exhaustive round:E tenpai:none ")


# -- the round marks import writes -----------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["double ron", "a#b", "tab\there", "esc\x1b[2J", "line\nbreak", "\ufffd\u202e", "%41"]
)
def test_a_round_mark_reads_back_whatever_the_games_name(name):
    mark = round_mark(name, "E4", 1)
    assert "\n" not in mark and "\x1b" not in mark and mark.count("#") == 1
    assert read_mark(f"draw:exhaustive round:E  {mark}") == (name, "E4", 1)


def test_a_record_file_with_a_blank_in_its_name_checks_and_plays(capsys, tmp_path):
    # the bug: `double ron.mjlog` gave a false disagreement in check and an error in game
    data = (LOGS / "mjlog" / "double-ron.mjlog").read_bytes()
    names = ["double ron.mjlog", "x#y.mjlog", os.fsdecode(b"odd\xff name.mjlog")]
    for name in names:
        (tmp_path / name).write_bytes(data)
    code, summary, games = _check(capsys, str(tmp_path))
    assert code == 0 and [g["differences"] for g in games] == [[], [], []]
    lines, _ = _import(tmp_path / "double ron.mjlog")
    assert lines[0].startswith("# game double%20ron ")
    assert lines[1].endswith("  # double%20ron E1-0")
    code, out, err = run("game", "-F", "jsonl", "-", capsys=capsys, stdin="\n".join(lines) + "\n")
    assert code == 0, err
    assert json.loads(out.splitlines()[-1])["game"] == "double ron"
