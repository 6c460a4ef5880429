//! [`Queue`]: a command list recorded once and replayed with new values.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use gpuiface_hal::{Buffer, DeviceId, Error, Signal, SignalPlacement};
use smallvec::SmallVec;

use crate::encode::{self, Cmd};
use crate::program::Program;
#[allow(unused_imports)]
use crate::runtime::Runtime;
use crate::vars::{self, ArgVar, BindCheck, BufferVar, CmdDims, CopyVal, Dims};

/// Which engine a queue feeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueueKind {
    /// The compute engine (kernel launches).
    Compute,
    /// The copy engine (DMA).
    Copy,
}

impl QueueKind {
    /// 0 for compute, 1 for copy: the index of per-engine state.
    pub const fn index(self) -> usize {
        match self {
            QueueKind::Compute => 0,
            QueueKind::Copy => 1,
        }
    }
}

/// A variable of a [`Queue`], bound at each submit. It
/// belongs to the queue that made it: using it in another queue is an
/// error at submit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VarId {
    pub(crate) queue: u64,
    pub(crate) index: usize,
}

/// A variable computed at each submit: `values[var] = values[base] + add`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Derived {
    pub(crate) var: usize,
    pub(crate) base: usize,
    pub(crate) add: u64,
}

/// A value in a recorded command: a literal or a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Val {
    /// A fixed value.
    Lit(u64),
    /// Bound at submit.
    Var(VarId),
}

impl From<u64> for Val {
    fn from(v: u64) -> Self {
        Val::Lit(v)
    }
}

impl From<u32> for Val {
    fn from(v: u32) -> Self {
        Val::Lit(u64::from(v))
    }
}

impl From<VarId> for Val {
    fn from(v: VarId) -> Self {
        Val::Var(v)
    }
}

/// Grid and block dimensions of a launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchDims {
    /// Thread blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes.
    pub shared_mem: u32,
}

impl LaunchDims {
    /// `grid` blocks of `block` threads, no shared memory.
    pub fn new(grid: [u32; 3], block: [u32; 3]) -> Self {
        LaunchDims { grid, block, shared_mem: 0 }
    }
}

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
pub(crate) struct QmdSlots {
    pub(crate) buffer: Buffer,
    /// The runtime whose submissions use the slots (its id): slots belong
    /// to one runtime, so no other runtime rewrites a QMD its queued launch
    /// has not read, or frees slots still in use.
    pub(crate) runtime: u64,
    /// Launches it holds.
    pub(crate) capacity: u64,
    /// Timeline value of the last submission that used it (0: none).
    pub(crate) last_use: u64,
    /// Counts the slots in their runtime's `Runtime::live`.
    pub(crate) _live: crate::lifetimes::LiveToken,
}

