//! Can these tiles and this situation exist? (mjscore/core/validate.py)
//!
//! Only whether: a line with anything wrong goes back to Python, which says what. So
//! every check of the Python validation is here, in any order, and none of the words.

use crate::hand::{flag, seat_from, Hand, Marker};
use crate::setting::{word, Setting};
use crate::tiles::{self, Tile};

/// Whether the line is valid under the setting (validate.validate raises nothing).
pub fn valid(hand: &Hand, s: &Setting) -> bool {
    let three = s.players == 3;
    if three {
        if !three_players(hand) {
            return false;
        }
    } else if hand.ctx.kita > 0 {
        return false;
    }
    tile_count(hand, s) && copies(hand, s) && seats(hand, s) && context(hand, s) && local(hand, s)
}

fn tile_count(hand: &Hand, s: &Setting) -> bool {
    let melds = &hand.melds;
    if melds.len() > 4 {
        return false;
    }
    let want = 13 - 3 * melds.len();
    if hand.concealed.len() == want {
        return true;
    }
    let total = hand.concealed.len() + 1 + melds.iter().map(|m| m.tiles.len()).sum::<usize>();
    s.quad_hands && total == 14 && melds.iter().all(|m| m.is_kan())
}

/// No tile beyond its copies in the set (validate.check_copies).
fn copies(hand: &Hand, s: &Setting) -> bool {
    let ctx = &hand.ctx;
    let mut counts = [0usize; tiles::N_TILES];
    for &t in hand
        .all_winner_tiles
        .iter()
        .chain(&ctx.dora)
        .chain(&ctx.ura)
    {
        counts[t as usize] += 1;
    }
    counts[tiles::NORTH as usize] += usize::from(ctx.kita);
    if counts.iter().any(|&n| n > 4) {
        return false;
    }
    if ctx.has(flag::CHANKAN | flag::CHANKAN_ANKAN) {
        let t = ctx.win_tile;
        let seen = hand.concealed.contains(&t)
            || ctx.dora.contains(&t)
            || ctx.ura.contains(&t)
            || hand.melds.iter().any(|m| m.tiles.contains(&t));
        if seen {
            return false;
        }
    }
    let reds = hand.red_tiles();
    let allowed = |five: Tile| {
        tiles::FIVES
            .iter()
            .position(|&f| f == five)
            .map_or(0, |i| s.red_allowed[i])
    };
    for five in tiles::FIVES {
        let red = allowed(five) as i64;
        let here = counts[five as usize] as i64;
        if red > 0 && here > 4 - red {
            let plain = here - reds.iter().filter(|&&r| r == five).count() as i64;
            if plain > 4 - red {
                return false;
            }
        }
    }
    if !reds.is_empty() {
        if !s.red_option {
            return false;
        }
        for &t in &reds {
            if reds.iter().filter(|&&r| r == t).count() > allowed(t) {
                return false;
            }
        }
    }
    true
}

/// Every seat the line names sits at the table (validate._check_seats).
fn seats(hand: &Hand, s: &Setting) -> bool {
    if s.players == 4 {
        return true;
    }
    let ctx = &hand.ctx;
    ctx.seat_wind < s.players
        && ctx.round_wind < s.players
        && ctx.discarder != Some(Marker::Across)
        && hand.melds.iter().all(|m| m.source != Some(Marker::Across))
}

/// The flags of the line and the facts of it that the flag rules name.
fn line_words(hand: &Hand) -> u64 {
    let ctx = &hand.ctx;
    let mut words = u64::from(ctx.flags);
    words |= if ctx.tsumo { word::TSUMO } else { word::RON };
    if ctx.dealer() {
        words |= word::DEALER;
    }
    if !hand.melds.is_empty() {
        words |= word::MELD;
        if hand.melds.iter().any(|m| m.is_open()) {
            words |= word::OPEN_MELD;
        }
        if hand.melds.iter().any(|m| m.is_kan()) {
            words |= word::KAN;
        }
    }
    if ctx.has(flag::DECLARED) {
        words |= word::DECLARED;
    }
    if ctx.kita > 0 {
        words |= word::KITA;
    }
    words
}

fn context(hand: &Hand, s: &Setting) -> bool {
    let ctx = &hand.ctx;
    if ctx.flags != 0 {
        if ctx.flags & !s.flags != 0 {
            return false;
        }
        if ctx.has(flag::CHIIHOU) && !ctx.tsumo && s.chiihou_by_ron {
            if let Some(seat) = ctx.discarder_at(4) {
                if seat != 0 {
                    return false;
                }
            }
        }
        let words = line_words(hand);
        if s.flag_rules.iter().any(|rule| rule.broken_by(words)) {
            return false;
        }
    }
    if ctx.discarder_at(4) == Some(ctx.seat_wind) {
        return false;
    }
    if !ctx.dora.is_empty() || !ctx.ura.is_empty() {
        if !s.dora || (!ctx.ura.is_empty() && !s.ura) {
            return false;
        }
        if ctx.dora.len() > 5 || ctx.ura.len() > 5 {
            return false;
        }
        if !ctx.dora.is_empty() && ctx.ura.len() > ctx.dora.len() {
            return false;
        }
    }
    if !s.round_winds.contains(&ctx.round_wind) {
        return false;
    }
    if let Some(most) = s.dora_indicators {
        if most > 0 && ctx.dora.len() > most {
            return false;
        }
    }
    (s.honba || ctx.honba == 0) && (s.deposits || ctx.sticks == 0)
}

/// Flags and options of WEB TILE and the others (validate._check_local).
fn local(hand: &Hand, s: &Setting) -> bool {
    let ctx = &hand.ctx;
    if ctx.has(flag::NAGASHI) {
        let companions = flag::NAGASHI | flag::DECLARED;
        if !hand.melds.is_empty() || ctx.flags & !companions != 0 {
            return false;
        }
    }
    if ctx.has(flag::CHANKAN_ANKAN) && !s.kokushi_ankan_chankan {
        return false;
    }
    if ctx.has(flag::PAARENCHAN) && !ctx.dealer() {
        return false;
    }
    if let Some(most) = s.ura_indicators {
        if most > 0 && ctx.ura.len() > most {
            return false;
        }
    }
    if s.two_player {
        // two players sit E and S: every seat the line names must be one of them
        if ctx.seat_wind > 1 {
            return false;
        }
        let other = if ctx.dealer() { 1 } else { 0 };
        if ctx.discarder_at(4).is_some_and(|d| d != other) {
            return false;
        }
        for m in &hand.melds {
            let source = m
                .source
                .or(if m.is_run() { Some(Marker::Left) } else { None });
            if source.is_some_and(|src| seat_from(ctx.seat_wind, src, 4) != other) {
                return false;
            }
        }
    }
    true
}

/// A riichi table of three plays 108 tiles (no 2m-8m) and no chi (validate._check_three_players).
fn three_players(hand: &Hand) -> bool {
    let no_sanma = |t: &Tile| (1..8).contains(t);
    let ctx = &hand.ctx;
    if hand.concealed.iter().any(no_sanma) {
        return false;
    }
    if hand
        .melds
        .iter()
        .any(|m| m.is_run() || no_sanma(&m.tiles[0]))
    {
        return false;
    }
    if no_sanma(&ctx.win_tile)
        || ctx.dora.iter().any(no_sanma)
        || ctx.ura.iter().any(no_sanma)
        || ctx.discards.iter().any(no_sanma)
    {
        return false;
    }
    !(ctx.has(flag::KITA_RON) && ctx.win_tile != tiles::NORTH)
}
