//! Issue 21 ("fidelity, round 3"), items 2 and 4, on the GPU model alone:
//! constants read on access, and engines and channels that run side by side.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::Engine;
use gpuiface_mock::gpu::testkit::wait_until;
use gpuiface_mock::gpu::{ChannelStatus, ExecMode, ProgramKey};
use gpuiface_mock::mem::Backing;

use crate::gpu_support::*;

const PROGRAM: u64 = DATA_VA + 0x1_0000;
const QMD_VA: u64 = DATA_VA + 0x2_0000;
const OUT_VA: u64 = DATA_VA + 0x4_0000;
const FLAG_VA: u64 = DATA_VA + 0x5_0000;
const SRC_VA: u64 = DATA_VA + 0x6_0000;
const DST_VA: u64 = DATA_VA + 0x7_0000;
const PARAMS: u32 = ga10b::CBUF0_PARAMS as u32;

fn write_at(data: &Backing, va: u64, bytes: &[u8]) {
    data.write((va - DATA_VA) as usize, bytes);
}

/// Launch the closure at [`PROGRAM`] on `ch` with constant buffer 0 at `cbuf`.
fn launch_closure(
    gpu: &gpuiface_mock::gpu::Gpu,
    ch: &mut gpuiface_mock::gpu::testkit::TestChannel,
    data: &Backing,
    cbuf: Option<(u64, u32)>,
) {
    write_at(data, QMD_VA, &qmd(PROGRAM, [1, 1, 1], [32, 1, 1], cbuf).to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(gpu, &pb);
}

// ------------------------------------------- item 2: constants read on access

#[test]
fn item2_a_constant_buffer_declared_past_its_mapping_does_not_fault_until_read_there() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    // Constant buffer 0 ends 0x180 bytes into its declared 64 KiB: the rest
    // of the declaration lies past the end of the mapping.
    let cbuf = DATA_VA + DATA_LEN as u64 - 0x180;
    write_at(&data, cbuf + u64::from(PARAMS), &OUT_VA.to_le_bytes());
    write_at(&data, cbuf + u64::from(PARAMS) + 8, &0xabcd_u32.to_le_bytes());
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |k| {
        let (out, v) = (k.arg_u64(0), k.arg_u32(2));
        k.write_u32(out, v)
    });
    launch_closure(&gpu, &mut ch, &data, Some((cbuf, 0x1_0000)));
    gpu.run_until_idle();
    assert_eq!(gpu.channel_fault(1).map(|f| f.to_string()), None);
    assert_eq!(data.read_u32((OUT_VA - DATA_VA) as usize), 0xabcd, "the arguments arrived");

    // The same declaration, and a kernel that reads a constant past the
    // mapping (inside the declared size): an MMU fault at that address.
    let past_end = DATA_VA + DATA_LEN as u64;
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |k| {
        let mut b = [0u8; 4];
        k.read_const(0, 0x180, &mut b)
    });
    let mut ch2 = channel(&gpu, &vm, 2);
    launch_closure(&gpu, &mut ch2, &data, Some((cbuf, 0x1_0000)));
    gpu.run_until_idle();
    let f = gpu.channel_fault(2).expect("an MMU fault");
    assert_eq!((f.engine, f.address), (Engine::Compute, Some(past_end)), "{f}");
}

#[test]
fn item2_constants_past_the_declared_size_read_zero_and_touch_no_memory() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    // Declared: 0x170 bytes (driver area + 16). Past it, mapped memory holds
    // non-zero bytes; the constant bank still reads zero there.
    let cbuf = DATA_VA + 0x3_0000;
    write_at(&data, cbuf, &[0x5a; 0x400]);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    gpu.register_kernel(ProgramKey::Address(PROGRAM), move |k| {
        let mut b = [0u8; 8];
        // Straddles the end: 4 bytes inside, 4 past.
        k.read_const(0, 0x16c, &mut b)?;
        let bound = k.const_banks().bound(0);
        let unbound = k.const_banks().read_u32(5, 0).map_err(|v| format!("{v:#x}"))?;
        s.lock().unwrap().push((b, bound, unbound, k.arg_u64(40)));
        Ok(())
    });
    launch_closure(&gpu, &mut ch, &data, Some((cbuf, 0x170)));
    gpu.run_until_idle();
    assert_eq!(gpu.channel_fault(1).map(|f| f.to_string()), None);
    let got = seen.lock().unwrap().clone();
    assert_eq!(got, vec![([0x5a, 0x5a, 0x5a, 0x5a, 0, 0, 0, 0], Some((cbuf, 0x170)), 0, 0)]);
}

