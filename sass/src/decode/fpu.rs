//! Float, double and conversion operations.

use super::{unsigned, Builder, DecodeError, Form};
use crate::op::{BoolOp, FCmp, Mufu, Op, PrmtMode, Rnd, UnaryKind};
use crate::operand::{Operand, SrcMods};

fn rnd(b: &Builder) -> Rnd {
    Rnd::from_bits(b.w.bits(78, 2))
}

fn d(b: &Builder) -> Operand {
    Operand::reg(b.reg(16))
}

/// The one source of a unary operation: the B slot (register at 32,
/// immediate, constant or uniform register), with `-`/`|x|` at 63/62 on a register.
fn unary_src(b: &Builder, mn: &'static str, float: bool) -> Result<Operand, DecodeError> {
    let m = SrcMods { neg: float && b.w.bit(63), abs: float && b.w.bit(62), reuse: b.reuse(1), ..SrcMods::default() };
    Ok(match b.form(mn)? {
        Form::RegReg => Operand::Reg(b.reg(32), m),
        Form::ImmReg => {
            if float {
                Operand::F32(b.w.bits(32, 32) as u32, SrcMods::default())
            } else {
                Operand::Imm(b.w.bits(32, 32) as i64)
            }
        }
        Form::CbufReg => Operand::CBuf(b.cbuf(mn)?, SrcMods { reuse: false, ..m }),
        Form::URegReg => Operand::UReg(b.ureg(32), SrcMods { reuse: false, ..m }),
        f => return Err(b.bad(mn, "form", f as u64)),
    })
}

/// The conversions' source (bits 84..86) and result (75..77) sizes by
/// opcode: the pairs compiled code uses (1: 16 bits, 2: 32, 3: 64; 0: 8
/// for integers); others are refused (the 32-bit opcodes take no 64-bit
/// size, and F2F.F64.F64 is FRND's).
fn sizes_seen(b: &Builder, mn: &'static str) -> Result<(), DecodeError> {
    // F2F's size fields are two bits wide (F2I's bit 77 is `.NTZ`).
    if mn == "F2F" && (b.w.bit(77) || b.w.bit(86)) {
        return Err(b.bad(mn, "size fields", b.w.bits(84, 3) << 3 | b.w.bits(75, 3)));
    }
    let pair = (b.w.bits(84, 2), b.w.bits(75, 2));
    let ok = match b.w.bits(0, 9) {
        // F2I from f32 or f16 (`.F16`) to 32 bits, or to 8 or 16 (result size 0, 1).
        0x105 => matches!(pair, (2, 0..=2) | (1, 0..=2)),
        // I2F from 32, 8 or 16 bits, to f32 or to f16 (result size 1).
        0x106 => matches!(pair, (0..=2, 1..=2)),
        // FRND and FRND.F16 (`cvt.rni.f16.f16`).
        0x107 => matches!(pair, (2, 2) | (1, 1)),
        // FRND.F64 has an opcode of its own; nvdisasm prints other sizes as `.???`.
        0x113 => pair == (3, 3),
        // F2F between f64 and f32 or f16 (`cvt.f16.f64`, `cvt.f64.f16`).
        0x110 => matches!(pair, (3, 2) | (2, 3) | (3, 1) | (1, 3)),
        // F2I with a 64-bit side: from f64 to 8..64 bits, or to 64 from f32 or f16.
        0x111 => matches!(pair, (2, 3) | (3, 0..=3) | (1, 3)),
        0x112 => matches!(pair, (2, 3) | (3, 2) | (3, 3) | (0, 3) | (1, 3) | (3, 1)),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(b.bad(mn, "source and result sizes", pair.0 << 2 | pair.1))
    }
}

