//! The kernel model: `nvgpu.ko` and `nvmap` as the r36 UAPI defines them.
//!
//! [`MockKernel`] implements [`gpuiface_nvgpu::Syscalls`]. Every fd it hands
//! out is a real fd (a memfd), so `close`, `dup` and `mmap` behave as on
//! Linux, and a dma-buf's mmap maps the very bytes the GPU model reads.
//! Ioctls are decoded by number and byte layout: a wrong struct size is a
//! different number and gets `ENOTTY`, as in the kernel.
//!
//! | file | what it models |
//! |---|---|
//! | `mod.rs` | fd table, per-fd dispatch rules (constraints doc §0), injection, trace, leak checks |
//! | `nvmap.rs` | `/dev/nvmap`: handles (ids, not fds), ALLOC, GET_FD, FREE (§5) |
//! | `ctrl.rs` | `/dev/nvgpu/igpu0/ctrl`: characteristics, ALLOC_AS, OPEN_TSG, OPEN_CHANNEL, usermode mmap (§1) |
//! | `vm.rs` | address spaces: ALLOC_SPACE, MAP_BUFFER_EX, UNMAP, page-granular translation (§2) |
//! | `tsg.rs` | TSGs: subcontexts (VEIDs), channel binding (§3) |
//! | `channel.rs` | channels: WDT, SETUP_BIND, ALLOC_OBJ_CTX, notifiers, syncpoints (§4) |
//! | `trace.rs` | the trace format: strace for nvgpu (every field by name, the rejecting rule) |
//! | `cpumap.rs` | the CPU mappings of the model's fds (usermode window, dma-bufs with cache modes) |
//! | `uaccess.rs` | copy_from_user / copy_to_user for pointers inside arguments (EFAULT, not a crash) |
//!
//! Each rule is a small function named after it, citing its section.

mod channel;
pub mod cpumap;
mod ctrl;
mod nvmap;
pub mod trace;
mod tsg;
mod uaccess;
mod vm;

use std::collections::HashMap;
use std::ffi::CStr;
use std::os::fd::RawFd;
use std::sync::{Arc, Mutex, MutexGuard};

use gpuiface_hal::Errno;
use gpuiface_nvgpu::abi::{self, IOC_READ};
use gpuiface_nvgpu::{LinuxSyscalls, Syscalls};

use crate::gpu::{ChannelDesc, Gpu, GpuConfig};
use crate::mem::Backing;
use crate::usermem;

pub use channel::{GPFIFO_HANG_ABOVE, USER_SYNCPOINT_MAX};
pub use ctrl::Characteristics;
pub use vm::Vm;

/// A kernel errno result.
pub type KResult<T = i32> = Result<T, Errno>;

/// What an fd refers to.
#[derive(Debug, Clone)]
pub(crate) enum FdObj {
    /// A `/dev/nvmap` client (each open is one, with its own handles).
    Nvmap(u32),
    Ctrl {
        page: Arc<Backing>,
        mapped: bool,
    },
    As(u32),
    Tsg(u32),
    Channel(u32),
    DmaBuf {
        handle: u32,
        backing: Arc<Backing>,
    },
    /// A TSG event fd (EVENT_ID_CTRL).
    Event,
}

impl FdObj {
    /// An object with kernel state that lives as long as its file (a
    /// channel, TSG, AS or nvmap client). Dma-buf, ctrl and event fds share
    /// their file with the model's own memory fds and own no such state.
    fn is_kernel_object(&self) -> bool {
        matches!(self, FdObj::Channel(_) | FdObj::Tsg(_) | FdObj::As(_) | FdObj::Nvmap(_))
    }

    fn kind(&self) -> &'static str {
        match self {
            FdObj::Nvmap(_) => "nvmap",
            FdObj::Ctrl { .. } => "ctrl",
            FdObj::As(_) => "as",
            FdObj::Tsg(_) => "tsg",
            FdObj::Channel(_) => "channel",
            FdObj::DmaBuf { .. } => "dmabuf",
            FdObj::Event => "event",
        }
    }
}

/// Work for the GPU model, done after the kernel lock is released.
pub(crate) enum GpuAction {
    Attach(ChannelDesc),
    Detach(u32),
    BindObject(u32, u32),
    Notifier(u32, Arc<Backing>, usize),
}

/// The kernel's state (one lock).
pub(crate) struct KState {
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

impl KState {
    /// A fresh real fd (a small memfd) standing for a kernel object.
    pub(crate) fn new_fd(&mut self, obj: FdObj) -> KResult<RawFd> {
        let fd = match &obj {
            FdObj::DmaBuf { backing, .. } | FdObj::Ctrl { page: backing, .. } => match backing.open_fd() {
                Ok(fd) => std::os::fd::IntoRawFd::into_raw_fd(fd),
                Err(e) => return Err(Errno(e.raw_os_error().unwrap_or(libc::ENOMEM))),
            },
            _ => {
                let name = std::ffi::CString::new(format!("gpuiface-mock:{}", obj.kind())).unwrap_or_default();
                // SAFETY: memfd_create with a NUL-terminated name; the result is checked.
                unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) }
            }
        };
        if fd < 0 {
            return Err(Errno::last());
        }
        self.fds.insert(fd, obj);
        if let Some(id) = file_id(fd) {
            self.fd_ids.insert(fd, id);
        }
        Ok(fd)
    }

    /// The number the model knows `fd`'s file by: `fd` itself, or the
    /// original of a `dup`. `None`: not a file of the model (or a number
    /// reused for another file).
    pub(crate) fn canonical(&self, fd: RawFd) -> Option<RawFd> {
        let id = file_id(fd)?;
        if self.fd_ids.get(&fd) == Some(&id) {
            return Some(fd);
        }
        self.fd_ids.iter().find(|(n, i)| **i == id && self.fds.contains_key(n)).map(|(n, _)| *n)
    }

    /// The object behind `fd` (a dup included), for fds passed inside
    /// ioctl arguments (BIND_CHANNEL's channel, CREATE_SUBCONTEXT's AS).
    pub(crate) fn obj(&self, fd: RawFd) -> Option<&FdObj> {
        self.canonical(fd).and_then(|c| self.fds.get(&c))
    }

    /// The dma-buf behind `fd`: ours by number, or one the program dup'ed
    /// itself, recognised by the memfd's inode.
    pub(crate) fn dmabuf(&self, fd: i64) -> KResult<(u32, Arc<Backing>)> {
        if fd < 0 || fd > i64::from(i32::MAX) {
            return Err(Errno::EBADF);
        }
        let fd = fd as RawFd;
        match self.fds.get(&fd) {
            Some(FdObj::DmaBuf { handle, backing }) => return Ok((*handle, backing.clone())),
            Some(_) => return Err(Errno::EINVAL), // a real fd, but not a dma-buf
            None => {}
        }
        let ino = inode(fd).ok_or(Errno::EBADF)?;
        self.nvmap.by_inode(ino).ok_or(Errno::EINVAL)
    }
}

