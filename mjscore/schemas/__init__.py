"""The JSON Schema of the score record (docs/output.md), shipped with the package.

`mjscore schema` prints it; `record_schema()` returns it parsed, for tools that
validate records (the test suite validates every record it makes against it).
"""

from __future__ import annotations

import json
import os
from typing import Any

PATH = os.path.join(os.path.dirname(__file__), "record.schema.json")
GAME_PATH = os.path.join(os.path.dirname(__file__), "game.schema.json")  # `mjscore game`
STATS_PATH = os.path.join(os.path.dirname(__file__), "stats.schema.json")  # `mjscore stats`


def schema_text() -> str:
    with open(PATH, encoding="utf-8") as f:
        return f.read()


def record_schema() -> dict[str, Any]:
    return json.loads(schema_text())


def game_schema() -> dict[str, Any]:
    """The schema of a `mjscore game` record (a round or a game's end)."""
    with open(GAME_PATH, encoding="utf-8") as f:
        return json.loads(f.read())


def stats_schema() -> dict[str, Any]:
    """The schema of a `mjscore stats` record (a player, a hands' row, the summary)."""
    with open(STATS_PATH, encoding="utf-8") as f:
        return json.loads(f.read())
