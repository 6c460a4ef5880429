//! Signals and queues: CPU and GPU signals, ordering across engines only
//! through explicit waits, copies of every size and alignment, replay.

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, Queue, QueueKind};
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support::{self, pattern};
use crate::{ensure, CaseResult, Ctx};

pub(super) fn signal_set_and_wait_from_cpu(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    ensure!(s.value() == 0, "fresh signal is {}", s.value());
    s.set(7);
    dev.signal_wait(&s, 7, Duration::from_millis(100)).map_err(|e| e.to_string())?;
    dev.signal_wait(&s, 3, Duration::from_millis(100)).map_err(|e| e.to_string())?;
    Ok(())
}

pub(super) fn signal_wait_without_a_fault_times_out(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    let e = dev.signal_wait(&s, 1, Duration::from_millis(50)).err().ok_or("wait on 0 >= 1 succeeded")?;
    ensure!(e.kind() == ErrorKind::Timeout, "nothing faulted, so a timeout: {e}");
    Ok(())
}

pub(super) fn gpu_signal_release_with_timestamp(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        q.signal(&s, 42u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        rt.synchronize().map_err(|e| e.to_string())?;
        ensure!(s.value() == 42, "signal {}", s.value());
        ensure!(s.timestamp() != 0, "no timestamp");
        Ok(())
    })
}

pub(super) fn queues_order_across_engines_through_explicit_waits(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut last = [rt.last_timeline_value(QueueKind::Compute), rt.last_timeline_value(QueueKind::Copy)];
        for i in 1..=20u64 {
            let mut q = if i % 2 == 0 { Queue::compute() } else { Queue::copy_queue() };
            q.wait(&s, i - 1).signal(&s, i);
            let v = rt.submit(&q, &[]).map_err(|e| e.to_string())?;
            let e = q.kind().index();
            ensure!(v == last[e] + 1, "{:?} timeline value {v} after {}", q.kind(), last[e]);
            last[e] = v;
        }
        rt.synchronize().map_err(|e| e.to_string())?;
        ensure!(s.value() == 20, "final {}", s.value());
        for kind in [QueueKind::Compute, QueueKind::Copy] {
            ensure!(
                rt.timeline(kind).value() == rt.last_timeline_value(kind),
                "{kind:?} timeline behind after synchronize"
            );
        }
        Ok(())
    })
}

/// A consumer submitted before its producer, on another engine, completes
/// once the producer is submitted: engines share no implicit order.
pub(super) fn consumer_before_producer_completes(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let ready = dev.signal_alloc().map_err(|e| e.to_string())?;
        let done = dev.signal_alloc().map_err(|e| e.to_string())?;
        let buf = dev.alloc(AllocRequest::new(8192)).map_err(|e| e.to_string())?;
        let mut consumer = Queue::copy_queue();
        consumer.wait(&ready, 1u64).copy(buf.gpu_va() + 4096, buf.gpu_va(), 64u64).signal(&done, 1u64);
        rt.submit(&consumer, &[]).map_err(|e| e.to_string())?;
        let fill = support::load_fill_kernel(rt)?;
        let args = fill.pack_args(&[Arg::U64(buf.gpu_va()), Arg::U32(16), Arg::U32(5)]).map_err(|e| e.to_string())?;
        let mut producer = Queue::compute();
        producer.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&ready, 1u64);
        rt.submit(&producer, &[]).map_err(|e| e.to_string())?;
        dev.signal_wait(&done, 1, Duration::from_secs(10)).map_err(|e| e.to_string())?;
        let mut out = vec![0u8; 64];
        rt.copyout(&mut out, &buf, 4096).map_err(|e| e.to_string())?;
        let words: Vec<u32> = out.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        ensure!(words == (0..16).map(|i| 5 * i).collect::<Vec<u32>>(), "consumer copied {words:?}");
        rt.free(buf).map_err(|e| e.to_string())?;
        drop(producer); // its launch holds a clone of `fill`
        Ok(rt.free_program(fill).map_err(|e| e.to_string())?)
    })
}

