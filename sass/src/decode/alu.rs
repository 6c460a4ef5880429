//! Integer and float ALU operations (and their uniform-datapath twins).

use super::{unsigned, Builder, DecodeError};
use crate::op::{BoolOp, Cmp, ImadKind, Op, Rnd, ShfTy};
use crate::operand::{Operand, SrcMods, RZ};

/// Operations whose bit 7 of the opcode is set run on the uniform datapath.
pub(super) fn uniform(b: &Builder) -> bool {
    b.w.bits(7, 2) == 1 && b.w.bits(0, 9) & 0x100 == 0
}

/// Uniform-datapath operands: UR at 16 (d), 24 (a), 32 (b), 64 (c); forms 1 (reg) and 4 (imm).
fn ubc(
    b: &Builder,
    mn: &'static str,
    neg_b: Option<u32>,
    neg_c: Option<u32>,
) -> Result<(Operand, Operand), DecodeError> {
    let nb = neg_b.is_some_and(|x| b.w.bit(x));
    let nc = neg_c.is_some_and(|x| b.w.bit(x));
    let m = |neg| SrcMods { neg, ..SrcMods::default() };
    let c = Operand::UReg(b.ureg(64), m(nc));
    match b.w.bits(9, 3) {
        1 => Ok((Operand::UReg(b.ureg(32), m(nb)), c)),
        // B the register at 64, C the immediate (UIMAD UR4, UR4, UR5, 0xe).
        2 => Ok((Operand::UReg(b.ureg(64), m(nc)), Operand::Imm(b.w.sbits(32, 32)))),
        4 => Ok((Operand::Imm(b.w.sbits(32, 32)), c)),
        v => Err(b.bad(mn, "uniform form", v)),
    }
}

fn ua(b: &Builder, neg: Option<u32>) -> Operand {
    Operand::UReg(b.ureg(24), SrcMods { neg: neg.is_some_and(|x| b.w.bit(x)), ..SrcMods::default() })
}

pub(super) fn dst(b: &Builder, u: bool) -> Operand {
    if u {
        Operand::ureg(b.ureg(16))
    } else {
        Operand::reg(b.reg(16))
    }
}

pub(super) fn pred(b: &Builder, u: bool, lo: u32, not: Option<u32>) -> Operand {
    Operand::Pred(if u { b.upred(lo, not) } else { b.pred(lo, not) })
}

pub(super) fn sources(
    b: &Builder,
    mn: &'static str,
    u: bool,
    na: Option<u32>,
    nb: Option<u32>,
    nc: Option<u32>,
) -> Result<(Operand, Operand, Operand), DecodeError> {
    if u {
        let (x, y) = ubc(b, mn, nb, nc)?;
        Ok((ua(b, na), x, y))
    } else {
        let (x, y) = b.bc(mn, nb, nc)?;
        Ok((b.a(na), x, y))
    }
}

/// `-x` printed as `~x` (an extended add's negation is a complement).
fn neg_to_not(o: Operand) -> Operand {
    match o {
        Operand::Reg(r, m) if m.neg => Operand::Reg(r, SrcMods { neg: false, not: true, ..m }),
        Operand::UReg(r, m) if m.neg => Operand::UReg(r, SrcMods { neg: false, not: true, ..m }),
        Operand::CBuf(c, m) if m.neg => Operand::CBuf(c, SrcMods { neg: false, not: true, ..m }),
        o => o,
    }
}

fn is_pt(o: &Operand) -> bool {
    matches!(o, Operand::Pred(p) if p.is_true())
}

/// `IADD3 d, p0, p1, a, b, c, cin0, cin1`.
pub(super) fn iadd3(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let x = b.w.bit(74);
    let (a, bb, c) = sources(b, "IADD3", u, Some(72), Some(63), Some(75))?;
    let (a, bb, c) = if x { (neg_to_not(a), neg_to_not(bb), neg_to_not(c)) } else { (a, bb, c) };
    let p0 = pred(b, u, 81, None);
    let p1 = pred(b, u, 84, None);
    let d = dst(b, u);
    b.push(d, true);
    let (s0, s1) = (!is_pt(&p0), !is_pt(&p1));
    b.push(p0, s0);
    b.push(p1, s1);
    b.push(a, true);
    b.push(bb, true);
    b.push(c, true);
    b.push(pred(b, u, 87, Some(90)), x);
    b.push(pred(b, u, 77, Some(80)), x);
    Ok(Op::IAdd3 { x, uniform: u })
}

