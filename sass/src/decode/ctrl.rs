//! Control flow: branches, convergence barriers, exit, block barriers.

use super::{Builder, DecodeError};
use crate::op::{BarKind, BarRed, Op};
use crate::operand::{Operand, SrcMods};

fn cond(b: &Builder) -> Operand {
    Operand::Pred(b.pred(87, Some(90)))
}

fn shown_cond(b: &Builder) -> bool {
    !b.pred(87, Some(90)).is_true()
}

/// pc-relative target: `pc + 16 + offset`.
fn target(b: &Builder, len: u32) -> Operand {
    Operand::Target(b.pc.wrapping_add(16).wrapping_add(b.w.sbits(32, len) as u64))
}

/// `NOP`.
pub(super) fn nop(_b: &mut Builder) -> Result<Op, DecodeError> {
    Ok(Op::Nop)
}

/// `EXIT [p]`.
pub(super) fn exit(b: &mut Builder) -> Result<Op, DecodeError> {
    if b.w.bits(85, 2) != 0 {
        return Err(b.bad("EXIT", "mode", b.w.bits(85, 2)));
    }
    let s = shown_cond(b);
    b.push(cond(b), s);
    Ok(Op::Exit { keep_refcount: b.w.bit(84) })
}

/// `BRA [p,] [UPq,] target`: operands [cond, (URn or UPq,) target].
pub(super) fn bra(b: &mut Builder) -> Result<Op, DecodeError> {
    // Form 4, or form 2 with bit 91: a uniform predicate as a second
    // condition (`BRA.U UP0, 0x50`, `BRA.U P3, !UP0, 0x50`).
    let upred = match (b.w.bits(9, 3), b.w.bit(91)) {
        (4, _) => false,
        (2, true) => true,
        (f, u) => return Err(b.bad("BRA", "form", f | u64::from(u) << 3)),
    };
    let hint = match b.w.bits(85, 2) {
        0 => "",
        1 => ".INC",
        2 => ".DEC",
        v => return Err(b.bad("BRA", "mode", v)),
    };
    if !hint.is_empty() {
        return Err(b.bad("BRA", "call-stack mode", b.w.bits(85, 2)));
    }
    let s = shown_cond(b);
    // The condition is printed before the target.
    b.push(cond(b), s);
    // Bits 32..34 are not offset bits (targets are 16-byte aligned): plain,
    // `.U`, `.DIV`, `.CONV`. With bit 91 set, `.DIV` names the uniform
    // register holding the lanes that must be converged; the others, and
    // `.DIV` without one, are refused (their semantics are not modelled).
    let variant = b.w.bits(32, 2);
    let with_ur = b.w.bit(91);
    let offset = b.w.sbits(32, 50) & !3;
    let t = Operand::Target(b.pc.wrapping_add(16).wrapping_add(offset as u64));
    if upred {
        // UPq at 24..27, negated by 27; the condition at 87 and UPq both
        // hold in a lane that branches (as the guard and the condition
        // do). Only variant 1, `.U`, is an instruction: nvdisasm prints
        // the others as `BRA.???0`, `.???2`, `.???3`: refused.
        if variant != 1 {
            return Err(b.bad("BRA", "variant with a uniform predicate", variant));
        }
        b.expect("BRA", "bits 16..24", 16, 8, 0)?;
        b.expect("BRA", "bits 28..32", 28, 4, 0)?;
        b.push(Operand::Pred(b.upred(24, Some(27))), true);
        b.push(t, true);
        return Ok(Op::Bra { uniform: true, hint });
    }
    let mut uniform = false;
    match (variant, with_ur) {
        (0, false) => {}
        // `.U`: the compiler says the condition is the same in every lane;
        // each lane still branches on its own predicate here, which is the
        // same thing when the claim holds.
        (1, false) => uniform = true,
        // `.DIV URn`: taken when a live lane URn names is not here; `.CONV
        // URn`: taken when all are (ptxas's fast path around a warp-wide
        // emulation call at -O0). Bit 30 complements the register
        // (`~URZ`: every lane); bit 31 is refused.
        (2 | 3, true) => {
            b.expect("BRA", "bit 31", 31, 1, 0)?;
            let not = b.w.bit(30);
            b.push(Operand::UReg(b.ureg(24), SrcMods { not, ..SrcMods::default() }), true);
            b.push(t, true);
            return Ok(Op::Bra { uniform: false, hint: if variant == 2 { ".DIV" } else { ".CONV" } });
        }
        (v, _) => return Err(b.bad("BRA", "variant", v | u64::from(with_ur) << 2)),
    }
    b.expect("BRA", "bits 16..32", 16, 16, 0)?;
    b.push(t, true);
    Ok(Op::Bra { uniform, hint })
}

