//! What a scored line is (mjscore/core/result.py): the values the record is written from.

use std::borrow::Cow;

use crate::tiles::Seat;

/// One yaku or bonus han as the record lists it (result.YakuMatch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YakuMatch<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub han: i64,
    pub japanese: &'a str,
    pub times: Option<i64>, // the record's "count"
    pub yakuman: i64,
}

/// One fu item (result.FuItem): what it is for (its key of core.phrases.FU), its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuItem<'a> {
    pub key: &'static str,
    pub reason: Cow<'a, str>,
    pub fu: i64,
}

impl<'a> FuItem<'a> {
    pub fn borrowed(key: &'static str, reason: &'a str, fu: i64) -> FuItem<'a> {
        FuItem {
            key,
            reason: Cow::Borrowed(reason),
            fu,
        }
    }
}

/// Who pays: a seat, the table (deposits) or a discarder nobody wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payer {
    Seat(Seat),
    Table,
    Unknown,
}

/// One payment line (result.Payment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    pub payer: Payer,
    pub payee: Seat,
    pub amount: i64,
    pub reason: &'static str,
    pub units: Option<i64>,
    pub label: Cow<'static, str>, // empty: the reason itself
    pub key: &'static str,        // the label's key (core.phrases.PAYMENT); empty: the reason
}

impl Payment {
    pub fn new(payer: Payer, payee: Seat, amount: i64, reason: &'static str) -> Payment {
        Payment {
            payer,
            payee,
            amount,
            reason,
            units: None,
            label: Cow::Borrowed(""),
            key: "",
        }
    }
}

/// Who answers for the hand (result.Liability).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Liability {
    pub seat: Seat,
    pub yaku: Vec<String>,
    pub key: &'static str, // who pays what (core.phrases.LIABILITY)
    pub rule: String,
}

/// A remark for people and its key (core.phrases.NOTE).
pub type Note = (&'static str, String);

/// The riichi family's score and what a scheme says of a winning hand (result.Verdict).
#[derive(Clone, Debug)]
pub struct Verdict<'a> {
    pub han: Option<i64>,
    pub fu: Option<i64>,
    pub fu_items: Vec<FuItem<'a>>,
    pub limit: Option<&'a str>,
    pub yakuman: i64,
    pub value: i64,
    pub payments: Vec<Payment>,
    pub net: Vec<(Seat, i64)>,
    pub winner: Seat,
    pub tsumo: bool,
    pub yaku: Vec<YakuMatch<'a>>,
    pub liability: Option<Liability>,
    pub reading: String,
    pub notes: Vec<Note>,
}
