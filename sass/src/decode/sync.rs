//! Warp-wide operations, atomics and reductions, calls.

use super::{Builder, DecodeError};
use crate::op::{AtomOp, AtomTy, Op, ShflMode, Space, VoteMode};
use crate::operand::{Addr, AddrWidth, Operand, Pred, RZ, URZ};

/// `SHFL.mode pd, d, a, lane, mask`.
pub(super) fn shfl(b: &mut Builder) -> Result<Op, DecodeError> {
    let mode = match b.w.bits(58, 2) {
        0 => ShflMode::Idx,
        1 => ShflMode::Up,
        2 => ShflMode::Down,
        _ => ShflMode::Bfly,
    };
    let imm_lane = Operand::Imm(b.w.bits(53, 5) as i64);
    let imm_mask = Operand::Imm(b.w.bits(40, 13) as i64);
    let (lane, mask) = match b.w.bits(9, 3) {
        1 => (Operand::reg(b.reg(32)), Operand::reg(b.reg(64))),
        2 => (Operand::reg(b.reg(32)), imm_mask),
        4 => (imm_lane, Operand::reg(b.reg(64))),
        7 => (imm_lane, imm_mask),
        v => return Err(b.bad("SHFL", "form", v)),
    };
    b.push(Operand::Pred(b.pred(81, None)), true);
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::reg(b.reg(24)), true);
    b.push(lane, true);
    b.push(mask, true);
    Ok(Op::Shfl { mode })
}

/// `VOTE.mode [d,] pd, p` / `VOTEU.mode URd, upd, p`.
pub(super) fn vote(b: &mut Builder) -> Result<Op, DecodeError> {
    let uniform = b.w.bits(0, 9) == 0x086;
    let mode = match b.w.bits(72, 2) {
        0 => VoteMode::All,
        1 => VoteMode::Any,
        2 => VoteMode::Eq,
        v => return Err(b.bad("VOTE", "mode", v)),
    };
    if uniform {
        b.push(Operand::ureg(b.ureg(16)), true);
        b.push(Operand::Pred(b.upred(81, None)), true);
    } else {
        let d = b.reg(16);
        b.push(Operand::reg(d), d != crate::operand::RZ);
        b.push(Operand::Pred(b.pred(81, None)), true);
    }
    b.push(Operand::Pred(b.pred(87, Some(90))), true);
    Ok(Op::Vote { mode, uniform })
}

