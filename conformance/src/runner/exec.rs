//! Running one job (a case, the health check, the device summary, the
//! benchmark figures) with a timeout, in a child process (the default) or in
//! a thread.
//!
//! In a child process every case starts from a fresh process: when it fails,
//! panics, crashes or hangs, the process ends (killed after the timeout) and
//! the kernel closes its fds, which releases every channel, address space and
//! nvmap buffer it held, so the next case starts clean. In a thread (for
//! hosts that cannot re-execute the binary, such as qemu-user without
//! binfmt_misc) a case that times out cannot be stopped: the run stops there.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gpuiface::queue::{Queue, Runtime};
use gpuiface::{AllocRequest, BackendKind, GpuIface};
use gpuiface_conformance::{run_case, Outcome, CASES, FAULTING_CASES};
use serde::{Deserialize, Serialize};

use super::bench::{self, Figure};
use super::Status;

/// The marker a child prints before its one JSON line of result.
pub const RESULT_MARKER: &str = "@@gpuiface-conformance-result ";

/// How jobs are isolated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Isolation {
    /// A child process per job, killed on timeout.
    Process,
    /// A thread per job; a timeout stops the run.
    Thread,
}

impl Isolation {
    /// `process` or `thread`.
    pub fn name(self) -> &'static str {
        match self {
            Isolation::Process => "process",
            Isolation::Thread => "thread",
        }
    }
}

/// Something to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Job {
    /// One case, by name.
    Case(String),
    /// Can the device still do work (open, runtime, copy, signal)?
    Health,
    /// The device's characteristics.
    Info,
    /// The benchmark figures.
    Bench,
}

impl Job {
    /// The `--child` spelling: `case:NAME`, `health`, `info`, `bench`.
    pub fn spec(&self) -> String {
        match self {
            Job::Case(n) => format!("case:{n}"),
            Job::Health => "health".into(),
            Job::Info => "info".into(),
            Job::Bench => "bench".into(),
        }
    }

    /// Parse a `--child` spelling.
    pub fn parse(s: &str) -> Option<Job> {
        match s {
            "health" => Some(Job::Health),
            "info" => Some(Job::Info),
            "bench" => Some(Job::Bench),
            _ => s.strip_prefix("case:").map(|n| Job::Case(n.to_string())),
        }
    }
}

/// How a case ended, as a child reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseOutcome {
    /// The outcome.
    pub status: Status,
    /// The failure's text, or the expected failure's reason.
    pub detail: Option<String>,
    /// The last ioctls, for a failure.
    pub trace: Vec<String>,
}

/// The device's characteristics as decoded by the backend.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceSummary {
    /// `DeviceInfo`'s one-line description.
    pub description: String,
    /// `(field, value)` pairs, in order (a JSON object in that order).
    #[serde(with = "ordered_map")]
    pub fields: Vec<(String, String)>,
}

/// `(key, value)` pairs as a JSON object whose keys keep their order.
mod ordered_map {
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(pairs.len()))?;
        for (k, v) in pairs {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Vec<(String, String)>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of strings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(kv) = a.next_entry()? {
                    out.push(kv);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Pairs)
    }
}

/// What a job produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payload {
    /// From [`Job::Case`].
    Case(CaseOutcome),
    /// From [`Job::Health`]: `Err` says what no longer works.
    Health(Result<(), String>),
    /// From [`Job::Info`].
    Info(Result<DeviceSummary, String>),
    /// From [`Job::Bench`].
    Bench(Result<Vec<Figure>, String>),
}

/// How running a job went.
#[derive(Debug, Clone, PartialEq)]
pub enum Ran {
    /// It finished with a payload.
    Done(Payload),
    /// It did not finish within the timeout (killed, or left running in a thread).
    TimedOut,
    /// It ended without a payload (the child crashed): what is known.
    Crashed(String),
    /// This host cannot execute the binary again (qemu-user without
    /// binfmt_misc: `ENOEXEC`, or a child that exits 127 saying nothing).
    CannotExecute(String),
}

