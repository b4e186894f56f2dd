"""Fans made by combining chows with chows and pungs with pungs (spec section 3.6).

This is where non-identical and account-once live: a fan over three or four sets is
scored first and the fourth set adds at most one pair fan; without one, the pair fans
are capped (n - 1 for n related chows) and duplicates go first. Chows are given by
their middle tile, pungs by their tile, both as internal codes.
"""

from __future__ import annotations

from collections import Counter

from .codes import EAST, NORTH, RED, SOUTH, WEST, WHITE, is_dragon, rank, suit

PDC, MDC, SS, TTC = "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"
CHOW_PAIR_ORDER = (PDC, MDC, SS, TTC)  # removal goes backwards: TTC first


def _mixed(a: int, b: int, c: int) -> bool:
    return len({suit(a), suit(b), suit(c)}) == 3


def three_chow_fan(a: int, b: int, c: int) -> str | None:
    """The fan of three chows (middle tiles, sorted), or None."""
    if _mixed(a, b, c):
        ranks = sorted((rank(a), rank(b), rank(c)))
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [2, 5, 8]:
            return "mixed_straight"
        return None
    if a + 3 == b and b + 3 == c:
        return "pure_straight"
    if (a + 2 == b and b + 2 == c) or (a + 1 == b and b + 1 == c):
        return "pure_shifted_chows"
    if a == b == c:
        return "pure_triple_chow"
    return None


def two_chow_fan(a: int, b: int) -> str | None:
    if suit(a) != suit(b):
        return MDC if rank(a) == rank(b) else None
    if a + 3 == b or b + 3 == a:
        return SS
    if {rank(a), rank(b)} == {2, 8}:
        return TTC
    return PDC if a == b else None


def _extra_chow_fan(triple: tuple[int, int, int], extra: int) -> str | None:
    """The one pair fan the chow outside a three-chow fan may add, best first."""
    found = {two_chow_fan(t, extra) for t in triple}
    return next((f for f in CHOW_PAIR_ORDER if f in found), None)


def _cap_pair_fans(found: list[str | None], cap: int) -> Counter[str]:
    """Keep at most `cap` pair fans, removing duplicates first, then TTC, SS, MDC, PDC."""
    table = Counter(f for f in found if f)
    total = sum(table.values())
    for limit in (1, 0):
        for key in reversed(CHOW_PAIR_ORDER):
            while table[key] > limit and total > cap:
                table[key] -= 1
                total -= 1
    return +table


def chow_fans(mids: list[int]) -> Counter[str]:
    """Fans among 2 to 4 chows (pure/three-suited terminal chows are checked by the caller)."""
    m = sorted(mids)
    out: Counter[str] = Counter()
    if len(m) == 4:
        a, b, c, d = m
        if (a + 2 == b and b + 2 == c and c + 2 == d) or (a + 1 == b and b + 1 == c and c + 1 == d):
            out["four_pure_shifted_chows"] = 1
            return out
        if a == b == c == d:
            out["quadruple_chow"] = 1
            return out
        for i, j, k, rest in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = three_chow_fan(m[i], m[j], m[k])
            if fan:
                out[fan] = 1
                extra = _extra_chow_fan((m[i], m[j], m[k]), m[rest])
                if extra:
                    out[extra] = 1
                return out
        pairs = {(i, j): two_chow_fan(m[i], m[j]) for i in range(4) for j in range(i + 1, 4)}
        lonely = sum(1 for x in range(4) if not any(f for p, f in pairs.items() if x in p))
        cap = 3 - lonely
        return _cap_pair_fans(list(pairs.values()), cap) if cap > 0 else out
    if len(m) == 3:
        fan = three_chow_fan(*m)
        if fan:
            out[fan] = 1
            return out
        return _cap_pair_fans(
            [two_chow_fan(m[0], m[1]), two_chow_fan(m[0], m[2]), two_chow_fan(m[1], m[2])], 2
        )
    if len(m) == 2:
        fan = two_chow_fan(*m)
        if fan:
            out[fan] = 1
    return out


def three_pung_fan(a: int, b: int, c: int) -> str | None:
    """The fan of three pungs (codes, sorted), or None."""
    if c < 0x40:
        if _mixed(a, b, c):
            ranks = sorted((rank(a), rank(b), rank(c)))
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return "mixed_shifted_pungs"
            if ranks[0] == ranks[2]:
                return "triple_pung"
            return None
        if a + 1 == b and b + 1 == c:
            return "pure_shifted_pungs"
        return None
    if a >= EAST and c <= NORTH:
        return "big_three_winds"
    if (a, b, c) == (RED, RED + 1, WHITE):
        return "big_three_dragons"
    return None


def two_pung_fan(a: int, b: int) -> str | None:
    if a < 0x40 and b < 0x40:
        return "double_pung" if rank(a) == rank(b) else None
    if is_dragon(a) and is_dragon(b):
        return "two_dragons_pungs"
    return None


def pung_fans(tiles: list[int]) -> Counter[str]:
    """Fans among 2 to 4 pungs or kongs."""
    t = sorted(tiles)
    out: Counter[str] = Counter()
    if len(t) == 4:
        if t[0] < 0x40 and t[0] + 1 == t[1] and t[1] + 1 == t[2] and t[2] + 1 == t[3]:
            out["four_pure_shifted_pungs"] = 1
            return out
        if t == [EAST, SOUTH, WEST, NORTH]:
            out["big_four_winds"] = 1
            return out
        for i, j, k, rest in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            fan = three_pung_fan(t[i], t[j], t[k])
            if fan:
                out[fan] = 1
                extra = next(
                    (f for f in (two_pung_fan(t[x], t[rest]) for x in range(4) if x != rest) if f),
                    None,
                )
                if extra:
                    out[extra] += 1
                return out
    elif len(t) == 3:
        fan = three_pung_fan(*t)
        if fan:
            out[fan] = 1
            return out
    for i in range(len(t)):
        for j in range(i + 1, len(t)):
            fan = two_pung_fan(t[i], t[j])
            if fan:
                out[fan] += 1
    return out
