//! Channel errors: what the kernel reports through the error notifier
//! ([`NvgpuNotification`]: the time, the code in `info32`, then
//! [`NOTIFIER_STATUS_ERROR`] in `status`) and the [`FaultRecord`] the model
//! keeps.
//!
//! | cause | engine | kind ([`FaultKind`]) | info32 |
//! |---|---|---|---|
//! | GPU access to an unmapped (or read-only) VA | the accessing engine | `Mmu` | `NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT` (31) |
//! | malformed GPFIFO entry or pushbuffer, undefined method, SET_OBJECT of a missing object | host | `Pbdma` | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//! | unknown program, kernel error, bad QMD | compute | `GrException` | `NVGPU_CHANNEL_GR_EXCEPTION` (13) |
//! | an unmodelled copy feature | copy | `Pbdma` | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//! | a launch past the watchdog budget | copy | `IdleTimeout` | `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT` (8) |
//! | a panic inside the model (a model bug) | host | `Pbdma` | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//!
//! The code each kind writes is the ABI's ([`notifier_code`]); the engine the
//! record names is [`classify`]'s, the decode the nvgpu backend applies to
//! the notifier, so the backend reports what the model raised. One row is a
//! stand-in: r36 has no notifier code for a copy-engine launch error, so an
//! unmodelled copy feature writes the PBDMA code, which by itself (without
//! the model's record, as on a real kernel) reads as a host error.
//!
//! A faulted channel executes nothing more; its GP_GET stays at the entry
//! that faulted.
//!
//! On the [`Gpu`]: the fault observer ([`FaultObserver`]), the faults
//! recorded, and the faults tests inject (a hang, an MMU fault, a panic of
//! the model itself).

use std::sync::Arc;

use gpuiface_abi::r36::{notifier_code, IoctlArg, NvgpuNotification};
use gpuiface_hal::{classify, Engine, FaultKind, FaultRecord};

use super::state::lock;
use super::{timestamp_ns, Channel, ExecMode, Gpu};

/// `nvgpu_notification.status` of a channel in error (its one home is the ABI).
pub use gpuiface_abi::r36::NOTIFIER_STATUS_ERROR;

/// Put the channel into its error state and write the notifier: a fault of
/// `kind` raised by `engine`.
fn raise(ch: &mut Channel, address: Option<u64>, engine: Engine, kind: FaultKind, reason: String) -> FaultRecord {
    let code = notifier_code(kind).expect("the model raises only kinds the notifier has a code for");
    let mut rec = FaultRecord::new(classify(kind, Some(engine)), ch.desc.chid, code, reason);
    rec.address = address;
    if let Some((b, off)) = &ch.notifier {
        if off.checked_add(std::mem::size_of::<NvgpuNotification>()).is_some_and(|end| end <= b.len()) {
            let ns = timestamp_ns();
            let n = NvgpuNotification {
                nanoseconds: [ns as u32, (ns >> 32) as u32],
                info32: code,
                info16: 0,
                status: NOTIFIER_STATUS_ERROR,
            };
            let status = std::mem::offset_of!(NvgpuNotification, status);
            // Status last: a reader that sees it sees the rest.
            b.write(*off, &n.as_bytes()[..status]);
            b.write(*off + status, &n.as_bytes()[status..]);
        }
    }
    ch.fault = Some(rec.clone());
    if let Some(o) = &ch.observer {
        o(&rec, ch.notifier.is_some());
    }
    ch.cursor = None;
    ch.blocked = false;
    ch.compute.clear_pending();
    ch.copy.clear_job();
    rec
}

/// An MMU fault at `va` (`NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT`).
pub(super) fn mmu(ch: &mut Channel, va: u64, engine: Engine, what: &str) -> FaultRecord {
    raise(ch, Some(va), engine, FaultKind::Mmu, format!("MMU fault: {what} at {va:#x}"))
}

/// A host (PBDMA) error: malformed GPFIFO entry, undefined method, ...
/// (`NVGPU_CHANNEL_PBDMA_ERROR`).
pub(super) fn pbdma(ch: &mut Channel, reason: String) -> FaultRecord {
    raise(ch, None, Engine::Host, FaultKind::Pbdma, reason)
}

/// A compute-engine error that is not a memory fault (`NVGPU_CHANNEL_GR_EXCEPTION`).
pub(super) fn gr(ch: &mut Channel, reason: String) -> FaultRecord {
    raise(ch, None, Engine::Compute, FaultKind::GrException, reason)
}

/// Work that ran past the watchdog budget (`NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`,
/// what the scheduler's context-switch timeout reports).
pub(super) fn timeout(ch: &mut Channel, engine: Engine, reason: String) -> FaultRecord {
    raise(ch, None, engine, FaultKind::IdleTimeout, reason)
}

/// An engine error that is not a memory fault: compute → [`gr`], others
/// `NVGPU_CHANNEL_PBDMA_ERROR`.
pub(super) fn engine(ch: &mut Channel, engine: Engine, reason: String) -> FaultRecord {
    match engine {
        Engine::Compute => gr(ch, reason),
        _ => raise(ch, None, engine, FaultKind::Pbdma, reason),
    }
}

/// Called with each channel error the moment the model raises it, and
/// whether the channel has an error notifier (a client without one only
/// learns of the error when its own wait times out). Runs under the GPU
/// model's lock: it must not call back into the [`Gpu`].
pub type FaultObserver = Arc<dyn Fn(&FaultRecord, bool) + Send + Sync>;

impl Gpu {
    /// Tell `observer` of every channel error of channels attached from now on,
    /// the moment it is raised (the kernel model traces it and says it on stderr).
    pub fn set_fault_observer(&self, observer: FaultObserver) {
        *self.shared.observer.write().unwrap_or_else(|p| p.into_inner()) = Some(observer);
    }

    /// The error that stopped a channel, if any.
    pub fn channel_fault(&self, chid: u32) -> Option<FaultRecord> {
        lock(&self.shared.state).channels.get(&chid).and_then(|c| c.fault.clone())
    }

    /// Every fault so far, in order.
    pub fn faults(&self) -> Vec<FaultRecord> {
        lock(&self.shared.state).faults.clone()
    }

    /// Make a channel stop making progress (no fault record: a hang).
    pub fn inject_hang(&self, chid: u32) {
        if let Some(ch) = lock(&self.shared.state).channels.get_mut(&chid) {
            ch.hung = true;
        }
    }

    /// Make the model itself panic at the channel's next step, as a bug in
    /// the model would: the panic is caught, the channel faults
    /// (`NVGPU_CHANNEL_PBDMA_ERROR`, reason "GPU model panic") and every
    /// other channel keeps running.
    pub fn inject_model_panic(&self, chid: u32) {
        let mut st = lock(&self.shared.state);
        if let Some(ch) = st.channels.get_mut(&chid) {
            ch.inject_panic = true;
        }
        if matches!(self.shared.mode, ExecMode::Threaded | ExecMode::Polling) {
            st.kicked = true;
            self.shared.wake.notify_all();
        }
    }

    /// Make the channel fault at `va` (an MMU fault) at its next step.
    pub fn inject_mmu_fault(&self, chid: u32, va: u64) {
        let mut st = lock(&self.shared.state);
        if let Some(ch) = st.channels.get_mut(&chid) {
            ch.injected_mmu_fault = Some(va);
        }
        if matches!(self.shared.mode, ExecMode::Threaded | ExecMode::Polling) {
            st.kicked = true;
            self.shared.wake.notify_all();
        }
    }
}
