//! The yaku predicates of the riichi family (mjscore/yaku/riichi.py, shapes.py, local.py,
//! shiragiku.py), one function per key. What a yaku is worth, who has it and what it
//! supersedes is ruleset data that Python sends with the setting; only the conditions
//! live here, as in Python.

use crate::decompose::{Shape, Wait};
use crate::facts::HandFacts;
use crate::hand::flag;
use crate::tiles::{self, Tile};

pub type Predicate = fn(&HandFacts) -> i64;

const PIN_1: Tile = 9;
const PIN_5: Tile = 13;

fn bits(tiles: &[Tile]) -> u64 {
    tiles.iter().fold(0u64, |acc, &t| acc | 1 << t)
}

const TERMINALS: [Tile; 6] = [0, 8, 9, 17, 18, 26];
const GREEN_TILES: [Tile; 6] = [19, 20, 21, 23, 25, tiles::GREEN];
const GREEN_SOU: [Tile; 5] = [19, 20, 21, 23, 25];
const RED_TILES: [Tile; 5] = [18, 22, 24, 26, tiles::RED];

fn yes(b: bool) -> i64 {
    i64::from(b)
}

// -- situational yaku a flag states ------------------------------------------------------

fn ippatsu(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::IPPATSU))
}
fn double_riichi(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::DOUBLE_RIICHI))
}
fn haitei(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::HAITEI))
}
fn houtei(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::HOUTEI))
}
fn rinshan(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::RINSHAN))
}
fn chankan(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::CHANKAN))
}
fn tenhou(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::TENHOU))
}
fn chiihou(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::CHIIHOU))
}
fn renhou(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::RENHOU))
}
fn open_riichi(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::OPEN_RIICHI))
}
fn kanburi(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::KANBURI))
}
fn paarenchan(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::PAARENCHAN))
}

fn riichi(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::DECLARED))
}

fn menzen_tsumo(f: &HandFacts) -> i64 {
    yes(f.closed() && f.tsumo())
}

fn pinfu(f: &HandFacts) -> i64 {
    let s = f.setting;
    yes(f.standard
        && f.runs.len() == 4
        && f.wait == Wait::Ryanmen
        && !f.pair.is_some_and(|p| f.is_value_tile(p))
        && (!f.tsumo() || f.closed() && s.tsumo_pinfu))
}

fn iipeikou(f: &HandFacts) -> i64 {
    yes(f.runs.len() >= 2 && f.identical_run_pairs() >= 1)
}

fn ryanpeikou(f: &HandFacts) -> i64 {
    yes(f.runs.len() == 4 && f.identical_run_pairs() == 2)
}

fn tanyao(f: &HandFacts) -> i64 {
    if !f.line.no_terminal_or_honor {
        return 0;
    }
    yes(f.closed() || f.setting.open_tanyao)
}

fn haku(f: &HandFacts) -> i64 {
    yes(f.has_triplet(tiles::WHITE))
}
fn hatsu(f: &HandFacts) -> i64 {
    yes(f.has_triplet(tiles::GREEN))
}
fn chun(f: &HandFacts) -> i64 {
    yes(f.has_triplet(tiles::RED))
}
fn seat_wind(f: &HandFacts) -> i64 {
    yes(f.has_triplet(f.line.seat_wind))
}
fn round_wind(f: &HandFacts) -> i64 {
    yes(f.has_triplet(f.line.round_wind))
}
fn double_wind(f: &HandFacts) -> i64 {
    yes(f.line.seat_wind == f.line.round_wind && f.has_triplet(f.line.seat_wind))
}

fn chiitoitsu(f: &HandFacts) -> i64 {
    yes(f.seven_pairs)
}

/// The same run (or triplet) of one number in man, pin and sou.
fn three_suits(starts: &[Tile], ranks: Tile) -> bool {
    starts.len() >= 3
        && starts
            .iter()
            .any(|&r| r < ranks && starts.contains(&(r + 9)) && starts.contains(&(r + 18)))
}

fn sanshoku(f: &HandFacts) -> i64 {
    yes(three_suits(&f.runs, 7))
}

fn sanshoku_doukou(f: &HandFacts) -> i64 {
    yes(three_suits(&f.triplets, 9))
}

fn ittsu(f: &HandFacts) -> i64 {
    let runs = &f.runs;
    yes(runs.len() >= 3
        && runs
            .iter()
            .any(|&s| s % 9 == 0 && runs.contains(&(s + 3)) && runs.contains(&(s + 6))))
}

