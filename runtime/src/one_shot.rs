//! [`OneShot`]: a queue recorded for a single submit, borrowing what it
//! names.
//!
//! A runtime that records a fresh queue per launch (tinygrad's HCQ does)
//! pays, with an owned [`Queue`](crate::Queue), for what a queue kept for
//! replays needs: a reference count on each program and signal it names,
//! its own encoding at the submit, its own footprint, and all of it dropped
//! afterwards. A one-shot borrows the program, the signals and the
//! argument bytes for as long as it is recorded, and its submit takes the
//! encoding of the last one-shot *of the same shape* from the runtime:
//! the same commands, programs, launch dimensions, argument lengths and
//! signals, whatever the values (signal values, argument bytes, copy
//! addresses and lengths). Those values are patched in place, as a replay's
//! variables are. The first one-shot of a shape is encoded, and its
//! encoding kept (the runtime keeps the last [`SHAPES_KEPT`] shapes of
//! each engine).
//!
//! Nothing checked at a shape's first submit can differ for a later
//! one-shot of that shape: launch limits depend on the program, the
//! dimensions and the argument length, all of them the shape. What depends
//! on the values (a copy's address range, the devices of what is named) is
//! checked at record time, every time.

use gpuiface_hal::{Error, GpuIface, Result, Signal};
use smallvec::SmallVec;

use crate::lifetimes::Timeline;
use crate::program::Program;
use crate::queue::{LaunchDims, QueueKind};
use crate::runtime::Runtime;

/// Shapes a runtime keeps the encoding of, per engine.
pub const SHAPES_KEPT: usize = 8;

/// Values a one-shot records without allocating (signal values, argument
/// words, copy operands).
const INLINE_VALUES: usize = 16;

/// One recorded command.
///
/// A launch keeps its program's uid and a signal its address as well, read
/// when recorded (the device check reads the same objects): finding the
/// shape of the steps then reads only the steps.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step<'a> {
    Launch { program: &'a Program, uid: u64, dims: LaunchDims, args: &'a [u8] },
    Signal { signal: &'a Signal, va: u64 },
    Wait { signal: &'a Signal, va: u64 },
    Copy,
    Barrier,
}

/// What a shape keeps of a [`Step`]: everything the encoding depends on
/// but the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StepKey {
    /// A program by its uid (never reused), its dimensions and argument length.
    Launch {
        program: u64,
        dims: LaunchDims,
        args: usize,
    },
    /// A signal by its GPU address (the only thing of it the encoding holds).
    Signal(u64),
    Wait(u64),
    Copy,
    Barrier,
}

impl Step<'_> {
    /// The shape this step has.
    pub(crate) fn key(&self) -> StepKey {
        match *self {
            Step::Launch { uid, dims, args, .. } => StepKey::Launch { program: uid, dims, args: args.len() },
            Step::Signal { va, .. } => StepKey::Signal(va),
            Step::Wait { va, .. } => StepKey::Wait(va),
            Step::Copy => StepKey::Copy,
            Step::Barrier => StepKey::Barrier,
        }
    }

    /// True when the step has shape `key` (`self.key() == *key`, without
    /// building the key).
    #[inline]
    pub(crate) fn is(&self, key: &StepKey) -> bool {
        match (self, key) {
            (Step::Launch { uid, dims, args, .. }, StepKey::Launch { program: p, dims: d, args: a }) => {
                uid == p && dims == d && args.len() == *a
            }
            (Step::Signal { va, .. }, StepKey::Signal(k)) | (Step::Wait { va, .. }, StepKey::Wait(k)) => va == k,
            (Step::Copy, StepKey::Copy) | (Step::Barrier, StepKey::Barrier) => true,
            _ => false,
        }
    }
}

/// A queue recorded for one submit ([`Runtime::one_shot`]), borrowing the
/// programs, signals and argument bytes it names: the cheapest way to
/// submit work recorded afresh each time. Its values (signal values,
/// argument bytes, copy operands) are plain numbers; to record once and
/// submit many times, use a [`Queue`](crate::Queue) with variables.
///
/// Errors in what is recorded (another device's signal, a copy past the
/// address space, a launch the kernel's limits refuse) are reported by
/// [`submit`](Self::submit); nothing is submitted then.
///
/// ```
/// # use gpuiface_runtime::{LaunchDims, Program, QueueKind, Runtime};
/// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, fill: &Program, done: &gpuiface_hal::Signal, args: &[u8]) -> gpuiface_hal::Result<()> {
/// for i in 1..=3 {
///     // Recorded and submitted afresh each time; from the second on, the
///     // runtime patches the first one's encoding.
///     rt.one_shot(QueueKind::Compute).launch(fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), args).signal(done, i).submit()?;
/// }
/// # Ok(()) }
/// ```
#[must_use = "a one-shot does nothing until it is submitted"]
pub struct OneShot<'a, I: GpuIface> {
    pub(crate) rt: &'a Runtime<I>,
    pub(crate) kind: QueueKind,
    pub(crate) steps: SmallVec<[Step<'a>; 4]>,
    /// The values, in step order: a launch's argument bytes in 8-byte
    /// little-endian words (the last zero-padded), a signal's or a wait's
    /// value, a copy's destination, source and length.
    pub(crate) values: SmallVec<[u64; INLINE_VALUES]>,
    /// Copies' `(start, end)` GPU ranges and the buffers declared with
    /// [`uses`](Self::uses): what the submission touches.
    pub(crate) ranges: SmallVec<[(u64, u64); 2]>,
    /// A buffer was declared: launches touch only what is declared.
    pub(crate) declared: bool,
    /// A launch was recorded.
    pub(crate) launches: bool,
    /// The most local memory per thread a launch needs (the runtime grows
    /// its own to it at submit).
    pub(crate) local_per_thread: u32,
    /// The first error in what was recorded, made into an [`Error`] by
    /// [`submit`](Self::submit): kept as plain data, a one-shot has
    /// nothing to drop.
    pub(crate) invalid: Option<Refusal>,
}

