//! Checks on an instruction's shape made before its operation decodes it:
//! which operand forms (bits 9..12) it takes, and bit 91, which marks a
//! uniform-datapath operand.
//!
//! The forms are those compiled code uses (every form the corpus and the
//! suite contain, `sass/corpus/`): a form outside them is refused as
//! unknown rather than guessed, so a word nvdisasm would not print never
//! decodes. `tests/disasm_corpus.rs` proves every corpus word passes.

/// The forms each operation takes, a bit per form (bit `f` for form `f`).
/// Operations absent here check their forms themselves.
const FORMS: &[(u16, u8)] = &[
    (0x002, 0b0111_0010), // MOV: reg, imm, cbuf, ureg
    (0x003, 0b0111_0010), // P2R: reg, imm, cbuf, ureg mask
    (0x004, 0b0111_0010), // R2P
    (0x005, 0b0001_0000), // CS2R
    (0x006, 0b0001_0000), // VOTE
    (0x007, 0b0111_0010), // SEL
    (0x008, 0b0111_0010), // FSEL
    (0x009, 0b0111_0010), // FMNMX
    (0x00a, 0b0011_0010), // FSET.BF
    (0x00b, 0b0111_0010), // FSETP
    (0x00c, 0b0111_0010), // ISETP
    (0x010, 0b0111_0010), // IADD3
    (0x011, 0b0111_0110), // LEA (form 6: a uniform base, `in + (size_t)blockIdx.x * cols`; form 2: `.HI` only, an immediate high word)
    (0x012, 0b0111_0010), // LOP3
    (0x013, 0b0111_0010), // IABS (form 4: nvdisasm prints the immediate signed)
    (0x014, 0b1111_1110), // VABSDIFF
    (0x016, 0b1111_1110), // PRMT
    (0x017, 0b0111_0010), // IMNMX
    (0x019, 0b1111_1110), // SHF
    (0x01a, 0b0111_0010), // SGXT
    (0x01b, 0b0111_0010), // BMSK
    (0x01c, 0b0001_0000), // PLOP3
    (0x01f, 0b0110_0010), // PLOP3 over sign bits
    (0x020, 0b0111_0010), // FMUL
    (0x021, 0b1000_1110), // FADD
    (0x023, 0b1111_1110), // FFMA
    (0x024, 0b1111_1110), // IMAD
    (0x025, 0b1111_1010), // IMAD.WIDE
    (0x026, 0b0110_0010), // IDP
    (0x027, 0b1111_1010), // IMAD.HI
    (0x028, 0b0111_0010), // DMUL
    (0x029, 0b1000_1110), // DADD
    (0x02a, 0b1000_1110), // DSETP
    (0x02b, 0b1111_1110), // DFMA
    (0x038, 0b0111_0010), // I2I.<8/16-bit>.S32.SAT
    (0x082, 0b0101_0000), // UMOV
    (0x086, 0b0001_0000), // VOTEU
    (0x087, 0b0001_0010), // USEL
    (0x08c, 0b0001_0010), // UISETP
    (0x090, 0b0001_0010), // UIADD3
    (0x091, 0b0001_0010), // ULEA
    (0x092, 0b0001_0010), // ULOP3
    (0x096, 0b0001_0010), // UPRMT
    (0x099, 0b0001_0110), // USHF
    (0x09a, 0b0001_0010), // USGXT
    (0x09b, 0b0001_0010), // UBMSK
    (0x0a4, 0b0001_0110), // UIMAD (form 1: `ntid.x * ntid.y`; form 2: a register times a register plus an immediate)
    (0x0a5, 0b0001_0010), // UIMAD.WIDE (form 1: `(size_t)blockIdx.x * cols`)
    (0x0a7, 0b0000_0000), // UIMAD.HI: refused by nvdisasm
    (0x0b9, 0b0010_0000), // ULDC
    (0x0bd, 0b0001_0010), // UFLO (form 4: an immediate)
    (0x0bf, 0b0001_0010), // UPOPC (form 4: an immediate)
    (0x100, 0b0111_0010), // FLO (form 6: `__ffs` of a warp-uniform mask)
    (0x101, 0b0111_0010), // BREV
    (0x102, 0b0111_0010), // FCHK
    (0x104, 0b0111_0010), // F2F (f16)
    (0x105, 0b0111_0010), // F2I
    (0x106, 0b0111_0010), // I2F
    (0x107, 0b0111_0010), // FRND
    (0x108, 0b0111_0010), // MUFU
    (0x109, 0b0111_0010), // POPC
    (0x110, 0b0111_0010), // F2F
    (0x111, 0b0111_0010), // F2I.F64
    (0x112, 0b0111_0010), // I2F.64
    (0x113, 0b0111_0010), // FRND.F64 (form 6: `FRND.F64.CEIL R10, UR4`, a uniform pair, ptxas -O3 for `cvt.rpi.f64.f64` of a uniform value)
    (0x118, 0b0001_0000), // NOP
    (0x119, 0b0001_0000), // S2R
    (0x11c, 0b0000_0010), // B2R
    (0x11d, 0b0011_0110), // BAR (1: id and count in one register, 2: id register, 4: count register, 5: immediates)
    (0x141, 0b0001_0000), // BSYNC
    (0x142, 0b0001_0000), // BREAK
    (0x145, 0b0001_0000), // BSSY
    (0x146, 0b0001_0000), // YIELD
    (0x147, 0b0001_0100), // BRA (form 2: a uniform predicate, `BRA.U UP0, 0x50`)
    (0x14d, 0b0001_0000), // EXIT
    (0x150, 0b0001_0000), // RET
    (0x182, 0b0010_0100), // LDC (form 2: bindless, `cx[URa][Rb+imm]`)
    (0x184, 0b0001_0000), // LDS
    (0x188, 0b0001_0010), // STS (form 4: a uniform register in the address, `[R3+UR5]`)
    (0x189, 0b1001_0110), // SHFL (form 1: lane and segment mask in registers, a run-time width)
    (0x1c2, 0b0000_0010), // R2UR
    (0x1c3, 0b0001_0000), // S2UR
    (0x1c4, 0b0000_0010), // REDUX
];

