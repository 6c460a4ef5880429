//! Command queues, generic over [`GpuIface`]: what a runtime such as
//! tinygrad's HCQ layer builds on.
//!
//! - [`Runtime`] sets a device up through the RM API (device, address space,
//!   TSG, subcontext, a compute and a copy channel, usermode), owns the
//!   command memory and the device's timeline signal, and offers
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
mod ring;

use std::sync::Mutex;
use std::time::Duration;

use encode::{Cmd, EncodeCtx};
pub use encode::{LaunchDims, Program, QueueKind, Val, VarId};
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
/// Largest chunk one copy-engine launch moves (LINE_LENGTH_IN is 32 bits).
pub const MAX_COPY_CHUNK: u64 = 1 << 30;

/// How a queue places signals and QMDs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct QueueOptions {
    /// Override the device's signal placement.
    pub signal_placement: Option<SignalPlacement>,
    /// Reuse one QMD slot per launch across replays (rewritten in place at
    /// every submit) instead of fresh command memory. Unsafe on Tegra when
    /// combined with QMD-folded signals: that is the QMD race of seed 002.
    pub reuse_qmd_memory: bool,
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
    kind: QueueKind,
    cmds: Vec<Cmd>,
    vars: usize,
    options: QueueOptions,
    /// Persistent QMD slots (reuse mode), allocated on first submit.
    qmd_slots: Mutex<Option<Buffer>>,
}

impl Queue {
    /// An empty queue for one engine.
    pub fn new(kind: QueueKind) -> Self {
        Queue { kind, cmds: Vec::new(), vars: 0, options: QueueOptions::default(), qmd_slots: Mutex::new(None) }
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
        self
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
        VarId(self.vars - 1)
    }
    /// Block the queue until `signal >= value`.
    pub fn wait(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        self.cmds.push(Cmd::Wait { signal: signal.clone(), value: value.into() });
        self
    }
    /// Set `signal = value` once everything before it has completed.
    pub fn signal(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        self.cmds.push(Cmd::Signal { signal: signal.clone(), value: value.into() });
        self
    }
    /// Launch `program` with `args` as constant buffer 0 (compute queues).
    pub fn launch(&mut self, program: &Program, dims: LaunchDims, args: &[u8]) -> &mut Self {
        self.cmds.push(Cmd::Launch { program: program.gpu_va(), dims, args: args.to_vec(), arg_vars: Vec::new() });
        self
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
        self.cmds.push(Cmd::Launch {
            program: program.gpu_va(),
            dims,
            args: args.to_vec(),
            arg_vars: arg_vars.to_vec(),
        });
        self
    }
    /// Copy `len` bytes from GPU VA `src` to `dst` (copy queues).
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) -> &mut Self {
        self.cmds.push(Cmd::Copy { dst, src, len });
        self
    }
    /// A memory barrier: later commands see earlier commands' writes.
    pub fn barrier(&mut self) -> &mut Self {
        self.cmds.push(Cmd::Barrier);
        self
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

struct SubmitState {
    ring: CommandRing,
    /// Last timeline value a submission will release.
    timeline_value: u64,
}

/// A device set up for work: channels, command memory, timeline.
///
/// Dropping it synchronizes (bounded by the wait timeout), frees its memory
/// and destroys its RM objects in reverse order.
pub struct Runtime<I: GpuIface> {
    iface: I,
    objects: RuntimeObjects,
    compute: Channel,
    copy: Channel,
    timeline: Signal,
    state: Mutex<SubmitState>,
    wait_timeout: Duration,
    local_memory: Mutex<Option<(Buffer, u64)>>,
}

impl<I: GpuIface> std::fmt::Debug for Runtime<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime").field("backend", &self.iface.info().backend).field("objects", &self.objects).finish()
    }
}