/// A job's result, its duration, and the tail of what it wrote to stderr.
#[derive(Debug, Clone)]
pub struct JobResult {
    /// How it went.
    pub ran: Ran,
    /// Wall time.
    pub elapsed: Duration,
    /// Last lines of the child's stderr (process isolation only).
    pub stderr_tail: Vec<String>,
}

/// Runs jobs against one backend.
#[derive(Debug, Clone)]
pub struct Executor {
    /// The backend under test.
    pub kind: BackendKind,
    /// Process or thread.
    pub isolation: Isolation,
    /// Ioctl trace lines kept for a failure.
    pub trace_lines: usize,
    /// Extra arguments for the child (`--root`, ...).
    pub child_args: Vec<String>,
}

fn find_case(name: &str) -> Option<gpuiface_conformance::Case> {
    CASES.iter().chain(FAULTING_CASES.iter()).find(|c| c.name == name).copied()
}

/// For the runner's own tests: the case named here hangs forever instead of
/// running, so timeouts can be tested without timing assumptions.
pub const HANG_CASE_ENV: &str = "GPUIFACE_CONFORMANCE_HANG_CASE";

/// Run `job` here, in this process: what the child (or the thread) does.
pub fn run_here(job: &Job, kind: BackendKind, trace_lines: usize) -> Payload {
    match job {
        Job::Case(name) => {
            if std::env::var(HANG_CASE_ENV).is_ok_and(|h| &h == name) {
                loop {
                    std::thread::sleep(Duration::from_secs(3600));
                }
            }
            let Some(case) = find_case(name) else {
                return Payload::Case(CaseOutcome {
                    status: Status::Failed,
                    detail: Some(format!("no case named {name}")),
                    trace: vec![],
                });
            };
            gpuiface_nvgpu::trace::enable(trace_lines);
            let outcome = run_case(&case, kind);
            gpuiface_nvgpu::trace::disable();
            let trace = gpuiface_nvgpu::trace::take();
            let (status, detail) = match outcome {
                Outcome::Passed => (Status::Passed, None),
                Outcome::ExpectedFailure(r) => (Status::ExpectedFailure, Some(r.to_string())),
                Outcome::Failed(why) => (Status::Failed, Some(why)),
                Outcome::UnexpectedPass(r) => (Status::UnexpectedPass, Some(r.to_string())),
                Outcome::NotApplicable(why) => (Status::NotApplicable, Some(why)),
                Outcome::TimedOut(t) => (
                    Status::TimedOut,
                    Some(format!("still running after {:.1} s (in-process deadline)", t.as_secs_f64())),
                ),
            };
            let trace = if status.ok() { vec![] } else { trace };
            Payload::Case(CaseOutcome { status, detail, trace })
        }
        Job::Health => Payload::Health(health(kind)),
        Job::Info => Payload::Info(info(kind)),
        Job::Bench => Payload::Bench(bench::run(kind, bench::Budget::default())),
    }
}

fn health(kind: BackendKind) -> Result<(), String> {
    let dev = gpuiface::open_kind(kind).map_err(|e| format!("open: {e}"))?;
    let rt = Runtime::with_config(&dev, 1 << 20, Duration::from_secs(5)).map_err(|e| format!("runtime: {e}"))?;
    let b = dev.alloc(AllocRequest::new(8192)).map_err(|e| format!("alloc: {e}"))?;
    rt.copyin(&b, 0, &[0x5a; 4096]).map_err(|e| format!("copyin: {e}"))?;
    let s = dev.signal_alloc().map_err(|e| format!("signal: {e}"))?;
    let mut q = Queue::copy_queue();
    q.copy(b.gpu_va() + 4096, b.gpu_va(), 4096u64).signal(&s, 1u64);
    rt.submit(&q, &[]).map_err(|e| format!("submit: {e}"))?;
    dev.signal_wait(&s, 1, Duration::from_secs(5)).map_err(|e| format!("copy engine: {e}"))?;
    let mut out = [0u8; 4096];
    rt.copyout(&mut out, &b, 4096).map_err(|e| format!("copyout: {e}"))?;
    if out != [0x5a; 4096] {
        return Err("the copy engine's result differs".into());
    }
    dev.free(b).map_err(|e| format!("free: {e}"))
}

