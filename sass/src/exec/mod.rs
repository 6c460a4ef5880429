//! The interpreter: runs a launch's blocks, warp by warp, over [`Memory`].
//!
//! ## Model
//! - A block's threads are split into warps of 32 lanes. Each lane has its
//!   own program counter (independent thread scheduling, as on Volta and
//!   later). A warp runs one path at a time: the lanes it ran last go on
//!   until they wait or exit; a branch that splits them keeps the other side
//!   for later, and the side kept last runs next (then the lowest program
//!   counter among the rest). So one side of a divergent branch reaches its
//!   convergence barrier (`BSSY`/`BSYNC`) before the other starts, and the
//!   lanes meet again there; `WARPSYNC` makes lanes wait for their mask.
//! - Warps of a block run one at a time, each until it blocks (`BAR`,
//!   `BSYNC` waiting for other lanes), exits, or uses its time slice; a
//!   barrier no warp can pass is a fault, never a hang.
//! - Scheduling bits are ignored: in-order execution is a legal schedule.
//! - Work is bounded: registers and shared memory are allocated per block
//!   (not per grid), an instruction budget and a cancellation flag stop a
//!   runaway kernel, and the first faulting access ends the launch.
//!
//! ## Fast paths, and the per-lane path they must equal
//! The model above is what the per-lane path does: choose the lanes at
//! the lowest pc among those of the running path, run the instruction
//! lane by lane, advance each lane's pc. Three fast paths do the same work
//! with less of it ([`set_fast_path`], `GPUIFACE_SASS_PER_LANE=1` to turn
//! them off):
//! - a warp whose running path is at one pc steps as one: one pc advanced,
//!   no per-lane search, while the lanes of other paths (a divergent warp)
//!   wait at up to eight other pcs that the path is checked against;
//!   control flow that splits the path, and every change of a lane's state
//!   (`EXIT`, `BSYNC`, `BAR`, `WARPSYNC`), go back to per-lane pcs;
//! - registers are rows of 32 lanes, and the common integer, move and
//!   `FFMA` instructions compute all 32 lanes as arrays and write the
//!   executing ones with a blend (when 4 or more execute);
//! - a load or store whose lanes cover one contiguous aligned span is one
//!   copy; other 4- to 16-byte loads compute the warp's addresses at once
//!   and serve equal addresses once. Any access that would fault, or is
//!   out of range, is redone lane by lane, so the fault is the one the
//!   per-lane path raises.
//!
//! The commonest forms (index arithmetic with no carry, moves, `S2R` of
//! the indices, `ISETP`, `FFMA.RN`, `ULDC`, paired-half operations of
//! immediates, `BMOV` between barrier registers, whole-word `LDG`/`STG`
//! through a register pair and `LDS`) are prepared once, when decoded,
//! into a `Uop` (`uop.rs`): registers and sources as fields, so that
//! running one for the warp is its row arithmetic alone; the
//! instruction's own code still runs it where fewer than 4 lanes execute
//! (and a memory form wherever its whole-warp path cannot serve the
//! access), and is the reference. A converged warp runs a straight run of
//! prepared forms in a loop of its own (`run_prepared` in `warp.rs`), its
//! pc and counts kept locally, and reads its instructions through a
//! direct-mapped cache of the decoded program kept for the launch.
//!
//! A few row kernels (`FFMA` in each rounding mode, `IMAD.WIDE`, the
//! layout test of shared-memory loads, the consecutive-address test of
//! global ones) are compiled twice, for baseline x86-64 and for AVX2 with
//! FMA, and the host's copy is chosen once at run time (`host.rs`): the
//! same code, so the same bits.
//!
//! Both paths run the same instructions on the same lanes in the same
//! order: `sass/tests/fast_path.rs` compares their memory and instruction
//! counts, and CI runs the corpus, the random programs, the PTX sweep and
//! tinygrad's kernels on the per-lane path against the same exact
//! references.
//!
//! Memory: global accesses go through [`Memory`] (the GPU VM: an unmapped
//! or read-only access is the fault with its address); constant banks are
//! read from the buffers the QMD binds once, as the launch starts (`consts.rs`
//! says why and when a bank is read on access instead); shared memory is the
//! block's own; local memory is each thread's slice of the bound local
//! memory (see [`LaunchConfig::local_memory`]).

mod alu;
mod barrier;
mod bits;
mod code;
mod consts;
mod convert;
mod farith;
mod flat;
mod float_ops;
mod half;
mod host;
mod memops;
mod more;
mod par;
mod tensor;
pub(crate) mod uop;
mod warp;

