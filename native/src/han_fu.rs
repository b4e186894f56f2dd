//! The riichi family's scoring strategy (mjscore/scoring/han_fu.py): yaku and han, fu,
//! limits, payments, liability. A hand that is not a win, or has no yaku, is Python's
//! to explain: `None`.

use crate::decompose::{readings, Reading, Shape};
use crate::extras::{dora_count, extra_payments};
use crate::facts::{HandFacts, LineFacts};
use crate::fu::hand_fu;
use crate::hand::{flag, Hand};
use crate::liability::{describe, find_arushal_liable, find_liable};
use crate::payments::{
    deposit_payments, hand_payments, hand_value, honba_payments, liable_payments, net_of, WinSide,
};
use crate::points::base_points;
use crate::result::{FuItem, Liability, Note, Payment, Verdict, YakuMatch};
use crate::setting::{item, LiabilityRule, Setting, YakuRow};
use crate::yaku::PREDICATES;

/// One way to count the yaku of a reading (han_fu.Count).
struct Count<'s> {
    rows: Vec<(&'s YakuRow, i64)>, // the rows counted and how many times each applies
    han: i64,
    yakuman: i64,
    alone: bool, // a limit yaku by itself: no dora, and fu do not count
}

impl<'s> Count<'s> {
    fn of(rows: Vec<(&'s YakuRow, i64)>, han: i64, yakuman: i64, alone: bool) -> Count<'s> {
        Count {
            rows,
            han,
            yakuman,
            alone,
        }
    }

    fn pinfu(&self) -> bool {
        self.rows.iter().any(|(row, _)| row.key == "pinfu")
    }

    fn fu(&self) -> Vec<FuItem<'s>> {
        self.rows
            .iter()
            .filter_map(|(row, _)| row.fu.as_ref().map(|i| item("yaku", i)))
            .collect()
    }

    fn matches(&self) -> Vec<YakuMatch<'s>> {
        self.rows.iter().map(|(row, n)| row.matched(*n)).collect()
    }
}

/// (rows counted, han from yaku, yakuman units) after exclusions: supersedes, then yakuman.
fn match_yaku<'s>(f: &HandFacts, s: &'s Setting) -> (Vec<(&'s YakuRow, i64)>, i64, i64) {
    let rows = if f.closed() { &s.closed } else { &s.open };
    let limit_only = f.shape.limit_only();
    let mut hits: Vec<(&YakuRow, i64)> = Vec::new();
    for row in rows {
        if limit_only && !row.alone {
            continue;
        }
        let n = (PREDICATES[row.id].1)(f);
        if n != 0 {
            hits.push((row, n));
        }
    }
    // the rows are in the ruleset's order already, as the report lists them
    let mut dropped: u128 = 0;
    for (row, _) in &hits {
        dropped |= row.supersedes;
    }
    dropped &= !s.kept;
    let found: Vec<(&YakuRow, i64)> = hits
        .into_iter()
        .filter(|(row, _)| dropped & (1u128 << row.id) == 0)
        .collect();
    let units: i64 = found.iter().map(|(row, n)| row.yakuman * n).sum();
    if units != 0 {
        let found: Vec<(&YakuRow, i64)> = found
            .into_iter()
            .filter(|(row, n)| row.yakuman * n != 0)
            .collect();
        let units = if s.stacking {
            units
        } else {
            found
                .iter()
                .map(|(row, n)| row.yakuman * n)
                .max()
                .unwrap_or(0)
        };
        return (found, 0, units);
    }
    let han = found.iter().map(|(row, n)| row.han * n).sum();
    (found, han, 0)
}

/// Each way to count one reading: a limit yaku by itself, or the reading's other yaku.
fn choices<'s>(f: &HandFacts, s: &'s Setting) -> Vec<Count<'s>> {
    let (found, han, units) = match_yaku(f, s);
    if units != 0 || !found.iter().any(|(row, _)| row.alone) {
        return vec![Count::of(found, han, units, false)];
    }
    // the first of the limit yaku worth the most (Python's max)
    let mut top: Option<(&YakuRow, i64)> = None;
    for &(row, n) in found.iter().filter(|(row, _)| row.alone) {
        if top.is_none_or(|(t, tn)| row.han * n > t.han * tn) {
            top = Some((row, n));
        }
    }
    let Some(top) = top else {
        return vec![Count::of(found, han, units, false)];
    };
    let rest: Vec<(&YakuRow, i64)> = found.into_iter().filter(|(row, _)| !row.alone).collect();
    let mut out = vec![Count::of(vec![top], top.0.han * top.1, 0, true)];
    if !rest.is_empty() {
        let han = rest.iter().map(|(row, n)| row.han * n).sum();
        out.push(Count::of(rest, han, 0, false));
    }
    out
}

