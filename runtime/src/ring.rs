//! Command memory: one ring buffer, bump-allocated per submission.
//!
//! Every submission gets fresh bytes (pushbuffer, QMDs, kernel arguments), so
//! nothing the GPU may still read is ever rewritten by the CPU. Space is
//! reused only after the timeline value of the submission that last used it
//! has been reached.

use std::collections::VecDeque;
use std::sync::Arc;

use gpuiface_hal::GpuIface;
use gpuiface_hal::{AllocRequest, Buffer, CpuView};
use gpuiface_hal::{Error, Result};

mod images;

use crate::footprint::Borrowed;
use crate::queue::Footprint;
pub(crate) use images::ImageKey;
use images::ImageTags;

/// Allocation granule inside the ring (QMDs need 256-byte alignment).
pub(crate) const RING_ALIGN: u64 = 256;

/// How many submissions ahead a replay that found its image hints the
/// lines the next ones will write ([`CommandRing::prefetch_next_lines`]).
/// One ahead left a line that comes from memory still on its way when
/// written (a one-shot, two lines a submission: 153-168 ns); three ahead
/// 102-107 ns, six 95-105 ns, twelve no better (BENCHMARKS.md).
const PREFETCH_AHEAD: u64 = 6;

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

/// `len` bytes of the ring in whole granules: at least one (every
/// submission's chunk starts on a granule, as the image tags expect).
#[inline(always)]
fn granules(len: u64) -> u64 {
    len.max(RING_ALIGN).next_multiple_of(RING_ALIGN)
}

