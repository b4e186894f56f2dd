"""`mjscore waits`: what a hand still waiting wins on, what each win is worth, what to discard.

The tile work (shanten, ukeire, winning tiles, discards) is `shanten` and `ukeire`,
over 34 tile counts; this module turns a parsed Hand into those
counts and values every win by scoring the completed hand with `mjscore.score`
(`hand.with_win(tile, tsumo=...)`), so a wait is worth exactly what `mjscore
score` says of the completed line.

Shapes come from the ruleset:

- riichi family: regular, seven pairs, thirteen orphans; a shape the ruleset
  gates behind an option (`shape_options`, Arushal's seven pairs) only with it.
- shapes of the ruleset's own (`extra_shapes`, WEB TILE's thirteen unrelated when
  its option is on) and European special hands: the winning tiles are found by
  brute force, scoring a tsumo on each of the 34 tiles (a tile is a wait when the
  result is anything but "not a win"). WEB TILE adds the shanten key
  `thirteen_unrelated`; European hands report regular, thirteen orphans, and
  seven pairs with `german_limit_hands`, and their ukeire counts those shapes only.
- European three quadruples and a pair with declared kongs: a kong counts four tiles
  there, as `score` counts it, when its melds are all kongs and no other count fits;
  such a hand has the one shape key `quadruples` and its waits by brute force.

The tile work's API, in brief: `shanten.shanten(counts, melds, shapes)` gives the
per-shape numbers (`.by_shape()`, None for a shape not asked for or closed-only with
melds; 14-3k tiles: after the best discard, -1 complete); `ukeire.ukeire`,
`winning_tiles` and `discards` take `(counts, melds, shapes, meld_tiles=, seen=)` with
`seen` including the hand and melds. `discards` sorts by (shanten, -ukeire, tile);
ties are re-sorted here by the best wait value.

Counting (as the `mahjong` package counts): shanten uses the concealed tiles;
a tile the player holds four of (hand and melds) is never ukeire nor a wait;
`remaining` is 4 less the copies visible in the hand, the melds and the dora and
ura indicators (0 at least: a dead wait, still listed and valued). A wait among
the `discards:` tiles is furiten: its ron is impossible (error kind "context").
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..base import tiles as T
from ..base.errors import ContextError, InvalidHand, MjscoreError, NotationError, NotAWin
from ..base.frozen import field, replace, value_class
from ..core.result import line_label, where
from ..engine.setting import HouseRules, Rules, asked_for, resolve_cached, tokens_asked
from ..engine.validate import check_copies
from ..rulesets import DEFAULT_RULESET
from .shanten import REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, shanten, shanten_number
from .ukeire import (
    TileCount,
    counts_of,
    discards,
    quadruples_shanten,
    ukeire,
    winning_tiles,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..core.hand import Hand
    from ..core.result import ScoreResult
    from ..rulesets import Ruleset

UNRELATED_KEY = "thirteen_unrelated"
QUADRUPLES_KEY = "quadruples"  # European: three quadruples and a pair, kongs counting four
_SHAPE_KEYS = {"seven-pairs": SEVEN_PAIRS, "thirteen-orphans": THIRTEEN_ORPHANS}


# -- the record -----------------------------------------------------------------------------


class Unseen(NamedTuple):
    """A tile (mpsz text, `4s`, as the records write it) and the copies of it the player
    has not seen: an ukeire tile of a waits record."""

    tile: str
    remaining: int


def unseen(counts: tuple[TileCount, ...]) -> tuple[Unseen, ...]:
    """The analysis's tile ids (its fast paths stay on ints) as the record's tile text."""
    return tuple(Unseen(T.name(t.tile), t.remaining) for t in counts)


TILE_ORDER = {T.name(t): t for t in range(34)}  # tile text back to tile order, for sorting


@value_class
class Wait:
    """One winning tile of a ready hand (mpsz text, `4s`) and the two wins on it."""

    tile: str
    remaining: int
    furiten: bool
    line: str  # the completed line, won by ron
    ron: ScoreResult
    tsumo: ScoreResult

    @property
    def best_value(self) -> int:
        """The most this wait can be worth (0 if no win on it is possible)."""
        return max([r.value for r in (self.ron, self.tsumo) if r.ok] or [0])

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "remaining": self.remaining,
            "furiten": self.furiten,
            "line": self.line,
            "ron": win_record(self.ron),
            "tsumo": win_record(self.tsumo),
        }


@value_class
class DiscardChoice:
    """One discard of a 14-tile hand (mpsz text, `7z`): the shanten left, its ukeire, and
    its waits if ready."""

    tile: str
    shanten: int
    ukeire: int  # unseen copies of the ukeire tiles (of the winning tiles when ready)
    ukeire_tiles: tuple[Unseen, ...]
    waits: tuple[Wait, ...] = ()

    @property
    def best_value(self) -> int:
        return max([w.best_value for w in self.waits] or [0])

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "shanten": self.shanten,
            "ukeire": self.ukeire,
            "waits": [w.to_dict() for w in self.waits],
            "ukeire_tiles": [tile_count(t) for t in self.ukeire_tiles],
        }


@value_class
class WaitsResult:
    """The waits record of one hand line (docs/output.md, "Waits records").

    Its fields: `line`, `input`, `rules`, `options` and `error` as a ScoreResult's;
    `tiles` (13 or 14), `shanten` (0 ready, -1 complete), `shanten_by_shape` (regular,
    seven pairs, thirteen orphans... None where the ruleset lacks the shape); for 13 tiles
    `waits` (each Wait: `tile`, `remaining`, `furiten`, the `ron` and `tsumo` ScoreResults)
    or, not ready, `ukeire` (each tile that lowers the shanten, with its unseen copies);
    for 14 tiles `discards` (each DiscardChoice, best first).
    """

    line: int
    input: str
    rules: str
    options: Mapping[str, Any]
    error: MjscoreError | None = None
    tiles: int | None = None  # 13 or 14
    shanten: int | None = None
    shanten_by_shape: Mapping[str, int | None] = field(default_factory=dict)
    waits: tuple[Wait, ...] = ()
    ukeire: tuple[Unseen, ...] = ()
    discards: tuple[DiscardChoice, ...] = ()
    hand: Hand | None = None
    title: str = ""
    source: str | None = None  # the file the line was read from (`-`: stdin), for records

    @property
    def ok(self) -> bool:
        """The line could be read (not being ready is an answer, not an error)."""
        return self.error is None

    @property
    def label(self) -> str | None:
        """The line's trailing `# ...` comment, which names the hand in reports."""
        return line_label(self.input)

    @property
    def complete_win(self) -> ScoreResult | None:
        """A complete 14-tile hand (shanten -1) as a win as it stands: the best tsumo on one
        of its tiles (each discard that keeps it ready waits on that tile again); None for
        any other hand, or when no reading scores."""
        if self.tiles != 14 or self.shanten != -1:
            return None
        wins = [w.tsumo for d in self.discards for w in d.waits if w.tile == d.tile and w.tsumo.ok]
        return max(wins, key=lambda r: r.value, default=None)

    def to_dict(self) -> dict[str, Any]:
        """The waits record of docs/output.md, as `--format jsonl` writes it."""
        return where(self.source, self.label, self._record())

    def _record(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "input": self.input,
            "rules": self.rules,
            "options": dict(self.options),
            "ok": self.ok,
            "error": self.error.to_dict() if self.error else None,
            "tiles": self.tiles,
            "shanten": self.shanten,
            "shanten_by_shape": dict(self.shanten_by_shape),
            "waits": [w.to_dict() for w in self.waits],
            "ukeire": [tile_count(t) for t in self.ukeire],
            "discards": [d.to_dict() for d in self.discards],
        }


