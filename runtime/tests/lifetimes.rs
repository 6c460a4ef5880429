//! Issue 23, item 3: lifetimes a user can see — live counts per runtime and
//! per device, a warning for a buffer dropped without `free`, signals that
//! need no free, and a timeline that cannot be moved from the CPU.

use std::sync::{Mutex, OnceLock};

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{Arg, LaunchDims, Queue, QueueKind, QueueOptions, Runtime};

/// Warnings logged by this test binary.
struct Capture;
static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());
impl log::Log for Capture {
    fn enabled(&self, m: &log::Metadata) -> bool {
        m.level() <= log::Level::Warn
    }
    fn log(&self, r: &log::Record) {
        if self.enabled(r.metadata()) {
            LINES.lock().unwrap().push(r.args().to_string());
        }
    }
    fn flush(&self) {}
}
fn capture() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        log::set_logger(&Capture).unwrap();
        log::set_max_level(log::LevelFilter::Warn);
    });
}

#[test]
fn live_counts_follow_a_job_and_return_to_zero_after_teardown() {
    let dev = MockDevice::open_default().unwrap();
    let before = dev.live().expect("the nvgpu backend counts");
    {
        let rt = Runtime::new(&dev).unwrap();
        let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
        let out = dev.alloc(AllocRequest::new(4096)).unwrap();
        let done = dev.signal_alloc().unwrap();
        let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(2)]).unwrap();
        let mut q = Queue::compute().with_options(QueueOptions { reuse_qmd_memory: true, ..Default::default() });
        q.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&done, 1u64);
        rt.submit(&q, &[]).unwrap();
        let live = rt.live();
        assert_eq!((live.programs, live.queue_slots), (1, 1), "{live:?}");
        let during = live.device.unwrap();
        assert!(during.buffers > before.buffers && during.signals > before.signals, "{during:?} vs {before:?}");
        rt.synchronize().unwrap();
        assert_eq!(rt.live().in_flight, [0, 0]);
        // Teardown: each object given back.
        rt.release_queue(&q).unwrap();
        drop(q);
        rt.free_program(fill).unwrap();
        rt.free(out).unwrap();
        drop(done);
        let live = rt.live();
        assert!(live.is_idle(), "{live:?}");
    }
    assert_eq!(dev.live().unwrap(), before, "the device holds nothing more than before the job");
}

#[test]
fn a_program_dropped_without_free_leaves_the_live_count_and_is_reported() {
    capture();
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let p = rt.load_program(b"dropped program").unwrap();
    let (va, size) = (p.gpu_va(), p.buffer().size());
    assert_eq!(rt.live().programs, 1);
    drop(p);
    assert_eq!(rt.live().programs, 0);
    let lines = LINES.lock().unwrap();
    let needle = format!("{size:#x} bytes at GPU VA {va:#x}");
    if cfg!(debug_assertions) {
        assert!(lines.iter().any(|l| l.contains(&needle)), "no warning naming {needle}: {lines:?}");
    } else {
        assert!(!lines.iter().any(|l| l.contains(&needle)), "release builds say nothing");
    }
}

#[test]
fn a_buffer_dropped_without_free_is_reported_and_a_freed_one_is_not() {
    capture();
    let dev = MockDevice::open_default().unwrap();
    let kept = dev.alloc(AllocRequest::new(0x3000)).unwrap();
    let freed = dev.alloc(AllocRequest::new(0x5000)).unwrap();
    let (kept_va, freed_va) = (kept.gpu_va(), freed.gpu_va());
    dev.free(freed).unwrap();
    drop(kept);
    let lines = LINES.lock().unwrap();
    if cfg!(debug_assertions) {
        assert!(lines.iter().any(|l| l.contains(&format!("0x3000 bytes at GPU VA {kept_va:#x}"))), "{lines:?}");
    }
    assert!(!lines.iter().any(|l| l.contains(&format!("GPU VA {freed_va:#x} (device {}", dev.info().device.get()))));
}

#[test]
fn signals_need_no_free_their_slots_return_when_the_last_clone_drops() {
    let dev = MockDevice::open_default().unwrap();
    let before = dev.live().unwrap().signals;
    let s = dev.signal_alloc().unwrap();
    let clone = s.clone();
    assert_eq!(dev.live().unwrap().signals, before + 1);
    drop(s);
    assert_eq!(dev.live().unwrap().signals, before + 1, "a clone still names the slot");
    drop(clone);
    assert_eq!(dev.live().unwrap().signals, before);
}

#[test]
fn the_timeline_is_a_read_only_view_a_queue_can_wait_on() {
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let done = dev.signal_alloc().unwrap();
    let mut copy = Queue::copy_queue();
    copy.barrier();
    let v = rt.submit(&copy, &[]).unwrap();
    let mut q = Queue::compute();
    q.wait_timeline(rt.timeline(QueueKind::Copy), v).signal(&done, 1u64);
    rt.submit(&q, &[]).unwrap();
    rt.synchronize().unwrap();
    assert_eq!(done.value(), 1);
    let tl = rt.timeline(QueueKind::Copy);
    assert_eq!(tl.value(), v);
    tl.wait(&rt, v, std::time::Duration::from_secs(1)).unwrap();
    assert_eq!(tl.device(), dev.info().device);
}

