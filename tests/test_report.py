"""Every reporter rendered from one shared set of results.

The results are written out by hand from the hands themselves (not produced by
the engine), so these tests pin what each format shows, whatever the core is
doing today. The rich report is rendered as plain text (a StringIO is not a
terminal, so no colours) and compared with tests/snapshots/; set
UPDATE_SNAPSHOTS=1 to rewrite the snapshot files after a deliberate change.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.base.errors import NotationError, NoYaku
from mjscore.core.result import (
    FuItem,
    HanFu,
    Liability,
    Payment,
    PlayerTally,
    PointsDoubles,
    ScoreResult,
    Verdict,
    YakuMatch,
)
from mjscore.report import FORMATS, caret, describe, error_line, make_reporter, safe, tsv_cell

SNAPSHOTS = Path(__file__).parent / "snapshots"
OPTIONS = {
    "open_tanyao": True,
    "red_fives": 3,
    "kiriage_mangan": False,
    "pao": ["daisangen", "daisuushii"],
}


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch):
    """The same text whatever the shell running pytest says about width and colour."""
    for name in ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)


def made(
    line: int,
    input: str,
    rules: str,
    options: dict,
    *,
    error=None,
    parsed=None,
    score=None,
    han=None,
    fu=None,
    fu_items=(),
    limit=None,
    yakuman=0,
    ok=True,
    **verdict,
) -> ScoreResult:
    """A result written out by hand: the verdict's fields, or the error."""
    title = mjscore.load_ruleset(rules).title
    if error is not None or not ok:
        return ScoreResult(line, input, rules, options, error=error, hand=parsed, title=title)
    score = score or HanFu(han, fu, tuple(fu_items), limit, yakuman)
    for key in ("yaku", "payments", "notes"):
        verdict[key] = tuple(verdict.get(key, ()))
    verdict.setdefault("net", {})
    verdict.setdefault("value", 0)
    return ScoreResult(
        line, input, rules, options, Verdict(score, **verdict), hand=parsed, title=title
    )


def _tanyao() -> ScoreResult:
    """Open tanyao, two dora (indicator 1s: dora 2s, the 22s pair), one red five.

    S wins by ron on N's discard ('=' is across: S + 2 seats = N):
    4 han 30 fu non-dealer = 7,700, plus one honba (300) from the discarder.
    """
    line = "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s honba:1"
    return made(
        line=1,
        input=line,
        rules="riichi",
        options=OPTIONS,
        ok=True,
        winner="S",
        win="ron",
        discarder="N",
        yaku=[
            YakuMatch("tanyao", "Tanyao", 1, japanese="断幺九"),
            YakuMatch("dora", "Dora", 2, japanese="ドラ", times=2),
            YakuMatch("aka_dora", "Red five", 1, japanese="赤ドラ", times=1),
        ],
        han=4,
        fu=30,
        fu_items=[FuItem("base", 20), FuItem("open hand of 20 fu raised", 10)],
        value=7700,
        payments=[Payment("N", "S", 7700, "ron"), Payment("N", "S", 300, "honba", 1, "honba ×1")],
        net={"E": 0, "S": 8000, "W": 0, "N": -8000},
        reading="234m 456p 456s (678s) 22s [ryanmen]",
        parsed=mjscore.parse(line),
    )


def _daisangen() -> ScoreResult:
    """Big three dragons; E ('-', left of S) fed the third dragon: E and N pay half each."""
    line = "111m9p pon:777z= pon:666z+ pon:555z- ron:9p="
    return made(
        line=2,
        input=line,
        rules="riichi",
        options=OPTIONS,
        ok=True,
        winner="S",
        win="ron",
        discarder="N",
        yaku=[YakuMatch("daisangen", "Daisangen", 13, japanese="大三元", yakuman=1)],
        limit="yakuman",
        yakuman=1,
        value=32000,
        payments=[
            Payment("E", "S", 16000, "liability", label="liability (half)"),
            Payment("N", "S", 16000, "ron"),
        ],
        net={"E": -16000, "S": 32000, "W": 0, "N": -16000},
        liability=Liability(
            "E",
            ("daisangen",),
            "E fed the third dragon (pon:555z- from E, left): E pays half of "
            "the daisangen, N pays the other half",
        ),
        parsed=mjscore.parse(line),
    )


def _notation_error() -> ScoreResult:
    line = "234m406p22s pon:55p ron:4s"
    error = NotationError("'pon:55p' is not a pon: a pon has three equal tiles", 13, "pon:55p")
    return made(line=3, input=line, rules="riichi", options=OPTIONS, error=error)


