//! The nvmap memory pipeline (seed 000):
//! `CREATE → ALLOC → GET_FD → MAP_BUFFER_EX → mmap` (at most five syscalls),
//! unwound in reverse on any failure, and freed in reverse order:
//! GPU unmap, munmap, close, nvmap FREE. The one step whose ABI differs
//! between the releases is ALLOC (r35: 16 bytes, no `numa_nid`); the
//! MAP_BUFFER_EX flags ([`map_flags`]: r35 wants `DIRECT_KIND_CTRL`, r36
//! refuses it).

use std::sync::Arc;

use gpuiface_hal::{AllocRequest, Error, Result};

use crate::abi::*;
use crate::fd::{CpuMapping, SysFd};
use crate::sys::Syscalls;

/// The allocation tag in `nvmap_alloc_handle.flags` bits 31:16, which names
/// the client to nvmap (an untagged allocation makes nvmap warn in dmesg).
pub const NVMAP_TAG_GPUIFACE: u32 = 0x0900;
/// Buffers of this size and more get 2 MiB alignment (fewer SMMU TLB entries).
pub const LARGE_BUFFER: u64 = 8 << 20;
/// The GPU page size on ga10b (the GMMU's small page).
pub use gpuiface_hal::hw::ga10b::SMALL_PAGE as PAGE;

/// One buffer's kernel objects.
#[derive(Debug)]
pub struct Allocation<S: Syscalls> {
    /// The nvmap handle id (`None` for foreign dma-bufs).
    pub handle: Option<u32>,
    /// The dma-buf fd (`None` for foreign dma-bufs: the caller owns that fd).
    pub dmabuf: Option<SysFd<S>>,
    /// GPU VA from MAP_BUFFER_EX.
    pub gpu_va: u64,
    /// Requested size.
    pub size: u64,
    /// The CPU mapping, shared with signals living in this buffer.
    pub cpu: Option<Arc<CpuMapping<S>>>,
}

/// The nvmap cache mode for a request: write-combine for host/uncached
/// (GPU control structures), inner-cacheable for data (seed 002).
pub fn cache_flags(req: &AllocRequest) -> u32 {
    if req.host || req.uncached {
        NVMAP_HANDLE_WRITE_COMBINE
    } else {
        NVMAP_HANDLE_INNER_CACHEABLE
    }
}

/// The alignment the pipeline uses for a request.
pub fn alignment(req: &AllocRequest) -> Result<u64> {
    match req.alignment {
        Some(a) if !a.is_power_of_two() => {
            Err(Error::invalid("alloc", format!("alignment {a:#x} is not a power of two")))
        }
        Some(a) => Ok(a.max(PAGE)),
        None if req.size >= LARGE_BUFFER => Ok(2 << 20),
        None => Ok(PAGE),
    }
}

/// Run the pipeline.
pub fn allocate<S: Syscalls>(
    sys: &Arc<S>,
    nvmap: &SysFd<S>,
    as_fd: &SysFd<S>,
    req: &AllocRequest,
    va_size: u64,
    release: Release,
) -> Result<Allocation<S>> {
    if req.size == 0 {
        return Err(Error::invalid("alloc", "size 0"));
    }
    if req.size > va_size {
        return Err(Error::out_of_memory(
            "alloc",
            format!("{:#x} bytes exceed the {va_size:#x}-byte GPU address space", req.size),
        ));
    }
    let align = alignment(req)?;
    // MAP_BUFFER_EX takes no alignment: nvgpu's buddy allocator aligns a
    // mapping to its power-of-two block size, so a buffer needing more
    // alignment than its size gets a backing of `align` bytes.
    let rounded = req.size.next_multiple_of(PAGE).max(align);
    let size32 = u32::try_from(rounded)
        .map_err(|_| Error::out_of_memory("alloc", format!("{rounded:#x} bytes exceed nvmap's 32-bit size")))?;

    // 1. CREATE: a handle id, no memory yet.
    let mut create = NvmapCreateHandle { size: size32, handle: 0 };
    nvmap.call(calls::NVMAP_IOC_CREATE, &mut create)?;
    let handle = create.handle;
    let free_handle = |e: Error| {
        let _ = nvmap_free(nvmap, handle);
        e
    };
    // 2. ALLOC: physical pages from the SMMU-managed heap.
    let align32 = u32::try_from(align).map_err(|_| free_handle(Error::invalid("alloc", "alignment too large")))?;
    let flags = (NVMAP_TAG_GPUIFACE << 16) | cache_flags(req);
    match release {
        Release::R36 => {
            let mut alloc =
                NvmapAllocHandle { handle, heap_mask: NVMAP_HEAP_IOVMM, flags, align: align32, numa_nid: 0 };
            nvmap.call(calls::NVMAP_IOC_ALLOC, &mut alloc).map_err(free_handle)?;
        }
        Release::R35 => {
            // r35's 16-byte nvmap_alloc_handle: no `numa_nid` (nvmap.h of jetson_35.5).
            let mut alloc = r35::NvmapAllocHandle { handle, heap_mask: r35::NVMAP_HEAP_IOVMM, flags, align: align32 };
            nvmap.call(r35::calls::NVMAP_IOC_ALLOC, &mut alloc).map_err(free_handle)?;
        }
    }
    // 3. GET_FD: the dma-buf (returned in the `size` word).
    let mut get_fd = NvmapCreateHandle { size: 0, handle };
    nvmap.call(calls::NVMAP_IOC_GET_FD, &mut get_fd).map_err(free_handle)?;
    // SAFETY: GET_FD just returned this dma-buf fd; we own it (the seam's contract).
    let dmabuf = unsafe { SysFd::from_raw(sys.clone(), get_fd.size as i32) };
    // 4. MAP_BUFFER_EX: kernel-chosen GPU VA, plain (pitch) kind, no compression.
    let gpu_va = match map_dmabuf(as_fd, dmabuf.raw(), align, release) {
        Ok(va) => va,
        Err(e) => {
            drop(dmabuf);
            return Err(free_handle(e));
        }
    };
    // 5. mmap at the GPU VA, so one address serves CPU and GPU.
    let cpu = if req.cpu_access {
        match CpuMapping::map(sys, dmabuf.raw(), rounded as usize, usize::try_from(gpu_va).ok()) {
            Ok(m) => Some(Arc::new(m)),
            Err(e) => {
                let _ = unmap_gpu(as_fd, gpu_va);
                drop(dmabuf);
                return Err(free_handle(e));
            }
        }
    } else {
        None
    };
    Ok(Allocation { handle: Some(handle), dmabuf: Some(dmabuf), gpu_va, size: req.size, cpu })
}

