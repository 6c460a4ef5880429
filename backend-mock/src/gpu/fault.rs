//! Channel errors: what the kernel reports through the error notifier
//! (`nvgpu_notification`, 16 bytes: u64 time_stamp, u32 info32, u16 info16,
//! u16 status) and the [`FaultRecord`] the model keeps.
//!
//! | cause | engine | info32 |
//! |---|---|---|
//! | GPU access to an unmapped (or read-only) VA | the accessing engine | `NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT` (31) |
//! | malformed GPFIFO entry or pushbuffer, undefined method, SET_OBJECT of a missing object | host | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//! | unknown program, kernel error, bad QMD | compute | `NVGPU_CHANNEL_GR_EXCEPTION` (13) |
//! | an unmodelled copy feature | copy | `NVGPU_CHANNEL_PBDMA_ERROR` (32) |
//!
//! A faulted channel executes nothing more; its GP_GET stays at the entry
//! that faulted.

use gpuiface_hal::{Engine, FaultRecord};
use gpuiface_nvgpu::abi::{
    NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_GR_EXCEPTION, NVGPU_CHANNEL_PBDMA_ERROR,
};

use super::{timestamp_ns, Channel};

/// `nvgpu_notification.status` of a channel in error.
pub const NOTIFIER_STATUS_ERROR: u16 = 0xffff;

/// Put the channel into its error state and write the notifier.
fn raise(ch: &mut Channel, address: Option<u64>, engine: Engine, code: u32, reason: String) -> FaultRecord {
    let rec = FaultRecord { address, engine, channel: ch.desc.chid, notifier_code: code, reason };
    if let Some((b, off)) = &ch.notifier {
        if off.checked_add(16).is_some_and(|end| end <= b.len()) {
            let mut n = [0u8; 16];
            n[0..8].copy_from_slice(&timestamp_ns().to_le_bytes());
            n[8..12].copy_from_slice(&code.to_le_bytes());
            n[14..16].copy_from_slice(&NOTIFIER_STATUS_ERROR.to_le_bytes());
            // Status last: a reader that sees it sees the rest.
            b.write(*off, &n[..14]);
            b.write(*off + 14, &n[14..]);
        }
    }
    ch.fault = Some(rec.clone());
    if let Some(o) = &ch.observer {
        o(&rec, ch.notifier.is_some());
    }
    ch.cursor = None;
    ch.blocked = false;
    ch.compute.clear_pending();
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

/// An engine error that is not a memory fault: compute → [`gr`], others
/// `NVGPU_CHANNEL_PBDMA_ERROR`.
pub(super) fn engine(ch: &mut Channel, engine: Engine, reason: String) -> FaultRecord {
    match engine {
        Engine::Compute => gr(ch, reason),
        _ => raise(ch, None, engine, NVGPU_CHANNEL_PBDMA_ERROR, reason),
    }
}