fn sem(b: &Builder, mn: &'static str) -> Result<&'static str, DecodeError> {
    Ok(match b.w.bits(77, 4) {
        7 => ".STRONG.GPU",
        5 => ".STRONG.SM",
        10 => ".STRONG.SYS",
        v => return Err(b.bad(mn, "memory ordering", v)),
    })
}

fn atom_ty(b: &Builder, mn: &'static str) -> Result<AtomTy, DecodeError> {
    // ATOMS has three types (nvdisasm: `.S32`, `.64`, `.INVALID3` and no
    // floats; it ignores bit 75, which is refused here).
    if mn == "ATOMS" && b.w.bits(73, 3) > 2 {
        return Err(b.bad(mn, "type", b.w.bits(73, 3)));
    }
    Ok(match b.w.bits(73, 3) {
        0 => AtomTy::U32,
        1 => AtomTy::S32,
        2 => AtomTy::U64,
        3 => AtomTy::F32,
        // ATOMG/ATOM/RED only (`ATOMG.E.ADD.F16x2.RN`, `red.add.noftz.f16x2`):
        // ATOMS prints no type for it.
        4 if matches!(mn, "ATOMG" | "ATOM" | "RED") => AtomTy::F16x2,
        5 => AtomTy::S64,
        6 => AtomTy::F64,
        v => return Err(b.bad(mn, "type", v)),
    })
}

fn op3(v: u64) -> AtomOp {
    [AtomOp::Add, AtomOp::Min, AtomOp::Max, AtomOp::Inc, AtomOp::Dec, AtomOp::And, AtomOp::Or, AtomOp::Xor]
        [(v & 7) as usize]
}

/// `RED.E.op.type.sem [addr], b`: operands [pd, d, addr, b, c].
pub(super) fn red(b: &mut Builder) -> Result<Op, DecodeError> {
    if b.w.bits(84, 3) != 1 || b.w.bits(101, 4) != 0 {
        return Err(b.bad("RED", "form", 0));
    }
    // The address by its form (`mem::ADDR_FORMS`: a uniform register at 64
    // when bit 71 is clear, `.64` at bit 90); bit 76 extends the type field
    // past the types there are.
    let (addr, data) = super::mem::address(b, "RED")?;
    b.expect("RED", "bit 70", 70, 1, 0)?;
    b.expect("RED", "type", 76, 1, 0)?;
    let ty = atom_ty(b, "RED")?;
    // Two f16 lanes add; what another operation would do on them is not known.
    if ty == AtomTy::F16x2 && b.w.bits(87, 3) != 0 {
        return Err(b.bad("RED", "type for the operation", 4));
    }
    let text = sem(b, "RED")?;
    b.push(Operand::Pred(Pred::p(7, false)), false);
    b.push(Operand::reg(crate::operand::RZ), false);
    b.push(Operand::Mem(addr), true);
    b.push(Operand::reg(b.reg(data)), true);
    b.push(Operand::reg(crate::operand::RZ), false);
    Ok(Op::Atom { space: Space::Global, op: op3(b.w.bits(87, 3)), ty, red: true, text })
}

/// `ATOMG.E.op.type.sem pd, d, [addr], b[, c]`.
/// `ATOM.E.op.type.sem pd, d, [addr], b` (opcode 0x18a) is the same word
/// on a generic address (an atomic through a pointer read from memory).
pub(super) fn atomg(b: &mut Builder) -> Result<Op, DecodeError> {
    // 0x1a9 and 0x18b are the compare-and-swaps; 0x18a and 0x18b take a
    // generic address (`atomicCAS` through a pointer read from memory).
    let cas = matches!(b.w.bits(0, 9), 0x1a9 | 0x18b);
    let (space, mn) =
        if matches!(b.w.bits(0, 9), 0x18a | 0x18b) { (Space::Generic, "ATOM") } else { (Space::Global, "ATOMG") };
    if b.w.bits(84, 3) != 1 || b.w.bits(101, 4) != 0 {
        return Err(b.bad(mn, "form", 0));
    }
    // The address by its form (`mem::ADDR_FORMS`): `[Ra+imm]` (form 1, CAS's
    // only one), or with bit 91 `[Ra.64+URb+imm]`, the uniform register at 64
    // when bit 71 is clear, `.64` at bit 70 (`.U32` clear).
    let (addr, data) = super::mem::address(b, mn)?;
    b.expect(mn, "type", 76, 1, 0)?;
    let op = if cas {
        AtomOp::Cas
    } else {
        match b.w.bits(87, 4) {
            8 => AtomOp::Exch,
            v if v < 8 => op3(v),
            v => return Err(b.bad(mn, "operation", v)),
        }
    };
    let ty = atom_ty(b, mn)?;
    // The float and signed 64-bit types with the operations CUDA has for
    // them (`atomicAdd` of a float or double, `atomicMin`/`Max` of a long
    // long): nvdisasm prints every pairing, but what `INC.F32` would do is
    // not known, so the others are refused.
    let meaningful = match ty {
        AtomTy::U32 | AtomTy::S32 | AtomTy::U64 => true,
        AtomTy::F32 | AtomTy::F64 | AtomTy::F16x2 => op == AtomOp::Add,
        AtomTy::S64 => matches!(op, AtomOp::Add | AtomOp::Min | AtomOp::Max),
    };
    if !meaningful {
        return Err(b.bad(mn, "type for the operation", b.w.bits(73, 3)));
    }
    let text = sem(b, mn)?;
    b.push(Operand::Pred(b.pred(81, None)), true);
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::Mem(addr), true);
    b.push(Operand::reg(b.reg(data)), true);
    b.push(Operand::reg(b.reg(64)), cas);
    Ok(Op::Atom { space, op, ty, red: false, text })
}

