//! The instruction forms of issue 38 on the interpreter (FRND.F64, FSET.BF,
//! FMNMX.NAN, FCHK with a negated dividend, FMUL.M*/.D*, I2F from 8/16
//! bits, F2I.F16, BMSK with a register width, P2R, RET under a condition)
//! and DSETP's reuse flags. Words come from `sass/corpus/sm_87/forms.O3.tsv`
//! (ptxas 12.9) or the issue, their text checked against what nvdisasm
//! prints; expected values are worked out in the comments. The whole
//! kernels run against exact references in `sass/corpus/hand_forms.py`.

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{dreg, mov, one, op, run};

fn done(regs: &[(u8, u32)], body: &[Word], out: u8) -> u64 {
    let v = run(1, regs, body, &[out, out + 1]);
    u64::from(v[0]) | u64::from(v[1]) << 32
}

#[test]
fn frnd_f64_rounds_to_integers_keeping_the_sign_of_zero() {
    let rn = op(0x0000000200047313, 0x004ff00000301800, "FRND.F64 R4, R2 ;");
    let ceil = op(0x00000002000a7313, 0x000e620000309800, "FRND.F64.CEIL R10, R2 ;");
    // Ties to even: 2.5 -> 2, 3.5 -> 4; -0.5 -> -0.
    assert_eq!(done(&dreg(2, 2.5), &[rn], 4), 2f64.to_bits());
    assert_eq!(done(&dreg(2, 3.5), &[rn], 4), 4f64.to_bits());
    assert_eq!(done(&dreg(2, -0.5), &[rn], 4), (-0f64).to_bits());
    // Up: 1.25 -> 2, -0.5 -> -0, 2^52 + 1 stays.
    assert_eq!(done(&dreg(2, 1.25), &[ceil], 10), 2f64.to_bits());
    assert_eq!(done(&dreg(2, -0.5), &[ceil], 10), (-0f64).to_bits());
    assert_eq!(done(&dreg(2, 4503599627370497.0), &[ceil], 10), 4503599627370497f64.to_bits());
    // FTZ on doubles is refused (no compiler emits it).
    assert!(decode(Word(rn.0 | 1 << 80), 0).is_err());
}

#[test]
fn fset_bf_writes_one_or_zero() {
    let lt = op(0x0000000b0204720a, 0x0c0fe20003801000, "FSET.BF.LT.AND R4, R2.reuse, R11.reuse, PT ;");
    let nan = op(0x0000000b0209720a, 0x0c0fe40003808000, "FSET.BF.NAN.AND R9, R2.reuse, R11.reuse, PT ;");
    let gt_half = op(0x3f0000000208780a, 0x000fc40003804000, "FSET.BF.GT.AND R8, R2, 0.5, PT ;");
    let (one_f, nan_f) = (0x3f80_0000, 0x7fc0_0000);
    assert_eq!(one(&[(2, 0x3f80_0000), (11, 0x4000_0000)], &[lt], 4), one_f);
    assert_eq!(one(&[(2, 0x4000_0000), (11, 0x3f80_0000)], &[lt], 4), 0);
    // Unordered: LT fails, NAN holds; -0 < +0 does not hold.
    assert_eq!(one(&[(2, nan_f), (11, 0x3f80_0000)], &[lt], 4), 0);
    assert_eq!(one(&[(2, nan_f), (11, 0x3f80_0000)], &[nan], 9), one_f);
    assert_eq!(one(&[(2, 0x8000_0000), (11, 0)], &[lt], 4), 0);
    assert_eq!(one(&[(2, 0x3f00_0001)], &[gt_half], 8), one_f);
    assert_eq!(one(&[(2, 0x3f00_0000)], &[gt_half], 8), 0);
}

#[test]
fn fmnmx_nan_propagates_a_nan_operand() {
    let min = op(0x0000000502097209, 0x0c0fe40003820000, "FMNMX.NAN R9, R2.reuse, R5.reuse, PT ;");
    let max_half = op(0x3f000000020a7809, 0x044fe40007820000, "FMNMX.NAN R10, R2.reuse, 0.5, !PT ;");
    // One NaN is enough (plain FMNMX would give 1.0); the result is the canonical NaN.
    assert_eq!(one(&[(2, 0xffc0_0001), (5, 0x3f80_0000)], &[min], 9), 0x7fff_ffff);
    assert_eq!(one(&[(2, 0x3f80_0000), (5, 0x7f80_0001)], &[min], 9), 0x7fff_ffff);
    assert_eq!(one(&[(2, 0x7fc0_0000)], &[max_half], 10), 0x7fff_ffff);
    // Numbers as plain FMNMX: -0 below +0.
    assert_eq!(one(&[(2, 0), (5, 0x8000_0000)], &[min], 9), 0x8000_0000);
    assert_eq!(one(&[(2, 0x3e80_0000)], &[max_half], 10), 0x3f00_0000);
}

/// `FSEL R11, R3, R10, P0`: R3 if P0 is set, else R10.
fn fsel_p0() -> Word {
    op(0x0000000a030b7208, 0x001fe20000000000, "FSEL R11, R3, R10, P0 ;")
}

