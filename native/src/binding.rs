//! The Python boundary: the module `mjscore._native`, its `Core`, and the setting payload
//! read into a `Setting` (the Python side is mjscore/cli/native.py).
//!
//! A chunk of lines goes in, its records come out as text; a line this core does not
//! finish comes back as a hole that Python fills. A panic while scoring a line is caught
//! here and comes back as that line's hole with the panic's words, never as a crash.

use std::panic::{self, AssertUnwindSafe};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::decompose::Shape;
use crate::engine::{score_line, Outcome, Settings};
use crate::hand::flag;
use crate::record::Format;
use crate::setting::{word, Bonus, FlagRule, FuTable, Item, LiabilityRule, Setting, YakuRow};
use crate::tiles;
use crate::yaku;

fn get<'py, T>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py>,
{
    match d.get_item(key)? {
        Some(value) => value
            .extract::<T>()
            .map_err(|e| PyValueError::new_err(format!("setting key '{key}': {}", e.into()))),
        None => Err(PyValueError::new_err(format!(
            "setting key '{key}' is missing"
        ))),
    }
}

fn refuse<T>(why: String) -> PyResult<T> {
    Err(PyValueError::new_err(why))
}

fn flag_bits(names: &[String]) -> PyResult<u32> {
    let mut bits = 0;
    for name in names {
        match flag::of(name) {
            Some(bit) => bits |= bit,
            None => return refuse(format!("unknown flag '{name}'")),
        }
    }
    Ok(bits)
}

fn yaku_ids(keys: &[String]) -> PyResult<u128> {
    let mut bits = 0u128;
    for key in keys {
        match yaku::id_of(key) {
            Some(id) => bits |= 1u128 << id,
            None => return refuse(format!("no predicate for yaku '{key}'")),
        }
    }
    Ok(bits)
}

type RowTuple = (
    usize,
    String,
    String,
    i64,
    String,
    i64,
    bool,
    Vec<String>,
    Option<Item>,
);

fn rows(d: &Bound<'_, PyDict>, key: &str) -> PyResult<Vec<YakuRow>> {
    let mut out = Vec::new();
    for (order, key, name, han, japanese, yakuman, alone, supersedes, fu) in
        get::<Vec<RowTuple>>(d, key)?
    {
        let Some(id) = yaku::id_of(&key) else {
            return refuse(format!("no predicate for yaku '{key}'"));
        };
        out.push(YakuRow {
            order,
            id,
            key,
            name,
            han,
            japanese,
            yakuman,
            alone,
            supersedes: yaku_ids(&supersedes)?,
            fu,
        });
    }
    Ok(out)
}

fn fu_table(d: &Bound<'_, PyDict>) -> PyResult<FuTable> {
    Ok(FuTable {
        seven_pairs: get(d, "seven_pairs")?,
        pinfu_tsumo_fu: get(d, "pinfu_tsumo_fu")?,
        pinfu_tsumo: get(d, "pinfu_tsumo")?,
        closed_ron: get(d, "closed_ron")?,
        tsumo: get(d, "tsumo")?,
        kanchan: get(d, "kanchan")?,
        penchan: get(d, "penchan")?,
        tanki: get(d, "tanki")?,
        value_pair: get(d, "value_pair")?,
        double_wind_pair: get(d, "double_wind_pair")?,
        raised_to: get(d, "raised_to")?,
        raised: get(d, "raised")?,
    })
}

