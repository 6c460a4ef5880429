//! Command memory: one ring buffer, bump-allocated per submission.
//!
//! Every submission gets fresh bytes (pushbuffer, QMDs, kernel arguments), so
//! nothing the GPU may still read is ever rewritten by the CPU. Space is
//! reused only after the timeline value of the submission that last used it
//! has been reached.
//!
//! The ring's code is split by concern, one file each under `ring/`; every
//! one adds to [`CommandRing`], whose state is declared here:
//! - `space`: where the next chunk goes and when its bytes are free: the
//!   head, the free space known from the last wait, the wrap, and the
//!   restart of an idle ring ([`CommandRing::alloc_pruning`],
//!   [`CommandRing::alloc_image`]);
//! - `in_flight`: what the GPU may still be running: the runs of
//!   submissions and what they touch, their commits, the commits taken
//!   back, and the waits for them ([`CommandRing::commit`]);
//! - `chunk`: the piece of the ring one submission writes ([`Chunk`]) and
//!   the checked writer over it ([`Writer`](chunk::Writer));
//! - `images`: which template image each part of the ring still holds, so
//!   that a replay that finds its image only patches it ([`ImageKey`]);
//! - `hints`: the cache hints for the chunks the next submissions will
//!   write ([`CommandRing::prefetch_next`]).
//!
//! They are one type's parts, not layers: the fast paths (a replay's
//! reservation, commit and hint) are `#[inline(always)]` across the files,
//! and splitting them changed no submit's instruction count (BENCHMARKS-HISTORY.md,
//! 2026-11-28).

use std::collections::VecDeque;

use gpuiface_hal::GpuIface;
use gpuiface_hal::{AllocRequest, Buffer};
use gpuiface_hal::{Error, Result};

mod chunk;
mod hints;
mod images;
mod in_flight;
mod space;

pub(crate) use chunk::Chunk;
pub(crate) use images::ImageKey;
use images::ImageTags;
use in_flight::Runs;
pub(crate) use in_flight::{Touches, UNCOMMIT_DEPTH};
#[cfg(test)]
pub(crate) use space::Clock;
pub(crate) use space::EngineClock;

/// Allocation granule inside the ring (QMDs need 256-byte alignment).
pub(crate) const RING_ALIGN: u64 = 256;

/// `len` bytes of the ring in whole granules: at least one (every
/// submission's chunk starts on a granule, as the image tags expect).
#[inline(always)]
fn granules(len: u64) -> u64 {
    len.max(RING_ALIGN).next_multiple_of(RING_ALIGN)
}

pub(crate) struct CommandRing {
    buffer: Option<Buffer>,
    size: u64,
    head: u64,
    /// The submissions the GPU may still be running, oldest first, by runs
    /// (also the list `Runtime::wait_for_buffer` reads).
    runs: Runs,
    /// The longest run, in bytes: a sixteenth of the ring, so a wait for
    /// space waits for at most that much more work than it needs.
    run_span: u64,
    /// Where the free space from the head on ends, as last found: the
    /// start of the oldest run when it lies ahead in this lap, else the
    /// ring's end. It can only be short, never long: runs are added
    /// behind the head and go from the front, so a chunk that begins at
    /// the head and ends by here overlaps no run
    /// ([`reserve`](Self::reserve) looks no further).
    free_until: u64,
    /// Where the last [`UNCOMMIT_DEPTH`] commits began, by timeline value
    /// (modulo the depth): what taking one back restores.
    starts: [u64; UNCOMMIT_DEPTH],
    /// Which template image each granule still holds: a replay whose chunk
    /// already holds its image only patches it.
    images: ImageTags,
    /// The CPU address of the ring's mapping, as a number: only for cache
    /// hints ([`prefetch_next`](Self::prefetch_next)), never read or written through.
    cpu_base: usize,
}

impl CommandRing {
    pub(crate) fn new<I: GpuIface + ?Sized>(iface: &I, size: u64) -> Result<Self> {
        let buffer = iface.alloc(AllocRequest::new(size).host())?;
        if buffer.cpu().is_none() {
            let _ = iface.free(buffer);
            return Err(Error::invalid("CommandRing::new", "command memory needs a CPU mapping"));
        }
        Ok(Self::over(buffer))
    }

    /// A ring over `buffer` (CPU-mapped).
    fn over(buffer: Buffer) -> Self {
        // Room for a channel's worth of runs; the list grows (by doubling,
        // rarely) up to the runs of one lap of the ring, since finished ones
        // are forgotten once per lap.
        let runs = Runs { closed: VecDeque::with_capacity(super::GPFIFO_ENTRIES as usize + 1), open: None };
        let images = ImageTags::new(buffer.size());
        let cpu_base = buffer.cpu().map_or(0, |v| v.as_ptr() as usize);
        let size = buffer.size();
        let run_span = (size / 16).max(RING_ALIGN);
        CommandRing {
            size,
            buffer: Some(buffer),
            head: 0,
            runs,
            run_span,
            free_until: size,
            starts: [0; UNCOMMIT_DEPTH],
            images,
            cpu_base,
        }
    }

    /// Bytes of command memory in the ring.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// Free the ring's memory. The in-flight entries stay: they hold the
    /// clones of the signals their submissions name, which must outlive
    /// the channels (a teardown that gave up on a hung GPU closes its
    /// channels after this); they go when the ring drops.
    pub(crate) fn release<I: GpuIface + ?Sized>(&mut self, iface: &I) {
        if let Some(b) = self.buffer.take() {
            let _ = iface.free(b);
        }
    }
}

#[cfg(test)]
mod tests;
