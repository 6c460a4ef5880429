//! [`Runtime`]: a device set up for work (channels, command memory, one
//! timeline per engine), and the submission state behind it.
//!
//! Its methods are spread by concern: set-up and state here, submission and
//! waits in `runtime/submit.rs`, copies, programs and local memory in
//! `runtime/memory.rs`, teardown in `runtime/teardown.rs`.

mod async_copy;
pub use async_copy::PendingCopyout;
mod memory;
mod modules;
mod one_shot;
mod replay;
mod submit;
mod teardown;

use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

use gpuiface_hal::{
    Buffer, DeviceId, Error, GpuIface, Result, RmAllocParams, RmClass, RmHandle, Signal, SignalPlacement,
};

use crate::encode::{self, Cmd, EncodeCtx};
use crate::queue::{Footprint, Queue, NEXT_ID};
use crate::queue::{QueueKind, VarId};
use crate::ring::CommandRing;
use crate::vars::BufferVar;
use crate::{
    duration_ns, COMPUTE_SUBCHANNEL, COPY_SUBCHANNEL, DEFAULT_RING_SIZE, DEFAULT_WAIT_TIMEOUT, GPFIFO_ENTRIES,
};

struct Channel {
    handle: RmHandle,
    object: RmHandle,
    /// The channel's submits, resolved once ([`GpuIface::submit_port`]);
    /// taken before the channel is freed, so that the backend's teardown of
    /// the channel finds no one holding it.
    port: Option<gpuiface_hal::SubmitPort>,
}

impl Channel {
    /// Submit `entries` to the channel, through its port when it has one.
    #[inline]
    fn submit<I: GpuIface + ?Sized>(&self, iface: &I, entries: &[gpuiface_hal::GpFifoEntry]) -> Result<()> {
        match &self.port {
            Some(port) => port.submit(iface, entries),
            None => iface.submit(self.handle, entries),
        }
    }

    /// Submit one entry to the channel.
    #[inline]
    fn submit_one<I: GpuIface + ?Sized>(&self, iface: &I, entry: gpuiface_hal::GpFifoEntry) -> Result<()> {
        self.submit_encoded(iface, entry.encode())
    }

    /// [`submit_one`](Self::submit_one) of an encoded entry (a replay's).
    #[inline(always)]
    fn submit_encoded<I: GpuIface + ?Sized>(&self, iface: &I, word: u64) -> Result<()> {
        match &self.port {
            Some(port) => port.submit_encoded(iface, word),
            None => self.submit_encoded_portless(iface, word),
        }
    }

    /// [`submit_encoded`](Self::submit_encoded) without a port (a
    /// channel being torn down): a port without a direct path decodes the
    /// word and submits it through `iface`, or refuses it.
    #[cold]
    #[inline(never)]
    fn submit_encoded_portless<I: GpuIface + ?Sized>(&self, iface: &I, word: u64) -> Result<()> {
        gpuiface_hal::SubmitPort::new(self.handle).submit_encoded(iface, word)
    }
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
/// wait for each other. The ring's in-flight list is also what each
/// submission touches (`Runtime::wait_for_buffer`).
struct EngineState {
    ring: CommandRing,
    /// Last value a submission will release on the engine's timeline.
    timeline_value: u64,
    /// The encodings of the last one-shot shapes submitted here.
    shapes: one_shot::Shapes,
}

impl EngineState {
    /// Take back the last `n` submissions, which never reached the GPU
    /// (at most [`UNCOMMIT_DEPTH`](crate::ring::UNCOMMIT_DEPTH)).
    fn unsubmit(&mut self, n: usize) {
        for _ in 0..n {
            self.ring.uncommit_last();
        }
        self.timeline_value -= n as u64;
    }
}

/// Engine `engine` of `rt`, as an [`EngineClock`](crate::ring::EngineClock).
struct EngineOf<'a, I: GpuIface> {
    rt: &'a Runtime<I>,
    engine: usize,
}

impl<I: GpuIface> crate::ring::EngineClock for EngineOf<'_, I> {
    fn completed(&mut self) -> u64 {
        self.rt.timelines[self.engine].value()
    }
    fn wait(&mut self, value: u64) -> Result<()> {
        self.rt.iface.signal_wait(&self.rt.timelines[self.engine], value, self.rt.wait_timeout())
    }
}

