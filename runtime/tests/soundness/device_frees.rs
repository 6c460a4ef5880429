//! Issue 41, item 1: GPU work queued by any runtime of a device never
//! reaches memory allocated after a free. The device keeps freed memory
//! mapped until every channel's work published before the free is done
//! (`backend-nvgpu/src/reclaim.rs`), so a new buffer cannot land at the
//! freed address while that work can still run.
//!
//! Each case queues the work behind a gate (a semaphore the test sets), so
//! "still queued" is certain rather than a race; each then checks that the
//! address is reused once the work has run, which is the hazard the old
//! code fell into at once.

use std::time::{Duration, Instant};

use gpuiface_hal::{AllocRequest, Buffer, GpuIface, Signal};
use gpuiface_nvgpu::abi::Release;
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, ArgVar, LaunchDims, Queue, Runtime};

const SIZE: u64 = 4096;

/// Each case runs in every GPU mode a runtime can wait in by itself: work
/// run at the doorbell, on a worker thread, and by a worker polling GP_PUT
/// (stepped mode runs work only when a test steps the GPU, which a
/// runtime's own waits never do); on an r36 kernel, and on r35 threaded.
fn each_mode(case: impl Fn(&MockDevice)) {
    let r36 = [ExecMode::Immediate, ExecMode::Threaded, ExecMode::Polling].map(|m| (m, Release::R36));
    for (mode, release) in r36.into_iter().chain([(ExecMode::Threaded, Release::R35)]) {
        let kernel = MockKernel::builder().release(release).gpu(GpuConfig { mode });
        let dev = open_with(kernel).expect("mock device");
        eprintln!("mode {mode:?}, {release:?}");
        case(&dev);
    }
}