/// `BSSY Bn, target`: operands [cond, barrier, target].
pub(super) fn bssy(b: &mut Builder) -> Result<Op, DecodeError> {
    b.push(Operand::BarReg(b.w.bits(16, 4) as u8), true);
    let s = shown_cond(b);
    b.push(cond(b), s);
    b.push(target(b, 32), true);
    Ok(Op::Bssy)
}

/// `BSYNC [p,] Bn`: operands [cond, barrier].
pub(super) fn bsync(b: &mut Builder) -> Result<Op, DecodeError> {
    let s = shown_cond(b);
    b.push(cond(b), s);
    b.push(Operand::BarReg(b.w.bits(16, 4) as u8), true);
    Ok(Op::Bsync)
}

/// `BREAK [p,] Bn`: operands [cond, barrier].
pub(super) fn brk(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("BREAK", "form", 9, 3, 4)?;
    // nvdisasm prints the barrier first, then the condition (`BREAK B2, P6`).
    b.push(Operand::BarReg(b.w.bits(16, 4) as u8), true);
    let s = shown_cond(b);
    b.push(cond(b), s);
    Ok(Op::Break)
}

/// `NANOSLEEP [p,] t`: a hint to the scheduler, nothing to do in a model
/// without time; `.CLEAR` (83) and `.WARP` (85) are refused.
pub(super) fn nanosleep(b: &mut Builder) -> Result<Op, DecodeError> {
    // The duration: a register (form 1), an immediate (4), a constant (5,
    // `cx[URn]` with bit 91) or a uniform register (6, bit 91); the
    // interpreter does not sleep, so it reads none of them.
    let time = match b.w.bits(9, 3) {
        1 => Operand::reg(b.reg(32)),
        4 => Operand::Hex(b.w.bits(32, 32)),
        5 => Operand::CBuf(b.cbuf("NANOSLEEP")?, SrcMods::default()),
        6 => Operand::ureg(b.ureg(32)),
        v => return Err(b.bad("NANOSLEEP", "form", v)),
    };
    b.expect("NANOSLEEP", "bits 16..32", 16, 16, 0)?;
    b.expect("NANOSLEEP", "bits 64..87", 64, 23, 0)?;
    b.expect("NANOSLEEP", "bits 92..105", 92, 13, 0)?;
    let s = shown_cond(b);
    b.push(cond(b), s);
    b.push(time, true);
    Ok(Op::Hint { text: "NANOSLEEP" })
}

/// `DEPBAR.LE SBn, count`: wait until at most `count` of scoreboard `n`'s
/// operations are pending. The model finishes every operation before the
/// next instruction, so there is never anything to wait for.
pub(super) fn depbar(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("DEPBAR", "form", 9, 3, 4)?;
    b.expect("DEPBAR", "bits 16..38", 16, 22, 0)?;
    b.expect("DEPBAR", ".LE", 47, 1, 1)?;
    b.expect("DEPBAR", "bits 48..105", 48, 57, 0)?;
    if b.w.bits(44, 3) != 0 {
        return Err(b.bad("DEPBAR", "scoreboard", b.w.bits(44, 3)));
    }
    b.push(Operand::Text("SB0"), true);
    b.push(Operand::Hex(b.w.bits(38, 6)), true);
    Ok(Op::Hint { text: "DEPBAR.LE" })
}

