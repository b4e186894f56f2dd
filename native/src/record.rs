//! A scored line's record as the machine formats write it (mjscore/report/record_text.py,
//! jsonl.py, json.py, tsv.py): the keys of ScoreResult.to_dict() in their order.

use crate::json::Writer;
use crate::result::{FuItem, Payer, Payment, Verdict, YakuMatch};
use crate::setting::Setting;
use crate::tiles::seat_letter;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Jsonl,
    Json,
    Tsv,
}

impl Format {
    pub fn of(name: &str) -> Option<Format> {
        match name {
            "jsonl" => Some(Format::Jsonl),
            "json" => Some(Format::Json),
            "tsv" => Some(Format::Tsv),
            _ => None,
        }
    }

    /// What goes between two rendered records of a chunk (report.json.JOIN).
    pub fn join(self) -> &'static str {
        if self == Format::Json {
            ",\n"
        } else {
            ""
        }
    }
}

/// The line a record is of: where it was read, its number, its text and its label.
pub struct Line<'a> {
    pub number: i64,
    pub input: &'a str,
    pub label: Option<String>,
    pub source: Option<&'a str>,
    pub kita: u8,
}

fn yaku_item(w: &mut Writer, m: &YakuMatch) {
    w.begin_object();
    w.key("key");
    w.plain(m.key);
    w.key("name");
    w.plain(m.name);
    w.key("han");
    w.int(m.han);
    if !m.japanese.is_empty() {
        w.key("name_ja");
        w.plain(m.japanese);
    }
    if let Some(n) = m.times {
        w.key("count");
        w.int(n);
    }
    if m.yakuman != 0 {
        w.key("yakuman");
        w.int(m.yakuman);
    }
    w.end_object();
}

fn fu_item(w: &mut Writer, i: &FuItem) {
    w.begin_object();
    w.key("key");
    w.plain(i.key);
    w.key("reason");
    w.plain(&i.reason);
    w.key("fu");
    w.int(i.fu);
    w.end_object();
}

fn payment(w: &mut Writer, p: &Payment) {
    w.begin_object();
    w.key("from");
    match p.payer {
        Payer::Seat(s) => w.plain(seat_letter(s)),
        Payer::Table => w.plain("table"),
        Payer::Unknown => w.null(),
    }
    w.key("to");
    w.plain(seat_letter(p.payee));
    w.key("amount");
    w.int(p.amount);
    w.key("reason");
    w.plain(p.reason);
    if let Some(n) = p.units {
        w.key("count");
        w.int(n);
    }
    w.key("key");
    w.plain(if p.key.is_empty() { p.reason } else { p.key });
    w.key("label");
    w.plain(if p.label.is_empty() {
        p.reason
    } else {
        &p.label
    });
    w.end_object();
}

fn list<T>(w: &mut Writer, items: &[T], each: fn(&mut Writer, &T)) {
    w.begin_list();
    for i in items {
        w.item();
        each(w, i);
    }
    w.end_list();
}

/// The record of one scored hand, as `report.record_text.record_text` writes it.
fn json_record(
    out: &mut String,
    indent: bool,
    base: &'static str,
    s: &Setting,
    line: &Line,
    v: &Verdict,
) {
    let mut w = Writer::new(out, indent, base);
    w.begin_object();
    if let Some(source) = line.source {
        w.key("file");
        w.str(source);
    }
    w.key("line");
    w.int(line.number);
    w.key("input");
    w.str(line.input);
    if let Some(label) = &line.label {
        w.key("label");
        w.str(label);
    }
    w.raw_members(match (indent, base.is_empty()) {
        (false, _) => &s.head_line,
        (true, true) => &s.head_indented,
        (true, false) => &s.head_array,
    });
    w.key("ok");
    w.bool(true);
    w.key("error");
    w.null();
    w.key("winner");
    w.plain(seat_letter(v.winner));
    w.key("yaku");
    list(&mut w, &v.yaku, yaku_item);
    w.key("han");
    w.opt_int(v.han);
    w.key("fu");
    w.opt_int(v.fu);
    w.key("fu_items");
    list(&mut w, &v.fu_items, fu_item);
    w.key("limit");
    w.opt_plain(v.limit);
    w.key("yakuman");
    w.int(v.yakuman);
    w.key("value");
    w.int(v.value);
    w.key("payments");
    list(&mut w, &v.payments, payment);
    w.key("net");
    w.begin_object();
    for (seat, amount) in &v.net {
        w.key(seat_letter(*seat));
        w.int(*amount);
    }
    w.end_object();
    w.key("liability");
    match &v.liability {
        None => w.null(),
        Some(l) => {
            w.begin_object();
            w.key("seat");
            w.plain(seat_letter(l.seat));
            w.key("yaku");
            w.plain_list(l.yaku.iter().map(String::as_str));
            w.key("key");
            w.plain(l.key);
            w.key("rule");
            w.plain(&l.rule);
            w.end_object();
        }
    }
    w.key("win");
    w.plain(if v.tsumo { "tsumo" } else { "ron" });
    w.key("reading");
    w.plain(&v.reading);
    w.key("notes");
    w.str_list(v.notes.iter().map(|(_, text)| text.as_str()));
    w.key("note_keys");
    w.plain_list(v.notes.iter().map(|(key, _)| *key));
    w.key("kita");
    w.int(i64::from(line.kita));
    w.end_object();
}

/// One TSV cell of a plain value (report.tsv_cell): text that needs no escaping here,
/// since a scored line's rules, seats, limits and yaku keys are plain names.
fn cell(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\t');
}

fn int_cell(out: &mut String, n: Option<i64>) {
    if let Some(n) = n {
        out.push_str(&n.to_string());
    }
    out.push('\t');
}

/// One hand as its TSV row (report.tsv.row), the line's end included.
fn tsv_row(out: &mut String, s: &Setting, line: &Line, v: &Verdict) {
    int_cell(out, Some(line.number));
    cell(out, "true");
    cell(out, &s.name);
    cell(out, seat_letter(v.winner));
    int_cell(out, v.han);
    int_cell(out, v.fu);
    cell(out, v.limit.unwrap_or(""));
    int_cell(out, Some(v.value));
    for seat in 0..4u8 {
        int_cell(out, v.net.iter().find(|(s, _)| *s == seat).map(|(_, n)| *n));
    }
    let keys: Vec<&str> = v.yaku.iter().map(|m| m.key).collect();
    out.push_str(&keys.join(","));
    out.push('\t');
    out.push('\n');
}

/// The line's output in `fmt`, as the format's `render` writes it (workers render).
pub fn render(out: &mut String, fmt: Format, s: &Setting, line: &Line, v: &Verdict) {
    match fmt {
        Format::Jsonl => {
            json_record(out, false, "", s, line, v);
            out.push('\n');
        }
        Format::Json => {
            out.push_str("  ");
            json_record(out, true, "  ", s, line, v);
        }
        Format::Tsv => tsv_row(out, s, line, v),
    }
}
