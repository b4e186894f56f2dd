"""mjai JSON Lines: the event log of the mjai protocol, one event an object, read line by line.

The protocol is gimite/mjai's (`lib/mjai/*.rb`: `start_game`, `start_kyoku` with
`bakaze`, `kyoku` from 1, `honba`, `kyotaku`, `oya`, `scores`, `tehais`,
`dora_marker`; `tsumo`, `dahai` (`tsumogiri`), `chi` / `pon` / `daiminkan`
(`target`, `pai`, `consumed`), `kakan`, `ankan`, `dora`, `reach`,
`reach_accepted`, `hora`, `ryukyoku` (`reason`), `end_kyoku`, `end_game`; tiles
`1m`..`9s`, `5mr` a red five, `E S W N P F C` the honours, `?` a tile the log's
viewer does not see), as Mortal (Equim-chan/Mortal `libriichi/src/mjai/event.rs`,
mortal.ekyu.moe's "mjai" page) and RiichiEnv write it too. A `hora` comes in two
dialects: Mortal's carries `deltas` and `ura_markers` only (the nets are compared);
gimite's (`tenhou_archive.rb`) adds `yakus` (`[name, fan]`, its own names such as
`reach` or Tenhou's `立直`), `fu`, `fan` (100 a yakuman) and `hora_points`, and
RiichiEnv's writes `yaku` and `han`: these are compared in full. Three players: the
arrays have three entries (RiichiEnv) or a fourth, empty seat (mjai-reviewer3p), and
a North set aside is `nukidora` (`pai` N) or `kita`.

mjai carries no rules: the ruleset is `--rules` (default `tenhou`; `sanma` for three
players, `mahjongsoul-sanma` for `mahjongsoul`) and its options, written into every
line. A log may hold several games (each from its `start_game`); a broken line is that
line's problem and the next round starts afresh.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .checks import HONBA_MAX, STICKS_MAX, integer, listed, shown
from .draws import Drawn, GameStart, RecordItem, RoundScores, _ready, draw_line
from .jsonfile import parse_json
from .model import WINDS, Problem, RecordError, Source, Tile, Verdict, Win, round_name
from .reading import HEAD, RecordReader, TooLarge
from .replay import Replay, multiple_ron
from .rules import multiple_ron_rule

POINTS_MAX = 10_000_000
HIDDEN = "?"
YAKUMAN_FAN = 100  # gimite's fan of one yakuman (hora.rb YAKUMAN_FAN)
EVENT_TYPES = frozenset(
    {
        "start_game",
        "start_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "nukidora",
        "kita",
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
        "end_kyoku",
        "end_game",
        "none",
    }
)
_HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
_TILES = frozenset(
    [f"{d}{s}" for s in "mps" for d in range(1, 10)] + [f"5{s}r" for s in "mps"] + list(_HONOURS)
)

# A yaku's name in a `hora` -> mjscore's key: gimite's own names (tenhou_archive.rb
# YAKU_ID_TO_NAME, hora.rb) and Tenhou's Japanese ones (tenhou.net/6, as converters copy
# them). gimite's `sangenpai` counts the dragon triplets together: `dragons` is compared
# with mjscore's haku, hatsu and chun added up.
YAKU_NAMES: dict[str, str] = {
    "menzenchin_tsumoho": "menzen_tsumo",
    "reach": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshankaiho": "rinshan",
    "haiteiraoyue": "haitei",
    "hoteiraoyui": "houtei",
    "pinfu": "pinfu",
    "tanyaochu": "tanyao",
    "ipeko": "iipeikou",
    "jikaze": "seat_wind",
    "bakaze": "round_wind",
    "sangenpai": "dragons",
    "double_reach": "double_riichi",
    "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta",
    "ikkitsukan": "ittsu",
    "sanshokudojun": "sanshoku",
    "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu",
    "toitoiho": "toitoi",
    "sananko": "sanankou",
    "shosangen": "shousangen",
    "honroto": "honroutou",
    "ryanpeko": "ryanpeikou",
    "junchantaiyao": "junchan",
    "honiso": "honitsu",
    "chiniso": "chinitsu",
    "renho": "renhou",
    "tenho": "tenhou",
    "chiho": "chiihou",
    "daisangen": "daisangen",
    "suanko": "suuankou",
    "tsuiso": "tsuuiisou",
    "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou",
    "churenpoton": "chuuren",
    "kokushimuso": "kokushi",
    "daisushi": "daisuushii",
    "shosushi": "shousuushii",
    "sukantsu": "suukantsu",
    "dora": "dora",
    "uradora": "ura_dora",
    "akadora": "aka_dora",
    "門前清自摸和": "menzen_tsumo",
    "立直": "riichi",
    "一発": "ippatsu",
    "槍槓": "chankan",
    "搶槓": "chankan",
    "嶺上開花": "rinshan",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "平和": "pinfu",
    "断幺九": "tanyao",
    "一盃口": "iipeikou",
    **{f"自風 {w}": "seat_wind" for w in "東南西北"},
    **{f"場風 {w}": "round_wind" for w in "東南西北"},
    "役牌 白": "haku",
    "役牌 發": "hatsu",
    "役牌 中": "chun",
    "両立直": "double_riichi",
    "七対子": "chiitoitsu",
    "混全帯幺九": "chanta",
    "一気通貫": "ittsu",
    "三色同順": "sanshoku",
    "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "小三元": "shousangen",
    "混老頭": "honroutou",
    "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan",
    "混一色": "honitsu",
    "清一色": "chinitsu",
    "人和": "renhou",
    "天和": "tenhou",
    "地和": "chiihou",
    "大三元": "daisangen",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "清老頭": "chinroutou",
    "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi",
    "国士無双１３面": "kokushi_13",
    "国士無双十三面待ち": "kokushi_13",
    "大四喜": "daisuushii",
    "小四喜": "shousuushii",
    "四槓子": "suukantsu",
    "ドラ": "dora",
    "裏ドラ": "ura_dora",
    "赤ドラ": "aka_dora",
    "抜きドラ": "kita",
}
# `ryukyoku` reasons (gimite's, RiichiEnv's) -> the draw's kind
DRAWS = {
    "fanpai": "exhaustive",
    "exhaustive_draw": "exhaustive",
    "nagashimangan": "nagashi",
    "kyushukyuhai": "nine-terminals",
    "kyuushu_kyuuhai": "nine-terminals",
    "sufonrenta": "four-winds",
    "suufon_renda": "four-winds",
    "sukaikan": "four-kans",
    "suukaikan": "four-kans",
    "suchareach": "four-riichi",
    "suucha_riichi": "four-riichi",
    "sanchaho": "triple-ron",
    "sanchahou": "triple-ron",
}


def recognises(head: bytes) -> bool:
    """An mjai log: its first line is a JSON object whose `type` is an mjai event."""
    first = head.split(b"\n", 1)[0].strip()
    try:
        event = json.loads(first)
    except (ValueError, RecursionError):
        # a first line longer than the head: its start says what it is
        key = first[:200].replace(b" ", b"")
        return len(head) >= HEAD and any(
            key.startswith(b'{"type":"' + t.encode() + b'"') for t in EVENT_TYPES
        )
    kind = event.get("type") if isinstance(event, dict) else None
    return isinstance(kind, str) and kind in EVENT_TYPES


def to_tile(token: str) -> Tile:
    if token in _HONOURS:
        token = _HONOURS[token]
        return Tile("z", int(token[0]))
    if token.endswith("r"):
        return Tile(token[1], 0)
    return Tile(token[1], int(token[0]))


def _pai(value: Any, what: str, hidden: bool = False) -> str:
    if value.__class__ is str and (value in _TILES or (hidden and value == HIDDEN)):
        return value
    raise RecordError(
        f"{what}: {shown(value)} is not an mjai tile (expected 1m-9s, 5mr, E S W N P F C)"
    )


def _kind(token: str) -> str:
    return token.rstrip("r")


def read_mjai(
    reader: RecordReader, file: str, game: str, rules: str | None = None, options: Any = None
) -> Iterator[RecordItem]:
    """Every win of an mjai log, line by line: a line that is not JSON, or an event that
    cannot be replayed, is a problem there; its round is then passed over."""
    from ..engine.catalog import ruleset_for_records

    log = _Log(file, game, rules or ruleset_for_records("tenhou", 4), dict(options or {}))
    number = 0
    try:
        for number, raw in enumerate(reader.lines(), 1):
            if not raw.strip():
                continue
            yield from log.line(number, raw)
    except TooLarge as exc:
        yield Problem("error", file, f"line {number + 1}", str(exc))
    except RecordError as exc:
        yield Problem("error", file, f"line {number + 1}", str(exc))
    yield from log.close()


class _Log:
    """The games of one log, event after event."""

    def __init__(self, file: str, game: str, rules: str, options: dict[str, str]) -> None:
        self.file, self.base, self.rules, self.options = file, game, rules, options
        self.games = 0
        self.game = game
        self.names: list[str] = []
        self.started = False  # the game's GameStart is out
        self.round: _Round | None = None
        self.broken = False  # the current round had a problem: its events are passed over
        self.horas: list[tuple[int, dict[str, Any]]] = []
        self.pending_scores: tuple[Source, tuple[int, ...], tuple[int, ...] | None] | None = None

    def line(self, number: int, raw: bytes) -> Iterator[RecordItem]:
        try:
            event = parse_json(raw)
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise RecordError("not an mjai event (a JSON object with a 'type')")
            kind = event["type"]
            if kind not in EVENT_TYPES:
                raise RecordError(f"unknown event type {shown(kind)}")
        except RecordError as exc:
            yield Problem("error", self.file, f"line {number}", str(exc))
            self.round, self.broken = None, True
            return
        if self.horas and kind != "hora":
            yield from self._settle()
        if kind == "start_game":
            yield from self._finish_round(None)
            self.games += 1
            self.game = self.base if self.games == 1 else f"{self.base}#{self.games}"
            names = event.get("names")
            self.names = (
                [n[:100] if isinstance(n, str) else "" for n in names[:4]]
                if isinstance(names, list)
                else []
            )
            self.started, self.round, self.broken = False, None, False
            return
        if kind == "start_kyoku":
            try:
                rnd = _Round(event, self)
            except RecordError as exc:
                yield Problem("error", self.file, f"line {number}", f"start_kyoku: {exc}")
                self.round, self.broken = None, True
                return
            yield from self._finish_round(rnd.start)
            if not self.started:
                self.started = True
                yield rnd.game_start()
            self.round, self.broken = rnd, False
            return
        if kind in ("end_game", "end_kyoku", "none"):
            if kind == "end_game":
                yield from self._finish_round(_scores(event.get("scores"), self.round))
            return
        if self.round is None:
            if not self.broken:
                yield Problem("error", self.file, f"line {number}", f"{kind} outside any round")
                self.broken = True
            return
        try:
            if kind == "hora":
                self.horas.append((number, event))
            else:
                drawn = self.round.event(kind, event)
                if drawn is not None:
                    yield drawn
        except RecordError as exc:
            yield Problem("error", self.file, f"{self.round.where}, line {number} {kind}", str(exc))
            self.round, self.broken = None, True

    def _settle(self) -> Iterator[RecordItem]:
        """The wins of the last `hora` events (several on one discard: settled together)."""
        horas, self.horas = self.horas, []
        if self.round is None:
            return
        try:
            yield from self.round.wins(horas)
        except RecordError as exc:
            yield Problem(
                "error", self.file, f"{self.round.where}, line {horas[0][0]} hora", str(exc)
            )
            self.round, self.broken = None, True

    def _finish_round(self, next_start: tuple[int, ...] | None) -> Iterator[RecordItem]:
        """The scores of the round that ended: the next round's start, where it comes."""
        if self.horas:
            yield from self._settle()
        rnd = self.round
        if rnd is not None and rnd.result is not None:
            after = next_start if next_start is not None and len(next_start) == rnd.seats else None
            if after is None:
                after = rnd.after()
            yield rnd.replay.play(rnd.source)
            yield RoundScores(rnd.source, rnd.start, after)
        elif rnd is not None:
            yield Problem("note", self.file, rnd.where, "the log stops inside this round; no line")
        self.round = None

    def close(self) -> Iterator[RecordItem]:
        yield from self._finish_round(None)