/// Wait (bounded) until the device holds no deferred free: the fences
/// behind the gated work complete on the GPU's own time.
fn settle(dev: &MockDevice) {
    let start = Instant::now();
    while dev.live().unwrap().deferred_frees != 0 {
        assert!(start.elapsed() < Duration::from_secs(20), "a deferred free never went: {:?}", dev.live());
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A buffer allocated while the freed one's work is gated: it must not
/// land at `freed_va`, and must hold zeros after the work ran.
fn alloc_elsewhere(dev: &MockDevice, freed_va: u64) -> Buffer {
    let w = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    assert_ne!(w.gpu_va(), freed_va, "a buffer landed where queued work will still write");
    assert_eq!(dev.live().unwrap().deferred_frees, 1, "the freed memory is held, and counted");
    w
}

fn assert_zero(buf: &Buffer, what: &str) {
    let mut seen = vec![0xffu8; buf.size() as usize];
    buf.read(0, &mut seen).unwrap();
    assert!(seen.iter().all(|&b| b == 0), "{what}: GPU work reached memory allocated after the free");
}

/// Once the gated work ran and the fences passed, the freed address is
/// handed out again: the deferral, not the allocator's whim, kept it.
fn address_comes_back(dev: &MockDevice, freed_va: u64) {
    settle(dev);
    let again = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    assert_eq!(again.gpu_va(), freed_va, "the freed address is reused once no work can reach it");
    dev.free(again).unwrap();
}

fn gate(dev: &MockDevice) -> Signal {
    dev.signal_alloc().unwrap()
}

/// Open the gate. A real host retries a parked acquire on its own; the
/// immediate mode retries at the next doorbell, so it is asked to here.
fn open_gate(dev: &MockDevice, g: &Signal) {
    g.set(1);
    if dev.gpu().mode() == ExecMode::Immediate {
        dev.gpu().run_until_idle();
    }
}

/// Was: runtime B queued `copyin_async(x)` behind a semaphore; runtime A
/// freed `x` (`Ok` at once) and allocated `W` at x's address; B's copy
/// then wrote all of `W`.
#[test]
fn a_copy_another_runtime_queued_never_reaches_a_buffer_allocated_after_the_free() {
    each_mode(a_copy_another_runtime_queued_never_reaches_a_buffer_allocated_after_the_free_in);
}

fn a_copy_another_runtime_queued_never_reaches_a_buffer_allocated_after_the_free_in(dev: &MockDevice) {
    let (a, b) = (Runtime::new(dev).unwrap(), Runtime::new(dev).unwrap());
    let x = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    let x_va = x.gpu_va();
    let g = gate(dev);
    let mut held = Queue::copy_queue();
    held.wait(&g, 1u64);
    b.submit(&held, &[]).unwrap();
    b.copyin_async(&x, 0, &[0xab; SIZE as usize]).unwrap();
    a.free(x).expect("runtime A frees its handle");
    let w = alloc_elsewhere(dev, x_va);
    open_gate(dev, &g);
    b.synchronize().unwrap();
    assert_zero(&w, "runtime B's copy");
    dev.free(w).unwrap();
    address_comes_back(dev, x_va);
}

/// Was: runtime B's launch, declared with `uses(x)`, would write `x` once
/// a flag was set; runtime A's `free(x)` returned `Ok` at once, and the new
/// buffer at x's address got B's stores.
#[test]
fn a_launch_another_runtime_declared_with_uses_never_reaches_a_buffer_allocated_after_the_free() {
    each_mode(a_launch_another_runtime_declared_with_uses_never_reaches_a_buffer_allocated_after_the_free_in);
}

fn a_launch_another_runtime_declared_with_uses_never_reaches_a_buffer_allocated_after_the_free_in(dev: &MockDevice) {
    let (a, b) = (Runtime::new(dev).unwrap(), Runtime::new(dev).unwrap());
    let fill = b.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let x = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    let x_va = x.gpu_va();
    let g = gate(dev);
    let args = fill.pack_args(&[Arg::U64(x_va), Arg::U32(64), Arg::U32(9)]).unwrap();
    let mut q = Queue::compute();
    q.wait(&g, 1u64).uses(&x).launch(&fill, LaunchDims::new([2, 1, 1], [32, 1, 1]), &args);
    b.submit(&q, &[]).unwrap();
    drop(q);
    a.free(x).expect("runtime A frees its handle");
    let w = alloc_elsewhere(dev, x_va);
    open_gate(dev, &g);
    b.synchronize().unwrap();
    assert_zero(&w, "runtime B's launch declared with uses(x)");
    dev.free(w).unwrap();
    b.free_program(fill).unwrap();
    address_comes_back(dev, x_va);
}

/// Was: runtime A freed a program while runtime B's launch of it was
/// queued; a new buffer landed at the program's address, and B's kernel ran
/// from (and its stores reached) that buffer. Now B's launch runs the
/// program's own code, still mapped, and the new buffer stays untouched.
#[test]
fn a_program_freed_while_another_runtime_launch_is_queued_stays_until_it_ran() {
    each_mode(a_program_freed_while_another_runtime_launch_is_queued_stays_until_it_ran_in);
}

fn a_program_freed_while_another_runtime_launch_is_queued_stays_until_it_ran_in(dev: &MockDevice) {
    let (a, b) = (Runtime::new(dev).unwrap(), Runtime::new(dev).unwrap());
    let fill = a.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let program_va = fill.buffer().gpu_va();
    let out = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    let g = gate(dev);
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(64), Arg::U32(3)]).unwrap();
    let mut q = Queue::compute();
    q.wait(&g, 1u64).launch(&fill, LaunchDims::new([2, 1, 1], [32, 1, 1]), &args);
    b.submit(&q, &[]).unwrap();
    drop(q);
    a.free_program(fill).expect("runtime A frees the program");
    let before = dev.live().unwrap();
    let w = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    assert!(
        !(w.gpu_va()..w.gpu_va() + SIZE).contains(&program_va),
        "a buffer landed on the program runtime B's launch will still run"
    );
    assert!(before.deferred_frees >= 1, "the program's memory is held: {before:?}");
    open_gate(dev, &g);
    b.synchronize().expect("B's launch ran the program's own code");
    let mut got = vec![0u8; 256];
    b.copyout(&mut got, &out, 0).unwrap();
    let words: Vec<u32> = got.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    assert_eq!(words, (0..64).map(|i| 3 * i).collect::<Vec<u32>>(), "the launch's results");
    assert_zero(&w, "runtime B's launch");
    dev.free(w).unwrap();
    settle(dev);
}

