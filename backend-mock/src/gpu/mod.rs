//! The GPU model: ga10b's host (PBDMA), compute and copy engines.
//!
//! On a doorbell, the channel's GPFIFO entries between GP_GET and GP_PUT
//! (USERD +0x88 / +0x8C) are fetched, their pushbuffers read through the
//! channel's VM and executed method by method with the shared codecs
//! (`gpuiface_hal::codec`, `gpuiface_hal::classes`), exactly as the runtime
//! encodes them. GP_GET advances (in USERD) when an entry's last method has
//! executed.
//!
//! | file | engine |
//! |---|---|
//! | `host.rs` | GPFIFO fetch, subchannel binding, semaphores (release/acquire/reduction), interrupts |
//! | `compute.rs` | QMD V03_00 launches (read when executed) checked as the hardware would, closure kernels, releases, chaining, the engine's local/shared memory state |
//! | [`twins`] | Rust twins of the suite's SM 8.7 kernels, recognised by their code bytes |
//! | `copy.rs` | the copy engine: pitch copies and their semaphore |
//! | `fault.rs` | channel errors: the notifier record and [`FaultRecord`] |
//! | [`testkit`] | a fixed-VA test VM and a channel harness for tests without the kernel model |
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
//! Kernel closures run with the model's state locked: they must not call
//! back into the [`Gpu`].

mod compute;
mod copy;
mod fault;
mod host;
pub mod testkit;
pub mod twins;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use gpuiface_hal::codec::method::Method;
use gpuiface_hal::FaultRecord;

pub use compute::{ComputeState, KernelCtx, KernelFn, ProgramKey};
pub use copy::{TIMESLICE_PIECES, WATCHDOG_PIECES};
pub use fault::NOTIFIER_STATUS_ERROR;

use crate::mem::{Backing, GpuVm};

/// What the kernel model tells the GPU about a channel at SETUP_BIND.
pub struct ChannelDesc {
    /// Hardware channel id.
    pub chid: u32,
    /// The work-submit token the doorbell carries.
    pub token: u32,
    /// The channel's address space.
    pub vm: Arc<dyn GpuVm>,
    /// The GPFIFO ring (8 bytes per entry).
    pub gpfifo: Arc<Backing>,
    /// Ring entries (a power of two).
    pub gpfifo_entries: u32,
    /// USERD: GP_GET at +0x88, GP_PUT at +0x8C.
    pub userd: Arc<Backing>,
}

impl std::fmt::Debug for ChannelDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChannelDesc")
            .field("chid", &self.chid)
            .field("token", &self.token)
            .field("gpfifo_entries", &self.gpfifo_entries)
            .finish_non_exhaustive()
    }
}

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

/// Where a channel is, as [`Gpu::channel_status`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelStatus {
    /// Nothing between GP_GET and GP_PUT, nothing in flight.
    Idle,
    /// Work is pending or in flight (it runs at the next doorbell/step).
    Busy,
    /// Parked on an unsatisfied semaphore acquire, mid-pushbuffer.
    Blocked,
    /// In its error state (see [`Gpu::channel_fault`]).
    Faulted,
    /// Stopped by [`Gpu::inject_hang`].
    Hung,
}

/// Per-channel counters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChannelStats {
    /// GPFIFO entries fetched.
    pub gpfifo_entries: u64,
    /// Methods executed (each data word of a pushbuffer counts once).
    pub methods: u64,
    /// Kernel launches (dependent QMDs included).
    pub launches: u64,
    /// Copy-engine LAUNCH_DMAs.
    pub copies: u64,
    /// Semaphore releases (host, QMD and copy engine).
    pub releases: u64,
    /// Times the channel parked on an acquire (each park counts once).
    pub acquire_waits: u64,
    /// NON_STALL_INTERRUPTs (and non-blocking copy/QMD interrupts).
    pub interrupts: u64,
}

/// The method stream of the GPFIFO entry being executed.
struct Cursor {
    methods: Vec<Method>,
    pos: usize,
    next_get: u32,
    /// A decode error after the last good method: faults when reached.
    error: Option<String>,
}

