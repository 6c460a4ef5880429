//! # gpuiface-nvgpu
//!
//! The Tegra backend: NVIDIA's `nvgpu.ko` and `nvmap` on Jetson Orin (L4T r36).
//!
//! | module | what it holds |
//! |---|---|
//! | [`abi`] | every ioctl number and `#[repr(C)]` argument struct (r36), in one place |
//! | [`sys`] | the syscall seam ([`sys::Syscalls`]) and the real Linux implementation |

pub mod abi;
pub mod sys;

pub use sys::{LinuxSyscalls, Syscalls};
