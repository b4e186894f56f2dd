//! Payments a ruleset adds on top of the hand's value (scoring/extras.py): Kansai Boo's
//! dora and closed-hand bonus, and the note of a yakuman that ends a Boo game.

use std::borrow::Cow;

use crate::hand::Hand;
use crate::payments::WinSide;
use crate::result::{Note, Payer, Payment};
use crate::setting::Setting;
use crate::tiles::{self, Tile};

fn table_payments(
    side: &WinSide,
    ron_amount: i64,
    tsumo_each: i64,
    reason: &'static str,
    count: Option<i64>,
    (key, label): (&'static str, Cow<'static, str>),
) -> Vec<Payment> {
    let one = |payer: Payer, amount: i64| Payment {
        units: count,
        label: label.clone(),
        key,
        ..Payment::new(payer, side.winner, amount, reason)
    };
    if !side.tsumo {
        let payer = side.discarder.map_or(Payer::Unknown, Payer::Seat);
        return vec![one(payer, ron_amount)];
    }
    (0..side.seats)
        .filter(|&seat| seat != side.winner)
        .map(|seat| one(Payer::Seat(seat), tsumo_each))
        .collect()
}

/// Dora tiles in the whole hand for `indicators` (a red five counts as its five); `three`:
/// a three-player set, where 1m indicates 9m and each North set aside is a North held.
pub fn dora_count(hand: &Hand, indicators: &[Tile], three: bool) -> i64 {
    let held = &hand.all_winner_tiles;
    let count = |t: Tile| held.iter().filter(|&&h| h == t).count() as i64;
    indicators
        .iter()
        .map(|&i| {
            if three {
                let kita = if i == tiles::WEST {
                    i64::from(hand.ctx.kita)
                } else {
                    0
                };
                count(tiles::dora_after_three(i)) + kita
            } else {
                count(tiles::dora_after(i))
            }
        })
        .sum()
}

/// (payment lines, notes) of the ruleset's extras for this win; `yaku_count` the yaku the
/// count has (the field han aside), `yakuman` its units.
pub fn extra_payments(
    hand: &Hand,
    yaku_count: usize,
    yakuman: i64,
    closed: bool,
    side: &WinSide,
    s: &Setting,
) -> (Vec<Payment>, Vec<Note>) {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    if s.dora_payments && !hand.ctx.dora.is_empty() {
        let n = dora_count(hand, &hand.ctx.dora, false);
        if n > 0 && s.open_dora_needs_yaku && !closed && yaku_count == 0 {
            notes.push((
                "dora_not_paid",
                format!(
                    "{n} dora not paid: the hand is open and has no yaku besides the field han \
                     (option open_dora_needs_yaku)"
                ),
            ));
        } else if n > 0 {
            out.extend(table_payments(
                side,
                s.dora_extra_ron * n,
                s.dora_extra_tsumo * n,
                "dora",
                Some(n),
                ("dora", Cow::Owned(format!("dora ×{n}"))),
            ));
        }
    }
    if s.closed_bonus && closed {
        out.extend(table_payments(
            side,
            s.closed_bonus_ron,
            s.closed_bonus_tsumo,
            "bonus",
            None,
            ("closed_bonus", Cow::Borrowed("closed hand bonus")),
        ));
    }
    if yakuman > 0 {
        if let Some(note) = &s.yakuman_note {
            notes.push(("yakuman_ends_game", note.clone()));
        }
    }
    (out, notes)
}
