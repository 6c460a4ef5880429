//! Asynchronous host copies: bytes staged in command memory and moved by
//! the copy engine, ordered only after the work that touches the
//! destination, returning the copy timeline value that marks completion.

use std::time::Duration;

use crate::encode::Pb;
use gpuiface_hal::{Buffer, GpFifoEntry, GpuIface, Result};

use super::Runtime;
use crate::encode;
use crate::queue::{Footprint, QueueKind};
use crate::ring::{Touches, RING_ALIGN};

/// Pushbuffer dwords of one piece: an acquire (6), the copy (12), the
/// timeline release (6).
const PIECE_PB_BYTES: u64 = 4 * (6 + 12 + 6);

impl<I: GpuIface> Runtime<I> {
    /// Copy host bytes into `dst` at `offset` without waiting: the bytes
    /// are staged in the copy engine's command memory at once (`src` may be
    /// reused when this returns) and the copy engine moves them. Returns
    /// the value of the copy engine's [`timeline`](Self::timeline) that
    /// marks the copy's completion; wait for it with
    /// [`wait_timeline`](Self::wait_timeline), or order a queue after it
    /// with [`Queue::wait`](crate::Queue::wait) on that timeline.
    ///
    /// The copy is ordered after the compute work that may touch `dst`
    /// (launches that declared it, named it through a buffer variable, or
    /// declared nothing), and after earlier copy-engine work (its channel
    /// runs in order); unlike [`copyin_staged`](Self::copyin_staged) it waits
    /// for no unrelated compute work, and the CPU waits for nothing unless
    /// command memory is full. [`Runtime::free`], [`Runtime::copyin`] and
    /// [`Runtime::copyout`] of `dst` wait for it.
    ///
    /// Large copies are split into pieces of a quarter of the command ring;
    /// the value returned is the last piece's.
    ///
    /// ```
    /// # use gpuiface_runtime::{QueueKind, Runtime};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, buf: &gpuiface_hal::Buffer) -> gpuiface_hal::Result<()> {
    /// let done = rt.copyin_async(buf, 0, &[1, 2, 3, 4])?;
    /// // ... other work runs meanwhile ...
    /// rt.wait_timeline(QueueKind::Copy, done)?;
    /// # Ok(()) }
    /// ```
    pub fn copyin_async(&self, dst: &Buffer, offset: u64, src: &[u8]) -> Result<u64> {
        const OP: &str = "Runtime::copyin_async";
        self.check_owned(OP, dst)?;
        dst.check_range(OP, offset, src.len() as u64)?;
        let copy = QueueKind::Copy.index();
        if src.is_empty() {
            return Ok(self.engine(copy).timeline_value);
        }
        let dst_va = dst.gpu_va() + offset;
        // The last compute submission that may touch the destination.
        let compute = QueueKind::Compute.index();
        let after = {
            let (start, end) = (dst_va, dst_va + src.len() as u64);
            let st = self.engine(compute);
            st.ring.last_touching(start, end)
        }
        .filter(|v| *v > self.timelines[compute].value());

        let (channel, subchannel) = self.channel_of(QueueKind::Copy);
        let timeline = &self.timelines[copy];
        let mut state = self.engine(copy);
        let piece_max = (state.ring.size() / 4).saturating_sub(RING_ALIGN).clamp(RING_ALIGN, crate::MAX_COPY_CHUNK);
        let mut last = state.timeline_value;
        for (i, piece) in src.chunks(piece_max as usize).enumerate() {
            let at = dst_va + (i as u64) * piece_max;
            let value = state.timeline_value + 1;
            let data_len = (piece.len() as u64).next_multiple_of(RING_ALIGN);
            // Finished work is forgotten lazily, as on every other submit path.
            let chunk = state.ring.alloc_pruning(data_len + PIECE_PB_BYTES, self.clock(copy))?;
            chunk.write(0, piece)?;
            let mut pb = Pb::new();
            if let Some(v) = after {
                let c = &self.timelines[compute];
                encode::semaphore(&mut pb, subchannel, c.gpu_va(), v, encode::acquire_execute());
            }
            encode::copy_methods(&mut pb, subchannel, at, chunk.gpu_va, piece.len() as u32);
            encode::semaphore(&mut pb, subchannel, timeline.gpu_va(), value, encode::release_execute());
            chunk.write_u32s(data_len, pb.words())?;
            let (ring_offset, gpu_va) = (chunk.offset, chunk.gpu_va);
            let used = data_len + 4 * pb.len_dwords() as u64;
            state.timeline_value = value;
            let touched = Footprint {
                everything: false,
                ranges: vec![(at, at + piece.len() as u64)],
                signals: Default::default(),
                shape: 0,
            };
            state.ring.commit(ring_offset, used, value, Touches::Own(touched));
            let entry = [GpFifoEntry::new(gpu_va + data_len, pb.len_dwords() as u32)];
            if let Err(e) = channel.submit(&self.iface, &entry) {
                state.unsubmit(1);
                return Err(e);
            }
            last = value;
        }
        Ok(last)
    }

