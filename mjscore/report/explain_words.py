"""The words of `score --explain` and `score --compare`, one keyed table per language.

The analysis (analysis/explain.py, analysis/compare.py) speaks in keys and values: the
ordering keys of each scheme, the reading statuses, the yaku conditions of the registry
(yaku.registry.CONDITIONS), the kinds of a nearest change, the compared facets. Each key
has its words here in every language, with `{name}` fields for the values; `say(key,
**values)` gives them in the run's language (report/lang.py). A test holds every key of
the vocabularies to an entry of every table.
"""

from __future__ import annotations

from typing import Any

from .lang import current

EN: dict[str, str] = {
    # headings
    "why": "why this score",
    "why_not": "why no score",
    "chosen by": "chosen by",
    "then": " › ",
    "chosen": "chosen",
    "almost": "almost",
    "nearest": "one change from a win",
    "no change": "no single change of the line makes it a win",
    "gains": "gains",
    "no reading": "no reading: the tiles make no winning shape",
    "per wait": "why, win by win",
    "discard": "discard {tile}",
    # the ordering keys of the schemes (scoring.han_fu, scoring.points_doubles, MCR)
    "order.value": "value",
    "order.yakuman": "yakuman",
    "order.han": "han",
    "order.fu": "fu",
    "order.fu_before_rounding": "fu before rounding",
    "order.fan": "fan",
    "order.tie_break": "the reference tie-break",
    "order.score": "score",
    "order.raw": "score before the limit",
    "order.doubles": "doubles",
    "order.points": "points",
    "order.special_first": "a special hand on a tie",
    # why a reading is below the chosen one (its decided_by)
    "below": "lower {key}",
    "below.first_found": "equal: the first found stays",
    "below.tie_break": "equal fan: the tie-break chose",
    "below.special_first": "a special hand wins the tie",
    # reading statuses
    "status.no_yaku": "no yaku",
    "status.too_few_han": "too few han",
    "status.below_minimum": "under 8 fan",
    # the yaku conditions (yaku.registry.CONDITIONS)
    "condition.closed": "needs a closed hand",
    "condition.tsumo": "needs a tsumo",
    "condition.two_sided_wait": "needs a two-sided wait",
    "condition.plain_pair": "needs a pair worth no fu",
    "condition.pair_wait": "needs the wait on the pair",
    "condition.thirteen_sided_wait": "needs the thirteen-sided wait",
    "condition.option": "needs option {option}={value}",
    # the nearest changes (analysis.explain.CHANGES)
    "change.wait": "win on {tile}",
    "change.tsumo": "tsumo instead of ron",
    "change.riichi": "with riichi",
    "change.closed_meld": "{meld} closed",
    # the minimum
    "minimum": "{have} {unit} of the {needed} a win needs: {short} short",
    "unit.han": "han",
    "unit.fan": "fan",
    # --compare
    "compare": "compare",
    "rules": "rules",
    "score": "score",
    "value": "value",
    "differences": "differences from {reference}",
    "same": "scores the same as {reference}",
    "not scored": "not scored",
    "scored": "scores",
    "facet.ok": "whether it scores",
    "facet.value": "value",
    "facet.limit": "limit",
    "facet.han": "han",
    "facet.fu": "fu",
    "facet.yakuman": "yakuman",
    "facet.yaku": "yaku",
    "facet.payments": "payments",
    "absent": "none",
    "by option": "option {name}={value} ({reference}: {reference_value})",
    "no option": "no one option explains it",
}

JA: dict[str, str] = {
    "why": "点数の理由",
    "why_not": "和了にならない理由",
    "chosen by": "選ぶ基準",
    "then": "＞",
    "chosen": "採用",
    "almost": "あと一歩の役",
    "nearest": "一手で和了になる変更",
    "no change": "一手で和了になる変更はない",
    "gains": "追加",
    "no reading": "読みなし: 和了形にならない",
    "per wait": "和了ごとの理由",
    "discard": "{tile}切り",
    "order.value": "点数",
    "order.yakuman": "役満",
    "order.han": "飜数",
    "order.fu": "符",
    "order.fu_before_rounding": "切り上げ前の符",
    "order.fan": "番数",
    "order.tie_break": "同点時の規定",
    "order.score": "得点",
    "order.raw": "上限前の得点",
    "order.doubles": "ダブル",
    "order.points": "点",
    "order.special_first": "同点なら特殊役",
    "below": "{key}で下位",
    "below.first_found": "同点: 先に見つかった読みを採用",
    "below.tie_break": "同点: 規定で選択",
    "below.special_first": "同点: 特殊役を採用",
    "status.no_yaku": "役なし",
    "status.too_few_han": "飜数不足",
    "status.below_minimum": "8番未満",
    "condition.closed": "門前が条件",
    "condition.tsumo": "ツモが条件",
    "condition.two_sided_wait": "両面待ちが条件",
    "condition.plain_pair": "符のつかない雀頭が条件",
    "condition.pair_wait": "単騎待ちが条件",
    "condition.thirteen_sided_wait": "十三面待ちが条件",
    "condition.option": "オプション {option}={value} なら成立",
    "change.wait": "{tile}で和了",
    "change.tsumo": "ロンではなくツモ",
    "change.riichi": "立直をかける",
    "change.closed_meld": "{meld}を門前で",
    "minimum": "{have}{unit}（和了には{needed}{unit}、{short}{unit}不足）",
    "unit.han": "飜",
    "unit.fan": "番",
    "compare": "比較",
    "rules": "ルール",
    "score": "得点",
    "value": "点数",
    "differences": "{reference}との違い",
    "same": "{reference}と同じ点数",
    "not scored": "不成立",
    "scored": "成立",
    "facet.ok": "成立するか",
    "facet.value": "点数",
    "facet.limit": "満貫以上の区分",
    "facet.han": "飜数",
    "facet.fu": "符",
    "facet.yakuman": "役満",
    "facet.yaku": "役",
    "facet.payments": "支払い",
    "absent": "なし",
    "by option": "オプション {name}={value}（{reference}: {reference_value}）",
    "no option": "単独のオプションでは説明できない",
}

TABLES = {"en": EN, "ja": JA}


def say(word: str, /, **values: Any) -> str:
    """The words of `word` (a key) in the run's language, its fields filled with `values`."""
    words = TABLES.get(current(), EN).get(word) or EN[word]
    return words.format(**values) if values else words


def shown(value: Any, sep: str = ",") -> str:
    """An option's value as the command line writes it: on/off, a list with commas (`sep`
    ", " lets a report break a long list between its names, never inside one)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple, set, frozenset)):
        return sep.join(map(str, value)) or "none"
    return str(value)
