//! Where the trace goes: the entries each call leaves ([`TraceEntry`]),
//! the in-memory ring, stderr, a trace file and the [`IOCTL_LOG_TARGET`]
//! log target; mmap/munmap/msync lines and the GPU's channel errors. The
//! line format itself is [`super::trace`]'s.

use std::os::fd::RawFd;
use std::sync::{Arc, Mutex};

use gpuiface_abi::r36 as abi;
use gpuiface_hal::Errno;

use super::state::lock;
use super::{trace, MockKernel};

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
    /// empty for ioctls unless [`MockKernelBuilder::trace_decoded`](super::MockKernelBuilder::trace_decoded) is on.
    pub line: String,
    /// An ioctl (false: an mmap, munmap, msync or GPU event the model reports).
    pub is_ioctl: bool,
    /// For a rejected call: the rule that rejected it, when the model names it.
    pub why: Option<&'static str>,
}

/// Entries the in-memory trace keeps by default (about 0.5 MB at most).
pub const DEFAULT_TRACE_RING: usize = 4096;

/// The in-memory trace: the last `capacity` entries.
#[derive(Debug)]
pub(super) struct TraceRing {
    entries: std::collections::VecDeque<TraceEntry>,
    capacity: usize,
    dropped: u64,
}

impl TraceRing {
    pub(super) fn new(capacity: usize) -> Self {
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

impl MockKernel {
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

    #[allow(clippy::too_many_arguments)]
    pub(super) fn trace_mmap(
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

    /// Append a line to the trace (and to stderr / the trace file when on).
    fn emit(&self, entry: TraceEntry) {
        emit_to(&self.trace, self.trace_stderr, self.trace_file.as_deref(), entry);
    }

    /// Channel errors go into the trace, and on stderr, the moment the GPU
    /// model raises them (issue 12 item 13): a client that registered no
    /// error notifier otherwise learns of a GR exception only when its own
    /// wait times out (30 s for tinygrad).
    pub(super) fn observe_gpu_faults(&self) {
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
        self.observe_launches();
    }

    /// Each launch goes into the trace when it completes or stops: the
    /// kernel's name when the process named its program (or it is a suite
    /// kernel) and the instructions the interpreter ran. Nothing is
    /// observed (no cost per launch) when the trace goes nowhere.
    fn observe_launches(&self) {
        if self.trace_ring_capacity == 0 && !self.trace_stderr && self.trace_file.is_none() {
            return;
        }
        let (trace, stderr, file) = (self.trace.clone(), self.trace_stderr, self.trace_file.clone());
        self.gpu.set_launch_observer(Arc::new(move |r: &crate::gpu::LaunchRecord| {
            let entry = TraceEntry {
                fd_kind: "gpu",
                name: "launch".into(),
                result: Ok(0),
                fd: -1,
                line: r.line(),
                is_ioctl: false,
                why: None,
            };
            emit_to(&trace, stderr, file.as_deref(), entry);
        }));
    }

    /// Name the program at GPU address `program` (a kernel's first
    /// instruction): the trace names its launches so. A process under the
    /// preload library calls `gpuiface_mock_name_program` for this.
    pub fn name_program(&self, program: u64, name: &str) {
        self.gpu.name_program(program, name);
    }

    /// Trace a non-ioctl call the model serves (mmap, munmap, msync, GPU events).
    pub fn trace_note(&self, fd_kind: &'static str, fd: RawFd, name: &str, line: String) {
        self.emit(TraceEntry { fd_kind, name: name.to_string(), result: Ok(0), fd, line, is_ioctl: false, why: None });
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn record(
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
        let name = trace::name(request);
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
}

/// The trace file is the model's own: out of the program's low fd range
/// (issue 12 item 11).
pub(super) fn internal_file(f: std::fs::File) -> std::fs::File {
    use std::os::fd::{FromRawFd, IntoRawFd};
    // SAFETY: `into_raw_fd` hands over the file's fd, which we own.
    let raw = unsafe { crate::mem::move_out_of_low_range(f.into_raw_fd()) };
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

pub(super) fn msync_flags(flags: i32) -> String {
    let names = [(libc::MS_ASYNC, "MS_ASYNC"), (libc::MS_INVALIDATE, "MS_INVALIDATE"), (libc::MS_SYNC, "MS_SYNC")];
    let mut v: Vec<String> = names.iter().filter(|(b, _)| flags & b != 0).map(|(_, n)| n.to_string()).collect();
    let rest = flags & !(libc::MS_ASYNC | libc::MS_INVALIDATE | libc::MS_SYNC);
    if rest != 0 || v.is_empty() {
        v.push(format!("{rest:#x}"));
    }
    v.join("|")
}
