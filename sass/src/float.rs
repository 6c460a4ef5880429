//! Float immediates as nvdisasm prints them, and half-precision helpers.
//!
//! nvdisasm prints a float immediate like C's `%.20g` of its exact value
//! (so `0.1f` is `0.10000000149011611938`), except that a magnitude of 1e9
//! or more is always in exponent form with 20 digits after the point
//! (`1.00000000000000000000e+09`); infinities and NaNs are `+INF`, `-INF`,
//! `+QNAN`, `-SNAN`, … followed by a space, and negative zero is `-0.0 `.
//! (Observed on nvdisasm 13.2 over raw words; the corpus tests hold it.)

/// `%.20g` of `v` (finite), in C's spelling (`e-06`, trailing zeros removed).
fn g20(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    // 20 significant digits, exact: Rust prints the exact decimal value.
    let e = format!("{v:.19e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..20).contains(&exp) {
        let m = strip_zeros(mant);
        format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.unsigned_abs())
    } else {
        let decimals = (19 - exp).max(0) as usize;
        strip_zeros(&format!("{v:.decimals$}"))
    }
}

fn strip_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

fn special(neg: bool, nan: bool, quiet: bool) -> String {
    let sign = if neg { '-' } else { '+' };
    match (nan, quiet) {
        (false, _) => format!("{sign}INF "),
        (true, true) => format!("{sign}QNAN "),
        (true, false) => format!("{sign}SNAN "),
    }
}

fn finite(v: f64) -> String {
    if v == 0.0 && v.is_sign_negative() {
        return "-0.0 ".into();
    }
    if v.abs() >= 1e9 {
        let e = format!("{v:.20e}");
        let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        return format!("{mant}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.unsigned_abs());
    }
    g20(v)
}

/// An f32 immediate, from its bits.
pub fn fmt_f32(bits: u32) -> String {
    let v = f32::from_bits(bits);
    if v.is_nan() {
        return special(bits >> 31 == 1, true, bits & 0x0040_0000 != 0);
    }
    if v.is_infinite() {
        return special(v < 0.0, false, false);
    }
    finite(f64::from(v))
}

/// An f64 immediate, from its bits.
pub fn fmt_f64(bits: u64) -> String {
    let v = f64::from_bits(bits);
    if v.is_nan() {
        return special(bits >> 63 == 1, true, bits & 0x0008_0000_0000_0000 != 0);
    }
    if v.is_infinite() {
        return special(v < 0.0, false, false);
    }
    finite(v)
}

/// An f16 immediate, from its bits.
pub fn fmt_f16(bits: u16) -> String {
    let exp = (bits >> 10) & 0x1f;
    if exp == 0x1f {
        let nan = bits & 0x3ff != 0;
        return special(bits >> 15 == 1, nan, bits & 0x200 != 0);
    }
    finite(f64::from(f16_to_f32(bits)))
}

/// IEEE binary16 to f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match exp {
        0 if man == 0 => sign,
        0 => {
            // Subnormal: value = man * 2^-24.
            let v = man as f32 * f32::from_bits(0x3380_0000); // 2^-24
            return if sign != 0 { -v } else { v };
        }
        0x1f => sign | 0x7f80_0000 | (man << 13),
        _ => sign | ((exp + 127 - 15) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

/// f32 to IEEE binary16, round to nearest even (NaN stays NaN, quiet).
pub fn f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 | (man >> 13) as u16 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immediates_print_as_nvdisasm_does() {
        // Each pair was read off nvdisasm 13.2 for an FFMA immediate.
        for (bits, text) in [
            (0x3f80_0000, "1"),
            (0x3dcc_cccd, "0.10000000149011611938"),
            (0x7f80_0000, "+INF "),
            (0xffc0_0000, "-QNAN "),
            (0x7f80_0001, "+SNAN "),
            (0x0000_0001, "1.4012984643248170709e-45"),
            (0x8000_0000, "-0.0 "),
            (0x5f00_0000, "9.22337203685477580800e+18"),
            (0x3eaa_aaab, "0.3333333432674407959"),
            (0x4e6e_6b28, "1.00000000000000000000e+09"),
            (0x4d6e_6b28, "250000000"),
            (0x3727_c5ac, "9.9999997473787516356e-06"),
            (0x3a83_126f, "0.0010000000474974513054"),
            (0xc020_0000, "-2.5"),
            (0x4996_b43c, "1234567.5"),
        ] {
            assert_eq!(fmt_f32(bits), text, "{bits:#x}");
        }
    }

    #[test]
    fn half_conversions_round_trip() {
        for h in 0..=u16::MAX {
            let f = f16_to_f32(h);
            if f.is_nan() {
                assert!(f16_to_f32(f32_to_f16(f)).is_nan());
            } else {
                assert_eq!(f32_to_f16(f), h, "{h:#x}");
            }
        }
        assert_eq!(f32_to_f16(65520.0), 0x7c00); // rounds to infinity
        assert_eq!(f32_to_f16(1.0 + 1.0 / 4096.0), 0x3c00); // ties to even
    }
}
