"""Han and fu to base points, with every limit of the riichi family."""

from __future__ import annotations

from typing import Any

from ..rulesets.params import LIMITS, Params

__all__ = ["LIMITS", "base_points", "round_up"]


def base_points(
    han: int, fu: int, yakuman: int, options: dict[str, Any], params: Params
) -> tuple[int, str | None]:
    """(base points, limit name or None): fu x 2^(han+2), capped by the limits.

    Params change the family's table: `han_offset` (the 2 of 2^(han+2)),
    `limits` (han-counted limits, default LIMITS), `mangan_base`, and
    `yakuman_as_mangan` (any yakuman is paid as one mangan, as in Shiragiku).
    """
    if yakuman and params.yakuman_as_mangan:
        return params.mangan_base, "mangan"
    if yakuman:
        return 8000 * yakuman, "yakuman"
    for least, base, name in params.limits:
        if han >= least:
            if name == "kazoe-yakuman" and not options["kazoe_yakuman"]:
                return 6000, "sanbaiman"
            return base, name
    mangan = params.mangan_base
    base = fu * 2 ** (han + params.han_offset)
    if base >= mangan:
        return mangan, "mangan"
    if options["kiriage_mangan"] and (han, fu) in ((4, 30), (3, 60)):
        return mangan, "mangan"
    return base, None


def round_up(x: int | float, unit: int = 100) -> int:
    """Round a payment up to the ruleset's unit (`payment_unit`: 100 riichi, 10 Shiragiku)."""
    return int(-(-x // unit) * unit)
