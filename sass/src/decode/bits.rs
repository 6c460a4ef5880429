//! Bit-field, dot-product and warp-matching integer operations, and LEPC.
//!
//! Field positions were read off nvdisasm's answers to single-bit flips of
//! compiled words (see `sass/corpus/bitflip.py`); bits nvdisasm refuses
//! and fields no compiler output sets are refused here too.

use super::{unsigned, Builder, DecodeError};
use crate::op::Op;
use crate::operand::{Operand, SrcMods};

fn d(b: &Builder) -> Operand {
    Operand::reg(b.reg(16))
}

/// The second source of a two-source operation: the B slot of its form.
fn second(b: &Builder, mn: &'static str) -> Result<Operand, DecodeError> {
    let (bb, _) = b.bc(mn, None, None)?;
    Ok(unsigned(bb))
}

/// `SGXT[.W][.U32] d, a, b`: `.U32` when bit 73 is clear, `.W` at 75.
pub(super) fn sgxt(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("SGXT", "bit 72", 72, 1, 0)?;
    b.expect("SGXT", "bit 74", 74, 1, 0)?;
    b.expect("SGXT", "bits 76..91", 76, 15, 0)?;
    binary_operands(b, "SGXT")?;
    Ok(Op::Sgxt { signed: b.w.bit(73), wrap: b.w.bit(75), uniform: super::alu::uniform(b) })
}

/// `d, a, b` of SGXT and BMSK, or of USGXT and UBMSK (opcode | 0x80: all
/// uniform registers, forms 1 and 4).
fn binary_operands(b: &mut Builder, mn: &'static str) -> Result<(), DecodeError> {
    if super::alu::uniform(b) {
        let (a, bb, _) = super::alu::sources(b, mn, true, None, None, None)?;
        b.push(super::alu::dst(b, true), true);
        b.push(a, true);
        b.push(unsigned(bb), true);
    } else {
        let bb = second(b, mn)?;
        b.push(d(b), true);
        b.push(b.a(None), true);
        b.push(bb, true);
    }
    Ok(())
}

/// `BMSK[.W] d, a, b`: `.W` at 75.
pub(super) fn bmsk(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("BMSK", "bits 72..75", 72, 3, 0)?;
    b.expect("BMSK", "bits 76..91", 76, 15, 0)?;
    binary_operands(b, "BMSK")?;
    Ok(Op::Bmsk { wrap: b.w.bit(75), uniform: super::alu::uniform(b) })
}

/// `IDP.4A`/`IDP.2A.{LO,HI}`: `a` signed at 73, `b` signed at 74, `-c` at
/// 75, `.2A` at 76, `.HI` at 77 (`.2A` only).
pub(super) fn idp(b: &mut Builder) -> Result<Op, DecodeError> {
    let two = b.w.bit(76);
    let hi = b.w.bit(77);
    if hi && !two {
        return Err(b.bad("IDP", ".HI without .2A", 1));
    }
    b.expect("IDP", "bit 72", 72, 1, 0)?;
    b.expect("IDP", "bits 78..91", 78, 13, 0)?;
    let (bb, c) = b.bc("IDP", None, Some(75))?;
    b.push(d(b), true);
    b.push(b.a(None), true);
    b.push(unsigned(bb), true);
    b.push(c, true);
    Ok(Op::Idp { two, hi, a_signed: b.w.bit(73), b_signed: b.w.bit(74) })
}

/// `VABSDIFF[.U32] d, [p,] a, b, c`: signed at 73; the predicate
/// destination at 81 must be PT (what it would receive is not known).
pub(super) fn vabsdiff(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("VABSDIFF", "bit 72", 72, 1, 0)?;
    b.expect("VABSDIFF", "bits 74..81", 74, 7, 0)?;
    b.expect("VABSDIFF", "predicate destination", 81, 3, 7)?;
    b.expect("VABSDIFF", "bits 84..91", 84, 7, 0)?;
    let (bb, c) = b.bc("VABSDIFF", None, None)?;
    b.push(d(b), true);
    b.push(b.a(None), true);
    b.push(unsigned(bb), true);
    b.push(unsigned(c), true);
    Ok(Op::Vabsdiff { signed: b.w.bit(73) })
}

