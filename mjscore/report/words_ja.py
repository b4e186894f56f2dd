"""The Japanese words of the human outputs (`--lang ja`), as the platforms write them.

The call line follows Tenhou's result text (tenhou.net/6 records: `30符4飜7700点`,
`満貫8000点`, `1300-2600点`, `2600点∀`; the limits 満貫 跳満 倍満 三倍満 役満 of
tenhou.net/6's own table, where a counted yakuman is 役満 too), honba and deposits apart
as Tenhou leaves them out. The yaku are each ruleset's own Japanese names (`japanese` in
the ruleset files), with Tenhou's spellings for the riichi rulesets that have no names of
their own (`自風 南`, `場風 東`, `槍槓`, `国士無双１３面`: tenhou.net/6's yaku table) and
Mahjong Soul's for `mahjongsoul` (its FAQ, mahjongsoul.club "採用役は?": `役牌:自風牌`,
`断么九`, `ダブル立直`); a multiple yakuman is `ダブル役満` as Mahjong Soul says it
(Tenhou has none). Chinese Official fans keep their 国标 names and European hands their
French and German names (docs/rules/european.md).

Only words for people are here: record keys, error messages and the machine formats
never change with the language. Sentences the core writes in English (liability, notes)
are translated by pattern; one no pattern knows stays whole in English rather than half.
"""

from __future__ import annotations

import re
from collections.abc import Callable

SEAT_KANJI = {"E": "東", "S": "南", "W": "西", "N": "北"}
_SOURCE = {"left": "上家", "across": "対面", "right": "下家"}

# Headings and labels: the English words (the key) and their Japanese.
WORDS: dict[str, str] = {
    "yaku": "役", "han": "飜", "fu": "符", "payments": "支払い", "net": "収支",
    "liability": "包", "note": "注", "reading": "読み", "seat": "席", "round": "場風",
    "breach": "開門", "dora": "ドラ", "ura": "裏ドラ", "honba": "本場", "sticks": "供託",
    "indicator": "表示牌", "indicators": "表示牌", "tsumo": "ツモ", "ron": "ロン",
    "from": "←", "discarder": "放銃者", "table": "供託", "flowers": "花牌",
    "riichi": "立直", "exhaustive draw": "流局", "line": "行", "points": "点",
    "doubles": "ダブル", "players": "各家", "fan": "番", "chi": "チー", "pon": "ポン",
    "kan": "明槓", "ankan": "暗槓", "kakan": "加槓", "paid to": "受け取り",
    "total": "計", "yakuman": "役満", "simple": "簡易", "advanced": "精算",
    "settlement": "清算", "score": "得点", "nothing written": "記載なし",
    "no points": "点なし", "fixed value": "固定点", "left": "上家", "across": "対面",
    "right": "下家",
}

FLAG_WORDS = {
    "riichi": "立直", "double-riichi": "両立直", "open-riichi": "オープン立直",
    "ippatsu": "一発", "haitei": "海底", "houtei": "河底", "rinshan": "嶺上",
    "chankan": "槍槓", "kanburi": "槓振り", "tenhou": "天和", "chiihou": "地和",
    "renhou": "人和", "first-turn": "第一打", "last-tile": "和絶張", "nagashi": "流し",
    "paarenchan": "八連荘", "draw": "流局",
}

# Tenhou's limit words (tenhou.net/6: MANGAN = 満貫 跳満 倍満 三倍満 役満).
LIMITS = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満",
          "kazoe-yakuman": "役満", "yakuman": "役満", "limit": "リミット"}
_MULTIPLE_YAKUMAN = {2: "ダブル役満", 3: "トリプル役満"}  # Mahjong Soul's words

# Tenhou's yaku names (tenhou.net/6's table) where riichi.toml's differ; winds get the tile.
TENHOU_YAKU = {"chankan": "槍槓", "kokushi_13": "国士無双１３面",
               "seat_wind": "自風 {seat}", "round_wind": "場風 {round}"}
# Mahjong Soul's (mahjongsoul.club FAQ, 採用役は?)
MAHJONGSOUL_YAKU = {"chankan": "槍槓", "tanyao": "断么九", "double_riichi": "ダブル立直",
                    "seat_wind": "役牌:自風牌", "round_wind": "役牌:場風牌",
                    "haku": "役牌:白", "hatsu": "役牌:發", "chun": "役牌:中"}
# The riichi rulesets without Japanese names of their own: riichi.toml's, then Tenhou's.
_TENHOU_NAMED = ("riichi", "tenhou", "mleague", "wrc", "ema")

