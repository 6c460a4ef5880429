//! `gpuiface-conformance`: the conformance suite as one command, on a laptop
//! (the mock) or on a Jetson (the real `nvgpu.ko`), with a report to file.
//!
//! ```sh
//! cargo run -p gpuiface-conformance -- --backend mock
//! cargo run -p gpuiface-conformance -- --backend mock --release r35
//! cargo run --release -p gpuiface-conformance -- --report jetson.md --report jetson.json
//! cargo run -p gpuiface-conformance -- --list --filter copy
//! ```
//!
//! Each case runs in a child process of its own (`--isolation process`, the
//! default) with a timeout (`--timeout`), so a case that fails, crashes or
//! hangs is cleaned up by the kernel with the process; after a failure a health
//! check makes sure the device still works before the run goes on. The exit
//! codes are listed by `--help`.

/// `println!` that never panics: a full or closed stdout (`> /dev/full`)
/// loses the line instead of killing the run before its report is
/// written (issue 22, item 18). Shadows the prelude's macro in this file.
macro_rules! println {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

mod runner;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::Parser;
use gpuiface::BackendKind;
use gpuiface_conformance::{available_backends, Case, Needs, CASES, FAULTING_CASES};

use runner::exec::{Executor, Isolation, Job, JobResult, Payload, Ran, RESULT_MARKER};
use runner::prereq::{self, Creds, Level, Machine};
use runner::report::{utc, BenchColumn, CaseReport, Format, Report, Run, Summary};
use runner::Status;

const EXIT_CODES: &str = "\
Exit codes:
  0  every case passed or failed as expected
  1  a case failed, timed out, or passed although expected to fail
  2  usage error (bad option, unknown report format)
  3  prerequisites not met: no device node, no access to it, an unsupported
     L4T release, or the device could not be opened
  4  a report could not be written
  5  the run stopped early: after a failure the device no longer worked, or a
     case timed out under --isolation thread (it cannot be stopped)";

/// The gpuiface conformance suite: every case against the mock or the real
/// Jetson kernel (nvgpu.ko + nvmap), one line per case, and a report to file.
#[derive(Debug, Parser)]
#[command(name = "gpuiface-conformance", version, after_help = EXIT_CODES)]
struct Cli {
    /// Backend to test: `auto` (every backend this machine has: the real one
    /// where /dev/nvgpu/igpu0/ctrl exists, and the mock), `mock`, or `nvgpu`.
    #[arg(short, long, default_value = "auto", value_parser = ["auto", "mock", "nvgpu"])]
    backend: String,

    /// The L4T release the mock's kernel models: `r35` (JetPack 5) or `r36`
    /// (JetPack 6). Sets GPUIFACE_MOCK_RELEASE for the run (and its
    /// children); default: that variable's value, else r36. The real backend
    /// detects its kernel's release at open, whatever this says.
    #[arg(long, value_parser = ["r35", "r36"])]
    release: Option<String>,

    /// Run only the cases whose name contains TEXT (repeat: any of them).
    #[arg(short, long, value_name = "TEXT")]
    filter: Vec<String>,

    /// List the cases that would run (with their expected failures) and exit.
    #[arg(long)]
    list: bool,

    /// Write the report to PATH: Markdown for `.md`, JSON for `.json`
    /// (repeat for both). Implies `--bench` unless `--no-bench`.
    #[arg(long, value_name = "PATH")]
    report: Vec<PathBuf>,

    /// Per-case timeout in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,

    /// Also run the cases that deliberately fault the GPU (on a real device
    /// the kernel tears down the faulting channel and logs it in dmesg).
    #[arg(long)]
    allow_faults: bool,

    /// Run each case in a child process (killed on timeout, cleaned up by the
    /// kernel) or in a thread (for hosts where the binary cannot re-run
    /// itself, e.g. qemu-user without binfmt_misc).
    #[arg(long, value_enum, default_value_t = Isolation::Process)]
    isolation: Isolation,

    /// Take the benchmark figures (allocation, signal round trip, launch,
    /// copies) on the backend and on the mock.
    #[arg(long)]
    bench: bool,

    /// Do not take benchmark figures, even with --report.
    #[arg(long, conflicts_with = "bench")]
    no_bench: bool,

    /// Colour the output: `auto` (only when stdout is a terminal and NO_COLOR
    /// is unset), `always`, `never`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// Ioctls kept in a failure's trace tail.
    #[arg(long, value_name = "N", default_value_t = 24)]
    trace_lines: usize,

    /// Read /etc, /proc and /dev under DIR instead of / (to try the
    /// prerequisite checks on a copy of a device's files).
    #[arg(long, value_name = "DIR", default_value = "/")]
    root: PathBuf,

    /// Internal: run one job and print its result (what each case's child does).
    #[arg(long, hide = true, value_name = "JOB")]
    child: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

struct Paint(bool);

impl Paint {
    fn code(&self, code: &str, s: &str) -> String {
        if self.0 {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    fn status(&self, s: Status) -> String {
        let (word, code) = match s {
            Status::Passed => ("ok     ", "32"),
            Status::ExpectedFailure => ("xfail  ", "33"),
            Status::Failed => ("FAILED ", "1;31"),
            Status::UnexpectedPass => ("XPASS  ", "1;31"),
            Status::TimedOut => ("TIMEOUT", "1;31"),
            Status::NotRun => ("not run", "2"),
            Status::NotApplicable => ("n/a    ", "2"),
        };
        self.code(code, word)
    }
    fn level(&self, l: Level) -> String {
        match l {
            Level::Ok => self.code("32", "ok  "),
            Level::Warn => self.code("33", "warn"),
            Level::Fail => self.code("1;31", "FAIL"),
        }
    }
}

fn selected_cases(cli: &Cli) -> Vec<(Case, bool)> {
    let faulting = if cli.allow_faults || cli.list { FAULTING_CASES } else { &[] };
    CASES
        .iter()
        .map(|c| (*c, false))
        .chain(faulting.iter().map(|c| (*c, true)))
        .filter(|(c, _)| cli.filter.is_empty() || cli.filter.iter().any(|f| c.name.contains(f.as_str())))
        .collect()
}

fn main() -> ExitCode {
    gpuiface_hal::logging::init_stderr_from_env();
    // Like other command-line tools: a closed pipe (`| head`) ends the
    // program quietly instead of making `println!` panic.
    // SAFETY: restoring a signal's default disposition before any thread
    // exists has no memory effects.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    if let Some(r) = &cli.release {
        // Before any thread exists (the runner's and the mock's start later);
        // the case children inherit it.
        std::env::set_var(gpuiface::mock::kernel::RELEASE_ENV, r);
    }
    if let Some(spec) = &cli.child {
        return child(&cli, spec);
    }
    let paint = Paint(match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    });
    let cases = selected_cases(&cli);
    if cli.list {
        for (c, faulting) in &cases {
            let mut notes: Vec<String> =
                c.expected_failures.iter().map(|(k, r)| format!("expected to fail on {k}: {r}")).collect();
            if let Needs::BuiltinMock(what) = c.needs {
                notes.push(format!("needs the built-in mock ({what}): not applicable elsewhere"));
            }
            if *faulting {
                notes.insert(0, "faults the GPU deliberately: runs only with --allow-faults".into());
            }
            if notes.is_empty() {
                println!("{}", c.name);
            } else {
                println!("{}  [{}]", c.name, notes.join("; "));
            }
        }
        return ExitCode::SUCCESS;
    }
    if let Some(bad) = cli.report.iter().find(|p| Format::of(p).is_none()) {
        eprintln!("error: --report {}: the file name must end in .md (Markdown) or .json", bad.display());
        return ExitCode::from(2);
    }
    // At most ~31 years: every deadline (now + 5 x timeout) stays representable.
    const MAX_TIMEOUT_S: f64 = 1e9;
    if !(cli.timeout > 0.0 && cli.timeout <= MAX_TIMEOUT_S) {
        eprintln!("error: --timeout must be a positive number of seconds, at most {MAX_TIMEOUT_S:e}");
        return ExitCode::from(2);
    }
    run(&cli, &paint, &cases)
}

fn child(cli: &Cli, spec: &str) -> ExitCode {
    let (Some(job), Ok(Some(kind))) = (Job::parse(spec), BackendKind::parse(&cli.backend)) else {
        eprintln!("error: --child {spec:?} needs a job and --backend mock|nvgpu");
        return ExitCode::from(2);
    };
    let payload = runner::exec::run_here(&job, kind, cli.trace_lines);
    match serde_json::to_string(&payload) {
        Ok(j) => {
            println!("{RESULT_MARKER}{j}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot encode the result: {e}");
            ExitCode::FAILURE
        }
    }
}

fn backends(cli: &Cli) -> Vec<BackendKind> {
    match BackendKind::parse(&cli.backend) {
        Ok(Some(k)) => vec![k],
        // The real device first: it is what a report is for.
        _ => {
            let mut ks = available_backends();
            ks.sort_by_key(|k| *k != BackendKind::Nvgpu);
            ks
        }
    }
}

fn run(cli: &Cli, paint: &Paint, cases: &[(Case, bool)]) -> ExitCode {
    let started = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let timeout = Duration::from_secs_f64(cli.timeout);
    // Opening the device and the health check are not cases: they get at
    // least a minute whatever --timeout says.
    let service_timeout = timeout.max(Duration::from_secs(60));
    let machine = Machine::probe(&cli.root);
    let creds = Creds::current(&cli.root);
    let assume = std::env::var_os(gpuiface::ASSUME_NVGPU_ENV).is_some();
    let mut exit = 0u8;
    let mut runs = Vec::new();
    let mut closing = Summary::default();
    let child_args: Vec<String> = Vec::new();
    let mut isolation = cli.isolation;
    // A case still running in a thread after its timeout: nothing else may run.
    let mut poisoned: Option<String> = None;
    println!(
        "gpuiface-conformance {} ({}), {} case(s), timeout {} s, isolation {}",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::ARCH,
        cases.len(),
        cli.timeout,
        cli.isolation.name()
    );
    for kind in backends(cli) {
        println!("# backend {kind}");
        let mut run = Run {
            backend: kind.name().into(),
            prerequisites: vec![],
            device: Err("not opened".into()),
            cases: vec![],
            summary: Summary::default(),
            stopped: None,
        };
        if let Some(why) = &poisoned {
            run.stopped = Some(format!("not run: {why}"));
        } else if kind == BackendKind::Nvgpu {
            run.prerequisites = prereq::check_nvgpu(&machine, &creds, assume);
            for c in &run.prerequisites {
                println!("{}  {}: {}", paint.level(c.level), c.what, c.message);
            }
            if !prereq::all_pass(&run.prerequisites) {
                println!("prerequisites for the nvgpu backend are not met: see FAIL above");
                run.stopped = Some("prerequisites not met".into());
                exit = exit.max(3);
            }
        }
        let mut ex = Executor { kind, isolation, trace_lines: cli.trace_lines, child_args: child_args.clone() };
        if run.stopped.is_none() {
            let mut info = ex.run(&Job::Info, service_timeout).ran;
            if let Ran::CannotExecute(why) = &info {
                println!(
                    "note: {why}: this host cannot re-run the binary (qemu-user without binfmt_misc?); \
                     running each case in a thread instead (--isolation thread)"
                );
                isolation = Isolation::Thread;
                ex.isolation = isolation;
                info = ex.run(&Job::Info, service_timeout).ran;
            }
            run.device = match info {
                Ran::Done(Payload::Info(r)) => r,
                other => Err(describe_non_result(&other)),
            };
            match &run.device {
                Ok(d) => println!("device: {}", one_line(d)),
                Err(e) => {
                    println!("{}  the {kind} device could not be opened: {e}", paint.level(Level::Fail));
                    run.stopped = Some(format!("the device could not be opened: {e}"));
                    exit = exit.max(3);
                }
            }
        }
        let backend_start = Instant::now();
        for (case, _) in cases {
            if run.stopped.is_some() {
                run.cases.push(not_run(case.name));
                continue;
            }
            let r = ex.run(&Job::Case(case.name.to_string()), timeout);
            let report = case_report(case.name, &r);
            print_case(paint, kind, &report);
            let failed = !report.status.ok();
            let timed_out_thread = report.status == Status::TimedOut && isolation == Isolation::Thread;
            run.cases.push(report);
            if timed_out_thread {
                let why = format!("{} timed out in a thread, which cannot be stopped", case.name);
                run.stopped = Some(format!("{why}; the remaining cases were not run"));
                poisoned = Some(why);
                exit = exit.max(5);
            } else if failed {
                if let Some(why) = unhealthy(&ex, service_timeout) {
                    println!("{}  after {}, the device no longer works: {why}", paint.level(Level::Fail), case.name);
                    run.stopped = Some(format!("after {} the device no longer worked: {why}", case.name));
                    exit = exit.max(5);
                }
            }
        }
        for c in &run.cases {
            run.summary.add(c);
        }
        run.summary.seconds = backend_start.elapsed().as_secs_f64();
        let s = &run.summary;
        println!(
            "{kind}: {} passed, {} expected failures, {} failed, {} unexpected passes, {} timed out, {} not run, \
             {} not applicable ({:.1} s)",
            s.passed,
            s.expected_failures,
            s.failed,
            s.unexpected_passes,
            s.timed_out,
            s.not_run,
            s.not_applicable,
            s.seconds
        );
        if let Some(why) = &run.stopped {
            println!("{kind}: stopped early: {why}");
        }
        if s.failed + s.unexpected_passes + s.timed_out > 0 {
            exit = exit.max(1);
        }
        closing.passed += s.ok();
        closing.failed += s.bad() - s.not_run;
        closing.not_run += s.not_run;
        closing.not_applicable += s.not_applicable;
        runs.push(run);
    }
    let mut benchmarks = Vec::new();
    if (cli.bench || !cli.report.is_empty()) && !cli.no_bench && poisoned.is_none() {
        let mut kinds: Vec<BackendKind> = runs
            .iter()
            .filter(|r| r.stopped.is_none())
            .filter_map(|r| BackendKind::parse(&r.backend).ok().flatten())
            .collect();
        if !kinds.contains(&BackendKind::Mock) {
            kinds.push(BackendKind::Mock);
        }
        for kind in kinds {
            let ex = Executor { kind, isolation, trace_lines: 0, child_args: child_args.clone() };
            let figures = match ex.run(&Job::Bench, timeout * 5).ran {
                Ran::Done(Payload::Bench(r)) => r,
                other => Err(describe_non_result(&other)),
            };
            match &figures {
                Ok(figs) => {
                    let line: Vec<String> = figs
                        .iter()
                        .map(|f| match f.value {
                            Some(v) => format!("{} {v:.1} {}", f.name, f.unit),
                            None => format!("{} n/a", f.name),
                        })
                        .collect();
                    println!("bench {kind}: {}", line.join(", "));
                }
                Err(e) => println!("bench {kind}: no figures: {e}"),
            }
            benchmarks.push(BenchColumn { backend: kind.name().into(), figures });
        }
    }
    if !cli.report.is_empty() {
        let report = Report {
            tool: format!("gpuiface-conformance {}", env!("CARGO_PKG_VERSION")),
            started_utc: utc(started),
            // Arguments need not be UTF-8 (a report path, a filter): shown lossily.
            command: std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect::<Vec<_>>().join(" "),
            arch: std::env::consts::ARCH,
            isolation,
            timeout_s: cli.timeout,
            allow_faults: cli.allow_faults,
            stand_in: assume,
            machine,
            runs,
            benchmarks,
        };
        for path in &cli.report {
            match report.write(path) {
                Ok(()) => println!("report written to {}", path.display()),
                Err(e) => {
                    eprintln!("error: cannot write the report to {}: {e}", path.display());
                    exit = exit.max(4);
                }
            }
        }
    }
    // The closing line CI reads.
    // Cases never run (prerequisites not met, a stopped run) are not
    // failures of theirs: they are counted apart (the exit code says why).
    // Cases not applicable to a backend are counted apart too.
    let mut line = format!("{} passed, {} failed", closing.passed, closing.failed);
    if closing.not_run > 0 {
        line.push_str(&format!(", {} not run", closing.not_run));
    }
    if closing.not_applicable > 0 {
        line.push_str(&format!(", {} not applicable", closing.not_applicable));
    }
    println!("{line}");
    ExitCode::from(exit)
}

fn not_run(name: &str) -> CaseReport {
    CaseReport {
        name: name.into(),
        status: Status::NotRun,
        seconds: 0.0,
        detail: None,
        ioctl_trace_tail: vec![],
        stderr_tail: vec![],
    }
}

fn describe_non_result(r: &Ran) -> String {
    match r {
        Ran::Done(p) => format!("unexpected result {p:?}"),
        Ran::TimedOut => "timed out".into(),
        Ran::Crashed(why) => why.clone(),
        Ran::CannotExecute(why) => format!("{why}; use --isolation thread where the binary cannot re-run itself"),
    }
}

fn case_report(name: &str, r: &JobResult) -> CaseReport {
    let (status, detail, trace) = match &r.ran {
        Ran::Done(Payload::Case(o)) => (o.status, o.detail.clone(), o.trace.clone()),
        Ran::TimedOut => (Status::TimedOut, Some(format!("no result within {:.1} s", r.elapsed.as_secs_f64())), vec![]),
        other => (Status::Failed, Some(describe_non_result(other)), vec![]),
    };
    let stderr_tail = if status.ok() { vec![] } else { r.stderr_tail.clone() };
    CaseReport {
        name: name.into(),
        status,
        seconds: r.elapsed.as_secs_f64(),
        detail,
        ioctl_trace_tail: trace,
        stderr_tail,
    }
}

fn print_case(paint: &Paint, kind: BackendKind, c: &CaseReport) {
    let kind = kind.name();
    let time = format!("{:.3}s", c.seconds);
    match (c.status, &c.detail) {
        (Status::Passed, _) | (_, None) => println!("{} {kind:<5} {} ({time})", paint.status(c.status), c.name),
        (Status::ExpectedFailure | Status::NotApplicable, Some(r)) => {
            println!("{} {kind:<5} {} ({time}; {r})", paint.status(c.status), c.name)
        }
        (_, Some(why)) => {
            println!("{} {kind:<5} {} ({time}): {why}", paint.status(c.status), c.name);
            let shown = &c.ioctl_trace_tail[c.ioctl_trace_tail.len().saturating_sub(8)..];
            if !shown.is_empty() {
                println!("        last ioctls, oldest first (the report keeps {}):", c.ioctl_trace_tail.len());
                for l in shown {
                    println!("          {l}");
                }
            }
            for l in c.stderr_tail.iter().rev().take(5).rev() {
                println!("        stderr: {l}");
            }
        }
    }
}

/// The device's characteristics on one line.
fn one_line(d: &runner::exec::DeviceSummary) -> String {
    let get = |k: &str| d.fields.iter().find(|(f, _)| f == k).map(|(_, v)| v.as_str()).unwrap_or("?");
    format!(
        "{} arch {} impl {} rev {}, SM {}, {} GPC / {} TPC, L2 {}, {}-bit GPU VA",
        get("backend"),
        get("architecture"),
        get("implementation"),
        get("revision"),
        get("SM version"),
        get("GPCs"),
        get("TPCs"),
        get("L2 cache"),
        get("GPU VA bits")
    )
}

/// `None` when the device still works after a failure, else what broke.
fn unhealthy(ex: &Executor, timeout: Duration) -> Option<String> {
    match ex.run(&Job::Health, timeout).ran {
        Ran::Done(Payload::Health(Ok(()))) => None,
        Ran::Done(Payload::Health(Err(e))) => Some(e),
        other => Some(describe_non_result(&other)),
    }
}