pub(crate) use crate::fdkeeper::FileId;

/// The file behind an fd, if it is open.
pub(crate) fn file_id(fd: RawFd) -> Option<FileId> {
    // SAFETY: fstat into a zeroed buffer; failure is reported by the return value.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        (libc::fstat(fd, &mut st) == 0).then_some((st.st_dev, st.st_ino))
    }
}

/// Another fd of this process (not `except`) open on the file `id`, found by
/// walking `/proc/self/fd`: a file stays alive while any fd refers to it.
fn other_fd_on(id: FileId, except: RawFd) -> Option<RawFd> {
    let dir = std::fs::read_dir("/proc/self/fd").ok()?;
    let fds: Vec<RawFd> = dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok()).collect();
    fds.into_iter().find(|fd| *fd != except && file_id(*fd) == Some(id))
}

/// The inode of an fd, if it is open.
pub(crate) fn inode(fd: RawFd) -> Option<u64> {
    // SAFETY: fstat into a zeroed buffer; failure is reported by the return value.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        (libc::fstat(fd, &mut st) == 0).then_some(st.st_ino)
    }
}

/// One decoded ioctl, as the trace keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceEntry {
    /// The fd kind (`nvmap`, `ctrl`, `as`, `tsg`, `channel`, `dmabuf`).
    pub fd_kind: &'static str,
    /// The ioctl's C name, or its number in hex.
    pub name: String,
    /// What the kernel returned.
    pub result: Result<i32, Errno>,
    /// The fd the call was made on.
    pub fd: RawFd,
    /// The decoded line ([`trace`]: every argument field in and out by name);
    /// empty for ioctls unless [`MockKernelBuilder::trace_decoded`] is on.
    pub line: String,
    /// An ioctl (false: an mmap, munmap, msync or GPU event the model reports).
    pub is_ioctl: bool,
    /// For a rejected call: the rule that rejected it, when the model names it.
    pub why: Option<&'static str>,
}

/// What an ioctl leaves for its trace line.
#[derive(Debug, Default)]
struct IoctlTrace {
    arg_in: Vec<u8>,
    arg_out: Vec<u8>,
    /// The call is one the real kernel never returns from (why).
    hang: Option<String>,
}

/// Entries the in-memory trace keeps by default (about 0.5 MB at most).
pub const DEFAULT_TRACE_RING: usize = 4096;

/// The in-memory trace: the last `capacity` entries.
#[derive(Debug)]
struct TraceRing {
    entries: std::collections::VecDeque<TraceEntry>,
    capacity: usize,
    dropped: u64,
}

impl TraceRing {
    fn new(capacity: usize) -> Self {
        TraceRing { entries: std::collections::VecDeque::new(), capacity, dropped: 0 }
    }
    fn push(&mut self, e: TraceEntry) {
        if self.capacity == 0 {
            return;
        }
        if self.entries.len() == self.capacity {
            self.entries.pop_front();
            self.dropped += 1;
        }
        self.entries.push_back(e);
    }
}

/// Counts of what is alive in the kernel, for leak checks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KernelSnapshot {
    /// Open fds by kind.
    pub fds: Vec<(RawFd, &'static str)>,
    /// Live nvmap handle ids.
    pub nvmap_handles: Vec<u32>,
    /// Live GPU mappings `(vm, gpu_va, size)`.
    pub gpu_mappings: Vec<(u32, u64, u64)>,
    /// Live channels.
    pub channels: Vec<u32>,
    /// Live TSGs.
    pub tsgs: Vec<u32>,
    /// Live address spaces.
    pub vms: Vec<u32>,
}

impl KernelSnapshot {
    /// True when nothing is alive.
    pub fn is_empty(&self) -> bool {
        self.fds.is_empty()
            && self.nvmap_handles.is_empty()
            && self.gpu_mappings.is_empty()
            && self.channels.is_empty()
            && self.tsgs.is_empty()
            && self.vms.is_empty()
    }
}

/// Which ioctls an injected failure matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Matcher {
    /// By C name (`"NVMAP_IOC_ALLOC"`).
    Name(String),
    /// By number.
    Number(u32),
    /// Every ioctl.
    Any,
    /// mmap calls.
    Mmap,
    /// munmap calls.
    Munmap,
    /// close calls on the model's fds (a failure before any effect: the fd
    /// and its object stay).
    Close,
    /// Every call of any kind (ioctl, mmap, munmap, close): what a sweep
    /// over teardown steps uses.
    AnyCall,
}

/// The kind of a call, for injection matching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CallKind {
    Ioctl,
    Mmap,
    Munmap,
    Close,
}