/// The source of a conversion from 8 or 16 bits: a register, or for 16
/// bits a constant (nvdisasm refuses an 8-bit immediate), with the part it
/// reads at 60..62: `.B0`..`.B3` for 8 bits, `.H0`/`.H1` for 16 (2 and 3
/// print as `.INVALID`). `src` is `unary_src`'s.
fn small_src(b: &Builder, mn: &'static str, bits: u8, src: Operand) -> Result<Operand, DecodeError> {
    let part = b.w.bits(60, 2) as u8;
    match (src, bits) {
        (Operand::Reg(r, m), 8) => Ok(Operand::Reg(r, SrcMods { byte: part, ..m })),
        (Operand::Reg(r, m), _) if part < 2 => Ok(Operand::Reg(r, SrcMods { h1: part == 1, ..m })),
        (Operand::Reg(..), _) => Err(b.bad(mn, "half selector", u64::from(part))),
        // A uniform register takes the same selectors (`UR6.B1`, `UR6.H1`).
        (Operand::UReg(r, m), 8) => Ok(Operand::UReg(r, SrcMods { byte: part, ..m })),
        (Operand::UReg(r, m), _) if part < 2 => Ok(Operand::UReg(r, SrcMods { h1: part == 1, ..m })),
        // `cvt.rzi.s32.f16` of a kernel parameter: `F2I.F16.NTZ R15, c[0x0][0x18c]`
        // (nvdisasm's listing prints a space between the brackets; its JSON does not).
        (Operand::CBuf(c, m), 16) if part < 2 => Ok(Operand::CBuf(c, SrcMods { h1: part == 1, ..m })),
        _ => Err(b.bad(mn, "form of an 8- or 16-bit source", b.w.bits(9, 3))),
    }
}

/// POPC and FLO take `~x` from bit 63 on a register, constant or uniform
/// source (an immediate's bit 63 is data).
fn not63(b: &Builder, o: Operand) -> Operand {
    let not = b.w.bit(63);
    match o {
        Operand::Reg(r, m) => Operand::Reg(r, SrcMods { not, ..m }),
        Operand::CBuf(c, m) => Operand::CBuf(c, SrcMods { not, ..m }),
        Operand::UReg(r, m) => Operand::UReg(r, SrcMods { not, ..m }),
        o => o,
    }
}

/// The B source of a double operation: a register, or an f64 whose top 32 bits are the immediate.
fn f64_imm(o: Operand) -> Operand {
    match o {
        Operand::F32(bits, m) => Operand::F64(u64::from(bits) << 32, m),
        o => o,
    }
}

/// `FADD d, a, b`.
pub(super) fn fadd(b: &mut Builder) -> Result<Op, DecodeError> {
    // The addend is whatever sits in bits 32..64: a register (form 1), an
    // immediate (forms 2 and 4), a constant or a uniform register.
    let (x, y) = b.fbc("FADD")?;
    let bb = match b.form("FADD")? {
        Form::RegImm | Form::RegCbuf | Form::RegUReg => y,
        // The addend feeds the C port: its reuse flag is slot 2's.
        Form::RegReg => match x {
            Operand::Reg(r, m) => Operand::Reg(r, SrcMods { reuse: b.reuse(2), ..m }),
            o => o,
        },
        _ => x,
    };
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(bb, true);
    Ok(Op::Fadd { ftz: b.w.bit(80), sat: b.w.bit(77), rnd: rnd(b) })
}

/// `FMUL d, a, b`.
pub(super) fn fmul(b: &mut Builder) -> Result<Op, DecodeError> {
    // The scale at 84..87: 1..3 `.D8`..`.D2`, 4 none, 5..7 `.M2`..`.M8`
    // (ptxas folds `(a * b) * 4` into `.M4`); nvdisasm prints 0 as `.INVALID0`.
    let scale = match b.w.bits(84, 3) {
        0 => return Err(b.bad("FMUL", "scale", 0)),
        v => v as i8 - 4,
    };
    // `.FMZ` (0 × anything is 0) is not modelled.
    b.expect("FMUL", ".FMZ", 76, 1, 0)?;
    let (bb, _) = b.fbc("FMUL")?;
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(bb, true);
    Ok(Op::Fmul { ftz: b.w.bit(80), sat: b.w.bit(77), rnd: rnd(b), scale })
}