/// `LDGDEPBAR`: close a group of LDGSTS copies (each finishes at once here).
pub(super) fn ldgdepbar(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("LDGDEPBAR", "form", 9, 3, 4)?;
    b.expect("LDGDEPBAR", "bits 16..64", 16, 48, 0)?;
    b.expect("LDGDEPBAR", "bits 64..105", 64, 41, 0)?;
    Ok(Op::Hint { text: "LDGDEPBAR" })
}

/// `ERRBAR` and `YIELD`: no operands; every field but the opcode (and
/// YIELD's always-true condition at 87) must be clear.
pub(super) fn hint(b: &mut Builder) -> Result<Op, DecodeError> {
    let (text, cond) = if b.w.bits(0, 9) == 0x1ab { ("ERRBAR", 0) } else { ("YIELD", 7) };
    b.expect(text, "form", 9, 3, 4)?;
    b.expect(text, "bits 16..64", 16, 48, 0)?;
    b.expect(text, "bits 64..87", 64, 23, 0)?;
    b.expect(text, "condition", 87, 3, cond)?;
    b.expect(text, "bits 90..105", 90, 15, 0)?;
    Ok(Op::Hint { text })
}

/// `WARPSYNC mask`: the mask a register (form 1, at 32), an immediate
/// (form 4), a constant (form 5: `c[bank][offset]`, or with bit 91
/// `cx[URn][offset]`) or a uniform register (form 6, bit 91, at 32).
pub(super) fn warpsync(b: &mut Builder) -> Result<Op, DecodeError> {
    let mask = match b.w.bits(9, 3) {
        // nvdisasm does not read bits 40..64 beside a register (nor 38..64
        // beside a uniform one, nor a bank with `cx`).
        1 => Operand::reg(b.reg(32)),
        4 => Operand::Hex(b.w.bits(32, 32)),
        5 => Operand::CBuf(b.cbuf("WARPSYNC")?, SrcMods::default()),
        6 => Operand::ureg(b.ureg(32)),
        v => return Err(b.bad("WARPSYNC", "form", v)),
    };
    b.expect("WARPSYNC", "bits 16..32", 16, 16, 0)?;
    b.expect("WARPSYNC", "bits 64..86", 64, 22, 0)?;
    b.expect("WARPSYNC", "condition", 87, 3, 7)?;
    b.expect("WARPSYNC", "bit 90", 90, 1, 0)?;
    b.expect("WARPSYNC", "bits 92..105", 92, 13, 0)?;
    b.push(mask, true);
    // nvdisasm shows `.EXCLUSIVE` on the register form only (and ignores
    // the bit on the other masks, which no compiler was seen to set).
    let exclusive = b.w.bit(86);
    if exclusive && b.w.bits(9, 3) != 1 {
        return Err(b.bad("WARPSYNC", "bit 86 with an immediate mask", 1));
    }
    Ok(Op::Warpsync { all: false, exclusive })
}

