//! Han and fu to base points, with every limit of the riichi family (scoring/points.py).

use crate::setting::Setting;

/// (base points, limit name or None): fu x 2^(han + han_offset), capped by the limits.
pub fn base_points(han: i64, fu: i64, yakuman: i64, s: &Setting) -> (i64, Option<&str>) {
    if yakuman > 0 && s.yakuman_as_mangan {
        return (s.mangan_base, Some("mangan"));
    }
    if yakuman > 0 {
        return (8000 * yakuman, Some("yakuman"));
    }
    for (least, base, name) in &s.limits {
        if han >= *least {
            if name == "kazoe-yakuman" && !s.kazoe_yakuman {
                return (6000, Some("sanbaiman"));
            }
            return (*base, Some(name.as_str()));
        }
    }
    let mangan = s.mangan_base;
    let power = han + s.han_offset; // the setting refuses a negative han_offset
    if power >= 40 {
        return (mangan, Some("mangan")); // fu x 2^40 is far beyond any mangan
    }
    let base = fu * (1i64 << power);
    if base >= mangan {
        return (mangan, Some("mangan"));
    }
    if s.kiriage_mangan && ((han, fu) == (4, 30) || (han, fu) == (3, 60)) {
        return (mangan, Some("mangan"));
    }
    (base, None)
}

/// `x / 2` rounded up to the unit (points.round_up of an amount that may be a half).
pub fn round_up_half(twice: i64, unit: i64) -> i64 {
    -((-twice).div_euclid(2 * unit)) * unit
}

/// An amount rounded up to the ruleset's unit (points.round_up).
pub fn round_up(x: i64, unit: i64) -> i64 {
    -((-x).div_euclid(unit)) * unit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_up() {
        assert_eq!(round_up(1920, 100), 2000);
        assert_eq!(round_up(2000, 100), 2000);
        assert_eq!(round_up_half(3900, 100), 2000); // 1950 -> 2000
        assert_eq!(round_up_half(3901, 100), 2000);
        assert_eq!(round_up_half(4000, 100), 2000);
    }
}