/// `LOP3.LUT pd, d, a, b, c, lut, pc`.
pub(super) fn lop3(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let (a, bb, c) = sources(b, "LOP3", u, None, None, None)?;
    let (bb, c) = (unsigned(bb), unsigned(c));
    let pd = pred(b, u, 81, None);
    let show_pd = !is_pt(&pd);
    b.push(pd, show_pd);
    b.push(dst(b, u), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(c, true);
    b.push(Operand::Hex(b.w.bits(72, 8)), true);
    b.push(pred(b, u, 87, Some(90)), true);
    Ok(Op::Lop3 { pand: b.w.bit(80), uniform: u })
}

/// `PLOP3.LUT pd, pq, a, b, c, lut, lut2`.
pub(super) fn plop3(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    b.expect("PLOP3", "form", 9, 3, 4)?;
    b.push(pred(b, u, 81, None), true);
    b.push(pred(b, u, 84, None), true);
    b.push(pred(b, u, 87, Some(90)), true);
    b.push(pred(b, u, 77, Some(80)), true);
    // Bit 67 makes the third source a uniform predicate (`UP2`): tinygrad's
    // index guards combine a per-thread predicate with one the compiler kept
    // uniform. (Read as `P2`, a 5-D reflect padding read the wrong guard.)
    let third = match (u, b.w.bit(67)) {
        (false, true) => Operand::Pred(b.upred(68, Some(71))),
        (true, true) => return Err(b.bad("UPLOP3", "bit 67", 1)),
        (_, false) => pred(b, u, 68, Some(71)),
    };
    b.push(third, true);
    // The 8-bit LUT is split: bits 64..67 and 72..77 hold it, 16..24 the second.
    let lut = b.w.bits(64, 3) | (b.w.bits(72, 5) << 3);
    b.push(Operand::Hex(lut), true);
    b.push(Operand::Hex(b.w.bits(16, 8)), true);
    Ok(Op::Plop3 { uniform: u })
}

/// `ISETP.cmp.type.bool pd, pq, a, b, pc[, pex]`.
pub(super) fn isetp(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let bool_op = BoolOp::from_bits(b.w.bits(74, 2)).ok_or_else(|| b.bad("ISETP", "boolean op", 3))?;
    let ex = b.w.bit(72);
    let (a, bb) = if u {
        let (x, _) = ubc(b, "ISETP", None, None)?;
        (ua(b, None), x)
    } else {
        let (x, _) = b.bc("ISETP", None, None)?;
        (b.a(None), x)
    };
    b.push(pred(b, u, 81, None), true);
    b.push(pred(b, u, 84, None), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(pred(b, u, 87, Some(90)), true);
    b.push(pred(b, u, 68, Some(71)), ex);
    Ok(Op::Isetp { cmp: Cmp::from_bits(b.w.bits(76, 3)), signed: b.w.bit(73), bool_op, ex, uniform: u })
}

/// `IMAD`, `IMAD.WIDE`, `IMAD.HI`: operands [d, pcarry, a, b, c, pcin].
pub(super) fn imad(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let kind = match b.w.bits(0, 9) & 0x7f {
        0x024 => ImadKind::Lo,
        0x025 => ImadKind::Wide,
        _ => ImadKind::Hi,
    };
    let signed = b.w.bit(73);
    let x = b.w.bit(74);
    // Only C is ever negated, by the bit of the slot it sits in (63 for
    // bits 32..64, 75 for the register at 64); B never is.
    let (src_a, src_b, src_c) = sources(b, "IMAD", u, None, Some(63), Some(75))?;
    let src_b = match src_b {
        Operand::Reg(r, m) => Operand::Reg(r, SrcMods { neg: false, ..m }),
        Operand::UReg(r, m) => Operand::UReg(r, SrcMods { neg: false, ..m }),
        Operand::CBuf(c, m) => Operand::CBuf(c, SrcMods { neg: false, ..m }),
        o => o,
    };
    // With .X a negated source is complemented (`~R3`): the carry chain supplies the +1.
    let (src_b, src_c) = if x { (neg_to_not(src_b), neg_to_not(src_c)) } else { (src_b, src_c) };
    let pc = pred(b, u, 81, None);
    // nvdisasm names common shapes: `a*b + c` with a = b = RZ, or `a * 1 + RZ`,
    // is a move (not when b or c is a uniform register: forms.tsv), `a * 2^n + RZ`
    // a shift (but not 2^16), `a * 1 + c` an add.
    // (nor when one is a bindless constant, `cx[URn][..]`: forms.tsv)
    let uniform_src =
        |o: &Operand| matches!(o, Operand::UReg(..) | Operand::CBuf(crate::operand::CBuf { ubank: Some(_), .. }, _));
    let c_uniform = uniform_src(&src_c) || uniform_src(&src_b);
    let alias = match (kind, &src_a, &src_b, &src_c) {
        _ if u => None,
        // A zero factor makes the product zero: a move of c.
        (ImadKind::Lo, Operand::Reg(RZ, _), _, _) | (ImadKind::Lo, _, Operand::Reg(RZ, _) | Operand::Imm(0), _)
            if !x && !c_uniform =>
        {
            Some(".MOV")
        }
        (ImadKind::Lo, _, Operand::Imm(1), Operand::Reg(RZ, _)) if !x => Some(".MOV"),
        (ImadKind::Lo, _, Operand::Imm(v), Operand::Reg(RZ, _))
            if !x && *v > 0 && *v != 0x10000 && (*v as u64).is_power_of_two() =>
        {
            Some(".SHL")
        }
        (ImadKind::Lo, _, Operand::Imm(1), _) if !x => Some(".IADD"),
        _ => None,
    };
    // Show the carry-out only when it is used (nvdisasm's .MOV and .SHL
    // never show it).
    b.push(dst(b, u), true);
    // A plain IMAD (UIMAD too) has no carry-out: nvdisasm ignores bits 81..84 there.
    let pc = match (kind, u) {
        (ImadKind::Lo, false) => Operand::Pred(crate::operand::Pred::p(crate::operand::PT, false)),
        (ImadKind::Lo, true) => Operand::Pred(crate::operand::Pred::up(crate::operand::PT, false)),
        _ => pc,
    };
    let show_pc = !is_pt(&pc) && !matches!(alias, Some(".MOV" | ".SHL"));
    b.push(pc, show_pc);
    b.push(src_a, true);
    b.push(src_b, true);
    b.push(src_c, true);
    b.push(pred(b, u, 87, Some(90)), x);
    Ok(Op::Imad { kind, signed, x, alias, uniform: u })
}

/// `LEA[.HI][.X] d, p, a, b, c, shift, pcin`. Form 2 (B a register at
/// 64, C an immediate high word) is `.HI` only: nvdisasm names no
/// operation for it without `.HI` (`LEA.???0`), and ignores bit 73 there
/// (no `.SX32`: the immediate is the high word).
pub(super) fn lea(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let hi = b.w.bit(80);
    let x = b.w.bit(74);
    let imm_hi = !u && b.w.bits(9, 3) == 2;
    if imm_hi && !hi {
        return Err(b.bad("LEA", "form 2 without .HI", 2));
    }
    let sx32 = b.w.bit(73) && !imm_hi;
    if sx32 && !hi {
        return Err(b.bad("LEA", ".SX32 without .HI", 1));
    }
    let (a, bb, c) = sources(b, "LEA", u, Some(72), Some(63), None)?;
    let (bb, c) = (unsigned(bb), unsigned(c));
    // With .X a negated source is complemented (`~R6`): the carry supplies the +1.
    let (a, bb) = if x { (neg_to_not(a), neg_to_not(bb)) } else { (a, bb) };
    b.push(dst(b, u), true);
    let p = pred(b, u, 81, None);
    let sp = !is_pt(&p);
    b.push(p, sp);
    b.push(a, true);
    b.push(bb, true);
    // `.SX32` makes the high word from `a`'s sign: `c` is not shown.
    b.push(c, hi && !sx32);
    b.push(Operand::Hex(b.w.bits(75, 5)), true);
    b.push(pred(b, u, 87, Some(90)), x);
    Ok(Op::Lea { hi, x, sx32, uniform: u })
}

/// `SHF.dir[.W].type[.HI] d, a, b, c`.
pub(super) fn shf(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let (a, bb, c) = sources(b, "SHF", u, None, None, None)?;
    let (bb, c) = (unsigned(bb), unsigned(c));
    let ty = match b.w.bits(73, 2) {
        0 => ShfTy::S64,
        1 => ShfTy::U64,
        2 => ShfTy::S32,
        _ => ShfTy::U32,
    };
    b.push(dst(b, u), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(c, true);
    Ok(Op::Shf { left: !b.w.bit(76), wrap: b.w.bit(75), ty, hi: b.w.bit(80), uniform: u })
}

/// `MOV d, src[, lane mask]`.
pub(super) fn mov(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = uniform(b);
    let src = if u {
        match b.w.bits(9, 3) {
            4 => Operand::Imm(b.w.bits(32, 32) as i64),
            1 | 6 => Operand::ureg(b.ureg(32)),
            v => return Err(b.bad("UMOV", "form", v)),
        }
    } else {
        match b.w.bits(9, 3) {
            1 => Operand::Reg(b.reg(32), SrcMods { reuse: b.reuse(1), ..SrcMods::default() }),
            4 => Operand::Imm(b.w.bits(32, 32) as i64),
            5 => Operand::CBuf(b.cbuf("MOV")?, SrcMods::default()),
            6 => Operand::ureg(b.ureg(32)),
            v => return Err(b.bad("MOV", "form", v)),
        }
    };
    b.push(dst(b, u), true);
    b.push(src, true);
    let mask = b.w.bits(72, 4);
    b.push(Operand::Hex(mask), !u && mask != 0xf);
    Ok(Op::Mov { uniform: u })
}

/// `R2UR URd, Ra`: form 1, the unused predicate destination at 81 must be
/// PT and the fields the corpus never shows set are refused.
pub(super) fn r2ur(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("R2UR", "form", 9, 3, 1)?;
    b.expect("R2UR", "bits 32..64", 32, 32, 0)?;
    b.expect("R2UR", "bits 64..81", 64, 17, 0)?;
    b.expect("R2UR", "predicate destination", 81, 3, 7)?;
    b.expect("R2UR", "bits 84..105", 84, 21, 0)?;
    b.push(Operand::ureg(b.ureg(16)), true);
    b.push(Operand::Reg(b.reg(24), SrcMods { reuse: b.reuse(0), ..SrcMods::default() }), true);
    Ok(Op::R2ur)
}

/// `FFMA[.rnd][.FTZ][.SAT] d, a, b, c`.
pub(super) fn ffma(b: &mut Builder) -> Result<Op, DecodeError> {
    let (bb, c) = b.fbc("FFMA")?;
    b.push(Operand::reg(b.reg(16)), true);
    b.push(b.fa(), true);
    b.push(bb, true);
    b.push(c, true);
    if b.w.bit(76) {
        return Err(b.bad("FFMA", "FMZ", 1));
    }
    Ok(Op::Ffma { ftz: b.w.bit(80), sat: b.w.bit(77), rnd: Rnd::from_bits(b.w.bits(78, 2)) })
}

/// `S2R d, SR` / `S2UR`.
pub(super) fn s2r(b: &mut Builder) -> Result<Op, DecodeError> {
    let u = b.w.bits(0, 9) == 0x1c3;
    let sr = b.w.bits(72, 8) as u16;
    if crate::special::known(sr).is_none() {
        return Err(b.bad("S2R", "special register", sr.into()));
    }
    b.push(dst(b, u), true);
    b.push(Operand::Special(sr), true);
    Ok(Op::S2r { uniform: u, cs64: None })
}

/// `CS2R[.32] d, SR`: form 4, the width at bit 80 (set: 64-bit pair).
pub(super) fn cs2r(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("CS2R", "form", 9, 3, 4)?;
    b.expect("CS2R", "bits 24..72", 24, 48, 0)?;
    b.expect("CS2R", "bits 81..105", 81, 24, 0)?;
    let sr = b.w.bits(72, 8) as u16;
    if crate::special::known(sr).is_none() {
        return Err(b.bad("CS2R", "special register", sr.into()));
    }
    b.push(dst(b, false), true);
    b.push(Operand::Special(sr), true);
    Ok(Op::S2r { uniform: false, cs64: Some(b.w.bit(80)) })
}
