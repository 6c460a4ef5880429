//! The hints: asking the CPU to bring the lines the next submissions will
//! write into its cache ahead of them.
//!
//! A hint reads nothing and writes nothing: it is only an address, and a
//! stale one is harmless. A submission that copies its image hints the next
//! chunk whole; a replay that finds its image hints only the lines it
//! writes, [`PREFETCH_AHEAD`] submissions ahead, and the chunk's image tag.

use super::{CommandRing, RING_ALIGN};

/// How many submissions ahead a replay that found its image hints the
/// lines the next ones will write ([`CommandRing::prefetch_next_lines`]).
/// One ahead left a line that comes from memory still on its way when
/// written (a one-shot, two lines a submission: 153-168 ns); three ahead
/// 102-107 ns, six 95-105 ns, twelve no better (BENCHMARKS-HISTORY.md, round 5).
const PREFETCH_AHEAD: u64 = 6;

impl CommandRing {
    /// Ask the CPU to bring the next chunk of `len` bytes (whole granules:
    /// an [`ImageKey`](super::ImageKey)'s length) into its cache while it does other work:
    /// the next submission's copy then hits lines the CPU holds, instead of
    /// waiting for each line at the first locked instruction after it (a
    /// lone replay stalled there for most of its time). For a submission
    /// that copies its image; one that will find its image there needs
    /// only [`prefetch_next_lines`](Self::prefetch_next_lines). A hint: it
    /// reads nothing and writes nothing.
    #[inline]
    pub(crate) fn prefetch_next(&self, len: u64) {
        // Only an address: a hint never reads or writes it, and a stale one
        // (a ring released meanwhile) is harmless.
        let base = self.cpu_base.wrapping_add(self.next_start(len) as usize);
        // Chunks are whole RING_ALIGN granules (4 lines): 4 hints per step.
        let mut at = 0;
        while at < len.min(self.size) as usize {
            for line in [0, 64, 128, 192] {
                crate::prefetch::for_write(std::ptr::without_provenance(base.wrapping_add(at + line)));
            }
            at += RING_ALIGN as usize;
        }
    }

    /// [`prefetch_next`](Self::prefetch_next) for a replay that will find
    /// its image there, [`PREFETCH_AHEAD`] submissions ahead: only the
    /// `lines` (byte offsets) it will write, and the chunk's image tag. In the steady state a replay writes a line or
    /// two of its chunk; hinting the whole chunk fetched twelve lines a
    /// replay and made it slower (56-73 ns against 42-47 ns; BENCHMARKS-HISTORY.md, round 4).
    #[inline(always)]
    pub(crate) fn prefetch_next_lines(&self, len: u64, lines: &crate::patch::HitLines) {
        // The chunk PREFETCH_AHEAD submissions of this length ahead (the
        // nearer ones were hinted by the submissions before this one): a
        // line that comes from memory needs more than one submission's time.
        let skip = (PREFETCH_AHEAD - 1) * len;
        let start = match self.head.checked_add(skip + len) {
            Some(end) if end <= self.size => self.head + skip,
            _ => self.start_ahead(len),
        };
        let base = self.cpu_base.wrapping_add(start as usize);
        let mut near = lines.near;
        while near != 0 {
            let line = 64 * near.trailing_zeros() as usize;
            crate::prefetch::for_write(std::ptr::without_provenance(base.wrapping_add(line)));
            near &= near - 1;
        }
        for &line in &lines.far {
            crate::prefetch::for_write(std::ptr::without_provenance(base.wrapping_add(line)));
        }
        crate::prefetch::for_write(self.images.tag_address(start));
    }

    /// Where the chunk [`PREFETCH_AHEAD`] chunks of `len` bytes ahead
    /// starts, across the ring's end (the step-by-step way; the common case
    /// needs no wrap and one comparison).
    #[cold]
    fn start_ahead(&self, len: u64) -> u64 {
        let mut start = self.head;
        for _ in 1..PREFETCH_AHEAD {
            start = if start + len > self.size { 0 } else { start } + len;
        }
        if start + len > self.size {
            0
        } else {
            start
        }
    }
}
