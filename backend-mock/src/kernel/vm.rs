//! Address spaces (constraints doc §2): ALLOC_SPACE reservations,
//! MAP_BUFFER_EX placement, UNMAP, and the GMMU's page-granular translation.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use gpuiface_abi::r36::*;
use gpuiface_abi::Release;
use gpuiface_hal::Errno;

use super::trace::why;
use super::{arg, put, FdObj, GpuAction, KResult, KState};
use crate::buddy::{BuddyAllocator, PteSize};
use crate::mem::{Backing, GpuVm, Translation};
use crate::va_alloc::VaError;

use gpuiface_hal::hw::ga10b::{BIG_PAGE, SMALL_PAGE as PAGE};

/// The PTE size nvgpu picks for a kernel-chosen map of `size` bytes (§2
/// MAP_BUFFER_EX, `nvgpu_vm_get_pte_size`): 64 KiB pages iff the VM has big
/// pages and the map is at least 64 KiB.
fn pte_for(big_pages: bool, size: u64) -> PteSize {
    if big_pages && size >= BIG_PAGE {
        PteSize::Big
    } else {
        PteSize::Small
    }
}

#[derive(Debug, Clone)]
struct Mapping {
    size: u64,
    backing: Arc<Backing>,
    offset: u64,
    writable: bool,
    /// Reference count: a re-map of the same dma-buf takes another (§2).
    refs: u32,
    /// The nvmap handle, for re-map detection.
    handle: Option<u32>,
    /// Placed inside an ALLOC_SPACE reservation (the VA belongs to it).
    fixed: bool,
}

#[derive(Debug)]
pub(crate) struct VmInner {
    /// nvgpu's buddy allocator over the user VMA (4 KiB blocks, GVA space).
    va: BuddyAllocator,
    big_pages: bool,
    /// ALLOC_SPACE reservations: start -> (end, page size).
    reservations: BTreeMap<u64, (u64, u32)>,
    maps: BTreeMap<u64, Mapping>,
    /// Next free address in the 4 GiB kernel VMA after the user range.
    kernel_next: u64,
}

/// One GPU address space.
#[derive(Debug)]
pub struct Vm {
    inner: Mutex<VmInner>,
    /// Changes before any change of the mappings ([`GpuVm::generation`]).
    generation: AtomicU64,
    start: u64,
    end: u64,
}

fn va_errno(e: VaError) -> Errno {
    match e {
        VaError::OutOfSpace | VaError::Overlap | VaError::OutOfRange | VaError::Misaligned => Errno::ENOMEM,
        VaError::ZeroSize | VaError::NotAllocated => Errno::EINVAL,
    }
}

