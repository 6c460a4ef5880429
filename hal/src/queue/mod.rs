//! Command queues, generic over [`GpuIface`]: what a runtime such as
//! tinygrad's HCQ layer builds on.
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
//! ## Signal placement (seed 002)
//! Where [`DeviceInfo::signal_placement`](crate::DeviceInfo) is
//! [`SignalPlacement::PushbufferSemaphore`] (Tegra), every signal is a host
//! semaphore release in the pushbuffer. Where it is
//! [`SignalPlacement::QmdRelease`], a signal that directly follows a launch is
//! folded into that launch's QMD release slot. [`QueueOptions`] can force
//! either, and can make a queue reuse one QMD memory slot per launch across
//! replays (the pattern that produces the QMD race on Tegra) — the
//! conformance suite uses that to show the hazard and its fix.

mod encode;
pub mod launch;
mod ring;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use encode::{Cmd, EncodeCtx};
pub use encode::{LaunchDims, Program, QueueKind, Val, VarId};
pub use launch::Arg;
use ring::CommandRing;

use crate::error::{Error, Result};
use crate::rm::{RmAllocParams, RmClass};
use crate::types::{AllocRequest, Buffer, RmHandle, Signal, SignalPlacement};
use crate::GpuIface;

/// GPFIFO entries per channel (seed 000: 1024 is plenty for one kernel at a time).
pub const GPFIFO_ENTRIES: u32 = 1024;
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

fn duration_ns(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Largest chunk one copy-engine launch moves (LINE_LENGTH_IN is 32 bits).
pub const MAX_COPY_CHUNK: u64 = 1 << 30;

/// How a queue places signals and QMDs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct QueueOptions {
    /// Override the device's signal placement.
    pub signal_placement: Option<SignalPlacement>,
    /// Keep one QMD slot per launch across replays instead of fresh command
    /// memory for every submit. A slot is rewritten only once the GPU has
    /// finished the submission that last used it (it has read the QMD and
    /// the arguments it points to); while that submission is in flight, or
    /// when the queue grew past its slots, the submit uses fresh command
    /// memory instead. So reuse never rewrites what the GPU may still read:
    /// seed 002's QMD race cannot happen through this runtime (the
    /// conformance suite builds the racy pattern by hand to show it).
    pub reuse_qmd_memory: bool,
}

/// A queue's persistent QMD memory (reuse mode).
#[derive(Debug)]
struct QmdSlots {
    buffer: Buffer,
    /// Launches it holds.
    capacity: u64,
    /// Timeline value of the last submission that used it (0: none).
    last_use: u64,
}

/// A recorded command list, replayable with new variable values.
///
/// ```
/// use gpuiface_hal::queue::{Queue, QueueKind, Val};
/// let mut q = Queue::new(QueueKind::Compute);
/// let v = q.var();
/// q.barrier();
/// assert_eq!(q.len(), 1);
/// assert_eq!(Val::from(3u64), Val::Lit(3));
/// # let _ = v;
/// ```
#[derive(Debug)]
pub struct Queue {
    /// Unique per queue: its variables carry it.
    id: u64,
    kind: QueueKind,
    cmds: Vec<Cmd>,
    vars: usize,
    options: QueueOptions,
    /// Persistent QMD slots (reuse mode), allocated on first submit.
    qmd_slots: Mutex<Option<QmdSlots>>,
    /// The queue encoded once, at its first submit (reset when it changes).
    template: OnceLock<encode::Template>,
    /// A variable of another queue was recorded here (an error at submit).
    foreign_var: Option<VarId>,
    /// GPU VA ranges the queue's launches use ([`Queue::uses`]).
    declared: Vec<(u64, u64)>,
    /// What the queue's work touches, computed at its first submit.
    footprint: OnceLock<Arc<Footprint>>,
}

/// The GPU memory a submission may touch, for waits on one buffer.
#[derive(Debug, Default, PartialEq, Eq)]
struct Footprint {
    /// A launch that declared nothing: it may touch anything.
    everything: bool,
    /// `[start, end)` GPU VA ranges: copies' sources and destinations, and
    /// what launches declared.
    ranges: Vec<(u64, u64)>,
}

