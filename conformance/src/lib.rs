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
//! - Each case runs on a thread of its own with a deadline
//!   ([`Ctx::with_timeout`]; a case past it is [`Outcome::TimedOut`] and the
//!   process goes on), and every device it opens through [`Ctx::open`] is
//!   checked for leaks ([`GpuIface::live`]) when it returns: the
//!   [`guard`] module says how, and what happens to a stuck case.
//! - A case that needs what a backend lacks (the built-in mock's stepped
//!   GPU, fault injection) is [`Outcome::NotApplicable`] there, not a failure.
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
use std::time::Duration;

use gpuiface::{BackendKind, GpuIface};

mod cases;
mod fault_cases;
pub mod guard;
mod mock_cases;
mod overlap;
pub mod support;

pub use guard::stuck_cases;

/// Why a case did not pass.
///
/// Anything that converts to a `String` converts to [`CaseError::Failed`],
/// so a case can use `?` on `Result<_, String>` and on
/// `.map_err(|e| e.to_string())`:
///
/// ```
/// use gpuiface_conformance::{CaseError, CaseResult};
/// fn check(n: u32) -> CaseResult {
///     let parsed: u32 = "7".parse().map_err(|e: std::num::ParseIntError| e.to_string())?;
///     if parsed != n {
///         return Err(format!("{parsed} is not {n}").into());
///     }
///     Ok(())
/// }
/// assert_eq!(check(7), Ok(()));
/// assert_eq!(check(8), Err(CaseError::Failed("7 is not 8".into())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseError {
    /// The check failed: why.
    Failed(String),
    /// The case cannot run on this backend: what it needs that the
    /// backend lacks. Not a failure ([`Outcome::NotApplicable`]).
    NotApplicable(String),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Failed(why) => f.write_str(why),
            CaseError::NotApplicable(why) => write!(f, "not applicable: {why}"),
        }
    }
}

impl std::error::Error for CaseError {}

impl From<String> for CaseError {
    fn from(why: String) -> Self {
        CaseError::Failed(why)
    }
}

impl From<&str> for CaseError {
    fn from(why: &str) -> Self {
        CaseError::Failed(why.to_string())
    }
}

/// What a case returns.
pub type CaseResult = Result<(), CaseError>;

/// Fail the case with a formatted reason unless `cond` holds.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err($crate::CaseError::Failed(format!("{}:{}: {}", file!(), line!(), format!($($fmt)+))));
        }
    };
}

/// How long a case may run before it is [`Outcome::TimedOut`], unless the
/// context says otherwise ([`Ctx::with_timeout`]). Generous: the slowest
/// case takes a few seconds on the mock in a debug build.
pub const DEFAULT_CASE_TIMEOUT: Duration = Duration::from_secs(300);

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
    timeout: Duration,
    /// The devices of the case being run (set by [`guard::run`]).
    scope: Option<Arc<guard::Scope>>,
}