pub(super) fn cross_queue_wait_blocks_until_released(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let gate = dev.signal_alloc().map_err(|e| e.to_string())?;
        let done = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut waiter = Queue::copy_queue();
        waiter.wait(&gate, 1u64).signal(&done, 1u64);
        rt.submit(&waiter, &[]).map_err(|e| e.to_string())?;
        let early = dev.signal_wait(&done, 1, Duration::from_millis(30));
        ensure!(early.is_err() && done.value() == 0, "ran past an unreleased acquire");
        gate.set(1);
        dev.signal_wait(&done, 1, Duration::from_secs(5)).map_err(|e| e.to_string())?;
        Ok(rt.synchronize().map_err(|e| e.to_string())?)
    })
}

fn copy_round_trip(ctx: &Ctx, size: usize, offset: u64) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let b = dev.alloc(AllocRequest::new(size as u64 + offset + 3)).map_err(|e| e.to_string())?;
        let src = pattern(size, size as u64);
        rt.copyin(&b, offset, &src).map_err(|e| e.to_string())?;
        let mut out = vec![0u8; size];
        rt.copyout(&mut out, &b, offset).map_err(|e| e.to_string())?;
        ensure!(out == src, "direct round trip of {size} bytes at +{offset} differs");
        Ok(dev.free(b).map_err(|e| e.to_string())?)
    })
}

pub(super) fn copy_1_byte(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, 1, 0)
}

pub(super) fn copy_4095_bytes_unaligned(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, 4095, 1)
}

pub(super) fn copy_1mib_plus_3_unaligned(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, (1 << 20) + 3, 7)
}

pub(super) fn copy_64mib(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, 64 << 20, 0)
}

pub(super) fn staged_copies_through_the_copy_engine(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        for (size, off) in [(1usize, 0u64), (4097, 5), (3 << 20, 0)] {
            let b = dev.alloc(AllocRequest::new(size as u64 + off)).map_err(|e| e.to_string())?;
            let src = pattern(size, 99);
            rt.copyin_staged(&b, off, &src).map_err(|e| e.to_string())?;
            let mut direct = vec![0u8; size];
            rt.copyout(&mut direct, &b, off).map_err(|e| e.to_string())?;
            ensure!(direct == src, "staged copyin of {size} differs");
            let mut staged = vec![0u8; size];
            rt.copyout_staged(&mut staged, &b, off).map_err(|e| e.to_string())?;
            ensure!(staged == src, "staged copyout of {size} differs");
            dev.free(b).map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

pub(super) fn copy_queue_moves_gpu_to_gpu(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let size = 300_001usize;
        let a = dev.alloc(AllocRequest::new(size as u64)).map_err(|e| e.to_string())?;
        let b = dev.alloc(AllocRequest::new(size as u64)).map_err(|e| e.to_string())?;
        let src = pattern(size, 5);
        rt.copyin(&a, 0, &src).map_err(|e| e.to_string())?;
        let mut q = Queue::copy_queue();
        q.copy(b.gpu_va(), a.gpu_va(), size as u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        let mut out = vec![0u8; size];
        rt.copyout(&mut out, &b, 0).map_err(|e| e.to_string())?;
        ensure!(out == src, "GPU copy differs");
        rt.free(a).map_err(|e| e.to_string())?;
        Ok(rt.free(b).map_err(|e| e.to_string())?)
    })
}

pub(super) fn copy_out_of_range_is_invalid(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let b = dev.alloc(AllocRequest::new(100)).map_err(|e| e.to_string())?;
        ensure!(kind_of(rt.copyin(&b, 90, &[0; 20])) == Some(ErrorKind::InvalidArgument), "overflowing copyin");
        let mut out = [0u8; 8];
        ensure!(
            kind_of(rt.copyout(&mut out, &b, u64::MAX - 2)) == Some(ErrorKind::InvalidArgument),
            "wrapping copyout"
        );
        Ok(dev.free(b).map_err(|e| e.to_string())?)
    })
}

pub(super) fn replayed_queue_takes_new_values(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        let v = q.var();
        q.barrier().signal(&s, v);
        for value in [5u64, 9, 1 << 35] {
            rt.submit(&q, &[(v, value)]).map_err(|e| e.to_string())?;
            rt.synchronize().map_err(|e| e.to_string())?;
            ensure!(s.value() == value, "replay wrote {} not {value}", s.value());
        }
        ensure!(kind_of(rt.submit(&q, &[])) == Some(ErrorKind::InvalidArgument), "unbound variable accepted");
        Ok(())
    })
}
