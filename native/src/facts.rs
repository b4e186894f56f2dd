//! Facts about one reading, computed once (mjscore/core/facts.py), so that each yaku
//! predicate is a line or three.

use crate::decompose::{Group, GroupKind, Reading, Shape, Wait};
use crate::hand::Hand;
use crate::setting::Setting;
use crate::tiles::{self, Tile};

/// What every reading of one winning line shares (facts.line_facts).
pub struct LineFacts {
    pub tiles: Vec<Tile>, // every tile held, kans' fourth tiles included
    pub tile_set: u64,    // a bit per tile id
    pub suits: u8,        // a bit per suit present (0 man, 1 pin, 2 sou)
    pub one_suit: bool,
    pub has_honors: bool,
    pub all_terminal_or_honor: bool,
    pub no_terminal_or_honor: bool,
    pub win_tile: Tile,
    pub tsumo: bool,
    pub flags: u32,
    pub closed: bool,
    pub seat_wind: Tile,
    pub round_wind: Tile,
}

impl LineFacts {
    pub fn of(hand: &Hand) -> LineFacts {
        let tiles = hand.all_winner_tiles.clone();
        let mut tile_set = 0u64;
        let mut suits = 0u8;
        for &t in &tiles {
            tile_set |= 1 << t;
            if t < 27 {
                suits |= 1 << (t / 9);
            }
        }
        let toh = (0..tiles::N_TILES as Tile)
            .filter(|&t| tiles::is_terminal_or_honor(t))
            .fold(0u64, |acc, t| acc | 1 << t);
        LineFacts {
            one_suit: suits.count_ones() <= 1,
            has_honors: tile_set >> 27 != 0,
            all_terminal_or_honor: tile_set & !toh == 0,
            no_terminal_or_honor: tile_set & toh == 0,
            tiles,
            tile_set,
            suits,
            win_tile: hand.ctx.win_tile,
            tsumo: hand.ctx.tsumo,
            flags: hand.ctx.flags,
            closed: hand.closed(),
            seat_wind: tiles::wind_tile(hand.ctx.seat_wind),
            round_wind: tiles::wind_tile(hand.ctx.round_wind),
        }
    }

    pub fn has_tile(&self, t: Tile) -> bool {
        self.tile_set & (1 << t) != 0
    }

    /// Every tile held is in `set` (a bit per tile id).
    pub fn only(&self, set: u64) -> bool {
        self.tile_set & !set == 0
    }

    /// The one suit held (0 man, 1 pin, 2 sou) when exactly one is.
    pub fn the_suit(&self) -> Option<u8> {
        if self.suits.count_ones() == 1 {
            Some(self.suits.trailing_zeros() as u8)
        } else {
            None
        }
    }
}

/// Everything a predicate may ask about a reading of a hand (facts.HandFacts).
pub struct HandFacts<'a> {
    pub line: &'a LineFacts,
    pub hand: &'a Hand,
    pub setting: &'a Setting,
    pub reading: &'a Reading,
    pub shape: Shape,
    pub standard: bool,
    pub seven_pairs: bool,
    pub orphans: bool,
    pub groups: &'a [Group],
    pub pair: Option<Tile>,
    pub wait: Wait,
    pub runs: Vec<Tile>,     // first tile of each run
    pub triplets: Vec<Tile>, // tile of each triplet or kan
    pub kans: usize,
    pub concealed_triplets: usize,
}

impl<'a> HandFacts<'a> {
    pub fn new(
        line: &'a LineFacts,
        hand: &'a Hand,
        setting: &'a Setting,
        reading: &'a Reading,
    ) -> HandFacts<'a> {
        let mut runs = Vec::with_capacity(4);
        let mut triplets = Vec::with_capacity(4);
        let mut kans = 0;
        let mut concealed = 0;
        for g in &reading.groups {
            if g.kind == GroupKind::Run {
                runs.push(g.tile);
                continue;
            }
            triplets.push(g.tile);
            kans += usize::from(g.kind == GroupKind::Kan);
            concealed += usize::from(g.concealed);
        }
        HandFacts {
            line,
            hand,
            setting,
            reading,
            shape: reading.shape,
            standard: reading.shape == Shape::Standard,
            seven_pairs: reading.shape == Shape::SevenPairs,
            orphans: reading.shape == Shape::Orphans,
            groups: &reading.groups,
            pair: reading.pair,
            wait: reading.wait,
            runs,
            triplets,
            kans,
            concealed_triplets: concealed,
        }
    }

    pub fn closed(&self) -> bool {
        self.line.closed
    }

    pub fn tsumo(&self) -> bool {
        self.line.tsumo
    }

    pub fn has_flag(&self, bits: u32) -> bool {
        self.line.flags & bits != 0
    }

    pub fn has_triplet(&self, tile: Tile) -> bool {
        self.triplets.contains(&tile)
    }

    /// Honours worth a yakuhai set here: dragons, the seat wind, the round wind.
    pub fn is_value_tile(&self, tile: Tile) -> bool {
        tiles::is_dragon(tile) || tile == self.line.seat_wind || tile == self.line.round_wind
    }

    /// How many pairs of identical runs (iipeikou 1, ryanpeikou 2), closed hands only.
    pub fn identical_run_pairs(&self) -> usize {
        if !self.line.closed {
            return 0;
        }
        let mut seen: Vec<(Tile, usize)> = Vec::with_capacity(4);
        for &r in &self.runs {
            match seen.iter_mut().find(|(t, _)| *t == r) {
                Some(entry) => entry.1 += 1,
                None => seen.push((r, 1)),
            }
        }
        seen.iter().map(|(_, c)| c / 2).sum()
    }
}