// ------------------------------------------- item 4: engines side by side

/// A closure kernel that waits (bounded) until the u64 at [`FLAG_VA`] is
/// non-zero, then writes 1 to [`OUT_VA`]. `started` is set when it runs.
fn register_waiting_kernel(gpu: &gpuiface_mock::gpu::Gpu, started: Arc<AtomicBool>) {
    gpu.register_kernel(ProgramKey::Address(PROGRAM), move |k| {
        started.store(true, Ordering::SeqCst);
        // Bounded: 20 s of polling at most, then the kernel fails.
        for _ in 0..100_000 {
            if k.read_u64(FLAG_VA)? != 0 {
                return k.write_u32(OUT_VA, 1);
            }
            k.sleep(Duration::from_micros(200));
        }
        Err("the flag never came".into())
    });
}

#[test]
fn item4_a_copy_on_another_channel_completes_while_a_kernel_waits_for_it() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut compute_ch = channel(&gpu, &vm, 1);
    let mut copy_ch = channel(&gpu, &vm, 2);
    let started = Arc::new(AtomicBool::new(false));
    register_waiting_kernel(&gpu, started.clone());
    launch_closure(&gpu, &mut compute_ch, &data, None);
    assert!(wait_until(WAIT, || started.load(Ordering::SeqCst)), "the kernel never started");
    // The kernel can only finish once this copy's semaphore release lands.
    write_at(&data, SRC_VA, &[7u8; 4096]);
    let mut pb = PushBuffer::new();
    copy_1d(&mut pb, SRC_VA, DST_VA, 4096, None);
    release(&mut pb, FLAG_VA, 1);
    copy_ch.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || data.read_u32((OUT_VA - DATA_VA) as usize) == 1), "{:?}", gpu.faults());
    assert_eq!(gpu.faults(), vec![]);
    let mut dst = [0u8; 4096];
    data.read((DST_VA - DATA_VA) as usize, &mut dst);
    assert_eq!(dst, [7u8; 4096]);
}

#[test]
fn item4_a_long_kernel_does_not_hold_back_another_channels_4_kib_copy() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut compute_ch = channel(&gpu, &vm, 1);
    let mut copy_ch = channel(&gpu, &vm, 2);
    let started = Arc::new(AtomicBool::new(false));
    register_waiting_kernel(&gpu, started.clone());
    launch_closure(&gpu, &mut compute_ch, &data, None);
    assert!(wait_until(WAIT, || started.load(Ordering::SeqCst)), "the kernel never started");
    write_at(&data, SRC_VA, &[3u8; 4096]);
    let mut pb = PushBuffer::new();
    copy_1d(&mut pb, SRC_VA, DST_VA, 4096, None);
    copy_ch.submit(&gpu, &pb);
    // The copy completes while the kernel is still running: the kernel
    // cannot end before the CPU raises the flag below.
    assert!(wait_until(WAIT, || copy_ch.gp_get() == copy_ch.gp_put()), "the copy waited for the kernel");
    assert_eq!(gpu.channel_status(1), Some(ChannelStatus::Busy));
    assert_eq!(data.read_u32((OUT_VA - DATA_VA) as usize), 0, "the kernel is still running");
    set_data_u64(&data, FLAG_VA, 1);
    assert!(wait_until(WAIT, || compute_ch.gp_get() == compute_ch.gp_put()));
    assert_eq!(data.read_u32((OUT_VA - DATA_VA) as usize), 1);
    assert_eq!(gpu.faults(), vec![]);
}

#[test]
fn item4_closing_a_channel_stops_its_running_kernel_promptly() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut ch = channel(&gpu, &vm, 1);
    let (started, ended_cancelled) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU32::new(0)));
    let (s, e) = (started.clone(), ended_cancelled.clone());
    gpu.register_kernel(ProgramKey::Address(PROGRAM), move |k| {
        s.store(true, Ordering::SeqCst);
        // Stands for a kernel of about an hour.
        k.sleep(Duration::from_secs(3600));
        e.store(if k.cancelled() { 1 } else { 2 }, Ordering::SeqCst);
        // Memory is out of reach once the channel is closed.
        k.write_u32(OUT_VA, 9)
    });
    launch_closure(&gpu, &mut ch, &data, None);
    assert!(wait_until(WAIT, || started.load(Ordering::SeqCst)));
    gpu.detach_channel(1);
    // When detach returns the kernel has ended, because it was cancelled.
    assert_eq!(ended_cancelled.load(Ordering::SeqCst), 1);
    assert_eq!(data.read_u32((OUT_VA - DATA_VA) as usize), 0, "no write after the close");
}