/// `BMOV.32[.CLEAR] dst, src`.
pub(super) fn bmov(b: &mut Builder) -> Result<Op, DecodeError> {
    let clear = b.w.bit(84);
    // Scoreboards belong to general registers: nvdisasm refuses a write
    // scoreboard (bits 110..113, 7: none) unless a register is written, and
    // a read scoreboard (113..116) unless one is read (forms.tsv).
    let (writes_reg, reads_reg) = match b.w.bits(0, 12) {
        0x355 => (true, false),
        0x356 => (false, true),
        _ => (false, false),
    };
    if !writes_reg {
        b.expect("BMOV", "write scoreboard without a register written", 110, 3, 7)?;
    }
    if !reads_reg {
        b.expect("BMOV", "read scoreboard without a register read", 113, 3, 7)?;
    }
    match b.w.bits(0, 12) {
        0x956 => {
            if clear {
                return Err(b.bad("BMOV", "PQUAD", 1));
            }
            b.push(Operand::BarReg(b.w.bits(24, 4) as u8), true);
            b.push(Operand::Hex(b.w.bits(32, 32)), true);
            Ok(Op::Bmov { clear, to_barrier: true })
        }
        0xf55 => {
            b.push(Operand::BarReg(b.w.bits(16, 4) as u8), true);
            b.push(Operand::BarReg(b.w.bits(24, 4) as u8), true);
            Ok(Op::Bmov { clear, to_barrier: true })
        }
        // BMOV.32 Bd, Rb: the barrier at 24, the register at 32.
        0x356 => {
            if clear {
                return Err(b.bad("BMOV", "PQUAD", 1));
            }
            b.expect("BMOV", "bits 16..24", 16, 8, 0)?;
            b.expect("BMOV", "bits 28..32", 28, 4, 0)?;
            b.expect("BMOV", "bits 40..84", 40, 44, 0)?;
            b.push(Operand::BarReg(b.w.bits(24, 4) as u8), true);
            b.push(Operand::reg(b.reg(32)), true);
            Ok(Op::Bmov { clear, to_barrier: true })
        }
        // BMOV.32[.CLEAR] Rd, Bb: the register at 16, the barrier at 24.
        0x355 => {
            b.expect("BMOV", "bits 28..84", 28, 56, 0)?;
            b.push(Operand::reg(b.reg(16)), true);
            b.push(Operand::BarReg(b.w.bits(24, 4) as u8), true);
            Ok(Op::Bmov { clear, to_barrier: false })
        }
        v => Err(b.bad("BMOV", "form", v)),
    }
}

/// `BAR.SYNC.DEFER_BLOCKING id[, count]`.
pub(super) fn bar(b: &mut Builder) -> Result<Op, DecodeError> {
    // The barrier id and thread count by form (bits 9..12): an immediate
    // id at 54..58 and count at 42..54 (form 5; a count of 0, not printed,
    // is every thread of the block), a register for either (2: the id in
    // R[32], 4: the count in R[32]), or one register holding both (1:
    // the id in its low bits, the count in bits 16..28; nvdisasm prints
    // it twice, `BAR.SYNC.DEFER_BLOCKING R3, R3`). A field the form does
    // not use must be zero.
    let form = b.w.bits(9, 3);
    let reg = Operand::Reg(b.reg(32), SrcMods::default());
    let (id, count) = match form {
        1 => (reg, reg),
        2 => (reg, Operand::Hex(b.w.bits(42, 12))),
        4 => (Operand::Hex(b.w.bits(54, 4)), reg),
        5 => (Operand::Hex(b.w.bits(54, 4)), Operand::Hex(b.w.bits(42, 12))),
        v => return Err(b.bad("BAR", "form", v)),
    };
    if matches!(form, 1 | 4) {
        b.expect("BAR", "thread count beside a count register", 42, 12, 0)?;
    }
    if matches!(form, 1 | 2) {
        b.expect("BAR", "barrier id beside an id register", 54, 4, 0)?;
    }
    if form == 5 {
        b.expect("BAR", "bits 32..42", 32, 10, 0)?;
    } else {
        b.expect("BAR", "bits 40..42", 40, 2, 0)?;
    }
    let defer = b.w.bit(80);
    let kind = match (b.w.bits(77, 3), b.w.bits(74, 2)) {
        (0, _) => BarKind::Sync,
        // nvdisasm refuses BAR.ARV with bit 80.
        (1, _) if !defer => BarKind::Arrive,
        (2, 0) => BarKind::Red(BarRed::Popc),
        (2, 1) => BarKind::Red(BarRed::And),
        (2, 2) => BarKind::Red(BarRed::Or),
        (v, _) => return Err(b.bad("BAR", "mode", v)),
    };
    b.push(id, true);
    b.push(count, count != Operand::Hex(0));
    if let BarKind::Red(_) = kind {
        b.push(cond(b), true);
    }
    Ok(Op::Bar { kind, defer })
}
