//! Issue 22, item 14: a launch never allocates host memory in proportion
//! to its grid, and a fault ends it at the first bad access. Counted by a
//! test allocator, on the mock (whose suite-kernel twins run the launch).

use std::time::Duration;

use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface};
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};

// The hal tests' counting allocator, uncapped.
#[path = "../../hal/tests/common/heap.rs"]
mod heap;

#[global_allocator]
static COUNTING: heap::Counting = heap::Counting::with_cap(usize::MAX);

/// `fill` over `dims` into a one-page buffer with `n = u32::MAX`: the
/// launch faults at the first word past the page; the heap grows by less
/// than `limit` meanwhile.
fn huge_fill_faults_within(dims: LaunchDims, limit: usize) {
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    rt.set_wait_timeout(Duration::from_secs(60));
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(u32::MAX), Arg::U32(3)]).unwrap();
    let mut q = Queue::compute();
    q.launch(&fill, dims, &args);
    let (e, grew) = heap::peak_during(|| {
        rt.submit(&q, &[]).unwrap();
        rt.synchronize().expect_err("the launch runs off its buffer")
    });
    assert_eq!(e.kind(), ErrorKind::DeviceHang, "{e}");
    assert!(grew < limit, "a {dims:?} launch took {grew} bytes of host memory");
    let mut first = [0u8; 8];
    out.read(0, &mut first).unwrap();
    assert_eq!(first, [0, 0, 0, 0, 3, 0, 0, 0], "the launch ran up to its fault");
}

/// Was: the contiguous path built all 2^32 - 2 output words first (16 GiB),
/// then aborted.
#[test]
fn a_2_pow_31_by_2_fill_faults_without_a_grid_sized_allocation() {
    huge_fill_faults_within(LaunchDims::new([(1 << 31) - 1, 1, 1], [2, 1, 1]), 64 << 20);
}

/// Was: the per-thread path collected every thread's index first (a grid
/// whose thread count overflows 32 bits: 32 GiB).
#[test]
fn a_fill_whose_thread_count_overflows_32_bits_faults_without_collecting_its_threads() {
    huge_fill_faults_within(LaunchDims::new([(1 << 31) - 1, 1, 1], [4, 1, 1]), 64 << 20);
}
