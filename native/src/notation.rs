//! Read a hand line into a Hand (mjscore/core/notation.py), for the lines the native core
//! finishes: the winner's part written in ASCII, without ' / ', flowers: or breach:.
//!
//! Anything the Python reader would refuse, and anything it reads that this one does not,
//! is `Unread`: the line goes back to Python, which writes every message and hint. So this
//! reader says only yes or no, and must never say yes where Python says no.

use crate::hand::{flag, Hand, Marker, Meld, MeldKind, WinContext};
use crate::tiles::{self, Seat, Tile};

/// The line is not one this reader finishes (an error, or a form left to Python).
#[derive(Debug, PartialEq, Eq)]
pub struct Unread;

type Read<T> = Result<T, Unread>;

pub const MAX_LINE: usize = 10_000;
const MAX_COUNT: i64 = 500;
const MAX_INDICATORS: usize = 10;
const MAX_KITA: u8 = 4;

/// Python's str.isspace() for one character (str.split() splits on these).
pub fn is_py_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | '\x0b'
            | '\x0c'
            | '\r'
            | '\x1c'..='\x1f'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// Python's `str.split()`: the words between runs of blanks.
pub fn py_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_py_space).filter(|w| !w.is_empty())
}

/// A blank or comment-only line (core.notation.is_blank): skipped by the reader.
pub fn is_blank(line: &str) -> bool {
    let stripped = line.trim_matches(is_py_space);
    stripped.is_empty() || stripped.starts_with('#')
}

/// The line's trailing comment as a record's label (core.result.line_label).
pub fn line_label(text: &str) -> Option<String> {
    let (body, comment) = text.split_once('#')?;
    if body.trim_matches(is_py_space).is_empty() {
        return None;
    }
    let joined = py_words(comment).collect::<Vec<_>>().join(" ");
    if joined.is_empty() {
        None
    } else {
        Some(joined)
    }
}

/// mpsz groups -> (tile id, is red) of each digit; `letters` the suits allowed.
fn read_tiles(body: &[u8], letters: &[u8]) -> Read<Vec<(Tile, bool)>> {
    if body.is_empty() {
        return Err(Unread);
    }
    let mut out = Vec::with_capacity(body.len());
    let mut pos = 0;
    while pos < body.len() {
        let start = pos;
        while pos < body.len() && body[pos].is_ascii_digit() {
            pos += 1;
        }
        if pos == start || pos == body.len() || !body[pos].is_ascii_alphabetic() {
            return Err(Unread); // digits without a suit letter, or not a tile group
        }
        let letter = body[pos].to_ascii_lowercase();
        if !letters.contains(&letter) {
            return Err(Unread);
        }
        for &d in &body[start..pos] {
            let d = d - b'0';
            out.push(match letter {
                b'z' if (1..=7).contains(&d) => (26 + d, false),
                b'z' => return Err(Unread),
                _ => {
                    let base = match letter {
                        b'm' => 0,
                        b'p' => 9,
                        _ => 18,
                    };
                    let r = if d == 0 { 5 } else { d };
                    (base + r - 1, d == 0)
                }
            });
        }
        pos += 1;
    }
    Ok(out)
}

const MPSZ: &[u8] = b"mpsz";

fn without_commas(value: &str) -> Vec<u8> {
    value.bytes().filter(|&b| b != b',').collect()
}

