//! 16-bit float and tensor-core operations: `HADD2`, `HMUL2`, `HFMA2`
//! (and `HFMA2.MMA`), `HMNMX2`, `HSETP2`, `HSET2`, `F2FP.PACK_AB`,
//! `F2F.F16.F32`/`.F32.F16`, `HMMA.16816.F32` and `LDSM`.
//!
//! The field layout was read off nvdisasm 13.2 (`-b SM87`) by flipping
//! each bit of corpus words. The paired-half operations share it:
//! - A: the register at 24, `-` at 72, `|x|` at 73, swizzle at 74..76;
//! - the operand in bits 32..64: a register at 32 (or a constant, or two
//!   f16 immediates, by the form at 9..12), `-` at 63, `|x|` at 62,
//!   swizzle at 60..62;
//! - the register at 64: `-` at 84, `|x|` at 83, swizzle at 81..83.
//!
//! Which of those holds B or C depends on the form, and differs between
//! operations (HADD2 puts an immediate B in form 2, HMUL2 in form 4).
//! Bit 91 marks a uniform register in bits 32..64 (forms 6 and 7, where
//! nvdisasm reads one: `HADD2 R3, -RZ.H0_H0, |UR4.H0_H0|`); the other
//! operations refuse it.

use std::fmt;

use super::{Builder, DecodeError};
use crate::half::{HalfBase, HalfSrc, Swizzle};
use crate::op::{BoolOp, FCmp, Half2Kind, Op, Rnd};
use crate::operand::{Addr, AddrWidth, Operand, SrcMods, URZ};

/// Where an operation's B source sits for each form.
#[derive(Clone, Copy)]
enum Slot {
    /// The register at 32.
    Reg32,
    /// The register at 64.
    Reg64,
    /// Two f16 immediates in 32..64.
    Imm,
    /// A constant in 32..64.
    CBuf,
    /// A uniform register at 32 (forms 6 and 7, with bit 91).
    UReg,
}

fn swizzle(b: &Builder, mn: &'static str, v: u64) -> Result<Swizzle, DecodeError> {
    Swizzle::from_bits(v).ok_or_else(|| b.bad(mn, "swizzle", v))
}

/// The A source (register at 24); `mma`: no swizzle (its bits are ignored).
fn src_a(b: &Builder, mn: &'static str, mma: bool) -> Result<Operand, DecodeError> {
    // `HADD2.F32` has no `|x|` on A (nvdisasm ignores bit 73 there).
    let no_abs = b.w.bits(0, 9) == 0x030 && b.w.bit(78);
    let mods = SrcMods { neg: b.w.bit(72), abs: !no_abs && b.w.bit(73), reuse: b.reuse(0), ..SrcMods::default() };
    let swz = if mma { Swizzle::H1H0 } else { swizzle(b, mn, b.w.bits(74, 2))? };
    Ok(Operand::Half(HalfSrc { base: HalfBase::Reg(b.reg(24)), mods, swizzle: swz }))
}

/// Refuse a reuse flag (bits 122..125) nvdisasm refuses: one on an operand
/// slot that holds no register. `regs` has bit `k` set when reuse slot `k`
/// (A, B, C) flags a register.
fn reuse_ok(b: &Builder, mn: &'static str, regs: u64) -> Result<(), DecodeError> {
    let flags = b.w.bits(122, 3);
    if flags & !regs != 0 {
        return Err(b.bad(mn, "reuse flag on a non-register operand", flags));
    }
    Ok(())
}

fn is_reg(s: Slot) -> bool {
    matches!(s, Slot::Reg32 | Slot::Reg64)
}

/// The reuse slots that hold registers, for a two- or three-source form.
fn reg_slots(bs: Slot, cs: Option<Slot>) -> u64 {
    1 | u64::from(is_reg(bs)) << 1 | u64::from(cs.is_some_and(is_reg)) << 2
}

/// `HADD2`, `HSET2` and `HSETP2` flag their B register's reuse in slot C
/// (bit 124), and `HADD2.F32` has no reuse for A: nvdisasm refuses the other
/// flags. (It also prints and accepts reuse flags only with some scheduling
/// bits, which no decoder here models.)
fn b_in_slot_c(b: &Builder) -> bool {
    matches!(b.w.bits(0, 9), 0x030 | 0x033 | 0x034)
}

