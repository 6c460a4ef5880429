//! Floating-point instructions, bit-exact: IEEE single rounding in each
//! mode, flush-to-zero where the instruction says so, and the canonical NaN
//! (0x7fffffff) the hardware returns for any NaN result.

use super::alu::{gen32, get, map32, row_of, src, write_dst, S};
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
            if let (true, crate::operand::Operand::Reg(d, _)) = (super::alu::dense(env, exec), *i.src(0)) {
                // The whole warp at once: the same rounding, lane by lane.
                let g = |s: (S, SrcMods)| {
                    map32(&row_of(w, s.0), |v| {
                        let v = fmods(v, s.1);
                        f32::from_bits(if *fz { ftz(v) } else { v })
                    })
                };
                let (av, bv, cv) = (g(a), g(b), g(c));
                let out: [u32; 32] = gen32(|l| {
                    if exec >> l & 1 == 0 {
                        return 0;
                    }
                    let mut r = fma_f32(av[l], bv[l], cv[l], *rnd);
                    if *sat {
                        r = if r.is_nan() || r.is_sign_negative() { 0.0 } else { r.min(1.0) };
                    }
                    let bits = canon(r);
                    if *fz {
                        ftz(bits)
                    } else {
                        bits
                    }
                });
                w.set_row(d, exec, &out);
                return Ok(());
            }
            for l in lanes {
                let g = |s: (S, SrcMods)| {
                    let v = fmods(get(w, s.0, l), s.1);
                    f32::from_bits(if *fz { ftz(v) } else { v })
                };
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
