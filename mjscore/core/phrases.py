"""Facts said in words: a key and its values (`Phrase`), and their English.

Scoring speaks in keys and values: `phrase("fu", "open_triplet", tiles="555z")`. The
machine records carry the English of each (a fu item's `reason`, a payment's `label`, the
liability's `rule`, the `notes`, the `reading`), written here from the key and the values,
byte for byte as scripts have read them, and beside it the key (docs/output.md). The
English report shows the same words; the Japanese ones of the same keys are
`mjscore/report/words_ja.py`'s, and a test renders every key in both.

A `Phrase` is a `str`, the English text, that keeps its kind, key and values, so that a
record or a caller that wants the words has them, and a reporter of another language
renders the key instead of reading the English back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

Values = Mapping[str, Any]
Words = str | Callable[[Values], str]  # a format string of the values, or a function of them

_NONE: Values = MappingProxyType({})


class Phrase(str):
    """English text written from a key and its values, which it keeps (`kind`: which
    table the key is of: fu, payment, liability, note, reading, item)."""

    kind: str
    key: str
    values: Values

    def __new__(cls, text: str, kind: str = "", key: str = "", values: Values = _NONE) -> Phrase:
        self = super().__new__(cls, text)
        self.kind, self.key, self.values = kind, key, values
        return self

    def __reduce__(self) -> tuple[type[Phrase], tuple[str, str, str, dict[str, Any]]]:
        return (Phrase, (str(self), self.kind, self.key, dict(self.values)))


def say(table: Mapping[str, Words], key: str, values: Values) -> str:
    """The words of `key` in one language's table, with its values."""
    words = table[key]
    return words(values) if callable(words) else words.format(**values)


def phrase(kind: str, key: str, /, **values: Any) -> Phrase:
    """The Phrase of `key` (of the table `kind`) with its values, in English."""
    return Phrase(say(ENGLISH[kind], key, values), kind, key, MappingProxyType(values))


def _seats(seats: Any) -> str:
    return ", ".join(seats)


# -- fu items: FuItem.reason ----------------------------------------------------------------

FU: dict[str, Words] = {
    "base": "base",
    "closed_ron": "closed hand won by ron",
    "tsumo": "tsumo",
    "wait_kanchan": "closed wait (kanchan)",
    "wait_penchan": "edge wait (penchan)",
    "wait_tanki": "pair wait (tanki)",
    "pair_dragon": "pair of dragons {tile}",
    "pair_double_wind": "pair of the seat and round wind {tile}",
    "pair_seat_wind": "pair of the seat wind {tile}",
    "pair_round_wind": "pair of the round wind {tile}",
    "open_triplet": "open triplet {tiles}",
    "concealed_triplet": "concealed triplet {tiles}",
    "open_kan": "open kan {tiles}",
    "concealed_kan": "concealed kan {tiles}",
    "rounded": "rounded up to 10",
    "open_hand_raised": "open hand of 20 fu raised",
    "seven_pairs": "seven pairs",
    "pinfu_tsumo": "pinfu tsumo",
    "yaku": "{name}",  # fu a yaku carries (Arushal's chinitsu): the yaku's name
}

# -- payments: Payment.label ----------------------------------------------------------------


def _settlement(east: bool) -> Callable[[Values], str]:
    def words(v: Values) -> str:
        text = f"settlement {v['high']} {v['high_score']} − {v['low']} {v['low_score']}"
        return text + (f" ×{v['factor']} (East)" if east else "")

    return words


PAYMENT: dict[str, Words] = {
    "ron": "ron",
    "tsumo": "tsumo",
    "liability": "liability",
    "liability_half": "liability (half)",
    "honba": "honba ×{count}",
    "deposits": "riichi deposits ×{count}",
    "dora": "dora ×{count}",
    "closed_bonus": "closed hand bonus",
    "mahjong": "Mah-Jong",
    "mahjong_east": "Mah-Jong ×{factor} (East)",
    "settlement": _settlement(False),
    "settlement_east": _settlement(True),
    "refund": "refund: {seat} outscored the winner",
    "fan_ron": "ron {base} + {fan}",
    "fan_base": "base {base}",
    "fan_tsumo": "tsumo {base} + {fan}",
    "noten": "noten",
    "nagashi": "nagashi",
}

