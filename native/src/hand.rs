//! A hand as a value (mjscore/core/hand.py): what the winner holds and the situation.

use crate::tiles::{self, Seat, Tile};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MeldKind {
    Chi,
    Pon,
    Kan,
    Ankan,
    Kakan,
}

impl MeldKind {
    pub fn word(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Kan => "kan",
            MeldKind::Ankan => "ankan",
            MeldKind::Kakan => "kakan",
        }
    }

    pub fn size(self) -> usize {
        match self {
            MeldKind::Chi | MeldKind::Pon => 3,
            _ => 4,
        }
    }
}

/// A source marker: the player on the left (-), across (=) or on the right (+).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marker {
    Left,
    Across,
    Right,
}

impl Marker {
    pub fn of(c: u8) -> Option<Marker> {
        match c {
            b'-' => Some(Marker::Left),
            b'=' => Some(Marker::Across),
            b'+' => Some(Marker::Right),
            _ => None,
        }
    }

    pub fn char(self) -> char {
        match self {
            Marker::Left => '-',
            Marker::Across => '=',
            Marker::Right => '+',
        }
    }

    /// The words the liability sentence uses (core.hand.SOURCE_WORDS).
    pub fn words(self) -> &'static str {
        match self {
            Marker::Left => "left",
            Marker::Across => "across",
            Marker::Right => "right",
        }
    }

    fn offset(self) -> u8 {
        match self {
            Marker::Left => 3,
            Marker::Across => 2,
            Marker::Right => 1,
        }
    }
}

/// The seat of the player `marker` names, seen from `winner`, at a table of `players`
/// (three: E S W, where the left of E is W and the right of W is E; nobody sits across:
/// validation refuses '=' there first).
pub fn seat_from(winner: Seat, marker: Marker, players: u8) -> Seat {
    if players == 3 {
        let offset = match marker {
            Marker::Left => 2,
            _ => 1,
        };
        (winner + offset) % 3
    } else {
        (winner + marker.offset()) % 4
    }
}

#[derive(Clone, Debug)]
pub struct Meld {
    pub kind: MeldKind,
    pub tiles: Vec<Tile>, // sorted (red fives as fives)
    pub reds: usize,
    pub source: Option<Marker>,
}

impl Meld {
    pub fn is_open(&self) -> bool {
        self.kind != MeldKind::Ankan
    }

    pub fn is_kan(&self) -> bool {
        matches!(self.kind, MeldKind::Kan | MeldKind::Ankan | MeldKind::Kakan)
    }

    pub fn is_run(&self) -> bool {
        self.kind == MeldKind::Chi
    }

    /// The meld as the canonical line writes it: `pon:555z-`.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}:{}",
            self.kind.word(),
            tiles::group_text(&self.tiles, self.reds)
        );
        if let Some(m) = self.source {
            out.push(m.char());
        }
        out
    }
}

/// The flags of the notation (core.notation.FLAGS), as bits.
pub mod flag {
    pub const RIICHI: u32 = 1 << 0;
    pub const DOUBLE_RIICHI: u32 = 1 << 1;
    pub const OPEN_RIICHI: u32 = 1 << 2;
    pub const IPPATSU: u32 = 1 << 3;
    pub const HAITEI: u32 = 1 << 4;
    pub const HOUTEI: u32 = 1 << 5;
    pub const RINSHAN: u32 = 1 << 6;
    pub const CHANKAN: u32 = 1 << 7;
    pub const KANBURI: u32 = 1 << 8;
    pub const TENHOU: u32 = 1 << 9;
    pub const CHIIHOU: u32 = 1 << 10;
    pub const RENHOU: u32 = 1 << 11;
    pub const FIRST_TURN: u32 = 1 << 12;
    pub const DRAW: u32 = 1 << 13;
    pub const NAGASHI: u32 = 1 << 14;
    pub const PAARENCHAN: u32 = 1 << 15;
    pub const LAST_TILE: u32 = 1 << 16;
    pub const CHANKAN_ANKAN: u32 = 1 << 17;
    pub const KITA_RON: u32 = 1 << 18;