def tile_count(t: Unseen) -> dict[str, Any]:
    return {"tile": t.tile, "remaining": t.remaining}


_WIN_KEYS = ("yaku", "han", "fu", "limit", "yakuman", "value", "payments")
_POINTS_KEYS = ("points", "doubles", "score")


def win_record(result: ScoreResult) -> dict[str, Any]:
    """The `ron`/`tsumo` object of a wait: the score's value keys, or why it cannot win."""
    if not result.ok:
        assert result.error is not None
        return {"ok": False, "error": result.error.to_dict()}
    d = result.to_dict()
    out: dict[str, Any] = {"ok": True}
    for key in _WIN_KEYS:
        out[key] = d[key]
    out["yaku"] = [y["key"] for y in d["yaku"]]
    for key in _POINTS_KEYS:
        if key in d:
            out[key] = d[key]
    return out


# -- shapes of a ruleset --------------------------------------------------------------------


def ruleset_shapes(ruleset: Ruleset, values: Mapping[str, Any]) -> tuple[frozenset[str], bool]:
    """(the core shapes the ruleset wins with, whether other shapes need brute force)."""
    params = ruleset.params
    gated = params.shape_options
    if ruleset.scoring == "fan":  # MCR: the core's three, its own (fan_shanten) by scoring
        return frozenset((REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS)), True
    if ruleset.scoring != "han_fu":  # European: special hands, some of them other shapes
        shapes = {REGULAR, THIRTEEN_ORPHANS}
        if values.get("german_limit_hands"):
            shapes.add(SEVEN_PAIRS)
        return frozenset(shapes), True
    shapes = {REGULAR}
    for name, key in _SHAPE_KEYS.items():
        if name not in gated or values.get(gated[name]):
            shapes.add(key)
    extra = any(s not in gated or values.get(gated[s]) for s in params.extra_shapes)
    return frozenset(shapes), extra


