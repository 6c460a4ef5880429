//! Conversions, lane by lane: I2F, F2I, F2F and FRND, each rounding in the
//! mode the instruction names (integer to float and double to single through
//! the exact soft-float, so the host's rounding mode is never changed).

use super::alu::{get, read_const, src, write_dst, S};
use super::farith::{dcanon, f32_out, f64_src};
use super::float_ops::f32_in;
use super::softfloat as sf;
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::half::HalfFmt;
use crate::instr::Instr;
use crate::op::{Op, Rnd};
use crate::operand::{Operand, SrcMods};

/// The value `x` rounds to in mode `rnd` as an integer (as f64).
fn round_int(x: f64, rnd: Rnd) -> f64 {
    match rnd {
        Rnd::Rn => x.round_ties_even(),
        Rnd::Rm => x.floor(),
        Rnd::Rp => x.ceil(),
        Rnd::Rz => x.trunc(),
    }
}

/// The part of a 32-bit source an 8- or 16-bit conversion reads, in the
/// low bits: byte `.Bn`, or the high half with `.H1` (the upper bits are
/// whatever the register holds above it; callers mask or truncate).
fn part(v: u32, m: SrcMods) -> u32 {
    if m.h1 {
        v >> 16
    } else {
        v >> (8 * u32::from(m.byte))
    }
}

/// A 16-bit float source: the half the operand names (`.H1`), with `-`/`|x|` on its sign.
fn half_in(w: &Warp, a: (S, SrcMods), l: usize) -> u16 {
    let h = part(get(w, a.0, l), a.1) as u16;
    let h = if a.1.abs { h & 0x7fff } else { h };
    if a.1.neg {
        h ^ 0x8000
    } else {
        h
    }
}

/// A 64-bit integer source: a register pair, or one value for every lane
/// (two constant words, a uniform pair, or an immediate, which is the high
/// word: ptxas writes `cvt.rp.f64.u64` of 0x40_0000_0000 as
/// `I2F.F64.U64.RP R4, 0x40`, as a double's immediate is its high word).
enum Src64 {
    Pair(u8),
    Same(u64),
}