/// Per-channel engine state.
struct Channel {
    desc: ChannelDesc,
    /// Class bound to each subchannel by SET_OBJECT.
    subchannels: [Option<u32>; 8],
    /// Classes ALLOC_OBJ_CTX created on this channel.
    objects: Vec<u32>,
    cursor: Option<Cursor>,
    fault: Option<FaultRecord>,
    notifier: Option<(Arc<Backing>, usize)>,
    hung: bool,
    blocked: bool,
    injected_mmu_fault: Option<u64>,
    /// Test hook: panic at the next step (see [`Gpu::inject_model_panic`]).
    inject_panic: bool,
    host: host::HostRegs,
    compute: compute::ComputeRegs,
    copy: copy::CopyRegs,
    /// Defined-but-unmodelled methods: (class, method) -> count.
    recorded: BTreeMap<(u32, u32), u64>,
    stats: ChannelStats,
    /// Told of this channel's errors as they happen.
    observer: Option<FaultObserver>,
}

impl Channel {
    fn new(desc: ChannelDesc) -> Channel {
        Channel {
            desc,
            subchannels: [None; 8],
            objects: Vec::new(),
            cursor: None,
            fault: None,
            notifier: None,
            hung: false,
            blocked: false,
            injected_mmu_fault: None,
            inject_panic: false,
            host: Default::default(),
            compute: Default::default(),
            copy: Default::default(),
            recorded: BTreeMap::new(),
            stats: ChannelStats::default(),
            observer: None,
        }
    }
}

/// What one step of a channel did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Progress,
    Idle,
    Blocked,
}

struct State {
    channels: BTreeMap<u32, Channel>,
    by_token: HashMap<u32, u32>,
    faults: Vec<FaultRecord>,
    /// Round-robin start for stepping.
    next: u32,
    /// A doorbell arrived that the worker has not acted on yet.
    kicked: bool,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    kernels: RwLock<Vec<(ProgramKey, Arc<KernelFn>)>>,
    stop: AtomicBool,
    methods: AtomicU64,
    launches: AtomicU64,
    interrupts: AtomicU64,
    doorbells: AtomicU64,
    mode: ExecMode,
    /// Told of every channel error the moment it is raised.
    observer: RwLock<Option<FaultObserver>>,
    /// The copy watchdog budget in pieces ([`WATCHDOG_PIECES`] by default).
    watchdog_pieces: AtomicU64,
}

/// Called with each channel error the moment the model raises it, and
/// whether the channel has an error notifier (a client without one only
/// learns of the error when its own wait times out). Runs under the GPU
/// model's lock: it must not call back into the [`Gpu`].
pub type FaultObserver = Arc<dyn Fn(&FaultRecord, bool) + Send + Sync>;

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

/// A 64-bit address register after its `*_A`/`*_UPPER` method: bits 48:32
/// from `data` (17 bits, a 49-bit VA).
fn set_upper(reg: u64, data: u32) -> u64 {
    (reg & 0xffff_ffff) | (u64::from(data & 0x1_ffff) << 32)
}