/// `PLOP3.LUT p, q, a.SIGN, b.SIGN, c.SIGN, lut, lut2`: the boolean inputs
/// are the sign bits of registers (or a constant); the first LUT at 72..80,
/// the second at 16..24, the destinations at 81 and 84.
pub(super) fn plop3_sign(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("PLOP3", "bits 87..91", 87, 4, 0)?;
    // UPLOP3 (0x09f): the sign bits of uniform registers into uniform predicates.
    let u = super::alu::uniform(b);
    let (a, bb, c) = super::alu::sources(b, "PLOP3", u, None, None, None)?;
    let sign = |o: Operand| match o {
        Operand::Reg(r, m) => Ok(Operand::Reg(r, SrcMods { sign: true, ..m })),
        Operand::CBuf(c, m) => Ok(Operand::CBuf(c, SrcMods { sign: true, ..m })),
        Operand::UReg(r, m) => Ok(Operand::UReg(r, SrcMods { sign: true, ..m })),
        _ => Err(b.bad("PLOP3", "immediate sign source", 0)),
    };
    let (a, bb, c) = (sign(a)?, sign(bb)?, sign(c)?);
    b.push(super::alu::pred(b, u, 81, None), true);
    b.push(super::alu::pred(b, u, 84, None), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(c, true);
    b.push(Operand::Hex(b.w.bits(72, 8)), true);
    b.push(Operand::Hex(b.w.bits(16, 8)), true);
    Ok(Op::Plop3 { uniform: u })
}

/// `R2P PR, a[.Bn], mask`: the byte at 76..78.
pub(super) fn r2p(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("R2P", "bits 16..24", 16, 8, 0)?;
    b.expect("R2P", "bits 72..76", 72, 4, 0)?;
    b.expect("R2P", "bits 78..91", 78, 13, 0)?;
    let mask = second(b, "R2P")?;
    let byte = b.w.bits(76, 2) as u8;
    b.push(Operand::Text("PR"), true);
    b.push(Operand::Reg(b.reg(24), SrcMods { byte, ..SrcMods::default() }), true);
    b.push(mask, true);
    Ok(Op::R2p { byte })
}

/// `P2R[.Bn] d, PR, a, mask`: the byte at 76..78 (as R2P's). nvdisasm
/// ignores the C register (64..72) and bits 72..76 and 78..91; no compiler
/// sets them, so they are refused.
pub(super) fn p2r(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("P2R", "bits 64..76", 64, 12, 0)?;
    b.expect("P2R", "bits 78..91", 78, 13, 0)?;
    // nvdisasm prints the mask signed (`-0x1`), unlike R2P's.
    let (mask, _) = b.bc("P2R", None, None)?;
    b.push(d(b), true);
    b.push(Operand::Text("PR"), true);
    b.push(b.a(None), true);
    b.push(mask, true);
    Ok(Op::P2r { byte: b.w.bits(76, 2) as u8 })
}

/// `MATCH.ANY[.U64] d, a` (bit 79 set) or `MATCH.ALL[.U64] p, d, a`;
/// `.U64` at 73.
pub(super) fn match_(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("MATCH", "form", 9, 3, 1)?;
    b.expect("MATCH", "bits 32..72", 32, 40, 0)?;
    b.expect("MATCH", "bit 72", 72, 1, 0)?;
    b.expect("MATCH", "bits 74..79", 74, 5, 0)?;
    b.expect("MATCH", "bit 80", 80, 1, 0)?;
    b.expect("MATCH", "bits 84..91", 84, 7, 0)?;
    let all = !b.w.bit(79);
    if !all {
        b.expect("MATCH", "predicate of MATCH.ANY", 81, 3, 7)?;
    }
    b.push(Operand::Pred(b.pred(81, None)), all);
    b.push(d(b), true);
    b.push(Operand::reg(b.reg(24)), true);
    Ok(Op::Match { all, wide: b.w.bit(73) })
}

/// `LEPC d`.
pub(super) fn lepc(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("LEPC", "form", 9, 3, 1)?;
    b.expect("LEPC", "bits 24..88", 24, 64, 0)?;
    b.expect("LEPC", "bits 88..91", 88, 3, 0)?;
    b.push(d(b), true);
    Ok(Op::Lepc)
}
