//! What the decoder and the interpreter say about an instruction they do
//! not know: the opcode, or the mnemonic and operands as far as they
//! decoded with the part of the word that is not known, and the PC.

use gpuiface_sass::{decode, run_launch, Code, ConstBuffer, DecodeError, Fault, FlatMemory, LaunchConfig, Word};

/// `IADD3 R6, P0, P1, R8, R4, R6` from a ptxas 12.9 cubin.
const IADD3: u128 = 0x004fc4000791e006_0000000408067210;

#[test]
fn an_unknown_opcode_is_named_by_its_number() {
    // Opcode 0x1ff: no compute instruction.
    let e = decode(Word(0x000fe400_00000000_00000000_000071ff), 0x40).unwrap_err();
    assert!(matches!(e, DecodeError::UnknownOpcode { opcode: 0x1ff, .. }), "{e:?}");
    assert!(e.to_string().starts_with("opcode 0x1ff is not an instruction this decoder knows"), "{e}");
}

#[test]
fn a_refused_shape_names_the_instruction_and_what_is_unknown() {
    // The same IADD3 with the uniform-operand bit set, which its register
    // form (form 1) never has: decoded as far as it goes, then refused.
    let e = decode(Word(IADD3 | 1 << 91), 0).unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("IADD3 R6, P0, P1, R8, R4, R6: its uniform-operand bit 91 0x1"), "{text}");
    assert!(text.contains("0x004fc4000f91e0060000000408067210"), "{text}");
}

#[test]
fn the_interpreter_stops_at_the_refused_word_with_its_pc() {
    let base = 0x1_0000_0000u64;
    let nop = Word::from_le_bytes(*b"\x18\x79\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xc0\x0f\x00");
    assert_eq!(decode(nop, 0).map(|i| i.to_string()), Ok("NOP ;".to_string()));
    let prog = [nop, nop, Word(IADD3 | 1 << 91)];
    let mem = FlatMemory::new(base, 0x10000);
    mem.store(base, &prog.iter().flat_map(|w| w.0.to_le_bytes()).collect::<Vec<u8>>());
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: base + 0x9000, size: 0x200 });
    let cfg = LaunchConfig {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        registers: 16,
        shared_memory: 0,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: 100,
    };
    let f = run_launch(&mut Code::new(base), &mem, &cfg, None).unwrap_err();
    assert!(matches!(f, Fault::Illegal { pc: 0x20, .. }), "{f:?}");
    let text = f.to_string();
    assert!(
        text.starts_with("illegal instruction at 0x20: IADD3 R6, P0, P1, R8, R4, R6: its uniform-operand bit"),
        "{text}"
    );
}
