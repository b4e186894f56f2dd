//! Tiles as small integers (mjscore/base/tiles.py): 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s,
//! 27-33 the honours (East South West North White Green Red). A red five is an ordinary
//! five with a separate mark kept beside it, never a tile id of its own.

pub type Tile = u8;

pub const N_TILES: usize = 34;
pub const HONOR: u8 = 3;
pub const EAST: Tile = 27;
pub const SOUTH: Tile = 28;
pub const WEST: Tile = 29;
pub const NORTH: Tile = 30;
pub const WHITE: Tile = 31;
pub const GREEN: Tile = 32;
pub const RED: Tile = 33;
pub const WINDS: [Tile; 4] = [EAST, SOUTH, WEST, NORTH];
pub const DRAGONS: [Tile; 3] = [WHITE, GREEN, RED];
pub const FIVES: [Tile; 3] = [4, 13, 22];
pub const MAN: u8 = 0;
pub const PIN: u8 = 1;
pub const SOU: u8 = 2;

/// The seats and the round winds, in turn order: 0 E, 1 S, 2 W, 3 N.
pub type Seat = u8;
pub const SEAT_LETTERS: [&str; 4] = ["E", "S", "W", "N"];

pub fn seat_letter(seat: Seat) -> &'static str {
    SEAT_LETTERS[seat as usize]
}

/// The seat of a wind letter (any case), None for anything else.
pub fn seat_of(letter: u8) -> Option<Seat> {
    match letter.to_ascii_uppercase() {
        b'E' => Some(0),
        b'S' => Some(1),
        b'W' => Some(2),
        b'N' => Some(3),
        _ => None,
    }
}

pub fn suit(tile: Tile) -> u8 {
    if tile < 27 {
        tile / 9
    } else {
        HONOR
    }
}

/// 1-9 for suited tiles, 1-7 for honours (the z digit).
pub fn rank(tile: Tile) -> u32 {
    if tile < 27 {
        (tile % 9) as u32 + 1
    } else {
        (tile - 26) as u32
    }
}

pub fn is_terminal(tile: Tile) -> bool {
    tile < 27 && matches!(tile % 9, 0 | 8)
}

pub fn is_terminal_or_honor(tile: Tile) -> bool {
    tile >= 27 || is_terminal(tile)
}

pub fn is_dragon(tile: Tile) -> bool {
    (WHITE..=RED).contains(&tile)
}

pub fn is_wind(tile: Tile) -> bool {
    (EAST..=NORTH).contains(&tile)
}

pub fn wind_tile(seat: Seat) -> Tile {
    EAST + seat
}

/// The dora a given indicator points at: 1-9 cycle, winds cycle, dragons cycle.
pub fn dora_after(indicator: Tile) -> Tile {
    if indicator < 27 {
        if indicator % 9 == 8 {
            indicator - 8
        } else {
            indicator + 1
        }
    } else if indicator <= NORTH {
        if indicator == NORTH {
            EAST
        } else {
            indicator + 1
        }
    } else if indicator == RED {
        WHITE
    } else {
        indicator + 1
    }
}

/// The dora an indicator points at in a three-player set (no 2m-8m): 1m points to 9m.
pub fn dora_after_three(indicator: Tile) -> Tile {
    if indicator == 0 {
        8
    } else {
        dora_after(indicator)
    }
}

const SUIT_LETTERS: [char; 4] = ['m', 'p', 's', 'z'];

/// The mpsz letter of a tile's suit.
pub fn letter(tile: Tile) -> char {
    SUIT_LETTERS[suit(tile) as usize]
}

/// The digit a tile is written with (0 for a red five).
pub fn digit(tile: Tile, red: bool) -> char {
    if red && tile < 27 {
        '0'
    } else {
        char::from_digit(rank(tile), 10).unwrap_or('?')
    }
}

/// mpsz text of one tile: 5m, 0p, 7z.
pub fn name(tile: Tile, red: bool) -> String {
    let mut out = String::with_capacity(2);
    out.push(digit(tile, red));
    out.push(letter(tile));
    out
}

/// Compact mpsz text of tiles of any suits ("123m406p"), sorted, `reds` fives shown red
/// (a count: exact for one suit, as in Python's base.tiles.group_text).
pub fn group_text(tiles: &[Tile], reds: usize) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort_unstable();
    let mut out = String::with_capacity(sorted.len() + 4);
    let mut last: Option<char> = None;
    let mut left_red = reds;
    for &t in &sorted {
        let mut d = digit(t, false);
        if left_red > 0 && FIVES.contains(&t) {
            d = '0';
            left_red -= 1;
        }
        let l = letter(t);
        if let Some(prev) = last {
            if prev != l {
                out.push(prev);
            }
        }
        last = Some(l);
        out.push(d);
    }
    if let Some(prev) = last {
        out.push(prev);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_groups() {
        assert_eq!(name(4, true), "0m");
        assert_eq!(name(33, false), "7z");
        assert_eq!(group_text(&[13, 12, 14, 0], 1), "1m406p");
        assert_eq!(group_text(&[27, 27], 0), "11z");
    }

    #[test]
    fn dora_cycles() {
        assert_eq!(dora_after(8), 0);
        assert_eq!(dora_after(NORTH), EAST);
        assert_eq!(dora_after(RED), WHITE);
        assert_eq!(dora_after_three(0), 8);
        assert_eq!(dora_after_three(8), 0);
    }
}
