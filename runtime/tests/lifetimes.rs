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