@lru_cache(maxsize=4096)
def unrelated_shanten(counts: tuple[int, ...]) -> int:
    """Shanten of 13 concealed tiles towards 十三不搭 (one pair, twelve unrelated tiles):
    13 less the most tiles that can stay (suited tiles three ranks apart, honours once,
    one of them twice)."""
    kept = 0
    pair = False
    for s in range(3):
        ranks = counts[s * 9 : s * 9 + 9]
        best, with_pair = _best_unrelated(tuple(ranks))
        kept += best
        pair = pair or with_pair
    honours = counts[27:]
    kept += sum(1 for c in honours if c)
    pair = pair or any(c >= 2 for c in honours)
    return 13 - kept - int(pair)


@cache
def _best_unrelated(ranks: tuple[int, ...]) -> tuple[int, bool]:
    """(the most held ranks of one suit three apart, whether such a choice holds a pair)."""
    best, with_pair = 0, False
    for mask in _UNRELATED_MASKS:
        if all(ranks[r] for r in mask):
            pair = any(ranks[r] >= 2 for r in mask)
            if len(mask) > best or (len(mask) == best and pair and not with_pair):
                best, with_pair = len(mask), pair
    return best, with_pair


_UNRELATED_MASKS = tuple(
    tuple(r for r in range(9) if m >> r & 1)
    for m in range(512)
    if all(
        b - a >= 3
        for a, b in zip(
            [r for r in range(9) if m >> r & 1],
            [r for r in range(9) if m >> r & 1][1:],
            strict=False,
        )
    )
)


def fan_shanten(counts: tuple[int, ...], melds: int) -> dict[str, int | None]:
    """MCR's own shanten keys (seven pairs with a quad as two pairs, the knitted shapes)."""
    from .mcr_shanten import mcr_shanten

    return mcr_shanten(tuple(counts), melds)


# -- the work -------------------------------------------------------------------------------