/// What one token says (core.notation._Read), for the kinds this reader finishes.
enum Token {
    Tiles(Vec<Tile>, Vec<Tile>),
    Flag(u32),
    Meld(Meld),
    Win(Tile, bool, bool, Option<Marker>),
    Context(&'static str, Context),
    Option(String, String),
}

enum Context {
    Round(Seat),
    Seat(Seat),
    Dora(Vec<Tile>, Vec<Tile>),
    Ura(Vec<Tile>, Vec<Tile>),
    Honba(i64),
    Sticks(i64),
    Discards(Vec<Tile>),
    Rules(String),
    Kita(u8),
    RiichiBy(Vec<Seat>),
}

/// What one token says (core.notation._read_token). Python first writes a token with an
/// upper-case letter in the form it knows (plain_token: keys and tile letters in lower
/// case; flags, winds and ruleset names are case-blind where they are read; an option's
/// value stays as written); reading the keys and the tiles case-blind here is the same.
fn read_token(text: &str) -> Read<Token> {
    if text.as_bytes()[0].is_ascii_digit() {
        let pairs = read_tiles(text.as_bytes(), MPSZ)?;
        let mut ids: Vec<Tile> = pairs.iter().map(|p| p.0).collect();
        ids.sort_unstable();
        let mut reds: Vec<Tile> = pairs.iter().filter(|p| p.1).map(|p| p.0).collect();
        reds.sort_unstable();
        return Ok(Token::Tiles(ids, reds));
    }
    let Some((key, value)) = text.split_once(':') else {
        let bit = flag::of(text).or_else(|| flag::of(&text.to_ascii_lowercase()));
        return bit.map(Token::Flag).ok_or(Unread);
    };
    let is = |name: &str| key.eq_ignore_ascii_case(name);
    if is("chi") {
        meld(MeldKind::Chi, value)
    } else if is("pon") {
        meld(MeldKind::Pon, value)
    } else if is("kan") {
        meld(MeldKind::Kan, value)
    } else if is("ankan") {
        meld(MeldKind::Ankan, value)
    } else if is("kakan") {
        meld(MeldKind::Kakan, value)
    } else if is("tsumo") || is("ron") {
        win(is("tsumo"), value)
    } else if is("opt") {
        let (name, val) = value.split_once('=').ok_or(Unread)?;
        if name.is_empty() || val.is_empty() {
            return Err(Unread);
        }
        Ok(Token::Option(name.to_string(), val.to_string()))
    } else if is("round") {
        Ok(Token::Context("round", Context::Round(wind(value)?)))
    } else if is("seat") {
        Ok(Token::Context("seat", Context::Seat(wind(value)?)))
    } else if is("dora") {
        let (ids, reds) = indicators(value)?;
        Ok(Token::Context("dora", Context::Dora(ids, reds)))
    } else if is("ura") {
        let (ids, reds) = indicators(value)?;
        Ok(Token::Context("ura", Context::Ura(ids, reds)))
    } else if is("honba") {
        Ok(Token::Context("honba", Context::Honba(count(value)?)))
    } else if is("sticks") {
        Ok(Token::Context("sticks", Context::Sticks(count(value)?)))
    } else if is("discards") {
        let pairs = read_tiles(&without_commas(value), MPSZ)?;
        let ids = pairs.into_iter().map(|p| p.0).collect();
        Ok(Token::Context("discards", Context::Discards(ids)))
    } else if is("rules") {
        Ok(Token::Context("rules", Context::Rules(rules_name(value)?)))
    } else if is("kita") {
        Ok(Token::Context("kita", Context::Kita(kita(value)?)))
    } else if is("riichi-by") {
        Ok(Token::Context(
            "riichi-by",
            Context::RiichiBy(seat_winds(value)?),
        ))
    } else {
        // breach: and flowers: are European and WEB TILE tokens (Python's); any other
        // key is an error
        Err(Unread)
    }
}

fn meld(kind: MeldKind, body: &str) -> Read<Token> {
    let mut body = body.as_bytes();
    let mut source = None;
    if let Some(&last) = body.last() {
        if let Some(m) = Marker::of(last) {
            source = Some(m);
            body = &body[..body.len() - 1];
        }
    }
    if kind == MeldKind::Ankan && source.is_some() {
        return Err(Unread);
    }
    if kind == MeldKind::Chi && !matches!(source, None | Some(Marker::Left)) {
        return Err(Unread);
    }
    let pairs = read_tiles(body, MPSZ)?;
    let mut ids: Vec<Tile> = pairs.iter().map(|p| p.0).collect();
    ids.sort_unstable();
    let reds = pairs.iter().filter(|p| p.1).count();
    if ids.len() != kind.size() {
        return Err(Unread);
    }
    let shape_ok = if kind == MeldKind::Chi {
        ids[0] < 27
            && tiles::suit(ids[0]) == tiles::suit(ids[2])
            && ids[1] == ids[0] + 1
            && ids[2] == ids[0] + 2
    } else {
        ids.iter().all(|&t| t == ids[0])
    };
    if !shape_ok {
        return Err(Unread);
    }
    Ok(Token::Meld(Meld {
        kind,
        tiles: ids,
        reds,
        source,
    }))
}

fn win(tsumo: bool, value: &str) -> Read<Token> {
    let mut body = value.as_bytes();
    let mut source = None;
    if let Some(&last) = body.last() {
        if let Some(m) = Marker::of(last) {
            source = Some(m);
            body = &body[..body.len() - 1];
        }
    }
    if tsumo && source.is_some() {
        return Err(Unread);
    }
    let pairs = read_tiles(body, MPSZ)?;
    if pairs.len() != 1 {
        return Err(Unread);
    }
    Ok(Token::Win(pairs[0].0, pairs[0].1, tsumo, source))
}

fn wind(value: &str) -> Read<Seat> {
    if value.len() != 1 {
        return Err(Unread);
    }
    tiles::seat_of(value.as_bytes()[0]).ok_or(Unread)
}

fn count(value: &str) -> Read<i64> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Unread);
    }
    if value.len() > 4 {
        return Err(Unread);
    }
    let n: i64 = value.parse().map_err(|_| Unread)?;
    if n > MAX_COUNT {
        return Err(Unread);
    }
    Ok(n)
}

