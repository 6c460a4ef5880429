//! 16-bit float and tensor-core instructions, bit-exact where the hardware is:
//! each paired-half result is the exact value rounded once (see
//! [`crate::half`]); subnormals are kept unless `.FTZ` says otherwise; a NaN
//! result is the canonical NaN (`0x7fff`, or `0x7fffffff` for an f32).
//!
//! Not modelled (a typed `Unsupported` fault, never a guess): `.FMZ`,
//! `HMNMX2.F32`, `HSETP2.H_AND`, the `.F32` and `.H0_NH1`
//! source swizzles.

use super::alu::{get, read_const, src, write_dst, S};
use super::float_ops::{canon, fmods, ftz as ftz32};
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::half::{two_sum, HalfBase, HalfFmt, Swizzle};
use crate::instr::Instr;
use crate::op::{Half2Kind, Op, Rnd};
use crate::operand::{Operand, Pred, SrcMods, PT};

/// A paired-half source resolved once per instruction.
#[derive(Clone, Copy)]
struct HSrc {
    v: S,
    mods: SrcMods,
    swizzle: Swizzle,
}

impl HSrc {
    /// The two lanes' 16-bit inputs (low lane first) of `lane`, modifiers applied.
    fn halves(&self, w: &Warp, lane: usize) -> [u16; 2] {
        self.halves_abs(w, lane, self.mods.abs)
    }

    /// `halves`, with `|x|` applied only where `abs` says.
    fn halves_abs(&self, w: &Warp, lane: usize, abs: bool) -> [u16; 2] {
        self.halves_of(get(w, self.v, lane), abs)
    }

    /// The two 16-bit inputs this source makes of the 32-bit value `v`.
    fn halves_of(&self, v: u32, abs: bool) -> [u16; 2] {
        let (lo, hi) = (v as u16, (v >> 16) as u16);
        let pair = match self.swizzle {
            Swizzle::H0H0 => [lo, lo],
            Swizzle::H1H1 => [hi, hi],
            _ => [lo, hi],
        };
        pair.map(|h| {
            let h = if abs { h & 0x7fff } else { h };
            if self.mods.neg {
                h ^ 0x8000
            } else {
                h
            }
        })
    }
}