# -- liability: Liability.rule, "<who fed what>: <who pays what>" ----------------------------

FED: dict[str, Words] = {
    "third_dragon": "the third dragon",
    "fourth_wind": "the fourth wind",
    "fourth_kan": "the fourth kan",
    "yakuhai_han": "the call that brought the exposed yakuhai to {han} han",
}
# what a liable player answers for: the yaku key, but for these
LIABLE_FOR: dict[str, str] = {"counted_mangan": "counted mangan (数満貫)"}


def _liable(rest: Callable[[Values, str, str], str]) -> Callable[[Values], str]:
    """A liability rule: who fed which call, then `rest(values, what, discarder)`."""

    def words(v: Values) -> str:
        who = (
            f"{v['seat']} fed {say(FED, v['fed'], v)} ({v['meld']} from {v['seat']}, {v['source']})"
        )
        what = LIABLE_FOR.get(v["yaku"], str(v["yaku"]))
        return f"{who}: {rest(v, what, v['discarder'] or 'the discarder')}"

    return words


LIABILITY: dict[str, Words] = {
    "dealt_in": _liable(lambda v, what, d: f"{v['seat']} dealt in too and pays all"),
    "tsumo_whole": _liable(
        lambda v, what, d: f"{v['seat']} pays the whole hand alone, as if they had dealt in"
    ),
    "tsumo_yakuman_only": _liable(
        lambda v, what, d: (
            f"{v['seat']} pays the {what} alone, as if they had dealt in; "
            "the other yakuman are an ordinary tsumo"
        )
    ),
    "ron_half": _liable(
        lambda v, what, d: f"{v['seat']} pays half of the {what}, {d} pays the other half"
    ),
    "ron_half_whole_hand": _liable(
        lambda v, what, d: f"{v['seat']} pays half of the whole hand, {d} pays the other half"
    ),
    "ron_half_yakuman_only": _liable(
        lambda v, what, d: (
            f"{v['seat']} pays half of the {what}, {d} pays the other half and the other yakuman"
        )
    ),
}

# -- notes ----------------------------------------------------------------------------------

DRAW_KINDS = {
    "exhaustive": "exhaustive draw",
    "nagashi": "nagashi mangan",
    "nine-terminals": "nine terminals (九種九牌)",
    "four-riichi": "four riichi (四家立直)",
    "triple-ron": "triple ron (三家和了)",
    "four-kans": "four kans (四槓散了)",
    "four-winds": "four winds (四風連打)",
}
_HANDS = {2: "two", 3: "three", 4: "four"}


def _drawn_round(v: Values) -> str:
    text = f"drawn round: {DRAW_KINDS[v['kind']]}"
    if not v["abortive"]:
        text += f"; ready: {_seats(v['ready']) or 'nobody'}"
    if v["nagashi"]:
        text += f"; nagashi mangan: {_seats(v['nagashi'])}"
    return text + ("" if v["paid"] else "; nobody pays")


