//! Float and double arithmetic, conversions, warp-wide operations and
//! atomics, lane by lane.

use super::alu::{get, pred_of, read_const, src, write_dst, S};
use super::float_ops::{canon, fma_f32, fmods, ftz, round_f32};
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{AtomOp, AtomTy, FCmp, Mufu, Op, Rnd, ShflMode, Space, VoteMode};
use crate::operand::{Operand, SrcMods};

fn f32_in(w: &Warp, s: (S, SrcMods), lane: usize, fz: bool) -> f32 {
    let v = fmods(get(w, s.0, lane), s.1);
    f32::from_bits(if fz { ftz(v) } else { v })
}

fn f32_out(r: f32, fz: bool, sat: bool) -> u32 {
    let r = if sat {
        if r.is_nan() {
            0.0
        } else {
            r.clamp(0.0, 1.0)
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
type F64Src = Box<dyn Fn(&Warp, usize) -> f64>;

fn f64_src(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<F64Src, Fault> {
    let (bits, m): (Option<u64>, SrcMods) = match *i.src(n) {
        Operand::Reg(r, m) => {
            let f = move |w: &Warp, l: usize| dmods(w.r64(r, l), m);
            return Ok(Box::new(f));
        }
        Operand::F64(b, m) => (Some(b), m),
        Operand::CBuf(c, m) => {
            (Some(u64::from(read_const(env, &c, 0, i.pc)?) | u64::from(read_const(env, &c, 4, i.pc)?) << 32), m)
        }
        Operand::UReg(r, m) => (Some(u64::from(w.ur(r)) | u64::from(w.ur(r.saturating_add(1))) << 32), m),
        _ => return Err(bad(i, "double operand")),
    };
    let v = dmods(bits.unwrap_or(0), m);
    Ok(Box::new(move |_, _| v))
}

/// A 64-bit integer source: a register pair, or one value for every lane
/// (two constant words, a uniform pair, or an immediate extended as the
/// operation's signedness says).
enum Src64 {
    Pair(u8),
    Same(u64),
}

impl Src64 {
    fn read(w: &Warp, i: &Instr, n: usize, env: &Env<'_>, signed: bool) -> Result<Src64, Fault> {
        Ok(match *i.src(n) {
            Operand::Reg(r, _) => Src64::Pair(r),
            Operand::CBuf(c, _) => {
                Src64::Same(u64::from(read_const(env, &c, 0, i.pc)?) | u64::from(read_const(env, &c, 4, i.pc)?) << 32)
            }
            Operand::UReg(r, _) => Src64::Same(u64::from(w.ur(r)) | u64::from(w.ur(r.saturating_add(1))) << 32),
            Operand::Imm(v) if signed => Src64::Same(v as i32 as i64 as u64),
            Operand::Imm(v) => Src64::Same(u64::from(v as u32)),
            Operand::Hex(v) => Src64::Same(v),
            _ => return Err(bad(i, "64-bit operand")),
        })
    }

    fn get(&self, w: &Warp, l: usize) -> u64 {
        match *self {
            Src64::Pair(r) => w.r64(r, l),
            Src64::Same(v) => v,
        }
    }
}

fn dmods(bits: u64, m: SrcMods) -> f64 {
    let b = if m.abs { bits & !(1 << 63) } else { bits };
    f64::from_bits(if m.neg { b ^ (1 << 63) } else { b })
}

/// The hardware's double NaN.
const CANONICAL_NAN64: u64 = 0x7fff_ffff_ffff_ffff;

fn dcanon(v: f64) -> u64 {
    if v.is_nan() {
        CANONICAL_NAN64
    } else {
        v.to_bits()
    }
}

fn fcmp(c: FCmp, a: f64, b: f64) -> bool {
    c.eval(a.partial_cmp(&b))
}

/// The value `x` rounds to in mode `rnd` as an integer (as f64).
fn round_int(x: f64, rnd: Rnd) -> f64 {
    match rnd {
        Rnd::Rn => x.round_ties_even(),
        Rnd::Rm => x.floor(),
        Rnd::Rp => x.ceil(),
        Rnd::Rz => x.trunc(),
    }
}

/// An integer to f32 in mode `rnd`.
fn int_to_f32(x: i128, rnd: Rnd) -> f32 {
    let r = x as f32; // nearest, ties to even
    let back = r as i128;
    match rnd {
        Rnd::Rn => r,
        Rnd::Rz if back.abs() > x.abs() => super::float_ops::next_toward_zero_pub(r),
        Rnd::Rm if back > x => super::float_ops::next_down(r),
        Rnd::Rp if back < x => super::float_ops::next_up(r),
        _ => r,
    }
}

fn int_to_f64(x: i128, rnd: Rnd) -> f64 {
    let r = x as f64;
    let back = r as i128;
    let step = |up: bool| {
        let b = r.to_bits();
        f64::from_bits(if (r > 0.0) == up { b + 1 } else { b - 1 })
    };
    match rnd {
        Rnd::Rn => r,
        Rnd::Rz if back.abs() > x.abs() => step(false),
        Rnd::Rm if back > x => step(r < 0.0),
        Rnd::Rp if back < x => step(r >= 0.0),
        _ => r,
    }
}

pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match &i.op {
        Op::Fadd { ftz: fz, sat, rnd } | Op::Fmul { ftz: fz, sat, rnd } => {
            let add = matches!(i.op, Op::Fadd { .. });
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            for l in lanes(exec) {
                let (x, y) = (f32_in(w, a, l, *fz), f32_in(w, b, l, *fz));
                let r = if add {
                    fma_f32(x, 1.0, y, *rnd)
                } else {
                    let p = f64::from(x) * f64::from(y); // exact
                    if p == 0.0 || !p.is_finite() {
                        (x * y).copysign(if (x.is_sign_negative()) ^ (y.is_sign_negative()) { -1.0 } else { 1.0 })
                    } else {
                        round_f32(p, 0.0, *rnd)
                    }
                };
                write_dst(w, i, 0, l, f32_out(r, *fz, *sat), false)?;
            }
            Ok(())
        }
        Op::Fmnmx { ftz: fz } => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let p = w.pred_mask(pred_of(i, 3));
            for l in lanes(exec) {
                let (x, y) = (f32_in(w, a, l, *fz), f32_in(w, b, l, *fz));
                let min = p >> l & 1 == 1;
                let r = match (x.is_nan(), y.is_nan()) {
                    (true, true) => f32::from_bits(super::float_ops::CANONICAL_NAN),
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
                write_dst(w, i, 0, l, f32_out(r, *fz, false), false)?;
            }
            Ok(())
        }
        Op::Fsetp { cmp, ftz: fz, bool_op, double } => {
            let pc = w.pred_mask(pred_of(i, 4));
            let mut r = 0u32;
            if *double {
                let (a, b) = (f64_src(w, i, 2, env)?, f64_src(w, i, 3, env)?);
                for l in lanes(exec) {
                    if fcmp(*cmp, a(w, l), b(w, l)) {
                        r |= 1 << l;
                    }
                }
            } else {
                let (a, b) = (src(w, i, 2, env)?, src(w, i, 3, env)?);
                for l in lanes(exec) {
                    if fcmp(*cmp, f64::from(f32_in(w, a, l, *fz)), f64::from(f32_in(w, b, l, *fz))) {
                        r |= 1 << l;
                    }
                }
            }
            let combine = |v: u32| {
                (0..32).fold(0u32, |m, l| if bool_op.eval(v >> l & 1 == 1, pc >> l & 1 == 1) { m | 1 << l } else { m })
            };
            let (p, q) = (combine(r), combine(!r));
            set_pred(w, pred_of(i, 0), exec, p);
            set_pred(w, pred_of(i, 1), exec, q);
            Ok(())
        }
        Op::Imnmx { signed } => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let p = w.pred_mask(pred_of(i, 3));
            for l in lanes(exec) {
                let (x, y) = (get(w, a.0, l), get(w, b.0, l));
                let less = if *signed { (x as i32) < (y as i32) } else { x < y };
                let min = p >> l & 1 == 1;
                write_dst(w, i, 0, l, if less == min { x } else { y }, false)?;
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
                        let d = f64::from_bits(u64::from(raw) << 32);
                        let r = if *func == Mufu::Rcp64h { 1.0 / d } else { 1.0 / d.sqrt() };
                        let hi = (dcanon(r) >> 32) as u32;
                        write_dst(w, i, 0, l, hi, false)?;
                        continue;
                    }
                };
                write_dst(w, i, 0, l, ftz(canon(r as f32)), false)?;
            }
            Ok(())
        }
        Op::Shfl { mode } => {
            let a = match *i.src(2) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "SHFL source")),
            };
            let (b, c) = (src(w, i, 3, env)?, src(w, i, 4, env)?);
            let mut vals = [0u32; 32];
            for (l, v) in vals.iter_mut().enumerate() {
                *v = w.r(a, l);
            }
            let mut valid = 0u32;
            for l in lanes(exec) {
                let (bv, cv) = (get(w, b.0, l) & 0x1f, get(w, c.0, l));
                let clamp = cv & 0x1f;
                let seg = (cv >> 8) & 0x1f;
                let lane = l as u32;
                let min_lane = lane & seg;
                let max_lane = min_lane | (clamp & !seg);
                let (j, ok) = match mode {
                    ShflMode::Idx => {
                        let j = min_lane | (bv & !seg);
                        (j, j <= max_lane)
                    }
                    ShflMode::Up => (lane.wrapping_sub(bv), lane >= bv && lane - bv >= max_lane.min(min_lane)),
                    ShflMode::Down => (lane + bv, lane + bv <= max_lane),
                    ShflMode::Bfly => (lane ^ bv, (lane ^ bv) <= max_lane),
                };
                let out = if ok { vals[j as usize & 31] } else { vals[l] };
                if ok {
                    valid |= 1 << l;
                }
                write_dst(w, i, 1, l, out, false)?;
            }
            set_pred(w, pred_of(i, 0), exec, valid);
            Ok(())
        }
        Op::Vote { mode, uniform } => {
            let p = w.pred_mask(pred_of(i, 2)) & exec;
            let result = match mode {
                VoteMode::All => p == exec,
                VoteMode::Any => p != 0,
                VoteMode::Eq => p == 0 || p == exec,
            };
            if *uniform {
                if let Operand::UReg(r, _) = *i.src(0) {
                    w.set_ur(r, p);
                }
                let up = pred_of(i, 1);
                w.set_pred(crate::operand::Pred::up(up.index, false), u32::MAX, if result { u32::MAX } else { 0 });
            } else {
                for l in lanes(exec) {
                    write_dst(w, i, 0, l, p, false)?;
                }
                set_pred(w, pred_of(i, 1), exec, if result { u32::MAX } else { 0 });
            }
            Ok(())
        }
        Op::I2f { signed, src_bits, dst_bits, rnd, .. } => {
            let a = src(w, i, 1, env)?;
            let a64 = if *src_bits == 64 { Some(Src64::read(w, i, 1, env, *signed)?) } else { None };
            for l in lanes(exec) {
                let x: i128 = match (&a64, signed) {
                    (Some(a), true) => i128::from(a.get(w, l) as i64),
                    (Some(a), false) => i128::from(a.get(w, l)),
                    (None, true) => i128::from(get(w, a.0, l) as i32),
                    (None, false) => i128::from(get(w, a.0, l)),
                };
                if *dst_bits == 64 {
                    if let Operand::Reg(d, _) = *i.src(0) {
                        w.set_r64(d, l, int_to_f64(x, *rnd).to_bits());
                    }
                } else {
                    write_dst(w, i, 0, l, int_to_f32(x, *rnd).to_bits(), false)?;
                }
            }
            Ok(())
        }
        Op::F2i { signed, src_bits, dst_bits, rnd, ftz: fz, .. } => {
            let a = src(w, i, 1, env)?;
            let a64 = if *src_bits == 64 { Some(f64_src(w, i, 1, env)?) } else { None };
            for l in lanes(exec) {
                let x = match &a64 {
                    Some(d) => d(w, l),
                    None => f64::from(f32_in(w, a, l, *fz)),
                };
                let (lo, hi): (i128, i128) = match (signed, dst_bits) {
                    (true, 32) => (i32::MIN.into(), i32::MAX.into()),
                    (false, 32) => (0, u32::MAX.into()),
                    (true, _) => (i64::MIN.into(), i64::MAX.into()),
                    (false, _) => (0, u64::MAX.into()),
                };
                // NaN converts to 0; out-of-range values saturate.
                let v: i128 =
                    if x.is_nan() { 0 } else { (round_int(x, *rnd).clamp(lo as f64, hi as f64) as i128).clamp(lo, hi) };
                if *dst_bits == 64 {
                    if let Operand::Reg(d, _) = *i.src(0) {
                        w.set_r64(d, l, v as u64);
                    }
                } else {
                    write_dst(w, i, 0, l, v as u32, false)?;
                }
            }
            Ok(())
        }
        Op::F2f { src_bits, dst_bits, rnd, ftz: fz } => {
            let a = src(w, i, 1, env)?;
            let d = match *i.src(0) {
                Operand::Reg(d, _) => d,
                _ => return Err(bad(i, "destination")),
            };
            for l in lanes(exec) {
                match (src_bits, dst_bits) {
                    (32, 64) => w.set_r64(d, l, dcanon(f64::from(f32_in(w, a, l, *fz)))),
                    (64, 32) => {
                        let x = match a.0 {
                            S::R(r) => dmods(w.r64(r, l), a.1),
                            S::V(_) => return Err(bad(i, "F2F source")),
                        };
                        let r = if x.is_nan() || x.is_infinite() { x as f32 } else { round_f32(x, 0.0, *rnd) };
                        w.set_r(d, l, f32_out(r, *fz, false));
                    }
                    (32, 32) => {
                        let x = f32_in(w, a, l, *fz);
                        w.set_r(d, l, f32_out(round_int(f64::from(x), *rnd) as f32, *fz, false));
                    }
                    _ => return Err(bad(i, "F2F.F64.F64")),
                }
            }
            Ok(())
        }
        Op::Frnd { rnd, ftz: fz, double } => {
            let a = src(w, i, 1, env)?;
            for l in lanes(exec) {
                if *double {
                    let S::R(r) = a.0 else { return Err(bad(i, "FRND.F64 source")) };
                    let x = dmods(w.r64(r, l), a.1);
                    if let Operand::Reg(d, _) = *i.src(0) {
                        w.set_r64(d, l, dcanon(round_int(x, *rnd)));
                    }
                } else {
                    let x = f32_in(w, a, l, *fz);
                    write_dst(w, i, 0, l, f32_out(round_int(f64::from(x), *rnd) as f32, *fz, false), false)?;
                }
            }
            Ok(())
        }
        Op::Flo { signed, sh, uniform } => {
            let a = src(w, i, 2, env)?;
            for l in lanes(super::bits::active(exec, *uniform)) {
                let x = get(w, a.0, l);
                let x = if a.1.not { !x } else { x };
                let x = if *signed && (x as i32) < 0 { !x } else { x };
                let v = if x == 0 {
                    u32::MAX
                } else if *sh {
                    x.leading_zeros()
                } else {
                    31 - x.leading_zeros()
                };
                write_dst(w, i, 0, l, v, *uniform)?;
            }
            Ok(())
        }
        Op::Dadd { rnd } | Op::Dmul { rnd } | Op::Dfma { rnd } => {
            if *rnd != Rnd::Rn {
                return Err(bad(i, "double rounding other than to nearest"));
            }
            let d = match *i.src(0) {
                Operand::Reg(d, _) => d,
                _ => return Err(bad(i, "destination")),
            };
            let a = f64_src(w, i, 1, env)?;
            let b = f64_src(w, i, 2, env)?;
            let c = if matches!(i.op, Op::Dfma { .. }) { Some(f64_src(w, i, 3, env)?) } else { None };
            for l in lanes(exec) {
                let r = match &i.op {
                    Op::Dadd { .. } => a(w, l) + b(w, l),
                    Op::Dmul { .. } => a(w, l) * b(w, l),
                    _ => a(w, l).mul_add(b(w, l), c.as_ref().map(|c| c(w, l)).unwrap_or(0.0)),
                };
                w.set_r64(d, l, dcanon(r));
            }
            Ok(())
        }
        Op::Atom { space, op, ty, red, .. } => atom(w, i, exec, env, *space, *op, *ty, *red),
        Op::Ldc { size } => {
            // A constant at a per-lane offset: c[bank][Ra + imm].
            let Operand::CBuf(c, _) = *i.src(1) else { return Err(bad(i, "constant")) };
            let d = match *i.src(0) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "destination")),
            };
            for l in lanes(exec) {
                let off = i64::from(c.offset) + i64::from(w.r(c.index, l) as i32);
                let byte = off.rem_euclid(4) as u32;
                let word = crate::operand::CBuf { offset: 0, index: crate::operand::RZ, ..c };
                let lo = read_const(env, &word, (off - i64::from(byte)) as u64, i.pc)?;
                let v = match size.bytes() {
                    1 => {
                        let b = (lo >> (8 * byte)) & 0xff;
                        if size.signed() {
                            b as u8 as i8 as i32 as u32
                        } else {
                            b
                        }
                    }
                    2 => {
                        let b = (lo >> (8 * byte)) & 0xffff;
                        if size.signed() {
                            b as u16 as i16 as i32 as u32
                        } else {
                            b
                        }
                    }
                    _ => lo,
                };
                w.set_r(d, l, v);
                if size.bytes() == 8 {
                    let hi = read_const(env, &word, (off + 4) as u64, i.pc)?;
                    w.set_r(d.saturating_add(1), l, hi);
                }
            }
            Ok(())
        }
        Op::Redux { op, signed } => {
            let a = match *i.src(1) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "REDUX source")),
            };
            let mut acc: Option<u32> = None;
            for l in lanes(exec) {
                let x = w.r(a, l);
                acc = Some(match acc {
                    None => x,
                    Some(v) => match op {
                        AtomOp::And => v & x,
                        AtomOp::Or => v | x,
                        AtomOp::Xor => v ^ x,
                        AtomOp::Add => v.wrapping_add(x),
                        AtomOp::Min if *signed => (v as i32).min(x as i32) as u32,
                        AtomOp::Max if *signed => (v as i32).max(x as i32) as u32,
                        AtomOp::Min => v.min(x),
                        _ => v.max(x),
                    },
                });
            }
            if let (Some(v), Operand::UReg(d, _)) = (acc, *i.src(0)) {
                w.set_ur(d, v);
            }
            Ok(())
        }
        Op::B2r => {
            let v = w.bar_result;
            for l in lanes(exec) {
                write_dst(w, i, 0, l, v, false)?;
            }
            set_pred(w, pred_of(i, 1), exec, if v != 0 { u32::MAX } else { 0 });
            Ok(())
        }
        Op::Fchk => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let mut p = 0u32;
            for l in lanes(exec) {
                let (x, y) = (f32::from_bits(get(w, a.0, l)), f32::from_bits(fmods(get(w, b.0, l), b.1)));
                if needs_slow_division(x, y) {
                    p |= 1 << l;
                }
            }
            set_pred(w, pred_of(i, 0), exec, p);
            Ok(())
        }
        _ => super::bits::exec(w, i, exec, env).unwrap_or_else(|| Err(bad(i, "this operation"))),
    }
}

