//! Bit-field, dot-product, byte-permute and warp-matching operations, lane
//! by lane, and the uniform-datapath forms of SEL, PRMT, POPC and IMAD.

use super::alu::{get, pred_of, src, write_dst};
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{Op, PrmtMode, UnaryKind};
use crate::operand::{Operand, Pred};

/// The lanes an instruction computes for: all of `exec`, or for a uniform
/// operation (same value in every lane) the lowest one.
#[inline]
pub(crate) fn active(exec: u32, uniform: bool) -> u32 {
    if uniform {
        exec & exec.wrapping_neg()
    } else {
        exec
    }
}

/// Run `i` if it is one of this module's; `None` when it is not.
pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Option<Result<(), Fault>> {
    Some(match &i.op {
        Op::Sel { uniform, float } => sel(w, i, exec, env, *uniform, *float),
        Op::Unary { kind, uniform } => unary(w, i, exec, env, *kind, *uniform),
        Op::Prmt { mode, uniform } => prmt(w, i, exec, env, *mode, *uniform),
        Op::Sgxt { signed, wrap, .. } => binary(w, i, exec, env, |a, b| sgxt(a, b, *signed, *wrap)),
        Op::Bmsk { wrap, .. } => binary(w, i, exec, env, |a, b| bmsk(a, b, *wrap)),
        Op::Idp { two, hi, a_signed, b_signed } => idp(w, i, exec, env, *two, *hi, *a_signed, *b_signed),
        Op::Vabsdiff { signed } => vabsdiff(w, i, exec, env, *signed),
        Op::R2p { byte } => r2p(w, i, exec, env, *byte),
        Op::P2r { byte } => p2r(w, i, exec, env, *byte),
        Op::Match { all, wide } => matches(w, i, exec, *all, *wide),
        _ => return None,
    })
}

fn sel(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, uniform: bool, float: bool) -> Result<(), Fault> {
    let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
    let p = w.pred_mask(pred_of(i, 3));
    if let (true, false, Operand::Reg(d, _)) = (super::alu::dense(env, exec), uniform, *i.src(0)) {
        // The whole warp: a blend of the two sources by the predicate.
        let row = |s: (super::alu::S, crate::operand::SrcMods)| {
            let v = super::alu::row_of(w, s.0);
            if float && (s.1.neg || s.1.abs) {
                super::alu::map32(&v, |x| super::float_ops::fmods(x, s.1))
            } else {
                v
            }
        };
        let (av, bv) = (row(a), row(b));
        w.set_row(d, exec, &super::alu::gen32(|l| if p >> l & 1 == 1 { av[l] } else { bv[l] }));
        return Ok(());
    }
    for l in lanes(active(exec, uniform)) {
        let s = if p >> l & 1 == 1 { a } else { b };
        // FSEL's `-`/`|x|` act on the sign bit only (no NaN is made canonical).
        let v = if float { super::float_ops::fmods(get(w, s.0, l), s.1) } else { get(w, s.0, l) };
        write_dst(w, i, 0, l, v, uniform)?;
    }
    Ok(())
}

fn unary(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, kind: UnaryKind, uniform: bool) -> Result<(), Fault> {
    let a = src(w, i, 1, env)?;
    for l in lanes(active(exec, uniform)) {
        let x = get(w, a.0, l);
        let x = if a.1.not { !x } else { x };
        let v = match kind {
            UnaryKind::Popc => x.count_ones(),
            UnaryKind::Brev => x.reverse_bits(),
            UnaryKind::Iabs => (x as i32).wrapping_abs() as u32,
            UnaryKind::I2iSat(ty) => {
                let (lo, hi) = [(0, 0xff), (-0x80, 0x7f), (0, 0xffff), (-0x8000, 0x7fff)][usize::from(ty & 3)];
                (x as i32).clamp(lo, hi) as u32
            }
        };
        write_dst(w, i, 0, l, v, uniform)?;
    }
    Ok(())
}

/// The byte PRMT takes for result byte `k` (0 = least significant) from the
/// eight bytes `{c, a}`, under `mode` and selector `sel`.
fn prmt_byte(mode: PrmtMode, sel: u32, k: u32, bytes: &[u8; 8]) -> u8 {
    let s = sel & 3;
    let index = match mode {
        PrmtMode::Index => {
            let nib = (sel >> (4 * k)) & 0xf;
            let byte = bytes[(nib & 7) as usize];
            // Bit 3 of the nibble replicates the chosen byte's sign.
            return if nib & 8 != 0 {
                if byte & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            } else {
                byte
            };
        }
        PrmtMode::F4e => (s + k) & 7,
        PrmtMode::B4e => (s + 8 - k) & 7,
        PrmtMode::Rc8 => s,
        PrmtMode::Ecl => k.max(s),
        PrmtMode::Ecr => k.min(s),
        PrmtMode::Rc16 => (s & 1) * 2 + (k & 1),
    };
    bytes[index as usize]
}

