//! Small buffers carved out of large backend allocations, so a small
//! allocation costs no system call once its slab exists.
//!
//! Every backend allocation on Tegra costs four ioctls and an mmap; runtimes
//! allocate many tiny buffers (kernel arguments, scalars, signals). A
//! [`SubAllocator`] keeps power-of-two size classes from 256 B to 64 KiB,
//! each served from 2 MiB slabs obtained with [`GpuIface::alloc`]; larger
//! requests go straight to the backend.
//!
//! ```
//! # use gpuiface_runtime::suballoc::SubAllocator;
//! # fn demo(dev: &impl gpuiface_hal::GpuIface) -> gpuiface_hal::Result<()> {
//! let small = SubAllocator::new(dev);
//! let a = small.alloc(100)?;          // the first one allocates a slab
//! let b = small.alloc(100)?;          // this one costs no system call
//! assert_eq!(b.gpu_va() - a.gpu_va(), 256);
//! small.free(a)?;
//! small.free(b)?;
//! # Ok(()) }
//! ```

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use gpuiface_hal::GpuIface;
use gpuiface_hal::{AllocRequest, Buffer, BufferId};
use gpuiface_hal::{Error, Result};

/// The smallest size class.
pub const MIN_CLASS: u64 = 256;
/// The largest size class; bigger requests go to the backend directly.
pub const MAX_CLASS: u64 = 64 << 10;
/// Slab size.
pub const SLAB: u64 = 2 << 20;
/// Ids of sub-allocated buffers carry this bit (backend ids never do).
pub const SUB_ID: u64 = 1 << 63;

/// The next sub-buffer id, shared by every sub-allocator of the process, so
/// two allocators over one device never hand out the same `(device, id)`.
static NEXT_SUB_ID: AtomicU64 = AtomicU64::new(1);

const CLASSES: usize = (MAX_CLASS.trailing_zeros() - MIN_CLASS.trailing_zeros() + 1) as usize;

struct Slab {
    buffer: Buffer,
    class: usize,
    used: u32,
}

#[derive(Default)]
struct State {
    /// Slab GPU VA -> slab.
    slabs: BTreeMap<u64, Slab>,
    /// Per class: free slots' GPU VAs.
    free: Vec<Vec<u64>>,
    /// The sub-buffers handed out and not yet freed: id -> GPU VA.
    live: HashMap<u64, u64>,
}

/// A small-buffer allocator over a backend.
pub struct SubAllocator<I: GpuIface> {
    iface: I,
    state: Mutex<State>,
}

impl<I: GpuIface> std::fmt::Debug for SubAllocator<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SubAllocator").field("slabs", &self.slab_count()).finish()
    }
}

fn class_of(size: u64) -> usize {
    (size.max(MIN_CLASS).next_power_of_two().trailing_zeros() - MIN_CLASS.trailing_zeros()) as usize
}

