//! # gpuiface-nvgpu
//!
//! The Tegra backend: NVIDIA's `nvgpu.ko` and `nvmap` on Jetson Orin (L4T r36).
//!
//! | module | what it holds |
//! |---|---|
//! | [`abi`] | every ioctl number and `#[repr(C)]` argument struct (r36), in one place |
//! | [`sys`] | the syscall seam ([`sys::Syscalls`]) and the real Linux implementation |
//! | [`fd`] | fds and CPU mappings that release themselves through the seam; typed ioctls |
//! | [`memory`] | the nvmap pipeline: CREATE → ALLOC → GET_FD → MAP_BUFFER_EX → mmap, and its unwinding |
//! | [`device`] | [`NvgpuDevice`]: address space, RM translation, channels, usermode submit, signals |
//!
//! Design notes:
//! - Every syscall goes through [`Syscalls`], so the same code runs on the
//!   real kernel and on `gpuiface-mock`'s model of it.
//! - Signals are pushbuffer semaphore releases (seed 002): the doorbell is an
//!   MMIO store, so the CPU can rewrite a QMD before the GPU reads it.
//! - Profiling counters (PMA) are not used on Tegra: nvgpu has no RM debugger
//!   object. Shader-local-memory reallocation synchronizes first; that lives
//!   in the generic runtime (`gpuiface_runtime::Runtime::ensure_local_memory`).

pub mod abi;
pub mod device;
pub mod fd;
pub mod memory;
pub mod sys;
pub mod trace;

pub use device::{NvgpuDevice, NvgpuDeviceBuilder};
pub use sys::{LinuxSyscalls, Syscalls};
