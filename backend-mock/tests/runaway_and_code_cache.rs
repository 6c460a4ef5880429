//! Issue 41, items 2 and 5, on the GPU model.
//!
//! Item 2: a program that jumps far (a branch at 0 to an `EXIT` at
//! `0xfffff0`) no longer grows the decoded-code cache to the span of its
//! jump: the cache follows the instructions executed, is shared by the
//! launch's host workers, stays within its stated bound over many such
//! programs, and lets a program go once its memory is freed.
//!
//! Item 5: a runaway kernel (`BRA` to itself) is stopped by the compute
//! watchdog in every mode (immediate, threaded, stepped), faulting its
//! channel with `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT` while other
//! channels keep working; and closing its channel from another thread stops
//! it in immediate mode, where it runs inside the submitting thread's doorbell.

mod gpu_support;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use gpu_support::*;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::Engine;
use gpuiface_mock::gpu::testkit::wait_until;
use gpuiface_mock::gpu::{ChannelStatus, ExecMode, CODE_CACHE_BYTES};
use gpuiface_nvgpu::abi::NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT;
use gpuiface_sass::{decode, Word};

/// Control bits of the hand-made words (stall 2, no barriers).
const CTRL: u128 = 0x000fe4 << 104;

/// `BRA` by `offset` bytes from the next instruction.
fn bra(offset: i64) -> u128 {
    let field = (offset as u64 as u128) & ((1u128 << 50) - 1);
    0x7947 | field << 32 | 0x000f_c000_0380_0000u128 << 64
}

/// `EXIT`.
fn exit() -> u128 {
    u128::from_le_bytes(*b"\x4d\x79\x00\x00\x00\x00\x00\x00\x00\x00\x80\x03\x00\xea\x0f\x00")
}

/// `MOV Rd, imm32`.
fn mov(d: u8, imm: u32) -> u128 {
    0x7802 | u128::from(d) << 16 | u128::from(imm) << 32 | 0xf << 72 | CTRL
}

/// `STG.E [R28.64], Rs` (from a ptxas word with its registers replaced).
fn stg(s: u8) -> u128 {
    let t = u128::from_le_bytes(*b"\x86\x79\x00\x02\x09\x00\x00\x00\x06\x19\x10\x0c\x00\xe2\x0f\x00");
    t & !(0xff << 32) & !(0xff << 24) | u128::from(s) << 32 | 28 << 24
}

fn text(w: u128, pc: u64) -> String {
    decode(Word(w), pc).map(|i| i.to_string()).unwrap_or_else(|e| format!("refused: {e}"))
}

fn write_word(b: &gpuiface_mock::mem::Backing, offset: usize, w: u128) {
    b.write(offset, &w.to_le_bytes());
}

const QMD_VA: u64 = DATA_VA + 0x8000;
/// The flag a runaway kernel sets before it loops.
const STARTED: u64 = DATA_VA + 0x100;

/// Programs go at 0x2_0000_0000 + i * 32 MiB, each in a buffer of its own.
fn program_va(i: u64) -> u64 {
    0x2_0000_0000 + i * (32 << 20)
}

/// The far-jumping program of issue 41 item 2: a 16 MiB buffer with a
/// branch at 0 to an `EXIT` at 0xfffff0.
fn far_jumper(vm: &std::sync::Arc<gpuiface_mock::gpu::testkit::TestVm>, va: u64) {
    let b = vm.map(va, 16 << 20);
    let far = bra(0xfffff0 - 16);
    assert_eq!(text(far, 0), "BRA 0xfffff0 ;");
    write_word(&b, 0, far);
    write_word(&b, 0xfffff0, exit());
}

