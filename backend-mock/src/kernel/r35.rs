//! The L4T r35 kernel (JetPack 5), as a layer over the r36 handlers: r35's
//! dispatch limits, its ioctl numbers mapped onto the r36 ones whose
//! handlers hold the same rules, and ENOTTY for what r35 does not define.
//! The rules r35 has of its own (BIND_CHANNEL_EX's VEIDs, MAP_BUFFER_EX's
//! flags) are in the handlers (`tsg.rs`, `vm.rs`), keyed on
//! [`KState::release`]. Each rule, with its r35 source file and line, is in
//! `facts/nvgpu-kernel-constraints.md` §7. No r35 log exists: this model
//! rests on reading the sources (OE4T/linux-nvgpu tag jetson_35.6;
//! FIDELITY.md).
//!
//! | r35 request | what the r35 kernel does | here |
//! |---|---|---|
//! | `OPEN_TSG` (8 bytes) | reads nothing in, writes `tsg_fd` | r36's handler with no flags, `tsg_fd` copied back |
//! | `SETUP_BIND` (80 bytes) | the first 40 bytes are r36's; unknown flag bits are ignored | r36's handler on those 40 bytes, flag 0x10 cleared; no GPU VAs out |
//! | `NVMAP_IOC_ALLOC` (16 bytes) | no `numa_nid` | r36's handler with `numa_nid` = -1 (no node asked for) |
//! | `NVMAP_IOC_QUERY_HEAP_PARAMS` (40 bytes) | no `granule_size` | r36's handler, the first 40 bytes copied back |
//! | an r36-only number | `default:` of the fd's switch | ENOTTY (EINVAL first when the number or size is past r35's limits) |

use std::os::fd::RawFd;

use gpuiface_abi::{r35, r36, Release};
use gpuiface_hal::Errno;

use super::{FdObj, KResult, KState};
use crate::kernel::profile::Characteristics;

/// The generic dispatch limits of each nvgpu fd (constraints doc §0) for a
/// release: `(last nr, largest argument)`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DispatchLimits {
    pub ctrl: (u8, usize),
    pub as_: (u8, usize),
    pub tsg: (u8, usize),
    pub channel: (u8, usize),
}

impl DispatchLimits {
    /// The limits of `release`'s headers (`*_IOCTL_LAST`, `*_MAX_ARG_SIZE`).
    pub(crate) fn of(release: Release) -> Self {
        macro_rules! limits {
            ($m:ident) => {{
                use $m::limits::*;
                DispatchLimits {
                    ctrl: (CTRL_LAST_NR, CTRL_MAX_ARG_SIZE),
                    as_: (AS_LAST_NR, AS_MAX_ARG_SIZE),
                    tsg: (TSG_LAST_NR, TSG_MAX_ARG_SIZE),
                    channel: (CHANNEL_LAST_NR, CHANNEL_MAX_ARG_SIZE),
                }
            }};
        }
        match release {
            Release::R35 => limits!(r35),
            Release::R36 => limits!(r36),
        }
    }
}

/// Run r35 request `request` through the r36 handler of the same request:
/// its first `common` bytes are r36's layout, the rest of r36's argument
/// is `fill`; the handler's first `common` bytes are copied back.
///
/// # Safety
/// As [`super::dispatch`].
#[allow(clippy::too_many_arguments)]
unsafe fn widened(
    st: &mut KState,
    chars: &Characteristics,
    obj: &FdObj,
    fd: RawFd,
    r36_request: u32,
    bytes: &mut [u8],
    common: usize,
    fill: impl FnOnce(&mut [u8]),
) -> KResult {
    let mut wide = vec![0u8; r36::decode(r36_request).size];
    let n = common.min(bytes.len()).min(wide.len());
    wide[..n].copy_from_slice(&bytes[..n]);
    fill(&mut wide);
    // SAFETY: forwarded with the caller's guarantees; `wide` holds the same
    // user pointers (none, for these requests) as `bytes`.
    let r = unsafe { super::dispatch(st, chars, obj, fd, r36_request, &mut wide, 0) };
    if r.is_ok() {
        bytes[..n].copy_from_slice(&wide[..n]);
    }
    r
}

