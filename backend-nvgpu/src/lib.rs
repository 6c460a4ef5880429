//! # gpuiface-nvgpu
//!
//! The Tegra backend: NVIDIA's `nvgpu.ko` and `nvmap` on Jetson Orin (L4T r36).
//!
//! | module or file | what it holds |
//! |---|---|
//! | [`abi`] | the ABI, from `gpuiface-abi`: r36 names at the top, r35 in [`abi::r35`] |
//! | [`sys`] | the syscall seam ([`sys::Syscalls`]) and the real Linux implementation (from `gpuiface-abi`) |
//! | `mock` | (feature `mock`) this backend over `gpuiface-mock`'s kernel model: `MockDevice` |
//! | [`fd`] | fds and CPU mappings that release themselves through the seam; typed ioctls |
//! | `src/memory.rs` | the nvmap pipeline: CREATE → ALLOC → GET_FD → MAP_BUFFER_EX → mmap, and its unwinding |
//! | `src/release.rs` | detecting the kernel's L4T release at open ([`device::detect_release`]) |
//! | [`device`] | [`NvgpuDevice`]: opening the device, its state, the address space and reserved windows, buffers |
//! | `src/rm.rs` | **RM→nvgpu translation**: every `rm_alloc` class, `rm_control` and `rm_free`, mapped to nvgpu ioctls |
//! | `src/channel.rs` | channel setup: OPEN_CHANNEL … SETUP_BIND, the error notifier, the GPFIFO overlays |
//! | `src/submit.rs` | usermode submission: GPFIFO entries, GP_PUT, store barrier, doorbell |
//! | `src/reclaim.rs` | deferred frees: freed memory kept until every channel's work published before the free is done (reclaim fences) |
//! | `src/signal.rs` | signal slots and waiting for them |
//! | `src/fault.rs` | the channel error notifier decoded into a [`gpuiface_hal::FaultRecord`] |
//! | `src/teardown.rs` | freeing RM objects and dropping the device, in the kernel's order |
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
mod channel;
pub mod device;
mod fault;
pub mod fd;
pub(crate) mod memory;
#[cfg(feature = "mock")]
pub mod mock;
mod reclaim;
mod release;
mod rm;
mod signal;
mod submit;
pub mod sys;
mod teardown;
pub mod trace;

pub use device::{NvgpuDevice, NvgpuDeviceBuilder};
pub use sys::{LinuxSyscalls, Syscalls};
