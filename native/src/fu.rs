//! Fu of one reading, item by item (mjscore/scoring/fu.py).

use std::sync::OnceLock;

use crate::decompose::{set_text, GroupKind};
use crate::facts::HandFacts;
use crate::result::FuItem;
use crate::setting::{item, FuTable};
use crate::tiles::{self, Tile};

const BASE: &str = "base";
const ROUNDED: &str = "rounded up to 10";

fn set_fu(tile: Tile, kind: GroupKind, concealed: bool) -> i64 {
    let mut fu = 2 * if tiles::is_terminal_or_honor(tile) {
        2
    } else {
        1
    };
    if concealed {
        fu *= 2;
    }
    if kind == GroupKind::Kan {
        fu *= 4;
    }
    fu
}

/// The words of every set's and every value pair's fu item, written once: a file repeats
/// the same few hundred of them.
struct Words {
    sets: Vec<String>,  // by (concealed, kan, tile)
    pairs: Vec<String>, // by (which pair, tile)
}

fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut sets = Vec::with_capacity(4 * tiles::N_TILES);
        for state in ["open", "concealed"] {
            for (kind, what) in [(GroupKind::Triplet, "triplet"), (GroupKind::Kan, "kan")] {
                for t in 0..tiles::N_TILES as Tile {
                    sets.push(format!("{state} {what} {}", set_text(kind, t)));
                }
            }
        }
        let mut pairs = Vec::with_capacity(4 * tiles::N_TILES);
        for what in PAIR_WORDS {
            for t in 0..tiles::N_TILES as Tile {
                pairs.push(format!("{what} {}", tiles::name(t, false)));
            }
        }
        Words { sets, pairs }
    })
}

const PAIR_KEYS: [&str; 4] = [
    "pair_dragon",
    "pair_double_wind",
    "pair_seat_wind",
    "pair_round_wind",
];
const PAIR_WORDS: [&str; 4] = [
    "pair of dragons",
    "pair of the seat and round wind",
    "pair of the seat wind",
    "pair of the round wind",
];

fn set_item(kind: GroupKind, tile: Tile, concealed: bool) -> FuItem<'static> {
    let k = usize::from(concealed) * 2 + usize::from(kind == GroupKind::Kan);
    let key = [
        "open_triplet",
        "open_kan",
        "concealed_triplet",
        "concealed_kan",
    ][k];
    let at = k * tiles::N_TILES + tile as usize;
    FuItem::borrowed(key, &words().sets[at], set_fu(tile, kind, concealed))
}

fn pair_item(pair: Tile, seat: Tile, round: Tile, table: &FuTable) -> Option<FuItem<'static>> {
    let (which, fu) = if tiles::is_dragon(pair) {
        (0, table.value_pair)
    } else if pair == seat && pair == round {
        (1, table.double_wind_pair)
    } else if pair == seat {
        (2, table.value_pair)
    } else if pair == round {
        (3, table.value_pair)
    } else {
        return None;
    };
    let key = PAIR_KEYS[which];
    Some(FuItem::borrowed(
        key,
        &words().pairs[which * tiles::N_TILES + pair as usize],
        fu,
    ))
}

pub fn round_up_10(fu: i64) -> i64 {
    -((-fu).div_euclid(10)) * 10
}

/// (fu, fu before rounding and raising, items); the items add up to the fu. `extra`
/// are fu that yaku carry (Arushal's chinitsu +10), added before rounding.
pub fn hand_fu<'s>(
    f: &HandFacts,
    pinfu: bool,
    table: &'s FuTable,
    extra: &[FuItem<'s>],
) -> (i64, i64, Vec<FuItem<'s>>) {
    if f.seven_pairs {
        let i = item("seven_pairs", &table.seven_pairs);
        return (i.fu, i.fu, vec![i]);
    }
    let extra_fu: i64 = extra.iter().map(|i| i.fu).sum();
    if pinfu && f.tsumo() {
        let fu = table.pinfu_tsumo_fu + extra_fu;
        let mut items = vec![FuItem::borrowed("base", BASE, 20)];
        if let Some(i) = &table.pinfu_tsumo {
            items.push(item("pinfu_tsumo", i));
        }
        items.extend(extra.iter().cloned());
        return (fu, fu, items);
    }
    let mut items = Vec::with_capacity(8);
    items.push(FuItem::borrowed("base", BASE, 20));
    if f.closed() && !f.tsumo() {
        items.push(item("closed_ron", &table.closed_ron));
    }
    if f.tsumo() && !pinfu {
        items.push(item("tsumo", &table.tsumo));
    }
    if let Some((key, i)) = table.wait(f.wait) {
        items.push(item(key, i));
    }
    if let Some(pair) = f.pair {
        if let Some(i) = pair_item(pair, f.line.seat_wind, f.line.round_wind, table) {
            items.push(i);
        }
    }
    for g in f.groups {
        if g.kind != GroupKind::Run {
            items.push(set_item(g.kind, g.tile, g.concealed));
        }
    }
    items.extend(extra.iter().cloned());
    let raw: i64 = items.iter().map(|i| i.fu).sum();
    let mut total = round_up_10(raw);
    if total != raw {
        items.push(FuItem::borrowed("rounded", ROUNDED, total - raw));
    }
    if total == 20 && !f.closed() {
        if let Some(i) = &table.raised {
            items.push(item("open_hand_raised", i));
            total = table.raised_to;
        }
    }
    (total, raw, items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(round_up_10(22), 30);
        assert_eq!(round_up_10(30), 30);
        assert_eq!(round_up_10(0), 0);
    }

    #[test]
    fn item_words() {
        assert_eq!(
            set_item(GroupKind::Kan, 0, true).reason,
            "concealed kan 1111m"
        );
        assert_eq!(
            set_item(GroupKind::Triplet, 31, false).reason,
            "open triplet 555z"
        );
        let t = FuTable {
            seven_pairs: ("seven pairs".into(), 25),
            pinfu_tsumo_fu: 20,
            pinfu_tsumo: None,
            closed_ron: ("closed hand won by ron".into(), 10),
            tsumo: ("tsumo".into(), 2),
            kanchan: ("k".into(), 2),
            penchan: ("p".into(), 2),
            tanki: ("t".into(), 2),
            value_pair: 2,
            double_wind_pair: 4,
            raised_to: 30,
            raised: None,
        };
        let item = pair_item(27, 27, 27, &t).unwrap();
        assert_eq!(
            (item.reason.as_ref(), item.fu),
            ("pair of the seat and round wind 1z", 4)
        );
        assert_eq!(pair_item(28, 27, 27, &t), None);
    }

    #[test]
    fn set_fu_table() {
        assert_eq!(set_fu(0, GroupKind::Kan, true), 32);
        assert_eq!(set_fu(4, GroupKind::Triplet, false), 2);
        assert_eq!(set_fu(31, GroupKind::Triplet, true), 8);
    }
}
