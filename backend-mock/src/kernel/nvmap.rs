//! `/dev/nvmap` (constraints doc §5): handles are small ids shaped like the
//! real ones (`0x80000000 | n`; an Orin returned `0x80000019`), not fds.

use std::collections::HashMap;
use std::sync::Arc;

use gpuiface_hal::Errno;
use gpuiface_nvgpu::abi::*;

use super::{arg, put, FdObj, KResult, KState};
use crate::mem::Backing;

/// One nvmap handle.
#[derive(Debug)]
pub(crate) struct Handle {
    size: u64,
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

/// §5 CREATE: `size == 0` → EINVAL.
fn rule_create_rejects_zero_size(size: u64) -> KResult<()> {
    if size == 0 {
        Err(Errno::EINVAL)
    } else {
        Ok(())
    }
}

/// §5 ALLOC: `align` must be 0 or a power of two → else EINVAL.
fn rule_alloc_align_power_of_two(align: u32) -> KResult<()> {
    if align != 0 && !align.is_power_of_two() {
        Err(Errno::EINVAL)
    } else {
        Ok(())
    }
}

/// §5 ALLOC: `numa_nid` is -1 or a node 0..MAX_NUMNODES (Orin: node 0 only) → else EINVAL.
fn rule_alloc_numa_nid(nid: i32) -> KResult<()> {
    if nid == -1 || nid == 0 {
        Ok(())
    } else {
        Err(Errno::EINVAL)
    }
}

/// §5 ALLOC: an empty heap mask, or an IOVMM request larger than RAM → ENOMEM
/// (`is_nvmap_memory_available` runs before the empty-mask EINVAL).
fn rule_alloc_heap_available(heap_mask: u32, size: u64) -> KResult<()> {
    if heap_mask == 0 || (heap_mask & NVMAP_HEAP_IOVMM != 0 && size > IOVMM_TOTAL) {
        return Err(Errno::ENOMEM);
    }
    if heap_mask & NVMAP_HEAP_IOVMM == 0 {
        // Carveouts are not modelled: "carveout heap not present" → ENOMEM.
        return Err(Errno::ENOMEM);
    }
    Ok(())
}

pub(crate) fn ioctl(st: &mut KState, request: u32, bytes: &mut [u8], value: u64) -> KResult {
    match request {
        NVMAP_IOC_CREATE => {
            let mut a: NvmapCreateHandle = arg(bytes)?;
            let size = u64::from(a.size);
            rule_create_rejects_zero_size(size)?;
            st.nvmap.next += 1;
            let id = HANDLE_ID_BASE | (0x18 + st.nvmap.next);
            let client = st.nvmap.client;
            st.nvmap.handles.insert(id, Handle { size: size.next_multiple_of(4096), backing: None, client });
            a.handle = id;
            put(bytes, &a);
            Ok(0)
        }
        NVMAP_IOC_ALLOC => {
            let a: NvmapAllocHandle = arg(bytes)?;
            rule_alloc_align_power_of_two(a.align)?;
            // §5: handle 0 → EINVAL; unknown id → EINVAL.
            if a.handle == 0 {
                return Err(Errno::EINVAL);
            }
            rule_alloc_numa_nid(a.numa_nid)?;
            let h = st.nvmap.mine(a.handle).ok_or(Errno::EINVAL)?;
            rule_alloc_heap_available(a.heap_mask, h.size)?;
            // §5: already allocated → EEXIST.
            if h.backing.is_some() {
                return Err(Errno::EEXIST);
            }
            let b = Backing::new(&format!("nvmap:{:#x}", a.handle), h.size as usize).map_err(|_| Errno::ENOMEM)?;
            h.backing = Some(Arc::new(b));
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