/// A 64-bit register after its `*_B`/`*_LOWER` method: bits 31:0 from `data`.
fn set_lower(reg: u64, data: u32) -> u64 {
    (reg & !0xffff_ffff) | u64::from(data)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Gpu {
    /// A GPU in the configured mode (Threaded starts its worker).
    pub fn new(config: GpuConfig) -> Arc<Gpu> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                channels: BTreeMap::new(),
                by_token: HashMap::new(),
                faults: Vec::new(),
                next: 0,
                kicked: false,
            }),
            wake: Condvar::new(),
            kernels: RwLock::new(Vec::new()),
            stop: AtomicBool::new(false),
            methods: AtomicU64::new(0),
            launches: AtomicU64::new(0),
            interrupts: AtomicU64::new(0),
            doorbells: AtomicU64::new(0),
            mode: config.mode,
            observer: RwLock::new(None),
            watchdog_pieces: AtomicU64::new(copy::WATCHDOG_PIECES),
        });
        let worker = matches!(config.mode, ExecMode::Threaded | ExecMode::Polling).then(|| {
            let s = shared.clone();
            std::thread::Builder::new()
                .name("gpuiface-mock-gpu".into())
                .spawn(move || worker(s))
                .expect("spawn GPU worker")
        });
        Arc::new(Gpu { shared, worker: Mutex::new(worker) })
    }

    /// The execution mode.
    pub fn mode(&self) -> ExecMode {
        self.shared.mode
    }

    /// A channel finished SETUP_BIND. Re-attaching a chid replaces it.
    pub fn attach_channel(&self, desc: ChannelDesc) {
        let mut st = lock(&self.shared.state);
        if let Some(old) = st.channels.remove(&desc.chid) {
            st.by_token.remove(&old.desc.token);
        }
        st.by_token.insert(desc.token, desc.chid);
        let mut ch = Channel::new(desc);
        ch.observer = self.shared.observer.read().unwrap_or_else(|p| p.into_inner()).clone();
        st.channels.insert(ch.desc.chid, ch);
    }

    /// Tell `observer` of every channel error of channels attached from now on,
    /// the moment it is raised (the kernel model traces it and says it on stderr).
    pub fn set_fault_observer(&self, observer: FaultObserver) {
        *self.shared.observer.write().unwrap_or_else(|p| p.into_inner()) = Some(observer);
    }

    /// A channel was closed. When this returns the model (and the threaded
    /// worker) no longer touches the channel's memory.
    pub fn detach_channel(&self, chid: u32) {
        let mut st = lock(&self.shared.state);
        if let Some(ch) = st.channels.remove(&chid) {
            st.by_token.remove(&ch.desc.token);
        }
    }

    /// ALLOC_OBJ_CTX created an engine object (class) on the channel; a
    /// pushbuffer SET_OBJECT can then bind it to a subchannel.
    pub fn bind_object(&self, chid: u32, class: u32) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            if !ch.objects.contains(&class) {
                ch.objects.push(class);
            }
        }
    }

    /// SET_ERROR_NOTIFIER: where channel errors are reported (16 bytes at `offset`).
    pub fn set_error_notifier(&self, chid: u32, backing: Arc<Backing>, offset: usize) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.notifier = Some((backing, offset));
        }
    }

    /// A usermode doorbell write of `token`. Immediate: runs every channel
    /// to idle/blocked now (a doorbell is also when the model notices CPU
    /// writes that satisfy a parked acquire). Threaded: wakes the worker.
    /// Stepped: counted only. An unknown token is ignored, as by hardware.
    pub fn doorbell(&self, _token: u32) {
        self.shared.doorbells.fetch_add(1, Ordering::Relaxed);
        match self.shared.mode {
            ExecMode::Immediate => {
                self.run_until_idle();
            }
            ExecMode::Threaded | ExecMode::Polling => {
                lock(&self.shared.state).kicked = true;
                self.shared.wake.notify_all();
            }
            ExecMode::Stepped => {}
        }
    }

    /// The error that stopped a channel, if any.
    pub fn channel_fault(&self, chid: u32) -> Option<FaultRecord> {
        lock(&self.shared.state).channels.get(&chid).and_then(|c| c.fault.clone())
    }

    /// Every fault so far, in order.
    pub fn faults(&self) -> Vec<FaultRecord> {
        lock(&self.shared.state).faults.clone()
    }

    /// Where a channel is (`None`: no such channel).
    pub fn channel_status(&self, chid: u32) -> Option<ChannelStatus> {
        let st = lock(&self.shared.state);
        let ch = st.channels.get(&chid)?;
        Some(if ch.fault.is_some() {
            ChannelStatus::Faulted
        } else if ch.hung {
            ChannelStatus::Hung
        } else if ch.blocked {
            ChannelStatus::Blocked
        } else if ch.cursor.is_some()
            || ch.compute.has_pending()
            || ch.copy.has_job()
            || ch.desc.userd.read_u32(USERD_GP_GET) != ch.desc.userd.read_u32(USERD_GP_PUT)
        {
            ChannelStatus::Busy
        } else {
            ChannelStatus::Idle
        })
    }

    /// A channel's counters (`None`: no such channel).
    pub fn channel_stats(&self, chid: u32) -> Option<ChannelStats> {
        lock(&self.shared.state).channels.get(&chid).map(|c| c.stats.clone())
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

    /// The compute engine's memory state on a channel (what the state
    /// methods set); `None` for an unknown channel.
    pub fn compute_state(&self, chid: u32) -> Option<ComputeState> {
        lock(&self.shared.state).channels.get(&chid).map(|c| c.compute.state)
    }

    /// The last QMD the compute engine read on a channel to launch (its VA
    /// and contents), whether or not the launch then passed its checks.
    pub fn last_launch(&self, chid: u32) -> Option<(u64, gpuiface_hal::Qmd)> {
        lock(&self.shared.state).channels.get(&chid).and_then(|c| c.compute.last)
    }

    /// Set the copy engine's watchdog budget (pieces: lines, or 1 MiB of a
    /// line, see [`WATCHDOG_PIECES`]); a launch still running past it
    /// faults its channel with `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`.
    pub fn set_copy_watchdog(&self, pieces: u64) {
        self.shared.watchdog_pieces.store(pieces, Ordering::Relaxed);
    }

    /// Make a channel stop making progress (no fault record: a hang).
    pub fn inject_hang(&self, chid: u32) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.hung = true;
        }
    }

    /// Make the model itself panic at the channel's next step, as a bug in
    /// the model would: the panic is caught, the channel faults
    /// (`NVGPU_CHANNEL_PBDMA_ERROR`, reason "GPU model panic") and every
    /// other channel keeps running.
    pub fn inject_model_panic(&self, chid: u32) {
        let mut st = lock(&self.shared.state);
        if let Some(ch) = st.channels.get_mut(&chid) {
            ch.inject_panic = true;
        }
        if matches!(self.shared.mode, ExecMode::Threaded | ExecMode::Polling) {
            st.kicked = true;
            self.shared.wake.notify_all();
        }
    }

    /// Make the channel fault at `va` (an MMU fault) at its next step.
    pub fn inject_mmu_fault(&self, chid: u32, va: u64) {
        let mut st = lock(&self.shared.state);
        if let Some(ch) = st.channels.get_mut(&chid) {
            ch.injected_mmu_fault = Some(va);
        }
        if matches!(self.shared.mode, ExecMode::Threaded | ExecMode::Polling) {
            st.kicked = true;
            self.shared.wake.notify_all();
        }
    }

    /// Channel ids attached to the GPU.
    pub fn channels(&self) -> Vec<u32> {
        lock(&self.shared.state).channels.keys().copied().collect()
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

    /// Doorbell writes so far.
    pub fn doorbells(&self) -> u64 {
        self.shared.doorbells.load(Ordering::Relaxed)
    }

    /// Defined methods the model accepted without modelling: `(class, method, count)`.
    pub fn recorded_methods(&self, chid: u32) -> Vec<(u32, u32, u64)> {
        lock(&self.shared.state)
            .channels
            .get(&chid)
            .map(|c| c.recorded.iter().map(|((cl, m), n)| (*cl, *m, *n)).collect())
            .unwrap_or_default()
    }

    /// Run `f` while a helper thread steps this (stepped) GPU, for calls
    /// that synchronize, such as loading a program; the helper stops when
    /// `f` returns.
    pub fn run_stepping<T>(self: &Arc<Self>, f: impl FnOnce() -> T) -> T {
        let stop = Arc::new(AtomicBool::new(false));
        let (gpu, done) = (self.clone(), stop.clone());
        let stepper = std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if !gpu.step() {
                    std::thread::yield_now();
                }
            }
        });
        let out = f();
        stop.store(true, Ordering::Relaxed);
        // The helper only steps; a panic there is the model's, seen again by the caller.
        let _ = stepper.join();
        out
    }

    /// Execute one unit of work (see the module docs) on the next channel,
    /// round-robin, that can progress; false when every channel is idle,
    /// blocked, faulted or hung.
    pub fn step(&self) -> bool {
        let mut st = lock(&self.shared.state);
        let ids: Vec<u32> = st.channels.keys().copied().collect();
        if ids.is_empty() {
            return false;
        }
        let start = ids.iter().position(|c| *c >= st.next).unwrap_or(0);
        for i in 0..ids.len() {
            let chid = ids[(start + i) % ids.len()];
            if step_channel(&self.shared, &mut st, chid) == Step::Progress {
                st.next = chid.wrapping_add(1);
                return true;
            }
        }
        false
    }

    /// Execute one unit of work on channel `chid` only; false when it cannot progress.
    pub fn step_channel(&self, chid: u32) -> bool {
        let mut st = lock(&self.shared.state);
        step_channel(&self.shared, &mut st, chid) == Step::Progress
    }

    /// Up to `n` [`Gpu::step`]s; returns how many made progress.
    pub fn step_n(&self, n: u64) -> u64 {
        let mut done = 0;
        while done < n && self.step() {
            done += 1;
        }
        done
    }

    /// Run until every channel is idle, blocked, faulted or hung; returns the
    /// steps taken. Usable in every mode (in Threaded mode it runs on the
    /// caller's thread, serialised with the worker).
    pub fn run_until_idle(&self) -> u64 {
        run_until_idle(&self.shared)
    }

    /// Stop the worker (Threaded) and wait for it; idempotent, also done on drop.
    pub fn shutdown(&self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        {
            let _st = lock(&self.shared.state);
            self.shared.wake.notify_all();
        }
        if let Some(h) = lock(&self.worker).take() {
            let _ = h.join();
        }
    }

    /// True while the threaded worker runs.
    pub fn worker_running(&self) -> bool {
        lock(&self.worker).as_ref().is_some_and(|h| !h.is_finished())
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Steps a channel may take in one round before the next channel's turn
/// (with [`TIMESLICE_PIECES`] per copy step, a round is bounded work).
const TIMESLICE_STEPS: u64 = 64;

/// Run rounds until nothing progresses. The model's lock is released
/// between rounds, so the kernel model (closing a channel, say) never waits
/// for more than one round.
fn run_until_idle(shared: &Shared) -> u64 {
    let mut steps = 0;
    loop {
        let n = run_round(shared, &mut lock(&shared.state));
        if n == 0 {
            return steps;
        }
        steps += n;
        std::thread::yield_now();
    }
}

/// One round: every channel in turn, each until it stops or its timeslice
/// ([`TIMESLICE_STEPS`]) is used up. Returns the steps taken.
fn run_round(shared: &Shared, st: &mut State) -> u64 {
    let mut steps = 0;
    let ids: Vec<u32> = st.channels.keys().copied().collect();
    for chid in ids {
        let mut slice = 0;
        while slice < TIMESLICE_STEPS && step_channel(shared, st, chid) == Step::Progress {
            slice += 1;
        }
        steps += slice;
    }
    steps
}

/// The threaded worker: run on every doorbell; while some channel is parked
/// on an acquire, re-poll with back-off (its semaphore may be written by the
/// CPU, which rings no doorbell); otherwise sleep until a doorbell.
fn worker(shared: Arc<Shared>) {
    const MIN_BACKOFF: Duration = Duration::from_micros(50);
    const MAX_BACKOFF: Duration = Duration::from_millis(2);
    const IDLE_WAIT: Duration = Duration::from_millis(100);
    let mut backoff = MIN_BACKOFF;
    let mut st = lock(&shared.state);
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        st.kicked = false;
        // Rounds, with the lock released between them (see run_until_idle).
        let mut steps = 0;
        loop {
            let n = run_round(&shared, &mut st);
            steps += n;
            if n == 0 || shared.stop.load(Ordering::SeqCst) {
                break;
            }
            drop(st);
            std::thread::yield_now();
            st = lock(&shared.state);
        }
        backoff = if steps > 0 { MIN_BACKOFF } else { (backoff * 2).min(MAX_BACKOFF) };
        let blocked = st.channels.values().any(|c| c.blocked && c.fault.is_none() && !c.hung);
        if st.kicked || shared.stop.load(Ordering::SeqCst) {
            continue;
        }
        let wait = if blocked || shared.mode == ExecMode::Polling { backoff } else { IDLE_WAIT };
        st = shared.wake.wait_timeout(st, wait).map(|(g, _)| g).unwrap_or_else(|p| p.into_inner().0);
    }
}

