"""Hypothesis strategies for complete riichi hands, in mjscore notation and mahjong's input form.

One generated hand is a `GeneratedHand`: the tiles and the situation, kept neutral, so the
same draw can be written as an mjscore hand line (`.line`) and fed to the `mahjong` package
(`.to_mahjong()`), which is what the differential test and the benchmark need.

The generator only builds hands that can occur at a real table: at most four copies of a
tile counting melds, the winning tile and every indicator; at most one red five per suit;
four fives always include the red one (three red fives in the set); riichi only on closed
hands; rinshan only on tsumo with a kan; chankan only on ron with the robbed tile's other
three copies out of sight. Themes (one suit, simples, dragons, triplets ...) steer it
towards the hands where scorers disagree, since uniform tiles rarely make a yaku.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

# Tile kinds follow mjscore and mahjong alike: 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s,
# 27-30 East South West North, 31-33 White Green Red.
SUITS = "mps"
WINDS = "ESWN"
EAST, NORTH, WHITE = 27, 30, 31
FIVES = (4, 13, 22)
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
HONORS = frozenset(range(27, 34))
DRAGONS = (31, 32, 33)
WIND_TILES = (27, 28, 29, 30)
ORPHANS = tuple(sorted(TERMINALS | HONORS))
GREEN = frozenset((19, 20, 21, 23, 25, 32))
RUN_STARTS = tuple(s * 9 + r for s in range(3) for r in range(7))
# three players (sanma): 108 tiles, no 2m-8m, so no run of characters
NO_SANMA = frozenset(range(1, 8))
RUN_STARTS_3 = tuple(r for r in RUN_STARTS if r >= 9)

Tile = tuple[int, bool]  # (kind, is_red)


def tile_text(kind: int, red: bool = False) -> str:
    """One tile in mpsz text: 5m, 0p (red), 7z."""
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if red else kind % 9 + 1}{SUITS[kind // 9]}"


def group_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles as compact mpsz groups ("406p22s"): suits m p s z, ranks ascending, 0 as a 5."""
    by_suit: dict[str, list[tuple[int, bool]]] = {}
    for kind, red in tiles:
        by_suit.setdefault(tile_text(kind)[-1], []).append((kind, not red))
    out = []
    for letter in "mpsz":
        if letter in by_suit:
            digits = [tile_text(k, not nr)[0] for k, nr in sorted(by_suit[letter])]
            out.append("".join(digits) + letter)
    return "".join(out)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """mpsz text ("2444055m7z") back to tiles, for hand-written regression cases."""
    out: list[Tile] = []
    for digits, letter in re.findall(r"(\d+)([mpsz])", text):
        base = "mpsz".index(letter) * 9
        out.extend((base + (5 if d == "0" else int(d)) - 1, d == "0") for d in digits)
    return tuple(out)


@dataclass(frozen=True)
class GenMeld:
    kind: str  # chi | pon | kan | ankan | kakan
    tiles: tuple[Tile, ...]
    source: str | None  # "-", "=", "+" (None for chi and ankan)

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return self.kind in ("kan", "ankan", "kakan")

    def text(self) -> str:
        return f"{self.kind}:{group_text(self.tiles)}{self.source or ''}"


@dataclass(frozen=True)
class MahjongInput:
    """The arguments of mahjong's HandCalculator.estimate_hand_value for one hand."""

    tiles: list[int]
    win_tile: int
    melds: list[Any]
    dora_indicators: list[int]
    ura_dora_indicators: list[int]
    config: Any  # HandConfig; estimate_hand_value mutates it, so use each one once

    def estimate(self) -> Any:
        from mahjong.hand_calculating.hand import HandCalculator

        return HandCalculator.estimate_hand_value(
            self.tiles,
            self.win_tile,
            melds=self.melds,
            dora_indicators=self.dora_indicators,
            config=self.config,
            ura_dora_indicators=self.ura_dora_indicators,
        )


