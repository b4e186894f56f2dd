"""Han and fu to base points, with every limit of the riichi family."""

from __future__ import annotations

from typing import Any

LIMITS = (  # (least han, base points, name)
    (13, 8000, "kazoe-yakuman"),
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
    (5, 2000, "mangan"),
)


def base_points(han: int, fu: int, yakuman: int, options: dict[str, Any],
                params: dict[str, Any]) -> tuple[int, str | None]:
    """(base points, limit name or None): fu x 2^(han+2), capped by the limits.

    Params change the family's table: `han_offset` (the 2 of 2^(han+2)),
    `limits` (han-counted limits, default LIMITS), `mangan_base`, and
    `yakuman_as_mangan` (any yakuman is paid as one mangan, as in Shiragiku).
    """
    if yakuman and params.get("yakuman_as_mangan"):
        return params["mangan_base"], "mangan"
    if yakuman:
        return 8000 * yakuman, "yakuman"
    for least, base, name in params.get("limits", LIMITS):
        if han >= least:
            if name == "kazoe-yakuman" and not options.get("kazoe_yakuman", True):
                return 6000, "sanbaiman"
            return base, name
    mangan = params.get("mangan_base", 2000)
    base = fu * 2 ** (han + params.get("han_offset", 2))
    if base >= mangan:
        return mangan, "mangan"
    if options.get("kiriage_mangan") and (han, fu) in ((4, 30), (3, 60)):
        return mangan, "mangan"
    return base, None


def round_up(x: int | float, unit: int = 100) -> int:
    """Round a payment up to the ruleset's unit (`payment_unit`: 100 riichi, 10 Shiragiku)."""
    return int(-(-x // unit) * unit)
