//! What is in flight: the submissions the GPU may still be running, and
//! what each touches.
//!
//! They are kept by runs ([`Run`]): consecutive submissions that touch the
//! same things and lie end to end in the ring share one entry, so a replay
//! of the queue submitted last only moves its run's end. A commit records a
//! submission here; the ring's space (`space`) waits for the runs that hold
//! bytes it needs, prunes the finished ones, and `Runtime::wait_for_buffer`
//! asks for the newest one that touches a range. The last commits can be
//! taken back (a batch whose entries never reached the GPU).

use std::collections::VecDeque;
use std::sync::Arc;

use gpuiface_hal::Result;

use super::{granules, CommandRing, EngineClock, ImageKey};
use crate::footprint::Borrowed;
use crate::queue::Footprint;

/// What a submission touches, as [`CommandRing::commit`] takes it: a
/// queue's own footprint, shared by its replays, or one made for this
/// submission alone.
pub(crate) enum Touches<'a> {
    /// A queue's footprint: consecutive submissions of the same queue share
    /// one entry of the list (no reference count per replay).
    Shared(&'a Arc<Footprint>),
    /// This submission's alone (a fresh queue, bound copy ranges).
    Own(Footprint),
}

/// A run of consecutive submissions the GPU may still be running, that
/// touch the same things and lie next to each other in the ring: the
/// ring bytes they use, and what they touch, held until the last of them
/// completes: the ranges they may read or write (waits on one buffer), and
/// the clones of the signals they name (a signal dropped meanwhile keeps
/// its slot: issue 22, hole 2).
///
/// One entry per run, not per submission: a replay of the queue submitted
/// last only moves its run's end. The price is that space is given back a
/// run at a time: a submission that needs bytes of a run waits for the
/// run's last submission, which is at most [`CommandRing::run_span`] bytes
/// further on (runs never cross the ring's end).
pub(super) struct Run {
    /// The ring bytes `[start, end)` its submissions use.
    pub(super) start: u64,
    pub(super) end: u64,
    /// Timeline values of the run's first and last submissions.
    pub(super) first: u64,
    pub(super) last: u64,
    footprint: HeldFootprint,
}

/// The runs, oldest first: the `closed` ones, then the `open` one, the
/// newest, which the next submission of its queue extends. It is kept
/// out of the list so that extending it, a replay's commit, is a few
/// stores to known places (a list's back is found by index arithmetic).
/// `open` is `None` only when there is no run at all.
pub(super) struct Runs {
    pub(super) closed: VecDeque<Run>,
    pub(super) open: Option<Run>,
}

impl Runs {
    #[inline(always)]
    pub(super) fn front(&self) -> Option<&Run> {
        self.closed.front().or(self.open.as_ref())
    }

    pub(super) fn pop_front(&mut self) {
        if self.closed.pop_front().is_none() {
            self.open = None;
        }
    }

    /// The newest run.
    #[inline(always)]
    fn back_mut(&mut self) -> Option<&mut Run> {
        self.open.as_mut()
    }

    fn push_back(&mut self, run: Run) {
        if let Some(newest) = self.open.replace(run) {
            self.closed.push_back(newest);
        }
    }

    fn pop_back(&mut self) {
        self.open = self.closed.pop_back();
    }

    pub(super) fn iter(&self) -> impl DoubleEndedIterator<Item = &Run> {
        self.closed.iter().chain(self.open.as_ref())
    }

    #[cfg(test)]
    pub(super) fn back(&self) -> Option<&Run> {
        self.open.as_ref()
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.closed.len() + usize::from(self.open.is_some())
    }
}

/// How many of the last commits [`CommandRing::uncommit_last`] can take
/// back, one after the other (a batch's group of entries at most).
pub(crate) const UNCOMMIT_DEPTH: usize = 64;

enum HeldFootprint {
    Shared(Arc<Footprint>),
    Own(Footprint),
}

impl HeldFootprint {
    fn get(&self) -> &Footprint {
        match self {
            HeldFootprint::Shared(f) => f,
            HeldFootprint::Own(f) => f,
        }
    }
}

impl CommandRing {
    /// Forget submissions the GPU has finished (`completed`: the engine's
    /// timeline value now).
    #[cold]
    pub(crate) fn prune(&mut self, completed: u64) {
        while self.runs.front().is_some_and(|r| r.last <= completed) {
            self.runs.pop_front();
        }
    }

    /// Wait for the older submissions whose runs ([`Run`]) `holds` says
    /// hold bytes a chunk needs: the first runs of the list.
    #[cold]
    pub(super) fn wait_for(&mut self, holds: impl Fn(&Run) -> bool, mut clock: impl EngineClock) -> Result<()> {
        while let Some(r) = self.runs.front() {
            if holds(r) {
                clock.wait(r.last)?;
                self.runs.pop_front();
            } else {
                break;
            }
        }
        Ok(())
    }

