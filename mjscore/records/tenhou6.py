"""tenhou.net/6 JSON: each round is replayed from the per-player draw and discard lists.

The format keeps each player's draws and discards apart, so the table order is
rebuilt: after a discard, the player whose next "draw" is a call on that tile
(pon or kan first, then a chi by the next player) takes the turn, otherwise the
next player draws. Tiles are codes 11..47, red fives 51..53, and 60 for "the
tile just drawn". The shape of a round and every number in it are checked
(`_check_round`) before the replay, so a bad round is one `Problem` in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..base.tiles import WIND_LETTERS
from .checks import HONBA_MAX, STICKS_MAX, integer, listed, seat, shown
from .draws import (
    RecordItem,
    tenhou6_draw,
    tenhou6_end,
    tenhou6_scores,
    tenhou6_start,
)
from .model import Problem, RecordError, Source, Tile, Verdict, Win, round_name
from .replay import Replay, multiple_ron
from .rules import GameRules, from_tenhou6, multiple_ron_rule

TSUMOGIRI = 60
KAN_PLACEHOLDER = 0  # a daiminkan's empty discard
TILE_CODES = frozenset([*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53])
ROUND_MAX = 15
POINTS_MAX = 10_000_000
EVENTS_MAX = 60  # draws or discards of one player in a round
TEXT_MAX = 64  # a call string, a points text, a yaku name
_HAN = re.compile(r"\(([0-9]{1,3})飜\)")
_FU_HAN = re.compile(r"([0-9]{1,4})符([0-9]{1,3})飜")
_POINTS = re.compile(r"([0-9]{1,7})(?:-([0-9]{1,7}))?点(∀)?")
_CALL = re.compile(r"((?:[0-9][0-9])*)([cpmka])([0-9][0-9])((?:[0-9][0-9])*)", re.ASCII)
_CALL_SIZE = {"chi": 3, "pon": 3, "kan": 4, "kakan": 4, "ankan": 4}


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
    m = _CALL.fullmatch(text) if isinstance(text, str) and len(text) <= TEXT_MAX else None
    if m is None:
        raise RecordError(
            f"unreadable call {shown(text)} (expected such as c292728, 45p4545, 121212a12)"
        )
    before, letter, tile, after = m.groups()
    codes = [int(before[i : i + 2]) for i in range(0, len(before), 2)]
    called = int(tile)
    rest = [int(after[i : i + 2]) for i in range(0, len(after), 2)]
    toks = codes + [called] + rest
    pos = len(before) // 2
    kind = {"c": "chi", "p": "pon", "m": "kan", "k": "kakan", "a": "ankan"}[letter]
    if len(toks) != _CALL_SIZE[kind]:
        raise RecordError(f"call {text} has {len(toks)} tiles (a {kind} has {_CALL_SIZE[kind]})")
    for code in toks:
        _code(code, f"call {text}")
    if kind == "chi":
        return kind, toks, called, 3
    if kind == "ankan":
        return kind, toks, called, 0
    if kind == "kakan":  # the pon's own string with the added tile after the k
        return kind, toks, called, {0: 3, 1: 2, 2: 1}.get(pos, 1)
    if kind == "kan":
        return kind, toks, called, {0: 3, 1: 2, 3: 1}.get(pos, 1)
    return kind, toks, called, {0: 3, 1: 2, 2: 1}.get(pos, 1)


def _code(value: Any, what: str, extra: tuple[int, ...] = ()) -> int:
    """A tile code (11-47, 51-53; `extra` adds 60 or 0 where they may stand)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (value not in TILE_CODES and value not in extra)
    ):
        more = "".join(f", {e}" for e in extra)
        raise RecordError(
            f"{what}: {shown(value)} is not a tile code (expected 11-19, 21-29, "
            f"31-39, 41-47, 51-53{more})"
        )
    return value


