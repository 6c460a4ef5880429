//! # gpuiface-abi
//!
//! The nvgpu + nvmap user-space ABI of two L4T releases, in the style of
//! `kvm-bindings` beside `kvm-ioctls`: ioctl numbers, `#[repr(C)]` argument
//! structs and constants, nothing that issues a call, plus the syscall seam
//! ([`Syscalls`]) that the real backend (`gpuiface-nvgpu`), the kernel model
//! (`gpuiface-mock`) and the `LD_PRELOAD` library (`gpuiface-preload`) share.
//!
//! | module | what it holds |
//! |---|---|
//! | [`r36`] | L4T **r36** (JetPack 6), from `facts/nvgpu-abi.tsv` |
//! | [`r35`] | L4T **r35** (JetPack 5), from `facts/nvgpu-abi-r35.tsv` |
//! | [`convert`] | moving a struct between the releases' layouts by field name |
//! | [`sys`] | the syscall seam ([`Syscalls`]) and the real Linux implementation ([`LinuxSyscalls`]) |
//! | crate root | what both share: the `_IOC` encoding, [`IoctlArg`], [`StructLayout`], [`Ioctl`], the error notifier's codes, [`Release`] |
//!
//! - Struct names are the C names in UpperCamelCase
//!   (`nvgpu_as_map_buffer_ex_args` → `NvgpuAsMapBufferExArgs`); fields keep
//!   their C names (`type` → `type_`). A C union is one struct whose fields
//!   cover its bytes once; the other members are listed as aliases in its
//!   [`StructLayout`].
//! - Ioctl numbers carry their C names and are computed from the argument
//!   struct's size by [`ioc`] (the generic Linux `_IOC` encoding, which
//!   aarch64 and x86_64 share), never typed by hand: a wrong struct size is a
//!   different number, which the kernel answers with `ENOTTY`. That is also
//!   why the releases are separate modules: r35's `NVMAP_IOC_ALLOC` is
//!   another number than r36's.
//! - Each release's `STRUCTS`, `IOCTLS` and `CONSTS` list everything it
//!   defines; `tests/abi_facts.rs` checks every entry against the release's
//!   facts table, and `listing` prints them in that table's row format
//!   (`cargo run -p gpuiface-abi --example abi -- r35`).
//! - Each release's `structs.rs`, `ioctls.rs` and `consts.rs` are generated
//!   from `facts/` by `cargo run -p gpuiface-factgen` (`tools/factgen`; CI
//!   fails when a regenerated file differs).
//!
//! ```
//! use gpuiface_abi::{decode, r35, r36, IOC_WRITE};
//! assert_eq!(r36::NVGPU_GPU_IOCTL_ALLOC_AS, 0xc040_4708);
//! assert_eq!(core::mem::size_of::<r36::NvgpuGpuCharacteristics>(), 328);
//! assert_eq!(core::mem::size_of::<r35::NvgpuGpuCharacteristics>(), 312);
//! let d = decode(r36::NVMAP_IOC_ALLOC);
//! assert_eq!((d.dir, d.ty, d.nr, d.size), (IOC_WRITE, b'N', 3, 20));
//! assert_eq!(decode(r35::NVMAP_IOC_ALLOC).size, 16);
//! ```

mod common;
pub mod convert;
mod notifier;
pub mod r35;
pub mod r36;
mod release;
pub mod sys;

pub use common::*;
pub use notifier::*;
pub use release::Release;
pub use sys::{LinuxSyscalls, Syscalls};
