//! A small, exact soft-float for the operations the host FPU cannot do
//! without changing its rounding mode: `a * b + c`, `a * b` and integer
//! conversion, rounded once into binary32 or binary64 in any of the four
//! IEEE modes (the hardware's `.RN`, `.RM`, `.RP`, `.RZ`), with subnormal
//! inputs and results (flushing is the caller's business, as `.FTZ` is an
//! operand and result modifier).
//!
//! ## Why it is exact
//! A finite operand is `m · 2^e` with an integer `m` of at most 53 bits, so
//! the product `a · b` is an integer of at most 106 bits times a power of
//! two, held exactly in a `u128`. To add `c`, both terms are normalised so
//! their leading one sits at bit 124 and the smaller one (by magnitude) is
//! shifted right by the exponent difference `d`. The bits shifted out are
//! kept as one *sticky* bit below a guard position: each term is doubled
//! and the smaller becomes `2·⌊Y/2^d⌋ + s`, where `s` says whether anything
//! nonzero was shifted out. If `s` is set, the true value lies strictly
//! between two consecutive even integers (in units of the doubled lsb) and
//! the proxy is the odd integer between them. Every rounding boundary
//! (a multiple of half an ulp of the result) is an even integer in those
//! units whenever the result keeps at least 2 bits below its last place,
//! which holds whenever `s` can be set: bits are lost only when `d > 19`,
//! then `|X ± Y| > |X|/2` has its leading one at bit 124 or above, and a
//! binary64 result keeps 53 of those bits (or fewer, when subnormal). So the
//! proxy rounds exactly as the true value does, in every mode, and is
//! inexact exactly when the true value is. The unit tests check this
//! against an independent exact computation (big-integer comparisons of
//! `a · b + c` with the host's round-to-nearest result and its neighbours).

use crate::op::Rnd;

/// An IEEE binary interchange format: explicit mantissa bits and exponent bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Format {
    man: u32,
    exp: u32,
}

/// binary32.
pub(crate) const F32: Format = Format { man: 23, exp: 8 };
/// binary64.
pub(crate) const F64: Format = Format { man: 52, exp: 11 };
/// binary16 (`I2F.F16`).
pub(crate) const F16: Format = Format { man: 10, exp: 5 };

impl Format {
    fn bias(self) -> i32 {
        (1 << (self.exp - 1)) - 1
    }
    /// The exponent of the least significant bit of a subnormal (-149, -1074).
    fn emin(self) -> i32 {
        1 - self.bias() - self.man as i32
    }
    fn sign_bit(self) -> u64 {
        1 << (self.man + self.exp)
    }
    fn inf(self) -> u64 {
        ((1u64 << self.exp) - 1) << self.man
    }
    /// The NaN the hardware returns for any NaN result (all bits but the sign set).
    pub(crate) fn canonical_nan(self) -> u64 {
        self.sign_bit() - 1
    }
}

/// An operand, unpacked.
#[derive(Debug, Clone, Copy)]
enum Num {
    Nan,
    Inf(bool),
    Zero(bool),
    /// `(-1)^sign · m · 2^e`, `m > 0`.
    Fin(bool, u64, i32),
}

fn unpack(f: Format, bits: u64) -> Num {
    let sign = bits & f.sign_bit() != 0;
    let exp = (bits >> f.man) & ((1 << f.exp) - 1);
    let frac = bits & ((1 << f.man) - 1);
    match (exp, frac) {
        (0, 0) => Num::Zero(sign),
        (0, m) => Num::Fin(sign, m, f.emin()),
        (e, 0) if e == (1 << f.exp) - 1 => Num::Inf(sign),
        (e, _) if e == (1 << f.exp) - 1 => Num::Nan,
        (e, m) => Num::Fin(sign, m | 1 << f.man, e as i32 - f.bias() - f.man as i32),
    }
}

