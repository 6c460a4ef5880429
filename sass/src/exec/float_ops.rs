//! Floating-point instructions, bit-exact: IEEE single rounding in each
//! mode, flush-to-zero where the instruction says so, and the canonical NaN
//! (0x7fffffff) the hardware returns for any NaN result.

use super::alu::{get, src, write_dst, S};
use super::softfloat as sf;
use super::warp::{bad, Env, Warp};
use super::Fault;
use crate::float::{f16_to_f32, f32_to_f16};
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

/// `a * b + c` rounded once, in mode `rnd` (NaN results: any NaN; callers canonicalise).
pub(crate) fn fma_f32(a: f32, b: f32, c: f32, rnd: Rnd) -> f32 {
    if rnd == Rnd::Rn {
        // The host's fused multiply-add is correctly rounded to nearest.
        return a.mul_add(b, c);
    }
    let bits = sf::fma(sf::F32, a.to_bits().into(), b.to_bits().into(), Some(c.to_bits().into()), rnd);
    f32::from_bits(bits as u32)
}

/// `a * b` rounded in mode `rnd` (a separate function: `a * b + (-0)` would
/// turn a product of +0 into -0 when rounding down).
pub(crate) fn mul_f32(a: f32, b: f32, rnd: Rnd) -> f32 {
    if rnd == Rnd::Rn {
        return a * b;
    }
    f32::from_bits(sf::fma(sf::F32, a.to_bits().into(), b.to_bits().into(), None, rnd) as u32)
}

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
            for l in lanes {
                let g = |s: (S, SrcMods)| {
                    let v = fmods(get(w, s.0, l), s.1);
                    f32::from_bits(if *fz { ftz(v) } else { v })
                };
                let mut r = fma_f32(g(a), g(b), g(c), *rnd);
                if *sat {
                    r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
                }
                let mut bits = canon(r);
                if *fz {
                    bits = ftz(bits);
                }
                write_dst(w, i, 0, l, bits, false)?;
            }
            Ok(())
        }
        Op::Hfma2 { ftz: false, sat: false, f32_out: false, .. } => {
            let (a, b, c) = (src(w, i, 1, env)?, src(w, i, 2, env)?, src(w, i, 3, env)?);
            for l in lanes {
                let half = |s: (S, SrcMods), hi: bool| {
                    let v = get(w, s.0, l);
                    let h = if hi { (v >> 16) as u16 } else { v as u16 };
                    let h = if s.1.abs { h & 0x7fff } else { h };
                    let h = if s.1.neg { h ^ 0x8000 } else { h };
                    f64::from(f16_to_f32(h))
                };
                let mut out = 0u32;
                for hi in [false, true] {
                    // The product and sum of halves are exact in f64; one rounding to f16.
                    let v = half(a, hi) * half(b, hi) + half(c, hi);
                    let h = f64_to_f16(v);
                    out |= u32::from(h) << if hi { 16 } else { 0 };
                }
                write_dst(w, i, 0, l, out, false)?;
            }
            Ok(())
        }
        _ => Err(bad(i, "this float operation")),
    }
}

/// f64 to binary16, round to nearest even, without the double rounding of going through f32.
pub(crate) fn f64_to_f16(v: f64) -> u16 {
    if v.is_nan() {
        return 0x7fff;
    }
    let h = f32_to_f16(v as f32);
    if h & 0x7fff >= 0x7c00 {
        return h;
    }
    // The nearest binary16 is h or a neighbour in magnitude; ties go to the even one.
    let mag = h & 0x7fff;
    let sign = h & 0x8000;
    let mut best = h;
    let mut best_err = f64::INFINITY;
    for m in [mag.saturating_sub(1), mag, (mag + 1).min(0x7c00)] {
        let cand = sign | m;
        let err = (f64::from(f16_to_f32(cand)) - v).abs();
        if err < best_err || (err == best_err && cand & 1 == 0) {
            best = cand;
            best_err = err;
        }
    }
    best
}
