//! The suite catches backend bugs (issue 39, item 1): a wrapper backend
//! forwards to the mock and plants one bug at a time; the backend-independent
//! cases ([`GENERIC_CASES`]) run over it, as `run_suite` runs them over a
//! backend from outside the workspace, and at least one case must fail for
//! every bug. Without a bug the wrapper passes every case.
//!
//! Each bug's suite stops at its first failing case (the bug is caught: the
//! rest would only take time), and where the issue named the hole a bug
//! went through (a reversed batch passed 53 of 53 cases; a leaking `free`
//! was caught only indirectly) the test also checks *which* check caught it.
//!
//! Bugs not planted, and why: a `free` that frees twice and a `map` at the
//! wrong offset need a forged [`Buffer`] (`unsafe Buffer::from_raw_parts`,
//! whose contract forbids both): safe code cannot write them, so there is
//! nothing for a conformance case to catch.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use gpuiface::{
    open_kind, AllocRequest, Backend, BackendKind, Buffer, DeviceInfo, ForeignMemory, GpFifoEntry, GpuIface,
    LiveCounts, Result, RmAllocParams, RmClass, RmControl, RmHandle, Signal, UsermodeRegs,
};
use gpuiface_conformance::{run_case_in, stuck_cases, Ctx, Outcome, SuiteReport, GENERIC_CASES};

/// One planted bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bug {
    /// None: the wrapper only forwards.
    None,
    /// Every second `signal_alloc` returns the signal the call before it
    /// returned: two owners of one slot.
    AliasSignal,
    /// `signal_alloc` hands out a slot that is not 0.
    StaleSignal,
    /// `signal_wait` returns at once, whether the value came or not.
    EarlyWait,
    /// `signal_wait` ignores its timeout: it returns only when the value
    /// comes, so a wait for a value that never comes never returns.
    WaitIgnoresTimeout,
    /// `free` drops the buffer and says `Ok`: its memory stays allocated.
    LeakFree,
    /// `rm_free` does nothing and says `Ok`.
    LeakRmFree,
    /// `alloc` ignores the requested alignment.
    IgnoreAlignment,
    /// `submit` of several entries submits them last first.
    ReverseBatch,
    /// `submit` of several entries loses the last one.
    DropEntry,
    /// `submit` of several entries swaps the first two.
    SwapFirstTwo,
}

/// The mock, with `bug` planted in front of it.
struct Planted {
    inner: Backend,
    bug: Bug,
    signal_allocs: AtomicU64,
    /// [`Bug::AliasSignal`]: the signal the next call hands out again.
    aliased: Mutex<Option<Signal>>,
}

impl Planted {
    fn open(bug: Bug) -> Result<Planted> {
        Ok(Planted {
            inner: open_kind(BackendKind::Mock)?,
            bug,
            signal_allocs: AtomicU64::new(0),
            aliased: Mutex::new(None),
        })
    }
}

impl GpuIface for Planted {
    fn info(&self) -> &DeviceInfo {
        self.inner.info()
    }
    fn alloc(&self, mut request: AllocRequest) -> Result<Buffer> {
        if self.bug == Bug::IgnoreAlignment {
            request.alignment = None;
        }
        self.inner.alloc(request)
    }
    fn free(&self, buffer: Buffer) -> Result<()> {
        if self.bug == Bug::LeakFree {
            drop(buffer);
            return Ok(());
        }
        self.inner.free(buffer)
    }
    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        self.inner.map(memory)
    }
    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        self.inner.rm_alloc(parent, class, params)
    }
    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        self.inner.rm_control(object, control)
    }
    fn rm_free(&self, object: RmHandle) -> Result<()> {
        if self.bug == Bug::LeakRmFree {
            return Ok(());
        }
        self.inner.rm_free(object)
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        self.inner.setup_usermode()
    }
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        let mut planted = entries.to_vec();
        if entries.len() > 1 {
            match self.bug {
                Bug::ReverseBatch => planted.reverse(),
                Bug::DropEntry => {
                    planted.pop();
                }
                Bug::SwapFirstTwo => planted.swap(0, 1),
                _ => {}
            }
        }
        self.inner.submit(channel, &planted)
    }
    // `submit_port` is not overridden: the default port submits through
    // `submit` above every time, so the runtime's submits all meet the bug.
    fn signal_alloc(&self) -> Result<Signal> {
        let n = self.signal_allocs.fetch_add(1, Ordering::Relaxed);
        if self.bug == Bug::AliasSignal && n % 2 == 1 {
            if let Some(again) = self.aliased.lock().unwrap_or_else(PoisonError::into_inner).take() {
                return Ok(again);
            }
        }
        let s = self.inner.signal_alloc()?;
        match self.bug {
            Bug::AliasSignal => *self.aliased.lock().unwrap_or_else(PoisonError::into_inner) = Some(s.clone()),
            Bug::StaleSignal => s.set(1),
            _ => {}
        }
        Ok(s)
    }
    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        match self.bug {
            Bug::EarlyWait => Ok(()),
            Bug::WaitIgnoresTimeout => loop {
                if signal.value() >= value {
                    return Ok(());
                }
                std::thread::sleep(Duration::from_millis(5));
            },
            _ => self.inner.signal_wait(signal, value, timeout),
        }
    }
    fn live(&self) -> Option<LiveCounts> {
        // The clone kept for aliasing is the wrapper's own, not a case's
        // leak: only the aliasing is planted.
        let kept = self.aliased.lock().unwrap_or_else(PoisonError::into_inner).is_some();
        self.inner.live().map(|l| LiveCounts { signals: l.signals.saturating_sub(usize::from(kept)), ..l })
    }
}