fn rss_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// 24 far-jumping programs (the abort came after 7), each launched
/// as 64 blocks, in the modes whose blocks run on several host workers and
/// in order: the cache holds a few KiB per program, far below its bound,
/// and RSS does not grow by hundreds of MiB per program.
#[test]
fn item_2_far_jumping_programs_keep_the_code_cache_small_and_bounded() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded, ExecMode::Stepped] {
        let (gpu, vm, data) = setup(mode);
        let mut ch = channel(&gpu, &vm, 1);
        let rss_before = rss_bytes();
        for i in 0..24u64 {
            let program = program_va(i);
            far_jumper(&vm, program);
            let q = qmd(program, [64, 1, 1], [32, 1, 1], None);
            data.write((QMD_VA - DATA_VA) as usize, &q.to_bytes());
            let mut pb = PushBuffer::new();
            launch(&mut pb, QMD_VA);
            release(&mut pb, DATA_VA + 0x40, i + 1);
            ch.submit(&gpu, &pb);
            if mode == ExecMode::Stepped {
                gpu.run_until_idle();
            }
            assert!(wait_until(WAIT, || data_u64(&data, DATA_VA + 0x40) == i + 1), "{mode:?}: launch {i}");
            assert_eq!(gpu.channel_fault(1), None, "{mode:?}");
            let (bytes, programs) = gpu.code_cache_usage();
            // Each program reached two instructions: two middle tables, two
            // pages and two decodings, about 12 KiB (a dense table of the
            // jump's span was 336 MiB, and one copy per host worker).
            assert!(bytes <= (i + 1) * (32 << 10), "{mode:?}: {bytes} bytes for {programs} programs after {i}");
            assert!(bytes <= CODE_CACHE_BYTES);
        }
        assert_eq!(gpu.code_cache_usage().1, 24, "{mode:?}");
        if let (Some(before), Some(after)) = (rss_before, rss_bytes()) {
            // Generous: one program's dense table alone was 336 MiB.
            assert!(after.saturating_sub(before) < 256 << 20, "{mode:?}: RSS {before} -> {after}");
        }
        // Programs go with their memory: free half of them, launch once more.
        for i in 0..12 {
            vm.unmap(program_va(i));
        }
        let q = qmd(program_va(23), [1, 1, 1], [32, 1, 1], None);
        data.write((QMD_VA - DATA_VA) as usize, &q.to_bytes());
        let mut pb = PushBuffer::new();
        launch(&mut pb, QMD_VA);
        release(&mut pb, DATA_VA + 0x40, 100);
        ch.submit(&gpu, &pb);
        if mode == ExecMode::Stepped {
            gpu.run_until_idle();
        }
        assert!(wait_until(WAIT, || data_u64(&data, DATA_VA + 0x40) == 100), "{mode:?}");
        assert_eq!(gpu.code_cache_usage().1, 12, "{mode:?}: the freed programs' code is released");
    }
}

/// Many more programs than the cache keeps: it stays within its bound of
/// programs, and a program launched again after it was evicted still runs.
#[test]
fn item_2_the_code_cache_keeps_at_most_its_bound_of_programs() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let code = vm.map(0x3_0000_0000, 1 << 20);
    let limit = gpuiface_mock::gpu::CODE_CACHE_PROGRAMS as u64;
    // Programs 256 bytes apart in one buffer: `EXIT` each.
    let count = limit + 64;
    for i in 0..count {
        write_word(&code, (i * 256) as usize, exit());
    }
    for i in (0..count).chain([0]) {
        let q = qmd(0x3_0000_0000 + i * 256, [1, 1, 1], [1, 1, 1], None);
        data.write((QMD_VA - DATA_VA) as usize, &q.to_bytes());
        let mut pb = PushBuffer::new();
        launch(&mut pb, QMD_VA);
        release(&mut pb, DATA_VA + 0x40, i + 1);
        ch.submit(&gpu, &pb);
        assert_eq!(data_u64(&data, DATA_VA + 0x40), i + 1);
        let (bytes, programs) = gpu.code_cache_usage();
        assert!(programs as u64 <= limit && bytes <= CODE_CACHE_BYTES, "{programs} programs, {bytes} bytes");
    }
    assert_eq!(gpu.channel_fault(1), None);
}

/// A runaway program: set [`STARTED`], then branch to itself forever.
fn runaway(vm: &std::sync::Arc<gpuiface_mock::gpu::testkit::TestVm>, va: u64) {
    let b = vm.map(va, 4096);
    let words = [mov(28, STARTED as u32), mov(29, (STARTED >> 32) as u32), mov(4, 1), stg(4), bra(-16)];
    for (i, w) in words.iter().enumerate() {
        write_word(&b, i * 16, *w);
    }
    assert_eq!(text(words[3], 0x30), "STG.E [R28.64], R4 ;");
    assert_eq!(text(words[4], 0x40), "BRA 0x40 ;");
}

fn submit_runaway(gpu: &gpuiface_mock::gpu::Gpu, ch: &mut gpuiface_mock::gpu::testkit::TestChannel, program: u64) {
    let q = qmd(program, [4, 1, 1], [64, 1, 1], None);
    let mut pb = PushBuffer::new();
    ch.commands.write(0x8000, &q.to_bytes());
    launch(&mut pb, gpuiface_mock::gpu::testkit::command_va(ch.chid) + 0x8000);
    release(&mut pb, DATA_VA + 0x50, 1);
    ch.submit(gpu, &pb);
}

/// A generous bound on how long a stop may take (the 2^33-instruction budget
/// that stopped a runaway kernel before took more than 60 s); not a timing
/// assertion on the watchdog's precision.
const GENEROUS: Duration = Duration::from_secs(60);

