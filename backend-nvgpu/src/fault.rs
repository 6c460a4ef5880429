//! Faults: reading a channel's error notifier and decoding the fault it
//! reports with the shared classification ([`gpuiface_hal::classify`]),
//! completed with what the seam knows besides and the buffer the faulting
//! address belongs to.

use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{classify, Engine, FaultRecord};

use crate::abi::*;
use crate::channel::Channel;
use crate::device::{lock, NvgpuDevice};
use crate::sys::Syscalls;

/// Where to read more about a fault on the real kernel.
const SEE_ALSO: &str = "the kernel log (dmesg: nvgpu prints the faulting engine, address and access type) \
                        and the nvgpu debugfs (/sys/kernel/debug/gpu.0/)";

impl<S: Syscalls> NvgpuDevice<S> {
    /// The first channel whose error notifier reports an error.
    pub(crate) fn faulted_channel(&self) -> Option<FaultRecord> {
        self.channels().into_iter().find_map(|c| self.channel_fault(&c))
    }

    /// The fault `c`'s error notifier reports, if any, with what the seam
    /// knows besides (the model: engine, address, reason) and the buffer
    /// the faulting address belongs to.
    pub(crate) fn channel_fault(&self, c: &Channel<S>) -> Option<FaultRecord> {
        let code = notifier_code_of(c)?;
        let chid = ga10b::token_chid(c.token);
        let mut rec = decode_fault(chid, code, self.sys.fault_details(chid));
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

/// The code `c`'s error notifier holds, once the kernel has written one
/// (status non-zero).
fn notifier_code_of<S: Syscalls>(c: &Channel<S>) -> Option<u32> {
    let (info32, status) = c.notifier_words();
    (status != 0).then_some(info32)
}

/// The fault an error notifier reports with `code` on hardware channel
/// `chid`: its kind from the code, its engine from the shared
/// classification, completed with `details`, what the other side of the seam
/// knows (the model: the engine that accessed memory, the address, the
/// reason). Without details (the real kernel), the record points to the
/// kernel log for what the notifier does not say.
pub fn decode_fault(chid: u32, code: u32, details: Option<FaultRecord>) -> FaultRecord {
    let kind = fault_kind(code);
    match details {
        Some(mut rec) => {
            let reported = (rec.engine != Engine::Unknown).then_some(rec.engine);
            rec.engine = classify(kind, reported);
            rec.notifier_code = code;
            rec
        }
        None => FaultRecord::new(classify(kind, None), chid, code, kind.reason()).with_see_also(SEE_ALSO),
    }
}

/// The engine an `NVGPU_CHANNEL_*` error-notifier code implies by itself
/// ([`gpuiface_hal::classify`] without fault information): GR codes the
/// compute engine, PBDMA codes the host; an MMU fault or a timeout may come
/// from any engine ([`Engine::Unknown`]).
pub fn notifier_engine(code: u32) -> Engine {
    classify(fault_kind(code), None)
}

/// What an `NVGPU_CHANNEL_*` error-notifier code means.
pub fn notifier_reason(code: u32) -> &'static str {
    fault_kind(code).reason()
}
