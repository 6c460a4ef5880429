//! A lane that has exited never runs again, though it waits at its `EXIT`
//! while the lanes still running come back there: the warp's next path is
//! chosen among runnable lanes only. Checked by the thread-instructions a
//! launch counts (an exited lane counted at the `EXIT` it left by would be
//! one more lane each time the others pass it), on both interpreter paths.
//!
//! One test in its own binary: the fast-path switch is process-wide.

mod harness;

use gpuiface_sass::{set_fast_path, Stats};
use harness::{exit, op, run_program};

fn launch() -> Stats {
    let prog = [
        op(0x00000000001b7919, 0x000e220000002100, "S2R R27, SR_TID.X ;"),
        // P0 = the upper half-warp.
        op(0x000000101b00780c, 0x001fda0003f06070, "ISETP.GE.U32.AND P0, PT, R27, 0x10, PT ;"),
        // 0x20: the upper half leaves; the lower half comes back here once.
        op(0x000000000000094d, 0x000fea0003800000, "@P0 EXIT ;"),
        op(0x0000000105057810, 0x004fca0007ffe0ff, "IADD3 R5, R5, 0x1, RZ ;"),
        op(0x000000020500780c, 0x001fe20003f21070, "ISETP.LT.U32.AND P1, PT, R5, 0x2, PT ;"),
        // 0x50: back to 0x20 while R5 < 2 (printed relative to address 0).
        op(0xffffffc000001947, 0x000fc0000383ffff, "@P1 BRA -0x30 ;"),
        exit(),
    ];
    run_program(32, &prog).expect("the launch runs")
}

#[test]
fn exited_lanes_are_not_chosen_again_when_the_others_reach_their_exit() {
    for fast in [true, false] {
        set_fast_path(fast);
        let stats = launch();
        set_fast_path(true);
        // A thread-instruction is a lane whose guard holds. All 32: S2R,
        // ISETP, then @P0 EXIT (the upper 16 execute it and leave). The
        // lower 16: IADD3, ISETP, BRA (taken), @P0 EXIT (guard false),
        // IADD3, ISETP, @P1 BRA (guard false), EXIT. An exited lane chosen
        // again would execute the second @P0 EXIT: 16 more.
        assert_eq!(stats.warp_instructions, 11, "fast path {fast}");
        assert_eq!(stats.thread_instructions, 2 * 32 + 16 + 6 * 16, "fast path {fast}");
    }
}
