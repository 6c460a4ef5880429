//! The L4T **r36** (JetPack 6) nvgpu + nvmap UAPI, generated from
//! `facts/nvgpu-abi.tsv` and `facts/nvgpu-abi-extra.tsv`, with everything
//! the releases share re-exported: `use gpuiface_abi::r36::*` is the whole
//! r36 ABI.
//!
//! ```
//! use gpuiface_abi::r36::*;
//! assert_eq!(NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, iowr(b'T', 18, 16));
//! assert_eq!(core::mem::size_of::<NvgpuChannelSetupBindArgs>(), 104);
//! assert_eq!(limits::CHANNEL_MAX_ARG_SIZE, 0x68);
//! ```

pub mod calls;
mod consts;
mod ioctls;
mod structs;

pub use crate::common::*;
pub use crate::notifier::*;
pub use consts::*;
pub use ioctls::*;
pub use structs::*;

crate::common::registry!("nvgpu-abi.tsv");