/// The MAP_BUFFER_EX flags of a kernel-chosen, pitch-kind mapping. r36
/// takes none (and refuses 0x100 as an unknown flag, "Extra flags"); r35
/// refuses a map without `DIRECT_KIND_CTRL` (r35 `os/linux/ioctl_as.c`
/// `gk20a_as_ioctl_map_buffer_ex` L111-116: "Direct kind control must be
/// requested"), which makes it take `compr_kind`/`incompr_kind` as given,
/// as r36 always does.
pub fn map_flags(release: Release) -> u32 {
    match release {
        Release::R36 => 0,
        Release::R35 => r35::NVGPU_AS_MAP_BUFFER_FLAGS_DIRECT_KIND_CTRL,
    }
}

/// MAP_BUFFER_EX of a dma-buf at a kernel-chosen VA (the struct is the same
/// on both releases; the flags are not: [`map_flags`]).
pub fn map_dmabuf<S: Syscalls>(as_fd: &SysFd<S>, dmabuf: i32, align: u64, release: Release) -> Result<u64> {
    let mut map = NvgpuAsMapBufferExArgs {
        flags: map_flags(release),
        compr_kind: -1,
        incompr_kind: 0,
        dmabuf_fd: dmabuf as u32,
        page_size: PAGE as u32,
        buffer_offset: 0,
        mapping_size: 0,
        offset: 0,
    };
    as_fd.call(calls::NVGPU_AS_IOCTL_MAP_BUFFER_EX, &mut map)?;
    if !map.offset.is_multiple_of(align) {
        // The kernel aligns to the page size only; larger alignment is the
        // caller's wish we cannot express through MAP_BUFFER_EX without a
        // fixed reservation, so report it rather than hand out a wrong VA.
        let _ = unmap_gpu(as_fd, map.offset);
        return Err(Error::invalid(
            "alloc",
            format!("kernel placed the buffer at {:#x}, not {align:#x}-aligned", map.offset),
        ));
    }
    Ok(map.offset)
}

/// UNMAP_BUFFER (the r36 kernel returns 0 for a mapped buffer; an error
/// means the kernel kept the mapping).
pub fn unmap_gpu<S: Syscalls>(as_fd: &SysFd<S>, gpu_va: u64) -> Result<()> {
    let mut un = NvgpuAsUnmapBufferArgs { offset: gpu_va };
    as_fd.call(calls::NVGPU_AS_IOCTL_UNMAP_BUFFER, &mut un).map(drop)
}

/// `NVMAP_IOC_FREE`: drop the handle id's reference.
fn nvmap_free<S: Syscalls>(nvmap: &SysFd<S>, handle: u32) -> Result<i32> {
    // SAFETY: NVMAP_IOC_FREE takes the handle id by value and touches no user
    // memory; on a SysFd that is not nvmap's, the 'N' magic answers ENOTTY.
    unsafe { nvmap.ioctl_value("NVMAP_IOC_FREE", NVMAP_IOC_FREE, u64::from(handle)) }
}

/// Free in reverse order: GPU unmap, munmap (when the last user of the CPU
/// mapping lets go), close the dma-buf, nvmap FREE. Every step runs even
/// when an earlier one failed; the first error is returned.
pub fn release<S: Syscalls>(nvmap: &SysFd<S>, as_fd: &SysFd<S>, a: Allocation<S>) -> Result<()> {
    let unmapped = unmap_gpu(as_fd, a.gpu_va);
    drop(a.cpu);
    drop(a.dmabuf);
    let freed = match a.handle {
        Some(h) => nvmap_free(nvmap, h).map(drop),
        None => Ok(()),
    };
    unmapped.and(freed)
}
