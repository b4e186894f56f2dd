//! The resolved setting of a ruleset under its options, as Python sends it once per setting
//! (mjscore/engine's setting, rulesets.params.Params, scoring.han_fu.Setting, the rows of
//! validate.FLAG_RULES that hold): numbers and words are Python's, so that a ruleset file
//! changes both cores at once. `binding.rs` fills it from the Python payload.

use crate::decompose::{Shape, Wait};
use crate::result::{FuItem, YakuMatch};
use crate::tiles::Seat;

/// A fact of the line that a flag rule may name (validate.LINE_WORDS), beside the flags.
pub mod word {
    pub const TSUMO: u64 = 1 << 32;
    pub const RON: u64 = 1 << 33;
    pub const DEALER: u64 = 1 << 34;
    pub const MELD: u64 = 1 << 35;
    pub const OPEN_MELD: u64 = 1 << 36;
    pub const KAN: u64 = 1 << 37;
    pub const DECLARED: u64 = 1 << 38;
    pub const KITA: u64 = 1 << 39;

    pub fn of(name: &str) -> Option<u64> {
        Some(match name {
            "tsumo" => TSUMO,
            "ron" => RON,
            "dealer" => DEALER,
            "meld" => MELD,
            "open-meld" => OPEN_MELD,
            "kan" => KAN,
            "declared" => DECLARED,
            "kita" => KITA,
            _ => u64::from(crate::hand::flag::of(name)?),
        })
    }
}

/// One row of validate.FLAG_RULES that holds in the ruleset.
#[derive(Clone, Debug)]
pub struct FlagRule {
    pub flag: u32,
    pub needs: bool, // NEEDS one of the words, else EXCLUDES every one
    pub words: u64,
}

impl FlagRule {
    /// Whether a line with `words` (its flags and facts) breaks this row.
    pub fn broken_by(&self, words: u64) -> bool {
        if words & u64::from(self.flag) == 0 {
            return false;
        }
        if self.needs {
            words & self.words == 0
        } else {
            words & self.words != 0
        }
    }
}

/// One yaku as the setting counts it (han_fu.YakuRow).
#[derive(Clone, Debug)]
pub struct YakuRow {
    pub order: usize,
    pub id: usize, // its predicate, yaku::PREDICATES[id]
    pub key: String,
    pub name: String,
    pub han: i64,
    pub japanese: String,
    pub yakuman: i64,
    pub alone: bool,
    pub supersedes: u128, // predicate ids
    pub fu: Option<(String, i64)>,
}

impl YakuRow {
    /// The match of a yaku that applies `n` times (a red five each, in Kansai Boo).
    pub fn matched(&self, n: i64) -> YakuMatch<'_> {
        YakuMatch {
            key: &self.key,
            name: &self.name,
            han: self.han * n,
            japanese: &self.japanese,
            times: if n == 1 { None } else { Some(n) },
            yakuman: self.yakuman * n,
        }
    }
}

/// A FuItem as the setting fixes it (reason, fu).
pub type Item = (String, i64);

/// The item of the setting for `key` (core.phrases.FU).
pub fn item<'a>(key: &'static str, i: &'a Item) -> FuItem<'a> {
    FuItem::borrowed(key, &i.0, i.1)
}

/// The fu items one ruleset under one set of options gives (fu.FuTable).
#[derive(Clone, Debug)]
pub struct FuTable {
    pub seven_pairs: Item,
    pub pinfu_tsumo_fu: i64,
    pub pinfu_tsumo: Option<Item>,
    pub closed_ron: Item,
    pub tsumo: Item,
    pub kanchan: Item,
    pub penchan: Item,
    pub tanki: Item,
    pub value_pair: i64,
    pub double_wind_pair: i64,
    pub raised_to: i64,
    pub raised: Option<Item>,
}

impl FuTable {
    /// The item of a wait that scores fu, with its key.
    pub fn wait(&self, wait: Wait) -> Option<(&'static str, &Item)> {
        match wait {
            Wait::Kanchan => Some(("wait_kanchan", &self.kanchan)),
            Wait::Penchan => Some(("wait_penchan", &self.penchan)),
            Wait::Tanki => Some(("wait_tanki", &self.tanki)),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiabilityRule {
    None,
    Pao,
    Arushal,
}

/// A han that is not a yaku (han_fu._BONUS_NAMES): key, name, Japanese.
#[derive(Clone, Debug)]
pub struct Bonus {
    pub key: String,
    pub name: String,
    pub japanese: String,
}

/// Everything one line of this setting is scored with.
#[derive(Clone, Debug)]
pub struct Setting {
    pub name: String, // the ruleset's name, as the record names it
    pub players: u8,
    pub flags: u32, // the ruleset's flags
    pub flag_rules: Vec<FlagRule>,
    // tiles and tokens
    pub dora: bool,
    pub ura: bool,
    pub dora_indicators: Option<usize>,
    pub ura_indicators: Option<usize>,
    pub red_allowed: [usize; 3], // red fives of the set: 0m 0p 0s
    pub red_option: bool,        // the ruleset has the option red_fives
    pub chiihou_by_ron: bool,
    pub quad_hands: bool,
    pub round_winds: Vec<Seat>,
    pub honba: bool,
    pub deposits: bool,
    // han, fu and base points
    pub min_han: i64,
    pub han_offset: i64,
    pub limits: Vec<(i64, i64, String)>,
    pub mangan_base: i64,
    pub yakuman_as_mangan: bool,
    // payments
    pub dealer_ron: i64,
    pub nondealer_ron: i64,
    pub payment_unit: i64,
    pub honba_ron: i64,
    pub honba_tsumo: i64,
    pub deposit: i64,
    pub dora_payments: bool,
    pub dora_extra_ron: i64,
    pub dora_extra_tsumo: i64,
    pub closed_bonus_ron: i64,
    pub closed_bonus_tsumo: i64,
    pub liability: LiabilityRule,
    pub pao_honba_by_discarder: bool,
    // shapes
    pub unrelated_shape: bool,
    pub nagashi_shape: bool, // every hand is read as a nagashi (extra_shapes)
    pub shape_gates: Vec<(Shape, String, bool)>, // shape, its option, the option's value
    // option values
    pub two_han_minimum_honba: i64,
    pub two_player: bool,
    pub tsumo_loss: bool,
    pub kiriage_mangan: bool,
    pub kazoe_yakuman: bool,
    pub pao: Vec<String>, // the yakuman whose feeder is liable
    pub pao_whole: bool,  // pao_share=whole
    pub renhou: String,   // the option renhou ("off" when the ruleset has none)
    pub open_dora_needs_yaku: bool,
    pub closed_bonus: bool,
    pub yakuman_note: Option<String>, // yakuman_result's note, when it is not "normal"
    pub kokushi_ankan_chankan: bool,
    pub tsumo_pinfu: bool,
    pub open_tanyao: bool,
    // the yaku (han_fu.Setting)
    pub closed: Vec<YakuRow>,
    pub open: Vec<YakuRow>,
    pub kept: u128,
    pub stacking: bool,
    pub fu: FuTable,
    pub field: Option<(String, String, i64, String)>, // key, name, han, Japanese
    pub bonus: Vec<Bonus>, // dora, ura_dora, aka_dora, kita (flower_dora: Python's)
    // the record: "rules" and "options" as Python encodes them, one line and indented
    pub head_line: String,
    pub head_indented: String,
    pub head_array: String, // head_indented one level in, as an element of the JSON array
}

impl Setting {
    pub fn bonus(&self, key: &str) -> Option<&Bonus> {
        self.bonus.iter().find(|b| b.key == key)
    }
}