impl<I: GpuIface> Runtime<I> {
    /// Set `iface` up with the default ring size and a 10 s wait timeout.
    pub fn new(iface: I) -> Result<Self> {
        Self::with_config(iface, DEFAULT_RING_SIZE, Duration::from_secs(10))
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
        let rest = (|| -> Result<(Signal, CommandRing)> {
            iface.setup_usermode()?;
            let timeline = iface.signal_alloc()?;
            let ring = CommandRing::new(&iface, ring_size)?;
            Ok((timeline, ring))
        })();
        let (timeline, ring) = match rest {
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
            timeline,
            state: Mutex::new(SubmitState { ring, timeline_value: 0 }),
            wait_timeout,
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

    /// Bind the engine objects to their subchannels (SET_OBJECT).
    fn init_channels(&self) -> Result<()> {
        let info = self.iface.info();
        let mut q = Queue::compute();
        q.cmds.push(Cmd::SetObject { subchannel: COMPUTE_SUBCHANNEL, class: info.compute_class });
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

    /// The device timeline: every submission waits for its predecessor's
    /// value and releases the next, so submissions on the compute and copy
    /// channels complete in submission order.
    pub fn timeline(&self) -> &Signal {
        &self.timeline
    }

    /// The timeline value the last submission will release.
    pub fn last_timeline_value(&self) -> u64 {
        self.lock_state().timeline_value
    }

    fn lock_state(&self) -> std::sync::MutexGuard<'_, SubmitState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Encode `queue` into fresh command memory with `bindings` for its
    /// variables, submit it to its channel, and return the timeline value that
    /// marks its completion.
    pub fn submit(&self, queue: &Queue, bindings: &[(VarId, u64)]) -> Result<u64> {
        let mut values = vec![None; queue.vars];
        for (var, v) in bindings {
            let slot = values
                .get_mut(var.0)
                .ok_or_else(|| Error::invalid("Runtime::submit", format!("variable {} not in this queue", var.0)))?;
            *slot = Some(*v);
        }
        if let Some(i) = values.iter().position(Option::is_none) {
            return Err(Error::invalid("Runtime::submit", format!("variable {i} is not bound")));
        }
        let values: Vec<u64> = values.into_iter().map(|v| v.unwrap_or(0)).collect();
        let info = self.iface.info();
        let placement = queue.options.signal_placement.unwrap_or(info.signal_placement);
        let (channel, subchannel) = match queue.kind {
            QueueKind::Compute => (&self.compute, COMPUTE_SUBCHANNEL),
            QueueKind::Copy => (&self.copy, COPY_SUBCHANNEL),
        };

        let qmd_slots = if queue.options.reuse_qmd_memory { Some(self.qmd_slots(queue)?) } else { None };

        let mut state = self.lock_state();
        let wait_value = state.timeline_value;
        let signal_value = wait_value + 1;
        let ctx = EncodeCtx {
            kind: queue.kind,
            subchannel,
            placement,
            values: &values,
            timeline: &self.timeline,
            wait_value,
            signal_value,
            qmd_slots: qmd_slots.as_ref(),
        };
        let upper_bound = encode::upper_bound(&queue.cmds, &ctx);
        let timeline = &self.timeline;
        let timeout = self.wait_timeout;
        let iface = &self.iface;
        let chunk = state.ring.alloc(upper_bound, |value| iface.signal_wait(timeline, value, timeout))?;
        let used = encode::encode(&queue.cmds, &ctx, &chunk)?;
        state.ring.commit(&chunk, used.total, signal_value);
        state.timeline_value = signal_value;
        let entry = crate::GpFifoEntry::new(chunk.gpu_va + used.pushbuffer_offset, used.pushbuffer_dwords);
        let res = self.iface.submit(channel.handle, &[entry]);
        drop(state);
        res.map(|_| signal_value)
    }

    fn qmd_slots(&self, queue: &Queue) -> Result<Buffer> {
        let mut slots = queue.qmd_slots.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(b) = slots.as_ref() {
            return Ok(b.clone());
        }
        let launches = queue.cmds.iter().filter(|c| matches!(c, Cmd::Launch { .. })).count().max(1) as u64;
        let b = self.iface.alloc(AllocRequest::new(launches * encode::QMD_SLOT_SIZE).uncached())?;
        *slots = Some(b.clone());
        Ok(b)
    }

    /// Release a queue's persistent QMD memory (reuse mode), after synchronizing.
    pub fn release_queue(&self, queue: &Queue) -> Result<()> {
        let slot = queue.qmd_slots.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(b) = slot {
            self.synchronize()?;
            self.iface.free(b)?;
        }
        Ok(())
    }

    /// Wait until every submitted command has completed.
    pub fn synchronize(&self) -> Result<()> {
        let target = self.last_timeline_value();
        self.iface.signal_wait(&self.timeline, target, self.wait_timeout)
    }

    /// Free a buffer once the GPU is done with it: waits for every submitted
    /// command first. ([`GpuIface::free`] frees at once; work still in flight
    /// that touches the buffer then faults, as it would on the hardware.)
    pub fn free(&self, buffer: Buffer) -> Result<()> {
        self.synchronize()?;
        self.iface.free(buffer)
    }

    /// Upload a program's code into GPU memory.
    pub fn load_program(&self, code: &[u8]) -> Result<Program> {
        if code.is_empty() {
            return Err(Error::invalid("Runtime::load_program", "empty program"));
        }
        let buffer = self.iface.alloc(AllocRequest::new(code.len() as u64).align(256))?;
        if let Err(e) = self.copyin(&buffer, 0, code) {
            let _ = self.iface.free(buffer);
            return Err(e);
        }
        Ok(Program::new(buffer))
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
    /// mapping: synchronize, then one memmove through the shared address
    /// (seed 002); otherwise through the copy engine and a staging buffer.
    pub fn copyin(&self, dst: &Buffer, offset: u64, src: &[u8]) -> Result<()> {
        Self::check_range("Runtime::copyin", dst, offset, src.len() as u64)?;
        if src.is_empty() {
            return Ok(());
        }
        match dst.cpu_ptr() {
            Some(p) if self.iface.info().io_coherent => {
                // Wait for in-flight GPU reads of `dst` before overwriting it.
                self.synchronize()?;
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
                // Wait for GPU writes to land before reading.
                self.synchronize()?;
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

    /// Make sure the shader-local-memory buffer holds `bytes` and return it.
    /// Growing it first synchronizes: in-flight kernels may still use the old
    /// buffer (seed 002).
    pub fn ensure_local_memory(&self, bytes: u64) -> Result<Buffer> {
        let mut lm = self.local_memory.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((b, size)) = lm.as_ref() {
            if *size >= bytes {
                return Ok(b.clone());
            }
        }
        self.synchronize()?;
        if let Some((old, _)) = lm.take() {
            self.iface.free(old)?;
        }
        let size = bytes.max(1).next_multiple_of(1 << 16);
        let b = self.iface.alloc(AllocRequest::new(size).gpu_only())?;
        *lm = Some((b.clone(), size));
        Ok(b)
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
        let target = self.last_timeline_value();
        let start = std::time::Instant::now();
        let mut seen = self.timeline.value();
        while start.elapsed() < self.wait_timeout {
            let slice = TEARDOWN_STALL.min(self.wait_timeout);
            match self.iface.signal_wait(&self.timeline, target, slice) {
                Ok(()) => return,
                Err(Error::DeviceHang { fault: None, .. }) if self.timeline.value() > seen => {
                    seen = self.timeline.value();
                }
                Err(_) => return,
            }
        }
    }
}

impl<I: GpuIface> Drop for Runtime<I> {
    fn drop(&mut self) {
        // Best effort: a hung or faulted device must still be torn down
        // cleanly, and promptly.
        self.synchronize_for_teardown();
        if let Some((b, _)) = self.local_memory.get_mut().unwrap_or_else(|p| p.into_inner()).take() {
            let _ = self.iface.free(b);
        }
        let state = self.state.get_mut().unwrap_or_else(|p| p.into_inner());
        state.ring.release(&self.iface);
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
