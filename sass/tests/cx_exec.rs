//! Bindless constant operands, `cx[URn][offset]` (forms 3u and 5u: the
//! constant slot with bit 91), on the interpreter. URn:URn+1 is the
//! buffer's 64-bit handle: its address / 16 in bits 0..45, its size / 16 in
//! bits 45..64; a read past the size is zero, as in a bound bank. Words are
//! from `sass/corpus/operand_forms.tsv` (each a corpus word in the form nvdisasm
//! printed as the text checked here).

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{mov_ur, run_data, umov, DATA};

/// A word from `operand_forms.tsv` (file order), checked to print as `text`.
fn tsv(hex: &str, text: &str) -> Word {
    let b: Vec<u8> = (0..16).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()).collect();
    let w = Word(u128::from_le_bytes(b.try_into().unwrap()));
    assert_eq!(decode(w, 0).map(|i| i.to_string()).as_deref(), Ok(text), "{hex}");
    w
}

/// `UMOV`s setting URu:URu+1 to the handle of `size` bytes at `DATA`.
fn handle(u: u8, size: u64) -> [Word; 2] {
    let h = DATA >> 4 | (size >> 4) << 45;
    [umov(u, h as u32), umov(u + 1, (h >> 32) as u32)]
}

/// 0x80 bytes: word k is 0x0101_0101 * (k + 1).
fn words() -> Vec<u8> {
    (0..32u32).flat_map(|k| (0x0101_0101u32.wrapping_mul(k + 1)).to_le_bytes()).collect()
}

fn one(body: &[Word], regs: &[(u8, u32)], out: u8, data: &[u8]) -> u32 {
    run_data(regs, body, &[out], data).expect("runs")[0]
}

#[test]
fn mov_reads_the_buffer_word_at_the_offset_within_its_size() {
    let mov = tsv("027a140050030000000f000800e40f00", "MOV R20, cx[UR16][0xc] ;");
    let [a, b] = handle(16, 0x80);
    assert_eq!(one(&[a, b, mov], &[], 20, &words()), 0x0404_0404);
    // The last word of a 16-byte buffer, and past an empty one.
    let [a, b] = handle(16, 0x10);
    assert_eq!(one(&[a, b, mov], &[], 20, &words()), 0x0404_0404);
    let [a, b] = handle(16, 0);
    assert_eq!(one(&[a, b, mov], &[(20, 7)], 20, &words()), 0);
    // cx[URZ]: a zero handle.
    let urz = tsv("027a14007f030000000f000800e40f00", "MOV R20, cx[URZ][0xc] ;");
    assert_eq!(one(&[urz], &[(20, 7)], 20, &words()), 0);
}

#[test]
fn prmt_reads_zero_past_the_size() {
    // PRMT R9, R10, R9, cx[UR20][0x40]: selector R9 = 0x7654 takes the
    // bindless operand's four bytes.
    let prmt = tsv("1676090a541000000900000800ca2f00", "PRMT R9, R10, R9, cx[UR20][0x40] ;");
    let mut data = words();
    data[0x40..0x44].copy_from_slice(&0xcafe_f00du32.to_le_bytes());
    let [a, b] = handle(20, 0x50);
    assert_eq!(one(&[a, b, prmt], &[(10, 0xdead_beef), (9, 0x7654)], 9, &data), 0xcafe_f00d);
    // A 0x40-byte buffer ends before the word.
    let [a, b] = handle(20, 0x40);
    assert_eq!(one(&[a, b, prmt], &[(10, 0xdead_beef), (9, 0x7654)], 9, &data), 0);
}

#[test]
fn iadd3_negates_the_bindless_operand() {
    let add = tsv("107a06ff02000080ffe0f10f00ca4f00", "IADD3 R6, P0, RZ, -cx[UR2][0x0], RZ ;");
    let [a, b] = handle(2, 0x80);
    assert_eq!(one(&[a, b, add], &[], 6, &words()), 0x0101_0101u32.wrapping_neg());
}

#[test]
fn ffma_adds_a_bindless_float_in_the_c_slot() {
    // Form 3u: -R6 * R3 + cx[UR0][0x0] = -(2 * 3) + 10 = 4.
    let fma = tsv("237603060000803f0301000800c80f00", "FFMA R3, -R6, R3, cx[UR0][0x0] ;");
    let [a, b] = handle(0, 0x10);
    let data = 10f32.to_bits().to_le_bytes();
    assert_eq!(one(&[a, b, fma], &[(6, 2f32.to_bits()), (3, 3f32.to_bits())], 3, &data), 4f32.to_bits());
}

