//! The compute engine runs a launch's machine code on the SASS interpreter
//! (`gpuiface-sass`): any kernel compiled for SM 8.7, not only the suite's.
//!
//! The QMD gives the program address, grid, block, register count, shared
//! memory and the constant buffers; the engine state gives the shared and
//! local windows and the bound local memory. Constants are read as the
//! kernel reads them (a QMD may declare a constant buffer larger than what
//! is mapped, as on hardware: only an access that reaches unmapped memory
//! faults). Programs are decoded once per code address and re-checked
//! against memory at each launch ([`gpuiface_sass::Code`]).

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, PoisonError};

use gpuiface_hal::codec::qmd::{v03_00, Qmd};
use gpuiface_sass::{ConstBuffer, Fault, LaunchConfig, LocalMemory, Memory};

use super::compute::ComputeState;
use crate::mem::GpuVm;

/// A runaway kernel stops after this many warp-instructions (about a
/// minute of interpretation); a closed channel or a stopped GPU stops it sooner.
pub const MAX_WARP_INSTRUCTIONS: u64 = 1 << 33;

/// Decoded programs by code address.
#[derive(Default)]
pub(crate) struct CodeCache(Mutex<HashMap<u64, gpuiface_sass::Code>>);

impl CodeCache {
    /// Take the program at `va` out of the cache (a new one if absent).
    fn take(&self, va: u64) -> gpuiface_sass::Code {
        let mut m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        m.remove(&va).unwrap_or_else(|| gpuiface_sass::Code::new(va))
    }
    /// Put it back for the next launch.
    fn put(&self, code: gpuiface_sass::Code) {
        let mut m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        m.insert(code.base(), code);
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

/// Run the QMD's program on the interpreter.
pub(crate) fn run(
    cache: &CodeCache,
    vm: &dyn GpuVm,
    qmd: &Qmd,
    state: &ComputeState,
    cancel: &std::sync::atomic::AtomicBool,
) -> Outcome {
    let program = qmd.program_address();
    let cfg = config(qmd, state);
    let mut code = cache.take(program);
    let result = gpuiface_sass::run_launch(&mut code, &Vm(vm), &cfg, Some(cancel));
    cache.put(code);
    match result {
        Ok(stats) => Outcome::Done(stats),
        Err(Fault::Mmu { va, write, pc }) => {
            Outcome::Mmu(va, format!("kernel {} by the instruction at {pc:#x}", if write { "write" } else { "read" }))
        }
        Err(e) => Outcome::Gr(format!("kernel at {program:#x}: {e}")),
    }
}
