//! Faults: reading a channel's error notifier and decoding the fault it
//! reports, with what the seam knows besides and the buffer the faulting
//! address belongs to.

use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{Engine, FaultRecord};

use crate::abi::*;
use crate::channel::Channel;
use crate::device::{lock, NvgpuDevice};
use crate::sys::Syscalls;

impl<S: Syscalls> NvgpuDevice<S> {
    /// The first channel whose error notifier reports an error.
    pub(crate) fn faulted_channel(&self) -> Option<FaultRecord> {
        self.channels().into_iter().find_map(|c| self.channel_fault(&c))
    }

    /// The fault `c`'s error notifier reports, if any, with what the seam
    /// knows besides (the model: engine, address, reason) and the buffer
    /// the faulting address belongs to.
    pub(crate) fn channel_fault(&self, c: &Channel<S>) -> Option<FaultRecord> {
        let notified = notifier_fault(c)?;
        let mut rec = match self.sys.fault_details(notified.channel) {
            Some(model) => model,
            None => notified.with_see_also(
                "the kernel log (dmesg: nvgpu prints the faulting engine, address and access type) \
                 and the nvgpu debugfs (/sys/kernel/debug/gpu.0/)",
            ),
        };
        if let Some(addr) = rec.address {
            rec.buffer = Some(self.buffer_at(addr));
        }
        Some(rec)
    }

    /// Which of the device's buffers `addr` falls in, as a sentence.
    fn buffer_at(&self, addr: u64) -> String {
        let st = lock(&self.state);
        for (id, a) in &st.buffers {
            if addr >= a.gpu_va && addr - a.gpu_va < a.size.max(1) {
                return format!(
                    "buffer {id} [{:#x}, {:#x}) at offset {:#x}",
                    a.gpu_va,
                    a.gpu_va + a.size,
                    addr - a.gpu_va
                );
            }
        }
        if st.signal_pages.iter().any(|a| addr >= a.gpu_va && addr - a.gpu_va < a.size) {
            return "a signal page of this device".into();
        }
        "no buffer of this device (unmapped, freed, or another process's)".into()
    }
}

/// The fault `c`'s error notifier reports, if any: the engine as far as
/// the code tells it (an MMU fault's engine is in the kernel log only).
fn notifier_fault<S: Syscalls>(c: &Channel<S>) -> Option<FaultRecord> {
    if c.notifier == 0 {
        return None;
    }
    let info32 = c.notifier + std::mem::offset_of!(NvgpuNotification, info32);
    let status = c.notifier + std::mem::offset_of!(NvgpuNotification, status);
    // SAFETY: the notifier buffer is mapped for the channel's life (the caller holds an
    // Arc) and holds a whole `nvgpu_notification` at offset 0 (SET_ERROR_NOTIFIER);
    // both fields are naturally aligned in it.
    let (info32, status) = unsafe { ((info32 as *const u32).read_volatile(), (status as *const u16).read_volatile()) };
    let chid = ga10b::token_chid(c.token);
    (status != 0).then(|| FaultRecord::new(notifier_engine(info32), chid, info32, notifier_reason(info32)))
}

/// The engine an `NVGPU_CHANNEL_*` error-notifier code implies: GR codes
/// the compute engine, PBDMA and idle-timeout codes the host; an MMU fault
/// may come from any engine ([`Engine::Unknown`]).
pub fn notifier_engine(code: u32) -> Engine {
    match code {
        NVGPU_CHANNEL_GR_ERROR_SW_METHOD
        | NVGPU_CHANNEL_GR_EXCEPTION
        | NVGPU_CHANNEL_GR_SEMAPHORE_TIMEOUT
        | NVGPU_CHANNEL_GR_ILLEGAL_NOTIFY => Engine::Compute,
        NVGPU_CHANNEL_PBDMA_ERROR
        | NVGPU_CHANNEL_PBDMA_PUSHBUFFER_CRC_MISMATCH
        | NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT => Engine::Host,
        _ => Engine::Unknown,
    }
}

/// What an `NVGPU_CHANNEL_*` error-notifier code means.
pub fn notifier_reason(code: u32) -> &'static str {
    match code {
        NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT => "FIFO idle timeout",
        NVGPU_CHANNEL_GR_ERROR_SW_METHOD => "GR software method error",
        NVGPU_CHANNEL_GR_ILLEGAL_NOTIFY => "GR illegal notify",
        NVGPU_CHANNEL_GR_EXCEPTION => "GR exception (a kernel error, a bad QMD or an unknown program)",
        NVGPU_CHANNEL_GR_SEMAPHORE_TIMEOUT => "GR semaphore timeout",
        NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT => "MMU fault",
        NVGPU_CHANNEL_PBDMA_ERROR => "PBDMA error (malformed GPFIFO entry or method)",
        NVGPU_CHANNEL_RESETCHANNEL_VERIF_ERROR => "channel reset",
        _ => "channel error",
    }
}