/// `ATOMS.op.type d, [addr], b[, c]`.
pub(super) fn atoms(b: &mut Builder) -> Result<Op, DecodeError> {
    let form = b.w.bits(9, 3);
    let op = match (form, b.w.bits(87, 4)) {
        (7, 10) => AtomOp::PopcInc,
        (1 | 4, v) if v < 8 => op3(v),
        (1 | 4, 8) => AtomOp::Exch,
        (f, v) => return Err(b.bad("ATOMS", "operation", f << 8 | v)),
    };
    // `.POPC.INC` counts in 32 bits only: nvdisasm prints other type values as `.???n`.
    let ty = if op == AtomOp::PopcInc {
        b.expect("ATOMS", "type", 73, 3, 0)?;
        AtomTy::U32
    } else {
        atom_ty(b, "ATOMS")?
    };
    let width = b.shared_scale();
    // Forms 7 and 4 (bit 91, checked in `decode/shape.rs`) add the uniform
    // register at 64: `[R5+URZ]`, `[R3.X4+UR5+0xc]`.
    let uniform = matches!(form, 4 | 7);
    let ubase = if uniform { b.ureg(64) } else { URZ };
    let addr = Addr {
        base: b.reg(24),
        width,
        ubase,
        // Signed after a register (nvdisasm prints `[R5+-0x800000]`), an
        // unsigned address alone (`[0x800018]`).
        offset: if b.reg(24) == RZ && !uniform { b.w.bits(40, 24) as i32 } else { b.w.sbits(40, 24) as i32 },
        reuse: b.reuse(0),
        uniform_form: uniform,
    };
    b.push(Operand::Pred(Pred::p(7, false)), false);
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::Mem(addr), true);
    b.push(Operand::reg(b.reg(32)), op != AtomOp::PopcInc);
    b.push(Operand::reg(crate::operand::RZ), false);
    Ok(Op::Atom { space: Space::Shared, op, ty, red: false, text: "" })
}

/// `REDUX.op URd, Ra`.
pub(super) fn redux(b: &mut Builder) -> Result<Op, DecodeError> {
    let op = match b.w.bits(78, 3) {
        0 => AtomOp::And,
        1 => AtomOp::Or,
        2 => AtomOp::Xor,
        3 => AtomOp::Add,
        4 => AtomOp::Min,
        5 => AtomOp::Max,
        v => return Err(b.bad("REDUX", "operation", v)),
    };
    b.push(Operand::ureg(b.ureg(16)), true);
    b.push(Operand::reg(b.reg(24)), true);
    Ok(Op::Redux { op, signed: b.w.bit(73) })
}

/// `B2R.RESULT d`.
pub(super) fn b2r(b: &mut Builder) -> Result<Op, DecodeError> {
    if !b.w.bit(78) {
        return Err(b.bad("B2R", "form", 0));
    }
    // nvdisasm refuses bit 79 set (operand_forms.tsv).
    b.expect("B2R", "bit 79", 79, 1, 0)?;
    let p = b.pred(81, None);
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::Pred(p), !p.is_true());
    Ok(Op::B2r)
}

/// `CALL.REL.NOINC target`: operands [target].
pub(super) fn call(b: &mut Builder) -> Result<Op, DecodeError> {
    // `.NOINC` at 86, and no condition (PT at 87..91): the others are not modelled.
    b.expect("CALL", ".NOINC", 86, 1, 1)?;
    b.expect("CALL", "condition", 87, 4, 7)?;
    // The target's low two bits are not address bits (nvdisasm drops them).
    let target = Operand::Target(b.pc.wrapping_add(16).wrapping_add((b.w.sbits(32, 50) & !3) as u64));
    match (b.w.bits(0, 9), b.w.bits(9, 3)) {
        // CALL.REL.NOINC URa, base: to `base + URa` (the pair URa, URa+1,
        // as the register form reads its pair); bits 30, 31 refused.
        (0x144, 4) if b.w.bit(91) => {
            b.expect("CALL", "bits 16..24", 16, 8, 0)?;
            b.expect("CALL", "bits 30..32", 30, 2, 0)?;
            b.push(Operand::ureg(b.ureg(24)), true);
            b.push(target, true);
            Ok(Op::Call { absolute: false })
        }
        (0x144, 4) => {
            b.push(target, true);
            Ok(Op::Call { absolute: false })
        }
        // CALL.REL.NOINC Ra, base: to `base + Ra` (a function table's offset).
        (0x144, 1) => {
            b.push(Operand::reg(b.reg(24)), true);
            b.push(target, true);
            Ok(Op::Call { absolute: false })
        }
        // CALL.ABS.NOINC Ra: to the absolute address in the pair Ra (an
        // extern function such as vprintf; decoded, not run).
        (0x143, 1) if b.w.bits(32, 50) == 0 => {
            b.push(Operand::reg(b.reg(24)), true);
            Ok(Op::Call { absolute: true })
        }
        (_, f) => Err(b.bad("CALL", "form", f)),
    }
}

