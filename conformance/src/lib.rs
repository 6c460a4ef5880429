//! # gpuiface-conformance
//!
//! One suite, written once against [`GpuIface`](gpuiface::GpuIface) and the
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
//! Users can reuse [`Ctx`] and the case functions to check their own
//! backends or runtimes the same way.

use std::fmt;

use gpuiface::{Backend, BackendKind};

mod cases;
pub mod expect;
mod fault_cases;
mod mock_cases;
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

/// The context a case runs in.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// The backend under test.
    pub kind: BackendKind,
}

impl Ctx {
    /// Open a fresh device of the backend under test.
    pub fn open(&self) -> Result<Backend, String> {
        gpuiface::open_kind(self.kind).map_err(|e| format!("open {}: {e}", self.kind))
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
    let ctx = Ctx { kind };
    let result =
        std::panic::catch_unwind(|| (case.run)(&ctx)).unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&p))));
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