/// A submit's inputs, made before the engine's lock is taken.
struct Prepared<'q, 'v> {
    /// The bound values, in variable order.
    values: &'v [u64],
    placement: SignalPlacement,
    template: Option<&'q encode::Template>,
    /// What this submission touches, when its bound values say (variable
    /// copy addresses, buffer variables); else the queue's own footprint.
    footprint: Option<Footprint>,
    /// The queue's first submit (a fresh queue per launch: often its only
    /// one): its footprint is made for it alone, with no shared copy built
    /// for replays that may never come.
    own_footprint: bool,
}

/// Room for one submit's variable values, on the submitter's stack (up to
/// 16 without allocating): filled in place, never moved.
struct Values {
    inline: [u64; 16],
    heap: Vec<u64>,
}

impl Values {
    #[inline]
    fn new() -> Self {
        Values { inline: [0; 16], heap: Vec::new() }
    }
    #[inline]
    fn slots(&mut self, n: usize) -> &mut [u64] {
        if n <= self.inline.len() {
            &mut self.inline[..n]
        } else {
            self.heap.clear();
            self.heap.resize(n, 0);
            &mut self.heap
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
/// use gpuiface_runtime::{Queue, Runtime};
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
///     q.copy(buf.gpu_va() + len, buf.gpu_va(), len).signal(&done, n);
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
    /// One lock per engine: a spin lock ([`SpinLock`](gpuiface_hal::spin_lock::SpinLock):
    /// one locked instruction per submit, where a parking lock's unlock is a
    /// second one, which waits for the submission's command-memory stores;
    /// no poisoning to check). A holder that waits for command memory makes
    /// its waiters sleep in short steps.
    engines: [gpuiface_hal::spin_lock::SpinLock<EngineState>; 2],
    /// Bytes of each engine's command ring (fixed at creation; read without
    /// the engine's lock, which a submit may already hold).
    ring_bytes: [u64; 2],
    /// Unique per runtime: a queue's encoding is valid for one runtime.
    id: u64,
    /// How long the runtime's own waits may take, in nanoseconds (`u64::MAX`: no limit).
    wait_timeout_ns: std::sync::atomic::AtomicU64,
    /// The bound local memory: its buffer, and what was bound.
    local_memory: Mutex<Option<(Buffer, LocalMemory)>>,
    /// Bytes per thread of the bound local memory (0: none), read without
    /// the lock by every submit that launches ([`Runtime::ensure_local_for`]).
    local_per_thread: std::sync::atomic::AtomicU32,
    /// Live programs and QMD slots ([`Runtime::live`]).
    pub(crate) counters: crate::lifetimes::LiveCounters,
}

/// The shader local memory a [`Runtime`] bound to its compute engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalMemory {
    /// GPU address of the backing memory (GPU only; the runtime owns it).
    pub gpu_va: u64,
    /// Its size in bytes.
    pub size: u64,
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
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &gpuiface_runtime::Runtime<I>) {
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
        let (objects, mut compute, mut copy) = match result {
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
            compute.port = Some(iface.submit_port(compute.handle)?);
            copy.port = Some(iface.submit_port(copy.handle)?);
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
                drop((compute.port.take(), copy.port.take()));
                for h in created.iter().rev() {
                    let _ = iface.rm_free(*h);
                }
                return Err(e);
            }
        };
        let ring_bytes = [compute_ring.size(), copy_ring.size()];
        let rt = Runtime {
            iface,
            objects,
            compute,
            copy,
            timelines,
            ring_bytes,
            engines: [
                gpuiface_hal::spin_lock::SpinLock::new(EngineState {
                    ring: compute_ring,
                    timeline_value: 0,
                    shapes: Default::default(),
                }),
                gpuiface_hal::spin_lock::SpinLock::new(EngineState {
                    ring: copy_ring,
                    timeline_value: 0,
                    shapes: Default::default(),
                }),
            ],
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            wait_timeout_ns: std::sync::atomic::AtomicU64::new(duration_ns(wait_timeout)),
            local_memory: Mutex::new(None),
            local_per_thread: Default::default(),
            counters: Default::default(),
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
            Channel { handle: compute_channel, object: compute_object, port: None },
            Channel { handle: copy_channel, object: copy_object, port: None },
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
            method: gpuiface_hal::classes::compute::SET_SHADER_LOCAL_MEMORY_WINDOW_A,
            value: gpuiface_hal::hw::ga10b::LOCAL_MEM_WINDOW,
        });
        q.cmds.push(Cmd::Method64 {
            method: gpuiface_hal::classes::compute::SET_SHADER_SHARED_MEMORY_WINDOW_A,
            value: gpuiface_hal::hw::ga10b::SHARED_MEM_WINDOW,
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
    ///
    /// The view is read-only: a timeline moved from the CPU would move the
    /// runtime's bookkeeping ahead of the GPU. Order a queue after it with
    /// [`Queue::wait_timeline`].
    pub fn timeline(&self, kind: QueueKind) -> crate::lifetimes::Timeline<'_> {
        crate::lifetimes::Timeline { signal: &self.timelines[kind.index()] }
    }

    /// The value the last submission on `kind`'s queues will release.
    pub fn last_timeline_value(&self, kind: QueueKind) -> u64 {
        self.engine(kind.index()).timeline_value
    }

    #[inline]
    fn engine(&self, e: usize) -> gpuiface_hal::spin_lock::SpinLockGuard<'_, EngineState> {
        self.engines[e].lock()
    }

    /// Engine `e`'s timeline, as its ring asks for it when it must make
    /// room: the wait's deadline is read only then.
    #[inline(always)]
    fn clock(&self, e: usize) -> EngineOf<'_, I> {
        EngineOf { rt: self, engine: e }
    }

    /// The device this runtime drives.
    pub fn device(&self) -> DeviceId {
        self.iface.info().device
    }

    /// Refuse a buffer of another device: its address would name memory of
    /// this device's address space that the caller does not own.
    pub(crate) fn check_owned(&self, op: &'static str, buffer: &Buffer) -> Result<()> {
        if buffer.device() != self.device() {
            return Err(Error::invalid(op, format!("{buffer:?} belongs to another device")));
        }
        Ok(())
    }

    /// Refuse a queue that names another device's signals, programs or buffers.
    fn check_queue_device(&self, queue: &Queue) -> Result<()> {
        if queue.mixed_devices {
            return Err(Error::invalid(
                "Runtime::submit",
                "the queue names signals, programs or buffers of two devices",
            ));
        }
        match queue.device {
            Some(d) if d != self.device() => Err(Error::invalid(
                "Runtime::submit",
                "the queue's signals, programs or buffers belong to another device",
            )),
            _ => Ok(()),
        }
    }

    /// Check `bindings` and `buffers` against the queue's variables; the values in order.
    fn bind<'v>(
        &self,
        queue: &Queue,
        bindings: &[(VarId, u64)],
        buffers: &[(BufferVar, &Buffer)],
        scratch: &'v mut Values,
    ) -> Result<&'v [u64]> {
        if let Some(v) = queue.foreign_var {
            return Err(Error::invalid(
                "Runtime::submit",
                format!("the queue uses variable {} of another queue", v.index),
            ));
        }
        if let Some(e) = &queue.invalid {
            return Err((**e).clone());
        }
        if !queue.buffer_vars.is_empty() {
            if let Some((v, _)) = bindings.iter().find(|(v, _)| queue.buffer_vars.contains(&v.index)) {
                return Err(Error::invalid(
                    "Runtime::submit",
                    format!("variable {} is a buffer variable: bind a buffer (submit_with)", v.index),
                ));
            }
        }
        for (_, b) in buffers {
            self.check_owned("Runtime::submit", b)?;
        }
        let buffer_values = buffers.iter().map(|(v, b)| (v.0, b.gpu_va()));
        let values = scratch.slots(queue.vars);
        let mut bound = 0usize;
        let mut seen_inline = 0u16;
        let mut seen_heap = if queue.vars > 16 { vec![false; queue.vars] } else { Vec::new() };
        for (var, v) in bindings.iter().copied().chain(buffer_values) {
            let (var, v) = (&var, &v);
            if var.queue != queue.id || var.index >= queue.vars {
                return Err(Error::invalid("Runtime::submit", format!("variable {} is not this queue's", var.index)));
            }
            if let Some(d) = queue.derived.iter().find(|d| d.var == var.index) {
                return Err(Error::invalid(
                    "Runtime::submit",
                    format!("variable {} is computed from variable {}: bind that one", d.var, d.base),
                ));
            }
            values[var.index] = *v;
            let fresh = if queue.vars <= 16 {
                let bit = 1u16 << var.index;
                let fresh = seen_inline & bit == 0;
                seen_inline |= bit;
                fresh
            } else {
                !std::mem::replace(&mut seen_heap[var.index], true)
            };
            bound += usize::from(fresh);
        }
        for d in &queue.derived {
            let bit_set = if queue.vars <= 16 {
                let was = seen_inline & (1 << d.var) != 0;
                seen_inline |= 1 << d.var;
                was
            } else {
                std::mem::replace(&mut seen_heap[d.var], true)
            };
            bound += usize::from(!bit_set);
        }
        queue.compute_derived(values);
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

    /// Encode `queue` once, for this runtime and `placement`, into a
    /// template whose variables are placeholders (its footprint and replay
    /// verdict are the caller's to set).
    pub(crate) fn compile(&self, queue: &Queue, placement: SignalPlacement) -> Result<encode::Template> {
        self.check_sizes(queue, placement)?;
        let zeros = vec![0u64; queue.vars];
        encode::compile(&queue.cmds, &self.placeholder_ctx(queue, placement, &zeros), self.id)
    }

    /// How `queue` is encoded for this runtime with `placement` before its
    /// values are known: `zeros` stand in for its variables.
    fn placeholder_ctx<'a>(&'a self, queue: &Queue, placement: SignalPlacement, zeros: &'a [u64]) -> EncodeCtx<'a> {
        let (_, subchannel) = self.channel_of(queue.kind);
        EncodeCtx {
            kind: queue.kind,
            subchannel,
            placement,
            values: zeros,
            timeline: &self.timelines[queue.kind.index()],
            signal_value: 0,
            qmd_slots: None,
            placeholder: true,
        }
    }

    /// Refuse, before encoding, a queue whose copies run past the address
    /// space or whose encoding would not fit the engine's command memory:
    /// its encoding is built in host memory of that size first.
    pub(crate) fn check_sizes(&self, queue: &Queue, placement: SignalPlacement) -> Result<()> {
        let info = self.iface.info();
        let va_limit = if info.va_bits == 0 { u64::MAX } else { info.va_size() };
        encode::check_copies(&queue.cmds, va_limit)?;
        let zeros = vec![0u64; queue.vars];
        let bound = encode::upper_bound(&queue.cmds, &self.placeholder_ctx(queue, placement, &zeros));
        let ring = self.ring_bytes[queue.kind.index()];
        if bound > ring {
            return Err(Error::invalid(
                "Runtime::submit",
                format!("the queue needs {bound} bytes of command memory; the ring holds {ring}"),
            ));
        }
        // A queue is one GPFIFO entry, whose length field holds at most
        // MAX_LENGTH_DWORDS: a larger one (possible only with a ring past
        // 8 MiB) would be cut short. The bound counts the queue's data too,
        // so this refuses a little early, never late.
        let max = u64::from(gpuiface_hal::codec::gpfifo::MAX_LENGTH_DWORDS) * 4;
        if bound > max {
            return Err(Error::invalid(
                "Runtime::submit",
                format!("the queue needs up to {bound} bytes of commands; one GPFIFO entry holds at most {max}"),
            ));
        }
        Ok(())
    }

    /// The queue's encoding for this runtime, made at its first submit;
    /// `None` when the queue is encoded in place (its first submit, reuse
    /// mode, or it was first compiled for another runtime or placement).
    fn template<'q>(&self, queue: &'q Queue, placement: SignalPlacement) -> Result<Option<&'q encode::Template>> {
        if queue.options.reuse_qmd_memory || queue.encode_each_submit {
            return Ok(None);
        }
        let t = match queue.template.get() {
            Some(t) => t,
            // The first submit encodes in place: a queue submitted once (a
            // fresh queue per launch) never pays for a template. A load and
            // a store, not a read-modify-write: two threads submitting the
            // queue at once may both encode in place, which is only slower.
            None if queue.submits.load(Ordering::Relaxed) == 0 => {
                queue.submits.store(1, Ordering::Relaxed);
                return Ok(None);
            }
            None => {
                let mut compiled = self.compile(queue, placement)?;
                compiled.footprint = std::sync::Arc::clone(queue.footprint());
                compiled.replays_for = if self.replays(queue, placement) { self.id } else { 0 };
                let _ = queue.template.set(compiled);
                queue.template.get().ok_or_else(|| Error::invalid("Runtime::submit", "template vanished"))?
            }
        };
        Ok((t.runtime == self.id && t.placement == placement).then_some(t))
    }
}
