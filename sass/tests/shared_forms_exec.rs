//! The shared-memory operations' uniform-register forms on the interpreter,
//! with shared memory bound (`harness::run_shared`): ATOMS form 4u (a
//! register operation on `[Ra+URb+imm]`) and LDGSTS form 6u (a global ->
//! shared copy to `[Ra+URb]`). Each word is a corpus word of
//! `sass/corpus/operand_forms.tsv` with its registers, offset and operation
//! set, its text as nvdisasm 13.2 prints it (`nvdisasm -b SM87`). The
//! uniform register moves the address by 0x20: read without it, the
//! accesses land on other (zero) words.

mod harness;

use harness::{op, run_shared, umov, DATA};

/// `LDS Rd, [R7+UR4+off]` (`LDS R5, [R2+UR10]` of the corpus with its fields set).
fn lds(d: u8, off: u32) -> gpuiface_sass::Word {
    let text = if off == 0 { format!("LDS R{d}, [R7+UR4] ;") } else { format!("LDS R{d}, [R7+UR4+{off:#x}] ;") };
    op(0x0000000407007984 | u64::from(d) << 16 | u64::from(off) << 40, 0x001e240008000800, &text)
}

#[test]
fn atoms_form_4u_adds_the_uniform_register_to_the_address() {
    // [R2+UR4+0xc] = 0x10 + 0x20 + 0xc = 0x3c: twice 5 added, each
    // returning the old value; the plain form at [R2+0x2c] (the same word)
    // returns their sum, and so does the URZ form.
    let add =
        |d: u64| op(0x00000c070200798c | d << 16, 0x0003e80008000004, &format!("ATOMS.ADD R{d}, [R2+UR4+0xc], R7 ;"));
    let plain = op(0x00002c070208738c, 0x0003e80000000000, "ATOMS.ADD R8, [R2+0x2c], R7 ;");
    let urz = op(0x00002c070209798c, 0x0003e8000800003f, "ATOMS.ADD R9, [R2+URZ+0x2c], R7 ;");
    let body = [umov(4, 0x20), add(5), add(6), plain, urz];
    let got = run_shared(&[(2, 0x10), (7, 5)], &body, &[5, 6, 8, 9], &[]).expect("runs");
    assert_eq!(got, vec![0, 5, 10, 15]);
}

#[test]
fn ldgsts_form_6u_copies_to_the_shared_address_plus_the_uniform_register() {
    // 16 bytes from [R2.64] (DATA) to shared [R7+UR4] = 0x10 + 0x20.
    let copy = op(0x0000000002077dae, 0x000fe8000b921c44, "LDGSTS.E.128 [R7+UR4], [R2.64] ;");
    let data: Vec<u8> = (0..4u32).flat_map(|i| (0xa000_0000 | i).to_le_bytes()).collect();
    let regs = [(2, DATA as u32), (3, (DATA >> 32) as u32), (7, 0x10)];
    let body = [umov(4, 0x20), copy, lds(9, 0), lds(10, 4), lds(11, 8), lds(12, 0xc)];
    let got = run_shared(&regs, &body, &[9, 10, 11, 12], &data).expect("runs");
    assert_eq!(got, vec![0xa000_0000, 0xa000_0001, 0xa000_0002, 0xa000_0003]);
    // Without UR4 the copy lands at 0x10, and [R7+UR4] (UR4 set after it) reads zero.
    let body = [copy, umov(4, 0x20), lds(9, 0)];
    assert_eq!(run_shared(&regs, &body, &[9], &data).expect("runs"), vec![0]);
}