/// Dispatch on an r35 kernel (after the r35 [`DispatchLimits`] and the copy-in).
///
/// # Safety
/// As [`super::dispatch`].
pub(crate) unsafe fn dispatch(
    st: &mut KState,
    chars: &Characteristics,
    obj: &FdObj,
    fd: RawFd,
    request: u32,
    bytes: &mut [u8],
    value: u64,
) -> KResult {
    // The numbers r35 defines differently, mapped onto r36's (both files
    // hold the struct both releases share as a prefix: the facts tables).
    let offset_of_r36_flags = std::mem::offset_of!(r36::NvgpuChannelSetupBindArgs, flags);
    // SAFETY (all arms): forwarded with the caller's guarantees.
    match (obj, request) {
        (FdObj::Ctrl { .. }, r35::NVGPU_GPU_IOCTL_OPEN_TSG) => {
            // r35 ioctl_ctrl.c `gk20a_ctrl_open_tsg` L689-720: nothing read in, `tsg_fd` out.
            let tsg_fd = std::mem::offset_of!(r35::NvgpuGpuOpenTsgArgs, reserved);
            // SAFETY: as above.
            unsafe { widened(st, chars, obj, fd, r36::NVGPU_GPU_IOCTL_OPEN_TSG, bytes, tsg_fd, |w| w.fill(0)) }
        }
        (FdObj::Channel(_), r35::NVGPU_IOCTL_CHANNEL_SETUP_BIND) => {
            // The r35 struct's first 40 bytes (through gpfifo_dmabuf_offset) are r36's; r35
            // `nvgpu_setup_bind_user_flags_to_common_flags` (ioctl_channel.c L615-632)
            // passes only the flags it knows, so r36's GPU_MAP_RESOURCES bit is ignored.
            let common = std::mem::offset_of!(r35::NvgpuChannelSetupBindArgs, reserved);
            let map_resources = r36::NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_GPU_MAP_RESOURCES_SUPPORT;
            let fill = |w: &mut [u8]| {
                let at = offset_of_r36_flags;
                let flags = u32::from_ne_bytes([w[at], w[at + 1], w[at + 2], w[at + 3]]) & !map_resources;
                w[at..at + 4].copy_from_slice(&flags.to_ne_bytes());
            };
            // SAFETY: as above.
            unsafe { widened(st, chars, obj, fd, r36::NVGPU_IOCTL_CHANNEL_SETUP_BIND, bytes, common, fill) }
        }
        (FdObj::Nvmap(_), r35::NVMAP_IOC_ALLOC) => {
            // r35's nvmap_alloc_handle has no numa_nid: no node asked for (-1).
            let common = std::mem::size_of::<r35::NvmapAllocHandle>();
            let nid = std::mem::offset_of!(r36::NvmapAllocHandle, numa_nid);
            let fill = |w: &mut [u8]| w[nid..nid + 4].copy_from_slice(&(-1i32).to_ne_bytes());
            // SAFETY: as above.
            unsafe { widened(st, chars, obj, fd, r36::NVMAP_IOC_ALLOC, bytes, common, fill) }
        }
        (FdObj::Nvmap(_), r35::NVMAP_IOC_QUERY_HEAP_PARAMS) => {
            let common = std::mem::size_of::<r35::NvmapQueryHeapParams>();
            // SAFETY: as above.
            unsafe { widened(st, chars, obj, fd, r36::NVMAP_IOC_QUERY_HEAP_PARAMS, bytes, common, |_| {}) }
        }
        // A number r36 defines and r35 does not: the r35 switch's `default:`.
        _ if r35::ioctl_by_number(request).is_none() && r36::ioctl_by_number(request).is_some() => {
            Err(super::trace::why(Errno::ENOTTY, "r35: a number only r36 defines (the fd's switch `default:`)"))
        }
        // SAFETY: as above.
        _ => unsafe { super::dispatch(st, chars, obj, fd, request, bytes, value) },
    }
}