#[derive(Debug)]
struct Injection {
    matcher: Matcher,
    nth: usize,
    seen: usize,
    errno: Errno,
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

/// How long a call the real kernel never returns from blocks before the
/// mock fails it (default; env `GPUIFACE_MOCK_HANG_WAIT_MS`).
pub const DEFAULT_HANG_WAIT_MS: u64 = 2000;

impl MockKernelBuilder {
    /// Decode every argument field into the in-memory trace's lines
    /// ([`TraceEntry::line`]). Default: on when the trace goes to stderr or
    /// a file (`GPUIFACE_MOCK_TRACE`), off otherwise — decoding costs about
    /// a microsecond per ioctl; undecoded entries still carry the name, the
    /// result and the rule that rejected the call ([`TraceEntry::why`]).
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
    /// Report these characteristics (e.g. [`Characteristics::r35`]).
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
            state: Mutex::new(KState {
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
            }),
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

/// The mock of `nvgpu.ko` + `nvmap`, with its GPU.
pub struct MockKernel {
    state: Mutex<KState>,
    gpu: Arc<Gpu>,
    characteristics: Characteristics,
    injections: Mutex<Vec<Injection>>,
    calls: std::sync::atomic::AtomicU64,
    trace: Arc<Mutex<TraceRing>>,
    trace_ring_capacity: usize,
    trace_stderr: bool,
    /// Lines decode every argument field (see [`MockKernelBuilder::trace_decoded`]).
    trace_decoded: bool,
    hang_wait: std::time::Duration,
    /// `GPUIFACE_MOCK_TRACE=<path>`: the decoded trace goes to this file.
    trace_file: Option<Arc<Mutex<std::fs::File>>>,
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

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
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

    /// Make the `nth` (1-based) ioctl matching `matcher` from now on fail
    /// with `errno`, before it has any effect.
    pub fn inject_failure(&self, matcher: Matcher, nth: usize, errno: Errno) {
        lock(&self.injections).push(Injection { matcher, nth: nth.max(1), seen: 0, errno });
    }

    /// Drop every pending injection.
    pub fn clear_injections(&self) {
        lock(&self.injections).clear();
    }

    fn injected(&self, name: Option<&str>, number: u32, mmap: bool) -> Option<Errno> {
        self.injected_call(name, number, if mmap { CallKind::Mmap } else { CallKind::Ioctl })
    }

    fn injected_call(&self, name: Option<&str>, number: u32, call: CallKind) -> Option<Errno> {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut inj = lock(&self.injections);
        let ioctl = call == CallKind::Ioctl;
        // Every pending injection counts this call (not only until the first
        // one fires): injecting at call 1 and at call 2 fails both. One call
        // fails once; an injection whose call was taken by another fails the
        // next matching call instead.
        let mut fired = None;
        for (idx, i) in inj.iter_mut().enumerate() {
            let hit = match &i.matcher {
                Matcher::Name(n) => ioctl && Some(n.as_str()) == name,
                Matcher::Number(n) => ioctl && *n == number,
                Matcher::Any => ioctl,
                Matcher::Mmap => call == CallKind::Mmap,
                Matcher::Munmap => call == CallKind::Munmap,
                Matcher::Close => call == CallKind::Close,
                Matcher::AnyCall => true,
            };
            if hit {
                i.seen += 1;
                if i.seen >= i.nth && fired.is_none() {
                    fired = Some(idx);
                }
            }
        }
        Some(inj.remove(fired?).errno)
    }

