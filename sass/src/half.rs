//! 16-bit floats: IEEE binary16 (`f16`) and bfloat16 (`bf16`) values,
//! correctly rounded results, and the swizzled operands of the paired-half
//! ALU (`HADD2 R9, R2.H0_H0, -R5`).
//!
//! Rounding is exact by construction: a result is carried as an unevaluated
//! sum `hi + lo` of two f64s (an error-free transformation of the exact
//! value), and rounded once into the 16-bit format. Every rounding boundary
//! of a 16-bit format (a representable value or a midpoint between two) has
//! at most 12 significant bits and lies inside f64's range, so it is an f64
//! itself: rounding the exact value to f64 never crosses one, and `lo`
//! decides the direction when `hi` sits exactly on one.

use std::fmt;

use crate::op::Rnd;
use crate::operand::{CBuf, Operand, SrcMods};

/// 2^k, built from its bits: exact for every normal power (`powi` is not
/// guaranteed exact, and Miri perturbs it on purpose).
pub(crate) fn pow2(k: i32) -> f64 {
    f64::from_bits(((k.clamp(-1022, 1023) + 1023) as u64) << 52)
}

/// A 16-bit float format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HalfFmt {
    /// IEEE binary16: 5 exponent bits, 10 fraction bits.
    F16,
    /// bfloat16: 8 exponent bits, 7 fraction bits (the top half of an f32).
    Bf16,
}

/// The NaN a 16-bit arithmetic result carries when it is a NaN (either format).
pub const CANONICAL_NAN16: u16 = 0x7fff;

impl HalfFmt {
    /// Fraction bits.
    fn man(self) -> u32 {
        match self {
            HalfFmt::F16 => 10,
            HalfFmt::Bf16 => 7,
        }
    }

    /// The smallest normal exponent.
    fn emin(self) -> i32 {
        match self {
            HalfFmt::F16 => -14,
            HalfFmt::Bf16 => -126,
        }
    }

    /// The bits of +infinity.
    fn inf(self) -> u16 {
        match self {
            HalfFmt::F16 => 0x7c00,
            HalfFmt::Bf16 => 0x7f80,
        }
    }

    /// A NaN.
    pub fn is_nan(self, h: u16) -> bool {
        h & 0x7fff > self.inf()
    }

    /// A subnormal (non-zero, exponent field zero).
    pub fn is_subnormal(self, h: u16) -> bool {
        h & self.inf() == 0 && h & 0x7fff != 0
    }

    /// A subnormal flushed to the zero of its sign.
    pub fn ftz(self, h: u16) -> u16 {
        if self.is_subnormal(h) {
            h & 0x8000
        } else {
            h
        }
    }

    /// The value (exact: every 16-bit float is an f64).
    pub fn to_f64(self, h: u16) -> f64 {
        match self {
            HalfFmt::F16 => f64::from(crate::float::f16_to_f32(h)),
            HalfFmt::Bf16 => f64::from(f32::from_bits(u32::from(h) << 16)),
        }
    }

    /// Round the exact value `hi + lo` into this format in mode `rnd`.
    ///
    /// `hi` is the exact value rounded to nearest f64 and `lo` the rest
    /// (as a two-sum or two-product gives them); a NaN `hi` gives
    /// [`CANONICAL_NAN16`], a zero `hi` the zero of its sign.
    pub fn round(self, hi: f64, lo: f64, rnd: Rnd) -> u16 {
        if hi.is_nan() {
            return CANONICAL_NAN16;
        }
        let neg = hi.is_sign_negative();
        let sign = if neg { 0x8000 } else { 0 };
        if hi == 0.0 {
            return sign;
        }
        if hi.is_infinite() {
            return sign | self.inf();
        }
        let (a, lo) = if neg { (-hi, -lo) } else { (hi, lo) };
        let man = self.man();
        // The exponent of `a`, at least the smallest normal one.
        let e = ((a.to_bits() >> 52) as i32 - 1023).max(-1022).max(self.emin());
        // Units of the last place at that exponent: `a / q` is exact (a power-of-two scaling).
        let scaled = a * pow2(i32::try_from(man).unwrap_or(0) - e);
        let n = scaled.floor();
        let r = scaled - n;
        // The exact value is `n + r + lo / q`, with `|lo / q|` far below half a unit.
        let (floor, inexact) = if r == 0.0 && lo < 0.0 { (n - 1.0, true) } else { (n, r != 0.0 || lo != 0.0) };
        let m = match rnd {
            // Nearest: a tie (`r` one half) goes the way `lo` points, else to even.
            Rnd::Rn if r == 0.5 => n + if lo > 0.0 || (lo == 0.0 && (n as u64) & 1 == 1) { 1.0 } else { 0.0 },
            Rnd::Rn => n + if r > 0.5 { 1.0 } else { 0.0 },
            Rnd::Rz => floor,
            Rnd::Rp => floor + if !neg && inexact { 1.0 } else { 0.0 },
            Rnd::Rm => floor + if neg && inexact { 1.0 } else { 0.0 },
        };
        let bits = (((e - self.emin()) as u64) << man) + m as u64;
        if bits >= u64::from(self.inf()) {
            let to_inf = match rnd {
                Rnd::Rn => true,
                Rnd::Rz => false,
                Rnd::Rp => !neg,
                Rnd::Rm => neg,
            };
            return sign | if to_inf { self.inf() } else { self.inf() - 1 };
        }
        sign | bits as u16
    }