fn signed_zero(f: Format, neg: bool) -> u64 {
    if neg {
        f.sign_bit()
    } else {
        0
    }
}

/// Round `(-1)^neg · m · 2^e` (exact, `m > 0`) into `f` in mode `rnd`.
pub(crate) fn round_pack(f: Format, neg: bool, m: u128, e: i32, rnd: Rnd) -> u64 {
    debug_assert!(m != 0);
    let msb = 127 - m.leading_zeros() as i32;
    // Keep man + 1 bits, or fewer where the result is subnormal.
    let shift = (msb - f.man as i32).max(f.emin() - e);
    let q: u128 = if shift <= 0 {
        // Exact: at most man + 1 bits after the shift (shift >= msb - man).
        m << (-shift) as u32
    } else {
        let (q, rem) = if shift >= 128 { (0, m) } else { (m >> shift, m & ((1u128 << shift) - 1)) };
        // rem against half an ulp (2^(shift-1)); m < 2^127 so for shift >= 128 rem is below half.
        let half_cmp = if shift > 128 { std::cmp::Ordering::Less } else { rem.cmp(&(1u128 << (shift - 1))) };
        let up = match rnd {
            Rnd::Rn => half_cmp.is_gt() || (half_cmp.is_eq() && q & 1 == 1),
            Rnd::Rz => false,
            Rnd::Rp => !neg && rem != 0,
            Rnd::Rm => neg && rem != 0,
        };
        q + u128::from(up)
    };
    let lsb = e + shift; // the exponent of q's last bit, >= emin
    let sign = signed_zero(f, neg);
    if q == 0 {
        return sign;
    }
    // q <= 2^(man+1): a subnormal at lsb == emin is q itself; a normal number
    // with biased exponent B is (B << man) + q - 2^man = ((lsb - emin) << man) + q.
    let scale = i64::from(lsb) - i64::from(f.emin());
    let limit = (1i64 << f.exp) + 1; // anything at or above this scale overflows
    if scale >= limit {
        return sign | overflow(f, neg, rnd);
    }
    let bits = ((scale as u128) << f.man) + q;
    if bits >= u128::from(f.inf()) {
        return sign | overflow(f, neg, rnd);
    }
    sign | bits as u64
}

/// The magnitude an overflowing result rounds to: infinity, or the largest
/// finite number when the mode rounds toward zero from that side.
fn overflow(f: Format, neg: bool, rnd: Rnd) -> u64 {
    let to_inf = match rnd {
        Rnd::Rn => true,
        Rnd::Rz => false,
        Rnd::Rp => !neg,
        Rnd::Rm => neg,
    };
    if to_inf {
        f.inf()
    } else {
        f.inf() - 1
    }
}

/// `(m, e)` with the leading one of `m` moved to bit 124 (value unchanged).
fn normalise(m: u128, e: i32) -> (u128, i32) {
    let s = m.leading_zeros() as i32 - 3;
    (m << s as u32, e - s)
}

