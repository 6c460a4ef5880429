//! What a user can see of lifetimes (issue 23, item 3): a runtime's
//! timelines as read-only views, and counts of what is alive.

use gpuiface_hal::{DeviceId, GpuIface, LiveCounts, Signal};

use crate::queue::{Queue, QueueKind, Val};
use crate::runtime::Runtime;

/// A read-only view of one of a [`Runtime`]'s timelines: its value can be
/// read, waited for and named in a queue ([`Queue::wait_timeline`]), never
/// set. Setting it from the CPU would move the runtime's bookkeeping
/// ahead of the GPU: buffers would be freed and command memory reused
/// while the GPU still used them.
///
/// ```compile_fail,E0599
/// # fn f<I: gpuiface_hal::GpuIface>(rt: &gpuiface_runtime::Runtime<I>) {
/// rt.timeline(gpuiface_runtime::QueueKind::Compute).set(1_000_000); // no `set`
/// # }
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Timeline<'a> {
    pub(crate) signal: &'a Signal,
}

impl<'a> Timeline<'a> {
    /// The value the GPU released last.
    pub fn value(&self) -> u64 {
        self.signal.value()
    }
    /// GPU address of the value.
    pub fn gpu_va(&self) -> u64 {
        self.signal.gpu_va()
    }
    /// The device whose GPU releases it.
    pub fn device(&self) -> DeviceId {
        self.signal.device()
    }
    /// The timestamp of the last release.
    pub fn timestamp(&self) -> u64 {
        self.signal.timestamp()
    }
    /// Wait until the timeline reaches `value` (through the runtime's
    /// backend: a fault ends the wait with its record).
    pub fn wait<I: GpuIface>(
        &self,
        rt: &Runtime<I>,
        value: u64,
        timeout: std::time::Duration,
    ) -> gpuiface_hal::Result<()> {
        rt.iface().signal_wait(self.signal, value, timeout)
    }
}

impl Queue {
    /// Block the queue until a runtime's timeline reaches `value`: order
    /// work after another engine's submissions ([`Runtime::submit`]
    /// returns the value to wait for).
    ///
    /// ```
    /// # use gpuiface_runtime::{Queue, QueueKind, Runtime};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, copy_done: u64) {
    /// let mut q = Queue::compute();
    /// q.wait_timeline(rt.timeline(QueueKind::Copy), copy_done); // after that copy
    /// # }
    /// ```
    pub fn wait_timeline(&mut self, timeline: Timeline<'_>, value: impl Into<Val>) -> &mut Self {
        self.wait(timeline.signal, value)
    }
}

/// What a [`Runtime`] holds alive ([`Runtime::live`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RuntimeLive {
    /// Programs it loaded whose last handle has not been freed or dropped.
    pub programs: usize,
    /// Module images it loaded ([`Runtime::load_module`], and the module
    /// behind each [`Runtime::load_kernel`] program) whose memory was not
    /// freed. A module dropped with its programs instead of freed
    /// ([`Runtime::free_module`], [`Runtime::free_program`]) leaves its
    /// image allocated until the device closes, and stays counted here.
    pub modules: usize,
    /// Reuse-mode queues holding QMD slots of this runtime
    /// ([`Runtime::release_queue`] gives them back).
    pub queue_slots: usize,
    /// Submissions the GPU may still be running, per engine (compute, copy),
    /// as of the last submit or wait.
    pub in_flight: [u64; 2],
    /// What the device holds alive, when its backend counts it.
    pub device: Option<LiveCounts>,
}

impl RuntimeLive {
    /// True when the runtime holds nothing of its user's: no program, no
    /// module image, no queue slots, nothing in flight.
    pub fn is_idle(&self) -> bool {
        self.programs == 0 && self.modules == 0 && self.queue_slots == 0 && self.in_flight == [0, 0]
    }
}

/// One live object counted in a runtime's [`RuntimeLive`]: the count goes
/// down when the token drops, however the object ends (freed, released,
/// or dropped).
#[derive(Debug)]
pub(crate) struct LiveToken(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl LiveToken {
    pub(crate) fn new(count: &std::sync::Arc<std::sync::atomic::AtomicUsize>) -> LiveToken {
        count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        LiveToken(count.clone())
    }
}

impl Drop for LiveToken {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A module image counted in [`RuntimeLive::modules`]: the count goes down
/// only when the image's memory is handed back to be freed
/// ([`ImageToken::release`]); a token dropped with a leaked image keeps it
/// counted, as the memory stays allocated.
#[derive(Debug)]
pub(crate) struct ImageToken(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl ImageToken {
    pub(crate) fn new(count: &std::sync::Arc<std::sync::atomic::AtomicUsize>) -> ImageToken {
        count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        ImageToken(count.clone())
    }

    /// The image's memory is on its way to be freed.
    pub(crate) fn release(self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The counters behind [`Runtime::live`].
#[derive(Debug, Default)]
pub(crate) struct LiveCounters {
    pub(crate) programs: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    pub(crate) modules: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    pub(crate) queue_slots: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl<I: GpuIface> Runtime<I> {
    /// What this runtime holds alive, and what its device does (when the
    /// backend counts): after a job's teardown (programs freed, reuse-mode
    /// queues released, work synchronized) [`RuntimeLive::is_idle`] holds,
    /// and the device's counts are back to what they were before the job.
    ///
    /// ```
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &gpuiface_runtime::Runtime<I>) -> gpuiface_hal::Result<()> {
    /// rt.synchronize()?;
    /// let live = rt.live();
    /// assert!(live.is_idle(), "{live:?}");
    /// # Ok(()) }
    /// ```
    pub fn live(&self) -> RuntimeLive {
        use std::sync::atomic::Ordering::Relaxed;
        let in_flight = [QueueKind::Compute, QueueKind::Copy]
            .map(|k| self.last_timeline_value(k).saturating_sub(self.timeline(k).value()));
        RuntimeLive {
            programs: self.counters.programs.load(Relaxed),
            modules: self.counters.modules.load(Relaxed),
            queue_slots: self.counters.queue_slots.load(Relaxed),
            in_flight,
            device: self.iface().live(),
        }
    }
}