fn bonus_match<'s>(s: &'s Setting, key: &str, n: i64) -> Option<YakuMatch<'s>> {
    let b = s.bonus(key)?;
    Some(YakuMatch {
        key: &b.key,
        name: &b.name,
        han: n,
        japanese: &b.japanese,
        times: Some(n),
        yakuman: 0,
    })
}

/// Dora, ura dora (riichi hands only), Norths set aside and red fives: han that are not
/// yaku (han_fu.dora_matches). None: the setting lacks a bonus' words (Python's line).
fn dora_matches<'s>(hand: &Hand, s: &'s Setting) -> Option<Vec<YakuMatch<'s>>> {
    let mut out = Vec::new();
    if !s.dora || s.dora_payments {
        return Some(out);
    }
    let ctx = &hand.ctx;
    let three = s.players == 3;
    let dora = dora_count(hand, &ctx.dora, three);
    if dora > 0 {
        out.push(bonus_match(s, "dora", dora)?);
    }
    if !ctx.ura.is_empty() && ctx.has(flag::DECLARED) {
        let ura = dora_count(hand, &ctx.ura, three);
        if ura > 0 {
            out.push(bonus_match(s, "ura_dora", ura)?);
        }
    }
    if ctx.kita > 0 {
        out.push(bonus_match(s, "kita", i64::from(ctx.kita))?);
    }
    let aka = hand.red_count() as i64;
    if aka > 0 {
        out.push(bonus_match(s, "aka_dora", aka)?);
    }
    Some(out)
}

/// The readings of the line that are wins under the ruleset (None: not a win).
fn legal_readings(hand: &Hand, s: &Setting) -> Option<Vec<Reading>> {
    let ctx = &hand.ctx;
    let nagashi = s.nagashi_shape || ctx.has(flag::NAGASHI);
    let mut found = readings(
        &hand.concealed,
        &hand.melds,
        ctx.win_tile,
        ctx.tsumo,
        s.unrelated_shape,
        nagashi,
    );
    if ctx.has(flag::CHANKAN_ANKAN) {
        found.retain(|r| r.shape == Shape::Orphans);
    }
    found.retain(|r| {
        s.shape_gates
            .iter()
            .find(|(shape, _, _)| *shape == r.shape)
            .is_none_or(|(_, _, on)| *on)
    });
    if found.is_empty() {
        None
    } else {
        Some(found)
    }
}

/// Who pays: as the line says, among the ruleset's seats, or with option two_player
/// always the one opponent.
fn win_side(hand: &Hand, s: &Setting) -> WinSide {
    let ctx = &hand.ctx;
    if !s.two_player {
        return WinSide {
            winner: ctx.seat_wind,
            tsumo: ctx.tsumo,
            discarder: ctx.discarder_at(s.players),
            honba: ctx.honba,
            sticks: ctx.sticks,
            sole_payer: None,
            seats: s.players,
            tsumo_loss: s.players != 3 || s.tsumo_loss,
        };
    }
    let other = if ctx.dealer() { 1 } else { 0 };
    WinSide {
        winner: ctx.seat_wind,
        tsumo: ctx.tsumo,
        discarder: if ctx.tsumo { None } else { Some(other) },
        honba: ctx.honba,
        sticks: ctx.sticks,
        sole_payer: Some(other),
        seats: s.players,
        tsumo_loss: true,
    }
}