def _scores(value: Any, rnd: _Round | None) -> tuple[int, ...] | None:
    if rnd is None or not isinstance(value, list) or len(value) < rnd.seats:
        return None
    try:
        return tuple(integer(s, "a score", -POINTS_MAX, POINTS_MAX) for s in value[: rnd.seats])
    except RecordError:
        return None


class _Round:
    """One round of a log: the Replay, and the log's own results."""

    def __init__(self, event: dict[str, Any], log: _Log) -> None:
        tehais = listed(event.get("tehais"), "tehais", 3, 4)
        seats = len(tehais)
        ruleset = log.rules
        from ..engine.catalog import load_ruleset

        try:
            played = load_ruleset(ruleset)
        except Exception:
            raise RecordError(f"unknown ruleset {shown(ruleset)}") from None
        plays = len(played.seats)
        if seats == 3 and plays == 4:
            if not played.three_players:  # the ruleset's own three-player one (its file)
                raise RecordError(
                    f"a round of three players, but the ruleset {ruleset} is for four"
                )
            ruleset = played.three_players
            plays = 3
        self.seats = plays
        if seats == 4 and plays == 3 and any(t != HIDDEN for t in tehais[3]):
            raise RecordError("a fourth hand in a three-player game (its tiles should be empty)")
        bakaze = event.get("bakaze", "E")
        if bakaze not in ("E", "S", "W", "N"):
            raise RecordError(f"bakaze {shown(bakaze)} is not E, S, W or N")
        if "kyoku" in event:
            kyoku = integer(event.get("kyoku"), "kyoku", 1, 4)
            oya = integer(event.get("oya", kyoku - 1), "oya", 0, plays - 1)
        else:  # gimite's first logs name the dealer only
            oya = integer(event.get("oya", 0), "oya", 0, plays - 1)
            kyoku = oya + 1
        if oya != kyoku - 1:
            raise RecordError(
                f"oya {oya} is not the dealer of kyoku {kyoku} (expected {kyoku - 1})"
            )
        honba = integer(event.get("honba", 0), "honba", 0, HONBA_MAX)
        sticks = integer(event.get("kyotaku", 0), "kyotaku", 0, STICKS_MAX)
        scores = listed(event.get("scores", [0] * seats), "scores", seats, seats)
        self.start = tuple(integer(s, "a score", -POINTS_MAX, POINTS_MAX) for s in scores[:plays])
        hands = []
        for p in range(4):
            if p < plays:
                tiles = listed(tehais[p], f"tehais[{p}]", 13, 13)
                hands.append([_pai(t, f"tehais[{p}]", hidden=True) for t in tiles])
            else:
                hands.append([])
        dora = _pai(event.get("dora_marker"), "dora_marker")
        self.kyoku = "ESWN".index(bakaze) * 4 + kyoku - 1
        self.where = f"round {round_name(self.kyoku)}-{honba}"
        self.log = log
        self.source = Source(log.file, log.game, round_name(self.kyoku), honba)
        self.ruleset = ruleset
        self.options = dict(log.options)
        self.replay = Replay(
            self.kyoku, honba, sticks, hands, [dora], to_tile, self.options, ruleset, plays
        )
        self.result: str | None = None
        self.deltas: list[int] = [0] * plays
        self.kans = 0
        self.first_discards: list[str] = []

    def game_start(self) -> GameStart:
        names = tuple(
            (self.log.names[p] if p < len(self.log.names) and self.log.names[p] else WINDS[p])
            for p in range(self.seats)
        )
        return GameStart(self.log.file, self.log.game, names, "south", self.ruleset)

    # -- events ---------------------------------------------------------------------------

    def _actor(self, event: dict[str, Any]) -> int:
        actor = event.get("actor")
        if actor.__class__ is int and 0 <= actor < self.seats:
            return actor
        return integer(actor, "actor", 0, self.seats - 1)

    def _own(self, p: int, token: str) -> str:
        """`token` as the player holds it: a tile the log hid (`?`) becomes it on use."""
        hand = self.replay.hands[p]
        if token not in hand and HIDDEN in hand:
            hand[hand.index(HIDDEN)] = token
        return token

    def _own_all(self, p: int, tokens: list[str]) -> list[str]:
        """Each of `tokens` in the player's hand, hidden tiles (`?`) standing for those
        the log did not show."""
        hand = self.replay.hands[p]
        for token in set(tokens):
            for _ in range(tokens.count(token) - hand.count(token)):
                if HIDDEN not in hand:
                    break
                hand[hand.index(HIDDEN)] = token
        return tokens

    def event(self, kind: str, event: dict[str, Any]) -> Drawn | None:
        """One event of the round played on the replay; a `ryukyoku` gives its line."""
        if self.result is not None:
            raise RecordError(f"{kind} after the round's result")
        replay = self.replay
        if kind == "tsumo":
            replay.draw(self._actor(event), _pai(event.get("pai"), "pai", hidden=True))
        elif kind == "dahai":
            p = self._actor(event)
            tile = self._own(p, _pai(event.get("pai"), "pai"))
            replay.discard(p, tile)
            if not replay.calls_made and len(self.first_discards) < 4:
                self.first_discards.append(_kind(tile))
        elif kind in ("chi", "pon", "daiminkan"):
            p = self._actor(event)
            src = integer(event.get("target"), "target", 0, self.seats - 1)
            pai = _pai(event.get("pai"), "pai")
            want = 3 if kind == "daiminkan" else 2
            consumed = self._own_all(
                p,
                [
                    _pai(t, "consumed")
                    for t in listed(event.get("consumed"), "consumed", want, want)
                ],
            )
            last = replay.last
            if last is None or last[0] != "discard" or last[1] != src or last[2] != pai:
                raise RecordError(f"a {kind} of {pai} that seat {src} did not just discard")
            replay.call(p, {"daiminkan": "kan"}.get(kind, kind), [*consumed, pai], pai, src)
            self.kans += kind == "daiminkan"
        elif kind == "kakan":
            p = self._actor(event)
            replay.kakan(p, self._own(p, _pai(event.get("pai"), "pai")))
            self.kans += 1
        elif kind == "ankan":
            p = self._actor(event)
            consumed = self._own_all(
                p, [_pai(t, "consumed") for t in listed(event.get("consumed"), "consumed", 4, 4)]
            )
            replay.ankan(p, consumed)
            self.kans += 1
        elif kind in ("nukidora", "kita"):
            p = self._actor(event)
            pai = _pai(event.get("pai", "N"), "pai")
            replay.set_kita(p, self._own(p, pai))
        elif kind == "dora":
            if len(replay.dora) >= 5:
                raise RecordError("a sixth dora indicator (a round has at most five)")
            replay.add_dora(_pai(event.get("dora_marker"), "dora_marker"))
        elif kind == "reach":
            replay.declare_riichi(self._actor(event))
        elif kind == "reach_accepted":
            replay.accept_riichi(self._actor(event))
        elif kind == "ryukyoku":
            return self._draw(event)
        return None

    # -- results --------------------------------------------------------------------------

    def wins(self, horas: list[tuple[int, dict[str, Any]]]) -> Iterator[RecordItem]:
        if self.result is not None:
            raise RecordError("hora after the round's result")
        replay, seats = self.replay, self.seats
        events = [e for _, e in horas]
        who = [self._actor(e) for e in events]
        frm = [integer(e.get("target"), "target", 0, seats - 1) for e in events]
        if len(events) > 1 and any(w == f for w, f in zip(who, frm, strict=True)):
            raise RecordError("a tsumo among several wins")
        rons = [w for w, f in zip(who, frm, strict=True) if w != f]
        rule = self.options.get("multiple_ron") or multiple_ron_rule(self.ruleset)
        scored, taker, note = multiple_ron(rule, frm[0], rons, seats)
        if note:
            yield Problem("note", self.log.file, self.where, note)
        out = []
        for e, w, f in zip(events, who, frm, strict=True):
            if w != f and w not in scored:
                continue
            if HIDDEN in replay.hands[w]:
                yield Problem(
                    "note",
                    self.log.file,
                    self.where,
                    f"the log hides seat {w}'s tiles (?): no line",
                )
                continue
            ura_field = e.get("ura_markers", e.get("uradora_markers", []))
            ura = [_pai(t, "ura_markers") for t in listed(ura_field, "ura_markers", 0, 5)]
            if "pai" in e and replay.last is not None and _pai(e["pai"], "pai") != replay.last[2]:
                raise RecordError(f"hora on {e['pai']}, but the last tile is {replay.last[2]}")
            hand = replay.written(replay.win(w, f, ura, None if w == f else w == taker))
            deltas = _deltas(e.get("deltas"), seats)
            for p, d in enumerate(deltas):
                self.deltas[p] += d
            out.append(Win(hand.text, self.source, _verdict(e, deltas, replay), hand=hand))
        self.result = "win"
        yield from out

    def _draw(self, event: dict[str, Any]) -> Drawn:
        replay, seats = self.replay, self.seats
        deltas = (
            _deltas(event.get("deltas", [0] * seats), seats) if "deltas" in event else [0] * seats
        )
        for p, d in enumerate(deltas):
            self.deltas[p] += d
        reason = event.get("reason")
        kind = DRAWS.get(reason) if isinstance(reason, str) else None
        if kind is None:
            kind = self._draw_kind(deltas)
        tenpai: list[int] = []
        nagashi: list[int] = []
        if kind == "nagashi":
            nagashi = [p for p in range(seats) if deltas[p] > 0]
        if kind in ("exhaustive", "nagashi"):
            if kind == "exhaustive" and any(deltas):
                tenpai = [p for p in range(seats) if deltas[p] > 0]
            elif all(HIDDEN not in replay.hands[p] for p in range(seats)):
                tenpai = [p for p in range(seats) if _ready(replay, p)]
        self.result = "draw"
        return Drawn(draw_line(replay, kind, tenpai, nagashi), self.source, kind)

    def _draw_kind(self, deltas: list[int]) -> str:
        """The kind of a draw whose event does not say (Mortal's): from the wall and the
        table as the replay left them."""
        replay = self.replay
        if replay.live <= 0:
            noten = 2000 if self.seats == 3 else 3000
            return "nagashi" if max(deltas) > noten else "exhaustive"
        if sum(bool(r) for r in replay.riichi) == 4:
            return "four-riichi"
        if (
            len(self.first_discards) == 4
            and len(set(self.first_discards)) == 1
            and self.first_discards[0] in ("E", "S", "W", "N")
        ):
            return "four-winds"
        if self.kans >= 4:
            return "four-kans"
        return "nine-terminals"

    def after(self) -> tuple[int, ...]:
        """The scores after the round where the log gives no next round: its start, the
        results' changes and the riichi sticks put down."""
        return tuple(
            s + d - 1000 * bool(self.replay.riichi[p])
            for p, (s, d) in enumerate(zip(self.start, self.deltas, strict=True))
        )


