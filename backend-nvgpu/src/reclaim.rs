//! Deferred frees: memory a caller frees goes back to the kernel only once
//! no GPU work submitted before the free can still reach it, on any channel
//! of the device (issue 41).
//!
//! Why here and not in a runtime: the rule must hold whichever runtime,
//! queue or raw [`submit`](gpuiface_hal::GpuIface::submit) queued the work.
//! Two runtimes on one device, or a queue launch that names nothing, are
//! invisible to a runtime's own bookkeeping; every GPFIFO entry on the
//! device passes through this backend.
//!
//! How:
//! - Each channel has a **reclaim fence**: a pushbuffer of 6 dwords in its
//!   error-notifier page (the first 16 bytes are the kernel's
//!   `nvgpu_notification`) that adds 1 to a 32-bit counter in that page, a
//!   host semaphore reduction made after the channel's engine is idle
//!   (`RELEASE_WFI`).
//! - A free asks every channel that published entries since its last fence
//!   for a fence, and keeps the allocation (still mapped at its GPU address,
//!   so no new buffer can land there) with each channel's fence number.
//! - The memory goes back once, for each of those channels, the counter has
//!   passed the fence, or the channel has faulted (it runs nothing more), or
//!   it is gone (its fd closed: the kernel stopped its work).
//! - Pending frees are retried at every `alloc`, `free`, channel free and
//!   `live()`, and all go when the device drops. A ring with no room for a
//!   fence gets it at a later retry. [`LiveCounts::deferred_frees`](gpuiface_hal::LiveCounts::deferred_frees)
//!   counts them.
//!
//! The fence writes the host's semaphore registers (`SEM_ADDR_*`,
//! `SEM_PAYLOAD_*`) between two submits: a submit must not rely on values an
//! earlier submit left there (the runtime sets all five for every semaphore).

use std::sync::{Arc, Weak};

use gpuiface_hal::classes::host;
use gpuiface_hal::codec::gpfifo::GpFifoEntry;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::{Error, Result};

use crate::channel::{Channel, FENCE_COUNTER_OFFSET, FENCE_PUSHBUFFER_OFFSET};
use crate::device::{NvgpuDevice, State, DOORBELL_OFFSET};
use crate::memory::Allocation;
use crate::sys::Syscalls;

/// The fence's pushbuffer: one incrementing method header and five data
/// words (SEM_ADDR_LO … SEM_EXECUTE).
pub(crate) const FENCE_DWORDS: usize = 6;

/// A freed allocation waiting for the GPU, with the fence each channel
/// must pass first.
pub(crate) struct Deferred<S: Syscalls> {
    pub(crate) allocation: Allocation<S>,
    waits: Vec<(Weak<Channel<S>>, u64)>,
}

/// The SEM_EXECUTE word of the fence: an unsigned 32-bit add, after the
/// engine is idle.
fn fence_execute() -> u32 {
    host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_REDUCTION)
        | host::SEM_EXECUTE_REDUCTION.field(host::SEM_EXECUTE_REDUCTION_IADD)
        | host::SEM_EXECUTE_REDUCTION_FORMAT.field(host::SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED)
        | host::SEM_EXECUTE_RELEASE_WFI.field(host::SEM_EXECUTE_RELEASE_WFI_EN)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_32BIT)
}

/// Write the reclaim fence into a channel's error-notifier page (a zero
/// counter and the pushbuffer) and return its encoded GPFIFO entry.
pub(crate) fn write_fence<S: Syscalls>(notifier: &Allocation<S>) -> Result<u64> {
    let counter = notifier.gpu_va + FENCE_COUNTER_OFFSET as u64;
    let mut pb = PushBuffer::with_capacity(FENCE_DWORDS);
    pb.method(0, host::SEM_ADDR_LO, &[counter as u32, (counter >> 32) as u32, 1, 0, fence_execute()]);
    let words = pb.words();
    let map = match notifier.cpu.as_ref() {
        Some(m) if m.len() >= FENCE_PUSHBUFFER_OFFSET + 4 * words.len() && words.len() == FENCE_DWORDS => m,
        _ => return Err(Error::invalid("rm_alloc(GPFIFO)", "the error-notifier page cannot hold the reclaim fence")),
    };
    let store = |offset: usize, word: u32| {
        // SAFETY: `map` maps `map.len()` bytes read-write while the Arc lives, and
        // `offset + 4 <= map.len()` (checked above for every offset used); the
        // page is page-aligned and `offset` a multiple of 4. No GPU work can use
        // the page yet (the channel is being set up), and nothing holds a Rust
        // reference into it.
        unsafe { std::sync::atomic::AtomicU32::from_ptr((map.addr() + offset) as *mut u32) }
            .store(word, std::sync::atomic::Ordering::Release)
    };
    store(FENCE_COUNTER_OFFSET, 0);
    for (i, w) in words.iter().enumerate() {
        store(FENCE_PUSHBUFFER_OFFSET + 4 * i, *w);
    }
    Ok(GpFifoEntry::new(notifier.gpu_va + FENCE_PUSHBUFFER_OFFSET as u64, FENCE_DWORDS as u32).encode())
}

