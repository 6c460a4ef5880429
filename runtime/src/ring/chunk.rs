//! The chunk writer: the piece of the ring one submission writes, and the
//! checked stores into it.
//!
//! A [`Chunk`] is what the ring's space hands out; every write into it is
//! checked against its length. A [`Writer`] is a chunk's first bytes
//! checked once, for a replay's copy of its template's image and its patch
//! stores (which template images a chunk still holds is `images`' part).

use gpuiface_hal::CpuView;
use gpuiface_hal::{Error, Result};

use super::CommandRing;

/// A piece of the ring handed to one submission: every write into it is
/// checked against `len` (and, underneath, against the ring's mapping).
///
/// Its bytes are this submission's alone while it is encoded: the ring
/// hands a range out only after the GPU finished the submissions that used
/// it before ([`CommandRing::alloc_pruning`] waits for them), under the engine's
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
    /// The first `len` bytes of the chunk as one range checked once, for a
    /// replay's copy of its image and its handful of patch stores (each
    /// store then costs one comparison, not two range checks).
    #[inline(always)]
    pub(crate) fn writer(&self, len: u64) -> Result<Writer<'a>> {
        let in_view = self.offset.checked_add(len).is_some_and(|end| end <= self.view.len() as u64);
        if len > self.len || !in_view {
            return Err(Error::invalid("Runtime::submit", "command memory bound exceeded (encoder bug)"));
        }
        // SAFETY: `offset + len <= view.len()` (checked): the pointer stays inside
        // the view's mapping, which the borrowed view keeps alive for 'a.
        let ptr = unsafe { self.view.as_ptr().add(self.offset as usize) };
        Ok(Writer { ptr, len: len as usize, _view: std::marker::PhantomData })
    }
    /// The first `len` bytes of the chunk.
    pub(crate) fn to_vec(self, len: u64) -> Result<Vec<u8>> {
        let mut out = vec![0; len as usize];
        self.view.read(self.check(0, len)?, &mut out)?;
        Ok(out)
    }
}

/// The first bytes of a [`Chunk`] (from [`Chunk::writer`]): `len` bytes at
/// `ptr`, inside the ring's mapping and inside the chunk, which nothing else
/// reads or writes while it is encoded (the chunk's invariant). Every store
/// is checked against `len`. Not `Send`: it lives in the encoding thread.
pub(crate) struct Writer<'a> {
    ptr: *mut u8,
    len: usize,
    _view: std::marker::PhantomData<&'a CpuView>,
}

impl Writer<'_> {
    /// Copy `bytes` to the start.
    #[inline]
    pub(crate) fn copy_from(&self, bytes: &[u8]) -> Result<()> {
        if bytes.len() > self.len {
            return Err(writer_bound());
        }
        // SAFETY: `bytes.len() <= len` (checked): inside the chunk's range, which only
        // this submission touches now; `bytes` is host memory, not the mapping.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr, bytes.len()) };
        Ok(())
    }

    /// Store `bytes` at `at`.
    #[inline]
    pub(crate) fn put<const N: usize>(&self, at: usize, bytes: [u8; N]) -> Result<()> {
        match at.checked_add(N) {
            Some(end) if end <= self.len => {
                // SAFETY: `at + N <= len` (checked): inside the chunk's range, which
                // only this submission touches now.
                unsafe { self.ptr.add(at).cast::<[u8; N]>().write_unaligned(bytes) };
                Ok(())
            }
            _ => Err(writer_bound()),
        }
    }

    /// Store `bytes` at `at`, unchecked.
    ///
    /// # Safety
    /// `at + N <= len` (the writer's length).
    #[inline(always)]
    pub(crate) unsafe fn put_unchecked<const N: usize>(&self, at: usize, bytes: [u8; N]) {
        // SAFETY: inside the chunk's range (the caller's contract), which only this
        // submission touches now.
        unsafe { self.ptr.add(at).cast::<[u8; N]>().write_unaligned(bytes) }
    }

    /// The little-endian word at `at`, unchecked.
    ///
    /// # Safety
    /// `at + 4 <= len` (the writer's length).
    #[inline(always)]
    pub(crate) unsafe fn get_u32_unchecked(&self, at: usize) -> u32 {
        // SAFETY: inside the chunk's range (the caller's contract), which only this
        // submission touches now.
        u32::from_le_bytes(unsafe { self.ptr.add(at).cast::<[u8; 4]>().read_unaligned() })
    }

    /// The little-endian word at `at` (written earlier by this submission).
    #[cfg(test)]
    pub(crate) fn get_u32(&self, at: usize) -> Result<u32> {
        match at.checked_add(4) {
            Some(end) if end <= self.len => {
                // SAFETY: `at + 4 <= len` (checked): inside the chunk's range, which
                // only this submission touches now.
                Ok(u32::from_le_bytes(unsafe { self.ptr.add(at).cast::<[u8; 4]>().read_unaligned() }))
            }
            _ => Err(writer_bound()),
        }
    }
}

#[cold]
#[inline(never)]
fn released() -> Error {
    Error::device_lost("command ring released")
}

#[cold]
#[inline(never)]
fn writer_bound() -> Error {
    Error::invalid("Runtime::submit", "command memory bound exceeded (encoder bug)")
}

impl CommandRing {
    #[inline(always)]
    pub(super) fn chunk(&self, start: u64, end: u64) -> Result<Chunk<'_>> {
        let Some((buffer, view)) = self.buffer.as_ref().and_then(|b| Some((b, b.cpu()?))) else {
            return Err(released());
        };
        Ok(Chunk { gpu_va: buffer.gpu_va() + start, offset: start, len: end - start, view })
    }
}
