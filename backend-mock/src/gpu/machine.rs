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

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError, Weak};
use std::time::{Duration, Instant};

use gpuiface_hal::codec::qmd::{v03_00, Qmd};
use gpuiface_sass::{ConstBuffer, Fault, LaunchConfig, LocalMemory, Memory};

use super::compute::ComputeState;
use crate::mem::{Backing, GpuVm, Translation};

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
///
/// Each host thread running the launch keeps the last few translations it
/// used ([`RECENT`]): while the VM's generation ([`GpuVm::generation`]) is the
/// same and an access lies within that mapping, it goes to the backing
/// without the VM's lock and its map lookup; a mapping made, removed or
/// changed meanwhile moves the generation, and the access translates
/// again (the faults are the VM's own). A kept translation holds a
/// reference to its backing only until the thread's part of the launch
/// ends ([`Memory::release_thread`]).
struct Vm<'a>(&'a dyn GpuVm);

/// A translation a launch's host thread keeps between accesses ([`Vm`]).
struct Recent {
    /// The VM it came from (its address: one VM per launch).
    vm: usize,
    generation: u64,
    /// The address translated: `t` covers `[va, va + t.len)`.
    va: u64,
    t: Translation,
}

/// Translations a thread keeps: a kernel's accesses alternate between a
/// few buffers (its inputs, its output, its constant bank).
const KEPT: usize = 4;

/// The translations a launch's host thread keeps, and the slot the next
/// one replaces.
struct RecentSet {
    kept: [Option<Recent>; KEPT],
    next: usize,
}

thread_local! {
    static RECENT: RefCell<RecentSet> = const { RefCell::new(RecentSet { kept: [const { None }; KEPT], next: 0 }) };
}

impl Vm<'_> {
    fn id(&self) -> usize {
        std::ptr::from_ref(self.0).cast::<()>() as usize
    }

    /// `f(backing, offset)` for the `len` bytes at `va`, where one mapping
    /// holds them all (and, for a write, is writable), through this
    /// thread's recent translation where it is still valid (a VM that
    /// does not track its generation translates each access). `None`: the
    /// bytes cross a mapping's end, are unmapped or read-only, or `f`
    /// declined: the general path then does the access (and finds its
    /// fault).
    fn direct<R>(&self, va: u64, len: usize, write: bool, f: impl FnOnce(&Backing, usize) -> Option<R>) -> Option<R> {
        let usable = |t: &Translation, within: usize| t.len - within >= len && (!write || t.writable);
        let Some(generation) = self.0.generation() else {
            // Not tracked: translated for this access alone.
            let t = self.0.translate(va)?;
            return if usable(&t, 0) { f(&t.backing, t.offset) } else { None };
        };
        let id = self.id();
        RECENT.with(|recent| {
            let mut set = recent.borrow_mut();
            let valid = |r: &Recent| r.vm == id && r.generation == generation && va.wrapping_sub(r.va) < r.t.len as u64;
            let slot = match set.kept.iter().position(|r| r.as_ref().is_some_and(valid)) {
                Some(k) => k,
                None => {
                    let k = set.next;
                    set.next = (k + 1) % KEPT;
                    set.kept[k] = Some(Recent { vm: id, generation, va, t: self.0.translate(va)? });
                    k
                }
            };
            let r = set.kept[slot].as_ref()?;
            let within = usize::try_from(va - r.va).ok()?;
            if !usable(&r.t, within) {
                return None;
            }
            f(&r.t.backing, r.t.offset + within)
        })
    }
}

