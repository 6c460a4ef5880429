//! The model's state: what the callers and the worker thread share
//! ([`Shared`]: one lock over [`State`], the counters, the registered
//! kernels), and per channel the engines' state ([`Channel`]) with the
//! cursor in the GPFIFO entry being executed ([`Cursor`]).

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};

use gpuiface_hal::codec::method::Method;
use gpuiface_hal::FaultRecord;

use super::{compute, copy, host, ChannelDesc, ChannelStats, ExecMode, FaultObserver, KernelFn, ProgramKey};
use crate::mem::Backing;

/// The method stream of the GPFIFO entry being executed.
pub(super) struct Cursor {
    pub(super) methods: Vec<Method>,
    pub(super) pos: usize,
    pub(super) next_get: u32,
    /// A decode error after the last good method: faults when reached.
    pub(super) error: Option<String>,
}

/// Per-channel engine state.
pub(super) struct Channel {
    pub(super) desc: ChannelDesc,
    /// Class bound to each subchannel by SET_OBJECT.
    pub(super) subchannels: [Option<u32>; 8],
    /// Classes ALLOC_OBJ_CTX created on this channel.
    pub(super) objects: Vec<u32>,
    pub(super) cursor: Option<Cursor>,
    pub(super) fault: Option<FaultRecord>,
    pub(super) notifier: Option<(Arc<Backing>, usize)>,
    pub(super) hung: bool,
    pub(super) blocked: bool,
    pub(super) injected_mmu_fault: Option<u64>,
    /// Test hook: panic at the next step (see [`Gpu::inject_model_panic`](super::Gpu::inject_model_panic)).
    pub(super) inject_panic: bool,
    pub(super) host: host::HostRegs,
    pub(super) compute: compute::ComputeRegs,
    pub(super) copy: copy::CopyRegs,
    /// Defined-but-unmodelled methods: (class, method) -> count.
    pub(super) recorded: BTreeMap<(u32, u32), u64>,
    pub(super) stats: ChannelStats,
    /// Told of this channel's errors as they happen.
    pub(super) observer: Option<FaultObserver>,
    /// Set when the channel is being closed (before its close takes the
    /// model's lock): stops a kernel running inline with the lock held.
    pub(super) closing: Arc<AtomicBool>,
}

impl Channel {
    pub(super) fn new(desc: ChannelDesc) -> Channel {
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
            closing: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// Everything under the model's one lock.
pub(super) struct State {
    pub(super) channels: BTreeMap<u32, Channel>,
    pub(super) by_token: HashMap<u32, u32>,
    pub(super) faults: Vec<FaultRecord>,
    /// Round-robin start for stepping.
    pub(super) next: u32,
    /// A doorbell arrived that the worker has not acted on yet.
    pub(super) kicked: bool,
}

/// What the [`Gpu`](super::Gpu) and its worker thread share.
pub(super) struct Shared {
    pub(super) state: Mutex<State>,
    pub(super) wake: Condvar,
    pub(super) kernels: RwLock<Vec<(ProgramKey, Arc<KernelFn>)>>,
    pub(super) stop: AtomicBool,
    pub(super) methods: AtomicU64,
    pub(super) launches: AtomicU64,
    pub(super) interrupts: AtomicU64,
    pub(super) doorbells: AtomicU64,
    pub(super) mode: ExecMode,
    /// Told of every channel error the moment it is raised.
    pub(super) observer: RwLock<Option<FaultObserver>>,
    /// The copy watchdog budget in pieces ([`WATCHDOG_PIECES`](super::WATCHDOG_PIECES) by default).
    pub(super) watchdog_pieces: AtomicU64,
    /// Decoded programs of the SASS interpreter, by code address.
    pub(super) code: std::sync::Arc<super::machine::CodeCache>,
    /// Run the suite kernels' Rust twins instead of their machine code
    /// (a test hook: the twins are the interpreter's oracles).
    pub(super) twins: std::sync::atomic::AtomicBool,
    /// Told of every finished launch (the trace).
    pub(super) launch_observer: RwLock<Option<super::LaunchObserver>>,
    /// Kernel names by program address, as the process gave them.
    pub(super) names: RwLock<HashMap<u64, String>>,
    /// The compute watchdog: host time a launch on the interpreter may take, in ns.
    pub(super) kernel_watchdog_ns: AtomicU64,
    /// Each attached channel's closing flag, reachable without the model's
    /// lock (which an inline kernel holds while it runs).
    pub(super) closing: Mutex<HashMap<u32, Arc<AtomicBool>>>,
}

/// A 64-bit address register after its `*_A`/`*_UPPER` method: bits 48:32
/// from `data` (17 bits, a 49-bit VA).
pub(super) fn set_upper(reg: u64, data: u32) -> u64 {
    (reg & 0xffff_ffff) | (u64::from(data & 0x1_ffff) << 32)
}

/// A 64-bit register after its `*_B`/`*_LOWER` method: bits 31:0 from `data`.
pub(super) fn set_lower(reg: u64, data: u32) -> u64 {
    (reg & !0xffff_ffff) | u64::from(data)
}

thread_local! {
    /// Set while this thread runs a closure kernel, which it does with the
    /// model's state locked.
    static IN_KERNEL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// What a closure kernel that calls back into the [`Gpu`](super::Gpu)
/// unwinds with: the launch faults with this text (issue 22, item 17).
pub(super) const REENTRY: &str =
    "the kernel closure called back into the Gpu model, whose state its launch holds locked";

/// Run `f` (a closure kernel) marked as inside a kernel: a call back into
/// the model from it then ends the launch with a fault instead of a
/// deadlock on the model's lock.
pub(super) fn in_kernel<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            IN_KERNEL.with(|c| c.set(self.0));
        }
    }
    let _reset = Reset(IN_KERNEL.with(|c| c.replace(true)));
    f()
}

/// Lock `m`, also after a panic poisoned it.
///
/// From inside a closure kernel (whose launch holds the model's state
/// locked) this unwinds with [`REENTRY`] rather than deadlock: the unwind
/// is caught where the kernel runs and faults its launch.
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    if IN_KERNEL.with(|c| c.get()) {
        std::panic::resume_unwind(Box::new(REENTRY.to_string()));
    }
    m.lock().unwrap_or_else(|p| p.into_inner())
}