def _verdict(deltas: list[Any], info: list[Any], dealer: int, seats: int = 4) -> Verdict:
    """The record's result; at a table of three the empty fourth seat changes by 0, and
    a tsumo is paid by two players (`2000-3900点`: 2,000 + 3,900; `∀`: twice)."""
    listed(deltas, "the point changes", 4, 4)
    net = {
        s: integer(deltas[(dealer + i) % seats], "a point change", -POINTS_MAX, POINTS_MAX)
        for i, s in enumerate(WIND_LETTERS[:seats])
    }
    if seats == 3 and deltas[3] != 0:
        raise RecordError(
            f"the empty fourth seat changes by {shown(deltas[3])} (expected 0 "
            "in a three-player game)"
        )
    text = info[3]
    pts = _POINTS.search(text) if isinstance(text, str) and len(text) <= TEXT_MAX else None
    if pts is None:
        raise RecordError(f"unreadable points {shown(text)} (expected such as 30符4飜7700点)")
    a, b, all_pay = int(pts.group(1)), pts.group(2), pts.group(3)
    payers = seats - 1
    value = payers * a if all_pay else ((payers - 1) * a + int(b) if b else a)
    yaku: list[tuple[str, int | None]] = []
    yakuman = False
    for item in info[4:]:
        if not isinstance(item, str) or len(item) > TEXT_MAX:
            raise RecordError(f"yaku {shown(item)} is not a yaku text (such as 立直(1飜))")
        name, _, rest = item.partition("(")
        worth = _HAN.search(item)
        if worth is None:
            yakuman = yakuman or "役満" in rest
            yaku.append((name, None))
        else:
            yaku.append((name, int(worth.group(1))))
    fu_han = _FU_HAN.search(text)
    fu = int(fu_han.group(1)) if fu_han else None
    han = None if yakuman else sum(h or 0 for _, h in yaku)
    return Verdict(net, value, han, None if yakuman else fu, tuple(yaku), yakuman=yakuman)


LOOK_AHEAD_TRIES = 16  # replays of one round that bind its calls another way


def replay_round(rnd: list[Any], rules: GameRules) -> tuple[Replay, list[Any] | None]:
    """Replay a checked round (`_check_round`) to its end; the replay and the result
    entry (`["和了", ...]`, or None).

    The format does not say which discard a call took: a pon of the second of two
    identical discards of one player looks, at the first, like a call of it. A call
    binds where it can first; where the replay then cannot go on (a player calls when it
    should draw, plays a tile it does not hold), the latest such call is bound to a later
    discard instead, and the round replayed again, so that the record's later actions
    decide (at most LOOK_AHEAD_TRIES replays)."""
    declined: frozenset[int] = frozenset()
    first: RecordError | None = None
    for _ in range(LOOK_AHEAD_TRIES):
        choices: list[int] = []
        try:
            return _replay_round(rnd, rules, declined, choices)
        except RecordError as exc:
            first = first or exc
            open_ = [c for c in choices if c not in declined]
            if not open_:
                break
            # the latest open choice declined; the choices after it are made afresh
            declined = frozenset(c for c in declined if c < open_[-1]) | {open_[-1]}
    raise first if first is not None else RecordError("the round cannot be replayed")


def _replay_round(
    rnd: list[Any], rules: GameRules, declined: frozenset[int], choices: list[int]
) -> tuple[Replay, list[Any] | None]:
    """One replay: a call is not bound at the discards (by number) in `declined`; each
    discard where a call was bound but could have waited is added to `choices`."""
    kyoku, honba, sticks = rnd[0]
    hands = [list(rnd[4 + 3 * p]) for p in range(4)]
    draws = [list(rnd[5 + 3 * p]) for p in range(4)]
    discards = [list(rnd[6 + 3 * p]) for p in range(4)]
    result = rnd[16] if len(rnd) > 16 else None
    aka = rules.options.get("red_fives") != "0"

    def tile(code: int) -> Tile:
        t = to_tile(code)
        return Tile(t.suit, 5) if t.digit == 0 and not aka else t

    seats = rules.players
    replay = Replay(
        kyoku, honba, sticks, hands, list(rnd[2]), tile, dict(rules.options), rules.ruleset, seats
    )
    di, si = [0] * 4, [0] * 4
    cur, need_draw, drawn = kyoku % 4, True, 0
    number = 0  # the discards so far
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
            if x.startswith("f"):  # `f44`: a North set aside (三麻 北抜き), then a draw
                replay.set_kita(cur, _kita(x))
                need_draw = True
                continue
            if x.startswith("r"):
                riichi, x = True, _riichi_discard(x)
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
        number += 1
        caller = None if number in declined else _caller(cur, code, draws, di, seats)
        if caller is not None and _again(code, discards[cur][si[cur] :]):
            choices.append(number)  # the same tile comes again: the call may be of that one
        if caller is None:
            nxt = (cur + 1) % seats
            if di[nxt] >= len(draws[nxt]):  # the round ends on this discard
                break
        if riichi:
            replay.accept_riichi(cur)
        if caller is None:
            cur, need_draw = (cur + 1) % seats, True
            continue
        kind, toks, called, _ = parse_call(draws[caller][di[caller]])
        di[caller] += 1
        replay.call(caller, kind, toks, called, cur)
        cur = caller
        need_draw = kind == "kan"
        if need_draw and si[cur] < len(discards[cur]) and discards[cur][si[cur]] == 0:
            si[cur] += 1  # the placeholder a daiminkan leaves in the discards
    return replay, result


def _again(code: int, later: list[Any]) -> bool:
    """Whether a player's later discards may be `code` again (a tsumogiri may be any tile)."""
    for x in later:
        if x in (code, TSUMOGIRI) or (isinstance(x, str) and x[1:] in (str(code), "60")):
            return True
    return False


