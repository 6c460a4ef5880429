//! Floating-point instructions, bit-exact: IEEE single rounding in each
//! mode, flush-to-zero where the instruction says so, and the canonical NaN
//! (0x7fffffff) the hardware returns for any NaN result.

use super::alu::{get, map32, row_of, src, write_dst, S};
use super::softfloat as sf;
use super::warp::{bad, Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{Op, Rnd};
use crate::operand::SrcMods;

/// The NaN every single-precision operation returns.
pub(crate) const CANONICAL_NAN: u32 = 0x7fff_ffff;

#[inline]
pub(crate) fn fmods(v: u32, m: SrcMods) -> u32 {
    let v = if m.abs { v & 0x7fff_ffff } else { v };
    if m.neg {
        v ^ 0x8000_0000
    } else {
        v
    }
}

#[inline]
pub(crate) fn ftz(v: u32) -> u32 {
    if v & 0x7f80_0000 == 0 {
        v & 0x8000_0000
    } else {
        v
    }
}

/// A single-precision source in all 32 lanes, with `-` and `|x|` applied
/// and flushed to zero where `fz` (each step only where it does something).
#[inline(always)]
pub(crate) fn f32_row(w: &Warp, s: (S, SrcMods), fz: bool) -> [f32; 32] {
    map32(&bits_row(w, s, fz), f32::from_bits)
}

/// [`f32_row`] as bits.
#[inline(always)]
fn bits_row(w: &Warp, s: (S, SrcMods), fz: bool) -> [u32; 32] {
    let row = row_of(w, s.0);
    let bits = if s.1.neg || s.1.abs { map32(&row, |v| fmods(v, s.1)) } else { row };
    if fz {
        map32(&bits, ftz)
    } else {
        bits
    }
}

/// A single-precision source in one lane: [`f32_row`] for `lane` alone.
#[inline]
pub(crate) fn f32_in(w: &Warp, s: (S, SrcMods), lane: usize, fz: bool) -> f32 {
    let v = fmods(get(w, s.0, lane), s.1);
    f32::from_bits(if fz { ftz(v) } else { v })
}

/// `a * b + c` rounded once, in mode `rnd` (NaN results: any NaN; callers canonicalise).
pub(crate) fn fma_f32(a: f32, b: f32, c: f32, rnd: Rnd) -> f32 {
    if rnd == Rnd::Rn {
        // The host's fused multiply-add is correctly rounded to nearest.
        return a.mul_add(b, c);
    }
    if let Some(r) = fma_f32_directed(a, b, c, rnd) {
        return r;
    }
    let bits = sf::fma(sf::F32, a.to_bits().into(), b.to_bits().into(), Some(c.to_bits().into()), rnd);
    f32::from_bits(bits as u32)
}

/// `a * b + c` rounded once toward `rnd` (`.RM`, `.RP`, `.RZ`) through
/// f64, for finite inputs whose exact result is not zero (`None`
/// otherwise: the soft-float decides those, and the sign of a zero).
///
/// The product of two f32s is exact in f64 (24 + 24 significant bits, and
/// its exponent within f64's range); the sum's rounding error `e` is
/// recovered exactly (TwoSum), so the exact result is `s + e`. The f32
/// nearest `s` then lies within one step of the directed result: it is
/// moved one step where it is on the wrong side of `s + e`. `t - s` is
/// exact (Sterbenz: `t` is within a factor of two of `s`, or zero), so the
/// comparison with `e` is exact too.
fn fma_f32_directed(a: f32, b: f32, c: f32, rnd: Rnd) -> Option<f32> {
    if !(a.is_finite() && b.is_finite() && c.is_finite()) {
        return None;
    }
    let (p, c) = (f64::from(a) * f64::from(b), f64::from(c));
    let s = p + c;
    let v = s - p;
    let e = (p - (s - v)) + (c - v);
    if s == 0.0 {
        // The sum of two f64s is zero only when exactly zero (a tiny sum
        // is exact, never flushed): the sign of the zero is the soft-float's.
        return None;
    }
    let up = match rnd {
        Rnd::Rp => true,
        Rnd::Rm => false,
        // Toward zero: down for a positive result, up for a negative one.
        _ => s < 0.0,
    };
    let t = s as f32;
    if t.is_infinite() {
        // Past the largest finite f32: infinity where rounding goes that
        // way, else the largest finite value of the result's sign.
        return Some(if up == (t > 0.0) { t } else { f32::MAX.copysign(t) });
    }
    let d = f64::from(t) - s;
    Some(if up && d < e {
        t.next_up()
    } else if !up && d > e {
        t.next_down()
    } else {
        t
    })
}

/// `a * b` rounded in mode `rnd` (a separate function: `a * b + (-0)` would
/// turn a product of +0 into -0 when rounding down).
pub(crate) fn mul_f32(a: f32, b: f32, rnd: Rnd) -> f32 {
    if rnd == Rnd::Rn {
        return a * b;
    }
    f32::from_bits(sf::fma(sf::F32, a.to_bits().into(), b.to_bits().into(), None, rnd) as u32)
}

#[inline]
pub(crate) fn canon(v: f32) -> u32 {
    if v.is_nan() {
        CANONICAL_NAN
    } else {
        v.to_bits()
    }
}

pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let lanes = super::warp::lanes(exec);
    match &i.op {
        Op::Ffma { ftz: fz, sat, rnd } => {
            let (a, b, c) = (src(w, i, 1, env)?, src(w, i, 2, env)?, src(w, i, 3, env)?);
            if let (true, crate::operand::Operand::Reg(d, _)) = (super::alu::dense(env, exec), *i.src(0)) {
                // The whole warp at once: the same rounding, lane by lane.
                if *rnd == Rnd::Rn {
                    // With plain sources it runs as `uop::Uop::Ffma`; here a
                    // source has `-` or `|x|`.
                    let (av, bv, cv) = (bits_row(w, a, *fz), bits_row(w, b, *fz), bits_row(w, c, *fz));
                    let out = super::host::ffma_rn_rows(&av, &bv, &cv, *sat, *fz);
                    w.set_row(d, exec, &out);
                    return Ok(());
                }
                // Directed rounding: vector arithmetic where the f64 path
                // is exact, the soft-float in the other executing lanes.
                let (av, bv, cv) = (bits_row(w, a, *fz), bits_row(w, b, *fz), bits_row(w, c, *fz));
                let out = super::host::ffma_directed_rows((&av, &bv, &cv), *rnd, exec, *sat, *fz);
                w.set_row(d, exec, &out);
                return Ok(());
            }
            for l in lanes {
                let g = |s: (S, SrcMods)| f32_in(w, s, l, *fz);
                let mut r = fma_f32(g(a), g(b), g(c), *rnd);
                if *sat {
                    // [+0.0, 1.0]: NaN and negatives, -0 included, become +0 (farith::f32_out).
                    r = if r.is_nan() || r.is_sign_negative() { 0.0 } else { r.min(1.0) };
                }
                let mut bits = canon(r);
                if *fz {
                    bits = ftz(bits);
                }
                write_dst(w, i, 0, l, bits, false)?;
            }
            Ok(())
        }
        _ => Err(bad(i, "this float operation")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit patterns biased to the edges: zeros, subnormals, the normal
    /// range's ends, values near overflow, small integers, and any.
    fn pick(x: &mut u64) -> f32 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let r = *x;
        let sign = (r >> 63) as u32;
        let bits = match r % 8 {
            0 => (r >> 8) as u32 & 0x007f_ffff,               // subnormal
            1 => 0x0080_0000 + ((r >> 8) as u32 & 0xff_ffff), // smallest normals
            2 => 0x7f7f_ffff - ((r >> 8) as u32 & 0xffff),    // near f32::MAX
            3 => (1.0f32 + ((r >> 8) % 64) as f32).to_bits(),
            4 => 0x3f80_0000 + ((r >> 8) as u32 & 0x7), // one ulp or so above 1
            _ => (r >> 16) as u32 & 0x7f7f_ffff,        // any finite
        };
        f32::from_bits(bits | sign << 31)
    }

    #[test]
    fn directed_fma_through_f64_equals_the_soft_float() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..1_000_000 {
            let (a, b, mut c) = (pick(&mut x), pick(&mut x), pick(&mut x));
            if x.is_multiple_of(4) {
                // Cancellation: c near -a*b.
                c = -(a * b);
            }
            for rnd in [Rnd::Rm, Rnd::Rp, Rnd::Rz] {
                let soft = f32::from_bits(sf::fma(
                    sf::F32,
                    a.to_bits().into(),
                    b.to_bits().into(),
                    Some(c.to_bits().into()),
                    rnd,
                ) as u32);
                if let Some(fast) = fma_f32_directed(a, b, c, rnd) {
                    checked += 1;
                    assert_eq!(fast.to_bits(), soft.to_bits(), "{a:e} * {b:e} + {c:e} {rnd:?}");
                }
            }
        }
        assert!(checked > 2_500_000, "only {checked} cases took the f64 path");
    }
}