impl Footprint {
    fn of(queue: &Queue) -> Footprint {
        let mut f = Footprint { everything: false, ranges: queue.declared.clone() };
        for c in &queue.cmds {
            match c {
                Cmd::Launch { .. } if queue.declared.is_empty() => f.everything = true,
                Cmd::Copy { dst, src, len } => {
                    f.ranges.push((*dst, dst.saturating_add(*len)));
                    f.ranges.push((*src, src.saturating_add(*len)));
                }
                _ => {}
            }
        }
        f
    }
    fn overlaps(&self, start: u64, end: u64) -> bool {
        self.everything || self.ranges.iter().any(|&(s, e)| s < end && start < e)
    }
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Queue {
    /// An empty queue for one engine.
    pub fn new(kind: QueueKind) -> Self {
        Queue {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            kind,
            cmds: Vec::new(),
            vars: 0,
            options: QueueOptions::default(),
            qmd_slots: Mutex::new(None),
            template: OnceLock::new(),
            foreign_var: None,
            declared: Vec::new(),
            footprint: OnceLock::new(),
        }
    }

    /// Record a command: the queue changed, so its encoding is stale.
    fn push(&mut self, cmd: Cmd) -> &mut Self {
        let mut check = |v: &Val| {
            if let Val::Var(var) = v {
                if var.queue != self.id && self.foreign_var.is_none() {
                    self.foreign_var = Some(*var);
                }
            }
        };
        match &cmd {
            Cmd::Wait { value, .. } | Cmd::Signal { value, .. } => check(value),
            Cmd::Launch { arg_vars, .. } => arg_vars.iter().for_each(|(_, v)| check(&Val::Var(*v))),
            _ => {}
        }
        self.cmds.push(cmd);
        self.template = OnceLock::new();
        self.footprint = OnceLock::new();
        self
    }

    /// Declare a buffer this queue's launches read or write. A queue whose
    /// launches declare their buffers lets [`Runtime::copyin`],
    /// [`Runtime::copyout`] and [`Runtime::free`] of *other* buffers go on
    /// while it runs; a launch that declares nothing is taken to touch
    /// everything (copies' own ranges are always known).
    ///
    /// ```
    /// # use gpuiface_hal::queue::Queue;
    /// # fn f(out: &gpuiface_hal::Buffer) {
    /// let mut q = Queue::compute();
    /// q.uses(out); // then q.launch(...)
    /// # }
    /// ```
    pub fn uses(&mut self, buffer: &Buffer) -> &mut Self {
        self.declared.push((buffer.gpu_va, buffer.gpu_va.saturating_add(buffer.size)));
        self.footprint = OnceLock::new();
        self
    }

    fn footprint(&self) -> Arc<Footprint> {
        self.footprint.get_or_init(|| Arc::new(Footprint::of(self))).clone()
    }
    /// An empty compute queue.
    pub fn compute() -> Self {
        Self::new(QueueKind::Compute)
    }
    /// An empty copy queue.
    pub fn copy_queue() -> Self {
        Self::new(QueueKind::Copy)
    }
    /// Set placement options.
    pub fn with_options(mut self, options: QueueOptions) -> Self {
        self.options = options;
        self.template = OnceLock::new();
        self
    }
    fn launches(&self) -> u64 {
        self.cmds.iter().filter(|c| matches!(c, Cmd::Launch { .. })).count() as u64
    }
    /// Bytes of command memory one submit of this queue writes (its
    /// encoding: QMDs, constant buffers, pushbuffer), once it has been
    /// submitted; `None` before.
    pub fn encoded_len(&self) -> Option<usize> {
        self.template.get().map(|t| t.image.len())
    }
    /// The engine this queue feeds.
    pub fn kind(&self) -> QueueKind {
        self.kind
    }
    /// Number of recorded commands.
    pub fn len(&self) -> usize {
        self.cmds.len()
    }
    /// True when nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.cmds.is_empty()
    }
    /// A new variable, bound at each [`Runtime::submit`].
    pub fn var(&mut self) -> VarId {
        self.vars += 1;
        VarId { queue: self.id, index: self.vars - 1 }
    }
    /// Block the queue until `signal >= value`.
    pub fn wait(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        self.push(Cmd::Wait { signal: signal.clone(), value: value.into() })
    }
    /// Set `signal = value` once everything before it has completed.
    pub fn signal(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        self.push(Cmd::Signal { signal: signal.clone(), value: value.into() })
    }
    /// Launch `program` with `args` as constant buffer 0 (compute queues).
    pub fn launch(&mut self, program: &Program, dims: LaunchDims, args: &[u8]) -> &mut Self {
        self.push(Cmd::Launch { program: program.clone(), dims, args: args.to_vec(), arg_vars: Vec::new() })
    }
    /// Launch with some 64-bit argument words taken from variables
    /// (`(byte offset in args, variable)`), patched at every submit.
    pub fn launch_with_vars(
        &mut self,
        program: &Program,
        dims: LaunchDims,
        args: &[u8],
        arg_vars: &[(usize, VarId)],
    ) -> &mut Self {
        self.push(Cmd::Launch { program: program.clone(), dims, args: args.to_vec(), arg_vars: arg_vars.to_vec() })
    }
    /// Copy `len` bytes from GPU VA `src` to `dst` (copy queues).
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) -> &mut Self {
        self.push(Cmd::Copy { dst, src, len })
    }
    /// A memory barrier: later commands see earlier commands' writes.
    pub fn barrier(&mut self) -> &mut Self {
        self.push(Cmd::Barrier)
    }
}

struct Channel {
    handle: RmHandle,
    object: RmHandle,
}

/// The RM objects a [`Runtime`] created, in creation order.
#[derive(Debug, Clone, Copy)]
pub struct RuntimeObjects {
    /// `NV01_DEVICE_0`.
    pub device: RmHandle,
    /// `NV20_SUBDEVICE_0`.
    pub subdevice: RmHandle,
    /// `NV01_MEMORY_VIRTUAL`.
    pub address_space: RmHandle,
    /// `KEPLER_CHANNEL_GROUP_A`.
    pub channel_group: RmHandle,
    /// `FERMI_CONTEXT_SHARE_A`.
    pub context_share: RmHandle,
    /// The compute channel.
    pub compute_channel: RmHandle,
    /// The copy channel.
    pub copy_channel: RmHandle,
}

/// One engine's submission state: its own command memory and timeline
/// value, behind its own lock, so submitters on different engines never
/// wait for each other.
struct EngineState {
    ring: CommandRing,
    /// Last value a submission will release on the engine's timeline.
    timeline_value: u64,
    /// Submissions the GPU may still be running: (timeline value, what they touch).
    inflight: std::collections::VecDeque<(u64, Arc<Footprint>)>,
}

/// In-flight bookkeeping sized for a full GPFIFO: no allocation when submitting.
fn inflight() -> std::collections::VecDeque<(u64, Arc<Footprint>)> {
    std::collections::VecDeque::with_capacity(GPFIFO_ENTRIES as usize + 1)
}

impl EngineState {
    /// Take back the last `n` submissions, which never reached the GPU.
    fn unsubmit(&mut self, n: usize) {
        for _ in 0..n {
            self.ring.uncommit_last();
            self.inflight.pop_back();
        }
        self.timeline_value -= n as u64;
    }