TITLES = {
    "riichi": "リーチ麻雀 · 天鳳ルール",
    "tenhou": "天鳳 · tenhou.net 段位戦ルール",
    "mahjongsoul": "雀魂 · 段位戦ルール",
    "mleague": "Mリーグ · Mリーグルール",
    "wrc": "WRC · 世界リーチ麻雀選手権ルール",
    "ema": "EMA · ヨーロッパ・リーチ競技ルール",
    "webtile": "WEB TILE · JavaScript 麻雀",
    "arushal": "アルシァル麻雀 · 白菊ルール",
    "kansai-boo": "関西式ブー麻雀 · 白菊ルール",
    "european": "European · フランス古典ルール（点とダブル）",
    "mcr": "国标麻将 · 中国公式ルール (MCR)",
}


def yaku_name(key: str, japanese: str, english: str, rules: str, seat: str = "",
              round_wind: str = "") -> str:
    """A yaku's Japanese name under `rules`: the platform's spelling where it has one, the
    ruleset's own Japanese, else the English name (a yaku no source names in Japanese)."""
    table = (MAHJONGSOUL_YAKU if rules == "mahjongsoul"
             else TENHOU_YAKU if rules in _TENHOU_NAMED else {})
    named = table.get(key)
    if named is not None and "{" in named and not (seat and round_wind):
        return japanese or english  # a listing: no wind to name (自風牌, 場風牌)
    if named is not None:
        return named.format(seat=SEAT_KANJI.get(seat, seat),
                            round=SEAT_KANJI.get(round_wind, round_wind))
    return japanese or english


def han_words(han: int, yakuman: int) -> str:
    """`2飜`, `役満`, `ダブル役満`: a yaku's worth as Tenhou lists it (`立直(1飜)`)."""
    if yakuman:
        return yakuman_words(yakuman)
    return f"{han}飜"


def yakuman_words(units: int) -> str:
    return "役満" if units == 1 else _MULTIPLE_YAKUMAN.get(units, f"{units}倍役満")


def score_words(han: int | None, fu: int | None, limit: str | None, yakuman: int) -> str:
    """The score as Tenhou's result begins: `30符4飜`, `満貫`, `役満` (a limit has no fu)."""
    if yakuman:
        return yakuman_words(yakuman)
    if limit:
        return LIMITS.get(limit, limit)
    if han is None:
        return ""
    return f"{fu}符{han}飜" if fu is not None else f"{han}飜"


def call_amounts(payments: tuple, value: int) -> str | None:
    """The amounts as Tenhou writes them: `7700点`, `1300-2600点`, `2600点∀` (honba and
    deposits apart), or None when the payments are not one of those shapes."""
    reasons = {p.reason for p in payments}
    if "tsumo" in reasons and "ron" not in reasons and "liability" not in reasons:
        shares = sorted({p.amount for p in payments if p.reason == "tsumo"})
        if len(shares) == 1:
            return f"{shares[0]}点∀"
        if len(shares) == 2:
            return f"{shares[0]}-{shares[1]}点"
        return None
    if "ron" in reasons and "tsumo" not in reasons:
        paid = sum(p.amount for p in payments if p.reason in ("ron", "liability"))
        if paid == value:
            return f"{paid}点"
    return None


def call_line(han: int | None, fu: int | None, limit: str | None, yakuman: int,
              payments: tuple, value: int) -> str:
    """Tenhou's result text of the hand: `30符4飜7700点`, `満貫2000-4000点`, `跳満6000点∀`;
    a shape Tenhou's text has no form for (liability on a tsumo) gives the total."""
    said = call_amounts(payments, value)
    return score_words(han, fu, limit, yakuman) + (said if said is not None else f"{value}点")


# -- fu items --------------------------------------------------------------------------------

_FU_FIXED = {
    "base": "副底", "rounded up to 10": "切り上げ", "tsumo": "ツモ",
    "closed hand won by ron": "門前ロン", "closed wait (kanchan)": "嵌張待ち",
    "edge wait (penchan)": "辺張待ち", "pair wait (tanki)": "単騎待ち",
    "seven pairs": "七対子", "pinfu tsumo": "平和ツモ",
    "open hand of 20 fu raised": "喰い平和の30符",
}
_FU_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^open triplet (\S+)$"), r"明刻 \1"),
    (re.compile(r"^concealed triplet (\S+)$"), r"暗刻 \1"),
    (re.compile(r"^open kan (\S+)$"), r"明槓 \1"),
    (re.compile(r"^concealed kan (\S+)$"), r"暗槓 \1"),
    (re.compile(r"^pair of dragons (\S+)$"), r"三元牌の雀頭 \1"),
    (re.compile(r"^pair of the seat and round wind (\S+)$"), r"連風牌の雀頭 \1"),
    (re.compile(r"^pair of the seat wind (\S+)$"), r"自風の雀頭 \1"),
    (re.compile(r"^pair of the round wind (\S+)$"), r"場風の雀頭 \1"),
)