/// `FMNMX d, a, b, p`.
pub(super) fn fmnmx(b: &mut Builder) -> Result<Op, DecodeError> {
    // `.NAN` at 81, `.XORSIGN` at 82.
    let (bb, _) = b.fbc("FMNMX")?;
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(bb, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Fmnmx { ftz: b.w.bit(80), nan: b.w.bit(81), xorsign: b.w.bit(82) })
}

/// `FSETP`/`DSETP`.
pub(super) fn fsetp(b: &mut Builder) -> Result<Op, DecodeError> {
    let double = b.w.bits(0, 9) == 0x02a;
    let mn = if double { "DSETP" } else { "FSETP" };
    let bool_op = BoolOp::from_bits(b.w.bits(74, 2)).ok_or_else(|| b.bad(mn, "boolean op", 3))?;
    let (x, y) = b.fbc(mn)?;
    // The second source is whatever sits in bits 32..64 (as for FADD).
    let bb = match b.form(mn)? {
        Form::RegImm | Form::RegCbuf | Form::RegUReg => y,
        // DSETP's second register feeds the C port: its reuse flag is slot
        // 2's (nvdisasm refuses slot 1's there, and prints slot 2's on it).
        Form::RegReg if double => match x {
            Operand::Reg(r, m) => Operand::Reg(r, SrcMods { reuse: b.reuse(2), ..m }),
            o => o,
        },
        _ => x,
    };
    b.push(Operand::Pred(b.pred(81, None)), true);
    b.push(Operand::Pred(b.pred(84, None)), true);
    b.push(b.fa(), true);
    b.push(if double { f64_imm(bb) } else { bb }, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    // DSETP has no `.FTZ`: nvdisasm ignores bit 80 there, and so does the model.
    Ok(Op::Fsetp { cmp: FCmp::from_bits(b.w.bits(76, 4)), ftz: !double && b.w.bit(80), bool_op, double })
}

/// `FSET.BF.cmp[.FTZ].bool d, a, b, pc`: FSETP's fields (compare at 76,
/// bool op at 74, `.FTZ` at 80, `pc` at 87) with a register result; the
/// opcode has no integer-result form on this target (nvdisasm prints
/// `.BF` whatever the bits). Bits nvdisasm ignores (the C register at
/// 64..72 and 81..87, FSETP's predicate results) are refused unless clear.
pub(super) fn fset(b: &mut Builder) -> Result<Op, DecodeError> {
    let bool_op = BoolOp::from_bits(b.w.bits(74, 2)).ok_or_else(|| b.bad("FSET", "boolean op", 3))?;
    b.expect("FSET", "bits 64..72", 64, 8, 0)?;
    b.expect("FSET", "bits 81..87", 81, 6, 0)?;
    let (x, _) = b.fbc("FSET")?;
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(x, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Fset { cmp: FCmp::from_bits(b.w.bits(76, 4)), ftz: b.w.bit(80), bool_op })
}

/// `SEL`/`FSEL d, a, b, p`.
pub(super) fn sel(b: &mut Builder) -> Result<Op, DecodeError> {
    let float = b.w.bits(0, 9) == 0x008;
    let u = super::alu::uniform(b);
    if u {
        let (a, bb, _) = super::alu::sources(b, "USEL", true, None, None, None)?;
        b.push(super::alu::dst(b, true), true);
        b.push(a, true);
        b.push(unsigned(bb), true);
        b.push(super::alu::pred(b, true, 87, Some(90)), true);
        return Ok(Op::Sel { float, uniform: true });
    }
    let bb = if float {
        // `.FTZ` (bit 80): what FSEL would flush is not known; no compiler
        // was seen to set it (operand_forms.tsv).
        b.expect("FSEL", ".FTZ", 80, 1, 0)?;
        // FSEL's second source takes `-` at 63 and `|x|` at 62.
        b.fbc("FSEL")?.0
    } else {
        unsigned(b.bc("SEL", None, None)?.0)
    };
    b.push(d(b), true);
    b.push(if float { b.fa() } else { b.a(None) }, true);
    b.push(bb, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Sel { float, uniform: false })
}

/// `IMNMX[.U32] d, a, b, p`.
pub(super) fn imnmx(b: &mut Builder) -> Result<Op, DecodeError> {
    let (bb, _) = b.bc("IMNMX", None, None)?;
    b.push(d(b), true);
    b.push(b.a(None), true);
    b.push(bb, true);
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Imnmx { signed: b.w.bit(73) })
}

