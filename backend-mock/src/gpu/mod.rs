//! The GPU model: ga10b's host (PBDMA), compute and copy engines.
//!
//! On a doorbell, the channel's GPFIFO entries between GP_GET and GP_PUT
//! (USERD +0x88 / +0x8C) are fetched, their pushbuffers read through the
//! channel's VM and executed method by method with the shared codecs
//! (`gpuiface_hal::codec`, `gpuiface_hal::classes`), exactly as the runtime
//! encodes them. GP_GET advances (in USERD) when an entry's last method has
//! executed.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | [`Gpu`] and its configuration ([`ExecMode`]), the USERD offsets, whole-GPU counters, closure kernels, the GPU timer |
//! | `channel.rs` | channels as the kernel model hands them over ([`ChannelDesc`]) and as tests observe them ([`ChannelStatus`], [`ChannelStats`]) |
//! | `state.rs` | the shared state: one lock over every channel's engine state and its cursor in the current GPFIFO entry |
//! | `sched.rs` | when work runs: the doorbell, stepping, rounds and timeslices, the worker thread |
//! | `step.rs` | one step of one channel, and which engine a method goes to |
//! | `host.rs` | GPFIFO fetch, subchannel binding, semaphores (release/acquire/reduction), interrupts |
//! | `compute.rs` | QMD V03_00 launches (read when executed) checked as the hardware would, closure kernels, releases, chaining, the engine's local/shared memory state |
//! | `kctx.rs` | what a kernel sees ([`KernelCtx`]): launch shape, constants, GPU memory, cancellation |
//! | `cbank.rs` | constant banks read on access ([`ConstBanks`]), for closures, twins and the SASS interpreter |
//! | `launchlog.rs` | what the trace says of each launch ([`LaunchRecord`]): the kernel's name when known, its instruction counts; programs' names ([`Gpu::name_program`]) |
//! | `machine.rs` | launches on the SASS interpreter: the launch configuration from the QMD, the decoded-program cache, blocks on several host threads ([`sm_threads`]) |
//! | `inflight.rs` | kernels running beside the other engines and channels (threaded modes), cancelled when their channel closes |
//! | [`twins`] | Rust twins of the suite's SM 8.7 kernels, recognised by their code bytes |
//! | `copy.rs` | the copy engine: pitch copies and their semaphore, the watchdog |
//! | `fault.rs` | channel errors: the notifier record and [`FaultRecord`](gpuiface_hal::FaultRecord), the fault observer, fault injection |
//! | `testkit` | a fixed-VA test VM and a channel harness for tests without the kernel model (feature `testing`) |
//!
//! Methods `< 0x100` are host methods on any subchannel; the others go to
//! the class SET_OBJECT bound to the subchannel. A method the class defines
//! (per `gpuiface_hal::classes::is_defined_method`, generated from
//! `facts/nv-ampere-classes.tsv`) but the model does not need is accepted and
//! counted ([`Gpu::recorded_methods`]); one it does not define puts the
//! channel into its error state. Nothing is silently skipped.
//!
//! ## Execution modes
//! - [`ExecMode::Immediate`]: the doorbell runs the work synchronously, until
//!   every channel is idle, blocked on an acquire, or faulted.
//! - [`ExecMode::Threaded`]: a worker thread runs concurrently with the CPU;
//!   the doorbell wakes it; channels blocked on an acquire are re-polled with
//!   a back-off (50 µs doubling to 2 ms), so a CPU write to the semaphore is
//!   noticed without a doorbell. [`Gpu::shutdown`] (or drop) joins it.
//! - [`ExecMode::Stepped`]: nothing runs until [`Gpu::step`]. One step is the
//!   smallest unit the model has: **one GPFIFO fetch, one method, one
//!   dependent-QMD launch, one copy timeslice ([`TIMESLICE_PIECES`]) or one
//!   GP_GET advance**, on one channel (channels are served round-robin). A QMD is read at the step that executes its
//!   launch method — as late as possible — which reproduces seed 002's QMD
//!   reuse race.
//!
//! ## Scheduling and robustness
//! Channels run in rounds: each takes up to 64 steps, then the next one's
//! turn; the model's lock is released between rounds, so closing a channel
//! never waits for another channel's work. A copy launch moves at most
//! [`TIMESLICE_PIECES`] lines (or MiB) per step and is faulted with
//! `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT` past [`WATCHDOG_PIECES`]
//! ([`Gpu::set_copy_watchdog`]). Arithmetic on guest values is checked; a
//! panic inside the model is caught and faults only its channel.
//!
//! In the threaded and polling modes a kernel runs on a thread of its own,
//! without the model's lock (`inflight.rs`): the copy engine and the other
//! channels keep running meanwhile, and its own channel waits for it. In the
//! immediate and stepped modes it runs inline, with the model's state
//! locked. A closure kernel must not call back into the [`Gpu`]: one that
//! does (directly, or through a device whose submit rings the model's
//! doorbell) faults its launch with a GR error saying so, instead of
//! deadlocking.

