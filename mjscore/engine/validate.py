"""Can these tiles and this situation exist? Checked before any scoring.

Tile errors are `invalid_hand`; flags that contradict each other, the hand or
the ruleset are `context` errors. Nothing is silently dropped. What each flag
needs or excludes is one table of data, FLAG_RULES, read in one loop.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any

from ..base import tiles as T
from ..base.errors import ContextError, InvalidHand, RulesetError
from ..base.frozen import value_class
from ..core.hand import DECLARED_RIICHI, Hand, seat_from
from ..rulesets import Ruleset


def validate(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> None:
    """Raises the first thing about the line that cannot be, in a fixed order."""
    params = ruleset.params
    if params.absent_tiles or not params.chi or params.kita:  # a table of three
        _check_table(line, ruleset)
    if line.ctx.kita and not params.kita:
        raise ContextError(
            f"'kita:{line.ctx.kita}': Norths are set aside (北抜き) only with "
            f"three players; ruleset {ruleset.name} has "
            f"{_PLAYERS.get(len(ruleset.seats), len(ruleset.seats))} ({_with_kita()})",
            line.columns.get("kita"),
            f"kita:{line.ctx.kita}",
        )
    _check_tile_count(line, ruleset)
    check_copies(line, ruleset, options)
    _check_seats(line, ruleset)
    _check_context(line, ruleset)
    _check_local(line, ruleset, options)


def _check_tile_count(line: Hand, ruleset: Ruleset) -> None:
    melds = line.holding.melds
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds: a hand has at most four", melds[4].column)
    if "draw" in line.ctx.flags:  # nobody won: no complete hand (the ruleset checks the flag)
        return
    want = 13 - 3 * len(melds)
    have = len(line.holding.concealed)
    if have != want:
        kans = sum(m.is_kan for m in melds)
        total = have + 1 + sum(len(m.tiles) for m in melds)
        if ruleset.params.quad_hands and total == 14 and all(m.is_kan for m in melds):
            return  # three quadruples and a pair in 14 tiles, some declared as kongs
        meld_words = f" with {len(melds)} meld{'s' if len(melds) != 1 else ''}" if melds else ""
        hint = ""
        if have == want + 1:
            from ..base.suggest import winning_tile_hint

            hint = winning_tile_hint(line)
        raise InvalidHand(
            f"the hand holds {total} tiles; a complete hand{meld_words} has {14 + kans}: "
            f"{want} concealed tiles plus the winning tile, not {have}{hint}",
            line.columns.get("concealed"),
        )


def check_copies(line: Hand, ruleset: Ruleset, options: Mapping[str, Any]) -> None:
    """No tile beyond its copies in the set: four of each, fewer plain fives where the
    ruleset's set has red ones, each flower once. `waits` checks a waiting hand so too."""
    ctx = line.ctx
    counts = [0] * T.N_TILES  # a list, not a Counter: this runs for every line
    for t in line.all_winner_tiles:
        counts[t] += 1
    for t in ctx.dora:
        counts[t] += 1
    for t in ctx.ura:
        counts[t] += 1
    counts[T.NORTH] += ctx.kita
    for _, other in line.others:
        for t in other.concealed:
            counts[t] += 1
        for m in other.melds:
            for t in m.tiles:
                counts[t] += 1
    if max(counts) > 4:
        tile = next(t for t, n in enumerate(counts) if n > 4)
        kita = " and Norths set aside" if ctx.kita and tile == T.NORTH else ""
        raise InvalidHand(
            f"{counts[tile]} copies of {T.name(tile)} (hand, melds, win"
            f"{',' if kita else ' and'} indicators{kita} together); there are "
            "only four",
            line.columns.get("kita") if kita else None,
        )
    if "chankan" in ctx.flags or "chankan-ankan" in ctx.flags:
        _check_chankan_copies(line)
    if line.holding.flowers or line.others:  # most lines hold no flowers: no Counter
        _check_flowers(line)
    reds = line.red_tiles()
    allowed = _red_fives_allowed(ruleset, options)
    if allowed:
        _check_plain_fives(counts, reds, allowed)
    if reds:
        _check_reds(reds, ruleset, allowed)


