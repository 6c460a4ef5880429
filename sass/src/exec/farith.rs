//! Single and double arithmetic, lane by lane: FADD/FMUL (FFMA is in
//! `float_ops`), FMNMX, FSETP/DSETP, MUFU, FCHK and DADD/DMUL/DFMA. Every
//! correctly rounded operation is exact in all four rounding modes: round to
//! nearest on the host's FPU, the directed modes on the soft-float.

use super::alu::{gen32, get, map32, pred_of, read_const, src, write_dst};
use super::float_ops::{canon, f32_in, f32_row, fma_f32, fmods, ftz, mul_f32};
use super::more::set_pred;
use super::softfloat as sf;
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{BoolOp, FCmp, Mufu, Op, Rnd};
use crate::operand::{Operand, SrcMods};

pub(super) fn f32_out(r: f32, fz: bool, sat: bool) -> u32 {
    // `.SAT` clamps to [+0.0, 1.0] (CUDA's `__saturatef`, which ptxas emits
    // as `.SAT`): a negative result, -0 included, and a NaN become +0, as
    // F2F.SAT does.
    let r = if sat {
        if r.is_nan() || r.is_sign_negative() {
            0.0
        } else {
            r.min(1.0)
        }
    } else {
        r
    };
    let b = canon(r);
    if fz {
        ftz(b)
    } else {
        b
    }
}

/// A 64-bit source: a register pair, an f64 immediate, a constant pair or a uniform pair.
/// A double source, read per lane.
pub(super) type F64Src = Box<dyn Fn(&Warp, usize) -> f64>;