mod cbank;
mod channel;
mod compute;
mod copy;
mod fault;
mod host;
mod inflight;
mod kctx;
mod launchlog;
mod machine;
mod sched;
mod state;
mod step;
#[cfg(feature = "testing")]
pub mod testkit;
pub mod twins;

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

pub use cbank::{ConstBanks, CONST_BANKS};
pub use channel::{ChannelDesc, ChannelStats, ChannelStatus};
pub use compute::{ComputeState, KernelCtx, KernelFn, ProgramKey};
pub use copy::{TIMESLICE_PIECES, WATCHDOG_PIECES};
pub use fault::{FaultObserver, NOTIFIER_STATUS_ERROR};
pub use launchlog::{LaunchObserver, LaunchRecord};
pub use machine::{sm_threads, CODE_CACHE_BYTES, CODE_CACHE_PROGRAMS, KERNEL_WATCHDOG, MAX_WARP_INSTRUCTIONS};

// The engine files (host, compute, copy, fault) name the shared state and
// the step helpers as `super::Channel`, `super::record_or_fault`, ...
use state::{set_lower, set_upper, Channel, Cursor, Shared};
use step::{record_or_fault, Step};

/// How the model runs work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExecMode {
    /// Synchronously, at the doorbell.
    #[default]
    Immediate,
    /// On a worker thread.
    Threaded,
    /// Only when a test calls [`Gpu::step`].
    Stepped,
    /// On a worker thread that also polls every channel's GP_PUT (50 µs
    /// back-off to 2 ms), for programs that write the GPFIFO, GP_PUT and the
    /// doorbell straight to memory and never call into the model afterwards
    /// (the `LD_PRELOAD` mock).
    Polling,
}

/// GPU model configuration.
#[derive(Debug, Clone, Copy, Default)]
pub struct GpuConfig {
    /// The execution mode.
    pub mode: ExecMode,
}

impl GpuConfig {
    /// A configuration with this mode.
    pub fn with_mode(mode: ExecMode) -> Self {
        GpuConfig { mode }
    }
}

/// GP_GET's and GP_PUT's offsets in USERD; their one home is [`gpuiface_hal::hw::ga10b`].
pub use gpuiface_hal::hw::ga10b::{USERD_GP_GET, USERD_GP_PUT};

/// The GPU. Used as `Arc<Gpu>`; `Send + Sync`.
pub struct Gpu {
    shared: Arc<Shared>,
    worker: Mutex<Option<JoinHandle<()>>>,
}

impl std::fmt::Debug for Gpu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gpu").field("mode", &self.shared.mode).finish_non_exhaustive()
    }
}

impl Gpu {
    /// The execution mode.
    pub fn mode(&self) -> ExecMode {
        self.shared.mode
    }

    /// Register a closure kernel for a program, by its GPU address or by its
    /// bytes (matched against the memory at the QMD's program address).
    /// Registering the same key again replaces the closure. A closure's
    /// `Err` (or panic) faults the launch; a failed memory access through
    /// [`KernelCtx`] faults it as an MMU fault at that VA.
    pub fn register_kernel(
        &self,
        key: ProgramKey,
        f: impl Fn(&mut KernelCtx<'_>) -> Result<(), String> + Send + Sync + 'static,
    ) {
        let mut k = self.shared.kernels.write().unwrap_or_else(|p| p.into_inner());
        k.retain(|(existing, _)| existing != &key);
        k.push((key, Arc::new(f)));
    }

    /// Run the suite kernels' Rust twins instead of their machine code (the
    /// SASS interpreter runs every launch by default). A test hook: the
    /// twins are the interpreter's oracles (`tests/twins_oracle.rs`).
    pub fn run_twins(&self, on: bool) {
        self.shared.twins.store(on, std::sync::atomic::Ordering::Relaxed);
    }

    /// Methods executed so far, on all channels.
    pub fn methods_executed(&self) -> u64 {
        self.shared.methods.load(Ordering::Relaxed)
    }

    /// Kernel launches so far, on all channels.
    pub fn launches(&self) -> u64 {
        self.shared.launches.load(Ordering::Relaxed)
    }

    /// NON_STALL_INTERRUPTs so far, on all channels.
    pub fn interrupts(&self) -> u64 {
        self.shared.interrupts.load(Ordering::Relaxed)
    }

    /// Doorbell writes so far (exact while they are not rung from two
    /// threads at the same instant: see [`Gpu::doorbell`]).
    pub fn doorbells(&self) -> u64 {
        self.shared.doorbells.load(Ordering::Relaxed)
    }
}

/// Nanoseconds for semaphore timestamps (never 0).
fn timestamp_ns() -> u64 {
    // GPU time: nanoseconds since boot, as an Orin's semaphore timestamps
    // are (a logged one was 0xA187E06C40, ~694 s after boot; issue 12 item 6).
    // CLOCK_BOOTTIME keeps counting through suspend, like the GPU timer.
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec we own.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) } == 0;
    let ns = if ok { (ts.tv_sec as u64).saturating_mul(1_000_000_000).saturating_add(ts.tv_nsec as u64) } else { 0 };
    ns.max(1)
}
