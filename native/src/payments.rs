//! Who pays whom (scoring/payments.py): each payment a line with its reason.

use std::borrow::Cow;

use crate::points::{round_up, round_up_half};
use crate::result::{Payer, Payment};
use crate::setting::Setting;
use crate::tiles::Seat;

/// The facts payments need: who won, how, and from whom.
#[derive(Clone, Debug)]
pub struct WinSide {
    pub winner: Seat,
    pub tsumo: bool,
    pub discarder: Option<Seat>, // None: a ron whose discarder is not written
    pub honba: i64,
    pub sticks: i64,
    pub sole_payer: Option<Seat>, // two players: the one opponent pays everything
    pub seats: u8,                // the table's seats: the first 3 or 4 of E S W N
    pub tsumo_loss: bool,
}

fn payer(seat: Option<Seat>) -> Payer {
    seat.map_or(Payer::Unknown, Payer::Seat)
}

fn ron_total(base: i64, dealer: bool, s: &Setting) -> i64 {
    let times = if dealer {
        s.dealer_ron
    } else {
        s.nondealer_ron
    };
    round_up(base * times, s.payment_unit)
}

/// (the dealer's or, on a dealer's win, each payer's share; a non-dealer payer's share) of a
/// three-player tsumo without tsumo loss: the two payers split North's share.
fn split_north(base: i64, dealer: bool, s: &Setting) -> (i64, i64) {
    let north = if dealer { 2 * base } else { base };
    let unit = s.payment_unit;
    (
        round_up_half(4 * base + north, unit),
        round_up_half(2 * base + north, unit),
    )
}

fn tsumo_shares(base: i64, dealer: bool, side: &WinSide, s: &Setting) -> (i64, i64) {
    if !side.tsumo_loss && side.seats == 3 {
        return split_north(base, dealer, s);
    }
    (
        round_up(2 * base, s.payment_unit),
        round_up(base, s.payment_unit),
    )
}

/// The hand's own value, before honba and deposits.
pub fn hand_payments(base: i64, side: &WinSide, s: &Setting) -> Vec<Payment> {
    let dealer = side.winner == 0;
    if !side.tsumo {
        let amount = ron_total(base, dealer, s);
        return vec![Payment::new(
            payer(side.discarder),
            side.winner,
            amount,
            "ron",
        )];
    }
    if let Some(sole) = side.sole_payer {
        let amount = ron_total(base, dealer, s);
        return vec![Payment::new(
            Payer::Seat(sole),
            side.winner,
            amount,
            "tsumo",
        )];
    }
    let (double, single) = tsumo_shares(base, dealer, side, s);
    (0..side.seats)
        .filter(|&seat| seat != side.winner)
        .map(|seat| {
            let amount = if dealer || seat == 0 { double } else { single };
            Payment::new(Payer::Seat(seat), side.winner, amount, "tsumo")
        })
        .collect()
}

/// What `hand_payments` adds up to, without making the payments.
pub fn hand_value(base: i64, side: &WinSide, s: &Setting) -> i64 {
    let dealer = side.winner == 0;
    if !side.tsumo || side.sole_payer.is_some() {
        return ron_total(base, dealer, s);
    }
    let others = i64::from(side.seats) - 1;
    let (double, single) = tsumo_shares(base, dealer, side, s);
    if dealer {
        others * double
    } else {
        double + (others - 1) * single
    }
}

fn honba_label(honba: i64) -> Cow<'static, str> {
    Cow::Owned(format!("honba ×{honba}"))
}

/// Counters: from the discarder on ron, from every payer on tsumo; `payer` (liability)
/// pays them all, as the one opponent of a two-player game does.
pub fn honba_payments(side: &WinSide, s: &Setting, payer_: Option<Seat>) -> Vec<Payment> {
    if side.honba == 0 {
        return Vec::new();
    }
    let who = payer_.or(side.sole_payer);
    if who.is_some() || !side.tsumo {
        let seat = who.or(side.discarder);
        return vec![Payment {
            units: Some(side.honba),
            label: honba_label(side.honba),
            ..Payment::new(payer(seat), side.winner, s.honba_ron * side.honba, "honba")
        }];
    }
    (0..side.seats)
        .filter(|&seat| seat != side.winner)
        .map(|seat| Payment {
            units: Some(side.honba),
            label: honba_label(side.honba),
            ..Payment::new(
                Payer::Seat(seat),
                side.winner,
                s.honba_tsumo * side.honba,
                "honba",
            )
        })
        .collect()
}

pub fn deposit_payments(side: &WinSide, s: &Setting) -> Vec<Payment> {
    if side.sticks == 0 {
        return Vec::new();
    }
    vec![Payment {
        units: Some(side.sticks),
        label: Cow::Owned(format!("riichi deposits ×{}", side.sticks)),
        ..Payment::new(
            Payer::Table,
            side.winner,
            s.deposit * side.sticks,
            "deposits",
        )
    }]
}

/// Payments when `liable` answers for `liable_base` of the hand's base points.
pub fn liable_payments(
    total_base: i64,
    liable_base: i64,
    liable: Seat,
    side: &WinSide,
    s: &Setting,
    tsumo_whole: bool,
) -> Vec<Payment> {
    let dealer = side.winner == 0;
    let rest = total_base - liable_base;
    let mut out = Vec::new();
    let mut honba_payer = Some(liable);
    if side.tsumo {
        let base = if tsumo_whole { total_base } else { liable_base };
        out.push(Payment::new(
            Payer::Seat(liable),
            side.winner,
            ron_total(base, dealer, s),
            "liability",
        ));
        if rest != 0 && !tsumo_whole {
            out.extend(hand_payments(rest, side, s));
        }
    } else if side.discarder == Some(liable) {
        out.push(Payment::new(
            Payer::Seat(liable),
            side.winner,
            ron_total(total_base, dealer, s),
            "ron",
        ));
    } else {
        let share = ron_total(liable_base, dealer, s);
        let half = round_up_half(share, s.payment_unit);
        out.push(Payment {
            label: Cow::Borrowed("liability (half)"),
            key: "liability_half",
            ..Payment::new(Payer::Seat(liable), side.winner, half, "liability")
        });
        let more = if rest != 0 {
            ron_total(rest, dealer, s)
        } else {
            0
        };
        out.push(Payment::new(
            payer(side.discarder),
            side.winner,
            share - half + more,
            "ron",
        ));
        if s.pao_honba_by_discarder {
            honba_payer = side.discarder;
        }
    }
    out.extend(honba_payments(side, s, honba_payer));
    out
}

/// Each seat's change, one per seat of the table in turn order.
pub fn net_of(payments: &[Payment], seats: u8) -> Vec<(Seat, i64)> {
    let mut net: Vec<(Seat, i64)> = (0..seats).map(|s| (s, 0)).collect();
    for p in payments {
        if let Some(e) = net.iter_mut().find(|(s, _)| *s == p.payee) {
            e.1 += p.amount;
        }
        if let Payer::Seat(seat) = p.payer {
            if let Some(e) = net.iter_mut().find(|(s, _)| *s == seat) {
                e.1 -= p.amount;
            }
        }
    }
    net
}