impl fmt::Debug for Ctx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ctx")
            .field("kind", &self.kind)
            .field("custom", &self.custom.as_ref().map(|c| &c.0))
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl Ctx {
    /// A built-in backend.
    pub fn builtin(kind: BackendKind) -> Ctx {
        Ctx { kind, custom: None, timeout: DEFAULT_CASE_TIMEOUT, scope: None }
    }

    /// The same context with another per-case deadline (default
    /// [`DEFAULT_CASE_TIMEOUT`]); see [`guard`] for what a case past it does.
    ///
    /// ```
    /// use std::time::Duration;
    /// use gpuiface::BackendKind;
    /// use gpuiface_conformance::Ctx;
    /// let ctx = Ctx::builtin(BackendKind::Mock).with_timeout(Duration::from_secs(30));
    /// assert_eq!(ctx.timeout(), Duration::from_secs(30));
    /// ```
    pub fn with_timeout(mut self, timeout: Duration) -> Ctx {
        self.timeout = timeout;
        self
    }

    /// The per-case deadline.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// This context, for one run of a case whose devices `scope` tracks.
    fn scoped(&self, scope: Arc<guard::Scope>) -> Ctx {
        Ctx { scope: Some(scope), ..self.clone() }
    }

    /// A backend of the caller's, named `name`, opened by `open` for every
    /// case, with the expected failures of the built-in backend `like`.
    pub fn custom<I, F>(name: impl Into<String>, like: BackendKind, open: F) -> Ctx
    where
        I: GpuIface + 'static,
        F: Fn() -> gpuiface::Result<I> + Send + Sync + 'static,
    {
        let opener: Opener = Arc::new(move || open().map(|d| Box::new(d) as Device));
        Ctx { kind: like, custom: Some((name.into(), opener)), timeout: DEFAULT_CASE_TIMEOUT, scope: None }
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

    /// Open a fresh device of the backend under test. Inside a case run by
    /// [`run_case_in`], the device is checked for leaks when the case
    /// returns and withdrawn when its deadline passes ([`guard`]).
    pub fn open(&self) -> Result<Device, String> {
        self.open_device(true)
    }

    /// [`open`](Self::open) a device whose counts the leak check does not
    /// compare: for a case that leaves something behind on purpose (a
    /// buffer consumed by a free that another device refused), and checks
    /// what it left itself. The deadline still withdraws it.
    pub fn open_unchecked(&self) -> Result<Device, String> {
        self.open_device(false)
    }

    fn open_device(&self, checked: bool) -> Result<Device, String> {
        let device = match &self.custom {
            Some((name, open)) => open().map_err(|e| format!("open {name}: {e}"))?,
            None => gpuiface::open_kind(self.kind)
                .map(|d| Box::new(d) as Device)
                .map_err(|e| format!("open {}: {e}", self.kind))?,
        };
        Ok(match &self.scope {
            Some(scope) => scope.adopt(device, checked),
            None => device,
        })
    }
}

/// What a case needs beyond a [`GpuIface`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Nothing: it runs on every backend.
    Nothing,
    /// The built-in mock (what of it, for the report): elsewhere, custom
    /// backends included, the case is [`Outcome::NotApplicable`].
    BuiltinMock(&'static str),
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
    /// What it needs to be applicable.
    pub needs: Needs,
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

    /// `Err(why not)` when the case cannot run in `ctx` ([`Needs`]).
    pub fn applies_to(&self, ctx: &Ctx) -> Result<(), String> {
        match self.needs {
            Needs::Nothing => Ok(()),
            Needs::BuiltinMock(what) if ctx.kind != BackendKind::Mock || !ctx.is_builtin() => {
                Err(format!("needs the built-in mock's {what}; {} has none", ctx.name()))
            }
            Needs::BuiltinMock(_) => Ok(()),
        }
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
    /// Not run: the backend lacks what the case needs (what).
    NotApplicable(String),
    /// Still running at its deadline (the deadline); its thread is left
    /// running ([`guard`], [`stuck_cases`]).
    TimedOut(Duration),
}

impl Outcome {
    /// True for the outcomes that count as passing.
    pub fn ok(&self) -> bool {
        matches!(self, Outcome::Passed | Outcome::ExpectedFailure(_))
    }

    /// True for the outcomes that count as failing: not
    /// [`ok`](Self::ok), and not [`NotApplicable`](Outcome::NotApplicable).
    pub fn bad(&self) -> bool {
        !self.ok() && !matches!(self, Outcome::NotApplicable(_))
    }
}

/// Run one case on one backend ([`run_case_in`]).
pub fn run_case(case: &Case, kind: BackendKind) -> Outcome {
    run_case_in(case, &Ctx::builtin(kind))
}

/// Run one case in a context (a built-in or a custom backend): on a thread
/// of its own, catching panics, with the context's deadline and a leak
/// check of every device it opens ([`guard`]).
///
/// ```
/// use gpuiface::BackendKind;
/// use gpuiface_conformance::{run_case_in, Ctx, Outcome, CASES};
/// let case = CASES.iter().find(|c| c.name == "teardown_leaks_nothing").unwrap();
/// // A mock-only case on a backend of one's own is not applicable, not failed.
/// let mine = Ctx::custom("mine", BackendKind::Mock, || gpuiface::open_kind(BackendKind::Mock));
/// assert!(matches!(run_case_in(case, &mine), Outcome::NotApplicable(_)));
/// ```
pub fn run_case_in(case: &Case, ctx: &Ctx) -> Outcome {
    guard::run(case, ctx)
}

/// A case's result, under its expectations on `ctx`'s backend.
fn judge(case: &Case, ctx: &Ctx, result: CaseResult) -> Outcome {
    match (result, case.expected_failure(ctx.kind)) {
        (Err(CaseError::NotApplicable(why)), _) => Outcome::NotApplicable(why),
        (Ok(()), None) => Outcome::Passed,
        (Ok(()), Some(reason)) => Outcome::UnexpectedPass(reason),
        (Err(_), Some(reason)) => Outcome::ExpectedFailure(reason),
        (Err(CaseError::Failed(e)), None) => Outcome::Failed(e),
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
    /// How many were not applicable.
    pub fn not_applicable(&self) -> usize {
        self.outcomes.iter().filter(|(_, o)| matches!(o, Outcome::NotApplicable(_))).count()
    }
    /// How many count as failing (timeouts included).
    pub fn failed(&self) -> usize {
        self.outcomes.iter().filter(|(_, o)| o.bad()).count()
    }
    /// The cases that count as failing, with their outcomes.
    pub fn failures(&self) -> impl Iterator<Item = &(&'static str, Outcome)> {
        self.outcomes.iter().filter(|(_, o)| o.bad())
    }
    /// Every case passed (or failed as expected, or was not applicable).
    pub fn ok(&self) -> bool {
        self.failed() == 0
    }
}

impl fmt::Display for SuiteReport {
    /// The command-line runner's lines: one per case, then `N passed, N
    /// failed` (and `, N not applicable` when there are any).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, o) in &self.outcomes {
            match o {
                Outcome::Passed => writeln!(f, "PASS  {}/{name}", self.backend)?,
                Outcome::ExpectedFailure(r) => writeln!(f, "XFAIL {}/{name}: {r}", self.backend)?,
                Outcome::Failed(e) => writeln!(f, "FAIL  {}/{name}: {e}", self.backend)?,
                Outcome::UnexpectedPass(r) => writeln!(f, "XPASS {}/{name}: expected to fail: {r}", self.backend)?,
                Outcome::NotApplicable(r) => writeln!(f, "N/A   {}/{name}: {r}", self.backend)?,
                Outcome::TimedOut(t) => {
                    writeln!(f, "TIME  {}/{name}: still running after {:.1} s", self.backend, t.as_secs_f64())?
                }
            }
        }
        write!(f, "{} passed, {} failed", self.passed(), self.failed())?;
        match self.not_applicable() {
            0 => Ok(()),
            n => write!(f, ", {n} not applicable"),
        }
    }
}

/// Run [`GENERIC_CASES`] on a backend of the caller's: `open` gives a fresh
/// device for each case; `like` names the built-in backend whose expected
/// failures apply (a wrapper around the mock is checked like the mock).
/// Each case has [`DEFAULT_CASE_TIMEOUT`]; [`run_cases`] takes a context
/// with another.
pub fn run_suite<I, F>(name: impl Into<String>, like: BackendKind, open: F) -> SuiteReport
where
    I: GpuIface + 'static,
    F: Fn() -> gpuiface::Result<I> + Send + Sync + 'static,
{
    run_cases(&Ctx::custom(name, like, open), GENERIC_CASES)
}

/// Run `cases`, in order, in `ctx` ([`run_case_in`] each).
///
/// ```
/// use std::time::Duration;
/// use gpuiface::BackendKind;
/// use gpuiface_conformance::{run_cases, Ctx, GENERIC_CASES};
/// let ctx = Ctx::custom("my-backend", BackendKind::Mock, || gpuiface::open_kind(BackendKind::Mock))
///     .with_timeout(Duration::from_secs(120));
/// let report = run_cases(&ctx, &GENERIC_CASES[..3]);
/// assert_eq!(report.outcomes.len(), 3);
/// assert!(report.ok(), "{report}");
/// ```
pub fn run_cases(ctx: &Ctx, cases: &[Case]) -> SuiteReport {
    let outcomes = cases.iter().map(|c| (c.name, run_case_in(c, ctx))).collect();
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