/// Every set and the pair hold a tile of `allowed`, with at least one run.
fn outside(f: &HandFacts, allowed: fn(Tile) -> bool) -> bool {
    if !f.standard || f.runs.is_empty() || !f.pair.is_some_and(allowed) {
        return false;
    }
    f.triplets.iter().all(|&t| allowed(t))
        && f.runs
            .iter()
            .all(|&r| allowed(r) || allowed(r + 1) || allowed(r + 2))
}

fn chanta(f: &HandFacts) -> i64 {
    yes(outside(f, tiles::is_terminal_or_honor))
}

fn junchan(f: &HandFacts) -> i64 {
    yes(outside(f, tiles::is_terminal))
}

fn toitoi(f: &HandFacts) -> i64 {
    yes(f.standard && f.triplets.len() == 4)
}

fn sanankou(f: &HandFacts) -> i64 {
    yes(f.standard && f.concealed_triplets >= 3)
}

fn sankantsu(f: &HandFacts) -> i64 {
    yes(f.kans == 3)
}

fn honroutou(f: &HandFacts) -> i64 {
    yes(!f.orphans && f.line.all_terminal_or_honor)
}

fn shousangen(f: &HandFacts) -> i64 {
    let dragons = tiles::DRAGONS.iter().filter(|&&d| f.has_triplet(d)).count();
    yes(f.pair.is_some_and(tiles::is_dragon) && dragons == 2)
}

fn honitsu(f: &HandFacts) -> i64 {
    yes(f.line.suits.count_ones() == 1 && f.line.has_honors)
}

fn chinitsu(f: &HandFacts) -> i64 {
    yes(f.line.suits.count_ones() == 1 && !f.line.has_honors)
}

fn kokushi(f: &HandFacts) -> i64 {
    yes(f.orphans && f.wait != Wait::ThirteenSided)
}

fn kokushi_13(f: &HandFacts) -> i64 {
    yes(f.orphans && f.wait == Wait::ThirteenSided)
}

fn suuankou(f: &HandFacts) -> i64 {
    yes(f.standard && f.concealed_triplets == 4 && f.wait != Wait::Tanki)
}

fn suuankou_tanki(f: &HandFacts) -> i64 {
    yes(f.standard && f.concealed_triplets == 4 && f.wait == Wait::Tanki)
}

fn daisangen(f: &HandFacts) -> i64 {
    yes(f.line.has_honors && tiles::DRAGONS.iter().all(|&d| f.has_triplet(d)))
}

fn wind_sets(f: &HandFacts) -> usize {
    if !f.line.has_honors {
        return 0;
    }
    tiles::WINDS.iter().filter(|&&w| f.has_triplet(w)).count()
}

fn shousuushii(f: &HandFacts) -> i64 {
    yes(f.pair.is_some_and(tiles::is_wind) && wind_sets(f) == 3)
}

fn daisuushii(f: &HandFacts) -> i64 {
    yes(wind_sets(f) == 4)
}

fn tsuuiisou(f: &HandFacts) -> i64 {
    yes(f.line.suits == 0)
}

fn ryuuiisou(f: &HandFacts) -> i64 {
    yes(f.line.only(bits(&GREEN_TILES)))
}

fn chinroutou(f: &HandFacts) -> i64 {
    yes(f.line.only(bits(&TERMINALS)))
}

/// Counts by rank 1-9 when the hand is one suit, no meld at all (shapes.nine_gates_ranks).
fn nine_gates_ranks(f: &HandFacts) -> Option<[u8; 9]> {
    if !f.hand.melds.is_empty() || f.line.has_honors {
        return None;
    }
    let suit = f.line.the_suit()?;
    let base = 9 * suit;
    let mut counts = [0u8; 9];
    for &t in &f.line.tiles {
        counts[(t - base) as usize] += 1;
    }
    Some(counts)
}

fn nine_gates(counts: &[u8; 9]) -> bool {
    counts[0] >= 3 && counts[8] >= 3 && counts[1..8].iter().all(|&c| c >= 1)
}

fn pure_nine_gates(f: &HandFacts, counts: &[u8; 9]) -> bool {
    let mut before = *counts;
    before[(f.line.win_tile % 9) as usize] -= 1;
    before == [3, 1, 1, 1, 1, 1, 1, 1, 3]
}