/// Issue 39: `free_module` after the runtime's channel faulted returned
/// `DeviceHang`, consumed the module and left its image allocated. The
/// faulted channel runs nothing more: the module is freed, as `free` and
/// `free_program` free.
#[test]
fn free_module_after_a_fault_of_the_runtimes_channel_frees() {
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    rt.set_wait_timeout(std::time::Duration::from_secs(5));
    let module = rt.load_module(gpuiface_kernels::FILL.cubin).unwrap();
    let fill = module.kernel("fill").unwrap();
    let args = fill.pack_args(&[Arg::U64(0xdead_0000_0000), Arg::U32(32), Arg::U32(1)]).unwrap();
    let mut q = Queue::compute();
    q.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args);
    rt.submit(&q, &[]).unwrap();
    assert_eq!(rt.synchronize().unwrap_err().kind(), gpuiface_hal::ErrorKind::DeviceHang);
    drop((q, fill));
    let before = dev.live().unwrap().buffers;
    assert_eq!(rt.live().modules, 1);
    rt.free_module(module).expect("the faulted channel runs nothing more: free");
    assert_eq!(dev.live().unwrap().buffers, before - 1, "the module's image leaked");
    assert_eq!(rt.live().modules, 0);
}

/// Issue 39: `is_idle()` was true while a dropped module's image was still
/// allocated. A module dropped instead of freed stays counted (its memory
/// stays until the device closes); one freed does not.
#[test]
fn a_dropped_module_keeps_the_runtime_from_being_idle() {
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    rt.synchronize().unwrap(); // the set-up's own work
    let live = rt.live();
    assert!(live.is_idle(), "{live:?}");
    let freed = rt.load_module(gpuiface_kernels::FILL.cubin).unwrap();
    assert_eq!((rt.live().modules, rt.live().is_idle()), (1, false));
    rt.free_module(freed).unwrap();
    let live = rt.live();
    assert!(live.is_idle(), "{live:?}");
    let kernel = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    assert_eq!(rt.live().modules, 1, "a load_kernel program's module counts too");
    rt.free_program(kernel).unwrap();
    assert_eq!(rt.live().modules, 0);
    let dropped = rt.load_module(gpuiface_kernels::FILL.cubin).unwrap();
    let buffers = dev.live().unwrap().buffers;
    drop(dropped);
    assert_eq!(dev.live().unwrap().buffers, buffers, "the dropped module's image stays allocated");
    let live = rt.live();
    assert_eq!(live.modules, 1, "and stays counted");
    assert!(!live.is_idle(), "{live:?}");
}

/// Issue 41, item 6: when the kernel refuses an unmap, an nvmap free or a
/// subcontext's deletion during a runtime's teardown, nothing reported it.
/// Each is now logged and counted in the device's `live().teardown_errors`.
#[test]
fn teardown_errors_are_logged_and_counted() {
    use gpuiface_hal::Errno;
    use gpuiface_mock::kernel::Matcher;
    let _ = log::set_logger(&Capture).map(|()| log::set_max_level(log::LevelFilter::Warn));
    for name in ["NVGPU_AS_IOCTL_UNMAP_BUFFER", "NVMAP_IOC_FREE", "NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT"] {
        let dev = MockDevice::open_default().unwrap();
        let rt = Runtime::new(&dev).unwrap();
        let before = dev.live().unwrap().teardown_errors;
        dev.kernel().inject_failure(Matcher::Name(name.into()), 1, Errno::EIO);
        drop(rt);
        let after = dev.live().unwrap().teardown_errors;
        assert_eq!(after, before + 1, "{name} failing during teardown was counted");
        assert!(
            LINES.lock().unwrap().iter().any(|l| l.contains("EIO") || l.contains("Input/output")),
            "{name}: the error was logged: {:?}",
            LINES.lock().unwrap()
        );
    }
}

/// Issue 41: a program loaded on one runtime and launched on another
/// faulted there ("outside its 0x0 bytes"): loading grew the loading
/// runtime's local memory only. The launching runtime now grows its own
/// first, for a queue and for a one-shot.
#[test]
fn a_program_launched_on_another_runtime_gets_its_local_memory_there() {
    let dev = MockDevice::open_default().unwrap();
    let (a, b) = (Runtime::new(&dev).unwrap(), Runtime::new(&dev).unwrap());
    let scratch = a.load_kernel(gpuiface_kernels::LOCAL_SCRATCH.cubin, "local_scratch").unwrap();
    assert!(b.local_memory().is_none(), "runtime B has no local memory yet");
    let n = 64u32;
    let expected: Vec<u32> =
        (0..n).map(|i| (i.wrapping_mul(i % 256) + 1).wrapping_add(i.wrapping_mul((7 * i + 3) % 256) + 1)).collect();
    let dims = LaunchDims::new([2, 1, 1], [32, 1, 1]);
    for one_shot in [false, true] {
        let out = dev.alloc(AllocRequest::new(4 * u64::from(n))).unwrap();
        let args = scratch.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(n)]).unwrap();
        if one_shot {
            b.one_shot(QueueKind::Compute).launch(&scratch, dims, &args).submit().unwrap();
        } else {
            let mut q = Queue::compute();
            q.launch(&scratch, dims, &args);
            b.submit(&q, &[]).unwrap();
        }
        b.synchronize().expect("the launch ran with runtime B's local memory");
        let local = b.local_memory().expect("runtime B grew its local memory");
        assert!(local.per_thread >= scratch.attributes().local_memory_per_thread());
        let mut got = vec![0u8; 4 * n as usize];
        b.copyout(&mut got, &out, 0).unwrap();
        let words: Vec<u32> = got.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(words, expected, "one-shot: {one_shot}");
        b.free(out).unwrap();
    }
    a.free_program(scratch).unwrap();
}