/// A source in `slot`; `reuse`: its reuse slot; `ext`: a third swizzle bit
/// (HFMA2's B); `mma`: no swizzle.
fn src_at(b: &Builder, mn: &'static str, slot: Slot, reuse: u32, ext: bool, mma: bool) -> Result<Operand, DecodeError> {
    let (base, neg, abs, swz) = match slot {
        Slot::Imm => {
            // bfloat16 lanes print their immediates as bfloat16; HADD2.F32
            // uses (and prints) the low one only.
            let op = b.w.bits(0, 9);
            let bf16 = (op == 0x031 || op == 0x040) && b.w.bit(85);
            let low_only = op == 0x030 && b.w.bit(78);
            let base = HalfBase::Imm { bits: b.w.bits(32, 32) as u32, bf16, low_only };
            return Ok(Operand::Half(HalfSrc { base, mods: SrcMods::default(), swizzle: Swizzle::H1H0 }));
        }
        Slot::Reg32 => (HalfBase::Reg(b.reg(32)), 63, 62, 60),
        Slot::CBuf => (HalfBase::CBuf(b.cbuf(mn)?), 63, 62, 60),
        Slot::UReg => (HalfBase::UReg(b.ureg(32)), 63, 62, 60),
        Slot::Reg64 => (HalfBase::Reg(b.reg(64)), 84, 83, 81),
    };
    let mods = SrcMods {
        neg: b.w.bit(neg),
        abs: b.w.bit(abs),
        reuse: matches!(base, HalfBase::Reg(_)) && b.reuse(reuse),
        ..SrcMods::default()
    };
    let swz =
        if mma { Swizzle::H1H0 } else { swizzle(b, mn, b.w.bits(swz, 2) | if ext && b.w.bit(86) { 4 } else { 0 })? };
    Ok(Operand::Half(HalfSrc { base, mods, swizzle: swz }))
}

/// The paired-half arithmetic and comparisons take a uniform register in
/// their forms 6 and 7 (the shape check ties bit 91 to those forms, and
/// each operation's form table refuses the ones it lacks), LDSM a uniform
/// register in its address; the others refuse bit 91.
fn common(b: &Builder, mn: &'static str) -> Result<(), DecodeError> {
    if matches!(b.w.bits(0, 9), 0x030..=0x035 | 0x03b | 0x03e | 0x040 | 0x104) {
        return Ok(());
    }
    if b.w.bit(91) {
        return Err(b.bad(mn, "uniform constant bank", 1));
    }
    Ok(())
}

