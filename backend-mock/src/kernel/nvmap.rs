//! `/dev/nvmap` (constraints doc §5): handles are small ids shaped like the
//! real ones (`0x80000000 | n`; an Orin returned `0x80000019`), not fds.

use std::collections::HashMap;
use std::sync::Arc;

use gpuiface_abi::r36::*;
use gpuiface_hal::Errno;

use super::trace::why;
use super::{arg, put, FdObj, KResult, KState};
use crate::mem::Backing;
use crate::usermem;

/// One nvmap handle.
#[derive(Debug)]
pub(crate) struct Handle {
    size: u64,
    /// The size CREATE was given (`h->orig_size`, what PARAM(SIZE) reports).
    orig_size: u64,
    /// `max(align, PAGE_SIZE)` once allocated (PARAM(ALIGNMENT)).
    align: u64,
    /// The cache mode ALLOC recorded (`flags & NVMAP_HANDLE_CACHE_FLAG`).
    cache: u32,
    backing: Option<Arc<Backing>>,
    /// The `/dev/nvmap` client (open) holding it: ids are per client, as
    /// nvmap's `nvmap_client` reference tables are.
    client: u32,
}

/// The handle table.
#[derive(Debug, Default)]
pub(crate) struct Nvmap {
    handles: HashMap<u32, Handle>,
    next: u32,
    /// The client the current ioctl came from (set by the dispatcher).
    pub client: u32,
    next_client: u32,
}

/// The bit real handle ids carry.
pub const HANDLE_ID_BASE: u32 = 0x8000_0000;
/// Total "RAM" the IOVMM heap reports (Orin AGX 64 GB).
pub const IOVMM_TOTAL: u64 = 64 << 30;

impl Nvmap {
    /// A new client id for an open of `/dev/nvmap`.
    pub(crate) fn next_client(&mut self) -> u32 {
        self.next_client += 1;
        self.next_client
    }
    /// The current client's handle `id` (another client's id is unknown here).
    fn mine(&mut self, id: u32) -> Option<&mut Handle> {
        let client = self.client;
        self.handles.get_mut(&id).filter(|h| h.client == client)
    }
    pub(crate) fn ids(&self) -> Vec<u32> {
        self.handles.keys().copied().collect()
    }
    /// The cache mode ALLOC recorded for `id` (issue 12 item 8).
    pub(crate) fn cache_mode(&self, id: u32) -> Option<u32> {
        self.handles.get(&id).filter(|h| h.backing.is_some()).map(|h| h.cache)
    }
    /// `(size, cache mode once allocated)` of handle `id`.
    pub(crate) fn describe(&self, id: u32) -> Option<(u64, Option<u32>)> {
        self.handles.get(&id).map(|h| (h.size, h.backing.as_ref().map(|_| h.cache)))
    }
    /// Live allocated handles: `(id, size, cache mode)`.
    pub(crate) fn allocated(&self) -> Vec<(u32, u64, u32)> {
        let mut v: Vec<(u32, u64, u32)> =
            self.handles.iter().filter(|(_, h)| h.backing.is_some()).map(|(id, h)| (*id, h.size, h.cache)).collect();
        v.sort();
        v
    }
    pub(crate) fn by_inode(&self, ino: u64) -> Option<(u32, Arc<Backing>)> {
        self.handles.iter().find_map(|(id, h)| {
            let b = h.backing.as_ref()?;
            (b.file_id().1 == ino).then(|| (*id, b.clone()))
        })
    }
}

pub(crate) fn close(st: &mut KState, client: u32) {
    // Closing an nvmap fd frees that client's handles, and only those (memory
    // stays while dma-buf fds and GPU mappings reference it).
    st.nvmap.handles.retain(|_, h| h.client != client);
}

