//! Single and double precision on the interpreter: directed rounding,
//! signed zeros, FTZ, DSETP's MIN/MAX, FSEL's modifiers, R2P and the
//! uniform datapath in a warp whose lane 0 has left. Each case loads its
//! inputs with `MOV`, runs instruction words taken from the corpus (their
//! text checked against what nvdisasm prints), and stores registers.
//! Expected values are worked out by hand in the comments.

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{dreg, one, op, run};

/// One thread, a double result in `out`, `out + 1`.
fn done(regs: &[(u8, u32)], body: &[Word], out: u8) -> u64 {
    let v = run(1, regs, body, &[out, out + 1]);
    u64::from(v[0]) | u64::from(v[1]) << 32
}

fn regs2(a: [(u8, u32); 2], b: [(u8, u32); 2]) -> Vec<(u8, u32)> {
    a.into_iter().chain(b).collect()
}

#[test]
fn fadd_rm_ftz_gives_negative_zero_for_exact_cancellation() {
    let sub = op(0x8000000502097221, 0x004fca0000014000, "FADD.FTZ.RM R9, R2, -R5 ;");
    // Subnormals flush to +0 first: +0 + (-0) rounded down is -0.
    assert_eq!(one(&[(2, 0x0000_0001), (5, 0x0000_0002)], &[sub], 9), 0x8000_0000);
    // 1 - 1 rounded down: -0.
    assert_eq!(one(&[(2, 0x3f80_0000), (5, 0x3f80_0000)], &[sub], 9), 0x8000_0000);
    // 1 - 2^-30 rounds down to the float below 1 (to nearest it would be 1).
    assert_eq!(one(&[(2, 0x3f80_0000), (5, 0x3080_0000)], &[sub], 9), 0x3f7f_ffff);
    // A subnormal result is flushed: 2^-125 - 1.5·2^-126 = 2^-127, then +0.
    assert_eq!(one(&[(2, 0x0100_0000), (5, 0x00c0_0000)], &[sub], 9), 0);
}

#[test]
fn fmul_rm_rounds_down_and_keeps_the_product_sign_of_zeros() {
    let mul = op(0x0000000502097220, 0x004fca0000404000, "FMUL.RM R9, R2, R5 ;");
    // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: down to 1 + 2^-22.
    assert_eq!(one(&[(2, 0x3f80_0001), (5, 0x3f80_0001)], &[mul], 9), 0x3f80_0002);
    // Negative: down is away from zero.
    assert_eq!(one(&[(2, 0xbf80_0001), (5, 0x3f80_0001)], &[mul], 9), 0xbf80_0003);
    // +0 · 1 is +0 (a product, not a sum with -0).
    assert_eq!(one(&[(2, 0), (5, 0x3f80_0000)], &[mul], 9), 0);
    // Overflow: MAX · 2 rounds down to MAX; -MAX · 2 to -inf.
    assert_eq!(one(&[(2, 0x7f7f_ffff), (5, 0x4000_0000)], &[mul], 9), 0x7f7f_ffff);
    assert_eq!(one(&[(2, 0xff7f_ffff), (5, 0x4000_0000)], &[mul], 9), 0xff80_0000);
}

#[test]
fn ffma_rz_truncates_the_exact_sum() {
    let fma = op(0x0000000a0c007223, 0x000fca000000c009, "FFMA.RZ R0, R12, R10, R9 ;");
    // (1 + 2^-12)^2 + 2^-40 = 1 + 2^-11 + 2^-24 + 2^-40: just above a tie,
    // so to nearest it would be 1 + 2^-11 + 2^-23; toward zero 1 + 2^-11.
    let r = one(&[(12, 0x3f80_0800), (10, 0x3f80_0800), (9, 0x2b80_0000)], &[fma], 0);
    assert_eq!(r, 0x3f80_1000);
}

#[test]
fn dadd_rm_and_dmul_rp_round_in_their_direction() {
    let sub = op(0x0000000002027229, 0x004e0e0000004804, "DADD.RM R2, R2, -R4 ;");
    // 1 - 2^-60: down to the double below 1.
    let r = done(&regs2(dreg(2, 1.0), dreg(4, 2f64.powi(-60))), &[sub], 2);
    assert_eq!(r, 0x3fef_ffff_ffff_ffff);
    // 1 - 1 rounded down: -0.
    assert_eq!(done(&regs2(dreg(2, 1.0), dreg(4, 1.0)), &[sub], 2), 0x8000_0000_0000_0000);
    let mul = op(0x0000000402027228, 0x0010620000008000, "DMUL.RP R2, R2, R4 ;");
    // (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104: up to 1 + 3·2^-52.
    let x = f64::from_bits(0x3ff0_0000_0000_0001);
    assert_eq!(done(&regs2(dreg(2, x), dreg(4, x)), &[mul], 2), 0x3ff0_0000_0000_0003);
    // -MAX · 2 rounded up stays finite: -MAX.
    assert_eq!(done(&regs2(dreg(2, -f64::MAX), dreg(4, 2.0)), &[mul], 2), (-f64::MAX).to_bits());
}

#[test]
fn dfma_rz_uses_the_exact_residual() {
    let fma = op(0x0000000a060c722b, 0x000e22000000c004, "DFMA.RZ R12, R6, R10, R4 ;");
    // (1 + 2^-52)(1 - 2^-53) - 0.5 = 0.5 + 2^-53 - 2^-105: just below the
    // double above 0.5, which is the nearest; toward zero it is 0.5.
    let (a, b) = (f64::from_bits(0x3ff0_0000_0000_0001), f64::from_bits(0x3fef_ffff_ffff_ffff));
    let regs: Vec<_> = [dreg(6, a), dreg(10, b), dreg(4, -0.5)].into_iter().flatten().collect();
    assert_eq!(done(&regs, &[fma], 12), 0.5f64.to_bits());
}

