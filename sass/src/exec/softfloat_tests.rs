//! The soft-float against an independent exact reference: the host's
//! correctly rounded round-to-nearest `mul_add` gives `r`; the exact sign of
//! `a·b + c − r`, computed on big integers, says which neighbour of `r` each
//! directed mode must return. No rounding logic is shared with the code under
//! test.

use super::*;
use proptest::prelude::*;
use std::cmp::Ordering;

/// A signed big integer in two's complement, enough for any
/// `a·b + c − r` over binary64 scaled to integers (about 4,200 bits).
struct Big([u64; 70]);

impl Big {
    fn new() -> Big {
        Big([0; 70])
    }
    /// Add `(-1)^neg · m · 2^shift`.
    fn add(&mut self, neg: bool, m: u128, shift: u32) {
        let mut t = Big::new();
        let (limb, bit) = ((shift / 64) as usize, shift % 64);
        let wide = [m as u64, (m >> 64) as u64, 0];
        for k in 0..3 {
            let lo = wide[k] << bit;
            let carry = if bit == 0 || k == 0 { 0 } else { wide[k - 1] >> (64 - bit) };
            t.0[limb + k] = lo | carry;
        }
        if neg {
            // Two's complement negation: invert, add one.
            let mut c = true;
            for v in t.0.iter_mut() {
                let (s, o) = (!*v).overflowing_add(u64::from(c));
                *v = s;
                c = o;
            }
        }
        let mut c = false;
        for (v, x) in self.0.iter_mut().zip(t.0) {
            let (s1, o1) = v.overflowing_add(x);
            let (s2, o2) = s1.overflowing_add(u64::from(c));
            *v = s2;
            c = o1 || o2;
        }
    }
    fn sign(&self) -> Ordering {
        if self.0[69] >> 63 == 1 {
            Ordering::Less
        } else if self.0.iter().all(|&v| v == 0) {
            Ordering::Equal
        } else {
            Ordering::Greater
        }
    }
}

/// `(neg, m, e)` of a finite value (zero: m = 0).
fn parts(f: Format, bits: u64) -> (bool, u128, i32) {
    match unpack(f, bits) {
        Num::Fin(s, m, e) => (s, u128::from(m), e),
        Num::Zero(s) => (s, 0, 0),
        _ => unreachable!("finite only"),
    }
}

fn next(f: Format, bits: u64, up: bool) -> u64 {
    let neg = bits & f.sign_bit() != 0;
    let mag = bits & !f.sign_bit();
    if mag == 0 {
        return if up { 1 } else { f.sign_bit() | 1 };
    }
    if up != neg {
        bits + 1
    } else if mag == 1 {
        // The smallest subnormal steps to the zero of its own sign.
        signed_zero(f, neg)
    } else {
        bits - 1
    }
}

/// The reference `a·b + c` in mode `rnd` (c = None: `a·b`).
fn reference(f: Format, a: u64, b: u64, c: Option<u64>, rnd: Rnd) -> u64 {
    let (r, finite_in) = if f == F64 {
        let (x, y) = (f64::from_bits(a), f64::from_bits(b));
        let r = match c {
            Some(c) => x.mul_add(y, f64::from_bits(c)),
            None => x * y,
        };
        let fin = x.is_finite() && y.is_finite() && c.is_none_or(|c| f64::from_bits(c).is_finite());
        (r.to_bits(), fin && !r.is_nan())
    } else {
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let r = match c {
            Some(c) => x.mul_add(y, f32::from_bits(c as u32)),
            None => x * y,
        };
        let fin = x.is_finite() && y.is_finite() && c.is_none_or(|c| f32::from_bits(c as u32).is_finite());
        (u64::from(r.to_bits()), fin && !r.is_nan())
    };
    if (r & !f.sign_bit()) > f.inf() {
        return f.canonical_nan();
    }
    if !finite_in {
        return r; // infinite operands: the result is exact
    }
    // v = a·b + c − r, scaled by 2^(-2·emin) to integers.
    let base = 2 * f.emin();
    let (sa, ma, ea) = parts(f, a);
    let (sb, mb, eb) = parts(f, b);
    let mut v = Big::new();
    if ma != 0 && mb != 0 {
        v.add(sa ^ sb, ma * mb, (ea + eb - base) as u32);
    }
    let mut zero_terms = ma == 0 || mb == 0;
    let same_zero_signs = match c.map(|c| parts(f, c)) {
        Some((sc, mc, ec)) => {
            if mc != 0 {
                v.add(sc, mc, (ec - base) as u32);
            }
            zero_terms &= mc == 0;
            sa ^ sb == sc
        }
        None => true,
    };
    let exact = v.sign(); // of a·b + c alone, before r is subtracted
    let r_inf = r & !f.sign_bit() == f.inf();
    let cmp = if r_inf {
        // A finite value against an infinity.
        if r & f.sign_bit() != 0 {
            Ordering::Greater
        } else {
            Ordering::Less
        }
    } else {
        let (sr, mr, er) = parts(f, r);
        if mr != 0 {
            v.add(!sr, mr, (er - base) as u32);
        }
        v.sign()
    };
    let r_neg = r & f.sign_bit() != 0;
    match cmp {
        Ordering::Equal => {
            if exact == Ordering::Equal && rnd == Rnd::Rm && c.is_some() && !(zero_terms && same_zero_signs) {
                f.sign_bit() // an exact zero sum rounds to -0 when rounding down
            } else {
                r
            }
        }
        // The exact value is above r.
        Ordering::Greater => match rnd {
            Rnd::Rn | Rnd::Rm => r,
            Rnd::Rp => next(f, r, true),
            Rnd::Rz => {
                if r_neg {
                    next(f, r, true)
                } else {
                    r
                }
            }
        },
        Ordering::Less => match rnd {
            Rnd::Rn | Rnd::Rp => r,
            Rnd::Rm => next(f, r, false),
            Rnd::Rz => {
                if r_neg {
                    r
                } else {
                    next(f, r, false)
                }
            }
        },
    }
}