fn chuuren(f: &HandFacts) -> i64 {
    yes(nine_gates_ranks(f).is_some_and(|c| nine_gates(&c) && !pure_nine_gates(f, &c)))
}

fn junsei_chuuren(f: &HandFacts) -> i64 {
    yes(nine_gates_ranks(f).is_some_and(|c| nine_gates(&c) && pure_nine_gates(f, &c)))
}

fn suukantsu(f: &HandFacts) -> i64 {
    yes(f.kans == 4)
}

// -- WEB TILE's local yaku (yaku/local.py) -----------------------------------------------

fn nagashi(f: &HandFacts) -> i64 {
    yes(f.shape == Shape::Nagashi)
}

fn shiisan_puutaa(f: &HandFacts) -> i64 {
    yes(f.shape == Shape::Unrelated
        && f.tsumo()
        && f.has_flag(flag::FIRST_TURN | flag::TENHOU | flag::CHIIHOU))
}

fn hanakan(_f: &HandFacts) -> i64 {
    0 // all four flowers: a line with flowers: is Python's
}

fn iiton_moyue(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::HAITEI) && f.line.win_tile == PIN_1)
}

fn uuton_kaihou(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::RINSHAN) && f.line.win_tile == PIN_5)
}

/// Ranks (0-8) of the first tiles of one suit's runs, in order.
fn runs_from(f: &HandFacts, suit: u8) -> Vec<Tile> {
    let mut out: Vec<Tile> = f
        .runs
        .iter()
        .filter(|&&r| r / 9 == suit)
        .map(|&r| r % 9)
        .collect();
    out.sort_unstable();
    out
}

fn shanron_shanchu(f: &HandFacts) -> i64 {
    if !f.standard || f.pair.is_none_or(|p| tiles::suit(p) != tiles::PIN) {
        return 0;
    }
    let man = runs_from(f, tiles::MAN);
    yes(man.len() == 2 && man[1] == man[0] + 3 && runs_from(f, tiles::SOU) == man)
}

fn uumensai(f: &HandFacts) -> i64 {
    let trips = &f.triplets;
    let mut suits: Vec<u8> = trips
        .iter()
        .filter(|&&t| t < 27)
        .map(|&t| tiles::suit(t))
        .collect();
    suits.sort_unstable();
    yes(f.standard
        && trips.len() == 4
        && f.pair == Some(f.line.seat_wind)
        && suits == [tiles::MAN, tiles::PIN, tiles::SOU]
        && trips.iter().filter(|&&t| tiles::is_dragon(t)).count() == 1)
}

fn consecutive_sets(f: &HandFacts, n: Tile) -> bool {
    let trips = &f.triplets;
    f.standard
        && trips
            .iter()
            .any(|&t| t < 27 && t % 9 + n <= 9 && (0..n).all(|k| trips.contains(&(t + k))))
}

fn sanrenkou(f: &HandFacts) -> i64 {
    yes(consecutive_sets(f, 3))
}

fn suurenkou(f: &HandFacts) -> i64 {
    yes(consecutive_sets(f, 4))
}

fn most_same_runs(f: &HandFacts) -> usize {
    f.runs
        .iter()
        .map(|r| f.runs.iter().filter(|&s| s == r).count())
        .max()
        .unwrap_or(0)
}

fn isshoku_yonjun(f: &HandFacts) -> i64 {
    yes(f.standard
        && f.runs
            .iter()
            .any(|r| f.runs.iter().filter(|&s| s == r).count() == 4))
}

fn banryoku(f: &HandFacts) -> i64 {
    let green = bits(&GREEN_SOU);
    yes(f.standard
        && f.pair == Some(tiles::RED)
        && f.groups
            .iter()
            .all(|g| g.tiles().iter().all(|&t| green & (1 << t) != 0)))
}

fn benikujaku(f: &HandFacts) -> i64 {
    yes(f.standard && f.line.only(bits(&RED_TILES)))
}

fn daisharin(f: &HandFacts) -> i64 {
    let mut counts = [0u8; tiles::N_TILES];
    for &t in &f.line.tiles {
        counts[t as usize] += 1;
    }
    let held: Vec<Tile> = (0..tiles::N_TILES as Tile)
        .filter(|&t| counts[t as usize] > 0)
        .collect();
    yes(f.hand.melds.is_empty()
        && held.len() == 7
        && held.iter().all(|&t| counts[t as usize] == 2)
        && held.iter().all(|&t| tiles::suit(t) == tiles::PIN)
        && held[6] - held[0] == 6)
}