fn prmt(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, mode: PrmtMode, uniform: bool) -> Result<(), Fault> {
    let (a, s, c) = (src(w, i, 1, env)?, src(w, i, 2, env)?, src(w, i, 3, env)?);
    for l in lanes(active(exec, uniform)) {
        let bytes = (u64::from(get(w, c.0, l)) << 32 | u64::from(get(w, a.0, l))).to_le_bytes();
        let sel = get(w, s.0, l);
        let out = (0..4).fold(0u32, |v, k| v | u32::from(prmt_byte(mode, sel, k, &bytes)) << (8 * k));
        write_dst(w, i, 0, l, out, uniform)?;
    }
    Ok(())
}

/// `d = f(a, b)`; a uniform destination (USGXT, UBMSK) is written once.
fn binary(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, f: impl Fn(u32, u32) -> u32) -> Result<(), Fault> {
    let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
    let uniform = matches!(i.src(0), Operand::UReg(..));
    for l in lanes(active(exec, uniform)) {
        let v = f(get(w, a.0, l), get(w, b.0, l));
        write_dst(w, i, 0, l, v, uniform)?;
    }
    Ok(())
}

/// Extend `a` from its low `n` bits; `n` clamped to 32, or wrapped mod 32.
fn sgxt(a: u32, n: u32, signed: bool, wrap: bool) -> u32 {
    let n = if wrap { n & 31 } else { n.min(32) };
    match n {
        0 => 0,
        32 => a,
        n if signed => (((a << (32 - n)) as i32) >> (32 - n)) as u32,
        n => a & ((1 << n) - 1),
    }
}

/// `width` ones from bit `start` up (bits past 31 dropped).
fn bmsk(start: u32, width: u32, wrap: bool) -> u32 {
    let (start, width) = if wrap { (start & 31, width & 31) } else { (start.min(32), width.min(32)) };
    let ones = if width >= 32 { u64::from(u32::MAX) } else { (1u64 << width) - 1 };
    (ones << start) as u32
}

#[allow(clippy::too_many_arguments)]
fn idp(
    w: &mut Warp,
    i: &Instr,
    exec: u32,
    env: &Env<'_>,
    two: bool,
    hi: bool,
    a_signed: bool,
    b_signed: bool,
) -> Result<(), Fault> {
    let (a, b, c) = (src(w, i, 1, env)?, src(w, i, 2, env)?, src(w, i, 3, env)?);
    let ext = |v: u32, bits: u32, signed: bool| -> i64 {
        let v = v & ((1u64 << bits) - 1) as u32;
        if signed && v >> (bits - 1) & 1 == 1 {
            i64::from(v) - (1i64 << bits)
        } else {
            i64::from(v)
        }
    };
    for l in lanes(exec) {
        let (x, y) = (get(w, a.0, l), get(w, b.0, l));
        let cv = get(w, c.0, l);
        let cv = if c.1.neg { cv.wrapping_neg() } else { cv };
        let dot: i64 = if two {
            let base = if hi { 16 } else { 0 };
            (0..2).map(|k| ext(x >> (16 * k), 16, a_signed) * ext(y >> (base + 8 * k), 8, b_signed)).sum()
        } else {
            (0..4).map(|k| ext(x >> (8 * k), 8, a_signed) * ext(y >> (8 * k), 8, b_signed)).sum()
        };
        write_dst(w, i, 0, l, cv.wrapping_add(dot as u32), false)?;
    }
    Ok(())
}

fn vabsdiff(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, signed: bool) -> Result<(), Fault> {
    let (a, b, c) = (src(w, i, 1, env)?, src(w, i, 2, env)?, src(w, i, 3, env)?);
    for l in lanes(exec) {
        let (x, y) = (get(w, a.0, l), get(w, b.0, l));
        let diff = if signed { (x as i32).abs_diff(y as i32) } else { x.abs_diff(y) };
        write_dst(w, i, 0, l, diff.wrapping_add(get(w, c.0, l)), false)?;
    }
    Ok(())
}

