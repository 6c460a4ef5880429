//! Channel faults, classified once: the decode every backend and the mock's
//! GPU model share.
//!
//! When the GPU stops a channel, the kernel writes a code into the channel's
//! error notifier (`nvgpu_notification.info32`, one of linux/nvgpu.h's
//! `NVGPU_CHANNEL_*`). The code says what kind of error it was
//! ([`FaultKind`]); which engine raised it, the code says only for some
//! kinds ([`FaultKind::implied_engine`]): an MMU fault comes from whichever
//! engine accessed memory, and only the fault information (the hardware's
//! MMU fault record, which the real kernel prints to its log and the mock's
//! model hands over through the syscall seam) names it. [`classify`] puts
//! the two together. The numbers of the codes are kernel ABI and live with
//! the rest of it (`gpuiface_nvgpu::abi::fault_kind` and `notifier_code`).
//!
//! ```
//! use gpuiface_hal::{classify, Engine, FaultKind};
//! // The notifier alone: a GR exception is the compute engine's ...
//! assert_eq!(classify(FaultKind::GrException, None), Engine::Compute);
//! // ... an MMU fault could be any engine's ...
//! assert_eq!(classify(FaultKind::Mmu, None), Engine::Unknown);
//! // ... unless the fault information names the one that accessed memory.
//! assert_eq!(classify(FaultKind::Mmu, Some(Engine::Copy)), Engine::Copy);
//! ```

use crate::error::Engine;

/// What kind of channel error a fault is, as the error notifier's code
/// tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FaultKind {
    /// An engine accessed an unmapped or read-only GPU address
    /// (`NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT`): raised by the engine that
    /// made the access (host for GPFIFO, pushbuffer and semaphore accesses,
    /// compute for QMDs, constant buffers and kernels, copy for copies).
    Mmu,
    /// A GR (compute) exception: a kernel error, a bad QMD, an unknown
    /// program (`NVGPU_CHANNEL_GR_EXCEPTION`).
    GrException,
    /// A GR software-method error (`NVGPU_CHANNEL_GR_ERROR_SW_METHOD`).
    GrSwMethod,
    /// A GR semaphore timeout (`NVGPU_CHANNEL_GR_SEMAPHORE_TIMEOUT`).
    GrSemaphoreTimeout,
    /// A GR illegal notify (`NVGPU_CHANNEL_GR_ILLEGAL_NOTIFY`).
    GrIllegalNotify,
    /// The host's PBDMA refused a GPFIFO entry or a method
    /// (`NVGPU_CHANNEL_PBDMA_ERROR`).
    Pbdma,
    /// The PBDMA's pushbuffer CRC check failed
    /// (`NVGPU_CHANNEL_PBDMA_PUSHBUFFER_CRC_MISMATCH`).
    PushbufferCrcMismatch,
    /// Work ran past the scheduler's timeout
    /// (`NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT`): the engine that did not
    /// finish may be any.
    IdleTimeout,
    /// The kernel reset the channel (`NVGPU_CHANNEL_RESETCHANNEL_VERIF_ERROR`).
    ResetChannel,
    /// A code this table does not classify.
    Other,
}

impl FaultKind {
    /// Every kind, for tables and tests.
    pub const ALL: [FaultKind; 10] = [
        FaultKind::Mmu,
        FaultKind::GrException,
        FaultKind::GrSwMethod,
        FaultKind::GrSemaphoreTimeout,
        FaultKind::GrIllegalNotify,
        FaultKind::Pbdma,
        FaultKind::PushbufferCrcMismatch,
        FaultKind::IdleTimeout,
        FaultKind::ResetChannel,
        FaultKind::Other,
    ];

    /// The engine every fault of this kind comes from, when the kind alone
    /// says: GR errors are the compute engine's, PBDMA errors the host's.
    /// `None` for the kinds any engine can raise (MMU faults, timeouts) and
    /// for those that name none.
    pub const fn implied_engine(self) -> Option<Engine> {
        match self {
            FaultKind::GrException
            | FaultKind::GrSwMethod
            | FaultKind::GrSemaphoreTimeout
            | FaultKind::GrIllegalNotify => Some(Engine::Compute),
            FaultKind::Pbdma | FaultKind::PushbufferCrcMismatch => Some(Engine::Host),
            FaultKind::Mmu | FaultKind::IdleTimeout | FaultKind::ResetChannel | FaultKind::Other => None,
        }
    }

    /// What the kind means, for a fault report that has nothing better.
    pub const fn reason(self) -> &'static str {
        match self {
            FaultKind::Mmu => "MMU fault",
            FaultKind::GrException => "GR exception (a kernel error, a bad QMD or an unknown program)",
            FaultKind::GrSwMethod => "GR software method error",
            FaultKind::GrSemaphoreTimeout => "GR semaphore timeout",
            FaultKind::GrIllegalNotify => "GR illegal notify",
            FaultKind::Pbdma => "PBDMA error (malformed GPFIFO entry or method)",
            FaultKind::PushbufferCrcMismatch => "PBDMA pushbuffer CRC mismatch",
            FaultKind::IdleTimeout => "FIFO idle timeout",
            FaultKind::ResetChannel => "channel reset",
            FaultKind::Other => "channel error",
        }
    }
}

impl std::fmt::Display for FaultKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

/// The engine a fault of `kind` is reported against: the one the fault
/// information names (`reported`: the MMU fault record's engine, or the
/// model's), else the one the kind implies, else [`Engine::Unknown`].
///
/// The backend decodes every error notifier with this; the mock's model
/// records the faults it raises with it, so both say the same engine.
pub const fn classify(kind: FaultKind, reported: Option<Engine>) -> Engine {
    match (reported, kind.implied_engine()) {
        (Some(engine), _) | (None, Some(engine)) => engine,
        (None, None) => Engine::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notifier_alone_names_the_engine_of_gr_and_pbdma_errors_only() {
        for kind in FaultKind::ALL {
            let alone = classify(kind, None);
            match kind {
                FaultKind::GrException
                | FaultKind::GrSwMethod
                | FaultKind::GrSemaphoreTimeout
                | FaultKind::GrIllegalNotify => assert_eq!(alone, Engine::Compute, "{kind:?}"),
                FaultKind::Pbdma | FaultKind::PushbufferCrcMismatch => assert_eq!(alone, Engine::Host, "{kind:?}"),
                _ => assert_eq!(alone, Engine::Unknown, "{kind:?}"),
            }
            for engine in [Engine::Host, Engine::Compute, Engine::Copy] {
                assert_eq!(classify(kind, Some(engine)), engine, "{kind:?}: the fault information wins");
            }
        }
    }
}