/// `MUFU.fn d, a`.
pub(super) fn mufu(b: &mut Builder) -> Result<Op, DecodeError> {
    use Mufu::*;
    let func = match b.w.bits(74, 4) {
        0 => Cos,
        1 => Sin,
        2 => Ex2,
        3 => Lg2,
        4 => Rcp,
        5 => Rsq,
        6 => Rcp64h,
        7 => Rsq64h,
        8 => Sqrt,
        9 => Tanh,
        v => return Err(b.bad("MUFU", "function", v)),
    };
    if b.w.bit(73) {
        return Err(b.bad("MUFU", "F16", 1));
    }
    let src = unary_src(b, "MUFU", true)?;
    b.push(d(b), true);
    b.push(src, true);
    Ok(Op::Mufu { func })
}

/// `POPC`, `BREV`, `IABS`.
pub(super) fn unary(b: &mut Builder) -> Result<Op, DecodeError> {
    let kind = match b.w.bits(0, 9) {
        0x109 | 0x0bf => UnaryKind::Popc,
        0x101 | 0x0be => UnaryKind::Brev,
        0x038 => {
            // I2I: only the result type (76..78) varies; nvdisasm ignores
            // the other bits, which compiled code leaves clear.
            b.expect("I2I", "bits 24..32", 24, 8, 0)?;
            b.expect("I2I", "bits 64..76", 64, 12, 0)?;
            b.expect("I2I", "bits 78..91", 78, 13, 0)?;
            if b.w.bits(9, 3) != 5 {
                b.expect("I2I", "bits 40..64", 40, 24, 0)?;
            }
            UnaryKind::I2iSat(b.w.bits(76, 2) as u8)
        }
        _ => UnaryKind::Iabs,
    };
    if b.w.bits(0, 9) & 0x180 == 0x080 {
        // UPOPC/UBREV URd, URb (form 1) or URd, imm32 (form 4, printed unsigned).
        b.expect("UPOPC", "bits 24..32", 24, 8, 0)?;
        b.expect("UPOPC", "bits 64..91", 64, 27, 0)?;
        // UPOPC's source may be inverted (`~UR5`, bit 63); UBREV has no `~`.
        let src = uniform_unary_src(b, "UPOPC", kind == UnaryKind::Popc)?;
        b.push(Operand::ureg(b.ureg(16)), true);
        b.push(src, true);
        return Ok(Op::Unary { kind, uniform: true });
    }
    let mn = match kind {
        UnaryKind::Popc => "POPC",
        UnaryKind::Brev => "BREV",
        UnaryKind::Iabs => "IABS",
        UnaryKind::I2iSat(_) => "I2I",
    };
    // nvdisasm prints IABS's immediate signed (`IABS R12, -0x5`).
    let src = match unary_src(b, mn, false)? {
        Operand::Imm(v) if kind == UnaryKind::Iabs => Operand::Imm(i64::from(v as i32)),
        src => unsigned(src),
    };
    let src = if kind == UnaryKind::Popc { not63(b, src) } else { src };
    b.push(d(b), true);
    b.push(src, true);
    Ok(Op::Unary { kind, uniform: false })
}