    /// [`commit`](Self::commit) of a submission of a queue whose
    /// footprint is `footprint`: the replay path's, inlined (a replay of
    /// the queue submitted last only moves its run's end).
    #[inline(always)]
    pub(crate) fn commit_shared(&mut self, offset: u64, used: u64, value: u64, footprint: &Arc<Footprint>) {
        self.extend_run(offset, granules(used), value, footprint);
    }

    /// [`commit_shared`](Self::commit_shared) of a chunk that holds the
    /// image `key` names (from [`alloc_image`](Self::alloc_image)): the
    /// replay path's.
    #[inline(always)]
    pub(crate) fn commit_image(&mut self, offset: u64, key: &ImageKey, value: u64, footprint: &Arc<Footprint>) {
        self.extend_run(offset, key.len(), value, footprint);
    }

    /// [`commit_image`](Self::commit_image) of a one-shot submission: the
    /// last run grows when it touches exactly what `touches` does (a
    /// one-shot per launch naming the same signal each time keeps one run,
    /// with no clone per submit), else a new run holds its own footprint.
    #[inline(always)]
    pub(crate) fn commit_borrowed(&mut self, offset: u64, key: &ImageKey, value: u64, touches: Borrowed<'_, '_>) {
        self.join_or_begin_run(
            offset,
            key.len(),
            value,
            |held| matches!(held, HeldFootprint::Own(f) if f.is(&touches)),
            || HeldFootprint::Own(touches.to_footprint()),
        );
    }

    /// Submission `value`, at `len` bytes (whole granules) from ring
    /// offset `offset`, touches `footprint`: the run of the same queue's
    /// submissions at the back of the list grows, or a new run begins.
    #[inline(always)]
    fn extend_run(&mut self, offset: u64, len: u64, value: u64, footprint: &Arc<Footprint>) {
        self.join_or_begin_run(
            offset,
            len,
            value,
            |held| matches!(held, HeldFootprint::Shared(g) if Arc::ptr_eq(footprint, g)),
            || HeldFootprint::Shared(Arc::clone(footprint)),
        );
    }

    /// Submission `value` takes the `len` bytes (whole granules) at ring
    /// offset `offset`: it joins the last run when that one ends where it
    /// begins (no wrap between them), would then span at most `run_span`
    /// bytes, and touches what it touches (`same`); else a new run begins,
    /// holding `footprint()`.
    #[inline(always)]
    fn join_or_begin_run(
        &mut self,
        offset: u64,
        len: u64,
        value: u64,
        same: impl FnOnce(&HeldFootprint) -> bool,
        footprint: impl FnOnce() -> HeldFootprint,
    ) {
        let end = self.keep(offset, len, value);
        let span = self.run_span;
        if let Some(r) = self.runs.back_mut().filter(|r| r.end == offset && end - r.start <= span) {
            if same(&r.footprint) {
                r.end = end;
                r.last = value;
                return;
            }
        }
        self.begin_run(offset, end, value, footprint());
    }

    /// A new run of one submission.
    fn begin_run(&mut self, start: u64, end: u64, value: u64, footprint: HeldFootprint) {
        self.runs.push_back(Run { start, end, first: value, last: value, footprint });
    }

    /// Keep the first `used` bytes of the chunk at ring offset `offset`
    /// (from [`alloc_pruning`](Self::alloc_pruning)) until the engine's timeline reaches
    /// `value` (the next after the last commit's); `touches` is what the
    /// submission touches.
    #[inline]
    pub(crate) fn commit(&mut self, offset: u64, used: u64, value: u64, touches: Touches<'_>) {
        match touches {
            Touches::Shared(f) => self.commit_shared(offset, used, value, f),
            Touches::Own(f) => {
                let end = self.keep(offset, granules(used), value);
                self.begin_run(offset, end, value, HeldFootprint::Own(f));
            }
        }
    }

    /// The ring's part of a commit of submission `value`: the `len` bytes
    /// (whole granules) at `offset` are taken (the caller records them in
    /// a run); returns where they end.
    #[inline(always)]
    fn keep(&mut self, offset: u64, len: u64, value: u64) -> u64 {
        let end = offset + len;
        self.starts[value as usize % UNCOMMIT_DEPTH] = offset;
        self.head = end;
        end
    }

    /// Forget the last commit (its submission never reached the GPU); up
    /// to [`UNCOMMIT_DEPTH`] in a row. A run's submissions have consecutive
    /// values and lie end to end, so the last one began where the run now
    /// ends once it is taken back.
    pub(crate) fn uncommit_last(&mut self) {
        let Some(r) = self.runs.back_mut() else { return };
        let start = self.starts[r.last as usize % UNCOMMIT_DEPTH];
        self.head = start;
        if r.first < r.last {
            r.last -= 1;
            r.end = start;
        } else {
            self.runs.pop_back();
        }
    }

    /// The newest submission still recorded that may touch `[start, end)`
    /// of GPU memory: its timeline value.
    pub(crate) fn last_touching(&self, start: u64, end: u64) -> Option<u64> {
        self.runs.iter().rev().find(|r| r.footprint.get().overlaps(start, end)).map(|r| r.last)
    }
}