    /// Wait until `kind`'s timeline reaches `value` (a value
    /// [`submit`](Self::submit) or [`copyin_async`](Self::copyin_async)
    /// returned), within the runtime's [`wait_timeout`](Self::wait_timeout).
    pub fn wait_timeline(&self, kind: QueueKind, value: u64) -> Result<()> {
        self.iface.signal_wait(&self.timelines[kind.index()], value, self.wait_timeout())
    }

    /// [`wait_timeline`](Self::wait_timeline) with an explicit deadline.
    pub fn wait_timeline_for(&self, kind: QueueKind, value: u64, timeout: Duration) -> Result<()> {
        self.iface.signal_wait(&self.timelines[kind.index()], value, timeout)
    }
}

/// A copy out of GPU memory in flight ([`Runtime::copyout_async`]): the
/// copy engine moves the bytes into a host staging buffer, and
/// [`wait`](Self::wait) hands them over. Dropped unwaited, its staging
/// buffer is freed (the device keeps it until the copy is done).
#[must_use = "the bytes arrive only through `wait`"]
pub struct PendingCopyout<'a, I: GpuIface> {
    rt: &'a Runtime<I>,
    staging: Option<Buffer>,
    value: u64,
}

impl<I: GpuIface> std::fmt::Debug for PendingCopyout<'_, I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingCopyout").field("len", &self.len()).field("value", &self.value).finish()
    }
}

impl<I: GpuIface> PendingCopyout<'_, I> {
    /// The value of the copy engine's timeline that marks the copy's
    /// completion (order a queue after it with [`Queue::wait_timeline`](crate::Queue::wait_timeline)).
    pub fn value(&self) -> u64 {
        self.value
    }

    /// Bytes being copied.
    pub fn len(&self) -> usize {
        self.staging.as_ref().map_or(0, |b| b.size() as usize)
    }

    /// True when nothing is copied (a copy of no bytes).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True once the copy has completed (the CPU does not wait).
    pub fn is_done(&self) -> bool {
        self.rt.timelines[QueueKind::Copy.index()].value() >= self.value
    }

    /// Wait for the copy (within the runtime's wait timeout) and put the
    /// bytes into `dst`, which must be exactly [`len`](Self::len) bytes.
    pub fn wait(mut self, dst: &mut [u8]) -> Result<()> {
        if dst.len() != self.len() {
            return Err(gpuiface_hal::Error::invalid(
                "PendingCopyout::wait",
                format!("{} bytes are copied, the destination holds {}", self.len(), dst.len()),
            ));
        }
        self.rt.wait_timeline(QueueKind::Copy, self.value)?;
        match self.staging.take() {
            Some(staging) => {
                let read = staging.read(0, dst);
                let freed = self.rt.iface.free(staging);
                read.and(freed)
            }
            None => Ok(()),
        }
    }
}

impl<I: GpuIface> Drop for PendingCopyout<'_, I> {
    fn drop(&mut self) {
        if let Some(staging) = self.staging.take() {
            // The device keeps the memory until the copy that writes it is done.
            if let Err(e) = self.rt.iface.free(staging) {
                log::warn!("PendingCopyout dropped: freeing its staging buffer failed: {e}");
            }
        }
    }
}

impl<I: GpuIface> Runtime<I> {
    /// Copy `len` bytes of `src` at `offset` out to the host without
    /// waiting: the copy engine moves them into a host staging buffer,
    /// ordered after the compute work that may write `src` (as
    /// [`copyin_async`](Self::copyin_async) orders its copies) and after
    /// earlier copy-engine work. [`PendingCopyout::wait`] hands the bytes
    /// over.
    ///
    /// ```
    /// # use gpuiface_runtime::Runtime;
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, buf: &gpuiface_hal::Buffer) -> gpuiface_hal::Result<()> {
    /// let pending = rt.copyout_async(buf, 0, 16)?;
    /// // ... other work runs meanwhile ...
    /// let mut bytes = [0u8; 16];
    /// pending.wait(&mut bytes)?;
    /// # Ok(()) }
    /// ```
    pub fn copyout_async(&self, src: &Buffer, offset: u64, len: u64) -> Result<PendingCopyout<'_, I>> {
        const OP: &str = "Runtime::copyout_async";
        self.check_owned(OP, src)?;
        src.check_range(OP, offset, len)?;
        if len == 0 {
            let value = self.engine(QueueKind::Copy.index()).timeline_value;
            return Ok(PendingCopyout { rt: self, staging: None, value });
        }
        let src_va = src.gpu_va() + offset;
        let compute = QueueKind::Compute.index();
        let after = {
            let mut st = self.engine(compute);
            st.ring.prune_idle(self.timelines[compute].value());
            st.ring.last_touching(src_va, src_va + len)
        }
        .filter(|v| *v > self.timelines[compute].value());
        let staging = self.iface.alloc(gpuiface_hal::AllocRequest::new(len).host())?;
        let mut pending = PendingCopyout { rt: self, staging: None, value: 0 };
        let mut q = crate::Queue::copy_queue();
        if let Some(v) = after {
            q.wait_timeline(self.timeline(QueueKind::Compute), v);
        }
        q.copy(staging.gpu_va(), src_va, len);
        let submitted = self.submit(&q, &[]);
        // Kept by the pending copy from here: an error below still frees it.
        pending.staging = Some(staging);
        pending.value = submitted?;
        Ok(pending)
    }
}
