"""Issue 19 for game records: no record file, however built, escapes its own Problem.

Hostile records (bombs, endless tags, deep JSON, huge numbers, out-of-range ids,
mutated real games) must each end as problems of that file in words for a person;
the files after it and the `agree N/M` summary still come, in bounded time and
memory, and no line that `mjscore score` would refuse is ever written.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mjscore
from mjscore.cli.records import check_command, import_command
from mjscore.records import Problem, Win, read_hands

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
GOOD = LOGS / "mjlog" / "double-ron.mjlog"  # 4 wins
GAME6 = LOGS / "tenhou6" / "2010102910gm-00a9-0000-cdb9804c.json"
PYTHON_WORDS = (
    "Error:",
    "object is not",
    "index out of range",
    "Traceback",
    "invalid literal",
    "not subscriptable",
    "NoneType",
    "KeyError",
)
REFUSALS = ("notation", "invalid_hand", "context", "ruleset")


def items(data: bytes, name: str = "x.mjlog") -> list[Win | Problem]:
    return list(read_hands(data, name=name))


def problems(found: list) -> list[Problem]:
    return [p for p in found if isinstance(p, Problem)]


def check(paths: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = check_command(paths, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def assert_clean(found: list) -> None:
    """Every win reads back in mjscore; every problem is worded for a person."""
    for item in found:
        if isinstance(item, Win):
            r = mjscore.score(item.line)
            assert r.error is None or r.error.kind not in REFUSALS, (item.line, r.error)
        else:
            assert not any(w in item.message for w in PYTHON_WORDS), item.message


# -- a seeded mutation campaign over real records -------------------------------------------


def _mutate_mjlog(rng: random.Random, text: str) -> str:
    op = rng.randrange(7)
    if op == 0:
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 127))
        return "".join(chars)
    if op == 1:
        return text[: rng.randrange(len(text))]
    a, e = rng.choice([m.span() for m in re.finditer(r"<[^<>]*>", text)])
    if op == 2:
        return text[:e] + text[a:e] + text[e:]  # a tag twice
    if op == 3:
        return text[:a] + text[e:]  # a tag gone
    if op == 4:
        a, e = rng.choice([m.span() for m in re.finditer(r"-?\d+", text)])
        value = rng.choice(["-1", "136", "200", "99999", "4", "9" * 30, "", "x", "1,2"])
        return text[:a] + value + text[e:]
    a, e = rng.choice([m.span() for m in re.finditer(r' \w+="[^"]*"', text)])
    return text[:a] + text[e:] if op == 5 else text[:e] + text[a:e] + text[e:]


_ODD = [
    -1,
    0,
    4,
    60,
    99,
    136,
    10**30,
    1.5,
    "x",
    "r99",
    "c111213",
    None,
    True,
    [],
    {},
    [1, 2],
    "和了",
]


def _mutate_tenhou6(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    if rng.random() < 0.2:
        return text[: rng.randrange(len(text))]
    game = json.loads(lines[i])
    for _ in range(rng.randint(1, 3)):
        parent, key, node = None, None, game
        while isinstance(node, (list, dict)) and node and rng.random() < 0.85:
            key = rng.randrange(len(node)) if isinstance(node, list) else rng.choice(list(node))
            parent, node = node, node[key]
        if parent is None:
            continue
        op = rng.randrange(3)
        if op == 0:
            parent[key] = rng.choice(_ODD)
        elif op == 1:
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, parent[key])
    lines[i] = json.dumps(game, ensure_ascii=False)
    return "\n".join(lines)


@pytest.mark.slow
def test_mutated_real_records_never_raise_nor_write_a_refused_line():
    rng = random.Random(19)
    mjlogs = [
        p.read_text() for p in sorted((LOGS / "mjlog").glob("*.mjlog")) if ".gz." not in p.name
    ][:12]
    games = [
        p.read_text(encoding="utf-8")
        for p in sorted((LOGS / "tenhou6").glob("*.json"))
        if p.stat().st_size > 10_000
    ]
    kinds = set()
    start = time.monotonic()
    for _ in range(160):
        if rng.random() < 0.6:
            data, name = _mutate_mjlog(rng, rng.choice(mjlogs)).encode(), "m.mjlog"
        else:
            data, name = _mutate_tenhou6(rng, rng.choice(games)).encode(), "t.json"
        found = items(data, name)
        assert_clean(found)
        kinds |= {type(x).__name__ for x in found}
    assert kinds == {"Win", "Problem"}
    assert time.monotonic() - start < 60


# -- bounded reading ---------------------------------------------------------------------


@pytest.mark.slow
def test_a_gzip_bomb_is_a_problem_in_bounded_memory_and_the_next_file_is_read(tmp_path):
    bomb = tmp_path / "bomb.mjlog"
    with gzip.open(bomb, "wb", compresslevel=9) as f:
        f.write(b'<mjloggm ver="2.3">')
        block = b" " * (1 << 20)
        for _ in range(200):  # 200 MB once decompressed, about 200 KB on disk
            f.write(block)
    assert bomb.stat().st_size < 1_000_000
    script = (
        "import io, json, resource, sys\n"
        "from mjscore.cli.records import check_command\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "out, err = io.StringIO(), io.StringIO()\n"
        "code = check_command(sys.argv[1:], out=out, err=err)\n"
        "grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before\n"
        "print(json.dumps([code, grown // 1024, out.getvalue(), err.getvalue()]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(bomb), str(GOOD)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    code, grown_mb, out, err = json.loads(done.stdout)
    assert code == 1, done.stderr
    assert grown_mb < 400  # 64 MB of text read, never the 200 MB
    assert "agree 4/4 (1 record error)" in out
    assert "bomb.mjlog: larger than 64 MB once decompressed" in err


def test_past_the_bound_json_lines_keep_the_games_before_it(monkeypatch):
    from mjscore.records import reading

    data = GAME6.read_bytes()
    monkeypatch.setattr(reading, "LIMIT", len(data) // 2)
    found = items(data, "big.json")
    wins = [w for w in found if isinstance(w, Win)]
    (problem,) = problems(found)
    assert wins and "larger than" in problem.message
    monkeypatch.setattr(reading, "LIMIT", 64 * 1024 * 1024)
    assert len(wins) < len([w for w in items(data, "big.json") if isinstance(w, Win)])


def test_dev_zero_and_an_empty_file_are_problems(tmp_path):
    empty = tmp_path / "empty.mjlog"
    empty.write_bytes(b"")
    code, out, err = check(["/dev/zero", str(empty), str(GOOD)])
    assert code == 1 and out.splitlines()[0] == "agree 4/4 (2 record errors)"
    assert err.count("not a game record") == 2


def test_a_one_megabyte_tag_is_read_in_linear_time():
    text = GOOD.read_text()
    for filler in (
        "<INIT " + "a" * (1 << 20),
        '<INIT x="' + "a" * (1 << 20),
        "<INIT " + 'a="1" ' * (1 << 17),
        "<" + "D" * (1 << 20),
    ):
        data = text.replace("<INIT ", filler + " ", 1).encode()
        start = time.monotonic()
        found = items(data)
        took = time.monotonic() - start
        assert took < 5, (filler[:12], took)  # it was quadratic: 35 s for 40 KB
        assert len([w for w in found if isinstance(w, Win)]) >= 3
        assert_clean(found)


# -- one bad file, its own problem -------------------------------------------------------


def test_deep_json_and_a_5000_digit_number_are_problems_and_the_run_goes_on(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    deep_lines = tmp_path / "deep-lines.json"
    deep_lines.write_text(
        GAME6.read_text(encoding="utf-8") + "\n" + "[" * 100_000 + "\n", encoding="utf-8"
    )
    huge = tmp_path / "huge.json"
    huge.write_text('{"log": [[[' + "9" * 5000 + ", 0, 0]]]}")
    found = items(deep.read_bytes(), "deep.json") + items(huge.read_bytes(), "huge.json")
    assert [p.kind for p in found] == ["error", "error"]
    assert_clean(found)
    code, out, err = check([str(deep), str(huge), str(deep_lines), str(GOOD)])
    assert code == 1
    n = len([w for w in read_hands(GAME6) if isinstance(w, Win)])
    assert out.splitlines()[0] == f"agree {n + 4}/{n + 4} (3 record errors)"
    assert "nested too deeply" in err and "5000 digits" in err


@pytest.mark.parametrize(
    "data, expected",
    [
        (b'{"a": 1}  \r\n', {"a": 1}),  # JSON's own spaces after the object
        (b'\xef\xbb\xbf{"a": [1, -2]}\n', {"a": [1, -2]}),  # a byte order mark
        (b' {"a": 1}', {"a": 1}),  # a space before it
        (b'{"a": -123456789012}', {"a": -123456789012}),  # twelve digits: a number
        (b'{"a": 1} x', "not JSON: Extra data (column 10)"),
        (b'{"a": 1}{', "not JSON: Extra data (column 9)"),
        (b'{"a": 1}\x0c', "not JSON: Extra data (column 9)"),  # a form feed is no JSON space
        (b'{"a": 1, }', "not JSON: Expecting property name enclosed in double quotes (column 10)"),
        (b'{"a": 1234567890123}', "a number of 13 digits (expected at most 12)"),
        (b'{"a": ' + b"[" * 100_000, "JSON nested too deeply to read"),
    ],
)
def test_a_json_line_reads_the_same_whichever_way_the_decoder_takes(data, expected):
    """The usual object goes straight to json's scanner; anything else, and every failure,
    is said by the checked decoder: the same value, the same words (json's messages)."""
    from mjscore.records.jsonfile import parse_json
    from mjscore.records.model import RecordError

    if isinstance(expected, dict):
        assert parse_json(data) == expected
        return
    with pytest.raises(RecordError) as caught:
        parse_json(data)
    assert str(caught.value) == expected


@pytest.mark.parametrize(
    "change, field",
    [
        (('hai0="131,', 'hai0="136,'), "hai0=136 is not a tile id (expected 0-135)"),
        (('hai0="131,', 'hai0="-1,'), "hai0=-1 is not a tile id"),
        (('seed="0,0,0,', 'seed="0,99999,0,'), "seed honba=99999 is out of range (expected 0-100)"),
        (('seed="0,0,0,', 'seed="0,0,-2,'), "seed sticks=-2 is out of range"),
        (('machi="38"', 'machi="200"'), "AGARI>: machi=200 is not a tile id (expected 0-135)"),
        (('who="1" fromWho="1"', 'who="7" fromWho="1"'), "who=7 is out of range (expected 0-3)"),
        (('oya="0" hai0', 'oya="9" hai0'), "oya=9 is out of range (expected 0-3)"),
        (('doraHaiUra="24"', 'doraHaiUra="24,25"'), "refused by mjscore (context"),
    ],
)
def test_out_of_range_numbers_are_problems_and_nothing_is_written(change, field, tmp_path):
    bad = tmp_path / "bad.mjlog"
    bad.write_text(GOOD.read_text().replace(*change, 1))
    (problem,) = problems(list(read_hands(bad)))
    assert problem.kind == "error" and field in str(problem) and "round E1" in problem.where
    out, err = io.StringIO(), io.StringIO()
    assert import_command([str(bad)], out=out, err=err) == 1
    written = [x for x in out.getvalue().splitlines() if not x.startswith(("#", "draw:"))]
    assert len(written) == 3 and not any("E1-0" in line for line in written)  # the rest stay
    assert err.getvalue().count("mjscore: ") == 1


def test_out_of_range_tenhou6_counters_are_problems():
    rounds = GAME6.read_text(encoding="utf-8").splitlines()
    first = json.loads(rounds[0])
    first["log"][0][0][1] = 99999
    rounds[0] = json.dumps(first, ensure_ascii=False)
    found = items("\n".join(rounds).encode(), "bad.json")
    (problem,) = problems(found)
    assert (
        str(problem) == "bad.json: line 1, round E1: honba=99999 is out of range (expected 0-100)"
    )


def test_tags_inside_comments_and_cdata_are_not_events():
    text = GOOD.read_text()
    lines = [w.line for w in items(text.encode()) if isinstance(w, Win)]
    win = re.search(r"<AGARI [^>]*/>", text).group(0)
    hidden = text.replace("<INIT ", f"<!-- {win} <T5/> --><![CDATA[<D7/>{win}]]><INIT ", 1)
    found = items(hidden.encode())
    assert not problems(found) and [w.line for w in found] == lines
    cut = items(text.replace("<INIT ", "<!-- <INIT ", 1).encode())
    assert "truncated inside a comment" in problems(cut)[-1].message


# -- player counts and what a run that checked nothing says ------------------------------


def test_five_players_are_a_record_error():
    first = json.loads(GAME6.read_text(encoding="utf-8").splitlines()[0])
    first["log"][0][1].append(25000)
    (problem,) = problems(items(json.dumps(first).encode(), "five.json"))
    assert problem.kind == "error" and "5 players" in problem.message
    first["name"] = ["a", "b", "c", "d", "e"]
    (problem,) = problems(items(json.dumps(first).encode(), "five.json"))
    assert problem.kind == "error" and "5 players" in problem.message
    text = GOOD.read_text().replace('hai3="', 'hai4="1,2" hai3="', 1)
    assert any(
        "five players" in p.message and p.kind == "error" for p in problems(items(text.encode()))
    )


@pytest.mark.parametrize("disp", ["鳳南喰赤", "三鳳南喰赤", None])
def test_five_names_with_red_fives_set_are_that_games_problem_only(tmp_path, disp):
    # issue 29: `aka51`-`aka53` with five names looked up the default red fives of a
    # five-player table (KeyError: 5), which stopped every file of the run
    first = json.loads(GAME6.read_text(encoding="utf-8").splitlines()[0])
    first["name"] = ["a", "b", "c", "d", "e"]
    first["rule"] = {"aka51": 1, "aka52": 1, "aka53": 1}
    if disp is not None:
        first["rule"]["disp"] = disp
    (problem,) = problems(items(json.dumps(first).encode(), "five.json"))
    assert problem.kind == "error" and "5 players" in problem.message
    five = tmp_path / "five.json"
    five.write_text(json.dumps(first), encoding="utf-8")
    wins = [w.line for w in read_hands(GOOD)]
    written = [w.line for w in read_hands(GOOD, games=True) if hasattr(w, "line")]
    out, err = io.StringIO(), io.StringIO()
    assert import_command([str(five), str(GOOD)], out=out, err=err) == 1
    assert [ln.split("  #")[0] for ln in out.getvalue().splitlines() if ln[0] != "#"] == written
    assert "5 players" in err.getvalue() and "KeyError" not in err.getvalue()
    code, out_text, err_text = check([str(five), str(GOOD)])
    assert code == 1 and f"agree {len(wins)}/{len(wins)}" in out_text
    assert "5 players" in err_text


def test_a_readers_own_failure_is_that_games_problem_and_the_next_file_is_read(monkeypatch):
    # a net under the readers: a bug met in one game is that game's problem in words
    from mjscore.records import tenhou6

    def broken(*args, **kwargs):
        raise KeyError(5)
        yield

    monkeypatch.setattr(tenhou6, "read_game", broken)
    code, out, err = check([str(GAME6), str(GOOD)])
    assert "internal error KeyError" in err and "Traceback" not in err
    assert f"agree {len(list(read_hands(GOOD)))}/" in out and code == 1


def test_check_of_only_skipped_rounds_is_not_a_success(tmp_path):
    # a round dealt to three seats in a game whose <GO type> says four is skipped
    text = GOOD.read_text()
    rounds = text.count("<INIT ")
    skipped = tmp_path / "skipped.mjlog"
    skipped.write_text(re.sub(r'hai3="[0-9,]*"', 'hai3=""', text))
    code, out, err = check([str(skipped)])
    assert code == 1
    assert out == (f"agree 0/0\nno win was checked: {rounds} skipped (see the notes on stderr)\n")
    assert err.count("three-player round in a game whose <GO type> has no three-player") == rounds


# -- rules the record shows --------------------------------------------------------------


def test_a_lobby_outside_the_standard_rules_is_noted_and_its_differences_apart(
    monkeypatch, tmp_path
):
    chips = tmp_path / "chips.mjlog"
    chips.write_text(GOOD.read_text().replace('type="169"', f'type="{0x0800 | 169}"'))
    found = items(chips.read_bytes(), "chips.mjlog")
    (note,) = problems(found)
    assert note.kind == "rules" and "0x0800" in note.message and "standard" in note.message
    wins = [w for w in found if isinstance(w, Win)]
    assert len(wins) == 4 and all(w.rules for w in wins)
    assert "rules" in wins[0].to_dict()

    from mjscore.engine import loop as engine  # what `check` scores a record's hand with

    real = engine.score_hand
    monkeypatch.setattr(engine, "score_hand", lambda hand: real(hand.without_flags("ippatsu")))
    code, out, err = check([str(chips), str(GOOD)])
    assert code == 1
    assert out.count("\nrules: ") + out.startswith("rules: ") == 2  # chips: apart
    assert out.count("disagree: ") == 2  # the same hands of the standard game
    assert "\nagree 4/8 (2 rule differences)\n" in out
    assert "note: " in err and "chip or custom-rule lobby" in err


def test_the_no_red_no_open_tanyao_bits_and_tenhou6_rules_give_options():
    text = GOOD.read_text().replace('type="169"', f'type="{169 | 0x02 | 0x04}"')
    lines = [w.line for w in items(text.encode()) if isinstance(w, Win)]
    assert lines and all(line.endswith("opt:red_fives=0 opt:open_tanyao=off") for line in lines)
    first = json.loads(GAME6.read_text(encoding="utf-8").splitlines()[0])
    first["rule"] = {"disp": "般東", "aka": 0}
    for w in items(json.dumps(first).encode(), "t.json"):
        assert isinstance(w, Win) and w.line.endswith("opt:red_fives=0 opt:open_tanyao=off")
    first["rule"] = {"disp": "雀荘戦", "aka": 1, "kiriage": 1}
    found = items(json.dumps(first).encode(), "t.json")
    (note,) = problems(found)
    assert note.kind == "rules" and "雀荘戦" in note.message and "kiriage" in note.message
    # a Mahjong Soul friendly game (友人戦) is played by Mahjong Soul's rules: only the
    # entry mjscore does not read is noted
    first["rule"] = {"disp": "友人戦", "aka": 1, "kiriage": 1}
    (note,) = problems(items(json.dumps(first).encode(), "t.json"))
    assert "友人戦" not in note.message and "kiriage" in note.message
    assert "scored by Mahjong Soul's standard rules" in note.message


# -- file names --------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "darwin", reason="the file system refuses such names")
def test_a_file_name_that_is_not_utf8_opens_and_is_written_as_valid_json(tmp_path):
    raw = os.fsencode(tmp_path) + b"/caf\xe9.mjlog"
    with open(raw, "wb") as f:
        f.write(GOOD.read_bytes())
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "mjscore", "import", "--format", "jsonl", raw],
        cwd=ROOT,
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    records = [r for r in records if "draw" not in r]
    assert len(records) == 4
    assert records[0]["source"]["file"].endswith("caf\ufffd.mjlog")
    assert records[0]["source"]["game"] == "caf\ufffd"
