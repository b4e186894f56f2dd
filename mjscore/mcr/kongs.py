"""Kong fans and concealed-pung fans from three counts (spec section 3.7).

The combinations are fixed by the rulebook as the reference calculator reads it, so
they are a small table rather than a chain of implications. Options change the mixed
kong (5-point extra fan, 6 points, or plain Concealed Kong + Melded Kong) and whether
concealed kongs still score their own fan beside Three/Four Kongs.
"""

from __future__ import annotations

from collections import Counter

_CONCEALED_PUNGS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def kong_fans(
    melded_kongs: int,
    concealed_kongs: int,
    concealed_pungs: int,
    mixed_kong_fan: bool,
    kong_fans_beside_three_kongs: bool,
) -> Counter[str]:
    """Fans for MK melded kongs, CK concealed kongs and CP other concealed pungs."""
    mk, ck, cp = melded_kongs, concealed_kongs, concealed_pungs
    out: Counter[str] = Counter()
    kongs = mk + ck
    hidden = ck + cp  # concealed kongs count as concealed pungs
    if kongs >= 3:
        out["four_kongs" if kongs == 4 else "three_kongs"] = 1
        if hidden >= 2:
            out[_CONCEALED_PUNGS[hidden]] = 1
        if kong_fans_beside_three_kongs and ck:
            out["two_concealed_kongs" if ck >= 2 else "concealed_kong"] = 1
        return out
    if kongs == 2 and ck == 2:
        out["two_concealed_kongs"] = 1
        if hidden >= 3:
            out[_CONCEALED_PUNGS[hidden]] = 1
        return out
    if kongs == 2 and ck == 1:
        if mixed_kong_fan:
            out["concealed_kong_and_melded_kong"] = 1
        else:
            out["concealed_kong"] = out["melded_kong"] = 1
    elif kongs == 2:
        out["two_melded_kongs"] = 1
    elif mk:
        out["melded_kong"] = 1
    elif ck:
        out["concealed_kong"] = 1
    if hidden >= 2:
        out[_CONCEALED_PUNGS[hidden]] = 1
    return out
