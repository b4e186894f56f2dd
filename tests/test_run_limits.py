"""The small ones of issue 29: `--jobs` capped at the cores, `--config ""`, a config file
with a BOM, a repeated `opt:`, a truncated gzip record, `--rules ''`, and the count of an
endless line's run."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

import mjscore
from mjscore.cli import parallel

GOOD = "234m406p22s56s chi:678s ron:4s round:E seat:S dora:1s"


# -- --jobs ---------------------------------------------------------------------------------------


def test_jobs_are_capped_at_the_cores(monkeypatch):
    monkeypatch.setattr(parallel, "available_cores", lambda: 3)
    assert parallel.workers_for(10**6, "jsonl", 9999) == 3
    assert parallel.workers_for(10**6, "jsonl", 2) == 2
    assert parallel.workers_for(10**6, "jsonl", 0) == 3
    assert parallel.workers_for(600, "jsonl", 9999) == 2  # no more than the chunks


def test_a_capped_jobs_says_so_once_and_scores_the_same(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(parallel, "available_cores", lambda: 2)
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{GOOD}\n" * 3)
    code, out, err = run(
        "score", "-F", "jsonl", "--jobs", "9999", "--file", str(hands), capsys=capsys
    )
    assert code == 0 and out.count("\n") == 3
    assert "note: --jobs 9999: at most one process a core, so 2" in err
    assert err.count("--jobs") == 1
    code, out_one, err = run(
        "score", "-F", "jsonl", "--jobs", "1", "--file", str(hands), capsys=capsys
    )
    assert out_one == out and "--jobs" not in err
    code, _, err = run(
        "score", "-q", "-F", "jsonl", "-j", "64", "--file", str(hands), capsys=capsys
    )
    assert "--jobs" not in err  # --quiet: no notes


# -- the config file --------------------------------------------------------------------------


def test_an_empty_config_flag_is_a_usage_error_not_the_environments_file(
    capsys, monkeypatch, tmp_path
):
    env_config = tmp_path / "env.toml"
    env_config.write_text('rules = "mcr"\n')
    monkeypatch.setenv("MJSCORE_CONFIG", str(env_config))
    code, out, err = run("score", "--config", "", "-F", "jsonl", *GOOD.split(), capsys=capsys)
    assert code == 2 and out == ""
    assert "--config '' names no file" in err
    code, out, _ = run("score", "-F", "jsonl", *GOOD.split(), capsys=capsys)
    assert code == 1 and '"rules": "mcr"' in out  # the environment's file, when no flag
    code, out, _ = run(
        "score", "--config", "/dev/null", "-F", "jsonl", *GOOD.split(), capsys=capsys
    )
    assert code == 0 and '"rules": "riichi"' in out  # an empty file: no config at all


def test_a_config_file_with_a_bom_is_read(capsys, tmp_path):
    config = tmp_path / "config.toml"
    config.write_bytes(b'\xef\xbb\xbfrules = "mcr"\r\n[options]\r\n')
    code, out, err = run(
        "score", "--config", str(config), "-F", "jsonl", *GOOD.split(), capsys=capsys
    )
    assert '"rules": "mcr"' in out, err
    config.write_bytes(b'\xef\xbb\xbfrules = "nope"\n')
    code, _, err = run("score", "--config", str(config), *GOOD.split(), capsys=capsys)
    assert code == 2 and "unknown ruleset 'nope'" in err  # read, then checked as any file


# -- a repeated opt: ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "123m456p789s1122z ron:1z opt:kiriage_mangan=on opt:kiriage_mangan=off",
        "draw:exhaustive tenpai:E round:E opt:red_fives=0 opt:red_fives=3",
        "opt:red_fives=0 123m456p789s1122z ron:1z opt:open_tanyao=off opt:red_fives=4",
    ],
)
def test_an_option_set_twice_to_two_values_is_the_lines_error_at_the_second(line):

    second = line.rindex("opt:")
    token = line[second:].split()[0]
    r = mjscore.score(line)
    assert r.error is not None and r.error.column == second + 1, r.error
    assert f"'{token}' sets" in str(r.error) and "second time" in str(r.error)
    assert f"is at column {line.index('opt:' + token[4:].split('=')[0]) + 1}" in str(r.error)


def test_an_option_set_twice_to_one_value_is_taken():

    once = mjscore.score("123m456p789s1122z ron:1z opt:red_fives=0")
    twice = mjscore.score("123m456p789s1122z ron:1z opt:red_fives=0 opt:red_fives=0")
    assert twice.error is None and twice.options["red_fives"] == once.options["red_fives"] == 0
    w = mjscore.waits("123m456p789s1122z opt:limit=5 opt:limit=6", rules="european")
    assert w.error is not None and "sets limit a second time" in str(w.error)


# -- a gzip record cut short -----------------------------------------------------------------------


@pytest.mark.parametrize("cut", [1, 8, 100, 1000])
def test_a_gzip_record_cut_short_keeps_the_rounds_before_the_cut(capsys, tmp_path, cut):
    whole = Path(__file__).parent / "data" / "logs" / "mjlog" / "double-ron.gz.mjlog"
    data = whole.read_bytes()
    short = tmp_path / "short.gz.mjlog"
    short.write_bytes(data[:-cut])
    _, all_lines, _ = run("import", str(whole), capsys=capsys)
    code, out, err = run("import", str(short), capsys=capsys)
    assert code == 1 and "broken gzip data: the compressed file ends" in err
    kept = out.splitlines()
    want = all_lines.replace(str(whole), str(short)).replace("double-ron", "short").splitlines()
    assert kept == want[: len(kept)] and len(kept) > 1  # the game line and rounds before
    if cut <= 8:  # only the trailer is missing: every round was read
        assert kept == want


# -- an empty ruleset or format name ---------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["score", "--rules", "", *GOOD.split()], "'' is not a ruleset name"),
        (["waits", "--rules", "", "123m456p789s1122z"], "'' is not a ruleset name"),
        (["score", "--format", "", *GOOD.split()], "unknown format ''"),
        (["rules", ""], "'' is not a ruleset name"),
        (["rules", "--rules", ""], "'' is not a ruleset name"),
        (["yaku", "--rules", ""], "'' is not a ruleset name"),
    ],
)
def test_an_empty_ruleset_or_format_is_a_usage_error_as_yaku_says(capsys, args, words):
    code, out, err = run(*args, capsys=capsys)
    assert code == 2 and out == "" and words in err


def test_an_empty_flag_is_not_the_config_files_value(capsys, tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('rules = "mcr"\nformat = "jsonl"\n')
    code, out, err = run(
        "score", "--config", str(config), "--rules", "", *GOOD.split(), capsys=capsys
    )
    assert code == 2 and "'' is not a ruleset name" in err


# -- the count of a run whose input stopped ----------------------------------------------


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_the_summary_counts_the_hands_read_before_an_endless_line(
    capsys, monkeypatch, tmp_path, source
):
    from mjscore.cli import runner

    monkeypatch.setattr(runner, "MAX_SKIP", 1 << 16)  # an endless line, made short
    path = tmp_path / "endless.txt"
    path.write_text(f"{GOOD}\n{GOOD}\n123m\n" + "1" * (1 << 18))
    if source == "file":
        code, out, err = run("score", "-F", "jsonl", "--file", str(path), capsys=capsys)
    else:
        import io
        import sys

        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
        code, out, err = run("score", "-F", "jsonl", "--file", "-", capsys=capsys)
    records = out.splitlines()
    assert code == 1 and len(records) == 4  # two scored, 123m, the endless line cut
    assert "a line has no end within" in err
    summary = err.strip().splitlines()[-1]
    assert summary.endswith(": 4 hands read before the input stopped: 2 scored, 2 not scored")