/// Why a one-shot's submit is refused ([`Refusal::error`] says it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// An object of another device than the runtime's (which one).
    OtherDevice(&'static str),
    /// A copy that runs past the GPU address space (`limit` bytes).
    PastAddressSpace { len: u64, src: u64, dst: u64, limit: u64 },
}

impl Refusal {
    /// The error a submit returns.
    #[cold]
    pub(crate) fn error(self) -> Error {
        match self {
            Refusal::OtherDevice(what) => {
                Error::invalid("OneShot::submit", format!("{what} belongs to another device than the runtime's"))
            }
            Refusal::PastAddressSpace { len, src, dst, limit } => Error::invalid(
                "OneShot::submit",
                format!("a copy of {len:#x} bytes from {src:#x} to {dst:#x} runs past the {limit:#x}-byte GPU address space"),
            ),

        }
    }
}

impl<I: GpuIface> std::fmt::Debug for OneShot<'_, I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OneShot")
            .field("kind", &self.kind)
            .field("steps", &self.steps.as_slice())
            .finish_non_exhaustive()
    }
}

impl<'a, I: GpuIface> OneShot<'a, I> {
    pub(crate) fn new(rt: &'a Runtime<I>, kind: QueueKind) -> Self {
        OneShot {
            rt,
            kind,
            steps: SmallVec::new(),
            values: SmallVec::new(),
            ranges: SmallVec::new(),
            declared: false,
            launches: false,
            local_per_thread: 0,
            invalid: None,
        }
    }

    #[inline]
    fn value(&mut self, v: u64) {
        self.values.push(v);
    }

    #[cold]
    fn refuse(&mut self, why: Refusal) {
        self.invalid.get_or_insert(why);
    }

    /// Launch `program` on `dims` with `args` as its parameters (compute).
    #[inline(always)]
    pub fn launch(&mut self, program: &'a Program, dims: LaunchDims, args: &'a [u8]) -> &mut Self {
        if program.buffer().device() != self.rt.device() {
            self.refuse(Refusal::OtherDevice("the program"));
        }
        self.local_per_thread = self.local_per_thread.max(program.attributes().local_memory_per_thread());
        self.launch_step(program, dims, args);
        self
    }

    /// Set `signal` to `value` once everything before it has completed.
    #[inline(always)]
    pub fn signal(&mut self, signal: &'a Signal, value: u64) -> &mut Self {
        if signal.device() != self.rt.device() {
            self.refuse(Refusal::OtherDevice("the signal"));
        }
        self.signal_step(signal, value);
        self
    }

    /// Block until `signal >= value`.
    pub fn wait(&mut self, signal: &'a Signal, value: u64) -> &mut Self {
        if signal.device() != self.rt.device() {
            self.refuse(Refusal::OtherDevice("the signal waited for"));
        }
        self.wait_step(signal, value);
        self
    }

    /// A launch's step and values (its device checked by the caller): the
    /// argument bytes as 8-byte little-endian words, the last zero-padded.
    #[inline(always)]
    fn launch_step(&mut self, program: &'a Program, dims: LaunchDims, args: &'a [u8]) {
        let words = args.chunks_exact(8);
        let tail = words.remainder();
        for word in words {
            let mut b = [0u8; 8];
            b.copy_from_slice(word);
            self.value(u64::from_le_bytes(b));
        }
        if !tail.is_empty() {
            let mut b = [0u8; 8];
            for (d, s) in b.iter_mut().zip(tail) {
                *d = *s;
            }
            self.value(u64::from_le_bytes(b));
        }
        self.launches = true;
        self.steps.push(Step::Launch { program, uid: program.uid(), dims, args });
    }

    /// A signal's step and value (its device checked by the caller).
    #[inline(always)]
    fn signal_step(&mut self, signal: &'a Signal, value: u64) {
        self.value(value);
        self.steps.push(Step::Signal { signal, va: signal.gpu_va() });
    }