    /// Record a submission and forget those the GPU has finished.
    fn track(&mut self, value: u64, footprint: Arc<Footprint>, completed: u64) {
        while self.inflight.front().is_some_and(|(v, _)| *v <= completed) {
            self.inflight.pop_front();
        }
        self.inflight.push_back((value, footprint));
    }
}

/// A submit's inputs, made before the engine's lock is taken.
struct Prepared<'q> {
    values: Values,
    placement: SignalPlacement,
    template: Option<&'q encode::Template>,
}

/// Variable values of one submit, without allocating for up to 16.
enum Values {
    Inline([u64; 16]),
    Heap(Vec<u64>),
}

impl Values {
    fn as_slice(&self, len: usize) -> &[u64] {
        match self {
            Values::Inline(v) => &v[..len],
            Values::Heap(v) => v,
        }
    }
}

/// A device set up for work: channels, command memory, timeline.
///
/// Dropping it synchronizes (bounded by the wait timeout), frees its memory
/// and destroys its RM objects in reverse order.
///
/// A generic helper over any backend (the `gpuiface` facade's docs run the
/// same on the mock): copy in, copy on the GPU, replay with a variable,
/// copy out.
///
/// ```
/// use gpuiface_hal::queue::{Queue, Runtime};
/// use gpuiface_hal::{AllocRequest, GpuIface, Result};
///
/// fn duplicate<I: GpuIface>(rt: &Runtime<I>, data: &[u8]) -> Result<Vec<u8>> {
///     let dev = rt.iface();
///     let len = data.len() as u64;
///     let buf = dev.alloc(AllocRequest::new(2 * len))?;
///     rt.copyin(&buf, 0, data)?;
///     let done = dev.signal_alloc()?;
///     let mut q = Queue::copy_queue();
///     let n = q.var(); // bound at each submit: the queue is encoded once
///     q.copy(buf.gpu_va + len, buf.gpu_va, len).signal(&done, n);
///     rt.submit(&q, &[(n, 1)])?;
///     rt.submit(&q, &[(n, 2)])?; // replayed with a new value
///     rt.synchronize()?;
///     let mut out = vec![0; data.len()];
///     rt.copyout(&mut out, &buf, len)?;
///     rt.free(buf)?;
///     Ok(out)
/// }
/// # let _ = duplicate::<&dyn GpuIface>;
/// ```
pub struct Runtime<I: GpuIface> {
    iface: I,
    objects: RuntimeObjects,
    compute: Channel,
    copy: Channel,
    /// One timeline per engine (index: [`QueueKind::index`]).
    timelines: [Signal; 2],
    engines: [Mutex<EngineState>; 2],
    /// Unique per runtime: a queue's encoding is valid for one runtime.
    id: u64,
    /// How long the runtime's own waits may take, in nanoseconds (`u64::MAX`: no limit).
    wait_timeout_ns: std::sync::atomic::AtomicU64,
    local_memory: Mutex<Option<LocalMemory>>,
}

/// The shader local memory a [`Runtime`] bound to its compute engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalMemory {
    /// The backing buffer (GPU only).
    pub buffer: Buffer,
    /// Bytes per thread it serves (`SHADER_LOCAL_MEMORY_HIGH_SIZE` of any QMD may be this much).
    pub per_thread: u32,
    /// Bytes per TPC (`SET_SHADER_LOCAL_MEMORY_NON_THROTTLED`).
    pub per_tpc: u64,
    /// SMs it is sized for (`SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C`).
    pub max_sm_count: u32,
}

impl<I: GpuIface> std::fmt::Debug for Runtime<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime").field("backend", &self.iface.info().backend).field("objects", &self.objects).finish()
    }
}

impl<I: GpuIface> Runtime<I> {
    /// Set `iface` up with the default ring size and [`DEFAULT_WAIT_TIMEOUT`].
    pub fn new(iface: I) -> Result<Self> {
        Self::with_config(iface, DEFAULT_RING_SIZE, DEFAULT_WAIT_TIMEOUT)
    }

    /// How long the runtime's own waits ([`synchronize`](Self::synchronize),
    /// and the copies and frees that synchronize) may take.
    pub fn wait_timeout(&self) -> Duration {
        match self.wait_timeout_ns.load(std::sync::atomic::Ordering::Relaxed) {
            u64::MAX => Duration::MAX,
            ns => Duration::from_nanos(ns),
        }
    }

