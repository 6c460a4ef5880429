//! Blocks, warps and lanes: registers, predicates, program counters,
//! convergence and block barriers, and the dispatch of each instruction.

use super::{Fault, LaunchConfig, Memory, Stats, Stop};
use crate::exec::code::Cursor;
use crate::instr::Instr;
use crate::op::{BarKind, Op};
use crate::operand::{Operand, Pred, PT, RZ, URZ};

/// The lanes set in `mask`, lowest first (iterates set bits only).
#[inline]
pub(crate) fn lanes(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(l)
    })
}

/// `pc[l] += 16` for each lane `l` of `mask`, as one loop over the warp
/// (a branch per set bit cost more than the 32 adds).
#[inline(always)]
fn step_pcs(pc: &mut [u64; 32], mask: u32) {
    for (l, p) in pc.iter_mut().enumerate() {
        *p += u64::from(mask >> l & 1) << 4;
    }
}

/// What a lane is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lane {
    /// Runnable.
    Run,
    /// Finished (`EXIT`), or never existed (past the block's thread count).
    Done,
    /// Waiting at `BSYNC Bn` for the other lanes of `Bn`.
    Bsync(u8),
    /// Waiting at a block barrier.
    Bar,
    /// Waiting at a named barrier, or one with a thread count (`barrier.rs`).
    Named,
    /// Waiting at `WARPSYNC` for the other lanes of its mask (`Warp::wsync`).
    Warpsync,
}

/// A warp's architectural state.
pub(crate) struct Warp {
    /// Warp index within the block.
    pub(crate) id: u32,
    /// General registers: `regs[r][lane]`, 256 registers (RZ reads zero).
    /// A register is one row of 32 lanes, so an operation over the warp
    /// is a loop over one row the compiler can vectorize.
    regs: Box<[[u32; 32]; 256]>,
    /// Predicates as lane masks (`preds[7]`, PT, is all lanes).
    pub(crate) preds: [u32; 8],
    /// Uniform registers.
    pub(crate) uregs: [u32; 64],
    /// Uniform predicates as bits (bit 7, UPT, always set).
    pub(crate) upreds: u8,
    /// Convergence barrier registers (lane masks).
    pub(crate) bars: [u32; 16],
    /// Each lane's program counter.
    pub(crate) pc: [u64; 32],
    /// Each lane's state (written through `set_lane`, which keeps the
    /// masks below).
    lanes: [Lane; 32],
    /// The lanes in `Lane::Run`.
    run: u32,
    /// The lanes in `Lane::Done`.
    done: u32,
    /// The last block-barrier reduction's result (`B2R.RESULT`).
    pub(crate) bar_result: u32,
    /// The predicate each lane brought to a reducing block barrier.
    pub(crate) bar_pred: u32,
    /// Arrivals at named barriers not yet part of a completed generation (`barrier.rs`).
    pub(crate) arrivals: Vec<super::barrier::Arrival>,
    /// The mask each lane waiting at `WARPSYNC` waits for.
    pub(crate) wsync: [u32; 32],
    /// The lanes of the path the warp is running (see `select`).
    group: u32,
    /// Sides of split paths still to run, the last kept on top.
    pending: [u32; 32],
    pending_len: u8,
    /// The converged fast path: every lane of `group` is runnable and at
    /// `gpc` (their entries in `pc` may be stale), and the other runnable
    /// lanes (a divergent warp's other paths) are at the pcs in `others`.
    /// Set by `select` when it finds the warp so; cleared by anything that
    /// moves the group's lanes apart or changes a lane's state (`sync_pcs`
    /// first writes `gpc` back to the group's lanes). While it holds,
    /// choosing the next lanes and advancing them cost no per-lane work.
    fast: bool,
    /// The group's pc while `fast` holds.
    gpc: u64,
    /// The distinct pcs of the runnable lanes outside the group while
    /// `fast` holds (`n_others` of them).
    others: [u64; 8],
    n_others: u8,
}

impl Warp {
    fn new(id: u32) -> Warp {
        Warp {
            id,
            regs: Box::new([[0; 32]; 256]),
            preds: [0, 0, 0, 0, 0, 0, 0, u32::MAX],
            uregs: [0; 64],
            upreds: 0x80,
            bars: [0; 16],
            pc: [0; 32],
            lanes: [Lane::Done; 32],
            run: 0,
            done: u32::MAX,
            bar_result: 0,
            bar_pred: 0,
            arrivals: Vec::new(),
            wsync: [0; 32],
            group: 0,
            pending: [0; 32],
            pending_len: 0,
            fast: false,
            gpc: 0,
            others: [0; 8],
            n_others: 0,
        }
    }

