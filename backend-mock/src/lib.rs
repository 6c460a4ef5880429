//! # gpuiface-mock
//!
//! An executable model of `nvgpu.ko`, `nvmap` and the ga10b GPU, behind
//! `gpuiface-nvgpu`'s syscall seam: the real backend's code runs on it
//! unmodified, so a laptop can run what a Jetson runs.
//!
//! | module | what it holds |
//! |---|---|
//! | [`kernel`] | the kernel model: fds, nvmap, ctrl/AS/TSG/channel ioctls, every rule with its errno (one file per ioctl family) |
//! | [`fdkeeper`] | the model's memfds, in a private fd table out of the client's reach |
//! | [`gpu`] | the GPU model: host (PBDMA), compute and copy engines (one file each), execution modes |
//! | [`mem`] | memory backings (memfds) and the GPU VM translation trait both models share |
//! | [`buddy`] | nvgpu's buddy allocator: where the kernel places GPU VAs |
//! | [`usermem`] | checked copies from and to client memory (EFAULT, never a fault) |
//! | [`va_alloc`] | a coalescing GPU VA range allocator (O(log n)) |
//!
//! ```
//! use gpuiface_hal::{AllocRequest, GpuIface};
//! use gpuiface_mock::{MockDevice, MockDeviceExt};
//! let dev = MockDevice::open_default()?;
//! let buf = dev.alloc(AllocRequest::new(4096))?;
//! assert_eq!(buf.cpu_addr(), Some(buf.gpu_va() as usize)); // one address for CPU and GPU
//! dev.free(buf)?;
//! # Ok::<(), gpuiface_hal::Error>(())
//! ```

pub mod buddy;
pub mod fdkeeper;
pub mod gpu;
pub mod kernel;
pub mod mem;
pub mod usermem;
pub mod va_alloc;

pub use kernel::{MockKernel, MockKernelBuilder};

/// The nvgpu backend's code over the mock kernel (shared, so a test can
/// keep the kernel to check for leaks after the device is dropped).
pub type MockDevice = gpuiface_nvgpu::NvgpuDevice<std::sync::Arc<MockKernel>>;

/// Open a [`MockDevice`] over a kernel built by `kernel`.
pub fn open_with(kernel: MockKernelBuilder) -> gpuiface_hal::Result<MockDevice> {
    open_on(std::sync::Arc::new(kernel.build()))
}

/// Open a [`MockDevice`] over an existing kernel.
pub fn open_on(kernel: std::sync::Arc<MockKernel>) -> gpuiface_hal::Result<MockDevice> {
    gpuiface_nvgpu::NvgpuDeviceBuilder::default().backend_name("mock").build_with(kernel)
}

/// Extension: open the default mock (ga10b, threaded GPU).
pub trait MockDeviceExt: Sized {
    /// ga10b characteristics and a GPU worker thread: what `gpuiface::open`
    /// uses when no Jetson is present.
    fn open_default() -> gpuiface_hal::Result<Self>;
    /// The mock kernel.
    fn kernel(&self) -> &std::sync::Arc<MockKernel>;
    /// The GPU model.
    fn gpu(&self) -> &std::sync::Arc<gpu::Gpu>;
}

impl MockDeviceExt for MockDevice {
    fn open_default() -> gpuiface_hal::Result<Self> {
        open_with(MockKernel::builder().gpu(gpu::GpuConfig { mode: gpu::ExecMode::Threaded }))
    }
    fn kernel(&self) -> &std::sync::Arc<MockKernel> {
        self.syscalls()
    }
    fn gpu(&self) -> &std::sync::Arc<gpu::Gpu> {
        self.syscalls().gpu()
    }
}
