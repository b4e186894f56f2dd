//! Every reading of a hand (mjscore/core/decompose.py): which sets, which pair, and where
//! the winning tile sat. The readings come in the Python order, since the first of two
//! equal candidates is the one reported.

use std::sync::OnceLock;

use crate::hand::Meld;
use crate::tiles::{self, Tile};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GroupKind {
    Run,
    Triplet,
    Kan,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Group {
    pub kind: GroupKind,
    pub tile: Tile, // the lowest tile
    pub called: bool,
    pub concealed: bool, // concealed in the yaku sense (a triplet completed by ron is not)
}

impl Group {
    fn new(kind: GroupKind, tile: Tile) -> Group {
        Group {
            kind,
            tile,
            called: false,
            concealed: true,
        }
    }

    /// The tiles of the set.
    pub fn tiles(&self) -> Vec<Tile> {
        match self.kind {
            GroupKind::Run => vec![self.tile, self.tile + 1, self.tile + 2],
            GroupKind::Triplet => vec![self.tile; 3],
            GroupKind::Kan => vec![self.tile; 4],
        }
    }

    /// mpsz of the set ("234m", "5555p").
    pub fn text(&self) -> &'static str {
        set_name(self.kind, self.tile)
    }
}

/// mpsz of a set (decompose.set_text).
pub fn set_text(kind: GroupKind, tile: Tile) -> String {
    let d = tiles::digit(tile, false);
    let l = tiles::letter(tile);
    match kind {
        GroupKind::Run => {
            let r = tiles::rank(tile);
            format!("{r}{}{}{l}", r + 1, r + 2)
        }
        GroupKind::Triplet => format!("{d}{d}{d}{l}"),
        GroupKind::Kan => format!("{d}{d}{d}{d}{l}"),
    }
}

/// A pair's text: "33m".
pub fn pair_text(tile: Tile) -> String {
    let d = tiles::digit(tile, false);
    format!("{d}{d}{}", tiles::letter(tile))
}

/// The texts of every set and pair, written once (runs only where a run can start).
struct Names {
    sets: Vec<String>, // by (kind, tile)
    pairs: Vec<String>,
}

fn names() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| {
        let all = 0..tiles::N_TILES as Tile;
        let mut sets = Vec::with_capacity(3 * tiles::N_TILES);
        for kind in [GroupKind::Run, GroupKind::Triplet, GroupKind::Kan] {
            for t in all.clone() {
                let runs = kind != GroupKind::Run || (t < 27 && t % 9 < 7);
                sets.push(if runs {
                    set_text(kind, t)
                } else {
                    String::new()
                });
            }
        }
        Names {
            sets,
            pairs: all.map(pair_text).collect(),
        }
    })
}

/// mpsz of a set, from the table.
pub fn set_name(kind: GroupKind, tile: Tile) -> &'static str {
    let k = match kind {
        GroupKind::Run => 0,
        GroupKind::Triplet => 1,
        GroupKind::Kan => 2,
    };
    &names().sets[k * tiles::N_TILES + tile as usize]
}

/// mpsz of a pair, from the table.
pub fn pair_name(tile: Tile) -> &'static str {
    &names().pairs[tile as usize]
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    Standard,
    SevenPairs,
    Orphans,
    Unrelated,
    Nagashi,
}

impl Shape {
    /// The shape's name, as the ruleset's shape_options name it.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Standard => "standard",
            Shape::SevenPairs => "seven-pairs",
            Shape::Orphans => "thirteen-orphans",
            Shape::Unrelated => "thirteen-unrelated",
            Shape::Nagashi => "nagashi",
        }
    }

    pub fn of(name: &str) -> Option<Shape> {
        [
            Shape::Standard,
            Shape::SevenPairs,
            Shape::Orphans,
            Shape::Unrelated,
            Shape::Nagashi,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// A shape that only its own limit yaku make a win (decompose.LIMIT_ONLY_SHAPES).
    pub fn limit_only(self) -> bool {
        matches!(self, Shape::Unrelated | Shape::Nagashi)
    }
}

/// The waits, in the order of their names (Python sorts the placements by name).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Wait {
    Kanchan,
    Penchan,
    Ryanmen,
    Shanpon,
    Tanki,
    ThirteenSided,
}

