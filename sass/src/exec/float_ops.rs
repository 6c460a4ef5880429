//! Floating-point instructions, bit-exact: IEEE single rounding in each
//! mode, flush-to-zero where the instruction says so, and the canonical NaN
//! (0x7fffffff) the hardware returns for any NaN result.

use super::alu::{get, src, write_dst, S};
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

/// Round the exact value `hi + lo` (an f64 pair from an error-free
/// transformation) to f32 in mode `rnd`.
pub(crate) fn round_f32(hi: f64, lo: f64, rnd: Rnd) -> f32 {
    let rn = hi as f32;
    if rnd == Rnd::Rn || !rn.is_finite() && hi.is_infinite() {
        // hi + lo rounds like hi unless hi is exactly halfway, where lo breaks the tie.
        let back = f64::from(rn);
        if back != hi && (hi - back).abs() == ulp_half(rn, hi) && lo != 0.0 {
            let toward = if (lo > 0.0) == (hi > back) { next_away(rn, hi > back) } else { rn };
            return toward;
        }
        return rn;
    }
    // Directed: the exact value relative to the candidate.
    let exact_cmp = |c: f32| -> std::cmp::Ordering {
        let d = f64::from(c) - hi; // exact: c and hi are close
        (d - lo).partial_cmp(&0.0).unwrap_or(std::cmp::Ordering::Equal)
    };
    let mut c = rn;
    match rnd {
        Rnd::Rz => {
            if c.is_infinite() {
                c = f32::MAX.copysign(c);
            }
            if (c > 0.0 && exact_cmp(c).is_gt()) || (c < 0.0 && exact_cmp(c).is_lt()) {
                c = next_toward_zero(c);
            }
        }
        Rnd::Rm => {
            if c.is_infinite() && c > 0.0 {
                c = f32::MAX;
            }
            if exact_cmp(c).is_gt() {
                c = next_down(c);
            }
        }
        Rnd::Rp => {
            if c.is_infinite() && c < 0.0 {
                c = f32::MIN;
            }
            if exact_cmp(c).is_lt() {
                c = next_up(c);
            }
        }
        Rnd::Rn => {}
    }
    c
}

fn ulp_half(r: f32, hi: f64) -> f64 {
    let up = f64::from(next_up(r));
    let down = f64::from(next_down(r));
    if hi > f64::from(r) {
        (up - f64::from(r)) / 2.0
    } else {
        (f64::from(r) - down) / 2.0
    }
}

fn next_away(r: f32, up: bool) -> f32 {
    if up {
        next_up(r)
    } else {
        next_down(r)
    }
}

pub(crate) fn next_up(x: f32) -> f32 {
    if x.is_nan() || x == f32::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f32::from_bits(1);
    }
    let b = x.to_bits();
    f32::from_bits(if x > 0.0 { b + 1 } else { b - 1 })
}

pub(crate) fn next_down(x: f32) -> f32 {
    -next_up(-x)
}

pub(crate) fn next_toward_zero_pub(x: f32) -> f32 {
    next_toward_zero(x)
}

fn next_toward_zero(x: f32) -> f32 {
    if x > 0.0 {
        next_down(x)
    } else {
        next_up(x)
    }
}

/// `a * b + c` rounded once, in mode `rnd`.
pub(crate) fn fma_f32(a: f32, b: f32, c: f32, rnd: Rnd) -> f32 {
    if rnd == Rnd::Rn {
        return a.mul_add(b, c);
    }
    let p = f64::from(a) * f64::from(b); // exact: 48 significant bits
    let s = p + f64::from(c);
    if !s.is_finite() {
        return s as f32;
    }
    // Two-sum: p + c = s + e exactly.
    let bb = s - p;
    let e = (p - (s - bb)) + (f64::from(c) - bb);
    round_f32(s, e, rnd)
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
        _ => Err(bad(i, "this float operation")),
    }
}