// The exact soft-float behind the directed rounding modes (float_ops, farith, convert).
mod softfloat;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub use code::Code;
pub use flat::FlatMemory;
pub use par::{run_launch_parallel, workers_for};
pub use warp::{fast_path, set_fast_path};

use crate::decode::DecodeError;

/// GPU memory as the interpreter sees it: the channel's virtual address space.
pub trait Memory: Sync {
    /// Read `out.len()` bytes at `va`; `Err(va)` of the first byte that faults.
    fn read(&self, va: u64, out: &mut [u8]) -> Result<(), u64>;
    /// Write `data` at `va`; `Err(va)` of the first byte that faults (unmapped or read-only).
    fn write(&self, va: u64, data: &[u8]) -> Result<(), u64>;
    /// Atomically replace the 32-bit word at `va` (4-byte aligned) with `f(old)`; returns `old`.
    fn atomic_u32(&self, va: u64, f: &mut dyn FnMut(u32) -> u32) -> Result<u32, u64>;
    /// Atomically replace the 64-bit word at `va` (8-byte aligned) with `f(old)`; returns `old`.
    fn atomic_u64(&self, va: u64, f: &mut dyn FnMut(u64) -> u64) -> Result<u64, u64>;

    /// The calling thread has done its part of a launch: drop whatever it
    /// kept for this memory between accesses (a recent translation and the
    /// reference to its mapping). The interpreter calls it on each thread
    /// that ran blocks, before the launch returns. Provided: nothing is
    /// kept.
    fn release_thread(&self) {}
}

/// Calls [`Memory::release_thread`] when dropped: at every exit of a
/// launch's thread, faults included.
pub(crate) struct ReleaseThread<'a>(pub(crate) &'a dyn Memory);

impl Drop for ReleaseThread<'_> {
    fn drop(&mut self) {
        self.0.release_thread();
    }
}

/// Why a launch stopped before its end: the GR exception the hardware raises.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// An access to an unmapped (or, for a write, read-only) address: an MMU fault.
    #[error("MMU fault at {va:#x} ({}) by the instruction at {pc:#x}", if *write { "write" } else { "read" })]
    Mmu {
        /// The faulting address.
        va: u64,
        /// A write.
        write: bool,
        /// The instruction's offset in the program.
        pc: u64,
    },
    /// A word the decoder does not know: an illegal-instruction exception.
    #[error("illegal instruction at {pc:#x}: {error}")]
    Illegal {
        /// The instruction's offset.
        pc: u64,
        /// What the decoder said (names the word and, where known, the mnemonic).
        error: DecodeError,
    },
    /// A known instruction whose behaviour the interpreter does not model.
    #[error("unsupported instruction at {pc:#x}: {text} ({what})")]
    Unsupported {
        /// The instruction's offset.
        pc: u64,
        /// The instruction as nvdisasm prints it.
        text: String,
        /// What is missing.
        what: &'static str,
    },
    /// A misaligned address (`MISALIGNED_ADDR`).
    #[error("misaligned {size}-byte access at {va:#x} by the instruction at {pc:#x}")]
    Misaligned {
        /// The address.
        va: u64,
        /// Access size.
        size: usize,
        /// The instruction's offset.
        pc: u64,
    },
    /// A shared or local access outside the block's memory (`OUT_OF_RANGE_ADDRESS`).
    #[error("{space} access at {addr:#x} ({size} bytes) outside its {limit:#x} bytes, by the instruction at {pc:#x}")]
    OutOfRange {
        /// `shared` or `local`.
        space: &'static str,
        /// The address within that space.
        addr: u64,
        /// Access size.
        size: usize,
        /// The space's size.
        limit: u64,
        /// The instruction's offset.
        pc: u64,
    },
    /// The program counter left the program, or a warp could never continue.
    #[error("{0}")]
    Control(String),
    /// The launch ran past its instruction budget or was cancelled (channel closed).
    #[error("launch stopped: {0}")]
    Stopped(&'static str),
}

/// A constant buffer bound in the QMD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConstBuffer {
    /// GPU address.
    pub va: u64,
    /// Declared size in bytes; reads past it return zero, as on the hardware.
    pub size: u32,
}

