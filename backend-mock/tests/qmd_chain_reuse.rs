//! Issue 40 item 5: tinygrad's HCQ `test_exec_2_kernels_100_times` on the
//! GPU model. Each step waits for the timeline (`SEM_EXECUTE` ACQ_CIRC_GEQ,
//! 64-bit, value − 1), launches QMD A, whose `DEPENDENT_QMD0` schedules QMD
//! B, and B's `RELEASE0` (four-word structure, 32-bit payload: tinygrad's
//! fields) writes the timeline. Both QMDs are recorded once and reused by
//! all 100 steps; before each submit the CPU patches B's release payload in
//! place, as tinygrad's `bind_sints` does.
//!
//! What the hardware does, and the model with it: a QMD is read when its
//! launch executes (B when A completes), so a release carries the payload
//! the CPU last wrote by then, possibly a later step's (seed 002's race).
//! Payloads the CPU writes only grow, so the timeline never goes back and
//! the last release carries the last step's value: the timeline ends at 100
//! of 100 after 200 launches in every mode, the races included.

mod gpu_support;

use gpu_support::*;
use gpuiface_hal::classes::host;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::codec::qmd::Release;
use gpuiface_mock::gpu::testkit::wait_until;
use gpuiface_mock::gpu::ExecMode;

const QMD_A: u64 = DATA_VA + 0x1000;
const QMD_B: u64 = DATA_VA + 0x1100;
const TIMELINE: u64 = DATA_VA + 0x2000;
const PROGRAM: u64 = DATA_VA + 0x4000;
const STEPS: u64 = 100;

fn exit() -> u128 {
    u128::from_le_bytes(*b"\x4d\x79\x00\x00\x00\x00\x00\x00\x00\x00\x80\x03\x00\xea\x0f\x00")
}

fn run(mode: ExecMode, gpu_lag_steps: u64) -> (Vec<u64>, u64) {
    let (gpu, vm, data) = setup(mode);
    let mut ch = channel(&gpu, &vm, 1);
    data.write((PROGRAM - DATA_VA) as usize, &exit().to_le_bytes());
    let mut a = qmd(PROGRAM, [2, 1, 1], [32, 1, 1], None);
    a.set_dependent_qmd0(Some(QMD_B));
    let mut b = qmd(PROGRAM, [2, 1, 1], [32, 1, 1], None);
    // tinygrad's signal(): RELEASE0_ENABLE, address and payload; the other
    // release fields stay as the template has them (zero: four words, 32 bits).
    b.set_release(0, &Release::new(TIMELINE, 0));
    data.write((QMD_A - DATA_VA) as usize, &a.to_bytes());
    data.write((QMD_B - DATA_VA) as usize, &b.to_bytes());
    let payload_lower = gpuiface_hal::codec::qmd::v03_00::RELEASES[0].payload_lower;
    // PAYLOAD_LOWER then PAYLOAD_UPPER: 8 bytes at a word boundary.
    assert_eq!(payload_lower.lo % 32, 0);
    let payload_at = (QMD_B - DATA_VA) as usize + (payload_lower.lo / 8) as usize;
    let mut seen = Vec::new();
    for v in 1..=STEPS {
        // Ring space, as a runtime waits for it.
        if mode == ExecMode::Stepped {
            while (ch.gp_put() + 1) % ch.entries == ch.gp_get() {
                assert!(gpu.step(), "stalled with a full ring");
            }
        } else {
            assert!(wait_until(WAIT, || (ch.gp_put() + 1) % ch.entries != ch.gp_get()));
        }
        // bind_sints: the payload (8 bytes, 'Q') patched in the reused QMD.
        data.write(payload_at, &v.to_le_bytes());
        let mut pb = PushBuffer::new();
        sem(&mut pb, TIMELINE, v - 1, acquire_op(host::SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ, true));
        launch(&mut pb, QMD_A);
        ch.submit(&gpu, &pb);
        if mode == ExecMode::Stepped {
            // The GPU lags the CPU by a few steps: the race seed 002 is about.
            gpu.step_n(gpu_lag_steps);
        }
        let now = data_u64(&data, TIMELINE) & 0xffff_ffff;
        if seen.last() != Some(&now) {
            seen.push(now);
        }
    }
    if mode == ExecMode::Stepped {
        gpu.run_until_idle();
    }
    assert!(
        wait_until(WAIT, || data_u64(&data, TIMELINE) & 0xffff_ffff == STEPS),
        "{mode:?}: the timeline stopped at {} of {STEPS} after {} launches ({:?})",
        data_u64(&data, TIMELINE) & 0xffff_ffff,
        gpu.launches(),
        gpu.faults()
    );
    assert!(wait_until(WAIT, || ch.gp_get() == ch.gp_put()));
    assert!(wait_until(WAIT, || gpu.launches() == 2 * STEPS), "{mode:?}: {} launches", gpu.launches());
    assert_eq!(gpu.faults(), vec![], "{mode:?}");
    assert_eq!(gpu.channel_stats(1).map(|s| s.releases), Some(STEPS), "{mode:?}: one release per step");
    let last = data_u64(&data, TIMELINE) & 0xffff_ffff;
    if seen.last() != Some(&last) {
        seen.push(last);
    }
    (seen, gpu.launches())
}

