//! # gpuiface-conformance
//!
//! One suite, written once against [`GpuIface`] and the
//! queue API, run against every backend available on the machine: the mock
//! everywhere, the real nvgpu kernel where `/dev/nvgpu/igpu0/ctrl` exists.
//!
//! - [`CASES`] lists every case; [`run_case`] runs one on one backend and
//!   applies its expected failures: a case expected to fail on a backend must
//!   fail there (an unexpected pass is a failure), and the expectation always
//!   names the backend and carries a reason.
//! - `cargo run -p gpuiface-conformance -- --backend auto|mock|nvgpu` prints one
//!   line per case and a closing `N passed, N failed` line.
//! - `cargo test -p gpuiface-conformance` runs every (backend, case) pair as a
//!   separate test; backends absent from the machine are listed as ignored.
//!
//! A backend written outside this workspace (another kernel driver, a
//! tracing wrapper) runs the backend-independent cases with one call,
//! [`run_suite`], and gets a [`SuiteReport`]; its cases are [`GENERIC_CASES`]
//! and [`Ctx::custom`] is the context they run in:
//!
//! ```
//! use gpuiface::{open_kind, BackendKind};
//! // The mock stands in for a user's own `GpuIface` here.
//! let report = gpuiface_conformance::run_suite("my-backend", BackendKind::Mock, || open_kind(BackendKind::Mock));
//! assert!(report.ok(), "{report}");
//! ```

use std::fmt;
use std::sync::Arc;

use gpuiface::{BackendKind, GpuIface};

mod cases;
mod fault_cases;
mod mock_cases;
mod overlap;
pub mod support;

/// What a case returns: `Err` carries a readable reason.
pub type CaseResult = Result<(), String>;

/// Fail the case with a formatted reason unless `cond` holds.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!("{}:{}: {}", file!(), line!(), format!($($fmt)+)));
        }
    };
}

/// A device as the cases see it: any [`GpuIface`].
pub type Device = Box<dyn GpuIface>;

type Opener = Arc<dyn Fn() -> gpuiface::Result<Device> + Send + Sync>;

/// The context a case runs in.
#[derive(Clone)]
pub struct Ctx {
    /// The built-in backend under test, or the one a custom backend is
    /// checked like (its expected failures apply).
    pub kind: BackendKind,
    custom: Option<(String, Opener)>,
}

impl fmt::Debug for Ctx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ctx").field("kind", &self.kind).field("custom", &self.custom.as_ref().map(|c| &c.0)).finish()
    }
}

impl Ctx {
    /// A built-in backend.
    pub fn builtin(kind: BackendKind) -> Ctx {
        Ctx { kind, custom: None }
    }

    /// A backend of the caller's, named `name`, opened by `open` for every
    /// case, with the expected failures of the built-in backend `like`.
    pub fn custom<I, F>(name: impl Into<String>, like: BackendKind, open: F) -> Ctx
    where
        I: GpuIface + 'static,
        F: Fn() -> gpuiface::Result<I> + Send + Sync + 'static,
    {
        let opener: Opener = Arc::new(move || open().map(|d| Box::new(d) as Device));
        Ctx { kind: like, custom: Some((name.into(), opener)) }
    }

    /// The backend's name in reports.
    pub fn name(&self) -> &str {
        match &self.custom {
            Some((name, _)) => name,
            None => self.kind.name(),
        }
    }

    /// True for a built-in backend (mock-only cases need the built-in mock).
    pub fn is_builtin(&self) -> bool {
        self.custom.is_none()
    }

    /// Open a fresh device of the backend under test.
    pub fn open(&self) -> Result<Device, String> {
        match &self.custom {
            Some((name, open)) => open().map_err(|e| format!("open {name}: {e}")),
            None => gpuiface::open_kind(self.kind)
                .map(|d| Box::new(d) as Device)
                .map_err(|e| format!("open {}: {e}", self.kind)),
        }
    }
}

/// One conformance case.
#[derive(Clone, Copy)]
pub struct Case {
    /// Unique snake_case name.
    pub name: &'static str,
    /// The check.
    pub run: fn(&Ctx) -> CaseResult,
    /// Backends on which the case is expected to fail, each with a reason.
    pub expected_failures: &'static [(BackendKind, &'static str)],
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Case").field("name", &self.name).finish()
    }
}

impl Case {
    /// The reason this case is expected to fail on `kind`, if it is.
    pub fn expected_failure(&self, kind: BackendKind) -> Option<&'static str> {
        self.expected_failures.iter().find(|(k, _)| *k == kind).map(|(_, r)| *r)
    }
}

