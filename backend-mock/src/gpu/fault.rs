//! Channel errors: what the kernel reports through the error notifier
//! ([`NvgpuNotification`]: the time, the code in `info32`, then
//! [`NOTIFIER_STATUS_ERROR`] in `status`) and the [`FaultRecord`] the model
//! keeps.
//!
//! | cause | engine | info32 |
//! |---|---|---|
//! | GPU access to an unmapped (or read-only) VA | the accessing engine | `NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT` (31) |
//! | malformed GPFIFO entry or pushbuffer, undefined method, SET_OBJECT of a missing object | host | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//! | unknown program, kernel error, bad QMD | compute | `NVGPU_CHANNEL_GR_EXCEPTION` (13) |
//! | an unmodelled copy feature | copy | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//! | a launch past the watchdog budget | copy | `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT` (8) |
//! | a panic inside the model (a model bug) | host | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//!
//! A faulted channel executes nothing more; its GP_GET stays at the entry
//! that faulted.

use gpuiface_hal::{Engine, FaultRecord};
use gpuiface_nvgpu::abi::{
    IoctlArg, NvgpuNotification, NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT,
    NVGPU_CHANNEL_GR_EXCEPTION, NVGPU_CHANNEL_PBDMA_ERROR,
};

use super::{timestamp_ns, Channel};

/// `nvgpu_notification.status` of a channel in error (its one home is the ABI).
pub use gpuiface_nvgpu::abi::NOTIFIER_STATUS_ERROR;

/// Put the channel into its error state and write the notifier.
fn raise(ch: &mut Channel, address: Option<u64>, engine: Engine, code: u32, reason: String) -> FaultRecord {
    let mut rec = FaultRecord::new(engine, ch.desc.chid, code, reason);
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
    raise(ch, Some(va), engine, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, format!("MMU fault: {what} at {va:#x}"))
}

/// A host (PBDMA) error: malformed GPFIFO entry, undefined method, ...
/// (`NVGPU_CHANNEL_PBDMA_ERROR`).
pub(super) fn pbdma(ch: &mut Channel, reason: String) -> FaultRecord {
    raise(ch, None, Engine::Host, NVGPU_CHANNEL_PBDMA_ERROR, reason)
}

/// A compute-engine error that is not a memory fault (`NVGPU_CHANNEL_GR_EXCEPTION`).
pub(super) fn gr(ch: &mut Channel, reason: String) -> FaultRecord {
    raise(ch, None, Engine::Compute, NVGPU_CHANNEL_GR_EXCEPTION, reason)
}

/// Work that ran past the watchdog budget (`NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`,
/// what the scheduler's context-switch timeout reports).
pub(super) fn timeout(ch: &mut Channel, engine: Engine, reason: String) -> FaultRecord {
    raise(ch, None, engine, NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, reason)
}

/// An engine error that is not a memory fault: compute → [`gr`], others
/// `NVGPU_CHANNEL_PBDMA_ERROR`.
pub(super) fn engine(ch: &mut Channel, engine: Engine, reason: String) -> FaultRecord {
    match engine {
        Engine::Compute => gr(ch, reason),
        _ => raise(ch, None, engine, NVGPU_CHANNEL_PBDMA_ERROR, reason),
    }
}
