//! Issue 15, the GPU model: no input panics it; a bug that still panics
//! faults one channel only (item 4); long copies yield to other channels and
//! a runaway one is stopped by the watchdog (item 5); a busy or faulted
//! channel detaches promptly (item 6).

mod gpu_support;

use gpu_support::*;
use gpuiface_hal::classes::copy;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_mock::gpu::testkit::wait_until;
use gpuiface_mock::gpu::{ChannelStatus, ExecMode};
use gpuiface_nvgpu::abi::{
    NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_PBDMA_ERROR,
};

/// A multi-line copy with these registers (no semaphore).
fn copy_lines(pb: &mut PushBuffer, src: u64, dst: u64, len: u32, lines: u32, pitch_in: u32, pitch_out: u32) {
    pb.method(SUBCH_COPY, copy::OFFSET_IN_UPPER, &[(src >> 32) as u32, src as u32, (dst >> 32) as u32, dst as u32]);
    pb.method(SUBCH_COPY, copy::PITCH_IN, &[pitch_in, pitch_out, len, lines]);
    let launch = copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED)
        | copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH)
        | copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH)
        | copy::LAUNCH_DMA_MULTI_LINE_ENABLE.field(copy::LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE);
    pb.method(SUBCH_COPY, copy::LAUNCH_DMA, &[launch]);
}

#[test]
fn item_4_overflowing_copy_arithmetic_faults_only_its_channel() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch1 = channel(&gpu, &vm, 1);
    let mut ch2 = channel(&gpu, &vm, 2);
    // LINE_COUNT and PITCH_IN both 0xFFFFFFFF from the top of the address
    // space: line 1 is unmapped (an MMU fault), never an overflow panic.
    let mut pb = PushBuffer::new();
    copy_lines(&mut pb, 0x1_ffff_ffff_f000, DATA_VA, 4, u32::MAX, u32::MAX, 4);
    ch1.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("channel 1 faulted");
    assert_eq!(f.notifier_code, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    // The same with empty lines: nothing to fault on, so the watchdog stops it.
    gpu.set_copy_watchdog(1 << 12);
    let mut ch3 = channel(&gpu, &vm, 3);
    let mut pb = PushBuffer::new();
    copy_lines(&mut pb, 0x1_ffff_ffff_f000, DATA_VA, 0, u32::MAX, u32::MAX, u32::MAX);
    ch3.submit(&gpu, &pb);
    assert_eq!(gpu.channel_fault(3).map(|f| f.notifier_code), Some(NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT));
    // Other channels still run.
    let mut pb = PushBuffer::new();
    release(&mut pb, DATA_VA + 0x40, 7);
    ch2.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, DATA_VA + 0x40), 7);
    assert_eq!(gpu.channel_fault(2), None);
}

#[test]
fn item_4_a_panic_inside_the_model_faults_only_that_channel() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded] {
        let (gpu, vm, data) = setup(mode);
        let mut ch1 = channel(&gpu, &vm, 1);
        let mut ch2 = channel(&gpu, &vm, 2);
        gpu.inject_model_panic(1);
        let mut pb = PushBuffer::new();
        release(&mut pb, DATA_VA + 0x10, 1);
        ch1.submit(&gpu, &pb);
        assert!(wait_until(WAIT, || gpu.channel_status(1) == Some(ChannelStatus::Faulted)), "{mode:?}");
        let f = gpu.channel_fault(1).unwrap();
        assert_eq!(f.notifier_code, NVGPU_CHANNEL_PBDMA_ERROR);
        assert!(f.reason.contains("GPU model panic"), "{}", f.reason);
        // Later work on another channel completes (the worker survived).
        for i in 1..=3u64 {
            let mut pb = PushBuffer::new();
            release(&mut pb, DATA_VA + 0x20, i);
            ch2.submit(&gpu, &pb);
            assert!(wait_until(WAIT, || data_u64(&data, DATA_VA + 0x20) == i), "{mode:?} release {i}");
        }
        assert_eq!(data_u64(&data, DATA_VA + 0x10), 0, "the faulted channel's work did not run");
        if mode == ExecMode::Threaded {
            assert!(gpu.worker_running());
        }
    }
}

#[test]
fn item_5_a_long_copy_yields_to_other_channels_and_the_watchdog_stops_it() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut ch1 = channel(&gpu, &vm, 1);
    let mut ch2 = channel(&gpu, &vm, 2);
    // 2^28 empty lines on channel 1, then a release on channel 2.
    let mut pb = PushBuffer::new();
    copy_lines(&mut pb, DATA_VA, DATA_VA, 0, 1 << 28, 0, 0);
    ch1.submit(&gpu, &pb);
    let mut pb = PushBuffer::new();
    release(&mut pb, DATA_VA + 0x30, 5);
    ch2.submit(&gpu, &pb);
    // Steps alternate between the channels; each copy step is one timeslice.
    let steps = gpu.step_n(64);
    assert_eq!(steps, 64);
    assert_eq!(data_u64(&data, DATA_VA + 0x30), 5, "channel 2 ran while channel 1 copies");
    assert_eq!(gpu.channel_status(1), Some(ChannelStatus::Busy));
    // Run on: the watchdog faults channel 1; channel 2 is untouched.
    gpu.run_until_idle();
    let f = gpu.channel_fault(1).expect("watchdog");
    assert_eq!(f.notifier_code, NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT);
    assert_eq!(gpu.channel_fault(2), None);
    assert_eq!(gpu.channel_status(2), Some(ChannelStatus::Idle));
}

#[test]
fn item_5_and_6_a_busy_channel_does_not_block_detaching_another_or_itself() {
    let (gpu, vm, _data) = setup(ExecMode::Threaded);
    // No watchdog: the copy would run for many seconds.
    gpu.set_copy_watchdog(u64::MAX);
    let mut ch1 = channel(&gpu, &vm, 1);
    let _ch2 = channel(&gpu, &vm, 2);
    let mut pb = PushBuffer::new();
    copy_lines(&mut pb, DATA_VA, DATA_VA, 0, u32::MAX, 0, 0);
    ch1.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || gpu.channel_stats(1).is_some_and(|s| s.methods > 2)));
    // Detaching channel 2 waits for at most one round, not for the copy.
    gpu.detach_channel(2);
    assert_eq!(gpu.channel_status(1), Some(ChannelStatus::Busy), "detach waited for the copy to end");
    // Channel 1 itself detaches mid-copy, and the worker goes on.
    gpu.detach_channel(1);
    assert_eq!(gpu.channels(), Vec::<u32>::new());
    assert!(gpu.worker_running());
    gpu.shutdown();
}