/// `HADD2`, `HMUL2`, `HFMA2`, `HFMA2.MMA` (opcodes 0x030, 0x032, 0x031, 0x035).
pub(super) fn half2(b: &mut Builder) -> Result<Op, DecodeError> {
    let (kind, mn) = match b.w.bits(0, 9) {
        0x030 => (Half2Kind::Add, "HADD2"),
        0x032 => (Half2Kind::Mul, "HMUL2"),
        0x031 => (Half2Kind::Fma, "HFMA2"),
        _ => (Half2Kind::FmaMma, "HFMA2.MMA"),
    };
    common(b, mn)?;
    let form = b.w.bits(9, 3);
    let fma = matches!(kind, Half2Kind::Fma | Half2Kind::FmaMma);
    let mma = kind == Half2Kind::FmaMma;
    // (B, C) by form.
    let (bs, cs) = match (kind, form) {
        (Half2Kind::Add | Half2Kind::Mul, 1) => (Slot::Reg32, None),
        (_, 1) => (Slot::Reg32, Some(Slot::Reg64)),
        (Half2Kind::Add, 2) => (Slot::Imm, None),
        (Half2Kind::Add, 3) => (Slot::CBuf, None),
        (Half2Kind::Mul, 4) => (Slot::Imm, None),
        (Half2Kind::Mul, 5) => (Slot::CBuf, None),
        (Half2Kind::Add, 7) => (Slot::UReg, None),
        (Half2Kind::Mul, 6) => (Slot::UReg, None),
        (Half2Kind::Fma | Half2Kind::FmaMma, 6) => (Slot::UReg, Some(Slot::Reg64)),
        (Half2Kind::Fma | Half2Kind::FmaMma, 7) => (Slot::Reg64, Some(Slot::UReg)),
        (Half2Kind::Fma | Half2Kind::FmaMma, 2) => (Slot::Reg64, Some(Slot::Imm)),
        (Half2Kind::Fma | Half2Kind::FmaMma, 3) => (Slot::Reg64, Some(Slot::CBuf)),
        (Half2Kind::Fma | Half2Kind::FmaMma, 4) => (Slot::Imm, Some(Slot::Reg64)),
        (Half2Kind::Fma | Half2Kind::FmaMma, 5) => (Slot::CBuf, Some(Slot::Reg64)),
        _ => return Err(b.bad(mn, "form", form)),
    };
    // Modifiers: 76 FMZ (not HADD2), 77 SAT, 78 F32 (not .MMA), 79 RELU
    // (HFMA2 only), 80 FTZ, 85 BF16_V2 (HFMA2 only). FMZ with FTZ is
    // invalid, as are BF16_V2 with F32 and SAT with RELU (nvdisasm
    // refuses that one).
    let fmz = kind != Half2Kind::Add && b.w.bit(76);
    let ftz = b.w.bit(80);
    let f32_out = !mma && b.w.bit(78);
    let bf16 = kind == Half2Kind::Fma && b.w.bit(85);
    let relu = fma && b.w.bit(79);
    // With `.RELU` nvdisasm prints a predicate operand (bits 87..91) unless
    // it is PT; what it selects is not known, so any other is refused.
    if relu && b.w.bits(87, 4) != 7 {
        return Err(b.bad(mn, "RELU predicate", b.w.bits(87, 4)));
    }
    if relu && b.w.bit(77) {
        return Err(b.bad(mn, "SAT with RELU", 1));
    }
    if fmz && ftz {
        return Err(b.bad(mn, "FMZ with FTZ", 1));
    }
    if bf16 && f32_out {
        return Err(b.bad(mn, "BF16_V2 with F32", 1));
    }
    let bslot = if b_in_slot_c(b) { 2 } else { 1 };
    let regs = if b_in_slot_c(b) { u64::from(!f32_out) | u64::from(is_reg(bs)) << 2 } else { reg_slots(bs, cs) };
    reuse_ok(b, mn, regs)?;
    let a = src_a(b, mn, mma)?;
    let bb = src_at(b, mn, bs, bslot, kind == Half2Kind::Fma, mma)?;
    b.push(Operand::reg(b.reg(16)), true);
    b.push(a, true);
    b.push(bb, true);
    if let Some(cs) = cs {
        let c = src_at(b, mn, cs, 2, false, mma)?;
        b.push(c, true);
    }
    Ok(Op::Half2 { kind, bf16, f32_out, ftz, fmz, sat: b.w.bit(77), relu })
}

/// The B source of the two-source comparisons and HMNMX2.
fn b_two(b: &Builder, mn: &'static str, imm_form: u64) -> Result<Operand, DecodeError> {
    let form = b.w.bits(9, 3);
    let slot = match form {
        1 => Slot::Reg32,
        f if f == imm_form => Slot::Imm,
        f if f == imm_form + 1 => Slot::CBuf,
        // The uniform-register form: 7 where the immediate's is 2, else 6.
        f if f == if imm_form == 2 { 7 } else { 6 } => Slot::UReg,
        f => return Err(b.bad(mn, "form", f)),
    };
    if b_in_slot_c(b) {
        reuse_ok(b, mn, 1 | u64::from(is_reg(slot)) << 2)?;
        src_at(b, mn, slot, 2, false, false)
    } else {
        reuse_ok(b, mn, reg_slots(slot, None))?;
        src_at(b, mn, slot, 1, false, false)
    }
}