fn indicators(value: &str) -> Read<(Vec<Tile>, Vec<Tile>)> {
    let pairs = read_tiles(&without_commas(value), MPSZ)?;
    if pairs.len() > MAX_INDICATORS {
        return Err(Unread);
    }
    let mut reds: Vec<Tile> = pairs.iter().filter(|p| p.1).map(|p| p.0).collect();
    reds.sort_unstable();
    Ok((pairs.iter().map(|p| p.0).collect(), reds))
}

fn kita(value: &str) -> Read<u8> {
    if value.len() != 1 || !value.as_bytes()[0].is_ascii_digit() {
        return Err(Unread);
    }
    let n = value.as_bytes()[0] - b'0';
    if n > MAX_KITA {
        return Err(Unread);
    }
    Ok(n)
}

/// `S,W` (or `SW`, any case): seat winds, each once, in turn order (base.tiles.seat_winds).
fn seat_winds(value: &str) -> Read<Vec<Seat>> {
    let mut seats = Vec::new();
    for b in value.bytes().filter(|&b| b != b',') {
        let seat = tiles::seat_of(b).ok_or(Unread)?;
        if seats.contains(&seat) {
            return Err(Unread);
        }
        seats.push(seat);
    }
    if seats.is_empty() {
        return Err(Unread);
    }
    seats.sort_unstable();
    Ok(seats)
}

fn rules_name(value: &str) -> Read<String> {
    let low = value.to_ascii_lowercase();
    let b = low.as_bytes();
    let ok = !b.is_empty()
        && b[0].is_ascii_lowercase()
        && b[1..]
            .iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-');
    if ok {
        Ok(low)
    } else {
        Err(Unread)
    }
}

