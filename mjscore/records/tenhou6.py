"""tenhou.net/6 JSON: each round is replayed from the per-player draw and discard lists.

The format keeps each player's draws and discards apart, so the table order is
rebuilt: after a discard, the player whose next "draw" is a call on that tile
(pon or kan first, then a chi by the next player) takes the turn, otherwise the
next player draws. Tiles are codes 11..47, red fives 51..53, and 60 for "the
tile just drawn".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..tiles import WIND_LETTERS
from .model import Problem, RecordError, Source, Tile, Verdict, Win, round_name, write_line
from .replay import Replay

TSUMOGIRI = 60
_HAN = re.compile(r"\((\d+)飜\)")
_FU_HAN = re.compile(r"(\d+)符(\d+)飜")
_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀)?")


def to_tile(code: int) -> Tile:
    if code in (51, 52, 53):
        return Tile("mps"[code - 51], 0)
    suit, digit = divmod(code, 10)
    if not 1 <= suit <= 4 or not 1 <= digit <= (7 if suit == 4 else 9):
        raise RecordError(f"unknown tile code {code}")
    return Tile("mpsz"[suit - 1], digit)


def parse_call(text: str) -> tuple[str, list[int], int, int]:
    """A call string: (kind, tile codes, the called or added tile, offset of the source
    seat: 3 left, 2 across, 1 right, 0 own). `c292728`, `45p4545`, `m39393939`,
    `31k313131`, `121212a12`."""
    m = re.fullmatch(r"((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)", text)
    if m is None:
        raise RecordError(f"unreadable call '{text}'")
    before, letter, tile, after = m.groups()
    codes = [int(before[i:i + 2]) for i in range(0, len(before), 2)]
    called = int(tile)
    rest = [int(after[i:i + 2]) for i in range(0, len(after), 2)]
    toks = codes + [called] + rest
    pos = len(before) // 2
    kind = {"c": "chi", "p": "pon", "m": "kan", "k": "kakan", "a": "ankan"}[letter]
    if kind == "chi":
        return kind, toks, called, 3
    if kind == "ankan":
        return kind, toks, called, 0
    if kind == "kakan":  # the pon's own string with the added tile after the k
        return kind, toks, called, {0: 3, 1: 2, 2: 1}.get(pos, 1)
    if kind == "kan":
        return kind, toks, called, {0: 3, 1: 2, 3: 1}.get(pos, 1)
    return kind, toks, called, {0: 3, 1: 2, 2: 1}.get(pos, 1)


def _verdict(deltas: list[int], info: list[Any], dealer: int) -> Verdict:
    net = {s: int(deltas[(dealer + i) % 4]) for i, s in enumerate(WIND_LETTERS)}
    text = str(info[3])
    pts = _POINTS.search(text)
    if pts is None:
        raise RecordError(f"unreadable points '{text}'")
    a, b, all_pay = int(pts.group(1)), pts.group(2), pts.group(3)
    value = 3 * a if all_pay else (2 * a + int(b) if b else a)
    yaku: list[tuple[str, int | None]] = []
    yakuman = False
    for item in info[4:]:
        name, _, rest = str(item).partition("(")
        han = _HAN.search(item)
        if han is None:
            yakuman = yakuman or "役満" in rest
            yaku.append((name, None))
        else:
            yaku.append((name, int(han.group(1))))
    fu_han = _FU_HAN.search(text)
    fu = int(fu_han.group(1)) if fu_han else None
    han = None if yakuman else sum(h or 0 for _, h in yaku)
    return Verdict(net, value, han, None if yakuman else fu, tuple(yaku), yakuman=yakuman)


def replay_round(rnd: list[Any], aka: bool) -> tuple[Replay, list[Any]]:
    """Replay a round to its end; the replay and the result entry (`["和了", ...]`)."""
    kyoku, honba, sticks = (int(x) for x in rnd[0][:3])
    hands = [list(rnd[4 + 3 * p]) for p in range(4)]
    draws = [list(rnd[5 + 3 * p]) for p in range(4)]
    discards = [list(rnd[6 + 3 * p]) for p in range(4)]
    result = rnd[16] if len(rnd) > 16 else None
    if any(len(h) != 13 for h in hands):
        raise RecordError("a starting hand is not 13 tiles")

    def tile(code: int) -> Tile:
        t = to_tile(code)
        return Tile(t.suit, 5) if t.digit == 0 and not aka else t

    options = {} if aka else {"red_fives": "0"}
    replay = Replay(kyoku, honba, sticks, hands, list(rnd[2]), tile, options)
    di, si = [0] * 4, [0] * 4
    cur, need_draw, drawn = kyoku % 4, True, 0
    while True:
        if need_draw:
            if di[cur] >= len(draws[cur]):
                break
            d = draws[cur][di[cur]]
            di[cur] += 1
            if isinstance(d, str):
                raise RecordError(f"seat {cur} calls '{d}' when it should draw")
            drawn = int(d)
            replay.draw(cur, drawn)
        if si[cur] >= len(discards[cur]):
            break
        x = discards[cur][si[cur]]
        si[cur] += 1
        riichi = False
        if isinstance(x, str):
            if x.startswith("r"):
                riichi, x = True, int(x[1:])
            else:
                kind, toks, called, _ = parse_call(x)
                if kind == "ankan":
                    replay.ankan(cur, toks)
                elif kind == "kakan":
                    replay.kakan(cur, called)
                else:
                    raise RecordError(f"'{x}' is not a discard")
                need_draw = True
                continue
        code = drawn if x == TSUMOGIRI else int(x)
        if riichi:
            replay.declare_riichi(cur)
        replay.discard(cur, code)
        caller = _caller(cur, code, draws, di)
        if caller is None:
            nxt = (cur + 1) % 4
            if di[nxt] >= len(draws[nxt]):  # the round ends on this discard
                break
        if riichi:
            replay.accept_riichi(cur)
        if caller is None:
            cur, need_draw = (cur + 1) % 4, True
            continue
        kind, toks, called, _ = parse_call(draws[caller][di[caller]])
        di[caller] += 1
        replay.call(caller, kind, toks, called, cur)
        cur = caller
        need_draw = kind == "kan"
        if need_draw and si[cur] < len(discards[cur]) and discards[cur][si[cur]] == 0:
            si[cur] += 1  # the placeholder a daiminkan leaves in the discards
    return replay, result


def _caller(cur: int, code: int, draws: list[list[Any]], di: list[int]) -> int | None:
    """The seat that calls `cur`'s discard `code`, if any: pon/kan first, then chi."""
    for off in (1, 2, 3):
        q = (cur + off) % 4
        nxt = draws[q][di[q]] if di[q] < len(draws[q]) else None
        if isinstance(nxt, str):
            kind, _, called, src = parse_call(nxt)
            if kind in ("pon", "kan") and src == (4 - off) % 4 and called == code:
                return q
    q = (cur + 1) % 4
    nxt = draws[q][di[q]] if di[q] < len(draws[q]) else None
    if isinstance(nxt, str):
        kind, _, called, _ = parse_call(nxt)
        if kind == "chi" and called == code:
            return q
    return None