def _no_yaku() -> ScoreResult:
    line = "123m456p78s11z chi:234s ron:9s"
    return made(
        line=4,
        input=line,
        rules="riichi",
        options=OPTIONS,
        error=NoYaku("the hand is open and has no yaku"),
        parsed=mjscore.parse(line),
    )


def _haneman_tsumo() -> ScoreResult:
    """Dealer riichi tsumo: riichi, tsumo, red dragon, three dora (indicator 6z: dora 7z).

    20 base + 2 tsumo + 2 dragon pair + 8 concealed honour triplet = 32 -> 40 fu;
    6 han is haneman: 6,000 from each player, plus 2,000 in deposits from the table.
    """
    line = "123m456p789s55z77z tsumo:7z riichi seat:E dora:6z sticks:2"
    return made(
        line=5,
        input=line,
        rules="riichi",
        options=OPTIONS,
        ok=True,
        winner="E",
        win="tsumo",
        yaku=[
            YakuMatch("riichi", "Riichi", 1, japanese="立直"),
            YakuMatch("menzen_tsumo", "Menzen tsumo", 1, japanese="門前清自摸和"),
            YakuMatch("chun", "Yakuhai: red", 1, japanese="中"),
            YakuMatch("dora", "Dora", 3, japanese="ドラ", times=3),
        ],
        han=6,
        fu=40,
        limit="haneman",
        fu_items=[
            FuItem("base", 20),
            FuItem("tsumo", 2),
            FuItem("pair of dragons 5z", 2),
            FuItem("concealed triplet 777z", 8),
            FuItem("rounded up to 10", 8),
        ],
        value=18000,
        payments=[
            Payment("S", "E", 6000, "tsumo"),
            Payment("W", "E", 6000, "tsumo"),
            Payment("N", "E", 6000, "tsumo"),
            Payment("table", "E", 2000, "deposits", 2, "riichi deposits ×2"),
        ],
        net={"E": 20000, "S": -6000, "W": -6000, "N": -6000},
        notes=["a note from the core"],
        parsed=mjscore.parse(line),
    )


def results() -> list[ScoreResult]:
    return [_tanyao(), _daisangen(), _notation_error(), _no_yaku(), _haneman_tsumo()]


def render(fmt: str, items: list[ScoreResult] | None = None) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    reporter = make_reporter(fmt, out, err)
    for r in results() if items is None else items:
        reporter.emit(r)
    reporter.close()
    return out.getvalue(), err.getvalue()


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} changed (UPDATE_SNAPSHOTS=1)"


# -- shared helpers -------------------------------------------------------------------------


def test_describe_and_error_line():
    bad = _notation_error()
    assert describe(bad.error) == "column 13: 'pon:55p' is not a pon: a pon has three equal tiles"
    assert error_line(bad) == (
        "line 3: column 13: 'pon:55p' is not a pon: a pon has three equal tiles"
    )
    assert error_line(_no_yaku()) == "line 4: no yaku: the hand is open and has no yaku"
    already = NoYaku("no yaku: only dora")
    assert describe(already) == "no yaku: only dora"


def test_caret_sits_under_the_token():
    text = "234m406p22s pon:55p ron:4s"
    line = caret(text, 13, "pon:55p")
    assert line == " " * 12 + "^" * 7
    assert text[line.index("^") :][:7] == "pon:55p"


# -- machine formats ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "234m406p22s56s chi:678s ron4s= round:E seat:S",  # the token on the first piece
        "234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s honba:x",  # on the second
    ],
)
def test_an_error_on_a_narrow_terminal_wraps_at_words_and_keeps_the_caret_under_its_token(line):
    from mjscore.report.rich_report import error_report

    result = mjscore.score(line)
    err = result.error
    wide = [t.plain for t in error_report(result)]
    assert len(wide) == 3 and wide[0].startswith("line 1: column ")  # a file, a pipe: as before
    narrow = [t.plain for t in error_report(result, 40)]
    assert all(len(x) <= 40 for x in narrow), narrow
    assert " ".join(" ".join(narrow).split()).startswith(" ".join(wide[0].split()))
    carets = [i for i, x in enumerate(narrow) if x.strip() and set(x.strip()) == {"^"}]
    assert len(carets) == 1, narrow
    above, marks = narrow[carets[0] - 1], narrow[carets[0]]
    start = marks.index("^")
    assert above[start : start + len(err.token)] == err.token, narrow
    echoed = [x for x in narrow if x.startswith("  ") and set(x.strip()) != {"^"}]
    assert " ".join(echoed).split() == line.split()  # every token whole, in order