def fu_reason(reason: str, yaku_names: dict[str, str] | None = None) -> str:
    """A fu item's reason in Japanese; a fu a yaku carries (Arushal's chinitsu) by the
    yaku's Japanese name, from `yaku_names` (English name to Japanese)."""
    fixed = _FU_FIXED.get(reason)
    if fixed is not None:
        return fixed
    for pattern, words in _FU_PATTERNS:
        if pattern.match(reason):
            return pattern.sub(words, reason)
    return (yaku_names or {}).get(reason, reason)


# -- payments --------------------------------------------------------------------------------

def payment_label(reason: str, units: int | None, label: str) -> str:
    """A payment's words: `ロン`, `ツモ`, `包（半分）`, `1本場`, `供託 ×1`, ..."""
    n = units or 0
    if reason in ("ron", "tsumo"):
        word = "ロン" if reason == "ron" else "ツモ"
        m = re.match(r"^(?:ron|tsumo) (\d+) \+ (\d+)$", label)  # Chinese Official: 8 + fan
        return f"{word} {m.group(1)}+{m.group(2)}" if m else word
    if reason == "base":
        m = re.match(r"^base (\d+)$", label)
        return f"基本点 {m.group(1)}" if m else "基本点"
    if reason == "liability":
        return "包（半分）" if "half" in label else "包"
    if reason == "honba":
        return f"{n}本場"
    if reason == "deposits":
        return f"リーチ棒 ×{n}"
    if reason == "dora":
        return f"ドラ ×{n}"
    if reason == "bonus":
        return "門前祝儀"
    if reason == "mahjong":
        m = re.match(r"^Mah-Jong ×(\d+) \(East\)$", label)
        return f"和了 ×{m.group(1)}（東）" if m else "和了"
    if reason == "settlement":
        m = re.match(r"^settlement ([ESWN]) (\d+) − ([ESWN]) (\d+)(?: ×(\d+) \(East\))?$",
                     label)
        if m:
            a, x, b, y, times = m.groups()
            text = f"清算 {SEAT_KANJI[a]} {x} − {SEAT_KANJI[b]} {y}"
            return text + (f" ×{times}（東）" if times else "")
        return "清算"
    if reason == "refund":
        m = re.match(r"^refund: ([ESWN]) outscored the winner$", label)
        return f"返金：{SEAT_KANJI[m.group(1)]}が和了者を上回った" if m else "返金"
    return label or reason


# -- sentences: liability and notes ------------------------------------------------------------

def _seat(letter: str) -> str:
    return SEAT_KANJI.get(letter, letter)


def _what(text: str) -> str:
    """What a liable player answers for: the hand, a yakuman, a counted mangan."""
    return {"the whole hand": "手全体", "the daisangen": "大三元", "the suushii": "四喜和",
            "the counted mangan (数満貫)": "数満貫"}.get(text, text.removeprefix("the "))


_FED = {"the third dragon": "3つ目の三元牌", "the fourth wind": "4つ目の風牌",
        "the call that brought the exposed yakuhai to 4 han": "晒した役牌を4飜にした鳴き"}

_LIABLE = re.compile(
    r"^(?P<seat>[ESWN]) fed (?P<fed>.+?) \((?P<meld>\S+) from [ESWN], (?P<src>left|across|"
    r"right)\): (?P<rest>.+)$")


def _liability_rest(seat: str, rest: str) -> str | None:
    s = _seat(seat)
    if rest == f"{seat} dealt in too and pays all":
        return f"{s}が放銃もしたので全額を払う"
    if rest == f"{seat} pays the whole hand alone, as if they had dealt in":
        return f"{s}が放銃したものとして全額を一人で払う"
    m = re.match(rf"^{seat} pays the (.+) alone, as if they had dealt in; the other yakuman "
                 r"are an ordinary tsumo$", rest)
    if m:
        return f"{s}が{_what('the ' + m.group(1))}を放銃したものとして払い、ほかの役満は通常のツモ"
    m = re.match(rf"^{seat} pays half of the (.+), (\S+|the discarder) pays the other half"
                 r"( and the other yakuman)?$", rest)
    if m:
        what, disc, more = m.groups()
        other = "放銃者" if disc == "the discarder" else _seat(disc)
        tail = "とほかの役満" if more else ""
        return f"{s}が{_what('the ' + what)}の半分、{other}が残りの半分{tail}を払う"
    return None


