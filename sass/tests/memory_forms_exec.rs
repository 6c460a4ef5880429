//! The addressing forms of the global, generic and local memory operations
//! and the atomics (`decode/mem.rs`, `ADDR_FORMS`) on the interpreter. Each
//! word is a corpus word of `sass/corpus/operand_forms.tsv` with its
//! registers, offset and form bits set, its text as nvdisasm 13.2 prints it
//! (`nvdisasm -b SM87`). Addresses are chosen so that a misread field (a
//! 24-bit offset read where there are 32, a sign- rather than zero-extended
//! `.U32` register, the source register read from the wrong field) lands on
//! other data or faults.

mod harness;

use gpuiface_sass::{decode, Fault, Word};
use harness::{op, run_data, run_local, umov, DATA};

/// `DATA` split into the register pair R2, R3, plus `add`.
fn pair(add: u64) -> [(u8, u32); 2] {
    let a = DATA.wrapping_add(add);
    [(2, a as u32), (3, (a >> 32) as u32)]
}

/// 16 distinct words of data: word `i` is `0xa000_0000 + i`.
fn data() -> Vec<u8> {
    (0..16u32).flat_map(|i| (0xa000_0000 | i).to_le_bytes()).collect()
}

/// `UMOV URd, lo; UMOV URd+1, hi`: a 64-bit uniform pair.
fn upair(d: u8, v: u64) -> [Word; 2] {
    [umov(d, v as u32), umov(d + 1, (v >> 32) as u32)]
}

/// `LDG.E R5, [R2+off]` (form 1), the word ptxas emits, read back after a store.
fn ldg_back(off: u32) -> Word {
    let w = Word(0x000f6200041e1900_0000000602057381u128 | u128::from(off & 0xff_ffff) << 40);
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(format!("LDG.E R5, [R2+{off:#x}] ;")));
    w
}

#[test]
fn ld_without_a_uniform_register_takes_a_32_bit_offset() {
    let ld = op(0x0000001002057980, 0x000ea20004101900, "LD.E R5, [R2+0x10] ;");
    assert_eq!(run_data(&pair(0), &[ld], &[5], &data()).expect("runs"), vec![0xa000_0004]);
    // -0xfffff8 needs 25 bits: read as 24 (bits 40..64) it would be -0x10000.
    let far = op(0xff00000802057980, 0x000ea20004101900, "LD.E R5, [R2+-0xfffff8] ;");
    assert_eq!(run_data(&pair(0xfffff8 + 0x20), &[far], &[5], &data()).expect("runs"), vec![0xa000_0008]);
}

