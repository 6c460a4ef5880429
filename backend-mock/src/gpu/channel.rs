//! Channels as the kernel model hands them over ([`ChannelDesc`] at
//! SETUP_BIND; objects, error notifier, detach) and as tests observe them:
//! [`ChannelStatus`], [`ChannelStats`], the defined-but-unmodelled methods
//! and the compute engine's state.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use super::state::{lock, Channel};
use super::{ComputeState, Gpu, USERD_GP_GET, USERD_GP_PUT};
use crate::mem::{Backing, GpuVm};

/// What the kernel model tells the GPU about a channel at SETUP_BIND.
pub struct ChannelDesc {
    /// Hardware channel id.
    pub chid: u32,
    /// The work-submit token the doorbell carries.
    pub token: u32,
    /// The channel's address space.
    pub vm: Arc<dyn GpuVm>,
    /// The GPFIFO ring (8 bytes per entry).
    pub gpfifo: Arc<Backing>,
    /// Ring entries (a power of two).
    pub gpfifo_entries: u32,
    /// USERD: GP_GET at +0x88, GP_PUT at +0x8C.
    pub userd: Arc<Backing>,
}

impl std::fmt::Debug for ChannelDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChannelDesc")
            .field("chid", &self.chid)
            .field("token", &self.token)
            .field("gpfifo_entries", &self.gpfifo_entries)
            .finish_non_exhaustive()
    }
}

/// Where a channel is, as [`Gpu::channel_status`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelStatus {
    /// Nothing between GP_GET and GP_PUT, nothing in flight.
    Idle,
    /// Work is pending or in flight (it runs at the next doorbell/step).
    Busy,
    /// Parked on an unsatisfied semaphore acquire, mid-pushbuffer.
    Blocked,
    /// In its error state (see [`Gpu::channel_fault`]).
    Faulted,
    /// Stopped by [`Gpu::inject_hang`].
    Hung,
}

/// Per-channel counters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChannelStats {
    /// GPFIFO entries fetched.
    pub gpfifo_entries: u64,
    /// Methods executed (each data word of a pushbuffer counts once).
    pub methods: u64,
    /// Kernel launches (dependent QMDs included).
    pub launches: u64,
    /// Thread-instructions the SASS interpreter ran for this channel's launches.
    pub instructions: u64,
    /// Copy-engine LAUNCH_DMAs.
    pub copies: u64,
    /// Semaphore releases (host, QMD and copy engine).
    pub releases: u64,
    /// Times the channel parked on an acquire (each park counts once).
    pub acquire_waits: u64,
    /// NON_STALL_INTERRUPTs (and non-blocking copy/QMD interrupts).
    pub interrupts: u64,
}

impl Gpu {
    /// A channel finished SETUP_BIND. Re-attaching a chid replaces it.
    pub fn attach_channel(&self, desc: ChannelDesc) {
        let mut ch = Channel::new(desc);
        // The channel it replaces (if any) is closing: a kernel of it
        // running inline stops, so the lock below is not held for long.
        if let Some(old) = lock(&self.shared.closing).insert(ch.desc.chid, ch.closing.clone()) {
            old.store(true, Ordering::Relaxed);
        }
        let mut st = lock(&self.shared.state);
        let old = st.channels.remove(&ch.desc.chid);
        if let Some(old) = &old {
            st.by_token.remove(&old.desc.token);
        }
        st.by_token.insert(ch.desc.token, ch.desc.chid);
        ch.observer = self.shared.observer.read().unwrap_or_else(|p| p.into_inner()).clone();
        st.channels.insert(ch.desc.chid, ch);
        drop(st);
        // A kernel still running on the replaced channel is cancelled and
        // waited for outside the model's lock.
        drop(old);
    }

    /// A channel was closed. When this returns the model (and the threaded
    /// worker) no longer touches the channel's memory.
    pub fn detach_channel(&self, chid: u32) {
        // First stop a kernel of this channel that runs inline (immediate
        // and stepped modes) with the model's lock held: it stops within a
        // few time slices, so the lock is had at once.
        if let Some(flag) = lock(&self.shared.closing).remove(&chid) {
            flag.store(true, Ordering::Relaxed);
        }
        let mut st = lock(&self.shared.state);
        let ch = st.channels.remove(&chid);
        if let Some(ch) = &ch {
            st.by_token.remove(&ch.desc.token);
        }
        drop(st);
        // A running kernel is cancelled (its next access fails) and waited
        // for, outside the model's lock: other channels keep running.
        drop(ch);
    }