/// Everything a launch needs besides the program.
#[derive(Debug, Clone)]
pub struct LaunchConfig {
    /// Blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    /// Registers per thread (`REGISTER_COUNT`); a register past it faults.
    pub registers: u32,
    /// Shared memory per block in bytes.
    pub shared_memory: u32,
    /// The 18 constant banks (`None`: not bound; a read faults).
    pub const_buffers: [Option<ConstBuffer>; 18],
    /// The shared window's base (generic addresses inside it are shared memory).
    pub shared_window: u64,
    /// The local window's base (generic addresses inside it are local memory).
    pub local_window: u64,
    /// The bound local memory (`None`: a local access faults).
    pub local_memory: Option<LocalMemory>,
    /// Stop after this many warp-instructions (a runaway kernel).
    pub max_warp_instructions: u64,
}

/// The bound local memory (`SET_SHADER_LOCAL_MEMORY_A/B`) and each thread's share.
///
/// A thread's local address space is 16 MiB: its low `low` bytes
/// (`SHADER_LOCAL_MEMORY_LOW_SIZE`) and its top `high` bytes
/// (`SHADER_LOCAL_MEMORY_HIGH_SIZE`, where the stack grows down from
/// `c[0x0][0x28]`) are backed; any other local address is out of range.
/// Thread slot `s` owns `low + high` bytes at `base + s * (low + high)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalMemory {
    /// GPU address.
    pub base: u64,
    /// Bytes bound in all; a slot past them faults as the MMU would.
    pub size: u64,
    /// Backed bytes at the bottom of the local space.
    pub low: u32,
    /// Backed bytes at the top of the local space.
    pub high: u32,
}

/// The size of a thread's local address space.
pub const LOCAL_SPACE: u64 = 1 << 24;

/// The size of the shared and local windows (16 MiB each on ga10b).
pub const WINDOW_SIZE: u64 = 1 << 24;

/// What a launch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Warp-instructions executed.
    pub warp_instructions: u64,
    /// Thread-instructions executed (lanes active under their guard).
    pub thread_instructions: u64,
}

/// Run a whole launch, block after block; the first fault ends it.
///
/// `cancel` is polled between warp time slices: set it to stop the launch.
/// Blocks run in order on the caller's thread, so the result never depends
/// on a host schedule ([`run_launch_parallel`] runs them on several threads).
pub fn run_launch(
    code: &mut Code,
    mem: &dyn Memory,
    cfg: &LaunchConfig,
    cancel: Option<&AtomicBool>,
) -> Result<Stats, Fault> {
    let _release = ReleaseThread(mem);
    in_order(code, mem, cfg, Stop { cancel, halt: None, deadline: None })
}

/// [`run_launch`] with its stop conditions.
fn in_order(code: &mut Code, mem: &dyn Memory, cfg: &LaunchConfig, stop: Stop<'_>) -> Result<Stats, Fault> {
    let mut stats = Stats::default();
    code.begin_launch();
    let mut code = code.cursor();
    let blocks = cfg.grid.iter().map(|&d| u64::from(d)).product::<u64>();
    let mut block = warp::Block::new(cfg)?;
    let consts = consts::Consts::load(mem, cfg);
    for id in 0..blocks {
        block.reset(ctaid_of(cfg, id));
        block.run(&mut code, mem, cfg, &consts, &mut stats, stop)?;
    }
    Ok(stats)
}

/// The block index (x, y, z) of the `id`-th block in raster order.
fn ctaid_of(cfg: &LaunchConfig, id: u64) -> [u32; 3] {
    let (gx, gy) = (u64::from(cfg.grid[0].max(1)), u64::from(cfg.grid[1].max(1)));
    [(id % gx) as u32, ((id / gx) % gy) as u32, (id / (gx * gy)) as u32]
}

/// What stops a running block: the caller's cancellation, its deadline,
/// or (parallel launches) another block's fault.
#[derive(Clone, Copy)]
pub(crate) struct Stop<'a> {
    cancel: Option<&'a AtomicBool>,
    halt: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
}

/// Why a launch stopped when its caller cancelled it.
pub(crate) const CANCELLED: &str = "the channel was closed";

/// Why a launch stopped at its deadline ([`Code::run`]).
pub const PAST_DEADLINE: &str = "the launch ran past its time budget";

impl Stop<'_> {
    /// Cancelled, or halted by another block's fault.
    fn stopped(self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) || self.halt.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Why the launch must stop now, reading the clock (call it every few time slices).
    fn check(self) -> Result<(), Fault> {
        if self.stopped() {
            return Err(Fault::Stopped(CANCELLED));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Fault::Stopped(PAST_DEADLINE));
        }
        Ok(())
    }
}
