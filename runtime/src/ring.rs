//! Command memory: one ring buffer, bump-allocated per submission.
//!
//! Every submission gets fresh bytes (pushbuffer, QMDs, kernel arguments), so
//! nothing the GPU may still read is ever rewritten by the CPU. Space is
//! reused only after the timeline value of the submission that last used it
//! has been reached.

use std::collections::VecDeque;

use gpuiface_hal::GpuIface;
use gpuiface_hal::{AllocRequest, Buffer, CpuView};
use gpuiface_hal::{Error, Result};

/// Allocation granule inside the ring (QMDs need 256-byte alignment).
pub(crate) const RING_ALIGN: u64 = 256;

/// A piece of the ring handed to one submission: every write into it is
/// checked against `len` (and, underneath, against the ring's mapping).
///
/// Its bytes are this submission's alone while it is encoded: the ring
/// hands a range out only after the GPU finished the submissions that used
/// it before ([`CommandRing::alloc`] waits for them), under the engine's
/// lock, and the ring's mapping is never shown outside the ring (a
/// template's host image is a fresh view of its own). So writes into it are
/// plain copies at memcpy speed (`CpuView::write_unshared`), not the
/// atomic copies shared memory needs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chunk<'a> {
    /// GPU VA of the first byte.
    pub gpu_va: u64,
    /// Offset in the ring (and in `view`).
    pub offset: u64,
    /// Bytes available.
    pub len: u64,
    /// The ring's CPU mapping (borrowed: no reference count per submit).
    view: &'a CpuView,
}

impl<'a> Chunk<'a> {
    /// All of `view`, at GPU address 0 (a template's image in host memory).
    pub(crate) fn host(view: &'a CpuView) -> Chunk<'a> {
        Chunk { gpu_va: 0, offset: 0, len: view.len() as u64, view }
    }

    #[inline]
    fn check(&self, offset: u64, len: u64) -> Result<u64> {
        match offset.checked_add(len) {
            Some(end) if end <= self.len => Ok(self.offset + offset),
            _ => Err(Error::invalid("Runtime::submit", "command memory bound exceeded (encoder bug)")),
        }
    }
    /// Copy `bytes` to `offset` in the chunk.
    #[inline]
    pub(crate) fn write(&self, offset: u64, bytes: &[u8]) -> Result<()> {
        let at = self.check(offset, bytes.len() as u64)?;
        // SAFETY: `[at, at + len)` lies in this chunk (checked), which nothing else
        // reads or writes while it is encoded (the type's invariant).
        unsafe { self.view.write_unshared(at, bytes) }
    }
    /// Write little-endian words to `offset` in the chunk.
    #[inline]
    pub(crate) fn write_u32s(&self, offset: u64, words: &[u32]) -> Result<()> {
        let at = self.check(offset, 4 * words.len() as u64)?;
        // SAFETY: as in `write`.
        unsafe { self.view.write_u32s_unshared(at, words) }
    }
    /// The word at `offset` in the chunk.
    #[inline]
    pub(crate) fn read_u32(&self, offset: u64) -> Result<u32> {
        self.view.read_u32(self.check(offset, 4)?)
    }
    /// The first `len` bytes of the chunk.
    pub(crate) fn to_vec(self, len: u64) -> Result<Vec<u8>> {
        let mut out = vec![0; len as usize];
        self.view.read(self.check(0, len)?, &mut out)?;
        Ok(out)
    }
}

/// When a piece of the ring is free again: an engine's timeline reaching a value.
pub(crate) type Mark = (usize, u64);

pub(crate) struct CommandRing {
    buffer: Option<Buffer>,
    size: u64,
    head: u64,
    /// (start, end, (engine, timeline value)) of submissions the GPU may
    /// still read, oldest first.
    pending: VecDeque<(u64, u64, Mark)>,
}

impl CommandRing {
    pub(crate) fn new<I: GpuIface + ?Sized>(iface: &I, size: u64) -> Result<Self> {
        let buffer = iface.alloc(AllocRequest::new(size).host())?;
        if buffer.cpu().is_none() {
            let _ = iface.free(buffer);
            return Err(Error::invalid("CommandRing::new", "command memory needs a CPU mapping"));
        }
        // A channel holds at most GPFIFO_ENTRIES submissions in flight, so
        // the bookkeeping never grows past this once completed entries are
        // pruned: no allocation on the submit path.
        let pending = VecDeque::with_capacity(super::GPFIFO_ENTRIES as usize + 1);
        Ok(CommandRing { size: buffer.size(), buffer: Some(buffer), head: 0, pending })
    }

