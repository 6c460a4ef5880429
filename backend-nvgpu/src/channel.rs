//! Channel setup: OPEN_CHANNEL → AS BIND_CHANNEL → TSG BIND_CHANNEL_EX →
//! WDT off → SETUP_BIND (usermode, deterministic) → GET_USER_SYNCPOINT →
//! SET_ERROR_NOTIFIER, each channel with small GPFIFO, USERD and notifier
//! buffers of its own; and the overlays that put those buffers inside a
//! caller's GPFIFO area.
//!
//! r35 runs the same sequence (r35 `ioctl_channel.c`, `ioctl_tsg.c`): only
//! SETUP_BIND's struct differs (80 bytes), and BIND_CHANNEL_EX's
//! `subcontext_id` is a VEID the backend picked rather than one
//! CREATE_SUBCONTEXT returned (`rm.rs`). The usermode submit that follows
//! (GPFIFO entry, GP_PUT in USERD, doorbell in the ctrl node's usermode
//! mapping) is the same on both.

use std::sync::Arc;

use gpuiface_hal::codec::gpfifo::ENTRY_BYTES;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{AllocRequest, Buffer, Error, Result, RmHandle};

use crate::abi::*;
use crate::device::{lock, NvgpuDevice, State, USERD_SIZE};
use crate::fd::{BorrowedSysFd, SysFd};
use crate::memory::{self, Allocation};
use crate::rm::{Node, Object};
use crate::sys::Syscalls;

/// A set-up channel and the buffers it owns.
///
/// Invariant (established by [`NvgpuDevice::setup_channel`], the only
/// constructor, and kept because a `Channel` lives in an `Arc` and its
/// `buffers` are never taken out while it is shared): `notifier`, `ring` and
/// `userd` are the CPU addresses of the mappings of `buffers[0]`,
/// `buffers[1]` and `buffers[2]`, which cover at least a whole
/// page (an `nvgpu_notification` and the reclaim fence), `entries` GPFIFO
/// entries and a USERD block up to GP_PUT respectively, and stay mapped as long as the channel (each
/// mapping is an `Arc` in its `Allocation`). `entries` is a power of two,
/// at least 2. The raw accesses below rely on this and nothing else; values
/// read back from this GPU-shared memory are never used as addresses.
pub(crate) struct Channel<S: Syscalls> {
    pub(crate) fd: SysFd<S>,
    pub(crate) token: u32,
    entries: u32,
    ring: usize,
    userd: usize,
    notifier: usize,
    /// GPFIFO, USERD and error-notifier buffers.
    pub(crate) buffers: Vec<Allocation<S>>,
    /// The next GPFIFO slot to write and the channel's reclaim fences,
    /// behind a spin lock (`gpuiface_hal::spin_lock`: one compare-and-swap
    /// to take, a plain store to give back, on every submit's path).
    pub(crate) put: gpuiface_hal::spin_lock::SpinLock<PutState>,
    /// The encoded GPFIFO entry of the channel's reclaim fence (`reclaim.rs`).
    pub(crate) fence_entry: u64,
    /// Set when the channel is destroyed (`rm_free`): a submit port that
    /// still holds it publishes nothing more.
    pub(crate) closed: std::sync::atomic::AtomicBool,
}

/// Where a channel's reclaim fence lives in its error-notifier page, whose
/// first 16 bytes are the kernel's `nvgpu_notification` (SET_ERROR_NOTIFIER
/// at offset 0): the 32-bit counter the fence increments, and the fence's
/// own pushbuffer (`reclaim.rs`).
pub(crate) const FENCE_COUNTER_OFFSET: usize = 0x100;
/// See [`FENCE_COUNTER_OFFSET`].
pub(crate) const FENCE_PUSHBUFFER_OFFSET: usize = 0x140;
const _: () = assert!(
    std::mem::size_of::<NvgpuNotification>() <= FENCE_COUNTER_OFFSET
        && FENCE_COUNTER_OFFSET + 4 <= FENCE_PUSHBUFFER_OFFSET
        && FENCE_PUSHBUFFER_OFFSET + 4 * crate::reclaim::FENCE_DWORDS <= memory::PAGE as usize
);

