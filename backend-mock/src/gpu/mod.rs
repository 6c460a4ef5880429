//! The GPU model: ga10b's host (PBDMA), compute and copy engines.
//!
//! On a doorbell, the channel's GPFIFO entries between GP_GET and GP_PUT
//! (USERD +0x88 / +0x8C) are fetched through the channel's VM and their
//! pushbuffers executed method by method with the shared codecs
//! (`gpuiface_hal::codec`, `gpuiface_hal::classes`), exactly as the runtime
//! encodes them.
//!
//! | file | engine |
//! |---|---|
//! | `host.rs` | GPFIFO fetch, subchannel binding, semaphores (release/acquire), interrupts |
//! | `compute.rs` | QMD V03_00 launches (read when executed), closure kernels, releases, chaining |
//! | `copy.rs` | the copy engine: pitch copies and their semaphore |
//! | `fault.rs` | channel errors: the notifier record and [`FaultRecord`] |
//!
//! A method the bound class defines but the model does not need is accepted
//! and recorded; one it does not define puts the channel into an error state.
//!
//! ## Execution modes
//! - [`ExecMode::Immediate`]: the doorbell runs the work synchronously, until
//!   every channel is idle or blocked on an acquire.
//! - [`ExecMode::Threaded`]: a worker thread runs concurrently with the CPU;
//!   the doorbell wakes it; blocked channels are re-polled with back-off.
//! - [`ExecMode::Stepped`]: nothing runs until [`Gpu::step`]; one step is one
//!   GPFIFO fetch or one method, and a QMD is read when its launch method
//!   executes — as late as possible, which reproduces seed 002's QMD race.

mod compute;
mod copy;
mod fault;
mod host;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use gpuiface_hal::codec::method::Method;
use gpuiface_hal::FaultRecord;

pub use compute::{KernelCtx, KernelFn, ProgramKey};

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
        f.debug_struct("ChannelDesc").field("chid", &self.chid).field("token", &self.token).finish_non_exhaustive()
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
}

/// GPU model configuration.
#[derive(Debug, Clone, Copy, Default)]
pub struct GpuConfig {
    /// The execution mode.
    pub mode: ExecMode,
}

/// Offsets in USERD.
pub const USERD_GP_GET: usize = 0x88;
/// GP_PUT.
pub const USERD_GP_PUT: usize = 0x8C;

/// The method stream of the GPFIFO entry being executed.
struct Cursor {
    methods: Vec<Method>,
    pos: usize,
    next_get: u32,
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
    injected_mmu_fault: Option<u64>,
    host: host::HostRegs,
    compute: compute::ComputeRegs,
    copy: copy::CopyRegs,
    /// Defined-but-unmodelled methods: (class, method) -> count.
    recorded: BTreeMap<(u32, u32), u64>,
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
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    kernels: RwLock<Vec<(ProgramKey, Arc<KernelFn>)>>,
    stop: AtomicBool,
    methods: AtomicU64,
    launches: AtomicU64,
    interrupts: AtomicU64,
    mode: ExecMode,
}

/// The GPU.
pub struct Gpu {
    shared: Arc<Shared>,
    worker: Mutex<Option<JoinHandle<()>>>,
}