/// §5 (the nvmap side of §0), checked before the argument is touched: a
/// foreign type or nr past MAXNR → `ENOTTY`; then access_ok of the argument
/// range → `EFAULT`; then the exact `case` match → `ENOTTY` (the handlers
/// copy their own arguments, so an unknown number is ENOTTY whatever it
/// points at).
/// On r35, MAXNR and the exact numbers are r35's (`NVMAP_IOC_MAXNR` 106;
/// nvmap.h of jetson_35.5): r36's 20-byte ALLOC is ENOTTY there, and r35's
/// 16-byte one here.
pub(crate) fn precheck(request: u32, arg: u64, release: gpuiface_abi::Release) -> KResult<()> {
    let p = decode(request);
    let (maxnr, known) = match release {
        gpuiface_abi::Release::R36 => (limits::NVMAP_MAXNR, ioctl_by_number(request).is_some()),
        gpuiface_abi::Release::R35 => {
            (gpuiface_abi::r35::limits::NVMAP_MAXNR, gpuiface_abi::r35::ioctl_by_number(request).is_some())
        }
    };
    if p.ty != b'N' || p.nr > maxnr {
        return Err(Errno::ENOTTY);
    }
    if p.dir != IOC_NONE && !usermem::access_ok(arg, p.size) {
        return Err(Errno::EFAULT);
    }
    if !known {
        return Err(Errno::ENOTTY);
    }
    Ok(())
}

/// §5: the handlers copy in their `_IOC_WRITE` arguments, and
/// QUERY_HEAP_PARAMS's, which is declared `_IOR` but read.
pub(crate) fn copies_in(request: u32) -> bool {
    let p = decode(request);
    let query = request == NVMAP_IOC_QUERY_HEAP_PARAMS || request == gpuiface_abi::r35::NVMAP_IOC_QUERY_HEAP_PARAMS;
    p.size > 0 && (p.dir & IOC_WRITE != 0 || query)
}

/// §5 a failed copy-out: `EINVAL` for GET_AVAILABLE_HEAPS, `EFAULT` otherwise.
pub(crate) fn copy_out_failure(request: u32) -> KResult {
    if request == NVMAP_IOC_GET_AVAILABLE_HEAPS {
        Err(Errno::EINVAL)
    } else {
        Err(Errno::EFAULT)
    }
}

/// mmap of a dma-buf (`dma_buf_mmap_internal`): the mapping must lie inside
/// the buffer → EINVAL.
pub(crate) fn check_dmabuf_mmap(backing: &Backing, len: usize, offset: i64) -> KResult<()> {
    let pages = len.div_ceil(crate::mem::page_size()) as u64;
    let first = (offset.max(0) as u64) / crate::mem::page_size() as u64;
    if offset < 0 || first + pages > (backing.len() / crate::mem::page_size()) as u64 {
        return Err(Errno::EINVAL);
    }
    Ok(())
}

/// §5 CREATE: `size == 0` → EINVAL.
fn rule_create_rejects_zero_size(size: u64) -> KResult<()> {
    if size == 0 {
        Err(why(Errno::EINVAL, "§5 CREATE: size 0"))
    } else {
        Ok(())
    }
}

/// §5 ALLOC: `align` must be 0 or a power of two → else EINVAL.
fn rule_alloc_align_power_of_two(align: u32) -> KResult<()> {
    if align != 0 && !align.is_power_of_two() {
        Err(why(Errno::EINVAL, "§5 ALLOC: align neither 0 nor a power of two"))
    } else {
        Ok(())
    }
}

/// §5 ALLOC: `numa_nid` is -1 or a node 0..MAX_NUMNODES (Orin: node 0 only) → else EINVAL.
fn rule_alloc_numa_nid(nid: i32) -> KResult<()> {
    if nid == -1 || nid == 0 {
        Ok(())
    } else {
        Err(why(Errno::EINVAL, "§5 ALLOC: numa_nid neither -1 nor a node of the Orin (0)"))
    }
}

/// §5 ALLOC: an empty heap mask, or an IOVMM request larger than RAM → ENOMEM
/// (`is_nvmap_memory_available` runs before the empty-mask EINVAL).
fn rule_alloc_heap_available(heap_mask: u32, size: u64) -> KResult<()> {
    if heap_mask == 0 || (heap_mask & NVMAP_HEAP_IOVMM != 0 && size > IOVMM_TOTAL) {
        return Err(why(Errno::ENOMEM, "§5 ALLOC: heap_mask 0, or an IOVMM request larger than RAM"));
    }
    if heap_mask & NVMAP_HEAP_IOVMM == 0 {
        // Carveouts are not modelled: "carveout heap not present" → ENOMEM.
        return Err(why(Errno::ENOMEM, "§5 ALLOC: carveout heap not present (only IOVMM is modelled)"));
    }
    Ok(())
}