/// A channel's submission state, under its `put` lock.
#[derive(Debug, Default)]
pub(crate) struct PutState {
    /// The next GPFIFO slot to write (always `< entries`).
    pub(crate) put: u32,
    /// Entries were published after the last reclaim fence.
    pub(crate) dirty: bool,
    /// Reclaim fences published on the channel so far.
    pub(crate) fences: u64,
}

impl<S: Syscalls> Channel<S> {
    /// Reclaim fences the channel has completed (the GPU's counter, 32
    /// bits, compared circularly by the reader).
    #[inline]
    pub(crate) fn fences_done(&self) -> u32 {
        // SAFETY: the type's invariant: `notifier` maps a whole page while the channel
        // lives, and FENCE_COUNTER_OFFSET is a 4-aligned word in it (const-asserted
        // above). The GPU writes it: an atomic load, never a race.
        unsafe { std::sync::atomic::AtomicU32::from_ptr((self.notifier + FENCE_COUNTER_OFFSET) as *mut u32) }
            .load(std::sync::atomic::Ordering::Acquire)
    }

    /// Entries in the GPFIFO ring.
    pub(crate) fn entries(&self) -> u32 {
        self.entries
    }

    /// GP_GET, as the GPU last wrote it.
    #[inline]
    pub(crate) fn gp_get(&self) -> u32 {
        // SAFETY: the type's invariant: `userd` maps a USERD block up to GP_PUT
        // while the channel lives; GP_GET is a 4-aligned word before GP_PUT.
        // The GPU (or the mock's GPU thread) writes it: an atomic load, never a race.
        unsafe { std::sync::atomic::AtomicU32::from_ptr((self.userd + ga10b::USERD_GP_GET) as *mut u32) }
            .load(std::sync::atomic::Ordering::Acquire)
    }

    /// Publish `put` as GP_PUT.
    #[inline]
    pub(crate) fn set_gp_put(&self, put: u32) {
        // SAFETY: the type's invariant: `userd` maps at least GP_PUT's 4-aligned
        // word while the channel lives.
        // Release: the entries written before it are visible to whoever reads GP_PUT.
        unsafe { std::sync::atomic::AtomicU32::from_ptr((self.userd + ga10b::USERD_GP_PUT) as *mut u32) }
            .store(put, std::sync::atomic::Ordering::Release)
    }

    /// Write GPFIFO entry `slot` (taken modulo the ring's `entries`, a
    /// power of two: the callers' `put` is always reduced already).
    #[inline]
    pub(crate) fn write_entry(&self, slot: u32, word: u64) {
        let slot = slot & (self.entries - 1);
        let at = self.ring + ENTRY_BYTES as usize * slot as usize;
        // SAFETY: the type's invariant: `ring` maps `entries` 8-byte slots while the
        // channel lives, `slot < entries` (reduced above; `entries` is a power of two)
        // and the ring is page-aligned.
        // Atomic: the GPU model's thread reads entries as the ring fills.
        unsafe { std::sync::atomic::AtomicU64::from_ptr(at as *mut u64) }
            .store(word, std::sync::atomic::Ordering::Relaxed);
    }

    /// True once the kernel has written the error notifier (status
    /// non-zero): the one read a submit makes before its entries.
    #[inline]
    pub(crate) fn has_fault(&self) -> bool {
        let status = self.notifier + std::mem::offset_of!(NvgpuNotification, status);
        // SAFETY: as in `notifier_words`: the notifier maps a whole, page-aligned
        // `nvgpu_notification` while the channel lives; `status` is naturally aligned.
        unsafe { (status as *const u16).read_volatile() != 0 }
    }

    /// The error notifier's `(info32, status)`.
    pub(crate) fn notifier_words(&self) -> (u32, u16) {
        let info32 = self.notifier + std::mem::offset_of!(NvgpuNotification, info32);
        let status = self.notifier + std::mem::offset_of!(NvgpuNotification, status);
        // SAFETY: the type's invariant: `notifier` maps a whole, page-aligned
        // `nvgpu_notification` while the channel lives; both fields are naturally
        // aligned in it.
        unsafe { ((info32 as *const u32).read_volatile(), (status as *const u16).read_volatile()) }
    }
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// The work-submit token of a channel handle.
    pub fn channel_token(&self, channel: RmHandle) -> Option<u32> {
        match lock(&self.state).objects.get(&channel) {
            Some(Node { object: Object::Channel(c), .. }) => Some(c.token),
            _ => None,
        }
    }