#[test]
fn fchk_takes_the_negated_dividend_and_sends_zero_dividends_to_the_slow_path() {
    let chk = op(0x0000000700007302, 0x008e620000000100, "FCHK P0, -R0, R7 ;");
    let p0 = |a: u32, b: u32| one(&[(0, a), (7, b), (3, 1), (10, 0)], &[chk, fsel_p0()], 11) == 1;
    assert!(!p0(0x3f80_0000, 0x4040_0000), "1 / 3: the fast path");
    // A zero dividend: the fast path's FFMA with RZ would lose -0's sign.
    assert!(p0(0, 0x4040_0000));
    assert!(p0(0x0000_0001, 0x4040_0000), "a subnormal dividend");
    assert!(p0(0x3f80_0000, 0x7f80_0000), "an infinite divisor");
    // Modifiers other than `-` and `|x|` at 72..74 are not there; the A reuse flag nvdisasm does not print.
    assert!(decode(Word(chk.0 | 1 << 122), 0).is_err());
}

#[test]
fn fmul_scales_the_rounded_product() {
    let m4 = op(0x0000000502087220, 0x0c4fe20000600000, "FMUL.M4 R8, R2.reuse, R5.reuse ;");
    let d2 = op(0x0000000502097220, 0x0c0fe20000300000, "FMUL.D2 R9, R2.reuse, R5.reuse ;");
    let d8 = op(0x00000005020b7220, 0x000fca0000110000, "FMUL.FTZ.D8 R11, R2, R5 ;");
    // 3 · 5 · 4.
    assert_eq!(one(&[(2, 0x4040_0000), (5, 0x40a0_0000)], &[m4], 8), 0x4270_0000);
    // MAX · 1 · 4 overflows to +inf.
    assert_eq!(one(&[(2, 0x7f7f_ffff), (5, 0x3f80_0000)], &[m4], 8), 0x7f80_0000);
    // (1 + 3·2^-23)·2^-126 / 2 is 0x400001.8 subnormal units: to even, 0x400002.
    assert_eq!(one(&[(2, 0x0080_0003), (5, 0x3f80_0000)], &[d2], 9), 0x0040_0002);
    // FTZ: 2^-126 / 8 is subnormal, flushed to +0; the product's sign stays on a zero.
    assert_eq!(one(&[(2, 0x0080_0000), (5, 0x3f80_0000)], &[d8], 11), 0);
    assert_eq!(one(&[(2, 0x0080_0000), (5, 0xbf80_0000)], &[d8], 11), 0x8000_0000);
    // Scale 0 prints as .INVALID0 in nvdisasm: refused.
    assert!(decode(Word(m4.0 & !(7 << 84)), 0).is_err());
}

#[test]
fn i2f_reads_the_byte_or_half_it_names() {
    let s16 = op(0x0000000200087306, 0x000ff00000101400, "I2F.S16 R8, R2 ;");
    let u16h = op(0x1000000200097306, 0x000e30000010d000, "I2F.U16.RZ R9, R2.H1 ;");
    let s8 = op(0x00000000000a7306, 0x000e620000001400, "I2F.S8 R10, R0 ;");
    let s8b3 = op(0x30000000000a7306, 0x000e620000001400, "I2F.S8 R10, R0.B3 ;");
    let d16 = op(0x0000000000047312, 0x000e220000101c00, "I2F.F64.S16 R4, R0 ;");
    assert_eq!(one(&[(2, 0x1234_ffff)], &[s16], 8), (-1f32).to_bits());
    assert_eq!(one(&[(2, 0xffff_0001)], &[u16h], 9), 65535f32.to_bits());
    assert_eq!(one(&[(0, 0x0000_0180)], &[s8], 10), (-128f32).to_bits());
    assert_eq!(one(&[(0, 0x7f00_0000)], &[s8b3], 10), 127f32.to_bits());
    assert_eq!(done(&[(0, 0x0000_8000)], &[d16], 4), (-32768f64).to_bits());
    // A 16-bit source's selector 2 prints as .INVALID2; an 8-bit immediate nvdisasm refuses.
    assert!(decode(Word(s16.0 | 2 << 60), 0).is_err());
    assert!(decode(Word(s8.0 & !(7 << 9) | 4 << 9), 0).is_err());
}

#[test]
fn f2i_f16_converts_the_half_it_names() {
    let trunc = op(0x1000000200067305, 0x004ff0000010f100, "F2I.F16.TRUNC.NTZ R6, R2.H1 ;");
    let rn_u32 = op(0x0000000200077305, 0x000e240000103000, "F2I.U32.F16.NTZ R7, R2 ;");
    // High half 0xc0e0 = -2.4375: toward zero -2 (the low half, 65504, is not read).
    assert_eq!(one(&[(2, 0xc0e0_7bff)], &[trunc], 6), (-2i32) as u32);
    // Low half 0x3e00 = 1.5: to nearest even 2; -1.5 saturates to 0; NaN gives 0; +inf saturates.
    assert_eq!(one(&[(2, 0xdead_3e00)], &[rn_u32], 7), 2);
    assert_eq!(one(&[(2, 0x0000_be00)], &[rn_u32], 7), 0);
    assert_eq!(one(&[(2, 0x0000_7e00)], &[rn_u32], 7), 0);
    assert_eq!(one(&[(2, 0x0000_7c00)], &[rn_u32], 7), u32::MAX);
}