/// One nvmap ioctl on the copied-in argument `bytes`; `value` is the raw
/// argument (FREE's id, READ/WRITE's argument address).
///
/// # Safety
/// For READ/WRITE, as [`MockKernel::ioctl_at`](super::MockKernel::ioctl_at):
/// `value` is the caller's argument and the user buffer it names is the
/// caller's to give (the other requests touch no user memory).
pub(crate) unsafe fn ioctl(st: &mut KState, request: u32, bytes: &mut [u8], value: u64) -> KResult {
    match request {
        NVMAP_IOC_CREATE => {
            let mut a: NvmapCreateHandle = arg(bytes)?;
            let size = u64::from(a.size);
            rule_create_rejects_zero_size(size)?;
            st.nvmap.next += 1;
            let id = HANDLE_ID_BASE | (0x18 + st.nvmap.next);
            let client = st.nvmap.client;
            let h = Handle {
                size: size.next_multiple_of(4096),
                orig_size: size,
                align: 0,
                cache: 0,
                backing: None,
                client,
            };
            st.nvmap.handles.insert(id, h);
            a.handle = id;
            put(bytes, &a);
            Ok(0)
        }
        NVMAP_IOC_ALLOC => {
            let a: NvmapAllocHandle = arg(bytes)?;
            rule_alloc_align_power_of_two(a.align)?;
            // §5: handle 0 → EINVAL; unknown id → EINVAL.
            if a.handle == 0 {
                return Err(why(Errno::EINVAL, "§5 ALLOC: handle 0"));
            }
            rule_alloc_numa_nid(a.numa_nid)?;
            let h = st.nvmap.mine(a.handle).ok_or_else(|| why(Errno::EINVAL, "§5 ALLOC: unknown handle id"))?;
            rule_alloc_heap_available(a.heap_mask, h.size)?;
            // §5: already allocated → EEXIST.
            if h.backing.is_some() {
                return Err(why(Errno::EEXIST, "§5 ALLOC: handle already allocated"));
            }
            let b = Backing::new(&format!("nvmap:{:#x}", a.handle), h.size as usize).map_err(|_| Errno::ENOMEM)?;
            h.backing = Some(Arc::new(b));
            h.align = u64::from(a.align).max(4096);
            // §5: the low bits are the cache mode, recorded per handle; CPU
            // mappings of its dma-buf get these attributes (issue 12 item 8).
            h.cache = a.flags & NVMAP_HANDLE_CACHE_FLAG;
            Ok(0)
        }
        NVMAP_IOC_FREE => {
            // §5: the id is the argument value; 0 → success, nothing done.
            if value == 0 {
                return Ok(0);
            }
            let id = value as u32;
            if st.nvmap.mine(id).is_none() || st.nvmap.handles.remove(&id).is_none() {
                // A foreign dma-buf fd would be closed here; unknown ids are ignored.
                return Ok(0);
            }
            Ok(0)
        }
        NVMAP_IOC_GET_FD => {
            let mut a: NvmapCreateHandle = arg(bytes)?;
            // §5: an unknown id that is not a dma-buf fd either: dma_buf_get's EBADF.
            let h = st.nvmap.mine(a.handle).ok_or(Errno::EBADF)?;
            // An unallocated handle has no pages to export.
            let backing = h.backing.clone().ok_or(Errno::EINVAL)?;
            let fd = st.new_fd(FdObj::DmaBuf { handle: a.handle, backing })?;
            a.size = fd as u32; // the fd comes back in the `size`/`fd` word
            put(bytes, &a);
            Ok(0)
        }
        NVMAP_IOC_FROM_ID | NVMAP_IOC_GET_ID => Err(Errno::ENOTTY), // §5: deprecated
        // SAFETY: this function's contract, for READ/WRITE.
        NVMAP_IOC_WRITE | NVMAP_IOC_READ => unsafe { rw_handle(st, request == NVMAP_IOC_READ, bytes, value) },
        NVMAP_IOC_PARAM => {
            let mut a: NvmapHandleParam = arg(bytes)?;
            a.result = handle_param(st, a.handle, a.param)?;
            put(bytes, &a);
            Ok(0)
        }
        NVMAP_IOC_CACHE => {
            let a: NvmapCacheOp = arg(bytes)?;
            cache_maint(st, a.addr, a.handle, u64::from(a.len), a.op)
        }
        NVMAP_IOC_CACHE_64 => {
            let a: NvmapCacheOp64 = arg(bytes)?;
            cache_maint(st, a.addr, a.handle, a.len, a.op)
        }
        NVMAP_IOC_GET_AVAILABLE_HEAPS => {
            // §5: only carveouts are reported; IOVMM never is. An Orin has VPR and FSI (seed 001).
            put(bytes, &NvmapAvailableHeaps { heaps: u64::from(NVMAP_HEAP_CARVEOUT_VPR | NVMAP_HEAP_CARVEOUT_FSI) });
            Ok(0)
        }
        NVMAP_IOC_QUERY_HEAP_PARAMS => {
            let mut a: NvmapQueryHeapParams = arg(bytes)?;
            match a.heap_mask {
                0 => a = NvmapQueryHeapParams::default(),
                m if m == NVMAP_HEAP_IOVMM => {
                    let used: u64 = st.nvmap.handles.values().filter(|h| h.backing.is_some()).map(|h| h.size).sum();
                    a.total = IOVMM_TOTAL;
                    a.free = IOVMM_TOTAL.saturating_sub(used);
                    a.largest_free_block = 4096; // the kernel's TODO: always PAGE_SIZE
                    a.granule_size = 4096;
                }
                _ => return Err(Errno::ENODEV), // carveout not present
            }
            put(bytes, &a);
            Ok(0)
        }
        _ => Err(Errno::ENOTTY),
    }
}