#[test]
fn i2f_and_f2f_round_down() {
    let i2f = op(0x0000000200027312, 0x004e280000305c00, "I2F.F64.S64.RM R2, R2 ;");
    let int = |v: i64| [(2, v as u32), (3, (v >> 32) as u32)];
    // ±(2^53 + 1) is between two doubles: down is 2^53 and -(2^53 + 2).
    assert_eq!(done(&int((1 << 53) + 1), &[i2f], 2), 9007199254740992f64.to_bits());
    assert_eq!(done(&int(-(1 << 53) - 1), &[i2f], 2), (-9007199254740994f64).to_bits());
    let f2f = op(0x0000000200077310, 0x004e280000305000, "F2F.F32.F64.RM R7, R2 ;");
    assert_eq!(one(&dreg(2, 1.0 - 2f64.powi(-40)), &[f2f], 7), 0x3f7f_ffff);
    assert_eq!(one(&dreg(2, -1.0 - 2f64.powi(-40)), &[f2f], 7), 0xbf80_0001);
    // Below the smallest subnormal: down to +0 (and -2^-160 to minus the smallest subnormal).
    assert_eq!(one(&dreg(2, 2f64.powi(-160)), &[f2f], 7), 0);
    assert_eq!(one(&dreg(2, -(2f64.powi(-160))), &[f2f], 7), 0x8000_0001);
}

/// `FSEL R11, R3, R10, Pn`: R3 if the predicate is set, else R10.
fn fsel_p(n: u8) -> Word {
    let w = op(0x0000000a030b7208, 0x001fe20000000000, "FSEL R11, R3, R10, P0 ;");
    let w = Word(w.0 | u128::from(n) << 87);
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(format!("FSEL R11, R3, R10, P{n} ;")));
    w
}

#[test]
fn dsetp_min_max_select_like_ieee_minimum_and_maximum() {
    let max = op(0x000000040200722a, 0x004e22000390f000, "DSETP.MAX.AND P0, P1, R2, R4, PT ;");
    let min = op(0x000000040200722a, 0x004e220003900000, "DSETP.MIN.AND P0, P1, R2, R4, PT ;");
    // P0: the result is a (R11 = R3, a's high word) rather than b (R11 = R10 = 0xdead);
    // P1: both are NaN.
    let case = |setp: Word, a: f64, b: f64| {
        let mut regs = regs2(dreg(2, a), dreg(4, b));
        regs.push((10, 0xdead));
        let p0 = one(&regs, &[setp, fsel_p(0)], 11) != 0xdead;
        let p1 = one(&regs, &[setp, fsel_p(1)], 11) != 0xdead;
        (p0, p1)
    };
    assert_eq!(case(max, 2.0, 1.0), (true, false));
    assert_eq!(case(max, 1.0, 2.0), (false, false));
    assert_eq!(case(min, 1.0, 2.0), (true, false));
    // -0 is below +0.
    assert_eq!(case(max, 0.0, -0.0), (true, false));
    assert_eq!(case(max, -0.0, 0.0), (false, false));
    assert_eq!(case(min, -0.0, 0.0), (true, false));
    // A NaN loses to a number; two NaNs raise P1.
    assert_eq!(case(max, f64::NAN, 1.0), (false, false));
    assert_eq!(case(min, 1.0, f64::NAN), (true, false));
    assert_eq!(case(max, f64::NAN, f64::NAN), (false, true));
}

#[test]
fn fsel_negates_the_sign_bit_only() {
    let sel = op(0x0000000409098208, 0x000fca0004800100, "@!P0 FSEL R9, -R9, R4, !P1 ;");
    // P0 and P1 start clear: the guard holds and !P1 picks -R9.
    assert_eq!(one(&[(9, 0x3f80_0000), (4, 7)], &[sel], 9), 0xbf80_0000);
    // A NaN keeps its payload: only the sign flips.
    assert_eq!(one(&[(9, 0x7fc0_0001), (4, 7)], &[sel], 9), 0xffc0_0001);
}

#[test]
fn r2p_sets_the_masked_predicates_from_register_bits() {
    let r2p = op(0x000000030a007804, 0x000fe20000000000, "R2P PR, R10, 0x3 ;");
    // R10 = 0b10: P0 clear, P1 set. (FSEL's false value is R10 itself.)
    let run_p = |n: u8| one(&[(10, 0b10), (3, 0x1234)], &[r2p, fsel_p(n)], 11);
    assert_eq!(run_p(0), 0b10);
    assert_eq!(run_p(1), 0x1234);
    // Bit 2 is outside the mask: P2 stays clear.
    assert_eq!(one(&[(10, 0b110), (3, 0x1234)], &[r2p, fsel_p(2)], 11), 0b110);
}

#[test]
fn uniform_instructions_run_when_lane_0_has_exited() {
    let tid = op(0x0000000000007919, 0x000e240000002100, "S2R R0, SR_TID.X ;");
    let setp = op(0x000000ff0000720c, 0x004fda0003f05270, "ISETP.NE.AND P0, PT, R0, RZ, PT ;");
    let exit0 = op(0x000000000000894d, 0x000fea0003800000, "@!P0 EXIT ;");
    let umov = op(0xc2383b9600047882, 0x000fe20000000000, "UMOV UR4, 0xc2383b96 ;");
    let mov = op(0x0000000400097c02, 0x000fe40008000f00, "MOV R9, UR4 ;");
    // Lanes 1..31 remain (all store to the same word).
    assert_eq!(run(32, &[], &[tid, setp, exit0, umov, mov], &[9]), [0xc238_3b96]);
}