def liability_text(rule: str) -> str:
    """A liability sentence (scoring/liability.describe) in Japanese; whole English when its
    form is not one known here."""
    m = _LIABLE.match(rule)
    if m:
        fed = _FED.get(m["fed"])
        rest = _liability_rest(m["seat"], m["rest"])
        if fed is not None and rest is not None:
            return (f"{_seat(m['seat'])}が{fed}を鳴かせた（{m['meld']}、"
                    f"{_SOURCE[m['src']]}から）：{rest}")
    return rule


def _seats(text: str) -> str:
    return "、".join(_seat(s.strip()) for s in text.split(","))


_NOTES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(p), f) for p, f in (
        (r"^ura dora count only for a riichi hand: the ura: indicators are ignored$",
         lambda m: "裏ドラは立直した手にだけ数える：ura: の表示牌は数えない"),
        (r"^renhou counts nothing under the option renhou=off$",
         lambda m: "オプション renhou=off では人和は何も数えない"),
        (r"^renhou \((\S+)\) is worth less than the hand's own yaku, which count instead$",
         lambda m: f"人和（{m[1]}）は手の役より安いので、手の役を数える"),
        (r"^the discarder is not written \(ron:<tile> with - = or \+\), so the payment is "
         r"from an unknown seat and net leaves it out$",
         lambda m: "放銃者が書かれていない（ron:<牌> に - = + を付ける）ので、支払いは不明の席から"
                   "で、収支には入らない"),
        (r"^(\w+): the source of (\S+) is not written, so nobody is liable \(write - = or \+ "
         r"after the meld\)$",
         lambda m: f"{_what('the ' + m[1])}：{m[2]}の鳴き元が書かれていないので包はない"
                   "（面子の後に - = + を書く）"),
        (r"^counted mangan: the source of (\S+) is not written, so nobody is liable \(write "
         r"- = or \+ after the meld\)$",
         lambda m: f"数満貫：{m[1]}の鳴き元が書かれていないので包はない"
                   "（面子の後に - = + を書く）"),
        (r"^(\d+) dora not paid: the hand is open and has no yaku besides the field han "
         r"\(option open_dora_needs_yaku\)$",
         lambda m: f"ドラ{m[1]}枚は払われない：鳴いた手で場の飜のほかに役がない"
                   "（オプション open_dora_needs_yaku）"),
        (r"^this yakuman ends the game \(yakuman_result=(\S+)\): the winner takes (.+), "
         r"(\d+) game points from every other player \(mjscore boo-result\)$",
         lambda m: f"この役満で対局終了（yakuman_result={m[1]}）：和了者は{m[2]}、ほかの各家から"
                   f"{m[3]}ゲームポイント（mjscore boo-result）"),
        (r"^(.+) \((\d+)\) is scored; the best ordinary reading scores (\d+)$",
         lambda m: f"{m[1]}（{m[2]}）を採用：通常の読みの最高は{m[3]}"),
        (r"^(.+) \((\d+)\) is scored$", lambda m: f"{m[1]}（{m[2]}）を採用"),
        (r"^also matched: (.+)$", lambda m: f"ほかに該当：{m[1]}"),
        (r"^no holding written for (.+): scored 0 in the settlement$",
         lambda m: f"{_seats(m[1])}の手が書かれていない：清算では0点"),
        (r"^([ESWN]) declared main appelante and lost: only flowers and seasons count$",
         lambda m: f"{_seat(m[1])}はmain appelanteを宣言して負けた：花牌と季節牌だけを数える"),
        (r"^([ESWN])'s holding is not written in full \((\d+) tiles\): (.+) is not judged "
         r"\(insufficient data\)$",
         lambda m: f"{_seat(m[1])}の手は全部は書かれていない（{m[2]}枚）："
                   f"{european_note_part(m[3])} は判定しない"),
        (r"^the other players' holdings are not written after ' / ': only the winner is paid "
         r"\(simple system\)$",
         lambda m: "ほかの家の手が ' / ' の後に書かれていない：和了者だけが受け取る（簡易方式）"),
        (r"^exhaustive draw: nobody pays \(options settle_on_draw and advanced_settlement "
         r"settle the four hands\)$",
         lambda m: "流局：誰も払わない（オプション settle_on_draw と advanced_settlement で"
                   "4人の手を清算する）"),
        (r"^main appelante has no effect on an exhaustive draw$",
         lambda m: "流局ではmain appelanteは効果がない"),
        (r"^breach: is not used: dominant_wind_enabled is off$",
         lambda m: "breach: は使われない：dominant_wind_enabled がオフ"),
    ))