impl Src64 {
    fn read(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<Src64, Fault> {
        Ok(match *i.src(n) {
            Operand::Reg(r, _) => Src64::Pair(r),
            Operand::CBuf(c, _) => Src64::Same(
                u64::from(read_const(w, env, &c, 0, i.pc)?) | u64::from(read_const(w, env, &c, 4, i.pc)?) << 32,
            ),
            Operand::UReg(r, _) => Src64::Same(u64::from(w.ur(r)) | u64::from(w.ur(r.saturating_add(1))) << 32),
            Operand::Imm(v) => Src64::Same(u64::from(v as u32) << 32),
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

pub(super) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match &i.op {
        Op::I2f { signed, src_bits, dst_bits, rnd, .. } => {
            let a = src(w, i, 1, env)?;
            let a64 = if *src_bits == 64 { Some(Src64::read(w, i, 1, env)?) } else { None };
            for l in lanes(exec) {
                let x: i128 = match (&a64, signed) {
                    (Some(a), true) => i128::from(a.get(w, l) as i64),
                    (Some(a), false) => i128::from(a.get(w, l)),
                    (None, _) if *src_bits < 32 => {
                        // The byte (`.Bn`) or half (`.H1`) the operand names, extended.
                        let top = 32 - u32::from(*src_bits);
                        let v = part(get(w, a.0, l), a.1) << top;
                        if *signed {
                            i128::from((v as i32) >> top)
                        } else {
                            i128::from(v >> top)
                        }
                    }
                    (None, true) => i128::from(get(w, a.0, l) as i32),
                    (None, false) => i128::from(get(w, a.0, l)),
                };
                if *dst_bits == 64 {
                    if let Operand::Reg(d, _) = *i.src(0) {
                        w.set_r64(d, l, sf::from_int(sf::F64, x, *rnd));
                    }
                } else if *dst_bits == 16 {
                    // `.F16`: the half in the register's low 16 bits, rounded once.
                    write_dst(w, i, 0, l, sf::from_int(sf::F16, x, *rnd) as u32 & 0xffff, false)?;
                } else {
                    write_dst(w, i, 0, l, sf::from_int(sf::F32, x, *rnd) as u32, false)?;
                }
            }
            Ok(())
        }
        Op::F2i { signed, src_bits, dst_bits, rnd, ftz: fz, .. } => {
            // A double source is read whole (a register pair, an f64
            // immediate, a constant pair or a uniform pair).
            let a64 = if *src_bits == 64 { Some(f64_src(w, i, 1, env)?) } else { None };
            let a = if a64.is_some() { (S::V(0), SrcMods::default()) } else { src(w, i, 1, env)? };
            for l in lanes(exec) {
                let x = match &a64 {
                    Some(d) => d(w, l),
                    None if *src_bits == 16 => {
                        // `.F16`: `-`/`|x|` act on the half's sign, FTZ on its subnormals.
                        let h = half_in(w, a, l);
                        HalfFmt::F16.to_f64(if *fz { HalfFmt::F16.ftz(h) } else { h })
                    }
                    None => f64::from(f32_in(w, a, l, *fz)),
                };
                let (lo, hi): (i128, i128) = match (signed, dst_bits) {
                    // 8- and 16-bit results saturate to their range; the
                    // register holds the value (sign- or zero-extended).
                    (true, 8) => (i8::MIN.into(), i8::MAX.into()),
                    (false, 8) => (0, u8::MAX.into()),
                    (true, 16) => (i16::MIN.into(), i16::MAX.into()),
                    (false, 16) => (0, u16::MAX.into()),
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
            let a64 = if *src_bits == 64 { Some(f64_src(w, i, 1, env)?) } else { None };
            let a = if a64.is_some() { (S::V(0), SrcMods::default()) } else { src(w, i, 1, env)? };
            let d = match *i.src(0) {
                Operand::Reg(d, _) => d,
                _ => return Err(bad(i, "destination")),
            };
            for l in lanes(exec) {
                match (src_bits, dst_bits) {
                    (32, 64) => w.set_r64(d, l, dcanon(f64::from(f32_in(w, a, l, *fz)))),
                    (64, 32) => {
                        let Some(x) = a64.as_ref().map(|d| d(w, l)) else { return Err(bad(i, "F2F source")) };
                        let r = f32::from_bits(sf::narrow(sf::F64, sf::F32, x.to_bits(), *rnd) as u32);
                        w.set_r(d, l, f32_out(r, *fz, false));
                    }
                    (32, 32) => {
                        let x = f32_in(w, a, l, *fz);
                        w.set_r(d, l, f32_out(round_int(f64::from(x), *rnd) as f32, *fz, false));
                    }
                    // `cvt.f16.f64`: rounded once, into the low half (the high half cleared).
                    (64, 16) => {
                        let Some(x) = a64.as_ref().map(|d| d(w, l)) else { return Err(bad(i, "F2F source")) };
                        w.set_r(d, l, sf::narrow(sf::F64, sf::F16, x.to_bits(), *rnd) as u32);
                    }
                    // `cvt.f64.f16`: exact; a NaN becomes the canonical double NaN.
                    (16, 64) => w.set_r64(d, l, dcanon(HalfFmt::F16.to_f64(half_in(w, a, l)))),
                    _ => return Err(bad(i, "F2F.F64.F64")),
                }
            }
            Ok(())
        }
        Op::F2ip { signed, rnd, .. } => {
            // Only the form compiled code uses: A and C RZ, so the packed
            // result is the one byte converted from B, zero-extended (ptxas
            // masks it with `LOP3 ... 0xff`); how A and C would be packed
            // around it is not known.
            let rz = |n: usize| matches!(*i.src(n), Operand::Reg(crate::operand::RZ, m) if !m.h1);
            if !rz(1) || !rz(3) {
                return Err(bad(i, "F2IP with an A or C other than RZ"));
            }
            let b = src(w, i, 2, env)?;
            let (lo, hi) = if *signed { (-128.0, 127.0) } else { (0.0, 255.0) };
            for l in lanes(exec) {
                // Saturating; a NaN converts to 0 (as F2I's 8-bit results).
                let x = f32_in(w, b, l, false);
                let v = if x.is_nan() { 0 } else { round_int(f64::from(x), *rnd).clamp(lo, hi) as i32 };
                write_dst(w, i, 0, l, v as u32 & 0xff, false)?;
            }
            Ok(())
        }
        Op::Frnd { rnd, half: true, .. } => {
            // `cvt.rni.f16.f16` and the like: an integral value is exact in
            // f16 (every f16 of magnitude 1024 or more is an integer), and
            // the sign of a zero result is the source's; a NaN becomes the
            // canonical one. The result fills the low half, the high one cleared.
            let a = src(w, i, 1, env)?;
            for l in lanes(exec) {
                let h = half_in(w, a, l);
                let r = HalfFmt::F16.from_f64(round_int(HalfFmt::F16.to_f64(h), *rnd), Rnd::Rn);
                write_dst(w, i, 0, l, u32::from(r), false)?;
            }
            Ok(())
        }
        Op::Frnd { rnd, ftz: fz, double, .. } => {
            let a64 = if *double { Some(f64_src(w, i, 1, env)?) } else { None };
            let a = if a64.is_some() { (S::V(0), SrcMods::default()) } else { src(w, i, 1, env)? };
            for l in lanes(exec) {
                if let Some(d) = &a64 {
                    let x = d(w, l);
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
        _ => Err(bad(i, "this conversion")),
    }
}
