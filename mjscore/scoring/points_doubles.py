"""The points-and-doubles strategy (European rules): every player's score, then the payments.

Order of computation (docs/rules/european.md §5), for each player: points (sets, pairs and flowers;
for the winner also the Mah-Jong rows), then doubles (every double that
applies, after the declared supersessions), raw = points x 2^doubles, then
the rounding option, then the limit. The winner's hand is valued under each
reading and as each special hand it matches; the highest value wins, a
special hand on a tie (its value is fixed by name).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..base.errors import ContextError, InvalidHand, NotAWin, RulesetError
from ..base.frozen import field, replace, value_class
from ..core.decompose import SEVEN_PAIRS, Reading, readings
from ..core.facts import HandFacts
from ..core.hand import Hand
from ..core.phrases import Phrase, phrase
from ..core.result import Payment, PlayerTally, PointsDoubles, ScoreItem, Verdict, YakuMatch
from ..european.facts import (
    FULL_HAND,
    Table,
    loser_facts,
    quads_reading,
    tiles_held,
    winner_facts,
)
from ..european.points import flower_items, held_items
from ..rulesets import Ruleset
from ..rulesets.params import Params, Special
from ..yaku.registry import DOUBLES, ROWS, SPECIAL, enabled
from .payments import net_of
from .settlement import Terms, among_players, winner_payments

ORDINARY = "ordinary"


@value_class(frozen=False)
class PlayerScore:
    """One player's score with the items behind it."""

    seat: str
    points_items: list[ScoreItem] = field(default_factory=list)
    doubles_items: list[ScoreItem] = field(default_factory=list)
    raw: int = 0  # points x 2^doubles, before rounding and the limit
    score: int = 0
    capped: bool = False
    special: ScoreItem | None = None
    winner: bool = False
    riichi: bool = False
    given: bool = True  # False: the line does not say what this player holds
    reading: Reading | None = None
    notes: list[Phrase] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(i.value for i in self.points_items)

    @property
    def doubles(self) -> int:
        return sum(i.value for i in self.doubles_items)

    def order(self) -> tuple[int, int, int, int]:
        return (self.score, self.raw, self.doubles, self.points)

    def tally(self) -> PlayerTally:
        """The finished, frozen score that the result carries."""
        return PlayerTally(
            self.points,
            self.doubles,
            self.score,
            self.raw,
            self.capped,
            tuple(self.points_items),
            tuple(self.doubles_items),
            self.special.key if self.special else None,
            self.winner,
            self.riichi,
            self.given,
            tuple(self.notes),
        )


# -- one player ------------------------------------------------------------------------------


def row_items(f: HandFacts) -> list[ScoreItem]:
    """The winner's points rows (Mah-Jong, four chows, self-drawn, bonus options)."""
    out = []
    for key, entry in f.params.rows.items():
        n = ROWS[key](f) if enabled(entry, f.options) else 0
        if n:
            out.append(ScoreItem(key, entry.name, entry.points * n, n))
    return out


def doubles_items(f: HandFacts, flowers_only: bool = False) -> list[ScoreItem]:
    """Every double that applies to this player, after the supersessions."""
    opts = f.options
    found: list[tuple[ScoreItem, tuple[str, ...]]] = []
    for key, entry in f.params.doubles.items():
        if not enabled(entry, opts) or (flowers_only and not entry.flower):
            continue
        who = opts[entry.who_option] if entry.who_option else entry.who
        if who == "winner" and not f.winner:
            continue
        n = DOUBLES[key](f)
        if n:
            each = opts[entry.by_option] if entry.by_option else entry.doubles
            assert each is not None  # the ruleset loader requires doubles or by_option
            drops = entry.supersedes if entry.supersedes_at in (None, each) else ()
            found.append((ScoreItem(key, entry.name, each * n, n), drops))
    dropped = {k for _, sup in found for k in sup}
    return [item for item, _ in found if item.key not in dropped]


