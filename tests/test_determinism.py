"""The same line gives the same record, whatever Python's hash seed: readings tie-break in order."""

from __future__ import annotations

import os
import subprocess
import sys

# Each has two readings of equal value (a two-sided wait or a pair wait on 9s): the pair wait
# has 2 more fu before rounding, so it is the one reported.
TIED = ["123m456p78s99s ankan:7777z ron:9s", "78s99s ankan:4444m kan:1111p= pon:666z- ron:9s"]
CODE = (
    "import json, mjscore\n"
    f"for line in {TIED!r}:\n"
    "    print(json.dumps(mjscore.score(line).to_dict(), sort_keys=True))\n"
)


def _run(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, env=env, check=True
    ).stdout


def test_records_do_not_depend_on_the_hash_seed():
    outputs = {_run(seed) for seed in ("0", "1", "2", "3", "4", "5")}
    assert len(outputs) == 1
    assert "[tanki]" in outputs.pop()


# A waits line with two flags the ruleset does not know: each win's line is a built hand
# with no columns, so the first unknown flag is the first by name, whatever the hash seed.
WAITS = (
    "import json, mjscore\n"
    "r = mjscore.waits('123456m789p3477s riichi ippatsu', rules='mcr')\n"
    "print(r.waits[0].ron.error.message)\n"
)


def test_the_first_unknown_flag_of_a_built_hand_does_not_depend_on_the_hash_seed():
    outputs = set()
    for seed in ("1", "2", "3", "4", "5", "6"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", WAITS], capture_output=True, text=True, env=env, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert outputs.pop().startswith("'ippatsu' is not a flag of ruleset mcr")