def note_text(note: str) -> str:
    """A note in Japanese; whole English when its form is not one known here."""
    for pattern, words in _NOTES:
        m = pattern.match(note)
        if m:
            return words(m)
    return note


WAITS = {"ryanmen": "両面", "kanchan": "嵌張", "penchan": "辺張", "tanki": "単騎",
         "shanpon": "双碰", "thirteen-sided": "十三面", "seven pairs": "七対子",
         "thirteen orphans": "十三幺", "knitted straight": "组合龙",
         "honors and knitted": "全不靠"}  # the last three: Chinese Official's shapes
_NAGASHI = "nagashi: scored from the discards, not from the tiles"


def reading_text(reading: str) -> str:
    """The reading with its wait (or shape) in Japanese: `234m 456p ... 22s [両面]`."""
    if reading == _NAGASHI:
        return "流し：手牌でなく捨て牌で数える"
    return re.sub(r"\[([^\]]+)\]", lambda m: f"[{WAITS.get(m[1], m[1])}]", reading)


# -- European: the French names docs/rules/european.md quotes (§6), else Japanese ----------

EUROPEAN_DOUBLES = {
    "dragon_set": "三元牌の刻子", "seat_wind_set": "自風の刻子",
    "dominant_wind_set": "Vent dominant の刻子", "round_wind_set": "場風の刻子",
    "honours_one_suit": "main composée d'honneurs et d'une seule série",
    "own_flower": "自分の花か季節", "own_flower_and_season": "自分の花と季節",
    "bouquet": "les 4 fleurs et/ou les 4 saisons", "no_chow": "順子なし",
    "concealed": "entièrement cachée", "honours_only": "ne comporte que des Vents et des Dragons",
    "pure_suit": "main pure", "last_wall_tile": "pêcher la lune au fond de la mer",
    "robbing_kong": "voler un kong exposé", "main_appelante": "main appelante（立直）",
    "first_deal": "配牌で和了", "replacement_win": "嶺上牌で和了",
    "terminals_honours": "么九牌と字牌だけ",
}
EUROPEAN_ROWS = {
    "mahjong": "和了 (Mah-Jong)", "four_chows": "4順子と雀頭", "self_drawn": "ツモ",
    "all_pungs": "4刻子と雀頭（ボーナス）", "discard_win": "ロン（ボーナス）",
    "plum_blossom": "嶺上の五筒（ボーナス）", "chicken": "無点の手（ボーナス）",
}
_EUROPEAN_ITEMS = (
    (re.compile(r"^concealed pung (\S+)$"), r"暗刻 \1"),
    (re.compile(r"^exposed pung (\S+)$"), r"明刻 \1"),
    (re.compile(r"^concealed kong (\S+)$"), r"暗槓 \1"),
    (re.compile(r"^exposed kong (\S+)$"), r"明槓 \1"),
)
_ROLES = {"seat wind": "自風", "round wind": "場風", "dominant wind": "Vent dominant",
          "dragon": "三元牌"}
_FLOWERS = {"Plum": "梅", "Orchid": "蘭", "Chrysanthemum": "菊", "Bamboo": "竹",
            "Spring": "春", "Summer": "夏", "Autumn": "秋", "Winter": "冬"}


def european_item(key: str, name: str) -> str:
    """A European points row or double: the special hands keep their French and German
    names, the doubles the French words of the rules, the rest is Japanese."""
    if key in EUROPEAN_DOUBLES:
        return EUROPEAN_DOUBLES[key]
    if key in EUROPEAN_ROWS:
        return EUROPEAN_ROWS[key]
    for pattern, words in _EUROPEAN_ITEMS:
        if pattern.match(name):
            return pattern.sub(words, name)
    m = re.match(r"^pair (\S+) \((.+)\)$", name)
    if m:
        roles = "＋".join(_ROLES.get(r.strip(), r.strip()) for r in m[2].split("+"))
        return f"雀頭 {m[1]}（{roles}）"
    m = re.match(r"^flowers (\S+) \((.+)\)$", name)
    if m:
        return f"花牌 {m[1]}（{'・'.join(_FLOWERS.get(f, f) for f in m[2].split(', '))}）"
    return name


def european_note_part(text: str) -> str:
    """`honours and one suit` and the like inside a note: the double's name."""
    return {"honours and one suit": EUROPEAN_DOUBLES["honours_one_suit"]}.get(text, text)