def tenhou_rules(three: bool = False) -> Any:
    """mahjong's OptionalRules set to Tenhou's rules, which the `riichi` ruleset defaults to
    (`three`: Tenhou's three-player rules, the `sanma` ruleset)."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
        is_three_player=three,
    )


@dataclass(frozen=True)
class GeneratedHand:
    shape: str  # standard | chiitoitsu | kokushi
    theme: str
    concealed: tuple[Tile, ...]  # without the melds and the winning tile
    melds: tuple[GenMeld, ...]
    win: Tile
    tsumo: bool
    discarder: str | None
    seat: str
    round: str
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    flags: tuple[str, ...] = ()
    honba: int = 0
    sticks: int = 0
    kita: int = 0  # Norths set aside (three players)
    three: bool = False  # a three-player hand (sanma): mahjong's is_three_player
    token_order: tuple[int, ...] = field(default=(), compare=False)
    spelling: int = field(default=0, compare=False)  # 0 "123m406p", 1 "123m 406p", 2 shuffled

    @property
    def is_open(self) -> bool:
        return any(m.is_open for m in self.melds)

    @property
    def hand_tiles(self) -> list[Tile]:
        """The winner's 14+ tiles: concealed, melds, winning tile."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        out.append(self.win)
        return out

    @property
    def line(self) -> str:
        win = f"{'tsumo' if self.tsumo else 'ron'}:{tile_text(*self.win)}{self.discarder or ''}"
        context = [f"round:{self.round}", f"seat:{self.seat}"]
        if self.dora:
            context.append("dora:" + ",".join(tile_text(*t) for t in self.dora))
        if self.ura:
            context.append("ura:" + ",".join(tile_text(*t) for t in self.ura))
        if self.honba:
            context.append(f"honba:{self.honba}")
        if self.sticks:
            context.append(f"sticks:{self.sticks}")
        if self.kita:
            context.append(f"kita:{self.kita}")
        context.extend(self.flags)
        if self.token_order:  # tokens may come in any order; exercise that sometimes
            context = [context[i] for i in self.token_order if i < len(context)]
        return " ".join([self.concealed_text(), *(m.text() for m in self.melds), win, *context])

    def concealed_text(self) -> str:
        """The concealed tiles, spelt one of the ways the notation allows."""
        text = group_text(self.concealed)
        if self.spelling == 0:
            return text
        groups = re.findall(r"\d+[mpsz]", text)
        if self.spelling == 2:  # digits of each suit in a fixed but unsorted order
            groups = [g[-2::-1][1:] + g[-2] + g[-1] for g in groups]
        return " ".join(groups)

    def to_mahjong(self, rules: Any = None) -> MahjongInput:
        """The same hand as mahjong's 136-tile arrays, Meld objects and a HandConfig
        (under `rules`, an OptionalRules; Tenhou's by default)."""
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.meld import Meld

        pools: dict[int, list[int]] = {}

        def take(t: Tile) -> int:
            kind, red = t
            if kind not in pools:  # copy 0 of a five is mahjong's red five (16, 52, 88)
                pools[kind] = [kind * 4 + i for i in range(4)]
                if kind in FIVES:
                    pools[kind] = pools[kind][1:] + pools[kind][:1]
            pool = pools[kind]
            if red:
                assert kind in FIVES and pool[-1] == kind * 4, f"second red {tile_text(kind)}"
                return pool.pop()
            return pool.pop(0)

        concealed = [take(t) for t in self.concealed]
        meld_ids: list[list[int]] = []
        melds = []
        mtype = {
            "chi": Meld.CHI,
            "pon": Meld.PON,
            "kan": Meld.KAN,
            "ankan": Meld.KAN,
            "kakan": Meld.SHOUMINKAN,
        }
        for m in self.melds:
            ids = sorted(take(t) for t in m.tiles)
            meld_ids.append(ids)
            melds.append(Meld(meld_type=mtype[m.kind], tiles=ids, opened=m.is_open))
        win = take(self.win)
        dora = [take(t) for t in self.dora]
        ura = [take(t) for t in self.ura]
        tiles = sorted(concealed + [i for ids in meld_ids for i in ids] + [win])
        flags = set(self.flags)
        config = HandConfig(
            is_tsumo=self.tsumo,
            is_riichi="riichi" in flags,
            is_ippatsu="ippatsu" in flags,
            is_rinshan="rinshan" in flags,
            is_chankan="chankan" in flags,
            is_haitei="haitei" in flags,
            is_houtei="houtei" in flags,
            is_daburu_riichi="double-riichi" in flags,
            is_tenhou="tenhou" in flags,
            is_chiihou="chiihou" in flags,
            player_wind=EAST + WINDS.index(self.seat),
            round_wind=EAST + WINDS.index(self.round),
            kyoutaku_number=self.sticks,
            tsumi_number=self.honba,
            num_nuki_dora=self.kita,
            options=tenhou_rules(self.three) if rules is None else rules,
        )
        return MahjongInput(tiles, win, melds, dora, ura, config)