impl Vm {
    /// A VM over `[start, end)`; kernel-chosen VAs come from nvgpu's buddy
    /// allocator over that user VMA ([`crate::buddy`]).
    pub fn new(start: u64, end: u64, big_pages: bool) -> Self {
        Vm {
            inner: Mutex::new(VmInner {
                va: BuddyAllocator::gva(start, end, PAGE, BIG_PAGE),
                big_pages,
                reservations: BTreeMap::new(),
                maps: BTreeMap::new(),
                kernel_next: end,
            }),
            generation: AtomicU64::new(0),
            start,
            end,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VmInner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The lock, to change the VM: the generation moves on first (under
    /// the lock), so a translation kept under the old one is not used
    /// after the change.
    fn lock_mut(&self) -> std::sync::MutexGuard<'_, VmInner> {
        let v = self.lock();
        self.generation.fetch_add(1, Ordering::AcqRel);
        v
    }

    /// The VM's lock, held across a `fork(2)` ([`super::ForkGuard`]): the
    /// GPU model's threads take it to translate, and a child must not
    /// inherit it held by a thread it does not have.
    pub(crate) fn lock_for_fork(&self) -> std::sync::MutexGuard<'_, VmInner> {
        self.lock()
    }

    /// Live mappings `(gpu_va, size)`.
    pub fn mappings(&self) -> Vec<(u64, u64)> {
        self.lock().maps.iter().map(|(va, m)| (*va, m.size)).collect()
    }

    /// Live reservations `(start, end)`.
    pub fn reservations(&self) -> Vec<(u64, u64)> {
        self.lock().reservations.iter().map(|(s, (e, _))| (*s, *e)).collect()
    }

    /// The managed user range.
    pub fn range(&self) -> (u64, u64) {
        (self.start, self.end)
    }

    /// Map a backing at a kernel-chosen VA (nvgpu's buddy allocator: the
    /// smallest free block that fits, aligned relative to the VMA start).
    pub(crate) fn map_kernel_chosen(
        &self,
        backing: Arc<Backing>,
        size: u64,
        writable: bool,
        handle: Option<u32>,
    ) -> KResult<u64> {
        let mut v = self.lock_mut();
        let pte = pte_for(v.big_pages, size);
        let va = v.va.alloc(size, pte).map_err(va_errno)?;
        v.maps.insert(va, Mapping { size, backing, offset: 0, writable, refs: 1, handle, fixed: false });
        Ok(va)
    }

    /// Map a backing into the kernel VMA `[end, end + 4 GiB)` (where the
    /// kernel puts a channel's GPFIFO: `0xFFFFE00000` on an Orin).
    pub(crate) fn map_kernel_vma(&self, backing: Arc<Backing>, size: u64, writable: bool) -> KResult<u64> {
        let mut v = self.lock_mut();
        let va = v.kernel_next;
        if va + size > self.end + (4 << 30) {
            return Err(Errno::ENOMEM);
        }
        v.kernel_next = va + size.next_multiple_of(BIG_PAGE);
        v.maps.insert(va, Mapping { size, backing, offset: 0, writable, refs: 1, handle: None, fixed: true });
        Ok(va)
    }

    /// Drop one reference of the mapping at `va` (§2 UNMAP: always "succeeds").
    /// Returns the range `[va, end)` when this removed the mapping.
    pub(crate) fn unmap(&self, va: u64) -> Option<(u64, u64)> {
        let mut v = self.lock_mut();
        let gone = match v.maps.get_mut(&va) {
            Some(m) => {
                m.refs -= 1;
                m.refs == 0
            }
            None => false,
        };
        if !gone {
            return None;
        }
        let m = v.maps.remove(&va)?;
        if !m.fixed {
            let _ = v.va.free(va);
        }
        Some((va, va.saturating_add(m.size)))
    }
}

impl GpuVm for Vm {
    fn generation(&self) -> Option<u64> {
        Some(self.generation.load(Ordering::Acquire))
    }

