//! When work runs ([`ExecMode`]): the GPU's construction (the worker
//! thread), the doorbell, stepping, rounds of [`TIMESLICE_STEPS`] per
//! channel, the threaded and polling worker, shutdown. One step of one
//! channel is [`super::step`]'s.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::Duration;

use super::state::{lock, Shared, State};
use super::step::{step_channel, Step};
use super::{copy, ExecMode, Gpu, GpuConfig};

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
            code: Default::default(),
            twins: Default::default(),
            launch_observer: RwLock::new(None),
            names: RwLock::new(HashMap::new()),
            kernel_watchdog_ns: AtomicU64::new(super::machine::default_watchdog_ns()),
            closing: Mutex::new(HashMap::new()),
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

    /// A usermode doorbell write of `token`. Immediate: runs every channel
    /// to idle/blocked now (a doorbell is also when the model notices CPU
    /// writes that satisfy a parked acquire). Threaded: wakes the worker.
    /// Stepped: counted only. An unknown token is ignored, as by hardware.
    #[inline]
    pub fn doorbell(&self, _token: u32) {
        // Counted without a locked instruction (a doorbell costs hardware a
        // store, and the model should not add a read-modify-write to every
        // submit): exact while doorbells are rung one at a time; two threads
        // ringing at the same instant (two engines' submitters) may count once.
        let count = &self.shared.doorbells;
        count.store(count.load(Ordering::Relaxed).wrapping_add(1), Ordering::Relaxed);
        if self.shared.mode != ExecMode::Stepped {
            self.run_or_wake();
        }
    }

    /// What a doorbell does in the modes that run work (out of line: the
    /// submit path inlines only the count).
    #[inline(never)]
    fn run_or_wake(&self) {
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
        // A kernel running inline on another thread (immediate or stepped
        // mode) holds the model's lock: stop it first.
        for flag in lock(&self.shared.closing).values() {
            flag.store(true, Ordering::Relaxed);
        }
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
/// (with [`TIMESLICE_PIECES`](super::TIMESLICE_PIECES) per copy step, a round is bounded work).
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
        let mut blocked = st.channels.values().any(|c| c.blocked && c.fault.is_none() && !c.hung);
        // A kernel running beside the channels: poll for its end at the
        // shortest back-off (its thread rings no doorbell).
        if st.channels.values().any(|c| c.compute.has_running()) {
            backoff = MIN_BACKOFF;
            blocked = true;
        }
        if st.kicked || shared.stop.load(Ordering::SeqCst) {
            continue;
        }
        let wait = if blocked || shared.mode == ExecMode::Polling { backoff } else { IDLE_WAIT };
        st = shared.wake.wait_timeout(st, wait).map(|(g, _)| g).unwrap_or_else(|p| p.into_inner().0);
    }
}
