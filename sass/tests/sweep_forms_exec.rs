//! The forms the PTX sweep (`sass/corpus/sweep/`) found refused or wrong,
//! one instruction at a time on the interpreter: F2F/F2I/FRND with f16 and
//! f64 sides, F2F.BF16.F32, F2FP and HFMA2 `.RELU`, F2FP `.MERGE_C`,
//! FMNMX/HMNMX2 `.XORSIGN`, F2IP, `.SAT` of -0, and the decoding of LDG
//! without `.64`, ATOMG `.F16x2` and HADD2 with a uniform register. Words
//! are ptxas 12.9's (`sass/corpus/sweep/sm_87/*.cubin`), their text checked
//! against what nvdisasm prints. Expected values are PTX's semantics (PTX ISA,
//! `cvt`, `min`/`max`, `fma`, `.sat`, `.relu`), worked out in the comments;
//! the whole kernels run against `sass/corpus/sweep/fx.py`'s references in
//! `backend-mock/tests/ptx_sweep.rs`.

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{dreg, one, op, run};

fn two(regs: &[(u8, u32)], body: &[Word], out: u8) -> u64 {
    let v = run(1, regs, body, &[out, out + 1]);
    u64::from(v[0]) | u64::from(v[1]) << 32
}

#[test]
fn f2f_between_f16_and_f64() {
    let widen = op(0x0000000300067310, 0x00321e0000101800, "F2F.F64.F16 R6, R3 ;");
    let narrow = op(0x0000000400037310, 0x00321e0000300800, "F2F.F16.F64 R3, R4 ;");
    // cvt.f64.f16 is exact: 1.0, the smallest subnormal 2^-24; a NaN is the canonical double NaN.
    assert_eq!(two(&[(3, 0x3c00)], &[widen], 6), 1f64.to_bits());
    assert_eq!(two(&[(3, 0x0001)], &[widen], 6), 2f64.powi(-24).to_bits());
    assert_eq!(two(&[(3, 0xfe01)], &[widen], 6), 0x7fff_ffff_ffff_ffff);
    // cvt.rn.f16.f64 rounds once, ties to even: 1 + 2^-11 -> 1.0, 1 + 3 * 2^-11 -> 1 + 2^-9;
    // 65520 (halfway between 65504 and 2^16) -> inf, 65519 -> 65504.
    assert_eq!(one(&dreg(4, 1.0 + 2f64.powi(-11)), &[narrow], 3), 0x3c00);
    assert_eq!(one(&dreg(4, 1.0 + 3.0 * 2f64.powi(-11)), &[narrow], 3), 0x3c02);
    assert_eq!(one(&dreg(4, 65520.0), &[narrow], 3), 0x7c00);
    assert_eq!(one(&dreg(4, 65519.0), &[narrow], 3), 0x7bff);
    // .FTZ with an f16 side is refused (not seen in compiled code).
    assert!(decode(Word(widen.0 | 1 << 80), 0).is_err());
}

#[test]
fn frnd_f16_rounds_to_integers_in_f16() {
    let rn = op(0x0000000300087307, 0x00321e0000100800, "FRND.F16 R8, R3 ;");
    // cvt.rni.f16.f16: 2.5 -> 2.0 (ties to even), -0.5 -> -0, a NaN -> the canonical 0x7fff.
    assert_eq!(one(&[(3, 0x4100)], &[rn], 8), 0x4000);
    assert_eq!(one(&[(3, 0xb800)], &[rn], 8), 0x8000);
    assert_eq!(one(&[(3, 0x7e01)], &[rn], 8), 0x7fff);
}

#[test]
fn f2i_from_f16_to_64_bits_and_from_f64_to_8_bits() {
    let s64 = op(0x0000000300087311, 0x00321e0000101900, "F2I.S64.F16 R8, R3 ;");
    let u8_ = op(0x0000000400037311, 0x00321e0000300000, "F2I.U8.F64 R3, R4 ;");
    // cvt.rni.s64.f16: -5.0 -> -5, 2.5 -> 2, +inf -> the largest s64 (saturating).
    assert_eq!(two(&[(3, 0xc500)], &[s64], 8), (-5i64) as u64);
    assert_eq!(two(&[(3, 0x4100)], &[s64], 8), 2);
    assert_eq!(two(&[(3, 0x7c00)], &[s64], 8), i64::MAX as u64);
    // cvt.rni.u8.f64 saturates: 300 -> 255, -1 -> 0, NaN -> 0, 7.5 -> 8.
    assert_eq!(one(&dreg(4, 300.0), &[u8_], 3), 255);
    assert_eq!(one(&dreg(4, -1.0), &[u8_], 3), 0);
    assert_eq!(one(&dreg(4, f64::NAN), &[u8_], 3), 0);
    assert_eq!(one(&dreg(4, 7.5), &[u8_], 3), 8);
}