    /// Back part of a caller's GPFIFO area with a channel's own buffers
    /// (seed 000): `MAP_FIXED` overlays put the channel's GPFIFO ring at
    /// `area + ring_offset` and its USERD page at `area + userd_offset`, so a
    /// runtime that writes GPFIFO entries and GP_PUT through one big area
    /// (tinygrad's `gpfifo_area`) writes the very memory the kernel bound.
    /// The kernel maps whole dma-bufs (SETUP_BIND takes offset 0 only), hence
    /// the small per-channel buffers and the overlays.
    ///
    /// `area` must be a CPU-mapped buffer from this device's [`GpuIface::alloc`](gpuiface_hal::GpuIface::alloc)
    /// (not [`GpuIface::map`](gpuiface_hal::GpuIface::map): a failed overlay is
    /// undone by mapping the area's own dma-buf back); the offsets must be
    /// page-aligned and the ring and the USERD page must fit in it without
    /// overlapping. On an error the area shows its own memory again.
    ///
    /// The overlays last as long as the area's CPU mapping: until `free` when
    /// no [`CpuView`](gpuiface_hal::CpuView) of the area is kept, else until
    /// the last view drops. Such a view reads and writes the channel's ring
    /// and USERD through the overlays, also after the area or the channel
    /// was freed (the mapping keeps that memory alive; it just no longer
    /// reaches a live channel once the channel is gone).
    pub fn overlay_channel_buffers(
        &self,
        channel: RmHandle,
        area: &Buffer,
        ring_offset: u64,
        userd_offset: u64,
    ) -> Result<()> {
        let op = "overlay_channel_buffers";
        let st = lock(&self.state);
        let ch = match st.objects.get(&channel) {
            Some(Node { object: Object::Channel(c), .. }) => c.clone(),
            _ => return Err(Error::invalid(op, format!("{channel} is not a channel"))),
        };
        let (base, mapped, area_fd) = match st.buffers.get(&area.id().0) {
            Some(a) if area.device() == self.info.device && a.gpu_va == area.gpu_va() => {
                match (a.cpu.as_ref(), a.dmabuf.as_ref()) {
                    (Some(m), Some(d)) => Some((m.addr(), m.len() as u64, d.raw())),
                    _ => None,
                }
            }
            _ => None,
        }
        .ok_or_else(|| Error::invalid(op, "the area is not a CPU-mapped buffer this device allocated"))?;
        // buffers[1] is the GPFIFO ring, buffers[2] the USERD page (see `setup_channel`).
        let pieces = [(ring_offset, &ch.buffers[1]), (userd_offset, &ch.buffers[2])];
        let page = memory::PAGE;
        let len = |a: &Allocation<S>| a.size.next_multiple_of(page);
        for (off, a) in pieces {
            if off % page != 0 || off.checked_add(len(a)).is_none_or(|end| end > mapped.next_multiple_of(page)) {
                return Err(Error::invalid(op, format!("offset {off:#x} is unaligned or runs past the area")));
            }
        }
        if ring_offset < userd_offset + len(&ch.buffers[2]) && userd_offset < ring_offset + len(&ch.buffers[1]) {
            return Err(Error::invalid(op, "the ring and USERD overlays overlap"));
        }
        let rw = libc::PROT_READ | libc::PROT_WRITE;
        let fixed = libc::MAP_SHARED | libc::MAP_FIXED;
        for (i, (off, a)) in pieces.into_iter().enumerate() {
            let fd = a.dmabuf.as_ref().map(|d| d.raw()).ok_or_else(|| Error::invalid(op, "no dma-buf"))?;
            let at = base + off as usize;
            // SAFETY: `[at, at + len)` lies inside the area's CPU mapping (checked above
            // against its length), which this device made and which the area's views
            // reach only through raw, bounds-checked copies (no Rust reference into it
            // exists). MAP_FIXED swaps the pages under those views for the channel's
            // buffer, mapped read-write and shared as the area was, so the views'
            // range stays mapped read-write (and the mapping keeps the channel's memory
            // alive after the channel goes); a failure is undone below, leaving no hole.
            let r = unsafe { self.sys.mmap(at, len(a) as usize, rw, fixed, fd, 0) };
            if let Err(e) = r {
                // A failed MAP_FIXED may have unmapped the range already (Linux before
                // 6.x): map the area's own memory back over every piece tried.
                for (off, a) in pieces.into_iter().take(i + 1) {
                    let at = base + off as usize;
                    // SAFETY: as above: inside the area's mapping; the area's own dma-buf
                    // at the same offset is what the mapping showed there.
                    let back = unsafe { self.sys.mmap(at, len(a) as usize, rw, fixed, area_fd, off as i64) };
                    if back.is_err() && !fill_with_anonymous(at, len(a) as usize) {
                        // The area's views would cover a hole that any later mapping
                        // could fill, and not even fresh anonymous memory could be put
                        // there: no sound way on.
                        log::error!("{op}: cannot restore the area's mapping at {at:#x} after a failed overlay");
                        std::process::abort();
                    }
                }
                return Err(Error::sys("mmap", e));
            }
        }
        Ok(())
    }

