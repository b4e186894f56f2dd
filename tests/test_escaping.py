"""Issue 29: one escaping for every text from outside, applied where text is written.

Every control and bidi character (C0, DEL, C1, U+2028/2029, the marks U+200E/F, the
embeddings and overrides U+202A-E, the isolates U+2066-9, a surrogate) is sent through
every command and format, in labels, names, file names and tokens; none may reach stdout
or stderr raw. JSON's own escaping (`\\u001b`) counts as escaped; tab is kept (it cannot
act on a terminal) and so is the outputs' own line break.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from cli_helpers import run

from mjscore.base.text import json_text, safe, safe_text

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
GAME6 = LOGS / "tenhou6" / "2010102910gm-00a9-0000-cdb9804c.json"
MJLOG = LOGS / "mjlog" / "double-ron.mjlog"
GOOD = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"
READY = "234m406p22s56s chi:678s round:E seat:S"

CHARS = (
    [chr(c) for c in range(0x20) if c not in (0x09, 0x0A)]  # C0 but tab and line feed
    + ["\x7f"]
    + [chr(c) for c in range(0x80, 0xA0)]  # C1, CSI (0x9b) and OSC (0x9d) among them
    + ["\u2028", "\u2029", "\u200e", "\u200f"]
    + [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
)
SURROGATE = "\udcff"  # an argument byte that was not UTF-8, as Python hands it over
ALL = "".join(CHARS)
# each character's UTF-8 bytes, and a surrogate's (a file holding \xed\xb3\xbf reads as
# U+FFFD: what is looked for in the output is any of these bytes sequences)
FORBIDDEN = re.compile("[" + re.escape(ALL) + "\ud800-\udfff]")


def raw_in(text: str) -> list[str]:
    """The characters of `text` that should have been escaped, as their escapes."""
    return sorted({safe(m) for m in FORBIDDEN.findall(text)})


def assert_nothing_raw(code: int, out: str, err: str, what: object) -> None:
    assert code in (0, 1, 2), (what, code, err[-300:])
    assert "Traceback" not in err and "internal error" not in err, (what, err[-500:])
    assert not raw_in(out), (what, "stdout", raw_in(out))
    assert not raw_in(err), (what, "stderr", raw_in(err))


# -- the escapings themselves ------------------------------------------------------------------


def test_json_text_escapes_what_safe_escapes_and_keeps_the_value():
    value = {"name": ALL + SURROGATE + "\U000e0001東\u3000"}
    encoded = json_text(json.dumps(value, ensure_ascii=False))
    assert not raw_in(encoded) and "\U000e0001" not in encoded
    assert json.loads(encoded) == value  # a JSON escape: the same string for a program
    assert "東\u3000" in encoded  # printable text and spaces stay as they are
    indented = json_text(json.dumps({"a": ["\x7f", "\u202e"]}, ensure_ascii=False, indent=2))
    assert json.loads(indented) == {"a": ["\x7f", "\u202e"]} and indented.count("\n") == 5


def test_safe_text_escapes_each_line_and_keeps_the_line_breaks():
    assert safe_text("a\x1b[2J\nb\u202ec\n") == "a\\x1b[2J\nb\\u202ec\n"
    assert safe_text("plain\ntext") == "plain\ntext"


# -- labels in the rich reports (High) -----------------------------------------------------------

OSC = "\x1b]0;owned\x07\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202e"  # title, clipboard, clear, RLO


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("color", ["never", "always"])
@pytest.mark.parametrize("command, hand", [("score", GOOD), ("waits", READY)])
def test_a_label_never_reaches_the_terminal_raw_in_the_rich_report(
    capsys, tmp_path, lang, color, command, hand
):
    path = tmp_path / "hands.txt"
    path.write_text(f"{hand}  # round{OSC}one\n", encoding="utf-8")
    code, out, err = run(
        "--lang", lang, "--color", color, command, "--file", str(path), capsys=capsys
    )
    assert code == 0, err
    assert "\x07" not in out and "\u202e" not in out and "]0;owned" in out
    assert "\x1b]" not in out and "\x1b[2J" not in out
    assert "round\\x1b]0;owned\\x07\\x1b]52;c;ZXZpbA==\\x07\\x1b[2J\\u202eone" in out
    code, out, err = run(
        "--lang", lang, "--color", color, command, *hand.split(), "#", f"x{OSC}", capsys=capsys
    )
    assert code == 0 and "x\\x1b]0;owned" in out and "\x1b]" not in out


# -- names in import's labels and check's lines (Medium) ------------------------------------------


def _game6(name: str, yaku: str | None = None) -> str:
    """The first round of GAME6 with `name` for every player and the title; `yaku` adds
    a yaku text to the record's win (one han more than mjscore finds: a disagreement)."""
    game = json.loads(GAME6.read_text(encoding="utf-8").splitlines()[0])
    game["name"] = [f"{name}{i}" for i in range(4)]
    game["title"] = [name, name]
    if yaku is not None:
        game["log"][0][16][2].append(yaku)
        game["log"][0][16][2][3] = "40符3飜7700点"
    return json.dumps(game, ensure_ascii=False)


