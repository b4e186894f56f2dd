"""The MCR fan table as data: one row per fan, with what it implies.

Scoring code never hard-codes a fan's points or names; it asks this table, so a ruleset
option (a 2006 value, an extra implication) is a change of data, not of code. Values are
the 1998 ones used by pymahjonggb; `options.py` derives the variants.

An implication `(key, n)` removes `n` of that fan when the implying fan is scored
(`ALL` = every one): the non-repeat principle of spec section 3.2.
"""

from __future__ import annotations

from ..base.frozen import value_class

ALL = 99  # "remove every occurrence" in an implication


@value_class(slots=False)
class Fan:
    """One fan: stable key, English name (pymahjonggb spelling), Chinese name, points."""

    key: str
    name: str
    name_zh: str
    points: int
    implies: tuple[tuple[str, int], ...] = ()


def _imp(*keys: str) -> tuple[tuple[str, int], ...]:
    """Implications that remove every occurrence of the named fans."""
    return tuple((k, ALL) for k in keys)


_CHOW_PAIRS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")

# 1998 order (= pymahjonggb's order); the 5-point mixed kong fan sits with the 6-point group.
FANS: tuple[Fan, ...] = (
    Fan(
        "big_four_winds",
        "Big Four Winds",
        "大四喜",
        88,
        _imp(
            "big_three_winds",
            "little_four_winds",
            "all_pungs",
            "seat_wind",
            "prevalent_wind",
            "pung_of_terminals_or_honors",
        ),
    ),
    Fan(
        "big_three_dragons",
        "Big Three Dragons",
        "大三元",
        88,
        _imp("two_dragons_pungs", "dragon_pung"),
    ),
    Fan("all_green", "All Green", "绿一色", 88, _imp("half_flush", "one_voided_suit")),
    Fan(
        "nine_gates",
        "Nine Gates",
        "九莲宝灯",
        88,
        _imp("full_flush", "concealed_hand", "fully_concealed_hand", "one_voided_suit", "no_honors")
        + (("pung_of_terminals_or_honors", 1),),
    ),
    Fan(
        "four_kongs",
        "Four Kongs",
        "四杠",
        88,
        _imp(
            "three_kongs",
            "two_melded_kongs",
            "two_concealed_kongs",
            "melded_kong",
            "concealed_kong",
            "concealed_kong_and_melded_kong",
            "all_pungs",
            "single_wait",
            "edge_wait",
            "closed_wait",
        ),
    ),
    Fan(
        "seven_shifted_pairs",
        "Seven Shifted Pairs",
        "连七对",
        88,
        _imp(
            "seven_pairs",
            "full_flush",
            "concealed_hand",
            "fully_concealed_hand",
            "single_wait",
            "one_voided_suit",
            "no_honors",
        ),
    ),
    Fan(
        "thirteen_orphans",
        "Thirteen Orphans",
        "十三幺",
        88,
        _imp(
            "all_terminals_and_honors",
            "all_types",
            "concealed_hand",
            "fully_concealed_hand",
            "single_wait",
        ),
    ),
    Fan(
        "all_terminals",
        "All Terminals",
        "清幺九",
        64,
        _imp(
            "all_terminals_and_honors",
            "all_pungs",
            "outside_hand",
            "pung_of_terminals_or_honors",
            "no_honors",
            "double_pung",
        ),
    ),
    Fan(
        "little_four_winds",
        "Little Four Winds",
        "小四喜",
        64,
        _imp("big_three_winds", "pung_of_terminals_or_honors"),
    ),
    Fan(
        "little_three_dragons",
        "Little Three Dragons",
        "小三元",
        64,
        _imp("two_dragons_pungs", "dragon_pung"),
    ),
    Fan(
        "all_honors",
        "All Honors",
        "字一色",
        64,
        _imp(
            "all_terminals_and_honors",
            "all_pungs",
            "outside_hand",
            "pung_of_terminals_or_honors",
            "one_voided_suit",
        ),
    ),
    Fan(
        "four_concealed_pungs",
        "Four Concealed Pungs",
        "四暗刻",
        64,
        _imp(
            "all_pungs",
            "concealed_hand",
            "fully_concealed_hand",
            "three_concealed_pungs",
            "two_concealed_pungs",
        ),
    ),
    Fan(
        "pure_terminal_chows",
        "Pure Terminal Chows",
        "一色双龙会",
        64,
        _imp(
            "seven_pairs", "full_flush", "all_chows", "one_voided_suit", "no_honors", *_CHOW_PAIRS
        ),
    ),
    Fan(
        "quadruple_chow",
        "Quadruple Chow",
        "一色四同顺",
        48,
        _imp("pure_triple_chow", "pure_shifted_pungs", "tile_hog", *_CHOW_PAIRS),
    ),
    Fan(
        "four_pure_shifted_pungs",
        "Four Pure Shifted Pungs",
        "一色四节高",
        48,
        _imp("pure_shifted_pungs", "pure_triple_chow", "all_pungs", "double_pung"),
    ),
    Fan(
        "four_pure_shifted_chows",
        "Four Pure Shifted Chows",
        "一色四步高",
        32,
        _imp("pure_shifted_chows", *_CHOW_PAIRS),
    ),
    Fan(
        "three_kongs",
        "Three Kongs",
        "三杠",
        32,
        _imp(
            "two_melded_kongs",
            "two_concealed_kongs",
            "melded_kong",
            "concealed_kong",
            "concealed_kong_and_melded_kong",
        ),
    ),
    Fan(
        "all_terminals_and_honors",
        "All Terminals and Honors",
        "混幺九",
        32,
        _imp("all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    ),
    Fan(
        "seven_pairs",
        "Seven Pairs",
        "七对",
        24,
        _imp("concealed_hand", "fully_concealed_hand", "single_wait"),
    ),
    Fan(
        "greater_honors_and_knitted_tiles",
        "Greater Honors and Knitted Tiles",
        "七星不靠",
        24,
        _imp(
            "lesser_honors_and_knitted_tiles",
            "knitted_straight",
            "all_types",
            "concealed_hand",
            "fully_concealed_hand",
            "single_wait",
        ),
    ),
    Fan(
        "all_even_pungs",
        "All Even Pungs",
        "全双刻",
        24,
        _imp("all_pungs", "all_simples", "no_honors"),
    ),
    Fan("full_flush", "Full Flush", "清一色", 24, _imp("one_voided_suit", "no_honors")),
    Fan(
        "pure_triple_chow",
        "Pure Triple Chow",
        "一色三同顺",
        24,
        _imp("pure_shifted_pungs", "pure_double_chow"),
    ),
    Fan("pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", 24, _imp("pure_triple_chow")),
    Fan("upper_tiles", "Upper Tiles", "全大", 24, _imp("upper_four", "no_honors")),
    Fan("middle_tiles", "Middle Tiles", "全中", 24, _imp("all_simples", "no_honors")),
    Fan("lower_tiles", "Lower Tiles", "全小", 24, _imp("lower_four", "no_honors")),
    Fan("pure_straight", "Pure Straight", "清龙", 16, ()),
    Fan(
        "three_suited_terminal_chows",
        "Three-Suited Terminal Chows",
        "三色双龙会",
        16,
        _imp("all_chows", "no_honors", *_CHOW_PAIRS),
    ),
    Fan("pure_shifted_chows", "Pure Shifted Chows", "一色三步高", 16, ()),
    Fan("all_five", "All Five", "全带五", 16, _imp("all_simples", "no_honors")),
    Fan("triple_pung", "Triple Pung", "三同刻", 16, ()),
    Fan(
        "three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 16, _imp("two_concealed_pungs")
    ),
    Fan(
        "lesser_honors_and_knitted_tiles",
        "Lesser Honors and Knitted Tiles",
        "全不靠",
        12,
        _imp("all_types", "concealed_hand", "fully_concealed_hand", "single_wait"),
    ),
    Fan("knitted_straight", "Knitted Straight", "组合龙", 12, ()),
    Fan("upper_four", "Upper Four", "大于五", 12, _imp("no_honors")),
    Fan("lower_four", "Lower Four", "小于五", 12, _imp("no_honors")),
    Fan("big_three_winds", "Big Three Winds", "三风刻", 12, ()),
    Fan("mixed_straight", "Mixed Straight", "花龙", 8, ()),
    Fan("reversible_tiles", "Reversible Tiles", "推不倒", 8, _imp("one_voided_suit")),
    Fan("mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", 8, ()),
    Fan("mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", 8, ()),
    Fan("chicken_hand", "Chicken Hand", "无番和", 8, ()),
    Fan("last_tile_draw", "Last Tile Draw", "妙手回春", 8, _imp("self_drawn")),
    Fan("last_tile_claim", "Last Tile Claim", "海底捞月", 8, ()),
    Fan(
        "out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", 8, _imp("self_drawn")
    ),
    Fan("robbing_the_kong", "Robbing The Kong", "抢杠和", 8, _imp("last_tile")),
    Fan("all_pungs", "All Pungs", "碰碰和", 6, ()),
    Fan("half_flush", "Half Flush", "混一色", 6, _imp("one_voided_suit")),
    Fan("mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", 6, ()),
    Fan("all_types", "All Types", "五门齐", 6, ()),
    Fan("melded_hand", "Melded Hand", "全求人", 6, _imp("single_wait")),
    Fan(
        "two_concealed_kongs",
        "Two Concealed Kongs",
        "双暗杠",
        6,
        _imp("concealed_kong", "two_concealed_pungs"),
    ),
    Fan("two_dragons_pungs", "Two Dragons Pungs", "双箭刻", 6, _imp("dragon_pung")),
    Fan(
        "concealed_kong_and_melded_kong",
        "Concealed Kong and Melded Kong",
        "明暗杠",
        5,
        _imp("concealed_kong", "melded_kong"),
    ),
    Fan("outside_hand", "Outside Hand", "全带幺", 4, ()),
    Fan(
        "fully_concealed_hand",
        "Fully Concealed Hand",
        "不求人",
        4,
        _imp("concealed_hand", "self_drawn"),
    ),
    Fan("two_melded_kongs", "Two Melded Kongs", "双明杠", 4, _imp("melded_kong")),
    Fan("last_tile", "Last Tile", "和绝张", 4, ()),
    Fan("dragon_pung", "Dragon Pung", "箭刻", 2, ()),
    Fan("prevalent_wind", "Prevalent Wind", "圈风刻", 2, ()),
    Fan("seat_wind", "Seat Wind", "门风刻", 2, ()),
    Fan("concealed_hand", "Concealed Hand", "门前清", 2, ()),
    Fan("all_chows", "All Chows", "平和", 2, _imp("no_honors")),
    Fan("tile_hog", "Tile Hog", "四归一", 2, ()),
    Fan("double_pung", "Double Pung", "双同刻", 2, ()),
    Fan("two_concealed_pungs", "Two Concealed Pungs", "双暗刻", 2, ()),
    Fan("concealed_kong", "Concealed Kong", "暗杠", 2, ()),
    Fan("all_simples", "All Simples", "断幺", 2, _imp("no_honors")),
    Fan("pure_double_chow", "Pure Double Chow", "一般高", 1, ()),
    Fan("mixed_double_chow", "Mixed Double Chow", "喜相逢", 1, ()),
    Fan("short_straight", "Short Straight", "连六", 1, ()),
    Fan("two_terminal_chows", "Two Terminal Chows", "老少副", 1, ()),
    Fan("pung_of_terminals_or_honors", "Pung of Terminals or Honors", "幺九刻", 1, ()),
    Fan("melded_kong", "Melded Kong", "明杠", 1, ()),
    Fan("one_voided_suit", "One Voided Suit", "缺一门", 1, ()),
    Fan("no_honors", "No Honors", "无字", 1, ()),
    Fan("edge_wait", "Edge Wait", "边张", 1, ()),
    Fan("closed_wait", "Closed Wait", "嵌张", 1, ()),
    Fan("single_wait", "Single Wait", "单钓将", 1, ()),
    Fan("self_drawn", "Self-Drawn", "自摸", 1, ()),
    Fan("flower_tiles", "Flower Tiles", "花牌", 1, ()),
)

BY_KEY: dict[str, Fan] = {f.key: f for f in FANS}
ORDER: dict[str, int] = {f.key: i for i, f in enumerate(FANS)}