/// `RET.REL.NODEC Ra, base`: operands [register, base target].
pub(super) fn ret(b: &mut Builder) -> Result<Op, DecodeError> {
    if b.w.bits(9, 3) != 4 {
        return Err(b.bad("RET", "form", b.w.bits(9, 3)));
    }
    // `.REL.NODEC` (85 clear, 86 set): the others are not modelled.
    b.expect("RET", ".ABS/.NODEC", 85, 2, 0b10)?;
    // The condition at 87..91 (as BRA's): only its lanes return. nvdisasm
    // prints it unless it is PT (an early return compiles to `!P2`).
    let cond = b.pred(87, Some(90));
    b.push(Operand::Pred(cond), !cond.is_true());
    // The return offset in a register at 24, or with bit 91 a uniform
    // register there (`RET.REL.NODEC UR4, base`; bits 30, 31 refused).
    if b.w.bit(91) {
        b.expect("RET", "bits 30..32", 30, 2, 0)?;
        b.push(Operand::ureg(b.ureg(24)), true);
    } else {
        b.push(Operand::reg(b.reg(24)), true);
    }
    // The target's low two bits are not address bits (nvdisasm drops them).
    b.push(Operand::Target(b.pc.wrapping_add(16).wrapping_add((b.w.sbits(32, 50) & !3) as u64)), true);
    Ok(Op::Ret)
}

/// `ATOMS.CAS[.type] d, [addr], b, c` and `ATOMS.CAST.SPIN[.type]`: compare
/// `b` (a pair for `.64`) with memory and store `c` on equality. Type at
/// 73..75 (`U32`, `.S32`, `.64`), `.CAST` at 87 and `.SPIN` at 88 (CAST
/// without SPIN, or SPIN without CAST, is refused: no compiler emits them).
pub(super) fn atoms_cas(b: &mut Builder) -> Result<Op, DecodeError> {
    b.expect("ATOMS", "form", 9, 3, 1)?;
    let ty = match b.w.bits(73, 2) {
        0 => AtomTy::U32,
        1 => AtomTy::S32,
        2 => AtomTy::U64,
        v => return Err(b.bad("ATOMS", "type", v)),
    };
    let op = match b.w.bits(87, 2) {
        0 => AtomOp::Cas,
        3 => AtomOp::CastSpin,
        v => return Err(b.bad("ATOMS", "CAS kind", v)),
    };
    b.expect("ATOMS", "bits 72", 72, 1, 0)?;
    b.expect("ATOMS", "bits 75..78", 75, 3, 0)?;
    b.expect("ATOMS", "bits 80..87", 80, 7, 0)?;
    b.expect("ATOMS", "bits 89..105", 89, 16, 0)?;
    let width = b.shared_scale();
    let addr = Addr {
        base: b.reg(24),
        width,
        ubase: URZ,
        offset: b.w.bits(40, 24) as i32,
        reuse: b.reuse(0),
        uniform_form: false,
    };
    b.push(Operand::Pred(Pred::p(7, false)), false);
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::Mem(addr), true);
    b.push(Operand::reg(b.reg(32)), true);
    b.push(Operand::reg(b.reg(64)), true);
    Ok(Op::Atom { space: Space::Shared, op, ty, red: false, text: "" })
}

/// `MEMBAR.sem.scope`: no operands. Semantics at 79..81 (`.SC`, `.ALL`,
/// none, `.MMIO`), scope at 76..79 (`CTA`, `SM`, `GPU`, `SYS`, `VC`); the
/// interpreter's accesses are already in program order, so every form is
/// a no-op there.
pub(super) fn membar(b: &mut Builder) -> Result<Op, DecodeError> {
    const TEXT: [[&str; 6]; 4] = [
        ["MEMBAR.SC.CTA", "MEMBAR.SC.SM", "MEMBAR.SC.GPU", "MEMBAR.SC.SYS", "", "MEMBAR.SC.VC"],
        ["MEMBAR.ALL.CTA", "MEMBAR.ALL.SM", "MEMBAR.ALL.GPU", "MEMBAR.ALL.SYS", "", "MEMBAR.ALL.VC"],
        ["MEMBAR.CTA", "MEMBAR.SM", "MEMBAR.GPU", "MEMBAR.SYS", "", "MEMBAR.VC"],
        ["MEMBAR.MMIO.CTA", "MEMBAR.MMIO.SM", "MEMBAR.MMIO.GPU", "MEMBAR.MMIO.SYS", "", "MEMBAR.MMIO.VC"],
    ];
    b.expect("MEMBAR", "form", 9, 3, 4)?;
    b.expect("MEMBAR", "bits 16..76", 16, 60, 0)?;
    b.expect("MEMBAR", "bits 81..105", 81, 24, 0)?;
    let scope = b.w.bits(76, 3) as usize;
    let text = TEXT[b.w.bits(79, 2) as usize].get(scope).copied().unwrap_or("");
    if text.is_empty() {
        return Err(b.bad("MEMBAR", "scope", scope as u64));
    }
    Ok(Op::Membar { text })
}

