"""The readers build `Hand` values and the core's one writer writes their lines.

Over every record of the corpus (tests/data/logs, examples/records): each win's line
reads back to the very hand the reader built (so the writer and the parser cannot
drift), scoring that hand is scoring its line, and the line holds the canonical
line's tokens, only in the order `mjscore import` writes (records.model.record_order).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjscore.core.hand import LineOrder, format_line
from mjscore.core.notation import parse_line
from mjscore.engine.loop import score_hand, score_line
from mjscore.records import Win, read_hands
from mjscore.records.check import check_win

ROOT = Path(__file__).parent.parent
RECORDS = sorted(
    p
    for folder in (ROOT / "tests" / "data" / "logs", ROOT / "examples" / "records")
    for p in folder.rglob("*")
    if p.is_file() and p.suffix != ".md"
)


def wins(path: Path) -> list[Win]:
    return [w for w in read_hands(path) if isinstance(w, Win)]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name[:40])
def test_every_win_is_a_hand_whose_line_reads_back_to_it(path: Path) -> None:
    for win in wins(path):
        assert win.hand is not None and win.hand.text == win.line
        assert parse_line(win.line) == win.hand, win.line
        canonical = format_line(win.hand)
        assert str(win.hand) == canonical == str(parse_line(canonical))
        assert sorted(win.line.split()) == sorted(canonical.split()), win.line


def test_the_corpus_has_every_kind_of_record() -> None:
    """The round trip above meets all four readers, three players and kita."""
    lines = [w.line for p in RECORDS for w in wins(p)]
    assert len(lines) > 1000
    assert {p.parent.name for p in RECORDS} >= {"mjlog", "tenhou6", "majsoul", "mjai", "sanma"}
    assert any(" kita:" in line for line in lines) and any(" opt:" in line for line in lines)


@pytest.mark.slow
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name[:40])
def test_check_scores_the_hand_as_score_scores_its_line(path: Path) -> None:
    for win in wins(path):
        assert win.hand is not None
        by_value, by_line = score_hand(win.hand).to_dict(), score_line(win.line).to_dict()
        assert by_value == by_line, win.line
        assert (
            check_win(win).result.to_dict()
            == check_win(Win(win.line, win.source, win.record, win.rules)).result.to_dict()
        )


def test_an_order_moves_tokens_and_changes_nothing_else() -> None:
    # the tokens of the line below, by hand: canonical order first (flags sorted, kita
    # after the counters, options by name), then the order an imported line is written in
    hand = parse_line(
        "12345789p99s555z ron:6p- round:E seat:S dora:9m ura:3p kita:1 honba:2 sticks:2 "
        "riichi-by:E riichi ippatsu rules:sanma opt:renhou=mangan opt:double_yakuman=off"
    )
    head = "12345789p99s555z ron:6p- round:E seat:S dora:9m ura:3p"
    assert format_line(hand) == (
        f"{head} honba:2 sticks:2 kita:1 riichi-by:E ippatsu riichi rules:sanma "
        "opt:double_yakuman=off opt:renhou=mangan"
    )
    order = LineOrder(("riichi", "ippatsu"), kita_first=True, options=("renhou", "double_yakuman"))
    assert format_line(hand, order) == (
        f"{head} kita:1 honba:2 sticks:2 riichi-by:E riichi ippatsu rules:sanma "
        "opt:renhou=mangan opt:double_yakuman=off"
    )
    assert parse_line(format_line(hand, order)) == hand
    # a flag or option the order does not name comes after those it names, sorted
    more = hand.with_flags("houtei")
    assert " riichi ippatsu houtei " in format_line(more, order)