/// Was: a queue whose first launch takes a buffer variable and whose
/// second declares nothing (it writes `x` through a pointer argument):
/// `Runtime::free(x)` did not wait for it, and the next buffer at x's
/// address got its stores. Now the device keeps `x` until the launch ran,
/// whatever the runtime's own bookkeeping concluded.
#[test]
fn a_launch_that_declares_nothing_never_reaches_a_buffer_allocated_after_the_free() {
    each_mode(a_launch_that_declares_nothing_never_reaches_a_buffer_allocated_after_the_free_in);
}

fn a_launch_that_declares_nothing_never_reaches_a_buffer_allocated_after_the_free_in(dev: &MockDevice) {
    let rt = Runtime::new(dev).unwrap();
    rt.set_wait_timeout(Duration::from_millis(200));
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let params = &fill.attributes().params;
    let (bound, x) = (dev.alloc(AllocRequest::new(SIZE)).unwrap(), dev.alloc(AllocRequest::new(SIZE)).unwrap());
    let x_va = x.gpu_va();
    let g = gate(dev);
    let dims = LaunchDims::new([2, 1, 1], [32, 1, 1]);
    let mut q = Queue::compute();
    let var = q.buffer_var();
    let first = fill.pack_args(&[Arg::U64(0), Arg::U32(64), Arg::U32(1)]).unwrap();
    let second = fill.pack_args(&[Arg::U64(x_va), Arg::U32(64), Arg::U32(5)]).unwrap();
    q.wait(&g, 1u64);
    q.launch_vars(&fill, dims, &first, &[ArgVar::buffer(usize::from(params[0].offset), var)]);
    q.launch(&fill, dims, &second);
    rt.submit_with(&q, &[], &[(var, &bound)]).unwrap();
    // The runtime may wait for the gated launch (and time out, keeping the
    // buffer) or not; either way no new buffer may take x's address.
    let freed = rt.free(x);
    let w = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    assert_ne!(w.gpu_va(), x_va, "a buffer landed where the queued launch will write ({freed:?})");
    open_gate(dev, &g);
    rt.set_wait_timeout(Duration::from_secs(20));
    rt.synchronize().unwrap();
    assert_zero(&w, "the launch that declared nothing");
    dev.free(w).unwrap();
    if freed.is_ok() {
        address_comes_back(dev, x_va);
    }
    rt.free(bound).unwrap();
}

/// Was: `Runtime`'s drop freed its local memory and command rings before
/// it closed its channels, so work still queued there could reach a new
/// buffer at those addresses. Now those frees wait for the channels' work
/// or their closing, and the runtime's teardown leaves nothing deferred.
#[test]
fn a_runtimes_teardown_frees_nothing_its_queued_work_can_still_reach() {
    each_mode(a_runtimes_teardown_frees_nothing_its_queued_work_can_still_reach_in);
}

