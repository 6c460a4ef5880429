//! The channel error notifier: what its codes mean and what the kernel
//! writes into it.
//!
//! SET_ERROR_NOTIFIER names a buffer; when the GPU stops the channel, the
//! kernel fills the [`NvgpuNotification`] there (linux/channel.c
//! `nvgpu_set_err_notifier_locked`): the time, the error code in `info32`
//! and [`NOTIFIER_STATUS_ERROR`] in `status`, last. [`NOTIFIER_CODES`] maps
//! each `NVGPU_CHANNEL_*` code to its [`FaultKind`]; which engine a kind
//! implies is `gpuiface_hal::classify`'s to say.
//!
//! ```
//! use gpuiface_hal::FaultKind;
//! use gpuiface_abi::r36::{fault_kind, notifier_code, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT};
//! assert_eq!(fault_kind(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT), FaultKind::Mmu);
//! assert_eq!(notifier_code(FaultKind::Mmu), Some(NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT));
//! assert_eq!(fault_kind(0x7777), FaultKind::Other);
//! ```

use gpuiface_hal::FaultKind;

use crate::r36::*;

/// `nvgpu_notification.status` of a channel in error: the kernel writes
/// 0xffff (linux/channel.c `nvgpu_set_err_notifier_locked`); 0 until then.
pub const NOTIFIER_STATUS_ERROR: u16 = 0xffff;

/// Each error-notifier code (`info32`) and the kind of fault it reports.
/// `NVGPU_CHANNEL_GR_ERROR_SW_NOTIFY` has the value of
/// `NVGPU_CHANNEL_GR_EXCEPTION` and reads as a GR exception.
pub const NOTIFIER_CODES: [(u32, FaultKind); 9] = [
    (NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, FaultKind::Mmu),
    (NVGPU_CHANNEL_GR_EXCEPTION, FaultKind::GrException),
    (NVGPU_CHANNEL_GR_ERROR_SW_METHOD, FaultKind::GrSwMethod),
    (NVGPU_CHANNEL_GR_SEMAPHORE_TIMEOUT, FaultKind::GrSemaphoreTimeout),
    (NVGPU_CHANNEL_GR_ILLEGAL_NOTIFY, FaultKind::GrIllegalNotify),
    (NVGPU_CHANNEL_PBDMA_ERROR, FaultKind::Pbdma),
    (NVGPU_CHANNEL_PBDMA_PUSHBUFFER_CRC_MISMATCH, FaultKind::PushbufferCrcMismatch),
    (NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, FaultKind::IdleTimeout),
    (NVGPU_CHANNEL_RESETCHANNEL_VERIF_ERROR, FaultKind::ResetChannel),
];

/// The kind of fault an error-notifier code reports ([`FaultKind::Other`]
/// for a code [`NOTIFIER_CODES`] lacks).
pub fn fault_kind(code: u32) -> FaultKind {
    NOTIFIER_CODES.iter().find(|(c, _)| *c == code).map_or(FaultKind::Other, |(_, k)| *k)
}

/// The error-notifier code that reports a fault of `kind` (`None` for
/// [`FaultKind::Other`]).
pub fn notifier_code(kind: FaultKind) -> Option<u32> {
    NOTIFIER_CODES.iter().find(|(_, k)| *k == kind).map(|(c, _)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_but_other_has_one_code_and_back() {
        for kind in FaultKind::ALL {
            match notifier_code(kind) {
                Some(code) => assert_eq!(fault_kind(code), kind),
                None => assert_eq!(kind, FaultKind::Other),
            }
        }
        assert_eq!(fault_kind(NVGPU_CHANNEL_GR_ERROR_SW_NOTIFY), FaultKind::GrException);
        assert_eq!(fault_kind(NVGPU_CHANNEL_FECS_ERR_UNIMP_FIRMWARE_METHOD), FaultKind::Other);
    }
}