    /// Round an f64 (exact) into this format.
    pub fn from_f64(self, v: f64, rnd: Rnd) -> u16 {
        self.round(v, 0.0, rnd)
    }
}

/// The exact sum `a + b` as `(s, e)`: `s = fl(a + b)`, `s + e = a + b` (Knuth's two-sum).
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    if !s.is_finite() {
        return (s, 0.0);
    }
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// Which 16-bit halves of a 32-bit source feed the two lanes of a paired-half operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Swizzle {
    /// Both halves in place (not printed; `H1_H0`).
    H1H0,
    /// The source is one f32, converted (`.F32`).
    F32,
    /// The low half in both lanes (`.H0_H0`).
    H0H0,
    /// The high half in both lanes (`.H1_H1`).
    H1H1,
    /// The low half, and the high half negated (`.H0_NH1`, HFMA2's B only).
    H0Nh1,
}

impl Swizzle {
    /// From the two swizzle bits (and HFMA2's third bit for B); `None`: an invalid value.
    pub(crate) fn from_bits(v: u64) -> Option<Swizzle> {
        Some(match v {
            0 => Swizzle::H1H0,
            1 => Swizzle::F32,
            2 => Swizzle::H0H0,
            3 => Swizzle::H1H1,
            4 => Swizzle::H0Nh1,
            _ => return None,
        })
    }

    fn suffix(self) -> &'static str {
        match self {
            Swizzle::H1H0 => "",
            Swizzle::F32 => ".F32",
            Swizzle::H0H0 => ".H0_H0",
            Swizzle::H1H1 => ".H1_H1",
            Swizzle::H0Nh1 => ".H0_NH1",
        }
    }
}

/// Where a paired-half source comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HalfBase {
    /// A general register.
    Reg(u8),
    /// A constant.
    CBuf(CBuf),
    /// A uniform register (the forms with bit 91 set).
    UReg(u8),
    /// Two 16-bit immediates (high lane, low lane) in one word, printed as
    /// bfloat16 values when `bf16`; `low_only`: only the low one is used
    /// and printed (`HADD2.F32`, whose single result is the low lane's).
    Imm {
        /// The high half is the high lane's.
        bits: u32,
        /// Printed as bfloat16.
        bf16: bool,
        /// Only the low half is an operand.
        low_only: bool,
    },
}

/// A paired-half source register or constant, with its modifiers and swizzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HalfSrc {
    /// The register or constant.
    pub base: HalfBase,
    /// `-x`, `|x|` (on each half) and `.reuse`.
    pub mods: SrcMods,
    /// Which halves feed the two lanes.
    pub swizzle: Swizzle,
}

