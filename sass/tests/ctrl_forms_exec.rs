//! The control-flow operand forms with a uniform operand on the
//! interpreter: BRA on a uniform predicate (form 2u), CALL and RET through
//! a uniform register (form 4u), WARPSYNC with its mask in a constant, a
//! bindless constant or a uniform register (forms 5, 5u, 6u). Words are
//! corpus words of `sass/corpus/operand_forms.tsv` with their fields set,
//! each text as nvdisasm 13.2 prints it at address 0 (`op`); targets are
//! relative, so `0x20` is two words past the branch. Run with 32 threads
//! (the converged fast path) and, in CI, with `GPUIFACE_SASS_PER_LANE=1`.

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{mov, op, run, run_data, run_threads, run_threads_with, stg, umov, DATA};

/// `UISETP.LE.AND UP0, UPT, UR4, 0x7, UPT`: UP0 = UR4 <= 7.
fn up0_le_7() -> Word {
    op(0x000000070400788c, 0x000fe4000bf03270, "UISETP.LE.AND UP0, UPT, UR4, 0x7, UPT ;")
}

/// `ISETP.GE.U32.AND P0, PT, R27, 0x10, PT`: P0 = thread index >= 16.
fn p0_high_half() -> Word {
    op(0x000000101b00780c, 0x001fda0003f06070, "ISETP.GE.U32.AND P0, PT, R27, 0x10, PT ;")
}

#[test]
fn bra_on_a_uniform_predicate_is_taken_where_it_and_the_condition_hold() {
    // Form 2u exists only as `.U` (variant 1, bit 32): see the test below.
    let bra = op(0x0000001100007547, 0x002fea000b800000, "BRA.U UP0, 0x20 ;");
    let not = op(0x0000001108007547, 0x002fea000b800000, "BRA.U !UP0, 0x20 ;");
    let p1 = op(0x0000001100007547, 0x002fea0008800000, "BRA.U P1, UP0, 0x20 ;");
    let not_p1 = op(0x0000001100007547, 0x002fea000c800000, "BRA.U !P1, UP0, 0x20 ;");
    // R9 is 1; the branch skips `MOV R9, 2`. UR4 = 3: UP0 holds; 9: not.
    // P1 is clear.
    for (b, ur4, want) in
        [(bra, 3, 1), (bra, 9, 2), (not, 3, 2), (not, 9, 1), (p1, 3, 2), (p1, 9, 2), (not_p1, 3, 1), (not_p1, 9, 2)]
    {
        let got = run(32, &[(9, 1)], &[umov(4, ur4), up0_le_7(), b, mov(9, 2)], &[9]);
        assert_eq!(got, vec![want], "{b:?} with UR4 = {ur4}");
    }
}

#[test]
fn bra_on_a_uniform_predicate_in_variants_other_than_u_is_refused() {
    // nvdisasm prints form 2u's variants 0, 2 and 3 (bits 32..33) with a
    // modifier it cannot name (`BRA.???0 UP0, 0x20`, `.???2`, `.???3`), and
    // the corpus seed's form 2u as `@!P0 BRA.???0 UP0, 0x50`: no instruction.
    for w in [
        0x002fea000b8000000000001000007547u128,
        0x002fea000b8000000000001008007547,
        0x002fea00080000000000001000007547,
        0x002fea000b8000000000001200007547,
        0x002fea000b8000000000001300007547,
        0x002fea000b8000000000004000008547,
    ] {
        assert!(decode(Word(w), 0).is_err(), "{w:#034x}");
    }
}

#[test]
fn bra_on_a_uniform_predicate_and_a_per_lane_condition_diverges() {
    // Lanes 16..32 (P0) branch when UP0 holds; the others go on. (`.U` is
    // the compiler's claim that the branch is warp-uniform; each lane
    // still branches on its own condition here, as a warp does.)
    let bra = op(0x0000001100007547, 0x002fea0008000000, "BRA.U P0, UP0, 0x20 ;");
    let body = |ur4| [mov(9, 1), umov(4, ur4), up0_le_7(), p0_high_half(), bra, mov(9, 2)];
    let got = run_threads(32, &body(3), 9).expect("runs");
    assert_eq!(got, (0..32).map(|l| if l < 16 { 2 } else { 1 }).collect::<Vec<_>>());
    assert_eq!(run_threads(32, &body(9), 9).expect("runs"), vec![2; 32]);
}

#[test]
fn call_and_ret_through_uniform_registers() {
    // CALL at C: to the base C+0x10 plus the pair UR4:UR5 (0x20): the
    // function at C+0x30 sets R10 and returns to the base C-0x10 plus UR6
    // (0x20): C+0x10, which sets R9 and branches past the function.
    let call = op(0x0000000004007944, 0x001fea000bc00000, "CALL.REL.NOINC UR4, 0x10 ;");
    let skip = op(0x0000002000007947, 0x002fea0003800000, "BRA 0x30 ;");
    let ret = op(0xffffffa006007950, 0x000fea000bc3ffff, "RET.REL.NODEC UR6, -0x50 ;");
    let body = |hi| [umov(4, 0x20), umov(5, hi), umov(6, 0x20), call, mov(9, 2), skip, mov(10, 3), ret];
    assert_eq!(run(32, &[(9, 1), (10, 1)], &body(0), &[9, 10]), vec![2, 3]);
    // UR5 is the offset's high word (as the register form reads a pair):
    // 4 GiB away there is no code.
    assert!(run_data(&[(9, 1), (10, 1)], &body(1), &[9, 10], &[]).is_err());
}

