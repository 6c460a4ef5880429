//! [`MockKernel`] and its builder: the kernel's state under one lock
//! ([`KState`]: every object the fds stand for, the CPU mappings), and the
//! work for the GPU model queued under that lock and done once it is
//! released ([`GpuAction`]).

use std::collections::HashMap;
use std::os::fd::RawFd;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::gpu::{ChannelDesc, Gpu, GpuConfig};
use crate::mem::Backing;

use super::inject::Injection;
use super::trace_log::{internal_file, TraceRing, DEFAULT_TRACE_RING, IOCTL_LOG_TARGET};
use super::{channel, cpumap, nvmap, tsg, Characteristics, FdObj, FileId, Vm};

/// The mock of `nvgpu.ko` + `nvmap`, with its GPU.
pub struct MockKernel {
    pub(super) state: Mutex<KState>,
    pub(super) gpu: Arc<Gpu>,
    pub(super) characteristics: Characteristics,
    pub(super) injections: Mutex<Vec<Injection>>,
    pub(super) calls: std::sync::atomic::AtomicU64,
    pub(super) trace: Arc<Mutex<TraceRing>>,
    pub(super) trace_ring_capacity: usize,
    pub(super) trace_stderr: bool,
    /// Lines decode every argument field (see [`MockKernelBuilder::trace_decoded`]).
    pub(super) trace_decoded: bool,
    pub(super) hang_wait: std::time::Duration,
    /// `GPUIFACE_MOCK_TRACE=<path>`: the decoded trace goes to this file.
    pub(super) trace_file: Option<Arc<Mutex<std::fs::File>>>,
}

impl std::fmt::Debug for MockKernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MockKernel").field("live", &self.snapshot()).finish_non_exhaustive()
    }
}

impl Default for MockKernel {
    fn default() -> Self {
        Self::new()
    }
}

impl MockKernel {
    /// A kernel with ga10b characteristics and an immediate-mode GPU.
    pub fn new() -> Self {
        Self::builder().build()
    }

    /// A builder.
    pub fn builder() -> MockKernelBuilder {
        MockKernelBuilder::default()
    }

    /// The GPU model.
    pub fn gpu(&self) -> &Arc<Gpu> {
        &self.gpu
    }
}

/// Builds a [`MockKernel`].
#[derive(Debug, Clone, Default)]
pub struct MockKernelBuilder {
    characteristics: Characteristics,
    gpu: GpuConfig,
    trace_stderr: Option<bool>,
    hang_wait: Option<std::time::Duration>,
    trace_decoded: Option<bool>,
    trace_ring: Option<usize>,
}

/// The environment variable that names the L4T release a mock kernel built
/// from the environment models (`r35` or `r36`; unset: r36): read by the
/// preload library and by `gpuiface_nvgpu::mock::MockDeviceExt::open_default`.
pub const RELEASE_ENV: &str = "GPUIFACE_MOCK_RELEASE";

/// The release [`RELEASE_ENV`] names: r36 when unset; an error naming the
/// value when it is neither `r35` nor `r36`.
pub fn release_from_env() -> Result<gpuiface_abi::Release, String> {
    match std::env::var(RELEASE_ENV) {
        Err(_) => Ok(gpuiface_abi::Release::R36),
        Ok(v) => gpuiface_abi::Release::parse(&v).ok_or_else(|| format!("{RELEASE_ENV}={v:?}: expected r35 or r36")),
    }
}

/// How long a call the real kernel never returns from blocks before the
/// mock fails it (default; env `GPUIFACE_MOCK_HANG_WAIT_MS`).
pub const DEFAULT_HANG_WAIT_MS: u64 = 2000;

