//! Loads, stores and constant loads.

use super::{Builder, DecodeError};
use crate::op::{MemSize, Op, Space};
use crate::operand::{Addr, AddrWidth, CBuf, Operand, SrcMods, RZ, URZ};

fn space(b: &Builder) -> Space {
    match b.w.bits(0, 9) {
        0x181 | 0x186 => Space::Global,
        0x184 | 0x188 => Space::Shared,
        0x183 | 0x187 => Space::Local,
        _ => Space::Generic,
    }
}

fn size(b: &Builder, mn: &'static str) -> Result<MemSize, DecodeError> {
    MemSize::from_bits(b.w.bits(73, 3)).ok_or_else(|| b.bad(mn, "size", 7))
}

/// Cache-operation suffix (bits 84..87).
fn cache(b: &Builder, mn: &'static str) -> Result<&'static str, DecodeError> {
    Ok(match b.w.bits(84, 3) {
        0 => ".EF",
        1 => "",
        2 => ".EL",
        3 => ".LU",
        4 => ".EU",
        5 => ".NA",
        v => return Err(b.bad(mn, "cache operation", v)),
    })
}

/// `LDGSTS.E[.64|.128] [Rs+imm], [Ra.64+imm]`: the shared address at 16
/// with a 20-bit offset at 44, the global pair at 24 with a 12-bit offset at
/// 32, the size at 73..76 (4: 32 bits, 5: 64, 6: 128). Cache hints, a
/// uniform base, a zero-fill predicate other than PT and descriptors are
/// refused. Form 6 adds the uniform register at 64 to the shared address
/// (`[R7+UR4]`, printed even as `URZ`); form 7 has none (ptxas leaves UR4
/// and bit 70 set there).
pub(super) fn ldgsts(b: &mut Builder) -> Result<Op, DecodeError> {
    let uniform = match b.w.bits(9, 3) {
        6 => true,
        7 => false,
        v => return Err(b.bad("LDGSTS", "form", v)),
    };
    if uniform {
        b.expect("LDGSTS", "bits 70..73", 70, 3, 1)?;
    } else {
        b.expect("LDGSTS", "bits 64..73", 64, 9, 0x44)?;
    }
    b.expect("LDGSTS", "uniform base", 76, 1, 1)?;
    b.expect("LDGSTS", "memory ordering", 77, 4, 0)?;
    b.expect("LDGSTS", "bits 82..84", 82, 2, 0)?;
    b.expect("LDGSTS", ".EF", 84, 1, 1)?;
    b.expect("LDGSTS", "bits 85..87", 85, 2, 0)?;
    b.expect("LDGSTS", "zero-fill predicate", 87, 4, 7)?;
    b.expect("LDGSTS", "bit 81", 81, 1, 1)?;
    b.expect("LDGSTS", "bit 91", 91, 1, 1)?;
    b.expect("LDGSTS", "bits 92..105", 92, 13, 0)?;
    let (bytes, text) = match b.w.bits(73, 3) {
        4 => (4, "LDGSTS.E"),
        5 => (8, "LDGSTS.E.64"),
        6 => (16, "LDGSTS.E.128"),
        v => return Err(b.bad("LDGSTS", "size", v)),
    };
    let shared = Addr {
        base: b.reg(16),
        width: AddrWidth::W32,
        ubase: if uniform { b.ureg(64) } else { URZ },
        offset: b.w.sbits(44, 20) as i32,
        reuse: false,
        uniform_form: uniform,
    };
    let global = Addr {
        base: b.reg(24),
        width: AddrWidth::W64,
        ubase: URZ,
        offset: b.w.sbits(32, 12) as i32,
        reuse: b.reuse(0),
        uniform_form: false,
    };
    b.push(Operand::Mem(shared), true);
    b.push(Operand::Mem(global), true);
    Ok(Op::Ldgsts { bytes, text })
}

/// Global memory ordering/scope (bits 77..81). The interpreter runs one
/// access at a time, so every ordering it accepts means the same there;
/// the `.PRIVATE`, `.MMIO` and scoped `.CONSTANT` values are refused.
fn global_sem(b: &Builder, mn: &'static str, load: bool) -> Result<&'static str, DecodeError> {
    Ok(match (b.w.bits(77, 4), load) {
        (0, _) => "",
        (4, true) => ".CONSTANT",
        (5, _) => ".STRONG.SM",
        (7, _) => ".STRONG.GPU",
        (10, _) => ".STRONG.SYS",
        (v, _) => return Err(b.bad(mn, "memory ordering", v)),
    })
}

/// How a uniform register joins an addressing form.
#[derive(Clone, Copy)]
enum Ur {
    /// The form has none (nvdisasm reads no field for one).
    No,
    /// The 6-bit register at `field`, there when bit `gate` is clear
    /// (and then printed even as `URZ`: `[R2.64+URZ]`).
    Gated { field: u32, gate: u32 },
}

/// How the address register is read.
#[derive(Clone, Copy)]
enum Base {
    /// A 32-bit register (local memory).
    W32,
    /// The register pair `.E` (bit 72) names, printed unmarked (`[R10]`).
    Pair,
    /// A pair printed `.64` when bit `at` is set; with it clear a 32-bit
    /// register zero-extended (`[R2.U32+UR4]`), beside a uniform register
    /// only (nvdisasm refuses it without one).
    Marked(u32),
}

/// One addressing form of a global, generic or local memory operation, as
/// nvdisasm reads it: the words it covers (opcode, operand form at bits
/// 9..12, bit 91), where the signed offset lies, whether and where a
/// uniform register joins, how the address register is read, and where a
/// store's or an atomic's source register lies.
struct AddrForm {
    op: u16,
    form: u64,
    uniform: bool,
    offset: (u32, u32),
    ur: Ur,
    base: Base,
    data: u32,
}

/// The forms, as nvdisasm prints their words (`sass/corpus/operand_forms.tsv`,
/// and neighbours checked in `tests/memory_forms_exec.rs`). Without bit 91
/// the generic load and store take a 32-bit offset at 32 (the store's
/// source moves to 64), the others a 24-bit one at 40; with it the offset
/// is 24 bits at 40 and a uniform register may join. A word matching no row
/// is refused.
const ADDR_FORMS: &[AddrForm] = {
    const fn f(op: u16, form: u64, uniform: bool, offset: (u32, u32), ur: Ur, base: Base, data: u32) -> AddrForm {
        AddrForm { op, form, uniform, offset, ur, base, data }
    }
    const OFF24: (u32, u32) = (40, 24);
    const OFF32: (u32, u32) = (32, 32);
    const UR32: Ur = Ur::Gated { field: 32, gate: 76 };
    const UR64: Ur = Ur::Gated { field: 64, gate: 76 };
    // The atomics' uniform register is at 64, there when bit 71 is clear.
    const UR_ATOM: Ur = Ur::Gated { field: 64, gate: 71 };
    &[
        f(0x180, 4, false, OFF32, Ur::No, Base::Pair, 0), // LD.E Rd, [Ra+imm32]
        f(0x180, 4, true, OFF24, UR32, Base::Marked(90), 0), // LD.E Rd, [Ra.64+URb+imm]
        f(0x181, 1, false, OFF24, Ur::No, Base::Pair, 0), // LDG.E Rd, [Ra+imm]
        f(0x181, 4, true, OFF24, UR32, Base::Marked(90), 0), // LDG.E Rd, [Ra.64+URb+imm]
        f(0x183, 4, false, OFF24, Ur::No, Base::W32, 0),  // LDL Rd, [Ra+imm]
        f(0x183, 4, true, OFF24, UR32, Base::W32, 0),     // LDL Rd, [Ra+URb+imm]
        f(0x185, 1, false, OFF32, Ur::No, Base::Pair, 64), // ST.E [Ra+imm32], Rb
        f(0x185, 4, true, OFF24, UR64, Base::Marked(90), 32), // ST.E [Ra.64+URb+imm], Rb
        f(0x186, 1, false, OFF24, Ur::No, Base::Pair, 32), // STG.E [Ra+imm], Rb
        f(0x186, 4, true, OFF24, UR64, Base::Marked(90), 32), // STG.E [Ra.64+URb+imm], Rb
        f(0x187, 1, false, OFF24, Ur::No, Base::W32, 32), // STL [Ra+imm], Rb
        f(0x187, 4, true, OFF24, UR64, Base::W32, 32),    // STL [Ra+URb+imm], Rb
        f(0x18a, 1, false, OFF24, Ur::No, Base::Pair, 32), // ATOM.E pd, d, [Ra+imm], b
        f(0x18a, 4, true, OFF24, UR_ATOM, Base::Marked(70), 32), // ATOM.E pd, d, [Ra.64+URb+imm], b
        f(0x18b, 1, false, OFF24, Ur::No, Base::Pair, 32), // ATOM.E.CAS pd, d, [Ra+imm], b, c
        f(0x18e, 4, false, OFF24, Ur::No, Base::Pair, 32), // RED.E [Ra+imm], b
        f(0x18e, 4, true, OFF24, UR_ATOM, Base::Marked(90), 32), // RED.E [Ra.64+URb+imm], b
        f(0x1a8, 1, false, OFF24, Ur::No, Base::Pair, 32), // ATOMG.E pd, d, [Ra+imm], b
        f(0x1a8, 4, true, OFF24, UR_ATOM, Base::Marked(70), 32), // ATOMG.E pd, d, [Ra.64+URb+imm], b
        f(0x1a9, 1, false, OFF24, Ur::No, Base::Pair, 32), // ATOMG.E.CAS pd, d, [Ra+imm], b, c
    ]
};

/// The address of a global, generic or local memory operation by its
/// addressing form (`ADDR_FORMS`), and where its source register lies.
pub(super) fn address(b: &Builder, mn: &'static str) -> Result<(Addr, u32), DecodeError> {
    let (op, form, uniform) = (b.w.bits(0, 9) as u16, b.w.bits(9, 3), b.w.bit(91));
    let f = ADDR_FORMS
        .iter()
        .find(|f| f.op == op && f.form == form && f.uniform == uniform)
        .ok_or_else(|| b.bad(mn, "addressing form (bits 9..12, 91)", form | u64::from(uniform) << 3))?;
    let ubase = match f.ur {
        Ur::No => None,
        Ur::Gated { field, gate } => (!b.w.bit(gate)).then(|| b.ureg(field)),
    };
    let width = match f.base {
        Base::W32 => AddrWidth::W32,
        Base::Pair => AddrWidth::W64Unmarked,
        Base::Marked(at) if b.w.bit(at) => AddrWidth::W64,
        Base::Marked(_) if ubase.is_some() => AddrWidth::U32,
        Base::Marked(at) => return Err(b.bad(mn, "32-bit address register without a uniform register", u64::from(at))),
    };
    if !matches!(f.base, Base::W32) && !b.w.bit(72) {
        return Err(b.bad(mn, "32-bit global address", 0));
    }
    let (lo, len) = f.offset;
    let a = Addr {
        base: b.reg(24),
        width,
        ubase: ubase.unwrap_or(URZ),
        offset: b.w.sbits(lo, len) as i32,
        reuse: b.reuse(0),
        uniform_form: ubase.is_some(),
    };
    Ok((a, f.data))
}

/// The address `[Ra(.64)(+URb)+imm]`: shared memory's (its own shape,
/// `decode/shape.rs`), the others' by their addressing form (`address`);
/// and a store's source register.
fn addr(b: &Builder, mn: &'static str, sp: Space, ubase_at: u32) -> Result<(Addr, u32), DecodeError> {
    if !matches!(sp, Space::Shared) {
        return address(b, mn);
    }
    let ubase = if b.w.bit(91) { b.ureg(ubase_at) } else { URZ };
    let a = Addr {
        base: b.reg(24),
        width: b.shared_scale(),
        ubase,
        offset: b.w.sbits(40, 24) as i32,
        reuse: b.reuse(0),
        uniform_form: false,
    };
    Ok((a, 32))
}

fn mods(b: &Builder, mn: &'static str, sp: Space, load: bool) -> Result<&'static str, DecodeError> {
    let c = match sp {
        Space::Shared => "",
        _ => cache(b, mn)?,
    };
    let s = match sp {
        Space::Global | Space::Generic => global_sem(b, mn, load)?,
        _ => "",
    };
    if b.w.bits(101, 4) != 0 {
        return Err(b.bad(mn, "descriptor addressing", b.w.bits(101, 4)));
    }
    Ok(match (sp, s, c) {
        (Space::Global | Space::Generic, "", "") => ".E",
        (Space::Global | Space::Generic, ".CONSTANT", "") => ".E.CONSTANT",
        (Space::Global | Space::Generic, "", ".EF") => ".E.EF",
        (Space::Global | Space::Generic, "", ".LU") => ".E.LU",
        // Eviction priorities (`ld.global.L1::evict_last`, `evict_unchanged`):
        // cache hints only, nothing a model without caches does.
        (Space::Global | Space::Generic, "", ".EL") => ".E.EL",
        (Space::Global | Space::Generic, "", ".EU") => ".E.EU",
        (Space::Global | Space::Generic, "", ".NA") => ".E.NA",
        (Space::Global | Space::Generic, ".CONSTANT", ".EF") => ".E.EF.CONSTANT",
        (Space::Global | Space::Generic, ".STRONG.SM", "") => ".E.STRONG.SM",
        (Space::Global | Space::Generic, ".STRONG.GPU", "") => ".E.STRONG.GPU",
        (Space::Global | Space::Generic, ".STRONG.SYS", "") => ".E.STRONG.SYS",
        (_, "", c) => c,
        _ => return Err(b.bad(mn, "modifier combination", 0)),
    })
}

/// `LDG`/`LDS`/`LDL`/`LD`: operands [d, addr, pred out].
pub(super) fn load(b: &mut Builder) -> Result<Op, DecodeError> {
    let sp = space(b);
    let mn = "LD";
    let size = size(b, mn)?;
    let mut m = mods(b, mn, sp, true)?;
    let (a, _) = addr(b, mn, sp, 32)?;
    if matches!(sp, Space::Global) && b.w.bits(81, 3) != 7 {
        return Err(b.bad(mn, "predicate output", b.w.bits(81, 3)));
    }
    if matches!(sp, Space::Global | Space::Generic) {
        // A predicate source at 64..68 (refused) and the L2 prefetch hints
        // at 68..70 (`.LTC64B`, `.LTC128B`, `.LTC256B`: `ld.global.L2::128B`
        // and the like): hints only, nothing a model without caches does.
        b.expect(mn, "bits 64..68", 64, 4, 0)?;
        b.expect(mn, "bits 70..72", 70, 2, 0)?;
        m = match (b.w.bits(68, 2), m) {
            (0, m) => m,
            (1, ".E") => ".E.LTC64B",
            (2, ".E") => ".E.LTC128B",
            (1, ".E.EF") => ".E.EF.LTC64B",
            (2, ".E.EF") => ".E.EF.LTC128B",
            (1, ".E.EL") => ".E.EL.LTC64B",
            (2, ".E.EL") => ".E.EL.LTC128B",
            (1, ".E.LU") => ".E.LU.LTC64B",
            (2, ".E.LU") => ".E.LU.LTC128B",
            (1, ".E.EU") => ".E.EU.LTC64B",
            (2, ".E.EU") => ".E.EU.LTC128B",
            (1, ".E.NA") => ".E.NA.LTC64B",
            (2, ".E.NA") => ".E.NA.LTC128B",
            (3, ".E") => ".E.LTC256B",
            (3, ".E.EF") => ".E.EF.LTC256B",
            (3, ".E.EL") => ".E.EL.LTC256B",
            (3, ".E.LU") => ".E.LU.LTC256B",
            (3, ".E.EU") => ".E.EU.LTC256B",
            (3, ".E.NA") => ".E.NA.LTC256B",
            (v, _) => return Err(b.bad(mn, "L2 prefetch hint", v)),
        };
    }
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::Mem(a), true);
    Ok(Op::Ld { space: sp, size, mods: m })
}

/// `STG`/`STS`/`STL`/`ST`: operands [addr, src].
pub(super) fn store(b: &mut Builder) -> Result<Op, DecodeError> {
    let sp = space(b);
    let mn = "ST";
    let size = size(b, mn)?;
    let m = mods(b, mn, sp, false)?;
    let (a, data) = addr(b, mn, sp, 64)?;
    b.push(Operand::Mem(a), true);
    b.push(Operand::Reg(b.reg(data), SrcMods { reuse: b.reuse(1), ..SrcMods::default() }), true);
    Ok(Op::St { space: sp, size, mods: m })
}

/// `ULDC[.size] URd, c[bank][offset]`.
pub(super) fn uldc(b: &mut Builder) -> Result<Op, DecodeError> {
    let size = MemSize::from_bits(b.w.bits(73, 3))
        .filter(|s| s.bytes() <= 8)
        .ok_or_else(|| b.bad("ULDC", "size", b.w.bits(73, 3)))?;
    b.expect("ULDC", "form", 9, 3, 5)?;
    let c: CBuf = b.cbuf_bytes("ULDC")?;
    // ULDC's `cx[URn]` names URn at 24..30, not at 32 as the ALU forms do
    // (nvdisasm reads neither bits 30..32 nor 32..38 here).
    let c = CBuf { ubank: c.ubank.map(|_| b.ureg(24)), ..c };
    b.push(Operand::ureg(b.ureg(16)), true);
    b.push(Operand::CBuf(CBuf { index: RZ, ..c }, SrcMods::default()), true);
    Ok(Op::Uldc { size })
}

/// `LDC[.size] Rd, c[bank][Ra+offset]`: form 5, index register at 24; or
/// form 2 with bit 91, `LDC[.size] Rd, cx[URa][Rb+offset]`, a bindless
/// buffer whose handle is in URa (at 24) and the index register at 64, the
/// offset signed as in form 5 (nvdisasm prints `cx[UR2][R0+-0x4]`); fields
/// the corpus never shows set are refused.
pub(super) fn ldc(b: &mut Builder) -> Result<Op, DecodeError> {
    let size = MemSize::from_bits(b.w.bits(73, 3))
        .filter(|s| s.bytes() <= 8)
        .ok_or_else(|| b.bad("LDC", "size", b.w.bits(73, 3)))?;
    let c = if b.w.bit(91) {
        b.expect("LDC", "form", 9, 3, 2)?;
        b.expect("LDC", "bit 72", 72, 1, 0)?;
        b.expect("LDC", "bits 76..91", 76, 15, 0)?;
        b.expect("LDC", "bits 92..105", 92, 13, 0)?;
        CBuf { bank: 0, offset: b.w.sbits(38, 16) as i32, index: b.reg(64), ubank: Some(b.ureg(24)) }
    } else {
        b.expect("LDC", "form", 9, 3, 5)?;
        b.expect("LDC", "bits 64..73", 64, 9, 0)?;
        b.expect("LDC", "bits 76..105", 76, 29, 0)?;
        CBuf { index: b.reg(24), ..b.cbuf_bytes("LDC")? }
    };
    b.push(Operand::reg(b.reg(16)), true);
    b.push(Operand::CBuf(c, SrcMods::default()), true);
    Ok(Op::Ldc { size })
}