fn hsrc(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<HSrc, Fault> {
    match *i.src(n) {
        Operand::Half(h) => {
            if matches!(h.swizzle, Swizzle::F32 | Swizzle::H0Nh1) {
                return Err(bad(i, "the .F32 and .H0_NH1 source swizzles"));
            }
            let v = match h.base {
                HalfBase::Reg(crate::operand::RZ) => S::V(0),
                HalfBase::Reg(r) => S::R(r),
                HalfBase::CBuf(c) => S::V(read_const(w, env, &c, 0, i.pc)?),
                HalfBase::UReg(r) => S::V(w.ur(r)),
                HalfBase::Imm { bits, .. } => S::V(bits),
            };
            Ok(HSrc { v, mods: h.mods, swizzle: h.swizzle })
        }
        Operand::H2(hi, lo) => {
            Ok(HSrc { v: S::V(u32::from(hi) << 16 | u32::from(lo)), mods: SrcMods::default(), swizzle: Swizzle::H1H0 })
        }
        _ => Err(bad(i, "paired-half operand")),
    }
}

fn pred_at(i: &Instr, n: usize) -> Pred {
    match *i.src(n) {
        Operand::Pred(p) => p,
        _ => Pred::p(PT, false),
    }
}

/// Saturate to `[+0, 1]` on a 16-bit result: a NaN and a negative result,
/// -0 included, become +0 (as f32's `.SAT`, `farith::f32_out`).
fn sat16(fmt: HalfFmt, h: u16) -> u16 {
    let one = fmt.from_f64(1.0, Rnd::Rn);
    if fmt.is_nan(h) || h & 0x8000 != 0 {
        0
    } else if fmt.to_f64(h) > 1.0 {
        one
    } else {
        h
    }
}

/// A paired-half add, multiply or fused multiply-add (`HADD2`, `HMUL2`,
/// `HFMA2`), one lane's worth.
#[derive(Clone, Copy)]
struct Half2Op {
    kind: Half2Kind,
    fmt: HalfFmt,
    f32_out: bool,
    ftz: bool,
    sat: bool,
    relu: bool,
}

impl Half2Op {
    /// The 32-bit result of the two 16-bit inputs of each source (low half
    /// first, modifiers applied; `z` for the fused multiply-add).
    fn eval(&self, a: [u16; 2], b: [u16; 2], c: Option<[u16; 2]>) -> u32 {
        let Half2Op { kind, fmt, f32_out, ftz, sat, relu } = *self;
        let val = |h: [u16; 2]| h.map(|h| fmt.to_f64(if ftz { fmt.ftz(h) } else { h }));
        let (x, y) = (val(a), val(b));
        let z = c.map_or([0.0; 2], val);
        // Products of two 16-bit values are exact in f64 (at most 22 significant bits).
        let exact = |k: usize| match kind {
            Half2Kind::Add => two_sum(x[k], y[k]),
            Half2Kind::Mul => (x[k] * y[k], 0.0),
            Half2Kind::Fma | Half2Kind::FmaMma => two_sum(x[k] * y[k], z[k]),
        };
        if f32_out {
            // One f32, from the low lane; f16 inputs are exact f32s, so
            // f32's fused multiply-add rounds the exact value once.
            // A sum or product of two 16-bit values is exact in f64, so
            // converting it rounds once.
            let r = match kind {
                Half2Kind::Add => (x[0] + y[0]) as f32,
                Half2Kind::Mul => (x[0] * y[0]) as f32,
                _ => (x[0] as f32).mul_add(y[0] as f32, z[0] as f32),
            };
            let r = super::farith::f32_out(r, ftz, sat);
            // `.RELU`: NaN stays canonical (f32_out made it so); negatives become +0.
            return if relu && r != super::float_ops::CANONICAL_NAN && r >> 31 == 1 { 0 } else { r };
        }
        let mut out = 0u32;
        for k in 0..2 {
            let (hi, lo) = exact(k);
            let mut h = fmt.round(hi, lo, Rnd::Rn);
            if ftz {
                h = fmt.ftz(h);
            }
            if sat {
                h = sat16(fmt, h);
            }
            // `.RELU`: negatives, -0 included, become +0 (a NaN
            // result is already the canonical one).
            if relu && h & 0x8000 != 0 && !fmt.is_nan(h) {
                h = 0;
            }
            out |= u32::from(h) << (16 * k);
        }
        out
    }
}

/// The result of a paired-half `HADD2`, `HMUL2` or `HFMA2` (operands
/// `[d, a, b, c]`) whose sources are all values the instruction holds
/// (`RZ`, immediates): the same in every lane and every launch, so worked
/// out once, at decode ([`super::uop::Uop::Set`]). `HFMA2.MMA R5, -RZ, RZ,
/// 0, c` is how ptxas moves a constant. `None` for any other instruction.
pub(crate) fn fold(op: &Op, operands: &[Operand]) -> Option<u32> {
    let Op::Half2 { kind, bf16, f32_out, ftz, fmz: false, sat, relu } = *op else { return None };
    let held = |n: usize| -> Option<[u16; 2]> {
        let (v, s) = match *operands.get(n)? {
            Operand::Half(h) if !matches!(h.swizzle, Swizzle::F32 | Swizzle::H0Nh1) => {
                let v = match h.base {
                    HalfBase::Reg(crate::operand::RZ) => 0,
                    HalfBase::Imm { bits, .. } => bits,
                    _ => return None,
                };
                (v, HSrc { v: S::V(v), mods: h.mods, swizzle: h.swizzle })
            }
            Operand::H2(hi, lo) => {
                let v = u32::from(hi) << 16 | u32::from(lo);
                (v, HSrc { v: S::V(v), mods: SrcMods::default(), swizzle: Swizzle::H1H0 })
            }
            _ => return None,
        };
        Some(s.halves_of(v, s.mods.abs))
    };
    let fmt = if bf16 { HalfFmt::Bf16 } else { HalfFmt::F16 };
    let fma = matches!(kind, Half2Kind::Fma | Half2Kind::FmaMma);
    let c = if fma { Some(held(3)?) } else { None };
    Some(Half2Op { kind, fmt, f32_out, ftz, sat, relu }.eval(held(1)?, held(2)?, c))
}

pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match i.op {
        Op::Half2 { kind, bf16, f32_out, ftz, fmz, sat, relu } => {
            if fmz {
                return Err(bad(i, ".FMZ"));
            }
            let fmt = if bf16 { HalfFmt::Bf16 } else { HalfFmt::F16 };
            let fma = matches!(kind, Half2Kind::Fma | Half2Kind::FmaMma);
            let a = hsrc(w, i, 1, env)?;
            let b = hsrc(w, i, 2, env)?;
            let c = if fma { Some(hsrc(w, i, 3, env)?) } else { None };
            // Sources that are the same in every lane (immediates, RZ,
            // uniform registers, constants: `HFMA2.MMA R5, -RZ, RZ, 0, c` is
            // how ptxas moves a constant) give one result for every lane.
            let same = env.fast && [Some(a), Some(b), c].iter().flatten().all(|s| matches!(s.v, S::V(_)));
            let op = Half2Op { kind, fmt, f32_out, ftz, sat, relu };
            let mut first = None;
            for l in lanes(exec) {
                if let (true, Some(out)) = (same, first) {
                    write_dst(w, i, 0, l, out, false)?;
                    continue;
                }
                let out = op.eval(a.halves(w, l), b.halves(w, l), c.map(|c| c.halves(w, l)));
                first = Some(out);
                write_dst(w, i, 0, l, out, false)?;
                // The same result for every lane: the rest at once.
                if let (true, Operand::Reg(r, _)) = (same, *i.src(0)) {
                    w.set_row(r, exec, &[out; 32]);
                    break;
                }
            }
            Ok(())
        }
        Op::Hmnmx2 { bf16, ftz, nan, xorsign, f32_out } => {
            if f32_out {
                return Err(bad(i, "HMNMX2.F32"));
            }
            let fmt = if bf16 { HalfFmt::Bf16 } else { HalfFmt::F16 };
            let (a, b) = (hsrc(w, i, 1, env)?, hsrc(w, i, 2, env)?);
            let p = w.pred_mask(pred_at(i, 3));
            for l in lanes(exec) {
                let (x, y) = (a.halves(w, l), b.halves(w, l));
                let min = p >> l & 1 == 1;
                let mut out = 0u32;
                // `.XORSIGN` (`min.xorsign.abs`): ptxas sets `|x|` on both
                // sources, so the signs XOR-ed are the registers' own (with a
                // `-` the source names); PTX: not applied to a NaN result.
                let signs = if xorsign {
                    let (sx, sy) = (a.halves_abs(w, l, false), b.halves_abs(w, l, false));
                    [(sx[0] ^ sy[0]) & 0x8000, (sx[1] ^ sy[1]) & 0x8000]
                } else {
                    [0, 0]
                };
                for k in 0..2 {
                    let (u, v) = if ftz { (fmt.ftz(x[k]), fmt.ftz(y[k])) } else { (x[k], y[k]) };
                    let r = minmax(fmt, u, v, min, nan);
                    let r = if xorsign && !fmt.is_nan(r) { r & 0x7fff | signs[k] } else { r };
                    out |= u32::from(r) << (16 * k);
                }
                write_dst(w, i, 0, l, out, false)?;
            }
            Ok(())
        }
        Op::Hsetp2 { cmp, h_and, ftz, bool_op } => {
            if h_and {
                return Err(bad(i, "HSETP2.H_AND"));
            }
            let (a, b) = (hsrc(w, i, 2, env)?, hsrc(w, i, 3, env)?);
            let pc = w.pred_mask(pred_at(i, 4));
            let (mut p, mut q) = (0u32, 0u32);
            for l in lanes(exec) {
                let r = compare(HalfFmt::F16, cmp, a.halves(w, l), b.halves(w, l), ftz);
                let pcl = pc >> l & 1 == 1;
                p |= u32::from(bool_op.eval(r[0], pcl)) << l;
                q |= u32::from(bool_op.eval(r[1], pcl)) << l;
            }
            set_pred(w, pred_at(i, 0), exec, p);
            set_pred(w, pred_at(i, 1), exec, q);
            Ok(())
        }
        Op::Hset2 { cmp, bf, ftz, bool_op } => {
            let (a, b) = (hsrc(w, i, 1, env)?, hsrc(w, i, 2, env)?);
            let pc = w.pred_mask(pred_at(i, 3));
            let yes: u16 = if bf { 0x3c00 } else { 0xffff };
            for l in lanes(exec) {
                let r = compare(HalfFmt::F16, cmp, a.halves(w, l), b.halves(w, l), ftz);
                let pcl = pc >> l & 1 == 1;
                let lane = |k: usize| if bool_op.eval(r[k], pcl) { u32::from(yes) } else { 0 };
                write_dst(w, i, 0, l, lane(0) | lane(1) << 16, false)?;
            }
            Ok(())
        }
        Op::F2fp { bf16, rnd, relu, merge } => {
            let fmt = if bf16 { HalfFmt::Bf16 } else { HalfFmt::F16 };
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            // `.MERGE_C`'s C: compiled code passes RZ (the other half is
            // merged by a PRMT); which half of another value it would keep
            // is not known, so a register other than RZ, and an immediate,
            // constant or uniform register (forms 2, 3, 7) other than 0,
            // is refused.
            if merge {
                match (*i.src(2), b.0) {
                    (Operand::Reg(crate::operand::RZ, _), _) => {}
                    (Operand::Reg(..), _) => return Err(bad(i, "F2FP.MERGE_C with a C register other than RZ")),
                    (_, S::V(0)) => {}
                    _ => return Err(bad(i, "F2FP.MERGE_C with a C other than 0")),
                }
            }
            for l in lanes(exec) {
                let cvt = |v: u32| {
                    let h = fmt.from_f64(f64::from(f32::from_bits(v)), rnd);
                    // `.RELU` (PTX `cvt.rn.relu`): negatives, -0 included, become +0,
                    // and a NaN the canonical NaN.
                    match (relu, fmt.is_nan(h), h & 0x8000 != 0) {
                        (true, true, _) => crate::half::CANONICAL_NAN16,
                        (true, false, true) => 0,
                        _ => h,
                    }
                };
                let out = if merge {
                    u32::from(cvt(get(w, a.0, l)))
                } else {
                    u32::from(cvt(get(w, a.0, l))) << 16 | u32::from(cvt(get(w, b.0, l)))
                };
                write_dst(w, i, 0, l, out, false)?;
            }
            Ok(())
        }
        Op::F2fHalf { to_f16, bf16, rnd, ftz } => {
            let s = src(w, i, 1, env)?;
            let fmt = if bf16 { HalfFmt::Bf16 } else { HalfFmt::F16 };
            for l in lanes(exec) {
                let v = get(w, s.0, l);
                let out = if to_f16 {
                    // `.FTZ` flushes the f32 source (PTX: `.ftz` flushes
                    // single-precision subnormal inputs) and the 16-bit result.
                    let v = fmods(v, s.1);
                    let v = if ftz { ftz32(v) } else { v };
                    let h = fmt.from_f64(f64::from(f32::from_bits(v)), rnd);
                    u32::from(if ftz { fmt.ftz(h) } else { h })
                } else {
                    let h = if s.1.abs { v as u16 & 0x7fff } else { v as u16 };
                    let h = if s.1.neg { h ^ 0x8000 } else { h };
                    let h = if ftz { HalfFmt::F16.ftz(h) } else { h };
                    canon(HalfFmt::F16.to_f64(h) as f32)
                };
                write_dst(w, i, 0, l, out, false)?;
            }
            Ok(())
        }
        Op::Hmma { bf16 } => super::tensor::hmma(w, i, exec, bf16),
        Op::Ldsm { count, trans } => super::tensor::ldsm(w, i, exec, env, count, trans),
        _ => Err(bad(i, "this 16-bit float operation")),
    }
}