class _Context:
    """What every wait of one line shares: the hand, the ruleset and the visible tiles."""

    def __init__(
        self,
        hand: Hand,
        rules: Rules,
        options: dict[str, Any] | None,
        ruleset: Ruleset,
        values: Mapping[str, Any],
        house: HouseRules | None = None,
    ):
        self.hand, self.rules, self.options, self.house = hand, rules, options, house
        self.shapes, self.brute = ruleset_shapes(ruleset, values)
        self.unrelated = (
            ruleset.scoring == "han_fu"
            and self.brute
            and "thirteen-unrelated" in ruleset.params.extra_shapes
        )
        self.fan = ruleset.scoring == "fan"  # MCR: every shape has a shanten key
        h = hand.holding
        self.k = len(h.melds)
        meld_ids = [t for m in h.melds for t in m.tiles]
        self.melded = counts_of(meld_ids)
        # a tile the set does not have (three players: 2m-8m) is never a wait, a draw or an
        # improving tile
        self.absent = ruleset.params.absent_tiles
        self.seen = tuple(
            min(4, c)
            for c in counts_of(
                [
                    *h.concealed,
                    *meld_ids,
                    *hand.ctx.dora,
                    *hand.ctx.ura,
                    *hand.ctx.discards,
                    *(T.NORTH,) * hand.ctx.kita,
                ]
            )
        )
        self.furiten = frozenset(hand.ctx.discards)
        self.head, self.tail = _split_at_win(hand.text or str(hand))

    def keep(self, tiles: tuple[TileCount, ...]) -> tuple[TileCount, ...]:
        """The tiles of the set: those a three-player set lacks left out."""
        if not self.absent:
            return tiles
        return tuple(t for t in tiles if t.tile not in self.absent)

    def score(self, hand: Hand) -> ScoreResult:
        from ..engine.loop import score_hand

        return score_hand(hand, self.rules, self.options, house=self.house)

    def completed(self, hand: Hand, tile: int, tsumo: bool) -> Hand:
        """`hand` won on `tile`, carrying its line as text (the win token after the tiles and
        melds), so that scoring it does not format the line again and errors have columns."""
        won = hand.with_win(tile, tsumo=tsumo)
        if hand is not self.hand:  # a discard's hand: no text of its own
            return won
        return replace(
            won, text=f"{self.head} {'tsumo' if tsumo else 'ron'}:{T.name(tile)}{self.tail}"
        )

    def wait(self, hand: Hand, tile: int, remaining: int) -> Wait:
        """One wait, its two wins scored as `mjscore score` scores them (with the hint)."""
        ron_hand = self.completed(hand, tile, False)
        ron = add_hint(self.score(ron_hand))
        furiten = tile in self.furiten
        if furiten:
            from ..core.result import ScoreResult

            names = "".join(T.name(t) for t in self.hand.ctx.discards)
            error = ContextError(
                f"furiten: {T.name(tile)} is among the player's own discards "
                f"(discards:{names}), so it cannot win by ron, only by tsumo",
                self.hand.columns.get("discards"),
            )
            ron = ScoreResult(
                ron.line,
                ron.input,
                ron.rules,
                ron.options,
                error=error,
                hand=ron_hand,
                title=ron.title,
            )
        tsumo = add_hint(self.score(self.completed(hand, tile, True)))
        return Wait(T.name(tile), remaining, furiten, ron.input, ron, tsumo)

    def winning(self, hand: Hand, counts: tuple[int, ...]) -> tuple[TileCount, ...]:
        """The winning tiles of a 13-tile hand: the engine's, or brute force for other shapes."""
        found = self.keep(
            winning_tiles(counts, self.k, self.shapes, meld_tiles=self.melded, seen=self.seen)
        )
        if not self.brute or (self.unrelated and (self.k or unrelated_shanten(counts))):
            return found  # WEB TILE: thirteen unrelated is counted exactly; not ready by it
        if self.fan and _nearest(fan_shanten(counts, self.k)) > 0:
            return found  # MCR: not ready by any shape of its own (none left beside melds)
        return self.scored_wins(hand, counts)

    def scored_wins(self, hand: Hand, counts: tuple[int, ...]) -> tuple[TileCount, ...]:
        """The tiles whose tsumo `score` takes for a win (brute force over the 34 kinds)."""
        held = [a + b for a, b in zip(counts, self.melded, strict=True)]
        # the shape alone decides: no flags, counters or indicators to fail on (a dead wait's
        # fifth copy, a deposit the ruleset lacks); the waits found are valued on the full hand
        probe = hand.with_context(
            flags=frozenset(), honba=0, sticks=0, dora=(), dora_reds=(), ura=(), ura_reds=()
        )
        out = []
        shape_said = False  # some tile was judged on its shape: the line itself is sound
        first: MjscoreError | None = None
        for t in range(34):
            if held[t] >= 4 or t in self.absent:
                continue
            result = self.score(probe.with_win(t, tsumo=True))
            kind = result.error.kind if result.error is not None else None
            shape_said = shape_said or kind in (None, "not_a_win", "no_yaku")
            first = first or result.error
            if kind not in ("not_a_win", "invalid_hand"):
                out.append(TileCount(t, max(0, 4 - self.seen[t])))
        if not shape_said and first is not None:  # every tile fails the same way: the line's
            raise first
        return tuple(out)

    def by_shape(self, counts: tuple[int, ...]) -> dict[str, int | None]:
        d: dict[str, int | None] = dict(shanten(counts, self.k, self.shapes).by_shape())
        if self.unrelated:
            d[UNRELATED_KEY] = (
                unrelated_shanten(counts) if self.k == 0 and sum(counts) == 13 else None
            )
        if self.fan:
            d.update(fan_shanten(counts, self.k))
        return d