const MODES: [Rnd; 4] = [Rnd::Rn, Rnd::Rm, Rnd::Rp, Rnd::Rz];

fn check(f: Format, a: u64, b: u64, c: Option<u64>) {
    for rnd in MODES {
        let got = fma(f, a, b, c, rnd);
        let want = reference(f, a, b, c, rnd);
        assert_eq!(got, want, "{f:?} {a:#x} * {b:#x} + {c:x?} in {rnd:?}: got {got:#x} want {want:#x}");
    }
}

/// A bit pattern with its exponent field drawn near `centre` (so products
/// and sums land near overflow, underflow and cancellation).
fn near(f: Format, sign: bool, exp: i64, frac: u64) -> u64 {
    let e = exp.clamp(0, (1 << f.exp) - 1) as u64;
    signed_zero(f, sign) | e << f.man | (frac & ((1 << f.man) - 1))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn f64_random_bits(a: u64, b: u64, c: u64) {
        check(F64, a, b, Some(c));
        check(F64, a, b, None);
    }

    #[test]
    fn f32_random_bits(a: u32, b: u32, c: u32) {
        check(F32, a.into(), b.into(), Some(c.into()));
        check(F32, a.into(), b.into(), None);
    }

    /// The addend's exponent close to the product's: cancellation, carries, ties.
    #[test]
    fn f64_close_exponents(sa: bool, sb: bool, sc: bool, ea in 0i64..2047, eb in 0i64..2047,
                           dc in -60i64..60, fa: u64, fb: u64, fc: u64) {
        let (a, b) = (near(F64, sa, ea, fa), near(F64, sb, eb, fb));
        let c = near(F64, sc, ea + eb - 1023 + dc, fc);
        check(F64, a, b, Some(c));
    }

    #[test]
    fn f32_close_exponents(sa: bool, sb: bool, sc: bool, ea in 0i64..255, eb in 0i64..255,
                           dc in -30i64..30, fa: u64, fb: u64, fc: u64) {
        let (a, b) = (near(F32, sa, ea, fa), near(F32, sb, eb, fb));
        let c = near(F32, sc, ea + eb - 127 + dc, fc);
        check(F32, a, b, Some(c));
    }

    /// c = −round(a·b) ± a few ulps: the result is the product's rounding error.
    #[test]
    fn f64_product_error(a: u64, b: u64, k in -3i64..3) {
        let p = f64::from_bits(a) * f64::from_bits(b);
        if p.is_finite() {
            let c = ((-p).to_bits() as i64).wrapping_add(k) as u64;
            check(F64, a, b, Some(c));
        }
    }

    #[test]
    fn int_conversions(x: i64, y: u64) {
        for rnd in MODES {
            for v in [i128::from(x), i128::from(y)] {
                // An integer is a product with 1.0: the reference covers it when it is exact in f64 pieces.
                let hi = (v >> 32) as i64 as f64 * 4294967296.0; // exact
                let lo = (v & 0xffff_ffff) as f64; // exact
                let want = reference(F64, hi.to_bits(), 1f64.to_bits(), Some(lo.to_bits()), rnd);
                prop_assert_eq!(from_int(F64, v, rnd), want, "{} {:?}", v, rnd);
                let want = reference(F32, u64::from((hi as f32).to_bits()), u64::from(1f32.to_bits()),
                                     Some(u64::from((lo as f32).to_bits())), rnd);
                if (hi as f32) as f64 == hi && (lo as f32) as f64 == lo {
                    prop_assert_eq!(from_int(F32, v, rnd), want, "{} {:?}", v, rnd);
                }
            }
        }
    }
}

