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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError, Weak};
use std::time::{Duration, Instant};

use gpuiface_hal::codec::qmd::{v03_00, Qmd};
use gpuiface_sass::{ConstBuffer, Fault, LaunchConfig, LocalMemory, Memory};

use super::compute::ComputeState;
use crate::mem::{Backing, GpuVm};

/// A runaway kernel stops after this many warp-instructions (about a
/// minute of interpretation), or sooner at its time budget
/// ([`KERNEL_WATCHDOG`]); a closed channel or a stopped GPU stops it sooner.
pub const MAX_WARP_INSTRUCTIONS: u64 = 1 << 33;

/// The host time a launch on the interpreter may take before the compute
/// watchdog stops it and faults its channel with
/// `NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT` (5 s; [`Gpu::set_kernel_watchdog`],
/// env `GPUIFACE_MOCK_KERNEL_WATCHDOG_MS`). Half the runtime's default wait
/// timeout (10 s), so a runaway kernel is a reported fault, in every mode,
/// before a wait on it gives up.
///
/// [`Gpu::set_kernel_watchdog`]: super::Gpu::set_kernel_watchdog
pub const KERNEL_WATCHDOG: Duration = Duration::from_secs(5);

/// The watchdog a new GPU starts with: `GPUIFACE_MOCK_KERNEL_WATCHDOG_MS`, else [`KERNEL_WATCHDOG`].
pub(super) fn default_watchdog_ns() -> u64 {
    let env = std::env::var("GPUIFACE_MOCK_KERNEL_WATCHDOG_MS").ok().and_then(|v| v.trim().parse::<u64>().ok());
    env.map_or(KERNEL_WATCHDOG.as_nanos() as u64, |ms| ms.saturating_mul(1_000_000))
}

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

/// The most bytes of decoded code the device's cache keeps between
/// launches (64 MiB): past it, the programs launched longest ago go.
pub const CODE_CACHE_BYTES: u64 = 64 << 20;

/// The most programs the device's cache keeps between launches.
pub const CODE_CACHE_PROGRAMS: usize = 1024;

/// Decoded copies of one program kept for launches that run at once.
const COPIES_PER_PROGRAM: usize = 2;

/// One cached program.
struct Entry {
    /// Decoded programs not in use (one per launch of it that ran at once, at most [`COPIES_PER_PROGRAM`]).
    codes: Vec<gpuiface_sass::Code>,
    /// The memory the program was read from: once it is freed the entry goes.
    backing: Weak<Backing>,
    /// When it was last put back (the cache's clock).
    used: u64,
}

#[derive(Default)]
struct Programs {
    entries: HashMap<u64, Entry>,
    clock: u64,
}

/// Decoded programs by code address, kept between launches and shared by
/// every host worker of a launch (one [`gpuiface_sass::Code`] per launch
/// running, not per worker).
///
/// Bounded: at most [`CODE_CACHE_BYTES`] of decoded code and
/// [`CODE_CACHE_PROGRAMS`] programs are kept between launches (the least
/// recently used go first); a program whose memory was freed (its backing
/// dropped: the buffer freed and unmapped) goes at the next launch on the
/// device. A running launch holds its own program outside the cache, and
/// that program's table is proportional to the instructions it reached
/// ([`gpuiface_sass::Code::bytes`]).
#[derive(Default)]
pub(crate) struct CodeCache(Mutex<Programs>);

impl CodeCache {
    /// Take a decoded copy of the program at `va` out of the cache (a new one if
    /// none is free, or if the memory there is no longer the one it was read from).
    fn take(&self, va: u64, backing: &Weak<Backing>) -> gpuiface_sass::Code {
        let mut m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(e) = m.entries.get_mut(&va) {
            if Weak::ptr_eq(&e.backing, backing) {
                if let Some(code) = e.codes.pop() {
                    return code;
                }
            } else {
                m.entries.remove(&va);
            }
        }
        gpuiface_sass::Code::new(va)
    }

    /// Put it back for the next launch, then keep the cache within its bounds.
    fn put(&self, va: u64, backing: Weak<Backing>, code: gpuiface_sass::Code) {
        let mut m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        m.clock += 1;
        let used = m.clock;
        let e = m.entries.entry(va).or_insert_with(|| Entry { codes: Vec::new(), backing: backing.clone(), used });
        if !Weak::ptr_eq(&e.backing, &backing) {
            *e = Entry { codes: Vec::new(), backing, used };
        }
        e.used = used;
        if e.codes.len() < COPIES_PER_PROGRAM {
            e.codes.push(code);
        }
        // Programs whose memory is gone, then the least recently used past the bounds.
        m.entries.retain(|_, e| e.backing.strong_count() > 0 && !e.codes.is_empty());
        let mut bytes: u64 = m.entries.values().flat_map(|e| &e.codes).map(gpuiface_sass::Code::bytes).sum();
        while bytes > CODE_CACHE_BYTES || m.entries.len() > CODE_CACHE_PROGRAMS {
            let Some(oldest) = m.entries.iter().min_by_key(|(_, e)| e.used).map(|(va, _)| *va) else { break };
            if let Some(e) = m.entries.remove(&oldest) {
                bytes -= e.codes.iter().map(gpuiface_sass::Code::bytes).sum::<u64>();
            }
        }
    }

    /// Bytes of decoded code the cache holds now, and how many programs.
    pub(crate) fn usage(&self) -> (u64, usize) {
        let m = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let bytes = m.entries.values().flat_map(|e| &e.codes).map(gpuiface_sass::Code::bytes).sum();
        (bytes, m.entries.len())
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
    /// Ran past its time budget (the compute watchdog).
    Timeout(String),
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
/// thread when `in_order` (the stepped mode), else on up to [`sm_threads`]
/// threads; stopped by `cancel` or once `budget` of host time has passed.
pub(crate) fn run(
    cache: &CodeCache,
    vm: &dyn GpuVm,
    qmd: &Qmd,
    state: &ComputeState,
    cancel: Option<&AtomicBool>,
    in_order: bool,
    budget: Duration,
) -> Outcome {
    let program = qmd.program_address();
    let cfg = config(qmd, state);
    let workers = if in_order { 1 } else { sm_threads() };
    let backing = vm.translate(program).map(|t| std::sync::Arc::downgrade(&t.backing)).unwrap_or_default();
    let mut code = cache.take(program, &backing);
    let deadline = Instant::now().checked_add(budget);
    let result = code.run(&Vm(vm), &cfg, workers, cancel, deadline);
    cache.put(program, backing, code);
    match result {
        Ok(stats) => Outcome::Done(stats),
        Err(Fault::Mmu { va, write, pc }) => {
            Outcome::Mmu(va, format!("kernel {} by the instruction at {pc:#x}", if write { "write" } else { "read" }))
        }
        Err(Fault::Stopped(why)) if why == gpuiface_sass::exec::PAST_DEADLINE => Outcome::Timeout(format!(
            "the kernel at {program:#x} ran past the compute watchdog's {} ms",
            budget.as_millis()
        )),
        Err(e) => Outcome::Gr(e.to_string()),
    }
}