def _nearest(by_shape: Mapping[str, int | None]) -> int:
    """The lowest shanten among shapes still possible; a large number when none is (MCR's
    own shapes are closed or one-meld only: with two calls every key is None)."""
    return min((v for v in by_shape.values() if v is not None), default=_IMPOSSIBLE)


_IMPOSSIBLE = 99


def _split_at_win(text: str) -> tuple[str, str]:
    """The line cut where a win token goes: after its last tile group or meld."""
    from ..core.hand import MELD_KINDS

    cut = text.find("#")
    words = (text if cut < 0 else text[:cut]).split()
    last = max(
        (i for i, w in enumerate(words) if w[0].isdigit() or w.partition(":")[0] in MELD_KINDS),
        default=len(words) - 1,
    )
    tail = " ".join(words[last + 1 :])
    return " ".join(words[: last + 1]), f" {tail}" if tail else ""


def waits_hand(
    hand: Hand,
    rules: Rules = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> WaitsResult:
    """The waits record of a parsed hand still waiting; errors come back in the result.
    `house`: the run's house rules per ruleset, as `score_hand` takes them."""
    from ..core.hand import Hand

    if not isinstance(hand, Hand):  # a library call with something else: an error record
        from ..base.errors import RulesetError
        from ..base.values import FrozenMap

        why = f"waits takes a hand line or a parsed Hand, not {type(hand).__name__}"
        return WaitsResult(
            line_no,
            repr(hand),
            str(getattr(rules, "name", rules)),
            FrozenMap(),
            error=RulesetError(why),
        )
    text = hand.text or str(hand)
    try:
        ruleset, values, shown = resolve_cached(hand, rules, options, house)
    except MjscoreError as exc:  # the record names the ruleset and options the line asked for
        name, asked = asked_for(hand.ctx.rules or rules, hand.ctx.options, options, house)
        return WaitsResult(line_no, text, name, asked, error=exc, hand=hand)
    base: dict[str, Any] = {
        "line": line_no,
        "input": text,
        "rules": ruleset.name,
        "options": shown,
        "hand": hand,
        "title": ruleset.title,
    }
    try:
        return WaitsResult(**base, **_analyse(hand, rules, options, ruleset, values, house))
    except MjscoreError as exc:
        return WaitsResult(**base, error=exc)


def waits_line(
    text: str,
    rules: Rules = DEFAULT_RULESET,
    options: dict[str, Any] | None = None,
    line_no: int = 1,
    house: HouseRules | None = None,
) -> WaitsResult:
    """The waits record of one hand line (a notation error comes back in the result)."""
    from ..core.notation import parse_line

    text = text.rstrip("\r\n")
    try:
        hand = parse_line(text, require_win=False)
    except MjscoreError as exc:
        name, line_options = tokens_asked(text)
        name, asked = asked_for(name or rules, line_options, options, house)
        return WaitsResult(line_no, text, name, asked, error=exc)
    return waits_hand(hand, rules, options, line_no, house)


def _check(hand: Hand, quad_hands: bool = False) -> tuple[tuple[int, ...], int]:
    """(concealed counts, 13 or 14) of a hand `waits` can read; raises for any other.
    `quad_hands`: the ruleset's three quadruples and a pair (see `_quadruples`)."""
    if hand.has_win:
        raise NotationError(
            "waits reads a hand still waiting: remove the win token (a drawn "
            "tile goes among the tiles, for the discard choice)",
            hand.columns.get("win"),
        )
    if hand.others or "draw" in hand.ctx.flags:
        raise ContextError("waits reads one player's hand: no 'draw' and no other players")
    h = hand.holding
    k = len(h.melds)
    size = len(h.concealed) + 3 * k
    if size not in (13, 14) and quad_hands and _quadruples(hand):
        size = len(h.concealed) + 4 * k
    if size not in (13, 14):
        raise InvalidHand(
            f"the hand has {size} tiles (each meld counting three): waits reads "
            "13 (waiting for a tile) or 14 (about to discard)",
            hand.columns.get("concealed"),
        )
    counts = counts_of(h.concealed)
    shown = [t for m in h.melds for t in m.tiles] + [*hand.ctx.dora, *hand.ctx.ura]
    total = [a + b for a, b in zip(counts, counts_of(shown), strict=True)] if shown else counts
    if max(total) > 4:  # counted once, the concealed counts reused: shanten calls this per hand
        t = next(t for t, n in enumerate(total) if n > 4)
        raise InvalidHand(
            f"{total[t]} copies of {T.name(t)} (hand, melds and indicators "
            "together); there are only four"
        )
    return counts, size


def _quadruples(hand: Hand) -> bool:
    """A hand whose melds are all kongs and whose tiles, a kong counting four, are 13 or 14:
    the European three quadruples and a pair, read as `score` reads it (validate's count)."""
    melds = hand.holding.melds
    return (
        bool(melds)
        and all(m.is_kan for m in melds)
        and (len(hand.holding.concealed) + 4 * len(melds) in (13, 14))
    )


def _quad_hands(ruleset: Ruleset) -> bool:
    return bool(ruleset.params.quad_hands)


def _analyse(
    hand: Hand,
    rules: Rules,
    options: dict[str, Any] | None,
    ruleset: Ruleset,
    values: Mapping[str, Any],
    house: HouseRules | None = None,
) -> dict[str, Any]:
    counts, size = _check(hand, _quad_hands(ruleset))
    check_copies(hand, ruleset, values)  # e.g. a third plain 5p where the set has two red
    c = _Context(hand, rules, options, ruleset, values, house)
    if sum(counts) + 3 * c.k != size:  # its kongs count four: the quadruple shape alone
        return _analyse_quadruples(hand, counts, size, c)
    by_shape = (
        c.by_shape(counts)
        if size == 13 or c.fan
        else dict(shanten(counts, c.k, c.shapes).by_shape())
    )
    best = _nearest(by_shape)
    if size == 13:
        if best > 0 and (not c.brute or c.unrelated or c.fan):  # its extra shapes are counted
            return {
                "tiles": 13,
                "shanten": best,
                "shanten_by_shape": by_shape,
                "ukeire": unseen(
                    c.keep(ukeire(counts, c.k, c.shapes, meld_tiles=c.melded, seen=c.seen))
                ),
            }
        found = c.winning(hand, counts)
        if not found:
            return {
                "tiles": 13,
                "shanten": best,
                "shanten_by_shape": by_shape,
                "ukeire": unseen(
                    c.keep(ukeire(counts, c.k, c.shapes, meld_tiles=c.melded, seen=c.seen))
                )
                if best > 0
                else (),
            }
        waits = tuple(c.wait(hand, t.tile, t.remaining) for t in found)
        return {"tiles": 13, "shanten": 0, "shanten_by_shape": by_shape, "waits": waits}
    return {
        "tiles": 14,
        "shanten": best,
        "shanten_by_shape": by_shape,
        "discards": _discards(hand, counts, c, best),
    }


def _after_discard(hand: Hand, counts: tuple[int, ...], tile: int) -> tuple[Hand, tuple[int, ...]]:
    """The hand and its concealed counts once `tile` is discarded (a red copy kept last)."""
    rest = list(hand.holding.concealed)
    rest.remove(tile)
    kept_reds = list(hand.holding.concealed_reds)
    if tile in kept_reds and rest.count(tile) < kept_reds.count(tile):
        kept_reds.remove(tile)
    left = counts[:tile] + (counts[tile] - 1,) + counts[tile + 1 :]
    return hand.with_concealed(tuple(rest), tuple(kept_reds)), left


def _discards(
    hand: Hand, counts: tuple[int, ...], c: _Context, best: int
) -> tuple[DiscardChoice, ...]:
    out = []
    for d in discards(counts, c.k, c.shapes, meld_tiles=c.melded, seen=c.seen):
        after, left = _after_discard(hand, counts, d.tile)
        tiles, number, sum_ukeire = d.tiles, d.shanten, d.ukeire
        if c.absent:  # three players: the tiles the set lacks neither win nor improve
            tiles = c.keep(tiles)
            sum_ukeire = sum(t.remaining for t in tiles)
        if c.fan and number > 0:  # MCR's own shapes may be nearer (ukeire: the core's shapes)
            number = min([number, *(v for v in fan_shanten(left, c.k).values() if v is not None)])
        if c.brute and (number > 0 or tiles):
            found = c.winning(after, left)
            if found:
                tiles, number, sum_ukeire = found, 0, sum(t.remaining for t in found)
        waits = tuple(c.wait(after, t.tile, t.remaining) for t in tiles) if number == 0 else ()
        out.append(DiscardChoice(T.name(d.tile), number, sum_ukeire, unseen(tiles), waits))
    out.sort(key=lambda x: (x.shanten, -x.ukeire, -x.best_value, TILE_ORDER[x.tile]))
    return tuple(out)


def _analyse_quadruples(
    hand: Hand, counts: tuple[int, ...], size: int, c: _Context
) -> dict[str, Any]:
    """A hand of declared kongs read as quadruples (13 or 14 tiles, a kong counting four):
    no ordinary shape fits its count, so its one shape key is `quadruples`, its shanten
    towards three quadruples and a pair, and its waits are the tiles `score` wins on."""
    declared = frozenset(m.tiles[0] for m in hand.holding.melds)

    def number(concealed: tuple[int, ...]) -> int:
        held = [a + b for a, b in zip(concealed, c.melded, strict=True)]
        return quadruples_shanten(held, declared)

    def by_shape(n: int) -> dict[str, int | None]:
        return {REGULAR: None, SEVEN_PAIRS: None, THIRTEEN_ORPHANS: None, QUADRUPLES_KEY: n}

    def lowering(concealed: tuple[int, ...], n: int) -> tuple[TileCount, ...]:
        held = [a + b for a, b in zip(concealed, c.melded, strict=True)]
        return tuple(
            TileCount(t, max(0, 4 - c.seen[t]))
            for t in range(34)
            if held[t] < 4 and number(concealed[:t] + (concealed[t] + 1,) + concealed[t + 1 :]) < n
        )

    if size == 13:
        n = number(counts)
        found = c.scored_wins(hand, counts)
        if found:
            return {
                "tiles": 13,
                "shanten": 0,
                "shanten_by_shape": by_shape(n),
                "waits": tuple(c.wait(hand, t.tile, t.remaining) for t in found),
            }
        return {
            "tiles": 13,
            "shanten": n,
            "shanten_by_shape": by_shape(n),
            "ukeire": unseen(lowering(counts, n)) if n > 0 else (),
        }
    out = []
    for tile in sorted({t for t in hand.holding.concealed}):
        after, left = _after_discard(hand, counts, tile)
        n = number(left)
        found = c.scored_wins(after, left) if n == 0 else ()
        tiles = found or lowering(left, n)
        waits = tuple(c.wait(after, t.tile, t.remaining) for t in found)
        out.append(
            DiscardChoice(T.name(tile), n, sum(t.remaining for t in tiles), unseen(tiles), waits)
        )
    out.sort(key=lambda x: (x.shanten, -x.ukeire, -x.best_value, TILE_ORDER[x.tile]))
    n = number(counts)
    return {"tiles": 14, "shanten": n, "shanten_by_shape": by_shape(n), "discards": tuple(out)}


# -- the hint `mjscore score` gives on a line that is not a win -----------------------------


def hint(hand: Hand) -> str:
    """A few words on what a hand without a winning tile waits on, for an error message:
    the engine's shapes (regular, seven pairs, thirteen orphans) only; '' if it cannot tell."""
    try:
        counts, size = _check(hand.without_win())
    except MjscoreError:
        return ""
    h = hand.holding
    k = len(h.melds)
    melded = counts_of(t for m in h.melds for t in m.tiles)
    if size == 14:
        return "it has 14 tiles: `mjscore waits` shows the best discard"
    tiles = winning_tiles(counts, k, meld_tiles=melded)
    if tiles:
        return (
            f"it waits on {' '.join(T.name(t.tile) for t in tiles)} "
            "(`mjscore waits` gives each win's value)"
        )
    n = shanten(counts, k).best
    return f"it is {n}-shanten, not ready (`mjscore waits` lists the tiles that help)"


def add_hint(result: ScoreResult) -> ScoreResult:
    """`result` as `mjscore score` shows it: a not-a-win error says what the hand, without
    its winning tile, waits on (`hint`). The engine scores; the caller adds this (through
    `mjscore.analysis.with_hint`, which imports this module only for such a result)."""
    error = result.error
    if not isinstance(error, NotAWin):
        return result
    if result.hand is None:  # the line did not parse as a win: it has no win token
        from ..core.notation import parse_line

        try:
            waiting = parse_line(result.input, require_win=False)
        except MjscoreError:
            return result
        words = hint(waiting)
        error = NotAWin(f"{error.message}; {words or 'see `mjscore waits`'}")
    else:
        hand = result.hand
        words = hint(hand.without_win())
        if not words:
            return result
        where = f"without {_win_text(hand)}, " if hand.has_win else ""
        error = NotAWin(f"{error.message}; {where}{words}", error.column, error.token)
    from ..core.result import ScoreResult

    return ScoreResult(
        result.line,
        result.input,
        result.rules,
        result.options,
        error=error,
        hand=result.hand,
        title=result.title,
    )


def _win_text(hand: Hand) -> str:
    return f"{'tsumo' if hand.ctx.tsumo else 'ron'}:{T.name(hand.ctx.win_tile)}"


def hand_shanten(
    hand: str | Hand, rules: Rules = DEFAULT_RULESET, options: dict[str, Any] | None = None
) -> int:
    """`mjscore.shanten`: the best shanten over the ruleset's shapes; raises MjscoreError.

    The fast path: no scoring, except the brute force a European hand's special
    shapes need when no other shape is ready.
    """
    from ..core.notation import parse_line

    parsed = parse_line(hand, require_win=False) if isinstance(hand, str) else hand
    ruleset, values, _ = resolve_cached(parsed, rules, options)
    counts, size = _check(parsed, _quad_hands(ruleset))
    shapes, brute = ruleset_shapes(ruleset, values)
    k = len(parsed.holding.melds)
    if sum(counts) + 3 * k != size:  # kongs counting four: what `waits` says of it
        return _analyse(parsed, rules, options, ruleset, values)["shanten"]
    best = shanten_number(counts, k, shapes)
    if ruleset.scoring == "fan":
        best = min([best, *(v for v in fan_shanten(counts, k).values() if v is not None)])
    elif brute and size == 13 and best > 0:
        c = _Context(parsed, rules, options, ruleset, values)
        if c.unrelated:
            best = min(best, unrelated_shanten(counts)) if k == 0 else best
        elif c.winning(parsed, counts):
            best = 0
    return best
