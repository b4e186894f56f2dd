"""The Japanese words of the human outputs (`--lang ja`), as the platforms write them.

The call line follows Tenhou's result text (tenhou.net/6 records: `30符4飜7700点`,
`満貫8000点`, `1300-2600点`, `2600点∀`; the limits 満貫 跳満 倍満 三倍満 役満 of
tenhou.net/6's own table, where a counted yakuman is 役満 too), honba and deposits apart
as Tenhou leaves them out. The yaku are each ruleset's own Japanese names (`japanese` in
the ruleset files), with the spellings of the platform a ruleset follows (its
`yaku_spellings`, inherited through `extends`): Tenhou's (`自風 南`, `場風 東`, `槍槓`,
`国士無双１３面`: tenhou.net/6's yaku table) or Mahjong Soul's (its FAQ, mahjongsoul.club
"採用役は?": `役牌:自風牌`,
`断么九`, `ダブル立直`, and a counted yakuman `数え役満`); a multiple yakuman is
`ダブル役満` as Mahjong Soul says it (Tenhou has none). Chinese Official fans keep their
国标 names and European hands their French and German names (docs/rules/european.md).

Only words for people are here: record keys, error messages and the machine formats
never change with the language. What scoring says (fu items, payments, liability, notes,
the reading, a European player's items) comes as a key and its values (core.phrases,
which writes the English); the tables here give each key its Japanese words, and
tests/test_words.py renders every key in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..core.phrases import Phrase, Values, Words, say

SEAT_KANJI = {"E": "東", "S": "南", "W": "西", "N": "北"}
_SOURCE = {"left": "上家", "across": "対面", "right": "下家"}

# Headings and labels: the English words (the key) and their Japanese.
WORDS: dict[str, str] = {
    "yaku": "役",
    "han": "飜",
    "fu": "符",
    "payments": "支払い",
    "net": "収支",
    "liability": "包",
    "note": "注",
    "reading": "読み",
    "seat": "席",
    "breach": "開門",
    "dora": "ドラ",
    "ura": "裏ドラ",
    "indicator": "表示牌",
    "tsumo": "ツモ",
    "ron": "ロン",
    "discarder": "放銃者",
    "table": "供託",
    "flowers": "花牌",
    "riichi": "立直",
    "exhaustive draw": "流局",
    "points": "点",
    "doubles": "ダブル",
    "players": "各家",
    "fan": "番",
    "chi": "チー",
    "pon": "ポン",
    "kan": "明槓",
    "ankan": "暗槓",
    "kakan": "加槓",
    "paid to": "受け取り",
    "score": "得点",
    "nothing written": "記載なし",
    "no points": "点なし",
    "left": "上家",
    "across": "対面",
    "right": "下家",
}

FLAG_WORDS = {
    "riichi": "立直",
    "double-riichi": "両立直",
    "open-riichi": "オープン立直",
    "ippatsu": "一発",
    "haitei": "海底",
    "houtei": "河底",
    "rinshan": "嶺上",
    "chankan": "槍槓",
    "kanburi": "槓振り",
    "tenhou": "天和",
    "chiihou": "地和",
    "renhou": "人和",
    "first-turn": "第一打",
    "last-tile": "和絶張",
    "nagashi": "流し",
    "paarenchan": "八連荘",
    "draw": "流局",
}

# Tenhou's limit words (tenhou.net/6: MANGAN = 満貫 跳満 倍満 三倍満 役満).
LIMITS = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe-yakuman": "役満",
    "yakuman": "役満",
    "limit": "リミット",
}
_MULTIPLE_YAKUMAN = {2: "ダブル役満", 3: "トリプル役満"}  # Mahjong Soul's words
# The score table's rows: where Tenhou's result calls 13+ han 役満, the table has a yakuman
# row too, so the 13+ han row is 数え役満 (counted yakuman), as Mahjong Soul names it.
TABLE_LIMITS = {**LIMITS, "kazoe-yakuman": "数え役満"}

# Tenhou's yaku names (tenhou.net/6's table) where riichi.toml's differ; winds get the tile.
TENHOU_YAKU = {
    "chankan": "槍槓",
    "kokushi_13": "国士無双１３面",
    "seat_wind": "自風 {seat}",
    "round_wind": "場風 {round}",
}
# Mahjong Soul's (mahjongsoul.club FAQ, 採用役は?)
MAHJONGSOUL_YAKU = {
    "chankan": "槍槓",
    "tanyao": "断么九",
    "double_riichi": "ダブル立直",
    "seat_wind": "役牌:自風牌",
    "round_wind": "役牌:場風牌",
    "haku": "役牌:白",
    "hatsu": "役牌:發",
    "chun": "役牌:中",
}
# Whose spellings a ruleset uses (its `yaku_spellings`; "own": its own Japanese names)
SPELLINGS = {"tenhou": TENHOU_YAKU, "mahjongsoul": MAHJONGSOUL_YAKU}


def yaku_name(
    key: str, japanese: str, english: str, spellings: str, seat: str = "", round_wind: str = ""
) -> str:
    """A yaku's Japanese name: the spelling of the platform the ruleset follows (its
    `yaku_spellings`) where it has one, the ruleset's own Japanese, else the English name
    (a yaku no source names in Japanese)."""
    named = SPELLINGS.get(spellings, {}).get(key)
    if named is not None and "{" in named and not (seat and round_wind):
        return japanese or english  # a listing: no wind to name (自風牌, 場風牌)
    if named is not None:
        return named.format(
            seat=SEAT_KANJI.get(seat, seat), round=SEAT_KANJI.get(round_wind, round_wind)
        )
    return japanese or english


def han_words(han: int, yakuman: int) -> str:
    """`2飜`, `役満`, `ダブル役満`: a yaku's worth as Tenhou lists it (`立直(1飜)`)."""
    if yakuman:
        return yakuman_words(yakuman)
    return f"{han}飜"