    /// The compute watchdog: a launch on the SASS interpreter that runs
    /// longer than `budget` of host time is stopped and faults its channel
    /// with `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`, in every mode (default
    /// [`KERNEL_WATCHDOG`](super::KERNEL_WATCHDOG), env
    /// `GPUIFACE_MOCK_KERNEL_WATCHDOG_MS`). Applies to launches from now on;
    /// `Duration::MAX` turns it off (the instruction budget still stops a
    /// runaway kernel, after 2^33 warp-instructions).
    pub fn set_kernel_watchdog(&self, budget: Duration) {
        let ns = u64::try_from(budget.as_nanos()).unwrap_or(u64::MAX);
        self.shared.kernel_watchdog_ns.store(ns, Ordering::Relaxed);
    }

    /// The compute watchdog's budget ([`Gpu::set_kernel_watchdog`]).
    pub fn kernel_watchdog(&self) -> Duration {
        Duration::from_nanos(self.shared.kernel_watchdog_ns.load(Ordering::Relaxed))
    }

    /// Bytes of decoded code the SASS interpreter's cache keeps between
    /// launches, and how many programs (bounded by
    /// [`CODE_CACHE_BYTES`](super::CODE_CACHE_BYTES) and
    /// [`CODE_CACHE_PROGRAMS`](super::CODE_CACHE_PROGRAMS)).
    pub fn code_cache_usage(&self) -> (u64, usize) {
        self.shared.code.usage()
    }

    /// ALLOC_OBJ_CTX created an engine object (class) on the channel; a
    /// pushbuffer SET_OBJECT can then bind it to a subchannel.
    pub fn bind_object(&self, chid: u32, class: u32) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            if !ch.objects.contains(&class) {
                ch.objects.push(class);
            }
        }
    }

    /// SET_ERROR_NOTIFIER: where channel errors are reported (16 bytes at `offset`).
    pub fn set_error_notifier(&self, chid: u32, backing: Arc<Backing>, offset: usize) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.notifier = Some((backing, offset));
        }
    }

    /// Channel ids attached to the GPU.
    pub fn channels(&self) -> Vec<u32> {
        lock(&self.shared.state).channels.keys().copied().collect()
    }

    /// Where a channel is (`None`: no such channel).
    pub fn channel_status(&self, chid: u32) -> Option<ChannelStatus> {
        let st = lock(&self.shared.state);
        let ch = st.channels.get(&chid)?;
        Some(if ch.fault.is_some() {
            ChannelStatus::Faulted
        } else if ch.hung {
            ChannelStatus::Hung
        } else if ch.compute.has_running() {
            ChannelStatus::Busy
        } else if ch.blocked {
            ChannelStatus::Blocked
        } else if ch.cursor.is_some()
            || ch.compute.has_pending()
            || ch.copy.has_job()
            || ch.desc.userd.read_u32(USERD_GP_GET) != ch.desc.userd.read_u32(USERD_GP_PUT)
        {
            ChannelStatus::Busy
        } else {
            ChannelStatus::Idle
        })
    }

    /// A channel's counters (`None`: no such channel).
    pub fn channel_stats(&self, chid: u32) -> Option<ChannelStats> {
        lock(&self.shared.state).channels.get(&chid).map(|c| c.stats.clone())
    }

    /// Defined methods the model accepted without modelling: `(class, method, count)`.
    pub fn recorded_methods(&self, chid: u32) -> Vec<(u32, u32, u64)> {
        lock(&self.shared.state)
            .channels
            .get(&chid)
            .map(|c| c.recorded.iter().map(|((cl, m), n)| (*cl, *m, *n)).collect())
            .unwrap_or_default()
    }

    /// The compute engine's memory state on a channel (what the state
    /// methods set); `None` for an unknown channel.
    pub fn compute_state(&self, chid: u32) -> Option<ComputeState> {
        lock(&self.shared.state).channels.get(&chid).map(|c| c.compute.state)
    }

    /// The last QMD the compute engine read on a channel to launch (its VA
    /// and contents), whether or not the launch then passed its checks.
    pub fn last_launch(&self, chid: u32) -> Option<(u64, gpuiface_hal::Qmd)> {
        lock(&self.shared.state).channels.get(&chid).and_then(|c| c.compute.last)
    }
}
