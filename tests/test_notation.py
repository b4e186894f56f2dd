"""The hand line of NOTATION.md: every token kind, and an error with a column for bad text."""

from __future__ import annotations

import pytest

from mjscore.base import tiles as T
from mjscore.base.errors import NotationError
from mjscore.core.hand import ANKAN, CHI, KAKAN, KAN, PON, seat_from
from mjscore.core.notation import format_line, is_blank, parse_line


def test_concealed_groups_together_or_apart_are_the_same():
    a = parse_line("123m456p11z789s22z ron:2z")
    b = parse_line("123m 456p 11z 789s 22z ron:2z")
    assert a.holding == b.holding
    assert len(a.holding.concealed) == 13


def test_red_fives_are_fives_with_a_red_mark():
    line = parse_line("406p123m11z789s22z ron:0m")
    assert T.tile_from(5, "p") in line.holding.concealed
    assert line.holding.concealed_reds == (T.tile_from(5, "p"),)
    assert line.ctx.win_tile == T.tile_from(5, "m") and line.ctx.win_red
    assert line.red_count == 2


@pytest.mark.parametrize(
    "token, kind, size, source",
    [
        ("chi:234p", CHI, 3, None),
        ("chi:342p", CHI, 3, None),
        ("pon:555p=", PON, 3, "="),
        ("pon:055p", PON, 3, None),
        ("kan:5555s+", KAN, 4, "+"),
        ("ankan:1111z", ANKAN, 4, None),
        ("kakan:7777z-", KAKAN, 4, "-"),
    ],
)
def test_every_meld_kind(token, kind, size, source):
    line = parse_line(f"{token} 11m ron:1m")
    meld = line.holding.melds[0]
    assert (meld.kind, len(meld.tiles), meld.source) == (kind, size, source)
    assert meld.column == 1


def test_melds_keep_their_call_order():
    line = parse_line("11m pon:777z= pon:666z+ pon:555z- 99p ron:9p=")
    assert [m.tiles[0] for m in line.holding.melds] == [T.RED, T.GREEN, T.WHITE]


@pytest.mark.parametrize("marker, seat", [("-", "E"), ("=", "N"), ("+", "W")])
def test_ron_marker_names_the_discarder_relative_to_the_winner(marker, seat):
    line = parse_line(f"123m456p789s1122z ron:1z{marker} seat:S")
    assert line.ctx.discarder == marker
    assert line.ctx.discarder_seat == seat == seat_from("S", marker)


def test_context_tokens_and_flags():
    line = parse_line(
        "1112345678999p tsumo:9p riichi ippatsu round:S seat:W dora:3p,0s "
        "ura:8m honba:2 sticks:1 rules:riichi opt:kiriage_mangan=on"
    )
    ctx = line.ctx
    assert (ctx.round_wind, ctx.seat_wind, ctx.honba, ctx.sticks) == ("S", "W", 2, 1)
    assert ctx.dora == (T.tile_from(3, "p"), T.tile_from(5, "s"))
    assert ctx.dora_reds == (T.tile_from(5, "s"),)
    assert ctx.ura == (T.tile_from(8, "m"),)
    assert ctx.flags == {"riichi", "ippatsu"}
    assert ctx.rules == "riichi" and ctx.options == (("kiriage_mangan", "on"),)
    assert ctx.tsumo and ctx.discarder is None


def test_defaults_are_east_round_south_seat():
    ctx = parse_line("123m456p789s1122z tsumo:1z").ctx
    assert (ctx.round_wind, ctx.seat_wind, ctx.honba, ctx.sticks) == ("E", "S", 0, 0)


def test_comments_and_blank_lines():
    assert is_blank("   ") and is_blank("# only a comment") and not is_blank("11m ron:1m")
    line = parse_line("123m456p789s1122z ron:1z   # a note with pon:55p in it")
    assert line.ctx.win_tile == T.EAST


def test_several_players_in_one_line():
    line = parse_line(
        "13m777m55s pon:111p- pon:333z= ron:2m= seat:W round:E breach:S "
        "/ E: pon:777z 222p / S: pon:222z 999s flowers:2f / N: 444m riichi"
    )
    others = line.others_by_seat
    assert set(others) == {"E", "S", "N"}
    assert others["S"].flowers == (T.FLOWER_BASE + 1,)
    assert others["N"].riichi
    assert line.ctx.breach == "S"