def yakuman_words(units: int) -> str:
    return "役満" if units == 1 else _MULTIPLE_YAKUMAN.get(units, f"{units}倍役満")


def score_words(
    han: int | None, fu: int | None, limit: str | None, yakuman: int, spellings: str = "own"
) -> str:
    """The score as Tenhou's result begins: `30符4飜`, `満貫`, `役満` (a limit has no fu);
    Mahjong Soul names a counted yakuman 数え役満 where Tenhou says 役満."""
    if yakuman:
        return yakuman_words(yakuman)
    if limit == "kazoe-yakuman" and spellings == "mahjongsoul":
        return "数え役満"
    if limit:
        return LIMITS.get(limit, limit)
    if han is None:
        return ""
    return f"{fu}符{han}飜" if fu is not None else f"{han}飜"


def call_amounts(payments: tuple, value: int) -> str | None:
    """The amounts as Tenhou writes them: `7700点`, `1300-2600点`, `2600点∀` (honba and
    deposits apart; core.result.call_shape), or None for another shape."""
    from ..core.result import call_shape

    shape = call_shape(payments, value)
    if shape is None:
        return None
    kind, amounts = shape
    if kind == "all":
        return f"{amounts[0]}点∀"
    if kind == "split":
        return f"{amounts[0]}-{amounts[1]}点"
    return f"{amounts[0]}点"


def call_line(
    han: int | None,
    fu: int | None,
    limit: str | None,
    yakuman: int,
    payments: tuple,
    value: int,
    spellings: str = "own",
) -> str:
    """Tenhou's result text of the hand: `30符4飜7700点`, `満貫2000-4000点`, `跳満6000点∀`;
    a shape Tenhou's text has no form for (liability on a tsumo) gives the total."""
    said = call_amounts(payments, value)
    return score_words(han, fu, limit, yakuman, spellings) + (
        said if said is not None else f"{value}点"
    )


# -- what scoring says: one table of words per kind of Phrase (core.phrases) ----------------


def _seat(letter: str) -> str:
    return SEAT_KANJI.get(letter, letter)


def _seats(seats: Iterable[str]) -> str:
    return "、".join(_seat(s) for s in seats)


FU: dict[str, Words] = {
    "base": "副底",
    "closed_ron": "門前ロン",
    "tsumo": "ツモ",
    "wait_kanchan": "嵌張待ち",
    "wait_penchan": "辺張待ち",
    "wait_tanki": "単騎待ち",
    "pair_dragon": "三元牌の雀頭 {tile}",
    "pair_double_wind": "連風牌の雀頭 {tile}",
    "pair_seat_wind": "自風の雀頭 {tile}",
    "pair_round_wind": "場風の雀頭 {tile}",
    "open_triplet": "明刻 {tiles}",
    "concealed_triplet": "暗刻 {tiles}",
    "open_kan": "明槓 {tiles}",
    "concealed_kan": "暗槓 {tiles}",
    "rounded": "切り上げ",
    "open_hand_raised": "喰い平和の30符",
    "seven_pairs": "七対子",
    "pinfu_tsumo": "平和ツモ",
    "yaku": lambda v: v["japanese"] or v["name"],
}