/// The source of a uniform unary operation: URb at 32 (form 1, bits 38..63
/// clear; bit 63 the `~` where `tilde` says the operation has one, as
/// nvdisasm prints `UFLO.U32.SH UR5, ~UR5` and `UPOPC UR5, ~UR5`) or an
/// immediate printed unsigned (form 4).
fn uniform_unary_src(b: &Builder, mn: &'static str, tilde: bool) -> Result<Operand, DecodeError> {
    match b.w.bits(9, 3) {
        1 if tilde => {
            b.expect(mn, "bits 38..63", 38, 25, 0)?;
            Ok(not63(b, Operand::ureg(b.ureg(32))))
        }
        1 => {
            b.expect(mn, "bits 38..64", 38, 26, 0)?;
            Ok(Operand::ureg(b.ureg(32)))
        }
        4 => Ok(Operand::Imm(b.w.bits(32, 32) as i64)),
        v => Err(b.bad(mn, "form", v)),
    }
}

/// `FLO[.U32][.SH] d, [p,] a` and `UFLO`.
pub(super) fn flo(b: &mut Builder) -> Result<Op, DecodeError> {
    let uniform = b.w.bits(0, 9) == 0x0bd;
    let (dst, src, p) = if uniform {
        (Operand::ureg(b.ureg(16)), uniform_unary_src(b, "UFLO", true)?, Operand::Pred(b.upred(81, None)))
    } else {
        (d(b), not63(b, unsigned(unary_src(b, "FLO", false)?)), Operand::Pred(b.pred(81, None)))
    };
    let show_p = !matches!(p, Operand::Pred(q) if q.is_true());
    b.push(dst, true);
    b.push(p, show_p);
    b.push(src, true);
    Ok(Op::Flo { signed: b.w.bit(73), sh: b.w.bit(74), uniform })
}

/// `PRMT d, a, sel, c`.
pub(super) fn prmt(b: &mut Builder) -> Result<Op, DecodeError> {
    let mode = PrmtMode::from_bits(b.w.bits(72, 3)).ok_or_else(|| b.bad("PRMT", "mode", b.w.bits(72, 3)))?;
    let u = super::alu::uniform(b);
    // UPRMT has no mode: nvdisasm ignores the field there (operand_forms.tsv).
    if u && mode != PrmtMode::Index {
        return Err(b.bad("UPRMT", "mode", b.w.bits(72, 3)));
    }
    let (a, bb, c) = super::alu::sources(b, "PRMT", u, None, None, None)?;
    b.push(super::alu::dst(b, u), true);
    b.push(a, true);
    b.push(unsigned(bb), true);
    b.push(unsigned(c), true);
    Ok(Op::Prmt { mode, uniform: u })
}

/// `DADD d, a, c` (the second addend is in the C slot).
pub(super) fn dadd(b: &mut Builder) -> Result<Op, DecodeError> {
    let (bb, c) = b.fbc("DADD")?;
    // The addend: the register at 64 (form 1), else what sits in bits 32..64.
    let second = match b.form("DADD")? {
        Form::RegReg | Form::RegImm | Form::RegCbuf | Form::RegUReg => c,
        _ => bb,
    };
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(f64_imm(second), true);
    Ok(Op::Dadd { rnd: rnd(b) })
}

/// `DMUL d, a, b`.
pub(super) fn dmul(b: &mut Builder) -> Result<Op, DecodeError> {
    let (bb, _) = b.fbc("DMUL")?;
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(f64_imm(bb), true);
    Ok(Op::Dmul { rnd: rnd(b) })
}

/// `DFMA d, a, b, c`.
pub(super) fn dfma(b: &mut Builder) -> Result<Op, DecodeError> {
    let (bb, c) = b.fbc("DFMA")?;
    b.push(d(b), true);
    b.push(b.fa(), true);
    b.push(f64_imm(bb), true);
    b.push(f64_imm(c), true);
    Ok(Op::Dfma { rnd: rnd(b) })
}