#[test]
fn f2f_bf16_from_f32_rounds_once_and_ftz_flushes_the_source() {
    let rn = op(0x0000000300087304, 0x00321e0000202000, "F2F.BF16.F32 R8, R3 ;");
    let ftz = op(0x0000000300087304, 0x00321e0000212000, "F2F.FTZ.BF16.F32 R8, R3 ;");
    // Ties to even: 1 + 2^-8 -> 1.0, 1 + 3 * 2^-8 -> 1 + 2^-6.
    assert_eq!(one(&[(3, 0x3f80_8000)], &[rn], 8), 0x3f80);
    assert_eq!(one(&[(3, 0x3f81_8000)], &[rn], 8), 0x3f82);
    // The largest negative f32 subnormal rounds to -2^-126; `.ftz` (cvt.rn.ftz.bf16.f32)
    // flushes the subnormal source to -0 first.
    assert_eq!(one(&[(3, 0x807f_ffff)], &[rn], 8), 0x8080);
    assert_eq!(one(&[(3, 0x807f_ffff)], &[ftz], 8), 0x8000);
}

#[test]
fn f2fp_relu_clamps_negatives_to_plus_zero() {
    let pack = op(0x000000050405723e, 0x003fde00000008ff, "F2FP.RELU.PACK_AB R5, R4, R5 ;");
    let merge = op(0x00000004ff08723e, 0x003fde00000048ff, "F2FP.RELU.MERGE_C R8, R4, RZ ;");
    // cvt.rn.relu.f16x2.f32 d, a, b: a's half high, b's low; -1.0 -> +0, a NaN -> 0x7fff.
    assert_eq!(one(&[(4, 0xbf80_0000), (5, 0x4000_0000)], &[pack], 5), 0x0000_4000);
    assert_eq!(one(&[(4, 0x3fc0_0000), (5, 0xffc0_0000)], &[pack], 5), 0x3e00_7fff);
    // cvt.rn.relu.f16.f32: -0 -> +0; 3.0 -> 0x4200 in the low half, RZ's (zero) above it.
    assert_eq!(one(&[(4, 0x8000_0000)], &[merge], 8), 0);
    assert_eq!(one(&[(4, 0x4040_0000)], &[merge], 8), 0x4200);
}

#[test]
fn hfma2_relu_clamps_each_lane() {
    let relu = op(0x0000000604077231, 0x003fde0003808005, "HFMA2.RELU R7, R4, R6, R5 ;");
    // fma.rn.relu.f16x2: low lane 1 * -2 + 0.5 = -1.5 -> +0; high lane 2 * 3 + 0 = 6 (0x4600).
    let regs = [(4, 0x4000_3c00), (6, 0x4200_c000), (5, 0x0000_3800)];
    assert_eq!(one(&regs, &[relu], 7), 0x4600_0000);
    // A predicate operand other than PT (nvdisasm prints it) is refused.
    assert!(decode(Word(relu.0 & !(0xf << 87)), 0).is_err());
}

#[test]
fn xorsign_min_takes_the_xor_of_the_signs_unless_nan() {
    let fmin = op(0x4000000504087209, 0x003fde0003840200, "FMNMX.XORSIGN R8, |R4|, |R5|, PT ;");
    // min.xorsign.abs.f32: min(|-3|, |2|) = 2 with sign 1 ^ 0 -> -2.0.
    assert_eq!(one(&[(4, 0xc040_0000), (5, 0x4000_0000)], &[fmin], 8), 0xc000_0000);
    // One NaN: the other operand (its magnitude) with the XOR of both signs; two NaNs:
    // the canonical NaN, its sign not applied (PTX: "unless it is a NaN").
    assert_eq!(one(&[(4, 0xffc0_0000), (5, 0x4000_0000)], &[fmin], 8), 0xc000_0000);
    assert_eq!(one(&[(4, 0xffc0_0000), (5, 0x7fc0_0000)], &[fmin], 8), 0x7fff_ffff);
    let hmin = op(0x4000000504067240, 0x003fde0003840200, "HMNMX2.XORSIGN R6, |R4|, |R5|, PT ;");
    // min.xorsign.abs.f16x2: low min(1, 0.5) with sign 0 ^ 1 -> -0.5; high min(3, 2) with 1 ^ 0 -> -2.
    assert_eq!(one(&[(4, 0xc200_3c00), (5, 0x4000_b800)], &[hmin], 6), 0xc000_b800);
    // Two NaNs in the low lane: the canonical 0x7fff, unsigned.
    assert_eq!(one(&[(4, 0x3c00_7e00), (5, 0x3c00_fe00)], &[hmin], 6), 0x3c00_7fff);
}