def _settlement(east: bool) -> Callable[[Values], str]:
    def words(v: Values) -> str:
        text = f"清算 {_seat(v['high'])} {v['high_score']} − {_seat(v['low'])} {v['low_score']}"
        return text + (f" ×{v['factor']}（東）" if east else "")

    return words


PAYMENT: dict[str, Words] = {
    "ron": "ロン",
    "tsumo": "ツモ",
    "liability": "包",
    "liability_half": "包（半分）",
    "honba": "{count}本場",
    "deposits": "リーチ棒 ×{count}",
    "dora": "ドラ ×{count}",
    "closed_bonus": "門前祝儀",
    "mahjong": "和了",
    "mahjong_east": "和了 ×{factor}（東）",
    "settlement": _settlement(False),
    "settlement_east": _settlement(True),
    "refund": lambda v: f"返金：{_seat(v['seat'])}が和了者を上回った",
    "fan_ron": "ロン {base}+{fan}",
    "fan_base": "基本点 {base}",
    "fan_tsumo": "ツモ {base}+{fan}",
    "noten": "ノーテン罰符",
    "nagashi": "流し満貫",
}

FED: dict[str, Words] = {
    "third_dragon": "3つ目の三元牌",
    "fourth_wind": "4つ目の風牌",
    "fourth_kan": "4つ目の槓子",
    "yakuhai_han": "晒した役牌を{han}飜にした鳴き",
}
# what a liable player answers for, by yaku key
LIABLE_FOR = {
    "daisangen": "大三元",
    "suushii": "四喜和",
    "suukantsu": "四槓子",
    "daisuushii": "大四喜",
    "tsuuiisou": "字一色",
    "counted_mangan": "数満貫",
}


def _liable(rest: Callable[[str, str, str], str]) -> Callable[[Values], str]:
    """Who fed which call, then `rest(seat, what, discarder)`."""

    def words(v: Values) -> str:
        s = _seat(v["seat"])
        fed = say(FED, v["fed"], v)
        what = LIABLE_FOR.get(v["yaku"], str(v["yaku"]))
        other = _seat(v["discarder"]) if v["discarder"] else "放銃者"
        return f"{s}が{fed}を鳴かせた（{v['meld']}、{_SOURCE[v['source']]}から）：" + rest(
            s, what, other
        )

    return words


LIABILITY: dict[str, Words] = {
    "dealt_in": _liable(lambda s, what, other: f"{s}が放銃もしたので全額を払う"),
    "tsumo_whole": _liable(lambda s, what, other: f"{s}が放銃したものとして全額を一人で払う"),
    "tsumo_yakuman_only": _liable(
        lambda s, what, other: f"{s}が{what}を放銃したものとして払い、ほかの役満は通常のツモ"
    ),
    "ron_half": _liable(lambda s, what, other: f"{s}が{what}の半分、{other}が残りの半分を払う"),
    "ron_half_whole_hand": _liable(
        lambda s, what, other: f"{s}が手全体の半分、{other}が残りの半分を払う"
    ),
    "ron_half_yakuman_only": _liable(
        lambda s, what, other: f"{s}が{what}の半分、{other}が残りの半分とほかの役満を払う"
    ),
}


def _drawn_round(v: Values) -> str:
    kind = v["kind"]
    text = f"{ABORTIVE_DRAW}（{DRAW_KINDS[kind]}）" if v["abortive"] else DRAW_KINDS[kind]
    if not v["abortive"]:
        text += f"；聴牌 {_seats(v['ready']) or 'なし'}"
    if v["nagashi"]:
        text += f"；流し満貫 {_seats(v['nagashi'])}"
    return text + ("" if v["paid"] else "；支払いなし")