/// The setting Python sends (cli/native.py `payload`), checked: anything this core cannot
/// score as Python does is refused, and that setting's lines stay Python's.
fn setting_of(d: &Bound<'_, PyDict>) -> PyResult<Setting> {
    let players: u8 = get(d, "players")?;
    if players != 3 && players != 4 {
        return refuse(format!("{players} players"));
    }
    let mut flag_rules = Vec::new();
    for (name, needs, words) in get::<Vec<(String, bool, Vec<String>)>>(d, "flag_rules")? {
        let mut bits = 0u64;
        for w in &words {
            match word::of(w) {
                Some(b) => bits |= b,
                None => return refuse(format!("unknown word '{w}' of a flag rule")),
            }
        }
        flag_rules.push(FlagRule {
            flag: flag_bits(&[name])?,
            needs,
            words: bits,
        });
    }
    let mut round_winds = Vec::new();
    for c in get::<String>(d, "round_winds")?.bytes() {
        match tiles::seat_of(c) {
            Some(s) if c.is_ascii_uppercase() => round_winds.push(s),
            _ => return refuse("round winds".to_string()),
        }
    }
    let han_offset: i64 = get(d, "han_offset")?;
    if han_offset < 0 {
        return refuse("a negative han_offset".to_string());
    }
    let extra_shapes: Vec<String> = get(d, "extra_shapes")?;
    let mut shape_gates = Vec::new();
    for (shape, option, on) in get::<Vec<(String, String, bool)>>(d, "shape_options")? {
        match Shape::of(&shape) {
            Some(s) => shape_gates.push((s, option, on)),
            None => return refuse(format!("shape '{shape}'")),
        }
    }
    let liability = match get::<String>(d, "liability")?.as_str() {
        "none" => LiabilityRule::None,
        "pao" => LiabilityRule::Pao,
        "arushal" => LiabilityRule::Arushal,
        other => return refuse(format!("liability '{other}'")),
    };
    let result: String = get(d, "yakuman_result")?;
    let yakuman_note = if result == "normal" {
        None
    } else {
        let (name, each): (String, i64) = get(d, "yakuman_result_words")?;
        Some(format!(
            "this yakuman ends the game (yakuman_result={result}): the winner takes {name}, \
             {each} game points from every other player (mjscore boo-result)"
        ))
    };
    let mut bonus = Vec::new();
    for (key, name, japanese) in get::<Vec<(String, String, String)>>(d, "bonus")? {
        bonus.push(Bonus {
            key,
            name,
            japanese,
        });
    }
    let (head_line, head_indented): (String, String) = get(d, "head")?;
    let fu: Bound<'_, PyDict> = get(d, "fu")?;
    let setting = Setting {
        name: get(d, "name")?,
        players,
        flags: flag_bits(&get::<Vec<String>>(d, "flags")?)?,
        flag_rules,
        dora: get(d, "dora")?,
        ura: get(d, "ura")?,
        dora_indicators: get(d, "dora_indicators")?,
        ura_indicators: get(d, "ura_indicators")?,
        red_allowed: get(d, "red_allowed")?,
        red_option: get(d, "red_option")?,
        chiihou_by_ron: get(d, "chiihou_by_ron")?,
        quad_hands: get(d, "quad_hands")?,
        round_winds,
        honba: get(d, "honba")?,
        deposits: get(d, "deposits")?,
        min_han: get(d, "min_han")?,
        han_offset,
        limits: get(d, "limits")?,
        mangan_base: get(d, "mangan_base")?,
        yakuman_as_mangan: get(d, "yakuman_as_mangan")?,
        dealer_ron: get(d, "dealer_ron")?,
        nondealer_ron: get(d, "nondealer_ron")?,
        payment_unit: get(d, "payment_unit")?,
        honba_ron: get(d, "honba_ron")?,
        honba_tsumo: get(d, "honba_tsumo")?,
        deposit: get(d, "deposit")?,
        dora_payments: get(d, "dora_payments")?,
        dora_extra_ron: get(d, "dora_extra_ron")?,
        dora_extra_tsumo: get(d, "dora_extra_tsumo")?,
        closed_bonus_ron: get(d, "closed_bonus_ron")?,
        closed_bonus_tsumo: get(d, "closed_bonus_tsumo")?,
        liability,
        pao_honba_by_discarder: get::<String>(d, "pao_honba_ron")? == "discarder",
        unrelated_shape: extra_shapes.iter().any(|s| s == "thirteen-unrelated"),
        nagashi_shape: extra_shapes.iter().any(|s| s == "nagashi"),
        shape_gates,
        two_han_minimum_honba: get(d, "two_han_minimum_honba")?,
        two_player: get(d, "two_player")?,
        tsumo_loss: get(d, "tsumo_loss")?,
        kiriage_mangan: get(d, "kiriage_mangan")?,
        kazoe_yakuman: get(d, "kazoe_yakuman")?,
        pao: get(d, "pao")?,
        pao_whole: get::<String>(d, "pao_share")? == "whole",
        renhou: get(d, "renhou")?,
        open_dora_needs_yaku: get(d, "open_dora_needs_yaku")?,
        closed_bonus: get(d, "closed_bonus")?,
        yakuman_note,
        kokushi_ankan_chankan: get(d, "kokushi_ankan_chankan")?,
        tsumo_pinfu: get(d, "tsumo_pinfu")?,
        open_tanyao: get(d, "open_tanyao")?,
        closed: rows(d, "closed")?,
        open: rows(d, "open")?,
        kept: yaku_ids(&get::<Vec<String>>(d, "kept")?)?,
        stacking: get(d, "stacking")?,
        fu: fu_table(&fu)?,
        field: get(d, "field")?,
        bonus,
        head_array: head_indented.replace('\n', "\n  "),
        head_line,
        head_indented,
    };
    plain_words(&setting)?;
    Ok(setting)
}

/// Every word of the setting that a record shows, checked once: the record writer puts
/// them in as they are, so a word JSON would escape (or a ruleset name TSV would) leaves
/// the setting to Python.
fn plain_words(s: &Setting) -> PyResult<()> {
    let mut words: Vec<&str> = vec![&s.name];
    for row in s.closed.iter().chain(&s.open) {
        words.extend([row.key.as_str(), &row.name, &row.japanese]);
        if let Some((reason, _)) = &row.fu {
            words.push(reason);
        }
    }
    let t = &s.fu;
    for item in [
        &t.seven_pairs,
        &t.closed_ron,
        &t.tsumo,
        &t.kanchan,
        &t.penchan,
        &t.tanki,
    ] {
        words.push(&item.0);
    }
    for item in [&t.pinfu_tsumo, &t.raised].into_iter().flatten() {
        words.push(&item.0);
    }
    for b in &s.bonus {
        words.extend([b.key.as_str(), &b.name, &b.japanese]);
    }
    if let Some((key, name, _, japanese)) = &s.field {
        words.extend([key.as_str(), name, japanese]);
    }
    words.extend(s.limits.iter().map(|l| l.2.as_str()));
    words.extend(s.pao.iter().map(String::as_str));
    let printable = s.name.bytes().all(|b| b.is_ascii_graphic());
    match words.into_iter().find(|w| crate::json::needs_escape(w)) {
        Some(word) => refuse(format!("the word {word:?} needs an escape")),
        None if !printable => refuse(format!("the ruleset name {:?}", s.name)),
        None => Ok(()),
    }
}

