//! The loop over a chunk of lines (mjscore/engine's score_line, for the lines this core
//! finishes): text -> Hand -> setting -> validation -> han/fu -> record text.

use std::collections::HashMap;

use crate::han_fu::score_han_fu;
use crate::notation::{line_label, parse_line};
use crate::record::{render, Format, Line};
use crate::setting::Setting;
use crate::validate::valid;

/// A setting's key: the line's own `rules:` and `opt:` tokens (the run's are the core's).
pub type Key = (Option<String>, Vec<(String, String)>);

/// What became of one line.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Its record is written into the chunk's text.
    Scored,
    /// Python scores it (an error, a form this core leaves to Python, a setting of another
    /// family).
    Python,
    /// Its setting has not been sent yet: Python sends it (or says it is Python's) and asks
    /// again.
    NeedSetting(Key),
}

/// The settings of one run (one ruleset and its house rules), by the line's own tokens;
/// None: lines of that setting are Python's.
#[derive(Default)]
pub struct Settings {
    pub by_key: HashMap<Key, Option<Setting>>,
}

/// A line whose first token is `draw:` (core.drawn.is_drawn_line): a drawn round.
fn is_drawn_line(text: &str) -> bool {
    let head = text.trim_start_matches(crate::notation::is_py_space);
    head.len() >= 5 && head.as_bytes()[..5].eq_ignore_ascii_case(b"draw:")
}

/// Score one line into `out` (its rendered record), or say why not.
pub fn score_line(
    settings: &Settings,
    number: i64,
    text: &str,
    fmt: Format,
    source: Option<&str>,
    out: &mut String,
) -> Outcome {
    if is_drawn_line(text) {
        return Outcome::Python;
    }
    let Ok(hand) = parse_line(text) else {
        return Outcome::Python;
    };
    let key: Key = (hand.ctx.rules.clone(), hand.ctx.options.clone());
    let setting = match settings.by_key.get(&key) {
        None => return Outcome::NeedSetting(key),
        Some(None) => return Outcome::Python,
        Some(Some(s)) => s,
    };
    if !valid(&hand, setting) {
        return Outcome::Python;
    }
    let Some(verdict) = score_han_fu(&hand, setting) else {
        return Outcome::Python;
    };
    let line = Line {
        number,
        input: text,
        label: if text.contains('#') {
            line_label(text)
        } else {
            None
        },
        source,
        kita: hand.ctx.kita,
    };
    render(out, fmt, setting, &line, &verdict);
    Outcome::Scored
}
