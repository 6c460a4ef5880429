//! Channel setup: OPEN_CHANNEL → AS BIND_CHANNEL → TSG BIND_CHANNEL_EX →
//! WDT off → SETUP_BIND (usermode, deterministic) → GET_USER_SYNCPOINT →
//! SET_ERROR_NOTIFIER, each channel with small GPFIFO, USERD and notifier
//! buffers of its own; and the overlays that put those buffers inside a
//! caller's GPFIFO area.

use std::sync::{Arc, Mutex};

use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{AllocRequest, Buffer, Error, Result, RmHandle};

use crate::abi::*;
use crate::device::{lock, NvgpuDevice, State, USERD_SIZE};
use crate::fd::{BorrowedSysFd, SysFd};
use crate::memory::{self, Allocation};
use crate::rm::{Node, Object};
use crate::sys::Syscalls;

/// A set-up channel and the buffers it owns.
pub(crate) struct Channel<S: Syscalls> {
    pub(crate) fd: SysFd<S>,
    pub(crate) token: u32,
    pub(crate) entries: u32,
    pub(crate) ring: usize,
    pub(crate) userd: usize,
    pub(crate) notifier: usize,
    /// GPFIFO, USERD and error-notifier buffers.
    pub(crate) buffers: Vec<Allocation<S>>,
    pub(crate) put: Mutex<u32>,
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
    /// `area` must be a CPU-mapped buffer from this device's [`GpuIface::alloc`](gpuiface_hal::GpuIface::alloc);
    /// the offsets must be page-aligned and the ring and the USERD page must
    /// fit in it without overlapping. Freeing `area` later removes the overlays.
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
        let base = match st.buffers.get(&area.id().0) {
            Some(a) if area.device() == self.info.device && a.gpu_va == area.gpu_va() => {
                a.cpu.as_ref().map(|m| m.addr())
            }
            _ => None,
        }
        .ok_or_else(|| Error::invalid(op, "the area is not a CPU-mapped buffer of this device"))?;
        // buffers[1] is the GPFIFO ring, buffers[2] the USERD page (see `setup_channel`).
        let pieces = [(ring_offset, &ch.buffers[1]), (userd_offset, &ch.buffers[2])];
        let page = memory::PAGE;
        let len = |a: &Allocation<S>| a.size.next_multiple_of(page);
        for (off, a) in pieces {
            if off % page != 0 || off.checked_add(len(a)).is_none_or(|end| end > area.size().next_multiple_of(page)) {
                return Err(Error::invalid(op, format!("offset {off:#x} is unaligned or runs past the area")));
            }
        }
        if ring_offset < userd_offset + len(&ch.buffers[2]) && userd_offset < ring_offset + len(&ch.buffers[1]) {
            return Err(Error::invalid(op, "the ring and USERD overlays overlap"));
        }
        for (off, a) in pieces {
            let fd = a.dmabuf.as_ref().map(|d| d.raw()).ok_or_else(|| Error::invalid(op, "no dma-buf"))?;
            let at = base + off as usize;
            // SAFETY: `[at, at + len)` lies inside the area's mapping, which this device
            // owns (checked above); MAP_FIXED replaces those pages with the channel's
            // buffer, which is the point; the area's munmap at free removes them again.
            unsafe {
                self.sys.mmap(
                    at,
                    len(a) as usize,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED | libc::MAP_FIXED,
                    fd,
                    0,
                )
            }
            .map_err(|e| Error::sys("mmap", e))?;
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
            let mut setup = NvgpuChannelSetupBindArgs {
                num_gpfifo_entries: entries,
                flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT | NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
                userd_dmabuf_fd: dmabuf(&buffers[2]),
                gpfifo_dmabuf_fd: dmabuf(&buffers[1]),
                userd_dmabuf_offset: 0,
                gpfifo_dmabuf_offset: 0,
                ..Default::default()
            };
            fd.call(calls::NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut setup)?;
            let mut sync = NvgpuGetUserSyncpointArgs::default();
            fd.call(calls::NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut sync)?;
            let size = std::mem::size_of::<NvgpuNotification>() as u64;
            let mut notifier = NvgpuSetErrorNotifier { offset: 0, size, mem: dmabuf(&buffers[0]) as u32, padding: 0 };
            fd.call(calls::NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut notifier)?;
            let cpu = |a: &Allocation<S>| a.cpu.as_ref().map(|m| m.addr()).unwrap_or(0);
            Ok(Channel {
                token: setup.work_submit_token,
                entries,
                ring: cpu(&buffers[1]),
                userd: cpu(&buffers[2]),
                notifier: cpu(&buffers[0]),
                fd,
                buffers: Vec::new(),
                put: Mutex::new(0),
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