/// Advance one channel by one unit. A panic inside the model (a bug: no
/// input should cause one) faults only this channel; the others keep running.
fn step_channel(shared: &Shared, st: &mut State, chid: u32) -> Step {
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| step_channel_inner(shared, st, chid)));
    match caught {
        Ok(step) => step,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a non-string panic".into());
            if let Some(ch) = st.channels.get_mut(&chid) {
                let rec = fault::pbdma(ch, format!("GPU model panic: {what}"));
                st.faults.push(rec);
            }
            Step::Progress
        }
    }
}

fn step_channel_inner(shared: &Shared, st: &mut State, chid: u32) -> Step {
    let Some(ch) = st.channels.get_mut(&chid) else { return Step::Idle };
    if ch.inject_panic {
        ch.inject_panic = false;
        panic!("injected model panic on channel {chid}");
    }
    if ch.fault.is_some() || ch.hung {
        return Step::Idle;
    }
    if let Some(va) = ch.injected_mmu_fault.take() {
        let rec = fault::mmu(ch, va, gpuiface_hal::Engine::Host, "injected MMU fault");
        st.faults.push(rec);
        return Step::Progress;
    }
    let result = if ch.copy.has_job() {
        // A copy launch in flight continues, one timeslice per step.
        copy::resume(shared, ch).map(|_| Step::Progress)
    } else if ch.compute.has_pending() {
        // A dependent QMD launches at its own step, read as late as possible.
        compute::launch_pending(shared, ch).map(|_| Step::Progress)
    } else {
        match &ch.cursor {
            None => host::fetch(ch),
            Some(c) if c.pos < c.methods.len() => {
                let m = c.methods[c.pos];
                match execute(shared, ch, m) {
                    Ok(true) => {
                        shared.methods.fetch_add(1, Ordering::Relaxed);
                        ch.stats.methods += 1;
                        ch.blocked = false;
                        if let Some(c) = ch.cursor.as_mut() {
                            c.pos += 1;
                        }
                        Ok(Step::Progress)
                    }
                    Ok(false) => {
                        if !ch.blocked {
                            ch.stats.acquire_waits += 1;
                        }
                        ch.blocked = true;
                        Ok(Step::Blocked)
                    }
                    Err(rec) => Err(rec),
                }
            }
            Some(c) if c.error.is_some() => {
                let reason = c.error.clone().unwrap_or_default();
                Err(fault::pbdma(ch, reason))
            }
            Some(_) => {
                // Entry done: advance GP_GET.
                let next = ch.cursor.take().map(|c| c.next_get).unwrap_or(0);
                ch.desc.userd.write_u32(USERD_GP_GET, next);
                Ok(Step::Progress)
            }
        }
    };
    match result {
        Ok(s) => s,
        Err(rec) => {
            st.faults.push(rec);
            Step::Progress
        }
    }
}

