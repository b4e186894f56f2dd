"""Mahjong Soul (雀魂) game records: the JSON of the platform's `RecordGame`, round by round.

A record is one JSON document: `head` (the game's `uuid`, `config.mode` with the
room's rules `detail_rule`, the players in `accounts`, the final result in
`result.players`) and the rounds, in one of the shapes the platform's exporters
write: a `records` list (older records, protobuf version < 210715) or an
`actions` list (newer ones, each `{"type": 1, "result": {"name": ".lq.RecordX",
"data": {...}}}`; the player's inputs, other types, are passed over), at the top or
under `data` / `data.data`; each event either `{"__type": "RecordX", ...}` or
`{"name": ".lq.RecordX", "data": {...}}`. The events are the platform's protocol
messages (liqi.proto): `RecordNewRound` (`chang` the round wind, `ju` the dealer's
seat, `ben` honba, `liqibang` sticks, `tiles0`..`tiles3` the hands, the dealer's
14, `doras`, `scores`), `RecordDealTile`, `RecordDiscardTile` (`is_liqi`,
`is_wliqi`), `RecordChiPengGang` (`type` 0 chi, 1 pon, 2 open kan; `tiles` and
`froms`), `RecordAnGangAddGang` (`type` 2 added kan, 3 concealed kan), `RecordBaBei`
(a North set aside, three players), `RecordHule` (each win's `fans` by fan id, `count`
han, `fu`, `yiman`, `point_rong` / `point_zimo_qin` / `point_zimo_xian`, the round's
`delta_scores` and `scores`), `RecordNoTile` (exhaustive draw) and `RecordLiuJu`
(abortive draw: `type` 1 nine terminals, 2 four winds, 3 four kans, 4 four riichi,
5 three rons). Any event of these carries `doras`, the whole list of dora indicators,
when a kan has just turned one over.

The fan ids are Mahjong Soul's own data table `cfg.fan.fan` as published in
Fat-pig-Cui/majsoul-replay-editor `doc/0_字典.md` ("役种一览", Apache-2.0, commit a60b2a67;
the same ids as EndlessCheng/mahjong-helper's `CFG_YAKU`); their meaning of the
`detail_rule` fields (`dora_count` the number of red fives, `shiduan` open tanyao,
`have_qieshangmanguan` kiriage, `have_toutiao` head bump, `can_jifei` busting, the
`*_mode` event modes) is that project's `doc/en/1_GameInfo.md` and `main.js`; `mode`
is ten digit 0 four players, 1 three, ones digit 1 east, 2 south, 0 and 4 one round.
An empty `detail_rule` is a ranked game: the `mahjongsoul` / `mahjongsoul-sanma`
ruleset as it stands. In a room with its own rules each field mjscore has an option
for becomes an `opt:` token, each game setting (start and return points, uma, the
end) goes to the game's header, and each other rule that differs from the ranked one
is named in a note (the game's wins are then reported apart by `check`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base.frozen import value_class
from ..base.tiles import WIND_LETTERS
from .checks import HONBA_MAX, STICKS_MAX, integer, listed, shown
from .draws import Drawn, GameEnd, GameStart, RecordItem, RoundScores, draw_line
from .model import WINDS, Problem, RecordError, Source, Tile, Verdict, Win, round_name
from .reading import RecordReader
from .replay import Replay, multiple_ron
from .rules import GameRules, multiple_ron_rule, room_of_mode

POINTS_MAX = 10_000_000
EVENTS_MAX = 2_000  # events of one round: a real round has under 200
ROUNDS_MAX = 200
TEXT_MAX = 200  # a player's name, a uuid, a field name
_TILES = frozenset([f"{d}{s}" for s in "mps" for d in range(10)] + [f"{d}z" for d in range(1, 8)])

# Mahjong Soul's fan ids (cfg.fan.fan, see the module's docstring) -> mjscore's yaku keys.
FAN_KEYS: dict[int, str] = {
    1: "menzen_tsumo",
    2: "riichi",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "haku",
    8: "hatsu",
    9: "chun",
    10: "seat_wind",
    11: "round_wind",
    12: "tanyao",
    13: "iipeikou",
    14: "pinfu",
    15: "chanta",
    16: "ittsu",
    17: "sanshoku",
    18: "double_riichi",
    19: "sanshoku_doukou",
    20: "sankantsu",
    21: "toitoi",
    22: "sanankou",
    23: "shousangen",
    24: "honroutou",
    25: "chiitoitsu",
    26: "junchan",
    27: "honitsu",
    28: "ryanpeikou",
    29: "chinitsu",
    30: "ippatsu",
    31: "dora",
    32: "aka_dora",
    33: "ura_dora",
    34: "kita",
    35: "tenhou",
    36: "chiihou",
    37: "daisangen",
    38: "suuankou",
    39: "tsuuiisou",
    40: "ryuuiisou",
    41: "chinroutou",
    42: "kokushi",
    43: "shousuushii",
    44: "suukantsu",
    45: "chuuren",
    47: "junsei_chuuren",
    48: "suuankou_tanki",
    49: "kokushi_13",
    50: "daisuushii",
    59: "renhou",  # the ancient-yaku (古役) renhou, a yakuman
    65: "renhou",  # renhou as a mangan (5 han), the version of rooms with enable_renhe
}
# The fans mjscore has no yaku for, by their names in the table (a win with one of them is
# reported apart from the disagreements).
FAN_OTHERS: dict[int, str] = {
    46: "八連荘 (paarenchan)",
    51: "燕返 (tsubame-gaeshi)",
    52: "杠振 (kanburi)",
    53: "十二落抬 (shiiaruraotai)",
    54: "五门齐 (uumensai)",
    55: "三连刻 (sanrenkou)",
    56: "一色三同顺 (isshoku sanjun)",
    57: "一筒摸月 (iipin moyue)",
    58: "九筒捞鱼 (chuupin raoyui)",
    60: "大车轮 (daisharin)",
    61: "大竹林 (daichikurin)",
    62: "大数邻 (daisuurin)",
    63: "石上三年 (ishi no ue ni mo sannen)",
    64: "大七星 (daichisei)",
}
FAN_ID_MAX = 9_999
# RecordLiuJu `type` -> the abortive draw's kind
ABORTS = {1: "nine-terminals", 2: "four-winds", 3: "four-kans", 4: "four-riichi", 5: "triple-ron"}


# -- the room's rules -------------------------------------------------------------------------


@value_class
class RoomRules:
    """A record's rules: the options and notes of every line (`GameRules`), and the game
    settings for its header (`start_points`... as `mjscore game` reads them)."""

    rules: GameRules
    settings: tuple[tuple[str, str], ...] = ()
    length: str = "south"


# detail_rule fields that say nothing about the score or the game's course (the thinking
# time, the client's hints, the AI's level, whether hands are shown to spectators), or whose
# effect the record itself shows event by event (which abortive draws and dora exist, when
# a kan's dora turns over, riichi without a draw left).
_NO_EFFECT = frozenset(
    {
        "time_fixed",
        "time_add",
        "bianjietishi",
        "ai_level",
        "open_hand",
        "ming_dora_immediately_open",
        "have_sifenglianda",
        "have_sigangsanle",
        "have_sijializhi",
        "have_jiuzhongjiupai",
        "have_liujumanguan",
        "enable_nontsumo_liqi",
        "game_setting",
    }
)
# event modes (活动场): each changes the game beyond riichi's rules when it is on
_EVENT_MODES = {
    "guyi_mode": "ancient yaku (古役)",
    "dora3_mode": "dora fever (宝牌狂热)",
    "begin_open_mode": "open starting hands (配牌明牌)",
    "jiuchao_mode": "mirror battle (明镜之战)",
    "muyu_mode": "dragon's eye (龙之目玉)",
    "xuezhandaodi": "shura battle (修罗之战)",
    "huansanzhang": "three-tile exchange (换三张)",
    "chuanma": "Sichuan rules (赤羽之战)",
    "reveal_discard": "night battle (暗夜之战)",
    "field_spell_mode": "illusion legend (幻境传说)",
    "zhanxing": "astrology battle (占星之战)",
    "tianming_mode": "fate battle (天命之战)",
    "yongchang_mode": "chanting battle (咏唱之战)",
    "hunzhiyiji_mode": "soul strike (魂之一击)",
    "wanxiangxiuluo_mode": "ten thousand changes (万象修罗)",
    "beishuizhizhan_mode": "last resort (背水之战)",
    "amusement_switches": "an amusement mode",
    "enable_shiti": "an event mode (enable_shiti)",
    "yongchang": "chanting battle (咏唱之战)",
}
# fields whose value other than the ranked rules' (ranked, four and three players) is a note
_NOTED = {
    "tianbian_value": ((0, 0), "a points cap (tianbian_value)"),
    "liqibang_value": ((1000, 1000), "a riichi deposit of {v}"),
    "changbang_value": ((300, 200), "honba worth {v} a counter"),
    "noting_fafu_1": ((1000, 1000), "noten payments of {v} (one ready)"),
    "noting_fafu_2": ((1500, 2000), "noten payments of {v} (two ready)"),
    "noting_fafu_3": ((3000, 3000), "noten payments of {v} (three ready)"),
    "fanfu": ((1, 1), "a minimum of {v} han (番缚)"),
    "have_yifa": ((True, True), "no ippatsu"),
    "have_biao_dora": ((True, True), "no dora"),
    "have_gang_biao_dora": ((True, True), "no kan dora"),
    "have_li_dora": ((True, True), "no ura dora"),
    "have_gang_li_dora": ((True, True), "no kan ura dora"),
    "have_helelianzhuang": ((True, True), "no dealer repeat on a dealer's win"),
    "have_tingpailianzhuang": ((True, True), "no dealer repeat when ready"),
    "have_tingpaizhongju": ((False, False), "tenpai-yame (听牌终局)"),
    "enable_baopai_extend_settings": ((0, 0), "extended pao settings"),
}


def _truthy(value: Any) -> bool:
    return bool(value) and value not in ("0", "false")


def _int_of(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool):
        return int(value)
    return integer(value, f"detail_rule {what}", lo, hi)


def room_rules(config: Any) -> RoomRules:
    """The rules of `head.config`: players and length from `mode.mode`, the rest from
    `mode.detail_rule` (see the module's docstring)."""
    config = config if isinstance(config, dict) else {}
    mode = config.get("mode") if isinstance(config.get("mode"), dict) else {}
    number = mode.get("mode", 2)
    number = _int_of(number, "mode", 0, 99) if number is not None else 2
    tens, ones = divmod(number, 10)
    if tens not in (0, 1):
        raise RecordError(
            f"mode {number} is a game of {4 - tens} players (mjscore reads four- and "
            "three-player games)"
        )
    players = 3 if tens == 1 else 4
    unknown: list[str] = []
    length = {1: "east", 2: "south", 0: "single", 4: "single"}.get(ones)
    if length is None:
        unknown.append(f"mode {number} (a game against the computer) of unknown length")
        length = "east"
    detail = mode.get("detail_rule")
    detail = detail if isinstance(detail, dict) else {}
    options: dict[str, str] = {}
    settings: list[tuple[str, str]] = []
    three = players == 3
    for key in sorted(detail, key=str)[:200]:
        value = detail[key]
        name = str(key)[:40]
        if name.startswith("_"):
            continue  # the replay editor's own keys, never the platform's
        if name in _NO_EFFECT:
            continue
        if name in _EVENT_MODES:
            if _truthy(value):
                unknown.append(f"the event mode {_EVENT_MODES[name]}")
            continue
        if name in _NOTED:
            defaults, text = _NOTED[name]
            ranked = defaults[1] if three else defaults[0]
            if isinstance(ranked, bool):
                if _truthy(value) != ranked:
                    unknown.append(text.format(v=value))
            elif _int_of(value, name, -POINTS_MAX, POINTS_MAX) != ranked:
                unknown.append(text.format(v=value))
            continue
        _read_field(name, value, three, options, settings, unknown)
    multiple = (
        "head_bump"
        if _truthy(detail.get("have_toutiao"))
        else "double"
        if _truthy(detail.get("have_sanjiahele"))
        else None
    )
    if multiple:
        options["multiple_ron"] = multiple
    uma = _uma(detail, players)
    if uma is not None:
        settings.append(("uma", ",".join(map(str, uma))))
    rules = GameRules(options, tuple(unknown), players, "mahjongsoul")
    return RoomRules(rules, tuple(settings), length)


def _read_field(
    name: str,
    value: Any,
    three: bool,
    options: dict[str, str],
    settings: list[tuple[str, str]],
    unknown: list[str],
) -> None:
    """One detail_rule field with an option or a game setting (or an unknown field)."""
    on = _truthy(value)
    if name == "dora_count":
        reds = _int_of(value, name, 0, 99)
        if reds == 0:
            options["red_fives"] = "0"
        elif reds != (2 if three else 3):
            unknown.append(f"{reds} red fives")
    elif name == "shiduan":
        if not on:
            options["open_tanyao"] = "off"
    elif name == "have_qieshangmanguan":
        if on:
            options["kiriage_mangan"] = "on"
    elif name in ("have_toutiao", "have_sanjiahele"):
        pass  # read with each other: multiple_ron
    elif name == "disable_double_yakuman":
        if on:
            options["double_yakuman"] = "off"
    elif name in ("disable_composite_yakuman", "disable_multi_yukaman"):
        if on:
            options["yakuman_stacking"] = "off"
    elif name == "disable_leijiyiman":
        if on:
            options["kazoe_yakuman"] = "off"
    elif name == "disable_angang_guoshi":
        if on:
            options["kokushi_ankan_chankan"] = "off"
    elif name == "disable_double_wind_four_fu":
        if on:
            options["double_wind_pair_fu"] = "2"
    elif name == "enable_renhe":
        if on:
            options["renhou"] = "mangan"  # fan 65, 人和 as a mangan
    elif name == "have_zimosun":
        if three and not on:
            options["tsumo_loss"] = "off"
    elif name == "init_point":
        settings.append(("start", str(_int_of(value, name, 0, POINTS_MAX))))
    elif name == "jingsuanyuandian":
        settings.append(("return", str(_int_of(value, name, 0, POINTS_MAX))))
    elif name == "fandian":
        settings.append(("goal", str(_int_of(value, name, 0, POINTS_MAX))))
    elif name in ("shunweima_2", "shunweima_3", "shunweima_4"):
        pass  # read together below
    elif name == "can_jifei":
        settings.append(("bust", "on" if on else "off"))
    elif name == "have_nanruxiru":
        settings.append(("west", "on" if on else "off"))
    elif name == "have_helezhongju":
        settings.append(("agari-yame", "on" if on else "off"))
    elif on:
        unknown.append(f"detail_rule {shown(name)}={shown(value, 12)}, which mjscore does not read")


def _uma(detail: dict[str, Any], players: int) -> tuple[int, ...] | None:
    """The uma first to last from `shunweima_2`.. (the first's is what the others leave);
    a place the record leaves out keeps the ranked rules' uma."""
    keys = [f"shunweima_{i}" for i in range(2, players + 1)]
    if not any(k in detail for k in keys):
        return None
    from ..engine.catalog import load_ruleset, ruleset_for_records

    ranked = load_ruleset(ruleset_for_records("mahjongsoul", players)).params.uma
    rest = [
        _int_of(detail[k], k, -1000, 1000) if k in detail else int(ranked[i + 1])
        for i, k in enumerate(keys)
    ]
    return (-sum(rest), *rest)


# -- the document -------------------------------------------------------------------------


def recognises(head: bytes) -> bool:
    """A Mahjong Soul record: a JSON object whose first 4 KB hold its `head` with a
    `uuid`, or an event of the platform's (`RecordNewRound`, `.lq.Record...`)."""
    if not head.startswith(b"{"):
        return False
    return (b'"head"' in head and b'"uuid"' in head) or re.search(
        rb'"(?:__type|name)"\s*:\s*"(?:\.lq\.)?Record(?:NewRound|DealTile|DiscardTile)"', head
    ) is not None


def read_majsoul(reader: RecordReader, file: str, game: str) -> Iterator[RecordItem]:
    """Every win of a Mahjong Soul record file (one game), with problems in place."""
    try:
        doc = _parse(reader.read_all())
    except RecordError as exc:
        yield Problem("error", file, "", str(exc))
        return
    if not isinstance(doc, dict) or not isinstance(doc.get("head"), dict):
        yield Problem(
            "error",
            file,
            "",
            "not a Mahjong Soul game record (expected a JSON object with 'head' and "
            "'records' or 'actions')",
        )
        return
    yield from read_game(doc, file, game)


def _parse(data: bytes) -> Any:
    """The record's JSON. A record holds hundreds of thousands of numbers (the protobuf
    bytes beside the events): they are read by json's own int, whose limit on digits
    (4,300 by default) bounds the time a huge number takes; with that limit switched off,
    the reader that checks each number's digits (jsonfile.parse_json) does it."""
    import json
    import sys

    from .jsonfile import parse_json

    data = _without_buffer(data)
    if not sys.get_int_max_str_digits():
        return parse_json(data)
    try:
        return json.loads(data.decode("utf-8", errors="replace").lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except ValueError as exc:  # a number past the digit limit
        raise RecordError(f"not JSON that mjscore reads: {str(exc)[:80]}") from None
    except RecursionError:
        raise RecordError("JSON nested too deeply to read") from None


_BUFFER_HEAD = re.compile(rb'\{\s*"type"\s*:\s*"Buffer"\s*,\s*"data"\s*:\s*\[')


def _without_buffer(data: bytes) -> bytes:
    """The record with its protobuf bytes (a Node `Buffer`: `{"type": "Buffer", "data":
    [10, 21, ...]}`, two thirds of an exported file) left out unparsed: mjscore reads the
    decoded events beside them. Only a flat list of numbers is left out."""
    start = data.find(b'"Buffer"')
    brace = data.rfind(b"{", 0, start) if start >= 0 else -1
    head = _BUFFER_HEAD.match(data, brace) if brace >= 0 else None
    if head is None:
        return data
    close = data.find(b"]", head.end())
    end = data.find(b"}", close) if close >= 0 else -1
    if end < 0 or data[head.end() : close].translate(None, b"0123456789, \t\r\n"):
        return data
    if data[close + 1 : end].strip():
        return data
    return data[:brace] + b"null" + data[end + 1 :]


def _events(doc: dict[str, Any]) -> list[Any] | None:
    """The record's list of events, wherever its exporter put it."""
    places: list[Any] = [doc]
    data = doc.get("data")
    if isinstance(data, dict):
        places.append(data)
        if isinstance(data.get("data"), dict):
            places.append(data["data"])
    for place in places:
        for key in ("actions", "records"):
            if isinstance(place.get(key), list):
                return place[key]
    return None


def _event(item: Any) -> tuple[str, dict[str, Any]] | None:
    """(`RecordNewRound`, its fields) of one entry in any of the three shapes, or None for
    an entry that is not a game event (a player's input in the actions list)."""
    if not isinstance(item, dict):
        raise RecordError(f"an event {shown(item)} is not a JSON object")
    data: Any
    if "__type" in item:
        name, data = item["__type"], item
    elif "result" in item or ("type" in item and "name" not in item):
        result = item.get("result")
        if not isinstance(result, dict) or not result:
            return None  # the player's input or a game event without a result
        name, data = result.get("name"), result.get("data", result)
    else:
        name, data = item.get("name"), item.get("data")
    if not isinstance(name, str) or len(name) > TEXT_MAX:
        raise RecordError(f"an event without a name ({shown(item)})")
    if not isinstance(data, dict):
        raise RecordError(f"the event {shown(name)} has no fields")
    return name.removeprefix(".lq."), data


def _text(value: Any, default: str) -> str:
    return value[:TEXT_MAX] if isinstance(value, str) and value else default


def read_game(doc: dict[str, Any], file: str, game: str) -> Iterator[RecordItem]:
    """The wins, draws and scores of one record object."""
    head = doc["head"]
    name = _text(head.get("uuid"), game)
    try:
        room = room_rules(head.get("config"))
    except RecordError as exc:
        yield Problem("error", file, name, str(exc))
        return
    rules = room.rules
    if rules.unknown:
        yield Problem(
            "rules",
            file,
            name,
            "; ".join(rules.unknown) + "; scored by Mahjong Soul's ranked rules, and `check` "
            "reports its wins apart",
        )
    seats = rules.players
    names = [WINDS[p] for p in range(seats)]
    accounts = head.get("accounts")
    for account in accounts if isinstance(accounts, list) else []:
        if isinstance(account, dict):
            seat = account.get("seat", 0)
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats:
                names[seat] = _text(account.get("nickname"), names[seat])
    config = head.get("config")
    meta = config.get("meta") if isinstance(config, dict) else None
    yield GameStart(
        file,
        name,
        tuple(names),
        room.length,
        rules.ruleset,
        "",
        room.settings,
        room_of_mode(meta.get("mode_id") if isinstance(meta, dict) else None),
    )
    events = _events(doc)
    if events is None:
        yield Problem(
            "error",
            file,
            name,
            "the record has no 'records' nor 'actions' list of events (a record "
            "that holds its rounds as protobuf bytes only must be decoded first)",
        )
        return
    yield from _rounds(events, rules, file, name)
    end = _end(head.get("result"), seats, file, name)
    if end is not None:
        yield end


def _end(result: Any, seats: int, file: str, game: str) -> GameEnd | None:
    """`head.result.players`: each seat's final points (`part_point_1`) and result
    (`total_point`, in thousandths of the game points shown)."""
    players = result.get("players") if isinstance(result, dict) else None
    if not isinstance(players, list) or len(players) != seats:
        return None
    points, results = [0] * seats, [0.0] * seats
    seen = set()
    for p in players:
        if not isinstance(p, dict):
            return None
        seat = p.get("seat", 0)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
            return None
        seen.add(seat)
        try:
            points[seat] = integer(
                p.get("part_point_1", 0), "part_point_1", -POINTS_MAX, POINTS_MAX
            )
            results[seat] = (
                integer(p.get("total_point", 0), "total_point", -POINTS_MAX, POINTS_MAX) / 1000
            )
        except RecordError:
            return None
    if len(seen) != seats:
        return None
    return GameEnd(file, game, tuple(points), tuple(results))


# -- the rounds ---------------------------------------------------------------------------


def _tile(text: Any, what: str) -> str:
    if text.__class__ is not str or text not in _TILES:
        raise RecordError(f"{what}: {shown(text)} is not a tile (expected such as 1m, 0p, 7z)")
    return text


def to_tile(text: str) -> Tile:
    return Tile(text[1], int(text[0]))


def _kind(text: str) -> tuple[str, int]:
    digit = int(text[0])
    return text[1], 5 if digit == 0 else digit


def _seat(value: Any, what: str, seats: int) -> int:
    if value.__class__ is int and 0 <= value < seats:  # the usual seat, checked at once
        return value
    return integer(value, what, 0, seats - 1)


def _rounds(events: list[Any], rules: GameRules, file: str, game: str) -> Iterator[RecordItem]:
    """Each round from its RecordNewRound to its result; a bad round is one problem and
    the next round starts afresh."""
    current: _Round | None = None
    broken = False
    rounds = 0
    aborted: tuple[Source, tuple[int, ...]] | None = None  # its scores come with the next round
    for number, item in enumerate(events[: ROUNDS_MAX * EVENTS_MAX], 1):
        name = item.get("__type") if item.__class__ is dict else None
        if name.__class__ is str and len(name) <= TEXT_MAX:  # the usual shape, read at once
            kind, data = name.removeprefix(".lq."), item
        else:
            try:
                event = _event(item)
            except RecordError as exc:
                where = current.where if current is not None else f"event {number}"
                yield Problem("error", file, where, f"event {number}: {exc}")
                current, broken = None, True
                continue
            if event is None:
                continue
            kind, data = event
        if kind == "NewRound":
            kind = "RecordNewRound"
        if kind == "RecordNewRound":
            if current is not None and not current.done:
                yield Problem(
                    "error", file, current.where, "the round has no result before the next starts"
                )
            rounds += 1
            if rounds > ROUNDS_MAX:
                yield Problem(
                    "error", file, "", f"more than {ROUNDS_MAX} rounds: the rest is not read"
                )
                return
            current, broken = None, False
            try:
                current = _Round(data, rules, file, game)
            except RecordError as exc:
                yield Problem("error", file, f"round {rounds} of the record", str(exc))
                broken = True
                continue
            if aborted is not None:
                yield RoundScores(aborted[0], aborted[1], current.start)
                aborted = None
            continue
        if current is None or current.done:
            if not broken and kind.startswith("Record") and current is None:
                yield Problem("error", file, f"event {number}", f"{kind} before any round")
                broken = True
            continue
        try:
            found = current.event(kind, data)
        except RecordError as exc:
            yield Problem("error", file, f"{current.where}, event {number} {kind}", str(exc))
            current, broken = None, True
            continue
        yield from found
        if current.abort is not None:
            aborted, current.abort = current.abort, None
    if current is not None and not current.done:
        yield Problem("note", file, current.where, "the record stops inside this round; no line")


class _Round:
    """One round replayed: the Replay and what the reader adds (riichi acceptance, the
    record's scores at the start, the wins' cross-checks)."""

    def __init__(self, data: dict[str, Any], rules: GameRules, file: str, game: str) -> None:
        seats = rules.players
        chang = integer(data.get("chang", 0), "chang (the round wind)", 0, 3)
        ju = integer(data.get("ju", 0), "ju (the dealer's seat)", 0, seats - 1)
        honba = integer(data.get("ben", 0), "ben (honba)", 0, HONBA_MAX)
        sticks = integer(data.get("liqibang", 0), "liqibang (riichi sticks)", 0, STICKS_MAX)
        self.kyoku = chang * 4 + ju
        self.where = f"round {round_name(self.kyoku)}-{honba}"
        self.source = Source(file, game, round_name(self.kyoku), honba)
        self.file, self.game, self.rules, self.seats = file, game, rules, seats
        scores = listed(data.get("scores"), "scores", seats, 4)
        self.start = tuple(integer(s, "a score", -POINTS_MAX, POINTS_MAX) for s in scores[:seats])
        hands: list[list[str]] = []
        for p in range(4):
            tiles = data.get(f"tiles{p}", [])
            want = (14 if p == ju else 13) if p < seats else 0
            listed(tiles, f"tiles{p}", want, want)
            hands.append([_tile(t, f"tiles{p}") for t in tiles])
        doras = [_tile(t, "doras") for t in listed(data.get("doras"), "doras", 1, 5)]
        first = hands[ju].pop()
        self.replay = Replay(
            self.kyoku,
            honba,
            sticks,
            hands,
            doras,
            to_tile,
            dict(rules.options),
            rules.ruleset,
            seats,
        )
        self.replay.draw(ju, first)  # the dealer's 14th tile is the round's first draw
        self.riichi: int | None = None  # a riichi declared on the last discard, not yet accepted
        self.done = False
        self.abort: tuple[Source, tuple[int, ...]] | None = None

    # -- events ---------------------------------------------------------------------------

    def event(self, kind: str, data: dict[str, Any]) -> list[RecordItem]:
        """What one event yields (nothing but for a result), all of it at once: a bad
        event raises before any of its round's items comes out."""
        if kind != "RecordHule" and self.riichi is not None:
            self.replay.accept_riichi(self.riichi)
            self.riichi = None
        replay, seats = self.replay, self.seats
        if data.get("doras") and kind != "RecordHule":
            self._doras(data["doras"])
        if kind == "RecordDealTile":
            replay.draw(_seat(data.get("seat"), "seat", seats), _tile(data.get("tile"), "tile"))
        elif kind == "RecordDiscardTile":
            p = _seat(data.get("seat"), "seat", seats)
            tile = _tile(data.get("tile"), "tile")
            if data.get("is_liqi") or data.get("is_wliqi"):
                replay.declare_riichi(p)
                self.riichi = p
            replay.discard(p, tile)
        elif kind == "RecordChiPengGang":
            self._call(data)
        elif kind == "RecordAnGangAddGang":
            self._kan(data)
        elif kind == "RecordBaBei":
            p = _seat(data.get("seat"), "seat", seats)
            replay.set_kita(p, "4z")
        elif kind == "RecordHule":
            found = [*self._hule(data), replay.play(self.source)]
            self.done = True
            return found
        elif kind == "RecordNoTile":
            found = [*self._no_tile(data), replay.play(self.source)]
            self.done = True
            return found
        elif kind == "RecordLiuJu":
            found = [self._liuju(data), replay.play(self.source)]
            self.done = True
            return found
        # other events (RecordGangResult...) belong to event modes: passed over
        return []

    def _doras(self, value: Any) -> None:
        """`doras`: the whole list of indicators once a kan turned one over."""
        doras = listed(value, "doras", 0, 5)
        if doras:
            self.replay.dora = [_tile(t, "doras") for t in doras]

    def _call(self, data: dict[str, Any]) -> None:
        p = _seat(data.get("seat"), "seat", self.seats)
        kind = {0: "chi", 1: "pon", 2: "kan"}.get(integer(data.get("type"), "type", 0, 2))
        tiles = [_tile(t, "tiles") for t in listed(data.get("tiles"), "tiles", 3, 4)]
        froms = [_seat(f, "froms", self.seats) for f in listed(data.get("froms"), "froms", 3, 4)]
        if len(tiles) != len(froms) or len(tiles) != (4 if kind == "kan" else 3):
            raise RecordError(f"a {kind} of {len(tiles)} tiles from {len(froms)} seats")
        given = [i for i, f in enumerate(froms) if f != p]
        if len(given) != 1:
            raise RecordError(
                f"a {kind} whose tiles come from {len(given)} other seats (expected 1)"
            )
        src = froms[given[0]]
        last = self.replay.last
        if last is None or last[0] != "discard" or last[1] != src or last[2] != tiles[given[0]]:
            raise RecordError(f"a {kind} of {tiles[given[0]]} that seat {src} did not just discard")
        assert kind is not None
        self.replay.call(p, kind, tiles, tiles[given[0]], src)

    def _kan(self, data: dict[str, Any]) -> None:
        p = _seat(data.get("seat"), "seat", self.seats)
        kind = integer(data.get("type"), "type (2 added kan, 3 concealed kan)", 2, 3)
        tile = _tile(data.get("tiles"), "tiles")
        hand = [str(t) for t in self.replay.hands[p]]
        if kind == 3:
            same = [t for t in hand if _kind(t) == _kind(tile)]
            if len(same) < 4:
                raise RecordError(f"a concealed kan of {tile} with {len(same)} in hand")
            self.replay.ankan(p, same[:4])
        else:
            held = (
                tile if tile in hand else next((t for t in hand if _kind(t) == _kind(tile)), tile)
            )
            self.replay.kakan(p, held)

    # -- results --------------------------------------------------------------------------

    def _hule(self, data: dict[str, Any]) -> Iterator[RecordItem]:
        replay, seats = self.replay, self.seats
        hules = listed(data.get("hules"), "hules", 1, 3)
        for h in hules:
            if not isinstance(h, dict):
                raise RecordError(f"a win {shown(h)} is not an object")
        winners = [_seat(h.get("seat"), "the winner's seat", seats) for h in hules]
        tsumo = [bool(h.get("zimo")) for h in hules]
        if any(tsumo) and len(hules) > 1:
            raise RecordError("a tsumo among several wins of one round")
        last = replay.last
        if last is None:
            raise RecordError("a win before any draw")
        frm = winners[0] if tsumo[0] else last[1]
        rons = [w for w, t in zip(winners, tsumo, strict=True) if not t]
        rule = self.rules.options.get("multiple_ron") or multiple_ron_rule(self.rules.ruleset)
        scored, taker, note = multiple_ron(rule, frm, rons, seats)
        if note:
            yield Problem("note", self.file, self.where, note)
        deltas = _deltas(data.get("delta_scores"), seats)
        wins = []
        for h, who, zimo in zip(hules, winners, tsumo, strict=True):
            if not zimo and who not in scored:
                continue
            deposits = None if zimo else who == taker
            if isinstance(h.get("doras"), list) and h["doras"]:
                replay.dora = [_tile(t, "doras") for t in listed(h["doras"], "doras", 1, 5)]
            ura = [_tile(t, "li_doras") for t in listed(h.get("li_doras", []), "li_doras", 0, 5)]
            hand = replay.win(who, who if zimo else frm, ura, deposits)
            self._check_hand(h, who, zimo)
            hand = replay.written(hand)
            lone = deltas if len(hules) == 1 else None
            verdict, others = _verdict(h, who, frm, zimo, replay, lone, deposits is not False)
            wins.append(Win(hand.text, self.source, verdict, self.rules.unknown + others, hand))
        if len(hules) > 1:
            self._check_sum(hules, winners, deltas, wins)
        yield from wins
        after = data.get("scores")
        if isinstance(after, list) and len(after) >= seats:
            end = tuple(integer(s, "scores", -POINTS_MAX, POINTS_MAX) for s in after[:seats])
        else:
            end = tuple(s + d for s, d in zip(self._before(), deltas, strict=True))
        yield RoundScores(self.source, self.start, end)

    def _before(self) -> tuple[int, ...]:
        """The scores once this round's riichi sticks are down."""
        return tuple(s - 1000 * bool(self.replay.riichi[p]) for p, s in enumerate(self.start))

    def _check_sum(
        self, hules: list[Any], winners: list[int], deltas: list[int], wins: list[Win]
    ) -> None:
        """Several wins: their nets must add up to the round's delta_scores."""
        total = [0] * self.seats
        for win in wins:
            for i, s in enumerate(WIND_LETTERS[: self.seats]):
                total[(self.replay.dealer + i) % self.seats] += win.record.net.get(s, 0)
        if len(wins) == len(hules) and total != deltas:
            raise RecordError(
                f"the wins' point changes add up to {total}, the record's delta_scores are {deltas}"
            )

    def _check_hand(self, h: dict[str, Any], who: int, zimo: bool) -> None:
        """The hand the record shows (`hand`, and `hu_tile`) is the replayed one."""
        if "hand" not in h:
            return
        shown_hand = sorted(_tile(t, "hand") for t in listed(h["hand"], "hand", 1, 14))
        held = list(self.replay.hands[who])
        won_on = self.replay.last[2] if self.replay.last else None
        if zimo and won_on in held:
            held.remove(won_on)
        if "hu_tile" in h and _tile(h["hu_tile"], "hu_tile") != won_on:
            raise RecordError(
                f"hu_tile {h['hu_tile']} is not the tile the round ended on ({won_on})"
            )
        if sorted(map(str, held)) != shown_hand:
            raise RecordError("the replayed hand differs from the hand the record shows")

    def _no_tile(self, data: dict[str, Any]) -> Iterator[RecordItem]:
        seats = self.seats
        players = listed(data.get("players", []), "players", 0, 4)
        tenpai = [
            p
            for p, info in enumerate(players[:seats])
            if isinstance(info, dict) and info.get("tingpai")
        ]
        entries = [e for e in listed(data.get("scores", []), "scores", 0, 4) if isinstance(e, dict)]
        total = [0] * seats
        for e in entries:
            for p, d in enumerate(_deltas(e.get("delta_scores", [0] * seats), seats)):
                total[p] += d
        nagashi = []
        if data.get("liujumanguan"):
            nagashi = [p for p in range(seats) if total[p] > 0]
        kind = "nagashi" if nagashi else "exhaustive"
        yield Drawn(draw_line(self.replay, kind, tenpai, nagashi), self.source, kind)
        old = entries[0].get("old_scores") if entries else None
        if isinstance(old, list) and len(old) >= seats:
            before = tuple(integer(s, "old_scores", -POINTS_MAX, POINTS_MAX) for s in old[:seats])
        else:
            before = self._before()
        yield RoundScores(
            self.source, self.start, tuple(b + t for b, t in zip(before, total, strict=True))
        )

    def _liuju(self, data: dict[str, Any]) -> Drawn:
        kind = ABORTS.get(integer(data.get("type"), "type (1-5)", 1, 5), "nine-terminals")
        liqi = data.get("liqi")
        if kind == "four-riichi" and isinstance(liqi, dict):
            self.replay.accept_riichi(_seat(liqi.get("seat"), "liqi seat", self.seats))
        # the scores after an abortive draw are the next round's start (the record has no other)
        self.abort = (self.source, self.start)
        return Drawn(draw_line(self.replay, kind, [], []), self.source, kind)


def _deltas(value: Any, seats: int) -> list[int]:
    deltas = listed(value, "delta_scores", seats, 4)
    if len(deltas) == 4 and seats == 3 and deltas[3] != 0:
        raise RecordError("the empty fourth seat's delta_score is not 0")
    return [integer(d, "a delta_score", -POINTS_MAX, POINTS_MAX) for d in deltas[:seats]]


def _verdict(
    h: dict[str, Any],
    who: int,
    frm: int,
    zimo: bool,
    replay: Replay,
    deltas: list[int] | None,
    deposits: bool = True,
) -> tuple[Verdict, tuple[str, ...]]:
    """A RecordHule entry's verdict: the round's delta_scores for a lone win, else the
    win's own points (`deposits`: this winner also takes the honba and the sticks); the
    fans as mjscore's yaku keys, and the fans mjscore has no yaku for."""
    seats = replay.seats
    rong = integer(h.get("point_rong", 0), "point_rong", 0, POINTS_MAX)
    qin = integer(h.get("point_zimo_qin", 0), "point_zimo_qin", 0, POINTS_MAX)
    xian = integer(h.get("point_zimo_xian", 0), "point_zimo_xian", 0, POINTS_MAX)
    if not zimo:
        value = rong
    elif who == replay.dealer:
        value = xian * (seats - 1)
    else:
        value = qin + xian * (seats - 2)
    if deltas is None:  # one of several rons on one discard
        honba = replay.honba * _honba_ron(replay.ruleset) if deposits else 0
        deltas = [0] * seats
        deltas[who] += value + honba + (1000 * replay.sticks if deposits else 0)
        deltas[frm] -= value + honba
    net = {WINDS[(p - replay.dealer) % seats]: deltas[p] for p in range(seats)}
    yiman = bool(h.get("yiman"))
    yaku: list[tuple[str, int | None]] = []
    others: list[str] = []
    for fan in listed(h.get("fans", []), "fans", 0, 40):
        if not isinstance(fan, dict):
            raise RecordError(f"a fan {shown(fan)} is not an object")
        fid = integer(fan.get("id"), "fan id", 0, FAN_ID_MAX)
        val = integer(fan.get("val", 0), "fan val", 0, 100)
        key = FAN_KEYS.get(fid)
        if key is None:
            name = FAN_OTHERS.get(fid, "(not in the table)")
            others.append(f"fan {fid} {name} is not a yaku of mjscore")
            key = f"fan{fid}"
        if val or yiman:
            yaku.append((key, None if yiman else val))
    han = None if yiman else integer(h.get("count", 0), "count (han)", 0, 200)
    fu = None if yiman or "fu" not in h else integer(h["fu"], "fu", 0, 200)
    verdict = Verdict(net, value, han, fu, tuple(yaku), yakuman=yiman, yaku_keys=not others)
    return verdict, tuple(others)


def _honba_ron(ruleset: str) -> int:
    """What one honba adds to a ron under the ruleset (300; 200 at a table of three)."""
    from ..engine.catalog import load_ruleset

    return int(load_ruleset(ruleset).params.honba_ron)
