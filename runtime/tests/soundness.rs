//! Issue 11's soundness reproductions, each now a test that passes: what
//! safe code did to memory it does not own, and what it gets instead.
//!
//! The cases the type system now forbids (cloning a `Buffer`, making one
//! by hand, freeing one twice) are `compile_fail` doctests on
//! `gpuiface_hal::Buffer`; the cases here are the ones safe code can still
//! write. They run the nvgpu backend's code over the mock kernel.

use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface};
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{Arg, LaunchDims, Queue, QueueOptions, Runtime};

pub(crate) fn device() -> MockDevice {
    MockDevice::open_default().expect("mock device")
}

pub(crate) fn kind<T: std::fmt::Debug>(r: gpuiface_hal::Result<T>) -> ErrorKind {
    r.expect_err("must be refused").kind()
}

/// Was: clone a buffer, free it, allocate again at the same VA, `copyin`
/// through the stale clone — the new, unrelated buffer got the bytes.
/// A `Buffer` cannot be cloned now; the nearest safe code can get is a
/// clone of its CPU view, which keeps the *old* memory mapped, so writes
/// through it never reach the buffer that now has the address.
#[test]
fn a_view_kept_past_free_never_reaches_the_next_buffer_at_that_address() {
    let dev = device();
    let old = dev.alloc(AllocRequest::new(4096)).unwrap();
    let va = old.gpu_va();
    let kept = old.cpu().expect("mapped").clone();
    dev.free(old).unwrap();
    let new = dev.alloc(AllocRequest::new(4096)).unwrap();
    assert_eq!(new.gpu_va(), va, "the allocator reuses the freed VA (the dangerous case)");
    kept.write(0, &[0xee; 4096]).expect("the kept view's memory is still mapped");
    let mut seen = vec![0xffu8; 4096];
    new.read(0, &mut seen).unwrap();
    assert!(seen.iter().all(|&b| b == 0), "a write through the old view reached the new buffer");
    assert!(!kept.same_mapping(new.cpu().unwrap()), "the new buffer has a mapping of its own");
    dev.free(new).unwrap();
}

/// Was: a hand-made buffer over a 16-byte array took a 4 KiB `copyin`.
/// Hand-made buffers do not compile; every copy is checked against the
/// buffer it names.
#[test]
fn copies_past_a_buffer_are_errors_never_writes() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let small = dev.alloc(AllocRequest::new(16)).unwrap();
    let next = dev.alloc(AllocRequest::new(4096)).unwrap();
    next.write(0, &[0x11; 64]).unwrap();
    assert_eq!(kind(rt.copyin(&small, 0, &[0xab; 4096])), ErrorKind::InvalidArgument);
    assert_eq!(kind(small.write(0, &[0xab; 4096])), ErrorKind::InvalidArgument);
    assert_eq!(kind(small.write(u64::MAX, &[0])), ErrorKind::InvalidArgument);
    let mut out = [0u8; 17];
    assert_eq!(kind(rt.copyout(&mut out, &small, 0)), ErrorKind::InvalidArgument);
    let mut seen = [0u8; 64];
    next.read(0, &mut seen).unwrap();
    assert_eq!(seen, [0x11; 64], "the neighbouring buffer changed");
    rt.free(small).unwrap();
    rt.free(next).unwrap();
}

/// Was: device 2 freeing device 1's buffer returned `Ok` and freed device
/// 2's own buffer (ids and addresses coincide).
#[test]
fn another_devices_buffer_is_refused_though_ids_and_addresses_coincide() {
    let (one, two) = (device(), device());
    let a = one.alloc(AllocRequest::new(4096)).unwrap();
    let b = two.alloc(AllocRequest::new(4096)).unwrap();
    assert_eq!((a.id(), a.gpu_va()), (b.id(), b.gpu_va()), "the coincidence the old code fell for");
    b.write(0, &[5; 8]).unwrap();
    assert_eq!(kind(two.free(a)), ErrorKind::InvalidArgument);
    let mut seen = [0u8; 8];
    b.read(0, &mut seen).unwrap();
    assert_eq!(seen, [5; 8]);
    // Device two's buffer is still its own, and freeing it works once.
    two.free(b).unwrap();
    let rt_two = Runtime::new(&two).unwrap();
    let c = one.alloc(AllocRequest::new(4096)).unwrap();
    assert_eq!(kind(rt_two.copyin(&c, 0, &[1])), ErrorKind::InvalidArgument);
    assert_eq!(kind(rt_two.copyout(&mut [0], &c, 0)), ErrorKind::InvalidArgument);
    assert_eq!(kind(rt_two.wait_for_buffer(&c)), ErrorKind::InvalidArgument);
    assert_eq!(kind(rt_two.free(c)), ErrorKind::InvalidArgument);
}

/// Was: a buffer used after its device was dropped segfaulted. Its CPU
/// view keeps the memory mapped; any device it is handed to refuses it.
#[test]
fn a_buffer_outliving_its_device_is_inert_not_dangling() {
    let dev = device();
    let buf = dev.alloc(AllocRequest::new(8192)).unwrap();
    buf.write(0, &[3; 16]).unwrap();
    drop(dev);
    buf.write(8192 - 16, &[4; 16]).expect("still mapped");
    let mut seen = [0u8; 16];
    buf.read(0, &mut seen).unwrap();
    assert_eq!(seen, [3; 16]);
    let other = device();
    let rt = Runtime::new(&other).unwrap();
    assert_eq!(kind(rt.copyin(&buf, 0, &[1])), ErrorKind::InvalidArgument);
    assert_eq!(kind(other.free(buf)), ErrorKind::InvalidArgument);
}