def _check_flowers(line: Hand) -> None:
    flowers = Counter(line.holding.flowers)
    for _, other in line.others:
        flowers.update(other.flowers)
    for tile, n in sorted(flowers.items()):
        if n > 1:
            raise InvalidHand(f"{n} copies of {T.name(tile)}: each flower and season exists once")


def _check_reds(reds: list[int], ruleset: Ruleset, allowed: Mapping[int, int]) -> None:
    """Red fives the line names: the ruleset must have them, and the set that many."""
    if "red_fives" not in ruleset.options:  # a token the ruleset forbids, not a sixth tile
        raise ContextError(f"ruleset {ruleset.name} has no red fives: write 5, not 0")
    for tile in sorted(set(reds)) if len(reds) > 1 else reds:
        n = reds.count(tile)
        limit = allowed.get(tile, 0)
        if n > limit:
            red = T.name(tile, red=True)
            where = (
                "this ruleset has no red fives"
                if not any(allowed.values())
                else f"the set has {limit or 'no'} {red}"
            )
            raise InvalidHand(
                f"{n} red {red}: {where}"
                + (" (option red_fives)" if "red_fives" in ruleset.options else "")
            )


def _check_chankan_copies(line: Hand) -> None:
    """Robbing a kan takes the fourth copy: the robbed pon holds the other three, so no
    other copy can be in the winner's hand, a meld or the indicators (13-sided kokushi too)."""
    ctx = line.ctx
    flag = "chankan" if "chankan" in ctx.flags else "chankan-ankan"
    if flag not in ctx.flags or ctx.win_tile < 0:
        return
    tile = ctx.win_tile
    seen = [("the winner's hand", line.holding.concealed), ("the indicators", ctx.dora + ctx.ura)]
    seen += [(m.text(), m.tiles) for m in line.holding.melds]
    for seat, other in line.others:
        seen.append((f"{seat}'s hand", other.concealed))
        seen += [(m.text(), m.tiles) for m in other.melds]
    for where, tiles in seen:
        if tile in tiles:
            holder = "pon" if flag == "chankan" else "concealed kan"
            raise InvalidHand(
                f"'{flag}' robs {T.name(tile)} from a kan, whose {holder} holds "
                f"the other three copies, but {where} shows one too",
                line.columns.get(flag),
            )


def _check_plain_fives(counts: list[int], reds: list[int], allowed: Mapping[int, int]) -> None:
    """With red fives in the set, fewer plain fives exist: a red one must be written 0."""
    for five in T.FIVES:
        red = allowed.get(five)
        if red and counts[five] > 4 - red:  # too many plain ones, unless some are red
            plain = counts[five] - reds.count(five)
            if plain > 4 - red:
                raise InvalidHand(
                    f"{plain} plain {T.name(five)}: the set has {red} red "
                    f"{T.name(five, red=True)} among its four, so write it as "
                    f"{T.name(five, red=True)} (option red_fives)"
                )


_M5, _P5, _S5 = T.FIVES
_NO_RED_FIVES: Mapping[int, int] = MappingProxyType({})
_ONE_RED_FIVE_EACH: Mapping[int, int] = MappingProxyType({_M5: 1, _P5: 1, _S5: 1})
_TWO_RED_PINS: Mapping[int, int] = MappingProxyType({_M5: 1, _P5: 2, _S5: 1})


def _red_fives_allowed(ruleset: Ruleset, options: Mapping[str, Any]) -> Mapping[int, int]:
    """How many red fives of each suit the set holds (0m, 0p, 0s)."""
    n = options["red_fives"] if ruleset.params.dora else 0
    if n == 0:
        return _NO_RED_FIVES
    per = ruleset.params.red_five_layout
    if per and n in per:  # e.g. Kansai Boo: red 5-pins only
        return {T.FIVES[i]: c for i, c in enumerate(per[n])}
    if n == 4:
        return _TWO_RED_PINS
    if per:
        return {T.FIVES[i]: c for i, c in enumerate(per[n])}
    return _ONE_RED_FIVE_EACH