def test_jsonl_one_record_per_result_in_order():
    out, err = render("jsonl")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    first = records[0]
    assert (first["ok"], first["winner"], first["han"], first["fu"], first["value"]) == (
        True,
        "S",
        4,
        30,
        7700,
    )
    assert [y["key"] for y in first["yaku"]] == ["tanyao", "dora", "aka_dora"]
    assert first["yaku"][1] == {
        "key": "dora",
        "name": "Dora",
        "han": 2,
        "name_ja": "ドラ",
        "count": 2,
    }
    assert first["payments"][0] == {
        "from": "N",
        "to": "S",
        "amount": 7700,
        "reason": "ron",
        "key": "ron",
        "label": "ron",
    }
    assert first["net"] == {"E": 0, "S": 8000, "W": 0, "N": -8000}
    assert sum(first["net"].values()) == 0
    assert records[1]["liability"]["seat"] == "E"
    assert records[1]["han"] is None and records[1]["limit"] == "yakuman"
    assert records[2]["ok"] is False
    assert records[2]["error"] == {
        "kind": "notation",
        "column": 13,
        "message": "'pon:55p' is not a pon: a pon has three equal tiles",
    }  # no column in it
    assert (records[2]["value"], records[2]["han"], records[2]["fu"]) == (None, None, None)
    assert (records[2]["payments"], records[2]["net"]) == ([], {})
    assert records[3]["error"]["kind"] == "no_yaku"
    # every OUTPUT.md key is present in every record
    required = {
        "line",
        "input",
        "rules",
        "options",
        "ok",
        "error",
        "winner",
        "yaku",
        "han",
        "fu",
        "fu_items",
        "limit",
        "yakuman",
        "value",
        "payments",
        "net",
        "liability",
    }
    assert all(required <= set(r) for r in records)
    assert err.splitlines() == [
        "line 3: column 13: 'pon:55p' is not a pon: a pon has three equal tiles",
        "line 4: no yaku: the hand is open and has no yaku",
    ]


def test_json_is_one_array_of_the_same_records():
    out, err = render("json")
    array = json.loads(out)
    lines = [json.loads(line) for line in render("jsonl")[0].splitlines()]
    assert array == lines
    assert out.startswith("[\n")
    assert len(err.splitlines()) == 2


def test_json_writes_an_empty_array_for_no_hands():
    out, err = render("json", [])
    assert json.loads(out) == [] and err == ""


def test_option_sets_become_lists():
    r = _tanyao()
    r = r._replace(options={"pao": frozenset({"daisuushii", "daisangen"})})  # namedtuple API
    out, _ = render("jsonl", [r])
    assert json.loads(out)["options"] == {"pao": ["daisangen", "daisuushii"]}


def test_tsv_header_and_rows():
    out, err = render("tsv")
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0] == [
        "line",
        "ok",
        "rules",
        "winner",
        "han",
        "fu",
        "limit",
        "value",
        "net_E",
        "net_S",
        "net_W",
        "net_N",
        "yaku",
        "error",
    ]
    assert all(len(row) == 14 for row in rows)
    assert rows[1] == [
        "1",
        "true",
        "riichi",
        "S",
        "4",
        "30",
        "",
        "7700",
        "0",
        "8000",
        "0",
        "-8000",
        "tanyao,dora,aka_dora",
        "",
    ]
    assert rows[2][:8] == ["2", "true", "riichi", "S", "", "", "yakuman", "32000"]
    assert rows[2][8:13] == ["-16000", "32000", "0", "-16000", "daisangen"]
    assert rows[3] == [
        "3",
        "false",
        "riichi",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "column 13: 'pon:55p' is not a pon: a pon has three equal tiles",
    ]
    assert rows[4][-1] == "no yaku: the hand is open and has no yaku"
    assert rows[5][4:12] == ["6", "40", "haneman", "18000", "20000", "-6000", "-6000", "-6000"]
    assert rows[5][12] == "riichi,menzen_tsumo,chun,dora"
    assert len(err.splitlines()) == 2


def test_tsv_cells_never_hold_tabs_or_newlines():
    r = _no_yaku()
    r = r._replace(error=NoYaku("two\tlines\nhere"))
    out, _ = render("tsv", [r])
    assert out.splitlines()[1].split("\t")[-1] == "no yaku: two lines here"


