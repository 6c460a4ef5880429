//! How one case runs: on a thread of its own with a deadline, over devices
//! that the runner tracks, with a leak check when it returns.
//!
//! - **The deadline.** [`run_case_in`](crate::run_case_in) starts the case on a thread and waits for
//!   its result until [`Ctx::timeout`] runs out. A case still running then
//!   is reported as [`Outcome::TimedOut`]; the process goes on.
//! - **The stuck thread.** A thread cannot be stopped from outside, so the
//!   case's thread is left running, detached, and counted by
//!   [`stuck_cases`]. Its devices are *withdrawn*: from the deadline on,
//!   every call the case makes on them fails with
//!   [`ErrorKind::DeviceLost`](gpuiface::ErrorKind::DeviceLost), except the
//!   releases (`free`, `rm_free`), which still go through so that a case
//!   unwinding frees what it holds. A case stuck in a loop of device calls
//!   therefore ends at its next call, and its devices close when it drops
//!   them. A case stuck inside one call (a `signal_wait` whose backend never
//!   returns) or in a loop that makes no device call keeps its thread, its
//!   devices and whatever they hold (memory, channels, on the real kernel
//!   the GPU's channels too) until that call returns or the process exits;
//!   its result, if it ever comes, is discarded. Later cases open devices of
//!   their own and are not affected, except through what the backend shares
//!   between devices (on the real kernel: the GPU itself, which a channel
//!   spinning forever keeps busy until the kernel's watchdog tears it down).
//!   A runner that must reclaim everything runs each case in a process of
//!   its own (`gpuiface-conformance --isolation process`, the default).
//! - **The leak check.** Every device a case opens through [`Ctx::open`] is
//!   counted ([`GpuIface::live`]) when it opens and again when the case
//!   returns; a device that holds more (or fewer) buffers, signals or RM
//!   objects than it did at open fails the case that left them, with the
//!   counts in its message. A backend that does not count (`live()` is
//!   `None`) is not checked.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use gpuiface::{
    AllocRequest, Buffer, DeviceInfo, Error, ForeignMemory, GpFifoEntry, GpuIface, Result, RmAllocParams, RmClass,
    RmControl, RmHandle, Signal, UsermodeRegs,
};
use gpuiface_hal::{LiveCounts, SubmitPort};

use crate::{Case, CaseError, Ctx, Outcome};

/// How long [`run`] lets a device's counts settle back to those at open
/// before it calls the difference a leak (work that ends asynchronously,
/// a backend's deferred frees).
const SETTLE: Duration = Duration::from_secs(2);

/// Stack of a case's thread: as much as the main thread's, so that a case
/// runs the same in a thread as it did on the caller's.
const CASE_STACK: usize = 8 << 20;

/// Case threads that ran past their deadline and have not ended yet.
static STUCK: AtomicUsize = AtomicUsize::new(0);

/// How many cases ran past their deadline ([`Outcome::TimedOut`]) and are
/// still running, detached, in this process (see the [module docs](self)).
///
/// ```
/// // Nothing has timed out in this process.
/// assert_eq!(gpuiface_conformance::stuck_cases(), 0);
/// ```
pub fn stuck_cases() -> usize {
    STUCK.load(Ordering::SeqCst)
}

/// The devices one run of a case opened, and whether its deadline passed.
#[derive(Default)]
pub(crate) struct Scope {
    opened: Mutex<Vec<Opened>>,
    withdrawn: AtomicBool,
}

impl std::fmt::Debug for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scope").field("withdrawn", &self.withdrawn.load(Ordering::Relaxed)).finish_non_exhaustive()
    }
}

struct Opened {
    device: Arc<dyn GpuIface>,
    at_open: Option<LiveCounts>,
}

