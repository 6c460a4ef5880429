//! The L4T **r35** (JetPack 5) nvgpu + nvmap UAPI, generated from
//! `facts/nvgpu-abi-r35.tsv` (OE4T/linux-nvgpu tag jetson_35.6, nvmap.h of
//! jetson_35.5), with everything the releases share re-exported.
//!
//! The same selection as [`crate::r36`] (the `tools/factgen/*.list` files),
//! less what r35 lacks, plus the r35-only constants of
//! `tools/factgen/consts-r35.list`. What differs from r36, among 239 rows
//! (`facts/r35-vs-r36.diff.tsv`):
//! - no `NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT`/`DELETE_SUBCONTEXT`: user space
//!   names the VEID itself in `BIND_CHANNEL_EX`'s `subcontext_id`;
//! - `OPEN_TSG` takes 8 bytes (no share token), `SETUP_BIND` 80 (no GPU VAs
//!   out), `NVMAP_IOC_ALLOC` 16 (no `numa_nid`), the characteristics struct
//!   is 312 bytes (no `numa_domain_id`, no `device_instance_id`);
//! - `MAP_BUFFER_EX` flag 0x200 is `PLATFORM_ATOMIC` (r36: `SYSTEM_COHERENT`),
//!   and r35 still has `IO_COHERENT` (0x10) and `DIRECT_KIND_CTRL` (0x100).
//!
//! Field types r36's `nvgpu-abi-extra.tsv` does not give (r35-only fields,
//! or fields whose size differs) are the unsigned integer of the field's size.
//!
//! ```
//! use gpuiface_abi::r35::*;
//! assert_eq!(NVGPU_GPU_IOCTL_OPEN_TSG, iowr(b'G', 9, 8));
//! assert_eq!(core::mem::size_of::<NvgpuChannelSetupBindArgs>(), 80);
//! assert_eq!(NVGPU_AS_MAP_BUFFER_FLAGS_PLATFORM_ATOMIC, 0x200);
//! assert!(ioctl_by_name("NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT").is_none());
//! assert_eq!(limits::CHANNEL_MAX_ARG_SIZE, 0x50);
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

/// `sizeof(struct nvgpu_gpu_characteristics)` on r35 (r36: 328).
pub const NVGPU_GPU_CHARACTERISTICS_SIZE: usize = core::mem::size_of::<NvgpuGpuCharacteristics>();

crate::common::registry!("nvgpu-abi-r35.tsv");