/// The native core of one run (one ruleset and its house rules): its settings, and
/// `score` for a chunk of lines.
#[pyclass(module = "mjscore._native")]
pub struct Core {
    settings: Settings,
    panic_on: Option<String>,
    text: std::sync::Mutex<String>, // the records of a chunk, kept for the next chunk's
}

fn panic_words(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

#[pymethods]
impl Core {
    #[new]
    fn new() -> Core {
        Core {
            settings: Settings::default(),
            panic_on: None,
            text: std::sync::Mutex::new(String::new()),
        }
    }

    /// Register the setting of the lines whose own `rules:` token is `rules` (None: none)
    /// and whose `opt:` tokens are `options` (by name): `payload` the resolved setting, or
    /// None for a setting whose lines are Python's. A payload this core cannot score as
    /// Python does is registered as Python's; returns whether the core scores the setting.
    #[pyo3(signature = (rules, options, payload))]
    fn add_setting(
        &mut self,
        rules: Option<String>,
        options: Vec<(String, String)>,
        payload: Option<&Bound<'_, PyDict>>,
    ) -> bool {
        let setting = payload.and_then(|d| setting_of(d).ok());
        let native = setting.is_some();
        self.settings.by_key.insert((rules, options), setting);
        native
    }

    /// For the tests of the boundary: a line with exactly this text panics in the core.
    fn panic_on(&mut self, text: Option<String>) {
        self.panic_on = text;
    }

    /// Score a chunk of (line number, text) in `fmt` (jsonl, json, tsv), each record with
    /// `source` when the lines come from a file. Returns the parts of the chunk's text in
    /// order: UTF-8 bytes (runs of rendered records, joined as the format joins them) and, for
    /// each line left to Python, a tuple (its index in the chunk, why, detail): why is
    /// "python", "setting" (detail: the line's rules and options, whose setting to send)
    /// or "panic" (detail: the panic's words).
    #[pyo3(signature = (lines, fmt, source=None))]
    fn score<'py>(
        &self,
        py: Python<'py>,
        lines: &Bound<'py, PyList>,
        fmt: &str,
        source: Option<&str>,
    ) -> PyResult<Bound<'py, PyList>> {
        let Some(format) = Format::of(fmt) else {
            return refuse(format!("unknown format '{fmt}'"));
        };
        let parts = PyList::empty(py);
        let mut kept = self
            .text
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let text: &mut String = &mut kept;
        text.clear();
        for (index, item) in lines.iter().enumerate() {
            let pair = item.cast::<PyTuple>()?;
            let number: i64 = pair.get_item(0)?.extract()?;
            let line_obj = pair.get_item(1)?;
            let line = match line_obj.cast::<PyString>()?.to_str() {
                Ok(s) => s,
                Err(_) => {
                    // not UTF-8 (a lone surrogate): Python's
                    flush(py, &parts, text)?;
                    parts.append((index, "python", py.None()))?;
                    continue;
                }
            };
            let mark = text.len();
            if format == Format::Json && mark > 0 {
                text.push_str(format.join());
            }
            let run = AssertUnwindSafe(|| {
                if self.panic_on.as_deref() == Some(line) {
                    panic!("the test line of Core.panic_on");
                }
                score_line(&self.settings, number, line, format, source, text)
            });
            match panic::catch_unwind(run) {
                Ok(Outcome::Scored) => {}
                Ok(Outcome::Python) => {
                    text.truncate(mark);
                    flush(py, &parts, text)?;
                    parts.append((index, "python", py.None()))?;
                }
                Ok(Outcome::NeedSetting((rules, options))) => {
                    text.truncate(mark);
                    flush(py, &parts, text)?;
                    parts.append((index, "setting", (rules, options)))?;
                }
                Err(payload) => {
                    text.truncate(mark);
                    flush(py, &parts, text)?;
                    parts.append((index, "panic", panic_words(payload.as_ref())))?;
                }
            }
        }
        flush(py, &parts, text)?;
        Ok(parts)
    }
}

/// The records rendered so far, as one part (its bytes copied: the buffer is kept).
fn flush(py: Python<'_>, parts: &Bound<'_, PyList>, text: &mut String) -> PyResult<()> {
    if !text.is_empty() {
        parts.append(PyBytes::new(py, text.as_bytes()))?;
        text.clear();
    }
    Ok(())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // a panic is caught per line and becomes that line's error record: nothing is printed
    panic::set_hook(Box::new(|_| {}));
    m.add_class::<Core>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