/// `HMNMX2 d, a, b, p` (opcode 0x040).
pub(super) fn hmnmx2(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "HMNMX2";
    common(b, mn)?;
    let (bf16, f32_out) = (b.w.bit(85), b.w.bit(78));
    if bf16 && f32_out {
        return Err(b.bad(mn, "BF16_V2 with F32", 1));
    }
    let a = src_a(b, mn, false)?;
    let bb = b_two(b, mn, 4)?;
    b.push(Operand::reg(b.reg(16)), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Hmnmx2 { bf16, ftz: b.w.bit(80), nan: b.w.bit(81), xorsign: b.w.bit(82), f32_out })
}

fn bool_op(b: &Builder, mn: &'static str) -> Result<BoolOp, DecodeError> {
    BoolOp::from_bits(b.w.bits(69, 2)).ok_or_else(|| b.bad(mn, "boolean op", 3))
}

/// `HSETP2` (opcode 0x034).
pub(super) fn hsetp2(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "HSETP2";
    common(b, mn)?;
    let bool_op = bool_op(b, mn)?;
    let a = src_a(b, mn, false)?;
    let bb = b_two(b, mn, 2)?;
    b.push(Operand::Pred(b.pred(81, None)), true);
    b.push(Operand::Pred(b.pred(84, None)), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Hsetp2 { cmp: FCmp::from_bits(b.w.bits(76, 4)), h_and: b.w.bit(71), ftz: b.w.bit(80), bool_op })
}

/// `HSET2` (opcode 0x033).
pub(super) fn hset2(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "HSET2";
    common(b, mn)?;
    let bool_op = bool_op(b, mn)?;
    let a = src_a(b, mn, false)?;
    let bb = b_two(b, mn, 2)?;
    b.push(Operand::reg(b.reg(16)), true);
    b.push(a, true);
    b.push(bb, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Hset2 { cmp: FCmp::from_bits(b.w.bits(76, 4)), bf: b.w.bit(71), ftz: b.w.bit(80), bool_op })
}

/// A conversion's f32 source in bits 32..64: register (form 1), f32
/// immediate (form 4) or constant (form 5); `mods`: `-`/`|x|` at 63/62.
fn cvt_src(b: &Builder, mn: &'static str, mods: bool) -> Result<Operand, DecodeError> {
    let m = SrcMods { neg: mods && b.w.bit(63), abs: mods && b.w.bit(62), ..SrcMods::default() };
    let form = b.w.bits(9, 3);
    // F2FP reads a register A (reuse slot 0); F2F has none.
    let a = u64::from(b.w.bits(0, 9) == 0x03e);
    reuse_ok(b, mn, a | if form == 1 { 2 } else { 0 })?;
    Ok(match form {
        1 => Operand::Reg(b.reg(32), SrcMods { reuse: b.reuse(1), ..m }),
        4 => Operand::F32(b.w.bits(32, 32) as u32, SrcMods::default()),
        5 => Operand::CBuf(b.cbuf(mn)?, m),
        6 => Operand::UReg(b.ureg(32), m),
        f => return Err(b.bad(mn, "form", f)),
    })
}