    /// A wait's step and value (its device checked by the caller).
    #[inline]
    fn wait_step(&mut self, signal: &'a Signal, value: u64) {
        self.value(value);
        self.steps.push(Step::Wait { signal, va: signal.gpu_va() });
    }

    /// Block until one of the runtime's timelines reaches `value`.
    pub fn wait_timeline(&mut self, timeline: Timeline<'a>, value: u64) -> &mut Self {
        self.wait(timeline.signal, value)
    }

    /// Declare a buffer the launches read or write, as
    /// [`Queue::uses`](crate::Queue::uses) does: once one is declared, the
    /// launches are taken to touch only what is declared, so
    /// [`Runtime::wait_for_buffer`] of another buffer does not wait for them.
    pub fn uses(&mut self, buffer: &gpuiface_hal::Buffer) -> &mut Self {
        if buffer.device() != self.rt.device() {
            self.refuse(Refusal::OtherDevice("the buffer declared"));
        }
        self.ranges.push((buffer.gpu_va(), buffer.gpu_va().saturating_add(buffer.size())));
        self.declared = true;
        self
    }

    /// A memory barrier: later commands see earlier commands' writes.
    pub fn barrier(&mut self) -> &mut Self {
        self.steps.push(Step::Barrier);
        self
    }

    /// Copy `len` bytes from GPU address `src` to `dst` (copy engine). A
    /// copy of nothing records nothing; a copy past the GPU address space
    /// is an error at submit.
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) -> &mut Self {
        let info = self.rt.iface().info();
        let limit = if info.va_bits == 0 { u64::MAX } else { info.va_size() };
        let inside = |a: u64| a.checked_add(len).is_some_and(|end| end <= limit);
        if !inside(src) || !inside(dst) {
            self.refuse(Refusal::PastAddressSpace { len, src, dst, limit });
            return self;
        }
        if len > 0 {
            self.ranges.push((dst, dst + len));
            self.ranges.push((src, src + len));
        }
        // One copy-engine launch per chunk: a length is 1 to MAX_COPY_CHUNK bytes.
        let mut done = 0;
        while done < len {
            let n = (len - done).min(crate::MAX_COPY_CHUNK);
            self.value(dst + done);
            self.value(src + done);
            self.value(n);
            self.steps.push(Step::Copy);
            done += n;
        }
        self
    }

    /// Number of recorded commands (a copy longer than
    /// [`MAX_COPY_CHUNK`](crate::MAX_COPY_CHUNK) counts once per chunk).
    pub fn len(&self) -> usize {
        self.steps.as_slice().len()
    }

    /// True when nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.steps.as_slice().is_empty()
    }

    /// Whether a one-shot can stand for `queue`'s first submit: the queue
    /// has no variables and nothing a one-shot does not record (reuse
    /// mode, a placement of its own), and nothing recorded wrongly.
    pub(crate) fn can_record(queue: &crate::Queue) -> bool {
        queue.vars == 0
            && queue.options == crate::QueueOptions::default()
            && queue.invalid.is_none()
            && !queue.mixed_devices
            && queue.foreign_var.is_none()
    }

    /// Record `queue`'s commands (one [`can_record`](Self::can_record)
    /// takes), borrowed, into this fresh one-shot; `false` when one of them
    /// is not a one-shot's (a command the runtime adds itself) or the queue
    /// names another device than the runtime's (the general path reports
    /// either). Filled in place: a one-shot is large, and moving it costs
    /// more than filling it.
    pub(crate) fn record_queue(&mut self, queue: &'a crate::Queue) -> bool {
        use crate::encode::Cmd;
        use crate::queue::Val;
        // The queue noted the one device its signals, programs and buffers
        // are of (`can_record`: not two), so that one is checked, not each.
        if queue.device.is_some_and(|d| d != self.rt.device()) {
            return false;
        }
        for cmd in &queue.cmds {
            match cmd {
                Cmd::Wait { signal, value: Val::Lit(v) } => self.wait_step(signal, *v),
                Cmd::Signal { signal, value: Val::Lit(v) } => self.signal_step(signal, *v),
                Cmd::Launch { program, dims: crate::vars::CmdDims::Fixed(dims), args, arg_vars }
                    if arg_vars.is_empty() =>
                {
                    self.launch_step(program, *dims, args)
                }
                Cmd::Copy { dst: Val::Lit(d), src: Val::Lit(s), len: Val::Lit(n) } => {
                    self.copy(*d, *s, *n);
                }
                Cmd::Barrier => {
                    self.barrier();
                }
                _ => return false,
            }
        }
        for &(start, end) in &queue.declared {
            self.ranges.push((start, end));
            self.declared = true;
        }
        true
    }

    /// Submit the recorded commands to the runtime's channel of this
    /// engine: the value of its [`timeline`](Runtime::timeline) that marks
    /// their completion, as [`Runtime::submit`] returns it.
    #[inline]
    pub fn submit(&self) -> Result<u64> {
        self.rt.submit_one_shot(self)
    }
}
