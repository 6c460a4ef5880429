//! Cases that deliberately fault the GPU. On a real Orin each one makes the
//! kernel tear down a channel (and log the fault in `dmesg`); runners only run
//! them when asked (`gpuiface-conformance --allow-faults`). Each checks that
//! the fault comes back as a typed error and that the device recovers.

use std::time::Duration;

use gpuiface::queue::{Queue, Runtime};
use gpuiface::{AllocRequest, Error, ErrorKind, GpuIface};

use crate::support::pattern;
use crate::{ensure, Case, CaseResult, Ctx, Needs};

/// A GPU virtual address nothing maps: far above every allocation of the
/// suite and below the 40-bit limit.
const UNMAPPED_VA: u64 = 0xf0_0000_0000;

fn copy_to_an_unmapped_va_faults_and_a_new_runtime_recovers(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    {
        let rt = Runtime::with_config(&dev, 1 << 20, Duration::from_secs(2)).map_err(|e| e.to_string())?;
        let src = dev.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::copy_queue();
        q.copy(UNMAPPED_VA, src.gpu_va(), 4096u64).signal(&s, 1u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        let e = dev.signal_wait(&s, 1, Duration::from_secs(5)).err().ok_or("a copy to an unmapped VA completed")?;
        ensure!(e.kind() == ErrorKind::DeviceHang, "expected a device fault, got {e}");
        ensure!(matches!(&e, Error::DeviceHang { fault: Some(_), .. }), "the fault has no record: {e}");
        // Its runtime's channel faulted: nothing queued there runs, so the
        // buffer is freed at once.
        rt.free(src).map_err(|e| format!("freeing a buffer after its channel faulted: {e}"))?;
    }
    // The faulted channel is gone with its runtime; a new one works.
    let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
    let b = dev.alloc(AllocRequest::new(8192)).map_err(|e| e.to_string())?;
    let data = pattern(4096, 13);
    rt.copyin(&b, 0, &data).map_err(|e| e.to_string())?;
    let mut q = Queue::copy_queue();
    q.copy(b.gpu_va() + 4096, b.gpu_va(), 4096u64);
    rt.submit(&q, &[]).map_err(|e| e.to_string())?;
    let mut out = vec![0u8; 4096];
    rt.copyout(&mut out, &b, 4096).map_err(|e| e.to_string())?;
    ensure!(out == data, "copy after recovery differs");
    Ok(dev.free(b).map_err(|e| e.to_string())?)
}

/// The deliberately faulting cases.
pub(crate) const CASES: &[Case] = &[
    Case {
        name: "copy_to_an_unmapped_va_faults_and_a_new_runtime_recovers",
        run: copy_to_an_unmapped_va_faults_and_a_new_runtime_recovers,
        expected_failures: &[],
        needs: Needs::Nothing,
    },
    Case {
        name: "faulting_kernel_reports_an_mmu_fault",
        run: crate::cases::faulting_kernel_reports_an_mmu_fault,
        expected_failures: &[],
        needs: Needs::Nothing,
    },
    Case {
        name: "a_faulted_channel_refuses_work_and_a_new_runtime_recovers",
        run: crate::cases::a_faulted_channel_refuses_work_and_a_new_runtime_recovers,
        expected_failures: &[],
        needs: Needs::Nothing,
    },
];
