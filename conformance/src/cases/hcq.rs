//! What tinygrad's HCQ layer has, on every backend (issue 39): an
//! asynchronous copy out, timestamps in a replayed queue, values computed
//! from one variable, buffer views, dynamic shared memory as a variable, and
//! waits on several signals.

use gpuiface::queue::{Arg, ArgVar, Dims, LaunchDims, Queue, QueueKind};
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support::{self, pattern};
use crate::{ensure, CaseResult};

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// `copyout_async` after a launch that writes its source returns what the
/// launch wrote, and gives its staging buffer back.
pub(super) fn copyout_async_returns_what_the_launch_before_it_wrote(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let fill = support::load_fill_kernel(rt)?;
        let out = dev.alloc(AllocRequest::new(4096)).map_err(e)?;
        let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(256), Arg::U32(11)]).map_err(e)?;
        let mut q = Queue::compute();
        q.uses(&out).launch(&fill, LaunchDims::new([8, 1, 1], [32, 1, 1]), &args);
        rt.submit(&q, &[]).map_err(e)?;
        let pending = rt.copyout_async(&out, 0, 1024).map_err(e)?;
        let mut got = vec![0u8; 1024];
        pending.wait(&mut got).map_err(e)?;
        ensure!(words(&got) == (0..256).map(|i| 11 * i).collect::<Vec<u32>>(), "copied out {:?}", &words(&got)[..8]);
        ensure!(
            kind_of(rt.copyout_async(&out, 4000, 200)) == Some(ErrorKind::InvalidArgument),
            "a copy past the buffer was accepted"
        );
        drop(q);
        rt.free(out).map_err(e)?;
        Ok(rt.free_program(fill).map_err(e)?)
    })
}

/// A replayed copy queue with a timestamp before and after its copy: each
/// replay records new times, in order.
pub(super) fn timestamps_in_a_replayed_queue_move_forward(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let (src, dst) =
            (dev.alloc(AllocRequest::new(1 << 16)).map_err(e)?, dev.alloc(AllocRequest::new(1 << 16)).map_err(e)?);
        let (before, after) = (dev.signal_alloc().map_err(e)?, dev.signal_alloc().map_err(e)?);
        let mut q = Queue::copy_queue();
        let round = q.var();
        q.timestamp(&before, round).copy(dst.gpu_va(), src.gpu_va(), 1u64 << 16).timestamp(&after, round);
        let mut last = 0;
        for r in 1..=3u64 {
            let done = rt.submit(&q, &[(round, r)]).map_err(e)?;
            rt.wait_timeline(QueueKind::Copy, done).map_err(e)?;
            let (t0, t1) = (before.timestamp(), after.timestamp());
            ensure!(
                before.value() == r && after.value() == r,
                "replay {r}: values {} {}",
                before.value(),
                after.value()
            );
            ensure!(t0 > last && t1 >= t0, "replay {r}: times {last} < {t0} <= {t1} do not hold");
            last = t1;
        }
        drop(q);
        rt.free(src).map_err(e)?;
        Ok(rt.free(dst).map_err(e)?)
    })
}

/// Seventeen signal values computed from one bound variable, over replays.
pub(super) fn values_computed_from_one_variable_follow_it(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let signals = (0..17).map(|_| dev.signal_alloc()).collect::<gpuiface::Result<Vec<_>>>().map_err(e)?;
        let mut q = Queue::copy_queue();
        let kickoff = q.var();
        let mut computed = Vec::new();
        for (k, s) in signals.iter().enumerate() {
            let v = q.var_plus(kickoff, k as u64 + 1);
            q.signal(s, v);
            computed.push(v);
        }
        for base in [100u64, 200, 300] {
            let done = rt.submit(&q, &[(kickoff, base)]).map_err(e)?;
            rt.wait_timeline(QueueKind::Copy, done).map_err(e)?;
            let got: Vec<u64> = signals.iter().map(|s| s.value()).collect();
            ensure!(got == (1..=17).map(|k| base + k).collect::<Vec<u64>>(), "kickoff {base}: {got:?}");
        }
        ensure!(
            kind_of(rt.submit(&q, &[(kickoff, 1), (computed[0], 5)])) == Some(ErrorKind::InvalidArgument),
            "a computed variable was bound"
        );
        Ok(())
    })
}