    /// A new block's warp: lanes past the block's threads are done; the
    /// first `regs` registers (those the kernel was given, plus one for
    /// 64-bit pairs) start at zero. Registers past them are never read by
    /// compiled code and are not cleared (clearing all 256 per block cost
    /// more than the kernel).
    fn reset(&mut self, live: u32, regs: usize) {
        let n = (regs + 1).min(256);
        self.regs[..n].fill([0; 32]);
        self.preds = [0, 0, 0, 0, 0, 0, 0, u32::MAX];
        self.uregs = [0; 64];
        self.upreds = 0x80;
        self.bars = [0; 16];
        self.arrivals.clear();
        self.pc = [0; 32];
        self.group = 0;
        self.pending_len = 0;
        self.fast = false;
        if live == u32::MAX {
            self.lanes = [Lane::Run; 32];
        } else {
            for l in 0..32 {
                self.lanes[l] = if live >> l & 1 == 1 { Lane::Run } else { Lane::Done };
            }
        }
        self.run = live;
        self.done = !live;
    }

    /// Register `r` of `lane` (RZ reads zero).
    #[inline(always)]
    pub(crate) fn r(&self, r: u8, lane: usize) -> u32 {
        if r == RZ {
            0
        } else {
            self.regs[usize::from(r)][lane & 31]
        }
    }

    /// Write register `r` of `lane` (RZ discards).
    #[inline(always)]
    pub(crate) fn set_r(&mut self, r: u8, lane: usize, v: u32) {
        if r != RZ {
            self.regs[usize::from(r)][lane & 31] = v;
        }
    }

    /// Register `r` in all 32 lanes (RZ reads zero).
    #[inline(always)]
    pub(crate) fn row(&self, r: u8) -> [u32; 32] {
        if r == RZ {
            [0; 32]
        } else {
            self.regs[usize::from(r)]
        }
    }

    /// Register `r` in all 32 lanes, borrowed (RZ reads zero).
    #[inline(always)]
    pub(crate) fn row_ref(&self, r: u8) -> &[u32; 32] {
        if r == RZ {
            &[0; 32]
        } else {
            &self.regs[usize::from(r)]
        }
    }

    /// Write register `r` in the lanes of `mask` (RZ discards): a blend,
    /// with no branch per lane.
    #[inline(always)]
    pub(crate) fn set_row(&mut self, r: u8, mask: u32, v: &[u32; 32]) {
        if r == RZ {
            return;
        }
        let row = &mut self.regs[usize::from(r)];
        if mask == u32::MAX {
            *row = *v;
            return;
        }
        for (l, (d, s)) in row.iter_mut().zip(v).enumerate() {
            let keep = (mask >> l & 1).wrapping_sub(1);
            *d = (*d & keep) | (*s & !keep);
        }
    }

    /// The 64-bit pair `r:r+1` (RZ reads zero).
    #[inline]
    pub(crate) fn r64(&self, r: u8, lane: usize) -> u64 {
        if r == RZ {
            0
        } else {
            u64::from(self.r(r, lane)) | u64::from(self.r(r.saturating_add(1), lane)) << 32
        }
    }

    /// Write the pair `r:r+1`.
    #[inline]
    pub(crate) fn set_r64(&mut self, r: u8, lane: usize, v: u64) {
        if r != RZ {
            self.set_r(r, lane, v as u32);
            self.set_r(r.saturating_add(1), lane, (v >> 32) as u32);
        }
    }

    /// Uniform register `r` (URZ reads zero).
    #[inline]
    pub(crate) fn ur(&self, r: u8) -> u32 {
        if r >= URZ {
            0
        } else {
            self.uregs[usize::from(r)]
        }
    }

    /// Write uniform register `r`.
    #[inline]
    pub(crate) fn set_ur(&mut self, r: u8, v: u32) {
        if r < URZ {
            self.uregs[usize::from(r)] = v;
        }
    }

    /// A predicate's value for every lane, as a mask.
    #[inline(always)]
    pub(crate) fn pred_mask(&self, p: Pred) -> u32 {
        let m = if p.uniform {
            if self.upreds >> (p.index & 7) & 1 == 1 {
                u32::MAX
            } else {
                0
            }
        } else {
            self.preds[usize::from(p.index & 7)]
        };
        if p.not {
            !m
        } else {
            m
        }
    }

    /// Set predicate `p` (not negated, not PT) for the lanes in `mask` to the bits of `value`.
    #[inline]
    pub(crate) fn set_pred(&mut self, p: Pred, mask: u32, value: u32) {
        if p.index == PT {
            return;
        }
        if p.uniform {
            let bit = 1u8 << p.index;
            if mask != 0 {
                if value & mask != 0 {
                    self.upreds |= bit;
                } else {
                    self.upreds &= !bit;
                }
            }
        } else {
            let cur = &mut self.preds[usize::from(p.index)];
            *cur = (*cur & !mask) | (value & mask);
        }
    }