/// NVMAP_IOC_WRITE / NVMAP_IOC_READ (`nvmap_ioctl_rw_handle` → `rw_handle`):
/// `count` elements of `elem_size` bytes, `hmem_stride` apart in the handle
/// from `offset`, `user_stride` apart in the user buffer at `addr`. The bytes
/// copied are written back into the caller's `count` (`__put_user`, even
/// though the ioctl is `_IOW`); a short copy is `EINVAL`; a bad user
/// address `EFAULT` with `count` 0.
///
/// # Safety
/// `uarg` is the caller's argument (its `count` word is theirs to overwrite)
/// and the `count` elements at `addr`, `user_stride` apart, are the caller's
/// to read (WRITE) or overwrite (READ): [`MockKernel::ioctl_at`](super::MockKernel::ioctl_at)'s contract.
unsafe fn rw_handle(st: &mut KState, is_read: bool, bytes: &[u8], uarg: u64) -> KResult {
    let op: NvmapRwHandle = arg(bytes)?;
    // Zero handle, address, count or element size → EINVAL; unknown id → EINVAL.
    if op.handle == 0 || op.addr == 0 || op.count == 0 || op.elem_size == 0 {
        return Err(Errno::EINVAL);
    }
    // Ids are per /dev/nvmap client: another client's id is unknown here.
    let h = st.nvmap.mine(op.handle).ok_or(Errno::EINVAL)?;
    // Not allocated: no pages → EFAULT.
    let backing = h.backing.clone().ok_or(Errno::EFAULT)?;
    let (mut elem, mut hstride, mut ustride, mut count) = (op.elem_size, op.hmem_stride, op.user_stride, op.count);
    // Contiguous on both sides: one copy.
    if elem == hstride && elem == ustride && op.offset.is_multiple_of(8) {
        elem = elem.saturating_mul(count);
        hstride = elem;
        ustride = elem;
        count = 1;
    }
    if elem > hstride || elem > ustride {
        return Err(Errno::EINVAL);
    }
    let size = backing.len() as u64;
    let mut copied: u64 = 0;
    let mut fault = false;
    for i in 0..count {
        let hoff = i.checked_mul(hstride).and_then(|o| o.checked_add(op.offset));
        let Some(hoff) = hoff.filter(|o| o.checked_add(elem).is_some_and(|e| e <= size)) else {
            break; // past the handle: the copy stops short
        };
        let user = op.addr.wrapping_add(i.wrapping_mul(ustride));
        let mut tmp = vec![0u8; elem as usize];
        if is_read {
            backing.read(hoff as usize, &mut tmp);
            // SAFETY: element `i` of the user buffer (the contract).
            if unsafe { super::uaccess::copy_to_user(user, &tmp) }.is_err() {
                fault = true; // a bad user address: EFAULT, nothing reported copied
                break;
            }
        } else {
            // SAFETY: element `i` of the user buffer (the contract).
            if unsafe { super::uaccess::copy_from_user(user, &mut tmp) }.is_err() {
                fault = true;
                break;
            }
            backing.write(hoff as usize, &tmp);
        }
        copied += elem;
    }
    // put_user into the caller's `count` (a failure there is the kernel's EFAULT).
    let count_at = uarg + std::mem::offset_of!(NvmapRwHandle, count) as u64;
    if fault {
        copied = 0;
    }
    if uarg != 0 {
        // SAFETY: the argument's `count` word (the contract).
        unsafe { super::uaccess::copy_to_user(count_at, &copied.to_le_bytes()) }?;
    }
    if fault {
        return Err(Errno::EFAULT);
    }
    if copied < op.count.saturating_mul(op.elem_size) {
        return Err(Errno::EINVAL);
    }
    Ok(0)
}