    pub(crate) fn setup_channel(
        &self,
        st: &mut State<S>,
        tsg_handle: RmHandle,
        entries: u32,
        veid: u32,
    ) -> Result<Channel<S>> {
        let min = ga10b::GPFIFO_MIN_ENTRIES;
        if entries < min || !entries.is_power_of_two() || entries > self.info.max_gpfifo_entries {
            return Err(Error::invalid("rm_alloc(GPFIFO)", format!("{entries} entries: need a power of two >= {min}")));
        }
        let tsg_fd = match Self::parent(st, tsg_handle, "rm_alloc(GPFIFO)")? {
            Object::Tsg(fd) => fd.raw(),
            o => {
                return Err(Error::invalid(
                    "rm_alloc(GPFIFO)",
                    format!("parent is a {}, not a channel group", o.name()),
                ))
            }
        };
        let mut buffers = Vec::new();
        let result = (|| -> Result<Channel<S>> {
            // The error-notifier buffer comes first, as in CUDA's trace.
            buffers.push(self.allocate(st, &AllocRequest::new(memory::PAGE).uncached())?);
            let mut open = NvgpuGpuOpenChannelArgs { channel_fd: -1 }; // in.runlist_id = -1: the GR runlist
            self.ctrl().call(calls::NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut open)?;
            // SAFETY: OPEN_CHANNEL just returned this nvgpu channel fd; we own it (the seam's contract).
            let fd = unsafe { SysFd::from_raw(self.sys.clone(), open.channel_fd) };
            // AS before TSG: the TSG records the channel's VM for its subcontext.
            let as_fd = self.address_space(st)?;
            let mut bind = NvgpuAsBindChannelArgs { channel_fd: fd.raw() as u32 };
            as_fd.call(calls::NVGPU_AS_IOCTL_BIND_CHANNEL, &mut bind)?;
            let mut tbind =
                NvgpuTsgBindChannelExArgs { channel_fd: fd.raw(), subcontext_id: veid, ..Default::default() };
            // SAFETY: `tsg_fd` is the parent TSG object's SysFd, kept open by the
            // state lock the caller holds for this whole call.
            let tsg = unsafe { BorrowedSysFd::new(&*self.sys, tsg_fd) };
            tsg.call(calls::NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut tbind)?;
            // DETERMINISTIC needs the watchdog off.
            let mut wdt = NvgpuChannelWdtArgs { wdt_status: NVGPU_IOCTL_CHANNEL_DISABLE_WDT, timeout_ms: 0 };
            fd.call(calls::NVGPU_IOCTL_CHANNEL_WDT, &mut wdt)?;
            // Small dedicated GPFIFO and USERD buffers (the kernel maps the whole dma-buf).
            let ring_bytes = ga10b::gpfifo_bytes(entries);
            buffers.push(self.allocate(st, &AllocRequest::new(ring_bytes).uncached())?);
            buffers.push(self.allocate(st, &AllocRequest::new(USERD_SIZE).uncached())?);
            let dmabuf = |a: &Allocation<S>| a.dmabuf.as_ref().map(|d| d.raw()).unwrap_or(-1);
            let flags = NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT | NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC;
            let (userd_dmabuf_fd, gpfifo_dmabuf_fd) = (dmabuf(&buffers[2]), dmabuf(&buffers[1]));
            // The same request on both releases, in each one's struct: r35's is 80
            // bytes (no GPU VAs out, which the backend does not ask for anyway).
            let work_submit_token = match self.release {
                Release::R36 => {
                    let mut setup = NvgpuChannelSetupBindArgs {
                        num_gpfifo_entries: entries,
                        flags,
                        userd_dmabuf_fd,
                        gpfifo_dmabuf_fd,
                        ..Default::default()
                    };
                    fd.call(calls::NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut setup)?;
                    setup.work_submit_token
                }
                Release::R35 => {
                    let mut setup = r35::NvgpuChannelSetupBindArgs {
                        num_gpfifo_entries: entries,
                        flags,
                        userd_dmabuf_fd,
                        gpfifo_dmabuf_fd,
                        ..Default::default()
                    };
                    fd.call(r35::calls::NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut setup)?;
                    setup.work_submit_token
                }
            };
            let mut sync = NvgpuGetUserSyncpointArgs::default();
            fd.call(calls::NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut sync)?;
            let size = std::mem::size_of::<NvgpuNotification>() as u64;
            let mut notifier = NvgpuSetErrorNotifier { offset: 0, size, mem: dmabuf(&buffers[0]) as u32, padding: 0 };
            fd.call(calls::NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut notifier)?;
            // The addresses the channel's invariant speaks of: each buffer mapped,
            // and long enough for what the channel reads and writes there.
            let cpu = |a: &Allocation<S>, need: usize, what: &str| match a.cpu.as_ref() {
                Some(m) if m.len() >= need => Ok(m.addr()),
                _ => Err(Error::invalid("rm_alloc(GPFIFO)", format!("the channel's {what} buffer is not CPU-mapped"))),
            };
            Ok(Channel {
                token: work_submit_token,
                entries,
                ring: cpu(&buffers[1], entries as usize * ENTRY_BYTES as usize, "GPFIFO")?,
                userd: cpu(&buffers[2], ga10b::USERD_GP_PUT + 4, "USERD")?,
                notifier: cpu(&buffers[0], memory::PAGE as usize, "error-notifier")?,
                fence_entry: crate::reclaim::write_fence(&buffers[0])?,
                fd,
                buffers: Vec::new(),
                put: Default::default(),
                closed: Default::default(),
            })
        })();
        match result {
            Ok(mut ch) => {
                ch.buffers = buffers;
                Ok(ch)
            }
            Err(e) => {
                for a in buffers.into_iter().rev() {
                    let _ = self.release(st, a);
                }
                Err(e)
            }
        }
    }

    pub(crate) fn channels(&self) -> Vec<Arc<Channel<S>>> {
        lock(&self.state)
            .objects
            .values()
            .filter_map(|n| match &n.object {
                Object::Channel(c) => Some(c.clone()),
                _ => None,
            })
            .collect()
    }
}

/// Cover `[at, at + len)` with fresh anonymous read-write memory: what the
/// area's views reach when neither the overlay nor the area's own memory
/// could be mapped back (issue 22, item 17). The views keep a mapped,
/// private range (writes go nowhere the GPU or another allocation sees);
/// the area's old bytes there are lost, and the overlay call reports its
/// error. False only when even this mapping fails.
fn fill_with_anonymous(at: usize, len: usize) -> bool {
    let prot = libc::PROT_READ | libc::PROT_WRITE;
    let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED;
    // SAFETY: `[at, at + len)` lies inside the area's CPU mapping (the caller checked
    // it), reached only through raw, bounds-checked copies; replacing it with
    // anonymous read-write pages keeps it mapped and writable for those views.
    let r = unsafe { libc::mmap(at as *mut libc::c_void, len, prot, flags, -1, 0) };
    r == at as *mut libc::c_void
}