    /// The lanes that run next. The warp keeps running its current path
    /// (`group`) until all of its lanes wait or have exited. Where a branch
    /// split the path, the side at the lower pc goes on and the other is
    /// kept (`pending`); a path that can go no further hands over to the
    /// side kept last, and only when none is left does the warp turn to
    /// the lowest pc among all runnable lanes. Every runnable lane at the
    /// chosen pc runs with the path (lanes meet again there).
    ///
    /// So one side of a divergent branch runs up to its convergence
    /// barrier before the other starts, and inner splits finish before
    /// outer ones, as the convergence barriers the compiler placed need:
    /// interleaving the sides (at the lowest pc, a side whose `CALL` jumps
    /// high lets the other run) let two sides set the same barrier
    /// register in turn, and each waited at its `BSYNC` for lanes of the
    /// other's.
    fn select(&mut self, fast: bool) -> Option<(u64, u32)> {
        if self.fast {
            // The group's lanes are all runnable and at one pc, so the
            // search below would find `candidates` = the group and nothing
            // to keep; the lanes it adds are the other runnable lanes at
            // that pc, and those (which do not move while the group runs)
            // sit at the pcs in `others`.
            let others = &self.others[..usize::from(self.n_others)];
            if !others.contains(&self.gpc) {
                return Some((self.gpc, self.group));
            }
            // Lanes waiting there join: the search decides.
            self.sync_pcs();
        }
        let run = self.mask_of(Lane::Run);
        let mut candidates = self.group & run;
        while candidates == 0 && self.pending_len > 0 {
            self.pending_len -= 1;
            candidates = self.pending[usize::from(self.pending_len)] & run;
        }
        if candidates == 0 {
            candidates = run;
        }
        if candidates == 0 {
            return None;
        }
        // The lowest pc among the candidates, and every runnable lane there:
        // loops over the warp, without a branch per lane.
        let pc = if candidates == u32::MAX {
            super::host::lowest(&self.pc)
        } else {
            // Part of the warp (divergent code, often a few lanes): visit just those.
            lanes(candidates).map(|l| self.pc[l]).min().unwrap_or(u64::MAX)
        };
        let mask = super::host::lanes_at(&self.pc, pc) & run;
        let rest = candidates & !mask;
        if rest != 0 {
            self.keep_pending(rest);
        }
        self.group = mask;
        // The group is at one pc: `gpc` carries it from here (the per-lane
        // pcs of the group are exact now). The other runnable lanes' pcs
        // are kept (up to a few distinct ones) to see when the group
        // reaches one of them.
        if fast {
            let mut n = 0usize;
            let mut ok = true;
            for l in lanes(run & !mask) {
                let p = self.pc[l];
                if !self.others[..n].contains(&p) {
                    if n == self.others.len() {
                        ok = false;
                        break;
                    }
                    self.others[n] = p;
                    n += 1;
                }
            }
            if ok {
                self.n_others = n as u8;
                self.fast = true;
                self.gpc = pc;
            }
        }
        Some((pc, mask))
    }

    /// Leave the fast path: write the group's pc back to its lanes, so
    /// per-lane code sees every lane's pc.
    #[inline]
    pub(crate) fn sync_pcs(&mut self) {
        if self.fast {
            self.fast = false;
            let (group, gpc) = (self.group, self.gpc);
            for (l, p) in self.pc.iter_mut().enumerate() {
                if group >> l & 1 == 1 {
                    *p = gpc;
                }
            }
        }
    }

    /// The lanes in `m` go on to the next instruction.
    #[inline(always)]
    fn advance(&mut self, m: u32) {
        if self.fast && m == self.group {
            self.gpc += 16;
            return;
        }
        self.sync_pcs();
        for l in lanes(m) {
            self.pc[l] += 16;
        }
    }

    /// Keep a side of a split path for later (at most 32 sides: the oldest
    /// goes first; a side none of whose lanes is live is dropped).
    fn keep_pending(&mut self, side: u32) {
        let live = !self.mask_of(Lane::Done);
        let mut n = 0;
        for k in 0..usize::from(self.pending_len) {
            if self.pending[k] & live != 0 {
                self.pending[n] = self.pending[k];
                n += 1;
            }
        }
        if n == self.pending.len() {
            self.pending.copy_within(1.., 0);
            n -= 1;
        }
        self.pending[n] = side;
        self.pending_len = n as u8 + 1;
    }

    /// Set lane `l`'s state, keeping the run and done masks.
    #[inline]
    pub(crate) fn set_lane(&mut self, l: usize, state: Lane) {
        let bit = 1u32 << (l & 31);
        self.lanes[l & 31] = state;
        self.run = if state == Lane::Run { self.run | bit } else { self.run & !bit };
        self.done = if state == Lane::Done { self.done | bit } else { self.done & !bit };
    }