def read_game(game: dict[str, Any], file: str, name: str) -> Iterator[Win | Problem]:
    """Every win of one game object (`log` holds one round or all of them)."""
    rule = game.get("rule")
    rule = rule if isinstance(rule, dict) else {}
    aka = bool(rule.get("aka", 1))
    if "三" in str(rule.get("disp", "")):  # 三鳳南喰赤: a three-player room
        yield Problem("note", file, name, "three-player game skipped (no three-player rules yet)")
        return
    for rnd in game.get("log") or []:
        where = "round ?"
        try:
            kyoku, honba = int(rnd[0][0]), int(rnd[0][1])
            where = f"round {round_name(kyoku)}-{honba}"
            if len(rnd[1]) != 4 or not rnd[13]:
                yield Problem("note", file, where, "three-player round skipped")
                continue
            replay, result = replay_round(rnd, aka)
            if not result or result[0] != "和了":
                continue  # a draw (or no result): no line
            for i in range(1, len(result) - 1, 2):
                deltas, info = result[i], result[i + 1]
                facts = replay.win(int(info[0]), int(info[1]), list(rnd[3]))
                yield Win(write_line(facts), Source(file, name, round_name(kyoku), honba),
                          _verdict(deltas, info, kyoku % 4))
        except (RecordError, TypeError, ValueError, IndexError, KeyError) as exc:
            yield Problem("error", file, where, str(exc) or type(exc).__name__)