    /// Calls made so far (ioctls, mmaps, munmaps, closes of model fds): the
    /// positions [`Matcher::AnyCall`] counts.
    pub fn calls(&self) -> u64 {
        self.calls.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The ioctls so far, decoded.
    pub fn trace(&self) -> Vec<TraceEntry> {
        lock(&self.trace).entries.iter().filter(|e| e.is_ioctl).cloned().collect()
    }

    /// Every call so far (ioctls, mmap, munmap, msync, GPU events), decoded:
    /// the lines `GPUIFACE_MOCK_TRACE` prints (the ring's last entries).
    pub fn trace_all(&self) -> Vec<TraceEntry> {
        lock(&self.trace).entries.iter().cloned().collect()
    }

    /// Entries the ring dropped (oldest first) since the last [`MockKernel::clear_trace`].
    pub fn trace_dropped(&self) -> u64 {
        lock(&self.trace).dropped
    }

    /// Forget the trace.
    pub fn clear_trace(&self) {
        let mut t = lock(&self.trace);
        t.entries.clear();
        t.dropped = 0;
    }

    /// What is alive.
    pub fn snapshot(&self) -> KernelSnapshot {
        let st = lock(&self.state);
        let mut s = KernelSnapshot {
            fds: st.fds.iter().map(|(fd, o)| (*fd, o.kind())).collect(),
            nvmap_handles: st.nvmap.ids(),
            gpu_mappings: st
                .vms
                .iter()
                .flat_map(|(id, vm)| vm.mappings().into_iter().map(move |(va, sz)| (*id, va, sz)))
                .collect(),
            channels: st.channels.keys().copied().collect(),
            tsgs: st.tsgs.keys().copied().collect(),
            vms: st.vms.keys().copied().collect(),
        };
        s.fds.sort();
        s.nvmap_handles.sort();
        s.gpu_mappings.sort();
        s.channels.sort();
        s.tsgs.sort();
        s.vms.sort();
        s
    }

    /// Panic with a readable list when anything is still alive.
    pub fn assert_no_leaks(&self) {
        let s = self.snapshot();
        assert!(s.is_empty(), "mock kernel leaks: {s:#?}");
    }

    /// True when `fd` is one this kernel handed out (and has not closed).
    pub fn owns_fd(&self, fd: RawFd) -> bool {
        let stale = {
            let st = lock(&self.state);
            if st.canonical(fd).is_some() {
                return true;
            }
            st.fd_ids.contains_key(&fd)
        };
        if stale {
            // The number is in the table but names another file now: the
            // model's file was closed behind its back (dup2 over it, a
            // close-all loop) and the number reused.
            self.forget_closed(fd);
        }
        false
    }

    /// The file the model knew as `fd` is no longer behind that number:
    /// re-key the object to another fd still open on the file, or, when
    /// none is left, release it as its last close would.
    fn forget_closed(&self, fd: RawFd) {
        let released = {
            let mut st = lock(&self.state);
            let Some(id) = st.fd_ids.remove(&fd) else { return };
            let Some(obj) = st.fds.remove(&fd) else { return };
            let other = if obj.is_kernel_object() { other_fd_on(id, fd) } else { None };
            match other.filter(|n| !st.fd_ids.contains_key(n)) {
                Some(other) => {
                    st.fds.insert(other, obj);
                    st.fd_ids.insert(other, id);
                    false
                }
                None => {
                    release_obj(&mut st, obj);
                    true
                }
            }
        };
        if released {
            self.run_actions();
        }
    }

    /// The VM behind an address-space fd (for tests).
    pub fn vm_of(&self, as_fd: RawFd) -> Option<Arc<Vm>> {
        let st = lock(&self.state);
        match st.fds.get(&as_fd) {
            Some(FdObj::As(id)) => st.vms.get(id).cloned(),
            _ => None,
        }
    }

    /// True when `[addr, addr + len)` overlaps a CPU mapping of one of the
    /// model's fds (a dma-buf or a usermode window).
    pub fn maps_cpu_range(&self, addr: usize, len: usize) -> bool {
        !lock(&self.state).cpu_maps.overlapping(addr, len).is_empty()
    }

    /// The CPU mappings of the model's fds, with the attributes each got
    /// (a dma-buf's nvmap cache mode; the usermode window is uncached).
    pub fn cpu_mappings(&self) -> Vec<cpumap::CpuMap> {
        lock(&self.state).cpu_maps.all()
    }

    /// The cache mode nvmap recorded for a handle at ALLOC (`NVMAP_HANDLE_*`).
    pub fn handle_cache_mode(&self, handle: u32) -> Option<u32> {
        lock(&self.state).nvmap.cache_mode(handle)
    }

    /// Live allocated nvmap handles: `(id, size, cache mode)`.
    pub fn nvmap_allocations(&self) -> Vec<(u32, u64, u32)> {
        lock(&self.state).nvmap.allocated()
    }

    /// The nvmap handles of each set-up channel's GPFIFO and USERD dma-bufs:
    /// `(chid, gpfifo handle, userd handle)`.
    pub fn channel_buffers(&self) -> Vec<(u32, u32, u32)> {
        let st = lock(&self.state);
        let mut v: Vec<(u32, u32, u32)> =
            st.channels.values().filter_map(|c| Some((c.chid, c.gpfifo_handle?, c.userd_handle?))).collect();
        v.sort();
        v
    }

    /// munmap of model mappings: forget them; unmapping (any of) a ctrl fd's
    /// usermode window lets that fd map it again (the VMA's close callback).
    fn forget_cpu_range(&self, addr: usize, len: usize) {
        let mut st = lock(&self.state);
        let hit = st.cpu_maps.punch(addr, len);
        let mut any = false;
        for m in &hit {
            any = true;
            if let cpumap::Mapped::Usermode { ctrl_fd } = m.what {
                if let Some(FdObj::Ctrl { mapped, .. }) = st.fds.get_mut(&ctrl_fd) {
                    *mapped = false;
                }
            }
        }
        drop(st);
        if any {
            self.trace_note("mm", -1, "munmap", format!("[mock] munmap({addr:#x}, {len:#x}) = 0"));
        }
    }

    /// `msync(2)` over the model's mappings (Linux mm/msync.c): bad flags,
    /// ASYNC with SYNC, or an unaligned start → EINVAL; MS_SYNC on a shared
    /// file mapping calls the file's fsync, which neither a dma-buf nor the
    /// ctrl node has → EINVAL (what an Orin answers for a dma-buf mapping,
    /// issue 12 item 10); MS_ASYNC / MS_INVALIDATE alone → 0.
    ///
    /// # Safety
    /// As `msync(2)`.
    pub unsafe fn msync(&self, addr: usize, len: usize, flags: i32) -> Result<(), Errno> {
        let known = libc::MS_ASYNC | libc::MS_INVALIDATE | libc::MS_SYNC;
        let bad_flags = flags & !known != 0 || (flags & libc::MS_ASYNC != 0 && flags & libc::MS_SYNC != 0);
        let no_fsync = flags & libc::MS_SYNC != 0 && self.maps_cpu_range(addr, len);
        let r = if bad_flags || !addr.is_multiple_of(crate::mem::page_size()) || no_fsync {
            Err(Errno::EINVAL)
        } else {
            // SAFETY: the caller's arguments, as msync(2) takes them.
            if unsafe { libc::msync(addr as *mut libc::c_void, len, flags) } == 0 {
                Ok(())
            } else {
                Err(Errno::last())
            }
        };
        let line = format!("[mock] msync({addr:#x}, {len:#x}, {}) {}", msync_flags(flags), trace::result(r.map(|_| 0)));
        self.trace_note("mm", -1, "msync", line);
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn trace_mmap(
        &self,
        kind: &'static str,
        fd: RawFd,
        addr: usize,
        len: usize,
        prot: i32,
        flags: i32,
        offset: i64,
        r: Result<i64, Errno>,
    ) {
        let res = match r {
            Ok(a) => format!("= {a:#x}"),
            Err(e) => trace::result(Err(e)),
        };
        let line = format!(
            "[mock] {kind}({fd}) mmap({addr:#x}, {len:#x}, {}, {}, {fd}<{kind}>, {offset:#x}) {res}",
            mmap_prot(prot),
            mmap_flags(flags)
        );
        self.trace_note(kind, fd, "mmap", line);
    }

    fn run_actions(&self) {
        let actions = std::mem::take(&mut lock(&self.state).actions);
        for a in actions {
            match a {
                GpuAction::Attach(d) => self.gpu.attach_channel(d),
                GpuAction::Detach(c) => self.gpu.detach_channel(c),
                GpuAction::BindObject(c, class) => self.gpu.bind_object(c, class),
                GpuAction::Notifier(c, b, off) => self.gpu.set_error_notifier(c, b, off),
            }
        }
    }

    /// What kind of object an fd is (for the trace's fd resolution).
    pub fn fd_kind(&self, fd: RawFd) -> Option<&'static str> {
        lock(&self.state).fds.get(&fd).map(FdObj::kind)
    }

    /// Append a line to the trace (and to stderr / the trace file when on).
    fn emit(&self, entry: TraceEntry) {
        emit_to(&self.trace, self.trace_stderr, self.trace_file.as_deref(), entry);
    }

    /// Channel errors go into the trace, and on stderr, the moment the GPU
    /// model raises them (issue 12 item 13): a client that registered no
    /// error notifier otherwise learns of a GR exception only when its own
    /// wait times out (30 s for tinygrad).
    fn observe_gpu_faults(&self) {
        let (trace, stderr, file) = (self.trace.clone(), self.trace_stderr, self.trace_file.clone());
        self.gpu.set_fault_observer(Arc::new(move |f: &gpuiface_hal::FaultRecord, notifier: bool| {
            let code = match f.notifier_code {
                abi::NVGPU_CHANNEL_GR_EXCEPTION => "GR exception (NVGPU_CHANNEL_GR_EXCEPTION)".to_string(),
                abi::NVGPU_CHANNEL_PBDMA_ERROR => "PBDMA error (NVGPU_CHANNEL_PBDMA_ERROR)".to_string(),
                abi::NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT => {
                    "MMU fault (NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT)".to_string()
                }
                c => format!("channel error {c}"),
            };
            let tail = if notifier {
                "reported through the channel's error notifier"
            } else {
                "no error notifier is registered: the program learns of it only when its own wait times out"
            };
            let line = format!("[mock] GPU channel {}: {code}: {}; the channel stops; {tail}", f.channel, f.reason);
            // On stderr (once per channel: a faulted channel runs nothing more)
            // for every GR exception, and for any error nothing else will report.
            let gr = f.notifier_code == abi::NVGPU_CHANNEL_GR_EXCEPTION;
            if !stderr && (gr || !notifier) {
                eprintln!("{line}");
            }
            let entry = TraceEntry {
                fd_kind: "gpu",
                name: "fault".into(),
                result: Ok(0),
                fd: -1,
                line,
                is_ioctl: false,
                why: None,
            };
            emit_to(&trace, stderr, file.as_deref(), entry);
        }));
    }

    /// Trace a non-ioctl call the model serves (mmap, munmap, msync, GPU events).
    pub fn trace_note(&self, fd_kind: &'static str, fd: RawFd, name: &str, line: String) {
        self.emit(TraceEntry { fd_kind, name: name.to_string(), result: Ok(0), fd, line, is_ioctl: false, why: None });
    }

    #[allow(clippy::too_many_arguments)]
    fn record(
        &self,
        fd_kind: &'static str,
        fd: RawFd,
        request: u32,
        arg_in: &[u8],
        arg_out: &[u8],
        value: u64,
        result: Result<i32, Errno>,
        note: &str,
    ) {
        // Tracing off (no ring, no stderr, no file) costs nothing per ioctl.
        if self.trace_ring_capacity == 0 && !self.trace_stderr && self.trace_file.is_none() {
            let _ = trace::take_why();
            return;
        }
        let name = match abi::ioctl_by_number(request) {
            Some(d) => d.name.to_string(),
            None => trace::name(request),
        };
        let why = trace::take_why().filter(|_| result.is_err());
        if !self.trace_decoded {
            // Undecoded (the default without trace output): no line unless a
            // note (a hang, an injection) must be kept; the reason is kept.
            let line = if note.is_empty() {
                String::new()
            } else {
                format!("[mock] {fd_kind}({fd}) {name} {} {note}", trace::result(result))
            };
            self.emit(TraceEntry { fd_kind, name, result, fd, line, is_ioctl: true, why });
            return;
        }
        let note = match (result, why) {
            (Err(_), Some(w)) if note.is_empty() => format!("(why: {w})"),
            (Err(_), Some(w)) => format!("{note} (why: {w})"),
            (Err(Errno::ENOTTY), None) if note.is_empty() => {
                "(why: §0 no such ioctl on this fd; a wrong struct size is a different number)".to_string()
            }
            _ => note.to_string(),
        };
        let line = trace::ioctl_line(fd_kind, fd, request, arg_in, arg_out, value, result, &note, &Resolver(self));
        self.emit(TraceEntry { fd_kind, name, result, fd, line, is_ioctl: true, why });
    }

    /// Run one ioctl whose argument is the client address (or value) `arg`,
    /// in the kernel's order: the fd, the fd kind's number/size checks, the
    /// copy-in (`EFAULT`), the handler, then the copy-out on success. Client
    /// memory is touched only through [`crate::usermem`]. `copy_out: false`
    /// is for callers that promised the argument is only read.
    pub fn ioctl_at(&self, fd: RawFd, request: u32, arg: u64, copy_out: bool) -> KResult {
        let obj = {
            let st = lock(&self.state);
            st.canonical(fd).and_then(|c| st.fds.get(&c).cloned())
        };
        let Some(obj) = obj else {
            return Err(Errno::EBADF);
        };
        let kind = obj.kind();
        let _ = trace::take_why(); // a stale reason from an earlier call
        let name = abi::ioctl_by_number(request).map(|d| d.name);
        if let Some(errno) = self.injected(name, request, false) {
            self.record(kind, fd, request, &[], &[], arg, Err(errno), "(injected)");
            return Err(errno);
        }
        let mut trace = IoctlTrace::default();
        let result = self.ioctl_checked(&obj, fd, request, arg, copy_out, &mut trace);
        if let Some(why) = trace.hang {
            // A call the real kernel never returns from: block for the bounded
            // wait, say so on stderr and in the trace, then fail.
            std::thread::sleep(self.hang_wait);
            eprintln!("[mock] HANG: {why}");
            self.record(kind, fd, request, &trace.arg_in, &trace.arg_out, arg, result, &format!("(HANG: {why})"));
            return result;
        }
        self.record(kind, fd, request, &trace.arg_in, &trace.arg_out, arg, result, "");
        result
    }

    fn ioctl_checked(
        &self,
        obj: &FdObj,
        fd: RawFd,
        request: u32,
        arg: u64,
        copy_out: bool,
        trace: &mut IoctlTrace,
    ) -> KResult {
        let p = abi::decode(request);
        precheck(obj, request, arg)?;
        let mut buf = vec![0u8; p.size];
        if copies_in(obj, request) {
            usermem::read_user(&mut buf, arg)?;
        }
        // The arguments going in, for the decoded trace's "changed fields".
        if self.trace_decoded {
            trace.arg_in = buf.clone();
        }
        let result = {
            let mut st = lock(&self.state);
            let r = dispatch(&mut st, &self.characteristics, obj, fd, request, &mut buf, arg);
            trace.hang = st.hang.take();
            r
        };
        self.run_actions();
        if self.trace_decoded {
            trace.arg_out = buf.clone();
        }
        // The kernel copies results back only when the handler returned 0,
        // and only for _IOC_READ.
        if result != Ok(0) || p.dir & IOC_READ == 0 || p.size == 0 || !copy_out {
            return result;
        }
        let Err(uncopied) = usermem::copy_to_user(arg, &buf) else {
            return result;
        };
        // A created object must not outlive a failed copy-out: nobody would
        // learn its fd or id.
        if self.undo_create(obj, request, &buf) {
            return Err(Errno::EFAULT);
        }
        copy_out_failure(obj, request, uncopied)
    }

    /// Undo what a creating ioctl made (its fd or nvmap id is in `out`).
    /// True when `request` creates something.
    fn undo_create(&self, obj: &FdObj, request: u32, out: &[u8]) -> bool {
        use gpuiface_nvgpu::abi::*;
        let fd = match request {
            NVGPU_GPU_IOCTL_ALLOC_AS => arg::<NvgpuAllocAsArgs>(out).map(|a| a.as_fd),
            NVGPU_GPU_IOCTL_OPEN_TSG => arg::<NvgpuGpuOpenTsgArgs>(out).map(|a| a.tsg_fd as i32),
            NVGPU_GPU_IOCTL_OPEN_CHANNEL => arg::<NvgpuGpuOpenChannelArgs>(out).map(|a| a.channel_fd),
            NVGPU_IOCTL_TSG_EVENT_ID_CTRL => arg::<NvgpuEventIdCtrlArgs>(out).map(|a| a.event_fd),
            NVMAP_IOC_GET_FD => arg::<NvmapCreateHandle>(out).map(|a| a.size as i32),
            NVMAP_IOC_CREATE => {
                if let (Ok(a), FdObj::Nvmap(client)) = (arg::<NvmapCreateHandle>(out), obj) {
                    let mut st = lock(&self.state);
                    st.nvmap.client = *client;
                    let _ = nvmap::ioctl(&mut st, NVMAP_IOC_FREE, &mut [], u64::from(a.handle));
                }
                return true;
            }
            _ => return false,
        };
        if let Ok(fd) = fd {
            let _ = self.release_fd(fd);
        }
        true
    }

    /// Close an fd: the object goes when the last fd on its file closes
    /// (a `dup` keeps it alive, as on Linux).
    fn release_fd(&self, fd: RawFd) -> KResult<()> {
        let (canon, id) = {
            let st = lock(&self.state);
            let Some(c) = st.canonical(fd) else {
                return Err(Errno::EBADF);
            };
            (c, st.fd_ids.get(&c).copied())
        };
        // SAFETY: `fd` is open on one of the model's files (checked above);
        // the caller closes it, as close(2) does.
        if unsafe { libc::close(fd) } < 0 {
            return Err(Errno::last());
        }
        if canon != fd {
            return Ok(()); // a dup: the original still holds the file
        }
        let released = {
            let mut st = lock(&self.state);
            let Some(obj) = st.fds.remove(&fd) else { return Ok(()) };
            let other = match id {
                Some(id) if obj.is_kernel_object() => other_fd_on(id, fd).filter(|n| !st.fd_ids.contains_key(n)),
                _ => None,
            };
            let id = st.fd_ids.remove(&fd);
            match (other, id) {
                (Some(other), Some(id)) => {
                    st.fds.insert(other, obj);
                    st.fd_ids.insert(other, id);
                    false
                }
                _ => {
                    release_obj(&mut st, obj);
                    true
                }
            }
        };
        if released {
            self.run_actions();
        }
        Ok(())
    }
}

/// Release what the kernel releases when an object's file goes.
fn release_obj(st: &mut KState, obj: FdObj) {
    match obj {
        FdObj::Channel(chid) => channel::close(st, chid),
        FdObj::Tsg(id) => tsg::close(st, id),
        FdObj::As(id) => vm::close(st, id),
        FdObj::Nvmap(client) => nvmap::close(st, client),
        FdObj::Ctrl { .. } | FdObj::DmaBuf { .. } | FdObj::Event => {}
    }
}

/// The generic rules of constraints doc §0, checked before the argument is
/// touched: wrong type, nr 0, nr past LAST or an oversized argument →
/// `EINVAL` (nvgpu fds); a foreign type or nr past MAXNR → `ENOTTY`, a range
/// outside user space → `EFAULT`, an unknown number → `ENOTTY` (nvmap, whose
/// handlers copy their own arguments); dma-buf and event fds have no ioctls.
fn precheck(obj: &FdObj, request: u32, arg: u64) -> KResult<()> {
    use gpuiface_nvgpu::abi::limits::*;
    let p = abi::decode(request);
    let limits = |ty: u8, last: u8, max: usize| -> KResult<()> {
        if p.ty != ty || p.nr == 0 || p.nr > last || p.size > max {
            Err(Errno::EINVAL)
        } else {
            Ok(())
        }
    };
    match obj {
        FdObj::Nvmap(_) => {
            if p.ty != b'N' || p.nr > NVMAP_MAXNR {
                return Err(Errno::ENOTTY);
            }
            // access_ok of the argument range, then the exact `case` match (the
            // handlers copy their own arguments, so an unknown number is ENOTTY
            // whatever it points at).
            if p.dir != abi::IOC_NONE && !usermem::access_ok(arg, p.size) {
                return Err(Errno::EFAULT);
            }
            if abi::ioctl_by_number(request).is_none() {
                return Err(Errno::ENOTTY);
            }
            Ok(())
        }
        FdObj::Ctrl { .. } => limits(b'G', CTRL_LAST_NR, CTRL_MAX_ARG_SIZE),
        FdObj::As(_) => limits(b'A', AS_LAST_NR, AS_MAX_ARG_SIZE),
        FdObj::Tsg(_) => limits(b'T', TSG_LAST_NR, TSG_MAX_ARG_SIZE),
        FdObj::Channel(_) => limits(b'H', CHANNEL_LAST_NR, CHANNEL_MAX_ARG_SIZE),
        FdObj::DmaBuf { .. } | FdObj::Event => Err(Errno::ENOTTY),
    }
}

/// Whether the kernel copies the argument in before the handler runs: nvgpu
/// fds for every `_IOC_WRITE` number (before the number is even matched);
/// nvmap handlers for their `_IOC_WRITE` arguments and QUERY_HEAP_PARAMS,
/// which is declared `_IOR` but read (§5).
fn copies_in(obj: &FdObj, request: u32) -> bool {
    let p = abi::decode(request);
    match obj {
        FdObj::Nvmap(_) => p.size > 0 && (p.dir & abi::IOC_WRITE != 0 || request == abi::NVMAP_IOC_QUERY_HEAP_PARAMS),
        _ => p.dir & abi::IOC_WRITE != 0 && p.size > 0,
    }
}

/// What a failed copy-out returns (`uncopied` bytes were not written):
/// ctrl, TSG and channel fds return `copy_to_user`'s positive count (§0);
/// the AS fd `EFAULT` (§0); nvmap `EINVAL` for GET_AVAILABLE_HEAPS and
/// `EFAULT` otherwise (§5).
fn copy_out_failure(obj: &FdObj, request: u32, uncopied: usize) -> KResult {
    match obj {
        FdObj::Ctrl { .. } | FdObj::Tsg(_) | FdObj::Channel(_) => Ok(uncopied as i32),
        FdObj::Nvmap(_) if request == abi::NVMAP_IOC_GET_AVAILABLE_HEAPS => Err(Errno::EINVAL),
        _ => Err(Errno::EFAULT),
    }
}

/// Per-fd dispatch, after [`precheck`] and the copy-in.
fn dispatch(
    st: &mut KState,
    chars: &Characteristics,
    obj: &FdObj,
    fd: RawFd,
    request: u32,
    arg: &mut [u8],
    value: u64,
) -> KResult {
    let _ = fd;
    match obj {
        FdObj::Nvmap(client) => {
            st.nvmap.client = *client;
            nvmap::ioctl(st, request, arg, value)
        }
        FdObj::Ctrl { .. } => ctrl::ioctl(st, chars, request, arg),
        FdObj::As(id) => vm::ioctl(st, *id, request, arg),
        FdObj::Tsg(id) => tsg::ioctl(st, *id, request, arg),
        FdObj::Channel(chid) => channel::ioctl(st, *chid, request, arg),
        FdObj::DmaBuf { .. } | FdObj::Event => Err(Errno::ENOTTY),
    }
}

/// Decode an argument struct from the ioctl's bytes.
pub(crate) fn arg<T: abi::IoctlArg>(bytes: &[u8]) -> KResult<T> {
    T::from_bytes(bytes).ok_or(Errno::EFAULT)
}

/// Write an argument struct back into the ioctl's bytes.
pub(crate) fn put<T: abi::IoctlArg>(bytes: &mut [u8], v: &T) {
    let b = v.as_bytes();
    bytes[..b.len()].copy_from_slice(b);
}

impl Syscalls for MockKernel {
    /// The model's own record: the engine that faulted, the address and the reason.
    fn fault_details(&self, chid: u32) -> Option<gpuiface_hal::FaultRecord> {
        self.gpu.channel_fault(chid)
    }