@value_class
class FlagRule:
    """One row of the flag table: `flag` needs one of `words`, or excludes every one of them.

    A word is another flag, or a fact of the line (`LINE_WORDS`). `families` names the
    ruleset families (a ruleset file's `family` key) the row holds in; None: every ruleset
    that knows the flag. `unless` names a [params] switch of the ruleset file that lifts
    the row. A row never names a ruleset: one that `extends` another keeps its rows.
    """

    flag: str
    relation: str  # NEEDS | EXCLUDES
    words: tuple[str, ...]
    families: tuple[str, ...] | None
    message: str  # {flag} and {word} are filled in
    unless: str = ""  # a boolean param (rulesets.params.Params) under which the row lifts

    def holds_in(self, ruleset: Ruleset) -> bool:
        """Whether the row holds in `ruleset`, by its family and its params."""
        return (self.families is None or ruleset.family in self.families) and not (
            self.unless and getattr(ruleset.params, self.unless)
        )

    def broken_by(self, words: frozenset[str]) -> str | None:
        """The word that breaks this row on a line with `words`, or None."""
        if self.flag not in words:
            return None
        if self.relation == NEEDS:
            return None if not words.isdisjoint(self.words) else self.words[0]
        return next((w for w in self.words if w in words), None)


NEEDS, EXCLUDES = "needs", "excludes"
# facts of the line a row can name besides the flags
LINE_WORDS = ("tsumo", "ron", "dealer", "meld", "open-meld", "kan", "declared", "kita")
_DECLARED = DECLARED_RIICHI
_FIRST_TURN_WINS = ("tenhou", "chiihou", "renhou")
_ALL = None
# European scores a first-deal line with its other flags (W8 supersedes W5, W6 and W9
# there: tests/cases/european.cases), so the first-turn rows hold in the riichi family only
_RIICHI_FAMILY = ("riichi",)
_TSUMO_MSG = "'{flag}' needs a tsumo win, but the line wins by ron"
_RON_MSG = "'{flag}' needs a ron win, but the line wins by tsumo"
_BOTH_MSG = "'{flag}' and '{word}' cannot both happen"
_FIRST_MSG = "'{flag}' is a win before the first discard: '{word}' cannot have happened before it"

