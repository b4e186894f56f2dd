"""The ledger given values (issue 34): a record's wins as `Entry` values and its game as a
`Header` give the game that `import | game` gives, and `on_win` sees every win it scores."""

from __future__ import annotations

from pathlib import Path

import mjscore
from mjscore.engine.loop import score_line
from mjscore.ledger import Entry, games, read_header, round_mark
from mjscore.records import read_hands
from mjscore.records.draws import Drawn, GameStart
from mjscore.records.model import Win

LOGS = Path(__file__).parent / "data" / "logs"


def _record(path: Path) -> tuple[list[str], list[object]]:
    """A record as import's lines, and as the ledger's values."""
    text: list[str] = []
    values: list[object] = []
    for item in read_hands(path, games=True):
        if isinstance(item, GameStart):
            text.append(item.header())
            header = read_header(item.header())
            assert header is not None
            values.append(header)
        elif isinstance(item, (Win, Drawn)):
            s = item.source
            text.append(f"{item.line}  {round_mark(s.game, s.round, s.honba)}")
            values.append(Entry(item.line, (s.game, s.round, s.honba)))
    return text, values


def test_entries_and_a_header_play_the_game_import_lines_play():
    for name in ("double-ron.mjlog", "2010091009gm-00a9-0000-83af2648_tw_2.mjlog"):
        text, values = _record(LOGS / "mjlog" / name)
        from_text = [g.to_dict() for g in games(text)]
        from_values = [g.to_dict() for g in games(values)]
        assert from_values == from_text
        assert [r.to_dict() for g in games(values) for r in g.rounds] == [
            r.to_dict() for g in games(text) for r in g.rounds
        ]


def test_on_win_sees_each_win_with_the_score_of_its_line():
    text, _ = _record(LOGS / "mjlog" / "double-ron.mjlog")
    seen: dict[int, object] = {}
    (g,) = games(text, on_win=seen.__setitem__)
    win_lines = [i + 1 for i, line in enumerate(text) if not line.startswith(("#", "draw:"))]
    assert sorted(seen) == win_lines
    double = [r for r in g.rounds if len(r.wins) == 2]
    assert double, "the record's double ron is one round of two wins"
    for number in win_lines:
        alone = score_line(text[number - 1])
        result = seen[number]
        assert result.net == alone.net
        assert [y.key for y in result.yaku] == [y.key for y in alone.yaku]


def test_a_header_made_from_values_is_the_game_line_read_back():
    from mjscore.ledger import header_line, header_of

    cases = [
        ("g 1", ("A,B", "%41", "", "D"), "tenhou", "east", "exact", (("uma", "10,5,-5,-10"),)),
        ("", (), None, None, None, (("start", "30000"), ("return", "30000"), ("start", "1"))),
        ("x", ("a", "b", "c"), "sanma", "south", None, (("tenpai-yame", "off"),)),
        ("bad", (), "nonesuch", "long", "up", (("uma", "1,2"), ("west", "maybe"))),
    ]
    for game, players, rules, length, rounding, settings in cases:
        line = header_line(game, players, rules, length, rounding, settings)
        made = header_of(game, players, rules, length, rounding, settings)
        read = read_header(line)
        assert read is not None
        assert made._replace(problems=()) == read._replace(problems=())
        assert len(made.problems) == len(read.problems)  # read's name their columns too
    for path in sorted(LOGS.rglob("*")):
        if path.suffix == ".md" or not path.is_file():
            continue
        for item in read_hands(path, games=True):
            if isinstance(item, GameStart):
                assert item.header_value() == read_header(item.header())


def test_a_reader_that_scores_later_is_not_guarded():
    from mjscore.records.guard import refusal, scored_later

    fifth = mjscore.parse("11112345678999m tsumo:1m round:E seat:E")  # reads, cannot be
    assert refusal(fifth) is not None
    with scored_later():
        assert refusal(fifth) is None
    assert refusal(fifth) is not None
