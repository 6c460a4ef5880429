//! The operand forms OPERAND_FORMS.md listed as not decoded, on the
//! interpreter: LEA.HI with an immediate high word (form 2) and
//! F2FP.MERGE_C with C an immediate or uniform register (forms 2, 7).
//! nvdisasm names form 2 of LEA only with `.HI` and forms 2/3/7 of F2FP
//! only with `.MERGE_C` (`LEA.???0`, `F2FP.???0` otherwise): those are
//! refused. Words are the operand_forms.tsv seeds with their fields
//! replaced, each text checked against what nvdisasm prints; each result
//! is checked against the register form of the same operation.

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{one, op, run_data, umov};

#[test]
fn lea_hi_with_an_immediate_high_word_matches_the_register_form() {
    let imm = op(0x500097411, 0xfe200078f2003, "LEA.HI R9, R0, R3, 0x5, 0x4 ;");
    let reg = op(0x300097211, 0xfe200078f2004, "LEA.HI R9, R0, R3, R4, 0x4 ;");
    // ((5:0xf0000001) << 4) >> 32 = 0x50 | 0xf = 0x5f, plus R3 = 0x100.
    let regs = [(0, 0xf000_0001), (3, 0x100), (4, 5)];
    assert_eq!(one(&regs, &[imm], 9), 0x15f);
    assert_eq!(one(&regs, &[reg], 9), 0x15f);
    // The immediate's top bit is data (no negation): 0xffffffff as the
    // high word, shift 4: 0xfffffff0 | 0x8 (R0's top nibble) + 1.
    let all = Word(imm.0 | 0xffff_ffffu128 << 32);
    assert_eq!(decode(all, 0).map(|i| i.to_string()), Ok("LEA.HI R9, R0, R3, 0xffffffff, 0x4 ;".to_string()));
    let regs = [(0, 0x8000_0000), (3, 1), (4, 0xffff_ffff)];
    assert_eq!(one(&regs, &[all], 9), 0xffff_fff9);
    assert_eq!(one(&regs, &[reg], 9), 0xffff_fff9);
    // Bit 73 (.SX32 in the register form) is ignored by nvdisasm here: the
    // high word is the immediate, and the decoder does the same.
    let sx = Word(imm.0 | 1 << 73);
    assert_eq!(decode(sx, 0).map(|i| i.to_string()), Ok("LEA.HI R9, R0, R3, 0x5, 0x4 ;".to_string()));
    // Without .HI nvdisasm prints `LEA.???0`: refused.
    assert!(decode(Word(imm.0 & !(1 << 80)), 0).is_err());
    // A reuse flag on the immediate's slot (bit 124) is refused by nvdisasm and the decoder.
    assert!(decode(Word(imm.0 | 1 << 124), 0).is_err());
}

#[test]
fn f2fp_merge_c_with_a_zero_immediate_or_uniform_c_matches_the_register_form() {
    let imm = op(0x209743e, 0x4fca0000004005, "F2FP.MERGE_C R9, R5, 0 ;");
    let ureg = op(0x402097e3e, 0x4fca0008004005, "F2FP.MERGE_C R9, R5, UR4 ;");
    let reg = op(0x50209723e, 0x4fca00000040ff, "F2FP.MERGE_C R9, R5, RZ ;");
    // cvt.rn.f16.f32 of 3.0 is 0x4200, of 1/3 0x3555 (rounded to nearest), C zero above it.
    for (v, want) in [(0x4040_0000, 0x4200), (0x3eaa_aaab, 0x3555)] {
        assert_eq!(one(&[(5, v)], &[imm], 9), want);
        assert_eq!(one(&[(5, v)], &[umov(4, 0), ureg], 9), want);
        assert_eq!(one(&[(5, v)], &[reg], 9), want);
    }
    // A C other than 0: which half of it MERGE_C keeps is not known, so the
    // interpreter faults rather than guess.
    let two = op(0x400000000209743e, 0x4fca0000004005, "F2FP.MERGE_C R9, R5, 2 ;");
    assert!(run_data(&[(5, 0x4040_0000)], &[two], &[9], &[]).is_err());
    assert!(run_data(&[(5, 0x4040_0000)], &[umov(4, 1), ureg], &[9], &[]).is_err());
    // The constant form (3) decodes as nvdisasm prints it.
    let cbuf = Word(imm.0 & !(7 << 9) | 3 << 9);
    assert_eq!(decode(cbuf, 0).map(|i| i.to_string()), Ok("F2FP.MERGE_C R9, R5, c[0x0][0x0] ;".to_string()));
    // Without .MERGE_C nvdisasm prints `F2FP.???0`: refused, in every one of the forms.
    for w in [imm, ureg, cbuf] {
        assert!(decode(Word(w.0 & !(1 << 78)), 0).is_err());
    }
    // nvdisasm shows no reuse flag in these forms: a set one is refused.
    assert!(decode(Word(imm.0 | 1 << 123), 0).is_err());
}