/// `I2F`, `I2FP.F32.*`.
pub(super) fn i2f(b: &mut Builder) -> Result<Op, DecodeError> {
    let fp = b.w.bits(0, 9) == 0x045;
    if !fp {
        sizes_seen(b, "I2F")?;
    }
    let src = unsigned(unary_src(b, "I2F", false)?);
    let (signed, src_bits, dst_bits) = if fp {
        // I2FP.F32.{S32,U32}: the result type at 75..78 and the source
        // size at 84..87 (both 32-bit); rounding to nearest or to zero only.
        b.expect("I2FP", "result type", 75, 3, 2)?;
        b.expect("I2FP", "source size", 84, 3, 2)?;
        if matches!(b.w.bits(78, 2), 1 | 2) {
            return Err(b.bad("I2FP", "rounding", b.w.bits(78, 2)));
        }
        (b.w.bit(74), 32, 32)
    } else {
        // sizes_seen has refused the pairs compiled code does not use.
        let sb = 8 << b.w.bits(84, 2);
        let db = match b.w.bits(75, 2) {
            1 => 16,
            2 => 32,
            3 => 64,
            v => return Err(b.bad("I2F", "result size", v)),
        };
        (b.w.bit(74), sb, db)
    };
    let src = if src_bits < 32 { small_src(b, "I2F", src_bits, src)? } else { src };
    b.push(d(b), true);
    b.push(src, true);
    Ok(Op::I2f { signed, src_bits, dst_bits, rnd: rnd(b), fp })
}

/// `F2I`.
pub(super) fn f2i(b: &mut Builder) -> Result<Op, DecodeError> {
    sizes_seen(b, "F2I")?;
    let src = unary_src(b, "F2I", true)?;
    let src_bits = match b.w.bits(84, 2) {
        1 => 16,
        2 => 32,
        3 => 64,
        v => return Err(b.bad("F2I", "source size", v)),
    };
    // `.F16`: the low or high half of a register or constant (`R2.H1`).
    let src = match src_bits {
        16 if matches!(src, Operand::F32(..)) => return Err(b.bad("F2I", "f16 immediate", 1)),
        16 => small_src(b, "F2I", 16, src)?,
        64 => f64_imm(src),
        _ => src,
    };
    let dst_bits = match b.w.bits(75, 2) {
        0 => 8,
        1 => 16,
        2 => 32,
        3 => 64,
        v => return Err(b.bad("F2I", "result size", v)),
    };
    b.push(d(b), true);
    b.push(src, true);
    Ok(Op::F2i { signed: b.w.bit(72), src_bits, dst_bits, rnd: rnd(b), ftz: b.w.bit(80), ntz: b.w.bit(77) })
}

/// `F2F` (opcode 0x110: one side f64, the other f32 or f16).
pub(super) fn f2f(b: &mut Builder) -> Result<Op, DecodeError> {
    sizes_seen(b, "F2F")?;
    let src = unary_src(b, "F2F", true)?;
    let size = |v: u64, what| match v {
        1 => Ok(16),
        2 => Ok(32),
        3 => Ok(64),
        v => Err(b.bad("F2F", what, v)),
    };
    let src_bits = size(b.w.bits(84, 2), "source size")?;
    let dst_bits = size(b.w.bits(75, 2), "result size")?;
    // `.FTZ` between f16 and f64: nvdisasm prints it, ptxas was not seen to
    // emit it, and what it would flush is not known.
    if (src_bits == 16 || dst_bits == 16) && b.w.bit(80) {
        return Err(b.bad("F2F", ".FTZ with .F16", 1));
    }
    let src = match src_bits {
        64 => f64_imm(src),
        // An f16 immediate would be printed as an f32 (not seen; refused).
        16 if matches!(src, Operand::F32(..)) => return Err(b.bad("F2F", "f16 immediate", 1)),
        16 => small_src(b, "F2F", 16, src)?,
        _ => src,
    };
    b.push(d(b), true);
    b.push(src, true);
    Ok(Op::F2f { src_bits, dst_bits, rnd: rnd(b), ftz: b.w.bit(80) })
}