# Every rule that ties a flag to the rest of the line, as data. validate() reads it in
# one loop; the README's table of flag rules is this table.
FLAG_RULES: tuple[FlagRule, ...] = (
    *(
        FlagRule(f, NEEDS, ("tsumo",), _ALL, _TSUMO_MSG)
        for f in ("haitei", "rinshan", "tenhou", "nagashi")
    ),
    # 地和 by ron (a ron on the dealer's first discard) exists where chiihou_by_ron is set
    FlagRule("chiihou", NEEDS, ("tsumo",), _ALL, _TSUMO_MSG, unless="chiihou_by_ron"),
    *(
        FlagRule(f, NEEDS, ("ron",), _ALL, _RON_MSG)
        for f in ("houtei", "chankan", "renhou", "kanburi", "chankan-ankan", "kita-ron")
    ),
    # MCR: a kong replacement that is the last wall tile scores both (docs/rules/mcr.md §7 row 13)
    FlagRule("haitei", EXCLUDES, ("rinshan",), _ALL, _BOTH_MSG, unless="haitei_and_rinshan"),
    FlagRule("houtei", EXCLUDES, ("chankan",), _ALL, _BOTH_MSG),
    FlagRule("chankan", EXCLUDES, ("kanburi",), _ALL, _BOTH_MSG),
    # a robbed concealed kan (kokushi) and a ron on a North set aside are wins of their own
    FlagRule(
        "chankan-ankan",
        EXCLUDES,
        ("houtei", "chankan", "kanburi"),
        _ALL,
        "'{flag}' and '{word}' cannot both happen: '{flag}' is the ron robbing a concealed kan",
    ),
    FlagRule(
        "kita-ron",
        EXCLUDES,
        ("houtei", "chankan", "chankan-ankan", "kanburi"),
        _ALL,
        "'{flag}' and '{word}' cannot both happen: '{flag}' is the ron on a North being set aside",
    ),
    FlagRule("tenhou", EXCLUDES, ("chiihou",), _ALL, _BOTH_MSG),
    FlagRule(
        "riichi",
        EXCLUDES,
        ("double-riichi", "open-riichi"),
        _ALL,
        "'{flag}' and '{word}' cannot both happen: a hand declares riichi once",
    ),
    FlagRule("double-riichi", EXCLUDES, ("open-riichi",), _ALL, _BOTH_MSG),
    *(
        FlagRule(
            f,
            EXCLUDES,
            ("open-meld",),
            _ALL,
            "'{flag}' needs a closed hand, but {meld} is an open meld",
        )
        for f in _DECLARED
    ),
    FlagRule("ippatsu", NEEDS, ("declared",), _ALL, "'{flag}' needs riichi (or double-riichi)"),
    FlagRule(
        "ippatsu",
        EXCLUDES,
        ("rinshan",),
        _ALL,
        "'{flag}' and '{word}' cannot both happen: any kan, the winner's own included, "
        "ends ippatsu",
    ),
    FlagRule(
        "rinshan",
        NEEDS,
        ("kan", "kita"),
        _ALL,
        "'{flag}' needs a kan in the hand (or, with three players, a North set aside: kita:N)",
    ),
    *(
        FlagRule(
            f, EXCLUDES, ("meld",), _ALL, "'{flag}' is a first-turn win: the hand can have no meld"
        )
        for f in _FIRST_TURN_WINS
    ),
    # Tenhou: 抜きは鳴きと同じ扱い (a North set aside counts as a call: 一発/地和/両立直 end)
    *(
        FlagRule(
            f,
            EXCLUDES,
            ("kita",),
            _ALL,
            "'{flag}' is a first-turn win: a North set aside (kita:) counts as a call before it",
        )
        for f in _FIRST_TURN_WINS
    ),
    *(
        FlagRule(
            f,
            EXCLUDES,
            (
                *DECLARED_RIICHI,
                "ippatsu",
                "haitei",
                "houtei",
                "chankan",
                "kanburi",
            ),
            _RIICHI_FAMILY,
            _FIRST_MSG,
        )
        for f in _FIRST_TURN_WINS
    ),
    FlagRule(
        "tenhou", NEEDS, ("dealer",), _ALL, "'{flag}' is the dealer's win: the seat must be E"
    ),
    *(
        FlagRule(
            f, EXCLUDES, ("dealer",), _ALL, "'{flag}' is a non-dealer's win: the seat cannot be E"
        )
        for f in ("chiihou", "renhou")
    ),
    FlagRule(
        "first-turn",
        EXCLUDES,
        _DECLARED,
        _ALL,
        "'{flag}' is the first draw: '{word}' cannot have been declared before it",
    ),
)


def line_words(line: Hand) -> frozenset[str]:
    """The flags of the line and the facts of it that FLAG_RULES name (LINE_WORDS)."""
    ctx, melds = line.ctx, line.holding.melds
    facts = ["tsumo" if ctx.tsumo else "ron"]
    if ctx.dealer:
        facts.append("dealer")
    if melds:
        facts.append("meld")
        if any(m.is_open for m in melds):
            facts.append("open-meld")
        if any(m.is_kan for m in melds):
            facts.append("kan")
    if not ctx.flags.isdisjoint(_DECLARED):
        facts.append("declared")
    if ctx.kita:
        facts.append("kita")
    return ctx.flags.union(facts)


# id(ruleset) -> (the ruleset, the rows that hold in it, flag set -> its rows); the ruleset
# is kept, so its id is not reused while the entry stands
_Rows = tuple[FlagRule, ...]
_ROWS: dict[int, tuple[Ruleset, _Rows, dict[frozenset[str], _Rows]]] = {}