/// A recorded command list, replayable with new variable values.
///
/// ```
/// use gpuiface_runtime::{Queue, QueueKind, Val};
/// let mut q = Queue::new(QueueKind::Compute);
/// let v = q.var();
/// q.barrier();
/// assert_eq!(q.len(), 1);
/// assert_eq!(Val::from(3u64), Val::Lit(3));
/// # let _ = v;
/// ```
#[derive(Debug)]
pub struct Queue {
    /// Unique per queue once it has a variable: its variables carry it. 0
    /// until the first [`var`](Self::var) (no variable carries 0), so a
    /// queue without variables costs no shared counter.
    pub(crate) id: u64,
    pub(crate) kind: QueueKind,
    /// The commands; a queue of a launch and its signal needs no allocation.
    pub(crate) cmds: SmallVec<[Cmd; INLINE_CMDS]>,
    pub(crate) vars: usize,
    pub(crate) options: QueueOptions,
    /// Persistent QMD slots (reuse mode), allocated on first submit.
    pub(crate) qmd_slots: Mutex<Option<QmdSlots>>,
    /// The queue encoded once, at its first submit (reset when it changes).
    pub(crate) template: OnceLock<encode::Template>,
    /// A variable of another queue was recorded here (an error at submit).
    pub(crate) foreign_var: Option<VarId>,
    /// GPU VA ranges the queue's launches use ([`Queue::uses`]).
    pub(crate) declared: Vec<(u64, u64)>,
    /// What the queue's work touches, computed at its first submit.
    pub(crate) footprint: OnceLock<Arc<Footprint>>,
    /// The device whose signals, programs and buffers the queue names (the
    /// first it saw); a runtime of another device refuses the queue.
    pub(crate) device: Option<DeviceId>,
    /// Two devices were named (an error at submit).
    pub(crate) mixed_devices: bool,
    /// Checks on variable values, made when they are bound (record-time list).
    pub(crate) checks: Vec<BindCheck>,
    /// Indices of the variables that are [`BufferVar`]s.
    pub(crate) buffer_vars: Vec<usize>,
    /// Variables computed at each submit from another's value
    /// ([`Queue::var_plus`], [`Queue::buffer_view`]), in creation order (a
    /// base is always older than what is computed from it).
    pub(crate) derived: Vec<Derived>,
    /// A launch's dynamic shared memory is a variable: the queue is encoded
    /// afresh at every submit (no template: a replay patches no
    /// shared-memory configuration).
    pub(crate) encode_each_submit: bool,
    /// The most local memory per thread a launch of the queue needs: a
    /// runtime grows its own to it before it encodes the queue.
    pub(crate) local_per_thread: u32,
    /// Ranges only the bound values tell (variable copy addresses, buffer variables).
    pub(crate) dynamic: Vec<DynRange>,
    /// A command recorded wrongly (an error at submit, the first one).
    /// Boxed: a queue recorded without error drops a null pointer.
    pub(crate) invalid: Option<Box<Error>>,
    /// Submits since the queue last changed: the first encodes in place (a
    /// queue submitted once never pays for a template), a replay compiles one.
    pub(crate) submits: AtomicU64,
    /// Bytes of command memory the last encoding in place took (0: none).
    pub(crate) encoded: AtomicU64,
}

pub(crate) use crate::footprint::{DynRange, Footprint};