def draw_headline(v: Values) -> str:
    """A drawn round's headline as Tenhou's and Mahjong Soul's result screens say it (and
    the game report does): `流局`, `流し満貫 西`, `途中流局 九種九牌`."""
    kind = v["kind"]
    if v["abortive"]:
        return f"{ABORTIVE_DRAW} {DRAW_KINDS[kind]}"
    if v["nagashi"]:
        return f"{DRAW_KINDS['nagashi']} {_seats(v['nagashi'])}"
    return DRAW_KINDS["exhaustive"]


def _hands(hands: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{name} ({value})" for name, value in hands)


NOTE: dict[str, Words] = {
    "ura_without_riichi": "裏ドラは立直した手にだけ数える：ura: の表示牌は数えない",
    "renhou_off": "オプション renhou=off では人和は何も数えない",
    "renhou_less": "人和（{value}）は手の役より安いので、手の役を数える",
    "first_draw_once": lambda v: (
        f"first-turn と {v['flag']} は同じ第一ツモを言う：十三不搭を一度だけ数える"
        f"（十三不搭に{FLAG_WORDS.get(v['flag'], v['flag'])}は付かない）"
    ),
    "unknown_discarder": (
        "放銃者が書かれていない（ron:<牌> に - = + を付ける）ので、支払いは不明の席から"
        "で、収支には入らない"
    ),
    "liable_source_missing": lambda v: (
        f"{LIABLE_FOR.get(v['yaku'], v['yaku'])}：{v['meld']}の鳴き元が書かれていないので包は"
        "ない（面子の後に - = + を書く）"
    ),
    "counted_mangan_source_missing": (
        "数満貫：{meld}の鳴き元が書かれていないので包はない（面子の後に - = + を書く）"
    ),
    "dora_not_paid": (
        "ドラ{count}枚は払われない：鳴いた手で場の飜のほかに役がない"
        "（オプション open_dora_needs_yaku）"
    ),
    "yakuman_ends_game": (
        "この役満で対局終了（yakuman_result={result}）：和了者は{name}、ほかの各家から"
        "{each}ゲームポイント（mjscore boo-result）"
    ),
    "drawn_round": _drawn_round,
    "breach_unused": "breach: は使われない：dominant_wind_enabled がオフ",
    "main_appelante_lost": lambda v: (
        f"{_seat(v['seat'])}はmain appelanteを宣言して負けた：花牌と季節牌だけを数える"
    ),
    "main_appelante_on_draw": "流局ではmain appelanteは効果がない",
    "not_in_full": lambda v: (
        f"{_seat(v['seat'])}の手は全部は書かれていない（{v['tiles']}枚）："
        f"{EUROPEAN_DOUBLES['honours_one_suit']} は判定しない"
    ),
    "special_scored": "{name}（{value}）を採用",
    "special_over_ordinary": "{name}（{value}）を採用：通常の読みの最高は{ordinary}",
    "also_matched": lambda v: f"ほかに該当：{_hands(v['hands'])}",
    "ordinary_over_special": lambda v: (
        f"通常の読み（{v['score']}）が {_hands(v['hands'])} を上回る"
    ),
    "draw_not_settled": (
        "流局：誰も払わない（オプション settle_on_draw と advanced_settlement で"
        "{players}人の手を清算する）"
    ),
    "simple_settlement": (
        "ほかの家の手が ' / ' の後に書かれていない：和了者だけが受け取る（簡易方式）"
    ),
    "no_holding": lambda v: f"{_seats(v['seats'])}の手が書かれていない：清算では0点",
}

WAITS = {
    "ryanmen": "両面",
    "kanchan": "嵌張",
    "penchan": "辺張",
    "tanki": "単騎",
    "shanpon": "双碰",
    "thirteen-sided": "十三面",
    "seven_pairs": "七対子",
    "thirteen_orphans": "十三幺",
    "knitted_straight": "组合龙",
    "honors_and_knitted": "全不靠",
}  # the last three: Chinese Official's shapes


def _wait(key: str) -> str:
    return WAITS.get(key, key)


READING: dict[str, Words] = {
    "sets": lambda v: f"{v['sets']} [{_wait(v['wait'])}]",
    "thirteen_orphans": lambda v: f"国士無双 [{_wait(v['wait'])}]",
    "unrelated": "十三不搭 雀頭 {pair}",
    "nagashi": "流し：手牌でなく捨て牌で数える",
    "fan_sets": "{sets}",
    "fan_shape": lambda v: f"{v['sets']} [{_wait(v['shape'])}]",
}

# -- European: the French names docs/rules/european.md quotes (§6), else Japanese ----------

EUROPEAN_DOUBLES: dict[str, str] = {
    "dragon_set": "三元牌の刻子",
    "seat_wind_set": "自風の刻子",
    "dominant_wind_set": "Vent dominant の刻子",
    "round_wind_set": "場風の刻子",
    "honours_one_suit": "main composée d'honneurs et d'une seule série",
    "own_flower": "自分の花か季節",
    "own_flower_and_season": "自分の花と季節",
    "bouquet": "les 4 fleurs et/ou les 4 saisons",
    "no_chow": "順子なし",
    "concealed": "entièrement cachée",
    "honours_only": "ne comporte que des Vents et des Dragons",
    "pure_suit": "main pure",
    "last_wall_tile": "pêcher la lune au fond de la mer",
    "robbing_kong": "voler un kong exposé",
    "main_appelante": "main appelante（立直）",
    "first_deal": "配牌で和了",
    "replacement_win": "嶺上牌で和了",
    "terminals_honours": "么九牌と字牌だけ",
}
EUROPEAN_ROWS = {
    "mahjong": "和了 (Mah-Jong)",
    "four_chows": "4順子と雀頭",
    "self_drawn": "ツモ",
    "all_pungs": "4刻子と雀頭（ボーナス）",
    "discard_win": "ロン（ボーナス）",
    "plum_blossom": "嶺上の五筒（ボーナス）",
    "chicken": "無点の手（ボーナス）",
}
_ROLES = {"seat": "自風", "round": "場風", "dominant": "Vent dominant", "dragon": "三元牌"}
_FLOWERS = {
    "Plum": "梅",
    "Orchid": "蘭",
    "Chrysanthemum": "菊",
    "Bamboo": "竹",
    "Spring": "春",
    "Summer": "夏",
    "Autumn": "秋",
    "Winter": "冬",
}


def _flowers(v: Values) -> str:
    return f"花牌 {v['tiles']}（{'・'.join(_FLOWERS.get(f, f) for f in v['names'])}）"


ITEM: dict[str, Words] = {
    "exposed_pung": "明刻 {tiles}",
    "concealed_pung": "暗刻 {tiles}",
    "exposed_kong": "明槓 {tiles}",
    "concealed_kong": "暗槓 {tiles}",
    "pair": lambda v: f"雀頭 {v['tiles']}（{'＋'.join(_ROLES.get(r, r) for r in v['roles'])}）",
    "flowers": _flowers,
    "flowers_doubled": lambda v: f"{_flowers(v)} ×{v['times']}",
}

GAME_END: dict[str, Words] = {
    "below_zero": "飛び（0点未満）",
    "sudden_death_last": "延長戦の最終局",
    "sudden_death_goal": "延長戦で{goal}点に到達",
    "agari_yame": "オーラスの親がトップで和了止め",
    "last_round": "オーラス終了",
    "stopped_by_error": "エラーで中断",
    "no_round": "局なし",
    "record_stops": lambda v: (
        f"記録は{round_words(v['round'], v['honba'])}まで（ルールでは対局は続く）"
    ),
}

# `score --explain` and `--compare` (report/explain_words.py has the English of each key)
EXPLAIN: dict[str, str] = {
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


JAPANESE: dict[str, Mapping[str, Words]] = {
    "fu": FU,
    "payment": PAYMENT,
    "liability": LIABILITY,
    "note": NOTE,
    "reading": READING,
    "item": ITEM,
    "game_end": GAME_END,
}


def in_japanese(text: str) -> str:
    """What scoring said (a Phrase: its key and values), in Japanese; text that is no
    Phrase (a name from a ruleset file) as it is."""
    if isinstance(text, Phrase) and text.kind:
        return say(JAPANESE[text.kind], text.key, text.values)
    return text


def european_item(key: str, name: str) -> str:
    """A European points row or double: the special hands keep their French and German
    names, the doubles the French words of the rules, the rest is Japanese."""
    if key in EUROPEAN_DOUBLES:
        return EUROPEAN_DOUBLES[key]
    if key in EUROPEAN_ROWS:
        return EUROPEAN_ROWS[key]
    return in_japanese(name)


# -- the options, as `mjscore rules --lang ja` explains them ---------------------------------

OPTION_HELP = {
    "tsumo_pinfu": "摸八平和：門前の平和がツモで和了できる（平和＋門前清自摸和、20符）",
    "chiitoitsu": "七対子 和了点100点：七対子を和了形とし、100符0飜",
    "chiitoitsu_allows_situational_yaku": "七対子にも海底・嶺上・搶槓が付く（保存されたゲームの"
    "コードのとおり）",
    "isshoku_sanjun": "一色三順（同じ順子3つ）を1飜役とする",
    "sanshoku": "三色同順と三色同刻（一つの切り替え）を1飜役とする",
    "renhou_label_for_first_draw_tsumo": "子の第一ツモの和了を地和でなく人和と呼ぶ（アルシァルの"
    "FAQ）。支払いは同じ",
    "open_tanyao": "鳴いた手でも断幺九を数える（喰いタン）",
    "red_fives": "赤五の枚数：0、3（0m 0p 0s 各1枚）または4（0pが2枚）",
    "kiriage_mangan": "30符4飜と60符3飜を満貫とする（切り上げ満貫）",
    "double_yakuman": "ダブル役満とする形（コンマ区切り。on = 4つ全部、off = なし）",
    "yakuman_stacking": "1つの手の複数の役満を足す。off：1つの役満とする",
    "kokushi_ankan_chankan": "国士無双は暗槓も搶槓できる（行には槓の種類が書けないので、搶槓の"
    "国士無双は受け付ける）",
    "pao_share": "包の役満にほかの役満が付くとき：包の責任者が手全体を払うか、その役満だけか",
    "multiple_ron": "1つの捨て牌へのロン：ダブロン（トリロンは流局）、すべて、または頭ハネ"
    "（下家から）",
    "kazoe_yakuman": "13飜以上を（数え）役満とする。off：三倍満まで",
    "double_wind_pair_fu": "自風でも場風でもある風牌（連風牌）の雀頭の符",
    "renhou": "人和（自分の第一ツモ前のロン）の値打ち",
    "pao": "最後に鳴かせた人が責任を負う（包）役満（コンマ区切り、または none）",
    "limit": "通常の手の上限点（特別な手には上限がない）",
    "rounding": "ダブルの後、上限の前の丸め（nearest10：125 → 130）",
    "dominant_wind_enabled": "開門の風（Vent dominant）を独自の風の役割とする。off：自風と場風だけ",
    "pair_roles_cumulative": "風牌の雀頭はすべての役割（自風・開門・場風）で数える。"
    "off：最高の一つ",
    "wind_roles_cumulative": "風牌の刻子は役割ごとに1ダブル。off：多くて1ダブル",
    "half_flush_scope": "字牌と一色（混一色）のダブルを誰に付けるか：全員か和了者だけ",
    "bouquet_doubles": "花4枚か季節4枚のダブル：4は自分の花のダブルに代わる。1-3はそれに足す"
    "（1組ごとに1回）",
    "own_flower_and_season_doubles": "自分の花と自分の季節を両方持つときのダブル",
    "concealed_allows_discard_win": "和了牌が捨て牌でも「entièrement cachée」のダブルを数える",
    "flower_map": "自分の花の決め方：植物と季節の名で（seed：東 梅＋春）、または印刷された数字で",
    "german_limit_hands": "ドイツの特別な手（とその形としての七対子）を認める",
    "german_limit_multipliers": "ドイツの手：どれも上限点（一律）、または Sontag の上限の"
    "1/2、1、2倍",
    "special_hand_adds_bonus_tiles": "特別な手にも花牌を数える（自分の花のダブルは花牌の点だけに）",
    "quadruple_bonheur_any_pair": "三元牌以外の雀頭と風牌の刻子4つで2000点の quadruple bonheur",
    "allow_three_quads_pair_generally": "4枚組3つと雀頭（14枚）をいつでも和了とし、"
    "槓子として数える",
    "mandarin_quads_concealed": "Le Mah-Jong du mandarin の4枚組は暗槓でなければならない"
    "（鳴きなし）",
    "imperial_own_wind_pair": "Le Mah-Jong impérial の風牌の雀頭は和了者の自風でなければならない",
    "east_in_settlement": "清算：東が差額の2倍を払う・受け取るか、東の点を2倍にするか",
    "advanced_settlement": "和了者以外も互いに清算する。off：簡易方式",
    "settle_on_draw": "流局のとき4人が2人ずつ清算する",
    "winner_refund": "和了者より点の高い負け手に差額の2倍（東なら4倍）を払う。精算方式だけ",
    "bonus_all_pungs_10": "刻子か槓子4つと雀頭に+10点",
    "bonus_chicken_10": "和了の20点のほかに点がない手に+10点（面子・雀頭・花牌・ほかの和了者の"
    "行なし）",
    "bonus_discard_win_10": "捨て牌での和了に+10点",
    "bonus_plum_blossom_100": "嶺上牌で五筒を引いて和了すると+100点",
    "double_replacement_win": "嶺上牌での和了に1ダブル",
    "double_terminals_honours": "么九牌と字牌だけの手に1ダブル",
    "riichi_loser_keeps_flower_doubles": "main appelante の負け手も花牌の自分の花と花4枚のダブルを"
    "残す",
    "open_dora_needs_yaku": "副露役無し時のドラ 無効：鳴いた手で場の一翻しか飜がないとき"
    "ドラを払わない",
    "closed_bonus": "門前和了での附加点：門前の和了に300点（ツモは各自100点）",
    "chanta": "全帯幺を2飜役とする",
    "yakuman_result": "役満貫和了時の扱い：役満の和了でマルＡかダブルマルＡとして対局終了"
    "（mjscore boo-result）",
    "two_concealed_kongs": "双暗杠の番数：6（1998年）または8（WMO 2006年総則）",
    "concealed_and_melded_kong": "暗杠1つと明杠1つ：5 = pymahjonggb の追加の番 明暗杠、"
    "6 = その番の WMO 2006年の値、3 = 追加の番なし（暗杠2＋明杠1）",
    "kong_fans_beside_three_kongs": "on：三杠・四杠でも暗杠・双暗杠を数える（2006年の議論のある"
    "読み）",
    "seven_pairs_tile_hog_all_green_terminals": "off：七对と绿一色・清幺九では四归一を数えない"
    "（2006年 天津）",
    "lesser_honors_all_types": "on：全不靠でも五门齐を数える（WMO 2006年）",
    "knitted_straight_edge_closed": "off：组合龙は边张・坎张と複合しない（WMO 2006年）",
    "nine_gates_terminal_pungs": "九莲宝灯が除く幺九刻：'one'（pymahjonggb）または 'all'",
    "all_terminals_pung_fans": "清幺九のとき：'common' は双同刻を除き、'strict'（1998年）は"
    "三同刻も除き、'keep' は両方を数える",
    "strict_98_one_voided_suit": "on：大三元・小三元・大四喜以外の三风刻・一色四同顺・一色四节高・"
    "一色四步高では缺一门を数えない（1998年の厳格な読み）",
    "seven_pairs_tile_fans": "off：七对は绿一色・字一色・清幺九・混幺九と牌の範囲の番と複合しない"
    "（1998年の厳格な読み）",
    "fully_concealed_special_shapes": "on：自摸の四暗刻・九莲宝灯・七对・连七对・十三幺・全不靠・"
    "七星不靠は自摸でなく不求人を数える",
    "last_tile_draw_with_replacement": "off：海底牌でもある杠上の補充牌は杠上开花だけを数え、"
    "妙手回春は数えない",
    "knitted_straight_all_chows": "off：组合龙＋顺子＋数牌の雀頭は平和を数えない",
    "chiitoitsu_fu": "七対子：30（2飜30符）、50（1飜50符）または25（2飜で基本100、25符として）",
    "flowers": "花牌（flowers:1f2f..）：花4枚、1枚ごとにドラ1。4枚そろえば役 花槓（5飜）",
    "chankan": "搶槓和を1飜役とする（推定：WEB TILE は国士無双の搶槓を認め、役一覧にはない）",
    "two_player": "推定：二人打ち（東と南）。相手一人がどの和了も払い、ツモも全額",
    "two_han_minimum_honba": "この本場数から、和了に役で2飜が要る（0：いつも1飜）",
    "shiisan_puutaa": "十三不搭（面子にならない13枚＋雀頭、第一ツモ）を満貫役とする",
    "banryoku": "万緑叢中一点紅（緑の索子の面子4つ＋中の雀頭）を役満とする",
    "benikujaku": "紅孔雀（索子の1 5 7 9と中だけ）を役満とする",
    "daisharin": "大車輪（筒子の連続する7つの数の対子7つ）を役満とする",
    "hyakumangoku": "百万石（萬子だけで数の合計が100以上）を役満とする",
    "isshoku_yonjun": "一色四順（同じ順子4つ）を役満とする",
    "suurenkou": "四連刻（同じ種類の連続する数の刻子4つ）を役満とする",
    "fuukasetsugetsu": "風花雪月（自風・5p・白・1pの刻子）を役満とする",
    "paarenchan": "八連荘（親の8連続和了、フラグ paarenchan）を役満とする",
}


def option_help(name: str, english: str) -> str:
    """An option's meaning in Japanese; a new option not yet here keeps its English."""
    return OPTION_HELP.get(name, english)


# -- `mjscore game` (the ledger) ------------------------------------------------------------
# The draws as tenhou.net/6 names them in its result (records/draws.py reads the same words;
# tests/test_game_ja.py holds the two tables together); Tenhou's 全員聴牌 / 全員不聴 for an
# exhaustive draw where every player / nobody is ready.
DRAW_KINDS = {
    "exhaustive": "流局",
    "nagashi": "流し満貫",
    "nine-terminals": "九種九牌",
    "four-riichi": "四家立直",
    "triple-ron": "三家和了",
    "four-kans": "四槓散了",
    "four-winds": "四風連打",
}
ABORTIVE_DRAW = "途中流局"
ALL_READY, NONE_READY = "全員聴牌", "全員不聴"


def round_words(name: str, honba: int | None) -> str:
    """`東1局 0本場` as Tenhou heads a round (`東1局` where the table keeps no honba)."""
    words = f"{SEAT_KANJI.get(name[:1], name[:1])}{name[1:]}局"
    return words if honba is None else f"{words} {honba}本場"


def game_end(end: str, honba: bool = True) -> str:
    """Why the game ended (the ledger's Game.end, core.phrases.GAME_END) in Japanese;
    `honba`: the table counts them (a round then reads 東1局 0本場)."""
    if isinstance(end, Phrase) and end.key == "record_stops" and not honba:
        return _record_stops(end.values["round"], None)
    return in_japanese(end)


def _record_stops(round_name: str, honba: int | None) -> str:
    return f"記録は{round_words(round_name, honba)}まで（ルールでは対局は続く）"


# The game parameters (`mjscore rules`, params.GAME_PARAMS) in Japanese.
GAME_PARAM_HELP = {
    "start_points": "配給原点：開始時の各家の持ち点（0：支払いの累計だけ）",
    "return_points": "返し（原点）：結果を数える基準の点（0：開始点）",
    "goal_points": "延長戦（西入）を終え、オーラスを終えられる点（0：返し）",
    "uma": "ウマ：順位ごとの点（1位から4位。空：なし）",
    "oka": "オカ：トップが（返し − 開始点）× 人数 ÷ 1000 を受け取る",
    "noten_total": "ノーテン罰符：荒牌流局で不聴者が払い、聴牌者が分ける総額（0：なし）",
    "game_length": "長さ：east（東風戦、東4局まで）、south（半荘戦、南4局まで）、north（四風戦、"
    "北4局まで）、single（一局ずつ、親は回らない）",
    "renchan": "連荘：riichi（親の和了か流局時の聴牌）、dealer_win（親の和了か流局）、never",
    "renchan_on_abort": "途中流局で親が連荘する",
    "bust": "飛び：持ち点が0点未満になると終了",
    "west_extension": "西入：オーラス後、返しに届く者がいなければ延長戦（サドンデス）",
    "agari_yame": "和了止め：オーラスの親が和了してトップなら終了",
    "tenpai_yame": "聴牌止め：オーラスの親が流局時に聴牌でトップなら終了",
    "ties": "同点：seat（起家に近い方が上位）または split（ウマを分ける）",
    "leftover_deposits": "終局時に残った供託：first（トップへ）または none（誰も取らない）",
    "result_rounding": "結果：exact（小数1桁）または tenhou（各自の持ち点を絶対値で1000点単位に"
    "四捨五入（37500は38、-16500は-17）してから返しとの差、トップが残り）",
    "game_result": "最終結果：uma（順位ウマ・オカ）、boo（関西ブーのマルＡ／Ｂ／Ｃ）、"
    "total（支払いの累計そのもの）",
}