def test_import_writes_a_name_from_the_record_as_one_escaped_token(capsys, tmp_path):
    path = tmp_path / "a b\x1b]0;x\x07.json"
    path.write_text(_game6("P"), encoding="utf-8")
    code, out, err = run("import", str(path), capsys=capsys)
    assert code == 0, err
    header, win = out.splitlines()[:2]
    # the game line and the round's mark name the game the same way: one token
    game = header.split()[2]
    assert win.endswith(f"  # {game} E1-0") and " " not in game and "\x1b" not in out
    assert game == "a%20b%1B]0;x%07"


def test_check_escapes_names_and_yaku_from_the_record(capsys, tmp_path):
    path = tmp_path / "t\u202eitle.json"
    path.write_text(_game6("N\x1b[31m", yaku="悪\x1b]0;x\x07(1飜)"), encoding="utf-8")
    code, out, err = run("check", str(path), capsys=capsys)
    assert code == 1 and "disagree:" in out, (out, err)
    assert not raw_in(out + err)
    assert "t\\u202eitle" in out and "悪\\x1b]0;x\\x07 1" in out


# -- every character through every command and format -----------------------------------------


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> dict[str, Path]:
    """Inputs carrying every character: hand files for score and waits, a directory of
    records (names, titles, yaku and file names), a game file."""
    base = tmp_path_factory.mktemp("hostile")
    score_lines, waits_lines = [], []
    for ch in CHARS:
        score_lines += [f"{GOOD}  # lab{ch}el", f"123m{ch} ron:4s", f"{GOOD} opt:x{ch}=1"]
        waits_lines += [f"{READY}  # lab{ch}el", f"12{ch}m"]
    encoded_surrogate = b"\xed\xb3\xbf"
    for name, lines in (("score.txt", score_lines), ("waits.txt", waits_lines)):
        data = "\n".join(lines).encode("utf-8", "surrogatepass")
        (base / name).write_bytes(data + b"\n123m" + encoded_surrogate + b" ron:4s\n")
    records = base / "records"
    records.mkdir()
    for n, ch in enumerate(c for c in CHARS if c not in "\x00"):
        text = _game6(f"P{ch}", yaku=f"Y{ch}(1飜)")
        (records / f"r{n:03d}{ch}.json").write_text(text, encoding="utf-8")
    mjlog = MJLOG.read_text(encoding="utf-8")
    names = quote(f"N{ALL}", safe="")
    (records / "names.mjlog").write_text(
        re.sub(r'n0="[^"]*"', f'n0="{names}"', mjlog, count=1), encoding="utf-8"
    )
    game = base / "game.txt"
    header = f"# game {quote('G' + ALL, safe='')} players:{quote('A' + ALL, safe='')},B,C,D"
    game.write_text(f"{header}\n{GOOD}  # G{ALL} E1-0\n", encoding="utf-8")
    return {"score": base / "score.txt", "waits": base / "waits.txt", "dir": records, "game": game}


@pytest.mark.parametrize("fmt", ["rich", "tsv", "jsonl", "json"])
@pytest.mark.parametrize("command", ["score", "waits"])
def test_no_raw_character_from_a_hand_file_reaches_the_output(capsys, hostile, command, fmt):
    code, out, err = run(command, "--file", str(hostile[command]), "-F", fmt, capsys=capsys)
    assert_nothing_raw(code, out, err, (command, fmt))
    assert code == 1  # the lines with a bad token do not score