fn set_pred(w: &mut Warp, p: Pred, exec: u32, v: u32) {
    w.set_pred(Pred::p(p.index, false), exec, v);
}

/// Compare both lanes.
fn compare(fmt: HalfFmt, cmp: crate::op::FCmp, x: [u16; 2], y: [u16; 2], ftz: bool) -> [bool; 2] {
    [0, 1].map(|k| {
        let f = |h: u16| fmt.to_f64(if ftz { fmt.ftz(h) } else { h });
        cmp.eval(f(x[k]).partial_cmp(&f(y[k])))
    })
}

/// `min` or max of two 16-bit values: a NaN loses to a number (unless
/// `nan`), two NaNs give the canonical one, and -0 is below +0.
fn minmax(fmt: HalfFmt, x: u16, y: u16, min: bool, nan: bool) -> u16 {
    let (xn, yn) = (fmt.is_nan(x), fmt.is_nan(y));
    if (xn && yn) || (nan && (xn || yn)) {
        return crate::half::CANONICAL_NAN16;
    }
    if xn {
        return y;
    }
    if yn {
        return x;
    }
    let (u, v) = (fmt.to_f64(x), fmt.to_f64(y));
    let x_first = if u == v {
        // Equal values: only the zeros' signs can differ.
        (x & 0x8000 != 0) == min
    } else {
        (u < v) == min
    };
    if x_first {
        x
    } else {
        y
    }
}