    fn open(&self, path: &CStr, _flags: i32) -> Result<RawFd, Errno> {
        let mut st = lock(&self.state);
        match path.to_bytes() {
            b"/dev/nvmap" => {
                let client = st.nvmap.next_client();
                st.new_fd(FdObj::Nvmap(client))
            }
            b"/dev/nvgpu/igpu0/ctrl" => {
                let size = gpuiface_hal::hw::ga10b::USERMODE_SIZE;
                let page = Arc::new(Backing::new("gpuiface-mock:usermode", size).map_err(|_| Errno::ENOMEM)?);
                st.new_fd(FdObj::Ctrl { page, mapped: false })
            }
            _ => Err(Errno::ENOENT),
        }
    }

    fn close(&self, fd: RawFd) -> Result<(), Errno> {
        if let Some(errno) = self.injected_call(None, 0, CallKind::Close) {
            return Err(errno);
        }
        self.release_fd(fd)
    }

    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno> {
        // The address is only handed to the checked copies of `usermem`.
        self.ioctl_at(fd, request, arg as u64, false)
    }

    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno> {
        self.ioctl_at(fd, request, arg as u64, true)
    }

    fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        self.ioctl_at(fd, request, value, true)
    }

    unsafe fn mmap(
        &self,
        addr: usize,
        len: usize,
        prot: i32,
        flags: i32,
        fd: RawFd,
        offset: i64,
    ) -> Result<usize, Errno> {
        if let Some(errno) = self.injected(None, 0, true) {
            return Err(errno);
        }
        let what = {
            let mut st = lock(&self.state);
            let what = match st.fds.get_mut(&fd) {
                Some(FdObj::Ctrl { mapped, .. }) => {
                    let r = ctrl::check_usermode_mmap(mapped, len, offset);
                    if let Err(e) = r {
                        drop(st);
                        self.trace_mmap("ctrl", fd, addr, len, prot, flags, offset, Err(e));
                        return Err(e);
                    }
                    cpumap::Mapped::Usermode { ctrl_fd: fd }
                }
                Some(FdObj::DmaBuf { handle, backing }) => {
                    // dma_buf_mmap_internal: the mapping must lie inside the buffer → EINVAL.
                    let pages = len.div_ceil(crate::mem::page_size()) as u64;
                    let first = (offset.max(0) as u64) / crate::mem::page_size() as u64;
                    if offset < 0 || first + pages > (backing.len() / crate::mem::page_size()) as u64 {
                        drop(st);
                        self.trace_mmap("dmabuf", fd, addr, len, prot, flags, offset, Err(Errno::EINVAL));
                        return Err(Errno::EINVAL);
                    }
                    let handle = *handle;
                    cpumap::Mapped::DmaBuf { handle, cache: st.nvmap.cache_mode(handle).unwrap_or(0) }
                }
                Some(_) => return Err(Errno::ENODEV),
                None => return Err(Errno::EBADF),
            };
            what
        };
        // The model's fds are real memfds: the real mmap maps the very bytes the GPU sees.
        // SAFETY: forwarded with the caller's guarantees.
        let r = unsafe { LinuxSyscalls.mmap(addr, len, prot, flags, fd, offset) };
        if let Ok(at) = r {
            lock(&self.state).cpu_maps.insert(at, len, what);
        }
        let kind = if matches!(what, cpumap::Mapped::Usermode { .. }) { "ctrl" } else { "dmabuf" };
        self.trace_mmap(kind, fd, addr, len, prot, flags, offset, r.map(|a| a as i64));
        r
    }

    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno> {
        if let Some(errno) = self.injected_call(None, 0, CallKind::Munmap) {
            return Err(errno);
        }
        self.forget_cpu_range(addr, len);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { LinuxSyscalls.munmap(addr, len) }
    }

    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32) {
        // The same barrier + store as on hardware, then tell the GPU model.
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { LinuxSyscalls.ring_doorbell(doorbell, token) };
        self.gpu.doorbell(token);
    }

    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno> {
        // The model's dma-bufs are real memfds of the buffer's size, as a
        // dma-buf's inode is; other fds are the process's own.
        LinuxSyscalls.fstat(fd)
    }
}

/// The trace file is the model's own: out of the program's low fd range
/// (issue 12 item 11).
fn internal_file(f: std::fs::File) -> std::fs::File {
    use std::os::fd::{FromRawFd, IntoRawFd};
    let raw = crate::mem::move_out_of_low_range(f.into_raw_fd());
    // SAFETY: `raw` is the file's fd (or its duplicate, the original closed); we own it.
    unsafe { std::fs::File::from_raw_fd(raw) }
}

/// Resolves fds and nvmap handles in trace lines.
struct Resolver<'a>(&'a MockKernel);

