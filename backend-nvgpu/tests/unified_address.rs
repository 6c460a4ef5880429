//! One address for CPU and GPU: the dma-buf is mmapped at its GPU VA
//! (`MAP_FIXED_NOREPLACE`). A single test in its own process, because two
//! devices in one process have overlapping GPU address spaces and the second
//! one's mappings rightly fall back to kernel-chosen CPU addresses.

use std::sync::Arc;

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::{open_on, MockKernel};

#[test]
fn buffers_are_mapped_at_their_gpu_address_and_fall_back_when_taken() {
    let k = Arc::new(MockKernel::new());
    let dev = open_on(k.clone()).unwrap();
    for size in [1u64, 4096, 1 << 16, 1 << 20, 9 << 20] {
        let b = dev.alloc(AllocRequest::new(size)).unwrap();
        assert_eq!(b.cpu_addr(), Some(b.gpu_va() as usize), "{size:#x}");
        dev.free(b).unwrap();
    }
    // A second device: same GPU VAs, so its CPU mappings must fall back.
    let first = dev.alloc(AllocRequest::new(1 << 16)).unwrap();
    let other = open_on(Arc::new(MockKernel::new())).unwrap();
    let second = other.alloc(AllocRequest::new(1 << 16)).unwrap();
    assert_eq!(second.gpu_va(), first.gpu_va(), "independent VMs place identically");
    assert_ne!(second.cpu_addr(), Some(second.gpu_va() as usize), "a taken range must not be clobbered");
    // SAFETY: both buffers are mapped for 64 KiB until freed.
    unsafe {
        (first.cpu_addr().unwrap() as *mut u32).write_volatile(1);
        (second.cpu_addr().unwrap() as *mut u32).write_volatile(2);
        assert_eq!((first.cpu_addr().unwrap() as *const u32).read_volatile(), 1, "first device's memory clobbered");
    }
}
