"""Tenhou mjlog XML (`<mjloggm ver="2.3">`): replay each round, yield each win.

A hand scanner over the tags, not an XML parser: it is fast, and a record cut
off in the middle still gives every round before the cut (an XML parser would
refuse the whole file). A round that cannot be replayed is one `Problem` naming
the round and the tag; the next round starts afresh at its INIT.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..tiles import WIND_LETTERS
from .model import Problem, RecordError, Source, Tile, Verdict, Win, round_name, write_line
from .replay import Replay

_TAG = re.compile(r"<([^<>]*)>")
_NAME = re.compile(r"(/?)([A-Za-z]+)(\d*)")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_DRAW, _DISCARD = "TUVW", "DEFG"
NO_AKA, NO_KUITAN, SANMA = 0x02, 0x04, 0x10

# Tenhou's yaku ids (the `yaku` and `yakuman` attributes of AGARI), in English.
YAKU = (
    "Menzen Tsumo", "Riichi", "Ippatsu", "Chankan", "Rinshan Kaihou", "Haitei Raoyue",
    "Houtei Raoyui", "Pinfu", "Tanyao", "Iipeikou", "Seat Wind East", "Seat Wind South",
    "Seat Wind West", "Seat Wind North", "Round Wind East", "Round Wind South",
    "Round Wind West", "Round Wind North", "Yakuhai Haku", "Yakuhai Hatsu", "Yakuhai Chun",
    "Double Riichi", "Chiitoitsu", "Chanta", "Ittsu", "Sanshoku Doujun", "Sanshoku Doukou",
    "Sankantsu", "Toitoi", "Sanankou", "Shousangen", "Honroutou", "Ryanpeikou", "Junchan",
    "Honitsu", "Chinitsu", "Renhou", "Tenhou", "Chiihou", "Daisangen", "Suuankou",
    "Suuankou Tanki", "Tsuuiisou", "Ryuuiisou", "Chinroutou", "Chuuren Poutou",
    "Junsei Chuuren Poutou", "Kokushi Musou", "Kokushi Musou 13-wait", "Daisuushii",
    "Shousuushii", "Suukantsu", "Dora", "Ura Dora", "Aka Dora",
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
        base = (t // 7 * 9 + t % 7) * 4
        toks = [base + 4 * i + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", toks, toks[r], src
    if m & 0x18:  # pon, or a kakan on it
        t4 = (m >> 5) & 3
        t = m >> 9
        r, base = t % 3, (t // 3) * 4
        toks = [base + i for i in range(4) if i != t4]
        if m & 0x8:
            return "pon", toks, toks[r], src
        return "kakan", toks + [base + t4], base + t4, src
    if m & 0x20:
        raise RecordError("a north-tile extraction (three-player games are not supported)")
    hai0 = m >> 8
    base = hai0 // 4 * 4
    return ("ankan" if src == who else "kan"), [base + i for i in range(4)], hai0, src


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _verdict(attrs: dict[str, str], dealer: int) -> Verdict:
    sc = _ints(attrs["sc"])
    net = {s: sc[2 * ((dealer + i) % 4) + 1] * 100 for i, s in enumerate(WIND_LETTERS)}
    fu, points = _ints(attrs["ten"])[:2]
    if "yakuman" in attrs:
        yaku = tuple((YAKU[i], None) for i in _ints(attrs["yakuman"]))
        return Verdict(net, points, None, None, yaku, yakuman=True)
    pairs = _ints(attrs.get("yaku", ""))
    yaku = tuple((YAKU[pairs[i]], pairs[i + 1]) for i in range(0, len(pairs), 2))
    return Verdict(net, points, sum(h for _, h in yaku), fu, yaku)


def read_mjlog(text: str, file: str, game: str) -> Iterator[Win | Problem]:
    """Every win of one mjlog document, in game order, with problems in their place."""
    aka, options = True, {}
    replay: Replay | None = None
    where = ""
    done = False  # the current round has its result
    tag_no = 0
    end = 0
    for tag_no, match in enumerate(_TAG.finditer(text), 1):
        end = match.end()
        body = match.group(1).strip().rstrip("/").strip()
        head = _NAME.match(body)
        if head is None:
            if body.startswith(("?", "!")):
                continue
            yield Problem("error", file, f"tag {tag_no}", f"unreadable tag <{body[:40]}>")
            replay = None
            continue
        closing, name, digits = head.groups()
        if closing:
            continue
        attrs = dict(_ATTR.findall(body))
        if replay is None and name not in ("INIT", "GO"):
            continue  # before the first round, or skipping the rest of a broken one
        try:
            if name == "GO":
                flags = int(attrs.get("type", "0"))
                if flags & SANMA:
                    yield Problem("note", file, "", "three-player game skipped "
                                  "(no three-player rules yet)")
                    return
                aka = not flags & NO_AKA
                options = {}
                if not aka:
                    options["red_fives"] = "0"
                if flags & NO_KUITAN:
                    options["open_tanyao"] = "off"
            elif name == "INIT":
                if replay is not None and not done:
                    yield Problem("error", file, where, "the round has no result before the "
                                  "next round starts")
                seed = _ints(attrs["seed"])
                hands = [_ints(attrs.get(f"hai{p}", "")) for p in range(4)]
                where = f"round {round_name(seed[0])}-{seed[1]} (tag {tag_no})"
                if any(len(h) != 13 for h in hands):
                    raise RecordError("a starting hand is not 13 tiles")
                replay = Replay(seed[0], seed[1], seed[2], hands, [seed[5]], tile_of(aka),
                                options)
                if int(attrs.get("oya", seed[0] % 4)) != seed[0] % 4:
                    raise RecordError("the dealer does not match the round number")
                done = False
            elif replay is None:
                continue
            elif digits and name in _DRAW:
                replay.draw(_DRAW.index(name), int(digits))
            elif digits and name in _DISCARD:
                replay.discard(_DISCARD.index(name), int(digits))
            elif name == "N":
                who = int(attrs["who"])
                kind, toks, called, src = decode_meld(int(attrs["m"]), who)
                if kind == "ankan":
                    replay.ankan(who, toks)
                elif kind == "kakan":
                    replay.kakan(who, called)
                else:
                    replay.call(who, kind, toks, called, src)
            elif name == "REACH":
                who = int(attrs["who"])
                if attrs.get("step") == "1":
                    replay.declare_riichi(who)
                else:
                    replay.accept_riichi(who)
            elif name == "DORA":
                replay.add_dora(int(attrs["hai"]))
            elif name == "AGARI":
                yield _win(replay, attrs, file, game)
                done = True
            elif name == "RYUUKYOKU":
                done = True
        except (RecordError, KeyError, ValueError, IndexError) as exc:
            yield Problem("error", file, f"{where or 'before the first round'}, tag {tag_no}"
                          f" <{name}{digits}>", _why(exc))
            replay = None
    tail = text[end:].strip()
    if tail or not text.rstrip().endswith("</mjloggm>"):
        at = f"{where}, after tag {tag_no}" if where else f"after tag {tag_no}"
        yield Problem("error", file, at, "the record is truncated (no closing </mjloggm>)")
    elif replay is not None and not done:
        yield Problem("note", file, where, "the record stops inside this round; no line")


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing attribute {exc}"
    return str(exc) or type(exc).__name__


def _win(replay: Replay, attrs: dict[str, str], file: str, game: str) -> Win:
    who, frm = int(attrs["who"]), int(attrs["fromWho"])
    ura = _ints(attrs.get("doraHaiUra", ""))
    facts = replay.win(who, frm, ura)
    if "hai" in attrs:
        held = sorted(_ints(attrs["hai"]))
        mine = sorted(replay.hands[who] if who == frm else replay.hands[who] + [replay.last[2]])
        if held != mine:
            raise RecordError("the replayed hand differs from the hand the record shows")
    source = Source(file, game, round_name(replay.kyoku), replay.honba)
    return Win(write_line(facts), source, _verdict(attrs, replay.dealer))