impl std::fmt::Debug for Gpu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gpu").field("mode", &self.shared.mode).finish_non_exhaustive()
    }
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
            }),
            wake: Condvar::new(),
            kernels: RwLock::new(Vec::new()),
            stop: AtomicBool::new(false),
            methods: AtomicU64::new(0),
            launches: AtomicU64::new(0),
            interrupts: AtomicU64::new(0),
            mode: config.mode,
        });
        let worker = (config.mode == ExecMode::Threaded).then(|| {
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

    /// A channel finished SETUP_BIND.
    pub fn attach_channel(&self, desc: ChannelDesc) {
        let mut st = lock(&self.shared.state);
        st.by_token.insert(desc.token, desc.chid);
        let chid = desc.chid;
        st.channels.insert(
            chid,
            Channel {
                desc,
                subchannels: [None; 8],
                objects: Vec::new(),
                cursor: None,
                fault: None,
                notifier: None,
                hung: false,
                injected_mmu_fault: None,
                host: Default::default(),
                compute: Default::default(),
                copy: Default::default(),
                recorded: BTreeMap::new(),
            },
        );
    }

    /// A channel was closed.
    pub fn detach_channel(&self, chid: u32) {
        let mut st = lock(&self.shared.state);
        if let Some(ch) = st.channels.remove(&chid) {
            st.by_token.remove(&ch.desc.token);
        }
    }

    /// ALLOC_OBJ_CTX created an engine object on the channel.
    pub fn bind_object(&self, chid: u32, class: u32) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            if !ch.objects.contains(&class) {
                ch.objects.push(class);
            }
        }
    }

    /// SET_ERROR_NOTIFIER: where channel errors are reported.
    pub fn set_error_notifier(&self, chid: u32, backing: Arc<Backing>, offset: usize) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.notifier = Some((backing, offset));
        }
    }

    /// A usermode doorbell write of `token`.
    pub fn doorbell(&self, _token: u32) {
        match self.shared.mode {
            ExecMode::Immediate => {
                self.run_until_idle();
            }
            ExecMode::Threaded => self.shared.wake.notify_all(),
            ExecMode::Stepped => {}
        }
    }

    /// The error a channel reported, if any.
    pub fn channel_fault(&self, chid: u32) -> Option<FaultRecord> {
        lock(&self.shared.state).channels.get(&chid).and_then(|c| c.fault.clone())
    }

    /// Every fault so far.
    pub fn faults(&self) -> Vec<FaultRecord> {
        lock(&self.shared.state).faults.clone()
    }

    /// Register a closure kernel for a program (by address or by its bytes).
    pub fn register_kernel(
        &self,
        key: ProgramKey,
        f: impl Fn(&mut KernelCtx<'_>) -> Result<(), String> + Send + Sync + 'static,
    ) {
        let mut k = self.shared.kernels.write().unwrap_or_else(|p| p.into_inner());
        k.retain(|(existing, _)| existing != &key);
        k.push((key, Arc::new(f)));
    }

    /// Make a channel stop making progress (no fault record: a hang).
    pub fn inject_hang(&self, chid: u32) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.hung = true;
        }
    }

    /// Make the channel's next step fault at `va` (an MMU fault).
    pub fn inject_mmu_fault(&self, chid: u32, va: u64) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.injected_mmu_fault = Some(va);
        }
    }

    /// Channel ids attached to the GPU.
    pub fn channels(&self) -> Vec<u32> {
        lock(&self.shared.state).channels.keys().copied().collect()
    }

    /// Methods executed so far.
    pub fn methods_executed(&self) -> u64 {
        self.shared.methods.load(Ordering::Relaxed)
    }

    /// Kernel launches so far.
    pub fn launches(&self) -> u64 {
        self.shared.launches.load(Ordering::Relaxed)
    }

    /// NON_STALL_INTERRUPTs so far.
    pub fn interrupts(&self) -> u64 {
        self.shared.interrupts.load(Ordering::Relaxed)
    }

    /// Defined methods the model accepted without modelling: `(class, method, count)`.
    pub fn recorded_methods(&self, chid: u32) -> Vec<(u32, u32, u64)> {
        lock(&self.shared.state)
            .channels
            .get(&chid)
            .map(|c| c.recorded.iter().map(|((cl, m), n)| (*cl, *m, *n)).collect())
            .unwrap_or_default()
    }

    /// Execute one unit of work (a GPFIFO fetch or a method) on the next
    /// channel that can progress; false when every channel is idle or blocked.
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
                st.next = chid;
                return true;
            }
        }
        false
    }

    /// Run until every channel is idle or blocked; returns the steps taken.
    pub fn run_until_idle(&self) -> u64 {
        run_until_idle(&self.shared)
    }

    /// Stop the worker (Threaded); also done on drop.
    pub fn shutdown(&self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        self.shared.wake.notify_all();
        if let Some(h) = lock(&self.worker).take() {
            let _ = h.join();
        }
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn run_until_idle(shared: &Shared) -> u64 {
    let mut st = lock(&shared.state);
    let mut steps = 0;
    loop {
        let ids: Vec<u32> = st.channels.keys().copied().collect();
        let mut progress = false;
        for chid in ids {
            // Run a channel until it stops, then give the others a turn.
            while step_channel(shared, &mut st, chid) == Step::Progress {
                progress = true;
                steps += 1;
            }
        }
        if !progress {
            return steps;
        }
    }
}

fn worker(shared: Arc<Shared>) {
    let mut backoff = Duration::from_micros(50);
    while !shared.stop.load(Ordering::SeqCst) {
        let steps = run_until_idle(&shared);
        let blocked = {
            let st = lock(&shared.state);
            st.channels.values().any(|c| c.cursor.is_some() && c.fault.is_none() && !c.hung)
        };
        if steps > 0 {
            backoff = Duration::from_micros(50);
        } else {
            backoff = (backoff * 2).min(Duration::from_millis(2));
        }
        // Blocked channels wait on memory the CPU may write: re-poll with back-off.
        let wait = if blocked { backoff } else { Duration::from_millis(20) };
        let st = lock(&shared.state);
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let _ = shared.wake.wait_timeout(st, wait);
    }
}

/// Advance one channel by one unit.
fn step_channel(shared: &Shared, st: &mut State, chid: u32) -> Step {
    let Some(ch) = st.channels.get_mut(&chid) else { return Step::Idle };
    if ch.fault.is_some() || ch.hung {
        return Step::Idle;
    }
    if let Some(va) = ch.injected_mmu_fault.take() {
        let rec = fault::mmu(ch, va, gpuiface_hal::Engine::Host, "injected MMU fault");
        st.faults.push(rec);
        return Step::Progress;
    }
    let result = match &ch.cursor {
        None => host::fetch(ch),
        Some(c) if c.pos < c.methods.len() => {
            let m = c.methods[c.pos];
            match execute(shared, ch, m) {
                Ok(true) => {
                    shared.methods.fetch_add(1, Ordering::Relaxed);
                    if let Some(c) = ch.cursor.as_mut() {
                        c.pos += 1;
                    }
                    Ok(Step::Progress)
                }
                Ok(false) => Ok(Step::Blocked),
                Err(rec) => Err(rec),
            }
        }
        Some(_) => {
            // Entry done: advance GP_GET.
            let next = ch.cursor.take().map(|c| c.next_get).unwrap_or(0);
            ch.desc.userd.write_u32(USERD_GP_GET, next);
            Ok(Step::Progress)
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
    let Some(class) = ch.subchannels[m.subchannel as usize] else {
        return Err(fault::pbdma(
            ch,
            format!("method {:#x} on subchannel {} with no object bound", m.method, m.subchannel),
        ));
    };
    match class {
        0xc6c0 | 0xc7c0 => compute::method(shared, ch, class, m),
        0xc6b5 | 0xc7b5 => copy::method(ch, class, m),
        other => Err(fault::pbdma(ch, format!("class {other:#x} is not modelled"))),
    }
}

/// Accept a defined-but-unmodelled method, or fault on an undefined one.
fn record_or_fault(ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    if gpuiface_hal::classes::is_defined_method(class, m.method) {
        *ch.recorded.entry((class, m.method)).or_insert(0) += 1;
        Ok(true)
    } else {
        Err(fault::pbdma(ch, format!("method {:#x} is not defined by class {class:#x}", m.method)))
    }
}

/// Nanoseconds for semaphore timestamps (never 0).
fn timestamp_ns() -> u64 {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    (t.as_nanos() as u64).max(1)
}
