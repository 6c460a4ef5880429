//! `/dev/nvgpu/igpu0/ctrl` (constraints doc §1).

use std::sync::Arc;

use gpuiface_abi::r36::*;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::Errno;

use super::trace::why;
use super::{arg, put, tsg, vm, FdObj, KResult, KState};
use crate::usermem;

pub use super::profile::Characteristics;

/// §1 ctrl mmap: length ≤ 64 KiB, offset 0, one mapping per ctrl fd (EBUSY).
pub(crate) fn check_usermode_mmap(mapped: &mut bool, len: usize, offset: i64) -> KResult<()> {
    if *mapped {
        return Err(Errno::EBUSY);
    }
    if len > ga10b::USERMODE_SIZE || offset != 0 {
        return Err(Errno::EINVAL);
    }
    *mapped = true;
    Ok(())
}

/// §1 ALLOC_AS: the VA range and split rules (PDE = 2 MiB on ga10b).
pub(crate) fn rule_alloc_as_range(a: &NvgpuAllocAsArgs) -> KResult<()> {
    const PDE: u64 = ga10b::PDE_SIZE;
    if a.big_page_size != 0 && (!a.big_page_size.is_power_of_two() || u64::from(a.big_page_size) != ga10b::BIG_PAGE) {
        return Err(why(Errno::EINVAL, "§1 ALLOC_AS: big_page_size neither 0 nor 64 KiB"));
    }
    if a.va_range_start == 0 || !a.va_range_start.is_multiple_of(PDE) {
        return Err(why(Errno::EINVAL, "§1 ALLOC_AS: va_range_start 0 or not 2 MiB aligned"));
    }
    if a.va_range_end == 0 || !a.va_range_end.is_multiple_of(PDE) {
        return Err(why(Errno::EINVAL, "§1 ALLOC_AS: va_range_end 0 or not 2 MiB aligned"));
    }
    if a.va_range_start >= a.va_range_end {
        return Err(why(Errno::EINVAL, "§1 ALLOC_AS: va_range_start >= va_range_end"));
    }
    let unified = a.flags & NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA != 0;
    if unified || a.big_page_size == 0 {
        if a.va_range_split != 0 {
            return Err(why(Errno::EINVAL, "§1 ALLOC_AS: va_range_split != 0 with unified VA or no big pages"));
        }
    } else if a.va_range_split == 0
        || !a.va_range_split.is_multiple_of(PDE)
        || a.va_range_split <= a.va_range_start
        || a.va_range_split >= a.va_range_end
    {
        return Err(why(Errno::EINVAL, "§1 ALLOC_AS: split VA needs a 2 MiB aligned split strictly inside the range"));
    }
    // The 4 GiB kernel VMA sits after the user range; past 2^49 vm init fails → ENOMEM.
    if a.va_range_end.checked_add(4 << 30).is_none_or(|e| e > 1 << 49) {
        return Err(why(
            Errno::ENOMEM,
            "§1 ALLOC_AS: va_range_end + the 4 GiB kernel VMA exceeds 2^49 (vm init fails)",
        ));
    }
    Ok(())
}

/// One ctrl ioctl on the copied-in argument `bytes`.
///
/// # Safety
/// As [`MockKernel::ioctl_at`](super::MockKernel::ioctl_at): the buffers the
/// argument names (GET_CHARACTERISTICS', GET_TPC_MASKS') are the caller's to
/// overwrite, up to the size it gives.
pub(crate) unsafe fn ioctl(st: &mut KState, chars: &Characteristics, request: u32, bytes: &mut [u8]) -> KResult {
    match request {
        NVGPU_GPU_IOCTL_GET_CHARACTERISTICS => {
            let mut a: NvgpuGpuGetCharacteristics = arg(bytes)?;
            if a.gpu_characteristics_buf_size > 0 {
                let n = a.gpu_characteristics_buf_size.min(chars.reported_size) as usize;
                // In the layout of the kernel's release (r35: 312 bytes).
                let src = chars.bytes();
                let n = n.min(src.len());
                // §1: a failed copy returns the positive uncopied count, buf_size not updated.
                // SAFETY: at most `buf_size` bytes at the caller's buffer (the contract).
                if let Err(uncopied) = unsafe { usermem::copy_to_user(a.gpu_characteristics_buf_addr, &src[..n]) } {
                    return Ok(uncopied as i32);
                }
            }
            a.gpu_characteristics_buf_size = chars.reported_size;
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE => {
            put(bytes, &NvgpuGpuZcullGetCtxSizeArgs { size: 164_352 });
            Ok(0)
        }
        NVGPU_GPU_IOCTL_GET_TPC_MASKS => {
            let mut a: NvgpuGpuGetTpcMasksArgs = arg(bytes)?;
            // §1: size 0 only reports the needed size (4 × max_gpc_count);
            // a failed copy returns the positive uncopied count, size not updated.
            if a.mask_buf_size > 0 {
                let mask = 0xfu32.to_le_bytes();
                let n = (a.mask_buf_size as usize).min(4);
                // SAFETY: at most `mask_buf_size` bytes at the caller's buffer (the contract).
                if let Err(uncopied) = unsafe { usermem::copy_to_user(a.mask_buf_addr, &mask[..n]) } {
                    return Ok(uncopied as i32);
                }
            }
            a.mask_buf_size = 4;
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_GPU_IOCTL_ALLOC_AS => {
            let mut a: NvgpuAllocAsArgs = arg(bytes)?;
            rule_alloc_as_range(&a)?;
            // The fd (the step that can fail, EMFILE) comes first; the VM
            // exists only once it has succeeded.
            let id = st.next_vm;
            a.as_fd = st.new_fd(FdObj::As(id))?;
            st.next_vm += 1;
            let vm = vm::Vm::new(a.va_range_start, a.va_range_end, a.big_page_size != 0);
            st.vms.insert(id, Arc::new(vm));
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_GPU_IOCTL_OPEN_TSG => {
            let mut a: NvgpuGpuOpenTsgArgs = arg(bytes)?;
            tsg::rule_open_tsg_share(&a)?;
            let id = st.next_tsg;
            a.tsg_fd = st.new_fd(FdObj::Tsg(id))? as u32;
            st.next_tsg += 1;
            st.tsgs.insert(id, tsg::Tsg::default());
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_GPU_IOCTL_OPEN_CHANNEL => {
            let mut a: NvgpuGpuOpenChannelArgs = arg(bytes)?;
            // §1: runlist -1 = the GR runlist; the mock has no other (multimedia) runlists.
            if a.channel_fd != -1 && a.channel_fd != 0 {
                return Err(Errno::EINVAL);
            }
            // Hardware channel ids are handed out from the top: the first
            // channel of a process on an Orin is 511 (token 511, seed 001).
            const MAX_CHANNELS: u32 = 512;
            let chid = (0..MAX_CHANNELS)
                .map(|i| (MAX_CHANNELS - 1) - (st.next_chid + i) % MAX_CHANNELS)
                .find(|c| !st.channels.contains_key(c));
            let chid = chid.ok_or(Errno::ENOMEM)?;
            // The channel id is taken only once its fd exists (EMFILE leaks nothing).
            a.channel_fd = st.new_fd(FdObj::Channel(chid))?;
            st.next_chid = (MAX_CHANNELS - 1 - chid) + 1;
            st.channels.insert(chid, super::channel::Chan::new(chid));
            put(bytes, &a);
            Ok(0)
        }
        _ => Err(Errno::ENOTTY),
    }
}
