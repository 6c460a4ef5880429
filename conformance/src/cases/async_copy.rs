//! Asynchronous host copies: ordered after the work that touches their
//! destination, and only that work.

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, Queue, QueueKind};
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support::{self, pattern};
use crate::{ensure, CaseResult};

/// A compute queue that declared buffer `a` is held at a gate. An
/// asynchronous copy into another buffer completes meanwhile; one into `a`
/// waits for the gate, then lands over what the launch wrote.
pub(super) fn async_copyin_waits_only_for_work_on_its_buffer(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let a = dev.alloc(AllocRequest::new(4096)).map_err(e)?;
        let b = dev.alloc(AllocRequest::new(1 << 20)).map_err(e)?;
        let gate = dev.signal_alloc().map_err(e)?;
        let fill = support::load_fill_kernel(rt)?;
        let args = fill.pack_args(&[Arg::U64(a.gpu_va()), Arg::U32(1024), Arg::U32(9)]).map_err(e)?;
        let mut q = Queue::compute();
        q.uses(&a).wait(&gate, 1u64).launch(&fill, LaunchDims::new([32, 1, 1], [32, 1, 1]), &args);
        rt.submit(&q, &[]).map_err(e)?;

        let unrelated = pattern(1 << 20, 4);
        let vb = rt.copyin_async(&b, 0, &unrelated).map_err(e)?;
        rt.wait_timeline_for(QueueKind::Copy, vb, Duration::from_secs(10))
            .map_err(|err| format!("a copy into an unrelated buffer waited for gated compute work: {err}"))?;
        let head = pattern(64, 8);
        let va = rt.copyin_async(&a, 16, &head).map_err(e)?;
        ensure!(va > vb, "timeline values {vb} then {va}");
        let early = rt.wait_timeline_for(QueueKind::Copy, va, Duration::from_millis(50));
        ensure!(kind_of(early) == Some(ErrorKind::Timeout), "the copy into `a` ran before the launch that uses it");
        gate.set(1);
        rt.wait_timeline(QueueKind::Copy, va).map_err(e)?;

        let mut got = vec![0u8; 4096];
        rt.copyout(&mut got, &a, 0).map_err(e)?;
        let mut expect: Vec<u8> = (0..1024u32).flat_map(|i| (9 * i).to_le_bytes()).collect();
        expect[16..80].copy_from_slice(&head);
        ensure!(got == expect, "`a` does not hold the launch's words under the copied bytes");
        let mut got_b = vec![0u8; 1 << 20];
        rt.copyout(&mut got_b, &b, 0).map_err(e)?;
        ensure!(got_b == unrelated, "the unrelated copy differs");
        ensure!(
            kind_of(rt.copyin_async(&a, 4090, &[0; 7])) == Some(ErrorKind::InvalidArgument),
            "a copy past the buffer was accepted"
        );
        rt.free(a).map_err(e)?;
        rt.free(b).map_err(e)?;
        drop(q); // its launch holds a clone of `fill`
        Ok(rt.free_program(fill).map_err(e)?)
    })
}