impl Wait {
    pub fn name(self) -> &'static str {
        match self {
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Ryanmen => "ryanmen",
            Wait::Shanpon => "shanpon",
            Wait::Tanki => "tanki",
            Wait::ThirteenSided => "thirteen-sided",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Reading {
    pub shape: Shape,
    pub groups: Vec<Group>,
    pub pair: Option<Tile>,
    pub pairs: Vec<Tile>, // seven pairs
    pub wait: Wait,
}

impl Reading {
    fn of(shape: Shape) -> Reading {
        Reading {
            shape,
            groups: Vec::new(),
            pair: None,
            pairs: Vec::new(),
            wait: Wait::Tanki,
        }
    }

    /// The reading as a player would say it: '234m 567p 22s ... [wait]'.
    pub fn text(&self) -> String {
        match self.shape {
            Shape::SevenPairs => {
                let mut out = String::with_capacity(32);
                for &p in &self.pairs {
                    out.push_str(pair_name(p));
                    out.push(' ');
                }
                out.push('[');
                out.push_str(self.wait.name());
                out.push(']');
                out
            }
            Shape::Orphans => format!("thirteen orphans [{}]", self.wait.name()),
            Shape::Unrelated => format!(
                "thirteen unrelated tiles with the pair {}",
                pair_text(self.pair.unwrap_or(0))
            ),
            Shape::Nagashi => "nagashi: scored from the discards, not from the tiles".to_string(),
            Shape::Standard => {
                let mut out = String::with_capacity(40);
                for g in &self.groups {
                    if g.called {
                        out.push('(');
                        out.push_str(g.text());
                        out.push(')');
                    } else {
                        out.push_str(g.text());
                    }
                    out.push(' ');
                }
                out.push_str(pair_name(self.pair.unwrap_or(0)));
                out.push_str(" [");
                out.push_str(self.wait.name());
                out.push(']');
                out
            }
        }
    }
}

/// One set of a split: (kind, rank); runs sort before triplets, as ("run", r) < ("triplet", r).
type Set = (GroupKind, usize);

/// Every way to split one suit's counts wholly into sets (honours: no runs).
fn suit_sets(counts: &mut [u8], runs: bool, out: &mut Vec<Vec<Set>>, acc: &mut Vec<Set>) {
    let Some(i) = counts.iter().position(|&c| c > 0) else {
        out.push(acc.clone());
        return;
    };
    if counts[i] >= 3 {
        counts[i] -= 3;
        acc.push((GroupKind::Triplet, i));
        suit_sets(counts, runs, out, acc);
        acc.pop();
        counts[i] += 3;
    }
    if runs && i + 2 < counts.len() && counts[i + 1] > 0 && counts[i + 2] > 0 {
        counts[i] -= 1;
        counts[i + 1] -= 1;
        counts[i + 2] -= 1;
        acc.push((GroupKind::Run, i));
        suit_sets(counts, runs, out, acc);
        acc.pop();
        counts[i] += 1;
        counts[i + 1] += 1;
        counts[i + 2] += 1;
    }
}

/// One way to read one suit's tiles: its pair, its runs and triplets (by their first
/// tile), and in the winning tile's suit the triplets for each place the tile can take.
#[derive(Clone, Debug)]
struct SuitSplit {
    pair: Option<Tile>,
    runs: Vec<Tile>,
    triplets: Vec<Group>,
    waits: Vec<(Wait, Vec<Group>)>,
}

fn suit_splits(tiles: &[Tile], lo: Tile) -> Vec<SuitSplit> {
    let size = if lo == tiles::EAST { 7 } else { 9 };
    let mut counts = [0u8; 9];
    for &t in tiles {
        counts[(t - lo) as usize] += 1;
    }
    let counts = &mut counts[..size];
    let runs = lo < tiles::EAST;
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    let mut found: Vec<(Option<usize>, Vec<Set>)> = Vec::new();
    let mut acc = Vec::new();
    if total.is_multiple_of(3) {
        let mut sets = Vec::new();
        suit_sets(counts, runs, &mut sets, &mut acc);
        found.extend(sets.into_iter().map(|s| (None, s)));
    } else if total % 3 == 2 {
        for p in 0..size {
            if counts[p] >= 2 {
                counts[p] -= 2;
                let mut sets = Vec::new();
                suit_sets(counts, runs, &mut sets, &mut acc);
                found.extend(sets.into_iter().map(|s| (Some(p), s)));
                counts[p] += 2;
            }
        }
    }
    let mut out: Vec<SuitSplit> = Vec::new();
    let mut kept: Vec<(Option<usize>, Vec<Set>)> = Vec::new();
    for (pair, mut sets) in found {
        sets.sort_by_key(|&(kind, r)| (kind != GroupKind::Run, r));
        if kept.iter().any(|(p, s)| *p == pair && *s == sets) {
            continue; // each split once, in the order first found
        }
        out.push(SuitSplit {
            pair: pair.map(|p| lo + p as Tile),
            runs: sets
                .iter()
                .filter(|s| s.0 == GroupKind::Run)
                .map(|s| lo + s.1 as Tile)
                .collect(),
            triplets: sets
                .iter()
                .filter(|s| s.0 == GroupKind::Triplet)
                .map(|s| Group::new(GroupKind::Triplet, lo + s.1 as Tile))
                .collect(),
            waits: Vec::new(),
        });
        kept.push((pair, sets));
    }
    out
}

fn run_wait(start: Tile, win: Tile) -> Wait {
    if win == start + 1 {
        return Wait::Kanchan;
    }
    let pos = start % 9;
    if (win == start + 2 && pos == 0) || (win == start && pos == 6) {
        return Wait::Penchan;
    }
    Wait::Ryanmen
}

/// (wait, triplets) for each place of the winning tile, sorted as Python sorts them.
fn waits(split: &SuitSplit, win: Tile, tsumo: bool) -> Vec<(Wait, Vec<Group>)> {
    // (wait, where): where is -1 for the pair, else the set's first tile
    let mut placements: Vec<(Wait, i32)> = Vec::new();
    if split.pair == Some(win) {
        placements.push((Wait::Tanki, -1));
    }
    for g in &split.triplets {
        if g.tile == win {
            placements.push((Wait::Shanpon, i32::from(g.tile)));
        }
    }
    for &r in &split.runs {
        if r <= win && win <= r + 2 {
            placements.push((run_wait(r, win), i32::from(r)));
        }
    }
    placements.sort_unstable();
    placements.dedup();
    placements
        .into_iter()
        .map(|(wait, at)| {
            if wait == Wait::Shanpon && !tsumo {
                // completed by ron: that triplet is not concealed
                let won = split
                    .triplets
                    .iter()
                    .map(|g| Group {
                        concealed: i32::from(g.tile) != at,
                        ..*g
                    })
                    .collect();
                (wait, won)
            } else {
                (wait, split.triplets.clone())
            }
        })
        .collect()
}

/// The set a declared meld is, in every reading (called, or a concealed kan).
pub fn meld_group(m: &Meld) -> Group {
    let kind = if m.is_run() {
        GroupKind::Run
    } else if m.is_kan() {
        GroupKind::Kan
    } else {
        GroupKind::Triplet
    };
    Group {
        kind,
        tile: m.tiles[0],
        called: m.is_open(),
        concealed: !m.is_open(),
    }
}

const SUITS: [(Tile, Tile); 4] = [(0, 9), (9, 18), (18, 27), (27, 34)];

fn standard(tiles: &[Tile], melds: &[Meld], win: Tile, tsumo: bool) -> Vec<Reading> {
    let mut by_suit: Vec<Vec<SuitSplit>> = Vec::with_capacity(4);
    let w = tiles::suit(win) as usize;
    for (i, &(lo, hi)) in SUITS.iter().enumerate() {
        let part: Vec<Tile> = tiles
            .iter()
            .copied()
            .filter(|&t| lo <= t && t < hi)
            .collect();
        let splits = if i == w {
            let mut s = suit_splits(&part, lo);
            for split in &mut s {
                split.waits = waits(split, win, tsumo);
            }
            s
        } else if part.is_empty() {
            vec![SuitSplit {
                pair: None,
                runs: Vec::new(),
                triplets: Vec::new(),
                waits: Vec::new(),
            }]
        } else {
            suit_splits(&part, lo)
        };
        if splits.is_empty() {
            return Vec::new();
        }
        by_suit.push(splits);
    }
    let meld_groups: Vec<Group> = melds.iter().map(meld_group).collect();
    let n_sets = 4usize.saturating_sub(melds.len());
    let mut out = Vec::new();
    // itertools.product: the last suit varies fastest
    let mut index = [0usize; 4];
    loop {
        let choice: Vec<&SuitSplit> = (0..4).map(|s| &by_suit[s][index[s]]).collect();
        let pairs: Vec<Tile> = choice.iter().filter_map(|s| s.pair).collect();
        if pairs.len() == 1 {
            let mut runs: Vec<Group> = Vec::new();
            for s in &choice {
                runs.extend(s.runs.iter().map(|&r| Group::new(GroupKind::Run, r)));
            }
            for (wait, won) in &choice[w].waits {
                let mut groups = runs.clone();
                for (s, split) in choice.iter().enumerate() {
                    if s == w {
                        groups.extend_from_slice(won);
                    } else {
                        groups.extend_from_slice(&split.triplets);
                    }
                }
                if groups.len() == n_sets {
                    groups.extend_from_slice(&meld_groups);
                    out.push(Reading {
                        shape: Shape::Standard,
                        groups,
                        pair: Some(pairs[0]),
                        pairs: Vec::new(),
                        wait: *wait,
                    });
                }
            }
        }
        // next index, odometer style
        let mut s = 4;
        loop {
            if s == 0 {
                return out;
            }
            s -= 1;
            index[s] += 1;
            if index[s] < by_suit[s].len() {
                break;
            }
            index[s] = 0;
        }
    }
}

fn counts_of(tiles: &[Tile]) -> [u8; tiles::N_TILES] {
    let mut counts = [0u8; tiles::N_TILES];
    for &t in tiles {
        counts[t as usize] += 1;
    }
    counts
}

const ORPHAN_TILES: [Tile; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn special(counts: &[u8; tiles::N_TILES], concealed: &[Tile]) -> Vec<Reading> {
    let pairs: Vec<Tile> = (0..tiles::N_TILES as Tile)
        .filter(|&t| counts[t as usize] == 2)
        .collect();
    let mut out = Vec::new();
    if pairs.len() == 7 {
        out.push(Reading {
            pairs,
            ..Reading::of(Shape::SevenPairs)
        });
    }
    let orphans = ORPHAN_TILES.iter().all(|&t| counts[t as usize] > 0)
        && ORPHAN_TILES
            .iter()
            .map(|&t| u32::from(counts[t as usize]))
            .sum::<u32>()
            == 14;
    if orphans {
        let mut before = concealed.to_vec();
        before.sort_unstable();
        before.dedup();
        let wait = if before.len() == 13 {
            Wait::ThirteenSided
        } else {
            Wait::Tanki
        };
        let pair = ORPHAN_TILES
            .iter()
            .copied()
            .find(|&t| counts[t as usize] == 2);
        out.push(Reading {
            pair,
            wait,
            ..Reading::of(Shape::Orphans)
        });
    }
    out
}

/// 十三不搭: one pair, and no two other tiles that could ever join a set.
fn unrelated(counts: &[u8; tiles::N_TILES]) -> Vec<Reading> {
    let pairs: Vec<Tile> = (0..tiles::N_TILES as Tile)
        .filter(|&t| counts[t as usize] == 2)
        .collect();
    if pairs.len() != 1 || counts.iter().any(|&c| c > 2) {
        return Vec::new();
    }
    let held: Vec<Tile> = (0..27).filter(|&t| counts[t as usize] > 0).collect();
    if held
        .windows(2)
        .any(|w| w[1] - w[0] < 3 && w[1] / 9 == w[0] / 9)
    {
        return Vec::new();
    }
    vec![Reading {
        pair: Some(pairs[0]),
        ..Reading::of(Shape::Unrelated)
    }]
}

/// Every reading of concealed + win with the melds; empty when the hand is not complete.
/// `unrelated`: the ruleset has 十三不搭; `nagashi`: the line's nagashi replaces them all.
pub fn readings(
    concealed: &[Tile],
    melds: &[Meld],
    win: Tile,
    tsumo: bool,
    unrelated_shape: bool,
    nagashi: bool,
) -> Vec<Reading> {
    if nagashi {
        return vec![Reading::of(Shape::Nagashi)];
    }
    let mut all = concealed.to_vec();
    all.push(win);
    all.sort_unstable();
    let mut out = standard(&all, melds, win, tsumo);
    if !melds.is_empty() {
        return out;
    }
    let counts = counts_of(&all);
    let kinds = counts.iter().filter(|&&c| c > 0).count();
    let only_orphans = (0..tiles::N_TILES as Tile)
        .all(|t| counts[t as usize] == 0 || tiles::is_terminal_or_honor(t));
    if kinds == 7 || only_orphans {
        out.extend(special(&counts, concealed));
    }
    if unrelated_shape && kinds == 13 {
        out.extend(unrelated(&counts));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<Tile> {
        let mut out = Vec::new();
        let mut digits = Vec::new();
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                digits.push(d as u8);
            } else {
                let base = match c {
                    'm' => 0,
                    'p' => 9,
                    's' => 18,
                    _ => 27,
                };
                for &d in &digits {
                    out.push(if base == 27 { 26 + d } else { base + d - 1 });
                }
                digits.clear();
            }
        }
        out
    }

    #[test]
    fn nine_gates_on_the_five_is_one_reading() {
        // 1112345678999m + 5m: 111 234 678 999 and the pair 55 (a tanki), nothing else
        let r = readings(&ids("1112345678999m"), &[], 4, true, false, false);
        let texts: Vec<String> = r.iter().map(Reading::text).collect();
        assert_eq!(texts, vec!["234m 678m 111m 999m 55m [tanki]".to_string()]);
    }

    #[test]
    fn shanpon_by_ron_is_not_concealed() {
        let hand = ids("123m456p111s55z66z");
        let r = readings(&hand, &[], 31, false, false, false);
        assert_eq!(r.len(), 1);
        let won = r[0].groups.iter().find(|g| g.tile == 31).unwrap();
        assert!(!won.concealed);
        assert_eq!(r[0].text(), "123m 456p 111s 555z 66z [shanpon]");
    }

    #[test]
    fn seven_pairs_and_orphans() {
        let r = readings(&ids("1133557799m113p"), &[], 11, false, false, false);
        assert!(r.iter().any(|x| x.shape == Shape::SevenPairs));
        let k = readings(&ids("19m19p19s1234567z"), &[], 0, true, false, false);
        assert_eq!(k[0].wait, Wait::ThirteenSided);
    }
}
