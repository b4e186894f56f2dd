"""Tenhou mjlog XML (`<mjloggm ver="2.3">`): replay each round, yield each win.

A hand scanner over the tags (scan.py), not an XML parser: it is linear, and a
record cut off in the middle still gives every round before the cut (an XML parser
would refuse the whole file). Every number is range-checked (checks.py) before it
is used. A round that cannot be replayed is one `Problem` naming the round, the
tag and the field; the next round starts afresh at its INIT.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..base.tiles import WIND_LETTERS
from .checks import HONBA_MAX, STICKS_MAX, in_range, number, numbers, seat
from .draws import (
    GameEnd,
    RecordItem,
    RoundScores,
    mjlog_draw,
    mjlog_end,
    mjlog_start,
    sc_after,
)
from .model import Problem, RecordError, Source, Tile, Verdict, Win, round_name
from .replay import Replay, multiple_ron
from .rules import GO_TYPE_MAX, GameRules, from_go_type, multiple_ron_rule
from .scan import Cut, Tag, scan

_DRAW, _DISCARD = "TUVW", "DEFG"
TILE_MAX = 135
ROUND_MAX = 15  # E1..N4
POINTS_MAX = 10_000_000  # a score or change, in points

# Tenhou's yaku ids (the `yaku` and `yakuman` attributes of AGARI), in English.
YAKU = (
    "Menzen Tsumo",
    "Riichi",
    "Ippatsu",
    "Chankan",
    "Rinshan Kaihou",
    "Haitei Raoyue",
    "Houtei Raoyui",
    "Pinfu",
    "Tanyao",
    "Iipeikou",
    "Seat Wind East",
    "Seat Wind South",
    "Seat Wind West",
    "Seat Wind North",
    "Round Wind East",
    "Round Wind South",
    "Round Wind West",
    "Round Wind North",
    "Yakuhai Haku",
    "Yakuhai Hatsu",
    "Yakuhai Chun",
    "Double Riichi",
    "Chiitoitsu",
    "Chanta",
    "Ittsu",
    "Sanshoku Doujun",
    "Sanshoku Doukou",
    "Sankantsu",
    "Toitoi",
    "Sanankou",
    "Shousangen",
    "Honroutou",
    "Ryanpeikou",
    "Junchan",
    "Honitsu",
    "Chinitsu",
    "Renhou",
    "Tenhou",
    "Chiihou",
    "Daisangen",
    "Suuankou",
    "Suuankou Tanki",
    "Tsuuiisou",
    "Ryuuiisou",
    "Chinroutou",
    "Chuuren Poutou",
    "Junsei Chuuren Poutou",
    "Kokushi Musou",
    "Kokushi Musou 13-wait",
    "Daisuushii",
    "Shousuushii",
    "Suukantsu",
    "Dora",
    "Ura Dora",
    "Aka Dora",
)


def tile_of(aka: bool):
    """Tenhou tile id 0..135 -> Tile; ids 16, 52, 88 are the red fives when aka is on."""

    def to_tile(tid: int) -> Tile:
        kind = tid // 4
        if aka and tid in (16, 52, 88):
            return Tile("mps"[kind // 9], 0)
        return Tile("mpsz"[kind // 9], kind % 9 + 1)

    return to_tile


def decode_meld(m: int, who: int) -> tuple[str, list[int], int, int]:
    """An N tag's `m`: (kind, tile ids, the called or added tile, absolute source seat)."""
    src = (who + (m & 3)) % 4
    if m & 0x4:  # chi
        t = m >> 10
        r, t = t % 3, t // 3
        if t >= 21:  # 3 suits x 7 lowest tiles
            raise RecordError(f"N m={m} is a chi whose lowest tile is not 1-7 of a suit")
        base = (t // 7 * 9 + t % 7) * 4
        toks = [base + 4 * i + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", toks, toks[r], src
    if m & 0x18:  # pon, or a kakan on it
        t4 = (m >> 5) & 3
        t = m >> 9
        r, base = t % 3, (t // 3) * 4
        if base > TILE_MAX:
            raise RecordError(f"N m={m} is a pon of tile kind {t // 3} (expected 0-33)")
        toks = [base + i for i in range(4) if i != t4]
        if m & 0x8:
            return "pon", toks, toks[r], src
        return "kakan", toks + [base + t4], base + t4, src
    if m & 0x20:  # a North set aside (三麻 北抜き): m = tile id << 8 | 0x20
        tid = m >> 8
        if tid > TILE_MAX:
            raise RecordError(f"N m={m} sets aside tile id {tid} (expected 0-{TILE_MAX})")
        return "kita", [tid], tid, who
    hai0 = m >> 8
    if hai0 > TILE_MAX:
        raise RecordError(f"N m={m} is a kan of tile id {hai0} (expected 0-{TILE_MAX})")
    base = hai0 // 4 * 4
    return ("ankan" if src == who else "kan"), [base + i for i in range(4)], hai0, src


def _need(attrs: dict[str, str], key: str) -> str:
    if key not in attrs:
        raise RecordError(f"the attribute {key} is missing")
    return attrs[key]


def _tile(text: str, what: str) -> int:
    return number(text, what, 0, TILE_MAX, "a tile id")


def _tiles(text: str, what: str, count: tuple[int, int] | None = None) -> list[int]:
    return numbers(text, what, 0, TILE_MAX, count, "a tile id")


def _verdict(attrs: dict[str, str], dealer: int, seats: int = 4) -> Verdict:
    """The record's result; at a table of three `sc` has an empty (or zero) fourth pair
    and the net is for the three seats E S W."""
    cap = POINTS_MAX // 100
    sc = numbers(_need(attrs, "sc"), "sc", -cap, cap, (6 if seats == 3 else 8, 8))
    net = {s: sc[2 * ((dealer + i) % seats) + 1] * 100 for i, s in enumerate(WIND_LETTERS[:seats])}
    if seats == 3 and len(sc) == 8 and any(sc[6:]):
        raise RecordError(
            f"sc gives the empty fourth seat {sc[6] * 100} and {sc[7] * 100} "
            "(expected 0 in a three-player game)"
        )
    fu, points = numbers(_need(attrs, "ten"), "ten", 0, POINTS_MAX, (2, 3))[:2]
    last = len(YAKU) - 1
    if "yakuman" in attrs:
        ids = numbers(attrs["yakuman"], "yakuman", 0, last, (1, 10), "a yaku id")
        return Verdict(net, points, None, None, tuple((YAKU[i], None) for i in ids), yakuman=True)
    pairs = numbers(attrs.get("yaku", ""), "yaku", 0, max(last, 100), (0, 2 * len(YAKU)))
    if len(pairs) % 2:
        raise RecordError(f"yaku has {len(pairs)} numbers (expected pairs of id and han)")
    for i in range(0, len(pairs), 2):
        in_range(pairs[i], "yaku id", 0, last)
    yaku = tuple((YAKU[pairs[i]], pairs[i + 1]) for i in range(0, len(pairs), 2))
    return Verdict(net, points, sum(h for _, h in yaku), fu, yaku)


Item = RecordItem


def read_mjlog(text: str, file: str, game: str) -> Iterator[Item]:
    """Every win of one mjlog document, in game order, with problems in their place; and
    for `mjscore game` the game's start, its drawn rounds, the scores and the end."""
    return _Reader(text, file, game).read()


# The tags read before the first round; the others belong to a round (`_Reader.HANDLERS`).
_BEFORE_ROUND = ("INIT", "GO", "UN")


class _Reader:
    """One mjlog document read tag by tag: the game as far as it has come, and one handler
    per tag (`HANDLERS`; a draw T U V W and a discard D E F G by their letter). A handler
    yields what the tag gives; a RecordError from it is the round's problem."""

    HANDLERS = {
        "UN": "_names",
        "GO": "_rules",
        "INIT": "_round",
        "N": "_call",
        "REACH": "_riichi",
        "DORA": "_dora",
        "AGARI": "_win",
        "RYUUKYOKU": "_draw",
    }

    def __init__(self, text: str, file: str, game: str) -> None:
        self.text, self.file, self.game = text, file, game
        self.rules = GameRules({})
        self.names: dict[str, str] = {}
        self.go_type, self.started = 0, False
        self.start: tuple[int, ...] = (0, 0, 0, 0)
        self.replay: Replay | None = None
        self.where = ""
        self.done = False  # the current round has its result
        self.broken = False  # the current round had a problem: its later tags are passed over
        self.agari: list[Tag] = []  # the wins on one discard, settled together (multiple_ron)

    def read(self) -> Iterator[Item]:
        last: Tag | None = None
        cut: Cut | None = None
        for tag in scan(self.text):
            if self.agari and not (
                isinstance(tag, Tag) and tag.name == "AGARI" and not tag.problem and not tag.closing
            ):
                yield from self._settle()
            if isinstance(tag, Cut):
                cut = tag
                break
            last = tag
            yield from self._tag(tag)
        if self.agari:
            yield from self._settle()
        yield from self._end(last, cut)

    def _at(self) -> str:
        return self.where or "before the first round"

    def _settle(self) -> Iterator[Item]:
        """The wins on one discard, together."""
        if self.replay is not None:
            yield from _wins(
                self.replay, self.agari, self.file, self.game, self.rules, self.where, self.start
            )
        self.agari = []

    def _tag(self, tag: Tag) -> Iterator[Item]:
        if tag.problem:
            yield Problem("error", self.file, f"{self._at()}, tag {tag.number}", tag.problem)
            self.replay, self.broken = None, True
            return
        name = tag.name
        if name == "AGARI" and self.replay is None and not self.broken and not tag.closing:
            yield Problem(
                "error",
                self.file,
                f"{self._at()}, tag {tag.number} <AGARI>",
                "a win outside any round (no INIT before it)",
            )
            return
        if tag.closing or (self.replay is None and name not in _BEFORE_ROUND):
            return  # before the first round, or skipping the rest of a broken one
        handler = self._handler(tag)
        if handler is None:
            return
        try:
            yield from handler(tag)
        except RecordError as exc:
            yield Problem(
                "error", self.file, f"{self._at()}, tag {tag.number} <{name}{tag.digits}>", str(exc)
            )
            self.replay, self.broken = None, True

    def _handler(self, tag: Tag) -> Callable[[Tag], Iterator[Item]] | None:
        name = tag.name
        if name not in _BEFORE_ROUND and self.replay is None:
            return None
        if tag.digits and len(name) == 1:
            if name in _DRAW:
                return self._drawn
            if name in _DISCARD:
                return self._discarded
        method = self.HANDLERS.get(name)
        return getattr(self, method) if method else None

    # -- the handlers ---------------------------------------------------------------------

    def _names(self, tag: Tag) -> Iterator[Item]:
        if not self.names:
            self.names = dict(tag.attrs)
        return iter(())

    def _rules(self, tag: Tag) -> Iterator[Item]:
        self.go_type = number(tag.attrs.get("type", "0"), "GO type", 0, GO_TYPE_MAX)
        self.rules = from_go_type(self.go_type)
        if self.rules.unknown:
            yield Problem(
                "rules",
                self.file,
                self.game,
                "; ".join(self.rules.unknown)
                + "; scored by Tenhou's standard rules, and `check` reports its wins apart",
            )

    def _round(self, tag: Tag) -> Iterator[Item]:
        if self.replay is not None and not self.done:
            yield Problem(
                "error",
                self.file,
                self.where,
                "the round has no result before the next round starts",
            )
        self.replay, self.done, self.broken = None, False, True
        self.where = f"the round at tag {tag.number}"
        seed = _need(tag.attrs, "seed").split(",")
        kyoku = number(seed[0], "seed round", 0, ROUND_MAX)
        self.where = f"round {round_name(kyoku)} (tag {tag.number})"
        kyoku, honba = _round_of(tag.attrs)
        self.where = f"round {round_name(kyoku)}-{honba} (tag {tag.number})"
        empty = tag.attrs.get("hai3", "").strip() == "" and "hai4" not in tag.attrs
        if empty and self.rules.players == 4:
            yield Problem(
                "note",
                self.file,
                self.where,
                "three-player round in a game whose <GO type> has no three-player bit 0x10: "
                "skipped",
            )
            return
        replay = self.replay = _deal(tag.attrs, self.rules)
        self.broken = False
        if not self.started:
            self.started = True
            yield mjlog_start(
                self.file,
                self.game,
                self.names,
                self.go_type,
                replay.seats,
                self.rules.ruleset,
                self.text,
            )
        self.start = tuple(
            numbers(_need(tag.attrs, "ten"), "ten", -POINTS_MAX // 100, POINTS_MAX // 100, (4, 4))
        )

    def _drawn(self, tag: Tag) -> Iterator[Item]:
        assert self.replay is not None
        self.replay.draw(_DRAW.index(tag.name), _tile(tag.digits, f"<{tag.name}> tile"))
        return iter(())

    def _discarded(self, tag: Tag) -> Iterator[Item]:
        assert self.replay is not None
        self.replay.discard(_DISCARD.index(tag.name), _tile(tag.digits, f"<{tag.name}> tile"))
        return iter(())

    def _call(self, tag: Tag) -> Iterator[Item]:
        replay = self.replay
        assert replay is not None
        who = seat(number(_need(tag.attrs, "who"), "who", 0, 3), "who")
        kind, toks, called, src = decode_meld(number(_need(tag.attrs, "m"), "m", 0, 0xFFFF), who)
        if kind == "kita":
            replay.set_kita(who, called)
        elif kind == "ankan":
            replay.ankan(who, toks)
        elif kind == "kakan":
            replay.kakan(who, called)
        else:
            replay.call(who, kind, toks, called, src)
        return iter(())

    def _riichi(self, tag: Tag) -> Iterator[Item]:
        replay = self.replay
        assert replay is not None
        who = seat(number(_need(tag.attrs, "who"), "who", 0, 3), "who")
        step = number(_need(tag.attrs, "step"), "step", 1, 2)
        (replay.declare_riichi if step == 1 else replay.accept_riichi)(who)
        return iter(())

    def _dora(self, tag: Tag) -> Iterator[Item]:
        replay = self.replay
        assert replay is not None
        if len(replay.dora) >= 5:
            raise RecordError("a sixth dora indicator (a round has at most five)")
        replay.add_dora(_tile(_need(tag.attrs, "hai"), "hai"))
        return iter(())

    def _win(self, tag: Tag) -> Iterator[Item]:
        self.agari.append(tag)
        self.done = True
        return iter(())

    def _draw(self, tag: Tag) -> Iterator[Item]:
        replay = self.replay
        assert replay is not None
        where = Source(self.file, self.game, round_name(replay.kyoku), replay.honba)
        yield mjlog_draw(replay, tag.attrs, where)
        yield replay.play(where)
        yield from _after(replay, tag.attrs, self.file, self.game, self.start)
        self.done = True

    def _end(self, last: Tag | None, cut: Cut | None) -> Iterator[Item]:
        """A record cut off, or one that stops inside a round."""
        closed = last is not None and last.closing and last.name == "mjloggm"
        if cut is not None or not closed or not self.text.rstrip().endswith(">"):
            after = f"after tag {last.number if last else 0}"
            at = f"{self.where}, {after}" if self.where else after
            inside = f" inside a {cut.what}" if cut is not None and cut.what != "tag" else ""
            yield Problem(
                "error", self.file, at, f"the record is truncated{inside} (no closing </mjloggm>)"
            )
        elif self.replay is not None and not self.done:
            yield Problem(
                "note", self.file, self.where, "the record stops inside this round; no line"
            )


def _after(
    replay: Replay, attrs: dict[str, str], file: str, game: str, start: tuple[int, ...]
) -> Iterator[RoundScores | GameEnd]:
    """The record's scores after a result (`sc`), and the game's end (`owari`)."""
    where = Source(file, game, round_name(replay.kyoku), replay.honba)
    seats = replay.seats
    yield RoundScores(where, tuple(s * 100 for s in start[:seats]), sc_after(attrs, seats))
    end = mjlog_end(file, game, attrs, seats)
    if end is not None:
        yield end


def _round_of(attrs: dict[str, str]) -> tuple[int, int]:
    """The round counter and honba of an INIT, checked first: they name the round."""
    seed = _need(attrs, "seed").split(",")
    if len(seed) != 6:
        raise RecordError(
            f"seed has {len(seed)} numbers (expected 6: round, honba, sticks, "
            "two dice, dora indicator)"
        )
    return (
        number(seed[0], "seed round", 0, ROUND_MAX),
        number(seed[1], "seed honba", 0, HONBA_MAX),
    )


def _deal(attrs: dict[str, str], rules: GameRules) -> Replay:
    """The replay of a round from its INIT: every number range-checked, no tile twice."""
    if "hai4" in attrs:
        raise RecordError("a round of five players (hai4): mjscore reads four-player games")
    seed = _need(attrs, "seed").split(",")
    kyoku, honba = _round_of(attrs)
    sticks = number(seed[2], "seed sticks", 0, STICKS_MAX)
    for die in seed[3:5]:
        number(die, "seed die", 0, 5)
    dora = _tile(seed[5], "seed dora indicator")
    seats = rules.players
    if seats == 3 and attrs.get("hai3", "").strip():
        raise RecordError(
            "hai3 deals a fourth hand, but <GO type> has the three-player bit "
            '0x10 (expected hai3="")'
        )
    hands = [
        _tiles(attrs.get(f"hai{p}", ""), f"hai{p}", (13, 13) if p < seats else (0, 0))
        for p in range(4)
    ]
    seen = {dora}
    for hand in hands:
        for tid in hand:
            if tid in seen:
                raise RecordError(f"tile id {tid} is dealt twice")
            seen.add(tid)
    oya = number(attrs.get("oya", str(kyoku % 4)), "oya", 0, 3)
    if oya != kyoku % 4:
        raise RecordError(
            f"oya={oya} is not the dealer of round {round_name(kyoku)} (expected {kyoku % 4})"
        )
    if oya >= seats:
        raise RecordError(
            f"round {round_name(kyoku)} of a three-player game (its dealer "
            f"would be the empty seat {oya})"
        )
    aka = "red_fives" not in rules.options
    return Replay(
        kyoku, honba, sticks, hands, [dora], tile_of(aka), dict(rules.options), rules.ruleset, seats
    )


def _wins(
    replay: Replay,
    tags: list[Tag],
    file: str,
    game: str,
    rules: GameRules,
    where: str,
    start: tuple[int, ...],
) -> Iterator[Item]:
    """The wins of a round's AGARI tags (several on one discard: a double ron), settled
    by the ruleset's `multiple_ron` rule, then the record's scores after each; a bad tag
    is a problem in its place."""
    try:
        who = [seat(number(_need(t.attrs, "who"), "who", 0, 3), "who") for t in tags]
        frm = [seat(number(_need(t.attrs, "fromWho"), "fromWho", 0, 3), "fromWho") for t in tags]
    except RecordError as exc:
        yield Problem("error", file, f"{where}, tag {tags[0].number} <AGARI>", str(exc))
        return
    rons = [w for w, f in zip(who, frm, strict=True) if w != f]
    scored, taker, note = multiple_ron(
        multiple_ron_rule(rules.ruleset), frm[0], rons, rules.players
    )
    if note:
        yield Problem("note", file, where, note)
    for tag, w, f in zip(tags, who, frm, strict=True):
        if w != f and w not in scored:
            continue
        try:
            yield _win(replay, tag.attrs, file, game, rules, None if w == f else w == taker)
        except RecordError as exc:
            yield Problem("error", file, f"{where}, tag {tag.number} <AGARI>", str(exc))
    yield replay.play(Source(file, game, round_name(replay.kyoku), replay.honba))
    for tag in tags:  # the last one's `sc` is the round's end (a double ron has two)
        try:
            yield from _after(replay, tag.attrs, file, game, start)
        except RecordError as exc:
            yield Problem("error", file, f"{where}, tag {tag.number} <AGARI>", str(exc))


def _win(
    replay: Replay,
    attrs: dict[str, str],
    file: str,
    game: str,
    rules: GameRules,
    deposits: bool | None = None,
) -> Win:
    who = seat(number(_need(attrs, "who"), "who", 0, 3), "who")
    frm = seat(number(_need(attrs, "fromWho"), "fromWho", 0, 3), "fromWho")
    ura = _tiles(attrs.get("doraHaiUra", ""), "doraHaiUra", (0, 5))
    hand = replay.win(who, frm, ura, deposits)
    won_on = replay.last[2] if replay.last else None
    if "machi" in attrs and _tile(attrs["machi"], "machi") != won_on:
        raise RecordError(f"machi={attrs['machi']} is not the tile the round ended on ({won_on})")
    if "hai" in attrs:
        held = sorted(_tiles(attrs["hai"], "hai", (1, 14)))
        mine = sorted(replay.hands[who] if who == frm else replay.hands[who] + [won_on])
        if held != mine:
            raise RecordError("the replayed hand differs from the hand the record shows")
    verdict = _verdict(attrs, replay.dealer, replay.seats)
    hand = replay.written(hand)
    source = Source(file, game, round_name(replay.kyoku), replay.honba)
    return Win(hand.text, source, verdict, rules.unknown, hand)