    /// Set the state of every lane in `mask`, keeping the run and done masks.
    #[inline]
    pub(crate) fn set_lanes(&mut self, mask: u32, state: Lane) {
        if mask == u32::MAX {
            self.lanes = [state; 32];
        } else {
            for l in lanes(mask) {
                self.lanes[l] = state;
            }
        }
        self.run = if state == Lane::Run { self.run | mask } else { self.run & !mask };
        self.done = if state == Lane::Done { self.done | mask } else { self.done & !mask };
    }

    /// The lanes waiting for something (neither runnable nor done).
    #[inline]
    fn waiting(&self) -> u32 {
        !(self.run | self.done)
    }

    fn mask_of(&self, want: Lane) -> u32 {
        match want {
            Lane::Run => self.run,
            Lane::Done => self.done,
            // Only waiting lanes can be in another state; a compare per
            // lane over the warp, without a branch per lane.
            _ => {
                let waiting = self.waiting();
                if waiting == 0 {
                    return 0;
                }
                let mut m = 0u32;
                for (l, s) in self.lanes.iter().enumerate() {
                    m |= u32::from(*s == want) << l;
                }
                m & waiting
            }
        }
    }

    /// Lanes waiting at `BSYNC Bn` go on once every lane of `Bn` that has
    /// not exited waits there.
    fn release_bsync(&mut self) {
        if self.waiting() == 0 {
            return;
        }
        // Who waits on which barrier, in one pass over the lanes.
        let mut wait = [0u32; 16];
        let mut any = 0u32;
        for l in lanes(self.waiting()) {
            if let Lane::Bsync(n) = self.lanes[l] {
                wait[usize::from(n & 15)] |= 1 << l;
                any |= 1 << l;
            }
        }
        if any == 0 {
            return;
        }
        self.sync_pcs();
        let done = self.mask_of(Lane::Done);
        for n in 0..16u8 {
            let waiting = wait[usize::from(n)];
            if waiting == 0 {
                continue;
            }
            let need = self.bars[usize::from(n)] & !done;
            if need & !waiting == 0 {
                self.set_lanes(waiting, Lane::Run);
                step_pcs(&mut self.pc, waiting);
            }
        }
    }

    /// Lanes waiting at `WARPSYNC` go on once every lane of their mask that
    /// has not exited waits at one too (CUDA's `__syncwarp(mask)`: the
    /// lanes meet, whichever `WARPSYNC` each reached). With `all`, every
    /// waiting lane goes on: no lane can run any more, so the ones its
    /// mask names will never come (code the hardware leaves undefined).
    fn release_warpsync(&mut self, all: bool) {
        if self.waiting() == 0 {
            return;
        }
        let waiting = self.mask_of(Lane::Warpsync);
        if waiting == 0 {
            return;
        }
        let done = self.mask_of(Lane::Done);
        let go = if all {
            waiting
        } else {
            lanes(waiting).filter(|&l| self.wsync[l] & !done & !waiting == 0).fold(0u32, |m, l| m | 1 << l)
        };
        if go != 0 {
            self.sync_pcs();
            self.set_lanes(go, Lane::Run);
            step_pcs(&mut self.pc, go);
        }
    }

    pub(crate) fn any(&self, want: Lane) -> bool {
        match want {
            Lane::Run => self.run != 0,
            Lane::Done => self.done != 0,
            _ => self.mask_of(want) != 0,
        }
    }
}

/// What the block's threads share, and where they are.
pub(crate) struct Env<'a> {
    pub(crate) mem: &'a dyn Memory,
    pub(crate) cfg: &'a LaunchConfig,
    /// The launch's constant banks as they were when it started.
    pub(crate) consts: &'a super::consts::Consts,
    pub(crate) shared: &'a mut [u8],
    /// The block's scratch bytes for a warp's access served at once
    /// ([`GATHER_WINDOW`] of them).
    pub(crate) scratch: &'a mut [u8],
    pub(crate) ctaid: [u32; 3],
    /// The block's first thread slot in local memory.
    pub(crate) local_slot: u64,
    /// The clock the kernel reads: warp-instructions run so far in the
    /// launch (by this host thread's blocks), counted here while the block
    /// runs.
    pub(crate) clock: u64,
    /// Thread-instructions run so far, counted as `clock`.
    pub(crate) threads: u64,
    /// The reduction of the block barrier being waited at, if any.
    pub(crate) bar_red: Option<crate::op::BarRed>,
    /// The fast paths are on ([`fast_path`]), read when the block starts.
    pub(crate) fast: bool,
}

/// The most bytes one warp's scattered global load reads at once: the
/// span from its lowest to its highest address (rows of a tile apart).
pub(crate) const GATHER_WINDOW: usize = 8192;

/// One block being run.
pub(crate) struct Block {
    warps: Vec<Warp>,
    shared: Vec<u8>,
    scratch: Vec<u8>,
    threads: u32,
    ctaid: [u32; 3],
    /// Registers per thread the launch gives (`REGISTER_COUNT`).
    registers: usize,
    /// The first local-memory thread slot of this block's threads (blocks
    /// running at once on several host threads use distinct slots).
    pub(crate) local_slot: u64,
}