/// The whole line as a Hand (core.notation.parse_line), or Unread.
pub fn parse_line(line: &str) -> Read<Hand> {
    if line.len() > MAX_LINE && line.chars().count() > MAX_LINE {
        return Err(Unread);
    }
    let body = line.split_once('#').map_or(line, |(b, _)| b);
    if !body.is_ascii() {
        return Err(Unread); // full width, glyphs, kanji: Python reads them
    }
    let mut concealed: Option<(Vec<Tile>, Vec<Tile>)> = None;
    let mut melds: Vec<Meld> = Vec::new();
    let mut flags = 0u32;
    let mut options: Vec<(String, String)> = Vec::new();
    let mut seen: Vec<&'static str> = Vec::new();
    let mut won: Option<(Tile, bool, bool, Option<Marker>)> = None;
    let mut ctx = WinContext {
        win_tile: 0,
        win_red: false,
        tsumo: false,
        discarder: None,
        round_wind: 0,
        seat_wind: 1,
        dora: Vec::new(),
        dora_reds: Vec::new(),
        ura: Vec::new(),
        ura_reds: Vec::new(),
        honba: 0,
        sticks: 0,
        flags: 0,
        rules: None,
        options: Vec::new(),
        discards: Vec::new(),
        kita: 0,
        riichi_by: Vec::new(),
    };
    let mut words = 0;
    for word in py_words(body) {
        words += 1;
        if word == "/" {
            return Err(Unread); // the other players of a settlement: Python's
        }
        match read_token(word)? {
            Token::Tiles(ids, reds) => {
                concealed = Some(match concealed.take() {
                    None => (ids, reds),
                    Some((mut a, mut b)) => {
                        a.extend(ids);
                        a.sort_unstable();
                        b.extend(reds);
                        b.sort_unstable();
                        (a, b)
                    }
                });
            }
            Token::Meld(m) => melds.push(m),
            Token::Flag(bit) => flags |= bit,
            Token::Win(tile, red, tsumo, source) => {
                if won.is_some() {
                    return Err(Unread);
                }
                won = Some((tile, red, tsumo, source));
            }
            Token::Option(name, value) => match options.iter_mut().find(|(n, _)| *n == name) {
                Some(entry) => entry.1 = value,
                None => options.push((name, value)),
            },
            Token::Context(key, value) => {
                if seen.contains(&key) {
                    return Err(Unread); // a repeated key
                }
                seen.push(key);
                match value {
                    Context::Round(s) => ctx.round_wind = s,
                    Context::Seat(s) => ctx.seat_wind = s,
                    Context::Dora(ids, reds) => {
                        ctx.dora = ids;
                        ctx.dora_reds = reds;
                    }
                    Context::Ura(ids, reds) => {
                        ctx.ura = ids;
                        ctx.ura_reds = reds;
                    }
                    Context::Honba(n) => ctx.honba = n,
                    Context::Sticks(n) => ctx.sticks = n,
                    Context::Discards(ids) => ctx.discards = ids,
                    Context::Rules(name) => ctx.rules = Some(name),
                    Context::Kita(n) => ctx.kita = n,
                    Context::RiichiBy(seats) => ctx.riichi_by = seats,
                }
            }
        }
    }
    if words == 0 {
        return Err(Unread);
    }
    // no win token: a waiting hand (not a win) or a draw line: Python's to say
    let (tile, red, tsumo, source) = won.ok_or(Unread)?;
    if flags & flag::DRAW != 0 {
        return Err(Unread);
    }
    ctx.win_tile = tile;
    ctx.win_red = red;
    ctx.tsumo = tsumo;
    ctx.discarder = source;
    ctx.flags = flags;
    if !ctx.riichi_by.is_empty() {
        let own = i64::from(flags & flag::DECLARED != 0);
        if ctx.riichi_by.contains(&ctx.seat_wind) || ctx.riichi_by.len() as i64 + own > ctx.sticks {
            return Err(Unread);
        }
    }
    options.sort();
    ctx.options = options;
    let (tiles, reds) = concealed.unwrap_or_default();
    Ok(Hand::new(tiles, reds, melds, ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_line() {
        let h = parse_line("234m406p22s56s chi:678s ron:4s= round:E seat:S dora:1s").unwrap();
        assert_eq!(h.concealed.len(), 10);
        assert_eq!(h.concealed_reds, vec![13]);
        assert_eq!(h.melds.len(), 1);
        assert_eq!(h.ctx.win_tile, 21);
        assert_eq!(h.ctx.discarder, Some(Marker::Across));
        assert_eq!(h.ctx.dora, vec![18]);
    }

    #[test]
    fn case_and_spacing() {
        let h = parse_line("\t234M 406p22s56s  Ron:4s ROUND:e Riichi seat:w").unwrap();
        assert_eq!(h.ctx.seat_wind, 2);
        assert!(h.ctx.has(flag::RIICHI));
    }

    #[test]
    fn refuses_what_python_refuses() {
        for line in [
            "234m406p22s56s chi:678s round:E",
            "234m406p22s56s chi:678s ron:4s ron:4s",
            "234m406p22s56s ron:4s round:E round:S",
            "234m406p22s56s ron:8z",
            "234m406p22s56s ron:4s honba:501",
            "234m406p22s56s ron:4s honba:00001",
            "234m406p22s56s ron:4s bogus",
            "234m406p22s56s ron:4s kita:5",
            "234m406p22s56s ron:4s sticks:1 riichi-by:S,S",
            "234m406p22s56s ron:4s riichi-by:W",
            "234m406p22s56s tsumo:4s-",
            "123 ron:4s",
            "chi:679s ron:4s",
            "ankan:1111m- ron:4s",
        ] {
            assert_eq!(parse_line(line).err(), Some(Unread), "{line}");
        }
    }

    #[test]
    fn labels() {
        assert_eq!(line_label("123m # a  b "), Some("a b".to_string()));
        assert_eq!(line_label("123m #"), None);
        assert_eq!(line_label("# x"), None);
    }
}