/// A buffer view: the launch writes at the view's offset into the buffer
/// bound to its base, and a copy out of that buffer waits for the launch.
pub(super) fn a_buffer_view_is_the_bound_buffer_at_an_offset(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let fill = support::load_fill_kernel(rt)?;
        let param = usize::from(fill.attributes().params[0].offset);
        let args = fill.pack_args(&[Arg::U64(0), Arg::U32(64), Arg::U32(5)]).map_err(e)?;
        let mut q = Queue::compute();
        let whole = q.buffer_var();
        let view = q.buffer_view(whole, 512);
        q.launch_vars(&fill, LaunchDims::new([2, 1, 1], [32, 1, 1]), &args, &[ArgVar::buffer(param, view)]);
        let buf = dev.alloc(AllocRequest::new(1024)).map_err(e)?;
        rt.copyin(&buf, 0, &pattern(1024, 3)).map_err(e)?;
        rt.submit_with(&q, &[], &[(whole, &buf)]).map_err(e)?;
        let mut got = vec![0u8; 1024];
        rt.copyout(&mut got, &buf, 0).map_err(e)?;
        let before = pattern(1024, 3);
        ensure!(got[..512] == before[..512] && got[768..] == before[768..], "bytes outside the view changed");
        ensure!(words(&got[512..768]) == (0..64).map(|i| 5 * i).collect::<Vec<u32>>(), "the view's words");
        drop(q);
        rt.free(buf).map_err(e)?;
        Ok(rt.free_program(fill).map_err(e)?)
    })
}

/// Dynamic shared memory bound per submit: launches with several sizes
/// run, and a size past the SM's limit is refused when bound.
pub(super) fn dynamic_shared_memory_is_a_launch_variable(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let fill = support::load_fill_kernel(rt)?;
        let out = dev.alloc(AllocRequest::new(256)).map_err(e)?;
        let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(64), Arg::U32(7)]).map_err(e)?;
        let mut q = Queue::compute();
        let smem = q.var();
        q.launch(&fill, Dims::from(LaunchDims::new([2, 1, 1], [32, 1, 1])).with_shared_mem(smem), &args);
        for bytes in [0u64, 0x2000, 0x8000] {
            let done = rt.submit(&q, &[(smem, bytes)]).map_err(e)?;
            rt.wait_timeline(QueueKind::Compute, done).map_err(e)?;
        }
        let mut got = vec![0u8; 256];
        rt.copyout(&mut got, &out, 0).map_err(e)?;
        ensure!(words(&got) == (0..64).map(|i| 7 * i).collect::<Vec<u32>>(), "the launches' output");
        ensure!(
            kind_of(rt.submit(&q, &[(smem, 0x40_0000)])) == Some(ErrorKind::InvalidArgument),
            "4 MiB of shared memory was accepted"
        );
        drop(q);
        rt.free(out).map_err(e)?;
        Ok(rt.free_program(fill).map_err(e)?)
    })
}

/// `wait_any` returns once one of several signals holds; `wait_all` waits
/// for every one, and times out while one is held back.
pub(super) fn waits_on_any_or_all_of_several_signals(ctx: &crate::Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let e = |e: gpuiface::Error| e.to_string();
        let (a, b, gate) =
            (dev.signal_alloc().map_err(e)?, dev.signal_alloc().map_err(e)?, dev.signal_alloc().map_err(e)?);
        let mut q = Queue::copy_queue();
        q.signal(&b, 3u64).wait(&gate, 1u64).signal(&a, 7u64);
        rt.submit(&q, &[]).map_err(e)?;
        let timeout = rt.wait_timeout();
        rt.set_wait_timeout(std::time::Duration::from_millis(50));
        ensure!(rt.wait_any(&[(&a, 7), (&b, 3)]).map_err(e)? == 1, "b is released before the gate");
        ensure!(kind_of(rt.wait_all(&[(&a, 7), (&b, 3)])) == Some(ErrorKind::Timeout), "wait_all did not wait for a");
        gate.set(1);
        rt.set_wait_timeout(timeout);
        rt.wait_all(&[(&a, 7), (&b, 3)]).map_err(e)?;
        ensure!(rt.wait_any(&[(&a, 7), (&b, 3)]).map_err(e)? == 0, "both hold: the first");
        Ok(())
    })
}