    /// Change the deadline of the runtime's own waits; `Duration::MAX`
    /// waits for ever. A job whose kernels run longer than the default
    /// lifts it here:
    ///
    /// ```
    /// # use std::time::Duration;
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &gpuiface_hal::queue::Runtime<I>) {
    /// rt.set_wait_timeout(Duration::from_secs(600)); // a ten-minute kernel is not a hang
    /// assert_eq!(rt.wait_timeout(), Duration::from_secs(600));
    /// # }
    /// ```
    pub fn set_wait_timeout(&self, timeout: Duration) {
        self.wait_timeout_ns.store(duration_ns(timeout), std::sync::atomic::Ordering::Relaxed);
    }

    /// Set up with an explicit command-ring size and wait timeout.
    pub fn with_config(iface: I, ring_size: u64, wait_timeout: Duration) -> Result<Self> {
        let mut created: Vec<RmHandle> = Vec::new();
        let result = Self::create_objects(&iface, &mut created);
        let (objects, compute, copy) = match result {
            Ok(v) => v,
            Err(e) => {
                for h in created.iter().rev() {
                    let _ = iface.rm_free(*h);
                }
                return Err(e);
            }
        };
        let rest = (|| -> Result<([Signal; 2], [CommandRing; 2])> {
            iface.setup_usermode()?;
            let timelines = [iface.signal_alloc()?, iface.signal_alloc()?];
            let mut compute_ring = CommandRing::new(&iface, ring_size)?;
            let copy_ring = match CommandRing::new(&iface, ring_size) {
                Ok(r) => r,
                Err(e) => {
                    compute_ring.release(&iface);
                    return Err(e);
                }
            };
            Ok((timelines, [compute_ring, copy_ring]))
        })();
        let (timelines, [compute_ring, copy_ring]) = match rest {
            Ok(v) => v,
            Err(e) => {
                for h in created.iter().rev() {
                    let _ = iface.rm_free(*h);
                }
                return Err(e);
            }
        };
        let rt = Runtime {
            iface,
            objects,
            compute,
            copy,
            timelines,
            engines: [
                Mutex::new(EngineState { ring: compute_ring, timeline_value: 0, inflight: inflight() }),
                Mutex::new(EngineState { ring: copy_ring, timeline_value: 0, inflight: inflight() }),
            ],
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            wait_timeout_ns: std::sync::atomic::AtomicU64::new(duration_ns(wait_timeout)),
            local_memory: Mutex::new(None),
        };
        rt.init_channels()?;
        Ok(rt)
    }

    fn create_objects(iface: &I, created: &mut Vec<RmHandle>) -> Result<(RuntimeObjects, Channel, Channel)> {
        let info = iface.info().clone();
        let mut alloc = |parent: RmHandle, class: RmClass, params: RmAllocParams| -> Result<RmHandle> {
            let h = iface.rm_alloc(parent, class, &params)?;
            created.push(h);
            Ok(h)
        };
        let device = alloc(RmHandle::ROOT, RmClass::Device0, RmAllocParams::None)?;
        let subdevice = alloc(device, RmClass::Subdevice0, RmAllocParams::None)?;
        let address_space =
            alloc(device, RmClass::MemoryVirtual, RmAllocParams::AddressSpace { va_start: 0, va_end: 0 })?;
        let channel_group = alloc(device, RmClass::KeplerChannelGroupA, RmAllocParams::None)?;
        let context_share =
            alloc(channel_group, RmClass::FermiContextShareA, RmAllocParams::ContextShare { asynchronous: true })?;
        let gpfifo_class = RmClass::from_number(info.gpfifo_class);
        let gpfifo = RmAllocParams::Gpfifo { entries: GPFIFO_ENTRIES, context_share: Some(context_share) };
        let compute_channel = alloc(channel_group, gpfifo_class, gpfifo.clone())?;
        let compute_object = alloc(compute_channel, RmClass::from_number(info.compute_class), RmAllocParams::None)?;
        let copy_channel = alloc(channel_group, gpfifo_class, gpfifo)?;
        let copy_object = alloc(copy_channel, RmClass::from_number(info.dma_copy_class), RmAllocParams::None)?;
        Ok((
            RuntimeObjects {
                device,
                subdevice,
                address_space,
                channel_group,
                context_share,
                compute_channel,
                copy_channel,
            },
            Channel { handle: compute_channel, object: compute_object },
            Channel { handle: copy_channel, object: copy_object },
        ))
    }

    /// Bind the engine objects to their subchannels (SET_OBJECT), and give
    /// the compute engine its shared- and local-memory windows: the generic
    /// addresses at which compiled code reaches shared and local memory
    /// (the same values go into every constant buffer 0, where the code
    /// reads them). The backend keeps both windows free of buffers.
    fn init_channels(&self) -> Result<()> {
        let info = self.iface.info();
        let mut q = Queue::compute();
        q.cmds.push(Cmd::SetObject { subchannel: COMPUTE_SUBCHANNEL, class: info.compute_class });
        q.cmds.push(Cmd::Method64 {
            method: crate::classes::compute::SET_SHADER_LOCAL_MEMORY_WINDOW_A,
            value: crate::hw::ga10b::LOCAL_MEM_WINDOW,
        });
        q.cmds.push(Cmd::Method64 {
            method: crate::classes::compute::SET_SHADER_SHARED_MEMORY_WINDOW_A,
            value: crate::hw::ga10b::SHARED_MEM_WINDOW,
        });
        self.submit(&q, &[])?;
        let mut q = Queue::copy_queue();
        q.cmds.push(Cmd::SetObject { subchannel: COPY_SUBCHANNEL, class: info.dma_copy_class });
        self.submit(&q, &[])?;
        Ok(())
    }

    /// The backend.
    pub fn iface(&self) -> &I {
        &self.iface
    }

    /// The RM objects this runtime created.
    pub fn objects(&self) -> RuntimeObjects {
        self.objects
    }

    /// The engine object handles (compute, copy).
    pub fn engine_objects(&self) -> (RmHandle, RmHandle) {
        (self.compute.object, self.copy.object)
    }

    /// The timeline of one engine's queues: each submission on that engine
    /// releases the next value when everything in it has completed (its
    /// channel runs in order). The engines have independent timelines:
    /// order work across them with [`Queue::wait`] and [`Queue::signal`],
    /// as with CUDA streams or tinygrad's HCQ queues.
    pub fn timeline(&self, kind: QueueKind) -> &Signal {
        &self.timelines[kind.index()]
    }

    /// The value the last submission on `kind`'s queues will release.
    pub fn last_timeline_value(&self, kind: QueueKind) -> u64 {
        self.engine(kind.index()).timeline_value
    }

    fn engine(&self, e: usize) -> std::sync::MutexGuard<'_, EngineState> {
        self.engines[e].lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Check `bindings` against the queue's variables; the values in order.
    fn bind(queue: &Queue, bindings: &[(VarId, u64)]) -> Result<Values> {
        if let Some(v) = queue.foreign_var {
            return Err(Error::invalid(
                "Runtime::submit",
                format!("the queue uses variable {} of another queue", v.index),
            ));
        }
        let mut values = if queue.vars <= 16 { Values::Inline([0; 16]) } else { Values::Heap(vec![0; queue.vars]) };
        let mut bound = 0usize;
        let mut seen_inline = 0u16;
        let mut seen_heap = if queue.vars > 16 { vec![false; queue.vars] } else { Vec::new() };
        for (var, v) in bindings {
            if var.queue != queue.id || var.index >= queue.vars {
                return Err(Error::invalid("Runtime::submit", format!("variable {} is not this queue's", var.index)));
            }
            let fresh = match &mut values {
                Values::Inline(slots) => {
                    slots[var.index] = *v;
                    let bit = 1u16 << var.index;
                    let fresh = seen_inline & bit == 0;
                    seen_inline |= bit;
                    fresh
                }
                Values::Heap(slots) => {
                    slots[var.index] = *v;
                    !std::mem::replace(&mut seen_heap[var.index], true)
                }
            };
            bound += usize::from(fresh);
        }
        if bound != queue.vars {
            let missing = (0..queue.vars)
                .find(|i| if queue.vars <= 16 { seen_inline & (1 << i) == 0 } else { !seen_heap[*i] })
                .unwrap_or(0);
            return Err(Error::invalid("Runtime::submit", format!("variable {missing} is not bound")));
        }
        Ok(values)
    }

    fn channel_of(&self, kind: QueueKind) -> (&Channel, u8) {
        match kind {
            QueueKind::Compute => (&self.compute, COMPUTE_SUBCHANNEL),
            QueueKind::Copy => (&self.copy, COPY_SUBCHANNEL),
        }
    }

    /// The queue's encoding for this runtime, made at its first submit;
    /// `None` when the queue must be encoded at every submit (reuse mode,
    /// or it was first encoded for another runtime or placement).
    fn template<'q>(&self, queue: &'q Queue, placement: SignalPlacement) -> Result<Option<&'q encode::Template>> {
        if queue.options.reuse_qmd_memory {
            return Ok(None);
        }
        let t = match queue.template.get() {
            Some(t) => t,
            None => {
                let zeros = vec![0u64; queue.vars];
                let (_, subchannel) = self.channel_of(queue.kind);
                let ctx = EncodeCtx {
                    kind: queue.kind,
                    subchannel,
                    placement,
                    values: &zeros,
                    timeline: &self.timelines[queue.kind.index()],
                    signal_value: 0,
                    qmd_slots: None,
                };
                let compiled = encode::compile(&queue.cmds, &ctx, self.id)?;
                let _ = queue.template.set(compiled);
                queue.template.get().ok_or_else(|| Error::invalid("Runtime::submit", "template vanished"))?
            }
        };
        Ok((t.runtime == self.id && t.placement == placement).then_some(t))
    }

    /// Encode `queue` into fresh command memory with `bindings` for its
    /// variables, submit it to its channel, and return the value of its
    /// engine's [`timeline`](Self::timeline) that marks its completion. A
    /// submission waits for nothing on other engines unless the queue says
    /// so ([`Queue::wait`]).
    ///
    /// The first submit encodes the queue once; later ones copy that
    /// encoding into fresh command memory and patch the variables, the
    /// command-memory addresses and the timeline value in place.
    pub fn submit(&self, queue: &Queue, bindings: &[(VarId, u64)]) -> Result<u64> {
        let prepared = self.prepare(queue, bindings)?;
        let (channel, _) = self.channel_of(queue.kind);
        // The engine's lock covers encoding and the doorbell: entries reach
        // the channel in timeline order.
        let mut state = self.engine(queue.kind.index());
        let mut entry = [crate::GpFifoEntry::new(0, 0)];
        let value = self.encode_into(&mut state, queue, &prepared, &mut entry[0])?;
        if let Err(e) = self.iface.submit(channel.handle, &entry) {
            state.unsubmit(1);
            return Err(e);
        }
        Ok(value)
    }

    /// Submit several queues back to back: every queue on one engine goes
    /// into that engine's channel with one GP_PUT update and one doorbell.
    /// Returns the last timeline value of each engine
    /// (index: [`QueueKind::index`]; 0 where none was submitted).
    pub fn submit_batch(&self, batch: &[(&Queue, &[(VarId, u64)])]) -> Result<[u64; 2]> {
        const MAX: usize = 64;
        let mut last = [0u64; 2];
        for kind in [QueueKind::Compute, QueueKind::Copy] {
            let (channel, _) = self.channel_of(kind);
            let mut entries = [crate::GpFifoEntry::new(0, 0); MAX];
            let mut n = 0;
            let mut state = None;
            for (queue, bindings) in batch.iter().filter(|(q, _)| q.kind == kind) {
                let prepared = self.prepare(queue, bindings)?;
                let st = state.get_or_insert_with(|| self.engine(kind.index()));
                last[kind.index()] = self.encode_into(st, queue, &prepared, &mut entries[n])?;
                n += 1;
                if n == MAX {
                    if let Err(e) = self.iface.submit(channel.handle, &entries[..n]) {
                        st.unsubmit(n);
                        return Err(e);
                    }
                    n = 0;
                }
            }
            if let (Some(st), true) = (state.as_mut(), n > 0) {
                if let Err(e) = self.iface.submit(channel.handle, &entries[..n]) {
                    st.unsubmit(n);
                    return Err(e);
                }
            }
        }
        Ok(last)
    }

    /// What a submit needs before it takes the engine's lock: the bound
    /// values, the placement, and the queue's encoding for this runtime.
    fn prepare<'q>(&self, queue: &'q Queue, bindings: &[(VarId, u64)]) -> Result<Prepared<'q>> {
        let values = Self::bind(queue, bindings)?;
        let placement = queue.options.signal_placement.unwrap_or(self.iface.info().signal_placement);
        let template = self.template(queue, placement)?;
        Ok(Prepared { values, placement, template })
    }

    /// Encode `queue` into fresh command memory of its engine (from its
    /// template, or in full) and return its timeline value; `entry`
    /// receives its GPFIFO entry.
    fn encode_into(
        &self,
        state: &mut EngineState,
        queue: &Queue,
        p: &Prepared<'_>,
        entry: &mut crate::GpFifoEntry,
    ) -> Result<u64> {
        let values = p.values.as_slice(queue.vars);
        let engine = queue.kind.index();
        let timeline = &self.timelines[engine];
        let timeout = self.wait_timeout();
        let iface = &self.iface;
        let wait = |(_, value): ring::Mark| iface.signal_wait(timeline, value, timeout);
        let value = state.timeline_value + 1;
        // One read of how far the GPU got, for both kinds of bookkeeping.
        let completed = timeline.value();
        state.ring.prune(completed);

        if let Some(t) = p.template {
            let chunk = state.ring.alloc(t.image.len() as u64, wait)?;
            let used = encode::apply(t, &chunk, values, value)?;
            state.ring.commit(&chunk, used.total, (engine, value));
            state.timeline_value = value;
            state.track(value, queue.footprint(), completed);
            *entry = crate::GpFifoEntry::new(chunk.gpu_va + used.pushbuffer_offset, used.pushbuffer_dwords);
            return Ok(value);
        }

        // Reuse mode: the queue's slots, when the GPU is done with them.
        let mut slots_guard = if queue.options.reuse_qmd_memory { Some(self.qmd_slots(queue)?) } else { None };
        let qmd_slots = slots_guard
            .as_ref()
            .and_then(|g| g.as_ref())
            .filter(|s| s.capacity >= queue.launches() && timeline.value() >= s.last_use)
            .map(|s| s.buffer.clone());
        let (_, subchannel) = self.channel_of(queue.kind);
        let ctx = EncodeCtx {
            kind: queue.kind,
            subchannel,
            placement: p.placement,
            values,
            timeline,
            signal_value: value,
            qmd_slots: qmd_slots.as_ref(),
        };
        let chunk = state.ring.alloc(encode::upper_bound(&queue.cmds, &ctx), wait)?;
        let used = encode::encode(&queue.cmds, &ctx, &chunk, None)?;
        state.ring.commit(&chunk, used.total, (engine, value));
        state.timeline_value = value;
        state.track(value, queue.footprint(), completed);
        if qmd_slots.is_some() {
            if let Some(slots) = slots_guard.as_mut().and_then(|g| g.as_mut()) {
                slots.last_use = value;
            }
        }
        *entry = crate::GpFifoEntry::new(chunk.gpu_va + used.pushbuffer_offset, used.pushbuffer_dwords);
        Ok(value)
    }

    /// The queue's slots, allocated at its first submit for the launches it
    /// then had; held locked for the submit.
    fn qmd_slots<'q>(&self, queue: &'q Queue) -> Result<std::sync::MutexGuard<'q, Option<QmdSlots>>> {
        let mut slots = queue.qmd_slots.lock().unwrap_or_else(|p| p.into_inner());
        if slots.is_none() {
            let capacity = queue.launches().max(1);
            let buffer = self.iface.alloc(AllocRequest::new(capacity * encode::QMD_SLOT_SIZE).uncached())?;
            *slots = Some(QmdSlots { buffer, capacity, last_use: 0 });
        }
        Ok(slots)
    }

    /// Release a queue's persistent QMD memory (reuse mode), after synchronizing.
    pub fn release_queue(&self, queue: &Queue) -> Result<()> {
        let slot = queue.qmd_slots.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(s) = slot {
            self.synchronize()?;
            self.iface.free(s.buffer)?;
        }
        Ok(())
    }

    /// Wait until every submitted command, on every engine, has completed.
    pub fn synchronize(&self) -> Result<()> {
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = self.engine(e).timeline_value;
            self.iface.signal_wait(timeline, target, self.wait_timeout())?;
        }
        Ok(())
    }

    /// Wait until no submitted work that may touch `buffer` is running:
    /// copies to or from it, launches that declared it ([`Queue::uses`]),
    /// and launches that declared nothing. Other work goes on.
    pub fn wait_for_buffer(&self, buffer: &Buffer) -> Result<()> {
        let (start, end) = (buffer.gpu_va, buffer.gpu_va.saturating_add(buffer.size));
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = {
                let st = self.engine(e);
                st.inflight.iter().rev().find(|(_, f)| f.overlaps(start, end)).map(|(v, _)| *v)
            };
            if let Some(target) = target {
                self.iface.signal_wait(timeline, target, self.wait_timeout())?;
            }
        }
        Ok(())
    }

    /// Free a buffer once the GPU is done with it: waits for the submitted
    /// work that may touch it ([`Runtime::wait_for_buffer`]).
    /// ([`GpuIface::free`] frees at once; work still in flight that touches
    /// the buffer then faults, as it would on the hardware.)
    pub fn free(&self, buffer: Buffer) -> Result<()> {
        self.wait_for_buffer(&buffer)?;
        self.iface.free(buffer)
    }

    /// Upload raw code into GPU memory (a closure kernel on the mock; see
    /// [`Program::new`] for the attributes its launches get). Real kernels
    /// come from a cubin: [`Runtime::load_kernel`].
    pub fn load_program(&self, code: &[u8]) -> Result<Program> {
        let buffer = self.upload_code("Runtime::load_program", code)?;
        Ok(Program::new(buffer))
    }

    /// Load kernel `name` from a cubin: its code (followed by the prefetch
    /// pad), its attributes, and the QMD its launches start from. A kernel
    /// that needs local memory grows the runtime's local memory first.
    ///
    /// ```
    /// # use gpuiface_hal::queue::{Runtime, Queue, LaunchDims, Arg};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, cubin: &[u8], out_va: u64) -> gpuiface_hal::Result<()> {
    /// let fill = rt.load_kernel(cubin, "fill")?;
    /// let args = fill.pack_args(&[Arg::U64(out_va), Arg::U32(1000), Arg::U32(3)])?;
    /// let mut q = Queue::compute();
    /// q.launch(&fill, LaunchDims::new([8, 1, 1], [128, 1, 1]), &args);
    /// rt.submit(&q, &[])?;
    /// # Ok(()) }
    /// ```
    pub fn load_kernel(&self, cubin: &[u8], name: &str) -> Result<Program> {
        let parsed = crate::cubin::Cubin::parse(cubin)?;
        parsed.check_architecture(self.iface.info().sm_version)?;
        let image = parsed.kernel(name)?;
        let per_thread = launch::local_memory_per_thread(&image.attrs);
        if per_thread > 0 {
            self.ensure_local_memory(per_thread)?;
        }
        let buffer = self.upload_code("Runtime::load_kernel", &image.code)?;
        Ok(Program::with_attributes(buffer, image.name.clone(), image.attrs.clone(), image.code.len() as u64))
    }

    fn upload_code(&self, op: &'static str, code: &[u8]) -> Result<Buffer> {
        if code.is_empty() {
            return Err(Error::invalid(op, "empty program"));
        }
        let size = code.len() as u64 + crate::hw::ga10b::PROGRAM_PREFETCH_PAD;
        let buffer = self.iface.alloc(AllocRequest::new(size).align(crate::hw::ga10b::PROGRAM_ALIGN))?;
        // A buffer allocated just now holds nothing the GPU could be using:
        // write it directly rather than wait for unrelated work.
        let written = match buffer.cpu_ptr() {
            Some(p) if self.iface.info().io_coherent && buffer.size >= code.len() as u64 => {
                // SAFETY: `p` maps the whole fresh buffer (checked: at least
                // `code.len()` bytes), which no other handle or GPU work uses yet.
                unsafe { std::ptr::copy_nonoverlapping(code.as_ptr(), p, code.len()) };
                Ok(())
            }
            _ => self.copyin_staged(&buffer, 0, code),
        };
        if let Err(e) = written {
            let _ = self.iface.free(buffer);
            return Err(e);
        }
        Ok(buffer)
    }

    /// Free a program's memory (after synchronizing: a launch may still read it).
    pub fn free_program(&self, program: Program) -> Result<()> {
        self.synchronize()?;
        self.iface.free(program.into_buffer())
    }

    fn check_range(op: &'static str, buffer: &Buffer, offset: u64, len: u64) -> Result<()> {
        if offset.checked_add(len).is_none_or(|end| end > buffer.size) {
            return Err(Error::invalid(
                op,
                format!("range {offset:#x}+{len:#x} exceeds the {:#x}-byte buffer", buffer.size),
            ));
        }
        Ok(())
    }

    /// Copy host bytes into a buffer. On an IO-coherent device with a CPU
    /// mapping: wait for the work that may touch the buffer
    /// ([`Runtime::wait_for_buffer`]), then one memmove through the shared
    /// address (seed 002); otherwise through the copy engine and a staging buffer.
    pub fn copyin(&self, dst: &Buffer, offset: u64, src: &[u8]) -> Result<()> {
        Self::check_range("Runtime::copyin", dst, offset, src.len() as u64)?;
        if src.is_empty() {
            return Ok(());
        }
        match dst.cpu_ptr() {
            Some(p) if self.iface.info().io_coherent => {
                // Wait for in-flight GPU work on `dst` before overwriting it.
                self.wait_for_buffer(dst)?;
                // SAFETY: the range was checked against the buffer, whose CPU mapping the
                // backend keeps alive until `free`; `src` cannot alias GPU memory we own mutably.
                unsafe { std::ptr::copy(src.as_ptr(), p.add(offset as usize), src.len()) };
                Ok(())
            }
            _ => self.copyin_staged(dst, offset, src),
        }
    }

    /// Copy a buffer's bytes out to host memory (direct on IO-coherent devices).
    pub fn copyout(&self, dst: &mut [u8], src: &Buffer, offset: u64) -> Result<()> {
        Self::check_range("Runtime::copyout", src, offset, dst.len() as u64)?;
        if dst.is_empty() {
            return Ok(());
        }
        match src.cpu_ptr() {
            Some(p) if self.iface.info().io_coherent => {
                // Wait for GPU writes to `src` to land before reading.
                self.wait_for_buffer(src)?;
                // SAFETY: range checked; the mapping lives until `free`.
                unsafe { std::ptr::copy(p.add(offset as usize), dst.as_mut_ptr(), dst.len()) };
                Ok(())
            }
            _ => self.copyout_staged(dst, src, offset),
        }
    }

    const STAGING: u64 = 2 << 20;

    /// Copy host bytes into a buffer through the copy engine (DMA staging).
    pub fn copyin_staged(&self, dst: &Buffer, offset: u64, src: &[u8]) -> Result<()> {
        Self::check_range("Runtime::copyin_staged", dst, offset, src.len() as u64)?;
        let staging = self.iface.alloc(AllocRequest::new(Self::STAGING.min(src.len().max(1) as u64)).host())?;
        let res = (|| {
            let sp = staging.cpu_ptr().ok_or_else(|| Error::invalid("copyin_staged", "staging has no CPU mapping"))?;
            for (i, chunk) in src.chunks(staging.size as usize).enumerate() {
                self.synchronize()?;
                // SAFETY: chunk.len() <= staging.size, the staging mapping is live.
                unsafe { std::ptr::copy_nonoverlapping(chunk.as_ptr(), sp, chunk.len()) };
                let mut q = Queue::copy_queue();
                q.copy(dst.gpu_va + offset + (i as u64) * staging.size, staging.gpu_va, chunk.len() as u64);
                self.submit(&q, &[])?;
            }
            self.synchronize()
        })();
        let freed = self.iface.free(staging);
        res.and(freed)
    }

    /// Copy a buffer out through the copy engine (DMA staging).
    pub fn copyout_staged(&self, dst: &mut [u8], src: &Buffer, offset: u64) -> Result<()> {
        Self::check_range("Runtime::copyout_staged", src, offset, dst.len() as u64)?;
        let staging = self.iface.alloc(AllocRequest::new(Self::STAGING.min(dst.len().max(1) as u64)).host())?;
        let res = (|| {
            let sp = staging.cpu_ptr().ok_or_else(|| Error::invalid("copyout_staged", "staging has no CPU mapping"))?;
            let step = staging.size as usize;
            for (i, chunk) in dst.chunks_mut(step).enumerate() {
                let mut q = Queue::copy_queue();
                q.copy(staging.gpu_va, src.gpu_va + offset + (i * step) as u64, chunk.len() as u64);
                self.submit(&q, &[])?;
                self.synchronize()?;
                // SAFETY: chunk.len() <= staging.size; the GPU finished writing staging.
                unsafe { std::ptr::copy_nonoverlapping(sp, chunk.as_mut_ptr(), chunk.len()) };
            }
            Ok(())
        })();
        let freed = self.iface.free(staging);
        res.and(freed)
    }

    /// The local memory bound to the compute engine, if any.
    pub fn local_memory(&self) -> Option<LocalMemory> {
        self.local_memory.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Make sure the compute engine has at least `per_thread` bytes of
    /// shader local memory per thread, for every warp slot of every SM, and
    /// return what is bound. Growing allocates a new buffer, binds it with
    /// `SET_SHADER_LOCAL_MEMORY_A/B` and `..._NON_THROTTLED_A/B/C` on the
    /// compute channel, synchronizes, and only then frees the old buffer:
    /// launches submitted before the rebinding may still use it (seed 002).
    pub fn ensure_local_memory(&self, per_thread: u32) -> Result<LocalMemory> {
        use crate::hw::ga10b;
        let mut lm = self.local_memory.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(cur) = lm.as_ref() {
            if cur.per_thread >= per_thread {
                return Ok(cur.clone());
            }
        }
        let per_thread = per_thread.max(1).next_multiple_of(ga10b::LOCAL_PER_THREAD_ALIGN);
        let per_tpc = ga10b::local_bytes_per_tpc(per_thread);
        let tpcs = u64::from(self.iface.info().num_tpc.max(1));
        let size = (per_tpc * tpcs).next_multiple_of(1 << 17);
        let buffer = self.iface.alloc(AllocRequest::new(size).gpu_only())?;
        let max_sm_count = (tpcs as u32) * ga10b::SMS_PER_TPC;
        let mut q = Queue::compute();
        q.cmds.push(Cmd::Method64 { method: crate::classes::compute::SET_SHADER_LOCAL_MEMORY_A, value: buffer.gpu_va });
        q.cmds.push(Cmd::Method64 {
            method: crate::classes::compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A,
            value: per_tpc,
        });
        q.cmds.push(Cmd::Method32 {
            method: crate::classes::compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C,
            value: max_sm_count,
        });
        let compute = self.timeline(QueueKind::Compute);
        let bound = self.submit(&q, &[]).and_then(|v| self.iface.signal_wait(compute, v, self.wait_timeout()));
        if let Err(e) = bound {
            let _ = self.iface.free(buffer);
            return Err(e);
        }
        let new = LocalMemory { buffer, per_thread, per_tpc, max_sm_count };
        if let Some(old) = lm.replace(new.clone()) {
            self.iface.free(old.buffer)?;
        }
        Ok(new)
    }
}