/// Was: a signal of device A in a queue of device B made B write its own
/// memory at that address while A's signal never moved.
#[test]
fn a_queue_naming_another_devices_signal_is_refused() {
    let (a, b) = (device(), device());
    let rt_b = Runtime::new(&b).unwrap();
    let theirs = a.signal_alloc().unwrap();
    let mine = b.signal_alloc().unwrap();
    let mut q = Queue::copy_queue();
    q.signal(&theirs, 7u64);
    assert_eq!(kind(rt_b.submit(&q, &[])), ErrorKind::InvalidArgument);
    let mut w = Queue::compute();
    w.wait(&theirs, 1u64);
    assert_eq!(kind(rt_b.submit(&w, &[])), ErrorKind::InvalidArgument);
    let mut mixed = Queue::copy_queue();
    mixed.signal(&mine, 1u64).signal(&theirs, 1u64);
    assert_eq!(kind(rt_b.submit(&mixed, &[])), ErrorKind::InvalidArgument);
    assert_eq!(kind(b.signal_wait(&theirs, 1, std::time::Duration::ZERO)), ErrorKind::InvalidArgument);
    rt_b.synchronize().unwrap();
    assert_eq!((theirs.value(), mine.value()), (0, 0), "nothing was released anywhere");
}

/// Was: a queue (and its QMD slots) used after its device was dropped
/// segfaulted. Another runtime refuses it: its program and slots belong to
/// a device that runtime does not know.
#[test]
fn a_queue_outliving_its_runtime_is_refused_by_the_next() {
    let first = device();
    let rt = Runtime::new(&first).unwrap();
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = first.alloc(AllocRequest::new(4096)).unwrap();
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(9)]).unwrap();
    let mut q = Queue::compute().with_options(QueueOptions { reuse_qmd_memory: true, ..Default::default() });
    q.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args);
    rt.submit(&q, &[]).unwrap();
    rt.synchronize().unwrap();
    drop(rt);
    drop(first);
    let second = device();
    let rt2 = Runtime::new(&second).unwrap();
    assert_eq!(kind(rt2.submit(&q, &[])), ErrorKind::InvalidArgument);
    assert_eq!(kind(rt2.release_queue(&q)), ErrorKind::InvalidArgument);
}

/// Was: a reuse-mode queue's slot buffer was sized at its first submit; 41
/// launches into a 1-slot buffer overwrote 2,304 bytes of an unrelated
/// buffer. A queue that outgrew its slots uses fresh command memory, and
/// every write into command memory is bounds-checked.
#[test]
fn a_reuse_queue_that_outgrew_its_slots_writes_nothing_outside_them() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = dev.alloc(AllocRequest::new(41 * 128)).unwrap();
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    let launch = |q: &mut Queue, i: u64| {
        let args = fill.pack_args(&[Arg::U64(out.gpu_va() + 128 * i), Arg::U32(32), Arg::U32(i as u32 + 1)]).unwrap();
        q.launch(&fill, dims, &args);
    };
    let mut q = Queue::compute().with_options(QueueOptions { reuse_qmd_memory: true, ..Default::default() });
    launch(&mut q, 0);
    rt.submit(&q, &[]).unwrap(); // slots for one launch
    rt.synchronize().unwrap();
    // Whatever the allocator places after the slots: a canary.
    let canary = dev.alloc(AllocRequest::new(64 << 10)).unwrap();
    canary.write(0, &vec![0x5c; 64 << 10]).unwrap();
    for i in 1..41 {
        launch(&mut q, i);
    }
    rt.submit(&q, &[]).unwrap();
    rt.synchronize().unwrap();
    let mut seen = vec![0u8; 64 << 10];
    canary.read(0, &mut seen).unwrap();
    assert!(seen.iter().all(|&b| b == 0x5c), "a buffer outside the queue's memory changed");
    for i in 0..41u64 {
        let mut word = [0u8; 4];
        rt.copyout(&mut word, &out, 128 * i + 4).unwrap(); // fill: out[j] = j * k
        assert_eq!(u32::from_le_bytes(word), i as u32 + 1, "launch {i} did not run with its own arguments");
    }
    rt.release_queue(&q).unwrap();
}

/// A program's memory is freed only through its last handle: a queue that
/// still holds a clone could launch freed code.
#[test]
fn a_program_with_live_clones_is_not_freed() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let mut q = Queue::compute();
    q.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[0; 16]);
    assert_eq!(kind(rt.free_program(fill.clone())), ErrorKind::Busy);
    drop(q);
    rt.free_program(fill).unwrap();
}

// Issue 41, item 1: frees on a device that other work can still reach.
#[path = "soundness/device_frees.rs"]
mod device_frees;
// Issue 22's holes 1-7, one file per concern.
#[path = "soundness/gpu_lifetimes.rs"]
mod gpu_lifetimes;
#[path = "soundness/hostile_input.rs"]
mod hostile_input;
#[path = "soundness/trust.rs"]
mod trust;