@pytest.mark.parametrize("fmt", ["rich", "tsv", "jsonl", "json"])
@pytest.mark.parametrize("command, hand", [("score", GOOD), ("waits", READY)])
def test_no_raw_character_from_the_arguments_reaches_the_output(capsys, command, hand, fmt):
    for extra in (["#", ALL + SURROGATE], [f"x{ALL}{SURROGATE}"], [f"opt:a{ALL}=1"]):
        code, out, err = run(command, "-F", fmt, *hand.split(), *extra, capsys=capsys)
        assert_nothing_raw(code, out, err, (command, fmt, extra))


@pytest.mark.parametrize(
    "command, fmt",
    [("import", "lines"), ("import", "jsonl"), ("check", "text"), ("check", "jsonl")],
)
def test_no_raw_character_from_a_record_reaches_the_output(capsys, hostile, command, fmt):
    files = sorted(str(p) for p in hostile["dir"].iterdir())
    for args in ([str(hostile["dir"])], files):
        code, out, err = run(command, "-F", fmt, *args, capsys=capsys)
        assert_nothing_raw(code, out, err, (command, fmt))
        assert out  # every record was read: the names and yaku went through
    if command == "check" and fmt == "text":
        assert "disagree:" in out


@pytest.mark.parametrize(
    "args",
    [
        ["rules", ALL + SURROGATE],
        ["rules", "--format", ALL],
        ["yaku", "--rules", ALL + SURROGATE],
        ["table", "--rules", ALL],
        ["table", "--opt", f"{ALL}=1"],
        ["table", "--opt", f"limit={ALL}"],
        ["score", "--rules", ALL, GOOD],
        ["score", "--format", ALL + SURROGATE, GOOD],
        ["score", "--opt", f"{ALL}=1", GOOD],
        ["score", "--opt", f"riichi.{ALL}=1", GOOD],
        ["score", "--opt", f"kiriage_mangan={ALL}", GOOD],
        ["score", "--config", f"/nonexistent/{ALL}", GOOD],
        ["score", "--file", f"/nonexistent/{ALL}{SURROGATE}"],
        ["score", "--jobs", ALL, "--file", "-"],
        ["waits", "--rules", ALL, READY],
        ["import", f"/nonexistent/{ALL}{SURROGATE}"],
        ["check", f"/nonexistent/{ALL}"],
        ["--lang", ALL, "score", GOOD],
        ["--color", ALL, "score", GOOD],
        ["score", f"--x{ALL}"],
        [f"x{ALL}"],
        ["boo-result", ALL],
        ["boo-result", "--yakuman", ALL, "1", "2", "3", "4"],
    ],
    ids=lambda args: " ".join(a.encode("ascii", "backslashreplace").decode()[:24] for a in args),
)
def test_no_raw_character_from_an_argument_reaches_a_message(capsys, args):
    code, out, err = run(*(a.replace("\x00", "") for a in args), capsys=capsys, stdin="")
    assert_nothing_raw(code, out, err, args)
    assert code in (1, 2) and err.startswith("mjscore: ")


@pytest.mark.parametrize("fmt", ["rich", "tsv", "jsonl", "json"])
def test_game_no_raw_character_reaches_the_output(capsys, hostile, fmt):
    code, out, err = run("game", str(hostile["game"]), "-F", fmt, capsys=capsys)
    assert_nothing_raw(code, out, err, ("game", fmt))


def test_the_candidates_hold_every_character_of_the_escaped_categories():
    """The regex that finds what to escape (in C) misses none of what `escaped` names,
    under the Unicode of the Python running the tests."""
    import unicodedata

    from mjscore.base.text import _ESCAPED_CATEGORIES, candidates

    missed = [
        f"U+{c:04X}"
        for c in range(sys.maxunicode + 1)
        if unicodedata.category(chr(c)) in _ESCAPED_CATEGORIES and not candidates().match(chr(c))
    ]
    assert not missed


def test_a_long_json_text_is_escaped_fast():
    """A chunk of a megabyte with a non-ASCII label on every line: one pass in C."""
    import time

    line = json.dumps({"label": "東\u3000南\u202e", "n": 1}, ensure_ascii=False)
    chunk = "\n".join([line] * 20000)
    start = time.perf_counter()
    escaped = json_text(chunk)
    assert time.perf_counter() - start < 1.0
    assert escaped.count("\\u202e") == 20000 and escaped.count("\n") == 19999


def test_the_forbidden_set_is_what_safe_escapes():
    assert all(safe(ch) != ch for ch in CHARS + [SURROGATE])
    assert safe("\t") == "\t" and sys.maxunicode > 0x10000
