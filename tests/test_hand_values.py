"""Hands and results are values: hashable, round-tripping, changed only by making new ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mjscore
from mjscore.base import tiles as T
from mjscore.base.frozen import FrozenError, fields, replace

DATA = Path(__file__).parent / "data" / "tenhou-houou.jsonl"
LINES = [json.loads(row)["line"] for row in DATA.read_text(encoding="utf-8").splitlines()]
TANYAO = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"


def test_equal_lines_give_equal_hands_and_equal_hashes():
    a, b = mjscore.parse(TANYAO), mjscore.parse(TANYAO)
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1


def test_two_spellings_of_one_hand_are_one_value():
    a = mjscore.parse("234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s")
    b = mjscore.parse("dora:1s  seat:S 56s 22s 406p 432m round:E ron:4s chi:876s")
    assert a == b and hash(a) == hash(b)
    assert a.text != b.text  # the text as written is kept for messages, not compared


@pytest.mark.parametrize("line", LINES[::7])
def test_str_is_a_canonical_line_that_parses_back(line):
    hand = mjscore.parse(line)
    again = mjscore.parse(str(hand))
    assert again == hand and hash(again) == hash(hand)
    assert str(again) == str(hand)


@pytest.mark.parametrize("line", LINES[::11])
def test_scoring_a_hand_equals_scoring_its_line(line):
    by_text = mjscore.score(line).to_dict()
    by_hand = mjscore.score(mjscore.parse(line)).to_dict()
    assert by_hand == by_text


def test_hands_and_results_cannot_be_changed_in_place():
    hand = mjscore.parse(TANYAO)
    result = mjscore.score(hand)
    with pytest.raises(FrozenError):
        hand.ctx = hand.ctx  # type: ignore[misc]
    with pytest.raises(AttributeError):  # a result is a NamedTuple
        result.verdict = None  # type: ignore[misc]
    assert isinstance(result.yaku, tuple) and isinstance(result.payments, tuple)


def test_what_ifs_are_new_hands_without_text():
    hand = mjscore.parse(TANYAO)
    tsumo = hand.with_win("7s", tsumo=True)
    assert tsumo != hand and tsumo.ctx.tsumo and tsumo.ctx.win_tile == T.tile_from(7, "s")
    assert hand.ctx.win_tile == T.tile_from(4, "s")  # the original is untouched
    assert mjscore.parse(str(tsumo)) == tsumo
    # 234m 456p 22s 567s + chi 678s, tsumo 7s: open tanyao, dora 2 (22s), red five: 4 han
    # 30 fu, paid by a non-dealer tsumo as 2,000 / 3,900 (the result's value is 7,900)
    r = mjscore.score(tsumo)
    assert (r.han, r.fu, r.value) == (4, 30, 7900)
    more_dora = hand.with_dora("3m")  # the dora 4m: one more han
    assert more_dora.ctx.dora == (T.tile_from(1, "s"), T.tile_from(3, "m"))
    assert mjscore.score(more_dora).han == mjscore.score(hand).han + 1
    assert hand.with_flags("riichi").without_flags("riichi") == hand


def test_a_red_indicator_added_by_a_what_if_writes_and_reads_back():
    hand = mjscore.parse(TANYAO.replace("dora:1s", "dora:0s"))
    more = hand.with_dora("3m", "0m")
    assert more.ctx.dora_reds == (T.tile_from(5, "m"), T.tile_from(5, "s"))  # sorted
    assert mjscore.parse(str(more)) == more
    assert str(more).endswith("dora:0s,3m,0m")


def test_a_waiting_hand_parses_only_when_asked():
    with pytest.raises(mjscore.base.errors.NotationError):
        mjscore.parse("234m406p22s56s chi:678s")
    waiting = mjscore.parse("234m406p22s56s chi:678s", require_win=False)
    assert not waiting.has_win and len(waiting.all_winner_tiles) == 13
    won = waiting.with_win("4s", discarder="=")
    assert mjscore.score(won).ok
    assert won.without_win() == waiting


@pytest.mark.parametrize("bad", ["4", "44s", "8z", "x1", 34, -1])
def test_a_what_if_tile_must_be_one_tile(bad):
    with pytest.raises(ValueError):
        mjscore.parse(TANYAO).with_win(bad)


def test_the_result_carries_its_ruleset_title():
    assert mjscore.score(TANYAO).title == mjscore.load_ruleset("riichi").title


@pytest.mark.parametrize("line", LINES[::13])
def test_a_parsed_hand_is_the_hand_its_constructors_make(line):
    """The parser hands each value its fields in one step (frozen.from_fields): the values
    are those the public constructors make, field for field."""
    from mjscore.core.hand import Hand, Holding, Meld, WinContext

    parsed = mjscore.parse(line)

    def held(h):
        return Holding(
            h.concealed,
            h.concealed_reds,
            tuple(Meld(m.kind, m.tiles, m.reds, m.source, m.column) for m in h.melds),
            h.flowers,
            h.riichi,
        )

    ctx = WinContext(**{f.name: getattr(parsed.ctx, f.name) for f in fields(WinContext)})
    built = Hand(
        held(parsed.holding),
        ctx,
        tuple((s, held(h)) for s, h in parsed.others),
        parsed.text,
        parsed.columns,
    )
    assert built == parsed and hash(built) == hash(parsed) and repr(built) == repr(parsed)
    assert built.all_winner_tiles == parsed.all_winner_tiles
    assert [m.column for m in built.holding.melds] == [m.column for m in parsed.holding.melds]
    with pytest.raises(FrozenError):
        parsed.holding.melds = ()  # type: ignore[misc]
    assert replace(parsed.ctx, honba=3).honba == 3