@pytest.mark.parametrize(
    "text",
    [
        "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s,0p honba:1 sticks:2",
        "13m777m55s pon:111p- pon:333z= ron:2m= seat:W round:E breach:S / E: pon:777z 222p",
        "19m19p19s1234567z ron:1m rules:arushal seat:E opt:x=1",
        "11m pon:055p= kan:5555s+ ankan:1111z kakan:7777z- tsumo:1m rinshan",
    ],
)
def test_format_round_trips(text):
    once = parse_line(text)
    again = parse_line(format_line(once))
    assert (again.holding, again.ctx, again.others) == (once.holding, once.ctx, once.others)


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("123m456p789s1122z ron:1z pon:55p", 26, "'pon:55p' is not a pon: a pon has three equal"),
        ("123m456p789s1122z ron:1z chi:235p", 26, "is not a chi"),
        ("123m456p789s1122z ron:1z chi:567z", 26, "is not a chi"),
        ("123m456p789s1122z ron:1z kan:555p", 26, "is not a kan"),
        ("123m456p789s1122z ron:1z ankan:5555p=", 26, "takes no source marker"),
        ("123m456p789s1122z ron:1z chi:345p=", 26, "always called from the left"),
        ("123m456p789s1128z ron:1z", 1, "honours are 1z-7z"),
        ("123m456p789s1122 ron:1z", 1, "without a suit letter"),
        ("123m456p789s1122x ron:1z", 1, "expected one of m, p, s, z"),
        ("123m456p789s1122z ron:1z2z", 19, "exactly one winning tile"),
        ("123m456p789s1122z tsumo:1z=", 19, "no discarder marker"),
        ("123m456p789s1122z ron:1z ron:2z", 26, "second win token (the first is at column 19)"),
        ("123m456p789s1122z ron:1z round:X", 26, "needs a wind"),
        ("123m456p789s1122z ron:1z honba:-1", 26, "needs a whole number"),
        ("123m456p789s1122z ron:1z seat:E seat:S", 33, "repeats seat:"),
        ("123m456p789s1122z ron:1z riichii", 26, "is not a tile group, meld, win"),
        ("123m456p789s1122z ron:1z foo:bar", 26, "is not a meld, win or context token"),
        ("123m456p789s1122z ron:1z opt:kiriage", 26, "needs NAME=VALUE"),
        ("123m456p789s1122z ron:1z dora:", 26, "has no tiles"),
        ("123m456p789s1122z ron:1z / X: 11m", 28, "seat after ' / '"),
        ("123m456p789s1122z ron:1z / E: ippatsu", 31, "is a flag of the winner"),
        ("123m456p789s1122z ron:1z flowers:5f", 26, "numbered 1-4"),
    ],
)
def test_errors_name_the_token_and_its_column(text, column, words):
    with pytest.raises(NotationError) as info:
        parse_line(text)
    err = info.value
    assert err.column == column, str(err)
    assert words in str(err)
    assert str(err).startswith(f"column {column}: '")


def test_a_line_without_a_win_says_what_to_add():
    with pytest.raises(NotationError, match="no win token: add tsumo:<tile> or ron:<tile>"):
        parse_line("123m456p789s1122z")


# -- each token is read once per run; the checks that depend on the line come first ---------


@pytest.mark.parametrize(
    "text, column, words",
    [
        # a repeated key is the error even when its value is also bad
        ("123m456p789s1122z ron:1z round:E round:X", 34, "repeats round: (first at column 26)"),
        ("123m456p789s1122z ron:1z ron:9x", 26, "second win token (the first is at column 19)"),
        ("123m456p789s1122z ron:1z flowers:1f flowers:9f", 37, "repeats flowers:"),
        # after ' / ' a winner's token is out of place, whatever its value
        ("123m456p789s1122z ron:1z / E: ron:9x", 31, "belongs to the winner's part"),
        ("123m456p789s1122z ron:1z / E: round:Q", 31, "belongs to the winner's part"),
        ("123m456p789s1122z ron:1z / E: 11x", 31, "expected one of m, p, s, z"),
    ],
)
def test_a_bad_value_is_reported_after_the_checks_of_its_place(text, column, words):
    for _ in range(2):  # the second time the token's reading comes from the cache
        with pytest.raises(NotationError) as info:
            parse_line(text)
        assert info.value.column == column and words in str(info.value), str(info.value)


SPACED = [
    "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s,0p honba:1 riichi",
    "11m pon:055p= kan:5555s+ ankan:1111z kakan:7777z- tsumo:1m rinshan RIICHI",
    "13m777m55s pon:111p- pon:333z= ron:2m= seat:W breach:S / E: pon:777z 222p riichi",
    "123m456p789s1122z ron:1z opt:kiriage_mangan=on opt:x=1 opt:kiriage_mangan=on",
]


@pytest.mark.parametrize("text", SPACED)
@pytest.mark.parametrize("blank", [" ", "  ", "\t", " \u3000 "])
def test_columns_point_at_their_tokens_however_the_line_is_spaced(text, blank):
    """One blank between tokens is the quick way to columns; any other spacing finds them."""
    line = blank + blank.join(text.split()) + ("  # a note" if blank != " " else "")
    hand = parse_line(line)
    assert hand == parse_line(text)
    for key, column in hand.columns.items():
        written = line[column - 1 :].split()[0]
        if key == "win":
            assert written.startswith(("tsumo:", "ron:")), (key, written)
        elif key == "concealed":
            assert written[0].isdigit(), written
        elif key.startswith("opt:"):
            assert written.startswith(key + "="), (key, written)
        elif key in hand.ctx.flags:
            assert written.lower() == key, (key, written)
        else:
            assert written.startswith(key + ":"), (key, written)
    for held in (hand.holding, *(h for _, h in hand.others)):
        for meld in held.melds:
            assert line[meld.column - 1 :].startswith(meld.kind + ":"), meld


@pytest.mark.parametrize(
    ("token", "fix"),
    [
        ("riichi-bi:E", "riichi-by:E"),  # a key the hints once did not know
        ("kitaa:1", "kita:1"),
        ("rn:2z", "ron:2z"),
        ("kong:1111m", "kan:1111m"),
    ],
)
def test_every_key_of_the_notation_has_its_typo_hint(token, fix):
    """The hints read the notation's one list of keys (notation.KEYS), so a key added to
    the notation is suggested too."""
    with pytest.raises(NotationError) as err:
        parse_line(f"123m456p789s11z22z {token} ron:2z")
    assert err.value.message.endswith(f"did you mean '{fix}'?")


def test_the_error_lists_the_notation_s_keys():
    from mjscore.core.notation import KEYS

    with pytest.raises(NotationError) as err:
        parse_line("123m456p789s11z22z nokey:1 ron:2z")
    assert f"(known: {' '.join(KEYS)})" in err.value.message
    assert "riichi-by" in KEYS and "kita" in KEYS