def _deltas(value: Any, seats: int) -> list[int]:
    deltas = listed(value, "deltas", seats, 4)
    if len(deltas) == 4 and seats == 3 and deltas[3] != 0:
        raise RecordError("the empty fourth seat's delta is not 0")
    return [integer(d, "a delta", -POINTS_MAX, POINTS_MAX) for d in deltas[:seats]]


def _verdict(event: dict[str, Any], deltas: list[int], replay: Replay) -> Verdict:
    """A `hora`'s verdict: the nets always, the value, han, fu and yaku where the dialect
    gives them."""
    seats = replay.seats
    net = {WINDS[(p - replay.dealer) % seats]: deltas[p] for p in range(seats)}
    value = event.get("hora_points")
    value = integer(value, "hora_points", 0, POINTS_MAX) if value is not None else None
    fan = event.get("fan", event.get("han"))
    fan = integer(fan, "fan", 0, 100 * YAKUMAN_FAN) if fan is not None else None
    fu = event.get("fu")
    fu = integer(fu, "fu", 0, 200) if fu is not None else None
    raw = event.get("yakus", event.get("yaku"))
    yaku: list[tuple[str, int | None]] = []
    mapped = raw is not None
    yakuman = fan is not None and fan >= YAKUMAN_FAN
    for item in listed(raw, "yakus", 0, 40) if raw is not None else []:
        pair = listed(item, "a yaku [name, fan]", 2, 2)
        name = pair[0] if isinstance(pair[0], str) else shown(pair[0])
        worth = integer(pair[1], f"the fan of {shown(name)}", 0, 100 * YAKUMAN_FAN)
        key = YAKU_NAMES.get(name[:40])
        mapped = mapped and key is not None
        if worth >= YAKUMAN_FAN:
            yakuman = True
        yaku.append((key or name[:40], None if worth >= YAKUMAN_FAN else worth))
    if yakuman:
        yaku = [(k, None) for k, h in yaku if h is None]
    return Verdict(
        net,
        value,
        None if yakuman else fan,
        None if yakuman else fu,
        tuple(yaku),
        yakuman=yakuman,
        yaku_keys=mapped and bool(yaku),
    )