impl Memory for Vm<'_> {
    fn read(&self, va: u64, out: &mut [u8]) -> Result<(), u64> {
        let len = out.len();
        let read = |b: &Backing, off: usize| {
            b.read(off, out);
            Some(())
        };
        if self.direct(va, len, false, read).is_some() {
            return Ok(());
        }
        self.0.read(va, out)
    }
    fn write(&self, va: u64, data: &[u8]) -> Result<(), u64> {
        let write = |b: &Backing, off: usize| {
            b.write(off, data);
            Some(())
        };
        if self.direct(va, data.len(), true, write).is_some() {
            return Ok(());
        }
        self.0.write(va, data)
    }
    fn atomic_u32(&self, va: u64, f: &mut dyn FnMut(u32) -> u32) -> Result<u32, u64> {
        let cas = |b: &Backing, off: usize| {
            off.is_multiple_of(4).then(|| {
                let a = b.atomic_u32(off);
                let mut old = a.load(Ordering::SeqCst);
                loop {
                    match a.compare_exchange_weak(old, f(old), Ordering::SeqCst, Ordering::SeqCst) {
                        Ok(v) => return v,
                        Err(v) => old = v,
                    }
                }
            })
        };
        self.direct(va, 4, true, cas).ok_or(va)
    }
    fn atomic_u64(&self, va: u64, f: &mut dyn FnMut(u64) -> u64) -> Result<u64, u64> {
        let cas = |b: &Backing, off: usize| {
            off.is_multiple_of(8).then(|| {
                let a = b.atomic_u64(off);
                let mut old = a.load(Ordering::SeqCst);
                loop {
                    match a.compare_exchange_weak(old, f(old), Ordering::SeqCst, Ordering::SeqCst) {
                        Ok(v) => return v,
                        Err(v) => old = v,
                    }
                }
            })
        };
        self.direct(va, 8, true, cas).ok_or(va)
    }
    fn release_thread(&self) {
        RECENT.with(|recent| recent.borrow_mut().kept = [const { None }; KEPT]);
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, AtomicUsize};
    use std::sync::Arc;

    use super::*;

    /// One mapping at `BASE` that can be removed, with its generation and
    /// a count of translations.
    struct Tracked {
        backing: Mutex<Option<Arc<Backing>>>,
        generation: AtomicU64,
        translations: AtomicUsize,
    }

    const BASE: u64 = 0x10_0000;

    impl GpuVm for Tracked {
        fn translate(&self, va: u64) -> Option<Translation> {
            self.translations.fetch_add(1, Ordering::Relaxed);
            let b = self.backing.lock().unwrap().clone()?;
            let off = usize::try_from(va.checked_sub(BASE)?).ok()?;
            (off < b.len()).then(|| Translation { len: b.len() - off, backing: b, offset: off, writable: true })
        }
        fn generation(&self) -> Option<u64> {
            Some(self.generation.load(Ordering::Acquire))
        }
    }

    #[test]
    fn kept_translations_serve_until_the_vm_changes_and_go_with_the_thread() {
        let b = Arc::new(Backing::new("t", 4096).unwrap());
        let vm = Tracked {
            backing: Mutex::new(Some(b.clone())),
            generation: AtomicU64::new(0),
            translations: AtomicUsize::new(0),
        };
        let mem = Vm(&vm);
        mem.write(BASE + 8, &7u32.to_le_bytes()).unwrap();
        let mut out = [0u8; 4];
        for _ in 0..100 {
            mem.read(BASE + 8, &mut out).unwrap();
        }
        assert_eq!(u32::from_le_bytes(out), 7);
        assert_eq!(mem.atomic_u32(BASE + 8, &mut |v| v + 1), Ok(7));
        assert_eq!(vm.translations.load(Ordering::Relaxed), 1, "one translation serves the mapping's accesses");
        assert_eq!(Arc::strong_count(&b), 3, "the test's, the VM's and the kept translation's");
        // Unmapped: the generation moves first, and the next access faults.
        *vm.backing.lock().unwrap() = None;
        vm.generation.fetch_add(1, Ordering::AcqRel);
        assert_eq!(mem.read(BASE + 8, &mut out), Err(BASE + 8));
        assert_eq!(mem.atomic_u32(BASE + 8, &mut |v| v), Err(BASE + 8));
        // Mapped again: translated again, then kept.
        *vm.backing.lock().unwrap() = Some(b.clone());
        vm.generation.fetch_add(1, Ordering::AcqRel);
        let before = vm.translations.load(Ordering::Relaxed);
        mem.read(BASE + 8, &mut out).unwrap();
        mem.read(BASE + 12, &mut out).unwrap();
        assert_eq!(vm.translations.load(Ordering::Relaxed), before + 1);
        // An access past the mapping's end is the VM's own (the fault at its first unmapped byte).
        assert_eq!(mem.read(BASE + 4094, &mut out), Err(BASE + 4096));
        // The thread's part of the launch ends: the backing is no longer referenced.
        mem.release_thread();
        assert_eq!(Arc::strong_count(&b), 2);
    }
}