fn info(kind: BackendKind) -> Result<DeviceSummary, String> {
    let dev = gpuiface::open_kind(kind).map_err(|e| format!("open {kind}: {e}"))?;
    let i = dev.info();
    let fields = vec![
        ("backend", i.backend.to_string()),
        (
            "kernel ABI",
            match i.kernel_release {
                Some(r) => format!("L4T {r} (detected at open)"),
                None => "none".into(),
            },
        ),
        ("architecture", format!("{:#x}", i.arch)),
        ("implementation", format!("{:#x}", i.implementation)),
        ("revision", format!("{:#x}", i.rev)),
        ("SM version", format!("{}.{}", i.sm_major(), i.sm_version & 0xff)),
        ("compute class", format!("{:#06x}", i.compute_class)),
        ("GPFIFO class", format!("{:#06x}", i.gpfifo_class)),
        ("copy class", format!("{:#06x}", i.dma_copy_class)),
        ("GPU VA bits", i.va_bits.to_string()),
        ("GPCs", i.num_gpc.to_string()),
        ("TPCs", i.num_tpc.to_string()),
        ("L2 cache", format!("{} KiB", i.l2_cache_size / 1024)),
        ("max GPFIFO entries", i.max_gpfifo_entries.to_string()),
        ("IO-coherent", i.io_coherent.to_string()),
        ("signal placement", format!("{:?}", i.signal_placement)),
        ("GPU page size", format!("{} KiB", i.page_size / 1024)),
    ];
    Ok(DeviceSummary {
        description: i.to_string(),
        fields: fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    })
}

fn tail(bytes: &[u8], n: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].iter().map(|s| s.to_string()).collect()
}

impl Executor {
    /// Run `job` with `timeout`.
    pub fn run(&self, job: &Job, timeout: Duration) -> JobResult {
        match self.isolation {
            Isolation::Process => self.run_child(job, timeout),
            Isolation::Thread => self.run_thread(job, timeout),
        }
    }

    fn run_thread(&self, job: &Job, timeout: Duration) -> JobResult {
        let start = Instant::now();
        let (tx, rx) = mpsc::channel();
        let (job2, kind, lines) = (job.clone(), self.kind, self.trace_lines);
        let spawned = std::thread::Builder::new().name(job.spec()).spawn(move || {
            let _ = tx.send(run_here(&job2, kind, lines));
        });
        let ran = match spawned {
            Err(e) => Ran::Crashed(format!("could not start a thread: {e}")),
            Ok(_) => match rx.recv_timeout(timeout) {
                Ok(p) => Ran::Done(p),
                Err(mpsc::RecvTimeoutError::Timeout) => Ran::TimedOut,
                Err(mpsc::RecvTimeoutError::Disconnected) => Ran::Crashed("the job's thread died".into()),
            },
        };
        JobResult { ran, elapsed: start.elapsed(), stderr_tail: vec![] }
    }