/// The uniform-datapath ALU operations (opcodes 0x087..0x0c0 but ULDC):
/// bit 91 is set in all of them.
fn uniform_alu(op: u16) -> bool {
    (0x087..0x0c0).contains(&op) && op != 0x0b9
}

/// Why a word's shape is refused, or `None` when it may go on to decode.
/// `write_barrier` is the control bits' write scoreboard (7: none), which
/// an operation that writes no register cannot set.
pub(super) fn refused(op: u16, form: u8, bit91: bool, write_barrier: u8) -> Option<(&'static str, u64)> {
    // BAR too: nvdisasm refuses it with a write scoreboard (its `.RED` result is read by B2R).
    if matches!(op, 0x11d | 0x185..=0x188 | 0x18e | 0x18f) && write_barrier != 7 {
        return Some(("write scoreboard of an operation without a result", u64::from(write_barrier)));
    }
    if let Ok(i) = FORMS.binary_search_by_key(&op, |&(o, _)| o) {
        if FORMS[i].1 >> form & 1 == 0 {
            return Some(("operand form (bits 9..12)", u64::from(form)));
        }
    }
    let want91 = match op {
        // BRA and CCTL read bit 91 themselves; the global, generic and
        // local memory operations and the atomics read it with their
        // addressing forms (`decode/mem.rs`, `ADDR_FORMS`).
        0x147 | 0x18f => return None,
        0x180 | 0x181 | 0x183 | 0x185..=0x187 | 0x18a | 0x18b | 0x18e | 0x1a8 | 0x1a9 => return None,
        // CALL.REL and RET: form 4 takes a uniform register for the
        // register (`CALL.REL.NOINC UR0, 0x2b0`, `RET.REL.NODEC UR4, ...`).
        0x144 | 0x150 if form == 4 => bit91,
        // WARPSYNC: a bindless constant mask (form 5, `cx[URn][..]`) or a
        // uniform register (form 6).
        0x148 => match form {
            5 => bit91,
            6 => true,
            _ => false,
        },
        // LDGSTS: form 6 adds a uniform register to the shared address.
        0x1ae => true,
        // ATOMS's uniform-address form (7, `ATOMS.POPC.INC.32 RZ, [R5+URZ]`)
        // sets it; nvdisasm refuses it with the register form and without it here.
        // Its form 4 (a register operation) takes one too: `[UR0+0xc]`.
        0x18c => matches!(form, 4 | 7),
        // LDSM: bit 91 adds a uniform register to the address (`[R7+UR0]`).
        0x03b => bit91,
        // LDC: the bindless form 2 (`cx[UR2][R0+0x180]`) sets it (decode/mem.rs).
        0x182 => form == 2,
        // LDS: it adds a uniform register to the address (`[R2+UR10]`, `[UR10]`).
        0x184 => bit91,
        // STS: its form 4 (only) adds one (`[R3+UR5]`).
        0x188 => form == 4,
        // UPLOP3.LUT (uniform predicates only, no register operand) leaves
        // it clear: `UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x0` (ptxas -O3).
        0x09c => false,
        _ if uniform_alu(op) => true,
        // A constant operand (forms 3 and 5) in a bindless constant buffer,
        // `cx[URn][offset]`, sets it.
        0x000..=0x113 | 0x15d if matches!(form, 3 | 5) => bit91,
        // An ALU operand in a uniform register (forms 6 and 7) sets it
        // (FRND.F64, 0x113, too: nvdisasm refuses its form 6 without it).
        0x000..=0x113 | 0x15d => form >= 6,
        _ => false,
    };
    (bit91 != want91).then_some(("uniform-operand bit 91", u64::from(bit91)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_table_is_sorted_for_binary_search() {
        assert!(super::FORMS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    fn text(w: u128) -> Result<String, crate::DecodeError> {
        crate::decode(crate::Word(w), 0).map(|i| i.to_string())
    }

    /// Issue 38's forms (words from NVRTC output of `sass/corpus/src/everyday.cu`,
    /// or nvdisasm-checked neighbours of them), as nvdisasm prints them.
    #[test]
    fn everyday_forms_decode_as_nvdisasm_prints_them() {
        for (w, want) in [
            (0x002fe4000f8e003f00000004060472a5, "UIMAD.WIDE.U32 UR4, UR6, UR4, URZ ;"),
            (0x000fc8000f8e023f00000006070772a4, "UIMAD UR7, UR7, UR6, URZ ;"),
            // UIMAD has no carry-out: nvdisasm ignores bits 81..84 there.
            (0x000fc8000f8c023f00000006070772a4, "UIMAD UR7, UR7, UR6, URZ ;"),
            (0x000fe4000f8e28ff000000040c0c7c11, "LEA R12, R12, UR4, 0x5 ;"),
            (0x000fe400080f0eff0000000705067c11, "LEA.HI.X.SX32 R6, R5, UR7, 0x1, P0 ;"),
            (0x000e2200080e000000000006000c7d00, "FLO.U32 R12, UR6 ;"),
            (0x000e2200080e000000000006000c7d00 ^ 1 << 74, "FLO.U32.SH R12, UR6 ;"),
            (0x0001e4000d00003f0000000005ff7f8c, "ATOMS.POPC.INC.32 RZ, [R5+URZ] ;"),
            (0x0001e4000d00003f0000100005ff7f8c, "ATOMS.POPC.INC.32 RZ, [R5+URZ+0x10] ;"),
            (0x0001e4000d00003f00001000ffff7f8c, "ATOMS.POPC.INC.32 RZ, [URZ+0x10] ;"),
            (0x000fe200000000008000000405ff038c, "@P0 ATOMS.ADD RZ, [R5+-0x800000], R4 ;"),
            (0x000fe20000000000800000040000038c, "@P0 ATOMS.ADD R0, [R0+-0x800000], R4 ;"),
            (0x000fe800081ee1c40000000f0aff798a, "ATOM.E.ADD.STRONG.GPU PT, RZ, [R10.64], R15 ;"),
            (0x000ea2000c1ee1c40000000d0809798a, "ATOM.E.EXCH.STRONG.GPU PT, R9, [R8.64], R13 ;"),
            (0x008e2800000e000b0000000a09097389, "SHFL.IDX PT, R9, R9, R10, R11 ;"),
            (0x001e2400080008000000000aff057984, "LDS R5, [UR10] ;"),
            (0x001e2400080048000000100aff057984, "LDS R5, [RZ.X4+UR10+0x10] ;"),
            (0x001e2400080008000000000a02057984, "LDS R5, [R2+UR10] ;"),
            (0x0001e200080008050000000a03007988, "STS [R3+UR5], R10 ;"),
        ] {
            assert_eq!(text(w).as_deref(), Ok(want), "{w:#034x}");
        }
    }

    /// Their neighbours nvdisasm refuses are refused.
    #[test]
    fn everyday_forms_refuse_what_nvdisasm_refuses() {
        for w in [
            0x002fe400078e003f00000004060472a5u128, // UIMAD.WIDE without bit 91
            0x002fe4000f8e003f0000000406047ca5,     // UIMAD.WIDE, form 6
            0x000e2200000e000000000006000c7d00,     // FLO, form 6 without bit 91
            0x0001e4000500003f0000000005ff7f8c,     // ATOMS.POPC.INC without bit 91
            0x000fe2000800000000000004ffff038c,     // ATOMS.ADD (form 1) with bit 91
            0x0001e4000800003f0000000005ff7f8c,     // ATOMS.ADD in the uniform form
            0x0001e20008000800000000ff03007388,     // STS form 1 with bit 91
            0x000fe800001ee1c40000000f0aff798a,     // ATOM without bit 91
        ] {
            assert!(text(w).is_err(), "{w:#034x} decodes as {:?}", text(w));
        }
    }

    /// Forms of the random programs' -O3 code (seed-7 campaign), as nvdisasm
    /// prints them, and the neighbours nvdisasm refuses.
    #[test]
    fn random_campaign_forms_decode_as_nvdisasm_prints_them() {
        for (w, want) in [
            (0x000e2200083018000000000400047d13, "FRND.F64 R4, UR4 ;"),
            (0x000e22000830980000000004000a9d13, "@!P1 FRND.F64.CEIL R10, UR4 ;"),
            (0x000fe20003f0f070000000000000789c, "UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x0 ;"),
        ] {
            assert_eq!(text(w).as_deref(), Ok(want), "{w:#034x}");
        }
        for w in [
            0x000e2200003018000000000400047d13u128, // FRND.F64 form 6 without bit 91
            0x000fe2000bf0f070000000000000789c,     // UPLOP3.LUT with bit 91
        ] {
            assert!(text(w).is_err(), "{w:#034x} decodes as {:?}", text(w));
        }
    }
}