impl fmt::Display for HalfSrc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.base {
            HalfBase::Reg(r) => write!(f, "{}{}", Operand::Reg(r, self.mods), self.swizzle.suffix()),
            // A constant's or uniform register's swizzle goes inside its
            // `|x|`: `|c[0x0][0x0].H0_H0|`, `|UR4.H0_H0|` (nvdisasm).
            HalfBase::CBuf(_) | HalfBase::UReg(_) => {
                let plain = SrcMods { abs: false, neg: false, ..self.mods };
                let (open, close) = if self.mods.abs { ("|", "|") } else { ("", "") };
                if self.mods.neg {
                    f.write_str("-")?;
                }
                let text = match self.base {
                    HalfBase::CBuf(c) => Operand::CBuf(c, plain).to_string(),
                    HalfBase::UReg(r) => Operand::UReg(r, plain).to_string(),
                    _ => String::new(),
                };
                write!(f, "{open}{text}{}{close}", self.swizzle.suffix())
            }
            HalfBase::Imm { bits, bf16, low_only } => {
                let one = |h: u32| {
                    if bf16 {
                        crate::float::fmt_f32(h << 16)
                    } else {
                        crate::float::fmt_f16(h as u16)
                    }
                };
                if low_only {
                    f.write_str(&one(bits & 0xffff))
                } else {
                    write!(f, "{}, {}", one(bits >> 16), one(bits & 0xffff))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference: the nearest (or directed) 16-bit value by exhaustive search over all finite values.
    fn slow(fmt: HalfFmt, v: f64, rnd: Rnd) -> u16 {
        let mut best: Option<(u16, f64)> = None;
        let max = fmt.inf() - 1;
        for m in 0..=max {
            for s in [0u16, 0x8000] {
                let h = s | m;
                let x = fmt.to_f64(h);
                let ok = match rnd {
                    Rnd::Rn => true,
                    Rnd::Rz => x.abs() <= v.abs() && (x == 0.0 || x.signum() == v.signum()),
                    Rnd::Rm => x <= v,
                    Rnd::Rp => x >= v,
                };
                if !ok {
                    continue;
                }
                let d = (x - v).abs();
                let better = match best {
                    None => true,
                    Some((bh, bd)) => d < bd || (d == bd && rnd == Rnd::Rn && bh & 1 == 1 && h & 1 == 0),
                };
                if better {
                    best = Some((h, d));
                }
            }
        }
        best.map_or(0, |b| b.0)
    }

    #[test]
    fn rounding_matches_an_exhaustive_search() {
        // Values on, between and at the midpoints of neighbouring values,
        // normal and subnormal, of either sign, in every mode.
        for fmt in [HalfFmt::F16, HalfFmt::Bf16] {
            for h in [0x0001u16, 0x0002, 0x0003, 0x03ff, 0x0400, 0x0401, 0x3c00, 0x3c01, 0x1234, 0x5555, 0x7bfe] {
                let (a, b) = (fmt.to_f64(h), fmt.to_f64(h + 1));
                for v in [a, (a + b) / 2.0, a + (b - a) / 3.0, a + (b - a) * 0.75] {
                    for v in [v, -v] {
                        for rnd in [Rnd::Rn, Rnd::Rz, Rnd::Rm, Rnd::Rp] {
                            assert_eq!(fmt.round(v, 0.0, rnd), slow(fmt, v, rnd), "{fmt:?} {h:#x} {v:e} {rnd:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_low_part_breaks_ties_and_directs_rounding() {
        let f = HalfFmt::F16;
        let mid = (1.0 + (1.0 + 1.0 / 1024.0)) / 2.0; // halfway between 0x3c00 and 0x3c01
        assert_eq!(f.round(mid, 0.0, Rnd::Rn), 0x3c00); // ties to even
        assert_eq!(f.round(mid, 1e-30, Rnd::Rn), 0x3c01);
        assert_eq!(f.round(mid, -1e-30, Rnd::Rn), 0x3c00);
        // Exactly 1 minus a hair: below 1 in every directed mode.
        assert_eq!(f.round(1.0, -1e-30, Rnd::Rz), 0x3bff);
        assert_eq!(f.round(1.0, -1e-30, Rnd::Rm), 0x3bff);
        assert_eq!(f.round(1.0, -1e-30, Rnd::Rp), 0x3c00);
        assert_eq!(f.round(1.0, -1e-30, Rnd::Rn), 0x3c00);
        assert_eq!(f.round(-1.0, 1e-30, Rnd::Rz), 0xbbff);
        assert_eq!(f.round(-1.0, 1e-30, Rnd::Rm), 0xbc00);
        assert_eq!(f.round(1.0, 1e-30, Rnd::Rp), 0x3c01);
    }

    #[test]
    fn overflow_and_specials() {
        let f = HalfFmt::F16;
        assert_eq!(f.round(65520.0, 0.0, Rnd::Rn), 0x7c00);
        assert_eq!(f.round(65519.0, 0.0, Rnd::Rn), 0x7bff);
        assert_eq!(f.round(1e6, 0.0, Rnd::Rz), 0x7bff);
        assert_eq!(f.round(-1e6, 0.0, Rnd::Rp), 0xfbff);
        assert_eq!(f.round(-1e6, 0.0, Rnd::Rm), 0xfc00);
        assert_eq!(f.round(f64::NAN, 0.0, Rnd::Rn), CANONICAL_NAN16);
        assert_eq!(f.round(-0.0, 0.0, Rnd::Rn), 0x8000);
        assert_eq!(f.round(f64::NEG_INFINITY, 0.0, Rnd::Rz), 0xfc00);
        assert_eq!(HalfFmt::Bf16.round(3.0e38, 0.0, Rnd::Rn), 0x7f62);
        assert_eq!(HalfFmt::Bf16.round(f64::from(f32::MAX) * 2.0, 0.0, Rnd::Rn), 0x7f80);
        assert_eq!(HalfFmt::Bf16.from_f64(1.0 + 1.0 / 256.0, Rnd::Rn), 0x3f80); // tie to even
        assert_eq!(HalfFmt::Bf16.from_f64(1.0 + 3.0 / 256.0, Rnd::Rn), 0x3f82);
        assert!(f.is_subnormal(0x8001) && !f.is_subnormal(0x0400) && f.ftz(0x83ff) == 0x8000);
    }

    #[test]
    fn two_sum_is_exact() {
        let (s, e) = two_sum(1.0, 1e-30);
        assert_eq!((s, e), (1.0, 1e-30));
        let (s, e) = two_sum(3.0, -1.0);
        assert_eq!((s, e), (2.0, 0.0));
    }
}
