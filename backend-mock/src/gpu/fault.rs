//! Channel errors: what the kernel reports through the error notifier
//! (`nvgpu_notification`: u64 time_stamp, u32 info32, u16 info16, u16 status).

use gpuiface_hal::{Engine, FaultRecord};
use gpuiface_nvgpu::abi::{NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_PBDMA_ERROR};

use super::{timestamp_ns, Channel};

/// Put the channel into its error state and write the notifier.
fn raise(ch: &mut Channel, address: Option<u64>, engine: Engine, code: u32, reason: String) -> FaultRecord {
    let rec = FaultRecord { address, engine, channel: ch.desc.chid, notifier_code: code, reason };
    if let Some((b, off)) = &ch.notifier {
        let mut n = [0u8; 16];
        n[0..8].copy_from_slice(&timestamp_ns().to_le_bytes());
        n[8..12].copy_from_slice(&code.to_le_bytes());
        n[14..16].copy_from_slice(&0xffffu16.to_le_bytes());
        b.write(*off, &n);
    }
    ch.fault = Some(rec.clone());
    ch.cursor = None;
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

/// An engine error that is not a memory fault (unknown program, kernel error).
pub(super) fn engine(ch: &mut Channel, engine: Engine, reason: String) -> FaultRecord {
    raise(ch, None, engine, NVGPU_CHANNEL_PBDMA_ERROR, reason)
}
