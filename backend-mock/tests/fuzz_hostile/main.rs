//! Issue 15, done-when: a bounded fuzz run (proptest, part of `cargo test`)
//! that drives ioctls with bad pointers on every fd kind, and garbage GPFIFO
//! work through the GPU model.
//!
//! Oracle: the dispatch rules of `facts/nvgpu-kernel-constraints.md` §0 give
//! the exact errno of every call they decide, before any handler runs
//! (wrong type / nr / size → EINVAL on nvgpu fds, ENOTTY on nvmap; an
//! unreadable argument of an `_IOC_WRITE` number → EFAULT; nvmap's
//! `access_ok` → EFAULT and its unknown numbers → ENOTTY), with ioctl numbers
//! read from `facts/nvgpu-abi.tsv`, not from the implementation. Calls past
//! those rules must answer 0, a positive uncopied count or an errno of the
//! constraints document. A crash ends the test binary; a panic fails it; the
//! GPU model must report no caught panic; every call returns (no hang).
//!
//! `GPUIFACE_FUZZ_CASES` scales the run (default 256 cases per property);
//! each property prints its figures (`cargo test --test fuzz_hostile -- --nocapture`).

#[path = "../harness/mod.rs"]
mod harness;

/// Garbage GPFIFO work through the GPU model.
mod gpfifo;
/// Bad pointers, garbage arguments and unknown numbers on every fd kind.
mod ioctls;

use proptest::prelude::ProptestConfig;

pub(crate) fn cases() -> u32 {
    std::env::var("GPUIFACE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

pub(crate) fn runner() -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })
}
