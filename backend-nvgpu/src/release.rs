//! Which L4T release the kernel speaks, and its characteristics read in
//! that release's layout ([`detect_release`]).

use gpuiface_hal::{Error, Result};

use crate::abi::*;
use crate::fd::SysFd;
use crate::sys::Syscalls;

/// Which L4T release's ABI the kernel behind `ctrl` speaks.
///
/// The method: `NVGPU_GPU_IOCTL_GET_CHARACTERISTICS` with a buffer size of 0,
/// which both releases answer by writing `sizeof(struct
/// nvgpu_gpu_characteristics)` back (r35 `ioctl_ctrl.c` L541-554, r36
/// L568-581) and nothing else: 312 on r35, 328 on r36. Why this one:
/// - the request itself is the same number on both releases (its 16-byte
///   argument did not change), so asking cannot fail for ABI reasons;
/// - the answer is the kernel's own `sizeof` of the struct whose layout
///   differs, from the module actually loaded, with no side effect and no
///   file to read (`/etc/nv_tegra_release` names the root file system's
///   release, which need not be the running kernel's, and is absent in many
///   containers);
/// - probing with a release-specific ioctl (OPEN_TSG's 8- or 24-byte
///   number, ENOTTY on the other release) would create a TSG on success.
///
/// The full struct then names the release a second time
/// (`gpu_ioctl_nr_last`, `tsg_ioctl_nr_last`: `NVGPU_GPU_IOCTL_LAST` and
/// `NVGPU_TSG_IOCTL_LAST` of the kernel's headers, 0x2a/0x10 on r35,
/// 0x2c/0x15 on r36); [`NvgpuDevice`](crate::NvgpuDevice)'s open checks that they agree. CUDA's
/// user-space driver needs no detection: each JetPack ships the libcuda
/// built for its own kernel.
pub fn detect_release(buf_size: u64) -> Result<Release> {
    Release::from_characteristics_size(buf_size).ok_or_else(|| {
        Error::unsupported(
            "nvgpu",
            format!(
                "nvgpu characteristics are {buf_size} bytes: an unknown L4T release; gpuiface speaks L4T r35 \
                 (JetPack 5, {} bytes) and r36 (JetPack 6, {} bytes)",
                Release::R35.characteristics_size(),
                Release::R36.characteristics_size()
            ),
        )
    })
}

pub(crate) fn read_characteristics<S: Syscalls>(ctrl: &SysFd<S>) -> Result<(Release, NvgpuGpuCharacteristics)> {
    // First ask for the size: each L4T release has its own layout.
    let mut probe = NvgpuGpuGetCharacteristics { gpu_characteristics_buf_size: 0, gpu_characteristics_buf_addr: 0 };
    // SAFETY: `ctrl` is the ctrl node's fd; with a buffer size of 0 the kernel
    // writes only the size back into `probe`, through no pointer.
    unsafe { ctrl.ioctl("NVGPU_GPU_IOCTL_GET_CHARACTERISTICS", NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut probe)? };
    let release = detect_release(probe.gpu_characteristics_buf_size)?;
    let c = match release {
        Release::R36 => read_full::<S, NvgpuGpuCharacteristics>(ctrl)?,
        Release::R35 => {
            gpuiface_abi::convert::characteristics_from_r35(&read_full::<S, r35::NvgpuGpuCharacteristics>(ctrl)?)
        }
    };
    let (gpu_last, tsg_last) = match release {
        Release::R36 => (NVGPU_GPU_IOCTL_LAST, NVGPU_TSG_IOCTL_LAST),
        Release::R35 => (r35::NVGPU_GPU_IOCTL_LAST, r35::NVGPU_TSG_IOCTL_LAST),
    };
    if (c.gpu_ioctl_nr_last as u32, c.tsg_ioctl_nr_last as u32) != (gpu_last, tsg_last) {
        return Err(Error::unsupported(
            "nvgpu",
            format!(
                "the kernel's characteristics are {release}'s size, but its last ctrl/TSG ioctl numbers are \
                 {:#x}/{:#x}, not {gpu_last:#x}/{tsg_last:#x}: an unknown L4T release",
                c.gpu_ioctl_nr_last, c.tsg_ioctl_nr_last
            ),
        ));
    }
    Ok((release, c))
}

/// GET_CHARACTERISTICS into a `T` of exactly the kernel's size.
fn read_full<S: Syscalls, T: IoctlArg>(ctrl: &SysFd<S>) -> Result<T> {
    let mut c = T::zeroed();
    let mut get = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: std::mem::size_of::<T>() as u64,
        gpu_characteristics_buf_addr: &mut c as *mut T as u64,
    };
    // SAFETY: `ctrl` is the ctrl node's fd; the kernel writes at most
    // `buf_size` = size_of::<T>() bytes at `buf_addr`, which is `c`, live and
    // exclusively ours for the call (a plain-integer struct: any bytes are valid).
    unsafe { ctrl.ioctl("NVGPU_GPU_IOCTL_GET_CHARACTERISTICS", NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut get)? };
    Ok(c)
}
