//! Named block barriers on the interpreter: `BAR.SYNC`, `BAR.RED` and
//! `BAR.ARV` with barrier ids 1..15 and thread counts (immediate or in a
//! register). Words are ptxas 12.9's (`bar.red.popc.u32 %r, 2, 64, %p`,
//! `bar.arrive 1, 64`, `bar.sync %r4, %r5`) or neighbours of them, each
//! printed by nvdisasm 13.2 as the text `op` checks. A warp arrives as 32
//! threads; a barrier with a count completes when that many have arrived.

mod harness;

use gpuiface_sass::{decode, Word};
use harness::{mov, op, run_threads};

/// `ISETP.GE.U32.AND P0, PT, R27, 0x28, PT`: P0 is `tid >= 40`.
fn tid_ge_40() -> Word {
    op(0x000000281b00780c, 0x001fda0003f06070, "ISETP.GE.U32.AND P0, PT, R27, 0x28, PT ;")
}

fn popc_2_64() -> Word {
    op(0x0081000000007b1d, 0x000fec0004014000, "BAR.RED.POPC.DEFER_BLOCKING 0x2, 0x40, !P0 ;")
}

fn b2r_r0() -> Word {
    op(0x000000000000731c, 0x000e2800000e4000, "B2R.RESULT R0 ;")
}

#[test]
fn a_counted_reduction_completes_once_per_count_of_threads() {
    // 64 threads, count 64: one generation; 40 lanes (tid < 40) bring true.
    let v = run_threads(64, &[tid_ge_40(), popc_2_64(), b2r_r0()], 0).expect("runs");
    assert_eq!(v, vec![40; 64]);
    // 128 threads, count 64: warps 0 and 1 complete the first generation
    // (40 true), warps 2 and 3 the second (none true).
    let v = run_threads(128, &[tid_ge_40(), popc_2_64(), b2r_r0()], 0).expect("runs");
    assert_eq!(&v[..64], &[40; 64][..]);
    assert_eq!(&v[64..], &[0; 64][..]);
    // 96 threads: the third warp waits for a second warp that never comes.
    let e = run_threads(96, &[tid_ge_40(), popc_2_64(), b2r_r0()], 0).unwrap_err();
    assert!(e.to_string().contains("named barrier 2 waits for 64 threads; 32 arrived"), "{e}");
}

#[test]
fn bar_and_on_a_named_barrier_is_per_barrier() {
    let and3 = op(0x00c1000000007b1d, 0x000fe20004014400, "BAR.RED.AND.DEFER_BLOCKING 0x3, 0x40, !P0 ;");
    // Barrier 2 counts 40 true lanes; barrier 3's AND of the same lanes is false.
    let v = run_threads(64, &[tid_ge_40(), popc_2_64(), b2r_r0(), mov(1, 7), and3, b2r_r1()], 1).expect("runs");
    assert_eq!(v, vec![0; 64]);
    // With every lane true (tid < 40 for 32 threads, count 32 on barrier 3).
    let and3_32 = op(0x00c0800000007b1d, 0x000fe20004014400, "BAR.RED.AND.DEFER_BLOCKING 0x3, 0x20, !P0 ;");
    let v = run_threads(32, &[tid_ge_40(), and3_32, b2r_r1()], 1).expect("runs");
    assert_eq!(v, vec![1; 32]);
}

fn b2r_r1() -> Word {
    op(0x000000000001731c, 0x000e2800000e4000, "B2R.RESULT R1 ;")
}

#[test]
fn bar_arv_arrives_without_waiting() {
    let arv = op(0x0041800000007b1d, 0x000fec0000002000, "BAR.ARV 0x1, 0x60 ;");
    let sync = op(0x0041800000007b1d, 0x000fec0000010000, "BAR.SYNC.DEFER_BLOCKING 0x1, 0x60 ;");
    // Two warps, count 96: arriving never completes the barrier, and BAR.ARV does not wait for it.
    assert_eq!(run_threads(64, &[mov(5, 9), arv], 5).expect("runs"), vec![9; 64]);
    let e = run_threads(64, &[sync], 5).unwrap_err();
    assert!(e.to_string().contains("named barrier 1 waits for 96 threads; 64 arrived"), "{e}");
    // Three warps: two arrive, the third's BAR.SYNC completes the count and goes on.
    let tid_lt_64 = op(0x000000401b00780c, 0x001fda0003f06070, "ISETP.GE.U32.AND P0, PT, R27, 0x40, PT ;");
    let arv_unless_p0 = Word(arv.0 & !(0xf << 12) | 0x8 << 12);
    let sync_if_p0 = Word(sync.0 & !(0xf << 12));
    assert_eq!(decode(arv_unless_p0, 0).map(|i| i.to_string()).as_deref(), Ok("@!P0 BAR.ARV 0x1, 0x60 ;"));
    assert_eq!(decode(sync_if_p0, 0).map(|i| i.to_string()).as_deref(), Ok("@P0 BAR.SYNC.DEFER_BLOCKING 0x1, 0x60 ;"));
    let v = run_threads(96, &[mov(5, 3), tid_lt_64, arv_unless_p0, sync_if_p0], 5).expect("runs");
    assert_eq!(v, vec![3; 96]);
}

#[test]
fn a_register_holds_the_id_and_count() {
    // `BAR.SYNC.DEFER_BLOCKING R3, R3`: barrier 5 (low bits), 64 threads (bits 16..28).
    let packed = op(0x000000030000731d, 0x000fec0000010000, "BAR.SYNC.DEFER_BLOCKING R3, R3 ;");
    assert_eq!(run_threads(64, &[mov(3, 64 << 16 | 5), mov(6, 1), packed], 6).expect("runs"), vec![1; 64]);
    // 96 threads in the count: two warps wait for a third.
    let e = run_threads(64, &[mov(3, 96 << 16 | 5), packed], 6).unwrap_err();
    assert!(e.to_string().contains("named barrier 5 waits for 96 threads; 64 arrived"), "{e}");
    // An id past 15 is a fault, not a guess.
    let e = run_threads(32, &[mov(3, 32 << 16 | 16), packed], 6).unwrap_err();
    assert!(e.to_string().contains("a barrier id past 15"), "{e}");
    // `BAR.SYNC.DEFER_BLOCKING 0x1, R3`: the count in a register.
    let count_reg = op(0x004000030000791d, 0x000fec0000010000, "BAR.SYNC.DEFER_BLOCKING 0x1, R3 ;");
    assert_eq!(run_threads(64, &[mov(3, 64), mov(6, 2), count_reg], 6).expect("runs"), vec![2; 64]);
    // `BAR.SYNC 0x3` (no count, no .DEFER_BLOCKING): every thread of the block.
    let all = op(0x00c0000000007b1d, 0x000fec0000000000, "BAR.SYNC 0x3 ;");
    assert_eq!(run_threads(96, &[mov(6, 4), all], 6).expect("runs"), vec![4; 96]);
}
