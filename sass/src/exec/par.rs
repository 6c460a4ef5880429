//! A launch's blocks on several host threads.
//!
//! ## Why the result is the hardware's
//! The blocks of a grid are independent on the GPU: each has its own
//! registers, shared memory and local-memory slots, and the only state
//! they share is global memory. Here each host thread (a *worker*) owns one
//! [`Block`] (registers, shared memory), all share one [`Code`] (decoded
//! instructions: block 0 runs first, alone, and the others find what it
//! decoded), and each takes the next block indices from a shared counter
//! (a few at a time where blocks are many: a take passes the counter's
//! cache line between cores); blocks running at once get distinct
//! local-memory slots. Global memory is
//! the caller's [`Memory`], which is `Sync`, so:
//! - plain loads and stores of different blocks may interleave in any
//!   order, as they may on the GPU (in the mock every access to GPU memory
//!   is an atomic copy, `gpuiface_hal::shared_mem`, so a race is never
//!   undefined behaviour on the host);
//! - atomics and reductions (`ATOMG`, `RED`, `ATOM`) across blocks stay
//!   exact: each is one [`Memory::atomic_u32`]/[`Memory::atomic_u64`], a
//!   compare-and-swap loop on the host word, so no update is lost whatever
//!   the interleaving. What depends on the order (the old values atomics
//!   return, a floating-point sum's rounding, which of two racing stores
//!   lands last) may differ between runs, as on the GPU.
//!
//! A caller that needs the same result on every run (the mock's stepped
//! mode) uses [`run_launch`](super::run_launch), which runs the blocks in
//! order on one thread.
//!
//! ## Bounded work
//! Host memory is per worker (one block's registers and shared memory),
//! never per grid. The instruction budget is the launch's: each block runs
//! with what the launch has left when it starts, so concurrent blocks
//! overrun it by at most `workers - 1` blocks' budgets. The caller's
//! `cancel` flag is polled by every worker between warp time slices, and
//! the first fault halts every other worker the same way.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::warp::Block;
use super::{ctaid_of, Code, Fault, LaunchConfig, Memory, Stats, Stop};

/// How many workers a launch of `cfg` can use, at most `wanted`: no more
/// than its blocks, and no more blocks at once than the bound local memory
/// has thread slots for (as on the GPU, where local memory bounds how many
/// blocks are resident).
pub fn workers_for(cfg: &LaunchConfig, wanted: usize) -> usize {
    // Saturating: the configuration comes from a QMD (data); Block::new refuses what cannot run.
    let product = |d: [u32; 3]| d.iter().fold(1u64, |p, &x| p.saturating_mul(u64::from(x)));
    let mut n = (wanted.max(1) as u64).min(product(cfg.grid).max(1));
    if let Some(lm) = cfg.local_memory {
        let per_thread = u64::from(lm.low) + u64::from(lm.high);
        let per_block = per_thread.saturating_mul(product(cfg.block).div_ceil(32).saturating_mul(32));
        if let Some(fit) = lm.size.checked_div(per_block) {
            n = n.min(fit.max(1));
        }
    }
    n as usize
}

/// Run a whole launch on `codes.len()` worker threads (all programs at the
/// same address; see [`workers_for`] for how many a launch can use). The
/// workers share the first [`Code`] (its decoded instructions are read once
/// per launch, whichever worker reaches them first); the other elements are
/// not used and only give the number of workers. With one code, or a grid of
/// one block, it is [`run_launch`](super::run_launch) on the caller's thread.
///
/// A fault ends the launch; when several blocks fault, the one with the
/// lowest block index is returned. `cancel` stops every worker.
pub fn run_launch_parallel(
    codes: &mut [Code],
    mem: &dyn Memory,
    cfg: &LaunchConfig,
    cancel: Option<&AtomicBool>,
) -> Result<Stats, Fault> {
    let workers = codes.len();
    let Some(first) = codes.first_mut() else {
        return Err(Fault::Control("a launch needs at least one program".into()));
    };
    first.run(mem, cfg, workers, cancel, None)
}