@pytest.mark.parametrize("fmt", ["jsonl", "json", "tsv"])
def test_machine_formats_match_their_snapshot(fmt):
    out, _ = render(fmt)
    check_snapshot(f"report.{fmt}", out)


# -- the human report -----------------------------------------------------------------------


def test_rich_report_of_a_scored_hand():
    out, err = render("rich", [_tanyao()])
    lines = out.splitlines()
    assert lines[0].startswith("riichi · Tenhou rules") and lines[0].endswith("line 1")
    assert lines[1] == "234m 406p 2256s  chi 678s  ron 4s from N (across)"
    assert "\U0001f008\U0001f009\U0001f00a" in lines[2]  # 234m as tiles
    assert "+ \U0001f013" in lines[2]  # the winning 4s
    assert "seat S · round E · dora 2s (indicator 1s) · honba 1" in out
    assert any(ln.split()[:3] == ["Tanyao", "断幺九", "1"] for ln in lines)
    assert any(ln.split()[:4] == ["Dora", "×2", "ドラ", "2"] for ln in lines)
    assert any(ln.split()[:4] == ["Red", "five", "赤ドラ", "1"] for ln in lines)
    assert any("open hand of 20 fu raised" in ln and ln.rstrip().endswith("10") for ln in lines)
    total = next(ln for ln in lines if ln.startswith("4 han 30 fu"))
    assert total.split()[-1] == "7,700"
    assert any(ln.split() == ["payments", "N", "→", "S", "7,700", "ron"] for ln in lines)
    assert any(ln.split() == ["N", "→", "S", "300", "honba", "×1"] for ln in lines)
    assert "net       E 0 · S +8,000 · W 0 · N -8,000" in lines
    assert "\x1b[" not in out  # not a terminal: no colour codes
    assert all(ln == ln.rstrip() for ln in lines)
    assert err == ""


def test_rich_report_of_a_yakuman_with_liability():
    out, _ = render("rich", [_daisangen()])
    lines = out.splitlines()
    # 82 columns: at 80 (off a terminal), the win goes under the melds
    assert lines[1] == "111m 9p  pon 777z from N  pon 666z from W  pon 555z from E"
    assert lines[2].strip() == "ron 9p from N (across)"
    assert any(ln.split() == ["Daisangen", "大三元", "yakuman"] for ln in lines)
    assert next(ln for ln in lines if ln.startswith("yakuman")).split()[-1] == "32,000"
    assert any(
        ln.split() == ["payments", "E", "→", "S", "16,000", "liability", "(half)"] for ln in lines
    )
    assert "liability E fed the third dragon" in out
    assert "net       E -16,000 · S +32,000 · W 0 · N -16,000" in lines


def test_rich_report_of_a_limit_hand_with_deposits_and_notes():
    out, _ = render("rich", [_haneman_tsumo()])
    total = next(ln for ln in out.splitlines() if ln.startswith("6 han 40 fu"))
    assert total.split()[-6:] == ["fu", "haneman", "6,000", "all", "·", "18,000"]
    assert "table → E" in out and "riichi deposits ×2" in out
    assert "note a note from the core" in out
    assert "seat E · round E · dora 7z (indicator 6z) · sticks 2 · riichi" in out
    assert out.splitlines()[1] == "123m 456p 789s 5577z  tsumo 7z"


def test_rich_errors_go_to_stderr_with_a_caret():
    out, err = render("rich", [_notation_error(), _no_yaku()])
    assert out == ""
    assert err.splitlines() == [
        "line 3: column 13: 'pon:55p' is not a pon: a pon has three equal tiles",
        "  234m406p22s pon:55p ron:4s",
        "  " + " " * 12 + "^^^^^^^",
        "line 4: no yaku: the hand is open and has no yaku",
    ]


def test_rich_reports_are_separated_by_a_blank_line():
    out, _ = render("rich", [_tanyao(), _daisangen()])
    lines = out.splitlines()
    second = next(i for i, ln in enumerate(lines) if ln.endswith("line 2"))
    assert lines[second - 1] == ""


def test_rich_report_matches_its_snapshot():
    out, err = render("rich")
    check_snapshot("report.txt", out)
    check_snapshot("report.stderr.txt", err)