#[test]
fn item_5_a_runaway_kernel_is_stopped_by_the_watchdog_in_every_mode() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded, ExecMode::Stepped] {
        let (gpu, vm, data) = setup(mode);
        gpu.set_kernel_watchdog(Duration::from_millis(200));
        let mut ch1 = channel(&gpu, &vm, 1);
        let mut ch2 = channel(&gpu, &vm, 2);
        let program = 0x5_0000_0000;
        runaway(&vm, program);
        let start = Instant::now();
        submit_runaway(&gpu, &mut ch1, program);
        if mode == ExecMode::Stepped {
            gpu.run_until_idle();
        }
        assert!(wait_until(WAIT, || gpu.channel_status(1) == Some(ChannelStatus::Faulted)), "{mode:?}");
        assert!(start.elapsed() < GENEROUS, "{mode:?}: {:?}", start.elapsed());
        let f = gpu.channel_fault(1).expect("faulted");
        assert_eq!((f.notifier_code, f.engine), (NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, Engine::Compute), "{mode:?}");
        assert!(f.reason.contains("compute watchdog"), "{mode:?}: {f}");
        assert_eq!(data_u64(&data, STARTED), 1, "{mode:?}: the kernel ran");
        assert_eq!(data_u64(&data, DATA_VA + 0x50), 0, "{mode:?}: nothing after the stopped launch runs");
        // The other channel still works.
        let mut pb = PushBuffer::new();
        release(&mut pb, DATA_VA + 0x60, 7);
        ch2.submit(&gpu, &pb);
        if mode == ExecMode::Stepped {
            gpu.run_until_idle();
        }
        assert!(wait_until(WAIT, || data_u64(&data, DATA_VA + 0x60) == 7), "{mode:?}");
        assert_eq!(gpu.channel_fault(2), None, "{mode:?}");
    }
}

/// Immediate mode runs the kernel inside the submitting thread's doorbell,
/// with the model's lock held. With the watchdog off, closing the channel
/// from another thread stops it: the submit returns, and the launch is
/// recorded as stopped by the close.
#[test]
fn item_5_closing_the_channel_stops_a_runaway_kernel_in_immediate_mode() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded] {
        let (gpu, vm, data) = setup(mode);
        gpu.set_kernel_watchdog(Duration::MAX);
        let mut ch1 = channel(&gpu, &vm, 1);
        let mut ch2 = channel(&gpu, &vm, 2);
        let program = 0x5_0000_0000;
        runaway(&vm, program);
        let (done_tx, done_rx) = mpsc::channel();
        let submitter = {
            let gpu = gpu.clone();
            std::thread::spawn(move || {
                submit_runaway(&gpu, &mut ch1, program);
                let _ = done_tx.send(());
                ch1
            })
        };
        // The kernel has started (it set its flag before looping).
        assert!(wait_until(WAIT, || data_u64(&data, STARTED) == 1), "{mode:?}");
        gpu.detach_channel(1);
        assert!(done_rx.recv_timeout(GENEROUS).is_ok(), "{mode:?}: the submit did not return after the close");
        let _ch1 = submitter.join().expect("submitter");
        if mode == ExecMode::Immediate {
            let f = gpu.faults().into_iter().find(|f| f.channel == 1).expect("the stopped launch is recorded");
            assert!(f.reason.contains("the channel was closed"), "{f}");
        }
        assert_eq!(data_u64(&data, DATA_VA + 0x50), 0, "{mode:?}");
        // The device goes on.
        let mut pb = PushBuffer::new();
        release(&mut pb, DATA_VA + 0x60, 3);
        ch2.submit(&gpu, &pb);
        assert!(wait_until(WAIT, || data_u64(&data, DATA_VA + 0x60) == 3), "{mode:?}");
    }
}

/// Dropping (shutting down) the GPU also stops an inline runaway kernel.
#[test]
fn item_5_shutdown_stops_a_runaway_kernel_running_inline() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    gpu.set_kernel_watchdog(Duration::MAX);
    let mut ch1 = channel(&gpu, &vm, 1);
    let program = 0x5_0000_0000;
    runaway(&vm, program);
    let (done_tx, done_rx) = mpsc::channel();
    let g = gpu.clone();
    let submitter = std::thread::spawn(move || {
        submit_runaway(&g, &mut ch1, program);
        let _ = done_tx.send(());
    });
    assert!(wait_until(WAIT, || data_u64(&data, STARTED) == 1));
    gpu.shutdown();
    assert!(done_rx.recv_timeout(GENEROUS).is_ok(), "the submit did not return after shutdown");
    submitter.join().expect("submitter");
}