def mahjong_input_of_line(line: str) -> MahjongInput:
    """A hand line (riichi notation) as mahjong's arguments: for benchmarks on real hands."""
    import mjscore

    hand = mjscore.parse(line)
    ctx, held = hand.ctx, hand.holding
    reds = list(held.concealed_reds)
    concealed = []
    for t in held.concealed:
        red = t in reds
        if red:
            reds.remove(t)
        concealed.append((t, red))
    melds = []
    for m in held.melds:
        left = m.reds
        tiles = []
        for t in m.tiles:
            red = bool(left) and t in FIVES
            left -= red
            tiles.append((t, red))
        melds.append(GenMeld(m.kind, tuple(tiles), m.source))
    dora_reds, ura_reds = list(ctx.dora_reds), list(ctx.ura_reds)

    def indicator(t: int, reds: list[int]) -> Tile:
        red = t in reds
        if red:
            reds.remove(t)
        return (t, red)

    generated = GeneratedHand(
        shape="real",
        theme="real",
        concealed=tuple(concealed),
        melds=tuple(melds),
        win=(ctx.win_tile, ctx.win_red),
        tsumo=ctx.tsumo,
        discarder=ctx.discarder,
        seat=ctx.seat_wind,
        round=ctx.round_wind,
        dora=tuple(indicator(t, dora_reds) for t in ctx.dora),
        ura=tuple(indicator(t, ura_reds) for t in ctx.ura),
        flags=tuple(sorted(ctx.flags)),
        honba=ctx.honba,
        sticks=ctx.sticks,
    )
    return generated.to_mahjong()


# ---------------------------------------------------------------- building blocks

Group = tuple[int, ...]  # tile kinds of one set or pair


def _run(start: int) -> Group:
    return (start, start + 1, start + 2)


def _is_terminal_or_honor(k: int) -> bool:
    return k in TERMINALS or k in HONORS


# A theme is a predicate on groups (sets and the pair) plus a preference for triplets.
# Weighted first-is-commonest, because hypothesis shrinks towards the first choice.
THEMES: dict[str, Callable[[Group], bool]] = {
    "any": lambda g: True,
    "simples": lambda g: not any(_is_terminal_or_honor(k) for k in g),
    "one_suit_honors": lambda g: True,  # filled per draw (depends on the suit)
    "one_suit": lambda g: True,
    "chanta": lambda g: any(_is_terminal_or_honor(k) for k in g),
    "junchan": lambda g: any(k in TERMINALS for k in g) and not any(k in HONORS for k in g),
    "outside": lambda g: all(_is_terminal_or_honor(k) for k in g),
    "triplets": lambda g: True,
    "dragons": lambda g: True,
    "winds": lambda g: True,
    "sanshoku": lambda g: True,
    "ittsu": lambda g: True,
    "iipeikou": lambda g: True,
    "honors": lambda g: all(k in HONORS for k in g),
    "green": lambda g: all(k in GREEN for k in g),
    "terminals": lambda g: all(k in TERMINALS for k in g),
    "kans": lambda g: True,
    "chuuren": lambda g: True,
}
THEME_WEIGHTS = {
    "any": 30,
    "simples": 12,
    "one_suit_honors": 9,
    "one_suit": 6,
    "chanta": 5,
    "junchan": 3,
    "outside": 3,
    "triplets": 8,
    "dragons": 5,
    "winds": 3,
    "sanshoku": 4,
    "ittsu": 4,
    "iipeikou": 4,
    "honors": 1,
    "green": 1,
    "terminals": 1,
    "kans": 5,
    "chuuren": 1,
}


def weighted(weights: dict[str, int]) -> st.SearchStrategy[str]:
    """A key of `weights`, drawn with those relative weights (first key is the shrink target)."""
    keys = list(weights)
    bounds = []
    total = 0
    for k in keys:
        total += weights[k]
        bounds.append(total)
    return st.integers(0, total - 1).map(
        lambda x: keys[next(i for i, b in enumerate(bounds) if x < b)]
    )


def _chance(draw: Any, percent: int) -> bool:
    """True `percent` % of the time; shrinks to False."""
    return draw(st.integers(0, 99)) >= 100 - percent


def _fits(counts: Counter, group: Group) -> bool:
    return all(counts[k] + n <= 4 for k, n in Counter(group).items())


def _pick_group(
    draw: Any, counts: Counter, ok: Callable[[Group], bool], triplet: bool, three: bool = False
) -> Group:
    """A run or triplet that fits the 4-copy limit, preferring the theme, then anything."""
    runs = [_run(s) for s in (RUN_STARTS_3 if three else RUN_STARTS)]
    trips = [(k, k, k) for k in range(34) if not three or k not in NO_SANMA]
    first, second = (trips, runs) if triplet else (runs, trips)
    for pool in ([g for g in first if ok(g)], [g for g in second if ok(g)], first + second):
        cands = [g for g in pool if _fits(counts, g)]
        if cands:
            return draw(st.sampled_from(cands))
    raise AssertionError("no set fits")  # cannot happen: 4 sets use at most 16 of 136 tiles


def _pick_pair(draw: Any, counts: Counter, ok: Callable[[Group], bool], three: bool = False) -> int:
    kinds = [k for k in range(34) if not three or k not in NO_SANMA]
    for pool in ([k for k in kinds if ok((k, k))], kinds):
        cands = [k for k in pool if counts[k] <= 2]
        if cands:
            return draw(st.sampled_from(cands))
    raise AssertionError("no pair fits")