#[test]
fn ldg_form_1_reads_the_pair_with_a_24_bit_offset_whatever_bits_32_and_90_hold() {
    // Bits 32..40 hold 0x06 (ptxas leaves them so): no uniform register.
    let b90 = op(0x0000080602057381, 0x000f6200041e1900, "LDG.E R5, [R2+0x8] ;");
    let neg = op(0xfffff80602057381, 0x000f6200001e1900, "LDG.E R5, [R2+-0x8] ;");
    assert_eq!(run_data(&pair(0), &[b90], &[5], &data()).expect("runs"), vec![0xa000_0002]);
    assert_eq!(run_data(&pair(0x10), &[neg], &[5], &data()).expect("runs"), vec![0xa000_0002]);
    // The high word counts: the pair at 4 GiB below is unmapped, and the
    // fault names the address.
    let low = [(2, DATA as u32), (3, (DATA >> 32) as u32 - 1)];
    match run_data(&low, &[b90], &[5], &data()) {
        Err(Fault::Mmu { va, write: false, .. }) => assert_eq!(va, DATA - (1 << 32) + 8),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_u32_register_is_zero_extended_beside_a_uniform_pair() {
    let u32_ = op(0x0000080402057981, 0x000f6200081e0900, "LDG.E R5, [R2.U32+UR4+0x8] ;");
    // R2 = 0xffff_fff0 zero-extended: UR4:UR5 + 0xffff_fff0 + 8 = DATA + 0x18.
    // Sign-extended it would be 4 GiB lower, unmapped.
    let base = DATA + 0x10 - 0xffff_fff0;
    let mut body = upair(4, base).to_vec();
    body.push(u32_);
    assert_eq!(run_data(&[(2, 0xffff_fff0), (3, 0xdead)], &body, &[5], &data()).expect("runs"), vec![0xa000_0006]);
    // `.64`: the pair R2:R3 plus UR4:UR5.
    let wide = op(0x0000080402057981, 0x000f62000c1e0900, "LDG.E R5, [R2.64+UR4+0x8] ;");
    let mut body = upair(4, DATA - 0x1_0000_0000).to_vec();
    body.push(wide);
    assert_eq!(run_data(&[(2, 4), (3, 1)], &body, &[5], &data()).expect("runs"), vec![0xa000_0003]);
}

#[test]
fn stores_without_a_uniform_register_read_their_source_where_the_form_puts_it() {
    // ST form 1: a 32-bit offset at 32, the source at 64 (R6).
    let st = op(0x0000001402007385, 0x004fe20004101906, "ST.E [R2+0x14], R6 ;");
    let v = run_data(&[pair(0)[0], pair(0)[1], (6, 0x600d)], &[st, ldg_back(0x14)], &[5], &data());
    assert_eq!(v.expect("runs"), vec![0x600d]);
    // STG form 1: a 24-bit offset at 40, the source at 32.
    let stg = op(0x0000180602007386, 0x001fe80004101904, "STG.E [R2+0x18], R6 ;");
    let v = run_data(&[pair(0)[0], pair(0)[1], (6, 0xfeed)], &[stg, ldg_back(0x18)], &[5], &data());
    assert_eq!(v.expect("runs"), vec![0xfeed]);
    // STG [R2.U32+UR4+0x1c]: R2 = 4 (R3 not read) with UR4:UR5 = DATA
    // stores at DATA + 0x20; read back through the pair DATA.
    let stg_u = op(0x00001c0602007986, 0x001fe80008100904, "STG.E [R2.U32+UR4+0x1c], R6 ;");
    let [u0, u1] = upair(4, DATA);
    let back = [harness::mov(2, DATA as u32), harness::mov(3, (DATA >> 32) as u32), ldg_back(0x20)];
    let body = [u0, u1, stg_u, back[0], back[1], back[2]];
    let v = run_data(&[(2, 4), (3, 0xdead), (6, 0xbeef)], &body, &[5], &data());
    assert_eq!(v.expect("runs"), vec![0xbeef]);
}

#[test]
fn atomics_without_a_uniform_register_and_with_one() {
    let regs = [pair(0)[0], pair(0)[1], (6, 5)];
    // ATOM (generic, into global memory), form 1: R7 = old, memory += 5.
    let atom = op(0x000020060207738a, 0x000fe800001ee1c4, "ATOM.E.ADD.STRONG.GPU PT, R7, [R2+0x20], R6 ;");
    let v = run_data(&regs, &[atom, ldg_back(0x20)], &[7, 5], &data()).expect("runs");
    assert_eq!(v, vec![0xa000_0008, 0xa000_000d]);
    // ATOMG.EXCH, form 1.
    let exch = op(0x00002406020773a8, 0x000fe200041ee1c4, "ATOMG.E.EXCH.STRONG.GPU PT, R7, [R2+0x24], R6 ;");
    let v = run_data(&regs, &[exch, ldg_back(0x24)], &[7, 5], &data()).expect("runs");
    assert_eq!(v, vec![0xa000_0009, 5]);
    // RED, form 4 without bit 91.
    let red = op(0x000028060200798e, 0x004fe8000410e184, "RED.E.ADD.STRONG.GPU [R2+0x28], R6 ;");
    let v = run_data(&regs, &[red, ldg_back(0x28)], &[5], &data()).expect("runs");
    assert_eq!(v, vec![0xa000_000f]);
    // RED [R2.U32+UR4+0x2c]: R2 = 0 with UR4:UR5 = DATA + 4 adds at DATA + 0x30.
    let red_u = op(0x00002c060200798e, 0x004fe8000810e104, "RED.E.ADD.STRONG.GPU [R2.U32+UR4+0x2c], R6 ;");
    let [u0, u1] = upair(4, DATA + 4);
    let body = [u0, u1, harness::mov(2, 0), red_u, harness::mov(2, DATA as u32), ldg_back(0x30)];
    let v = run_data(&regs, &body, &[5], &data()).expect("runs");
    assert_eq!(v, vec![0xa000_0011]);
    // ATOMG.ADD [R2.64+UR4+0x30] (bit 70 set) and [R2.U32+UR4+0x30] (clear).
    let wide = op(0x00003006020779a8, 0x000fe200081ee144, "ATOMG.E.ADD.STRONG.GPU PT, R7, [R2.64+UR4+0x30], R6 ;");
    let narrow = op(0x00003006020779a8, 0x000fe200081ee104, "ATOMG.E.ADD.STRONG.GPU PT, R7, [R2.U32+UR4+0x30], R6 ;");
    let [u0, u1] = upair(4, 4);
    let v = run_data(&regs, &[u0, u1, wide, ldg_back(0x34)], &[7, 5], &data()).expect("runs");
    assert_eq!(v, vec![0xa000_000d, 0xa000_0012]);
    // R2.U32 = DATA's low word, UR4:UR5 = DATA's high word << 32, + 4.
    let [u0, u1] = upair(4, (DATA & !0xffff_ffff) + 4);
    let v = run_data(&regs, &[u0, u1, narrow, ldg_back(0x34)], &[7, 5], &data()).expect("runs");
    assert_eq!(v, vec![0xa000_000d, 0xa000_0012]);
}

#[test]
fn local_loads_and_stores_add_a_uniform_register() {
    let stl = op(0x0000080601007987, 0x000fe80008100804, "STL [R1+UR4+0x8], R6 ;");
    let ldl = op(0x0000040600057983, 0x000ea20008100800, "LDL R5, [R0+UR6+0x4] ;");
    let ldl_z = op(0x00001c3f00057983, 0x000ea20008100800, "LDL R5, [R0+URZ+0x1c] ;");
    // Bit 76 set: no uniform register, though the form has bit 91.
    let ldl_76 = op(0x0000040600057983, 0x000ea20008101800, "LDL R5, [R0+0x4] ;");
    // 4 + 0x10 + 8 = 0x1c, read back as 8 + 0x10 + 4 and 0 + 0x1c.
    let regs = [(1, 4), (0, 8), (6, 0x1234_5678)];
    let (u4, u6) = (umov(4, 0x10), umov(6, 0x10));
    assert_eq!(run_local(&regs, &[u4, u6, stl, ldl], &[5]).expect("runs"), vec![0x1234_5678]);
    let regs0 = [(1, 4), (0, 0), (6, 0x1234_5678)];
    assert_eq!(run_local(&regs0, &[u4, stl, ldl_z], &[5]).expect("runs"), vec![0x1234_5678]);
    // [R0+0x4] with R0 = 0x18 ignores UR6 (0x10): it reads 0x1c.
    let regs18 = [(1, 4), (0, 0x18), (6, 0x1234_5678)];
    assert_eq!(run_local(&regs18, &[u4, u6, stl, ldl_76], &[5]).expect("runs"), vec![0x1234_5678]);
    // Past the bound bytes: a fault.
    let far = [(1, 4), (0, harness::LOCAL), (6, 1)];
    assert!(run_local(&far, &[u4, u6, ldl], &[5]).is_err());
}

/// Neighbours nvdisasm refuses are refused.
#[test]
fn forms_nvdisasm_refuses_are_refused() {
    for w in [
        0x000ea200081019000000000402037980u128, // LD 4u, bit 90 clear without a uniform register
        0x000f62000c1e1b00000000060e0e7381,     // LDG form 1 with bit 91
        0x000f6200041e1b00000000060e0e7981,     // LDG form 4 without bit 91
        0x000fe2000c1ee184000000ff02ff79a8,     // ATOMG 4u, bit 70 clear without a uniform register
        0x004fe8000410e184000000090200738e,     // RED form 1
        0x000ea200081008000000000000007383,     // LDL form 1
    ] {
        assert!(decode(Word(w), 0).is_err(), "{w:#034x} decodes as {:?}", decode(Word(w), 0).map(|i| i.to_string()));
    }
}