/// CCTL's operations by their value at 87..91.
const CCTL_OPS: [&str; 12] =
    ["PF1", "PF2", "WB", "IV", "IVALL", "RS", "IVALLP", "WBALL", "WBALLP", "PML2", "DML2", "RML2"];

/// The text of every CCTL variant, built once: `.E` x cache x operation.
fn cctl_text(wide: bool, cache: usize, op: usize) -> &'static str {
    static TEXT: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let all = TEXT.get_or_init(|| {
        let mut v = Vec::with_capacity(2 * 4 * CCTL_OPS.len());
        for e in ["", ".E"] {
            for c in ["", ".U", ".C", ".I"] {
                for o in CCTL_OPS {
                    v.push(format!("CCTL{e}{c}.{o}"));
                }
            }
        }
        v
    });
    all.get((usize::from(wide) * 4 + cache) * CCTL_OPS.len() + op).map_or("CCTL", String::as_str)
}

/// `CCTL[.E][.cache].op [addr]`: a cache operation, no effect in the model
/// (it keeps no caches). The operation at 87..91; the whole-cache ones
/// (`IVALL`, `IVALLP`, `WBALL`, `WBALLP`) take no address and no `.E`.
///
/// Form 6 with bit 91 adds a uniform register (at 32) to the address
/// register (`CCTL.IV [R3+UR0]`, `[UR0]`: RZ dropped); nvdisasm reads no
/// offset there, and prints the whole-cache operations, and those past
/// `RML2` that it refuses in form 4, without a name (`CCTL [UR0]`): those
/// are refused.
pub(super) fn cctl(b: &mut Builder) -> Result<Op, DecodeError> {
    let uform = match (b.w.bits(9, 3), b.w.bit(91)) {
        (4, false) => false,
        (6, true) => true,
        (f, u) => return Err(b.bad("CCTL", "form", f | u64::from(u) << 3)),
    };
    b.expect("CCTL", "bits 16..24", 16, 8, 0)?;
    b.expect("CCTL", "bits 64..72", 64, 8, 0)?;
    b.expect("CCTL", "bits 73..78", 73, 5, 0)?;
    b.expect("CCTL", "bits 80..87", 80, 7, 0)?;
    b.expect("CCTL", "bits 92..105", 92, 13, 0)?;
    let op = b.w.bits(87, 4) as usize;
    if op >= CCTL_OPS.len() {
        return Err(b.bad("CCTL", "operation", op as u64));
    }
    let whole = matches!(op, 4 | 6 | 7 | 8);
    let wide = b.w.bit(72);
    if uform {
        if whole {
            return Err(b.bad("CCTL", "whole-cache operation with a uniform register", op as u64));
        }
        b.expect("CCTL", "bits 38..64", 38, 26, 0)?;
        let addr = Addr {
            base: b.reg(24),
            width: if wide { AddrWidth::W64Unmarked } else { AddrWidth::W32 },
            ubase: b.ureg(32),
            offset: 0,
            reuse: b.reuse(0),
            uniform_form: true,
        };
        b.push(Operand::Mem(addr), true);
        return Ok(Op::Hint { text: cctl_text(wide, b.w.bits(78, 2) as usize, op) });
    }
    if whole && (wide || b.w.bits(24, 40) != 0xff) {
        return Err(b.bad("CCTL", "address of a whole-cache operation", b.w.bits(24, 40)));
    }
    if !whole {
        let addr = Addr {
            base: b.reg(24),
            width: if wide { AddrWidth::W64Unmarked } else { AddrWidth::W32 },
            ubase: URZ,
            offset: b.w.sbits(32, 32) as i32,
            reuse: b.reuse(0),
            uniform_form: false,
        };
        b.push(Operand::Mem(addr), true);
    }
    Ok(Op::Hint { text: cctl_text(wide, b.w.bits(78, 2) as usize, op) })
}