def _caller(
    cur: int, code: int, draws: list[list[Any]], di: list[int], seats: int = 4
) -> int | None:
    """The seat that calls `cur`'s discard `code`, if any: pon/kan first, then chi.

    The call string's source offset counts four seats even at a table of three (seat
    3 empty): the caller q called seat (q + offset) % 4."""
    for off in range(1, seats):
        q = (cur + off) % seats
        nxt = draws[q][di[q]] if di[q] < len(draws[q]) else None
        if isinstance(nxt, str):
            kind, _, called, src = parse_call(nxt)
            if kind in ("pon", "kan") and (q + src) % 4 == cur and called == code:
                return q
    q = (cur + 1) % seats
    nxt = draws[q][di[q]] if di[q] < len(draws[q]) else None
    if isinstance(nxt, str):
        kind, _, called, _ = parse_call(nxt)
        if kind == "chi" and called == code:
            return q
    return None


def _kita(text: str) -> int:
    """`f44`: the North a player sets aside; any other tile is refused."""
    if text != "f44":
        raise RecordError(f"kita {shown(text)} is not f44 (only North, 44, is set aside)")
    return 44


def _riichi_discard(text: str) -> int:
    """`r35`, `r60`: the discard that declares riichi."""
    digits = text[1:]
    if not (len(digits) == 2 and digits.isascii() and digits.isdigit()):
        raise RecordError(f"riichi discard {shown(text)} is not r and a tile code")
    return _code(int(digits), "riichi discard", (TSUMOGIRI,))


def _check_round(rnd: Any, seats: int = 4) -> None:
    """The shape and every number of a round; RecordError names the field. At a table
    of three the fourth seat's score is 0 and its rows are empty."""
    listed(rnd, "the round", 16, 17)
    head = listed(rnd[0], "the round's first entry [round, honba, sticks]", 3, 3)
    integer(head[0], "the round number", 0, ROUND_MAX)
    integer(head[1], "honba", 0, HONBA_MAX)
    integer(head[2], "sticks", 0, STICKS_MAX)
    listed(rnd[1], "the scores", 4, 4)
    for score in rnd[1]:
        integer(score, "a score", -POINTS_MAX, POINTS_MAX)
    for code in listed(rnd[2], "the dora indicators", 1, 5):
        _code(code, "a dora indicator")
    for code in listed(rnd[3], "the ura indicators", 0, 5):
        _code(code, "an ura indicator")
    if seats == 3 and (rnd[1][3] != 0 or any(rnd[4 + 9 + i] for i in range(3))):
        raise RecordError(
            "the empty fourth seat has a score or tiles (expected 0 and empty "
            "rows in a three-player game)"
        )
    for p in range(seats):
        for code in listed(rnd[4 + 3 * p], f"seat {p}'s starting hand", 13, 13):
            _code(code, f"seat {p}'s starting hand")
        for d in listed(rnd[5 + 3 * p], f"seat {p}'s draws", 0, EVENTS_MAX):
            if not isinstance(d, str):
                _code(d, f"seat {p}'s draws")
        for x in listed(rnd[6 + 3 * p], f"seat {p}'s discards", 0, EVENTS_MAX):
            if not isinstance(x, str):
                _code(x, f"seat {p}'s discards", (TSUMOGIRI, KAN_PLACEHOLDER))
    if len(rnd) > 16:
        _check_result(rnd[16])


def _check_result(result: Any) -> None:
    listed(result, "the round's result")
    if not result or not isinstance(result[0], str):
        raise RecordError(
            f"the round's result {shown(result)} does not start with 和了 or a draw's name"
        )
    if result[0] != "和了":
        return
    if len(result) < 3 or len(result) % 2 == 0:
        raise RecordError(
            f"和了 has {len(result) - 1} entries (expected pairs of point changes and win details)"
        )
    for i in range(2, len(result), 2):
        info = listed(result[i], "the win details [who, from, pao, points, yaku...]", 4, 64)
        for n, what in enumerate(("who", "from", "pao")):
            seat(integer(info[n], what, 0, 3), what)


def _where(rnd: Any, number: int) -> str:
    """`round E2-1` (or `round E2` with a bad honba) when the round's first entry says
    so, else its place in the log."""
    head = rnd[0] if isinstance(rnd, list) and rnd else None
    if not isinstance(head, list) or not head:
        return f"round {number} of the log"

    def fits(i: int, hi: int) -> bool:
        v = head[i] if len(head) > i else None
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= hi

    if not fits(0, ROUND_MAX):
        return f"round {number} of the log"
    return f"round {round_name(head[0])}" + (f"-{head[1]}" if fits(1, HONBA_MAX) else "")