def _rows_for(ruleset: Ruleset, flags: frozenset[str]) -> tuple[FlagRule, ...]:
    """The rows of FLAG_RULES about one of `flags` that hold in the ruleset, in table order.

    A file has few distinct sets of flags (none, riichi, riichi ippatsu, ...), so each is
    worked out once per ruleset, and most lines find no row to check.
    """
    entry = _ROWS.get(id(ruleset))
    if entry is None or entry[0] is not ruleset:
        held = tuple(rule for rule in FLAG_RULES if rule.holds_in(ruleset))
        entry = _ROWS[id(ruleset)] = (ruleset, held, {})
    _, held, by_flags = entry
    rows = by_flags.get(flags)
    if rows is None:
        rows = by_flags[flags] = tuple(rule for rule in held if rule.flag in flags)
    return rows


def _check_flag_rules(line: Hand, ruleset: Ruleset) -> None:
    """Every row of FLAG_RULES that holds in this ruleset; the first broken one is the error."""
    rows = _rows_for(ruleset, frozenset(line.ctx.flags))
    if rows:
        words = line_words(line)
        for rule in rows:
            word = rule.broken_by(words)
            if word is not None:
                raise _flag_error(line, rule, word)


def _flag_error(line: Hand, rule: FlagRule, word: str) -> ContextError:
    col = line.columns
    meld = next((m.text() for m in line.holding.melds if m.is_open), "")
    at = rule.flag
    if word in col and col[word] > col.get(at, -1):
        at = word  # the later of two flags is the one that contradicts
    return ContextError(rule.message.format(flag=rule.flag, word=word, meld=meld), col.get(at), at)


def _check_context(line: Hand, ruleset: Ruleset) -> None:
    ctx = line.ctx
    flags = ctx.flags
    params = ruleset.params
    if flags:
        if not flags <= ruleset.flags:
            _unknown_flag(line, ruleset)
        if "chiihou" in flags and not ctx.tsumo and params.chiihou_by_ron:  # Shiragiku's 地和
            _check_ron_chiihou(line)
        _check_flag_rules(line, ruleset)
    if ctx.discarder and ctx.discarder_seat == ctx.seat_wind:
        raise ContextError("the discarder cannot be the winner", line.columns.get("win"))
    if line.holding.flowers and not params.flowers and "flowers" not in ruleset.options:
        raise ContextError(
            f"ruleset {ruleset.name} has no flowers"
            f"{_elsewhere(ruleset, lambda r: r.params.flowers)}",
            line.columns.get("flowers"),
        )
    if ctx.breach and not params.breach:
        raise ContextError(
            f"'breach:' is a European token; ruleset {ruleset.name} has no "
            f"breach wind{_elsewhere(ruleset, lambda r: r.params.breach)}",
            line.columns.get("breach"),
        )
    if ctx.dora or ctx.ura:
        _check_indicators(line, ruleset)
    if ctx.round_wind not in params.round_winds:
        raise ContextError(
            f"ruleset {ruleset.name} plays the round winds "
            f"{', '.join(params.round_winds)}, not {ctx.round_wind}",
            line.columns.get("round"),
        )
    most = params.dora_indicators
    if most and len(ctx.dora) > most:
        raise ContextError(
            f"ruleset {ruleset.name} has {most} dora indicator(s) (no kan dora), "
            f"not {len(ctx.dora)}",
            line.columns.get("dora"),
        )
    if ctx.honba and not params.honba:
        raise ContextError(
            f"ruleset {ruleset.name} has no honba counters", line.columns.get("honba")
        )
    if ctx.sticks and not params.deposits:
        raise ContextError(
            f"ruleset {ruleset.name} has no riichi deposits", line.columns.get("sticks")
        )
    if line.others and not params.settlement:
        hint = _elsewhere(ruleset, lambda r: r.params.settlement)
        raise ContextError(
            f"ruleset {ruleset.name} scores only the winner; the players after "
            f"' / ' are not used{hint}"
        )