/// `a · b + c` (or `a · b` when `c` is `None`) rounded once into `f` in mode
/// `rnd`, on bit patterns. Any NaN result is `f`'s canonical NaN.
pub(crate) fn fma(f: Format, a: u64, b: u64, c: Option<u64>, rnd: Rnd) -> u64 {
    let (a, b) = (unpack(f, a), unpack(f, b));
    let c = c.map(|c| unpack(f, c));
    let nan = f.canonical_nan();
    // The product: NaN, an infinity, a zero, or exact (sign, m, e).
    let product = match (a, b) {
        (Num::Nan, _) | (_, Num::Nan) => return nan,
        (Num::Inf(_), Num::Zero(_)) | (Num::Zero(_), Num::Inf(_)) => return nan,
        (Num::Inf(x), Num::Inf(y) | Num::Fin(y, ..)) => Num::Inf(x ^ y),
        (Num::Fin(x, ..), Num::Inf(y)) => Num::Inf(x ^ y),
        (Num::Zero(x), Num::Zero(y) | Num::Fin(y, ..)) | (Num::Fin(x, ..), Num::Zero(y)) => Num::Zero(x ^ y),
        (Num::Fin(x, ma, ea), Num::Fin(y, mb, eb)) => {
            let m = u128::from(ma) * u128::from(mb);
            let Some(c) = c else { return round_pack(f, x ^ y, m, ea + eb, rnd) };
            return add(f, (x ^ y, m, ea + eb), c, rnd);
        }
    };
    let Some(c) = c else {
        return match product {
            Num::Inf(s) => signed_zero(f, s) | f.inf(),
            Num::Zero(s) => signed_zero(f, s),
            _ => nan,
        };
    };
    match (product, c) {
        (_, Num::Nan) => nan,
        (Num::Inf(p), Num::Inf(q)) if p != q => nan,
        (Num::Inf(s), _) | (_, Num::Inf(s)) => signed_zero(f, s) | f.inf(),
        // An exact zero sum: -0 only for (-0) + (-0), or for any zero sum when rounding down.
        (Num::Zero(p), Num::Zero(q)) => signed_zero(f, if p == q { p } else { rnd == Rnd::Rm }),
        (Num::Zero(_), Num::Fin(s, m, e)) => round_pack(f, s, u128::from(m), e, rnd),
        _ => nan,
    }
}

/// The exact product `p` plus `c`, rounded once.
fn add(f: Format, p: (bool, u128, i32), c: Num, rnd: Rnd) -> u64 {
    let (sc, mc, ec) = match c {
        Num::Nan => return f.canonical_nan(),
        Num::Inf(s) => return signed_zero(f, s) | f.inf(),
        Num::Zero(_) => return round_pack(f, p.0, p.1, p.2, rnd),
        Num::Fin(s, m, e) => (s, m, e),
    };
    let (mp, ep) = normalise(p.1, p.2);
    let (mc, ec) = normalise(u128::from(mc), ec);
    // X: the larger magnitude (both leading ones at bit 124, so compare exponents, then mantissas).
    let ((sx, mx, ex), (sy, my, ey)) =
        if (ep, mp) >= (ec, mc) { ((p.0, mp, ep), (sc, mc, ec)) } else { ((sc, mc, ec), (p.0, mp, ep)) };
    let d = (ex - ey) as u32; // >= 0
    let (kept, sticky) = if d >= 128 { (0, true) } else { (my >> d, my & ((1u128 << d) - 1) != 0) };
    let x2 = mx << 1;
    let y2 = (kept << 1) | u128::from(sticky);
    let r = if sx == sy { x2 + y2 } else { x2 - y2 };
    if r == 0 {
        // Exact cancellation (only possible with d == 0 and no sticky bit).
        return signed_zero(f, rnd == Rnd::Rm);
    }
    round_pack(f, sx, r, ex - 1, rnd)
}

/// An integer, rounded into `f` in mode `rnd`.
pub(crate) fn from_int(f: Format, x: i128, rnd: Rnd) -> u64 {
    if x == 0 {
        return 0;
    }
    round_pack(f, x < 0, x.unsigned_abs(), 0, rnd)
}

/// A value of format `from` rounded into the narrower `to` in mode `rnd`
/// (NaN: `to`'s canonical NaN; infinities and zeros keep their sign).
pub(crate) fn narrow(from: Format, to: Format, bits: u64, rnd: Rnd) -> u64 {
    match unpack(from, bits) {
        Num::Nan => to.canonical_nan(),
        Num::Inf(s) => signed_zero(to, s) | to.inf(),
        Num::Zero(s) => signed_zero(to, s),
        Num::Fin(s, m, e) => round_pack(to, s, u128::from(m), e, rnd),
    }
}

#[cfg(test)]
#[path = "softfloat_tests.rs"]
mod tests;
