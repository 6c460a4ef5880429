//! # gpuiface-mock
//!
//! An executable model of `nvgpu.ko`, `nvmap` and the ga10b GPU, behind
//! `gpuiface-nvgpu`'s syscall seam.
//!
//! | module | what it holds |
//! |---|---|
//! | [`va_alloc`] | the GPU VA range allocator (coalescing, O(log n)) |
//! | [`mem`] | memory backings (memfds) and the GPU VM translation trait both models share |
//! | [`kernel`] | the kernel model: fds, nvmap, ctrl/AS/TSG/channel ioctls, every rule with its errno |
//! | [`gpu`] | the GPU model: host (PBDMA), compute and copy engines, execution modes |

pub mod gpu;
pub mod kernel;
pub mod mem;
pub mod va_alloc;