pub(crate) static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Commands a queue holds without allocating: a launch and its signal (a
/// fresh queue per launch, the common case).
const INLINE_CMDS: usize = 2;

impl Queue {
    /// An empty queue for one engine.
    pub fn new(kind: QueueKind) -> Self {
        Queue {
            id: 0,
            kind,
            cmds: SmallVec::new(),
            vars: 0,
            options: QueueOptions::default(),
            qmd_slots: Mutex::new(None),
            template: OnceLock::new(),
            foreign_var: None,
            declared: Vec::new(),
            footprint: OnceLock::new(),
            device: None,
            mixed_devices: false,
            checks: Vec::new(),
            buffer_vars: Vec::new(),
            derived: Vec::new(),
            encode_each_submit: false,
            local_per_thread: 0,
            dynamic: Vec::new(),
            invalid: None,
            submits: AtomicU64::new(0),
            encoded: AtomicU64::new(0),
        }
    }

    /// Keep `e` as the queue's error at submit, unless one is kept already.
    #[cold]
    fn refuse(&mut self, e: Error) {
        if self.invalid.is_none() {
            self.invalid = Some(Box::new(e));
        }
    }

    /// Note a device the queue names.
    fn names(&mut self, device: DeviceId) {
        match self.device {
            None => self.device = Some(device),
            Some(d) if d != device => self.mixed_devices = true,
            Some(_) => {}
        }
    }

    /// Record a command: the queue changed, so its encoding is stale.
    /// Inlined: the command is built in its slot, not copied there.
    #[inline(always)]
    fn push(&mut self, cmd: Cmd) -> &mut Self {
        let mut check = |v: &Val| {
            if let Val::Var(var) = v {
                if var.queue != self.id && self.foreign_var.is_none() {
                    self.foreign_var = Some(*var);
                }
            }
        };
        let device = match &cmd {
            Cmd::Wait { value, signal } | Cmd::Signal { value, signal } => {
                check(value);
                Some(signal.device())
            }
            Cmd::Launch { arg_vars, program, dims, .. } => {
                arg_vars.iter().for_each(|a| check(&Val::Var(a.var)));
                if let Some(dims) = dims.vars() {
                    dims.grid.iter().chain(&dims.block).chain([&dims.shared_mem]).for_each(&mut check);
                }
                Some(program.buffer().device())
            }
            Cmd::Copy { dst, src, len } => {
                [dst, src, len].into_iter().for_each(&mut check);
                None
            }
            _ => None,
        };
        if let Some(d) = device {
            self.names(d);
        }
        self.cmds.push(cmd);
        self.changed();
        self
    }

    /// The queue changed: what was derived from it (its encoding, its
    /// footprint, and the replay path's verdict kept with the encoding) is
    /// stale. Every `&mut self` method that changes the queue calls it.
    #[inline(always)]
    fn changed(&mut self) {
        // Looked at through `&mut` (no atomic) first: a queue being
        // recorded for the first time has nothing derived to drop.
        if self.template.get_mut().is_some() {
            drop(self.template.take());
        }
        *self.submits.get_mut() = 0;
        if self.footprint.get_mut().is_some() {
            drop(self.footprint.take());
        }
    }

    /// Declare a buffer this queue's launches read or write. A queue whose
    /// launches declare their buffers lets [`Runtime::copyin`],
    /// [`Runtime::copyout`] and [`Runtime::free`] of *other* buffers go on
    /// while it runs; a launch that declares nothing is taken to touch
    /// everything (copies' own ranges are always known).
    ///
    /// ```
    /// # use gpuiface_runtime::Queue;
    /// # fn f(out: &gpuiface_hal::Buffer) {
    /// let mut q = Queue::compute();
    /// q.uses(out); // then q.launch(...)
    /// # }
    /// ```
    pub fn uses(&mut self, buffer: &Buffer) -> &mut Self {
        self.names(buffer.device());
        self.declared.push((buffer.gpu_va(), buffer.gpu_va().saturating_add(buffer.size())));
        self.changed();
        self
    }

    pub(crate) fn footprint(&self) -> &Arc<Footprint> {
        self.footprint.get_or_init(|| Arc::new(Footprint::of(self)))
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
        self.changed();
        self
    }
    pub(crate) fn launches(&self) -> u64 {
        self.cmds.iter().filter(|c| matches!(c, Cmd::Launch { .. })).count() as u64
    }
    /// Bytes of command memory one submit of this queue writes (its
    /// encoding: QMDs, constant buffers, pushbuffer), once it has been
    /// submitted; `None` before.
    pub fn encoded_len(&self) -> Option<usize> {
        self.template.get().map(|t| t.patched.image().len()).or(match self.encoded.load(Ordering::Relaxed) {
            0 => None,
            n => usize::try_from(n).ok(),
        })
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
        self.changed();
        if self.id == 0 {
            self.id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        }
        self.vars += 1;
        VarId { queue: self.id, index: self.vars - 1 }
    }
    /// A variable computed at each submit as `base`'s value plus `add`
    /// (wrapping): bind `base`, never this one. One binding then moves many
    /// values, as tinygrad's `kickoff + k`.
    ///
    /// ```
    /// # use gpuiface_runtime::Queue;
    /// # fn f(sig: &gpuiface_hal::Signal) {
    /// let mut q = Queue::copy_queue();
    /// let kickoff = q.var();
    /// let (first, second) = (q.var_plus(kickoff, 1), q.var_plus(kickoff, 2));
    /// q.signal(sig, first).signal(sig, second);
    /// // rt.submit(&q, &[(kickoff, 40)])? releases 41, then 42.
    /// # }
    /// ```
    pub fn var_plus(&mut self, base: VarId, add: u64) -> VarId {
        let v = self.var();
        if base.queue != self.id && self.foreign_var.is_none() {
            self.foreign_var = Some(base);
        }
        self.derived.push(Derived { var: v.index, base: base.index, add });
        v
    }
    /// A view into the buffer bound to `base`, `offset` bytes in: a buffer
    /// variable whose address is computed at each submit (bind `base`,
    /// never this one). A launch that names the view touches the whole
    /// buffer bound to `base`.
    ///
    /// ```
    /// # use gpuiface_runtime::{ArgVar, LaunchDims, Program, Queue};
    /// # fn f(prog: &Program) {
    /// let mut q = Queue::compute();
    /// let whole = q.buffer_var();
    /// let second_half = q.buffer_view(whole, 4096);
    /// q.launch_vars(prog, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[0; 8], &[ArgVar::buffer(0, second_half)]);
    /// // rt.submit_with(&q, &[], &[(whole, &buffer)])?
    /// # }
    /// ```
    pub fn buffer_view(&mut self, base: BufferVar, offset: u64) -> BufferVar {
        let v = self.var_plus(base.0, offset);
        self.buffer_vars.push(v.index);
        BufferVar(v)
    }
    /// The variable a computed one is computed from at the end of its chain
    /// (itself when it is bound directly).
    pub(crate) fn root_of(&self, var: VarId) -> VarId {
        let mut index = var.index;
        // Bases are older: the walk goes down the list once.
        for d in self.derived.iter().rev() {
            if d.var == index {
                index = d.base;
            }
        }
        VarId { queue: var.queue, index }
    }
    /// Fill the computed variables of `values` from their bases.
    #[inline]
    pub(crate) fn compute_derived(&self, values: &mut [u64]) {
        for d in &self.derived {
            if let (Some(&b), true) = (values.get(d.base), d.var < values.len()) {
                values[d.var] = b.wrapping_add(d.add);
            }
        }
    }
    /// Block the queue until `signal >= value`.
    pub fn wait(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        self.push(Cmd::Wait { signal: signal.clone(), value: value.into() })
    }
    /// A timestamp: once everything before it has completed, `signal`
    /// takes `value` and the GPU's time (nanoseconds since boot), which
    /// [`Signal::timestamp`] reads. A replayed queue records new times at
    /// every replay: give each point to profile a signal of its own.
    ///
    /// ```
    /// # use gpuiface_runtime::{Queue, Runtime};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, before: &gpuiface_hal::Signal, after: &gpuiface_hal::Signal) -> gpuiface_hal::Result<()> {
    /// let mut q = Queue::copy_queue();
    /// q.timestamp(before, 1u64).copy(0x1000, 0x2000, 64).timestamp(after, 1u64);
    /// rt.submit(&q, &[])?;
    /// rt.synchronize()?;
    /// let ns = after.timestamp() - before.timestamp();
    /// # let _ = ns; Ok(()) }
    /// ```
    pub fn timestamp(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        // Every release waits for idle and carries the time (encode::release_execute).
        self.signal(signal, value)
    }
    /// Set `signal = value` once everything before it has completed.
    pub fn signal(&mut self, signal: &Signal, value: impl Into<Val>) -> &mut Self {
        self.push(Cmd::Signal { signal: signal.clone(), value: value.into() })
    }
    /// Launch `program` with `args` as constant buffer 0 (compute queues).
    /// `dims` is a [`LaunchDims`] or, for dimensions bound at each submit,
    /// a [`Dims`] of variables.
    pub fn launch(&mut self, program: &Program, dims: impl Into<Dims>, args: &[u8]) -> &mut Self {
        self.launch_vars(program, dims, args, &[])
    }
    /// Launch with some 64-bit argument words taken from variables
    /// (`(byte offset in args, variable)`), patched at every submit.
    /// [`launch_vars`](Self::launch_vars) takes arguments of any size and buffers.
    pub fn launch_with_vars(
        &mut self,
        program: &Program,
        dims: impl Into<Dims>,
        args: &[u8],
        arg_vars: &[(usize, VarId)],
    ) -> &mut Self {
        let vars: Vec<ArgVar> = arg_vars.iter().map(|&(offset, var)| ArgVar::value(offset, 8, var)).collect();
        self.launch_vars(program, dims, args, &vars)
    }
    /// Launch with arguments taken from variables: values of 1 to 8 bytes
    /// ([`ArgVar::value`]) and buffers ([`ArgVar::buffer`]), each patched
    /// in place at every submit. Variable dimensions in `dims` are checked
    /// against the SM's and the kernel's limits when bound; an argument
    /// variable outside `args` is an error at submit.
    ///
    /// ```
    /// # use gpuiface_runtime::{ArgVar, Dims, Queue, Program};
    /// # fn f(prog: &Program) {
    /// let mut q = Queue::compute();
    /// let (blocks, n, out) = (q.var(), q.var(), q.buffer_var());
    /// let dims = Dims::new([blocks.into(), 1u32.into(), 1u32.into()], [256u32.into(), 1u32.into(), 1u32.into()]);
    /// q.launch_vars(prog, dims, &[0; 12], &[ArgVar::buffer(0, out), ArgVar::value(8, 4, n)]);
    /// // rt.submit_with(&q, &[(blocks, 4), (n, 1000)], &[(out, &buffer)])?;
    /// # }
    /// ```
    pub fn launch_vars(&mut self, program: &Program, dims: impl Into<Dims>, args: &[u8], vars: &[ArgVar]) -> &mut Self {
        let dims = dims.into();
        if !vars.is_empty() {
            self.record_arg_vars(args.len(), vars);
        }
        self.local_per_thread = self.local_per_thread.max(program.attributes().local_memory_per_thread());
        if matches!(dims.shared_mem, Val::Var(_)) {
            self.encode_each_submit = true;
        }
        let cmd_dims = CmdDims::new(&dims);
        if cmd_dims.vars().is_some() {
            self.checks.push(BindCheck::Launch { program: program.clone(), dims, args_len: args.len() });
        }
        self.push(Cmd::Launch {
            program: program.clone(),
            dims: cmd_dims,
            args: SmallVec::from_slice(args),
            arg_vars: vars.to_vec(),
        })
    }

    /// What [`launch_vars`](Self::launch_vars) notes of its argument
    /// variables: their checks at record time and at bind time, and the
    /// ranges buffer variables make the footprint depend on.
    #[inline(never)]
    fn record_arg_vars(&mut self, args_len: usize, vars: &[ArgVar]) {
        if let Err(e) = vars::check_arg_vars(args_len, vars) {
            self.refuse(e);
        }
        for a in vars {
            if self.buffer_vars.contains(&a.var.index) && a.var.queue == self.id {
                if a.size != 8 {
                    self.refuse(Error::invalid(
                        "Queue::launch_vars",
                        format!("buffer variable {} takes 8 bytes", a.var.index),
                    ));
                }
                self.dynamic.push(DynRange::Buffer(a.var));
            } else if a.size < 8 {
                self.checks.push(BindCheck::Fits { var: a.var, size: a.size });
            }
        }
    }
    /// Copy `len` bytes from GPU VA `src` to `dst` (copy queues). Each may
    /// be a variable, bound at every submit: a pipeline that streams chunks
    /// records its copy once. A variable length is 1 to
    /// [`MAX_COPY_CHUNK`](crate::MAX_COPY_CHUNK) bytes (checked when bound);
    /// a fixed one any size (split into chunks).
    ///
    /// ```
    /// # use gpuiface_runtime::Queue;
    /// let mut q = Queue::copy_queue();
    /// let (dst, src, len) = (q.var(), q.var(), q.var());
    /// q.copy(dst, src, len);
    /// q.copy(0x20_0000u64, src, 4096u64);
    /// q.copy(0x20_0000, src, 4096); // unsuffixed literals too (CopyVal)
    /// assert_eq!(q.len(), 3);
    /// ```
    pub fn copy(&mut self, dst: impl Into<CopyVal>, src: impl Into<CopyVal>, len: impl Into<CopyVal>) -> &mut Self {
        let mut operand = |v: CopyVal, what: &str| match v.0 {
            Ok(v) => v,
            Err(n) => {
                self.refuse(Error::invalid(
                    "Queue::copy",
                    format!("a copy {what} of {n}: addresses and lengths are not negative"),
                ));
                Val::Lit(0)
            }
        };
        let (dst, src, len) =
            (operand(dst.into(), "destination"), operand(src.into(), "source"), operand(len.into(), "length"));
        if let Val::Var(v) = len {
            self.checks.push(BindCheck::CopyLen(v));
        }
        if [dst, src, len].iter().any(|v| matches!(v, Val::Var(_))) {
            self.dynamic.push(DynRange::Copy { addr: dst, len });
            self.dynamic.push(DynRange::Copy { addr: src, len });
        }
        self.push(Cmd::Copy { dst, src, len })
    }
    /// A new variable bound to a buffer at each submit
    /// ([`Runtime::submit_with`]); use it in [`ArgVar::buffer`].
    pub fn buffer_var(&mut self) -> BufferVar {
        let v = self.var();
        self.buffer_vars.push(v.index);
        BufferVar(v)
    }
    /// A memory barrier: later commands see earlier commands' writes.
    pub fn barrier(&mut self) -> &mut Self {
        self.push(Cmd::Barrier)
    }
}