/// `F2FP[.RELU][.BF16].PACK_AB[.RZ] d, a, b` and `F2FP[.RELU][.BF16].MERGE_C[.RZ] d, b, c`
/// (opcode 0x03e; `.RELU` at 75, `.BF16` at 76, `.MERGE_C` at 78), `.MERGE_C`
/// also with C an immediate, constant or uniform register (forms 2, 3, 7).
/// `.SATFINITE` and the stochastic rounding of bit 81 are refused.
pub(super) fn f2fp(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "F2FP";
    common(b, mn)?;
    for (bit, what) in [(77, "SATFINITE"), (81, "RS"), (86, "bit 86")] {
        if b.w.bit(bit) {
            return Err(b.bad(mn, what, 1));
        }
    }
    let rnd = match b.w.bits(79, 2) {
        0 => Rnd::Rn,
        3 => Rnd::Rz,
        v => return Err(b.bad(mn, "rounding", v)),
    };
    let merge = b.w.bit(78);
    let form = b.w.bits(9, 3);
    if matches!(form, 2 | 3 | 7) {
        // Forms 2, 3 and 7 move B's register to 64 and put C at 32: an f32
        // immediate (2), a constant (3) or a uniform register (7, bit 91).
        // nvdisasm names them only with `.MERGE_C` (`F2FP.???0` without),
        // and shows no reuse flag in them: a set one is refused.
        if !merge {
            return Err(b.bad(mn, "form without .MERGE_C", form));
        }
        reuse_ok(b, mn, 0)?;
        let c = match form {
            2 => Operand::F32(b.w.bits(32, 32) as u32, SrcMods::default()),
            3 => Operand::CBuf(b.cbuf(mn)?, SrcMods::default()),
            _ => Operand::UReg(b.ureg(32), SrcMods::default()),
        };
        b.push(Operand::reg(b.reg(16)), true);
        b.push(Operand::reg(b.reg(64)), true);
        b.push(c, true);
        return Ok(Op::F2fp { bf16: b.w.bit(76), rnd, relu: b.w.bit(75), merge });
    }
    if merge {
        // `.MERGE_C d, b, c`: nvdisasm prints no A (bits 24..32), and the
        // reuse flags of A and C are refused (not seen in compiled code).
        reuse_ok(b, mn, if form == 1 { 2 } else { 0 })?;
    }
    let bb = cvt_src(b, mn, false)?;
    b.push(Operand::reg(b.reg(16)), true);
    if merge {
        b.push(bb, true);
        b.push(Operand::reg(b.reg(64)), true);
    } else {
        b.push(Operand::Reg(b.reg(24), SrcMods { reuse: b.reuse(0), ..SrcMods::default() }), true);
        b.push(bb, true);
    }
    Ok(Op::F2fp { bf16: b.w.bit(76), rnd, relu: b.w.bit(75), merge })
}

/// `F2F[.FTZ].F16.F32`, `.BF16.F32` and `.F32.F16` (opcode 0x104): the
/// result type at 75..78 (1: f16, 2: f32, 4: bf16) and the source's at
/// 84..87 (1: f16, 2: f32).
pub(super) fn f2f16(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "F2F";
    common(b, mn)?;
    let (to_f16, bf16) = match (b.w.bits(75, 3), b.w.bits(84, 3)) {
        (1, 2) => (true, false),
        (4, 2) => (true, true),
        (2, 1) => (false, false),
        (d, s) => return Err(b.bad(mn, "sizes", d << 4 | s)),
    };
    let src = cvt_src(b, mn, true)?;
    b.push(Operand::reg(b.reg(16)), true);
    b.push(src, true);
    Ok(Op::F2fHalf { to_f16, bf16, rnd: Rnd::from_bits(b.w.bits(78, 2)), ftz: b.w.bit(80) })
}

/// `HMMA.16816.F32[.BF16] d, a, b, c` (opcode 0x03c, form 1). The sparse
/// (`.SP`), m16n8k8 and f16-accumulator variants and a uniform predicate
/// other than `UPT` are refused.
pub(super) fn hmma(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "HMMA";
    common(b, mn)?;
    b.expect(mn, "form", 9, 3, 1)?;
    b.expect(mn, "sparse", 73, 1, 0)?;
    b.expect(mn, "shape", 75, 1, 1)?;
    b.expect(mn, "accumulator type", 76, 1, 1)?;
    b.expect(mn, "bit 78", 78, 1, 0)?;
    b.expect(mn, "bit 83", 83, 1, 0)?;
    // The uniform predicate's index is stored inverted (0: UPT).
    b.expect(mn, "uniform predicate", 87, 4, 0)?;
    let r = |lo: u32, neg: Option<u32>, slot: u32| {
        Operand::Reg(
            b.reg(lo),
            SrcMods { neg: neg.is_some_and(|n| b.w.bit(n)), reuse: b.reuse(slot), ..SrcMods::default() },
        )
    };
    let ops = [Operand::reg(b.reg(16)), r(24, Some(72), 0), r(32, Some(63), 1), r(64, None, 2)];
    for o in ops {
        b.push(o, true);
    }
    Ok(Op::Hmma { bf16: b.w.bit(82) })
}