pub(super) fn f64_src(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<F64Src, Fault> {
    let (bits, m): (Option<u64>, SrcMods) = match *i.src(n) {
        Operand::Reg(r, m) => {
            let f = move |w: &Warp, l: usize| dmods(w.r64(r, l), m);
            return Ok(Box::new(f));
        }
        Operand::F64(b, m) => (Some(b), m),
        Operand::CBuf(c, m) => {
            (Some(u64::from(read_const(w, env, &c, 0, i.pc)?) | u64::from(read_const(w, env, &c, 4, i.pc)?) << 32), m)
        }
        Operand::UReg(r, m) => (Some(u64::from(w.ur(r)) | u64::from(w.ur(r.saturating_add(1))) << 32), m),
        _ => return Err(bad(i, "double operand")),
    };
    let v = dmods(bits.unwrap_or(0), m);
    Ok(Box::new(move |_, _| v))
}

pub(super) fn dmods(bits: u64, m: SrcMods) -> f64 {
    let b = if m.abs { bits & !(1 << 63) } else { bits };
    f64::from_bits(if m.neg { b ^ (1 << 63) } else { b })
}

/// The hardware's double NaN.
const CANONICAL_NAN64: u64 = 0x7fff_ffff_ffff_ffff;

pub(super) fn dcanon(v: f64) -> u64 {
    if v.is_nan() {
        CANONICAL_NAN64
    } else {
        v.to_bits()
    }
}

fn fcmp(c: FCmp, a: f64, b: f64) -> bool {
    c.eval(a.partial_cmp(&b))
}

pub(super) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match &i.op {
        Op::Fadd { ftz: fz, sat, rnd } | Op::Fmul { ftz: fz, sat, rnd, .. } => {
            let add = matches!(i.op, Op::Fadd { .. });
            let scale = match i.op {
                Op::Fmul { scale, .. } => scale,
                _ => 0,
            };
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            if let (true, crate::op::Rnd::Rn, 0, false, Operand::Reg(d, _)) =
                (super::alu::dense(env, exec), *rnd, scale, *sat, *i.src(0))
            {
                // The common form for the whole warp: the host's sum or
                // product, correctly rounded to nearest (as below).
                let (x, y) = (f32_row(w, a, *fz), f32_row(w, b, *fz));
                let r: [u32; 32] = if add { gen32(|l| canon(x[l] + y[l])) } else { gen32(|l| canon(x[l] * y[l])) };
                w.set_row(d, exec, &if *fz { map32(&r, ftz) } else { r });
                return Ok(());
            }
            for l in lanes(exec) {
                let (x, y) = (f32_in(w, a, l, *fz), f32_in(w, b, l, *fz));
                // x * 1 is exact, so FADD.RN is the host's correctly rounded
                // sum (signed zeros included); other modes take the fused
                // path's exact rounding.
                let r = match (add, *rnd) {
                    (true, crate::op::Rnd::Rn) => x + y,
                    (true, _) => fma_f32(x, 1.0, y, *rnd),
                    (false, _) => mul_f32(x, y, *rnd),
                };
                // `.M*`/`.D*`: modelled as the two multiplies ptxas folds into
                // one, each rounded (and flushed) in the instruction's mode: the
                // product, then the product times the power of two, which is
                // exact unless it overflows or leaves the normal range (where the
                // hardware's single rounding, if it has one, is not documented).
                let r = if scale == 0 {
                    r
                } else {
                    let p = f32::from_bits(f32_out(r, *fz, false));
                    mul_f32(p, 2f32.powi(i32::from(scale)), *rnd)
                };
                write_dst(w, i, 0, l, f32_out(r, *fz, *sat), false)?;
            }
            Ok(())
        }
        Op::Fmnmx { ftz: fz, nan, xorsign } => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let p = w.pred_mask(pred_of(i, 3));
            // One lane: `x`, `y` with their modifiers and FTZ; `ra`, `rb`
            // the registers' own bits (for `.XORSIGN`).
            let lane = |x: f32, y: f32, ra: u32, rb: u32, min: bool| -> u32 {
                let r = match (x.is_nan(), y.is_nan()) {
                    (true, true) => f32::from_bits(super::float_ops::CANONICAL_NAN),
                    // `.NAN`: one NaN is enough (PTX: the result is the canonical NaN).
                    (true, false) | (false, true) if *nan => f32::from_bits(super::float_ops::CANONICAL_NAN),
                    (true, false) => y,
                    (false, true) => x,
                    _ if x == y => {
                        // -0 is less than +0.
                        if min == (x.is_sign_negative()) {
                            x
                        } else {
                            y
                        }
                    }
                    _ if (x < y) == min => x,
                    _ => y,
                };
                // `.XORSIGN` (`min.xorsign.abs`): ptxas sets `|x|` on both
                // sources, so the signs XOR-ed are the registers' own (with
                // a `-` the source names); PTX: not applied to a NaN result.
                let r = if *xorsign && !r.is_nan() {
                    let sign = (ra >> 31 ^ u32::from(a.1.neg)) ^ (rb >> 31 ^ u32::from(b.1.neg));
                    f32::from_bits(r.to_bits() & 0x7fff_ffff | sign << 31)
                } else {
                    r
                };
                f32_out(r, *fz, false)
            };
            if let (true, Operand::Reg(d, _)) = (super::alu::dense(env, exec), *i.src(0)) {
                let (x, y) = (f32_row(w, a, *fz), f32_row(w, b, *fz));
                let (ra, rb) = (super::alu::row_of(w, a.0), super::alu::row_of(w, b.0));
                w.set_row(d, exec, &gen32(|l| lane(x[l], y[l], ra[l], rb[l], p >> l & 1 == 1)));
                return Ok(());
            }
            for l in lanes(exec) {
                let v =
                    lane(f32_in(w, a, l, *fz), f32_in(w, b, l, *fz), get(w, a.0, l), get(w, b.0, l), p >> l & 1 == 1);
                write_dst(w, i, 0, l, v, false)?;
            }
            Ok(())
        }
        Op::Fsetp { cmp, ftz: fz, bool_op, double } => {
            let pc = w.pred_mask(pred_of(i, 4));
            let mut r = 0u32;
            if *double {
                let (a, b) = (f64_src(w, i, 2, env)?, f64_src(w, i, 3, env)?);
                if matches!(cmp, FCmp::F | FCmp::T) {
                    return dsetp_min_max(w, i, exec, *cmp == FCmp::F, *bool_op, pc, (a, b));
                }
                for l in lanes(exec) {
                    if fcmp(*cmp, a(w, l), b(w, l)) {
                        r |= 1 << l;
                    }
                }
            } else if super::alu::dense(env, exec) {
                // The whole warp's comparisons (lanes outside `exec` are
                // not written: `set_pred` blends).
                let (a, b) = (src(w, i, 2, env)?, src(w, i, 3, env)?);
                let (x, y) = (f32_row(w, a, *fz), f32_row(w, b, *fz));
                for l in 0..32 {
                    r |= u32::from(fcmp(*cmp, f64::from(x[l]), f64::from(y[l]))) << l;
                }
            } else {
                let (a, b) = (src(w, i, 2, env)?, src(w, i, 3, env)?);
                for l in lanes(exec) {
                    if fcmp(*cmp, f64::from(f32_in(w, a, l, *fz)), f64::from(f32_in(w, b, l, *fz))) {
                        r |= 1 << l;
                    }
                }
            }
            let combine = |v: u32| bool_op.eval_mask(v, pc);
            let (p, q) = (combine(r), combine(!r));
            set_pred(w, pred_of(i, 0), exec, p);
            set_pred(w, pred_of(i, 1), exec, q);
            Ok(())
        }
        Op::Fset { cmp, ftz: fz, bool_op } => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let pc = w.pred_mask(pred_of(i, 3));
            for l in lanes(exec) {
                let (x, y) = (f32_in(w, a, l, *fz), f32_in(w, b, l, *fz));
                let holds = bool_op.eval(fcmp(*cmp, f64::from(x), f64::from(y)), pc >> l & 1 == 1);
                write_dst(w, i, 0, l, if holds { 1f32.to_bits() } else { 0 }, false)?;
            }
            Ok(())
        }
        Op::Mufu { func } => {
            let a = src(w, i, 1, env)?;
            for l in lanes(exec) {
                let raw = fmods(get(w, a.0, l), a.1);
                let x = f64::from(f32::from_bits(ftz(raw)));
                let r = match func {
                    Mufu::Rcp => 1.0 / x,
                    Mufu::Rsq => 1.0 / x.sqrt(),
                    Mufu::Sqrt => x.sqrt(),
                    Mufu::Ex2 => x.exp2(),
                    Mufu::Lg2 => x.log2(),
                    // The input is in revolutions: the compiler scales by 1/(2π) first.
                    Mufu::Sin => (x * std::f64::consts::TAU).sin(),
                    Mufu::Cos => (x * std::f64::consts::TAU).cos(),
                    Mufu::Tanh => x.tanh(),
                    Mufu::Rcp64h | Mufu::Rsq64h => {
                        // The high word of a double's reciprocal (square root).
                        // MUFU flushes: a subnormal input is a zero of its
                        // sign (rcp.approx.ftz.f64 of one is an infinity), and
                        // so is a subnormal result.
                        let flush = |b: u64| if b >> 52 & 0x7ff == 0 { b & 1 << 63 } else { b };
                        let d = f64::from_bits(flush(u64::from(raw) << 32));
                        let r = if *func == Mufu::Rcp64h { 1.0 / d } else { 1.0 / d.sqrt() };
                        let hi = (flush(dcanon(r)) >> 32) as u32;
                        write_dst(w, i, 0, l, hi, false)?;
                        continue;
                    }
                };
                write_dst(w, i, 0, l, ftz(canon(r as f32)), false)?;
            }
            Ok(())
        }
        Op::Dadd { rnd } | Op::Dmul { rnd } | Op::Dfma { rnd } => {
            let d = match *i.src(0) {
                Operand::Reg(d, _) => d,
                _ => return Err(bad(i, "destination")),
            };
            let a = f64_src(w, i, 1, env)?;
            let b = f64_src(w, i, 2, env)?;
            let c = if matches!(i.op, Op::Dfma { .. }) { Some(f64_src(w, i, 3, env)?) } else { None };
            for l in lanes(exec) {
                let (x, y) = (a(w, l), b(w, l));
                let r = match (&i.op, *rnd) {
                    // The host's own operations round to nearest, correctly.
                    (Op::Dadd { .. }, Rnd::Rn) => dcanon(x + y),
                    (Op::Dmul { .. }, Rnd::Rn) => dcanon(x * y),
                    (Op::Dfma { .. }, Rnd::Rn) => dcanon(x.mul_add(y, c.as_ref().map_or(0.0, |c| c(w, l)))),
                    // Directed rounding: the exact soft-float (the host's mode is never changed).
                    (Op::Dadd { .. }, r) => sf::fma(sf::F64, x.to_bits(), 1f64.to_bits(), Some(y.to_bits()), r),
                    (Op::Dmul { .. }, r) => sf::fma(sf::F64, x.to_bits(), y.to_bits(), None, r),
                    (_, r) => {
                        let z = c.as_ref().map_or(0.0, |c| c(w, l));
                        sf::fma(sf::F64, x.to_bits(), y.to_bits(), Some(z.to_bits()), r)
                    }
                };
                w.set_r64(d, l, r);
            }
            Ok(())
        }
        Op::Fchk => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let mut p = 0u32;
            for l in lanes(exec) {
                let (x, y) = (f32::from_bits(fmods(get(w, a.0, l), a.1)), f32::from_bits(fmods(get(w, b.0, l), b.1)));
                if needs_slow_division(x, y) {
                    p |= 1 << l;
                }
            }
            set_pred(w, pred_of(i, 0), exec, p);
            Ok(())
        }
        _ => Err(bad(i, "this float operation")),
    }
}