/// Stepped mode: one launch is one step, the kernel runs inside it.
fn stepped_trace() -> Vec<(u32, u32, u32)> {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut a = channel(&gpu, &vm, 1);
    let mut b = channel(&gpu, &vm, 2);
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |k| {
        let v = k.read_u32(OUT_VA)?;
        k.write_u32(OUT_VA, v + 1)
    });
    write_at(&data, QMD_VA, &qmd(PROGRAM, [1, 1, 1], [32, 1, 1], None).to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    launch(&mut pb, QMD_VA);
    a.push(&pb);
    let mut cp = PushBuffer::new();
    copy_1d(&mut cp, SRC_VA, DST_VA, 64, None);
    release(&mut cp, FLAG_VA, 5);
    b.push(&cp);
    let mut trace = Vec::new();
    while gpu.step() {
        trace.push((a.gp_get(), b.gp_get(), data.read_u32((OUT_VA - DATA_VA) as usize)));
    }
    assert_eq!(data.read_u32((OUT_VA - DATA_VA) as usize), 2);
    assert_eq!(data_u64(&data, FLAG_VA), 5);
    trace
}

#[test]
fn item4_stepped_mode_stays_deterministic_one_launch_per_step() {
    let first = stepped_trace();
    assert_eq!(first, stepped_trace());
    // Each launch's effect appears within one step: the counter goes 0, 1, 2.
    let counts: Vec<u32> = first.iter().map(|t| t.2).collect();
    assert!(counts.windows(2).all(|w| w[1] <= w[0] + 1), "{counts:?}");
}

#[test]
fn item4_a_self_chaining_launch_neither_starves_other_channels_nor_delays_its_close() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut chain_ch = channel(&gpu, &vm, 1);
    let mut copy_ch = channel(&gpu, &vm, 2);
    const GATE: u64 = FLAG_VA + 0x100;
    let count = Arc::new(AtomicU32::new(0));
    let c = count.clone();
    // Launch n waits until the CPU's gate passes n: the chain advances only
    // as far as the test lets it, whatever the machine's speed.
    gpu.register_kernel(ProgramKey::Address(PROGRAM), move |k| {
        let n = c.fetch_add(1, Ordering::SeqCst);
        for _ in 0..100_000 {
            if k.read_u64(GATE)? > u64::from(n) {
                return Ok(());
            }
            k.sleep(Duration::from_micros(200));
        }
        Err("the gate never opened".into())
    });
    // A QMD that schedules itself again: an endless chain of launches.
    let mut q = qmd(PROGRAM, [1, 1, 1], [32, 1, 1], None);
    q.set_dependent_qmd0(Some(QMD_VA));
    write_at(&data, QMD_VA, &q.to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    chain_ch.submit(&gpu, &pb);
    set_data_u64(&data, GATE, 3);
    assert!(wait_until(WAIT, || count.load(Ordering::SeqCst) == 4), "the chain did not reach its 4th launch");
    // The 4th launch waits at the gate; another channel's copy still runs.
    write_at(&data, SRC_VA, &[9u8; 4096]);
    let mut cp = PushBuffer::new();
    copy_1d(&mut cp, SRC_VA, DST_VA, 4096, None);
    copy_ch.submit(&gpu, &cp);
    assert!(wait_until(WAIT, || copy_ch.gp_get() == copy_ch.gp_put()), "the copy waited for the chain");
    assert_eq!(count.load(Ordering::SeqCst), 4, "the chain is still parked");
    assert_eq!(gpu.faults(), vec![]);
    // Closing the chain's channel ends it at once: the parked launch is cancelled.
    gpu.detach_channel(1);
    assert_eq!(count.load(Ordering::SeqCst), 4, "no launch after the close");
    assert_eq!(gpu.channel_status(1), None);
}
