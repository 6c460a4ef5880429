//! The QMD race as a stress test that runs on every backend, the real one
//! included (issue 21 item 6): the stepped-GPU race cases are mock-only, so
//! on an Orin this is where seed 002's hazard would show.
//!
//! Bursts of back-to-back launches of the `spin` kernel from one replayed
//! queue (its command memory reused round after round; under
//! `RuntimeFoldedReuse` its QMD slots too), each launch with its own output
//! slot, tag and signal value, under every policy the runtime offers. While
//! a burst runs, the CPU watches the signal: whenever it reads `base + n`,
//! the outputs of launches `0..n` must already hold exactly what those
//! launches compute — a launch that ran with another's arguments, or a
//! release that came before its kernel's writes, is reported as the hazard.
//! Bounded: at most [`BURSTS`] bursts of [`BURST`] launches per policy, and
//! no new burst after [`TIME_BUDGET`].

use std::time::{Duration, Instant};

use super::with_runtime;
use crate::support::{self, RacePolicy};
use crate::{ensure, CaseResult, Ctx};

/// Launches per burst (each writes its own 8-byte output slot).
const BURST: u64 = 16;
/// Bursts per policy, at most.
const BURSTS: u64 = 40;
/// No new burst starts after this much time in one policy.
const TIME_BUDGET: Duration = Duration::from_secs(20);
/// `spin`'s iterations per launch: short work, many launches.
const ITERS: u32 = 2000;

/// What launch `i` of a burst writes: `tag << 32 | x`, `tag = i + 1`, `x`
/// the tag after `ITERS` LCG steps (what `spin.ptx` computes).
fn expected(i: u64) -> u64 {
    let tag = i as u32 + 1;
    let mut x = tag;
    for _ in 0..ITERS {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    }
    (u64::from(tag) << 32) | u64::from(x)
}

pub(super) fn qmd_race_stress_checks_every_signal_and_output(ctx: &Ctx) -> CaseResult {
    let want: Vec<u64> = (0..BURST).map(expected).collect();
    with_runtime(ctx, |dev, rt| {
        for policy in RacePolicy::SAFE {
            let mut rig = support::RaceRig::new(rt, policy, ITERS)?;
            let started = Instant::now();
            let mut base = 0u64;
            let mut bursts = 0;
            while bursts < BURSTS && (bursts == 0 || started.elapsed() < TIME_BUDGET) {
                rig.out.write(0, &[0u8; 8 * BURST as usize]).map_err(|e| e.to_string())?;
                for i in 0..BURST {
                    rig.submit(i, base + i + 1)?;
                }
                let view = rig.out.cpu().ok_or("the output buffer has no CPU mapping")?;
                let end = Instant::now() + Duration::from_secs(10);
                loop {
                    // Read the signal first: launches up to it have completed.
                    let seen = rig.signal.value();
                    ensure!(
                        seen <= base + BURST,
                        "{policy:?}: signal {seen} past the burst's last value {}",
                        base + BURST
                    );
                    let done = seen.saturating_sub(base);
                    for (j, w) in want.iter().enumerate().take(done as usize) {
                        let got = view.read_u64(8 * j as u64).map_err(|e| e.to_string())?;
                        ensure!(
                            got == *w,
                            "{policy:?} burst {bursts}: the signal reads {seen} but launch {j} wrote {got:#x}, not {w:#x} (the QMD race)"
                        );
                    }
                    if done == BURST {
                        break;
                    }
                    ensure!(Instant::now() < end, "{policy:?} burst {bursts}: the signal stopped at {seen}");
                    std::thread::yield_now();
                }
                dev.signal_wait(&rig.signal, base + BURST, Duration::from_secs(10)).map_err(|e| e.to_string())?;
                base += BURST;
                bursts += 1;
            }
            rt.synchronize().map_err(|e| e.to_string())?;
            ensure!(rig.signal.value() == base, "{policy:?}: final signal {} != {base}", rig.signal.value());
            rig.release()?;
        }
        Ok(())
    })
}