/// `DSETP.MIN`/`DSETP.MAX pd, pq, a, b, pc` (nvdisasm's names for the
/// never/always compares of DSETP), as the compiler uses them for
/// `min.f64`/`max.f64`: `pd` says the result is `a` (else `b`), `pq` that
/// both are NaN (the compiler then returns `b` made quiet). Order: -0 below
/// +0; a NaN loses to a number. (The hardware's `pq` for one NaN is not
/// documented; the compiled code is right only if it is false then.)
#[allow(clippy::too_many_arguments)]
fn dsetp_min_max(
    w: &mut Warp,
    i: &Instr,
    exec: u32,
    min: bool,
    bool_op: BoolOp,
    pc: u32,
    (a, b): (F64Src, F64Src),
) -> Result<(), Fault> {
    let (mut pick_a, mut nan) = (0u32, 0u32);
    for l in lanes(exec) {
        let (x, y) = (a(w, l), b(w, l));
        let take_a = match (x.is_nan(), y.is_nan()) {
            (true, true) => {
                nan |= 1 << l;
                false
            }
            (true, false) => false,
            (false, true) => true,
            // Equal values: only the signs of zeros can differ.
            _ if x == y => x.is_sign_negative() == min,
            _ => (x < y) == min,
        };
        if take_a {
            pick_a |= 1 << l;
        }
    }
    let combine = |v: u32| {
        (0..32).fold(0u32, |m, l| if bool_op.eval(v >> l & 1 == 1, pc >> l & 1 == 1) { m | 1 << l } else { m })
    };
    set_pred(w, pred_of(i, 0), exec, combine(pick_a));
    set_pred(w, pred_of(i, 1), exec, combine(nan));
    Ok(())
}