#[test]
fn bmsk_takes_its_width_from_a_register() {
    let clamp = op(0x000000050208721b, 0x004fe40000000000, "BMSK R8, R2, R5 ;");
    let wrap = op(0x000000020509721b, 0x000fca0000000800, "BMSK.W R9, R5, R2 ;");
    assert_eq!(one(&[(2, 4), (5, 8)], &[clamp], 8), 0xff0);
    // Width 40 clamps to 32; .W takes it mod 32 (8).
    assert_eq!(one(&[(2, 4), (5, 40)], &[clamp], 8), 0xffff_fff0);
    assert_eq!(one(&[(5, 4), (2, 40)], &[wrap], 9), 0xff0);
}

#[test]
fn p2r_packs_the_predicates_r2p_unpacks() {
    let r2p = op(0x000000030a007804, 0x000fe20000000000, "R2P PR, R10, 0x3 ;");
    // P2R R19, PR, R3, 0x3 (the ptxas word with A = R3 and mask 3).
    let p2r = op(0x0000000303137803, 0x000fe40000000000, "P2R R19, PR, R3, 0x3 ;");
    // R10 = 0b10: P0 clear, P1 set; R19 = R3 with bits 0 and 1 replaced.
    assert_eq!(one(&[(10, 2), (3, 0xffff_ff01)], &[r2p, p2r], 19), 0xffff_ff02);
    // nvdisasm -json lists P2R's `PR` as the predicate: the JSON form says so.
    let i = decode(p2r, 0).unwrap();
    assert_eq!((i.predicate_json(), i.operands_json()), ("PR".to_string(), "R19,R3,0x3".to_string()));
}

#[test]
fn ret_with_a_condition_returns_only_where_it_holds() {
    // The word with its offset cleared: `@!P4 RET.REL.NODEC !P2, R28`
    // to the next instruction plus R28 (16: past `MOV R9, 2`).
    let ret = Word(0x000fea000543ffffffffec101c00c950 & !(((1u128 << 50) - 1) << 32));
    let i = decode(ret, 0).unwrap();
    assert_eq!(
        (i.predicate_text(), i.opcode_text(), i.operands_json()),
        ("@!P4".into(), "RET.REL.NODEC".into(), "!P2,R28,0x10".into())
    );
    let fall = mov(9, 2);
    // P2 is clear: !P2 holds and the lane returns past the MOV.
    assert_eq!(one(&[(28, 16), (9, 1)], &[ret, fall], 9), 1);
    // With the condition P2 it does not: the lane goes on.
    let ret_p2 = Word(ret.0 & !(1 << 90));
    assert_eq!(one(&[(28, 16), (9, 1)], &[ret_p2, fall], 9), 2);
}

#[test]
fn dsetp_reads_its_second_register_through_the_c_port() {
    // Reuse flag 0x4 (slot 2) marks the second source; slot 1's nvdisasm refuses.
    let w = |flags: u128| decode(Word(0x001e220005f290000000001c1c00722a | flags << 122), 0).map(|i| i.to_string());
    assert_eq!(w(4), Ok("DSETP.LTU.AND P1, PT, R28, R28.reuse, !P3 ;".to_string()));
    assert_eq!(w(5), Ok("DSETP.LTU.AND P1, PT, R28.reuse, R28.reuse, !P3 ;".to_string()));
    assert!(w(2).is_err());
}

#[test]
fn cs2r_reads_the_64_bit_clock_and_global_timer_as_pairs() {
    // `clock64()` and `%globaltimer` (ptxas: CS2R Rd, SR_CLOCKLO and
    // SR_GLOBALTIMERLO, as in the corpus's `clocks_and_ids`). The mock's
    // clocks count the warp-instructions run so far: one more per
    // instruction, and both clocks read the same count.
    let clock8 = op(0x0000000000087805, 0x000fc80000015000, "CS2R R8, SR_CLOCKLO ;");
    let clock10 = op(0x00000000000a7805, 0x000fc80000015000, "CS2R R10, SR_CLOCKLO ;");
    let timer12 = op(0x00000000000c7805, 0x000fc80000015200, "CS2R R12, SR_GLOBALTIMERLO ;");
    let v = run(1, &[(9, 0xdead), (11, 0xdead), (13, 0xdead)], &[clock8, clock10, timer12], &[8, 9, 10, 11, 12, 13]);
    let pair = |k: usize| u64::from(v[k]) | u64::from(v[k + 1]) << 32;
    let (first, second, timer) = (pair(0), pair(2), pair(4));
    // The high words are written (the prologue's 0xdead is gone).
    assert!(first > 0 && first < 1 << 32, "{first:#x}");
    assert_eq!(second, first + 1);
    assert_eq!(timer, second + 1);
}