def _rounded(raw: int, how: str) -> int:
    if how == "nearest10":
        return (raw + 5) // 10 * 10
    if how == "up10":
        return -(-raw // 10) * 10
    return raw


def _total(s: PlayerScore, options: dict[str, Any]) -> PlayerScore:
    s.raw = s.points * 2**s.doubles
    rounded = _rounded(s.raw, options["rounding"])
    s.score = min(rounded, options["limit"])
    s.capped = rounded > options["limit"]
    return s


def score_player(f: HandFacts, declaration_lost: bool = False) -> PlayerScore:
    """Points, doubles and score of one player (docs/rules/european.md §5 steps 1-5).

    A main appelante declarer who lost (`declaration_lost`) counts only his
    flowers, with their own-flower and bouquet doubles unless the option says not.
    """
    s = PlayerScore(f.seat, winner=f.winner, riichi=f.riichi, reading=f.reading)
    if declaration_lost:
        s.points_items = flower_items(f)
        keep = f.options["riichi_loser_keeps_flower_doubles"]
        s.doubles_items = doubles_items(f, flowers_only=True) if keep else []
        s.notes.append(phrase("note", "main_appelante_lost", seat=f.seat))
    else:
        s.points_items = held_items(f) + (row_items(f) if f.winner else [])
        s.doubles_items = doubles_items(f)
        if not f.complete and f.has_honors and len(f.suits) == 1:
            s.notes.append(phrase("note", "not_in_full", seat=f.seat, tiles=FULL_HAND))
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


def special_hands(facts: list[HandFacts]) -> list[ScoreItem]:
    """Every special hand that some reading (or the bare tile content) matches, best first."""
    f0 = facts[0]
    out = []
    for key, entry in f0.params.special.items():
        if entry.german and not f0.options["german_limit_hands"]:
            continue
        if enabled(entry, f0.options) and any(SPECIAL[key](f) for f in facts):
            out.append(ScoreItem(key, entry.name, special_value(entry, f0.options)))
    return sorted(out, key=lambda i: -i.value)


def special_score(hand: ScoreItem, f: HandFacts) -> PlayerScore:
    """A special hand's fixed value, not doubled nor capped; by option plus its flowers,
    whose own-flower doubles apply to the flower points alone."""
    s = PlayerScore(f.seat, points_items=[hand], special=hand, winner=True, riichi=f.riichi)
    flowers = flower_items(f)
    if f.options["special_hand_adds_bonus_tiles"] and flowers:
        n = sum(i.value for i in doubles_items(f, flowers_only=True))
        base = flowers[0]
        values = getattr(base.name, "values", {})
        doubled = phrase("item", "flowers_doubled", **values, times=2**n)
        s.points_items.append(ScoreItem("flowers", doubled, base.value * 2**n, base.times))
    s.raw = s.score = s.points
    return s


# -- the winner ------------------------------------------------------------------------------


def _not_a_win(line: Hand, found: list[Reading]) -> NotAWin:
    """Why a hand is no Mah-Jong here, in words (seven pairs and quadruples are special)."""
    column = line.columns.get("concealed")
    if any(r.shape == SEVEN_PAIRS for r in found):
        return NotAWin(
            "seven pairs is a Mah-Jong only as a German special hand, and "
            "german_limit_hands is off",
            column,
        )
    if quads_reading(line) is not None:
        return NotAWin(
            "three quadruples and a pair make a Mah-Jong only as the Mandarin or "
            "Imperial hand (or with allow_three_quads_pair_generally)",
            column,
        )
    return NotAWin(
        "not a complete hand: the tiles make neither four sets and a pair nor a special hand",
        column,
    )


# How the winner's score is chosen: the greatest of these over the ordinary readings; then
# the best special hand instead when it scores at least as much (SPECIAL_FIRST).
ORDER_KEYS = ("score", "raw", "doubles", "points")
SPECIAL_FIRST = "special_first"


def best_winner(
    line: Hand, table: Table, keep: list[PlayerScore] | None = None
) -> tuple[PlayerScore, list[ScoreItem], int | None]:
    """(the winner's score, every special hand matched, the best ordinary score or None).

    `keep` (the explanation's) gets every ordinary reading's score, then the best special
    hand's, before the choice is made."""
    ctx, options = line.ctx, table.options
    found = readings(line.holding.concealed, line.holding.melds, ctx.win_tile, ctx.tsumo)
    shapes = list(found)
    quads = quads_reading(line) if options["allow_three_quads_pair_generally"] else None
    if quads is not None:
        shapes.append(quads)
    facts = [winner_facts(line, r, table) for r in shapes]
    ordinary = [score_player(f) for f in facts if f.standard]
    best = max(ordinary, key=PlayerScore.order, default=None)
    bare = winner_facts(line, None, table)
    specials = special_hands([*facts, bare])
    if keep is not None:
        keep.extend(ordinary)
    if best is None and not specials:
        raise _not_a_win(line, found)
    if specials:
        top = special_score(specials[0], bare)
        if keep is not None:
            keep.append(top)
        if best is None or top.score >= best.score:
            return top, specials, best.score if best else None
    assert best is not None
    return best, specials, best.score


def _choice_notes(
    winner: PlayerScore, specials: list[ScoreItem], ordinary: int | None
) -> list[Phrase]:
    """Which reading won, when there was a choice."""
    if winner.special is not None:
        won = winner.special
        notes = [
            phrase("note", "special_scored", name=won.name, value=won.value)
            if ordinary is None
            else phrase(
                "note", "special_over_ordinary", name=won.name, value=won.value, ordinary=ordinary
            )
        ]
        others = tuple((i.name, i.value) for i in specials if i.key != won.key)
        if others:
            notes.append(phrase("note", "also_matched", hands=others))
        return notes
    if specials:
        hands = tuple((i.name, i.value) for i in specials)
        return [phrase("note", "ordinary_over_special", score=winner.score, hands=hands)]
    return []


# -- the deal --------------------------------------------------------------------------------


def _check_deal(line: Hand, draw: bool) -> None:
    ctx = line.ctx
    if draw:
        if "win" in line.columns:
            raise ContextError(
                "a draw has no winner: remove the win token or 'draw'", line.columns["win"]
            )
        extra = sorted(ctx.flags - {"draw", "riichi"})
        if extra:
            raise ContextError(
                f"'{extra[0]}' describes a win, but the line is a draw",
                line.columns.get(extra[0]),
                extra[0],
            )
    if ctx.seat_wind in line.others_by_seat:
        raise ContextError(
            f"seat {ctx.seat_wind} is the first player of the line; it cannot follow ' / ' as well"
        )
    holdings = [(ctx.seat_wind, line.holding)] if draw else []
    holdings += list(line.others)
    for seat, h in holdings:
        held = tiles_held(h)
        if held > FULL_HAND:
            raise InvalidHand(
                f"{seat} holds {held} tiles (a kong counted as three); a player "
                f"who has not won holds at most {FULL_HAND}"
            )


def _players(
    line: Hand, table: Table, winner: PlayerScore | None, seats: tuple[str, ...]
) -> dict[str, PlayerScore]:
    """Every seat's score, in turn order: the winner's, the holdings written after ' / '
    and, on a draw, the first player's; a seat not written is shown as not given and
    scores 0."""
    ctx = line.ctx
    holdings = dict(line.others)
    if winner is None:
        holdings[ctx.seat_wind] = replace(line.holding, riichi="riichi" in ctx.flags)
    out: dict[str, PlayerScore] = {}
    for seat in seats:
        if winner is not None and seat == winner.seat:
            out[seat] = winner
        elif seat in holdings:
            f = loser_facts(seat, holdings[seat], table)
            out[seat] = score_player(f, declaration_lost=winner is not None and f.riichi)
        else:
            out[seat] = PlayerScore(seat, given=False)
    return out


def _terms(params: Params, options: dict[str, Any]) -> Terms:
    return Terms(
        advanced=options["advanced_settlement"],
        mode=options["east_in_settlement"],
        settle_on_draw=options["settle_on_draw"],
        winner_refund=options["winner_refund"],
        east_factor=params.east_factor,
    )


def _settlement_notes(
    line: Hand, players: dict[str, PlayerScore], terms: Terms, draw: bool
) -> tuple[str, list[Phrase]]:
    """(the system used, notes on what it could not know)."""
    missing = tuple(s for s, p in players.items() if not p.given)
    notes: list[Phrase] = []
    if draw:
        if not (terms.advanced and terms.settle_on_draw):
            return "none", [phrase("note", "draw_not_settled", players=len(players))]
    elif not terms.advanced:
        return "simple", []
    elif not line.others:
        return "simple", [phrase("note", "simple_settlement")]
    if missing:
        notes.append(phrase("note", "no_holding", seats=missing))
    return "advanced", notes


def score_points_doubles(line: Hand, ruleset: Ruleset, options: dict[str, Any]) -> Verdict:
    """The verdict on a points-and-doubles deal; raises NotAWin or a context error."""
    if options["limit"] <= 0:
        raise RulesetError(f"option limit must be a positive number, not {options['limit']}")
    params, ctx = ruleset.params, line.ctx
    draw = "draw" in ctx.flags
    _check_deal(line, draw)
    table = Table.of(line, params, options)
    notes: list[Phrase] = []
    if ctx.breach and not options["dominant_wind_enabled"]:
        notes.append(phrase("note", "breach_unused"))
    winner = specials = ordinary = None
    if not draw:
        winner, specials, ordinary = best_winner(line, table)
        notes += _choice_notes(winner, specials, ordinary)
    elif "riichi" in ctx.flags or any(h.riichi for _, h in line.others):
        notes.append(phrase("note", "main_appelante_on_draw"))
    players = _players(line, table, winner, ruleset.seats)
    terms = _terms(params, options)
    system, more = _settlement_notes(line, players, terms, draw)
    notes += more
    if system == "simple":
        terms = replace(terms, advanced=False)
        if not line.others:
            terms = replace(terms, winner_refund=False)
    scores = {s: p.score for s, p in players.items()}
    won = winner_payments(scores, winner.seat, terms) if winner else []
    value = sum(p.amount for p in won)
    payments = won + among_players(scores, winner.seat if winner else None, terms)
    for p in players.values():
        notes += p.notes
    return _verdict(line, winner, specials or [], ordinary, players, system, value, payments, notes)


def _verdict(
    line: Hand,
    winner: PlayerScore | None,
    specials: list[ScoreItem],
    ordinary: int | None,
    players: dict[str, PlayerScore],
    system: str,
    value: int,
    payments: list[Payment],
    notes: list[Phrase],
) -> Verdict:
    ctx = line.ctx
    given = MappingProxyType({s: p.tally() for s, p in players.items() if p.given or line.others})
    net = net_of(payments, tuple(players))
    if winner is None:
        score = PointsDoubles(None, None, None, (), (), None, (), ordinary, given, system)
        return Verdict(score, value, tuple(payments), net, notes=tuple(notes))
    special = winner.special
    score = PointsDoubles(
        winner.points,
        winner.doubles,
        winner.score,
        tuple(winner.points_items),
        tuple(winner.doubles_items),
        special.key if special else ORDINARY,
        tuple(specials),
        ordinary,
        given,
        system,
        limit=special.key if special else "limit" if winner.capped else None,
    )
    yaku = [
        YakuMatch(i.key, i.name, i.value, times=i.times if i.times > 1 else None, unit="doubles")
        for i in winner.doubles_items
    ]
    if special is not None:  # its value is the score's; as a match it adds no doubles
        yaku.append(YakuMatch(special.key, special.name, 0, unit="doubles"))
    return Verdict(
        score,
        value,
        tuple(payments),
        net,
        winner=winner.seat,
        win="tsumo" if ctx.tsumo else "ron",
        discarder=ctx.discarder_seat,
        yaku=tuple(yaku),
        reading=winner.reading.text() if winner.reading else None,
        notes=tuple(notes),
    )