    fn run_child(&self, job: &Job, timeout: Duration) -> JobResult {
        let start = Instant::now();
        let exe = match std::env::current_exe() {
            Ok(p) => p,
            Err(e) => {
                return JobResult {
                    ran: Ran::Crashed(format!("cannot find this program to re-run it: {e}")),
                    elapsed: start.elapsed(),
                    stderr_tail: vec![],
                }
            }
        };
        let mut cmd = Command::new(exe);
        cmd.arg("--child")
            .arg(job.spec())
            .arg("--backend")
            .arg(self.kind.name())
            .arg("--trace-lines")
            .arg(self.trace_lines.to_string())
            .args(&self.child_args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                return JobResult {
                    ran: Ran::Crashed(format!(
                    "cannot start a child process ({e}); use --isolation thread where the binary cannot re-run itself"
                )),
                    elapsed: start.elapsed(),
                    stderr_tail: vec![],
                }
            }
        };
        let reader = |mut r: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                let _ = r.read_to_end(&mut buf);
                buf
            })
        };
        let out = child.stdout.take().map(|s| reader(Box::new(s)));
        let err = child.stderr.take().map(|s| reader(Box::new(s)));
        let status = loop {
            match child.try_wait() {
                Ok(Some(st)) => break Some(st),
                Ok(None) if start.elapsed() >= timeout => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break None,
            }
        };
        let elapsed = start.elapsed();
        let stdout = out.and_then(|h| h.join().ok()).unwrap_or_default();
        let stderr = err.and_then(|h| h.join().ok()).unwrap_or_default();
        let stderr_tail = tail(&stderr, 20);
        let payload = String::from_utf8_lossy(&stdout)
            .lines()
            .find_map(|l| l.strip_prefix(RESULT_MARKER).map(str::to_string))
            .and_then(|j| serde_json::from_str::<Payload>(&j).ok());
        let ran = match (status, payload) {
            (_, Some(p)) => Ran::Done(p),
            (Some(st), None) if st.code() == Some(127) && stdout.is_empty() && stderr.is_empty() => {
                Ran::CannotExecute("the child process could not execute this program (exit 127, no output)".into())
            }
            (None, None) => Ran::TimedOut,
            (Some(st), None) => Ran::Crashed(format!("the child process ended without a result ({st})")),
        };
        JobResult { ran, elapsed, stderr_tail }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_specs_round_trip() {
        for j in [Job::Case("copy_1_byte".into()), Job::Health, Job::Info, Job::Bench] {
            assert_eq!(Job::parse(&j.spec()), Some(j));
        }
        assert_eq!(Job::parse("nonsense"), None);
    }

    #[test]
    fn a_case_runs_here_and_reports_its_outcome() {
        let Payload::Case(o) = run_here(&Job::Case("copy_1_byte".into()), BackendKind::Mock, 8) else {
            panic!("not a case payload")
        };
        assert_eq!(o.status, Status::Passed, "{o:?}");
        assert!(o.trace.is_empty());
        let Payload::Case(o) = run_here(&Job::Case("no_such_case".into()), BackendKind::Mock, 8) else {
            panic!("not a case payload")
        };
        assert_eq!(o.status, Status::Failed);
    }

    #[test]
    fn a_mock_only_case_reports_not_applicable_on_the_real_kernel() {
        // Decided before anything opens: no device node is needed.
        let Payload::Case(o) = run_here(&Job::Case("teardown_leaks_nothing".into()), BackendKind::Nvgpu, 8) else {
            panic!("not a case payload")
        };
        assert_eq!(o.status, Status::NotApplicable, "{o:?}");
        assert!(o.detail.as_deref().is_some_and(|d| d.contains("built-in mock")), "{o:?}");
        let j = serde_json::to_string(&Payload::Case(o)).unwrap();
        assert!(j.contains("\"not_applicable\""), "{j}");
    }

    #[test]
    fn the_mock_is_healthy_and_describes_an_orin() {
        assert_eq!(health(BackendKind::Mock), Ok(()));
        let i = info(BackendKind::Mock).unwrap();
        assert!(i.fields.iter().any(|(k, v)| k == "SM version" && v == "8.7"), "{i:?}");
    }

    #[test]
    fn a_thread_job_returns_its_payload() {
        // (Timeouts are tested deterministically in tests/cli.rs, with a case
        // that hangs forever.)
        let ex = Executor { kind: BackendKind::Mock, isolation: Isolation::Thread, trace_lines: 8, child_args: vec![] };
        let r = ex.run(&Job::Health, Duration::from_secs(60));
        assert_eq!(r.ran, Ran::Done(Payload::Health(Ok(()))));
    }

    #[test]
    fn device_fields_are_a_json_object_in_order() {
        let i = info(BackendKind::Mock).unwrap();
        let j = serde_json::to_string(&Payload::Info(Ok(i.clone()))).unwrap();
        let v: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(v["info"]["Ok"]["fields"]["SM version"], "8.7", "{j}");
        assert!(j.find("\"backend\"").unwrap() < j.find("\"SM version\"").unwrap(), "{j}");
        assert_eq!(serde_json::from_str::<Payload>(&j).unwrap(), Payload::Info(Ok(i)));
    }

    #[test]
    fn payloads_survive_json() {
        let p = Payload::Case(CaseOutcome {
            status: Status::Failed,
            detail: Some("x".into()),
            trace: vec!["NVMAP_IOC_ALLOC (fd 3) = -ENOMEM".into()],
        });
        let j = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Payload>(&j).unwrap(), p);
    }
}