def _unknown_flag(line: Hand, ruleset: Ruleset) -> None:
    """The first flag in the line that the ruleset does not know is the error."""
    col = line.columns
    # by column, then by name: a hand built without columns (waits' wins) must not name
    # one by the set's order, which PYTHONHASHSEED changes from run to run
    for f in sorted(line.ctx.flags, key=lambda f: (col.get(f, 0), f)):
        if f not in ruleset.flags:
            raise ContextError(
                f"'{f}' is not a flag of ruleset {ruleset.name} (its flags: "
                f"{', '.join(sorted(ruleset.flags)) or 'none'})"
                f"{_elsewhere(ruleset, partial(_has_flag, flag=f))}",
                col.get(f),
                f,
            )


def _has_flag(ruleset: Ruleset, flag: str) -> bool:
    return flag in ruleset.flags


def _elsewhere(ruleset: Ruleset, has: Callable[[Ruleset], bool]) -> str:
    """`; add rules:X ...` naming the other families whose installed rulesets `has` what the
    line wrote (an error path only: every ruleset is loaded), or nothing."""
    from ..base.suggest import elsewhere_hint
    from .catalog import families_with

    return elsewhere_hint(families_with(has, but=ruleset.family))


def _check_ron_chiihou(line: Hand) -> None:
    ctx = line.ctx
    if ctx.discarder and ctx.discarder_seat != "E":
        raise ContextError(
            "'chiihou' by ron is a ron on the dealer's first discard: the "
            f"discarder must be E, not {ctx.discarder_seat}",
            line.columns.get("chiihou"),
            "chiihou",
        )


def _check_indicators(line: Hand, ruleset: Ruleset) -> None:
    """dora: and ura: exist in the ruleset, in bounded numbers, ura under dora."""
    ctx, col, params = line.ctx, line.columns, ruleset.params
    if not params.dora:
        raise ContextError(f"ruleset {ruleset.name} has no dora", col.get("dora", col.get("ura")))
    if ctx.ura and not params.ura:
        raise ContextError(f"ruleset {ruleset.name} has no ura dora", col.get("ura"))
    if len(ctx.dora) > MAX_INDICATORS or len(ctx.ura) > MAX_INDICATORS:
        key = "dora" if len(ctx.dora) > MAX_INDICATORS else "ura"
        raise ContextError(
            f"{len(getattr(ctx, key))} {key} indicators: there are at most "
            f"{MAX_INDICATORS} (one, and one more per kan)",
            col.get(key),
        )
    if ctx.dora and len(ctx.ura) > len(ctx.dora):
        raise ContextError(
            f"{len(ctx.ura)} ura indicators but {len(ctx.dora)} dora "
            "indicator(s): each ura indicator lies under a dora indicator",
            col.get("ura"),
        )


MAX_INDICATORS = 5  # one dora indicator, and one more per kan (four at most)
_DRAW_COMPANIONS = frozenset(("nagashi", *DECLARED_RIICHI))