fn hyakumangoku(f: &HandFacts) -> i64 {
    let tiles_ = &f.line.tiles;
    yes(tiles_.iter().all(|&t| tiles::suit(t) == tiles::MAN)
        && tiles_.iter().map(|&t| tiles::rank(t)).sum::<u32>() >= 100)
}

fn fuukasetsugetsu(f: &HandFacts) -> i64 {
    yes(f.standard
        && [f.line.seat_wind, PIN_5, tiles::WHITE, PIN_1]
            .iter()
            .all(|&t| f.has_triplet(t)))
}

// -- the Shiragiku rulesets' own (yaku/shiragiku.py) ---------------------------------------

fn isshoku_sanjun(f: &HandFacts) -> i64 {
    yes(f.standard && most_same_runs(f) >= 3)
}

fn suushii(f: &HandFacts) -> i64 {
    yes(shousuushii(f) != 0 || daisuushii(f) != 0)
}

fn akahai(f: &HandFacts) -> i64 {
    f.hand.red_count() as i64
}

fn first_draw_renhou(f: &HandFacts) -> i64 {
    yes(f.has_flag(flag::CHIIHOU) && f.tsumo())
}

/// Every predicate by its key; the index of a key is its id in a setting's bit sets.
pub const PREDICATES: &[(&str, Predicate)] = &[
    ("ippatsu", ippatsu),
    ("double_riichi", double_riichi),
    ("haitei", haitei),
    ("houtei", houtei),
    ("rinshan", rinshan),
    ("chankan", chankan),
    ("tenhou", tenhou),
    ("chiihou", chiihou),
    ("renhou", renhou),
    ("riichi", riichi),
    ("menzen_tsumo", menzen_tsumo),
    ("pinfu", pinfu),
    ("iipeikou", iipeikou),
    ("ryanpeikou", ryanpeikou),
    ("tanyao", tanyao),
    ("haku", haku),
    ("hatsu", hatsu),
    ("chun", chun),
    ("seat_wind", seat_wind),
    ("round_wind", round_wind),
    ("chiitoitsu", chiitoitsu),
    ("sanshoku", sanshoku),
    ("sanshoku_doukou", sanshoku_doukou),
    ("ittsu", ittsu),
    ("chanta", chanta),
    ("junchan", junchan),
    ("toitoi", toitoi),
    ("sanankou", sanankou),
    ("sankantsu", sankantsu),
    ("honroutou", honroutou),
    ("shousangen", shousangen),
    ("honitsu", honitsu),
    ("chinitsu", chinitsu),
    ("kokushi", kokushi),
    ("kokushi_13", kokushi_13),
    ("suuankou", suuankou),
    ("suuankou_tanki", suuankou_tanki),
    ("daisangen", daisangen),
    ("shousuushii", shousuushii),
    ("daisuushii", daisuushii),
    ("tsuuiisou", tsuuiisou),
    ("ryuuiisou", ryuuiisou),
    ("chinroutou", chinroutou),
    ("chuuren", chuuren),
    ("junsei_chuuren", junsei_chuuren),
    ("suukantsu", suukantsu),
    ("open_riichi", open_riichi),
    ("kanburi", kanburi),
    ("paarenchan", paarenchan),
    ("nagashi", nagashi),
    ("shiisan_puutaa", shiisan_puutaa),
    ("hanakan", hanakan),
    ("iiton_moyue", iiton_moyue),
    ("uuton_kaihou", uuton_kaihou),
    ("shanron_shanchu", shanron_shanchu),
    ("uumensai", uumensai),
    ("sanrenkou", sanrenkou),
    ("suurenkou", suurenkou),
    ("isshoku_yonjun", isshoku_yonjun),
    ("banryoku", banryoku),
    ("benikujaku", benikujaku),
    ("daisharin", daisharin),
    ("hyakumangoku", hyakumangoku),
    ("fuukasetsugetsu", fuukasetsugetsu),
    ("double_wind", double_wind),
    ("isshoku_sanjun", isshoku_sanjun),
    ("suushii", suushii),
    ("akahai", akahai),
    ("first_draw_renhou", first_draw_renhou),
];

/// The id of a yaku key (its place in PREDICATES), None for a key this core lacks.
pub fn id_of(key: &str) -> Option<usize> {
    PREDICATES.iter().position(|(k, _)| *k == key)
}