/// Whether `x / y` must take the compiler's exact slow path: any operand
/// that is not a normal number or zero, or exponents so far apart that the
/// fast reciprocal-and-refine sequence could overflow or underflow. (When
/// in doubt, true: the slow path is exact for every input.)
fn needs_slow_division(x: f32, y: f32) -> bool {
    let ex = ((x.to_bits() >> 23) & 0xff) as i32;
    let ey = ((y.to_bits() >> 23) & 0xff) as i32;
    if !(x.is_normal() || x == 0.0) || !y.is_normal() {
        return true;
    }
    let d = ex - ey;
    !(-125..=125).contains(&d) || ex >= 253 || (x != 0.0 && ex <= 2) || ey >= 253 || ey <= 2
}

fn set_pred(w: &mut Warp, p: crate::operand::Pred, exec: u32, v: u32) {
    w.set_pred(crate::operand::Pred::p(p.index, false), exec, v);
}

#[allow(clippy::too_many_arguments)]
fn atom(
    w: &mut Warp,
    i: &Instr,
    exec: u32,
    env: &mut Env<'_>,
    space: Space,
    op: AtomOp,
    ty: AtomTy,
    red: bool,
) -> Result<(), Fault> {
    let Operand::Mem(addr) = *i.src(2) else { return Err(bad(i, "address")) };
    let (b, c) = match (*i.src(3), *i.src(4)) {
        (Operand::Reg(b, _), Operand::Reg(c, _)) => (b, c),
        _ => return Err(bad(i, "atomic operands")),
    };
    if op == AtomOp::PopcInc {
        return Err(bad(i, "ATOMS.POPC.INC"));
    }
    let wide = matches!(ty, AtomTy::U64 | AtomTy::S64 | AtomTy::F64);
    let size = if wide { 8 } else { 4 };
    for l in lanes(exec) {
        let va = super::memops::address_of(w, &addr, l);
        if !va.is_multiple_of(size) {
            return Err(Fault::Misaligned { va, size: size as usize, pc: i.pc });
        }
        let (bv, cv) = if wide { (w.r64(b, l), w.r64(c, l)) } else { (u64::from(w.r(b, l)), u64::from(w.r(c, l))) };
        let f = |old: u64| -> u64 {
            let s = ty == AtomTy::S32;
            match op {
                AtomOp::Add if ty == AtomTy::F32 => {
                    u64::from((f32::from_bits(old as u32) + f32::from_bits(bv as u32)).to_bits())
                }
                AtomOp::Add if ty == AtomTy::F64 => (f64::from_bits(old) + f64::from_bits(bv)).to_bits(),
                AtomOp::Min if ty == AtomTy::S64 => (old as i64).min(bv as i64) as u64,
                AtomOp::Max if ty == AtomTy::S64 => (old as i64).max(bv as i64) as u64,
                AtomOp::Add => old.wrapping_add(bv),
                AtomOp::Min if s => (old as i32).min(bv as i32) as u32 as u64,
                AtomOp::Max if s => (old as i32).max(bv as i32) as u32 as u64,
                AtomOp::Min => old.min(bv),
                AtomOp::Max => old.max(bv),
                AtomOp::Inc => {
                    if old >= bv {
                        0
                    } else {
                        old + 1
                    }
                }
                AtomOp::Dec => {
                    if old == 0 || old > bv {
                        bv
                    } else {
                        old - 1
                    }
                }
                AtomOp::And => old & bv,
                AtomOp::Or => old | bv,
                AtomOp::Xor => old ^ bv,
                AtomOp::Exch => bv,
                AtomOp::Cas | AtomOp::CastSpin => {
                    if old == bv {
                        cv
                    } else {
                        old
                    }
                }
                AtomOp::PopcInc => old,
            }
        };
        let old = match space {
            Space::Shared => {
                let off = va as usize;
                let limit = env.shared.len() as u64;
                let cell = off.checked_add(size as usize).and_then(|e| env.shared.get_mut(off..e));
                let cell =
                    cell.ok_or(Fault::OutOfRange { space: "shared", addr: va, size: size as usize, limit, pc: i.pc })?;
                let mut raw = [0u8; 8];
                raw[..cell.len()].copy_from_slice(cell);
                let old = u64::from_le_bytes(raw);
                let new = f(old);
                cell.copy_from_slice(&new.to_le_bytes()[..size as usize]);
                old
            }
            _ => {
                let pc = i.pc;
                if wide {
                    env.mem.atomic_u64(va, &mut |o| f(o)).map_err(|va| Fault::Mmu { va, write: true, pc })?
                } else {
                    u64::from(env.mem.atomic_u32(va, &mut |o| f(u64::from(o)) as u32).map_err(|va| Fault::Mmu {
                        va,
                        write: true,
                        pc,
                    })?)
                }
            }
        };
        // CAST.SPIN answers whether it stored, not the old value.
        let old = if op == AtomOp::CastSpin { u64::from(old == bv) } else { old };
        if !red {
            if let Operand::Reg(d, _) = *i.src(1) {
                if wide {
                    w.set_r64(d, l, old);
                } else {
                    w.set_r(d, l, old as u32);
                }
            }
        }
    }
    Ok(())
}
