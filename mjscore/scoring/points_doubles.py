"""The points-and-doubles strategy (European rules): every player's score, then the payments.

Order of computation (§5), for each player: points (sets, pairs and flowers;
for the winner also the Mah-Jong rows), then doubles (every double that
applies, after the declared supersessions), raw = points x 2^doubles, then
the rounding option, then the limit. The winner's hand is valued under each
reading and as each special hand it matches; the highest value wins, a
special hand on a tie (its value is fixed by name).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..decompose import SEVEN_PAIRS, Reading, readings
from ..errors import ContextError, InvalidHand, NotAWin, RulesetError
from ..european.facts import (
    FULL_HAND,
    PlayerFacts,
    Table,
    loser_facts,
    quads_reading,
    tiles_held,
    winner_facts,
)
from ..european.points import flower_items, held_items
from ..european.registry import DOUBLES, ROWS, SPECIAL, Item, enabled
from ..hand import HandLine
from ..result import SEATS, Payment, ScoreResult, YakuMatch
from ..rulesets import Ruleset
from ..rulesets.params import Params, Special
from .payments import net_of
from .settlement import Terms, among_players, winner_payments

ORDINARY = "ordinary"


@dataclass(slots=True)
class PlayerScore:
    """One player's score with the items behind it."""

    seat: str
    points_items: list[Item] = field(default_factory=list)
    doubles_items: list[Item] = field(default_factory=list)
    raw: int = 0  # points x 2^doubles, before rounding and the limit
    score: int = 0
    capped: bool = False
    special: Item | None = None
    winner: bool = False
    riichi: bool = False
    given: bool = True  # False: the line does not say what this player holds
    reading: Reading | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(i.value for i in self.points_items)

    @property
    def doubles(self) -> int:
        return sum(i.value for i in self.doubles_items)

    def order(self) -> tuple[int, int, int, int]:
        return (self.score, self.raw, self.doubles, self.points)

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "doubles": self.doubles, "score": self.score,
                "raw": self.raw, "limit": self.capped,
                "points_items": [i.to_dict("points") for i in self.points_items],
                "doubles_items": [i.to_dict("doubles") for i in self.doubles_items],
                "special": self.special.key if self.special else None,
                "winner": self.winner, "riichi": self.riichi, "given": self.given,
                "notes": list(self.notes)}


# -- one player ------------------------------------------------------------------------------


def row_items(f: PlayerFacts) -> list[Item]:
    """The winner's points rows (Mah-Jong, four chows, self-drawn, bonus options)."""
    out = []
    for key, entry in f.params.rows.items():
        n = ROWS[key](f) if enabled(entry, f.options) else 0
        if n:
            out.append(Item(key, entry.name, entry.points * n, n))
    return out


def doubles_items(f: PlayerFacts, flowers_only: bool = False) -> list[Item]:
    """Every double that applies to this player, after the supersessions."""
    opts = f.options
    found: list[tuple[Item, list[str]]] = []
    for key, entry in f.params.doubles.items():
        if not enabled(entry, opts) or (flowers_only and not entry.flower):
            continue
        who = opts[entry.who_option] if entry.who_option else entry.who
        if who == "winner" and not f.winner:
            continue
        n = DOUBLES[key](f)
        if n:
            each = opts[entry.by_option] if entry.by_option else entry.doubles
            found.append((Item(key, entry.name, each * n, n), entry.supersedes))
    dropped = {k for _, sup in found for k in sup}
    return [item for item, _ in found if item.key not in dropped]