impl<I: GpuIface> SubAllocator<I> {
    /// A sub-allocator over `iface`.
    pub fn new(iface: I) -> Self {
        SubAllocator { iface, state: Mutex::new(State { free: vec![Vec::new(); CLASSES], ..Default::default() }) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Slabs held from the backend.
    pub fn slab_count(&self) -> usize {
        self.lock().slabs.len()
    }

    /// Allocate `size` bytes (CPU-mapped, 256-byte aligned or better).
    pub fn alloc(&self, size: u64) -> Result<Buffer> {
        if size == 0 {
            return Err(Error::invalid("SubAllocator::alloc", "size 0"));
        }
        if size > MAX_CLASS {
            return self.iface.alloc(AllocRequest::new(size));
        }
        let class = class_of(size);
        let mut st = self.lock();
        if st.free[class].is_empty() {
            let slab = self.iface.alloc(AllocRequest::new(SLAB))?;
            // The trait is safe: its answer is no safety guarantee. Carve only a
            // slab of this device that is as large as asked and mapped whole, or
            // the handles minted below would cover memory the slab does not hold.
            let whole = slab.device() == self.iface.info().device
                && slab.size() >= SLAB
                && slab.cpu().is_some_and(|v| v.len() as u64 >= SLAB);
            if !whole {
                let what = format!("{slab:?}");
                // Not this allocator's to free if another device's; either way not carved.
                if slab.device() == self.iface.info().device {
                    let _ = self.iface.free(slab);
                }
                return Err(Error::invalid(
                    "SubAllocator::alloc",
                    format!("the backend returned {what} for a {SLAB:#x}-byte, CPU-mapped slab of this device"),
                ));
            }
            let step = MIN_CLASS << class;
            let slots = (0..SLAB / step).rev().map(|i| slab.gpu_va() + i * step);
            st.free[class].extend(slots);
            st.slabs.insert(slab.gpu_va(), Slab { buffer: slab, class, used: 0 });
        }
        let gpu_va = st.free[class].pop().expect("a slab was just added");
        let id = BufferId(SUB_ID | NEXT_SUB_ID.fetch_add(1, Ordering::Relaxed));
        st.live.insert(id.0, gpu_va);
        let (_, slab) = st.slabs.range_mut(..=gpu_va).next_back().expect("slot inside a slab");
        slab.used += 1;
        let offset = gpu_va - slab.buffer.gpu_va();
        let cpu = slab.buffer.cpu().and_then(|v| v.slice(offset, size as usize));
        // SAFETY: `[gpu_va, gpu_va + size)` lies in a slab this allocator holds (of
        // the slab's device) and in a slot no other live sub-buffer has: it just left
        // the free list, and a slot returns there only when `free` consumes the one
        // handle `live` lists for it. The id is new in the process (NEXT_SUB_ID) and
        // carries SUB_ID, which backend ids never do; `cpu` is the slab's mapping of
        // exactly that range.
        Ok(unsafe { Buffer::from_raw_parts(slab.buffer.device(), id, gpu_va, size, cpu) })
    }

    /// Free a buffer from [`alloc`](Self::alloc). A slab that becomes empty
    /// is returned to the backend.
    pub fn free(&self, buffer: Buffer) -> Result<()> {
        if buffer.id().0 & SUB_ID == 0 {
            return self.iface.free(buffer);
        }
        if buffer.device() != self.iface.info().device {
            return Err(Error::invalid("SubAllocator::free", format!("{buffer:?} belongs to another device")));
        }
        let mut st = self.lock();
        // Only a sub-buffer this allocator handed out and has not taken back.
        if st.live.get(&buffer.id().0) != Some(&buffer.gpu_va()) {
            return Err(Error::invalid(
                "SubAllocator::free",
                format!("{buffer:?} is not a live sub-allocation of this allocator"),
            ));
        }
        st.live.remove(&buffer.id().0);
        let (slab_va, class, empty) = match st.slabs.range_mut(..=buffer.gpu_va()).next_back() {
            Some((va, slab)) if buffer.gpu_va() < slab.buffer.gpu_end() && slab.used > 0 => {
                slab.used -= 1;
                (*va, slab.class, slab.used == 0)
            }
            _ => {
                return Err(Error::invalid(
                    "SubAllocator::free",
                    format!("{:#x} is not a sub-allocation", buffer.gpu_va()),
                ))
            }
        };
        st.free[class].push(buffer.gpu_va());
        buffer.mark_freed();
        if empty {
            let slab = st.slabs.remove(&slab_va).expect("slab");
            let end = slab.buffer.gpu_end();
            st.free[class].retain(|va| *va < slab_va || *va >= end);
            self.iface.free(slab.buffer)?;
        }
        Ok(())
    }
}

impl<I: GpuIface> Drop for SubAllocator<I> {
    /// Empty slabs go back to the backend. A slab with sub-buffers still out
    /// is dropped without being freed, as those sub-buffers are: its memory
    /// stays allocated until the device closes (a buffer's rule), so no live
    /// sub-buffer's range is handed to another allocation meanwhile.
    fn drop(&mut self) {
        let slabs = std::mem::take(&mut self.lock().slabs);
        for (_, s) in slabs {
            if s.used == 0 {
                let _ = self.iface.free(s.buffer);
            }
        }
    }
}