/// Whether the fast paths are on: unset (read `GPUIFACE_SASS_PER_LANE`
/// at first use), on, or off.
static FAST_PATH: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(UNSET);
const UNSET: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

/// Turn the interpreter's fast paths on (the default) or off, process-wide.
///
/// The fast paths are: a converged warp (all runnable lanes at one pc)
/// steps as one, with no per-lane search for the lowest pc and one pc to
/// advance; the common integer, move and `FFMA` instructions compute all
/// 32 lanes as one array operation and write them with a blend; and a
/// load or store whose lanes touch one contiguous aligned span is one
/// copy. Off, every instruction chooses its lanes by the per-lane search
/// and runs lane by lane: the reference the fast paths must equal bit for
/// bit. The environment variable `GPUIFACE_SASS_PER_LANE=1` turns them off
/// for a whole process (the tests run the corpus both ways). Each block
/// reads the setting when it starts, so flip it only between launches.
pub fn set_fast_path(on: bool) {
    FAST_PATH.store(if on { ON } else { OFF }, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the fast paths are on ([`set_fast_path`]).
pub fn fast_path() -> bool {
    match FAST_PATH.load(std::sync::atomic::Ordering::Relaxed) {
        ON => true,
        OFF => false,
        _ => {
            let off = std::env::var_os("GPUIFACE_SASS_PER_LANE").is_some_and(|v| !v.is_empty() && v != "0");
            // A racing set_fast_path wins over the environment.
            let _ = FAST_PATH.compare_exchange(
                UNSET,
                if off { OFF } else { ON },
                std::sync::atomic::Ordering::Relaxed,
                std::sync::atomic::Ordering::Relaxed,
            );
            FAST_PATH.load(std::sync::atomic::Ordering::Relaxed) == ON
        }
    }
}

/// Warp-instructions one warp runs before the next warp's turn.
const SLICE: u32 = 256;

/// Rounds of time slices between two reads of the clock (for the deadline).
const CLOCK_ROUNDS: u32 = 16;

impl Block {
    pub(crate) fn new(cfg: &LaunchConfig) -> Result<Block, Fault> {
        let threads: u64 = cfg.block.iter().map(|&d| u64::from(d)).product();
        if threads == 0 || threads > 1024 {
            return Err(Fault::Control(format!("a block of {threads} threads")));
        }
        let threads = threads as u32;
        let warps = (0..threads.div_ceil(32)).map(Warp::new).collect();
        Ok(Block {
            warps,
            shared: vec![0; cfg.shared_memory as usize],
            scratch: vec![0; GATHER_WINDOW],
            threads,
            ctaid: [0; 3],
            registers: cfg.registers as usize,
            local_slot: 0,
        })
    }

    pub(crate) fn reset(&mut self, ctaid: [u32; 3]) {
        self.ctaid = ctaid;
        self.shared.fill(0);
        let threads = self.threads;
        for w in &mut self.warps {
            let first = w.id * 32;
            let n = (threads - first).min(32);
            let live = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
            w.reset(live, self.registers);
        }
    }

    /// Run the block until every thread has exited, adding the
    /// instructions it ran to `stats` (also when it faults).
    pub(crate) fn run(
        &mut self,
        code: &mut Cursor<'_>,
        mem: &dyn Memory,
        cfg: &LaunchConfig,
        consts: &super::consts::Consts,
        stats: &mut Stats,
        stop: Stop<'_>,
    ) -> Result<(), Fault> {
        let local_slot = self.local_slot;
        let mut env = Env {
            mem,
            cfg,
            consts,
            shared: &mut self.shared,
            scratch: &mut self.scratch,
            ctaid: self.ctaid,
            local_slot,
            clock: stats.warp_instructions,
            threads: stats.thread_instructions,
            bar_red: None,
            fast: fast_path(),
        };
        let result = Self::run_warps(&mut self.warps, code, mem, cfg, &mut env, stop);
        stats.warp_instructions = env.clock;
        stats.thread_instructions = env.threads;
        result
    }

    /// [`run`](Self::run)'s loop, counting in `env`.
    #[inline(always)]
    fn run_warps(
        warps: &mut [Warp],
        code: &mut Cursor<'_>,
        mem: &dyn Memory,
        cfg: &LaunchConfig,
        env: &mut Env<'_>,
        stop: Stop<'_>,
    ) -> Result<(), Fault> {
        // Rounds since the clock was last read (the deadline is checked every
        // CLOCK_ROUNDS rounds, the flags every round).
        let mut rounds = 0u32;
        loop {
            let mut ran = false;
            for w in warps.iter_mut() {
                let mut n = 0;
                while n < SLICE {
                    // A converged path with no other path to meet goes on
                    // where it is (what `select` would find), without a call;
                    // its prepared forms run in a loop of their own.
                    let (instr, mask) = if w.fast && w.n_others == 0 {
                        let Some(instr) = run_prepared(w, code, mem, env, &mut n)? else { break };
                        (instr, w.group)
                    } else {
                        let Some((pc, mask)) = w.select(env.fast) else { break };
                        (code.get(mem, pc)?, mask)
                    };
                    step(w, instr, mask, env)?;
                    n += 1;
                }
                ran |= n > 0;
                if env.clock > cfg.max_warp_instructions {
                    return Err(Fault::Stopped("the launch ran past its instruction budget"));
                }
            }
            rounds += 1;
            if rounds >= CLOCK_ROUNDS {
                rounds = 0;
                stop.check()?;
            } else if stop.stopped() {
                return Err(Fault::Stopped(super::CANCELLED));
            }
            // Named barriers whose threads have arrived let their lanes go on.
            ran |= super::barrier::release(warps, !ran)?;
            if ran {
                continue;
            }
            // No lane can run: every warp has finished or waits.
            if warps.iter().all(|w| w.done == u32::MAX) {
                return Ok(());
            }
            if warps.iter().any(|w| w.any(Lane::Bar)) {
                barrier_release(warps, env.bar_red.take());
                continue;
            }
            if warps.iter().any(|w| w.any(Lane::Warpsync)) {
                for w in warps.iter_mut() {
                    w.release_warpsync(true);
                }
                continue;
            }
            return Err(Fault::Control(
                "convergence barrier deadlock: lanes wait at BSYNC for lanes that will never arrive".into(),
            ));
        }
    }
}

/// Run a converged warp's straight run of prepared forms ([`Uop`](super::uop::Uop))
/// from its pc, as [`step`] would run each, and return the instruction
/// that ends the run, for `step`: one with no prepared form, or too few
/// lanes for the whole-warp path. `None` when the warp has used its turn
/// (`n`, its instructions so far, reached `SLICE`).
///
/// A prepared form never moves a lane or changes one's state, so the
/// warp stays converged, and its pc is kept here until the run ends.
#[inline(always)]
fn run_prepared<'a>(
    w: &mut Warp,
    code: &mut super::code::Cursor<'a>,
    mem: &dyn Memory,
    env: &mut Env<'_>,
    n: &mut u32,
) -> Result<Option<&'a Instr>, Fault> {
    let mask = w.group;
    // An unguarded instruction runs the group: its count and whether it
    // takes the whole-warp path are the same every time.
    let (group_lanes, group_dense) = (u64::from(super::alu::lane_count(mask)), super::alu::dense(env, mask));
    let start = *n;
    let (mut pc, mut ran, mut threads) = (w.gpc, start, 0u64);
    let mut end = None;
    let mut result = Ok(());
    while ran < SLICE {
        let i = match code.get(mem, pc) {
            Ok(i) => i,
            Err(f) => {
                result = Err(f);
                break;
            }
        };
        if matches!(i.uop, super::uop::Uop::None) {
            end = Some(i);
            break;
        }
        let (exec, lanes, dense) = if i.unguarded {
            (mask, group_lanes, group_dense)
        } else {
            let exec = mask & w.pred_mask(i.guard);
            (exec, u64::from(super::alu::lane_count(exec)), super::alu::dense(env, exec))
        };
        if !dense {
            end = Some(i);
            break;
        }
        // Counted first, as `step` counts: a fault still ran the instruction.
        ran += 1;
        threads += lanes;
        if let Err(f) = super::uop::run(w, i, exec, env) {
            result = Err(f);
            break;
        }
        pc += 16;
    }
    w.gpc = pc;
    *n = ran;
    env.clock += u64::from(ran - start);
    env.threads += threads;
    result.map(|()| end)
}