fn r2p(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, byte: u8) -> Result<(), Fault> {
    let (a, m) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
    for p in 0..7u8 {
        let (mut lanes_in, mut value) = (0u32, 0u32);
        for l in lanes(exec) {
            if get(w, m.0, l) >> p & 1 == 1 {
                lanes_in |= 1 << l;
                if get(w, a.0, l) >> (8 * u32::from(byte) + u32::from(p)) & 1 == 1 {
                    value |= 1 << l;
                }
            }
        }
        w.set_pred(Pred::p(p, false), lanes_in, value);
    }
    Ok(())
}

/// `P2R`: R2P's inverse, so that a spill and its reload give back each
/// predicate (mask bits 7 and up name no predicate: those bits stay `a`'s).
fn p2r(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, byte: u8) -> Result<(), Fault> {
    let (a, m) = (src(w, i, 2, env)?, src(w, i, 3, env)?);
    let preds: [u32; 7] = std::array::from_fn(|p| w.pred_mask(Pred::p(p as u8, false)));
    for l in lanes(exec) {
        let (mask, mut v) = (get(w, m.0, l) & 0x7f, get(w, a.0, l));
        for (p, &pm) in preds.iter().enumerate() {
            if mask >> p & 1 == 1 {
                let bit = 8 * u32::from(byte) + p as u32;
                v = v & !(1 << bit) | (pm >> l & 1) << bit;
            }
        }
        write_dst(w, i, 0, l, v, false)?;
    }
    Ok(())
}

fn matches(w: &mut Warp, i: &Instr, exec: u32, all: bool, wide: bool) -> Result<(), Fault> {
    let (Operand::Reg(d, _), Operand::Reg(a, _)) = (*i.src(1), *i.src(2)) else {
        return Err(bad(i, "MATCH operands"));
    };
    let value = |w: &Warp, l: usize| if wide { w.r64(a, l) } else { u64::from(w.r(a, l)) };
    let mut same = [0u32; 32];
    for l in lanes(exec) {
        same[l] = lanes(exec).filter(|&m| value(w, m) == value(w, l)).fold(0, |s, m| s | 1 << m);
    }
    let uniform_value = lanes(exec).all(|l| same[l] == exec);
    for l in lanes(exec) {
        let v = match (all, uniform_value) {
            (false, _) => same[l],
            (true, true) => exec,
            (true, false) => 0,
        };
        w.set_r(d, l, v);
    }
    if all {
        let p = pred_of(i, 0);
        w.set_pred(Pred::p(p.index, false), exec, if uniform_value { u32::MAX } else { 0 });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgxt_extends_from_the_given_width() {
        assert_eq!(sgxt(0x80, 8, true, false), 0xffff_ff80);
        assert_eq!(sgxt(0x80, 8, false, false), 0x80);
        assert_eq!(sgxt(0x1ff, 8, false, false), 0xff);
        assert_eq!(sgxt(0xdead_beef, 40, true, false), 0xdead_beef, "clamped to 32");
        assert_eq!(sgxt(0xdead_beef, 40, true, true), 0xffff_ffef, "40 wraps to 8");
        assert_eq!(sgxt(0xffff_ffff, 0, true, false), 0);
    }

    #[test]
    fn bmsk_makes_a_run_of_ones() {
        assert_eq!(bmsk(4, 8, false), 0xff0);
        assert_eq!(bmsk(28, 8, false), 0xf000_0000, "bits past 31 dropped");
        assert_eq!(bmsk(0, 40, false), u32::MAX);
        assert_eq!(bmsk(40, 1, false), 0, "start clamped to 32");
        assert_eq!(bmsk(33, 33, true), 0b10, "both wrap to 1");
    }

    #[test]
    fn prmt_modes_pick_the_documented_bytes() {
        let bytes = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77];
        let word = |mode, sel| (0..4).fold(0u32, |v, k| v | u32::from(prmt_byte(mode, sel, k, &bytes)) << (8 * k));
        assert_eq!(word(PrmtMode::Index, 0x3210), 0x3322_1100);
        assert_eq!(word(PrmtMode::Index, 0x8888), 0, "sign of byte 0 replicated");
        assert_eq!(word(PrmtMode::F4e, 1), 0x4433_2211);
        assert_eq!(word(PrmtMode::B4e, 0), 0x5566_7700);
        assert_eq!(word(PrmtMode::Rc8, 2), 0x2222_2222);
        assert_eq!(word(PrmtMode::Ecl, 1), 0x3322_1111);
        assert_eq!(word(PrmtMode::Ecr, 2), 0x2222_1100);
        assert_eq!(word(PrmtMode::Rc16, 1), 0x3322_3322);
    }
}