#[test]
fn edge_cases() {
    let (max, min_sub, inf) = (f64::MAX.to_bits(), 1u64, f64::INFINITY.to_bits());
    let neg = |b: u64| b ^ (1 << 63);
    let one = 1f64.to_bits();
    // Overflow: to infinity or to the largest finite number by mode.
    assert_eq!(fma(F64, max, 2f64.to_bits(), None, Rnd::Rz), max);
    assert_eq!(fma(F64, max, 2f64.to_bits(), None, Rnd::Rm), max);
    assert_eq!(fma(F64, max, 2f64.to_bits(), None, Rnd::Rp), inf);
    assert_eq!(fma(F64, neg(max), 2f64.to_bits(), None, Rnd::Rp), neg(max));
    assert_eq!(fma(F64, neg(max), 2f64.to_bits(), None, Rnd::Rm), neg(inf));
    // Underflow: the smallest subnormal halved.
    let half = 0.5f64.to_bits();
    assert_eq!(fma(F64, min_sub, half, None, Rnd::Rn), 0); // tie to even: zero
    assert_eq!(fma(F64, min_sub, half, None, Rnd::Rp), min_sub);
    assert_eq!(fma(F64, neg(min_sub), half, None, Rnd::Rp), neg(0)); // -0: the sign stays
    assert_eq!(fma(F64, neg(min_sub), half, None, Rnd::Rm), neg(min_sub));
    // Signed zeros of exact sums.
    assert_eq!(fma(F64, one, one, Some(neg(one)), Rnd::Rm), neg(0));
    assert_eq!(fma(F64, one, one, Some(neg(one)), Rnd::Rz), 0);
    assert_eq!(fma(F64, 0, one, Some(neg(0)), Rnd::Rm), neg(0));
    assert_eq!(fma(F64, 0, one, Some(neg(0)), Rnd::Rp), 0);
    assert_eq!(fma(F64, neg(0), one, Some(neg(0)), Rnd::Rp), neg(0));
    assert_eq!(fma(F64, neg(0), one, None, Rnd::Rn), neg(0));
    // NaNs (any payload) and invalid operations give the canonical NaN.
    let snan = 0x7ff0_0000_0000_0001;
    assert_eq!(fma(F64, snan, one, Some(one), Rnd::Rz), 0x7fff_ffff_ffff_ffff);
    assert_eq!(fma(F64, inf, 0, Some(one), Rnd::Rz), 0x7fff_ffff_ffff_ffff);
    assert_eq!(fma(F64, inf, one, Some(neg(inf)), Rnd::Rp), 0x7fff_ffff_ffff_ffff);
    assert_eq!(fma(F32, 0x7fc0_0001, 0x3f80_0000, None, Rnd::Rm), 0x7fff_ffff);
    // A tiny addend only nudges a directed rounding: 1 + 2^-1074.
    assert_eq!(fma(F64, one, one, Some(min_sub), Rnd::Rp), one + 1);
    assert_eq!(fma(F64, one, one, Some(min_sub), Rnd::Rz), one);
    assert_eq!(fma(F64, one, one, Some(neg(min_sub)), Rnd::Rz), 0x3fef_ffff_ffff_ffff);
    // Integers beyond 2^53.
    assert_eq!(f64::from_bits(from_int(F64, (1 << 53) + 1, Rnd::Rp)), 9007199254740994.0);
    assert_eq!(f64::from_bits(from_int(F64, -(1 << 53) - 1, Rnd::Rp)), -9007199254740992.0);
    assert_eq!(f64::from_bits(from_int(F64, -(1 << 53) - 1, Rnd::Rm)), -9007199254740994.0);
    assert_eq!(from_int(F64, i128::from(i64::MIN), Rnd::Rz), (-(2f64.powi(63))).to_bits());
}
