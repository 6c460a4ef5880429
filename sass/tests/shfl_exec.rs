//! `SHFL`'s value and its predicate (the source lane in range) across a
//! warp: the whole-warp path (32 threads) and the per-lane one (3 threads:
//! fewer than 4 executing lanes) against PTX's definition. Compiled code mostly discards the predicate (`PT`), so the
//! kernels of the corpus do not check it.

mod harness;

use gpuiface_sass::Word;
use harness::{mov, op, run_threads};

/// `SHFL.UP P0, R8, R27, lane, RZ` (R27 is the thread index): from the
/// corpus word `SHFL.UP P0, R8, R9, 0x1, RZ` with its source and lane set.
fn shfl_up(lane: u32) -> Word {
    let lo = 0x0400_0000_0908_7989u64 & !(0xff << 24) | 0x1b << 24 | u64::from(lane) << 53;
    op(lo, 0x020e6200000000ff, &format!("SHFL.UP P0, R8, R27, {lane:#x}, RZ ;"))
}

/// `@P0 MOV R10, 0x1`.
fn p0_to_r10() -> Word {
    Word(mov(10, 1).0 & !(0xf << 12))
}

#[test]
fn shfl_up_takes_the_lane_below_where_it_exists_and_says_where() {
    for delta in [1u32, 3, 16, 31] {
        for threads in [32u32, 3] {
            let body = [mov(10, 0), shfl_up(delta), p0_to_r10()];
            let values = run_threads(threads, &body, 8).expect("runs");
            let valid = run_threads(threads, &body, 10).expect("runs");
            for t in 0..threads {
                // PTX: lane t reads lane t - delta where t >= delta, else its own value.
                let (want, ok) = if t >= delta { (t - delta, 1) } else { (t, 0) };
                assert_eq!(values[t as usize], want, "value, lane {t}, delta {delta}, {threads} threads");
                assert_eq!(valid[t as usize], ok, "predicate, lane {t}, delta {delta}, {threads} threads");
            }
        }
    }
}
