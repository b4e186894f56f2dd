//! mjscore's native core: hand lines of the riichi family in, record text out.
//!
//! The same pipeline as the Python package, one module per concern as there:
//! notation, validate, setting, decompose, facts, yaku, fu, points, payments,
//! liability, extras, han_fu, result, then the record writer (json, record) and the
//! loop (engine). Python is the reference: a line this core does not finish goes back
//! to it, so every message is written once, in Python (mjscore/cli/native.py).

pub mod decompose;
pub mod engine;
pub mod extras;
pub mod facts;
pub mod fu;
pub mod han_fu;
pub mod hand;
pub mod json;
pub mod liability;
pub mod notation;
pub mod payments;
pub mod points;
pub mod record;
pub mod result;
pub mod setting;
pub mod tiles;
pub mod validate;
pub mod yaku;

#[cfg(feature = "python")]
mod binding;