/// `F2IP.{U8|S8}.F32[.TRUNC][.NTZ] d, a, b, c` (opcode 0x043): A at 24, B in
/// bits 32..64 (register, immediate, constant or uniform register: forms 1,
/// 4, 5, 6), C at 64 with `.H1` at 72; the type at 76..78 (0: U8, 1: S8),
/// the rounding at 78..80 (0: nearest, 3: `.TRUNC`; nvdisasm prints 1 and 2
/// as `.INVALIDn`), `.NTZ` at 74. `.RELU` (75), the forms with C in bits
/// 32..64 and the bits nvdisasm ignores (73, 80..91) are refused.
pub(super) fn f2ip(b: &mut Builder) -> Result<Op, DecodeError> {
    let mn = "F2IP";
    if !matches!(b.w.bits(9, 3), 1 | 4 | 5 | 6) {
        return Err(b.bad(mn, "form", b.w.bits(9, 3)));
    }
    b.expect(mn, "bit 73", 73, 1, 0)?;
    b.expect(mn, ".RELU", 75, 1, 0)?;
    b.expect(mn, "bits 80..91", 80, 11, 0)?;
    let signed = match b.w.bits(76, 2) {
        0 => false,
        1 => true,
        v => return Err(b.bad(mn, "type", v)),
    };
    let rnd = match b.w.bits(78, 2) {
        0 => Rnd::Rn,
        3 => Rnd::Rz,
        v => return Err(b.bad(mn, "rounding", v)),
    };
    let src = unary_src(b, mn, true)?;
    let a = Operand::Reg(b.reg(24), SrcMods { reuse: b.reuse(0), ..SrcMods::default() });
    let c = Operand::Reg(b.reg(64), SrcMods { reuse: b.reuse(2), h1: b.w.bit(72), ..SrcMods::default() });
    b.push(d(b), true);
    b.push(a, true);
    b.push(src, true);
    b.push(c, true);
    Ok(Op::F2ip { signed, rnd, ntz: b.w.bit(74) })
}

/// `FRND[.F16|.F64][.FLOOR|.CEIL|.TRUNC]`.
pub(super) fn frnd(b: &mut Builder) -> Result<Op, DecodeError> {
    sizes_seen(b, "FRND")?;
    let src = unary_src(b, "FRND", true)?;
    // sizes_seen has checked the sizes against the opcode (0x107: 32 or 16
    // bits, 0x113: 64).
    let double = b.w.bits(0, 9) == 0x113;
    let half = !double && b.w.bits(84, 2) == 1;
    // `.FTZ` on doubles and halves: nvdisasm prints it, no compiler emits
    // it, and what it would flush is not known.
    if (double || half) && b.w.bit(80) {
        return Err(b.bad("FRND", ".FTZ on .F64 or .F16", 1));
    }
    let src = match src {
        _ if double => f64_imm(src),
        Operand::F32(..) if half => return Err(b.bad("FRND", "f16 immediate", 1)),
        _ if half => small_src(b, "FRND", 16, src)?,
        _ => src,
    };
    b.push(d(b), true);
    b.push(src, true);
    Ok(Op::Frnd { rnd: rnd(b), ftz: b.w.bit(80), double, half })
}

/// `FCHK pd, a, b`.
pub(super) fn fchk(b: &mut Builder) -> Result<Op, DecodeError> {
    // `-`/`|x|` on the dividend at 72/73 (ptxas folds `-a / b` into it).
    // nvdisasm prints no `.reuse` on it: its flag is left to decode()'s
    // check, which refuses a flag no shown operand carries.
    let a = match b.fa() {
        Operand::Reg(r, m) => Operand::Reg(r, SrcMods { reuse: false, ..m }),
        o => o,
    };
    let bb = unary_src(b, "FCHK", true)?;
    b.push(Operand::Pred(b.pred(81, None)), true);
    b.push(a, true);
    b.push(bb, true);
    Ok(Op::Fchk)
}