fn a_runtimes_teardown_frees_nothing_its_queued_work_can_still_reach_in(dev: &MockDevice) {
    let rt = Runtime::new(dev).unwrap();
    let scratch = rt.load_kernel(gpuiface_kernels::LOCAL_SCRATCH.cubin, "local_scratch").unwrap();
    assert!(rt.local_memory().is_some(), "the kernel grew the local memory");
    let out = dev.alloc(AllocRequest::new(SIZE)).unwrap();
    let g = gate(dev);
    let args = scratch.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(64)]).unwrap();
    let mut q = Queue::compute();
    q.wait(&g, 1u64).launch(&scratch, LaunchDims::new([2, 1, 1], [32, 1, 1]), &args);
    rt.submit(&q, &[]).unwrap();
    drop(q);
    rt.set_wait_timeout(Duration::from_millis(100));
    drop(scratch);
    let before = dev.live().unwrap();
    drop(rt); // the gated launch never ran: teardown gives up on it and closes the channels
    let after = dev.live().unwrap();
    assert_eq!(after.deferred_frees, 0, "the closed channels' memory went with them: {after:?}");
    assert!(after.buffers < before.buffers, "the runtime's memory was freed: {before:?} -> {after:?}");
    // Closing the channels ended the gated launch: opening the gate now
    // runs nothing, so the local memory (already given back) is never written.
    open_gate(dev, &g);
    std::thread::sleep(Duration::from_millis(50));
    assert_zero(&out, "a launch of a closed channel");
    dev.free(out).unwrap();
}

/// Issue 41's teardown case with a kernel still running: `Runtime`'s drop
/// used to free its local memory while a launch was writing it, and a new
/// buffer at that address got the stores. Now the free waits for the
/// channel's closing, which stops the launch first; the address is handed
/// out again only after, and nothing reaches the new buffer.
#[test]
fn a_runtimes_teardown_while_a_kernel_writes_local_memory_frees_it_only_after_the_kernel_stopped() {
    let dev = open_with(MockKernel::builder().trace_decoded(true).gpu(GpuConfig { mode: ExecMode::Threaded }))
        .expect("mock device");
    let rt = Runtime::new(&dev).unwrap();
    let scratch = rt.load_kernel(gpuiface_kernels::LOCAL_SCRATCH.cubin, "local_scratch").unwrap();
    let local = rt.local_memory().expect("the kernel grew the local memory");
    let n = 1u32 << 20; // a million threads, each filling a 1 KiB local array: seconds on the interpreter
    let out = dev.alloc(AllocRequest::new(4 * u64::from(n))).unwrap();
    let args = scratch.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(n)]).unwrap();
    let mut q = Queue::compute();
    q.launch(&scratch, LaunchDims::new([n / 256, 1, 1], [256, 1, 1]), &args);
    rt.submit(&q, &[]).unwrap();
    drop(q);
    drop(scratch);
    rt.set_wait_timeout(Duration::from_millis(200));
    std::thread::sleep(Duration::from_millis(20)); // the launch is running
    dev.kernel().clear_trace();
    drop(rt);
    // The order the kernel saw: the channels' own buffers (GPFIFO, USERD and
    // notifier pages, three per channel) are unmapped when a channel is
    // destroyed; the local memory only after both, when no launch can run.
    let unmaps: Vec<String> =
        dev.kernel().trace().into_iter().filter(|e| e.name == "NVGPU_AS_IOCTL_UNMAP_BUFFER").map(|e| e.line).collect();
    let local_at = unmaps.iter().position(|l| l.contains(&format!("offset={:#x}", local.gpu_va)));
    assert!(
        local_at.is_some_and(|k| k >= 6),
        "the local memory was unmapped before both channels were closed: {unmaps:#?}"
    );
    assert_eq!(dev.live().unwrap().deferred_frees, 0, "the closed channel's memory went: {:?}", dev.live());
    // The old local memory's address comes back for a buffer of its kind;
    // nothing the torn-down runtime's launch did reaches it.
    let w = dev.alloc(AllocRequest::new(local.size).gpu_only()).unwrap();
    assert_eq!(w.gpu_va(), local.gpu_va, "the local memory's address is handed out again");
    std::thread::sleep(Duration::from_millis(300));
    let reader = Runtime::new(&dev).unwrap();
    let mut seen = vec![0xffu8; local.size as usize];
    reader.copyout_staged(&mut seen, &w, 0).unwrap();
    assert!(seen.iter().all(|&b| b == 0), "the launch of a torn-down runtime wrote its old local memory");
    reader.free(w).unwrap();
    drop(reader);
    dev.free(out).unwrap();
}
