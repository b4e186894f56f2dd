"""Issue 29: the same input gives the same bytes, whatever Python's hash seed, `--jobs` (1 or
2) and whether it comes from a file or from stdin, for `score`, `waits`, `import` and
`check`.

The input's own name is the one thing that may differ (`"file": "hands.txt"` against `-`):
it is written as `-` before the outputs are compared.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from strategies import notation_line

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
RULESETS = ("", "rules:mcr", "rules:european", "rules:kansai-boo", "rules:sanma", "rules:webtile")
FLAGS = ("riichi", "ippatsu", "open-riichi", "kanburi", "first-turn", "haitei", "tenhou", "chiihou")


def mj(*args: str, seed: str, stdin: Path | None = None) -> tuple[int, bytes, bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("MJSCORE_CONFIG", "FORCE_COLOR")}
    env.update(PYTHONHASHSEED=seed, NO_COLOR="1", COLUMNS="100")
    with open(stdin if stdin is not None else os.devnull, "rb") as given:
        done = subprocess.run(
            [sys.executable, "-m", "mjscore", *args],
            stdin=given,
            capture_output=True,
            env=env,
            cwd=ROOT,
            timeout=600,
        )
    return done.returncode, done.stdout, done.stderr


def unnamed(output: tuple[int, bytes, bytes], *names: str) -> tuple[int, bytes, bytes]:
    """The output with the input's names written as stdin's (`-`)."""
    code, out, err = output
    for name in names:
        out, err = out.replace(name.encode(), b"-"), err.replace(name.encode(), b"-")
    return code, out, err


def flag_lines(hands: tuple[str, ...]) -> list[str]:
    """Two flags a ruleset may not know, on hands of every ruleset: the error names one of
    them (it named the first of a set, in an order PYTHONHASHSEED changes)."""
    return [
        f"{hand} {a} {b} {rules}".strip()
        for hand in hands
        for rules in RULESETS
        for a, b in itertools.combinations(FLAGS, 2)
    ]


@pytest.fixture(scope="module")
def hand_file(tmp_path_factory) -> Path:
    """Some 1,300 lines: the examples, lines from the grammar (mostly errors), unknown
    flags across the rulesets, labels; enough for two workers with --jobs 2."""
    rng = random.Random(29)
    lines = (ROOT / "examples" / "hands.txt").read_text(encoding="utf-8").splitlines()
    lines += [notation_line(rng).text for _ in range(600)]
    lines += flag_lines(("234m406p22s56s chi:678s", "123m456p789s1122z ron:2z"))
    lines += [f"123m456p789s1122z ron:1z  # label {n}" for n in range(50)]
    path = tmp_path_factory.mktemp("same") / "hands-q7.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_an_unknown_flag_is_named_the_same_whatever_the_hash_seed(tmp_path):
    """`waits` scored each wait on a hand built without columns: its error named the
    first unknown flag of a set (riichi or ippatsu, by PYTHONHASHSEED)."""
    path = tmp_path / "flags.txt"
    path.write_text("\n".join(flag_lines(("234m406p22s56s chi:678s",))) + "\n")
    outputs = {mj("waits", "-q", "--file", str(path), "-F", "jsonl", seed=s) for s in "0123"}
    assert len(outputs) == 1


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["jsonl", "json", "tsv", "rich"])
@pytest.mark.parametrize("command", ["score", "waits"])
def test_lines_give_the_same_bytes_whatever_the_seed_the_jobs_and_the_source(
    hand_file, command, fmt
):
    name = str(hand_file)
    reference = unnamed(mj(command, "-q", "-F", fmt, "-j", "1", "--file", name, seed="0"), name)
    assert reference[0] == 1 and reference[1]  # some lines do not score: errors too
    for seed, jobs, stdin in [("1", "2", False), ("2", "1", True), ("3", "2", True)]:
        source = ["--file", "-"] if stdin else ["--file", name]
        got = mj(
            command,
            "-q",
            "-F",
            fmt,
            "-j",
            jobs,
            *source,
            seed=seed,
            stdin=hand_file if stdin else None,
        )
        assert unnamed(got, name) == reference, (seed, jobs, stdin)


RECORDS = [
    LOGS / "mjlog" / "double-ron.mjlog",
    LOGS / "mjlog" / "double-ron.gz.mjlog",
    LOGS / "tenhou6" / "2010102910gm-00a9-0000-cdb9804c.json",
    LOGS / "sanma" / "hidacow__double_nukidora.json",
]


@pytest.mark.slow
@pytest.mark.parametrize(
    "command, fmt",
    [("import", "lines"), ("import", "jsonl"), ("check", "text"), ("check", "jsonl")],
)
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.name)
def test_records_give_the_same_bytes_whatever_the_seed_and_the_source(
    tmp_path, command, fmt, record
):
    # a name that is in nothing else: `rec-q7` is the game's
    copy = tmp_path / ("rec-q7" + "".join(record.suffixes))
    copy.write_bytes(record.read_bytes())
    names = (str(copy), "rec-q7")
    reference = unnamed(mj(command, "-F", fmt, str(copy), seed="0"), *names)
    assert reference[1]
    assert unnamed(mj(command, "-F", fmt, str(copy), seed="1"), *names) == reference
    assert unnamed(mj(command, "-F", fmt, "-", seed="2", stdin=copy), *names) == reference