def _rounded(raw: int, how: str) -> int:
    if how == "nearest10":
        return (raw + 5) // 10 * 10
    if how == "up10":
        return -(-raw // 10) * 10
    return raw


def _total(s: PlayerScore, options: dict[str, Any]) -> PlayerScore:
    s.raw = s.points * 2 ** s.doubles
    rounded = _rounded(s.raw, options["rounding"])
    s.score = min(rounded, options["limit"])
    s.capped = rounded > options["limit"]
    return s


def score_player(f: PlayerFacts, declaration_lost: bool = False) -> PlayerScore:
    """Points, doubles and score of one player (§5 steps 1-5).

    A main appelante declarer who lost (`declaration_lost`) counts only his
    flowers, with their own-flower and bouquet doubles unless the option says not.
    """
    s = PlayerScore(f.seat, winner=f.winner, riichi=f.riichi, reading=f.reading)
    if declaration_lost:
        s.points_items = flower_items(f)
        keep = f.options["riichi_loser_keeps_flower_doubles"]
        s.doubles_items = doubles_items(f, flowers_only=True) if keep else []
        s.notes.append(f"{f.seat} declared main appelante and lost: only flowers and seasons "
                       "count")
    else:
        s.points_items = held_items(f) + (row_items(f) if f.winner else [])
        s.doubles_items = doubles_items(f)
        if not f.complete and f.honours and len(f.suits) == 1:
            s.notes.append(f"{f.seat}'s holding is not written in full ({FULL_HAND} tiles): "
                           "honours and one suit is not judged (insufficient data)")
    return _total(s, f.options)


# -- special hands ---------------------------------------------------------------------------


def special_value(entry: Special, options: dict[str, Any]) -> int:
    """A French hand's fixed points, or a German hand's multiple of the limit."""
    if entry.value is not None:
        return entry.value
    times = entry.limits
    if options["german_limit_multipliers"] == "sontag" and entry.sontag_limits is not None:
        times = entry.sontag_limits
    return int(options["limit"] * times)


def special_hands(facts: list[PlayerFacts]) -> list[Item]:
    """Every special hand that some reading (or the bare tile content) matches, best first."""
    f0 = facts[0]
    out = []
    for key, entry in f0.params.special.items():
        if entry.german and not f0.options["german_limit_hands"]:
            continue
        if enabled(entry, f0.options) and any(SPECIAL[key](f) for f in facts):
            out.append(Item(key, entry.name, special_value(entry, f0.options)))
    return sorted(out, key=lambda i: -i.value)


def special_score(hand: Item, f: PlayerFacts) -> PlayerScore:
    """A special hand's fixed value, not doubled nor capped; by option plus its flowers,
    whose own-flower doubles apply to the flower points alone."""
    s = PlayerScore(f.seat, points_items=[hand], special=hand, winner=True, riichi=f.riichi)
    flowers = flower_items(f)
    if f.options["special_hand_adds_bonus_tiles"] and flowers:
        n = sum(i.value for i in doubles_items(f, flowers_only=True))
        base = flowers[0]
        s.points_items.append(Item("flowers", f"{base.name} ×{2 ** n}", base.value * 2 ** n,
                                   base.count))
    s.raw = s.score = s.points
    return s


# -- the winner ------------------------------------------------------------------------------


def _not_a_win(line: HandLine, found: list[Reading]) -> NotAWin:
    """Why a hand is no Mah-Jong here, in words (seven pairs and quadruples are special)."""
    column = line.columns.get("concealed")
    if any(r.shape == SEVEN_PAIRS for r in found):
        return NotAWin("seven pairs is a Mah-Jong only as a German special hand, and "
                       "german_limit_hands is off", column)
    if quads_reading(line) is not None:
        return NotAWin("three quadruples and a pair make a Mah-Jong only as the Mandarin or "
                       "Imperial hand (or with allow_three_quads_pair_generally)", column)
    return NotAWin("not a complete hand: the tiles make neither four sets and a pair nor a "
                   "special hand", column)


def best_winner(line: HandLine, table: Table) -> tuple[PlayerScore, list[Item], int | None]:
    """(the winner's score, every special hand matched, the best ordinary score or None)."""
    ctx, options = line.ctx, table.options
    found = readings(line.hand.concealed, line.hand.melds, ctx.win_tile, ctx.tsumo)
    shapes = list(found)
    quads = quads_reading(line) if options["allow_three_quads_pair_generally"] else None
    if quads is not None:
        shapes.append(quads)
    facts = [winner_facts(line, r, table) for r in shapes]
    ordinary = [score_player(f) for f in facts if f.standard]
    best = max(ordinary, key=PlayerScore.order, default=None)
    bare = winner_facts(line, None, table)
    specials = special_hands([*facts, bare])
    if best is None and not specials:
        raise _not_a_win(line, found)
    if specials:
        top = special_score(specials[0], bare)
        if best is None or top.score >= best.score:
            return top, specials, best.score if best else None
    assert best is not None
    return best, specials, best.score


def _choice_notes(winner: PlayerScore, specials: list[Item], ordinary: int | None) -> list[str]:
    """Which reading won, in words, when there was a choice."""
    if winner.special is not None:
        won = winner.special
        notes = [f"{won.name} ({won.value}) is scored"
                 + (f"; the best ordinary reading scores {ordinary}" if ordinary is not None
                    else "")]
        others = [f"{i.name} ({i.value})" for i in specials if i.key != won.key]
        if others:
            notes.append("also matched: " + ", ".join(others))
        return notes
    if specials:
        names = ", ".join(f"{i.name} ({i.value})" for i in specials)
        return [f"the ordinary reading ({winner.score}) outscores {names}"]
    return []


# -- the deal --------------------------------------------------------------------------------


def _check_deal(line: HandLine, draw: bool) -> None:
    ctx = line.ctx
    if draw:
        if "win" in line.columns:
            raise ContextError("a draw has no winner: remove the win token or 'draw'",
                               line.columns["win"])
        extra = sorted(ctx.flags - {"draw", "riichi"})
        if extra:
            raise ContextError(f"'{extra[0]}' describes a win, but the line is a draw",
                               line.columns.get(extra[0]), extra[0])
    if ctx.seat_wind in line.others:
        raise ContextError(f"seat {ctx.seat_wind} is the first player of the line; it cannot "
                           "follow ' / ' as well")
    holdings = [(ctx.seat_wind, line.hand)] if draw else []
    holdings += list(line.others.items())
    for seat, h in holdings:
        held = tiles_held(h)
        if held > FULL_HAND:
            raise InvalidHand(f"{seat} holds {held} tiles (a kong counted as three); a player "
                              f"who has not won holds at most {FULL_HAND}")


def _players(line: HandLine, table: Table, winner: PlayerScore | None) -> dict[str, PlayerScore]:
    """Every seat's score: the winner's, the holdings written after ' / ' and, on a draw,
    the first player's; a seat not written is shown as not given and scores 0."""
    ctx = line.ctx
    holdings = dict(line.others)
    if winner is None:
        holdings[ctx.seat_wind] = replace(line.hand, riichi="riichi" in ctx.flags)
    out: dict[str, PlayerScore] = {}
    for seat in SEATS:
        if winner is not None and seat == winner.seat:
            out[seat] = winner
        elif seat in holdings:
            f = loser_facts(seat, holdings[seat], table)
            out[seat] = score_player(f, declaration_lost=winner is not None and f.riichi)
        else:
            out[seat] = PlayerScore(seat, given=False)
    return out


def _terms(params: Params, options: dict[str, Any]) -> Terms:
    return Terms(advanced=options["advanced_settlement"], mode=options["east_in_settlement"],
                 settle_on_draw=options["settle_on_draw"], winner_refund=options["winner_refund"],
                 east_factor=params.east_factor)


def _settlement_notes(line: HandLine, players: dict[str, PlayerScore], terms: Terms,
                      draw: bool) -> tuple[str, list[str]]:
    """(the system used, notes on what it could not know)."""
    missing = [s for s, p in players.items() if not p.given]
    if draw:
        if not (terms.advanced and terms.settle_on_draw):
            return "none", ["exhaustive draw: nobody pays (options settle_on_draw and "
                            "advanced_settlement settle the four hands)"]
        notes = []
    elif not terms.advanced:
        return "simple", []
    elif not line.others:
        return "simple", ["the other players' holdings are not written after ' / ': only the "
                          "winner is paid (simple system)"]
    else:
        notes = []
    if missing:
        notes.append(f"no holding written for {', '.join(missing)}: scored 0 in the settlement")
    return "advanced", notes


def score_points_doubles(line: HandLine, ruleset: Ruleset, options: dict[str, Any],
                         result: ScoreResult) -> None:
    """Fill `result` for a points-and-doubles ruleset; raises NotAWin or a context error."""
    if options["limit"] <= 0:
        raise RulesetError(f"option limit must be a positive number, not {options['limit']}")
    params, ctx = ruleset.params, line.ctx
    draw = "draw" in ctx.flags
    _check_deal(line, draw)
    table = Table.of(line, params, options)
    notes: list[str] = []
    if ctx.breach and not options["dominant_wind_enabled"]:
        notes.append("breach: is not used: dominant_wind_enabled is off")
    winner = specials = ordinary = None
    if not draw:
        winner, specials, ordinary = best_winner(line, table)
        notes += _choice_notes(winner, specials, ordinary)
    elif "riichi" in ctx.flags or any(h.riichi for h in line.others.values()):
        notes.append("main appelante has no effect on an exhaustive draw")
    players = _players(line, table, winner)
    terms = _terms(params, options)
    system, more = _settlement_notes(line, players, terms, draw)
    notes += more
    if system == "simple":
        terms = replace(terms, advanced=False)
        if not line.others:
            terms = replace(terms, winner_refund=False)
    scores = {s: p.score for s, p in players.items()}
    won = winner_payments(scores, winner.seat, terms) if winner else []
    result.value = sum(p.amount for p in won)
    payments = won + among_players(scores, winner.seat if winner else None, terms)
    for p in players.values():
        notes += p.notes
    _fill(result, line, winner, specials or [], ordinary, players, system, payments, notes)


def _fill(result: ScoreResult, line: HandLine, winner: PlayerScore | None, specials: list[Item],
          ordinary: int | None, players: dict[str, PlayerScore], system: str,
          payments: list[Payment], notes: list[str]) -> None:
    ctx = line.ctx
    result.ok = True
    result.payments = payments
    result.net = net_of(payments)
    result.notes.extend(notes)
    given = {s: p.to_dict() for s, p in players.items() if p.given or line.others}
    result.extra.update({"points": None, "doubles": None, "score": None, "points_items": [],
                         "doubles_items": [], "hand": None, "special_hands": [],
                         "ordinary_score": ordinary, "players": given, "settlement": system})
    if winner is None:
        return
    result.winner = winner.seat
    result.win = "tsumo" if ctx.tsumo else "ron"
    result.discarder = ctx.discarder_seat
    result.yaku = [YakuMatch(i.key, i.name, i.value, count=i.count if i.count > 1 else None)
                   for i in winner.doubles_items]
    if winner.special is not None:
        result.yaku.append(YakuMatch(winner.special.key, winner.special.name, 0))
    result.limit = (winner.special.key if winner.special
                    else "limit" if winner.capped else None)
    result.reading = winner.reading.text() if winner.reading else None
    result.extra.update({
        "points": winner.points, "doubles": winner.doubles, "score": winner.score,
        "points_items": [i.to_dict("points") for i in winner.points_items],
        "doubles_items": [i.to_dict("doubles") for i in winner.doubles_items],
        "hand": winner.special.key if winner.special else ORDINARY,
        "special_hands": [i.to_dict("value") for i in specials],
    })