/// Lanes 0..16 wait at `sync` and then load the word at DATA, which lanes
/// 16..32 store (0x55) before their own `sync`; returns what each lane
/// holds in R9 (7 in lanes 16..32). `setup` sets the mask's source.
fn warpsync_orders(setup: &[Word], sync: Word, data: &[u8], cbuf: &[u8]) -> Vec<u32> {
    let split = op(0x0000003000000947, 0x002fea0003800000, "@P0 BRA 0x40 ;");
    let ldg = op(0x0000000602097381, 0x000f6200041e1900, "LDG.E R9, [R2] ;");
    let join = op(0x0000002000007947, 0x002fea0003800000, "BRA 0x30 ;");
    let (lo, hi) = (DATA as u32, (DATA >> 32) as u32);
    let mut body = vec![mov(2, lo), mov(3, hi), mov(28, lo), mov(29, hi), mov(6, 0x55), mov(9, 7)];
    body.extend_from_slice(setup);
    body.extend([p0_high_half(), split, sync, ldg, join, stg(6), sync]);
    run_threads_with(32, &body, 9, data, cbuf).expect("runs")
}

#[test]
fn warpsync_takes_its_mask_from_a_constant_a_bindless_constant_or_a_uniform_register() {
    let waited: Vec<u32> = (0..32).map(|l| if l < 16 { 0x55 } else { 7 }).collect();
    let early: Vec<u32> = (0..32).map(|l| if l < 16 { 0 } else { 7 }).collect();
    for (mask, want) in [(u32::MAX, &waited), (0xffff, &early)] {
        // c[0x0][0x100].
        let c = op(0x0000400000007b48, 0x000fe20003800000, "WARPSYNC c[0x0][0x100] ;");
        let mut cbuf = vec![0u8; 0x100];
        cbuf.extend(mask.to_le_bytes());
        assert_eq!(&warpsync_orders(&[], c, &[], &cbuf), want, "c[] {mask:#x}");
        // cx[UR4][0x0]: the handle of 16 bytes at DATA + 0x10 holding the mask.
        let cx = op(0x0000000400007b48, 0x000fe2000b800000, "WARPSYNC cx[UR4][0x0] ;");
        let h = (DATA + 0x10) >> 4 | (16u64 >> 4) << 45;
        let mut data = vec![0u8; 0x10];
        data.extend(mask.to_le_bytes());
        let setup = [umov(4, h as u32), umov(5, (h >> 32) as u32)];
        assert_eq!(&warpsync_orders(&setup, cx, &data, &[]), want, "cx[] {mask:#x}");
        // UR4.
        let ur = op(0x0000000400007d48, 0x000fe2000b800000, "WARPSYNC UR4 ;");
        assert_eq!(&warpsync_orders(&[umov(4, mask)], ur, &[], &[]), want, "UR4 {mask:#x}");
    }
}

#[test]
fn cctl_form_6u_names_an_address_of_a_register_and_a_uniform_register() {
    // The model keeps no caches: each runs as nothing at all.
    for (lo, hi, text) in [
        (0x0000000003007d8f, 0x000fca0009800000, "CCTL.IV [R3+UR0] ;"),
        (0x0000003fff007d8f, 0x000fca0009800000, "CCTL.IV [URZ] ;"),
        (0x00000000ff007d8f, 0x000fca0008000100, "CCTL.E.PF1 [UR0] ;"),
        (0x0000000003007d8f, 0x000fca000980c000, "CCTL.I.IV [R3+UR0] ;"),
    ] {
        assert_eq!(run(32, &[(9, 4)], &[op(lo, hi, text)], &[9]), vec![4]);
    }
    // nvdisasm prints a whole-cache operation (IVALL here: the corpus
    // word) and operations past RML2 in this form without a name (`CCTL
    // [UR0]`), and prints BRA form 4u with variant 0 as `BRA.INVALID0
    // UR0, 0x70`: refused.
    for w in
        [0x000fca000a00000000000000ff007d8fu128, 0x000fca000e00000000000000ff007d8f, 0x002fea000b8000000000004000008947]
    {
        assert!(decode(Word(w), 0).is_err(), "{w:#034x}");
    }
}

#[test]
fn barrier_register_moves_set_copy_and_clear() {
    // Compiled prologues set B0 and move it down the sixteen registers with
    // `.CLEAR`; nothing in compiled code reads a barrier register back, so
    // the moves are checked here by reading them into general registers.
    let set_b3 = op(0x1234abc003007956, 0x000fe80000000000, "BMOV.32 B3, 0x1234abc0 ;");
    let move_b5_b3 = op(0x0000000003057f55, 0x000fe80000100000, "BMOV.32.CLEAR B5, B3 ;");
    let set_b7 = op(0x0000007707007956, 0x000fe80000000000, "BMOV.32 B7, 0x77 ;");
    let clear_b7 = op(0x0000000007077f55, 0x000fe80000100000, "BMOV.32.CLEAR B7, B7 ;");
    let read = |r: u8, b: u8| {
        let lo = 0x7355 | u64::from(r) << 16 | u64::from(b) << 24;
        op(lo, 0x000fe80000000000, &format!("BMOV.32 R{r}, B{b} ;"))
    };
    let body = [set_b3, move_b5_b3, set_b7, clear_b7, read(9, 5), read(10, 3), read(11, 7)];
    for threads in [1, 32] {
        let got = run(threads, &[], &body, &[9, 10, 11]);
        assert_eq!(got, vec![0x1234abc0, 0, 0], "{threads} threads");
    }
}