def _players(rnd: Any) -> int:
    """3 for a round with an empty fourth seat, else the number of scores (or 4)."""
    if not isinstance(rnd, list) or len(rnd) < 2 or not isinstance(rnd[1], list):
        return 4
    if len(rnd[1]) == 4 and len(rnd) > 13 and rnd[13] == [] and rnd[1][3] == 0:
        return 3
    return len(rnd[1]) if len(rnd[1]) in (3, 5, 6, 7, 8) else 4


def read_game(
    game: dict[str, Any], file: str, name: str, fresh: bool = True
) -> Iterator[RecordItem]:
    """Every win of one game object (`log` holds one round or all of them); `fresh` says
    that the object starts its game, so the game's notes are given here."""
    rules = from_tenhou6(game.get("rule"), game.get("name"), game.get("title"))
    log = game["log"]
    if rules.players == 4 and log and _players(log[0]) == 3:  # an empty fourth seat
        rules = GameRules(rules.options, rules.unknown, 3, rules.platform)
    if rules.players > 4:
        if fresh:
            yield Problem(
                "error",
                file,
                name,
                f"a game of {rules.players} players (mjscore "
                "reads four-player games; three-player ones are skipped)",
            )
        return
    if rules.unknown and fresh:
        site = "Mahjong Soul" if rules.platform == "mahjongsoul" else "Tenhou"
        yield Problem(
            "rules",
            file,
            name,
            "; ".join(rules.unknown) + f"; scored by {site}'s "
            "standard rules, and `check` reports its wins apart",
        )
    if fresh:
        yield tenhou6_start(file, name, game, rules.players, rules.ruleset)
    for number, rnd in enumerate(game["log"], 1):
        where = _where(rnd, number)
        after = game["log"][number] if number < len(game["log"]) else None
        try:
            players = _players(rnd)
            if players != rules.players:
                raise RecordError(
                    f"a round of {players} players in a game of {rules.players}"
                    if players in (3, 4)
                    else f"a round of {players} players (mjscore reads three- and "
                    "four-player games)"
                )
            _check_round(rnd, players)
            yield from _round_wins(rnd, rules, file, name, _head(after))
        except RecordError as exc:
            yield Problem("error", file, where, str(exc))
    end = tenhou6_end(file, name, game, rules.players)
    if end is not None:
        yield end


def _head(rnd: Any) -> tuple[int, int] | None:
    """The round number and honba of a round's first entry, when they read."""
    head = rnd[0] if isinstance(rnd, list) and rnd else None
    if not isinstance(head, list) or len(head) < 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in head[:2]):
        return None
    return head[0], head[1]


def _round_wins(
    rnd: list[Any], rules: GameRules, file: str, name: str, after: tuple[int, int] | None = None
) -> Iterator[RecordItem]:
    """The wins of one checked round (or its draw) and the record's scores after it;
    RecordError for a round that cannot be replayed (its wins are all checked before any
    is given). Several rons on one discard are settled by the ruleset's `multiple_ron`
    rule (replay.multiple_ron)."""
    kyoku, honba = rnd[0][0], rnd[0][1]
    replay, result = replay_round(rnd, rules)
    source = Source(file, name, round_name(kyoku), honba)
    if not result:
        return  # no result: the record stops inside the round
    if result[0] != "和了":
        deltas = [_deltas(result[1])] if len(result) > 1 else []
        yield tenhou6_draw(replay, result, source, after)
        yield replay.play(source)
        yield tenhou6_scores(rnd, replay, deltas, source)
        return
    entries = [(result[i], result[i + 1]) for i in range(1, len(result) - 1, 2)]
    rons = [info[0] for _, info in entries if info[0] != info[1]]
    scored, taker, note = multiple_ron(
        multiple_ron_rule(rules.ruleset), entries[0][1][1], rons, rules.players
    )
    if note:
        yield Problem("note", file, f"round {round_name(kyoku)}-{honba}", note)
    wins = []
    for deltas, info in entries:
        if info[0] != info[1] and info[0] not in scored:
            continue
        deposits = None if info[0] == info[1] else info[0] == taker
        hand = replay.written(replay.win(info[0], info[1], list(rnd[3]), deposits))
        wins.append(
            Win(
                hand.text,
                Source(file, name, round_name(kyoku), honba),
                _verdict(deltas, info, kyoku % 4, rules.players),
                rules.unknown,
                hand,
            )
        )
    yield from wins
    yield replay.play(source)
    yield tenhou6_scores(rnd, replay, [_deltas(d) for d, _ in entries], source)


def _deltas(value: Any) -> list[int]:
    listed(value, "the point changes", 4, 4)
    return [integer(v, "a point change", -POINTS_MAX, POINTS_MAX) for v in value]