/// `LDSM.16.{M88,MT88}[.2|.4] d, [Ra+imm]` (opcode 0x03b, form 4; a signed 24-bit offset). The
/// uniform-register address (bit 91) and `.M816` are refused.
pub(super) fn ldsm(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "LDSM";
    common(b, mn)?;
    b.expect(mn, "form", 9, 3, 4)?;
    b.expect(mn, "bits 75..78", 75, 3, 0)?;
    let count = match b.w.bits(72, 2) {
        0 => 1,
        1 => 2,
        2 => 4,
        v => return Err(b.bad(mn, "count", v)),
    };
    let trans = match b.w.bits(78, 2) {
        0 => false,
        1 => true,
        v => return Err(b.bad(mn, "layout", v)),
    };
    // Bit 91 adds the uniform register at 32 (`[R7+UR5]`, `[URZ]`).
    let uniform = b.w.bit(91);
    let addr = Addr {
        base: b.reg(24),
        width: AddrWidth::W32,
        ubase: if uniform { b.ureg(32) } else { URZ },
        offset: b.w.sbits(40, 24) as i32,
        reuse: b.reuse(0),
        uniform_form: uniform,
    };
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::Mem(addr), true);
    Ok(Op::Ldsm { count, trans })
}

/// The mnemonic with its modifiers, as nvdisasm prints it.
pub(crate) fn render(op: &Op, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let flag = |on: bool, s: &'static str| if on { s } else { "" };
    match op {
        Op::Half2 { kind, bf16, f32_out, ftz, fmz, sat, relu } => write!(
            f,
            "{}{}{}{}{}{}{}",
            match kind {
                Half2Kind::Add => "HADD2",
                Half2Kind::Mul => "HMUL2",
                Half2Kind::Fma => "HFMA2",
                Half2Kind::FmaMma => "HFMA2.MMA",
            },
            flag(*bf16, ".BF16_V2"),
            flag(*f32_out, ".F32"),
            flag(*fmz, ".FMZ"),
            flag(*ftz, ".FTZ"),
            flag(*sat, ".SAT"),
            flag(*relu, ".RELU"),
        ),
        Op::Hmnmx2 { bf16, ftz, nan, xorsign, f32_out } => write!(
            f,
            "HMNMX2{}{}{}{}{}",
            flag(*bf16, ".BF16_V2"),
            flag(*f32_out, ".F32"),
            flag(*ftz, ".FTZ"),
            flag(*nan, ".NAN"),
            flag(*xorsign, ".XORSIGN")
        ),
        Op::Hsetp2 { cmp, h_and, ftz, bool_op } => {
            write!(f, "HSETP2.{}{}{}.{}", cmp.text(), flag(*h_and, ".H_AND"), flag(*ftz, ".FTZ"), bool_op.text())
        }
        Op::Hset2 { cmp, bf, ftz, bool_op } => {
            write!(f, "HSET2{}.{}{}.{}", flag(*bf, ".BF"), cmp.text(), flag(*ftz, ".FTZ"), bool_op.text())
        }
        Op::F2fp { bf16, rnd, relu, merge } => write!(
            f,
            "F2FP{}{}{}{}",
            flag(*relu, ".RELU"),
            flag(*bf16, ".BF16"),
            if *merge { ".MERGE_C" } else { ".PACK_AB" },
            rnd.text()
        ),
        Op::F2fHalf { to_f16, bf16, rnd, ftz } => {
            let sizes = match (to_f16, bf16) {
                (true, true) => ".BF16.F32",
                (true, false) => ".F16.F32",
                _ => ".F32.F16",
            };
            write!(f, "F2F{}{sizes}{}", flag(*ftz, ".FTZ"), rnd.text())
        }
        Op::Hmma { bf16 } => write!(f, "HMMA.16816.F32{}", flag(*bf16, ".BF16")),
        Op::Ldsm { count, trans } => write!(
            f,
            "LDSM.16.{}{}",
            if *trans { "MT88" } else { "M88" },
            match count {
                2 => ".2",
                4 => ".4",
                _ => "",
            }
        ),
        _ => Err(fmt::Error),
    }
}
