//! The runner behind the `gpuiface-conformance` command: prerequisite checks
//! ([`prereq`]), isolated execution with timeouts ([`exec`]), the benchmark
//! figures ([`bench`]) and the report ([`report`]).

pub mod bench;
pub mod exec;
pub mod prereq;
pub mod report;

use serde::{Deserialize, Serialize};

/// How one case ended, as the runner sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Passed as expected.
    Passed,
    /// Failed as expected on this backend.
    ExpectedFailure,
    /// Failed.
    Failed,
    /// Passed although expected to fail.
    UnexpectedPass,
    /// Did not finish within the timeout.
    TimedOut,
    /// Not run: the run stopped before it.
    NotRun,
    /// Not run: the backend lacks what the case needs (the built-in
    /// mock's stepped GPU, fault injection...). Neither a pass nor a failure.
    NotApplicable,
}

impl Status {
    /// Counts as passing (or, not applicable, as no failure).
    pub fn ok(self) -> bool {
        matches!(self, Status::Passed | Status::ExpectedFailure | Status::NotApplicable)
    }
}
