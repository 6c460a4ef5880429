//! Races: seed 002's QMD race under every safe policy, and one runtime used
//! from several threads.

use std::time::Duration;

use gpuiface::queue::Queue;
use gpuiface::{AllocRequest, GpuIface};

use super::with_runtime;
use crate::support::{self, pattern};
use crate::{ensure, CaseResult, Ctx};

/// Seed 002's race, on real kernels: back-to-back launches of one queue,
/// each with its own arguments and signal value, under each policy the
/// runtime offers. On an Orin this is the hardware test: no launch may run
/// with another's arguments or release another's value.
pub(super) fn qmd_race_safe_policies_hold_on_real_kernels(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        for policy in support::RacePolicy::SAFE {
            let mut rig = support::RaceRig::new(rt, policy, 20_000)?;
            for round in 0..50u64 {
                rig.reset_outputs();
                let base = 2 * round;
                rig.submit(0, base + 1)?;
                rig.submit(1, base + 2)?;
                rt.iface().signal_wait(&rig.signal, base + 2, Duration::from_secs(10)).map_err(|e| e.to_string())?;
                rt.synchronize().map_err(|e| e.to_string())?;
                let tags = [rig.tag_written(0), rig.tag_written(1)];
                ensure!(tags == [Some(1), Some(2)], "{policy:?} round {round}: launches wrote tags {tags:?}");
                ensure!(rig.signal.value() == base + 2, "{policy:?}: signal {}", rig.signal.value());
            }
            rig.release()?;
        }
        Ok(())
    })
}

pub(super) fn use_from_several_threads(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let results: Vec<CaseResult> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4u64)
                .map(|t| {
                    scope.spawn(move || -> CaseResult {
                        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
                        for i in 1..=25u64 {
                            let b = dev.alloc(AllocRequest::new(4096 * (t + 1))).map_err(|e| e.to_string())?;
                            let data = pattern(4096, t * 1000 + i);
                            rt.copyin(&b, 0, &data).map_err(|e| e.to_string())?;
                            let mut q = if i % 2 == 0 { Queue::compute() } else { Queue::copy_queue() };
                            // The engines are not ordered with each other:
                            // the signal moves forward only through explicit waits.
                            q.wait(&s, i - 1).signal(&s, i);
                            rt.submit(&q, &[]).map_err(|e| e.to_string())?;
                            let mut out = vec![0u8; 4096];
                            rt.copyout(&mut out, &b, 0).map_err(|e| e.to_string())?;
                            ensure!(out == data, "thread {t} iteration {i}: contents lost");
                            dev.free(b).map_err(|e| e.to_string())?;
                        }
                        Ok(dev.signal_wait(&s, 25, Duration::from_secs(5)).map_err(|e| e.to_string())?)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("thread panicked".into()))).collect()
        });
        results.into_iter().collect()
    })
}