#[test]
fn sat_of_minus_zero_is_plus_zero() {
    // PTX `.sat` clamps to [0.0, 1.0] (CUDA's __saturatef: [+0.0, 1.0]): a -0 result is +0.
    let fmul = op(0x0000000503087220, 0x003fde0000402000, "FMUL.SAT R8, R3, R5 ;");
    let fadd = op(0x8000000503087221, 0x003fde0000002000, "FADD.SAT R8, R3, -R5 ;");
    let hmul = op(0x0000000504067232, 0x003fde0000002000, "HMUL2.SAT R6, R4, R5 ;");
    assert_eq!(one(&[(3, 0x8000_0000), (5, 0x4000_0000)], &[fmul], 8), 0);
    assert_eq!(one(&[(3, 0x3f40_0000), (5, 0x4000_0000)], &[fmul], 8), 0x3f80_0000);
    // -0 - +0 = -0 -> +0.
    assert_eq!(one(&[(3, 0x8000_0000), (5, 0)], &[fadd], 8), 0);
    // High lane -0 * 1 = -0 -> +0; low lane 0.5 * 4 = 2 -> 1.0.
    assert_eq!(one(&[(4, 0x8000_3800), (5, 0x3c00_4400)], &[hmul], 6), 0x0000_3c00);
}

#[test]
fn f2ip_converts_to_one_saturated_byte() {
    let rn = op(0x00000004ff007243, 0x084fe200000004ff, "F2IP.U8.F32.NTZ R0, RZ, R4.reuse, RZ ;");
    let rz = op(0x00000004ff087243, 0x000fc4000000c4ff, "F2IP.U8.F32.TRUNC.NTZ R8, RZ, R4, RZ ;");
    // cvt.rni.u8.f32: 2.5 -> 2, 254.5 -> 254 (ties to even), 300 -> 255, -3 -> 0, NaN -> 0.
    for (x, want) in [(2.5f32, 2), (254.5, 254), (300.0, 255), (-3.0, 0), (f32::NAN, 0)] {
        assert_eq!(one(&[(4, x.to_bits())], &[rn], 0), want, "{x}");
    }
    // cvt.rzi.u8.f32: 2.7 -> 2.
    assert_eq!(one(&[(4, 2.7f32.to_bits())], &[rz], 8), 2);
    // An A or C other than RZ (how they would be packed is not known) is refused on the interpreter.
    let a =
        op(0x00000004ff007243 & !(0xff << 24) | 3 << 24, 0x084fe200000004ff, "F2IP.U8.F32.NTZ R0, R3, R4.reuse, RZ ;");
    assert!(std::panic::catch_unwind(|| one(&[(4, 0)], &[a], 0)).is_err());
}

#[test]
fn sweep_memory_and_uniform_forms_decode_as_nvdisasm_prints_them() {
    // LDG without `.64`: the address is still the register pair (as ATOMG.E.CAS's).
    op(0x00000000020d7381, 0x00321e00001e0900, "LDG.E R13, [R2] ;");
    op(0x00000000020d7980, 0x00321e0000100900, "LD.E R13, [R2] ;");
    op(0x00000000020679a8, 0x00321e00081ee9c4, "ATOMG.E.ADD.F16x2.RN.STRONG.GPU PT, R6, [R2.64], R0 ;");
    let red = op(0x000000000200798e, 0x0033de000c10e984, "RED.E.ADD.F16x2.RN.STRONG.GPU [R2.64], R0 ;");
    // RED.E.MIN.F16x2 (nvdisasm prints it; its semantics are not known) is refused.
    assert!(decode(Word(red.0 ^ 1 << 87), 0).is_err());
    op(0x60000004ff037e30, 0x000fe20008010900, "HADD2.FTZ R3, -RZ.H0_H0, |UR4.H0_H0| ;");
    // With a uniform register and bit 90 clear the register is a 32-bit
    // offset, zero-extended (`tests/memory_forms_exec.rs`).
    op(0x000000000a0c7980, 0x0002a20008100900, "LD.E R12, [R10.U32+UR0] ;");
}
