//! Steady-state submission allocates nothing: replaying a pre-built launch
//! queue (and a copy queue) copies its encoding into command memory and
//! patches it, through the nvgpu backend's usermode submit on the mock.
//! Counted with a counting global allocator, on this thread only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, QueueKind, Runtime};

struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(Cell::get) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract; passed through.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout (above).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.with(Cell::get) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: passed through under the caller's contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn counted(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

#[test]
fn replaying_a_launch_or_a_copy_allocates_nothing() {
    // A stepped GPU runs nothing during the submits: what is counted is the
    // runtime and the backend's submit path, not the model's execution.
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Stepped })).unwrap();
    let gpu = dev.gpu().clone();
    let rt = Runtime::new(&dev).unwrap();
    while gpu.step() {}
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = dev.alloc(AllocRequest::new(1 << 16)).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    let (value, k) = (q.var(), q.var());
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(64), Arg::U32(0)]).unwrap();
    q.launch_with_vars(&fill, LaunchDims::new([1, 1, 1], [64, 1, 1]), &args, &[(8, k)]).signal(&s, value);
    let mut c = Queue::copy_queue();
    let cv = c.var();
    c.copy(out.gpu_va() + 4096, out.gpu_va(), 256u64).signal(&s, cv);
    // Warm up: the first submits encode the queues and size the rings' bookkeeping.
    let mut v = 0;
    for _ in 0..64 {
        v += 1;
        rt.submit(&q, &[(value, v), (k, 64 | (3 << 32))]).unwrap();
        v += 1;
        rt.submit(&c, &[(cv, v)]).unwrap();
    }
    while gpu.step() {}
    let n = counted(|| {
        for _ in 0..200 {
            v += 1;
            rt.submit(&q, &[(value, v), (k, 64 | (3 << 32))]).unwrap();
            v += 1;
            rt.submit(&c, &[(cv, v)]).unwrap();
        }
    });
    assert_eq!(n, 0, "{n} allocations in 400 steady-state submits");
    while gpu.step() {}
    dev.signal_wait(&s, v, Duration::from_secs(5)).unwrap();
    assert!(rt.last_timeline_value(QueueKind::Compute) > 200);
    // The replays computed: fill with k = 3.
    let mut host = [0u8; 16];
    rt.copyout(&mut host, &out, 4).unwrap();
    assert_eq!(u32::from_le_bytes(host[..4].try_into().unwrap()), 3);
}