    fn translate(&self, va: u64) -> Option<Translation> {
        let v = self.lock();
        let (start, m) = v.maps.range(..=va).next_back()?;
        let within = va - start;
        (within < m.size).then(|| Translation {
            backing: m.backing.clone(),
            offset: (m.offset + within) as usize,
            len: (m.size - within) as usize,
            writable: m.writable,
        })
    }
}

/// §2 MAP_BUFFER_EX: any flag outside the r36 set → EINVAL ("Extra flags").
fn rule_map_flags_known(flags: u32) -> KResult<()> {
    let known = NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET
        | NVGPU_AS_MAP_BUFFER_FLAGS_CACHEABLE
        | NVGPU_AS_MAP_BUFFER_FLAGS_UNMAPPED_PTE
        | NVGPU_AS_MAP_BUFFER_FLAGS_MAPPABLE_COMPBITS
        | NVGPU_AS_MAP_BUFFER_FLAGS_L3_ALLOC
        | NVGPU_AS_MAP_BUFFER_FLAGS_SYSTEM_COHERENT
        | NVGPU_AS_MAP_BUFFER_FLAGS_TEGRA_RAW
        | (3 << NVGPU_AS_MAP_BUFFER_FLAGS_ACCESS_BITMASK_OFFSET);
    if flags & !known != 0 {
        return Err(why(Errno::EINVAL, "§2 MAP_BUFFER_EX: a flag bit r36 does not know (\"Extra flags\")"));
    }
    // Access bits == 3 → EINVAL; TEGRA_RAW is unsupported on ga10b → EINVAL.
    if (flags >> NVGPU_AS_MAP_BUFFER_FLAGS_ACCESS_BITMASK_OFFSET) & 3 == 3
        || flags & NVGPU_AS_MAP_BUFFER_FLAGS_TEGRA_RAW != 0
    {
        return Err(why(Errno::EINVAL, "§2 MAP_BUFFER_EX: access bits 3, or TEGRA_RAW without support"));
    }
    Ok(())
}

/// §7 (r35) MAP_BUFFER_EX: without `DIRECT_KIND_CTRL` → EINVAL (r35
/// `os/linux/ioctl_as.c` L111-116, "Direct kind control must be
/// requested"); a flag outside r35's set → EINVAL (r35 `os/linux/vm.c`
/// `nvgpu_vm_translate_linux_flags` L45-104, "Extra flags": r35 knows
/// `IO_COHERENT` 0x10, `DIRECT_KIND_CTRL` 0x100 and `PLATFORM_ATOMIC` 0x200,
/// not r36's `SYSTEM_COHERENT`, which reuses 0x200); access bits 3 →
/// EINVAL (L106-117); TEGRA_RAW without support → EINVAL (L428-433).
fn rule_r35_map_flags(flags: u32) -> KResult<()> {
    use gpuiface_abi::r35;
    if flags & r35::NVGPU_AS_MAP_BUFFER_FLAGS_DIRECT_KIND_CTRL == 0 {
        return Err(why(Errno::EINVAL, "§7 r35 MAP_BUFFER_EX: DIRECT_KIND_CTRL not requested"));
    }
    let known = r35::NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_CACHEABLE
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_IO_COHERENT
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_UNMAPPED_PTE
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_MAPPABLE_COMPBITS
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_L3_ALLOC
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_DIRECT_KIND_CTRL
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_PLATFORM_ATOMIC
        | r35::NVGPU_AS_MAP_BUFFER_FLAGS_TEGRA_RAW
        | (3 << r35::NVGPU_AS_MAP_BUFFER_FLAGS_ACCESS_BITMASK_OFFSET);
    if flags & !known != 0 {
        return Err(why(Errno::EINVAL, "§7 r35 MAP_BUFFER_EX: a flag bit r35 does not know (\"Extra flags\")"));
    }
    if (flags >> r35::NVGPU_AS_MAP_BUFFER_FLAGS_ACCESS_BITMASK_OFFSET) & 3 == 3
        || flags & r35::NVGPU_AS_MAP_BUFFER_FLAGS_TEGRA_RAW != 0
    {
        return Err(why(Errno::EINVAL, "§7 r35 MAP_BUFFER_EX: access bits 3, or TEGRA_RAW without support"));
    }
    Ok(())
}

/// §2 MAP_BUFFER_EX: a non-fixed map takes no offsets and no mapping size.
fn rule_map_nonfixed_offsets_zero(a: &NvgpuAsMapBufferExArgs) -> KResult<()> {
    if a.flags & NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET == 0
        && (a.buffer_offset != 0 || a.offset != 0 || a.mapping_size != 0)
    {
        return Err(why(
            Errno::EINVAL,
            "§2 MAP_BUFFER_EX: a non-fixed map takes no buffer_offset, offset or mapping_size",
        ));
    }
    Ok(())
}

/// §2 MAP_BUFFER_EX kinds: a compressible kind (anything but -1; a zeroed
/// struct asks for kind 0) needs an incompressible fallback with 4K pages:
/// `incompr_kind == -1` → EINVAL; outside [0, 255] → ENOMEM.
fn rule_map_kinds(a: &NvgpuAsMapBufferExArgs) -> KResult<()> {
    if a.compr_kind != -1 {
        if a.incompr_kind == -1 {
            return Err(why(
                Errno::EINVAL,
                "§2 MAP_BUFFER_EX: compressible kind (compr_kind != -1) without an incompr_kind fallback",
            ));
        }
        if !(0..=255).contains(&a.incompr_kind) {
            return Err(why(
                Errno::ENOMEM,
                "§2 MAP_BUFFER_EX: compressible kind, no comptags, incompr_kind outside [0, 255]",
            ));
        }
    }
    Ok(())
}

/// §2 ALLOC_SPACE: page size 4K or the VM's 64K big page (not without big pages).
fn rule_alloc_space_page_size(page_size: u32, big_pages: bool) -> KResult<()> {
    match u64::from(page_size) {
        PAGE => Ok(()),
        BIG_PAGE if big_pages => Ok(()),
        _ => Err(why(Errno::EINVAL, "§2 ALLOC_SPACE: page_size is neither 4096 nor the VM's big page size")),
    }
}

pub(crate) fn close(st: &mut KState, id: u32) {
    // The VM lives on while a channel is bound to it.
    if !st.channels.values().any(|c| c.vm == Some(id)) {
        st.vms.remove(&id);
    }
}

/// One address-space ioctl on the copied-in argument `bytes`.
///
/// # Safety
/// As [`MockKernel::ioctl_at`](super::MockKernel::ioctl_at): GET_VA_REGIONS'
/// buffer is the caller's to overwrite, up to the size it gives.
pub(crate) unsafe fn ioctl(st: &mut KState, id: u32, request: u32, bytes: &mut [u8]) -> KResult {
    let vm = st.vms.get(&id).cloned().ok_or(Errno::EINVAL)?;
    match request {
        NVGPU_AS_IOCTL_BIND_CHANNEL => {
            let a: NvgpuAsBindChannelArgs = arg(bytes)?;
            // §2: not a channel → EINVAL; already bound to any AS → EINVAL.
            let chid = match st.obj(a.channel_fd as i32) {
                Some(FdObj::Channel(c)) => *c,
                _ => return Err(Errno::EINVAL),
            };
            let ch = st.channels.get_mut(&chid).ok_or(Errno::EINVAL)?;
            if ch.vm.is_some() {
                return Err(Errno::EINVAL);
            }
            ch.vm = Some(id);
            Ok(0)
        }
        NVGPU_AS_IOCTL_ALLOC_SPACE => {
            let mut a: NvgpuAsAllocSpaceArgs = arg(bytes)?;
            let mut v = vm.lock_mut();
            rule_alloc_space_page_size(a.page_size, v.big_pages)?;
            let len = a.pages.checked_mul(u64::from(a.page_size)).ok_or(Errno::ENOMEM)?;
            let start = if a.flags & NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET != 0 {
                // §2: misaligned, empty, outside, or overlapping → ENOMEM (buddy alloc_fixed).
                if len == 0 || !a.offset.is_multiple_of(u64::from(a.page_size)) {
                    return Err(Errno::ENOMEM);
                }
                let pte = pte_for(v.big_pages, u64::from(a.page_size));
                v.va.alloc_fixed(a.offset, len, pte).map_err(|_| Errno::ENOMEM)?;
                a.offset
            } else {
                // o_a.align is ignored for non-fixed reservations.
                let pte = pte_for(v.big_pages, u64::from(a.page_size));
                v.va.alloc(len, pte).map_err(|_| Errno::ENOMEM)?
            };
            v.reservations.insert(start, (start + len, a.page_size));
            a.offset = start;
            drop(v);
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_AS_IOCTL_FREE_SPACE => {
            let a: NvgpuAsFreeSpaceArgs = arg(bytes)?;
            let mut v = vm.lock_mut();
            // §2: no reservation there → silently 0. Drops the mappings inside it.
            if let Some((end, _)) = v.reservations.remove(&a.offset) {
                let inside: Vec<u64> = v.maps.range(a.offset..end).map(|(va, _)| *va).collect();
                for va in inside {
                    v.maps.remove(&va);
                }
                let _ = v.va.free(a.offset);
            }
            Ok(0)
        }
        NVGPU_AS_IOCTL_MAP_BUFFER_EX => {
            let mut a: NvgpuAsMapBufferExArgs = arg(bytes)?;
            match st.release {
                Release::R36 => rule_map_flags_known(a.flags)?,
                Release::R35 => rule_r35_map_flags(a.flags)?,
            }
            rule_map_nonfixed_offsets_zero(&a)?;
            // §2: the dma-buf fd must be a dma-buf (an nvmap id is not).
            let (handle, backing) = st.dmabuf(i64::from(a.dmabuf_fd as i32))?;
            let size = backing.len() as u64;
            if a.mapping_size > size || a.buffer_offset > size - a.mapping_size.min(size) {
                return Err(Errno::EINVAL);
            }
            rule_map_kinds(&a)?;
            if a.flags & NVGPU_AS_MAP_BUFFER_FLAGS_FIXED_OFFSET == 0 {
                // §2: re-mapping the same dma-buf returns the existing VA and takes a reference.
                let mut v = vm.lock_mut();
                let existing = v.maps.iter_mut().find(|(_, m)| !m.fixed && m.handle == Some(handle));
                if let Some((va, m)) = existing {
                    m.refs += 1;
                    a.offset = *va;
                } else {
                    drop(v);
                    a.offset = vm.map_kernel_chosen(backing, size, true, Some(handle))?;
                }
            } else {
                let map_len = if a.mapping_size == 0 { size - a.buffer_offset } else { a.mapping_size };
                let map_len = map_len.next_multiple_of(PAGE);
                if map_len == 0 || a.buffer_offset + map_len > size.next_multiple_of(PAGE) {
                    return Err(Errno::EINVAL);
                }
                let mut v = vm.lock_mut();
                // §2 (vm_area.c): offset aligned to the page size; inside a reservation;
                // not past its end; not overlapping a mapping → else EINVAL.
                if !a.offset.is_multiple_of(PAGE) {
                    return Err(Errno::EINVAL);
                }
                let end = a.offset.checked_add(map_len).ok_or(Errno::EINVAL)?;
                match v.reservations.range(..=a.offset).next_back() {
                    Some((_, &(rend, _))) if end <= rend => {}
                    _ => return Err(Errno::EINVAL),
                }
                let overlaps = v.maps.range(..end).next_back().is_some_and(|(va, m)| va + m.size > a.offset);
                if overlaps {
                    return Err(Errno::EINVAL);
                }
                v.maps.insert(
                    a.offset,
                    Mapping {
                        size: map_len,
                        backing,
                        offset: a.buffer_offset,
                        writable: true,
                        refs: 1,
                        handle: Some(handle),
                        fixed: true,
                    },
                );
            }
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_AS_IOCTL_UNMAP_BUFFER => {
            let a: NvgpuAsUnmapBufferArgs = arg(bytes)?;
            // §2: always 0. Code that lived there loses the name its process gave it.
            if let Some((start, end)) = vm.unmap(a.offset) {
                st.actions.push(GpuAction::ForgetNames(start, end));
            }
            Ok(0)
        }
        NVGPU_AS_IOCTL_GET_VA_REGIONS => {
            let mut a: NvgpuAsGetVaRegionsArgs = arg(bytes)?;
            let v = vm.lock();
            // §2: one 4K region without big pages; a 4K and a 64K region with them.
            let full = (vm.end - vm.start) / PAGE;
            let regions = [
                NvgpuAsVaRegion { offset: vm.start, page_size: PAGE as u32, reserved: 0, pages: full },
                NvgpuAsVaRegion {
                    offset: vm.start,
                    page_size: BIG_PAGE as u32,
                    reserved: 0,
                    pages: full / (BIG_PAGE / PAGE),
                },
            ];
            let count = if v.big_pages { 2 } else { 1 };
            let n = count.min(a.buf_size as usize / std::mem::size_of::<NvgpuAsVaRegion>());
            // §2: each region is one copy_to_user; a failure → EFAULT.
            for (i, r) in regions.iter().take(n).enumerate() {
                let at = a.buf_addr.wrapping_add((i * std::mem::size_of::<NvgpuAsVaRegion>()) as u64);
                // SAFETY: region `i` lies within `buf_size` bytes of the caller's buffer
                // (`n` is bounded by it), which the contract makes the caller's to overwrite.
                unsafe { crate::usermem::copy_to_user(at, r.as_bytes()) }.map_err(|_| Errno::EFAULT)?;
            }
            drop(v);
            a.buf_size = (n * std::mem::size_of::<NvgpuAsVaRegion>()) as u32;
            put(bytes, &a);
            Ok(0)
        }
        NVGPU_AS_IOCTL_GET_SYNC_RO_MAP => {
            // The syncpoint shim, read-only, in the kernel VMA.
            put(
                bytes,
                &NvgpuAsGetSyncRoMapArgs { base_gpuva: vm.end + 0x10000, sync_size: 0x1000, num_syncpoints: 1024 },
            );
            Ok(0)
        }
        _ => Err(Errno::ENOTTY),
    }
}