impl Code {
    /// Run a whole launch of this program on up to `workers` host threads
    /// (the caller's and `workers - 1` more; [`workers_for`] says how many
    /// the launch can use), all sharing this decoded program. One worker
    /// runs the blocks in order on the caller's thread, as
    /// [`run_launch`](super::run_launch) does.
    ///
    /// `cancel` stops every worker ([`Fault::Stopped`], "the channel was
    /// closed"); so does `deadline` once passed ([`Fault::Stopped`] with
    /// [`PAST_DEADLINE`](super::PAST_DEADLINE)): the flags are polled
    /// between warp time slices, the clock every few of them, so a launch
    /// stops within a few thousand warp-instructions of either.
    pub fn run(
        &mut self,
        mem: &dyn Memory,
        cfg: &LaunchConfig,
        workers: usize,
        cancel: Option<&AtomicBool>,
        deadline: Option<Instant>,
    ) -> Result<Stats, Fault> {
        // This thread's part ends with the launch, however it ends.
        let _release = super::ReleaseThread(mem);
        let workers = workers_for(cfg, workers);
        if workers <= 1 {
            return super::in_order(self, mem, cfg, Stop { cancel, halt: None, deadline });
        }
        // Block 0 runs first, alone, as in order: the code it reaches is
        // read as the launch starts, and every worker then uses that decoded
        // program, so a kernel that writes over its own code (a race on the
        // GPU too) reads the same code there whatever the host schedule.
        self.begin_launch();
        let code: &Code = self;
        let mut stats0 = Stats::default();
        let mut block0 = Block::new(cfg)?;
        let consts = super::consts::Consts::load(mem, cfg);
        let consts = &consts;
        block0.reset(ctaid_of(cfg, 0));
        block0.run(&mut code.cursor(), mem, cfg, consts, &mut stats0, Stop { cancel, halt: None, deadline })?;
        drop(block0);
        let blocks = cfg.grid.iter().fold(1u64, |p, &x| p.saturating_mul(u64::from(x)));
        // Block::new (below, per worker) refuses a block of more than 1024 threads.
        let threads = cfg.block.iter().fold(1u64, |p, &x| p.saturating_mul(u64::from(x)));
        let slots_per_block = threads.div_ceil(32).saturating_mul(32);
        let next = AtomicU64::new(1);
        // Blocks a worker takes at once: one take of the shared counter (a
        // cache line the workers pass between cores) per several short
        // blocks, while each worker still takes 32 or more times, so the
        // last ones end close together.
        let chunk = (blocks / (workers as u64 * 32)).clamp(1, MAX_CHUNK);
        let used = AtomicU64::new(stats0.warp_instructions);
        let thread_instructions = AtomicU64::new(stats0.thread_instructions);
        let halt = AtomicBool::new(false);
        // (block index, fault) of the lowest faulting block.
        let fault: Mutex<Option<(u64, Fault)>> = Mutex::new(None);
        let stop = Stop { cancel, halt: Some(&halt), deadline };
        let work = |w: usize| {
            let mut block = match Block::new(cfg) {
                Ok(b) => b,
                Err(e) => return record(&fault, &halt, 0, e),
            };
            block.local_slot = (w as u64).saturating_mul(slots_per_block);
            let mut cursor = code.cursor();
            let mut own = cfg.clone();
            // This worker's thread-instructions, added to the launch's once
            // it ends (no budget reads them).
            let mut threads = 0u64;
            let (mut id, mut end) = (0u64, 0u64);
            let result = loop {
                if stop.stopped() {
                    break Ok(());
                }
                if id == end {
                    id = next.fetch_add(chunk, Ordering::Relaxed);
                    end = id.saturating_add(chunk).min(blocks);
                    if id >= blocks {
                        break Ok(());
                    }
                }
                own.max_warp_instructions = cfg.max_warp_instructions.saturating_sub(used.load(Ordering::Relaxed));
                let mut stats = Stats::default();
                block.reset(ctaid_of(cfg, id));
                let result = block.run(&mut cursor, mem, &own, consts, &mut stats, stop);
                used.fetch_add(stats.warp_instructions, Ordering::Relaxed);
                threads += stats.thread_instructions;
                if let Err(e) = result {
                    break Err((id, e));
                }
                id += 1;
            };
            thread_instructions.fetch_add(threads, Ordering::Relaxed);
            if let Err((id, e)) = result {
                record(&fault, &halt, id, e);
            }
        };
        std::thread::scope(|s| {
            for i in 1..workers {
                let work = &work;
                // No thread to be had: the workers that run take its blocks.
                let _ = std::thread::Builder::new().name("gpuiface-sass-sm".into()).spawn_scoped(s, move || {
                    let _release = super::ReleaseThread(mem);
                    work(i)
                });
            }
            // The caller's thread is worker 0.
            work(0);
        });
        if let Some((_, e)) = fault.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        // Workers stop taking blocks once cancelled, without a fault of their own.
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Fault::Stopped(super::CANCELLED));
        }
        Ok(Stats { warp_instructions: used.into_inner(), thread_instructions: thread_instructions.into_inner() })
    }
}

/// The most blocks a worker takes from the shared counter at once.
const MAX_CHUNK: u64 = 16;

/// Keep the fault of the lowest block index, and halt the other workers.
fn record(slot: &Mutex<Option<(u64, Fault)>>, halt: &AtomicBool, id: u64, e: Fault) {
    // A block stopped only because another one faulted is not the cause.
    if matches!(e, Fault::Stopped(_)) && halt.load(Ordering::Relaxed) {
        return;
    }
    halt.store(true, Ordering::Relaxed);
    let mut f = slot.lock().unwrap_or_else(|p| p.into_inner());
    if f.as_ref().is_none_or(|(at, _)| id < *at) {
        *f = Some((id, e));
    }
}