impl trace::Resolve for Resolver<'_> {
    fn fd(&self, fd: i32) -> Option<&'static str> {
        self.0.fd_kind(fd)
    }
    fn handle(&self, id: u32) -> Option<String> {
        let st = lock(&self.0.state);
        let (size, cache) = st.nvmap.describe(id)?;
        Some(match cache {
            Some(c) => format!("{size} B {}", trace::cache_mode_name(c)),
            None => format!("{size} B unallocated"),
        })
    }
}

/// The `log` target every trace line is also emitted on (at `Debug`), e.g.
/// `GPUIFACE_LOG=debug` with the preload library's stderr logger.
pub const IOCTL_LOG_TARGET: &str = "gpuiface_mock::ioctl";

/// Append to a trace (and to stderr / a trace file when on, and to the
/// [`IOCTL_LOG_TARGET`] log target).
fn emit_to(trace: &Mutex<TraceRing>, stderr: bool, file: Option<&Mutex<std::fs::File>>, entry: TraceEntry) {
    if !entry.line.is_empty() {
        log::debug!(target: IOCTL_LOG_TARGET, "{}", entry.line);
    }
    if stderr {
        eprintln!("{}", entry.line);
    }
    if let Some(f) = file {
        use std::io::Write;
        let _ = writeln!(lock(f), "{}", entry.line);
    }
    lock(trace).push(entry);
}

