"""`mjscore stats --format jsonl`: one record a line (a player's, a yaku's, ..., the summary)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from .. import json_safe
from . import records

if TYPE_CHECKING:
    from ...stats import Summary


def write(summary: Summary, out: TextIO, chosen: tuple[str, ...] = (), **_: Any) -> None:
    for record in records(summary, chosen):
        out.write(json_safe(json.dumps(record, ensure_ascii=False)) + "\n")
