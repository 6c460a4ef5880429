//! The mock's engines run side by side (issue 21 item 4): a copy completes
//! while a long kernel runs. Timing plays no part: the kernel waits for a
//! semaphore that only the copy queue's signal releases, so it can finish
//! only if the copy ran while it was running.
//!
//! The kernel is a closure registered with the mock: the suite has no
//! compiled kernel that polls memory (its cubins come from ptxas, which
//! this tree does not run), so elsewhere than on the built-in mock the case
//! is not applicable.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpuiface::mock::gpu::{ExecMode, ProgramKey};
use gpuiface::mock::MockDeviceExt;
use gpuiface::queue::{LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, GpuIface};

use crate::{ensure, CaseResult, Ctx};

pub(crate) fn copy_completes_while_a_long_kernel_runs(ctx: &Ctx) -> CaseResult {
    let (_k, dev) = crate::mock_cases::mock(ctx, ExecMode::Threaded)?;
    let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
    let e = |e: gpuiface::Error| e.to_string();
    let program = rt.load_program(b"conformance: a kernel that waits for a copy").map_err(e)?;
    let started = Arc::new(AtomicBool::new(false));
    let s = started.clone();
    dev.gpu().register_kernel(ProgramKey::Address(program.gpu_va()), move |k| {
        s.store(true, Ordering::SeqCst);
        let (flag, out) = (k.arg_u64(0), k.arg_u64(1));
        // Bounded: about 20 s of polling, then the kernel fails the case.
        for _ in 0..100_000 {
            if k.read_u64(flag)? >= 1 {
                return k.write_u32(out, 0x600d);
            }
            k.sleep(Duration::from_micros(200));
        }
        Err("the copy's semaphore never came".into())
    });
    let flag = dev.signal_alloc().map_err(e)?;
    let done = dev.signal_alloc().map_err(e)?;
    let out = dev.alloc(AllocRequest::new(4096)).map_err(e)?;
    let (src, dst) = (dev.alloc(AllocRequest::new(4096)).map_err(e)?, dev.alloc(AllocRequest::new(4096)).map_err(e)?);
    rt.copyin(&src, 0, &[0xa5; 4096]).map_err(e)?;
    let mut args = flag.gpu_va().to_le_bytes().to_vec();
    args.extend_from_slice(&out.gpu_va().to_le_bytes());
    let mut kq = Queue::compute();
    kq.launch(&program, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&done, 1u64);
    rt.submit(&kq, &[]).map_err(e)?;
    // Wait (bounded, not a timing assertion) until the kernel runs.
    let end = Instant::now() + Duration::from_secs(20);
    while !started.load(Ordering::SeqCst) {
        ensure!(Instant::now() < end, "the kernel never started");
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut cq = Queue::copy_queue();
    cq.copy(dst.gpu_va(), src.gpu_va(), 4096u64).signal(&flag, 1u64);
    rt.submit(&cq, &[]).map_err(e)?;
    // The kernel completes only after the copy's signal: the copy ran while it ran.
    dev.signal_wait(&done, 1, Duration::from_secs(30)).map_err(e)?;
    let mut got = [0u8; 4096];
    rt.copyout(&mut got, &dst, 0).map_err(e)?;
    ensure!(got == [0xa5; 4096], "the copy's data");
    let mut word = [0u8; 4];
    rt.copyout(&mut word, &out, 0).map_err(e)?;
    ensure!(u32::from_le_bytes(word) == 0x600d, "the kernel's output");
    drop(kq);
    rt.free_program(program).map_err(e)?;
    for b in [out, src, dst] {
        dev.free(b).map_err(e)?;
    }
    Ok(())
}
