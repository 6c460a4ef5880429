//! The syscall seam, which lives in `gpuiface-abi` so the kernel model
//! (`gpuiface-mock`) and the `LD_PRELOAD` library implement it without
//! depending on this crate: [`Syscalls`], the real [`LinuxSyscalls`], and
//! the store barrier the doorbell needs.

pub use gpuiface_abi::sys::*;