/// How one (backend, case) pair ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Passed as expected.
    Passed,
    /// Failed as expected on this backend (the reason).
    ExpectedFailure(&'static str),
    /// Failed unexpectedly (why).
    Failed(String),
    /// Passed although expected to fail (the stale reason).
    UnexpectedPass(&'static str),
}

impl Outcome {
    /// True for the outcomes that count as passing.
    pub fn ok(&self) -> bool {
        matches!(self, Outcome::Passed | Outcome::ExpectedFailure(_))
    }
}

/// Run one case on one backend, catching panics.
pub fn run_case(case: &Case, kind: BackendKind) -> Outcome {
    run_case_in(case, &Ctx::builtin(kind))
}

/// Run one case in a context (a built-in or a custom backend), catching panics.
pub fn run_case_in(case: &Case, ctx: &Ctx) -> Outcome {
    let kind = ctx.kind;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (case.run)(ctx)))
        .unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&p))));
    match (result, case.expected_failure(kind)) {
        (Ok(()), None) => Outcome::Passed,
        (Ok(()), Some(reason)) => Outcome::UnexpectedPass(reason),
        (Err(_), Some(reason)) => Outcome::ExpectedFailure(reason),
        (Err(e), None) => Outcome::Failed(e),
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

/// Every case.
pub fn cases() -> Vec<Case> {
    let mut all = cases::CASES.to_vec();
    all.extend_from_slice(mock_cases::CASES);
    all
}

/// The cases that need nothing but a [`GpuIface`]: what [`run_suite`] runs
/// on a backend from outside the workspace.
pub static GENERIC_CASES: &[Case] = cases::CASES;

/// What [`run_suite`] found: one outcome per case, in order.
#[derive(Debug, Clone)]
pub struct SuiteReport {
    /// The backend's name.
    pub backend: String,
    /// Each case's name and outcome.
    pub outcomes: Vec<(&'static str, Outcome)>,
}

impl SuiteReport {
    /// How many cases count as passing.
    pub fn passed(&self) -> usize {
        self.outcomes.iter().filter(|(_, o)| o.ok()).count()
    }
    /// How many do not.
    pub fn failed(&self) -> usize {
        self.outcomes.len() - self.passed()
    }
    /// Every case passed (or failed as expected).
    pub fn ok(&self) -> bool {
        self.failed() == 0
    }
}

impl fmt::Display for SuiteReport {
    /// The command-line runner's lines: one per case, then `N passed, N failed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, o) in &self.outcomes {
            match o {
                Outcome::Passed => writeln!(f, "PASS  {}/{name}", self.backend)?,
                Outcome::ExpectedFailure(r) => writeln!(f, "XFAIL {}/{name}: {r}", self.backend)?,
                Outcome::Failed(e) => writeln!(f, "FAIL  {}/{name}: {e}", self.backend)?,
                Outcome::UnexpectedPass(r) => writeln!(f, "XPASS {}/{name}: expected to fail: {r}", self.backend)?,
            }
        }
        write!(f, "{} passed, {} failed", self.passed(), self.failed())
    }
}

/// Run [`GENERIC_CASES`] on a backend of the caller's: `open` gives a fresh
/// device for each case; `like` names the built-in backend whose expected
/// failures apply (a wrapper around the mock is checked like the mock).
pub fn run_suite<I, F>(name: impl Into<String>, like: BackendKind, open: F) -> SuiteReport
where
    I: GpuIface + 'static,
    F: Fn() -> gpuiface::Result<I> + Send + Sync + 'static,
{
    let ctx = Ctx::custom(name, like, open);
    let outcomes = GENERIC_CASES.iter().map(|c| (c.name, run_case_in(c, &ctx))).collect();
    SuiteReport { backend: ctx.name().to_string(), outcomes }
}

/// Every case (a static view for iteration).
pub static CASES: std::sync::LazyLock<Vec<Case>> = std::sync::LazyLock::new(cases);

/// The backends available on this machine, for `--backend auto`.
pub fn available_backends() -> Vec<BackendKind> {
    [BackendKind::Mock, BackendKind::Nvgpu].into_iter().filter(|k| k.available()).collect()
}

/// Cases that deliberately fault the GPU (an MMU fault the kernel answers by
/// tearing down a channel). They are not in [`CASES`]: runners run them only
/// when asked (`gpuiface-conformance --allow-faults`).
pub static FAULTING_CASES: &[Case] = fault_cases::CASES;