NOTE: dict[str, Words] = {
    # the riichi family
    "ura_without_riichi": "ura dora count only for a riichi hand: the ura: indicators are ignored",
    "renhou_off": "renhou counts nothing under the option renhou=off",
    "renhou_less": ("renhou ({value}) is worth less than the hand's own yaku, which count instead"),
    "first_draw_once": (
        "'first-turn' and '{flag}' name the same first draw: 十三不搭 counted once "
        "(thirteen unrelated tiles take no {flag})"
    ),
    "unknown_discarder": (
        "the discarder is not written (ron:<tile> with - = or +), so the payment is from an "
        "unknown seat and net leaves it out"
    ),
    "liable_source_missing": (
        "{yaku}: the source of {meld} is not written, so nobody is liable "
        "(write - = or + after the meld)"
    ),
    "counted_mangan_source_missing": (
        "counted mangan: the source of {meld} is not written, so nobody is liable "
        "(write - = or + after the meld)"
    ),
    "dora_not_paid": (
        "{count} dora not paid: the hand is open and has no yaku besides the field han "
        "(option open_dora_needs_yaku)"
    ),
    "yakuman_ends_game": (
        "this yakuman ends the game (yakuman_result={result}): the winner takes {name}, "
        "{each} game points from every other player (mjscore boo-result)"
    ),
    "drawn_round": _drawn_round,
    # points and doubles (European)
    "breach_unused": "breach: is not used: dominant_wind_enabled is off",
    "main_appelante_lost": (
        "{seat} declared main appelante and lost: only flowers and seasons count"
    ),
    "main_appelante_on_draw": "main appelante has no effect on an exhaustive draw",
    "not_in_full": (
        "{seat}'s holding is not written in full ({tiles} tiles): honours and one suit is not "
        "judged (insufficient data)"
    ),
    "special_scored": "{name} ({value}) is scored",
    "special_over_ordinary": (
        "{name} ({value}) is scored; the best ordinary reading scores {ordinary}"
    ),
    "also_matched": lambda v: (
        "also matched: " + ", ".join(f"{name} ({value})" for name, value in v["hands"])
    ),
    "ordinary_over_special": lambda v: (
        f"the ordinary reading ({v['score']}) outscores "
        + ", ".join(f"{name} ({value})" for name, value in v["hands"])
    ),
    "draw_not_settled": lambda v: (
        "exhaustive draw: nobody pays (options settle_on_draw and advanced_settlement settle "
        f"the {_HANDS.get(v['players'], v['players'])} hands)"
    ),
    "simple_settlement": (
        "the other players' holdings are not written after ' / ': only the winner is paid "
        "(simple system)"
    ),
    "no_holding": lambda v: (
        f"no holding written for {_seats(v['seats'])}: scored 0 in the settlement"
    ),
}

# -- the reading: Verdict.reading -----------------------------------------------------------

READING: dict[str, Words] = {
    "sets": "{sets} [{wait}]",  # the sets and the pair (seven pairs: the pairs), the wait
    "thirteen_orphans": "thirteen orphans [{wait}]",
    "unrelated": "thirteen unrelated tiles with the pair {pair}",
    "nagashi": "nagashi: scored from the discards, not from the tiles",
    "fan_sets": "{sets}",  # Chinese Official: the sets of a regular hand
    "fan_shape": lambda v: f"{v['sets']} [{v['shape'].replace('_', ' ')}]",  # a special one
}

# -- points and doubles: the items a holding scores (ScoreItem.name) -----------------------

ROLE_WORDS = {"seat": "seat wind", "dominant": "dominant wind", "round": "round wind"}

ITEM: dict[str, Words] = {
    "exposed_pung": "exposed pung {tiles}",
    "concealed_pung": "concealed pung {tiles}",
    "exposed_kong": "exposed kong {tiles}",
    "concealed_kong": "concealed kong {tiles}",
    "pair": lambda v: f"pair {v['tiles']} ({' + '.join(ROLE_WORDS.get(r, r) for r in v['roles'])})",
    "flowers": lambda v: f"flowers {v['tiles']} ({', '.join(v['names'])})",
    "flowers_doubled": lambda v: f"flowers {v['tiles']} ({', '.join(v['names'])}) ×{v['times']}",
}

# -- a game's end (mjscore game): Game.end ------------------------------------------------

GAME_END: dict[str, Words] = {
    "below_zero": "a player below zero",
    "sudden_death_last": "the last round of sudden death",
    "sudden_death_goal": "sudden death: {goal:,} reached",
    "agari_yame": "the dealer stops in all-last as first",
    "last_round": "the last round",
    "stopped_by_error": "stopped by an error",
    "no_round": "no round",
    "record_stops": "the record stops after {round}-{honba} (the game goes on by its rules)",
}

ENGLISH: dict[str, Mapping[str, Words]] = {
    "fu": FU,
    "payment": PAYMENT,
    "liability": LIABILITY,
    "note": NOTE,
    "reading": READING,
    "item": ITEM,
    "game_end": GAME_END,
}