fn ctx(bug: Bug, timeout: Duration) -> Ctx {
    Ctx::custom(format!("planted({bug:?})"), BackendKind::Mock, move || Planted::open(bug)).with_timeout(timeout)
}

/// Run the generic cases over the wrapper with `bug`, in order, up to the
/// first that fails: that case and its outcome (`None`: every case passed).
fn first_catch(bug: Bug, timeout: Duration) -> Option<(&'static str, Outcome)> {
    let ctx = ctx(bug, timeout);
    for case in GENERIC_CASES {
        let outcome = run_case_in(case, &ctx);
        if outcome.bad() {
            eprintln!("{bug:?} caught by {}: {outcome:?}", case.name);
            return Some((case.name, outcome));
        }
    }
    None
}

/// Each case's deadline when a bug is planted: ten times what the slowest
/// case takes natively, so only a hang reaches it; times
/// `GPUIFACE_TEST_TIME_SCALE` where the host runs the code many times slower
/// (`.ci/aarch64.sh` sets 10 under qemu-aarch64, where the QMD-race stress
/// cases alone ran past 30 s).
fn deadline() -> Duration {
    let scale = std::env::var("GPUIFACE_TEST_TIME_SCALE").ok().and_then(|v| v.parse::<u32>().ok()).unwrap_or(1);
    Duration::from_secs(30) * scale.max(1)
}

fn caught(bug: Bug) -> (&'static str, Outcome) {
    first_catch(bug, deadline()).unwrap_or_else(|| panic!("no case caught {bug:?}"))
}

fn failure_text(o: &Outcome) -> &str {
    match o {
        Outcome::Failed(why) => why,
        _ => "",
    }
}

#[test]
fn the_unplanted_wrapper_passes_every_case() {
    let report: SuiteReport = gpuiface_conformance::run_cases(&ctx(Bug::None, deadline()), GENERIC_CASES);
    assert!(report.ok(), "{report}");
    assert_eq!(report.passed(), GENERIC_CASES.len(), "{report}");
    assert_eq!(report.not_applicable(), 0, "{report}");
}

#[test]
fn a_reversed_batch_is_caught_by_a_batch_case() {
    let (case, outcome) = caught(Bug::ReverseBatch);
    assert!(case.contains("batch"), "{case}: {outcome:?}");
    assert!(failure_text(&outcome).contains("out of order"), "{case}: {outcome:?}");
}

#[test]
fn a_dropped_entry_is_caught_by_a_batch_case() {
    let (case, outcome) = caught(Bug::DropEntry);
    assert!(case.contains("batch"), "{case}: {outcome:?}");
    assert!(failure_text(&outcome).contains("never ran"), "{case}: {outcome:?}");
}

#[test]
fn two_swapped_entries_are_caught_by_a_batch_case() {
    let (case, outcome) = caught(Bug::SwapFirstTwo);
    assert!(case.contains("batch"), "{case}: {outcome:?}");
}

#[test]
fn a_leaking_free_is_caught_by_the_leak_check() {
    let (case, outcome) = caught(Bug::LeakFree);
    let why = failure_text(&outcome);
    assert!(why.contains("leak check") && why.contains("buffers"), "{case}: {outcome:?}");
}

#[test]
fn a_leaking_rm_free_is_caught_by_the_leak_check() {
    let (case, outcome) = caught(Bug::LeakRmFree);
    let why = failure_text(&outcome);
    assert!(why.contains("leak check") && why.contains("RM objects"), "{case}: {outcome:?}");
}

#[test]
fn an_aliased_signal_slot_is_caught() {
    let (case, outcome) = caught(Bug::AliasSignal);
    // The case's own check fails (a leak it then leaves, returning early,
    // only follows in the message).
    let why = failure_text(&outcome);
    assert!(!why.is_empty() && !why.starts_with("leak check"), "the aliasing, not a leak: {case}: {outcome:?}");
}

#[test]
fn a_stale_fresh_signal_is_caught() {
    caught(Bug::StaleSignal);
}

#[test]
fn an_early_wait_is_caught() {
    caught(Bug::EarlyWait);
}

#[test]
fn an_ignored_alignment_is_caught() {
    caught(Bug::IgnoreAlignment);
}

/// A wait that never returns hangs its case: the deadline reports it as
/// timed out and the run goes on, with the stuck thread counted.
#[test]
fn a_wait_that_never_returns_times_out_and_the_process_goes_on() {
    let deadline = Duration::from_secs(10);
    let (case, outcome) = first_catch(Bug::WaitIgnoresTimeout, deadline).expect("no case caught the hanging wait");
    assert_eq!(outcome, Outcome::TimedOut(deadline), "{case}");
    assert!(stuck_cases() >= 1, "the stuck case's thread is not counted");
    // The process goes on: the next case runs, on a device of its own.
    let next = GENERIC_CASES.iter().find(|c| c.name == "copy_1_byte").expect("copy_1_byte");
    assert_eq!(run_case_in(next, &ctx(Bug::None, deadline())), Outcome::Passed);
}