/// One way to count one reading, valued: the best of them is the verdict.
struct Candidate<'r, 's> {
    reading: &'r Reading,
    closed: bool,
    yaku: Vec<YakuMatch<'s>>,
    han: i64,
    yakuman: i64,
    fu: i64,
    fu_items: Vec<FuItem<'s>>,
    base: i64,
    limit: Option<&'s str>,
    value: i64,
    alone: bool,
}

/// The verdict on a riichi-family hand, or None where Python raises NotAWin / NoYaku.
pub fn score_han_fu<'s>(hand: &Hand, s: &'s Setting) -> Option<Verdict<'s>> {
    let ctx = &hand.ctx;
    let found = legal_readings(hand, s)?;
    let side = win_side(hand, s);
    let mut bonus = dora_matches(hand, s)?;
    if let Some((key, name, han, japanese)) = &s.field {
        bonus.push(YakuMatch {
            key,
            name,
            han: *han,
            japanese,
            times: None,
            yakuman: 0,
        });
    }
    let bonus_han: i64 = bonus.iter().map(|m| m.han).sum();
    let mut min_han = s.min_han;
    let from_honba = s.two_han_minimum_honba;
    if from_honba != 0 && ctx.honba >= from_honba {
        min_han = min_han.max(2);
    }
    let line = LineFacts::of(hand);
    let mut best: Option<Candidate> = None;
    let mut best_order = (-1i64, 0i64, 0i64, 0i64, 0i64);
    for reading in &found {
        let f = HandFacts::new(&line, hand, s, reading);
        for count in choices(&f, s) {
            let (han, units) = (count.han, count.yakuman);
            if units == 0 && (han < min_han || count.rows.is_empty() && min_han != 0) {
                continue; // too few han (Python explains)
            }
            let extra = count.fu();
            let (fu, raw, fu_items) = hand_fu(&f, count.pinfu(), &s.fu, &extra);
            let total = han
                + if units != 0 || count.alone {
                    0
                } else {
                    bonus_han
                };
            let (base, limit) = base_points(total, fu, units, s);
            let value = hand_value(base, &side, s);
            // value, then yakuman over an ordinary hand of the same value, then han, then
            // fu; then more fu before rounding
            let order = (value, units, total, fu, raw);
            if best.is_none() || order > best_order {
                best_order = order;
                best = Some(Candidate {
                    reading,
                    closed: f.closed(),
                    yaku: count.matches(),
                    han: total,
                    yakuman: units,
                    fu,
                    fu_items,
                    base,
                    limit,
                    value,
                    alone: count.alone,
                });
            }
        }
    }
    let best = best?;
    Some(verdict(best, bonus, hand, s, &side))
}

const RIICHI_FLAGS: u32 = flag::DECLARED;

/// What the line states that the count leaves out: ura dora, renhou, a first draw.
fn flag_notes(c: &Candidate, hand: &Hand, s: &Setting) -> Vec<Note> {
    let ctx = &hand.ctx;
    let mut notes = Vec::new();
    if !ctx.ura.is_empty() && !ctx.has(RIICHI_FLAGS) {
        notes.push((
            "ura_without_riichi",
            "ura dora count only for a riichi hand: the ura: indicators are ignored".to_string(),
        ));
    }
    if ctx.has(flag::RENHOU) && c.yaku.iter().all(|m| m.key != "renhou") {
        if s.renhou == "off" {
            notes.push((
                "renhou_off",
                "renhou counts nothing under the option renhou=off".to_string(),
            ));
        } else {
            notes.push((
                "renhou_less",
                format!(
                    "renhou ({}) is worth less than the hand's own yaku, which count instead",
                    s.renhou
                ),
            ));
        }
    }
    if ctx.has(flag::FIRST_TURN) && c.yaku.iter().any(|m| m.key == "shiisan_puutaa") {
        // sorted(flags & {tenhou, chiihou}): chiihou before tenhou
        let first = if ctx.has(flag::CHIIHOU) {
            Some("chiihou")
        } else if ctx.has(flag::TENHOU) {
            Some("tenhou")
        } else {
            None
        };
        if let Some(first) = first {
            notes.push((
                "first_draw_once",
                format!(
                    "'first-turn' and '{first}' name the same first draw: 十三不搭 counted once \
                     (thirteen unrelated tiles take no {first})"
                ),
            ));
        }
    }
    notes
}