/// Execute one method; `Ok(false)` when it blocks (an unsatisfied acquire).
fn execute(shared: &Shared, ch: &mut Channel, m: Method) -> Result<bool, FaultRecord> {
    if m.method < 0x100 {
        return host::method(shared, ch, m);
    }
    let Some(class) = ch.subchannels[usize::from(m.subchannel & 7)] else {
        return Err(fault::pbdma(
            ch,
            format!("method {:#x} on subchannel {} with no object bound", m.method, m.subchannel),
        ));
    };
    match class {
        c if gpuiface_hal::classes::compute::CLASSES.contains(&c) => compute::method(shared, ch, class, m),
        c if gpuiface_hal::classes::copy::CLASSES.contains(&c) => copy::method(shared, ch, class, m),
        other => Err(fault::pbdma(ch, format!("class {other:#x} is not modelled"))),
    }
}

/// Accept a defined-but-unmodelled method, or fault on an undefined one.
fn record_or_fault(ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    if gpuiface_hal::classes::is_defined_method(class, m.method) {
        *ch.recorded.entry((class, m.method)).or_insert(0) += 1;
        Ok(true)
    } else {
        Err(fault::pbdma(
            ch,
            format!("illegal method {:#x} on subchannel {}: not defined by class {class:#x}", m.method, m.subchannel),
        ))
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