def test_rich_report_is_coloured_on_a_terminal(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Tty()
    reporter = make_reporter("rich", out, io.StringIO())
    reporter.emit(_tanyao())
    reporter.close()
    assert "\x1b[" in out.getvalue()
    assert "4 han 30 fu" in out.getvalue()


def test_no_color_keeps_a_terminal_plain(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Tty()
    reporter = make_reporter("rich", out, io.StringIO())
    reporter.emit(_tanyao())
    assert "\x1b[3" not in out.getvalue()  # no colour (rich may still bold)


def test_formats_are_the_reporter_modules():
    assert set(FORMATS) == {"text", "json", "jsonl", "tsv"}


def test_machine_reporters_do_not_import_rich():
    code = (
        "import sys, io; from mjscore.report import make_reporter\n"
        "for f in ('json', 'jsonl', 'tsv'): make_reporter(f, io.StringIO(), io.StringIO())\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'rich'))"
    )
    import subprocess

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_points_and_doubles_results_render_their_extra_keys():
    """A European-style record: points and doubles in place of han and fu, every player."""

    def player(points: int, doubles: int, score: int, winner: bool = False) -> PlayerTally:
        return PlayerTally(
            points, doubles, score, score, False, (), (), None, winner, False, True, ()
        )

    players = {"W": player(40, 2, 160, winner=True), "E": player(8, 0, 8)}
    score = PointsDoubles(40, 2, 160, (), (), "ordinary", (), 160, players, "simple")
    r = made(
        9,
        "13m777m55s pon:111p- pon:333z= ron:2m= seat:W",
        "european",
        {},
        score=score,
        winner="W",
        win="ron",
        value=160,
        yaku=[YakuMatch("dragon_pung", "Pung of dragons", 1)],
        payments=[Payment("S", "W", 160, "mahjong", label="Mah-Jong")],
        net={"E": 0, "S": -160, "W": 160, "N": 0},
    )
    out, _ = render("rich", [r])
    lines = [ln.split() for ln in out.splitlines()]
    assert ["40", "points", "·", "2", "doubles", "160"] in lines
    assert ["W", "40", "2", "160"] in lines and ["E", "8", "0", "8"] in lines
    record = json.loads(render("jsonl", [r])[0])
    assert (record["points"], record["doubles"], record["score"]) == (40, 2, 160)
    assert record["players"]["W"]["score"] == 160


# -- every width from 40 columns: the numbers stay whole (issue 10) --------------------------

WIDTHS = (40, 60, 80, 120)


def _numbers_of(result: ScoreResult) -> list[str]:
    from mjscore.report.rich_report import number

    found = [number(p.amount) for p in result.payments]
    found += [number(n, sign=True) for n in result.net.values()]
    if result.value is not None:
        found.append(number(result.value))
    return found


@pytest.mark.parametrize("width", WIDTHS)
def test_rich_report_keeps_every_number_whole_at_every_width(width, monkeypatch):
    import re

    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", str(width))
    items = [r for r in results() if r.error is None]
    out, _ = render("rich", items)
    check_snapshot(f"report-{width}.txt", out)
    assert "…" not in out
    for line in out.splitlines():
        assert cell_len(line) <= width, line
    tokens = re.findall(r"[+-]?\d[\d,]*", out)
    for r in items:
        for n in _numbers_of(r):
            assert n in tokens, (width, n)


def test_every_character_safe_or_tsv_changes_is_unprintable():
    """`safe` and `tsv_cell` return printable text as it is: that shortcut is exact."""
    import sys
    import unicodedata

    from mjscore.base.text import _ESCAPED_CATEGORIES
    from mjscore.report import _TSV_SPACES

    escaped = (chr(c) for c in range(sys.maxunicode + 1))
    escaped = (c for c in escaped if unicodedata.category(c) in _ESCAPED_CATEGORIES)
    assert not [c for c in escaped if c.isprintable()]
    assert not [c for c in _TSV_SPACES if chr(c).isprintable()]
    assert tsv_cell("a\u3000b\x1bc\u2028") == "a\u3000b\\x1bc " and safe("中\x85") == "中\\x85"


def test_safe_shows_every_control_format_and_bidi_character():
    """Escape sequences, bidi overrides and isolates, zero-width marks and undecodable
    bytes are shown as escapes; tab and spaces of every kind (U+3000) stay."""
    for ch, shown in [
        ("\x1b", "\\x1b"),
        ("\x9b", "\\x9b"),
        ("\u202e", "\\u202e"),
        ("\u2066", "\\u2066"),
        ("\u200f", "\\u200f"),
        ("\u200b", "\\u200b"),
        ("\udcff", "\\udcff"),
        ("\u2029", "\\u2029"),
        ("\U000e0001", "\\U000e0001"),
    ]:
        assert safe(f"a{ch}b") == f"a{shown}b"
    assert safe("東\t南\u3000西\xa0北") == "東\t南\u3000西\xa0北"
