//! The ring's space: where the next chunk goes, and when its bytes are
//! free to hand out.
//!
//! Chunks are bump-allocated from the head, in whole granules, and wrap to
//! the ring's start when one would cross its end. A chunk that begins at
//! the head and ends within the free space known from the last wait is
//! handed out at once; any other waits first for the runs that hold its
//! bytes (`in_flight`), asking the engine through an [`EngineClock`]. An
//! idle ring starts again from its start. Here too are the two ways in: a
//! plain chunk ([`CommandRing::alloc_pruning`]) and one for a template's
//! image ([`CommandRing::alloc_image`]), which also says whether the chunk
//! still holds that image (`images`).

use gpuiface_hal::{Error, Result};

use super::in_flight::Run;
use super::{granules, Chunk, CommandRing, ImageKey};

#[cold]
#[inline(never)]
fn too_large(len: u64, size: u64) -> Error {
    Error::invalid("Runtime::submit", format!("submission needs {len} bytes of command memory; the ring holds {size}"))
}

/// What a ring asks of its engine when a chunk it hands out is not known
/// to be free: how far the engine's timeline got, and a wait for one of
/// its values. Passed by value (a submit path's is a reference and an
/// index, in two registers), and used only off the fast path.
pub(crate) trait EngineClock {
    /// The engine's timeline value now.
    fn completed(&mut self) -> u64;
    /// Block until the engine's timeline reaches `value`.
    fn wait(&mut self, value: u64) -> Result<()>;
}

/// An [`EngineClock`] of two closures: `completed`, then `wait`.
#[cfg(test)]
pub(crate) struct Clock<C, W>(pub C, pub W);

#[cfg(test)]
impl<C: FnMut() -> u64, W: FnMut(u64) -> Result<()>> EngineClock for Clock<C, W> {
    fn completed(&mut self) -> u64 {
        (self.0)()
    }
    fn wait(&mut self, value: u64) -> Result<()> {
        (self.1)(value)
    }
}

impl CommandRing {
    /// [`prune`](Self::prune), and when nothing is left (the GPU has run
    /// every submission committed here), take the next chunk from the
    /// ring's start again. A runtime that waits for its work between
    /// batches then reuses the same command memory, still in the CPU's
    /// caches, instead of going once around the whole ring: with a 4 MiB
    /// ring the lines a submission writes otherwise come from a lap
    /// earlier, and a launch that writes two lines of its chunk took half
    /// again a replay's time (BENCHMARKS-HISTORY.md, round 11). Called with the
    /// engine's lock held, as every allocation and commit is, so no chunk
    /// is handed out and not yet committed meanwhile.
    pub(crate) fn prune_idle(&mut self, completed: u64) {
        self.prune(completed);
        if self.runs.front().is_none() {
            self.head = 0;
            self.free_until = self.size;
        }
    }

    /// Reserve `len` bytes; `wait(value)` blocks until the engine's
    /// timeline reaches `value`, when older work still occupies the space
    /// (the tests' way in; submits use [`alloc_pruning`](Self::alloc_pruning)).
    #[cfg(test)]
    pub(crate) fn alloc(&mut self, len: u64, wait: impl FnMut(u64) -> Result<()>) -> Result<Chunk<'_>> {
        self.alloc_pruning(len, Clock(|| 0, wait))
    }

    /// Reserve `len` bytes; `clock.wait(value)` blocks until the engine's
    /// timeline reaches `value`, when older work still occupies the space,
    /// and only then is `clock.completed()` (how far the engine's timeline
    /// got) read and the finished submissions forgotten, in one pass. A submit
    /// that finds room reads no GPU-written memory and forgets nothing, so
    /// the bookkeeping of finished work is paid in bulk, once per lap of
    /// the ring (and before a wait on one buffer, and
    /// at `Runtime::synchronize`).
    #[inline]
    pub(crate) fn alloc_pruning(&mut self, len: u64, clock: impl EngineClock) -> Result<Chunk<'_>> {
        let (start, end) = self.reserve(granules(len), clock)?;
        // Whatever the caller writes there is no template's image.
        self.images.forget(start, end);
        self.chunk(start, end)
    }

    /// [`alloc_pruning`](Self::alloc_pruning) for the image `key` names
    /// (a template's): also says whether the chunk already holds that image
    /// (a submission of the same template wrote it there a lap ago, and only
    /// its patches have changed it since), so that the caller writes only
    /// the patches. When it does not, the caller copies the image and then
    /// calls [`holds_image`](Self::holds_image).
    #[inline(always)]
    pub(crate) fn alloc_image(&mut self, key: &ImageKey, clock: impl EngineClock) -> Result<(Chunk<'_>, bool)> {
        let (start, end) = self.reserve(key.len(), clock)?;
        let held = self.images.holds(key, start);
        if !held {
            // Until the copy is made, these granules hold no image.
            self.images.forget(start, end);
        }
        Ok((self.chunk(start, end)?, held))
    }

    /// Note that the chunk at ring offset `offset` (from
    /// [`alloc_image`](Self::alloc_image)) now holds the image `key` names.
    #[inline(always)]
    pub(crate) fn holds_image(&mut self, offset: u64, key: &ImageKey) {
        self.images.hold(key, offset);
    }

    /// The next `len` bytes (a whole number of granules: [`granules`]) of
    /// the ring, once older work no longer uses them: their range.
    #[inline(always)]
    fn reserve(&mut self, len: u64, clock: impl EngineClock) -> Result<(u64, u64)> {
        if len > self.size {
            return Err(too_large(len, self.size));
        }
        let start = self.next_start(len);
        let end = start + len;
        if start != self.head || end > self.free_until {
            return self.reserve_further(start, end, clock);
        }
        Ok((start, end))
    }

    /// [`reserve`](Self::reserve) of `[start, end)` past what was known
    /// free (the ring wrapped, or the oldest run lies ahead): wait for the
    /// runs that hold it, then find how far the free space now reaches.
    /// Once a lap, and whenever the GPU is a lap behind.
    #[cold]
    #[inline(never)]
    fn reserve_further(&mut self, start: u64, end: u64, mut clock: impl EngineClock) -> Result<(u64, u64)> {
        // A wrap (the chunk starts at 0, not at the head) skips the tail
        // `[head, size)`. The runs still there are older than every run
        // since the last wrap, and lie first in the list: they go with the
        // ones the chunk overlaps, else the front of the list would hide
        // those behind it (a wrap once checked only the front, and handed
        // out bytes of a submission the GPU had not run yet when an older
        // run sat in the skipped tail).
        let tail = if start == self.head { self.size } else { self.head };
        let holds = |r: &Run| (r.start < end && start < r.end) || r.end > tail;
        self.head = start;
        // Nothing is known free until the waits are done (one may fail).
        self.free_until = start;
        if self.runs.front().is_some_and(holds) {
            self.prune(clock.completed());
            self.wait_for(holds, clock)?;
        }
        // The oldest run left lies past the chunk (the ones it overlapped
        // are gone), ahead in this lap; or behind the head, and nothing does.
        self.free_until = match self.runs.front() {
            Some(r) if r.start >= end => r.start,
            _ => self.size,
        };
        Ok((start, end))
    }

    /// Where the next chunk of `len` bytes (whole granules) will start, if
    /// older work does not hold it: at the head, or at 0 after a wrap.
    #[inline(always)]
    pub(super) fn next_start(&self, len: u64) -> u64 {
        if self.head + len > self.size {
            0
        } else {
            self.head
        }
    }
}