fn mmap_prot(prot: i32) -> String {
    let names = [(libc::PROT_READ, "PROT_READ"), (libc::PROT_WRITE, "PROT_WRITE"), (libc::PROT_EXEC, "PROT_EXEC")];
    let v: Vec<&str> = names.iter().filter(|(b, _)| prot & b != 0).map(|(_, n)| *n).collect();
    if v.is_empty() {
        "PROT_NONE".into()
    } else {
        v.join("|")
    }
}

fn mmap_flags(flags: i32) -> String {
    let names = [(libc::MAP_SHARED, "MAP_SHARED"), (libc::MAP_PRIVATE, "MAP_PRIVATE"), (libc::MAP_FIXED, "MAP_FIXED")];
    let mut v: Vec<String> = names.iter().filter(|(b, _)| flags & b != 0).map(|(_, n)| n.to_string()).collect();
    let rest = flags & !(libc::MAP_SHARED | libc::MAP_PRIVATE | libc::MAP_FIXED);
    if rest != 0 {
        v.push(format!("{rest:#x}"));
    }
    v.join("|")
}

fn msync_flags(flags: i32) -> String {
    let names = [(libc::MS_ASYNC, "MS_ASYNC"), (libc::MS_INVALIDATE, "MS_INVALIDATE"), (libc::MS_SYNC, "MS_SYNC")];
    let mut v: Vec<String> = names.iter().filter(|(b, _)| flags & b != 0).map(|(_, n)| n.to_string()).collect();
    let rest = flags & !(libc::MS_ASYNC | libc::MS_INVALIDATE | libc::MS_SYNC);
    if rest != 0 || v.is_empty() {
        v.push(format!("{rest:#x}"));
    }
    v.join("|")
}