    /// Bytes of command memory in the ring.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// Reserve `len` bytes; `wait(mark)` blocks until an engine's timeline
    /// reaches a value, when older work still occupies the space.
    /// Forget submissions the GPU has finished (`completed`: the engine's
    /// timeline value now).
    pub(crate) fn prune(&mut self, completed: u64) {
        while self.pending.front().is_some_and(|&(_, _, (_, v))| v <= completed) {
            self.pending.pop_front();
        }
    }

    pub(crate) fn alloc(&mut self, len: u64, mut wait: impl FnMut(Mark) -> Result<()>) -> Result<Chunk<'_>> {
        let buffer = self.buffer.as_ref().ok_or_else(|| Error::device_lost("command ring released"))?;
        let len = len.max(RING_ALIGN).next_multiple_of(RING_ALIGN);
        if len > self.size {
            return Err(Error::invalid(
                "Runtime::submit",
                format!("submission needs {len} bytes of command memory; the ring holds {}", self.size),
            ));
        }
        if self.head + len > self.size {
            self.head = 0;
        }
        let (start, end) = (self.head, self.head + len);
        while let Some(&(s, e, value)) = self.pending.front() {
            if s < end && start < e {
                wait(value)?;
                self.pending.pop_front();
            } else {
                break;
            }
        }
        let view = buffer.cpu().ok_or_else(|| Error::invalid("Runtime::submit", "command memory unmapped"))?;
        Ok(Chunk { gpu_va: buffer.gpu_va() + start, offset: start, len, view })
    }

    /// Keep the first `used` bytes of the chunk at ring offset `offset`
    /// (from [`alloc`](Self::alloc)) until `value` (an engine's timeline
    /// value) is reached.
    pub(crate) fn commit(&mut self, offset: u64, used: u64, value: Mark) {
        let end = offset + used.max(1).next_multiple_of(RING_ALIGN);
        self.pending.push_back((offset, end, value));
        self.head = end;
    }

    /// Forget the last commit (its submission never reached the GPU).
    pub(crate) fn uncommit_last(&mut self) {
        if let Some((start, _, _)) = self.pending.pop_back() {
            self.head = start;
        }
    }

    pub(crate) fn release<I: GpuIface + ?Sized>(&mut self, iface: &I) {
        if let Some(b) = self.buffer.take() {
            let _ = iface.free(b);
        }
        self.pending.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(size: u64) -> CommandRing {
        let view = CpuView::zeroed(size as usize).unwrap();
        let device = gpuiface_hal::DeviceId::unique();
        // SAFETY: a made-up allocation of a made-up device, the only handle to it,
        // backed by `size` bytes of host memory.
        let buffer = unsafe { Buffer::from_raw_parts(device, gpuiface_hal::BufferId(1), 0x10000, size, Some(view)) };
        CommandRing { buffer: Some(buffer), size, head: 0, pending: VecDeque::new() }
    }

    #[test]
    fn waits_only_for_overlapping_older_work() {
        let mut r = ring(4096);
        let mut waited = Vec::new();
        for value in 1..=4u64 {
            let c = r
                .alloc(1024, |v| {
                    waited.push(v);
                    Ok(())
                })
                .unwrap();
            let off = c.offset;
            r.commit(off, 1000, (0, value));
        }
        assert!(waited.is_empty(), "first lap needs no waits: {waited:?}");
        // Wraps to 0: must wait for submission 1 (which used [0, 1024)) only.
        let c = r
            .alloc(1024, |v| {
                waited.push(v);
                Ok(())
            })
            .unwrap();
        assert_eq!((c.offset, c.gpu_va), (0, 0x10000));
        assert_eq!(waited, vec![(0, 1)]);
    }

    #[test]
    fn chunk_writes_are_bounds_checked() {
        let mut r = ring(4096);
        let c = r.alloc(256, |_| Ok(())).unwrap();
        assert!(c.write(250, &[0; 6]).is_ok());
        assert!(c.write(251, &[0; 6]).is_err(), "one byte past the chunk");
        assert!(c.write(u64::MAX, &[0; 1]).is_err(), "overflowing offset");
        assert!(c.write_u32s(256 - 4, &[1, 2]).is_err());
        c.write_u32s(8, &[0xdead_beef]).unwrap();
        assert_eq!(c.read_u32(8).unwrap(), 0xdead_beef);
    }

    #[test]
    fn too_large_is_an_error_and_wait_errors_propagate() {
        let mut r = ring(4096);
        assert!(r.alloc(8192, |_| Ok(())).is_err());
        let c = r.alloc(4096, |_| Ok(())).unwrap();
        let off = c.offset;
        r.commit(off, 4096, (1, 7));
        let e = r.alloc(256, |_| Err(Error::device_lost("x"))).unwrap_err();
        assert_eq!(e.kind(), gpuiface_hal::ErrorKind::DeviceLost);
    }
}