impl MockKernelBuilder {
    /// Decode every argument field into the in-memory trace's lines
    /// ([`TraceEntry::line`](super::TraceEntry::line)). Default: on when the trace goes to stderr or
    /// a file (`GPUIFACE_MOCK_TRACE`), off otherwise — decoding costs about
    /// a microsecond per ioctl; undecoded entries still carry the name, the
    /// result and the rule that rejected the call ([`TraceEntry::why`](super::TraceEntry::why)).
    pub fn trace_decoded(mut self, on: bool) -> Self {
        self.trace_decoded = Some(on);
        self
    }
    /// How long a call the real kernel would never return from blocks
    /// before it fails with `ETIMEDOUT` (default 2 s, env
    /// `GPUIFACE_MOCK_HANG_WAIT_MS`): a bounded stand-in for the hang.
    pub fn hang_wait(mut self, wait: std::time::Duration) -> Self {
        self.hang_wait = Some(wait);
        self
    }
    /// Model a kernel of this L4T release: its ABI (ioctl numbers and
    /// sizes), its dispatch limits, its rules and its errnos, and the
    /// recorded Orin's characteristics in its layout
    /// ([`Characteristics::for_release`]). Default r36; the preload library
    /// reads `GPUIFACE_MOCK_RELEASE`.
    pub fn release(mut self, release: gpuiface_abi::Release) -> Self {
        self.characteristics = Characteristics::for_release(release);
        self
    }
    /// Report these characteristics (e.g. [`Characteristics::r35`]); the
    /// kernel is of their [`Characteristics::release`].
    pub fn characteristics(mut self, c: Characteristics) -> Self {
        self.characteristics = c;
        self
    }
    /// Configure the GPU model.
    pub fn gpu(mut self, config: GpuConfig) -> Self {
        self.gpu = config;
        self
    }
    /// Print a decoded line per ioctl to stderr (default: env `GPUIFACE_MOCK_TRACE`).
    pub fn trace_stderr(mut self, on: bool) -> Self {
        self.trace_stderr = Some(on);
        self
    }
    /// Keep the last `entries` decoded ioctls in memory for [`MockKernel::trace`]
    /// (a ring: older entries are dropped); 0 turns the in-memory trace off,
    /// so an ioctl costs no trace memory at all. Default:
    /// [`DEFAULT_TRACE_RING`].
    pub fn trace_ring(mut self, entries: usize) -> Self {
        self.trace_ring = Some(entries);
        self
    }
    /// Build.
    pub fn build(self) -> MockKernel {
        crate::usermem::prepare();
        let mut k = MockKernel {
            state: Mutex::new(KState::new(self.characteristics.release)),
            hang_wait: self.hang_wait.unwrap_or_else(|| {
                let ms = std::env::var("GPUIFACE_MOCK_HANG_WAIT_MS").ok().and_then(|v| v.parse().ok());
                std::time::Duration::from_millis(ms.unwrap_or(DEFAULT_HANG_WAIT_MS))
            }),
            gpu: Gpu::new(self.gpu),
            characteristics: self.characteristics,
            injections: Mutex::new(Vec::new()),
            calls: std::sync::atomic::AtomicU64::new(0),
            trace: Arc::new(Mutex::new(TraceRing::new(self.trace_ring.unwrap_or(DEFAULT_TRACE_RING)))),
            trace_ring_capacity: self.trace_ring.unwrap_or(DEFAULT_TRACE_RING),
            trace_decoded: false,
            trace_stderr: self.trace_stderr.unwrap_or_else(|| {
                matches!(std::env::var("GPUIFACE_MOCK_TRACE").as_deref(), Ok("1" | "stderr" | "true"))
            }),
            trace_file: match (self.trace_stderr, std::env::var("GPUIFACE_MOCK_TRACE")) {
                (None, Ok(path)) if !matches!(path.as_str(), "" | "0" | "1" | "stderr" | "true") => {
                    std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(path)
                        .ok()
                        .map(|f| Arc::new(Mutex::new(internal_file(f))))
                }
                _ => None,
            },
        };
        k.trace_decoded = self.trace_decoded.unwrap_or(
            k.trace_stderr || k.trace_file.is_some() || log::log_enabled!(target: IOCTL_LOG_TARGET, log::Level::Debug),
        );
        k.observe_gpu_faults();
        k
    }
}

/// The kernel's state (one lock).
pub(crate) struct KState {
    /// The L4T release this kernel models (its characteristics').
    pub release: gpuiface_abi::Release,
    pub fds: HashMap<RawFd, FdObj>,
    /// The file (`st_dev`, `st_ino`) each fd in `fds` was created for: a
    /// `dup` of it is the same object; a number whose file changed was
    /// closed behind the model's back and reused.
    pub fd_ids: HashMap<RawFd, FileId>,
    pub nvmap: nvmap::Nvmap,
    pub vms: HashMap<u32, Arc<Vm>>,
    pub next_vm: u32,
    pub tsgs: HashMap<u32, tsg::Tsg>,
    pub next_tsg: u32,
    pub channels: HashMap<u32, channel::Chan>,
    pub next_chid: u32,
    pub next_syncpoint: u32,
    pub actions: Vec<GpuAction>,
    /// CPU mappings of the model's fds (the kernel's VMAs).
    pub cpu_maps: cpumap::CpuMaps,
    /// Set by a call the real kernel never returns from: why. The call then
    /// fails after [`MockKernelBuilder::hang_wait`], outside the lock.
    pub hang: Option<String>,
}

/// Work for the GPU model, done after the kernel lock is released.
pub(crate) enum GpuAction {
    Attach(ChannelDesc),
    Detach(u32),
    BindObject(u32, u32),
    Notifier(u32, Arc<Backing>, usize),
    /// A mapping went: forget the program names in `[start, end)`.
    ForgetNames(u64, u64),
    /// The channel hung (a call on it never returns on an Orin): the GPU
    /// runs none of its work from now on.
    Hang(u32),
}

impl KState {
    /// A kernel with no objects yet.
    pub(super) fn new(release: gpuiface_abi::Release) -> Self {
        KState {
            release,
            fds: HashMap::new(),
            fd_ids: HashMap::new(),
            nvmap: nvmap::Nvmap::default(),
            vms: HashMap::new(),
            next_vm: 1,
            tsgs: HashMap::new(),
            next_tsg: 1,
            channels: HashMap::new(),
            next_chid: 0,
            next_syncpoint: 17,
            actions: Vec::new(),
            hang: None,
            cpu_maps: cpumap::CpuMaps::default(),
        }
    }
}

impl MockKernel {
    /// The L4T release this kernel models ([`MockKernelBuilder::release`]).
    pub fn release(&self) -> gpuiface_abi::Release {
        self.characteristics.release
    }

    /// Do the GPU work queued under the lock, now that it is released.
    pub(super) fn run_actions(&self) {
        let actions = std::mem::take(&mut lock(&self.state).actions);
        for a in actions {
            match a {
                GpuAction::Attach(d) => self.gpu.attach_channel(d),
                GpuAction::Detach(c) => self.gpu.detach_channel(c),
                GpuAction::ForgetNames(start, end) => self.gpu.forget_program_names(start, end),
                GpuAction::BindObject(c, class) => self.gpu.bind_object(c, class),
                GpuAction::Notifier(c, b, off) => self.gpu.set_error_notifier(c, b, off),
                GpuAction::Hang(c) => self.gpu.inject_hang(c),
            }
        }
    }
}

/// Lock `m`, also after a panic poisoned it.
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