/// Whether `x / y` must take the compiler's exact slow path: any operand
/// that is not a normal number, or exponents so far apart that the fast
/// reciprocal-and-refine sequence could overflow or underflow. (When in
/// doubt, true: the slow path is exact for every input.) A zero dividend
/// is included: the fast sequence's `FFMA q, x, r, RZ` turns `-0 · r` into
/// `+0`, so `-0 / y` (and `-(+0) / y`, `+0 / -y`) would lose the sign.
/// A small dividend too: the sequence's correction step needs the
/// residual `x - y·q` exactly, and its last bit is 2^(ex - 127 - 47) at the
/// least, below the smallest subnormal (2^-149) when the dividend's biased
/// exponent is under 25. (With `ex <= 2` only, `div.rn.ftz.f32` of
/// 0x01d4d7ea by 0xb383eb69 took the fast path, whose residual rounded in the
/// subnormal range, and gave 0x8dce84fa, one ulp from the quotient 0x8dce84fb.)
fn needs_slow_division(x: f32, y: f32) -> bool {
    let ex = ((x.to_bits() >> 23) & 0xff) as i32;
    let ey = ((y.to_bits() >> 23) & 0xff) as i32;
    if !x.is_normal() || !y.is_normal() {
        return true;
    }
    let d = ex - ey;
    !(-125..=125).contains(&d) || ex >= 253 || ex <= 25 || ey >= 253 || ey <= 2
}