/// NVMAP_IOC_PARAM (`__nvmap_get_handle_param`): unknown id → EINVAL; SIZE is
/// the size CREATE was given; ALIGNMENT the effective one (0 before ALLOC);
/// BASE of an unpinned handle is `-EINVAL` as a value; HEAP is IOVMM once
/// allocated (0 before); KIND 0; COMPR is ignored (0); any other → EINVAL.
fn handle_param(st: &KState, id: u32, param: u32) -> KResult<u64> {
    let h = st.nvmap.handles.get(&id).filter(|h| h.client == st.nvmap.client).ok_or(Errno::EINVAL)?;
    Ok(match param {
        NVMAP_HANDLE_PARAM_SIZE => h.orig_size,
        NVMAP_HANDLE_PARAM_ALIGNMENT => h.align,
        NVMAP_HANDLE_PARAM_BASE => (-(Errno::EINVAL.0 as i64)) as u64,
        NVMAP_HANDLE_PARAM_HEAP => {
            if h.backing.is_some() {
                u64::from(NVMAP_HEAP_IOVMM)
            } else {
                0
            }
        }
        NVMAP_HANDLE_PARAM_KIND | NVMAP_HANDLE_PARAM_COMPR => 0,
        _ => return Err(Errno::EINVAL),
    })
}

/// §5 CACHE / CACHE_64: `addr == 0` or an unknown op → EINVAL; unknown
/// handle → EINVAL; `addr` not in a CPU mapping of a dma-buf, or `len`
/// running past it → EADDRNOTAVAIL; a mapping of another handle → EFAULT.
/// The maintenance itself is a no-op: the model's memory is coherent.
fn cache_maint(st: &KState, addr: u64, handle: u32, len: u64, op: i32) -> KResult {
    let known = [NVMAP_CACHE_OP_WB, NVMAP_CACHE_OP_INV, NVMAP_CACHE_OP_WB_INV];
    if addr == 0 || !known.iter().any(|k| *k as i64 == i64::from(op)) {
        return Err(Errno::EINVAL);
    }
    if !st.nvmap.handles.contains_key(&handle) {
        return Err(Errno::EINVAL);
    }
    let m = st.cpu_maps.at(addr as usize).ok_or(Errno::EADDRNOTAVAIL)?;
    let super::cpumap::Mapped::DmaBuf { handle: mapped, .. } = m.what else {
        return Err(Errno::EADDRNOTAVAIL);
    };
    if addr.checked_add(len).is_none_or(|e| e > (m.addr + m.len) as u64) {
        return Err(Errno::EADDRNOTAVAIL);
    }
    if mapped != handle {
        return Err(Errno::EFAULT);
    }
    Ok(0)
}