/// A block barrier completes: every waiting lane goes on, with the
/// barrier's reduction (`BAR.RED`) of the predicates they brought.
fn barrier_release(warps: &mut [Warp], red: Option<crate::op::BarRed>) {
    use crate::op::BarRed;
    let at_bar: Vec<u32> = warps.iter().map(|w| w.mask_of(Lane::Bar)).collect();
    let arrived: u32 = at_bar.iter().map(|m| m.count_ones()).sum();
    let count: u32 = warps.iter().zip(&at_bar).map(|(w, m)| (m & w.bar_pred).count_ones()).sum();
    let result = match red {
        Some(BarRed::Popc) => count,
        Some(BarRed::And) => u32::from(count == arrived),
        Some(BarRed::Or) => u32::from(count > 0),
        None => 0,
    };
    for (w, &m) in warps.iter_mut().zip(&at_bar) {
        w.sync_pcs();
        if red.is_some() {
            w.bar_result = result;
            w.bar_pred = 0;
        }
        w.set_lanes(m, Lane::Run);
        step_pcs(&mut w.pc, m);
    }
}

/// Run one instruction for the lanes in `mask` (all at the same pc).
fn step(w: &mut Warp, i: &Instr, mask: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    env.clock += 1;
    let exec = if i.unguarded { mask } else { mask & w.pred_mask(i.guard) };
    env.threads += u64::from(super::alu::lane_count(exec));
    // A prepared form the whole warp runs at once (`uop.rs`).
    if !matches!(i.uop, super::uop::Uop::None) && super::alu::dense(env, exec) {
        super::uop::run(w, i, exec, env)?;
        w.advance(mask);
        return Ok(());
    }
    let pc = i.pc;
    match &i.op {
        Op::Exit { .. } => {
            let cond = w.pred_mask(operand_pred(i, 0));
            let leaving = exec & cond;
            if leaving == 0 {
                // No lane leaves (a bounds check that passed): nothing
                // waits on this, and a converged warp stays converged.
                w.advance(mask);
                return Ok(());
            }
            w.sync_pcs();
            w.set_lanes(leaving, Lane::Done);
            w.advance(mask & !leaving);
            w.release_bsync();
            w.release_warpsync(false);
        }
        Op::Bra { hint, .. } => {
            let cond = w.pred_mask(operand_pred(i, 0));
            let mut taken = exec & cond;
            let t = match (*i.src(1), *i.src(2)) {
                // BRA.DIV URn: taken when a live lane URn names is not
                // here; BRA.CONV URn: taken when all of them are.
                (Operand::UReg(u, m), Operand::Target(t)) if matches!(*hint, ".DIV" | ".CONV") => {
                    let named = if m.not { !w.ur(u) } else { w.ur(u) };
                    let converged = named & !w.mask_of(Lane::Done) & !mask == 0;
                    if converged == (*hint == ".DIV") {
                        taken = 0;
                    }
                    t
                }
                // BRA [p,] UPq: a lane branches where the condition and
                // the uniform predicate both hold.
                (Operand::Pred(up), Operand::Target(t)) => {
                    taken &= w.pred_mask(up);
                    t
                }
                (Operand::Target(t), _) => t,
                _ => return Err(bad(i, "branch target")),
            };
            // A uniform branch keeps a converged warp converged.
            if w.fast && (taken == 0 || taken == mask) {
                w.gpc = if taken == 0 { w.gpc + 16 } else { t };
                return Ok(());
            }
            w.sync_pcs();
            for l in 0..32 {
                if taken >> l & 1 == 1 {
                    w.pc[l] = t;
                } else if mask >> l & 1 == 1 {
                    w.pc[l] += 16;
                }
            }
        }
        Op::Bssy => {
            let (Operand::BarReg(b), Operand::Target(_)) = (*i.src(0), *i.src(2)) else {
                return Err(bad(i, "BSSY operands"));
            };
            if exec != 0 {
                w.bars[usize::from(b & 15)] = exec;
            }
            w.advance(mask);
        }
        Op::Bsync => {
            w.sync_pcs();
            let Operand::BarReg(b) = *i.src(1) else { return Err(bad(i, "BSYNC operand")) };
            let cond = w.pred_mask(operand_pred(i, 0));
            let waiting = exec & cond;
            w.set_lanes(waiting, Lane::Bsync(b & 15));
            w.advance(mask & !waiting);
            w.release_bsync();
        }
        Op::Break => {
            // The executing lanes (where the condition holds) leave barrier
            // Bn, so a BSYNC on it no longer waits for them.
            let Operand::BarReg(b) = *i.src(0) else { return Err(bad(i, "BREAK operand")) };
            let cond = w.pred_mask(operand_pred(i, 1));
            w.bars[usize::from(b & 15)] &= !(exec & cond);
            w.advance(mask);
            w.release_bsync();
        }
        Op::Bmov { .. } => {
            if exec != 0 {
                // A barrier register is one mask for the warp; a general
                // register source gives it from the lowest executing lane.
                let v = match *i.src(1) {
                    Operand::BarReg(s) => w.bars[usize::from(s & 15)],
                    Operand::Hex(v) => v as u32,
                    Operand::Reg(r, _) => w.r(r, exec.trailing_zeros() as usize),
                    _ => return Err(bad(i, "BMOV source")),
                };
                match *i.src(0) {
                    Operand::BarReg(d) => w.bars[usize::from(d & 15)] = v,
                    Operand::Reg(d, _) => {
                        for l in lanes(exec) {
                            w.set_r(d, l, v);
                        }
                    }
                    _ => return Err(bad(i, "BMOV destination")),
                }
                if let (Op::Bmov { clear: true, .. }, Operand::BarReg(s)) = (&i.op, *i.src(1)) {
                    w.bars[usize::from(s & 15)] = 0;
                }
            }
            w.advance(mask);
        }
        Op::Call { absolute: false } => {
            // A direct call names its target; an indirect one adds a
            // register pair's offset to the base it names (a uniform pair:
            // the same offset for every lane).
            let (t, offset, uoffset) = match (*i.src(0), *i.src(1)) {
                (Operand::Target(t), _) => (t, None, 0),
                (Operand::Reg(r, _), Operand::Target(t)) => (t, Some(r), 0),
                (Operand::UReg(u, _), Operand::Target(t)) => {
                    (t, None, u64::from(w.ur(u)) | u64::from(w.ur(u.saturating_add(1))) << 32)
                }
                _ => return Err(bad(i, "call target")),
            };
            w.sync_pcs();
            for l in 0..32 {
                if exec >> l & 1 == 1 {
                    w.pc[l] = offset.map_or(t.wrapping_add(uoffset), |r| t.wrapping_add(w.r64(r, l)));
                } else if mask >> l & 1 == 1 {
                    w.pc[l] += 16;
                }
            }
        }
        Op::Ret => {
            // The return address is an offset from the base the instruction names.
            // In a register, or a uniform register (one offset for every lane).
            let (r, uoffset, base) = match (*i.src(1), *i.src(2)) {
                (Operand::Reg(r, _), Operand::Target(base)) => (Some(r), 0, base),
                (Operand::UReg(u, _), Operand::Target(base)) => (None, w.ur(u), base),
                _ => return Err(bad(i, "RET operands")),
            };
            // Lanes whose condition fails go on, as for BRA.
            let taken = exec & w.pred_mask(operand_pred(i, 0));
            w.sync_pcs();
            for l in 0..32 {
                if taken >> l & 1 == 1 {
                    w.pc[l] = base.wrapping_add(u64::from(r.map_or(uoffset, |r| w.r(r, l))));
                } else if mask >> l & 1 == 1 {
                    w.pc[l] += 16;
                }
            }
        }
        // Named barriers, thread counts and BAR.ARV: `barrier.rs`.
        Op::Bar { .. } if super::barrier::named(i) => {
            w.sync_pcs();
            let wait = super::barrier::arrive(w, i, exec, env.clock)?;
            w.advance(mask & !wait);
        }
        Op::Bar { kind, .. } => {
            if let BarKind::Red(red) = kind {
                let p = w.pred_mask(operand_pred(i, 2));
                w.bar_pred = (w.bar_pred & !exec) | (p & exec);
                env.bar_red = Some(*red);
            } else if *kind != BarKind::Sync {
                return Err(Fault::Unsupported { pc, text: i.to_string(), what: "this barrier" });
            }
            // Barrier 0 without a thread count: `barrier::named` took every
            // other id and count above.
            w.sync_pcs();
            w.set_lanes(exec, Lane::Bar);
            w.advance(mask & !exec);
        }
        // WARPSYNC: the executing lanes wait for the lanes of the mask (a
        // register's value per lane; an immediate, a constant or a uniform
        // register, the same for every lane), so lanes that diverged run
        // the next instructions together, as a warp-wide shuffle or vote
        // after it needs (ptxas -O0 puts one before each).
        Op::Warpsync { .. } => {
            let same = match *i.src(0) {
                Operand::Reg(r, _) => Err(r),
                Operand::Hex(v) => Ok(v as u32),
                Operand::UReg(u, _) => Ok(w.ur(u)),
                Operand::CBuf(c, _) if exec != 0 => Ok(super::alu::read_const(w, env, &c, 0, pc)?),
                Operand::CBuf(..) => Ok(0),
                _ => return Err(bad(i, "WARPSYNC mask")),
            };
            w.sync_pcs();
            for l in lanes(exec) {
                w.wsync[l] = match same {
                    Ok(v) => v,
                    Err(r) => w.r(r, l),
                };
                w.set_lane(l, Lane::Warpsync);
            }
            w.advance(mask & !exec);
            w.release_warpsync(false);
        }
        Op::Nop | Op::Membar { .. } | Op::Hint { .. } => w.advance(mask),
        // The hottest kinds go straight to their own code, skipping
        // `alu::exec`'s second dispatch (measured: through it, SGEMM takes
        // 2 % more host instructions, saxpy and softmax under 1 % more).
        Op::Ld { .. } | Op::St { .. } | Op::Ldgsts { .. } => {
            if exec != 0 {
                super::memops::exec(w, i, exec, env)?;
            }
            w.advance(mask);
        }
        Op::Ffma { .. } => {
            if exec != 0 {
                super::float_ops::exec(w, i, exec, env)?;
            }
            w.advance(mask);
        }
        _ => {
            if exec != 0 {
                super::alu::exec(w, i, exec, env)?;
            }
            w.advance(mask);
        }
    }
    Ok(())
}

fn operand_pred(i: &Instr, n: usize) -> Pred {
    match *i.src(n) {
        Operand::Pred(p) => p,
        _ => Pred::p(PT, false),
    }
}

pub(crate) fn bad(i: &Instr, what: &'static str) -> Fault {
    Fault::Unsupported { pc: i.pc, text: i.to_string(), what }
}