/// What the liable player answers for, when the hand holds more than the liable yakuman.
fn share_words(c: &Candidate, liable_units: i64, whole: bool) -> &'static str {
    if c.yakuman <= liable_units {
        ""
    } else if whole {
        "the whole hand"
    } else {
        "the liable yakuman only"
    }
}

/// The payments and the liability when someone answers for the hand (包), else None.
fn liable(
    c: &Candidate,
    hand: &Hand,
    s: &Setting,
    side: &WinSide,
    notes: &mut Vec<Note>,
) -> Option<(Vec<Payment>, Liability)> {
    let keys: Vec<&str> = c.yaku.iter().map(|m| m.key).collect();
    let pao_yakuman = c.yakuman != 0 && s.liability == LiabilityRule::Pao;
    if pao_yakuman {
        let (calls, more) = find_liable(hand, &keys, &s.pao, side.seats);
        notes.extend(more);
        let call = calls.first()?;
        let answered: Vec<String> = calls
            .iter()
            .filter(|x| x.seat == call.seat)
            .map(|x| x.yaku.clone())
            .collect();
        let whole = s.pao_whole;
        let liable_units: i64 = c
            .yaku
            .iter()
            .filter(|m| answered.iter().any(|a| a == m.key))
            .map(|m| m.yakuman)
            .sum();
        let liable_base = if whole {
            c.base
        } else {
            c.base.min(8000 * liable_units)
        };
        let payments = liable_payments(c.base, liable_base, call.seat, side, s, whole);
        let (key, rule) = describe(
            call,
            side.tsumo,
            side.discarder,
            share_words(c, liable_units, whole),
        );
        return Some((
            payments,
            Liability {
                seat: call.seat,
                yaku: answered,
                key,
                rule,
            },
        ));
    }
    if s.liability != LiabilityRule::Arushal {
        return None;
    }
    let (call, more, answered) = find_arushal_liable(hand, &keys);
    notes.extend(more);
    let call = call?;
    let payments = liable_payments(c.base, c.base, call.seat, side, s, true);
    let (key, rule) = describe(&call, side.tsumo, side.discarder, "");
    Some((
        payments,
        Liability {
            seat: call.seat,
            yaku: answered,
            key,
            rule,
        },
    ))
}

fn verdict<'s>(
    c: Candidate<'_, 's>,
    bonus: Vec<YakuMatch<'s>>,
    hand: &Hand,
    s: &'s Setting,
    side: &WinSide,
) -> Verdict<'s> {
    let mut notes = flag_notes(&c, hand, s);
    let (mut payments, liability) = match liable(&c, hand, s, side, &mut notes) {
        Some((payments, liability)) => (payments, Some(liability)),
        None => {
            let mut p = hand_payments(c.base, side, s);
            p.extend(honba_payments(side, s, None));
            (p, None)
        }
    };
    payments.extend(deposit_payments(side, s));
    let (extras, more) = extra_payments(hand, c.yaku.len(), c.yakuman, c.closed, side, s);
    payments.extend(extras);
    notes.extend(more);
    if !side.tsumo && side.discarder.is_none() {
        notes.push((
            "unknown_discarder",
            "the discarder is not written (ron:<tile> with - = or +), so the payment is from \
             an unknown seat and net leaves it out"
                .to_string(),
        ));
    }
    let plain = c.yakuman == 0 && !c.alone; // a limit or yakuman hand shows no fu and no dora
    let net = net_of(&payments, side.seats);
    let mut yaku = c.yaku;
    if plain {
        yaku.extend(bonus);
    }
    Verdict {
        han: if c.yakuman != 0 { None } else { Some(c.han) },
        fu: if plain { Some(c.fu) } else { None },
        fu_items: if plain { c.fu_items } else { Vec::new() },
        limit: c.limit,
        yakuman: c.yakuman,
        value: c.value,
        payments,
        net,
        winner: side.winner,
        tsumo: side.tsumo,
        yaku,
        liability,
        reading: c.reading.text(),
        notes,
    }
}
