"""The JSON Schema of the score record (docs/output.md), shipped with the package.

`mjscore schema` prints it (`mjscore schema game` and `stats` the others);
`record_schema()` returns it parsed, for tools that validate records (the test suite
validates every record it makes against it).
"""

from __future__ import annotations

import json
import os
from typing import Any

PATH = os.path.join(os.path.dirname(__file__), "record.schema.json")
GAME_PATH = os.path.join(os.path.dirname(__file__), "game.schema.json")  # `mjscore game`
STATS_PATH = os.path.join(os.path.dirname(__file__), "stats.schema.json")  # `mjscore stats`


# The schemas `mjscore schema NAME` prints, by the command whose records they describe.
SCHEMAS = {"score": PATH, "game": GAME_PATH, "stats": STATS_PATH}


def schema_text(name: str = "score") -> str:
    """The schema of `name`'s records (a key of SCHEMAS) as the package ships it."""
    with open(SCHEMAS[name], encoding="utf-8") as f:
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
