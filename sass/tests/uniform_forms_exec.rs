//! Operand forms of issue 38 items 1 and 2 beyond `cx[]` (`cx_exec.rs`) on
//! the interpreter: a uniform register or an immediate where compiled code
//! was not seen to put one (P2R's mask, HFMA2.MMA's B and C, F2F and
//! F2FP from a uniform register, FRND.F64 from a uniform pair or a
//! bindless constant, UPOPC and UFLO of an immediate, IABS of a signed
//! immediate, NANOSLEEP and WARPSYNC with a register). Words are from
//! `sass/corpus/operand_forms.tsv`, or neighbours of them nvdisasm 13.2 prints
//! as the text `op` checks; expected values are worked out in the comments.

mod harness;

use harness::{mov, mov_ur, one, op, run, run_data, umov, DATA};

#[test]
fn iabs_of_a_signed_immediate() {
    let neg5 = op(0xfffffffb000c7813, 0x000fca0000000000, "IABS R12, -0x5 ;");
    assert_eq!(one(&[], &[neg5], 12), 5);
    let min = op(0x80000000000c7813, 0x000fca0000000000, "IABS R12, -0x80000000 ;");
    assert_eq!(one(&[], &[min], 12), 0x8000_0000);
}

#[test]
fn upopc_and_uflo_of_an_immediate() {
    let popc = op(0x0000f0f0000678bf, 0x000fe20008000000, "UPOPC UR6, 0xf0f0 ;");
    assert_eq!(one(&[], &[popc, mov_ur(20, 6)], 20), 8);
    // The highest set bit of 0x4 is bit 2; of 0, none (0xffffffff).
    let flo = op(0x00000004000578bd, 0x000fe200080e0000, "UFLO.U32 UR5, 0x4 ;");
    assert_eq!(one(&[], &[flo, mov_ur(20, 5)], 20), 2);
    let flo0 = op(0x00000000000578bd, 0x000fe200080e0000, "UFLO.U32 UR5, 0x0 ;");
    assert_eq!(one(&[], &[flo0, mov_ur(20, 5)], 20), 0xffff_ffff);
}

#[test]
fn upopc_and_uflo_invert_a_uniform_register_under_a_tilde() {
    // From a seed-7 random program (`bfind.shiftamt` of a `not`): bit 63 is
    // the `~` nvdisasm prints; it was refused, and before that ignored.
    let flo = op(0x80000005000572bd, 0x000fe400080e0400, "UFLO.U32.SH UR5, ~UR5 ;");
    // ~0xfffffff0 = 0xf: 28 leading zeros (.SH counts from the top).
    assert_eq!(one(&[], &[umov(5, 0xffff_fff0), flo, mov_ur(20, 5)], 20), 28);
    let popc = op(0x80000005000672bf, 0x000fe20008000000, "UPOPC UR6, ~UR5 ;");
    assert_eq!(one(&[], &[umov(5, 0xffff_00ff), popc, mov_ur(20, 6)], 20), 8);
}

#[test]
fn p2r_takes_its_mask_from_a_uniform_register() {
    // P0 set (100 >= 40); P2R R6, PR, RZ, UR1 copies the predicates UR1 selects.
    let p0 = op(0x000000281b00780c, 0x001fda0003f06070, "ISETP.GE.U32.AND P0, PT, R27, 0x28, PT ;");
    let p2r = op(0x00000001ff067c03, 0x000fe40008000000, "P2R R6, PR, RZ, UR1 ;");
    assert_eq!(one(&[(27, 100)], &[p0, umov(1, 1), p2r], 6), 1);
    assert_eq!(one(&[(27, 100)], &[p0, umov(1, 0x7e), p2r], 6), 0);
}

#[test]
fn hfma2_mma_reads_a_uniform_register_as_b_or_c() {
    // -R2 * UR8 + RZ: -(2 * 1) in both halves.
    let b = op(0x0000000802117c35, 0x000fe200080001ff, "HFMA2.MMA R17, -R2, UR8, RZ ;");
    assert_eq!(one(&[(2, 0x4000_4000)], &[umov(8, 0x3c00_3c00), b], 17), 0xc000_c000);
    // -RZ * RZ + UR8: UR8 itself (1.0, 2.0).
    let c = op(0x00000008ff117e35, 0x000fe200080001ff, "HFMA2.MMA R17, -RZ, RZ, UR8 ;");
    assert_eq!(one(&[], &[umov(8, 0x3c00_4000), c], 17), 0x3c00_4000);
}

#[test]
fn f2f_and_f2fp_convert_a_uniform_register() {
    // 1/3 rounded up to f16: 0x3556 (0x3555 is below it).
    let f2f = op(0x0000000200077d04, 0x004e280008208800, "F2F.F16.F32.RP R7, UR2 ;");
    assert_eq!(one(&[], &[umov(2, 0x3eaa_aaab), f2f], 7), 0x3556);
    // PACK_AB: R2 (1.0) in the high half, UR5 (2.0) in the low.
    let pack = op(0x0000000502097c3e, 0x004fca00080000ff, "F2FP.PACK_AB R9, R2, UR5 ;");
    assert_eq!(one(&[(2, 1f32.to_bits())], &[umov(5, 2f32.to_bits()), pack], 9), 0x3c00_4000);
}

#[test]
fn frnd_f64_from_a_uniform_pair_or_a_bindless_constant() {
    let ur = op(0x0000000200067d13, 0x000e30000830d800, "FRND.F64.TRUNC R6, UR2 ;");
    let x = 2.75f64.to_bits();
    let v = run(1, &[], &[umov(2, x as u32), umov(3, (x >> 32) as u32), ur], &[6, 7]);
    assert_eq!(u64::from(v[0]) | u64::from(v[1]) << 32, 2f64.to_bits());
    // cx[UR2][0x0]: the handle of 16 bytes at DATA holding -2.75.
    let cx = op(0x0000000200067b13, 0x000e30000830d800, "FRND.F64.TRUNC R6, cx[UR2][0x0] ;");
    let h = DATA >> 4 | (16u64 >> 4) << 45;
    let data = (-2.75f64).to_bits().to_le_bytes();
    let v = run_data(&[], &[umov(2, h as u32), umov(3, (h >> 32) as u32), cx], &[6, 7], &data).expect("runs");
    assert_eq!(u64::from(v[0]) | u64::from(v[1]) << 32, (-2f64).to_bits());
}

#[test]
fn nanosleep_and_warpsync_take_a_register() {
    let sleep = op(0x0000000a0000735d, 0x000fe20003800000, "NANOSLEEP R10 ;");
    let sync = op(0x0000000a00007348, 0x000fe20003800000, "WARPSYNC R10 ;");
    assert_eq!(run(64, &[(10, u32::MAX), (4, 6)], &[sleep, sync, mov(5, 7)], &[4, 5]), vec![6, 7]);
}