#[test]
fn imad_wide_and_dadd_read_two_buffer_words() {
    let wide = tsv("25760200005800000f008e0f00cc0f00", "IMAD.WIDE.U32 R2, R0, R15, cx[UR0][0x160] ;");
    let mut data = vec![0u8; 0x170];
    data[0x160..0x168].copy_from_slice(&0x0000_0007_ffff_fff0u64.to_le_bytes());
    let [a, b] = handle(0, 0x170);
    // 3 * 5 + 0x7_ffff_fff0 = 0x7_ffff_ffff.
    let v = run_data(&[(0, 3), (15, 5)], &[a, b, wide], &[2, 3], &data).expect("runs");
    assert_eq!(v, vec![0xffff_ffff, 7]);
    let dadd = tsv("297606040000000004000008004c0000", "DADD R6, R4, cx[UR0][0x0] ;");
    let data = 2.25f64.to_bits().to_le_bytes();
    let [a, b] = handle(0, 0x10);
    let x = 1.5f64.to_bits();
    let v = run_data(&[(4, x as u32), (5, (x >> 32) as u32)], &[a, b, dadd], &[6, 7], &data).expect("runs");
    assert_eq!(u64::from(v[0]) | u64::from(v[1]) << 32, 3.75f64.to_bits());
}

#[test]
fn a_handle_in_an_odd_uniform_register_is_a_fault() {
    let p2r = tsv("037a06ff010000000000000800e40f00", "P2R R6, PR, RZ, cx[UR1][0x0] ;");
    let e = run_data(&[], &[p2r], &[6], &words()).unwrap_err();
    assert!(e.to_string().contains("cx[UR1]: a handle in an odd uniform register"), "{e}");
}

#[test]
fn uldc_loads_words_and_bytes_from_a_bindless_buffer() {
    let ldc64 = tsv("b97a060000460000000a000800c60f00", "ULDC.64 UR6, cx[UR0][0x118] ;");
    let mut data = vec![0u8; 0x120];
    data[0x118..0x120].copy_from_slice(&0x8877_6655_4433_2211u64.to_le_bytes());
    let [a, b] = handle(0, 0x120);
    let v = run_data(&[], &[a, b, ldc64, mov_ur(20, 6), mov_ur(21, 7)], &[20, 21], &data).expect("runs");
    assert_eq!(v, vec![0x4433_2211, 0x8877_6655]);
    // ULDC.U8 of byte 0x11b: the aligned word's top byte.
    let u8_ = tsv("b97a0600c04600000000000800c60f00", "ULDC.U8 UR6, cx[UR0][0x11b] ;");
    assert_eq!(run_data(&[], &[a, b, u8_, mov_ur(20, 6)], &[20], &data).expect("runs"), vec![0x44]);
    // Past the buffer's 0x110 bytes: zero.
    let [a, b] = handle(0, 0x110);
    let v = run_data(&[(20, 1), (21, 1)], &[a, b, ldc64, mov_ur(20, 6), mov_ur(21, 7)], &[20, 21], &data);
    assert_eq!(v.expect("runs"), vec![0, 0]);
}

#[test]
fn uldc_names_its_handle_register_at_bits_24() {
    // nvdisasm: `cx[UR4]` from bits 24..30; bits 32..38 (here 0x3f) are not read.
    let w = tsv("b97a06043f460000000a000800c60f00", "ULDC.64 UR6, cx[UR4][0x118] ;");
    let mut data = vec![0u8; 0x120];
    data[0x118..0x120].copy_from_slice(&0x8877_6655_4433_2211u64.to_le_bytes());
    let [a, b] = handle(4, 0x120);
    let v = run_data(&[], &[a, b, w, mov_ur(20, 6), mov_ur(21, 7)], &[20, 21], &data).expect("runs");
    assert_eq!(v, vec![0x4433_2211, 0x8877_6655]);
}

#[test]
fn ldc_reads_a_bindless_buffer_at_a_register_index() {
    // Form 2u (nvdisasm 13.2): cx[URa][Rb+imm], URa at 24, Rb at 64, the offset signed.
    let w = |lo: u64, hi: u64, text: &str| {
        let w = Word(u128::from(lo) | u128::from(hi) << 64);
        assert_eq!(decode(w, 0).map(|i| i.to_string()).as_deref(), Ok(text));
        w
    };
    let ldc = w(0x0000020004077582, 0x000ee80008000803, "LDC R7, cx[UR4][R3+0x8] ;");
    let ldc64 = w(0x003fff0004077582, 0x000ee80008000a03, "LDC.64 R7, cx[UR4][R3+-0x4] ;");
    let ldc_u8 = w(0x000000c004077582, 0x000ee80008000003, "LDC.U8 R7, cx[UR4][R3+0x3] ;");
    let [a, b] = handle(4, 0x80);
    // R3 = 0x10: word 0x18 / 4 = 6 holds 0x0707_0707.
    assert_eq!(one(&[a, b, ldc], &[(3, 0x10)], 7, &words()), 0x0707_0707);
    // R3 = 0x10, -4: words 3 and 4.
    let v = run_data(&[(3, 0x10)], &[a, b, ldc64], &[7, 8], &words()).expect("runs");
    assert_eq!(v, vec![0x0404_0404, 0x0505_0505]);
    // Byte 0x13 of word 4 (0x0505_0505 = bytes 05).
    let mut data = words();
    data[0x13] = 0xa7;
    assert_eq!(one(&[a, b, ldc_u8], &[(3, 0x10)], 7, &data), 0xa7);
    // Past the buffer's 0x10 bytes: zero.
    let [a, b] = handle(4, 0x10);
    assert_eq!(one(&[a, b, ldc], &[(3, 0x10)], 7, &words()), 0);
}