impl Scope {
    /// Track `device` (just opened; its leaks are checked if `checked`)
    /// and hand the case its guarded view.
    pub(crate) fn adopt(self: &Arc<Self>, device: Box<dyn GpuIface>, checked: bool) -> crate::Device {
        let device: Arc<dyn GpuIface> = Arc::from(device);
        if checked {
            let at_open = device.live();
            let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
            opened.push(Opened { device: device.clone(), at_open });
        }
        Box::new(Guarded { inner: device, scope: self.clone() })
    }

    fn withdraw(&self) {
        self.withdrawn.store(true, Ordering::SeqCst);
    }

    /// What each device holds beyond what it held at open, once the case
    /// has returned; `None` when every device is back to its counts.
    fn leaks(&self) -> Option<String> {
        let opened = std::mem::take(&mut *self.opened.lock().unwrap_or_else(PoisonError::into_inner));
        let deadline = Instant::now() + SETTLE;
        let mut found = Vec::new();
        for (i, o) in opened.iter().enumerate() {
            let Some(before) = o.at_open else { continue };
            while let Some(after) = o.device.live() {
                let Some(why) = difference(&before, &after) else { break };
                if Instant::now() >= deadline {
                    match opened.len() {
                        1 => found.push(format!("the case's device: {why}")),
                        _ => found.push(format!("the {} device the case opened: {why}", ordinal(i + 1))),
                    }
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        (!found.is_empty()).then(|| format!("leak check: {}", found.join("; ")))
    }
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

/// The counts that differ between `before` and `after`, said in words.
fn difference(before: &LiveCounts, after: &LiveCounts) -> Option<String> {
    let pairs = [
        ("buffers", before.buffers, after.buffers),
        ("signals", before.signals, after.signals),
        ("RM objects", before.rm_objects, after.rm_objects),
    ];
    let diffs: Vec<String> = pairs
        .iter()
        .filter(|(_, b, a)| b != a)
        .map(|(what, b, a)| format!("{what} {b} at open, {a} after the case"))
        .collect();
    (!diffs.is_empty()).then(|| diffs.join(", "))
}

/// Ends the count of a stuck case when its thread finally ends.
struct ThreadEnd {
    finished: Arc<AtomicBool>,
    counted_stuck: Arc<AtomicBool>,
}

impl Drop for ThreadEnd {
    fn drop(&mut self) {
        self.finished.store(true, Ordering::SeqCst);
        // Whoever comes second (the deadline or this end) settles the count.
        if self.counted_stuck.swap(false, Ordering::SeqCst) {
            STUCK.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Run `case` in `ctx` on a thread of its own: its outcome, including the
/// deadline and the leak check (see the [module docs](self)).
pub(crate) fn run(case: &Case, ctx: &Ctx) -> Outcome {
    if let Err(why) = case.applies_to(ctx) {
        return Outcome::NotApplicable(why);
    }
    let scope = Arc::new(Scope::default());
    let case_ctx = ctx.scoped(scope.clone());
    let (tx, rx) = mpsc::channel();
    let finished = Arc::new(AtomicBool::new(false));
    let counted_stuck = Arc::new(AtomicBool::new(false));
    let end = ThreadEnd { finished: finished.clone(), counted_stuck: counted_stuck.clone() };
    let run = case.run;
    let spawned = std::thread::Builder::new().name(case.name.into()).stack_size(CASE_STACK).spawn(move || {
        let _end = end;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&case_ctx)))
            .unwrap_or_else(|p| Err(CaseError::Failed(format!("panicked: {}", crate::panic_text(&p)))));
        drop(case_ctx);
        let _ = tx.send(result);
    });
    let handle = match spawned {
        Ok(h) => h,
        Err(e) => return Outcome::Failed(format!("could not start the case's thread: {e}")),
    };
    let timeout = ctx.timeout();
    let result = match rx.recv_timeout(timeout) {
        Ok(r) => r,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            scope.withdraw();
            counted_stuck.store(true, Ordering::SeqCst);
            STUCK.fetch_add(1, Ordering::SeqCst);
            if finished.load(Ordering::SeqCst) && counted_stuck.swap(false, Ordering::SeqCst) {
                // It ended between the deadline and the count.
                STUCK.fetch_sub(1, Ordering::SeqCst);
            }
            return Outcome::TimedOut(timeout);
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err(CaseError::Failed("the case's thread ended without a result".into()))
        }
    };
    let _ = handle.join();
    let result = match (result, scope.leaks()) {
        (Ok(()), Some(leak)) => Err(CaseError::Failed(leak)),
        (Err(CaseError::Failed(why)), Some(leak)) => Err(CaseError::Failed(format!("{why}; {leak}"))),
        (r, _) => r,
    };
    crate::judge(case, ctx, result)
}

/// A device as a case sees it: the backend's, through a layer that the
/// deadline can withdraw.
struct Guarded {
    inner: Arc<dyn GpuIface>,
    scope: Arc<Scope>,
}

impl Guarded {
    fn check(&self) -> Result<()> {
        if self.scope.withdrawn.load(Ordering::Relaxed) {
            return Err(Error::device_lost(
                "the conformance case ran past its deadline: its devices were withdrawn (only frees go through)",
            ));
        }
        Ok(())
    }
}

impl GpuIface for Guarded {
    fn info(&self) -> &DeviceInfo {
        self.inner.info()
    }
    fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
        self.check()?;
        self.inner.alloc(request)
    }
    fn free(&self, buffer: Buffer) -> Result<()> {
        self.inner.free(buffer)
    }
    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        self.check()?;
        self.inner.map(memory)
    }
    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        self.check()?;
        self.inner.rm_alloc(parent, class, params)
    }
    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        self.check()?;
        self.inner.rm_control(object, control)
    }
    fn rm_free(&self, object: RmHandle) -> Result<()> {
        self.inner.rm_free(object)
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        self.check()?;
        self.inner.setup_usermode()
    }
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        self.check()?;
        self.inner.submit(channel, entries)
    }
    fn submit_port(&self, channel: RmHandle) -> Result<SubmitPort> {
        self.check()?;
        self.inner.submit_port(channel)
    }
    fn signal_alloc(&self) -> Result<Signal> {
        self.check()?;
        self.inner.signal_alloc()
    }
    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        self.check()?;
        self.inner.signal_wait(signal, value, timeout)
    }
    fn live(&self) -> Option<LiveCounts> {
        self.inner.live()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuiface::BackendKind;

    #[test]
    fn a_mock_only_case_is_not_applicable_on_the_real_kernel_without_opening_it() {
        // Decided before the case runs: no device is opened, so this holds
        // on a machine without /dev/nvgpu as on a Jetson.
        let case = crate::CASES.iter().find(|c| c.name == "teardown_leaks_nothing").expect("the case");
        let outcome = run(case, &Ctx::builtin(BackendKind::Nvgpu));
        let Outcome::NotApplicable(why) = outcome else { panic!("{outcome:?}") };
        assert!(why.contains("kernel leak snapshot") && why.contains("nvgpu"), "{why}");
        // A generic case is applicable everywhere.
        let generic = crate::GENERIC_CASES[0];
        assert_eq!(generic.applies_to(&Ctx::builtin(BackendKind::Nvgpu)), Ok(()));
    }

    #[test]
    // `..Default::default()`: whatever other counts `LiveCounts` has (or gains).
    #[allow(clippy::needless_update)]
    fn differences_name_each_count_that_moved() {
        let before = LiveCounts { buffers: 1, signals: 2, rm_objects: 3, ..LiveCounts::default() };
        assert_eq!(difference(&before, &before), None);
        let after = LiveCounts { buffers: 4, ..before };
        assert_eq!(difference(&before, &after).as_deref(), Some("buffers 1 at open, 4 after the case"));
        let after = LiveCounts { signals: 0, rm_objects: 5, ..before };
        assert_eq!(
            difference(&before, &after).as_deref(),
            Some("signals 2 at open, 0 after the case, RM objects 3 at open, 5 after the case")
        );
    }
}