@st.composite
def _standard_sets(draw: Any, theme: str, three: bool = False) -> tuple[list[Group], int]:
    """Four sets and a pair (tile kinds only) following `theme` (`three`: in sanma's
    108 tiles; its themes have no sanshoku, and one suit is pin or sou)."""
    first_suit = 1 if three else 0
    counts: Counter = Counter()
    sets: list[Group] = []
    ok = THEMES[theme]
    triplet_pct = 35
    pair: int | None = None
    if theme in ("one_suit", "one_suit_honors"):
        suit = draw(st.integers(first_suit, 2))
        honors = theme == "one_suit_honors"

        def ok(g: Group, suit: int = suit, honors: bool = honors) -> bool:
            return all((k < 27 and k // 9 == suit) or (honors and k >= 27) for k in g)
    elif theme in ("triplets", "kans", "outside", "honors", "terminals"):
        triplet_pct = 85
    elif theme == "chuuren":
        suit = draw(st.integers(first_suit, 2))
        ranks = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, draw(st.integers(0, 8))]
        return _split_chuuren(sorted(suit * 9 + r for r in ranks))
    elif theme in ("dragons", "winds"):  # big/small three dragons, four winds
        honors = DRAGONS if theme == "dragons" else WIND_TILES
        n = draw(st.integers(len(honors) - 1, len(honors)))
        order = draw(st.permutations(honors))
        sets.extend((k, k, k) for k in order[:n])
        if n < len(honors) and _chance(draw, 50):
            pair = order[n]  # the last one as the pair: shousangen / shousuushii
    elif theme == "sanshoku":
        r = draw(st.integers(0, 6))
        if _chance(draw, 15):  # sanshoku doukou: the same triplet in every suit
            r = draw(st.integers(0, 8))
            sets.extend((s * 9 + r,) * 3 for s in range(3))
        else:
            sets.extend(_run(s * 9 + r) for s in range(3))
    elif theme == "ittsu":
        s = draw(st.integers(first_suit, 2))
        sets.extend(_run(s * 9 + r) for r in (0, 3, 6))
    elif theme == "iipeikou":
        start = draw(st.sampled_from(RUN_STARTS_3 if three else RUN_STARTS))
        sets.extend([_run(start)] * draw(st.sampled_from([2, 2, 2, 4])))
    for g in sets:
        counts.update(g)
    if pair is not None:
        counts[pair] += 2
    while len(sets) < 4:
        g = _pick_group(draw, counts, ok, _chance(draw, triplet_pct), three)
        sets.append(g)
        counts.update(g)
    if pair is None:
        pair = _pick_pair(draw, counts, ok, three)
    return sets, pair


def _split_chuuren(kinds: list[int]) -> tuple[list[Group], int]:
    """Read a nine-gates tile list as four sets and a pair (any reading will do)."""
    c = Counter(kinds)
    for pair in sorted(c):
        if c[pair] < 2:
            continue
        rest = c.copy()
        rest[pair] -= 2
        sets = _sets_of(rest)
        if sets is not None:
            return sets, pair
    raise AssertionError(f"nine gates without a reading: {kinds}")


def _sets_of(c: Counter) -> list[Group] | None:
    c = +c
    if not c:
        return []
    k = min(c)
    if c[k] >= 3:
        rest = c.copy()
        rest[k] -= 3
        sub = _sets_of(rest)
        if sub is not None:
            return [(k, k, k), *sub]
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        rest = c.copy()
        for x in _run(k):
            rest[x] -= 1
        sub = _sets_of(rest)
        if sub is not None:
            return [_run(k), *sub]
    return None


@dataclass
class _Draft:
    """A hand under construction: kinds only, before red fives and indicators."""

    shape: str
    theme: str
    concealed: list[int]  # the concealed 13/14-k tiles, winning tile included
    melds: list[tuple[str, Group, str | None]]


THEME_WEIGHTS_3 = {k: w for k, w in THEME_WEIGHTS.items() if k != "sanshoku"}


@st.composite
def _standard_draft(draw: Any, open_hand: bool | None, three: bool = False) -> _Draft:
    theme = draw(weighted(THEME_WEIGHTS_3 if three else THEME_WEIGHTS))
    sets, pair = draw(_standard_sets(theme, three))
    marks = "-+" if three else "-=+"  # nobody sits across a table of three
    counts = Counter(k for g in sets for k in g) + Counter({pair: 2})
    if open_hand is None:
        open_hand = theme != "chuuren" and _chance(draw, 55)
    kan_pct = 45 if theme == "kans" else 10
    melds: list[tuple[str, Group, str | None]] = []
    concealed: list[int] = [pair, pair]
    order = draw(st.permutations(range(4)))
    for i in order:
        g = sets[i]
        is_trip = g[0] == g[1]
        can_kan = is_trip and counts[g[0]] < 4 and theme != "chuuren"
        choice = "closed"
        if can_kan and _chance(draw, kan_pct):
            choice = draw(st.sampled_from(["kan", "kakan", "ankan"] if open_hand else ["ankan"]))
        elif open_hand and _chance(draw, 50) and (is_trip or not three):  # no chi at three
            choice = "pon" if is_trip else "chi"
        if choice == "closed":
            concealed.extend(g)
            continue
        if choice in ("kan", "kakan", "ankan"):
            g = (g[0],) * 4
            counts[g[0]] += 1
        source = None if choice in ("chi", "ankan") else draw(st.sampled_from(marks))
        melds.append((choice, g, source))
    if open_hand and not any(kind != "ankan" for kind, _, _ in melds):
        # an open hand needs one call: call the first concealed set
        for i in range(2, len(concealed), 3):
            g = tuple(concealed[i : i + 3])
            if three and g[0] != g[1]:
                continue  # no chi at three: the first concealed triplet, if any
            del concealed[i : i + 3]
            melds.append(
                (
                    "pon" if g[0] == g[1] else "chi",
                    g,
                    draw(st.sampled_from(marks)) if g[0] == g[1] else None,
                )
            )
            break
    return _Draft("standard", theme, concealed, melds)


@st.composite
def _chiitoitsu_draft(draw: Any, three: bool = False) -> _Draft:
    theme = draw(
        weighted({"any": 10, "simples": 3, "one_suit_honors": 3, "outside": 2, "honors": 1})
    )
    if theme == "one_suit_honors":
        suit = draw(st.integers(1 if three else 0, 2))
        pool = [k for k in range(34) if k >= 27 or k // 9 == suit]
    elif theme == "simples":
        pool = [k for k in range(27) if k % 9 not in (0, 8)]
    elif theme == "outside":
        pool = list(ORPHANS)
    elif theme == "honors":
        pool = list(HONORS)
    else:
        pool = list(range(34))
    if three:
        pool = [k for k in pool if k not in NO_SANMA]
    kinds = draw(st.lists(st.sampled_from(pool), min_size=7, max_size=7, unique=True))
    return _Draft("chiitoitsu", theme, sorted(kinds * 2), [])


@st.composite
def _kokushi_draft(draw: Any) -> _Draft:
    extra = draw(st.sampled_from(ORPHANS))
    return _Draft("kokushi", "kokushi", sorted([*ORPHANS, extra]), [])


def _indicator_pool(counts: Counter, exclude: int | None, three: bool = False) -> list[int]:
    return [
        k for k in range(34) if counts[k] < 4 and k != exclude and not (three and k in NO_SANMA)
    ]


@st.composite
def hands(
    draw: Any, open_hand: bool | None = None, shape: str | None = None, three: bool = False
) -> GeneratedHand:
    """A complete riichi hand and its situation (see the module docstring for the limits).

    `three`: a three-player (sanma) hand: no 2m-8m, no chi, seats and rounds E S W, the
    markers - and +, and Norths set aside (kita) with rinshan on the draw after them."""
    if shape is None:
        shape = (
            "standard"
            if open_hand
            else draw(weighted({"standard": 85, "chiitoitsu": 10, "kokushi": 5}))
        )
    if shape == "standard":
        d = draw(_standard_draft(open_hand, three))
    elif shape == "chiitoitsu":
        d = draw(_chiitoitsu_draft(three))
    else:
        d = draw(_kokushi_draft())

    is_open = any(kind != "ankan" for kind, _, _ in d.melds)
    kans = sum(len(g) == 4 for _, g, _ in d.melds)
    win_kind = draw(st.sampled_from(sorted(set(d.concealed))))
    concealed = list(d.concealed)
    concealed.remove(win_kind)
    held = Counter(d.concealed) + Counter(k for _, g, _ in d.melds for k in g)

    tsumo = draw(st.booleans())
    discarder = None if tsumo else draw(st.sampled_from("-+" if three else "-=+"))
    seat = draw(st.sampled_from("ESW" if three else WINDS))
    round_ = draw(weighted({"E": 6, "S": 5, "W": 1} if three else {"E": 6, "S": 5, "W": 1, "N": 1}))

    flags: list[str] = []
    first_draw = tsumo and not d.melds and _chance(draw, 2)
    if first_draw:
        flags.append("tenhou" if seat == "E" else "chiihou")
    kita = 0  # a North set aside counts as a call: never before a first-draw win
    if three and not first_draw and held[NORTH] < 4 and _chance(draw, 40):
        kita = draw(st.integers(1, 4 - held[NORTH]))
    riichi = not is_open and not first_draw and _chance(draw, 45)
    if riichi:
        flags.append("double-riichi" if _chance(draw, 10) else "riichi")
    rinshan = tsumo and (kans > 0 or kita > 0) and _chance(draw, 35)
    if riichi and not rinshan and _chance(draw, 20):
        flags.append("ippatsu")  # a kan of one's own ends the ippatsu turn: never with rinshan
    if rinshan:
        flags.append("rinshan")
    elif tsumo and not first_draw and _chance(draw, 5):
        flags.append("haitei")
    # chankan robs an added kan: the robbed tile's three other copies sit in someone's pon
    in_sight = held[win_kind] + (kita if win_kind == NORTH else 0)
    chankan = not tsumo and in_sight == 1 and _chance(draw, 12)
    kita_ron = three and not tsumo and not chankan and win_kind == NORTH and _chance(draw, 30)
    if chankan:
        flags.append("chankan")
    elif kita_ron:
        flags.append("kita-ron")  # a ron on a North being set aside: a plain ron to mahjong
    elif not tsumo and _chance(draw, 5):
        flags.append("houtei")

    # dora: one indicator plus one per kan (as at the table), sometimes none written
    n_dora = 0 if _chance(draw, 12) else min(1 + kans, 5)
    counts = held.copy()
    counts[NORTH] += kita
    exclude = win_kind if chankan else None
    dora_kinds: list[int] = []
    for _ in range(n_dora):
        k = draw(st.sampled_from(_indicator_pool(counts, exclude, three)))
        counts[k] += 1
        dora_kinds.append(k)
    ura_kinds: list[int] = []
    if riichi and n_dora and _chance(draw, 70):
        for _ in range(n_dora):
            k = draw(st.sampled_from(_indicator_pool(counts, exclude, three)))
            counts[k] += 1
            ura_kinds.append(k)

    # red fives: one per suit at most; four fives on the table always include it
    slots: list[tuple[str, int]] = (
        [("c", i) for i in range(len(concealed))]
        + [("w", 0)]
        + [("m", i * 10 + j) for i, (_, g, _) in enumerate(d.melds) for j in range(len(g))]
        + [("d", i) for i in range(len(dora_kinds))]
        + [("u", i) for i in range(len(ura_kinds))]
    )

    def kind_of(slot: tuple[str, int]) -> int:
        where, i = slot
        if where == "c":
            return concealed[i]
        if where == "w":
            return win_kind
        if where == "m":
            return d.melds[i // 10][1][i % 10]
        return (dora_kinds if where == "d" else ura_kinds)[i]

    red: set[tuple[str, int]] = set()
    for five in FIVES:
        mine = [s for s in slots if kind_of(s) == five]
        if mine and (len(mine) == 4 or _chance(draw, 40)):
            red.add(draw(st.sampled_from(mine)))

    melds = []
    for i, (kind, g, source) in enumerate(d.melds):
        melds.append(
            GenMeld(kind, tuple((k, ("m", i * 10 + j) in red) for j, k in enumerate(g)), source)
        )
    honba = draw(weighted({"0": 6, "1": 2, "2": 1, "3": 1}))
    sticks = draw(weighted({"0": 5, "1": 3, "2": 1, "3": 1}))
    token_order: tuple[int, ...] = ()
    if _chance(draw, 15):
        token_order = tuple(draw(st.permutations(range(6 + bool(kita) + len(flags)))))
    spelling = draw(weighted({"0": 8, "1": 1, "2": 1}))
    return GeneratedHand(
        shape=d.shape,
        theme=d.theme,
        concealed=tuple((k, ("c", i) in red) for i, k in enumerate(concealed)),
        melds=tuple(melds),
        win=(win_kind, ("w", 0) in red),
        tsumo=tsumo,
        discarder=discarder,
        seat=seat,
        round=round_,
        dora=tuple((k, ("d", i) in red) for i, k in enumerate(dora_kinds)),
        ura=tuple((k, ("u", i) in red) for i, k in enumerate(ura_kinds)),
        flags=tuple(flags),
        honba=int(honba),
        sticks=int(sticks),
        kita=kita,
        three=three,
        token_order=token_order,
        spelling=int(spelling),
    )


class _Enough(Exception):
    """Stops the sampling run once enough distinct hands are in."""


def sample_hands(
    n: int, open_hand: bool | None = None, seed: int | None = None, three: bool = False
) -> list[GeneratedHand]:
    """`n` distinct hands from `hands()`, the same ones on every run (derandomized, or
    from `seed` when given, to explore further).

    Hypothesis mutates earlier examples, so many draws repeat a line; a differential
    count over repeats would weigh a few hands many times, hence the de-duplication.
    """
    out: dict[str, GeneratedHand] = {}

    @settings(
        max_examples=6 * n + 100,
        derandomize=seed is None,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(hands(open_hand=open_hand))
    def collect(hand: GeneratedHand) -> None:
        if len(out) >= n:
            raise _Enough
        out.setdefault(hand.line, hand)

    if three:  # its own function: the four-player sample stays the one it always was

        @settings(
            max_examples=6 * n + 100,
            derandomize=seed is None,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
            report_multiple_bugs=False,
        )
        @given(hands(open_hand=open_hand, three=True))
        def collect(hand: GeneratedHand) -> None:
            if len(out) >= n:
                raise _Enough
            out.setdefault(hand.line, hand)

    if seed is not None:
        collect = hypothesis_seed(seed)(collect)

    with contextlib.suppress(_Enough):
        collect()
    return list(out.values())[:n]


# ---------------------------------------------------------------- lines from the grammar
#
# `notation_lines()` writes hand lines from the notation's grammar alone: every token kind,
# in any order and spelling the notation allows. The hands need not be possible (a fifth
# copy, 20 tiles): the parser checks only the shape of a line, and `str(hand)` must be
# canonical for every line it accepts, whatever `validate` later says of it.
#
# A line takes some 150 choices; drawn one by one from hypothesis that is 10 ms a line, so
# hypothesis draws one seed and a `random.Random` makes the choices (derandomized runs stay
# the same run after run; a failure prints its line, which is what there is to read).

LINE_FLAGS = (
    "riichi",
    "double-riichi",
    "open-riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "kanburi",
    "tenhou",
    "chiihou",
    "renhou",
    "first-turn",
    "nagashi",
    "paarenchan",
    "last-tile",
    "chankan-ankan",
    "kita-ron",
)
RULESET_NAMES = (
    "riichi",
    "webtile",
    "arushal",
    "kansai-boo",
    "european",
    "mcr",
    "sanma",
    "mahjongsoul-sanma",
)
OPTION_NAMES = ("kiriage_mangan", "open_tanyao", "red_fives", "flowers", "x")
MAX_INDICATORS = 10  # the parser's limit on dora (and on ura) indicators
_MARKS = ("-", "=", "+")
_TOP_DIGIT = {"z": 7, "f": 4, "g": 4}  # 1-9 (0 a red five) in m p s


def _spelt_case(rng: random.Random, word: str) -> str:
    """`word` in lower, upper or mixed case (flags, winds and ruleset names)."""
    return rng.choice([word, word.upper(), word.lower(), word.title(), word.swapcase()])


def _any_tile(rng: random.Random, letters: str = "mpsz") -> tuple[str, str]:
    """One tile as (digit, suit letter): 0 (a red five) to 9, honours 1-7, flowers 1-4."""
    letter = rng.choice(letters)
    low = 0 if letter in "mps" else 1
    return str(rng.randint(low, _TOP_DIGIT.get(letter, 9))), letter


def _tiles(rng: random.Random, low: int, high: int, letters: str = "mpsz") -> list[tuple[str, str]]:
    return [_any_tile(rng, letters) for _ in range(rng.randint(low, high))]


def _groups(rng: random.Random, tiles: list[tuple[str, str]], commas: bool = False) -> str:
    """Tiles, in the order given, as mpsz groups: a suit letter after each run of one suit,
    or after some single tiles; with `commas`, a comma sometimes between tiles."""
    out = []
    for i, (digit, letter) in enumerate(tiles):
        out.append(digit)
        last = i == len(tiles) - 1
        if last or tiles[i + 1][1] != letter or rng.random() < 0.3:
            out.append(letter)
            if not last and commas and rng.random() < 0.5:
                out.append(",")
    return "".join(out)


def _concealed_tokens(rng: random.Random) -> list[str]:
    """0 to 14 concealed tiles, shuffled, in one to four tile-group tokens."""
    tiles = _tiles(rng, 0, 14)
    cuts = (
        sorted(rng.sample(range(1, len(tiles)), min(len(tiles) - 1, rng.randint(0, 3))))
        if len(tiles) > 1
        else []
    )
    return [_groups(rng, tiles[a:b]) for a, b in pairwise([0, *cuts, len(tiles)]) if a < b]


def _meld_token(rng: random.Random) -> str:
    """chi, pon, kan, ankan or kakan, tiles in any order, red fives, a marker if allowed."""
    kind = rng.choice(["chi", "pon", "kan", "ankan", "kakan"])
    if kind == "chi":
        letter, start = rng.choice("mps"), rng.randint(1, 7)
        digits = [str(start + i) for i in range(3)]
        marker = rng.choice(["", "-"])
    else:
        letter = rng.choice("mpsz")
        digits = [str(rng.randint(1, 7 if letter == "z" else 9))] * (3 if kind == "pon" else 4)
        marker = "" if kind == "ankan" else rng.choice(["", *_MARKS])
    digits = [("0" if d == "5" and letter != "z" and rng.random() < 0.4 else d) for d in digits]
    rng.shuffle(digits)
    return f"{kind}:{''.join(digits)}{letter}{marker}"


def _win_token(rng: random.Random) -> str:
    digit, letter = _any_tile(rng)
    if rng.random() < 0.5:
        return f"tsumo:{digit}{letter}"
    return f"ron:{digit}{letter}{rng.choice(['', *_MARKS])}"


def _flowers_token(rng: random.Random) -> str:
    """flowers: with flowers (f) and seasons (g) in any order, grouped or with commas."""
    return "flowers:" + _groups(rng, _tiles(rng, 1, 8, "fg"), commas=True)


def _context_tokens(rng: random.Random) -> list[str]:
    """Each context key at most once (a repeat is an error), opt: any number of names."""
    out = [
        f"{key}:{_spelt_case(rng, rng.choice(WINDS))}"
        for key in ("round", "seat", "breach")
        if rng.random() < 0.5
    ]
    out += [
        f"{key}:" + _groups(rng, _tiles(rng, 1, MAX_INDICATORS), commas=True)
        for key in ("dora", "ura")
        if rng.random() < 0.5
    ]
    out += [
        f"{key}:{str(rng.randint(0, 500)).zfill(rng.randint(1, 4))}"
        for key in ("honba", "sticks")
        if rng.random() < 0.5
    ]
    if rng.random() < 0.3:
        out.append("discards:" + _groups(rng, _tiles(rng, 1, 8), commas=True))
    if rng.random() < 0.4:
        out.append(_flowers_token(rng))
    if rng.random() < 0.2:
        out.append(f"kita:{rng.randint(0, 4)}")
    if rng.random() < 0.5:
        out.append("rules:" + _spelt_case(rng, rng.choice(RULESET_NAMES)))
    options = {  # a name set twice must agree (else the line's error): one value a name
        rng.choice(OPTION_NAMES): rng.choice(["on", "off", "0", "3", "a=b"])
        for _ in range(rng.choice([0, 0, 1, 2, 3]))
    }
    out += [f"opt:{name}={value}" for name, value in options.items()]
    if out and out[-1].startswith("opt:") and rng.random() < 0.2:
        out.append(out[-1])  # the same again: taken
    return out


def _in_any_order(rng: random.Random, tokens: list[str], melds: list[str]) -> list[str]:
    """The tokens shuffled, the melds among them in their own order (the call order)."""
    mixed: list[str | None] = [*tokens, *([None] * len(melds))]
    rng.shuffle(mixed)
    calls = iter(melds)
    return [t if t is not None else next(calls) for t in mixed]


def _other_player(rng: random.Random, seat: str) -> list[str]:
    """' / SEAT:' and that player's tiles, melds, flowers: and riichi, in any order."""
    tokens = _concealed_tokens(rng)
    tokens += [_flowers_token(rng) for _ in range(rng.choice([0, 0, 1, 2]))]
    if rng.random() < 0.5:
        tokens.append(_spelt_case(rng, "riichi"))
    melds = [_meld_token(rng) for _ in range(rng.randint(0, 3))]
    return ["/", f"{seat}:", *_in_any_order(rng, tokens, melds)]


@dataclass(frozen=True)
class NotationLine:
    text: str
    require_win: bool  # False for a hand still waiting (no win token, no draw)


def notation_line(rng: random.Random) -> NotationLine:
    """A hand line of every token kind, shuffled, spaced and cased as the notation allows."""
    tokens = _concealed_tokens(rng)
    melds = [_meld_token(rng) for _ in range(rng.randint(0, 4))]
    how_won = rng.choice(["win", "win", "win", "draw", "waiting"])
    if how_won == "win" or not tokens + melds:
        how_won = "win"
        tokens.append(_win_token(rng))
    flags = rng.sample(LINE_FLAGS, rng.choice([0, 0, 1, 2, 3, 4]))
    if how_won == "draw":
        flags.append("draw")
    if flags and rng.random() < 0.2:  # a flag written twice is still one flag
        flags.append(flags[0])
    tokens += [_spelt_case(rng, f) for f in flags]
    tokens += _context_tokens(rng)
    words = _in_any_order(rng, tokens, melds)
    if rng.random() < 0.25:
        for seat in rng.sample(WINDS, rng.randint(1, 3)):
            words += _other_player(rng, seat)
    text = rng.choice(["", " ", "\t"]) + words[0]
    for word in words[1:]:
        text += rng.choice([" ", " ", " ", "  ", "\t", " \t "]) + word
    text += rng.choice(["", " ", "  # a comment", "\t#note"])
    return NotationLine(text, require_win=how_won != "waiting")


def notation_lines() -> st.SearchStrategy[NotationLine]:
    """Hand lines from the grammar (notation_line), one hypothesis seed each."""
    return st.integers(0, 2**32 - 1).map(lambda seed: notation_line(random.Random(seed)))
