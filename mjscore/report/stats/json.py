"""`mjscore stats --format json`: the records of `jsonl` as one JSON array."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from .. import json_safe
from . import records

if TYPE_CHECKING:
    from ...stats import Summary


def write(summary: Summary, out: TextIO, chosen: tuple[str, ...] = (), **_: Any) -> None:
    out.write(json_safe(json.dumps(records(summary, chosen), ensure_ascii=False, indent=1)) + "\n")
