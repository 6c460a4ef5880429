//! # gpuiface-runtime
//!
//! Command queues and a device runtime, generic over any
//! [`GpuIface`](gpuiface_hal::GpuIface) backend: what a runtime such as
//! tinygrad's HCQ layer builds on. The HAL (`gpuiface-hal`) is the trait,
//! its types and the codecs; this crate is the first user of it.
//!
//! | module | what it holds |
//! |---|---|
//! | [`queue`] | [`Queue`]: commands recorded once, replayed with new variable values |
//! | `program` | [`Program`]: kernel code in GPU memory, its attributes and QMD template |
//! | `module` | [`Module`]: a cubin's kernels, device functions, globals and constant data, uploaded once |
//! | `encode` | a queue's pushbuffer, QMDs and constant buffers, as an image plus patches |
//! | [`launch`] | the complete QMD of a program, launch checks, argument packing |
//! | `ring` | the command-memory ring each engine encodes into |
//! | [`runtime`] | [`Runtime`]: device setup, submission, waits, copies, programs, local memory, teardown |
//! | [`suballoc`] | a slab sub-allocator for small GPU buffers |
//!
//! - [`Runtime`] sets a device up through the RM API (device, address space,
//!   TSG, subcontext, a compute and a copy channel, usermode), owns the
//!   command memory and one timeline signal per engine, and offers
//!   [`Runtime::synchronize`], copies and program loading.
//! - [`Queue`] records commands once (`wait`, `signal`, `launch`, `copy`,
//!   `barrier`) with values that may be variables; [`Runtime::submit`] encodes
//!   it into *fresh* command memory each time, binding the variables (patch
//!   and replay, like tinygrad's graphs).
//!
//! ## What a submit costs, and why
//! A replay is meant to cost little more than the stores that change
//! (`BENCHMARKS.md` has the figures). Each rule keeps a guarantee:
//! - **Checked once.** A queue compiled for a runtime keeps, with its
//!   template, the verdict of every check that depends only on the queue
//!   (devices, variables, recorded errors, placement); any change to the
//!   queue drops the template and the verdict with it. Per replay, only the
//!   bound values are checked.
//! - **Resolved once.** Each channel is submitted to through a
//!   [`SubmitPort`](gpuiface_hal::SubmitPort) the runtime asks for at
//!   setup: no lookup of the channel per submit.
//! - **Forgotten in bulk.** Finished submissions are dropped from the
//!   in-flight list when the ring needs their space (once per lap), before
//!   a wait on one buffer and at [`Runtime::synchronize`], not on every
//!   submit. The list holds runs, not submissions: consecutive replays of
//!   one queue, end to end in the ring, share one entry (its ring bytes,
//!   its signals, its footprint), so a replay only moves the run's end. A
//!   run spans at most a sixteenth of the ring: a submission that needs
//!   its bytes waits for that much more work at most.
//! - **Written once.** Command memory is fresh for every submission, and a
//!   chunk is reused only after the GPU finished the submission that used
//!   it. A chunk that still holds the same template's image (the queue was
//!   replayed there a lap ago) gets only the patches: every patched byte is
//!   rewritten on every replay, and every other writer of the ring marks
//!   the chunks it writes as holding no image.
//!
//! ## Signal placement (seed 002)
//! Where [`DeviceInfo::signal_placement`](gpuiface_hal::DeviceInfo) is
//! [`SignalPlacement::PushbufferSemaphore`] (Tegra), every signal is a host
//! semaphore release in the pushbuffer. Where it is
//! [`SignalPlacement::QmdRelease`], a signal that directly follows a launch is
//! folded into that launch's QMD release slot. [`QueueOptions`] can force
//! either, and can make a queue reuse one QMD memory slot per launch across
//! replays (the pattern that produces the QMD race on Tegra) — the
//! conformance suite uses that to show the hazard and its fix.

mod encode;
mod footprint;
pub mod launch;
mod launch_image;
mod lifetimes;
mod module;
mod one_shot;
mod patch;
mod prefetch;
mod program;
pub mod queue;
mod ring;
pub mod runtime;
pub mod suballoc;
mod vars;

use std::time::Duration;

pub use launch::Arg;
pub use lifetimes::{RuntimeLive, Timeline};
pub use module::Module;
pub use one_shot::{OneShot, SHAPES_KEPT};
pub use program::Program;
pub use queue::{LaunchDims, QueueKind, Val, VarId};
pub use queue::{Queue, QueueOptions};
pub use runtime::{LocalMemory, PendingCopyout, Runtime, RuntimeObjects};
pub use vars::{ArgVar, BufferVar, CopyVal, Dims};

#[allow(unused_imports)] // doc links
use gpuiface_hal::SignalPlacement;
/// The error type of every fallible call here (the HAL's).
pub use gpuiface_hal::{Error, Result};

/// GPFIFO entries per channel (seed 000: 1024 is plenty for one kernel at a time).
pub const GPFIFO_ENTRIES: u32 = gpuiface_hal::hw::ga10b::PROVEN_GPFIFO_ENTRIES;
/// Subchannel the compute object is bound to.
pub const COMPUTE_SUBCHANNEL: u8 = 1;
/// Subchannel the copy object is bound to.
pub const COPY_SUBCHANNEL: u8 = 4;
/// Default command-memory ring size.
pub const DEFAULT_RING_SIZE: u64 = 4 << 20;
/// The default deadline of a [`Runtime`]'s own waits: 10 s.
///
/// The channel watchdog is off (seed 001) so that long kernels may run; the
/// kernel therefore never reports a long kernel, and a wait that runs out
/// with no channel faulted is an [`Error::Timeout`],
/// not a hang: the work may still complete, and waiting again is fine. A
/// faulted channel is reported at once as
/// [`Error::DeviceHang`] with the kernel's fault
/// record. Jobs with longer kernels lift the deadline with
/// [`Runtime::set_wait_timeout`].
pub const DEFAULT_WAIT_TIMEOUT: Duration = Duration::from_secs(10);

pub(crate) fn duration_ns(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Largest chunk one copy-engine launch moves (LINE_LENGTH_IN is 32 bits).
pub const MAX_COPY_CHUNK: u64 = 1 << 30;
