//! Liability (包, pao) read from the meld sources (scoring/liability.py): who fed the
//! completing call.

use crate::hand::{seat_from, Hand, Meld, MeldKind};
use crate::result::Note;
use crate::tiles::{self, Seat, Tile};

pub struct LiableCall<'h> {
    pub seat: Seat,
    pub yaku: String,
    pub meld: &'h Meld,
    pub fed: &'static str,
}

/// Which melds make a yakuman, how many it needs, and what the last feeder fed.
type Completer = (fn(&Meld) -> bool, usize, &'static str);

fn completer(key: &str) -> Option<Completer> {
    fn dragon_set(m: &Meld) -> bool {
        !m.is_run() && tiles::is_dragon(m.tiles[0])
    }
    fn wind_set(m: &Meld) -> bool {
        !m.is_run() && tiles::is_wind(m.tiles[0])
    }
    fn kan(m: &Meld) -> bool {
        m.is_kan()
    }
    match key {
        "daisangen" => Some((dragon_set, 3, "the third dragon")),
        "daisuushii" => Some((wind_set, 4, "the fourth wind")),
        "suukantsu" => Some((kan, 4, "the fourth kan")),
        _ => None,
    }
}

/// The liable calls among `keys` (sorted, each in `pao` too), and the notes where a
/// source marker is missing; the feeder is found round a table of `players`.
pub fn find_liable<'h>(
    hand: &'h Hand,
    keys: &[&str],
    pao: &[String],
    players: u8,
) -> (Vec<LiableCall<'h>>, Vec<Note>) {
    let mut wanted: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| pao.iter().any(|p| p == k) && completer(k).is_some())
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut calls = Vec::new();
    let mut notes = Vec::new();
    for key in wanted {
        let Some((belongs, needed, fed)) = completer(key) else {
            continue;
        };
        let melds: Vec<&Meld> = hand.melds.iter().filter(|m| belongs(m)).collect();
        if melds.len() < needed {
            continue; // a set was concealed: the last one was not necessarily fed
        }
        let last = melds[needed - 1];
        // the suukantsu pao is for a daiminkan on a discard, not an added kan
        if !last.is_open() || (key == "suukantsu" && last.kind != MeldKind::Kan) {
            continue;
        }
        let Some(source) = last.source else {
            notes.push((
                "liable_source_missing",
                format!(
                    "{key}: the source of {} is not written, so nobody is liable (write - = \
                     or + after the meld)",
                    last.text()
                ),
            ));
            continue;
        };
        calls.push(LiableCall {
            seat: seat_from(hand.ctx.seat_wind, source, players),
            yaku: key.to_string(),
            meld: last,
            fed,
        });
    }
    (calls, notes)
}

/// The rule, its key and its words (liability.describe); `share` names what the liable
/// player answers for when the hand holds other yakuman too.
pub fn describe(
    call: &LiableCall,
    tsumo: bool,
    discarder: Option<Seat>,
    share: &str,
) -> (&'static str, String) {
    let seat = tiles::seat_letter(call.seat);
    let source = call.meld.source.map_or("", |m| m.words());
    let who = format!(
        "{seat} fed {} ({} from {seat}, {source})",
        call.fed,
        call.meld.text()
    );
    let disc = discarder.map_or("the discarder", tiles::seat_letter);
    let yaku = &call.yaku;
    if discarder == Some(call.seat) && !tsumo {
        return (
            "dealt_in",
            format!("{who}: {seat} dealt in too and pays all"),
        );
    }
    if share == "the liable yakuman only" {
        if tsumo {
            let text = format!(
                "{who}: {seat} pays the {yaku} alone, as if they had dealt in; the other \
                 yakuman are an ordinary tsumo"
            );
            return ("tsumo_yakuman_only", text);
        }
        let text = format!(
            "{who}: {seat} pays half of the {yaku}, {disc} pays the other half and the other \
             yakuman"
        );
        return ("ron_half_yakuman_only", text);
    }
    if tsumo {
        let text = format!("{who}: {seat} pays the whole hand alone, as if they had dealt in");
        return ("tsumo_whole", text);
    }
    if share.is_empty() {
        let text = format!("{who}: {seat} pays half of the {yaku}, {disc} pays the other half");
        return ("ron_half", text);
    }
    let text = format!("{who}: {seat} pays half of the whole hand, {disc} pays the other half");
    ("ron_half_whole_hand", text)
}

const MANGAN_YAKUHAI_HAN: u32 = 4;

fn yakuhai_han(tile: Tile, seat: Tile, round: Tile) -> u32 {
    u32::from(tiles::is_dragon(tile)) + u32::from(tile == seat) + u32::from(tile == round)
}

fn yakuhai_key(tile: Tile, seat: Tile, round: Tile) -> &'static str {
    if tiles::is_dragon(tile) {
        return ["haku", "hatsu", "chun"][(tile - tiles::WHITE) as usize];
    }
    if tile == seat && tile == round {
        "double_wind"
    } else if tile == seat {
        "seat_wind"
    } else {
        "round_wind"
    }
}

/// The one liable call under Shiragiku's Arushal rule, the notes, and the yaku it answers
/// for (liability.find_arushal_liable): 大三元, 四喜和, then 数満貫.
pub fn find_arushal_liable<'h>(
    hand: &'h Hand,
    keys: &[&str],
) -> (Option<LiableCall<'h>>, Vec<Note>, Vec<String>) {
    let mut wanted: Vec<&str> = Vec::new();
    if keys.contains(&"daisangen") {
        wanted.push("daisangen");
    }
    if keys.contains(&"suushii") {
        wanted.push("daisuushii"); // only the four-set form: a pair cannot be called
    }
    let pao: Vec<String> = wanted.iter().map(|k| k.to_string()).collect();
    let (mut calls, notes) = find_liable(hand, &wanted, &pao, 4);
    if !calls.is_empty() {
        let mut call = calls.swap_remove(0);
        if call.yaku == "daisuushii" {
            call.yaku = "suushii".to_string();
        }
        let key = call.yaku.clone();
        return (Some(call), notes, vec![key]);
    }
    let mut notes = notes;
    let seat = tiles::wind_tile(hand.ctx.seat_wind);
    let round = tiles::wind_tile(hand.ctx.round_wind);
    let mut han = 0;
    let mut counted = Vec::new();
    for meld in &hand.melds {
        let worth = if meld.is_run() {
            0
        } else {
            yakuhai_han(meld.tiles[0], seat, round)
        };
        if worth == 0 {
            continue;
        }
        han += worth;
        counted.push(yakuhai_key(meld.tiles[0], seat, round).to_string());
        if han - worth < MANGAN_YAKUHAI_HAN && MANGAN_YAKUHAI_HAN <= han {
            if !meld.is_open() {
                return (None, notes, Vec::new());
            }
            let Some(source) = meld.source else {
                notes.push((
                    "counted_mangan_source_missing",
                    format!(
                        "counted mangan: the source of {} is not written, so nobody is liable \
                         (write - = or + after the meld)",
                        meld.text()
                    ),
                ));
                return (None, notes, Vec::new());
            };
            let call = LiableCall {
                seat: seat_from(hand.ctx.seat_wind, source, 4),
                yaku: "counted mangan (数満貫)".to_string(),
                meld,
                fed: "the call that brought the exposed yakuhai to 4 han",
            };
            return (Some(call), notes, counted);
        }
    }
    (None, notes, Vec::new())
}