#[cold]
#[inline(never)]
fn too_large(len: u64, size: u64) -> Error {
    Error::invalid("Runtime::submit", format!("submission needs {len} bytes of command memory; the ring holds {size}"))
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
struct Run {
    /// The ring bytes `[start, end)` its submissions use.
    start: u64,
    end: u64,
    /// Timeline values of the run's first and last submissions.
    first: u64,
    last: u64,
    footprint: HeldFootprint,
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

/// The runs, oldest first: the `closed` ones, then the `open` one, the
/// newest, which the next submission of its queue extends. It is kept
/// out of the list so that extending it, a replay's commit, is a few
/// stores to known places (a list's back is found by index arithmetic).
/// `open` is `None` only when there is no run at all.
struct Runs {
    closed: VecDeque<Run>,
    open: Option<Run>,
}

impl Runs {
    #[inline(always)]
    fn front(&self) -> Option<&Run> {
        self.closed.front().or(self.open.as_ref())
    }

    fn pop_front(&mut self) {
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

    fn iter(&self) -> impl DoubleEndedIterator<Item = &Run> {
        self.closed.iter().chain(self.open.as_ref())
    }

    #[cfg(test)]
    fn back(&self) -> Option<&Run> {
        self.open.as_ref()
    }

    #[cfg(test)]
    fn len(&self) -> usize {
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

    /// Forget submissions the GPU has finished (`completed`: the engine's
    /// timeline value now).
    #[cold]
    pub(crate) fn prune(&mut self, completed: u64) {
        while self.runs.front().is_some_and(|r| r.last <= completed) {
            self.runs.pop_front();
        }
    }

    /// [`prune`](Self::prune), and when nothing is left (the GPU has run
    /// every submission committed here), take the next chunk from the
    /// ring's start again. A runtime that waits for its work between
    /// batches then reuses the same command memory, still in the CPU's
    /// caches, instead of going once around the whole ring: with a 4 MiB
    /// ring the lines a submission writes otherwise come from a lap
    /// earlier, and a launch that writes two lines of its chunk took half
    /// again a replay's time (BENCHMARKS.md, round 11). Called with the
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

    #[inline(always)]
    fn chunk(&self, start: u64, end: u64) -> Result<Chunk<'_>> {
        let Some((buffer, view)) = self.buffer.as_ref().and_then(|b| Some((b, b.cpu()?))) else {
            return Err(released());
        };
        Ok(Chunk { gpu_va: buffer.gpu_va() + start, offset: start, len: end - start, view })
    }

    /// Wait for the older submissions whose runs ([`Run`]) `holds` says
    /// hold bytes a chunk needs: the first runs of the list.
    #[cold]
    fn wait_for(&mut self, holds: impl Fn(&Run) -> bool, mut clock: impl EngineClock) -> Result<()> {
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

    /// Where the next chunk of `len` bytes (whole granules) will start, if
    /// older work does not hold it: at the head, or at 0 after a wrap.
    #[inline(always)]
    fn next_start(&self, len: u64) -> u64 {
        if self.head + len > self.size {
            0
        } else {
            self.head
        }
    }

    /// Ask the CPU to bring the next chunk of `len` bytes (whole granules:
    /// an [`ImageKey`]'s length) into its cache while it does other work:
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
                crate::prefetch::for_write(base.wrapping_add(at + line) as *const u8);
            }
            at += RING_ALIGN as usize;
        }
    }

    /// [`prefetch_next`](Self::prefetch_next) for a replay that will find
    /// its image there, [`PREFETCH_AHEAD`] submissions ahead: only the
    /// `lines` (byte offsets) it will write, and the chunk's image tag. In the steady state a replay writes a line or
    /// two of its chunk; hinting the whole chunk fetched twelve lines a
    /// replay and made it slower (56-73 ns against 42-47 ns; BENCHMARKS.md).
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
            crate::prefetch::for_write(base.wrapping_add(line) as *const u8);
            near &= near - 1;
        }
        for &line in &lines.far {
            crate::prefetch::for_write(base.wrapping_add(line) as *const u8);
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
mod tests {
    use super::*;

    fn ring(size: u64) -> CommandRing {
        let view = CpuView::zeroed(size as usize).unwrap();
        let device = gpuiface_hal::DeviceId::unique();
        // SAFETY: a made-up allocation of a made-up device, the only handle to it,
        // backed by `size` bytes of host memory.
        let buffer = unsafe { Buffer::from_raw_parts(device, gpuiface_hal::BufferId(1), 0x10000, size, Some(view)) };
        CommandRing::over(buffer)
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
            r.commit(off, 1000, value, Touches::Own(Footprint::default()));
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
        assert_eq!(waited, vec![1]);
    }

    proptest::proptest! {
        /// Whatever the lengths, the footprints and how far the GPU got, a
        /// chunk never overlaps a submission the GPU may still be running:
        /// the ring waited for every such one before it handed the chunk
        /// out (the check `reserve` skips for a chunk within the free space
        /// it knows of, and the one it makes otherwise).
        #[test]
        fn a_chunk_never_overlaps_unfinished_work(
            steps in proptest::collection::vec((1u64..=1200, 0u64..=3, proptest::bool::ANY), 1..300),
        ) {
            let mut r = ring(8192);
            let shared = Arc::new(Footprint::default());
            // (start, end, value) of every submission committed.
            let mut live: Vec<(u64, u64, u64)> = Vec::new();
            let mut done = 0u64;
            for (value, &(len, progress, own)) in (1u64..).zip(&steps) {
                // The GPU finishes some of the older work meanwhile.
                done = (done + progress).min(value - 1);
                let done_now = std::cell::Cell::new(done);
                let c = r.alloc_pruning(len, Clock(|| done_now.get(), |v| {
                    done_now.set(done_now.get().max(v));
                    Ok(())
                })).unwrap();
                let (start, end) = (c.offset, c.offset + c.len);
                done = done_now.get();
                for &(s, e, v) in &live {
                    proptest::prop_assert!(v <= done || e <= start || end <= s,
                        "chunk [{start}, {end}) of {value} overlaps [{s}, {e}) of {v}, unfinished ({done} done)");
                }
                let touches = if own { Touches::Own(Footprint::default()) } else { Touches::Shared(&shared) };
                r.commit(start, len, value, touches);
                live.retain(|&(_, _, v)| v > done);
                live.push((start, start + granules(len), value));
            }
        }
    }

    /// A wait for space that fails leaves nothing known to be free: the
    /// next chunk at that place waits again rather than take the fast way.
    #[test]
    fn a_failed_wait_for_space_is_asked_again() {
        let mut r = ring(4096);
        for value in 1..=4u64 {
            let off = r.alloc(1024, |_| Ok(())).unwrap().offset;
            r.commit(off, 1024, value, Touches::Own(Footprint::default()));
        }
        let e = r.alloc(1024, |v| Err(Error::device_lost(format!("waited for {v}")))).err().unwrap();
        assert!(e.to_string().contains("waited for 1"), "{e}");
        let mut waited = Vec::new();
        let c = r
            .alloc(1024, |v| {
                waited.push(v);
                Ok(())
            })
            .unwrap();
        assert_eq!((c.offset, waited), (0, vec![1]));
    }

    #[test]
    fn replays_of_one_queue_share_one_held_footprint() {
        let mut r = ring(1 << 20);
        let everything = Arc::new(Footprint { everything: true, ..Default::default() });
        let copy = Footprint { ranges: vec![(0x1000, 0x2000)], ..Default::default() };
        let commit = |r: &mut CommandRing, value: u64, touches: Touches<'_>| {
            let off = r.alloc(256, |_| Ok(())).unwrap().offset;
            r.commit(off, 256, value, touches);
        };
        for value in 1..=3 {
            commit(&mut r, value, Touches::Shared(&everything));
        }
        assert_eq!(r.runs.len(), 1, "one run for three replays");
        assert_eq!(Arc::strong_count(&everything), 2, "one reference for the run, none per replay");
        commit(&mut r, 4, Touches::Own(copy));
        commit(&mut r, 5, Touches::Shared(&everything));
        assert_eq!(r.runs.len(), 3);
        assert_eq!(r.last_touching(0x1800, 0x1900), Some(5), "the newest submission that may touch it");
        r.uncommit_last();
        assert_eq!(r.last_touching(0x1800, 0x1900), Some(4));
        assert_eq!(r.last_touching(0x8000, 0x9000), Some(3), "the run of 1..=3 touches everything");
        r.prune(2);
        assert_eq!(r.last_touching(0x8000, 0x9000), Some(3), "value 3 is not done yet");
        r.prune(3);
        assert_eq!(r.last_touching(0x8000, 0x9000), None);
        assert_eq!(r.last_touching(0x1800, 0x1900), Some(4));
        assert_eq!(Arc::strong_count(&everything), 1, "the run's reference went with it");
        // Taking back the only submission of a run drops the run.
        commit(&mut r, 5, Touches::Shared(&everything));
        r.uncommit_last();
        assert_eq!(Arc::strong_count(&everything), 1);
        assert_eq!(r.runs.len(), 1);
    }

    /// Replays of one queue, end to end, share a run until it spans a
    /// sixteenth of the ring or the ring wraps; a wait for space waits for
    /// the last submission of the run that holds it, no further.
    #[test]
    fn runs_end_at_their_span_and_at_the_wrap() {
        let mut r = ring(16 * 1024);
        assert_eq!(r.run_span, 1024);
        let q = Arc::new(Footprint::default());
        let mut waited = Vec::new();
        let mut offsets = Vec::new();
        for value in 1..=20u64 {
            let off = r
                .alloc(256, |v| {
                    waited.push(v);
                    Ok(())
                })
                .unwrap()
                .offset;
            offsets.push(off);
            r.commit(off, 256, value, Touches::Shared(&q));
        }
        // 64 granules a lap: no wrap yet; four submissions a run.
        assert!(waited.is_empty());
        let runs: Vec<(u64, u64, u64, u64)> = r.runs.iter().map(|x| (x.start, x.end, x.first, x.last)).collect();
        assert_eq!(runs[..2], [(0, 1024, 1, 4), (1024, 2048, 5, 8)]);
        assert_eq!(runs.len(), 5);
        assert_eq!(Arc::strong_count(&q), 6, "one reference per run");
        // Fill the lap, then wrap: the first chunk of the new lap waits for
        // the last submission of the run at [0, 1024), value 4, not 1.
        for value in 21..=64u64 {
            let off = r.alloc(256, |v| Err(Error::device_lost(format!("waited for {v}")))).unwrap().offset;
            r.commit(off, 256, value, Touches::Shared(&q));
        }
        assert_eq!(r.head, 16 * 1024);
        let c = r
            .alloc(256, |v| {
                waited.push(v);
                Ok(())
            })
            .unwrap();
        assert_eq!(c.offset, 0);
        assert_eq!(waited, [4]);
        let off = c.offset;
        r.commit(off, 256, 65, Touches::Shared(&q));
        let back = r.runs.back().unwrap();
        assert_eq!((back.start, back.end, back.first, back.last), (0, 256, 65, 65), "no run across the wrap");
    }

    /// Commits taken back one after the other (a batch's group) leave the
    /// runs and the head as they were before them.
    #[test]
    fn commits_taken_back_in_a_row_restore_the_runs() {
        let mut r = ring(64 * 1024);
        let q = Arc::new(Footprint::default());
        let commit = |r: &mut CommandRing, value: u64, touches: Touches<'_>| {
            let off = r.alloc(256, |_| Ok(())).unwrap().offset;
            r.commit(off, 256, value, touches);
        };
        for value in 1..=3 {
            commit(&mut r, value, Touches::Shared(&q));
        }
        let before: Vec<(u64, u64, u64, u64)> = r.runs.iter().map(|x| (x.start, x.end, x.first, x.last)).collect();
        let head = r.head;
        for value in 4..=4 + UNCOMMIT_DEPTH as u64 - 1 {
            let touches = if value % 5 == 0 { Touches::Own(Footprint::default()) } else { Touches::Shared(&q) };
            commit(&mut r, value, touches);
        }
        for _ in 0..UNCOMMIT_DEPTH {
            r.uncommit_last();
        }
        let after: Vec<(u64, u64, u64, u64)> = r.runs.iter().map(|x| (x.start, x.end, x.first, x.last)).collect();
        assert_eq!(after, before);
        assert_eq!(r.head, head);
        assert_eq!(Arc::strong_count(&q), 2, "the runs begun meanwhile are gone");
    }

    /// Once the GPU has run everything, a wait that sees it takes the next
    /// chunk from the ring's start (where the same template's image still
    /// is); while anything is running, the ring goes on from its head.
    #[test]
    fn an_idle_ring_starts_again_from_its_start() {
        let mut r = ring(64 * 1024);
        let key = ImageKey::new(7, 600);
        let submit = |r: &mut CommandRing, value: u64| -> (u64, bool) {
            let (c, held) = r.alloc_image(&key, Clock(|| 0, |_| Ok(()))).unwrap();
            let offset = c.offset;
            if !held {
                r.holds_image(offset, &key);
            }
            r.commit(offset, 600, value, Touches::Own(Footprint::default()));
            (offset, held)
        };
        for value in 1..=3 {
            submit(&mut r, value);
        }
        r.prune_idle(2);
        assert_eq!(submit(&mut r, 4), (3 * 768, false), "value 3 still runs: the ring goes on");
        r.prune_idle(4);
        assert!(r.runs.front().is_none());
        assert_eq!(r.free_until, r.size());
        assert_eq!(submit(&mut r, 5), (0, true), "idle: from the start, whose chunk holds the image");
        assert_eq!(submit(&mut r, 6), (768, true));
        // Taking the last commit back after a restart leaves the ring as it was.
        r.uncommit_last();
        assert_eq!(r.head, 768);
    }

    #[test]
    fn a_chunk_holds_an_image_only_where_the_same_template_wrote_it() {
        let mut r = ring(4096);
        let next = |r: &mut CommandRing, uid: Option<u64>, value: u64| -> (u64, bool) {
            let (offset, held) = match uid {
                Some(uid) => {
                    let (c, held) = r.alloc_image(&ImageKey::new(uid, 600), Clock(|| value, |_| Ok(()))).unwrap();
                    (c.offset, held)
                }
                None => (r.alloc_pruning(600, Clock(|| value, |_| Ok(()))).unwrap().offset, false),
            };
            if let (Some(uid), false) = (uid, held) {
                r.holds_image(offset, &ImageKey::new(uid, 600));
            }
            r.commit(offset, 600, value, Touches::Own(Footprint::default()));
            (offset, held)
        };
        // 768-byte chunks: five per lap of 4096 bytes.
        let first: Vec<(u64, bool)> = (1..=5).map(|v| next(&mut r, Some(7), v)).collect();
        assert!(first.iter().all(|(_, held)| !held), "a fresh ring holds no image");
        let second: Vec<(u64, bool)> = (6..=10).map(|v| next(&mut r, Some(7), v)).collect();
        assert_eq!(second.iter().map(|c| c.0).collect::<Vec<_>>(), first.iter().map(|c| c.0).collect::<Vec<_>>());
        assert!(second.iter().all(|(_, held)| *held), "the same template at the same places: {second:?}");
        // Another template, then a plain writer, at the first places of the lap.
        assert_eq!(next(&mut r, Some(8), 11), (0, false));
        assert_eq!(next(&mut r, None, 12), (768, false));
        // Template 7 again: not where 8 or the plain writer were.
        assert_eq!(next(&mut r, Some(7), 13), (1536, true));
        r.head = 0;
        assert_eq!(next(&mut r, Some(7), 14), (0, false), "template 8 wrote there");
        assert_eq!(next(&mut r, Some(7), 15), (768, false), "a plain writer wrote there");
        // Shifted by a granule: the same template, but not its image's granules.
        r.head = 256;
        assert!(!next(&mut r, Some(7), 16).1);
        // A plain writer in the middle of an image (not over its first
        // granule) still spoils it.
        r.head = 0;
        assert_eq!(next(&mut r, Some(9), 17), (0, false));
        r.head = 0;
        assert_eq!(next(&mut r, Some(9), 18), (0, true));
        r.head = 512;
        let off = r.alloc_pruning(100, Clock(|| 18, |_| Ok(()))).unwrap().offset;
        assert_eq!(off, 512, "inside template 9's 768 bytes at 0");
        r.commit(off, 100, 19, Touches::Own(Footprint::default()));
        r.head = 0;
        assert_eq!(next(&mut r, Some(9), 20), (0, false), "its third granule was written");
        // Uids whose tags could collide are never trusted.
        for uid in [0, 1 << 48, (1 << 48) + 9] {
            for value in [21, 22] {
                r.head = 0;
                assert_eq!(next(&mut r, Some(uid), value), (0, false), "uid {uid:#x}");
            }
        }
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
        assert_eq!(c.writer(256).unwrap().get_u32(8).unwrap(), 0xdead_beef);
    }

    #[test]
    fn too_large_is_an_error_and_wait_errors_propagate() {
        let mut r = ring(4096);
        assert!(r.alloc(8192, |_| Ok(())).is_err());
        let c = r.alloc(4096, |_| Ok(())).unwrap();
        let off = c.offset;
        r.commit(off, 4096, 1, Touches::Own(Footprint::default()));
        let e = r.alloc(256, |_| Err(Error::device_lost("x"))).unwrap_err();
        assert_eq!(e.kind(), gpuiface_hal::ErrorKind::DeviceLost);
    }
}
