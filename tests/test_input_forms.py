"""The hand line as the report shows it and as people type it: upper case, full width,
tile glyphs, kanji; near-miss keys get their fix; stdin without --file (issue 21)."""

from __future__ import annotations

import pytest

from mjscore.base import tiles as T
from mjscore.base.errors import NotationError
from mjscore.core.notation import parse_line
from tests.test_cli import mj

PLAIN = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"


def same_hand(line: str) -> None:
    want, got = parse_line(PLAIN), parse_line(line)
    assert (got.holding, got.ctx) == (want.holding, want.ctx), line


@pytest.mark.parametrize(
    "line",
    [
        "234M406P22S56S CHI:678S RON:4S ROUND:E SEAT:S DORA:1S",
        "234m406p22s56s Chi:678s Ron:4S round:e seat:s Dora:1s",
        "２３４ｍ４０６ｐ２２ｓ５６ｓ　ｃｈｉ：６７８ｓ　ｒｏｎ：４ｓ round:E seat:S dora:1s",
        "🀈🀉🀊406p22s56s chi:🀗🀖🀕 ron:🀓 round:E seat:S dora:🀐",
        "二三四萬4赤五6筒22s56s chi:六七八索 ron:四索 round:東 seat:南 dora:一索",
        "二三四万406p22s56s chi:678s ron:4s round:E seat:S dora:1s",
    ],
)
def test_other_forms_read_as_the_plain_line(line):
    same_hand(line)


def test_every_glyph_the_report_draws_reads_back():
    for tile in range(T.N_TILES):
        assert parse_line(
            f"{T.unicode_tile(tile)} tsumo:1m", require_win=False
        ).holding.concealed == (tile,)


def test_honour_kanji_and_the_variation_selector():
    hand = parse_line("東南西北白發中発🀄️ tsumo:1m")
    assert hand.holding.concealed == (27, 28, 29, 30, 31, 32, 32, 33, 33)


def test_errors_name_the_column_of_the_original_text():
    with pytest.raises(NotationError) as err:
        parse_line("二三四萬406p22s56s chi:678s ron:4x")
    assert err.value.column == 25 and "'ron:4x'" in str(err.value)
    with pytest.raises(NotationError) as err:
        parse_line("２３４ｍ406p22s56s ｒｏｎ：４ｘ")
    assert err.value.column == 16 and "ｒｏｎ：４ｘ" in str(err.value)


def test_superscripts_and_other_scripts_stay_no_digits():
    for line in ("²34m406p22s56s chi:678s ron:4s", "234m406p22s56s chi:678s ron:4s honba:١"):
        with pytest.raises(NotationError):
            parse_line(line)


def test_opt_values_keep_their_case():
    assert parse_line(f"{PLAIN} OPT:Red_Fives=3").ctx.options == (("Red_Fives", "3"),)


@pytest.mark.parametrize(
    ("token", "fix"),
    [
        ("reach", "riichi"),
        ("rn:4s", "ron:4s"),
        ("rno:4s", "ron:4s"),
        ("tsmo:4s", "tsumo:4s"),
        ("dorra:1s", "dora:1s"),
        ("kong:1111m", "kan:1111m"),
        ("ron4s", "ron:4s"),
    ],
)
def test_near_misses_get_their_nearest_fix(token, fix):
    with pytest.raises(NotationError) as err:
        parse_line(f"234m406p22s56s chi:678s {token}")
    assert f"did you mean '{fix}'?" in str(err.value)
    assert err.value.column == 25


def test_piped_stdin_is_read_without_file():
    done = mj("score", "-F", "tsv", stdin=PLAIN + "\n")
    assert done.returncode == 0 and done.stdout.splitlines()[1].startswith("1\ttrue")


@pytest.mark.parametrize("command", ["score", "waits"])
def test_dash_alone_means_stdin(command):
    line = PLAIN if command == "score" else PLAIN.replace(" ron:4s", "")
    done = mj(command, "-", "-F", "jsonl", stdin=line + "\n")
    assert done.returncode == 0 and '"line": 1' in done.stdout
    assert done.stdout == mj(command, "--file", "-", "-F", "jsonl", stdin=line + "\n").stdout


def test_empty_stdin_is_still_no_hand():
    done = mj("score", stdin="")
    assert done.returncode == 2 and "no hand given" in done.stderr