    pub const NAMES: [(&str, u32); 19] = [
        ("riichi", RIICHI),
        ("double-riichi", DOUBLE_RIICHI),
        ("open-riichi", OPEN_RIICHI),
        ("ippatsu", IPPATSU),
        ("haitei", HAITEI),
        ("houtei", HOUTEI),
        ("rinshan", RINSHAN),
        ("chankan", CHANKAN),
        ("kanburi", KANBURI),
        ("tenhou", TENHOU),
        ("chiihou", CHIIHOU),
        ("renhou", RENHOU),
        ("first-turn", FIRST_TURN),
        ("draw", DRAW),
        ("nagashi", NAGASHI),
        ("paarenchan", PAARENCHAN),
        ("last-tile", LAST_TILE),
        ("chankan-ankan", CHANKAN_ANKAN),
        ("kita-ron", KITA_RON),
    ];

    /// The bit of a flag's name, None for a word that is no flag.
    pub fn of(name: &str) -> Option<u32> {
        NAMES.iter().find(|(n, _)| *n == name).map(|(_, bit)| *bit)
    }

    /// The names of the flags in `bits`, sorted as Python sorts strings.
    pub fn sorted_names(bits: u32) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = NAMES
            .iter()
            .filter(|(_, b)| bits & b != 0)
            .map(|(n, _)| *n)
            .collect();
        out.sort_unstable();
        out
    }

    pub const DECLARED: u32 = RIICHI | DOUBLE_RIICHI | OPEN_RIICHI;
}

/// Everything about the win that is not the winner's tiles.
#[derive(Clone, Debug)]
pub struct WinContext {
    pub win_tile: Tile,
    pub win_red: bool,
    pub tsumo: bool,
    pub discarder: Option<Marker>,
    pub round_wind: Seat,
    pub seat_wind: Seat,
    pub dora: Vec<Tile>, // indicators in the order revealed
    pub dora_reds: Vec<Tile>,
    pub ura: Vec<Tile>,
    pub ura_reds: Vec<Tile>,
    pub honba: i64,
    pub sticks: i64,
    pub flags: u32,
    pub rules: Option<String>,
    pub options: Vec<(String, String)>, // the line's opt: tokens, by name
    pub discards: Vec<Tile>,
    pub kita: u8,
    pub riichi_by: Vec<Seat>,
}

impl WinContext {
    pub fn dealer(&self) -> bool {
        self.seat_wind == 0
    }

    pub fn has(&self, bits: u32) -> bool {
        self.flags & bits != 0
    }

    /// The discarder's seat at a table of `players`.
    pub fn discarder_at(&self, players: u8) -> Option<Seat> {
        self.discarder
            .map(|m| seat_from(self.seat_wind, m, players))
    }
}

/// A winning hand line as a value: the winner's holding and the win.
#[derive(Clone, Debug)]
pub struct Hand {
    pub concealed: Vec<Tile>,      // sorted
    pub concealed_reds: Vec<Tile>, // sorted tile ids of the red fives among them
    pub melds: Vec<Meld>,
    pub ctx: WinContext,
    /// The winner's concealed tiles, meld tiles and winning tile (Hand.all_winner_tiles).
    pub all_winner_tiles: Vec<Tile>,
}

impl Hand {
    pub fn new(
        concealed: Vec<Tile>,
        concealed_reds: Vec<Tile>,
        melds: Vec<Meld>,
        ctx: WinContext,
    ) -> Hand {
        let mut all = concealed.clone();
        for m in &melds {
            all.extend_from_slice(&m.tiles);
        }
        all.push(ctx.win_tile);
        Hand {
            concealed,
            concealed_reds,
            melds,
            ctx,
            all_winner_tiles: all,
        }
    }

    pub fn red_count(&self) -> usize {
        self.concealed_reds.len()
            + self.melds.iter().map(|m| m.reds).sum::<usize>()
            + usize::from(self.ctx.win_red)
    }

    /// Every red five on the table this line names (hand, melds, win, indicators).
    pub fn red_tiles(&self) -> Vec<Tile> {
        let ctx = &self.ctx;
        let mut out = Vec::new();
        out.extend_from_slice(&self.concealed_reds);
        out.extend_from_slice(&ctx.dora_reds);
        out.extend_from_slice(&ctx.ura_reds);
        for m in &self.melds {
            for _ in 0..m.reds {
                out.push(tiles::FIVES[tiles::suit(m.tiles[0]) as usize]);
            }
        }
        if ctx.win_red {
            out.push(ctx.win_tile);
        }
        out
    }

    pub fn closed(&self) -> bool {
        !self.melds.iter().any(Meld::is_open)
    }
}
