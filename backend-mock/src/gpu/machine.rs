//! The compute engine runs a launch's machine code on the SASS interpreter
//! (`gpuiface-sass`): any kernel compiled for SM 8.7, not only the suite's.
//!
//! The QMD gives the program address, grid, block, register count, shared
//! memory and the constant buffers; the engine state gives the shared and
//! local windows and the bound local memory. Constants are read as the
//! kernel reads them (a QMD may declare a constant buffer larger than what
//! is mapped, as on hardware: only an access that reaches unmapped memory
//! faults). Programs are decoded once per code address (and host worker)
//! and re-checked against memory at each launch ([`gpuiface_sass::Code`]).
//!
//! ## Blocks on several host threads
//! Outside the stepped mode a launch's blocks run on up to
//! [`sm_threads`] host threads ([`gpuiface_sass::run_launch_parallel`]:
//! each worker owns one block's registers and shared memory, blocks take
//! distinct local-memory slots, atomics are compare-and-swap loops on the
//! backing's words, so no update is lost). The stepped mode runs the blocks
//! in order on one thread: its results never depend on a host schedule,
//! even for kernels whose result depends on the blocks' order (the values
//! atomics return, floating-point atomic sums, racing stores), which may
//! differ between runs in the other modes as on the GPU.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, OnceLock, PoisonError};

use gpuiface_hal::codec::qmd::{v03_00, Qmd};
use gpuiface_sass::{ConstBuffer, Fault, LaunchConfig, LocalMemory, Memory};

use super::compute::ComputeState;
use crate::mem::GpuVm;

/// A runaway kernel stops after this many warp-instructions (about a
/// minute of interpretation); a closed channel or a stopped GPU stops it sooner.
pub const MAX_WARP_INSTRUCTIONS: u64 = 1 << 33;

/// Host threads that run a launch's blocks at most (outside the stepped
/// mode): `GPUIFACE_MOCK_SM_THREADS` (1 = one thread), else the host's
/// available parallelism, at most 8.
pub fn sm_threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| {
        let env = std::env::var("GPUIFACE_MOCK_SM_THREADS").ok().and_then(|v| v.trim().parse::<usize>().ok());
        env.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(8)).clamp(1, 64)
    })
}

/// Decoded programs by code address: one per host worker that ran it.
#[derive(Default)]
pub(crate) struct CodeCache(Mutex<HashMap<u64, Vec<gpuiface_sass::Code>>>);

impl CodeCache {
    /// Take `n` decoded copies of the program at `va` out of the cache (new ones if absent).
    fn take(&self, va: u64, n: usize) -> Vec<gpuiface_sass::Code> {
        let mut m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let mut codes = m.remove(&va).unwrap_or_default();
        if codes.len() > n {
            // Leave the others for a launch of the same program meanwhile.
            m.insert(va, codes.split_off(n));
        }
        while codes.len() < n {
            codes.push(gpuiface_sass::Code::new(va));
        }
        codes
    }
    /// Put them back for the next launch (at most [`sm_threads`] copies are kept).
    fn put(&self, va: u64, mut codes: Vec<gpuiface_sass::Code>) {
        let mut m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = m.entry(va).or_default();
        slot.append(&mut codes);
        slot.truncate(sm_threads());
    }
}

/// The channel's VM as the interpreter's memory.
struct Vm<'a>(&'a dyn GpuVm);

impl Memory for Vm<'_> {
    fn read(&self, va: u64, out: &mut [u8]) -> Result<(), u64> {
        self.0.read(va, out)
    }
    fn write(&self, va: u64, data: &[u8]) -> Result<(), u64> {
        self.0.write(va, data)
    }
    fn atomic_u32(&self, va: u64, f: &mut dyn FnMut(u32) -> u32) -> Result<u32, u64> {
        let t = self.0.translate(va).filter(|t| t.writable && t.len >= 4 && t.offset % 4 == 0).ok_or(va)?;
        let a = t.backing.atomic_u32(t.offset);
        let mut old = a.load(Ordering::SeqCst);
        loop {
            match a.compare_exchange_weak(old, f(old), Ordering::SeqCst, Ordering::SeqCst) {
                Ok(v) => return Ok(v),
                Err(v) => old = v,
            }
        }
    }
    fn atomic_u64(&self, va: u64, f: &mut dyn FnMut(u64) -> u64) -> Result<u64, u64> {
        let t = self.0.translate(va).filter(|t| t.writable && t.len >= 8 && t.offset % 8 == 0).ok_or(va)?;
        let a = t.backing.atomic_u64(t.offset);
        let mut old = a.load(Ordering::SeqCst);
        loop {
            match a.compare_exchange_weak(old, f(old), Ordering::SeqCst, Ordering::SeqCst) {
                Ok(v) => return Ok(v),
                Err(v) => old = v,
            }
        }
    }
}

/// What a launch on the interpreter ended with.
pub(crate) enum Outcome {
    /// Ran to its end.
    Done(gpuiface_sass::Stats),
    /// Faulted at a GPU address (an MMU fault).
    Mmu(u64, String),
    /// Any other GR exception.
    Gr(String),
}

/// The launch configuration the QMD and the engine state describe.
fn config(qmd: &Qmd, state: &ComputeState) -> LaunchConfig {
    let mut const_buffers = [None; 18];
    // QMD V03_00 binds banks 0..=7.
    for (i, slot) in const_buffers.iter_mut().enumerate().take(8) {
        *slot = qmd.constant_buffer(i as u32).map(|(va, size)| ConstBuffer { va, size });
    }
    let low = qmd.get(v03_00::SHADER_LOCAL_MEMORY_LOW_SIZE) as u32;
    let high = qmd.get(v03_00::SHADER_LOCAL_MEMORY_HIGH_SIZE) as u32;
    let local_memory = (state.local_memory != 0).then_some(LocalMemory {
        base: state.local_memory,
        size: state.local_per_tpc,
        low,
        high,
    });
    LaunchConfig {
        grid: qmd.grid(),
        block: qmd.block(),
        registers: qmd.register_count(),
        shared_memory: qmd.shared_memory_size(),
        const_buffers,
        shared_window: state.shared_window,
        local_window: state.local_window,
        local_memory,
        max_warp_instructions: MAX_WARP_INSTRUCTIONS,
    }
}

/// Run the QMD's program on the interpreter: its blocks in order on this
/// thread when `in_order` (the stepped mode), else on up to [`sm_threads`] threads.
pub(crate) fn run(
    cache: &CodeCache,
    vm: &dyn GpuVm,
    qmd: &Qmd,
    state: &ComputeState,
    cancel: Option<&std::sync::atomic::AtomicBool>,
    in_order: bool,
) -> Outcome {
    let program = qmd.program_address();
    let cfg = config(qmd, state);
    let workers = if in_order { 1 } else { gpuiface_sass::workers_for(&cfg, sm_threads()) };
    let mut codes = cache.take(program, workers);
    let result = gpuiface_sass::run_launch_parallel(&mut codes, &Vm(vm), &cfg, cancel);
    cache.put(program, codes);
    match result {
        Ok(stats) => Outcome::Done(stats),
        Err(Fault::Mmu { va, write, pc }) => {
            Outcome::Mmu(va, format!("kernel {} by the instruction at {pc:#x}", if write { "write" } else { "read" }))
        }
        Err(e) => Outcome::Gr(e.to_string()),
    }
}