def _check_local(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> None:
    """Flags and options of WEB TILE: nagashi, paarenchan, flowers, ura, two players."""
    ctx, col = line.ctx, line.columns
    flags = ctx.flags
    if "nagashi" in flags:
        if line.holding.melds:
            raise ContextError(
                "'nagashi' needs a hand that called nothing, but "
                f"{line.holding.melds[0].text()} is a meld",
                col.get("nagashi"),
                "nagashi",
            )
        other = sorted(flags - _DRAW_COMPANIONS, key=lambda f: (col.get(f, 0), f))
        if other:
            raise ContextError(
                f"'nagashi' is scored at the exhaustive draw: '{other[0]}' cannot come with it",
                col.get(other[0]),
                other[0],
            )
    if "chankan-ankan" in flags and not options.get("kokushi_ankan_chankan", False):
        raise ContextError(
            f"'chankan-ankan': ruleset {ruleset.name} does not let thirteen "
            "orphans rob a concealed kan (option kokushi_ankan_chankan=on "
            "does); an added kan is robbed with 'chankan'",
            col.get("chankan-ankan"),
            "chankan-ankan",
        )
    if "paarenchan" in flags and not ctx.dealer:
        raise ContextError(
            "'paarenchan' is the dealer's eighth win in a row: the seat must be E",
            col.get("paarenchan"),
            "paarenchan",
        )
    if line.holding.flowers and "flowers" in ruleset.options and not options["flowers"]:
        raise ContextError(
            f"flowers are off under {ruleset.name} (option flowers=on adds the four flowers 1f-4f)",
            col.get("flowers"),
        )
    if (
        line.holding.flowers
        and not ruleset.params.seasons
        and any(t >= T.FLOWER_BASE + 4 for t in line.holding.flowers)
    ):
        raise ContextError(
            f"ruleset {ruleset.name} has four flowers (1f-4f) and no seasons", col.get("flowers")
        )
    most = ruleset.params.ura_indicators
    if most and len(ctx.ura) > most:
        raise ContextError(
            f"ruleset {ruleset.name} counts only the first ura indicator (no "
            f"kan ura dora), not {len(ctx.ura)}",
            col.get("ura"),
        )
    if options["two_player"]:
        _check_two_player(line)


def _check_two_player(line: Hand) -> None:
    """Two players sit East and South: every seat the line names must be one of them."""
    ctx, col = line.ctx, line.columns
    if ctx.seat_wind not in "ES":
        raise ContextError(
            f"a two-player game has the seats E and S, not {ctx.seat_wind} (option two_player)",
            col.get("seat"),
        )
    other = "S" if ctx.dealer else "E"
    if ctx.discarder and ctx.discarder_seat != other:
        raise ContextError(
            f"in a two-player game only {other} can deal in, not {ctx.discarder_seat}",
            col.get("win"),
        )
    for m in line.holding.melds:
        source = m.source or ("-" if m.is_run else None)  # a chi comes from the left
        if source and seat_from(ctx.seat_wind, source) != other:
            raise ContextError(
                f"in a two-player game {m.text()} can only come from {other}", m.column
            )


_PLACE = {"-": "on the left of", "=": "across from", "+": "on the right of"}  # by marker


def _check_seats(line: Hand, ruleset: Ruleset) -> None:
    """Every seat the line names sits at the ruleset's table (Ruleset.seats): its seat,
    its round, the discarder and the players melds came from, those after ' / '. At a
    table of three (E S W) the left of E is W and the right of W is E; nobody sits across,
    so the marker '=' is refused."""
    seats = ruleset.seats
    if len(seats) == len(T.SEATS):  # every wind has a seat: every token names one
        return
    ctx, col = line.ctx, line.columns
    players = len(seats)
    table = f"ruleset {ruleset.name} has {players} players, seated {', '.join(seats)}"
    if ctx.seat_wind not in seats:
        raise ContextError(
            f"'seat:{ctx.seat_wind}': {table}; there is no seat {ctx.seat_wind}",
            col.get("seat"),
            f"seat:{ctx.seat_wind}",
        )
    if ctx.round_wind not in seats:
        raise ContextError(
            f"'round:{ctx.round_wind}': {table}; there is no round {ctx.round_wind}",
            col.get("round"),
            f"round:{ctx.round_wind}",
        )
    if ctx.discarder == "=":
        token = _word_at(line, col.get("win"))
        raise ContextError(
            f"'{token or 'ron:'}': the marker '=' names the player across, but "
            f"{table}: nobody sits across (write - for the left player or + "
            "for the right)",
            col.get("win"),
            token,
        )
    for m in line.holding.melds:
        if m.source == "=":
            raise ContextError(
                f"'{m.text()}': the marker '=' names the player across, but "
                f"{table}: nobody sits across (write - for the left player or "
                "+ for the right)",
                m.column,
                m.text(),
            )
    for seat, _ in line.others:
        if seat not in seats:
            raise ContextError(f"'{seat}:' after ' / ': {table}; there is no seat {seat}")


_SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboos"}
_PLAYERS = {2: "two", 3: "three", 4: "four"}


def _absent_words(ruleset: Ruleset) -> str:
    """`there are no 2m-8m (only 1m and 9m of characters)`: the set's absent tiles."""
    absent = sorted(ruleset.params.absent_tiles)
    names = [T.name(t) for t in absent]
    run = absent == list(range(absent[0], absent[-1] + 1)) and absent[0] // 9 == absent[-1] // 9
    shown = f"{names[0]}-{names[-1]}" if run and len(names) > 2 else ", ".join(names)
    suits = sorted({t // 9 for t in absent if t < 27})
    left = [
        _and([T.name(t) for t in range(9 * s, 9 * s + 9) if t not in absent])
        + f" of {_SUIT_WORDS[T.SUITS[s]]}"
        for s in suits
    ]
    tiles = 136 - 4 * len(absent)
    return (
        f"ruleset {ruleset.name} plays {_PLAYERS.get(len(ruleset.seats), len(ruleset.seats))} "
        f"players with {tiles} tiles: there are no {shown}"
        + (f" (only {'; '.join(left)})" if left else "")
    )


def _with_kita() -> str:
    """`add rules:sanma or rules:mahjongsoul-sanma`: the rulesets that set Norths aside."""
    from ..rulesets import ruleset_names
    from .catalog import load_ruleset

    names = []
    for name in ruleset_names():
        try:
            if load_ruleset(name).params.kita:
                names.append(name)
        except RulesetError:
            continue
    return "add " + " or ".join(f"rules:{n}" for n in sorted(names, key=lambda n: (len(n), n)))


def _and(words: list[str]) -> str:
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def _check_table(line: Hand, ruleset: Ruleset) -> None:
    """What the ruleset's set and calls allow: no tile the set does not have (`absent_tiles`,
    a table of three: no 2m-8m), no chi where it has none (`chi`), and `kita-ron` a ron on a
    North being set aside (`kita`). Each error names the token that shows the tile or the
    call."""
    params = ruleset.params
    absent = params.absent_tiles
    holding, ctx, col = line.holding, line.ctx, line.columns
    why = _absent_words(ruleset) if absent else ""
    if not absent.isdisjoint(holding.concealed):
        bad = next(t for t in holding.concealed if t in absent)
        token, at = _tile_token(line, bad, col.get("concealed"))
        raise InvalidHand(f"'{token}' has {T.name(bad)}: {why}", at, token)
    for m in holding.melds:
        if m.is_run and not params.chi:
            raise ContextError(
                f"'{m.text()}': ruleset {ruleset.name} has {len(ruleset.seats)} players, "
                f"seated {', '.join(ruleset.seats)}, and no chi: a run can only be concealed",
                m.column,
                m.text(),
            )
        if m.tiles[0] in absent:
            raise InvalidHand(f"'{m.text()}' has {T.name(m.tiles[0])}: {why}", m.column, m.text())
    named = [
        ("win", (ctx.win_tile,)),
        ("dora", ctx.dora),
        ("ura", ctx.ura),
        ("discards", ctx.discards),
    ]
    for key, tiles in named:
        bad_tiles = [t for t in tiles if t in absent]
        if bad_tiles:
            token = _word_at(line, col.get(key)) or key
            raise InvalidHand(f"'{token}' has {T.name(bad_tiles[0])}: {why}", col.get(key), token)
    if params.kita and "kita-ron" in ctx.flags and ctx.win_tile >= 0 and ctx.win_tile != T.NORTH:
        raise ContextError(
            f"'kita-ron' is a ron on a North being set aside: the winning "
            f"tile is 4z, not {T.name(ctx.win_tile)}",
            col.get("kita-ron"),
            "kita-ron",
        )


def _tile_token(line: Hand, tile: int, first: int | None) -> tuple[str, int | None]:
    """The concealed tile group (its text and column) of the written line that holds
    `tile`: a line may write its concealed tiles in several groups."""
    from ..core.notation import tile_group_at

    found = tile_group_at(line.text, tile)
    if found is not None:
        return found
    return _word_at(line, first) or T.name(tile), first


def _word_at(line: Hand, column: int | None) -> str | None:
    """The token of the line as written that starts at `column` (1-based), if known."""
    if column is None or not line.text[column - 1 :].strip():
        return None
    return line.text[column - 1 :].split(None, 1)[0]
