"""The words of `score --explain` and `score --compare`: one keyed table per language.

The analysis (analysis/explain.py, analysis/compare.py) speaks in keys and values: the
ordering keys of each scheme, the reading statuses, the yaku conditions of the registry
(yaku.registry.CONDITIONS), the kinds of a nearest change, the compared facets. Each key
has its words in every language, with `{name}` fields for the values: the English here
(the records carry keys only, so these words are the report's alone), the Japanese in
words_ja.py (`EXPLAIN`), as every Japanese word is; `say(key, **values)` gives them in
the run's language (report/lang.py). A test holds every key of the vocabularies to an
entry of both tables.
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


def table(lang: str) -> dict[str, str]:
    """The words of the explanation in `lang` (the Japanese are words_ja.EXPLAIN)."""
    if lang == "ja":
        from .words_ja import EXPLAIN

        return EXPLAIN
    return EN


def say(word: str, /, **values: Any) -> str:
    """The words of `word` (a key) in the run's language, its fields filled with `values`."""
    words = table(current())[word]
    return words.format(**values) if values else words


def shown(value: Any, sep: str = ",") -> str:
    """An option's value as the command line writes it: on/off, a list with commas (`sep`
    ", " lets a report break a long list between its names, never inside one)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple, set, frozenset)):
        return sep.join(map(str, value)) or "none"
    return str(value)
