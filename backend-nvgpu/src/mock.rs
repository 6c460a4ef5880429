//! The composition "this backend over the mock kernel" (feature `mock`):
//! [`MockDevice`] is [`NvgpuDevice`] with `gpuiface-mock`'s model of
//! `nvgpu.ko`, `nvmap` and the GPU behind the syscall seam. The mock crate
//! itself depends only on `gpuiface-abi`; this module (and the facade's
//! `MockBackend`) ties the two together. Everything of `gpuiface_mock` is
//! re-exported here, so `gpuiface_nvgpu::mock::MockKernel` names the kernel.
//!
//! ```
//! use gpuiface_hal::{AllocRequest, GpuIface};
//! use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
//! let dev = MockDevice::open_default()?;
//! let buf = dev.alloc(AllocRequest::new(4096))?;
//! assert_eq!(buf.cpu_addr(), Some(buf.gpu_va() as usize)); // one address for CPU and GPU
//! dev.free(buf)?;
//! # Ok::<(), gpuiface_hal::Error>(())
//! ```

use std::sync::Arc;

pub use gpuiface_mock::*;

use crate::{NvgpuDevice, NvgpuDeviceBuilder};

/// The nvgpu backend's code over the mock kernel (shared, so a test can
/// keep the kernel to check for leaks after the device is dropped).
pub type MockDevice = NvgpuDevice<Arc<MockKernel>>;

/// Open a [`MockDevice`] over a kernel built by `kernel`.
pub fn open_with(kernel: MockKernelBuilder) -> gpuiface_hal::Result<MockDevice> {
    open_on(Arc::new(kernel.build()))
}

/// Open a [`MockDevice`] over an existing kernel.
pub fn open_on(kernel: Arc<MockKernel>) -> gpuiface_hal::Result<MockDevice> {
    NvgpuDeviceBuilder::default().backend_name("mock").build_with(kernel)
}

/// Extension: open the default mock (ga10b, threaded GPU).
pub trait MockDeviceExt: Sized {
    /// ga10b characteristics and a GPU worker thread: what `gpuiface::open`
    /// uses when no Jetson is present. The kernel models the L4T release
    /// `GPUIFACE_MOCK_RELEASE` names (`r35` or `r36`; unset: r36), as the
    /// preload library's does; another value is an `InvalidArgument` error.
    fn open_default() -> gpuiface_hal::Result<Self>;
    /// The mock kernel.
    fn kernel(&self) -> &Arc<MockKernel>;
    /// The GPU model.
    fn gpu(&self) -> &Arc<gpu::Gpu>;
}

impl MockDeviceExt for MockDevice {
    fn open_default() -> gpuiface_hal::Result<Self> {
        let release = kernel::release_from_env().map_err(|e| gpuiface_hal::Error::invalid("open(mock)", e))?;
        open_with(MockKernel::builder().release(release).gpu(gpu::GpuConfig { mode: gpu::ExecMode::Threaded }))
    }
    fn kernel(&self) -> &Arc<MockKernel> {
        self.syscalls()
    }
    fn gpu(&self) -> &Arc<gpu::Gpu> {
        self.syscalls().gpu()
    }
}