/// How long teardown waits for a timeline that stopped moving (see
/// [`Runtime::synchronize_for_teardown`]).
const TEARDOWN_STALL: Duration = Duration::from_millis(100);

impl<I: GpuIface> Runtime<I> {
    /// Teardown's wait: for submitted work while it makes progress, up to
    /// the wait timeout; a faulted queue, or a hung one whose timeline has
    /// not moved for [`TEARDOWN_STALL`], is abandoned at once. Closing its
    /// channels then stops it, as the kernel's channel close does.
    fn synchronize_for_teardown(&self) {
        let limit = self.wait_timeout();
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = self.engine(e).timeline_value;
            let start = std::time::Instant::now();
            let mut seen = timeline.value();
            while start.elapsed() < limit {
                let slice = TEARDOWN_STALL.min(limit);
                match self.iface.signal_wait(timeline, target, slice) {
                    Ok(()) => break,
                    Err(Error::Timeout { .. } | Error::DeviceHang { fault: None, .. }) if timeline.value() > seen => {
                        seen = timeline.value();
                    }
                    Err(_) => break,
                }
            }
        }
    }
}

impl<I: GpuIface> Drop for Runtime<I> {
    fn drop(&mut self) {
        // Best effort: a hung or faulted device must still be torn down
        // cleanly, and promptly.
        self.synchronize_for_teardown();
        if let Some(lm) = self.local_memory.get_mut().unwrap_or_else(|p| p.into_inner()).take() {
            let _ = self.iface.free(lm.buffer);
        }
        for engine in &mut self.engines {
            engine.get_mut().unwrap_or_else(|p| p.into_inner()).ring.release(&self.iface);
        }
        let o = self.objects;
        for h in [
            self.copy.object,
            o.copy_channel,
            self.compute.object,
            o.compute_channel,
            o.context_share,
            o.channel_group,
            o.address_space,
            o.subdevice,
            o.device,
        ] {
            let _ = self.iface.rm_free(h);
        }
    }
}