/// True when `done` (the GPU's 32-bit counter) has reached fence `target`
/// (compared circularly: far fewer than 2^31 fences are ever outstanding).
fn passed(done: u32, target: u64) -> bool {
    done.wrapping_sub(target as u32) as i32 >= 0
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// The fence number that covers every entry published on `ch` so far:
    /// the last fence when nothing was published since, else a new one,
    /// published now when the ring has room (else at a later retry).
    fn fence(&self, ch: &Channel<S>) -> u64 {
        let mut put = ch.put.lock();
        if !put.dirty {
            return put.fences;
        }
        let n = ch.entries();
        if ch.gp_get().wrapping_sub(put.put).wrapping_sub(1) & (n - 1) == 0 {
            return put.fences + 1;
        }
        let doorbell = match self.doorbell.load(std::sync::atomic::Ordering::Acquire) {
            0 => match self.map_usermode() {
                Ok(regs) => regs.base + DOORBELL_OFFSET,
                Err(e) => {
                    log::warn!("reclaim fence: the usermode window cannot be mapped: {e}");
                    return put.fences + 1;
                }
            },
            d => d,
        };
        ch.write_entry(put.put, ch.fence_entry);
        put.put = (put.put + 1) & (n - 1);
        put.dirty = false;
        put.fences += 1;
        ch.set_gp_put(put.put);
        let target = put.fences;
        drop(put);
        // SAFETY: as in `publish` (submit.rs): a non-zero doorbell address is
        // DOORBELL_OFFSET into the usermode mapping `self.usermode` keeps until
        // `Drop`, written only through this atomic store.
        unsafe { self.sys.ring_doorbell(doorbell as *mut u32, ch.token) };
        target
    }

    /// Keep `allocation` until every channel's work published so far is done.
    pub(crate) fn defer_free(&self, st: &mut State<S>, allocation: Allocation<S>) -> Result<()> {
        // A faulted channel runs nothing more; one whose fence already passed is done.
        let waits: Vec<(Weak<Channel<S>>, u64)> = self
            .submit_channels
            .all()
            .iter()
            .filter(|ch| !ch.has_fault())
            .filter_map(|ch| {
                let target = self.fence(ch);
                (!passed(ch.fences_done(), target)).then(|| (Arc::downgrade(ch), target))
            })
            .collect();
        if waits.is_empty() {
            return self.release(st, allocation);
        }
        st.deferred.push(Deferred { allocation, waits });
        self.reclaim(st);
        Ok(())
    }

    /// Release every deferred allocation whose channels are done with it.
    pub(crate) fn reclaim(&self, st: &mut State<S>) {
        let mut i = 0;
        while i < st.deferred.len() {
            st.deferred[i].waits.retain(|(w, target)| match w.upgrade() {
                None => false,
                Some(ch) if ch.has_fault() || passed(ch.fences_done(), *target) => false,
                Some(ch) => {
                    if ch.put.lock().fences < *target {
                        // Its fence found the ring full: publish it now if it fits.
                        self.fence(&ch);
                    }
                    !passed(ch.fences_done(), *target)
                }
            });
            if st.deferred[i].waits.is_empty() {
                let d = st.deferred.swap_remove(i);
                let _ = self.release(st, d.allocation);
            } else {
                i += 1;
            }
        }
    }
}