#[test]
fn two_chained_qmds_reused_100_times_reach_the_end_of_the_timeline_in_every_mode() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded, ExecMode::Polling] {
        let (seen, launches) = run(mode, 0);
        assert_eq!(launches, 200);
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{mode:?}: the timeline went back: {seen:?}");
    }
    // Immediate mode runs each submit to its end: every step releases its own value.
    let (seen, _) = run(ExecMode::Immediate, 0);
    assert_eq!(seen, (1..=STEPS).collect::<Vec<_>>());
}

/// The stepped mode with the GPU lagging: B is read after the CPU patched it
/// for later steps, so releases skip ahead (the race), never back, and the
/// last one is the last step's.
#[test]
fn with_the_gpu_lagging_the_releases_skip_ahead_and_still_end_at_the_last_value() {
    for lag in [0, 3, 7, 20] {
        let (seen, launches) = run(ExecMode::Stepped, lag);
        assert_eq!(launches, 200, "lag {lag}");
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "lag {lag}: {seen:?}");
        assert_eq!(seen.last(), Some(&STEPS), "lag {lag}");
    }
}

/// QMD V03_00 has three releases (`RELEASE0..2`); the compute engine
/// performs every one enabled. The model performed only 0 and 1, so a
/// client signalling through `RELEASE2` never saw its signal.
#[test]
fn all_three_qmd_releases_are_performed() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded, ExecMode::Stepped] {
        let (gpu, vm, data) = setup(mode);
        let mut ch = channel(&gpu, &vm, 1);
        data.write((PROGRAM - DATA_VA) as usize, &exit().to_le_bytes());
        let mut q = qmd(PROGRAM, [1, 1, 1], [32, 1, 1], None);
        for i in 0..3 {
            q.set_release(i, &one_word(TIMELINE + 0x10 * i as u64, 10 + i as u64));
        }
        data.write((QMD_A - DATA_VA) as usize, &q.to_bytes());
        let mut pb = PushBuffer::new();
        launch(&mut pb, QMD_A);
        ch.submit(&gpu, &pb);
        if mode == ExecMode::Stepped {
            gpu.run_until_idle();
        }
        assert!(wait_until(WAIT, || data_u64(&data, TIMELINE + 0x20) == 12), "{mode:?}: RELEASE2 was not performed");
        assert_eq!((data_u64(&data, TIMELINE), data_u64(&data, TIMELINE + 0x10)), (10, 11), "{mode:?}");
        assert_eq!(gpu.channel_stats(1).map(|s| s.releases), Some(3), "{mode:?}");
    }
}
