//! # gpuiface-mock
//!
//! An executable model of `nvgpu.ko`, `nvmap` and the ga10b GPU, behind
//! the syscall seam of `gpuiface-abi` ([`gpuiface_abi::Syscalls`]): the real
//! backend's code runs on it unmodified, so a laptop can run what a Jetson
//! runs. This crate depends on the ABI crate only, not on the real backend;
//! the composition "real backend over this kernel" (`MockDevice`) is
//! `gpuiface_nvgpu::mock` (the backend's `mock` feature) and the facade's
//! `gpuiface::MockBackend`.
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

pub mod buddy;
pub mod fdkeeper;
pub mod gpu;
pub mod kernel;
pub mod mem;
pub mod usermem;
pub mod va_alloc;

pub use kernel::{MockKernel, MockKernelBuilder};
